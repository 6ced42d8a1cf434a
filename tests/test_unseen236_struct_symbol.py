"""What the 236th unseen suite (bm3d-gpu's BM3D kernels, CLAHE3D's CLAHE and 3-D filters) needed: CLAHE3D's
equalize_kernel reads its arguments from ``__constant__ eq_arguments inArgsEq_d[1]``, a struct whose fields include
three device pointers (the per-subvolume minima, maxima and CDFs), which the host fills with
``cudaMemcpyToSymbol(inArgsEq_d, &inArgsEq_h, sizeof(eq_arguments))`` after its cudaMallocs. ``symbols=`` took arrays
of values and ``tl.AddressOf`` (a variable that is one pointer), so the launch could not be set up as it came
(0 of 1, bench/results/collection-emu-2026-12-07-unseen236-before.json: the manifest's struct spec in ``symbols``
had no way through). A ``tl.Struct`` is now a ``symbols=`` value too: its arrays are uploaded beside the launch, the
variable gets the struct's bytes with their addresses, and the arrays come back after it (emu/machine.py), as the
manifest's ``struct = [...]`` in ``symbols`` gives one (collection/run.py); the GPU backend refuses it with what
to do instead, and bench/collection_gpu.py and bench/fidelity.py upload the arrays themselves."""
from __future__ import annotations

import numpy as np
import pytest

import tilelab as tl

SRC = """
struct args_t {
    unsigned int n[3];
    float scale;
    float* lut;
    float* out;
    unsigned int bins;
};
__constant__ args_t c_args[1];

__global__ void apply(const unsigned int* idx) {
    const unsigned int i = threadIdx.x;
    if (i < c_args->n[0]) {
        c_args->out[i] = c_args->lut[idx[i] % c_args->bins] * c_args->scale;
    }
}
"""


def _args(lut, out):
    return tl.Struct([("n0", np.uint32(24)), ("n1", np.uint32(1)), ("n2", np.uint32(1)), ("scale", np.float32(2.0)),
                      ("lut", lut), ("out", out), ("bins", np.uint32(8))])


def test_a_constant_struct_with_pointers_to_buffers_of_its_own():
    k = tl.compile_cuda(SRC).kernel("apply")
    idx = np.arange(32, dtype=np.uint32) * 3
    lut = np.arange(8, dtype=np.float32) + 0.5
    out = np.full(32, -1.0, np.float32)
    r = tl.launch(k, 1, 32, idx, backend="emu", echo=False, symbols={"c_args": _args(lut, out)})
    want = np.full(32, -1.0, np.float32)
    want[:24] = (np.arange(8, dtype=np.float32) + 0.5)[(idx[:24] % 8)] * 2
    np.testing.assert_array_equal(out, want)          # the struct's array came back after the launch
    assert not r.findings


def test_a_constant_struct_symbol_is_refused_on_the_gpu_side_with_what_to_do():
    from tilelab.errors import LaunchError
    from tilelab.gpu.spec import check_symbols, kernel_spec
    spec = kernel_spec(tl.compile_cuda(SRC, filename="structsym.cu").kernel("apply"), "sm_90")
    with pytest.raises(LaunchError, match=r"tl.Struct.*kernel argument"):
        check_symbols(spec, {"c_args": _args(np.zeros(8, np.float32), np.zeros(32, np.float32))})
