"""The round's repeats and its every-launch tally (docs/FIDELITY.md, "night: do the nineteenth and twenty-first
suites' 43 misses repeat?" and "night: twenty-six unseen suites together"): a total the manifest sets apart as the
GPU's timing is one that moved between ncu runs of its launch, and every total that moved is set apart."""
from __future__ import annotations

import json
import sys
import tomllib

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import unseen_suites  # noqa: E402

RES = ROOT / "bench" / "results"


def _apart() -> dict:
    kernels = tomllib.loads((ROOT / "collection" / "manifest.toml").read_text())["kernel"]
    return {f"collection/{k['file']}:{k['name']}" + (f"#{k['launch']}" if k.get("launch") else ""): set(k.get("apart", {}))
            for k in kernels}


def _moved(firsts: tuple, repeats: str) -> dict:
    """{launch: {total: [first recording's value, then each repeat's]}} for the totals whose runs differ."""
    base = {r["id"]: r for f in firsts for r in read_json(RES / f)["rows"]}
    out = {}
    for lid, rec in read_json(RES / repeats)["launches"].items():
        first_values = base[lid]["ncu"]
        runs = {m: [first_values[m], *v] for m, v in rec["values"].items() if m in first_values}
        out[lid] = {m: v for m, v in runs.items() if len(set(v)) > 1}
    return out


def test_every_total_that_moved_between_runs_is_set_apart():
    apart = _apart()
    moved = {**_moved(("fidelity-2026-12-03-unseen41.json", "fidelity-2026-12-03-unseen43.json"), "fidelity-2026-12-03-unseen41-43-repeats.json"),
             **_moved(("fidelity-2026-12-03-unseen44.json",), "fidelity-2026-12-03-flproduce-repeats.json")}
    n = 0
    for lid, totals in moved.items():
        assert set(totals) <= apart[lid], (lid, set(totals) - apart[lid])
        n += len(totals)
    # the 23 misses that moved, 3 of spfa's and 3 more that equalled the first run (set apart with them), and the
    # twenty-second suite's CAS loop; Tongkai's, divide's and
    # delta_stepping's totals repeated exactly and are decided, not set apart
    assert n == 23 + 3 + 3 + 5
    for lid in ("collection/sparry_sssp_dijkstra.cu:divide", "collection/sparry_sssp_delta.cu:delta_stepping",
                "collection/tongkai_softmax_matrix.cu:softmax_row_kernel"):
        assert moved[lid] == {} and apart[lid] == set()


def test_every_launch_at_this_code():
    """Issue 23's first line over every recording compared at 694f733 (the section's list, newest first)."""
    names = ["unseen48", "unseen47", "hoisted-pair", "unseen46", "unseen45", "unseen44", "divide", "moved-pair",
             "unseen43", "unseen41", "shared-pair", "bytes", "pairs", "unseen42", "unseen38-llama", "unseen38",
             "unseen37-minibude", "unseen37", "unseen40", "unseen39", "attn", "samecubin-printf",
             "samecubin-hostcubin", "htog-repeats", "unseen36", "smembase", "unseen35", "unseen34", "predicate",
             "heap", "unseen33", "gups-hgemm-repeats", "lds128", "unseen32", "unseen31", "vprintf-strings-decide",
             "vprintf-strings-predicted", "vprintf-strings", "unseen30", "unseen29-repro", "unseen29", "unseen28",
             "every-launch"]
    paths = [RES / "fidelity-compare-2026-12-03-generic-mix.json"]
    paths += [RES / f"fidelity-compare-2026-12-03-{n}-s35.json" for n in names[:-1]]
    paths.append(RES / "fidelity-compare-2026-12-03-every-launch-s35.json.gz")
    every = unseen_suites.table([str(p) for p in paths])["every launch"]
    assert (every["run"], every["launches"]) == (783, 785)
    assert (every["kernel_equal"], every["kernel_totals"]) == (10043, 10061)
    assert (every["equal"], every["totals"]) == (10057, 10179)


def test_generic_loads_that_mix_local_and_global_lanes(tmp_path):
    """reproGenericMix on the H200 (81a7aa6): a warp whose generic byte loads mix the local and global windows
    counts more global sectors than its global lanes touch, and fewer requests where its local lanes are not the
    first; warps wholly global or wholly local count as the emulator does. The emulator's split stays a miss."""
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity as fid
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(RES / "fidelity-2026-12-03-generic-mix.json"), "--json", str(out)])
    rows = {r["id"].split("#")[1]: r["checks"] for r in read_json(out)["rows"]}
    ncu = {k: (c["global_ld_requests"]["ncu"], c["global_ld_sectors"]["ncu"]) for k, c in rows.items()}
    assert ncu == {"none": (24, 72), "all": (0, 0), "first": (24, 93), "first13": (24, 96), "last": (15, 90),
                   "upper": (18, 78), "middle": (15, 84)}
    emu = {k: (c["global_ld_requests"]["emu"], c["global_ld_sectors"]["emu"]) for k, c in rows.items()}
    assert emu["none"] == ncu["none"] and emu["all"] == ncu["all"]
    assert sum(not c["equal"] for r in rows.values() for c in r.values()) == 8
    gpu = read_json(RES / "collection-gpu-2026-12-03-generic-mix.json")
    assert gpu["kernels"] == 7 and gpu["as_expected"] == 7
