"""A block that needs more registers than an SM gives one block: the GPU refuses the launch, so the emulator does too.

Why: a kernel ptxas gave 80 registers per thread, launched with 1024 threads a block, needs 81,920 registers where a
block may hold 65,536: CUDA answers ``CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES`` ("too many resources requested for launch")
and nothing runs (DIB-R's colour gradient in double, the nineteenth round: docs/FIDELITY.md). The emulator ran it to
the end and called it right. Registers are given to a warp in steps of 256 (8 per thread), for every warp of the
block, a partial one too.

How: the count is the one ptxas wrote in the cubin the SASS-aware counts already build for ``arch``
(toolchain.sass.register_count); where there is no cubin (ptxas refused it, counts="ptx") nothing is checked."""
from __future__ import annotations

from ..errors import LaunchError
from ..messages import msg
from ..toolchain.sass import register_count

REGISTERS_PER_BLOCK = 65536      # sm_80 to sm_90: the most registers one block may hold
REGISTER_STEP = 8                # per thread: a warp's registers come in steps of 256
MAX_REGISTERS = 255              # per thread: ptxas gives no more


def check_registers(kernel, block, arch: str) -> None:
    """Raise ``LaunchError`` as the GPU refuses the launch, where the block needs more registers than it may have.
    A block of at most 256 threads always fits (255 registers, 256 with the step, x 256 = 65,536): no cubin is built
    for it here."""
    if block[0] * block[1] * block[2] * (MAX_REGISTERS + 1) <= REGISTERS_PER_BLOCK:
        return
    try:
        regs = register_count(kernel.program.cubin(arch), kernel.entry)
    except Exception:                     # no cubin for this arch (ptxas refused it): the launch goes on
        return
    if not regs:
        return
    tpb = block[0] * block[1] * block[2]
    per_warp = -(-regs // REGISTER_STEP) * REGISTER_STEP * 32
    need = per_warp * -(-tpb // 32)
    if need > REGISTERS_PER_BLOCK:
        fit = REGISTERS_PER_BLOCK // per_warp * 32
        raise LaunchError(msg("args.registers", name=kernel.name, regs=regs, arch=arch, n=tpb, need=need,
                              limit=REGISTERS_PER_BLOCK, fit=fit))
