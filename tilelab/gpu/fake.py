"""A stand-in for ``device.Device`` with no GPU, to test the worker's fault handling.

The worker takes any object with ``info()`` and ``run(spec, grid, block, packed, shared)``
(``GpuSession(device_factory="tilelab.gpu.fake:FakeDevice")``). This one does what the
kernel's *entry name* says, so CI can check that a fault, a hang or a crash of the
worker becomes a ``KernelFault`` and a fresh worker, and that the parent lives on:

- ``add``: ``args[2][:] = args[0] + args[1]`` (a working kernel);
- ``fault``: a sticky error, as an illegal address would give;
- ``hang``: never returns;
- ``crash``: the process dies at once;
- ``refuse``: a launch refused with the context intact;
- ``print``: writes a line on stdout, as a kernel's printf would, then works like ``add``;
- ``map``: each ``tl.TensorMap`` argument's array comes back with 1 added, as a map that carries
  its own upload comes back from a TMA store (device.Device.run);
- ``struct``: each ``tl.Struct`` argument's arrays that are no pointer argument (its own uploads)
  come back with 1 added, per field, as device.Device.run returns them; a field sharing a pointer
  argument's array (the same object after the pipe) gives None, and that argument comes back 2 added.
"""
from __future__ import annotations

import os
import sys
import time

import numpy as np

from ..messages import msg
from ..structs import Struct
from ..tma import TensorMap
from .device import DeviceFault, LaunchRefused
from .spec import describe_launch


class FakeDevice:
    def __init__(self):
        self.launches = 0

    def info(self) -> dict:
        return {"name": "fake GPU", "arch": "sm_90", "compute_capability": "9.0",
                "pid": os.getpid(), "sm_count": 1, "l2_bytes": 1 << 20}

    def run(self, spec, grid, block, packed, shared=0):
        self.launches += 1
        what = describe_launch(spec.name, grid, block)
        e = spec.entry
        if e == "fault":
            raise DeviceFault(f"{what}: an illegal memory access was encountered "
                              "(cudaErrorIllegalAddress)")
        if e == "hang":
            while True:
                time.sleep(60)
        if e == "crash":
            os._exit(9)
        if e == "refuse":
            raise LaunchRefused(msg("gpu.refused", what=what, why="too many resources requested for launch"))
        if e == "print":
            print(f"hello from block 0 of {spec.name}")
            sys.stdout.flush()
        vals = packed.values
        out = [None] * len(vals)
        if e == "map":
            return [v.array + 1 if isinstance(v, TensorMap) else None for v in vals]
        if e == "struct":
            shared = [a for v in vals if isinstance(v, Struct) for _, _, a in v.arrays()
                      if any(a is w for w in vals)]
            return [[None if any(a is w for w in vals) else a + 1 for _, _, a in v.arrays()]
                    if isinstance(v, Struct) else
                    (v + 2 if back and any(v is a for a in shared) else None)
                    for v, back in zip(vals, packed.copy_back)]
        if len(vals) >= 3:
            out[2] = (vals[0] + vals[1]).astype(vals[2].dtype)
        for i, back in enumerate(packed.copy_back):
            if back and out[i] is None:
                out[i] = vals[i].copy()
        return out


# --------------------------------------------------------------------------------------
# The timing loop without a GPU (tilelab.gpu.timing.measure), on numpy
# --------------------------------------------------------------------------------------

class _Event:
    def __init__(self):
        self.t = 0.0

    def record(self, stream=None):
        self.t = time.perf_counter()


class _Stream:
    ptr = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def synchronize(self):
        pass


class _Cuda:
    Event = _Event

    @staticmethod
    def get_elapsed_time(start, end):
        return (end.t - start.t) * 1e3          # milliseconds, as CuPy gives them


class _NumpyAsCupy:
    """numpy under CuPy's names (what ``measure`` and ``OutputPool`` use of CuPy)."""
    cuda = _Cuda

    def __getattr__(self, name):
        return getattr(np, name)


class FakeTimingDevice:
    """A device for ``timing.measure`` whose kernels are Python functions on numpy arrays,
    named by the spec's entry, and whose "module variables" are a dict put back by
    ``module_state`` as a CUDA module's would be:

    - ``add``: ``args[2][:] = args[0] + args[1]`` (honest);
    - ``skip_if_written``: returns at once when ``args[2][0]`` is not NaN (a kernel that
      skips work when its output is no longer NaN);
    - ``count``: adds only on the first launch, counted in the module variable ``launches``;
    - ``spy``: adds, and records in ``self.seen`` whether it found its own last values;
    - held out (written after the pool): ``skip_if_finite`` returns at once when its whole
      output is finite (NaN poison alone would not catch it), ``skip_if_done`` when its output
      already holds the right sum (every skip is counted in ``self.skipped``).
    """

    def __init__(self):
        self.cp = _NumpyAsCupy()
        self.stream = _Stream()
        self.props = {"l2CacheSize": 1 << 20}
        self.variables: dict[str, dict] = {}
        self.loads = 0
        self.launches = 0
        self.seen: list = []
        self.skipped = 0
        self._last = None

    def prepare(self, spec, shared=0, fresh=False):
        if fresh or spec.entry not in self.variables:
            self.loads += 1
            self.variables[spec.entry] = {"launches": 0}
        return spec.entry

    def module_state(self, spec):
        saved = dict(self.variables[spec.entry])

        def reset():
            self.variables[spec.entry].clear()
            self.variables[spec.entry].update(saved)
        return reset

    def upload(self, packed):
        return [v.copy() if isinstance(v, np.ndarray) else v for v in packed.values]

    def launch_async(self, spec, grid, block, args, shared=0, fn=None):
        self.launches += 1
        state = self.variables[spec.entry]
        state["launches"] += 1
        a, b, c = args[0], args[1], args[2]
        e = spec.entry
        if e == "skip_if_written" and not np.isnan(c.reshape(-1)[0]):
            return
        if e == "count" and state["launches"] > 1:
            return
        if (e == "skip_if_finite" and np.isfinite(c).all()) or \
                (e == "skip_if_done" and np.array_equal(c, (a + b).astype(c.dtype))):
            self.skipped += 1
            return
        if e == "spy":
            self.seen.append(self._last is not None and np.array_equal(c, self._last))
        c[...] = (a + b).astype(c.dtype)
        if e == "spy":
            self._last = c.copy()

    def synchronize(self, spec=None, grid=(1,), block=(1,)):
        pass
