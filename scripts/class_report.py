#!/usr/bin/env python3
"""The class report after `make grade`: per part of each assignment the share of the class that
earned it, the findings grouped by kind across languages, and the pairs of kernels that are the
same code under other names.

    .venv/bin/python scripts/class_report.py [--course-dir grading] [--threshold 0.8] [--out FILE]

It reads what autograde wrote (grading/autograded/<student>/<assignment>/*.ipynb): the judge's
verdict in each grade cell, and the graded kernel's source. Submissions in every language of
the course count together (same grade ids and part names; a finding is told by the message it
was made from, in any language: grading/report.py); the heading says how many were in each
language. The similarity of two kernels is measured on their normalised token streams
(grading/similarity.py): a pair at or above ``--threshold`` is something for the instructor to
look at, never a penalty by itself. Nothing of the learners' code is run or compiled.
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

import nbformat  # noqa: E402

from grading import regression  # noqa: E402
from grading import report as rp  # noqa: E402
from grading import similarity as sim  # noqa: E402
from grading.language import graded_language  # noqa: E402
from grading.preprocessors import find_kernel_source  # noqa: E402
from grading.rubrics import all_rubrics  # noqa: E402

PART_LINE = rp.PART_LINE


def verdict_lines(cell) -> list[str]:
    import re
    out = []
    for o in cell.get("outputs", []):
        text = o.get("text") or "\n".join(o.get("traceback", []))
        out += re.sub(r"\x1b\[[0-9;]*m", "", text).splitlines()
    return out


def _reference(folder: str, assignment: str, check) -> str | None:
    """The graded kernel as the release (starting code) or the solution has it."""
    try:
        nb = regression.read_notebook(folder, assignment, check.notebook)
        return find_kernel_source(nb.cells, check.kernel, regression.grade_cell_index(nb, check.grade_id))
    except (FileNotFoundError, KeyError):
        return None


def report(course: Path, compile_kernels: bool | None = None, *, similarity: bool = True,
           threshold: float = sim.THRESHOLD) -> str:
    """The report's markdown (``compile_kernels``: the old name of ``similarity``)."""
    if compile_kernels is not None:
        similarity = compile_kernels
    auto = course / "autograded"
    md = ["# Class report", ""]
    for a, rubric in all_rubrics().items():
        subs = sorted(p for p in auto.glob(f"*/{a}") if p.is_dir())
        if not subs:
            continue
        langs = {p.parent.name: graded_language(p) or "?" for p in subs}
        counts = collections.Counter(langs.values())
        md += [f"## {a} ({len(subs)} submissions: "
               + ", ".join(f"{n} {lang}" for lang, n in sorted(counts.items())) + ")", ""]
        for check in rubric.checks:
            passed, seen, verdicts, kernels = collections.Counter(), 0, {}, {}
            for folder in subs:
                student = folder.parent.name
                path = folder / f"{check.notebook}.ipynb"
                if not path.exists():
                    continue
                nb = nbformat.read(path, as_version=4)
                idx = next((i for i, c in enumerate(nb.cells)
                            if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == check.grade_id), None)
                if idx is None:
                    continue
                seen += 1
                lines = verdict_lines(nb.cells[idx])
                verdicts[student, langs[student]] = lines
                for line in lines:
                    m = PART_LINE.match(line.strip())
                    if m and m.group(1) == "✓":
                        passed[m.group(2)] += 1
                src = find_kernel_source(nb.cells, check.kernel, idx)
                if src and "YOUR CODE HERE" not in src:
                    kernels[student] = src
            md += [f"### {check.grade_id} ({check.points:g} points)", "",
                   "| part | points | earned by |", "|---|---|---|"]
            for part in check.parts:
                n = passed[part["name"]]
                md.append(f"| {part['name']} | {part['points']:g} | {n} of {seen} ({100 * n / max(seen, 1):.0f}%) |")
            md += ["", *rp.markdown(rp.group(verdicts)), ""]
            if similarity:
                result = sim.compare(kernels, _reference("exercises", a, check), _reference("solutions", a, check),
                                     threshold=threshold)
                md += [*sim.markdown(result), ""]
    return "\n".join(md) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--course-dir", default=str(ROOT / "grading"))
    ap.add_argument("--out", help="write the markdown here too (default: COURSE/class-report.md)")
    ap.add_argument("--threshold", type=float, default=sim.THRESHOLD,
                    help=f"similarity at or above which a pair is marked (0-1, default {sim.THRESHOLD:g})")
    ap.add_argument("--no-similarity", "--no-ptx", dest="no_similarity", action="store_true",
                    help="leave out the similarity section")
    args = ap.parse_args(argv)
    if not 0 < args.threshold <= 1:
        ap.error("--threshold is a similarity between 0 and 1")
    course = Path(args.course_dir)
    text = report(course, similarity=not args.no_similarity, threshold=args.threshold)
    Path(args.out or course / "class-report.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
