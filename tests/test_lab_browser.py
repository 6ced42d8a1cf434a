"""`make lab` as a learner meets it: the server scripts/lab.py starts, in a real browser.

The server is started by the same script and options `make lab` uses (into a temporary
work/ and view folder), then Debian's Chromium, driven by Selenium through Debian's
chromedriver (nothing is downloaded), opens a copy of work/03_banks/03_banks.ipynb with a
`banks.explorer()` cell, runs the notebook, moves the explorer's stride slider and reads
the new count from the page's text. The contents API shows work/ and lessons/ and refuses
solutions/.
"""
from __future__ import annotations

from conftest import read_json

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser  # noqa: E402  (tests/browser.py: Debian's Chromium through its chromedriver, nothing downloaded)

pytest.importorskip("jupyterlab", reason="JupyterLab is not installed here (the GPU host carries no server)")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "work/03_banks/03_banks.ipynb"
EXPLORER_CELL = "ex = banks.explorer(stride=1)\nex"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url, token):
    req = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def _learner_copy(work: Path):
    """work/03_banks/03_banks.ipynb as the learner has it, plus an explorer cell after the set-up."""
    src = ROOT / "exercises" / "03_banks" / "03_banks.ipynb"
    nb = read_json(src)
    setup = next(i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code")
    nb["cells"].insert(setup + 1, {"cell_type": "code", "execution_count": None, "metadata": {},
                                   "outputs": [], "source": EXPLORER_CELL})
    dst = work / "03_banks" / "03_banks.ipynb"
    dst.parent.mkdir(parents=True)
    dst.write_text(json.dumps(nb))
    return dst


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lab")
    work, view = tmp / "work", tmp / "view"
    mine = _learner_copy(work)
    before = mine.read_bytes()
    port, token = _free_port(), secrets.token_hex(16)
    # JupyterLab 4 renders only the cells in view; the test reads cells further down, so it asks
    # for every cell to be rendered (a user setting, in a settings folder of the test's own)
    settings = tmp / "lab-settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp / "runtime"), JUPYTER_CONFIG_DIR=str(tmp / "config"),
               JUPYTER_DATA_DIR=str(tmp / "data"), JUPYTERLAB_SETTINGS_DIR=str(tmp / "lab-settings"),
               TILELAB_BACKEND="emu", TILELAB_PROGRESS="0",
               PYTHONPATH=os.pathsep.join([str(ROOT)] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
    cmd = [sys.executable, str(ROOT / "scripts" / "lab.py"), "--work", str(work), "--view", str(view),
           "--no-browser", f"--port={port}", "--ip=127.0.0.1", f"--ServerApp.token={token}",
           "--ServerApp.port_retries=0"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if _get(f"{base}/api/status", token)[0] == 200:
                    break
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.stdout.read().decode(errors="replace") if proc.poll() is not None else ""
                pytest.fail(f"JupyterLab did not start (exit {proc.poll()}):\n{out[-3000:]}")
            time.sleep(0.5)
        yield {"base": base, "token": token, "work": work, "view": view, "mine": mine, "before": before}
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def test_the_view_holds_work_and_lessons_and_not_solutions(lab):
    base, token = lab["base"], lab["token"]
    status, body = _get(f"{base}/api/contents", token)
    top = {c["name"] for c in json.loads(body)["content"]}
    assert {"work", "lessons"} <= top, top
    assert not top & {"solutions", "grading", "tests", "scripts"}, top
    # the learner's own copy was kept, the other exercises were added
    assert lab["mine"].read_bytes() == lab["before"]
    listing = {c["name"] for c in json.loads(_get(f"{base}/api/contents/work", token)[1])["content"]}
    assert listing == {p.name for p in (ROOT / "exercises").iterdir() if p.is_dir()}
    for rel in (NOTEBOOK, "lessons/00_start_here_lesson.ipynb"):
        status, body = _get(f"{base}/api/contents/{rel}?content=1", token)
        assert status == 200 and json.loads(body)["type"] == "notebook", rel
    # solutions/ can be neither listed nor opened, by its name or by a path that climbs out
    some_solution = next((ROOT / "solutions").rglob("*.ipynb")).relative_to(ROOT).as_posix()
    for rel in ("solutions", some_solution, "work/../solutions", "lessons/../solutions",
                "lessons/../../solutions"):
        assert _get(f"{base}/api/contents/{rel}", token)[0] == 404, rel


def test_explorer_in_a_real_browser(lab, tmp_path):
    why = browser.available()
    if why:     # CI installs Chromium (.ci/run) and sets REQUIRE_BROWSER=1: there a missing browser fails the run
        (pytest.fail if os.environ.get("REQUIRE_BROWSER") == "1" else pytest.skip)(why)
    from tilelab.banks import analyze, explorer_access
    with browser.chromium(1400, 1000) as driver:
        _explore(driver, lab, tmp_path, analyze, explorer_access)


def _explore(driver, lab, tmp_path, analyze, explorer_access):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
    wait = WebDriverWait(driver, 180, poll_frequency=0.5)
    try:
        driver.get(f"{lab['base']}/lab/tree/{NOTEBOOK}?token={lab['token']}")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".jp-Notebook .jp-Cell"))
        # the kernel is up: its status says Idle
        wait.until(lambda d: "Idle" in d.find_element(By.CSS_SELECTOR, ".jp-StatusBar-Widget, #jp-main-statusbar")
                   .text)
        _menu(driver, wait, "Run", "Run All Cells")

        def count_text(d):
            got = [e.text for e in d.find_elements(By.CSS_SELECTOR, ".widget-html") if "wavefront" in e.text]
            return got[0] if got else False

        first = wait.until(count_text)
        assert first.startswith(f"{analyze(explorer_access('1d', stride=1)).wavefronts} wavefront"), first
        slider = next(s for s in driver.find_elements(By.CSS_SELECTOR, ".widget-slider")
                      if s.find_element(By.CSS_SELECTOR, ".widget-label").text.strip() == "stride")
        handle = slider.find_element(By.CSS_SELECTOR, ".noUi-handle")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", handle)
        handle.click()
        handle.send_keys(Keys.ARROW_RIGHT)
        wait.until(lambda d: count_text(d) != first)
        stride = int(slider.find_element(By.CSS_SELECTOR, ".widget-readout").text)
        assert stride != 1
        want = analyze(explorer_access("1d", stride=stride))
        assert count_text(driver).startswith(f"{want.wavefronts} wavefront"), (stride, count_text(driver))

        # further down, as the learner meets them: the stub's compile warning under its %%cuda cell,
        # and under the grade cell the failed check's text and its picture of the wrong elements
        def cell(d, needle):
            for c in d.find_elements(By.CSS_SELECTOR, ".jp-CodeCell"):
                if needle in c.find_element(By.CSS_SELECTOR, ".jp-InputArea").text:
                    return c
            return False

        wait = WebDriverWait(driver, 90, poll_frequency=0.5)
        kernel_cell = wait.until(lambda d: cell(d, "%%cuda matmulTiledBt"))
        wait.until(lambda d: "missing return statement" in kernel_cell.find_element(
            By.CSS_SELECTOR, ".jp-OutputArea").text)
        # the grade cell's self-check (tl.selfcheck: the judge's parts) says the stub is wrong, and where
        check_cell = wait.until(lambda d: cell(d, "check(matmulTiledBt"))
        wait.until(lambda d: "is wrong for" in check_cell.text and "self-check" in check_cell.text)
    except Exception:
        driver.save_screenshot(str(tmp_path / "lab.png"))
        if os.environ.get("TILELAB_DEBUG_BROWSER"):
            driver.save_screenshot(os.environ["TILELAB_DEBUG_BROWSER"])
            for c in driver.find_elements(By.CSS_SELECTOR, ".jp-CodeCell"):
                print("CELL:", c.text[:3000].replace("\n", " | "))
        raise


def _menu(driver, wait, top: str, item: str):
    from selenium.webdriver.common.by import By
    bar = wait.until(lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, ".lm-MenuBar-itemLabel")
                                if e.text.strip() == top])
    bar[0].click()
    entry = wait.until(lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, ".lm-Menu-itemLabel")
                                  if e.text.strip() == item])
    entry[0].click()


def _lab_script():
    import importlib.util
    spec = importlib.util.spec_from_file_location("lab_script", ROOT / "scripts" / "lab.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_root_gets_allow_root_and_others_do_not(tmp_path):
    lab = _lab_script()
    view = tmp_path / "view"
    assert "--allow-root" in lab.lab_command(view, [], uid=0)
    assert "--allow-root" not in lab.lab_command(view, [], uid=1000)
    assert lab.lab_command(view, ["--allow-root"], uid=0).count("--allow-root") == 1
    cmd = lab.lab_command(view, ["--port=1"], uid=1000)
    assert f"--ServerApp.root_dir={view}" in cmd and cmd[-1] == "--port=1"
    assert any(a.endswith("/lab/tree/lessons/00_start_here_lesson.ipynb") for a in cmd)


def test_the_view_keeps_a_learners_own_file_and_drops_stale_links(tmp_path):
    lab = _lab_script()
    work, view = tmp_path / "work", tmp_path / "view"
    work.mkdir()
    view.mkdir()
    (view / "Untitled.ipynb").write_text("{}")                # saved at the top of the file browser
    (view / "solutions").symlink_to(ROOT / "solutions")        # a stale link from somewhere else
    lab.make_view(view, work)
    names = {p.name for p in view.iterdir()}
    assert names == set(lab.SHOWN) | {"Untitled.ipynb"}
    assert (view / "Untitled.ipynb").read_text() == "{}"
    assert (view / "work").resolve() == work.resolve()
    assert (view / "lessons" / "00_start_here_lesson.ipynb").exists()


def test_the_chinese_course_has_the_same_paths_and_a_chinese_interface(tmp_path, monkeypatch):
    """make lab COURSE_LANG=zh: lessons/ is lessons/zh, work/ is work/zh filled from exercises_zh/,
    kernels print in Chinese (TILELAB_LANG), JupyterLab's locale is zh_CN in the zh lab's own settings
    folder (a copy of the user's), never in the user's settings, and the English lab stays English."""
    lab = _lab_script()
    if not (ROOT / "lessons" / "zh").is_dir() or not (ROOT / "exercises_zh").is_dir():
        pytest.skip("the Chinese course is not built (make lessons)")
    work, view, settings = tmp_path / "work", tmp_path / "view", tmp_path / "settings"
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(settings))
    monkeypatch.setenv("TILELAB_LANG", "en")   # recorded, so the "zh" lab.main sets is undone afterwards
    monkeypatch.delenv("TILELAB_LANG")
    monkeypatch.setenv("JUPYTERLAB_WORKSPACES_DIR", "")   # likewise: lab.main points it at the lab's own
    plugin = settings / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings"
    plugin.parent.mkdir(parents=True)
    plugin.write_text('{"displayLanguage": "x"}')
    calls = []
    monkeypatch.setattr(lab.os, "execv", lambda exe, cmd: calls.append(cmd))
    assert lab.main(["--lang", "zh", "--work", str(work), "--view", str(view)]) == 0
    assert (view / "lessons").resolve() == (ROOT / "lessons" / "zh").resolve()
    assert (view / "work").resolve() == (work / "zh").resolve()
    released = sorted(p.relative_to(ROOT / "exercises_zh") for p in (ROOT / "exercises_zh").rglob("*.ipynb"))
    assert released and all((work / "zh" / r).exists() for r in released)
    first = (work / "zh" / released[0]).read_text()
    assert first == (ROOT / "exercises_zh" / released[0]).read_text()
    assert os.environ["TILELAB_LANG"] == "zh"
    # the zh lab's own settings (a copy of the user's, other settings kept) say zh_CN; the user's are untouched
    own = Path(os.environ["JUPYTERLAB_SETTINGS_DIR"])
    assert own.resolve().is_relative_to((view / ".jupyterlab" / "zh").resolve())
    assert read_json(own / lab.TRANSLATION) == {"displayLanguage": "x", "locale": "zh_CN"}
    assert read_json(plugin) == {"displayLanguage": "x"}
    assert Path(os.environ["JUPYTERLAB_WORKSPACES_DIR"]).resolve().is_relative_to((view / ".jupyterlab" / "zh").resolve())
    assert calls and any(a.startswith("--ServerApp.root_dir=") for a in calls[0])
    # the English lab afterwards opens in English, from settings of its own
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(settings))
    assert lab.main(["--lang", "en", "--work", str(work), "--view", str(view)]) == 0
    en = Path(os.environ["JUPYTERLAB_SETTINGS_DIR"])
    assert en.resolve().is_relative_to((view / ".jupyterlab" / "en").resolve())
    assert read_json(en / lab.TRANSLATION)["locale"] == "en"
    assert read_json(plugin) == {"displayLanguage": "x"}
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(settings))
    # a learner's own edit survives a second start
    (work / "zh" / released[0]).write_text("mine")
    assert lab.main(["--lang", "zh", "--work", str(work), "--view", str(view)]) == 0
    assert (work / "zh" / released[0]).read_text() == "mine"
