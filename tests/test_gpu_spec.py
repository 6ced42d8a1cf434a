"""What the GPU worker is told about a kernel, on the CPU: a kernel that calls grid.sync() is
marked for a cooperative launch (read from its PTX as the emulator reads it), others are not,
and __constant__ values travel with the launch request."""
from __future__ import annotations

import numpy as np
import pytest

from tilelab.toolchain import compile_cuda
from tilelab.gpu.spec import kernel_spec

SRC = r"""
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__constant__ float c_scale[4];

__device__ void waitForAll() { cg::this_grid().sync(); }

__global__ void plain(float* out) { out[threadIdx.x] = c_scale[threadIdx.x % 4]; }
__global__ void direct(int* out) { out[threadIdx.x] = 1; cg::this_grid().sync(); out[threadIdx.x] += 1; }
__global__ void throughACall(int* out) { out[threadIdx.x] = 1; waitForAll(); }
"""


@pytest.fixture(scope="module")
def prog():
    return compile_cuda(SRC, filename="spec.cu")


@pytest.mark.parametrize("name,cooperative", [("plain", False), ("direct", True), ("throughACall", True)])
def test_grid_sync_kernels_are_launched_cooperatively(prog, name, cooperative):
    assert kernel_spec(prog.kernel(name), "sm_90").cooperative is cooperative


def test_constant_values_travel_with_the_launch_request(prog, monkeypatch):
    from tilelab.gpu import worker
    sent = {}

    class Session(worker.GpuSession):
        def __init__(self):                      # no worker: the request is only looked at
            pass

        @property
        def arch(self):
            return "sm_90"

        def request(self, req, *, timeout, what):
            sent.update(req)
            return [None]
    scale = np.arange(4, dtype=np.float32) + 0.5
    Session().launch(prog.kernel("plain"), (1,), (32,), [np.zeros(32, np.float32)], symbols={"c_scale": scale})
    np.testing.assert_array_equal(sent["symbols"]["c_scale"], scale)
    assert sent["spec"].cooperative is False
    # names and sizes are checked here, in the learner's process, against the PTX's declarations
    from tilelab.errors import LaunchError
    with pytest.raises(LaunchError, match=r"no __constant__ or __device__ variable called 'c_scael' \(its variables: c_scale\)"):
        Session().launch(prog.kernel("plain"), (1,), (32,), [np.zeros(32, np.float32)], symbols={"c_scael": scale})
    with pytest.raises(LaunchError, match="has 20 bytes; the variable c_scale holds 16"):
        Session().launch(prog.kernel("plain"), (1,), (32,), [np.zeros(32, np.float32)],
                         symbols={"c_scale": np.zeros(5, np.float32)})


def test_variables_and_their_sizes_come_from_the_ptx():
    from tilelab.gpu.spec import module_variables
    p = compile_cuda("__constant__ float c_w[8]; __constant__ short c_m[2][3]; __device__ double g_d;\n"
                     "__global__ void k(float* o) { o[0] = c_w[threadIdx.x % 8] + c_m[1][threadIdx.x % 3] + g_d; }",
                     filename="vars.cu")
    assert dict(module_variables(p.kernel("k"))) == {"c_w": 32, "c_m": 12, "g_d": 8}


def test_variables_whose_initialisers_hold_addresses():
    """String and pointer tables (``.u64 kWords[3] = {generic($str), ...}``) are read like any
    other variable, and symbols= may set them."""
    from tilelab.gpu.spec import check_symbols, module_variables
    p = compile_cuda('__device__ const char* const kWords[3] = {"a", "bb", "ccc"};\n'
                     "__constant__ float c_v[4] = {1, 2, 3, 4};\n"
                     "__constant__ const float* c_p[2] = {c_v, &c_v[3]};\n"
                     "__global__ void k(float* o) { o[0] = kWords[threadIdx.x % 3][0] + c_p[threadIdx.x & 1][0]; }",
                     filename="tables.cu")
    assert "generic($str" in p.ptx and "generic(c_v)+12" in p.ptx
    sizes = dict(module_variables(p.kernel("k")))
    assert (sizes["kWords"], sizes["c_v"], sizes["c_p"]) == (24, 16, 16)
    assert sizes["$str"] == 2 and sizes["$str$2"] == 4                   # the literals themselves
    spec = kernel_spec(p.kernel("k"), "sm_90")
    got = check_symbols(spec, {"c_v": np.arange(4, dtype=np.float32)})
    np.testing.assert_array_equal(got["c_v"], np.arange(4, dtype=np.float32))
    from tilelab.errors import LaunchError
    with pytest.raises(LaunchError, match=r"called 'c_w' \(its variables: c_p, c_v, kWords\)"):
        check_symbols(spec, {"c_w": np.zeros(4, np.float32)})


def test_a_pointer_variables_own_buffer_is_refused_on_the_gpu_side_with_what_to_do():
    """``tl.AddressOf`` (a ``__constant__`` pointer to a buffer of its own, BitCrack's ``_xPtr``) is set up by the
    emulator; the GPU backend says so in the learner's process, before the worker sees an object array."""
    import tilelab as tl
    from tilelab.errors import LaunchError
    from tilelab.gpu.spec import check_symbols, kernel_spec
    p = compile_cuda("__constant__ unsigned* c_x;\n"
                     "__global__ void k(unsigned* o) { o[threadIdx.x] = c_x[threadIdx.x]; }", filename="ptrvar.cu")
    spec = kernel_spec(p.kernel("k"), "sm_90")
    with pytest.raises(LaunchError, match=r"tl.AddressOf.*kernel argument"):
        check_symbols(spec, {"c_x": tl.AddressOf(np.arange(4, dtype=np.uint32))})
    got = check_symbols(spec, {"c_x": np.uint64([0x1000])})         # an address as bytes is still taken
    assert got["c_x"].dtype == np.uint64
