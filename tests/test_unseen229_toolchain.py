"""Issue 23's unseen suite unseen229 (tensor-episdet's epistasis detection, warphog's MSA Hamming distance): the
toolchain gap it found. tensor-episdet's src/helper.cu overloads the template objectiveFunctionKernel<bool> (a 2-way
and a 3-way parameter list), so each instance is named by a cast to its function pointer type; the source spells a
parameter ``unsigned long long int *`` and the cast ``unsigned long long *``, the same C type (``int`` is optional
after ``short`` and ``long``). The overload matcher compared the spellings, found no declaration and launched the
kernel as one that takes no arguments ("takes 0 arguments, got 12")."""
from __future__ import annotations

import numpy as np

from tilelab.launch import launch
from tilelab.toolchain import compile_cuda
from tilelab.toolchain.signature import overload_key

SRC = r"""
template <bool add> __global__ void k(unsigned long long int *out, short int n) {
    if (threadIdx.x < n) out[threadIdx.x] = add ? out[threadIdx.x] + n : n;
}
template <bool add> __global__ void k(unsigned long long int *out, int *x, long int n) {
    if (threadIdx.x < n) out[threadIdx.x] = add ? out[threadIdx.x] + x[threadIdx.x] : x[threadIdx.x];
}
"""


def test_int_after_short_or_long_is_the_same_type():
    assert overload_key("unsigned long long *", unnamed=True) == overload_key("unsigned long long int *p")
    assert overload_key("short, long", unnamed=True) == overload_key("short int a, long int b")
    assert overload_key("unsigned long", unnamed=True) != overload_key("unsigned long long int a")


def test_an_overloaded_template_named_by_a_cast_spelled_without_int():
    two = "static_cast<void (*)(unsigned long long *, short)>(k<true>)"
    three = "static_cast<void (*)(unsigned long long *, int *, long)>(k<false>)"
    prog = compile_cuda(SRC, name_expressions=(two, three))
    out = np.arange(8, dtype=np.uint64)
    launch(prog.kernel(two), (1,), (8,), out, 5, backend="emu", echo=False)
    assert out.tolist() == [i + 5 for i in range(5)] + [5, 6, 7]
    x = np.arange(8, dtype=np.int32) * 3
    launch(prog.kernel(three), (1,), (8,), out, x, 4, backend="emu", echo=False)
    assert out.tolist() == [0, 3, 6, 9, 9, 5, 6, 7]
