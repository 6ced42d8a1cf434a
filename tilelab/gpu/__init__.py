"""The CuPy backend: launches in a worker process that restarts after a fault, CUDA-event
timing by the method of DESIGN §6, and hardware counters from ncu.

Nothing here imports CuPy in the caller's process: only the worker (and the benchmark
scripts, on purpose) hold a CUDA context.

    from tilelab.gpu import gpu_launch, GpuSession, time_kernels, ncu_metrics
    outs = gpu_launch(kernel, grid, block, [A, B, C, np.int32(N)])
    stats = time_kernels({"naive": (k1, grid, block, args), "tiled": (k2, grid, block, args)})
"""
import subprocess
import sys

from .ncu import NcuUnavailable, ncu_metrics
from .spec import KernelSpec, PackedArgs, kernel_spec, pack_args
from .timing import CublasMatmul
from .worker import GpuSession, GpuUnavailable, default_session, gpu_launch, shutdown, time_kernels

__all__ = ["gpu_launch", "GpuSession", "GpuUnavailable", "default_session", "shutdown",
           "time_kernels", "CublasMatmul", "ncu_metrics", "NcuUnavailable", "available",
           "KernelSpec", "PackedArgs", "kernel_spec", "pack_args"]


def available() -> bool:
    """Whether CuPy is importable and sees at least one CUDA device (checked in a
    throwaway subprocess, so a broken driver cannot hurt this process)."""
    try:
        r = subprocess.run(
            [sys.executable, "-c",
             "import cupy; import sys; sys.exit(0 if cupy.cuda.runtime.getDeviceCount() > 0 else 1)"],
            capture_output=True, timeout=60)
        return r.returncode == 0
    except Exception:
        return False
