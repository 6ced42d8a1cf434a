"""JupyterLab starts without a browser, serves the lessons and the exercises, and stops."""
from __future__ import annotations

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

pytest.importorskip("jupyterlab", reason="JupyterLab is not installed here (the GPU host carries no server)")

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url, token):
    req = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.status, r.read()


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    port, token = _free_port(), secrets.token_hex(16)
    runtime = tmp_path_factory.mktemp("jupyter-runtime")
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(runtime), JUPYTER_CONFIG_DIR=str(runtime / "config"))
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
           f"--ServerApp.token={token}", f"--ServerApp.root_dir={ROOT}", "--ServerApp.allow_root=True",
           "--ServerApp.port_retries=0", "lessons/00_start_here_lesson.ipynb"]
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
        yield base, token
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode is not None


def _notebooks(folder):
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


def test_lab_serves_the_lessons_and_exercises(lab):
    base, token = lab
    status, body = _get(f"{base}/lab", token)
    assert status == 200 and b"JupyterLab" in body
    served = []
    for folder in ("lessons", "exercises"):
        for rel in _notebooks(folder):
            status, body = _get(f"{base}/api/contents/{rel}?content=1", token)
            model = json.loads(body)
            assert status == 200 and model["type"] == "notebook" and model["content"]["cells"], rel
            served.append(rel)
    assert any(s.startswith("exercises/") for s in served)
    if (ROOT / "lessons" / "00_start_here_lesson.ipynb").exists():
        status, body = _get(f"{base}/api/contents/lessons", token)
        listing = {c["name"] for c in json.loads(body)["content"]}
        assert "00_start_here_lesson.ipynb" in listing
