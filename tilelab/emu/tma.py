"""Hopper's TMA (cp.async.bulk.tensor, cp.async.bulk) and mbarrier, on the emulator.

The tensor map. A kernel parameter ``const __grid_constant__ CUtensorMap tm`` (PTX:
``.param .align 64 .b8 tm[128]``) gets a ``tl.TensorMap`` (tilelab/tma.py). The emulator writes
its own 128-byte encoding (``encode``: a magic word, the tensor's global address, dtype, rank, the
dimensions and byte strides innermost first, the box, the swizzle, the map's number) into a
global allocation of its own, and the parameter's address (``mov.b64 %rd, tm; cvta.param``)
is that allocation's address: a copy decodes the bytes its operand points to, so a kernel that
passes something else than a map is told so. The tensor is the device copy of the pointer
argument that is the same numpy array (one buffer, seen both ways), or else an upload of the
map's own that comes back after the launch (tilelab/tma.py says the same to the learner).

mbarrier. State per barrier (keyed by its block's shared byte): the expected arrival count, the
arrivals pending in the current phase, the transaction count (``expect_tx`` adds, the TMA's
``complete_tx`` subtracts), and the number of completed phases. A phase completes when its
pending arrivals and its transaction count are both zero. ``try_wait.parity P`` /
``test_wait.parity P`` are true when the phase of parity P before the current one has completed,
that is when the current phase's parity differs from P; the ``state`` forms compare the phase
the token was taken in. The arrive token is the phase number.

When a TMA load lands. Its bytes are in flight from the issue on (a read of them is a
``tma_before_wait`` finding: no wait, or a wait that passed without waiting, as a wrong parity
does). They land, and the barrier's transaction count drops by the box's bytes, at the latest
point the hardware allows: when a thread waits on the barrier's current phase and only the
transactions are missing (then copies land in issue order until the count reaches zero), or at
the kernel's end. With ``variant`` odd (the judge's GPU-like variants) the bytes are written at
the issue and only the accounting waits, so values can never depend on landing time without a
finding saying so. A phase that can never complete (a wrong ``expect_tx`` byte count, an arrival
that never comes) is found when every running thread spins on such a barrier with nothing left
in flight: a ``mbarrier_hang`` finding says why, and those threads are ended instead of hanging.

TMA stores (``.global.shared::cta.bulk_group``) read shared memory at the issue, write global
memory at ``cp.async.bulk.wait_group`` (or the kernel's end); a shared store into bytes a TMA
store still reads (before ``wait_group.read``) is a finding, and so is a store reading bytes
written by threads with no ``fence.proxy.async`` after them.

Swizzle: the box is written densely (innermost dimension contiguous) from the destination
address, then each byte address has its 16-byte chunk index (bits 4-6) XORed with 1, 2 or 3 bits
of bits 7-9 (32B, 64B, 128B modes; CuTe's Swizzle<1|2|3, 4, 3>) of the shared address itself.
The destination must be 128-byte aligned, and with a swizzle aligned to its repeat (256, 512,
1024 bytes) for the pattern to start at the buffer: both are findings (the copy is still done as
the address bits say). ``tma_writes(m, block)`` tells what the TMA last wrote where (for the
wgmma descriptors' swizzle check).

Counts (DESIGN §5): a TMA copy is no LSU request: ``tma_requests`` counts copies issued,
``tma_ld_sectors`` / ``tma_st_sectors`` the 32-byte global sectors its in-bounds elements touch;
its shared writes and reads are not LSU wavefronts (ncu's l1tex__data_pipe_lsu_wavefronts_mem_shared
do not see them), so they add to no shared count.

Clusters (emu/cluster.py): an mbarrier or copy operand in ``.shared::cluster`` may name another
block's shared memory (``mapa``): a remote ``mbarrier.arrive`` arrives on that block's barrier, a
copy lands there. ``.multicast::cluster`` with a ctaMask writes the same box at the same offset
into each block of the mask and completes on each one's mbarrier at the same offset (the issuing
block's ``tma_requests`` count it once; its global sectors once per block of the mask, as ncu's
``l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld`` counts what reaches each SM:
fast.cu's kernel 8, 98,304 sectors on the H200, bench/results/fidelity-2026-12-02-all.json.gz).

Not modelled, refused by name: im2col mode, reductions (cp.reduce.async.bulk), the
.gather4/.scatter4 forms, copies between shared memories.
"""
from __future__ import annotations

import os
import struct
from dataclasses import dataclass, field

import numpy as np

from ..tma import DRIVER_DTYPES
from . import cluster as clusters, isa
from .addressing import shared32, swizzled
from .isa import address
from .memory import GLOBAL_BASE
from .operands import read, unsupported, write
from .sanitizer import names
from .sanitizer.findings import said

__all__ = ["MAGIC", "Barrier", "decode", "encode", "encode_maps", "finish", "is_map_param", "place_maps",
           "read_back", "tma_writes"]

MAGIC = b"TLTMAP\x01\x00"
_DTYPE_NAMES = list(DRIVER_DTYPES)                 # numpy dtype name <-> code in the encoding
_SWZ_CODE = {0: 0, 32: 1, 64: 2, 128: 3}
_SWZ_BYTES = {v: k for k, v in _SWZ_CODE.items()}
_L2 = ("none", "64B", "128B", "256B")
TMA_ALIGN = 128                                    # the destination of a tile copy
REPEAT = {32: 256, 64: 512, 128: 1024}             # a swizzle's pattern repeats every ... bytes


def is_map_param(p) -> bool:
    """A kernel parameter declared ``CUtensorMap`` (by value; the signature parser's Param)."""
    return not p.pointer and p.ctype.split()[-1:] == ["CUtensorMap"]


# ------------------------------------------------------------------------ the encoding
def encode(tm, address: int, map_id: int) -> np.ndarray:
    """The emulator's 128 bytes for ``tm`` (a tl.TensorMap) whose tensor is at ``address``."""
    tm.check_address(address)
    b = bytearray(128)
    b[0:8] = MAGIC
    struct.pack_into("<QBBBBBBBBI", b, 8, address, tm.rank, _DTYPE_NAMES.index(tm.dtype.name), tm.elem_bytes,
                     _SWZ_CODE[tm.swizzle_bytes], 0, 0, _L2.index(tm.l2_promotion), 0, map_id)
    dims = list(tm.global_dims) + [1] * (5 - tm.rank)
    strides = list(tm.global_strides_bytes) + [0] * (4 - (tm.rank - 1))
    struct.pack_into("<5Q4Q", b, 32, *dims, *strides)
    box = [x - 1 for x in tm.box_dims] + [0] * (5 - tm.rank)
    es = [x - 1 for x in tm.element_strides] + [0] * (5 - tm.rank)
    struct.pack_into("<5B5B", b, 104, *box, *es)
    return np.frombuffer(bytes(b), dtype=np.uint8).copy()


@dataclass(frozen=True)
class Map:
    """A decoded tensor map, innermost first (as the driver's)."""
    address: int
    rank: int
    dtype: np.dtype
    elem_bytes: int
    swizzle: int                  # bytes: 0, 32, 64, 128
    map_id: int
    dims: tuple
    strides: tuple                # bytes, dimension 0 included (the element size)
    box: tuple

    @property
    def box_bytes(self) -> int:
        return int(np.prod(self.box)) * self.elem_bytes


def decode(raw) -> Map | None:
    b = bytes(np.asarray(raw, dtype=np.uint8)[:128])
    if len(b) < 128 or b[:8] != MAGIC:
        return None
    addr, rank, dcode, eb, swz, _i, _o, _l2, _p, mid = struct.unpack_from("<QBBBBBBBBI", b, 8)
    vals = struct.unpack_from("<5Q4Q", b, 32)
    box = struct.unpack_from("<5B", b, 104)
    dims = tuple(int(x) for x in vals[:rank])
    strides = (eb,) + tuple(int(x) for x in vals[5:5 + rank - 1])
    return Map(int(addr), rank, np.dtype(_DTYPE_NAMES[dcode]), eb, _SWZ_BYTES[swz], int(mid), dims, strides,
               tuple(int(x) + 1 for x in box[:rank]))


# ------------------------------------------------------------------------ a launch's maps
@dataclass
class MapPlan:
    entries: list = field(default_factory=list)     # dicts: pname, cname, tm, tensor (buffer index), enc, own
    names: dict = field(default_factory=dict)       # map id -> the parameter's C name
    pnames: set = field(default_factory=set)        # the PTX names of the CUtensorMap parameters


def place_maps(params: dict, buffers: list, n_args: int) -> MapPlan:
    """For each ``("map", TensorMap, C name)`` parameter: the buffer its tensor lives in (a pointer
    argument that is the same array, else an upload of its own, appended) and a 128-byte buffer
    for its encoding (appended)."""
    plan = MapPlan()
    for pname, v in params.items():
        if v[0] != "map":
            continue
        _, tm, cname = v
        tensor = next((j for j in range(n_args) if buffers[j][1] is tm.array), None)
        own = tensor is None
        if own:
            tensor = len(buffers)
            buffers.append((f"{cname}'s tensor", np.ascontiguousarray(tm.array)))
        enc = len(buffers)
        buffers.append((f"{cname} (CUtensorMap)", np.zeros(128, dtype=np.uint8)))
        plan.names[len(plan.entries)] = cname
        plan.pnames.add(pname)
        plan.entries.append({"pname": pname, "cname": cname, "tm": tm, "tensor": tensor, "enc": enc, "own": own})
    return plan


def encode_maps(plan: MapPlan, gmem, params: dict) -> None:
    """Write each map's bytes; its parameter's value becomes the address of those bytes."""
    for i, e in enumerate(plan.entries):
        al = gmem.allocs[e["enc"]]
        gmem.arena.data[al.offset:al.offset + 128] = encode(e["tm"], gmem.allocs[e["tensor"]].base, i)
        params[e["pname"]] = np.uint64(al.base)
    gmem.tensor_maps = plan


def read_back(gmem) -> None:
    """Maps whose tensor was their own upload: the tensor comes back (a TMA store may have written it)."""
    plan = getattr(gmem, "tensor_maps", None)
    for e in plan.entries if plan is not None else ():
        if e["own"] and e["tm"].array.flags.writeable:
            gmem.read_back(e["tensor"], e["tm"].array)


# ------------------------------------------------------------------------ state
@dataclass
class Barrier:
    expected: int
    pending: int
    tx: int = 0
    phase: int = 0                    # completed phases
    announced: int = 0                # this phase: bytes expect_tx announced ...
    delivered: int = 0                # ... and bytes copies completed on it
    line: int = 0                     # where it was initialised
    valid: bool = True


@dataclass
class Copy:
    """A TMA load in flight (or landed early: ``written``)."""
    lane: int
    bar: int                          # the barrier's key (flat shared byte)
    flat: np.ndarray                  # flat shared byte offsets written
    data: np.ndarray                  # their bytes
    units: np.ndarray                 # shadow units covered
    nbytes: int                       # bytes it completes on the barrier
    line: str                         # where it was issued: file:line
    phase: int = 0                    # the barrier's phase when it was issued
    written: bool = False


@dataclass
class Store:
    lane: int
    group: int
    gflat: np.ndarray                 # global arena offsets written
    data: np.ndarray
    units: np.ndarray                 # shared units it reads
    line: int
    read_done: bool = False


class State:
    def __init__(self, m):
        self.bars: dict[int, Barrier] = {}
        self.loads: list[Copy] = []
        self.stores: list[Store] = []
        n = m.smem.arena.nbytes // m.unit + 1
        self.inflight = np.zeros(n, dtype=np.int32)        # TMA loads writing a unit
        self.reading = np.zeros(n, dtype=np.int32)         # TMA stores reading a unit
        self.unfenced = np.zeros(n, dtype=bool)            # written by threads since a fence.proxy.async
        self.committed = np.zeros(m.T, dtype=np.int64)     # bulk groups per thread
        self.stuck = np.full(m.T, -1, dtype=np.int64)      # the barrier a thread's last wait failed on
        self.progress = 0
        self.seen_progress = -1
        self.writes: dict[int, list] = {}                  # block -> [(start, end, swizzle, map name)]
        self.eager = bool(getattr(m, "variant", 0) % 2)


def state(m) -> State:
    s = m.tma
    if s is None:
        s = m.tma = State(m)
    return s


def _map_name(m, mid: int) -> str:
    plan = getattr(m.gmem, "tensor_maps", None)
    return plan.names.get(mid, f"map {mid}") if plan is not None else f"map {mid}"


def tma_writes(m, block: int) -> list:
    """What the TMA last wrote in ``block``'s shared memory (local block index of the machine):
    ``[(start, end, swizzle bytes, tensor map's name), ...]`` by shared offset (from the block's
    first shared byte, as messages say it), the newest copy over any older one it overlaps."""
    s = m.tma
    u = m.smem.user
    return [(u(lo), u(hi), swz, name) for lo, hi, swz, name in s.writes.get(int(block), [])] if s is not None else []


# ------------------------------------------------------------------------ sanitizer hooks (isa._shadow)
def on_access(m, ins, lanes, units, store):
    """A thread's shared access to ``units`` (one per lane in ``lanes``): reads of bytes a TMA load
    has not landed, writes into bytes a TMA load or store still uses."""
    s = m.tma
    hit = s.inflight[units] > 0
    if store:
        s.unfenced[units] = True
        busy = hit | (s.reading[units] > 0)
        if busy.any():
            i = int(np.argmax(busy))
            off = m.smem.user_of_flat(units[i] * m.unit)
            key = "finding.tma_overwrite_load" if hit[i] else "finding.tma_overwrite_store"
            m.finding("tma_before_wait", ins, lanes[i], off, said(key, off=off), int(busy.sum()))
        return None
    if hit.any():
        i = int(np.argmax(hit))
        off = m.smem.user_of_flat(units[i] * m.unit)
        m.finding("tma_before_wait", ins, lanes[i], off, _early_read(m, int(units[i]), off), int(hit.sum()))
    return hit


def _early_read(m, unit, off):
    s = m.tma
    cp = next((c for c in s.loads if (c.units == unit).any()), None)
    if cp is None:
        return said("finding.tma_in_flight", off=off, line="?", bar="?")
    bar = s.bars.get(cp.bar)
    boff = m.smem.user_of_flat(cp.bar)
    text = said("finding.tma_in_flight", off=off, line=cp.line, bar=boff)
    if bar is not None and bar.phase > cp.phase:
        # the phase the copy was to complete is over: expect_tx announced fewer bytes than came
        text += said("finding.tma_phase_done_early")
    return text


def on_fence(m, ins, idx):
    """fence.proxy.async: the threads' earlier shared writes are visible to the TMA (of their blocks)."""
    s = m.tma
    if s is None:
        return
    blocks = np.unique(m.block_local[m.lanes(idx)])
    for b in blocks:
        lo = int(b) * m.smem.stride // m.unit
        hi = (int(b) + 1) * m.smem.stride // m.unit
        s.unfenced[lo:hi] = False


# ------------------------------------------------------------------------ mbarrier
def _bar_keys(m, ins, op, idx):
    """(positions among the instruction's lanes, lanes, shared offsets, keys) of the lanes whose
    barrier address is inside shared memory and 8-byte aligned; the others are a finding. The
    offsets are the learner's (from the block's first shared byte, memory.SharedMemory.user)."""
    lanes = m.lanes(idx)
    a = shared32(address(m, op, idx))
    a = np.broadcast_to(np.asarray(a, dtype=np.int64), (len(lanes),))
    sel = np.arange(len(lanes))
    if "shared::cluster" in ins.mods:        # maybe another block's barrier (mapa; emu/cluster.py)
        ok, blk, a = clusters.locate(m, ins, lanes, a)
        base = blk * m.smem.stride
    else:
        ok, base = np.ones(len(lanes), dtype=bool), m.block_base[lanes]
    bad = ~m.smem.inside(a, 8) | (a % 8 != 0)
    if bad.any():
        i = int(np.argmax(bad))
        u = int(m.smem.user(a[i]))
        m.finding("out_of_bounds", ins, lanes[i], u,
                  said("finding.mbarrier_address", off=u, size=m.smem.user_bytes), int(bad.sum()))
    bad = bad | ~ok
    if bad.any():
        sel, lanes, a, base = sel[~bad], lanes[~bad], a[~bad], base[~bad]
    return sel, lanes, m.smem.user(a), base + a


def _complete_phase(s, bar):
    if bar.pending <= 0 and bar.tx == 0:
        bar.phase += 1
        bar.pending = bar.expected
        bar.announced = bar.delivered = 0
        s.progress += 1


def _get(m, ins, s, key, lane, off):
    bar = s.bars.get(int(key))
    if bar is None or not bar.valid:
        m.finding("mbarrier", ins, lane, off, said("finding.mbarrier_uninit", off=off))
    return bar


def h_mbarrier(m, ins, idx, pc):
    s = state(m)
    sub = ins.mods[0]
    if sub == "init":
        sel, lanes, offs, keys = _bar_keys(m, ins, ins.args[0], idx)
        cnt = np.broadcast_to(np.asarray(read(m, ins.args[1], "u32", idx)), (len(m.lanes(idx)),))[sel]
        for ln, off, k, c in zip(lanes, offs, keys, cnt):
            c = int(c)
            if not 1 <= c < (1 << 20):
                m.finding("mbarrier", ins, ln, int(off), said("finding.mbarrier_count", count=c, off=int(off)))
                c = max(1, c)
            s.bars[int(k)] = Barrier(expected=c, pending=c, line=ins.line)
        s.progress += 1
        return
    if sub == "inval":
        _, _, _, keys = _bar_keys(m, ins, ins.args[0], idx)
        for k in np.unique(keys):
            if int(k) in s.bars:
                s.bars[int(k)].valid = False
        return
    if sub in ("arrive", "arrive_drop"):
        if "noComplete" in ins.mods:
            unsupported(m, ins, "mbarrier.arrive.noComplete")
        expect = "expect_tx" in ins.mods
        dst, aop = ins.args[0], ins.args[1]
        rest = ins.args[2:]
        n_all = len(m.lanes(idx))
        sel, lanes, offs, keys = _bar_keys(m, ins, aop, idx)
        txv = np.broadcast_to(np.asarray(read(m, rest[0], "u32", idx)).astype(np.int64), (n_all,))[sel] \
            if expect else None
        cv = np.broadcast_to(np.asarray(read(m, rest[1 if expect else 0], "u32", idx)).astype(np.int64),
                             (n_all,))[sel] if len(rest) > (1 if expect else 0) else np.ones(len(sel), np.int64)
        tokens = np.zeros(n_all, dtype=np.uint64)
        uk, first, inv = np.unique(keys, return_index=True, return_inverse=True)
        for j, k in enumerate(uk):                 # the lanes arriving on one barrier, together
            ln, off = int(lanes[first[j]]), int(offs[first[j]])
            bar = _get(m, ins, s, k, ln, off)
            if bar is None:
                continue
            mine = inv == j
            tokens[sel[mine]] = np.uint64(bar.phase)     # the phase they arrived in
            if expect:
                n = int(txv[mine].sum())
                bar.tx += n
                bar.announced += n
            c = int(cv[mine].sum())
            if sub == "arrive_drop":
                bar.expected -= c
            bar.pending -= c
            if bar.pending < 0:
                m.finding("mbarrier", ins, ln, off, said("finding.mbarrier_extra_arrive", off=off,
                                                         expected=bar.expected))
                bar.pending = 0
            s.progress += 1
            _complete_phase(s, bar)
        if dst.kind != "sink":
            write(m, dst, tokens, idx)
        return
    if sub in ("expect_tx", "complete_tx"):
        sel, lanes, offs, keys = _bar_keys(m, ins, ins.args[0], idx)
        n = np.broadcast_to(np.asarray(read(m, ins.args[1], "u32", idx)).astype(np.int64), (len(m.lanes(idx)),))[sel]
        for ln, off, k, nb in zip(lanes, offs, keys, n):
            bar = _get(m, ins, s, k, ln, int(off))
            if bar is None:
                continue
            nb = int(nb)
            if sub == "expect_tx":
                bar.tx += nb
                bar.announced += nb
            else:
                bar.tx -= nb
                bar.delivered += nb
            s.progress += 1
            _complete_phase(s, bar)
        return
    if sub in ("try_wait", "test_wait"):
        parity = "parity" in ins.mods
        n_all = len(m.lanes(idx))
        want = np.broadcast_to(np.asarray(read(m, ins.args[2], "u64", idx)).astype(np.int64), (n_all,))
        sel, lanes, offs, keys = _bar_keys(m, ins, ins.args[1], idx)
        want = want[sel]
        uk, first, inv = np.unique(keys, return_index=True, return_inverse=True)
        phase = np.full(len(uk), -1, dtype=np.int64)            # -1: no barrier there
        for j, k in enumerate(uk):
            bar = _get(m, ins, s, k, int(lanes[first[j]]), int(offs[first[j]]))
            if bar is None:
                continue
            w = want[inv == j]
            current = ((w & 1) == (bar.phase & 1)).any() if parity else (w >= bar.phase).any()
            if current and bar.pending <= 0 and bar.tx > 0:
                _land_for(m, s, int(k), bar)      # a wait on the current phase lacking only transactions
            phase[j] = bar.phase
        ph = phase[inv]
        # no barrier there: said already (finding.mbarrier_uninit); the wait passes rather than hang
        ok = (ph < 0) | (((ph & 1) != (want & 1)) if parity else (ph > want))
        done = np.zeros(n_all, dtype=bool)
        done[sel] = ok
        s.stuck[lanes] = np.where(ok, -1, keys)
        write(m, ins.args[0], done, idx)
        return
    if sub == "pending_count":
        unsupported(m, ins, "mbarrier.pending_count")
    unsupported(m, ins)


def _passed(bar, w, parity) -> bool:
    if parity:
        return (bar.phase & 1) != (w & 1)
    return bar.phase > w


def _land(m, s, cp):
    """A TMA load lands: its bytes (unless written at issue), then complete_tx on its barrier."""
    if not cp.written:
        m.smem.arena.data[cp.flat] = cp.data
    np.add.at(s.inflight, cp.units, -1)
    s.unfenced[cp.units] = False              # written by the async proxy itself
    if m.shadow is not None:
        m.shadow.init[cp.units] = True        # written by no thread: no race with the waiting readers
        m.shadow.writer[cp.units] = 0
    bar = s.bars.get(cp.bar)
    if bar is not None:
        bar.tx -= cp.nbytes
        bar.delivered += cp.nbytes
        _complete_phase(s, bar)
    s.progress += 1


def _land_for(m, s, key, bar):
    while bar.tx > 0:
        cp = next((c for c in s.loads if c.bar == key), None)
        if cp is None:
            return
        s.loads.remove(cp)
        _land(m, s, cp)


# ------------------------------------------------------------------------ a stuck launch
def stalled(m, runnable) -> bool:
    """Every runnable thread spins on an mbarrier wait that failed: land what is in flight; when
    nothing changes any more, each such barrier can never complete. Say why, end those threads.
    True when it ended some."""
    s = m.tma
    if s is None:
        return False
    lanes = np.flatnonzero(runnable)
    if not len(lanes) or (s.stuck[lanes] < 0).any():
        return False
    keys = {int(k) for k in np.unique(s.stuck[lanes])}
    if any(c.bar in keys for c in s.loads):
        for cp in [c for c in s.loads if c.bar in keys]:
            s.loads.remove(cp)
            _land(m, s, cp)
        return False
    if s.progress != s.seen_progress:
        s.seen_progress = s.progress
        return False
    ended = False
    for k in keys:
        bar = s.bars.get(k)
        who = lanes[s.stuck[lanes] == k]
        t = int(who[0])
        off = m.smem.user_of_flat(k)
        ended = True
        m.alive[who] = False
        s.stuck[who] = -1
        if bar is None:                          # said at the wait (finding.mbarrier_uninit)
            continue
        if bar.pending > 0:
            why = said("finding.mbarrier_missing_arrivals", pending=bar.pending, expected=bar.expected)
        elif bar.tx > 0:
            why = said("finding.mbarrier_tx_short", announced=bar.announced, delivered=bar.delivered, tx=bar.tx)
        else:
            why = said("finding.mbarrier_tx_over", announced=bar.announced, delivered=bar.delivered, over=-bar.tx)
        ins = m.fn.instrs[int(m.pc[t])]
        m.finding("mbarrier_hang", ins, t, off,
                  said("finding.mbarrier_hang", off=off, phase=bar.phase, parity=bar.phase & 1, why=why),
                  len(who), key_extra=(off,))           # one finding per barrier
    return ended


# ------------------------------------------------------------------------ the copies
_REFUSED = ("im2col", "im2col::w", "im2col::w::128", "gather4", "scatter4", "cta_group::1",
            "cta_group::2")


def h_cp(m, ins, idx, pc, fallback):
    if len(ins.mods) < 2 or ins.mods[1] != "bulk":
        return fallback(m, ins, idx, pc)
    mods = ins.mods
    for r in _REFUSED:
        if r in mods:
            unsupported(m, ins, f".{r}")
    if "prefetch" in mods:                   # cp.async.bulk.prefetch[.tensor]: an L2 hint
        return
    if "commit_group" in mods:
        s = state(m)
        s.committed[m.lanes(idx)] += 1
        return
    if "wait_group" in mods:
        s = state(m)
        keep = int(ins.args[0].value)
        _store_wait(m, s, m.lanes(idx), keep, "read" in mods)
        return
    tensor = "tensor" in mods
    if "global" not in mods:
        unsupported(m, ins, "a copy between shared memories (cluster)")
    load = mods.index("global") > (mods.index("shared::cluster") if "shared::cluster" in mods else
                                   mods.index("shared::cta") if "shared::cta" in mods else 99)
    if tensor and "tile" not in mods:
        unsupported(m, ins, "a tensor copy that is not .tile")
    if load and "mbarrier::complete_tx::bytes" not in mods:
        unsupported(m, ins)
    if not load and "bulk_group" not in mods:
        unsupported(m, ins)
    if "L2::cache_hint" in mods:             # the last operand is the cache policy: no effect here
        args = ins.args[:-1]
    else:
        args = ins.args
    s = state(m)
    lanes = m.lanes(idx)
    multicast = "multicast::cluster" in mods
    if multicast and not load:
        unsupported(m, ins)
    mask = np.broadcast_to(np.asarray(read(m, args[4], "u16", idx)).astype(np.int64), (len(lanes),)) \
        if multicast else None
    if tensor:
        if load:
            dst_op, map_op, crd_op, bar_op = args[:4]
        else:
            map_op, crd_op, dst_op = args[:3]
            bar_op = None
        maddr = np.broadcast_to(np.asarray(address(m, map_op, idx), dtype=np.int64), (len(lanes),))
        coords = [np.broadcast_to(np.asarray(read(m, c, "s32", idx)).astype(np.int64), (len(lanes),))
                  for c in crd_op.items]
    else:
        if load:
            dst_op, src_op, size_op, bar_op = args[:4]
        else:
            src_op, dst_op, size_op = args[:3]      # [dstMem] global, [srcMem] shared
            bar_op = None
        gaddr = np.broadcast_to(np.asarray(address(m, src_op, idx), dtype=np.int64),
                                (len(lanes),))
        size = np.broadcast_to(np.asarray(read(m, size_op, "u32", idx)).astype(np.int64), (len(lanes),))
    saddr = np.broadcast_to(shared32(np.asarray(address(m, dst_op, idx), dtype=np.int64)), (len(lanes),))
    baddr = np.broadcast_to(shared32(np.asarray(address(m, bar_op, idx), dtype=np.int64)), (len(lanes),)) \
        if bar_op is not None else None
    sblk = m.block_local[lanes]
    if load and "shared::cluster" in mods:       # the destination may be another block's (emu/cluster.py)
        _, sblk, saddr = clusters.locate(m, ins, lanes, saddr)
        _, bblk, baddr = clusters.locate(m, ins, lanes, baddr)
        if not multicast and (bblk != sblk).any():
            i = int(np.argmax(bblk != sblk))
            m.finding("tma", ins, lanes[i], None, said("finding.tma_bar_other_block"))
    sectors = 0
    for i, t in enumerate(lanes):
        t = int(t)
        if tensor:
            mp = _read_map(m, ins, t, int(maddr[i]))
            if mp is None:
                continue
            if len(coords) != mp.rank or f"{mp.rank}d" not in mods:
                m.finding("tma", ins, t, None, said("finding.tma_rank", dims=len(coords), rank=mp.rank,
                                                    name=_map_name(m, mp.map_id)))
                continue
            gbytes, inb, lin = _box(m, mp, [int(c[i]) for c in coords])
            eb, swz, nbytes, name = mp.elem_bytes, mp.swizzle, mp.box_bytes, _map_name(m, mp.map_id)
        else:
            n = int(size[i])
            ga = int(gaddr[i])
            eb, swz, nbytes, name = 1, 0, n, None
            gbytes = ga - GLOBAL_BASE + np.arange(n, dtype=np.int64)
            inb = m.gmem.in_bounds(ga + np.arange(n, dtype=np.int64), 1)
            lin = np.arange(n, dtype=np.int64)
            if not inb.all() or n % 16 or ga % 16:
                m.finding("out_of_bounds" if not inb.all() else "misaligned", ins, t, ga,
                          said("finding.bulk_global", nbytes=n, addr=hex(ga)))
                inb = inb & False if ga % 16 or n % 16 else inb
        dst = int(saddr[i])
        if not _check_dst(m, ins, t, dst, nbytes, swz, tensor, name):
            ok_dst = False
        else:
            ok_dst = True
        sflat_local = dst + lin * eb
        if swz:
            sflat_local = swizzled(sflat_local, swz)
        byte_off = np.arange(eb, dtype=np.int64)
        local = (sflat_local[:, None] + byte_off).ravel()
        base = int(m.block_base[t])
        if load:
            data = np.zeros((len(lin), eb), dtype=np.uint8)
            targets = list(_targets(m, ins, t, int(sblk[i]), None if mask is None else int(mask[i])))
            if inb.any():
                g = gbytes[inb]
                data[inb] = m.gmem.arena.data[(g[:, None] + byte_off)]
                if m.gshadow is not None:      # a __device__ variable's bytes read (sanitizer/devicestate.py)
                    m.gshadow.note_read(g, eb)
                # the sectors reach each destination block's SM: a multicast counts them once per block
                sectors += int(np.unique((g + GLOBAL_BASE) // 32).size) * len(targets)
            for tb in targets:
                tbase = tb * m.smem.stride
                key = tbase + int(baddr[i])
                if s.bars.get(key) is None or not s.bars[key].valid:
                    u = int(m.smem.user(baddr[i]))
                    m.finding("mbarrier", ins, t, u, said("finding.mbarrier_uninit", off=u))
                if not ok_dst:
                    bar = s.bars.get(key)              # nothing written; its bytes still count (one finding)
                    if bar is not None:
                        bar.tx -= nbytes
                        bar.delivered += nbytes
                        _complete_phase(s, bar)
                    continue
                flat = tbase + local
                units = np.unique(flat // m.unit)
                np.add.at(s.inflight, units, 1)
                cp = Copy(t, key, flat, data.ravel(), units, nbytes, _at(m, ins),
                          s.bars[key].phase if key in s.bars else 0)
                if s.eager:
                    m.smem.arena.data[flat] = cp.data
                    cp.written = True
                s.loads.append(cp)
                _record_write(s, tb, dst, dst + nbytes, swz, name)
                s.progress += 1
        else:
            if not ok_dst:
                continue
            flat = base + local
            units = np.unique(flat // m.unit)
            if m.shadow is not None and s.unfenced[units].any():
                m.finding("tma", ins, t, m.smem.user(dst), said("finding.tma_no_proxy_fence", off=m.smem.user(dst)))
            data = m.smem.arena.data[flat].reshape(len(lin), eb)
            if m.shadow is not None:
                pend = s.inflight[units] > 0
                if pend.any():
                    m.finding("tma_before_wait", ins, t, m.smem.user(dst),
                              said("finding.tma_store_in_flight", off=m.smem.user(dst)))
            g = gbytes[inb]
            if len(g):
                sectors += int(np.unique((g + GLOBAL_BASE) // 32).size)
            np.add.at(s.reading, units, 1)
            s.stores.append(Store(t, int(s.committed[t]), (g[:, None] + byte_off).ravel(), data[inb].ravel(),
                                  units, ins.line))
    m.count(pc, "tma_requests", len(lanes))
    m.count(pc, "tma_ld_sectors" if load else "tma_st_sectors", sectors)


def _targets(m, ins, t, blk, mask):
    """The local blocks a load lands in: its destination's, or each block of a multicast's ctaMask
    (a rank outside the cluster is a finding)."""
    if mask is None:
        return [blk]
    ranks = [r for r in range(16) if mask >> r & 1]
    out = [int(m.cfirst[t]) + r for r in ranks if r < m.csize]
    if len(out) < len(ranks):
        m.finding("out_of_bounds", ins, t, None, said("finding.cluster_mask", mask=hex(mask), size=m.csize))
    return out


def _at(m, ins) -> str:
    file, line = m.where(ins)
    return f"{os.path.basename(file)}:{line}"


def _read_map(m, ins, t, a):
    """The tensor map at generic address ``a`` (a CUtensorMap parameter's bytes), or a finding."""
    ok = a >= GLOBAL_BASE and bool(m.gmem.in_bounds(np.array([a], dtype=np.int64), 128)[0])
    mp = decode(m.gmem.arena.data[a - GLOBAL_BASE:a - GLOBAL_BASE + 128]) if ok else None
    if mp is None:
        m.finding("tma", ins, t, None, said("finding.tma_not_a_map", addr=hex(a)))
    return mp


def _box(m, mp, coords):
    """Global arena offsets of the box's elements (innermost fastest), which are in bounds, and
    their linear index in the box."""
    shape = tuple(reversed(mp.box))                     # outermost first, numpy order
    idx = np.indices(shape, dtype=np.int64).reshape(len(shape), -1)[::-1]   # innermost first
    g = idx + np.asarray(coords, dtype=np.int64)[:, None]
    dims = np.asarray(mp.dims, dtype=np.int64)[:, None]
    inb = ((g >= 0) & (g < dims)).all(axis=0)
    off = (g * np.asarray(mp.strides, dtype=np.int64)[:, None]).sum(axis=0)
    gbytes = mp.address - GLOBAL_BASE + off
    return gbytes, inb, np.arange(idx.shape[1], dtype=np.int64)


def _check_dst(m, ins, t, dst, nbytes, swz, tensor, name) -> bool:
    """``dst``: the shared address (the GPU's); the messages say the offset into the block's bytes.
    The alignments are the address's: the GPU's first user byte (0x400 on sm_90) is aligned for all."""
    end = dst + nbytes if not swz else -(-(dst + nbytes) // 128) * 128   # a swizzle moves chunks within a line
    off = m.smem.user(dst)
    if off < 0 or end > m.smem.size:
        m.finding("out_of_bounds", ins, t, off, said("finding.tma_smem_oob", off=off, nbytes=nbytes,
                                                     size=m.smem.user_bytes))
        return False
    arr = [(s, o, z) for s, o, z in names.layout(m) if o <= off < o + z]
    if arr and off + nbytes > arr[-1][1] + arr[-1][2]:
        sym, _, z = arr[-1]
        m.finding("out_of_bounds", ins, t, off, said("finding.tma_array_oob", off=off, nbytes=nbytes,
                                                     name=names._local_name(sym)[0], size=z))
    need = TMA_ALIGN if tensor else 16
    if dst % need:
        m.finding("misaligned", ins, t, off, said("finding.tma_smem_align", off=off, align=need))
    elif swz and dst % REPEAT[swz]:
        m.finding("misaligned", ins, t, off, said("finding.tma_swizzle_align", off=off, swizzle=f"{swz}B",
                                                  repeat=REPEAT[swz], name=name))
    return True


def _record_write(s, blk, lo, hi, swz, name):
    lst = [w for w in s.writes.get(blk, []) if w[1] <= lo or w[0] >= hi]
    lst.append((lo, hi, swz, name))
    s.writes[blk] = sorted(lst)


def _store_wait(m, s, lanes, keep, read_only):
    mine = np.zeros(m.T, dtype=bool)
    mine[lanes] = True
    rest = []
    for st in s.stores:
        if mine[st.lane] and st.group < s.committed[st.lane] - keep:
            if not st.read_done:
                np.add.at(s.reading, st.units, -1)
                st.read_done = True
            if not read_only:
                m.gmem.arena.data[st.gflat] = st.data
                continue
        rest.append(st)
    s.stores = rest


def finish(m):
    """The kernel's end: copies in flight still complete (the hardware drains them)."""
    s = m.tma
    if s is None:
        return
    for cp in list(s.loads):
        _land(m, s, cp)
    s.loads = []
    s.committed += 1
    _store_wait(m, s, np.arange(m.T), 0, False)


def _h_cp_with(fallback):
    def h(m, ins, idx, pc):
        return h_cp(m, ins, idx, pc, fallback)
    return h


def _h_fence(fallback):
    def h(m, ins, idx, pc):
        fallback(m, ins, idx, pc)
        if "proxy" in ins.mods and "async" in ins.mods:
            on_fence(m, ins, idx)
    return h


def register(handlers):
    handlers["mbarrier"] = h_mbarrier
    handlers["cp"] = _h_cp_with(handlers["cp"])
    handlers["fence"] = _h_fence(handlers["fence"])


register(isa.HANDLERS)          # imported by the machine, as mma_forms.py is
