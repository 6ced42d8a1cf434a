"""Global loads of a loop whose values are dead one trip later (counts="sass"; docs/SASS_COUNTS.md, "Loads
ptxas removed from a loop").

BenLib's ``CRC32_byte_tableless2_kernel`` (the thirty-second unseen suite) shifts an unsigned ``crc``, so NVVM folds
each step to ``crc = (((crc ^ byte) >> 2) & 1) ^ (crc >> 8)`` and unrolls it by 4: ``crc = (((crc >> 24) ^ b) >> 2)
& 1``, one ``ld.global.u8`` a trip. After any trip ``crc`` is 0 or 1, so ``crc >> 24`` is 0 and the next trip's
result does not depend on this trip's byte: every trip's load but the last one's is dead. ptxas may then run the
loop's trips without their loads and load only the bytes the last trip uses (BenLib's SASS: a loop of counter
arithmetic, no ``LDG``, then one ``LDG.E.U8`` after it; ncu counts one request where the PTX makes 1,024). It
does not always do so (the same step written as a ``for`` loop keeps one ``LDG`` a trip): only the cubin says.

This module is the PTX's side, a cue and nothing more: ``dead_loads`` finds the unguarded global loads of one-block
PTX loops whose values no later trip reads (a bit-level dataflow over the loop's body: which bits of each
register may depend on which of the loop's loads and of the registers it carries from the trip before). The
SASS check (sass_model) then leaves such a line to a replay of the SASS's own control flow
(sass_replay.apply_copies), which counts the ``LDG`` executions the cubin makes, fewer than the PTX's or as many.
"""
from __future__ import annotations

#: ops whose result bits are computed bit by bit from their sources' bits at the same place
_BITWISE = {"and", "or", "xor", "not", "mov"}
#: ops that only read registers to write one: anything else reading a load's value keeps it live
_ARITH = _BITWISE | {"shr", "shl", "cvt", "add", "sub", "mul", "mad", "min", "max", "neg", "abs", "selp", "bfe",
                     "prmt", "popc", "clz", "brev", "cnot", "rem", "div"}


def _bits(ins) -> int:
    for m in ins.mods:
        if m[:1] in ("b", "u", "s") and m[1:].isdigit():
            return int(m[1:])
    return 64


def _full(ins) -> int:
    return (1 << _bits(ins)) - 1


def _src(a, regs: dict) -> dict:
    """A source operand's ``{source: bits of it that may depend on that source}``; ``None`` the constant's own
    bits (an immediate)."""
    if a.kind == "reg":
        return dict(regs.get(a.name, {("out", a.name): -1}))
    if a.kind == "imm" and isinstance(a.value, int):
        return {None: a.value & ((1 << 64) - 1)} if a.value else {}
    out = {("out", "?"): -1}                    # anything else: every bit of it from every register it names
    for r in _names(a):
        out.update({k: -1 for k in regs.get(r, {})})
    return out


def _names(a) -> list:
    """The registers an operand reads (a vector's items, a memory operand's base)."""
    if a.kind == "vec":
        return [x.name for x in a.items if x.kind in ("reg", "mem") and x.name]
    return [a.name] if a.kind in ("reg", "mem") and a.name else []


def _any(d: dict) -> int:
    m = 0
    for v in d.values():
        m |= v
    return m


def _step(ins, regs: dict, pc: int):
    """The dependence map of ``ins``'s destination, or None where the op is not one this reads (its result
    depends on every bit of every source)."""
    full = _full(ins)
    srcs = [_src(a, regs) for a in ins.args[1:]]
    op = ins.op
    if ins.op in ("ld", "ldu"):
        return {("load", pc): full}
    if op == "mov" and len(srcs) == 1:
        return {k: v & full for k, v in srcs[0].items() if v & full}
    if op in ("and", "or", "xor") and len(srcs) == 2:
        if op == "and":
            keep = _any(srcs[0]) & _any(srcs[1]) & full
            out: dict = {}
            for s in srcs:
                for k, v in s.items():
                    if k is not None and v & keep:
                        out[k] = out.get(k, 0) | (v & keep)
            if srcs[0].get(None, 0) & srcs[1].get(None, 0) & full:
                out[None] = srcs[0][None] & srcs[1][None] & full
            return out
        out = {}
        for s in srcs:
            for k, v in s.items():
                if v & full:
                    out[k] = out.get(k, 0) | (v & full)
        return out
    if op in ("shr", "shl") and len(srcs) == 2 and ins.args[2].kind == "imm" and not ins.mods[0].startswith("s"):
        k = int(ins.args[2].value)
        if k >= _bits(ins):
            return {}
        moved = {s: ((v & full) >> k if op == "shr" else (v << k) & full) for s, v in srcs[0].items()}
        return {s: v for s, v in moved.items() if v}
    if op == "cvt" and len(srcs) == 1 and all(m[:1] in ("u", "b") for m in ins.mods if m[1:].isdigit()):
        widths = [int(m[1:]) for m in ins.mods if m[:1] in ("u", "b") and m[1:].isdigit()]
        mask = (1 << min(widths)) - 1 if widths else full
        return {s: v & mask for s, v in srcs[0].items() if v & mask}
    # any other op: every bit of the result may depend on every source any bit of which is not known zero
    return {s: full for d in srcs for s, v in d.items() if v} | ({None: full} if any(srcs) or not srcs else {})


def dead_loads(fn, n_entry: int, loops, writes) -> dict:
    """``{pc: (start, end)}``: the unguarded global loads of the one-block loops ``loops`` (``(start, end)``,
    sass_model.one_block_loops) whose values no later trip reads: whichever registers the loop carries from a
    trip to the next with bits that may depend on the load, no carried register's next value depends on them,
    and nothing but register arithmetic (no store, address, predicate or guard) reads a value that may.
    Computed with the carried registers' possible bits as the loop makes them (a fixpoint over the body, the
    first trip's values from before the loop left out: from the second trip on, each carried value is one a
    trip made). ``writes``: sass_model's ``_writes``. Cached on the function."""
    got = fn.__dict__.get("_dead_loads")
    if got is not None:
        return got
    got = {}
    for s, end in loops:
        body = fn.instrs[s:end]
        loads = [s + i for i, ins in enumerate(body)
                 if ins.op in ("ld", "ldu") and "global" in ins.mods and not ins.guard]
        if not loads or any(ins.op not in _ARITH and ins.op not in ("ld", "ldu", "setp", "st", "bra")
                            for ins in body):
            continue
        written = set()
        carried = set()
        for ins in body:
            for a in ins.args[1:] if writes(ins) else ins.args:
                carried |= {r for r in _names(a) if r not in written}
            if ins.guard and ins.guard not in written:
                carried.add(ins.guard)
            if ins.guard:                            # a guarded write may keep the trip before's value
                carried |= writes(ins) - written
            written |= writes(ins)
        carried &= written
        possible = {r: 0 for r in carried}          # a carried register's bits that may be nonzero
        for _ in range(70):
            regs = _run(body, s, possible, writes)
            if regs is None:
                break
            nxt = {r: _any(regs.get(r, {})) for r in carried}
            if nxt == possible:
                break
            possible = {r: possible[r] | nxt[r] for r in carried}
        else:
            continue
        if regs is None:
            continue
        tainted = {r for r in carried if any(k and k[0] == "load" for k in regs.get(r, {}))}
        if any(("in", t) in regs.get(r, {}) for r in carried for t in tainted):
            continue
        checked = []
        if _run(body, s, possible, writes, tainted, checked) is None or not checked[0]:
            continue
        for pc in loads:
            got[pc] = (s, end)
    fn.__dict__["_dead_loads"] = got
    return got


def _run(body, s: int, possible: dict, writes, tainted=None, checked=None):
    """One pass over the loop's body from the carried registers' possible bits: the registers' dependence maps
    at the back edge (None: an op this does not read). With ``tainted`` (the carried registers a load reaches),
    ``checked`` gets whether nothing but register arithmetic reads a value that may depend on a load of this
    trip or of the trip before (no store's value or address, no load's address, no predicate or guard)."""
    regs = {r: ({("in", r): m} if m else {}) for r, m in possible.items()}
    ok = True
    tainted = tainted or set()

    def live(name):
        return any(k and (k[0] == "load" or (k[0] == "in" and k[1] in tainted)) for k in regs.get(name, {}))

    for i, ins in enumerate(body):
        pc = s + i
        if ins.guard and live(ins.guard):
            ok = False
        reads = [r for a in (ins.args if ins.op in ("st", "bra") else ins.args[1:]) for r in _names(a)]
        if ins.op in ("st", "setp", "bra") or ins.op not in _ARITH and ins.op not in ("ld", "ldu"):
            if any(live(r) for r in reads):
                ok = False
            for w in writes(ins):
                regs[w] = {("out", w): -1}
            continue
        if ins.op in ("ld", "ldu") and any(live(r) for r in reads):
            ok = False
        dst = writes(ins)
        if len(dst) != 1:
            return None
        d = _step(ins, regs, pc)
        if ins.guard:                                # a guarded write may leave the old value
            old = regs.get(next(iter(dst)), {})
            d = {k: d.get(k, 0) | old.get(k, 0) for k in set(d) | set(old)}
        regs[next(iter(dst))] = d
    if checked is not None:
        checked.append(ok)
    return regs
