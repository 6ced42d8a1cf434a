"""A failed compile's message leads with its errors, and an error's notes on CUDA's own overloads are counted in one
line (tilelab/toolchain/nvrtc.py ``_errors_first``).

Why: gpu-sql-operators' hash join (the fifty-first unseen suite) does not build under nvcc or NVRTC:
``atomicAdd(size_t *, int)`` has no overload. NVRTC printed an unused variable's warning first, the error after it,
then a note for every ``atomicAdd`` of CUDA's fp16 and bf16 headers: the learner read a warning and a page of
header paths before the one line that mattered."""
from __future__ import annotations

import pytest

import tilelab as tl
from tilelab.errors import CompileError

SRC = """\
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void count(const int *keys, size_t *out_size, int n)
{
    bool unused = false;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && keys[i] > 0)
        atomicAdd(out_size, 1);
}
"""


def test_the_error_comes_first_and_the_header_overloads_are_counted():
    with pytest.raises(CompileError) as e:
        tl.compile_cuda(SRC, filename="count.cu")
    text = str(e.value)
    lines = text.splitlines()
    assert lines[0].startswith("count.cu:8: error: no instance of overloaded function \"atomicAdd\"")
    assert text.index("count.cu:5: warning") > text.index("count.cu:8: error")
    assert "candidates in CUDA's headers do not match either" in text
    assert "cuda_fp16.h:" not in text and "cuda_bf16.h:" not in text


def test_the_builtin_overloads_stay_listed():
    """Without CUDA's half headers NVRTC lists the built-in atomicAdd overloads (int, unsigned, float ...), which are
    the learner's choices: kept."""
    src = SRC.replace("#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n", "")
    with pytest.raises(CompileError) as e:
        tl.compile_cuda(src, filename="count.cu")
    text = str(e.value)
    assert text.splitlines()[0].startswith("count.cu:6: error") and 'function "atomicAdd(int *, int)" does not match' in text


def test_a_log_with_one_error_reads_as_before():
    with pytest.raises(CompileError) as e:
        tl.compile_cuda("__global__ void k(float *x) {\n    x[0] = y;\n}\n", filename="k.cu")
    assert str(e.value).splitlines()[0] == 'k.cu:2: error: identifier "y" is undefined'
