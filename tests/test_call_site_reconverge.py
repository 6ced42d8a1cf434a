"""Lanes that skip a call wait at the call's site (pcseg's segmentation_kernel, unseen84).

A loop whose body calls a device function NVVM does not inline (``pow(double, 2.0)`` calls
``__internal_accurate_pow``) and one lane of the warp ``continue``s past the call to the latch: calls.link lays
the callee out after the kernel, so under "the lowest pc runs first" the lane at the latch (below the callee's pcs)
ran the next trips alone while the others were in the call, and the warp never met again inside the loop. Its
uniform loads then went out as two requests a trip (and later as one request of lanes at different trips), where
the H200's warp waits at the latch (BSYNC) and loads once a trip: segmentation_kernel#small's global loads
9,580 / 6,670 sectors / requests against ncu's 7,529 / 5,553 (bench/results/fidelity-2026-12-05-unseen84.json),
equal after the change (tilelab/emu/machine.py, Machine._at_call_sites).
"""
from __future__ import annotations

import numpy as np

import tilelab as tl

SRC = r"""
extern "C" __global__ void callSkip(const float* pts, const int* who, float* out, int n)
{
    int me = who[threadIdx.x];
    float acc = 0.0f;
    for (int k = 0; k < n; k++) {
        if (k == me) continue;                 // one lane skips the call this trip
        float p = pts[k];                      // the same address in every lane: one sector a trip
        acc += (float)pow((double)(p - threadIdx.x), 2.0);
    }
    out[threadIdx.x] = acc;
}
"""


def test_a_lane_that_skips_a_call_waits_for_the_warp(tmp_path):
    f = tmp_path / "call_skip.cu"
    f.write_text(SRC)
    k = tl.kernel_from_file(f, "callSkip")
    n = 16
    pts = np.arange(n, dtype=np.float32) * 0.5 - 3.0
    who = np.full(32, -1, dtype=np.int32)
    who[0] = 0                                 # lane 0 skips trip 0's call
    who[5] = 7                                 # lane 5 skips trip 7's
    out = np.zeros(32, dtype=np.float32)
    r = tl.launch(k, (1,), (32,), pts, who, out, np.int32(n), backend="emu", echo=False)
    ref = np.array([sum((np.float64(pts[j]) - t) ** 2 for j in range(n) if j != who[t]) for t in range(32)])
    assert np.allclose(out, ref, rtol=1e-5)
    line = [pl for pl in r.per_line if "pts[k]" in pl.get("source", "")]
    assert line, r.per_line
    # the warp loads pts[k] once a trip: n requests, n sectors (uniform addresses); before: 2 requests on
    # each trip after a lane's skip, and requests mixing lanes of different trips
    assert (line[0].get("global_ld_requests"), line[0].get("global_ld_sectors")) == (n, n)
