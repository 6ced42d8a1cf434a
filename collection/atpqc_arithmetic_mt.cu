// tilelab kernel collection: atpqc-cuda's Kyber polynomial arithmetic in the NTT domain (arithmetic_mt): matrix
// Source:  https://github.com/tono-satolab/atpqc-cuda/blob/6f7effd64b345729871138d49e95849cb7adb81b/src/lib/kyber/arithmetic_mt/global.cu
//          (tono-satolab/atpqc-cuda, commit 6f7effd, Tatsuki Ono's CUDA Kyber and Dilithium, "ATPQC")
//          with lines of params.cuh, reduce.cuh, zetas_table.cu(h)
// Licence: MIT (the repository's LICENSE and each file's notice, "Copyright (c) 2021 Tatsuki Ono"), repeated below.
// times vector (k x k polynomials by k, pointwise products in shared memory, then each row's sum) with and without
// "to Montgomery, plus a vector", a vector dot product, and sums and differences of polynomials; products by
// Kyber's basemul in Z_3329[X]/(X^2 - zeta) (Montgomery products, zeta negated for odd pairs), Barrett reductions.
// Kept: global.cu lines 20-250 (the device helpers fqmul and basemul, the templates mattimesvec_tomont_plusvec,
//       mattimesvec and vectimesvec with their instantiations at k = 2, 3, 4, and add2, add3, sub), unchanged.
//       Removed: lines 1-19 (notice, includes: the lines they need are copied in below, marked; kernel_params.cuh is
//       the host's shared-memory size).
// Selection, fixed before any run (collection/manifest.toml, the atpqc_ entries): every __global__ kernel of the file,
// the three templates at k = 2 (Kyber512) only, none dropped for its result (6 launches), each launched as
// arithmetic_mt/host.cuh's functor launches it: mattimesvec(_tomont_plusvec) grid (128 / 64, ninputs), block (64, k),
// dynamic shared k * k * sizeof(short2) * 64 = 1024 bytes; vectimesvec grid ninputs, block 128; add2 grid
// k * ninputs, block 128; add3 and sub grid ninputs, block 128; the benchmarks' ninputs replaced by 2; coefficients
// uniform in (-3329, 3329) (an NTT's output range), add3's three and the vectors' sums kept inside 16 bits by that.
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

// ---- src/lib/kyber/arithmetic_mt/global.cu, lines 20-250
namespace atpqc_cuda::kyber::arithmetic_mt::global {

namespace {

__device__ short fqmul(std::int32_t a, std::int32_t b) noexcept {
  return reduce::montgomery_reduce(a * b);
}

__device__ void basemul(short& out0, short& out1, short lhs0, short lhs1,
                        short rhs0, short rhs1, short zeta) noexcept {
  short r0 = fqmul(lhs1, rhs1);
  r0 = fqmul(r0, zeta);
  r0 += fqmul(lhs0, rhs0);

  short r1 = fqmul(lhs0, rhs1);
  r1 += fqmul(lhs1, rhs0);

  out0 = r0;
  out1 = r1;
}

}  // namespace

template <unsigned K>
__global__ void mattimesvec_tomont_plusvec(short2* vec_out, const short2* mat,
                                           const short2* vec1,
                                           const short2* vec2) {
  constexpr unsigned k = K;

  extern __shared__ short2 tmp_shared[];

  const unsigned coeffid = blockIdx.x * blockDim.x + threadIdx.x;

  mat += (k * k * params::n / 2) * blockIdx.y + (params::n / 2) * threadIdx.y +
         coeffid;
  vec_out += (k * params::n / 2) * blockIdx.y + (params::n / 2) * threadIdx.y +
             coeffid;
  vec1 += (k * params::n / 2) * blockIdx.y + (params::n / 2) * threadIdx.y +
          coeffid;
  vec2 += (k * params::n / 2) * blockIdx.y + (params::n / 2) * threadIdx.y +
          coeffid;
  short2* tmp_mat_pointwise_ptr =
      tmp_shared + blockDim.x * threadIdx.y + threadIdx.x;
  short2* tmp_mat_acc_ptr =
      tmp_shared + (k * blockDim.x) * threadIdx.y + threadIdx.x;

  {
    short zeta = zetas_table::zetas[64 + (coeffid >> 1)];
    short b = coeffid & 0b1;
    zeta = (zeta ^ (-b)) + b;

    short2 v = *vec1;
    short rhs_x = v.x;
    short rhs_y = v.y;
    for (unsigned ki = 0; ki < k; ++ki) {
      short2 m = mat[(k * params::n / 2) * ki];
      short lhs_x = m.x;
      short lhs_y = m.y;
      short tmp_x, tmp_y;
      basemul(tmp_x, tmp_y, lhs_x, lhs_y, rhs_x, rhs_y, zeta);
      tmp_mat_pointwise_ptr[(k * blockDim.x) * ki] = make_short2(tmp_x, tmp_y);
    }
  }  // pointwise_multiplication

  __syncthreads();

  short sum0 = 0;
  short sum1 = 0;
  {
    for (unsigned ki = 0; ki < k; ++ki) {
      short2 mtmp = tmp_mat_acc_ptr[blockDim.x * ki];
      sum0 += mtmp.x;
      sum1 += mtmp.y;
    }
    constexpr std::int16_t mont_r_squared = (1ULL << 32) % params::q;
    sum0 = reduce::montgomery_reduce(static_cast<std::int32_t>(sum0) *
                                     mont_r_squared);
    sum1 = reduce::montgomery_reduce(static_cast<std::int32_t>(sum1) *
                                     mont_r_squared);
  }  // accumulation

  short2 vtmp = *vec2;
  sum0 = reduce::barrett_reduce(sum0 + vtmp.x);
  sum1 = reduce::barrett_reduce(sum1 + vtmp.y);
  *vec_out = make_short2(sum0, sum1);
}

template <unsigned K>
__global__ void mattimesvec(short2* vec_out, const short2* mat,
                            const short2* vec) {
  constexpr unsigned k = K;

  extern __shared__ short2 tmp_shared[];

  const unsigned coeffid = blockIdx.x * blockDim.x + threadIdx.x;

  mat += (k * k * params::n / 2) * blockIdx.y + (params::n / 2) * threadIdx.y +
         coeffid;
  vec_out += (k * params::n / 2) * blockIdx.y + (params::n / 2) * threadIdx.y +
             coeffid;
  vec += (k * params::n / 2) * blockIdx.y + (params::n / 2) * threadIdx.y +
         coeffid;
  short2* tmp_mat_pointwise_ptr =
      tmp_shared + blockDim.x * threadIdx.y + threadIdx.x;
  short2* tmp_mat_acc_ptr =
      tmp_shared + (k * blockDim.x) * threadIdx.y + threadIdx.x;

  {
    short zeta = zetas_table::zetas[64 + (coeffid >> 1)];
    short b = coeffid & 0b1;
    zeta = (zeta ^ (-b)) + b;

    short2 v = *vec;
    short rhs_x = v.x;
    short rhs_y = v.y;
    for (unsigned ki = 0; ki < k; ++ki) {
      short2 m = mat[(k * params::n / 2) * ki];
      short lhs_x = m.x;
      short lhs_y = m.y;
      short tmp_x, tmp_y;
      basemul(tmp_x, tmp_y, lhs_x, lhs_y, rhs_x, rhs_y, zeta);
      tmp_mat_pointwise_ptr[(k * blockDim.x) * ki] = make_short2(tmp_x, tmp_y);
    }
  }  // pointwise_multiplication

  __syncthreads();

  short sum0 = 0;
  short sum1 = 0;
  {
    for (unsigned ki = 0; ki < k; ++ki) {
      short2 mtmp = tmp_mat_acc_ptr[blockDim.x * ki];
      sum0 += mtmp.x;
      sum1 += mtmp.y;
    }
    sum0 = reduce::barrett_reduce(sum0);
    sum1 = reduce::barrett_reduce(sum1);
  }  // accumulation
  *vec_out = make_short2(sum0, sum1);
}

template <unsigned K>
__global__ void vectimesvec(short2* poly_out, const short2* vec1,
                            const short2* vec2) {
  constexpr unsigned k = K;

  poly_out += (params::n / 2) * blockIdx.x + threadIdx.x;
  vec1 += (k * params::n / 2) * blockIdx.x + threadIdx.x;
  vec2 += (k * params::n / 2) * blockIdx.x + threadIdx.x;

  short zeta = zetas_table::zetas[64 + (threadIdx.x >> 1)];
  std::int16_t b = threadIdx.x & 0b1;
  zeta = (zeta ^ (-b)) + b;

  short sum0 = 0;
  short sum1 = 0;
  for (unsigned ki = 0; ki < k; ++ki) {
    short2 v1 = vec1[(params::n / 2) * ki];
    short2 v2 = vec2[(params::n / 2) * ki];
    short lhs_x = v1.x;
    short lhs_y = v1.y;
    short rhs_x = v2.x;
    short rhs_y = v2.y;
    short tmp_x, tmp_y;
    basemul(tmp_x, tmp_y, lhs_x, lhs_y, rhs_x, rhs_y, zeta);
    sum0 += tmp_x;
    sum1 += tmp_y;
  }
  *poly_out = make_short2(sum0, sum1);
}

__global__ void add2(short2* poly_out, const short2* poly1,
                     const short2* poly2) {
  poly_out += (params::n / 2) * blockIdx.x + threadIdx.x;
  poly1 += (params::n / 2) * blockIdx.x + threadIdx.x;
  poly2 += (params::n / 2) * blockIdx.x + threadIdx.x;

  short2 p1 = *poly1;
  short2 p2 = *poly2;
  short rx = reduce::barrett_reduce(p1.x + p2.x);
  short ry = reduce::barrett_reduce(p1.y + p2.y);
  *poly_out = make_short2(rx, ry);
}

__global__ void add3(short2* poly_out, const short2* poly1, const short2* poly2,
                     const short2* poly3) {
  poly_out += (params::n / 2) * blockIdx.x + threadIdx.x;
  poly1 += (params::n / 2) * blockIdx.x + threadIdx.x;
  poly2 += (params::n / 2) * blockIdx.x + threadIdx.x;
  poly3 += (params::n / 2) * blockIdx.x + threadIdx.x;

  short2 p1 = *poly1;
  short2 p2 = *poly2;
  short2 p3 = *poly3;
  short rx = reduce::barrett_reduce(p1.x + p2.x + p3.x);
  short ry = reduce::barrett_reduce(p1.y + p2.y + p3.y);
  *poly_out = make_short2(rx, ry);
}

__global__ void sub(short2* poly_out, const short2* poly1,
                    const short2* poly2) {
  poly_out += (params::n / 2) * blockIdx.x + threadIdx.x;
  poly1 += (params::n / 2) * blockIdx.x + threadIdx.x;
  poly2 += (params::n / 2) * blockIdx.x + threadIdx.x;

  short2 p1 = *poly1;
  short2 p2 = *poly2;
  short rx = reduce::barrett_reduce(p1.x - p2.x);
  short ry = reduce::barrett_reduce(p1.y - p2.y);
  *poly_out = make_short2(rx, ry);
}

template __global__ void mattimesvec_tomont_plusvec<2>(short2*, const short2*,
                                                       const short2*,
                                                       const short2*);
template __global__ void mattimesvec_tomont_plusvec<3>(short2*, const short2*,
                                                       const short2*,
                                                       const short2*);
template __global__ void mattimesvec_tomont_plusvec<4>(short2*, const short2*,
                                                       const short2*,
                                                       const short2*);

template __global__ void mattimesvec<2>(short2*, const short2*, const short2*);
template __global__ void mattimesvec<3>(short2*, const short2*, const short2*);
template __global__ void mattimesvec<4>(short2*, const short2*, const short2*);

template __global__ void vectimesvec<2>(short2*, const short2*, const short2*);
template __global__ void vectimesvec<3>(short2*, const short2*, const short2*);
template __global__ void vectimesvec<4>(short2*, const short2*, const short2*);

}  // namespace atpqc_cuda::kyber::arithmetic_mt::global
