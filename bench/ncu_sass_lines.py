"""ncu's counts per SASS instruction, for the launches a total cannot explain.

    python bench/ncu_sass_lines.py --only NAME[,NAME...] --out DIR [--cubins DIR]     # on the GPU host

A kernel total says that the emulator and ncu differ, not where. ncu's SourceCounters
section counts every SASS instruction the launch executed (warp-level executions, shared
wavefronts, global sectors), including the code the driver links in at load time (vprintf),
which is in no cubin the emulator reads. This runs each launch of bench/fidelity.py that
``--only`` names under ncu with that section, one ncu process per launch, and writes
``ncu-sass-lines-<date>.json``: per launch the ncu command, its exit status and the source
page (``--page source --print-source sass --csv``) as ncu printed it, to be read on any
machine (docs/FIDELITY.md says what was learnt from it).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

import fidelity  # noqa: E402  (bench/fidelity.py: the launches, their inputs, the packing)


def run(cmd, timeout, **kw):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return 124, "", f"timed out after {timeout:.0f} s"


def profile_one(exe, L, packed, metrics, timeout, workdir, sections=("--section", "SourceCounters")) -> dict:
    from tilelab.gpu.ncu import _env, _write_request
    req = os.path.join(workdir, "req.pkl")
    rep = os.path.join(workdir, "rep")
    _write_request(req, [packed])
    cmd = [exe, *sections, "--metrics", ",".join(metrics), "--clock-control", "none",
           "--target-processes", "all", "--import-source", "no", "-f", "-o", rep,
           sys.executable, str(ROOT / "bench" / "fidelity_runone.py"), req]
    t0 = time.perf_counter()
    rc, out, err = run(cmd, timeout, env=_env(), cwd=workdir)
    got = {"id": L.id, "cmd": " ".join(cmd[:-3]), "rc": rc, "seconds": round(time.perf_counter() - t0, 1),
           "profile_tail": (out + err)[-3000:]}
    if not os.path.exists(rep + ".ncu-rep"):
        return got
    pages = {"source": [exe, "-i", rep + ".ncu-rep", "--page", "source", "--csv", "--print-source", "sass"],
             "raw": [exe, "-i", rep + ".ncu-rep", "--page", "raw", "--csv", "--print-units", "base"]}
    for page, c in pages.items():
        rc2, out2, err2 = run(c, 120)
        got[page] = {"rc": rc2, "stdout": out2, "stderr": err2[-2000:]}
    if got["source"]["rc"] != 0 or not got["source"]["stdout"].strip():
        # an ncu without --print-source: the plain source page
        c = [exe, "-i", rep + ".ncu-rep", "--page", "source", "--csv"]
        rc3, out3, err3 = run(c, 120)
        got["source_plain"] = {"rc": rc3, "stdout": out3, "stderr": err3[-2000:]}
    return got


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", required=True, help="comma-separated substrings of launch ids")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--timeout", type=float, default=120, help="seconds one launch's ncu may take")
    ap.add_argument("--budget", type=float, default=400, help="seconds for all of them")
    ap.add_argument("--sections", default="--section SourceCounters",
                    help="what ncu collects (e.g. '--set full': every source-level metric this ncu has)")
    ap.add_argument("--cubins", metavar="DIR",
                    help="profile (and read the SASS of) the cubins `bench/fidelity.py --save-cubins` wrote there, "
                         "the very ones the emulator's counts read, not this machine's own build")
    a = ap.parse_args(argv)
    from tilelab.gpu.ncu import find_ncu
    t_start = time.perf_counter()
    exe = find_ncu()
    metrics, dropped = fidelity.ncu_metric_names(exe)
    todo = [L for L in fidelity.launches(a.only) if L.profile is None]
    built = fidelity.build(todo, a.arch)
    host = fidelity.adopt_cubins(todo, built, a.cubins, a.arch) if a.cubins else None
    doc = {"date": datetime.date.today().isoformat(), "commit": os.environ.get("TILELAB_COMMIT", ""),
           "command": "python bench/ncu_sass_lines.py " + " ".join(sys.argv[1:] if argv is None else argv),
           "ncu": run([exe, "--version"], 30)[1].strip().splitlines()[-1:], "dropped_metrics": dropped,
           "cubins_from": {k: v for k, v in host.items() if k != "launches"} if host else None,
           "launches": []}
    for L in todo:
        if time.perf_counter() - t_start > a.budget - 30:
            doc["launches"].append({"id": L.id, "error": "out of --budget"})
            continue
        got = built[L.id]
        if isinstance(got, Exception):
            doc["launches"].append({"id": L.id, "error": f"{type(got).__name__}: {got}"})
            continue
        with tempfile.TemporaryDirectory(prefix="tilelab-ncu-lines-") as td:
            try:
                row = profile_one(exe, L, fidelity.pack(L, *got, a.arch), metrics, a.timeout, td,
                                  tuple(a.sections.split()))
            except Exception as e:
                row = {"id": L.id, "error": f"{type(e).__name__}: {e}"}
        print(f"{L.id}: rc {row.get('rc')}, {row.get('seconds')} s, source page "
              f"{len((row.get('source') or {}).get('stdout', ''))} chars", flush=True)
        doc["launches"].append(row)
    out = Path(a.out) / f"ncu-sass-lines-{doc['date']}.json"
    out.write_text(json.dumps(doc, indent=1))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
