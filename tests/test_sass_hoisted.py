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

from conftest import ROOT

from tilelab.emu.counters import sass_model as sm
from tilelab.emu.ptx import parsed

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

RES = ROOT / "bench" / "results"
BFS_REC = RES / "fidelity-2026-12-03-unseen41.json"
BFS_REPEATS = RES / "fidelity-2026-12-03-unseen41-43-repeats.json"
PRIV = "collection/pmppl_bfs.cu:bsf_frontier_vertex_centric_with_privatization_kernel"


def _run(only: str):
    """The emulator's result of the one fidelity launch whose id ends with ``only``."""
    from tilelab.launch import launch
    (L,) = [x for x in fid.launches(only) if x.id.endswith(only)]
    k, args, symbols = L.make()
    return launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False,
                  symbols=symbols or None, counts="sass", arch="sm_90")


def _line(r, line: int) -> dict:
    (row,) = [pl for pl in r.per_line if pl["line"] == line]
    return row


def test_the_privatized_frontier_reads_its_two_counters_as_one_pair_as_the_h200():
    r = _run(PRIV)
    row = _line(r, 221)
    assert not row.get("undecided") and "LDS.64" in row["why"]
    assert (row["shared_ld_requests"], row["shared_ld_wavefronts"]) == (8, 8)
    later = _line(r, 223)                      # the start index's own load: part of line 221's pair
    assert not later.get("shared_ld_requests") and later["ptx"]["shared_ld_requests"] == 8
    # ncu's totals, in the first recording and in the three repeats alike
    rec = {x["id"]: x for x in json.loads(BFS_REC.read_text())["rows"]}[PRIV]
    reps = json.loads(BFS_REPEATS.read_text())["launches"][PRIV]["values"]
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
