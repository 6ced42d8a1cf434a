"""The class report's findings, grouped by kind across the course's languages.

A judge's verdict (the grade cell's output) is a line per rubric part, ``✗ part (0/1): head``,
and under a failed part the lines that say why (a sanitizer finding, the wrong elements, the
counts), all in the submission's language. The same mistake must count once whatever the
language, so every line is read back to the message it was made from: each message of
tilelab/messages/<lang>.toml, of every language, becomes a pattern (its ``{fields}`` match
anything), and a line is the message whose pattern matches it with the most fixed text. A
finding's kind is then (part, the head's message, the kind of the first finding under it, the
detail's message): ``clean / judge.sanitizer_found / finding.kind_out_of_bounds /
finding.oob_global_read`` is an out-of-bounds read whether it was written in English or
Chinese. A line no message matches (a compiler's own words) keeps its text, numbers as N.
"""
from __future__ import annotations

import collections
import re
from dataclasses import dataclass, field
from functools import lru_cache

from tilelab.messages import catalog, languages

PART_LINE = re.compile(r"^([✓✗·]) (\S+) \(([\d.]+)/([\d.]+)\): (.*)$")
SOURCE_QUOTE = re.compile(r"^\s*\d+\s*\|")
SECTIONS = ("judge", "check", "finding", "errors", "counts", "unsupported", "wrong")
#: a message with less fixed text than this cannot tell a line apart (e.g. "at {size}")
MIN_FIXED = 6


def _pattern(template: str) -> tuple[re.Pattern, int]:
    parts = re.split(r"\{[^{}]*\}", template)
    fixed = sum(len(p.strip()) for p in parts)
    rx = "(.+?)".join(re.escape(p) for p in parts)
    return re.compile(rx, re.S), fixed


@lru_cache(maxsize=None)
def patterns() -> list[tuple[str, re.Pattern, int]]:
    """(message key, pattern, fixed characters) for every message of every language, most fixed first."""
    out = []
    for lang in languages():
        for key, text in catalog(lang).items():
            if key.split(".")[0] in SECTIONS and isinstance(text, str):
                rx, fixed = _pattern(text)
                if fixed >= MIN_FIXED:
                    out.append((key, rx, fixed))
    out.sort(key=lambda t: -t[2])
    return out


@lru_cache(maxsize=None)
def kinds() -> list[tuple[str, str]]:
    """(finding.kind_* key, its text in some language), longest text first."""
    out = [(k, v) for lang in languages() for k, v in catalog(lang).items() if k.startswith("finding.kind_")]
    return sorted(out, key=lambda kv: -len(kv[1]))


def message_of(line: str, *, whole: bool = True, skip: tuple = ()) -> str | None:
    """The key of the message ``line`` was made from (None: none matches)."""
    line = line.strip()
    for key, rx, _ in patterns():
        if key in skip:
            continue
        if (rx.fullmatch(line) if whole else rx.search(line)):
            return key
    return None


def kind_of(line: str) -> str | None:
    line = line.strip()
    for key, text in kinds():
        if line.startswith(text):
            return key
    return None


def numbers_as_n(text: str) -> str:
    return re.sub(r"[0-9]+(\.[0-9]+)?", "N", text)


@dataclass
class Finding:
    part: str
    kind: tuple            # language-independent: (part, head key, finding kind, detail key)
    lines: list[str]       # the verdict's lines for it, as the learner saw them


def findings(lines: list[str]) -> list[Finding]:
    """The failed parts of one verdict, each with its kind and its lines."""
    out, cur = [], None
    for raw in lines:
        line = raw.rstrip()
        m = PART_LINE.match(line.strip())
        if m:
            cur = None
            if m.group(1) == "✗":
                cur = Finding(m.group(2), (), [line.strip()])
                out.append(cur)
            continue
        if line.strip().startswith("✗"):          # a verdict line outside the parts (no compile, ...)
            cur = Finding("", (), [line.strip()])
            out.append(cur)
            continue
        if cur is not None and line.strip():
            if message_of(line) in ("judge.score", "judge.selfcheck_score"):
                cur = None
                continue
            cur.lines.append(line)
    for f in out:
        m = PART_LINE.match(f.lines[0])
        head = m.group(5) if m else f.lines[0].lstrip("✗ ").strip()
        head_key = message_of(head) or message_of(head, whole=False) or "text: " + numbers_as_n(head)[:100]
        kind = detail = None
        for ln in f.lines[1:]:
            if SOURCE_QUOTE.match(ln):
                continue
            kind = kind_of(ln)
            detail = message_of(ln, whole=False, skip=("finding.head",))
            if kind is None and detail is None:
                detail = "text: " + numbers_as_n(ln.strip())[:100]
            break
        f.kind = (f.part, head_key, kind or "", detail or "")
        f.lines = f.lines[:8]
    return out


@dataclass
class Group:
    kind: tuple
    students: list = field(default_factory=list)
    languages: collections.Counter = field(default_factory=collections.Counter)
    example: list = field(default_factory=list)       # one submission's lines (the first in English if any)
    example_lang: str = ""


def group(verdicts: dict) -> list[Group]:
    """{(student, lang): verdict lines} -> the findings grouped by kind, most submissions first;
    a submission counts once per kind."""
    groups: dict[tuple, Group] = {}
    for (student, lang), lines in sorted(verdicts.items()):
        for f in findings(lines):
            g = groups.setdefault(f.kind, Group(f.kind))
            if student in g.students:
                continue
            g.students.append(student)
            g.languages[lang] += 1
            if not g.example or (g.example_lang != "en" and lang == "en"):
                g.example, g.example_lang = f.lines, lang
    return sorted(groups.values(), key=lambda g: (-len(g.students), g.kind))


def describe(kind: tuple) -> str:
    """A kind in words (the English messages' own text, fields as …)."""
    part, head, finding_kind, detail = kind

    def words(key):
        if not key:
            return ""
        if key.startswith("text: "):
            return key[6:]
        text = catalog("en").get(key, key)
        return re.sub(r"\{[^{}]*\}", "…", text).strip()
    bits = [b for b in (words(head), words(finding_kind), words(detail)) if b]
    return (f"{part}: " if part else "") + " — ".join(bits)


def markdown(groups: list[Group], top: int = 8) -> list[str]:
    if not groups:
        return ["Findings: none."]
    out = ["Findings, grouped by kind (every language together; a submission counts once per kind):", ""]
    for g in groups[:top]:
        langs = ", ".join(f"{n} {lang}" for lang, n in sorted(g.languages.items()))
        who = ", ".join(g.students[:8]) + (f" and {len(g.students) - 8} more" if len(g.students) > 8 else "")
        out.append(f"- **{len(g.students)}× {describe(g.kind)}** ({langs}: {who}); for example ({g.example_lang}):")
        out += ["", "  ```text"] + [f"  {ln}" for ln in g.example] + ["  ```", ""]
    if len(groups) > top:
        out.append(f"- and {len(groups) - top} more kinds")
    return out
