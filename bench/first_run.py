#!/usr/bin/env python3
"""How long a learner's first `make lab` takes: a fresh clone, no .venv, then `make lab` until the
server answers. Records bench/results/first_run-<date>.json (machine, pip index, commit, both times).

    python bench/first_run.py [--keep DIR]

The clone is of the committed HEAD; pip's own cache is switched off (PIP_NO_CACHE_DIR=1) so every
wheel is fetched from the index pip is configured with (which the record names: a local mirror
is much faster than a home connection).
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _up(url, token):
    try:
        req = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status == 200
    except Exception:
        return False


def _du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", help="clone here and keep it (default: a temporary folder)")
    opts = ap.parse_args(argv)
    tmp = Path(opts.keep) if opts.keep else Path(tempfile.mkdtemp(prefix="tilelab-first-run-"))
    repo = tmp / "tilelab"
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    subprocess.run(["git", "clone", "-q", str(ROOT), str(repo)], check=True)
    port, token = _port(), secrets.token_hex(8)
    env = dict(os.environ, PIP_NO_CACHE_DIR="1")
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)
    index = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True).stdout
    t0 = time.monotonic()
    proc = subprocess.Popen(["make", "lab", f"LAB_ARGS=--no-browser --port={port} --ServerApp.token={token}"],
                            cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    installed = None
    try:
        while True:
            if installed is None and list((repo / ".venv").glob(".tilelab-*.stamp")):
                installed = time.monotonic() - t0
            if _up(f"http://127.0.0.1:{port}/api/status", token):
                break
            if proc.poll() is not None:
                print(proc.stdout.read().decode(errors="replace")[-4000:])
                return 1
            time.sleep(0.5)
        started = time.monotonic() - t0
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
    rec = {
        "what": "first `make lab` in a fresh clone: python3 -m venv, pip install -e '.[course]' "
                "(PIP_NO_CACHE_DIR=1), copy exercises, JupyterLab answering /api/status",
        "command": "python bench/first_run.py",
        "commit": commit,
        "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "pip_config": index.strip().splitlines(),
        "seconds_to_installed": round(installed, 1) if installed is not None else None,
        "seconds_to_lab_up": round(started, 1),
        "venv_bytes": _du(repo / ".venv"),
    }
    out = ROOT / "bench" / "results" / f"first_run-{dt.date.today().isoformat()}.json"
    out.write_text(json.dumps(rec, indent=2) + "\n")
    print(json.dumps(rec, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
