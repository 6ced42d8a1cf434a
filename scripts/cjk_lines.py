#!/usr/bin/env python3
"""Line breaks inside Chinese sentences: Markdown renders a line break in a paragraph as a space,
so a sentence wrapped between two Chinese characters shows a stray space (把共享内存 拆开来看), in
JupyterLab and on the site. This finds them in the Chinese text sources and joins the lines.

    python scripts/cjk_lines.py                # list the breaks left in course/zh and site/zh
    python scripts/cjk_lines.py --fix          # join them (then rebuild the notebooks: course/README.md)

A break is joined where the line before ends and the line after begins with a CJK character or
CJK punctuation, in prose only: code cells and fences, tables, headings, list items' first lines,
the jupytext header and hard breaks (two trailing spaces) are left as they are. A break next to
Latin text stays (it renders as the space that belongs between Chinese and Latin words).
tests/test_course_text.py checks that none is left.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: CJK ideographs, CJK and full-width punctuation, Chinese quotes, ellipsis and dash
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef\u2018\u2019\u201c\u201d\u2026\u2014]")
STARTS_BLOCK = re.compile(r"^\s*(```|~~~|#|\||\+\+\+|[-*+] |\d+[.)] |>|<|:::|\$\$|---)")


def _sources(root: Path = ROOT) -> list[Path]:
    return sorted((root / "course" / "zh").rglob("*.md")) + sorted((root / "site" / "zh").rglob("*.md"))


def breaks(text: str) -> list[int]:
    """Indices i of lines whose break into line i + 1 falls inside a Chinese sentence."""
    lines = text.split("\n")
    out, fence, header = [], None, lines[:1] == ["---"]
    for i, line in enumerate(lines[:-1]):
        s = line.strip()
        if header:
            if i > 0 and s == "---":
                header = False
            continue
        if fence is None and (s.startswith("```") or s.startswith("~~~")):
            fence = s[:3]
            continue
        if fence is not None:
            if s.startswith(fence) and s.strip("`~") == "":
                fence = None
            continue
        nxt = lines[i + 1]
        if not s or not nxt.strip() or line.endswith("  ") or s.startswith("|") or STARTS_BLOCK.match(nxt):
            continue
        if CJK.match(line.rstrip()[-1]) and CJK.match(nxt.lstrip()[0]):
            out.append(i)
    return out


def join(text: str) -> str:
    """``text`` with every break :func:`breaks` finds joined (the next line's indent dropped)."""
    lines = text.split("\n")
    for i in reversed(breaks(text)):
        lines[i] = lines[i].rstrip() + lines[i + 1].lstrip()
        del lines[i + 1]
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fix", action="store_true", help="join the lines in place")
    args = ap.parse_args(argv)
    left = 0
    for f in _sources():
        text = f.read_text(encoding="utf-8")
        found = breaks(text)
        if not found:
            continue
        if args.fix:
            f.write_text(join(text), encoding="utf-8")
            print(f"{f.relative_to(ROOT)}: joined {len(found)}")
        else:
            left += len(found)
            for i in found:
                print(f"{f.relative_to(ROOT)}:{i + 1}: {text.split(chr(10))[i][-12:]!r} | {text.split(chr(10))[i + 1][:12]!r}")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
