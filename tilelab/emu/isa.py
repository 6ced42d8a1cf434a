"""What each PTX instruction does, over a group of lanes at once.

Each handler takes (machine, instruction, idx) where ``idx`` is the sorted array
of thread indices executing it, or None for every thread of the chunk. Values
are numpy arrays typed by the instruction's type suffix; registers hold raw bits
(uint of the register's width) and are viewed at whatever type an instruction
reads them as, so moves between float and integer registers are bit-exact.

An instruction we don't implement raises ``UnsupportedInstruction`` naming it and
its source line: the emulator never guesses.
"""
from __future__ import annotations

import numpy as np

from ..errors import EmulatorError, UnsupportedInstruction
from ..messages import msg
from . import contraction, structs as emu_structs
from .addressing import param_as, shared32
from .calls import param_access
from .counters import generic_mix  # generic loads whose warps mix the local and global windows
from .counters.metrics import atom_wavefronts, cas_loop, generic_atom_wavefronts, global_sectors, shared_wavefronts
from .counters.requests import (
    _count_warps,
    count_global_access,
    count_predicated_off,
    count_shared_access,
    request_keys,
)
from .memory import GLOBAL_BASE, LOCAL_WINDOW, SHARED_WINDOW
from .numerics import add_sign_f64, canonical_nan_f32, exact_sign_f64, fma_f16, fma_f32, fma_f64, mul_sign_f64
from .operands import (  # noqa: F401  (access_bytes: emu/__init__.py takes it from here)
    _SPACES,
    _UINT_OF,
    DT,
    _vec,
    access_bytes,
    _module_var_msg,
    _type_of,
    _values_for_store,
    _write_loaded,
    guard,
    read,
    reg_array,
    size_of,
    unsupported,
    write,
)
from .places import place
from .ptx import NO_DEST
from .sanitizer import dropped, provenance, warpmask
from .sanitizer.findings import said  # a finding's words, in the learner's language (messages: finding.*)

# ------------------------------------------------------------------------ dispatch
_F16X2 = {"add": lambda a, b, c: a + b, "sub": lambda a, b, c: a - b, "mul": lambda a, b, c: a * b,
          "fma": lambda a, b, c: fma_f16(a, b, c), "min": lambda a, b, c: np.fmin(a, b),
          "max": lambda a, b, c: np.fmax(a, b), "neg": lambda a, b, c: -a, "abs": lambda a, b, c: np.abs(a)}


def h_f16x2(m, ins, idx, pc):
    """Two halves per 32-bit register, each computed as a correctly rounded half."""
    if any(x in ins.mods for x in ("ftz", "sat", "relu", "rz", "rm", "rp")):
        unsupported(m, ins, msg("unsupported.f16x2_modifiers"))
    n = len(m.lanes(idx))
    srcs = [np.broadcast_to(np.asarray(read(m, a, "b32", idx)), (n,)) for a in ins.args[1:]]
    halves = [((x & 0xFFFF).astype(np.uint16).view(np.float16), (x >> 16).astype(np.uint16).view(np.float16))
              for x in srcs]
    f = _F16X2[ins.op]
    out = []
    with np.errstate(all="ignore"):
        for k in (0, 1):
            args = [h[k] for h in halves] + [None] * (3 - len(halves))
            out.append(np.asarray(f(*args), dtype=np.float16).view(np.uint16).astype(np.uint32))
    write(m, ins.args[0], out[0] | (out[1] << 16), idx)
    if ins.op in ("add", "sub", "mul", "fma"):
        m.count(pc, "flops", (4 if ins.op == "fma" else 2) * n)


def execute(m, ins, idx, pc):
    g = guard(m, ins, idx)
    if g is not None:
        if not g.all():
            sub = np.flatnonzero(g) if idx is None else idx[g]
            if request_keys(ins):
                count_predicated_off(m, ins, pc, idx, sub)
            if not len(sub):
                return
            idx = sub
    h = h_f16x2 if ("f16x2" in ins.mods and ins.op in _F16X2) else HANDLERS.get(ins.op)
    if h is None:
        unsupported(m, ins)
    wg = getattr(m, "wgmma", None)
    if wg is not None and pc in wg.touch:      # in-flight wgmma accumulators (emu/wgmma.py)
        wg.check(m, ins, idx, pc)
    try:
        if m.contract and pc in m.contract:          # a mul + add ptxas fused (emu/contraction.py)
            return contraction.step(m, ins, idx, pc, h)
        if m.observed is not None and pc in m.observed.pcs and not m.observed.barrier_pc(pc):   # a value the SASS
            # replay may need (counters/observed.py)
            if m.observed.atomic_pc(pc):                        # an atomic: what it returned, in its order
                red = ins.op == "red"
                at = address(m, ins.args[0] if red else ins.args[1], idx)
                if "shared" in ins.mods:
                    at = shared32(at)
                h(m, ins, idx, pc)
                m.observed.keep(pc, m.gtid if idx is None else m.gtid[idx], at,
                                None if red else read(m, ins.args[0], m.observed.type(pc), idx),
                                m.epoch if idx is None else m.epoch[idx])
                return
            at = address(m, ins.args[1], idx)
            h(m, ins, idx, pc)
            dst, t = ins.args[0], m.observed.type(pc)
            step = int(m.observed.width[m.observed.pcs[pc]])
            for k, item in enumerate(dst.items if dst.kind == "vec" else (dst,)):   # a vector load: element by element
                if item.kind == "reg":
                    m.observed.keep(pc, m.gtid if idx is None else m.gtid[idx], at + k * step,
                                    read(m, item, t, idx), m.epoch if idx is None else m.epoch[idx])
            return
        h(m, ins, idx, pc)
    except UnsupportedInstruction as e:
        if getattr(e, "placed", False) or "\n  from " in str(e):          # already says where
            raise
        where, excerpt = place(m, ins)
        placed = UnsupportedInstruction(
            msg("errors.not_supported", what=e, ptx=ins.text, where=where) + excerpt + msg("errors.rewrite"))
        placed.placed = True
        raise placed from None


# ------------------------------------------------------------------------ float modifiers
# .rz/.rm/.rp (directed rounding) on f32 and f64 arithmetic, .ftz (flush subnormals) and .sat (clamp to [0, 1]).
# numpy rounds to nearest; a directed result is the nearest result or its neighbour, chosen by the sign of
# (nearest - exact), which each op computes exactly (f32: in float64; f64: numerics.py's add_sign_f64,
# mul_sign_f64 and exact_sign_f64; `round(double)` compiles to `add.rz.f64`).
_DIRECTED = ("rz", "rm", "rp")
_F32_TINY = np.float32(2.0 ** -126)


def _fmods(ins, t):
    """(directed rounding mode or None, ftz, sat) of a float instruction of type t."""
    if t not in ("f32", "f64"):
        return None, False, False
    return (next((x for x in ins.mods if x in _DIRECTED), None), t == "f32" and "ftz" in ins.mods,
            "sat" in ins.mods)


def _directed_step(r, cmp, rnd, D):
    """A round-to-nearest result ``r`` of dtype ``D`` moved to its neighbour where ``cmp`` = sign(r - exact) says it
    lies on the wrong side for ``rnd``: toward zero (``rz``), down (``rm``) or up (``rp``)."""
    if rnd == "rz":
        step, to = ((r > 0) & (cmp > 0)) | ((r < 0) & (cmp < 0)), D(0)
    elif rnd == "rm":
        step, to = cmp > 0, D(-np.inf)
    else:
        step, to = cmp < 0, D(np.inf)
    with np.errstate(all="ignore"):
        return np.where(step, np.nextafter(r, to), r).astype(D) if np.any(step) else np.asarray(r, D)


def _flush(x):
    """ftz: an f32 subnormal becomes a zero of the same sign."""
    x = np.asarray(x, np.float32)
    return np.where(np.abs(x) < _F32_TINY, np.copysign(np.float32(0), x), x).astype(np.float32)


def _float_finish(m, ins, t, r, rnd, ftz, sat, cmp_fn, addends=None):
    """Apply directed rounding (cmp_fn(r) = sign(r - exact)), then ftz and sat, to a
    round-to-nearest result r. addends (p, c): an exact zero sum is -0 under .rm."""
    if rnd is not None:
        ft = DT[t]
        r = np.asarray(r, ft)
        with np.errstate(all="ignore"):
            cmp = cmp_fn(r)
            r = _directed_step(r, cmp, rnd, ft)
            if rnd == "rm" and addends is not None:
                p, c = addends
                plus = (p == 0) & ~np.signbit(p) & (c == 0) & ~np.signbit(c)
                r = np.where((r == 0) & (cmp == 0) & ~plus, ft(-0.0), r).astype(ft)
    if ftz:
        r = _flush(r)
    if sat:
        r = np.where(np.isnan(r), 0, np.clip(r, 0, 1)).astype(DT[t])
    return r


def _narrow_directed(x, D, rnd):
    """A float narrowing rounded as ``rnd`` says (``cvt.rm.f32.f64``: ``__double2float_rd``): the nearest result or
    its neighbour, by the sign of (nearest - exact), exact in float64; a finite value whose nearest result overflowed
    lies beyond every finite one."""
    r = x.astype(D)
    with np.errstate(all="ignore"):
        cmp = np.sign(r.astype(np.float64) - x.astype(np.float64))
        cmp = np.where(np.isinf(r) & np.isfinite(x), np.sign(r), np.nan_to_num(cmp))
        return _directed_step(r, cmp, rnd, D)


def _binary(fn_int, fn_float=None):
    def h(m, ins, idx, pc):
        t = _type_of(ins)
        a = read(m, ins.args[1], t, idx)
        b = read(m, ins.args[2], t, idx)
        with np.errstate(all="ignore"):
            if t == "pred":
                r = fn_int(a, b)
            elif DT[t] in (np.float32, np.float64, np.float16):
                if fn_float is None:
                    unsupported(m, ins)
                rnd, ftz, sat = _fmods(ins, t)
                if ftz:
                    a, b = _flush(a), _flush(b)
                r = fn_float(a, b)
                if rnd or ftz or sat:
                    p = np.asarray(a, np.float64)
                    c = np.asarray(b, np.float64) * (-1 if ins.op == "sub" else 1)
                    cmp = lambda x: add_sign_f64(x, p, c)          # f32 operands: p + c never leaves float64's range
                    r = _float_finish(m, ins, t, r, rnd, ftz, sat, cmp, (p, c))
                if t == "f32":
                    m.count(pc, "flops", len(m.lanes(idx)))
                    if ins.op in ("add", "sub"):
                        r = canonical_nan_f32(r)
            else:
                r = fn_int(a, b)
        write(m, ins.args[0], np.asarray(r, dtype=DT[t]) if t != "pred" else r, idx)
    return h


def h_mul(m, ins, idx, pc):
    t = _type_of(ins)
    a = read(m, ins.args[1], t, idx)
    b = read(m, ins.args[2], t, idx)
    with np.errstate(all="ignore"):
        if "wide" in ins.mods:
            wt = {"s32": np.int64, "u32": np.uint64, "s16": np.int32, "u16": np.uint32}[t]
            r = np.asarray(a).astype(wt) * np.asarray(b).astype(wt)
        elif "hi" in ins.mods:
            if size_of(t) == 4:
                wt = np.int64 if t == "s32" else np.uint64
                r = ((np.asarray(a).astype(wt) * np.asarray(b).astype(wt)) >> 32).astype(DT[t])
            else:
                r = _mulhi64(a, b, t == "s64")
        else:
            rnd, ftz, sat = _fmods(ins, t)
            if ftz:
                a, b = _flush(a), _flush(b)
            r = np.asarray(a * b, dtype=DT[t])
            if rnd or ftz or sat:
                p = np.asarray(a, np.float64) * np.asarray(b, np.float64)      # exact for f32
                cmp = (lambda x: np.sign(np.asarray(x, np.float64) - p)) if t == "f32" else \
                    (lambda x: mul_sign_f64(x, a, b))
                r = _float_finish(m, ins, t, r, rnd, ftz, sat, cmp)
            if t == "f32":
                m.count(pc, "flops", len(m.lanes(idx)))
                r = canonical_nan_f32(r)
    write(m, ins.args[0], r, idx)


def _mulhi64(a, b, signed):
    a = np.asarray(a).astype(object)
    b = np.asarray(b).astype(object)
    r = (a * b) >> 64
    return np.array([int(x) & ((1 << 64) - 1) for x in np.atleast_1d(r)], dtype=np.uint64).view(
        np.int64 if signed else np.uint64)


def h_mad(m, ins, idx, pc):
    t = _type_of(ins)
    a = read(m, ins.args[1], t, idx)
    b = read(m, ins.args[2], t, idx)
    with np.errstate(all="ignore"):
        if t in ("f32", "f64"):
            c = read(m, ins.args[3], t, idx)
            r = _fma_float(m, ins, t, a, b, c)
            m.count(pc, "flops", 2 * len(m.lanes(idx)))
        elif "wide" in ins.mods:
            wt = {"s32": "s64", "u32": "u64", "s16": "s32", "u16": "u32"}[t]
            c = read(m, ins.args[3], wt, idx)
            r = np.asarray(a).astype(DT[wt]) * np.asarray(b).astype(DT[wt]) + c
        elif "hi" in ins.mods:
            c = read(m, ins.args[3], t, idx)
            wt = np.int64 if t == "s32" else np.uint64
            r = (((np.asarray(a).astype(wt) * np.asarray(b).astype(wt)) >> 32).astype(DT[t]) + c)
        else:
            c = read(m, ins.args[3], t, idx)
            r = np.asarray(a * b + c, dtype=DT[t])
    write(m, ins.args[0], r, idx)


def _fma_float(m, ins, t, a, b, c):
    rnd, ftz, sat = _fmods(ins, t)
    if ftz:
        a, b, c = _flush(a), _flush(b), _flush(c)
    r = fma_f32(a, b, c) if t == "f32" else fma_f64(a, b, c)
    if rnd or ftz or sat:
        with np.errstate(all="ignore"):
            p = np.asarray(a, np.float64) * np.asarray(b, np.float64)          # exact for f32
            cc = np.asarray(c, np.float64)
        cmp = (lambda x: add_sign_f64(x, p, cc)) if t == "f32" else \
            (lambda x: exact_sign_f64(lambda q, u, v, w: q - (u * v + w), x, a, b, c))
        r = _float_finish(m, ins, t, r, rnd, ftz, sat, cmp, (p, cc))
    return canonical_nan_f32(r) if t == "f32" else r


def h_fma(m, ins, idx, pc):
    t = _type_of(ins)
    a, b, c = (read(m, ins.args[i], t, idx) for i in (1, 2, 3))
    if t in ("f32", "f64"):
        with np.errstate(all="ignore"):
            r = _fma_float(m, ins, t, a, b, c)
    elif t == "f16" and not any(x in ins.mods for x in ("ftz", "sat", "relu", "rz", "rm", "rp")):
        r = fma_f16(a, b, c)
    else:
        unsupported(m, ins)
    m.count(pc, "flops", 2 * len(m.lanes(idx)))
    write(m, ins.args[0], r, idx)


def _trunc_div(a, b):
    a64 = np.asarray(a).astype(np.int64)
    b64 = np.asarray(b).astype(np.int64)
    safe = np.where(b64 == 0, 1, b64)
    q = np.abs(a64) // np.abs(safe) * np.sign(a64) * np.sign(safe)
    return np.where(b64 == 0, -1, q)


def h_div(m, ins, idx, pc):
    t = _type_of(ins)
    a = read(m, ins.args[1], t, idx)
    b = read(m, ins.args[2], t, idx)
    with np.errstate(all="ignore"):
        if t in ("f32", "f64"):
            rnd, ftz, sat = _fmods(ins, t)
            if ftz:
                a, b = _flush(a), _flush(b)
            r = np.asarray(a / b, dtype=DT[t])
            if rnd or ftz or sat:
                a64, b64 = np.asarray(a, np.float64), np.asarray(b, np.float64)
                cmp = (lambda x: np.sign(np.asarray(x, np.float64) * b64 - a64) * np.sign(b64)) if t == "f32" else \
                    (lambda x: exact_sign_f64(lambda q, u, v: q * v - u, x, a, b) * np.sign(b64))
                r = _float_finish(m, ins, t, r, rnd, ftz, sat, cmp)
            if t == "f32":
                r = canonical_nan_f32(r)
        elif t[0] == "s":
            r = _trunc_div(a, b).astype(DT[t])
        else:
            bb = np.where(b == 0, 1, b)
            r = np.where(b == 0, np.iinfo(DT[t]).max, a // bb).astype(DT[t])
    write(m, ins.args[0], r, idx)


def h_rem(m, ins, idx, pc):
    t = _type_of(ins)
    a = read(m, ins.args[1], t, idx)
    b = read(m, ins.args[2], t, idx)
    with np.errstate(all="ignore"):
        if t[0] == "s":
            q = _trunc_div(a, b)
            r = (np.asarray(a).astype(np.int64) - q * np.asarray(b).astype(np.int64)).astype(DT[t])
        else:
            bb = np.where(b == 0, 1, b)
            r = np.where(b == 0, a, a % bb).astype(DT[t])
    write(m, ins.args[0], r, idx)


_UNARY_CMP = {   # sign(r - exact) for directed rounding: f32 from exact float64 products, f64 from Fractions
    ("sqrt", "f32"): lambda r, a: np.sign(np.asarray(r, np.float64) ** 2 - np.asarray(a, np.float64)),
    ("rcp", "f32"): lambda r, a: np.sign(np.asarray(r, np.float64) * np.asarray(a, np.float64) - 1) *
    np.sign(np.asarray(a, np.float64)),
    ("sqrt", "f64"): lambda r, a: exact_sign_f64(lambda q, u: q * q - u, r, a),
    ("rcp", "f64"): lambda r, a: exact_sign_f64(lambda q, u: q * u - 1, r, a) * np.sign(np.asarray(a, np.float64)),
}


def _unary(fn, flops=0):
    def h(m, ins, idx, pc):
        t = _type_of(ins)
        a = read(m, ins.args[1], t, idx)
        rnd, ftz, sat = _fmods(ins, t)
        if ftz:
            a = _flush(a)
        with np.errstate(all="ignore"):
            r = fn(a, t)
            if rnd or ftz or sat:
                cmp = _UNARY_CMP.get((ins.op, t))
                if rnd and cmp is None:
                    unsupported(m, ins)
                r = _float_finish(m, ins, t, np.asarray(r).astype(DT[t]), rnd, ftz, sat,
                                  cmp and (lambda x: cmp(x, a)))
        if flops:
            m.count(pc, "flops", flops * len(m.lanes(idx)))
        write(m, ins.args[0], np.asarray(r).astype(DT[t]) if t != "pred" else r, idx)
    return h


def _popc(a, t):
    v = np.asarray(a).view(_UINT_OF[np.asarray(a).dtype.itemsize]).astype(np.uint64)
    c = np.zeros(v.shape, dtype=np.uint32)
    for i in range(64):
        c += ((v >> np.uint64(i)) & np.uint64(1)).astype(np.uint32)
    return c


def h_popc_clz(m, ins, idx, pc):
    t = _type_of(ins)
    a = read(m, ins.args[1], t, idx)
    if ins.op == "popc":
        r = _popc(a, t)
    else:
        bits = 8 * size_of(t)
        v = np.asarray(a).astype(np.uint64)
        r = np.full(v.shape, bits, dtype=np.uint32)
        for i in range(bits - 1, -1, -1):
            hit = ((v >> np.uint64(i)) & np.uint64(1)).astype(bool) & (r == bits)
            r = np.where(hit, bits - 1 - i, r)
    write(m, ins.args[0], r.astype(np.uint32), idx)


def h_shift(m, ins, idx, pc):
    t = _type_of(ins)
    a = read(m, ins.args[1], t, idx)
    s = np.asarray(read(m, ins.args[2], "u32", idx)).astype(np.int64)
    bits = 8 * size_of(t)
    dt = DT[t]
    big = s >= bits
    sc = np.minimum(s, bits - 1).astype(dt if dt not in (np.int32, np.int64, np.int16) else
                                       {np.int32: np.int32, np.int64: np.int64, np.int16: np.int16}[dt])
    with np.errstate(all="ignore"):
        if ins.op == "shl":
            r = np.where(big, 0, np.left_shift(a, sc.astype(a.dtype) if hasattr(a, "dtype") else sc))
        elif t[0] == "s":
            r = np.right_shift(a, sc.astype(np.asarray(a).dtype))  # arithmetic; clamped shift fills sign
        else:
            r = np.where(big, 0, np.right_shift(a, sc.astype(np.asarray(a).dtype)))
    write(m, ins.args[0], np.asarray(r).astype(dt), idx)


_CMP = {
    "eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
    "ge": np.greater_equal, "lo": np.less, "ls": np.less_equal, "hi": np.greater, "hs": np.greater_equal,
}


def _compare(cmp, a, b, t):
    with np.errstate(all="ignore"):
        if t in ("f32", "f64", "f16"):
            nan = np.isnan(a) | np.isnan(b)
            if cmp == "num":
                return ~nan
            if cmp == "nan":
                return nan
            if cmp.endswith("u") and cmp[:-1] in _CMP:
                return _CMP[cmp[:-1]](a, b) | nan
            return _CMP[cmp](a, b) & ~nan
        return _CMP[cmp](a, b)


_BOOL = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}


def h_setp(m, ins, idx, pc):
    t = _type_of(ins)
    cmp = ins.mods[0]
    a = read(m, ins.args[1], t, idx)
    b = read(m, ins.args[2], t, idx)
    if t == "f32" and "ftz" in ins.mods:
        a, b = _flush(a), _flush(b)
    r = np.asarray(_compare(cmp, a, b, t))
    boolop = next((x for x in ins.mods if x in _BOOL), None)
    d = ins.args[0]
    p, q = (d.items if d.kind == "vec" else (d, None))
    nr = ~r
    if boolop:
        c = read(m, ins.args[3], "pred", idx)
        r, nr = _BOOL[boolop](r, c), _BOOL[boolop](nr, c)
    write(m, p, np.broadcast_to(r, (len(m.lanes(idx)),)), idx)
    if q is not None:
        write(m, q, np.broadcast_to(nr, (len(m.lanes(idx)),)), idx)


#: what ``set`` writes for true in a float destination: 1.0 (false is 0); integer destinations get all ones
_SET_ONE = {"f32": 0x3F800000, "f16": 0x3C00, "bf16": 0x3F80}


def h_set(m, ins, idx, pc):
    """set.CmpOp{.BoolOp}{.ftz}.dtype.stype: setp's comparison written as a value, 1.0 or 0 in a float
    destination, all ones or 0 in an integer one. cuda_fp16.hpp's hexp / hexp2 / hlog correct their
    MUFU result with ``set.eq.f16.f16 p, h, special; fma.rn.f16 r, p, ulp, r``. Packed x2 forms are refused."""
    types = [x for x in ins.mods if x in DT]
    if len(types) != 2 or any(t.endswith("x2") for t in types):
        unsupported(m, ins)
    dt_, st = types
    a = read(m, ins.args[1], st, idx)
    b = read(m, ins.args[2], st, idx)
    if st == "bf16":                                       # raw bits: compare them as the floats they hold
        a, b = ((np.asarray(v).astype(np.uint32) << 16).view(np.float32) for v in (a, b))
        st = "f32"
    if "ftz" in ins.mods and st == "f32":
        a, b = _flush(a), _flush(b)
    r = np.asarray(_compare(ins.mods[0], a, b, st))
    boolop = next((x for x in ins.mods if x in _BOOL), None)
    if boolop:
        r = _BOOL[boolop](r, read(m, ins.args[3], "pred", idx))
    uint = _UINT_OF[size_of(dt_)]
    one = _SET_ONE.get(dt_, int(np.iinfo(uint).max))
    write(m, ins.args[0], np.broadcast_to(np.where(r, one, 0).astype(uint), (len(m.lanes(idx)),)), idx)


def h_selp(m, ins, idx, pc):
    t = _type_of(ins)
    a = read(m, ins.args[1], t, idx)
    b = read(m, ins.args[2], t, idx)
    p = read(m, ins.args[3], "pred", idx)
    write(m, ins.args[0], np.broadcast_to(np.where(p, a, b).astype(DT[t]), (len(m.lanes(idx)),)), idx)


def h_logic(m, ins, idx, pc):
    t = _type_of(ins)
    if ins.op == "not" or ins.op == "cnot":
        a = read(m, ins.args[1], t, idx)
        r = (~a) if ins.op == "not" else (np.asarray(a) == 0).astype(DT[t])
    else:
        a = read(m, ins.args[1], t, idx)
        b = read(m, ins.args[2], t, idx)
        f = {"and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}[ins.op]
        if t == "pred":
            f = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}[ins.op]
        r = f(a, b)
    write(m, ins.args[0], np.broadcast_to(r, (len(m.lanes(idx)),)), idx)


def h_mov(m, ins, idx, pc):
    t = _type_of(ins)
    d, s = ins.args[0], ins.args[1]
    n = len(m.lanes(idx))
    if d.kind == "vec":           # unpack: mov.b32 {lo, hi}, %r
        v = np.asarray(read(m, s, t, idx))
        k = len(d.items)
        part = size_of(t) // k
        raw = np.broadcast_to(v, (n,)).view(_UINT_OF[size_of(t)])
        for i, it in enumerate(d.items):
            write(m, it, ((raw >> (8 * part * i)) & ((1 << (8 * part)) - 1)).astype(_UINT_OF[part]), idx)
        return
    if s.kind == "vec":           # pack: mov.b32 %r, {lo, hi}
        k = len(s.items)
        part = size_of(t) // k
        acc = np.zeros(n, dtype=np.uint64)
        for i, it in enumerate(s.items):
            v = np.broadcast_to(np.asarray(read(m, it, {1: "b8", 2: "b16", 4: "b32"}[part], idx)), (n,))
            acc |= v.astype(np.uint64) << np.uint64(8 * part * i)
        write(m, d, acc.astype(_UINT_OF[size_of(t)]), idx)
        return
    write(m, d, np.broadcast_to(np.asarray(read(m, s, t, idx)), (n,)), idx)


def _cvt_float_to_int(x, rnd, dt):
    with np.errstate(all="ignore"):
        f = {"rni": np.rint, "rzi": np.trunc, "rmi": np.floor, "rpi": np.ceil}.get(rnd, np.trunc)(
            np.asarray(x, np.float64))
        info = np.iinfo(dt)
        f = np.where(np.isnan(f), 0, np.clip(f, info.min, info.max))
        return f.astype(dt)


def h_cvt(m, ins, idx, pc):
    types = [x for x in ins.mods if x in DT]
    if len(types) < 2:              # a type the emulator has no table for (packed fp4/fp6, ...): refused by name
        unsupported(m, ins)
    dt_, st = types[0], types[1]
    rnd = next((x for x in ins.mods if x in ("rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi")), None)
    sat = "sat" in ins.mods
    if dt_ == "f16x2":            # cvt.rn.f16x2.f32 d, a, b: a -> upper half, b -> lower half
        a = read(m, ins.args[1], "f32", idx)
        b = read(m, ins.args[2], "f32", idx)
        with np.errstate(all="ignore"):
            hi = np.asarray(a).astype(np.float16).view(np.uint16).astype(np.uint32)
            lo = np.asarray(b).astype(np.float16).view(np.uint16).astype(np.uint32)
        write(m, ins.args[0], (hi << 16) | lo, idx)
        return
    if dt_ == "bf16" or st == "bf16" or dt_ == "bf16x2":
        return _cvt_bf16(m, ins, idx, dt_, st, rnd)
    x = read(m, ins.args[1], st, idx)
    D = DT[dt_]
    ftz = "ftz" in ins.mods
    if ftz and st == "f32":
        x = _flush(x)
    with np.errstate(all="ignore"):
        if np.issubdtype(D, np.floating):
            src_float = np.issubdtype(np.asarray(x).dtype, np.floating)
            if rnd in ("rni", "rzi", "rmi", "rpi"):       # round to an integral value, same type
                if not src_float:
                    unsupported(m, ins)
                r = {"rni": np.rint, "rzi": np.trunc, "rmi": np.floor, "rpi": np.ceil}[rnd](
                    np.asarray(x)).astype(D)
            elif rnd in _DIRECTED and src_float and np.dtype(D).itemsize < np.asarray(x).dtype.itemsize:
                r = _narrow_directed(np.asarray(x), D, rnd)
            elif rnd in _DIRECTED and not src_float:
                r = _int_to_float_directed(m, ins, np.asarray(x), D, rnd)
            else:
                r = np.asarray(x).astype(D)
            if ftz and dt_ == "f32":
                r = _flush(r)
            if sat:
                r = np.where(np.isnan(r), 0, np.clip(r, 0, 1)).astype(D)
        elif np.issubdtype(np.asarray(x).dtype, np.floating):
            r = _cvt_float_to_int(x, rnd, D)
        else:
            xv = np.asarray(x)
            if sat:
                info = np.iinfo(D)
                r = np.clip(xv.astype(np.float64) if xv.dtype.itemsize == 8 else xv.astype(np.int64),
                            info.min, info.max).astype(D)
            else:
                r = xv.astype(D)
    write(m, ins.args[0], np.broadcast_to(r, (len(m.lanes(idx)),)), idx)


def bf16_bits(x, rnd: str = "rn") -> np.ndarray:
    """fp32 values to bf16 bit patterns (uint16): round to nearest even (``rn``) or toward zero
    (``rz``) on the 16 bits dropped, so a value past bf16's largest rounds to inf as IEEE says;
    subnormals are kept, and every NaN is the canonical 0x7FFF."""
    b = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    if rnd == "rn":
        b = b + 0x7FFF + ((b >> 16) & 1)
    r = (b >> 16).astype(np.uint16)
    return np.where(np.isnan(np.asarray(x, np.float32)), np.uint16(0x7FFF), r)


def _cvt_bf16(m, ins, idx, dt_, st, rnd):
    """cvt.rn|rz.bf16.f32, cvt.rn|rz.bf16x2.f32 (a to the upper half, b to the lower) and the exact
    cvt.f32.bf16; other bf16 forms (.relu, .satfinite, from or to other types) are refused by name."""
    n = len(m.lanes(idx))
    plain = not ({"relu", "satfinite", "ftz", "sat"} & set(ins.mods))
    if dt_ in ("bf16", "bf16x2") and st == "f32" and rnd in ("rn", "rz") and plain:
        a = read(m, ins.args[1], "f32", idx)
        if dt_ == "bf16":
            write(m, ins.args[0], np.broadcast_to(bf16_bits(a, rnd), (n,)), idx)
            return
        b = read(m, ins.args[2], "f32", idx)
        hi = bf16_bits(a, rnd).astype(np.uint32)
        lo = bf16_bits(b, rnd).astype(np.uint32)
        write(m, ins.args[0], np.broadcast_to((hi << 16) | lo, (n,)), idx)
        return
    if dt_ == "f32" and st == "bf16" and rnd is None and plain:
        x = np.asarray(read(m, ins.args[1], "b16", idx)).astype(np.uint32) << 16
        write(m, ins.args[0], np.broadcast_to(x.view(np.float32), (n,)), idx)
        return
    unsupported(m, ins, msg("unsupported.bf16_conversions"))


def _int_to_float_directed(m, ins, x, D, rnd):
    """cvt.rz/rm/rp.f32|f64 from an integer: round to nearest, then step by sign(r - x)."""
    if D not in (np.float32, np.float64):
        unsupported(m, ins)
    r = np.asarray(x.astype(D))
    if x.dtype.itemsize <= 4:
        cmp = np.sign(r.astype(np.float64) - x.astype(np.float64))        # both exact
    else:
        cmp = np.array([(int(a) > int(b)) - (int(a) < int(b)) for a, b in
                        zip(np.atleast_1d(r), np.atleast_1d(x))], dtype=np.float64).reshape(r.shape)
    return _directed_step(r, cmp, rnd, D)


def h_cvta(m, ins, idx, pc):
    t = _type_of(ins)
    a = np.asarray(read(m, ins.args[1], t, idx)).astype(np.int64)
    space = next(x for x in ins.mods if x in ("global", "shared", "local", "const", "param"))
    to = "to" in ins.mods
    base = {"global": 0, "shared": SHARED_WINDOW, "local": LOCAL_WINDOW, "const": 0, "param": 0}[space]
    r = a - base if to else a + base
    write(m, ins.args[0], np.broadcast_to(r.astype(np.uint64).astype(DT[t]), (len(m.lanes(idx)),)), idx)


def h_copysign(m, ins, idx, pc):
    """copysign.f32 d, a, b: b's magnitude with a's sign (NVRTC 13 emits it for roundf, tanhf)."""
    t = _type_of(ins)
    a = read(m, ins.args[1], t, idx)
    b = read(m, ins.args[2], t, idx)
    write(m, ins.args[0], np.broadcast_to(np.copysign(b, a).astype(DT[t]), (len(m.lanes(idx)),)), idx)


def h_minmax(m, ins, idx, pc):
    t = _type_of(ins)
    a = read(m, ins.args[1], t, idx)
    b = read(m, ins.args[2], t, idx)
    if t == "f32" and "ftz" in ins.mods:
        a, b = _flush(a), _flush(b)
    if t in ("f32", "f64"):
        r = (np.fmin if ins.op == "min" else np.fmax)(a, b)
    else:
        r = (np.minimum if ins.op == "min" else np.maximum)(a, b)
    write(m, ins.args[0], np.broadcast_to(np.asarray(r, DT[t]), (len(m.lanes(idx)),)), idx)


def h_bfe(m, ins, idx, pc):
    t = _type_of(ins)
    a = np.asarray(read(m, ins.args[1], t, idx)).astype(np.int64 if t[0] == "s" else np.uint64)
    pos = np.asarray(read(m, ins.args[2], "u32", idx)).astype(np.int64) & 0xFF
    ln = np.asarray(read(m, ins.args[3], "u32", idx)).astype(np.int64) & 0xFF
    bits = 8 * size_of(t)
    u = a.astype(np.uint64) if a.dtype != np.uint64 else a
    mask = np.where(ln >= 64, np.uint64(0xFFFFFFFFFFFFFFFF),
                    (np.uint64(1) << ln.astype(np.uint64)) - np.uint64(1))
    r = (u >> np.minimum(pos, 63).astype(np.uint64)) & mask
    if t[0] == "s":
        sbit = np.minimum(pos + ln - 1, bits - 1)
        neg = ((u >> sbit.astype(np.uint64)) & np.uint64(1)).astype(bool) & (ln > 0)
        r = np.where(neg, r | ~mask, r)
    r = np.where(ln == 0, 0, r)
    write(m, ins.args[0], np.broadcast_to(r.astype(np.uint64).astype(_UINT_OF[size_of(t)]),
                                          (len(m.lanes(idx)),)), idx)


def h_bfi(m, ins, idx, pc):
    t = _type_of(ins)
    f = np.asarray(read(m, ins.args[1], t, idx)).astype(np.uint64)
    b = np.asarray(read(m, ins.args[2], t, idx)).astype(np.uint64)
    pos = np.asarray(read(m, ins.args[3], "u32", idx)).astype(np.uint64) & np.uint64(0xFF)
    ln = np.asarray(read(m, ins.args[4], "u32", idx)).astype(np.uint64) & np.uint64(0xFF)
    mask = ((np.uint64(1) << ln) - np.uint64(1)) << pos
    r = (b & ~mask) | ((f << pos) & mask)
    write(m, ins.args[0], np.broadcast_to(r.astype(DT[t]), (len(m.lanes(idx)),)), idx)


def h_sad(m, ins, idx, pc):
    """``sad.{s,u}{16,32,64} d, a, b, c``: d = c + (a < b ? b - a : a - b), wrapping in the type (the PTX ISA's
    definition; CUDA's __sad / __usad). mm2-gb's chaining score takes |dr - dq| so."""
    t = _type_of(ins)
    a, b, c = (np.asarray(read(m, ins.args[i], t, idx)).astype(DT[t]) for i in (1, 2, 3))
    with np.errstate(all="ignore"):
        r = np.where(a < b, b - a, a - b).astype(DT[t]) + c
    write(m, ins.args[0], np.broadcast_to(np.asarray(r, DT[t]), (len(m.lanes(idx)),)), idx)


def h_bmsk(m, ins, idx, pc):
    """``bmsk.{clamp,wrap}.b32 d, a, b``: a mask of b ones from bit a (the PTX ISA's semantics, overflow rules
    included: .clamp gives 0 for a >= 32 and all bits from a up for b >= 32; .wrap takes both mod 32)."""
    a = np.asarray(read(m, ins.args[1], "u32", idx)).astype(np.uint64)
    b = np.asarray(read(m, ins.args[2], "u32", idx)).astype(np.uint64)
    ones = np.uint64(0xFFFFFFFF)
    a1, b1 = a & np.uint64(31), b & np.uint64(31)
    total = a1 + b1
    mask0 = (ones << a1) & ones
    mask1 = np.where(total >= 32, np.uint64(0), (ones << np.minimum(total, np.uint64(31))) & ones)
    if "clamp" in ins.mods:
        mask0 = np.where(a >= 32, np.uint64(0), mask0)
        mask1 = np.where((a >= 32) | (b >= 32), np.uint64(0), mask1)
        overflow = (total >= 32) | (a >= 32) | (b >= 32)
    else:
        overflow = total >= 32
    mask1 = np.where(~overflow & (b1 == 0), ones, mask1)
    r = mask0 & ~mask1 & ones
    write(m, ins.args[0], np.broadcast_to(r.astype(np.uint32), (len(m.lanes(idx)),)), idx)


def h_prmt(m, ins, idx, pc):
    if len(ins.mods) > 1:
        unsupported(m, ins, msg("unsupported.prmt_modes"))
    a = np.asarray(read(m, ins.args[1], "b32", idx)).astype(np.uint64)
    b = np.asarray(read(m, ins.args[2], "b32", idx)).astype(np.uint64)
    c = np.asarray(read(m, ins.args[3], "b32", idx)).astype(np.uint64)
    n = len(m.lanes(idx))
    src = np.broadcast_to((b << np.uint64(32)) | a, (n,))
    c = np.broadcast_to(c, (n,))
    r = np.zeros(n, dtype=np.uint64)
    for i in range(4):
        sel = (c >> np.uint64(4 * i)) & np.uint64(0xF)
        byte = (src >> ((sel & np.uint64(7)) * np.uint64(8))) & np.uint64(0xFF)
        sign = (sel & np.uint64(8)).astype(bool)
        msb = (byte >> np.uint64(7)) & np.uint64(1)
        byte = np.where(sign, msb * np.uint64(0xFF), byte)
        r |= byte << np.uint64(8 * i)
    write(m, ins.args[0], r.astype(np.uint32), idx)


def h_nop(m, ins, idx, pc):
    return


def h_createpolicy(m, ins, idx, pc):
    """createpolicy: an L2 eviction policy for later .L2::cache_hint accesses. The emulator models no L2 priority, so
    the policy is an opaque 64-bit zero; the accesses that take it read it as a hint and ignore it."""
    write(m, ins.args[0], np.zeros(len(m.lanes(idx)), dtype=np.uint64), idx)


def h_fence(m, ins, idx, pc):
    """__threadfence(): orders nothing in lockstep emulation, but the global race shadow
    (emu/sanitizer/globalrace.py) needs it for the fence-then-atomic protocol. Where ptxas put
    never-true ``@!PT LDS`` before its MEMBAR, ncu counts them: shared-load requests (ifconvert.py)."""
    if m.gshadow is not None and ("gl" in ins.mods or "gpu" in ins.mods or "sys" in ins.mods):
        m.gshadow.fence(m, m.lanes(idx))
    pad = m.lazy.get().padding.get(pc) if m.lazy is not None else None
    if pad:
        n = m.nwarps(idx)
        m.count(pc, "shared_ld_requests", pad * n)
        m.sass_only(pc, "shared_ld_requests", pad * n)


def h_barwarp(m, ins, idx, pc):
    """__syncwarp(): a new warp epoch for the race shadow. Its mask's live lanes that wait at a barrier or a
    shuffle or vote of their own cannot come to it (warpmask.apart: a hang on the GPU)."""
    warpmask.check(m, ins, idx)
    lanes = m.lanes(idx)
    warpmask.apart(m, lanes, warpmask.parked_elsewhere(m, "bar"), ins)
    m.wepoch[lanes] += 1
    m.epochs_changed()
    if m.gshadow is not None:
        m.gshadow.warp_synced()


# ------------------------------------------------------------------------ memory
def _space(ins):
    for s in ins.mods:
        if s in _SPACES:
            return "global" if s == "const" else s      # __constant__ data lives in global memory here
    return "generic"


def address(m, op, idx):
    """Per-lane byte address of a memory operand (int64)."""
    if op.kind != "mem":
        raise EmulatorError(msg("unsupported.expected_address", op=repr(op)))
    if not op.name:
        base = np.int64(0)
    elif op.name.startswith("%"):
        a = reg_array(m, op.name)
        v = a if idx is None else a[idx]
        base = v.astype(np.int64) if v.dtype != np.uint64 else v.view(np.int64)
    elif op.name in m.shared_syms:
        base = np.int64(m.shared_syms[op.name])
    elif op.name in m.local_syms:
        base = np.int64(m.local_syms[op.name])
    elif op.name in m.global_syms:
        base = np.int64(m.global_syms[op.name])
    elif op.name in m.fn.regs:                   # an inline-asm register declared without '%'
        a = reg_array(m, op.name)
        v = a if idx is None else a[idx]
        base = v.astype(np.int64) if v.dtype != np.uint64 else v.view(np.int64)
    else:
        raise UnsupportedInstruction(_module_var_msg(m, op.name))
    n = len(m.lanes(idx))
    return np.broadcast_to(np.asarray(base + op.offset, dtype=np.int64), (n,))


def h_ld(m, ins, idx, pc):
    _access(m, ins, idx, pc, store=False)


def h_st(m, ins, idx, pc):
    _access(m, ins, idx, pc, store=True)


def _access(m, ins, idx, pc, store):
    space = _space(ins)
    t = _type_of(ins)
    nvec = _vec(ins)
    es = max(1, size_of(t))
    if store:
        aop, vop = ins.args[0], ins.args[1]
    else:
        vop, aop = ins.args[0], ins.args[1]
    if space == "param":
        name = aop.name
        if not store and name and name.startswith("%"):     # a struct parameter's address in a register
            raw = emu_structs.param_bytes(m.params, address(m, aop, idx), es * nvec)
            if raw is not None:
                raw = raw.view(_UINT_OF[es])
                _write_loaded(m, vop, raw if nvec > 1 else raw.reshape(-1), t, idx)
                return
        if store or name not in m.params:          # a device-function call's argument or result slot
            return param_access(m, ins, idx, store, aop, vop, t, nvec)
        maps = getattr(m.gmem, "tensor_maps", None)
        if maps is not None and name in maps.pnames:    # a CUtensorMap's bytes, read as a copy of it does (emu/tma.py)
            at = int(m.params[name]) - GLOBAL_BASE + aop.offset
            raw = m.gmem.arena.data[at:at + es * nvec].copy().view(_UINT_OF[es])
            n = len(m.lanes(idx))
            _write_loaded(m, vop, np.broadcast_to(raw, (n, nvec)) if nvec > 1 else np.broadcast_to(raw[0], (n,)),
                          t, idx)
            return
        v = np.asarray(m.params[name])
        if v.dtype.kind == "V":                 # a struct by value: its bytes at the offset (emu/structs.py)
            raw = np.frombuffer(v.tobytes(), dtype=np.uint8)[aop.offset:aop.offset + es * nvec]
            if len(raw) != es * nvec:
                raise EmulatorError(msg("unsupported.param_outside", name=name, ptx=ins.text))
            raw = raw.copy().view(_UINT_OF[es])
            n = len(m.lanes(idx))
            _write_loaded(m, vop, np.broadcast_to(raw, (n, nvec)) if nvec > 1 else np.broadcast_to(raw[0], (n,)),
                          t, idx)
            return
        write(m, vop, np.broadcast_to(param_as(v, DT[t]), (len(m.lanes(idx)),)), idx)
        return
    addr = address(m, aop, idx)
    if space == "shared":                        # 32-bit shared addresses wrap (emu/addressing.py)
        addr = shared32(addr)
    lanes = m.lanes(idx)
    if space == "generic":
        sh = (addr >= SHARED_WINDOW) & (addr < LOCAL_WINDOW)
        lo = (addr >= LOCAL_WINDOW) & (addr < GLOBAL_BASE)
        gl = ~(sh | lo)
        if not store:                            # a warp with local and global lanes: undecided (generic_mix)
            generic_mix.note(m, ins, lanes, lo, gl)
        for mask, sp, base in ((sh, "shared", SHARED_WINDOW), (lo, "local", LOCAL_WINDOW), (gl, "global", 0)):
            if mask.all():
                _access_space(m, ins, idx, pc, store, sp, addr - base, t, nvec, es, vop, generic=True)
                return
            if mask.any():
                sub = lanes[mask]
                _access_space(m, ins, sub, pc, store, sp, addr[mask] - base, t, nvec, es, vop, generic=True)
        return
    _access_space(m, ins, idx, pc, store, space, addr, t, nvec, es, vop)


def _keeper_last(m, idx, sel, nbytes):
    """The order to write a store's lanes in (numpy keeps the last of equal offsets) so that where
    lanes of one warp write the same bytes, the H200's lane keeps them: a 1-, 2- or 4-byte store
    keeps its lowest lane's; an 8-byte store runs as two halves of 16 lanes and a 16-byte one as
    four quarters of 8, and the last part with a writer wins, its lowest lane's value
    (bench/same_address_stores.py, bench/results/same-address-stores-2026-12-02-before.json). The PTX ISA
    leaves it open; a racy kernel's output shows it. Warps keep their order (a later warp's
    store is the later one, as the emulator runs them)."""
    per = 32 if nbytes <= 4 else 16 if nbytes == 8 else 8
    if idx is None and sel is None and m.tpb % 32 == 0:
        n = len(m.all_lanes)
        key = (n, per)
        order = m.store_orders.get(key)
        if order is None:
            order = m.store_orders[key] = \
                np.arange(n).reshape(-1, 32 // per, per)[:, :, ::-1].reshape(-1)
        return order
    lanes = m.lanes(idx)
    if sel is not None:
        lanes = lanes[sel]
    lane = m.lane[lanes]
    key = m.warp_global[lanes].astype(np.int64) * 64 + (lane // per) * 32 + (31 - lane)
    return np.argsort(key, kind="stable")


def _report_bad(m, ins, lanes, bad, addr, kind, detail_fn):
    if bad.any():
        i = int(np.argmax(bad))
        m.finding(kind, ins, lanes[i], addr[i], detail_fn(int(addr[i])), int(bad.sum()))


def _access_space(m, ins, idx, pc, store, space, addr, t, nvec, es, vop, generic=False):
    """``generic``: a PTX access with no state space (ptxas keeps it a generic LD/ST, never an
    LDS/STS, even where the address plainly comes from cvta.shared: docs/FIDELITY.md, cause F).
    ncu counts a generic instruction under smsp__inst_executed_op_generic_*, not as a shared
    request, but the wavefronts of its lanes that land in shared memory under
    l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld/st: so here shared wavefronts, no shared request."""
    lanes = m.lanes(idx)
    nbytes = es * nvec
    U = _UINT_OF[es]
    misaligned = (addr & (nbytes - 1)) != 0 if nbytes > 1 else np.zeros(len(lanes), bool)
    vals = _values_for_store(m, vop, t, nvec, idx) if store else None
    if space == "global":
        ok, used = provenance.in_bounds(m, ins, addr, nbytes)   # the pointer this line indexes
        _report_bad(m, ins, lanes, ~ok, addr, "out_of_bounds", lambda a: _oob_global(m, a, nbytes, store, used))
        _report_bad(m, ins, lanes, ok & misaligned, addr, "misaligned",
                    lambda a: said("finding.misaligned_global", nbytes=nbytes))
        ok &= ~misaligned
        off = m.gmem.offset(addr)
        arena = m.gmem.arena
        mat, act = m.warp_matrix(idx, addr)
        # an aligned lane past its array still costs its sectors: the GPU reads or writes them where
        # nothing faults there (a finding either way); a misaligned one faults, so it costs nothing
        if misaligned.any():
            act &= m.warp_matrix(idx, ~misaligned)[0].astype(bool)
        count_global_access(m, pc, idx, mat, act, nbytes, store, not misaligned.any())
        if m.gshadow is not None:              # races in global memory (emu/sanitizer/globalrace.py)
            if not store and "acquire" in ins.mods:          # ld.acquire (grid.sync's spin) acquires
                m.gshadow.acquire_load(m, lanes[ok])
            if ok.all():
                m.gshadow.access(m, ins, lanes, off, nbytes, store, all_lanes=idx is None, vals=vals)
            else:
                m.gshadow.access(m, ins, lanes[ok], off[ok], nbytes, store,
                                 vals=None if vals is None else vals[ok])
    elif space == "shared":
        size = m.smem.user_bytes
        ok = m.smem.inside(addr, nbytes)      # the GPU's addresses; messages say offsets into the block's bytes
        all_ok = bool(ok.all()) and not misaligned.any()
        if not all_ok:
            user = m.smem.user(addr)
            _report_bad(m, ins, lanes, ~ok, user, "out_of_bounds",
                        lambda a: said("finding.oob_shared_write" if store else "finding.oob_shared_read",
                                       nbytes=nbytes, off=a, size=size))
            _report_bad(m, ins, lanes, ok & misaligned, user, "misaligned",
                        lambda a: said("finding.misaligned_shared", nbytes=nbytes, off=a))
            ok &= ~misaligned
        off = (m.block_base if idx is None else m.block_base[idx]) + addr
        arena = m.smem.arena
        mat, act = m.warp_matrix(idx, addr)
        if not all_ok:
            act &= m.warp_matrix(idx, ok)[0].astype(bool)
        count_shared_access(m, pc, idx, mat, act, nbytes, store, all_ok, generic)
        if m.shadow is not None:
            # CG's reserved scratch syncs itself with atomics, which the race model does not follow
            seen = ok if m.unshadowed_from is None else ok & (addr < m.unshadowed_from)
            drop = None if store else dropped.dropped_lanes(m, pc, idx, h_setp)   # a selp throws these lanes' value away
            _shadow(m, ins, lanes, off, seen if drop is None else seen & ~drop, nbytes, store, vals)
    elif space == "local":
        size = m.lmem.size
        ok = (addr >= 0) & (addr + nbytes <= size) & ~misaligned
        _report_bad(m, ins, lanes, ~ok, addr, "out_of_bounds",
                    lambda a: said("finding.oob_local", off=a, size=size))
        off = m.lmem.flat(lanes, addr)
        arena = m.lmem.arena
    else:
        unsupported(m, ins, msg("unsupported.space", space=space))
    if not ok.all():
        sel = np.flatnonzero(ok)
        off_ok = off[sel]
    else:
        sel, off_ok = None, off
    if space == "local" and m.lmem.written is not None:
        _local_written(m, ins, lanes if sel is None else lanes[sel], off_ok, nbytes, store,
                       addr if sel is None else addr[sel])
    if store:
        v = vals if sel is None else vals[sel]
        if space != "local":                     # lanes of a warp that write the same bytes: who keeps them
            order = _keeper_last(m, idx, sel, nbytes)
            off_ok, v = off_ok[order], v[order]
        arena.scatter(off_ok, es, v, nvec)
        if space == "shared":
            m.async_state.overwrite(m, off_ok, nbytes)
            if getattr(m, "wgmma", None) is not None:      # a generic-proxy write wgmma must not see unfenced
                m.wgmma.generic_store(m, lanes if sel is None else lanes[sel], off_ok, nbytes)
    else:
        shape = (len(lanes), nvec) if nvec > 1 else (len(lanes),)
        out = np.zeros(shape, dtype=U)
        got = arena.gather(off_ok, es, nvec)
        if sel is None:
            out = got
        else:
            out[sel] = got
        _write_loaded(m, ins.args[0], out, t, idx)


def _local_written(m, ins, lanes, flat, nbytes, store, addr):
    """A thread's local memory holds what its stack held before (another kernel's, another thread's frame):
    a load none of whose bytes one of its own stores wrote reads that garbage (cuda-kmer-counting's
    ``char kmer[MAX_K]``, filled only where ``tid + j < MAX_K``: docs/FIDELITY.md, the twenty-ninth suite)."""
    if store:
        m.lmem.mark(flat, nbytes)
        return
    bad = m.lmem.unwritten(flat, nbytes)
    if bad.any():
        # not a finding yet: the compiler may load speculatively and throw the value away (a selp); it is one
        # where the value reaches a store, an address or a branch (sanitizer/uninit.py, LocalGarbage)
        m.watch_local_garbage().loaded(ins, lanes, bad, addr)


def _oob_global(m, a, nbytes, store, used=None):
    """``used``: the allocation of the pointer the instruction indexes (emu/sanitizer/provenance.py);
    without one, the allocation nearest the address."""
    al = used if used is not None else m.gmem.nearest(a)
    what = "write" if store else "read"                 # finding.oob_global_write / _read, ...
    if al is None:
        return said(f"finding.oob_nowhere_{what}", nbytes=nbytes)
    rel = a - al.base
    text = said(f"finding.oob_global_{what}", nbytes=nbytes, rel=rel, name=al.name, size=al.nbytes,
                element=rel // max(nbytes, 1), elements=al.nbytes // max(nbytes, 1),
                last=al.nbytes // max(nbytes, 1) - 1)
    if rel >= al.nbytes:
        past = rel - al.nbytes
        text += said("finding.oob_just_past") if past == 0 else said("finding.oob_past", past=past)
    elif rel < 0:
        text += said("finding.oob_before", before=-rel)
    if used is None and len(m.gmem.allocs) > 1:
        # no single pointer: the buffer named is only the one the address lands nearest
        text += said("finding.oob_nearest")
    return text


_UNIT_UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def _shadow(m, ins, lanes, flat, ok, nbytes, store, vals=None):
    unit = m.unit
    sel = np.flatnonzero(ok) if not ok.all() else slice(None)
    ln = lanes[sel]
    fl = flat[sel]
    k = max(1, nbytes // unit)
    units = (fl // unit)[:, None] + np.arange(k) if k > 1 else (fl // unit)
    tid = m.ctid[ln]                # the thread within its cluster (its block without clusters; emu/cluster.py)
    st = m.stamp(ln)
    if k > 1:
        tid = np.repeat(tid, k)
        st = np.repeat(st, k) if np.ndim(st) else st
        units = units.ravel()
        ln_rep = np.repeat(ln, k)
    else:
        ln_rep = ln
    if store:
        if m.tma is not None:                   # bytes a TMA copy still uses (emu/tma.py)
            m.tma_access(ins, ln_rep, units, True)
        new = None
        if vals is not None and unit in _UNIT_UINT:
            new = np.ascontiguousarray(vals[sel]).view(_UNIT_UINT[unit]).reshape(-1)
            if len(new) != len(units):
                new = None
        waw, war = m.shadow.write(units, st, tid, new)
        bad = waw | war
        if bad.any():
            i = int(np.argmax(bad))
            kind = said("finding.waw" if waw[i] else "finding.war")
            off = m.smem.user_of_flat(units[i] * unit)
            who = _other_thread(m, m.shadow.writer if waw[i] else m.shadow.reader, units[i], ln_rep[i],
                                "wrote" if waw[i] else "read")
            hint = _one_warp_hint(m, m.shadow.writer if waw[i] else m.shadow.reader, units[i], ln_rep[i])
            m.finding("race", ins, ln_rep[i], off, said("finding.race_shared", kind=kind, off=off, who=who) + hint,
                      int(bad.sum()))
    else:
        pending = m.async_state.pending_mask(units)
        early = m.tma_access(ins, ln_rep, units, False) if m.tma is not None else None   # emu/tma.py
        if pending is not None and pending.any():
            i = int(np.argmax(pending))
            off = m.smem.user_of_flat(units[i] * unit)
            m.finding("cp_async_before_wait", ins, ln_rep[i], off, _in_flight(m, int(units[i]), int(ln_rep[i]), off),
                      int(pending.sum()))
        raw, uninit = m.shadow.read(units, st, tid)
        if pending is not None and uninit is not None:
            uninit &= ~pending
        if early is not None and uninit is not None:      # said already: not landed yet
            uninit &= ~early
        if raw is not None and raw.any():
            i = int(np.argmax(raw))
            off = m.smem.user_of_flat(units[i] * unit)
            who = _other_thread(m, m.shadow.writer, units[i], ln_rep[i], "wrote")
            hint = _one_warp_hint(m, m.shadow.writer, units[i], ln_rep[i])
            m.finding("race", ins, ln_rep[i], off, said("finding.race_shared_raw", off=off, who=who) + hint,
                      int(raw.sum()))
        if uninit is not None and uninit.any():
            i = int(np.argmax(uninit))
            off = m.smem.user_of_flat(units[i] * unit)
            m.finding("uninitialized_read", ins, ln_rep[i], off, said("finding.uninit_shared", off=off),
                      int(uninit.sum()))


def _recorded_thread(m, records, unit, lane) -> int | None:
    """The launch thread a shadow record names (a race's other thread), or None where it names several readers,
    nobody, or ``lane``'s own thread."""
    rec = int(records[unit])
    tid = (rec & 0xFFFF) - 1
    if rec < 0 or tid < 0 or tid == int(m.ctid[lane]):
        return None
    return (int(m.cfirst[lane]) + tid // m.cstride) * m.tpb + tid % m.cstride   # its thread (emu/cluster.py)


def _other_thread(m, records, unit, lane, verb):
    """Describe the thread in a shadow record, e.g. 'thread (5,0,0) wrote'."""
    if int(records[unit]) < 0 and verb == "read":
        return said("finding.several_read")
    other = _recorded_thread(m, records, unit, lane)
    if other is None:
        return said(f"finding.another_{verb}")          # finding.another_wrote / finding.another_read
    (x, y, z), blk = m.thread_coords(other)
    if int(m.block_local[other]) != int(m.block_local[lane]):     # finding.thread_wrote_block / _read_block
        return said(f"finding.thread_{verb}_block", thread=f"{x},{y},{z}", block=",".join(map(str, blk)))
    return said(f"finding.thread_{verb}", thread=f"{x},{y},{z}")


def _one_warp_hint(m, records, unit, lane) -> str:
    """A race between two lanes of one warp: a __syncwarp() orders them, and a warp vote or shuffle between the two
    accesses does not (the CUDA memory model: those intrinsics imply no memory ordering). Tree-Layouts' B-tree
    search reads a query on every lane, votes on it, then one lane writes the answer over it."""
    other = _recorded_thread(m, records, unit, lane)
    one_warp = other is not None and int(m.warp_global[other]) == int(m.warp_global[lane])
    return said("finding.one_warp_hint") if one_warp else ""


# ------------------------------------------------------------------------ warp-level ops
def _warp_rows(m, idx):
    """(row of each lane in the [warps, 32] layout, lane index, number of rows)."""
    lanes = m.lanes(idx)
    w = m.warp_global[lanes]
    newrow = np.ones(len(lanes), dtype=bool)
    newrow[1:] = w[1:] != w[:-1]
    row = np.cumsum(newrow) - 1
    return row, m.lane[lanes], int(row[-1]) + 1 if len(lanes) else 0


def _shfl_lanes(m, ins, idx):
    """One shfl's lanes, the value each gives (its own ``a``), the lane each reads and whether in range."""
    mode = next(x for x in ins.mods if x in ("up", "down", "bfly", "idx"))
    lanes = m.lanes(idx)
    n = len(lanes)
    a = np.broadcast_to(np.asarray(read(m, ins.args[1], "b32", idx)), (n,))
    b = np.broadcast_to(np.asarray(read(m, ins.args[2], "b32", idx)), (n,)).astype(np.int64)
    c = np.broadcast_to(np.asarray(read(m, ins.args[3], "b32", idx)), (n,)).astype(np.int64)
    lane = m.lane[lanes]
    bval = b & 0x1F
    cval = c & 0x1F
    segmask = (c >> 8) & 0x1F
    min_lane = lane & segmask
    max_lane = min_lane | (cval & ~segmask)
    if mode == "up":
        j = lane - bval
        ok = j >= max_lane
    elif mode == "down":
        j = lane + bval
        ok = j <= max_lane
    elif mode == "bfly":
        j = lane ^ bval
        ok = j <= max_lane
    else:
        j = min_lane | (bval & ~segmask)
        ok = j <= max_lane
    return lanes, a, np.where(ok, j, lane), ok


def h_shfl(m, ins, idx, pc):
    shfl_together(m, [(ins, idx)])


def shfl_together(m, parts):
    """The exchange of one or more shfl instructions ``[(ins, idx), ...]`` as one: every lane gives its own
    instruction's value and reads its source lane's. Lanes of a warp at different ``shfl.sync`` instructions
    with the same member mask (the two sides of a divergent branch) meet so on the GPU (machine.py's
    rendezvous); a source lane at none of them gives 0."""
    elsewhere = warpmask.parked_elsewhere(m, "shfl")
    for ins, idx in parts:
        if "sync" in ins.mods:
            warpmask.check(m, ins, idx)
        warpmask.apart(m, m.lanes(idx), elsewhere, ins)
    got = [_shfl_lanes(m, ins, idx) for ins, idx in parts]
    lanes = np.concatenate([g[0] for g in got])
    vals = np.concatenate([np.asarray(g[1], dtype=np.uint32) for g in got])
    keys = m.warp_global[lanes].astype(np.int64) * 32 + m.lane[lanes]
    order = np.argsort(keys, kind="stable")
    keys, vals = keys[order], vals[order]
    for (ins, idx), (ln, _, j, ok) in zip(parts, got):
        want = m.warp_global[ln].astype(np.int64) * 32 + j
        at = np.minimum(np.searchsorted(keys, want), len(keys) - 1)
        v = np.where(keys[at] == want, vals[at], np.uint32(0)).astype(np.uint32)
        d = ins.args[0]
        dst, pdst = (d.items if d.kind == "vec" else (d, None))
        write(m, dst, v, idx)
        if pdst is not None:
            write(m, pdst, ok, idx)


def h_vote(m, ins, idx, pc):
    mode = next(x for x in ins.mods if x in ("all", "any", "uni", "ballot"))
    if "sync" in ins.mods:
        warpmask.check(m, ins, idx)
    lanes = m.lanes(idx)
    warpmask.apart(m, lanes, warpmask.parked_elsewhere(m, "vote"), ins)
    n = len(lanes)
    p = np.broadcast_to(np.asarray(read(m, ins.args[1], "pred", idx)), (n,))
    row, ln, nrows = _warp_rows(m, idx)
    # each lane votes among the lanes its membermask names (a vote without .sync: the whole warp): lanes of one warp may
    # vote at once in disjoint groups (Hashinator's 4-lane virtual warps: __any_sync(submask, done) must not see the
    # other groups' done)
    if "sync" in ins.mods:
        mask = np.broadcast_to(np.asarray(read(m, ins.args[2], "b32", idx)), (n,)).astype(np.uint64) & 0xFFFFFFFF
    else:
        mask = np.full(n, 0xFFFFFFFF, dtype=np.uint64)
    bit = np.uint64(1) << ln.astype(np.uint64)
    yes = np.zeros(nrows, dtype=np.uint64)
    here = np.zeros(nrows, dtype=np.uint64)
    np.bitwise_or.at(yes, row, np.where(p.astype(bool), bit, np.uint64(0)))
    np.bitwise_or.at(here, row, bit)
    yes, here = yes[row] & mask, here[row] & mask
    if mode == "ballot":
        write(m, ins.args[0], yes.astype(np.uint32), idx)
        return
    r = {"all": yes == here, "any": yes != 0, "uni": (yes == 0) | (yes == here)}[mode]
    write(m, ins.args[0], r, idx)


def h_activemask(m, ins, idx, pc):
    row, ln, nrows = _warp_rows(m, idx)
    bits = np.zeros(nrows, dtype=np.uint64)
    np.bitwise_or.at(bits, row, np.uint64(1) << ln.astype(np.uint64))
    write(m, ins.args[0], bits[row].astype(np.uint32), idx)


def h_ldmatrix(m, ins, idx, pc):
    num = next(int(x[1]) for x in ins.mods if x in ("x1", "x2", "x4"))
    trans = "trans" in ins.mods
    lanes = m.lanes(idx)
    addr = address(m, ins.args[1], idx)
    if _space(ins) == "generic":
        addr = addr - SHARED_WINDOW
    else:
        addr = shared32(addr)
    row, ln, nrows = _warp_rows(m, idx)
    full = np.bincount(row, minlength=nrows)
    if (full != 32).any():
        unsupported(m, ins, msg("unsupported.ldmatrix_converged"))
    size = m.smem.user_bytes
    provider = ln < 8 * num
    ok = m.smem.inside(addr, 16)
    mis = (addr % 16) != 0
    _report_bad(m, ins, lanes, provider & ~ok, m.smem.user(addr), "out_of_bounds",
                lambda a: said("finding.oob_ldmatrix", off=a, size=size))
    _report_bad(m, ins, lanes, provider & ok & mis, m.smem.user(addr), "misaligned",
                lambda a: said("finding.misaligned_ldmatrix", off=a))
    good = provider & ok & ~mis
    amat = np.zeros((nrows, 32), dtype=np.int64)
    amat[row, ln] = np.where(good, addr, 0)
    gmat = np.zeros((nrows, 32), dtype=bool)
    gmat[row, ln] = good
    # gather rows: [warps, num, 8 rows, 8 halves]
    blk = np.zeros((nrows,), dtype=np.int64)
    blk[row] = m.block_local[lanes]
    flat = blk[:, None] * m.smem.stride + amat[:, :8 * num]            # [W, 8*num]
    halves = m.smem.arena.gather(flat.ravel(), 2, 8).reshape(nrows, num, 8, 8)
    halves = np.where(gmat[:, :8 * num].reshape(nrows, num, 8)[..., None], halves, 0).astype(np.uint16)
    L = np.arange(32)
    g, t4 = L // 4, L % 4
    for mi in range(num):
        Mx = halves[:, mi]
        if trans:
            lo, hi = Mx[:, 2 * t4, g], Mx[:, 2 * t4 + 1, g]
        else:
            lo, hi = Mx[:, g, 2 * t4], Mx[:, g, 2 * t4 + 1]
        val = lo.astype(np.uint32) | (hi.astype(np.uint32) << 16)           # [W, 32]
        write(m, ins.args[0].items[mi], val[row, ln], idx)
    act = np.zeros((nrows, 32), dtype=bool)
    act[:, :8 * num] = gmat[:, :8 * num]
    m.capture(pc, amat, act, 16, False)
    m.count(pc, "ldmatrix_requests", nrows)
    m.count(pc, "shared_ld_requests", nrows)
    m.count(pc, "shared_ld_requests_active", nrows)
    m.count(pc, "shared_ld_wavefronts", int(shared_wavefronts(amat, act, 16, "ldmatrix").sum()))
    if m.shadow is not None:
        pl = lanes[good]
        _shadow(m, ins, pl, m.smem.flat(m.block_local[pl], addr[good]), np.ones(len(pl), bool), 16, False)


# m16n8k16 fragments (PTX ISA), with g = lane // 4 and t = lane % 4. A (16 x 16): register i
# of a lane holds the two halves (g + dr, 2t + dc) and (g + dr, 2t + dc + 1); B (16 x 8):
# register i holds (2t + dk, g) and (2t + dk + 1, g); C/D (16 x 8): register i holds the
# float (g + dr, 2t + dc). emu/mma_forms.py holds every form's layout (this one among them), and
# the lesson draws its fragment pictures from them (mma_fragment_map).
MMA_A_REGS = ((0, 0), (8, 0), (0, 8), (8, 8))
MMA_B_REGS = (0, 8)
MMA_C_REGS = ((0, 0), (0, 1), (8, 0), (8, 1))


def mma_fragment_map(operand: str):
    """Which lane and register hold each element of an m16n8k16 operand ("A", "B" or "C"):
    (lane[rows, cols], register[rows, cols], half[rows, cols]); half is 0 or 1 for the
    packed f16 operands A and B, 0 for the f32 C/D."""
    L = np.arange(32)
    g, t4 = L // 4, L % 4
    shape = {"A": (16, 16), "B": (16, 8), "C": (16, 8)}[operand]
    lane = np.full(shape, -1)
    reg = np.full(shape, -1)
    half = np.zeros(shape, dtype=int)
    if operand == "A":
        for r_i, (dr, dc) in enumerate(MMA_A_REGS):
            for h in (0, 1):
                lane[g + dr, 2 * t4 + dc + h], reg[g + dr, 2 * t4 + dc + h], half[g + dr, 2 * t4 + dc + h] = L, r_i, h
    elif operand == "B":
        for r_i, dk in enumerate(MMA_B_REGS):
            for h in (0, 1):
                lane[2 * t4 + dk + h, g], reg[2 * t4 + dk + h, g], half[2 * t4 + dk + h, g] = L, r_i, h
    else:
        for r_i, (dr, dc) in enumerate(MMA_C_REGS):
            lane[g + dr, 2 * t4 + dc], reg[g + dr, 2 * t4 + dc] = L, r_i
    return lane, reg, half


# ------------------------------------------------------------------------ atomics
_ATOM = {
    "add": lambda o, v, c: o + v, "min": lambda o, v, c: np.minimum(o, v),
    "max": lambda o, v, c: np.maximum(o, v), "exch": lambda o, v, c: v,
    "and": lambda o, v, c: o & v, "or": lambda o, v, c: o | v, "xor": lambda o, v, c: o ^ v,
    "cas": lambda o, v, c: np.where(o == v, c, o),
    "inc": lambda o, v, c: np.where(o >= v, 0, o + 1).astype(o.dtype),
    "dec": lambda o, v, c: np.where((o == 0) | (o > v), v, o - 1).astype(o.dtype),
}


def dataflow(fn) -> tuple[set, dict]:
    """(the registers some instruction of ``fn`` reads, {register: the immediate or symbol of the one
    unguarded ``mov`` that is its only write}), computed once per function and kept on it."""
    got = getattr(fn, "_dataflow", None)
    if got is None:
        reads, writes = set(), {}

        def walk(o):
            if o.kind in ("reg", "mem", "pred_not"):
                reads.add(o.name)
            for it in o.items:
                walk(it)
        for ins in fn.instrs:
            writes_first = len(ins.args) > 1 and ins.op not in NO_DEST
            for i, o in enumerate(ins.args):
                # the first operand is the destination of an instruction that writes one (never
                # a memory operand: an address register is read)
                if i == 0 and o.kind != "mem" and writes_first:
                    continue
                walk(o)
            if ins.guard:
                reads.add(ins.guard)
            if ins.args and ins.args[0].kind == "reg" and ins.op not in NO_DEST:
                writes.setdefault(ins.args[0].name, []).append(ins)
        consts = {r: w[0].args[1] for r, w in writes.items()
                  if len(w) == 1 and w[0].op == "mov" and len(w[0].args) == 2
                  and w[0].args[1].kind in ("imm", "sym") and w[0].guard is None}
        got = fn._dataflow = (reads, consts)
    return got


def popc_increment(fn, ins, args, t) -> bool:
    """Does ptxas make this shared atomic ``ATOMS.POPC.INC``? An add of the immediate 1 to a
    32-bit integer whose old value nothing reads (``atomicAdd(&s[i], 1)`` as a statement: the
    histograms' increment). The SASS adds each word's lane count at once, so lanes on one word
    cost one wavefront (``atom_wavefronts``: histogram256Kernel's 1,208, ncu's)."""
    if "add" not in ins.mods or t not in ("u32", "s32", "b32"):
        return False
    v = args[1]
    if v.kind == "reg":                          # ptxas propagates a register set once to a constant
        v = dataflow(fn)[1].get(v.name) or v
    if v.kind != "imm" or int(v.value) != 1:
        return False
    if ins.op == "red":
        return True
    dst = ins.args[0]
    return dst.kind == "reg" and dst.name not in dataflow(fn)[0]


def warp_aggregated(fn, ins, args, t) -> bool:
    """Does ptxas aggregate this shared atomic over the warp? A 32-bit integer atomic at one fixed address
    (a ``__shared__`` variable: ``[sym]``, or a register set once to its address), in two forms:

    * an ``atom.shared.add`` of an immediate whose old value is read: ptxas elects a leader
      (``VOTEU.ANY``, ``FLO``), adds the active lanes' count once (``@P ATOMS.ADD``) and hands each lane
      its old value plus its rank (``SHFL``, ``POPC``): one lane, one wavefront a warp (PyCUDA's
      select_them, the twelfth unseen suite: ncu 123 requests, the warps with a lane on). Unused, the old
      value of an add of 1 makes ATOMS.POPC.INC (``popc_increment``), which costs the same on one word;
    * an add, and, or, xor, min or max whose old value nothing reads (``atomicOr(&flag, 1)`` as a
      statement), of any operand: ptxas folds the active lanes' operands first (``REDUX.OR``, ``.MAX``,
      ...; ``POPC`` for an add of a constant) and the lane ``UFLO`` elects does one ``@P ATOMS``: one
      wavefront a warp, and a warp with no lane on jumps past it (reproSweepsByOrder's flag: ncu 102
      requests and 102 wavefronts, bench/results/fidelity-2026-12-03-hoisted-pair.json)."""
    if t not in ("u32", "s32", "b32"):
        return False
    a = args[0]
    if a.kind != "mem":
        return False
    if a.name.startswith("%") and getattr(dataflow(fn)[1].get(a.name), "kind", None) != "sym":
        return False
    dst = ins.args[0]
    used = ins.op == "atom" and dst.kind == "reg" and dst.name in dataflow(fn)[0]
    if not used:
        return any(x in ins.mods for x in _AGGREGATED_UNUSED)
    if "add" not in ins.mods:
        return False
    v = args[1]
    if v.kind == "reg":
        v = dataflow(fn)[1].get(v.name) or v
    return v.kind == "imm"


#: the ops of a shared atomic whose old value nothing reads that ptxas folds over the warp (``REDUX``) and
#: does once, from one elected lane (``warp_aggregated``)
_AGGREGATED_UNUSED = ("add", "and", "or", "xor", "min", "max")


def h_atom(m, ins, idx, pc):
    red = ins.op == "red"
    opname = next((x for x in ins.mods if x in _ATOM), None)
    if opname is None:
        unsupported(m, ins)
    t = _type_of(ins)
    space = _space(ins)
    args = ins.args if red else ins.args[1:]
    aop = args[0]
    addr = address(m, aop, idx)
    if space == "shared":
        addr = shared32(addr)
    lanes = m.lanes(idx)
    n = len(lanes)
    es = size_of(t)
    v = np.broadcast_to(np.asarray(read(m, args[1], t, idx)), (n,))
    c = np.broadcast_to(np.asarray(read(m, args[2], t, idx)), (n,)) if opname == "cas" else None
    generic = space == "generic"       # SASS ATOM (not ATOMS/ATOMG): ptxas keeps the generic space
    if generic:
        if ((addr >= SHARED_WINDOW) & (addr < LOCAL_WINDOW)).all():
            space, addr = "shared", addr - SHARED_WINDOW
        else:
            space = "global"
    if space == "global":
        inb, used = provenance.in_bounds(m, ins, addr, es)
        ok = inb & (addr % es == 0)
        _report_bad(m, ins, lanes, ~ok, addr, "out_of_bounds", lambda a: _oob_global(m, a, es, True, used))
        off, arena = m.gmem.offset(addr), m.gmem.arena
        if m.gshadow is not None:
            if "release" in ins.mods or "acq_rel" in ins.mods:     # a release is a fence, then the atomic
                m.gshadow.fence(m, lanes[ok])
            m.gshadow.atomic(m, lanes[ok], off[ok], ins)
        if generic:
            # ncu counts a generic ATOM that goes to global memory as one wavefront of the shared
            # atomics' data pipe per warp with a lane on (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom:
            # grid.sync's atom.add.release.gpu, 4 blocks, 4 wavefronts; measured with one lane only)
            m.count(pc, "shared_atom_wavefronts", _count_warps(m, lanes[ok]))
        # what the technique checks see: a global access of its sectors (metrics.SEEN_KEYS)
        aligned = addr % es == 0                 # past its array but aligned: its sectors still go (ld/st above)
        if aligned.any():
            mat, act = m.warp_matrix(idx, addr)
            if not aligned.all():
                act &= m.warp_matrix(idx, aligned)[0].astype(bool)
            warps = int(act.any(axis=1).sum())
            sectors = int(global_sectors(mat, act, es).sum())
            m.count(pc, "global_atom_requests", warps)
            m.count(pc, "global_atom_sectors", sectors)
            if not red:
                m.count(pc, "global_atom_rd_requests", warps)
                m.count(pc, "global_atom_rd_sectors", sectors)
    elif space == "shared":
        ok = m.smem.inside(addr, es) & (addr % es == 0)
        _report_bad(m, ins, lanes, ~ok, m.smem.user(addr), "out_of_bounds",
                    lambda a: said("finding.oob_atomic_shared", off=a, size=m.smem.user_bytes))
        off, arena = m.smem.flat(m.block_local[lanes], addr), m.smem.arena
        if m.shadow is not None:
            m.shadow.fill((off[ok] // m.unit))
        # requests as ncu counts them (smsp__inst_executed_op_shared_atom: ATOMS only, so a generic
        # ATOM that lands in shared memory makes none); wavefronts under
        # l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom: ATOMS by the load's bank rule, a
        # generic ATOM by one access per active lane (metrics.py)
        if not generic:
            m.count(pc, "shared_atom_requests", m.nwarps(idx))
            m.count(pc, "shared_atom_requests_active", _count_warps(m, lanes[ok]))
        mat, act = m.warp_matrix(idx, addr)
        if not ok.all():
            act &= m.warp_matrix(idx, ok)[0].astype(bool)
        if not generic and opname == "add" and t == "f32":
            # no ATOMS for a float add: an LDS + ATOMS.CAST.SPIN loop, a pass for each lane a bank serves
            # (metrics.cas_loop): its passes are requests of both, beyond the one a warp counted above
            passes, lds = cas_loop(mat, act)
            more = int(np.maximum(passes - 1, 0).sum())
            m.count(pc, "shared_atom_requests", more)
            m.count(pc, "shared_atom_requests_active", more)
            m.count(pc, "shared_ld_requests", int(passes.sum()))
            m.count(pc, "shared_ld_requests_active", int(passes.sum()))
            m.count(pc, "shared_ld_wavefronts", int(lds.sum()))
            wf = 2 * passes
        elif generic or not (popc_increment(m.fn, ins, args, t) or warp_aggregated(m.fn, ins, args, t)):
            # every lane its own read-modify-write: the most active lanes one bank serves
            # (bench/results/gpu_shared_atomics-2026-12-01.json.gz: ATOMS add/exch/min and generic ATOM
            # 40 of 40 patterns each); a CAS costs twice that (40 of 40)
            wf = generic_atom_wavefronts(mat, act, es) * (2 if opname == "cas" and not generic else 1)
        else:
            wf = atom_wavefronts(mat, act, es)      # ATOMS.POPC.INC, or aggregated: lanes on one word at once
        m.count(pc, "shared_atom_wavefronts", int(wf.sum()))
        # for the technique checks (SEEN_KEYS): every atomic writes; one that returns data reads too
        for kind in ("wr",) if red else ("wr", "rd"):
            m.count(pc, f"shared_atom_{kind}_requests", m.nwarps(idx))
            m.count(pc, f"shared_atom_{kind}_requests_active", _count_warps(m, lanes[ok]))
            m.count(pc, f"shared_atom_{kind}_wavefronts", int(wf.sum()))
    else:
        unsupported(m, ins, msg("unsupported.atomics_on", space=space))
    old = apply_atomics(arena, off, ok, es, DT[t], opname, v, c)
    if not red:
        write(m, ins.args[0], old, idx)


#: ops where applying the same operand twice changes nothing more than once: f(f(x, v), v) == f(x, v)
_IDEMPOTENT = ("and", "or", "min", "max", "exch")


def apply_atomics(arena, off, ok, es, D, opname, v, c=None) -> np.ndarray:
    """Do the atomics of one warp group's lanes ``ok`` at byte offsets ``off`` of ``arena``: lanes on
    one address one after another in lane order, as before; returns each lane's old value.

    One stable sort groups the lanes by address. Then, with no loop over a group's lanes: a group
    whose lanes are alone is done at once; an integer add by a running sum within each group; an
    operand every lane of a group shares, for an op that applying twice leaves as once (and, or,
    min, max, exch, a float add of zero, an integer add, or, xor of zero) by "the first lane sees
    the value, the others its update". Anything else (float adds of values, cas, inc, dec, xor)
    steps through the groups' lanes rank by rank, every group at once (as many steps as the most
    lanes on one address)."""
    n = len(off)
    old = np.zeros(n, dtype=D)
    lanes = np.flatnonzero(ok)
    if not len(lanes):
        return old
    U = _UINT_OF[es]
    op = _ATOM[opname]
    order = lanes[np.argsort(off[lanes], kind="stable")]
    o_sorted = off[order]
    start = np.ones(len(order), dtype=bool)
    start[1:] = o_sorted[1:] != o_sorted[:-1]
    first = np.flatnonzero(start)                     # where each group starts in ``order``
    gid = np.cumsum(start) - 1                        # each sorted lane's group
    rank = np.arange(len(order)) - first[gid]         # its place in its group's order
    heads = order[first]
    init = arena.gather(off[heads], es).view(D).copy()
    vv = np.asarray(v)[order]
    cc = None if c is None else np.asarray(c)[order]
    with np.errstate(all="ignore"):
        if len(first) == len(order):                  # every lane on an address of its own
            r = np.asarray(op(init, vv, cc), dtype=D)
            arena.scatter(off[heads], es, r.view(U))
            old[heads] = init
            return old
        vbits = vv.view(U)
        same = (vbits == vbits[first][gid]).all() if cc is None else False
        integer = np.issubdtype(D, np.integer)
        zero = same and not vbits.any()
        if opname == "add" and integer:
            # a running sum within each group (wrapping, as the hardware's integer add does)
            w = vv.astype(U).astype(np.uint64)
            excl = np.cumsum(w, dtype=np.uint64) - w
            within = (excl - excl[first][gid]).astype(U).view(D)
            old[order] = (init[gid].view(U) + within.view(U)).view(D)
            total = (np.add.reduceat(w, first).astype(U).view(D))
            arena.scatter(off[heads], es, (init.view(U) + total.view(U)).view(U))
            return old
        if same and (opname in _IDEMPOTENT or (zero and opname in ("add", "or", "xor"))):
            after = np.asarray(op(init, vv[first], None), dtype=D)
            old[order] = np.where(rank == 0, init[gid], after[gid])
            arena.scatter(off[heads], es, after.view(U))
            return old
        cur = init
        for k in range(int(rank.max()) + 1):          # rank by rank: one lane of every group at once
            sel = np.flatnonzero(rank == k)
            g = gid[sel]
            o = cur[g]
            r = np.asarray(op(o, vv[sel], None if cc is None else cc[sel]), dtype=D)
            old[order[sel]] = o
            cur[g] = r
        arena.scatter(off[heads], es, cur.view(U))
    return old


# ------------------------------------------------------------------------ cp.async
class AsyncCopies:
    """cp.async in flight: data lands at cp.async.wait_group / wait_all, not before."""

    def __init__(self, T):
        self.entries = []                            # (lanes, flat offsets, data bytes [n, k], group id per lane)
        self.committed = np.zeros(T, dtype=np.int64)
        self.inflight = None
        self.last_wait = np.full(T, -1, dtype=np.int64)      # N of each thread's latest wait_group (-1: none)
        self.waited_at = np.zeros(T, dtype=np.int64)         # ... and its committed count then

    def pending_copy(self, unit, unit_bytes):
        """(issuing lane, group id) of a copy still in flight into shared ``unit``, or None."""
        for ln, flat, data, grp in self.entries:
            lo = flat // unit_bytes
            hit = (lo <= unit) & (unit < lo + max(1, data.shape[1] // unit_bytes))
            if hit.any():
                j = int(np.argmax(hit))
                return int(ln[j]), int(grp[j])
        return None

    def pending_mask(self, units):
        if self.inflight is None or not self.entries:
            return None
        return self.inflight[units] > 0

    def overwrite(self, m, off, nbytes):
        pass


def h_cp_async(m, ins, idx, pc):
    st = m.async_state
    sub = ins.mods[1] if len(ins.mods) > 1 else ""
    lanes = m.lanes(idx)
    if sub in ("commit_group",):
        st.committed[lanes] += 1
        return
    if sub in ("wait_group", "wait_all"):
        keep = 0 if sub == "wait_all" else int(ins.args[0].value)
        if sub == "wait_all":
            st.committed[lanes] += 1
        st.last_wait[lanes] = keep
        st.waited_at[lanes] = st.committed[lanes]
        _complete(m, lanes, keep)
        return
    if sub not in ("ca", "cg"):
        unsupported(m, ins)
    # .L2::cache_hint's last operand is the createpolicy register (Marlin's weight stream): a hint, no effect here
    args = ins.args[:-1] if "L2::cache_hint" in ins.mods else ins.args
    dst = shared32(address(m, args[0], idx))
    src = address(m, args[1], idx)
    size = int(args[2].value)
    src_size = np.broadcast_to(np.asarray(read(m, args[3], "u32", idx)).astype(np.int64), (len(lanes),)) \
        if len(args) > 3 else np.full(len(lanes), size)
    inb, used = provenance.in_bounds(m, ins, src, size)
    okg = inb | (src_size == 0)
    _report_bad(m, ins, lanes, ~okg, src, "out_of_bounds", lambda a: _oob_global(m, a, size, False, used))
    oks = m.smem.inside(dst, size) & (dst % size == 0)
    _report_bad(m, ins, lanes, ~oks, m.smem.user(dst), "out_of_bounds",
                lambda a: said("finding.oob_cp_async", off=a, size=m.smem.user_bytes))
    ok = okg & oks
    sel = np.flatnonzero(ok)
    data = np.zeros((len(sel), size), dtype=np.uint8)
    srcoff = m.gmem.offset(src[sel])
    keepbytes = np.arange(size)[None, :] < src_size[sel][:, None]
    data = np.where(keepbytes, m.gmem.arena.data[srcoff[:, None] + np.arange(size)], 0).astype(np.uint8)
    if m.gshadow is not None:                  # a __device__ variable's bytes read (sanitizer/devicestate.py)
        m.gshadow.note_read(srcoff[src_size[sel] > 0], size)
    flat = m.smem.flat(m.block_local[lanes[sel]], dst[sel])
    st.entries.append((lanes[sel], flat, data, st.committed[lanes[sel]].copy()))
    if st.inflight is None:
        st.inflight = np.zeros(m.smem.arena.nbytes // m.unit + 1, dtype=np.int32)
    units = (flat[:, None] // m.unit + np.arange(max(1, size // m.unit))).ravel()
    np.add.at(st.inflight, units, 1)
    m.count(pc, "global_ld_requests", m.nwarps(lanes[sel]) if len(sel) else 0)
    m.count(pc, "global_ld_requests_active", m.nwarps(lanes[sel]) if len(sel) else 0)
    if len(sel):
        mat, act = m.warp_matrix(lanes[sel] if len(sel) < m.T else None, src[sel])
        # the shared-memory side: one store request of `size` bytes per lane (DESIGN §5 phases)
        dmat, dact = m.warp_matrix(lanes[sel] if len(sel) < m.T else None, dst[sel])
        # LDGSTS's sectors: the global side's, or for a 16-byte copy the shared side's where that spans more
        # 32-byte sectors (cuda_hgemm's 64-byte rows into 80-byte padded rows: 20 a warp for 16 on an H200,
        # docs/FIDELITY.md, the sixth unseen suite; a global side wider than the shared one is unrecorded).
        # A 4-byte copy counts the global side's alone (VapourSynth-BilateralGPU's 16-float rows into 22-float
        # ones: 432 and 864 sectors on the H100, where the larger side gives 570 and 1,146; the eighth round)
        sectors = global_sectors(mat, act, size)
        if size == 16:
            sectors = np.maximum(sectors, global_sectors(dmat, dact, size))
        m.count(pc, "global_ld_sectors", int(sectors.sum()))
        m.count(pc, "cp_async_requests", dmat.shape[0])
        pad = m.lazy.get().padding.get(pc) if m.lazy is not None else None
        if pad:                 # ptxas's never-true @!PT LDS before this LDGSTS: requests (emu/counters/ifconvert.py)
            m.count(pc, "shared_ld_requests", pad * dmat.shape[0])
            m.sass_only(pc, "shared_ld_requests", pad * dmat.shape[0])
        m.count(pc, "cp_async_st_wavefronts", int(shared_wavefronts(dmat, dact, size, "st").sum()))


def _in_flight(m, unit, lane, off):
    """A read of shared memory a cp.async has not landed in yet, worded by the group rule:
    cp.async.wait_group N returns once at most the N newest of the thread's committed groups
    are pending; a copy lands only when its group is committed and a wait lets it go."""
    st = m.async_state
    hit = st.pending_copy(unit, m.unit)
    if hit is None:
        return said("finding.cp_async_in_flight", off=off)
    issuer, grp = hit
    committed = int(st.committed[issuer])
    if committed <= grp:
        text = said("finding.cp_async_uncommitted", off=off)
    else:
        if int(st.last_wait[issuer]) >= 0 and int(st.waited_at[issuer]) > grp:
            # groups the thread had committed after the copy's when it waited
            newer = int(st.waited_at[issuer]) - grp - 1
            text = said("finding.cp_async_wait_too_many", off=off, newer=newer, last=int(st.last_wait[issuer]))
        else:
            text = said("finding.cp_async_no_wait", off=off, newer=committed - grp - 1)
    if int(m.tid_in_block[issuer]) != int(m.tid_in_block[lane]):
        (x, y, z), _ = m.thread_coords(issuer)
        text = text + said("finding.cp_async_other_thread", thread=f"{x},{y},{z}")
    return text


def _complete(m, lanes, keep):
    st = m.async_state
    if not st.entries:
        return
    mine = np.zeros(m.T, dtype=bool)
    mine[lanes] = True
    rest = []
    for (ln, flat, data, grp) in st.entries:
        done = mine[ln] & (grp < st.committed[ln] - keep)
        if done.any():
            f, dd = flat[done], data[done]
            size = dd.shape[1]
            m.smem.arena.data[(f[:, None] + np.arange(size)).ravel()] = dd.ravel()
            units = (f[:, None] // m.unit + np.arange(max(1, size // m.unit))).ravel()
            np.add.at(st.inflight, units, -1)
            if m.shadow is not None:
                tid = np.repeat(m.ctid[ln[done]], max(1, size // m.unit))
                stp = m.stamp(ln[done])
                stp = np.repeat(stp, max(1, size // m.unit)) if np.ndim(stp) else stp
                m.shadow.write(units, stp, tid)
        if (~done).any():
            rest.append((ln[~done], flat[~done], data[~done], grp[~done]))
    st.entries = rest


def finish_async(m):
    """At kernel exit outstanding copies still land (the hardware drains them)."""
    if m.async_state.entries:
        m.async_state.committed += 1
        _complete(m, np.arange(m.T), 0)


HANDLERS = {
    "add": _binary(lambda a, b: a + b, lambda a, b: a + b),
    "sub": _binary(lambda a, b: a - b, lambda a, b: a - b),
    "mul": h_mul, "mad": h_mad, "fma": h_fma, "div": h_div, "rem": h_rem, "sad": h_sad,
    "min": h_minmax, "max": h_minmax,
    "neg": _unary(lambda a, t: -a), "abs": _unary(lambda a, t: np.abs(a)), "copysign": h_copysign,
    "sqrt": _unary(lambda a, t: np.sqrt(a)),
    "rsqrt": _unary(lambda a, t: 1 / np.sqrt(a)),
    "rcp": _unary(lambda a, t: 1 / a),
    "ex2": _unary(lambda a, t: np.exp2(a)), "lg2": _unary(lambda a, t: np.log2(a)),
    "sin": _unary(lambda a, t: np.sin(a)), "cos": _unary(lambda a, t: np.cos(a)),
    "tanh": _unary(lambda a, t: np.tanh(a)),
    "and": h_logic, "or": h_logic, "xor": h_logic, "not": h_logic, "cnot": h_logic,
    "shl": h_shift, "shr": h_shift, "popc": h_popc_clz, "clz": h_popc_clz,
    "bfe": h_bfe, "bfi": h_bfi, "bmsk": h_bmsk, "prmt": h_prmt,
    "setp": h_setp, "set": h_set, "selp": h_selp, "mov": h_mov, "cvt": h_cvt, "cvta": h_cvta,
    "ld": h_ld, "st": h_st, "ldu": h_ld,
    "membar": h_fence, "fence": h_fence, "prefetch": h_nop, "prefetchu": h_nop, "nanosleep": h_nop,
    "createpolicy": h_createpolicy,
    "shfl": h_shfl, "vote": h_vote, "activemask": h_activemask,
    "ldmatrix": h_ldmatrix,
    "atom": h_atom, "red": h_atom,
    "cp": h_cp_async,
}


def _bar_dispatch(m, ins, idx, pc):
    if "warp" in ins.mods:
        return h_barwarp(m, ins, idx, pc)
    unsupported(m, ins)


HANDLERS["bar"] = _bar_dispatch
