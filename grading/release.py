#!/usr/bin/env python3
"""`make release` (``python -m grading.release``): nbgrader generate_assignment for every assignment of every language:
solutions/ -> exercises/, solutions_<lang>/ -> exercises_<lang>/ (course/README.md, "Languages").

Runs from the repository root with its nbgrader_config.py. It writes only the release
folders (and the gradebooks: grading/gradebook.db, grading/gradebook_<lang>.db); a learner's
work/ is never touched. ``--lang L`` releases one language; ``--source DIR --to DIR --db URL``
release elsewhere (the sync test uses them to compare a fresh release with exercises/).
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from grading import language as lg

ROOT = Path(__file__).resolve().parent.parent


def assignments(root: Path = ROOT, source: Path | None = None) -> list[str]:
    src = Path(source) if source else root / "solutions"
    return sorted(p.name for p in src.iterdir() if p.is_dir() and any(p.glob("*.ipynb"))) if src.is_dir() else []


def nbgrader() -> list[str]:
    return [sys.executable, "-m", "nbgrader"]


def nbgrader_env() -> dict:
    """The environment with this Python's bin/ first on PATH: nbgrader runs `alembic` from PATH.
    (Where the wheels were installed with ``pip --target DIR``, their scripts are in DIR/bin.)"""
    dirs = [str(Path(sys.executable).parent)]
    spec = importlib.util.find_spec("alembic")
    if spec and spec.origin:
        bin_dir = Path(spec.origin).parent.parent / "bin"
        if (bin_dir / "alembic").exists():
            dirs.append(str(bin_dir))
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join(dirs + [env.get("PATH", "")])
    return env


def release(names, *, source=None, to=None, db=None, quiet=False) -> None:
    extra = []
    if source:       # another language's nbgrader source (course/README.md, "Languages")
        extra.append(f"--CourseDirectory.source_directory={Path(source).resolve()}")
    if to:
        extra.append(f"--CourseDirectory.release_directory={Path(to).resolve()}")
    if db:
        extra.append(f"--CourseDirectory.db_url={db}")
    if quiet:
        extra.append("--log-level=WARN")
    names = list(names)
    # one nbgrader process for the whole course when that is what is asked (its start-up is most of the time)
    batches = ["*"] if names and sorted(names) == assignments(source=source) else names
    for name in batches:
        cmd = nbgrader() + ["generate_assignment", name, "--force"] + extra
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=nbgrader_env())
        if r.returncode != 0 or "[ERROR]" in r.stderr:
            sys.stderr.write(r.stdout + r.stderr)
            raise SystemExit(f"release of {name} failed")
        if not quiet:
            print(f"released {', '.join(names) if name == '*' else name} -> {Path(to) if to else 'exercises'}/")


def language_release(lang: str, names=None, *, quiet=False) -> None:
    """Release ``lang``'s source into its own release folder and gradebook (English: the bare paths)."""
    if lang == lg.SOURCE:
        release(names or assignments(), quiet=quiet)
        return
    source = lg.source_dir(lang, ROOT)
    release(names or assignments(source=source), source=source, to=ROOT / f"exercises_{lang}",
            db=f"sqlite:///{ROOT / 'grading' / f'gradebook_{lang}.db'}", quiet=quiet)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="assignments (default: every folder of the source)")
    ap.add_argument("--lang", action="append", help="a language (default: every one with a source)")
    ap.add_argument("--source", help="nbgrader source directory (default: solutions/)")
    ap.add_argument("--to", help="release directory (default: exercises/)")
    ap.add_argument("--db", help="gradebook URL (default: grading/gradebook.db)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    if args.source or args.to or args.db:
        if args.lang:
            ap.error("--lang or --source/--to/--db, not both")
        release(args.names or assignments(source=args.source), source=args.source, to=args.to, db=args.db,
                quiet=args.quiet)
        return 0
    for lang in args.lang or lg.languages(ROOT):
        language_release(lang, args.names or None, quiet=args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
