// tilelab: <float.h> for device code compiled with NVRTC, which ships no C library headers. What
// nvcc users take from it comes from CUDA's own CCCL headers (cuda/std/cfloat, on the include path
// tilelab gives NVRTC 12 and 13), so a public kernel compiles unchanged, with no shims.
#pragma once
#include <cuda/std/cfloat>
// CUDA 12's CCCL leaves the macros out under NVRTC (CUDA 13's defines them), and NVRTC 12 predefines no
// __FLT_MAX__ (only a later CCCL header defines those): so the values themselves, IEEE-754's (C11 5.2.4.2.2)
#ifndef FLT_MAX
#define FLT_RADIX       2
#define FLT_MANT_DIG    24
#define DBL_MANT_DIG    53
#define FLT_DIG         6
#define DBL_DIG         15
#define FLT_MIN_EXP     (-125)
#define DBL_MIN_EXP     (-1021)
#define FLT_MAX_EXP     128
#define DBL_MAX_EXP     1024
#define FLT_MAX         3.40282347e+38F
#define DBL_MAX         1.7976931348623157e+308
#define FLT_MIN         1.17549435e-38F
#define DBL_MIN         2.2250738585072014e-308
#define FLT_EPSILON     1.19209290e-07F
#define DBL_EPSILON     2.2204460492503131e-16
#define FLT_TRUE_MIN    1.40129846e-45F
#define DBL_TRUE_MIN    4.9406564584124654e-324
#endif
