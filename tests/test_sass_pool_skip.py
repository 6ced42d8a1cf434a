"""emu/counters/sass_model.py's ``_pools`` with the copies' own lines left out (``plan.pool_skip``).

Swift's ``computeMaxScore`` (collection/swift_smithwaterman.cu) reads ``HShared[...]`` with no line of its own in
the PTX (``.loc 1 0 0``; the emulator gives those loads the line of their first use, 292 and 309); ptxas places
them on lines 307 and 317. That alone is a pool (each SASS load one PTX load, placed elsewhere), but the same
kernel's ``for (i = ...) if (scoreMax < scores[i])`` loop (lines 359 and 362) is unrolled by ptxas into 29 copies
of the PTX's 5 loads, so over the whole kernel the cubin's shared loads are not the model's and no pool was made:
lines 292 and 309 stayed undecided, with their launch's shared- and global-load totals (docs/FIDELITY.md, the
thirty-eighth unseen suite). The copies' lines have a replay of their own; left out of the pool on both sides,
the rest is the model's, key for key, and the pool decides 292 and 309, at ncu's values
(bench/results/fidelity-2026-12-04-unseen60.json)."""
from __future__ import annotations

import json
import sys

from conftest import ROOT, needs_cubin, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

REC = ROOT / "bench" / "results" / "fidelity-2026-12-04-unseen60.json"
ID = "collection/swift_smithwaterman.cu:computeMaxScore_wrapFunc#test_q10_r20"


@needs_cubin
def test_the_moved_loads_are_a_pool_with_the_unrolled_loop_left_out():
    from tilelab.launch import launch
    L = next(x for x in fid.launches("computeMaxScore_wrapFunc#test_q10_r20") if x.id == ID)
    k, args, symbols = L.make()
    r = launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False, symbols=symbols or None,
               counts="sass", arch="sm_90")
    rows = {pl["line"]: pl for pl in r.per_line if pl.get("file", "").endswith("swift_smithwaterman.cu")}
    for line in (292, 309, 359, 362):
        assert not rows[line].get("undecided"), (line, rows[line].get("why"))
    assert "LDS" in rows[292]["why"] and "LDS" in rows[309]["why"]
    ncu = next(row["ncu"] for row in read_json(REC)["rows"] if row["id"] == ID)
    got = {"shared_ld_requests": 0, "shared_ld_wavefronts": 0, "global_ld_requests": 0, "global_ld_sectors": 0}
    for pl in r.per_line:
        for key in got:
            got[key] += pl.get(key, 0)
    assert got == {key: ncu[key] for key in got} == {"shared_ld_requests": 196, "shared_ld_wavefronts": 193,
                                                       "global_ld_requests": 96, "global_ld_sectors": 96}
