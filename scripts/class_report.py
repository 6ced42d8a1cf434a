#!/usr/bin/env python3
"""The class report after `make grade`: pass rate per rubric part, the most common findings,
and groups of submissions whose normalised PTX is identical or nearly so.

    .venv/bin/python scripts/class_report.py [--course-dir grading] [--out grading/class-report.md]

It reads what autograde wrote (grading/autograded/<student>/<assignment>/*.ipynb): the judge's
verdict in each grade cell, and the graded kernel's source. Submissions in every language of
the course count together (same grade ids and part names); the heading says how many were in
each language. Similar PTX is something for the
instructor to look at, never a penalty by itself: the exercises are small, and two right
answers often compile to the same code. Each kernel is compiled in a sandbox (it is learner
code for NVRTC too: a compile bomb grew to 6 GB).
"""
from __future__ import annotations

import argparse
import collections
import difflib
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

import nbformat  # noqa: E402

from grading import sandbox as sb  # noqa: E402
from grading.language import graded_language  # noqa: E402
from grading.preprocessors import find_kernel_source, use_sandbox  # noqa: E402
from grading.rubrics import all_rubrics  # noqa: E402

PART_LINE = re.compile(r"^([✓✗·]) (\S+) \(([\d.]+)/([\d.]+)\): (.*)$")
NEAR = 0.97

_COMPILE = ("import json, sys; sys.path.insert(0, sys.argv[1]); from tilelab.toolchain import compile_cuda; "
            "s = json.load(open(sys.argv[2])); "
            "print(json.dumps({'ptx': compile_cuda(s['source'], filename=s['filename']).ptx}))")


def verdict_lines(cell) -> list[str]:
    out = []
    for o in cell.get("outputs", []):
        text = o.get("text") or "\n".join(o.get("traceback", []))
        out += re.sub(r"\x1b\[[0-9;]*m", "", text).splitlines()
    return out


def _numbers(text: str) -> str:
    """A finding with its numbers as N, so the same mistake counts once across sizes and seeds."""
    return re.sub(r"[0-9]+(\.[0-9]+)?", "N", text)


def normalise_ptx(ptx: str) -> list[str]:
    """PTX without what does not depend on the learner's code: comments, debug lines, register numbers."""
    lines = []
    for line in ptx.splitlines():
        line = line.split("//")[0].strip()
        if not line or line.startswith((".file", ".loc", ".version", ".target", ".address_size", "$L__")):
            continue
        lines.append(re.sub(r"%(r|rd|f|fd|p|h|hh)\d+", r"%\1", line))
    return lines


def compile_ptx(source: str, kernel: str) -> str | None:
    """PTX of one learner kernel, compiled in a sandbox (or unsandboxed under UNSAFE=1)."""
    with tempfile.TemporaryDirectory(prefix="tilelab-report-") as tmp:
        path = os.path.join(tmp, "src.json")
        with open(path, "w") as f:
            json.dump({"source": source, "filename": f"{kernel}.cu"}, f)
        os.chmod(path, 0o644)
        if use_sandbox():
            with sb.uid_slot() as uid:
                box = sb.Sandbox(uid=uid, tilelab_on_path=False, ro=[(path, "/report/src.json")],
                                 limits=sb.Limits(memory=4 << 30, cpu_seconds=120))
                cmd = box.command([sb.python_executable(), "-I", "-c", _COMPILE, sb.TILELAB_MOUNT, "/report/src.json"])
        else:
            cmd = [sys.executable, "-I", "-c", _COMPILE, str(ROOT), path]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=180, env=sb.host_env())
            return json.loads(r.stdout.strip().splitlines()[-1])["ptx"] if r.returncode == 0 else None
        except (subprocess.TimeoutExpired, ValueError, IndexError, KeyError):
            return None


def report(course: Path, compile_kernels: bool = True) -> str:
    auto = course / "autograded"
    rubrics = all_rubrics()
    md = ["# Class report", ""]
    for a, rubric in rubrics.items():
        subs = sorted(p for p in auto.glob(f"*/{a}") if p.is_dir())
        if not subs:
            continue
        langs = collections.Counter(graded_language(p) or "?" for p in subs)
        md += [f"## {a} ({len(subs)} submissions: "
               + ", ".join(f"{n} {lang}" for lang, n in sorted(langs.items())) + ")", ""]
        for check in rubric.checks:
            passed, seen, findings, ptx = collections.Counter(), 0, collections.Counter(), {}
            for folder in subs:
                path = folder / f"{check.notebook}.ipynb"
                if not path.exists():
                    continue
                nb = nbformat.read(path, as_version=4)
                idx = next((i for i, c in enumerate(nb.cells)
                            if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == check.grade_id), None)
                if idx is None:
                    continue
                seen += 1
                for line in verdict_lines(nb.cells[idx]):
                    m = PART_LINE.match(line.strip())
                    if m and m.group(1) == "✓":
                        passed[m.group(2)] += 1
                    elif m and m.group(1) == "✗":
                        findings[f"{m.group(2)}: {_numbers(m.group(5))[:120]}"] += 1
                    elif line.strip().startswith("✗"):
                        findings[_numbers(line.strip()[2:])[:120]] += 1
                if compile_kernels:
                    src = find_kernel_source(nb.cells, check.kernel, idx)
                    if src and "YOUR CODE HERE" not in src:
                        code = compile_ptx(src, check.kernel)
                        if code:
                            ptx[folder.parent.name] = normalise_ptx(code)
            md += [f"### {check.grade_id} ({check.points:g} points)", "", "| part | points | passed |", "|---|---|---|"]
            for part in check.parts:
                n = passed[part["name"]]
                md.append(f"| {part['name']} | {part['points']:g} | {n} of {seen} ({100 * n / max(seen, 1):.0f}%) |")
            md += ["", "Most common findings:", ""]
            md += [f"- {n}× {text}" for text, n in findings.most_common(5)] or ["- none"]
            md += ["", *similar_groups(ptx), ""]
    return "\n".join(md) + "\n"


def similar_groups(ptx: dict) -> list[str]:
    """Identical normalised PTX (hash groups), then near-identical pairs across groups."""
    if len(ptx) < 2:
        return ["Similar PTX: fewer than two compiled kernels."]
    groups = collections.defaultdict(list)
    for student, lines in sorted(ptx.items()):
        groups[hashlib.sha256("\n".join(lines).encode()).hexdigest()].append(student)
    out = ["Identical normalised PTX (to look at, not a finding by itself):", ""]
    same = [g for g in groups.values() if len(g) > 1]
    out += [f"- {len(g)} submissions: {', '.join(g)}" for g in sorted(same, key=len, reverse=True)] or ["- none"]
    reps = [(g[0], ptx[g[0]]) for g in groups.values()]
    near = []
    for i in range(len(reps)):
        for j in range(i + 1, len(reps)):
            sm = difflib.SequenceMatcher(None, reps[i][1], reps[j][1], autojunk=False)
            if sm.real_quick_ratio() >= NEAR and sm.quick_ratio() >= NEAR and sm.ratio() >= NEAR:
                near.append((sm.ratio(), reps[i][0], reps[j][0]))
    out += ["", f"Nearly identical (similarity ≥ {NEAR:g}, between groups):", ""]
    out += [f"- {a} and {b}: {r:.3f}" for r, a, b in sorted(near, reverse=True)[:20]] or ["- none"]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--course-dir", default=str(ROOT / "grading"))
    ap.add_argument("--out", help="write the markdown here too (default: COURSE/class-report.md)")
    ap.add_argument("--no-ptx", action="store_true", help="skip compiling kernels (no similarity groups)")
    args = ap.parse_args(argv)
    course = Path(args.course_dir)
    text = report(course, compile_kernels=not args.no_ptx)
    Path(args.out or course / "class-report.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
