#!/usr/bin/env python3
"""Copy the released exercises into the learner's work/ folder, never overwriting a file.

`make lab` runs this every time; a learner's edited notebook in work/ always wins over
the release (DESIGN §1, learner safety). New files (a new lesson's exercise) are added.
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

SKIP = {".ipynb_checkpoints", "__pycache__"}


def copy_new(src: Path, dst: Path) -> tuple[list[Path], list[Path]]:
    """Copy files under ``src`` that are missing under ``dst``; return (copied, kept)."""
    copied, kept = [], []
    for root, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d not in SKIP)
        rel = Path(root).relative_to(src)
        for name in sorted(files):
            target = dst / rel / name
            if target.exists() or target.is_symlink():
                kept.append(target)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            # O_EXCL: even a file that appears meanwhile is never overwritten
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            with os.fdopen(fd, "wb") as out, open(Path(root) / name, "rb") as inp:
                shutil.copyfileobj(inp, out)
            copied.append(target)
    return copied, kept


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    src = Path(argv[0]) if len(argv) > 0 else Path("exercises")
    dst = Path(argv[1]) if len(argv) > 1 else Path("work")
    if not src.is_dir():
        print(f"{src}/ does not exist: nothing to copy")
        return 0
    copied, kept = copy_new(src, dst)
    print(f"{dst}/: {len(copied)} new file(s) copied from {src}/, {len(kept)} of yours kept as they are")
    for p in copied:
        print(f"  + {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
