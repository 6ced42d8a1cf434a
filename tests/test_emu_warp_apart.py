"""Lanes let go of a warp-synchronous instruction while a live mate their mask names waits elsewhere
(tilelab/emu/sanitizer/warpmask.apart, finding ``warp_sync_apart``).

A per-lane condition before a full-mask shuffle sends part of a warp to it while the rest wait at a
``__syncthreads()`` or a ``__syncwarp()`` of their own (the Euro-Par k-NN baseline at 1,780 points): on a GPU that
hangs or exchanges undefined values. The emulator must go on, so it says so instead of handing back whatever the
absent lanes' registers held. Each case fails on the code before the finding (no finding, a silent result); the
legal meetings (lanes of both sides of a branch at their own shuffles, mates that exited) stay quiet."""
import numpy as np
import pytest

SRC = r'''
extern "C" __global__ void shfl_then_barrier(const float* x, float* y, int n) {
    float v = x[threadIdx.x];
    if (threadIdx.x % 32 >= n) {
        v += __shfl_xor_sync(0xffffffff, v, 1);      // lanes n..31 only
    }
    __syncthreads();
    y[threadIdx.x] = v;
}
extern "C" __global__ void syncwarp_vs_shfl(const float* x, float* y, int n) {
    float v = x[threadIdx.x];
    if (threadIdx.x % 32 >= n) {
        v += __shfl_xor_sync(0xffffffff, v, 1);      // lanes n..31
    } else {
        __syncwarp();                                // lanes 0..n-1
    }
    y[threadIdx.x] = v;
}
extern "C" __global__ void both_sides(const float* x, float* y) {
    float v = x[threadIdx.x];
    if (threadIdx.x % 2) v += __shfl_xor_sync(0xffffffff, v, 1);
    else                 v -= __shfl_xor_sync(0xffffffff, v, 1);   // meets the other side: legal since Volta
    y[threadIdx.x] = v;
}
extern "C" __global__ void mates_exited(const float* x, float* y, int n) {
    if (threadIdx.x >= n) return;
    float v = x[threadIdx.x];
    v += __shfl_down_sync(0xffffffff, v, 1);         // waits for the non-exited lanes only (the PTX ISA)
    y[threadIdx.x] = v;
}
'''


def _apart(r):
    return [f for f in r.findings if f.kind == "warp_sync_apart"]


@pytest.mark.parametrize("n", [20, 1])
def test_shuffle_while_mates_wait_at_a_barrier(emu, rng, n):
    k = emu.compile(SRC, "shfl_then_barrier", filename="apart.cu")
    x = rng.standard_normal(64).astype(np.float32)
    y = np.zeros(64, np.float32)
    r = emu.run(k, 1, 64, x, y, np.int32(n))
    (f,) = _apart(r)
    assert f.line == 5 and f.thread == (n, 0, 0)
    assert f.count == 2 * (32 - n)                  # both warps' lanes n..31
    assert "lane 0" in str(f) and "__syncthreads" in str(f) and "apart.cu:7" in str(f)


def test_syncwarp_while_mates_wait_at_a_shuffle(emu, rng):
    k = emu.compile(SRC, "syncwarp_vs_shfl", filename="apart.cu")
    x = rng.standard_normal(32).astype(np.float32)
    y = np.zeros(32, np.float32)
    r = emu.run(k, 1, 32, x, y, np.int32(12))
    lines = sorted(f.line for f in _apart(r))
    assert lines and set(lines) <= {13, 15}, [str(f) for f in r.findings]


def test_both_sides_of_a_branch_meet_quietly(emu, rng):
    k = emu.compile(SRC, "both_sides", filename="apart.cu")
    x = rng.standard_normal(32).astype(np.float32)
    y = np.zeros(32, np.float32)
    r = emu.run(k, 1, 32, x, y)
    assert r.findings == []
    partner = x[np.arange(32) ^ 1]
    np.testing.assert_array_equal(y, np.where(np.arange(32) % 2 == 1, x + partner, x - partner))


def test_exited_mates_are_not_waited_for(emu, rng):
    k = emu.compile(SRC, "mates_exited", filename="apart.cu")
    x = rng.standard_normal(32).astype(np.float32)
    y = np.zeros(32, np.float32)
    r = emu.run(k, 1, 32, x, y, np.int32(20))
    assert not _apart(r)
