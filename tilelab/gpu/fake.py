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
- ``print``: writes a line on stdout, as a kernel's printf would, then works like ``add``.
"""
from __future__ import annotations

import os
import sys
import time

from ..messages import msg
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
        if len(vals) >= 3:
            out[2] = (vals[0] + vals[1]).astype(vals[2].dtype)
        for i, back in enumerate(packed.copy_back):
            if back and out[i] is None:
                out[i] = vals[i].copy()
        return out
