#!/usr/bin/env python3
"""Keep a translation's code in step with English: course/en -> course/<lang>, cell for cell.

    python scripts/sync_translation.py zh            # every file
    python scripts/sync_translation.py zh 03 04      # files whose name starts 03 or 04

A translator writes only markdown. This copies, from each English file, every code cell and every
cell's options (locked/solution/grade, tags, jupyter) into the same position of the translation;
translated markdown stays. A file the translation lacks is copied whole (to translate). When the
two have different numbers of cells, nothing is written for that file and the script says so: the
cells were added or removed in English, so add or remove them by hand at the same places.
"""
from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

import jupytext

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = ("locked", "solution", "grade", "tags", "jupyter")


def sync(lang: str, only=(), root: Path = ROOT) -> int:
    problems = 0
    for src in sorted((root / "course" / "en").glob("*/*.md")):
        if only and not src.stem.startswith(tuple(only)):
            continue
        dst = root / "course" / lang / src.relative_to(root / "course" / "en")
        en = jupytext.read(src, fmt="md:myst")
        if not dst.exists():
            dst.parent.mkdir(parents=True, exist_ok=True)
            jupytext.write(en, dst, fmt="md:myst")
            print(f"new  {dst.relative_to(root)} (English text to translate)")
            continue
        tr = jupytext.read(dst, fmt="md:myst")
        if len(tr.cells) != len(en.cells) or any(a.cell_type != b.cell_type for a, b in zip(en.cells, tr.cells)):
            print(f"SKIP {dst.relative_to(root)}: {len(tr.cells)} cells against English {len(en.cells)} "
                  "(or other cell types): add or remove the cells that English changed", file=sys.stderr)
            problems += 1
            continue
        for a, b in zip(en.cells, tr.cells):
            if a.cell_type == "code":
                b.source = a.source
            for key in OPTIONS:
                b.metadata.pop(key, None)
                if key in a.metadata:
                    b.metadata[key] = copy.deepcopy(a.metadata[key])
        jupytext.write(tr, dst, fmt="md:myst")
        print(f"sync {dst.relative_to(root)}")
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("lang", help="the translation's folder in course/ (zh, ...)")
    ap.add_argument("only", nargs="*", help="file name prefixes")
    args = ap.parse_args(argv)
    if args.lang == "en":
        ap.error("English is the source; name the translation")
    return 1 if sync(args.lang, args.only) else 0


if __name__ == "__main__":
    sys.exit(main())
