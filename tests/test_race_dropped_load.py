"""A shared load whose value the next ``selp`` throws away is no read for the race shadow
(tilelab/emu/sanitizer/dropped.py).

Why: accelerated-scan's warp scan (the unseen216 suite) reads ``(laneId < kNWarpsPerBlock) ? warpLastGate[laneId]
: kEmptyGate`` and, after warp shuffles, lane ``laneId < kNWarpsPerBlock`` writes ``warpLastGate[laneId]``. At one
warp the array has one element, so NVRTC loads ``warpLastGate[0]`` on every lane and keeps the value on lane 0 only;
the other lanes' reads, which the source never makes, made lane 0's store a write-after-read race."""
from __future__ import annotations

import numpy as np

import tilelab as tl

_SRC = """
__global__ void k(float *q) {
    __shared__ float last[1];
    const int lane = threadIdx.x % 32;
    if (lane == 31) last[0] = q[0];
    __syncthreads();
    float acc = (lane < 1) ? last[lane] : 1.0f;
    for (int d = 1; d < warpSize; d *= 2) {
        float prev = __shfl_up_sync(0xffffffff, acc, d);
        if (lane >= d) acc = prev * acc;
    }
    if (lane < 1) last[lane] = acc;
    __syncthreads();
    q[threadIdx.x + 1] = acc;
}
"""


def _run(src: str):
    k = tl.compile_cuda(src).kernels["k"]
    q = np.zeros(33, np.float32)
    q[0] = 2.0
    return k, tl.launch(k, 1, 32, q, backend="emu", echo=False)


def test_a_guarded_read_the_compiler_loads_on_every_lane_is_no_race():
    k, r = _run(_SRC)
    ptx = k.ptx
    assert "ld.shared.f32" in ptx and "selp.f32" in ptx        # the load on every lane, the selp that drops it
    assert r.findings == []


def test_lanes_that_keep_what_they_read_still_race():
    # every lane reads last[0] and uses it, with only shuffles before lane 0's store: still a race
    src = _SRC.replace("float acc = (lane < 1) ? last[lane] : 1.0f;", "float acc = last[0] + (float)lane;")
    assert [f.kind for f in _run(src)[1].findings] == ["race"]
