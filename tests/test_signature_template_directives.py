"""A preprocessor line between a kernel's template head and ``__global__`` leaves it a template
(tilelab/toolchain/signature.py, ``_TEMPLATE_TAIL``).

Why: era-bellman-cuda's msm_kernels.cu writes ``template <bool IS_FIRST>`` ``#ifndef __CUDACC_DEBUG__``
``__launch_bounds__(MAX_THREADS, MIN_BLOCKS)`` ``#endif`` ``__global__ void aggregate_buckets_kernel(...)``. The kernel
reader took it for a plain kernel and asked NVRTC for ``msm::aggregate_buckets_kernel`` with no template arguments
("cannot determine which instance of function template"), which refused the whole file: the unseen170 suite's
nine launches of that source."""
from __future__ import annotations

import numpy as np

import tilelab as tl
from tilelab.toolchain.signature import _find_kernels

SRC = """namespace ns {
template <bool TWICE>
#ifndef __CUDACC_DEBUG__
__launch_bounds__(32)
#endif
    __global__ void k(unsigned *x) { x[threadIdx.x] *= TWICE ? 2 : 3; }
__global__ void plain(unsigned *x) { x[threadIdx.x] += 1; }
}
"""


def test_the_reader_sees_a_template():
    found = {f.name: f for f in _find_kernels(SRC)}
    assert found["ns::k"].template and found["ns::k"].template_params.strip() == "bool TWICE"
    assert not found["ns::plain"].template


def test_its_instances_launch():
    prog = tl.compile_cuda(SRC, name_expressions=("ns::k<true>", "ns::k<false>"))
    for inst, f in (("ns::k<true>", 2), ("ns::k<false>", 3)):
        x = np.arange(32, dtype=np.uint32)
        tl.launch(prog.kernel(inst), 1, 32, x, backend="emu", echo=False)
        assert (x == f * np.arange(32)).all()
