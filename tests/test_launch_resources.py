"""A block that needs more registers than a block may hold is refused, as the GPU refuses it (emu/launch_resources.py).

DIB-R's colour gradient in double got 80 registers per thread from ptxas; launched with 1024 threads a block it
needs 81,920 of the 65,536 a block may hold, and the H100 answered CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
(bench/results/collection-gpu-2026-12-07-unseen195.json) where the emulator had run it to the end. The count is
the cubin's (``EIATTR_REGCOUNT``), checked here against ``__launch_bounds__``, with which ptxas fits a full block."""
import numpy as np
import pytest

import tilelab as tl
from tilelab.errors import LaunchError
from tilelab.toolchain.program import compile_cuda
from tilelab.toolchain.sass import register_count
from conftest import needs_cubin

# 96 products kept live across a loop the compiler cannot fold: far more than 64 registers a thread
SRC = r"""
__global__ void heavy(const float *x, float *y, int n)
{
    float a[96];
#pragma unroll
    for (int i = 0; i < 96; ++i) a[i] = x[threadIdx.x + i * blockDim.x];
    float s = 0.f;
    for (int k = 0; k < n; ++k) {
#pragma unroll
        for (int i = 0; i < 96; ++i) { a[i] = a[i] * a[(i + 7) % 96] + s; s += a[i]; }
    }
    y[threadIdx.x] = s;
}
"""


def _launch(block: int, src: str = SRC):
    k = compile_cuda(src).kernels["heavy"]
    x = np.random.default_rng(1).uniform(-1e-3, 1e-3, 96 * block).astype(np.float32)
    y = np.zeros(block, np.float32)
    return k, tl.launch(k, 1, block, x, y, np.int32(1), backend="emu", echo=False)


@needs_cubin
def test_a_block_over_the_register_file_is_refused_with_the_gpus_words():
    k = compile_cuda(SRC).kernels["heavy"]
    regs = register_count(k.program.cubin("sm_90"), k.entry)
    assert regs is not None and 64 < regs <= 255
    with pytest.raises(LaunchError) as e:
        _launch(1024)
    text = str(e.value)
    assert "too many resources requested for launch" in text and f"{regs} registers per thread" in text
    fit = 65536 // (-(-regs // 8) * 8 * 32) * 32
    assert f"at most {fit} threads per block" in text
    _launch(fit)                                   # the most that fit: it runs


@needs_cubin
def test_the_count_is_the_cubins_and_launch_bounds_fit_a_full_block():
    """The message's advice: ``__launch_bounds__(1024)`` makes ptxas keep to 64 registers (spilling the rest), and the
    full block runs."""
    bounded = SRC.replace("__global__ void", "__global__ void __launch_bounds__(1024)")
    k = compile_cuda(bounded).kernels["heavy"]
    assert register_count(k.program.cubin("sm_90"), k.entry) <= 64
    _launch(1024, bounded)
    assert register_count(b"not an ELF", "heavy") is None
