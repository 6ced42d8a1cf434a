"""Every reference kernel in kernels/ runs on the emulator with zero findings and gives
numpy's answer: data movement bit for bit (random bit patterns, NaN payloads and
subnormals included), fp32 arithmetic bit for bit against a float32 simulation of the
same operation order, mma exactly on small integers and closely on random fp16.
DESIGN §4; issue 2, Acceptance "Results"."""
from __future__ import annotations

import re

import numpy as np
import pytest

from conftest import KERNELS


def random_bits_f32(rng, shape):
    """Random float32 bit patterns: every class of value, NaN payloads included."""
    return rng.integers(0, 1 << 32, size=shape, dtype=np.uint64).astype(np.uint32).view(np.float32)


def assert_bits_equal(got, want):
    got, want = np.ascontiguousarray(got), np.ascontiguousarray(want)
    assert got.shape == want.shape
    g = got.view(np.uint32 if got.dtype.itemsize == 4 else np.uint16)
    w = want.view(g.dtype)
    bad = g != w
    assert not bad.any(), (f"{bad.sum()} of {bad.size} differ, first at "
                           f"{np.argwhere(bad)[:5].tolist()}: got {g[bad][:5]} want {w[bad][:5]}")


def clean(r):
    assert r.findings == [], "\n".join(map(str, r.findings))
    return r


# ------------------------------------------------------------------ data movement
def case_vector_add(emu, rng, name):
    n = 1000
    a, b = rng.standard_normal((2, n)).astype(np.float32)
    c = np.full(n, np.nan, np.float32)
    clean(emu.run(emu.kernel("vector_add.cu", name), (n + 255) // 256, 256, a, b, c, n))
    assert_bits_equal(c, a + b)


@pytest.mark.parametrize("rows,cols", [(70, 45), (32, 96), (1, 33)])
def test_transposes_bit_identical(emu, rng, rows, cols):
    x = random_bits_f32(rng, (rows, cols))
    grid = ((cols + 31) // 32, (rows + 31) // 32)
    for name in ("transposeNaive", "transposeShared32", "transposePadded", "transposeSwizzled"):
        out = np.full((cols, rows), np.nan, np.float32)
        clean(emu.run(emu.kernel("transpose.cu", name), grid, (32, 8), x, out, rows, cols))
        assert_bits_equal(out, x.T)
    for name in ("transposePaddedColumnOrder", "transposeSwizzledColumnOrder"):   # grid the other way round
        out = np.full((cols, rows), np.nan, np.float32)
        clean(emu.run(emu.kernel("transpose.cu", name), grid[::-1], (32, 8), x, out, rows, cols))
        assert_bits_equal(out, x.T)
    out = np.full((rows, cols), np.nan, np.float32)
    clean(emu.run(emu.kernel("transpose.cu", "copySameGeometry"), grid, (32, 8), x, out, rows, cols))
    assert_bits_equal(out, x)


def case_transpose(emu, rng, name):
    if name == "copyFloat4":
        n4 = 777
        x = random_bits_f32(rng, (n4, 4))
        out = np.full((n4, 4), np.nan, np.float32)
        clean(emu.run(emu.kernel("transpose.cu", name), (n4 + 255) // 256, 256, x, out, n4))
        assert_bits_equal(out, x)
        return
    rows, cols = 41, 67
    x = random_bits_f32(rng, (rows, cols))
    out = np.full((rows, cols) if name == "copySameGeometry" else (cols, rows), np.nan, np.float32)
    grid = ((cols + 31) // 32, (rows + 31) // 32)
    clean(emu.run(emu.kernel("transpose.cu", name), grid[::-1] if name.endswith("ColumnOrder") else grid,
                  (32, 8), x, out, rows, cols))
    assert_bits_equal(out, x if name == "copySameGeometry" else x.T)


@pytest.mark.parametrize("n,grid", [(4 * 1237, 2), (4 * 1237, 8), (1024, 1), (4096, 1)])
def test_cp_async_copy(emu, rng, n, grid):
    # grid < tiles: each block strides over several tiles, exercising both buffers
    x = random_bits_f32(rng, n)
    out = np.full(n, np.nan, np.float32)
    r = clean(emu.run(emu.kernel("cp_async_copy.cu", "cpAsyncCopy"), grid, 256, x, out, n))
    assert_bits_equal(out, x)
    assert r.metrics["global_ld_sectors"] == -(-n * 4 // 32)    # every byte read once, by cp.async


def case_cp_async(emu, rng, name):
    n = 4 * 700
    x = random_bits_f32(rng, n)
    out = np.full(n, np.nan, np.float32)
    clean(emu.run(emu.kernel("cp_async_copy.cu", name), 2, 256, x, out, n))
    assert_bits_equal(out, x)


# ------------------------------------------------------------------ fp32 arithmetic
def fma_chain_matmul(A, B, fma32):
    """C[i, j] = fma(A[i, k], B[k, j], acc) for k = 0, 1, ... in order: the operation order
    the kernels' PTX has (the tiled kernels' zero-filled tail adds fma(0, 0, acc) = acc)."""
    N = A.shape[0]
    acc = np.zeros((N, N), np.float32)
    for k in range(A.shape[1]):
        acc = fma32(A[:, k:k + 1], B[k:k + 1, :], acc)
    return acc


def case_matmul(emu, rng, name, fma32=None):
    file = "matmul_tiled.cu" if "Tiled" in name else "matmul_naive.cu"
    tile = 16 if name.endswith("16") else 32
    N = {"matmulTiled16": 37, "matmulTiled32": 45}.get(name, 33)
    A, B = rng.uniform(-1, 1, (2, N, N)).astype(np.float32)
    C = np.full((N, N), np.nan, np.float32)
    k = emu.kernel(file, name)
    assert re.search(r"fma\.rn\.f32", k.program.ptx)
    block = (tile, tile) if "Tiled" in name else (16, 16)
    grid = ((N + block[0] - 1) // block[0], (N + block[1] - 1) // block[1])
    clean(emu.run(k, grid, block, A, B, C, N))
    # the float32 simulation of the same chain of single-rounding fmas, bit for bit
    want = fma_chain_matmul(A, B, fma32)
    assert_bits_equal(C, want)
    # ... which is close to, but not the same as, float64 (so the comparison has teeth)
    ref = A.astype(np.float64) @ B.astype(np.float64)
    np.testing.assert_allclose(C, ref, rtol=1e-4, atol=1e-5)


def test_matmul_fma_chain_differs_from_mul_then_add(rng, fma32):
    # if the emulator rounded the product and the sum separately (no fma), or summed in
    # float64, the bitwise test above would notice: the three differ on such inputs
    N = 45
    A, B = rng.uniform(-1, 1, (2, N, N)).astype(np.float32)
    fused = fma_chain_matmul(A, B, fma32)
    acc = np.zeros((N, N), np.float32)
    for k in range(N):
        acc = acc + A[:, k:k + 1] * B[k:k + 1, :]
    assert (fused != acc).sum() > 10
    assert (fused != (A.astype(np.float64) @ B.astype(np.float64)).astype(np.float32)).sum() > 10


@pytest.mark.parametrize("N", [1, 17, 64, 100])
def test_tiled_matmul_sizes(emu, rng, fma32, N):
    A, B = rng.standard_normal((2, N, N)).astype(np.float32)
    for name, t in (("matmulTiled16", 16), ("matmulTiled32", 32)):
        C = np.full((N, N), np.nan, np.float32)
        clean(emu.run(emu.kernel("matmul_tiled.cu", name), ((N + t - 1) // t,) * 2, (t, t), A, B, C, N))
        assert_bits_equal(C, fma_chain_matmul(A, B, fma32))


def warp_tree(v):
    """__shfl_down_sync tree over rows of 32 lanes, in float32; lane 0 holds the result.
    A lane whose source lane is past 31 gets its own value back (CUDA semantics)."""
    v = v.astype(np.float32).copy()
    lanes = np.arange(32)
    for off in (16, 8, 4, 2, 1):
        src = np.where(lanes + off < 32, lanes + off, lanes)
        v = v + v[:, src]
    return v[:, 0]


def case_warp_reduce(emu, rng, name):
    n, block = 1000, 256
    x = rng.standard_normal(n).astype(np.float32)
    nblocks = (n + block - 1) // block
    padded = np.zeros(nblocks * block, np.float32)
    padded[:n] = x
    k = emu.kernel("warp_reduce.cu", name)
    assert "shfl.sync.down.b32" in k.program.ptx
    if name == "warpReduceSum":
        out = np.full((n + 31) // 32, np.nan, np.float32)
        clean(emu.run(k, nblocks, block, x, out, n))
        want = warp_tree(padded.reshape(-1, 32))[: len(out)]
    else:
        out = np.full(nblocks, np.nan, np.float32)
        clean(emu.run(k, nblocks, block, x, out, n))
        totals = warp_tree(padded.reshape(-1, 32)).reshape(nblocks, block // 32)
        second = np.zeros((nblocks, 32), np.float32)
        second[:, : block // 32] = totals
        want = warp_tree(second)
    assert_bits_equal(out, want)
    np.testing.assert_allclose(out.sum(), x.astype(np.float64).sum(), rtol=1e-4)


# ------------------------------------------------------------------ mma
def run_mma(emu, name, A, Bt):
    M, K = A.shape
    N = Bt.shape[0]
    C = np.full((M, N), np.nan, np.float32)
    r = clean(emu.run(emu.kernel("mma_tile.cu", name), (N // 64, M // 64), 128, A, Bt, C, M, N, K))
    return C, r


def case_mma(emu, rng, name):
    # small integers: every product and partial sum is exact in fp16 x fp16 -> fp32
    M, N, K = 128, 64, 192
    A = rng.integers(-8, 9, (M, K)).astype(np.float16)
    Bt = rng.integers(-8, 9, (N, K)).astype(np.float16)
    C, r = run_mma(emu, name, A, Bt)
    want = (A.astype(np.int64) @ Bt.astype(np.int64).T).astype(np.float32)
    assert_bits_equal(C, want)
    assert r.metrics["ldmatrix_requests"] == (M // 64) * (N // 64) * 4 * (K // 64) * 4 * 4


@pytest.mark.parametrize("name", ["mmaTilePlain", "mmaTileSwizzled"])
def test_mma_random_fp16(emu, rng, name):
    M, N, K = 64, 128, 128
    A = rng.standard_normal((M, K)).astype(np.float16)
    Bt = rng.standard_normal((N, K)).astype(np.float16)
    C, _ = run_mma(emu, name, A, Bt)
    ref = A.astype(np.float64) @ Bt.astype(np.float64).T
    scale = np.abs(A.astype(np.float64)) @ np.abs(Bt.astype(np.float64)).T
    # tensor cores accumulate in fp32 (or wider): allow a few fp32 ulps of the magnitude
    err = np.abs(C - ref)
    assert (err <= 1e-5 * scale + 1e-6).all(), err.max()
    assert np.isfinite(C).all()


def test_mma_plain_and_swizzled_agree(emu, rng):
    # same math, different shared layout: bit-identical results
    A = rng.standard_normal((64, 128)).astype(np.float16)
    Bt = rng.standard_normal((64, 128)).astype(np.float16)
    C1, _ = run_mma(emu, "mmaTilePlain", A, Bt)
    C2, _ = run_mma(emu, "mmaTileSwizzled", A, Bt)
    assert_bits_equal(C1, C2)


# lesson 06: (file, kernel) -> (block tile, dynamic shared bytes, 1-D grid, B stored N-major)
LESSON06 = {
    "mmaR1Plain": ((128, 128), 0, False, False), "mmaR2Swizzled": ((128, 128), 0, False, False),
    "mmaR3CpAsync": ((128, 128), 0, False, False), "mmaR4Pipelined": ((128, 128), 3 * 32768, False, False),
    "mmaR5WarpTile": ((256, 128), 4 * 49152, True, False), "mmaPadded8": ((128, 128), 0, False, False),
    "mmaNMajorPlain": ((128, 128), 0, False, True), "mmaNMajorTrap": ((128, 128), 0, False, True),
    "mmaNMajorSwizzled": ((128, 128), 0, False, True),
    # exercise 06's reference answers (mma_exercise.cu)
    "gemmSwizzledA": ((128, 128), 0, False, False), "gemmNMajorB": ((128, 128), 0, False, True),
    "gemmPipelined": ((128, 128), 3 * 32768, False, False),
}


def case_mma_lesson06(emu, rng, name):
    # small integers again: the Tensor Core GEMM ladder is bit-exact against integer arithmetic
    (bm, bn), shared, flat, nmajor = LESSON06[name]
    file = ("mma_exercise.cu" if name.startswith("gemm") else
            "mma_nmajor.cu" if name.startswith("mmaNMajor") else "mma_ladder.cu")
    M, N, K = bm, 3 * bn if bm == 128 else bn, 320
    A = rng.integers(-8, 9, (M, K)).astype(np.float16)
    B = rng.integers(-8, 9, (K, N) if nmajor else (N, K)).astype(np.float16)
    C = np.full((M, N), np.nan, np.float32)
    grid = ((M // bm) * (N // bn),) if flat else (N // bn, M // bm)
    clean(emu.run(emu.kernel(file, name), grid, 256, A, B, C, M, N, K, shared=shared))
    want = (A.astype(np.int64) @ (B.astype(np.int64) if nmajor else B.astype(np.int64).T)).astype(np.float32)
    assert_bits_equal(C, want)


def case_lesson_matmul(emu, rng, name, fma32=None):
    """The lessons' one-kernel files (matmul_tiled32.cu, matmul_tiled_bt.cu): TILE 32, 32x32 blocks,
    a size that leaves partial tiles; bit for bit the float32 chain of single-rounding fmas."""
    file = {"matmulTiled": "matmul_tiled32.cu", "matmulTiledBt": "matmul_tiled_bt.cu"}[name]
    N = int(rng.integers(33, 70))
    A, B = rng.uniform(-1, 1, (2, N, N)).astype(np.float32)
    C = np.full((N, N), np.nan, np.float32)
    clean(emu.run(emu.kernel(file, name), ((N + 31) // 32,) * 2, (32, 32), A, B, C, N))
    assert_bits_equal(C, fma_chain_matmul(A, B, fma32))


def case_bank_stride(emu, rng, name, fma32=None):
    """Lesson 03's stride experiment: every lane's sum of the words it read (int32 wrap-around)."""
    stride, iters, blocks = int(rng.integers(0, 34)), int(rng.integers(1, 12)), 2
    out = np.full(blocks * 256, -1, np.int32)
    clean(emu.run(emu.kernel("bank_stride.cu", name), blocks, 256, out, stride, iters))
    s = np.arange(3072, dtype=np.int64) * 7 + 1
    lane = np.arange(256) % 32
    want = np.zeros(256, np.int64)
    for it in range(iters):
        o = (it & 7) << 5
        for j in range(8):
            want += s[lane * stride + o + (j << 8)]
    want = ((want + 2**31) % 2**32 - 2**31).astype(np.int32)
    assert (out.reshape(blocks, 256) == want[None, :]).all(), (stride, iters)


# ------------------------------------------------------------------ every kernel, no findings
CASES = {
    "matmul_tiled32.cu": case_lesson_matmul,
    "matmul_tiled_bt.cu": case_lesson_matmul,
    "bank_stride.cu": case_bank_stride,
    "mma_ladder.cu": case_mma_lesson06,
    "mma_nmajor.cu": case_mma_lesson06,
    "mma_exercise.cu": case_mma_lesson06,
    "vector_add.cu": case_vector_add,
    "transpose.cu": case_transpose,
    "cp_async_copy.cu": case_cp_async,
    "matmul_naive.cu": case_matmul,
    "matmul_tiled.cu": case_matmul,
    "warp_reduce.cu": case_warp_reduce,
    "mma_tile.cu": case_mma,
}


def _all_reference_kernels():
    out = []
    for path in sorted(KERNELS.glob("*.cu")):
        src = re.sub(r"//[^\n]*|/\*.*?\*/", "", path.read_text(), flags=re.S)
        for name in re.findall(r"__global__\s+void\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?(\w+)\s*\(", src):
            out.append((path.name, name))
    return out


ALL = _all_reference_kernels()


def test_every_reference_file_has_a_case():
    assert ALL, "no kernels found"
    missing = sorted({f for f, _ in ALL} - set(CASES))
    assert not missing, f"kernels/ files without an emulator results case: {missing}"


@pytest.mark.parametrize("file,name", ALL, ids=[f"{f}:{n}" for f, n in ALL])
def test_reference_kernel_runs_clean_and_right(emu, rng, fma32, file, name):
    case = CASES.get(file)
    if case is None:
        pytest.fail(f"no results case for {file}")
    if case in (case_matmul, case_lesson_matmul):
        case(emu, rng, name, fma32)
    else:
        case(emu, rng, name)
