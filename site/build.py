"""Build the course site: `make site` (or `python site/build.py [--out build/site]`).

Each language is its own Sphinx + MyST-NB build over a staged source folder
(build/site-src/<lang>/: that language's pages from site/<lang>/, its executed notebooks,
the results pages drawn from bench/results/), and both land in one tree:

    build/site/index.html   sends the reader to en/ (or zh/ when the browser prefers Chinese)
    build/site/en/...       English
    build/site/zh/...       中文; lessons from lessons/zh/*.ipynb as they exist, the rest linked in English

Every page links to its counterpart in the other language (site/_templates/lang-switch.html).
Nothing is executed or fetched: the notebooks are shown as committed.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
sys.path.insert(0, str(SITE))
import results  # noqa: E402  (site/results.py: the pages drawn from bench/results/)
from conf import UI  # noqa: E402  (the few strings the site itself says, per language)

# language -> (Sphinx language code, the folder its lesson notebooks are globbed from)
LANGS = {"en": ("en", ROOT / "lessons"), "zh": ("zh_CN", ROOT / "lessons" / "zh")}


def _put(src: Path, dst: Path) -> None:
    """Copy only when the content changed, so Sphinx's incremental build rebuilds only what did."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if not dst.exists() or dst.read_bytes() != src.read_bytes():
        shutil.copyfile(src, dst)


def _write(dst: Path, text: str) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    if not dst.exists() or dst.read_text(encoding="utf-8") != text:
        dst.write_text(text, encoding="utf-8")


def lessons(lang: str) -> list[Path]:
    return sorted(LANGS[lang][1].glob("[0-9][0-9]_*.ipynb"))


def title(nb: Path) -> str:
    """A notebook's first Markdown heading (what Sphinx shows for it too)."""
    for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return nb.stem


def site_pages(lang: str) -> list[Path]:
    """site/<lang>/*.md; a page the course itself keeps (course/<lang>/glossary.md, the translators'
    glossary) replaces the placeholder of the same name."""
    return [ROOT / "course" / lang / p.name if (ROOT / "course" / lang / p.name).is_file() else p
            for p in sorted((SITE / lang).glob("*.md"))]


def docnames(lang: str) -> set[str]:
    pages = {p.stem for p in site_pages(lang)}
    return pages | {f"lessons/{nb.stem}" for nb in lessons(lang)}


def anchor(nb: Path) -> str:
    return "launch-" + nb.stem.replace("_", "-")


def lesson_list(lang: str, own: list[Path]) -> str:
    """The index's list of lessons: every English lesson, in this language where it exists.

    The hidden toctree gives the sidebar this language's own lessons; an untranslated lesson
    links to the English page (marked so) until its lessons/zh/ notebook exists.
    """
    names = {nb.stem for nb in own}
    lines = ["```{toctree}", ":hidden:", ":maxdepth: 1", ""] + [f"lessons/{nb.stem}" for nb in own] + ["```", ""]
    for nb in lessons("en"):
        if nb.stem in names:
            lines.append(f"- [{title(LANGS[lang][1] / nb.name)}](lessons/{nb.name})")
        else:
            lines.append(f'- <a href="../en/lessons/{nb.stem}.html" hreflang="en">{title(nb)}</a> '
                         f"{UI[lang]['english_only']}")
    for nb in own:  # a lesson that exists only in this language
        if not (LANGS["en"][1] / nb.name).exists():
            lines.append(f"- [{title(nb)}](lessons/{nb.name})")
    return "\n".join(lines) + "\n"


LAB = "http://localhost:8888/lab/tree/"  # where `make lab` serves JupyterLab by default


def launch_list(lang: str) -> str:
    """One entry per lesson on the launch page: its link into the JupyterLab that `make lab` started
    (this language's notebook where it exists, the English one until then)."""
    out = []
    for en in lessons("en"):
        nb = LANGS[lang][1] / en.name
        nb = nb if nb.exists() else en
        path = nb.relative_to(ROOT).as_posix()
        out += [f"({anchor(nb)})=", f"### {title(nb)}", "", f"[`{path}`]({LAB}{path})", ""]
    return "\n".join(out)


def mathjax() -> dict[str, Path]:
    """MathJax 3 served from the site itself (the lessons have display maths; Sphinx's default is a CDN):
    its one-file TeX component and the fonts it loads, from the django-static-mathjax wheel
    (the MathJax distribution as released; nothing of Django is used)."""
    spec = importlib.util.find_spec("mathjax")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("site: MathJax is missing: install the site extra (pip install -e '.[site]')")
    es5 = Path(next(iter(spec.submodule_search_locations))) / "static" / "mathjax" / "es5"
    files = {"mathjax/tex-chtml.js": es5 / "tex-chtml.js"}
    files.update({f"mathjax/output/chtml/fonts/woff-v2/{f.name}": f
                  for f in sorted((es5 / "output" / "chtml" / "fonts" / "woff-v2").glob("*.woff"))})
    return files


def stage(lang: str, src: Path, shared: dict[str, Path | str]) -> None:
    """Lay out one language's Sphinx source folder (with the `shared` results pages and pictures);
    stale files from an earlier build are removed."""
    wanted: set[Path] = set()

    def put(rel: str, path: Path | None = None, text: str | None = None) -> None:
        wanted.add(src / rel)
        _put(path, src / rel) if path is not None else _write(src / rel, text)

    for page in site_pages(lang):
        put(page.name, page)
    for rel, path in mathjax().items():
        put(f"_static_extra/{rel}", path)
    own = lessons(lang)
    for nb in own:
        put(f"lessons/{nb.name}", nb)
    other = "zh" if lang == "en" else "en"
    mine, theirs = docnames(lang), docnames(other)
    info = {
        "counterparts": {d: (d if d in theirs else "index") for d in sorted(mine)},
        "launch_anchor": {f"lessons/{nb.stem}": anchor(nb) for nb in own if (LANGS["en"][1] / nb.name).exists()},
    }
    put("_generated/site.json", text=json.dumps(info, indent=1, sort_keys=True) + "\n")
    put("_generated/lessons.md", text=lesson_list(lang, own))
    put("_generated/launch-lessons.md", text=launch_list(lang))
    for rel, path_or_text in shared.items():
        put(rel, **({"path": path_or_text} if isinstance(path_or_text, Path) else {"text": path_or_text}))
    for old in sorted(src.rglob("*"), reverse=True):
        if old.is_file() and old not in wanted:
            old.unlink()
        elif old.is_dir() and not any(old.iterdir()):
            old.rmdir()


REDIRECT = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>tilelab</title>
<meta http-equiv="refresh" content="0; url=en/index.html">
<script>if ((navigator.language || "").toLowerCase().startsWith("zh")) location.replace("zh/index.html");</script>
</head><body><p><a href="en/index.html">English</a> · <a href="zh/index.html" lang="zh">中文</a></p></body></html>
"""


# Build-time files no browser asks for: the theme's source maps, gettext catalogs and Jinja macros, Sphinx's stamp.
UNSERVED = ("*.map", "locales", "*webpack-macros.html", ".buildinfo*")


def build(out: Path, work: Path, quiet: bool = True) -> dict[str, float]:
    """Stage and build both languages (side by side, one Sphinx process each); return seconds taken.

    Each Sphinx build writes to its own folder under `work` (MyST-NB keeps its notebook copies
    beside the output folder, so two builds must not share a parent), then lands in `out`.
    """
    t0 = time.perf_counter()
    procs = {}
    shared = results.pages(work / "site-figures")
    for lang in LANGS:
        stage(lang, work / "site-src" / lang, shared)
    for lang, (code, _) in LANGS.items():
        cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-n", "-W", "--keep-going", "-c", str(SITE),
               "-D", f"language={code}", "-d", str(work / "site-html" / lang / "doctrees"),
               str(work / "site-src" / lang), str(work / "site-html" / lang / "html")] + (["-q"] if quiet else [])
        procs[lang] = subprocess.Popen(cmd, cwd=ROOT)
    failed = [lang for lang, p in procs.items() if p.wait() != 0]
    if failed:
        raise SystemExit(f"site: the Sphinx build of {', '.join(failed)} failed (its warnings are above)")
    for lang in LANGS:
        shutil.rmtree(out / lang, ignore_errors=True)
        shutil.copytree(work / "site-html" / lang / "html", out / lang, ignore=shutil.ignore_patterns(*UNSERVED))
    _write(out / "index.html", REDIRECT)
    return {"seconds": time.perf_counter() - t0}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "site", help="output tree (default build/site)")
    ap.add_argument("--work", type=Path, default=None,
                    help="staged sources and Sphinx's own output (default: the folder holding --out)")
    ap.add_argument("-v", "--verbose", action="store_true", help="show Sphinx's progress")
    a = ap.parse_args(argv)
    out = a.out.resolve()
    took = build(out, (a.work or out.parent).resolve(), quiet=not a.verbose)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"site: {out} ({size / 2**20:.1f} MiB) in {took['seconds']:.1f} s")


if __name__ == "__main__":
    main()
