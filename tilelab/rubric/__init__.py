"""Read ``tilelab/rubric/<assignment>.toml``: the one source of graded checks, points and thresholds.

The judge preprocessor, the grading regression, the docs and the learner's self-check
(``tl.selfcheck``) all read rubrics through this module, so "full marks" is one number. The
rubric is public (it ships with the package and the student bundle): what keeps a kernel from
being fitted to it is the sizes drawn per submission (tilelab/rubric/draw.py), not secrecy. A rubric lists checks; a check names a grade cell
(``grade_id``), the ``%%cuda`` kernel it grades, the problem, and its parts. Each part is one
kind of evidence with its points:

- ``correct``: results match the float64 reference on every size and seed (NaN-poisoned outputs);
- ``clean``: the emulator's sanitizer finds no race and no out-of-bounds access;
- ``metric_ratio``: an emulator count at size ``N`` (and at the drawn sizes) is at most ``max_ratio``
  of a reference kernel's at the same size, with the values right there too, and every
  ``technique`` check (tilelab/technique.py) holds on the per-line record;
- ``speedup``: on a GPU, at least ``min_speedup`` times a reference kernel timed in the same
  process; on the emulator, where nothing is timed, the part's ``emu`` table gives the count
  criterion that stands in for it (and the feedback says so);
- ``shared_bytes``: the kernel's static shared memory per block is at most ``max_ratio`` of a
  reference kernel's (lesson 05: a swizzle keeps the unpadded size; padding does not), and its
  ``technique`` checks hold (05: the tile really goes through shared memory).

``[check.draw]`` gives the range sizes are drawn from per submission (``emu``, ``gpu``) and how
many (``count``): correctness runs at them too, and so does every count the technique and
speed parts measure. Every GPU timing size must be one of the GPU correctness sizes.

``requires`` lists the parts that must be earned first (technique and speed need ``correct``).

``_counting.toml`` (no assignment) pins how every graded count is made: the emulator's counting
mode, the SM whose SASS it follows and the NVRTC version; every spec carries them
(``counting_pins``) and the judge prints them in the feedback (issue 13).
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from tilelab.judge_spec import Drawn, JudgeSpec, Reference
from tilelab.magic import FIRST_LINE, cell_filename

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
RUBRIC_DIR = Path(__file__).resolve().parent
PART_KINDS = {"correct", "clean", "metric_ratio", "per_request", "speedup", "shared_bytes", "pipeline"}


@dataclasses.dataclass
class Check:
    assignment: str
    notebook: str
    grade_id: str
    kernel: str
    problem: str
    parts: list
    references: dict
    timeout_s: float = 300.0
    block: list | None = None
    shared: int = 0
    step_budget: int | None = None     # emulator steps per launch before "did not finish"
    draw: dict = dataclasses.field(default_factory=dict)   # {emu: [lo, hi], gpu: [lo, hi], count}

    @property
    def points(self) -> float:
        return float(sum(p["points"] for p in self.parts))

    def part(self, name: str) -> dict:
        for p in self.parts:
            if p["name"] == name:
                return p
        raise KeyError(name)

    def points_of(self, names) -> float:
        return float(sum(self.part(n)["points"] for n in names))

    def spec(self, source: str, *, backend: str = "", repo_root: Path = REPO_ROOT, drawn=None, notes=(),
             filename: str | None = None, first_line: int | None = None) -> JudgeSpec:
        """The ``tilelab.judge_spec.JudgeSpec`` the judge grades: the learner's source plus this
        check's rubric, and the sizes drawn for this submission (``drawn``: a
        tilelab.rubric.draw.Draw, or its to_json())."""
        refs = {}
        for label, where in self.references.items():
            # "kernels/file.cu:kernel", or { kernel = "kernels/file.cu:kernel", shared = bytes, block = [...] }
            extra = dict(where) if isinstance(where, dict) else {"kernel": where}
            path, _, kernel = extra.pop("kernel").partition(":")
            refs[label] = Reference(source=_with_includes(repo_root / path), kernel=kernel, filename=path, **extra)
        if drawn is not None and not isinstance(drawn, dict):
            drawn = drawn.to_json()
        return JudgeSpec(
            assignment=self.assignment, grade_id=self.grade_id, kernel=self.kernel, source=source,
            filename=filename or cell_filename(self.kernel), first_line=first_line or FIRST_LINE,
            problem=self.problem, block=self.block, shared=self.shared, backend=backend, points=self.points,
            step_budget=self.step_budget, parts=[dict(p) for p in self.parts], references=refs,
            drawn=Drawn(**drawn) if drawn else Drawn(), counting=counting_pins(), notes=list(notes))


def _with_includes(path: Path, seen=None) -> str:
    """A reference kernel's text with its ``#include "x.h"`` of files beside it written in (once each), so
    the judge compiles it from the spec alone, wherever it runs (a sandbox sees no repository)."""
    seen = set() if seen is None else seen
    out = []
    for line in path.read_text().split("\n"):
        m = re.match(r'\s*#include\s+"([^"]+)"\s*$', line)
        inc = path.parent / m.group(1) if m else None
        if inc is not None and inc.is_file():
            if inc.resolve() not in seen:
                seen.add(inc.resolve())
                out.append(_with_includes(inc, seen))
            continue
        out.append(line)
    return "\n".join(out)


@dataclasses.dataclass
class Rubric:
    assignment: str
    checks: list

    @property
    def points(self) -> float:
        return float(sum(c.points for c in self.checks))

    def checks_for(self, notebook: str):
        return [c for c in self.checks if c.notebook == notebook]

    def check(self, grade_id: str) -> Check:
        for c in self.checks:
            if c.grade_id == grade_id:
                return c
        raise KeyError(grade_id)


def load_rubric(assignment: str, directory: Path = RUBRIC_DIR):
    """The rubric of ``assignment``, or None when it has none (nothing for the judge to do)."""
    path = Path(directory) / f"{assignment}.toml"
    if not assignment or not path.exists():
        return None
    with open(path, "rb") as f:
        data = tomllib.load(f)
    if data.get("assignment", assignment) != assignment:
        raise ValueError(f"{path}: assignment = {data['assignment']!r}, expected {assignment!r}")
    checks = []
    for c in data.get("check", []):
        parts = [dict(p) for p in c.get("part", [])]
        names = [p["name"] for p in parts]
        for p in parts:
            if p.get("kind", p["name"]) not in PART_KINDS:
                raise ValueError(f"{path}: part {p['name']!r} has unknown kind {p.get('kind')!r}")
            p.setdefault("kind", p["name"])
            p.setdefault("requires", [])
            missing = [r for r in p["requires"] if r not in names[:names.index(p["name"])]]
            if missing:
                raise ValueError(f"{path}: part {p['name']!r} requires {missing}, which must come before it")
        checks.append(Check(
            assignment=assignment, notebook=c.get("notebook", assignment), grade_id=c["grade_id"],
            kernel=c["kernel"], problem=c["problem"], parts=parts,
            references=dict(c.get("references", {})), timeout_s=float(c.get("timeout_s", 300)),
            block=c.get("block"), shared=int(c.get("shared", 0)), step_budget=c.get("step_budget"),
            draw=dict(c.get("draw", {}))))
        _check_timing_sizes(path, checks[-1])
    return Rubric(assignment=assignment, checks=checks)


def _check_timing_sizes(path, check):
    """Every GPU timing size is also a GPU correctness size (a kernel cannot be right everywhere
    but where it is timed)."""
    correct = next((p for p in check.parts if p["kind"] == "correct"), None)
    sizes = correct.get("sizes", []) if correct else []
    gpu = sizes.get("gpu", sizes.get("emu", [])) if isinstance(sizes, dict) else sizes
    as_key = lambda s: tuple(s) if isinstance(s, (list, tuple)) else (s, s)  # noqa: E731
    have = {as_key(s) for s in gpu}
    for p in check.parts:
        if p["kind"] == "speedup" and as_key(p["N"]) not in have:
            raise ValueError(f"{path}: part {p['name']!r} times at N={p['N']}, which the correct part's "
                             f"GPU sizes do not include")


def all_rubrics(directory: Path = RUBRIC_DIR):
    return {p.stem: load_rubric(p.stem, directory) for p in sorted(Path(directory).glob("*.toml"))
            if not p.stem.startswith("_")}


PINS = RUBRIC_DIR / "_counting.toml"
PIN_KEYS = ("counts", "arch", "nvrtc")


def counting_pins(path: Path = PINS) -> dict:
    """How graded counts are made (``_counting.toml``): the counting mode, the SM whose SASS it
    reads, and the NVRTC version; the judge pins them and prints them in the feedback."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    missing = [k for k in PIN_KEYS if k not in data]
    if missing:
        raise ValueError(f"{path}: missing {', '.join(missing)}")
    return {k: str(data[k]) for k in PIN_KEYS}
