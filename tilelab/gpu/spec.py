"""What crosses into the GPU worker: a kernel as plain data, and its arguments, checked.

Everything here runs on the CPU with no CuPy, so a wrong argument list is refused
in the learner's own process, with a clear message, before any GPU work starts
(and CI can test it). The worker only ever sees a ``KernelSpec`` (cubin bytes, the
lowered entry name, the parameter types) and a ``PackedArgs``: no compiler objects.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

import numpy as np

from ..args import MAX_THREADS_PER_BLOCK, PackedArgs, check_geometry, norm_dim3, pack_args
from ..emu import linked, symbol_keys, uses_grid_sync as _emu_grid_sync
from ..errors import LaunchError
from ..messages import msg
from ..structs import AddressOf, Struct
from ..toolchain import DEFAULT_ARCH

__all__ = ["ParamSpec", "KernelSpec", "kernel_spec", "describe_launch",
           # argument and geometry checks live in tilelab.args (both backends use them)
           "PackedArgs", "pack_args", "norm_dim3", "check_geometry", "MAX_THREADS_PER_BLOCK"]

@dataclass(frozen=True)
class ParamSpec:
    name: str
    ctype: str
    pointer: bool
    const: bool
    dtype: str | None       # numpy dtype string of the pointee or scalar; None: not expressible
    lanes: int = 1
    ptx_bytes: int | None = None    # the PTX parameter's size and alignment (a struct by value is checked
    ptx_align: int | None = None    # against them: tilelab/structs.py)
    ptx_aggregate: bool | None = None


@dataclass(frozen=True)
class KernelSpec:
    """A kernel as the worker needs it: machine code for one arch, entry, parameters."""
    name: str
    entry: str
    params: tuple[ParamSpec, ...]
    cubin: bytes = field(repr=False)
    arch: str = DEFAULT_ARCH
    cooperative: bool = False   # it calls grid.sync(): launched with cuLaunchCooperativeKernel
    variables: tuple = ()       # ((name, bytes), ...): the module's __constant__ / __device__ variables

    @property
    def key(self) -> str:
        return hashlib.sha1(self.cubin + b"\0" + self.entry.encode()).hexdigest()


def _param_spec(p) -> ParamSpec:
    dt = getattr(p, "dtype", None)
    ctype = getattr(p, "ctype", "")
    const = getattr(p, "const", None)
    if const is None:
        const = ctype.strip().startswith("const")
    return ParamSpec(name=p.name, ctype=ctype, pointer=bool(p.pointer), const=bool(const),
                     dtype=None if dt is None else np.dtype(dt).str,
                     lanes=int(getattr(p, "lanes", 1) or 1), ptx_bytes=getattr(p, "ptx_bytes", None),
                     ptx_align=getattr(p, "ptx_align", None), ptx_aggregate=getattr(p, "ptx_aggregate", None))


def kernel_spec(kernel, arch: str) -> KernelSpec:
    """``tilelab.toolchain.Kernel`` (or a KernelSpec) -> KernelSpec with the cubin for ``arch``.

    The cubin is the emulator's own PTX, assembled for the device's SM by nvJitLink
    (``Program.cubin``, DESIGN §3), so the GPU runs the code the emulator saw.
    """
    if isinstance(kernel, KernelSpec):
        return kernel
    cubin = kernel.program.cubin(arch) if hasattr(kernel, "program") else kernel.cubin(arch)
    return KernelSpec(name=kernel.name, entry=kernel.entry,
                      params=tuple(_param_spec(p) for p in kernel.params),
                      cubin=bytes(cubin), arch=arch, cooperative=uses_grid_sync(kernel),
                      variables=module_variables(kernel))


_VAR = re.compile(r"^\s*(?:\.visible\s+|\.extern\s+|\.weak\s+)*\.(?:const|global)\s+(?:\.align\s+\d+\s+)?"
                  r"\.[busf](8|16|32|64)\s+([A-Za-z_$][\w$]*)((?:\[\d+\])*)", re.M)


def module_variables(kernel) -> tuple:
    """The ``__constant__`` and ``__device__`` variables the PTX declares, with their sizes, so a
    ``symbols=`` value is checked in the learner's own process, before the GPU sees it."""
    ptx = getattr(getattr(kernel, "program", None), "ptx", None)
    if not isinstance(ptx, str):
        return ()
    out = []
    for m in _VAR.finditer(ptx):
        n = int(m.group(1)) // 8
        for dim in re.findall(r"\[(\d+)\]", m.group(3)):
            n *= int(dim)
        out.append((m.group(2), n))
    return tuple(out)


def check_symbols(spec: "KernelSpec", symbols: dict) -> dict:
    """``symbols=`` as the worker gets it: each name a variable of the module, each value fitting it."""
    sizes = dict(spec.variables)
    out = {}
    keys = symbol_keys(symbols, sizes)          # a variable in a namespace, named as the source names it
    for given, name, value in ((k, keys[k], v) for k, v in symbols.items()):
        if isinstance(value, AddressOf):         # the emulator's alone (bench/collection_gpu.py does it by hand)
            raise LaunchError(msg("gpu.address_of", var=repr(given), name=given))
        if isinstance(value, Struct):            # its pointer fields' buffers: likewise
            raise LaunchError(msg("gpu.struct_symbol", var=repr(given), name=given))
        arr = np.ascontiguousarray(value)
        if name not in sizes:
            mine = sorted(n for n in sizes if not n.startswith(("_Z", "$")))   # not the headers' C++
            # constants, nor the string literals a table points to ($str, $str$1, ...)
            have = ", ".join(mine[:8]) + (", ..." if len(mine) > 8 else "") if mine else msg("errors.none")
            raise LaunchError(msg("gpu.no_variable", name=spec.name, var=repr(name), have=have))
        if arr.nbytes > sizes[name]:
            raise LaunchError(msg("gpu.symbol_size", var=repr(name), nbytes=arr.nbytes, name=name,
                                  size=sizes[name]))
        out[str(name)] = arr
    return out

def uses_grid_sync(kernel) -> bool:
    """Whether the kernel (or a function it calls) runs cooperative groups' grid.sync(), read the
    way the emulator reads it (the grid workspace registers %envreg1/2): such a kernel needs a
    cooperative launch, on the GPU as on the emulator."""
    ptx = getattr(getattr(kernel, "program", None), "ptx", None)
    if not isinstance(ptx, str) or "%envreg" not in ptx:
        return False
    try:
        return _emu_grid_sync(linked(ptx, kernel.entry))
    except Exception:                            # PTX the emulator cannot read: the launch says so
        return True


def describe_launch(name, grid, block) -> str:
    g = tuple(grid) + (1,) * (3 - len(tuple(grid)))
    b = tuple(block) + (1,) * (3 - len(tuple(block)))
    return f"{name}<<<({g[0]},{g[1]},{g[2]}), ({b[0]},{b[1]},{b[2]})>>>"
