"""Issue 23's sixteenth unseen suite: ankan-ban/llama2.cu's fp16 inference kernels and harrism/mini-nbody
against the H200 (docs/FIDELITY.md, "a sixteenth unseen suite").

bench/results/fidelity-2026-12-03-unseen38.json is `bench/fidelity.py --ncu-only` of their 13 launches on
the H200 (the emulator side re-run here by --compare, as CI does without a GPU);
bench/results/collection-gpu-2026-12-03-unseen38.json is `bench/collection_gpu.py` of the same entries. The
suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen38-before.json, fidelity-compare-2026-12-03-unseen38-before.json): these
tests pin what it found.
"""
from __future__ import annotations

import json
import sys

import numpy as np

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-unseen38.json"
GPU = RES / "collection-gpu-2026-12-03-unseen38.json"
BEFORE = RES / "collection-emu-2026-12-03-unseen38-before.json"
CMP_BEFORE = RES / "fidelity-compare-2026-12-03-unseen38-before.json"
LLAMA = ("convert_fp32_to_fp16", "rmsnorm_kernel", "mat_vec_kernel", "RoPERotation_kernel",
         "MultiHeadAttention_kernel", "element_wise_add_kernel", "silu_element_wise_mul_kernel",
         "convert_fp16_to_fp32")
NBODY = ("collection/mininbody_orig.cu:bodyForce", "collection/mininbody_soa.cu:bodyForce",
         "collection/mininbody_soa.cu:bodyForce#ftz", "collection/mininbody_block.cu:bodyForce",
         "collection/mininbody_unroll.cu:bodyForce")
NO_MAX = 'collection/llama2cu_kernels.cu:154: error: namespace "cub" has no member "Max"'


def test_the_sixteenth_unseen_suite_on_the_emulator_before_any_change():
    """13 of 13 ran and matched numpy on the emulator as it was (this machine's NVRTC 12.9), none flagged."""
    rec = read_json(BEFORE)
    assert rec["kernels"] == 13 and rec["matched"] == 13 and rec["refused"] == 0
    assert all(r["ok"] for r in rec["results"])


def test_on_the_h200_llama2cu_did_not_build_and_mini_nbody_is_ncus_in_every_total():
    """The H200's NVRTC 13.0 (CCCL 3) has no cub::Max: the file's 8 launches were not recorded; the 5
    mini-nbody launches were, and the compare before any change found all 65 of their totals ncu's."""
    cmp = read_json(CMP_BEFORE)
    s = cmp["summary"]["collection"]
    assert (s["launches"], s["totals"], s["totals_equal"]) == (5, 65, 65)
    rows = {r["id"]: r for r in cmp["rows"]}
    assert {i for i, r in rows.items() if "not_profiled" in r} == {f"collection/llama2cu_kernels.cu:{k}" for k in LLAMA}
    assert all(rows[f"collection/llama2cu_kernels.cu:{k}"]["not_profiled"] == "CompileError: " + NO_MAX for k in LLAMA)
    rec = read_json(REC)
    assert rec["nvrtc"] == "13.0"


def test_mini_nbodys_totals_against_ncu(tmp_path):
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", "/mininbody_", "--json", str(out)])
    rows = read_json(out)["rows"]
    checks = {r["id"]: r["checks"] for r in rows}
    assert set(checks) == set(NBODY)
    assert sum(len(c) for c in checks.values()) == 65
    assert all(v["equal"] for c in checks.values() for v in c.values())
    # the tiles' float3 shared stores and broadcast loads: 4 tiles of 256 bodies a block, 4 blocks
    blk = {k: v["ncu"] for k, v in checks["collection/mininbody_block.cu:bodyForce"].items()}
    assert blk["shared_st_requests"] == 4 * 4 * 8 * 3


def test_the_outputs_against_the_h200():
    """Recorded: mini-nbody's 5 as expected (the float4 versions' p bit-identical, the velocities within
    gpu_rtol: rsqrt.approx), llama2.cu's 8 not built by the H200's NVRTC 13.0."""
    rec = read_json(GPU)
    assert rec["kernels"] == 13 and rec["as_expected"] == 5 and rec["nvrtc"] == "13.0"
    by = {(r["file"], r["kernel"]): r for r in rec["results"]}
    errors = [r for r in rec["results"] if r["verdict"] == "ERROR"]
    assert {r["kernel"] for r in errors} == set(LLAMA) and all(NO_MAX in r["error"] for r in errors)
    verdicts = [v for r in rec["results"] if r["file"].startswith("mininbody_") for v in r["outputs"].values()]
    assert sum(v == "bit-identical" for v in verdicts) == 4
    assert sum(v.startswith("within tolerance") for v in verdicts) == 5
    assert "3.81e-06" in by[("mininbody_orig.cu", "bodyForce")]["outputs"]["p"]


LLAMA_REC = RES / "fidelity-2026-12-03-unseen38-llama.json"
MHA = "collection/llama2cu_kernels.cu:MultiHeadAttention_kernel"


def test_after_the_header_fix_llama2cus_totals_against_ncu(tmp_path):
    """The second call (12f5f10, tilelab's <cub/cub.cuh> giving cub::Max back under CCCL 3): the 8 launches
    build on the H200 and, at first, 100 of their 104 totals were ncu's, the 4 misses the attention kernel's;
    with the sunk shared_val reads (tests/test_sass_sunk.py) and the weighted sum's LDS.64 pairs
    (tests/test_sass_pairs.py) 103: only ncu's launch-wide shared-load wavefronts, 5 over the sum of its own
    per-instruction counts, which are the emulator's 828."""
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(LLAMA_REC), "--only", "/llama2cu_", "--json", str(out)])
    rows = read_json(out)["rows"]
    checks = {r["id"]: r["checks"] for r in rows}
    assert set(checks) == {f"collection/llama2cu_kernels.cu:{k}" for k in LLAMA}
    assert sum(len(c) for c in checks.values()) == 104
    missed = {(i, k) for i, c in checks.items() for k, v in c.items() if not fid.matches(v)}
    assert missed == {(MHA, "shared_ld_wavefronts")}
    m = checks[MHA]
    # 1,932 and 1,764 before the sunk shared_val reads were counted for the warps that run them (24 of 192
    # each), 1,596 and 1,428 before the weighted sum's att reads were counted as ptxas's LDS.64 pairs
    assert (m["shared_ld_requests"]["emu"], m["shared_ld_requests"]["ncu"]) == (996, 996)
    assert (m["shared_ld_wavefronts"]["emu"], m["shared_ld_wavefronts"]["ncu"]) == (828, 833)
    assert not any(m[k].get("undecided") for k in m)
    # ncu's total is what the SASS gives: softmax_gpu's two shared_val reads sunk past the loop's branch (24
    # warps, not 192, each) and the weighted sum's att reads in LDS.64 pairs (51 a warp, 12 warps), the
    # other lines as the emulator has them; 168 of the 996 with every lane off (line 149), 5 conflicts more
    raw = {r["id"]: r for r in read_json(LLAMA_REC)["rows"]}[MHA]
    assert 96 + 192 + 24 + 24 + 24 + 24 + 12 * 51 == 996
    assert raw["ncu_raw"]["smsp__inst_executed_op_shared_ld_pred_off_all.sum"] == 168
    assert raw["ncu_raw"]["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"] == 833 - 828
    assert raw["sass_mix"]["collection/llama2cu_kernels.cu:214"] == {"LDG.16": 31, "LDS.64": 15, "LDS": 1}


def test_after_the_header_fix_llama2cus_outputs_are_the_h200s():
    rec = read_json(RES / "collection-gpu-2026-12-03-unseen38-llama.json")
    assert rec["kernels"] == 8 and rec["as_expected"] == 8 and rec["nvrtc"] == "13.0"
    verdicts = [v for r in rec["results"] for v in r["outputs"].values()]
    assert len(verdicts) == 22 and set(verdicts) == {"bit-identical"}
    after = read_json(RES / "collection-emu-2026-12-03-unseen38-after.json")
    assert after["kernels"] == 13 and after["matched"] == 13


WIDENED_SRC = r"""
// a weighted sum over a shared array every thread walks whole (llama2.cu's attention, its last loop)
__global__ void sharedWeightedSum(const float* val, float* out, int n)
{
    __shared__ float att[1024];
    for (int t = threadIdx.x; t < n; t += blockDim.x) att[t] = 1.0f / (t + 1);
    __syncthreads();
    for (int i = threadIdx.x; i < 48; i += blockDim.x) {
        float acc = 0.0f;
        for (int t = 0; t < n; t++)
            acc += att[t] * val[t * 48 + i];
        out[i] = acc;
    }
}
"""


def test_a_loops_shared_loads_ptxas_widened_are_undecided(emu):
    """The attention's second cause, alone: NVVM unrolls the t loop by 4, ptxas further and reads att in wide
    loads; the emulator cannot prove their alignment across trips, marks the line undecided and counts
    the PTX's 101 loads a warp (the known miss this reproduces; not run on the H200)."""
    k = emu.compile(WIDENED_SRC, "sharedWeightedSum", filename="widened.cu")
    val = np.ones(101 * 48, np.float32)
    out = np.zeros(48, np.float32)
    r = emu.run(k, 1, 256, val, out, 101)
    np.testing.assert_allclose(out, np.full(48, (1.0 / np.arange(1, 102)).sum()), rtol=1e-5)
    line = [pl for pl in r.per_line if pl.get("shared_ld_requests") and "att[t] * val" in pl.get("source", "")]
    assert len(line) == 1 and line[0].get("undecided") and line[0]["shared_ld_requests"] == 2 * 101
