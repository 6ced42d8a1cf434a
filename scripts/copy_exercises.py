#!/usr/bin/env python3
"""Copy the released exercises into the learner's work/ folder, never overwriting a file.

`make lab` runs this every time; a learner's edited notebook in work/ always wins over
the release (DESIGN §1, learner safety). New files (a new lesson's exercise) are added.

A kept copy whose release has changed since it was copied (a `git pull` brought a new version)
is still never overwritten, but `make lab` says so and how to see what changed: ``dst`` holds a
small record, ``.tilelab-release.json``, of each file's released content (its SHA-256) and the
git commit it was copied at.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
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


RECORD = ".tilelab-release.json"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _commit(repo: Path) -> str | None:
    try:
        out = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "-q", "HEAD"],
                             capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


def out_of_date(src: Path, dst: Path, copied: list[Path], kept: list[Path],
                commit: str | None = None) -> list[tuple[Path, Path, str | None]]:
    """The kept copies whose release changed since they were copied: ``(copy, release, commit copied
    at or None)``. Updates ``dst/.tilelab-release.json``: a file just copied is recorded with the
    release as it is now; a kept file the record does not know (copied before records were kept)
    is taken as copied from the release as it is now; a changed release stays recorded as it was
    when copied, so the notice repeats until the learner takes the new version (moves theirs away)."""
    record_path = dst / RECORD
    try:
        record = json.loads(record_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        record = {}
    commit = commit if commit is not None else _commit(src)
    stale = []
    for target in [*copied, *kept]:
        rel = target.relative_to(dst).as_posix()
        release = src / rel
        now = _sha(release)
        was = record.get(rel)
        if target in copied or was is None:
            record[rel] = {"sha256": now, "commit": commit}
        elif was.get("sha256") != now:
            stale.append((target, release, was.get("commit")))
    if record and dst.is_dir():
        record_path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return stale


def explain(stale: list[tuple[Path, Path, str | None]], root: Path | None = None) -> list[str]:
    """What `make lab` prints about copies whose release changed: which, and how to see what changed."""
    def show(p: Path) -> str:
        return str(p.relative_to(root)) if root is not None and p.is_relative_to(root) else str(p)
    lines = []
    for copy, release, commit in stale:
        lines.append(f"{show(copy)}: the release changed since you copied it (kept as it is, never overwritten)")
        if commit and root is not None and _commit(root):
            # the exercise's text source (course/<lang>/exercises/NN_topic.md) reads better than JSON
            top = release.relative_to(root).parts[0] if release.is_relative_to(root) else ""
            lang = top.partition("_")[2] or "en"
            text = root / "course" / lang / "exercises" / f"{release.stem}.md"
            what = " ".join(show(p) for p in ([text] if text.is_file() else []) + [release])
            lines.append(f"    what changed:  git diff {commit[:12]} HEAD -- {what}")
        lines.append(f"    the new version: {show(release)} (open it beside yours; to start from it, move"
                     f" yours away and run make lab again)")
    return lines


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
    for line in explain(out_of_date(src, dst, copied, kept)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
