"""Sanitizers: findings as data, and the shared-memory shadow that finds races.

Lockstep emulation makes a racy kernel look right (the tiled matmul without its
second barrier still gives the right answer here), so correctness alone proves
nothing: the race detector is what catches it. Every finding names the source
line, the thread, the block and the address.

Race rule: two different threads touch the same bytes between two barriers of
their block, at least one of them writing. ``__syncwarp`` orders the lanes of
one warp only. The shadow keeps, per shared unit (4 bytes, or 2/1 when the
kernel makes narrower shared accesses), the last writer and a reader, each
stamped with the block's barrier epoch and the warp's syncwarp epoch.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

import numpy as np

from ...messages import SOURCE, catalog, msg
from . import names
from .words import Said, english, said  # noqa: F401  (the sanitizer's words: findings.said, as every finding says)

KINDS = ("race", "out_of_bounds", "uninitialized_read", "misaligned", "barrier_divergence",
         "cp_async_before_wait",
         "tma_before_wait", "mbarrier", "mbarrier_hang", "tma",    # Hopper's TMA and mbarrier (emu/tma.py)
         "wgmma_before_wait", "missing_proxy_fence", "setmaxnreg_over_budget", "swizzle_mismatch",  # emu/wgmma.py
         "assert", "trap", "call_depth")          # a fired assert(), __trap(), runaway recursion (calls.py)
#: What a finding's count counts, per kind: lane-events of that line, all threads of the launch together
#: (the message catalog's finding.counted_<kind>; English: "racing accesses", "such reads", ...).
COUNTED = ("out_of_bounds", "race", "uninitialized_read", "misaligned", "barrier_divergence",
           "cp_async_before_wait", "tma_before_wait", "mbarrier", "mbarrier_hang", "tma",
           "wgmma_before_wait", "missing_proxy_fence", "setmaxnreg_over_budget",
           "swizzle_mismatch",
           "assert", "trap", "call_depth")


def _kind_words(kind: str) -> str:
    key = f"finding.kind_{kind}"
    return msg(key) if key in catalog(SOURCE) else kind.replace("_", " ")


#: the warpgroup path's later kind (emu/wgmma.py): a wgmma with no wgmma.fence where the ISA needs one
KINDS += ("missing_wgmma_fence",)
COUNTED += ("missing_wgmma_fence",)
#: a warp-synchronous instruction run by a lane its own member mask leaves out (sanitizer/warpmask.py)
KINDS += ("warp_sync_mask",)
COUNTED += ("warp_sync_mask",)
#: lanes let go of a warp-synchronous instruction without a live mate their mask names (sanitizer/warpmask.py)
KINDS += ("warp_sync_apart",)
COUNTED += ("warp_sync_apart",)


@dataclass
class Finding:
    kind: str
    file: str
    line: int
    thread: tuple
    block: tuple
    address: int | None
    detail: str
    count: int = 1                        # how many lane-events this finding stands for
    source: str = field(default="", repr=False)

    def __str__(self):
        """In the learner's language; the facts (file, line, thread, block, address) are the same in each."""
        where = f"{self.file}:{self.line}" if self.line else msg("finding.compiler_generated", file=self.file)
        t = ",".join(map(str, self.thread))
        b = ",".join(map(str, self.block))
        addr = msg("finding.address", address=self.address) if self.address is not None else ""
        counted = msg(f"finding.counted_{self.kind}" if self.kind in COUNTED else "finding.counted_events")
        more = msg("finding.more", count=self.count, counted=counted) if self.count > 1 else ""
        src = f"\n    {self.line:>4} | {self.source.strip()}" if self.source.strip() else ""
        return msg("finding.head", kind=_kind_words(self.kind), where=where, thread=t, block=b, address=addr,
                   detail=self.detail, more=more) + src

    def to_json(self) -> dict:
        d = asdict(self)
        d.pop("source")
        d["thread"] = list(self.thread)
        d["block"] = list(self.block)
        return d


class FindingLog:
    """Collects findings, one per (kind, instruction), counting repeats."""

    def __init__(self, limit: int = 50):
        self.findings: list[Finding] = []
        self._by_key: dict = {}
        self.limit = limit

    def add(self, key, make, count: int = 1):
        f = self._by_key.get(key)
        if f is not None:
            f.count += count
            return
        if len(self.findings) >= self.limit:
            return
        f = make()
        f.count = count
        self._by_key[key] = f
        self.findings.append(f)


# Packed shadow record: epoch (24 bits) | warp epoch (24 bits) | tid+1 (16 bits)
_TID_BITS = 16
_WEP_SHIFT = 16
_EP_SHIFT = 40
_EP_MASK = (1 << 23) - 1
_WEP_MASK = (1 << 24) - 1
MULTI = np.int64(-(1 << 63))  # the sign bit marks "several readers"


def stamp(epoch, wepoch):
    """The epochs part of a record: block barrier epoch and warp syncwarp epoch."""
    return (np.asarray(epoch, np.int64) << _EP_SHIFT) | (np.asarray(wepoch, np.int64) << _WEP_SHIFT)


class SharedShadow:
    """Per-unit access history of one launch's shared memory (all blocks)."""

    def __init__(self, nunits: int, unit: int):
        self.unit = unit
        self.writer = np.zeros(nunits, dtype=np.int64)
        self.reader = np.zeros(nunits, dtype=np.int64)
        # a unit's readers of the record's block epoch came from more than one warp (with MULTI): a later write
        # is then a race whatever its warp; readers of one warp only are ordered by that warp's __syncwarp
        self.mixed = np.zeros(nunits, dtype=bool)
        self.init = np.zeros(nunits, dtype=bool)
        self.all_init = False
        self.read_log = []
        self._log_size = 0
        self.dirty = False          # a write happened in the current epoch
        self.readers_live = False   # reader records exist for the current epoch

    @staticmethod
    def _conflicts(rec, stamp, tid):
        """Which records conflict with the current access (stamp = this lane's epochs)."""
        cand = ((rec >> _EP_SHIFT) & _EP_MASK) == (stamp >> _EP_SHIFT)
        if not cand.any():                           # the common case: all from earlier epochs
            return cand
        if not cand.all():
            out = np.zeros(rec.shape, dtype=bool)
            i = np.flatnonzero(cand)
            out[i] = SharedShadow._conflicts_full(rec[i], stamp if np.ndim(stamp) == 0 else stamp[i],
                                                  tid[i])
            return out
        return SharedShadow._conflicts_full(rec, stamp, tid)

    @staticmethod
    def _conflicts_full(rec, stamp, tid):
        rtid = (rec & ((1 << _TID_BITS) - 1)) - 1
        same_epoch = ((rec >> _EP_SHIFT) & _EP_MASK) == (stamp >> _EP_SHIFT)
        other = (rtid >= 0) & (rtid != tid)
        same_warp = (rtid >> 5) == (tid >> 5)
        warp_ordered = same_warp & (((rec >> _WEP_SHIFT) & _WEP_MASK) != ((stamp >> _WEP_SHIFT) & _WEP_MASK))
        return other & same_epoch & ~warp_ordered

    def new_epoch(self):
        """Every live thread passed a barrier: no earlier access can race with a later one."""
        self.read_log.clear()
        self._log_size = 0
        self.dirty = False
        self.readers_live = False

    def read(self, units, stamp, tid):
        """Check a read; return (raw race mask or None, uninitialised mask or None).

        Reads are only *logged* here. They matter only if a write follows in the same
        epoch (write-after-read), so the reader records are built lazily by the next
        write; a well-synchronised kernel never pays for them.
        """
        raw = self._conflicts(self.writer[units], stamp, tid) if self.dirty else None
        uninit = None
        if not self.all_init:
            uninit = ~self.init[units]
        self.read_log.append((units, stamp, tid))
        self._log_size += len(units)
        if self._log_size > 1 << 24:
            self._materialize()
        return raw, uninit

    def _materialize(self):
        for units, stamp, tid in self.read_log:
            old = self.reader[units]
            oldm = old & ~MULTI
            same_ep = ((oldm >> _EP_SHIFT) & _EP_MASK) == (stamp >> _EP_SHIFT)
            otid = (oldm & ((1 << _TID_BITS) - 1)) - 1
            # the earlier readers were lanes of this reader's warp only, before a __syncwarp it has passed since:
            # they are ordered before whatever this warp does next, so the several-readers mark ends here
            # (a warp's lane 31 re-reading a flag its lanes read, then writing it: GenomeWorks' x-drop extender)
            passed = (~self.mixed[units] & (otid >= 0) & ((otid >> 5) == (np.asarray(tid) >> 5))
                      & (((oldm >> _WEP_SHIFT) & _WEP_MASK) != ((stamp >> _WEP_SHIFT) & _WEP_MASK)))
            several = (old < 0) & same_ep & ~passed
            several |= self._conflicts(oldm, stamp, tid)
            xwarp = same_ep & (otid >= 0) & ((otid >> 5) != (np.asarray(tid) >> 5))
            new = (tid.astype(np.int64) + 1) | stamp
            self.reader[units] = new
            won = self.reader[units] != new               # another lane of this instruction won
            several |= won
            if won.any():                                 # lanes of several warps stepped together
                xwarp |= won & _differs(units, np.asarray(tid, np.int64) >> 5)
            self.mixed[units] &= same_ep                  # an earlier epoch's mix is no longer live
            np.logical_or.at(self.mixed, units, xwarp)
            if several.any():
                self.reader[units[several]] |= MULTI
        self.read_log.clear()
        self._log_size = 0
        self.readers_live = True

    def write(self, units, stamp, tid, values=None):
        """Record a write; return (waw mask, war mask). ``values``: what each access writes, one
        unit each (lanes of one instruction writing the same value to a unit are no race)."""
        if self.read_log:
            self._materialize()
        w = self.writer[units]
        waw = self._conflicts(w, stamp, tid) if self.dirty else np.zeros(len(units), dtype=bool)
        if self.readers_live:
            r = self.reader[units]
            rm = r & ~MULTI
            war = self._conflicts(rm, stamp, tid)
            # several readers: a race unless all were lanes of the writer's warp before its last __syncwarp
            rtid = (rm & ((1 << _TID_BITS) - 1)) - 1
            warp_ordered = (~self.mixed[units] & ((rtid >> 5) == (np.asarray(tid) >> 5))
                            & (((rm >> _WEP_SHIFT) & _WEP_MASK) != ((stamp >> _WEP_SHIFT) & _WEP_MASK)))
            war |= (r < 0) & (((rm >> _EP_SHIFT) & _EP_MASK) == (stamp >> _EP_SHIFT)) & ~warp_ordered
        else:
            war = np.zeros(len(units), dtype=bool)
        new = (tid.astype(np.int64) + 1) | stamp
        self.writer[units] = new
        dup = self.writer[units] != new              # two lanes of one step wrote it:
        if values is not None and dup.any():          # one lands, which one is not defined, unless
            # they all write the same value from one warp: one instruction. Warps the emulator steps
            # together are separate instructions on a GPU, a write-write race whatever the values
            dup &= _differs(units, values) | _differs(units, np.asarray(tid) >> 5)
        waw |= dup
        self.init[units] = True
        self.dirty = True
        if not self.all_init:
            self.all_init = bool(self.init.all())
        return waw, war

    def fill(self, units):
        """Data landed without a thread writing it in program order (atomics)."""
        self.init[units] = True
        self.dirty = True


_SHARED_KINDS = ("race", "cp_async_before_wait", "tma_before_wait", "mbarrier", "mbarrier_hang", "tma")


def _differs(units, values):
    """Per access: whether some access of the same step has another value for its unit (what it writes,
    or its warp)."""
    u, inv = np.unique(units, return_inverse=True)
    lo = np.full(len(u), np.iinfo(values.dtype).max, values.dtype)
    hi = np.zeros(len(u), values.dtype)
    np.minimum.at(lo, inv, values)
    np.maximum.at(hi, inv, values)
    return (lo != hi)[inv]


def annotate(findings, m, kernel) -> None:
    """Say shared offsets in the learner's terms (``sB[3][5]``, emu/sanitizer/names.py), and suggest
    ``shared=`` when an ``extern __shared__`` array met a launch with no dynamic bytes.
    Runs once per launch, on the findings only: the emulator's hot path never sees it."""
    if not findings or kernel is None:
        return
    for f in findings:
        # an out-of-bounds, misaligned or uninitialised read names an array where it is one of shared memory (a read of
        # the thread's own stack has a stack offset: CUDASW++'s H_temp_out was once called `shared_blosum[0]`)
        shared = f.kind in _SHARED_KINDS or (f.kind in ("out_of_bounds", "misaligned", "uninitialized_read")
                                             and "shared" in english(f.detail))
        if not shared or f.address is None:
            continue
        try:
            name = names.shared_name(m, kernel, f.address)
            if name:
                f.detail = _with_name(f.detail, f.address, name)
            elif f.kind == "out_of_bounds":
                f.detail = Said(f.detail) + _past_end_hint(m, kernel, f.address)
        except Exception:       # a name is a courtesy: never lose the finding over it
            continue


def _with_name(detail: str, off: int, name: str) -> str:
    """The detail with the array element at shared offset ``off`` named, in both its texts: the
    English by the patterns below, another language by its catalog's finding.offset (the one way
    its messages write a shared offset) -> finding.named_offset."""
    en, en_name = english(detail), english(name)
    for pat, rep in ((rf"\(offset {off}\)", f"at `{en_name}` (offset {off})"),
                     (rf"\bshared offset {off}\b", f"`{en_name}` (shared offset {off})"),
                     (rf"\bat offset {off}\b", f"at `{en_name}` (offset {off})"),
                     (rf"\boffset {off}\b", f"`{en_name}` (offset {off})")):
        new, n = re.subn(pat, rep, en, count=1)
        if n:
            en = new
            break
    if str(detail) == english(detail):
        return Said(en)
    text = str(detail).replace(msg("finding.offset", off=off), msg("finding.named_offset", name=str(name), off=off), 1)
    return Said(text, en)


def _past_end_hint(m, kernel, off: int) -> str:
    ext = names.extern_arrays(m, kernel)
    dynamic = m.smem.size - m.smem.dynamic_offset
    if ext and dynamic == 0:
        return said("finding.extern_no_bytes", array=ext[0])
    past = names.past_the_end(m, kernel, off)
    return said("finding.past_the_end", array=past) if past else ""
