"""A warp-synchronous instruction run by a lane its own member mask leaves out (tilelab/emu/sanitizer/warpmask.py).

The PTX ISA leaves shfl.sync, vote.sync, match.sync, redux.sync and bar.warp.sync undefined for a thread not in its
membermask. gpudct's IDCT (the 57th unseen suite) passes 0xff from all 32 lanes; a learner who thinks the mask is
"how many lanes take part" writes the same. Each case fails on the code before the finding existed (no finding)."""
import numpy as np
import pytest

SRC = r'''
extern "C" __global__ void shfl8(const float* x, float* y, unsigned mask) {
    float v = x[threadIdx.x];
    v += __shfl_down_sync(mask, v, 4);
    y[threadIdx.x] = v;
}
extern "C" __global__ void ballot16(const int* x, unsigned* y, unsigned mask) {
    y[threadIdx.x] = __ballot_sync(mask, x[threadIdx.x] > 0);
}
extern "C" __global__ void syncwarp_half(float* y, unsigned mask) {
    y[threadIdx.x] = threadIdx.x;
    __syncwarp(mask);
    y[threadIdx.x] += 1.0f;
}
extern "C" __global__ void reduce_mask(const unsigned* x, unsigned* y, unsigned mask) {
    y[threadIdx.x] = __reduce_add_sync(mask, x[threadIdx.x]);
}
extern "C" __global__ void inside_branch(const float* x, float* y) {
    float v = x[threadIdx.x];
    if (threadIdx.x < 8) v += __shfl_down_sync(0xff, v, 4);      // lanes 0-7 only, all in 0xff: right
    y[threadIdx.x] = v;
}
'''


def _kinds(r):
    return [f.kind for f in r.findings]


@pytest.mark.parametrize("mask,bad", [(0xFF, 24), (0xFFFFFFFF, 0), (0xFFFF0000, 16)])
def test_shfl_lanes_outside_their_mask(emu, rng, mask, bad):
    k = emu.compile(SRC, "shfl8", filename="warpmask.cu")
    x = rng.standard_normal(32).astype(np.float32)
    y = np.zeros(32, np.float32)
    r = emu.run(k, 1, 32, x, y, np.uint32(mask))
    found = [f for f in r.findings if f.kind == "warp_sync_mask"]
    if not bad:
        assert r.findings == []
        return
    (f,) = found
    assert f.count == bad and f.line == 4
    first = int(np.flatnonzero(((mask >> np.arange(32)) & 1) == 0)[0])
    assert f.thread == (first, 0, 0)
    assert f"0x{mask:08x}" in str(f) and "__shfl" in str(f)


def test_ballot_sync_two_warps(emu, rng):
    k = emu.compile(SRC, "ballot16", filename="warpmask.cu")
    x = rng.integers(-5, 5, 64).astype(np.int32)
    y = np.zeros(64, np.uint32)
    r = emu.run(k, 1, 64, x, y, np.uint32(0xFFFF))
    (f,) = r.findings
    assert f.kind == "warp_sync_mask" and f.count == 32 and f.thread == (16, 0, 0)


def test_syncwarp_and_reduce(emu, rng):
    k = emu.compile(SRC, "syncwarp_half", filename="warpmask.cu")
    r = emu.run(k, 1, 32, np.zeros(32, np.float32), np.uint32(0x0000FFFF))
    assert _kinds(r) == ["warp_sync_mask"] and r.findings[0].count == 16
    k = emu.compile(SRC, "reduce_mask", filename="warpmask.cu")
    x = rng.integers(0, 100, 32).astype(np.uint32)
    r = emu.run(k, 1, 32, x, np.zeros(32, np.uint32), np.uint32(0x7FFFFFFF))
    assert _kinds(r) == ["warp_sync_mask"] and r.findings[0].count == 1 and r.findings[0].thread == (31, 0, 0)


def test_a_mask_naming_exactly_the_lanes_that_call_is_right(emu, rng):
    k = emu.compile(SRC, "inside_branch", filename="warpmask.cu")
    x = rng.standard_normal(32).astype(np.float32)
    y = np.zeros(32, np.float32)
    r = emu.run(k, 1, 32, x, y)
    assert r.findings == []
    want = x.copy()
    want[:4] += x[4:8]
    np.testing.assert_allclose(y[:4], want[:4], rtol=1e-6)
