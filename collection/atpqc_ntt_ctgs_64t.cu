// tilelab kernel collection: atpqc-cuda's Kyber NTT with 64 threads a polynomial (ntt_ctgs_64t): the forward
// Source:  https://github.com/tono-satolab/atpqc-cuda/blob/6f7effd64b345729871138d49e95849cb7adb81b/src/lib/kyber/ntt_ctgs_64t/global.cu
//          (tono-satolab/atpqc-cuda, commit 6f7effd, Tatsuki Ono's CUDA Kyber and Dilithium, "ATPQC")
//          with ntt_ctgs_64t/device.cu and device.cuh, and lines of params.cuh, reduce.cuh, zetas_table.cu(h)
// Licence: MIT (the repository's LICENSE and each file's notice, "Copyright (c) 2021 Tatsuki Ono"), repeated below.
// number-theoretic transform over Z_3329 (seven Cooley-Tukey layers on short2 pairs in dynamic shared memory, zetas
// in Montgomery form, Montgomery products (a * 62209 mod 2^16, 16-bit arithmetic shift), a Barrett reduction at the
// end) and the inverse (Gentleman-Sande layers, then a Montgomery product by mont^2/128), two polynomials a block.
// Kept: global.cu lines 16-74 (the kernels fwdntt and invntt_tomont), unchanged, and device.cu lines 15-85 (the
//       device functors' definitions) and device.cuh lines 14-26 (their class declarations), unchanged, marked.
//       Removed: global.cu lines 1-15 (notice, includes: the lines they need are copied in below, marked) and
//       global.cuh (declarations); device.cu lines 1-14 and device.cuh lines 1-13, 27-end (notice, includes, guard).
// Selection, fixed before any run (collection/manifest.toml, the atpqc_ entries): every __global__ kernel of the file
// (2), none dropped for its result, each launched as host.cuh's functor launches it: block (64, poly_per_block = 2),
// grid ((k * ninputs + 1) / 2), dynamic shared sizeof(short2) * 128 * 2 = 1024 bytes, npolys = k * ninputs; the
// benchmarks' ninputs (thousands) replaced by small ones: Kyber512 (k = 2) with ninputs = 2 (4 polynomials, 2 blocks)
// for both kernels, and fwdntt again at Kyber768 (k = 3) with ninputs = 1 (3 polynomials: the second block's second
// row has no polynomial); coefficients uniform in (-3329, 3329) (the inverse's input an NTT's output range).
//
/*
MIT License

Copyright (c) 2021 Tatsuki Ono

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/

// ---- copied from src/lib/kyber/params.cuh, lines 14, 18, 20, 22-23, 35-36, 148, 150, 152, 155, 214, 216 (the
//      include, the namespaces, the degree n and the modulus q), unchanged
#include <type_traits>
namespace atpqc_cuda::kyber {
namespace params_type {
/* Degree of polynomial */
struct n_type : std::integral_constant<unsigned, 256> {};
/* Modulus */
struct q_type : std::integral_constant<unsigned, 3329> {};
}  // namespace params_type
namespace params {
inline constexpr unsigned n = params_type::n_type::value;
inline constexpr unsigned q = params_type::q_type::value;
}  // namespace params
}  // namespace atpqc_cuda::kyber
// ---- copied from src/lib/kyber/reduce.cuh, lines 14, 17-39 (all but the guard and the params.cuh include), unchanged
#include <cstdint>

namespace atpqc_cuda::kyber::reduce {

inline constexpr unsigned mont_r = 2285;
inline constexpr unsigned q_inv = 62209;

__device__ inline std::int16_t montgomery_reduce(std::int32_t a) noexcept {
  std::int16_t u = a * q_inv;
  std::int32_t t = static_cast<std::int32_t>(u) * params::q;
  t = a - t;
  t >>= 16;
  return t;
}

__device__ inline std::int16_t barrett_reduce(std::int16_t a) noexcept {
  constexpr std::int16_t v = ((1U << 26) + params::q / 2) / params::q;

  std::int16_t t = (static_cast<std::int32_t>(v) * a + (1 << 25)) >> 26;
  t *= params::q;
  return a - t;
}

}  // namespace atpqc_cuda::kyber::reduce
// ---- copied from src/lib/kyber/zetas_table.cuh, lines 14-20, and zetas_table.cu, lines 12-29 (the table), unchanged
#include <cstdint>

namespace atpqc_cuda::kyber::zetas_table {

__device__ extern const std::int16_t zetas[128];

}  // namespace atpqc_cuda::kyber::zetas_table

namespace atpqc_cuda::kyber::zetas_table {

__device__ const std::int16_t zetas[128] = {
    -1044, -758,  -359,  -1517, 1493,  1422,  287,   202,  -171,  622,   1577,
    182,   962,   -1202, -1474, 1468,  573,   -1325, 264,  383,   -829,  1458,
    -1602, -130,  -681,  1017,  732,   608,   -1542, 411,  -205,  -1571, 1223,
    652,   -552,  1015,  -1293, 1491,  -282,  -1544, 516,  -8,    -320,  -666,
    -1618, -1162, 126,   1469,  -853,  -90,   -271,  830,  107,   -1421, -247,
    -951,  -398,  961,   -1508, -725,  448,   -1065, 677,  -1275, -1103, 430,
    555,   843,   -1251, 871,   1550,  105,   422,   587,  177,   -235,  -291,
    -460,  1574,  1653,  -246,  778,   1159,  -147,  -777, 1483,  -602,  1119,
    -1590, 644,   -872,  349,   418,   329,   -156,  -75,  817,   1097,  603,
    610,   1322,  -1285, -1465, 384,   -1215, -136,  1218, -1335, -874,  220,
    -1187, -1659, -1185, -1530, -1278, 794,   -1510, -854, -870,  478,   -108,
    -308,  996,   991,   958,   -1460, 1522,  1628};

}  // namespace atpqc_cuda::kyber::zetas_table
// ---- end of the copied lines

// ---- copied from src/lib/kyber/ntt_ctgs_64t/device.cuh, lines 14-26, unchanged
namespace atpqc_cuda::kyber::ntt_ctgs_64t::device {

class fwdntt {
 public:
  __device__ void operator()(short2* shared_poly) const;
};

class invntt {
 public:
  __device__ void operator()(short2* shared_poly) const;
};

}  // namespace atpqc_cuda::kyber::ntt_ctgs_64t::device
// ---- copied from src/lib/kyber/ntt_ctgs_64t/device.cu, lines 15-85, unchanged
namespace atpqc_cuda::kyber::ntt_ctgs_64t::device {

namespace {
constexpr unsigned ntt_n = 2;
constexpr unsigned log_n = 8;
constexpr unsigned log_ntt_n = 1;
constexpr unsigned log_diff = log_n - log_ntt_n;
}  // namespace

__device__ void fwdntt::operator()(short2* shared_poly) const {
  unsigned tid = threadIdx.x;
  unsigned k = 1;
  unsigned lg = log_diff - 1;

  for (std::size_t len = params::n / 2 / 2; len >= ntt_n / 2; len >>= 1) {
    unsigned group = tid >> lg;
    unsigned addr = tid + (group << lg);

    short2 a = shared_poly[addr];
    short2 b = shared_poly[addr + len];
    int zeta = zetas_table::zetas[k + group];

    short tmpx = reduce::montgomery_reduce(zeta * b.x);
    short tmpy = reduce::montgomery_reduce(zeta * b.y);

    b = make_short2(a.x - tmpx, a.y - tmpy);
    a = make_short2(a.x + tmpx, a.y + tmpy);

    shared_poly[addr] = a;
    shared_poly[addr + len] = b;

    k <<= 1;
    --lg;

    __syncthreads();
  }
}

__device__ void invntt::operator()(short2* shared_poly) const {
  unsigned tid = threadIdx.x;
  unsigned k = params::n / ntt_n - 1;
  unsigned lg = 0;

  for (std::size_t len = ntt_n / 2; len < params::n / 2; len <<= 1) {
    unsigned group = tid >> lg;
    unsigned addr = tid + (group << lg);

    short2 a = shared_poly[addr];
    short2 b = shared_poly[addr + len];
    int zeta = zetas_table::zetas[k - group];

    short tmpx = a.x;
    short tmpy = a.y;
    a = make_short2(reduce::barrett_reduce(tmpx + b.x),
                    reduce::barrett_reduce(tmpy + b.y));
    tmpx = b.x - tmpx;
    tmpy = b.y - tmpy;
    b = make_short2(reduce::montgomery_reduce(zeta * tmpx),
                    reduce::montgomery_reduce(zeta * tmpy));

    shared_poly[addr] = a;
    shared_poly[addr + len] = b;

    k >>= 1;
    ++lg;

    __syncthreads();
  }
}

}  // namespace atpqc_cuda::kyber::ntt_ctgs_64t::device
// ---- end of the copied lines

// ---- src/lib/kyber/ntt_ctgs_64t/global.cu, lines 16-74
namespace atpqc_cuda::kyber::ntt_ctgs_64t::global {

__global__ void fwdntt(short2* poly, unsigned npolys) {
  device::fwdntt ntt;
  extern __shared__ short2 shared_ptr[];

  if (unsigned pos = blockIdx.x * blockDim.y + threadIdx.y; pos < npolys) {
    poly += (params::n / 2) * pos;
    short2* tmp_poly = shared_ptr + (params::n / 2) * threadIdx.y;

    tmp_poly[threadIdx.x + 0] = poly[threadIdx.x + 0];
    tmp_poly[threadIdx.x + 64] = poly[threadIdx.x + 64];

    __syncthreads();

    ntt(tmp_poly);

    short2 tmp0 = tmp_poly[threadIdx.x + 0];
    short2 tmp64 = tmp_poly[threadIdx.x + 64];
    tmp0 = make_short2(reduce::barrett_reduce(tmp0.x),
                       reduce::barrett_reduce(tmp0.y));
    tmp64 = make_short2(reduce::barrett_reduce(tmp64.x),
                        reduce::barrett_reduce(tmp64.y));
    poly[threadIdx.x + 0] = tmp0;
    poly[threadIdx.x + 64] = tmp64;
  }
}

__global__ void invntt_tomont(short2* poly, unsigned npolys) {
  device::invntt intt;
  extern __shared__ short2 shared_ptr[];

  if (unsigned pos = blockIdx.x * blockDim.y + threadIdx.y; pos < npolys) {
    poly += (params::n / 2) * pos;
    short2* tmp_poly = shared_ptr + (params::n / 2) * threadIdx.y;

    tmp_poly[threadIdx.x + 0] = poly[threadIdx.x + 0];
    tmp_poly[threadIdx.x + 64] = poly[threadIdx.x + 64];

    __syncthreads();

    intt(tmp_poly);

    constexpr std::int32_t f = reduce::mont_r *
                               (reduce::mont_r * (params::q - 1) *
                                ((params::q - 1) / 128) % params::q) %
                               params::q;
    short2 tmp0 = tmp_poly[threadIdx.x + 0];
    short2 tmp64 = tmp_poly[threadIdx.x + 64];
    tmp0 = make_short2(reduce::montgomery_reduce(f * tmp0.x),
                       reduce::montgomery_reduce(f * tmp0.y));
    tmp64 = make_short2(reduce::montgomery_reduce(f * tmp64.x),
                        reduce::montgomery_reduce(f * tmp64.y));
    poly[threadIdx.x + 0] = tmp0;
    poly[threadIdx.x + 64] = tmp64;
  }
}

}  // namespace atpqc_cuda::kyber::ntt_ctgs_64t::global
