#!/usr/bin/env python3
"""How `make grade` scales (issue 8): N submissions graded with 1 and with 2 Dask workers, the
seconds per submission per core, and what the sandbox costs per submission.

    .venv/bin/python bench/grade_scale.py                 # emulator: 48 submissions of 00, 1 and 2 workers
    python3 bench/grade_scale.py --gpu --count 100        # GPU host: 100 of 02, timed speed checks

Submissions are the release with the solution's kernel, with a kernel that earns part of the
points, or left as released, in turn. Each run grades them in a fresh scratch course with
grading/cli.py (a benchmark, not a test: the machine's load is recorded with the numbers).
The sandbox overhead is measured two ways: one process started inside a sandbox against the
same process started bare (the fixed cost, paid twice per submission: the kernel and the
judge), and one submission graded sandboxed against UNSAFE=1 (the whole cost).
The speed-up of 2 workers over 1 is recorded for the grading phase alone (``speedup_2_vs_1``)
and for the whole ``make grade`` (``speedup_2_vs_1_whole_make_grade``: each run grades a fresh
course, so its releases and Dask's start are in it), with the machine's load sampled during
each run. Writes bench/results/grade_scale-<date>[-gpu].json.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

import nbformat  # noqa: E402

from grading import regression, sandbox  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402

SUB = ROOT / "tests" / "submissions"
KINDS = {  # assignment: (grade_id, kernel earning part of the points)
    "00_start_here": ("vector_add_check", "00_no_bounds_check.cu"),
    "02_tiled_matmul": ("matmul_tiled_check", "02_missing_barrier_1.cu"),
}


def make_submissions(course: Path, assignment: str, count: int) -> dict:
    gid, partial_file = KINDS[assignment]
    check = load_rubric(assignment).check(gid)
    sol = regression.kernel_source(regression.read_notebook("solutions", assignment, check.notebook), check)
    sol = "\n".join(line for line in sol.splitlines() if "### " not in line)
    bodies = [sol, (SUB / partial_file).read_text(), None]
    kinds = {}
    for i in range(count):
        nb = regression.read_notebook("exercises", assignment, check.notebook)
        body = bodies[i % 3]
        if body is not None:
            for c in nb.cells:
                if c.cell_type == "code" and c.source.startswith(f"%%cuda {check.kernel}"):
                    c.source = f"%%cuda {check.kernel}\n{body}"
        d = course / "submitted" / f"s{i:03d}" / assignment
        d.mkdir(parents=True)
        nbformat.write(nb, d / f"{check.notebook}.ipynb")
        kinds[f"s{i:03d}"] = ["right", "partial", "release"][i % 3]
    return kinds


def grade(course: Path, workers: int | None, env: dict, timeout: float) -> dict:
    out = course / "results.json"
    cmd = [sys.executable, "-m", "grading", "--course-dir", str(course),
           "--csv", str(course / "grades.csv"), "--json", str(out), "--force"]
    if workers:
        cmd += ["--workers", str(workers)]
    t0 = time.monotonic()
    loads, done = [], threading.Event()

    def sample():                       # the machine's 1-minute load while this run grades
        while not done.wait(5.0):
            loads.append(round(os.getloadavg()[0], 2))
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    finally:
        done.set()
        sampler.join()
    wall = time.monotonic() - t0
    if not out.exists():
        raise SystemExit(f"grade.py failed (exit {r.returncode}):\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    results = json.loads(out.read_text())
    line = next((ln for ln in r.stdout.splitlines() if ln.startswith(("graded ", "UNSAFE graded"))), "")
    graded_s = float(line.split(" in ")[1].split(" s")[0]) if " in " in line else None
    return {"exit": r.returncode, "wall_s_including_release": round(wall, 2), "grading_s": graded_s,
            "load_1min_during": {"min": min(loads, default=None), "max": max(loads, default=None),
                                 "mean": round(statistics.mean(loads), 2) if loads else None, "samples": len(loads)},
            "summary": line, "failed": [f"{x['student']}: {x.get('reason')}" for x in results if not x.get("ok")],
            "task_s": [round(x.get("seconds", 0), 2) for x in results],
            "scores": {x["student"]: sum(g["auto_score"] or 0 for nb in x.get("grades", {}).values()
                                         for g in nb.values()) for x in results}}


def start_cost(reps: int) -> dict:
    """Seconds to start and finish `python -I -c pass`, bare and in a sandbox."""
    def once(cmd):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=sandbox.host_env())
        return time.perf_counter() - t0
    bare, boxed = [], []
    for _ in range(reps):
        bare.append(once([sys.executable, "-I", "-c", "pass"]))
        with sandbox.uid_slot() as uid:
            boxed.append(once(sandbox.Sandbox(uid=uid).command([sys.executable, "-I", "-c", "pass"])))
    return {"bare_median_s": round(statistics.median(bare), 4), "sandboxed_median_s": round(statistics.median(boxed), 4),
            "overhead_per_sandbox_s": round(statistics.median(boxed) - statistics.median(bare), 4), "reps": reps}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gpu", action="store_true", help="GPU host: assignment 02, TILELAB_BACKEND=gpu, one worker per GPU")
    ap.add_argument("--count", type=int, help="submissions (default 48; --gpu: 100)")
    ap.add_argument("--workers", default=None, help="comma-separated worker counts (default 1,2; --gpu: the GPUs)")
    ap.add_argument("--overhead-count", type=int, default=6, help="submissions for the sandboxed-vs-UNSAFE comparison")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--timeout", type=float, default=3600)
    ap.add_argument("--tag", default="", help="suffix of the results file name (a second run the same day)")
    args = ap.parse_args()
    assignment = "02_tiled_matmul" if args.gpu else "00_start_here"
    count = args.count or (100 if args.gpu else 48)
    workers = [int(w) for w in args.workers.split(",")] if args.workers else ([None] if args.gpu else [1, 2])
    env = dict(os.environ, TILELAB_PROGRESS="0", TILELAB_BACKEND="gpu" if args.gpu else "emu")
    record = {"benchmark": "grade_scale", "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
              "command": " ".join(shlex.quote(a) for a in [sys.executable] + sys.argv),
              "machine": {"host": platform.node(), "cpu": _cpu(), "cores": os.cpu_count(),
                          "python": platform.python_version(), "gpu": _gpu()},
              "commit": _commit(), "assignment": assignment, "submissions": count,
              "sandbox": sandbox.probe() or "bubblewrap", "runs": {}}
    record["load_before"] = os.getloadavg()
    boxed = not sandbox.probe() and not sandbox.unsafe()
    if boxed:
        record["start_cost"] = start_cost(10)
        print("sandbox start cost:", record["start_cost"], flush=True)
    with tempfile.TemporaryDirectory(prefix="grade-scale-") as tmp:
        for w in workers:
            course = Path(tmp) / f"w{w}"
            kinds = make_submissions(course, assignment, count)
            run = grade(course, w, env, args.timeout)
            run["load_after"] = os.getloadavg()
            run["kinds"] = {k: sum(1 for v in kinds.values() if v == k) for k in ("right", "partial", "release")}
            if run["grading_s"]:
                run["submissions_per_minute"] = round(count / run["grading_s"] * 60, 2)
            record["runs"][str(w or "auto")] = run
            print(f"workers={w or 'auto'}: {run['summary']} (load {run['load_after'][0]:.1f})", flush=True)
        times = {k: v["grading_s"] for k, v in record["runs"].items() if v["grading_s"]}
        if "1" in times and "2" in times:
            record["speedup_2_vs_1"] = round(times["1"] / times["2"], 3)
            whole = {k: v["wall_s_including_release"] for k, v in record["runs"].items()}
            # the whole make grade: a fresh course each run, so its releases and Dask's start are in it
            record["speedup_2_vs_1_whole_make_grade"] = round(whole["1"] / whole["2"], 3)
            record["seconds_per_submission_per_core"] = round(times["1"] / count, 3)
        # the whole sandbox cost per submission: the same submissions sandboxed and UNSAFE, one worker
        cost = {}
        for label, extra in (("sandboxed", {}), ("unsafe", {"UNSAFE": "1"})) if boxed and args.overhead_count else ():
            course = Path(tmp) / f"overhead-{label}"
            make_submissions(course, assignment, args.overhead_count)
            run = grade(course, 1, dict(env, **extra), args.timeout)
            cost[label] = {"median_task_s": round(statistics.median(run["task_s"]), 3), "task_s": run["task_s"]}
        if cost:
            cost["overhead_per_submission_s"] = round(cost["sandboxed"]["median_task_s"] - cost["unsafe"]["median_task_s"], 3)
        record["sandbox_overhead"] = cost
    record["load_end"] = os.getloadavg()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"grade_scale-{dt.date.today().isoformat()}{'-gpu' if args.gpu else ''}{'-' + args.tag if args.tag else ''}.json"
    path.write_text(json.dumps(record, indent=1) + "\n")
    print(json.dumps({k: record.get(k) for k in ("speedup_2_vs_1", "speedup_2_vs_1_whole_make_grade",
                                                 "seconds_per_submission_per_core")}),
          "sandbox overhead per submission:", record["sandbox_overhead"].get("overhead_per_submission_s"), "s;", path)
    return 0


def _cpu() -> str:
    try:
        return next(ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name"))
    except (OSError, StopIteration):
        return platform.processor()


def _gpu():
    try:
        r = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                           capture_output=True, text=True, timeout=20)
        return r.stdout.strip().splitlines() if r.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired):
        return None


def _commit():
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    except OSError:
        return None


if __name__ == "__main__":
    sys.exit(main())
