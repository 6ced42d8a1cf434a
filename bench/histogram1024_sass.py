"""histogram1024Kernel's retry loop on the GPU, instruction by instruction (docs/FIDELITY.md).

    python bench/histogram1024_sass.py record --out DIR [--repeats 3]     # on the GPU host
    python bench/histogram1024_sass.py record --out DIR --probe-only --kernels probeRounds,probeStagedRounds
    python bench/histogram1024_sass.py summary DIR                         # anywhere: the JSON summary

``record`` runs, in one ncu process with the SourceCounters section (every SASS instruction's
warp-level and thread-level executions, shared wavefronts, global sectors), the launch of
collection/rodinia_histogram1024.cu that bench/fidelity.py records (the same cubin and inputs),
``--repeats`` times, and then the same cubin on small inputs designed to split one warp a known
way (one block of 32 threads: which lanes of which element share a bin). It writes each result's
source page (``ncu --import --page source --print-source sass --csv``) and raw page to
DIR/histogram1024-sass-ncu.json, and the .ncu-rep. Then, outside ncu, it runs
bench/histogram1024_probe.cu (the same loop written out to log, per lane and element, the lanes
that ran together: ``__activemask()``, and the SM clock) on the same inputs: DIR/histogram1024-probe.npz.
``summary`` reads the two sessions' recordings in bench/results/ and writes
histogram1024-sass-2026-12-02.json: the loop's counts per instruction for every input, whether
they repeat, the launch's totals from them, the probe against ncu, and the rule replayed from them
(bench/histogram1024_schedules.py's h200_rule) against both.
"""
from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
from recorded import read_json  # noqa: E402,F401  (plain or gzipped recordings; tests read through it too)

LAUNCH = "rodinia_histogram1024"




def _value(b: int) -> float:
    """A float in [0, 1) whose bin ((x - 0) / (1 - 0) * 1024, truncated) is b."""
    return (b + 0.5) / 1024.0


def designed() -> list[tuple[str, str, list]]:
    """(name, what it shows, [per element: 32 bins, lane by lane]) for one warp (one block of 32)."""
    distinct = lambda e: [(e * 32 + lane) % 1024 for lane in range(32)]
    same = lambda b: [b] * 32

    def pair(a, b, e=0, bin_=700):
        row = distinct(e)
        row[a] = row[b] = bin_
        return row
    halves = [500] * 16 + [600] * 16
    octet = distinct(0)
    octet[0:8] = [800] * 8
    return [
        ("distinct_x2", "no lane shares a bin: the loop runs once per element", [distinct(0), distinct(1)]),
        ("same_x1", "32 lanes on one bin, one element each", [same(5)]),
        ("same_distinct", "32 lanes on one bin, then every lane its own", [same(5), distinct(1)]),
        ("same_same", "32 lanes on one bin, then all on another", [same(5), same(9)]),
        ("pair01_distinct", "lanes 0 and 1 share a bin, then none", [pair(0, 1), distinct(1)]),
        ("pair3031_distinct", "lanes 30 and 31 share a bin, then none", [pair(30, 31), distinct(1)]),
        ("pair015_distinct", "lanes 0 and 15 share a bin, then none", [pair(0, 15), distinct(1)]),
        ("halves_distinct", "lanes 0-15 on one bin, 16-31 on another, then none", [halves, distinct(1)]),
        ("octet_distinct", "lanes 0-7 on one bin, then none", [octet, distinct(1)]),
        ("pair01_x4", "lanes 0 and 1 share a bin in the first of four elements", [pair(0, 1)] + [distinct(e) for e in (1, 2, 3)]),
        ("pair01_each_x4", "lanes 0 and 1 share a bin in each of four elements",
         [pair(0, 1, e, 700 + e) for e in range(4)]),
        ("same_x4", "32 lanes on one bin in each of four elements", [same(5 + e) for e in range(4)]),
        # lane 31 loses element 0 and joins the others' round of element 1 as a lane outside their
        # convergence barrier; lanes 2 and 3 share a bin there: lane 31 wins and passes the BSYNC
        # alone, lane 3 loses, the other winners wait for it; lane 31 then has no element 1 (63
        # values: it goes to the WARPSYNC) or has one (64 values: it loads it)
        ("tail_w", "lanes 30/31 share a bin, then 2/3 do; lane 31 has no second element", [pair(30, 31), pair(2, 3, 1, 701)[:31]]),
        ("tail_h", "lanes 30/31 share a bin, then 2/3 do; every lane has two elements", [pair(30, 31), pair(2, 3, 1, 701)]),
    ]


def _data(rows) -> np.ndarray:
    # element e of lane l sits at e * 32 + l (the grid-stride loop of one block of 32); a short
    # last row leaves its high lanes without that element
    return np.array([_value(b) for row in rows for b in row], np.float32)


def variants(launch, make):
    """[(name, Launch, args)]: the designed single-warp inputs, then the recorded launch's data on
    one block of 32 threads and on one of 96 (the launch itself is not among them)."""
    _, args, _ = make()
    data = next(a for a in args if getattr(a, "shape", None) == (4096,))
    out = []

    def with_data(x, grid, block):
        a = list(args)
        a[0] = np.zeros(1024, np.uint32)
        a[1] = np.asarray(x, np.float32)
        a[4] = len(x)
        return dataclasses.replace(launch, grid=grid, block=block), a
    for name, _why, rows in designed():
        out.append((name,) + with_data(_data(rows), (1,), (32,)))
    out.append(("launchdata_1x32",) + with_data(data, (1,), (32,)))
    out.append(("launchdata_1x96",) + with_data(data, (1,), (96,)))
    return out


def _run(cmd, timeout, **kw):
    try:
        r = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=timeout, **kw)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return 124, "", f"timed out after {timeout:.0f} s"


def record(a) -> int:
    import fidelity

    from tilelab.gpu.ncu import _env, _write_request, find_ncu
    t0 = time.perf_counter()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    if a.probe_only:
        launch = fidelity.launches(LAUNCH)[0]
        _k, args, _s = launch.make()
        probe(a, out, [("launch", launch, args)] + variants(launch, launch.make))
        print(f"probes done at {time.perf_counter() - t0:.1f} s", flush=True)
        return 0
    exe = find_ncu()
    metrics, dropped = fidelity.ncu_metric_names(exe)
    launch = fidelity.launches(LAUNCH)[0]
    kernel, args, symbols = launch.make()
    names, packed = [], []
    for r in range(a.repeats):
        names.append(f"launch_r{r}")
        packed.append(fidelity.pack(launch, kernel, args, symbols, a.arch))
    vs = variants(launch, launch.make)
    for name, L, va in vs:
        names.append(name)
        packed.append(fidelity.pack(L, kernel, va, symbols, a.arch))
    doc = {"date": datetime.date.today().isoformat(), "commit": os.environ.get("TILELAB_COMMIT", ""),
           "command": "python bench/histogram1024_sass.py " + " ".join(sys.argv[1:]),
           "ncu": _run([exe, "--version"], 30)[1].strip().splitlines()[-1:], "dropped_metrics": dropped,
           "launch": launch.id, "results": names,
           "designed": {n: {"why": w, "bins": rows} for n, w, rows in designed()}}
    with tempfile.TemporaryDirectory(prefix="tilelab-h1024-") as td:
        req = os.path.join(td, "req.pkl")
        rep = os.path.join(td, "histogram1024")
        _write_request(req, packed)
        cmd = [exe, "--section", "SourceCounters", "--metrics", ",".join(metrics), "--clock-control", "none",
               "--target-processes", "all", "--import-source", "no", "-f", "-o", rep,
               sys.executable, str(ROOT / "bench" / "fidelity_runone.py"), req]
        rc, so, se = _run(cmd, a.timeout, env=_env(), cwd=td)
        doc["profile"] = {"cmd": " ".join(cmd[:-3]), "rc": rc, "seconds": round(time.perf_counter() - t0, 1),
                          "tail": (so + se)[-3000:]}
        print(f"ncu: rc {rc}, {doc['profile']['seconds']} s", flush=True)
        repf = rep + ".ncu-rep"
        if os.path.exists(repf):
            (out / "histogram1024-sass.ncu-rep").write_bytes(Path(repf).read_bytes())
            base = [exe, "-i", repf]
            rc2, raw, err2 = _run(base + ["--page", "raw", "--csv", "--print-units", "base"], 120)
            doc["raw"] = {"rc": rc2, "stdout": raw, "stderr": err2[-2000:]}
            rc3, allsrc, err3 = _run(base + ["--page", "source", "--csv", "--print-source", "sass"], 300)
            doc["source_all"] = {"rc": rc3, "stdout": allsrc, "stderr": err3[-2000:]}
            per = []
            for i in range(len(names)):
                rc4, s4, e4 = _run(base + ["--launch-skip", str(i), "--launch-count", "1", "--page", "source",
                                           "--csv", "--print-source", "sass"], 120)
                per.append({"rc": rc4, "stdout": s4, "stderr": e4[-1000:]})
            doc["source"] = per
    (out / "histogram1024-sass-ncu.json").write_text(json.dumps(doc))
    print(f"ncu part done at {time.perf_counter() - t0:.1f} s", flush=True)
    probe(a, out, [("launch", launch, args)] + vs)
    print(f"all done at {time.perf_counter() - t0:.1f} s", flush=True)
    return 0


def probe(a, out: Path, runs):
    """bench/histogram1024_probe.cu on each input, outside ncu: per lane, its events."""
    import cupy as cp
    from fidelity_runone import load

    from tilelab.gpu.spec import kernel_spec
    from tilelab.toolchain import kernel_from_file
    cap = 1024
    got = {}
    for kname in a.kernels.split(","):
        spec = kernel_spec(kernel_from_file(ROOT / "bench" / "histogram1024_probe.cu", kname), a.arch)
        _mod, fn = load(cp, spec, False)
        for name, L, args in runs:
            data = np.asarray(args[1], np.float32)
            nthreads = L.grid[0] * L.block[0]
            for rep in range(a.repeats):
                ev = cp.zeros((nthreads * cap, 4), cp.uint32)
                ne = cp.zeros(nthreads, cp.uint32)
                fn(tuple(L.grid), tuple(L.block), (ev, ne, cp.asarray(data), np.float32(args[2]),
                                                   np.float32(args[3]), np.int32(len(data)), np.int32(cap)))
                cp.cuda.runtime.deviceSynchronize()
                n = ne.get()
                e = ev.get().reshape(nthreads, cap, 4)
                kmax = int(min(n.max(), cap))
                got[f"{kname}.{name}.r{rep}.n"] = n
                got[f"{kname}.{name}.r{rep}.events"] = e[:, :kmax]
    np.savez_compressed(out / f"histogram1024-probe{a.tag}.npz", **got)


# ---------------------------------------------------------------------------------- summary
LOOP = {"LDG": 0x2B0, "LDS": 0x420, "YIELD": 0x430, "STS": 0x470, "LDS2": 0x480, "BSYNC": 0x4B0,
        "BRA_back": 0x4C0, "WARPSYNC": 0x4D0}        # offsets in the NVRTC 13.0 cubin the H200 ran
OUTSIDE = {"shared_ld_requests": 768, "shared_st_requests": 768, "shared_ld_wavefronts": 768,
           "shared_st_wavefronts": 768}               # the clearing and merge loops (FIDELITY.md)


def source_pages(doc: dict) -> dict:
    """{result name: {offset: row}}: each result's source page, offsets from the kernel's start."""
    import csv
    import io
    out = {}
    for name, page in zip(doc["results"], doc["source"]):
        rows = list(csv.reader(io.StringIO(page["stdout"])))
        head = next(i for i, r in enumerate(rows) if r and r[0] == "Address")
        table, base = {}, None
        for r in rows[head + 1:]:
            if len(r) != len(rows[head]):
                continue
            x = dict(zip(rows[head], r))
            a = int(x["Address"], 16)
            base = a if base is None else base
            # branch targets as offsets from the kernel's start, as the addresses are
            x["Source"] = re.sub(r"0x[0-9a-f]{9,}", lambda m, b=base: hex(int(m.group(0), 16) - b), x["Source"])
            table[a - base] = x
        out[name] = table
    return out


def per_instruction(table: dict) -> dict:
    """The loop's instructions: warp-level and thread-level executions, shared wavefronts, global sectors."""
    def num(x):
        return int(float(x)) if x not in ("", "-") else 0
    return {k: {"sass": table[a]["Source"].strip(), "inst": num(table[a]["Instructions Executed"]),
                "thread_inst": num(table[a]["Thread Instructions Executed"]),
                "shared_wavefronts": num(table[a]["L1 Wavefronts Shared"]),
                "global_sectors": num(table[a]["L2 Theoretical Sectors Global"])} for k, a in LOOP.items()}


def launch_totals(pi: dict) -> dict:
    """The six totals of the recorded launch from its loop's per-instruction counts."""
    t = {"global_ld_requests": pi["LDG"]["inst"], "global_ld_sectors": pi["LDG"]["global_sectors"],
         "shared_st_requests": pi["STS"]["inst"], "shared_st_wavefronts": pi["STS"]["shared_wavefronts"],
         "shared_ld_requests": pi["LDS"]["inst"] + pi["LDS2"]["inst"],
         "shared_ld_wavefronts": pi["LDS"]["shared_wavefronts"] + pi["LDS2"]["shared_wavefronts"]}
    for k, v in OUTSIDE.items():
        t[k] += v
    return t


def probe_traces(npz, kernel: str, name: str, rep: int, nwarps: int) -> list:
    """Per warp, the probe's events as ("LDG" | "round" | "exit", lanes): the lanes that logged one
    event together (same clock, kind and __activemask())."""
    n, ev = npz[f"{kernel}.{name}.r{rep}.n"], npz[f"{kernel}.{name}.r{rep}.events"]
    out = []
    for w in range(nwarps):
        groups: dict = {}
        for lane in range(32):
            t = 32 * w + lane
            for j in range(min(int(n[t]), ev.shape[1])):
                code, mask, clock, _v = (int(x) for x in ev[t, j])
                groups.setdefault((clock, code >> 24, mask), []).append(lane)
        out.append([({1: "LDG", 2: "round", 3: "exit"}[kind], tuple(sorted(lanes)))
                    for (clock, kind, mask), lanes in sorted(groups.items())])
    return out


def summary(a) -> int:
    import fidelity
    import histogram1024_schedules as schedules
    res = Path(a.dir).resolve()
    runs = {"run1": (res / "histogram1024-sass-2026-12-02-ncu.json.gz", res / "histogram1024-sass-2026-12-02-probe.npz"),
            "run2": (res / "histogram1024-sass-2026-12-02-ncu-run2.json.gz",
                     res / "histogram1024-sass-2026-12-02-probe-run2.npz")}
    docs = {k: read_json(v[0]) for k, v in runs.items()}
    probes = {k: np.load(v[1]) for k, v in runs.items()}
    pages = {k: source_pages(d) for k, d in docs.items()}
    pis = {k: {n: per_instruction(t) for n, t in p.items()} for k, p in pages.items()}
    launch = fidelity.launches(LAUNCH)[0]
    _k, args, _s = launch.make()
    inputs = {"launch": (launch, args)}
    inputs.update({n: (L, va) for n, L, va in variants(launch, launch.make)})
    fid_rec = json.loads((res / "fidelity-2026-12-02-unseen23.json").read_text())
    ncu_totals = next(r for r in fid_rec["rows"] if r["id"] == launch.id)["ncu"]
    out = {"date": "2026-12-02", "command": "python bench/histogram1024_sass.py summary bench/results",
           "sources": {k: [f"bench/results/{p.name}" for p in v] for k, v in runs.items()},
           "recorded_with": {k: {"command": d["command"], "commit": d["commit"], "ncu": d["ncu"]}
                             for k, d in docs.items()},
           "gpu": "NVIDIA H200, driver 580.159.04 (bench/results/logs/histogram1024-sass-2026-12-02.log)",
           "loop_sass": {k: pis["run1"]["launch_r0"][k]["sass"] for k in LOOP}}

    def counts(pi):     # the numbers (the SASS text names absolute branch targets, which move per load)
        return {k: {f: v for f, v in row.items() if f != "sass"} for k, row in pi.items()}
    r1, r2 = pis["run1"], pis["run2"]
    out["repeats_identical"] = all(counts(r[f"launch_r{i}"]) == counts(r["launch_r0"]) for r in (r1, r2) for i in (1, 2))
    out["runs_identical"] = all(counts(r1[n]) == counts(r2[n]) for n in r1)
    out["launch_totals_from_per_instruction"] = launch_totals(r1["launch_r0"])
    out["launch_totals_recorded"] = {k: ncu_totals[k] for k in out["launch_totals_from_per_instruction"]}
    out["per_instruction"] = {("launch" if n == "launch_r0" else n): {k: v["inst"] for k, v in pi.items()}
                              for n, pi in r2.items() if not n.startswith("launch_r") or n == "launch_r0"}
    out["per_instruction_launch"] = r2["launch_r0"]
    # the probe against ncu, and the staged probe against the global one
    checks, model = {}, {}
    for name, (L, va) in inputs.items():
        nw = L.grid[0] * L.block[0] // 32
        ncu = out["per_instruction"][name]
        glob = [probe_traces(probes["run2"], "probeRounds", name, r, nw) for r in range(3)]
        staged = [probe_traces(probes["run2"], "probeStagedRounds", name, r, nw) for r in range(3)]
        first = probe_traces(probes["run1"], "probeRounds", name, 0, nw) if f"probeRounds.{name}.r0.n" in probes["run1"] else None
        events = [e for tr in glob[0] for e in tr]
        checks[name] = {
            "probe_counts": {"LDG": sum(k == "LDG" for k, _ in events), "STS": sum(k == "round" for k, _ in events),
                             "BRA_back": sum(k == "exit" for k, _ in events)},
            "ncu_counts": {k: ncu[k] for k in ("LDG", "STS", "BRA_back")},
            "probe_repeats_identical": all(g == glob[0] for g in glob) and all(t == staged[0] for t in staged),
            "staged_equals_global": staged[0] == glob[0],
            "run1_equals_run2": first == glob[0] if first is not None else None}
        traces: list = []
        c = schedules.loop_counts(va[1], "h200_rule", L.grid[0], L.block[0], traces)
        got = {"LDG": c["global_ld_requests"], "STS": c["shared_st_requests"], "LDS": c["shared_ld_requests"] - c["shared_st_requests"],
               "BSYNC": c["bsync"], "BRA_back": c["bra_out"], "WARPSYNC": c["warpsync"]}
        model[name] = {"counts": got, "ncu": {k: ncu[k] for k in got},
                       "warps_matching_probe": [w for w in range(nw) if traces[w] == glob[0][w]], "warps": nw}
    out["probe_checks"] = checks
    out["h200_rule"] = model
    out["h200_rule_launch_totals"] = {k: v for k, v in schedules.totals(args[1], "h200_rule").items()
                                      if k in out["launch_totals_recorded"]}
    path = res / "histogram1024-sass-2026-12-02.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    ok = sum(len(m["warps_matching_probe"]) for m in model.values())
    print(f"repeats identical {out['repeats_identical']}, runs identical {out['runs_identical']}")
    print(f"per-instruction sums = recorded totals: {out['launch_totals_from_per_instruction'] == out['launch_totals_recorded']}")
    print(f"probe counts = ncu's: {all(v['probe_counts'] == v['ncu_counts'] for v in checks.values())}; "
          f"staged = global: {all(v['staged_equals_global'] for v in checks.values())}")
    print(f"h200_rule: {ok} of {sum(m['warps'] for m in model.values())} warps' traces; "
          f"inputs whose loop counts equal ncu's: {sum(m['counts'] == m['ncu'] for m in model.values())} of {len(model)}")
    print("launch totals, h200_rule vs ncu:", {k: (out["h200_rule_launch_totals"][k], v) for k, v in out["launch_totals_recorded"].items()})
    print(f"wrote {path}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("--out", required=True)
    r.add_argument("--arch", default="sm_90")
    r.add_argument("--repeats", type=int, default=3)
    r.add_argument("--timeout", type=float, default=300)
    r.add_argument("--probe-only", action="store_true", help="only bench/histogram1024_probe.cu, no ncu")
    r.add_argument("--kernels", default="probeElements,probeRounds", help="the probe's kernels to run")
    r.add_argument("--tag", default="", help="appended to the probe's file name")
    s = sub.add_parser("summary")
    s.add_argument("dir", nargs="?", default=str(ROOT / "bench" / "results"))
    a = ap.parse_args(argv)
    return record(a) if a.cmd == "record" else summary(a)


if __name__ == "__main__":
    sys.exit(main())
