"""ncu's counts of cubins another toolchain built: is a miss the emulator's, or the toolchains'?

The emulator counts what the SASS of *its* cubin does (ptxas merges scalar shared loads into
LDS.64/LDS.128, predicates branches); a GPU host whose NVRTC/ptxas is another version may make
other choices, and ncu counts those. This builds the launches of bench/fidelity.py here, with
this machine's NVRTC and ptxas, carries the cubins to the GPU host, and profiles them there:

    TILELAB_NVRTC=13 python bench/ncu_toolchain.py --build REQ.pkl --only S     # here: the cubins
    python bench/ncu_toolchain.py --profile REQ.pkl --out DIR                   # GPU host: ncu-toolchain-<date>.json
    TILELAB_NVRTC=13 python bench/ncu_toolchain.py --compare bench/results/ncu-toolchain-<date>.json
        # here again, the same NVRTC: the emulator's counts against ncu's of those cubins
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import fidelity  # noqa: E402  (the launches, their inputs, the packing, the metrics)


def _nvrtc() -> str:
    from tilelab.toolchain import nvrtc_version
    return ".".join(map(str, nvrtc_version()))


def build(path, only, arch="sm_90") -> int:
    todo = [L for L in fidelity.launches(only) if L.profile is None]
    built = fidelity.build(todo, arch)
    ids, packs, tools = [], [], {}
    for L in todo:
        got = built[L.id]
        if isinstance(got, Exception):
            print(f"{L.id}: {type(got).__name__}: {got}")
            continue
        packs.append(fidelity.pack(L, *got, arch))
        ids.append(L.id)
        tools[L.id] = got[0].program.assembled(arch).tool
    Path(path).write_bytes(pickle.dumps({"nvrtc": _nvrtc(), "arch": arch, "ids": ids, "assembled_by": tools,
                                         "only": only, "packs": packs}))
    print(f"{len(ids)} launches, NVRTC {_nvrtc()}, cubins by {sorted(set(tools.values()))}: wrote {path}")
    return 0


def profile(path, out_dir) -> int:
    from tilelab.gpu.ncu import find_ncu, ncu_profile, requested
    req = pickle.loads(Path(path).read_bytes())
    exe = find_ncu()
    metrics, dropped = fidelity.ncu_metric_names(exe)
    launched = [L for L in fidelity.launches(req["only"]) if L.id in req["ids"]]
    order = {i: n for n, i in enumerate(req["ids"])}
    launched.sort(key=lambda L: order[L.id])
    rows = ncu_profile(req["packs"], metrics=metrics, timeout=240, runner=(str(ROOT / "bench" / "fidelity_runone.py"),))
    out = []
    for L, raw in fidelity.align(launched, rows):
        out.append({"id": L.id, "ncu": fidelity.ncu_counts(raw) if raw else None,
                    "ncu_raw": requested(raw, metrics) if raw else None})
    doc = {"date": dt.date.today().isoformat(), "commit": os.environ.get("TILELAB_COMMIT", ""),
           "command": "python bench/ncu_toolchain.py " + " ".join(sys.argv[1:]),
           "cubins_from": {"nvrtc": req["nvrtc"], "assembled_by": req["assembled_by"], "arch": req["arch"]},
           "ncu": subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-1:],
           "metrics_dropped": dropped, "rows": out}
    try:
        from tilelab.gpu.device import Device
        doc["gpu"] = Device().info()
    except Exception as e:                                     # noqa: BLE001
        doc["gpu"] = f"{type(e).__name__}: {e}"
    dest = Path(out_dir) / f"ncu-toolchain-{doc['date']}-nvrtc{req['nvrtc']}.json"
    dest.write_text(json.dumps(doc, indent=1, default=str) + "\n")
    for r in out:
        print(r["id"], r["ncu"])
    print(f"wrote {dest}")
    return 0


def compare(path, only: str = "") -> int:
    rec = json.loads(Path(path).read_text())
    want = rec["cubins_from"]["nvrtc"]
    if _nvrtc().split(".")[:2] != want.split(".")[:2]:
        raise SystemExit(f"the recording's cubins came from NVRTC {want}; this one is {_nvrtc()} (set TILELAB_NVRTC)")
    by_id = {L.id: L for L in fidelity.launches("")}
    bad = 0
    for r in rec["rows"]:
        if only and not any(x and x in r["id"] for x in only.split(",")):
            continue
        L = by_id[r["id"]]
        emu = fidelity.emulate(L, "sass", rec["cubins_from"]["arch"])["metrics"]
        checks = fidelity.compare_row(emu, r["ncu"] or {}, L.apart)
        diff = {k: (c["emu"], c["ncu"]) for k, c in checks.items() if not c["equal"]}
        bad += bool(diff) or not checks
        print(f"{r['id']}: {'equal in all ' + str(len(checks)) + ' totals' if not diff else diff}")
    return 1 if bad else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", metavar="REQ")
    ap.add_argument("--only", default="")
    ap.add_argument("--profile", metavar="REQ")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--compare", metavar="RECORDING")
    a = ap.parse_args(argv)
    if a.build:
        return build(a.build, a.only)
    if a.profile:
        return profile(a.profile, a.out)
    if a.compare:
        return compare(a.compare, a.only)
    ap.error("one of --build, --profile, --compare")


if __name__ == "__main__":
    sys.exit(main())
