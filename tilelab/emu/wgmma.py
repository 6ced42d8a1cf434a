"""Hopper's warpgroup-wide asynchronous Tensor Core path (sm_90a PTX): ``wgmma.mma_async`` with its
shared-memory matrix descriptors, ``wgmma.fence`` / ``commit_group`` / ``wait_group``, and the
small sm_90 instructions that ride with it (``elect.sync``, ``setmaxnreg``, ``stmatrix``,
``griddepcontrol``, ``fence.proxy.async``).

A warpgroup is four consecutive warps of a block whose first warp index is a multiple of 4. A
``wgmma`` runs when all 128 threads of each warpgroup in the group reach it together (the
machine runs the lowest-PC threads as one group, so converged warpgroups arrive as one);
anything else is refused by name.

**Forms** (docs/MMA_FORMS.md prints the table): ``m64nNk16`` for every N = 8..256 step 8, A and B
``.f16`` or ``.bf16`` (both the same), D ``.f32`` (fp32 accumulate) or, for f16 inputs, ``.f16``;
A from shared memory through a descriptor or from four registers, B from shared memory; the
predicate ``scale-d`` (false: D = A*B, C ignored), ``imm-scale-a/b`` (+1 or -1: negate the
operand) and ``imm-trans-a/b`` (1: the operand is MN-major in shared memory). tf32, fp8, int8,
b1 forms and ``wgmma.sp`` are refused by name.

**Descriptors** (PTX ISA, "Matrix Descriptor Format"): bits 0-13 start address >> 4, 16-29 the
leading-dimension byte offset (LBO) >> 4, 32-45 the stride-dimension byte offset (SBO) >> 4,
49-51 the matrix base offset, 62-63 the swizzle mode (0 none, 1 128B, 2 64B, 3 32B). The element
(row, k) of a K-major operand, or (mn, k) of an MN-major one, lives at start + the canonical
layout's offset (the ISA's table "Canonical Layouts", in 16-byte units T = 8 halves):

* K-major, no swizzle:   ((8,m),(T,2k)):((1T,SBO),(1,LBO))
* K-major, swizzle S:    ((8,m),(T,2k)):((S T,SBO),(1,T))       S = 2, 4, 8 for 32B, 64B, 128B
* MN-major, no swizzle:  ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO))
* MN-major, swizzle S:   ((T,S,m),(8,k)):((1,T,LBO),(S T,SBO))

and the swizzle is applied to that byte address as the TMA applies it when it writes a tile:
the 16-byte chunk index (address bits 4-6) XOR 1, 2 or 3 bits of the address from bit 7
(CuTe's Swizzle<1,4,3>, <2,4,3>, <3,4,3>). A swizzled operand whose start address is not on its
pattern's boundary (256, 512, 1024 bytes; an offset inside the first 128-byte row is how a K
step is taken, and is fine) with a zero base offset is a finding (``misaligned``); a nonzero base
offset is refused (not modelled).

**Asynchrony**: the products are computed when the ``wgmma`` issues (from shared memory as it is
then) and written to D at once, so a chain of ``wgmma`` on the same accumulators is exact; but
the accumulators are marked in flight for the issuing threads until a ``wgmma.wait_group N``
lets the instruction's group go (the N newest committed groups stay in flight). Any other
instruction that reads or writes an in-flight accumulator register is a finding
(``wgmma_before_wait``; A's registers too, when A comes from registers); so is a ``wgmma`` with
no ``wgmma.fence`` before a warpgroup's first one or after another instruction touched its
registers (``missing_wgmma_fence``), one whose shared operand was written by ordinary stores of a
thread that ran no ``fence.proxy.async`` after them (``missing_proxy_fence``), and one whose
descriptor's swizzle differs from the one the TMA last wrote those bytes with (``swizzle_mismatch``,
from emu/tma.py's ``tma_writes``). The operand
reads go through the shared race shadow, so a missing ``__syncthreads`` or an uninitialised tile
is the usual race / uninitialised-read finding.

**Numerics**: fp32 accumulation is ``wgmma_f32`` over the k16 step, fitted bit for bit to the
H200's outputs (bench/results/wgmma_probe-2026-12-02.json.gz; the comparison in
bench/results/wgmma-emu-vs-h200-2026-12-02.json): mma.sync's rule (exact products, aligned to the
largest exponent and truncated 25 bits below it, summed exactly, truncated to f32) with a
subnormal factor's exponent taken as its format's smallest normal one, overflow to inf, a
truncated-to-zero sum +0 and one NaN. f16 accumulation is mma.sync's fp16 rule
(``mma_forms.tensor_core_f16_sum``: the products and C aligned and truncated 25 bits below the largest
exponent, summed, rounded once to f16), checked on the H200 by bench/gpu_wgmma_forms.py's f16 probes
at two seeds (bench/results/wgmma-forms-2026-12-02.json.gz, -seed11.json). The exact sum by ``np.matmul``,
used before, missed one output in 2,048 of one probe at either seed, and which one depended on the
machine's BLAS (the float64 sum of 17 terms is not exact, and its order is the library's).

**Counts**: the flops only. What ncu reports for a ``wgmma``'s operand reads from shared memory is
not recorded yet, so the emulator counts no shared requests or wavefronts for them.
"""
from __future__ import annotations

import functools
import importlib
import re

import numpy as np

from ..messages import msg
from . import isa
from .addressing import swizzled
from .counters.metrics import shared_wavefronts
from .mma_forms import tensor_core_f16_sum
from .operands import read, unsupported, write
from .sanitizer.findings import said

try:                                                     # the emulator's TMA, where it has one (emu/tma.py)
    _tma = importlib.import_module(f"{__package__}.tma")
except ModuleNotFoundError as e:
    if e.name != f"{__package__}.tma":
        raise
    _tma = None

SWIZZLE_BYTES = {0: 0, 1: 128, 2: 64, 3: 32}          # descriptor bits 62-63 -> swizzle span in bytes
SWIZZLE_NAMES = {0: "none", 1: "128B", 2: "64B", 3: "32B"}
REFUSED = ("tf32, e4m3/e5m2 (fp8), s8/u8 and b1 inputs, and the sparse wgmma.sp: the emulator models "
           "m64nNk16 with f16 or bf16 inputs (f32 accumulate; f16 accumulate for f16 inputs)")
_N_OK = set(range(8, 257, 8))
REG_FILE = 65536                                       # 32-bit registers of an SM (sm_90)


# ------------------------------------------------------------------ descriptors and layouts
def decode(desc: int) -> dict:
    """The fields of a 64-bit shared-memory matrix descriptor, in bytes."""
    d = int(desc)
    return {"start": (d & 0x3FFF) << 4, "lbo": ((d >> 16) & 0x3FFF) << 4, "sbo": ((d >> 32) & 0x3FFF) << 4,
            "base_offset": (d >> 49) & 0x7, "mode": (d >> 62) & 0x3}


def encode(start: int, lbo: int, sbo: int, mode: int = 0, base_offset: int = 0) -> int:
    """The descriptor of an operand (the inverse of ``decode``; tests and lessons build them with it)."""
    return (((start & 0x3FFFF) >> 4) | (((lbo & 0x3FFFF) >> 4) << 16) | (((sbo & 0x3FFFF) >> 4) << 32)
            | ((base_offset & 7) << 49) | ((mode & 3) << 62))


def swizzle(addr, mode: int):
    """The byte address after the swizzle ``mode`` (descriptor encoding 1, 2, 3: 128B, 64B, 32B), by
    the TMA's own rule (addressing.swizzled)."""
    return swizzled(addr, {0: 0, 1: 128, 2: 64, 3: 32}[mode])


@functools.lru_cache(maxsize=256)
def offsets(rows: int, mode: int, mn_major: bool, lbo: int, sbo: int, esize: int = 2) -> np.ndarray:
    """[rows, 16] unswizzled byte offsets from the start address of a rows x 16 (K) operand of
    ``esize``-byte elements, as the canonical layouts say."""
    T = 16 // esize
    r = np.arange(rows)[:, None]
    k = np.arange(16)[None, :]
    S = SWIZZLE_BYTES[mode] // 16
    if not mn_major:
        if S == 0:
            off = (r // 8) * sbo + (r % 8) * 16 + (k // T) * lbo + (k % T) * esize
        else:
            off = (r // 8) * sbo + (r % 8) * 16 * S + (k // T) * 16 + (k % T) * esize
    else:
        if S == 0:
            off = (r % T) * esize + (r // T) * sbo + (k % 8) * 16 + (k // 8) * lbo
        else:
            off = (r % T) * esize + ((r // T) % S) * 16 + (r // (T * S)) * lbo + (k % 8) * 16 * S + (k // 8) * sbo
    off = off.astype(np.int64)
    off.flags.writeable = False                      # cached: shared by every call
    return off


# ------------------------------------------------------------------ numerics
_EMIN = {"f16": -14, "bf16": -126}                   # the input format's smallest normal exponent
_CANONICAL_NAN = np.uint32(0x7FFFFFFF).view(np.float32)


def _exponent(x, emin):
    """The exponent the tensor core aligns by: floor(log2|x|), a subnormal's counted as the format's
    smallest normal exponent; -inf for 0."""
    e = np.maximum(np.frexp(x)[1].astype(np.float64) - 1, emin)
    return np.where(x != 0, e, -np.inf)


def wgmma_f32(A, B, C, ab: str):
    """D = A @ B + C for [wg, 64, 16] x [wg, 16, N] + [wg, 64, N], fp32 accumulation, as the H200's
    wgmma computes it (fitted bit for bit to bench/results/wgmma_probe-2026-12-02.json.gz): the
    products are exact; each, and C, is truncated toward zero to a multiple of 2^(E - 25), E the
    largest of the products' nominal exponents (the sum of their factors' exponents, a subnormal
    factor's taken as the format's smallest normal one) and C's; the exact sum of those is
    truncated toward zero to fp32, except that a sum of 2^128 or more becomes inf, a nonzero sum
    truncated to zero is +0, and every NaN is 0x7FFFFFFF. Inf and NaN inputs go the IEEE way."""
    emin = _EMIN[ab]
    with np.errstate(all="ignore"):
        P = A[:, :, :, None] * B[:, None, :, :]                     # [wg, M, K, N], exact
        EP = _exponent(A, emin)[:, :, :, None] + _exponent(B, emin)[:, None, :, :]
        E = np.maximum(np.max(EP, axis=2), _exponent(C, -np.inf))
        finite = np.isfinite(E) & np.all(np.isfinite(P), axis=2) & np.isfinite(C)
        q = np.where(finite, np.exp2(np.where(finite, E, 0.0) - 25), 1.0)
        s = np.trunc(P / q[:, :, None, :]).sum(axis=2) * q + np.trunc(C / q) * q
        f = s.astype(np.float32)
        f = np.where(np.abs(f.astype(np.float64)) > np.abs(s), np.nextafter(f, np.float32(0)), f)   # toward zero
        f = np.where(np.abs(s) >= 2.0 ** 128, np.copysign(np.float32(np.inf), s).astype(np.float32), f)
        f = np.where((f == 0) & (s != 0), np.float32(0), f)
        plain = (np.matmul(A, B) + C).astype(np.float32)             # inf / NaN inputs: IEEE
        out = np.where(finite, f, plain)
        out = np.where(np.isfinite(E) | ~finite, out, np.float32(0) * plain).astype(np.float32)
        return np.where(np.isnan(out), _CANONICAL_NAN, out)


# ------------------------------------------------------------------ the form of an instruction
def _form(m, ins):
    mods = ins.mods
    if "sp" in mods:
        unsupported(m, ins, msg("unsupported.wgmma_form", form=ins.form, refused=REFUSED))
    shape = next((x for x in mods if re.fullmatch(r"m\d+n\d+k\d+", x)), "")
    types = [x for x in mods if x in ("f16", "bf16", "f32", "tf32", "e4m3", "e5m2", "s8", "u8", "s32", "b1")]
    mm = re.fullmatch(r"m64n(\d+)k16", shape)
    if not mm or int(mm.group(1)) not in _N_OK or len(types) != 3:
        unsupported(m, ins, msg("unsupported.wgmma_form", form=ins.form, refused=REFUSED))
    d_t, a_t, b_t = types
    if a_t != b_t or a_t not in ("f16", "bf16") or d_t not in ("f32", "f16") or (d_t == "f16" and a_t != "f16") \
            or "satfinite" in mods:
        unsupported(m, ins, msg("unsupported.wgmma_form", form=ins.form, refused=REFUSED))
    return int(mm.group(1)), d_t, a_t


def _imm(m, op, idx, name, allowed):
    v = read(m, op, "s32", idx)
    v = np.unique(np.asarray(v))
    if len(v) != 1 or int(v[0]) not in allowed:
        raise ValueError(name)
    return int(v[0])


# ------------------------------------------------------------------ state
class State:
    """The warpgroup path's per-chunk state: in-flight accumulators, the proxy-fence record, the
    register budget of setmaxnreg."""

    def __init__(self, m):
        self.m = m
        T = m.T
        self.committed = np.zeros(T, dtype=np.int64)      # wgmma groups committed per thread
        self.inflight: dict = {}                          # register name -> (group id per thread, -1: none)
        self.issue_pc: dict = {}                          # register name -> the wgmma instruction
        self.accs = _accumulator_names(m.fn)              # every register some wgmma accumulates into
        self.touch = _touching(m.fn, self.accs)           # pc -> accumulator registers it reads/writes
        self.dirty = None                                 # shared unit -> thread (chunk index + 1) whose
                                                          # generic store no fence.proxy.async followed
        self.touched: dict = {}                           # register name -> per thread: accessed by another
                                                          # instruction since the thread's last wgmma.fence
        self.fenced = np.zeros(T, dtype=bool)             # ran a wgmma.fence yet
        self.nreg: dict = {}                              # (block, warpgroup) -> registers per thread
        self.inc_at: dict = {}                            # (block, warpgroup) -> the setmaxnreg.inc instruction

    # the accumulators -----------------------------------------------------------
    def issue(self, lanes, names, ins):
        g = self.committed[lanes]
        for n in names:
            a = self.inflight.get(n)
            if a is None:
                a = self.inflight[n] = np.full(self.m.T, -1, dtype=np.int64)
            a[lanes] = g
            self.issue_pc[n] = ins

    def release(self, lanes, keep):
        """wgmma.wait_group keep: every group older than the ``keep`` newest lands."""
        limit = self.committed[lanes] - keep
        for a in self.inflight.values():
            g = a[lanes]
            a[lanes] = np.where((g >= 0) & (g < limit), -1, g)

    def check(self, m, ins, idx, pc):
        """An instruction other than wgmma.mma_async touching in-flight accumulators: a finding."""
        lanes = m.lanes(idx)
        for n in self.touch[pc]:
            t = self.touched.get(n)
            if t is None:
                t = self.touched[n] = np.zeros(m.T, dtype=bool)
            t[lanes] = True
            a = self.inflight.get(n)
            if a is None:
                continue
            bad = a[lanes] >= 0
            if bad.any():
                i = int(np.argmax(bad))
                src = self.issue_pc.get(n)
                m.finding("wgmma_before_wait", ins, lanes[i], None,
                          said("finding.wgmma_before_wait", reg=n, line=getattr(src, "line", 0)),
                          int(bad.sum()))
                a[lanes[bad]] = -1             # said once; the value stays what the emulator wrote

    # the proxy fence -----------------------------------------------------------
    def generic_store(self, m, lanes, flat, nbytes):
        if self.dirty is None:
            self.dirty = np.zeros(m.smem.arena.nbytes // m.unit + 1, dtype=np.int64)
        k = max(1, nbytes // m.unit)
        units = (flat // m.unit)[:, None] + np.arange(k)
        self.dirty[units.ravel()] = np.repeat(np.asarray(lanes, dtype=np.int64) + 1, k)

    def proxy_fence(self, m, lanes):
        if self.dirty is not None:
            hit = np.isin(self.dirty, np.asarray(lanes, dtype=np.int64) + 1)
            self.dirty[hit] = 0


def _vec(op):
    return list(op.items) if op.kind == "vec" else [op]


def _accumulator_names(fn) -> set:
    """Every register a wgmma.mma_async accumulates into, or reads A from (both in flight till the wait)."""
    out = set()
    for ins in fn.instrs:
        if ins.op == "wgmma" and "mma_async" in ins.mods:
            out.update(o.name for o in _vec(ins.args[0]) if o.kind == "reg")
            if ins.args[1].kind == "vec":
                out.update(o.name for o in ins.args[1].items if o.kind == "reg")
    return out


def _regs_of(op):
    if op.kind == "vec":
        for it in op.items:
            yield from _regs_of(it)
    elif op.kind in ("reg", "pred_not") or op.kind == "mem" and op.name and op.name.startswith("%"):
        yield op.name


def _touching(fn, accs) -> dict:
    out = {}
    for pc, ins in enumerate(fn.instrs):
        if ins.op == "wgmma":
            continue
        names = set()
        for a in ins.args:
            names.update(n for n in _regs_of(a) if n in accs)
        if ins.guard in accs:
            names.add(ins.guard)
        if names:
            out[pc] = tuple(sorted(names))
    return out


def uses(fn) -> bool:
    return any(ins.op in ("wgmma", "setmaxnreg", "stmatrix", "elect", "griddepcontrol") or
               ins.op == "fence" and "proxy" in ins.mods for ins in fn.instrs)


def state(m):
    st = getattr(m, "wgmma", None)
    if st is None:
        st = m.wgmma = State(m)
    return st


# ------------------------------------------------------------------ warpgroups
def _warpgroups(m, ins, idx, what):
    """(lanes, warpgroup row of each lane, place in the warpgroup 0..127, number of warpgroups);
    refuses unless every warpgroup present has its 128 threads here."""
    lanes = m.lanes(idx)
    wib = m.tid_in_block[lanes] // 32
    key = m.block_local[lanes] * ((m.wpb + 3) // 4) + wib // 4
    new = np.ones(len(lanes), dtype=bool)
    new[1:] = key[1:] != key[:-1]
    row = np.cumsum(new) - 1
    n = int(row[-1]) + 1 if len(lanes) else 0
    if m.tpb % 128 or (np.bincount(row, minlength=n) != 128).any():
        unsupported(m, ins, msg("unsupported.warpgroup_converged", what=what))
    place = (wib % 4) * 32 + m.lane[lanes]
    return lanes, row, place, n


# ------------------------------------------------------------------ wgmma.*
def h_wgmma(m, ins, idx, pc):
    sub = ins.mods[0] if ins.mods else ""
    st = state(m)
    if sub == "fence":
        lanes, *_ = _warpgroups(m, ins, idx, "wgmma.fence")
        st.fenced[lanes] = True
        for t in st.touched.values():
            t[lanes] = False
        return
    if sub == "commit_group":
        lanes, *_ = _warpgroups(m, ins, idx, "wgmma.commit_group")
        st.committed[lanes] += 1
        return
    if sub == "wait_group":
        lanes, *_ = _warpgroups(m, ins, idx, "wgmma.wait_group")
        st.release(lanes, int(ins.args[0].value))
        return
    if sub != "mma_async":
        unsupported(m, ins, msg("unsupported.wgmma_form", form=ins.form, refused=REFUSED))
    _mma_async(m, ins, idx, pc, st)


def _mma_async(m, ins, idx, pc, st):
    N, d_t, ab = _form(m, ins)
    lanes, row, place, nwg = _warpgroups(m, ins, idx, "wgmma.mma_async")
    args = ins.args
    dops = _vec(args[0])
    a_regs = args[1].kind == "vec"
    nd = N // 2 if d_t == "f32" else N // 4
    if len(dops) != nd or (a_regs and len(args[1].items) != 4):
        unsupported(m, ins, msg("unsupported.wgmma_form", form=ins.form, refused=REFUSED))
    rest = args[3:]
    try:
        scale_d = rest[0]
        sa = _imm(m, rest[1], idx, "imm-scale-a", (1, -1))
        sb = _imm(m, rest[2], idx, "imm-scale-b", (1, -1))
        if a_regs:
            ta = 0
            tb = _imm(m, rest[3], idx, "imm-trans-b", (0, 1)) if len(rest) > 3 else 0
        else:
            ta = _imm(m, rest[3], idx, "imm-trans-a", (0, 1)) if len(rest) > 3 else 0
            tb = _imm(m, rest[4], idx, "imm-trans-b", (0, 1)) if len(rest) > 4 else 0
    except (ValueError, IndexError) as e:
        unsupported(m, ins, msg("unsupported.wgmma_operand", what=str(e)))
    # scale-d: a predicate (or an immediate) per thread; the warpgroup's first thread's value
    sd = np.broadcast_to(np.asarray(read(m, scale_d, "pred", idx)), (len(lanes),)) if scale_d.kind != "imm" \
        else np.full(len(lanes), bool(scale_d.value))
    first = np.zeros(nwg, dtype=np.int64)
    first[row[::-1]] = np.arange(len(lanes))[::-1]
    sd_wg = sd[first]
    blk = m.block_local[lanes[first]]

    # A
    if a_regs:
        regs = np.zeros((nwg, 128, 4), dtype=np.uint32)
        for j, o in enumerate(args[1].items):
            regs[row, place, j] = np.broadcast_to(np.asarray(read(m, o, "b32", idx)), (len(lanes),))
        A = _a_from_regs(regs, ab)
    else:
        A = _from_shared(m, ins, idx, lanes, first, blk, args[1], 64, ta, ab, "A")
    B = _from_shared(m, ins, idx, lanes, first, blk, args[2], N, tb, ab, "B")      # [wg, N, 16]
    if sa < 0:
        A = -A
    if sb < 0:
        B = -B
    # C from the accumulator registers, laid out [wg, 64, N]
    C = np.zeros((nwg, 64, N))
    w4, ln = place // 32, place % 32
    g, t = ln // 4, ln % 4
    if d_t == "f32":
        for j, o in enumerate(dops):
            r, c = _d_pos(w4, g, t, j)
            C[row, r, c] = np.asarray(read(m, o, "f32", idx), dtype=np.float64)
    else:
        for j, o in enumerate(dops):
            u = np.broadcast_to(np.asarray(read(m, o, "b32", idx)).astype(np.uint32), (len(lanes),))
            for h in (0, 1):
                r, c = _d_pos(w4, g, t, 2 * j + h)
                C[row, r, c] = ((u >> (16 * h)) & 0xFFFF).astype(np.uint16).view(np.float16).astype(np.float64)
    C = np.where(sd_wg[:, None, None], C, 0.0)
    Bt = np.swapaxes(B, 1, 2)                                    # [wg, 16, N]
    if d_t == "f32":
        D = wgmma_f32(A, Bt, C, ab)
        for j, o in enumerate(dops):
            r, c = _d_pos(w4, g, t, j)
            write(m, o, D[row, r, c], idx)
    else:
        with np.errstate(all="ignore"):                          # mma.sync's fp16 rule, one rounding
            D = tensor_core_f16_sum(A, Bt, C).astype(np.float16).view(np.uint16).astype(np.uint32)
        for j, o in enumerate(dops):
            r0, c0 = _d_pos(w4, g, t, 2 * j)
            r1, c1 = _d_pos(w4, g, t, 2 * j + 1)
            write(m, o, (D[row, r0, c0] | (D[row, r1, c1] << 16)).astype(np.uint32), idx)
    names = [o.name for o in dops + (list(args[1].items) if a_regs else []) if o.kind == "reg"]
    _fence_check(m, ins, lanes, st, names)
    st.issue(lanes, names, ins)
    m.count(pc, "flops", 2 * 64 * N * 16 * nwg)


def _fence_check(m, ins, lanes, st, names):
    """wgmma.fence must come before a warpgroup's first wgmma and between any other access to a
    wgmma's accumulator or A registers and that wgmma (PTX ISA, wgmma.fence)."""
    bad = ~st.fenced[lanes]
    reg = None
    for n in names:
        t = st.touched.get(n)
        if t is not None and t[lanes].any():
            hit = t[lanes]
            if reg is None and (hit & ~bad).any():
                reg = n
            bad |= hit
    if bad.any():
        i = int(np.argmax(bad))
        key = "finding.wgmma_no_fence_first" if not st.fenced[lanes[i]] else "finding.wgmma_no_fence"
        m.finding("missing_wgmma_fence", ins, lanes[i], None, said(key, reg=reg or "?"), int(bad.sum()))
    for n in names:                                    # said once: this wgmma is now the access
        t = st.touched.get(n)
        if t is not None:
            t[lanes] = False


def _d_pos(w4, g, t, j):
    """(row, col) of accumulator element j of a thread at warp w4 of its warpgroup, lane group g, t."""
    return 16 * w4 + g + 8 * ((j >> 1) & 1), 8 * (j >> 2) + 2 * t + (j & 1)


def _a_from_regs(regs, ab):
    """[wg, 128, 4] registers -> A [wg, 64, 16]: each warp's 16 rows as mma.m16n8k16's A fragment."""
    nwg = regs.shape[0]
    A = np.zeros((nwg, 64, 16))
    p = np.arange(128)
    w4, ln = p // 32, p % 32
    g, t = ln // 4, ln % 4
    for j in range(4):
        for h in (0, 1):
            i = 2 * j + h
            r = 16 * w4 + g + 8 * (i >> 1 & 1)
            c = 2 * t + (i & 1) + 8 * (i >> 2)
            A[:, r, c] = _halves(((regs[:, :, j] >> (16 * h)) & 0xFFFF).astype(np.uint16), ab)
    return A


def _halves(u16, ab):
    if ab == "f16":
        return u16.view(np.float16).astype(np.float64)
    return (u16.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def _from_shared(m, ins, idx, lanes, first, blk, op, rows, trans, ab, which):
    """The rows x 16 operand a descriptor names, per warpgroup: [wg, rows, 16] numbers."""
    descs = np.broadcast_to(np.asarray(read(m, op, "u64", idx)), (len(lanes),)).astype(np.uint64)
    nwg = len(first)
    out = np.zeros((nwg, rows, 16))
    size, base = m.smem.user_bytes, m.smem.base      # a descriptor holds the GPU's address (>> 4)
    for w in range(nwg):
        d = decode(int(descs[first[w]]))
        if d["base_offset"]:
            unsupported(m, ins, msg("unsupported.wgmma_base_offset", which=which, base=d["base_offset"]))
        mode = d["mode"]
        span = {1: 1024, 2: 512, 3: 256}.get(mode)
        t0 = lanes[first[w]]
        if span and (d["start"] % span) >= 128:
            m.finding("misaligned", ins, t0, d["start"] - base,
                      said("finding.wgmma_swizzle_base", which=which, start=d["start"] - base,
                           mode=SWIZZLE_NAMES[mode], span=span))
        addr = swizzle(d["start"] + offsets(rows, mode, bool(trans), d["lbo"], d["sbo"]), mode)
        _against_tma(m, ins, t0, int(blk[w]), addr, mode, which)
        ok = m.smem.inside(addr, 2)
        if not ok.all():
            bad = int(addr[~ok][0]) - base
            m.finding("out_of_bounds", ins, t0, bad,
                      said("finding.wgmma_oob", which=which, off=bad, size=size), int((~ok).sum()))
        a = np.where(ok, addr, 0)
        flat = m.smem.flat(np.full(a.size, blk[w]), a.ravel())
        u = m.smem.arena.gather(flat, 2).reshape(rows, 16)
        out[w] = np.where(ok, _halves(u.astype(np.uint16), ab), 0.0)
        okf = flat[ok.ravel()]
        st = m.wgmma
        if st is not None and st.dirty is not None and len(okf):
            owner = st.dirty[okf // m.unit]
            if (owner > 0).any():
                i = int(np.argmax(owner > 0))
                writer = int(owner[i]) - 1
                (x, y, z), _ = m.thread_coords(writer)
                m.finding("missing_proxy_fence", ins, t0, int(okf[i] - blk[w] * m.smem.stride) - base,
                          said("finding.wgmma_proxy_fence", which=which, thread=f"{x},{y},{z}"),
                          int((owner > 0).sum()))
        if m.shadow is not None and len(okf):
            # the reads of the async proxy, on the race shadow as the warpgroup's first thread's
            uniq = np.unique(okf - okf % m.unit)
            isa._shadow(m, ins, np.full(len(uniq), t0), uniq, np.ones(len(uniq), bool), m.unit, False)
    return out


def tma_writes(m, block: int) -> list:
    """What the TMA last wrote in a block's shared memory, [(start, end, swizzle bytes, map name)],
    from the emulator's TMA (emu/tma.py) where the launch used it; else nothing."""
    if getattr(m, "tma", None) is None or _tma is None:
        return []
    return _tma.tma_writes(m, block)


def _against_tma(m, ins, t0, blk, addr, mode, which):
    """A descriptor whose swizzle differs from the one the TMA wrote the bytes it reads with."""
    lo, hi = int(m.smem.user(addr.min())), int(m.smem.user(addr.max())) + 2     # as tma_writes says them
    for start, end, swz, name in tma_writes(m, blk):
        if start < hi and lo < end and swz != SWIZZLE_BYTES[mode]:
            m.finding("swizzle_mismatch", ins, t0, max(lo, start),
                      said("finding.wgmma_swizzle_mismatch", which=which, mode=SWIZZLE_NAMES[mode],
                           tma=SWIZZLE_NAMES[{0: 0, 128: 1, 64: 2, 32: 3}[swz]], name=name))
            return


# ------------------------------------------------------------------ fence.proxy.async
def wrap_fence(handlers):
    base = handlers["fence"]

    def h_fence(m, ins, idx, pc):
        if "proxy" in ins.mods and any(x.startswith("async") for x in ins.mods) and "global" not in ins.mods:
            state(m).proxy_fence(m, m.lanes(idx))
        base(m, ins, idx, pc)                   # whatever else a fence does (the TMA's record, __threadfence)
    handlers["fence"] = h_fence


# ------------------------------------------------------------------ elect.sync
def h_elect(m, ins, idx, pc):
    """elect.sync d|p, membermask: the lowest lane of the warp's active members is elected; d gets
    its lane number in every member, p is true in the elected lane only."""
    lanes = m.lanes(idx)
    mask = np.broadcast_to(np.asarray(read(m, ins.args[-1], "u32", idx)).astype(np.uint64), (len(lanes),))
    ln = m.lane[lanes]
    member = ((mask >> ln.astype(np.uint64)) & 1).astype(bool)
    row, _, nrows = isa._warp_rows(m, idx)
    low = np.full(nrows, 99, dtype=np.int64)
    np.minimum.at(low, row, np.where(member, ln, 99))
    elected = low[row]
    args = ins.args[0]
    d, p = args.items if args.kind == "vec" else (args, None)
    if d is not None and d.kind != "sink":
        write(m, d, np.where(elected < 32, elected, 0).astype(np.uint32), idx)
    if p is not None and p.kind != "sink":
        write(m, p, member & (ln == elected), idx)


# ------------------------------------------------------------------ setmaxnreg
def h_setmaxnreg(m, ins, idx, pc):
    """setmaxnreg.{inc,dec}.sync.aligned.u32 N: the warpgroup's registers per thread become N. The
    CTA's pool is what it was launched with (the PTX's .maxnreg, else what the register file
    gives its threads, at most 255 each); at the end of the launch a CTA whose warpgroups ask for
    more than the pool is a finding (the hardware would wait forever in setmaxnreg.inc)."""
    lanes, row, place, nwg = _warpgroups(m, ins, idx, "setmaxnreg")
    n = int(read(m, ins.args[0], "u32", idx)) if ins.args[0].kind == "imm" else None
    if n is None or n < 24 or n > 256 or n % 8:
        unsupported(m, ins, msg("unsupported.setmaxnreg", n=n))
    st = state(m)
    first = np.zeros(nwg, dtype=np.int64)
    first[row[::-1]] = np.arange(len(lanes))[::-1]
    for f in first:
        t = lanes[f]
        key = (int(m.block_local[t]), int(m.tid_in_block[t]) // 128)
        st.nreg[key] = n
        if "inc" in ins.mods:
            st.inc_at[key] = (ins, int(t))


def launch_registers(m) -> int:
    declared = [int(x) for x in re.findall(r"\.maxnreg\s+(\d+)", getattr(m.fn, "header", "") or "")]
    if declared:
        return declared[0]
    per = REG_FILE // max(1, ((m.tpb + 127) // 128) * 128)
    return max(24, min(255, per // 8 * 8))


def finish(m):
    st = getattr(m, "wgmma", None)
    if st is None or not st.inc_at:
        return
    base = launch_registers(m)
    nwg = (m.tpb + 127) // 128
    pool = base * nwg * 128
    for b in range(m.nblocks):
        ask = sum(st.nreg.get((b, w), base) for w in range(nwg)) * 128
        if ask > pool:
            ins, t = next(v for (bb, _), v in sorted(st.inc_at.items()) if bb == b)
            m.finding("setmaxnreg_over_budget", ins, t, None,
                      said("finding.setmaxnreg_over", ask=ask // 128, pool=pool // 128, base=base, nwg=nwg,
                           per=", ".join(str(st.nreg.get((b, w), base)) for w in range(nwg))))


# ------------------------------------------------------------------ stmatrix
def h_stmatrix(m, ins, idx, pc):
    """stmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}.shared.b16 [p], {r...}: ldmatrix's inverse; lanes
    8i..8i+7 give the row addresses of matrix i, and each lane's register i holds the halves
    (g, 2t), (g, 2t+1) of matrix i (transposed with .trans)."""
    num = next((int(x[1]) for x in ins.mods if x in ("x1", "x2", "x4")), None)
    if num is None or "m8n8" not in ins.mods:
        unsupported(m, ins)
    trans = "trans" in ins.mods
    lanes = m.lanes(idx)
    addr = isa.address(m, ins.args[0], idx)
    addr = addr - isa.SHARED_WINDOW if isa._space(ins) == "generic" else isa.shared32(addr)
    row, ln, nrows = isa._warp_rows(m, idx)
    if (np.bincount(row, minlength=nrows) != 32).any():
        unsupported(m, ins, msg("unsupported.ldmatrix_converged").replace("ldmatrix", "stmatrix"))
    size = m.smem.user_bytes
    provider = ln < 8 * num
    ok = m.smem.inside(addr, 16) & (addr % 16 == 0)
    isa._report_bad(m, ins, lanes, provider & ~ok, m.smem.user(addr), "out_of_bounds",
                    lambda a: said("finding.oob_ldmatrix", off=a, size=size))
    amat = np.zeros((nrows, 32), dtype=np.int64)
    amat[row, ln] = addr
    gmat = np.zeros((nrows, 32), dtype=bool)
    gmat[row, ln] = provider & ok
    blk = np.zeros(nrows, dtype=np.int64)
    blk[row] = m.block_local[lanes]
    L = np.arange(32)
    g, t4 = L // 4, L % 4
    regs = ins.args[1].items
    for mi in range(num):
        v = np.zeros((nrows, 32), dtype=np.uint32)
        v[row, ln] = np.broadcast_to(np.asarray(read(m, regs[mi], "b32", idx)), (len(lanes),))
        M = np.zeros((nrows, 8, 8), dtype=np.uint16)
        lo, hi = (v & 0xFFFF).astype(np.uint16), (v >> 16).astype(np.uint16)
        if trans:
            M[:, 2 * t4, g], M[:, 2 * t4 + 1, g] = lo, hi
        else:
            M[:, g, 2 * t4], M[:, g, 2 * t4 + 1] = lo, hi
        good = gmat[:, 8 * mi:8 * mi + 8]
        flat = blk[:, None] * m.smem.stride + amat[:, 8 * mi:8 * mi + 8]
        sel = good.ravel()
        f = flat.ravel()[sel]
        m.smem.arena.scatter(f, 2, M.reshape(-1, 8)[sel], 8)
        if m.shadow is not None and sel.any():
            pl = np.zeros((nrows, 32), dtype=np.int64)
            pl[row, ln] = lanes
            src_l = pl[:, 8 * mi:8 * mi + 8].ravel()[sel]
            isa._shadow(m, ins, src_l, f, np.ones(len(f), bool), 16, True,
                        M.reshape(-1, 8)[sel].view(np.uint8).reshape(len(f), 16))
    # counted as ldmatrix is (STSM is LDSM's inverse on the same path: one request per warp, rows of
    # 16 bytes grouped into wavefronts by bank): the model of ldmatrix's wavefronts checked against
    # ncu (bench/results/gpu_mma-*.json); stmatrix's own ncu figure is not recorded yet
    act = np.zeros((nrows, 32), dtype=bool)
    act[:, :8 * num] = gmat[:, :8 * num]
    m.capture(pc, amat, act, 16, True)
    m.count(pc, "shared_st_requests", nrows)
    m.count(pc, "shared_st_requests_active", nrows)
    m.count(pc, "shared_st_wavefronts", int(shared_wavefronts(amat, act, 16, "ldmatrix").sum()))


# ------------------------------------------------------------------ griddepcontrol
def h_griddepcontrol(m, ins, idx, pc):
    """griddepcontrol.wait / .launch_dependents: the emulator runs launches one after another, so
    every prerequisite grid has finished (wait returns at once) and there is no dependent grid to
    start early: both are exact no-ops here."""
    if not any(x in ins.mods for x in ("wait", "launch_dependents")):
        unsupported(m, ins)


def check_hook(m, ins, idx, pc):
    """Called for every instruction of a kernel that uses wgmma (isa.execute)."""
    st = m.wgmma
    if pc in st.touch:
        st.check(m, ins, idx, pc)


def register(handlers):
    handlers["wgmma"] = h_wgmma
    handlers["elect"] = h_elect
    handlers["setmaxnreg"] = h_setmaxnreg
    handlers["stmatrix"] = h_stmatrix
    handlers["griddepcontrol"] = h_griddepcontrol
    wrap_fence(handlers)


register(isa.HANDLERS)
