"""ptxas's FMA contraction: which PTX ``mul`` + ``add`` pairs the GPU computes as one fused
instruction, read from the cubin the project builds, so the emulator rounds those once.

A ``mul.f32`` without a rounding mode (and ``mul.f16``/``mul.f16x2``, which ``cuda_fp16.h``'s
``__hmul`` writes as inline PTX, and ``mul.f64``) lets ptxas fuse it with an ``add``/``sub``
(no rounding mode either) that uses its result in the same basic block: ``FFMA``, ``HFMA2``,
``DFMA``, one rounding where the PTX rounds twice. Seen on sm_90: ``__hadd(__hmul(a, b), c)``
becomes one ``HFMA2``; a ``mul.f32`` whose result two adds use becomes two ``FFMA`` and no
``FMUL``; a mul and an add in different PTX blocks stay ``FMUL`` + ``FADD``.

Which pairs were fused is read by dataflow, not only by line, since SASS maps instructions to
source lines, not to PTX instructions: in the SASS, an ``FMUL`` (``HMUL2``, ``DMUL``) whose
result an ``FADD`` (``HADD2``, ``DADD``, or an ``FFMA``/``HFMA2`` by 1) of the same block reads
is a pair ptxas left apart. Per (kind, mul's line, add's line), the PTX pairs that could fuse are
fused when the SASS has none of those chains beyond the PTX pairs that could not fuse (a
``mul.rn``) and at least one more FMA on those lines than the PTX has, one for each pair; left
apart when it has a chain for each (or more: ``div.approx`` is an FMUL in the SASS) and no
FMA the PTX lacks; anything else (some of each, ptxas unrolling a loop further, no SASS) is
undecided: those are computed as the PTX says (two roundings) and the launch's notes say so on
that line. A chain is followed across the forward branches ptxas makes inside one PTX block (the
``BSSY`` ... ``BSYNC`` diamonds around ``sqrt.rn``'s, ``rcp.rn``'s and ``div.rn``'s slow-path calls): at
a label only the registers written on a way in are forgotten (all of them at a loop's head). The FMAs
an add's line has beyond the PTX's are shared among the groups with their adds on that line: two groups
that would each need the one spare FMA are undecided, not both fused. Two products that only adds and
subs read, each reading both (``p + q`` and ``p - q``, the products computed once), are one shape of
their own (``_shared_products``): ptxas keeps the second operand of the first of those adds an FMUL and
fuses the other product into every one of them (GPU-LBMsim's MRT collision, the thirty-fourth unseen
suite; collection/repro_contraction_lbm.cu). A sub of two products (``_minuends``) is fused as the SASS's
``FFMA a, b, -FMUL`` say on its line: as many, a multiple (copies) or, where every sub of two products on the
line is one of these and nothing on it says otherwise, more (ptxas's own unrolling: libfalcon_dsp's FIR
filter); where its subtrahend's product has other readers (NVVM computed it once for two lines: cuSignal's
Lomb-Scargle), ptxas keeps that one an FMUL and fuses the minuend's, read through labels and branches from an
FMUL on the subtrahend's line. The scans for those FMAs do not forget registers at a ``BAR``, which ends no
block (cuSignal's sosfilt: an unrolled step's FMUL before the next step's barrier, its FFMA after it); the
thirty-third unseen suite.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from ..messages import language, msg
from ..toolchain.sass import entry_sass, sass_listing
from .numerics import fma_f16, fma_f32, fma_f64
from .operands import DT, read, write

_FLOAT = ("f32", "f64", "f16", "f16x2")
_ROUND = ("rn", "rz", "rm", "rp", "sat", "relu")
_ENDS = {"bra", "ret", "exit", "call", "bar", "barrier", "trap", "brkpt"}
_KIND_OF = {"f32": "f32", "f64": "f64", "f16": "f16", "f16x2": "f16"}
_SASS_MUL = {"FMUL": "f32", "DMUL": "f64", "HMUL2": "f16"}
_SASS_ADD = {"FADD": "f32", "DADD": "f64", "HADD2": "f16"}
_SASS_FMA = {"FFMA": "f32", "DFMA": "f64", "HFMA2": "f16"}


def _ftype(ins):
    return next((x for x in ins.mods if x in _FLOAT), None)


def _free_mul(ins) -> bool:
    """A float mul ptxas may fuse: no rounding mode, no saturation."""
    return ins.op == "mul" and _ftype(ins) is not None and not any(x in ins.mods for x in _ROUND)


def _free_add(ins) -> bool:
    return ins.op in ("add", "sub") and _ftype(ins) is not None and not any(x in ins.mods for x in _ROUND)


@dataclass
class Plan:
    # pc -> ("stash",) for a fused mul; ("fuse", mul_pc, operand) for its add
    actions: dict = field(default_factory=dict)
    notes: dict = field(default_factory=dict)       # (file, line) -> why its pairs round twice
    lines: dict = field(default_factory=dict)       # (file, line) -> "fused" | "apart" | "undecided"


def ptx_pairs(fn) -> list:
    """``[(mul_pc, add_pc, operand, free)]``: a float add/sub reading a float mul's result in the
    same basic block (``operand`` 1 or 2 of the add); ``free``: both may be fused. Cached."""
    got = fn.__dict__.get("_contraction_pairs")
    if got is not None:
        return got
    starts = set(fn.labels.values()) if getattr(fn, "labels", None) else set()
    last: dict = {}
    out = []
    for pc, ins in enumerate(fn.instrs):
        if pc in starts:
            last = {}
        if ins.op in ("add", "sub") and _ftype(ins) and ins.guard is None:
            for k in (1, 2):
                a = ins.args[k] if len(ins.args) > k else None
                if a is not None and a.kind == "reg" and a.name in last:
                    mpc = last[a.name]
                    mul = fn.instrs[mpc]
                    if mul.op == "mul" and _ftype(mul) == _ftype(ins) and mul.guard is None:
                        free = _free_mul(mul) and _free_add(ins) and ("ftz" in mul.mods) == ("ftz" in ins.mods)
                        out.append((mpc, pc, k, free))
        if ins.args and ins.args[0].kind == "reg" and ins.op not in ("st", "red"):
            last[ins.args[0].name] = pc
        elif ins.args and ins.args[0].kind == "vec":                  # ld.v4, mma, mov.b64 {lo, hi}
            for it in ins.args[0].items:
                last.pop(it.name, None)
        if ins.op in _ENDS:
            last = {}
    fn.__dict__["_contraction_pairs"] = out
    return out


_REG = re.compile(r"^[-|!]*\|?(R\d+)")


def _sass_regs(operands: str) -> list:
    out = []
    for o in operands.split(","):
        o = o.strip().rstrip(";").strip()
        m = _REG.match(o)
        out.append(m.group(1) if m else None)
    return out


def _join_drops(listing) -> dict:
    """``{index: set of registers | None}`` for each labelled instruction of ``listing``: the registers whose
    value there depends on the way in, written between a forward branch to it and it (None: a backward branch
    comes in, a loop's head, where nothing is known). ptxas's own forward branches inside one PTX block (the
    ``BSSY`` ... ``BSYNC`` diamonds of ``sqrt.rn``'s and ``rcp.rn``'s slow-path calls) leave every other register
    as it was before the branch."""
    at = {}
    for i, s in enumerate(listing):
        for lb in s.labels:
            at[lb] = i
    sources: dict = {}
    for i, s in enumerate(listing):
        if s.op in ("BRA", "BRX", "JMP", "JMX") and s.label in at:
            sources.setdefault(at[s.label], []).append(i)
    out = {}
    for j, s in enumerate(listing):
        if not s.labels:
            continue
        src = sources.get(j, [])
        if any(i >= j for i in src):
            out[j] = None
            continue
        lo = min(src, default=j)
        drop = set()
        for t in listing[lo + 1:j]:
            regs = _sass_regs(t.operands)
            if regs and regs[0] is not None:
                drop.add(regs[0])
        out[j] = drop
    return out


def _callee_writes(listing) -> dict:
    """``{label: registers}``: for each subroutine ptxas appended to the entry (``$__internal_...`` slow paths, from
    their label to the next such label or the listing's end), every register it writes (``R`` names; a 64-bit
    destination's pair both)."""
    starts = [(j, lb) for j, s in enumerate(listing) for lb in s.labels if lb.startswith("$")]
    out = {}
    for n, (j, lb) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(listing)
        regs = set()
        for t in listing[j:end]:
            d = _sass_regs(t.operands)
            if d and d[0] is not None and not t.op.startswith(("ST", "RED", "BRA", "EXIT", "RET", "CALL")):
                regs |= _pair(d[0], _wide(t))
        out[lb] = regs
    return out


def _wide(t) -> bool:
    """Whether a SASS instruction's register operands name pairs (DFMA, DMUL, DADD; a ``.64`` load or move)."""
    return t.op.startswith("D") or ".64" in t.mods


def _pair(r: str, wide: bool) -> set:
    """A register operand's registers: ``R4`` of a D-instruction is the pair R4:R5."""
    return {r} | ({f"R{int(r[1:]) + 1}"} if wide and r[1:].isdigit() else set())


def _slow_path_fmas(listing) -> set:
    """The indices of the FMAs of ``div.rn``'s, ``sqrt.rn``'s and ``rcp.rn``'s fast paths: in a ``BSSY`` ... ``BSYNC``
    diamond whose other side calls a ``$__internal`` slow path, on that call's line, reading (through the diamond's
    arithmetic) the ``MUFU`` estimate it refines (``MUFU.RCP``, ``MUFU.RSQ``, just before the diamond or in it). They
    are the division's own Newton steps, no PTX mul and add, so no fused pair (Kaldi's CMVN, ``y / n - mean * mean``:
    five such FFMAs on the line whose one product ptxas left an FMUL); an FMA of the line's own pairs that ptxas
    scheduled inside the diamond reads no estimate and stays counted."""
    out: set = set()
    open_at: list = []
    for j, s in enumerate(listing):
        if s.op == "BSSY":
            open_at.append(j)
        elif s.op == "BSYNC" and open_at:
            i = open_at.pop()
            lines = {t.where for t in listing[i:j] if t.op == "CALL" and (t.label or "").startswith("$__internal")}
            if not lines:
                continue
            # the estimate: the last MUFU of the call's line in the straight run before the diamond (f64's Newton
            # steps on MUFU.RCP64H come before its BSSY), or in it
            start = i
            for k in range(i - 1, max(-1, i - 24), -1):
                t = listing[k]
                if t.labels or t.op in ("BRA", "BSYNC", "CALL", "EXIT", "RET"):
                    break
                if t.op == "MUFU" and t.where in lines:
                    start = k
                    break
            tainted: set = set()
            for k in range(start, j):
                t = listing[k]
                regs = _sass_regs(t.operands)
                if not regs or regs[0] is None:
                    continue
                wide = _wide(t)
                dest = _pair(regs[0], wide)
                srcs = set().union(*(_pair(r, wide) for r in regs[1:] if r)) if regs[1:] else set()
                if t.op == "MUFU" and t.where in lines:
                    tainted |= dest
                elif tainted & srcs:
                    tainted |= dest
                    if t.op in _SASS_FMA and t.where in lines:
                        out.add(k)
                else:
                    tainted -= dest
    return out


def _is_one(op: str) -> bool:
    """A SASS immediate that is exactly 1 (``1``, ``1.0``): an FFMA by it is an add. Not ``1.3333333730697631836``,
    whose digits before the point are 1 too (Deepwave's 4/3 stencil weight, the twenty-first round)."""
    try:
        return float(op) == 1.0
    except ValueError:
        return False


def sass_chains(listing) -> dict:
    """``{(kind, mul_where, add_where): n}``: SASS adds that read a multiply's result with no branch ptxas did
    not make between them (adds ptxas did not fuse; each counted once, whether one or both sources are products).
    A label clears what its ways in may have changed (``_join_drops``): across ptxas's own forward branches the
    registers neither side writes keep their value, so an FMUL before a ``sqrt.rn`` and the FADD after it are a
    chain (GPU-LBMsim's MRT-LES, m3 * m5 on line 914 subtracted on line 949); a loop's head clears everything."""
    listing = list(listing)
    drops = _join_drops(listing)
    callees = _callee_writes(listing)
    last: dict = {}
    out: dict = {}
    region = 0                                    # where the latest BSSY opened ptxas's own diamond
    for j, s in enumerate(listing):
        if s.labels:
            d = drops.get(j)
            if d is None:
                last = {}
            else:
                for r in d:
                    last.pop(r, None)
        if s.op == "BSSY":
            region = j
        elif s.op == "CALL" and s.label in callees:
            # a slow path's callee, whose body the listing holds (``div.rn``'s ``$__internal_..._slowpath``): it
            # writes those registers and no other, since ptxas keeps what is live across the call out of them
            # (Kaldi's CMVN: ``mean * mean``'s FMUL scheduled inside ``div.rn``'s diamond, its FADD after the join)
            for r in callees[s.label]:
                last.pop(r, None)
        elif s.op == "CALL":          # a slow path's callee may write what its diamond's fast path wrote (its line)
            for t in listing[region:j]:
                regs = _sass_regs(t.operands)
                if regs and regs[0] is not None and t.where == s.where:
                    last.pop(regs[0], None)
        regs = _sass_regs(s.operands)
        ops = [o.strip() for o in s.operands.split(",")]
        kind = _SASS_ADD.get(s.op)
        srcs = regs[1:]
        if kind is None and s.op in _SASS_FMA and len(ops) >= 4 and _is_one(ops[2]):
            kind, srcs = _SASS_FMA[s.op], [regs[1], regs[3]]          # an add written as x * 1 + y
        if kind is not None:
            keys = {(kind, last[r].where, s.where) for r in srcs
                    if r in last and _SASS_MUL.get(last[r].op) == kind}
            for key in keys:
                out[key] = out.get(key, 0) + 1
        if regs and regs[0] is not None and not s.op.startswith(("ST", "RED", "ATOM", "BRA", "EXIT")):
            last[regs[0]] = s
        if s.op in ("EXIT", "RET", "BAR"):
            last = {}
    return out


# SASS instructions after which _fmas_adding_an_fmul forgets a register's last writer: the block ends (a barrier does
# not end one: ptxas schedules a statement's FMUL before the next trip's BAR and its FFMA after it, cuSignal's sosfilt)
_SASS_ENDS = ("BRA", "EXIT", "RET", "CALL", "BSYNC", "WARPSYNC")


def _fmas_adding_an_fmul(listing, shape, same_line: bool, any_line: bool = False) -> dict:
    """``{(kind, fma_where): n}``: SASS FMAs of ``shape(ops)`` whose addend register an FMUL of the
    same kind wrote: within a block (the scan forgets at labels and branches), or, ``same_line``,
    anywhere before it on the FMA's own source line (through branches ptxas made itself). ``any_line``:
    through labels and branches too, the FMUL on any line, keyed ``(kind, fma_where, fmul_where)``."""
    last: dict = {}
    out: dict = {}
    through = same_line or any_line
    for s in listing:
        if s.labels and not through:
            last = {}
        regs = _sass_regs(s.operands)
        ops = [o.strip().rstrip(";").strip() for o in s.operands.split(",")]
        kind = _SASS_FMA.get(s.op)
        if kind is not None and len(ops) >= 4 and shape(ops):
            r = regs[3]
            if r in last and _SASS_MUL.get(last[r].op) == kind and (not same_line or last[r].where == s.where):
                key = (kind, s.where, last[r].where) if any_line else (kind, s.where)
                out[key] = out.get(key, 0) + 1
        if regs and regs[0] is not None and not s.op.startswith(("ST", "RED", "ATOM", "BRA", "EXIT")):
            last[regs[0]] = s
        if not through and s.op in _SASS_ENDS:
            last = {}
    return out


def sass_minuend_fmas(listing) -> dict:
    """``{(kind, fma_where): n}``: SASS FMAs ``d = a * b - c`` whose subtracted addend ``c`` is a
    multiply's result of the same block: ptxas's ``p - q`` of two products, ``p`` fused and ``q`` left
    an FMUL (on sm_90 it fuses the minuend, whichever PTX mul comes first). The product's own sign
    says nothing: ptxas keeps a negative constant factor as a negated operand (``DFMA R24, R24, -UR8,
    -R28`` for ``x * -w - q``); a fused subtrahend, ``p - e * f``, is ``FMA(e, -f, p)``, its addend
    unnegated."""
    return _fmas_adding_an_fmul(listing, lambda ops: ops[3].startswith("-"), same_line=False)


def sass_subtrahend_fmas(listing) -> dict:
    """``{(kind, fma_where): n}``: SASS FMAs ``d = a * -b + c`` (one factor negated) whose addend ``c``
    is an FMUL's result of the same source line: ptxas's ``p - q`` of two products with the subtrahend
    ``q`` fused and the minuend ``p`` left an FMUL. sm_90 does so where the subtrahend's product is
    computed last (Hetero-Mark's Black-Scholes, ``s * Phi(d1) - k_exp_minus_rt_ * Phi(d2)``: ``FMUL R5``
    for the minuend, then ``FFMA R5, R0, -R2, R5``). The FMUL may sit before a branch ptxas made itself
    (``div.rn``'s slow path between the two products, one PTX block), so the scan follows registers
    through labels and branches, and asks that the FMUL be on the FMA's line."""
    return _fmas_adding_an_fmul(
        listing, lambda ops: not ops[3].startswith("-") and ops[1].startswith("-") != ops[2].startswith("-"),
        same_line=True)


def sass_minuend_fmas_of(listing) -> dict:
    """``{(kind, fma_where, fmul_where): n}``: SASS FMAs ``d = a * b - c`` whose subtracted addend ``c`` an FMUL
    wrote, on any line, followed in program order through labels and branches: ptxas's ``p - q`` where the
    product ``q`` has other users (the compiler's common subexpression, cuSignal's Lomb-Scargle ``cs_tau * cs``),
    so stays an FMUL that may sit before branches ptxas made itself (``div.rn``'s slow path), and ``p`` is fused."""
    return _fmas_adding_an_fmul(listing, lambda ops: ops[3].startswith("-"), same_line=False, any_line=True)


def sass_subtrahend_fmas_of(listing) -> dict:
    """``{(kind, fma_where, fmul_where): n}``: SASS FMAs ``d = a * -b + c`` whose addend ``c`` an FMUL wrote, on any
    line, followed in program order through labels and branches: ptxas's ``p - q`` of two products written over two
    source lines, the subtrahend ``q`` fused on the sub's line and the minuend ``p`` left an FMUL on its own line
    (cuIBM's convection terms, ``(a)*(b)`` on one line, ``- (c)*(d)`` on the next, ``div.rn``'s slow-path branches
    between them: ``DMUL R24, R24, R8`` on line 268, ``DFMA R24, -R2, R8, R24`` on line 269)."""
    return _fmas_adding_an_fmul(
        listing, lambda ops: not ops[3].startswith("-") and ops[1].startswith("-") != ops[2].startswith("-"),
        same_line=False, any_line=True)


def _ptx_uses(fn) -> dict:
    """``{pc: n}``: how many PTX instructions read each register-writing instruction's result (by the last
    writer in program order within a block, as ``ptx_pairs`` pairs them)."""
    got = fn.__dict__.get("_contraction_uses")
    if got is not None:
        return got
    starts = set(fn.labels.values()) if getattr(fn, "labels", None) else set()
    last: dict = {}
    uses: dict = {}
    for pc, ins in enumerate(fn.instrs):
        if pc in starts:
            last = {}
        for a in ins.args[1:] if ins.args and ins.op not in ("st", "red") else ins.args:
            for r in ([a] if a is not None and a.kind == "reg" else
                      (a.items if a is not None and a.kind == "vec" else [])):
                if getattr(r, "name", None) in last:
                    uses[last[r.name]] = uses.get(last[r.name], 0) + 1
        if ins.args and ins.args[0].kind == "reg" and ins.op not in ("st", "red"):
            last[ins.args[0].name] = pc
        if ins.op in _ENDS:
            last = {}
    fn.__dict__["_contraction_uses"] = uses
    return uses


def _copies(have: int, n: int, line_clear: bool) -> bool:
    """Whether ``have`` SASS FMAs of one shape account for ``n`` PTX subs: as many, or a multiple (ptxas's copies
    of a loop body), or, where nothing on the line says otherwise (no product left apart, no FMA of the other
    shape), more (ptxas unrolled the loop its own way: falcon_dsp's FIR filter, 31 fused where the PTX has 7)."""
    return have > 0 and (have % n == 0 or (line_clear and have > n))


def _minuends(fn, pairs, where, minuend: dict, plan: Plan, subtrahend: dict | None = None,
              chains: dict | None = None, minuend_of: dict | None = None,
              subtrahend_of: dict | None = None) -> set:
    """A free ``sub`` of two free products, each used by it alone (`a * c1 - b * c0`): ptxas fuses
    the minuend's product and keeps the subtrahend's an FMUL. Fused so where the SASS has, on the
    sub's line, as many FMAs subtracting an FMUL's result (or a multiple: copies; or more, with nothing
    on the line against it) as such subs; returns the subs decided. Where the SASS has no such FMA on the
    line but as many FMAs adding an FMUL's result to a negated product (``subtrahend``), the subtrahend's
    product is the fused one. A sub whose subtrahend's product has other readers (and the minuend's not):
    ptxas keeps that product an FMUL and fuses the minuend's, where the SASS has, on the sub's line, FMAs
    subtracting an FMUL of the subtrahend's line (``minuend_of``). A sub whose minuend's product is on another line
    than the sub, with no FMA of either shape on the sub's line counted above: the subtrahend's product is the fused
    one where the SASS has, on the sub's line, as many (or a multiple) FMAs adding a negated product to an FMUL of
    the minuend's line (``subtrahend_of``)."""
    by_add: dict = {}
    uses: dict = {}
    for mpc, apc, k, free in pairs:
        by_add.setdefault(apc, []).append((mpc, k, free))
        uses[mpc] = uses.get(mpc, 0) + 1
    readers = _ptx_uses(fn)
    apart_at = {(kind, wa) for (kind, _wm, wa) in (chains or {})}
    subs: dict = {}
    shared: dict = {}
    shared_minuend: dict = {}           # subs whose minuend's product other instructions read too
    on_line: dict = {}                  # every free sub of two free products, by (kind, line)
    for apc, ps in by_add.items():
        if fn.instrs[apc].op == "sub" and len(ps) == 2 and all(f for *_, f in ps) \
                and sorted(k for _, k, _ in ps) == [1, 2]:
            kw = (_KIND_OF[_ftype(fn.instrs[apc])], where(apc))
            on_line[kw] = on_line.get(kw, 0) + 1
            m1 = next(m for m, k, _ in ps if k == 1)
            m2 = next(m for m, k, _ in ps if k == 2)
            if uses[m1] == 1 and readers.get(m1, 0) == 1 and readers.get(m2, 0) > 1:
                key = (_KIND_OF[_ftype(fn.instrs[apc])], where(apc), where(m2))
                shared.setdefault(key, []).append(apc)
            if uses[m2] == 1 and readers.get(m2, 0) == 1 and readers.get(m1, 0) > 1:
                key = (_KIND_OF[_ftype(fn.instrs[apc])], where(apc), where(m1))
                shared_minuend.setdefault(key, []).append(apc)
            if all(uses[m] == 1 for m, _, _ in ps):
                subs.setdefault((_KIND_OF[_ftype(fn.instrs[apc])], where(apc)), []).append(apc)
    decided = set()
    for (kind, wa, wm), apcs in shared.items():
        # only where the shared product's FMUL is on another line: none of the line's own products is mistaken for it
        if wm == wa or not _copies((minuend_of or {}).get((kind, wa, wm), 0), len(apcs), False):
            continue
        _fuse_each(plan, by_add, apcs, 1, wa, decided)
    for (kind, wa, wm), apcs in shared_minuend.items():
        # the mirror case: the minuend's product computed once for several lines (KFM's DCT butterflies, ``C3 * (a4 +
        # a7)`` in both ``b4 = ... + C3 * (a4 + a7)`` and ``b7 = -(C3 + S3) * a4 + C3 * (a4 + a7)``, NVVM's common
        # subexpression): ptxas keeps it an FMUL and fuses each subtrahend, ``FFMA a4, -0.27..., R16``. Read from the
        # FMAs adding a negated product to an FMUL of the minuend's line: on the sub's own line (the FMUL's line, where
        # every sub of two products is one of these and none subtracts an FMUL) or on another (``subtrahend_of``)
        if wm == wa:
            have = (subtrahend or {}).get((kind, wa), 0)
            if minuend.get((kind, wa), 0) or on_line.get((kind, wa)) != len(apcs):
                continue
        else:
            have = (subtrahend_of or {}).get((kind, wa, wm), 0)
        if not _copies(have, len(apcs), False):
            continue
        _fuse_each(plan, by_add, apcs, 2, wa, decided)
    for key, apcs in list(subs.items()):
        apcs = [a for a in apcs if a not in decided]
        if not apcs:
            continue
        have, fused = minuend.get(key, 0), 1
        other = (subtrahend or {}).get(key, 0)
        if not have:
            have, fused, other = other, 2, 0
        if not have and subtrahend_of:
            # the minuend's FMUL on its own line, the fused subtrahend on the sub's: counted per minuend line
            by_line: dict = {}
            for apc in apcs:
                wm1 = where(next(m for m, k, _ in by_add[apc] if k == 1))
                if wm1 != key[1]:
                    by_line.setdefault(wm1, []).append(apc)
            for wm1, group in by_line.items():
                if not _copies(subtrahend_of.get((key[0], key[1], wm1), 0), len(group), False):
                    continue
                _fuse_each(plan, by_add, group, 2, key[1], decided)
            continue
        # more FMAs than subs only where every sub on the line is one of these (no other sub can account for them)
        if not _copies(have, len(apcs), key not in apart_at and not other and on_line.get(key) == len(apcs)):
            continue
        _fuse_each(plan, by_add, apcs, fused, key[1], decided)
    return decided


def sass_fmas_adding_an_fmul(listing) -> dict:
    """``{(kind, fma_where): n}``: SASS FMAs whose addend (negated or not) is an FMUL's result of the same block."""
    return _fmas_adding_an_fmul(listing, lambda ops: True, same_line=False)


def _readers(fn, reg: str) -> list:
    """The pcs of the instructions that read register ``reg`` (as a source, not as the destination)."""
    out = []
    for pc, ins in enumerate(fn.instrs):
        srcs = ins.args[1:] if ins.op not in ("st", "red") else ins.args
        for a in srcs:
            items = a.items if a.kind == "vec" else [a]
            if any(it.kind in ("reg", "mem") and it.name == reg for it in items):
                out.append(pc)
                break
    return out


def _shared_products(fn, pairs, where, fmas_on_fmul: dict, chains: dict, plan: Plan) -> set:
    """Two free products that only adds and subs read, every one of them reading both (GPU-LBMsim's MRT
    collision: ``momsq = m3 * m3 + m5 * m5`` and ``m3 * m3 - m5 * m5``, the products computed once): ptxas keeps
    one product an FMUL and fuses the other into each of those adds, the same one everywhere; on sm_90 the kept
    one is the second operand of the first of them in the PTX (the fused one its first operand, the minuend of a
    first sub), whatever order the PTX computes the products in (probes in tests/test_fidelity_unseen56.py; a
    product with another use is kept: not this shape). Decided where the SASS agrees: on each add's line as
    many FMAs adding an FMUL's result as such adds, and no add of a product left apart; returns the adds decided."""
    by_add: dict = {}
    for mpc, apc, k, free in pairs:
        by_add.setdefault(apc, []).append((mpc, k, free))
    groups: dict = {}
    for apc, ps in by_add.items():
        if len(ps) == 2 and all(f for *_, f in ps) and sorted(k for _, k, _ in ps) == [1, 2] \
                and ps[0][0] != ps[1][0]:
            groups.setdefault(frozenset(m for m, _, _ in ps), []).append(apc)
    decided = set()
    for muls, adds in groups.items():
        if len(adds) < 2:
            continue
        if any(sorted(_readers(fn, fn.instrs[m].args[0].name)) != sorted(adds) for m in muls):
            continue                                          # a product read elsewhere too: ptxas keeps it
        kind = _KIND_OF[_ftype(fn.instrs[adds[0]])]
        per_line: dict = {}
        for apc in adds:
            per_line[where(apc)] = per_line.get(where(apc), 0) + 1
        if any(fmas_on_fmul.get((kind, w), 0) < n for w, n in per_line.items()) \
                or any(chains.get((kind, where(m), w), 0) for m in muls for w in per_line):
            continue
        first = min(adds)
        fused = next(m for m, k, _ in by_add[first] if k == 1)
        plan.actions[fused] = ("stash",)
        for apc in adds:
            plan.actions[apc] = ("fuse", fused, next(k for m, k, _ in by_add[apc] if m == fused))
            decided.add(apc)
            plan.lines[where(apc)] = "fused" if plan.lines.get(where(apc)) in (None, "fused") else "undecided"
    return decided


def plan_for(kernel, fn, files, arch: str) -> Plan:
    """The fused pairs of ``kernel``'s linked entry (cached per arch and language)."""
    cache = fn.__dict__.setdefault("_contraction", {}).setdefault(language(), {})
    if arch in cache:
        return cache[arch]
    pairs = ptx_pairs(fn)
    plan = Plan()
    if not any(free for *_, free in pairs):
        cache[arch] = plan
        return plan
    where = lambda pc: (files.get(fn.instrs[pc].file, "<ptx>"), fn.instrs[pc].line)  # noqa: E731
    try:
        program = kernel.program
        listing = list(sass_listing(entry_sass(program.sass(arch), kernel.entry), program.filename))
        chains = sass_chains(listing)
        minuend = sass_minuend_fmas(listing)
        subtrahend = sass_subtrahend_fmas(listing)
        minuend_of = sass_minuend_fmas_of(listing)
        subtrahend_of = sass_subtrahend_fmas_of(listing)
        fmas: dict = {}
        slow = _slow_path_fmas(listing)
        for i, s in enumerate(listing):
            if s.op in _SASS_FMA and i not in slow:
                fmas[(_SASS_FMA[s.op], s.where)] = fmas.get((_SASS_FMA[s.op], s.where), 0) + 1
    except Exception as e:                                    # noqa: BLE001  (no nvdisasm, ptxas refused)
        for mpc, apc, k, free in pairs:
            if free:
                plan.notes[where(apc)] = msg("counts.contraction_no_sass", arch=arch,
                                             why=str(e).splitlines()[0][:100] if str(e) else type(e).__name__)
                plan.lines[where(apc)] = "undecided"
        cache[arch] = plan
        return plan
    decided = _minuends(fn, pairs, where, minuend, plan, subtrahend, chains, minuend_of, subtrahend_of)
    decided |= _shared_products(fn, [p for p in pairs if p[1] not in decided], where,
                                sass_fmas_adding_an_fmul(listing), chains, plan)
    used: dict = {}                                       # the FMAs those decided adds are, by line
    for apc in decided:
        key = (_KIND_OF[_ftype(fn.instrs[apc])], where(apc))
        used[key] = used.get(key, 0) + 1
    pairs = [p for p in pairs if p[1] not in decided]
    groups: dict = {}
    for mpc, apc, k, free in pairs:
        key = (_KIND_OF[_ftype(fn.instrs[apc])], where(mpc), where(apc))
        g = groups.setdefault(key, {"free": [], "bound": set()})
        if free:
            g["free"].append((mpc, apc, k))
        else:
            g["bound"].add(apc)
    two_muls = {apc for mpc, apc, k, free in pairs if sum(1 for p in pairs if p[1] == apc) > 1}
    ptx_fma: dict = {}
    for ins in fn.instrs:
        if ins.op in ("fma", "mad") and _ftype(ins):
            k = (_KIND_OF[_ftype(ins)], (files.get(ins.file, "<ptx>"), ins.line))
            ptx_fma[k] = ptx_fma.get(k, 0) + 1
    # the FMAs an add's line has beyond the PTX's are shared by every group with its add on that line: where the
    # groups that would take them as fused pairs need more than there are (GPU-LBMsim's MRT-LES: line 949's one
    # FFMA is its own mul and sub; the sub of line 914's product m3 * m5 is an FADD across ptxas's sqrt and rcp
    # slow-path branches, which the chains do not cross), which of them fused cannot be read: all undecided
    wanted: dict = {}
    for key, g in groups.items():
        kind, wm, wa = key
        adds = {apc for _, apc, _ in g["free"]}
        if adds and chains.get(key, 0) - len(g["bound"] - adds) == 0 \
                and not any(apc in two_muls for apc in adds):
            wanted[(kind, wa)] = wanted.get((kind, wa), 0) + len(adds)
    for key, g in groups.items():
        if not g["free"]:
            continue
        kind, wm, wa = key
        adds = {apc for _, apc, _ in g["free"]}
        apart = chains.get(key, 0) - len(g["bound"] - adds)
        n = len(adds)
        fused_room = fmas.get((kind, wa), 0) - ptx_fma.get((kind, wa), 0) - used.get((kind, wa), 0)
        ambiguous = any(apc in two_muls for apc in adds)          # (a fused FMA has the add's line)
        if apart >= n and fused_room <= wanted.get((kind, wa), 0):
            # every add apart, and no FMA on its line the PTX lacks that another group's fused pairs do not take
            plan.lines[wa] = plan.lines.get(wa) or "apart"
            continue
        if apart == 0 and fused_room >= wanted.get((kind, wa), n) and not ambiguous:
            for mpc, apc, k in g["free"]:
                plan.actions[mpc] = ("stash",)
                plan.actions[apc] = ("fuse", mpc, k)
            plan.lines[wa] = "fused" if plan.lines.get(wa) in (None, "fused") else "undecided"
            continue
        plan.lines[wa] = "undecided"
        plan.notes[wa] = msg("counts.contraction_undecided", n=n, kind=kind, mline=wm[1], aline=wa[1],
                             apart=max(apart, 0))
    cache[arch] = plan
    return plan


# ------------------------------------------------------------------ running a fused pair
_F32_TINY = np.float32(2.0 ** -126)


def _flush32(x):
    """ftz: an f32 subnormal becomes a zero of the same sign."""
    x = np.asarray(x, np.float32)
    return np.where(np.abs(x) < _F32_TINY, x * np.float32(0), x).astype(np.float32)


def step(m, ins, idx, pc, base):
    """Run instruction ``pc`` of a fused pair: a mul runs as the PTX says and keeps its
    operands; its add computes ``a*b + c`` rounded once from them."""
    act = m.contract[pc]
    t = _ftype(ins)
    rt = "b32" if t == "f16x2" else t
    lanes = m.lanes(idx)
    n = len(lanes)
    if act[0] == "stash":
        base(m, ins, idx, pc)
        st = m.fma_stash.get(pc)
        if st is None:
            dt = DT[rt]
            st = m.fma_stash[pc] = (np.zeros(m.T, dt), np.zeros(m.T, dt))
        st[0][lanes] = np.broadcast_to(np.asarray(read(m, ins.args[1], rt, idx)), (n,))
        st[1][lanes] = np.broadcast_to(np.asarray(read(m, ins.args[2], rt, idx)), (n,))
        return
    _, mpc, k = act
    st = m.fma_stash.get(mpc)
    if st is None:                                  # the mul did not run for these lanes: as the PTX
        return base(m, ins, idx, pc)
    a, b = st[0][lanes], st[1][lanes]
    c = np.broadcast_to(np.asarray(read(m, ins.args[3 - k], rt, idx)), (n,))
    sub = ins.op == "sub"
    with np.errstate(all="ignore"):
        if t == "f16x2":
            out = []
            for sh in (0, 16):
                h = [((x >> sh) & 0xFFFF).astype(np.uint16).view(np.float16) for x in (a, b, c)]
                x, y, z = h
                if sub:
                    x, z = (x, -z) if k == 1 else (-x, z)
                out.append(np.asarray(fma_f16(x, y, z), np.float16).view(np.uint16).astype(np.uint32))
            r = out[0] | (out[1] << 16)
        else:
            f = {"f32": fma_f32, "f64": fma_f64, "f16": fma_f16}[t]
            x, y, z = a, b, c
            if "ftz" in ins.mods and t == "f32":
                x, y, z = (_flush32(v) for v in (x, y, z))
            if sub:
                x, z = (x, -z) if k == 1 else (-x, z)
            r = np.asarray(f(x, y, z), dtype=DT[t])
            if "ftz" in ins.mods and t == "f32":
                r = _flush32(r)
    write(m, ins.args[0], r, idx)
    if t == "f32":
        m.count(pc, "flops", n)


def notes_for(plan: Plan, lines) -> list:
    """The plan's notes on the lines a launch counted something on."""
    return [{"file": f, "line": l, "text": t} for (f, l), t in sorted(plan.notes.items(), key=lambda kv: kv[0][1])
            if (f, l) in lines]


def _fuse_each(plan, by_add, apcs, k: int, line, decided: set):
    """Each sub of ``apcs`` fused with its ``k``-th product (1: the minuend, 2: the subtrahend), the product's FMUL
    stashed for it; ``line`` marked fused (undecided where it already held something else)."""
    for apc in apcs:
        mpc = next(m for m, j, _ in by_add[apc] if j == k)
        plan.actions[mpc] = ("stash",)
        plan.actions[apc] = ("fuse", mpc, k)
        decided.add(apc)
    plan.lines[line] = "fused" if plan.lines.get(line) in (None, "fused") else "undecided"
