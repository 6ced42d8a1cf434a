// tilelab kernel collection: ppl.cv's colour-space conversion kernel templates (1-, 2- and 4-pixel BGR/HSV/... kernels,
// NV12/NV21 and I420 chroma subsampling and upsampling, YUYV/UYVY 4:2:2) (OpenPPL/ppl.cv, the OpenPPL CV library)
// Source:  https://github.com/OpenPPL/ppl.cv/blob/8a5d70f2da34a47ebb67d8e091382fa4c6bbc7da/src/ppl/cv/cuda/cvtcolor_memory.hpp
//          (OpenPPL/ppl.cv, commit 8a5d70f)
// Licence: Apache-2.0 (the repository's LICENSE is the Apache License, Version 2.0; each file's own notice is kept
//          below, and the notice of every header whose lines are copied in is the same text).
// Kept, unchanged: cvtcolor_memory.hpp lines 1-15 (notice), 26-257 (the 1/2/4-vector kernel templates), 384-594
//       (NV12/NV21), 760-1020 (I420), 1193-1240 (YUYV/UYVY) and 1320-1322. Removed: lines 17-24 (include guard,
//       cuda_runtime.h and utility.hpp includes, `using namespace ppl::common`), 1324, and the host side: the
//       *_INVOCATION macros (258-383, 595-759, 1021-1192, 1241-1319) that cvtcolor.cu expands into host functions
//       building each conversion's functor and launching its kernel.
// Copied in, marked: utility.hpp (below) and, after the kernels, the functors the entries use from
//       src/ppl/cv/cuda/cvtcolor_compute.hpp (lines 20, 26-67, 875-952, 2306-2359, 2450-2477, 3111-3113).
// Host launch (the macros): kBlockDimX0 x kBlockDimY0 = 32 x 4 threads for uchar (utility.hpp's BlockConfiguration0:
// kDimX1 x kDimY1); 2-vector kernels divideUp(divideUp(cols, 2, 1), 32, 5) x divideUp(rows, 4, 2) blocks, Kernel1 where
// dst_stride < roundUp(cols, 2, 1) * sizeof(to_type); NV12/I420 divideUp(divideUp(cols, 4, 2), 32, 5) x
// divideUp(rows, 4, 2).

/**
 * Licensed to the Apache Software Foundation (ASF) under one or more
 * contributor license agreements. See the NOTICE file distributed with this
 * work for additional information regarding copyright ownership. The ASF
 * licenses this file to you under the Apache License, Version 2.0 (the
 * "License"); you may not use this file except in compliance with the
 * License. You may obtain a copy of the License at
 * http://www.apache.org/licenses/LICENSE-2.0.
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
 * WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
 * License for the specific language governing permissions and limitations
 * under the License.
 */

// ---- copied from src/ppl/cv/cuda/utility/utility.hpp, lines 29-923 and 956-958 (__DEVICE__, the block
// ---- shapes, divideUp, min/max/clip, saturateCast by cvt.sat inline PTX, the vector operators, the border
// ---- functors); left out: its include guard, its includes (cuda_runtime.h, ppl/common's log.h and retcode.h)
// ---- and the host-only checkOverlapping (925-954)
namespace ppl {
namespace cv {
namespace cuda {

#define DEVICE_INLINE
#if defined(DEVICE_INLINE)
# define __DEVICE__ __device__ __forceinline__
#else
# define __DEVICE__ inline
#endif

#define PPL_ASSERT(expression)                                                 \
if (!(expression)) {                                                           \
  LOG(ERROR) << "Assertion failed: " << #expression;                           \
  return ppl::common::RC_INVALID_VALUE;                                        \
}

typedef unsigned char uchar;
typedef signed char schar;
typedef unsigned short ushort;
typedef unsigned int uint;

// configuration of thread blocks.
enum DimX {
  kDimX0 = 16,
  kDimX1 = 32,
  kDimX2 = 32,
};

enum DimY {
  kDimY0 = 16,
  kDimY1 = 4,
  kDimY2 = 8,
};

enum ShiftX {
  kShiftX0 = 4,
  kShiftX1 = 5,
  kShiftX2 = 5,
};

enum ShiftY {
  kShiftY0 = 4,
  kShiftY1 = 2,
  kShiftY2 = 3,
};

enum BlockConfiguration0 {
  kBlockDimX0 = kDimX1,
  kBlockDimY0 = kDimY1,
  kBlockShiftX0 = kShiftX1,
  kBlockShiftY0 = kShiftY1,
};

enum BlockConfiguration1 {
  kBlockDimX1 = kDimX2,
  kBlockDimY1 = kDimY2,
  kBlockShiftX1 = kShiftX2,
  kBlockShiftY1 = kShiftY2,
};

/*
 * rounding up total / grain, where gian = (1 << bits).
 */
__host__ __device__
inline
int divideUp(int total, int grain, int shift) {
  return (total + grain - 1) >> shift;
}

__host__ __device__
inline
int divideUp(int total, int shift) {
  return (total + ((1 << shift) - 1)) >> shift;
}

__host__ __device__
inline
int divideUp1(int total, int shift) {
  return (total + (1 << (shift - 1))) >> shift;
}

__host__ __device__
inline
int roundUp(int total, int grain, int shift) {
  return ((total + grain - 1) >> shift) << shift;
}

template <typename T>
__DEVICE__
T max(const T& value0, const T& value1) {
  if (value0 < value1) {
    return value1;
  }
  else {
    return value0;
  }
}

template <typename T>
__DEVICE__
T min(const T& value0, const T& value1) {
  if (value0 > value1) {
    return value1;
  }
  else {
    return value0;
  }
}

template <typename T>
__DEVICE__
T max(const T& value0, const T& value1, const T& value2) {
  if (value0 < value1) {
    return value1 > value2 ? value1 : value2;
  }
  else {
    return value0 > value2 ? value0 : value2;
  }
}

template <typename T>
__DEVICE__
T min(const T& value0, const T& value1, const T& value2) {
  if (value0 > value1) {
    return value1 < value2 ? value1 : value2;
  }
  else {
    return value0 < value2 ? value0 : value2;
  }
}

template<typename T>
__DEVICE__
T clip(const T& value, const T& min_value, const T& max_value) {
    return min(max(value, min_value), max_value);
}

__DEVICE__
uchar saturateCast(int value) {
  unsigned int result = 0;
  asm("cvt.sat.u8.s32 %0, %1;" : "=r"(result) : "r"(value));
  return result;
}

__DEVICE__
uchar saturateCast(short value) {
  unsigned int result = 0;
  asm("cvt.sat.u8.s16 %0, %1;" : "=r"(result) : "h"(value));
  return result;
}

__DEVICE__
uchar saturateCast(float value) {
  unsigned int result = 0;
  asm("cvt.rni.sat.u8.f32 %0, %1;" : "=r"(result) : "f"(value));
  return result;
}

__DEVICE__
short saturateCastI2S(int value) {
  short result = 0;
  asm("cvt.sat.s16.s32 %0, %1;" : "=h"(result) : "r"(value));
  return result;
}

__DEVICE__
short saturateCastF2S(float value) {
  short result = 0;
  asm("cvt.rni.sat.s16.f32 %0, %1;" : "=h"(result) : "f"(value));
  return result;
}

template <typename T0, typename T1>
__DEVICE__
T0 saturateCastVector(T1 value);

template <>
__DEVICE__
uchar saturateCastVector(float4 value) {
  uchar result = saturateCast(value.x);

  return result;
}

template <>
__DEVICE__
uchar2 saturateCastVector(float2 value) {
  uchar2 result;
  result.x = saturateCast(value.x);
  result.y = saturateCast(value.y);

  return result;
}

template <>
__DEVICE__
uchar3 saturateCastVector(short3 value) {
  uchar3 result;
  result.x = saturateCast(value.x);
  result.y = saturateCast(value.y);
  result.z = saturateCast(value.z);

  return result;
}

template <>
__DEVICE__
uchar3 saturateCastVector(float3 value) {
  uchar3 result;
  result.x = saturateCast(value.x);
  result.y = saturateCast(value.y);
  result.z = saturateCast(value.z);

  return result;
}

template <>
__DEVICE__
uchar3 saturateCastVector(float4 value) {
  uchar3 result;
  result.x = saturateCast(value.x);
  result.y = saturateCast(value.y);
  result.z = saturateCast(value.z);

  return result;
}

template <>
__DEVICE__
uchar4 saturateCastVector(short4 value) {
  uchar4 result;
  result.x = saturateCast(value.x);
  result.y = saturateCast(value.y);
  result.z = saturateCast(value.z);
  result.w = saturateCast(value.w);

  return result;
}

template <>
__DEVICE__
uchar3 saturateCastVector(int3 value) {
  uchar3 result;
  result.x = saturateCast(value.x);
  result.y = saturateCast(value.y);
  result.z = saturateCast(value.z);

  return result;
}

template <>
__DEVICE__
uchar4 saturateCastVector(int4 value) {
  uchar4 result;
  result.x = saturateCast(value.x);
  result.y = saturateCast(value.y);
  result.z = saturateCast(value.z);
  result.w = saturateCast(value.w);

  return result;
}

template <>
__DEVICE__
uchar4 saturateCastVector(float4 value) {
  uchar4 result;
  result.x = saturateCast(value.x);
  result.y = saturateCast(value.y);
  result.z = saturateCast(value.z);
  result.w = saturateCast(value.w);

  return result;
}

template <>
__DEVICE__
short3 saturateCastVector(float4 value) {
  short3 result;
  result.x = saturateCastF2S(value.x);
  result.y = saturateCastF2S(value.y);
  result.z = saturateCastF2S(value.z);

  return result;
}

template <>
__DEVICE__
short4 saturateCastVector(float4 value) {
  short4 result;
  result.x = saturateCastF2S(value.x);
  result.y = saturateCastF2S(value.y);
  result.z = saturateCastF2S(value.z);
  result.w = saturateCastF2S(value.w);

  return result;
}

template <>
__DEVICE__
float saturateCastVector(float4 value) {
  return value.x;
}

template <>
__DEVICE__
float2 saturateCastVector(float2 value) {
  return value;
}

template <>
__DEVICE__
float3 saturateCastVector(float3 value) {
  return value;
}

template <>
__DEVICE__
float3 saturateCastVector(float4 value) {
  float3 result;
  result.x = value.x;
  result.y = value.y;
  result.z = value.z;

  return result;
}

template <>
__DEVICE__
float4 saturateCastVector(float4 value) {
  return value;
}

__DEVICE__
float3 operator+(float3 &value0, float3 &value1) {
  float3 result;
  result.x = value0.x + value1.x;
  result.y = value0.y + value1.y;
  result.z = value0.z + value1.z;

  return result;
}

__DEVICE__
float4 operator+(float4 &value0, float4 &value1) {
  float4 result;
  result.x = value0.x + value1.x;
  result.y = value0.y + value1.y;
  result.z = value0.z + value1.z;
  result.w = value0.w + value1.w;

  return result;
}

__DEVICE__
float2 operator*(float value0, uchar2 value1) {
  float2 result;
  result.x = value0 * value1.x;
  result.y = value0 * value1.y;

  return result;
}

__DEVICE__
float3 operator*(float value0, uchar3 value1) {
  float3 result;
  result.x = value0 * value1.x;
  result.y = value0 * value1.y;
  result.z = value0 * value1.z;

  return result;
}

__DEVICE__
float3 operator*(float value0, float3 value1) {
  float3 result;
  result.x = value0 * value1.x;
  result.y = value0 * value1.y;
  result.z = value0 * value1.z;

  return result;
}

__DEVICE__
float4 operator*(float value0, uchar4 value1) {
  float4 result;
  result.x = value0 * value1.x;
  result.y = value0 * value1.y;
  result.z = value0 * value1.z;
  result.w = value0 * value1.w;

  return result;
}

__DEVICE__
float4 operator*(uchar3 value0, float value1) {
  float4 result;
  result.x = value0.x * value1;
  result.y = value0.y * value1;
  result.z = value0.z * value1;

  return result;
}

__DEVICE__
float4 operator*(uchar4 value0, float value1) {
  float4 result;
  result.x = value0.x * value1;
  result.y = value0.y * value1;
  result.z = value0.z * value1;
  result.w = value0.w * value1;

  return result;
}

__DEVICE__
float4 operator*(float3 value0, float value1) {
  float4 result;
  result.x = value0.x * value1;
  result.y = value0.y * value1;
  result.z = value0.z * value1;

  return result;
}

__DEVICE__
float4 operator*(float4 value0, float value1) {
  float4 result;
  result.x = value0.x * value1;
  result.y = value0.y * value1;
  result.z = value0.z * value1;
  result.w = value0.w * value1;

  return result;
}

__DEVICE__
float4 operator*(float value0, float4 value1) {
  float4 result;
  result.x = value0 * value1.x;
  result.y = value0 * value1.y;
  result.z = value0 * value1.z;
  result.w = value0 * value1.w;

  return result;
}

__DEVICE__
void operator+=(uint3 &result, uchar3 &value) {
  result.x += value.x;
  result.y += value.y;
  result.z += value.z;
}

__DEVICE__
void operator+=(uint3 &result, uint3 &value) {
  result.x += value.x;
  result.y += value.y;
  result.z += value.z;
}

__DEVICE__
void operator+=(uint4 &result, uchar4 &value) {
  result.x += value.x;
  result.y += value.y;
  result.z += value.z;
  result.w += value.w;
}

__DEVICE__
void operator+=(uint4 &result, uint4 &value) {
  result.x += value.x;
  result.y += value.y;
  result.z += value.z;
  result.w += value.w;
}

__DEVICE__
void operator+=(float2 &result, uchar2 &value) {
  result.x += value.x;
  result.y += value.y;
}

__DEVICE__
void operator+=(float2 &result, float2 &value) {
  result.x += value.x;
  result.y += value.y;
}

__DEVICE__
void operator+=(float3 &result, uchar3 &value) {
  result.x += value.x;
  result.y += value.y;
  result.z += value.z;
}

__DEVICE__
void operator+=(float3 &result, float3 &value) {
  result.x += value.x;
  result.y += value.y;
  result.z += value.z;
}

__DEVICE__
void operator+=(float4 &result, uchar value) {
  result.x += value;
}

__DEVICE__
void operator+=(float4 &result, uchar3 &value) {
  result.x += value.x;
  result.y += value.y;
  result.z += value.z;
}

__DEVICE__
void operator+=(float4 &result, uchar4 &value) {
  result.x += value.x;
  result.y += value.y;
  result.z += value.z;
  result.w += value.w;
}

__DEVICE__
void operator+=(float4 &result, float value) {
  result.x += value;
}

__DEVICE__
void operator+=(float4 &result, float3 &value) {
  result.x += value.x;
  result.y += value.y;
  result.z += value.z;
}

__DEVICE__
void operator+=(float4 &result, float4 &value) {
  result.x += value.x;
  result.y += value.y;
  result.z += value.z;
  result.w += value.w;
}

__DEVICE__
void operator-=(float3 &result, uchar3 &value) {
  result.x -= value.x;
  result.y -= value.y;
  result.z -= value.z;
}

__DEVICE__
void operator-=(float3 &result, float3 &value) {
  result.x -= value.x;
  result.y -= value.y;
  result.z -= value.z;
}

__DEVICE__
void operator-=(float4 &result, uchar4 &value) {
  result.x -= value.x;
  result.y -= value.y;
  result.z -= value.z;
  result.w -= value.w;
}

__DEVICE__
void operator-=(float4 &result, float4 &value) {
  result.x -= value.x;
  result.y -= value.y;
  result.z -= value.z;
  result.w -= value.w;
}

__DEVICE__
void operator/=(float2 &result, int value) {
  result.x /= value;
  result.y /= value;
}

__DEVICE__
void operator/=(float3 &result, int value) {
  result.x = result.x / value;
  result.y = result.y / value;
  result.z = result.z / value;
}

__DEVICE__
void operator/=(float3 &result, float value) {
  result.x = result.x / value;
  result.y = result.y / value;
  result.z = result.z / value;
}

__DEVICE__
void operator/=(float4 &result, int value) {
  result.x /= value;
  result.y /= value;
  result.z /= value;
  result.w /= value;
}

__DEVICE__
void operator/=(float4 &result, float value) {
  result.x /= value;
  result.y /= value;
  result.z /= value;
  result.w /= value;
}

__DEVICE__
void operator/=(float4 &result, float4 value) {
  result.x /= value.x;
  result.y /= value.y;
  result.z /= value.z;
  result.w /= value.w;
}

__DEVICE__
void assignVector(float3 &result, uchar3 &value) {
  result.x = value.x;
  result.y = value.y;
  result.z = value.z;
}

__DEVICE__
void assignVector(float3 &result, float3 &value) {
  result.x = value.x;
  result.y = value.y;
  result.z = value.z;
}

__DEVICE__
void assignVector(float4 &result, uchar4 &value) {
  result.x = value.x;
  result.y = value.y;
  result.z = value.z;
  result.w = value.w;
}

__DEVICE__
void assignVector(float4 &result, float4 &value) {
  result.x = value.x;
  result.y = value.y;
  result.z = value.z;
  result.w = value.w;
}

__DEVICE__
void mulAdd(float &result, uchar &value0, float value1) {
  result += value0 * value1;
}

__DEVICE__
void mulAdd(float &result, short &value0, float value1) {
  result += value0 * value1;
}

__DEVICE__
void mulAdd(float &result, float &value0, float value1) {
  result += value0 * value1;
}

__DEVICE__
void mulAdd(float3 &result, float3 &value0, float3 &value1) {
  result.x += value0.x * value1.x;
  result.y += value0.y * value1.y;
  result.z += value0.z * value1.z;
}

__DEVICE__
void mulAdd(float4 &result, float4 &value0, float4 &value1) {
  result.x += value0.x * value1.x;
  result.y += value0.y * value1.y;
  result.z += value0.z * value1.z;
  result.w += value0.w * value1.w;
}

__DEVICE__
void mulAdd(float4 &result, uchar &value0, float value1) {
  result.x += value0 * value1;
}

__DEVICE__
void mulAdd(float4 &result, uchar3 &value0, float value1) {
  result.x += value0.x * value1;
  result.y += value0.y * value1;
  result.z += value0.z * value1;
}

__DEVICE__
void mulAdd(float4 &result, uchar4 &value0, float value1) {
  result.x += value0.x * value1;
  result.y += value0.y * value1;
  result.z += value0.z * value1;
  result.w += value0.w * value1;
}

__DEVICE__
void mulAdd(float4 &result, short3 &value0, float value1) {
  result.x += value0.x * value1;
  result.y += value0.y * value1;
  result.z += value0.z * value1;
}

__DEVICE__
void mulAdd(float4 &result, short4 &value0, float value1) {
  result.x += value0.x * value1;
  result.y += value0.y * value1;
  result.z += value0.z * value1;
  result.w += value0.w * value1;
}

__DEVICE__
void mulAdd(float4 &result, float &value0, float value1) {
  result.x += value0 * value1;
}

__DEVICE__
void mulAdd(float4 &result, float3 &value0, float value1) {
  result.x += value0.x * value1;
  result.y += value0.y * value1;
  result.z += value0.z * value1;
}

__DEVICE__
void mulAdd(float4 &result, float4 &value0, float value1) {
  result.x += value0.x * value1;
  result.y += value0.y * value1;
  result.z += value0.z * value1;
  result.w += value0.w * value1;
}

template <typename T>
__DEVICE__
T transform(float4 &src);

template <>
__DEVICE__
float3 transform(float4 &src) {
  float3 dst;
  dst.x = src.x;
  dst.y = src.y;
  dst.z = src.z;

  return dst;
}

template <>
__DEVICE__
float4 transform(float4 &src) {
  return src;
}

struct ConstantBorder {
  __DEVICE__
  int operator()(int range, int radius, int index) {
    if (index < 0) {
      return -1;
    }
    else if (index < range) {
      return index;
    }
    else {
      return -1;
    }
  }
};

struct ReplicateBorder {
  __DEVICE__
  int operator()(int range, int radius, int index) {
    if (index < 0) {
      return 0;
    }
    else if (index < range) {
      return index;
    }
    else {
      return range - 1;
    }
  }
};

struct ReflectBorder {
  __DEVICE__
  int operator()(int range, int radius, int index) {
    if (range >= radius) {
      if (index < 0) {
        return -1 - index;
      }
      else if (index < range) {
        return index;
      }
      else {
        return (range << 1) - index - 1;
      }
    }
    else {
      if (index >= 0 && index < range) {
        return index;
      }
      else {
        if (range == 1) {
          index = 0;
        }
        else {
          do {
            if (index < 0)
              index = -1 - index;
            else
              index = (range << 1) - index - 1;
          } while (index >= range || index < 0);
        }

        return index;
      }
    }
  }
};

struct WarpBorder {
  __DEVICE__
  int operator()(int range, int radius, int index) {
    if (range >= radius) {
      if (index < 0) {
        return index + range;
      }
      else if (index < range) {
        return index;
      }
      else {
        return index - range;
      }
    }
    else {
      if (index >= 0 && index < range) {
        return index;
      }
      else {
        if (range == 1) {
          index = 0;
        }
        else {
          do {
            if (index < 0)
              index += range;
            else
              index -= range;
          } while (index >= range || index < 0);
        }

        return index;
      }
    }
  }
};

struct Reflect101Border {
  __DEVICE__
  int operator()(int range, int radius, int index) {
    if (range >= radius) {
      if (index < 0) {
        return 0 - index;
      }
      else if (index < range) {
        return index;
      }
      else {
        return (range << 1) - index - 2;
      }
    }
    else {
      if (index >= 0 && index < range) {
        return index;
      }
      else {
        if (range == 1) {
          index = 0;
        }
        else {
          do {
            if (index < 0)
              index = 0 - index;
            else
              index = (range << 1) - index - 2;
          } while (index >= range || index < 0);
        }

        return index;
      }
    }
  }
};

typedef struct Reflect101Border DefaultBorder;
}  // namespace cuda
}  // namespace cv
}  // namespace ppl
// ---- end of the lines copied from utility.hpp

namespace ppl {
namespace cv {
namespace cuda {

/************************ 1-vector kernel template ************************/

template <typename T0, typename T1, typename T2, typename Conversion>
__global__
void cvtColor1VecKernel(const T0* src, int rows, int cols, int src_stride,
                        T0* dst, int dst_stride, Conversion conversion) {
  int element_x, element_y;
  if (sizeof(T0) == 1) {
    element_x = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  }
  else {
    element_x = (blockIdx.x << kBlockShiftX1) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY1) + threadIdx.y;
  }
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  T1* input  = (T1*)((uchar*)src + element_y * src_stride);
  T2* output = (T2*)((uchar*)dst + element_y * dst_stride);

  T2 result = conversion(input[element_x]);
  output[element_x] = result;
}

/************************ 2-vector kernel template ************************/

template <typename T0, typename T1, typename T2, typename Conversion>
__global__
void cvtColor2VecKernel0(const T0* src, int rows, int cols, int src_stride,
                         T0* dst, int dst_stride, Conversion conversion) {
  int element_x, element_y;
  if (sizeof(T0) == 1) {
    element_x = ((blockIdx.x << kBlockShiftX0) + threadIdx.x) << 1;
    element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  }
  else {
    element_x = ((blockIdx.x << kBlockShiftX1) + threadIdx.x) << 1;
    element_y = (blockIdx.y << kBlockShiftY1) + threadIdx.y;
  }
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  T1* input = (T1*)((uchar*)src + element_y * src_stride);
  T2* output = (T2*)((uchar*)dst + element_y * dst_stride);

  T1 in_value0, in_value1;
  in_value0 = input[element_x];
  in_value1 = input[element_x + 1];

  T2 out_value0, out_value1;
  out_value0 = conversion(in_value0);
  out_value1 = conversion(in_value1);

  output[element_x]     = out_value0;
  output[element_x + 1] = out_value1;
}

template <typename T0, typename T1, typename T2, typename Conversion>
__global__
void cvtColor2VecKernel1(const T0* src, int rows, int cols, int src_stride,
                         T0* dst, int dst_stride, Conversion conversion) {
  int element_x, element_y;
  if (sizeof(T0) == 1) {
    element_x = ((blockIdx.x << kBlockShiftX0) + threadIdx.x) << 1;
    element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  }
  else {
    element_x = ((blockIdx.x << kBlockShiftX1) + threadIdx.x) << 1;
    element_y = (blockIdx.y << kBlockShiftY1) + threadIdx.y;
  }
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  T1* input = (T1*)((uchar*)src + element_y * src_stride);
  T2* output = (T2*)((uchar*)dst + element_y * dst_stride);

  if (blockIdx.x < gridDim.x - 1) {
    T1 in_value0, in_value1;
    in_value0 = input[element_x];
    in_value1 = input[element_x + 1];

    T2 out_value0, out_value1;
    out_value0 = conversion(in_value0);
    out_value1 = conversion(in_value1);

    output[element_x]     = out_value0;
    output[element_x + 1] = out_value1;
  }
  else {
    T1 in_value0, in_value1;
    in_value0 = input[element_x];
    if (element_x != cols - 1) {
      in_value1 = input[element_x + 1];
    }

    T2 out_value0, out_value1;
    out_value0 = conversion(in_value0);
    if (element_x != cols - 1) {
      out_value1 = conversion(in_value1);
    }

    output[element_x] = out_value0;
    if (element_x != cols - 1) {
      output[element_x + 1] = out_value1;
    }
  }
}

/************************ 4-vector kernel template ************************/

template <typename T0, typename T1, typename T2, typename Conversion>
__global__
void cvtColor4VecKernel0(const T0* src, int rows, int cols, int src_stride,
                         T0* dst, int dst_stride, Conversion conversion) {
  int element_x, element_y;
  if (sizeof(T0) == 1) {
    element_x = ((blockIdx.x << kBlockShiftX0) + threadIdx.x) << 2;
    element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  }
  else {
    element_x = ((blockIdx.x << kBlockShiftX1) + threadIdx.x) << 2;
    element_y = (blockIdx.y << kBlockShiftY1) + threadIdx.y;
  }
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  T1* input = (T1*)((uchar*)src + element_y * src_stride);
  T2* output = (T2*)((uchar*)dst + element_y * dst_stride);

  T1 in_value0, in_value1, in_value2, in_value3;
  in_value0 = input[element_x];
  in_value1 = input[element_x + 1];
  in_value2 = input[element_x + 2];
  in_value3 = input[element_x + 3];

  T2 out_value0, out_value1, out_value2, out_value3;
  out_value0 = conversion(in_value0);
  out_value1 = conversion(in_value1);
  out_value2 = conversion(in_value2);
  out_value3 = conversion(in_value3);

  output[element_x]     = out_value0;
  output[element_x + 1] = out_value1;
  output[element_x + 2] = out_value2;
  output[element_x + 3] = out_value3;
}

template <typename T0, typename T1, typename T2, typename Conversion>
__global__
void cvtColor4VecKernel1(const T0* src, int rows, int cols, int src_stride,
                         T0* dst, int dst_stride, Conversion conversion) {
  int element_x, element_y;
  if (sizeof(T0) == 1) {
    element_x = ((blockIdx.x << kBlockShiftX0) + threadIdx.x) << 2;
    element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  }
  else {
    element_x = ((blockIdx.x << kBlockShiftX1) + threadIdx.x) << 2;
    element_y = (blockIdx.y << kBlockShiftY1) + threadIdx.y;
  }
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  T1* input = (T1*)((uchar*)src + element_y * src_stride);
  T2* output = (T2*)((uchar*)dst + element_y * dst_stride);

  if (blockIdx.x < gridDim.x - 1) {
    T1 in_value0, in_value1, in_value2, in_value3;
    in_value0 = input[element_x];
    in_value1 = input[element_x + 1];
    in_value2 = input[element_x + 2];
    in_value3 = input[element_x + 3];

    T2 out_value0, out_value1, out_value2, out_value3;
    out_value0 = conversion(in_value0);
    out_value1 = conversion(in_value1);
    out_value2 = conversion(in_value2);
    out_value3 = conversion(in_value3);

    output[element_x]     = out_value0;
    output[element_x + 1] = out_value1;
    output[element_x + 2] = out_value2;
    output[element_x + 3] = out_value3;
  }
  else {
    T1 in_value0, in_value1, in_value2, in_value3;
    in_value0 = input[element_x];
    if (element_x < cols - 1) {
      in_value1 = input[element_x + 1];
    }
    if (element_x < cols - 2) {
      in_value2 = input[element_x + 2];
    }
    if (element_x < cols - 3) {
      in_value3 = input[element_x + 3];
    }

    T2 out_value0, out_value1, out_value2, out_value3;
    out_value0 = conversion(in_value0);
    if (element_x < cols - 1) {
      out_value1 = conversion(in_value1);
    }
    if (element_x < cols - 2) {
      out_value2 = conversion(in_value2);
    }
    if (element_x < cols - 3) {
      out_value3 = conversion(in_value3);
    }

    output[element_x] = out_value0;
    if (element_x < cols - 1) {
      output[element_x + 1] = out_value1;
    }
    if (element_x < cols - 2) {
      output[element_x + 2] = out_value2;
    }
    if (element_x < cols - 3) {
      output[element_x + 3] = out_value3;
    }
  }
}

/******************* NV12/21 conversion template ********************/

template <typename T, typename Conversion>
__global__
void cvtColorToNxKernel(const uchar* src, int rows, int cols, int src_stride,
                        uchar* dst, int dst_stride, Conversion conversion) {
  int element_x = (blockIdx.x << (kBlockShiftX0 + 2)) + threadIdx.x;
  int element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  T* input = (T*)((uchar*)src + element_y * src_stride);
  uchar* output_y  = (uchar*)dst + element_y * dst_stride;
  uchar* output_uv = (uchar*)dst + (rows + (element_y >> 1)) * dst_stride;

  T value = input[element_x];
  uchar3 result;
  result = conversion(value, element_y, element_x);
  output_y[element_x] = result.x;
  if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
    output_uv[element_x]     = result.y;
    output_uv[element_x + 1] = result.z;
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      output_uv[element_x]     = result.y;
      output_uv[element_x + 1] = result.z;
    }
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      output_uv[element_x]     = result.y;
      output_uv[element_x + 1] = result.z;
    }
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      output_uv[element_x]     = result.y;
      output_uv[element_x + 1] = result.z;
    }
  }
}

template <typename T, typename Conversion>
__global__
void cvtColorToNxKernel(const uchar* src, int rows, int cols, int src_stride,
                        uchar* dst_y, int dst_y_stride, uchar* dst_uv,
                        int dst_uv_stride, Conversion conversion) {
  int element_x = (blockIdx.x << (kBlockShiftX0 + 2)) + threadIdx.x;
  int element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  T* input = (T*)((uchar*)src + element_y * src_stride);
  uchar* output_y  = (uchar*)dst_y + element_y * dst_y_stride;
  uchar* output_uv = (uchar*)dst_uv + (element_y >> 1) * dst_uv_stride;

  T value = input[element_x];
  uchar3 result;
  result = conversion(value, element_y, element_x);
  output_y[element_x] = result.x;
  if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
    output_uv[element_x]     = result.y;
    output_uv[element_x + 1] = result.z;
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      output_uv[element_x]     = result.y;
      output_uv[element_x + 1] = result.z;
    }
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      output_uv[element_x]     = result.y;
      output_uv[element_x + 1] = result.z;
    }
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      output_uv[element_x]     = result.y;
      output_uv[element_x + 1] = result.z;
    }
  }
}

template <typename T, typename Conversion>
__global__
void cvtColorFromNxKernel(const uchar* src, int rows, int cols, int src_stride,
                          uchar* dst, int dst_stride, Conversion conversion) {
  int element_x = (blockIdx.x << (kBlockShiftX0 + 2)) + threadIdx.x;
  int element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  uchar* input_y   = (uchar*)src + element_y * src_stride;
  uchar2* input_uv = (uchar2*)((uchar*)src +
                      (rows + (element_y >> 1)) * src_stride);
  T* output = (T*)((uchar*)dst + element_y * dst_stride);

  uchar value_y = input_y[element_x];
  uchar2 value_uv = input_uv[element_x >> 1];
  T result;
  result = conversion(value_y, value_uv);
  output[element_x] = result;

  element_x += kBlockDimX0;
  value_y = input_y[element_x];
  value_uv = input_uv[element_x >> 1];
  if (element_x < cols) {
    result = conversion(value_y, value_uv);
    output[element_x] = result;
  }

  element_x += kBlockDimX0;
  value_y = input_y[element_x];
  value_uv = input_uv[element_x >> 1];
  if (element_x < cols) {
    result = conversion(value_y, value_uv);
    output[element_x] = result;
  }

  element_x += kBlockDimX0;
  value_y = input_y[element_x];
  value_uv = input_uv[element_x >> 1];
  if (element_x < cols) {
    result = conversion(value_y, value_uv);
    output[element_x] = result;
  }
}

template <typename T, typename Conversion>
__global__
void cvtColorFromNxKernel(const uchar* src_y, int rows, int cols,
                          int src_y_stride, const uchar* src_uv,
                          int src_uv_stride, uchar* dst, int dst_stride,
                          Conversion conversion) {
  int element_x = (blockIdx.x << (kBlockShiftX0 + 2)) + threadIdx.x;
  int element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  uchar* input_y   = (uchar*)src_y + element_y * src_y_stride;
  uchar2* input_uv = (uchar2*)((uchar*)src_uv +
                      (element_y >> 1) * src_uv_stride);
  T* output = (T*)((uchar*)dst + element_y * dst_stride);

  uchar value_y = input_y[element_x];
  uchar2 value_uv = input_uv[element_x >> 1];
  T result;
  result = conversion(value_y, value_uv);
  output[element_x] = result;

  element_x += kBlockDimX0;
  value_y = input_y[element_x];
  value_uv = input_uv[element_x >> 1];
  if (element_x < cols) {
    result = conversion(value_y, value_uv);
    output[element_x] = result;
  }

  element_x += kBlockDimX0;
  value_y = input_y[element_x];
  value_uv = input_uv[element_x >> 1];
  if (element_x < cols) {
    result = conversion(value_y, value_uv);
    output[element_x] = result;
  }

  element_x += kBlockDimX0;
  value_y = input_y[element_x];
  value_uv = input_uv[element_x >> 1];
  if (element_x < cols) {
    result = conversion(value_y, value_uv);
    output[element_x] = result;
  }
}

/******************* I420 conversion template ********************/

template <typename T, typename Conversion>
__global__
void cvtColorToI420Kernel(const uchar* src, int rows, int cols, int src_stride,
                          uchar* dst, int dst_stride, Conversion conversion) {
  int element_x = (blockIdx.x << (kBlockShiftX0 + 2)) + threadIdx.x;
  int element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  T* input = (T*)((uchar*)src + element_y * src_stride);
  uchar* output_y = (uchar*)dst + element_y * dst_stride;
  uchar* output_u = (uchar*)dst + (rows + (element_y >> 2)) * dst_stride;
  uchar* output_v = output_u + (rows >> 2) * dst_stride;

  int half_cols = cols >> 1;
  T value = input[element_x];
  uchar3 result;
  result = conversion(value, element_y, element_x);
  output_y[element_x] = result.x;
  if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
    if (((element_y >> 1) + 1) & 1) {
      output_u[element_x >> 1] = result.y;
      output_v[element_x >> 1] = result.z;
    } else {
      output_u[(element_x >> 1) + half_cols] = result.y;
      output_v[(element_x >> 1) + half_cols] = result.z;
    }
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      if (((element_y >> 1) + 1) & 1) {
        output_u[element_x >> 1] = result.y;
        output_v[element_x >> 1] = result.z;
      } else {
        output_u[(element_x >> 1) + half_cols] = result.y;
        output_v[(element_x >> 1) + half_cols] = result.z;
      }
    }
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      if (((element_y >> 1) + 1) & 1) {
        output_u[element_x >> 1] = result.y;
        output_v[element_x >> 1] = result.z;
      } else {
        output_u[(element_x >> 1) + half_cols] = result.y;
        output_v[(element_x >> 1) + half_cols] = result.z;
      }
    }
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      if (((element_y >> 1) + 1) & 1) {
        output_u[element_x >> 1] = result.y;
        output_v[element_x >> 1] = result.z;
      } else {
        output_u[(element_x >> 1) + half_cols] = result.y;
        output_v[(element_x >> 1) + half_cols] = result.z;
      }
    }
  }
}

template <typename T, typename Conversion>
__global__
void cvtColorToI420Kernel(const uchar* src, int rows, int cols, int src_stride,
                          uchar* dst_y, int dst_y_stride, uchar* dst_u,
                          int dst_u_stride, uchar* dst_v, int dst_v_stride,
                          Conversion conversion) {
  int element_x = (blockIdx.x << (kBlockShiftX0 + 2)) + threadIdx.x;
  int element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  T* input = (T*)((uchar*)src + element_y * src_stride);
  uchar* output_y = (uchar*)dst_y + element_y * dst_y_stride;
  uchar* output_u = (uchar*)dst_u + (element_y >> 1) * dst_u_stride;
  uchar* output_v = (uchar*)dst_v + (element_y >> 1) * dst_v_stride;

  T value = input[element_x];
  uchar3 result;
  result = conversion(value, element_y, element_x);
  output_y[element_x] = result.x;
  if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
    output_u[element_x >> 1] = result.y;
    output_v[element_x >> 1] = result.z;
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      output_u[element_x >> 1] = result.y;
      output_v[element_x >> 1] = result.z;
    }
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      output_u[element_x >> 1] = result.y;
      output_v[element_x >> 1] = result.z;
    }
  }

  element_x += kBlockDimX0;
  value = input[element_x];
  if (element_x < cols) {
    result = conversion(value, element_y, element_x);
    output_y[element_x] = result.x;
    if (((element_x + 1) & 1) && ((element_y + 1) & 1)) {
      output_u[element_x >> 1] = result.y;
      output_v[element_x >> 1] = result.z;
    }
  }
}

template <typename T, typename Conversion>
__global__
void cvtColorFromI420Kernel(const uchar* src, int rows, int cols,
                            int src_stride, uchar* dst, int dst_stride,
                            Conversion conversion) {
  int element_x = (blockIdx.x << (kBlockShiftX0 + 2)) + threadIdx.x;
  int element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  uchar* input_y = (uchar*)src + element_y * src_stride;
  uchar* input_u = (uchar*)src + (rows + (element_y >> 2)) * src_stride;
  uchar* input_v = input_u + (rows >> 2) * src_stride;
  T* output = (T*)((uchar*)dst + element_y * dst_stride);

  T result;
  int uv_index = element_x >> 1;
  if ((element_y >> 1) & 1) {
    uv_index += (cols >> 1);
  }
  uchar value_y = input_y[element_x];
  uchar value_u = input_u[uv_index];
  uchar value_v = input_v[uv_index];
  result = conversion(value_y, value_u, value_v);
  output[element_x] = result;

  element_x += kBlockDimX0;
  if (element_x < cols) {
    uv_index = element_x >> 1;
    if ((element_y >> 1) & 1) {
      uv_index += (cols >> 1);
    }
    value_y = input_y[element_x];
    value_u = input_u[uv_index];
    value_v = input_v[uv_index];
    result = conversion(value_y, value_u, value_v);
    output[element_x] = result;
  }

  element_x += kBlockDimX0;
  if (element_x < cols) {
    uv_index = element_x >> 1;
    if ((element_y >> 1) & 1) {
      uv_index += (cols >> 1);
    }
    value_y = input_y[element_x];
    value_u = input_u[uv_index];
    value_v = input_v[uv_index];
    result = conversion(value_y, value_u, value_v);
    output[element_x] = result;
  }

  element_x += kBlockDimX0;
  if (element_x < cols) {
    uv_index = element_x >> 1;
    if ((element_y >> 1) & 1) {
      uv_index += (cols >> 1);
    }
    value_y = input_y[element_x];
    value_u = input_u[uv_index];
    value_v = input_v[uv_index];
    result = conversion(value_y, value_u, value_v);
    output[element_x] = result;
  }
}

template <typename T, typename Conversion>
__global__
void cvtColorFromI420Kernel(const uchar* src_y, int rows, int cols,
                            int src_y_stride, const uchar* src_u,
                            int src_u_stride, const uchar* src_v,
                            int src_v_stride, uchar* dst, int dst_stride,
                            Conversion conversion) {
  int element_x = (blockIdx.x << (kBlockShiftX0 + 2)) + threadIdx.x;
  int element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  uchar* input_y = (uchar*)src_y + element_y * src_y_stride;
  uchar* input_u = (uchar*)((uchar*)src_u + (element_y >> 1) * src_u_stride);
  uchar* input_v = (uchar*)((uchar*)src_v + (element_y >> 1) * src_v_stride);
  T* output = (T*)((uchar*)dst + element_y * dst_stride);

  T result;
  uchar value_y = input_y[element_x];
  uchar value_u = input_u[element_x >> 1];
  uchar value_v = input_v[element_x >> 1];
  result = conversion(value_y, value_u, value_v);
  output[element_x] = result;

  element_x += kBlockDimX0;
  value_y = input_y[element_x];
  value_u = input_u[element_x >> 1];
  value_v = input_v[element_x >> 1];
  if (element_x < cols) {
    result = conversion(value_y, value_u, value_v);
    output[element_x] = result;
  }

  element_x += kBlockDimX0;
  value_y = input_y[element_x];
  value_u = input_u[element_x >> 1];
  value_v = input_v[element_x >> 1];
  if (element_x < cols) {
    result = conversion(value_y, value_u, value_v);
    output[element_x] = result;
  }

  element_x += kBlockDimX0;
  value_y = input_y[element_x];
  value_u = input_u[element_x >> 1];
  value_v = input_v[element_x >> 1];
  if (element_x < cols) {
    result = conversion(value_y, value_u, value_v);
    output[element_x] = result;
  }
}

/******************* UYVY/YUYV conversion template ********************/

template <typename T0, typename T1, typename Conversion>
__global__
void cvtColorYuyvKernel0(const uchar* src, int rows, int cols, int src_stride,
                         uchar* dst, int dst_stride, Conversion conversion) {
  int index_x   = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
  int element_x = index_x << 1;
  int element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (element_y >= rows || element_x >= cols) {
    return;
  }

  T0* input  = (T0*)((uchar*)src + element_y * src_stride);
  T1* output = (T1*)((uchar*)dst + element_y * dst_stride);

  T0 in_value0, in_value1;
  in_value0 = input[element_x];
  in_value1 = input[element_x + 1];

  T1 result = conversion(in_value0, in_value1);
  output[index_x] = result;
}

template <typename T0, typename T1, typename Conversion0, typename Conversion1>
__global__
void cvtColorYuyvKernel1(const uchar* src, int rows, int cols, int src_stride,
                         uchar* dst, int dst_stride, Conversion0 conversion0,
                         Conversion1 conversion1) {
  int element_x = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
  int element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  int index_x = element_x << 1;
  if (element_y >= rows || index_x >= cols) {
    return;
  }

  T0* input  = (T0*)((uchar*)src + element_y * src_stride);
  T1* output = (T1*)((uchar*)dst + element_y * dst_stride);

  T0 value = input[element_x];
  T1 result0, result1;
  result0 = conversion0(value);
  result1 = conversion1(value);

  output[index_x]     = result0;
  output[index_x + 1] = result1;
}

}  // namespace cuda
}  // namespace cv
}  // namespace ppl

// ---- copied from src/ppl/cv/cuda/cvtcolor_compute.hpp, lines 20, 26-67 (its __DEVICE__ and coefficient macros),
// ---- 875-952 (the HSV tables and BGR2HSVCompute), 2306-2359 (BGR2NV12Compute), 2450-2477 (NV122BGRCompute),
// ---- 3111-3113
#include <cfloat>

namespace ppl {
namespace cv {
namespace cuda {

#define DEVICE_INLINE
#if defined(DEVICE_INLINE)
# define __DEVICE__ __device__ __forceinline__
#else
# define __DEVICE__ __device__
#endif

// BGR/RGB/BGRA/RGBA <-> YCrCb
#define R2Y_FLOAT_COEFF 0.299f
#define G2Y_FLOAT_COEFF 0.587f
#define B2Y_FLOAT_COEFF 0.114f
#define CR_FLOAT_COEFF 0.713f
#define CB_FLOAT_COEFF 0.564f
#define YCRCB_UCHAR_DELTA 128
#define YCRCB_FLOAT_DELTA 0.5f
#define CR2R_FLOAT_COEFF 1.403f
#define CB2R_FLOAT_COEFF 1.773f
#define Y2G_CR_FLOAT_COEFF -0.714f
#define Y2G_CB_FLOAT_COEFF -0.344f

// BGR/RGB -> NV12/NV21
#define NVXX1_YR 269484
#define NVXX1_YG 528482
#define NVXX1_YB 102760
#define NVXX1_VR 460324
#define NVXX1_VG -385875
#define NVXX1_VB -74448
#define NVXX1_UR -155188
#define NVXX1_UG -305135
#define NVXX1_UB 460324

// NV12/NV21-> BGR/RGB
#define NVXX1_CY 1220542
#define NVXX1_CUB 2116026
#define NVXX1_CUG -409993
#define NVXX1_CVG -852492
#define NVXX1_CVR 1673527
#define NVXX1_SHIFT 20

/******************* BGR/RGB/BGRA/RGBA <-> HSV ******************/

enum HsvShifts {
  kHSVSift = 12,
};

__constant__ int c_HsvDivTable[256] = {0, 1044480, 522240, 348160, 261120, 208896, 174080, 149211, 130560, 116053, 104448, 94953, 87040, 80345, 74606, 69632, 65280, 61440, 58027, 54973, 52224, 49737, 47476, 45412, 43520, 41779, 40172, 38684, 37303, 36017, 34816, 33693, 32640, 31651, 30720, 29842, 29013, 28229, 27486, 26782, 26112, 25475, 24869, 24290, 23738, 23211, 22706, 22223, 21760, 21316, 20890, 20480, 20086, 19707, 19342, 18991, 18651, 18324, 18008, 17703, 17408, 17123, 16846, 16579, 16320, 16069, 15825, 15589, 15360, 15137, 14921, 14711, 14507, 14308, 14115, 13926, 13743, 13565, 13391, 13221, 13056, 12895, 12738, 12584, 12434, 12288, 12145, 12006, 11869, 11736, 11605, 11478, 11353, 11231, 11111, 10995, 10880, 10768, 10658, 10550, 10445, 10341, 10240, 10141, 10043, 9947, 9854, 9761, 9671, 9582, 9495, 9410, 9326, 9243, 9162, 9082, 9004, 8927, 8852, 8777, 8704, 8632, 8561, 8492, 8423, 8356, 8290, 8224, 8160, 8097, 8034, 7973, 7913, 7853, 7795, 7737, 7680, 7624, 7569, 7514, 7461, 7408, 7355, 7304, 7253, 7203, 7154, 7105, 7057, 7010, 6963, 6917, 6872, 6827, 6782, 6739, 6695, 6653, 6611, 6569, 6528, 6487, 6447, 6408, 6369, 6330, 6292, 6254, 6217, 6180, 6144, 6108, 6073, 6037, 6003, 5968, 5935, 5901, 5868, 5835, 5803, 5771, 5739, 5708, 5677, 5646, 5615, 5585, 5556, 5526, 5497, 5468, 5440, 5412, 5384, 5356, 5329, 5302, 5275, 5249, 5222, 5196, 5171, 5145, 5120, 5095, 5070, 5046, 5022, 4998, 4974, 4950, 4927, 4904, 4881, 4858, 4836, 4813, 4791, 4769, 4748, 4726, 4705, 4684, 4663, 4642, 4622, 4601, 4581, 4561, 4541, 4522, 4502, 4483, 4464, 4445, 4426, 4407, 4389, 4370, 4352, 4334, 4316, 4298, 4281, 4263, 4246, 4229, 4212, 4195, 4178, 4161, 4145, 4128, 4112, 4096};
__constant__ int c_HsvDivTable180[256] = {0, 122880, 61440, 40960, 30720, 24576, 20480, 17554, 15360, 13653, 12288, 11171, 10240, 9452, 8777, 8192, 7680, 7228, 6827, 6467, 6144, 5851, 5585, 5343, 5120, 4915, 4726, 4551, 4389, 4237, 4096, 3964, 3840, 3724, 3614, 3511, 3413, 3321, 3234, 3151, 3072, 2997, 2926, 2858, 2793, 2731, 2671, 2614, 2560, 2508, 2458, 2409, 2363, 2318, 2276, 2234, 2194, 2156, 2119, 2083, 2048, 2014, 1982, 1950, 1920, 1890, 1862, 1834, 1807, 1781, 1755, 1731, 1707, 1683, 1661, 1638, 1617, 1596, 1575, 1555, 1536, 1517, 1499, 1480, 1463, 1446, 1429, 1412, 1396, 1381, 1365, 1350, 1336, 1321, 1307, 1293, 1280, 1267, 1254, 1241, 1229, 1217, 1205, 1193, 1182, 1170, 1159, 1148, 1138, 1127, 1117, 1107, 1097, 1087, 1078, 1069, 1059, 1050, 1041, 1033, 1024, 1016, 1007, 999, 991, 983, 975, 968, 960, 953, 945, 938, 931, 924, 917, 910, 904, 897, 890, 884, 878, 871, 865, 859, 853, 847, 842, 836, 830, 825, 819, 814, 808, 803, 798, 793, 788, 783, 778, 773, 768, 763, 759, 754, 749, 745, 740, 736, 731, 727, 723, 719, 714, 710, 706, 702, 698, 694, 690, 686, 683, 679, 675, 671, 668, 664, 661, 657, 654, 650, 647, 643, 640, 637, 633, 630, 627, 624, 621, 617, 614, 611, 608, 605, 602, 599, 597, 594, 591, 588, 585, 582, 580, 577, 574, 572, 569, 566, 564, 561, 559, 556, 554, 551, 549, 546, 544, 541, 539, 537, 534, 532, 530, 527, 525, 523, 521, 518, 516, 514, 512, 510, 508, 506, 504, 502, 500, 497, 495, 493, 492, 490, 488, 486, 484, 482};
__constant__ int c_HsvSectorData[6][3] = {{1,3,0}, {1,0,2}, {3,0,1}, {0,2,1},
                                          {0,1,3}, {2,1,0}};

struct BGR2HSVCompute {
  __DEVICE__
  uchar3 operator()(const uchar3& src) {
    int b = src.x;
    int g = src.y;
    int r = src.z;
    int h, s, v, diff;
    int vr, vg;

    v = max(r, g, b);
    diff = v - min(r, g, b);
    vr = (v == r) * -1;
    vg = (v == g) * -1;
    s = (diff * c_HsvDivTable[v] + (1 << (kHSVSift - 1))) >> kHSVSift;
    h = (vr & (g - b)) + (~vr & ((vg & (b - r + 2 * diff)) +
                          ((~vg) & (r - g + 4 * diff))));
    h = (h * c_HsvDivTable180[diff] + (1 << (kHSVSift-1))) >> kHSVSift;
    h += (h < 0) * 180;

    if (h > 359) {
      h -= 360;
    }
    if (h < 0) {
      h += 360;
    }

    uchar3 dst;
    dst.x = h;
    dst.y = s;
    dst.z = v;

    return dst;
  }

  __DEVICE__
  float3 operator()(const float3& src) {
    float b = src.x;
    float g = src.y;
    float r = src.z;
    float h, s, v, diff;

    v = max(r, g, b);
    diff = v - min(r, g, b);
    s = diff / (float)(v + FLT_EPSILON);

    diff = (float)(60.0f / (diff + FLT_EPSILON));
    if (v == r) {
      h = (g - b) * diff;
    }
    if (v == g) {
      h = (b - r) * diff + 120.0f;
    }
    if (v == b) {
      h = (r - g) * diff + 240.0f;
    }
    if (h < 0.0f) {
      h += 360.0f;
    }

    float3 dst;
    dst.x = h;
    dst.y = s;
    dst.z = v;

    return dst;
  }
};

/*****************************************************************
 * NV12: YYYYUV, used on IOS.
 * NV21: YYYYVU, used on android.
 * Only unsigned char data is supported for BGR/RGB <-> NV12/NV21.
 *****************************************************************
 */

/******************* BGR/RGB/BGRA/RGBA <-> NV12 ******************/

enum {
  kG2NShift  = 7,
  kG2NShift2 = (1 << (kG2NShift - 1)),
  kN2GShift  = 6,
  kN2GShift2 = (1 << (kN2GShift - 1)),
  kG2N1Shift = 20,
  kG2N1Shift2  = (1 << (kG2N1Shift - 1)),
  kG2N1Shift16 = (16 << kG2N1Shift),
  kG2N1HalfShift = (1 << (kG2N1Shift - 1)),
  kG2N1Shift128  = (128 << kG2N1Shift),
};

/*
 * y in YUV420 is computed per BGR pixel, u and v are computed by taking the
 * left-top pixel of every 2x2 BGR matrix.
 */
struct BGR2NV12Compute {
  __DEVICE__
  uchar3 operator()(const uchar3& src, unsigned int row, unsigned int col) {
    uchar3 dst;

    int y = (src.x * NVXX1_YB + src.y * NVXX1_YG + src.z * NVXX1_YR +
            kG2N1HalfShift + kG2N1Shift16) >> kG2N1Shift;
    y = y < 0 ? 0 : y;
    y = y > 255 ? 255 : y;
    dst.x = (unsigned char) y;

    // Interpolate every 2 rows and 2 columns.
    if (((row + 1) & 1) && ((col + 1) & 1)) {
      int u = (src.x * NVXX1_UB + src.y * NVXX1_UG + src.z * NVXX1_UR +
              kG2N1HalfShift + kG2N1Shift128) >> kG2N1Shift;
      int v = (src.x * NVXX1_VB + src.y * NVXX1_VG + src.z * NVXX1_VR +
              kG2N1HalfShift + kG2N1Shift128) >> kG2N1Shift;

      u = u < 0 ? 0 : u;
      v = v < 0 ? 0 : v;
      u = u > 255 ? 255 : u;
      v = v > 255 ? 255 : v;
      dst.y = (unsigned char) u;
      dst.z = (unsigned char) v;
    }

    return dst;
  }
};


/*
 * y -> BGR: one to one.
 * uv -> BGR: one to four, should be put on the shared memory.
 */
struct NV122BGRCompute {
  __DEVICE__
  uchar3 operator()(const unsigned char& src_y, const uchar2 &src_uv) {
    int y = max(0, (src_y - 16)) * NVXX1_CY;
    int u = src_uv.x - 128;
    int v = src_uv.y - 128;

    int buv = (1 << (NVXX1_SHIFT - 1)) + NVXX1_CUB * u;
    int guv = (1 << (NVXX1_SHIFT - 1)) + NVXX1_CVG * v + NVXX1_CUG * u;
    int ruv = (1 << (NVXX1_SHIFT - 1)) + NVXX1_CVR * v;

    int b = (y + buv) >> NVXX1_SHIFT;
    int g = (y + guv) >> NVXX1_SHIFT;
    int r = (y + ruv) >> NVXX1_SHIFT;

    uchar3 dst;
    dst.x = saturateCast(b);
    dst.y = saturateCast(g);
    dst.z = saturateCast(r);

    return dst;
  }
};

}  // namespace cuda
}  // namespace cv
}  // namespace ppl
// ---- end of the lines copied from cvtcolor_compute.hpp
