"""One trial: one run of a kernel on a problem, its values compared with the float64 reference.

``tl.check`` (tilelab/check.py), ``tl.selfcheck`` and the grading judge (tilelab/judge.py) all run
kernels through ``trial()``, so "a run" means one thing everywhere (DESIGN §6): fresh random
inputs for the seed, outputs filled with NaN (an element never written cannot pass), the launch
geometry the problem gives for the size (``block`` overrides the block, the grid follows), and a
comparison of every output with the problem's reference.

``blocks`` (emulator only) runs a sample of the launch's blocks (linear block ids): the counts
are those blocks' and only the outputs those blocks write are compared (``Trial.comps`` compare
the elements the sampled blocks own, from the problem's ``block_elements``); the grading judge
uses it to look at the technique of a launch too large to emulate whole.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .launch import launch

__all__ = ["trial", "Trial"]


@dataclass
class Trial:
    """What one run gave: comparisons per output, the launch's result and the outputs themselves."""
    size: object
    seed: int
    comps: list
    result: object                      # tilelab.launch.LaunchResult
    outputs: dict = field(repr=False, default_factory=dict)
    blocks: tuple | None = None         # the sampled block ids, or None for the whole launch

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.comps)

    @property
    def findings(self) -> list:
        return list(self.result.findings)


def trial(kernel, problem, size, seed: int = 0, *, backend: str = "emu", block=None, shared=None,
          blocks=None, **launch_opts) -> Trial:
    """Run ``kernel`` once on ``problem`` (a name or a Problem) at ``size`` with inputs of ``seed``.

    ``shared``: dynamic shared memory in bytes (None: the problem's). ``launch_opts`` go to
    ``tilelab.launch.launch`` (``sanitize``, ``step_budget``, ``variant``, ``uninit``, ``counts``,
    ``arch`` on the emulator; ``timeout`` on a GPU)."""
    from .check import compare
    from .problems import get_problem
    prob = get_problem(problem)
    size = prob.size(size)
    inputs = prob.inputs(size, seed)
    outputs = prob.new_outputs(size)
    grid, blk, dyn = prob.launch(size, block)
    if shared is not None:
        dyn = int(shared)
    args = prob.args({k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in inputs.items()}, outputs)
    if blocks is not None:
        launch_opts["blocks"] = list(blocks)
    res = launch(kernel, grid, blk, *args, shared=dyn, backend=backend, **launch_opts)
    ref = prob.reference(inputs)
    comps = []
    for name in prob.outputs:
        got, want = outputs[name], np.asarray(ref[name]).reshape(outputs[name].shape)
        if blocks is not None:       # only what the sampled blocks write is compared
            mask = owned(prob.name, got.shape, grid, blk, blocks)
            written = ~np.isnan(got)
            if int(written.sum()) == int(mask.sum()):      # as many as the blocks own: wherever they are
                mask = written
            got, want = got[mask], want[mask]
        comps.append(compare(name, got, want, prob.rtol, prob.floor))
    return Trial(size, seed, comps, res, outputs, tuple(blocks) if blocks is not None else None)


# The output tile each block of a problem's launch owns (tilelab/problems.py launch configs):
# (rows per block, cols per block, whether block x counts rows of the output) for 2-D outputs.
def _tile(problem: str, block) -> tuple:
    if problem == "matmul":
        return block[1], block[0], False
    if problem == "transpose":                 # block (x, y) reads in's tile (y, x): writes out's (x, y)
        return block[0], block[0], True
    if problem in ("gemm_fp16", "gemm_fp16_nmajor"):
        return 128, 128, False
    if problem == "mma_tile":
        return 64, 64, False
    raise ValueError(f"no block tile known for the problem {problem!r}")


def owned(problem: str, shape, grid, block, blocks) -> np.ndarray:
    """Which elements of an output of ``shape`` the listed blocks own in the problem's launch
    (the elements a kernel written as the exercise asks writes from those blocks)."""
    grid = tuple(grid) + (1,) * (3 - len(grid))
    block = tuple(block) + (1,) * (3 - len(block))
    mask = np.zeros(shape, dtype=bool)
    for b in blocks:
        bx, by = b % grid[0], (b // grid[0]) % grid[1]
        if len(shape) == 1:
            mask[bx * block[0]:(bx + 1) * block[0]] = True
            continue
        th, tw, x_rows = _tile(problem, block)
        r, c = (bx, by) if x_rows else (by, bx)
        mask[r * th:(r + 1) * th, c * tw:(c + 1) * tw] = True
    return mask
