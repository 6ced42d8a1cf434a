"""Merges across ifs ptxas predicated (tilelab/emu/counters/sass_model.py, ``_spanned``;
docs/SASS_COUNTS.md, rule 6): NVVM unrolls spmm v1's 512-trip loop 8 times and puts each uniform
``As_col[i]`` read at the head of a basic block of its own (the ``if`` before it is a branch);
ptxas if-converts the branches and merges the 8 reads into 2 LDS.128, the reads inside the ifs
staying predicated LDS. The counts are pinned to ncu's on the H200 (docs/FIDELITY.md, the seventh
unseen suite, "Fixed, after, the third time")."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tilelab.emu.counters import sass_model
from tilelab.emu.ptx import parse
from conftest import needs_cubin, read_json

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


def _recorded(rec: str, name: str) -> dict:
    rows = read_json(RESULTS / rec)["rows"]
    return next(r for r in rows if r["id"].endswith(name))


def _emulate(name: str) -> dict:
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity
    L = next(x for x in fidelity.launches(name) if x.id.endswith(name))
    return fidelity.emulate(L)


@needs_cubin
@pytest.mark.parametrize("rec,name,keys", [
    ("fidelity-2026-12-02-lds128.json", "reproLdsAcrossIfs", None),
    ("fidelity-2026-12-02-unseen29-repro.json", "reproUniformLdsUnrolled", None),
    ("fidelity-2026-12-02-lds128.json", "My_spmm_csr_vector_kernel_v1<128, 512, 128>", None),
    ("fidelity-2026-12-02-unseen29.json.gz", "My_spmm_csr_vector_kernel_v1<128, 512, 128>", None)])
def test_reads_merged_across_predicated_ifs_equal_the_h200(rec, name, keys):
    """Every total of the two reproductions and of spmm v1 is ncu's (its shared-load totals: the
    merges across ifs; its store requests: line 114's if/else stores, below)."""
    got = _emulate(name)["metrics"]
    want = _recorded(rec, name)["ncu"]
    for key in keys or [k for k in want if k in got and want[k] is not None]:
        assert got[key] == want[key], (key, got[key], want[key])


def _lines(name: str, needle: str):
    sys.path.insert(0, str(ROOT / "collection"))
    import run as collection
    from tilelab.launch import launch
    e = next(x for x in collection.load() if x["name"] == name)
    k = collection.compile_entry(e)
    args, _, _ = collection.inputs(e)
    src = (ROOT / "collection" / e["file"]).read_text().splitlines()
    head = next(i for i, s in enumerate(src) if f"void {name}(" in s)
    line = next(i + 1 for i, s in enumerate(src) if needle in s and i > head)
    return k, e, args, line, launch


@needs_cubin
def test_the_line_is_counted_the_sass_way_and_says_why():
    k, e, args, line, launch = _lines("reproLdsAcrossIfs", "int c = col[i];")
    r = launch(k, tuple(e["grid"]), tuple(e["block"]), *args, backend="emu", echo=False)
    row = next(x for x in r.per_line if x["line"] == line)
    # 2 warps, 32 unrolled trips, 2 LDS.128 each; the PTX view: one ld.shared per trip
    assert row["counted"] == "sass" and row["shared_ld_requests"] == 2 * 32 * 2
    assert row["ptx"]["shared_ld_requests"] == 2 * 256
    assert "ptxas merged 4 loads into LDS.128 (×2)" in row["why"] and "if(s) ptxas turned into predicated" in row["why"]
    inside = next(x for x in r.per_line if x["line"] == line + 1)     # val[i], sunk into the if
    assert inside["shared_ld_requests"] == 2 * 256                       # 8 predicated LDS a trip, every warp


@needs_cubin
@pytest.mark.parametrize("how", ["distance", "predicate"])
def test_where_the_sass_does_not_show_the_group_the_line_stays_undecided(monkeypatch, how):
    """The line is counted as the PTX runs, and says so, where the cubin's LDS.128 on the line do
    not lie at the group's distances (0 and 16 bytes), or are predicated where the group is not."""
    real = sass_model.sass_memory_addresses

    def changed(*a, **kw):
        out = real(*a, **kw)
        for w, ins in out.items():
            out[w] = [(key, pred, base, off + 16 * (off > 0)) if how == "distance" else (key, "@P0", base, off)
                      if key == "LDS.128" else (key, pred, base, off) for key, pred, base, off in ins]
        return out
    monkeypatch.setattr(sass_model, "sass_memory_addresses", changed)
    k, e, args, line, launch = _lines("reproLdsAcrossIfs", "int c = col[i];")
    k.program.__dict__.pop("_count_plans", None)
    r = launch(k, tuple(e["grid"]), tuple(e["block"]), *args, backend="emu", echo=False)
    row = next(x for x in r.per_line if x["line"] == line)
    assert row["counted"] == "ptx" and row["shared_ld_requests"] == 2 * 256
    assert "counted as in the PTX" in row["why"] and "LDS.128" in row["why"]
    k.program.__dict__.pop("_count_plans", None)
    from tilelab.emu.calls import link
    from tilelab.emu.machine import parsed
    mod = parsed(k.program.ptx)                  # the request plan read the changed merges: not kept
    link(mod, mod.entry(k.entry)).__dict__.pop("_ifconvert", None)


# ------------------------------------------------------------------ the rule on PTX text
IFS = """\
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{{
    .reg .pred %p<16>;
    .reg .b32 %r<64>;
    .shared .align 4 .b8 s[256];
    .shared .align 4 .b8 t[256];
    mov.u32 %r1, s;
    mov.u32 %r2, t;
{body}
    ret;
}}
"""


def _body(inside: list[str]) -> str:
    """Four uniform loads of s, each followed by an if whose body is ``inside[j]``."""
    out = []
    for j, what in enumerate(inside):
        out += [f"    ld.shared.u32 %r{10 + j}, [%r1+{4 * j}];",
                f"    setp.eq.s32 %p{j + 1}, %r{10 + j}, -1;",
                f"    @%p{j + 1} bra $L_{j};",
                f"    {what}",
                f"$L_{j}:"]
    return "\n".join(out)


@pytest.mark.parametrize("inside,want", [
    # loads of t inside the ifs: s's four merge into one LDS.128, t's stay four (one per if)
    (["ld.shared.u32 %r20, [%r2];", "ld.shared.u32 %r21, [%r2+4];",
      "ld.shared.u32 %r22, [%r2+8];", "ld.shared.u32 %r23, [%r2+12];"], [(0, 4, 8, 12), (0,), (4,), (8,), (12,)]),
    # a store to shared in the second if may alias s: the group is cut there (then 2 + 2: LDS.64 twice)
    (["add.s32 %r30, %r30, 1;", "st.shared.u32 [%r2], %r30;", "add.s32 %r30, %r30, 1;", "add.s32 %r30, %r30, 1;"],
     [(0, 4), (8, 12)]),
    # the base rewritten in an if: the group ends there (its new value starts another)
    (["add.s32 %r30, %r30, 1;", "mov.u32 %r1, t;", "add.s32 %r30, %r30, 1;", "add.s32 %r30, %r30, 1;"],
     [(0, 4), (8, 12)]),
])
def test_groups_span_the_ifs_and_keep_their_own_accesses_apart(inside, want):
    fn = parse(IFS.format(body=_body(inside))).entry("k")
    n = len(fn.instrs)
    spans = sass_model.if_regions(fn, n)
    assert len(spans) == 4
    mem = {pc: ins.args[1] if ins.op == "ld" else ins.args[0] for pc, ins in enumerate(fn.instrs)
           if ins.op in ("ld", "st")}

    def loads(units):
        return sorted(tuple(mem[pc].offset for pc in u.pcs) for u in units if fn.instrs[u.pcs[0]].op == "ld")
    assert loads(sass_model.predict(fn, n, {"s": 16, "t": 16}, (), spans)) == sorted(want)
    # without the spans (every block closes its groups), nothing merges
    assert all(len(u) == 1 for u in loads(sass_model.predict(fn, n, {"s": 16, "t": 16})))


# ------------------------------------------------------------------ spmm v1's if/else stores (ifconvert)
def _spmm_plan(monkeypatch=None, extra=0):
    from tilelab.emu.calls import link
    from tilelab.emu.counters import ifconvert
    from tilelab.emu.machine import parsed
    sys.path.insert(0, str(ROOT / "collection"))
    import run as collection
    e = next(x for x in collection.load() if x["name"] == "My_spmm_csr_vector_kernel_v1<128, 512, 128>")
    k = collection.compile_entry(e)
    mod = parsed(k.program.ptx)
    fn, files = link(mod, mod.entry(k.entry)), dict(mod.files)
    real = ifconvert.sass_predication(k.program.sass("sm_90"), k.entry, k.program.filename)
    if monkeypatch is not None:
        sass = {key: list(v) for key, v in real.items()}
        sass[("collection/howto_spmm.cu", 114, "shared_st")][1] += extra
        monkeypatch.setattr(ifconvert, "sass_predication", lambda text, entry, filename="": sass)
    fn.__dict__.pop("_ifconvert", None)
    plan = ifconvert.plan_for(k, fn, files)
    fn.__dict__.pop("_ifconvert", None)         # (the parsed module is shared: leave no changed plan behind)
    return plan, real


@needs_cubin
def test_the_if_else_stores_beside_the_joins_lineless_stores_are_predicated():
    """Line 114 (`As_col[...] = A_col_index[...]`, the then part of 4 unrolled if/else copies): in
    the SASS 4 predicated STS and 3 unpredicated ones, which are 3 of the 4 `st.shared.f32` that
    NVVM's join blocks carry with no line (`.loc 1 0 0`; ptxas put the 4th on line 108). Every
    unpredicated STS beyond a line's own plain stores is one of those 4: the line is predicated, so
    every warp makes the 12 store requests a copy of the loop has (ncu's 5,904 above)."""
    plan, sass = _spmm_plan()
    assert sass[("collection/howto_spmm.cu", 114, "shared_st")][:2] == [4, 3]
    assert plan.decided[("collection/howto_spmm.cu", 114, "shared_st")] == "predicated"
    assert ("collection/howto_spmm.cu", 114) not in plan.uncertain_notes


@needs_cubin
@pytest.mark.parametrize("extra", [1, -1])
def test_unpredicated_stores_the_lineless_ones_do_not_account_for_leave_the_line_undecided(monkeypatch, extra):
    plan, _ = _spmm_plan(monkeypatch, extra)
    assert ("collection/howto_spmm.cu", 114, "shared_st") not in plan.decided
    assert "do not tell which PTX accesses" in plan.uncertain_notes[("collection/howto_spmm.cu", 114)]
