"""The CuPy side: one GPU context, cubins loaded, kernels launched, errors sorted.

Only the worker process (and the benchmark scripts, which want the whole run in
one process) import this: it holds the CUDA context, so a sticky fault here must
not happen in the learner's Jupyter kernel.

Errors are sorted in two:
- ``LaunchRefused``: the launch call itself failed (too much shared memory, too many
  registers for the block, a bad configuration). The context is still good.
- ``DeviceFault``: the kernel faulted while running (illegal address, misaligned
  address, trap/assert...). CUDA makes these sticky: the context is unusable and the
  process must go.
"""
from __future__ import annotations

import os
import subprocess
import tempfile

import numpy as np

from ..messages import msg
from ..tma import TensorMap
from .spec import KernelSpec, PackedArgs, describe_launch
from ..structs import Struct
from .tensormap import MapBytes, StructBytes, by_value, launch_with_maps   # cuda-bindings: only where a map is launched

__all__ = ["Device", "DeviceFault", "LaunchRefused"]


class DeviceFault(RuntimeError):
    """The context is dead (sticky error): the process holding it must be restarted."""


class LaunchRefused(RuntimeError):
    """The launch was refused; the context is fine."""


def _cuda_error_text(e: BaseException) -> str:
    return str(e).strip() or type(e).__name__


class Device:
    """A CUDA device through CuPy, with the loaded kernels cached by cubin."""

    def __init__(self, device_id: int = 0, pool: bool = True):
        import cupy  # deferred: only where a GPU is meant to be (pyproject: banned-module-level-imports)
        self.cp = cupy
        self.id = device_id
        cupy.cuda.Device(device_id).use()
        if not pool:
            cupy.cuda.set_allocator(None)   # one cudaMalloc per array: sanitizers see true bounds
        self.props = cupy.cuda.runtime.getDeviceProperties(device_id)
        self._functions: dict[str, object] = {}
        self._modules: dict[str, object] = {}
        self.stream = cupy.cuda.Stream()   # blocking: ordered with CuPy's default-stream work too

    # ---- facts -----------------------------------------------------------------------
    def info(self) -> dict:
        cp, p = self.cp, self.props
        name = p["name"]
        name = name.decode() if isinstance(name, bytes) else str(name)
        cc = (int(p["major"]), int(p["minor"]))
        drv = cp.cuda.runtime.driverGetVersion()
        rt = cp.cuda.runtime.runtimeGetVersion()
        info = {
            "name": name,
            "compute_capability": f"{cc[0]}.{cc[1]}",
            "arch": f"sm_{cc[0]}{cc[1]}",
            "sm_count": int(p["multiProcessorCount"]),
            "l2_bytes": int(p["l2CacheSize"]),
            "total_memory_bytes": int(p["totalGlobalMem"]),
            "shared_per_block_bytes": int(p["sharedMemPerBlock"]),
            "shared_per_block_optin_bytes": int(p.get("sharedMemPerBlockOptin", p["sharedMemPerBlock"])),
            "shared_per_sm_bytes": int(p.get("sharedMemPerMultiprocessor", 0)),
            "clock_khz": int(p.get("clockRate", 0)),
            "memory_clock_khz": int(p.get("memoryClockRate", 0)),
            "memory_bus_bits": int(p.get("memoryBusWidth", 0)),
            "cuda_driver_api": f"{drv // 1000}.{drv % 1000 // 10}",
            "cuda_runtime": f"{rt // 1000}.{rt % 1000 // 10}",
            "cupy": cp.__version__,
        }
        info["driver"] = _driver_version()
        return info

    # ---- kernels ---------------------------------------------------------------------
    def function(self, spec: KernelSpec, fresh: bool = False):
        """The loaded function for ``spec`` (cubin written to a temp file, loaded by
        ``cupy.RawModule(path=...)``, which takes cubin files); ``fresh``: loaded anew."""
        k = spec.key
        fn = self._functions.get(k)
        # the grading judge sets TILELAB_FRESH_MODULE=1: every graded launch loads the module
        # afresh, so __device__ variables start from their initial values each time
        if fn is None or fresh or os.environ.get("TILELAB_FRESH_MODULE") == "1":
            fd, path = tempfile.mkstemp(suffix=".cubin", prefix="tilelab-")
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(spec.cubin)
                try:
                    mod = self.cp.RawModule(path=path, enable_cooperative_groups=bool(spec.cooperative))
                    fn = mod.get_function(spec.entry)
                    fn.attributes   # forces the load now, so a bad cubin fails here
                except Exception as e:   # a cubin for another SM, or a missing entry
                    raise LaunchRefused(msg("gpu.cannot_load", name=spec.name, arch=spec.arch,
                                            why=_cuda_error_text(e))) from None
            finally:
                try:
                    os.unlink(path)
                except OSError:
                    pass
            self._modules[k] = mod
            self._functions[k] = fn
        return fn

    def prepare(self, spec: KernelSpec, shared: int = 0, fresh: bool = False):
        fn = self.function(spec, fresh=fresh)
        shared = int(shared)
        if shared > 48 * 1024:
            limit = int(self.props.get("sharedMemPerBlockOptin", 48 * 1024))
            static = int(fn.attributes.get("shared_size_bytes", 0))
            if shared + static > limit:
                raise LaunchRefused(msg("gpu.dynamic_shared", name=spec.name, shared=shared, static=static,
                                        limit=limit))
            if getattr(fn, "max_dynamic_shared_size_bytes", 0) < shared:
                try:
                    fn.max_dynamic_shared_size_bytes = shared
                except Exception as e:
                    raise LaunchRefused(msg("gpu.cannot_raise_shared", name=spec.name, shared=shared,
                                            why=_cuda_error_text(e))) from None
        return fn

    def upload(self, packed: PackedArgs):
        """Device arguments: cupy arrays for pointers, numpy scalars as they are, for a
        ``tl.TensorMap`` the driver's encoding on its array's device copy and for a ``tl.Struct`` its
        bytes with its arrays' device addresses (tilelab/gpu/tensormap.py)."""
        out = []
        with self.stream:
            for v in packed.values:
                out.append(self.cp.asarray(v) if isinstance(v, np.ndarray) else v)
            if any(isinstance(v, (TensorMap, Struct)) for v in packed.values):
                self.stream.synchronize()
                with self.stream:        # a struct's own uploads on this stream too
                    out = by_value(packed.values, out, self.cp)
                self.stream.synchronize()
        return out

    def launch_async(self, spec: KernelSpec, grid, block, dev_args, shared: int = 0, fn=None):
        fn = fn or self.prepare(spec, shared)
        try:
            if any(isinstance(a, (MapBytes, StructBytes)) for a in dev_args):   # a CUtensorMap or a struct by value
                launch_with_maps(fn, grid, block, dev_args, shared, self.stream)
                return
            with self.stream:
                fn(tuple(grid), tuple(block), tuple(dev_args), shared_mem=int(shared))
        except Exception as e:
            self.raise_for(e, spec, grid, block, at_launch=True)

    def synchronize(self, spec=None, grid=(1,), block=(1,)):
        try:
            self.stream.synchronize()
        except Exception as e:
            self.raise_for(e, spec, grid, block, at_launch=False)

    def raise_for(self, e, spec, grid, block, at_launch: bool):
        """Sort a CUDA error into refused (context fine) or fault (context dead)."""
        what = describe_launch(spec.name if spec else "kernel", grid, block)
        text = _cuda_error_text(e)
        if at_launch and self.healthy():
            raise LaunchRefused(msg("gpu.refused", what=what, why=text)) from None
        raise DeviceFault(f"{what}: {text}") from None

    def healthy(self) -> bool:
        try:
            self.cp.cuda.runtime.deviceSynchronize()
            x = self.cp.zeros(1, dtype=self.cp.int32)
            x += 1
            return int(x.get()[0]) == 1
        except Exception:
            return False

    def module_state(self, spec: KernelSpec):
        """A callable that puts the loaded module's ``__device__`` and ``__constant__`` variables
        back to the values they hold now (call it right after a fresh load, before any launch):
        timed launches then start as the first one did, with no count or cache left by earlier
        ones (tilelab.gpu.timing). The copies are enqueued on the stream."""
        cp = self.cp
        mod = self._modules[spec.key]
        saved = []
        for name, nbytes in spec.variables:
            try:
                ptr = mod.get_global(name)
            except Exception:        # dropped by ptxas (unused): nothing to put back
                continue
            nbytes = int(nbytes) or int(getattr(getattr(ptr, "mem", None), "size", 0))
            if nbytes <= 0:
                continue
            with self.stream:
                copy = cp.empty(nbytes, dtype=cp.uint8)
                copy.data.copy_from_device_async(ptr, nbytes, self.stream)
            saved.append((ptr, copy, nbytes))
        self.stream.synchronize()

        def reset():
            for ptr, copy, nbytes in saved:
                ptr.copy_from_device_async(copy.data, nbytes, self.stream)
        reset.variables = len(saved)
        return reset

    def set_symbols(self, spec: KernelSpec, symbols: dict):
        """Fill the module's ``__constant__`` (or ``__device__``) variables before a launch, as
        ``cudaMemcpyToSymbol`` does (names and sizes were checked by ``spec.check_symbols``)."""
        mod = self._modules[spec.key]
        for name, arr in symbols.items():
            try:
                mem = mod.get_global(name)
            except Exception as e:
                raise LaunchRefused(msg("gpu.cannot_reach_variable", var=name, name=spec.name,
                                        why=_cuda_error_text(e))) from None
            with self.stream:
                self.cp.ndarray(arr.shape, arr.dtype, mem).set(arr, stream=self.stream)

    def run(self, spec: KernelSpec, grid, block, packed: PackedArgs, shared: int = 0, symbols: dict | None = None):
        """One launch, synchronously. Returns a list aligned with the arguments: the
        array's new contents for each non-const pointer, None elsewhere."""
        fn = self.prepare(spec, shared)
        if symbols:
            self.set_symbols(spec, symbols)
        dev = self.upload(packed)
        self.stream.synchronize()
        self.launch_async(spec, grid, block, dev, shared, fn=fn)
        self.synchronize(spec, grid, block)
        out = []
        try:
            for d, back in zip(dev, packed.copy_back):
                if isinstance(d, MapBytes):              # a map with its own upload: its array comes back
                    out.append(None if d.upload is None else self.cp.asnumpy(d.upload, stream=self.stream))
                    continue
                if isinstance(d, StructBytes):           # a struct's fields' own uploads come back
                    out.append([None if u is None else self.cp.asnumpy(u, stream=self.stream) for u in d.uploads])
                    continue
                out.append(self.cp.asnumpy(d, stream=self.stream) if back else None)
            self.stream.synchronize()
        except Exception as e:
            self.raise_for(e, spec, grid, block, at_launch=False)
        return out


def _driver_version() -> str | None:
    """The NVIDIA driver's version string (e.g. 580.159.04), from NVML or /proc."""
    try:
        with open("/proc/driver/nvidia/version") as fh:
            for ln in fh:
                for tok in ln.split():
                    parts = tok.split(".")
                    if len(parts) >= 2 and all(p.isdigit() for p in parts) and int(parts[0]) > 100:
                        return tok
    except OSError:
        pass
    try:
        r = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                           capture_output=True, text=True, timeout=20)
        if r.returncode == 0 and r.stdout.strip():
            return r.stdout.strip().splitlines()[0]
    except Exception:
        pass
    return None
