"""The architectures: the virtual one the PTX is built for, and the SM whose cubin and SASS are built
when none is named."""
from __future__ import annotations

import re

from ..errors import CompileError

PTX_ARCH = "compute_80"  # the emulator's fixed virtual arch: ldmatrix and mma exist
DEFAULT_ARCH = "sm_90"   # the SM whose cubin and SASS are built when none is named (the course's GPU, an H200)
HOPPER_PTX_ARCH = "compute_90a"   # for sources that use Hopper's instructions (wgmma, setmaxnreg: sm_90a only)
FP8_MMA_PTX_ARCH = "compute_89"   # for sources whose mma names fp8 inputs (.e4m3/.e5m2: sm_89 and later)
_FP8_MMA = re.compile(r"mma\.sync[^;\"]*\.e[45]m[23]")
F64_MMA_PTX_ARCH = "compute_90"   # for sources whose mma is sm_90's f64 m16n8k4/k8/k16 (m8n8k4's f64 is sm_80's)
_F64_MMA = re.compile(r"mma\.sync[^;\"]*\.m16n8k(?:4|8|16)\b[^;\"]*\.f64")
_HOPPER_ONLY = re.compile(r"wgmma|setmaxnreg|stmatrix|elect\.sync|griddepcontrol"
                          r"|cp\.async\.bulk|CUtensorMap|expect_tx"    # the TMA path is sm_90+ too
                          r"|__cluster_dims__|this_cluster|cluster_group|barrier\.cluster|mapa|%cluster")  # clusters


def ptx_arch_for(source: str, options=()) -> str:
    """The virtual arch a source's PTX is built for: one the options name (-arch=compute_90a), else
    compute_90a where the source names wgmma or setmaxnreg (they exist only there; helpers such as
    wgmma_fence count) or sm_90's stmatrix, elect.sync, griddepcontrol, the TMA (cp.async.bulk, CUtensorMap,
    expect_tx) or thread block clusters (__cluster_dims__, cooperative groups' this_cluster), compute_90 where an
    ``mma.sync`` is sm_90's f64 m16n8k4/k8/k16 (ptxas refuses it in PTX for an earlier target), compute_89 where an
    ``mma.sync`` names fp8 inputs, else the emulator's fixed compute_80."""
    for o in options:
        m = re.fullmatch(r"(?:-arch|--gpu-architecture)=(compute_\d+a?)", str(o))
        if m:
            return m.group(1)
    if _HOPPER_ONLY.search(source or ""):
        return HOPPER_PTX_ARCH
    if _F64_MMA.search(source or ""):
        return F64_MMA_PTX_ARCH
    return FP8_MMA_PTX_ARCH if _FP8_MMA.search(source or "") else PTX_ARCH


def sm_for(ptx_arch: str, arch: str) -> str:
    """The SM to assemble for: an sm_90a-only PTX needs the 'a' target on sm_90."""
    return arch + "a" if ptx_arch.endswith("a") and arch == "sm_" + ptx_arch[len("compute_"):-1] else arch


def _norm_arch(arch: str | int) -> str:
    a = str(arch).strip()
    if a.isdigit():
        a = "sm_" + a
    if not re.fullmatch(r"sm_\d+[a-z]?", a):
        raise CompileError(f"bad arch {arch!r}: expected e.g. 'sm_90'")
    return a
