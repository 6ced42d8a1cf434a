"""The GPU backend on a real GPU: launches, faults, hangs, dynamic shared memory,
timing, ncu and compute-sanitizer. Marked ``gpu``; skipped where no GPU is seen
(CI), run by ``make test-gpu`` on the lent H200."""
from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from tilelab.toolchain import compile_cuda, kernel_from_file
from tilelab.errors import KernelFault, LaunchError

ROOT = Path(__file__).resolve().parents[1]


def _have_gpu() -> bool:
    from tilelab.gpu import available
    return available()


pytestmark = [pytest.mark.gpu,
              pytest.mark.skipif(not _have_gpu(), reason="needs a CUDA GPU with CuPy")]

SRC = r"""
__global__ void addOne(const float* a, float* b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) b[i] = a[i] + 1.0f;
}

__global__ void writeFar(float* p, long long offset)
{
    p[offset] = 1.0f;                    // far outside any allocation: illegal address
}

__global__ void spin(volatile int* flag)
{
    while (*flag == 0) { }               // nobody ever sets it
}

__global__ void hello(int* out)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) printf("hello from the GPU %d\n", 42);
    out[threadIdx.x] = threadIdx.x;
}

__global__ void bigShared(const float* in, float* out, int n)
{
    extern __shared__ float buf[];       // 64 KB at launch: needs the opt-in attribute
    for (int i = threadIdx.x; i < n; i += blockDim.x) buf[i] = in[i];
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x) out[i] = buf[n - 1 - i];
}
"""


@pytest.fixture(scope="module")
def prog():
    return compile_cuda(SRC, filename="test_gpu_device.cu")


@pytest.fixture(scope="module")
def session():
    from tilelab.gpu import GpuSession
    s = GpuSession(timeout=60, echo_output=False)
    s.start()
    yield s
    s.close()


def test_info(session):
    info = session.info
    assert info["arch"].startswith("sm_") and info["sm_count"] > 0 and info["l2_bytes"] > 0


def test_vector_add_reference_kernel(session):
    k = kernel_from_file(ROOT / "kernels" / "vector_add.cu", "vectorAdd")
    n = 1000
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32)
    c = np.full(n, np.nan, np.float32)
    outs = session.launch(k, (n + 255) // 256, 256, [a, b, c, n])
    np.testing.assert_array_equal(c, a + b)
    assert outs[0] is None and outs[3] is None


def test_fault_is_caught_and_worker_restarts(session, prog):
    x = np.zeros(16, np.float32)
    pid = session.pid
    with pytest.raises(KernelFault) as e:
        session.launch(prog["writeFar"], (2, 1), (32, 1), [x, 1 << 40])
    msg = str(e.value)
    assert "writeFar<<<(2,1,1), (32,1,1)>>>" in msg
    assert "illegal" in msg.lower() and "restarted" in msg
    a = np.arange(10, dtype=np.float32)
    b = np.zeros(10, np.float32)
    session.launch(prog["addOne"], 1, 32, [a, b, 10])
    np.testing.assert_array_equal(b, a + 1)
    assert session.pid != pid


def test_hang_times_out_and_the_next_launch_works(session, prog):
    flag = np.zeros(1, np.int32)
    t0 = time.monotonic()
    with pytest.raises(KernelFault, match="did not finish within 3 s"):
        session.launch(prog["spin"], 1, 32, [flag], timeout=3)
    assert time.monotonic() - t0 < 60
    a = np.arange(10, dtype=np.float32)
    b = np.zeros(10, np.float32)
    session.launch(prog["addOne"], 1, 32, [a, b, 10])
    np.testing.assert_array_equal(b, a + 1)


def test_printf_reaches_the_parent(session, prog):
    out = np.zeros(32, np.int32)
    session.launch(prog["hello"], 1, 32, [out])
    assert "hello from the GPU 42" in session.last_output
    np.testing.assert_array_equal(out, np.arange(32))


def test_dynamic_shared_over_48k(session, prog):
    n = 16384                                    # 64 KB of floats
    a = np.random.default_rng(1).standard_normal(n).astype(np.float32)
    b = np.full(n, np.nan, np.float32)
    session.launch(prog["bigShared"], 1, 256, [a, b, n], shared=n * 4)
    np.testing.assert_array_equal(b, a[::-1])


def test_too_much_shared_is_refused_without_restart(session, prog):
    pid = session.pid
    a = np.zeros(4, np.float32)
    with pytest.raises(LaunchError, match="shared memory"):
        session.launch(prog["bigShared"], 1, 256, [a, a, 4], shared=1 << 20)
    assert session.pid == pid


def test_time_kernels_ratio_in_one_process(session):
    from tilelab.gpu import time_kernels
    k32 = kernel_from_file(ROOT / "kernels" / "transpose.cu", "transposeShared32")
    k33 = kernel_from_file(ROOT / "kernels" / "transpose.cu", "transposePadded")
    n = 4096
    x = np.random.default_rng(2).standard_normal((n, n)).astype(np.float32)
    y = np.empty_like(x)
    grid, block = (n // 32, n // 32), (32, 8)
    stats = time_kernels({"unpadded": (k32, grid, block, [x, y, n, n]),
                          "padded": (k33, grid, block, [x, y, n, n])},
                         session=session, max_seconds=3)
    for s in stats.values():
        assert s["n"] >= 10 and s["median_s"] > 0 and len(s["samples_s"]) == s["n"]
        assert s["min_s"] <= s["median_s"]
    assert stats["unpadded"]["median_s"] / stats["padded"]["median_s"] > 1.3


def test_cublas_reference(session):
    from tilelab.gpu import CublasMatmul, time_kernels
    a = np.random.default_rng(3).standard_normal((512, 512)).astype(np.float32)
    s = time_kernels({"cublas": CublasMatmul(a, a)}, session=session, max_seconds=1)["cublas"]
    assert s["median_s"] > 0


def _ncu_ok():
    try:
        from tilelab.gpu.ncu import find_ncu
        find_ncu()
        return True
    except Exception:
        return False


@pytest.mark.skipif(not _ncu_ok(), reason="ncu not installed")
def test_ncu_counts_bank_conflicts(session):
    from tilelab.gpu import ncu_metrics
    n = 512
    x = np.random.default_rng(4).standard_normal((n, n)).astype(np.float32)
    y = np.empty_like(x)
    out = {}
    for name in ("transposeShared32", "transposePadded"):
        k = kernel_from_file(ROOT / "kernels" / "transpose.cu", name)
        out[name] = ncu_metrics(k, (n // 32, n // 32), (32, 8), [x, y, n, n], arch=session.arch)
    m32, m33 = out["transposeShared32"], out["transposePadded"]
    assert m32["shared_ld_wavefronts"] / m32["shared_ld_requests"] > 16
    assert m33["shared_ld_wavefronts"] / m33["shared_ld_requests"] < 2
    assert m32["global_ld_sectors"] / m32["global_ld_requests"] == pytest.approx(4, rel=0.1)


def test_sanitizer_finds_a_planted_out_of_bounds_write(session, prog):
    try:
        from tilelab.gpu.sanitize import find_sanitizer, sanitize
        find_sanitizer()
    except Exception:
        pytest.skip("compute-sanitizer not installed")
    from tilelab.gpu.ncu import pack_launch
    a = np.zeros(10, np.float32)
    b = np.zeros(10, np.float32)
    bad = pack_launch(prog["addOne"], 16, 64, [a, b, 1024], 0, session.arch)   # n past the end
    good = pack_launch(prog["addOne"], 1, 64, [a, b, 10], 0, session.arch)
    assert sanitize([good], "memcheck")["errors"] == 0
    assert sanitize([bad], "memcheck")["errors"] > 0


CONST_AND_GRID = r"""
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__constant__ float c_weights[8];

__global__ void weighted(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * c_weights[i % 8];
}

// every block adds its sum to total, then (after grid.sync) every thread reads the grand total
__global__ void gridTotal(const int* in, int* total, int* out, int n)
{
    cg::grid_group grid = cg::this_grid();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(total, in[i]);
    grid.sync();
    if (i < n) out[i] = *total;
}
"""


def test_constant_symbols_and_a_cooperative_launch_on_the_gpu():
    from tilelab.launch import launch
    prog = compile_cuda(CONST_AND_GRID, filename="coop.cu")
    rng = np.random.default_rng(7)
    w = rng.standard_normal(8).astype(np.float32)
    x = rng.standard_normal(1000).astype(np.float32)
    out = {be: np.full(1000, np.nan, np.float32) for be in ("gpu", "emu")}
    for be in out:
        launch(prog.kernel("weighted"), (4,), (256,), x, out[be], 1000, symbols={"c_weights": w}, backend=be)
    np.testing.assert_allclose(out["gpu"], x * w[np.arange(1000) % 8], rtol=1e-6)
    np.testing.assert_array_equal(out["gpu"], out["emu"])
    with pytest.raises(LaunchError, match="no __constant__ or __device__ variable called 'c_wieghts' \\(its variables: c_weights\\)"):
        launch(prog.kernel("weighted"), (4,), (256,), x, out["gpu"], 1000, symbols={"c_wieghts": w}, backend="gpu")

    k = prog.kernel("gridTotal")
    v = rng.integers(-50, 50, 2000).astype(np.int32)
    total, got = np.zeros(1, np.int32), np.zeros(2000, np.int32)
    launch(k, (8,), (256,), v, total, got, 2000, backend="gpu")
    assert total[0] == v.sum() and (got == v.sum()).all()
