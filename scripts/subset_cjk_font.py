"""Make tilelab/fonts/TilelabSansSC-Regular.otf: the Simplified Chinese face of Noto Sans CJK
(SIL Open Font License 1.1, tilelab/fonts/OFL.txt) cut down to what Chinese figure labels need,
so the course draws Chinese on a machine with no CJK font installed (tilelab/fonts/__init__.py).

    python scripts/subset_cjk_font.py PATH/NotoSansCJK-Regular.ttc   # Debian: fonts-noto-cjk

Kept: every character of GB 2312 (its 6,763 hanzi and its symbols: the characters of everyday
Simplified Chinese), CJK and full-width punctuation, Latin-1, and every character the Chinese
course uses (tilelab/messages/zh.toml, course/zh/, lessons/*.py), which tests/test_fonts.py checks
again. The family is renamed "Tilelab Sans SC" (a modified font takes neither its Reserved Font
Name nor the trademark "Noto"), so it never shadows a full Noto Sans CJK SC the system has.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tilelab" / "fonts" / "TilelabSansSC-Regular.otf"
FAMILY = "Tilelab Sans SC"
SOURCE_FACE = "Noto Sans CJK SC"


def gb2312() -> set[str]:
    chars = set()
    for hi in range(0xA1, 0xF8):
        for lo in range(0xA1, 0xFF):
            try:
                chars.add(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return chars


def course_chars() -> set[str]:
    files = [ROOT / "tilelab" / "messages" / "zh.toml", *sorted((ROOT / "course" / "zh").rglob("*.md")),
             *sorted((ROOT / "lessons").glob("*.py"))]
    return {c for f in files for c in f.read_text(encoding="utf-8")}


def wanted() -> set[str]:
    ranges = [(0x20, 0x7F), (0xA0, 0x100), (0x2000, 0x2070), (0x2190, 0x21FF), (0x2200, 0x2300),
              (0x2460, 0x24FF), (0x2500, 0x2600), (0x3000, 0x3040), (0xFF00, 0xFFF0)]
    chars = {chr(c) for a, b in ranges for c in range(a, b)}
    return chars | gb2312() | course_chars()


def open_face(path: Path) -> TTFont:
    if path.suffix.lower() == ".ttc":
        for font in TTCollection(str(path)).fonts:
            if font["name"].getDebugName(1) == SOURCE_FACE:
                return font
        sys.exit(f"{path}: no face named {SOURCE_FACE!r}")
    return TTFont(str(path))


def rename(font: TTFont) -> None:
    full = f"{FAMILY} Regular"
    ps = FAMILY.replace(" ", "") + "-Regular"
    for rec in font["name"].names:
        if rec.nameID in (1, 16):
            rec.string = FAMILY
        elif rec.nameID == 4:
            rec.string = full
        elif rec.nameID == 6:
            rec.string = ps
        elif rec.nameID == 3:
            rec.string = f"{ps};subset of {SOURCE_FACE} for tilelab"
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [ps]
        top = cff.topDictIndex[0]
        for key in ("FullName", "FamilyName"):
            if hasattr(top, key):
                setattr(top, key, full if key == "FullName" else FAMILY)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="NotoSansCJK-Regular.ttc or NotoSansCJKsc-Regular.otf")
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args()
    font = open_face(a.source)
    opts = subset.Options()
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.hinting = False
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=[ord(c) for c in wanted()])
    sub.subset(font)
    rename(font)
    font.save(str(a.out))
    have = len(font.getBestCmap())
    print(f"{a.out.relative_to(ROOT)}: {have} characters, {a.out.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
