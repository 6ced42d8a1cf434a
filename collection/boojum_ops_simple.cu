// tilelab kernel collection: boojum-cuda's elementwise Goldilocks-field kernels (base field and its quadratic extension)
// Source:  https://github.com/matter-labs/era-boojum-cuda/blob/a5cf97fca81bbd2e6ca52513ae3b8806eb120e31/native/ops_simple.cu
//          (matter-labs/era-boojum-cuda, commit a5cf97f)
// Licence: MIT OR Apache-2.0 (the repository's LICENSE-MIT and LICENSE-APACHE; the MIT notice is kept below).
// Kept: native/ops_simple.cu lines 1-189 (whole: device code only), its two local includes (lines 1-2) commented out,
// the headers' text being above. Copied in before it, marked, whole: native/common.cuh (1-19), native/ptx.cuh (1-259),
// native/carry_chain.cuh (1-58), native/memory.cuh (1-680), native/goldilocks.cuh (1-325) and
// native/goldilocks_extension.cuh (1-125), each header's local includes commented out likewise.

// ---- LICENSE-MIT of matter-labs/era-boojum-cuda ----
// This software includes components from third parties. For a full list of these components and their licenses,
// see the THIRD PARTY NOTICES file.
//
// MIT License
//
// Copyright (c) 2019 Matter Labs
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

// ---- copied in: native/common.cuh, lines 1-19 (whole) ----
#pragma once

#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

#ifdef __CUDA_ARCH__
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#else
#define likely(x) (x)
#define unlikely(x) (x)
#endif

#define DEVICE_FORCEINLINE __device__ __forceinline__

#define HOST_DEVICE_FORCEINLINE __host__ __device__ __forceinline__

#define EXTERN extern "C" [[maybe_unused]]
// ---- end of native/common.cuh ----

// ---- copied in: native/ptx.cuh, lines 1-259 (whole) ----
#pragma once

// #include "common.cuh"   (line 3: common.cuh's text is above)
#include <tuple>

namespace ptx {

DEVICE_FORCEINLINE uint32_t add(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm("add.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

DEVICE_FORCEINLINE uint32_t add_cc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

DEVICE_FORCEINLINE uint32_t addc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("addc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

DEVICE_FORCEINLINE uint32_t addc_cc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

DEVICE_FORCEINLINE uint32_t sub(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm("sub.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

DEVICE_FORCEINLINE uint32_t sub_cc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

DEVICE_FORCEINLINE uint32_t subc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("subc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

DEVICE_FORCEINLINE uint32_t subc_cc(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

DEVICE_FORCEINLINE uint32_t mul_lo(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm("mul.lo.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

DEVICE_FORCEINLINE uint32_t mul_hi(const uint32_t x, const uint32_t y) {
  uint32_t result;
  asm("mul.hi.u32 %0, %1, %2;" : "=r"(result) : "r"(x), "r"(y));
  return result;
}

DEVICE_FORCEINLINE uint64_t mul_wide(const uint32_t x, const uint32_t y) {
  uint64_t result;
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(result) : "r"(x), "r"(y));
  return result;
}

DEVICE_FORCEINLINE uint32_t mad_lo(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

DEVICE_FORCEINLINE uint32_t mad_hi(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm("mad.hi.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

DEVICE_FORCEINLINE uint64_t mad_wide(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint64_t result;
  asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

DEVICE_FORCEINLINE uint32_t mad_lo_cc(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("mad.lo.cc.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

DEVICE_FORCEINLINE uint32_t mad_hi_cc(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("mad.hi.cc.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

DEVICE_FORCEINLINE uint32_t madc_lo(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("madc.lo.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

DEVICE_FORCEINLINE uint32_t madc_hi(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("madc.hi.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

DEVICE_FORCEINLINE uint32_t madc_lo_cc(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("madc.lo.cc.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

DEVICE_FORCEINLINE uint32_t madc_hi_cc(const uint32_t x, const uint32_t y, const uint32_t z) {
  uint32_t result;
  asm volatile("madc.hi.cc.u32 %0, %1, %2, %3;" : "=r"(result) : "r"(x), "r"(y), "r"(z));
  return result;
}

DEVICE_FORCEINLINE uint64_t mov_b64(const uint32_t lo, const uint32_t hi) {
  uint64_t result;
  asm("mov.b64 %0, {%1,%2};" : "=l"(result) : "r"(lo), "r"(hi));
  return result;
}

// Gives u64 overloads a dedicated namespace.
// Callers should know exactly what they're calling (no implicit conversions).
namespace u64 {

DEVICE_FORCEINLINE uint64_t add(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm("add.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

DEVICE_FORCEINLINE uint64_t add_cc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("add.cc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

DEVICE_FORCEINLINE uint64_t addc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("addc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

DEVICE_FORCEINLINE uint64_t addc_cc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("addc.cc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

DEVICE_FORCEINLINE uint64_t sub(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm("sub.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

DEVICE_FORCEINLINE uint64_t sub_cc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("sub.cc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

DEVICE_FORCEINLINE uint64_t subc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("subc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

DEVICE_FORCEINLINE uint64_t subc_cc(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm volatile("subc.cc.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

DEVICE_FORCEINLINE uint64_t mul_lo(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm("mul.lo.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

DEVICE_FORCEINLINE uint64_t mul_hi(const uint64_t x, const uint64_t y) {
  uint64_t result;
  asm("mul.hi.u64 %0, %1, %2;" : "=l"(result) : "l"(x), "l"(y));
  return result;
}

DEVICE_FORCEINLINE uint64_t mad_lo(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm("mad.lo.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

DEVICE_FORCEINLINE uint64_t mad_hi(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm("mad.hi.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

DEVICE_FORCEINLINE uint64_t mad_lo_cc(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("mad.lo.cc.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

DEVICE_FORCEINLINE uint64_t mad_hi_cc(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("mad.hi.cc.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

DEVICE_FORCEINLINE uint64_t madc_lo(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("madc.lo.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

DEVICE_FORCEINLINE uint64_t madc_hi(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("madc.hi.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

DEVICE_FORCEINLINE uint64_t madc_lo_cc(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("madc.lo.cc.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

DEVICE_FORCEINLINE uint64_t madc_hi_cc(const uint64_t x, const uint64_t y, const uint64_t z) {
  uint64_t result;
  asm volatile("madc.hi.cc.u64 %0, %1, %2, %3;" : "=l"(result) : "l"(x), "l"(y), "l"(z));
  return result;
}

DEVICE_FORCEINLINE std::tuple<uint32_t, uint32_t> unpack(const uint64_t x) {
  uint32_t lo;
  uint32_t hi;
  asm("mov.b64 {%0,%1}, %2;" : "=r"(lo), "=r"(hi) : "l"(x));
  return std::make_tuple(lo, hi);
}

} // namespace u64

DEVICE_FORCEINLINE void bar_arrive(const unsigned name, const unsigned count) { asm volatile("bar.arrive %0, %1;" : : "r"(name), "r"(count) : "memory"); }

DEVICE_FORCEINLINE void bar_sync(const unsigned name, const unsigned count) { asm volatile("bar.sync %0, %1;" : : "r"(name), "r"(count) : "memory"); }

} // namespace ptx
// ---- end of native/ptx.cuh ----

// ---- copied in: native/carry_chain.cuh, lines 1-58 (whole) ----
#pragma once

// #include "common.cuh"   (line 3: common.cuh's text is above)
// #include "ptx.cuh"   (line 4: ptx.cuh's text is above)

template <unsigned OPS_COUNT = UINT32_MAX, bool CARRY_IN = false, bool CARRY_OUT = false> struct carry_chain {
  unsigned index;

  constexpr DEVICE_FORCEINLINE carry_chain() : index(0) {}

  DEVICE_FORCEINLINE uint32_t add(const uint32_t x, const uint32_t y) {
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

  DEVICE_FORCEINLINE uint32_t sub(const uint32_t x, const uint32_t y) {
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

  DEVICE_FORCEINLINE uint32_t mad_lo(const uint32_t x, const uint32_t y, const uint32_t z) {
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

  DEVICE_FORCEINLINE uint32_t mad_hi(const uint32_t x, const uint32_t y, const uint32_t z) {
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
// ---- end of native/carry_chain.cuh ----

// ---- copied in: native/memory.cuh, lines 1-681 (whole) ----
#pragma once

#include <sm_32_intrinsics.h>
#include <type_traits>

namespace memory {

using namespace std;

enum class ld_modifier { none, g, cg, ca, cs, lu, cv };

template <typename T, ld_modifier MODIFIER> static constexpr DEVICE_FORCEINLINE T ld_single(const T *ptr) {
#if __CUDA_ARCH__ >= 320
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
#endif
  return *ptr;
}

enum class st_modifier { none, wb, cg, cs, wt };

template <typename T, st_modifier MODIFIER> static constexpr DEVICE_FORCEINLINE void st_single(T *ptr, T value) {
#if __CUDA_ARCH__ >= 320
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
#endif
  *ptr = value;
}

template <typename T> DEVICE_FORCEINLINE void swap(T &a, T &b) {
  T temp = a;
  a = b;
  b = temp;
}

template <unsigned STRIDE> DEVICE_FORCEINLINE unsigned swap_index(unsigned index) {
  const unsigned i1 = index % STRIDE;
  const unsigned i2 = index / STRIDE;
  const unsigned i3 = i2 * STRIDE * 2;
  return i3 + i1;
}

template <typename T> DEVICE_FORCEINLINE T shfl_xor(unsigned mask, T var, int laneMask, int width = warpSize) {
  return __shfl_xor_sync(mask, var, laneMask, width);
}

template <> DEVICE_FORCEINLINE uint2 shfl_xor(unsigned mask, uint2 var, int laneMask, int width) {
  uint2 result{};
  result.x = __shfl_xor_sync(mask, var.x, laneMask, width);
  result.y = __shfl_xor_sync(mask, var.y, laneMask, width);
  return result;
}

template <> DEVICE_FORCEINLINE uint4 shfl_xor(unsigned mask, uint4 var, int laneMask, int width) {
  uint4 result{};
  result.x = __shfl_xor_sync(mask, var.x, laneMask, width);
  result.y = __shfl_xor_sync(mask, var.y, laneMask, width);
  result.z = __shfl_xor_sync(mask, var.z, laneMask, width);
  result.w = __shfl_xor_sync(mask, var.w, laneMask, width);
  return result;
}

template <typename T, unsigned STRIDE_ROW, unsigned COUNT_ROW, unsigned STRIDE_COL = STRIDE_ROW, unsigned COUNT_COL = COUNT_ROW>
DEVICE_FORCEINLINE void transpose_tile(unsigned mask, T *u, const unsigned lane_id) {
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

template <class T, typename U, ld_modifier MODIFIER, unsigned STRIDE> static constexpr DEVICE_FORCEINLINE T ld(const T *address, const unsigned offset) {
  static_assert(alignof(T) % alignof(U) == 0);
  static_assert(sizeof(T) % sizeof(U) == 0);
  constexpr size_t count = sizeof(T) / sizeof(U);
  T result = {};
  auto pa = reinterpret_cast<const U *>(address) + offset;
  auto pr = reinterpret_cast<U *>(&result);
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
  for (unsigned i = 0; i < count; i++) {
    const auto pai = pa + i * STRIDE;
    const auto pri = pr + i;
    *pri = ld_single<U, MODIFIER>(pai);
  }
  return result;
}

template <class T, typename U, st_modifier MODIFIER, unsigned STRIDE>
static constexpr DEVICE_FORCEINLINE void st(T *address, const T &value, const unsigned offset) {
  static_assert(alignof(T) % alignof(U) == 0);
  static_assert(sizeof(T) % sizeof(U) == 0);
  constexpr size_t count = sizeof(T) / sizeof(U);
  auto pa = reinterpret_cast<U *>(address) + offset;
  auto pv = reinterpret_cast<const U *>(&value);
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
  for (unsigned i = 0; i < count; i++) {
    auto pai = pa + i * STRIDE;
    auto pvi = pv + i;
    st_single<U, MODIFIER>(pai, *pvi);
  }
}

template <typename U, unsigned STRIDE_COL> DEVICE_FORCEINLINE void transpose_tile(const unsigned stride_row, U *tile, const unsigned lane_id) {
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
DEVICE_FORCEINLINE T ld_warp(const T *address, const unsigned offset, const unsigned lane_id) {
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
DEVICE_FORCEINLINE void st_warp(T *address, const unsigned offset, const T &value, const unsigned lane_id) {
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
static constexpr DEVICE_FORCEINLINE T load(const T *address, const unsigned offset = 0, [[maybe_unused]] uint4 _dummy = {}) {
  return ld<T, U, MODIFIER, STRIDE>(address, offset);
}

template <class T, unsigned LOG_WARP_SIZE, ld_modifier MODIFIER = ld_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint4) << LOG_WARP_SIZE) == 0, uint4>>
static constexpr DEVICE_FORCEINLINE T load_warp(const T *address, const unsigned offset, const unsigned lane_id, [[maybe_unused]] uint4 _dummy = {}) {
  return ld_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, lane_id);
}

template <class T, ld_modifier MODIFIER = ld_modifier::none, unsigned STRIDE = 1,
          typename U = enable_if_t<(sizeof(T) % sizeof(uint4) != 0) && (sizeof(T) % sizeof(uint2) == 0), uint2>>
static constexpr DEVICE_FORCEINLINE T load(const T *address, const unsigned offset = 0, [[maybe_unused]] uint2 _dummy = {}) {
  return ld<T, U, MODIFIER, STRIDE>(address, offset);
}

template <class T, unsigned LOG_WARP_SIZE, ld_modifier MODIFIER = ld_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint4) << LOG_WARP_SIZE) != 0 && sizeof(T) % (sizeof(uint2) << LOG_WARP_SIZE) == 0, uint2>>
static constexpr DEVICE_FORCEINLINE T load_warp(const T *address, const unsigned offset, const unsigned lane_id, [[maybe_unused]] uint2 _dummy = {}) {
  return ld_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, lane_id);
}

template <class T, ld_modifier MODIFIER = ld_modifier::none, unsigned STRIDE = 1, typename U = enable_if_t<sizeof(T) % sizeof(uint2) != 0, unsigned>>
static constexpr DEVICE_FORCEINLINE T load(const T *address, const unsigned offset = 0, [[maybe_unused]] unsigned _dummy = {}) {
  return ld<T, U, MODIFIER, STRIDE>(address, offset);
}

template <class T, unsigned LOG_WARP_SIZE, ld_modifier MODIFIER = ld_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint2) << LOG_WARP_SIZE) != 0, unsigned>>
static constexpr DEVICE_FORCEINLINE T load_warp(const T *address, const unsigned offset, const unsigned lane_id, [[maybe_unused]] unsigned _dummy = {}) {
  return ld_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, lane_id);
}

template <class T, st_modifier MODIFIER = st_modifier::none, unsigned STRIDE = 1, typename U = enable_if_t<sizeof(T) % sizeof(uint4) == 0, uint4>>
static constexpr DEVICE_FORCEINLINE void store(T *address, const T &value, const unsigned offset = 0, [[maybe_unused]] uint4 _dummy = {}) {
  st<T, U, MODIFIER, STRIDE>(address, value, offset);
}

template <class T, unsigned LOG_WARP_SIZE, st_modifier MODIFIER = st_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint4) << LOG_WARP_SIZE) == 0, uint4>>
static constexpr DEVICE_FORCEINLINE void store_warp(T *address, const unsigned offset, const T &value, const unsigned lane_id,
                                                    [[maybe_unused]] uint4 _dummy = {}) {
  st_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, value, lane_id);
}

template <class T, st_modifier MODIFIER = st_modifier::none, unsigned STRIDE = 1,
          typename U = enable_if_t<(sizeof(T) % sizeof(uint4) != 0) && (sizeof(T) % sizeof(uint2) == 0), uint2>>
static constexpr DEVICE_FORCEINLINE void store(T *address, const T &value, const unsigned offset = 0, [[maybe_unused]] uint2 _dummy = {}) {
  st<T, U, MODIFIER, STRIDE>(address, value, offset);
}

template <class T, unsigned LOG_WARP_SIZE, st_modifier MODIFIER = st_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint4) << LOG_WARP_SIZE) != 0 && sizeof(T) % (sizeof(uint2) << LOG_WARP_SIZE) == 0, uint2>>
static constexpr DEVICE_FORCEINLINE void store_warp(T *address, const unsigned offset, const T &value, const unsigned lane_id,
                                                    [[maybe_unused]] uint2 _dummy = {}) {
  st_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, value, lane_id);
}

template <class T, st_modifier MODIFIER = st_modifier::none, unsigned STRIDE = 1, typename U = enable_if_t<sizeof(T) % sizeof(uint2) != 0, unsigned>>
static constexpr DEVICE_FORCEINLINE void store(T *address, const T &value, const unsigned offset = 0, [[maybe_unused]] unsigned _dummy = {}) {
  st<T, U, MODIFIER, STRIDE>(address, value, offset);
}

template <class T, unsigned LOG_WARP_SIZE, st_modifier MODIFIER = st_modifier::none, bool CHECK_INACTIVE = true,
          typename U = enable_if_t<sizeof(T) % (sizeof(uint2) << LOG_WARP_SIZE) != 0, unsigned>>
static constexpr DEVICE_FORCEINLINE void store_warp(T *address, const unsigned offset, const T &value, const unsigned lane_id,
                                                    [[maybe_unused]] unsigned _dummy = {}) {
  st_warp<T, U, LOG_WARP_SIZE, MODIFIER, CHECK_INACTIVE>(address, offset, value, lane_id);
}

template <class T> static constexpr DEVICE_FORCEINLINE T load_g(const T *address) { return load<T, ld_modifier::g>(address); }
template <class T> static constexpr DEVICE_FORCEINLINE T load_cg(const T *address) { return load<T, ld_modifier::cg>(address); }
template <class T> static constexpr DEVICE_FORCEINLINE T load_ca(const T *address) { return load<T, ld_modifier::ca>(address); }
template <class T> static constexpr DEVICE_FORCEINLINE T load_cs(const T *address) { return load<T, ld_modifier::cs>(address); }
template <class T> static constexpr DEVICE_FORCEINLINE T load_lu(const T *address) { return load<T, ld_modifier::lu>(address); }
template <class T> static constexpr DEVICE_FORCEINLINE T load_cv(const T *address) { return load<T, ld_modifier::cv>(address); }

template <class T> static constexpr DEVICE_FORCEINLINE void store_wb(T *address, const T &value) { store<T, st_modifier::wb>(address, value); }
template <class T> static constexpr DEVICE_FORCEINLINE void store_cg(T *address, const T &value) { store<T, st_modifier::cg>(address, value); }
template <class T> static constexpr DEVICE_FORCEINLINE void store_cs(T *address, const T &value) { store<T, st_modifier::cs>(address, value); }
template <class T> static constexpr DEVICE_FORCEINLINE void store_wt(T *address, const T &value) { store<T, st_modifier::wt>(address, value); }

template <typename T, typename U = T> struct vector_accessor {
  using value_type = T;

  T *ptr;

  DEVICE_FORCEINLINE U *self() { return reinterpret_cast<U *>(this); }

  DEVICE_FORCEINLINE const U *self() const { return reinterpret_cast<const U *>(this); }

  DEVICE_FORCEINLINE U copy() const { return *self(); }

  DEVICE_FORCEINLINE U operator+(const unsigned offset) const {
    U result = *self();
    result.ptr += offset;
    return result;
  }

  DEVICE_FORCEINLINE U operator-(const unsigned offset) const {
    U result = *self();
    result.ptr -= offset;
    return result;
  }

  DEVICE_FORCEINLINE U operator+=(const unsigned offset) {
    U *s = self();
    s->ptr += offset;
    return *s;
  }
  DEVICE_FORCEINLINE U operator-=(const unsigned offset) {
    U *s = self();
    s->ptr -= offset;
    return *s;
  }

  DEVICE_FORCEINLINE U operator++() {
    U *s = self();
    s->ptr++;
    return *s;
  }

  DEVICE_FORCEINLINE U operator--() {
    U *s = self();
    s->ptr--;
    return *s;
  }

  DEVICE_FORCEINLINE const U operator++(int) {
    U copy = copy();
    self()->ptr++;
    return copy;
  }

  DEVICE_FORCEINLINE const U operator--(int) {
    U copy = copy();
    self()->ptr--;
    return copy;
  }
};

template <typename T, ld_modifier LD_MODIFIER = ld_modifier::none> struct vector_getter : vector_accessor<T, vector_getter<T, LD_MODIFIER>> {
  DEVICE_FORCEINLINE T get() const { return load<T, LD_MODIFIER>(this->ptr); }
  DEVICE_FORCEINLINE T get(const unsigned i) const { return this->operator+(i).get(); }
};

template <typename T, st_modifier ST_MODIFIER = st_modifier::none> struct vector_setter : vector_accessor<T, vector_setter<T, ST_MODIFIER>> {
  DEVICE_FORCEINLINE void set(const T &value) const { store<T, ST_MODIFIER>(this->ptr, value); }
  DEVICE_FORCEINLINE void set(const unsigned i, const T &value) const { this->operator+(i).set(value); }
};

template <typename T, ld_modifier LD_MODIFIER = ld_modifier::none, st_modifier ST_MODIFIER = st_modifier::none>
struct vector_getter_setter : vector_accessor<T, vector_getter_setter<T, LD_MODIFIER, ST_MODIFIER>> {
  DEVICE_FORCEINLINE T get() const { return load<T, LD_MODIFIER>(this->ptr); }
  DEVICE_FORCEINLINE T get(const unsigned i) const { return this->operator+(i).get(); }
  DEVICE_FORCEINLINE void set(const T &value) const { store<T, ST_MODIFIER>(this->ptr, value); }
  DEVICE_FORCEINLINE void set(const unsigned i, const T &value) const { this->operator+(i).set(value); }
};

template <typename T, typename U = T> struct matrix_accessor : vector_accessor<T, U> {
  const size_t stride;
  DEVICE_FORCEINLINE U inc_row() { return this->operator++(); }
  DEVICE_FORCEINLINE U inc_col() { return this->operator+=(this->stride); }
  DEVICE_FORCEINLINE U dec_row() { return this->operator--(); }
  DEVICE_FORCEINLINE U dec_col() { return this->operator-=(this->stride); }
  DEVICE_FORCEINLINE U add_row(const unsigned offset) { return this->operator+=(offset); }
  DEVICE_FORCEINLINE U add_col(const unsigned offset) { return this->operator+=(offset * this->stride); }
  DEVICE_FORCEINLINE U sub_row(const unsigned offset) { return this->operator-=(offset); }
  DEVICE_FORCEINLINE U sub_col(const unsigned offset) { return this->operator-=(offset * this->stride); }
};

template <typename T, ld_modifier LD_MODIFIER = ld_modifier::none> struct matrix_getter : matrix_accessor<T, matrix_getter<T, LD_MODIFIER>> {
  DEVICE_FORCEINLINE T get() const { return load<T, LD_MODIFIER>(this->ptr); }
  DEVICE_FORCEINLINE T get_at_row(const unsigned row) const { return this->copy().add_row(row).get(); }
  DEVICE_FORCEINLINE T get_at_col(const unsigned col) const { return this->copy().add_col(col).get(); }
  DEVICE_FORCEINLINE T get(const unsigned row, const unsigned col) const { return this->copy().add_row(row).add_col(col).get(); }
};

template <typename T, st_modifier ST_MODIFIER = st_modifier::none> struct matrix_setter : matrix_accessor<T, matrix_setter<T, ST_MODIFIER>> {
  DEVICE_FORCEINLINE void set(const T &value) const { store<T, ST_MODIFIER>(this->ptr, value); }
  DEVICE_FORCEINLINE void set_at_row(const unsigned row, const T &value) const { this->copy().add_row(row).set(value); }
  DEVICE_FORCEINLINE void set_at_col(const unsigned col, const T &value) const { this->copy().add_col(col).set(value); }
  DEVICE_FORCEINLINE void set(const unsigned row, const unsigned col, const T &value) const { this->copy().add_row(row).add_col(col).set(value); }
};

template <typename T, ld_modifier LD_MODIFIER = ld_modifier::none, st_modifier ST_MODIFIER = st_modifier::none>
struct matrix_getter_setter : matrix_accessor<T, matrix_getter_setter<T, LD_MODIFIER, ST_MODIFIER>> {
  DEVICE_FORCEINLINE T get() const { return load<T, LD_MODIFIER>(this->ptr); }
  DEVICE_FORCEINLINE T get_at_row(const unsigned row) const { return this->copy().add_row(row).get(); }
  DEVICE_FORCEINLINE T get_at_col(const unsigned col) const { return this->copy().add_col(col).get(); }
  DEVICE_FORCEINLINE T get(const unsigned row, const unsigned col) const { return this->copy().add_row(row).add_col(col).get(); }
  DEVICE_FORCEINLINE void set(const T &value) const { store<T, ST_MODIFIER>(this->ptr, value); }
  DEVICE_FORCEINLINE void set_at_row(const unsigned row, const T &value) const { this->copy().add_row(row).set(value); }
  DEVICE_FORCEINLINE void set_at_col(const unsigned col, const T &value) const { this->copy().add_col(col).set(value); }
  DEVICE_FORCEINLINE void set(const unsigned row, const unsigned col, const T &value) const { this->copy().add_row(row).add_col(col).set(value); }
};

template <typename T, typename U> struct double_vector_accessor {
  T internal;

  DEVICE_FORCEINLINE U *self() { return reinterpret_cast<U *>(this); }

  DEVICE_FORCEINLINE const U *self() const { return reinterpret_cast<const U *>(this); }

  DEVICE_FORCEINLINE U copy() const { return *self(); }

  DEVICE_FORCEINLINE U operator+(const unsigned offset) const {
    U result = copy();
    result.internal += offset;
    return result;
  }

  DEVICE_FORCEINLINE U operator-(const unsigned offset) const {
    U result = copy();
    result.internal -= offset;
    return result;
  }

  DEVICE_FORCEINLINE U operator+=(const unsigned offset) {
    U *s = self();
    s->internal += offset;
    return *s;
  }

  DEVICE_FORCEINLINE U operator-=(const unsigned offset) {
    U *s = self();
    s->internal -= offset;
    return *s;
  }

  DEVICE_FORCEINLINE U operator++() {
    U *s = self();
    s->internal++;
    return *s;
  }

  DEVICE_FORCEINLINE U operator--() {
    U *s = self();
    s->internal--;
    return *s;
  }

  DEVICE_FORCEINLINE const U operator++(int) {
    const U copy = copy();
    self()->internal++;
    return copy;
  }

  DEVICE_FORCEINLINE const U operator--(int) {
    const U copy = copy();
    self()->internal--;
    return copy;
  }
};

template <typename T, typename U, ld_modifier LD_MODIFIER = ld_modifier::none>
struct double_vector_getter : double_vector_accessor<matrix_getter<U, LD_MODIFIER>, double_vector_getter<T, U, LD_MODIFIER>> {
  using value_type = T;

  DEVICE_FORCEINLINE T get() const {
    auto getter = this->internal;
    const U c0 = getter.get();
    const U c1 = getter.get_at_row(getter.stride);
    return {c0, c1};
  }

  DEVICE_FORCEINLINE T get(const unsigned i) const { return this->operator+(i).get(); }
};

template <typename T, typename U, st_modifier ST_MODIFIER = st_modifier::none>
struct double_vector_setter : double_vector_accessor<matrix_setter<U, ST_MODIFIER>, double_vector_setter<T, U, ST_MODIFIER>> {
  using value_type = T;

  DEVICE_FORCEINLINE void set(const T &value) const {
    auto setter = this->internal;
    setter.set(value[0]);
    setter.set_at_row(setter.stride, value[1]);
  }

  DEVICE_FORCEINLINE void set(const unsigned i, const T &value) const { this->operator+(i).set(value); }
};

template <typename T, typename U, ld_modifier LD_MODIFIER = ld_modifier::none, st_modifier ST_MODIFIER = st_modifier::none>
struct double_vector_getter_setter
    : double_vector_accessor<matrix_getter_setter<U, LD_MODIFIER, ST_MODIFIER>, double_vector_getter_setter<T, U, LD_MODIFIER, ST_MODIFIER>> {
  using value_type = T;

  DEVICE_FORCEINLINE T get() const {
    auto setter = this->internal;
    const U c0 = setter.get();
    const U c1 = setter.get_at_row(setter.stride);
    return {c0, c1};
  }

  DEVICE_FORCEINLINE T get(const unsigned i) const { return this->operator+(i).get(); }

  DEVICE_FORCEINLINE void set(const T &value) const {
    auto getter = this->internal;
    getter.set(value[0]);
    getter.set_at_row(getter.stride, value[1]);
  }

  DEVICE_FORCEINLINE void set(const unsigned i, const T &value) const { this->operator+(i).set(value); }
};

template <typename T, typename U> struct double_matrix_accessor : double_vector_accessor<T, U> {
  DEVICE_FORCEINLINE U inc_row() { return this->operator++(); }
  DEVICE_FORCEINLINE U inc_col() { return this->operator+=(this->internal.stride << 1); }
  DEVICE_FORCEINLINE U dec_row() { return this->operator--(); }
  DEVICE_FORCEINLINE U dec_col() { return this->operator-=(this->internal.stride << 1); }
  DEVICE_FORCEINLINE U add_row(const unsigned offset) { return this->operator+=(offset); }
  DEVICE_FORCEINLINE U add_col(const unsigned offset) { return this->operator+=(offset * this->internal.stride << 1); }
  DEVICE_FORCEINLINE U sub_row(const unsigned offset) { return this->operator-=(offset); }
  DEVICE_FORCEINLINE U sub_col(const unsigned offset) { return this->operator-=(offset * this->internal.stride << 1); }
};

template <typename T, typename U, ld_modifier LD_MODIFIER = ld_modifier::none>
struct double_matrix_getter : double_matrix_accessor<matrix_getter<U, LD_MODIFIER>, double_matrix_getter<T, U, LD_MODIFIER>> {
  using value_type = T;

  DEVICE_FORCEINLINE T get() const {
    auto getter = this->internal;
    const U c0 = getter.get();
    const U c1 = getter.get_at_row(getter.stride);
    return {c0, c1};
  }

  DEVICE_FORCEINLINE T get_at_row(const unsigned row) const { return this->copy().add_row(row).get(); }

  DEVICE_FORCEINLINE T get_at_col(const unsigned col) const { return this->copy().add_col(col).get(); }

  DEVICE_FORCEINLINE T get(const unsigned row, const unsigned col) const { return this->copy().add_row(row).add_col(col).get(); }
};

template <typename T, typename U, st_modifier ST_MODIFIER = st_modifier::none>
struct double_matrix_setter : double_matrix_accessor<matrix_setter<U, ST_MODIFIER>, double_matrix_setter<T, U, ST_MODIFIER>> {
  using value_type = T;

  DEVICE_FORCEINLINE void set(const T &value) const {
    auto setter = this->internal;
    setter.set(value[0]);
    setter.set_at_row(setter.stride, value[1]);
  }

  DEVICE_FORCEINLINE void set_at_row(const unsigned row, const T &value) const { this->copy().add_row(row).set(value); }

  DEVICE_FORCEINLINE void set_at_col(const unsigned col, const T &value) const { this->copy().add_col(col).set(value); }

  DEVICE_FORCEINLINE void set(const unsigned row, const unsigned col, const T &value) const { this->copy().add_row(row).add_col(col).set(value); }
};

template <typename T, typename U, ld_modifier LD_MODIFIER = ld_modifier::none, st_modifier ST_MODIFIER = st_modifier::none>
struct double_matrix_getter_setter
    : double_matrix_accessor<matrix_getter_setter<U, LD_MODIFIER, ST_MODIFIER>, double_matrix_getter_setter<T, U, LD_MODIFIER, ST_MODIFIER>> {
  using value_type = T;

  DEVICE_FORCEINLINE T get() const {
    auto getter = this->internal;
    const U c0 = getter.get();
    const U c1 = getter.get_at_row(getter.stride);
    return {c0, c1};
  }

  DEVICE_FORCEINLINE T get_at_row(const unsigned row) const { return this->copy().add_row(row).get(); }

  DEVICE_FORCEINLINE T get_at_col(const unsigned col) const { return this->copy().add_col(col).get(); }

  DEVICE_FORCEINLINE T get(const unsigned row, const unsigned col) const { return this->copy().add_row(row).add_col(col).get(); }

  DEVICE_FORCEINLINE void set(const T &value) const {
    auto setter = this->internal;
    setter.set(value[0]);
    setter.set_at_row(setter.stride, value[1]);
  }

  DEVICE_FORCEINLINE void set_at_row(const unsigned row, const T &value) const { this->copy().add_row(row).set(value); }

  DEVICE_FORCEINLINE void set_at_col(const unsigned col, const T &value) const { this->copy().add_col(col).set(value); }

  DEVICE_FORCEINLINE void set(const unsigned row, const unsigned col, const T &value) const { this->copy().add_row(row).add_col(col).set(value); }
};

template <typename T> struct wrapping_vector_accessor {
  using value_type = typename T::value_type;

  T internal;
  unsigned count;
};

template <typename T> struct wrapping_vector_getter : wrapping_vector_accessor<T> {
  DEVICE_FORCEINLINE typename T::value_type get() const { return this->internal.get(); }
  DEVICE_FORCEINLINE typename T::value_type get(const unsigned i) const { return this->interal.get(i % this->count); }
};

template <typename T> struct wrapping_vector_setter {
  DEVICE_FORCEINLINE void set(const typename T::value_type &value) const { this->internal.set(value); }
  DEVICE_FORCEINLINE void set(const unsigned i, const typename T::value_type &value) const { this->internal.set(i % this->count, value); }
};

template <typename T> struct wrapping_vector_getter_setter {
  DEVICE_FORCEINLINE typename T::value_type get() const { return this->internal.get(); }
  DEVICE_FORCEINLINE typename T::value_type get(const unsigned i) const { return this->interal.get(i % this->count); }
  DEVICE_FORCEINLINE void set(const typename T::value_type &value) const { this->internal.set(value); }
  DEVICE_FORCEINLINE void set(const unsigned i, const typename T::value_type &value) const { this->internal.set(i % this->count, value); }
};

template <typename T> struct wrapping_matrix_accessor {
  using value_type = typename T::value_type;

  T internal;
  unsigned rows;
  unsigned cols;
};

template <typename T> struct wrapping_matrix_getter : wrapping_matrix_accessor<T> {
  DEVICE_FORCEINLINE typename T::value_type get() const { return this->internal.get(); }
  DEVICE_FORCEINLINE typename T::value_type get_at_row(const unsigned row) const { return this->internal.get_at_row(row % this->rows); }
  DEVICE_FORCEINLINE typename T::value_type get_at_col(const unsigned col) const { return this->internal.get_at_col(col % this->cols); }
  DEVICE_FORCEINLINE typename T::value_type get(const unsigned row, const unsigned col) const { return this->internal.get(row % this->rows, col % this->cols); }
};

template <typename T> struct wrapping_matrix_setter : wrapping_matrix_accessor<T> {
  DEVICE_FORCEINLINE void set(const typename T::value_type &value) const { this->internal.set(value); }
  DEVICE_FORCEINLINE void set_at_row(const unsigned row, const typename T::value_type &value) const { this->internal.set_at_row(row % this->rows, value); }
  DEVICE_FORCEINLINE void set_at_col(const unsigned col, const typename T::value_type &value) const { this->internal.set_at_col(col % this->cols, value); }
  DEVICE_FORCEINLINE void set(const unsigned row, const unsigned col, const typename T::value_type &value) const {
    this->internal.set(row % this->rows, col % this->cols, value);
  }
};

template <typename T> struct wrapping_matrix_getter_setter : wrapping_matrix_accessor<T> {
  DEVICE_FORCEINLINE typename T::value_type get() const { return this->internal.get(); }
  DEVICE_FORCEINLINE typename T::value_type get_at_row(const unsigned row) const { return this->internal.get_at_row(row % this->rows); }
  DEVICE_FORCEINLINE typename T::value_type get_at_col(const unsigned col) const { return this->internal.get_at_col(col % this->cols); }
  DEVICE_FORCEINLINE typename T::value_type get(const unsigned row, const unsigned col) const { return this->internal.get(row % this->rows, col % this->cols); }
  DEVICE_FORCEINLINE void set(const typename T::value_type &value) const { this->internal.set(value); }
  DEVICE_FORCEINLINE void set_at_row(const unsigned row, const typename T::value_type &value) const { this->internal.set_at_row(row % this->rows, value); }
  DEVICE_FORCEINLINE void set_at_col(const unsigned col, const typename T::value_type &value) const { this->internal.set_at_col(col % this->cols, value); }
  DEVICE_FORCEINLINE void set(const unsigned row, const unsigned col, const typename T::value_type &value) const {
    this->internal.set(row % this->rows, col % this->cols, value);
  }
};
} // namespace memory
// ---- end of native/memory.cuh ----

// ---- copied in: native/goldilocks.cuh, lines 1-326 (whole) ----
#pragma once

// #include "carry_chain.cuh"   (line 3: carry_chain.cuh's text is above)
// #include "common.cuh"   (line 4: common.cuh's text is above)
// #include "memory.cuh"   (line 5: memory.cuh's text is above)
#include <sm_32_intrinsics.h>

namespace goldilocks {

#define LIMBS_ALIGNMENT(x) ((x) % 4 == 0 ? 16 : ((x) % 2 == 0 ? 8 : 4))

typedef uint32_t limb;

template <unsigned LIMBS_COUNT> struct __align__(LIMBS_ALIGNMENT(LIMBS_COUNT)) field {
  static_assert(LIMBS_COUNT >= 2);
  __align__(LIMBS_ALIGNMENT(LIMBS_COUNT)) limb limbs[LIMBS_COUNT] = {};
  static constexpr HOST_DEVICE_FORCEINLINE field zero() { return {}; }
  static constexpr HOST_DEVICE_FORCEINLINE field one() { return {1}; }
  static constexpr HOST_DEVICE_FORCEINLINE field minus_one() { return {0, ~0u}; }
  static constexpr HOST_DEVICE_FORCEINLINE field order() { return {1, ~0u}; }
  static constexpr HOST_DEVICE_FORCEINLINE field epsilon() { return {~0u}; }
  static constexpr unsigned TWO_ADICITY = 32;
  static constexpr uint64_t ORDER_U64 = 0xffffffff00000001;
  static constexpr uint64_t MINUS_ONE_U64 = 0xffffffff00000000;
  static constexpr HOST_DEVICE_FORCEINLINE field inverse_2_pow_adicity() { return {2, ~1u}; }

  DEVICE_FORCEINLINE limb &operator[](const unsigned idx) { return limbs[idx]; }
  DEVICE_FORCEINLINE const limb &operator[](const unsigned idx) const { return limbs[idx]; }

  template <bool SUBTRACT, bool CARRY_OUT = false> static DEVICE_FORCEINLINE field add_sub_limbs(const field &x, const field &y) {
    carry_chain<LIMBS_COUNT, false, CARRY_OUT> chain;
    field result{};
#pragma unroll
    for (unsigned i = 0; i < LIMBS_COUNT; i++)
      result[i] = SUBTRACT ? chain.sub(x[i], y[i]) : chain.add(x[i], y[i]);
    return result;
  }

  template <bool CARRY_OUT = false> static DEVICE_FORCEINLINE field add_limbs(const field &x, const field &y) { return add_sub_limbs<false, CARRY_OUT>(x, y); }

  template <bool CARRY_OUT = false> static DEVICE_FORCEINLINE field sub_limbs(const field &x, const field &y) { return add_sub_limbs<true, CARRY_OUT>(x, y); }

  static DEVICE_FORCEINLINE bool is_zero(const field &x) {
    uint32_t limbs_or = x[0];
#pragma unroll
    for (unsigned i = 1; i < LIMBS_COUNT; i++)
      limbs_or |= x[i];
    return limbs_or == 0;
  }

  template <unsigned RESULT_LIMBS_COUNT> static DEVICE_FORCEINLINE field<RESULT_LIMBS_COUNT> into(const field &x) {
    field<RESULT_LIMBS_COUNT> result{};
#pragma unroll
    for (unsigned i = 0; i < LIMBS_COUNT && i < RESULT_LIMBS_COUNT; i++)
      result[i] = x[i];
    return result;
  }

  static DEVICE_FORCEINLINE field get_correction() {
    switch (LIMBS_COUNT) {
    case 2:
      return epsilon();
    case 3:
      return minus_one();
    case 4:
      return {1, ~1u};
    default:
      static_assert(LIMBS_COUNT >= 2 && LIMBS_COUNT <= 4);
      return {};
    }
  }

  template <bool SUBTRACT> static DEVICE_FORCEINLINE field get_correction_from_carry_flag() {
    limb flag = ptx::subc(0, 0);
    if (!SUBTRACT)
      flag = ~flag;
    switch (LIMBS_COUNT) {
    case 2:
      return {flag};
    case 3:
      return {0, flag};
    case 4:
      return {flag & 1, flag & ~1};
    default:
      static_assert(LIMBS_COUNT >= 2 && LIMBS_COUNT <= 4);
      return {};
    }
  }

  template <bool SUBTRACT, bool DOUBLE_OVERFLOW_POSSIBLE, bool OVERFLOW_LIKELY> static DEVICE_FORCEINLINE field add_sub(const field &x, const field &y) {
    static_assert(!DOUBLE_OVERFLOW_POSSIBLE || OVERFLOW_LIKELY);
    field z = add_sub_limbs<SUBTRACT, true>(x, y);
    if (DOUBLE_OVERFLOW_POSSIBLE) {
      return add_sub<SUBTRACT, false, false>(z, get_correction_from_carry_flag<SUBTRACT>());
    } else {
      if (OVERFLOW_LIKELY)
        return add_sub_limbs<SUBTRACT>(z, get_correction_from_carry_flag<SUBTRACT>());
      else
        return unlikely(SUBTRACT ? ptx::subc(0, 0) : ptx::addc(0, 0)) ? add_sub_limbs<SUBTRACT>(z, get_correction()) : z;
    }
  }

  template <bool ONE_INPUT_IS_CANONICAL = false, bool OVERFLOW_LIKELY = true> static DEVICE_FORCEINLINE field add(const field &x, const field &y) {
    return add_sub<false, !ONE_INPUT_IS_CANONICAL, OVERFLOW_LIKELY>(x, y);
  }

  template <bool RHS_IS_CANONICAL = false, bool OVERFLOW_LIKELY = true> static DEVICE_FORCEINLINE field sub(const field &x, const field &y) {
    return add_sub<true, !RHS_IS_CANONICAL, OVERFLOW_LIKELY>(x, y);
  }

  template <bool INPUT_IS_CANONICAL = false> static DEVICE_FORCEINLINE field dbl(const field &x) { return add<INPUT_IS_CANONICAL, true>(x, x); }

  template <bool INPUT_IS_CANONICAL = false> static DEVICE_FORCEINLINE field neg(const field &x) {
    return INPUT_IS_CANONICAL ? is_zero(x) ? zero() : sub_limbs<false>(order(), x) : sub(order(), x);
  }

  static DEVICE_FORCEINLINE field<2> reduce(const field<2> &x) {
    auto r = sub_limbs<true>(x, order());
    auto c = ptx::subc(0, 0);
    return likely(c) ? x : r;
  }

  static DEVICE_FORCEINLINE field<4> mul_wide(const field<2> &x, const field<2> &y) {
    const uint64_t x64 = reinterpret_cast<const uint64_t &>(x);
    const uint64_t y64 = reinterpret_cast<const uint64_t &>(y);
    field<4> result;
    auto *r64 = reinterpret_cast<uint64_t *>(&result);
    r64[0] = ptx::u64::mul_lo(x64, y64);
    r64[1] = ptx::u64::mul_hi(x64, y64);
    return result;
  }

  static DEVICE_FORCEINLINE field<4> sqr_wide(const field<2> &x) {
    const uint64_t x64 = reinterpret_cast<const uint64_t &>(x);
    field<4> result;
    auto *r64 = reinterpret_cast<uint64_t *>(&result);
    r64[0] = ptx::u64::mul_lo(x64, x64);
    r64[1] = ptx::u64::mul_hi(x64, x64);
    return result;
  }

  static DEVICE_FORCEINLINE field<2> field3_to_field2(const field<3> &x) {
    field<2> result = field<3>::into<2>(x);
    limb l = x[2];
    result = field<2>::add<true>(result, field<2>::sub_limbs({0, l}, {l}));
    return result;
  }

  static DEVICE_FORCEINLINE field<3> field3_to_field2_and_carry(const field<3> &x) {
    field<3> result = x;
    result[2] = 0;
    limb l = x[2];
    result = field<3>::add_limbs(result, field<2>::into<3>(field<2>::sub_limbs({0, l}, {l})));
    return result;
  }

  static DEVICE_FORCEINLINE field<3> field4_to_field3(const field<4> &x) {
    field<2> x2 = field<4>::into<2>(x);
    limb lo = x[2];
    limb hi = x[3];
    x2 = field<2>::sub<true, false>(x2, {hi});
    field<3> result = field<2>::into<3>(x2);
    result[2] = lo;
    return result;
  }

  static DEVICE_FORCEINLINE field<4> field5_to_field4(const field<5> &x) {
    field<2> x2 = field<5>::into<2>(x);
    limb lo = x[2];
    limb mi = x[3];
    limb hi = x[4];
    x2 = field<2>::sub<true, true>(x2, {0, hi});
    field<4> result = field<2>::into<4>(x2);
    result[2] = lo;
    result[3] = mi;
    return result;
  }

  static DEVICE_FORCEINLINE field<2> field4_to_field2(const field<4> &x) { return field3_to_field2(field4_to_field3(x)); }

  static DEVICE_FORCEINLINE field<3> field5_to_field3(const field<5> &x) { return field4_to_field3(field5_to_field4(x)); }

  static DEVICE_FORCEINLINE field<2> mul(const field<2> &x, const field<2> &y) { return field4_to_field2(mul_wide(x, y)); }

  static DEVICE_FORCEINLINE field<2> sqr(const field<2> &x) { return field4_to_field2(sqr_wide(x)); }

  static DEVICE_FORCEINLINE field shr(const field &x, const unsigned &shift) {
    field y;
#pragma unroll
    for (unsigned i = 0; i < LIMBS_COUNT - 1; i++)
      y[i] = __funnelshift_rc(x[i], x[i + 1], shift);
    y[LIMBS_COUNT - 1] = x[LIMBS_COUNT - 1] >> shift;
    return y;
  }

  static DEVICE_FORCEINLINE field shl(const field &x, const unsigned &shift) {
    field y;
    y[0] = x[0] << shift;
#pragma unroll
    for (unsigned i = 1; i < LIMBS_COUNT; i++)
      y[i] = __funnelshift_lc(x[i - 1], x[i], shift);
    return y;
  }

  template <class T> static DEVICE_FORCEINLINE void swap(T & x, T & y) {
    T temp = x;
    x = y;
    y = temp;
  }

  static DEVICE_FORCEINLINE field shl_extended(const field &x, const unsigned shift) {
    unsigned s = shift;
    field y = x;
    while (s >= 32) {
#pragma unroll
      for (unsigned i = 1; i < LIMBS_COUNT; i++)
        y[LIMBS_COUNT - i] = y[LIMBS_COUNT - i - 1];
      y[0] = 0;
      s -= 32;
    }
    return shl(y, s);
  }

  static DEVICE_FORCEINLINE void inv_safe_iteration(uint64_t & f, uint64_t & g, field<4> & c, field<4> & d, unsigned &k) {
    if (f < g) {
      swap(f, g);
      swap(c, d);
    }
    if ((f & 3) == (g & 3)) {
      f -= g;
      c = field<4>::sub_limbs(c, d);
      unsigned kk = __ffsll(f) - 1;
      f >>= kk;
      d = field<4>::shl_extended(d, kk);
      k += kk;
    } else {
      f = (f >> 2) + (g >> 2) + 1;
      c = field<4>::add_limbs(c, d);
      unsigned kk = __ffsll(f) - 1;
      f >>= kk;
      d = field<4>::shl_extended(d, kk + 2);
      k += kk + 2;
    }
  }

  static DEVICE_FORCEINLINE void inv_unsafe_iteration(uint64_t & f, uint64_t & g, field<4> & c, field<4> & d, unsigned &k) {
    if (f < g) {
      swap(f, g);
      swap(c, d);
    }
    if ((f & 3) == (g & 3)) {
      f -= g;
      c = field<4>::sub_limbs(c, d);
    } else {
      f += g;
      c = field<4>::add_limbs(c, d);
    }
    unsigned kk = __ffsll(f) - 1;
    f >>= kk;
    d = field<4>::shl_extended(d, kk);
    k += kk;
  }

  static DEVICE_FORCEINLINE field<2> inv_2exp_unchecked(const unsigned exp) { return from_u64(ORDER_U64 - (MINUS_ONE_U64 >> exp)); }

  static DEVICE_FORCEINLINE field<2> inv_2exp(const unsigned exp) {
    if (exp > TWO_ADICITY) {
      field<2> res = inverse_2_pow_adicity();
      unsigned e = exp - TWO_ADICITY;
      while (e > TWO_ADICITY) {
        res = mul(res, inverse_2_pow_adicity());
        e -= TWO_ADICITY;
      }
      return mul(res, inv_2exp_unchecked(e));
    } else {
      return inv_2exp_unchecked(exp);
    }
  }

  template <bool INPUT_IS_CANONICAL = false> static DEVICE_FORCEINLINE field<2> inv(const field<2> &x) {
    uint64_t f = to_u64(INPUT_IS_CANONICAL ? x : reduce(x));
    uint64_t g = ORDER_U64;
    field<4> c = field<4>::one();
    field<4> d = field<4>::zero();
    if (f == 0)
      return zero();
    unsigned k = __ffsll(f) - 1;
    f >>= k;
    if (f == 1)
      return inv_2exp(k);
    inv_safe_iteration(f, g, c, d, k);
    if (f == 1) {
      field<2> t = inv_2exp(k);
      if (c[3])
        t = neg(t);
      return t;
    }
    inv_safe_iteration(f, g, c, d, k);
    while (f != 1)
      inv_unsafe_iteration(f, g, c, d, k);
    while (c[3] & 0x80000000)
      c = field<4>::add_limbs(c, field<4>::order());
    return mul(field4_to_field2(c), inv_2exp(k));
  }

  static DEVICE_FORCEINLINE field<2> pow(const field<2> &x, const unsigned &power) {
    field<2> result = field<2>::one();
    field<2> value = x;
    for (unsigned i = power; i != 0;) {
      if (i & 1)
        result = field<2>::mul(result, value);
      i >>= 1;
      if (i)
        value = field<2>::sqr(value);
    }
    return result;
  }

  static DEVICE_FORCEINLINE field<2> from_u64(const uint64_t x) { return *reinterpret_cast<const field<2> *>(&x); }

  static DEVICE_FORCEINLINE uint64_t to_u64(const field<2> x) { return *reinterpret_cast<const uint64_t *>(&x); }
};

typedef field<2> base_field;

} // namespace goldilocks
// ---- end of native/goldilocks.cuh ----

// ---- copied in: native/goldilocks_extension.cuh, lines 1-126 (whole) ----
#pragma once

// #include "goldilocks.cuh"   (line 3: goldilocks.cuh's text is above)
// #include "memory.cuh"   (line 4: memory.cuh's text is above)

namespace goldilocks {

struct __align__(16) extension_field {
  base_field coefficients[2];

  static constexpr HOST_DEVICE_FORCEINLINE base_field non_residue() { return {7}; }
  static constexpr HOST_DEVICE_FORCEINLINE extension_field zero() { return {}; }
  static constexpr HOST_DEVICE_FORCEINLINE extension_field one() { return {1, 0}; }

  DEVICE_FORCEINLINE base_field &operator[](const unsigned idx) { return coefficients[idx]; }
  DEVICE_FORCEINLINE const base_field &operator[](const unsigned idx) const { return coefficients[idx]; }

  static DEVICE_FORCEINLINE base_field mul_by_non_residue(const base_field &x) { return base_field::mul(x, non_residue()); }

  static DEVICE_FORCEINLINE extension_field add(const extension_field &x, const base_field &y) { return {base_field::add(x[0], y), x[1]}; }

  static DEVICE_FORCEINLINE extension_field add(const base_field &x, const extension_field &y) { return {base_field::add(x, y[0]), y[1]}; }

  static DEVICE_FORCEINLINE extension_field add(const extension_field &x, const extension_field &y) {
    return {base_field::add(x[0], y[0]), base_field::add(x[1], y[1])};
  }

  static DEVICE_FORCEINLINE extension_field sub(const extension_field &x, const base_field &y) { return {base_field::sub(x[0], y), x[1]}; }

  static DEVICE_FORCEINLINE extension_field sub(const base_field &x, const extension_field &y) { return {base_field::sub(x, y[0]), base_field::neg(y[1])}; }

  static DEVICE_FORCEINLINE extension_field sub(const extension_field &x, const extension_field &y) {
    return {base_field::sub(x[0], y[0]), base_field::sub(x[1], y[1])};
  }

  static DEVICE_FORCEINLINE extension_field dbl(const extension_field &x) {
    auto a = base_field::dbl(x[0]);
    auto b = base_field::dbl(x[1]);
    return {a, b};
  }

  static DEVICE_FORCEINLINE extension_field neg(const extension_field &x) {
    auto a = base_field::neg(x[0]);
    auto b = base_field::neg(x[1]);
    return {a, b};
  }

  static DEVICE_FORCEINLINE extension_field mul(const extension_field &x, const base_field &y) { return {base_field::mul(x[0], y), base_field::mul(x[1], y)}; }

  static DEVICE_FORCEINLINE extension_field mul(const base_field &x, const extension_field &y) { return {base_field::mul(x, y[0]), base_field::mul(x, y[1])}; }

  static DEVICE_FORCEINLINE extension_field mul(const extension_field &x, const extension_field &y) {
    auto a = base_field::mul(x[0], y[0]);
    auto b = base_field::mul(x[1], y[0]);
    auto c = base_field::mul(x[0], y[1]);
    auto d = base_field::mul(x[1], y[1]);
    a = base_field::add(a, mul_by_non_residue(d));
    b = base_field::add(b, c);
    return {a, b};
  }

  static DEVICE_FORCEINLINE extension_field sqr(const extension_field &x) {
    auto a = base_field::sqr(x[0]);
    auto b = base_field::mul(x[0], x[1]);
    auto c = base_field::sqr(x[1]);
    a = base_field::add(a, mul_by_non_residue(c));
    b = base_field::dbl(b);
    return {a, b};
  }

  static DEVICE_FORCEINLINE extension_field inv(const extension_field &x) {
    auto a = x[0];
    auto b = x[1];
    auto c = base_field::sub(base_field::sqr(a), mul_by_non_residue(base_field::sqr(b)));
    c = base_field::inv(c);
    a = base_field::mul(a, c);
    b = base_field::mul(b, c);
    b = base_field::neg(b);
    return {a, b};
  }

  static DEVICE_FORCEINLINE extension_field pow(const extension_field &x, const unsigned &power) {
    extension_field result = {1};
    extension_field value = x;
    for (unsigned i = power; i != 0;) {
      if (i & 1)
        result = mul(result, value);
      i >>= 1;
      if (i)
        value = sqr(value);
    }
    return result;
  }

  static DEVICE_FORCEINLINE extension_field shr(const extension_field &x, const unsigned &shift) {
    auto a = base_field::shr(x[0], shift);
    auto b = base_field::shr(x[1], shift);
    return {a, b};
  }

  static DEVICE_FORCEINLINE extension_field shl(const extension_field &x, const unsigned &shift) {
    auto a = base_field::shl(x[0], shift);
    auto b = base_field::shl(x[1], shift);
    return {a, b};
  }
};

template <memory::ld_modifier LD_MODIFIER = memory::ld_modifier::none>
struct ef_double_vector_getter : memory::double_vector_getter<extension_field, base_field, LD_MODIFIER> {};

template <memory::st_modifier ST_MODIFIER = memory::st_modifier::none>
struct ef_double_vector_setter : memory::double_vector_setter<extension_field, base_field, ST_MODIFIER> {};

template <memory::ld_modifier LD_MODIFIER = memory::ld_modifier::none, memory::st_modifier ST_MODIFIER = memory::st_modifier::none>
struct ef_double_vector_getter_setter : memory::double_vector_getter_setter<extension_field, base_field, LD_MODIFIER, ST_MODIFIER> {};

template <memory::ld_modifier LD_MODIFIER = memory::ld_modifier::none>
struct ef_double_matrix_getter : memory::double_matrix_getter<extension_field, base_field, LD_MODIFIER> {};

template <memory::st_modifier ST_MODIFIER = memory::st_modifier::none>
struct ef_double_matrix_setter : memory::double_matrix_setter<extension_field, base_field, ST_MODIFIER> {};

template <memory::ld_modifier LD_MODIFIER = memory::ld_modifier::none, memory::st_modifier ST_MODIFIER = memory::st_modifier::none>
struct ef_double_matrix_getter_setter : memory::double_matrix_getter_setter<extension_field, base_field, LD_MODIFIER, ST_MODIFIER> {};

} // namespace goldilocks
// ---- end of native/goldilocks_extension.cuh ----

// ---- native/ops_simple.cu, lines 1-189 ----
// #include "goldilocks_extension.cuh"   (line 1: the header's text is above)
// #include "memory.cuh"   (line 2: the header's text is above)

namespace goldilocks {

using namespace memory;

template <typename T> struct value_getter {
  using value_type = T;
  T value;

  DEVICE_FORCEINLINE T get(const unsigned, const unsigned) const { return value; }
};

using bf = base_field;
using bf_value_getter = value_getter<bf>;
using bf_getter = wrapping_matrix_getter<matrix_getter<bf, ld_modifier::cs>>;
using bf_setter = wrapping_matrix_setter<matrix_setter<bf, st_modifier::cs>>;

using ef = extension_field;
using ef_value_getter = value_getter<ef>;
using ef_getter = wrapping_matrix_getter<ef_double_matrix_getter<ld_modifier::cs>>;
using ef_setter = wrapping_matrix_setter<ef_double_matrix_setter<st_modifier::cs>>;

using u32 = uint32_t;
using u32_value_getter = value_getter<u32>;
using u32_getter = wrapping_matrix_getter<matrix_getter<u32, ld_modifier::cs>>;
using u32_setter = wrapping_matrix_setter<matrix_setter<u32, st_modifier::cs>>;

using u64 = uint64_t;
using u64_value_getter = value_getter<u64>;
using u64_getter = wrapping_matrix_getter<matrix_getter<u64, ld_modifier::cs>>;
using u64_setter = wrapping_matrix_setter<matrix_setter<u64, st_modifier::cs>>;

template <class T, class U> using unary_fn = U (*)(const T &);

template <class T0, class T1, class U> using binary_fn = U (*)(const T0 &, const T1 &);

template <class T0, class T1, class T2, class U> using ternary_fn = U (*)(const T0 &, const T1 &, const T2 &);

template <class T, class U> DEVICE_FORCEINLINE void unary_op(unary_fn<typename T::value_type, typename U::value_type> func, const T arg, U result) {
  const unsigned row = threadIdx.x + blockIdx.x * blockDim.x;
  if (row >= result.rows)
    return;
  const unsigned col = blockIdx.y;
  const typename T::value_type arg_value = arg.get(row, col);
  const typename U::value_type result_value = func(arg_value);
  result.set(row, col, result_value);
}

template <class T0, class T1, class U>
DEVICE_FORCEINLINE void binary_op(binary_fn<typename T0::value_type, typename T1::value_type, typename U::value_type> func, const T0 arg0, const T1 arg1,
                                  U result) {
  const unsigned row = threadIdx.x + blockIdx.x * blockDim.x;
  if (row >= result.rows)
    return;
  const unsigned col = blockIdx.y;
  const typename T0::value_type arg0_value = arg0.get(row, col);
  const typename T1::value_type arg1_value = arg1.get(row, col);
  const typename U::value_type result_value = func(arg0_value, arg1_value);
  result.set(row, col, result_value);
}

template <class T0, class T1, class T2, class U>
DEVICE_FORCEINLINE void ternary_op(ternary_fn<typename T0::value_type, typename T1::value_type, typename T2::value_type, typename U::value_type> func,
                                   const T0 arg0, const T1 arg1, const T2 arg2, U result) {
  const unsigned row = threadIdx.x + blockIdx.x * blockDim.x;
  if (row >= result.rows)
    return;
  const unsigned col = blockIdx.y;
  const typename T0::value_type arg0_value = arg0.get(row, col);
  const typename T1::value_type arg1_value = arg1.get(row, col);
  const typename T2::value_type arg2_value = arg2.get(row, col);
  const typename U::value_type result_value = func(arg0_value, arg1_value, arg2_value);
  result.set(row, col, result_value);
}

template <class T> DEVICE_FORCEINLINE T return_value(const T &x) { return x; }

DEVICE_FORCEINLINE bf add(const bf &x, const bf &y) { return bf::add(x, y); }

DEVICE_FORCEINLINE ef add(const bf &x, const ef &y) { return ef::add(x, y); }

DEVICE_FORCEINLINE ef add(const ef &x, const bf &y) { return ef::add(x, y); }

DEVICE_FORCEINLINE ef add(const ef &x, const ef &y) { return ef::add(x, y); }

DEVICE_FORCEINLINE bf mul(const bf &x, const bf &y) { return bf::mul(x, y); }

DEVICE_FORCEINLINE ef mul(const bf &x, const ef &y) { return ef::mul(x, y); }

DEVICE_FORCEINLINE ef mul(const ef &x, const bf &y) { return ef::mul(x, y); }

DEVICE_FORCEINLINE ef mul(const ef &x, const ef &y) { return ef::mul(x, y); }

DEVICE_FORCEINLINE bf sub(const bf &x, const bf &y) { return bf::sub(x, y); }

DEVICE_FORCEINLINE ef sub(const bf &x, const ef &y) { return ef::sub(x, y); }

DEVICE_FORCEINLINE ef sub(const ef &x, const bf &y) { return ef::sub(x, y); }

DEVICE_FORCEINLINE ef sub(const ef &x, const ef &y) { return ef::sub(x, y); }

template <class T0, class T1, class T2, class U> DEVICE_FORCEINLINE U mul_add(const T0 &x, const T1 &y, const T2 &z) { return add(mul(x, y), z); }

template <class T0, class T1, class T2, class U> DEVICE_FORCEINLINE U mul_sub(const T0 &x, const T1 &y, const T2 &z) { return sub(mul(x, y), z); }

#define SET_BY_VAL_KERNEL(arg_t)                                                                                                                               \
  EXTERN __global__ void set_by_val_##arg_t##_kernel(const arg_t##_value_getter arg, arg_t##_setter result) { unary_op(return_value, arg, result); }

SET_BY_VAL_KERNEL(u32)
SET_BY_VAL_KERNEL(u64)
SET_BY_VAL_KERNEL(bf)
SET_BY_VAL_KERNEL(ef)

#define SET_BY_REF_KERNEL(arg_t)                                                                                                                               \
  EXTERN __global__ void set_by_ref_##arg_t##_kernel(const arg_t##_getter arg, arg_t##_setter result) { unary_op(return_value, arg, result); }

SET_BY_REF_KERNEL(u32)
SET_BY_REF_KERNEL(u64)
SET_BY_REF_KERNEL(bf)
SET_BY_REF_KERNEL(ef)

#define UNARY_KERNEL(op, arg_t)                                                                                                                                \
  EXTERN __global__ void op##_##arg_t##_kernel(const arg_t##_getter arg, arg_t##_setter result) { unary_op(arg_t::op, arg, result); }

UNARY_KERNEL(dbl, bf)
UNARY_KERNEL(dbl, ef)
UNARY_KERNEL(inv, bf)
UNARY_KERNEL(inv, ef)
UNARY_KERNEL(neg, bf)
UNARY_KERNEL(neg, ef)
UNARY_KERNEL(sqr, bf)
UNARY_KERNEL(sqr, ef)

#define PARAMETRIZED_KERNEL(op, arg_t)                                                                                                                         \
  EXTERN __global__ void op##_##arg_t##_kernel(const arg_t##_getter arg, const u32_value_getter parameter, arg_t##_setter result) {                            \
    binary_op(arg_t::op, arg, parameter, result);                                                                                                              \
  }

PARAMETRIZED_KERNEL(pow, bf)
PARAMETRIZED_KERNEL(pow, ef)
PARAMETRIZED_KERNEL(shl, bf)
PARAMETRIZED_KERNEL(shl, ef)
PARAMETRIZED_KERNEL(shr, bf)
PARAMETRIZED_KERNEL(shr, ef)

#define BINARY_KERNEL(op, arg0_t, arg1_t, result_t)                                                                                                            \
  EXTERN __global__ void op##_##arg0_t##_##arg1_t##_kernel(const arg0_t##_getter arg0, const arg1_t##_getter arg1, result_t##_setter result) {                 \
    binary_op(result_t::op, arg0, arg1, result);                                                                                                               \
  }

BINARY_KERNEL(add, bf, bf, bf)
BINARY_KERNEL(add, bf, ef, ef)
BINARY_KERNEL(add, ef, bf, ef)
BINARY_KERNEL(add, ef, ef, ef)
BINARY_KERNEL(mul, bf, bf, bf)
BINARY_KERNEL(mul, bf, ef, ef)
BINARY_KERNEL(mul, ef, bf, ef)
BINARY_KERNEL(mul, ef, ef, ef)
BINARY_KERNEL(sub, bf, bf, bf)
BINARY_KERNEL(sub, bf, ef, ef)
BINARY_KERNEL(sub, ef, bf, ef)
BINARY_KERNEL(sub, ef, ef, ef)

#define TERNARY_KERNEL(op, arg0_t, arg1_t, arg2_t, result_t)                                                                                                   \
  EXTERN __global__ void op##_##arg0_t##_##arg1_t##_##arg2_t##_kernel(const arg0_t##_getter arg0, const arg1_t##_getter arg1, const arg2_t##_getter arg2,      \
                                                                      result_t##_setter result) {                                                              \
    ternary_op(op, arg0, arg1, arg2, result);                                                                                                                  \
  }

TERNARY_KERNEL(mul_add, bf, bf, bf, bf)
TERNARY_KERNEL(mul_add, bf, bf, ef, ef)
TERNARY_KERNEL(mul_add, bf, ef, bf, ef)
TERNARY_KERNEL(mul_add, bf, ef, ef, ef)
TERNARY_KERNEL(mul_add, ef, bf, bf, ef)
TERNARY_KERNEL(mul_add, ef, bf, ef, ef)
TERNARY_KERNEL(mul_add, ef, ef, bf, ef)
TERNARY_KERNEL(mul_add, ef, ef, ef, ef)
TERNARY_KERNEL(mul_sub, bf, bf, bf, bf)
TERNARY_KERNEL(mul_sub, bf, bf, ef, ef)
TERNARY_KERNEL(mul_sub, bf, ef, bf, ef)
TERNARY_KERNEL(mul_sub, bf, ef, ef, ef)
TERNARY_KERNEL(mul_sub, ef, bf, bf, ef)
TERNARY_KERNEL(mul_sub, ef, bf, ef, ef)
TERNARY_KERNEL(mul_sub, ef, ef, bf, ef)
TERNARY_KERNEL(mul_sub, ef, ef, ef, ef)

} // namespace goldilocks
