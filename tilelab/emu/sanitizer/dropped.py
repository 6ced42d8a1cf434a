"""Shared loads whose value the next ``selp`` throws away on some lanes: no read there for the race shadow.

NVRTC compiles a guarded read such as accelerated-scan's ``(laneId < kNWarpsPerBlock) ? warpLastGate[laneId]
: kEmptyGate`` over a one-element shared array into an ``ld.shared`` of ``warpLastGate[0]`` on every lane and a
``selp`` that keeps the value only where the guard holds (any other index would be out of bounds, so the compiler
may load index 0 unconditionally). In the source the other lanes never read the array, and a value no lane uses
cannot race with a store: counting those reads made a one-warp scan's later single-lane store a write-after-read
race (the unseen216 suite). The load still runs and is still counted (ncu sees it); only the race and
uninitialised-read shadow leave out the lanes whose value is dropped.

The pattern is taken narrowly: every use in the function of the load's destination register (or of a plain
``mov`` copy of it) is a ``selp`` on one predicate, later in the same straight run of code (no label, branch, call
or barrier between), that keeps it on the same side; the predicate is either unwritten between the load and the
``selp``s, or written there once by a ``setp`` whose sources nothing in between writes, which is then evaluated
at the load (its registers put back)."""
from __future__ import annotations

import numpy as np

from ..operands import reg_array
from ..ptx import NO_DEST

_STOPS = frozenset({"bra", "brx", "call", "ret", "exit", "bar", "barrier", "trap"})
_WINDOW = 24                        # instructions looked at after the load


def _sources(ins):
    """Register names an instruction reads (its guard, and every operand but the first destination)."""
    out = [ins.guard] if ins.guard else []
    args = ins.args if ins.op in NO_DEST else ins.args[1:]
    for a in args:
        if a.kind in ("reg", "pred_not", "mem") and a.name.startswith("%"):
            out.append(a.name)
        elif a.kind == "vec":
            out += [b.name for b in a.items if b.kind == "reg"]
    return out


def _writes(ins):
    """Register names an instruction writes: its first operand (each register of a vector)."""
    if not ins.args or ins.op in NO_DEST:
        return []
    a = ins.args[0]
    if a.kind == "vec":
        return [b.name for b in a.items if b.kind == "reg"]
    return [a.name] if a.name else []


def _uses(fn) -> dict:
    """register -> how many instructions of ``fn`` read it (counted once per function)."""
    counts: dict[str, int] = {}
    for ins in fn.instrs:
        for n in set(_sources(ins)):
            counts[n] = counts.get(n, 0) + 1
    return counts


def _find(fn, pc, uses):
    """(predicate, keeps_when_true, setp) for the ``selp``s of one predicate that alone use the shared load at
    ``pc`` (directly or through plain ``mov`` copies); ``setp``: the pc of a ``setp`` between them that computes
    the predicate from registers nothing in between writes, else None. None where the value has any other use."""
    ins = fn.instrs[pc]
    if ins.guard or not ins.args or ins.args[0].kind != "reg":
        return None
    alias = {ins.args[0].name}
    seen: dict[str, int] = {}            # alias -> its uses found in the run
    writer: dict[str, list] = {}         # register -> the pcs in the run that write it
    found = None
    targets = set(fn.labels.values())
    for j in range(pc + 1, min(len(fn.instrs), pc + 1 + _WINDOW)):
        nxt = fn.instrs[j]
        if j in targets or nxt.op in _STOPS:
            break
        hit = [n for n in _sources(nxt) if n in alias]
        if hit:
            for n in set(hit):
                seen[n] = seen.get(n, 0) + 1
            if nxt.op == "mov" and len(nxt.args) == 2 and not nxt.guard and nxt.args[0].kind == "reg":
                if nxt.args[0].name in writer:
                    return None
                alias.add(nxt.args[0].name)
            elif nxt.op == "selp" and not nxt.guard and len(nxt.args) == 4 and nxt.args[3].kind in ("reg", "pred_not"):
                names = [a.name for a in nxt.args[1:3]]
                pred = nxt.args[3].name
                if (names[0] in alias) == (names[1] in alias) or pred in alias:
                    return None
                setp = _setp_between(fn, pc, pred, writer, alias)
                if setp is False:
                    return None
                this = (pred, (names[0] in alias) != (nxt.args[3].kind == "pred_not"), setp)
                if found is not None and found != this:
                    return None
                found = this
            else:
                return None
        for w in _writes(nxt):
            if w in alias and not (nxt.op == "mov" and hit):
                return None
            writer.setdefault(w, []).append(j)
    if found is None or any(uses.get(n, 0) != seen.get(n, 0) for n in alias):
        return None
    return found


def _setp_between(fn, pc, pred, writer, alias):
    """None where nothing after the load has written ``pred`` yet; the pc of the one guard-free ``setp`` that did,
    if none of its sources is written between the load and it; else False."""
    ks = writer.get(pred)
    if not ks:
        return None
    if len(ks) != 1:
        return False
    k = ks[0]
    setp = fn.instrs[k]
    if setp.op != "setp" or setp.guard:
        return False
    srcs = _sources(setp)
    if any(n in alias for n in srcs) or any(any(w < k for w in writer.get(n, ())) for n in srcs):
        return False
    return k


def dropped_lanes(m, pc, idx, h_setp):
    """A bool mask over the lanes of this shared load: True where the ``selp`` after it throws the value away;
    None where the load is not of that pattern. ``h_setp``: isa's setp handler (isa imports this module)."""
    fn = m.fn
    cache = getattr(fn, "_dropped_loads", None)
    if cache is None:
        cache = {}
        fn._dropped_loads = cache
    found = cache.get(pc, 0)
    if found == 0:
        uses = cache.get("uses")
        if uses is None:
            uses = cache["uses"] = _uses(fn)
        found = cache[pc] = _find(fn, pc, uses)
    if found is None:
        return None
    pred, keeps_true, setp = found
    if setp is not None:
        p = _ahead(m, fn.instrs[setp], idx, setp, h_setp)
    else:
        p = reg_array(m, pred)
        p = np.asarray(p if idx is None else p[idx], dtype=bool)
    return ~p if keeps_true else p


def _ahead(m, setp, idx, pc, h_setp):
    """The predicate a ``setp`` later in the run will compute, computed now from the same registers; the
    registers it writes are put back as they were, so the machine runs it as before."""
    d = setp.args[0]
    names = [b.name for b in d.items] if d.kind == "vec" else [n for n in d.name.split("|") if n]
    saved = {n: reg_array(m, n).copy() for n in names}
    h_setp(m, setp, idx, pc)
    p = reg_array(m, names[0])
    p = np.asarray((p if idx is None else p[idx]).copy(), dtype=bool)
    for n, a in saved.items():
        reg_array(m, n)[...] = a
    return p
