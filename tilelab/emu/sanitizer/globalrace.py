"""Races in global memory: two threads of one launch touch the same bytes, at least one writing,
with nothing ordering them.

Lockstep emulation hides them just as it hides shared-memory races: warps here never overtake
each other, on a GPU they do. What orders two accesses of different threads:

* the same block, a ``__syncthreads()`` between them (the block's barrier epoch changed);
* different blocks, the single-pass-reduction protocol: the writer's block runs a fence
  (``__threadfence()``: ``membar.gl`` / ``fence.*``, or a ``.release`` atomic) and then an atomic
  after the write, and the reader's block runs an atomic (or an ``ld.acquire``, as grid.sync's
  wait does) after that one (the "am I the last block?" counter);
* the same block with no barrier between, the same protocol thread by thread: the writing thread's
  fenced atomic after its write, the other thread's atomic after that (an LBVH's bottom-up refit:
  the second child to reach a node's visit counter reads its sibling's box, the two often lanes of
  one warp); the fence's scope (.gpu) holds the block's threads as it holds other blocks';
* separate launches (this shadow lives for one launch).

A plain store and another thread's atomic on the same word with nothing ordering them race (the PTX memory
model: a weak store and an atomic are not morally strong), in either order; atomics among themselves never do, and a
plain load of a word an atomic changed is not reported (spins on a counter with a volatile load are the idiom).
Atomics are otherwise not plain accesses and are not recorded as them, and neither are strong stores
(``st.relaxed`` / ``st.release`` at ``.gpu`` or ``.sys`` scope, ``cuda::atomic_ref``'s store, CUB's
decoupled look-back publishing a tile's status): the PTX memory model makes two strong accesses of
one scope morally strong, never a data race, so a strong store is kept as an atomic write is
(``strong_store``), and a load that sees it acquires as a load of an atomic's result does. The shadow keeps, per 4-byte
unit of the global arena, the last writer, the last reader and the reader before it where that was
another thread (thread, barrier epoch, time): a thread that reads a word and then writes it does not
hide another thread's earlier read of it. A race between a writer and two readers before the last
two can still go unseen, never the other way round: a reported race is a real one.
"""
from __future__ import annotations

import numpy as np

from ..operands import _type_of, size_of
from .findings import said


def global_unit(fn) -> int:
    """Granularity of the shadow: 4 bytes unless the kernel makes narrower global accesses
    (two threads writing the two halves of a word do not race)."""
    unit = 4
    for ins in fn.instrs:
        if ins.op in ("ld", "st") and "shared" not in ins.mods and "local" not in ins.mods \
                and "param" not in ins.mods:
            unit = min(unit, max(1, size_of(_type_of(ins, "b32"))))
        elif ins.op == "wmma" and ins.mods[:1] in (("load",), ("store",)) \
                and "shared" not in ins.mods:         # a fragment's elements (emu/mma_forms.py)
            unit = min([unit] + [{"f16": 2, "bf16": 2, "s8": 1, "u8": 1}[t] for t in ins.mods
                                 if t in ("f16", "bf16", "s8", "u8")])
    return unit


class GlobalShadow:
    """Access history of one launch's global memory (every chunk of blocks).

    A record packs (barrier epoch << 32) | (launch thread id + 1); 0 means nobody. Reads cost
    one scatter (two with their time); they are checked against writers only once the launch
    has written something.
    """

    def __init__(self, nbytes: int, nthreads: int, nblocks: int, readonly=(), unit: int = 4):
        self.unit, self.shift = unit, {1: 0, 2: 1, 4: 2}[unit]
        n = nbytes // unit + 2
        # arena byte ranges of `const T*` arguments no store has touched yet: reads there need
        # no record (most loads are of inputs); a store into one makes it an ordinary range
        self.untracked = [(int(a), int(b)) for a, b in readonly]
        self.w_rec = np.zeros(n, dtype=np.int64)
        self.w_time = np.zeros(n, dtype=np.int64)     # launch clock at the write
        self.r_rec = np.zeros(n, dtype=np.int64)
        self.r_time = np.zeros(n, dtype=np.int64)
        # the reader before the last one, where it was another thread: a thread that reads a word just
        # before it writes it (cuda-bwt's walks: `while (... bucket_index[j] != n+1) bucket_index[j] = c`)
        # is the last reader of its own write, and hid every other thread's earlier read of the word
        self.r2_rec = np.zeros(n, dtype=np.int64)
        self.r2_time = np.zeros(n, dtype=np.int64)
        self.r2_wep = None
        self.read2_any = False
        # each record's warp epoch (its warp's __syncwarp count): made at the launch's first access
        # after a __syncwarp; until then every record's is 0, which is right
        self.w_wep = self.r_wep = None
        self.a_time = None                            # per unit: last atomic on it (made at the first)
        self.a_rec = self.a_wep = None                # per unit: that atomic's thread record, warp epoch
        self.written = False
        self.read_any = False
        self.clock = 1
        self.fenced = np.zeros(nthreads, dtype=bool)   # a fence since the thread's last atomic
        self.releases = {}                             # block -> times of its fenced atomics
        self.acquire = np.zeros(nblocks, dtype=np.int64)   # block -> last time it saw another's atomic
        self.t_releases = {}                           # thread -> times of its fenced atomics
        self.t_acquire = np.zeros(nthreads, dtype=np.int64)   # thread -> time of its last atomic / acquire
        # the units of __device__ variables (watch): which of them a read found as the launch
        # started, no write or atomic of this launch on them before it (sanitizer/devicestate.py)
        self.old_lo = self.old_hi = 0
        self.old_read = None

    def watch(self, lo: int, hi: int):
        """Note, from now on, reads of arena bytes [lo, hi) that see the value the launch started with."""
        self.old_lo, self.old_hi = lo >> self.shift, (hi + self.unit - 1) >> self.shift
        self.old_read = np.zeros(max(0, self.old_hi - self.old_lo), dtype=bool)

    def read_old(self, lo: int, hi: int) -> bool:
        """Did a read of this launch find some byte of [lo, hi) as the launch started?"""
        if self.old_read is None:
            return False
        a = max(lo >> self.shift, self.old_lo) - self.old_lo
        b = min((hi + self.unit - 1) >> self.shift, self.old_hi) - self.old_lo
        return bool(b > a and self.old_read[a:b].any())

    def note_read(self, off, nbytes: int):
        """A read that is not a plain load (an atomic, cp.async, a TMA copy, printf's %s): ``nbytes`` at
        each arena byte offset of ``off``; only the watch above cares."""
        if self.old_read is not None and len(off):
            units = np.asarray(off, dtype=np.int64) >> self.shift
            k = max(1, -(-nbytes // self.unit))
            self._note_old((units[:, None] + np.arange(k)).ravel() if k > 1 else units)

    def _note_old(self, units):
        """``units`` are being read: mark the watched ones nothing of this launch has written yet
        (a plain store leaves its writer in w_rec, an atomic its time in a_time)."""
        sel = (units >= self.old_lo) & (units < self.old_hi)
        if not sel.any():
            return
        u = units[sel]
        fresh = self.w_rec[u] == 0
        if self.a_time is not None:
            fresh &= self.a_time[u] == 0
        self.old_read[u[fresh] - self.old_lo] = True

    # --------------------------------------------------------------- events
    @staticmethod
    def is_strong_store(ins) -> bool:
        """``st.relaxed.gpu`` / ``st.release.sys`` ...: a store the memory model calls strong."""
        return any(q in ins.mods for q in ("relaxed", "release")) and any(q in ins.mods for q in ("gpu", "sys"))

    def warp_synced(self):
        """A __syncwarp ran: from now on records keep their warp epochs (all 0 before: right)."""
        if self.w_wep is None:
            self.w_wep = np.zeros(len(self.w_rec), dtype=np.int64)
            self.r_wep = np.zeros(len(self.w_rec), dtype=np.int64)
            self.r2_wep = np.zeros(len(self.w_rec), dtype=np.int64)

    def fence(self, m, lanes):
        self.fenced[m.gtid[lanes]] = True

    def atomic(self, m, lanes, off, ins, reads: bool = True):
        """Atomic lanes, serialised in lane order: each gets its own time. An atomic after a
        fence (or with .release / .acq_rel semantics) releases its block's earlier writes."""
        if len(lanes) == 0:
            return
        g = m.gtid[lanes]
        times = self.clock + np.arange(len(lanes), dtype=np.int64)
        self.clock += len(lanes)
        blocks = m.block_linear[lanes]
        if reads:                                       # an atomic reads the word before it writes it
            np.maximum.at(self.acquire, blocks, times)
            self.t_acquire[g] = times
            self.note_read(off, size_of(_type_of(ins)))
        if self.a_time is None:
            self.a_time = np.zeros(len(self.w_rec), dtype=np.int64)
            self.a_rec = np.zeros(len(self.w_rec), dtype=np.int64)
        k = max(1, size_of(_type_of(ins)) // self.unit)
        units, rec, lanes_k, wep = self._spread(m, lanes, off, k, False)
        if self.written:      # another thread's plain store to the word, nothing ordering it: a data race
            self._check(m, ins, lanes_k, units, rec, self.w_rec, self.w_time, "write-after-write",
                        None, self.w_wep, wep)
        self.a_time[units] = np.repeat(times, k) if k > 1 else times
        self.a_rec[units] = rec
        if wep is not None:
            if self.a_wep is None:
                self.a_wep = np.zeros(len(self.w_rec), dtype=np.int64)
            self.a_wep[units] = wep
        rel = self.fenced[g] | any(x in ins.mods for x in ("release", "acq_rel"))
        if np.any(rel):
            rel = np.broadcast_to(rel, g.shape)
            for b, th, t in zip(blocks[rel].tolist(), g[rel].tolist(), times[rel].tolist()):
                self.releases.setdefault(b, []).append(t)
                self.t_releases.setdefault(th, []).append(t)
            self.fenced[g[rel]] = False

    def acquire_load(self, m, lanes):
        """``ld.acquire`` (the spin of cooperative groups' grid.sync): the reading block acquires
        whatever was released before now, as its own atomic would."""
        if len(lanes):
            np.maximum.at(self.acquire, m.block_linear[lanes], self.clock)
            self.t_acquire[m.gtid[lanes]] = self.clock
            self.clock += 1

    # --------------------------------------------------------------- accesses
    @staticmethod
    def _records(m, lanes, all_lanes):
        g1 = m.gtid1 if all_lanes else m.gtid1[lanes]
        st = m.stamp(lanes)        # the shared shadow's epochs: one scalar while every thread agrees
        if np.ndim(st) == 0:
            return g1 | (np.int64(int(m.epoch[0])) << 32)
        return g1 | (m.epoch[lanes] << 32)

    def _spread(self, m, lanes, off, k: int, all_lanes):
        """An access of ``k`` units per lane as one entry per unit: (units, records, lanes, warp epochs)."""
        units = off >> self.shift
        rec = self._records(m, lanes, all_lanes)
        wep = m.wepoch[lanes] if self.w_wep is not None else None
        if k > 1:
            units = (units[:, None] + np.arange(k)).ravel()
            rec, lanes = np.repeat(rec, k), np.repeat(lanes, k)
            wep = None if wep is None else np.repeat(wep, k)
        return units, rec, lanes, wep

    def access(self, m, ins, lanes, off, nbytes, store, all_lanes=False, vals=None):
        """Check and record one plain access: ``off`` are arena byte offsets of ``lanes``;
        ``vals`` the values a store writes (raw, per lane)."""
        if len(lanes) == 0:
            return
        if store and self.is_strong_store(ins):          # kept as an atomic write (module docstring)
            self.atomic(m, lanes, off, ins, reads=False)
            return
        if not store and self.a_time is not None:
            # a load that sees an atomic's result (a spin on a counter, grid.sync): the block has
            # now seen every release before it
            seen = self.a_time[off >> self.shift] > 0
            if seen.any():
                np.maximum.at(self.acquire, m.block_linear[lanes[seen]], self.clock)
                self.t_acquire[m.gtid[lanes[seen]]] = self.clock
                self.clock += 1
        if self.untracked:
            lo, hi = int(off.min()), int(off.max()) + nbytes
            if store:
                self.untracked = [(a, b) for a, b in self.untracked if hi <= a or lo >= b]
            elif any(a <= lo and hi <= b for a, b in self.untracked):
                return
        units, rec, lanes, wep = self._spread(m, lanes, off, max(1, nbytes // self.unit), all_lanes)
        now = self.clock
        self.clock += 1
        if store:
            new = None
            if vals is not None:
                U = {1: np.uint8, 2: np.uint16, 4: np.uint32}[self.unit]
                new = np.ascontiguousarray(vals).view(U).reshape(-1)
                if len(new) != len(units):
                    new = None
            if self.written:
                self._check(m, ins, lanes, units, rec, self.w_rec, self.w_time, "write-after-write",
                            self._same(m, units, new), self.w_wep, wep)
            if self.a_rec is not None:   # a plain store over another thread's atomic, nothing ordering them
                self._check(m, ins, lanes, units, rec, self.a_rec, self.a_time, "write-after-write", None,
                            self.a_wep if self.a_wep is not None and wep is not None else None, wep)
            if self.read_any:
                self._check(m, ins, lanes, units, rec, self.r_rec, self.r_time, "write-after-read",
                            None, self.r_wep, wep)
            if self.read2_any:
                self._check(m, ins, lanes, units, rec, self.r2_rec, self.r2_time, "write-after-read",
                            None, self.r2_wep, wep)
            self.w_rec[units] = rec
            if self.w_wep is not None:
                self.w_wep[units] = wep
            # two lanes of one store on the same bytes: one lands, and which one is not defined
            # (unless they write the same value)
            dup = self.w_rec[units] != rec
            if dup.any():
                if new is not None:
                    first = np.zeros(len(self.w_rec), dtype=new.dtype)
                    first[units] = new
                    dup &= first[units] != new
                if dup.any():
                    i = int(np.argmax(dup))
                    self._report(m, ins, lanes[i], units[i], int(self.w_rec[units[i]] & 0xFFFFFFFF) - 1,
                                 "write-after-write", int(dup.sum()))
            self.w_time[units] = now
            self.written = True
        else:
            if self.old_read is not None:
                self._note_old(units)
            if self.written:
                self._check(m, ins, lanes, units, rec, self.w_rec, self.w_time, "read-after-write",
                            None, self.w_wep, wep)
            if self.read_any:                  # another thread's earlier read moves to the second record
                old = self.r_rec[units]
                move = (old != 0) & ((old & 0xFFFFFFFF) != (rec & 0xFFFFFFFF))
                if move.any():
                    u = units[move]
                    self.r2_rec[u] = old[move]
                    self.r2_time[u] = self.r_time[u]
                    if self.r2_wep is not None:
                        self.r2_wep[u] = self.r_wep[u]
                    self.read2_any = True
            self.r_rec[units] = rec
            if self.r_wep is not None:
                self.r_wep[units] = wep
            self.r_time[units] = now
            self.read_any = True

    def _same(self, m, units, new):
        """Per unit: the store writes the value already there (a benign race: both orders agree)."""
        if new is None:
            return None
        U = {1: np.uint8, 2: np.uint16, 4: np.uint32}[self.unit]
        return m.gmem.arena.data.view(U)[units] == new

    def _check(self, m, ins, lanes, units, rec, records, times, kind, same=None, weps=None, wep=None):
        """Report the first pair that nothing orders: another thread's access to these units in this
        barrier epoch of the same block (or, for one warp, no __syncwarp between), or in another block
        with no release and acquire between."""
        other = records[units]
        cand = (other != 0) & ((other & 0xFFFFFFFF) != (rec & 0xFFFFFFFF))
        if same is not None:
            cand &= ~same
        if not cand.any():
            return
        i = np.flatnonzero(cand)
        o = (other[i] & 0xFFFFFFFF) - 1
        ob, mb = o // m.tpb, m.block_linear[lanes[i]]
        same_block = ob == mb
        ordered = same_block & ((other[i] >> 32) != (rec[i] >> 32))
        if weps is not None:                     # __syncwarp orders the lanes of one warp (global memory too)
            same_warp = same_block & ((o % m.tpb) // 32 == m.tid_in_block[lanes[i]] // 32)
            ordered |= same_warp & (weps[units[i]] != wep[i])
        cross = ~same_block
        if cross.any():
            ordered[cross] = self._released(ob[cross], times[units[i][cross]], mb[cross])
        near = same_block & ~ordered
        if near.any() and self.t_releases:         # one block, no barrier between: thread by thread
            ordered[near] = self._released_threads(o[near], times[units[i][near]], m.gtid[lanes[i][near]])
        bad = ~ordered
        if bad.any():
            j = int(np.argmax(bad))
            self._report(m, ins, lanes[i[j]], units[i[j]], int(o[j]), kind, int(bad.sum()))

    def _released(self, wblocks, wtimes, rblocks):
        """Per pair: did the first access's block release (fence + atomic) after it, and the
        second access's block see that (an atomic, or a load of an atomic's result) since?"""
        return _ordered(self.releases, wblocks, wtimes, self.acquire[rblocks])

    def _released_threads(self, writers, wtimes, readers):
        """Per pair of one block: the same protocol thread by thread (the first access's thread ran a
        fenced atomic after it, the second access's thread an atomic after that)."""
        return _ordered(self.t_releases, writers, wtimes, self.t_acquire[readers])

    def _report(self, m, ins, lane, unit, other_gtid, kind, count):
        byte = int(unit) * self.unit
        al = next((a for a in m.gmem.allocs if a.offset <= byte < a.offset + a.nbytes), None)
        addr = al.base + byte - al.offset if al else None
        where = said("finding.global_where", name=al.name, byte=byte - al.offset, element=(byte - al.offset) // 4) \
            if al else said("finding.global_memory")
        ob, ot = divmod(int(other_gtid), m.tpb)
        bx, by = m.block, m.grid
        othread = (ot % bx[0], (ot // bx[0]) % bx[1], ot // (bx[0] * bx[1]))
        oblock = (ob % by[0], (ob // by[0]) % by[1], ob // (by[0] * by[1]))
        wrote = kind in ("write-after-write", "read-after-write")
        same_block = oblock == m.thread_coords(int(lane))[1]
        one_warp = same_block and ot // 32 == int(m.tid_in_block[int(lane)]) // 32
        how = said(("finding.needs_syncwarp_waw" if kind == "write-after-write" else "finding.needs_syncwarp") if one_warp
                   else "finding.needs_barrier" if same_block else "finding.needs_fence")
        kinds = {"write-after-write": "finding.waw", "write-after-read": "finding.war", "read-after-write": "finding.raw"}
        m.finding("race", ins, lane, addr,
                  said(("finding.race_global_wrote" if wrote else "finding.race_global_read") + ("_warp" if one_warp else ""),
                       kind=said(kinds[kind]),
                       where=where, thread=",".join(map(str, othread)), block=",".join(map(str, oblock)), how=how),
                  count, key_extra=("global",))


def _ordered(releases: dict, writers, wtimes, acquired) -> np.ndarray:
    """Per pair: a release by the writer (a block or a thread: ``releases`` its fenced atomics' times) after
    the write and before the reader's last acquire (``acquired``). A fenced atomic releases its own write too (its
    time is the release's): Marlin's lock, raised by a fence and a red.add, then reset by a plain store of the block
    that acquired it (unseen194)."""
    return np.array([any(wt <= r < a for r in releases.get(w, ()))
                     for w, wt, a in zip(writers.tolist(), wtimes.tolist(), acquired.tolist())], dtype=bool)
