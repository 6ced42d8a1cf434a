"""Issue 23's sixth unseen suite: cuda_hgemm's Tensor Core HGEMMs, OLCF's hw8 transposes and ENCCS's
gpu-programming lesson kernels against the H200 (docs/FIDELITY.md, "a sixth unseen suite").

bench/results/fidelity-2026-12-02-unseen28.json.gz is `bench/fidelity.py --ncu-only` of their 44 launches on
the H200 (the emulator side re-run here by --compare, as CI does without a GPU);
bench/results/collection-gpu-2026-12-02-unseen28.json is `bench/collection_gpu.py` of the same entries at the
branch point (27 of them ran), collection-gpu-2026-12-02-unseen28-after.json after the fixes (44).
The suite was first measured on the emulator as it was: the *-before files pin what it found; the tests
on the current code pin what the fixes changed, so a change that moves a count, an output or a refusal
shows here.
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

RESULTS = ROOT / "bench" / "results"
REC = RESULTS / "fidelity-2026-12-02-unseen28.json.gz"
ONLY = "/hgemm_,/olcf_,/enccs_"
# the tensor-core HGEMMs with an fp16 accumulator (all but the SIMT one)
TC = {"wmmaNaiveKernel", "wmmaBaseKernel", "wmmaPaddingKernel", "wmmaAsyncKernel", "wmmaAsyncPg2sKernel",
      "wmmaAsyncPg2sPs2rKernel", "wmmaAsyncStage2Kernel", "wmmaAsyncStage3Kernel", "mmaNaiveKernel", "mmaBaseKernel",
      "mmaPermutedKernel", "mmaAsyncKernel", "mmaAsyncPg2sKernel", "mmaAsyncPg2sPs2rKernel", "mmaAsyncStage2Kernel",
      "mmaAsyncStage3Kernel", "mmaAsyncStage4Kernel"}
# cp.async into padded shared rows (80 bytes): ncu counts the shared side's 32-byte sectors
PADDED = {f"collection/hgemm_{f}.cu:{k}" for f, k in [
    ("wmma_async", "wmmaAsyncKernel"), ("wmma_async_pg2s", "wmmaAsyncPg2sKernel"),
    ("wmma_async_pg2s_ps2r", "wmmaAsyncPg2sPs2rKernel"), ("wmma_async_stage2", "wmmaAsyncStage2Kernel"),
    ("wmma_async_stage3", "wmmaAsyncStage3Kernel")]}
# multi-stage pipelines where LDGSTS lands in shared memory while LDSM reads it: ncu's extra wavefronts
STAGES = {"collection/hgemm_mma_async_stage2.cu:mmaAsyncStage2Kernel": 6,
          "collection/hgemm_mma_async_stage3.cu:mmaAsyncStage3Kernel": 8,
          "collection/hgemm_mma_async_stage4.cu:mmaAsyncStage4Kernel": 8}
OOB = "collection/enccs_array_addition_gpu.cu:array_addition"


def _missed(rows):
    checks = {r["id"]: r["checks"] for r in rows if "checks" in r}
    return checks, {(i, k): c[k]["delta"] for i, c in checks.items() for k in c if not c[k]["equal"]}


def test_the_sixth_unseen_suites_totals_against_ncu_now(tmp_path):
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", ONLY, "--json", str(out)])
    rows = read_json(out)["rows"]
    assert len(rows) == 44
    checks, missed = _missed(rows)
    assert len(checks) == 44 and sum(len(c) for c in checks.values()) == 572
    # the misses: the multi-stage pipelines' shared-load wavefronts (ncu's extra ones are its own bank-conflict
    # count, LDGSTS landing while LDSM reads: the GPU's timing)
    assert missed == {(i, "shared_ld_wavefronts"): -n for i, n in STAGES.items()}
    # the unguarded array addition reads and writes 124 doubles past its arrays (a real bug, flagged): the
    # H200 touches those sectors and so does the emulator's count since an aligned lane past its array costs
    # its sectors (31 an array; 62 load and 31 store sectors short before that change)
    assert checks[OOB]["global_ld_sectors"]["emu"] == checks[OOB]["global_ld_sectors"]["ncu"]
    assert checks[OOB]["global_st_sectors"]["emu"] == checks[OOB]["global_st_sectors"]["ncu"]
    rec = {r["id"]: r for r in read_json(REC)["rows"]}
    for i, n in STAGES.items():
        assert rec[i]["ncu_raw"]["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"] == n
    # cp.async into 80-byte padded rows: 20 sectors a warp request, as ncu counts them
    for i in PADDED:
        assert checks[i]["global_ld_sectors"]["emu"] == checks[i]["global_ld_sectors"]["ncu"] == 15360
        assert checks[i]["global_ld_requests"]["ncu"] == 768


def test_the_suite_against_ncu_before_any_change():
    rows = read_json(RESULTS / "fidelity-compare-2026-12-02-unseen28-before.json")["rows"]
    assert len(rows) == 44
    unrun = {r["id"]: r["error"] for r in rows if "checks" not in r}
    assert len(unrun) == 17 and all(i.startswith("collection/enccs_") for i in unrun)
    assert all("no __global__ function found" in e for e in unrun.values())
    checks, missed = _missed(rows)
    assert sum(len(c) for c in checks.values()) == 351 and len(missed) == 8
    assert {i for i, _ in missed} == PADDED | set(STAGES)
    assert all(missed[(i, "global_ld_sectors")] == -3072 for i in PADDED)


def test_the_suite_on_the_emulator_before_any_change():
    rec = read_json(RESULTS / "collection-emu-2026-12-02-unseen28-before.json")
    assert rec["kernels"] == 44 and rec["matched"] == 27
    bad = [(r["file"], r["problems"]) for r in rec["results"] if not r["ok"]]   # reduce_cp twice: a list
    assert len(bad) == 17 and all(f.startswith("enccs_") for f, _ in bad)
    assert all(p[0].startswith("CompileError") and "no __global__" in p[0] for _, p in bad)
    after = read_json(RESULTS / "collection-emu-2026-12-02-unseen28-after.json")
    assert after["kernels"] == 44 and after["matched"] == 44


def test_the_sixth_unseen_suites_outputs_against_the_h200():
    first = read_json(RESULTS / "collection-gpu-2026-12-02-unseen28.json")
    assert first["kernels"] == 44 and first["as_expected"] == 10
    ran = [r for r in first["results"] if r.get("hashes")]
    assert len(ran) == 27
    bad = {r["kernel"]: r["hashes"]["C"] for r in ran if not r["verdict"].startswith("as expected")}
    # every tensor-core HGEMM: the same 8 of 65,536 fp16 outputs, where the exact sum rounded once to fp16
    # (the emulator then) is not the H200's aligned, truncated sum rounded once
    assert set(bad) == TC
    assert {h["gpu_sha256"] for h in bad.values()} == {"571df65a7438fc1f"}
    assert all(h["differ"] == 8 for h in bad.values())
    after = read_json(RESULTS / "collection-gpu-2026-12-02-unseen28-after.json")
    assert after["kernels"] == 44 and after["as_expected"] == 44
    differ = {r["kernel"]: {k for k, h in r["hashes"].items() if h["differ"]} for r in after["results"]
              if any(h["differ"] for h in r["hashes"].values())}
    # only the float atomicAdd sums of 40 blocks, in the GPU's order (their entries' gpu notes)
    assert differ == {"reduce": {"d_y"}, "reduce_syncwarp": {"d_y"}, "reduce_shfl": {"d_y"}, "reduce_cp": {"d_y"}}
    hg = [r for r in after["results"] if r["kernel"] in TC]
    assert len(hg) == 17 and all(r["hashes"]["C"]["emu_sha256"] == "571df65a7438fc1f" for r in hg)
