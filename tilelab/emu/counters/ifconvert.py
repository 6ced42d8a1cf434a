"""Requests on the SASS control flow: which PTX branches ptxas turned into predication, and back.

ncu counts a shared-memory request for every warp-level instruction a warp executes, even with
all its lanes predicated off (requests.request_keys). (A global request is an L1TEX request, which a
warp with no lane on never sends, so global requests do not depend on any of this.) What a warp
executes is decided by the SASS, not the PTX:

* ptxas turns a short forward branch around an access (``@%p bra SKIP; ld.shared ...; SKIP:``,
  an if/else diamond, or an early return: ``@P0 STS; @P0 EXIT``, whether the PTX has the
  return's block in line or after the kernel's body) into predicated instructions
  (``@!P0 LDS``). Every warp that reaches
  the branch then executes the access; a warp whose lanes all skip it still makes a request,
  with no wavefront. The emulator, which runs the PTX, never reaches the access for that warp,
  so the request is added at the branch (``Plan.skips``).
* It also does the reverse: a predicated PTX access (``@%p red.shared``) can become a branch
  around an unpredicated one. A warp with no active lane then jumps over it and makes no
  request (``Plan.branched``).

* ptxas puts ``@!PT LDS RZ, [RZ]`` before a run of LDGSTS (cp.async): a load whose predicate is
  never true. The warp still issues it, and ncu counts it as a shared-load request (no
  wavefront): 3 before each run, so ``kernels/cp_async_copy.cu`` makes 1,536 shared-load
  requests the PTX has no instruction for (``Plan.padding``).

* ptxas compiles a masked warp sync (``bar.warp.sync %r``) twice: the code after it straight, and a copy
  behind a ``BRA.DIV`` for a warp whose threads are not converged. A warp runs one of them, so the
  copy's instructions are no more accesses of their lines (``divergent_copies``).

The evidence is the cubin's per-line memory opcodes and whether each carries a predicate
(nvdisasm with line info). Per source line and kind of shared access (LDS, STS, LDSM, ATOMS):
the PTX accesses that a SASS predicate could cover (guarded ones, and ones inside a simple branch
region) are "predicated" when the line's SASS instructions of that kind are all predicated
(beside one unpredicated instruction for each unguarded PTX access of the line), "branched" when
none is, matched one to one in program order when the line has exactly one SASS instruction per
PTX access and some are predicated and some not (a pair emu/counters/sass_model.py merged counting as
one access, on the line whose instruction count says ptxas put it there; the line's plain accesses
among them where each meets an unpredicated instruction: a macro's whole reduction on one line), "predicated" too when
ptxas copied the line's plain accesses (unrolled further) and its only predicated instructions,
after all of them, are as many as the guarded PTX accesses that follow the plain ones (a loop's
last remainder trip), "predicated" too when it has one predicated instruction per access a branch
covers and its other unpredicated instructions are the PTX's accesses with no source line (NVVM's
join block after an if/else: ptxas gives them a neighbour's line), counted exactly over all lines
(spmm v1's line 114; a lineless access of a copy loop ptxas unrolled fully counts as the SASS accesses it became,
emu/counters/unrolled_copy.py: BLAKE3's line 235), and undecided otherwise: undecided accesses are counted as the PTX runs, and the launch's notes say so for
that line where it mattered.
Where no SASS can be had (no nvdisasm, ptxas refuses the kernel), there is no plan and every
access is counted as the PTX runs, with one note.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...messages import language, msg as _msg
from ...toolchain import DEFAULT_ARCH
from ...toolchain.sass import entry_sass, sass_instructions, sass_listing
from ..operands import access_bytes
from .requests import _count_warps, request_keys
from .sass_model import plan_for as count_plan_for
from .regions import regions
from .undecided import Undecided

ARCH = DEFAULT_ARCH       # the SM whose SASS decides (the course's GPU, an H200)

# SASS opcode -> the kind of PTX access it carries out
_SASS_KIND = {"LDS": "shared_ld", "STS": "shared_st", "LDG": "global_ld", "STG": "global_st",
              "LDSM": "ldmatrix", "ATOMS": "shared_atom"}
_SHARED_KINDS = {"shared_ld", "shared_st", "ldmatrix", "shared_atom"}   # those whose requests it decides


def access_kind(ins) -> str | None:
    """The kind of request a PTX instruction makes ("shared_ld", "ldmatrix", ...), or None."""
    keys = request_keys(ins)
    return keys[0][:-len("_requests")] if keys else None


@dataclass
class Plan:
    """What the SASS control flow changes in the request counts of one kernel.

    ``skips[branch_pc] = (taken, fallthrough)``: at that conditional branch, a warp whose lanes
    all take it makes one request for each ``(pc, keys)`` in ``taken`` (the accesses it jumps
    over, which the SASS predicates), and a warp none of whose lanes takes it one for each in
    ``fallthrough`` (the else part of a diamond); an entry with no keys is an undecided access
    (counted as the PTX runs). ``branched``: guarded PTX accesses the SASS jumps over, so a warp
    with no active lane makes no request there. ``notes``: per ``(file, line)``, why that line's
    requests are counted as the PTX runs.
    """
    arch: str = ARCH
    skips: dict = field(default_factory=dict)
    branched: frozenset = frozenset()
    notes: dict = field(default_factory=dict)
    decided: dict = field(default_factory=dict)    # (file, line, kind) -> "predicated" | "branched"
    # undecided accesses: pc -> (file, line), and why; their note is shown only for a launch in
    # which some warp skipped them, or had every lane off (else the PTX and SASS counts agree)
    uncertain: dict = field(default_factory=dict)
    uncertain_notes: dict = field(default_factory=dict)
    # cp.async or fence pc -> the never-true `@!PT LDS` ptxas issues before its LDGSTS or MEMBAR
    # (shared-load requests of the warp that executes it)
    padding: dict = field(default_factory=dict)
    # (file, line, kind) -> how many more predicated SASS accesses the line has than the PTX
    # accesses a modelled branch covers (the line's note says so; emu/counters/sass_replay.py replays them
    # where they are a loop's)
    unplaced: dict = field(default_factory=dict)


_LABEL = re.compile(r"\(\s*(\.L_x_\d+)\s*\)")
_PRED_REG = re.compile(r"U?P[0-6T]")
_JUMPS = {"BRA", "BRX", "JMP", "JMX", "CALL", "RET", "EXIT", "BREAK", "CONT", "KILL", "BPT", "RTT"}


def divergent_copies(listing) -> frozenset:
    """The addresses of the memory instructions of ``listing`` (one function's ``SassLine``s) that lie in a
    warp-synchronous op's divergent path: a copy that a warp runs instead of the straight code after a
    ``BRA.DIV``, never besides it (``bar.warp.sync`` with a mask: ptxas runs the code after it as it is
    where the warp's threads are converged, and a copy of it with ``WARPSYNC.COLLECTIVE`` where they are
    not). The SASS must show it: the ``BRA.DIV`` jumps forward to code that nothing else enters (after an
    unconditional branch or exit, no other branch to it) and that runs straight to an unconditional
    ``BRA`` back to the end of the straight code after the ``BRA.DIV``; the two have the same memory
    instructions (line, predicate by its sense, opcode), in any order. Anything else: none."""
    lines = list(listing)
    at = {lab: i for i, ln in enumerate(lines) for lab in ln.labels}

    def target(ln):
        m = _LABEL.search(ln.operands)
        return at.get(m.group(1)) if m else None

    entered = {}                                     # index -> how many branches jump to it
    for ln in lines:
        if ln.op == "BRA":
            t = target(ln)
            if t is not None:
                entered[t] = entered.get(t, 0) + 1
    # a predicate by its sense only: the copy's registers are allocated apart (GenomeWorks' x-drop extender:
    # ``@!P1 LDS`` in the straight code, ``@!P0 LDS`` in its copy)
    mem = lambda part: [(ln.where, _PRED_REG.sub("P", ln.pred), ln.op, ln.mods)  # noqa: E731
                        for ln in part if ln.op in _SASS_KIND]
    out = set()
    for b, ln in enumerate(lines):
        if ln.op != "BRA" or ".DIV" not in ln.mods:
            continue
        t = target(ln)
        if t is None or t <= b + 1 or entered.get(t) != 1 or lines[t - 1].op not in ("BRA", "EXIT") \
                or lines[t - 1].pred:
            continue
        end = next((j for j in range(t, len(lines)) if lines[j].op in _JUMPS), None)
        if end is None or lines[end].op != "BRA" or lines[end].pred or lines[end].mods:
            continue
        join = target(lines[end])
        if join is None or not b < join < t or any(entered.get(j) for j in range(t + 1, end + 1)) \
                or any(x.op in _JUMPS for x in lines[b + 1:join]):
            continue
        slow = lines[t:end]
        if sorted(mem(lines[b + 1:join])) == sorted(mem(slow)):      # (ptxas schedules the copy apart too)
            out |= {x.addr for x in slow if x.op in _SASS_KIND}
    return frozenset(out)


def sass_predication(sass_text: str, entry: str, filename: str = "") -> dict:
    """``{(file, line, kind): [predicated, unpredicated, order, sizes]}`` for one kernel's SASS memory
    instructions (``@!PT`` padding, which never runs, and the divergent copies of ``divergent_copies``,
    which run instead of the instructions they copy, left out); ``order`` is "p"/"u" per instruction in
    address order, ``sizes`` each one's bytes a thread (``_sass_bytes``)."""
    out: dict = {}
    listing = list(sass_listing(entry_sass(sass_text, entry), filename))
    copies = divergent_copies(listing)
    vote = leader = False
    for ln in listing:
        where, pred, op, mods = ln.where, ln.pred, ln.op, ln.mods
        if op in ("VOTEU", "VOTE") and ".ANY" in mods:
            vote = True
        elif op in ("FLO", "UFLO") and vote:    # a warp-aggregated atomic's leader election (isa.warp_aggregated)
            leader = True
        elif op in ("BRA", "EXIT", "BSYNC"):
            vote = leader = False
        kind = _SASS_KIND.get(op)
        if kind is None or pred == "@!PT" or ln.addr in copies:
            continue
        c = out.setdefault(where + (kind,), [0, 0, "", []])
        # the leader's @P ATOMS is issued by every warp that reaches it: its predicate picks a lane, not a path
        on = bool(pred) and pred != "@PT" and not (op == "ATOMS" and leader)
        if op == "ATOMS":
            vote = leader = False
        c[0 if on else 1] += 1
        c[2] += "p" if on else "u"
        c[3].append(_sass_bytes(mods))
    return out


def _sass_bytes(mods: str) -> int:
    """The bytes a thread moves in one LDS/STS (``.64``, ``.U8``, ...; 4 when the width is not named)."""
    for m, n in ((".128", 16), (".64", 8), (".U16", 2), (".S16", 2), (".U8", 1), (".S8", 1)):
        if m in mods:
            return n
    return 4


def sass_ldgsts_runs(sass_text: str, entry: str, filename: str = "") -> dict:
    """``{(file, line): [pads before each LDGSTS, in address order]}``: how many ``@!PT LDS``
    (ptxas padding whose predicate is never true) come right before each LDGSTS of a line."""
    out: dict = {}
    pads = 0
    for where, pred, op, _ in sass_instructions(entry_sass(sass_text, entry), filename):
        if op == "LDS" and pred == "@!PT":
            pads += 1
        elif op == "LDGSTS":
            out.setdefault(where, []).append(pads)
            pads = 0
        elif op in _SASS_KIND or op in ("LDG", "STG"):
            pads = 0
    return out


def sass_fence_pads(sass_text: str, entry: str, filename: str = "") -> dict:
    """``{(file, line): [pads before each fence, in address order]}``: how many ``@!PT LDS`` come right
    before each MEMBAR of a line (a run of MEMBARs, as ``membar.gl`` becomes, is one fence). ptxas puts
    four before a fence in some kernels (a ``__threadfence()`` after a ``printf``'s call, CUB's
    look-back wait), none in others; ncu counts each as a shared-load request of the warp."""
    out: dict = {}
    pads, prev = 0, None
    for where, pred, op, _ in sass_instructions(entry_sass(sass_text, entry), filename):
        if op == "LDS" and pred == "@!PT":
            pads += 1
            continue
        if op == "MEMBAR" and prev != "MEMBAR":
            out.setdefault(where, []).append(pads)
        pads, prev = 0, op
    return out


def _is_fence(ins) -> bool:
    """A PTX fence ptxas makes a MEMBAR of (``membar.*``, ``fence.sc`` / ``fence.acq_rel``; not the proxy fences)."""
    return ins.op == "membar" or (ins.op == "fence" and bool(set(ins.mods) & {"sc", "acq_rel"}))


def _is_cp_async_copy(ins) -> bool:
    return ins.op == "cp" and len(ins.mods) > 1 and ins.mods[1] in ("ca", "cg")


def merged_units(action: dict) -> dict:
    """pc -> the pcs of the one SASS access it is part of (the leader first), for the PTX accesses
    emu/counters/sass_model.py merged (a ``CountPlan.action``; an access merged only in some trips of an
    unrolled loop is left out)."""
    units: dict = {}
    for pc, a in action.items():
        if a and a[0] == "part":
            units.setdefault(a[1], [a[1]]).append(pc)
    return {pc: tuple(u) for u in units.values() for pc in u}


def _pads_in_order(plan, instrs, where, pads_by_line, anchor, note: str, noun: str) -> None:
    """The never-run ``@!PT LDS`` ptxas puts before some instructions (an ``LDGSTS``, a fence's ``MEMBAR``):
    a line's pads, run by run, go to its PTX anchors in program order; where the numbers differ, the line
    says so (``note``, naming how many ``noun`` the PTX has)."""
    at_line: dict = {}
    for pc, ins in enumerate(instrs):
        if anchor(ins):
            at_line.setdefault(where(ins), []).append(pc)
    for w, pads in (pads_by_line or {}).items():
        if not any(pads):
            continue
        pcs = at_line.get(w, [])
        if len(pcs) == len(pads):
            plan.padding.update({pc: n for pc, n in zip(pcs, pads) if n})
        else:
            plan.notes[w] = _msg(note, pads=sum(pads), runs=len(pads), **{noun: len(pcs)})


def make_plan(instrs, where, sass: dict | None, arch: str = ARCH, ldgsts: dict | None = None,
              merged: dict | None = None, fences: dict | None = None, copies: dict | None = None) -> Plan:
    """The plan for one kernel. ``where(ins)`` gives an instruction's ``(file, line)``; ``sass``
    is ``sass_predication(...)``, or None when there is no SASS (then no access moves);
    ``ldgsts`` is ``sass_ldgsts_runs(...)``; ``merged`` is ``merged_units(...)``: PTX accesses
    that are one SASS access, which ptxas puts on one of their lines (``STS.64`` of lines 51 and
    52 on line 52), so a line's SASS is matched to its PTX in order with or without them. ``copies``: pc ->
    how many SASS accesses a lineless PTX access of a copy loop ptxas unrolled fully became
    (``CountPlan.copy_accesses``, emu/counters/unrolled_copy.py), for the lineless rule below."""
    plan = Plan(arch=arch)
    merged = merged or {}
    if sass is None:
        return plan
    # the @!PT LDS before LDGSTS and before a fence's MEMBAR: matched to the line's PTX copies / fences
    _pads_in_order(plan, instrs, where, ldgsts, _is_cp_async_copy, "counts.ldgsts_pads", "copies")
    _pads_in_order(plan, instrs, where, fences, _is_fence, "counts.fence_pads", "fences")
    regs = regions(instrs)
    in_region = {}                                  # pc -> branch pc
    for b, (then, other) in regs.items():
        for pc in list(then) + list(other):
            in_region[pc] = b
    # per (file, line, kind): the PTX accesses a predicate could cover, and the plain ones
    cover: dict = {}
    plain: dict = {}
    last_plain: dict = {}                           # (file, line, kind) -> the pc of its last plain access
    plain_pcs: dict = {}                            # (file, line, kind) -> its plain accesses' pcs
    for pc, ins in enumerate(instrs):
        kind = access_kind(ins)
        if kind is None or not ins.line:
            continue
        key = where(ins) + (kind,)
        if ins.guard is not None or pc in in_region:
            cover.setdefault(key, []).append(pc)
        else:
            plain[key] = plain.get(key, 0) + 1
            last_plain[key] = pc
            plain_pcs.setdefault(key, []).append(pc)
    # the PTX's plain accesses with no source line (`.loc 1 0 0`: NVVM's join block after an if/else,
    # spmm v1's `st.shared.f32 [%rd3]`): ptxas gives their SASS the line of a neighbour. Where the
    # cubin's unpredicated instructions beyond each line's own plain accesses are exactly as many as
    # these, per kind, they are those, placed on other lines (lineless)
    line0: dict = {}
    for pc, ins in enumerate(instrs):
        kind = access_kind(ins)
        if kind is not None and not ins.line and ins.guard is None and pc not in in_region:
            line0[kind] = line0.get(kind, 0) + (copies or {}).get(pc, 1)
    surplus: dict = {}
    for (file, line, kind), (p, u, *_) in sass.items():
        if line:
            surplus[kind] = surplus.get(kind, 0) + max(0, u - plain.get((file, line, kind), 0))
    lineless = {kind for kind, n in line0.items() if surplus.get(kind) == n}

    def plain_units(key) -> list:
        """A line's plain accesses as SASS instructions: a pair sass_model.py merged, both plain here,
        is one (bitsandbytes' NF4 quantise: CUB's two warp aggregates, one ``LDS.64``)."""
        pcs = plain_pcs.get(key, [])
        out = []
        for pc in pcs:
            unit = merged.get(pc)
            if unit is None or not all(q in pcs for q in unit):
                out.append((pc,))
            elif unit not in out:
                out.append(unit)
        return out
    decision = {}                                   # (file, line, kind) -> the line's decision
    per_pc = {}                                     # pc -> "predicated" | "branched"
    votes: dict = {}                                # merged unit -> {decision}, from each of its lines
    for key, pcs in cover.items():
        p, u, order, sizes = (list(sass.get(key, (0, 0))) + [None, None])[:4]
        units = plain_units(key)
        n_plain = len(units)
        file, line, kind = key
        name = _SASS_NAME[kind]
        # the line's PTX accesses as SASS accesses: one item per merged unit (at its member here)
        items, seen = [], set()
        for pc in pcs:
            unit = merged.get(pc)
            if unit is None:
                items.append((pc,))
            elif unit not in seen:
                seen.add(unit)
                items.append(unit)
        own = [it for it in items if len(it) == 1 and it[0] not in merged]
        # the SASS has no instruction here for the merged units (ptxas put theirs on another line)
        here = own if len(items) != len(own) and p + u - n_plain == len(own) else items

        def decide(its, how):
            for it in its:
                if it in seen:
                    votes.setdefault(it, set()).add(how)
                else:
                    per_pc[it[0]] = how
        if p == 0 and u == 0 and not own:
            continue                                # only merged accesses, which ptxas put on another line
        if p == 0 and u == 0:
            why = _msg("counts.left_none", name=name)
        elif p == 0:
            decision[key] = "branched"
            decide(here, "branched")
            continue
        elif u == n_plain:
            decision[key] = "predicated"
            decide(here, "predicated")
            continue
        elif order and n_plain == 0 and len(order) == len(here):
            # one SASS instruction per PTX access, some predicated and some not (an unrolled loop
            # whose last copy ptxas turned into an early exit, say): matched in program order, the
            # merged accesses included where ptxas put their one instruction on this line
            decision[key] = "by order"
            for it, o in zip(here, order):
                decide((it,), "predicated" if o == "p" else "branched")
            continue
        elif order and 0 < n_plain and len(order) == len(here) + n_plain and \
                (placed := _by_order(order, [un[0] for un in units], here)):
            # the same, with the line's plain accesses among them, each an unpredicated instruction at
            # its place in program order (a macro that expands a whole reduction onto one line: its
            # unguarded store, the tree loop's predicated one, the last warp's branched ones; mumax3)
            decision[key] = "by order"
            for it in here:
                decide((it,), "predicated" if placed[it[0]] == "p" else "branched")
            continue
        elif (order and 0 < n_plain < u and p == len(here) and order.endswith("p" * p) and "p" not in order[:-p]
              and all(it[0] > last_plain[key] for it in here)):
            # ptxas copied the line's plain accesses (a loop unrolled further than the PTX, or
            # duplicated) and predicated as many instructions, all after them, as the PTX has
            # guarded accesses after its plain ones: a loop's last remainder trip (reproLuDiagonal)
            decision[key] = "predicated"
            decide(here, "predicated")
            continue
        elif kind in lineless and p == len(here) and u > n_plain:
            # one predicated instruction per PTX access a branch covers, and unpredicated ones beyond the
            # line's plain accesses that are the PTX's lineless ones (above): spmm v1's line 114, whose
            # 4 then-stores are 4 predicated STS and 3 of the join's 4 stores sit beside them
            decision[key] = "predicated"
            decide(here, "predicated")
            continue
        elif sizes and (got := _by_regions(items, units, order, sizes, instrs, in_region, where, key)):
            # the line's instructions, predicated or not and by width, fit one choice alone of which
            # if regions ptxas predicated (a region whole, or none of it): bitsandbytes' NF4 quantise,
            # whose CUB reduction ptxas compiled twice, one copy predicated and one branched
            decision[key] = "by regions"
            for it, how in got.items():
                decide((it,), how)
            continue
        else:
            why = _msg("counts.cannot_tell", p=p, u=u, name=name)
        plan.uncertain_notes[(file, line)] = why
        for it in items:
            if it in seen:
                votes.setdefault(it, set()).add(None)
            else:
                plan.uncertain[it[0]] = (file, line)
    for unit, how in votes.items():
        how = how - {None}                          # a line that could not tell has no say
        if len(how) == 1:
            per_pc.update(dict.fromkeys(unit, how.pop()))
        else:                                       # its lines disagree, or none could tell
            for pc in unit:
                plan.uncertain[pc] = where(instrs[pc])
                plan.uncertain_notes.setdefault(where(instrs[pc]), _msg(
                    "counts.merged_other", name=_SASS_NAME[access_kind(instrs[pc])]))
    plan.decided = dict(decision)
    branched = {pc for pc, d in per_pc.items() if d == "branched" and instrs[pc].guard is not None}
    for b, (then, other) in regs.items():
        lists = []
        for part in (then, other):
            acc = []
            for pc in part:
                ins = instrs[pc]
                kind = access_kind(ins)
                if kind and ins.line and per_pc.get(pc) == "predicated":
                    acc.append((pc, request_keys(ins)))
                elif pc in plan.uncertain:
                    acc.append((pc, ()))          # not counted; noted if a warp skips it
            lists.append(tuple(acc))
        if lists[0] or lists[1]:
            plan.skips[b] = tuple(lists)
    plan.branched = frozenset(branched)
    # accesses the SASS predicates where the PTX's branches are not a simple region
    # (every such kind of a line: its shared loads and its stores alike, CudaSift's ScaleDown, whose line 145
    # loads and stores under one if that ptxas predicates in some copies of an unrolled loop and not in others)
    more: set = set()                       # the lines noted here (another kind of them joins their note)
    for (file, line, kind), (p, u, *_) in sass.items():
        if kind not in _SHARED_KINDS:
            continue                        # a global request needs a lane on: no SASS decides it
        covered = len(cover.get((file, line, kind), ()))
        w = (file, line)
        if p > covered and line and (w in more or (w not in plan.notes and w not in plan.uncertain_notes)):
            plan.unplaced[(file, line, kind)] = p - covered
            note = _msg("counts.more_predicated", n=p - covered, name=_SASS_NAME[kind])
            plan.notes[w] = Undecided(_msg("counts.sep").join((plan.notes[w], note)) if w in more else note)
            more.add(w)
    return plan


def _by_regions(items, units, order, sizes, instrs, in_region, where, key) -> dict | None:
    """``{item: "predicated" | "branched"}`` where exactly one choice, per if region (and per guarded
    access outside one), of predicated or branched makes the line's PTX accesses, with its plain ones
    (``units``, unpredicated), the same instructions by width as the SASS line has (``order``, ``sizes``);
    else None. An access merged with one on another line, or one pair across two regions: None."""
    if len(order) != len(sizes):
        return None
    line = key[:2]
    group, size = {}, {}
    for it in list(items) + list(units):
        if any(where(instrs[q]) != line for q in it):
            return None
        size[it] = sum(access_bytes(instrs[q]) for q in it)
    for it in items:
        gs = {in_region.get(q, ("guard", q)) for q in it}
        if len(gs) != 1:
            return None
        group[it] = gs.pop()
    groups = sorted({group[it] for it in items}, key=str)
    if not groups or len(groups) > 10:
        return None
    want = sorted(zip(order, sizes))
    base = [("u", size[un]) for un in units]
    fits = []
    for mask in range(1 << len(groups)):
        on = {g for i, g in enumerate(groups) if mask >> i & 1}
        if sorted(base + [("p" if group[it] in on else "u", size[it]) for it in items]) == want:
            fits.append(on)
    if len(fits) != 1:
        return None
    return {it: "predicated" if group[it] in fits[0] else "branched" for it in items}


def _by_order(order: str, plain_pcs: list, here: list) -> dict | None:
    """A line's PTX accesses in program order matched one to one to its SASS instructions in address
    order (``order``: "p" or "u" each): {pc: its instruction's "p"/"u"}, where every plain access meets
    an unpredicated instruction; else None (the order does not match: the line stays undecided)."""
    placed = dict(zip(sorted(plain_pcs + [it[0] for it in here]), order))
    return None if any(placed[pc] != "u" for pc in plain_pcs) else placed


_SASS_NAME = {"shared_ld": "LDS", "shared_st": "STS", "global_ld": "LDG", "global_st": "STG",
              "ldmatrix": "LDSM", "shared_atom": "ATOMS"}


def count_skipped(m, pc: int, idx, take) -> None:
    """At candidate branch ``pc``: the requests of warps that jump over (or fall past) a region
    the SASS predicates. The cubin is read only once some warp skips a part with accesses."""
    if take is None:
        return
    has_then, has_else = m.lazy.branches[pc]
    lanes = m.lanes(idx)
    n = m.nwarps(idx)
    skipping = [n - _count_warps(m, lanes[~take]) if has_then else 0,   # lanes taking it skip the then part
                n - _count_warps(m, lanes[take]) if has_else else 0]
    if not any(skipping):
        return
    entry = m.lazy.get().skips.get(pc)
    if entry is None:
        return
    for part, k in zip(entry, skipping):
        if not k:
            continue
        for apc, keys in part:
            if not keys:
                m.uncertain.add(apc)                  # undecided: counted as the PTX, and noted
                continue
            planned = m.count_plan.get(apc) if m.count_plan else None
            if planned is not None and planned[0] != "wide":
                continue                              # merged into its group's one instruction (sass_model)
            for key in keys:
                m.count(apc, key, k)
                if planned is None:                   # planned pcs keep their PTX count apart already
                    m.sass_only(apc, key, k)


def plan_for(kernel, fn, files, arch: str = ARCH) -> Plan:
    """The plan of ``kernel``'s linked entry ``fn``, from its program's SASS for ``arch`` (cached)."""
    cache = fn.__dict__.setdefault("_ifconvert", {}).setdefault(language(), {})   # notes: in the language asked in
    if arch in cache:
        return cache[arch]
    program = kernel.program
    try:
        text = program.sass(arch)
        sass = sass_predication(text, kernel.entry, program.filename)
        ldgsts = sass_ldgsts_runs(text, kernel.entry, program.filename)
        fences = sass_fence_pads(text, kernel.entry, program.filename)
    except Exception as e:   # no nvdisasm, or ptxas refused the kernel: count as the PTX runs
        plan = Plan(arch=arch)
        plan.notes[("", 0)] = _msg("counts.no_sass", arch=arch, why=(str(e).splitlines() or [type(e).__name__])[0][:100])
        cache[arch] = plan
        return plan
    where = lambda ins: (files.get(ins.file, "<ptx>"), ins.line)  # noqa: E731
    counted = count_plan_for(kernel, fn, files, arch)
    merged = merged_units(counted.action)
    plan = cache[arch] = make_plan(fn.instrs, where, sass, arch, ldgsts, merged, fences, counted.copy_accesses)
    return plan


def sass_unread(kernel, fn, files, arch: str = ARCH) -> str | None:
    """Why counts="sass" cannot read this kernel's SASS here (then it counts as the PTX runs, and
    the feedback must say so), or None; ``fn``: the linked entry. A kernel with nothing the SASS
    could change (no branch, no cp.async, no guarded access) has its SASS never read: None."""
    c = candidates(fn)
    if not c["branches"] and not c["cp"] and not any(i.guard and access_kind(i) for i in fn.instrs):
        return None
    return plan_for(kernel, fn, files, arch).notes.get(("", 0))


def candidates(fn) -> dict:
    """What the SASS could change, from the PTX alone (cached): the branches of simple regions
    with accesses in them, the guarded accesses, the cp.async copies. A kernel with none never
    needs its cubin read (nvdisasm costs half a second a program)."""
    c = fn.__dict__.get("_ifconvert_candidates")
    if c is None:
        regs = regions(fn.instrs)
        branches = {b: (bool(any(access_kind(fn.instrs[pc]) for pc in then)),
                        bool(any(access_kind(fn.instrs[pc]) for pc in other)))
                    for b, (then, other) in regs.items()}
        c = fn.__dict__["_ifconvert_candidates"] = {
            "branches": {b: parts for b, parts in branches.items() if any(parts)},
            "cp": frozenset(pc for pc, ins in enumerate(fn.instrs) if _is_cp_async_copy(ins)),
        }
    return c


class Lazy:
    """The plan of one launch, read from the cubin only when a warp first needs it (a warp that
    skips a candidate region, one with every lane off at a guarded access, a cp.async)."""

    def __init__(self, kernel, fn, files, arch: str = ARCH):
        self.args = (kernel, fn, files, arch)
        c = candidates(fn)
        self.branches, self.cp = c["branches"], c["cp"]
        self.plan: Plan | None = None

    def get(self) -> Plan:
        if self.plan is None:
            self.plan = plan_for(*self.args)
        return self.plan
