"""make grade's Dask side (grading/cli.py, grading/task.py): a task whose worker died is
retried once, then fails alone; a submission past its time limit is killed with everything it
started; worker sizing."""
from __future__ import annotations

from conftest import read_json

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import cli as grade  # noqa: E402
from grading import task  # noqa: E402


def _die_once(marker: str) -> str:
    if not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(1)  # the worker process dies mid-task
    return "second attempt"


def _always_die(_):
    os._exit(1)


def _cannot_import():
    import not_a_module_here  # noqa: F401


@pytest.mark.slow
def test_a_task_whose_worker_died_is_retried_once_then_fails_alone(tmp_path):
    client, cluster, where, gpu = grade.start_cluster(1, None)
    try:
        assert "1 CPU worker" in where and not gpu
        assert client.submit(_die_once, str(tmp_path / "m"), pure=False).result(timeout=300) == "second attempt"
        fut = client.submit(_always_die, 1, pure=False)
        with pytest.raises(Exception) as e:
            fut.result(timeout=300)           # two worker starts: slow on a loaded 2-core host
        assert "KilledWorker" in type(e.value).__name__
        assert "worker died twice" in grade.task_failure(e.value)
        try:
            client.wait_for_workers(1, timeout=120)
        except TimeoutError:
            # distributed's nanny stayed down once after the second death, on two loaded cores (the
            # scheduler removed the worker before the nanny saw its process exit): a fresh worker then
            cluster.scale(0)
            cluster.scale(1)
            client.wait_for_workers(1, timeout=120)
        # a task that raises is reported as what it raised, never as a worker that died
        with pytest.raises(ImportError) as e:
            client.submit(_cannot_import, pure=False).result(timeout=300)   # after a worker restart
        why = grade.task_failure(e.value)
        assert "No module named 'not_a_module_here'" in why and "ModuleNotFoundError" in why, why
        assert "died" not in why and "memory" not in why, why
        assert client.submit(lambda: "still grading", pure=False).result(timeout=300) == "still grading"
    finally:
        client.close()
        cluster.close()


@pytest.mark.slow
def test_a_worker_whose_nanny_stays_down_is_replaced_and_the_queue_goes_on(tmp_path):
    """A restart that fails leaves distributed's nanny down (it logs "Failed to restart worker" and
    starts none): with one worker, every task queued behind would wait forever. grading/workers.py's
    watch replaces the worker, and the task that was running when it died is retried on the new one."""
    from grading.workers import WorkerWatch
    client, cluster, where, gpu = grade.start_cluster(1, None)
    try:
        (nanny,) = cluster.workers.values()

        async def restart_fails(*a, **k):
            raise RuntimeError("a restart that fails")
        nanny.instantiate = restart_fails
        said = []
        with WorkerWatch(client, cluster, said.append, period=1, grace=5) as watch:
            first = client.submit(_die_once, str(tmp_path / "m"), pure=False)
            queued = client.submit(lambda: "graded after it", pure=False)
            assert first.result(timeout=300) == "second attempt"
            assert queued.result(timeout=300) == "graded after it"
        assert watch.replaced == 1 and list(cluster.worker_spec) == ["0-r1"], (said, list(cluster.worker_spec))
        assert "grading worker 0 did not come back" in said[0], said
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


@pytest.mark.slow
@pytest.mark.timeout(1500)   # a whole make grade batch; on a loaded 2-core host it can pass 600 s
def test_an_external_scheduler_started_as_the_readme_says_grades_a_batch(tmp_path):
    """README, "On a cluster": `dask scheduler` and `dask worker --nthreads 1` from this environment,
    started elsewhere than the repository and with no PYTHONPATH, then make grade SCHEDULER=...: the
    scheduler and the worker import the installed grading package."""
    import csv

    import nbformat

    from grading import regression
    from grading.rubrics import load_rubric
    a = "00_start_here"
    check = load_rubric(a).check("vector_add_check")
    nb = regression.read_notebook("exercises", a)
    body = regression.kernel_source(regression.read_notebook("solutions", a), check)
    for c in nb.cells:
        if c.cell_type == "code" and c.source.startswith(f"%%cuda {check.kernel}"):
            c.source = f"%%cuda {check.kernel}\n{body}"
    for student, notebook in (("right", nb), ("fresh", regression.read_notebook("exercises", a))):
        d = tmp_path / "course" / "submitted" / student / a
        d.mkdir(parents=True)
        nbformat.write(notebook, d / f"{a}.ipynb")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("DASK_")}
    env.update(TILELAB_BACKEND="emu", TILELAB_PROGRESS="0", DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES="1")
    dask = str(Path(sys.executable).parent / "dask")
    info = tmp_path / "scheduler.json"
    procs = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                               "--scheduler-file", str(info)], cwd=elsewhere, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)]
    try:
        t0 = time.monotonic()
        while not info.exists() and time.monotonic() - t0 < 120:
            time.sleep(0.2)
        import json
        address = read_json(info)["address"]
        procs.append(subprocess.Popen([dask, "worker", address, "--nthreads", "1", "--host", "127.0.0.1",
                                       "--no-dashboard"], cwd=elsewhere, env=env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL, start_new_session=True))
        course = tmp_path / "course"
        r = subprocess.run([sys.executable, "-m", "grading", "--scheduler", address, "--course-dir", str(course),
                            "--csv", str(course / "grades.csv"), "--timeout", "600",
                            "--nbgrader-arg=--Execute.timeout=60"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200)
        assert r.returncode == 0, r.stdout + r.stderr
        assert f"at {address}" in r.stdout, r.stdout
        with open(course / "grades.csv") as f:
            scores = {row["student_id"]: float(row["score"]) for row in csv.DictReader(f)}
        assert scores == {"right": load_rubric(a).points, "fresh": 0}, r.stdout
    finally:
        for p in reversed(procs):
            try:
                os.killpg(p.pid, 15)
            except ProcessLookupError:
                pass
            p.wait(timeout=60)


def test_the_skip_key_changes_with_the_reference_kernels_the_counting_pins_and_nvrtc(tmp_path, monkeypatch):
    """Issue 20 item 10: grades made under old rules are not kept. The key is computed over a copy of
    what it reads (the repository is never changed), then each rule is changed in the copy."""
    import shutil
    root = tmp_path / "repo"
    skip = shutil.ignore_patterns("__pycache__", "submitted", "autograded", "feedback", "*.db", "release_tmp*")
    for d in ("grading", "tilelab"):
        shutil.copytree(ROOT / d, root / d, ignore=skip)
    (root / "kernels").symlink_to(Path("tilelab") / "kernels")   # as in the repository
    shutil.copy(ROOT / "nbgrader_config.py", root)
    monkeypatch.setattr(grade, "ROOT", root)
    monkeypatch.setattr(grade, "RUBRIC_DIR", root / "tilelab" / "rubric")
    a = "01_naive_matmul"
    base = grade.grader_version(a)
    assert grade.grader_version(a) == base                                   # nothing changed: skipped

    def changed(path: Path, edit) -> str:
        before = path.read_bytes()
        path.write_bytes(edit(before))
        try:
            return grade.grader_version(a)
        finally:
            path.write_bytes(before)
    reference = root / "tilelab" / "kernels" / "matmul_naive.cu"
    assert reference.is_file(), sorted(p.name for p in (root / "tilelab" / "kernels").iterdir())
    assert changed(reference, lambda b: b + b"\n// a tuned reference\n") != base
    pins = root / "tilelab" / "rubric" / "_counting.toml"
    assert changed(pins, lambda b: b.replace(b'nvrtc = "12.9"', b'nvrtc = "13.0"')) != base
    assert grade.grader_version(a) == base
    real = grade.nvrtc_versions()
    assert any(v.startswith("12:") for v in real), real                    # the installed NVRTC is in it
    monkeypatch.setattr(grade, "nvrtc_versions", lambda: [v.replace("12.9", "12.8") if v.startswith("12:") else v
                                                        for v in real] if any("12.9" in v for v in real)
                        else real + ["12:elsewhere:12.8"])
    assert grade.grader_version(a) != base                                   # another NVRTC installed


def test_held_out_rule_changes_also_change_the_skip_key(tmp_path, monkeypatch):
    """Held out from the test above (issue 20's acceptance): the emulator's code, the assignment's
    rubric, a header the package gives NVRTC, the judge's messages and the course secret are rules
    too; a change to any of them grades again."""
    import shutil
    root = tmp_path / "repo"
    skip = shutil.ignore_patterns("__pycache__", "submitted", "autograded", "feedback", "*.db", "release_tmp*")
    for d in ("grading", "tilelab"):
        shutil.copytree(ROOT / d, root / d, ignore=skip)
    (root / "kernels").symlink_to(Path("tilelab") / "kernels")
    shutil.copy(ROOT / "nbgrader_config.py", root)
    monkeypatch.setattr(grade, "ROOT", root)
    monkeypatch.setattr(grade, "RUBRIC_DIR", root / "tilelab" / "rubric")
    a = "06_tensor_cores"
    base = grade.grader_version(a)

    def changed(path: Path) -> str:
        before = path.read_bytes()
        path.write_bytes(before + b"\n")
        try:
            return grade.grader_version(a)
        finally:
            path.write_bytes(before)
    for rel in ("tilelab/emu/mma_forms.py", "tilelab/pipeline.py", "tilelab/rubric/06_tensor_cores.toml",
                "tilelab/include/assert.h", "tilelab/messages/zh.toml", "grading/preprocessors/safe_execute.py"):
        assert (root / rel).is_file(), rel
        assert changed(root / rel) != base, rel
    assert grade.grader_version(a) == base
    monkeypatch.setattr(grade, "course_secret", lambda: b"another course")
    assert grade.grader_version(a) != base
