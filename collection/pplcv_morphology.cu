// tilelab kernel collection: ppl.cv's morphology kernels (row, column and 2-D max/min filters over rectangular and
// masked structuring elements, a 4-pixel uchar path, the mask staged in shared memory), with dilate.cu's MaxSwap
// Source:  https://github.com/OpenPPL/ppl.cv/blob/8a5d70f2da34a47ebb67d8e091382fa4c6bbc7da/src/ppl/cv/cuda/morphology.hpp
//          (OpenPPL/ppl.cv, commit 8a5d70f)
// Licence: Apache-2.0 (the repository's LICENSE is the Apache License, Version 2.0; each file's own notice is kept
//          below, and the notice of every header whose lines are copied in is the same text).
// Kept, unchanged: morphology.hpp lines 1-17 (notice) and 21-882 (every device function and kernel). Removed: line 19
//       (the utility.hpp include).
// Copied in, marked: types.h's BorderType and utility.hpp (before the kernels), and dilate.cu's MaxSwap, the
//       dilation's functor (src/ppl/cv/cuda/dilate.cu lines 20 and 27-167, 803-805, after them): dilate.cu's host
//       functions (169-801) launch these kernels with it.
// Host launch (dilate.cu): uchar kBlockDimX0 x kBlockDimY0 = 32 x 4 threads, divideUp(cols, 32, 5) x divideUp(rows, 4,
// 2) blocks; the 1-channel
// uchar kernels over `columns` = aligned_columns + right_threads threads a row (4 pixels a thread where aligned).

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
 *
 * The device and kernel function definitions of morphology operations.
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

#define MAX_SIZE 1024

/**************************** row&column filters *****************************/

template <typename T0, typename T1, typename Morphology>
__DEVICE__
T0 morphRowDevice0(const T1* src, int stride, int element_y, int bottom_x,
                   int top_x, Morphology morphology_swap) {
  T0* input = (T0*)((uchar*)src + element_y * stride);
  T0 value = input[bottom_x];

  T0 target;
  for (int i = bottom_x + 1; i <= top_x; i++) {
    target = input[i];
    morphology_swap(value, target);
  }

  return value;
}

template <typename Morphology>
__DEVICE__
uchar4 morphRowU8C1LeftDevice0(const uchar* src, int stride, int element_y,
                               int bottom_x, int top_x,
                               Morphology morphology_swap) {
  uchar* input = (uchar*)((uchar*)src + element_y * stride);

  uchar value0, value1, value2, value3;
  uchar target0, target1, target2, target3;
  morphology_swap.initialize(value0, value1, value2, value3);

  for (int i = bottom_x; i <= top_x; i++) {
    target0 = input[i <= 0 ? 0 : i];
    target1 = input[i + 1 <= 0 ? 0 : i + 1];
    target2 = input[i + 2 <= 0 ? 0 : i + 2];
    target3 = input[i + 3 <= 0 ? 0 : i + 3];
    morphology_swap(value0, target0);
    morphology_swap(value1, target1);
    morphology_swap(value2, target2);
    morphology_swap(value3, target3);
  }

  return make_uchar4(value0, value1, value2, value3);
}

template <typename Morphology>
__DEVICE__
uchar4 morphRowU8C1MiddleDevice0(const uchar* src, int stride, int element_y,
                                 int bottom_x, int top_x,
                                 Morphology morphology_swap) {
  uchar* input = (uchar*)((uchar*)src + element_y * stride);

  uchar value0, value1, value2, value3;
  uchar target0, target1, target2, target3;
  morphology_swap.initialize(value0, value1, value2, value3);

  for (int i = bottom_x; i <= top_x; i++) {
    target0 = input[i];
    target1 = input[i + 1];
    target2 = input[i + 2];
    target3 = input[i + 3];
    morphology_swap(value0, target0);
    morphology_swap(value1, target1);
    morphology_swap(value2, target2);
    morphology_swap(value3, target3);
  }

  return make_uchar4(value0, value1, value2, value3);
}

template <typename T0, typename T1, typename Morphology>
__DEVICE__
T0 morphColDevice0(const T1* src, int stride, int element_x, int bottom_y,
                   int top_y, Morphology morphology_swap) {
  T0* input = (T0*)((uchar*)src + bottom_y * stride);
  T0 value = input[element_x];

  T0 target;
  for (int i = bottom_y + 1; i <= top_y; i++) {
    input = (T0*)((uchar*)input + stride);

    target = input[element_x];
    morphology_swap(value, target);
  }

  return value;
}

/**
 * 1 Morphology operation with a fully masked rectangle kernel.
 */
template <typename T0, typename T1, typename Morphology>
__global__
void morphRowKernel0(const T1* src, int rows, int cols, int src_stride,
                     int radius_x, T1* dst, int dst_stride,
                     Morphology morphology_swap) {
  int element_x, element_y;
  if (sizeof(T1) == 1) {
    element_x = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  }
  else {
    element_x = (blockIdx.x << kBlockShiftX1) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY1) + threadIdx.y;
  }
  if (element_x >= cols || element_y >= rows) {
    return;
  }

  int bottom_x = element_x - radius_x;
  int top_x    = element_x + radius_x;
  if (bottom_x < 0) {
    bottom_x = 0;
  }
  if (top_x >= cols) {
    top_x = cols - 1;
  }

  T0 result;
  result = morphRowDevice0<T0, T1, Morphology>(src, src_stride, element_y,
               bottom_x, top_x, morphology_swap);

  T0* output = (T0*)((uchar*)dst + element_y * dst_stride);
  output[element_x] = result;
}

/**
 * 1 Morphology operation with a fully masked rectangle kernel.
 */
template <typename Morphology>
__global__
void morphRowU8C1Kernel0(const uchar* src, int rows, int cols, int columns,
                         int src_stride, int left_threads, int aligned_columns,
                         int radius_x, uchar* dst, int dst_stride,
                         Morphology morphology_swap) {
  int thread_x = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
  int thread_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (thread_x >= columns || thread_y >= rows) {
    return;
  }

  int element_x;
  if (thread_x < aligned_columns) {
    element_x = thread_x << 2;
  }
  else {
    element_x = thread_x - aligned_columns + (aligned_columns << 2);
  }

  int bottom_x = element_x - radius_x;
  int top_x    = element_x + radius_x;

  if (thread_x < aligned_columns) {
    uchar4 result;
    if (thread_x < left_threads) {
      result = morphRowU8C1LeftDevice0<Morphology>(src, src_stride, thread_y,
                   bottom_x, top_x, morphology_swap);
    }
    else {
      result = morphRowU8C1MiddleDevice0<Morphology>(src, src_stride, thread_y,
                   bottom_x, top_x, morphology_swap);
    }

    uchar4* output = (uchar4*)((uchar*)dst + thread_y * dst_stride);
    output[thread_x] = result;
  }
  else {
    if (top_x >= cols) {
      top_x = cols - 1;
    }

    uchar result;
    result = morphRowDevice0<uchar, uchar, Morphology>(src, src_stride,
                 thread_y, bottom_x, top_x, morphology_swap);

    uchar* output = (uchar*)((uchar*)dst + thread_y * dst_stride);
    output[element_x] = result;
  }
}

template <typename T0, typename T1, typename Morphology>
__global__
void morphColKernel0(const T1* src, int rows, int cols, int src_stride,
                     int radius_x, int radius_y, T1* dst, int dst_stride,
                     BorderType border_type, const T1 border_value,
                     Morphology morphology_swap) {
  int element_x, element_y;
  if (sizeof(T1) == 1) {
    element_x = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  }
  else {
    element_x = (blockIdx.x << kBlockShiftX1) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY1) + threadIdx.y;
  }
  if (element_x >= cols || element_y >= rows) {
    return;
  }

  bool constant_border = false;
  int bottom_x = element_x - radius_x;
  int bottom_y = element_y - radius_y;
  int top_x    = element_x + radius_x;
  int top_y    = element_y + radius_y;
  if (bottom_x < 0) {
    constant_border = true;
  }
  if (bottom_y < 0) {
    bottom_y = 0;
    constant_border = true;
  }
  if (top_x >= cols) {
    constant_border = true;
  }
  if (top_y >= rows) {
    top_y = rows - 1;
    constant_border = true;
  }

  T0 result;
  result = morphColDevice0<T0, T1, Morphology>(src, src_stride, element_x,
               bottom_y, top_y, morphology_swap);
  if (border_type == BORDER_CONSTANT && constant_border) {
    morphology_swap.checkConstantResult(result, border_value);
  }

  T0* output = (T0*)((uchar*)dst + element_y * dst_stride);
  output[element_x] = result;
}

/********************************* 2D filter *********************************/

template <typename T0, typename T1, typename Morphology>
__DEVICE__
T0 morph2DDevice0(const T1* src, int stride, int bottom_x, int bottom_y,
                  int top_x, int top_y, Morphology morphology_swap) {
  T0* input = (T0*)((uchar*)src + bottom_y * stride);
  T0 value = input[bottom_x];

  T0 target;
  int index;
  for (int i = bottom_y; i <= top_y; i++) {
    index = bottom_x;
    for (int j = bottom_x; j <= top_x; j++) {
      target = input[index];
      morphology_swap(value, target);
      index++;
    }
    input = (T0*)((uchar*)input + stride);
  }

  return value;
}

template <typename Morphology>
__DEVICE__
uchar4 morphU8C1LeftDevice0(const uchar* src, int stride, int bottom_x,
                            int bottom_y, int top_x, int top_y,
                            Morphology morphology_swap) {
  uchar* input = (uchar*)((uchar*)src + bottom_y * stride);

  uchar value0, value1, value2, value3;
  uchar target0, target1, target2, target3;
  morphology_swap.initialize(value0, value1, value2, value3);

  int index;
  for (int i = bottom_y; i <= top_y; i++) {
    index = bottom_x;
    for (int j = bottom_x; j <= top_x; j++) {
      target0 = input[index <= 0 ? 0 : index];
      target1 = input[index + 1 <= 0 ? 0 : index + 1];
      target2 = input[index + 2 <= 0 ? 0 : index + 2];
      target3 = input[index + 3 <= 0 ? 0 : index + 3];
      morphology_swap(value0, target0);
      morphology_swap(value1, target1);
      morphology_swap(value2, target2);
      morphology_swap(value3, target3);
      index++;
    }
    input = (uchar*)((uchar*)input + stride);
  }

  return make_uchar4(value0, value1, value2, value3);
}

template <typename Morphology>
__DEVICE__
uchar4 morphU8C1MiddleDevice0(const uchar* src, int stride, int bottom_x,
                              int bottom_y, int top_x, int top_y,
                              Morphology morphology_swap) {
  uchar* input = (uchar*)((uchar*)src + bottom_y * stride);

  uchar value0, value1, value2, value3;
  uchar target0, target1, target2, target3;
  morphology_swap.initialize(value0, value1, value2, value3);

  int index;
  for (int i = bottom_y; i <= top_y; i++) {
    index = bottom_x;
    for (int j = bottom_x; j <= top_x; j++) {
      target0 = input[index];
      target1 = input[index + 1];
      target2 = input[index + 2];
      target3 = input[index + 3];
      morphology_swap(value0, target0);
      morphology_swap(value1, target1);
      morphology_swap(value2, target2);
      morphology_swap(value3, target3);
      index++;
    }
    input = (uchar*)((uchar*)input + stride);
  }

  return make_uchar4(value0, value1, value2, value3);
}

template <typename T0, typename T1, typename Morphology>
__DEVICE__
T0 morph2DDevice1(const T1* src, int stride, const uchar* kernel, int bottom_x,
                  int bottom_y, int top_x, int top_y, int kernel_bottom_x,
                  int kernel_bottom_y, int kernel_x,
                  Morphology morphology_swap) {
  T0* input = (T0*)((uchar*)src + bottom_y * stride);
  T0 value;
  morphology_swap.initialize(value);

  T0 target;
  int index1, index2;
  int kernel_bottom_start = kernel_bottom_y * kernel_x + kernel_bottom_x;
  for (int i = bottom_y; i <= top_y; i++) {
    index1 = bottom_x;
    index2 = kernel_bottom_start;
    for (int j = bottom_x; j <= top_x; j++) {
      if (kernel[index2]) {
        target = input[index1];
        morphology_swap(value, target);
      }
      index1++;
      index2++;
    }
    input = (T0*)((uchar*)input + stride);
    kernel_bottom_start += kernel_x;
  }

  return value;
}

template <typename Morphology>
__DEVICE__
uchar4 morphU8C1LeftDevice1(const uchar* src, int stride, const uchar* kernel,
                            int bottom_x, int bottom_y, int top_x, int top_y,
                            int kernel_bottom_y, int kernel_x,
                            Morphology morphology_swap) {
  uchar* input = (uchar*)((uchar*)src + bottom_y * stride);

  uchar value0, value1, value2, value3;
  uchar target0, target1, target2, target3;
  morphology_swap.initialize(value0, value1, value2, value3);

  int index1, index2;
  int kernel_bottom_start = kernel_bottom_y * kernel_x;
  for (int i = bottom_y; i <= top_y; i++) {
    index1 = bottom_x;
    index2 = kernel_bottom_start;
    for (int j = bottom_x; j <= top_x; j++) {
      if (kernel[index2]) {
        if (j >= 0) {
          target0 = input[index1];
          morphology_swap(value0, target0);
        }
        if (j + 1 >= 0) {
          target1 = input[index1 + 1];
          morphology_swap(value1, target1);
        }
        if (j + 2 >= 0) {
          target2 = input[index1 + 2];
          morphology_swap(value2, target2);
        }
        if (j + 3 >= 0) {
          target3 = input[index1 + 3];
          morphology_swap(value3, target3);
        }
      }
      index1++;
      index2++;
    }
    input = (uchar*)((uchar*)input + stride);
    kernel_bottom_start += kernel_x;
  }

  return make_uchar4(value0, value1, value2, value3);
}

template <typename Morphology>
__DEVICE__
uchar4 morphU8C1MiddleDevice1(const uchar* src, int stride, const uchar* kernel,
                              int bottom_x, int bottom_y, int top_x, int top_y,
                              int kernel_bottom_y, int kernel_x,
                              Morphology morphology_swap) {
  uchar* input = (uchar*)((uchar*)src + bottom_y * stride);

  uchar value0, value1, value2, value3;
  uchar target0, target1, target2, target3;
  morphology_swap.initialize(value0, value1, value2, value3);

  int index1, index2;
  int kernel_bottom_start = kernel_bottom_y * kernel_x;
  for (int i = bottom_y; i <= top_y; i++) {
    index1 = bottom_x;
    index2 = kernel_bottom_start;
    for (int j = bottom_x; j <= top_x; j++) {
      if (kernel[index2]) {
        target0 = input[index1];
        target1 = input[index1 + 1];
        target2 = input[index1 + 2];
        target3 = input[index1 + 3];
        morphology_swap(value0, target0);
        morphology_swap(value1, target1);
        morphology_swap(value2, target2);
        morphology_swap(value3, target3);
      }
      index1++;
      index2++;
    }
    input = (uchar*)((uchar*)input + stride);
    kernel_bottom_start += kernel_x;
  }

  return make_uchar4(value0, value1, value2, value3);
}

/**
 * 1 Morphology operation with a fully masked rectangle kernel.
 */
template <typename T0, typename T1, typename Morphology>
__global__
void morph2DKernel0(const T1* src, int rows, int cols, int src_stride,
                    int radius_x, int radius_y, T1* dst, int dst_stride,
                    BorderType border_type, const T1 border_value,
                    Morphology morphology_swap) {
  int element_x, element_y;
  if (sizeof(T1) == 1) {
    element_x = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  }
  else {
    element_x = (blockIdx.x << kBlockShiftX1) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY1) + threadIdx.y;
  }
  if (element_x >= cols || element_y >= rows) {
    return;
  }

  bool constant_border = false;
  int bottom_x = element_x - radius_x;
  int bottom_y = element_y - radius_y;
  int top_x    = element_x + radius_x;
  int top_y    = element_y + radius_y;
  if (bottom_x < 0) {
    bottom_x = 0;
    constant_border = true;
  }
  if (bottom_y < 0) {
    bottom_y = 0;
    constant_border = true;
  }
  if (top_x >= cols) {
    top_x = cols - 1;
    constant_border = true;
  }
  if (top_y >= rows) {
    top_y = rows - 1;
    constant_border = true;
  }

  T0 result;
  result = morph2DDevice0<T0, T1, Morphology>(src, src_stride, bottom_x,
               bottom_y, top_x, top_y, morphology_swap);
  if (border_type == BORDER_CONSTANT && constant_border) {
    morphology_swap.checkConstantResult(result, border_value);
  }

  T0* output = (T0*)((uchar*)dst + element_y * dst_stride);
  output[element_x] = result;
}

/**
 * 1 Morphology operation with a fully masked rectangle kernel.
 */
template <typename Morphology>
__global__
void morph2DU8C1Kernel0(const uchar* src, int rows, int cols, int columns,
                        int src_stride, int left_threads, int aligned_columns,
                        int radius_x, int radius_y, uchar* dst, int dst_stride,
                        BorderType border_type, const uchar border_value,
                        Morphology morphology_swap) {
  int thread_x = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
  int thread_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (thread_x >= columns || thread_y >= rows) {
    return;
  }

  int element_x;
  if (thread_x < aligned_columns) {
    element_x = thread_x << 2;
  }
  else {
    element_x = thread_x - aligned_columns + (aligned_columns << 2);
  }

  bool constant_border0 = false;
  bool constant_border1 = false;
  bool constant_border2 = false;
  bool constant_border3 = false;
  int bottom_x = element_x - radius_x;
  int bottom_y = thread_y - radius_y;
  int top_x    = element_x + radius_x;
  int top_y    = thread_y + radius_y;
  if (bottom_x + 1 < 0) {
    constant_border1 = true;
  }
  if (bottom_x + 2 < 0) {
    constant_border2 = true;
  }
  if (bottom_x + 3 < 0) {
    constant_border3 = true;
  }
  if (top_x + 1 >= cols) {
    constant_border1 = true;
  }
  if (top_x + 2 >= cols) {
    constant_border2 = true;
  }
  if (top_x + 3 >= cols) {
    constant_border3 = true;
  }

  if (bottom_x < 0) {
    constant_border0 = true;
  }
  if (top_x >= cols) {
    constant_border0 = true;
  }
  if (bottom_y < 0) {
    bottom_y = 0;
    constant_border0 = true;
    constant_border1 = true;
    constant_border2 = true;
    constant_border3 = true;
  }
  if (top_y >= rows) {
    top_y = rows - 1;
    constant_border0 = true;
    constant_border1 = true;
    constant_border2 = true;
    constant_border3 = true;
  }

  if (thread_x < aligned_columns) {
    uchar4 result;
    if (thread_x < left_threads) {
      result = morphU8C1LeftDevice0<Morphology>(src, src_stride, bottom_x,
                   bottom_y, top_x, top_y, morphology_swap);
    }
    else {
      result = morphU8C1MiddleDevice0<Morphology>(src, src_stride, bottom_x,
                   bottom_y, top_x, top_y, morphology_swap);
    }

    if (border_type == BORDER_CONSTANT) {
      morphology_swap.checkU8C1ConstantResult(result, border_value,
          constant_border0, constant_border1, constant_border2,
          constant_border3);
    }

    uchar4* output = (uchar4*)((uchar*)dst + thread_y * dst_stride);
    output[thread_x] = result;
  }
  else {
    if (top_x >= cols) {
      top_x = cols - 1;
    }
    uchar result;
    result = morph2DDevice0<uchar, uchar, Morphology>(src, src_stride, bottom_x,
                 bottom_y, top_x, top_y, morphology_swap);
    if (border_type == BORDER_CONSTANT && constant_border0) {
      morphology_swap.checkConstantResult(result, border_value);
    }

    uchar* output = (uchar*)((uchar*)dst + thread_y * dst_stride);
    output[element_x] = result;
  }
}

/**
 * 1 Morphology operation with a partially masked rectangle kernel.
 */
template <typename T0, typename T1, typename Morphology>
__global__
void morph2DKernel1(const T1* src, int rows, int cols, int src_stride,
                    const uchar* kernel, int radius_x, int radius_y,
                    int kernel_x, int kernel_y, T1* dst, int dst_stride,
                    BorderType border_type, const T1 border_value,
                    Morphology morphology_swap) {
  __shared__ uchar mask[MAX_SIZE];

  if (kernel_y <= 32 && kernel_x <= 32) {
    int kernel_elements = kernel_y * kernel_x;
    int threads = blockDim.y * blockDim.x;
    int index = threadIdx.y * blockDim.x + threadIdx.x;
    while (index < kernel_elements) {
      mask[index] = kernel[index];
      index += threads;
    }
    __syncthreads();
  }

  int element_x, element_y;
  if (sizeof(T1) == 1) {
    element_x = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  }
  else {
    element_x = (blockIdx.x << kBlockShiftX1) + threadIdx.x;
    element_y = (blockIdx.y << kBlockShiftY1) + threadIdx.y;
  }
  if (element_x >= cols || element_y >= rows) {
    return;
  }

  int bottom_x = element_x - radius_x;
  int bottom_y = element_y - radius_y;
  int top_x    = element_x + radius_x;
  int top_y    = element_y + radius_y;

  bool constant_border = false;
  if (border_type == BORDER_CONSTANT) {
    int mask_index = 0;
    for (int i = bottom_y; i <= top_y; i++) {
      if (i < 0 || i >= rows) {
        for (int j = bottom_x; j <= top_x; j++) {
          if (kernel[mask_index + j - bottom_x]) {
            constant_border = true;
          }
        }
      }
      else {
        for (int j = bottom_x; j <= top_x; j++) {
          if (j < 0 || j >= cols) {
            if (kernel[mask_index + j - bottom_x]) {
              constant_border = true;
            }
          }
        }
      }
      mask_index += kernel_y;
    }
  }

  int kernel_bottom_x = 0, kernel_bottom_y = 0;
  if (bottom_x < 0) {
    bottom_x  = 0;
    kernel_bottom_x = radius_x - element_x;
  }
  if (bottom_y < 0) {
    bottom_y  = 0;
    kernel_bottom_y = radius_y - element_y;
  }
  if (top_x >= cols) {
    top_x = cols - 1;
  }
  if (top_y >= rows) {
    top_y = rows - 1;
  }

  T0 result;
  if (kernel_y <= 32 && kernel_x <= 32) {
    result = morph2DDevice1<T0, T1, Morphology>(src, src_stride, mask, bottom_x,
                 bottom_y, top_x, top_y, kernel_bottom_x, kernel_bottom_y,
                 kernel_x, morphology_swap);
  }
  else {
    result = morph2DDevice1<T0, T1, Morphology>(src, src_stride, kernel,
                 bottom_x, bottom_y, top_x, top_y, kernel_bottom_x,
                 kernel_bottom_y, kernel_x, morphology_swap);
  }

  if (border_type == BORDER_CONSTANT && constant_border) {
    morphology_swap.checkConstantResult(result, border_value);
  }

  T0* output = (T0*)((uchar*)dst + element_y * dst_stride);
  output[element_x] = result;
}

/**
 * 1 Morphology operation with a partially masked rectangle kernel.
 */
template <typename Morphology>
__global__
void morph2DU8C1Kernel1(const uchar* src, int rows, int cols, int columns,
                        int src_stride, const uchar* kernel, int left_threads,
                        int aligned_columns, int radius_x, int radius_y,
                        int kernel_x, int kernel_y, uchar* dst, int dst_stride,
                        BorderType border_type, const uchar border_value,
                        Morphology morphology_swap) {
  __shared__ uchar mask[MAX_SIZE];

  if (kernel_y <= 32 && kernel_x <= 32) {
    int kernel_elements = kernel_y * kernel_x;
    int threads = blockDim.y * blockDim.x;
    int index = threadIdx.y * blockDim.x + threadIdx.x;
    while (index < kernel_elements) {
      mask[index] = kernel[index];
      index += threads;
    }
    __syncthreads();
  }

  int thread_x = (blockIdx.x << kBlockShiftX0) + threadIdx.x;
  int thread_y = (blockIdx.y << kBlockShiftY0) + threadIdx.y;
  if (thread_x >= columns || thread_y >= rows) {
    return;
  }

  int element_x;
  if (thread_x < aligned_columns) {
    element_x = thread_x << 2;
  }
  else {
    element_x = thread_x - aligned_columns + (aligned_columns << 2);
  }

  int bottom_x = element_x - radius_x;
  int bottom_y = thread_y - radius_y;
  int top_x    = element_x + radius_x;
  int top_y    = thread_y + radius_y;

  bool constant_border0 = false;
  bool constant_border1 = false;
  bool constant_border2 = false;
  bool constant_border3 = false;
  if (border_type == BORDER_CONSTANT) {
    int mask_index = 0;
    for (int i = bottom_y; i <= top_y; i++) {
      if (i < 0 || i >= rows) {
        for (int j = bottom_x; j <= top_x; j++) {
          if (kernel[mask_index + j - bottom_x]) {
            constant_border0 = true;
            constant_border1 = true;
            constant_border2 = true;
            constant_border3 = true;
          }
        }
      }
      else {
        for (int j = bottom_x; j <= top_x; j++) {
          if (j < 0 || j >= cols) {
            if (kernel[mask_index + j - bottom_x]) {
              constant_border0 = true;
            }
          }
          if (j + 1 < 0) {
            if (kernel[mask_index + j - bottom_x + 1]) {
              constant_border1 = true;
            }
          }
          if (j + 2 < 0) {
            if (kernel[mask_index + j - bottom_x + 2]) {
              constant_border2 = true;
            }
          }
          if (j + 3 < 0) {
            if (kernel[mask_index + j - bottom_x + 3]) {
              constant_border3 = true;
            }
          }
        }
      }
      mask_index += kernel_y;
    }
  }

  int kernel_bottom_y = 0;
  if (bottom_y < 0) {
    bottom_y = 0;
    kernel_bottom_y = radius_y - thread_y;
  }
  if (top_y >= rows) {
    top_y = rows - 1;
  }

  if (thread_x < aligned_columns) {
    uchar4 result;
    if (thread_x < left_threads) {
      if (kernel_y <= 32 && kernel_x <= 32) {
        result = morphU8C1LeftDevice1<Morphology>(src, src_stride, mask,
                     bottom_x, bottom_y, top_x, top_y, kernel_bottom_y,
                     kernel_x, morphology_swap);
      }
      else {
        result = morphU8C1LeftDevice1<Morphology>(src, src_stride, kernel,
                     bottom_x, bottom_y, top_x, top_y, kernel_bottom_y,
                     kernel_x, morphology_swap);
      }
    }
    else {
      if (kernel_y <= 32 && kernel_x <= 32) {
        result = morphU8C1MiddleDevice1<Morphology>(src, src_stride, mask,
                     bottom_x, bottom_y, top_x, top_y, kernel_bottom_y,
                     kernel_x, morphology_swap);
      }
      else {
        result = morphU8C1MiddleDevice1<Morphology>(src, src_stride, kernel,
                     bottom_x, bottom_y, top_x, top_y, kernel_bottom_y,
                     kernel_x, morphology_swap);
      }
    }

    if (border_type == BORDER_CONSTANT) {
      morphology_swap.checkU8C1ConstantResult(result, border_value,
          constant_border0, constant_border1, constant_border2,
          constant_border3);
    }

    uchar4* output = (uchar4*)((uchar*)dst + thread_y * dst_stride);
    output[thread_x] = result;
  }
  else {
    if (top_x >= cols) {
      top_x = cols - 1;
    }
    int kernel_bottom_x = 0;

    uchar result;
    if (kernel_y <= 32 && kernel_x <= 32) {
      result = morph2DDevice1<uchar, uchar, Morphology>(src, src_stride, mask,
                   bottom_x, bottom_y, top_x, top_y, kernel_bottom_x,
                   kernel_bottom_y, kernel_x, morphology_swap);
    }
    else {
      result = morph2DDevice1<uchar, uchar, Morphology>(src, src_stride, kernel,
                   bottom_x, bottom_y, top_x, top_y, kernel_bottom_x,
                   kernel_bottom_y, kernel_x, morphology_swap);
    }

    if (border_type == BORDER_CONSTANT && constant_border0) {
      morphology_swap.checkConstantResult(result, border_value);
    }

    uchar* output = (uchar*)((uchar*)dst + thread_y * dst_stride);
    output[element_x] = result;
  }
}

}  // namespace cuda
}  // namespace cv
}  // namespace ppl

// ---- copied from src/ppl/cv/cuda/dilate.cu, lines 20, 27-167 and 803-805 (struct MaxSwap)
#include <cfloat>

namespace ppl {
namespace cv {
namespace cuda {

struct MaxSwap {
  __DEVICE__
  void initialize(uchar &value0, uchar &value1, uchar &value2, uchar &value3) {
    value0 = 0;
    value1 = 0;
    value2 = 0;
    value3 = 0;
  }

  __DEVICE__
  void initialize(uchar &value) {
    value = 0;
  }

  __DEVICE__
  void initialize(uchar3 &value) {
    value.x = 0;
    value.y = 0;
    value.z = 0;
  }

  __DEVICE__
  void initialize(uchar4 &value) {
    value.x = 0;
    value.y = 0;
    value.z = 0;
    value.w = 0;
  }

  __DEVICE__
  void initialize(float &value) {
    value = -FLT_MAX;
  }

  __DEVICE__
  void initialize(float3 &value) {
    value.x = -FLT_MAX;
    value.y = -FLT_MAX;
    value.z = -FLT_MAX;
  }

  __DEVICE__
  void initialize(float4 &value) {
    value.x = -FLT_MAX;
    value.y = -FLT_MAX;
    value.z = -FLT_MAX;
    value.w = -FLT_MAX;
  }

  __DEVICE__
  void operator()(uchar &value, uchar &target) {
    value = value < target ? target : value;
  }

  __DEVICE__
  void operator()(uchar3 &value, uchar3 &target) {
    value.x = value.x < target.x ? target.x : value.x;
    value.y = value.y < target.y ? target.y : value.y;
    value.z = value.z < target.z ? target.z : value.z;
  }

  __DEVICE__
  void operator()(uchar4 &value, uchar4 &target) {
    value.x = value.x < target.x ? target.x : value.x;
    value.y = value.y < target.y ? target.y : value.y;
    value.z = value.z < target.z ? target.z : value.z;
    value.w = value.w < target.w ? target.w : value.w;
  }

  __DEVICE__
  void operator()(float &value, float &target) {
    value = value < target ? target : value;
  }

  __DEVICE__
  void operator()(float3 &value, float3 &target) {
    value.x = value.x < target.x ? target.x : value.x;
    value.y = value.y < target.y ? target.y : value.y;
    value.z = value.z < target.z ? target.z : value.z;
  }

  __DEVICE__
  void operator()(float4 &value, float4 &target) {
    value.x = value.x < target.x ? target.x : value.x;
    value.y = value.y < target.y ? target.y : value.y;
    value.z = value.z < target.z ? target.z : value.z;
    value.w = value.w < target.w ? target.w : value.w;
  }

  __DEVICE__
  void checkConstantResult(uchar &result, uchar border_value) {
    result = result < border_value ? border_value : result;
  }

  __DEVICE__
  void checkConstantResult(uchar3 &result, uchar border_value) {
    result.x = result.x < border_value ? border_value : result.x;
  }

  __DEVICE__
  void checkConstantResult(uchar4 &result, uchar border_value) {
    result.x = result.x < border_value ? border_value : result.x;
  }

  __DEVICE__
  void checkConstantResult(float &result, float border_value) {
    result = result < border_value ? border_value : result;
  }

  __DEVICE__
  void checkConstantResult(float3 &result, float border_value) {
    result.x = result.x < border_value ? border_value : result.x;
  }

  __DEVICE__
  void checkConstantResult(float4 &result, float border_value) {
    result.x = result.x < border_value ? border_value : result.x;
  }

  __DEVICE__
  void checkU8C1ConstantResult(uchar4 &result, uchar border_value,
                               bool constant_border0, bool constant_border1,
                               bool constant_border2, bool constant_border3) {
    if (constant_border0) {
      result.x = result.x < border_value ? border_value : result.x;
    }
    if (constant_border1) {
      result.y = result.y < border_value ? border_value : result.y;
    }
    if (constant_border2) {
      result.z = result.z < border_value ? border_value : result.z;
    }
    if (constant_border3) {
      result.w = result.w < border_value ? border_value : result.w;
    }
  }
};

}  // namespace cuda
}  // namespace cv
}  // namespace ppl
// ---- end of the lines copied from dilate.cu
