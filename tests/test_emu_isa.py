"""Warp-level and tensor-core instructions against references written from the PTX ISA
and CUDA documentation: shfl.sync (idx/up/down/bfly with segment widths), vote/ballot,
atom, ldmatrix (.x1/.x2/.x4, .trans) and mma.sync m16n8k16 with fragments placed by hand
(not through ldmatrix, so a layout error in one cannot hide behind the other)."""
from __future__ import annotations

import numpy as np
import pytest

# ------------------------------------------------------------------ shfl
SHFL_SRC = """\
__global__ void shfl(const int* in, const int* arg, int* out, int mode, int width)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t], a = arg[t], r;
    if (mode == 0)      r = __shfl_sync(0xffffffffu, v, a, width);
    else if (mode == 1) r = __shfl_up_sync(0xffffffffu, v, (unsigned)a, width);
    else if (mode == 2) r = __shfl_down_sync(0xffffffffu, v, (unsigned)a, width);
    else                r = __shfl_xor_sync(0xffffffffu, v, a, width);
    out[t] = r;
}
"""


@pytest.mark.parametrize("width", [32, 16, 8, 4, 2])
@pytest.mark.parametrize("mode", ["idx", "up", "down", "bfly"])
def test_shfl(emu, rng, mode, width):
    k = emu.compile(SHFL_SRC, "shfl", filename="shfl.cu")
    T = 128
    v = rng.integers(-(1 << 31), 1 << 31, T, dtype=np.int64).astype(np.int32)
    # deltas past the segment (up/down keep their own value); the hardware uses only 5 bits
    a = rng.integers(0, 32 if mode in ("idx", "bfly") else min(width + 2, 32), T).astype(np.int32)
    if mode in ("idx",):
        a[:32] = rng.integers(0, 32)               # one warp: the same source lane for all
    out = np.zeros(T, np.int32)
    ptx = k.program.ptx
    assert "shfl.sync.idx.b32" in ptx and "shfl.sync.up.b32" in ptx
    r = emu.run(k, 2, 64, v, a, out, {"idx": 0, "up": 1, "down": 2, "bfly": 3}[mode], width)
    assert r.findings == []
    want = shfl_reference_cuda(v, a, mode, width)
    np.testing.assert_array_equal(out, want)


def shfl_reference_cuda(v, a, mode, width):
    """CUDA's documented behaviour of __shfl*_sync for a full warp, written directly."""
    out = np.empty_like(v)
    for w in range(len(v) // 32):
        for lane in range(32):
            base = lane - lane % width                   # first lane of my segment
            d = int(a[32 * w + lane])
            if mode == "idx":
                src = base + d % width
            elif mode == "up":
                src = lane - d if lane % width >= d else lane
            elif mode == "down":
                src = lane + d if lane % width + d < width else lane
            else:
                src = lane ^ d
                if src >= base + width:                  # a later segment: keep my value
                    src = lane
            out[32 * w + lane] = v[32 * w + src]
    return out


def test_shfl_cuda_and_ptx_references_agree(rng):
    # the two independent readings of the semantics must agree where both are defined
    v = np.arange(64, dtype=np.int32) * 7 + 3
    for mode in ("idx", "up", "down", "bfly"):
        for width in (32, 16, 8, 4, 2):
            a = rng.integers(0, 32 if mode in ("idx", "bfly") else width, 64).astype(np.int32)
            ptx_mode = {"idx": "idx", "up": "up", "down": "down", "bfly": "bfly"}[mode]
            c_up = mode == "up"
            got = _ptx_ref_with_cuda_c(v, a, ptx_mode, width, c_up)
            np.testing.assert_array_equal(got, shfl_reference_cuda(v, a, mode, width), err_msg=f"{mode} {width}")


def _ptx_ref_with_cuda_c(v, b, mode, width, up):
    """The PTX ISA shfl.sync pseudo-code, with the c operand CUDA passes: (32 - width) << 8 for up,
    ((32 - width) << 8) | 0x1f otherwise."""
    out = np.empty_like(v)
    c = ((32 - width) << 8) | (0 if up else 0x1F)
    seg = (c >> 8) & 0x1F
    for w in range(len(v) // 32):
        for lane in range(32):
            bv = int(b[32 * w + lane]) & 0x1F
            min_lane = lane & seg
            max_lane = min_lane | ((c & 0x1F) & ~seg)
            if mode == "up":
                j = lane - bv
                ok = j >= max_lane
            elif mode == "down":
                j = lane + bv
                ok = j <= max_lane
            elif mode == "bfly":
                j = lane ^ bv
                ok = j <= max_lane
            else:
                j = min_lane | (bv & ~seg)
                ok = j <= max_lane
            out[32 * w + lane] = v[32 * w + (j if ok else lane)]
    return out


# ------------------------------------------------------------------ vote, atomics
VOTE_SRC = """\
__global__ void votes(const int* pred, unsigned* ballot, int* any, int* all, int* rank)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int p = pred[t];
    unsigned b = __ballot_sync(0xffffffffu, p);
    ballot[t] = b;
    any[t] = __any_sync(0xffffffffu, p);
    all[t] = __all_sync(0xffffffffu, p);
    rank[t] = __popc(b & ((1u << (threadIdx.x & 31)) - 1u));   // my rank among the voters
}
"""


def test_vote_ballot(emu, rng):
    k = emu.compile(VOTE_SRC, "votes", filename="vote.cu")
    T = 128
    p = (rng.random(T) < 0.4).astype(np.int32)
    p[32:64] = 1                                      # a warp where all vote yes
    p[64:96] = 0                                      # ... and one where none does
    outs = [np.zeros(T, np.uint32)] + [np.zeros(T, np.int32) for _ in range(3)]
    r = emu.run(k, 2, 64, p, *outs)
    assert r.findings == []
    ballot, anyv, allv, rank = outs
    for w in range(T // 32):
        bits = p[32 * w: 32 * w + 32]
        want = sum(int(b) << i for i, b in enumerate(bits))
        assert (ballot[32 * w: 32 * w + 32] == want).all()
        assert (anyv[32 * w: 32 * w + 32] != 0).all() == bool(bits.any())
        assert (allv[32 * w: 32 * w + 32] != 0).all() == bool(bits.all())
        np.testing.assert_array_equal(rank[32 * w: 32 * w + 32], np.concatenate([[0], np.cumsum(bits)[:-1]]))


ATOM_SRC = """\
__global__ void histo(const int* keys, int n, int* global_hist, int* maxv, int* block_hist)
{
    __shared__ int h[16];
    if (threadIdx.x < 16) h[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&global_hist[keys[i] & 15], 1);
        atomicAdd(&h[keys[i] & 15], 1);
        atomicMax(maxv, keys[i]);
    }
    __syncthreads();
    if (threadIdx.x < 16) block_hist[blockIdx.x * 16 + threadIdx.x] = h[threadIdx.x];
}
"""


def test_atomics_global_and_shared(emu, rng):
    k = emu.compile(ATOM_SRC, "histo", filename="atom.cu")
    n, block = 1000, 128
    nb = (n + block - 1) // block
    keys = rng.integers(0, 1 << 20, n).astype(np.int32)
    keys[:40] = 7                                   # many lanes of one warp on one address
    gh = np.zeros(16, np.int32)
    mx = np.full(1, -1, np.int32)
    bh = np.zeros(nb * 16, np.int32)
    r = emu.run(k, nb, block, keys, n, gh, mx, bh)
    assert r.findings == []
    np.testing.assert_array_equal(gh, np.bincount(keys & 15, minlength=16))
    assert mx[0] == keys.max()
    for b in range(nb):
        seg = keys[b * block:(b + 1) * block]
        np.testing.assert_array_equal(bh[16 * b:16 * b + 16], np.bincount(seg & 15, minlength=16))


# ------------------------------------------------------------------ ldmatrix variants
LDM_SRC = """\
__global__ void ldm(const unsigned short* in, const int* rowOff, unsigned* out)
{
    __shared__ __align__(128) unsigned short s[2048];
    for (int i = threadIdx.x; i < 2048; i += blockDim.x)
        s[i] = in[i];
    __syncthreads();
    unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(&s[rowOff[threadIdx.x]]));
    unsigned r0 = 0, r1 = 0, r2 = 0, r3 = 0;
    LDM
    out[4 * threadIdx.x] = r0;
    out[4 * threadIdx.x + 1] = r1;
    out[4 * threadIdx.x + 2] = r2;
    out[4 * threadIdx.x + 3] = r3;
}
"""
LDM_ASM = {
    1: 'asm volatile("ldmatrix.sync.aligned.m8n8.x1{T}.shared.b16 {{%0}}, [%1];" : "=r"(r0) : "r"(a));',
    2: 'asm volatile("ldmatrix.sync.aligned.m8n8.x2{T}.shared.b16 {{%0, %1}}, [%2];" '
       ': "=r"(r0), "=r"(r1) : "r"(a));',
    4: 'asm volatile("ldmatrix.sync.aligned.m8n8.x4{T}.shared.b16 {{%0, %1, %2, %3}}, [%4];" '
       ': "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a));',
}


@pytest.mark.parametrize("trans", [False, True])
@pytest.mark.parametrize("num", [1, 2, 4])
def test_ldmatrix_fragments(emu, rng, num, trans):
    """PTX ISA: matrix m's 8 row addresses come from lanes 8m..8m+7; lane l receives, in
    register m, elements (row l/4, cols 2(l%4), 2(l%4)+1) of matrix m, or with .trans
    elements (rows 2(l%4), 2(l%4)+1, col l/4)."""
    src = LDM_SRC.replace("LDM", LDM_ASM[num].format(T=".trans" if trans else ""))
    k = emu.compile(src, "ldm", filename="ldm.cu")
    data = rng.integers(0, 1 << 16, 2048).astype(np.uint16)
    # random, distinct, 16-byte aligned row addresses (in halves), for every lane
    rows = rng.choice(2048 // 8, 32, replace=False).astype(np.int32) * 8
    out = np.zeros(4 * 32, np.uint32)
    r = emu.run(k, 1, 32, data, rows, out)
    assert r.findings == []
    got = out.reshape(32, 4)
    for m in range(4):
        for lane in range(32):
            if m >= num:
                assert got[lane, m] == 0
                continue
            mat = np.stack([data[rows[8 * m + i]: rows[8 * m + i] + 8] for i in range(8)])  # [row, col]
            g, t = lane // 4, lane % 4
            lo, hi = (mat[2 * t, g], mat[2 * t + 1, g]) if trans else (mat[g, 2 * t], mat[g, 2 * t + 1])
            assert got[lane, m] == int(lo) | (int(hi) << 16), (m, lane)
    assert r.metrics["ldmatrix_requests"] == 1


# ------------------------------------------------------------------ mma, fragments by hand
MMA_SRC = """\
#include <cuda_fp16.h>
// One warp: D (16x8 f32) = A (16x16 f16, row-major) * B (16x8 f16, given as Bt 8x16) + C.
// Fragments placed as the PTX ISA's m16n8k16 figures say; g = lane / 4, t = lane % 4.
__device__ unsigned pack(__half lo, __half hi)
{
    return (unsigned)__half_as_ushort(lo) | ((unsigned)__half_as_ushort(hi) << 16);
}

__global__ void mmaDirect(const __half* A, const __half* Bt, const float* C, float* D)
{
    int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
    unsigned a[4], b[2];
    for (int i = 0; i < 4; ++i) {                 // a0..a7: rows g, g+8; cols 2t.., 2t+8..
        int row = g + 8 * (i & 1), col = 2 * t + 8 * (i >> 1);
        a[i] = pack(A[row * 16 + col], A[row * 16 + col + 1]);
    }
    for (int i = 0; i < 2; ++i) {                 // b0..b3: k rows 2t, 2t+1 (+8); column g
        int k = 2 * t + 8 * i;
        b[i] = pack(Bt[g * 16 + k], Bt[g * 16 + k + 1]);
    }
    float c[4], d[4];
    for (int i = 0; i < 4; ++i)                   // c0..c3: row g (+8 for c2, c3), cols 2t, 2t+1
        c[i] = C[(g + 8 * (i >> 1)) * 8 + 2 * t + (i & 1)];
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
    for (int i = 0; i < 4; ++i)
        D[(g + 8 * (i >> 1)) * 8 + 2 * t + (i & 1)] = d[i];
}
"""


def test_mma_fragments_by_hand_exact_on_integers(emu, rng):
    k = emu.compile(MMA_SRC, "mmaDirect", filename="mma.cu")
    A = rng.integers(-16, 17, (16, 16)).astype(np.float16)
    Bt = rng.integers(-16, 17, (8, 16)).astype(np.float16)
    C = rng.integers(-1000, 1001, (16, 8)).astype(np.float32)
    D = np.full((16, 8), np.nan, np.float32)
    r = emu.run(k, 1, 32, A, Bt, C, D)
    assert r.findings == []
    want = (A.astype(np.int64) @ Bt.astype(np.int64).T + C.astype(np.int64)).astype(np.float32)
    np.testing.assert_array_equal(D, want)


def test_mma_fragments_by_hand_random(emu, rng):
    k = emu.compile(MMA_SRC, "mmaDirect", filename="mma.cu")
    A = rng.standard_normal((16, 16)).astype(np.float16)
    Bt = rng.standard_normal((8, 16)).astype(np.float16)
    C = rng.standard_normal((16, 8)).astype(np.float32)
    D = np.full((16, 8), np.nan, np.float32)
    emu.run(k, 1, 32, A, Bt, C, D)
    ref = A.astype(np.float64) @ Bt.astype(np.float64).T + C
    scale = np.abs(A.astype(np.float64)) @ np.abs(Bt.astype(np.float64)).T + np.abs(C)
    assert (np.abs(D - ref) <= 2e-6 * scale + 1e-7).all()


BAR_RED_SRC = """\
__global__ void barReduce(const int* p, int* out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int c = __syncthreads_count(p[t]);
    int a = __syncthreads_and(p[t]);
    int o = __syncthreads_or(p[t]);
    out[3 * t] = c;
    out[3 * t + 1] = a;
    out[3 * t + 2] = o;
}
"""


def test_syncthreads_count_and_or(emu, rng):
    k = emu.compile(BAR_RED_SRC, "barReduce", filename="barred.cu")
    p = (rng.random(3 * 64) < 0.4).astype(np.int32)
    p[64:128] = 1                                     # a block where everyone votes yes
    out = np.full(3 * 3 * 64, -1, np.int32)
    r = emu.run(k, 3, 64, p, out)
    assert r.findings == []
    o = out.reshape(3, 64, 3)
    for b in range(3):
        pb = p[64 * b: 64 * b + 64]
        assert (o[b, :, 0] == pb.sum()).all()
        assert ((o[b, :, 1] != 0) == bool(pb.all())).all()
        assert ((o[b, :, 2] != 0) == bool(pb.any())).all()


SIDES_SRC = """\
__global__ void sides(const int* x, const int* y, int* out)
{
    int t = threadIdx.x, r;
    if (t < 31) r = __shfl_sync(0xffffffffu, x[t], (t + 1) & 31);
    else        r = __shfl_sync(0xffffffffu, y[t] * 3, (t + 5) & 31) ^ 0x55;
    out[t] = r;
}
"""


def test_shfl_sync_on_the_two_sides_of_a_branch_meet(emu, rng):
    """Lanes at different __shfl_sync sites with the same full mask (a divergent branch) exchange as one on
    the GPU: each lane reads what its source lane gave at its own site. The H200 does so in CUDA-GECKO's
    rotational k-mer hash (docs/FIDELITY.md, the seventeenth unseen suite); the emulator gave 0 for a source
    lane on the other side."""
    k = emu.compile(SIDES_SRC, "sides", filename="sides.cu")
    assert k.program.ptx.count("shfl.sync.idx.b32") == 2          # two sites, not one shfl of a select
    x = rng.integers(-1000, 1000, 32).astype(np.int32)
    y = rng.integers(-1000, 1000, 32).astype(np.int32)
    out = np.zeros(32, np.int32)
    r = emu.run(k, 1, 32, x, y, out)
    assert r.findings == []
    gave = np.where(np.arange(32) < 31, x, y * 3)                   # each lane's value at its own site
    want = gave[(np.arange(32) + 1) & 31]
    want[31] = gave[(31 + 5) & 31] ^ 0x55
    np.testing.assert_array_equal(out, want)
