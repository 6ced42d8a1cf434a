"""Issue 23's second unseen suite: PolyBench/GPU and Parboil against the H200 (docs/FIDELITY.md,
"a second unseen suite").

The reproduction of the one refusal the suite met on the emulator as it was: PolyBench's kernels
declare their scalars with a macro type (`# define DATA_TYPE float` in each benchmark's .cuh), which
the signature parser did not read, so tl.launch refused `DATA_TYPE alpha` on either backend.
"""
from __future__ import annotations

import numpy as np
import pytest

from tilelab import toolchain as tc

MACRO_TYPES = """\
# ifndef DATA_TYPE
#  define DATA_TYPE float
# endif
#define INDEX unsigned int
#define N 64
#define SCALE 2.0f
__global__ void axpy(int n, DATA_TYPE alpha, DATA_TYPE *x, DATA_TYPE *y, INDEX off)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += alpha * x[i] + off;
}
"""


def test_a_scalar_declared_with_a_macro_type_is_typed_and_launches():
    k = tc.compile_cuda(MACRO_TYPES, filename="macro_types.cu").kernel("axpy")
    assert [str(p.dtype) for p in k.params] == ["int32", "float32", "float32", "float32", "uint32"]
    from tilelab.launch import launch
    x = np.arange(64, dtype=np.float32)
    y = np.ones(64, np.float32)
    launch(k, 1, 64, 64, 3.0, x, y, 2, backend="emu")
    assert (y == 1 + 3 * np.arange(64) + 2).all()
    with pytest.raises(Exception, match="float32"):        # the pointers are typed too: no silent float64
        launch(k, 1, 64, 64, 3.0, x.astype(np.float64), y, 2, backend="emu")


def test_a_macro_that_is_no_type_name_stays_a_macro():
    from tilelab.toolchain.signature import _type_aliases
    al = _type_aliases(MACRO_TYPES)
    assert al["DATA_TYPE"] == "float" and al["INDEX"] == "unsigned int"
    assert "N" not in al and "SCALE" not in al
