"""make grade's Dask side (scripts/grade.py, grading/task.py): a task whose worker died is
retried once, then fails alone; a submission past its time limit is killed with everything it
started; worker sizing."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import grade  # noqa: E402
from grading import task  # noqa: E402


def _die_once(marker: str) -> str:
    if not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(1)  # the worker process dies mid-task
    return "second attempt"


def _always_die(_):
    os._exit(1)


@pytest.mark.slow
def test_a_task_whose_worker_died_is_retried_once_then_fails_alone(tmp_path):
    client, cluster, where, gpu = grade.start_cluster(1, None)
    try:
        assert "1 CPU worker" in where and not gpu
        assert client.submit(_die_once, str(tmp_path / "m"), pure=False).result(timeout=120) == "second attempt"
        fut = client.submit(_always_die, 1, pure=False)
        with pytest.raises(Exception) as e:
            fut.result(timeout=120)
        assert "KilledWorker" in type(e.value).__name__
        assert client.submit(lambda: "still grading", pure=False).result(timeout=120) == "still grading"
    finally:
        client.close()
        cluster.close()


def test_a_submission_past_its_limit_is_killed_with_what_it_started(tmp_path):
    pidfile = tmp_path / "pid"
    code = ("import subprocess, time; p = subprocess.Popen(['sleep', '120']); "
            f"open({str(pidfile)!r}, 'w').write(str(p.pid)); time.sleep(120)")
    t0 = time.monotonic()
    rc, out, err = task._run_child([sys.executable, "-c", code], 3)
    assert rc == "timeout" and time.monotonic() - t0 < 30
    pid = int(pidfile.read_text())
    time.sleep(0.5)
    assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]


def test_nbgrader_options_and_the_rerun_key():
    assert grade.parse_nbgrader_args(["--Execute.timeout=10", "--X.name=abc"]) == {"Execute.timeout": 10, "X.name": "abc"}
    v = grade.grader_version("00_start_here")
    files, rel = {"a.ipynb": b"1"}, {"a.ipynb": b"r"}
    k = grade.content_key(files, rel, v, {})
    assert k == grade.content_key(dict(files), dict(rel), v, {})
    assert k != grade.content_key({"a.ipynb": b"2"}, rel, v, {})       # the learner changed it
    assert k != grade.content_key(files, rel, v + "x", {})              # the grader changed
    assert k != grade.content_key(files, rel, v, {"Execute.timeout": 5})


def test_the_time_limit_per_submission_is_the_sum_of_the_budgets_that_bound_it():
    """Not a fixed hour: each notebook's kernel start and cell budget, each judge's limit, a margin."""
    from grading.rubrics import load_rubric
    for a in ("00_start_here", "06_tensor_cores"):
        small = grade.time_limit(a, 1, {"SafeExecute.notebook_budget": 10, "Execute.startup_timeout": 5})
        big = grade.time_limit(a, 1, {"SafeExecute.notebook_budget": 110, "Execute.startup_timeout": 5})
        assert big - small == 100
        two = grade.time_limit(a, 2, {"SafeExecute.notebook_budget": 10, "Execute.startup_timeout": 5})
        assert two - small == 15                      # a second notebook: its start and its budget
        judges = sum(c.timeout_s for c in load_rubric(a).checks)
        assert small == 15 + judges + grade.GRADING_MARGIN_S
