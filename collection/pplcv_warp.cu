// tilelab kernel collection: ppl.cv's warp kernels (bilinear and nearest-point remapping through a coordinate
// functor, constant / replicate / transparent borders), with warpaffine.cu's AffineTransform
// Source:  https://github.com/OpenPPL/ppl.cv/blob/8a5d70f2da34a47ebb67d8e091382fa4c6bbc7da/src/ppl/cv/cuda/warp.hpp
//          (OpenPPL/ppl.cv, commit 8a5d70f)
// Licence: Apache-2.0 (the repository's LICENSE is the Apache License, Version 2.0; each file's own notice is kept
//          below, and the notice of every header whose lines are copied in is the same text).
// Kept, unchanged: warp.hpp lines 1-15 (notice), 19-23 and 268-689 (warpLinearKernel for uchar and float,
//       warpNearestKernel). Removed: line 17 (the utility.hpp include), the four `static texture<...>` references
//       (25-32) and the two warpLinearTexKernel templates that read them with tex2D (34-266): texture references
//       are gone from CUDA 12 (nvcc 12 refuses them), and the host takes that path only for 1- and 4-channel images
//       whose stride is a multiple of 32.
// Copied in, marked: types.h's BorderType and utility.hpp (before the kernels), and warpaffine.cu's AffineTransform
//       (src/ppl/cv/cuda/warpaffine.cu lines 24-49 and 403-405, after them; its constructor is host code).
// Host launch (warpaffine.cu): uchar kBlockDimX0 x kBlockDimY0 = 32 x 4 threads, divideUp(dst_cols, 32, 5) x
// divideUp(dst_rows, 4, 2) blocks,
// the 2 x 3 matrix (destination to source coordinates) in an AffineTransform by value.

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

// ---- copied from include/ppl/cv/types.h, lines 23-24, 55-65 and 140-141 (enum BorderType)
namespace ppl {
namespace cv {
enum BorderType {
    BORDER_CONSTANT       = 0, //!< `iiiiii|abcdefgh|iiiiii` with some specified `i`
    BORDER_REPLICATE      = 1, //!< `aaaaaa|abcdefgh|hhhhhh`
    BORDER_REFLECT        = 2, //!< `fedcba|abcdefgh|hgfedc`
    BORDER_WRAP           = 3, //!< `cdefgh|abcdefgh|abcdef`
    BORDER_REFLECT_101    = 4, //!< `gfedcb|abcdefgh|gfedcb`
    BORDER_TRANSPARENT    = 5, //!< `uvwxyz|abcdefgh|ijklmn`
    BORDER_REFLECT101     = BORDER_REFLECT_101,
    BORDER_DEFAULT        = BORDER_REFLECT_101,
    BORDER_ISOLATED       = 16
};
} // namespace cv
} // namespace ppl
// ---- end of the lines copied from types.h

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

#define TEXTURE_ALIGNMENT 32

template <typename Transform>
__global__
void warpLinearKernel(const uchar* src, int src_rows, int src_cols,
                      int channels, int src_stride, Transform transform,
                      uchar* dst, int dst_rows, int dst_cols, int dst_stride,
                      BorderType border_type, uchar border_value) {
  int element_x = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
  int element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  float2 src_xy = transform.calculateCoordinates(element_x, element_y);
  int src_x0 = __float2int_rd(src_xy.x);
  int src_y0 = __float2int_rd(src_xy.y);
  int src_x1 = src_x0 + 1;
  int src_y1 = src_y0 + 1;

  if (border_type == BORDER_CONSTANT || border_type == BORDER_TRANSPARENT) {
    bool flag0 = src_y0 >= 0 && src_y0 < src_rows && src_x0 >= 0 &&
                 src_x0 < src_cols;
    bool flag1 = src_y0 >= 0 && src_y0 < src_rows && src_x1 >= 0 &&
                 src_x1 < src_cols;
    bool flag2 = src_y1 >= 0 && src_y1 < src_rows && src_x0 >= 0 &&
                 src_x0 < src_cols;
    bool flag3 = src_y1 >= 0 && src_y1 < src_rows && src_x1 >= 0 &&
                 src_x1 < src_cols;

    if ((border_type == BORDER_TRANSPARENT) &&
        ((!flag0) || (!flag1) || (!flag2) || (!flag3))) {
      return;
    }

    if (channels == 1) {
      uchar* input = (uchar*)(src + src_y0 * src_stride);
      uchar src_value0 = flag0 ? input[src_x0] : border_value;
      uchar src_value1 = flag1 ? input[src_x1] : border_value;
      float value0 = (src_x1 - src_xy.x) * (src_y1 - src_xy.y) * src_value0;
      float value1 = (src_xy.x - src_x0) * (src_y1 - src_xy.y) * src_value1;
      float sum = 0.f;
      sum += value0;
      sum += value1;

      input = (uchar*)(src + src_y1 * src_stride);
      src_value0 = flag2 ? input[src_x0] : border_value;
      src_value1 = flag3 ? input[src_x1] : border_value;
      value0 = (src_x1 - src_xy.x) * (src_xy.y - src_y0) * src_value0;
      value1 = (src_xy.x - src_x0) * (src_xy.y - src_y0) * src_value1;
      sum += value0;
      sum += value1;

      uchar* output = (uchar*)(dst + element_y * dst_stride);
      output[element_x] = saturateCast(sum);
    }
    else if (channels == 3) {
      uchar3 border_value1 = make_uchar3(border_value, border_value,
                                         border_value);
      uchar3* input = (uchar3*)(src + src_y0 * src_stride);
      uchar3 src_value0 = flag0 ? input[src_x0] : border_value1;
      uchar3 src_value1 = flag1 ? input[src_x1] : border_value1;
      float3 value0 = (src_x1 - src_xy.x) * (src_y1 - src_xy.y) * src_value0;
      float3 value1 = (src_xy.x - src_x0) * (src_y1 - src_xy.y) * src_value1;
      float3 sum = make_float3(0.f, 0.f, 0.f);
      sum += value0;
      sum += value1;

      input = (uchar3*)(src + src_y1 * src_stride);
      src_value0 = flag2 ? input[src_x0] : border_value1;
      src_value1 = flag3 ? input[src_x1] : border_value1;
      value0 = (src_x1 - src_xy.x) * (src_xy.y - src_y0) * src_value0;
      value1 = (src_xy.x - src_x0) * (src_xy.y - src_y0) * src_value1;
      sum += value0;
      sum += value1;

      uchar3* output = (uchar3*)(dst + element_y * dst_stride);
      if (src_xy.x > src_cols - 1 || src_xy.y > src_rows - 1) {
        output[element_x] = border_value1;  // align with npp.
      }
      else {
        output[element_x] = saturateCastVector<uchar3, float3>(sum);
      }
    }
    else {
      uchar4 border_value1 = make_uchar4(border_value, border_value,
                                         border_value, border_value);
      uchar4* input = (uchar4*)(src + src_y0 * src_stride);
      uchar4 src_value0 = flag0 ? input[src_x0] : border_value1;
      uchar4 src_value1 = flag1 ? input[src_x1] : border_value1;
      float4 value0 = (src_x1 - src_xy.x) * (src_y1 - src_xy.y) * src_value0;
      float4 value1 = (src_xy.x - src_x0) * (src_y1 - src_xy.y) * src_value1;
      float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
      sum += value0;
      sum += value1;

      input = (uchar4*)(src + src_y1 * src_stride);
      src_value0 = flag2 ? input[src_x0] : border_value1;
      src_value1 = flag3 ? input[src_x1] : border_value1;
      value0 = (src_x1 - src_xy.x) * (src_xy.y - src_y0) * src_value0;
      value1 = (src_xy.x - src_x0) * (src_xy.y - src_y0) * src_value1;
      sum += value0;
      sum += value1;

      uchar4* output = (uchar4*)(dst + element_y * dst_stride);
      output[element_x] = saturateCastVector<uchar4, float4>(sum);
    }
  }
  else if (border_type == BORDER_REPLICATE) {
    float diff_x0 = src_xy.x - src_x0;
    float diff_x1 = src_x1 - src_xy.x;
    float diff_y0 = src_xy.y - src_y0;
    float diff_y1 = src_y1 - src_xy.y;

    src_x0 = clip(src_x0, 0, src_cols - 1);
    src_y0 = clip(src_y0, 0, src_rows - 1);
    src_x1 = clip(src_x1, 0, src_cols - 1);
    src_y1 = clip(src_y1, 0, src_rows - 1);

    if (channels == 1) {
      uchar* input = (uchar*)(src + src_y0 * src_stride);
      uchar src_value0 = input[src_x0];
      uchar src_value1 = input[src_x1];
      float value0 = diff_x1 * diff_y1 * src_value0;
      float value1 = diff_x0 * diff_y1 * src_value1;
      float sum = 0.f;
      sum += value0;
      sum += value1;

      input = (uchar*)(src + src_y1 * src_stride);
      src_value0 = input[src_x0];
      src_value1 = input[src_x1];
      value0 = diff_x1 * diff_y0 * src_value0;
      value1 = diff_x0 * diff_y0 * src_value1;
      sum += value0;
      sum += value1;

      uchar* output = (uchar*)(dst + element_y * dst_stride);
      output[element_x] = saturateCast(sum);
    }
    else if (channels == 3) {
      uchar3* input = (uchar3*)(src + src_y0 * src_stride);
      uchar3 src_value0 = input[src_x0];
      uchar3 src_value1 = input[src_x1];
      float3 value0 = diff_x1 * diff_y1 * src_value0;
      float3 value1 = diff_x0 * diff_y1 * src_value1;
      float3 sum = make_float3(0.f, 0.f, 0.f);
      sum += value0;
      sum += value1;

      input = (uchar3*)(src + src_y1 * src_stride);
      src_value0 = input[src_x0];
      src_value1 = input[src_x1];
      value0 = diff_x1 * diff_y0 * src_value0;
      value1 = diff_x0 * diff_y0 * src_value1;
      sum += value0;
      sum += value1;

      uchar3* output = (uchar3*)(dst + element_y * dst_stride);
      output[element_x] = saturateCastVector<uchar3, float3>(sum);
    }
    else {
      uchar4* input = (uchar4*)(src + src_y0 * src_stride);
      uchar4 src_value0 = input[src_x0];
      uchar4 src_value1 = input[src_x1];
      float4 value0 = diff_x1 * diff_y1 * src_value0;
      float4 value1 = diff_x0 * diff_y1 * src_value1;
      float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
      sum += value0;
      sum += value1;

      input = (uchar4*)(src + src_y1 * src_stride);
      src_value0 = input[src_x0];
      src_value1 = input[src_x1];
      value0 = diff_x1 * diff_y0 * src_value0;
      value1 = diff_x0 * diff_y0 * src_value1;
      sum += value0;
      sum += value1;

      uchar4* output = (uchar4*)(dst + element_y * dst_stride);
      output[element_x] = saturateCastVector<uchar4, float4>(sum);
    }
  }
  else {
  }
}

template <typename Transform>
__global__
void warpLinearKernel(const float* src, int src_rows, int src_cols,
                      int channels, int src_stride, Transform transform,
                      float* dst, int dst_rows, int dst_cols, int dst_stride,
                      BorderType border_type, float border_value) {
  int element_x = (blockIdx.x << kBlockShiftX1) + threadIdx.x;
  int element_y = (blockIdx.y << kBlockShiftY1) + threadIdx.y;
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  float2 src_xy = transform.calculateCoordinates(element_x, element_y);
  int src_x0 = __float2int_rd(src_xy.x);
  int src_y0 = __float2int_rd(src_xy.y);
  int src_x1 = src_x0 + 1;
  int src_y1 = src_y0 + 1;

  if (border_type == BORDER_CONSTANT || border_type == BORDER_TRANSPARENT) {
    bool flag0 = src_y0 >= 0 && src_y0 < src_rows && src_x0 >= 0 &&
                 src_x0 < src_cols;
    bool flag1 = src_y0 >= 0 && src_y0 < src_rows && src_x1 >= 0 &&
                 src_x1 < src_cols;
    bool flag2 = src_y1 >= 0 && src_y1 < src_rows && src_x0 >= 0 &&
                 src_x0 < src_cols;
    bool flag3 = src_y1 >= 0 && src_y1 < src_rows && src_x1 >= 0 &&
                 src_x1 < src_cols;

    if ((border_type == BORDER_TRANSPARENT) &&
        ((!flag0) || (!flag1) || (!flag2) || (!flag3))) {
      return;
    }

    if (channels == 1) {
      float* input = (float*)((uchar*)src + src_y0 * src_stride);
      float src_value0 = flag0 ? input[src_x0] : border_value;
      float src_value1 = flag1 ? input[src_x1] : border_value;
      float value0 = (src_x1 - src_xy.x) * (src_y1 - src_xy.y) * src_value0;
      float value1 = (src_xy.x - src_x0) * (src_y1 - src_xy.y) * src_value1;
      float sum = 0.f;
      sum += value0;
      sum += value1;

      input = (float*)((uchar*)src + src_y1 * src_stride);
      src_value0 = flag2 ? input[src_x0] : border_value;
      src_value1 = flag3 ? input[src_x1] : border_value;
      value0 = (src_x1 - src_xy.x) * (src_xy.y - src_y0) * src_value0;
      value1 = (src_xy.x - src_x0) * (src_xy.y - src_y0) * src_value1;
      sum += value0;
      sum += value1;

      float* output = (float*)((uchar*)dst + element_y * dst_stride);
      output[element_x] = sum;
    }
    else if (channels == 3) {
      float3 border_value1 = make_float3(border_value, border_value,
                                         border_value);
      float3* input = (float3*)((uchar*)src + src_y0 * src_stride);
      float3 src_value0 = flag0 ? input[src_x0] : border_value1;
      float3 src_value1 = flag1 ? input[src_x1] : border_value1;
      float3 value0 = (src_x1 - src_xy.x) * (src_y1 - src_xy.y) * src_value0;
      float3 value1 = (src_xy.x - src_x0) * (src_y1 - src_xy.y) * src_value1;
      float3 sum = make_float3(0.f, 0.f, 0.f);
      sum += value0;
      sum += value1;

      input = (float3*)((uchar*)src + src_y1 * src_stride);
      src_value0 = flag2 ? input[src_x0] : border_value1;
      src_value1 = flag3 ? input[src_x1] : border_value1;
      value0 = (src_x1 - src_xy.x) * (src_xy.y - src_y0) * src_value0;
      value1 = (src_xy.x - src_x0) * (src_xy.y - src_y0) * src_value1;
      sum += value0;
      sum += value1;

      float3* output = (float3*)((uchar*)dst + element_y * dst_stride);
      output[element_x] = sum;
    }
    else {
      float4 border_value1 = make_float4(border_value, border_value,
                                         border_value, border_value);
      float4* input = (float4*)((uchar*)src + src_y0 * src_stride);
      float4 src_value0 = flag0 ? input[src_x0] : border_value1;
      float4 src_value1 = flag1 ? input[src_x1] : border_value1;
      float4 value0 = (src_x1 - src_xy.x) * (src_y1 - src_xy.y) * src_value0;
      float4 value1 = (src_xy.x - src_x0) * (src_y1 - src_xy.y) * src_value1;
      float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
      sum += value0;
      sum += value1;

      input = (float4*)((uchar*)src + src_y1 * src_stride);
      src_value0 = flag2 ? input[src_x0] : border_value1;
      src_value1 = flag3 ? input[src_x1] : border_value1;
      value0 = (src_x1 - src_xy.x) * (src_xy.y - src_y0) * src_value0;
      value1 = (src_xy.x - src_x0) * (src_xy.y - src_y0) * src_value1;
      sum += value0;
      sum += value1;

      float4* output = (float4*)((uchar*)dst + element_y * dst_stride);
      output[element_x] = sum;
    }
  }
  else if (border_type == BORDER_REPLICATE) {
    float diff_x0 = src_xy.x - src_x0;
    float diff_x1 = src_x1 - src_xy.x;
    float diff_y0 = src_xy.y - src_y0;
    float diff_y1 = src_y1 - src_xy.y;

    src_x0 = clip(src_x0, 0, src_cols - 1);
    src_y0 = clip(src_y0, 0, src_rows - 1);
    src_x1 = clip(src_x1, 0, src_cols - 1);
    src_y1 = clip(src_y1, 0, src_rows - 1);

    if (channels == 1) {
      float* input = (float*)((uchar*)src + src_y0 * src_stride);
      float src_value0 = input[src_x0];
      float src_value1 = input[src_x1];
      float value0 = diff_x1 * diff_y1 * src_value0;
      float value1 = diff_x0 * diff_y1 * src_value1;
      float sum = 0.f;
      sum += value0;
      sum += value1;

      input = (float*)((uchar*)src + src_y1 * src_stride);
      src_value0 = input[src_x0];
      src_value1 = input[src_x1];
      value0 = diff_x1 * diff_y0 * src_value0;
      value1 = diff_x0 * diff_y0 * src_value1;
      sum += value0;
      sum += value1;

      float* output = (float*)((uchar*)dst + element_y * dst_stride);
      output[element_x] = sum;
    }
    else if (channels == 3) {
      float3* input = (float3*)((uchar*)src + src_y0 * src_stride);
      float3 src_value0 = input[src_x0];
      float3 src_value1 = input[src_x1];
      float3 value0 = diff_x1 * diff_y1 * src_value0;
      float3 value1 = diff_x0 * diff_y1 * src_value1;
      float3 sum = make_float3(0.f, 0.f, 0.f);
      sum += value0;
      sum += value1;

      input = (float3*)((uchar*)src + src_y1 * src_stride);
      src_value0 = input[src_x0];
      src_value1 = input[src_x1];
      value0 = diff_x1 * diff_y0 * src_value0;
      value1 = diff_x0 * diff_y0 * src_value1;
      sum += value0;
      sum += value1;

      float3* output = (float3*)((uchar*)dst + element_y * dst_stride);
      output[element_x] = sum;
    }
    else {
      float4* input = (float4*)((uchar*)src + src_y0 * src_stride);
      float4 src_value0 = input[src_x0];
      float4 src_value1 = input[src_x1];
      float4 value0 = diff_x1 * diff_y1 * src_value0;
      float4 value1 = diff_x0 * diff_y1 * src_value1;
      float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
      sum += value0;
      sum += value1;

      input = (float4*)((uchar*)src + src_y1 * src_stride);
      src_value0 = input[src_x0];
      src_value1 = input[src_x1];
      value0 = diff_x1 * diff_y0 * src_value0;
      value1 = diff_x0 * diff_y0 * src_value1;
      sum += value0;
      sum += value1;

      float4* output = (float4*)((uchar*)dst + element_y * dst_stride);
      output[element_x] = sum;
    }
  }
  else {
  }
}

template <typename T, typename Tn, typename Transform>
__global__
void warpNearestKernel(const T* src, int src_rows, int src_cols, int channels,
                       int src_stride, Transform transform, T* dst,
                       int dst_rows, int dst_cols, int dst_stride,
                       BorderType border_type, Tn border_value) {
  int element_x, element_y;
  if (sizeof(T) == 1) {
    element_x = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  }
  else {
    element_x = (blockIdx.x << kBlockShiftX1) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY1) + threadIdx.y;
  }
  if (element_x >= dst_cols || element_y >= dst_rows) {
    return;
  }

  float2 src_xy = transform.calculateCoordinates(element_x, element_y);
  int src_x = src_xy.x;
  int src_y = src_xy.y;

  if (border_type == BORDER_CONSTANT) {
    Tn* output = (Tn*)((uchar*)dst + element_y * dst_stride);

    if (src_x >= 0 && src_x < src_cols && src_y >= 0 && src_y < src_rows) {
      Tn* input = (Tn*)((uchar*)src + src_y * src_stride);
      output[element_x] = input[src_x];
    }
    else {
      output[element_x] = border_value;
    }
  }
  else if (border_type == BORDER_REPLICATE) {
    src_x = clip(src_x, 0, src_cols - 1);
    src_y = clip(src_y, 0, src_rows - 1);

    Tn* input  = (Tn*)((uchar*)src + src_y * src_stride);
    Tn* output = (Tn*)((uchar*)dst + element_y * dst_stride);
    output[element_x] = input[src_x];
  }
  else if (border_type == BORDER_TRANSPARENT) {
    Tn* output = (Tn*)((uchar*)dst + element_y * dst_stride);

    if (src_x >= 0 && src_x < src_cols && src_y >= 0 && src_y < src_rows) {
      Tn* input = (Tn*)((uchar*)src + src_y * src_stride);
      output[element_x] = input[src_x];
    }
  }
  else {
  }
}

}  // namespace cuda
}  // namespace cv
}  // namespace ppl

// ---- copied from src/ppl/cv/cuda/warpaffine.cu, lines 24-49 and 403-405 (struct AffineTransform)
namespace ppl {
namespace cv {
namespace cuda {

struct AffineTransform {
  float coeffe0;
  float coeffe1;
  float coeffe2;
  float coeffe3;
  float coeffe4;
  float coeffe5;

  AffineTransform(const float* coefficients) : coeffe0(coefficients[0]),
      coeffe1(coefficients[1]), coeffe2(coefficients[2]),
      coeffe3(coefficients[3]), coeffe4(coefficients[4]),
      coeffe5(coefficients[5]) {}

  __DEVICE__
  float2 calculateCoordinates(int element_x, int element_y) {
    float2 result;
    result.x = coeffe0 * element_x + coeffe1 * element_y + coeffe2;
    result.y = coeffe3 * element_x + coeffe4 * element_y + coeffe5;

    return result;
  }
};
}  // namespace cuda
}  // namespace cv
}  // namespace ppl
// ---- end of the lines copied from warpaffine.cu
