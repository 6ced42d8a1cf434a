"""Shared loads ptxas moved past a branch (counts="sass"; docs/SASS_COUNTS.md, "Loads ptxas sank").

NVVM reads a value where the source reads it (``max_val = shared_val;`` after a barrier) and then
branches over the loop that uses it (``for (i = tid; i < size; i += step)``: ``@%p bra SKIP``);
ptxas sinks the load past that branch, into the loop's side, so a warp all of whose lanes take the
branch never executes it: llama2.cu's softmax reads ``shared_val`` in 24 warps of 192 on the H200.
The PTX counts it for every warp.

The rule, proved from the SASS: a PTX shared load with no guard, right after a block-wide barrier and
followed in its block by a conditional forward ``bra`` (nothing but register arithmetic between them, the
branch's predicate not written after the load), whose line has that one shared load in the PTX and one
unpredicated ``LDS`` in the SASS, where that ``LDS`` stands in the fall-through of a conditional forward
``BRA`` of the PTX branch's line that jumps past it (or a predicated ``EXIT`` of that line, where the PTX
branch jumps straight to a ``ret``: the lanes that take it leave), with no branch target or other branch
between the two, and that ``BRA`` is the first branch after a ``BAR.SYNC`` (straight, no label between): the two
branches are each the first after their barrier, one and the same. That instruction runs for the lanes
that fall through the branch, and only they: the machine counts the load for them (action ``("sunk",
pred, neg, line)``: requests in the warps with such a lane, wavefronts from their addresses). Any other
shape counts the load as in the PTX.
"""
from __future__ import annotations

SUNK = "sunk"
_SIDE_EFFECT = {"st", "atom", "red", "bar", "barrier", "membar", "fence", "call", "ret", "exit", "trap",
                "cp", "mbarrier", "ld", "ldu", "tex", "suld", "sust", "wmma", "mma", "ldmatrix", "stmatrix",
                "vote", "shfl", "match", "redux", "activemask", "bra", "brx", "setmaxnreg", "griddepcontrol"}
_ENDS = {"BRA", "BRX", "JMP", "JMX", "RET", "EXIT", "CALL", "BREAK", "CONT", "KILL", "BPT", "RTT", "BAR",
         "WARPSYNC", "BSYNC"}


def _after_barrier(fn, pc: int) -> bool:
    """Whether the load is the first thing after a block-wide barrier but for register arithmetic
    (no branch, access or label between: the branch after it is the barrier's first)."""
    targets = fn.__dict__.get("_sunk_targets")
    if targets is None:
        targets = fn.__dict__["_sunk_targets"] = {i.target for i in fn.instrs if i.op == "bra"}
    for q in range(pc - 1, -1, -1):
        j = fn.instrs[q]
        if q + 1 in targets:
            return False
        if j.op in ("bar", "barrier"):
            return "warp" not in j.mods and not j.guard
        if j.op in _SIDE_EFFECT or j.guard:
            return False
    return False


def _candidate(fn, n_entry: int, pc: int, writes):
    """The conditional forward branch that ends the load's block, with nothing between them but
    register arithmetic that leaves its predicate alone, the load right after a barrier (None otherwise)."""
    ins = fn.instrs[pc]
    if ins.guard or "volatile" in ins.mods or not _after_barrier(fn, pc):
        return None
    dest = writes(ins)
    for q in range(pc + 1, n_entry):
        j = fn.instrs[q]
        if j.op == "bra":
            if not j.guard or j.guard in dest or not (q < j.target <= n_entry):
                return None
            if any(j.guard in writes(fn.instrs[k]) for k in range(pc + 1, q)):
                return None
            return q
        if j.op in _SIDE_EFFECT or j.guard:
            return None
    return None


def sunk_loads(fn, n_entry: int, listing, where, writes) -> dict:
    """``{pc: ("sunk", pred, neg, branch_line)}`` for the entry's shared loads ptxas sank past the
    branch after them (the module's rule). ``listing``: the entry's ``SassLine`` records (or a
    callable returning them, called only where the PTX has a candidate); ``where``: a PTX
    instruction's (file, line), as the listing names them; ``writes``: a PTX instruction's
    destination registers."""
    cands = {}
    per_line: dict = {}
    for pc in range(n_entry):
        ins = fn.instrs[pc]
        if ins.op in ("ld", "ldu") and "shared" in ins.mods and ins.line:
            per_line.setdefault(where(ins), []).append(pc)
    for w, pcs in per_line.items():
        if len(pcs) != 1:
            continue
        b = _candidate(fn, n_entry, pcs[0], writes)
        if b is not None and fn.instrs[b].line:
            cands[pcs[0]] = b
    if not cands:
        return {}
    lines = list(listing() if callable(listing) else listing)
    named = {ln.label for ln in lines} - {None}
    targets = {ln.addr for ln in lines if named.intersection(ln.labels)}   # labels some instruction jumps to
    out = {}
    for pc, b in cands.items():
        w = where(fn.instrs[pc])
        lds = [i for i, ln in enumerate(lines) if ln.where == w and ln.op == "LDS" and ln.pred != "@!PT"]
        if len(lds) != 1 or lines[lds[0]].pred:
            continue
        s = lds[0]
        bline = where(fn.instrs[b])
        for i in range(s - 1, -1, -1):
            ln = lines[i]
            if lines[i + 1].addr in targets:      # something else jumps in between: not one path
                break
            if ln.op in _ENDS:
                ends = (ln.op == "BRA" and _past(ln, lines, s)) or (ln.op == "EXIT" and _exits(fn, b, n_entry))
                if ends and ln.pred and ln.pred != "@PT" and ln.where == bline \
                        and _barrier_before(lines, i, targets):
                    g = fn.instrs[b]
                    out[pc] = (SUNK, g.guard, bool(g.guard_neg), bline[1])
                break
    return out


def _barrier_before(lines, i: int, targets) -> bool:
    """Whether the branch at ``lines[i]`` is the first one after a ``BAR.SYNC``, straight (no label or
    other branch between): it is then the PTX branch the barrier's block ends with."""
    for k in range(i - 1, -1, -1):
        if lines[k + 1].addr in targets:
            return False
        ln = lines[k]
        if ln.op == "BAR":
            return not ln.pred and ln.mods.startswith(".SYNC")
        if ln.op in _ENDS:
            return False
    return False


def _exits(fn, b: int, n_entry: int) -> bool:
    """Whether the PTX branch at ``b`` jumps straight to an unguarded ``ret``/``exit``: ptxas then writes
    it as a predicated ``EXIT``, and the lanes that take it leave before the sunk load."""
    t = fn.instrs[b].target
    return t < n_entry and fn.instrs[t].op in ("ret", "exit") and not fn.instrs[t].guard


def _past(bra, lines, s: int) -> bool:
    """Whether ``bra``'s label lies past the load at ``lines[s]``."""
    at = next((ln.addr for ln in lines if bra.label in ln.labels), None)
    return at is not None and at > lines[s].addr
