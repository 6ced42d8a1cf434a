"""Lanes of one warp that store to the same bytes in one instruction: the emulator keeps the value
the H200 keeps (bench/same_address_stores.py; docs/FIDELITY.md, "Same-address stores").

The PTX ISA leaves the winner unspecified; a racy kernel's output shows it. The recording holds,
for each probe kernel and lane mask, the value an H200 read back; the emulator must give the same.
The first recording (same-address-stores-2026-12-02-before.json) is the probe at 23de3d0, whose
emulator kept the highest lane's value: 4 of its 30 cases agreed.
"""
from __future__ import annotations

import json
import sys

import numpy as np
import pytest

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import same_address_stores as probe  # noqa: E402

import tilelab as tl  # noqa: E402

RESULTS = ROOT / "bench" / "results"
# every recording of the probe on a GPU; the one with the most cases is checked
RECORDINGS = sorted(RESULTS.glob("same-address-stores-*.json"),
                    key=lambda p: len(read_json(p)["cases"]), reverse=True)


def _cases():
    data = read_json(RECORDINGS[0])
    return [c for c in data["cases"] if "gpu" in c]


@pytest.fixture(scope="module")
def program():
    return tl.compile_cuda((ROOT / "bench" / "same_address_stores.cu").read_text(),
                           filename="bench/same_address_stores.cu")


def test_the_recording_is_the_h200s_and_covers_every_width():
    data = read_json(RECORDINGS[0])
    assert "H200" in data["gpu"]["name"]
    kernels = {c["kernel"] for c in _cases()}
    assert {"sharedWord", "sharedByte", "sharedDouble", "sharedVector", "globalWord", "globalByte"} <= kernels


@pytest.mark.parametrize("case", _cases(), ids=lambda c: f"{c['kernel']}-{c['mask'].replace(' ', '_')}")
def test_the_emulator_keeps_the_lane_the_h200_keeps(program, case):
    mask = int(case["mask_bits"], 16)
    got = probe.run(program.kernel(case["kernel"]), mask, "emu")
    assert got == case["gpu"], (case["kernel"], case["mask"], got, case["gpu"])


def test_a_store_of_a_whole_chunk_and_of_some_lanes_keep_the_same_lane(program):
    """The emulator has two paths (every thread of the launch at once, or a group of lanes): a block
    of 2 warps where every lane (or every lane whose index is no multiple of 3) stores to one word per
    warp keeps the lowest storing lane of each warp either way."""
    src = r'''
    extern "C" __global__ void k(int *out, int some) {
        __shared__ volatile int s[2];
        int w = threadIdx.x / 32;
        if (threadIdx.x % 32 == 0) s[w] = -1;
        __syncthreads();
        if (!some || threadIdx.x % 3) s[w] = threadIdx.x;
        __syncthreads();
        if (threadIdx.x < 2) out[threadIdx.x] = s[threadIdx.x];
    }'''
    k = tl.compile_cuda(src).kernel("k")
    for some, want in ((0, [0, 32]), (1, [1, 32])):     # 32 % 3 != 0: thread 32 stores
        out = np.full(2, -7, np.int32)
        tl.launch(k, 1, 64, out, np.int32(some), echo=False)
        assert out.tolist() == want
