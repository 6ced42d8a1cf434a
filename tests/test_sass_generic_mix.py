"""Generic loads whose lanes mix the thread's local array and global memory in one warp (docs/SASS_COUNTS.md,
"Generic loads that mix the local and global windows"; docs/FIDELITY.md, the twenty-fifth suite's generic taps).

The H200's global-load requests and sectors of such a load are no property of the launch: the same one-warp
launch of reproGenericMix, recorded three times in one run, counted 9, 12 and 12 sectors. The emulator keeps
the split's counts (the global lanes' sectors, one request a warp) and marks them undecided on the line, for
the global-load totals only: the line's store stays decided. Where every mixed warp's lane 0 is local the
request was counted in every recording, so the requests stay decided there.
"""
from __future__ import annotations

import csv
import gzip
import io
import json
import tomllib

from conftest import ROOT, read_json
from sass_launch import fidelity_launch, fid

from tilelab.emu.counters.generic_mix import note  # noqa: F401  (the rule's module: absent on the old code)

RES = ROOT / "bench" / "results"
LEAD = RES / "fidelity-2026-12-03-generic-mix.json"       # the lead's 8-warp launches (81a7aa6)
PROBES = RES / "fidelity-2026-12-03-genmix.json.gz"          # this branch's probes and repeats (1eac452)
LINES = RES / "ncu-sass-lines-2026-12-03-genmix.json.gz"
UNSEEN = RES / "fidelity-2026-12-03-unseen47.json"
MIX = "collection/repro_generic_mix.cu:reproGenericMix#"
LD = ("global_ld_requests", "global_ld_sectors")


def _ncu(path, lid):
    return {r["id"]: r for r in read_json(path)["rows"]}[lid]["ncu"]


def _ld(path, lid):
    n = _ncu(path, lid)
    return n["global_ld_requests"], n["global_ld_sectors"]


def _emu(only):
    return fid.emulate(fidelity_launch(only), "sass", "sm_90")


def test_the_h200_counts_the_same_launch_differently_run_to_run():
    # one warp, lane 0 local: 9, 12, 12 sectors; lanes 8-23 local: 0, 3, 3 requests; lane 31 local: 9, 12, 9
    assert [_ld(PROBES, MIX + f"w1_0_1{r}") for r in ("", "_r2", "_r3")] == [(3, 9), (3, 12), (3, 12)]
    assert [_ld(PROBES, MIX + f"w1_8_24{r}") for r in ("", "_r2", "_r3")] == [(0, 12), (3, 12), (3, 12)]
    assert [_ld(PROBES, MIX + f"w1_31_32{r}") for r in ("", "_r2", "_r3")] == [(3, 9), (3, 12), (3, 9)]
    # the 8-warp launches: the lead's recording, then this branch's (the launch, then its repeat)
    assert _ld(LEAD, MIX + "upper") == (18, 78)
    assert [_ld(PROBES, MIX + x) for x in ("upper", "upper_r2")] == [(18, 66), (21, 90)]
    assert _ld(LEAD, MIX + "first13") == (24, 96)
    assert [_ld(PROBES, MIX + x) for x in ("first13", "first13_r2")] == [(24, 78), (24, 84)]
    # the local counters of one of them (ncu's raw page, with the memory tables): what is global's is not local's
    doc = json.loads(gzip.decompress(LINES.read_bytes()))
    (mid,) = [x for x in doc["launches"] if x["id"] == MIX + "middle_r3"]
    raw = list(csv.reader(io.StringIO(mid["raw"]["stdout"])))
    got = dict(zip(raw[0], raw[-1]))
    assert got["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"] == "21"
    assert got["l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum"] == "21"
    assert got["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] == "90"


def test_a_mixed_line_is_undecided_for_its_global_loads_only():
    e = _emu(MIX + "last")                     # lane 31 of each warp local: lane 0 global
    rows = [pl for pl in e["per_line"] if pl["line"] in (19, 20, 21)]
    assert len(rows) == 3
    for pl in rows:
        assert pl["undecided_keys"] == list(LD) and not pl.get("undecided")
        assert pl["global_st_requests"] == 8 and pl["global_st_sectors"] == 24     # the STG on the line
    assert fid.undecided_keys(e) == set(LD)
    # the split's counts, kept: the most requests and the fewest sectors the GPU counted
    assert (e["metrics"]["global_ld_requests"], e["metrics"]["global_ld_sectors"]) == (24, 72)
    assert _ld(LEAD, MIX + "last") == (15, 90)
    c = fid.compare_row(e["metrics"], _ncu(LEAD, MIX + "last"), None, fid.undecided_keys(e))
    assert not fid.matches(c["global_ld_sectors"]) and c["global_ld_sectors"]["undecided"]
    assert fid.matches(c["global_st_requests"]) and fid.matches(c["global_st_sectors"])     # 24 / 72 both


def test_where_lane_0_is_local_the_request_is_decided():
    e = _emu(MIX + "first13")                  # lanes 0-12 local
    assert fid.undecided_keys(e) == {"global_ld_sectors"}
    assert e["metrics"]["global_ld_requests"] == 24
    # 24 requests in every recording of it, and in its repeat; one warp with lanes 0-12 local: 3 both times
    assert _ld(LEAD, MIX + "first13")[0] == _ld(PROBES, MIX + "first13")[0] == _ld(PROBES, MIX + "first13_r2")[0] == 24
    assert _ld(PROBES, MIX + "w1_0_13")[0] == _ld(PROBES, MIX + "w1_0_13_r2")[0] == 3


def test_no_mixed_warp_no_undecided_total():
    for x, want in (("none", (24, 72)), ("all", (0, 0)), ("w1_0_0", (3, 9)), ("w1_0_32", (0, 0))):
        e = _emu(MIX + x)
        assert not fid.undecided_keys(e), x
        assert (e["metrics"]["global_ld_requests"], e["metrics"]["global_ld_sectors"]) == want == _ld(PROBES, MIX + x)


def test_every_recorded_mixed_launch_lies_between_the_split_and_the_split_plus_its_local_sectors():
    # one warp, lanes 8-23 local: the split 3 / 6; ncu 0 / 12 (no request, the 2 local sectors of each load)
    e = _emu(MIX + "w1_8_24")
    assert (e["metrics"]["global_ld_requests"], e["metrics"]["global_ld_sectors"]) == (3, 6)
    assert _ld(PROBES, MIX + "w1_8_24") == (0, 12)
    # the 4-byte probe with lanes 16-31 local: the split 2 / 8, ncu 2 / 12
    w = _emu("reproGenericMixWord#word_16_31")
    assert (w["metrics"]["global_ld_requests"], w["metrics"]["global_ld_sectors"]) == (2, 8)
    assert fid.undecided_keys(w) == set(LD)


def test_the_trtx_taps_are_undecided_for_their_global_loads():
    for lid, emu, ncu in (("collection/trtx_warpaffine.cu:warpaffine_kernel#portrait", (1524, 4132), (1441, 4679)),
                          ("collection/trtx_ocr_preprocess.cu:rec_preprocess_kernel", (2568, 5747), (2489, 5910))):
        e = _emu(lid)
        assert (e["metrics"]["global_ld_requests"], e["metrics"]["global_ld_sectors"]) == emu
        assert _ld(UNSEEN, lid) == ncu
        assert fid.undecided_keys(e) == set(LD), lid
        assert ncu[0] <= emu[0] and emu[1] <= ncu[1]            # fewer requests, more sectors on the GPU


# ---------------------------------------------------------------------------------------------------------------
# Set apart since (docs/FIDELITY.md, "Set apart since"): a generic-mix total that moved between runs of its launch,
# or between identical copies of it in one run, is the GPU's, not the kernel's; one that never moved stays undecided.
REPEATS = RES / "fidelity-2026-12-03-genmix-repeats.json.gz"     # three runs at d33acee: the trtx launches, the
#                                                               reproduction's 256-thread launches and their copies
PROBE_RUNS = RES / "fidelity-2026-12-03-probes-repeats.json.gz"  # three runs at c43617e: the one-warp reproGenericMix
#                                                               launches (24, copies too) and the probe kernels' 31
WHY = "a generic load whose warp mixes local and global lanes"
# five runs at 9a3f82e of the 55 again, then five at c5c6e30 of the 18 whose undecided totals still repeated
# (docs/FIDELITY.md, "2026-12-05: the replay lane by lane, and the misses that move"): 19 more moved, set apart
LATER_RUNS = (RES / "fidelity-2026-12-05-probes-repeats.json.gz", RES / "fidelity-2026-12-05-probes-repeats-2.json")


def _manifest_apart() -> dict:
    kernels = tomllib.loads((ROOT / "collection" / "manifest.toml").read_text())["kernel"]
    return {(f"collection/{k['file']}:{k['name']}" + (f"#{k['launch']}" if k.get("launch") else ""), key): why
            for k in kernels for key, why in k.get("apart", {}).items()}


def _copy_of(lid: str) -> str:
    """The launch an identical copy repeats (reproGenericMix#w1_0_1_r2 -> #w1_0_1)."""
    return lid[:-3] if lid[-3:] in ("_r2", "_r3") else lid


def _launches(path) -> dict:
    return read_json(path)["launches"]


def _runs(lid: str, key: str) -> list:
    """Every recorded value of one launch's total: the suite's or the lead's recording, the probes', the repeats'."""
    out = [rows[lid]["ncu"][key] for rows in map(_rows, (UNSEEN, LEAD, PROBES)) if lid in rows]
    for path in (REPEATS, PROBE_RUNS, *LATER_RUNS):
        out += _launches(path).get(lid, {}).get("values", {}).get(key, [])
    return out


def _rows(path):
    return {r["id"]: r for r in read_json(path)["rows"] if r.get("ncu")}


def _copies(lid: str, key: str) -> list:
    """Per run, the (copy, value) pairs of one total over the identical copies of its launch: the probes' one run,
    then each of the three later runs."""
    rows, rep = _rows(PROBES), _launches(PROBE_RUNS)
    out = [[(i, rows[i]["ncu"][key]) for i in sorted(rows) if _copy_of(i) == _copy_of(lid)]]
    ids = [i for i in sorted(rep) if _copy_of(i) == _copy_of(lid)]
    return out + ([[(i, rep[i]["values"][key][j]) for i in ids] for j in range(3)] if ids else [])


def _moved(lid: str, key: str) -> bool:
    return len(set(_runs(lid, key))) > 1 or any(len({v for _, v in run}) > 1 for run in _copies(lid, key))


def _undecided(path, only="") -> dict:
    out = {}
    for r in read_json(path)["rows"]:
        for key, c in r["checks"].items():
            if c.get("undecided") and only in r["id"]:
                out[(r["id"], key)] = c
    return out


def test_every_generic_mix_total_set_apart_moved_in_the_recorded_runs():
    apart = {k: v for k, v in _manifest_apart().items() if WHY in v}
    assert len(apart) == 100
    for (lid, key), why in apart.items():
        assert key in LD, (lid, key)
        assert _moved(lid, key), (lid, key, _runs(lid, key), _copies(lid, key))
        # the reason names the values: those of its runs, or those of one run's copies that differ
        # (its runs up to those its reason cites: a total set apart on 2026-12-03 was run again since)
        got = _runs(lid, key)
        runs = [", ".join(f"{v:,}" for v in got[:n]) for n in range(2, len(got) + 1) if len(set(got[:n])) > 1]
        copies = [", ".join(f"{v} ({i.split('#')[1]})" for i, v in run)
                  for run in _copies(lid, key) if len({v for _, v in run}) > 1]
        assert any(r in why for r in runs) or any(c in why for c in copies), (lid, why)
    # the trtx taps: four runs each (the suite's recording, then three)
    assert _runs("collection/trtx_warpaffine.cu:warpaffine_kernel#portrait", "global_ld_sectors")[:4] == [4679, 4656, 4685, 4705]
    assert _runs("collection/trtx_warpaffine.cu:warpaffine_kernel#portrait", "global_ld_requests")[:4] == [1441, 1410, 1411, 1411]
    assert _runs("collection/trtx_ocr_preprocess.cu:rec_preprocess_kernel", "global_ld_sectors")[:4] == [5910, 5941, 5926, 5896]
    assert _runs("collection/trtx_ocr_preprocess.cu:rec_preprocess_kernel", "global_ld_requests")[:4] == [2489, 2505, 2502, 2492]
    # the reproduction's 256-thread launches: five runs (the lead's, the probes', three; the first runs of those run since)
    assert _runs(MIX + "first", "global_ld_sectors")[:5] == [93, 90, 96, 93, 90]
    assert _runs(MIX + "middle", "global_ld_sectors")[:5] == [84, 78, 84, 84, 84]
    # the probes: four runs each (the probes' run, then three at c43617e)
    probe = "collection/repro_generic_mix_probe.cu:reproGenericMix"
    assert _runs(MIX + "w1_0_16", "global_ld_sectors")[:4] == [12, 6, 12, 12]
    assert _runs(MIX + "w1_16_17", "global_ld_requests")[:4] == [3, 0, 3, 0]
    assert _runs(probe + "Mask#even", "global_ld_sectors")[:4] == [21, 9, 21, 21]
    assert _runs(probe + "Word#word_w8_l31", "global_ld_requests")[:4] == [12, 8, 10, 6]
    # lane 31 local: the requests of the three copies 3, 3, 3 in the probes' run, 3, 3, 0 in the first run after
    assert [[v for _, v in run] for run in _copies(MIX + "w1_31_32", "global_ld_requests")] == \
        [[3, 3, 3], [3, 3, 0], [3, 3, 3], [3, 3, 3]]


# left undecided, named misses: the same value in all four runs, and in every run's copies
LEFT = {("reproGenericMix#w1_0_13", "global_ld_sectors"), ("reproGenericMix#w1_0_13_r2", "global_ld_sectors"),
        ("reproGenericMix#w1_0_31", "global_ld_sectors"), ("reproGenericMix#w1_15_16", "global_ld_sectors"),
        ("reproGenericMix#w1_16_32", "global_ld_requests"), ("reproGenericMix#w1_16_32", "global_ld_sectors"),
        ("reproGenericMix#w1_1_2", "global_ld_sectors"), ("reproGenericMix#w1_1_32", "global_ld_sectors"),
        ("reproGenericMix#w1_20_32", "global_ld_requests"), ("reproGenericMix#w1_20_32", "global_ld_sectors"),
        ("reproGenericMix#w1_8_24", "global_ld_sectors"), ("reproGenericMix#w1_8_24_r2", "global_ld_sectors"),
        ("reproGenericMix#w1_8_24_r3", "global_ld_sectors"),
        ("reproGenericMixMask#0_12_delay", "global_ld_sectors"), ("reproGenericMixMask#0_15_spread", "global_ld_sectors"),
        ("reproGenericMixMask#0_7_spread", "global_ld_sectors"), ("reproGenericMixMask#24_31", "global_ld_sectors"),
        ("reproGenericMixMask#24_31_spread", "global_ld_requests"),
        ("reproGenericMixMask#24_31_spread", "global_ld_sectors"),
        ("reproGenericMixMask#8_23_delay", "global_ld_sectors"), ("reproGenericMixMask#l0", "global_ld_sectors"),
        ("reproGenericMixMask#l0_off192", "global_ld_sectors"), ("reproGenericMixMask#l0_off96", "global_ld_sectors"),
        ("reproGenericMixMask#l31_off192", "global_ld_sectors"), ("reproGenericMixMask#l31_off288", "global_ld_requests"),
        ("reproGenericMixMask#l31_off96", "global_ld_requests"), ("reproGenericMixMask#odd", "global_ld_sectors"),
        ("reproGenericMixWord#word_16_31", "global_ld_requests"), ("reproGenericMixWord#word_l0", "global_ld_sectors"),
        ("reproGenericMixWord#word_l31", "global_ld_requests")}


def test_every_generic_mix_total_that_moved_is_set_apart_and_what_is_left_undecided():
    apart = _manifest_apart()
    und = {**_undecided(RES / "fidelity-compare-2026-12-03-genmix-genmix2.json.gz"),
           **_undecided(RES / "fidelity-compare-2026-12-03-generic-mix-genmix2.json"),
           **_undecided(RES / "fidelity-compare-2026-12-03-unseen47-genmix2.json", "/trtx_")}
    assert len(und) == 111                      # the probes' run 107 (its 7 256-thread launches too), the trtx 4
    moved = {t for t in und if _moved(*t)}
    assert moved == {t for t in und if t in apart and WHY in apart[t]}
    assert len(moved) == 100                    # 41 set apart before the probes' repeats, 40 after them, 19 since
    # the recorded repeats moved nothing else: no store, no decided request (lanes 0-12 local: 24 every run)
    rep = _launches(REPEATS)
    assert {(lid, k) for lid, r in rep.items() for k in r["moves"]} <= moved
    assert rep[MIX + "first13"]["values"]["global_ld_requests"] == [24, 24, 24]
    assert rep[MIX + "none"]["moves"] == rep[MIX + "all"]["moves"] == []
    runs = _launches(PROBE_RUNS)
    assert len(runs) == 55 and {(lid, k) for lid, r in runs.items() for k in r["moves"]} <= moved
    assert runs[MIX + "w1_0_32"]["moves"] == runs[MIX + "w1_0_0"]["moves"] == []
    # left undecided, named misses: every one recorded 9 or 14 times (the probes' run, three at c43617e, five at
    # 9a3f82e, five more at c5c6e30 where it had still repeated), all equal, and its copies equal in every run
    left = {(lid.split(":")[1], k) for lid, k in set(und) - moved}
    assert left <= LEFT and len(left) == 11
    for lid, k in set(und) - moved:
        assert len(_runs(lid, k)) in (9, 14) and len(set(_runs(lid, k))) == 1, (lid, k)
        assert all(len({v for _, v in run}) == 1 for run in _copies(lid, k)), (lid, k)
    assert sum(lid.startswith("reproGenericMix#w1_") for lid, _ in left) == 4
    assert sum(lid.startswith(("reproGenericMixMask#", "reproGenericMixWord#")) for lid, _ in left) == 7
    # the compare after the probes' repeats (2026-12-03): exactly the 30 were the probes' undecided totals not set apart
    after = read_json(RES / "fidelity-compare-2026-12-03-genmix-rep.json.gz")
    assert {(r["id"].split(":")[1], k) for r in after["rows"] for k, c in r["checks"].items()
            if c.get("undecided") and not c.get("apart")} == LEFT


CHANGED = ("probes-repeats", "genmix-rep")       # 19 more set apart on 2026-12-05 (LATER_RUNS)


def test_the_compares_after_setting_apart(tmp_path):
    """This tree's emulator against the five recordings: every launch equal but for its set-apart and undecided
    totals; the files' summaries are these compares'."""
    for rec, only, name, want in (
            (REPEATS, "", "genmix-repeats", (20, 20, 228, 228, 32)),
            (PROBE_RUNS, "", "probes-repeats", (55, 45, 647, 636, 68)),
            (PROBES, "/repro_generic_mix", "genmix-rep", (73, 63, 853, 842, 96)),
            (LEAD, "/repro_generic_mix", "generic-mix-genmix2", (7, 7, 83, 83, 8)),
            (UNSEEN, "", "unseen47-genmix2", (12, 12, 152, 152, 4))):
        out = tmp_path / f"{name}.json"
        fid.main(["--compare", str(rec), *(["--only", only] if only else []), "--json", str(out)])
        s = read_json(out)["summary"]["all"]
        assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"], s["apart_totals"]) == want, name
        if name not in CHANGED:                 # the compares saved then; two have 19 more set apart since
            assert s == read_json(RES / f"fidelity-compare-2026-12-03-{name}.json")["summary"]["all"]
        else:
            saved = read_json(RES / f"fidelity-compare-2026-12-03-{name}.json")["summary"]["all"]
            assert saved["totals_equal"] == s["totals_equal"] and saved["apart_totals"] + 19 == s["apart_totals"]
    # the probes' run before these: 842 of 912 with 37 apart (70 undecided)
    s = read_json(RES / "fidelity-compare-2026-12-03-genmix-genmix2.json.gz")["summary"]["all"]
    assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"], s["apart_totals"]) == \
        (73, 25, 912, 842, 37)
