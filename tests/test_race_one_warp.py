"""A race between two lanes of one warp says so, and says what orders them (tilelab/emu/isa.py ``_one_warp_hint``,
tilelab/emu/sanitizer/globalrace.py).

Why: Tree-Layouts' B-tree search (the forty-second unseen suite) reads a query on every lane, votes on it with
``__any_sync``, then one lane writes the answer over it. The CUDA memory model orders nothing by a vote, so the
emulator reports the write-after-read race; its message told the learner to add a ``__syncthreads()``, which is not
what orders two lanes of one warp."""
from __future__ import annotations

import numpy as np

import tilelab as tl


def _findings(body: str, threads: int, q):
    k = tl.compile_cuda("__global__ void k(unsigned *q) { " + body + " }").kernels["k"]
    return tl.launch(k, 1, threads, q, backend="emu", echo=False).findings


def test_a_vote_orders_no_memory_and_the_message_names_syncwarp():
    q = np.array([5], np.uint32)
    got = _findings("unsigned v = q[0]; if (__any_sync(~0u, v == 5u) && threadIdx.x == 3) q[0] = 7u;", 32, q)
    assert [f.kind for f in got] == ["race"]
    text = str(got[0])
    assert "a lane of the same warp" in text and "needs a __syncwarp()" in text and "orders no memory" in text
    q = np.array([5], np.uint32)
    assert _findings("unsigned v = q[0]; __syncwarp(); if (v == 5u && threadIdx.x == 3) q[0] = 7u;", 32, q) == []


def test_two_warps_still_need_a_block_barrier():
    q = np.array([5] + [0] * 63, np.uint32)
    got = _findings("unsigned v = q[0]; if (v == 5u && threadIdx.x == 3) q[0] = 7u;", 64, q)   # warp 1 read last
    assert [f.kind for f in got] == ["race"]
    assert "needs a __syncthreads()" in str(got[0]) and "same warp" not in str(got[0])


def test_a_shared_memory_race_in_one_warp_says_so():
    src = ("__shared__ unsigned s[64]; s[threadIdx.x] = q[threadIdx.x]; unsigned v = s[(threadIdx.x + {d}) % 64]; "
           "q[threadIdx.x] = v;")
    one = _findings(src.format(d=1), 64, np.arange(64, dtype=np.uint32))
    two = _findings(src.format(d=32), 64, np.arange(64, dtype=np.uint32))
    assert [f.kind for f in one] == ["race"] and "lanes of one warp" in str(one[0])
    assert [f.kind for f in two] == ["race"] and "lanes of one warp" not in str(two[0])


def test_two_lanes_writing_one_word_are_pointed_at_atomics():
    """ECL-CC's pointer jumping (the forty-fifth unseen suite): lanes of one warp store to one word in the same step;
    no barrier can come between them, an atomic is the fix."""
    q = np.zeros(32, np.uint32)
    got = _findings("q[threadIdx.x / 8] = threadIdx.x;", 32, q)
    assert [f.kind for f in got] == ["race"]
    assert "write-after-write" in str(got[0]) and "an atomic where the lanes may write it in the same step" in str(got[0])


def _shared_findings(body: str, threads: int):
    src = ("__global__ void k(unsigned *q) { __shared__ int s[2]; if (threadIdx.x < 2) s[threadIdx.x] = 1; "
           "__syncthreads(); " + body + " }")
    k = tl.compile_cuda(src).kernels["k"]
    return tl.launch(k, 1, threads, np.zeros(64, np.uint32), backend="emu", echo=False).findings


def test_a_lane_rereading_after_syncwarp_then_writing_is_no_race():
    """GenomeWorks' and SegAlign's ungapped x-drop extenders (the 143rd unseen suite): every lane of a warp reads its
    warp's shared prev_max_pos, __syncwarp(), then lane 31 reads it again and writes it. The lanes' reads are ordered
    before the write by the __syncwarp; lane 31's own re-read once kept the earlier readers' several-readers mark
    alive past it (tilelab/emu/sanitizer/findings.py ``_materialize``), a write-after-read race reported."""
    reread = "q[threadIdx.x] = s[{w}]; __syncwarp(); if (threadIdx.x % 32 == 31) {{ int v = s[{w}]; s[{w}] = v + 1; }}"
    assert _shared_findings(reread.format(w=0), 32) == []
    assert _shared_findings(reread.format(w="threadIdx.x / 32"), 64) == []     # each warp its own word
    # still races: no __syncwarp between the lanes' reads and the write; or readers of another warp
    racy = "q[threadIdx.x] = s[0]; if (threadIdx.x == 31) { int v = s[0]; s[0] = v + 1; }"
    assert [f.kind for f in _shared_findings(racy, 32)] == ["race"]
    assert [f.kind for f in _shared_findings(reread.format(w=0), 64)] == ["race"]
