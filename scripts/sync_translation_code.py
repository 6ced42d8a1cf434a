"""Copy every code cell of the English text sources into their translations, cell by cell.

Code cells are identical in every language (course/README.md, "Languages"); when English code
changes (a grade cell, a helper call), this brings each translation's code cells back in line
without touching its prose. It refuses a file whose cells no longer line up with English's
(a cell added or removed): that needs a translator.

    python scripts/sync_translation_code.py [LANG ...]     (default: every language but en)
"""
from __future__ import annotations

import sys
from pathlib import Path

import jupytext

COURSE = Path(__file__).resolve().parents[1] / "course"


def sync(lang: str) -> list[str]:
    changed, problems = [], []
    for en_path in sorted((COURSE / "en").rglob("*.md")):
        tr_path = COURSE / lang / en_path.relative_to(COURSE / "en")
        if not tr_path.exists():
            continue
        en, tr = jupytext.read(en_path), jupytext.read(tr_path)
        kinds = lambda nb: [c.cell_type for c in nb.cells]  # noqa: E731
        if kinds(en) != kinds(tr):
            problems.append(f"{tr_path.relative_to(COURSE)}: its cells do not line up with English's")
            continue
        dirty = False
        for e, t in zip(en.cells, tr.cells):
            if e.cell_type == "code" and (e.source != t.source or e.metadata != t.metadata):
                t.source, t.metadata = e.source, e.metadata
                dirty = True
        if dirty:
            jupytext.write(tr, tr_path, fmt="md:myst")
            changed.append(str(tr_path.relative_to(COURSE)))
    if problems:
        sys.exit("\n".join(problems))
    return changed


def main(argv=None) -> int:
    langs = (argv if argv is not None else sys.argv[1:]) or \
        [p.name for p in sorted(COURSE.iterdir()) if p.is_dir() and p.name != "en"]
    for lang in langs:
        for f in sync(lang):
            print("synced code cells:", f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
