"""Issue 23's forty-second unseen suite: algoparc/Tree-Layouts' search queries and anilshanbhag/gpu-topk's radix select
(docs/FIDELITY.md, "a forty-second unseen suite").

As it came (the emulator of 369a3c7, no change made for it; collection-emu-2026-12-05-unseen64-before.json): 4 of 12.
The binary-search and BST queries ran and matched numpy; the B-tree query's two launches had right outputs and a race
the entries had not listed (every lane reads queries[i], a warp vote on it, one lane writes over it: a data race by the
CUDA memory model; listed now); gpu-topk's 6 did not build: NVRTC stopped in CCCL's <cub/device/device_radix_sort.cuh>
("A function explicitly marked as a __host__ function is not allowed in JIT mode"). Fixed (tilelab's own header,
tests/test_cub_nvrtc.py): 12 of 12 (collection-emu-2026-12-05-unseen64-after.json)."""
from __future__ import annotations

import json

from conftest import ROOT, read_json

RES = ROOT / "bench" / "results"
SUITE = "Tree-Layouts search queries + gpu-topk radix select (unseen64)"


def test_the_forty_second_unseen_suite_on_the_emulator_as_it_came():
    rec = read_json(RES / "collection-emu-2026-12-05-unseen64-before.json")
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (12, 4, 0)
    bad = [r for r in rec["results"] if not r["ok"]]
    assert sorted(r["file"] for r in bad) == ["gtopk_radix_select.cu"] * 6 + ["treelay_query_btree.cu"] * 2
    for r in bad:
        if r["file"].startswith("gtopk_"):
            assert r["problems"][0].startswith("CompileError: ") and "not allowed in JIT mode" in r["problems"][0]
        else:
            assert r["problems"][0].startswith("findings ['race'], expected []: race at collection/treelay_query_btree.cu:87")
    after = read_json(RES / "collection-emu-2026-12-05-unseen64-after.json")
    assert (after["kernels"], after["matched"], after["refused"]) == (12, 12, 0)


def test_the_h200_and_the_totals_as_it_came_and_now(tmp_path):
    """12 of 12 outputs as expected on the H200. As it came 6 of 12 launches ran (the 6 that built), 78 of 78 totals
    ncu's; now 12 of 12 and 155 of 156, re-run here."""
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity as fid
    import unseen_suites

    gpu = read_json(RES / "collection-gpu-2026-12-05-unseen64.json")
    assert (gpu["kernels"], gpu["as_expected"]) == (12, 12)
    came = unseen_suites.table([str(RES / "fidelity-compare-2026-12-05-unseen64.json")])[SUITE]
    assert (came["launches"], came["run"], came["kernel_equal"], came["kernel_totals"]) == (12, 6, 78, 78)
    out = tmp_path / "now.json"
    fid.main(["--compare", str(RES / "fidelity-2026-12-05-unseen64.json"), "--only", "/treelay_,/gtopk_",
              "--json", str(out)])
    now = unseen_suites.table([str(RES / "fidelity-compare-2026-12-05-unseen64-after.json")])[SUITE]
    assert (now["run"], now["kernel_equal"], now["kernel_totals"]) == (12, 155, 156)
    now = unseen_suites.table([str(out)])[SUITE]         # since: gpu-topk's store sectors, set apart since the repeats moved them 145..156 (fidelity-2026-12-05-rep64-repeats.json)
    assert (now["run"], now["kernel_equal"], now["kernel_totals"]) == (12, 155, 155)
