"""Request rules: which counters a memory instruction adds to when a warp executes it with every
lane predicated off, and how an access is counted under counts="sass" (as ptxas made it) and as
the PTX runs. The executing side (isa) calls these; they read the machine's counting state
(``m.count``, ``m.count_ptx``, ``m.count_plan``, ``m.lazy``) and never execute anything."""
from __future__ import annotations

import numpy as np

from ..operands import reg_array
from .metrics import global_sectors, shared_wavefronts
from .remainder_loop import keep as keep_remainder  # counts="sass": a loop ptxas unrolled with remainder copies
from .sass_model import resolve as resolve_plan  # counts="sass": an unrolled loop's per-iteration action


def request_keys(ins) -> tuple:
    """The request counters a memory instruction adds to when a warp executes it with every lane
    predicated off (cached); a warp with a lane on is counted by the access itself.

    ncu counts a shared request for every warp-level instruction executed, lanes active or not
    (smsp__inst_executed_op_shared_ld/st, ..._op_ldsm, ..._op_shared_atom). A global request is
    an L1TEX request (l1tex__t_requests_pipe_lsu_mem_global_op_ld/st), and a warp with no lane
    on sends none: on the H200 it equals smsp__inst_executed_op_global_ld/st minus its
    ``_pred_off_all`` count in every launch of bench/results/fidelity-2026-12-01-run1.json.gz that has
    such warps (uniformUpdate: 64 LDG executed, 28 with no lane on, 36 requests), so global
    accesses have no key here and their requests never depend on the SASS control flow.
    Generic-space accesses are left out: with no active lane there is no address to say whether
    the warp went to shared or global memory, so those warps are counted as the PTX runs (not at
    all). cp.async is left out too: the counter we compare it with
    (smsp__sass_inst_executed_op_ldgsts) has no predicated-off LDGSTS in it (tilelab/gpu/ncu.py)."""
    keys = ins.__dict__.get("_request_keys")
    if keys is None:
        shared = "shared" in ins.mods
        if ins.op == "ldmatrix":
            keys = ("ldmatrix_requests", "shared_ld_requests")
        elif ins.op in ("ld", "ldu") and shared:
            keys = ("shared_ld_requests",)
        elif ins.op == "st" and shared:
            keys = ("shared_st_requests",)
        elif ins.op in ("atom", "red") and shared:
            keys = ("shared_atom_requests", "shared_atom_wr_requests") + \
                (("shared_atom_rd_requests",) if ins.op == "atom" else ())
        else:
            keys = ()
        ins.__dict__["_request_keys"] = keys
    return keys


def _count_warps(m, lanes) -> int:
    """Warps among sorted lanes (lanes of one warp are adjacent), without touching the layout cache."""
    if len(lanes) == 0:
        return 0
    w = m.warp_global[lanes]
    return 1 + int(np.count_nonzero(w[1:] != w[:-1]))


def count_predicated_off(m, ins, pc, idx, on, keys=None) -> None:
    """A request for each warp of the group whose lanes are all predicated off (ncu's basis,
    see request_keys): the warp executes the instruction, touches nothing, costs no wavefront.
    Under counts="sass" the SASS decides: no request where ptxas branched around the access
    (the plan's ``branched``, emu/counters/ifconvert.py), one for a group ptxas merged into one instruction
    (emu/counters/sass_model.py); the PTX view (the per-line comparison) counts it either way."""
    keys = request_keys(ins) if keys is None else keys
    if not keys:
        return
    n = m.nwarps(idx) - _count_warps(m, on)
    if not n:
        return
    planned = m.count_plan.get(pc) if m.count_plan else None
    if planned is not None and planned[0] == "iter":        # a loop modelled as unrolled (sass_model)
        planned = resolve_plan(m, planned, idx)
    plan = m.lazy.get() if m.lazy is not None else None      # counts="sass": the cubin decides
    branched = plan is not None and pc in plan.branched
    for k in keys:
        if planned is not None:
            m.count_ptx(pc, k, n)
            if planned[0] in ("wide", "ptx") and not branched:
                m.count(pc, k, n)
        elif branched:
            m.sass_only(pc, k, -n)
        else:
            m.count(pc, k, n)
    if plan is not None and pc in plan.uncertain:    # the SASS may not predicate it: say so for this launch
        m.uncertain.add(pc)


def _count_planned(m, pc, planned, key, unit, reqs, mat, act, nbytes, cost, shift_invariant, active=None):
    """counts="sass" (emu/counters/sass_model.py): count this access as ptxas made it, and as in the PTX
    apart (``m.ptx_counters``). ("wide", n, d): the first-run member of a merged group, one
    access of n bytes per lane from its address + d (the group's lowest offset); ("part", lead):
    inside ``lead``'s access; ("silent",): no LDS/STS/LDG/STG at all (``ld.const``); ("ptx",): as in
    the PTX, in both views (an iteration of a loop modelled as unrolled, sass_model.resolve).
    ``shift_invariant``: a member's PTX cost equals its leader's (shared memory, whole words).
    ``reqs``: the warps that executed it (ncu's count), ``active``: those with a lane on."""
    active = reqs if active is None else active
    m.count_ptx(pc, key + "_requests", reqs)
    m.count_ptx(pc, key + "_requests_active", active)
    # (a part of another width than its leader, in a chunk ptxas loads whole, costs its own)
    led = m.narrow_cost.get(planned[1]) if planned[0] == "part" and shift_invariant else None
    narrow = led[1] if led is not None and led[0] == nbytes else None
    if narrow is None:
        narrow = int(cost(mat, act, nbytes).sum())
    m.count_ptx(pc, key + unit, narrow)
    if planned[0] == "wide":
        m.narrow_cost[pc] = (nbytes, narrow)
        m.count(pc, key + "_requests", reqs)
        m.count(pc, key + "_requests_active", active)
        m.count(pc, key + unit, int(cost(mat + planned[2] if planned[2] else mat, act, planned[1]).sum()))
    elif planned[0] == "ptx":              # an unrolled loop's iteration that ptxas left as it was
        m.count(pc, key + "_requests", reqs)
        m.count(pc, key + "_requests_active", active)
        m.count(pc, key + unit, narrow)


def _count_sunk(m, pc, idx, planned, key, mat, act, nbytes, sop) -> None:
    """A shared load ptxas sank past the conditional branch after it (``("sunk", pred, neg, line)``,
    emu/counters/sunk.py): the SASS instruction runs for the lanes that fall through the branch, so
    the requests are the warps with such a lane, the wavefronts their addresses'; the PTX view
    (``m.ptx_counters``) keeps every lane's."""
    m.capture(pc, mat, act, nbytes, False)
    m.count_ptx(pc, key + "_requests", mat.shape[0])
    m.count_ptx(pc, key + "_requests_active", int(act.any(axis=1).sum()))
    m.count_ptx(pc, key + "_wavefronts", int(shared_wavefronts(mat, act, nbytes, sop).sum()))
    if len(planned) > 4:        # sunk past a later branch, whose predicate is not set yet: counted there
        m.sunk_pending.setdefault(planned[4], []).append((pc, None if idx is None else idx.copy(), mat, act, nbytes,
                                                          key))
        return
    p = reg_array(m, planned[1])
    p = p if idx is None else p[idx]
    falls, _ = m.warp_matrix(idx, p if planned[2] else ~p)    # @p bra: the lanes with p false fall through
    on = act & falls.astype(bool)
    rows = on.any(axis=1)
    n = int(rows.sum())
    m.count(pc, key + "_requests", n)
    m.count(pc, key + "_requests_active", n)
    m.count(pc, key + "_wavefronts", int(shared_wavefronts(mat[rows], on[rows], nbytes, sop).sum()))


def _count_sunk_global(m, pc, idx, planned, key, mat, act, nbytes, active) -> None:
    """A global load ptxas sank past the conditional branch after it (``_count_sunk``'s global twin,
    ``("sunk", pred, neg, line, branch_pc)``). Its predicate is set after the load in the PTX, so the
    SASS count waits for the branch (``count_sunk_at_branch``); the PTX view keeps every lane's now."""
    m.count_ptx(pc, key + "_requests", mat.shape[0])
    m.count_ptx(pc, key + "_requests_active", active)
    m.count_ptx(pc, key + "_sectors", int(global_sectors(mat, act, nbytes).sum()))
    m.sunk_pending.setdefault(planned[4], []).append((pc, None if idx is None else idx.copy(), mat, act, nbytes, key))


def hoisted_entries(actions: dict):
    """``{entry pc: [load pcs]}`` of the shared loads ptxas read once before their loop (counters/hoisted.py;
    None: there are none)."""
    out: dict = {}
    for pc, a in actions.items():
        if a[0] == "hoisted":
            for e in a[1]:
                out.setdefault(e, []).append(pc)
    return out or None


def enter_hoisted_loop(m, epc: int, idx) -> None:
    """Warps reaching a pc where control enters the loop of a hoisted load: it is theirs to read once more."""
    warps = np.unique(m.warp_global[m.lanes(idx)])
    for pc in m.hoist_entries[epc]:
        m.hoist_fresh.setdefault(pc, set()).update(warps.tolist())


def _count_hoisted(m, pc, idx, key, mat, act, nbytes, sop) -> None:
    """A shared load ptxas read before its loop (``("hoisted", entries)``): a request for each warp that entered
    the loop since it last read it, the wavefronts of those warps' lanes; the PTX view keeps every trip's."""
    m.capture(pc, mat, act, nbytes, False)
    m.count_ptx(pc, key + "_requests", mat.shape[0])
    m.count_ptx(pc, key + "_requests_active", int(act.any(axis=1).sum()))
    m.count_ptx(pc, key + "_wavefronts", int(shared_wavefronts(mat, act, nbytes, sop).sum()))
    warps = np.unique(m.warp_global[m.lanes(idx)])
    fresh = m.hoist_fresh.setdefault(pc, set())
    rows = np.array([int(w) in fresh for w in warps], dtype=bool)
    fresh.difference_update(int(w) for w in warps)
    n = int(rows.sum())
    m.count(pc, key + "_requests", n)
    m.count(pc, key + "_requests_active", int(act[rows].any(axis=1).sum()))
    m.count(pc, key + "_wavefronts", int(shared_wavefronts(mat[rows], act[rows], nbytes, sop).sum()))


def sunk_branches(actions: dict):
    """``{branch pc: [load pcs]}`` of the global loads ptxas sank past a branch (None: there are none; one
    branch may have several, fdmt_init_kernel's two reads of its offsets table)."""
    out: dict = {}
    for pc, a in actions.items():
        if a[0] == "sunk" and len(a) > 4:
            out.setdefault(a[4], []).append(pc)
    return out or None


def count_sunk_at_branch(m, bpc: int, idx, take) -> None:
    """At the branch a sunk global load waits for: a request for each warp with a lane that falls
    through it, the sectors of those lanes' addresses (the SASS's ``LDG`` stands on that side alone).
    Lanes that reached the branch in another group than the load's are counted as the PTX has them."""
    for pc, lidx, mat, act, nbytes, key in m.sunk_pending.pop(bpc, ()):
        same = (lidx is None and idx is None) or (lidx is not None and idx is not None and np.array_equal(lidx, idx))
        if key.startswith("shared"):          # a shared load sunk past a later branch (sunk._candidate_far)
            unit, cost = "_wavefronts", lambda a, b, nb: shared_wavefronts(a, b, nb, "ld")
        else:
            unit, cost = "_sectors", global_sectors
        if take is None or not same:
            m.count(pc, key + "_requests", mat.shape[0])
            m.count(pc, key + "_requests_active", int(act.any(axis=1).sum()))
            m.count(pc, key + unit, int(cost(mat, act, nbytes).sum()))
            continue
        falls, _ = m.warp_matrix(idx, ~take)
        on = act & falls.astype(bool)
        rows = on.any(axis=1)
        n = int(rows.sum())
        m.count(pc, key + "_requests", n)
        m.count(pc, key + "_requests_active", n)
        m.count(pc, key + unit, int(cost(mat[rows], on[rows], nbytes).sum()))


def count_global_access(m, pc, idx, mat, act, nbytes: int, store: bool, all_ok: bool) -> None:
    """A global ld/st's requests (every warp that executed it, and those with a lane on) and sectors;
    under counts="sass", as ptxas made the access (``_count_planned``). ``mat``/``act``: the warps'
    addresses and active lanes; ``all_ok``: every lane's access was in bounds and aligned."""
    key = "global_st" if store else "global_ld"
    planned = m.count_plan.get(pc) if m.count_plan else None
    if planned is not None and planned[0] == "iter":    # a loop modelled as unrolled (sass_model)
        planned = resolve_plan(m, planned, idx)
    active = mat.shape[0] if all_ok else int(act.any(axis=1).sum())
    if planned is not None and planned[0] == "sunk":     # ptxas moved the load past the branch (counters/sunk.py)
        _count_sunk_global(m, pc, idx, planned, key, mat, act, nbytes, active)
        return
    if planned is None:
        rl = m.remainder
        if rl is not None and pc in rl.pcs:   # recounted as ptxas's copies run (remainder_loop)
            keep_remainder(m, pc, idx, mat, act, nbytes)
        if getattr(m, "exit_groups", None) is not None:     # lanes that left a loop apart issue apart
            mat, act = m.exit_groups.split_rows(m, idx, mat, act)
            active = mat.shape[0] if all_ok else int(act.any(axis=1).sum())
        m.count(pc, key + "_requests", mat.shape[0])        # every warp that executed it (ncu's basis)
        m.count(pc, key + "_requests_active", active)
        m.count(pc, key + "_sectors", int(global_sectors(mat, act, nbytes).sum()))
    else:
        _count_planned(m, pc, planned, key, "_sectors", mat.shape[0], mat, act, nbytes,
                       global_sectors, False, active)


def count_shared_access(m, pc, idx, mat, act, nbytes: int, store: bool, all_ok: bool, generic: bool) -> None:
    """A shared ld/st's requests and wavefronts, the warps' addresses kept for ``capture_pc``; under
    counts="sass", as ptxas made the access. ``generic``: a generic LD/ST that landed in shared
    memory: wavefronts but no shared request (the technique checks see it as a generic request)."""
    key = "shared_st" if store else "shared_ld"
    planned = m.count_plan.get(pc) if m.count_plan else None
    if planned is not None and planned[0] == "iter":    # a loop modelled as unrolled (sass_model)
        planned = resolve_plan(m, planned, idx)
    reqs = mat.shape[0]                                 # every warp that executed it (ncu's basis)
    active = mat.shape[0] if all_ok else int(act.any(axis=1).sum())
    if generic:                                         # a generic LD/ST: wavefronts, no shared request
        m.count(pc, key + "_generic_requests", active)   # ...which the technique checks see (SEEN_KEYS)
        reqs = active = 0
    # only LDS pairs: a generic LD.64 that lands in shared memory is served 16 lanes a phase (LD.128 8, by analogy:
    # unmeasured) even where
    # every lane pair reads one address (CUDA-grep's parallelMatch: ncu 553, 3,337 and 3,469 wavefronts over the
    # paired rule, exactly its generic LD.64s' excess unpaired; docs/FIDELITY.md, the forty-ninth suite)
    sop = "st" if store or generic else "ld"
    if planned is not None and planned[0] == "sunk":     # ptxas moved the load past the branch (counters/sunk.py)
        _count_sunk(m, pc, idx, planned, key, mat, act, nbytes, sop)
        return
    if planned is not None and planned[0] == "hoisted":  # ptxas read it before its loop (counters/hoisted.py)
        _count_hoisted(m, pc, idx, key, mat, act, nbytes, sop)
        return
    if planned is None:
        m.capture(pc, mat, act, nbytes, store)
        if getattr(m, "exit_groups", None) is not None:     # lanes that left a loop apart issue apart
            mat, act = m.exit_groups.split_rows(m, idx, mat, act)
            if not generic:
                reqs = mat.shape[0]
                active = mat.shape[0] if all_ok else int(act.any(axis=1).sum())
        m.count(pc, key + "_requests", reqs)
        m.count(pc, key + "_requests_active", active)
        m.count(pc, key + "_wavefronts", int(shared_wavefronts(mat, act, nbytes, sop).sum()))
    else:
        if planned[0] == "wide":
            m.capture(pc, mat + planned[2] if planned[2] else mat, act, planned[1], store)
        else:
            m.capture(pc, mat, act, nbytes, store)
        # a uniform shift by whole words permutes the banks: a merged member costs what its leader does
        _count_planned(m, pc, planned, key, "_wavefronts", reqs, mat, act, nbytes,
                       lambda a, b, nb: shared_wavefronts(a, b, nb, sop), nbytes % 4 == 0, active)
