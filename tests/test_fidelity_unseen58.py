"""Issue 23's thirty-sixth unseen suite: keith-daigle/cuda-bwt's bucket-sorting BWT kernels and fknorr/culzss's
LZSS kernels (docs/FIDELITY.md, "a thirty-sixth unseen suite").

Measured on the emulator as it was, with no change made for it (collection-emu-2026-12-04-unseen58-before.json): 4
of 11 ran and matched. Three cuda-bwt files did not build (`register`, which NVRTC's C++17 refuses and nvcc
accepts), both BuildMatches launches raised the exited-threads barrier the entries had not listed (the entries'
error: the project's convention since the eighteenth suite), and WalkMatches' race was not flagged (the global
shadow kept one reader a word, and the walker's own read just before its write hid the member's). After the
`register` retry and the second reader record all 11 run and are right or rightly flagged: these tests pin both.
"""
from __future__ import annotations

import json
import sys

import numpy as np
import pytest

from conftest import ROOT, read_json
from tilelab import toolchain as tc
from tilelab.launch import launch
from tilelab.toolchain import compile_cuda

sys.path.insert(0, str(ROOT / "collection"))
import references  # noqa: E402
from collection import run as collection_run  # noqa: E402

RES = ROOT / "bench" / "results"
BEFORE = RES / "collection-emu-2026-12-04-unseen58-before.json"
AFTER = RES / "collection-emu-2026-12-04-unseen58-after.json"
MAJORS = sorted(tc.available_nvrtc())
REGISTER = 'error: use of the "register" storage class specifier is not allowed'


def test_the_thirty_sixth_unseen_suite_on_the_emulator_before_any_change():
    """4 of 11: CULZSS's three launches, and DoPush; `register` stopped Buckets (twice), CalcPushPositions and
    InnerWalkMatches; BuildMatches (twice) raised barrier_divergence besides its race; WalkMatches raised none."""
    rec = read_json(BEFORE)
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (11, 4, 0)
    ok = sorted(r["kernel"] for r in rec["results"] if r["ok"])
    assert ok == ["CompressBlock", "CompressBlock", "DecodeKernel", "DoPush"]
    bad = [(r["kernel"], r["problems"]) for r in rec["results"] if not r["ok"]]
    assert sorted(k for k, p in bad if REGISTER in p[0]) == ["Buckets", "Buckets", "CalcPushPositions",
                                                             "InnerWalkMatches"]
    assert sorted(k for k, p in bad if p[0].startswith("findings ['barrier_divergence', 'race'], expected ['race']")) \
        == ["BuildMatches", "BuildMatches"]
    assert [k for k, p in bad if p[0].startswith("findings [], expected ['race']")] == ["WalkMatches"]


@pytest.mark.parametrize("major", MAJORS)
def test_the_register_storage_class_builds_as_under_nvcc(major):
    """cuda-bwt writes `register unsigned int j`: nvcc 13.0 builds it under -std=c++17 and c++20 without a word
    (here and on the H200: bench/results/logs/gpu-2026-12-04-unseen58.log); NVRTC's C++17 refused it. It builds,
    defined away (what nvcc makes of it); a source without it compiles as before."""
    src = "__global__ void k(unsigned int *o, unsigned int n) { register unsigned int i = threadIdx.x; " \
          "if (i < n) o[i] = i * 3u; }\n"
    prog = compile_cuda(src, filename="register.cu", nvrtc=major)
    assert "-Dregister=" in prog.options
    plain = compile_cuda(src.replace("register ", ""), filename="register2.cu", nvrtc=major)
    assert "-Dregister=" not in plain.options
    o = np.zeros(40, np.uint32)
    launch(prog.kernel("k"), (1,), (64,), o, np.uint32(40), backend="emu", echo=False)
    assert np.array_equal(o, np.arange(40, dtype=np.uint32) * 3)


def _entry(file, name):
    return next(e for e in collection_run.load() if e["file"] == file and e["name"] == name)


def test_a_read_hidden_behind_the_writers_own_read_is_a_race():
    """reproWalkRace: each member reads its idx word, then the run's walker reads it and writes it; the shadow kept
    one reader a word (the walker, by then), so the member's read went unseen: "findings [], expected ['race']" with
    main's globalrace.py (bench/results/logs/unseen58-race-on-old-code-2026-12-04.log). With the reader before the
    last kept too, the write-after-read race is raised; the control, whose members test words of their own, raises
    nothing."""
    race = _entry("repro_walk_race.cu", "reproWalkRace")
    res, after, before = collection_run.run_emu(race)
    kinds = {f.kind for f in res.findings}
    assert kinds == {"race"}
    assert any("write-after-read" in str(f) or "read" in str(f) for f in res.findings)
    assert collection_run.check_emu(race) == []
    assert collection_run.check_emu(_entry("repro_walk_race.cu", "reproWalkNoRace")) == []
    assert collection_run.check_emu(_entry("cudabwt_WalkMatches.cu", "WalkMatches")) == []


def test_the_bwt_ports_do_not_depend_on_the_threads_order():
    """The racy kernels' expected outputs are the same whichever order the threads run in on these inputs:
    BuildMatches' phase 2 read before or after its neighbours' writes, InnerWalkMatches forwards or backwards."""
    st, n = references.cudabwt_state(1000), 1000
    z = np.zeros(n, np.uint32)
    for b, bi, pb, want in ((st["b1"], z, z, st["bi2"]), (st["b5"], st["bi3"], st["bi3"], st["bi6"])):
        seq = references.cudabwt_build_matches(b, bi, pb, n, order="sequential")
        assert np.array_equal(seq["bucket_index"], want)
    back = references.cudabwt_inner_walk_matches(st["b6"], st["bi6"], st["bi3"], n, reverse=True)
    assert np.array_equal(back["bucket_index"], st["bi7"]) and np.array_equal(back["buckets"], st["b7"])
    assert st["cnt"] == 206


def test_the_thirty_sixth_unseen_suite_after_the_fixes():
    """11 of 11 (collection-emu-2026-12-04-unseen58-after.json), the findings those listed: the races of both
    BuildMatches and of WalkMatches, the exited-threads barrier of both BuildMatches, CalcPushPositions' read past
    its array; none in CULZSS's."""
    rec = read_json(AFTER)
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (11, 11, 0)


sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

REC = RES / "fidelity-2026-12-04-unseen58.json"          # the H200's ncu counts of all 11 (the overlay at 6d524d3)
GPU = RES / "collection-gpu-2026-12-04-unseen58.json"    # the H200's outputs of all 11


def test_the_h200_recording_as_the_suite_came():
    """The compare with the emulator, launcher and toolchain of the suite's first run (at 220cf66, main's 0712ec0
    tilelab): 91 of 91 totals on the 7 launches that built; the four `register` files did not."""
    saved = read_json(RES / "fidelity-compare-2026-12-04-unseen58.json")
    s = saved["summary"]["collection"]
    assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"]) == (7, 7, 91, 91)
    failed = [r["id"] for r in saved["rows"] if "checks" not in r]
    assert len(failed) == 4 and all(i.split(":")[0] in ("collection/cudabwt_Buckets.cu",
                                                        "collection/cudabwt_CalcPushPositions.cu",
                                                        "collection/cudabwt_InnerWalkMatches.cu") for i in failed)


def test_the_h200_recording_after_the_fixes(tmp_path):
    """All 11 launches, every total ncu's (143 of 143, nothing undecided, nothing set apart), compared again here;
    and the H200's outputs are the emulator's bit for bit (40 of 40 arrays, inputs included)."""
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", "/cudabwt_,/culzss_", "--json", str(out)])
    s = read_json(out)["summary"]["collection"]
    assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"], s["apart_totals"]) == \
        (11, 11, 143, 143, 0)
    gpu = read_json(GPU)
    assert (gpu["kernels"], gpu["as_expected"]) == (11, 11)
    outs = [v for r in gpu["results"] for v in r["outputs"].values()]
    assert len(outs) == 40 and set(outs) == {"bit-identical"}
