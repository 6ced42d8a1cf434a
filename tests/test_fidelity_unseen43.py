"""Issue 23's twenty-first unseen suite: Maharshi-Pandya/cudacodes' six softmax steps and
Tongkaio/CUDA_Kernel_Samples' array and matrix softmaxes (docs/FIDELITY.md, "a twenty-first unseen suite").

The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen43-before.json under this machine's NVRTC 12.9,
collection-emu-2026-12-03-unseen43-before-nvrtc13.json under NVRTC 13): these tests pin what it found, and
what the two toolchain fixes it prompted give (collection-emu-2026-12-03-unseen43-after*.json).
"""
from __future__ import annotations

import json

from conftest import ROOT, read_json

from collection import run as collection_run

RES = ROOT / "bench" / "results"
LAUNCHES = {
    "cudacodes_softmax_naive_0.cu": ("softmax_kernel_0",),
    "cudacodes_softmax_online_1.cu": ("softmax_kernel_1",),
    "cudacodes_softmax_sharedmem_2.cu": ("softmax_kernel_2",),
    "cudacodes_softmax_shfl_3.cu": ("softmax_kernel_3",),
    "cudacodes_softmax_vectorized_4.cu": ("softmax_kernel_4",),
    "cudacodes_softmax_blocktiling_5.cu": ("softmax_kernel_5",),
    "tongkai_softmax.cu": ("sum_kernel", "softmax_kernel", "setToNegativeMax", "max_kernel"),
    "tongkai_softmax_matrix.cu": ("softmax_row_kernel2", "softmax_col_kernel2", "softmax_row_kernel",
                                  "softmax_col_kernel"),
}
PAIRS = {(f, k) for f, ks in LAUNCHES.items() for k in ks}


def _rec(name):
    return read_json(RES / name)


def test_the_twenty_first_unseen_suite_on_the_emulator_before_any_change():
    """Under NVRTC 12.9 none built: cudacodes' six for nvcc's --extended-lambda (an option NVRTC has not),
    CUDA_Kernel_Samples' eight for <float.h>'s FLT_MAX (__FLT_MAX__ undefined). Under NVRTC 13 the eight
    built and were right, the two listed races raised."""
    rec = _rec("collection-emu-2026-12-03-unseen43-before.json")
    assert rec["kernels"] == 14 and rec["matched"] == 0 and rec["refused"] == 0
    assert {(r["file"], r["kernel"]) for r in rec["results"]} == PAIRS
    for r in rec["results"]:
        why = "unrecognized option --extended-lambda" if r["file"].startswith("cudacodes_") else \
            'identifier "__FLT_MAX__" is undefined'
        assert len(r["problems"]) == 1 and why in r["problems"][0], r
    rec13 = _rec("collection-emu-2026-12-03-unseen43-before-nvrtc13.json")
    assert rec13["kernels"] == 14 and rec13["matched"] == 8
    ok = {(r["file"], r["kernel"]) for r in rec13["results"] if r["ok"]}
    assert ok == {p for p in PAIRS if p[0].startswith("tongkai_")}
    assert all("unrecognized option --extended-lambda" in r["problems"][0]
               for r in rec13["results"] if not r["ok"])


def test_after_the_two_fixes_every_launch_runs_and_is_right():
    for name in ("collection-emu-2026-12-03-unseen43-after.json", "collection-emu-2026-12-03-unseen43-after-nvrtc13.json"):
        rec = _rec(name)
        assert rec["kernels"] == 14 and rec["matched"] == 14 and all(r["ok"] for r in rec["results"]), name
    flagged = {(e["file"], e["name"]): e["findings"] for e in collection_run.load()
               if (e["file"], e["name"]) in PAIRS and e.get("findings")}
    assert flagged == {("tongkai_softmax_matrix.cu", "softmax_row_kernel"): ["race"],
                       ("tongkai_softmax_matrix.cu", "softmax_col_kernel"): ["race"]}


def test_the_row_softmaxs_broadcast_race_is_raised_where_the_lanes_read_it():
    """Lane 0 writes s_max_val, every lane reads it with no __syncwarp(): the read lines are reported."""
    entry = next(e for e in collection_run.load()
                 if e["file"] == "tongkai_softmax_matrix.cu" and e["name"] == "softmax_row_kernel")
    res, _, _ = collection_run.run_emu(entry)
    assert {f.kind for f in res.findings} == {"race"}
    assert {str(f).split(",")[0] for f in res.findings} == {"race at collection/tongkai_softmax_matrix.cu:67",
                                                            "race at collection/tongkai_softmax_matrix.cu:79"}
    assert not collection_run.check_emu(entry)                       # the output is numpy's all the same
