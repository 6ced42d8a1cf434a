"""The CUDA toolchain tilelab drives: NVRTC (through ctypes), ptxas or nvJitLink, nvdisasm.

    discover   where wheels, conda and toolkits put the libraries and headers
    nvrtc      the NVRTC binding and its compile call
    signature  kernel names and parameters parsed from the source
    program    Program, Kernel, compile_cuda, kernel_from_file
    sass       nvdisasm's listing, per source line, and the memory-instruction mix
    assemble   PTX -> cubin (ptxas, else nvJitLink)
    jitlink    the nvJitLink binding
"""
from __future__ import annotations

from .assemble import Assembled, AssemblerMissing, assemble
from .nvrtc import Nvrtc, available_nvrtc, find_nvrtc, nvrtc_version
from .program import DEFAULT_ARCH, PTX_ARCH, Kernel, Program, compile_cuda, kernel_from_file
from .sass import find_nvdisasm, sass_memory_mix
from .signature import Param

__all__ = [
    "compile_cuda", "kernel_from_file", "Program", "Kernel", "Param",
    "find_nvrtc", "available_nvrtc", "Nvrtc", "nvrtc_version",
    "find_nvdisasm", "sass_memory_mix", "PTX_ARCH", "DEFAULT_ARCH",
    "assemble", "Assembled", "AssemblerMissing",
]
