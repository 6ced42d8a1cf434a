"""One launch API for both backends: numpy arrays in, numpy arrays updated in place.

Arguments are checked against the kernel's C signature before anything runs
(count, dtype, scalar range), so a mistake is a clear message rather than a
fault or a silently wrong answer. On 'emu' the PTX emulator runs the kernel and
returns findings and exact counts; on 'gpu' a worker process runs the cubin our
NVRTC built for the device, and a fault restarts the worker, not the notebook.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from . import emu
from .args import pack_args
from .backend import backend as current_backend
from .emu import Counting
from .errors import LaunchError
from .gpu import gpu_launch
from .messages import msg
from .toolchain import DEFAULT_ARCH


@dataclass
class LaunchResult:
    backend: str
    findings: list = field(default_factory=list)
    metrics: dict | None = None
    per_line: list = field(default_factory=list)
    seconds: float = 0.0
    lane_instructions: int = 0
    printed: list = field(default_factory=list)     # device printf output (emu: block, warp, lane order)
    per_pc: dict = field(default_factory=dict, repr=False)   # emulator counts per PTX instruction
    counts: str = ""                 # emu: "sass" (memory counted as ptxas made it) or "ptx" (emu/counters/sass_model.py)
    counts_note: str = ""            # emu: why "ptx" when "sass" was asked for
    ptx_metrics: dict | None = None  # emu: the launch totals counted as in the PTX
    count_notes: list = field(default_factory=list)  # emu: lines whose requests follow the PTX, and why
    driver_per_pc: dict = field(default_factory=dict, repr=False)  # emu: what the driver's vprintf adds, per pc

    def __repr__(self):
        f = msg("launch.findings", n=len(self.findings)) if self.findings else msg("launch.no_findings")
        if self.backend == "emu":      # the emulator's wall time is not the kernel's: say none
            return msg("launch.repr_emu", findings=f)
        return msg("launch.repr", backend=self.backend, findings=f, seconds=self.seconds)


def launch(kernel, grid, block, *args, shared: int = 0, backend: str | None = None,
           step_budget: int | None = None, sanitize: bool = True, timeout: float | None = None,
           echo: bool = True, symbols: dict | None = None, variant: int = 0, uninit: bool = False,
           counts: str = "sass", arch: str = DEFAULT_ARCH, counting: Counting | None = None,
           blocks=None, watch=None) -> LaunchResult:
    """Run ``kernel<<<grid, block, shared>>>(*args)``; arrays of non-const pointers are updated.

    A ``tl.TensorMap`` argument fills a ``const __grid_constant__ CUtensorMap`` parameter
    (``#include <tilelab_tma.h>``); its array is the pointer argument that is the same numpy array,
    or an upload of its own (tilelab/tma.py).
    Device ``printf`` output is printed (``echo=False`` keeps it only in ``result.printed``).
    ``symbols={"c_Kernel": array}`` fills ``__constant__`` variables first (both backends; a ``tl.AddressOf`` or a
    ``tl.Struct`` with pointer fields, whose buffers the emulator alone sets up: tilelab/structs.py). A kernel
    that calls grid.sync() is launched cooperatively on the GPU (tilelab.gpu.spec.uses_grid_sync).
    Emulator only: ``variant`` picks other GPU-like values of %smid, %nsmid, %warpid, %gridid, %envreg and the clocks,
    ``uninit`` adds the uninitialised-register pass (both for the judge: tilelab/judge.py);
    ``counts`` is "sass" (memory requests as ptxas made them for ``arch``, where the model agrees
    with the cubin, on the cubin's control flow) or "ptx" (every PTX instruction as it stands):
    emu/counters/sass_model.py, emu/counters/ifconvert.py. ``counting`` (a ``tilelab.emu.Counting``) gives
    both as one value. ``blocks`` runs only those blocks (linear ids) and ``watch`` sees every
    instruction (tilelab.emu.run; the judge's)."""
    if not hasattr(kernel, "entry") or not hasattr(kernel, "params"):
        raise LaunchError(msg("errors.not_a_kernel", got=repr(kernel)))
    be = backend or current_backend()
    packed = pack_args(kernel.name, kernel.params, args)
    if be == "emu":
        r = emu.run(kernel, grid, block, packed.values, shared_bytes=shared, step_budget=step_budget,
                sanitize=sanitize, copy_back=packed.copy_back, symbols=symbols, variant=variant, uninit=uninit,
                counts=counts, arch=arch, counting=counting, blocks=blocks, watch=watch)
        _copy_back(args, packed)
        if echo and r.printed:
            print("\n".join(r.printed), flush=True)
        return LaunchResult("emu", r.findings, r.metrics, r.per_line, r.seconds, r.lane_instructions,
                            printed=list(r.printed), per_pc=r.per_pc, counts=r.counts, counts_note=r.counts_note,
                            ptx_metrics=r.ptx_metrics, count_notes=list(r.count_notes),
                            driver_per_pc=r.driver_per_pc)
    if be == "gpu":
        if blocks is not None or watch is not None:
            raise LaunchError("blocks= and watch= are the emulator's (backend='emu')")
        t0 = time.perf_counter()
        gpu_launch(kernel, grid, block, list(args), shared=shared, timeout=timeout, symbols=symbols)
        return LaunchResult("gpu", [], None, [], time.perf_counter() - t0)
    raise LaunchError(msg("errors.unknown_backend", be=repr(be)))


def _copy_back(args, packed):
    for a, v, back in zip(args, packed.values, packed.copy_back):
        if back and isinstance(a, np.ndarray) and isinstance(v, np.ndarray) and v is not a:
            # (a struct's arrays were written in place: emu/structs.py read_back)
            a[...] = v.reshape(a.shape)
