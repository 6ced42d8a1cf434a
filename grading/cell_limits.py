"""Each assignment's per-cell time limit for autograde, from what its cells need.

nbgrader's ``Execute.timeout`` is one number for every cell of every assignment (the course
sets 900 s, for the slowest emulated exercise), so a learner's cell that never returns held a
grading worker for 15 minutes. The need is measured instead: ``bench/cell_times.py`` executes
every code cell of every solution notebook on the emulator and records its seconds in
``bench/results/cell-times-<date>.json``; an assignment's limit is ``FACTOR`` times its slowest
recorded cell, at least ``FLOOR_S`` (a kernel start, a compile on a loaded machine), never above
the configured ``Execute.timeout``. An assignment with no recording keeps ``Execute.timeout``;
``make grade --nbgrader-arg=--Execute.timeout=N`` sets one limit for all.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from traitlets.config.loader import PyFileConfigLoader

from grading.rubrics import REPO_ROOT

RESULTS = REPO_ROOT / "bench" / "results"
#: the slowest recorded cell times this: a learner's kernel may be slower than the solution's,
#: and the grading machine busier than the recording's
FACTOR = 10.0
#: no cell's limit is below this
FLOOR_S = 60


@lru_cache(maxsize=None)
def recorded(results: Path = RESULTS) -> dict:
    """{assignment: slowest recorded cell in seconds} from the newest cell-times recording."""
    files = sorted(results.glob("cell-times-*.json"))
    if not files:
        return {}
    data = json.loads(files[-1].read_text())
    out = {}
    for a, notebooks in data.get("assignments", {}).items():
        seconds = [c["seconds"] for cells in notebooks.values() for c in cells]
        if seconds:
            out[a] = max(seconds)
    return out


def configured_timeout(extra: dict | None = None) -> float:
    cfg = PyFileConfigLoader("nbgrader_config.py", path=str(REPO_ROOT)).load_config()
    value = (extra or {}).get("Execute.timeout", cfg.Execute.get("timeout", 900) if "Execute" in cfg else 900)
    return float(value or 0)


def cell_timeout(assignment: str, extra: dict | None = None, results: Path = RESULTS) -> int | None:
    """Seconds one learner cell of ``assignment`` may take (None: Execute.timeout as configured)."""
    if extra and "Execute.timeout" in extra:
        return None                           # the instructor's own limit, for every cell
    slowest = recorded(results).get(assignment)
    if slowest is None:
        return None
    limit = max(FLOOR_S, math.ceil(FACTOR * slowest))
    ceiling = configured_timeout(extra)
    return int(min(limit, ceiling)) if ceiling else int(limit)
