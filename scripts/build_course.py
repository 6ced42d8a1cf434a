#!/usr/bin/env python3
"""`make lessons`: build the course's notebooks from its text sources (course/README.md).

    python scripts/build_course.py                 # every language, lesson and exercise; execute; release
    python scripts/build_course.py 03 04           # only the sources whose name starts 03 or 04
    python scripts/build_course.py --lang zh       # one language
    python scripts/build_course.py --no-execute    # write without running (no outputs)
    python scripts/build_course.py --prose-only zh # markdown edits only: keep the executed code cells

course/<lang>/lessons/NN_topic.md   -> lessons[/<lang>]/NN_topic_lesson.ipynb, executed on the emulator
course/<lang>/exercises/NN_topic.md -> solutions[_<lang>]/NN_topic/NN_topic.ipynb (nbgrader source,
                                       executed), then exercises[_<lang>]/ by nbgrader (release.py)
English (the source language) keeps the bare paths; another language builds beside them.
Kernels come from kernels/*.cu ({kernel} FILE.cu:NAME), numbers from course/numbers.toml,
points from the rubric. Cell ids are fixed, so a rebuild with no change is a no-op diff.
"""
from __future__ import annotations

import argparse
import glob
import hashlib
import json
import os
import re
import sys
import time
from pathlib import Path

import jupytext
import nbformat
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

ROOT = Path(__file__).resolve().parent.parent
from grading.rubrics import load_rubric  # noqa: E402
from tilelab.kernel_text import kernel_text  # noqa: E402
from tilelab.messages import SOURCE, msg  # noqa: E402

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

COURSE = ROOT / "course"
ROLES = ("locked", "solution", "grade")          # the nbgrader options a source cell may carry
PLACEHOLDER = re.compile(r"\{\{\s*(\w+)(?:\s+(\w+))?\s*\}\}")
KERNEL_LINE = re.compile(r"^\{kernel\}\s+(.+?)\s*$", re.M)
KERNEL_FENCE = re.compile(r"^```\{kernel\}\s+(.+?)\s*\n```[ \t]*$", re.M)


class SourceError(ValueError):
    """A text source that cannot be built: the message names the file and the cell."""


# =========================================================================== where things go

def languages() -> list[str]:
    found = sorted(p.name for p in COURSE.iterdir() if (p / "lessons").is_dir() or (p / "exercises").is_dir())
    return sorted(found, key=lambda lang: lang != SOURCE)          # the source language first


def sources(lang: str, kind: str) -> list[Path]:
    return sorted((COURSE / lang / kind).glob("*.md"))


def out_dirs(lang: str) -> dict[str, Path]:
    """Where a language's notebooks go: English at the bare paths, others beside them."""
    if lang == SOURCE:
        return {"lessons": ROOT / "lessons", "solutions": ROOT / "solutions", "exercises": ROOT / "exercises"}
    return {"lessons": ROOT / "lessons" / lang, "solutions": ROOT / f"solutions_{lang}",
            "exercises": ROOT / f"exercises_{lang}"}


def built_path(lang: str, kind: str, stem: str) -> Path:
    """The notebook a source builds. A lesson is ``NN_topic_lesson.ipynb`` and its exercise (the
    nbgrader assignment ``NN_topic``) keeps ``NN_topic.ipynb``: opened side by side in JupyterLab,
    the two tabs have two names, in every language."""
    dirs = out_dirs(lang)
    if kind == "lessons":
        return dirs["lessons"] / f"{stem}{LESSON_SUFFIX}.ipynb"
    return dirs["solutions"] / stem / f"{stem}.ipynb"


LESSON_SUFFIX = "_lesson"


# =========================================================================== numbers in prose

def _number_table() -> dict:
    return tomllib.loads((COURSE / "numbers.toml").read_text(encoding="utf-8"))


def newest_recording(pattern: str) -> tuple[str, dict]:
    paths = sorted(glob.glob(str(ROOT / "bench" / "results" / pattern)))
    if not paths:
        raise SourceError(f"no recording bench/results/{pattern}")
    return paths[-1], json.loads(Path(paths[-1]).read_text())


def number(name: str, table: dict | None = None):
    """The value of placeholder ``name`` (course/numbers.toml), unformatted."""
    table = _number_table() if table is None else table
    if name not in table:
        raise SourceError(f"{{{{ {name} }}}} is not defined in course/numbers.toml")
    e = table[name]
    if "rubric" in e:
        assignment, grade_id, part, key = e["rubric"].split("/", 3)     # key may go deeper: emu/max_ratio
        v = load_rubric(assignment).check(grade_id).part(part)
        for k in key.split("/"):
            v = v[k]
        return v
    if "cite" in e:
        cites = tomllib.loads((COURSE / "citations.toml").read_text(encoding="utf-8"))
        return cites[e["cite"]][e["key"]]
    if "bench" in e:
        _, d = newest_recording(e["bench"])

        def at(path):
            v = d
            for k in path.split("/"):
                v = v[k]
            return v
        names = {k: v for k, v in d.items() if isinstance(k, str) and k.isidentifier()}
        names.update(at=at, num=float, mean=lambda *xs: sum(xs) / len(xs))
        return eval(e["expr"], {"__builtins__": {}}, names)  # noqa: S307 (our own numbers.toml)
    raise SourceError(f"{name}: give bench, rubric or cite in course/numbers.toml")


def rubric_table(assignment: str, lang: str) -> str:
    """The rubric as a markdown table, in ``lang``, so the text's "full marks" is the rubric's."""
    r = load_rubric(assignment)
    if r is None:
        raise SourceError(f"{{{{ rubric_table {assignment} }}}}: no tilelab/rubric/{assignment}.toml")
    t = lambda key, **kw: msg(f"rubric.{key}", lang, **kw)  # noqa: E731
    many = len(r.checks) > 1                      # name the graded cell when there are several
    head = ([t("cell"), t("kernel")] if many else []) + [t("part"), t("points"), t("what")]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for c in r.checks:
        for p in c.parts:
            cells = ([f"`{c.grade_id}`", f"`{c.kernel}`"] if many else []) + [p["name"], f"{p['points']:g}",
                                                                               _what(p, t, c.draw)]
            rows.append("| " + " | ".join(cells) + " |")
    rows.append("| " + " | ".join([f"**{t('total')}**"] + [""] * (len(head) - 3) + [f"**{r.points:g}**", ""]) + " |")
    return "\n".join(rows)


def _what(p: dict, t, draw: dict | None = None) -> str:
    kind = p.get("kind", p["name"])
    req = p.get("requires") or []
    need = t("requires" if len(req) == 1 else "requires_many", parts=t("and").join(req)) if req else ""
    if kind == "correct":
        sizes = ", ".join("×".join(map(str, s)) if isinstance(s, list) else str(s) for s in p["sizes"]["emu"])
        draw = draw or {}
        d = draw.get("emu")
        if d and isinstance(d[0], list):          # a range per dimension, multiples of the tile (lesson 06)
            drawn = t("drawn_tiles", count=draw.get("count", 2), ranges=" × ".join(f"{a}..{b}" for a, b in d))
        else:
            drawn = t("drawn", count=draw.get("count", 2), lo=d[0], hi=d[1]) if d else ""
        drawn += t("drawn_large") if "large" in draw else ""
        return t("correct", sizes=sizes, seeds=len(p.get("seeds", [0]))) + drawn + t("luck")
    if kind == "speedup":
        e = p.get("emu", {})
        timed = "timed" in (draw or {})
        N = "×".join(map(str, p["N"])) if isinstance(p["N"], list) else p["N"]
        emu_N = "×".join(map(str, e.get("N"))) if isinstance(e.get("N"), list) else e.get("N")
        if e.get("pipeline"):
            return t("speedup_pipeline", min_speedup=f"{p['min_speedup']:g}", reference=p["reference"], N=N) + need
        key = "speedup_drawn" if timed else "speedup"
        return (t(key, min_speedup=f"{p['min_speedup']:g}", reference=p["reference"], N=N,
                  metric=e.get("metric"), emu_N=emu_N, emu_max_ratio=f"{e.get('max_ratio', 0):g}",
                  emu_reference=e.get("reference", p["reference"]))
                + _techniques(e.get("techniques", []), e.get("reference", p["reference"]), t) + need)
    fields = {k: (f"{v:g}" if isinstance(v, float) else "×".join(map(str, v)) if isinstance(v, list) else v)
              for k, v in p.items()}
    fields.setdefault("max_ratio", "1")
    if kind == "pipeline" and p.get("copies") == "tma_requests":
        kind = "pipeline_tma"                     # the TMA feeds wgmma (lesson 07)
    if kind == "metric_ratio" and p.get("min_ratio") is not None and p.get("min_ratio") == p.get("max_ratio"):
        kind = "metric_equal"                     # as many as the reference (lesson 06: ldmatrix requests)
    return t(kind, **fields) + _techniques(p.get("techniques", []), p.get("reference", ""), t) + need


def _techniques(techniques, reference, t) -> str:
    """What the part checks is there (tilelab/technique.py), after its ratio."""
    return "".join("; " + t(f"technique_{x['name']}", tolerance=f"{x.get('tolerance', 1):g}",
                            reference=x.get("reference", reference)) for x in techniques)


def fill(text: str, lang: str, table: dict) -> str:
    """Replace every ``{{ name }}`` of a markdown cell (course/README.md, "Numbers in prose")."""
    def one(m):
        name, arg = m.groups()
        if name == "rubric_table":
            return rubric_table(arg, lang)
        value = number(name, table)
        return table[name].get("fmt", "{}").format(value)
    return PLACEHOLDER.sub(one, text)


# =========================================================================== one notebook

def nbgrader_meta(role: str, grade_id: str, points) -> dict:
    md = {"grade": role == "grade", "grade_id": grade_id, "locked": role != "solution", "schema_version": 3,
          "solution": role == "solution", "task": False}
    if role == "grade":
        md["points"] = points
    return md


def build_notebook(src: Path, lang: str, kind: str, table: dict):
    """The notebook of one text source, without outputs."""
    nb = jupytext.read(src, fmt="md:myst")
    assignment = src.stem
    rubric = load_rubric(assignment) if kind == "exercises" else None
    cells = []
    for i, c in enumerate(nb.cells):
        where = f"{src.relative_to(ROOT) if src.is_relative_to(ROOT) else src}, cell {i + 1}"
        roles = [r for r in ROLES if r in c.metadata]
        if kind == "lessons" and roles:
            raise SourceError(f"{where}: a lesson cell takes no nbgrader option ({roles[0]})")
        if kind == "exercises" and len(roles) != 1:
            raise SourceError(f"{where}: an exercise cell needs exactly one of locked/solution/grade")
        try:
            if c.cell_type == "code":
                mode = "nbgrader" if kind == "exercises" else "plain"
                c.source = KERNEL_LINE.sub(lambda m: kernel_text(m.group(1), mode=mode), c.source)
            else:
                c.source = KERNEL_FENCE.sub(lambda m: f"```cuda\n{kernel_text(m.group(1))}\n```", c.source)
                c.source = fill(c.source, lang, table)
        except (KeyError, ValueError, FileNotFoundError) as e:
            raise SourceError(f"{where}: {e}") from None
        if roles:
            role, gid = roles[0], c.metadata.pop(roles[0])
            points = None
            if role == "grade":
                try:
                    points = rubric.check(gid).points
                except (AttributeError, KeyError):
                    raise SourceError(f"{where}: grade cell {gid!r} is not in tilelab/rubric/{assignment}.toml")
            c.metadata["nbgrader"] = nbgrader_meta(role, gid, points)
            c.id = gid
        else:
            c.id = f"l{assignment[:2]}-{i:02d}"
        cells.append(c)
    out = nbformat.v4.new_notebook(cells=cells)
    out.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                    "language_info": {"name": "python"}}
    return out


def execute(nb, path: Path, lang: str, timeout: int):
    """Run a notebook on the emulator, so its committed outputs are what nbval compares."""
    from nbclient import NotebookClient
    os.environ.update(TILELAB_BACKEND="emu", TILELAB_LANG=lang)    # committed outputs come from the emulator
    os.environ.setdefault("TILELAB_PROGRESS", "0")                 # no progress-bar widgets in outputs
    os.environ.setdefault("TILELAB_SELF_CHECK_KEY", "tilelab course build")   # same drawn sizes every build
    NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=False, record_timing=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nb = CoalesceStreamsPreprocessor().preprocess(nb, {})[0]      # stdout chunks as one: no-op rebuilds
    for cell in nb.cells:                # a widget's model id is random, and no state is stored for it
        for k, out in enumerate(cell.get("outputs", [])):
            view = out.get("data", {}).get("application/vnd.jupyter.widget-view+json")
            if view:
                view["model_id"] = hashlib.sha1(f"{path.name}:{cell.id}:{k}".encode()).hexdigest()[:32]
    return nb


def link_lesson_helpers(lesson_dir: Path) -> None:
    """lessons/<lang>/ imports the lessons' helpers (lessonkit, bankkit, ...) as lessons/ does: links."""
    for helper in sorted(p.name for p in (ROOT / "lessons").glob("*.py")):
        link = lesson_dir / helper
        if not link.is_symlink():
            link.symlink_to(Path("..") / helper)


# =========================================================================== the course

class ProseOnlyRefused(SourceError):
    """--prose-only on a notebook whose code cells changed: it must be executed."""


def with_old_outputs(nb, path: Path):
    """``nb`` (built, not executed) with the code cells and outputs of the executed notebook at
    ``path``, when only markdown changed: a prose edit re-runs nothing. Raises ProseOnlyRefused
    when a code cell's source, options or the cell list differ."""
    if not path.is_file():
        raise ProseOnlyRefused(f"{path.relative_to(ROOT)} does not exist yet: build it without --prose-only")
    old = nbformat.read(path, as_version=4)
    if [(c.id, c.cell_type) for c in old.cells] != [(c.id, c.cell_type) for c in nb.cells]:
        raise ProseOnlyRefused(f"{path.relative_to(ROOT)}: cells were added, removed or moved: build it")
    for new, was in zip(nb.cells, old.cells):
        if new.cell_type != "code":
            continue
        if new.source != was.source or dict(new.metadata) != dict(was.metadata):
            raise ProseOnlyRefused(f"{path.relative_to(ROOT)}, cell {new.id}: its code changed: build it")
        new.outputs, new.execution_count = was.outputs, was.execution_count
    nb.metadata = old.metadata
    return nb


def build(only=(), langs=None, execute_cells=True, release_too=True, timeout=1800,
          prose_only=False) -> list[Path]:
    table = _number_table()
    written = []
    for lang in langs or languages():
        released = []
        for kind in ("lessons", "exercises"):
            for src in sources(lang, kind):
                if only and not src.stem.startswith(tuple(only)):
                    continue
                t0 = time.monotonic()
                nb = build_notebook(src, lang, kind, table)
                path = built_path(lang, kind, src.stem)
                if kind == "lessons":
                    if lang != SOURCE:
                        path.parent.mkdir(parents=True, exist_ok=True)
                        link_lesson_helpers(path.parent)
                else:
                    released.append(src.stem)
                path.parent.mkdir(parents=True, exist_ok=True)
                if prose_only:
                    nb = with_old_outputs(nb, path)
                elif execute_cells:
                    execute(nb, path, lang, timeout)
                nbformat.write(nb, path)
                written.append(path)
                took = "" if not execute_cells or prose_only else f" (ran in {time.monotonic() - t0:.0f} s)"
                print(f"wrote {path.relative_to(ROOT)}{took}", flush=True)
        if release_too and released:
            from grading import release
            release.language_release(lang, released)
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("only", nargs="*", help="source name prefixes (00, 03_banks, ...)")
    ap.add_argument("--lang", action="append", help="a language of course/ (default: all)")
    ap.add_argument("--no-execute", action="store_true", help="write without running (no outputs)")
    ap.add_argument("--no-release", action="store_true", help="leave exercises/ as it is")
    ap.add_argument("--prose-only", action="store_true",
                    help="markdown edits only: keep each notebook's executed code cells (refused if code changed)")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds per cell")
    args = ap.parse_args(argv)
    try:
        build(args.only, args.lang, not args.no_execute, not args.no_release, args.timeout, args.prose_only)
    except SourceError as e:
        print(f"build_course: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
