"""The device heap: what ``malloc`` and ``free`` do inside a kernel.

A GPU gives kernels a heap of ``cudaLimitMallocHeapSize`` bytes (8 MiB unless the host sets it);
each thread that calls ``malloc(n)`` gets a block of its own, 16-byte aligned, or NULL once the
heap is full, and the block lives until ``free`` (or the context's end). Here the heap is the
arena's tail (memory.py) and every block is an allocation of its own, so an access past a block's
end, or into a freed one, is out of bounds like any array's, named by the thread that allocated it.
Blocks are never reused: a use after free stays visible.
"""
from __future__ import annotations

import numpy as np

from .frames import arg_u64, state
from .sanitizer.findings import said

DEVICE_HEAP_BYTES = 8 << 20          # cudaLimitMallocHeapSize's default
ALIGN = 16                           # what the CUDA programming guide promises of malloc's pointers
GAP = 16                             # between blocks: one element past a block's end is out of bounds


def wanted(module) -> int:
    """The heap bytes a launch of this module needs: none unless it declares malloc."""
    return DEVICE_HEAP_BYTES if "malloc" in module.externs else 0


def h_malloc(m, ins, idx, pc):
    """``call (retval), malloc, (n)``: each lane in thread order gets its block's address, or 0."""
    lanes = m.lanes(idx)
    sizes = arg_u64(m, ins, 0, lanes)
    gmem = m.gmem
    cursor = gmem.heap_cursor
    out = np.zeros(len(lanes), dtype=np.uint64)
    for j in np.argsort(lanes, kind="stable"):              # in thread order
        n = int(sizes[j])
        if n == 0 or cursor + n > gmem.heap_bytes:
            continue                                        # NULL, as a full heap answers
        thread, block = m.thread_coords(int(lanes[j]))
        name = f"malloc({n}) of thread {_xyz(thread)} in block {_xyz(block)}"
        a = gmem.add_block(name, gmem.heap_offset + cursor, n)
        out[j] = a.base
        cursor += (n + ALIGN - 1) // ALIGN * ALIGN + GAP
    gmem.heap_cursor = cursor
    rets = ins.args[0].items
    if rets:
        state(m).slot(rets[0].name)[lanes, :8] = out.view(np.uint8).reshape(-1, 8)


def h_free(m, ins, idx, pc):
    """``call free, (p)``: the block at p is closed; free(NULL) does nothing; any other address
    (freed already, or never malloc's) is a finding: on a GPU it corrupts the heap."""
    lanes = m.lanes(idx)
    ptrs = arg_u64(m, ins, 0, lanes)
    for j, p in enumerate(ptrs.tolist()):
        if not p:
            continue
        block = m.gmem.close_block(p)
        if block is None:
            m.finding("out_of_bounds", ins, int(lanes[j]), p, said("finding.bad_free", address=f"0x{p:x}"))
        else:
            block.name += " (freed)"


def _xyz(t) -> str:
    return "(" + ",".join(map(str, t)) + ")"
