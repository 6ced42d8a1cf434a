"""An uninitialised read of a thread's own stack is named by its stack offset, never as a shared array's element
(tilelab/emu/sanitizer/findings.py, ``annotate``). The naming of shared offsets took every uninitialised read's
offset for a shared one: CUDASW++4.0's float multi-pass kernel reads its shuffled ``H_temp_out`` before setting it,
and the finding said it read `shared_blosum[0]`, the kernel's shared table (unseen179)."""
from __future__ import annotations

import numpy as np

SRC = r"""
__global__ void lookup(int* out, const int* idx, int n) {
  __shared__ int table[32];
  int stack[8];
  for (int i = 0; i < n; i++) stack[i] = 10 * i;
  table[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = stack[idx[threadIdx.x] & 7] + table[31 - threadIdx.x];
}
"""


def test_a_stack_offset_is_not_named_as_a_shared_element(emu):
    k = emu.compile(SRC, "lookup", filename="stack.cu")
    out = np.zeros(32, np.int32)
    idx = (np.arange(32) % 8).astype(np.int32)
    r = emu.run(k, (1,), (32,), out, idx, np.int32(4), echo=False)
    (f,) = [f for f in r.findings if f.kind == "uninitialized_read"]
    assert "local memory" in str(f.detail) and "table" not in str(f.detail), f.detail
    assert f"offset {f.address}" in str(f.detail) and f.address >= 16          # stack[4..7]: never written
    got = out - (31 - np.arange(32))
    assert np.array_equal(got[idx < 4], 10 * idx[idx < 4])


def test_a_shared_uninitialised_read_is_still_named(emu):
    """The same naming still names a shared array's element where the read is of shared memory."""
    src = SRC.replace("table[threadIdx.x] = threadIdx.x;", "if (threadIdx.x < 16) table[threadIdx.x] = threadIdx.x;")
    k = emu.compile(src, "lookup", filename="stack_shared.cu")
    out = np.zeros(32, np.int32)
    idx = (np.arange(32) % 4).astype(np.int32)
    r = emu.run(k, (1,), (32,), out, idx, np.int32(4), echo=False)
    (f,) = [f for f in r.findings if f.kind == "uninitialized_read"]
    assert "`table[" in str(f.detail), f.detail
