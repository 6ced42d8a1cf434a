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

from ..ptx import NO_DEST  # (sass_model takes it from here too)

SUNK = "sunk"
#: memory-order qualifiers: an access with one is not moved or merged by ptxas (here and sass_model)
ORDERED = ("volatile", "relaxed", "acquire", "release", "mmio")
_SIDE_EFFECT = {"st", "atom", "red", "bar", "barrier", "membar", "fence", "call", "ret", "exit", "trap",
                "cp", "mbarrier", "ld", "ldu", "tex", "suld", "sust", "wmma", "mma", "ldmatrix", "stmatrix",
                "vote", "shfl", "match", "redux", "activemask", "bra", "brx", "setmaxnreg", "griddepcontrol"}
_ENDS = {"BRA", "BRX", "JMP", "JMX", "RET", "EXIT", "CALL", "BREAK", "CONT", "KILL", "BPT", "RTT", "BAR",
         "WARPSYNC", "BSYNC"}


def _plain_load(j) -> bool:
    """A load ptxas may move past another load: unguarded, not volatile, ordered or a texture's."""
    return j.op in ("ld", "ldu") and not j.guard and not any(q in j.mods for q in ORDERED)


def _after_barrier(fn, pc: int, space: str, shared_loads: bool = False) -> bool:
    """Whether the load is the first thing after a block-wide barrier (a shared load), or after one,
    the kernel's start or a label (a global load: the start of its basic block, a loop's head), but for
    register arithmetic and, for a global load, other plain loads (no branch, store, atomic or, for a
    shared load, label between: the branch after it is the barrier's, or the block's, first);
    ``shared_loads``: other plain shared loads allowed between too (a 64-bit value's halves)."""
    targets = fn.__dict__.get("_sunk_targets")
    if targets is None:
        targets = fn.__dict__["_sunk_targets"] = {i.target for i in fn.instrs if i.op == "bra"}
    for q in range(pc - 1, -1, -1):
        j = fn.instrs[q]
        if q + 1 in targets:
            return space == "global"
        if j.op in ("bar", "barrier"):
            return "warp" not in j.mods and not j.guard
        if _plain_load(j) and (space == "global" or (shared_loads and "shared" in j.mods)):
            continue
        if j.op in _SIDE_EFFECT or j.guard:
            return False
    return space == "global" and 0 not in targets


def _candidate(fn, n_entry: int, pc: int, writes, space: str = "shared"):
    """The conditional forward branch that ends the load's block, with nothing between them but
    register arithmetic that leaves its predicate alone (and, for a global load, other plain loads),
    the load right after a barrier (a global one: or at the kernel's start) (None otherwise). A global
    load's value must also be dead where the branch jumps (ptxas sinks it only into the side that uses
    it: ``_read_from``)."""
    ins = fn.instrs[pc]
    if ins.guard or any(q in ins.mods for q in ORDERED) or not _after_barrier(fn, pc, space):
        return None
    dest = writes(ins)
    targets = fn.__dict__["_sunk_targets"]                # (made by _after_barrier)
    for q in range(pc + 1, n_entry):
        j = fn.instrs[q]
        if space == "global" and q in targets:         # something jumps in between: not one block
            return None
        if j.op == "bra":
            if not j.guard or j.guard in dest or not (q < j.target <= n_entry):
                return None
            if space == "global":
                # the value, and the register arithmetic made from it before the branch (ptxas sinks those with
                # it: deepmd's `global_grid[dd] = nat_end[dd] - nat_stt[dd]`), not what the branch tests and dead
                # where it jumps
                made = _made_from(fn, pc, q, dest, writes)
                if made is None or j.guard in made or _read_from(fn, n_entry, j.target, made):
                    return None
                return q
            if any(j.guard in writes(fn.instrs[k]) for k in range(pc + 1, q)):
                return None
            return q
        if space == "global" and _plain_load(j) and not (writes(j) & dest):
            continue
        if j.op in _SIDE_EFFECT or j.guard:
            return None
    return None


def _made_from(fn, pc: int, q: int, dest: set, writes):
    """The registers between the load at ``pc`` and the branch at ``q`` that hold its value or what
    register arithmetic made from it (None where a load, store or other side effect reads one, or a
    guarded instruction writes one: then it is not only arithmetic ptxas may move with the load)."""
    if not dest:
        return None
    made = set(dest)
    for k in range(pc + 1, q):
        j = fn.instrs[k]
        if not _reads(j, made):
            if writes(j) & made:                 # written again from elsewhere: no longer this value
                made -= writes(j)
            continue
        if j.op in _SIDE_EFFECT or j.guard:
            return None
        made |= writes(j)
    return made


def _read_from(fn, n_entry: int, start: int, regs: set) -> bool:
    """Whether any instruction reachable from ``start`` (forward and back edges alike) names one of
    ``regs`` other than as the register it writes, before an unguarded instruction writes it again (a
    loop's next trip that reloads the value first does not read this one)."""
    seen, todo = set(), [(start, frozenset(regs))]
    while todo:
        q, live = todo.pop()
        while 0 <= q < n_entry and (q, live) not in seen:
            seen.add((q, live))
            j = fn.instrs[q]
            if _reads(j, live):
                return True
            if not j.guard and _writes_first(j):
                live = live - _named(j.args[0])
                if not live:
                    break
            if j.op == "bra":
                todo.append((j.target, live))
                if not j.guard:
                    break
            elif j.op in ("ret", "exit") and not j.guard:
                break
            q += 1
    return False


def _named(a) -> frozenset:
    """The register names an operand holds (a vector's items)."""
    if a.kind == "vec":
        return frozenset().union(*(_named(x) for x in a.items))
    n = getattr(a, "name", None)
    return frozenset((n,)) if n else frozenset()


def _reads(j, regs: set) -> bool:
    """Whether the instruction reads one of ``regs`` (its guard or a source operand)."""
    return j.guard in regs or any(_names(a, regs) for a in (j.args[1:] if _writes_first(j) else j.args))


def _writes_first(j) -> bool:
    return bool(j.args) and j.op not in NO_DEST


def _names(a, regs: set) -> bool:
    if a.kind == "vec":
        return any(_names(x, regs) for x in a.items)
    return getattr(a, "name", None) in regs


def sunk_loads(fn, n_entry: int, listing, where, writes) -> dict:
    """``{pc: ("sunk", pred, neg, branch_line)}`` for the entry's shared loads ptxas sank past the
    branch after them (the module's rule). ``listing``: the entry's ``SassLine`` records (or a
    callable returning them, called only where the PTX has a candidate); ``where``: a PTX
    instruction's (file, line), as the listing names them; ``writes``: a PTX instruction's
    destination registers."""
    cands = candidates(fn, n_entry, where, writes, far=False)
    far = _far_candidates(fn, n_entry, where, writes)
    if not cands and not far:
        return {}
    lines = list(listing() if callable(listing) else listing)
    named = {ln.label for ln in lines} - {None}
    targets = {ln.addr for ln in lines if named.intersection(ln.labels)}   # labels some instruction jumps to
    per_line: dict = {}
    for pc in sorted(cands):
        per_line.setdefault(where(fn.instrs[pc]), []).append(pc)
    out = {}
    for w, pcs in per_line.items():
        op = "LDS" if _space(fn.instrs[pcs[0]]) == "shared" else "LDG"
        lds = [i for i, ln in enumerate(lines) if ln.where == w and ln.op == op and ln.pred != "@!PT"]
        # one SASS load per PTX one, each unpredicated; several (a global load's copies in the versions of a
        # loop NVVM wrote twice) are paired in order, and each must show the move
        if len(lds) != len(pcs) or any(lines[s].pred for s in lds):
            continue
        got = {pc: _sunk_at(fn, n_entry, lines, targets, s, cands[pc], where, op) for pc, s in zip(pcs, lds)}
        if all(got.values()):
            out.update(got)
    for pc, a in _far_sunk_loads(fn, n_entry, lines, targets, where, far).items():
        out.setdefault(pc, a)
    return out


def _far_candidates(fn, n_entry: int, where, writes) -> dict:
    """``{(file, line): (every plain shared load of the line, in order; {pc: branch pc} of those ``_candidate_far``
    names)}`` for the lines with one such load."""
    per_line: dict = {}
    for pc in range(n_entry):
        ins = fn.instrs[pc]
        if _space(ins) == "shared" and ins.line:
            per_line.setdefault(where(ins), []).append(pc)
    got = {}
    for w, pcs in per_line.items():
        bs = {pc: _candidate_far(fn, n_entry, pc, writes) for pc in pcs}
        bs = {pc: b for pc, b in bs.items() if b is not None and fn.instrs[b].line}
        if bs:
            got[w] = (pcs, bs)
    return got


def _sunk_at(fn, n_entry: int, lines, targets, s: int, b: int, where, op: str):
    """The action for the load at ``lines[s]`` if it stands in the straight fall-through of a conditional
    forward branch of the PTX branch ``b``'s line that jumps past it (or its predicated ``EXIT``), the first
    branch after a barrier (a global load: or the kernel's start, or a label something jumps to); else None."""
    bline = where(fn.instrs[b])
    for i in range(s - 1, -1, -1):
        ln = lines[i]
        if lines[i + 1].addr in targets:      # something else jumps in between: not one path
            return None
        if ln.op in _ENDS:
            ends = (ln.op == "BRA" and _past(ln, lines, s)) or (ln.op == "EXIT" and _exits(fn, b, n_entry))
            if ends and ln.pred and ln.pred != "@PT" and ln.where == bline \
                    and _barrier_before(lines, i, targets, start=op == "LDG"):
                g = fn.instrs[b]
                return (SUNK, g.guard, bool(g.guard_neg), bline[1]) + ((b,) if op == "LDG" else ())
            return None
    return None


def _barrier_before(lines, i: int, targets, start: bool = False) -> bool:
    """Whether the branch at ``lines[i]`` is the first one after a ``BAR.SYNC`` (or, with ``start``, the
    kernel's first, or the first after a label something jumps to), straight (no label or other branch
    between): it is then the PTX branch the barrier's (the kernel's first, the labelled) block ends with."""
    for k in range(i - 1, -1, -1):
        if lines[k + 1].addr in targets:
            return start
        ln = lines[k]
        if ln.op == "BAR":
            return not ln.pred and ln.mods.startswith(".SYNC")
        if ln.op in _ENDS:
            return False
    return start and lines[0].addr not in targets


def _space(ins) -> str | None:
    """"shared" or "global" for a load this module may find sunk (a plain ``ld.shared``/``ld.global``)."""
    if ins.op not in ("ld", "ldu"):
        return None
    return "shared" if "shared" in ins.mods else "global" if "global" in ins.mods else None


def _exits(fn, b: int, n_entry: int) -> bool:
    """Whether the PTX branch at ``b`` jumps straight to an unguarded ``ret``/``exit``: ptxas then writes
    it as a predicated ``EXIT``, and the lanes that take it leave before the sunk load."""
    t = fn.instrs[b].target
    return t < n_entry and fn.instrs[t].op in ("ret", "exit") and not fn.instrs[t].guard


def _past(bra, lines, s: int) -> bool:
    """Whether ``bra``'s label lies past the load at ``lines[s]``."""
    at = next((ln.addr for ln in lines if bra.label in ln.labels), None)
    return at is not None and at > lines[s].addr


def _candidate_far(fn, n_entry: int, pc: int, writes):
    """The branch that leaves the kernel (``@p bra`` straight to ``ret``) a shared load right after a barrier may be
    sunk past across skips: argon2-gpu's last ``u64_shuffle`` feeds only the last trip of the unrolled store loop
    after it (``if (offset < segment_blocks) refs[offset] = ...``), and ptxas reads it after that trip's
    ``@P EXIT``. Between the load and that branch: register arithmetic (what reads the value only that), plain
    global loads and stores, other plain shared loads, and conditional forward skips that land at or before the
    branch; the branch does not test the value. None otherwise."""
    ins = fn.instrs[pc]
    if ins.guard or any(q in ins.mods for q in ORDERED) or not _after_barrier(fn, pc, "shared", shared_loads=True):
        return None
    made = set(writes(ins))
    if not made:
        return None
    last = pc
    for q in range(pc + 1, n_entry):
        j = fn.instrs[q]
        if j.op == "bra":
            if not j.guard or j.guard in made or not (q < j.target <= n_entry):
                return None
            if _exits(fn, q, n_entry):
                return q if last <= q else None
            last = max(last, j.target)
            continue
        if _reads(j, made):
            if j.op in _SIDE_EFFECT or j.guard:
                return None
            made |= writes(j)
            continue
        if not j.guard:
            made -= writes(j)
        if j.op in _SIDE_EFFECT and not _passable(j):
            return None
    return None


def _passable(j) -> bool:
    """A side effect ptxas may move a shared load past: a plain global store, a plain load of another space than
    texture memory or of shared memory."""
    if any(q in j.mods for q in ORDERED):
        return False
    return (j.op == "st" and "global" in j.mods) or (
        _plain_load(j) and any(q in j.mods for q in ("global", "shared", "param", "const")))


def _far_sunk_loads(fn, n_entry: int, lines, targets, where, far) -> dict:
    """``{pc: ("sunk", pred, neg, branch_line, branch_pc)}`` for ``_candidate_far``'s loads (``far``, from
    ``_far_candidates``) the SASS shows after the branch's predicated ``EXIT``. A line's PTX shared loads and its
    ``LDS``s are paired in order (as many of each, none predicated: ptxas keeps the order of accesses a barrier
    separates), and the paired ``LDS`` must follow that ``EXIT`` straight, with nothing jumping in between
    (``targets``: the addresses of labels an instruction names) and no barrier or other branch."""
    out = {}
    for w, (pcs, bs) in far.items():
        lds = [i for i, ln in enumerate(lines) if ln.where == w and ln.op == "LDS" and ln.pred != "@!PT"]
        if len(lds) != len(pcs) or any(lines[s].pred for s in lds):
            continue
        for k, pc in enumerate(pcs):
            if pc in bs and _after_exit(fn, n_entry, lines, targets, lds[k], bs[pc], where):
                g = fn.instrs[bs[pc]]
                out[pc] = (SUNK, g.guard, bool(g.guard_neg), where(g)[1], bs[pc])
    return out


def _after_exit(fn, n_entry: int, lines, targets, s: int, b: int, where) -> bool:
    """Whether ``lines[s]`` follows straight a predicated ``EXIT`` of the PTX branch ``b``'s line."""
    for i in range(s - 1, -1, -1):
        ln = lines[i]
        if lines[i + 1].addr in targets:        # something jumps in between: not one path
            return False
        if ln.op in _ENDS:
            return ln.op == "EXIT" and bool(ln.pred) and ln.pred != "@PT" and ln.where == where(fn.instrs[b]) \
                and _exits(fn, b, n_entry)
    return False


def candidates(fn, n_entry: int, where, writes, far: bool = True) -> dict:
    """``{pc: branch pc}``: the PTX's loads that the rule may find sunk (the PTX side of it alone; the
    cubin is read only where there are any: ``sass_model._worth_checking`` asks too); ``far``: with the shared
    loads ``_candidate_far`` names."""
    cands = {}
    per_line: dict = {}
    for pc in range(n_entry):
        ins = fn.instrs[pc]
        space = _space(ins)
        if space and ins.line:
            per_line.setdefault((where(ins), space), []).append(pc)
    for (w, space), pcs in per_line.items():
        if len(pcs) != 1 and space == "shared":
            continue
        # a global load's line: every one of its loads must be a candidate (the copies NVVM makes of a loop)
        got = {pc: _candidate(fn, n_entry, pc, writes, space) for pc in pcs}
        if all(b is not None and fn.instrs[b].line for b in got.values()):
            cands.update(got)
    if far:
        for _, bs in _far_candidates(fn, n_entry, where, writes).values():
            for pc, b in bs.items():
                cands.setdefault(pc, b)
    return cands
