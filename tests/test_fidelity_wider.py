"""The collection's newest public sources and the WMMA reproductions against the H200's ncu totals
(bench/results/fidelity-2026-12-02-emu23.json: bench/fidelity.py --ncu-only on the H200, the
emulator side re-run here by --compare, as CI does without a GPU)."""
from __future__ import annotations
import gzip

import json
import sys

import pytest

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

REC = ROOT / "bench" / "results" / "fidelity-2026-12-02-emu23.json"


def test_new_sources_and_wmma_reproductions_equal_ncu_in_every_total(tmp_path):
    out = tmp_path / "cmp.json"
    assert fid.main(["--compare", str(REC), "--json", str(out)]) == 0
    rows = read_json(out)["rows"]
    ids = {r["id"] for r in rows}
    # two public sources new to the collection, and every WMMA reproduction (its SASS access families)
    assert {"collection/nvblog_tensor_core_gemm.cu:wmma_example",
            "collection/packt_convolution.cu:convolution_kernel_v3",
            "collection/nvblog_shared_memory.cu:dynamicReverse", "collection/repro_wmma.cu:reproWmmaPaddedShared",
            "collection/repro_wmma.cu:reproWmmaInt8Transposed", "collection/repro_wmma.cu:reproWmmaTf32Generic",
            "collection/repro_wmma.cu:reproWmmaScaledAccumulator"} <= ids
    assert all("checks" in r for r in rows), [r.get("error") or r.get("not_profiled") for r in rows]
    differ = {r["id"]: {k: c["delta"] for k, c in r["checks"].items() if not c["equal"]}
              for r in rows if not all(c["equal"] for c in r["checks"].values())}
    # one total apart: the Packt convolution's shared-memory tile stores, 216 wavefronts against ncu's
    # 220. The six blocks store at the same addresses (36 wavefronts each, by hand as by the emulator),
    # so 4 more is no property of the addresses (docs/FIDELITY.md, "Left open")
    assert differ == {"collection/packt_convolution.cu:convolution_kernel_v3": {"shared_st_wavefronts": -4}}
    # the WMMA loads and stores are in those totals (before, the emulator counted none of them)
    wmma = next(r for r in rows if r["id"].endswith(":wmma_example"))
    assert wmma["checks"]["global_ld_requests"]["ncu"] > 0 and wmma["checks"]["global_st_requests"]["ncu"] > 0


CLASS9 = ROOT / "bench" / "results" / "fidelity-2026-12-02-class9.json.gz"


def test_class9_reproductions_equal_ncu_in_every_total(tmp_path):
    # issue 23's class 9 on the H200 (bench/results/fidelity-2026-12-02-class9.json.gz, NVRTC 13.0): an
    # LU diagonal block (a loop's remainder trip ptxas predicates, on a line it unrolled further than
    # the PTX: was 541 and 256 shared requests against 549 and 260) and a right-looking LU (the
    # last unrolled step branches back to the loop's head both ways: was 328 and 136 against 496
    # and 192), and two register-blocked SGEMMs
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(CLASS9), "--only", "repro_class9", "--json", str(out)])
    rows = read_json(out)["rows"]
    assert len(rows) == 4 and all(len(r["checks"]) == 10 for r in rows)
    assert {r["id"]: [k for k, c in r["checks"].items() if not c["equal"]] for r in rows} == \
        {r["id"]: [] for r in rows}
    lu = next(r for r in rows if r["id"].endswith("reproLuRightLooking"))
    assert lu["checks"]["shared_ld_requests"]["ncu"] == 496       # every warp executes the predicated update


def test_sgemm_shared_wavefronts_follow_the_toolchain_that_built_the_cubin():
    # class 9's SGEMM gap (2,560 against 4,096) is the toolchains', not the emulator's: ptxas 13.5
    # merges sgemmWarptiling's regM loads into LDS.128 where 13.0 does not. ncu on the H200 of the
    # cubins NVRTC 13.5 built (bench/results/ncu-toolchain-2026-12-02-nvrtc13.5.json) counts what
    # the emulator counts from them; against 13.0's cubins (the fidelity recordings) it differs
    rec = read_json(ROOT / "bench" / "results" / "ncu-toolchain-2026-12-02-nvrtc13.5.json")
    by_id = {r["id"]: r["ncu"] for r in rec["rows"]}
    wt = "collection/sgemm_warptiling.cu:sgemmWarptiling<128, 128, 16, 64, 64, 4, 8, 4, 128>"
    old = next(r for r in json.loads(gzip.decompress((ROOT / "bench" / "results" / "fidelity-2026-12-02.json.gz").read_bytes()))["rows"]
               if r["id"] == wt)
    assert (by_id[wt]["shared_ld_wavefronts"], old["ncu"]["shared_ld_wavefronts"]) == (2560, 4096)
    from tilelab import toolchain as tc
    if (13, 5) not in {tuple(tc.nvrtc_version(m))[:2] for m in tc.available_nvrtc()}:
        pytest.skip("NVRTC 13.5 is not installed here: the recording's cubins cannot be rebuilt")
    import os
    import subprocess
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "ncu_toolchain.py"), "--compare",
                        str(ROOT / "bench" / "results" / "ncu-toolchain-2026-12-02-nvrtc13.5.json"), "--only", "sgemmWarptiling"],
                       env={**os.environ, "TILELAB_NVRTC": "13"}, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "equal in all 10 totals" in r.stdout, r.stdout + r.stderr
