"""Issue 23's twenty-eighth unseen suite: sparse matrix-vector products and graph colouring (loyer-yuan/Simple_SPMV's
DIA, ELL, CSR and COO kernels, kmmankad/ParallelGraphColoring's first-fit colouring) (docs/FIDELITY.md, "a
twenty-eighth unseen suite").

The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen50-before.json, and under NVRTC 13, the H200's major,
collection-emu-2026-12-03-unseen50-before-nvrtc13.json): these tests pin what it found.
"""
from __future__ import annotations

import json
from collections import Counter

from conftest import ROOT

from collection import references
from collection import run as collection_run

RES = ROOT / "bench" / "results"
BEFORE = RES / "collection-emu-2026-12-03-unseen50-before.json"
BEFORE13 = RES / "collection-emu-2026-12-03-unseen50-before-nvrtc13.json"
LAUNCHES = {
    "sspmv_dia.cu": ("spmv_dia_kernel0<float>",) * 2,
    "sspmv_ell.cu": ("spmv_ell_kernel0<float>",) * 2,
    "sspmv_csr.cu": ("spmv_csr_scalar_kernel0<float>",) * 2 + ("spmv_csr_vector_kernel0<float>",) * 2,
    "sspmv_coo.cu": ("spmv_coo_segement_kernel0<float>",) * 2 + ("spmv_coo_segement_kernel_naive<float, 256>",) * 2,
    "pgc_firstfit.cu": ("InitializeColorVector",) + ("ColorGraph", "ResolveBadColoring") * 2,
}


def _entries():
    return [e for e in collection_run.load() if e["file"] in LAUNCHES]


def test_the_twenty_eighth_unseen_suite_on_the_emulator_before_any_change():
    """17 of 17 ran and were right, under NVRTC 12.9 and 13: the SpMV outputs A x within the entries' tolerance,
    the colouring launches within what any order of their races allows, every finding as listed before the run."""
    for path in (BEFORE, BEFORE13):
        rec = json.loads(path.read_text())
        assert (rec["kernels"], rec["matched"], rec["refused"]) == (17, 17, 0)
        assert sorted((r["file"], r["kernel"]) for r in rec["results"]) == \
            sorted((f, k) for f, ks in LAUNCHES.items() for k in ks)
        assert all(r["ok"] and not r["problems"] for r in rec["results"])


def test_the_matrices_are_the_hosts_draws():
    """prepare_data's fresh std::mt19937(9658) through std::uniform_real_distribution<float>, reproduced from numpy's
    MT19937 (the legacy seeding): test_all.cpp's 10 x 10 matrix at NNZ 2 has its 3 non-zeros where libstdc++ puts
    them (entries 11, 20 and 37, checked against a build of the same loop with g++), and the vector's first values."""
    small = references.sspmv("small")
    assert small["nnz"] == 3 and list(small["rows"] * 10 + small["cols"]) == [11, 20, 37]
    assert [f"{v:.9g}" for v in small["values"]] == ["0.846178293", "0.598695993", "0.491338879"]
    assert [f"{v:.9g}" for v in small["vec"][:3]] == ["0.603855848", "0.582506895", "0.333314121"]
    large = references.sspmv("large")
    assert (large["nnz"], large["ell_k"], large["nnz"] % 32) == (12895, 25, 31)


def test_the_listed_findings_are_raised_where_the_sources_have_them():
    """The warp-synchronous shared segmented scan of spmv_coo_segement_kernel_naive (races) and its read of
    shared_row_indices[threadIdx.x + 1] past the last lane that stored (12,895 = 50 x 256 + 95: thread 94 of block
    50 reads [95]); ColorGraph's and ResolveBadColoring's global races on d_ColorVector (and d_changed); none
    elsewhere (spmv_coo_segement_kernel0's full-mask shuffles with lanes past nnz raise nothing)."""
    flagged = {}
    uninit = []
    for e in _entries():
        res, _, _ = collection_run.run_emu(e)
        kinds = Counter(f.kind for f in res.findings)
        if kinds:
            flagged[(e["name"], e.get("launch", ""))] = sorted(kinds)
        uninit += [str(f).splitlines()[0] for f in res.findings if f.kind == "uninitialized_read"]
    naive = "spmv_coo_segement_kernel_naive<float, 256>"
    assert flagged == {(naive, ""): ["race", "uninitialized_read"], (naive, "large"): ["race", "uninitialized_read"],
                       ("ColorGraph", ""): ["race"], ("ColorGraph", "trip2"): ["race"],
                       ("ResolveBadColoring", ""): ["race"], ("ResolveBadColoring", "trip2"): ["race"]}
    assert any("thread (94,0,0) block (50,0,0)" in u and "shared_row_indices[95]" in u for u in uninit)
    assert any("thread (2,0,0) block (0,0,0)" in u and "shared_row_indices[3]" in u for u in uninit)


def test_the_colouring_checks_reject_a_wrong_colouring():
    """The colouring entries' checks are what any order of the races allows; they still fail a wrong result."""
    g = references.pgc_graph()
    assert references.pgc_color_ok(g["c0"], g["c1"]) and references.pgc_color_ok(g["c2"], g["c3"])
    assert references.pgc_resolve_ok(g["c1"], g["v0"], g["c2"], g["v2"])
    bad = g["c3"].copy()
    t = int(next(i for i in range(g["n"]) if g["c2"][i] == 0))
    u = int(g["col"][g["ptr"][t]])
    if g["c2"][u] != 0:
        bad[t] = g["c2"][u]                                  # a colour a coloured neighbour holds
    else:
        bad[t] = 0                                           # left uncoloured
    assert not references.pgc_color_ok(g["c2"], bad)
    keep = g["c1"].copy()                                    # every vertex kept colour 1 and marked valid
    assert not references.pgc_resolve_ok(g["c1"], g["v0"], keep, ~g["v0"])


def test_the_emulator_leaves_the_every_read_before_every_write_outcome():
    """On the emulator each colouring launch left the state references.pgc_graph's port gives ("every read before
    every write", one outcome the races allow), which the next launch's entry takes as its input."""
    g = references.pgc_graph()
    want = {("ColorGraph", ""): ("c1", None), ("ResolveBadColoring", ""): ("c2", "v2"),
            ("ColorGraph", "trip2"): ("c3", None), ("ResolveBadColoring", "trip2"): ("c4", "v4")}
    for e in _entries():
        key = (e["name"], e.get("launch", ""))
        if key not in want:
            continue
        _, after, _ = collection_run.run_emu(e)
        c, v = want[key]
        assert (after["d_ColorVector"] == g[c]).all()
        if v:
            assert (after["d_ColorValid"] == g[v]).all()
