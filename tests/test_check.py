"""tilelab.check and tilelab.problems on the emulator: the reference kernels pass, and
wrong kernels fail with a report that says what is wrong (DESIGN §6).

Every expectation here is computed by the test from the problem's own random inputs
and numpy, never hard-coded, and each test can fail.
"""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from tilelab import toolchain as tc
from tilelab.check import check, compare
from tilelab.errors import CheckFailed
from tilelab.launch import launch
from tilelab.problems import PROBLEMS, get_problem

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not tc.available_nvrtc(), reason="no NVRTC installed")


def ref_kernel(file, name):
    return tc.compile_cuda((ROOT / "kernels" / file).read_text(), filename=f"kernels/{file}").kernel(name)


def cuda(src, name, filename="test_check.cu"):
    return tc.compile_cuda(src, filename=filename).kernel(name)


MATMUL_HEAD = "__global__ void NAME(const float* A, const float* B, float* C, int N)\n{\n"
MATMUL_NAIVE_BODY = """    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += AA * BB;
        C[row * N + col] = acc;
    }
}
"""


def matmul_variant(name, a="A[row * N + k]", b="B[k * N + col]"):
    src = (MATMUL_HEAD + MATMUL_NAIVE_BODY).replace("NAME", name).replace("AA", a).replace("BB", b)
    return cuda(src, name)


# ---------------------------------------------------------------------------------- passing
REFERENCE = [
    ("vector_add.cu", "vectorAdd", "vector_add", None, [1, 33, 1000]),
    ("matmul_naive.cu", "matmulNaive", "matmul", (16, 16), [1, 17, 33]),
    ("matmul_naive.cu", "matmulNaiveUncoalesced", "matmul", (16, 16), [17, 33]),
    ("matmul_tiled.cu", "matmulTiled16", "matmul", (16, 16), [17, 33]),
    ("matmul_tiled.cu", "matmulTiled32", "matmul", (32, 32), [33]),
    ("transpose.cu", "transposeNaive", "transpose", None, [(1, 1), (100, 37), (37, 100)]),
    ("transpose.cu", "transposeShared32", "transpose", None, [(100, 37), (37, 100)]),
    ("transpose.cu", "transposePadded", "transpose", None, [(100, 37), (64, 64)]),
    ("transpose.cu", "transposeSwizzled", "transpose", None, [(100, 37), (17, 33)]),
    ("mma_tile.cu", "mmaTilePlain", "mma_tile", None, [(64, 64, 64), (64, 128, 128)]),
    ("mma_tile.cu", "mmaTileSwizzled", "mma_tile", None, [(128, 64, 64)]),
]


@pytest.mark.parametrize("file,name,problem,block,sizes", REFERENCE, ids=[r[1] for r in REFERENCE])
def test_reference_kernels_pass(file, name, problem, block, sizes, capsys):
    k = ref_kernel(file, name)
    seeds = (0, 1)
    report = check(k, problem, sizes=sizes, seeds=seeds, block=block, backend="emu")
    out = capsys.readouterr().out.splitlines()
    prob = get_problem(problem)
    assert report.ok and not report.findings
    assert [(r.size, r.seed) for r in report.runs] == [(prob.size(s), d) for s in sizes for d in seeds]
    assert all(r.ok and r.max_error <= prob.rtol for r in report.runs)
    # one PASS line per size, then the summary; no backend-specific words (nbval compares them)
    assert out == [f"PASS {problem} {prob.label(s)} seeds=0,1" for s in sizes] + \
        [f"PASS: {name} is correct on {len(sizes)} size{'s' * (len(sizes) > 1)} x 2 seeds"]
    # per-run emulator metrics, the same as an independent launch of that size
    s = prob.size(sizes[-1])
    grid, blk, shared = prob.launch(s, block)
    args = prob.args(prob.inputs(s, 7), prob.new_outputs(s))
    res = launch(k, grid, blk, *args, shared=shared, backend="emu")
    assert report.metrics(size=s) == res.metrics
    assert res.metrics["instructions"] > 0


def test_problems_make_fresh_random_inputs():
    for prob in PROBLEMS.values():
        s = prob.sizes_for("emu")[2]
        a, b, c = prob.inputs(s, 0), prob.inputs(s, 0), prob.inputs(s, 1)
        for name, v in a.items():
            if isinstance(v, np.ndarray):
                assert v is not b[name] and np.array_equal(v, b[name])      # fresh copies, same seed: same
                assert not np.array_equal(v, c[name])                        # another seed: other numbers
                assert np.unique(v).size > min(v.size // 2, 1000)           # never constant (fp16 has few values)
                assert (v < 0).any() and (v > 0).any()
        for name, o in prob.new_outputs(s).items():
            assert np.isnan(o.astype(np.float64)).all()
        ref = prob.reference(a)
        assert set(ref) == set(prob.outputs) and all(r.dtype == np.float64 for r in ref.values())


def test_every_problem_has_sizes_for_both_backends():
    for prob in PROBLEMS.values():
        emu, gpu = prob.sizes_for("emu"), prob.sizes_for("gpu")
        assert set(emu) <= set(gpu) and len(gpu) >= len(emu) >= 3
        assert prob.bench_sizes_for("gpu") and prob.bench_sizes_for("emu")
        assert prob.flops or prob.bytes


# ---------------------------------------------------------------------------------- failing
def test_swapped_indices_fail_with_readable_diff():
    k = matmul_variant("swapped", a="A[k * N + row]", b="B[col * N + k]")   # computes A^T B^T
    with pytest.raises(CheckFailed) as ei:
        check(k, "matmul", sizes=[1, 17], seeds=(0,), backend="emu", quiet=True)
    e = ei.value
    msg = str(e)
    assert e.size == 17 and e.seed == 0
    assert "swapped is wrong for matmul N=17 (seed 0)" in msg
    # the count and the shown values agree with what the test computes itself
    x = get_problem("matmul").inputs(17, 0)
    A, B = x["A"].astype(np.float64), x["B"].astype(np.float64)
    want, got = A @ B, (A.T @ B.T)
    rel = np.abs(got - want) / np.maximum(np.abs(want), 1e-2 * np.abs(want).max())
    n_bad = int((rel > 1e-3).sum())
    assert f"C: {n_bad} of 289 elements are wrong" in msg
    shown = re.findall(r"C\[(\d+), (\d+)\]: expected (\S+), got (\S+)", msg)
    assert len(shown) == 5
    for i, j, exp, g in shown:
        i, j = int(i), int(j)
        assert float(exp) == pytest.approx(want[i, j], rel=1e-6)
        assert float(g) == pytest.approx(got[i, j], rel=1e-5)
    m = re.search(r"max relative error (\S+) at C\[(\d+), (\d+)\]", msg)
    assert float(m.group(1)) == pytest.approx(rel.max(), rel=1e-2)
    assert (int(m.group(2)), int(m.group(3))) == np.unravel_index(rel.argmax(), rel.shape)
    assert "Traceback" not in "\n".join(e._render_traceback_())


def test_missing_bounds_check_is_a_finding_even_when_values_are_right():
    src = (MATMUL_HEAD + """    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    float acc = 0.0f;
    for (int k = 0; k < N; ++k)
        acc += A[row * N + k] * B[k * N + col];
    C[row * N + col] = acc;
}
""").replace("NAME", "nobounds")
    k = cuda(src, "nobounds")
    with pytest.raises(CheckFailed) as ei:
        check(k, "matmul", sizes=[17], seeds=(0,), backend="emu", quiet=True)
    e = ei.value
    kinds = {f.kind for f in e.findings}
    assert "out_of_bounds" in kinds
    store_line = next(i + 1 for i, s in enumerate(src.splitlines()) if "C[row * N + col] = acc" in s)
    assert any(f.kind == "out_of_bounds" and f.line == store_line for f in e.findings)
    assert "sanitizer found" in str(e) and f"test_check.cu:{store_line}" in str(e)


def test_race_fails_the_check_though_lockstep_values_are_right():
    src = (ROOT / "kernels" / "matmul_tiled.cu").read_text()
    lines = src.splitlines()
    i = next(i for i, s in enumerate(lines) if "__syncthreads()" in s and "barrier 2" in s)
    lines[i] = "        // (barrier 2 removed)"
    k = cuda("\n".join(lines), "matmulTiled16", filename="no_barrier2.cu")
    with pytest.raises(CheckFailed) as ei:
        check(k, "matmul", sizes=[33], seeds=(0,), block=(16, 16), backend="emu", quiet=True)
    msg = str(ei.value)
    assert "race" in {f.kind for f in ei.value.findings}
    assert "gives the right values" in msg and "race" in msg
    assert all(c.ok for c in ei.value.comparisons)


def test_released_stub_says_so():
    k = cuda(MATMUL_HEAD.replace("NAME", "matmulTiled") + "    // YOUR CODE HERE\n}\n", "matmulTiled")
    with pytest.raises(CheckFailed) as ei:
        check(k, "matmul", block=(32, 32), backend="emu", quiet=True)
    assert "output was never written — is the kernel still a stub?" in str(ei.value)
    assert ei.value.size == 1 and ei.value.seed == 0      # fails at once, on the first run


def test_every_element_must_be_written():
    k = cuda("""__global__ void evens(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && i % 2 == 0) c[i] = a[i] + b[i];
}""", "evens")
    with pytest.raises(CheckFailed) as ei:
        check(k, "vector_add", sizes=[17], backend="emu", quiet=True)
    msg = str(ei.value)
    assert "c: 8 of 17 elements are wrong" in msg and "8 never written (still NaN)" in msg
    assert "c[1]: expected" in msg and "got nan" in msg


def test_outputs_are_nan_poisoned_so_reading_them_fails():
    # c[i] += a[i] + b[i] is right only if c starts at zero: NaN poisoning must catch it
    k = cuda("""__global__ void accumulate(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] += a[i] + b[i];
}""", "accumulate")
    with pytest.raises(CheckFailed):
        check(k, "vector_add", sizes=[33], seeds=(0,), backend="emu", quiet=True)


def test_tolerance_is_relative_and_problem_specific():
    # two partial sums (even k, odd k) change float32 rounding, not the answer: must pass
    k = cuda((MATMUL_HEAD + """    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float even = 0.0f, odd = 0.0f;
        for (int k = 0; k < N; ++k) {
            float p = A[row * N + k] * B[k * N + col];
            if (k & 1) odd += p; else even += p;
        }
        C[row * N + col] = even + odd;
    }
}
""").replace("NAME", "pairwise"), "pairwise")
    r = check(k, "matmul", sizes=[100], seeds=(3,), backend="emu", quiet=True)
    assert r.ok and 0 < r.runs[0].max_error <= 1e-3      # not bit-identical, within tolerance
    # an error of 1% is not rounding: must fail
    bad = matmul_variant("scaled", b="(B[k * N + col] * 1.01f)")
    with pytest.raises(CheckFailed, match="elements are wrong"):
        check(bad, "matmul", sizes=[33], seeds=(0,), backend="emu", quiet=True)
    # transposes move data: one ulp off is wrong
    off = cuda("""__global__ void ulp(const float* in, float* out, int rows, int cols)
{
    int c = blockIdx.x * 32 + threadIdx.x;
    for (int r = blockIdx.y * 32 + threadIdx.y; r < blockIdx.y * 32 + 32; r += 8)
        if (r < rows && c < cols) out[c * rows + r] = nextafterf(in[r * cols + c], 2.0f);
}""", "ulp")
    with pytest.raises(CheckFailed, match="tolerance: relative error 0"):
        check(off, "transpose", sizes=[(17, 33)], seeds=(0,), backend="emu", quiet=True)


def test_wrong_signature_is_a_clear_error():
    k = cuda("__global__ void two(float* A, int N) { A[0] = N; }", "two")
    with pytest.raises(CheckFailed) as ei:
        check(k, "matmul", sizes=[17], backend="emu", quiet=True)
    msg = str(ei.value)
    assert "expected  two(const float* A, const float* B, float* C, int N)" in msg
    assert "yours     two(float* A, int N)" in msg
    assert "parameter 4 (int N) is missing" in msg
    # a double where the problem passes float is caught too
    kd = cuda("__global__ void dbl(const double* a, const float* b, float* c, int n) {}", "dbl")
    with pytest.raises(CheckFailed, match="parameter 1 is `const double\\* a`"):
        check(kd, "vector_add", sizes=[17], backend="emu", quiet=True)


def test_block_override_sets_the_grid():
    prob = get_problem("matmul")
    assert prob.launch(33, (32, 32))[:2] == ((2, 2), (32, 32))
    assert prob.launch(33, None)[:2] == ((3, 3), (16, 16))
    t = get_problem("transpose")
    assert t.launch((100, 37), None)[:2] == ((2, 4), (32, 8))      # grid x covers cols, y covers rows
    assert get_problem("mma_tile").launch((128, 64, 64), None)[:2] == ((1, 2), (128,))


def test_compare_counts_nan_and_inf():
    exp = np.array([1.0, 2.0, 3.0, 4.0])
    got = np.array([1.0, np.nan, np.inf, 4.0000001], dtype=np.float32)
    c = compare("x", got, exp, rtol=1e-5, floor=0.0)
    assert (c.mismatches, c.nan, c.inf, c.unwritten) == (2, 1, 1, 1)
    assert [ix for ix, _, _ in c.first] == [(1,), (2,)]


def test_quiet_prints_nothing(capsys):
    check(ref_kernel("vector_add.cu", "vectorAdd"), "vector_add", sizes=[17], backend="emu", quiet=True)
    assert capsys.readouterr().out == ""


def test_tl_check_is_callable_after_importing_the_module():
    import tilelab as tl
    import tilelab.check  # noqa: F401  (rebinds tl.check to the module)
    r = tl.check(ref_kernel("vector_add.cu", "vectorAdd"), "vector_add", sizes=[5], seeds=(0,),
                 backend="emu", quiet=True)
    assert r.ok


def test_a_matmul_summed_backwards_passes():
    # NVRTC addresses this loop with negative offsets ([%rd+-4]); the emulator once rejected them
    k = cuda((MATMUL_HEAD + """    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = N - 1; k >= 0; --k)
            acc += A[row * N + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}
""").replace("NAME", "backwards"), "backwards")
    assert check(k, "matmul", sizes=[17], seeds=(0,), backend="emu", quiet=True).ok


def test_grader_helpers_metrics_and_sanitizer():
    from tilelab.check import emu_metrics, sanitizer_findings
    naive = ref_kernel("matmul_naive.cu", "matmulNaive")
    unco = ref_kernel("matmul_naive.cu", "matmulNaiveUncoalesced")
    a, b = emu_metrics(naive, "matmul", 64), emu_metrics(unco, "matmul", 64)
    assert a["global_ld_requests"] == b["global_ld_requests"] == 2 * 64 ** 3 // 32
    assert a["global_ld_sectors"] * 4 <= b["global_ld_sectors"]          # coalescing, as the rubric grades it
    assert sanitizer_findings(naive, "matmul") == []
    src = (ROOT / "kernels" / "matmul_tiled.cu").read_text().splitlines()
    i = next(i for i, s in enumerate(src) if "__syncthreads()" in s and "barrier 2" in s)
    src[i] = ""
    racy = cuda("\n".join(src), "matmulTiled16", filename="racy.cu")
    assert "race" in {f.kind for f in sanitizer_findings(racy, "matmul", [33], block=(16, 16))}


# ---------------------------------------------------------------------------------- on a GPU
def _have_gpu() -> bool:
    from tilelab.gpu import available
    return available()


gpu = [pytest.mark.gpu, pytest.mark.skipif(not _have_gpu(), reason="needs a CUDA GPU with CuPy")]


@pytest.mark.parametrize("file,name,problem,block,sizes", [
    ("matmul_tiled.cu", "matmulTiled32", "matmul", (32, 32), [1, 17, 33, 255, 1000]),
    ("transpose.cu", "transposePadded", "transpose", None, [(1000, 37), (37, 1000), (4096, 4096)]),
    ("mma_tile.cu", "mmaTileSwizzled", "mma_tile", None, [(64, 128, 192), (1024, 1024, 1024)]),
    ("vector_add.cu", "vectorAdd", "vector_add", None, [1, 4097, 1000003]),
])
@pytest.mark.gpu
@pytest.mark.skipif(not _have_gpu(), reason="needs a CUDA GPU with CuPy")
def test_reference_kernels_pass_on_the_gpu(file, name, problem, block, sizes):
    report = check(ref_kernel(file, name), problem, sizes=sizes, seeds=(0, 1), block=block, backend="gpu",
                   quiet=True)
    assert report.ok and report.backend == "gpu"
    assert all(r.metrics is None for r in report.runs)          # no counts from a GPU launch
    assert report.sanitizer_runs and not report.findings        # the emulator's sanitizer ran too


@pytest.mark.gpu
@pytest.mark.skipif(not _have_gpu(), reason="needs a CUDA GPU with CuPy")
def test_same_lines_on_both_backends_and_failures_on_the_gpu(capsys):
    k = ref_kernel("matmul_naive.cu", "matmulNaive")
    check(k, "matmul", sizes=[17, 100], seeds=(0, 1), backend="emu")
    emu = capsys.readouterr().out
    check(k, "matmul", sizes=[17, 100], seeds=(0, 1), backend="gpu")
    assert capsys.readouterr().out == emu
    with pytest.raises(CheckFailed, match="C: \\d+ of 1000000 elements are wrong"):
        check(matmul_variant("swapped", a="A[k * N + row]", b="B[col * N + k]"), "matmul", sizes=[1000],
              seeds=(0,), backend="gpu", quiet=True)
    src = (ROOT / "kernels" / "matmul_tiled.cu").read_text().splitlines()
    i = next(i for i, s in enumerate(src) if "__syncthreads()" in s and "barrier 2" in s)
    src[i] = ""
    racy = cuda("\n".join(src), "matmulTiled16", filename="racy.cu")
    with pytest.raises(CheckFailed) as ei:                      # wrong values on the GPU, or the race
        check(racy, "matmul", sizes=[33, 1000], seeds=(0,), block=(16, 16), backend="gpu", quiet=True)
    assert "race" in str(ei.value) or "elements are wrong" in str(ei.value)


def test_a_kernel_that_never_ends_stops_at_the_step_budget():
    from tilelab.errors import StepBudgetExceeded
    k = cuda("""__global__ void forever(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    while (i < n) c[i] = a[i] + b[i];
}""", "forever")
    with pytest.raises(StepBudgetExceeded, match="without finishing"):
        check(k, "vector_add", sizes=[33], seeds=(0,), backend="emu", quiet=True, step_budget=20_000)
