"""One function's PTX as blocks and edges: what the scheduler's order (order.py) and the loops' exits and joins
(loop_exits.py) both read."""
from __future__ import annotations

from dataclasses import dataclass

_ENDS = ("bra", "brx", "ret", "exit")


@dataclass
class Flow:
    """The blocks of instructions [a, b): their first pcs in order (``heads``), where each ends (``end``, exclusive),
    their successors (``succ``), the edges a depth-first walk from ``a`` finds going back to a block on its path
    (``back``: loops' back edges, in the order found) and the blocks it reaches (``reached``)."""
    heads: list
    end: dict
    succ: dict
    back: list
    reached: set


def flow(instrs, a: int, b: int) -> Flow | None:
    """The blocks and edges of ``instrs[a:b]``; None where a branch leaves the range."""
    leaders = {a}
    for pc in range(a, b):
        i = instrs[pc]
        if i.op == "bra":
            if not a <= i.target < b:
                return None
            leaders.add(i.target)
        if i.op in _ENDS and pc + 1 < b:
            leaders.add(pc + 1)
    heads = sorted(leaders)
    end = dict(zip(heads, heads[1:] + [b]))
    succ = {}
    for h in heads:
        last = instrs[end[h] - 1]
        s = []
        if last.op == "bra":
            s.append(last.target)
            if last.guard and end[h] < b:
                s.append(end[h])
        elif last.op in ("ret", "exit"):
            if last.guard and end[h] < b:
                s.append(end[h])
        elif end[h] < b:
            s.append(end[h])
        succ[h] = s
    back, state, stack = [], {a: 1}, [(a, iter(succ[a]))]
    while stack:
        h, it = stack[-1]
        t = next(it, None)
        if t is None:
            state[h] = 2
            stack.pop()
        elif state.get(t) == 1:
            back.append((h, t))
        elif t not in state:
            state[t] = 1
            stack.append((t, iter(succ[t])))
    return Flow(heads, end, succ, back, set(state))


def per_function(fn, key: str, region) -> dict | None:
    """``region(instrs, a, b)`` over each function's instructions [a, b) of ``fn`` (the kernel, then the device
    functions calls.link appended after it), merged and cached on ``fn`` under ``key``; None where nothing was found
    or an indirect branch (``brx``) makes the flow unknown."""
    cached = fn.__dict__.get(key, False)
    if cached is not False:
        return cached
    instrs = fn.instrs
    n = len(instrs)
    out = None
    if n and not any(i.op == "brx" for i in instrs):
        starts = sorted({0} | {int(v["start"]) for v in (getattr(fn, "func_info", None) or {}).values()})
        found = {}
        for a, b in zip(starts, starts[1:] + [n]):
            found.update(region(instrs, a, b))
        out = found or None
    fn.__dict__[key] = out
    return out
