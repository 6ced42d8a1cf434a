"""The emulator against the real GPU, bit for bit, on the kernels of the emulator tests
(DESIGN §4: "Data movement and IEEE scalar ops are bit-identical to the GPU"). Each case
runs the same inputs on both backends; it also checks the GPU against the tests' own
references (exact rational arithmetic, the PTX ISA fragment layouts, CUDA's shuffle
rules), so the references the CPU-only tests trust are themselves checked on hardware.

Marked ``gpu``; skipped where no GPU is seen (CI), run by ``make test-gpu``."""
from __future__ import annotations

import numpy as np
import pytest

import test_emu_isa as isa_t
import test_emu_numerics as num_t
import test_emu_ops as ops_t
import test_emu_control as cf_t
import test_emu_module_init as init_t


def _have_gpu() -> bool:
    try:
        from tilelab.gpu import available
        return available()
    except Exception:
        return False


pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not _have_gpu(), reason="needs a CUDA GPU with CuPy")]


def both(kernel, grid, block, *args, **kw):
    """Run on the GPU and on the emulator with fresh copies; return (gpu_args, emu_args, emu_result)."""
    from tilelab.launch import launch
    g = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    e = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    launch(kernel, grid, block, *g, backend="gpu", **kw)
    r = launch(kernel, grid, block, *e, backend="emu", **kw)
    return g, e, r


def same_bits(x, y):
    x, y = np.ascontiguousarray(x), np.ascontiguousarray(y)
    if x.dtype.kind == "f":
        nan = np.isnan(x) & np.isnan(y)
        u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[x.dtype.itemsize]
        bad = (x.view(u) != y.view(u)) & ~nan
    else:
        bad = x != y
    return bad


def assert_parity(gpu, emu, what=""):
    bad = same_bits(gpu, emu)
    assert not bad.any(), (f"{what}: {bad.sum()} of {bad.size} differ from the GPU, first at "
                           f"{np.argwhere(bad)[:5].ravel().tolist()}: gpu {np.asarray(gpu)[bad][:4]} "
                           f"emu {np.asarray(emu)[bad][:4]}")


def test_fma_adversarial_on_gpu(emu, rng):
    a, b, c = num_t.adversarial_set(rng)
    n = len(a)
    k = emu.compile(num_t.FMA_SRC, "fmaKernel")
    g, e, _ = both(k, (n + 127) // 128, 128, a, b, c, np.full(n, np.nan, np.float32), n)
    num_t.assert_same_floats(g[3], num_t.exact_fma_array(a, b, c), (a, b, c))   # the reference is right
    assert_parity(g[3], e[3], "fmaf")


def test_ieee_ops_on_gpu(emu, rng):
    n = 2048
    a = (rng.standard_normal(n) * np.exp2(rng.integers(-140, 120, n))).astype(np.float32)
    b = (rng.standard_normal(n) * np.exp2(rng.integers(-140, 120, n))).astype(np.float32)
    k = emu.compile(num_t.IEEE_SRC, "ieeeOps")
    outs = [np.zeros(n, np.float32) for _ in range(5)]
    g, e, _ = both(k, n // 256, 256, a, np.abs(b), *outs, n)
    for i in range(2, 7):
        assert_parity(g[i], e[i], f"ieee op {i}")


def test_fma64_on_gpu(emu, rng):
    from fractions import Fraction
    a, b, c = num_t.fma64_cases(rng)
    n = len(a)
    k = emu.compile(num_t.FMA64_SRC, "fma64", filename="fma64.cu")
    g, e, _ = both(k, 2, 128, a, b, c, np.zeros(n), n)
    want = np.array([float(Fraction(x) * Fraction(y) + Fraction(z)) for x, y, z in zip(a, b, c)])
    np.testing.assert_array_equal(g[3], want)                  # the GPU rounds once


@pytest.mark.parametrize("case", ["int", "cvt", "directed", "ftz", "round", "control"])
def test_scalar_ops_on_gpu(emu, rng, case):
    n = 512
    if case == "int":
        k = emu.compile(ops_t.INT_SRC, "intOps", filename="int.cu")
        i32 = np.iinfo(np.int32)
        a = rng.integers(i32.min + 1, i32.max, n).astype(np.int32)
        b = rng.integers(i32.min + 1, i32.max, n).astype(np.int32)
        b[b == 0] = 3
        ua = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
        ub = rng.integers(1, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
        args = (a, b, ua, ub, np.zeros(16 * n, np.int32), np.zeros(8 * n, np.uint32), np.zeros(4 * n, np.int64), n)
        outs = (4, 5, 6)
    elif case == "cvt":
        k = emu.compile(ops_t.CVT_SRC, "conversions", filename="cvt.cu")
        f = (rng.standard_normal(n) * np.exp2(rng.integers(-30, 34, n))).astype(np.float32)
        f[:8] = [0.5, 1.5, 2.5, -0.5, 3e9, -3e9, np.inf, -np.inf]
        x = rng.integers(-(1 << 31), 1 << 31, n, dtype=np.int64).astype(np.int32)
        d = rng.standard_normal(n) * np.exp2(rng.integers(-160, 140, n).astype(np.float64))
        args = (f, x, d, np.zeros(4 * n, np.int32), np.zeros(n, np.uint32), np.zeros(4 * n, np.float32),
                np.zeros(n, np.float32), np.zeros(n, np.uint16), np.zeros(n, np.float32), n)
        outs = (3, 4, 5, 6, 7, 8)
    elif case == "directed":
        k = emu.compile(ops_t.DIRECTED_SRC, "directed", filename="directed.cu")
        a, b, c = (rng.standard_normal((3, n)) * np.exp2(rng.integers(-20, 20, (3, n)))).astype(np.float32)
        args = (a, b, c, np.zeros(8 * n, np.float32), n)
        outs = (3,)
    elif case == "ftz":
        k = emu.compile(ops_t.FTZ_SRC, "ftzOps", filename="ftz.cu", options=("-ftz=true",))
        a = (rng.uniform(1, 2, n) * 2.0 ** rng.integers(-135, -120, n)).astype(np.float32)
        b = rng.uniform(0.25, 4, n).astype(np.float32)
        args = (a, b, np.zeros(3 * n, np.float32), n)
        outs = (2,)
    elif case == "round":
        k = emu.compile(ops_t.ROUND_SRC, "integral", filename="round.cu")
        x = (rng.standard_normal(n) * np.exp2(rng.integers(-3, 26, n))).astype(np.float32)
        x[:100] = np.round(x[:100] * 2) / 2
        args = (x, np.zeros(5 * n, np.float32), n)
        outs = (1,)
    else:
        k = emu.compile(cf_t.CF_SRC, "divergent", filename="cf.cu")
        args = (rng.integers(0, 40, n).astype(np.int32), rng.integers(1, 1000, n).astype(np.int32),
                np.zeros(n, np.int32), n)
        outs = (2,)
    g, e, r = both(k, (n + 127) // 128, 128, *args)
    assert r.findings == []
    for i in outs:
        assert_parity(g[i], e[i], f"{case} output {i}")


def test_math_library_on_gpu(emu, rng):
    k = emu.compile(ops_t.MATH_SRC, "mathOps", filename="math.cu")
    n = 1024
    x = rng.uniform(-10, 10, n).astype(np.float32)
    g, e, _ = both(k, 8, 128, x, np.zeros(8 * n, np.float32), n)
    go, eo = g[1].reshape(n, 8), e[1].reshape(n, 8)
    ulps = np.abs(go.view(np.int32).astype(np.int64) - eo.view(np.int32).astype(np.int64))
    # .approx instructions (ex2, lg2, rsqrt, sin, cos) may differ by a couple of ulps
    assert ulps.max() <= 4, ulps.max(axis=0)
    assert_parity(go[:, 7], eo[:, 7], "1/x (rcp.rn)")


@pytest.mark.parametrize("mode", ["idx", "up", "down", "bfly"])
def test_shfl_on_gpu(emu, rng, mode):
    k = emu.compile(isa_t.SHFL_SRC, "shfl", filename="shfl.cu")
    T = 128
    v = rng.integers(-(1 << 31), 1 << 31, T, dtype=np.int64).astype(np.int32)
    for width in (32, 16, 8, 4, 2):
        a = rng.integers(0, 32 if mode in ("idx", "bfly") else min(width + 2, 32), T).astype(np.int32)
        g, e, _ = both(k, 2, 64, v, a, np.zeros(T, np.int32), {"idx": 0, "up": 1, "down": 2, "bfly": 3}[mode], width)
        np.testing.assert_array_equal(g[2], isa_t.shfl_reference_cuda(v, a, mode, width))
        assert_parity(g[2], e[2], f"shfl {mode} {width}")


def test_vote_atomics_barrier_reductions_on_gpu(emu, rng):
    T = 128
    p = (rng.random(T) < 0.4).astype(np.int32)
    k = emu.compile(isa_t.VOTE_SRC, "votes", filename="vote.cu")
    g, e, _ = both(k, 2, 64, p, np.zeros(T, np.uint32), *[np.zeros(T, np.int32) for _ in range(3)])
    for i in range(1, 5):
        assert_parity(g[i], e[i], f"vote output {i}")
    k = emu.compile(isa_t.ATOM_SRC, "histo", filename="atom.cu")
    n = 1000
    keys = rng.integers(0, 1 << 20, n).astype(np.int32)
    g, e, _ = both(k, 8, 128, keys, n, np.zeros(16, np.int32), np.full(1, -1, np.int32), np.zeros(128, np.int32))
    for i in (2, 3, 4):
        assert_parity(g[i], e[i], f"atomics output {i}")
    # the barrier reductions: check the GPU against the test's expectation (the emulator
    # part is a strict xfail in test_emu_isa.py)
    k = emu.compile(isa_t.BAR_RED_SRC, "barReduce", filename="barred.cu")
    p = (rng.random(3 * 64) < 0.4).astype(np.int32)
    g, _, _ = both(k, 3, 64, p, np.zeros(3 * 3 * 64, np.int32))
    o = g[1].reshape(3, 64, 3)
    for b in range(3):
        pb = p[64 * b: 64 * b + 64]
        assert (o[b, :, 0] == pb.sum()).all()


@pytest.mark.parametrize("num,trans", [(1, False), (2, True), (4, False), (4, True)])
def test_ldmatrix_on_gpu(emu, rng, num, trans):
    src = isa_t.LDM_SRC.replace("LDM", isa_t.LDM_ASM[num].format(T=".trans" if trans else ""))
    k = emu.compile(src, "ldm", filename="ldm.cu")
    data = rng.integers(0, 1 << 16, 2048).astype(np.uint16)
    rows = rng.choice(2048 // 8, 32, replace=False).astype(np.int32) * 8
    g, e, _ = both(k, 1, 32, data, rows, np.zeros(128, np.uint32))
    assert_parity(g[2], e[2], f"ldmatrix x{num} trans={trans}")


def test_mma_on_gpu(emu, rng):
    k = emu.compile(isa_t.MMA_SRC, "mmaDirect", filename="mma.cu")
    A = rng.integers(-16, 17, (16, 16)).astype(np.float16)
    Bt = rng.integers(-16, 17, (8, 16)).astype(np.float16)
    C = rng.integers(-1000, 1001, (16, 8)).astype(np.float32)
    g, e, _ = both(k, 1, 32, A, Bt, C, np.zeros((16, 8), np.float32))
    np.testing.assert_array_equal(g[3], (A.astype(np.int64) @ Bt.astype(np.int64).T + C).astype(np.float32))
    assert_parity(g[3], e[3], "mma integers")
    A = rng.standard_normal((16, 16)).astype(np.float16)
    Bt = rng.standard_normal((8, 16)).astype(np.float16)
    C = rng.standard_normal((16, 8)).astype(np.float32)
    g, e, _ = both(k, 1, 32, A, Bt, C, np.zeros((16, 8), np.float32))
    scale = np.abs(A.astype(np.float64)) @ np.abs(Bt.astype(np.float64)).T + np.abs(C)
    assert (np.abs(g[3] - e[3]) <= 2e-6 * scale + 1e-7).all(), np.abs(g[3] - e[3]).max()


@pytest.mark.parametrize("file,name,N", [("matmul_tiled.cu", "matmulTiled32", 70),
                                          ("matmul_tiled.cu", "matmulTiled16", 45),
                                          ("matmul_naive.cu", "matmulNaive", 33)])
def test_matmul_bitwise_on_gpu(emu, rng, file, name, N):
    t = 32 if name.endswith("32") else 16
    A, B = rng.standard_normal((2, N, N)).astype(np.float32)
    g, e, _ = both(emu.kernel(file, name), ((N + t - 1) // t,) * 2, (t, t), A, B, np.zeros((N, N), np.float32), N)
    assert_parity(g[2], e[2], name)


def test_module_tables_and_calls_through_pointers_on_gpu(emu, rng):
    """Pointer tables (offsets, pointers to pointers, packed structs), a __constant__ table and
    dispatch tables / virtual calls (emu/modvars.py, emu/calls.py): the GPU's outputs, bit for bit."""
    k = emu.compile(init_t.TABLE_SRC, "throughTables", filename="tables.cu")
    which = rng.integers(0, 64, 16).astype(np.int32)
    x = rng.standard_normal(16).astype(np.float32)
    g, e, _ = both(k, 1, 16, which, x, np.zeros(16, np.float32))
    assert_parity(g[2], e[2], "throughTables")
    k = emu.compile(init_t.CONST_SRC, "constTable", filename="ctab.cu")
    g, e, _ = both(k, 1, 32, rng.integers(0, 30, 32).astype(np.int32), np.zeros(32, np.float32))
    assert_parity(g[1], e[1], "constTable")
    k = emu.compile(init_t.FUNC_SRC, "dispatch", filename="ops.cu")
    a = rng.integers(-50, 9, 40).astype(np.int32)
    g, e, _ = both(k, 1, 40, a, rng.integers(0, 99, 40).astype(np.int32), np.zeros(40, np.int32))
    assert_parity(g[2], e[2], "dispatch")
    k = emu.compile(init_t.FUNC_SRC, "virtuals", filename="ops.cu")
    g, e, _ = both(k, 1, 40, np.zeros(40, np.int32), echo=False)
    assert_parity(g[0], e[0], "virtuals")
