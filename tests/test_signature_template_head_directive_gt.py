"""A ``>`` in a preprocessor line between a template head and ``__global__`` is not the head's end
(tilelab/toolchain/signature.py, ``_template_head``).

Why: CUDASW++4.0's dpx_s16_kernels.cuh writes ``template <int blocksize, ..., class ScoreOutputIterator, class
PositionsIterator>`` ``#if __CUDA_ARCH__ >= 800`` ``__launch_bounds__(blocksize,2)`` ``#else`` ... ``#endif``
``__global__ void NW_local_affine_single_pass_dpx_s16(...)``. The head's text was matched greedily up to the last
``>``, the one in ``>= 800``, so the last template parameter read ``class PositionsIterator> #if __CUDA_ARCH__``:
no template parameter, and the ``const int*`` instance's ``PositionsIterator`` argument was refused as a struct
by value (the unseen179 suite's two dpx_s16 launches)."""
from __future__ import annotations

import numpy as np

import tilelab as tl
from tilelab.toolchain.signature import _find_kernels

SRC = """template <int B, class P>
#if __CUDA_ARCH__ >= 800
__launch_bounds__(B, 2)
#else
__launch_bounds__(B)
#endif
__global__ void k(P const pos, int* out) { out[threadIdx.x] = pos[threadIdx.x] * 2; }
"""


def test_the_head_ends_at_its_own_bracket():
    (f,) = _find_kernels(SRC)
    assert f.template and " ".join(f.template_params.split()) == "int B, class P"


def test_the_pointer_instance_launches():
    prog = tl.compile_cuda(SRC, name_expressions=("k<32, const int*>",))
    k = prog.kernel("k<32, const int*>")
    assert k.params[0].pointer and k.params[0].dtype == np.dtype(np.int32)
    pos, out = np.arange(32, dtype=np.int32), np.zeros(32, np.int32)
    tl.launch(k, 1, 32, pos, out, backend="emu", echo=False)
    assert (out == 2 * pos).all()
