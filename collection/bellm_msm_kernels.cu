// tilelab kernel collection: era-bellman-cuda's MSM (Pippenger) bucket kernels on BN254 G1, Montgomery-form field arithmetic
// Source:  https://github.com/matter-labs/era-bellman-cuda/blob/a87a309e7c07ef6b3fc5532e50d5d244aab9f4d0/src/msm_kernels.cu
//          (matter-labs/era-bellman-cuda, commit a87a309)
// Licence: MIT OR Apache-2.0 (the repository's LICENSE-MIT and LICENSE-APACHE; the MIT notice is kept below).
// Kept: src/msm_kernels.cu lines 1-21, 29-76, 84-102, 110-156, 166-181, 189-232, 240-259, 266-300, 308-309, 328-329 (the
// nine __global__ kernels; the host launchers and set_kernel_attributes removed, each marked). Headers copied in, marked:
// src/common.cuh, ff_storage.cuh, ff_config.cuh, memory.cuh, ptx.cuh, ec.cuh, host_math.cuh, carry_chain.cuh, ff_dispatch_st.cuh
// (whole, in the order msm_kernels.cu's includes reach them), ff_config.cu (whole: inv_p, inv_q), msm_kernels.cuh 1-13, 37-38.

// ---- LICENSE-MIT of matter-labs/era-bellman-cuda ----
// MIT License
//
// Copyright (c) 2022 Matter Labs
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

// ---- copied in: src/common.cuh, lines 1-28 (whole) ----
#pragma once
#include <cstdio>
#include <cuda_runtime.h>

#define HANDLE_CUDA_ERROR(statement)                                                                                                                           \
  {                                                                                                                                                            \
    cudaError_t hce_result = (statement);                                                                                                                      \
    if (hce_result != cudaSuccess)                                                                                                                             \
      return hce_result;                                                                                                                                       \
  }

#ifdef __CUDA_ARCH__
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#else
#define likely(x) (x)
#define unlikely(x) (x)
#endif

static constexpr unsigned log2_floor(const unsigned value) {
  unsigned v = value;
  unsigned result = 0;
  while (v >>= 1)
    result++;
  return result;
}

static constexpr unsigned log2_ceiling(const unsigned value) { return value <= 1 ? 0 : log2_floor(value - 1) + 1; }
// ---- end of src/common.cuh ----

// ---- copied in: src/ff_storage.cuh, lines 1-46 (whole) ----
#pragma once
#include <cstdint>

using namespace std;

#define LIMBS_ALIGNMENT(x) ((x) % 4 == 0 ? 16 : ((x) % 2 == 0 ? 8 : 4))

template <unsigned LIMBS_COUNT> struct __align__(LIMBS_ALIGNMENT(LIMBS_COUNT)) ff_storage {
  static constexpr unsigned LC = LIMBS_COUNT;
  uint32_t limbs[LIMBS_COUNT];
};

template <unsigned LIMBS_COUNT> struct __align__(LIMBS_ALIGNMENT(LIMBS_COUNT)) ff_storage_wide {
  static_assert(LIMBS_COUNT ^ 1);
  static constexpr unsigned LC = LIMBS_COUNT;
  static constexpr unsigned LC2 = LIMBS_COUNT * 2;
  uint32_t limbs[LC2];

  void __device__ __forceinline__ set_lo(const ff_storage<LIMBS_COUNT> &in) {
#pragma unroll
    for (unsigned i = 0; i < LC; i++)
      limbs[i] = in.limbs[i];
  }

  void __device__ __forceinline__ set_hi(const ff_storage<LIMBS_COUNT> &in) {
#pragma unroll
    for (unsigned i = 0; i < LC; i++)
      limbs[i + LC].x = in.limbs[i];
  }

  ff_storage<LC> __device__ __forceinline__ get_lo() {
    ff_storage<LC> out{};
#pragma unroll
    for (unsigned i = 0; i < LC; i++)
      out.limbs[i] = limbs[i];
    return out;
  }

  ff_storage<LC> __device__ __forceinline__ get_hi() {
    ff_storage<LC> out{};
#pragma unroll
    for (unsigned i = 0; i < LC; i++)
      out.limbs[i] = limbs[i + LC].x;
    return out;
  }
};
// ---- end of src/ff_storage.cuh ----

// ---- copied in: src/ff_config.cuh, lines 1-84 (whole) ----
// finite field definitions

#pragma once

// #include "ff_storage.cuh"   (line 5: ff_storage.cuh's text is above)

struct ff_config_p {
  // field structure size = 8 * 32 bit
  static constexpr unsigned limbs_count = 8;
  // modulus = 21888242871839275222246405745257275088696311157297823662689037894645226208583
  static constexpr ff_storage<limbs_count> modulus = {0xd87cfd47, 0x3c208c16, 0x6871ca8d, 0x97816a91, 0x8181585d, 0xb85045b6, 0xe131a029, 0x30644e72};
  // modulus*2 = 43776485743678550444492811490514550177392622314595647325378075789290452417166
  static constexpr ff_storage<limbs_count> modulus_2 = {0xb0f9fa8e, 0x7841182d, 0xd0e3951a, 0x2f02d522, 0x0302b0bb, 0x70a08b6d, 0xc2634053, 0x60c89ce5};
  // modulus*4 = 87552971487357100888985622981029100354785244629191294650756151578580904834332
  static constexpr ff_storage<limbs_count> modulus_4 = {0x61f3f51c, 0xf082305b, 0xa1c72a34, 0x5e05aa45, 0x06056176, 0xe14116da, 0x84c680a6, 0xc19139cb};
  // modulus^2
  static constexpr ff_storage_wide<limbs_count> modulus_squared = {0x275d69b1, 0x3b5458a2, 0x09eac101, 0xa602072d, 0x6d96cadc, 0x4a50189c,
                                                                   0x7a1242c8, 0x04689e95, 0x34c6b38d, 0x26edfa5c, 0x16375606, 0xb00b8551,
                                                                   0x0348d21c, 0x599a6f7c, 0x763cbf9c, 0x0925c4b8};
  // 2*modulus^2
  static constexpr ff_storage_wide<limbs_count> modulus_squared_2 = {0x4ebad362, 0x76a8b144, 0x13d58202, 0x4c040e5a, 0xdb2d95b9, 0x94a03138,
                                                                     0xf4248590, 0x08d13d2a, 0x698d671a, 0x4ddbf4b8, 0x2c6eac0c, 0x60170aa2,
                                                                     0x0691a439, 0xb334def8, 0xec797f38, 0x124b8970};
  // 4*modulus^2
  static constexpr ff_storage_wide<limbs_count> modulus_squared_4 = {0x9d75a6c4, 0xed516288, 0x27ab0404, 0x98081cb4, 0xb65b2b72, 0x29406271,
                                                                     0xe8490b21, 0x11a27a55, 0xd31ace34, 0x9bb7e970, 0x58dd5818, 0xc02e1544,
                                                                     0x0d234872, 0x6669bdf0, 0xd8f2fe71, 0x249712e1};
  // r2 = 3096616502983703923843567936837374451735540968419076528771170197431451843209
  static constexpr ff_storage<limbs_count> r2 = {0x538afa89, 0xf32cfc5b, 0xd44501fb, 0xb5e71911, 0x0a417ff6, 0x47ab1eff, 0xcab8351f, 0x06d89f71};
  // inv
  static constexpr uint32_t inv = 0xe4866389;
  // 1 in montgomery form
  static constexpr ff_storage<limbs_count> one = {0xc58f0d9d, 0xd35d438d, 0xf5c70b3d, 0x0a78eb28, 0x7879462c, 0x666ea36f, 0x9a07df2f, 0x0e0a77c1};
  static constexpr unsigned modulus_bits_count = 254;
};

// Can't make this a member of ff_config_p. nvcc does not allow __constant__ on members.
extern __device__ __constant__ uint32_t inv_p;

struct ff_config_q {
  // field structure size = 8 * 32 bit
  static constexpr unsigned limbs_count = 8;
  // modulus = 21888242871839275222246405745257275088548364400416034343698204186575808495617
  static constexpr ff_storage<limbs_count> modulus = {0xf0000001, 0x43e1f593, 0x79b97091, 0x2833e848, 0x8181585d, 0xb85045b6, 0xe131a029, 0x30644e72};
  // modulus*2 = 43776485743678550444492811490514550177096728800832068687396408373151616991234
  static constexpr ff_storage<limbs_count> modulus_2 = {0xe0000002, 0x87c3eb27, 0xf372e122, 0x5067d090, 0x0302b0ba, 0x70a08b6d, 0xc2634053, 0x60c89ce5};
  // modulus*4 = 87552971487357100888985622981029100354193457601664137374792816746303233982468
  static constexpr ff_storage<limbs_count> modulus_4 = {0xc0000004, 0x0f87d64f, 0xe6e5c245, 0xa0cfa121, 0x06056174, 0xe14116da, 0x84c680a6, 0xc19139cb};
  // modulus^2
  static constexpr ff_storage_wide<limbs_count> modulus_squared = {0xe0000001, 0x08c3eb27, 0xdcb34000, 0xc7f26223, 0x68c9bb7f, 0xffe9a62c,
                                                                   0xe821ddb0, 0xa6ce1975, 0x47b62fe7, 0x2c77527b, 0xd379d3df, 0x85f73bb0,
                                                                   0x0348d21c, 0x599a6f7c, 0x763cbf9c, 0x0925c4b8};
  // 2*modulus^2
  static constexpr ff_storage_wide<limbs_count> modulus_squared_2 = {0xc0000002, 0x1187d64f, 0xb9668000, 0x8fe4c447, 0xd19376ff, 0xffd34c58,
                                                                     0xd043bb61, 0x4d9c32eb, 0x8f6c5fcf, 0x58eea4f6, 0xa6f3a7be, 0x0bee7761,
                                                                     0x0691a439, 0xb334def8, 0xec797f38, 0x124b8970};
  // 4*modulus^2
  static constexpr ff_storage_wide<limbs_count> modulus_squared_4 = {0x80000004, 0x230fac9f, 0x72cd0000, 0x1fc9888f, 0xa326edff, 0xffa698b1,
                                                                     0xa08776c3, 0x9b3865d7, 0x1ed8bf9e, 0xb1dd49ed, 0x4de74f7c, 0x17dceec3,
                                                                     0x0d234872, 0x6669bdf0, 0xd8f2fe71, 0x249712e1};
  // r2 = 944936681149208446651664254269745548490766851729442924617792859073125903783
  static constexpr ff_storage<limbs_count> r2 = {0xae216da7, 0x1bb8e645, 0xe35c59e3, 0x53fe3ab1, 0x53bb8085, 0x8c49833d, 0x7f4e44a5, 0x0216d0b1};
  // inv
  static constexpr uint32_t inv = 0xefffffff;
  // 1 in montgomery form
  static constexpr ff_storage<limbs_count> one = {0x4ffffffb, 0xac96341c, 0x9f60cd29, 0x36fc7695, 0x7879462e, 0x666ea36f, 0x9a07df2f, 0x0e0a77c1};
  static constexpr unsigned modulus_bits_count = 254;
  // log2 of order of omega
  static constexpr unsigned omega_log_order = 28;
  // k=(modulus-1)/(2^omega_log_order) = (21888242871839275222246405745257275088548364400416034343698204186575808495617-1)/(2^28) =
  // 81540058820840996586704275553141814055101440848469862132140264610111
  // omega generator is 7
  static constexpr unsigned omega_generator = 7;
  // omega = generator^k mod P = 7^81540058820840996586704275553141814055101440848469862132140264610111 mod
  // 21888242871839275222246405745257275088548364400416034343698204186575808495617 =
  // 1748695177688661943023146337482803886740723238769601073607632802312037301404 =
  // omega in montgomery form
  static constexpr ff_storage<limbs_count> omega = {0xb639feb8, 0x9632c7c5, 0x0d0ff299, 0x985ce340, 0x01b0ecd8, 0xb2dd8800, 0x6d98ce29, 0x1d69070d};
  // inverse of 2 in montgomery form
  static constexpr ff_storage<limbs_count> two_inv = {0x1ffffffe, 0x783c14d8, 0x0c8d1edd, 0xaf982f6f, 0xfcfd4f45, 0x8f5f7492, 0x3d9cbfac, 0x1f37631a};
};

// Can't make this a member of ff_config_q. nvcc does not allow __constant__ on members.
extern __device__ __constant__ uint32_t inv_q;
// ---- end of src/ff_config.cuh ----

// ---- copied in: src/memory.cuh, lines 1-299 (whole) ----
#pragma once

#include <sm_32_intrinsics.h>

namespace memory {

enum class ld_modifier { none, g, cg, ca, cs, lu, cv };

template <typename T, ld_modifier MODIFIER> static constexpr __device__ __forceinline__ T ld_single(const T *ptr) {
  switch (MODIFIER) {
  case ld_modifier::none:
    return *ptr;
  case ld_modifier::g:
    return __ldg(ptr);
  case ld_modifier::cg:
    return __ldcg(ptr);
  case ld_modifier::ca:
    return __ldca(ptr);
  case ld_modifier::cs:
    return __ldcs(ptr);
  case ld_modifier::lu:
    return __ldlu(ptr);
  case ld_modifier::cv:
    return __ldcv(ptr);
  }
  return *ptr;
}

enum class st_modifier { none, wb, cg, cs, wt };

template <typename T, st_modifier MODIFIER> static constexpr __device__ __forceinline__ void st_single(T *ptr, T value) {
  switch (MODIFIER) {
  case st_modifier::none:
    *ptr = value;
    break;
  case st_modifier::wb:
    __stwb(ptr, value);
    break;
  case st_modifier::cg:
    __stcg(ptr, value);
    break;
  case st_modifier::cs:
    __stcs(ptr, value);
    break;
  case st_modifier::wt:
    __stwt(ptr, value);
    break;
  }
}

template <typename T> __device__ __forceinline__ void swap(T &a, T &b) {
  T temp = a;
  a = b;
  b = temp;
}

template <unsigned STRIDE> __device__ __forceinline__ unsigned swap_index(unsigned index) {
  const unsigned i1 = index % STRIDE;
  const unsigned i2 = index / STRIDE;
  const unsigned i3 = i2 * STRIDE * 2;
  return i3 + i1;
}

template <typename T> __device__ __forceinline__ T shfl_xor(unsigned mask, T var, int laneMask, int width = warpSize) {
  return __shfl_xor_sync(mask, var, laneMask, width);
}

template <> __device__ __forceinline__ uint2 shfl_xor(unsigned mask, uint2 var, int laneMask, int width) {
  uint2 result;
  result.x = __shfl_xor_sync(mask, var.x, laneMask, width);
  result.y = __shfl_xor_sync(mask, var.y, laneMask, width);
  return result;
}

template <> __device__ __forceinline__ uint4 shfl_xor(unsigned mask, uint4 var, int laneMask, int width) {
  uint4 result;
  result.x = __shfl_xor_sync(mask, var.x, laneMask, width);
  result.y = __shfl_xor_sync(mask, var.y, laneMask, width);
  result.z = __shfl_xor_sync(mask, var.z, laneMask, width);
  result.w = __shfl_xor_sync(mask, var.w, laneMask, width);
  return result;
}

template <typename T, unsigned STRIDE_ROW, unsigned COUNT_ROW, unsigned STRIDE_COL = STRIDE_ROW, unsigned COUNT_COL = COUNT_ROW>
__device__ __forceinline__ void transpose_tile(unsigned mask, T *u, const unsigned lane_id) {
  const bool swap_rows = !(lane_id & STRIDE_ROW);
  if (swap_rows) {
#pragma unroll
    for (unsigned i = 0; i < COUNT_ROW; i++) {
      const unsigned index = swap_index<STRIDE_ROW>(i);
      swap(u[index], u[index + STRIDE_ROW]);
    }
  }
#pragma unroll
  for (unsigned i = 0; i < COUNT_COL; i++) {
    const unsigned index = swap_index<STRIDE_COL>(i);
    u[index] = shfl_xor(mask, u[index], STRIDE_COL);
  }
  if (swap_rows) {
#pragma unroll
    for (unsigned i = 0; i < COUNT_ROW; i++) {
      const unsigned index = swap_index<STRIDE_ROW>(i);
      swap(u[index], u[index + STRIDE_ROW]);
    }
  }
}

template <class T, typename U, ld_modifier MODIFIER, unsigned STRIDE>
static constexpr __device__ __forceinline__ T ld(const T *address, const unsigned offset) {
  static_assert(alignof(T) % alignof(U) == 0);
  static_assert(sizeof(T) % sizeof(U) == 0);
  constexpr size_t count = sizeof(T) / sizeof(U);
  T result = {};
  auto pa = reinterpret_cast<const U *>(address) + offset;
  auto pr = reinterpret_cast<U *>(&result);
#pragma unroll
  for (unsigned i = 0; i < count; i++) {
    const auto pai = pa + i * STRIDE;
    const auto pri = pr + i;
    *pri = ld_single<U, MODIFIER>(pai);
  }
  return result;
}

template <class T, typename U, st_modifier MODIFIER, unsigned STRIDE>
static constexpr __device__ __forceinline__ void st(T *address, const T &value, const unsigned offset) {
  static_assert(alignof(T) % alignof(U) == 0);
  static_assert(sizeof(T) % sizeof(U) == 0);
  constexpr size_t count = sizeof(T) / sizeof(U);
  auto pa = reinterpret_cast<U *>(address) + offset;
  auto pv = reinterpret_cast<const U *>(&value);
#pragma unroll
  for (unsigned i = 0; i < count; i++) {
    auto pai = pa + i * STRIDE;
    auto pvi = pv + i;
    st_single<U, MODIFIER>(pai, *pvi);
  }
}

template <typename U, unsigned STRIDE_COL> __device__ __forceinline__ void transpose_tile(const unsigned stride_row, U *tile, const unsigned lane_id) {
  switch (stride_row) {
  case 0:
    transpose_tile<U, 1, STRIDE_COL>(UINT32_MAX, tile, lane_id);
    break;
  case 1:
    transpose_tile<U, 2, STRIDE_COL>(UINT32_MAX, tile, lane_id);
    break;
  case 2:
    transpose_tile<U, 4, STRIDE_COL>(UINT32_MAX, tile, lane_id);
    break;
  case 3:
    transpose_tile<U, 8, STRIDE_COL>(UINT32_MAX, tile, lane_id);
    break;
  case 4:
    transpose_tile<U, 16, STRIDE_COL>(UINT32_MAX, tile, lane_id);
    break;
  default:
    break;
  }
}

template <class T, typename U, unsigned LOG_WARP_SIZE, ld_modifier MODIFIER, bool CHECK_INACTIVE>
__device__ __forceinline__ T ld_warp(const T *address, const unsigned offset, const unsigned lane_id) {
  static_assert(alignof(T) % alignof(U) == 0);
  static_assert(sizeof(T) % (sizeof(U) << LOG_WARP_SIZE) == 0);
  constexpr size_t count = sizeof(T) / (sizeof(U) << LOG_WARP_SIZE);
  constexpr unsigned threads_count = 1 << LOG_WARP_SIZE;
  const unsigned l = lane_id & (threads_count - 1);
  T result = {};
  auto pr = reinterpret_cast<U *>(&result);
#pragma unroll
  for (int i = 0; i < threads_count; i++) {
    const unsigned o = __shfl_sync(UINT32_MAX, offset, i, threads_count);
    if (CHECK_INACTIVE && o == UINT32_MAX)
      continue;
    const U *ap = reinterpret_cast<const U *>(address + o) + l;
#pragma unroll
    for (unsigned j = 0; j < count; j++) {
      const unsigned shift = j << LOG_WARP_SIZE;
      pr[i + shift] = ld_single<U, MODIFIER>(ap + shift);
    }
  }
#pragma unroll
  for (unsigned i = 0; i < count; i++) {
    const unsigned shift = i << LOG_WARP_SIZE;
    U *tile = pr + shift;
    constexpr unsigned stride = threads_count >> 1;
#pragma unroll
    for (unsigned j = 0; j < LOG_WARP_SIZE; j++)
      transpose_tile<U, stride>(j, tile, l);
  }
  return result;
}

template <class T, typename U, unsigned LOG_WARP_SIZE, st_modifier MODIFIER, bool CHECK_INACTIVE>
__device__ __forceinline__ void st_warp(T *address, const unsigned offset, const T &value, const unsigned lane_id) {
  static_assert(alignof(T) % alignof(U) == 0);
  static_assert(sizeof(T) % (sizeof(U) << LOG_WARP_SIZE) == 0);
  constexpr size_t count = sizeof(T) / (sizeof(U) << LOG_WARP_SIZE);
  constexpr unsigned threads_count = 1 << LOG_WARP_SIZE;
  const unsigned l = lane_id & (threads_count - 1);
  T value_copy = value;
  auto pv = reinterpret_cast<U *>(&value_copy);
#pragma unroll
  for (unsigned i = 0; i < count; i++) {
    const unsigned shift = i << LOG_WARP_SIZE;
    U *tile = pv + shift;
    constexpr unsigned stride = threads_count >> 1;
#pragma unroll
    for (int j = LOG_WARP_SIZE - 1; j >= 0; j--)
      transpose_tile<U, stride>(j, tile, l);
  }
#pragma unroll
  for (int i = 0; i < threads_count; i++) {
    const unsigned o = __shfl_sync(UINT32_MAX, offset, i, threads_count);
    if (CHECK_INACTIVE && o == UINT32_MAX)
      continue;
    U *ap = reinterpret_cast<U *>(address + o) + l;
#pragma unroll
    for (unsigned j = 0; j < count; j++) {
      const unsigned shift = j << LOG_WARP_SIZE;
      st_single<U, MODIFIER>(ap + shift, pv[i + shift]);
    }
  }
}

template <class T, ld_modifier MODIFIER = ld_modifier::none, unsigned STRIDE = 1, typename U = enable_if_t<sizeof(T) % sizeof(uint4) == 0, uint4>>
static constexpr __device__ __forceinline__ T load(const T *address, const unsigned offset = 0, [[maybe_unused]] uint4 _dummy = {}) {
  return ld<T, U, MODIFIER, STRIDE>(address, offset);
};

template <class T, unsigned LOG_WARP_SIZE, ld_modifier MODIFIER = ld_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint4) << LOG_WARP_SIZE) == 0, uint4>>
static constexpr __device__ __forceinline__ T load_warp(const T *address, const unsigned offset, const unsigned lane_id, [[maybe_unused]] uint4 _dummy = {}) {
  return ld_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, lane_id);
};

template <class T, ld_modifier MODIFIER = ld_modifier::none, unsigned STRIDE = 1,
          typename U = enable_if_t<(sizeof(T) % sizeof(uint4) != 0) && (sizeof(T) % sizeof(uint2) == 0), uint2>>
static constexpr __device__ __forceinline__ T load(const T *address, const unsigned offset = 0, [[maybe_unused]] uint2 _dummy = {}) {
  return ld<T, U, MODIFIER, STRIDE>(address, offset);
};

template <class T, unsigned LOG_WARP_SIZE, ld_modifier MODIFIER = ld_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint4) << LOG_WARP_SIZE) != 0 && sizeof(T) % (sizeof(uint2) << LOG_WARP_SIZE) == 0, uint2>>
static constexpr __device__ __forceinline__ T load_warp(const T *address, const unsigned offset, const unsigned lane_id, [[maybe_unused]] uint2 _dummy = {}) {
  return ld_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, lane_id);
};

template <class T, ld_modifier MODIFIER = ld_modifier::none, unsigned STRIDE = 1, typename U = enable_if_t<sizeof(T) % sizeof(uint2) != 0, unsigned>>
static constexpr __device__ __forceinline__ T load(const T *address, const unsigned offset = 0, [[maybe_unused]] unsigned _dummy = {}) {
  return ld<T, U, MODIFIER, STRIDE>(address, offset);
};

template <class T, unsigned LOG_WARP_SIZE, ld_modifier MODIFIER = ld_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint2) << LOG_WARP_SIZE) != 0, unsigned>>
static constexpr __device__ __forceinline__ T load_warp(const T *address, const unsigned offset, const unsigned lane_id,
                                                        [[maybe_unused]] unsigned _dummy = {}) {
  return ld_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, lane_id);
};

template <class T, st_modifier MODIFIER = st_modifier::none, unsigned STRIDE = 1, typename U = enable_if_t<sizeof(T) % sizeof(uint4) == 0, uint4>>
static constexpr __device__ __forceinline__ void store(T *address, const T &value, const unsigned offset = 0, [[maybe_unused]] uint4 _dummy = {}) {
  st<T, U, MODIFIER, STRIDE>(address, value, offset);
}

template <class T, unsigned LOG_WARP_SIZE, st_modifier MODIFIER = st_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint4) << LOG_WARP_SIZE) == 0, uint4>>
static constexpr __device__ __forceinline__ void store_warp(T *address, const unsigned offset, const T &value, const unsigned lane_id,
                                                            [[maybe_unused]] uint4 _dummy = {}) {
  st_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, value, lane_id);
}

template <class T, st_modifier MODIFIER = st_modifier::none, unsigned STRIDE = 1,
          typename U = enable_if_t<(sizeof(T) % sizeof(uint4) != 0) && (sizeof(T) % sizeof(uint2) == 0), uint2>>
static constexpr __device__ __forceinline__ void store(T *address, const T &value, const unsigned offset = 0, [[maybe_unused]] uint2 _dummy = {}) {
  st<T, U, MODIFIER, STRIDE>(address, value, offset);
}

template <class T, unsigned LOG_WARP_SIZE, st_modifier MODIFIER = st_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint4) << LOG_WARP_SIZE) != 0 && sizeof(T) % (sizeof(uint2) << LOG_WARP_SIZE) == 0, uint2>>
static constexpr __device__ __forceinline__ void store_warp(T *address, const unsigned offset, const T &value, const unsigned lane_id,
                                                            [[maybe_unused]] uint2 _dummy = {}) {
  st_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, value, lane_id);
}

template <class T, st_modifier MODIFIER = st_modifier::none, unsigned STRIDE = 1, typename U = enable_if_t<sizeof(T) % sizeof(uint2) != 0, unsigned>>
static constexpr __device__ __forceinline__ void store(T *address, const T &value, const unsigned offset = 0, [[maybe_unused]] unsigned _dummy = {}) {
  st<T, U, MODIFIER, STRIDE>(address, value, offset);
}

template <class T, unsigned LOG_WARP_SIZE, st_modifier MODIFIER = st_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint2) << LOG_WARP_SIZE) != 0, unsigned>>
static constexpr __device__ __forceinline__ void store_warp(T *address, const unsigned offset, const T &value, const unsigned lane_id,
                                                            [[maybe_unused]] unsigned _dummy = {}) {
  st_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, value, lane_id);
}

} // namespace memory
// ---- end of src/memory.cuh ----

// ---- copied in: src/ptx.cuh, lines 1-241 (whole) ----
#pragma once
#include <cstdint>
#include <cuda_runtime.h>

namespace ptx {

__device__ __forceinline__ uint32_t add(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm("add.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

__device__ __forceinline__ uint32_t add_cc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

__device__ __forceinline__ uint32_t addc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("addc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

__device__ __forceinline__ uint32_t addc_cc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

__device__ __forceinline__ uint32_t sub(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm("sub.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

__device__ __forceinline__ uint32_t sub_cc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

__device__ __forceinline__ uint32_t subc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("subc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

__device__ __forceinline__ uint32_t subc_cc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

__device__ __forceinline__ uint32_t mul_lo(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm("mul.lo.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

__device__ __forceinline__ uint32_t mul_hi(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm("mul.hi.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

__device__ __forceinline__ uint32_t mad_lo(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

__device__ __forceinline__ uint32_t mad_hi(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm("mad.hi.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

__device__ __forceinline__ uint32_t mad_lo_cc(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("mad.lo.cc.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

__device__ __forceinline__ uint32_t mad_hi_cc(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("mad.hi.cc.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

__device__ __forceinline__ uint32_t madc_lo(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("madc.lo.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

__device__ __forceinline__ uint32_t madc_hi(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("madc.hi.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

__device__ __forceinline__ uint32_t madc_lo_cc(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("madc.lo.cc.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

__device__ __forceinline__ uint32_t madc_hi_cc(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("madc.hi.cc.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

__device__ __forceinline__ uint64_t mov_b64(uint32_t lo, uint32_t hi) {
  uint64_t result;
  asm("mov.b64 %0, {%1,%2};" : "=l"(result) : "r"(lo), "r"(hi));
  return result;
}

// Gives u64 overloads a dedicated namespace.
// Callers should know exactly what they're calling (no implicit conversions).
namespace u64 {

__device__ __forceinline__ uint64_t add(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm("add.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

__device__ __forceinline__ uint64_t add_cc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("add.cc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

__device__ __forceinline__ uint64_t addc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("addc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

__device__ __forceinline__ uint64_t addc_cc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("addc.cc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

__device__ __forceinline__ uint64_t sub(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm("sub.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

__device__ __forceinline__ uint64_t sub_cc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("sub.cc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

__device__ __forceinline__ uint64_t subc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("subc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

__device__ __forceinline__ uint64_t subc_cc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("subc.cc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

__device__ __forceinline__ uint64_t mul_lo(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm("mul.lo.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

__device__ __forceinline__ uint64_t mul_hi(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm("mul.hi.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

__device__ __forceinline__ uint64_t mad_lo(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm("mad.lo.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

__device__ __forceinline__ uint64_t mad_hi(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm("mad.hi.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

__device__ __forceinline__ uint64_t mad_lo_cc(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("mad.lo.cc.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

__device__ __forceinline__ uint64_t mad_hi_cc(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("mad.hi.cc.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

__device__ __forceinline__ uint64_t madc_lo(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("madc.lo.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

__device__ __forceinline__ uint64_t madc_hi(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("madc.hi.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

__device__ __forceinline__ uint64_t madc_lo_cc(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("madc.lo.cc.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

__device__ __forceinline__ uint64_t madc_hi_cc(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("madc.hi.cc.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

} // namespace u64

__device__ __forceinline__ void bar_arrive(const unsigned name, const unsigned count) {
  asm volatile("bar.arrive %0, %1;" : : "r"(name), "r"(count) : "memory");
}

__device__ __forceinline__ void bar_sync(const unsigned name, const unsigned count) { asm volatile("bar.sync %0, %1;" : : "r"(name), "r"(count) : "memory"); }

} // namespace ptx
// ---- end of src/ptx.cuh ----

// ---- copied in: src/ec.cuh, lines 1-848 (whole) ----
#pragma once

// #include "common.cuh"   (line 3: common.cuh's text is above)
// #include "ff_config.cuh"   (line 4: ff_config.cuh's text is above)
// #include "memory.cuh"   (line 5: memory.cuh's text is above)
// #include "ptx.cuh"   (line 6: ptx.cuh's text is above)
#include <cstdint>

template <typename FD, unsigned B_VALUE> struct ec {
  typedef FD field;
  typedef typename FD::storage storage;
  typedef typename FD::storage_wide storage_wide;

  struct point_projective;

  struct point_jacobian;

  struct point_xyzz;

  struct point_affine {
    storage x;
    storage y;

    static __host__ __device__ __forceinline__ point_affine to_montgomery(const point_affine &point, const FD &fd) {
      const storage x = fd.to_montgomery(point.x);
      const storage y = fd.to_montgomery(point.y);
      return {x, y};
    }

    static __host__ __device__ __forceinline__ point_affine from_montgomery(const point_affine &point, const FD &fd) {
      const storage x = fd.from_montgomery(point.x);
      const storage y = fd.from_montgomery(point.y);
      return {x, y};
    }

    static __host__ __device__ __forceinline__ point_affine neg(const point_affine &point, const FD &fd) { return {point.x, fd.neg(point.y)}; }

    static __host__ __device__ __forceinline__ point_projective to_projective(const point_affine &point, const FD &fd) {
      return {point.x, point.y, fd.get_one()};
    }

    static __host__ __device__ __forceinline__ point_jacobian to_jacobian(const point_affine &point, const FD &fd) { return {point.x, point.y, fd.get_one()}; }

    static __host__ __device__ __forceinline__ point_xyzz to_xyzz(const point_affine &point, const FD &fd) {
      return {point.x, point.y, fd.get_one(), fd.get_one()};
    }

    //  y^2=x^3+b
    static __host__ __device__ __forceinline__ bool is_on_curve(const point_affine &point, const FD &fd) {
      const storage x = point.x;
      const storage y = point.y;
      const storage y2 = fd.mul(y, y);
      const storage x3 = fd.mul(x, fd.template sqr<0>(x));
      const storage a = y2;
      const storage b = fd.add(x3, fd.mul(B_VALUE, fd.get_one()));
      return fd.eq(a, b);
    }
  };

  struct point_projective {
    storage x;
    storage y;
    storage z;

    static constexpr __host__ __device__ __forceinline__ point_projective point_at_infinity(const FD &fd) { return {{0}, fd.get_one(), {0}}; };

    static __host__ __device__ __forceinline__ point_projective to_montgomery(const point_projective &point, const FD &fd) {
      const storage x = fd.to_montgomery<0>(point.x);
      const storage y = fd.to_montgomery<0>(point.y);
      const storage z = fd.to_montgomery<0>(point.z);
      return {x, y, z};
    }

    static __host__ __device__ __forceinline__ point_projective from_montgomery(const point_projective &point, const FD &fd) {
      const storage x = fd.from_montgomery<0>(point.x);
      const storage y = fd.from_montgomery<0>(point.y);
      const storage z = fd.from_montgomery<0>(point.z);
      return {x, y, z};
    }

    static __host__ __device__ __forceinline__ point_projective neg(const point_projective &point, const FD &fd) {
      return {point.x, fd.template neg<2>(point.y), point.z};
    }

    static __host__ __device__ __forceinline__ bool eq(const point_projective &p1, const point_projective &p2, const FD &fd) {
      const storage z1 = fd.reduce(p1.z);
      const storage z2 = fd.reduce(p2.z);
      if (fd.is_zero(z1) != fd.is_zero(z2))
        return false;
      const storage x1 = fd.mul(p1.x, z2);
      const storage x2 = fd.mul(p2.x, z1);
      const storage y1 = fd.mul(p1.y, z2);
      const storage y2 = fd.mul(p2.y, z1);
      const bool eqx = fd.eq(x1, x2);
      const bool eqy = fd.eq(y1, y2);
      return eqx && eqy;
    }

    static __host__ __device__ __forceinline__ point_jacobian to_jacobian(const point_projective &point, const FD &fd) {
      const storage x = fd.template mul<0>(point.x, point.z);
      const storage y = fd.template mul<0>(point.y, fd.template sqr<0>(point.z));
      const storage z = point.z;
      return {x, y, z};
    }

    static __host__ __device__ __forceinline__ point_xyzz to_xyzz(const point_projective &point, const FD &fd) {
      const storage z = point.z;
      const storage zz = fd.template sqr<0>(z);
      const storage x = fd.template mul<0>(point.x, z);
      const storage y = fd.template mul<0>(point.y, zz);
      const storage zzz = fd.template mul<0>(z, zz);

      return {x, y, zz, zzz};
    }

    // x=X/Z
    // y=Y/Z
    // y^2=x^3+b => Y^2/Z^2=X^3/Z^3+b => Y^2*Z = X^3 + b*Z^3
    static __host__ __device__ __forceinline__ bool is_on_curve(const point_projective &point, const FD &fd) {
      const storage x = point.x;
      const storage y = point.y;
      const storage z = fd.reduce(point.z);
      if (fd.is_zero(z))
        return false;
      const storage y2 = fd.template mul<0>(y, y);
      const storage x3 = fd.mul(x, fd.template sqr<0>(x));
      const storage z3 = fd.mul(z, fd.template sqr<0>(z));
      const storage a = fd.mul(y2, z);
      const storage b = fd.add(x3, fd.mul(B_VALUE, z3));
      return fd.eq(a, b);
    }
  };

  struct point_jacobian {
    storage x;
    storage y;
    storage z;

    static constexpr __host__ __device__ __forceinline__ point_jacobian point_at_infinity(const FD &fd) { return {{0}, fd.get_one(), {0}}; };

    static __host__ __device__ __forceinline__ point_jacobian to_montgomery(const point_jacobian &point, const FD &fd) {
      const storage x = fd.to_montgomery<0>(point.x);
      const storage y = fd.to_montgomery<0>(point.y);
      const storage z = fd.to_montgomery<0>(point.z);
      return {x, y, z};
    }

    static __host__ __device__ __forceinline__ point_jacobian from_montgomery(const point_jacobian &point, const FD &fd) {
      const storage x = fd.from_montgomery<0>(point.x);
      const storage y = fd.from_montgomery<0>(point.y);
      const storage z = fd.from_montgomery<0>(point.z);
      return {x, y, z};
    }

    static __host__ __device__ __forceinline__ point_jacobian neg(const point_jacobian &point, const FD &fd) {
      return {point.x, fd.template neg<2>(point.y), point.z};
    }

    static __host__ __device__ __forceinline__ bool eq(const point_jacobian &p1, const point_jacobian &p2, const FD &fd) {
      const storage z1 = fd.reduce(p1.z);
      const storage z2 = fd.reduce(p2.z);
      if (fd.is_zero(z1) != fd.is_zero(z2))
        return false;
      const storage z1z1 = fd.template sqr<0>(z1);
      const storage z2z2 = fd.template sqr<0>(z2);
      const storage z1z1z1 = fd.template mul<0>(z1, z1z1);
      const storage z2z2z2 = fd.template mul<0>(z2, z2z2);
      const storage x1 = fd.mul(p1.x, z2z2);
      const storage x2 = fd.mul(p2.x, z1z1);
      const storage y1 = fd.mul(p1.y, z2z2z2);
      const storage y2 = fd.mul(p2.y, z1z1z1);
      return fd.eq(x1, x2) && fd.eq(y1, y2);
    }

    static __host__ __device__ __forceinline__ point_projective to_projective(const point_jacobian &point, const FD &fd) {
      const storage x = fd.template mul<0>(point.x, point.z);
      const storage y = point.y;
      const storage z = fd.template mul<0>(point.z, fd.template sqr<0>(point.z));
      return {x, y, z};
    }

    // x=X/Z^2
    // y=Y/Z^3
    // y^2=x^3+b => Y^2/Z^6=X^3/Z^6+b => Y^2 = X^3 + b*Z^6
    static bool __host__ __device__ __forceinline__ is_on_curve(const point_jacobian &point, const FD &fd) {
      const storage x = point.x;
      const storage y = point.y;
      const storage z = fd.reduce(point.z);
      if (fd.is_zero(z))
        return false;
      const storage y2 = fd.mul(y, y);
      const storage x3 = fd.mul(x, fd.template sqr<0>(x));
      const storage z2 = fd.sqr(z);
      const storage z6 = fd.mul(z2, fd.template sqr<0>(z2));
      const storage a = y2;
      const storage b = fd.add(x3, fd.mul(B_VALUE, z6));
      return fd.eq(a, b);
    }
  };

  //  https://hyperelliptic.org/EFD/g1p/auto-shortw-xyzz.html
  //  x=X/ZZ
  //  y=Y/ZZZ
  //  ZZ^3=ZZZ^2
  struct point_xyzz {
    storage x;
    storage y;
    storage zz;
    storage zzz;

    static constexpr __host__ __device__ __forceinline__ point_xyzz point_at_infinity(const FD &fd) { return {{0}, fd.get_one(), {0}, {0}}; };

    static __host__ __device__ __forceinline__ point_xyzz to_montgomery(const point_xyzz &point, const FD &fd) {
      const storage x = fd.to_montgomery<0>(point.x);
      const storage y = fd.to_montgomery<0>(point.y);
      const storage zz = fd.to_montgomery<0>(point.zz);
      const storage zzz = fd.to_montgomery<0>(point.zzz);
      return {x, y, zz, zzz};
    }

    static __host__ __device__ __forceinline__ point_xyzz from_montgomery(const point_xyzz &point, const FD &fd) {
      const storage x = fd.from_montgomery<0>(point.x);
      const storage y = fd.from_montgomery<0>(point.y);
      const storage zz = fd.from_montgomery<0>(point.zz);
      const storage zzz = fd.from_montgomery<0>(point.zzz);
      return {x, y, zz, zzz};
    }

    static __host__ __device__ __forceinline__ point_xyzz neg(const point_xyzz &point, const FD &fd) {
      return {point.x, fd.template neg<2>(point.y), point.zz, point.zzz};
    }

    static __host__ __device__ __forceinline__ bool eq(const point_xyzz &p1, const point_xyzz &p2, const FD &fd) {
      const storage zz1 = fd.reduce(p1.zz);
      const storage zz2 = fd.reduce(p2.zz);
      if (fd.is_zero(zz1) != fd.is_zero(zz2))
        return false;
      const storage x1 = fd.mul(p1.x, p2.zz);
      const storage x2 = fd.mul(p2.x, p1.zz);
      const storage y1 = fd.mul(p1.y, p2.zzz);
      const storage y2 = fd.mul(p2.y, p1.zzz);
      return fd.eq(x1, x2) && fd.eq(y1, y2);
    }

    static __host__ __device__ __forceinline__ point_projective to_projective(const point_xyzz &point, const FD &fd) {
      const storage z2 = fd.reduce(point.zz);
      if (fd.is_zero(z2))
        return point_projective::point_at_infinity(fd);
      const storage x = fd.template mul<0>(point.x, point.zzz);
      const storage y = fd.template mul<0>(point.y, point.zz);
      const storage z = fd.template mul<0>(point.zz, point.zzz);
      return {x, y, z};
    }

    static __host__ __device__ __forceinline__ point_jacobian to_jacobian(const point_xyzz &point, const FD &fd) {
      const storage zz = fd.reduce(point.zz);
      if (fd.is_zero(zz))
        return point_jacobian::point_at_infinity(fd);
      const storage z = fd.template mul<0>(point.zz, point.zzz);
      const storage x = fd.template mul<0>(fd.template mul<0>(point.x, point.zzz), z);
      const storage y = fd.template mul<0>(fd.template mul<0>(point.y, point.zz), fd.template sqr<0>(z));
      return {x, y, z};
    }

    // x=X/Z^2
    // y=Y/Z^3
    // y^2=x^3+b => Y^2/Z^6=X^3/Z^6+b => Y^2 = X^3 + b*Z^6
    static bool __host__ __device__ __forceinline__ is_on_curve(const point_xyzz &point, const FD &fd) {
      const storage x = point.x;
      const storage y = point.y;
      const storage z3 = fd.reduce(point.zzz);
      if (fd.is_zero(z3))
        return false;
      const storage y2 = fd.mul(y, y);
      const storage x3 = fd.mul(x, fd.template sqr<0>(x));
      const storage z6 = fd.sqr(z3);
      const storage a = y2;
      const storage b = fd.add(x3, fd.mul(B_VALUE, z6));
      return fd.eq(a, b);
    }
  };

  // http://www.hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html#doubling-dbl-2009-l
  template <bool CHECK_ZERO = true> static __host__ __device__ __forceinline__ point_jacobian dbl_2009_l(const point_jacobian &point, const FD &fd) {
    const storage X1 = point.x;
    const storage Y1 = point.y;
    const storage Z1 = point.z;
    if (CHECK_ZERO) {
      if (unlikely(fd.is_zero(fd.reduce(Z1))))
        return point;
    }
    const storage A = fd.template sqr<0>(X1);                                         // A = X1^2
    const storage B = fd.template sqr<0>(Y1);                                         // B = Y1^2
    const storage C = fd.template sqr<0>(B);                                          // C = B^2
    const storage t0 = fd.template add<2>(X1, B);                                     // t0 = X1+B
    const storage t1 = fd.template sqr<0>(t0);                                        // t1 = t0^2
    const storage t2 = fd.template sub<2>(t1, A);                                     // t2 = t1-A
    const storage t3 = fd.template sub<2>(t2, C);                                     // t3 = t2-C
    const storage D = fd.template dbl<2>(t3);                                         // D = 2*t3
    const storage E = fd.template add<2>(A, fd.template dbl<2>(A));                   // E = 3*A
    const storage F = fd.template sqr<0>(E);                                          // F = E^2
    const storage t4 = fd.template dbl<2>(D);                                         // t4 = 2*D
    const storage X3 = fd.template sub<2>(F, t4);                                     // X3 = F-t4
    const storage t5 = fd.template sub<2>(D, X3);                                     // t5 = D-X3
    const storage t6 = fd.template dbl<2>(fd.template dbl<2>(fd.template dbl<2>(C))); // t6 = 8*C
    const storage t7 = fd.template mul<0>(t5, E);                                     // t7 = E*t5
    const storage Y3 = fd.template sub<2>(t7, t6);                                    // Y3 = t7-t6
    const storage t8 = fd.template mul<0>(Z1, Y1);                                    // t8 = Y1*Z1
    const storage Z3 = fd.template dbl<2>(t8);                                        // Z3 = 2*t8
    return {X3, Y3, Z3};
  }

  template <bool CHECK_ZERO = true> static __host__ __device__ __forceinline__ point_jacobian dbl(const point_jacobian &point, const FD &fd) {
    return dbl_2009_l<CHECK_ZERO>(point, fd);
  }

  // http://www.hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html#addition-add-2007-bl
  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_jacobian add_2007_bl(const point_jacobian &p1, const point_jacobian &p2, const FD &fd) {
    const storage X1 = p1.x;
    const storage Y1 = p1.y;
    const storage Z1 = p1.z;
    const storage X2 = p2.x;
    const storage Y2 = p2.y;
    const storage Z2 = p2.z;
    if (CHECK_ZERO) {
      if (unlikely(fd.is_zero(fd.reduce(Z1))))
        return p2;
      if (unlikely(fd.is_zero(fd.reduce(Z2))))
        return p1;
    }
    const storage Z1Z1 = fd.template sqr<0>(Z1);     // Z1Z1 = Z1^2
    const storage Z2Z2 = fd.template sqr<0>(Z2);     // Z2Z2 = Z2^2
    const storage U1 = fd.template mul<0>(Z2Z2, X1); // U1 = X1*Z2Z2
    const storage U2 = fd.template mul<0>(Z1Z1, X2); // U2 = X2*Z1Z1
    const storage t0 = fd.template mul<0>(Z2Z2, Z2); // t0 = Z2*Z2Z2
    const storage S1 = fd.template mul<0>(t0, Y1);   // S1 = Y1*t0
    const storage t1 = fd.template mul<0>(Z1Z1, Z1); // t1 = Z1*Z1Z1
    const storage S2 = fd.template mul<0>(t1, Y2);   // S2 = Y2*t1
    const storage H = fd.template sub<2>(U2, U1);    // H = U2-U1
    const storage t3 = fd.template sub<2>(S2, S1);   // t3 = S2-S1
    if (CHECK_DOUBLE) {
      if (unlikely(fd.is_zero(fd.reduce(H))) && unlikely(fd.is_zero(fd.reduce(t3))))
        return dbl<false>(p1, fd);
    }
    const storage t2 = fd.template dbl<2>(H);          // t2 = 2*H
    const storage I = fd.template sqr<0>(t2);          // I = t2^2
    const storage J = fd.template mul<0>(I, H);        // J = H*I
    const storage R = fd.template dbl<2>(t3);          // R = 2*t3
    const storage V = fd.template mul<0>(I, U1);       // V = U1*I
    const storage t4 = fd.template sqr<0>(R);          // t4 = R^2
    const storage t5 = fd.template dbl<2>(V);          // t5 = 2*V
    const storage t6 = fd.template sub<2>(t4, J);      // t6 = t4-J
    const storage X3 = fd.template sub<2>(t6, t5);     // X3 = t6-t5
    const storage t7 = fd.template sub<2>(V, X3);      // t7 = V-X3
    const storage t8 = fd.template mul<0>(J, S1);      // t8 = S1*J
    const storage t9 = fd.template dbl<2>(t8);         // t9 = 2*t8
    const storage t10 = fd.template mul<0>(t7, R);     // t10 = R*t7
    const storage Y3 = fd.template sub<2>(t10, t9);    // Y3 = t10-t9
    const storage t11 = fd.template add<2>(Z1, Z2);    // t11 = Z1+Z2
    const storage t12 = fd.template sqr<0>(t11);       // t12 = t11^2
    const storage t13 = fd.template sub<2>(t12, Z1Z1); // t13 = t12-Z1Z1
    const storage t14 = fd.template sub<2>(t13, Z2Z2); // t14 = t13-Z2Z2
    const storage Z3 = fd.template mul<0>(H, t14);     // Z3 = t14*H
    return {X3, Y3, Z3};
  }

  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_jacobian add(const point_jacobian &p1, const point_jacobian &p2, const FD &fd) {
    return add_2007_bl<CHECK_ZERO, CHECK_DOUBLE>(p1, p2, fd);
  }

  // https://www.hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html#addition-madd-2008-g
  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_jacobian add_madd_2008_q(const point_jacobian &p1, const point_affine &p2, const FD &fd) {
    const storage X1 = p1.x; // < 2
    const storage Y1 = p1.y; // < 2
    const storage Z1 = p1.z; // < 2
    const storage X2 = p2.x; // < 1
    const storage Y2 = p2.y; // < 1
    if (CHECK_ZERO) {
      if (unlikely(fd.is_zero(fd.reduce(Z1))))
        return point_affine::to_jacobian(p2, fd);
    }
    storage T1 = fd.template sqr<0>(Z1);     // T1 = Z1^2    < 2
    storage T2 = fd.template mul<0>(T1, Z1); // T2 = T1*Z1   < 2
    T1 = fd.template mul<0>(T1, X2);         // T1 = T1*X2   < 2
    T2 = fd.template mul<0>(T2, Y2);         // T2 = T2*Y2   < 2
    T1 = fd.template sub<2>(X1, T1);         // T1 = X1-T1   < 2
    T2 = fd.template sub<2>(T2, Y1);         // T2 = T2-Y1   < 2
    if (CHECK_DOUBLE) {
      if (unlikely(fd.is_zero(fd.reduce(T1))) && unlikely(fd.is_zero(fd.reduce(T2))))
        return dbl<false>(p1, fd);
    }
    storage Z3 = fd.template mul<0>(Z1, T1);                // Z3 = Z1*T1   < 2
    storage T4 = fd.template sqr<0>(T1);                    // T4 = T1^2    < 2
    T1 = fd.template mul<0>(T1, T4);                        // T1 = T1*T4   < 2
    T4 = fd.template mul<0>(T4, X1);                        // T4 = T4*X1   < 2
    storage X3 = fd.template sqr<0>(T2);                    // X3 = T2^2    < 2
    X3 = fd.template add<0>(X3, T1);                        // X3 = X3+T1   < 4
    storage Y3 = fd.template mul<0>(T1, Y1);                // Y3 = T1*Y1   < 2
    T1 = fd.template dbl<0>(T4);                            // T1 = 2*T4    < 4
    X3 = fd.template reduce<2>(fd.template sub<4>(X3, T1)); // X3 = X3-T1   < 2
    T4 = fd.template sub<2>(X3, T4);                        // T4 = X3-T4   < 2
    T4 = fd.template mul<0>(T4, T2);                        // T4 = T4*T2   < 2
    Y3 = fd.template sub<2>(T4, Y3);                        // Y3 = T4-Y3   < 2
    return {X3, Y3, Z3};
  }

  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_jacobian add(const point_jacobian &p1, const point_affine &p2, const FD &fd) {
    return add_madd_2008_q<CHECK_ZERO, CHECK_DOUBLE>(p1, p2, fd);
  }

  // https://hyperelliptic.org/EFD/g1p/auto-shortw-xyzz.html#doubling-mdbl-2008-s-1
  static __host__ __device__ __forceinline__ point_xyzz mdbl_2008_s_1(const point_affine &point, const FD &fd) {
    const storage Y1 = point.y;                                        //  < 2
    const storage X1 = point.x;                                        //  < 2
    const storage U = fd.template dbl<2>(Y1);                          // U = 2*Y1      < 2
    const storage V = fd.template sqr<0>(U);                           // V = U^2       < 2
    const storage W = fd.template mul<0>(U, V);                        // W = U*V       < 2
    const storage S = fd.template mul<0>(X1, V);                       // S = X1*V      < 2
    const storage t0 = fd.template sqr<1>(X1);                         // t0 = X1^2     < 1
    const storage t1 = fd.template add<0>(t0, fd.template dbl<1>(t0)); // t1 = 3*t0     < 2
    const storage M = t1;                                              // M = t1+a      < 2
    const storage t2 = fd.template sqr<0>(M);                          // t2 = M^2      < 2
    const storage t3 = fd.template dbl<2>(S);                          // t3 = 2*S      < 2
    const storage X3 = fd.template sub<2>(t2, t3);                     // X3 = t2-t3    < 2
    const storage t4 = fd.template sub<2>(S, X3);                      // t4 = S-X3     < 2
#ifdef __CUDA_ARCH__
    // Y3 = M*t4 - W*Y1
    const storage_wide t5_wide = fd.template mul_wide<0>(W, Y1);   // < 4*mod^2 (Y1 may be in [0, 2*mod))
    const storage_wide t6_wide = fd.template mul_wide<0>(M, t4);   // < 4*mod^2
    storage_wide diff = fd.template sub_wide<4>(t6_wide, t5_wide); // < 4*mod^2
    fd.redc_wide_inplace(diff);                                    // < 2*mod, hi limbs 0
    const storage Y3 = diff.get_lo();                              // < 2*mod
#else
    const storage t5 = fd.template mul<0>(W, Y1);     // t5 = W*Y1     < 2
    const storage t6 = fd.template mul<0>(M, t4);     // t6 = M*t4     < 2
    const storage Y3 = fd.template sub<2>(t6, t5);    // Y3 = t6-t5    < 2
#endif
    const storage ZZ3 = V;  // ZZ3 = V       < 2
    const storage ZZZ3 = W; // ZZZ3 = W      < 2
    return {X3, Y3, ZZ3, ZZZ3};
  }

  static __host__ __device__ __forceinline__ point_xyzz dbl(const point_affine &point, const FD &fd) { return mdbl_2008_s_1(point, fd); }

  // https://hyperelliptic.org/EFD/g1p/auto-shortw-xyzz.html#doubling-dbl-2008-s-1
  template <bool CHECK_ZERO = true> static __host__ __device__ __forceinline__ point_xyzz dbl_2008_s_1(const point_xyzz &point, const FD &fd) {
    const storage X1 = point.x;     // < 2
    const storage Y1 = point.y;     // < 2
    const storage ZZ1 = point.zz;   // < 2
    const storage ZZZ1 = point.zzz; // < 2
    if (CHECK_ZERO) {
      if (unlikely(fd.is_zero(fd.reduce(ZZ1))))
        return point;
    }
    const storage U = fd.template dbl<2>(Y1);                          // U = 2*Y1       < 2
    const storage V = fd.template sqr<0>(U);                           // V = U^2        < 2
    const storage W = fd.template mul<0>(U, V);                        // W = U*V        < 2
    const storage S = fd.template mul<0>(X1, V);                       // S = X1*V       < 2
    const storage t0 = fd.template sqr<1>(X1);                         // t0 = X1^2      < 1
                                                                       // t1 = ZZ1^2          unused
                                                                       // t2 = a*t1           a=0 => t2 = 0
    const storage t3 = fd.template add<0>(t0, fd.template dbl<1>(t0)); // t3 = 3*t0      < 2
    const storage M = t3;                                              // M = t3+t2      < 2  t2 = 0 => M = t3
    const storage t4 = fd.template sqr<0>(M);                          // t4 = M^2       < 2
    const storage t5 = fd.template dbl<2>(S);                          // t5 = 2*S       < 2
    const storage X3 = fd.template sub<2>(t4, t5);                     // X3 = t4-t5     < 2
    const storage t6 = fd.template sub<2>(S, X3);                      // t6 = S-X3      < 2
#ifdef __CUDA_ARCH__
    // Y3 = M*t6 - W*Y1
    const storage_wide t7_wide = fd.template mul_wide<0>(W, Y1);   // < 4*mod^2 (Y1 may be in [0, 2*mod))
    const storage_wide t8_wide = fd.template mul_wide<0>(M, t6);   // < 4*mod^2
    storage_wide diff = fd.template sub_wide<4>(t8_wide, t7_wide); // < 4*mod^2
    fd.redc_wide_inplace(diff);                                    // < 2*mod, hi limbs 0
    const storage Y3 = diff.get_lo();                              // < 2*mod
#else
    const storage t7 = fd.template mul<0>(W, Y1);     // t7 = W*Y1      < 2
    const storage t8 = fd.template mul<0>(M, t6);     // t8 = M*t6      < 2
    const storage Y3 = fd.template sub<2>(t8, t7);    // Y3 = t8-t7     < 2
#endif
    const storage ZZ3 = fd.template mul<0>(V, ZZ1);   // ZZ3 = V*ZZ1    < 2
    const storage ZZZ3 = fd.template mul<0>(W, ZZZ1); // ZZZ3 = W*ZZZ1  < 2
    return {X3, Y3, ZZ3, ZZZ3};
  }

  template <bool CHECK_ZERO = true> static __host__ __device__ __forceinline__ point_xyzz dbl(const point_xyzz &point, const FD &fd) {
    return dbl_2008_s_1<CHECK_ZERO>(point, fd);
  }

  // https://hyperelliptic.org/EFD/g1p/auto-shortw-xyzz.html#addition-add-2008-s
  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_xyzz add_2008_s(const point_xyzz &p1, const point_xyzz &p2, const FD &fd) {
    const storage X1 = p1.x;     // < 2
    const storage Y1 = p1.y;     // < 2
    const storage ZZ1 = p1.zz;   // < 2
    const storage ZZZ1 = p1.zzz; // < 2
    const storage X2 = p2.x;     // < 2
    const storage Y2 = p2.y;     // < 2
    const storage ZZ2 = p2.zz;   // < 2
    const storage ZZZ2 = p2.zzz; // < 2
    if (CHECK_ZERO) {
      if (unlikely(fd.is_zero(fd.reduce(ZZ1))))
        return p2;
      if (unlikely(fd.is_zero(fd.reduce(ZZ2))))
        return p1;
    }
    const storage U1 = fd.template mul<0>(X1, ZZ2);  // U1 = X1*ZZ2   < 2
    const storage U2 = fd.template mul<0>(X2, ZZ1);  // U2 = X2*ZZ1   < 2
    const storage S1 = fd.template mul<0>(Y1, ZZZ2); // S1 = Y1*ZZZ2  < 2
    const storage S2 = fd.template mul<0>(Y2, ZZZ1); // S2 = Y2*ZZZ1  < 2
    const storage P = fd.template sub<2>(U2, U1);    // P = U2-U1     < 2
    const storage R = fd.template sub<2>(S2, S1);    // R = S2-S1     < 2
    if (CHECK_DOUBLE) {
      if (unlikely(fd.is_zero(fd.reduce(P))) && unlikely(fd.is_zero(fd.reduce(R))))
        return dbl<false>(p1, fd);
    }
    const storage PP = fd.template sqr<0>(P);       // PP = P^2        < 2
    const storage PPP = fd.template mul<0>(P, PP);  // PPP = P*PP      < 2
    const storage Q = fd.template mul<0>(U1, PP);   // Q = U1*PP       < 2
    const storage t0 = fd.template sqr<0>(R);       // t0 = R^2        < 2
    const storage t1 = fd.template dbl<2>(Q);       // t1 = 2*Q        < 2
    const storage t2 = fd.template sub<2>(t0, PPP); // t2 = t0-PPP     < 2
    const storage X3 = fd.template sub<2>(t2, t1);  // X3 = t2-t1      < 2
    const storage t3 = fd.template sub<2>(Q, X3);   // t3 = Q-X3       < 2
#ifdef __CUDA_ARCH__
    // Y3 = R*t3 - S1*PPP (requires R, t3, S1, PPP < 2*mod)
    const storage_wide t4_wide = fd.template mul_wide<0>(S1, PPP); // < 4*mod^2
    const storage_wide t5_wide = fd.template mul_wide<0>(R, t3);   // < 4*mod^2
    storage_wide diff = fd.template sub_wide<4>(t5_wide, t4_wide); // < 4*mod^2
    fd.redc_wide_inplace(diff);                                    // < 2*mod, hi limbs 0
    const storage Y3 = diff.get_lo();                              // < 2*mod
#else
    const storage t4 = fd.template mul<0>(S1, PPP);   // t4 = S1*PPP     < 2
    const storage t5 = fd.template mul<0>(R, t3);     // t5 = R*t3       < 2
    const storage Y3 = fd.template sub<2>(t5, t4);    // Y3 = t5-t4      < 2
#endif

    const storage t6 = fd.template mul<0>(ZZ2, PP);    // t6 = ZZ2*PP     < 2
    const storage ZZ3 = fd.template mul<0>(ZZ1, t6);   // ZZ3 = ZZ1*t6    < 2
    const storage t7 = fd.template mul<0>(ZZZ2, PPP);  // t7 = ZZZ2*PPP   < 2
    const storage ZZZ3 = fd.template mul<0>(ZZZ1, t7); // ZZZ3 = ZZZ1*t7  < 2
    return {X3, Y3, ZZ3, ZZZ3};
  }

  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_xyzz add(const point_xyzz &p1, const point_xyzz &p2, const FD &fd) {
    return add_2008_s<CHECK_ZERO, CHECK_DOUBLE>(p1, p2, fd);
  }

  // https://hyperelliptic.org/EFD/g1p/auto-shortw-xyzz.html#addition-madd-2008-s
  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_xyzz add_madd_2008_s(const point_xyzz &p1, const point_affine &p2, const FD &fd) {
    const storage X1 = p1.x;     // < 2
    const storage Y1 = p1.y;     // < 2
    const storage ZZ1 = p1.zz;   // < 2
    const storage ZZZ1 = p1.zzz; // < 2
    const storage X2 = p2.x;     // < 1
    const storage Y2 = p2.y;     // < 1
    if (CHECK_ZERO) {
      if (unlikely(fd.is_zero(fd.reduce(ZZ1))))
        return point_affine::to_xyzz(p2, fd);
    }
    const storage U2 = fd.template mul<0>(X2, ZZ1);  // U2 = X2*ZZ1       < 2
    const storage S2 = fd.template mul<0>(Y2, ZZZ1); // S2 = Y2*ZZZ1      < 2
    const storage P = fd.template sub<2>(U2, X1);    // P = U2-X1         < 2
    const storage R = fd.template sub<2>(S2, Y1);    // R = S2-Y1         < 2
    if (CHECK_DOUBLE) {
      if (unlikely(fd.is_zero(fd.reduce(P))) && unlikely(fd.is_zero(fd.reduce(R))))
        return dbl(p2, fd);
    }
    const storage PP = fd.template sqr<0>(P);       // PP = P^2           < 2
    const storage PPP = fd.template mul<0>(P, PP);  // PPP = P*PP         < 2
    const storage Q = fd.template mul<0>(X1, PP);   // Q = X1*PP          < 2
    const storage t0 = fd.template sqr<0>(R);       // t0 = R^2           < 2
    const storage t1 = fd.template dbl<2>(Q);       // t1 = 2*Q           < 2
    const storage t2 = fd.template sub<2>(t0, PPP); // t2 = t0-PPP        < 2
    const storage X3 = fd.template sub<2>(t2, t1);  // X3 = t2-t1         < 2
    const storage t3 = fd.template sub<2>(Q, X3);   // t3 = Q-X3          < 2
#ifdef __CUDA_ARCH__
    // Y3 = R*t3-Y1*PPP
    const storage_wide t4_wide = fd.template mul_wide<0>(Y1, PPP); //         < 4*mod^2
    const storage_wide t5_wide = fd.template mul_wide<0>(R, t3);   //         < 4*mod^2
    storage_wide diff = fd.template sub_wide<4>(t5_wide, t4_wide); //         < 4*mod^2
    fd.redc_wide_inplace(diff);                                    //         < 2*mod, hi limbs 0
    const storage Y3 = diff.get_lo();                              //         < 2*mod
#else
    const storage t4 = fd.template mul<0>(Y1, PPP);   // t4 = Y1*PPP        < 2
    const storage t5 = fd.template mul<0>(R, t3);     // t5 = R*t3          < 2
    const storage Y3 = fd.template sub<2>(t5, t4);    // Y3 = t5-t4         < 2
#endif
    const storage ZZ3 = fd.template mul<0>(ZZ1, PP);    // ZZ3 = ZZ1*PP       < 2
    const storage ZZZ3 = fd.template mul<0>(ZZZ1, PPP); // ZZZ3 = ZZZ1*PPP    < 2
    return {X3, Y3, ZZ3, ZZZ3};
  }

  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_xyzz add(const point_xyzz &p1, const point_affine &p2, const FD &fd) {
    return add_madd_2008_s<CHECK_ZERO, CHECK_DOUBLE>(p1, p2, fd);
  }

  static __host__ __device__ __forceinline__ point_projective add(const point_projective &p1, const point_projective &p2, const FD &fd) {
    const storage X1 = p1.x;                                                 //                   < 2
    const storage Y1 = p1.y;                                                 //                   < 2
    const storage Z1 = p1.z;                                                 //                   < 2
    const storage X2 = p2.x;                                                 //                   < 2
    const storage Y2 = p2.y;                                                 //                   < 2
    const storage Z2 = p2.z;                                                 //                   < 2
    const storage t00 = fd.template mul<0>(X1, X2);                          // t00 ← X1 · X2     < 2
    const storage t01 = fd.template mul<0>(Y1, Y2);                          // t01 ← Y1 · Y2     < 2
    const storage t02 = fd.template mul<0>(Z1, Z2);                          // t02 ← Z1 · Z2     < 2
    const storage t03 = fd.template add<0>(X1, Y1);                          // t03 ← X1 + Y1     < 4
    const storage t04 = fd.template add<0>(X2, Y2);                          // t04 ← X2 + Y2     < 4
    const storage t05 = fd.template mul<2>(t03, t04);                        // t03 ← t03 · t04   < 3
    const storage t06 = fd.template add<0>(t00, t01);                        // t06 ← t00 + t01   < 4
    const storage t07 = fd.template reduce<2>(fd.template sub<4>(t05, t06)); // t05 ← t05 − t06   < 2
    const storage t08 = fd.template add<0>(Y1, Z1);                          // t08 ← Y1 + Z1     < 4
    const storage t09 = fd.template add<0>(Y2, Z2);                          // t09 ← Y2 + Z2     < 4
    const storage t10 = fd.template mul<2>(t08, t09);                        // t10 ← t08 · t09   < 3
    const storage t11 = fd.template add<0>(t01, t02);                        // t11 ← t01 + t02   < 4
    const storage t12 = fd.template reduce<2>(fd.template sub<4>(t10, t11)); // t12 ← t10 − t11   < 2
    const storage t13 = fd.template add<0>(X1, Z1);                          // t13 ← X1 + Z1     < 4
    const storage t14 = fd.template add<0>(X2, Z2);                          // t14 ← X2 + Z2     < 4
    const storage t15 = fd.template mul<2>(t13, t14);                        // t15 ← t13 · t14   < 3
    const storage t16 = fd.template add<0>(t00, t02);                        // t16 ← t00 + t02   < 4
    const storage t17 = fd.template reduce<2>(fd.template sub<4>(t15, t16)); // t17 ← t15 − t16   < 2
    const storage t18 = fd.template dbl<2>(t00);                             // t18 ← t00 + t00   < 2
    const storage t19 = fd.template add<2>(t18, t00);                        // t19 ← t18 + t00   < 2
    const storage t20 = fd.template mul<2>(3 * B_VALUE, t02);                // t20 ← b3 · t02    < 2
    const storage t21 = fd.template add<2>(t01, t20);                        // t21 ← t01 + t20   < 2
    const storage t22 = fd.template sub<2>(t01, t20);                        // t22 ← t01 − t20   < 2
    const storage t23 = fd.template mul<2>(3 * B_VALUE, t17);                // t23 ← b3 · t17    < 2
#ifdef __CUDA_ARCH__
    // X3 ← t07 · t22 - t12 · t23
    const storage_wide t24_wide = fd.template mul_wide<0>(t12, t23);         //                   < 4*mod^2
    const storage_wide t25_wide = fd.template mul_wide<0>(t07, t22);         //                   < 4*mod^2
    storage_wide t25mt24_wide = fd.template sub_wide<4>(t25_wide, t24_wide); //                   < 4*mod^2
    fd.redc_wide_inplace(t25mt24_wide);                                      //                   < 2*mod, hi limbs 0
    const storage X3 = t25mt24_wide.get_lo();                                //                   < 2*mod
    // Y3 ← t22 · t21 + t23 · t19
    const storage t21_red = fd.template reduce<1>(t21);                      //                   < 1*mod
    const storage t19_red = fd.template reduce<1>(t19);                      //                   < 1*mod
    const storage_wide t27_wide = fd.template mul_wide<0>(t23, t19_red);     //                   < 2*mod^2
    const storage_wide t28_wide = fd.template mul_wide<0>(t22, t21_red);     //                   < 2*mod^2
    storage_wide t28pt27_wide = fd.template add_wide<4>(t28_wide, t27_wide); //                   < 4*mod^2
    fd.redc_wide_inplace(t28pt27_wide);                                      //                   < 2*mod, hi limbs 0
    const storage Y3 = t28pt27_wide.get_lo();                                //                   < 2*mod
    // Z3 ← t21 · t12 + t19 · t07
    const storage_wide t30_wide = fd.template mul_wide<0>(t19_red, t07);     //                   < 2*mod^2
    const storage_wide t31_wide = fd.template mul_wide<0>(t21_red, t12);     //                   < 2*mod^2
    storage_wide t31pt30_wide = fd.template add_wide<4>(t31_wide, t30_wide); //                   < 4*mod^2
    fd.redc_wide_inplace(t31pt30_wide);                                      //                   < 2*mod, hi limbs 0
    const storage Z3 = t31pt30_wide.get_lo();                                //                   < 2*mod
#else
    const storage t24 = fd.template mul<0>(t12, t23); // t24 ← t12 · t23   < 2
    const storage t25 = fd.template mul<0>(t07, t22); // t25 ← t07 · t22   < 2
    const storage X3 = fd.template sub<2>(t25, t24);  // X3 ← t25 − t24    < 2
    const storage t27 = fd.template mul<0>(t23, t19); // t27 ← t23 · t19   < 2
    const storage t28 = fd.template mul<0>(t22, t21); // t28 ← t22 · t21   < 2
    const storage Y3 = fd.template add<2>(t28, t27);  // Y3 ← t28 + t27    < 2
    const storage t30 = fd.template mul<0>(t19, t07); // t30 ← t19 · t07   < 2
    const storage t31 = fd.template mul<0>(t21, t12); // t31 ← t21 · t12   < 2
    const storage Z3 = fd.template add<2>(t31, t30);  // Z3 ← t31 + t30    < 2
#endif
    return {X3, Y3, Z3};
  }

  // https://eprint.iacr.org/2015/1060.pdf
  static __host__ __device__ __forceinline__ point_projective add(const point_projective &p1, const point_affine &p2, const FD &fd) {
    const storage X1 = p1.x;
    const storage Y1 = p1.y;
    const storage Z1 = p1.z;
    const storage X2 = p2.x;
    const storage Y2 = p2.y;
    storage t0 = fd.template mul<0>(X1, X2);          // 1. t0 ← X1 · X2
    storage t1 = fd.template mul<0>(Y1, Y2);          // 2. t1 ← Y1 · Y2
    storage t3 = fd.template add<2>(X2, Y2);          // 3. t3 ← X2 + Y2
    storage t4 = fd.template add<2>(X1, Y1);          // 4. t4 ← X1 + Y1
    t3 = fd.template mul<0>(t3, t4);                  // 5. t3 ← t3 · t4
    t4 = fd.template add<2>(t0, t1);                  // 6. t4 ← t0 + t1
    t3 = fd.template sub<2>(t3, t4);                  // 7. t3 ← t3 − t4
    t4 = fd.template mul<0>(Y2, Z1);                  // 8. t4 ← Y2 · Z1
    t4 = fd.template add<2>(t4, Y1);                  // 9. t4 ← t4 + Y1
    storage Y3 = fd.template mul<0>(X2, Z1);          // 10. Y3 ← X2 · Z1
    Y3 = fd.template add<2>(Y3, X1);                  // 11. Y3 ← Y3 + X1
    storage X3 = fd.template dbl<2>(t0);              // 12. X3 ← t0 + t0
    t0 = fd.template add<2>(X3, t0);                  // 13. t0 ← X3 + t0
    storage t2 = fd.template mul<2>(3 * B_VALUE, Z1); // 14. t2 ← b3 · Z1
    storage Z3 = fd.template add<2>(t1, t2);          // 15. Z3 ← t1 + t2
    t1 = fd.template sub<2>(t1, t2);                  // 16. t1 ← t1 − t2
    Y3 = fd.template mul<2>(3 * B_VALUE, Y3);         // 17. Y3 ← b3 · Y3
    X3 = fd.template mul<0>(t4, Y3);                  // 18. X3 ← t4 · Y3
    t2 = fd.template mul<0>(t3, t1);                  // 19. t2 ← t3 · t1
    X3 = fd.template sub<2>(t2, X3);                  // 20. X3 ← t2 − X3
    Y3 = fd.template mul<0>(Y3, t0);                  // 21. Y3 ← Y3 · t0
    t1 = fd.template mul<0>(t1, Z3);                  // 22. t1 ← t1 · Z3
    Y3 = fd.template add<2>(t1, Y3);                  // 23. Y3 ← t1 + Y3
    t0 = fd.template mul<0>(t0, t3);                  // 24. t0 ← t0 · t3
    Z3 = fd.template mul<0>(Z3, t4);                  // 25. Z3 ← Z3 · t4
    Z3 = fd.template add<2>(Z3, t0);                  // 26. Z3 ← Z3 + t0
    return {X3, Y3, Z3};
  }

  // https://eprint.iacr.org/2015/1060.pdf
  static __host__ __device__ __forceinline__ point_projective dbl(const point_projective &point, const FD &fd) {
    const storage X = point.x;
    const storage Y = point.y;
    const storage Z = point.z;
    storage t0 = fd.template sqr<0>(Y);       // 1. t0 ← Y · Y
    storage Z3 = fd.template dbl<2>(t0);      // 2. Z3 ← t0 + t0
    Z3 = fd.template dbl<2>(Z3);              // 3. Z3 ← Z3 + Z3
    Z3 = fd.template dbl<2>(Z3);              // 4. Z3 ← Z3 + Z3
    storage t1 = fd.template mul<0>(Y, Z);    // 5. t1 ← Y · Z
    storage t2 = fd.template sqr<0>(Z);       // 6. t2 ← Z · Z
    t2 = fd.template mul<2>(3 * B_VALUE, t2); // 7. t2 ← b3 · t2
    storage X3 = fd.template mul<0>(t2, Z3);  // 8. X3 ← t2 · Z3
    storage Y3 = fd.template add<2>(t0, t2);  // 9. Y3 ← t0 + t2
    Z3 = fd.template mul<0>(t1, Z3);          // 10. Z3 ← t1 · Z3
    t1 = fd.template dbl<2>(t2);              // 11. t1 ← t2 + t2
    t2 = fd.template add<2>(t1, t2);          // 12. t2 ← t1 + t2
    t0 = fd.template sub<2>(t0, t2);          // 13. t0 ← t0 − t2
    Y3 = fd.template mul<0>(t0, Y3);          // 14. Y3 ← t0 · Y3
    Y3 = fd.template add<2>(X3, Y3);          // 15. Y3 ← X3 + Y3
    t1 = fd.template mul<0>(X, Y);            // 16. t1 ← X · Y
    X3 = fd.template mul<0>(t0, t1);          // 17. X3 ← t0 · t1
    X3 = fd.template dbl<2>(X3);              // 18. X3 ← X3 + X3
    return {X3, Y3, Z3};
  }

  template <class FD_SCALAR>
  static __host__ __device__ __forceinline__ point_projective mul(const typename FD_SCALAR::storage &scalar, const point_projective &point, const FD &fd) {
    point_projective result = point_projective::point_at_infinity(fd);
    unsigned count = FD_SCALAR::TLC;
    while (count != 0 && scalar.limbs[count - 1] == 0)
      count--;
    point_projective temp = point;
    bool is_zero = true;
    for (unsigned i = 0; i < count; i++) {
      uint32_t limb = scalar.limbs[i];
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
      for (unsigned j = 0; j < 32; j++) {
        if (limb & 1) {
          result = is_zero ? temp : add(result, temp, fd);
          is_zero = false;
        }
        limb >>= 1;
        if (i == count - 1 && limb == 0)
          break;
        temp = dbl(temp, fd);
      }
    }
    return result;
  }

  template <class FD_SCALAR, bool CHECK_ZERO = true>
  static __host__ __device__ __forceinline__ point_jacobian mul(const typename FD_SCALAR::storage &scalar, const point_jacobian &point, const FD &fd) {
    if (CHECK_ZERO) {
      if (unlikely(fd.is_zero(point.z)))
        return point_jacobian::point_at_infinity(fd);
    }
    point_jacobian result = point_jacobian::point_at_infinity(fd);
    unsigned count = FD_SCALAR::TLC;
    while (count != 0 && scalar.limbs[count - 1] == 0)
      count--;
    point_jacobian temp = point;
    bool is_zero = true;
    for (unsigned i = 0; i < count; i++) {
      uint32_t limb = scalar.limbs[i];
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
      for (unsigned j = 0; j < 32; j++) {
        if (limb & 1) {
          result = is_zero ? temp : add<false>(result, temp, fd);
          is_zero = false;
        }
        limb >>= 1;
        if (i == count - 1 && limb == 0)
          break;
        temp = dbl<false>(temp, fd);
      }
    }
    return result;
  }

  template <class FD_SCALAR, bool CHECK_ZERO = true>
  static __host__ __device__ __forceinline__ point_xyzz mul(const typename FD_SCALAR::storage &scalar, const point_xyzz &point, const FD &fd) {
    if (CHECK_ZERO) {
      if (unlikely(fd.is_zero(point.zz)))
        return point_xyzz::point_at_infinity(fd);
    }
    point_xyzz result = point_xyzz::point_at_infinity(fd);
    unsigned count = FD_SCALAR::TLC;
    while (count != 0 && scalar.limbs[count - 1] == 0)
      count--;
    point_xyzz temp = point;
    bool is_zero = true;
    for (unsigned i = 0; i < count; i++) {
      uint32_t limb = scalar.limbs[i];
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
      for (unsigned j = 0; j < 32; j++) {
        if (limb & 1) {
          result = is_zero ? temp : add<false>(result, temp, fd);
          is_zero = false;
        }
        limb >>= 1;
        if (i == count - 1 && limb == 0)
          break;
        temp = dbl<false>(temp, fd);
      }
    }
    return result;
  }

  static __host__ __device__ __forceinline__ point_projective sub(const point_projective &p1, const point_affine &p2, const FD &fd) {
    return add(p1, point_affine::neg(p2, fd), fd);
  }

  static __host__ __device__ __forceinline__ point_projective sub(const point_projective &p1, const point_projective &p2, const FD &fd) {
    return add(p1, point_projective::neg(p2, fd), fd);
  }

  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_jacobian sub(const point_jacobian &p1, const point_affine &p2, const FD &fd) {
    return add<CHECK_ZERO, CHECK_DOUBLE>(p1, point_affine::neg(p2, fd), fd);
  }

  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_jacobian sub(const point_jacobian &p1, const point_jacobian &p2, const FD &fd) {
    return add<CHECK_ZERO, CHECK_DOUBLE>(p1, point_jacobian::neg(p2, fd), fd);
  }

  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_xyzz sub(const point_xyzz &p1, const point_affine &p2, const FD &fd) {
    return add<CHECK_ZERO, CHECK_DOUBLE>(p1, point_affine::neg(p2, fd), fd);
  }

  template <bool CHECK_ZERO = true, bool CHECK_DOUBLE = true>
  static __host__ __device__ __forceinline__ point_xyzz sub(const point_xyzz &p1, const point_xyzz &p2, const FD &fd) {
    return add<CHECK_ZERO, CHECK_DOUBLE>(p1, point_xyzz::neg(p2, fd), fd);
  }
};
// ---- end of src/ec.cuh ----

// ---- copied in: src/host_math.cuh, lines 1-59 (whole) ----
#pragma once

#include <cstdint>
#include <cuda_runtime.h>

namespace host_math {

// return x + y with uint32_t operands
static __host__ uint32_t add(const uint32_t x, const uint32_t y) { return x + y; }

// return x + y + carry with uint32_t operands
static __host__ uint32_t addc(const uint32_t x, const uint32_t y, const uint32_t carry) { return x + y + carry; }

// return x + y and carry out with uint32_t operands
static __host__ uint32_t add_cc(const uint32_t x, const uint32_t y, uint32_t &carry) {
  uint32_t result;
  result = x + y;
  carry = x > result;
  return result;
}

// return x + y + carry and carry out  with uint32_t operands
static __host__ uint32_t addc_cc(const uint32_t x, const uint32_t y, uint32_t &carry) {
  const uint32_t result = x + y + carry;
  carry = carry && x >= result || !carry && x > result;
  return result;
}

// return x - y with uint32_t operands
static __host__ uint32_t sub(const uint32_t x, const uint32_t y) { return x - y; }

// 	return x - y - borrow with uint32_t operands
static __host__ uint32_t subc(const uint32_t x, const uint32_t y, const uint32_t borrow) { return x - y - borrow; }

//	return x - y and borrow out with uint32_t operands
static __host__ uint32_t sub_cc(const uint32_t x, const uint32_t y, uint32_t &borrow) {
  uint32_t result;
  result = x - y;
  borrow = x < result;
  return result;
}

//	return x - y - borrow and borrow out with uint32_t operands
static __host__ uint32_t subc_cc(const uint32_t x, const uint32_t y, uint32_t &borrow) {
  const uint32_t result = x - y - borrow;
  borrow = borrow && x <= result || !borrow && x < result;
  return result;
}

// return x * y + z + carry and carry out with uint32_t operands
static __host__ uint32_t madc_cc(const uint32_t x, const uint32_t y, const uint32_t z, uint32_t &carry) {
  uint32_t result;
  uint64_t r = static_cast<uint64_t>(x) * y + z + carry;
  carry = r >> 32;
  result = r & 0xffffffff;
  return result;
}

} // namespace host_math
// ---- end of src/host_math.cuh ----

// ---- copied in: src/carry_chain.cuh, lines 1-83 (whole) ----
#pragma once

// #include "host_math.cuh"   (line 3: host_math.cuh's text is above)
// #include "ptx.cuh"   (line 4: ptx.cuh's text is above)
#include <cstdint>

template <unsigned OPS_COUNT = UINT32_MAX, bool CARRY_IN = false, bool CARRY_OUT = false> struct carry_chain {
  unsigned index;

  constexpr __host__ __device__ __forceinline__ carry_chain() : index(0) {}

  __host__ __forceinline__ uint32_t add(const uint32_t x, const uint32_t y, uint32_t &carry) {
    index++;
    if (index == 1 && OPS_COUNT == 1 && !CARRY_IN && !CARRY_OUT)
      return host_math::add(x, y);
    else if (index == 1 && !CARRY_IN)
      return host_math::add_cc(x, y, carry);
    else if (index < OPS_COUNT || CARRY_OUT)
      return host_math::addc_cc(x, y, carry);
    else
      return host_math::addc(x, y, carry);
  }

  __device__ __forceinline__ uint32_t add(const uint32_t x, const uint32_t y) {
    index++;
    if (index == 1 && OPS_COUNT == 1 && !CARRY_IN && !CARRY_OUT)
      return ptx::add(x, y);
    else if (index == 1 && !CARRY_IN)
      return ptx::add_cc(x, y);
    else if (index < OPS_COUNT || CARRY_OUT)
      return ptx::addc_cc(x, y);
    else
      return ptx::addc(x, y);
  }

  __host__ __forceinline__ uint32_t sub(const uint32_t x, const uint32_t y, uint32_t &carry) {
    index++;
    if (index == 1 && OPS_COUNT == 1 && !CARRY_IN && !CARRY_OUT)
      return host_math::sub(x, y);
    else if (index == 1 && !CARRY_IN)
      return host_math::sub_cc(x, y, carry);
    else if (index < OPS_COUNT || CARRY_OUT)
      return host_math::subc_cc(x, y, carry);
    else
      return host_math::subc(x, y, carry);
  }

  __device__ __forceinline__ uint32_t sub(const uint32_t x, const uint32_t y) {
    index++;
    if (index == 1 && OPS_COUNT == 1 && !CARRY_IN && !CARRY_OUT)
      return ptx::sub(x, y);
    else if (index == 1 && !CARRY_IN)
      return ptx::sub_cc(x, y);
    else if (index < OPS_COUNT || CARRY_OUT)
      return ptx::subc_cc(x, y);
    else
      return ptx::subc(x, y);
  }

  __device__ __forceinline__ uint32_t mad_lo(const uint32_t x, const uint32_t y, const uint32_t z) {
    index++;
    if (index == 1 && OPS_COUNT == 1 && !CARRY_IN && !CARRY_OUT)
      return ptx::mad_lo(x, y, z);
    else if (index == 1 && !CARRY_IN)
      return ptx::mad_lo_cc(x, y, z);
    else if (index < OPS_COUNT || CARRY_OUT)
      return ptx::madc_lo_cc(x, y, z);
    else
      return ptx::madc_lo(x, y, z);
  }

  __device__ __forceinline__ uint32_t mad_hi(const uint32_t x, const uint32_t y, const uint32_t z) {
    index++;
    if (index == 1 && OPS_COUNT == 1 && !CARRY_IN && !CARRY_OUT)
      return ptx::mad_hi(x, y, z);
    else if (index == 1 && !CARRY_IN)
      return ptx::mad_hi_cc(x, y, z);
    else if (index < OPS_COUNT || CARRY_OUT)
      return ptx::madc_hi_cc(x, y, z);
    else
      return ptx::madc_hi(x, y, z);
  }
};
// ---- end of src/carry_chain.cuh ----

// ---- copied in: src/ff_dispatch_st.cuh, lines 1-689 (whole) ----
#pragma once

// #include "carry_chain.cuh"   (line 3: carry_chain.cuh's text is above)
// #include "ff_config.cuh"   (line 4: ff_config.cuh's text is above)

#define HOST_INLINE __host__ __forceinline__
#define DEVICE_INLINE __device__ __forceinline__
#define HOST_DEVICE_INLINE __host__ __device__ __forceinline__

template <class FF_CONFIG, const uint32_t &INV> struct ff_dispatch_st {
  // allows consumers to access the underlying config (e.g., "fd_q::CONFIG") if needed
  using CONFIG = FF_CONFIG;

  static constexpr int LPT = CONFIG::limbs_count;
  static constexpr int TPF = 1;
  static constexpr unsigned TLC = CONFIG::limbs_count;

  typedef ff_storage<TLC> storage;
  typedef ff_storage_wide<TLC> storage_wide;

  // return number of bits in modulus
  static constexpr unsigned MBC = CONFIG::modulus_bits_count;

  // return modulus
  template <unsigned MULTIPLIER = 1> static constexpr HOST_DEVICE_INLINE storage get_modulus() {
    switch (MULTIPLIER) {
    case 1:
      return CONFIG::modulus;
    case 2:
      return CONFIG::modulus_2;
    case 4:
      return CONFIG::modulus_4;
    default:
      return {};
    }
  }

  // return modulus^2, helpful for ab +/- cd
  template <unsigned MULTIPLIER = 1> static constexpr HOST_DEVICE_INLINE storage_wide get_modulus_squared() {
    switch (MULTIPLIER) {
    case 1:
      return CONFIG::modulus_squared;
    case 2:
      return CONFIG::modulus_squared_2;
    case 4:
      return CONFIG::modulus_squared_4;
    default:
      return {};
    }
  }

  // return r^2
  static constexpr HOST_DEVICE_INLINE storage get_r2() { return CONFIG::r2; }

  // return one in montgomery form
  static constexpr HOST_DEVICE_INLINE storage get_one() { return CONFIG::one; }

  // add or subtract limbs
#ifdef __CUDA_ARCH__
  template <bool SUBTRACT, bool CARRY_OUT> static constexpr DEVICE_INLINE uint32_t add_sub_limbs_device(const storage &xs, const storage &ys, storage &rs) {
    const uint32_t *x = xs.limbs;
    const uint32_t *y = ys.limbs;
    uint32_t *r = rs.limbs;
    carry_chain<CARRY_OUT ? TLC + 1 : TLC> chain;
#pragma unroll
    for (unsigned i = 0; i < TLC; i++)
      r[i] = SUBTRACT ? chain.sub(x[i], y[i]) : chain.add(x[i], y[i]);
    if (!CARRY_OUT)
      return 0;
    return SUBTRACT ? chain.sub(0, 0) : chain.add(0, 0);
  }

  // If we want, we could make "2*TLC" a template parameter to deduplicate with "storage" overload, but that's a minor issue.
  template <bool SUBTRACT, bool CARRY_OUT>
  static constexpr DEVICE_INLINE uint32_t add_sub_limbs_device(const storage_wide &xs, const storage_wide &ys, storage_wide &rs) {
    const uint32_t *x = xs.limbs;
    const uint32_t *y = ys.limbs;
    uint32_t *r = rs.limbs;
    carry_chain<CARRY_OUT ? 2 * TLC + 1 : 2 * TLC> chain;
#pragma unroll
    for (unsigned i = 0; i < 2 * TLC; i++) {
      r[i] = SUBTRACT ? chain.sub(x[i], y[i]) : chain.add(x[i], y[i]);
    }
    if (!CARRY_OUT)
      return 0;
    return SUBTRACT ? chain.sub(0, 0) : chain.add(0, 0);
  }
#endif

  template <bool SUBTRACT, bool CARRY_OUT> static constexpr HOST_INLINE uint32_t add_sub_limbs_host(const storage &xs, const storage &ys, storage &rs) {
    const uint32_t *x = xs.limbs;
    const uint32_t *y = ys.limbs;
    uint32_t *r = rs.limbs;
    uint32_t carry = 0;
    carry_chain<TLC, false, CARRY_OUT> chain;
    for (unsigned i = 0; i < TLC; i++)
      r[i] = SUBTRACT ? chain.sub(x[i], y[i], carry) : chain.add(x[i], y[i], carry);
    return CARRY_OUT ? carry : 0;
  }

  template <bool SUBTRACT, bool CARRY_OUT, typename T> static constexpr HOST_DEVICE_INLINE uint32_t add_sub_limbs(const T &xs, const T &ys, T &rs) {
    // No need for static_assert(std::is_same<T, storage>::value || std::is_same<T, storage_wide>::value).
    // Instantiation will fail if appropriate add_sub_limbs_device overload does not exist.
#ifdef __CUDA_ARCH__
    return add_sub_limbs_device<SUBTRACT, CARRY_OUT>(xs, ys, rs);
#else
    return add_sub_limbs_host<SUBTRACT, CARRY_OUT>(xs, ys, rs);
#endif
  }

  template <bool CARRY_OUT, typename T> static constexpr HOST_DEVICE_INLINE uint32_t add_limbs(const T &xs, const T &ys, T &rs) {
    return add_sub_limbs<false, CARRY_OUT>(xs, ys, rs);
  }

  template <bool CARRY_OUT, typename T> static constexpr HOST_DEVICE_INLINE uint32_t sub_limbs(const T &xs, const T &ys, T &rs) {
    return add_sub_limbs<true, CARRY_OUT>(xs, ys, rs);
  }

  // return xs == 0 with field operands
#ifdef __CUDA_ARCH__
  static constexpr DEVICE_INLINE bool is_zero_device(const storage &xs) {
    const uint32_t *x = xs.limbs;
    uint32_t limbs_or = x[0];
#pragma unroll
    for (unsigned i = 1; i < TLC; i++)
      limbs_or |= x[i];
    return limbs_or == 0;
  }
#endif

  static constexpr HOST_INLINE bool is_zero_host(const storage &xs) {
    for (unsigned i = 0; i < TLC; i++)
      if (xs.limbs[i])
        return false;
    return true;
  }

  static constexpr HOST_DEVICE_INLINE bool is_zero(const storage &xs) {
#ifdef __CUDA_ARCH__
    return is_zero_device(xs);
#else
    return is_zero_host(xs);
#endif
  }

  // return xs == ys with field operands
#ifdef __CUDA_ARCH__
  static constexpr DEVICE_INLINE bool eq_device(const storage &xs, const storage &ys) {
    const uint32_t *x = xs.limbs;
    const uint32_t *y = ys.limbs;
    uint32_t limbs_or = x[0] ^ y[0];
#pragma unroll
    for (unsigned i = 1; i < TLC; i++)
      limbs_or |= x[i] ^ y[i];
    return limbs_or == 0;
  }
#endif

  static constexpr HOST_INLINE bool eq_host(const storage &xs, const storage &ys) {
    for (unsigned i = 0; i < TLC; i++)
      if (xs.limbs[i] != ys.limbs[i])
        return false;
    return true;
  }

  static constexpr HOST_DEVICE_INLINE bool eq(const storage &xs, const storage &ys) {
#ifdef __CUDA_ARCH__
    return eq_device(xs, ys);
#else
    return eq_host(xs, ys);
#endif
  }

  template <unsigned REDUCTION_SIZE = 1> static constexpr HOST_DEVICE_INLINE storage reduce(const storage &xs) {
    if (REDUCTION_SIZE == 0)
      return xs;
    const storage modulus = get_modulus<REDUCTION_SIZE>();
    storage rs = {};
    return sub_limbs<true>(xs, modulus, rs) ? xs : rs;
  }

  template <unsigned REDUCTION_SIZE = 1> static constexpr HOST_DEVICE_INLINE storage_wide reduce_wide(const storage_wide &xs) {
    if (REDUCTION_SIZE == 0)
      return xs;
    const storage_wide modulus_squared = get_modulus_squared<REDUCTION_SIZE>();
    storage_wide rs = {};
    return sub_limbs<true>(xs, modulus_squared, rs) ? xs : rs;
  }

  // return xs + ys with field operands
  template <unsigned REDUCTION_SIZE = 1> static constexpr HOST_DEVICE_INLINE storage add(const storage &xs, const storage &ys) {
    storage rs = {};
    add_limbs<false>(xs, ys, rs);
    return reduce<REDUCTION_SIZE>(rs);
  }

  template <unsigned REDUCTION_SIZE = 1> static constexpr HOST_DEVICE_INLINE storage_wide add_wide(const storage_wide &xs, const storage_wide &ys) {
    storage_wide rs = {};
    add_limbs<false>(xs, ys, rs);
    return reduce_wide<REDUCTION_SIZE>(rs);
  }

  // return xs - ys with field operands
  template <unsigned REDUCTION_SIZE = 1> static HOST_DEVICE_INLINE storage sub(const storage &xs, const storage &ys) {
    storage rs = {};
    if (REDUCTION_SIZE == 0) {
      sub_limbs<false>(xs, ys, rs);
    } else {
      uint32_t carry = sub_limbs<true>(xs, ys, rs);
      if (carry == 0)
        return rs;
      const storage modulus = get_modulus<REDUCTION_SIZE>();
      add_limbs<false>(rs, modulus, rs);
    }
    return rs;
  }

  template <unsigned REDUCTION_SIZE = 1> static HOST_DEVICE_INLINE storage_wide sub_wide(const storage_wide &xs, const storage_wide &ys) {
    storage_wide rs = {};
    if (REDUCTION_SIZE == 0) {
      sub_limbs<false>(xs, ys, rs);
    } else {
      uint32_t carry = sub_limbs<true>(xs, ys, rs);
      if (carry == 0)
        return rs;
      const storage_wide modulus_squared = get_modulus_squared<REDUCTION_SIZE>();
      add_limbs<false>(rs, modulus_squared, rs);
    }
    return rs;
  }

#ifdef __CUDA_ARCH__

  // The following algorithms are adaptations of
  // http://www.acsel-lab.com/arithmetic/arith23/data/1616a047.pdf,
  // taken from https://github.com/z-prize/test-msm-gpu (under Apache 2.0 license)
  // and modified to use our datatypes.
  // We had our own implementation of http://www.acsel-lab.com/arithmetic/arith23/data/1616a047.pdf,
  // but the sppark versions achieved lower instruction count thanks to clever carry handling,
  // so we decided to just use theirs.

  static DEVICE_INLINE void mul_n(uint32_t *acc, const uint32_t *a, uint32_t bi, size_t n = TLC) {
#pragma unroll
    for (size_t i = 0; i < n; i += 2) {
      acc[i] = ptx::mul_lo(a[i], bi);
      acc[i + 1] = ptx::mul_hi(a[i], bi);
    }
  }

  static DEVICE_INLINE void cmad_n(uint32_t *acc, const uint32_t *a, uint32_t bi, size_t n = TLC) {
    acc[0] = ptx::mad_lo_cc(a[0], bi, acc[0]);
    acc[1] = ptx::madc_hi_cc(a[0], bi, acc[1]);
#pragma unroll
    for (size_t i = 2; i < n; i += 2) {
      acc[i] = ptx::madc_lo_cc(a[i], bi, acc[i]);
      acc[i + 1] = ptx::madc_hi_cc(a[i], bi, acc[i + 1]);
    }
    // return carry flag
  }

  static DEVICE_INLINE void madc_n_rshift(uint32_t *odd, const uint32_t *a, uint32_t bi) {
    constexpr uint32_t n = TLC;
#pragma unroll
    for (size_t i = 0; i < n - 2; i += 2) {
      odd[i] = ptx::madc_lo_cc(a[i], bi, odd[i + 2]);
      odd[i + 1] = ptx::madc_hi_cc(a[i], bi, odd[i + 3]);
    }
    odd[n - 2] = ptx::madc_lo_cc(a[n - 2], bi, 0);
    odd[n - 1] = ptx::madc_hi(a[n - 2], bi, 0);
  }

  static DEVICE_INLINE void mad_n_redc(uint32_t *even, uint32_t *odd, const uint32_t *a, uint32_t bi, bool first = false) {
    constexpr uint32_t n = TLC;
    constexpr auto modulus = CONFIG::modulus;
    const uint32_t *const MOD = modulus.limbs;
    if (first) {
      mul_n(odd, a + 1, bi);
      mul_n(even, a, bi);
    } else {
      even[0] = ptx::add_cc(even[0], odd[1]);
      madc_n_rshift(odd, a + 1, bi);
      cmad_n(even, a, bi);
      odd[n - 1] = ptx::addc(odd[n - 1], 0);
    }
    uint32_t mi = even[0] * INV;
    cmad_n(odd, MOD + 1, mi);
    cmad_n(even, MOD, mi);
    odd[n - 1] = ptx::addc(odd[n - 1], 0);
  }

  static DEVICE_INLINE void mad_row(uint32_t *odd, uint32_t *even, const uint32_t *a, uint32_t bi, size_t n = TLC) {
    cmad_n(odd, a + 1, bi, n - 2);
    odd[n - 2] = ptx::madc_lo_cc(a[n - 1], bi, 0);
    odd[n - 1] = ptx::madc_hi(a[n - 1], bi, 0);
    cmad_n(even, a, bi, n);
    odd[n - 1] = ptx::addc(odd[n - 1], 0);
  }

  static DEVICE_INLINE void qad_row(uint32_t *odd, uint32_t *even, const uint32_t *a, uint32_t bi, size_t n = TLC) {
    cmad_n(odd, a, bi, n - 2);
    odd[n - 2] = ptx::madc_lo_cc(a[n - 2], bi, 0);
    odd[n - 1] = ptx::madc_hi(a[n - 2], bi, 0);
    cmad_n(even, a + 1, bi, n - 2);
    odd[n - 1] = ptx::addc(odd[n - 1], 0);
  }

  static DEVICE_INLINE void multiply_raw(const storage &as, const storage &bs, storage_wide &rs) {
    const uint32_t *a = as.limbs;
    const uint32_t *b = bs.limbs;
    uint32_t *even = rs.limbs;
    __align__(8) uint32_t odd[2 * TLC - 2];
    mul_n(even, a, b[0]);
    mul_n(odd, a + 1, b[0]);
    mad_row(&even[2], &odd[0], a, b[1]);
    size_t i;
#pragma unroll
    for (i = 2; i < TLC - 1; i += 2) {
      mad_row(&odd[i], &even[i], a, b[i]);
      mad_row(&even[i + 2], &odd[i], a, b[i + 1]);
    }
    // merge |even| and |odd|
    even[1] = ptx::add_cc(even[1], odd[0]);
    for (i = 1; i < 2 * TLC - 2; i++)
      even[i + 1] = ptx::addc_cc(even[i + 1], odd[i]);
    even[i + 1] = ptx::addc(even[i + 1], 0);
  }

  static DEVICE_INLINE void sqr_raw(const storage &as, storage_wide &rs) {
    const uint32_t *a = as.limbs;
    uint32_t *even = rs.limbs;
    size_t i = 0, j;
    __align__(8) uint32_t odd[2 * TLC - 2];

    // perform |a[i]|*|a[j]| for all j>i
    mul_n(even + 2, a + 2, a[0], TLC - 2);
    mul_n(odd, a + 1, a[0], TLC);

#pragma unroll
    while (i < TLC - 4) {
      ++i;
      mad_row(&even[2 * i + 2], &odd[2 * i], &a[i + 1], a[i], TLC - i - 1);
      ++i;
      qad_row(&odd[2 * i], &even[2 * i + 2], &a[i + 1], a[i], TLC - i);
    }

    even[2 * TLC - 4] = ptx::mul_lo(a[TLC - 1], a[TLC - 3]);
    even[2 * TLC - 3] = ptx::mul_hi(a[TLC - 1], a[TLC - 3]);
    odd[2 * TLC - 6] = ptx::mad_lo_cc(a[TLC - 2], a[TLC - 3], odd[2 * TLC - 6]);
    odd[2 * TLC - 5] = ptx::madc_hi_cc(a[TLC - 2], a[TLC - 3], odd[2 * TLC - 5]);
    even[2 * TLC - 3] = ptx::addc(even[2 * TLC - 3], 0);

    odd[2 * TLC - 4] = ptx::mul_lo(a[TLC - 1], a[TLC - 2]);
    odd[2 * TLC - 3] = ptx::mul_hi(a[TLC - 1], a[TLC - 2]);

    // merge |even[2:]| and |odd[1:]|
    even[2] = ptx::add_cc(even[2], odd[1]);
    for (j = 2; j < 2 * TLC - 3; j++)
      even[j + 1] = ptx::addc_cc(even[j + 1], odd[j]);
    even[j + 1] = ptx::addc(odd[j], 0);

    // double |even|
    even[0] = 0;
    even[1] = ptx::add_cc(odd[0], odd[0]);
    for (j = 2; j < 2 * TLC - 1; j++)
      even[j] = ptx::addc_cc(even[j], even[j]);
    even[j] = ptx::addc(0, 0);

    // accumulate "diagonal" |a[i]|*|a[i]| product
    i = 0;
    even[2 * i] = ptx::mad_lo_cc(a[i], a[i], even[2 * i]);
    even[2 * i + 1] = ptx::madc_hi_cc(a[i], a[i], even[2 * i + 1]);
    for (++i; i < TLC; i++) {
      even[2 * i] = ptx::madc_lo_cc(a[i], a[i], even[2 * i]);
      even[2 * i + 1] = ptx::madc_hi_cc(a[i], a[i], even[2 * i + 1]);
    }
  }

  static DEVICE_INLINE void mul_by_1_row(uint32_t *even, uint32_t *odd, bool first = false) {
    uint32_t mi;
    constexpr auto modulus = CONFIG::modulus;
    const uint32_t *const MOD = modulus.limbs;
    if (first) {
      mi = even[0] * INV;
      mul_n(odd, MOD + 1, mi);
      cmad_n(even, MOD, mi);
      odd[TLC - 1] = ptx::addc(odd[TLC - 1], 0);
    } else {
      even[0] = ptx::add_cc(even[0], odd[1]);
      // we trust the compiler to *not* touch the carry flag here
      // this code sits in between two "asm volatile" instructions which should guarantee that nothing else interferes with the carry flag
      mi = even[0] * INV;
      madc_n_rshift(odd, MOD + 1, mi);
      cmad_n(even, MOD, mi);
      odd[TLC - 1] = ptx::addc(odd[TLC - 1], 0);
    }
  }

  // Performs Montgomery reduction on a storage_wide input. Input value must be in the range [0, mod*2^(32*TLC)).
  // Does not implement an in-place reduce<REDUCTION_SIZE> epilogue. If you want to further reduce the result,
  // call reduce<whatever>(xs.get_lo()) after the call to redc_wide_inplace.
  static DEVICE_INLINE void redc_wide_inplace(storage_wide &xs) {
    uint32_t *even = xs.limbs;
    // Yields montmul of lo TLC limbs * 1.
    // Since the hi TLC limbs don't participate in computing the "mi" factor at each mul-and-rightshift stage,
    // it's ok to ignore the hi TLC limbs during this process and just add them in afterward.
    uint32_t odd[TLC];
    size_t i;
#pragma unroll
    for (i = 0; i < TLC; i += 2) {
      mul_by_1_row(&even[0], &odd[0], i == 0);
      mul_by_1_row(&odd[0], &even[0]);
    }
    even[0] = ptx::add_cc(even[0], odd[1]);
#pragma unroll
    for (i = 1; i < TLC - 1; i++)
      even[i] = ptx::addc_cc(even[i], odd[i + 1]);
    even[i] = ptx::addc(even[i], 0);
    // Adds in (hi TLC limbs), implicitly right-shifting them by TLC limbs as if they had participated in the
    // add-and-rightshift stages above.
    xs.limbs[0] = ptx::add_cc(xs.limbs[0], xs.limbs[TLC]);
#pragma unroll
    for (i = 1; i < TLC - 1; i++)
      xs.limbs[i] = ptx::addc_cc(xs.limbs[i], xs.limbs[i + TLC]);
    xs.limbs[TLC - 1] = ptx::addc(xs.limbs[TLC - 1], xs.limbs[2 * TLC - 1]);
  }

  static DEVICE_INLINE void montmul_raw(const storage &a_in, const storage &b_in, storage &r_in) {
    constexpr uint32_t n = TLC;
    constexpr auto modulus = CONFIG::modulus;
    const uint32_t *const MOD = modulus.limbs;
    const uint32_t *a = a_in.limbs;
    const uint32_t *b = b_in.limbs;
    uint32_t *even = r_in.limbs;
    __align__(8) uint32_t odd[n + 1];
    size_t i;
#pragma unroll
    for (i = 0; i < n; i += 2) {
      mad_n_redc(&even[0], &odd[0], a, b[i], i == 0);
      mad_n_redc(&odd[0], &even[0], a, b[i + 1]);
    }
    // merge |even| and |odd|
    even[0] = ptx::add_cc(even[0], odd[1]);
#pragma unroll
    for (i = 1; i < n - 1; i++)
      even[i] = ptx::addc_cc(even[i], odd[i + 1]);
    even[i] = ptx::addc(even[i], 0);
    // final reduction from [0, 2*mod) to [0, mod) not done here, instead performed optionally in mul_device wrapper
  }

  // Returns xs * ys without Montgomery reduction.
  template <unsigned REDUCTION_SIZE = 1> static constexpr DEVICE_INLINE storage_wide mul_wide(const storage &xs, const storage &ys) {
    // Forces us to think more carefully about the last carry bit if we use a modulus with fewer than 2 leading zeroes of slack
    static_assert(!(CONFIG::modulus.limbs[TLC - 1] >> 30));
    storage_wide rs = {0};
    multiply_raw(xs, ys, rs);
    return reduce_wide<REDUCTION_SIZE>(rs);
  }

  // Performs Montgomery reduction on a storage_wide input. Input value must be in the range [0, mod*2^(32*TLC)).
  template <unsigned REDUCTION_SIZE = 1> static constexpr DEVICE_INLINE storage redc_wide(const storage_wide &xs) {
    storage_wide tmp{xs};
    redc_wide_inplace(tmp); // after reduce_twopass, tmp's low TLC limbs should represent a value in [0, 2*mod)
    return reduce<REDUCTION_SIZE>(tmp.get_lo());
  }

  template <unsigned REDUCTION_SIZE> static constexpr DEVICE_INLINE storage mul_device(const storage &xs, const storage &ys) {
    // Forces us to think more carefully about the last carry bit if we use a modulus with fewer than 2 leading zeroes of slack
    static_assert(!(CONFIG::modulus.limbs[TLC - 1] >> 30));
    storage rs = {0};
    montmul_raw(xs, ys, rs);
    return reduce<REDUCTION_SIZE>(rs);
  }

  template <unsigned REDUCTION_SIZE> static constexpr DEVICE_INLINE storage sqr_device(const storage &xs) {
    // Forces us to think more carefully about the last carry bit if we use a modulus with fewer than 2 leading zeroes of slack
    static_assert(!(CONFIG::modulus.limbs[TLC - 1] >> 30));
    storage_wide rs = {0};
    sqr_raw(xs, rs);
    redc_wide_inplace(rs); // after reduce_twopass, tmp's low TLC limbs should represent a value in [0, 2*mod)
    return reduce<REDUCTION_SIZE>(rs.get_lo());
  }

#endif // #ifdef __CUDA_ARCH__

  template <unsigned REDUCTION_SIZE> static constexpr HOST_INLINE storage mul_host(const storage &xs, const storage &ys) {
    const uint32_t *x = xs.limbs;
    const uint32_t *y = ys.limbs;
    constexpr storage ms = CONFIG::modulus;
    const uint32_t *const n = ms.limbs;
    constexpr uint32_t q = CONFIG::inv;
    uint32_t t[TLC + 2] = {};
    for (const uint32_t y_limb : ys.limbs) {
      uint32_t carry = 0;
      for (unsigned i = 0; i < TLC; i++)
        t[i] = host_math::madc_cc(x[i], y_limb, t[i], carry);
      t[TLC] = host_math::add_cc(t[TLC], carry, carry);
      t[TLC + 1] = carry;
      carry = 0;
      const uint32_t m = q * t[0];
      host_math::madc_cc(m, n[0], t[0], carry);
      for (unsigned i = 1; i < TLC; i++)
        t[i - 1] = host_math::madc_cc(m, n[i], t[i], carry);
      t[TLC - 1] = host_math::add_cc(t[TLC], carry, carry);
      t[TLC] = t[TLC + 1] + carry;
    }
    const storage rs = *reinterpret_cast<storage *>(t);
    return reduce<REDUCTION_SIZE>(rs);
  }

  // return xs * ys with field operands
  // Device path adapts http://www.acsel-lab.com/arithmetic/arith23/data/1616a047.pdf to use IMAD.WIDE.
  // Host path uses CIOS.
  template <unsigned REDUCTION_SIZE = 1> static constexpr HOST_DEVICE_INLINE storage mul(const storage &xs, const storage &ys) {
#ifdef __CUDA_ARCH__
    return mul_device<REDUCTION_SIZE>(xs, ys);
#else
    return mul_host<REDUCTION_SIZE>(xs, ys);
#endif
  }

  // convert field to montgomery form
  template <unsigned REDUCTION_SIZE = 1> static constexpr HOST_DEVICE_INLINE storage to_montgomery(const storage &xs) {
    constexpr storage r2 = CONFIG::r2;
    return mul<REDUCTION_SIZE>(xs, r2);
  }

  // convert field from montgomery form
  template <unsigned REDUCTION_SIZE = 1> static constexpr HOST_DEVICE_INLINE storage from_montgomery(const storage &xs) { return mul<REDUCTION_SIZE>(xs, {1}); }

  // return xs^2 with field operands
  template <unsigned REDUCTION_SIZE = 1> static constexpr HOST_DEVICE_INLINE storage sqr(const storage &xs) {
#ifdef __CUDA_ARCH__
    return sqr_device<REDUCTION_SIZE>(xs);
#else
    return mul_host<REDUCTION_SIZE>(xs, xs);
#endif
  }

// return 2*x with field operands
#ifdef __CUDA_ARCH__
  template <unsigned REDUCTION_SIZE> static constexpr DEVICE_INLINE storage dbl_device(const storage &xs) {
    const uint32_t *x = xs.limbs;
    storage rs = {};
    uint32_t *r = rs.limbs;
    r[0] = x[0] << 1;
#pragma unroll
    for (unsigned i = 1; i < TLC; i++)
      r[i] = __funnelshift_r(x[i - 1], x[i], 31);
    return reduce<REDUCTION_SIZE>(rs);
  }
#endif

  template <unsigned REDUCTION_SIZE> static constexpr HOST_INLINE storage dbl_host(const storage &xs) {
    const uint32_t *x = xs.limbs;
    storage rs = {};
    uint32_t *r = rs.limbs;
    r[0] = x[0] << 1;
    for (unsigned i = 1; i < TLC; i++)
      r[i] = (x[i] << 1) | (x[i - 1] >> 31);
    return reduce<REDUCTION_SIZE>(rs);
  }

  template <unsigned REDUCTION_SIZE = 1> static constexpr HOST_DEVICE_INLINE storage dbl(const storage &xs) {
#ifdef __CUDA_ARCH__
    return dbl_device<REDUCTION_SIZE>(xs);
#else
    return dbl_host<REDUCTION_SIZE>(xs);
#endif
  }

  // return x/2 with field operands
#ifdef __CUDA_ARCH__
  template <unsigned REDUCTION_SIZE> static constexpr DEVICE_INLINE storage div2_device(const storage &xs) {
    const uint32_t *x = xs.limbs;
    storage rs = {};
    uint32_t *r = rs.limbs;
#pragma unroll
    for (unsigned i = 0; i < TLC - 1; i++)
      r[i] = __funnelshift_rc(x[i], x[i + 1], 1);
    r[TLC - 1] = x[TLC - 1] >> 1;
    return reduce<REDUCTION_SIZE>(rs);
  }
#endif

  template <unsigned REDUCTION_SIZE> static constexpr HOST_INLINE storage div2_host(const storage &xs) {
    const uint32_t *x = xs.limbs;
    storage rs = {};
    uint32_t *r = rs.limbs;
    for (unsigned i = 0; i < TLC - 1; i++)
      r[i] = (x[i] >> 1) | (x[i + 1] << 31);
    r[TLC - 1] = x[TLC - 1] >> 1;
    return reduce<REDUCTION_SIZE>(rs);
  }

  template <unsigned REDUCTION_SIZE = 1> static constexpr HOST_DEVICE_INLINE storage div2(const storage &xs) {
#ifdef __CUDA_ARCH__
    return div2_device<REDUCTION_SIZE>(xs);
#else
    return div2_host<REDUCTION_SIZE>(xs);
#endif
  }

  // return -xs with field operand
  template <unsigned MODULUS_SIZE = 1> static constexpr HOST_DEVICE_INLINE storage neg(const storage &xs) {
    const storage modulus = get_modulus<MODULUS_SIZE>();
    storage rs = {};
    sub_limbs<false>(modulus, xs, rs);
    return rs;
  }

  // extract a given count of bits at a given offset from the field
  static constexpr DEVICE_INLINE uint32_t extract_bits(const storage &xs, const unsigned offset, const unsigned count) {
    const unsigned limb_index = offset / warpSize;
    const uint32_t *x = xs.limbs;
    const uint32_t low_limb = x[limb_index];
    const uint32_t high_limb = limb_index < (TLC - 1) ? x[limb_index + 1] : 0;
    uint32_t result = __funnelshift_r(low_limb, high_limb, offset);
    result &= (1 << count) - 1;
    return result;
  }

  template <unsigned REDUCTION_SIZE = 1, unsigned LAST_REDUCTION_SIZE = REDUCTION_SIZE>
  static constexpr HOST_DEVICE_INLINE storage mul(const unsigned scalar, const storage &xs) {
    storage rs = {};
    storage temp = xs;
    unsigned l = scalar;
    bool is_zero = true;
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
    for (unsigned i = 0; i < 32; i++) {
      if (l & 1) {
        rs = is_zero ? temp : (l >> 1) ? add<REDUCTION_SIZE>(rs, temp) : add<LAST_REDUCTION_SIZE>(rs, temp);
        is_zero = false;
      }
      l >>= 1;
      if (l == 0)
        break;
      temp = dbl<REDUCTION_SIZE>(temp);
    }
    return rs;
  }

  static constexpr HOST_DEVICE_INLINE bool is_odd(const storage &xs) { return xs.limbs[0] & 1; }

  static constexpr HOST_DEVICE_INLINE bool is_even(const storage &xs) { return ~xs.limbs[0] & 1; }

  static constexpr HOST_DEVICE_INLINE bool lt(const storage &xs, const storage &ys) {
    storage dummy = {};
    uint32_t carry = sub_limbs<true>(xs, ys, dummy);
    return carry;
  }

  static constexpr HOST_DEVICE_INLINE storage inverse(const storage &xs) {
    if (is_zero(xs))
      return xs;
    constexpr storage one = {1};
    constexpr storage modulus = CONFIG::modulus;
    storage u = xs;
    storage v = modulus;
    storage b = CONFIG::r2;
    storage c = {};
    while (!eq(u, one) && !eq(v, one)) {
      while (is_even(u)) {
        u = div2(u);
        if (is_odd(b))
          add_limbs<false>(b, modulus, b);
        b = div2(b);
      }
      while (is_even(v)) {
        v = div2(v);
        if (is_odd(c))
          add_limbs<false>(c, modulus, c);
        c = div2(c);
      }
      if (lt(v, u)) {
        sub_limbs<false>(u, v, u);
        b = sub(b, c);
      } else {
        sub_limbs<false>(v, u, v);
        c = sub(c, b);
      }
    }
    return eq(u, one) ? b : c;
  }
};

typedef ff_dispatch_st<ff_config_p, inv_p> fd_p;
typedef ff_dispatch_st<ff_config_q, inv_q> fd_q;
// ---- end of src/ff_dispatch_st.cuh ----

// ---- copied in: src/ff_config.cu, lines 1-5 (whole) ----
#include <cstdint>

// definition of variables declared "extern __device__ __constant__" elsewhere
__device__ __constant__ uint32_t inv_p = 0xe4866389;
__device__ __constant__ uint32_t inv_q = 0xefffffff;
// ---- end of src/ff_config.cu ----

// ---- copied in: src/msm_kernels.cuh, lines 1-13 (the typedefs) ----
#pragma once
// #include "ec.cuh"   (line 2: the header's text is above)
// #include "ff_dispatch_st.cuh"   (line 3: the header's text is above)

namespace msm {

typedef ec<fd_p, 3> curve;
typedef curve::storage storage;
typedef curve::field field;
typedef curve::point_affine point_affine;
typedef curve::point_jacobian point_jacobian;
typedef curve::point_xyzz point_xyzz;
typedef curve::point_projective point_projective;
// ---- msm_kernels.cuh lines 14-36 (host declarations) not copied; lines 37-38: ----

} // namespace msm
// ---- end of src/msm_kernels.cuh ----

// ---- src/msm_kernels.cu ----
// #include "common.cuh"   (line 1: the header's text is above)
// #include "ec.cuh"   (line 2: the header's text is above)
// #include "msm_kernels.cuh"   (line 3: the header's text is above)

namespace msm {

#define MAX_THREADS 128
#define UINT4_COUNT (sizeof(storage) / sizeof(uint4))
#ifndef __CUDACC_DEBUG__
__launch_bounds__(MAX_THREADS)
#endif
    __global__ void initialize_buckets_kernel(point_xyzz *buckets, const unsigned count) {
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= count)
    return;
  const auto bucket_index = gid / UINT4_COUNT;
  const auto element_index = gid % UINT4_COUNT;
  auto elements = reinterpret_cast<uint4 *>(&buckets[bucket_index].zz);
  memory::store<uint4, memory::st_modifier::cs>(elements + element_index, {});
}

// ---- lines 22-28 (host code) removed ----
#undef UINT4_COUNT
#undef MAX_THREADS

#define MAX_THREADS 128
#ifndef __CUDACC_DEBUG__
__launch_bounds__(MAX_THREADS)
#endif
    __global__ void compute_bucket_indexes_kernel(const fd_q::storage *__restrict__ scalars, const unsigned windows_count, const unsigned window_bits,
                                                  unsigned *__restrict__ bucket_indexes, unsigned *__restrict__ base_indexes, const unsigned count) {
  constexpr unsigned highest_bit_mask = 0x80000000;
  const unsigned scalar_index = blockIdx.x * blockDim.x + threadIdx.x;
  if (scalar_index >= count)
    return;
  const unsigned top_window_unused_bits = windows_count * window_bits - fd_q::MBC;
  const unsigned top_window_unused_mask = (1 << top_window_unused_bits) - 1;
  const unsigned top_window_used_bits = window_bits - top_window_unused_bits;
  const unsigned signed_window_bits = window_bits - 1;
  const unsigned top_window_signed_window_bits = top_window_used_bits - 1;
  const unsigned top_bucket_index = 1 << signed_window_bits;
  const unsigned top_window_top_bucket_index = 1 << top_window_signed_window_bits;
  const storage pos_scalar = fd_q::from_montgomery(memory::load(scalars + scalar_index));
  const storage neg_scalar = fd_q::neg(pos_scalar);
  unsigned global_sign = fd_q::lt(pos_scalar, neg_scalar) ? 0 : highest_bit_mask;
  const storage scalar = global_sign ? neg_scalar : pos_scalar;
  unsigned borrow = 0;
  for (unsigned i = 0; i < windows_count; i++) {
    const unsigned window_index = i;
    const unsigned window_mask = window_index << window_bits;
    unsigned bucket_index = fd_q::extract_bits(scalar, window_index * window_bits, window_bits);
    bucket_index += borrow;
    borrow = 0;
    unsigned sign = global_sign;
    if (bucket_index > top_bucket_index) {
      bucket_index = (top_bucket_index << 1) - bucket_index;
      borrow = 1;
      sign ^= highest_bit_mask;
    }
    bool is_top_window = window_index == windows_count - 1;
    const unsigned zero_mask = bucket_index ? 0 : highest_bit_mask;
    bucket_index = ((bucket_index & ((is_top_window ? top_window_top_bucket_index : top_bucket_index) - 1)) << 1) |
                   (bucket_index >> (is_top_window ? top_window_signed_window_bits : signed_window_bits));
    const unsigned bucket_index_offset = is_top_window ? (scalar_index & top_window_unused_mask) << top_window_used_bits : 0;
    const unsigned output_index = window_index * count + scalar_index;
    bucket_indexes[output_index] = zero_mask | window_mask | bucket_index_offset | bucket_index;
    base_indexes[output_index] = sign | scalar_index;
  }
}

// ---- lines 77-83 (host code) removed ----
#undef MAX_THREADS

#define MAX_THREADS 128
#ifndef __CUDACC_DEBUG__
__launch_bounds__(MAX_THREADS)
#endif
    __global__ void remove_zero_buckets_kernel(const unsigned *unique_bucket_indexes, unsigned *bucket_run_lengths, const unsigned *bucket_runs_count,
                                               const unsigned count) {
  constexpr unsigned highest_bit_mask = 0x80000000;
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= count)
    return;
  const unsigned runs_count = *bucket_runs_count;
  const unsigned bucket_index = unique_bucket_indexes[gid];
  const bool is_zero = bucket_index & highest_bit_mask;
  if (gid >= runs_count || is_zero)
    bucket_run_lengths[gid] = 0;
}

// ---- lines 103-109 (host code) removed ----
#undef MAX_THREADS

#define MAX_THREADS 32
#define MIN_BLOCKS 16
template <bool IS_FIRST>
#ifndef __CUDACC_DEBUG__
__launch_bounds__(MAX_THREADS, MIN_BLOCKS)
#endif
    __global__ void aggregate_buckets_kernel(const unsigned *__restrict__ base_indexes, const unsigned *__restrict__ bucket_run_offsets,
                                             const unsigned *__restrict__ bucket_run_lengths, const unsigned *__restrict__ bucket_indexes,
                                             const point_affine *__restrict__ bases, point_xyzz *__restrict__ buckets, const unsigned count) {
  constexpr unsigned negative_sign = 0x80000000;
  const field f = field();
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= count)
    return;
  const unsigned length = bucket_run_lengths[gid];
  if (length == 0)
    return;
  const unsigned base_indexes_offset = bucket_run_offsets[gid];
  const unsigned *indexes = base_indexes + base_indexes_offset;
  const unsigned bucket_index = bucket_indexes[gid] >> 1;
  point_xyzz bucket;
  if (IS_FIRST) {
    unsigned base_index = *indexes++;
    unsigned sign = base_index & negative_sign;
    base_index &= ~negative_sign;
    auto base = memory::load<point_affine, memory::ld_modifier::g>(bases + base_index);
    if (sign)
      base = point_affine::neg(base, f);
    bucket = point_affine::to_xyzz(base, f);
  } else {
    bucket = memory::load<point_xyzz, memory::ld_modifier::cs>(buckets + bucket_index);
  }
#pragma unroll 1
  for (unsigned i = IS_FIRST ? 1 : 0; i < length; i++) {
    unsigned base_index = *indexes++;
    unsigned sign = base_index & negative_sign;
    base_index &= ~negative_sign;
    auto base = memory::load<point_affine, memory::ld_modifier::g>(bases + base_index);
    if (sign)
      base = point_affine::neg(base, f);
    bucket = curve::add(bucket, base, f);
  }
  memory::store<point_xyzz, memory::st_modifier::cs>(buckets + bucket_index, bucket);
}

// ---- lines 157-165 (host code) removed ----
#undef MAX_THREADS
#undef MIN_BLOCKS

#define MAX_THREADS 32
#ifndef __CUDACC_DEBUG__
__launch_bounds__(MAX_THREADS)
#endif
    __global__ void extract_top_buckets_kernel(point_xyzz *buckets, point_xyzz *top_buckets, const unsigned bits_count, const unsigned windows_count) {
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= windows_count)
    return;
  const unsigned bucket_index = gid << bits_count;
  top_buckets[gid] = buckets[bucket_index];
  buckets[bucket_index] = point_xyzz::point_at_infinity(fd_p());
}

// ---- lines 182-188 (host code) removed ----
#undef MAX_THREADS

#define MAX_THREADS 32
#define MIN_BLOCKS 16
#ifndef __CUDACC_DEBUG__
__launch_bounds__(MAX_THREADS, MIN_BLOCKS)
#endif
    __global__ void split_windows_kernel(const unsigned source_window_bits_count, const unsigned source_windows_count,
                                         const point_xyzz *__restrict__ source_buckets, point_xyzz *__restrict__ target_buckets, const unsigned count) {
  const field f = field();
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= count)
    return;
  const unsigned target_window_bits_count = (source_window_bits_count + 1) >> 1;
  const unsigned target_windows_count = source_windows_count << 1;
  const unsigned target_partition_buckets_count = target_windows_count << target_window_bits_count;
  const unsigned target_partitions_count = count / target_partition_buckets_count;
  const unsigned target_partition_index = gid / target_partition_buckets_count;
  const unsigned target_partition_tid = gid % target_partition_buckets_count;
  const unsigned target_window_buckets_count = 1 << target_window_bits_count;
  const unsigned target_window_index = target_partition_tid / target_window_buckets_count;
  const unsigned target_window_tid = target_partition_tid % target_window_buckets_count;
  const unsigned split_index = target_window_index & 1;
  const unsigned source_window_buckets_per_target = source_window_bits_count & 1
                                                        ? split_index ? (target_window_tid >> (target_window_bits_count - 1) ? 0 : target_window_buckets_count)
                                                                      : 1 << (source_window_bits_count - target_window_bits_count)
                                                        : target_window_buckets_count;
  const unsigned source_window_index = target_window_index >> 1;
  const unsigned source_offset = source_window_index << source_window_bits_count;
  const unsigned target_shift = target_window_bits_count * split_index;
  const unsigned target_offset = target_window_tid << target_shift;
  const unsigned global_offset = source_offset + target_offset;
  const unsigned index_mask = (1 << target_shift) - 1;
  point_xyzz target_bucket = point_xyzz::point_at_infinity(f);
#pragma unroll 1
  for (unsigned i = target_partition_index; i < source_window_buckets_per_target; i += target_partitions_count) {
    const unsigned index_offset = i & index_mask | (i & ~index_mask) << target_window_bits_count;
    const unsigned load_offset = global_offset + index_offset;
    const auto source_bucket = memory::load<point_xyzz, memory::ld_modifier::g>(source_buckets + load_offset);
    target_bucket = i == target_partition_index ? source_bucket : curve::add(target_bucket, source_bucket, f);
  }
  memory::store<point_xyzz, memory::st_modifier::cs>(target_buckets + gid, target_bucket);
}

// ---- lines 233-239 (host code) removed ----
#undef MAX_THREADS
#undef MIN_BLOCKS

#define MAX_THREADS 32
#define MIN_BLOCKS 16
#ifndef __CUDACC_DEBUG__
__launch_bounds__(MAX_THREADS, MIN_BLOCKS)
#endif
    __global__ void reduce_buckets_kernel(point_xyzz *buckets, const unsigned count) {
  const field f = field();
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= count)
    return;
  buckets += gid;
  const auto a = memory::load<point_xyzz, memory::ld_modifier::g>(buckets);
  const auto b = memory::load<point_xyzz, memory::ld_modifier::g>(buckets + count);
  const point_xyzz result = curve::add(a, b, f);
  memory::store<point_xyzz, memory::st_modifier::cs>(buckets, result);
}

// ---- lines 260-265 (host code) removed ----
#undef MAX_THREADS
#undef MIN_BLOCKS

#define MAX_THREADS 32
#ifndef __CUDACC_DEBUG__
__launch_bounds__(MAX_THREADS)
#endif
    __global__ void last_pass_gather_kernel(const unsigned bits_count_pass_one, const point_xyzz *__restrict__ source, const point_xyzz *top_buckets,
                                            point_jacobian *__restrict__ target, const unsigned count) {
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= count)
    return;
  const field f = field();
  const unsigned signed_bits_count_pass_one = bits_count_pass_one - 1;
  unsigned window_index = gid / bits_count_pass_one;
  unsigned window_tid = gid % bits_count_pass_one;
  point_xyzz pz;
  if (window_tid == signed_bits_count_pass_one || gid == count - 1) {
    pz = memory::load<point_xyzz, memory::ld_modifier::g>(top_buckets + window_index);
  } else {
    for (unsigned bits_count = signed_bits_count_pass_one; bits_count > 1;) {
      bits_count = (bits_count + 1) >> 1;
      window_index <<= 1;
      if (window_tid >= bits_count) {
        window_index++;
        window_tid -= bits_count;
      }
    }
    const unsigned sid = (window_index << 1) + 1;
    pz = memory::load<point_xyzz, memory::ld_modifier::g>(source + sid);
  }
  const point_jacobian pj = point_xyzz::to_jacobian(pz, f);
  memory::store<point_jacobian, memory::st_modifier::cs>(target + gid, pj);
}

// ---- lines 301-307 (host code) removed ----
#undef MAX_THREADS

// ---- lines 310-327 (host code) removed ----

} // namespace msm
