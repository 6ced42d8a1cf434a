"""The architectures: the virtual one the PTX is built for, and the SM whose cubin and SASS are built
when none is named."""
from __future__ import annotations

import re

from ..errors import CompileError

PTX_ARCH = "compute_80"  # the emulator's fixed virtual arch: ldmatrix and mma exist
DEFAULT_ARCH = "sm_90"   # the SM whose cubin and SASS are built when none is named (the course's GPU, an H200)


def _norm_arch(arch: str | int) -> str:
    a = str(arch).strip()
    if a.isdigit():
        a = "sm_" + a
    if not re.fullmatch(r"sm_\d+[a-z]?", a):
        raise CompileError(f"bad arch {arch!r}: expected e.g. 'sm_90'")
    return a
