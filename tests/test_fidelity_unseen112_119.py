"""Issue 23's eighth round: eight unseen suites (unseen112 to unseen119, 99 launches) recorded with ncu in two device
calls on an H100 (no H200 was lent), the GPU measuring the very cubins the emulator's counts read (``--save-cubins``
here, ``--cubins`` there), and a third call for the launches whose anonymous-namespace names the first refused, the
GPU outputs' recheck and the repeats (docs/FIDELITY.md, "an eighth round"). Compared as each came (the emulator of
this session's start: the suites merged before any change, unseen113 at its own -before commit) and now.

As each came: 1,232 of 1,248 kernel totals (98.72%), 96 of the 99 launches running (PFAC's two refused by NVRTC as
nvcc 12 refuses them, warp-rnnt's kernel_warp held at a shuffle), one suite meeting the line (unseen115). Now: 1,258
of 1,258 after two count rules (loads ptxas sinks with their arithmetic; a 4-byte cp.async's sectors), one merge
rule (a word read again after predicated ifs), four replay instructions (I2F.RP, P2R, FADD, FMUL) and one scheduling
fix (lanes parked at a shuffle while only spin-waiters run), with 3 totals set apart."""
from __future__ import annotations

import csv
import io

from conftest import ROOT, read_json, unseen_gpu_outputs, unseen_tallies

RES = ROOT / "bench" / "results"
#: suite -> (launches compared as it came, ran as it came, equal as it came, totals as it came, ran now, equal now,
#: totals now)
TALLY = {112: (13, 13, 165, 169, 13, 168, 168), 113: (9, 8, 104, 104, 9, 117, 117),
         114: (10, 10, 126, 130, 10, 130, 130), 115: (14, 14, 182, 182, 14, 182, 182),
         116: (10, 10, 128, 130, 10, 128, 128), 117: (15, 15, 193, 195, 15, 195, 195),
         118: (12, 10, 130, 130, 10, 130, 130), 119: (16, 16, 204, 208, 16, 208, 208)}
#: suite -> (launches, as expected) on the H100 in the round's first calls; unseen113's and unseen117's nine were the
#: manifest's tolerances (expf, log1pf, exp2f: .approx), set since and checked again
GPU = {112: (13, 13), 113: (9, 4), 114: (10, 10), 115: (14, 14), 116: (10, 10), 117: (15, 11), 118: (12, 12),
       119: (16, 16)}


def test_each_suite_as_it_came_and_now_and_the_line():
    came_sum, now_sum, met = unseen_tallies(TALLY, date="2026-12-06")
    assert came_sum == [1232, 1248] and now_sum == [1258, 1258]
    assert met == [115]
    assert came_sum[0] / came_sum[1] < 0.99 <= now_sum[0] / now_sum[1]


def test_the_gpus_outputs_as_recorded_and_rechecked():
    unseen_gpu_outputs(GPU, date="2026-12-06", device="NVIDIA H100 80GB HBM3")
    again = read_json(RES / "collection-gpu-2026-12-06-unseen113-117-recheck.json")
    assert (again["kernels"], again["as_expected"]) == (13, 13)


def test_the_round_measured_this_machines_cubins():
    for n in range(112, 120):
        rec = read_json(RES / f"fidelity-2026-12-06-unseen{n}.json")
        assert rec["cubins_from"] and rec["cubins_from"]["nvrtc"], n
    for n in (112, 114):            # the launches the first call refused, their anonymous namespaces named again
        rec = read_json(RES / f"fidelity-2026-12-06-unseen{n}-anon.json")
        assert len(rec["rows"]) == 3 and all(r.get("ncu") for r in rec["rows"]), n


def _lds_wavefronts(launch) -> int:
    text = launch["source"]["stdout"].splitlines()
    head = next(k for k, line in enumerate(text) if line.startswith('"Address"'))
    total = 0
    for row in csv.DictReader(io.StringIO("\n".join(text[head:]))):
        words = row["Source"].split()
        op = words[1] if words and words[0].startswith("@") else (words[0] if words else "")
        if op.startswith("LDS"):
            total += int(row["L1 Wavefronts Shared"] or 0)
    return total


def test_the_set_apart_totals_moved_and_the_per_instruction_sums_are_the_emulators():
    """NmDistanceKernel's shared-load wavefronts: ncu's launch totals moved in four runs, ncu's own per-instruction
    sum is the emulator's (32,640 both ways); find_cell_contents' store sectors moved with the atomics' order."""
    reps = read_json(RES / "fidelity-2026-12-06-rep8-repeats.json")["launches"]
    first = {r["id"]: r.get("ncu") for n in (112, 116)
             for r in read_json(RES / f"fidelity-2026-12-06-unseen{n}.json")["rows"]}
    now = {r["id"]: r for n in (112, 116)
           for r in read_json(RES / f"fidelity-compare-2026-12-06-unseen{n}-after.json")["rows"]}
    lines = {L["id"]: L for L in read_json(RES / "ncu-sass-lines-2026-12-06-rep8.json.gz")["launches"]}
    checked = 0
    for lid, runs in reps.items():
        key = "shared_ld_wavefronts" if "NmDistance" in lid else \
            ("global_st_sectors" if "cell_contents" in lid else None)
        if key is None:
            continue
        seen = {r[key] for r in runs} | {first[lid][key]}
        assert len(seen) > 1, lid                          # the total moved between runs
        check = now[lid]["checks"][key]
        assert check.get("apart") and check["emu"] not in seen
        if key == "shared_ld_wavefronts":
            assert _lds_wavefronts(lines[lid]) == check["emu"] == 32640
        checked += 1
    assert checked == 3
