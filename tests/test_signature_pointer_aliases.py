"""A template parameter (or a typedef) that names a pointer type makes the kernel parameter a pointer
(tilelab/toolchain/signature.py, ``_alias_pointer``).

Why: ledatelescope/bifrost's FDMT writes ``template<typename InType, typename OutType> __global__ void
fdmt_init_kernel(..., InType d_in, ...)`` and instantiates it as ``fdmt_init_kernel<const float*, float>`` (and
``const uint8_t*``, ``const int16_t*``, ...): the input array is the template argument itself. The signature reader
resolved ``InType`` to the text "float*" but counted pointers only from the stars in the parameter, so it took
``d_in`` for a scalar of an unknown type and refused the launch ("argument 7 of fdmt_init_kernel<const float*,
float> (float* d_in): this parameter type cannot be passed from Python"): the ninetieth unseen suite's two FDMT
init launches."""
from __future__ import annotations

import numpy as np

from tilelab.toolchain.signature import _parse_param

SRC = """template<typename InType, typename OutType>
__global__ void mean2(InType d_in, OutType* __restrict__ d_out, int n) {
    int i = threadIdx.x;
    if (i < n) d_out[i] = OutType(d_in[i]) * 0.5f + OutType(d_in[i + 1]) * 0.5f;
}
"""


def test_a_template_parameter_that_is_a_pointer_type():
    p = _parse_param("InType d_in", 0, {"InType": "const float*"})
    assert (p.pointer, p.const, p.ctype, p.dtype) == (True, True, "const float*", np.dtype(np.float32))
    p = _parse_param("InType   d_in", 0, {"InType": "const unsigned char *"})
    assert (p.pointer, p.const, p.ctype, p.dtype) == (True, True, "const unsigned char*", np.dtype(np.uint8))
    p = _parse_param("T x", 0, {"T": "float const*"})
    assert (p.pointer, p.const, p.ctype) == (True, True, "const float*")
    p = _parse_param("P q", 0, {"P": "int**"})
    assert (p.pointer, p.const, p.ctype) == (True, False, "int**")


def test_a_typedef_chain_to_a_pointer_type():
    p = _parse_param("fptr a", 0, {"fptr": "real*", "real": "double"})
    assert (p.pointer, p.ctype, p.dtype) == (True, "double*", np.dtype(np.float64))


def test_scalars_and_written_pointers_are_as_before():
    p = _parse_param("T a", 0, {"T": "float"})
    assert (p.pointer, p.ctype, p.dtype) == (False, "float", np.dtype(np.float32))
    p = _parse_param("const T* a", 0, {"T": "float"})
    assert (p.pointer, p.const, p.ctype) == (True, True, "const float*")


def test_the_instances_launch_with_arrays():
    import tilelab as tl
    names = ["mean2<const float*, float>", "mean2<const unsigned char*, float>"]
    prog = tl.compile_cuda(SRC, name_expressions=names)
    for name, x in zip(names, (np.arange(33, dtype=np.float32), np.arange(33, dtype=np.uint8))):
        out = np.zeros(32, np.float32)
        tl.launch(prog.kernels[name], 1, 32, x, out, np.int32(32), backend="emu", echo=False)
        want = x[:32].astype(np.float32) * np.float32(0.5) + x[1:].astype(np.float32) * np.float32(0.5)
        np.testing.assert_array_equal(out, want)
