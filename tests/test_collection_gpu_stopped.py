"""bench/collection_gpu.py's verdict for a launch the GPU stops: as expected only where the emulator found the same
bug. pso_gpu's atualizaPbestx reads past its 30-float arrays (the listed out_of_bounds); the H100 faulted on it
(bench/results/collection-gpu-2026-12-07-unseen221.json, ERROR before this rule). No GPU here: the exceptions are
stand-ins with CuPy's words."""
from __future__ import annotations

import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))

ILLEGAL = RuntimeError("cudaErrorIllegalAddress: an illegal memory access was encountered")
ASSERT = RuntimeError("cudaErrorAssert: device-side assert triggered")


def test_a_fault_where_the_emulator_found_the_access_is_as_expected():
    import collection_gpu as g
    e = {"findings": ["out_of_bounds", "race"]}
    assert g.stopped_verdict(e, ["out_of_bounds", "race"], ILLEGAL).startswith("as expected: the GPU faulted")


def test_a_fault_the_emulator_did_not_foresee_is_an_error():
    import collection_gpu as g
    assert g.stopped_verdict({"findings": ["race"]}, ["race"], ILLEGAL) is None          # nothing listed
    assert g.stopped_verdict({"findings": ["out_of_bounds"]}, [], ILLEGAL) is None       # the emulator saw none
    assert g.stopped_verdict({"findings": ["out_of_bounds"]}, ["out_of_bounds"], ASSERT) is None


def test_an_assert_stays_as_before():
    import collection_gpu as g
    assert g.stopped_verdict({"findings": ["assert"]}, ["assert"], ASSERT).startswith("as expected")


def test_the_recorded_fault_was_an_error_then():
    rows = [r for r in read_json(ROOT / "bench" / "results" / "collection-gpu-2026-12-07-unseen221.json")["results"]
            if r["kernel"] == "atualizaPbestx"]
    assert len(rows) == 2 and all(r["verdict"] == "ERROR" and "illegal" in r["error"].lower() for r in rows)
