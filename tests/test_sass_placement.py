"""Where ptxas places a block's static shared variables, and its merges of two variables' accesses
(docs/SASS_COUNTS.md, "Where ptxas places the static shared variables"; docs/FIDELITY.md, the seventeenth
unseen suite's Fixed note).

NVVM splits CUDA-GECKO's ``__shared__ uint64_t v_shared[2]`` (indexed by constants) into two variables,
``v_shared_$_0`` and ``v_shared_$_1``, each ``.align 8``; ptxas places them side by side from the block's
first static byte and makes lane i's two ``st.shared.u64`` one ``STS.128`` and the other lanes' two
``ld.shared.u64`` one ``LDS.128``. The model keyed each variable as its own base and counted the PTX's
accesses: shared-load requests 256 (ncu 128), wavefronts 256 (252); stores 2,024 (1,024) and 2,000 (1,000).
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

from tilelab.emu.counters import sass_model
from tilelab.emu.ptx import parsed
from tilelab.toolchain import kernel_from_file, sass_memory_mix
from tilelab.toolchain.sass import shared_section_size

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
from sass_launch import run as _run  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-unseen39.json"
FILTER = "collection/gecko_kernels.cu:kernel_filter_hits_parallel_shared"
SHARED = ("shared_ld_requests", "shared_ld_wavefronts", "shared_st_requests", "shared_st_wavefronts")


def test_the_racing_filter_counts_its_shared_accesses_as_the_h200():
    """All four shared totals are ncu's, every line decided, and the race still raised."""
    rec = read_json(REC)
    (row,) = [r for r in rec["rows"] if r["id"] == FILTER]
    ncu = {k: row["ncu"][k] for k in SHARED}
    assert ncu == {"shared_ld_requests": 128, "shared_ld_wavefronts": 252,
                   "shared_st_requests": 1024, "shared_st_wavefronts": 1000}
    assert row["sass_mix"]["collection/gecko_kernels.cu:73"] == {"STS.128": 8}
    assert row["sass_mix"]["collection/gecko_kernels.cu:75"] == {"LDS.128": 1}
    r = _run(":kernel_filter_hits_parallel_shared")
    assert {k: r.metrics[k] for k in SHARED} == ncu
    assert not [pl["line"] for pl in r.per_line if pl.get("undecided")]
    assert "race" in {f.kind for f in r.findings}


# the reproduction: {kernel: ({variable suffix: offset}, {source line: SASS shared accesses})}
PROBES = {
    "reproSharedPairAlone": ({"1x_$_0": 0, "1x_$_1": 8},
                             {19: {"STS.128": 1}, 21: {"LDS.128": 1}}),
    "reproSharedPairAfterWord": ({"1n_$_0": 0, "1x_$_0": 8, "1x_$_1": 16},
                                 {29: {"STS": 1, "STS.64": 2}, 31: {"LDS": 1, "LDS.64": 2}}),
    "reproSharedPairAfterDouble": ({"1n_$_0": 0, "1x_$_0": 8, "1x_$_1": 16},
                                   {39: {"STS.128": 1, "STS.64": 1}, 41: {"LDS.128": 1, "LDS.64": 1}}),
}


def test_ptxas_places_static_shared_variables_in_order_and_merges_neighbours():
    """The cubin's shared section holds the emulator's layout (declaration order, each at its alignment),
    ptxas merges two variables' 8-byte accesses where they fill a 16-byte aligned chunk (and a neighbour
    with x[0] where that is the chunk), and the model, reading that placement, expects what ptxas made:
    every line decided (the old model, each variable its own base, expected STS.64 and LDS.64 pairs)."""
    for name, (offsets, lines) in PROBES.items():
        k = kernel_from_file(ROOT / "collection" / "repro_shared_pair.cu", name)
        mod = parsed(k.program.ptx)
        cubin = k.program.cubin("sm_90")
        mix = sass_memory_mix(k.program, "sm_90", entry=k.entry)
        for line, want in lines.items():
            (at,) = [v for (f, ln), v in mix.items() if f.endswith("repro_shared_pair.cu") and ln == line]
            got = {key: n for key, n in at.items() if key.startswith(("LDS", "STS"))}
            assert got == want, (name, line, got)
        assert shared_section_size(cubin, k.entry) == 0x400 + max(offsets.values()) + 8
        placed = sass_model.placement(mod.functions[k.entry], mod.globals, cubin, k.entry, "sm_90")
        assert {s: o for n, o in placed.items() for s in offsets if n.endswith(s)} == offsets
        assert len(placed) == len(offsets)
        # a cubin whose section says otherwise leaves the old rule (each variable its own base)
        assert sass_model.placement(mod.functions[k.entry], mod.globals, cubin, k.entry, "sm_80") == {}
        r = _run(":" + name)
        assert not [pl["line"] for pl in r.per_line if pl.get("undecided")], name


def test_without_a_confirmed_placement_the_merged_lines_say_undecided(monkeypatch):
    """Where the cubin does not confirm the layout (``placement`` empty), the two variables stay two bases
    and the lines ptxas merged are left to the PTX, undecided, never silently decided: the old code did not
    even build the cubin for this kernel (no two accesses of one base could merge) and decided the loads'
    lines 75 and 76 at the PTX's 128 requests each."""
    from tilelab.launch import launch
    monkeypatch.setattr(sass_model, "placement", lambda *a: {})
    (L,) = [x for x in fid.launches(":kernel_filter_hits_parallel_shared")]
    k, args, symbols = L.make()
    k.program.__dict__.pop("_count_plans", None)
    try:
        r = launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False,
                   symbols=symbols or None, counts="sass", arch="sm_90")
    finally:
        k.program.__dict__.pop("_count_plans", None)
    undecided = {pl["line"] for pl in r.per_line if pl.get("undecided")}
    assert {72, 73, 75, 76} <= undecided
    assert r.metrics["shared_ld_requests"] == 256          # the PTX's, now marked as such
