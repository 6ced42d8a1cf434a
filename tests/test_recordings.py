"""The recordings that something reads are in bench/results/, the rest in bench/experiments/.

A reader is any file of the repository outside those two folders: the README, docs/, the course
text and its numbers, the built notebooks, lessons/*kit.py, site/, scripts/, the rubric's
comments, the emulator's docstrings and the tests. A reader names a recording by its dated file
name (``gpu_transpose-2026-11-29.json``) or by a pattern whose newest match it takes
(``gpu_matmul-*.json``, ``latest("emu-speed")``).

* every dated recording a reader names is in bench/results/ (not only in the experiment log);
* every pattern a reader uses for a family of recordings matches a file in bench/results/;
* every file in bench/results/ is named by a reader or matched by a reader's pattern, so the
  folder holds nothing that nothing reads.
"""
from __future__ import annotations

import fnmatch
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
EXPERIMENTS = ROOT / "bench" / "experiments"
HERE = Path(__file__).resolve()

# A dated recording's file name: <family>-YYYY-MM-DD[-tag].json|log|txt|npz, found from its date
# (anchoring on the date keeps the scan linear over the notebooks' long base64 lines)
DATE = re.compile(r"-20\d\d-\d\d-\d\d")
NAME = re.compile(r"[A-Za-z0-9_][\w-]*-20\d\d-\d\d-\d\d(?:[-.][\w.-]*?)?\.(?:json\.gz|json|log\.gz|log|txt|npz)")
# A pattern over a family: gpu_matmul-*.json, gpu_mma_ladder-20??-??-??.json, grade_scale-20[0-9][0-9]-*.json
PATTERN = re.compile(r"(?<![\w.-])([A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*?-(?:\*|20\?\?|20\[0-9\]\[0-9\])[\w?*\[\]-]*\.json(?:\.gz)?)")
# site/results.py and scripts/readme_results.py take the newest dated file of a family by name
LATEST = re.compile(r"""\b_?latest\(\s*["']([\w-]+)["']\s*\)""")
# A test that writes a recording of its own into a temporary folder (``(tmp / "NAME").write_text``)
# makes a fixture: that name is not a reader's citation of bench/results/
WRITTEN = re.compile(r'"([^"/]+)"\)\s*\.write_(?:text|bytes)\(')


def _dated_names(text: str):
    for m in DATE.finditer(text):
        start = m.start()
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_-"):
            start -= 1
        end = m.end()
        while end < len(text) and (text[end].isalnum() or text[end] in "_.-"):
            end += 1
        token = NAME.match(text, start, end)
        if token and (token.end() == end or not text[token.end()].isalnum()):
            yield token.group(0)


def _family(name: str) -> str:
    return re.split(r"-(?:\*|20)", name, maxsplit=1)[0]


def _recordings(folder: Path) -> dict[str, Path]:
    """A folder's recordings by name; a gzipped one also by its plain name, which readers cite (bench/recorded.py
    finds ``x.json.gz`` for ``x.json``)."""
    got = {p.name: p for p in folder.rglob("*") if p.is_file() and p.name != "README.md"}
    return {**got, **{n[:-3]: p for n, p in got.items() if n.endswith(".json.gz") and n[:-3] not in got}}


def _readers() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split("\n")
    skip = ("bench/results/", "bench/experiments/")
    paths = []
    for rel in out:
        p = ROOT / rel
        if not rel or rel.startswith(skip) or p.resolve() == HERE or not p.is_file():
            continue
        if p.suffix in {".png", ".jpg", ".svg", ".woff", ".woff2", ".ttf", ".gz", ".db", ".whl"}:
            continue
        paths.append(p)
    return paths


@pytest.fixture(scope="module")
def cited():
    names: dict[str, set[str]] = {}
    patterns: dict[str, set[str]] = {}
    for p in _readers():
        try:
            text = p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        rel = str(p.relative_to(ROOT))
        written = set(WRITTEN.findall(text))
        for name in _dated_names(text):
            if name not in written:
                names.setdefault(name, set()).add(rel)
        for line in text.splitlines():
            if "-*" in line or "-20?" in line or "-20[" in line:
                for m in PATTERN.finditer(line):
                    patterns.setdefault(m.group(1), set()).add(rel)
            if "latest(" in line:
                for m in LATEST.finditer(line):
                    patterns.setdefault(f"{m.group(1)}-20[0-9][0-9]-*.json", set()).add(rel)
    return names, patterns


def test_readers_exist_and_name_recordings(cited):
    names, patterns = cited
    # the scan sees the readers it must: the lessons' figures and the README's tables
    assert "gpu_transpose-2026-11-29.json" in names and "README.md" in names["gpu_transpose-2026-11-29.json"]
    assert any(_family(p) == "gpu_matmul" for p in patterns)


def test_every_named_recording_is_in_results(cited):
    names, _ = cited
    results, experiments = _recordings(RESULTS), _recordings(EXPERIMENTS)
    families = {_family(n) for n in list(results) + list(experiments)}
    missing = {n: sorted(r) for n, r in names.items() if n not in results and _family(n) in families}
    assert not missing, ("recordings named by a reader but not in bench/results/ "
                         "(git mv them there from bench/experiments/, or fix the name): "
                         + "; ".join(f"{n} (in bench/experiments/: {n in experiments}) read by {r}"
                                     for n, r in missing.items()))


def test_every_reader_pattern_matches_a_result(cited):
    _, patterns = cited
    results = _recordings(RESULTS)
    families = {_family(n) for n in list(results) + list(_recordings(EXPERIMENTS))}
    empty = {p: sorted(r) for p, r in patterns.items()
             if _family(p) in families and not any(fnmatch.fnmatchcase(n, p) for n in results)}
    assert not empty, f"patterns that match no recording in bench/results/: {empty}"


def test_every_result_is_read(cited):
    names, patterns = cited
    files = {p.name for p in RESULTS.rglob("*") if p.is_file() and p.name != "README.md"}
    unread = sorted(n for n in files
                    if not ({n, n.removesuffix(".gz")} & set(names)) and
                    not any(fnmatch.fnmatchcase(x, p) for p in patterns for x in (n, n.removesuffix(".gz"))))
    assert not unread, ("files in bench/results/ that nothing reads: cite them where their figures are "
                        f"used, or git mv them to bench/experiments/ (the experiment log): {unread}")


def test_experiment_log_is_apart():
    # out of the site (site/results.py lists bench/results/ only) and out of the package
    assert (EXPERIMENTS / "README.md").is_file()
    site = (ROOT / "site" / "results.py").read_text(encoding="utf-8")
    assert "experiments" not in site
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "bench/experiments" not in pyproject and "bench/results" not in pyproject
