#!/usr/bin/env python3
"""`make lab`: copy the exercises into work/, then start JupyterLab on the learner's view.

JupyterLab serves one folder. Serving lessons/ (a lesson file as the start page used to make
that the root) strands the learner: work/, where the lessons send them, cannot be opened.
Serving the repository shows solutions/ and grading/. So the server's root is a view folder
(.lab/, git-ignored) holding links to the folders a learner uses -- work/, lessons/, kernels/
and the README -- and nothing else: solutions/ is not under the root, and the server refuses
any path outside it.

As root (a container) Jupyter refuses to start unless told --allow-root; we pass it and say so.

``--lang zh`` (``make lab COURSE_LANG=zh``) gives the Chinese course in the same view: ``lessons``
links to lessons/zh/, ``work`` to work/zh/ (filled from exercises_zh/), so every path a lesson names
is the same in both languages; the kernels get TILELAB_LANG=zh (what code prints), and JupyterLab's
own interface switches to Chinese (its zh_CN language pack, a course dependency).

Each language's lab keeps its own JupyterLab settings and workspaces (JUPYTERLAB_SETTINGS_DIR and
JUPYTERLAB_WORKSPACES_DIR under .lab/.jupyterlab/<lang>/, hidden from the file browser): the zh lab's
interface language is set there, never in the user's own ~/.jupyter, so the English course still
opens in English. A language's folder starts as a copy of the user's settings (theme, keys kept).

    python scripts/lab.py [--lang en|zh] [--work DIR] [--view DIR] [--dry-run] [JupyterLab options ...]
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from copy_exercises import copy_new, explain, out_of_date  # noqa: E402

#: What the learner sees at the top of JupyterLab's file browser (name in the view -> repo path).
SHOWN = ("work", "lessons", "kernels", "README.md")
START = "lessons/00_start_here_lesson.ipynb"


def make_view(view: Path, work: Path, lang: str = "en") -> Path:
    """(Re)build the view folder: one link per shown item; a real file a learner saved there stays."""
    view.mkdir(parents=True, exist_ok=True)
    targets = {name: (work if name == "work" else ROOT / name) for name in SHOWN}
    if lang != "en":
        targets["lessons"] = ROOT / "lessons" / lang
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


#: JupyterLab's interface language per course language (its language packs' locale names).
LAB_LOCALE = {"en": "en", "zh": "zh_CN"}
TRANSLATION = Path("@jupyterlab") / "translation-extension" / "plugin.jupyterlab-settings"


def user_settings_dir() -> Path:
    """The settings JupyterLab uses when nothing overrides them (the user's own)."""
    return Path(os.environ.get("JUPYTERLAB_SETTINGS_DIR") or Path.home() / ".jupyter" / "lab" / "user-settings")


def lab_dirs(view: Path, lang: str, user: Path | None = None) -> dict[str, str]:
    """This language's own JupyterLab settings and workspaces folders, under the view's hidden
    .jupyterlab/<lang>/ (returned as the environment variables that point JupyterLab at them).
    The settings folder starts as a copy of the user's own (their theme and shortcuts), made once."""
    import shutil
    base = view / ".jupyterlab" / lang
    settings, workspaces = base / "user-settings", base / "workspaces"
    if not settings.exists():
        user = user or user_settings_dir()
        if user.is_dir() and user.resolve() != settings.resolve():
            shutil.copytree(user, settings, symlinks=False,
                            ignore=lambda d, names: [n for n in names if n.endswith(".jupyterlab-workspace")])
        settings.mkdir(parents=True, exist_ok=True)
    workspaces.mkdir(parents=True, exist_ok=True)
    return {"JUPYTERLAB_SETTINGS_DIR": str(settings), "JUPYTERLAB_WORKSPACES_DIR": str(workspaces)}


def set_lab_locale(locale: str, settings_dir: Path) -> Path:
    """Set JupyterLab's interface language in ``settings_dir`` (its other settings kept)."""
    import json
    f = settings_dir / TRANSLATION
    data = {}
    if f.exists():
        try:
            data = json.loads(f.read_text())
        except ValueError:
            data = {}
    data["locale"] = locale
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(json.dumps(data, indent=2) + "\n")
    return f


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], add_help=True)
    ap.add_argument("--work", default=os.environ.get("WORK", "work"), help="the learner's folder (default work)")
    ap.add_argument("--view", default=".lab", help="the folder JupyterLab serves (default .lab)")
    ap.add_argument("--dry-run", action="store_true", help="set up and print the command, start nothing")
    ap.add_argument("--lang", default=os.environ.get("COURSE_LANG") or "en", help="course language: en or zh")
    opts, extra = ap.parse_known_args(argv)
    lang = opts.lang
    work = Path(opts.work) if Path(opts.work).is_absolute() else ROOT / opts.work
    view = Path(opts.view) if Path(opts.view).is_absolute() else ROOT / opts.view
    release = ROOT / ("exercises" if lang == "en" else f"exercises_{lang}")
    if lang != "en":
        if not release.is_dir() or not (ROOT / "lessons" / lang).is_dir():
            print(f"no course in language {lang!r}: {release.name}/ and lessons/{lang}/ are built by `make lessons`")
            return 2
        work = work / lang
    copied, kept = copy_new(release, work)
    print(f"{work.relative_to(ROOT) if work.is_relative_to(ROOT) else work}/: {len(copied)} new file(s) copied "
          f"from {release.name}/, {len(kept)} of yours kept as they are")
    for line in explain(out_of_date(release, work, copied, kept), ROOT):
        print(line)
    make_view(view, work, lang)
    os.environ["TILELAB_LANG"] = lang
    dirs = lab_dirs(view, lang)
    os.environ.update(dirs)
    set_lab_locale(LAB_LOCALE.get(lang, lang), Path(dirs["JUPYTERLAB_SETTINGS_DIR"]))
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
