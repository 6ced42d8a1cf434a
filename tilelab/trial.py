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
from .messages import msg
from .problems import get_problem
from .tma import relaid

SHOW = 5              # mismatching elements shown

__all__ = ["trial", "Trial", "compare", "Comparison"]


@dataclass
class Comparison:
    """How one output compares with its reference."""
    name: str
    size: int
    mismatches: int
    unwritten: int          # still NaN: never written
    nan: int
    inf: int
    max_error: float        # largest relative error (inf when NaN/inf are present)
    worst: tuple | None     # index of the largest error
    first: list             # [(index, expected, got)] of the first mismatches
    rtol: float
    bad: np.ndarray | None = field(default=None, repr=False, compare=False)       # per element: wrong
    got: np.ndarray | None = field(default=None, repr=False, compare=False)
    expected: np.ndarray | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return self.mismatches == 0

    def describe(self) -> list[str]:
        if self.ok:
            return []
        if self.unwritten == self.size:
            what = msg("check.the_only_element") if self.size == 1 else msg("check.all_elements", n=self.size)
            return [msg("check.never_written", name=self.name, what=what)]
        lines = [msg("check.elements_wrong", name=self.name, n=self.mismatches, size=self.size, rtol=f"{self.rtol:g}")]
        for ix, e, g in self.first:
            lines.append("  " + msg("check.expected_got", name=self.name, ix=", ".join(map(str, ix)), e=e, g=g))
        if self.mismatches > len(self.first):
            lines.append("  " + msg("judge.more_places", n=self.mismatches - len(self.first)))
        finite = "" if np.isinf(self.max_error) else f"{self.max_error:.3g}"
        if finite:
            lines.append("  " + msg("check.max_error", err=finite, name=self.name, ix=", ".join(map(str, self.worst))))
        bad = []
        if self.unwritten:
            bad.append(msg("check.unwritten", n=self.unwritten))
        if self.nan - self.unwritten > 0:
            bad.append(f"{self.nan - self.unwritten} NaN")
        if self.inf:
            bad.append(f"{self.inf} inf")
        if bad:
            lines.append("  " + ", ".join(bad))
        return lines


def compare(name: str, got: np.ndarray, expected: np.ndarray, rtol: float, floor: float,
            poisoned: bool = True) -> Comparison:
    """Relative error |got - exp| / max(|exp|, floor * max|exp|), elementwise.

    The floor keeps elements near zero (where float rounding is relatively large)
    from failing a correct kernel; ``rtol=0`` asks for bit-identical values.
    """
    g = np.asarray(got, dtype=np.float64)
    e = np.asarray(expected, dtype=np.float64).reshape(g.shape)
    scale = float(np.abs(e).max()) if e.size else 0.0
    denom = np.maximum(np.abs(e), floor * scale)
    diff = np.abs(g - e)
    with np.errstate(divide="ignore", invalid="ignore"):
        rel = np.where(denom > 0, diff / np.where(denom > 0, denom, 1), np.where(diff > 0, np.inf, 0.0))
    nan = np.isnan(g)
    inf = np.isinf(g)
    rel = np.where(nan | inf, np.inf, rel)
    bad = ~(rel <= rtol)
    idx = np.argwhere(bad)[:SHOW]
    first = [(tuple(int(i) for i in ix), float(e[tuple(ix)]), float(g[tuple(ix)])) for ix in idx]
    worst = tuple(int(i) for i in np.unravel_index(int(np.argmax(rel)), rel.shape)) if rel.size else None
    return Comparison(name=name, size=int(g.size), mismatches=int(bad.sum()),
                      unwritten=int(nan.sum()) if poisoned else 0, nan=int(nan.sum()), inf=int(inf.sum()),
                      max_error=float(rel.max()) if rel.size else 0.0, worst=worst, first=first, rtol=rtol,
                      bad=bad, got=g, expected=e)


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
          blocks=None, maps=None, **launch_opts) -> Trial:
    """Run ``kernel`` once on ``problem`` (a name or a Problem) at ``size`` with inputs of ``seed``.

    ``shared``: dynamic shared memory in bytes (None: the problem's). ``launch_opts`` go to
    ``tilelab.launch.launch`` (``sanitize``, ``step_budget``, ``variant``, ``uninit``, ``counts``,
    ``arch`` on the emulator; ``timeout`` on a GPU). ``maps``: the kernel's own tensor-map layout of
    the problem's arrays (``tilelab.tma.relaid``: a rubric reference such as exercise 07's baseline)."""
    prob = get_problem(problem)
    size = prob.size(size)
    inputs = relaid(prob.inputs(size, seed), maps)
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
    if problem in ("mma_tile", "gemm_fp16_tma"):       # gemm_fp16_tma: a 64 x 64 tile per warp group
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
