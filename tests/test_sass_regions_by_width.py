"""A line whose predicated and unpredicated shared accesses fit one choice of if regions alone, by width
(tilelab/emu/counters/ifconvert.py, ``_by_regions``; docs/SASS_COUNTS.md).

bitsandbytes' NF4 quantise reduces with CUB's BlockReduce over a count of valid items. NVVM compiles the
reduction twice, a full-tile path and a partial one, and thread 0 reads the warps' aggregates on line 146 of
CUB's ``block_reduce_warp_reductions.cuh`` in both: three ``ld.shared.f32`` under one if (two merged into one
``LDS.64``) on the full path, and on the partial one two plain reads (one ``LDS.64``) and one under a nested
if. The cubin has ``@!P1 LDS.64``, ``@!P1 LDS`` and an unpredicated ``LDS.64`` and ``LDS``: in program
order the instructions do not follow the PTX (ptxas put the partial path first), but by width only one
choice fits, the full path's region predicated whole and the nested if branched. Every warp then executes
the two predicated loads, as ncu counted on the H100 on the same cubin (96 shared-load requests,
``fidelity-2026-12-06-samecubin-misses.json.gz``; the emulator counted 84 before, having matched the line's
plain pair as two instructions)."""
from __future__ import annotations

import sys

import pytest

from conftest import ROOT, needs_cubin, read_json

NAME = "kQuantizeBlockwise<float, 256, 2, 0, NF4>"
LINE = 146


def _plan(monkeypatch=None, change=None):
    from tilelab.emu.calls import link
    from tilelab.emu.counters import ifconvert
    from tilelab.emu.machine import parsed
    sys.path.insert(0, str(ROOT / "collection"))
    import run as collection
    e = next(x for x in collection.load() if x["name"] == NAME)
    k = collection.compile_entry(e)
    mod = parsed(k.program.ptx)
    fn, files = link(mod, mod.entry(k.entry)), dict(mod.files)
    real = ifconvert.sass_predication(k.program.sass("sm_90"), k.entry, k.program.filename)
    key = next(x for x in real if x[1] == LINE and x[0].endswith("block_reduce_warp_reductions.cuh")
               and x[2] == "shared_ld")
    if monkeypatch is not None:
        sass = {x: [v[0], v[1], v[2], list(v[3])] for x, v in real.items()}
        change(sass[key])
        monkeypatch.setattr(ifconvert, "sass_predication", lambda text, entry, filename="": sass)
    fn.__dict__.pop("_ifconvert", None)
    plan = ifconvert.plan_for(k, fn, files)
    fn.__dict__.pop("_ifconvert", None)         # (the parsed module is shared: leave no changed plan behind)
    return plan, real[key], key


@needs_cubin
def test_the_cubins_line_is_two_predicated_and_two_plain_loads_of_two_widths():
    _, (p, u, order, sizes), _ = _plan()
    assert (p, u, order, sizes) == (2, 2, "uupp", [8, 4, 8, 4])


@needs_cubin
def test_the_line_is_decided_by_regions_and_every_warp_counts_both_predicated_loads():
    plan, _, key = _plan()
    assert plan.decided[key] == "by regions"
    assert key[:2] not in plan.uncertain_notes
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity
    L = next(x for x in fidelity.launches(NAME) if x.id.endswith("#blocksize256-nf4"))
    got = fidelity.emulate(L)["metrics"]
    want = next(r for r in read_json(ROOT / "bench" / "results" / "fidelity-2026-12-06-samecubin-misses.json.gz")["rows"]
                if r["id"] == L.id)["ncu"]
    for k in ("shared_ld_requests", "shared_ld_wavefronts", "shared_st_requests", "shared_st_wavefronts"):
        assert got[k] == want[k], (k, got[k], want[k])
    assert want["shared_ld_requests"] == 96


@needs_cubin
@pytest.mark.parametrize("change", [
    lambda v: v[3].__setitem__(slice(None), [4, 4, 8, 8]),      # widths no choice fits
    lambda v: v.__setitem__(slice(None), [4, 0, "pppp", [8, 4, 8, 4]])])   # no unpredicated one for the plain pair
def test_where_no_choice_fits_the_line_stays_undecided(monkeypatch, change):
    plan, _, key = _plan(monkeypatch, change)
    assert key not in plan.decided
    assert "do not tell which PTX accesses" in plan.uncertain_notes[key[:2]]


def test_two_choices_that_fit_decide_nothing():
    """Two regions of one load each, of one width, and one of the two loads predicated: either region may be
    the predicated one."""
    from types import SimpleNamespace as NS
    from tilelab.emu.counters.ifconvert import _by_regions
    ld = NS(op="ld", mods=("shared", "f32"))
    instrs = [ld] * 4
    where = lambda ins: ("k.cu", 7)            # noqa: E731
    items = [(1,), (3,)]
    assert _by_regions(items, [], "up", [4, 4], instrs, {1: 0, 3: 2}, where, ("k.cu", 7, "shared_ld")) is None
    # one of them wider: the fit is single, and each region gets its own answer
    wide = NS(op="ld", mods=("shared", "v2", "f32"))
    got = _by_regions(items, [], "up", [4, 8], [ld, ld, ld, wide], {1: 0, 3: 2}, where, ("k.cu", 7, "shared_ld"))
    assert got == {(1,): "branched", (3,): "predicated"}
