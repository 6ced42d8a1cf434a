"""Which language of the course a submission was made from, and where that language's nbgrader
course lives (course/README.md, "Languages").

Every language has its own nbgrader source (``solutions/`` for English, ``solutions_<lang>/``
for another) with the same assignments, notebooks, grade ids and points; only the prose of the
read-only cells differs. A submission is graded against the source of its own language, so
that nbgrader's restored read-only and grade cells, and the feedback, are in that language.

The language is read from the submission's read-only cells: the language whose release has
the most of them word for word (a learner's copy from ``make lab COURSE_LANG=zh`` holds the
Chinese release's cells, as does a ``work/`` from an earlier release whose text has not
changed since). Where no cell matches exactly (cells edited, or a release since reworded), the
script of the prose decides (CJK characters for ``zh``); where nothing decides, English, with
a note. Telling the wrong language gains a learner nothing: the grade ids, points, rubric and
judge are the same in every language (``same_grade_cells`` checks the first two).
"""
from __future__ import annotations

import re
import tempfile
import warnings
from functools import lru_cache
from pathlib import Path

from grading.rubrics import REPO_ROOT
from grading.submission_files import NotReadable, load_json

SOURCE = "en"
#: the characters of a language's script, for a submission no release cell matches exactly
SCRIPT = {"zh": re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")}
#: the share of such characters in the prose above which a notebook is in that language
SCRIPT_SHARE = 0.05


def source_dir(lang: str, root: Path = REPO_ROOT) -> Path:
    """The nbgrader source of ``lang``: solutions/ (English), solutions_<lang>/ (another)."""
    return root / ("solutions" if lang == SOURCE else f"solutions_{lang}")


def languages(root: Path = REPO_ROOT) -> list[str]:
    """The languages that have an nbgrader source, English first."""
    others = sorted(p.name.removeprefix("solutions_") for p in root.glob("solutions_*") if p.is_dir())
    return [SOURCE] + [lang for lang in others if lang != SOURCE]


def _cells(data: bytes) -> list:
    """The cells (dicts) of a notebook's bytes; [] for anything else (its depth checked first)."""
    try:
        cells = load_json(data, "notebook").get("cells")
    except (NotReadable, AttributeError):
        return []
    return [c for c in cells if isinstance(c, dict)] if isinstance(cells, list) else []


def _text(cell) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _locked_prose(cells) -> dict:
    """{grade_id: text} of a notebook's read-only markdown cells (the cells that are translated)."""
    out = {}
    for c in cells:
        meta = (c.get("metadata") or {}).get("nbgrader") or {}
        if isinstance(meta, dict) and c.get("cell_type") == "markdown" and meta.get("grade_id") \
                and not meta.get("solution"):
            out[str(meta["grade_id"])] = _text(c)
    return out


def detect(files: dict, releases: dict) -> tuple[str, str | None]:
    """(language, note or None) of a submission.

    ``files``: {relative path: bytes} of the submission; ``releases``: {lang: {notebook file:
    bytes}} of each language's release (or nbgrader source: their read-only cells are the same)
    of this assignment. The note says how an uncertain choice was made (it goes into the feedback)."""
    notebooks = [_cells(data) for rel, data in sorted(files.items()) if rel.endswith(".ipynb")]
    mine = [_locked_prose(cells) for cells in notebooks]
    hits = {}
    for lang, rel in releases.items():
        theirs = {}
        for data in rel.values():
            theirs.update(_locked_prose(_cells(data)))
        hits[lang] = sum(1 for prose in mine for gid, text in prose.items() if theirs.get(gid) == text)
    best = max(hits.values(), default=0)
    winners = [lang for lang, n in hits.items() if n == best]
    if best and len(winners) == 1:
        return winners[0], None
    prose = "".join(_text(c) for cells in notebooks for c in cells if c.get("cell_type") == "markdown")
    for lang, script in SCRIPT.items():
        if lang in releases and prose and len(script.findall(prose)) / len(prose) >= SCRIPT_SHARE:
            return lang, None
    if SOURCE in releases and len(releases) > 1:
        return SOURCE, (f"the language of this notebook could not be told from its read-only cells, so it was "
                        f"graded against the English release (the grade ids and points are the same in "
                        f"{', '.join(sorted(releases))})")
    return SOURCE, None


@lru_cache(maxsize=8)
def _grade_cells_of(data: bytes) -> dict:
    with tempfile.TemporaryDirectory(prefix="tilelab-gb-") as tmp:
        path = Path(tmp) / "gradebook.db"
        path.write_bytes(data)
        return grade_cells(path)


def grade_cells(gradebook: bytes | Path) -> dict:
    """{(assignment, notebook, grade id): max score} of what a (template) gradebook knows."""
    from nbgrader.api import Gradebook
    if isinstance(gradebook, (bytes, bytearray)):
        return dict(_grade_cells_of(bytes(gradebook)))
    with Gradebook(f"sqlite:///{gradebook}") as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return {(a.name, nb.name, g.name): float(g.max_score)
                for a in gb.assignments for nb in a.notebooks for g in nb.grade_cells}


def same_grade_cells(english: bytes, other: bytes, lang: str, assignment: str) -> str:
    """'' when ``other`` (the template gradebook of ``lang``) has the same notebooks, grade ids and
    points for ``assignment`` as English; else what differs (a submission in that language is not
    graded then: its grades would not merge with the English ones)."""
    if other == english:
        return ""
    a = {k[1:]: v for k, v in grade_cells(english).items() if k[0] == assignment}
    b = {k[1:]: v for k, v in grade_cells(other).items() if k[0] == assignment}
    if a == b:
        return ""
    only_en, only_other = sorted(set(a) - set(b)), sorted(set(b) - set(a))
    points = sorted(k for k in set(a) & set(b) if a[k] != b[k])
    parts = ([f"only in English: {', '.join('/'.join(k) for k in only_en[:5])}"] if only_en else []) + \
        ([f"only in {lang}: {', '.join('/'.join(k) for k in only_other[:5])}"] if only_other else []) + \
        ([f"other points: {', '.join('/'.join(k) for k in points[:5])}"] if points else [])
    return (f"the {lang} source of {assignment} (solutions_{lang}/{assignment}/) does not have the grade cells "
            f"of solutions/{assignment}/ ({'; '.join(parts)}); rebuild it (make lessons) so that its grades "
            f"merge with the English ones")


def graded_language(folder: Path) -> str | None:
    """The language a graded submission was graded in: what grading wrote into its autograded
    notebooks' metadata (``tilelab.lang``, grading/preprocessors/structure.py); None when there is none."""
    import nbformat
    for p in sorted(Path(folder).glob("*.ipynb")):
        try:
            lang = (nbformat.read(p, as_version=4).metadata.get("tilelab") or {}).get("lang")
        except Exception:  # noqa: BLE001 - an unreadable notebook says nothing
            continue
        if lang:
            return str(lang)
    return None
