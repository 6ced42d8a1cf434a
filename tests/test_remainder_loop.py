"""A loop ptxas unrolled with remainder copies whose lanes run different trip counts
(tilelab/emu/counters/remainder_loop.py; docs/FIDELITY.md, the seventh unseen suite's "Fixed, after").

How_to_optimize_in_GPU's spmv: `for (jj = row_start + lane; jj < row_end; jj += THREADS_PER_VECTOR)` is
one trip at a time in the PTX; ptxas makes it a body unrolled 4 times and a 2-trip and a 1-trip copy,
and a warp whose lanes have different trip counts runs each copy some lane needs. ncu's counts of the
five instantiations are bench/results/fidelity-2026-12-02-unseen29.json.gz (the H200); the emulator
counted one request per PTX trip (822 against 1,041 for <128, 2>, pinned in test_fidelity_unseen29.py).
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

from tilelab.emu.counters import remainder_loop  # noqa: E402
from tilelab.launch import launch  # noqa: E402
from tilelab.messages import msg  # noqa: E402

REC = ROOT / "bench" / "results" / "fidelity-2026-12-02-unseen29.json.gz"
SPMV = "collection/howto_spmv.cu:My_spmv_csr_kernel<int, float, "


def _line60(only: str):
    L = fid.launches(only)[0]
    k, args, symbols = L.make()
    r = launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False, symbols=symbols or None,
               counts="sass", arch="sm_90")
    return r, next(pl for pl in r.per_line if pl["line"] == 60)


def test_spmvs_remainder_copies_are_counted_as_ncu_counts_them(tmp_path):
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", "/howto_spmv", "--json", str(out)])
    rows = {r["id"]: r["checks"] for r in read_json(out)["rows"]}
    assert len(rows) == 5
    for i, checks in rows.items():
        assert all(v["equal"] for v in checks.values()), (i, {k: v for k, v in checks.items() if not v["equal"]})
    # ncu's numbers, and the emulator's now (822 requests and 3,639 sectors before)
    c = rows[SPMV + "128, 2>"]
    assert (c["global_ld_requests"]["emu"], c["global_ld_sectors"]["emu"]) == (1041, 3990)
    c = rows[SPMV + "8, 32>"]
    assert (c["global_ld_requests"]["emu"], c["global_ld_sectors"]["emu"]) == (7613, 42552)


def test_the_ptx_view_of_the_line_is_unchanged_and_the_note_says_why():
    r, row = _line60(" 2>")
    # the line's PTX count (the SASS view less the copies: 1,041 - 822 = 219 requests more)
    assert row["global_ld_requests"] - row["ptx"]["global_ld_requests"] == 1041 - 822
    assert row["global_ld_sectors"] - row["ptx"]["global_ld_sectors"] == 3990 - 3639
    assert row["why"] == msg("counts.remainder_loop", u=4, rest="2, 1")
    assert r.ptx_metrics["global_ld_requests"] == 822


def test_a_shape_the_sass_does_not_show_is_undecided_and_counted_as_the_ptx(monkeypatch):
    # where the SASS is not the unrolled body and its remainder copies, the line says so and keeps
    # the PTX's counts (never a guess)
    monkeypatch.setattr(remainder_loop, "structure", lambda *a, **k: (None, "WHY"))
    r, row = _line60(" 2>")
    assert r.metrics["global_ld_requests"] == 822
    assert "ptx" not in row
    assert row["why"] == msg("counts.remainder_undecided", why="WHY")
    # and the line is marked undecided, so a comparison with ncu counts its totals as misses, equal or not
    assert row.get("undecided") is True
    assert not any(pl.get("undecided") for pl in r.per_line if pl["line"] != 60)
    emu = {"per_line": [{k: v for k, v in pl.items() if k in fid.KEYS or k == "undecided"} for pl in r.per_line]}
    keys = fid.undecided_keys(emu)
    assert keys == {"global_ld_requests", "global_ld_sectors"}
    checks = fid.compare_row(r.metrics, dict(r.metrics), None, keys)    # ncu's numbers equal to the emulator's
    assert {k for k, c in checks.items() if not fid.matches(c)} == keys
    assert all(checks[k]["undecided"] and checks[k]["delta"] == 0 for k in keys)


def test_a_decided_line_is_not_marked_undecided():
    r, row = _line60(" 2>")
    assert "undecided" not in row and not any(pl.get("undecided") for pl in r.per_line)


def test_the_structure_read_from_the_sass():
    # spmv's SASS: 12 LDG (4 copies of the PTX's 3 loads of line 60) in one SASS loop, then 6 and 3
    # after it, split by branches: U = 4; with one copy fewer after the loop, no shape it models
    from tilelab.emu import calls
    from tilelab.emu.machine import parsed
    L = fid.launches(" 2>")[0]
    k, _, _ = L.make()
    module = parsed(k.program.ptx)
    fn = calls.link(module, module.entry(k.entry))
    files = dict(module.files)
    pcs = remainder_loop.candidates(fn)
    assert len(pcs) == 3 and len(set(pcs.values())) == 1          # the loop's 3 loads (col, x, value)
    loop = next(iter(pcs.values()))
    assert remainder_loop.structure(k, fn, files, "sm_90", loop, list(pcs)) == (4, None)

    from types import SimpleNamespace
    text = "\n".join(ln for ln in k.program.sass("sm_90").splitlines() if not ("LDG" in ln and "/*0640*/" in ln))
    Cut = SimpleNamespace(entry=k.entry, program=SimpleNamespace(filename=k.program.filename, sass=lambda arch: text))
    u, why = remainder_loop.structure(Cut, fn, files, "sm_90", loop, list(pcs))
    assert u is None and why == msg("counts.remainder_shape", have=20, ptx=3, sass="LDG", what=msg("counts.remainder_what_ld"))


def _structures(only: str):
    from tilelab.emu import calls
    from tilelab.emu.machine import parsed
    L = fid.launches(only)[0]
    k, _, _ = L.make()
    module = parsed(k.program.ptx)
    fn = calls.link(module, module.entry(k.entry))
    files = dict(module.files)
    pcs = remainder_loop.candidates(fn)
    loops = sorted(set(pcs.values()))
    return [remainder_loop.structure(k, fn, files, "sm_90", lp, [p for p in pcs if pcs[p] == lp]) for lp in loops]


def test_nvvms_own_remainder_loop_before_the_unrolled_one():
    """Two PTX loops on one line: NVVM's 1-trip loop (t % 4 trips, 1 LDG a load in its SASS loop), then its
    4-trip one, which ptxas unrolls 4 times (48 LDG for its 12 loads) with 2- and 1-trip copies after it.
    Hetero-Mark's pr_cuda (one copy of a trip before that SASS loop too, for a lane entering it with its
    condition false) and Kernel Tuner's spmv (none): both were undecided."""
    assert _structures("/heteromark_pr") == [(1, None), (4, None)]
    assert _structures("/kt_spmv") == [(1, None), (4, None)]


def test_pr_cudas_copies_give_ncus_counts(tmp_path):
    # ncu on the H200 (bench/results/fidelity-2026-12-02-unseen30.json.gz): 4,000 requests, 23,565 sectors;
    # the PTX's trips: 3,400 and 23,302 (the line's ptx view keeps them)
    rec = ROOT / "bench" / "results" / "fidelity-2026-12-02-unseen30.json.gz"
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(rec), "--only", "/heteromark_pr", "--json", str(out)])
    (row,) = read_json(out)["rows"]
    c = row["checks"]
    assert (c["global_ld_requests"]["emu"], c["global_ld_requests"]["ncu"]) == (4000, 4000)
    assert (c["global_ld_sectors"]["emu"], c["global_ld_sectors"]["ncu"]) == (23565, 23565)
    L = fid.launches("/heteromark_pr")[0]
    k, args, symbols = L.make()
    r = launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False, symbols=symbols or None,
               counts="sass", arch="sm_90")
    assert r.ptx_metrics["global_ld_requests"] == 3400 and r.ptx_metrics["global_ld_sectors"] == 23302
    assert {pl["line"]: pl["why"] for pl in r.per_line if pl.get("why")} == {
        60: msg("counts.remainder_loop", u=4, rest="2, 1"), 61: msg("counts.remainder_loop", u=4, rest="2, 1")}


def test_kt_spmvs_line_is_decided_and_its_counts_stay_ncus(tmp_path):
    # bench/results/fidelity-2026-12-02-every-launch.json.gz: 1,555 requests, 8,964 sectors, equal before and after;
    # line 57 said "undecided" (its 1-trip loop's lanes disagree); that loop is one LDG a load in the SASS
    rec = ROOT / "bench" / "results" / "fidelity-2026-12-02-every-launch.json.gz"
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(rec), "--only", "/kt_spmv", "--json", str(out)])
    (row,) = read_json(out)["rows"]
    assert all(v["equal"] for v in row["checks"].values())
    assert row["checks"]["global_ld_requests"]["emu"] == 1555 and row["checks"]["global_ld_sectors"]["emu"] == 8964
    L = fid.launches("/kt_spmv")[0]
    k, args, symbols = L.make()
    r = launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False, symbols=symbols or None,
               counts="sass", arch="sm_90")
    assert not [pl for pl in r.per_line if pl["line"] == 57 and pl.get("why")]


def test_compare_counts_an_undecided_lines_totals_as_misses(monkeypatch, tmp_path):
    """bench/fidelity.py --compare against the H200's recording: with the shape undecided, the line's totals
    are misses though the PTX count is compared as it is, and they say why."""
    monkeypatch.setattr(remainder_loop, "structure", lambda *a, **k: (None, "WHY"))
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", "/howto_spmv", "--json", str(out)])
    row = next(r for r in read_json(out)["rows"] if r["id"] == SPMV + "128, 2>")
    c = row["checks"]
    assert {k for k, v in c.items() if v.get("undecided")} == {"global_ld_requests", "global_ld_sectors"}
    assert not fid.matches(c["global_ld_requests"]) and c["global_ld_requests"]["emu"] == 822
    assert all(fid.matches(v) for k, v in c.items() if not v.get("undecided"))
    assert read_json(out)["summary"]["collection"]["totals_equal"] < \
        read_json(out)["summary"]["collection"]["totals"]


def test_a_one_trip_copy_that_ptxas_made_a_loop():
    """ParallelGraphColoring's ColorGraph (the twenty-eighth unseen suite): the neighbour loop is NVVM's 4-unrolled
    loop (8 loads of lines 73-74 a trip) then its 1-trip remainder loop (2 loads); ptxas unrolls the first 4 times
    more (a SASS loop of 32 LDG), then a 2-trip copy (16 LDG, straight) and the 1-trip copy as a SASS loop of its own
    (8 LDG, run at most once), then the remainder loop (2 LDG). Three SASS loops for two PTX loops: undecided
    before; now U = 4 and 1."""
    assert _structures("/pgc_firstfit.cu:ColorGraph") == [(4, None), (1, None)]


def test_colorgraphs_copies_give_ncus_counts(tmp_path):
    # ncu on the H200 (bench/results/fidelity-2026-12-03-unseen50.json): 296 load requests and 3,382 sectors (the
    # first trip's launch), 296 and 3,026 (the second's); the emulator counted 272 and 3,193, 264 and 2,866 as the
    # PTX runs, on undecided lines (bench/results/fidelity-compare-2026-12-03-unseen50-before.json)
    rec = ROOT / "bench" / "results" / "fidelity-2026-12-03-unseen50.json"
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(rec), "--only", "/pgc_firstfit.cu:ColorGraph", "--json", str(out)])
    rows = {r["id"]: r["checks"] for r in read_json(out)["rows"]}
    assert len(rows) == 2
    for i, checks in rows.items():
        assert all(fid.matches(v) for v in checks.values()), (i, checks)
    c = rows["collection/pgc_firstfit.cu:ColorGraph"]
    assert (c["global_ld_requests"]["emu"], c["global_ld_sectors"]["emu"]) == (296, 3382)
    c = rows["collection/pgc_firstfit.cu:ColorGraph#trip2"]
    assert (c["global_ld_requests"]["emu"], c["global_ld_sectors"]["emu"]) == (296, 3026)

def _lower_tri(n: int = 32):
    """CUDA-Kernels-Demo's triMatVecMulKernel (`lower` true) at one warp: lane r runs r + 1 trips of
    `for (col = 0; col <= row; ++col)`, so the lanes of the warp disagree."""
    import numpy as np
    from collection import run as collection_run
    e = next(x for x in collection_run.load() if x["file"] == "ckd_mv_ops.cu" and x["name"] == "triMatVecMulKernel"
             and not x.get("launch"))
    k = collection_run.compile_entry(e)
    A, x, y = np.ones(n * n, np.float32), np.ones(n, np.float32), np.zeros(n, np.float32)
    r = launch(k, (1,), (32,), A, x, y, n, True, backend="emu", echo=False, counts="sass", arch="sm_90")
    assert (y == np.arange(1, n + 1)).all()
    return k, r, next(pl for pl in r.per_line if pl.get("global_ld_requests"))


def test_the_last_copy_a_loop_and_nvvms_remainder_loop_after():
    """The thirtieth unseen suite's lower triangular product (docs/FIDELITY.md): NVVM unrolled the loop 4 times
    (8 loads) and put its own remainder loop after it (2 loads, its back edge after a guarded exit: not a
    candidate); ptxas made the first a SASS loop of 4 of its trips (32 LDG), a 2-trip copy (16) and a 1-trip
    copy that is a loop of its own (8), and peeled the remainder loop (2, then a loop of 2). Lane r runs T = (r + 1)
    // 4 trips of the unrolled loop (0-8): the warp runs the 4-trip loop twice (32 trips), the 2-trip and the
    1-trip copies once (8 and 4) and the remainder 3 times: 47 trips of 2 loads, 94 requests, where the PTX
    runs 70 (the model gave up before: undecided, 70)."""
    from tilelab.emu import calls
    from tilelab.emu.machine import parsed
    k, r, row = _lower_tri()
    assert row["global_ld_requests"] == 94 and row["ptx"]["global_ld_requests"] == 70
    assert "undecided" not in row and row["why"] == msg("counts.remainder_loop", u=4, rest="2, 1")
    module = parsed(k.program.ptx)
    fn = calls.link(module, module.entry(k.entry))
    pcs = remainder_loop.candidates(fn)
    line = {(ins.file, ins.line) for pc, ins in enumerate(fn.instrs) if pc in pcs}
    lower = [p for p in pcs if (fn.instrs[p].file, fn.instrs[p].line) == min(line, key=lambda w: w[1])]
    assert len(lower) == 8                     # the unrolled loop's loads; the remainder loop's 2 are not candidates
    loop = pcs[lower[0]]
    assert remainder_loop.structure(k, fn, dict(module.files), "sm_90", loop, lower) == (4, None)


def test_the_last_copy_a_loop_needs_every_copy_before_it(monkeypatch):
    """Without the 2-trip copy the 1-trip loop could run up to 3 times: no shape the model knows, undecided."""
    from types import SimpleNamespace
    from tilelab.emu import calls
    from tilelab.emu.machine import parsed
    k, _, _ = _lower_tri()
    module = parsed(k.program.ptx)
    fn = calls.link(module, module.entry(k.entry))
    pcs = remainder_loop.candidates(fn)
    first = min(pcs, key=lambda p: fn.instrs[p].line)
    loop = pcs[first]
    lower = [p for p in pcs if pcs[p] == loop]
    lines = k.program.sass("sm_90").splitlines()
    start = next(i for i, ln in enumerate(lines) if ".section" in ln and f".text.{k.entry}," in ln)
    end = next((i for i in range(start + 1, len(lines)) if "\t.section" in lines[i]), len(lines))
    # the 2-trip copy: the 16 LDG between the 4-trip loop's back edge and the 1-trip loop (the addresses
    # 0x0690-0x0780 of this kernel's SASS)
    drop = {f"/*{a:04x}*/" for a in range(0x690, 0x790, 0x10)}
    text = "\n".join(ln for i, ln in enumerate(lines)
                     if not (start < i < end and "LDG" in ln and any(d in ln for d in drop)))
    assert len(text.splitlines()) == len(lines) - 16
    Cut = SimpleNamespace(entry=k.entry, program=SimpleNamespace(filename=k.program.filename, sass=lambda arch: text))
    u, why = remainder_loop.structure(Cut, fn, dict(module.files), "sm_90", loop, lower)
    assert u is None and why == msg("counts.remainder_shape", have=44, ptx=8, sass="LDG", what=msg("counts.remainder_what_ld"))


def test_a_store_loops_remainder_copies_are_counted_as_ptxas_runs_them(tmp_path):
    """PyTorch Sparse's ptr2ind_kernel (the eleventh round of unseen suites): one store a trip over rows of different
    lengths; NVVM's 1-trip loop, then its 4-unrolled one, which ptxas unrolls 4 times more (a SASS loop of 16 STG)
    with an 8-store and a 4-store copy after it. ncu on the H100: 47 store requests; the PTX's trips gave 39."""
    assert _structures("/pyts_convert.cu:ptr2ind_kernel") == [(1, None), (4, None)]
    rec = ROOT / "bench" / "results" / "fidelity-2026-12-06-unseen142.json"
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(rec), "--only", "/pyts_convert.cu:ptr2ind_kernel", "--json", str(out)])
    (row,) = read_json(out)["rows"]
    c = row["checks"]
    assert (c["global_st_requests"]["emu"], c["global_st_requests"]["ncu"]) == (47, 47)
    assert all(fid.matches(v) for v in c.values()), c
    L = fid.launches("/pyts_convert.cu:ptr2ind_kernel")[0]
    k, args, symbols = L.make()
    r = launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False, symbols=symbols or None,
               counts="sass", arch="sm_90")
    assert r.ptx_metrics["global_st_requests"] == 39
    assert {pl["line"]: pl["why"] for pl in r.per_line if pl.get("why")} == {
        59: msg("counts.remainder_loop", u=4, rest="2, 1")}


def test_a_store_nvvm_left_at_line_0_is_read_on_the_lines_ptxas_gave_it(tmp_path):
    """CUDA-GECKO's kernel_filter_hits (the seventeenth unseen suite): the loop's if/else stores to
    ``diagonals_merged[index + i]`` are one PTX store of a selected value at line 0 (NVVM's merged location), in
    NVVM's 4-unrolled loop and its 1-trip remainder loop; ptxas keeps both loops as they are and puts their 5 STGs on
    line 148. Read on no line at all, the shape was undecided (0 STG: its 2 store totals misses though equal in
    value, since the store rule of 3d40897d); read on the file's STG lines that hold no PTX store, each STG is one
    PTX store, so the copies are the PTX's own, counted as it runs: ncu's counts on the H200."""
    from tilelab.emu import calls
    from tilelab.emu.machine import parsed
    (L,) = [x for x in fid.launches("/gecko_kernels.cu:kernel_filter_hits") if x.id.endswith(":kernel_filter_hits")]
    k, _, _ = L.make()
    module = parsed(k.program.ptx)
    fn = calls.link(module, module.entry(k.entry))
    pcs = remainder_loop.candidates(fn)
    stores = [p for p in pcs if remainder_loop._kind(fn.instrs[p]) == "st"]
    assert stores and all(fn.instrs[p].line == 0 for p in stores)
    for lp in sorted({pcs[p] for p in stores}):
        mine = [p for p in stores if pcs[p] == lp]
        assert remainder_loop.structure(k, fn, dict(module.files), "sm_90", lp, mine) == (1, None)
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(ROOT / "bench" / "results" / "fidelity-2026-12-03-unseen39.json"),
              "--only", "/gecko_kernels.cu:kernel_filter_hits", "--json", str(out)])
    row = next(r for r in read_json(out)["rows"] if r["id"].endswith(":kernel_filter_hits"))
    c = row["checks"]
    assert (c["global_st_requests"]["emu"], c["global_st_requests"]["ncu"]) == (32, 32)
    assert all(fid.matches(v) for v in c.values()), c


def _csr_rows(tmp_path, only: str, name: str):
    """The compare of one launch of the nineteenth round against the H100's ncu (fidelity-2026-12-07-unseen197.json),
    and the launch run again: the per-line notes."""
    rec = ROOT / "bench" / "results" / "fidelity-2026-12-07-unseen197.json"
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(rec), "--only", only, "--json", str(out)])
    (row,) = [r for r in read_json(out)["rows"] if r["id"].endswith(":" + name)]
    L = next(x for x in fid.launches(only) if x.id.endswith(":" + name))
    k, args, symbols = L.make()
    r = launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False, symbols=symbols or None,
               counts="sass", arch="sm_90")
    return row["checks"], r


def test_a_row_loop_inside_a_grid_stride_loop_with_nvvms_single_trips_after_it(tmp_path):
    """AMGX's L1 diagonal: ``for (j = row_start; j < row_end; j++)`` over CSR rows of 2 to 9 entries, inside a
    grid-stride loop over rows that each lane goes round once; NVVM unrolled it 4 times and left up to three single
    trips after it, straight, each behind its exit test; ptxas unrolled the 4 again (a 16-trip body, then 8 and 4).
    It was no candidate (another loop encloses it), and the PTX's trips gave 456 load requests where the H100 made
    608. A lane that does not go round the enclosing loop enters this one once: the copies are counted."""
    c, r = _csr_rows(tmp_path, "/amgxl1_", "amgx::compute_d_kernel<int, double, double>")
    for k in ("global_ld_requests", "global_ld_sectors"):
        assert c[k]["emu"] == c[k]["ncu"] and not c[k].get("undecided"), (k, c[k])
    assert c["global_ld_requests"]["ncu"] == 608 and r.ptx_metrics["global_ld_requests"] == 456
    assert {pl["line"]: pl["why"] for pl in r.per_line if pl.get("why")} == {
        250: msg("counts.remainder_loop", u=4, rest="2, 1"), 252: msg("counts.remainder_loop", u=4, rest="2, 1")}


def test_nvvms_single_trips_before_the_unrolled_loop(tmp_path):
    """AMGX's Jacobi sweep: the same row loop with NVVM's single trips before its 4-unrolled loop (9 LDGs of the
    line ahead of ptxas's copies): decided, at the H100's 950 requests (the PTX's trips: 722)."""
    c, r = _csr_rows(tmp_path, "/amgxl1_", "amgx::jacobi_smooth_kernel<int, double, double>")
    for k in ("global_ld_requests", "global_ld_sectors"):
        assert c[k]["emu"] == c[k]["ncu"] and not c[k].get("undecided"), (k, c[k])
    assert (c["global_ld_requests"]["ncu"], r.ptx_metrics["global_ld_requests"]) == (950, 722)


def test_lanes_that_go_round_the_enclosing_loop_count_each_entry_apart(tmp_path):
    """ViennaCL's blocked CSR product: 16 lanes a row, each lane round the enclosing loop over rows several times,
    so its trips of the row loop come in runs, one per entry; counted per entry (and lanes on different entries
    apart), the line's loads are the H100's 5,340 requests (the PTX's trips: 4,170). A constant-count loop inside
    another (flash-attention's, tests/test_sass_copies.py) keeps its counts and note: its runs are alike."""
    c, r = _csr_rows(tmp_path, "/vclit_", "viennacl::linalg::cuda::pipelined_cg_csr_vec_mul_blocked_kernel<16, double>")
    for k in ("global_ld_requests", "global_ld_sectors"):
        assert c[k]["emu"] == c[k]["ncu"] and not c[k].get("undecided"), (k, c[k])
    assert (c["global_ld_requests"]["ncu"], r.ptx_metrics["global_ld_requests"]) == (5340, 4170)
