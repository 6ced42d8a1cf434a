"""Every launch of kernels/ and collection/ recorded again at one commit on the H200 (docs/FIDELITY.md,
"every launch at one commit, the five unseen suites included"), and the probes that recording led to.

The whole comparison takes minutes on two cores (`python bench/fidelity.py --compare
bench/results/fidelity-2026-12-02-every-launch.json.gz`); here only the launches whose counts changed
since it was recorded, each against its ncu numbers.
"""
from __future__ import annotations
import gzip

import json
import sys
import tomllib

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

RES = ROOT / "bench" / "results"
EVERY = RES / "fidelity-2026-12-02-every-launch.json.gz"
STRINGS = RES / "fidelity-2026-12-02-vprintf-strings.json"
TRNS_REPEATS = RES / "fidelity-2026-12-02-trns-repeats.json"
TRNS = "collection/chai_trns.cu:PTTWAC_soa_asta"
FLOAT4 = "collection/leetcuda_block_all_reduce.cu:block_all_reduce_sum_f32x4_f32_kernel<256>"


def _compare(tmp_path, rec, only):
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(rec), "--only", only, "--json", str(out)])
    return {r["id"]: r for r in read_json(out)["rows"]}


def test_the_recording_holds_every_launch_of_the_tree():
    rec = json.loads(gzip.decompress(EVERY.read_bytes()))
    assert rec["commit"] == "61a7628" and rec["gpu"]["name"].startswith("NVIDIA H200")
    ids = [r["id"] for r in rec["rows"]]
    assert len(ids) == len(set(ids)) == 320
    here = {L.id for L in fid.launches()}
    assert set(ids) <= here                  # every launch recorded is still one of today's


def test_a_float4_read_past_its_array_costs_the_sectors_the_h200_read(tmp_path):
    row = _compare(tmp_path, EVERY, "/leetcuda_block_all_reduce")[FLOAT4]
    c = row["checks"]["global_ld_sectors"]
    assert c["ncu"] == 1280 and c["emu"] == 1280, c          # 1,250 before: the 30 sectors past `a` left out
    assert all(v["equal"] for v in row["checks"].values())


def test_trns_cycle_walk_is_the_gpus_timing_and_set_apart(tmp_path):
    runs = [r["ncu"] for r in read_json(TRNS_REPEATS)["runs"]]
    assert len(runs) == 3
    # the same launch, three ncu processes in a row: its totals move from run to run
    moved = {k for k in runs[0] if len({r.get(k) for r in runs}) > 1}
    assert {"global_ld_requests", "global_ld_sectors"} <= moved, moved
    entry = next(e for e in tomllib.loads((ROOT / "collection" / "manifest.toml").read_text())["kernel"]
                 if e["file"] == "chai_trns.cu")
    row = _compare(tmp_path, EVERY, "/chai_trns")[TRNS]
    differ = {k for k, v in row["checks"].items() if not v["equal"]}
    assert differ and differ <= set(entry["apart"]), (differ, entry.get("apart"))


def test_vprintf_stores_follow_the_lanes_string_lengths(tmp_path):
    rows = _compare(tmp_path, STRINGS, "/repro_printf.cu:printf")
    assert len(rows) == 17
    for rec in (RES / "fidelity-2026-12-02-vprintf-strings-predicted.json",
                RES / "fidelity-2026-12-02-vprintf-strings-decide.json"):
        more = _compare(tmp_path, rec, "/repro_printf.cu:printf")
        assert len(more) in (4, 2)
        rows.update(more)
    for i, r in rows.items():
        assert all(v["equal"] for v in r["checks"].values()), (i, r["checks"])
    st = {i.split(":")[1]: r["checks"]["global_st_requests"]["ncu"] for i, r in rows.items()}
    # the rule's evidence, read off the recording: equal lengths cost nothing more, whatever the length;
    # two strings that differ in opposite directions cost their largest difference, not the sum
    assert st["printfLaneLengths<1, 1, 1, 1>"] == st["printfLaneLengths<32, 32, 32, 32>"]
    assert st["printfLaneLengths<1, 33, 1, 1>"] - st["printfLaneLengths<1, 1, 1, 1>"] == 32
    assert (st["printfLaneTwoStrings<1, 9, 9, 1>"] - st["printfLaneTwoStrings<1, 1, 1, 1>"]
            == st["printfLaneTwoStrings<1, 9, 1, 1>"] - st["printfLaneTwoStrings<1, 1, 1, 1>"] == 8)
    # where one lane is the longer in both strings the differences add (the first rule's refuted prediction)
    assert st["printfLaneTwoStrings<1, 5, 1, 9>"] - st["printfLaneTwoStrings<1, 1, 1, 1>"] == 12
    # four lanes: each string's longest (9 + 9) less the shortest lane's total (1 + 1)
    assert st["printfFourLanesTwoStrings<1, 9, 9, 1, 1, 1, 1, 1>"] - st["printfLaneTwoStrings<1, 1, 1, 1>"] == 16


def test_every_collection_launchs_outputs_on_the_h200():
    """bench/collection_gpu.py over the whole collection at 630ffc9: every launch as expected, and where
    the GPU's bits differ from the emulator's the manifest says why (approximate math, atomics' order)."""
    rec = read_json(RES / "collection-gpu-2026-12-02-every.json.gz")
    assert rec["kernels"] == rec["as_expected"] == len(rec["results"]) == 422
    entries = tomllib.loads((ROOT / "collection" / "manifest.toml").read_text())["kernel"]
    notes = {(e["file"], e["name"]): e.get("gpu", "exact") for e in entries}
    differ = [r for r in rec["results"] if any(h.get("differ") for h in (r.get("hashes") or {}).values())]
    assert len(differ) == 26
    for r in differ:
        assert notes[(r["file"], r["kernel"])] != "exact", (r["file"], r["kernel"])


def test_the_pipelines_and_gups_cas_misses_move_between_runs_and_are_set_apart(tmp_path):
    rep = RES / "fidelity-2026-12-02-gups-hgemm-repeats.json"
    launches = read_json(rep)["launches"]
    assert len(launches) == 4
    entries = {f"collection/{e['file']}:{e['name']}": e
               for e in tomllib.loads((ROOT / "collection" / "manifest.toml").read_text())["kernel"]}
    rows = _compare(tmp_path, rep, ":d_bench<ATOMICTYPE_CAS>,/hgemm_mma_async_stage")
    assert set(rows) == set(launches)
    for lid, per in launches.items():
        assert all(len(v) == 3 for v in per["values"].values())
        differ = {k for k, v in rows[lid]["checks"].items() if not v["equal"]}
        # what the emulator misses is exactly what moved between three ncu runs of the same launch ...
        assert differ and differ == set(per["moves"]), (lid, differ, per["moves"])
        # ... and the manifest sets those totals apart, no more
        assert set(entries[lid].get("apart", {})) == differ, lid
        for k in differ:                    # no single value equals every run
            assert rows[lid]["checks"][k]["emu"] not in per["values"][k]
