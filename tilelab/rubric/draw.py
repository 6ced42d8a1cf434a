"""Sizes drawn per submission, so that a kernel cannot be fitted to the sizes the rubric names.

The rubric is public, so the sizes it lists are known in advance: a kernel could return early
at exactly those. The judge therefore also checks values and counts at sizes drawn from a range
for each submission, as HMAC-SHA256(course secret, learner, assignment, submission hash). The
secret is the instructor's (``TILELAB_COURSE_SECRET``, or the file ``~/.config/tilelab/course_secret``,
created on first use; never in the repository, never inside the grading sandbox), so the draw
cannot be predicted, and a regrade of the same submission draws the same sizes. A learner's
self-check draws with a random key instead: other sizes, from the same range.

A check's ``draw`` table: ``emu`` and ``gpu`` ranges (``[lo, hi]`` for every dimension, or one per
dimension), ``count`` sizes from each, each dimension a multiple of ``multiple`` (06: the tile);
``large`` a range beyond the published band, ``large_count`` sizes from it, of which the judge runs
``sample_blocks`` blocks (the last block, where the size cuts the tile, and others drawn): the
technique's counts and the values those blocks write; ``timed`` the range a GPU speed part's timed
size is drawn from (multiples of ``timed_multiple``). Every one of them comes from the same keyed
hash, so none can be known before grading.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from tilelab.messages import msg
from tilelab.problems import get_problem

SECRET_ENV = "TILELAB_COURSE_SECRET"
SECRET_FILE = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "tilelab" / "course_secret"


def course_secret(path: Path | None = None) -> bytes:
    """The instructor's secret: the environment's, else the file's (made, mode 600, if missing)."""
    env = os.environ.get(SECRET_ENV)
    if env:
        return env.encode()
    path = Path(path or SECRET_FILE)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32) + "\n")
    return path.read_text().strip().encode()


def submission_hash(source: str) -> str:
    return hashlib.sha256(source.encode()).hexdigest()


@dataclass
class Draw:
    """What was drawn, and from what, as the feedback records it (tilelab.judge_spec.Drawn)."""
    emu: list = field(default_factory=list)      # sizes every backend checks (and measures counts at)
    gpu: list = field(default_factory=list)      # further sizes checked on a GPU only
    how: str = ""
    large: list = field(default_factory=list)    # sizes beyond the published band, run on sampled blocks
    blocks: list = field(default_factory=list)   # the sampled blocks (linear ids) of each large size
    timed: dict = field(default_factory=dict)    # speed part name -> the size a GPU times it at

    def to_json(self) -> dict:
        return {"emu": self.emu, "gpu": self.gpu, "how": self.how, "large": self.large, "blocks": self.blocks,
                "timed": self.timed}


def _numbers(key: bytes, message: str, n: int, lo: int, hi: int) -> list[int]:
    out, counter = [], 0
    while len(out) < n:
        d = hmac.new(key, f"{message}|{counter}".encode(), hashlib.sha256).digest()
        for i in range(0, len(d) - 3, 4):
            out.append(lo + int.from_bytes(d[i:i + 4], "big") % (hi - lo + 1))
        counter += 1
    return out[:n]


def _ranges(spec, dims: int) -> list:
    """[lo, hi] for one dimension repeated, or one [lo, hi] per dimension."""
    if spec and isinstance(spec[0], (list, tuple)):
        if len(spec) != dims:
            raise ValueError(f"a drawn range per dimension needs {dims} of them, got {spec!r}")
        return [(int(a), int(b)) for a, b in spec]
    return [(int(spec[0]), int(spec[1]))] * dims


def _multiples(multiple, dims: int) -> list:
    m = multiple if isinstance(multiple, (list, tuple)) else [multiple or 1] * dims
    return [int(x) for x in m]


def _draw(key, message, count, ranges, mult) -> list:
    """``count`` sizes, each dimension a multiple of ``mult`` in its range."""
    out = []
    nums = _numbers(key, message, count * len(ranges), 0, 1 << 30)
    for i in range(count):
        size = []
        for d, ((lo, hi), m) in enumerate(zip(ranges, mult)):
            first, last = -(-lo // m), hi // m
            if last < first:
                raise ValueError(f"no multiple of {m} in {lo}..{hi}")
            size.append(m * (first + nums[i * len(ranges) + d] % (last - first + 1)))
        out.append(size if len(size) > 1 else size[0])
    return out


def sample_blocks(key, message, nblocks: int, n: int) -> list[int]:
    """``n`` distinct blocks of a launch of ``nblocks``: the last one (the edge, where a size that is
    not a multiple of the tile is cut) and others drawn."""
    chosen = [nblocks - 1]
    for x in _numbers(key, message, 8 * n, 0, max(0, nblocks - 1)):
        if len(chosen) >= min(n, nblocks):
            break
        if x not in chosen:
            chosen.append(x)
    return sorted(chosen)


def draw_sizes(draw: dict, problem: str, key: bytes, learner: str, assignment: str, source: str,
               *, how: str = "", block=None, speed_parts=()) -> Draw:
    """Sizes for one submission from ``draw`` (a rubric check's ``[check.draw]``)."""
    if not draw:
        return Draw(how=how)
    prob = get_problem(problem)
    dims = len(prob.size_names)
    count = int(draw.get("count", 2))
    mult = _multiples(draw.get("multiple", 1), dims)
    digest = submission_hash(source)
    result = Draw(how=how or msg("judge.drawn_graded", digest=digest[:12]))
    base = f"{learner}|{assignment}|{digest}"
    for backend in ("emu", "gpu"):
        if backend in draw:
            getattr(result, backend).extend(_draw(key, f"{base}|{backend}", count, _ranges(draw[backend], dims), mult))
    if "large" in draw:
        result.large = _draw(key, f"{base}|large", int(draw.get("large_count", 1)), _ranges(draw["large"], dims),
                             _multiples(draw.get("large_multiple", draw.get("multiple", 1)), dims))
        for i, size in enumerate(result.large):
            grid, _, _ = prob.launch(size, block)
            nblocks = 1
            for g in grid:
                nblocks *= int(g)
            result.blocks.append(sample_blocks(key, f"{base}|blocks|{i}", nblocks, int(draw.get("sample_blocks", 2))))
    if "timed" in draw:
        tmult = _multiples(draw.get("timed_multiple", draw.get("multiple", 1)), dims)
        for name in speed_parts:
            result.timed[name] = _draw(key, f"{base}|timed|{name}", 1, _ranges(draw["timed"], dims), tmult)[0]
    return result


def _speed_parts(check) -> list:
    return [p["name"] for p in check.parts if p.get("kind") == "speedup"]


def graded_draw(check, learner: str, source: str, secret: bytes | None = None) -> Draw:
    """The grader's draw for ``check`` (a tilelab.rubric.Check) and this learner's ``source``."""
    return draw_sizes(check.draw, check.problem, secret if secret is not None else course_secret(),
                      learner, check.assignment, source, block=check.block, speed_parts=_speed_parts(check))


def self_check_draw(check, source: str) -> Draw:
    """A learner's self-check: a fresh random key, so other sizes every time.

    ``TILELAB_SELF_CHECK_KEY`` (any text) fixes the key instead: ``make lessons`` sets it, so that
    building the course twice writes the same outputs into solutions/ (the grader's own draw is
    keyed by the course secret either way, so the built outputs tell nobody its sizes)."""
    fixed = os.environ.get("TILELAB_SELF_CHECK_KEY")
    key = hashlib.sha256(fixed.encode()).digest() if fixed else secrets.token_bytes(32)
    return draw_sizes(check.draw, check.problem, key, "self-check", check.assignment, source,
                      how=msg("judge.drawn_self_check"), block=check.block, speed_parts=_speed_parts(check))
