#!/usr/bin/env python3
"""`make lab`: copy the exercises into work/, then start JupyterLab on the learner's view.

JupyterLab serves one folder. Serving lessons/ (a lesson file as the start page used to make
that the root) strands the learner: work/, where the lessons send them, cannot be opened.
Serving the repository shows solutions/ and grading/. So the server's root is a view folder
(.lab/, git-ignored) holding links to the folders a learner uses -- work/, lessons/, kernels/
and the README -- and nothing else: solutions/ is not under the root, and the server refuses
any path outside it.

As root (a container) Jupyter refuses to start unless told --allow-root; we pass it and say so.

    python scripts/lab.py [--work DIR] [--view DIR] [--dry-run] [JupyterLab options ...]
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from copy_exercises import copy_new  # noqa: E402

#: What the learner sees at the top of JupyterLab's file browser (name in the view -> repo path).
SHOWN = ("work", "lessons", "kernels", "README.md")
START = "lessons/00_start_here.ipynb"


def make_view(view: Path, work: Path) -> Path:
    """(Re)build the view folder: one link per shown item; a real file a learner saved there stays."""
    view.mkdir(parents=True, exist_ok=True)
    targets = {name: (work if name == "work" else ROOT / name) for name in SHOWN}
    for entry in view.iterdir():
        # a stale link goes; a real file (say a notebook saved at the top of the file browser)
        # is the learner's and stays where it is
        if entry.is_symlink() and entry.name not in targets:
            entry.unlink()
    for name, target in targets.items():
        link = view / name
        if not target.exists():
            continue
        if link.exists() and not link.is_symlink():
            print(f"{link} is a real file or folder, not a link to {target}: left as it is")
            continue
        want = os.path.relpath(target.resolve(), view.resolve())
        if link.is_symlink() and os.readlink(link) == want:
            continue
        if link.is_symlink():
            link.unlink()
        link.symlink_to(want, target_is_directory=target.is_dir())
    return view


def lab_command(view: Path, extra: list[str], uid: int | None = None) -> list[str]:
    """The JupyterLab command line `make lab` runs."""
    uid = os.geteuid() if uid is None and hasattr(os, "geteuid") else uid
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={view}",
           f"--LabApp.default_url=/lab/tree/{START}"]
    if uid == 0 and not any(a.startswith("--allow-root") or "allow_root" in a for a in extra):
        cmd.append("--allow-root")
    return cmd + list(extra)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], add_help=True)
    ap.add_argument("--work", default=os.environ.get("WORK", "work"), help="the learner's folder (default work)")
    ap.add_argument("--view", default=".lab", help="the folder JupyterLab serves (default .lab)")
    ap.add_argument("--dry-run", action="store_true", help="set up and print the command, start nothing")
    opts, extra = ap.parse_known_args(argv)
    work = Path(opts.work) if Path(opts.work).is_absolute() else ROOT / opts.work
    view = Path(opts.view) if Path(opts.view).is_absolute() else ROOT / opts.view
    copied, kept = copy_new(ROOT / "exercises", work)
    print(f"{opts.work}/: {len(copied)} new file(s) copied from exercises/, {len(kept)} of yours kept as they are")
    make_view(view, work)
    cmd = lab_command(view, extra)
    if "--allow-root" in cmd and "--allow-root" not in extra:
        print("running as root (a container?): starting JupyterLab with --allow-root")
    print(f"JupyterLab serves {', '.join(SHOWN)} (links in {view}); it opens {START}")
    if opts.dry_run:
        print(" ".join(cmd))
        return 0
    sys.stdout.flush()
    os.execv(cmd[0], cmd)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
