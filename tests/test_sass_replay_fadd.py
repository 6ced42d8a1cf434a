"""The SASS replay computes FADD and FMUL (tilelab/emu/counters/sass_replay.py; docs/FIDELITY.md, darknet's batch
norm in the eighth round).

darknet's ``fast_mean_delta_kernel`` ends with ``mean_delta[filter] *= (-1.f/sqrtf(variance[filter] + .00001f))``:
``sqrtf``'s fast path is chosen by an integer compare on the bits of ``variance + 1e-5`` (``FADD``, ``VIADD``,
``ISETP.GT.U32``). Its line 130, which ptxas unrolled 4 times more than the PTX (31 ``LDG`` for 7), is counted by
replaying the SASS, and the replay gave up at that ``FADD``: 4 totals undecided, equal to ncu's in value. It now adds
(rounded to nearest even, subnormals flushed with .FTZ) and decides the line."""
from __future__ import annotations

from conftest import ROOT, needs_cubin, read_json


def _decided_and_ncus(file: str, name: str, suite: int, keys: tuple) -> list:
    """Run the collection's launch: no line undecided, the ``keys`` totals ncu's in the suite's recording; the
    per-line notes (``why``)."""
    from collection import run as c
    entry = next(e for e in c.load() if e["file"] == file and e["name"] == name)
    res, _, _ = c.run_emu(entry)
    assert not [r["line"] for r in res.per_line if r.get("undecided") or r.get("undecided_keys")]
    rec = next(r["ncu"] for r in read_json(ROOT / "bench" / "results" / f"fidelity-2026-12-06-unseen{suite}.json")["rows"]
               if r["id"].endswith(f":{name}"))
    assert {k: res.metrics[k] for k in keys} == {k: rec[k] for k in keys}
    return [r.get("why") or "" for r in res.per_line]


@needs_cubin
def test_darknets_mean_delta_is_decided_by_the_replay():
    why = _decided_and_ncus("dnbn_blas_kernels.cu", "fast_mean_delta_kernel", 119,
                            ("global_ld_requests", "global_ld_sectors", "shared_st_requests", "shared_st_wavefronts"))
    assert any("a replay of the SASS" in w for w in why)


@needs_cubin
def test_flownet2s_correlation_backward_is_decided_past_an_integer_division():
    """FlowNet2's ``correlation_backward_input2`` divides by a launch size (``I2F.RP``, ``MUFU.RCP``, + 0x0ffffffe,
    ``F2I.TRUNC``, a Newton step and two corrections) before the branch of its line 341's copies: the replay took
    ``MUFU.RCP`` of a power of two only and gave up. The float32 nearest the reciprocal is within the unit's error and
    the corrections make the quotient exact from either, so the reciprocal of that idiom is computed: the line is
    decided, its totals ncu's (fidelity-2026-12-06-unseen126.json)."""
    _decided_and_ncus("fn2_correlation.cu", "correlation_backward_input2<float>", 126,
                      ("global_ld_requests", "global_ld_sectors", "shared_st_requests", "shared_st_wavefronts"))
