"""Thread block clusters (sm_90) on the emulator: co-resident blocks, the cluster barrier, and
distributed shared memory.

The shape. ``__cluster_dims__(x, y, z)`` on a kernel is ``.reqnctapercluster x, y, z`` (and
``.explicitcluster``) in its PTX (emu/ptx.py keeps it on the Function); a kernel without one runs
as the hardware runs it, each block an implicit cluster of one (``%is_explicit_cluster`` 0). The
grid must be a multiple of the shape in each dimension, and a cluster holds at most 8 blocks
(the portable size; 16 needs a host attribute the launch does not set).

Co-residence. The machine runs a chunk of blocks as one vectorised batch, interleaving their
warps by the lowest-PC rule (machine.py). ``order`` lays the launch's blocks out cluster by
cluster, rank order within one, and ``chunk`` rounds the chunk size to whole clusters: the blocks
of a cluster always run together, so one can wait for another.

Special registers (PTX ISA §10): ``%cluster_ctaid`` / ``%cluster_nctaid`` (a block's place in
its cluster, the shape), ``%clusterid`` / ``%nclusterid`` (the cluster's place in the grid, the
grid in clusters), ``%cluster_ctarank`` / ``%cluster_nctarank`` (x fastest), and
``%is_explicit_cluster``.

``barrier.cluster.arrive`` / ``.wait`` (with ``.aligned``, ``.release``/``.relaxed``,
``.acquire``): a split barrier over every thread of the cluster. A thread's wait returns once
every non-exited thread of its cluster has arrived in the same phase. A wait with no arrival
before it, and a second arrival before the wait, are findings (both are undefined in the PTX
ISA); a phase that can never complete (threads of the cluster ended or blocked elsewhere) is a
finding, and the waiting threads are ended instead of hanging. For the race detector a completed
phase is a barrier over the whole cluster (every thread of it enters one new epoch), unless one
of its arrivals was ``.relaxed``, which orders no memory.

Distributed shared memory. A ``.shared::cluster`` address here is a shared::cta offset (bits
0-23) with the target block's rank + 1 in bits 24-27; 0 there is the executing block itself, as a
shared::cta address used as shared::cluster is on the GPU. ``mapa.shared::cluster`` makes one;
``ld``/``st``/``atom``/``red.shared::cluster`` and ``mbarrier``/``cp.async.bulk`` operands
(emu/tma.py) read it. The encoding is the emulator's own (the GPU's is not documented): a kernel
that only passes the value on, as every CUDA and CUTLASS source does, sees no difference.
Remote accesses are checked for bounds and races as local ones are (a finding names the block
whose memory it is); they add to **no count**: ncu counts them on the SM-to-SM network, not as
the shared-memory requests and wavefronts the emulator models (docs/DESIGN.md §4).

Generic addresses: ``mapa`` with no state space (cooperative groups' ``cluster.map_shared_rank``)
gives the same encoding inside the generic shared window; a generic ``ld``/``st``/``atom``/``red``
of a cluster launch whose address carries a rank goes to that block's memory (uncounted too).
Refused by name: ``cp.async.bulk`` between shared memories.
"""
from __future__ import annotations

import numpy as np

from ..errors import LaunchError
from ..messages import msg
from . import isa
from .addressing import shared32
from .memory import LOCAL_WINDOW, SHARED_WINDOW
from .operands import _UINT_OF, DT, _type_of, _values_for_store, _write_loaded, guard, read, size_of, unsupported, write
from .sanitizer.findings import said

RANK_SHIFT = 24                     # a .shared::cluster address: rank + 1 above a shared::cta offset
OFFSET_MASK = (1 << RANK_SHIFT) - 1
MAX_PORTABLE = 8


# ------------------------------------------------------------------------ the launch's shape
def shape(fn, grid) -> tuple | None:
    """The kernel's cluster shape (None: no __cluster_dims__), checked against the grid."""
    c = getattr(fn, "cluster", None)
    if c is None:
        return None
    c = tuple(int(x) for x in c)
    if min(c) < 1 or c[0] * c[1] * c[2] > MAX_PORTABLE:
        raise LaunchError(f"__cluster_dims__{c} makes clusters of {c[0] * c[1] * c[2]} blocks; a cluster "
                          f"holds 1 to {MAX_PORTABLE} blocks (the portable size)")
    if any(g % x for g, x in zip(grid, c)):
        raise LaunchError(f"the grid {tuple(grid)} is not a whole number of clusters {c} "
                          f"(__cluster_dims__): each grid dimension must be a multiple of the cluster's")
    return c


def _coords(bids, grid):
    gx, gy, _ = grid
    return bids % gx, (bids // gx) % gy, bids // (gx * gy)


def cluster_of(bids, grid, c):
    """(linear cluster id, rank in it) of linear block ids."""
    bx, by, bz = _coords(np.asarray(bids, dtype=np.int64), grid)
    ncx, ncy = grid[0] // c[0], grid[1] // c[1]
    cid = bx // c[0] + ncx * (by // c[1] + ncy * (bz // c[2]))
    rank = bx % c[0] + c[0] * (by % c[1] + c[1] * (bz % c[2]))
    return cid, rank


def order(block_ids, grid, c):
    """The blocks to run, whole clusters (a sampled block brings its cluster), cluster by cluster,
    in rank order within each."""
    n = grid[0] * grid[1] * grid[2]
    every = np.arange(n, dtype=np.int64)
    cid, rank = cluster_of(every, grid, c)
    wanted = np.unique(cluster_of(block_ids, grid, c)[0])
    keep = np.isin(cid, wanted)
    sel, ck, rk = every[keep], cid[keep], rank[keep]
    return sel[np.lexsort((rk, ck))]


def chunk(per_chunk: int, c) -> int:
    size = c[0] * c[1] * c[2]
    return max(size, per_chunk // size * size)


# ------------------------------------------------------------------------ per machine
def setup(m, c, explicit: bool):
    """The cluster special registers and the barrier's state of a machine (c None: clusters of one)."""
    u = np.uint32
    g = m.grid
    cc = c or (1, 1, 1)
    bid = m.block_linear
    bx, by, bz = _coords(bid, g)
    _, rank = cluster_of(bid, g, cc)
    size = cc[0] * cc[1] * cc[2]
    m.cluster, m.csize = c, size
    m.crank = rank                                           # per thread (block_linear is per thread)
    m.cfirst = (m.block_local - rank).astype(np.int64)       # the local index of its rank-0 block
    m.cstride = m.wpb * 32                                   # whole warps per block, so warps never mix
    m.ctid = m.tid_in_block + rank * m.cstride               # the race shadow's thread id: unique in a cluster
    sp = m.special
    for i, (a, n, gi) in enumerate(zip((bx, by, bz), cc, g)):
        d = "xyz"[i]
        sp[f"%cluster_ctaid.{d}"] = (a % n).astype(u)
        sp[f"%cluster_nctaid.{d}"] = u(n)
        sp[f"%clusterid.{d}"] = (a // n).astype(u)
        sp[f"%nclusterid.{d}"] = u(gi // n)
    sp["%cluster_ctarank"] = rank.astype(u)
    sp["%cluster_nctarank"] = u(size)
    sp["%is_explicit_cluster"] = u(1 if explicit else 0)
    m.cwaiting = None            # barrier.cluster's state, made at its first use
    m.dsmem_lines = set()        # (file, line) of accesses that reached distributed shared memory: not counted


def _barrier_state(m):
    if m.cwaiting is None:
        m.cpending = np.zeros(m.T, dtype=bool)          # arrived, not yet past its wait
        m.cphase_of = np.zeros(m.T, dtype=np.int64)     # the phase it arrived in
        m.crelaxed = np.zeros(m.T, dtype=bool)          # that arrival was .relaxed
        m.cwaiting = np.zeros(m.T, dtype=bool)          # blocked in barrier.cluster.wait
        m.cphase = np.zeros(m.nblocks, dtype=np.int64)  # completed phases, by the cluster's first block


def _cluster_lanes(m, first) -> np.ndarray:
    lo = int(first) * m.tpb
    return np.arange(lo, lo + m.csize * m.tpb)


def barrier(m, ins, idx, pc):
    """barrier.cluster.arrive / .wait (the scheduler's: it moves these lanes' pcs)."""
    _barrier_state(m)
    lanes = m.lanes(idx)
    sub = ins.mods[1] if len(ins.mods) > 1 else ""
    if sub not in ("arrive", "wait"):
        unsupported(m, ins)
    take = guard(m, ins, idx)
    act = lanes if take is None else lanes[take]
    m.pc[lanes] = pc + 1
    if sub == "arrive":
        again = m.cpending[act]
        if again.any():
            t = int(act[np.argmax(again)])
            m.finding("barrier_divergence", ins, t, None, said("finding.cluster_arrive_twice"), int(again.sum()))
        _arrive(m, act[~again], "relaxed" in ins.mods)
        _complete(m, np.unique(m.cfirst[act]))
        return
    never = ~m.cpending[act]
    if never.any():
        t = int(act[np.argmax(never)])
        m.finding("barrier_divergence", ins, t, None, said("finding.cluster_wait_no_arrive"), int(never.sum()))
        _arrive(m, act[never], False)
    done = m.cphase_of[act] < m.cphase[m.cfirst[act]]       # its phase completed before it came here
    m.cpending[act[done]] = False
    held = act[~done]
    m.pc[held] = pc
    m.cwaiting[held] = True
    _complete(m, np.unique(m.cfirst[held]))


def _arrive(m, lanes, relaxed):
    m.cpending[lanes] = True
    m.cphase_of[lanes] = m.cphase[m.cfirst[lanes]]
    m.crelaxed[lanes] = relaxed


def _complete(m, firsts):
    """Release the clusters whose every non-exited thread has arrived in the open phase."""
    for f in firsts:
        f = int(f)
        cl = _cluster_lanes(m, f)
        ph = m.cphase[f]
        live = m.alive[cl]
        if not (m.cpending[cl][live] & (m.cphase_of[cl][live] == ph)).all():
            continue
        m.cphase[f] = ph + 1
        w = cl[m.cwaiting[cl]]
        m.cwaiting[w] = False
        m.cpending[w] = False
        m.pc[w] += 1
        if not m.crelaxed[cl].any():            # a cluster-wide barrier for the race detector
            m.epoch[cl] = int(m.epoch[cl].max()) + 1
            m.epochs_changed()
        m.crelaxed[cl] = False


def on_exit(m, dead):
    """Exited threads count as arrived (PTX: the barrier waits for the non-exited threads)."""
    if m.cwaiting is not None and len(dead):
        _complete(m, np.unique(m.cfirst[dead]))


def deadlock(m):
    """Nothing can run and threads wait at a cluster barrier that can never complete: say so, end them."""
    w = np.flatnonzero(m.cwaiting)
    for f in np.unique(m.cfirst[w]):
        _complete(m, [f])                 # threads ended meanwhile (an mbarrier that never completes) count as exited
        cl = _cluster_lanes(m, f)
        who = cl[m.cwaiting[cl]]
        if not len(who):
            continue
        missing = cl[m.alive[cl] & ~(m.cpending[cl] & (m.cphase_of[cl] == m.cphase[int(f)]))]
        t = int(who[0])
        ins = m.fn.instrs[int(m.pc[t])]
        _, block = m.thread_coords(int(missing[0])) if len(missing) else m.thread_coords(t)
        m.finding("barrier_divergence", ins, t, None,
                  said("finding.cluster_never_completes", missing=len(missing),
                       block=",".join(map(str, block))), len(who))
        m.alive[who] = False
        m.cwaiting[who] = False


def notes_for(dsmem_lines, lines) -> list:
    """The per-line count notes (emu/counters/tally.py) of the lines that reached distributed shared memory."""
    text = msg("counts.dsmem_uncounted")
    return [{"file": f, "line": ln, "text": text} for f, ln in sorted(dsmem_lines, key=lambda k: (k[1], k[0]))
            if (f, ln) in lines]


# ------------------------------------------------------------------------ addresses
def locate(m, ins, lanes, addr):
    """A .shared::cluster address of each lane -> (ok, local block index, shared::cta offset); a rank
    outside the cluster is a finding (and not ok)."""
    a = np.asarray(addr, dtype=np.int64) & 0xFFFFFFFF
    hi = a >> RANK_SHIFT
    off = a & OFFSET_MASK
    own = m.block_local[lanes]
    rank = hi - 1
    ok = (hi == 0) | (rank < m.csize)
    if not ok.all():
        i = int(np.argmax(~ok))
        m.finding("out_of_bounds", ins, lanes[i], int(m.smem.user(off[i])),
                  said("finding.cluster_rank", rank=int(rank[i]), size=m.csize), int((~ok).sum()))
    blk = np.where(hi == 0, own, m.cfirst[lanes] + np.where(ok, rank, 0))
    return ok, blk.astype(np.int64), off


def h_mapa(m, ins, idx, pc):
    generic = "shared::cluster" not in ins.mods
    lanes = m.lanes(idx)
    if generic:                               # a generic address in the shared window (cooperative groups)
        g = np.broadcast_to(np.asarray(read(m, ins.args[1], "u64", idx)).astype(np.int64), (len(lanes),))
        notsh = (g < SHARED_WINDOW) | (g >= LOCAL_WINDOW)
        if notsh.any():
            i = int(np.argmax(notsh))
            m.finding("out_of_bounds", ins, lanes[i], None, said("finding.cluster_mapa_not_shared", addr=hex(int(g[i]))),
                      int(notsh.sum()))
        a = np.where(notsh, 0, g - SHARED_WINDOW)
    else:
        a = np.broadcast_to(shared32(np.asarray(read(m, ins.args[1], "u32", idx), dtype=np.int64)), (len(lanes),))
    r = np.broadcast_to(np.asarray(read(m, ins.args[2], "u32", idx)).astype(np.int64), (len(lanes),))
    bad = r >= m.csize
    if bad.any():
        i = int(np.argmax(bad))
        m.finding("out_of_bounds", ins, lanes[i], None,
                  said("finding.cluster_rank", rank=int(r[i]), size=m.csize), int(bad.sum()))
    out = ((a & OFFSET_MASK) | ((np.minimum(r, 15) + 1) << RANK_SHIFT)).astype(np.uint64)
    if generic:
        out = out + np.uint64(SHARED_WINDOW)
    t = "u64" if "u64" in ins.mods else "u32"
    write(m, ins.args[0], out.astype(np.uint64 if t == "u64" else np.uint32), idx)


def h_dsmem(m, ins, idx, pc, generic=False):
    """ld/st.shared::cluster: a shared access that may reach another block of the cluster. Checked
    (bounds, alignment, races, uninitialised reads) as a local one; counted nowhere (module doc).
    ``generic``: lanes of a generic ld/st whose address is another block's, in the shared window."""
    store = ins.op == "st"
    t = _type_of(ins)
    nvec = isa._vec(ins)
    es = max(1, size_of(t))
    nbytes = es * nvec
    aop, vop = (ins.args[0], ins.args[1]) if store else (ins.args[1], ins.args[0])
    lanes = m.lanes(idx)
    m.dsmem_lines.add(m.where(ins))
    addr = np.asarray(isa.address(m, aop, idx), dtype=np.int64) - (SHARED_WINDOW if generic else 0)
    addr = np.broadcast_to(shared32(addr), (len(lanes),))
    ok, blk, off = locate(m, ins, lanes, addr)
    size = m.smem.user_bytes
    inb = m.smem.inside(off, nbytes)
    mis = (off % nbytes != 0) if nbytes > 1 else np.zeros(len(lanes), dtype=bool)
    isa._report_bad(m, ins, lanes, ok & ~inb, m.smem.user(off), "out_of_bounds",
                    lambda a: said("finding.oob_shared_write" if store else "finding.oob_shared_read",
                                   nbytes=nbytes, off=a, size=size))
    isa._report_bad(m, ins, lanes, ok & inb & mis, m.smem.user(off), "misaligned",
                    lambda a: said("finding.misaligned_shared", nbytes=nbytes, off=a))
    ok = ok & inb & ~mis
    flat = blk * m.smem.stride + off
    vals = _values_for_store(m, vop, t, nvec, idx) if store else None
    if m.shadow is not None:
        isa._shadow(m, ins, lanes, flat, ok, nbytes, store, vals)
    sel = np.flatnonzero(ok)
    if store:
        m.smem.arena.scatter(flat[sel], es, vals[sel], nvec)
        m.async_state.overwrite(m, flat[sel], nbytes)
        if getattr(m, "wgmma", None) is not None:
            m.wgmma.generic_store(m, lanes[sel], flat[sel], nbytes)
        return
    out = np.zeros((len(lanes), nvec) if nvec > 1 else (len(lanes),), dtype=_UINT_OF[es])
    out[sel] = m.smem.arena.gather(flat[sel], es, nvec)
    _write_loaded(m, vop, out, t, idx)


def h_dsmem_atom(m, ins, idx, pc, generic=False):
    """atom/red.shared::cluster: an atomic on a block's shared memory in the cluster (isa.apply_atomics:
    lanes on one address one after another); bounds and alignment checked, counted nowhere."""
    red = ins.op == "red"
    opname = next((x for x in ins.mods if x in isa._ATOM), None)
    if opname is None:
        unsupported(m, ins)
    t = _type_of(ins)
    es = size_of(t)
    args = ins.args if red else ins.args[1:]
    lanes = m.lanes(idx)
    n = len(lanes)
    m.dsmem_lines.add(m.where(ins))
    addr = np.asarray(isa.address(m, args[0], idx), dtype=np.int64) - (SHARED_WINDOW if generic else 0)
    addr = np.broadcast_to(shared32(addr), (n,))
    ok, blk, off = locate(m, ins, lanes, addr)
    size = m.smem.user_bytes
    inb = m.smem.inside(off, es) & (off % es == 0)
    isa._report_bad(m, ins, lanes, ok & ~inb, m.smem.user(off), "out_of_bounds",
                    lambda a: said("finding.oob_atomic_shared", off=a, size=size))
    ok = ok & inb
    flat = blk * m.smem.stride + off
    if m.shadow is not None:
        m.shadow.fill(flat[ok] // m.unit)
    v = np.broadcast_to(np.asarray(read(m, args[1], t, idx)), (n,))
    c = np.broadcast_to(np.asarray(read(m, args[2], t, idx)), (n,)) if opname == "cas" else None
    old = isa.apply_atomics(m.smem.arena, flat, ok, es, DT[t], opname, v, c)
    if not red:
        write(m, ins.args[0], old, idx)


_STATE_SPACES = ("shared", "global", "local", "const", "param", "shared::cta", "shared::cluster")


def _with_dsmem(fallback):
    def h(m, ins, idx, pc):
        if "shared::cluster" in ins.mods:
            return (h_dsmem_atom if ins.op in ("atom", "red") else h_dsmem)(m, ins, idx, pc)
        if m.csize == 1 or any(x in _STATE_SPACES for x in ins.mods):
            return fallback(m, ins, idx, pc)
        # a generic access in a cluster launch: lanes whose shared-window address names another
        # block (a generic mapa's, cooperative groups' map_shared_rank) go to that block's memory
        aop = ins.args[0] if ins.op in ("st", "red") else ins.args[1]
        lanes = m.lanes(idx)
        a = np.broadcast_to(np.asarray(isa.address(m, aop, idx), dtype=np.int64), (len(lanes),))
        far = (a >= SHARED_WINDOW + (1 << RANK_SHIFT)) & (a < LOCAL_WINDOW)
        if not far.any():
            return fallback(m, ins, idx, pc)
        dsm = h_dsmem_atom if ins.op in ("atom", "red") else h_dsmem
        if far.all():
            return dsm(m, ins, idx, pc, generic=True)
        fallback(m, ins, lanes[~far], pc)
        dsm(m, ins, lanes[far], pc, generic=True)
    return h


def register(handlers):
    handlers["mapa"] = h_mapa
    for op in ("ld", "st", "atom", "red"):
        handlers[op] = _with_dsmem(handlers[op])


register(isa.HANDLERS)
