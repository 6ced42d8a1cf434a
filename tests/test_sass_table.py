"""A loop's peeled remainder trips whose shared loads ptxas reads as one wide access above the branches between
them, and a copied line whose family has two widths (docs/SASS_COUNTS.md, "Remainder trips ptxas reads as one
wide access"; docs/FIDELITY.md, the twenty-fifth unseen suite's Fixed note).

Dtananaev's ``NLM_filter_smem`` reads its Gaussian table in the patch loop, ``sfilter[gauss_lut_center + tx] *
sfilter[gauss_lut_center + ty]``. NVVM unrolls the tx loop by 4 and peels its (2r + 1) mod 4 remainder trips
first, each behind a branch to one end, at constant offsets (``[sfilter]``, ``[sfilter+4]``, ``[sfilter+8]``);
ptxas reads those three words as one ``LDS.128 [UR4]`` of the 16-byte chunk in the first trip's block, above the
two branches, and keeps the 4-trip body's 4 ``LDS`` off an unaligned register. The old code closed every group at
a block's end (the hoist rule took one branch at a time, and could not cut the group with the ``extern`` array's
16-byte alignment), so the line disagreed with the cubin and was counted as the PTX runs, undecided: 17,280
shared-load requests and wavefronts where ncu counts 8,640 and 10,800. Its table fill (line 61) is a copies line
whose stores have two widths (the 4-trip body's ``v4`` store, the remainder loop's 4-byte one); the copies rule
took one width a family only, and left it undecided at ncu's values.
"""
from __future__ import annotations

import json
import sys
from collections import Counter

from conftest import ROOT, read_json

from tilelab.emu.counters import sass_model as sm
from tilelab.emu.ptx import parsed
from tilelab.toolchain import sass_memory_mix

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
from sass_launch import fidelity_launch, line as _line, run as _run  # noqa: E402

RES = ROOT / "bench" / "results"
NLM = "collection/dtananaev_nlm_smem.cu:NLM_filter_smem"
NLM_REC = RES / "fidelity-2026-12-03-unseen47.json"
TABLE_REC = RES / "fidelity-2026-12-03-table.json"
TABLE_GPU = RES / "collection-gpu-2026-12-03-table.json"


def _entry(only):
    L = fidelity_launch(only)
    k = L.make()[0]
    module = parsed(k.program.ptx)
    fn = module.entry(k.entry)
    n = next((i for i, ins in enumerate(fn.instrs) if ins.func), len(fn.instrs))
    return k, module, fn, n


def test_the_gaussian_table_is_one_lds128_a_ty_trip_as_the_h200():
    """Line 93: one LDS.128 a ty trip (4,320 requests), two wavefronts in a warp of 32 lanes and one in block 1's
    warps of 8 (the paired rule: 2,160 x 2 + 2,160 x 1 = 6,480); with line 89's 4,320 the launch's shared loads are
    ncu's 8,640 and 10,800, and every total of the launch is ncu's, on decided lines."""
    rec = {x["id"]: x for x in read_json(NLM_REC)["rows"]}[NLM]
    # the H200's SASS of the line, as recorded: one LDS.128 and the body's 4 LDS
    (mix,) = [m for w, m in rec["sass_mix"].items() if w.endswith(":93")]
    assert {k: v for k, v in mix.items() if k.startswith("LDS")} == {"LDS.128": 1, "LDS": 4}
    r = _run(NLM)
    row = _line(r, 93)
    assert not row.get("undecided") and "LDS.128" in row["why"]
    assert (row["shared_ld_requests"], row["shared_ld_wavefronts"]) == (4320, 6480)
    assert row["ptx"]["shared_ld_requests"] == 12960
    assert not any(pl.get("undecided") for pl in r.per_line)
    for key in fid.KEYS:
        assert r.metrics[key] == rec["ncu"][key], key
    assert (r.metrics["shared_ld_requests"], r.metrics["shared_ld_wavefronts"]) == (8640, 10800)


def test_the_remainder_trips_are_one_group_only_above_both_branches():
    """The three hoist candidates on line 83's branches: the first (past all three trips, after the ty factor's
    load off another register) merges nothing; the second alone would make ``+0, +4`` an LDS.64 and leave ``+8``
    an LDS, which the cubin does not have; the second and third together make the chunk's LDS.128, which it has.
    Cut with the entry's own alignments (the extern array's unknown there) the group merges nothing."""
    k, module, fn, n = _entry(NLM)
    cands = sm.hoist_candidates(fn, n)
    assert [fn.instrs[b].line for b in cands] == [83, 83, 83]
    whole = k.program.assembled("sm_90").whole_program
    sym = sm.Shared(sm._sym_align(fn, whole), {})
    chunk = sm.Shared(sm._sym_align(fn, whole, module.globals), {})
    table = lambda units: sorted(u.key for u in units if u.key and u.key.startswith("LDS")  # noqa: E731
                                 and fn.instrs[u.pcs[0]].line == 93 and fn.instrs[u.pcs[0]].args[1].name == "sfilter")
    assert table(sm.predict(fn, n, sym, (), (), chunk)) == ["LDS", "LDS", "LDS"]
    assert table(sm.predict(fn, n, sym, (), (), chunk, hoists=cands[1:2])) == ["LDS", "LDS.64"]
    assert table(sm.predict(fn, n, sym, (), (), chunk, hoists=cands[1:])) == ["LDS.128"]
    assert table(sm.predict(fn, n, sym, (), (), sym, hoists=cands[1:])) == ["LDS", "LDS", "LDS"]
    files = dict(module.files)
    plan = sm.build_plan(k, fn, files, "sm_90")
    first = next(pc for pc in range(n) if fn.instrs[pc].op == "ld" and fn.instrs[pc].args[1].name == "sfilter")
    assert plan.action[first][:2] == (sm.WIDE, 16)
    assert plan.lines[("collection/dtananaev_nlm_smem.cu", 93)] == "sass"


def test_the_table_fill_counts_its_two_store_widths_apart():
    """Line 61: ptxas made LDG x 29, STS x 1, STS.128 x 7 of the fill loop (NVVM's 4-trip body, a v4 store,
    unrolled 4 times with 2- and 1-trip copies, and its remainder loop's STS); at patch radius 1 only the remainder
    loop runs, three trips: the replay runs the STS 180 times and the STS.128 none, as the PTX runs them, so the
    line is decided at the PTX's counts, ncu's 180 store requests and wavefronts."""
    k, module, fn, n = _entry(NLM)
    plan = sm.build_plan(k, fn, dict(module.files), "sm_90")
    w = ("collection/dtananaev_nlm_smem.cu", 61)
    assert plan.copies[w] == {"LDG": 29, "STS": 1, "STS.128": 7}
    assert sorted(plan.mixed[w].values()) == ["LDG"] * 5 + ["STS", "STS.128"]
    row = _line(_run(NLM), 61)
    assert not row.get("undecided")
    assert "STS 180 times" in row["why"] and "STS.128 0 times" in row["why"]
    assert (row["shared_st_requests"], row["shared_st_wavefronts"], row["global_ld_requests"]) == (180, 180, 180)


def test_a_family_of_two_widths_is_copies_only_where_the_cubin_has_those_widths_alone():
    unit = lambda pc, key: sm.Unit((pc,), 4, key, (1, 61), 4)  # noqa: E731
    us = [unit(1, "LDG"), unit(2, "STS.128"), unit(3, "STS")]
    predicted = Counter(u.key for u in us)
    assert sm._copied(us, Counter({"LDG": 29, "STS": 1, "STS.128": 7}), predicted, []) == ()
    # a wider key of a family the model has in two widths: which PTX access a run stands for is not read
    assert sm._copied(us, Counter({"LDG": 29, "STS": 1, "STS.128": 7, "LDG.128": 2}), predicted, []) == ("LDG.128",)
    assert sm._copied(us + [unit(4, "LDG.64")], Counter({"LDG": 2, "LDG.64": 1, "LDG.128": 1, "STS": 1,
                                                          "STS.128": 1}),
                      predicted + Counter({"LDG.64": 1}), []) is None
    # one width missing from the cubin: not copies
    assert sm._copied(us, Counter({"LDG": 29, "STS": 1}), predicted, []) is None


def test_the_reproduction_is_modelled_as_its_sass():
    """reproTableLoop (collection/repro_table.cu): the same loop over a table filled before a barrier; its cubin
    here has the NLM kernel's shape (line 28: LDS.128 x 1, LDS x 4), and the table two words up makes the
    remainder's words 2-4 an LDS.64 above the first branch and an LDS after the second (line 51: LDS.64 x 1,
    LDS x 5). Every line is decided, the wide access counted once a ty trip."""
    for only, ln, mix in ((":reproTableLoop#r1", 28, {"LDS.128": 1, "LDS": 4}),
                          (":reproTableAt<1>", 51, {"LDS.128": 1, "LDS": 4}),
                          (":reproTableAt<2>", 51, {"LDS.64": 1, "LDS": 5})):
        L = fidelity_launch(only)
        k = L.make()[0]
        got = sass_memory_mix(k.program, "sm_90", entry=k.entry)
        assert got[("collection/repro_table.cu", ln)] == mix
        r = _run(only)
        assert not any(pl.get("undecided") for pl in r.per_line), only
    rows = {only: _line(_run(only), ln) for only, ln in ((":reproTableLoop#r1", 28), (":reproTableLoop#r2", 28),
                                                          (":reproTableAt<2>", 51))}
    # 3 warps x 3 ty trips: one LDS.128 each, 2 wavefronts (a full warp, and lanes 0-19 of block 1's first)
    assert (rows[":reproTableLoop#r1"]["shared_ld_requests"], rows[":reproTableLoop#r1"]["shared_ld_wavefronts"]) == (9, 18)
    # radius 2: one remainder trip (the LDS.128 reads word 0 for it, 2 wavefronts where the PTX's LDS costs 1) and
    # one 4-trip body of 4 LDS, 5 ty trips
    assert (rows[":reproTableLoop#r2"]["shared_ld_requests"], rows[":reproTableLoop#r2"]["shared_ld_wavefronts"]) == (75, 90)
    assert rows[":reproTableLoop#r2"]["ptx"]["shared_ld_wavefronts"] == 75
    # the LDS.64 (a paired broadcast: one wavefront) and the LDS of word 4, 9 times each
    assert (rows[":reproTableAt<2>"]["shared_ld_requests"], rows[":reproTableAt<2>"]["shared_ld_wavefronts"]) == (18, 18)


def test_the_reproduction_is_the_h200s_in_every_total():
    """The H200's recording of the five launches (NVRTC 13.0): every total the emulator's, on decided lines; the
    recorded SASS has the shapes above; the outputs bit for bit. Radius 2 separates the rule from the PTX: its one
    remainder trip's LDS.128 costs 2 wavefronts a full warp where the PTX's LDS of word 0 costs 1 (ncu's 105
    wavefronts; the PTX's 90)."""
    rec = {x["id"]: x for x in read_json(TABLE_REC)["rows"]}
    assert len(rec) == 5 and read_json(TABLE_REC)["gpu"]["name"] == "NVIDIA H200"
    want = {"reproTableLoop#r1": (18, 27), "reproTableLoop#r2": (90, 105), "reproTableLoop#r3": (126, 147),
            "reproTableAt<1>": (18, 27), "reproTableAt<2>": (27, 27)}
    for name, (req, wf) in want.items():
        row = rec[f"collection/repro_table.cu:{name}"]
        assert (row["ncu"]["shared_ld_requests"], row["ncu"]["shared_ld_wavefronts"]) == (req, wf)
        r = _run(":" + name)
        assert not any(pl.get("undecided") for pl in r.per_line), name
        for key in fid.KEYS:
            assert r.metrics[key] == row["ncu"][key], (name, key)
    assert rec["collection/repro_table.cu:reproTableLoop#r1"]["sass_mix"]["collection/repro_table.cu:28"] == \
        {"LDS.128": 1, "LDS": 4}
    assert rec["collection/repro_table.cu:reproTableAt<2>"]["sass_mix"]["collection/repro_table.cu:51"] == \
        {"LDS.64": 1, "LDS": 5}
    gpu = read_json(TABLE_GPU)
    assert gpu["kernels"] == 5 == gpu["as_expected"]
    assert {v for x in gpu["results"] for v in x["outputs"].values()} == {"bit-identical"}
