"""Shared loads merged across branchy stretches of plain arithmetic (tilelab/emu/counters/sass_model.py,
``pure_hammocks``; docs/SASS_COUNTS.md).

onnxruntime-genai's top-k select sort reduces a ``TopK_Pair`` (an int and a float) over a 1024-thread block with
CUB's BlockReduce: thread 0 reads the 31 other warps' aggregates (``ld.shared.u32`` + ``ld.shared.f32`` each), and
between two reads NVVM puts the reduction operator ``a.u > b.u ? a : (a.u == b.u && a.p < b.p) ? a : b`` as
branches (a diamond with a diamond inside). ptxas predicates those and reads the aggregates two at a time:
``LDS.64`` of the first, ``LDS.128`` of the other 30, 16 shared-load requests a block (ncu on the H100, on the
same cubin: ``fidelity-2026-12-06-unseen132.json``). Before, the model kept each pair apart at the branches
(``LDS.64`` x 31, unlike the cubin) and the line was counted as the PTX runs: 62 a block."""
from __future__ import annotations

import sys

import pytest

from conftest import ROOT, needs_cubin, read_json

REC = ROOT / "bench" / "results" / "fidelity-2026-12-06-unseen132.json"
FILE = "collection/ortgtk_select_sort.cu:Generators::cuda::select_sort::"


def _fid():
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity
    return fidelity


@needs_cubin
@pytest.mark.parametrize("lid", ["GetTop1Kernel<1024>", "GetTop1Kernel<1024>#v700", "GetTopKKernel<1024>",
                                 "GetTopKKernel<1024>#k6"])
def test_the_aggregates_are_read_as_the_cubin_reads_them(lid):
    fid = _fid()
    lid = FILE + lid
    (L,) = [x for x in fid.launches(lid.split("#")[0]) if x.id == lid]
    r = fid.emulate(L)
    ncu = {x["id"]: x["ncu"] for x in read_json(REC)["rows"]}[lid]
    for key in ("shared_ld_requests", "shared_ld_wavefronts", "shared_st_requests", "shared_st_wavefronts"):
        assert r["metrics"][key] == ncu[key], (key, r["metrics"][key], ncu[key])
    assert ncu["shared_ld_requests"] % 16 == 0                  # 1 LDS.64 + 15 LDS.128 a reduction
    assert not any(pl.get("undecided") for pl in r["per_line"] if pl.get("shared_ld_requests"))


@needs_cubin
def test_the_stretches_are_found_and_nothing_with_an_access_is_one():
    from tilelab.emu import calls
    from tilelab.emu.counters import sass_model as sm
    from tilelab.emu.ptx import parsed
    fid = _fid()
    (L,) = [x for x in fid.launches(FILE + "GetTop1Kernel<1024>") if x.id == FILE + "GetTop1Kernel<1024>"]
    k = L.make()[0]
    mod = parsed(k.program.ptx)
    fn = calls.link(mod, mod.entry(k.entry))
    spans = sm.pure_hammocks(fn, len(fn.instrs))
    loads = [pc for pc, ins in enumerate(fn.instrs) if ins.op == "ld" and "shared" in ins.mods]
    # the 30 stretches between the 31 pairs of reads, each a diamond with one inside: 5 branches
    between = [(a, b) for a, b in zip(loads[1::2], loads[2::2])]
    covered = {lo for lo, hi in between if any(lo < b < hi for b, _ in spans)}
    assert len(covered) == 30
    for b, t in spans:
        assert all(sm._access(pc, fn.instrs[pc]) is None for pc in range(b, t))
        assert fn.instrs[b].op == "bra" and b < t


def test_a_stretch_with_a_load_or_a_way_in_is_none():
    from types import SimpleNamespace as NS
    from tilelab.emu.counters import sass_model as sm

    def bra(t, guard="%p"):
        return NS(op="bra", target=t, guard=guard, args=(), mods=())

    mov = NS(op="mov", target=-1, guard=None, args=(), mods=())
    ld = NS(op="ld", target=-1, guard=None, args=(1, 2), mods=("shared", "u32"))
    # @p bra 3; bra.uni 5; 3: mov; bra.uni 6; 5: mov; 6: mov
    body = [bra(3), bra(5, None), mov, mov, bra(6, None), mov, mov]
    fn = NS(instrs=body)
    assert sm.pure_hammocks(fn, len(body)) == [(0, 3), (1, 5), (4, 6)]
    fn = NS(instrs=body[:2] + [ld] + body[3:])
    assert sm.pure_hammocks(fn, len(body)) == []
    fn = NS(instrs=body + [bra(5)])                      # a branch from after the stretch into it
    assert sm.pure_hammocks(fn, len(body) + 1) == []
