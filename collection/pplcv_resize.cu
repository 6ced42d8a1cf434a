// tilelab kernel collection: ppl.cv's image resizing kernels (bilinear in 11-bit fixed point for uchar and in float,
// nearest point, area averaging over integer and fractional footprints)
// Source:  https://github.com/OpenPPL/ppl.cv/blob/8a5d70f2da34a47ebb67d8e091382fa4c6bbc7da/src/ppl/cv/cuda/resize.cu
//          (OpenPPL/ppl.cv, commit 8a5d70f)
// Licence: Apache-2.0 (the repository's LICENSE is the Apache License, Version 2.0; each file's own notice is kept
//          below, and the notice of every header whose lines are copied in is the same text).
// Kept, unchanged: resize.cu lines 1-15 (notice), 23-31 (macros), 38-110 (bilinearSample), 164-742 (resizeLinearKernel
//       for uchar and float, resizeNearestPointKernel, resizeAreaC1/C3/C4Kernel0 and Kernel1), 814-1013
//       (resizeAreaKernel2 for uchar and float) and 1479-1481. Removed: lines 17-21 (includes, `using namespace
//       ppl::common`), the three `static texture<...>` references (32-37) and the four kernels that read them with
//       tex2D (112-163, 744-813): texture references are gone from CUDA 12 (nvcc 12 refuses them), and the host
//       takes that path only for 1- and 4-channel images whose stride is a multiple of 32; the host code (1015-1477).
// Copied in, marked: utility.hpp (before the kernels).
// Host launch: 32 x 16 threads (32 x 4 for nearest point), ceil(dst_cols / 32) x ceil(dst_rows / 16) blocks,
// col_scale = (double)src_cols / dst_cols and row_scale likewise, as floats (ints for the Kernel0 area forms).

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

#define INCREASE(x, l) ((x + 1) >= (l) ? (x) : ((x) + 1))
#define INTER_RESIZE_COEF_BITS 11
#define INTER_RESIZE_COEF_SCALE (1 << INTER_RESIZE_COEF_BITS)
#define CAST_BITS (INTER_RESIZE_COEF_BITS << 1)


template <typename T>
__DEVICE__
T bilinearSample(T values[][2], int x0, int x1, int y0, int y1);

template <>
__DEVICE__
uchar2 bilinearSample(uchar2 values[][2], int x0, int x1, int y0, int y1) {
  int a0 = y0 * x0;
  int a1 = y0 * x1;
  int a2 = y1 * x0;
  int a3 = y1 * x1;

  int2 value;
  uchar2 result;
  value.x  = values[0][0].x * a0 + values[0][1].x * a1 + values[1][0].x * a2 +
             values[1][1].x * a3;
  result.x = (value.x + (1 << (CAST_BITS - 1))) >> CAST_BITS;
  value.y  = values[0][0].y * a0 + values[0][1].y * a1 + values[1][0].y * a2 +
             values[1][1].y * a3;
  result.y = (value.y + (1 << (CAST_BITS - 1))) >> CAST_BITS;

  return result;
}

template <>
__DEVICE__
uchar3 bilinearSample(uchar3 values[][2], int x0, int x1, int y0, int y1) {
  int a0 = y0 * x0;
  int a1 = y0 * x1;
  int a2 = y1 * x0;
  int a3 = y1 * x1;

  int3 value;
  uchar3 result;
  value.x  = values[0][0].x * a0 + values[0][1].x * a1 + values[1][0].x * a2 +
             values[1][1].x * a3;
  result.x = (value.x + (1 << (CAST_BITS - 1))) >> CAST_BITS;
  value.y  = values[0][0].y * a0 + values[0][1].y * a1 + values[1][0].y * a2 +
             values[1][1].y * a3;
  result.y = (value.y + (1 << (CAST_BITS - 1))) >> CAST_BITS;
  value.z  = values[0][0].z * a0 + values[0][1].z * a1 + values[1][0].z * a2 +
             values[1][1].z * a3;
  result.z = (value.z + (1 << (CAST_BITS - 1))) >> CAST_BITS;

  return result;
}

template <>
__DEVICE__
uchar4 bilinearSample(uchar4 values[][2], int x0, int x1, int y0, int y1) {
  int a0 = y0 * x0;
  int a1 = y0 * x1;
  int a2 = y1 * x0;
  int a3 = y1 * x1;

  int4 value;
  uchar4 result;
  value.x  = values[0][0].x * a0 + values[0][1].x * a1 + values[1][0].x * a2 +
             values[1][1].x * a3;
  result.x = (value.x + (1 << (CAST_BITS - 1))) >> CAST_BITS;
  value.y  = values[0][0].y * a0 + values[0][1].y * a1 + values[1][0].y * a2 +
             values[1][1].y * a3;
  result.y = (value.y + (1 << (CAST_BITS - 1))) >> CAST_BITS;
  value.z  = values[0][0].z * a0 + values[0][1].z * a1 + values[1][0].z * a2 +
             values[1][1].z * a3;
  result.z = (value.z + (1 << (CAST_BITS - 1))) >> CAST_BITS;
  value.w  = values[0][0].w * a0 + values[0][1].w * a1 + values[1][0].w * a2 +
             values[1][1].w * a3;
  result.w = (value.w + (1 << (CAST_BITS - 1))) >> CAST_BITS;

  return result;
}

__global__
void resizeLinearKernel(const uchar* src, int src_rows, int src_cols,
                        int channels, int src_stride, uchar* dst, int dst_rows,
                        int dst_cols, int dst_stride, float col_scale,
                        float row_scale) {
  int element_x = blockIdx.x * blockDim.x + threadIdx.x;
  int element_y = blockIdx.y * blockDim.y + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  float float_y = ((element_y + 0.5f) * row_scale - 0.5f);
  float float_x = ((element_x + 0.5f) * col_scale - 0.5f);
  int int_y0 = floor(float_y);
  int int_x0 = floor(float_x);
  float_y -= int_y0;
  float_x -= int_x0;
  if (int_y0 < 0) {
    int_y0 = 0;
    float_y = 0;
  }
  if (int_x0 < 0) {
    int_x0 = 0;
    float_x = 0;
  }
  if (int_y0 >= src_rows) {
    int_y0 = src_rows - 1;
    float_y = 0;
  }
  if (int_x0 >= src_cols) {
    int_x0 = src_cols - 1;
    float_x = 0;
  }

  int int_y1 = INCREASE(int_y0, src_rows);
  int buf_y[2];
  float_y = float_y * INTER_RESIZE_COEF_SCALE;
  buf_y[0] = rint(INTER_RESIZE_COEF_SCALE - float_y);
  buf_y[1] = rint(float_y);

  int int_x1 = INCREASE(int_x0, src_cols);
  int buf_x[2];
  float_x = float_x * INTER_RESIZE_COEF_SCALE;
  buf_x[0] = rint(INTER_RESIZE_COEF_SCALE - rint(float_x));
  buf_x[1] = rint(float_x);

  if (channels == 1) {
    int src_index0 = int_y0 * src_stride + int_x0;
    int src_index1 = int_y0 * src_stride + int_x1;
    int src_index2 = int_y1 * src_stride + int_x0;
    int src_index3 = int_y1 * src_stride + int_x1;

    int sum = 0;
    sum = buf_y[0] * buf_x[0] * src[src_index0] +
          buf_y[0] * buf_x[1] * src[src_index1] +
          buf_y[1] * buf_x[0] * src[src_index2] +
          buf_y[1] * buf_x[1] * src[src_index3];

    uchar* output = (uchar*)(dst + element_y * dst_stride);
    output[element_x] = (sum + (1 << (CAST_BITS - 1))) >> CAST_BITS;
  }
  else if (channels == 3) {
    uchar3* input0 = (uchar3*)((uchar*)src + int_y0 * src_stride);
    uchar3* input1 = (uchar3*)((uchar*)src + int_y1 * src_stride);

    uchar3 values[2][2];
    values[0][0] = input0[int_x0];
    values[0][1] = input0[int_x1];
    values[1][0] = input1[int_x0];
    values[1][1] = input1[int_x1];

    uchar3* output = (uchar3*)(dst + element_y * dst_stride);
    output[element_x] = bilinearSample(values, buf_x[0], buf_x[1], buf_y[0],
                                       buf_y[1]);
  }
  else {
    uchar4* input0 = (uchar4*)((uchar*)src + int_y0 * src_stride);
    uchar4* input1 = (uchar4*)((uchar*)src + int_y1 * src_stride);

    uchar4 values[2][2];
    values[0][0] = input0[int_x0];
    values[0][1] = input0[int_x1];
    values[1][0] = input1[int_x0];
    values[1][1] = input1[int_x1];

    uchar4* output = (uchar4*)(dst + element_y * dst_stride);
    output[element_x] = bilinearSample(values, buf_x[0], buf_x[1], buf_y[0],
                                       buf_y[1]);
  }
}

__global__
void resizeLinearKernel(const float* src, int src_rows, int src_cols,
                        int channels, int src_stride, float* dst, int dst_rows,
                        int dst_cols, int dst_stride, double col_scale,
                        float row_scale) {
  int element_x = blockIdx.x * blockDim.x + threadIdx.x;
  int element_y = blockIdx.y * blockDim.y + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  float float_x = ((element_x + 0.5f) * col_scale - 0.5f);
  float float_y = ((element_y + 0.5f) * row_scale - 0.5f);
  int int_x0 = floor(float_x);
  int int_y0 = floor(float_y);
  float_x -= int_x0;
  float_y -= int_y0;
  if (int_y0 < 0) {
    int_y0 = 0;
    float_y = 0;
  }
  if (int_x0 < 0) {
    int_x0 = 0;
    float_x = 0;
  }
  if (int_y0 >= src_rows) {
    int_y0 = src_rows - 1;
    float_y = 0;
  }
  if (int_x0 >= src_cols) {
    int_x0 = src_cols - 1;
    float_x = 0;
  }

  int int_y1 = INCREASE(int_y0, src_rows);
  float buf_y[2];
  buf_y[0] = 1.f - float_y;
  buf_y[1] = 1.f - buf_y[0];

  int int_x1 = INCREASE(int_x0, src_cols);
  float buf_x[2];
  buf_x[0] = 1.f - float_x;
  buf_x[1] = 1.f - buf_x[0];

  if (channels == 1) {
    int index = int_y0 * src_stride;
    float src0 = src[index + int_x0];
    float src1 = src[index + int_x1];
    float value0 = buf_y[0] * buf_x[0] * src0;
    float value1 = buf_y[0] * buf_x[1] * src1;
    float sum = 0.f;
    sum += value0 + value1;

    index = int_y1 * src_stride;
    src0 = src[index + int_x0];
    src1 = src[index + int_x1];
    value0 = buf_y[1] * buf_x[0] * src0;
    value1 = buf_y[1] * buf_x[1] * src1;
    sum += value0 + value1;

    float* output = (float*)(dst + element_y * dst_stride);
    output[element_x] = sum;
  }
  else if (channels == 3) {
    int index = int_y0 * src_stride;
    float3 src0 = ((float3*)(src + index))[int_x0];
    float3 src1 = ((float3*)(src + index))[int_x1];
    float3 value0 = buf_y[0] * buf_x[0] * src0;
    float3 value1 = buf_y[0] * buf_x[1] * src1;
    float3 sum = make_float3(0.f, 0.f, 0.f);
    sum += value0;
    sum += value1;

    index = int_y1 * src_stride;
    src0 = ((float3*)(src + index))[int_x0];
    src1 = ((float3*)(src + index))[int_x1];
    value0 = buf_y[1] * buf_x[0] * src0;
    value1 = buf_y[1] * buf_x[1] * src1;
    sum += value0;
    sum += value1;

    float3* output = (float3*)(dst + element_y * dst_stride);
    output[element_x] = sum;
  }
  else {
    int index = int_y0 * src_stride;
    float4 src0 = ((float4*)(src + index))[int_x0];
    float4 src1 = ((float4*)(src + index))[int_x1];
    float4 value0 = buf_y[0] * buf_x[0] * src0;
    float4 value1 = buf_y[0] * buf_x[1] * src1;
    float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
    sum += value0;
    sum += value1;

    index = int_y1 * src_stride;
    src0 = ((float4*)(src + index))[int_x0];
    src1 = ((float4*)(src + index))[int_x1];
    value0 = buf_y[1] * buf_x[0] * src0;
    value1 = buf_y[1] * buf_x[1] * src1;
    sum += value0;
    sum += value1;

    float4* output = (float4*)(dst + element_y * dst_stride);
    output[element_x] = sum;
  }
}

template <typename T, typename Tn>
__global__
void resizeNearestPointKernel(const T* src, int src_rows, int src_cols,
                              int channels, int src_stride, T* dst,
                              int dst_rows, int dst_cols, int dst_stride,
                              float col_scale, float row_scale) {
  int element_x = blockIdx.x * blockDim.x + threadIdx.x;
  int element_y = blockIdx.y * blockDim.y + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  int int_y = element_y * row_scale;
  int_y = min(int_y, src_rows - 1);
  int int_x = element_x * col_scale;
  int_x = min(int_x, src_cols - 1);

  Tn* input  = (Tn*)(src + int_y * src_stride);
  Tn* output = (Tn*)(dst + element_y * dst_stride);
  output[element_x] = input[int_x];
}

template <typename T>
__global__
void resizeAreaC1Kernel0(const T* src, int src_rows, int src_cols, int channels,
                         int src_stride, T* dst, int dst_rows, int dst_cols,
                         int dst_stride, int col_scale, int row_scale) {
  int element_x = blockIdx.x * blockDim.x + threadIdx.x;
  int element_y = blockIdx.y * blockDim.y + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  int x_start = element_x * col_scale;
  int y_start = element_y * row_scale;
  int x_end = x_start + col_scale;
  int y_end = y_start + row_scale;
  x_end = (x_end <= src_cols) ? x_end : src_cols;
  y_end = (y_end <= src_rows) ? y_end : src_rows;
  int area = (x_end - x_start) * (y_end - y_start);

  float sum = 0.f;
  T* input;
  for (int i = y_start; i < y_end; ++i) {
    input = (T*)(src + i * src_stride);
    for (int j = x_start; j < x_end; ++j) {
      sum += input[j];
    }
  }
  sum /= area;

  T* output = (T*)(dst + element_y * dst_stride);
  if (sizeof(T) == 1) {
    output[element_x] = saturateCast(sum);
  }
  else {
    output[element_x] = sum;
  }
}

template <typename T, typename Tn>
__global__
void resizeAreaC3Kernel0(const T* src, int src_rows, int src_cols,
                         int channels, int src_stride, T* dst, int dst_rows,
                         int dst_cols, int dst_stride, int col_scale,
                         int row_scale) {
  int element_x = blockIdx.x * blockDim.x + threadIdx.x;
  int element_y = blockIdx.y * blockDim.y + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  int x_start = element_x * col_scale;
  int y_start = element_y * row_scale;
  int x_end = x_start + col_scale;
  int y_end = y_start + row_scale;
  x_end = (x_end <= src_cols) ? x_end : src_cols;
  y_end = (y_end <= src_rows) ? y_end : src_rows;
  int area = (x_end - x_start) * (y_end - y_start);

  float3 sum = make_float3(0.f, 0.f, 0.f);
  Tn* input;
  for (int i = y_start; i < y_end; ++i) {
    input = (Tn*)(src + i * src_stride);
    for (int j = x_start; j < x_end; ++j) {
      sum += input[j];
    }
  }
  sum /= area;

  Tn* output = (Tn*)(dst + element_y * dst_stride);
  output[element_x] = saturateCastVector<Tn, float3>(sum);
}

template <typename T, typename Tn>
__global__
void resizeAreaC4Kernel0(const T* src, int src_rows, int src_cols,
                         int channels, int src_stride, T* dst, int dst_rows,
                         int dst_cols, int dst_stride, int col_scale,
                         int row_scale) {
  int element_x = blockIdx.x * blockDim.x + threadIdx.x;
  int element_y = blockIdx.y * blockDim.y + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  int x_start = element_x * col_scale;
  int y_start = element_y * row_scale;
  int x_end = x_start + col_scale;
  int y_end = y_start + row_scale;
  x_end = (x_end <= src_cols) ? x_end : src_cols;
  y_end = (y_end <= src_rows) ? y_end : src_rows;
  int area = (x_end - x_start) * (y_end - y_start);

  float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
  Tn* input;
  for (int i = y_start; i < y_end; ++i) {
    input = (Tn*)(src + i * src_stride);
    for (int j = x_start; j < x_end; ++j) {
      sum += input[j];
    }
  }
  sum /= area;

  Tn* output = (Tn*)(dst + element_y * dst_stride);
  output[element_x] = saturateCastVector<Tn, float4>(sum);
}

template <typename T>
__global__
void resizeAreaC1Kernel1(const T* src, int src_rows, int src_cols, int channels,
                         int src_stride, T* dst, int dst_rows, int dst_cols,
                         int dst_stride, float col_scale, float row_scale) {
  int element_x = blockIdx.x * blockDim.x + threadIdx.x;
  int element_y = blockIdx.y * blockDim.y + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  float float_y0 = element_y * row_scale;
  float float_y1 = float_y0 + row_scale;
  int int_y0 = ceilf(float_y0);
  int int_y1 = floorf(float_y1);

  float float_x0 = element_x * col_scale;
  float float_x1 = float_x0 + col_scale;
  int int_x0 = ceilf(float_x0);
  int int_x1 = floorf(float_x1);

  T* input;
  float sum = 0.f;
  float area = fminf(col_scale, src_cols - float_x0) *
               fminf(row_scale, src_rows - float_y0);

  if (int_y0 - float_y0 > 1e-3) {
    input = (T*)(src + (int_y0 - 1) * src_stride);
    if (int_x0 - float_x0 > 1e-3) {
      sum = sum + input[int_x0 - 1] * (int_y0 - float_y0) * (int_x0 - float_x0);
    }

    for (int dx = int_x0; dx < int_x1; ++dx) {
      sum = sum + input[dx] * (int_y0 - float_y0);
    }

    if (float_x1 - int_x1 > 1e-3) {
      sum = sum + input[int_x1] * (int_y0 - float_y0) * (float_x1 - int_x1);
    }
  }

  input = (T*)(src + int_y0 * src_stride);
  for (int dy = int_y0; dy < int_y1; ++dy) {
    if (int_x0 - float_x0 > 1e-3) {
      sum = sum + input[int_x0 - 1] * (int_x0 - float_x0);
    }

    for (int dx = int_x0; dx < int_x1; ++dx) {
      sum = sum + input[dx];
    }

    if (float_x1 - int_x1 > 1e-3) {
      sum = sum + input[int_x1] * (float_x1 - int_x1);
    }
    input += src_stride;
  }

  if (float_y1 - int_y1 > 1e-3) {
    if (int_x0 - float_x0 > 1e-3) {
      sum = sum + input[int_x0 - 1] * (float_y1 - int_y1) * (int_x0 - float_x0);
    }

    for (int dx = int_x0; dx < int_x1; ++dx) {
      sum = sum + input[dx] * (float_y1 - int_y1);
    }

    if (float_x1 - int_x1 > 1e-3) {
      sum = sum + input[int_x1] * (float_y1 - int_y1) * (float_x1 - int_x1);
    }
  }
  sum = sum / area;

  T* output = (T*)(dst + element_y * dst_stride);
  if (sizeof(T) == 1) {
    output[element_x] = saturateCast(sum);
  }
  else {
    output[element_x] = sum;
  }
}

template <typename T, typename Tn>
__global__
void resizeAreaC3Kernel1(const T* src, int src_rows, int src_cols,
                         int channels, int src_stride, T* dst, int dst_rows,
                         int dst_cols, int dst_stride, float col_scale,
                         float row_scale) {
  int element_x = blockIdx.x * blockDim.x + threadIdx.x;
  int element_y = blockIdx.y * blockDim.y + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  float float_y0 = element_y * row_scale;
  float float_y1 = float_y0 + row_scale;
  int int_y0 = ceilf(float_y0);
  int int_y1 = floorf(float_y1);

  float float_x0 = element_x * col_scale;
  float float_x1 = float_x0 + col_scale;
  int int_x0 = ceilf(float_x0);
  int int_x1 = floorf(float_x1);

  Tn* input;
  float3 value;
  float3 sum = make_float3(0.f, 0.f, 0.f);
  float area = fminf(col_scale, src_cols - float_x0) *
               fminf(row_scale, src_rows - float_y0);

  if (int_y0 - float_y0 > 1e-3) {
    input = (Tn*)(src + (int_y0 - 1) * src_stride);
    if (int_x0 - float_x0 > 1e-3) {
      value = (int_y0 - float_y0) * (int_x0 - float_x0) * input[int_x0 - 1];
      sum += value;
    }

    for (int dx = int_x0; dx < int_x1; ++dx) {
      value = (int_y0 - float_y0) * input[dx];
      sum += value;
    }

    if (float_x1 - int_x1 > 1e-3) {
      value = (int_y0 - float_y0) * (float_x1 - int_x1) * input[int_x1];
      sum += value;
    }
  }

  input = (Tn*)(src + int_y0 * src_stride);
  for (int dy = int_y0; dy < int_y1; ++dy) {
    if (int_x0 - float_x0 > 1e-3) {
      value = (int_x0 - float_x0) * input[int_x0 - 1];
      sum += value;
    }

    for (int dx = int_x0; dx < int_x1; ++dx) {
      sum += input[dx];
    }

    if (float_x1 - int_x1 > 1e-3) {
      value = (float_x1 - int_x1) * input[int_x1];
      sum += value;
    }
    input = (Tn*)((T*)input + src_stride);
  }

  if (float_y1 - int_y1 > 1e-3) {
    if (int_x0 - float_x0 > 1e-3) {
      value = (float_y1 - int_y1) * (int_x0 - float_x0) * input[int_x0 - 1];
      sum += value;
    }

    for (int dx = int_x0; dx < int_x1; ++dx) {
      value = (float_y1 - int_y1) * input[dx];
      sum += value;
    }

    if (float_x1 - int_x1 > 1e-3) {
      value = (float_y1 - int_y1) * (float_x1 - int_x1) * input[int_x1];
      sum += value;
    }
  }
  sum /= area;

  Tn* output = (Tn*)(dst + element_y * dst_stride);
  output[element_x] = saturateCastVector<Tn, float3>(sum);
}

template <typename T, typename Tn>
__global__
void resizeAreaC4Kernel1(const T* src, int src_rows, int src_cols,
                         int channels, int src_stride, T* dst, int dst_rows,
                         int dst_cols, int dst_stride, float col_scale,
                         float row_scale) {
  int element_x = blockIdx.x * blockDim.x + threadIdx.x;
  int element_y = blockIdx.y * blockDim.y + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  float float_y0 = element_y * row_scale;
  float float_y1 = float_y0 + row_scale;
  int int_y0 = ceilf(float_y0);
  int int_y1 = floorf(float_y1);

  float float_x0 = element_x * col_scale;
  float float_x1 = float_x0 + col_scale;
  int int_x0 = ceilf(float_x0);
  int int_x1 = floorf(float_x1);

  Tn* input;
  float4 value;
  float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
  float area = fminf(col_scale, src_cols - float_x0) *
               fminf(row_scale, src_rows - float_y0);

  if (int_y0 - float_y0 > 1e-3) {
    input = (Tn*)(src + (int_y0 - 1) * src_stride);
    if (int_x0 - float_x0 > 1e-3) {
      value = (int_y0 - float_y0) * (int_x0 - float_x0) * input[int_x0 - 1];
      sum += value;
    }

    for (int dx = int_x0; dx < int_x1; ++dx) {
      value = (int_y0 - float_y0) * input[dx];
      sum += value;
    }

    if (float_x1 - int_x1 > 1e-3) {
      value = (int_y0 - float_y0) * (float_x1 - int_x1) * input[int_x1];
      sum += value;
    }
  }

  input = (Tn*)(src + int_y0 * src_stride);
  for (int dy = int_y0; dy < int_y1; ++dy) {
    if (int_x0 - float_x0 > 1e-3) {
      value = (int_x0 - float_x0) * input[int_x0 - 1];
      sum += value;
    }

    for (int dx = int_x0; dx < int_x1; ++dx) {
      sum += input[dx];
    }

    if (float_x1 - int_x1 > 1e-3) {
      value = (float_x1 - int_x1) * input[int_x1];
      sum += value;
    }
    input = (Tn*)((T*)input + src_stride);
  }

  if (float_y1 - int_y1 > 1e-3) {
    if (int_x0 - float_x0 > 1e-3) {
      value = (float_y1 - int_y1) * (int_x0 - float_x0) * input[int_x0 - 1];
      sum += value;
    }

    for (int dx = int_x0; dx < int_x1; ++dx) {
      value = (float_y1 - int_y1) * input[dx];
      sum += value;
    }

    if (float_x1 - int_x1 > 1e-3) {
      value = (float_y1 - int_y1) * (float_x1 - int_x1) * input[int_x1];
      sum += value;
    }
  }
  sum /= area;

  Tn* output = (Tn*)(dst + element_y * dst_stride);
  output[element_x] = saturateCastVector<Tn, float4>(sum);
}

__global__
void resizeAreaKernel2(const uchar* src, int src_rows, int src_cols,
                       int channels, int src_stride, uchar* dst, int dst_rows,
                       int dst_cols, int dst_stride, float col_scale,
                       float row_scale, float inv_col_scale,
                       float inv_row_scale) {
  int element_x = blockIdx.x * blockDim.x + threadIdx.x;
  int element_y = blockIdx.y * blockDim.y + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  int int_y0 = floor(element_y * row_scale);
  int int_x0 = floor(element_x * col_scale);
  float float_y = element_y + 1 - (int_y0 + 1) * inv_row_scale;
  float float_x = element_x + 1 - (int_x0 + 1) * inv_col_scale;
  float_y = float_y <= 0 ? 0.f : float_y - floor(float_y);
  float_x = float_x <= 0 ? 0.f : float_x - floor(float_x);
  if (int_y0 < 0) {
    int_y0 = 0;
    float_y = 0;
  }
  if (int_x0 < 0) {
    int_x0 = 0;
    float_x = 0;
  }
  if (int_y0 >= src_rows) {
    int_y0 = src_rows - 1;
    float_y = 0;
  }
  if (int_x0 >= src_cols) {
    int_x0 = src_cols - 1;
    float_x = 0;
  }

  int int_y1 = INCREASE(int_y0, src_rows);
  int buf_y[2];
  float_y = float_y * INTER_RESIZE_COEF_SCALE;
  buf_y[0] = rint(INTER_RESIZE_COEF_SCALE - float_y);
  buf_y[1] = rint(float_y);

  int int_x1 = INCREASE(int_x0, src_cols);
  int buf_x[2];
  float_x = float_x * INTER_RESIZE_COEF_SCALE;
  buf_x[0] = rint(INTER_RESIZE_COEF_SCALE - rint(float_x));
  buf_x[1] = rint(float_x);

  if (channels == 1) {
    int src_index0 = int_y0 * src_stride + int_x0;
    int src_index1 = int_y0 * src_stride + int_x1;
    int src_index2 = int_y1 * src_stride + int_x0;
    int src_index3 = int_y1 * src_stride + int_x1;

    int sum = 0;
    sum = buf_y[0] * buf_x[0] * src[src_index0] +
          buf_y[0] * buf_x[1] * src[src_index1] +
          buf_y[1] * buf_x[0] * src[src_index2] +
          buf_y[1] * buf_x[1] * src[src_index3];

    uchar* output = (uchar*)(dst + element_y * dst_stride);
    output[element_x] = (sum + (1 << (CAST_BITS - 1))) >> CAST_BITS;
  }
  else if (channels == 3) {
    uchar3* input0 = (uchar3*)((uchar*)src + int_y0 * src_stride);
    uchar3* input1 = (uchar3*)((uchar*)src + int_y1 * src_stride);

    uchar3 values[2][2];
    values[0][0] = input0[int_x0];
    values[0][1] = input0[int_x1];
    values[1][0] = input1[int_x0];
    values[1][1] = input1[int_x1];

    uchar3* output = (uchar3*)((uchar*)dst + element_y * dst_stride);
    output[element_x] = bilinearSample(values, buf_x[0], buf_x[1],
                                       buf_y[0], buf_y[1]);
  }
  else {
    uchar4* input0 = (uchar4*)((uchar*)src + int_y0 * src_stride);
    uchar4* input1 = (uchar4*)((uchar*)src + int_y1 * src_stride);

    uchar4 values[2][2];
    values[0][0] = input0[int_x0];
    values[0][1] = input0[int_x1];
    values[1][0] = input1[int_x0];
    values[1][1] = input1[int_x1];

    uchar4* output = (uchar4*)((uchar*)dst + element_y * dst_stride);
    output[element_x] = bilinearSample(values, buf_x[0], buf_x[1],
                                       buf_y[0], buf_y[1]);
  }
}

__global__
void resizeAreaKernel2(const float* src, int src_rows, int src_cols,
                       int channels, int src_stride, float* dst, int dst_rows,
                       int dst_cols, int dst_stride, double col_scale,
                       float row_scale, float inv_col_scale,
                       float inv_row_scale) {
  int element_x = blockIdx.x * blockDim.x + threadIdx.x;
  int element_y = blockIdx.y * blockDim.y + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  int int_y0 = floor(element_y * row_scale);
  int int_x0 = floor(element_x * col_scale);
  float float_y = element_y + 1 - (int_y0 + 1) * inv_row_scale;
  float float_x = element_x + 1 - (int_x0 + 1) * inv_col_scale;
  float_y = float_y <= 0 ? 0.f : float_y - floor(float_y);
  float_x = float_x <= 0 ? 0.f : float_x - floor(float_x);
  if (int_y0 < 0) {
    int_y0 = 0;
    float_y = 0;
  }
  if (int_x0 < 0) {
    int_x0 = 0;
    float_x = 0;
  }
  if (int_y0 >= src_rows) {
    int_y0 = src_rows - 1;
    float_y = 0;
  }
  if (int_x0 >= src_cols) {
    int_x0 = src_cols - 1;
    float_x = 0;
  }

  int int_y1 = INCREASE(int_y0,src_rows);
  float buf_y[2];
  buf_y[0] = 1.f - float_y;
  buf_y[1] = 1.f - buf_y[0];

  int int_x1 = INCREASE(int_x0,src_cols);
  float buf_x[2];
  buf_x[0] = 1.f - float_x;
  buf_x[1] = 1.f - buf_x[0];

  if (channels == 1) {
    int index = int_y0 * src_stride;
    float src0 = src[index + int_x0];
    float src1 = src[index + int_x1];
    float value0 = buf_y[0] * buf_x[0] * src0;
    float value1 = buf_y[0] * buf_x[1] * src1;
    float sum = 0.f;
    sum += value0 + value1;

    index = int_y1 * src_stride;
    src0 = src[index + int_x0];
    src1 = src[index + int_x1];
    value0 = buf_y[1] * buf_x[0] * src0;
    value1 = buf_y[1] * buf_x[1] * src1;
    sum += value0 + value1;

    float* output = (float*)(dst + element_y * dst_stride);
    output[element_x] = sum;
  }
  else if (channels == 3) {
    int index = int_y0 * src_stride;
    float3 src0 = ((float3*)(src + index))[int_x0];
    float3 src1 = ((float3*)(src + index))[int_x1];
    float3 value0 = buf_y[0] * buf_x[0] * src0;
    float3 value1 = buf_y[0] * buf_x[1] * src1;
    float3 sum = make_float3(0.f, 0.f, 0.f);
    sum += value0;
    sum += value1;

    index = int_y1 * src_stride;
    src0 = ((float3*)(src + index))[int_x0];
    src1 = ((float3*)(src + index))[int_x1];
    value0 = buf_y[1] * buf_x[0] * src0;
    value1 = buf_y[1] * buf_x[1] * src1;
    sum += value0;
    sum += value1;

    float3* output = (float3*)(dst + element_y * dst_stride);
    output[element_x] = sum;
  }
  else {
    int index = int_y0 * src_stride;
    float4 src0 = ((float4*)(src + index))[int_x0];
    float4 src1 = ((float4*)(src + index))[int_x1];
    float4 value0 = buf_y[0] * buf_x[0] * src0;
    float4 value1 = buf_y[0] * buf_x[1] * src1;
    float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
    sum += value0;
    sum += value1;

    index = int_y1 * src_stride;
    src0 = ((float4*)(src + index))[int_x0];
    src1 = ((float4*)(src + index))[int_x1];
    value0 = buf_y[1] * buf_x[0] * src0;
    value1 = buf_y[1] * buf_x[1] * src1;
    sum += value0;
    sum += value1;

    float4* output = (float4*)(dst + element_y * dst_stride);
    output[element_x] = sum;
  }
}

}  // namespace cuda
}  // namespace cv
}  // namespace ppl
