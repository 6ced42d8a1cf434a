"""Two SASS shapes of the x-drop seed extenders of the eleventh round (SegAlign's ``find_hsps``, GenomeWorks'
``find_high_scoring_segment_pairs``; docs/SASS_COUNTS.md), each a line left undecided before.

* ``else if (ref_loc[w] < pos || query_loc[w] < pos) {...} else {B}``: NVVM writes the second test as an inverted
  diamond, ``@p bra THEN; bra.uni ELSE``, whose THEN block the first test's branch enters too. ptxas predicates
  ELSE alone (``@P0 STS ...; @P0 BRA END``) and keeps THEN a block of its own, so a warp whose lane takes THEN
  still issues B's stores with no lane on (a shared request each). ``regions.inverted`` offers that region now.
* The shuffle scans' ``BRA.DIV`` copies: ptxas copies the code after each full-mask shuffle for a warp that is
  not converged, and allocates and schedules the copy apart (``@!P1 LDS`` straight, ``@!P0 LDS`` in the copy,
  two loads in the other order): ``ifconvert.divergent_copies`` compares the two by predicate sense, in any
  order.

Totals are ncu's on the H100, on the same cubin (``fidelity-2026-12-06-unseen143.json``)."""
from __future__ import annotations

import sys

import pytest

from conftest import ROOT, needs_cubin, read_json

REC = ROOT / "bench" / "results" / "fidelity-2026-12-06-unseen143.json"
SHARED = ("shared_ld_requests", "shared_ld_wavefronts", "shared_st_requests", "shared_st_wavefronts")


def _fid():
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity
    return fidelity


@needs_cubin
@pytest.mark.parametrize("lid,keys", [
    ("collection/segal_seed_filter.cu:find_hsps", SHARED),
    ("collection/segal_seed_filter.cu:find_hsps#entropy", SHARED),
    ("collection/gwux_ungapped_xdrop_kernels.cu:claraparabricks::genomeworks::cudaextender::"
     "find_high_scoring_segment_pairs#entropy", SHARED),
    ("collection/gwux_ungapped_xdrop_kernels.cu:claraparabricks::genomeworks::cudaextender::"
     "find_high_scoring_segment_pairs", ("shared_ld_requests", "shared_st_requests", "shared_st_wavefronts"))])
def test_the_extenders_shared_counts_are_ncus(lid, keys):
    fid = _fid()
    (L,) = [x for x in fid.launches(lid.split("#")[0]) if x.id == lid]
    r = fid.emulate(L)
    ncu = {x["id"]: x["ncu"] for x in read_json(REC)["rows"]}[lid]
    for key in keys:
        assert r["metrics"][key] == ncu[key], (key, r["metrics"][key], ncu[key])
    assert not any(pl.get("undecided") for pl in r["per_line"] if any(pl.get(k) for k in SHARED))


def test_an_inverted_diamond_whose_then_block_others_enter_offers_its_else_alone():
    from types import SimpleNamespace as I

    from tilelab.emu.counters.regions import regions

    def ins(op, guard=None, target=-1):
        return I(op=op, guard=guard, target=target, func=None)
    # 0: @p bra 4 (first test); 1: @q bra 4; 2: bra.uni 8; ... 4-6: THEN; 7: bra.uni 10; 8-9: ELSE; 10: end
    code = [ins("bra", "p", 4), ins("ld"), ins("bra", "q", 4), ins("bra", None, 8), ins("st"), ins("st"),
            ins("ld"), ins("bra", None, 10), ins("st"), ins("st"), ins("bar")]
    got = regions(code)
    assert got[2] == (range(8, 10), range(0))
