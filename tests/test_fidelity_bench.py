"""bench/fidelity.py on the CPU: the --compare half against a real recording, and the pieces
of the GPU half that need no GPU (the launch list, packing for the ncu runner, ncu's CSV
mapped onto the compared keys, the per-kernel SASS mix)."""
from __future__ import annotations
import gzip

import copy
import os
import importlib.util
import json
import pickle
import sys

import numpy as np

from conftest import ROOT, read_json

REC = ROOT / "bench" / "results" / "fidelity-2026-11-29.json.gz"
FAST = ("vectorAdd", "transposePadded", "blockReduceSum")     # rows of that recording that emulate in a second


def _bench():
    spec = importlib.util.spec_from_file_location("fidelity_bench", ROOT / "bench" / "fidelity.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["fidelity_bench"] = mod          # dataclasses look their module up there
    spec.loader.exec_module(mod)
    return mod


fid = _bench()


def _small_recording(tmp_path, tamper=None):
    rec = read_json(REC)
    rows = [r for r in rec["rows"] if r["kernel"] in FAST]
    assert sorted(r["kernel"] for r in rows) == sorted(FAST)
    rec = dict(rec, rows=copy.deepcopy(rows))
    if tamper:
        tamper(rec["rows"])
    p = tmp_path / "rec.json"
    p.write_text(json.dumps(rec))
    return rec, p


def _compare(tmp_path, p):
    out = tmp_path / "cmp.json"
    assert fid.main(["--compare", str(p), "--json", str(out)]) == 0
    return read_json(out)


def test_compare_reruns_the_emulator_against_the_recorded_ncu_numbers(tmp_path, capsys):
    rec, p = _small_recording(tmp_path)
    got = _compare(tmp_path, p)
    table = capsys.readouterr().out
    assert len(got["rows"]) == 3
    for old, row in zip(rec["rows"], got["rows"]):
        assert row["id"] == f"kernels/{old['file']}:{old['kernel']}"
        # the ncu side is the recording's, the emulator side is this commit's own run
        for key, c in row["checks"].items():
            assert c["ncu"] == old["ncu"][key]
            assert c["delta"] == c["emu"] - c["ncu"] and c["equal"] == (c["delta"] == 0)
        direct = fid.emulate(fid.launches(only=row["id"])[0])["metrics"]
        assert {k: c["emu"] for k, c in row["checks"].items()} == {k: direct[k] for k in row["checks"]}
        assert set(row["checks"]) >= {"shared_ld_wavefronts", "global_ld_sectors", "global_st_requests"}
    # these three equal ncu in every recorded total, on 2026-11-29 and still
    s = got["summary"]["kernels"]
    assert s["totals"] == 24 and s["totals_equal"] == 24 and s["percent_equal"] == 100.0
    assert "24 of 24 totals equal (100.0%)" in table


def test_compare_says_differs_and_by_how_much(tmp_path, capsys):
    def off_by(rows):
        rows[0]["ncu"]["global_ld_sectors"] += 3
    rec, p = _small_recording(tmp_path, off_by)
    got = _compare(tmp_path, p)
    table = capsys.readouterr().out
    c = got["rows"][0]["checks"]["global_ld_sectors"]
    assert not c["equal"] and c["delta"] == -3
    assert got["summary"]["kernels"]["totals_equal"] == 23
    line = next(ln for ln in table.splitlines() if ln.startswith(got["rows"][0]["id"]))
    assert "differs" in line and "gl.ld.sec" in line and "(-3)" in line


def test_launch_list_covers_kernels_and_the_whole_collection():
    from collection import run as collection
    ls = fid.launches()
    ids = [x.id for x in ls]
    assert len(ids) == len(set(ids))
    # every kernel of kernels/ (issue 13's acceptance is about all of them)
    import re
    defined = {f"kernels/{f.name}:{m}" for f in (ROOT / "kernels").glob("*.cu")
               for m in re.findall(r"__global__\s+void\s+(?:__launch_bounds__\([^)]*\)\s+)?(\w+)\s*\(", f.read_text())}
    assert defined and defined == {x.id for x in ls if x.source == "kernels"}
    # a kernel its host launches again with another shape is `file:kernel#launch` (manifest `launch`)
    want = {f"collection/{e['file']}:{e['name']}" + (f"#{e['launch']}" if e.get("launch") else "")
            for e in collection.load()}
    assert want <= set(ids)
    # only the deliberate assert stays out of ncu's run; the repros are marked
    assert [x.id for x in ls if x.profile] == ["collection/simple_assert.cu:testKernel"]
    assert {x.id for x in ls if x.repro} == {f"collection/{e['file']}:{e['name']}"
                                             + (f"#{e['launch']}" if e.get("launch") else "")
                                             for e in collection.load() if e.get("repro")}


def test_pack_for_the_ncu_runner_carries_symbols_and_cooperative_launches():
    # the cubin is the one the gpu backend would load (kernel_spec -> Program.cubin), built on the CPU
    from tilelab.gpu.spec import kernel_spec
    conv = fid.launches(only="convolutionRowsKernel")[0]
    coop = fid.launches(only="reduceSinglePassMultiBlockCG")[0]
    for L in (conv, coop):
        k, args, symbols = L.make()
        spec, grid, block, packed, shared, syms, cooperative = pickle.loads(pickle.dumps(
            fid.pack(L, k, args, symbols, "sm_90")))
        assert spec.cubin == kernel_spec(k, "sm_90").cubin and spec.entry == k.entry
        assert tuple(grid[:len(L.grid)]) == L.grid and shared == L.shared
        assert cooperative == (L is coop)
        assert (set(syms) == {"c_Kernel"} and syms["c_Kernel"].shape == (17,)) if L is conv else syms == {}


def test_ncu_rows_map_onto_the_compared_keys():
    # a CSV made of a real recorded row (2026-11-29, matmulTiled16): parsed and mapped as the bench does
    from tilelab.gpu.ncu import METRICS, parse_ncu_csv
    row = next(r for r in read_json(REC)["rows"] if r["kernel"] == "matmulTiled16")
    names = [m for m in METRICS if m in row["ncu_raw"]]
    csv = ('"ID","Kernel Name",' + ",".join(f'"{m}"' for m in names) + "\n"
           + '"","",' + ",".join('""' for _ in names) + "\n"
           + '"0","matmulTiled16(const float *, const float *, float *, int)",'
           + ",".join(f'"{row["ncu_raw"][m]:,}"' for m in names) + "\n")
    raw = parse_ncu_csv("==PROF== Connected\n" + csv)[0]
    got = fid.ncu_counts(raw)
    assert {k: got[k] for k in row["ncu"]} == row["ncu"]
    assert got["shared_atom_requests"] is None          # not in that recording's metric list
    checks = fid.compare_row(row["emu"], got)
    assert not checks["shared_ld_wavefronts"]["equal"] and checks["shared_ld_wavefronts"]["delta"] == 262144
    assert checks["global_ld_sectors"]["equal"]


def test_sass_mix_is_per_kernel():
    # two kernels of one file: each mix holds only the kernel's own lines
    a, b = fid.launches(only="transposeNaive")[0], fid.launches(only="transposeShared32")[0]
    ma, mb = fid.sass_mix(a.make()[0], "sm_90"), fid.sass_mix(b.make()[0], "sm_90")
    ops = lambda m: {op for d in m.values() for op in d}  # noqa: E731
    assert "LDS" not in ops(ma) and {"LDS", "STS"} <= ops(mb)
    assert {"LDG", "STG"} <= ops(ma) and {"LDG", "STG"} <= ops(mb)


def test_ncu_rows_are_aligned_by_kernel_name():
    ls = [fid.launches(only=s)[0] for s in ("reduce0<int>", "collection/transpose.cu:copy", "uniformUpdate")]
    rows = [{"Kernel Name": "void reduce0<int>(int *, int *, unsigned int)"},
            {"Kernel Name": "cupy_fill"},                       # a kernel nobody asked for: skipped
            {"Kernel Name": "copy(float *, float *, int, int)"}]
    got = fid.align(ls, rows)
    assert [r for _, r in got] == [rows[0], rows[2], None]      # uniformUpdate: no row, said so


def test_the_ncu_runner_sets_symbols_launches_cooperatively_and_keeps_stdout_clean(tmp_path, monkeypatch, capfd):
    # bench/fidelity_runone.py under a stand-in for CuPy (no GPU here): what it asks of CuPy
    import types
    calls, state = [], {"dead": False}

    def sync():
        if state["dead"]:
            raise RuntimeError("cudaErrorIllegalAddress (sticky)")

    class Fn:
        max_dynamic_shared_size_bytes = 0

        def __init__(self, name):
            self.name = name

        def __call__(self, grid, block, args, shared_mem=0):
            calls.append(("launch", self.name, grid, block, len(args), shared_mem))
            if self.name.endswith("boom"):
                state["dead"] = True
                raise RuntimeError("cudaErrorIllegalAddress")
            if self.name.endswith("refused"):
                raise RuntimeError("cudaErrorInvalidValue")
            os.write(1, b"device printf line\n")          # what a kernel's printf does at sync

    class Module:
        def __init__(self, path, enable_cooperative_groups=False):
            assert open(path, "rb").read().startswith(b"cubin:")
            calls.append(("module", enable_cooperative_groups))

        def get_function(self, entry):
            return Fn(entry)

        def get_global(self, name):
            calls.append(("symbol", name))
            return name

    class Arr:
        def __init__(self, shape, dtype, mem):
            self.mem = mem

        def set(self, a):
            calls.append(("set", self.mem, a.shape))

    cp = types.SimpleNamespace(RawModule=Module, ndarray=Arr, asarray=lambda v: v,
                               cuda=types.SimpleNamespace(set_allocator=lambda a: None,
                                                          runtime=types.SimpleNamespace(deviceSynchronize=sync)))
    monkeypatch.setitem(sys.modules, "cupy", cp)
    spec = importlib.util.spec_from_file_location("fidelity_runone", ROOT / "bench" / "fidelity_runone.py")
    run1 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run1)
    from tilelab.gpu.spec import KernelSpec, pack_args
    from tilelab.toolchain import compile_cuda
    k = compile_cuda("__global__ void ok(float* x, int n) { x[0] = n; }").kernel()
    packed = pack_args(k.name, k.params, [np.zeros(4, np.float32), 3])
    good = KernelSpec("ok", "ok", (), b"cubin:1")
    bad = KernelSpec("boom", "boom", (), b"cubin:2")
    refused = KernelSpec("refused", "refused", (), b"cubin:3")
    req = tmp_path / "req.pkl"
    req.write_bytes(pickle.dumps([
        (good, (1, 1, 1), (32, 1, 1), packed, 0, {"c_Kernel": np.ones(17, np.float32)}, False),
        (good, (4, 1, 1), (128, 1, 1), packed, 64 * 1024, {}, True),
        (refused, (1, 1, 1), (32, 1, 1), packed, 0, {}, False),   # refused, context fine: the run goes on
        (bad, (1, 1, 1), (32, 1, 1), packed, 0, {}, False),       # a fault: the run stops
        (good, (1, 1, 1), (32, 1, 1), packed, 0, {}, False)]))
    log = tmp_path / "runner.log"
    monkeypatch.setenv("TILELAB_FIDELITY_LOG", str(log))
    assert run1.main([str(req)]) == 0                        # 0: ncu still prints the rows that ran
    out, err = capfd.readouterr()
    assert "device printf line" not in out                   # ncu's CSV shares this stdout
    notes = log.read_text().splitlines()
    assert [n.split(":")[0] for n in notes] == ["launch 2 (refused) failed", "launch 3 (boom) failed",
                                                "the context is gone (RuntimeError"]
    assert "launches 4.. did not run" in notes[2] and "cudaErrorIllegalAddress" in err
    assert calls[:3] == [("module", False), ("symbol", "c_Kernel"), ("set", "c_Kernel", (17,))]
    assert ("module", True) in calls                         # grid.sync() kernels: a cooperative launch
    launches = [c for c in calls if c[0] == "launch"]
    assert [c[1] for c in launches] == ["ok", "ok", "refused", "boom"] and launches[1][5] == 64 * 1024


def test_the_recording_path_runs_on_the_cpu_without_ncu(tmp_path, capsys):
    # --no-ncu: everything the GPU host does but ncu (launch list, cubin, packing, SASS, emulator)
    assert fid.main(["--no-ncu", "--out", str(tmp_path), "--only", "kernels/vector_add.cu,reproCpAsyncPadding,"
                     "reproLds128Broadcast"]) == 0
    doc = read_json(next(tmp_path.glob("fidelity-dryrun-*.json")))
    assert "dryrun" in capsys.readouterr().out
    rows = {r["id"].split(":")[1]: r for r in doc["rows"]}
    assert set(rows) == {"vectorAdd", "reproCpAsyncPadding", "reproLds128Broadcast"}
    for r in rows.values():
        assert "error" not in r and "checks" not in r                # no ncu: nothing compared
        assert r["emu"]["metrics"]["global_st_sectors"] > 0 and r["sass_mix"]
    # what ptxas did, as the recording stores it: the padding before LDGSTS, the merged row reads
    assert rows["reproCpAsyncPadding"]["sass_never_run_lds"] == 3 and rows["vectorAdd"]["sass_never_run_lds"] == 0
    (line, change), = rows["reproLds128Broadcast"]["ptxas_changed"].items()
    assert change == {"ptx": {"LDS": 32}, "sass": {"LDS.128": 8}}
    assert rows["reproLds128Broadcast"]["repro"] and not rows["vectorAdd"]["ptxas_changed"]


def test_the_site_draws_the_new_recording_format(tmp_path):
    # site/results.py takes the newest fidelity-<date>.json: rows with checks, and rows ncu did not run
    spec = importlib.util.spec_from_file_location("site_results", ROOT / "site" / "results.py")
    site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(site)
    rec, p = _small_recording(tmp_path, lambda rows: rows[0]["ncu"].__setitem__("global_ld_sectors", 1))
    got = _compare(tmp_path, p)
    doc = {"date": "2026-12-01", "command": "python bench/fidelity.py", "gpu": rec["gpu"], "arch": rec["arch"],
           "summary": got["summary"], "rows": got["rows"] + [{"id": "collection/simple_assert.cu:testKernel",
                                                              "not_profiled": "the assert stops the kernel"}]}
    text = site._fidelity_checks_table(doc, "fidelity-2026-12-01-run1.json.gz")
    assert "| `kernels/vector_add.cu:vectorAdd` | differs | global_ld_sectors 16,384 vs 1 (+16,383) |" in text
    assert "| `kernels/transpose.cu:transposePadded` | equal | – |" in text
    assert "| `collection/simple_assert.cu:testKernel` | not compared | the assert stops the kernel |" in text
    assert "kernels: 23 of 24 totals equal (95.83%)" in text


def test_ncu_only_leaves_the_emulator_side_to_compare(tmp_path):
    assert fid.main(["--no-ncu", "--ncu-only", "--out", str(tmp_path), "--only", "kernels/vector_add.cu"]) == 0
    (row,) = read_json(next(tmp_path.glob("fidelity-dryrun-*.json")))["rows"]
    assert "emu" not in row and "--compare" in row["emu_skipped"] and row["sass_mix"]


def test_totals_set_apart_are_compared_and_shown_but_summed_apart(capsys):
    # a row as the bench makes it: one total the manifest sets apart (the order of atomics), one not
    apart = {"global_st_sectors": "order: the warps' atomicAdd"}
    emu = {"global_st_sectors": 89, "global_ld_sectors": 125, "shared_ld_requests": 4}
    ncu = {"global_st_sectors": 87, "global_ld_sectors": 125, "shared_ld_requests": 5}
    checks = fid.compare_row(emu, ncu, apart)
    assert checks["global_st_sectors"]["apart"] == apart["global_st_sectors"]
    assert not checks["global_st_sectors"]["equal"] and "apart" not in checks["global_ld_sectors"]
    rows = [{"id": "collection/x.cu:k", "source": "collection", "checks": checks}]
    s = fid.summary(rows)["collection"]
    assert (s["totals"], s["totals_equal"], s["apart_totals"], s["apart_equal"]) == (2, 1, 1, 0)
    assert s["percent_equal"] == 50.0 and s["percent_equal_all"] == 33.33
    table = fid.table(rows, "t")
    line = next(ln for ln in table.splitlines() if ln.startswith("collection/x.cu:k"))
    assert "differs" in line and "apart: gl.st.sec 89 vs 87 (+2)" in line
    # with only the set-apart total differing the verdict says so, never "equal"
    checks["shared_ld_requests"]["equal"] = True
    line = next(ln for ln in fid.table(rows, "t").splitlines() if ln.startswith("collection/x.cu:k"))
    assert line.split()[1] == "apart"


def test_apart_names_only_compared_totals():
    import pytest
    with pytest.raises(SystemExit, match="global_st_sector"):
        fid._apart({"file": "x.cu", "name": "k", "apart": {"global_st_sector": "typo"}})
    # every entry of the manifest that sets totals apart says why
    from collection import run as collection
    marked = [e for e in collection.load() if e.get("apart")]
    assert marked and all(fid._apart(e) and all(isinstance(v, str) and v for v in e["apart"].values())
                          for e in marked)


def test_ncu_runs_in_chunks_and_a_chunk_that_fails_loses_only_its_own_launches(tmp_path, monkeypatch, capsys):
    # one ncu process over all 115 launches ran out of time on the H200 and left no row at all;
    # now each chunk of --ncu-chunk launches is its own process
    import tilelab.gpu.device as device
    import tilelab.gpu.ncu as ncu
    fake_exe = tmp_path / "ncu"
    fake_exe.write_text("#!/bin/sh\necho 'Version 0.0 (fake)'\n")
    fake_exe.chmod(0o755)
    calls = []

    def fake_profile(packs, *, metrics, timeout, runner):
        calls.append([p[0].entry for p in packs])
        if len(calls) == 2:
            raise ncu.NcuUnavailable(f"ncu did not finish within {timeout:.0f} s")
        return [dict({m: "7" for m in metrics}, **{"Kernel Name": f"{p[0].name}(float *)"}) for p in packs]

    class FakeDevice:
        def info(self):
            return {"name": "fake GPU", "arch": "sm_90"}
    monkeypatch.setattr(device, "Device", FakeDevice)
    monkeypatch.setattr(ncu, "find_ncu", lambda: str(fake_exe))
    monkeypatch.setattr(ncu, "ncu_profile", fake_profile)
    monkeypatch.setattr(fid, "ncu_metric_names", lambda exe: (list(ncu.METRICS), []))
    only = "kernels/vector_add.cu,transposePadded,blockReduceSum"
    assert fid.main(["--out", str(tmp_path), "--only", only, "--ncu-chunk", "1", "--ncu-only"]) == 1
    doc = read_json(tmp_path / f"fidelity-{fid.dt.date.today().isoformat()}.json")
    assert len(calls) == 4 and all(len(c) == 1 for c in calls)
    rows = {r["kernel"]: r for r in doc["rows"]}
    lost = [r for r in rows.values() if "ncu" not in r]
    assert len(lost) == 1 and "did not finish" in lost[0]["error"]
    assert all(r["ncu"] and set(r["ncu_raw"].values()) == {"7"} for r in rows.values() if "ncu" in r)
    assert doc["ncu_error"].startswith("chunk 2 of 4") and len(doc["seconds"]["ncu_chunks"]) == 4


def test_ncus_per_instruction_wavefronts_equal_the_emulators_where_its_totals_do_not():
    """bitonicSortShared1 and layernorm_forward_kernel6: ncu's hardware totals move between runs and
    exceed the emulator's, but ncu's per-SASS-instruction count of the same launch
    (memory_l1_wavefronts_shared, recorded by bench/ncu_sass_lines.py --sections '--set full') is the
    emulator's count of every shared load and store."""
    import csv
    import io
    import re
    import sys
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity
    rec = json.loads(gzip.decompress((ROOT / "bench" / "results" / "ncu-sass-lines-2026-12-01-full.json.gz").read_bytes()))
    for row in rec["launches"]:
        table = list(csv.reader(io.StringIO(row["source"]["stdout"])))
        head = {h: i for i, h in enumerate(table[1])}
        ncu = {"LDS": 0, "STS": 0}
        for r in table[2:]:
            if len(r) < len(head):
                continue
            m = re.search(r"\b(LDS|STS)\b", r[head["Source"]])
            if m:
                ncu[m.group(1)] += int(float(r[head["L1 Wavefronts Shared"]].replace(",", "") or 0))
        assert ncu["LDS"] > 0 and ncu["STS"] > 0
        L = next(x for x in fidelity.launches(row["id"]) if x.id == row["id"])
        got = fidelity.emulate(L)["metrics"]
        assert (got["shared_ld_wavefronts"], got["shared_st_wavefronts"]) == (ncu["LDS"], ncu["STS"]), row["id"]
