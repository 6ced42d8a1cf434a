"""Sizes drawn per submission, so that a kernel cannot be fitted to the sizes the rubric names.

The rubric is public, so the sizes it lists are known in advance: a kernel could return early
at exactly those. The judge therefore also checks values and counts at sizes drawn from a range
for each submission, as HMAC-SHA256(course secret, learner, assignment, submission hash). The
secret is the instructor's (``TILELAB_COURSE_SECRET``, or the file ``~/.config/tilelab/course_secret``,
created on first use; never in the repository, never inside the grading sandbox), so the draw
cannot be predicted, and a regrade of the same submission draws the same sizes. A learner's
self-check draws with a random key instead: other sizes, from the same range.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from tilelab.messages import msg

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
    """What was drawn, and from what, as the feedback records it."""
    emu: list = field(default_factory=list)      # sizes every backend checks (and measures counts at)
    gpu: list = field(default_factory=list)      # further sizes checked on a GPU only
    how: str = ""

    def to_json(self) -> dict:
        return {"emu": self.emu, "gpu": self.gpu, "how": self.how}


def _numbers(key: bytes, message: str, n: int, lo: int, hi: int) -> list[int]:
    out, counter = [], 0
    while len(out) < n:
        d = hmac.new(key, f"{message}|{counter}".encode(), hashlib.sha256).digest()
        for i in range(0, len(d) - 3, 4):
            out.append(lo + int.from_bytes(d[i:i + 4], "big") % (hi - lo + 1))
        counter += 1
    return out[:n]


def draw_sizes(draw: dict, problem: str, key: bytes, learner: str, assignment: str, source: str,
               *, how: str = "") -> Draw:
    """Sizes for one submission from ``draw`` (a rubric check's ``[check.draw]``)."""
    if not draw:
        return Draw(how=how)
    count = int(draw.get("count", 2))
    shape = 2 if problem == "transpose" else 1
    digest = submission_hash(source)
    result = Draw(how=how or msg("judge.drawn_graded", digest=digest[:12]))
    for backend in ("emu", "gpu"):
        if backend not in draw:
            continue
        lo, hi = (int(x) for x in draw[backend])
        nums = _numbers(key, f"{learner}|{assignment}|{digest}|{backend}", count * shape, lo, hi)
        sizes = [nums[i * shape:(i + 1) * shape] for i in range(count)]
        getattr(result, backend).extend(s if shape > 1 else s[0] for s in sizes)
    return result


def graded_draw(check, learner: str, source: str, secret: bytes | None = None) -> Draw:
    """The grader's draw for ``check`` (a tilelab.rubric.Check) and this learner's ``source``."""
    return draw_sizes(check.draw, check.problem, secret if secret is not None else course_secret(),
                      learner, check.assignment, source)


def self_check_draw(check, source: str) -> Draw:
    """A learner's self-check: a fresh random key, so other sizes every time.

    ``TILELAB_SELF_CHECK_KEY`` (any text) fixes the key instead: ``make lessons`` sets it, so that
    building the course twice writes the same outputs into solutions/ (the grader's own draw is
    keyed by the course secret either way, so the built outputs tell nobody its sizes)."""
    fixed = os.environ.get("TILELAB_SELF_CHECK_KEY")
    key = hashlib.sha256(fixed.encode()).digest() if fixed else secrets.token_bytes(32)
    return draw_sizes(check.draw, check.problem, key, "self-check", check.assignment, source,
                      how=msg("judge.drawn_self_check"))
