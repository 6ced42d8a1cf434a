#!/usr/bin/env python3
"""CPU seconds of `make grade`'s preparation: the releases and template gradebooks it makes before
grading (issue 24), from an empty course folder, for exercise 00 in English and Chinese.

CPU time (this process and the nbgrader processes it waits for) hardly depends on what else the
machine runs, where wall time does: on a shared machine it is the figure that compares two
versions honestly. Run it from the root of the checkout to measure; it appends one JSON line:

    .venv/bin/python bench/prep_cpu.py OUT.jsonl                      # this checkout
    (cd OLD && /path/.venv/bin/python /path/bench/prep_cpu.py OUT.jsonl)   # an older one

A checkout from before the preparation was shortened (0e67b18 and earlier) has
``prepare_release`` (English twice: the course gradebook and a blank one, then each other
language); a later one ``prepare_releases`` (one release per language, all at once, the blank
gradebook a copy). The recording is bench/results/prep_cpu-<date>.json.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.getcwd())          # the checkout being measured, before any installed copy

import grading.cli as g  # noqa: E402
import nbgrader.api  # noqa: E402,F401  (loaded before the clock: both versions import it first)

NAMES = ["00_start_here"]


def cpu() -> tuple[float, float]:
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime, c.ru_utime + c.ru_stime


def main(out: str) -> int:
    d = Path(tempfile.mkdtemp(prefix="prep-cpu-"))
    db = f"sqlite:///{d / 'gradebook.db'}"
    load = os.getloadavg()[0]
    (s0, c0), w0 = cpu(), time.monotonic()
    if hasattr(g, "prepare_releases"):
        mode = "one release per language, at once"
        g.prepare_releases({"en": NAMES, "zh": NAMES}, d, db)
    else:
        mode = "English twice, then zh"
        g.prepare_release(NAMES, d, db)
        g.prepare_release(NAMES, d, db, "zh")
    (s1, c1), w1 = cpu(), time.monotonic()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    rec = {"commit": commit, "mode": mode, "assignments": NAMES, "languages": ["en", "zh"],
           "cpu_s": round(s1 - s0 + c1 - c0, 2), "cpu_s_children": round(c1 - c0, 2), "wall_s": round(w1 - w0, 2),
           "load_1min_before": round(load, 2), "load_1min_after": round(os.getloadavg()[0], 2)}
    print(json.dumps(rec))
    with open(out, "a") as f:
        f.write(json.dumps(rec) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
