"""The course site (`make site`): built from the committed notebooks, then read as a reader would.

The site is built once per run into a temporary folder by site/build.py (what `make site` runs),
served on 127.0.0.1, and opened in Debian's headless Chromium (tests/browser.py). A lesson page in
each language must show every figure of its notebook (each image loaded: naturalWidth > 0) and its
maths; every internal link and anchor of the tree must resolve; no page may load anything from
another host, at build time (a second build, in a network namespace of its own, must give the same
tree byte for byte) or when read (the browser's network log). One screenshot per language is kept: set TILELAB_SITE_SHOTS=docs/img to refresh
docs/img/site-en.png and docs/img/site-zh.png.
"""
from __future__ import annotations

from conftest import read_json

import html
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

for _module in ("sphinx", "myst_nb", "sphinx_book_theme", "selenium"):
    pytest.importorskip(_module, reason="the site extra is not installed here (make test installs it; "
                                        "the GPU host carries none)")

sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LESSONS = {"en": ROOT / "lessons", "zh": ROOT / "lessons" / "zh"}
BUILD_LIMIT_S = 180  # it takes seconds: far more means the build started doing work it should not


def lesson_notebooks(lang: str) -> list[Path]:
    return sorted(LESSONS[lang].glob("[0-9][0-9]_*.ipynb"))


def outputs(nb: Path, mime: str) -> int:
    cells = read_json(nb)["cells"]
    return sum(mime in o.get("data", {}) for c in cells for o in c.get("outputs", []))


# MyST-NB shows one representation of each output, the first of these it finds (its HTML priority).
SHOWN = ("application/vnd.jupyter.widget-view+json", "application/javascript", "text/html",
         "image/svg+xml", "image/png", "image/gif", "image/jpeg", "text/markdown", "text/latex", "text/plain")


def image_outputs(nb: Path) -> int:
    """How many pictures the notebook's outputs show: image outputs, and <img> inside HTML ones."""
    n = 0
    for c in read_json(nb)["cells"]:
        for o in c.get("outputs", []):
            shown = next((m for m in SHOWN if m in o.get("data", {})), None)
            if shown and shown.startswith("image/"):
                n += 1
            elif shown == "text/html":
                n += "".join(o["data"]["text/html"]).count("<img")
    return n


WIDGET = "application/vnd.jupyter.widget-view+json"


# ---------------------------------------------------------------- the tree, read as files

class _Refs(html.parser.HTMLParser):
    """The ids a page defines, the links it follows and the resources it loads."""

    LOADS = {("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src"), ("source", "src"),
             ("video", "src"), ("audio", "src"), ("embed", "src"), ("object", "data")}

    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.loads: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        if tag == "a" and a.get("href") is not None:
            self.links.append(a["href"])
        for t, attr in self.LOADS:
            if tag == t and a.get(attr):
                (self.links if (tag, a.get("rel")) == ("link", "canonical") else self.loads).append(a[attr])


def _parse(page: Path) -> _Refs:
    p = _Refs()
    p.feed(page.read_text(encoding="utf-8"))
    return p


def _external(url: str) -> bool:
    """A URL on another host (a data: URI is part of the page itself)."""
    return urllib.parse.urlsplit(url).scheme not in ("", "data") or url.startswith("//")


def broken_links(tree: Path) -> list[str]:
    """Every internal href/src in tree's pages whose file (or #anchor in it) does not exist."""
    pages = [p for p in sorted(tree.rglob("*.html")) if "_static" not in p.relative_to(tree).parts]
    parsed = {p: _parse(p) for p in pages}
    broken = []
    for page, refs in parsed.items():
        for url in refs.links + refs.loads:
            if _external(url) or url.startswith(("data:", "mailto:", "javascript:")):
                continue
            parts = urllib.parse.urlsplit(url)
            target = (page.parent / urllib.parse.unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            where = f"{page.relative_to(tree)}: {url}"
            if tree.resolve() not in target.parents or not target.is_file():
                broken.append(f"{where} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else _parse(target).ids
                if urllib.parse.unquote(parts.fragment) not in ids:
                    broken.append(f"{where} (no id {parts.fragment!r} there)")
    return broken


def _build(out: Path, work: Path, offline: bool = False) -> tuple[subprocess.CompletedProcess, float]:
    """Run site/build.py (what `make site` runs); offline: in a network namespace of its own (bubblewrap),
    where only loopback exists, so a build that fetched anything would fail."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT)] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
    cmd = [sys.executable, str(ROOT / "site" / "build.py"), "--out", str(out), "--work", str(work)]
    if offline:
        cmd = [shutil.which("bwrap"), "--dev-bind", "/", "/", "--unshare-net", "--die-with-parent", "--"] + cmd
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - t0
    assert r.returncode == 0, f"site/build.py failed:\n{r.stdout[-4000:]}\n{r.stderr[-4000:]}"
    return r, seconds


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("site")
    r, seconds = _build(tmp / "site", tmp)
    print(f"\nsite built in {seconds:.1f} s: {r.stdout.strip()}")
    return tmp / "site", seconds


def test_build_is_quick(site):
    _, seconds = site
    assert seconds < BUILD_LIMIT_S, f"the site took {seconds:.0f} s to build (limit {BUILD_LIMIT_S} s)"


@pytest.mark.slow
def test_a_second_build_without_network_is_identical(site, tmp_path):
    """Deterministic and offline: built again elsewhere, with no network where bubblewrap is
    installed, every file of the tree is the same, byte for byte."""
    first, _ = site
    offline = shutil.which("bwrap") is not None
    _build(tmp_path / "site", tmp_path, offline=offline)
    a = {p.relative_to(first): p.read_bytes() for p in sorted(first.rglob("*")) if p.is_file()}
    b = {p.relative_to(tmp_path / "site"): p.read_bytes() for p in sorted((tmp_path / "site").rglob("*")) if p.is_file()}
    assert sorted(a) == sorted(b)
    assert [str(k) for k in a if a[k] != b[k]] == []
    if not offline:
        pytest.skip("identical, but built with the network on: bubblewrap (bwrap) is not installed")


def test_every_lesson_has_a_page_in_each_language(site):
    out, _ = site
    assert (out / "index.html").is_file()
    for lang in LESSONS:
        assert (out / lang / "index.html").is_file()
        for page in ("results", "recordings", "launch"):
            assert (out / lang / f"{page}.html").is_file(), f"{lang}/{page}.html is missing"
        for nb in lesson_notebooks(lang):
            assert (out / lang / "lessons" / f"{nb.stem}.html").is_file(), f"no page for {nb.relative_to(ROOT)}"
    assert (out / "zh" / "glossary.html").is_file()
    assert lesson_notebooks("en"), "no lessons/*.ipynb: nothing for the site to show"
    # The Chinese index reaches every lesson: its own page, or the English one until it is translated.
    zh_index = _parse(out / "zh" / "index.html").links
    for nb in lesson_notebooks("en"):
        own = (LESSONS["zh"] / nb.name).exists()
        want = f"lessons/{nb.stem}.html" if own else f"../en/lessons/{nb.stem}.html"
        assert want in zh_index, f"zh/index.html does not link {want}"


def test_the_chinese_glossary_is_the_translators_own(site):
    """course/zh/glossary.md where the translators have written it, else the placeholder in site/zh/."""
    out, _ = site
    src = ROOT / "course" / "zh" / "glossary.md"
    src = src if src.is_file() else ROOT / "site" / "zh" / "glossary.md"
    rows = [line.split("|")[1].strip().strip("`*") for line in src.read_text(encoding="utf-8").splitlines()
            if line.startswith("|") and not set(line) <= set("|-: ")][1:]
    cells = {html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
             for c in re.findall(r"<td[^>]*>(.*?)</td>", (out / "zh" / "glossary.html").read_text(encoding="utf-8"), re.S)}
    rows = [r.replace("`", "") for r in rows]            # inline code renders as <code>: its text alone
    assert rows and [r for r in rows if r not in cells] == []


def test_no_internal_link_is_broken(site):
    out, _ = site
    assert broken_links(out) == []


def test_the_link_checker_sees_a_broken_link_and_anchor(tmp_path):
    (tmp_path / "a.html").write_text('<p id="here"><a href="b.html#nowhere">b</a> <a href="#here">me</a>'
                                     '<img src="gone.png"> <a href="https://example.org/x">out</a></p>')
    (tmp_path / "b.html").write_text('<a href="a.html#here">a</a> <a href="sub/">sub</a>')
    found = broken_links(tmp_path)
    assert found == ["a.html: b.html#nowhere (no id 'nowhere' there)", "a.html: gone.png (no such file)",
                     "b.html: sub/ (no such file)"]


def test_nothing_is_loaded_from_another_host(site):
    out, _ = site
    remote = [f"{p.relative_to(out)}: {u}" for p in sorted(out.rglob("*.html")) for u in _parse(p).loads
              if _external(u)]
    assert remote == []


# ---------------------------------------------------------------- the site, in a browser

@pytest.fixture(scope="module")
def web(site):
    why = browser.available()
    if why:     # CI installs Chromium (.ci/run) and sets REQUIRE_BROWSER=1: there a missing browser fails the run
        (pytest.fail if os.environ.get("REQUIRE_BROWSER") == "1" else pytest.skip)(
            f"the site's browser test needs Debian's Chromium: {why}")
    out, _ = site
    with browser.serve(out) as base, browser.chromium(1280, 900) as driver:
        yield base, driver


def _load(driver, url: str) -> None:
    driver.get(url)  # returns once the page's load event has fired


def _images(driver) -> list[dict]:
    """Every figure of the page's notebook outputs, each scrolled into view so that it loads."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const imgs = [...document.querySelectorAll('article img')];
        for (const i of imgs) i.scrollIntoView();
        Promise.all(imgs.map(i => i.complete ? null : new Promise(r => { i.onload = i.onerror = r; })))
          .then(() => done(imgs.map(i => ({src: i.getAttribute('src'), width: i.naturalWidth,
                                           output: !!i.closest('.cell_output')}))));
    """)


def _shot(driver, lang: str, out_dir: Path) -> Path:
    """A screenshot with the page's first figure in view (with the text above it)."""
    driver.execute_script("""
        const i = document.querySelector('.cell_output img') || document.querySelector('article img');
        if (i) { i.scrollIntoView({block: 'center'}); window.scrollBy(0, -120); } else window.scrollTo(0, 0);
    """)
    time.sleep(0.3)
    path = out_dir / f"site-{lang}.png"
    driver.save_screenshot(str(path))
    keep = os.environ.get("TILELAB_SITE_SHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, Path(keep) / path.name)
    return path


def _pages_for(lang: str) -> list[tuple[str, int, int]]:
    """Every lesson page of this language (docname, figure and widget counts of its notebook), the one
    with the most figures first (it is the screenshot); before any lesson is translated, the Chinese
    results page stands in (it has figures too)."""
    nbs = sorted(lesson_notebooks(lang), key=image_outputs, reverse=True)
    return [(f"lessons/{nb.stem}", image_outputs(nb), outputs(nb, WIDGET)) for nb in nbs] or [("results", 0, 0)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_lesson_pages_render_with_their_figures(web, lang, tmp_path):
    base, driver = web
    for n, (page, figures, widgets) in enumerate(_pages_for(lang)):
        _load(driver, f"{base}/{lang}/{page}.html")
        assert driver.execute_script("return document.documentElement.lang").startswith(lang)
        imgs = _images(driver)
        unloaded = [i["src"] for i in imgs if i["width"] == 0]
        assert not unloaded, f"{lang}/{page}: images not loaded: {unloaded}"
        assert imgs or not figures, f"{lang}/{page}: no image at all"
        shown = sum(i["output"] for i in imgs)
        assert shown == figures or page == "results", f"{lang}/{page} shows {shown} of its notebook's {figures} figures"
        # Where a widget stood in the notebook, the page says it needs a kernel and links the launch entry.
        notes = driver.execute_script(
            "return document.querySelectorAll('.tilelab-widget-note a.tilelab-widget-launch').length")
        assert notes == widgets, f"{lang}/{page}: {notes} notes for {widgets} widget outputs"
        if n == 0:
            assert imgs, f"{lang}/{page}: the page for the screenshot has no figure"
            assert _shot(driver, lang, tmp_path).stat().st_size > 10_000


def test_maths_is_typeset_offline(web):
    base, driver = web
    with_maths = [nb for nb in lesson_notebooks("en") if "$$" in nb.read_text(encoding="utf-8")]
    if not with_maths:
        pytest.skip("no lesson has display maths")
    _load(driver, f"{base}/en/lessons/{with_maths[0].stem}.html")
    typeset = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const t0 = Date.now();
        (function poll() {
          const n = document.querySelectorAll('mjx-container').length;
          if (n || Date.now() - t0 > 10000) done(n); else setTimeout(poll, 100);
        })();
    """)
    assert typeset > 0, "MathJax typeset nothing (is it served from _static/mathjax?)"


def test_a_reader_fetches_nothing_from_another_host(web):
    """What the pages load at run time too (MathJax's own components, fonts, theme scripts)."""
    base, driver = web
    browser.requested(driver)  # forget earlier pages
    asked = []
    for lang in LESSONS:
        for page in ["index", "results"] + [f"lessons/{nb.stem}" for nb in lesson_notebooks(lang)]:
            _load(driver, f"{base}/{lang}/{page}.html")
            _images(driver)
            time.sleep(0.2)
            asked += browser.requested(driver)
    assert any("/_static/mathjax/tex-chtml.js" in u for u in asked), "no page loaded MathJax"
    # chrome:// and about: are the browser's own pages (its new-tab page), never the network
    assert [u for u in asked if not u.startswith((base + "/", "data:", "blob:", "chrome:", "about:"))] == []


def test_the_language_switch_goes_to_the_counterpart_and_back(web):
    base, driver = web
    from selenium.webdriver.common.by import By

    nb = lesson_notebooks("en")[0]
    _load(driver, f"{base}/en/lessons/{nb.stem}.html")
    driver.find_element(By.CSS_SELECTOR, "a.tilelab-lang-switch").click()
    translated = (LESSONS["zh"] / nb.name).exists()
    want = f"/zh/lessons/{nb.stem}.html" if translated else "/zh/index.html"
    assert driver.current_url.endswith(want)
    assert driver.execute_script("return document.documentElement.lang").startswith("zh")
    driver.find_element(By.CSS_SELECTOR, "a.tilelab-lang-switch").click()
    assert driver.current_url.endswith(f"/en/lessons/{nb.stem}.html" if translated else "/en/index.html")


def test_the_launch_button_names_the_lesson(web):
    base, driver = web
    from selenium.webdriver.common.by import By

    nb = lesson_notebooks("en")[-1]
    _load(driver, f"{base}/en/lessons/{nb.stem}.html")
    driver.find_element(By.CSS_SELECTOR, "a.tilelab-launch").click()
    fragment = urllib.parse.urlsplit(driver.current_url).fragment
    entry = driver.find_element(By.ID, fragment)
    link = entry.find_element(By.CSS_SELECTOR, "a[href^='http://localhost']").get_attribute("href")
    assert link.endswith(f"/lab/tree/lessons/{nb.name}")


def _lands_on(driver, suffix: str) -> str:
    deadline = time.monotonic() + 10
    while not driver.current_url.endswith(suffix) and time.monotonic() < deadline:
        time.sleep(0.1)
    return driver.current_url


def test_the_root_sends_a_reader_to_a_language(web, site):
    base, driver = web
    _load(driver, f"{base}/")
    assert _lands_on(driver, "/en/index.html").endswith("/en/index.html")
    with browser.chromium(800, 600, lang="zh-CN") as zh_reader:
        _load(zh_reader, f"{base}/")
        assert _lands_on(zh_reader, "/zh/index.html").endswith("/zh/index.html")
