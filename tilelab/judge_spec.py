"""What the grading judge is asked to do: one rubric check on one learner's source, typed.

``tilelab.rubric.Check.spec()`` builds a ``JudgeSpec``; the Judge preprocessor (grading/) writes it
as JSON for ``python -I -m tilelab.judge SPEC.json``, whose ``Judge`` reads it back with
``JudgeSpec.from_json`` (a key that is missing, unknown or of the wrong type is an error that names
it); ``tl.selfcheck`` hands one to the same ``Judge`` in the learner's notebook. The JSON form is
described by ``tilelab/schema/judge_spec.schema.json`` (tests validate every rubric's specs against it).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

__all__ = ["JudgeSpec", "Reference", "Drawn", "SpecError"]


class SpecError(ValueError):
    """A judge spec that does not have the shape the judge reads."""


@dataclass
class Reference:
    """A reference kernel the parts measure against (kernels/<file>.cu, as text)."""
    source: str
    kernel: str
    filename: str
    block: list | None = None
    shared: int = 0
    maps: dict | None = None     # its own tensor-map layout ({box, swizzle}) of the problem's arrays


@dataclass
class Drawn:
    """The sizes drawn for this submission (tilelab/rubric/draw.py).

    ``emu``: sizes every backend checks and counts at; ``gpu``: further sizes a GPU checks;
    ``large``: sizes beyond the published band where the technique is counted on a sample of the
    launch's blocks (``blocks``: linear block ids per size, same order); ``timed``: the size each GPU
    speed part times at, by part name."""
    emu: list = field(default_factory=list)
    gpu: list = field(default_factory=list)
    how: str = ""
    large: list = field(default_factory=list)
    blocks: list = field(default_factory=list)
    timed: dict = field(default_factory=dict)


@dataclass
class JudgeSpec:
    assignment: str
    grade_id: str
    kernel: str                 # the %%cuda cell's name: the kernel graded
    source: str                 # the learner's cell
    filename: str               # how findings and compile errors name the cell
    first_line: int
    problem: str                # tilelab.problems name
    parts: list                 # the rubric check's parts (tilelab/rubric/<assignment>.toml), in order
    references: dict            # label -> Reference
    counting: dict              # the pins of tilelab/rubric/_counting.toml: counts, arch, nvrtc
    block: list | None = None
    shared: int = 0
    backend: str = ""           # "" = the judge process's own (TILELAB_BACKEND, else detected)
    points: float = 0.0
    step_budget: int | None = None
    drawn: Drawn = field(default_factory=Drawn)
    notes: list = field(default_factory=list)    # lines put first in the feedback

    def to_json(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data) -> "JudgeSpec":
        if isinstance(data, JudgeSpec):
            return data
        if not isinstance(data, dict):
            raise SpecError(f"a judge spec is a JSON object, got {type(data).__name__}")
        data = dict(data)
        refs = data.get("references") or {}
        if not isinstance(refs, dict):
            raise SpecError("judge spec: references must be an object")
        data["references"] = {k: _build(Reference, v, f"references.{k}") for k, v in refs.items()}
        data["drawn"] = _build(Drawn, data.get("drawn") or {}, "drawn")
        data["drawn"].emu = [_size(s) for s in data["drawn"].emu]
        data["drawn"].gpu = [_size(s) for s in data["drawn"].gpu]
        data["drawn"].large = [_size(s) for s in data["drawn"].large]
        data["notes"] = list(data.get("notes") or [])
        data["counting"] = dict(data.get("counting") or {})
        spec = _build(cls, data, "spec")
        for i, p in enumerate(spec.parts):
            if not isinstance(p, dict) or not isinstance(p.get("name"), str) or "points" not in p:
                raise SpecError(f"judge spec: parts[{i}] needs a name and points")
            p.setdefault("kind", p["name"])
            p.setdefault("requires", [])
        return spec


_TYPES = {str: str, int: int, float: (int, float), list: list, dict: dict}


def _build(cls, data, where):
    if isinstance(data, cls):
        return data
    if not isinstance(data, dict):
        raise SpecError(f"judge spec: {where} must be an object")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise SpecError(f"judge spec: {where} has unknown key(s) {', '.join(unknown)}")
    missing = [n for n, f in fields.items() if n not in data
               and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if missing:
        raise SpecError(f"judge spec: {where} is missing {', '.join(missing)}")
    for name, value in data.items():
        want = fields[name].type
        base = {"str": str, "int": int, "float": float, "list": list, "dict": dict}.get(
            str(want).split(" ")[0].split("|")[0].strip())
        if value is None and "None" in str(want):
            continue
        if base is not None and not isinstance(value, _TYPES[base]) or isinstance(value, bool) and base in (int, float):
            raise SpecError(f"judge spec: {where}.{name} must be {base.__name__}, got {type(value).__name__}")
    return cls(**data)


def _size(s):
    return tuple(s) if isinstance(s, list) else s
