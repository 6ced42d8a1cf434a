#!/usr/bin/env python3
"""Compare the built notebooks' outputs with a git revision's: `make lessons` changed no behaviour.

After ``make lessons`` (or ``python scripts/build_course.py NAMES``) the built notebooks --
lessons[/<lang>]/, solutions[_<lang>]/ and the nbgrader releases exercises[_<lang>]/ -- are
compared cell by cell with the same files at REV (default HEAD): the cells' sources and every
output. Only what is legitimately volatile is normalised first:

- the times a run records (cell ``execution`` metadata, ISO timestamps in output text);
- memory addresses (``0x7f3a...``, ``at 0x...>``), which a new process places elsewhere;
- ipywidgets' model ids (``application/vnd.jupyter.widget-view+json``'s ``model_id``, and the
  notebook's widget state).

Anything else that differs is reported, cell by cell, with the first lines that differ.

    python scripts/compare_outputs.py [NAMES ...] [--rev REV]     # NAMES: prefixes as make lessons takes
    make compare-outputs [NAMES="00 03"]

Exit 0 when every notebook compared is identical after normalising, 1 when one differs.
"""
from __future__ import annotations

import argparse
import difflib
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILT = ("lessons/*.ipynb", "lessons/*/*.ipynb", "solutions*/*/*.ipynb", "exercises*/*/*.ipynb")

_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,}\b")
_TIMESTAMP = re.compile(r"\b\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?")
_WIDGET = "application/vnd.jupyter.widget-view+json"


def notebooks(names=(), root: Path = ROOT) -> list[Path]:
    """The built notebooks of the working tree, those whose file name starts with one of ``names``."""
    found = sorted({p for pattern in BUILT for p in root.glob(pattern)})
    return [p for p in found if not names or p.name.startswith(tuple(names))]


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def normalise_text(text: str) -> str:
    return _TIMESTAMP.sub("<time>", _ADDRESS.sub("0x<address>", text))


def normalise_output(out: dict) -> dict:
    out = json.loads(json.dumps(out))
    if "text" in out:
        out["text"] = normalise_text(_text(out["text"]))
    if "traceback" in out:
        out["traceback"] = [normalise_text(t) for t in out["traceback"]]
    data = out.get("data", {})
    for mime, value in list(data.items()):
        if mime == _WIDGET and isinstance(value, dict):
            data[mime] = {**value, "model_id": "<widget>"}
        elif mime.startswith("image/"):
            data[mime] = _text(value)                     # compared byte for byte
        elif isinstance(value, (str, list)):
            data[mime] = normalise_text(_text(value))
    return out


def normalise_cell(cell: dict) -> dict:
    meta = {k: v for k, v in cell.get("metadata", {}).items() if k not in ("execution", "ExecuteTime")}
    out = {"type": cell["cell_type"], "source": _text(cell.get("source", "")), "metadata": meta}
    if cell["cell_type"] == "code":
        out["outputs"] = [normalise_output(o) for o in cell.get("outputs", [])]
        out["execution_count"] = cell.get("execution_count")
    return out


def _lines(cell: dict) -> list[str]:
    return json.dumps(cell, indent=1, sort_keys=True, ensure_ascii=False).splitlines()


def compare(old: dict, new: dict, show: int = 6) -> list[str]:
    """The differences between two notebooks after normalising, in words ([] when identical)."""
    problems = []
    a, b = [normalise_cell(c) for c in old["cells"]], [normalise_cell(c) for c in new["cells"]]
    if len(a) != len(b):
        problems.append(f"{len(a)} cells before, {len(b)} now")
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            diff = [ln for ln in difflib.unified_diff(_lines(x), _lines(y), lineterm="", n=0)
                    if not ln.startswith(("---", "+++", "@@"))]
            problems.append(f"cell {i} ({x['type']}): " + " | ".join(d.strip()[:160] for d in diff[:show]))
    meta = [{k: v for k, v in nb.get("metadata", {}).items() if k != "widgets"} for nb in (old, new)]
    if meta[0] != meta[1]:
        problems.append(f"notebook metadata: {meta[0]} -> {meta[1]}")
    return problems


def at_rev(path: Path, rev: str, root: Path = ROOT) -> dict | None:
    r = subprocess.run(["git", "-C", str(root), "show", f"{rev}:{path.relative_to(root).as_posix()}"],
                       capture_output=True)
    return json.loads(r.stdout) if r.returncode == 0 else None


def counts(nb: dict) -> tuple[int, int]:
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    return len(code), sum(len(c.get("outputs", [])) for c in code)


def main(argv=None, root: Path = ROOT) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="notebook name prefixes (00, 03_banks, ...); default: all")
    ap.add_argument("--rev", default="HEAD", help="the revision to compare with (default HEAD)")
    args = ap.parse_args(argv)
    differ = same = cells = outputs = 0
    for path in notebooks(args.names, root):
        rel = path.relative_to(root)
        old = at_rev(path, args.rev, root)
        if old is None:
            print(f"{rel}: not in {args.rev} (new)")
            continue
        new = json.loads(path.read_text(encoding="utf-8"))
        c, o = counts(new)
        cells, outputs = cells + c, outputs + o
        problems = compare(old, new)
        if problems:
            differ += 1
            print(f"{rel}: DIFFERS ({len(problems)})")
            for p in problems:
                print(f"  {p}")
        else:
            same += 1
            print(f"{rel}: identical ({c} code cells, {o} outputs)")
    print(f"{same} identical, {differ} differ; {cells} code cells and {outputs} outputs compared with {args.rev}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
