#!/usr/bin/env python3
"""How long a class takes to grade, estimated from the recorded grade_scale runs (issue 8).

    python bench/grade_estimate.py [--date 2026-12-01] [--count 1000] [--gpus 8]

Reads bench/results/grade_scale-<date>*.json: the CPU runs (1 and 2 workers on the 2-core
machine) and the GPU runs (one worker on one H200, timed speed checks; a run may be split in
parts, one device call each). The estimate assumes what grade.py does on a GPU host: one Dask
worker per GPU, each grading one submission at a time, so N GPUs grade N submissions at once;
a submission's pipeline (Jupyter kernel, judge, feedback) keeps about one core busy, so the
node needs at least N free cores for it (an 8-GPU node has far more). Nothing is measured
here: it only adds up recordings, and writes bench/results/grade_estimate-<date>.json.
"""
from __future__ import annotations

import argparse
import glob
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--date", default=None, help="the recordings' date (default: the newest)")
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--gpus", type=int, default=8)
    args = ap.parse_args()
    files = sorted(glob.glob(str(RESULTS / "grade_scale-20[0-9][0-9]-*.json")))
    # the newest date with a GPU recording (a later CPU-only run, as on 2026-12-02, has nothing to add up)
    gpu_dates = [Path(f).name[len("grade_scale-"):][:10] for f in files
                 if json.loads(Path(f).read_text())["machine"].get("gpu")]
    date = args.date or max(gpu_dates or [Path(f).name[len("grade_scale-"):][:10] for f in files])
    recs = {Path(f).name: json.loads(Path(f).read_text()) for f in files if date in Path(f).name}
    gpu = {n: r for n, r in recs.items() if r["machine"].get("gpu")}
    cpu = {n: r for n, r in recs.items() if not r["machine"].get("gpu") and "1" in r["runs"] and "2" in r["runs"]}
    if not gpu:
        raise SystemExit(f"no GPU grade_scale recording of {date}")
    subs = sum(r["submissions"] for r in gpu.values())
    secs = sum(run["grading_s"] for r in gpu.values() for run in r["runs"].values())
    per_sub = secs / subs
    out = {"date": date, "from": sorted(gpu) + sorted(cpu),
           "gpu": {"device": sorted({g for r in gpu.values() for g in r["machine"]["gpu"]}),
                   "assignment": sorted({r["assignment"] for r in gpu.values()}),
                   "submissions": subs, "grading_s": secs, "seconds_per_submission_one_gpu": round(per_sub, 2),
                   "failed": sum(len(run["failed"]) for r in gpu.values() for run in r["runs"].values())},
           "estimate": {"submissions": args.count, "gpus": args.gpus,
                        "minutes": round(args.count * per_sub / args.gpus / 60, 1),
                        "cores_needed_at_least": args.gpus}}
    if cpu:
        name, r = max(cpu.items(), key=lambda kv: kv[1]["date"])   # the newest run of that day
        out["cpu"] = {"file": name, "assignment": r["assignment"], "submissions": r["submissions"],
                      "seconds_per_submission_per_core": r.get("seconds_per_submission_per_core"),
                      "speedup_2_vs_1": r.get("speedup_2_vs_1"),
                      "sandbox_overhead_per_submission_s": (r.get("sandbox_overhead") or {}).get("overhead_per_submission_s")}
    path = RESULTS / f"grade_estimate-{date}.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    g = out["gpu"]
    print(f"GPU: {g['submissions']} submissions of {', '.join(g['assignment'])} in {secs:.0f} s on one "
          f"{', '.join(g['device'])} worker: {per_sub:.2f} s each ({g['failed']} failed)")
    if cpu:
        c = out["cpu"]
        print(f"CPU: {c['seconds_per_submission_per_core']} s per submission per core, "
              f"{c['speedup_2_vs_1']}x with 2 workers, sandbox {c['sandbox_overhead_per_submission_s']} s per submission")
    print(f"estimate: {args.count} submissions on {args.gpus} GPUs (one worker each): "
          f"{out['estimate']['minutes']} min; {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
