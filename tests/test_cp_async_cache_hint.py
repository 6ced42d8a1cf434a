"""Marlin's weight stream (IST-DASLab/marlin, unseen194): `createpolicy.fractional.L2::evict_first.b64 p, 1.0;` then
`cp.async.cg.shared.global.L2::cache_hint [dst], [src], 16, p;`. The emulator implemented neither createpolicy nor
the cache hint's policy operand (which it would have read as cp.async's src-size). The policy is a hint for the L2:
an opaque register here, and the copy lands as a plain cp.async does (emu/isa.py)."""
import numpy as np

import tilelab as tl
from tilelab.toolchain.program import compile_cuda

SRC = r"""
__global__ void stream_copy(const int4 *src, int4 *dst)
{
    __shared__ int4 sh[64];
    uint32_t smem = static_cast<uint32_t>(__cvta_generic_to_shared(&sh[threadIdx.x]));
    asm volatile(
        "{\n"
        "   .reg .b64 p;\n"
        "   createpolicy.fractional.L2::evict_first.b64 p, 1.0;"
        "   cp.async.cg.shared.global.L2::cache_hint [%0], [%1], %2, p;\n"
        "}\n" :: "r"(smem), "l"(&src[threadIdx.x]), "n"(16));
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.wait_group 0;\n" ::);
    __syncthreads();
    dst[threadIdx.x] = sh[63 - threadIdx.x];
}
"""


def test_a_cache_hinted_cp_async_with_a_created_policy_copies():
    prog = compile_cuda(SRC)
    src = np.arange(256, dtype=np.int32)
    dst = np.zeros(256, np.int32)
    r = tl.launch(prog.kernels["stream_copy"], 1, 64, src, dst, backend="emu", echo=False)
    np.testing.assert_array_equal(dst.reshape(64, 4), src.reshape(64, 4)[::-1])
    assert r.findings == []
