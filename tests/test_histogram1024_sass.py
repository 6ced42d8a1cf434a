"""The racing histogram's retry loop on the H200, instruction by instruction (docs/FIDELITY.md).

bench/results/histogram1024-sass-2026-12-02-ncu*.json.gz are two ncu SourceCounters runs (two machines
of the same H200 kind) of collection/rodinia_histogram1024.cu's recorded launch, three times each,
and of the same cubin on small inputs designed to split one warp a known way;
bench/results/histogram1024-sass-2026-12-02-probe*.npz are bench/histogram1024_probe.cu's per-lane
logs of the same loop on the same inputs (which lanes ran each step together). These tests read
them (no GPU) and check what FIDELITY.md says they show, and the rule replayed from them
(bench/histogram1024_schedules.py's h200_rule) against both.
"""
from __future__ import annotations

import json
import sys

import numpy as np
import pytest
from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid
import histogram1024_sass as hs
import histogram1024_schedules as schedules

RES = ROOT / "bench" / "results"
NCU = [RES / "histogram1024-sass-2026-12-02-ncu.json.gz", RES / "histogram1024-sass-2026-12-02-ncu-run2.json.gz"]
PROBE = [RES / "histogram1024-sass-2026-12-02-probe.npz", RES / "histogram1024-sass-2026-12-02-probe-run2.npz"]
REC = RES / "fidelity-2026-12-02-unseen23.json"
RACE = "collection/rodinia_histogram1024.cu:histogram1024Kernel"


@pytest.fixture(scope="module")
def counts():
    """Per run, per result: the loop's per-instruction numbers (the SASS text left out)."""
    out = []
    for path in NCU:
        doc = hs.read_json(path)
        assert doc["launch"] == RACE and all(p["rc"] == 0 for p in doc["source"])
        out.append({name: {k: {f: v for f, v in row.items() if f != "sass"} for k, row in hs.per_instruction(t).items()}
                    for name, t in hs.source_pages(doc).items()})
    return out


@pytest.fixture(scope="module")
def inputs():
    launch = fid.launches(hs.LAUNCH)[0]
    _k, args, _s = launch.make()
    got = {"launch": (launch, args)}
    got.update({n: (L, a) for n, L, a in hs.variants(launch, launch.make)})
    return got


@pytest.fixture(scope="module")
def probe():
    return [np.load(p) for p in PROBE]


def _inst(row, key):
    return row[key]["inst"]


def test_the_per_instruction_counts_repeat_and_add_up_to_the_recorded_totals(counts):
    """Three ncu runs of the launch in each of two H200 sessions: the same count at every SASS
    instruction of the loop, and the same for every small input in both sessions; their sums
    (plus the clearing and merge loops' 768 loads and stores) are the totals that the unseen-suite
    recording holds for this launch."""
    for run in counts:
        assert run["launch_r1"] == run["launch_r0"] == run["launch_r2"]
    common = set(counts[0]) & set(counts[1])
    assert len(common) == 17 and all(counts[0][n] == counts[1][n] for n in common)
    launch = counts[0]["launch_r0"]
    rec = next(r for r in read_json(REC)["rows"] if r["id"] == RACE)["ncu"]
    totals = hs.launch_totals(launch)
    assert totals == {k: rec[k] for k in totals}
    # the loop as the H200 ran it: 175 loads of an element, 230 first loads of a round (and as many
    # YIELDs), 164 stores, 164 BSYNCs but 180 branches back over the data, 49 WARPSYNC arrivals
    # for 24 warps: lock-step warps would make 128 element loads and one WARPSYNC each
    assert _inst(launch, "LDS") == _inst(launch, "YIELD") > _inst(launch, "STS") == _inst(launch, "BSYNC")
    assert _inst(launch, "BRA_back") > _inst(launch, "BSYNC")
    assert _inst(launch, "LDG") > 128 and _inst(launch, "WARPSYNC") > 24


def test_the_probe_runs_as_the_kernel_does_and_memory_latency_changes_nothing(counts, probe, inputs):
    """bench/histogram1024_probe.cu (the same loop, logging per lane) makes exactly the element
    loads, stores and branches back that ncu counts in the kernel, on every input; its three runs
    agree, and so does its staged variant, whose element loads are shared loads: the order in which
    a warp's parts run does not follow memory latency."""
    run2 = counts[1]
    for name, (L, _a) in inputs.items():
        nw = L.grid[0] * L.block[0] // 32
        traces = [hs.probe_traces(probe[1], "probeRounds", name, r, nw) for r in range(3)]
        staged = hs.probe_traces(probe[1], "probeStagedRounds", name, 0, nw)
        assert traces[0] == traces[1] == traces[2] == staged, name
        events = [kind for tr in traces[0] for kind, _ in tr]
        ncu = run2["launch_r0" if name == "launch" else name]
        assert (events.count("LDG"), events.count("round"), events.count("exit")) == \
            (_inst(ncu, "LDG"), _inst(ncu, "STS"), _inst(ncu, "BRA_back")), name


def test_a_store_of_several_lanes_to_one_word_keeps_the_lowest_lanes_value(probe):
    """All 32 lanes on one bin, one element each: the lanes leave the retry loop one per round,
    lane 0 first, lane 31 last, so each round's store kept the lowest storing lane's value."""
    trace = hs.probe_traces(probe[0], "probeRounds", "same_x1", 0, 1)[0]
    exits = [lanes for kind, lanes in trace if kind == "exit"]
    assert exits == [(lane,) for lane in range(32)]


def test_the_h200_rule_replays_the_single_warp_inputs_and_41_of_42_warps(counts, probe, inputs):
    """h200_rule (the rule FIDELITY.md states) against the recordings: every small single-warp
    input's per-instruction counts and trace exactly; of the 42 warps of all inputs, 41 traces event
    for event; on the launch, the global load totals exactly and each shared total within one."""
    run2 = counts[1]
    matched = total = 0
    for name, (L, a) in inputs.items():
        traces: list = []
        c = schedules.loop_counts(a[1], "h200_rule", L.grid[0], L.block[0], traces)
        nw = L.grid[0] * L.block[0] // 32
        gpu = hs.probe_traces(probe[1], "probeRounds", name, 0, nw)
        ok = [traces[w] == gpu[w] for w in range(nw)]
        matched, total = matched + sum(ok), total + nw
        ncu = run2["launch_r0" if name == "launch" else name]
        got = (c["global_ld_requests"], c["shared_st_requests"], c["bsync"], c["bra_out"], c["warpsync"])
        want = tuple(_inst(ncu, k) for k in ("LDG", "STS", "BSYNC", "BRA_back", "WARPSYNC"))
        if not name.startswith(("launch", "launchdata")):
            assert all(ok) and got == want, name
    assert total == 42 and matched >= 41
    rec = next(r for r in read_json(REC)["rows"] if r["id"] == RACE)["ncu"]
    t = schedules.totals(inputs["launch"][1][1], "h200_rule")
    assert (t["global_ld_requests"], t["global_ld_sectors"]) == (rec["global_ld_requests"], rec["global_ld_sectors"])
    shared = ("shared_ld_wavefronts", "shared_st_wavefronts", "shared_ld_requests", "shared_st_requests")
    assert all(abs(t[k] - rec[k]) <= 1 for k in shared)
    lock = schedules.totals(inputs["launch"][1][1], "lockstep")
    assert all(abs(t[k] - rec[k]) < abs(lock[k] - rec[k]) for k in shared)


def test_the_summary_is_what_the_recordings_give(tmp_path):
    """bench/results/histogram1024-sass-2026-12-02.json is `histogram1024_sass.py summary` of the
    recordings at this commit."""
    stored = read_json(RES / "histogram1024-sass-2026-12-02.json")
    for name in ("histogram1024-sass-2026-12-02-ncu.json.gz", "histogram1024-sass-2026-12-02-ncu-run2.json.gz",
                 "histogram1024-sass-2026-12-02-probe.npz", "histogram1024-sass-2026-12-02-probe-run2.npz",
                 "fidelity-2026-12-02-unseen23.json"):
        (tmp_path / name).symlink_to(RES / name)
    hs.main(["summary", str(tmp_path)])
    fresh = read_json(tmp_path / "histogram1024-sass-2026-12-02.json")
    skip = ("sources",)
    assert {k: v for k, v in fresh.items() if k not in skip} == {k: v for k, v in stored.items() if k not in skip}
