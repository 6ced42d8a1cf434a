"""Shared loads ptxas reads as one pair above a branch (docs/SASS_COUNTS.md, "Loads ptxas hoisted above a
branch into a pair"; docs/FIDELITY.md, the nineteenth unseen suite's Fixed note).

PMPP-Learning's privatized BFS frontier reads ``numCurrFrontier_s`` for its commit loop's first test (line
221), branches past the loop, and reads ``currFrontierStartIdx`` (NVVM's hoist out of the loop, no line of
its own) on the loop's side. ptxas places the two scalars side by side and reads both as one ``LDS.64``
above the branch: every warp executes it once, and nothing reads ``currFrontierStartIdx`` again. The old
code did not even check the kernel against its cubin (no two loads of one block could merge) and counted
the PTX's two loads, 25 shared-load requests and wavefronts where ncu counts 17.
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

from tilelab.emu.counters import sass_model as sm
from tilelab.emu.ptx import parsed

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
from sass_launch import line as _line, run as _run  # noqa: E402

RES = ROOT / "bench" / "results"
BFS_REC = RES / "fidelity-2026-12-03-unseen41.json"
BFS_REPEATS = RES / "fidelity-2026-12-03-unseen41-43-repeats.json"
PRIV = "collection/pmppl_bfs.cu:bsf_frontier_vertex_centric_with_privatization_kernel"


def test_the_privatized_frontier_reads_its_two_counters_as_one_pair_as_the_h200():
    r = _run(PRIV)
    row = _line(r, 221)
    assert not row.get("undecided") and "LDS.64" in row["why"]
    assert (row["shared_ld_requests"], row["shared_ld_wavefronts"]) == (8, 8)
    later = _line(r, 223)                      # the start index's own load: part of line 221's pair
    assert not later.get("shared_ld_requests") and later["ptx"]["shared_ld_requests"] == 8
    # ncu's totals, in the first recording and in the three repeats alike
    rec = {x["id"]: x for x in read_json(BFS_REC)["rows"]}[PRIV]
    reps = read_json(BFS_REPEATS)["launches"][PRIV]["values"]
    for key in ("shared_ld_requests", "shared_ld_wavefronts"):
        assert rec["ncu"][key] == 17 == r.metrics[key]
        assert reps[key] == [17, 17, 17]
    # nothing else of the launch moved: its other stable totals are ncu's as before
    for key in ("shared_st_requests", "global_ld_requests", "global_ld_sectors"):
        assert r.metrics[key] == rec["ncu"][key]


def test_a_hoist_is_a_candidate_only_with_a_shared_load_on_both_sides_of_the_branch():
    """The privatized frontier's one candidate is the branch past the commit loop (line 221); the plain
    frontier kernel, with no shared memory, has none, and its plan is unchanged (no cubin read)."""
    kernels = {L.id: L.make()[0] for L in fid.launches("pmppl_bfs.cu:bsf_frontier_vertex_centric")}
    for kid, k in kernels.items():
        module = parsed(k.program.ptx)
        fn = module.entry(k.entry)
        n = next((i for i, ins in enumerate(fn.instrs) if ins.func), len(fn.instrs))
        got = sm.hoist_candidates(fn, n)
        if kid == PRIV:
            assert [fn.instrs[b].line for b in got] == [221]
        else:
            assert got == []


SPFA = "collection/sparry_sssp_spfa.cu:spfaKernelForSSSP"
# per sweep of spfaKernelForSSSP's while(1) loop (ncu's per-instruction page, 7 sweeps: 224 runs of the flag's store
# and read, 238 inner-loop trips): 32 + 34 shared-store requests, 32 + 8 + 5 * 34 + 4 global-load requests, ...
PER_SWEEP = {"shared_st_requests": 66, "global_ld_requests": 214, "global_ld_sectors": 1009,
             "shared_ld_requests": 32, "shared_ld_wavefronts": 32}


def test_spfas_totals_are_whole_sweeps_6_or_7_on_the_h200_and_set_apart():
    """No compiled-code rule: every total of spfaKernelForSSSP that follows its sweeps is a whole number of them,
    7 on the emulator, 6 or 7 on the H200 (within one ncu process too), and the entry sets them apart."""
    r = _run(SPFA)
    rec = {x["id"]: x for x in read_json(BFS_REC)["rows"]}[SPFA]
    reps = read_json(BFS_REPEATS)["launches"][SPFA]["values"]
    entry = {L.id: L for L in fid.launches(":spfaKernelForSSSP")}[SPFA]
    for key, n in PER_SWEEP.items():
        assert r.metrics[key] == 7 * n
        assert all(v in (6 * n, 7 * n) for v in [rec["ncu"][key], *reps[key]])
        assert key in entry.apart and entry.apart[key].startswith("timing: the sweeps")
    # the one ncu process of the first recording: loads 7 sweeps', stores and load requests 6 sweeps'
    raw = rec["ncu_raw"]
    assert raw["smsp__inst_executed_op_shared_ld.sum"] == 7 * 32
    assert raw["smsp__inst_executed_op_global_ld.sum"] == 7 * 214
    assert raw["smsp__inst_executed_op_shared_st.sum"] == 6 * 66
    assert raw["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"] == 6 * 214


def test_the_sweeps_follow_the_order_of_the_four_warps():
    """bench/sweeps_by_order.py's numpy replay: 6 or 7 sweeps, by the order the warps take turns in."""
    sys.path.insert(0, str(ROOT / "bench"))
    import sweeps_by_order as sbo
    got = read_json(RES / "sweeps-by-order-2026-12-03.json")["orders"]
    assert sorted(got["interleaved"].values()).count(6) == 16 and sorted(got["interleaved"].values()).count(7) == 8
    assert sbo.sweeps((0, 1, 2, 3), True) == got["interleaved"]["0123"] == 6
    assert sbo.sweeps((0, 2, 1, 3), True) == got["interleaved"]["0213"] == 7


def test_the_reproduction_reads_the_pair_in_every_warp_even_those_that_skip_the_loop():
    """reproHoistedPair with count_s 100 in a block of 256: the cubin's LDS.64 stands above the loop's skip (an
    ``@P0 EXIT``), so each of the 8 warps runs it once, where the PTX reads start_s only in the 4 warps that enter
    the loop (12). The old code left lines 18 and 19 undecided at the PTX's counts."""
    from tilelab.toolchain.sass import entry_sass
    (L,) = [x for x in fid.launches(":reproHoistedPair") if x.id.endswith("#n100")]
    k = L.make()[0]
    sass = [ln for ln in entry_sass(k.program.sass("sm_90"), k.entry).splitlines() if "LDS" in ln or "EXIT" in ln]
    assert "LDS.64" in sass[0] and "@P0 EXIT" in sass[1]
    r = _run(":reproHoistedPair#n100")
    for line in (18, 19):
        assert not _line(r, line).get("undecided")
    assert r.metrics["shared_ld_requests"] == 8 and r.metrics["shared_ld_wavefronts"] == 8
    assert _line(r, 19)["ptx"]["shared_ld_requests"] == 4
