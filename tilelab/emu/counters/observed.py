"""The values a launch's own loads read, kept for the SASS replay (emu/counters/sass_replay.py).

Why: a loop whose trip count is a value loaded from memory (CSR row pointers, JDS row lengths in a
``__constant__`` array, a ``__shared__`` scalar thread 0 wrote: ``while (block_source < nodes)``) makes the
replay of the SASS's control flow give up, since it computes only what the launch geometry and the
parameters give. But the emulator has run the kernel: each thread's load of that value was executed, at a
known address, and read a known value.

How: statically (``candidates``, from the PTX alone): the scalar 8- to 64-bit loads of global, constant or
shared memory (and generic ones), in loops too. Only for a launch the replay runs for (sass_model's
``plan.copies`` or ``plan.pools``), the machine keeps, per execution of such a load and per thread that ran it,
the address it read, the bytes, and the thread's barrier epoch (``note``, from isa.execute; the epoch counts
the block barriers the thread has passed). The replay asks ``value`` for an LDG, LD, LDS or LDC whose address
it computed, with the barrier epoch it counted for each lane: where the thread read every one of those bytes
in that epoch, and all of its reads of each byte in it agree, that is the SASS's value too. A load does not
move across the barriers that order it, so the SASS reads in the epoch the PTX read in; a value another
thread changed within the epoch shows as two reads that disagree, and stays unknown. Where the thread did
not read the bytes in that epoch (or no epoch is given), its reads of them in every epoch are asked, and must
agree (a ``u32 threadRange = *range`` of a ``u64*`` that ptxas reads as a 4-byte LDG is one such read). Else
the value stays unknown and so does the line.

Budget: the loads outside every PTX loop (each runs at most once per thread) are kept where the launch has no
more than ``MAX_KEPT`` thread slots for them, as before; the reads inside loops share a second budget of
``MAX_LOOP_READS`` lane reads, and past it none of them is kept (their values then stay unknown).
"""
from __future__ import annotations

import numpy as np

MAX_KEPT = 1 << 21           # thread slots kept per launch for the loads outside loops, together
MAX_LOOP_READS = 1 << 21     # lane reads kept per launch for the loads inside loops, together
_WIDTH = {"b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "bf16": 2,
          "b32": 4, "u32": 4, "s32": 4, "f32": 4, "b64": 8, "u64": 8, "s64": 8, "f64": 8}
_READ_AS = {1: "u8", 2: "u16", 4: "u32", 8: "u64"}
GLOBAL, SHARED = 0, 1        # the address spaces a key names (generic and constant addresses are the global's)
ATOM, ATOM_AT = 2, 3         # a thread's atomics of an epoch, by their order in it: what each returned, its address
BAR_RED = 4                  # a thread's bar.red result (__syncthreads_or/and/count), in the epoch the barrier opened


def _loops(fn, n_entry: int) -> list:
    return [(ins.target, pc) for pc, ins in enumerate(fn.instrs[:n_entry])
            if ins.op == "bra" and isinstance(ins.target, int) and 0 <= ins.target <= pc]


def candidates(fn) -> tuple:
    """``((pc, width, space, in_loop), ...)``: the entry's ld/ldu of global, constant, shared or generic memory,
    1 to 8 bytes an element (cached on the function); a vector load's elements are kept one by one (isa.execute:
    mwa_hyperdrive's thread 0 reads a block sum of doubles back as ``ld.shared.v2.f64``, the SASS as LDS.128)."""
    got = fn.__dict__.get("_observed_reads")
    if got is not None:
        return got
    n_entry = next((i for i, ins in enumerate(fn.instrs) if ins.func), len(fn.instrs))
    backs = _loops(fn, n_entry)
    out = []
    for pc, ins in enumerate(fn.instrs[:n_entry]):
        if ins.op in ("bar", "barrier") and "red" in ins.mods:
            out.append((pc, 4, BAR_RED, any(s <= pc <= e for s, e in backs)))
            continue
        if ins.op in ("atom", "red"):
            width = next((w for t, w in _WIDTH.items() if t in ins.mods), None)
            if width in (4, 8) and not any(m.startswith("v") and m[1:].isdigit() for m in ins.mods):
                out.append((pc, width, ATOM, any(s <= pc <= e for s, e in backs)))
            continue
        if ins.op not in ("ld", "ldu"):
            continue
        mods = set(ins.mods)
        if mods & {"local", "param"}:
            continue
        width = next((w for t, w in _WIDTH.items() if t in mods), None)
        vec = ins.args[0].kind == "vec" if ins.args else False
        if width is None or len(ins.args) != 2 or not (ins.args[0].kind == "reg" or vec) or \
                ins.args[1].kind != "mem" or vec != any(m.startswith("v") and m[1:].isdigit() for m in ins.mods):
            continue
        space = SHARED if "shared" in mods else GLOBAL
        out.append((pc, width, space, any(s <= pc <= e for s, e in backs)))
    got = tuple(out)
    fn.__dict__["_observed_reads"] = got
    return got


class Observed:
    """Per execution of a candidate load, per thread that ran it: the address read, the bytes (little-endian in a
    uint64), the thread's barrier epoch. ``pcs``: the candidates' pcs; ``widths``: their bytes (1, 2, 4 or 8);
    ``spaces``: GLOBAL or SHARED each; ``loops``: which of them lie inside a loop (their own budget)."""

    def __init__(self, pcs, nthreads: int, widths=None, spaces=None, loops=None):
        self.pcs = {pc: i for i, pc in enumerate(pcs)}
        n = len(self.pcs)
        self.width = np.asarray(widths if widths is not None else [4] * n, dtype=np.int64)
        self.space = np.asarray(spaces if spaces is not None else [GLOBAL] * n, dtype=np.int64)
        self.in_loop = np.asarray(loops if loops is not None else [False] * n, dtype=bool)
        self.nthreads = nthreads
        self._parts: list = []           # (in_loop, space, width, gtid, epoch, addr, value)
        self._loop_reads = 0
        self.loops_dropped = False
        self._tables = None

    @classmethod
    def for_launch(cls, fn, nthreads: int):
        """An ``Observed`` for the launch, or None (no candidate)."""
        cands = candidates(fn)
        outside = sum(1 for c in cands if not c[3])
        if outside * nthreads > MAX_KEPT:                     # as before: too many thread slots to keep
            cands = tuple(c for c in cands if c[3])
        if not cands:
            return None
        return cls([c[0] for c in cands], nthreads, [c[1] for c in cands], [c[2] for c in cands],
                   [c[3] for c in cands])

    def type(self, pc: int) -> str:
        """The type a candidate's destination is read back as (isa.execute): its raw bits."""
        return _READ_AS[int(self.width[self.pcs[pc]])]

    def atomic_pc(self, pc: int) -> bool:
        return int(self.space[self.pcs[pc]]) == ATOM

    def barrier_pc(self, pc: int) -> bool:
        return int(self.space[self.pcs[pc]]) == BAR_RED

    def keep_bar_red(self, pc: int, gtid, value, epoch):
        """A ``bar.red`` released (machine._reduce_votes): each thread's result (the count, or 0/1 for and/or), with
        the epoch the barrier opened (the one the replay counts at its ``BAR.RED``)."""
        self.keep(pc, gtid, 0, np.asarray(value).astype(np.uint32), epoch)

    def bar_red(self, lanes, epoch):
        """Per lane, the result of the ``bar.red`` that opened barrier epoch ``epoch`` (uint32), or None where a lane's
        is not known."""
        lanes = np.asarray(lanes, dtype=np.int64).ravel()
        if not len(lanes):
            return np.zeros(0, np.uint32)
        by_epoch, _ = self._build()
        ep = np.broadcast_to(np.asarray(epoch, dtype=np.int64), lanes.shape)
        ok, clash, got = self._ask(by_epoch, BAR_RED, lanes, ep, np.zeros(len(lanes), np.int64), np.uint8(0xF))
        return got if ok.all() and not clash.any() else None      # that epoch's only: a loop's barriers differ

    def keep(self, pc: int, gtid, addr, value, epoch=None):
        """A candidate load executed (isa.execute): the launch's thread ids, their addresses, the values read, their
        barrier epochs (None: unknown, kept for the any-epoch question only)."""
        k = self.pcs[pc]
        gtid = np.asarray(gtid, dtype=np.int64).ravel()
        if not len(gtid):
            return
        loop = bool(self.in_loop[k])
        if loop:
            if self.loops_dropped:
                return
            self._loop_reads += len(gtid)
            if self._loop_reads > MAX_LOOP_READS:          # past the budget: no read inside a loop is kept
                self.loops_dropped = True
                self._parts = [p for p in self._parts if not p[0]]
                self._tables = None
                return
        ep = np.zeros(len(gtid), np.int64) if epoch is None else \
            np.broadcast_to(np.asarray(epoch, dtype=np.int64), gtid.shape).copy()
        at = np.broadcast_to(np.asarray(addr, dtype=np.int64), gtid.shape).copy()
        if int(self.space[k]) == ATOM:             # an atomic (a ``red``: no value): its order is counted at _build
            val = np.zeros(len(gtid), np.uint64) if value is None else \
                np.broadcast_to(np.asarray(value).astype(np.uint64, copy=False), gtid.shape).copy()
            self._parts.append((loop, ATOM, int(self.width[k]) if value is not None else 0, gtid, ep, at, val))
        else:
            self._parts.append((loop, int(self.space[k]), int(self.width[k]), gtid, ep, at,
                                np.broadcast_to(np.asarray(value).astype(np.uint64, copy=False), gtid.shape).copy()))
        self._tables = None

    def _atomics(self) -> list:
        """The atomics' parts as reads: per thread and epoch, its k-th atomic's value at ``ATOM`` k * 8 and its
        address at ``ATOM_AT`` k * 8 (k counted in the order the thread ran them: the order of the parts)."""
        parts = [p for p in self._parts if p[1] == ATOM]
        if not parts:
            return []
        gt = np.concatenate([p[3] for p in parts])
        ep = np.concatenate([p[4] for p in parts])
        at = np.concatenate([p[5] for p in parts])
        vl = np.concatenate([p[6] for p in parts])
        wd = np.concatenate([np.full(len(p[3]), p[2], np.int64) for p in parts])
        order = np.lexsort((np.arange(len(gt)), ep, gt))          # by thread, epoch, then as they ran
        g, e = gt[order], ep[order]
        start = np.r_[True, (g[1:] != g[:-1]) | (e[1:] != e[:-1])]
        idx = np.arange(len(g))
        first = np.maximum.accumulate(np.where(start, idx, 0))
        seq = np.empty(len(g), np.int64)
        seq[order] = idx - first
        has = wd > 0
        return [(False, ATOM, 0, gt[has], ep[has], seq[has] * 8, vl[has], wd[has]),
                (False, ATOM_AT, 8, gt, ep, seq * 8, at.astype(np.uint64), None)]

    # ------------------------------------------------------------------ the tables asked
    def _words(self):
        """Every read as 4-byte words: (space, gtid, epoch, word index, byte mask, word value)."""
        parts = [p for p in self._parts if p[1] != ATOM] + self._atomics()
        if not parts:
            e = np.zeros(0, np.int64)
            return e, e, e, e, e.astype(np.uint8), e.astype(np.uint32)
        sp = np.concatenate([np.full(len(p[3]), p[1], np.int64) for p in parts])
        wd = np.concatenate([p[7] if len(p) > 7 and p[7] is not None else np.full(len(p[3]), p[2], np.int64)
                             for p in parts])
        gt = np.concatenate([p[3] for p in parts])
        ep = np.concatenate([p[4] for p in parts])
        ad = np.concatenate([p[5] for p in parts])
        vl = np.concatenate([p[6] for p in parts])
        outs = []
        for k in range(3):                                   # an unaligned 8-byte read spans 3 words
            word = (ad >> 2) + k
            mask = np.zeros(len(ad), np.uint8)
            val = np.zeros(len(ad), np.uint32)
            for j in range(4):
                i = word * 4 + j - ad                        # the byte of the read that lands in byte j
                ok = (i >= 0) & (i < wd)
                byte = (vl >> (8 * np.clip(i, 0, 7)).astype(np.uint64)) & np.uint64(0xFF)
                mask |= (ok.astype(np.uint8) << np.uint8(j))
                val |= np.where(ok, byte, 0).astype(np.uint32) << np.uint32(8 * j)
            on = mask != 0
            outs.append((sp[on], gt[on], ep[on], word[on], mask[on], val[on]))
        return tuple(np.concatenate([o[c] for o in outs]) for c in range(6))

    def _table(self, sp, gt, ep, word, mask, val):
        """A lookup: sorted keys of (space, thread, epoch, word), per key the bytes read (mask), the bytes two
        reads disagree on (mask), and the value (uint32)."""
        words = np.unique(word)
        rank = np.searchsorted(words, word)
        n_ep = int(ep.max()) + 1 if len(ep) else 1
        n_gt = int(gt.max()) + 1 if len(gt) else 1
        if 2 * n_gt * n_ep * max(1, len(words)) >= 2 ** 62:
            return None
        key = ((sp * n_gt + gt) * n_ep + ep) * max(1, len(words)) + rank
        order = np.argsort(key, kind="stable")
        key, mask, val = key[order], mask[order], val[order]
        starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]]) if len(key) else np.zeros(0, np.int64)
        have = np.bitwise_or.reduceat(mask, starts) if len(key) else mask
        clash = np.zeros(len(starts), np.uint8)
        out = np.zeros(len(starts), np.uint32)
        for j in range(4):
            on = ((mask >> np.uint8(j)) & np.uint8(1)).astype(bool)
            b = (val >> np.uint32(8 * j)) & np.uint32(0xFF)
            lo = np.minimum.reduceat(np.where(on, b, np.uint32(0xFF)), starts) if len(key) else b
            hi = np.maximum.reduceat(np.where(on, b, np.uint32(0)), starts) if len(key) else b
            got = ((have >> np.uint8(j)) & np.uint8(1)).astype(bool)
            clash |= ((got & (lo != hi)).astype(np.uint8) << np.uint8(j))
            out |= np.where(got, lo, 0).astype(np.uint32) << np.uint32(8 * j)
        return {"keys": key[starts], "have": have, "clash": clash, "val": out, "words": words,
                "n_gt": n_gt, "n_ep": n_ep}

    def _build(self):
        if self._tables is None:
            sp, gt, ep, word, mask, val = self._words()
            self._tables = (self._table(sp, gt, ep, word, mask, val),
                            self._table(sp, gt, np.zeros_like(ep), word, mask, val))
        return self._tables

    @staticmethod
    def _ask(t, space, lanes, epoch, word, need):
        """Per lane: (found and every needed byte read, a needed byte two reads disagree on, the word)."""
        n = len(lanes)
        if t is None or not len(t["keys"]):
            return np.zeros(n, bool), np.zeros(n, bool), np.zeros(n, np.uint32)
        words = t["words"]
        r = np.searchsorted(words, word)
        rc = np.clip(r, 0, len(words) - 1)
        inside = (words[rc] == word) & (lanes < t["n_gt"]) & (epoch >= 0) & (epoch < t["n_ep"])
        key = ((space * t["n_gt"] + lanes) * t["n_ep"] + np.clip(epoch, 0, t["n_ep"] - 1)) * len(words) + rc
        i = np.clip(np.searchsorted(t["keys"], key), 0, len(t["keys"]) - 1)
        found = inside & (t["keys"][i] == key)
        have = np.where(found, t["have"][i], 0) & need
        clash = (np.where(found, t["clash"][i], 0) & need) != 0
        return have == need, clash, np.where(found, t["val"][i], 0).astype(np.uint32)

    def atomic(self, lanes, epoch, seq, nbytes: int = 4):
        """Per lane (launch thread ids), its ``seq``-th atomic in barrier epoch ``epoch``: (the value it returned as
        uint32/uint64, or None; its address as int64, or None)."""
        seq = np.broadcast_to(np.asarray(seq, dtype=np.int64), np.shape(lanes))
        if (seq < 0).any():
            return None, None
        val = self.value(lanes, seq * 8, nbytes, epoch, ATOM)
        at = self.value(lanes, seq * 8, 8, epoch, ATOM_AT)
        return val, None if at is None else at.astype(np.int64)

    def value(self, lanes, addr, nbytes: int = 4, epoch=None, space: int = GLOBAL):
        """The ``nbytes`` (1, 2, 4 or 8) each of ``lanes`` (launch thread ids) read at ``addr`` (int64 per lane) in
        ``space``, in barrier epoch ``epoch`` (per lane; None: any), as uint32 (uint64 for 8 bytes), or None where
        one lane's reads do not give them or disagree."""
        lanes = np.asarray(lanes, dtype=np.int64).ravel()
        addr = np.broadcast_to(np.asarray(addr, dtype=np.int64), lanes.shape)
        if not len(lanes):
            return np.zeros(0, np.uint64 if nbytes == 8 else np.uint32)
        by_epoch, any_epoch = self._build()
        ep = None if epoch is None else np.broadcast_to(np.asarray(epoch, dtype=np.int64), lanes.shape)
        if nbytes == 4 and ep is not None and not (addr & 3).any():      # the common case: one aligned word
            ok, clash, got = self._ask(by_epoch, space, lanes, ep, addr >> 2, np.uint8(0xF))
            if clash.any():
                return None
            if ok.all():
                return got
        out = np.zeros(lanes.shape, np.uint64)
        first = addr >> 2
        last = (addr + nbytes - 1) >> 2
        for k in range(int((last - first).max()) + 1):
            word = first + k
            lo = np.maximum(addr, word * 4) - word * 4                  # the needed bytes of this word
            hi = np.minimum(addr + nbytes, word * 4 + 4) - word * 4
            need = np.zeros(lanes.shape, np.uint8)
            for j in range(4):
                need |= (((j >= lo) & (j < hi)).astype(np.uint8) << np.uint8(j))
            use = need != 0
            ok = np.zeros(lanes.shape, bool)
            got = np.zeros(lanes.shape, np.uint32)
            if ep is not None:
                ok, clash, got = self._ask(by_epoch, space, lanes, ep, word, need)
                if (clash & use).any():
                    return None
            miss = use & ~ok
            if miss.any():
                ok2, clash2, got2 = self._ask(any_epoch, space, lanes, np.zeros_like(lanes), word, need)
                if ((clash2 | ~ok2) & miss).any():
                    return None
                got = np.where(miss, got2, got)
            for j in range(4):
                b = ((got >> np.uint32(8 * j)) & np.uint32(0xFF)).astype(np.uint64)
                at = word * 4 + j - addr                            # the byte of the answer
                on = (at >= 0) & (at < nbytes) & use
                out |= np.where(on, b << (8 * np.clip(at, 0, 7)).astype(np.uint64), np.uint64(0))
        return out if nbytes == 8 else out.astype(np.uint32)
