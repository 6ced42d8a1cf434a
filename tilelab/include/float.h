// tilelab: <float.h> for device code compiled with NVRTC, which ships no C library headers. What
// nvcc users take from it comes from CUDA's own CCCL headers (cuda/std/cfloat, on the include path
// tilelab gives NVRTC 12 and 13), so a public kernel compiles unchanged, with no shims.
#pragma once
#include <cuda/std/cfloat>
// CUDA 12's CCCL leaves the macros out under NVRTC (CUDA 13's defines them): the compiler's own
#ifndef FLT_MAX
#define FLT_RADIX       __FLT_RADIX__
#define FLT_MANT_DIG    __FLT_MANT_DIG__
#define DBL_MANT_DIG    __DBL_MANT_DIG__
#define FLT_DIG         __FLT_DIG__
#define DBL_DIG         __DBL_DIG__
#define FLT_MIN_EXP     __FLT_MIN_EXP__
#define DBL_MIN_EXP     __DBL_MIN_EXP__
#define FLT_MAX_EXP     __FLT_MAX_EXP__
#define DBL_MAX_EXP     __DBL_MAX_EXP__
#define FLT_MAX         __FLT_MAX__
#define DBL_MAX         __DBL_MAX__
#define FLT_MIN         __FLT_MIN__
#define DBL_MIN         __DBL_MIN__
#define FLT_EPSILON     __FLT_EPSILON__
#define DBL_EPSILON     __DBL_EPSILON__
#define FLT_TRUE_MIN    __FLT_DENORM_MIN__
#define DBL_TRUE_MIN    __DBL_DENORM_MIN__
#endif
