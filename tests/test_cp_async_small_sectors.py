"""A 4-byte cp.async (LDGSTS) costs its global side's sectors alone (tilelab/emu/isa.py, h_cp_async; docs/FIDELITY.md,
VapourSynth-BilateralGPU in the eighth round).

The rule for a 16-byte copy takes the larger of its global and shared sides (cuda_hgemm's 64-byte rows into 80-byte
padded rows: 20 sectors a warp on the H200 for the global side's 16). BilateralGPU copies 4 bytes a lane, 16 floats of
a row into a 22-float padded row: the H100 counted the global side's sectors alone, 432 and 864, where the larger side
gives 570 and 1,146."""
from __future__ import annotations

from conftest import ROOT, needs_cubin, read_json


@needs_cubin
def test_bilaterals_four_byte_copies_count_the_global_side():
    from collection import run as c
    rec = {r["id"].split(":", 1)[1]: r["ncu"]
           for r in read_json(ROOT / "bench" / "results" / "fidelity-2026-12-06-unseen117.json")["rows"]}
    seen = 0
    for e in c.load():
        if e["file"] != "vsbil_kernel.cu" or not e["name"].startswith("bilateral<true"):
            continue
        res, _, _ = c.run_emu(e)
        ncu = rec[e["name"]]
        assert res.metrics["cp_async_requests"] > 0
        assert (res.metrics["global_ld_requests"], res.metrics["global_ld_sectors"]) == \
            (ncu["global_ld_requests"], ncu["global_ld_sectors"]), e["name"]
        seen += 1
    assert seen == 2
