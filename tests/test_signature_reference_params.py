"""A kernel parameter declared as a reference (``const float3& background``) is a pointer
(tilelab/toolchain/signature.py, ``_parse_param``).

Why: nerfstudio-project/gsplat v0.1.13's ``rasterize_forward(..., const float3& __restrict__ background)``
binds the reference to device memory (its host passes ``*(float3 *)background.data_ptr<float>()``, a CUDA
tensor's): a kernel's reference parameter is passed as the address, a ``.u64`` in the PTX, and the kernel
loads through it. The signature reader dropped the ``&`` and took the parameter for a float3 by value, so
``tl.launch`` refused the device array the host passes ("argument 12 of rasterize_forward (const float3
background) is a scalar parameter, got an array of shape (3,)"): the hundred-and-thirty-sixth unseen suite's
gspl_ rasterize_forward launch."""
from __future__ import annotations

import numpy as np

import tilelab as tl
from tilelab.toolchain.program import compile_cuda
from tilelab.toolchain.signature import _parse_param

SRC = r"""
__global__ void add_bg(float3* __restrict__ out, const float3& __restrict__ background, int& n_seen) {
    int i = threadIdx.x;
    out[i].x += background.x;
    out[i].y += background.y;
    out[i].z += background.z;
    if (i == 0) n_seen += 1;
}
"""


def test_a_reference_parameter_is_a_pointer():
    p = _parse_param("const float3& __restrict__ background", 0)
    assert (p.pointer, p.const, p.name, p.dtype, p.lanes) == (True, True, "background", np.dtype(np.float32), 3)
    p = _parse_param("int &n", 1)
    assert (p.pointer, p.const, p.name, p.dtype) == (True, False, "n", np.dtype(np.int32))
    p = _parse_param("const float* const& p", 2)
    assert (p.pointer, p.const, p.name) == (True, True, "p")


def test_a_reference_parameter_reads_and_writes_through_the_address():
    out = np.arange(12, dtype=np.float32).reshape(4, 3)
    bg = np.array([0.5, 0.25, 0.125], np.float32)
    seen = np.zeros(1, np.int32)
    k = compile_cuda(SRC, filename="refparam.cu").kernel("add_bg")
    res = tl.launch(k, 1, 4, out, bg, seen, echo=False)
    assert not res.findings
    assert np.array_equal(out, np.arange(12, dtype=np.float32).reshape(4, 3) + bg)
    assert seen[0] == 1
