"""The whole judge on a GPU over the corpus entries whose GPU grade is not the emulator's (issue 20):
the entries with ``earns_gpu`` (where timing, not counts, decides) and the drawn-size entries named
on the command line. Each goes through the same judge subprocess autograde uses (grading/regression.py)
with TILELAB_BACKEND=gpu; the score it got and the score the corpus expects on a GPU are recorded.

    python bench/gpu_corpus_judge.py [--names "02: ..." ...] [--assignment 07_hopper] [--tag T] [--commit SHA]
                                     [--out bench/results]

``--assignment``: every kernel entry of that assignment instead (earns_gpu or not), and only those.
``--direct``: on a machine without nbgrader (a device call that carries only the nbval wheels): the
same judge process (``python -m tilelab.judge SPEC.json``) on the spec grading/preprocessors/judge.py
makes (the rubric check's spec, the graded draw), started here instead of through the preprocessor;
the corpus read from tests/submissions/corpus.toml as grading/regression.py reads it.
Writes gpu_corpus_judge-<date>[-<tag>].json after every entry (a run cut short keeps what it finished);
tests/test_grading_regression.py reads every such recording (the newest per entry): every recorded entry
scored what the corpus expects today.
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



def _corpus_direct() -> list:
    """grading.regression.corpus() for kernel entries, without nbgrader."""
    import tomllib
    from tilelab.rubric import load_rubric
    entries = tomllib.loads((ROOT / "tests" / "submissions" / "corpus.toml").read_text())["submission"]
    out = []
    for e in entries:
        if "kernel" not in e:
            continue
        check = load_rubric(e["assignment"]).check(e["grade_id"])
        e["expected"] = {check.grade_id: check.points_of(e["earns"])}
        if "earns_gpu" in e:
            e["expected_gpu"] = {check.grade_id: check.points_of(e["earns_gpu"])}
        out.append(e)
    return out


def _judge_direct(e) -> tuple:
    """({grade_id: score}, lines) from ``python -m tilelab.judge`` on the spec grading makes."""
    import tempfile
    from tilelab.rubric import load_rubric
    from tilelab.rubric.draw import course_secret, graded_draw
    check = load_rubric(e["assignment"]).check(e["grade_id"])
    source = (ROOT / "tests" / "submissions" / e["kernel"]).read_text()
    spec = check.spec(source, backend="gpu", drawn=graded_draw(check, "", source, course_secret(None))).to_json()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(spec, f)
    try:
        r = subprocess.run([sys.executable, "-m", "tilelab.judge", f.name], capture_output=True, text=True,
                           timeout=check.timeout_s, env=dict(os.environ, TILELAB_BACKEND="gpu"))
    finally:
        os.unlink(f.name)
    v = json.loads(r.stdout.strip().splitlines()[-1])
    return {check.grade_id: v["score"]}, v.get("lines", [])


def _gpu() -> str:
    try:
        return subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                              capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--names", nargs="*", default=[], help="further corpus entries (by name) to judge")
    ap.add_argument("--assignment", default="", help="every kernel entry of this assignment, and only those")
    ap.add_argument("--tag", default="", help="added to the recording's name (a run of some entries only)")
    ap.add_argument("--direct", action="store_true", help="without nbgrader: the judge process started here")
    ap.add_argument("--commit", default=os.environ.get("TILELAB_COMMIT", ""))
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = ap.parse_args(argv)
    os.environ["TILELAB_BACKEND"] = "gpu"
    if args.direct:
        corpus, judge = _corpus_direct(), _judge_direct
    else:
        from grading import regression
        corpus, judge = regression.corpus(), lambda e: regression.judge_entry(e, backend="gpu")
    entries = [e for e in corpus if "kernel" in e and e.get("gpu", True)
               and (e["assignment"] == args.assignment if args.assignment else
                    "expected_gpu" in e or e["name"] in args.names)]
    date = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    res = {"benchmark": "gpu_corpus_judge", "date": date, "commit": args.commit, "gpu": _gpu(),
           "command": "python " + " ".join(sys.argv),
           "how": ("python -m tilelab.judge on grading's spec and draw, started by this script (no nbgrader here)"
                   if args.direct else "grading/regression.py judge_entry: the judge subprocess autograde uses"),
           "entries": []}
    path = Path(args.out) / f"gpu_corpus_judge-{date[:10]}{'-' + args.tag if args.tag else ''}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    for e in entries:
        t0 = time.perf_counter()
        try:
            got, lines = judge(e)
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
