"""The collection's newest public sources and the WMMA reproductions against the H200's ncu totals
(bench/results/fidelity-2026-12-02-emu23.json: bench/fidelity.py --ncu-only on the H200, the
emulator side re-run here by --compare, as CI does without a GPU)."""
from __future__ import annotations

import json
import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

REC = ROOT / "bench" / "results" / "fidelity-2026-12-02-emu23.json"


def test_new_sources_and_wmma_reproductions_equal_ncu_in_every_total(tmp_path):
    out = tmp_path / "cmp.json"
    assert fid.main(["--compare", str(REC), "--json", str(out)]) == 0
    rows = json.loads(out.read_text())["rows"]
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
