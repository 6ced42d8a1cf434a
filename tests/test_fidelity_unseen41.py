"""Issue 23's nineteenth unseen suite: psmarter/PMPP-Learning's sparse-matrix (SpMV in COO, CSR, ELL and JDS; COO to
CSR) and BFS kernels, and qriosa/SParry's single-source shortest-path kernels, against the H200 (docs/FIDELITY.md,
"a nineteenth unseen suite").

The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen41-before.json): these tests pin what it found, and what the fix changed
(collection-emu-2026-12-03-unseen41-after.json). The H200 side (ncu's totals, the outputs) was not recorded in
this session (docs/FIDELITY.md).
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
from collection import run as collection_run  # noqa: E402

RES = ROOT / "bench" / "results"
BEFORE = RES / "collection-emu-2026-12-03-unseen41-before.json"
AFTER = RES / "collection-emu-2026-12-03-unseen41-after.json"
LAUNCHES = {
    "pmppl_spmv.cu": ("spmv_coo_kernel", "spmv_csr_kernel", "spmv_ell_kernel", "spmv_jds_kernel",
                      "computeHistogramKernel", "exclusiveScanKernel"),
    "pmppl_bfs.cu": ("bsf_push_vertex_centric_kernel", "bsf_pull_vertex_centric_kernel", "bsf_edge_centric_kernel",
                     "bsf_frontier_vertex_centric_kernel", "bsf_frontier_vertex_centric_with_privatization_kernel",
                     "bfs_single_block_kernel"),
    "sparry_sssp_edge.cu": ("edge",),
    "sparry_sssp_spfa.cu": ("spfaKernelForSSSP",),
    "sparry_sssp_dijkstra.cu": ("dijkstra", "divide"),
    "sparry_sssp_delta.cu": ("delta_stepping",),
}
IDS = {f"collection/{f}:{k}" for f, ks in LAUNCHES.items() for k in ks}
FLAGGED = ["bsf_push_vertex_centric_kernel", "bsf_pull_vertex_centric_kernel", "bsf_edge_centric_kernel",
           "bsf_frontier_vertex_centric_with_privatization_kernel", "edge", "spfaKernelForSSSP", "dijkstra",
           "delta_stepping"]


def _entry(name):
    (e,) = [e for e in collection_run.load() if e["file"] in LAUNCHES and e["name"] == name]
    return e


def test_the_nineteenth_unseen_suite_on_the_emulator_before_any_change():
    """15 of 17 matched as they came: spfa's int32 array for its bool* refused by tl.launch, and dijkstra's shared
    flag, stored by all 32 warps at once, not flagged."""
    rec = read_json(BEFORE)
    assert rec["kernels"] == 17 and rec["matched"] == 15 and rec["refused"] == 0
    assert {(r["file"], r["kernel"]) for r in rec["results"]} == {(f, k) for f, ks in LAUNCHES.items() for k in ks}
    bad = {r["kernel"]: r["problems"] for r in rec["results"] if not r["ok"]}
    assert set(bad) == {"spfaKernelForSSSP", "dijkstra"}
    assert "(bool* visit) needs a bool array, got int32" in bad["spfaKernelForSSSP"][0]
    assert bad["dijkstra"] == ["findings [], expected ['race']: "]


def test_after_the_fix_every_entry_runs_and_is_right_or_rightly_flagged():
    rec = read_json(AFTER)
    assert rec["kernels"] == 17 and rec["matched"] == 17 and rec["refused"] == 0
    flagged = [e["name"] for e in collection_run.load() if e["file"] in LAUNCHES and e.get("findings")]
    assert flagged == FLAGGED and all(_entry(n)["findings"] == ["race"] for n in FLAGGED)


def test_dijkstra_is_flagged_for_its_shared_flag_reset_by_every_warp():
    """`quickBreak[0] = 0` by all 1,024 threads at the loop's top: 32 warps, 32 instructions on a GPU, one step of
    the emulator, whose same-value exemption held for the whole step before the fix; the distances are right."""
    e = _entry("dijkstra")
    res, _, _ = collection_run.run_emu(e)
    races = [f for f in res.findings if f.kind == "race"]
    assert races and "write-after-write" in str(races[0]) and ":40" in str(races[0])   # the file's line 40
    assert not collection_run.check_emu(e)


def test_spfa_runs_on_the_hosts_bytes_and_is_flagged():
    """The host's VISIT is an int32 array that PyCUDA hands to `bool *visit` as its 400 bytes: passed as such it runs,
    its distances right, its races (QuickExit, visit[v]) flagged."""
    e = _entry("spfaKernelForSSSP")
    visit = next(a for a in e["args"] if a["name"] == "visit")
    assert (visit["dtype"], visit["shape"]) == ("bool", [400])
    assert not collection_run.check_emu(e)
