"""The emulator's memory spaces: global allocations with bounds, per-block shared,
per-thread local, and the generic address windows that ``cvta`` maps between.

Everything is a flat numpy byte arena viewed at the access width, so a warp's
(or the whole grid's) loads are one fancy-index gather. Bounds are checked per
lane and reported as findings by the caller; out-of-bounds lanes read zero and
write nothing, so the kernel can run on and report more.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

# Generic address windows (what cvta.shared / cvta.local produce).
SHARED_WINDOW = 1 << 44
LOCAL_WINDOW = 1 << 45
GLOBAL_BASE = 1 << 46
FUNCTION_WINDOW = 1 << 47      # device functions' addresses, for calls through a pointer (calls.py)
SM90_SHARED_BASE = 0x400       # sm_90+: the first user shared byte's address (shared_base)
_ALIGN = 256
_GUARD = 256

_UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
_SHIFT = {1: 0, 2: 1, 4: 2, 8: 3}


@dataclass
class Allocation:
    name: str
    base: int
    nbytes: int
    offset: int          # offset in the arena


class Arena:
    """A byte arena with typed gathers and scatters."""

    def __init__(self, nbytes: int):
        self.nbytes = int(nbytes)
        self.data = np.zeros(max(16, (self.nbytes + 15) // 16 * 16), dtype=np.uint8)
        self._views = {}

    def view(self, size: int) -> np.ndarray:
        v = self._views.get(size)
        if v is None:
            v = self._views[size] = self.data.view(_UINT[size])
        return v

    def gather(self, off: np.ndarray, size: int, nvec: int = 1) -> np.ndarray:
        """Read ``nvec`` consecutive elements of ``size`` bytes at byte offsets ``off``."""
        v = self.view(size)
        i = off >> _SHIFT[size]
        if nvec == 1:
            return v[i]
        return v[i[:, None] + np.arange(nvec)]

    def scatter(self, off: np.ndarray, size: int, values: np.ndarray, nvec: int = 1) -> None:
        v = self.view(size)
        i = off >> _SHIFT[size]
        if nvec == 1:
            v[i] = values
        else:
            v[(i[:, None] + np.arange(nvec)).ravel()] = np.asarray(values).reshape(-1)


def layout(sizes) -> tuple[list[int], int]:
    """(arena offset of each buffer, arena bytes) for buffers of ``sizes`` bytes, in order, each
    followed by a guard gap; a buffer's address is ``GLOBAL_BASE`` + its offset. (Known before the
    buffers' contents: a module variable's initialiser may hold another one's address.)"""
    offsets, off = [], 0
    for n in sizes:
        offsets.append(off)
        off += (int(n) + _GUARD + _ALIGN - 1) // _ALIGN * _ALIGN
    return offsets, off


class GlobalMemory:
    """Kernel-argument buffers laid out in one arena, each with guard gaps; ``heap_bytes`` more
    after them are the device heap that ``malloc`` carves blocks from (emu/heap.py)."""

    def __init__(self, buffers: list[tuple[str, np.ndarray]], heap_bytes: int = 0):
        offsets, total = layout(arr.nbytes for _, arr in buffers)
        self.allocs: list[Allocation] = [Allocation(name, GLOBAL_BASE + off, arr.nbytes, off)
                                         for (name, arr), off in zip(buffers, offsets)]
        self.heap_offset, self.heap_bytes = total, int(heap_bytes)
        self.heap_cursor = 0                       # the heap's next free byte (emu/heap.py: blocks are never reused)
        self.arena = Arena(total + self.heap_bytes)
        for a, (_, arr) in zip(self.allocs, buffers):
            self.arena.data[a.offset:a.offset + a.nbytes] = np.ascontiguousarray(arr).view(np.uint8).reshape(-1)
        self._bases = np.array([a.base for a in self.allocs] or [GLOBAL_BASE], dtype=np.int64)
        self._ends = np.array([a.base + a.nbytes for a in self.allocs] or [GLOBAL_BASE], dtype=np.int64)

    def add_block(self, name: str, offset: int, nbytes: int) -> Allocation:
        """Make ``nbytes`` at arena ``offset`` (past every block so far: the heap only grows) an
        allocation of its own, so accesses outside it are out of bounds like any array's."""
        a = Allocation(name, GLOBAL_BASE + offset, int(nbytes), offset)
        if not self.allocs:                        # the placeholder bounds of no allocation go
            self._bases, self._ends = self._bases[:0], self._ends[:0]
        self.allocs.append(a)
        self._bases = np.append(self._bases, a.base)
        self._ends = np.append(self._ends, a.base + a.nbytes)
        return a

    def close_block(self, base: int) -> Allocation | None:
        """The block at ``base`` is freed: no access is in bounds of it any more. None: no live block there."""
        k = int(np.searchsorted(self._bases, base, side="right")) - 1
        if k < 0 or self._bases[k] != base or self._ends[k] == base or self.allocs[k].offset < self.heap_offset:
            return None
        self._ends[k] = base
        return self.allocs[k]

    def read_back(self, i: int, arr: np.ndarray) -> None:
        a = self.allocs[i]
        arr.view(np.uint8).reshape(-1)[:] = self.arena.data[a.offset:a.offset + a.nbytes]

    def in_bounds(self, addr: np.ndarray, size: int) -> np.ndarray:
        k = np.searchsorted(self._bases, addr, side="right") - 1
        k = k.clip(0)
        return (addr >= self._bases[k]) & (addr + size <= self._ends[k])

    def nearest(self, addr: int) -> Allocation | None:
        """The allocation an out-of-bounds address was probably meant for."""
        if not self.allocs:
            return None
        return min(self.allocs, key=lambda a: 0 if a.base <= addr < a.base + a.nbytes
                   else min(abs(addr - a.base), abs(addr - (a.base + a.nbytes))))

    def offset(self, addr: np.ndarray) -> np.ndarray:
        return addr - GLOBAL_BASE


def static_shared_layout(variables) -> tuple[dict, int, int]:
    """Where a block's shared variables lie: ``({name: offset, or None for an extern (dynamic) array},
    the static bytes' end, the dynamic part's alignment)``. The static ones in declaration order, each
    at its declared alignment, from the block's first user byte (``shared_base``): where ptxas places
    them in a whole program too (docs/SASS_COUNTS.md, "Where ptxas places the static shared
    variables"). ``variables``: the entry's declarations, then the module's."""
    out, off, dyn_align = {}, 0, 16
    for v in variables:
        if v.space != "shared":
            continue
        if v.extern:
            out[v.name] = None
            dyn_align = max(dyn_align, v.align)
            continue
        off = (off + v.align - 1) // v.align * v.align
        out[v.name] = off
        off += v.size
    return out, off, dyn_align


def shared_base(arch: str) -> int:
    """The shared address of a block's first user byte for ``arch``: ptxas for sm_90 and later
    gives every shared symbol the address 0x400 + its offset (the first 1 KiB of the block's window
    is the system's: ``cvta.to.shared`` of a static array is ``S2R SR_CgaCtaId; MOV 0x400``), for
    earlier SMs 0 + its offset (docs/FIDELITY.md, the thirteenth unseen suite)."""
    m = re.match(r"sm_(\d+)", str(arch))
    return SM90_SHARED_BASE if m and int(m.group(1)) >= 90 else 0


class SharedMemory:
    """One shared window per block: [nblocks, stride] bytes. Addresses are the GPU's: the user's
    bytes (static, then dynamic) are [base, size), ``base`` the reserved bytes below them (never
    in bounds). ``static`` and ``dynamic_offset`` are addresses; ``user(addr)`` is an address as
    an offset into the block's own shared memory, the learner's terms in every message."""

    def __init__(self, nblocks: int, static_layout: dict, static_bytes: int, dynamic_bytes: int,
                 dynamic_align: int = 16, base: int = 0):
        self.base = int(base)
        self.static = {k: self.base + o for k, o in static_layout.items()}   # symbol -> address
        self.dynamic_offset = self.base + (static_bytes + dynamic_align - 1) // dynamic_align * dynamic_align
        self.size = self.dynamic_offset + int(dynamic_bytes)     # the end address
        self.stride = max(16, (self.size + 15) // 16 * 16)
        self.nblocks = nblocks
        self.arena = Arena(self.stride * nblocks)

    @property
    def user_bytes(self) -> int:
        """The block's shared memory in bytes (static and dynamic, and the reserved tail if used)."""
        return self.size - self.base

    def user(self, addr):
        """An address as an offset from the block's first shared byte (what messages say)."""
        return addr - self.base

    def user_of_flat(self, flat) -> int:
        """A byte of the arena (``flat``: some block's) as the learner's offset into that block's shared memory."""
        return int(flat) % self.stride - self.base

    def inside(self, addr: np.ndarray, nbytes: int) -> np.ndarray:
        """Lanes whose ``nbytes`` at ``addr`` are all in the block's shared memory (one unsigned
        compare: an address below ``base`` wraps to a huge offset)."""
        if self.user_bytes < nbytes:
            return np.zeros(np.shape(addr), bool)
        off = np.asarray(addr, dtype=np.int64)
        if self.base:
            off = off - self.base
        return off.view(np.uint64) <= np.uint64(self.user_bytes - nbytes)

    def flat(self, block: np.ndarray, off: np.ndarray) -> np.ndarray:
        return block.astype(np.int64) * self.stride + off


class LocalMemory:
    """Per-thread local memory (stack frames, spilled arrays)."""

    def __init__(self, nthreads: int, depot_bytes: int):
        self.size = int(depot_bytes)
        self.stride = max(16, (self.size + 15) // 16 * 16)
        self.arena = Arena(self.stride * nthreads) if depot_bytes else Arena(16)
        self.written = None          # the bytes its thread's stores wrote, once track() asks for them

    def flat(self, tid: np.ndarray, off: np.ndarray) -> np.ndarray:
        return tid.astype(np.int64) * self.stride + off

    def track(self) -> None:
        """Keep which bytes each thread's stores wrote (the sanitizer's): a thread's local memory starts as
        whatever its stack held before, so a load of bytes none of its stores wrote reads garbage."""
        self.written = np.zeros(len(self.arena.data), dtype=bool)

    def mark(self, off: np.ndarray, nbytes: int) -> None:
        """A store of ``nbytes`` at each flat offset ``off``."""
        self.written[np.asarray(off, np.int64)[:, None] + np.arange(nbytes)] = True

    def unwritten(self, off: np.ndarray, nbytes: int) -> np.ndarray:
        """The loads of ``nbytes`` at the flat offsets ``off`` none of whose bytes a store wrote (a wider
        load over a field a store wrote and padding next to it is not one)."""
        return ~self.written[np.asarray(off, np.int64)[:, None] + np.arange(nbytes)].any(axis=1)
