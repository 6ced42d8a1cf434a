"""``#include <cub/cub.cuh>`` in a kernel, under each NVRTC major (12: CCCL 2, 13: CCCL 3).

CCCL's own umbrella header does not build under NVRTC (CCCL 3: an #error; CCCL 2: host code in
device_synchronize.cuh); tilelab/include/override/cub/cub.cuh gives a kernel CUB's device-level half.
These kernels use CUB's block- and warp-level collectives as a CUDA programmer writes them, run on
the emulator, and are checked against numpy; a device-wide algorithm must stop with one clear sentence.
"""
import numpy as np
import pytest

from tilelab.errors import CompileError
from tilelab.structs import Struct

CUB_SRC = r"""
#include <cub/cub.cuh>

struct MaxOp {                                   // CCCL 3 dropped cub::Max; any functor will do
    __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

// one block of 128 threads per 128 inputs: the block's sum (double and int), each warp's maximum,
// and the block's exclusive prefix sum
__global__ void cub_collectives(const double* x, const int* v, double* dsum, int* isum,
                                int* wmax, int* scan)
{
    typedef cub::BlockReduce<double, 128> BlockReduceD;
    typedef cub::BlockReduce<int, 128, cub::BLOCK_REDUCE_WARP_REDUCTIONS> BlockReduceI;
    typedef cub::WarpReduce<int> WarpReduceI;
    typedef cub::BlockScan<int, 128> BlockScanI;
    __shared__ typename BlockReduceD::TempStorage td;
    __shared__ typename BlockReduceI::TempStorage ti;
    __shared__ typename WarpReduceI::TempStorage tw[4];
    __shared__ typename BlockScanI::TempStorage ts;

    int g = blockIdx.x * 128 + threadIdx.x;
    double s = BlockReduceD(td).Sum(x[g]);
    int si = BlockReduceI(ti).Sum(v[g]);
    int warp = threadIdx.x / 32;
    int m = WarpReduceI(tw[warp]).Reduce(v[g], MaxOp());
    int prefix;
    BlockScanI(ts).ExclusiveSum(v[g], prefix);
    scan[g] = prefix;
    if (threadIdx.x == 0) { dsum[blockIdx.x] = s; isum[blockIdx.x] = si; }
    if (threadIdx.x % 32 == 0) wmax[blockIdx.x * 4 + warp] = m;
}
"""


def test_cub_block_and_warp_collectives_match_numpy(emu, rng):
    k = emu.compile(CUB_SRC, "cub_collectives", filename="cub.cu")
    nb = 3
    x = rng.standard_normal(nb * 128)
    v = rng.integers(-1000, 1000, nb * 128).astype(np.int32)
    dsum = np.full(nb, np.nan)
    isum = np.zeros(nb, np.int32)
    wmax = np.zeros(nb * 4, np.int32)
    scan = np.full(nb * 128, -1, np.int32)
    r = emu.run(k, nb, 128, x, v, dsum, isum, wmax, scan)
    assert r.findings == []
    np.testing.assert_allclose(dsum, x.reshape(nb, 128).sum(axis=1), rtol=1e-12)
    np.testing.assert_array_equal(isum, v.reshape(nb, 128).sum(axis=1))
    np.testing.assert_array_equal(wmax, v.reshape(nb * 4, 32).max(axis=1))
    vb = v.reshape(nb, 128)
    np.testing.assert_array_equal(scan.reshape(nb, 128), np.cumsum(vb, axis=1) - vb)


DEVICE_WIDE_SRC = r"""
#include <cub/cub.cuh>
__global__ void sums(const float* x, float* out, int n)
{
    void* tmp = nullptr;
    size_t bytes = 0;
    cub::DeviceReduce::Sum(tmp, bytes, x, out, n);
}
"""


def test_cub_device_wide_algorithm_in_a_kernel_says_why(emu):
    with pytest.raises(CompileError) as ei:
        emu.compile(DEVICE_WIDE_SRC, "sums", filename="sums.cu")
    msg = str(ei.value)
    assert "host APIs that launch their own kernels" in msg and "cub::BlockReduce" in msg
    assert "#error" not in msg and "device_synchronize" not in msg      # not CCCL's refusal


LOOK_BACK_SRC = r"""
#include <cub/device/device_scan.cuh>

// CUB's own example_device_decoupled_look_back.cu includes the device-wide scan's header for the
// single-pass scan's tile state and its look-back: each block publishes its aggregate (its index)
// and finds the sum of the blocks before it
__global__ void init(cub::ScanTileState<int> state, int tiles) { state.InitializeStatus(tiles); }

__global__ void look_back(cub::ScanTileState<int> state, int* prefix)
{
    using Op = cub::TilePrefixCallbackOp<int, ::cuda::std::plus<>, cub::ScanTileState<int>>;
    __shared__ typename Op::TempStorage temp;
    Op op(state, temp, ::cuda::std::plus<>{});
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) { state.SetInclusive(0, 0); prefix[0] = 0; }
    } else if (threadIdx.x < 32) {
        int p = op(int(blockIdx.x));
        if (threadIdx.x == 0) prefix[blockIdx.x] = p;
    }
}
"""


def test_a_kernel_file_with_the_device_scan_header_builds_and_looks_back(emu):
    """<cub/device/device_scan.cuh> did not build under NVRTC (CCCL 3's #error; CCCL 2's <iterator>):
    tilelab's gives the tile state and the look-back, whose strong loads and stores race with nothing."""
    init = emu.compile(LOOK_BACK_SRC, "init", filename="look_back.cu")
    look = emu.compile(LOOK_BACK_SRC, "look_back", filename="look_back.cu")
    tiles = 6
    desc = np.zeros(2 * (32 + tiles), np.uint32)                 # uint2 {status, value} a tile, 32 of padding
    r = emu.run(init, 1, 64, Struct(d_tile_descriptors=desc), tiles)
    assert r.findings == []
    np.testing.assert_array_equal(desc, [0, 0] * 32 + [99, 0] * tiles)   # SCAN_TILE_OOB, SCAN_TILE_INVALID
    prefix = np.full(tiles, -1, np.int32)
    r = emu.run(look, tiles, 64, Struct(d_tile_descriptors=desc), prefix)
    assert r.findings == []
    np.testing.assert_array_equal(prefix, [t * (t - 1) // 2 for t in range(tiles)])
    assert desc[64::2].tolist() == [101] * tiles                                # SCAN_TILE_INCLUSIVE
    assert desc[65::2].tolist() == [t * (t + 1) // 2 for t in range(tiles)]


@pytest.mark.parametrize("header, call", [("device_scan", "DeviceScan::ExclusiveSum(tmp, bytes, x, out, n)"),
                                          ("device_radix_sort", "DeviceRadixSort::SortKeys(tmp, bytes, x, out, n)")])
def test_a_device_wide_algorithm_named_with_its_own_header_still_says_why(emu, header, call):
    """tilelab's <cub/device/device_scan.cuh> and <cub/device/device_radix_sort.cuh> give the device-side pieces;
    the host API they are named for still stops with the sentence."""
    src = f"#include <cub/device/{header}.cuh>\n" + DEVICE_WIDE_SRC.replace("#include <cub/cub.cuh>", "") \
        .replace("DeviceReduce::Sum(tmp, bytes, x, out, n)", call)
    with pytest.raises(CompileError) as ei:
        emu.compile(src, "sums", filename="sums.cu")
    assert "host APIs that launch their own kernels" in str(ei.value)


OLD_FUNCTORS_SRC = r"""
#include <cub/cub.cuh>

// the functors of CUDA 12's CUB, as code written for it names them: one warp's reductions of v
__global__ void old_functors(const int* v, int* out)
{
    typedef cub::BlockReduce<int, 32> R;
    __shared__ typename R::TempStorage t;
    int x = v[threadIdx.x];
    int r[5];
    r[0] = R(t).Reduce(x, cub::Max());  __syncthreads();
    r[1] = R(t).Reduce(x, cub::Min());  __syncthreads();
    r[2] = R(t).Reduce(x, cub::Sum());  __syncthreads();
    r[3] = cub::Difference()(x, 1) + cub::Division()(x, 2);
    r[4] = cub::Equality()(x, x) + cub::Inequality()(x, x);
    if (threadIdx.x == 0) for (int i = 0; i < 3; ++i) out[i] = r[i];
    out[3 + threadIdx.x] = r[3];
    out[35 + threadIdx.x] = r[4];
}
"""


def test_the_cub_functors_cccl3_removed_still_build(emu, rng):
    """cub::Max, Min, Sum, Difference, Division, Equality, Inequality: deprecated aliases in CCCL 2
    (NVRTC 12), removed by CCCL 3 (NVRTC 13), where "namespace cub has no member Max" stopped llama2.cu's
    softmax (the sixteenth unseen suite): tilelab's <cub/cub.cuh> gives them back under CCCL 3."""
    k = emu.compile(OLD_FUNCTORS_SRC, "old_functors", filename="old_functors.cu")
    v = rng.integers(-1000, 1000, 32).astype(np.int32)
    out = np.zeros(3 + 64, np.int32)
    r = emu.run(k, 1, 32, v, out)
    assert r.findings == []
    assert out[:3].tolist() == [v.max(), v.min(), v.sum()]
    np.testing.assert_array_equal(out[3:35], (v - 1) + np.trunc(v / 2).astype(np.int32))
    np.testing.assert_array_equal(out[35:], np.ones(32, np.int32))


RADIX_SRC = r"""
#include <cub/device/device_radix_sort.cuh>

// a radix select's first pass, as gpu-topk's radixSelectTopK.cuh writes it: each key's bits made
// order-preserving (cub::Traits), then its top 8-bit digit (the onesweep agent's digit extractor)
__global__ void top_digit(const float* keys, unsigned* twiddled, unsigned* digit)
{
    typedef cub::Traits<float>::UnsignedBits Bits;
    Bits b = reinterpret_cast<const Bits*>(keys)[threadIdx.x];
    b = cub::Traits<float>::TwiddleIn(b);
    twiddled[threadIdx.x] = b;
    digit[threadIdx.x] = cub::BFEDigitExtractor<float>(24, 8).Digit(b);
}
"""


def test_a_kernel_file_with_the_radix_sort_header_builds_and_twiddles(emu):
    """<cub/device/device_radix_sort.cuh> did not build under NVRTC ("A function explicitly marked as a __host__
    function is not allowed in JIT mode": gpu-topk's radix select, the forty-second unseen suite); tilelab's gives
    the key traits, the block collectives and the radix agents that come with it."""
    k = emu.compile(RADIX_SRC, "top_digit", filename="top_digit.cu")
    keys = np.random.default_rng(64).standard_normal(64).astype(np.float32) * 1e3
    keys[:4] = [0.0, -0.0, np.inf, -np.inf]
    tw, dg = np.zeros(64, np.uint32), np.zeros(64, np.uint32)
    r = emu.run(k, 1, 64, keys, tw, dg)
    assert r.findings == []
    bits = keys.view(np.uint32)
    want = np.where(bits >> 31 == 1, ~bits, bits | np.uint32(0x80000000)).astype(np.uint32)
    np.testing.assert_array_equal(tw, want)
    plus = (keys + np.float32(0)).view(np.uint32)           # the digit extractor reads -0.0 as +0.0
    np.testing.assert_array_equal(dg, np.where(plus >> 31 == 1, ~plus, plus | np.uint32(0x80000000)) >> 24)
    np.testing.assert_array_equal(np.sort(keys[1:]), keys[1:][np.argsort(tw[1:])])  # the bits sort as the keys do


FLT_MAX_SRC = r"""
#include <cub/cub.cuh>

// llama_cu_awq's gpu_kernels.h (unseen94) includes only <cub/cub.cuh> and seeds a reduction with -FLT_MAX:
// under nvcc cub.cuh reaches <cfloat> (cuda/std/__floating_point/format.h -> cuda/std/cfloat -> <cfloat>),
// which CCCL skips under NVRTC.
__global__ void block_max(const float* x, float* out, int* imin)
{
    float m = -FLT_MAX;
    if (threadIdx.x < 100) m = x[threadIdx.x];
    using BlockReduce = cub::BlockReduce<float, 128>;
    __shared__ typename BlockReduce::TempStorage temp;
    float r = BlockReduce(temp).Reduce(m, cub::Max());
    if (threadIdx.x == 0) { out[0] = r; out[1] = FLT_MIN; out[2] = FLT_EPSILON; imin[0] = INT_MAX; }
}
"""


def test_cub_cuh_gives_the_float_limits_as_under_nvcc(emu, rng):
    k = emu.compile(FLT_MAX_SRC, "block_max", filename="cub_flt_max.cu")
    x = -rng.uniform(1.0, 2.0, 100).astype(np.float32)
    out = np.zeros(3, np.float32)
    imin = np.zeros(1, np.int32)
    r = emu.run(k, 1, 128, x, out, imin)
    assert r.findings == []
    assert out[0] == x.max()
    assert out[1] == np.finfo(np.float32).tiny and out[2] == np.finfo(np.float32).eps
    assert imin[0] == np.iinfo(np.int32).max
