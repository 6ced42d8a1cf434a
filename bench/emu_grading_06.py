"""Emulator time of each graded check, as autograde runs it (goal: < 10 s each on a 2-core
machine; issues 11 and 20). Not a timed test: a benchmark, run on the CPU machine.

    python bench/emu_grading_06.py [--repeat 3] [--out bench/results] [--assignments 00_start_here ...] [--worst]

For each check of the rubrics (default: tilelab/rubric/06_tensor_cores.toml), the reference
solution's kernel (from solutions/<assignment>) goes through the same judge subprocess autograde
uses (python -I, its own process, compile included, the sizes drawn as for a learner), --repeat
times; the wall time of the whole check, its CPU time (user + system of the judge process and
everything it ran: the measure that a loaded machine does not inflate), each part's seconds are
recorded, with the medians. The CPU time is the judge process's as its parent reaps it
(RUSAGE_CHILDREN): in the sandbox bwrap's inner process is not reaped into it, so run this with
TILELAB_UNSAFE=1 (the judge then runs as a plain child process; its work is the same). Each judge
runs with a fresh empty HOME, as in the sandbox (a private tmpfs): nothing it caches there (the
SASS listings of tilelab/toolchain/sass.py) carries from one run to the next.

``--worst`` also grades each check at its costliest draw (``worst_draw``: every drawn size at the
top of its range, the first the largest; the large launch at the top of its range on its edge
block and the interior blocks before it), the spec going to the same judge process, and records
both (``draw``: "graded" and "worst"). Writes bench/results/emu-grading-<which>-<date>[-worst].json.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from gpu_common import commit  # noqa: E402  (bench/, the script's folder)
from grading import regression  # noqa: E402
from grading.preprocessors.judge import run_judge  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402
from tilelab.problems import get_problem  # noqa: E402
from tilelab.rubric.draw import Draw, _multiples, _ranges  # noqa: E402


def _top(lo, hi, m, below=0):
    """The ``below``-th multiple of ``m`` down from the top of [lo, hi] (never under the range's first)."""
    first, last = -(-lo // m), hi // m
    return m * max(first, last - below)


def worst_draw(check) -> Draw:
    """The costliest draw the check's ranges allow on the emulator: its ``count`` sizes at the top
    of the emu range (distinct, the largest first: the GPU-like pass runs at the first), and its
    large sizes at the top of theirs, each on its edge block and the blocks before it (a full tile
    each: the edge one may be cut)."""
    d = check.draw or {}
    prob = get_problem(check.problem)
    dims = len(prob.size_names)
    out = Draw(how="the costliest draw (bench)")
    if "emu" in d:
        ranges, mult = _ranges(d["emu"], dims), _multiples(d.get("multiple", 1), dims)
        for i in range(int(d.get("count", 2))):
            # the i-th size: every dimension at the top, the last one stepped down i multiples
            size = [_top(lo, hi, m, i if j == dims - 1 else 0) for j, ((lo, hi), m) in enumerate(zip(ranges, mult))]
            out.emu.append(size if dims > 1 else size[0])
    if "large" in d:
        ranges = _ranges(d["large"], dims)
        mult = _multiples(d.get("large_multiple", d.get("multiple", 1)), dims)
        for i in range(int(d.get("large_count", 1))):
            size = [_top(lo, hi, m, i if j == dims - 1 else 0) for j, ((lo, hi), m) in enumerate(zip(ranges, mult))]
            size = size if dims > 1 else size[0]
            grid, _, _ = prob.launch(prob.size(size), check.block)
            n = 1
            for g in grid:
                n *= int(g)
            k = min(int(d.get("sample_blocks", 2)), n)
            out.large.append(size)
            out.blocks.append(sorted({n - 1, *range(k - 1)}))
    return out


def _judge(check, src, drawn):
    home = os.environ.get("HOME")
    with tempfile.TemporaryDirectory(prefix="tilelab-home-") as fresh:
        os.environ["HOME"] = fresh             # the judge's HOME, as the sandbox's: empty
        try:
            if drawn is None:
                return regression.judge_source(check, src, backend="emu")
            spec = check.spec(src, backend="emu", drawn=drawn).to_json()
            return run_judge(spec, timeout=check.timeout_s, memory_bytes=4 << 30)
        finally:
            if home is not None:
                os.environ["HOME"] = home


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--assignments", nargs="*", default=["06_tensor_cores"])
    ap.add_argument("--worst", action="store_true", help="each check at its costliest draw as well")
    args = ap.parse_args(argv)
    which = "06" if args.assignments == ["06_tensor_cores"] else "all"
    res = {"benchmark": f"emu-grading-{which}", "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
           "commit": commit(), "command": "python " + " ".join(sys.argv), "host": platform.node(),
           "cpus": os.cpu_count(), "python": platform.python_version(),
           "load_average": os.getloadavg(), "goal_s": 10.0, "goal_of": "CPU seconds per check",
           "unsafe": os.environ.get("TILELAB_UNSAFE", os.environ.get("UNSAFE", "")) == "1",
           "home": "a fresh empty HOME per judge run (no SASS listing cached between runs)", "checks": {}}
    checks = [(c, regression.read_notebook("solutions", a, c.notebook))
              for a in args.assignments for c in load_rubric(a).checks]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"emu-grading-{which}-{res['date'][:10]}{'-worst' if args.worst else ''}.json"
    for check, nb in checks:
        src = regression.kernel_source(nb, check)
        for label, drawn in [("graded", None)] + ([("worst", worst_draw(check))] if args.worst else []):
            runs = []
            for _ in range(args.repeat):
                t0, r0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
                v = _judge(check, src, drawn)
                r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
                runs.append({"wall_s": time.perf_counter() - t0, "cpu_s": round(cpu, 2), "score": v["score"],
                             "max": v["max"], "drawn": v.get("drawn"),
                             "parts": {p["name"]: p.get("seconds") for p in v.get("parts", [])}})
            med = statistics.median(r["wall_s"] for r in runs)
            cpu = statistics.median(r["cpu_s"] for r in runs)
            row = {"kernel": check.kernel, "median_wall_s": med, "median_cpu_s": cpu, "runs": runs}
            if args.worst:
                res["checks"].setdefault(check.grade_id, {})[label] = row
            else:
                res["checks"][check.grade_id] = row
            print(f"{check.grade_id:26s} {label:6s} {med:6.2f} s wall, {cpu:6.2f} s CPU, median of {args.repeat} "
                  f"(score {runs[0]['score']:g}/{runs[0]['max']:g}); "
                  + ", ".join(f"{k} {v:.2f}s" for k, v in runs[0]["parts"].items() if v is not None), flush=True)
            path.write_text(json.dumps(res, indent=1) + "\n")          # after every check
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
