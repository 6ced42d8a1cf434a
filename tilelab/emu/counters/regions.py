"""The PTX's simple if regions: straight-line code a conditional forward branch jumps over (and a diamond's
two arms), the shapes ptxas may turn into predicated code. ifconvert.py follows them for requests, and
sass_model.py lets merge groups stay open across them (``if_regions``); both read them from here."""
from __future__ import annotations

_NOT_STRAIGHT = {"bra", "ret", "exit", "call", "bar", "barrier", "trap", "brkpt"}


def _exits(ins) -> bool:
    """The kernel's own exit (a ``ret`` in a linked device function returns to its caller)."""
    return ins.op == "exit" or ins.op == "ret" and not ins.func


def regions(instrs) -> dict:
    """Simple forward branches: ``{branch_pc: (then_pcs, else_pcs)}``.

    A region is straight-line code (no branch, barrier, call or exit inside, no label another
    branch jumps to) that a conditional forward branch jumps over; a diamond's then part ends in
    an unconditional forward branch over its else part, which is straight-line too. The then part
    may also end the kernel (``if (tid >= C) { s[w] = 0; return; }``: a ``ret``/``exit``, or a
    ``bra.uni`` to one), in line or as a block of its own that only the branch's fall-through
    jumps to (``@%p bra BODY; bra.uni TAIL; ... TAIL: st.shared; ret;``): ptxas makes that
    ``@P STS; @P EXIT``, which every warp executes."""
    targets: dict = {}
    for pc, ins in enumerate(instrs):
        if ins.op == "bra" and ins.target >= 0:
            targets.setdefault(ins.target, []).append(pc)

    def straight(lo, hi, allow_last_bra=False):
        for pc in range(lo, hi):
            if pc in targets and pc != lo:
                return False
            op = instrs[pc].op
            if op in _NOT_STRAIGHT and not (allow_last_bra and pc == hi - 1 and op == "bra"):
                return False
        return True

    def ends(pc):
        """Whether instruction ``pc`` ends the kernel: an exit, or a jump to one."""
        ins = instrs[pc]
        return _exits(ins) or ins.op == "bra" and ins.guard is None and 0 <= ins.target < len(instrs) \
            and _exits(instrs[ins.target])

    def tail(lo):
        """The straight-line code from ``lo`` up to a kernel exit (its pcs), or None."""
        for pc in range(lo, len(instrs)):
            if ends(pc):
                return range(lo, pc) if straight(lo, pc) else None
            if instrs[pc].op in _NOT_STRAIGHT or (pc in targets and pc != lo):
                return None
        return None

    def to_same(b, t):
        """The then part of ``@p bra T; <straight>; bra.uni T``: both ways lead to T (a loop's
        last unrolled step, whose skip and whose end both jump back to the loop's head), so the
        branch jumps over the straight part alone, as a forward branch would; or None."""
        for j in range(b + 1, len(instrs)):
            if j in targets:
                return None
            ins = instrs[j]
            if ins.op == "bra":
                ok = ins.guard is None and ins.target == t and not (b < t <= j) and straight(b + 1, j)
                return range(b + 1, j) if ok and j > b + 1 else None
            if ins.op in _NOT_STRAIGHT:
                return None
        return None

    def inverted(b, t, e):
        """``@p bra THEN; bra.uni ELSE; THEN: <straight>; bra.uni END; ELSE: <straight>; END:``
        (NVVM's if/else with the then part first: ``if (i < n) s[t] = x[i]; else s[t] = 0;``):
        a warp whose lanes all take the branch jumps over the else part, one none of whose lanes
        does over the then part; ptxas predicates both. ``(taken, fallthrough)`` or None."""
        last = instrs[e - 1]
        if not (last.op == "bra" and last.guard is None and last.target > e):
            return None
        if targets.get(t) != [b]:
            # other branches jump to THEN too (the second test of an ``else if (a || b)``, SegAlign's and
            # GenomeWorks' x-drop extenders): ptxas may predicate ELSE alone (``@P0 STS ...; @P0 BRA END``),
            # THEN staying a block of its own that no warp runs unless a lane goes there
            return (range(e, last.target), range(0)) if straight(e, last.target) else None
        if straight(t, e, allow_last_bra=True) and straight(e, last.target):
            return range(e, last.target), range(t, e - 1)
        return None

    out = {}
    for b, ins in enumerate(instrs):
        if ins.op == "bra" and ins.guard is not None and ins.target >= 0:
            same = to_same(b, ins.target)
            if same is not None:
                out[b] = (same, range(0))
                continue
        if ins.op != "bra" or ins.guard is None or ins.target <= b + 1:
            continue
        t = ins.target
        nxt = instrs[b + 1]
        if nxt.op == "bra" and nxt.guard is None and nxt.target > b + 1 and targets.get(nxt.target) == [b + 1] \
                and nxt.target != t and _no_fallthrough(instrs[nxt.target - 1]):
            then = tail(nxt.target)                 # the then part is a block of its own that exits
            if then is not None:
                out[b] = (then, range(0))
            elif t == b + 2:                        # or an inverted diamond (below)
                inv = inverted(b, t, nxt.target)
                if inv is not None:
                    out[b] = inv
            continue
        last = instrs[t - 1]
        if any(p in targets for p in range(b + 1, t - 1)):
            continue
        if ends(t - 1):                                 # the then part ends the kernel (the exit
            if straight(b + 1, t - 1):                  # may be others' target too)
                out[b] = (range(b + 1, t - 1), range(0))
            continue
        if t - 1 > b and (t - 1) in targets:
            continue
        if last.op == "bra" and last.guard is None and last.target > t and targets.get(t) == [b]:
            e = last.target
            if straight(b + 1, t, allow_last_bra=True) and straight(t, e):
                out[b] = (range(b + 1, t - 1), range(t, e))
            continue
        if straight(b + 1, t):
            out[b] = (range(b + 1, t), range(0))
    return out


def _no_fallthrough(ins) -> bool:
    return ins.op == "bra" and ins.guard is None or _exits(ins)
