"""Shared loads ptxas reads in pairs across an unrolled loop and its last trips (counts="sass";
docs/SASS_COUNTS.md, "Loads ptxas reads in pairs").

llama2.cu's weighted sum ``for (t = 0; t < seq_len; t++) val += att[t] * ...`` is a PTX loop that NVVM
unrolled by 4 (``ld.shared.f32 [%rd90]``, ``+4``, ``+8``, ``+12``) and a remainder of up to 3 trips, each
behind a branch to one end (``@%p88 bra END; ld [%rd27]; @%p89 bra END; ld [%rd27+4]; @%p90 bra END;
ld [%rd27+8]``). ptxas, which places ``att`` only 8-byte aligned (after the block's other shared
variables), reads the body's four words as two ``LDS.64`` (``[R+0]``, ``[R+0x8]``) in every copy it
unrolls the loop into, and the remainder's first two words as one ``LDS.64`` above the branch between
them (an aligned pair cannot fault, so it reads the second word whether or not that trip runs), the
third as a predicated ``LDS [R+0x8]``. So each SASS ``LDS.64`` run is one pair of PTX loads as it runs:
the first load of a pair counts the 8-byte access, the second nothing.

``paired_line`` proves that shape for one line from its PTX and its SASS, or says None:

- PTX: the line's shared loads are 4-byte, unguarded, not volatile; those inside one one-block loop are
  all cut into 2-load ``LDS.64`` pairs by the merge model with the shared variables 8-byte aligned (what
  the ``LDS.64`` proves ptxas knows; ``units8``); the others (at least 2) follow that loop, off one base
  register at consecutive words, the first 8-byte aligned, each after the first preceded by a conditional
  forward ``bra`` to one target past the last, with nothing between them that writes the base, stores,
  synchronises or is jumped to.
- SASS: the line's shared loads, in address order and split into runs off one base register, are runs of
  the body's pair pattern (unpredicated ``LDS.64`` at the pairs' relative offsets: ``+0`` and ``+0x8``),
  each run one or more trips of it at the trip's stride (``+0`` to ``+0x38`` off one register: four trips),
  any number of runs (ptxas's copies of the body), and a last run that is the remainder's: an
  unpredicated ``LDS.64`` at ``+0`` and a predicated ``LDS`` at each further word from ``+0x8``; nothing
  else of the family on the line.

What it returns (the pairs, as ``(pcs, offsets)``) is the plan's merge of them; whether each SASS access runs
as often as the pairs do is then the replay's question (sass_replay.apply_copies), as for lines ptxas only
copied: the line is decided only where the replay's executions with a lane on equal the pairs' requests
with a lane on.
"""
from __future__ import annotations

_STOPS = {"st", "atom", "red", "bar", "barrier", "membar", "fence", "call", "ret", "exit", "trap", "cp",
          "mbarrier", "wmma", "mma", "ldmatrix", "stmatrix", "brx", "setmaxnreg", "griddepcontrol"}


def _chain(fn, tail: list, writes, aligned8) -> tuple | None:
    """The remainder's loads ``tail`` (pcs in program order) as a chain: one base register, consecutive
    words from an 8-byte aligned first, each after the first behind a conditional forward branch to one
    target past the last, nothing between that writes the base, stores, synchronises or is a branch
    target. ``(base, first offset)`` or None."""
    if len(tail) < 2:
        return None
    mems = [fn.instrs[pc].args[1] for pc in tail]
    base = mems[0].name
    if any(m.name != base for m in mems) or not aligned8(tail[0]):
        return None
    if any(m.offset != mems[0].offset + 4 * i for i, m in enumerate(mems)):
        return None
    if not base.startswith("%"):                         # a register, not a shared symbol
        return None
    targets = fn.__dict__.get("_pair_targets")
    if targets is None:
        targets = fn.__dict__["_pair_targets"] = {i.target for i in fn.instrs if i.op in ("bra", "brx")}
    end = None
    for a, b in zip(tail, tail[1:]):
        branches = [q for q in range(a + 1, b) if fn.instrs[q].op == "bra"]
        if len(branches) != 1:
            return None
        br = fn.instrs[branches[0]]
        if not br.guard or not isinstance(br.target, int) or br.target <= tail[-1]:
            return None
        if end is None:
            end = br.target
        if br.target != end:
            return None
        for q in range(a + 1, b + 1):
            j = fn.instrs[q]
            if q in targets or (j.op in _STOPS) or base in writes(j):
                return None
    return base, mems[0].offset


def _runs(sass: list) -> list:
    """The line's shared loads ``[(key, pred, base, off)]`` (address order) split into runs off one base, a
    run ending where the base changes or an offset comes again (the next copy, off the same register)."""
    runs: list = []
    for x in sass:
        if runs and runs[-1][0][2] == x[2] and all(y[3] != x[3] for y in runs[-1]):
            runs[-1].append(x)
        else:
            runs.append([x])
    return runs


def paired_line(fn, loads: list, loops: list, units8: list, sass: list, writes, aligned8) -> tuple | None:
    """``(body pairs, remainder pair)`` for a line whose shared loads ``loads`` (PTX pcs, program order)
    ptxas reads in pairs as the module docstring says, each pair ``(pcs, offsets)``; None otherwise.
    ``loops``: the entry's one-block loops ``(start, end)``; ``units8``: the merge model's units of the
    line's shared loads with the shared variables 8-byte aligned; ``sass``: the line's SASS shared loads
    ``[(key, pred, base, off)]`` in address order; ``aligned8(pc)``: whether that load's address is known
    8-byte aligned (same assumption)."""
    for pc in loads:
        ins = fn.instrs[pc]
        if (ins.op != "ld" or ins.guard or "volatile" in ins.mods or len(ins.args) < 2
                or ins.args[1].kind != "mem" or not any(m in ("f32", "u32", "s32", "b32") for m in ins.mods)
                or any(m in ("v2", "v4") for m in ins.mods)):
            return None
    loop = next(((s, e) for s, e in loops if any(s <= pc <= e for pc in loads)), None)
    if loop is None:
        return None
    body = [pc for pc in loads if loop[0] <= pc <= loop[1]]
    tail = [pc for pc in loads if pc > loop[1]]
    if len(body) + len(tail) != len(loads):
        return None
    mine = [u for u in units8 if set(u.pcs) <= set(body)]
    if (sorted(pc for u in mine for pc in u.pcs) != sorted(body)
            or any(u.key != "LDS.64" or len(u.pcs) != 2 or any(i is not None for i in u.its) for u in mine)):
        return None
    ch = _chain(fn, tail, writes, aligned8)
    if ch is None:
        return None
    low = min(u.at for u in mine)
    body_run = sorted(("LDS.64", u.at - low) for u in mine)
    tail_run = [("LDS.64", "", 0)] + [("LDS", True, 8 + 4 * j) for j in range(len(tail) - 2)]
    runs = _runs([x for x in sass if x[0].startswith("LDS")])
    if len(runs) < 2:
        return None
    *heads, last = runs
    span = 4 * len(body)                    # the bytes of one trip of the PTX loop
    for r in heads:
        if any(x[1] for x in r) or len(r) % len(body_run):
            return None
        o = min(x[3] for x in r)
        copies = [(k, d + span * j) for j in range(len(r) // len(body_run)) for k, d in body_run]
        if sorted((x[0], x[3] - o) for x in r) != sorted(copies):
            return None
    o = last[0][3]
    got = [(x[0], bool(x[1]) if i else x[1], x[3] - o) for i, x in enumerate(last)]
    if got != tail_run:
        return None
    pairs = [(tuple(u.pcs), tuple(u.offs)) for u in mine]
    rest = ((tail[0], tail[1]), (ch[1], ch[1] + 4))
    return pairs, rest
