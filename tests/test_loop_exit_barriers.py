"""A break path that ends the thread: where the cubin has no convergence barrier for it, the lanes that break store at
their own trip (tilelab/emu/loop_exits.py, ``without_barrier``; docs/FIDELITY.md, "a tenth round").

OpenPCDet's ``points_in_boxes_kernel`` (collection/opcdra_roiaware_pool3d_kernel.cu) writes the first box holding
each point and breaks; the loop's normal end returns. PMPP's pull BFS has the same shape in the PTX, and there ptxas
brackets the loop with ``BSSY``/``BSYNC`` and the breaking lanes store together at the break path's head, as the
emulator models it (tests/test_loop_exits.py). For the box loop ptxas emits no ``BSSY`` at all: the store follows the
break's branch directly, so a warp issues it once for each trip at which some of its lanes break. ncu on the H100,
same cubin: 134 store requests and 266 sectors (``fidelity-2026-12-06-unseen131.json``); the emulator counted 38 and
136 (one a warp) before it read the cubin for this."""
from __future__ import annotations

import sys

from conftest import ROOT, needs_cubin, read_json

sys.path.insert(0, str(ROOT / "bench"))

BOX = "collection/opcdra_roiaware_pool3d_kernel.cu:points_in_boxes_kernel"


def _exits(lid):
    import fidelity as fid
    from tilelab.emu import calls, loop_exits as LE
    from tilelab.emu.ptx import parsed
    from tilelab.toolchain.sass import entry_sass, sass_listing
    (L,) = [x for x in fid.launches(lid) if x.id == lid]
    k = L.make()[0]
    m = parsed(k.program.ptx)
    fn = calls.link(m, m.entry(k.entry))
    files = dict(m.files)
    listing = list(sass_listing(entry_sass(k.program.sass("sm_90"), k.entry), k.program.filename))
    exits = LE.loop_exits(fn)
    return fn, exits, LE.without_barrier(exits, fn, listing, lambda ins: (files.get(ins.file, "<ptx>"), ins.line))


@needs_cubin
def test_the_box_loops_break_path_has_no_barrier_and_keeps_no_join():
    fn, ptx, cubin = _exits(BOX)
    moved = {b for b in ptx if ptx[b] != cubin[b]}
    assert len(moved) == 1
    (b,) = moved
    j = ptx[b][2]
    assert cubin[b][2] == -1 and j >= 0
    # the join was the head of the break path: straight to the store of line 298 and the return
    assert any(fn.instrs[pc].op == "st" for pc in range(j, len(fn.instrs)))


@needs_cubin
def test_the_bfs_and_ga_break_paths_keep_their_barriers():
    for lid in ("collection/pmppl_bfs.cu:bsf_pull_vertex_centric_kernel", "collection/heteromark_ga.cu:ga_cuda"):
        _, ptx, cubin = _exits(lid)
        assert ptx == cubin, lid


@needs_cubin
def test_the_box_loops_stores_are_the_h100s():
    import fidelity as fid
    (L,) = [x for x in fid.launches(BOX) if x.id == BOX]
    got = fid.emulate(L)["metrics"]
    rec = read_json(ROOT / "bench" / "results" / "fidelity-2026-12-06-unseen131.json")
    want = {r["id"]: r["ncu"] for r in rec["rows"]}[BOX]
    assert (want["global_st_requests"], want["global_st_sectors"]) == (134, 266)
    for key, v in want.items():
        if v is not None and key in got:
            assert got[key] == v, (key, got[key], v)
