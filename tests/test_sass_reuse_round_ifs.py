"""A shared word read again after ifs ptxas predicates, and a loop whose copies are counted by replaying the SASS
past an integer division and a predicate kept in a register (tilelab/emu/counters/sass_model.py's ``_cut_run`` and
``_crossed``, sass_replay.py's ``I2F.RP`` and ``P2R``; docs/FIDELITY.md, PyTorch3D's coarse rasteriser in the eighth
round).

``RasterizeCoarseCudaKernel`` tests four bits of one bit-mask word in each unrolled trip, ``if (binmask.get(..))``
round a global store: NVVM reads the word four times at one address, ptxas once (8 ``LDS`` for the PTX's 14). The
merge model saw the reuse, but the if regions were chosen only where a merged access crosses them, so the line was
counted as the PTX's (1,056 requests for ncu's 288). Its ``count`` loop, unrolled 4 times more by ptxas, was
counted by a replay that gave up at ``I2F.RP`` (signed, no type named) and then at ``P2R``."""
from __future__ import annotations

from conftest import ROOT, needs_cubin, read_json


@needs_cubin
def test_pytorch3ds_coarse_rasteriser_reads_each_mask_word_once_a_trip():
    from collection import run as c
    rec = {r["id"].split(":", 1)[1]: r.get("ncu")
           for r in read_json(ROOT / "bench" / "results" / "fidelity-2026-12-06-unseen114.json")["rows"]}
    seen = 0
    for e in c.load():
        if e["file"] != "p3dr_rasterize_coarse.cu" or e["name"] != "RasterizeCoarseCudaKernel":
            continue
        res, _, _ = c.run_emu(e)
        ncu = rec[f"{e['name']}#{e['launch']}"]
        keys = ("shared_ld_requests", "shared_ld_wavefronts")
        assert {k: res.metrics[k] for k in keys} == {k: ncu[k] for k in keys}, e["launch"]
        assert not [r["line"] for r in res.per_line if r.get("undecided") or r.get("undecided_keys")]
        why = {r["line"]: r.get("why", "") for r in res.per_line}
        assert any("across 3 if(s)" in w for w in why.values()) and any("a replay" in w for w in why.values())
        seen += 1
    assert seen == 2
