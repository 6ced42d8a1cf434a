"""A copied line whose loop bound the launch reads through a ``__constant__`` pointer: the replay of the SASS's
control flow (sass_replay.apply_copies) reads the pointer from constant bank 3 as the launch set it, and the bound
from what the launch's own loads read (counters/observed.py), so the line is decided.

ndzip's GFC compressor takes its chunk bounds as ``cutd[warp]``, ``cutd`` a ``__constant__`` pointer: the replay of
its copied byte loop gave up at the very first load ("the predicate of BRA depends on LDG (a loaded value)") because
bank 3's bytes were handed to the replay only for kernels whose families ptxas pooled, not for copied lines."""
from __future__ import annotations

import numpy as np

import tilelab as tl
from tilelab.launch import launch

SRC = r'''
__constant__ int* counts;
__constant__ unsigned char* outd;

__global__ void bytes_out(unsigned long long v)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int n = counts[t];                 // a different trip count a lane, read through the __constant__ pointer
    unsigned long long d = v + t;
    for (int i = 0; i < n; i++) {      // NVVM unrolls by 4 with a remainder; ptxas copies again
        outd[t * 16 + i] = (unsigned char)d;
        d >>= 8;
    }
}
'''


def test_a_copied_loop_bounded_through_a_constant_pointer_is_decided(emu):
    k = emu.compile(SRC, "bytes_out")
    rng = np.random.default_rng(4)
    counts = rng.integers(0, 14, 64).astype(np.int32)
    out = np.zeros(64 * 16, np.uint8)
    res = launch(k, 2, 32, np.uint64(0x0102030405060708), backend="emu", echo=False,
                 symbols={"counts": tl.AddressOf(counts), "outd": tl.AddressOf(out)}, counts="sass", arch="sm_90")
    assert res.findings == []
    want = np.zeros((64, 16), np.uint8)
    for t, n in enumerate(counts):
        d = 0x0102030405060708 + t
        for i in range(n):
            want[t, i] = (d >> (8 * i)) & 0xFF
    np.testing.assert_array_equal(out.reshape(64, 16), want)
    line = next(pl for pl in res.per_line if "outd[t * 16 + i]" in pl.get("source", ""))
    assert not line.get("undecided"), line.get("why")
    # the decided count is one request per copy a warp runs with a lane on: at least the PTX's trips' requests
    assert line["global_st_requests"] >= int(counts.reshape(2, 32).max(axis=1).sum())
