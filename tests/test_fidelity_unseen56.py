"""Issue 23's thirty-fourth unseen suite: Marek Fiser's Game of Life (NightElfik/Game-of-life-CUDA, every kernel)
and GPU-LBMsim's D2Q9 lattice Boltzmann cavity (jakobtorben/GPU-LBMsim, every kernel) (docs/FIDELITY.md, "a
thirty-fourth unseen suite").

The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-04-unseen56-before.json): 12 of 18 ran and matched. The Game of Life display kernel's
``int2`` given as a struct of its lanes was refused (the struct aligned to 4, the parameter to 8), and GPU-LBMsim's
four ``stream_collide_gpu`` stopped at NVRTC (``std::sqrt`` with no ``<cmath>``, which nvcc's implicit
cuda_runtime.h brings); behind that, two more gaps: the discovery asked NVRTC for the plain name of an overloaded
kernel (ambiguous: the whole file failed to build) and ``tl.Struct`` refused an empty structure (the overloads'
tag arguments). Each is fixed in the module where it lives and pinned here by a test that fails on the old code;
after them 18 of 18 are right (collection-emu-2026-12-04-unseen56-after.json), the four races listed before the
suite ran the findings raised.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from conftest import ROOT, read_json
from tilelab import toolchain as tc
from tilelab.errors import CompileError
from tilelab.launch import launch
from tilelab.structs import Struct
from tilelab.toolchain import compile_cuda

RES = ROOT / "bench" / "results"
BEFORE = RES / "collection-emu-2026-12-04-unseen56-before.json"
AFTER = RES / "collection-emu-2026-12-04-unseen56-after.json"
MAJORS = sorted(tc.available_nvrtc())
LIFE = ("simpleLifeKernel", "bitLifeEncodeKernel", "bitLifeDecodeKernel", "precompute6x3EvaluationTableKernel",
        "bitLifeKernelLookup", "bitLifeKernelLookup", "bitLifeKernelCounting", "bitLifeKernelCounting",
        "bitLifeKernelCountingBigChunks", "bitLifeKernelCountingBigChunks", "displayLifeKernel", "displayLifeKernel")
TAGS = [(les, mrt) for les in ("false", "true") for mrt in ("false", "true")]
OVERLOADS = [f"static_cast<void (*)(int, int, float*, float*, float*, float, float*, bool*, float, float, bool, "
             f"use_LES<{les}>, use_MRT<{mrt}>)>(stream_collide_gpu)" for les, mrt in
             [("false", "false"), ("true", "false"), ("false", "true"), ("true", "true")]]
LAUNCHES = sorted([("cudalife_kernels.cu", f"mf::{k}") for k in LIFE]
                  + [("lbmsim_init_gpu.cu", "define_geometry"), ("lbmsim_init_gpu.cu", "initialise_distributions")]
                  + [("lbmsim_core_gpu.cu", o) for o in OVERLOADS])


def test_the_thirty_fourth_unseen_suite_on_the_emulator_before_any_change():
    """12 of 18: the ten Game of Life kernels that take plain arguments and GPU-LBMsim's two initialisation
    kernels matched numpy; displayLifeKernel's int2 (twice) was refused, the four overloads did not build."""
    rec = read_json(BEFORE)
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (18, 12, 0)
    assert sorted((r["file"], r["kernel"]) for r in rec["results"]) == LAUNCHES
    bad = [(r["kernel"], r["problems"]) for r in rec["results"] if not r["ok"]]
    assert len(bad) == 6
    for name, problems in bad:
        assert len(problems) == 1
        if name == "mf::displayLifeKernel":
            assert problems[0].startswith("LaunchError: argument 7 of mf::displayLifeKernel (int2 displacement): "
                                          "the kernel's parameter is 8 bytes aligned to 8")
            assert "the struct passed is 8 bytes aligned to 4" in problems[0]
        else:
            assert name in OVERLOADS
            assert problems[0] == 'CompileError: collection/lbmsim_core_gpu.cu:518: error: namespace "std" has no ' \
                                  'member "sqrt"'


@pytest.mark.parametrize("major", MAJORS)
def test_std_math_with_no_include_builds_as_under_nvcc(major):
    """GPU-LBMsim's LES collisions call std::sqrt and include only <stdio.h> and <assert.h>: nvcc's implicit
    cuda_runtime.h includes crt/math_functions.h, which includes <cmath> (nvcc builds this file); NVRTC includes
    nothing ("namespace "std" has no member "sqrt""). Such a source builds, with tilelab's <cmath> included first;
    others as they did."""
    src = "__global__ void k(float *a) { a[threadIdx.x] = std::sqrt(a[threadIdx.x]) + std::pow(2, 3); }\n"
    prog = compile_cuda(src, filename="nocmath.cu", nvrtc=major)
    assert any(o.endswith("=cmath") for o in prog.options)
    plain = compile_cuda("__global__ void k(float *a) { a[threadIdx.x] = sqrtf(a[threadIdx.x]); }\n",
                         filename="nocmath2.cu", nvrtc=major)
    assert not any(o.endswith("=cmath") for o in plain.options)
    a = np.arange(32, dtype=np.float32) ** 2
    launch(prog.kernel("k"), (1,), (32,), a, backend="emu", echo=False)
    assert np.array_equal(a, np.arange(32, dtype=np.float32) + 8)


# GPU-LBMsim's shape: one kernel name, overloads told apart by empty tag structures passed by value
_OVERLOADED = r"""
template <bool val=true> struct use_LES {};
template <> struct use_LES<false> {};
__global__ void step(float* f, int n, use_LES<false>);
__global__ void step(float* f, int n, use_LES<true>);
__global__ void step(float* f, int n, use_LES<false>) { if (threadIdx.x < n) f[threadIdx.x] *= 2.0f; }
__global__ void step(float* f, int n, use_LES<true>) { if (threadIdx.x < n) f[threadIdx.x] += 1.0f; }
"""


@pytest.mark.parametrize("major", MAJORS)
def test_an_overloaded_kernel_is_named_by_a_cast_to_its_type(major):
    """The old discovery asked NVRTC for the plain name `step`, which the overloads make ambiguous ("cannot
    determine which instance of overloaded function"): nothing in the file built. Now the plain name is not asked
    for; each overload is named by the cast that selects it, its parameters are that overload's, and asking for
    the plain name says how to name one."""
    names = ("static_cast<void (*)(float*, int, use_LES<false>)>(step)", "(void (*)(float *, int, use_LES<true>))&step")
    prog = compile_cuda(_OVERLOADED, filename="overloads.cu", name_expressions=names, nvrtc=major)
    lo, hi = (prog.kernel(n) for n in names)
    assert lo.entry != hi.entry and [p.name for p in lo.params] == ["f", "n", "arg2"]
    f = np.arange(32, dtype=np.float32)
    launch(lo, (1,), (32,), f, 20, Struct(), backend="emu", echo=False)
    launch(hi, (1,), (32,), f, 32, Struct(), backend="emu", echo=False)
    assert np.array_equal(f, np.r_[np.arange(20) * 2, np.arange(20, 32)].astype(np.float32) + 1)
    with pytest.raises(CompileError, match="'step' is overloaded \\(2 parameter lists\\)"):
        prog.kernel("step")
    with pytest.raises(CompileError, match="'step' is overloaded"):
        compile_cuda(_OVERLOADED, filename="overloads2.cu", nvrtc=major)


def test_an_empty_struct_is_one_byte():
    """`use_LES<true>` by value: NVVM declares it `.param .align 1 .b8 p[1]`, C++'s sizeof of an empty class.
    tl.Struct refused a struct with no fields ("tl.Struct needs at least one field")."""
    s = Struct()
    assert (s.nbytes, s.alignment, s.pack(id)) == (1, 1, b"\0")


_VECTOR = r"""
__global__ void shift(int *out, int2 d, double3 e) { out[threadIdx.x] = threadIdx.x - d.x + 10 * d.y + (int)e.z; }
"""


@pytest.mark.parametrize("major", MAJORS)
def test_a_vector_given_as_a_struct_of_its_lanes_takes_the_vectors_alignment(major):
    """displayLifeKernel's `int2 displacement`, given as the collection's struct of its lanes (x, y: int32): CUDA's
    int2 is __align__(8), so the PTX declares `.param .align 8 .b8 d[8]`, and the struct of two ints (aligned to 4)
    was refused though its bytes are the int2's. A struct of the vector's lanes, each of the lane's type, is now laid
    out at the vector's alignment; a struct of other fields is checked as before (and double3, aligned as its
    lanes, was accepted before too)."""
    k = compile_cuda(_VECTOR, filename="vector.cu", nvrtc=major).kernel("shift")
    out = np.zeros(32, np.int32)
    d = Struct([("x", np.int32(5)), ("y", np.int32(-3))])
    e = Struct([("x", np.float64(0)), ("y", np.float64(0)), ("z", np.float64(7))])
    launch(k, (1,), (32,), out, d, e, backend="emu", echo=False)
    assert np.array_equal(out, np.arange(32) - 5 - 30 + 7)
    from tilelab.errors import LaunchError
    with pytest.raises(LaunchError, match="aligned to 8"):
        launch(k, (1,), (32,), out, Struct([("x", np.float32(5)), ("y", np.float32(-3))]), e,
               backend="emu", echo=False)


def test_the_thirty_fourth_unseen_suite_after_the_fixes():
    """18 of 18 under NVRTC 12 and 13: the Game of Life kernels exact, GPU-LBMsim's within 1e-5 of the float64
    ports, and the race listed for each stream_collide_gpu overload before the suite ran the one finding raised
    (the in-place streaming: a thread's stores to f are other blocks' threads' loads)."""
    for name in ("after", "after-nvrtc13"):
        rec = read_json(RES / f"collection-emu-2026-12-04-unseen56-{name}.json")
        assert (rec["kernels"], rec["matched"], rec["refused"]) == (18, 18, 0)
        assert sorted((r["file"], r["kernel"]) for r in rec["results"]) == LAUNCHES
    rows = read_json(RES / "collection-emu-time-2026-12-04-unseen56.json")["rows"]
    assert len(rows) == 18 and all(r["ok"] and r["first_run_s"] < 2 for r in rows)


# ------------------------------------------------------------------ the H200's recording and what it showed
import hashlib  # noqa: E402
import sys  # noqa: E402

from collection import run as collection_run  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

REC = RES / "fidelity-2026-12-04-unseen56.json"              # stage unseen56-2, the branch at 38b0db9
GPU = RES / "collection-gpu-2026-12-04-unseen56.json"


def test_the_suite_as_it_came_against_ncu():
    """As the suite came (the emulator at 59a8525: ed32ccc's code), the 12 launches it could run: 156 of 156 totals.
    The H200 recorded 14 (the four overloads were profiled, but bench/fidelity.py found no row for a cast's name)."""
    before = read_json(RES / "fidelity-compare-2026-12-04-unseen56.json")
    assert before["commit"] == "59a8525"
    s = before["summary"]["collection"]
    assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"]) == (12, 12, 156, 156)
    rec = read_json(REC)
    assert sum("ncu" in r for r in rec["rows"]) == 14
    assert all(r["error"] == "ncu returned no row for this launch: not in ncu's output"
               for r in rec["rows"] if "lbmsim_core" in r["id"])


def test_ncu_rows_align_with_an_overload_named_by_its_cast():
    """ncu names an overload as C++ does, `stream_collide_gpu(int, int, ..., use_LES<false>, use_MRT<false>)`; the
    old base name of the launch's cast was `static_cast`, so no row matched and the four were not recorded."""
    ls = fid.launches(only="/lbmsim_core")
    assert len(ls) == 4
    rows = [{"Kernel Name": f"stream_collide_gpu(int, int, float *, float *, float *, float, float *, bool *, float, "
                            f"float, bool, use_LES<{les}>, use_MRT<{mrt}>)"} for les, mrt in
            [("false", "false"), ("true", "false"), ("false", "true"), ("true", "true")]]
    assert [r for _, r in fid.align(ls, rows)] == rows


def _f_digest(entry):
    res, after, before = collection_run.run_emu(entry)
    return hashlib.sha256(np.ascontiguousarray(after["f"]).tobytes()).hexdigest()[:16], res.count_notes


def test_the_h200s_distributions_are_the_emulators_for_every_overload():
    """The H200's f (sha256 of its bytes, bench/collection_gpu.py's digest) is the emulator's for all four overloads.
    It differed for MRT and MRT-LES in 26 and 33 elements, one ulp each, two ways ptxas contracted the collision:
    `m3 * m3 + m5 * m5` and `m3 * m3 - m5 * m5` sharing both products (undecided: 2 muls, 1 add), and the
    MRT-LES update of m8, whose sub of line 914's m3 * m5 is an FADD after ptxas's sqrt and rcp slow-path
    branches (then counted as fused: line 949's own FFMA taken for it)."""
    gpu = {r["kernel"]: r["hashes"]["f"] for r in read_json(GPU)["results"]
           if r["file"] == "lbmsim_core_gpu.cu"}
    assert [gpu[o]["differ"] for o in OVERLOADS] == [0, 0, 26, 33]
    for e in (x for x in collection_run.load() if x["file"] == "lbmsim_core_gpu.cu"):
        digest, notes = _f_digest(e)
        assert digest == gpu[e["name"]]["gpu_sha256"] and not notes


def _plan(name, major):
    from tilelab.emu import calls, contraction
    from tilelab.emu.machine import parsed
    prog = compile_cuda((ROOT / "collection" / "repro_contraction_lbm.cu").read_text(),
                        filename="collection/repro_contraction_lbm.cu", nvrtc=major)
    k = prog.kernel(name)
    module = parsed(prog.ptx)
    fn = calls.link(module, module.entry(k.entry))
    fn.__dict__.pop("_contraction", None)
    plan = contraction.plan_for(k, fn, dict(module.files), "sm_90")
    fn.__dict__.pop("_contraction", None)
    ops = {pc: fn.instrs[pc].op for pc in plan.actions}
    return plan, ops


@pytest.mark.parametrize("major", MAJORS)
def test_two_products_only_an_add_and_a_sub_read_are_decided(major):
    """reproSharedProducts (p = a * a, q = b * b; p + q, and p - q or q - p under a select): the SASS has one FMUL
    (q) and three FFMAs; the old plan left lines 18 and 19 undecided (two muls for one add). Now p, the first operand
    of the first add, is fused into all three, q kept."""
    plan, ops = _plan("reproSharedProducts", major)
    assert not plan.notes and set(plan.lines.values()) == {"fused"}
    stashed = [pc for pc, a in plan.actions.items() if a == ("stash",)]
    assert len(stashed) == 1 and ops[stashed[0]] == "mul"
    assert sorted(a[2] for a in plan.actions.values() if a[0] == "fuse") == [1, 1, 2]


@pytest.mark.parametrize("major", MAJORS)
def test_a_chain_across_ptxas_slow_path_branches_is_seen(major):
    """reproSlowPathChain: line 30 subtracts line 27's product (FADD, apart) after sqrtf's and 1/x's slow-path
    branches, and its own mul and sub fuse (one FFMA). The old plan did not see the FADD's chain across ptxas's
    branches and gave line 30's one FFMA to both pairs: fused the product of line 27 too."""
    plan, ops = _plan("reproSlowPathChain", major)
    fuses = [a for a in plan.actions.values() if a[0] == "fuse"]
    assert len(fuses) == 1 and fuses[0][2] == 2 and not plan.notes


def test_the_third_call_records_the_overloads_and_the_reproductions():
    """Stage unseen56-3 (the branch at ae2f87a): ncu's rows of the four overloads aligned, 52 of 52 totals the
    emulator's; the three contraction reproductions 39 of 39; the seven launches' outputs the H200's bit for bit
    (MRT's and MRT-LES's f included)."""
    cmp3 = read_json(RES / "fidelity-compare-2026-12-04-unseen56-3.json")["summary"]
    assert (cmp3["collection"]["launches_equal"], cmp3["collection"]["totals"], cmp3["collection"]["totals_equal"]) \
        == (4, 52, 52)
    assert (cmp3["repro"]["launches_equal"], cmp3["repro"]["totals"], cmp3["repro"]["totals_equal"]) == (3, 39, 39)
    gpu3 = read_json(RES / "collection-gpu-2026-12-04-unseen56-3.json")
    assert (gpu3["kernels"], gpu3["as_expected"]) == (7, 7)
    assert all(set(r["outputs"].values()) == {"bit-identical"} for r in gpu3["results"])
    rec3 = read_json(RES / "fidelity-2026-12-04-unseen56-3.json")
    assert [r["ncu_kernel_name"].split("(")[0] for r in rec3["rows"][:4]] == ["stream_collide_gpu"] * 4


def test_the_suite_together_and_the_contraction_plans_that_moved():
    """bench/unseen_suites.py's row for the suite over the two compares (the third call's first): 18 of 18 launches,
    234 of 234 totals. The contraction change moved the fused pairs of 4 plans only (MRT, MRT-LES and the two
    reproductions); 6 others only say otherwise what their lines are, their values as before."""
    sys.path.insert(0, str(ROOT / "bench"))
    import unseen_suites
    t = unseen_suites.table([RES / "fidelity-compare-2026-12-04-unseen56-3.json",
                             RES / "fidelity-compare-2026-12-04-unseen56-after.json"])
    row = t["Game of Life + GPU-LBMsim (unseen56)"]
    assert (row["launches"], row["run"], row["totals"], row["equal"]) == (18, 18, 234, 234)
    scan = read_json(RES / "contraction-scan-2026-12-04-unseen56.json")
    moved = {(r["file"], r["kernel"]) for r in scan["moved"] if r["actions_differ"]}
    assert moved == {("lbmsim_core_gpu.cu", OVERLOADS[2]), ("lbmsim_core_gpu.cu", OVERLOADS[3]),
                     ("repro_contraction_lbm.cu", "reproSharedProducts"),
                     ("repro_contraction_lbm.cu", "reproSlowPathChain")}
    assert len(scan["moved"]) == 10


_TEMPLATE_OVERLOADS = r"""
#include <cstddef>
template <int N> __global__ void fill(float *a, const std::size_t n) { if (threadIdx.x < n) a[threadIdx.x] = N; }
template <int N> __global__ void fill(double *a, const std::size_t n) { if (threadIdx.x < n) a[threadIdx.x] = 2 * N; }
template <typename T> __global__ void scale(T *a, T s) { a[threadIdx.x] *= s; }
template <typename T> __global__ void scale(T *a, int s, int t) { a[threadIdx.x] *= s + t; }
"""


@pytest.mark.parametrize("major", MAJORS)
def test_an_overloaded_template_instance_is_named_by_a_cast(major):
    """Gauss-Legendre-Spherical-t (unseen89) names one overload of a template instance by a cast,
    static_cast<void (*)(double4 *, const double4 *, const std::size_t)>(compute_coulomb_kernel<128>): the launcher
    read no parameters from it ("takes 0 arguments"). Now the instance's parameters are the overload's, with its
    template arguments put in (a type parameter too), and an unnamed `const std::size_t` reads as a type."""
    names = ("static_cast<void (*)(float *, const std::size_t)>(fill<3>)",
             "static_cast<void (*)(double *, const std::size_t)>(fill<3>)",
             "static_cast<void (*)(float *, float)>(scale<float>)",
             "(void (*)(double *, int, int))&scale<double>")
    prog = compile_cuda(_TEMPLATE_OVERLOADS, filename="template_overloads.cu", name_expressions=names, nvrtc=major)
    f32, f64, s32, s64 = (prog.kernel(n) for n in names)
    assert [p.name for p in f32.params] == ["a", "n"] and [p.name for p in s64.params] == ["a", "s", "t"]
    a, b = np.zeros(8, np.float32), np.zeros(8, np.float64)
    launch(f32, (1,), (8,), a, np.uint64(5), backend="emu", echo=False)
    launch(f64, (1,), (8,), b, np.uint64(6), backend="emu", echo=False)
    assert a.tolist() == [3] * 5 + [0] * 3 and b.tolist() == [6] * 6 + [0] * 2
    launch(s32, (1,), (8,), a, np.float32(2), backend="emu", echo=False)
    launch(s64, (1,), (8,), b, 2, 3, backend="emu", echo=False)
    assert a.tolist() == [6] * 5 + [0] * 3 and b.tolist() == [30] * 6 + [0] * 2
