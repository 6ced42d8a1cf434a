"""Exact counts (DESIGN §5), measured by running small CUDA kernels and the reference
kernels on the emulator and reading the per-line metrics. Issue 2, Acceptance "Counts"."""
from __future__ import annotations

import numpy as np
import pytest

# One shared-memory access pattern per kernel, on its own marked line. 4 warps per block
# and 2 blocks, so the per-request figure is an average over 8 requests.
SHARED_SRC = """\
__global__ void probe(const float* g, float* out)
{
    __shared__ __align__(16) float s[4096];
    for (int i = threadIdx.x; i < 4096; i += blockDim.x)
        s[i] = g[i];
    __syncthreads();
    int tid = threadIdx.x;
    EXPR
}
"""

SHARED_CASES = {
    # name: (expression line, expected wavefronts per request)
    "contiguous_float": ("out[blockIdx.x * blockDim.x + tid] = s[tid];  // @probe", 1),
    "contiguous_float2": ("float2 v = reinterpret_cast<const float2*>(s)[tid];  // @probe\n"
                          "    out[blockIdx.x * blockDim.x + tid] = v.x - v.y;", 2),
    "contiguous_float4": ("float4 v = reinterpret_cast<const float4*>(s)[tid];  // @probe\n"
                          "    out[blockIdx.x * blockDim.x + tid] = v.x - v.y + v.z * v.w;", 4),
    "float4_stride_32_bytes": ("float4 v = reinterpret_cast<const float4*>(s)[2 * tid];  // @probe\n"
                               "    out[blockIdx.x * blockDim.x + tid] = v.x - v.y + v.z * v.w;", 8),
    "stride_2_float": ("out[blockIdx.x * blockDim.x + tid] = s[2 * tid];  // @probe", 2),
    "stride_32_float": ("out[blockIdx.x * blockDim.x + tid] = s[32 * (tid % 32)];  // @probe", 32),
    "broadcast": ("out[blockIdx.x * blockDim.x + tid] = s[5];  // @probe", 1),
    "broadcast_pairs": ("out[blockIdx.x * blockDim.x + tid] = s[32 * (tid % 2)];  // @probe", 2),
}


def _run_shared(emu, rng, expr):
    src = SHARED_SRC.replace("EXPR", expr)
    k = emu.compile(src, "probe", filename="probe.cu")
    g = rng.standard_normal(4096).astype(np.float32)
    out = np.full(256, np.nan, np.float32)
    r = emu.run(k, 2, 128, g, out)
    assert r.findings == [], "\n".join(map(str, r.findings))
    return src, r, g, out


@pytest.mark.parametrize("name", list(SHARED_CASES))
def test_shared_pattern(emu, rng, name):
    expr, per_request = SHARED_CASES[name]
    src, r, g, out = _run_shared(emu, rng, expr)
    # the probe is the kernel's only shared load (the fill loop only stores)
    m = r.metrics
    assert m["shared_ld_requests"] == 8
    assert m["shared_ld_wavefronts"] == 8 * per_request
    # fill: 4096 floats by 128 threads, contiguous, conflict-free
    assert m["shared_st_requests"] == 2 * 4 * 32 and m["shared_st_wavefronts"] == 2 * 4 * 32
    line = emu.line_metrics(r, emu.line_of(src, "// @probe"))
    assert line["shared_ld_requests"] in (0, 8)   # a vector load may be charged to its use
    assert np.isfinite(out).all()


# ------------------------------------------------------------------ transpose tiles
TILE_SRC = """\
__global__ void tileRead(const float* in, float* out)
{
    __shared__ float tile[32][32 + PAD];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        tile[ty + j][SWZ(ty + j, tx)] = in[(ty + j) * 32 + tx];
    __syncthreads();
    for (int j = 0; j < 32; j += 8)
        out[(ty + j) * 32 + tx] = tile[tx][SWZ(tx, ty + j)];   // @column
}
"""


@pytest.mark.parametrize("pad,swizzle,per_request", [(0, False, 32), (1, False, 1), (2, False, 2),
                                                     (0, True, 1), (4, False, 4), (8, False, 8)])
def test_tile_column_read(emu, rng, pad, swizzle, per_request):
    src = (f"#define PAD {pad}\n#define SWZ(r, c) ({'(c) ^ (r)' if swizzle else '(c)'})\n" + TILE_SRC)
    k = emu.compile(src, "tileRead", filename="tile.cu")
    x = rng.standard_normal((32, 32)).astype(np.float32)
    out = np.full((32, 32), np.nan, np.float32)
    r = emu.run(k, 1, (32, 8), x, out)
    assert r.findings == []
    np.testing.assert_array_equal(out, x.T)
    line = emu.line_metrics(r, emu.line_of(src, "// @column"))
    assert line["shared_ld_requests"] == 8 * 4
    assert line["shared_ld_wavefronts"] == 8 * 4 * per_request
    # the row-wise writes are conflict-free in every layout
    assert r.metrics["shared_st_wavefronts"] == r.metrics["shared_st_requests"] == 32


@pytest.mark.parametrize("name,per_request", [("transposeShared32", 32), ("transposePadded", 1),
                                              ("transposeSwizzled", 1), ("transposePaddedColumnOrder", 1),
                                              ("transposeSwizzledColumnOrder", 1)])
def test_reference_transpose_read(emu, rng, name, per_request):
    rows, cols = 64, 96
    k = emu.kernel("transpose.cu", name)
    x = rng.standard_normal((rows, cols)).astype(np.float32)
    out = np.full((cols, rows), np.nan, np.float32)
    grid = (cols // 32, rows // 32)
    r = emu.run(k, grid[::-1] if name.endswith("ColumnOrder") else grid, (32, 8), x, out, rows, cols)
    assert r.findings == []
    assert np.array_equal(out, x.T)
    src = (emu.kernels_dir / "transpose.cu").read_text()
    marker, nth = {"transposeShared32": ("= tile[threadIdx.x][threadIdx.y + j]", 0),
                   "transposePadded": ("= tile[threadIdx.x][threadIdx.y + j]", 1),
                   "transposeSwizzled": ("= tile[r][c ^ r]", 0),
                   "transposePaddedColumnOrder": ("= tile[threadIdx.x][threadIdx.y + j]", 2),
                   "transposeSwizzledColumnOrder": ("= tile[r][c ^ r]", 1)}[name]
    read = emu.line_metrics(r, emu.line_of(src, marker, nth))
    requests = (cols // 32) * (rows // 32) * 8 * 4        # blocks x warps x loop trips
    assert read["shared_ld_requests"] == requests
    assert read["shared_ld_wavefronts"] == requests * per_request
    # global: a warp reads and writes 32 consecutive floats: 4 sectors per request
    assert r.metrics["global_ld_sectors"] == 4 * r.metrics["global_ld_requests"] == 4 * requests
    assert r.metrics["global_st_sectors"] == 4 * r.metrics["global_st_requests"] == 4 * requests


def test_naive_transpose_write_is_a_column(emu, rng):
    rows, cols = 64, 64
    k = emu.kernel("transpose.cu", "transposeNaive")
    x = rng.standard_normal((rows, cols)).astype(np.float32)
    out = np.full((cols, rows), np.nan, np.float32)
    r = emu.run(k, (2, 2), (32, 8), x, out, rows, cols)
    requests = 4 * 8 * 4
    assert r.metrics["global_ld_requests"] == r.metrics["global_st_requests"] == requests
    assert r.metrics["global_ld_sectors"] == 4 * requests
    assert r.metrics["global_st_sectors"] == 32 * requests


# ------------------------------------------------------------------ ldmatrix
@pytest.mark.parametrize("name,per_request", [("mmaTilePlain", 32), ("mmaTileSwizzled", 4)])
def test_ldmatrix_x4(emu, rng, name, per_request):
    M = N = K = 64
    A = rng.integers(-2, 3, (M, K)).astype(np.float16)
    Bt = rng.integers(-2, 3, (N, K)).astype(np.float16)
    C = np.full((M, N), np.nan, np.float32)
    r = emu.run(emu.kernel("mma_tile.cu", name), 1, 128, A, Bt, C, M, N, K)
    assert r.findings == []
    src = (emu.kernels_dir / "mma_tile.cu").read_text()
    # 4 warps x 4 k16 slices x (2 for A + 2 for Bt) ldmatrix.x4; the kernel's only shared loads
    m = r.metrics
    assert m["ldmatrix_requests"] == m["shared_ld_requests"] == 4 * 4 * 4
    assert m["shared_ld_wavefronts"] == 4 * 4 * 4 * per_request
    # inlined inline asm is charged to the asm statement in ldmatrixX4 (the line that ends it)
    _asm_line(emu, r, src, "ldmatrix.sync.aligned", 4 * 4 * 4)


def _asm_line(emu, r, src, marker, requests):
    first = emu.line_of(src, marker)
    end = next(i for i in range(first, first + 5) if src.splitlines()[i - 1].rstrip().endswith(";"))
    rows = [p for p in r.per_line if p["ldmatrix_requests"]]
    assert len(rows) == 1 and first <= rows[0]["line"] <= end, rows
    assert rows[0]["ldmatrix_requests"] == requests


LDM_SRC = """\
__global__ void ldm(const unsigned short* in, const int* rowOff, unsigned* out)
{
    __shared__ __align__(128) unsigned short s[4096];
    for (int i = threadIdx.x; i < 4096; i += blockDim.x)
        s[i] = in[i];
    __syncthreads();
    unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(&s[rowOff[threadIdx.x]]));
    unsigned r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"  // @ldm
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a));
    out[4 * threadIdx.x] = r0;
    out[4 * threadIdx.x + 1] = r1;
    out[4 * threadIdx.x + 2] = r2;
    out[4 * threadIdx.x + 3] = r3;
}
"""


@pytest.mark.parametrize("rowbytes,swizzle,per_request", [(128, False, 32), (128, True, 4),
                                                           (64, False, 16), (32, False, 8),
                                                           (16, False, 4), (144, False, 4)])
def test_ldmatrix_row_pitch(emu, rng, rowbytes, swizzle, per_request):
    # lanes 8m..8m+7 give the rows of matrix m; matrix m is chunk m of the same 8 rows
    lane = np.arange(32)
    row, chunk = lane % 8, lane // 8
    place = chunk ^ row if swizzle else chunk
    off_bytes = row * rowbytes + place * 16
    k = emu.compile(LDM_SRC, "ldm", filename="ldm.cu")
    data = rng.integers(0, 1 << 16, 4096).astype(np.uint16)
    out = np.zeros(4 * 32, np.uint32)
    r = emu.run(k, 1, 32, data, (off_bytes // 2).astype(np.int32), out)
    assert r.findings == []
    _asm_line(emu, r, LDM_SRC, "// @ldm", 1)
    assert r.metrics["ldmatrix_requests"] == r.metrics["shared_ld_requests"] == 1
    assert r.metrics["shared_ld_wavefronts"] == per_request
    # and the data: lane l gets row l // 4, halves 2 (l % 4), +1 of each matrix m
    sm = data.view(np.uint8)
    got = out.reshape(32, 4)
    for m in range(4):
        for l in range(32):
            rowaddr = off_bytes[8 * m + l // 4] + 4 * (l % 4)
            assert got[l, m] == int.from_bytes(sm[rowaddr: rowaddr + 4].tobytes(), "little"), (m, l)


# ------------------------------------------------------------------ global
GLOBAL_SRC = """\
__global__ void gprobe(const float* g, float* out, int pitch)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    float a = g[tid];                    // @coalesced
    float b = g[2 * tid];                // @stride8
    float c = g[tid * pitch];            // @column
    float d = g[7];                      // @broadcast
    float e = g[tid + 1];                // @shifted
    double f = reinterpret_cast<const double*>(g)[tid];  // @double
    out[tid] = a + b + c + d + e + (float)f;             // @store
}
"""


def test_global_sectors_per_request(emu, rng):
    k = emu.compile(GLOBAL_SRC, "gprobe", filename="gprobe.cu")
    pitch = 64
    nthreads = 256
    g = rng.standard_normal(nthreads * pitch).astype(np.float32)
    out = np.full(nthreads, np.nan, np.float32)
    r = emu.run(k, 2, 128, g, out, pitch)
    assert r.findings == []
    requests = nthreads // 32
    want = {"coalesced": 4, "stride8": 8, "column": 32, "broadcast": 1, "shifted": 5, "double": 8}
    for marker, per in want.items():
        line = emu.line_metrics(r, emu.line_of(GLOBAL_SRC, f"// @{marker}"))
        assert line["global_ld_requests"] == requests, marker
        assert line["global_ld_sectors"] == requests * per, marker
    st = emu.line_metrics(r, emu.line_of(GLOBAL_SRC, "// @store"))
    assert (st["global_st_requests"], st["global_st_sectors"]) == (requests, 4 * requests)
    gg = g.astype(np.float64)
    t = np.arange(nthreads)
    want_out = (g[t] + g[2 * t] + g[t * pitch] + g[7] + g[t + 1]
                + g.view(np.float64)[t].astype(np.float32))
    np.testing.assert_allclose(out, want_out, rtol=1e-5, atol=1e-5 * np.abs(gg).max())


@pytest.mark.parametrize("name,ld_per,st_per", [("matmulNaive", None, 4), ("matmulNaiveUncoalesced", None, 32)])
def test_naive_matmul_coalescing(emu, rng, name, ld_per, st_per):
    N = 64
    A, B = rng.standard_normal((2, N, N)).astype(np.float32)
    C = np.full((N, N), np.nan, np.float32)
    r = emu.run(emu.kernel("matmul_naive.cu", name), (2, 2), (32, 32), A, B, C, N)
    assert r.findings == []
    requests = N * N // 32
    assert r.metrics["global_st_requests"] == requests
    assert r.metrics["global_st_sectors"] == st_per * requests
    # inner loop: per k, a warp reads one A value and 32 B values (coalesced: 1 + 4 sectors)
    # or 32 A rows and one B value (uncoalesced: 32 + 1)
    per_k = 1 + 4 if name == "matmulNaive" else 32 + 1
    assert r.metrics["global_ld_requests"] == 2 * requests * N
    assert r.metrics["global_ld_sectors"] == per_k * requests * N


def test_tiled_matmul_counts(emu, rng):
    N, T = 64, 32
    A, B = rng.standard_normal((2, N, N)).astype(np.float32)
    C = np.full((N, N), np.nan, np.float32)
    k = emu.kernel("matmul_tiled.cu", "matmulTiled32")
    r = emu.run(k, (2, 2), (T, T), A, B, C, N, counts="ptx")
    m = r.metrics
    warps = N * N // 32
    steps = N // T
    # counted as in the PTX: inner loop sA[ty][k] broadcast and sB[k][tx] contiguous, 1 wavefront each
    assert m["shared_ld_requests"] == warps * steps * T * 2
    assert m["shared_ld_wavefronts"] == m["shared_ld_requests"]
    # as ptxas made it (counts="sass", the default): sA[ty][k..k+3] is one LDS.128, a broadcast
    # whose lane pairs share an address, so 2 wavefronts (DESIGN §5); sB[k][tx] stays LDS
    s = emu.run(k, (2, 2), (T, T), A, B, C.copy(), N).metrics
    assert s["shared_ld_requests"] == warps * steps * (T + T // 4)
    assert s["shared_ld_wavefronts"] == warps * steps * (T + 2 * T // 4)
    assert {key: v for key, v in s.items() if not key.startswith("shared_ld")} == \
        {key: v for key, v in m.items() if not key.startswith("shared_ld")}
    # global reads fall to 2 N^3 / TILE floats: 4 sectors per warp request
    assert m["global_ld_requests"] == warps * steps * 2
    assert m["global_ld_sectors"] * 32 == 2 * N ** 3 // T * 4
    assert m["flops"] == 2 * N ** 3
