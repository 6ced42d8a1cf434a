"""A line whose reads through the constant cache sit beside accesses ptxas only copied (tilelab/emu/counters/
sass_model.py, ``_copied``; docs/SASS_COUNTS.md).

ARRUS's band-pass FIR (``result += cachedInputData[localN - i] * gpuFirCoefficients[i]`` over a runtime tap count,
the taps ``__constant__``): NVVM unrolls the loop by 4 with a remainder (5 ``ld.shared.u16`` on the line), ptxas
unrolls it again (``LDS.U16`` x 29 in the cubin), and the taps become constant-bank operands. Before, the line's
``ld.const`` reads kept it from the replay of its SASS copies and it stayed undecided (counted as the PTX, equal in
value); their reads count nothing either way, so the replay now decides it, and the totals are ncu's on the H100,
on the same cubin (``fidelity-2026-12-06-unseen133.json``). CUDA-SHA256-SHA3's round constants are the same case."""
from __future__ import annotations

import sys

import pytest

from conftest import ROOT, needs_cubin, read_json

REC = ROOT / "bench" / "results"


def _fid():
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity
    return fidelity


@needs_cubin
@pytest.mark.parametrize("lid,rec", [
    ("collection/arrdsp_bandpass_filter.cu:arrus_example_imaging::gpuFir#taps33", "fidelity-2026-12-06-unseen133.json"),
    ("collection/arrdsp_digital_down_conversion.cu:arrus_example_imaging::gpuFirLp",
     "fidelity-2026-12-06-unseen133.json"),
    ("collection/sorasha_sha3_gpu.cu:kernel_sha3_batch_fixed#sha3_224", "fidelity-2026-12-05-unseen74.json")])
def test_the_copies_are_replayed_despite_the_constant_reads(lid, rec):
    fid = _fid()
    (L,) = [x for x in fid.launches(lid.split("#")[0]) if x.id == lid]
    r = fid.emulate(L)
    ncu = {x["id"]: x["ncu"] for x in read_json(REC / rec)["rows"]}[lid]
    keys = [k for k in ("shared_ld_requests", "shared_ld_wavefronts", "global_ld_requests", "global_ld_sectors")
            if ncu[k]]
    for key in keys:
        assert r["metrics"][key] == ncu[key], (key, r["metrics"][key], ncu[key])
    assert not any(pl.get("undecided") for pl in r["per_line"] if any(pl.get(k) for k in keys))
