"""The round's last H200 call (docs/FIDELITY.md, "twenty-one unseen suites together"): the nineteenth and
twenty-first unseen suites and the static shared placement's reproduction, recorded at ea7b0f0 with
`bench/fidelity.py --ncu-only` and `bench/collection_gpu.py`; the emulator side re-run here by --compare."""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

RES = ROOT / "bench" / "results"


def _compare(tmp_path, rec: str, only: str | None = None) -> dict:
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(RES / rec), *(["--only", only] if only else []), "--json", str(out)])
    return {r["id"]: r["checks"] for r in read_json(out)["rows"]}


def test_the_placement_reproduction_is_the_h200s(tmp_path):
    """ptxas's placement of static shared variables: x alone merges (STS.128 / LDS.128), after a u32 it does
    not, after a u64 the neighbour and x[0] merge; every total ncu's."""
    checks = _compare(tmp_path, "fidelity-2026-12-03-shared-pair.json")
    assert len(checks) == 3 and sum(len(c) for c in checks.values()) == 39
    assert all(fid.matches(v) for c in checks.values() for v in c.values())
    alone = checks["collection/repro_shared_pair.cu:reproSharedPairAlone"]
    after = checks["collection/repro_shared_pair.cu:reproSharedPairAfterWord"]
    # per block: one STS.128 alone; the u32's STS and two STS.64 after it (two blocks)
    assert (alone["shared_st_requests"]["ncu"], after["shared_st_requests"]["ncu"]) == (2, 6)


def test_the_twenty_first_suites_totals(tmp_path):
    """14 of 14 launches equal ncu's in every total: the two racing Tongkai softmaxes' lines, undecided at 768 and 192
    shared-load requests before, are decided at ncu's 512 and 128 (tests/test_sass_moved_pair.py)."""
    checks = _compare(tmp_path, "fidelity-2026-12-03-unseen43.json", "/cudacodes_,/tongkai_")
    assert len(checks) == 14 and sum(len(c) for c in checks.values()) == 182
    missed = {i for i, c in checks.items() if not all(fid.matches(v) for v in c.values())}
    assert missed == set()
    row = checks["collection/tongkai_softmax_matrix.cu:softmax_row_kernel"]["shared_ld_requests"]
    assert (row["emu"], row["ncu"], bool(row.get("undecided"))) == (512, 512, False)


def test_the_nineteenth_suites_totals(tmp_path):
    """The SpMV kernels, the pull and plain frontier BFS and SParry's dijkstra equal ncu's in every total, and
    since the sunk global load and the join block laid out above its way in (branch divide), `divide` and
    `delta_stepping` too."""
    checks = _compare(tmp_path, "fidelity-2026-12-03-unseen41.json", "/pmppl_,/sparry_")
    assert len(checks) == 17 and sum(len(c) for c in checks.values()) == 221
    equal = {i.split(":")[1] for i, c in checks.items() if all(fid.matches(v) for v in c.values())}
    assert equal == {"spmv_coo_kernel", "spmv_csr_kernel", "spmv_ell_kernel", "spmv_jds_kernel",
                     "computeHistogramKernel", "exclusiveScanKernel", "bsf_pull_vertex_centric_kernel",
                     "bsf_frontier_vertex_centric_kernel", "dijkstra", "divide", "delta_stepping"}


def test_the_two_suites_outputs_on_the_h200():
    for name, n in (("unseen41", 17), ("unseen43", 14), ("shared-pair", 3)):
        rec = read_json(RES / f"collection-gpu-2026-12-03-{name}.json")
        assert rec["kernels"] == n and rec["as_expected"] == n and rec["nvrtc"] == "13.0"
