"""The whole judge on a GPU over the corpus entries whose GPU grade is not the emulator's (issue 20):
the entries with ``earns_gpu`` (where timing, not counts, decides) and the drawn-size entries named
on the command line. Each goes through the same judge subprocess autograde uses (grading/regression.py)
with TILELAB_BACKEND=gpu; the score it got and the score the corpus expects on a GPU are recorded.

    python bench/gpu_corpus_judge.py [--names "02: ..." ...] [--only] [--assignment 07_hopper] [--bare]
                                     [--tag T] [--commit SHA] [--out bench/results]

``--only``: just the entries named. ``--assignment``: every kernel entry of that assignment instead
(earns_gpu or not), and only those. ``--bare`` (or ``--direct``, its older name): without nbgrader (a
GPU host that lacks its wheels, such as a device call that carries only the nbval wheels):
the spec is made as the Judge preprocessor makes it (the rubric check's spec with the graded draw,
keyed by this machine's course secret) and goes to the same isolated judge process
(``python -I``, tilelab.judge), unsandboxed as there.

Writes gpu_corpus_judge-<date>[-<tag>].json after every entry (a run cut short keeps what it finished);
tests/test_grading_regression.py reads it: every recorded entry scored what the corpus expects today.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


_BOOT = "import sys; sys.path.insert(0, sys.argv.pop(1)); from tilelab.judge import main; sys.exit(main())"


def _bare_corpus() -> list:
    """The corpus entries with their expected scores (grading/regression.py's corpus(), without nbgrader)."""
    import tomllib

    from tilelab.rubric import load_rubric
    with open(ROOT / "tests" / "submissions" / "corpus.toml", "rb") as f:
        entries = tomllib.load(f)["submission"]
    for e in entries:
        if "kernel" in e:
            check = load_rubric(e["assignment"]).check(e["grade_id"])
            e["expected"] = {check.grade_id: check.points_of(e["earns"])}
            if "earns_gpu" in e:
                e["expected_gpu"] = {check.grade_id: check.points_of(e["earns_gpu"])}
    return entries


def _bare_judge(e) -> tuple:
    """({grade_id: score}, lines): the judge process on one kernel entry, its spec as autograde makes it."""
    import tempfile

    from tilelab.rubric import load_rubric
    from tilelab.rubric.draw import course_secret, graded_draw
    check = load_rubric(e["assignment"]).check(e["grade_id"])
    source = (ROOT / "tests" / "submissions" / e["kernel"]).read_text()
    spec = check.spec(source, backend="gpu", drawn=graded_draw(check, "", source, course_secret())).to_json()
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LD_LIBRARY_PATH", "CUDA_VISIBLE_DEVICES",
                                                        "CUDA_PATH", "CUDA_HOME")}
    env.update({"LANG": "C.UTF-8", "TILELAB_BACKEND": "gpu", "OPENBLAS_NUM_THREADS": "4", "OMP_NUM_THREADS": "4",
                "MKL_NUM_THREADS": "4"})
    with tempfile.TemporaryDirectory(prefix="tilelab-judge-") as tmp:
        path = os.path.join(tmp, "spec.json")
        with open(path, "w") as f:
            json.dump(spec, f)
        r = subprocess.run([sys.executable, "-I", "-c", _BOOT, str(ROOT), path], cwd=tmp, env=env,
                           capture_output=True, text=True, timeout=check.timeout_s)
    try:
        verdict = json.loads(r.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {}, [f"the judge failed (exit {r.returncode})"] + r.stderr.strip().splitlines()[-8:]
    return {check.grade_id: verdict["score"]}, verdict.get("lines", [])


def _gpu() -> str:
    try:
        return subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                              capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--names", nargs="*", default=[], help="further corpus entries (by name) to judge")
    ap.add_argument("--only", action="store_true", help="only the entries named")
    ap.add_argument("--assignment", default="", help="every kernel entry of this assignment, and only those")
    ap.add_argument("--bare", "--direct", action="store_true",
                    help="without nbgrader: the judge process on the spec alone")
    ap.add_argument("--tag", default="", help="added to the recording's name (a run of some entries only)")
    ap.add_argument("--commit", default=os.environ.get("TILELAB_COMMIT", ""))
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = ap.parse_args(argv)
    os.environ["TILELAB_BACKEND"] = "gpu"
    if args.bare:
        corpus, judge_entry = _bare_corpus(), _bare_judge
    else:
        from grading import regression
        corpus, judge_entry = regression.corpus(), lambda e: regression.judge_entry(e, backend="gpu")
    entries = [e for e in corpus if "kernel" in e and e.get("gpu", True)
               and (e["assignment"] == args.assignment if args.assignment else
                    ("expected_gpu" in e and not args.only) or e["name"] in args.names)]
    date = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    res = {"benchmark": "gpu_corpus_judge", "date": date, "commit": args.commit, "gpu": _gpu(),
           "command": "python " + " ".join(sys.argv),
           "how": "judge process on the spec alone (no nbgrader)" if args.bare else "grading.regression.judge_entry",
           "entries": []}
    path = Path(args.out) / f"gpu_corpus_judge-{date[:10]}{'-' + args.tag if args.tag else ''}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    for e in entries:
        t0 = time.perf_counter()
        try:
            got, lines = judge_entry(e)
        except Exception as ex:  # noqa: BLE001 - recorded, the next entry still runs
            got, lines = {}, [f"{type(ex).__name__}: {ex}"]
        expected = e.get("expected_gpu", e["expected"])
        row = {"name": e["name"], "grade_id": e["grade_id"], "got": got, "expected_gpu": expected,
               "as_expected": got == expected, "seconds": round(time.perf_counter() - t0, 1),
               "lines": [ln for ln in lines][:40]}
        res["entries"].append(row)
        print(f"{e['name']}: got {got}, expected {expected} ({row['seconds']} s)", flush=True)
        path.write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {path}")
    return 0 if all(r["as_expected"] for r in res["entries"]) else 1


if __name__ == "__main__":
    sys.exit(main())
