"""A read-only global load read again further down (tilelab/emu/counters/sass_model.py, ``_dominated_nc_reloads``;
docs/FIDELITY.md, "the twenty-fourth round recorded").

Why: CuMCubes' ``count_vertices_faces_kernel`` reads ``density_grid[x][y][z]`` at its top and again, inside an
``if``, for the face mask. NVVM writes both ``ld.global.nc`` (atomics on another ``__restrict__`` pointer between
them); ptxas loads once, since the read-only memory cannot change during the kernel. The emulator counted the second
load's 27 requests and 693 sectors, which the H100 did not make (fidelity-2026-12-07-unseen241.json: 388 requests,
8,870 sectors, where the emulator had 415 and 9,563). A reload in a block the first load's does not dominate stays a
load, and the cubin decides every line, as for the other rules.
"""
from __future__ import annotations

from conftest import ROOT, needs_cubin, read_json
from sass_launch import run

from tilelab.emu import ptx as P
from tilelab.emu.counters import sass_model as S

REC = ROOT / "bench" / "results" / "fidelity-2026-12-07-unseen241.json"
ID = "collection/cumc_cumcubes_kernel.cu:count_vertices_faces_kernel"

PTX = """\
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 a, .param .u64 c, .param .u32 n)
{
    .reg .pred %p<4>;
    .reg .b32 %r<16>;
    .reg .f32 %f<8>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [a];
    ld.param.u64 %rd3, [c];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
    mul.wide.u32 %rd4, %r2, 4;
    add.s64 %rd2, %rd1, %rd4;
    ld.global.nc.f32 %f1, [%rd2];
    setp.ge.u32 %p1, %r2, %r1;
    @%p1 bra $L__side;
    atom.global.add.u32 %r3, [%rd3], 1;
    ld.global.nc.f32 %f2, [%rd2+4];
$L__side:
    setp.eq.u32 %p2, %r2, 0;
    @%p2 bra $L__end;
    atom.global.add.u32 %r4, [%rd3+4], 1;
    ld.global.nc.f32 %f3, [%rd2];
    ld.global.nc.f32 %f4, [%rd2+4];
    ld.global.f32 %f5, [%rd2+8];
    ld.global.f32 %f6, [%rd2+8];
$L__end:
    ret;
}
"""


def test_the_model_reuses_a_dominating_read_only_load_only():
    """The second [%rd2] is below the first in every path: no access. The second [%rd2+4] is not (the first is inside
    the skipped if): a load. A plain ld.global (no .nc) is left to the rules within a group."""
    fn = P.parsed(PTX).entry("k")
    units = S.predict(fn, len(fn.instrs), {})       # no alignment known: no pair of loads merges
    by_pc = {u.pcs[0]: u for u in units if len(u.pcs) == 1}
    loads = [pc for pc, ins in enumerate(fn.instrs) if ins.op == "ld" and "global" in ins.mods]
    first, _right, again, notdom, plain, plain2 = loads
    assert not by_pc[first].reused and by_pc[again].reused and by_pc[again].key is None
    assert not by_pc[notdom].reused and by_pc[notdom].key
    assert by_pc[plain].key and by_pc[plain2].pcs == (plain2,)


@needs_cubin
def test_cumcubes_count_kernel_counted_as_the_h100_ran_it():
    ncu = next(r for r in read_json(REC)["rows"] if r["id"] == ID)["ncu"]
    assert (ncu["global_ld_requests"], ncu["global_ld_sectors"]) == (388, 8870)
    r = run("cumc_cumcubes_kernel.cu:count_vertices_faces_kernel")
    assert (r.metrics["global_ld_requests"], r.metrics["global_ld_sectors"]) == (388, 8870)
