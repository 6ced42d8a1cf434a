"""The emulator cannot be told apart (issue 20): %gridid counts launches as a GPU does, and the
judge's GPU-like pass (variant 1) changes every special register a kernel could branch on, within
what hardware returns (the H200's values: bench/results/gpu_timing_attacks-2026-12-02.json)."""
import json
from conftest import read_json
from pathlib import Path

import numpy as np
import pytest

from tilelab.toolchain import compile_cuda
from tilelab.emu import specialregs
from tilelab.launch import launch

ROOT = Path(__file__).resolve().parents[1]

SRC = r"""
__global__ void regs(unsigned long long* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long g; unsigned int s, ns, e0, e6, e10, e20;
    asm volatile("mov.u64 %0, %%gridid;" : "=l"(g));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    asm volatile("mov.u32 %0, %%nsmid;" : "=r"(ns));
    asm volatile("mov.u32 %0, %%envreg0;" : "=r"(e0));
    asm volatile("mov.u32 %0, %%envreg6;" : "=r"(e6));
    asm volatile("mov.u32 %0, %%envreg10;" : "=r"(e10));
    asm volatile("mov.u32 %0, %%envreg20;" : "=r"(e20));
    unsigned long long* o = out + 7 * i;
    o[0] = g; o[1] = s; o[2] = ns; o[3] = e0; o[4] = e6; o[5] = e10; o[6] = e20;
}
"""


@pytest.fixture(scope="module")
def kernel():
    return compile_cuda(SRC, filename="regs.cu").kernels["regs"]


def _run(kernel, nblocks, variant=0):
    n = nblocks * 256
    out = np.zeros(7 * n, np.uint64)
    launch(kernel, (nblocks,), (256,), out, np.int32(n), backend="emu", echo=False, variant=variant)
    return out.reshape(n, 7)


def test_gridid_counts_launches_and_is_one_value_per_launch(kernel):
    nblocks = 2 * (1 << 16) // 256 + 3            # more than two chunks of blocks run in turn
    a = _run(kernel, nblocks)
    b = _run(kernel, 2)
    assert len(np.unique(a[:, 0])) == 1           # every block of a launch: one %gridid
    assert int(b[0, 0]) > int(a[0, 0]) >= 1       # the next launch: the next grid
    c = _run(kernel, 2, variant=1)
    assert int(c[0, 0]) >= 1 << 20                # the GPU-like pass: a process with a long history


def test_the_h200_values_and_the_gpu_like_pass(kernel):
    rec = read_json(ROOT / "bench/results/gpu_timing_attacks-2026-12-02.json")["registers"]
    h200 = rec[0]
    a = _run(kernel, 4)
    assert (a[:, 2] == h200["nsmid"]).all() and (a[:, 1] < h200["nsmid"]).all()
    assert [int(a[0, k]) for k in (3, 4, 5, 6)] == [h200["envreg"][i] for i in (0, 6, 10, 20)]
    assert [r["gridid"] for r in rec] == [1, 2, 3, 4]          # what the counter imitates
    b = _run(kernel, 4, variant=1)
    assert (b[:, 2] == specialregs.NSMID_SPARSE).all() and (b[:, 1] < specialregs.NSMID_SPARSE).all()
    assert b[:, 1].max() >= 1 or len(np.unique(b[:, 1])) > 1
    assert all(int(a[0, k]) != int(b[0, k]) for k in (3, 4, 5))  # driver-defined: other values


def test_the_judge_sees_a_kernel_right_only_on_the_first_grid():
    from tilelab.judge import Engine
    src = (ROOT / "tests/submissions/00_gridid_one.cu").read_text()
    eng = Engine("emu")
    k = eng.compile(src, "vectorAdd", "00_gridid_one.cu", 1)
    first = eng.record(k, "vector_add", 1000, 0)
    second = eng.record(k, "vector_add", 1000, 0)
    assert not (first.ok and second.ok)            # launches 1, 2, ...: at most one of them is right
