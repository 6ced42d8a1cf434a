"""A loop ptxas unrolled with a remainder, whose lanes run different trip counts (docs/FIDELITY.md, the
seventh unseen suite: How_to_optimize_in_GPU's spmv).

Why: ``for (jj = row_start + lane; jj < row_end; jj += THREADS_PER_VECTOR) sum += A[jj] * x[col[jj]];``
is one trip at a time in the PTX (one load of each array per trip) but ptxas, which does not know the
trip count, makes it a body unrolled U times that runs while U trips remain, then one copy of each
power of two below U that the remaining count holds (U = 4: a 2-trip copy, then a 1-trip copy),
in that order, each copy entered by the lane's own remaining count. A warp whose lanes have
different trip counts runs each copy some lane needs, and ncu counts a global-load request for
every copy run with a lane on: more than one per PTX trip, and with other lanes together (so other
sectors). The emulator, running the PTX, counts one request per trip.

How: statically (``candidates``, from the PTX alone): the global loads of one-block loops (a guarded
back edge to the block's own label, nothing branching into the body). A lane must enter the loop at most once
in a chunk of blocks: where other loops enclose it (a CSR row's loop inside a grid-stride loop over rows), the
machine notes any lane that takes an enclosing loop's back edge (``RemainderLoops.outer_taken``), and such a
loop's loads keep the PTX's counts. While a launch runs under counts="sass", each warp's executions of
them are kept (``keep``); at the end of each chunk of blocks (``finish``), per load, every lane's
trip i of t is known. Where every warp's lanes agree on t, each copy a warp runs is one PTX trip and
nothing changes (no cubin is read). Otherwise the SASS decides (``structure``, once per kernel and
loop): the LDGs of the loop's lines must be U per PTX load inside one SASS loop and then U/2, ..., 1
per PTX load in straight blocks after it, split by branches, in that order, none elsewhere (the last, a
one-trip copy, may be a SASS loop of its own, which runs at most once: ParallelGraphColoring's ColorGraph,
the twenty-eighth unseen suite, NVVM's 4-unrolled loop that ptxas unrolled 4 times more). Where NVVM
already split the loop (its own t % 4-trip loop, then one unrolled 4 times: Hetero-Mark's pr_cuda,
Kernel Tuner's spmv), the lines have one PTX loop and one SASS loop each, in the same order, each
checked so, and one copy of a trip of the next loop may stand between them: pr_cuda's, which ptxas
runs only for a lane entering the loop with its condition false (the PTX's guard before the loop
rules it out), is not counted. Then a
lane's trip i < U * (t // U) is the unrolled body's trip i, and the others the remainder copy that
the bits of t % U give it (largest first); a request is counted per copy a warp runs with a lane on,
its sectors from those lanes' addresses, the difference from the PTX's counts added to the SASS view
only (the PTX view of the line is unchanged). Where the SASS holds another shape, the line's counts
stay the PTX's and its note says the copies are undecided. Only global accesses: a shared access in a
loop ptxas rebuilt is emu/counters/sass_replay.py's.

Global stores the same way (the STGs of the loop's lines, ``global_st_*``): PyTorch Sparse's ``ptr2ind_kernel``
(the eleventh round of unseen suites), ``for (i = idx; i < next_idx; i++) out_data[i] = thread_idx;`` over rows of
different lengths, NVVM's 1-trip loop and then its 4-unrolled one, which ptxas unrolls 4 times more with 8- and
4-store copies after it: 47 store requests on the H100 where the PTX's trips give 39.
"""
from __future__ import annotations

import numpy as np

from ...messages import msg
from ...toolchain.sass import entry_sass, sass_listing
from .metrics import global_sectors
from .sass_model import one_block_loops, orphan_lines
from .undecided import Undecided

_SLOT_REM = 1 << 40          # slot ids of the remainder copies (the body's are the trip index itself)
MAX_KEPT = 1 << 19           # lane slots of candidate loads kept per chunk of blocks (4 MiB of addresses)


#: a global access's kind -> its PTX ops, its SASS op and its counters' prefix
_KINDS = {"ld": (("ld", "ldu"), "LDG", "global_ld"), "st": (("st",), "STG", "global_st")}


def _kind(ins) -> str | None:
    """"ld" or "st" for a global load or store (the accesses this module recounts), else None."""
    if "global" not in ins.mods:
        return None
    return next((k for k, (ops, _, _) in _KINDS.items() if ins.op in ops), None)


def candidates(fn) -> dict:
    """pc -> (start, end) of its loop, for every unguarded global load or store of a one-block PTX loop
    (cached on the function; ``enclosing`` gives the back edges of the loops around one)."""
    got = fn.__dict__.get("_remainder_candidates")
    if got is not None:
        return got
    n_entry = next((i for i, ins in enumerate(fn.instrs) if ins.func), len(fn.instrs))
    ins_ = fn.instrs[:n_entry]
    backs = back_ptx(fn, n_entry)           # every loop, to see what encloses one
    got, around = {}, {}
    for s, end in one_block_loops(fn, n_entry):
        outer = tuple(e2 for s2, e2 in backs if s2 <= s and e2 >= end and (s2, e2) != (s, end))
        for pc in range(s, end):
            ins = ins_[pc]
            if _kind(ins) and not ins.guard:
                got[pc] = (s, end)
                around[(s, end)] = outer
    fn.__dict__["_remainder_candidates"] = got
    fn.__dict__["_remainder_enclosing"] = around
    return got


def enclosing(fn) -> dict:
    """(start, end) of a candidate's loop -> the pcs of the back edges of the loops around it (none for most)."""
    candidates(fn)
    return fn.__dict__["_remainder_enclosing"]


def structure(kernel, fn, files: dict, arch: str, loop: tuple, pcs: list):
    """(U, None) where the SASS of the loop's lines is ptxas's unrolled body and remainder copies
    (U = 1: not unrolled), else (None, why); cached on the kernel's Program."""
    cache = kernel.program.__dict__.setdefault("_remainder_shapes", {})
    kind = _kind(fn.instrs[pcs[0]])
    key = (kernel.entry, arch, loop, kind)
    if key in cache:
        return cache[key]
    where = lambda ins: (files.get(ins.file, "<ptx>"), ins.line)  # noqa: E731
    s, end = loop
    lines = {where(fn.instrs[pc]) for pc in pcs}
    mine = lambda ins: where(ins) in lines and _kind(ins) == kind  # noqa: E731
    a = sum(1 for pc in range(s, end) if mine(fn.instrs[pc]))
    try:
        listing = list(sass_listing(entry_sass(kernel.program.sass(arch), kernel.entry), kernel.program.filename))
    except Exception as e:          # no cubin or no nvdisasm: undecided
        cache[key] = (None, msg("counts.remainder_no_sass", why=(str(e).splitlines() or [type(e).__name__])[0][:100]))
        return cache[key]
    label_at = {lab: x.addr for x in listing for lab in x.labels}
    n_entry = next((i for i, ins in enumerate(fn.instrs) if ins.func), len(fn.instrs))
    sass_lines = _sass_lines(fn.instrs[:n_entry], listing, lines, kind, where)
    seq = []                        # "G": an LDG of the lines, "<": a back edge (its target), "|": a branch
    back = []
    for x in listing:
        if x.op == _KINDS[kind][1] and x.pred != "@!PT" and x.where in sass_lines:
            seq.append(("G", x.addr))
        elif x.op in ("BRA", "EXIT", "BRX", "JMP", "JMX", "RET", "CALL"):
            t = x.label
            if x.op == "BRA" and t in label_at and label_at[t] <= x.addr:
                back.append((label_at[t], x.addr))
            seq.append(("|", x.addr))
    ldgs = [addr for k, addr in seq if k == "G"]
    have = len(ldgs)
    if have == sum(1 for ins in fn.instrs[:n_entry] if mine(ins)):
        cache[key] = (1, None)      # one LDG per PTX load of these lines: the copies are the PTX's own
        return cache[key]

    def undecided():
        return None, msg("counts.remainder_shape", have=have, ptx=a, sass=_KINDS[kind][1],
                         what=msg("counts.remainder_what_" + kind))

    # the PTX loops of these lines (NVVM's own remainder loop first, then its unrolled one, say), in order,
    # and the SASS loops holding their LDGs, one for each in the same order (and one more after a loop whose
    # one-trip remainder copy ptxas made a loop)
    loops = sorted({lp for p, lp in candidates(fn).items() if mine(fn.instrs[p])})
    n_lines = [sum(1 for p in range(s2, e2) if mine(fn.instrs[p])) for s2, e2 in loops]
    inside = sorted({lp for lp in back if any(lp[0] <= g <= lp[1] for g in ldgs)})
    # (a SASS loop around others, the grid-stride loop over rows around a row's loop, is not one of its copies)
    inside = [lp for lp in inside if not any(o != lp and lp[0] <= o[0] and o[1] <= lp[1] for o in inside)]
    total = sum(1 for ins in fn.instrs[:n_entry] if mine(ins))
    # NVVM's remainder as straight single trips, each behind its own exit test, before its unrolled loop or after it
    # (AMGX's CSR rows: L1 norms after, the Jacobi sweep before): loads of the lines in no loop but the ones around
    # this one, which ptxas leaves as they are, before its own copies of the loop or after them
    first = min((s2 for s2, _e2 in loops), default=0)
    last = max((e2 for _s2, e2 in loops), default=n_entry)
    others = [(s2, e2) for s2, e2 in back_ptx(fn, n_entry) if not (s2 <= s and e2 >= end)]   # (not the ones around)
    alone = [pc for pc in range(n_entry) if mine(fn.instrs[pc]) and not any(s2 <= pc <= e2 for s2, e2 in others)]
    before = sum(1 for pc in alone if pc < first)
    straight = sum(1 for pc in alone if pc > last)
    bad = (not a or loop not in loops or sum(n_lines) + before + straight != total
           or any(x[1] >= y[0] for x, y in zip(inside, inside[1:])))
    if bad or len(inside) != len(loops):
        u = _last_copy_a_loop(fn, n_entry, mine, loops, seq, back, a)
        if u or bad or len(inside) < len(loops):
            cache[key] = (u, None) if u else undecided()
            return cache[key]

    def runs(lo, hi):               # LDGs strictly between two addresses, in runs split by branches
        got, n = [], 0
        for k, addr in seq:
            if lo < addr < hi:
                if k == "G":
                    n += 1
                elif n:
                    got.append(n)
                    n = 0
        return got + [n] if n else got

    def held(lp):                   # LDGs of the lines inside a SASS loop
        return sum(1 for g in ldgs if lp[0] <= g <= lp[1])

    # PTX loop k: a SASS loop of U of its trips, then its remainder copies (U/2, ..., 1 trips) in straight blocks,
    # or the last (one trip) as a SASS loop of its own (the 4-trip loop ptxas rebuilt from NVVM's 4-unrolled
    # one: ParallelGraphColoring's ColorGraph, the twenty-eighth unseen suite); before loop k + 1, optionally,
    # one copy of its trip (pr_cuda's: run only by a lane that enters the loop with its condition false, which
    # the PTX's guard before the loop rules out: not counted)
    us, p, prev_end, prev_tail = [], 0, -1, []
    for k, ak in enumerate(n_lines):
        if p >= len(inside) or not ak:
            cache[key] = undecided()
            return cache[key]
        t0, t1 = inside[p]
        body = held(inside[p])
        ahead = runs(prev_end, t0)
        if body % ak or body // ak & (body // ak - 1) or \
                (ahead not in (prev_tail, prev_tail + [ak]) if k or not before else sum(ahead) != before):
            cache[key] = undecided()
            return cache[key]
        u = body // ak
        us.append(u)
        p += 1
        tail = [ak * (u >> b) for b in range(1, u.bit_length())]
        if u > 1 and p < len(inside) and held(inside[p]) == ak and runs(t1, inside[p][0]) == tail[:-1]:
            prev_end, prev_tail = inside[p][1], []
            p += 1
        else:
            prev_end, prev_tail = t1, tail
    after = runs(prev_end, 1 << 62)
    if p != len(inside) or after[:len(prev_tail)] != prev_tail or sum(after[len(prev_tail):]) != straight:
        cache[key] = undecided()
        return cache[key]
    cache[key] = (us[loops.index(loop)], None)
    return cache[key]


def _uniform_runs(r_i, warp, entry, t) -> bool:
    """Whether every execution's lanes were on one entry of the loop and every warp's lanes ran as many trips on
    each entry (a loop of a constant count inside another: flash-attention's ``for (x = 0; x < d; x++)``)."""
    if not len(r_i):
        return True
    starts = np.flatnonzero(np.r_[True, r_i[1:] != r_i[:-1]])       # the executions (rows), in order
    if (np.minimum.reduceat(entry, starts) != np.maximum.reduceat(entry, starts)).any():
        return False
    key = warp * (int(entry.max()) + 1) + entry
    order = np.argsort(key, kind="stable")
    k = key[order]
    grp = np.flatnonzero(np.r_[True, k[1:] != k[:-1]])
    tt = t[order]
    return bool((np.minimum.reduceat(tt, grp) == np.maximum.reduceat(tt, grp)).all())


def back_ptx(fn, n_entry: int) -> list:
    """(target, pc) of every PTX back edge of the entry: the loops, one-block or not."""
    return [(ins.target, pc) for pc, ins in enumerate(fn.instrs[:n_entry])
            if ins.op == "bra" and isinstance(ins.target, int) and 0 <= ins.target <= pc]


def _sass_lines(instrs, listing, lines: set, kind: str, where) -> set:
    """The source lines whose SASS instructions of ``kind`` stand for the PTX accesses of ``lines``: the lines
    themselves, and for line 0 (gecko's ``kernel_filter_hits``, whose STGs ptxas put on line 148) the lines
    ``sass_model.orphan_lines`` gives, among those holding this kind's SASS op and no PTX access of the kind."""
    zero = {w for w in lines if w[1] == 0}
    if not zero:
        return lines
    claimed = {where(ins) for ins in instrs if _kind(ins) == kind}
    have = {x.where for x in listing if x.op == _KINDS[kind][1]}
    return (lines - zero).union(*(orphan_lines(z, claimed, have) for z in zero))


def _last_copy_a_loop(fn, n_entry, mine, loops, seq, back, a):
    """U where the SASS is ptxas's other shape of NVVM's loop unrolled 4 times followed by its own remainder
    loop (docs/FIDELITY.md, the thirtieth unseen suite: CUDA-Kernels-Demo's lower triangular product), else
    None. The unrolled loop (``a`` loads, the one candidate) is a SASS loop of U of its trips, then copies of
    U/2, ..., 1 trips, largest first, the last one a SASS loop of its own (entered with fewer than 2 trips
    left, so it runs at most once, like a straight copy); then NVVM's remainder loop (not a candidate: its
    back edge follows a guarded exit), ``b`` loads, after it in the PTX, each of its SASS copies (a peeled
    first trip, then a loop) one PTX trip: counted as the PTX runs."""
    if len(loops) != 1 or not a:
        return None
    s, end = loops[0]
    rest = [pc for pc in range(n_entry) if mine(fn.instrs[pc]) and not s <= pc <= end]
    if rest:                        # all in one PTX loop after the candidate
        ptx_back = [(ins.target, pc) for pc, ins in enumerate(fn.instrs[:n_entry])
                    if ins.op == "bra" and isinstance(ins.target, int) and 0 <= ins.target <= pc]
        tail_loop = [lp for lp in ptx_back if all(lp[0] <= pc <= lp[1] for pc in rest)]
        if min(rest) <= end or not tail_loop:
            return None
    # the LDGs in units, in address order: a SASS loop's (its innermost back edge holding them) or a straight
    # run between branches
    units = []                      # [in a loop, LDGs]
    prev = None
    for k, addr in seq:
        if k != "G":
            if prev is None or prev[0] is None:
                prev = None
            continue
        lp = min((lp for lp in back if lp[0] <= addr <= lp[1]), key=lambda lp: lp[1] - lp[0], default=None)
        if prev is not None and prev[0] == lp:
            units[-1][1] += 1
        else:
            units.append([lp is not None, 1])
            prev = (lp,)
    if not units or not units[0][0] or units[0][1] % a:
        return None
    u = units[0][1] // a
    if u < 2 or u & (u - 1):
        return None
    tail = [a * (u >> b) for b in range(1, u.bit_length())]
    got = units[1:1 + len(tail)]
    if [n for _, n in got] != tail or any(looped for looped, _ in got[:-1]) or not got[-1][0]:
        return None                 # the straight copies, then the last one a loop (the other shape's only)
    after = units[1 + len(tail):]
    if not rest:
        return u if not after else None
    b = len(rest)
    if not after or any(n != b for _, n in after) or not after[-1][0] or len(after) > 2 or \
            (len(after) == 2 and after[0][0]):
        return None                 # NVVM's remainder loop: a loop of one PTX trip, perhaps its first trip peeled
    return u


class RemainderLoops:
    """One launch's candidate loads (``candidates``), the notes on their lines, and what is needed to
    read the SASS when a warp's lanes disagree."""

    def __init__(self, kernel, fn, files: dict, arch: str):
        self.kernel, self.fn, self.files, self.arch = kernel, fn, files, arch
        self.pcs = candidates(fn)
        self.notes: dict = {}
        # a loop inside another (a CSR row's loop in a grid-stride loop over rows: AMGX's L1 diagonal) is recounted
        # only where no lane went round an enclosing loop in the chunk, so each lane entered it at most once: the
        # machine marks the loops whose enclosing back edge a lane took (``outer_taken``)
        self.outer: dict = {}
        for loop, backs in enclosing(fn).items():
            for b in backs:
                self.outer.setdefault(b, set()).add(loop)
        self.enclosed = {loop for loop, backs in enclosing(fn).items() if backs}
        self.outer_taken: set = set()
        self.entry = None           # per thread of the chunk: how often it went round a loop enclosing one

    def where(self, pc):
        ins = self.fn.instrs[pc]
        return (self.files.get(ins.file, "<ptx>"), ins.line)

    def notes_for(self, lines) -> list:
        return [{"file": f, "line": ln, "text": t, **({"undecided": True} if isinstance(t, Undecided) else {})}
                for (f, ln), t in sorted(self.notes.items(), key=lambda kv: kv[0][1]) if (f, ln) in lines]


def keep(m, pc, idx, mat, act, nbytes: int) -> None:
    """Keep one execution of a candidate load by the warps of ``idx`` (rows of ``mat``/``act``), and
    count each lane's executions (its trips so far). Past ``MAX_KEPT`` lane slots in a chunk of
    blocks nothing more is kept (the trips are still counted): a warp whose lanes then disagree
    leaves its line undecided (``finish``)."""
    st = m.__dict__.get("_remainder_kept")
    if st is None:
        st = m.__dict__["_remainder_kept"] = {None: 0}
    got = st.get(pc)
    if got is None:
        got = st[pc] = [[], np.zeros((m.nblocks * m.wpb, 32), np.int32), 0]
    if idx is None and m.tpb % 32 == 0 and mat.shape[0] == got[1].shape[0]:
        got[2] += 1                 # every lane of the chunk: one trip more each
        rows = None
    else:
        w = m.warp_global[m.lanes(idx)]
        rows = w[np.r_[True, w[1:] != w[:-1]]] if len(w) else w
        got[1][rows] += act
    if got[0] is None:
        return
    st[None] += act.size
    if st[None] > MAX_KEPT:
        for k, v in st.items():
            if k is not None:
                v[0] = None
        return
    rows = np.arange(mat.shape[0]) if rows is None else rows
    rl = m.remainder
    ent = None
    if rl.pcs[pc] in rl.enclosed:       # which time round the enclosing loops each lane is
        if rl.entry is None:
            rl.entry = np.zeros(m.T, np.int32)
        tid = (rows // m.wpb)[:, None] * m.tpb + (rows % m.wpb)[:, None] * 32 + np.arange(32)[None, :]
        ent = rl.entry[np.minimum(tid, m.T - 1)]
    got[0].append((rows, mat, act, nbytes, ent))


def finish(m, rl: RemainderLoops) -> None:
    """At the end of a chunk: recount each kept load as the SASS copies run (see the module's doc)."""
    kept = m.__dict__.pop("_remainder_kept", None)
    around, rl.outer_taken, rl.entry = rl.outer_taken, set(), None
    if not kept:
        return
    kept.pop(None, None)
    for pc, (execs, trips, full) in kept.items():
        # a lane that went round an enclosing loop may have entered this one more than once: its trips are counted
        # per entry (``RemainderLoops.entry``; a grid-stride loop over CSR rows around a row's loop: ViennaCL's CG
        # products), every warp recounted; without the entries kept, the PTX's counts stay
        multi = rl.pcs[pc] in around
        if multi and (execs is None or any(e[4] is None for e in execs)):
            continue
        trips += full
        # the warps whose lanes ran different trip counts: only there do the copies differ from the PTX's trips
        ran = trips > 0
        tmin = np.where(ran, trips, np.iinfo(np.int32).max).min(axis=1)
        mixed = ran.any(axis=1) & ((tmin != trips.max(axis=1)) | multi)
        if not mixed.any():
            continue
        kind = _kind(rl.fn.instrs[pc])
        u, why = structure(rl.kernel, rl.fn, rl.files, rl.arch, rl.pcs[pc],
                           [p for p in rl.pcs if rl.pcs[p] == rl.pcs[pc] and _kind(rl.fn.instrs[p]) == kind])
        where = rl.where(pc)
        if u is None:
            if rl.pcs[pc] not in rl.enclosed:   # (a loop inside another, of a shape not read: the PTX's, as before)
                rl.notes[where] = Undecided(msg("counts.remainder_undecided", why=why))
            continue
        if u == 1:
            continue
        if execs is None:               # too many to keep: the copies' requests are not counted
            rl.notes[where] = Undecided(msg("counts.remainder_undecided", why=msg("counts.remainder_too_many", n=MAX_KEPT)))
            continue
        sel = [(rows[mixed[rows]], mat[mixed[rows]], act[mixed[rows]],
                None if ent is None else ent[mixed[rows]]) for rows, mat, act, _, ent in execs]
        rows = np.concatenate([e[0] for e in sel])
        mat = np.concatenate([e[1] for e in sel]).astype(np.int64)
        act = np.concatenate([e[2] for e in sel]).astype(bool)
        nbytes = execs[0][3]
        r_i, lane = np.nonzero(act)                          # row-major: the executions in time order
        warp = rows[r_i].astype(np.int64)
        entry = np.concatenate([e[3] for e in sel])[r_i, lane].astype(np.int64) if multi else \
            np.zeros(len(r_i), np.int64)
        key = (warp * 32 + lane) * (int(entry.max(initial=0)) + 1) + entry     # a lane's run: one entry of it
        order = np.argsort(key, kind="stable")
        ks = key[order]
        start = np.r_[True, ks[1:] != ks[:-1]]
        gid = np.cumsum(start) - 1
        first = np.flatnonzero(start)
        trip = np.empty(len(ks), np.int64)
        trip[order] = np.arange(len(ks)) - first[gid]
        if multi:                                            # the run's trips: its executions
            size = np.diff(np.r_[first, len(ks)])
            t = np.empty(len(ks), np.int64)
            t[order] = size[gid]
            if _uniform_runs(r_i, warp, entry, t):
                continue                # each warp's lanes ran alike on each entry: the copies are the PTX's trips
        else:
            t = trips[warp, lane].astype(np.int64)
        body = u * (t // u)
        slot = trip.copy()
        rem = t % u
        j = trip - body
        in_rem = trip >= body
        size = u >> 1
        while size:                     # the remainder copies, largest first, each where its bit is set
            here = in_rem & (rem & size).astype(bool) & (j >= 0) & (j < size)
            slot[here] = _SLOT_REM + size * u + j[here]
            j = np.where(in_rem & (rem & size).astype(bool), j - size, j)
            size >>= 1
        gkey = np.stack([warp, entry, slot], axis=1)        # lanes on different trips of an enclosing loop apart
        uniq, grp = np.unique(gkey, axis=0, return_inverse=True)
        grp = grp.reshape(-1)
        n = len(uniq)
        gm = np.zeros((n, 32), np.int64)
        ga = np.zeros((n, 32), bool)
        gm[grp, lane] = mat[r_i, lane]
        ga[grp, lane] = True
        old_req = int(act.any(axis=1).sum())
        old_sec = int(global_sectors(mat, act, nbytes).sum())
        new_sec = int(global_sectors(gm, ga, nbytes).sum())
        pre = _KINDS[kind][2]
        for k, d in ((pre + "_requests", n - old_req), (pre + "_requests_active", n - old_req),
                     (pre + "_sectors", new_sec - old_sec)):
            if d:
                m.count(pc, k, d)
                m.sass_only(pc, k, d)
        rl.notes[where] = msg("counts.remainder_loop", u=u, rest=", ".join(str(u >> b) for b in range(1, u.bit_length())))
