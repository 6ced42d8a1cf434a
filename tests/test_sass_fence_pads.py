"""ptxas's never-run ``@!PT LDS`` before a fence's MEMBAR, which ncu counts as shared-load requests
(tilelab/emu/counters/ifconvert.py, ``sass_fence_pads``; docs/SASS_COUNTS.md), and what the driver's
printf costs when the calls of several blocks overlap (emu/counters/vprintf_cost.py; docs/FIDELITY.md).

The probes of collection/repro_printf.cu print the decoupled look-back's line from thread 0 of each
block: all blocks at once, or in turn behind a flag, ``__threadfence()`` between a block's print and
its release of the next. Their H200 recordings (bench/results/) are pinned here."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import needs_cubin, read_json

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
RECORDINGS = ("fidelity-2026-12-03-samecubin-hostcubin.json", "fidelity-2026-12-03-samecubin-printf.json")


def _ncu(rec: str, lid: str) -> dict:
    rows = read_json(RESULTS / rec)["rows"]
    return next(r for r in rows if r["id"] == lid)["ncu"]


def _launch(only: str):
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity
    L = next(x for x in fidelity.launches(only) if x.id.endswith(only))
    return L, fidelity.emulate(L, "sass")


@needs_cubin
def test_the_fence_after_a_printf_has_four_never_run_loads_and_the_plain_fence_none():
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity
    from tilelab.emu.counters.ifconvert import sass_fence_pads
    got = {}
    for L in fidelity.launches(":printfOnePerBlockInTurn,hecbench_threadfence.cu:sum"):
        k = L.make()[0]
        pads = sass_fence_pads(k.program.sass("sm_90"), k.entry, k.program.filename)
        got[L.name] = {w[1]: p for w, p in pads.items() if w[0].endswith(L.file)}
    assert got["printfOnePerBlockInTurn"] == {185: [4]}           # __threadfence() after vprintf's CALL
    assert got["sum"] and all(p == [0] for p in got["sum"].values())  # a __threadfence() in a kernel with no call


@needs_cubin
@pytest.mark.parametrize("rec", RECORDINGS)
def test_the_probe_in_turn_counts_the_fence_pads_and_five_atomics_a_call_as_the_h200(rec):
    """224 shared-load requests: 12 a vprintf call (no lane on) and 4 never-run LDS before each block's
    fence, 14 blocks; the emulator counted 168 before. 70 shared-atomic wavefronts: 5 a call when no
    two calls overlap, the cost model's rule (the same calls at once: 62 and 61, set apart)."""
    L, r = _launch(":printfOnePerBlockInTurn")
    want = _ncu(rec, L.id)
    assert r["metrics"]["shared_ld_requests"] == want["shared_ld_requests"] == 224
    assert r["metrics"]["shared_atom_wavefronts"] == want["shared_atom_wavefronts"] == 70
    for key in ("global_st_requests", "global_st_sectors", "shared_st_requests", "shared_ld_wavefronts"):
        assert r["metrics"][key] == want[key], key
    at_once = _ncu(rec, "collection/repro_printf.cu:printfOnePerBlock")
    assert at_once["shared_atom_wavefronts"] < 70 and at_once["shared_ld_requests"] == 168
