// tilelab: <math.h> for device code compiled with NVRTC, which ships no C library headers. What
// nvcc users take from it comes from CUDA's own CCCL headers (cuda/std/cmath, on the include path
// tilelab gives NVRTC 12 and 13), so a public kernel compiles unchanged, with no shims.
#pragma once
#include <cuda/std/cmath>            // INFINITY, NAN, and cuda::std's overloads
// NVRTC declares the math functions (sqrtf, expf, ...) itself; what glibc's <math.h> adds:
#ifndef HUGE_VALF
#define HUGE_VALF INFINITY
#define HUGE_VAL  ((double)INFINITY)
#endif
#ifndef M_PI
#define M_E        2.7182818284590452354
#define M_LOG2E    1.4426950408889634074
#define M_LOG10E   0.43429448190325182765
#define M_LN2      0.69314718055994530942
#define M_LN10     2.30258509299404568402
#define M_PI       3.14159265358979323846
#define M_PI_2     1.57079632679489661923
#define M_PI_4     0.78539816339744830962
#define M_1_PI     0.31830988618379067154
#define M_2_PI     0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2    1.41421356237309504880
#define M_SQRT1_2  0.70710678118654752440
#endif
// libstdc++'s <math.h> names <cmath>'s overloads in the global namespace (using std::pow ...), and nvcc's implicit
// cuda_runtime.h includes it: an unqualified pow(float, double) finds the mixed-type template there, where NVRTC's own
// pow(float, float), pow(float, int) and pow(double, double) alone leave the call ambiguous (pcseg's voxel kernels),
// and an unqualified sqrt(int) the integer one, where sqrt(float) and sqrt(double) do (RAFT's corr_backward_kernel)
#include <cmath>
using std::pow; using std::atan2; using std::fmod; using std::hypot; using std::fmin; using std::fmax;
using std::fdim; using std::copysign; using std::nextafter; using std::remainder;
using std::acos; using std::asin; using std::atan; using std::cos; using std::sin; using std::tan; using std::acosh;
using std::asinh; using std::atanh; using std::cosh; using std::sinh; using std::tanh; using std::exp; using std::exp2;
using std::expm1; using std::log; using std::log10; using std::log1p; using std::log2; using std::logb;
using std::ilogb; using std::sqrt; using std::cbrt; using std::erf; using std::erfc; using std::tgamma;
using std::lgamma; using std::ceil; using std::floor; using std::trunc; using std::round; using std::rint;
using std::nearbyint; using std::lround; using std::llround; using std::lrint; using std::llrint; using std::fabs;
