// tilelab kernel collection: mwa_hyperdrive's GPU peeling kernels (MWA calibration: XYZ to UVW, phase rotation, averaging, ionospheric fits)
// Source:  https://github.com/MWATelescope/mwa_hyperdrive/blob/0eb4e678adf60808eb3d49846b800601af1afb80/src/gpu/peel.cu
// Licence: MPL-2.0 (the file's own notice below; the repository's LICENSE is the Mozilla Public License 2.0)
// Kept, unchanged: peel.cu lines 1-6 and 9-593 (every __global__ kernel and its device helpers); removed: lines 7-8
//       (#include "common.cuh", "peel.h"; the headers are copied in above the kernels instead) and 594-758 (host functions).
// Copied in, marked: src/gpu/types.h lines 1-291 whole, and src/gpu/common.cuh lines 1-9 and 11-594 (all but its #include "types.h").
// ---- copied from src/gpu/types.h, lines 1-291 ----
// This Source Code Form is subject to the terms of the Mozilla Public
// License, v. 2.0. If a copy of the MPL was not distributed with this
// file, You can obtain one at http://mozilla.org/MPL/2.0/.

/**
 * Types to be passed between Rust and CUDA code.
 */

#pragma once

#include <stddef.h>

// If SINGLE is enabled, use single-precision floats everywhere. Otherwise
// default to double-precision.
#ifdef SINGLE
#define FLOAT float
#define JONES JonesF32
#else
#define FLOAT double
#define JONES JonesF64
#endif

const FLOAT SBF_C = 5000.0;
const int SBF_L = 10001;
const int SBF_N = 101;
const FLOAT SBF_DX = 0.01;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * (right ascension, declination) coordinates. Each is in units of radians.
 */
typedef struct RADec {
    // right ascension coordinate [radians]
    FLOAT ra;
    // declination coordinate [radians]
    FLOAT dec;
} RADec;

/**
 * (hour angle, declination) coordinates. Each is in units of radians.
 */
typedef struct HADec {
    // hour angle coordinate [radians]
    FLOAT ha;
    // declination coordinate [radians]
    FLOAT dec;
} HADec;

/**
 * The (x,y,z) coordinates of an antenna/tile/station. They are in units of
 * metres.
 */
typedef struct XYZ {
    // x coordinate [metres]
    FLOAT x;
    // y coordinate [metres]
    FLOAT y;
    // z coordinate [metres]
    FLOAT z;
} XYZ;

/**
 * The (u,v,w) coordinates of a baseline. They are in units of metres.
 */
typedef struct UVW {
    /// u coordinate [metres]
    FLOAT u;
    /// v coordinate [metres]
    FLOAT v;
    /// w coordinate [metres]
    FLOAT w;
} UVW;

/**
 * The LMN coordinates of a sky-model component (prepared for application in the
   RIME).
 */
typedef struct LmnRime {
    /// l coordinate [dimensionless]
    FLOAT l;
    /// m coordinate [dimensionless]
    FLOAT m;
    /// n coordinate [dimensionless]
    FLOAT n;
} LmnRime;

/**
 * Parameters describing a Gaussian (also applicable to shapelets).
 */
typedef struct GaussianParams {
    /// Major axis size [radians]
    FLOAT maj;
    /// Minor axis size [radians]
    FLOAT min;
    /// Position angle [radians]
    FLOAT pa;
} GaussianParams;

/**
 * Parameters describing a shapelet coefficient.
 */
typedef struct ShapeletCoeff {
    FLOAT value;
    unsigned char n1;
    unsigned char n2;
} ShapeletCoeff;

/**
 * (u,v) coordinates for a shapelet. W isn't used, so we're a bit more efficient
 * by not using UVW.
 */
typedef struct ShapeletUV {
    /// u coordinate [metres]
    FLOAT u;
    /// v coordinate [metres]
    FLOAT v;
} ShapeletUV;

/**
 * A Jones matrix, single precision. The floats are unpacked into real and imag
 * components because complex numbers don't traverse the FFI boundary well.
 */
typedef struct JonesF32 {
    /// Real part of the (0,0) component
    float j00_re;
    /// Imaginary part of the (0,0) component
    float j00_im;
    /// Real part of the (0,1) component
    float j01_re;
    /// Imaginary part of the (0,1) component
    float j01_im;
    /// Real part of the (1,0) component
    float j10_re;
    /// Imaginary part of the (1, 0) component
    float j10_im;
    /// Real part of the (1,1) component
    float j11_re;
    /// Imaginary part of the (1,1) component
    float j11_im;
} JonesF32;

/**
 * A Jones matrix, double precision. The floats are unpacked into real and imag
 * components because complex numbers don't traverse the FFI boundary well.
 */
typedef struct JonesF64 {
    /// Real part of the (0,0) component
    double j00_re;
    /// Imaginary part of the (0,0) component
    double j00_im;
    /// Real part of the (0,1) component
    double j01_re;
    /// Imaginary part of the (0,1) component
    double j01_im;
    /// Real part of the (1,0) component
    double j10_re;
    /// Imaginary part of the (1, 0) component
    double j10_im;
    /// Real part of the (1,1) component
    double j11_re;
    /// Imaginary part of the (1,1) component
    double j11_im;
} JonesF64;

/**
 * Common things needed to perform modelling. All pointers are to device
 * memory.
 */
typedef struct Addresses {
    const int num_freqs;
    const int num_vis;
    const int num_baselines;
    const FLOAT *d_freqs;
    const FLOAT *d_shapelet_basis_values;
    const int num_unique_beam_freqs;
    const int *d_tile_map;
    const int *d_freq_map;
    const int *d_tile_index_to_unflagged_tile_index_map;
} Addresses;

/**
 * All the parameters needed to describe point-source components.
 */
typedef struct Points {
    const int num_power_laws;
    const LmnRime *power_law_lmns;
    /// Instrumental flux densities calculated at 150 MHz.
    const JONES *power_law_fds;
    /// Spectral indices.
    const FLOAT *power_law_sis;

    const int num_curved_power_laws;
    const LmnRime *curved_power_law_lmns;
    /// Instrumental flux densities calculated at 150 MHz.
    const JONES *curved_power_law_fds;
    /// Spectral indices.
    const FLOAT *curved_power_law_sis;
    /// Spectral curvatures.
    const FLOAT *curved_power_law_qs;

    const int num_lists;
    const LmnRime *list_lmns;
    /// Instrumental (i.e. XX, XY, YX, XX).
    const JONES *list_fds;
} Points;

/**
 * All the parameters needed to describe Gaussian components.
 */
typedef struct Gaussians {
    const int num_power_laws;
    const LmnRime *power_law_lmns;
    /// Instrumental flux densities calculated at 150 MHz.
    const JONES *power_law_fds;
    /// Spectral indices.
    const FLOAT *power_law_sis;
    const GaussianParams *power_law_gps;

    const int num_curved_power_laws;
    const LmnRime *curved_power_law_lmns;
    /// Instrumental flux densities calculated at 150 MHz.
    const JONES *curved_power_law_fds;
    /// Spectral indices.
    const FLOAT *curved_power_law_sis;
    /// Spectral curvatures.
    const FLOAT *curved_power_law_qs;
    const GaussianParams *curved_power_law_gps;

    const int num_lists;
    const LmnRime *list_lmns;
    /// Instrumental (i.e. XX, XY, YX, XX).
    const JONES *list_fds;
    const GaussianParams *list_gps;
} Gaussians;

/**
 * All the parameters needed to describe Shapelet components.
 */
typedef struct Shapelets {
    const int num_power_laws;
    const LmnRime *power_law_lmns;
    /// Instrumental flux densities calculated at 150 MHz.
    const JONES *power_law_fds;
    /// Spectral indices.
    const FLOAT *power_law_sis;
    const GaussianParams *power_law_gps;
    const ShapeletUV *power_law_shapelet_uvs;
    const ShapeletCoeff *power_law_shapelet_coeffs;
    const int *power_law_num_shapelet_coeffs;

    const int num_curved_power_laws;
    const LmnRime *curved_power_law_lmns;
    /// Instrumental flux densities calculated at 150 MHz.
    const JONES *curved_power_law_fds;
    /// Spectral indices.
    const FLOAT *curved_power_law_sis;
    /// Spectral curvatures.
    const FLOAT *curved_power_law_qs;
    const GaussianParams *curved_power_law_gps;
    const ShapeletUV *curved_power_law_shapelet_uvs;
    const ShapeletCoeff *curved_power_law_shapelet_coeffs;
    const int *curved_power_law_num_shapelet_coeffs;

    const int num_lists;
    const LmnRime *list_lmns;
    /// Instrumental (i.e. XX, XY, YX, XX).
    const JONES *list_fds;
    const GaussianParams *list_gps;
    const ShapeletUV *list_shapelet_uvs;
    const ShapeletCoeff *list_shapelet_coeffs;
    const int *list_num_shapelet_coeffs;
} Shapelets;

/**
 * Ionospheric constants.
 */
typedef struct IonoConsts {
    /// The constant proportional to u.
    double alpha;
    /// The constant proportional to u.
    double beta;
    /// ... how do I describe this?
    double gain;
} IonoConsts;

#ifdef __cplusplus
} // extern "C"
#endif // __cplusplus
// ---- end of src/gpu/types.h ----
// ---- copied from src/gpu/common.cuh, lines 1-9 and 11-594 ----
// This Source Code Form is subject to the terms of the Mozilla Public
// License, v. 2.0. If a copy of the MPL was not distributed with this
// file, You can obtain one at http://mozilla.org/MPL/2.0/.

#pragma once

#include <assert.h>
#include <stdio.h>


// HIP-specific defines.
#if __HIPCC__
#define gpuMalloc hipMalloc
#define gpuFree hipFree
#define gpuMemcpy hipMemcpy
#define gpuMemcpyHostToDevice hipMemcpyHostToDevice
#define gpuMemcpyDeviceToHost hipMemcpyDeviceToHost
#define gpuGetErrorString hipGetErrorString
#define gpuGetLastError hipGetLastError
#define gpuDeviceSynchronize hipDeviceSynchronize
#define gpuError_t hipError_t
#define gpuSuccess hipSuccess
#define C32 hipFloatComplex
#define C64 hipDoubleComplex
#define MAKE_C32 make_hipFloatComplex
#define MAKE_C64 make_hipDoubleComplex
#define __syncwarp __syncthreads

// If SINGLE is enabled, use single-precision floats everywhere. Otherwise
// default to double-precision.
#ifdef SINGLE
#define FLOAT4 float4
#define SINCOS sincosf
#define EXP expf
#define POW powf
#define FLOOR floorf
#define COMPLEX hipFloatComplex
#define MAKE_COMPLEX make_hipFloatComplex
#define CUCONJ hipConjf
#define LOG logf
#define EXP expf
#else
#define FLOAT4 double4
#define SINCOS sincos
#define EXP exp
#define POW pow
#define FLOOR floor
#define COMPLEX hipDoubleComplex
#define MAKE_COMPLEX make_hipDoubleComplex
#define CUCONJ hipConj
#define LOG log
#define EXP exp
#endif // SINGLE

// CUDA-specific defines.
#elif __CUDACC__

#define gpuMalloc cudaMalloc
#define gpuFree cudaFree
#define gpuMemcpy cudaMemcpy
#define gpuMemcpyHostToDevice cudaMemcpyHostToDevice
#define gpuMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define gpuGetErrorString cudaGetErrorString
#define gpuGetLastError cudaGetLastError
#define gpuDeviceSynchronize cudaDeviceSynchronize
#define gpuError_t cudaError_t
#define gpuSuccess cudaSuccess
#define warpSize 32
#define C32 cuFloatComplex
#define C64 cuDoubleComplex
#define MAKE_C32 make_cuFloatComplex
#define MAKE_C64 make_cuDoubleComplex

#ifdef SINGLE
#define FLOAT4 float4
#define SINCOS sincosf
#define EXP expf
#define POW powf
#define FLOOR floorf
#define COMPLEX cuFloatComplex
#define MAKE_COMPLEX make_cuFloatComplex
#define CUCONJ cuConjf
#define LOG logf
#define EXP expf
#else
#define FLOAT4 double4
#define SINCOS sincos
#define EXP exp
#define POW pow
#define FLOOR floor
#define COMPLEX cuDoubleComplex
#define MAKE_COMPLEX make_cuDoubleComplex
#define CUCONJ cuConj
#define LOG log
#define EXP exp
#endif // SINGLE
#endif // __HIPCC__

#ifdef __CUDACC__
#include <cuComplex.h>
#elif __HIPCC__
#include <hip/hip_complex.h>
#include <hip/hip_runtime.h>
#endif

const FLOAT VEL_C = 299792458.0;                           // speed of light in a vacuum
const FLOAT LN_2 = 0.6931471805599453;                     // ln(2), or log_e(2)
const FLOAT TAU = 6.283185307179586;                       // 2 * PI
const FLOAT FRAC_PI_2 = 1.5707963267948966;                // PI / 2
const FLOAT SQRT_FRAC_PI_SQ_2_LN_2 = 2.6682231283184983;   // sqrt( PI^2 / (2 ln(2)) )
const FLOAT EXP_CONST = -((FRAC_PI_2 * FRAC_PI_2) / LN_2); // -( (PI/2)^2 / ln(2) )
const FLOAT SHAPELET_CONST = SQRT_FRAC_PI_SQ_2_LN_2 / SBF_DX;

typedef struct JONES_C
{
    // The (0,0) component
    COMPLEX j00;
    // The (0,1) component
    COMPLEX j01;
    // The (1,0) component
    COMPLEX j10;
    // The (1,1) component
    COMPLEX j11;
} JONES_C;

typedef struct JonesF32_C
{
    // The (0,0) component
    C32 j00;
    // The (0,1) component
    C32 j01;
    // The (1,0) component
    C32 j10;
    // The (1,1) component
    C32 j11;
} JonesF32_C;

typedef struct JonesF64_C
{
    // The (0,0) component
    C64 j00;
    // The (0,1) component
    C64 j01;
    // The (1,0) component
    C64 j10;
    // The (1,1) component
    C64 j11;
} JonesF64_C;

inline __device__ COMPLEX operator+(const COMPLEX a, const COMPLEX b) { return MAKE_COMPLEX(a.x + b.x, a.y + b.y); }

inline __device__ COMPLEX operator*(const COMPLEX a, const COMPLEX b)
{
    return MAKE_COMPLEX(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

inline __device__ void operator*=(C32 &a, const C32 b)
{
    a = MAKE_C32(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

inline __device__ void operator*=(C64 &a, const C64 b)
{
    a = MAKE_C64(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

inline __device__ C32 operator*(const C32 a, const C64 b)
{
    return MAKE_C32(a.x * (float)b.x - a.y * (float)b.y, a.x * (float)b.y + a.y * (float)b.x);
}

inline __device__ COMPLEX operator*(const COMPLEX a, const FLOAT b) { return MAKE_COMPLEX(a.x * b, a.y * b); }

inline __device__ void operator+=(COMPLEX &a, const COMPLEX b)
{
    a.x += b.x;
    a.y += b.y;
}

inline __device__ JonesF32 operator*(const JonesF32 a, const float b)
{
    return JonesF32{
        .j00_re = a.j00_re * b,
        .j00_im = a.j00_im * b,
        .j01_re = a.j01_re * b,
        .j01_im = a.j01_im * b,
        .j10_re = a.j10_re * b,
        .j10_im = a.j10_im * b,
        .j11_re = a.j11_re * b,
        .j11_im = a.j11_im * b,
    };
}

inline __device__ JonesF64 operator*(const JonesF64 a, const double b)
{
    return JonesF64{
        .j00_re = a.j00_re * b,
        .j00_im = a.j00_im * b,
        .j01_re = a.j01_re * b,
        .j01_im = a.j01_im * b,
        .j10_re = a.j10_re * b,
        .j10_im = a.j10_im * b,
        .j11_re = a.j11_re * b,
        .j11_im = a.j11_im * b,
    };
}

inline __device__ JonesF32 operator*(const JonesF32 a, const C32 b)
{
    return JonesF32{
        .j00_re = a.j00_re * b.x - a.j00_im * b.y,
        .j00_im = a.j00_re * b.y + a.j00_im * b.x,
        .j01_re = a.j01_re * b.x - a.j01_im * b.y,
        .j01_im = a.j01_re * b.y + a.j01_im * b.x,
        .j10_re = a.j10_re * b.x - a.j10_im * b.y,
        .j10_im = a.j10_re * b.y + a.j10_im * b.x,
        .j11_re = a.j11_re * b.x - a.j11_im * b.y,
        .j11_im = a.j11_re * b.y + a.j11_im * b.x,
    };
}

inline __device__ JonesF32 operator*(const JonesF32 a, const C64 b)
{
    return JonesF32{
        .j00_re = a.j00_re * (float)b.x - a.j00_im * (float)b.y,
        .j00_im = a.j00_re * (float)b.y + a.j00_im * (float)b.x,
        .j01_re = a.j01_re * (float)b.x - a.j01_im * (float)b.y,
        .j01_im = a.j01_re * (float)b.y + a.j01_im * (float)b.x,
        .j10_re = a.j10_re * (float)b.x - a.j10_im * (float)b.y,
        .j10_im = a.j10_re * (float)b.y + a.j10_im * (float)b.x,
        .j11_re = a.j11_re * (float)b.x - a.j11_im * (float)b.y,
        .j11_im = a.j11_re * (float)b.y + a.j11_im * (float)b.x,
    };
}

inline __device__ JonesF64 operator*(const JonesF64 a, const C32 b)
{
    return JonesF64{
        .j00_re = a.j00_re * b.x - a.j00_im * b.y,
        .j00_im = a.j00_re * b.y + a.j00_im * b.x,
        .j01_re = a.j01_re * b.x - a.j01_im * b.y,
        .j01_im = a.j01_re * b.y + a.j01_im * b.x,
        .j10_re = a.j10_re * b.x - a.j10_im * b.y,
        .j10_im = a.j10_re * b.y + a.j10_im * b.x,
        .j11_re = a.j11_re * b.x - a.j11_im * b.y,
        .j11_im = a.j11_re * b.y + a.j11_im * b.x,
    };
}

inline __device__ JonesF64 operator*(const JonesF64 a, const C64 b)
{
    return JonesF64{
        .j00_re = a.j00_re * b.x - a.j00_im * b.y,
        .j00_im = a.j00_re * b.y + a.j00_im * b.x,
        .j01_re = a.j01_re * b.x - a.j01_im * b.y,
        .j01_im = a.j01_re * b.y + a.j01_im * b.x,
        .j10_re = a.j10_re * b.x - a.j10_im * b.y,
        .j10_im = a.j10_re * b.y + a.j10_im * b.x,
        .j11_re = a.j11_re * b.x - a.j11_im * b.y,
        .j11_im = a.j11_re * b.y + a.j11_im * b.x,
    };
}

inline __device__ void operator*=(JonesF32 &a, const C32 b)
{
    JonesF32_C *c = (JonesF32_C *)&a;
    c->j00 *= b;
    c->j01 *= b;
    c->j10 *= b;
    c->j11 *= b;
}

inline __device__ void operator*=(JonesF64 &a, const C64 b)
{
    JonesF64_C *c = (JonesF64_C *)&a;
    c->j00 *= b;
    c->j01 *= b;
    c->j10 *= b;
    c->j11 *= b;
}

inline __device__ JonesF32 operator+(JonesF32 a, JonesF32 b)
{
    return JonesF32{
        .j00_re = a.j00_re + b.j00_re,
        .j00_im = a.j00_im + b.j00_im,
        .j01_re = a.j01_re + b.j01_re,
        .j01_im = a.j01_im + b.j01_im,
        .j10_re = a.j10_re + b.j10_re,
        .j10_im = a.j10_im + b.j10_im,
        .j11_re = a.j11_re + b.j11_re,
        .j11_im = a.j11_im + b.j11_im,
    };
}

inline __device__ JonesF64 operator+(JonesF64 a, JonesF64 b)
{
    return JonesF64{
        .j00_re = a.j00_re + b.j00_re,
        .j00_im = a.j00_im + b.j00_im,
        .j01_re = a.j01_re + b.j01_re,
        .j01_im = a.j01_im + b.j01_im,
        .j10_re = a.j10_re + b.j10_re,
        .j10_im = a.j10_im + b.j10_im,
        .j11_re = a.j11_re + b.j11_re,
        .j11_im = a.j11_im + b.j11_im,
    };
}

inline __device__ void operator+=(JonesF32 &a, const JonesF64 &b)
{
    a.j00_re += (float)b.j00_re;
    a.j00_im += (float)b.j00_im;
    a.j01_re += (float)b.j01_re;
    a.j01_im += (float)b.j01_im;
    a.j10_re += (float)b.j10_re;
    a.j10_im += (float)b.j10_im;
    a.j11_re += (float)b.j11_re;
    a.j11_im += (float)b.j11_im;
}

inline __device__ void operator+=(JonesF32 &a, JonesF32 b)
{
    a.j00_re += b.j00_re;
    a.j00_im += b.j00_im;
    a.j01_re += b.j01_re;
    a.j01_im += b.j01_im;
    a.j10_re += b.j10_re;
    a.j10_im += b.j10_im;
    a.j11_re += b.j11_re;
    a.j11_im += b.j11_im;
}

inline __device__ void operator+=(JonesF64 &a, JonesF64 b)
{
    a.j00_re += b.j00_re;
    a.j00_im += b.j00_im;
    a.j01_re += b.j01_re;
    a.j01_im += b.j01_im;
    a.j10_re += b.j10_re;
    a.j10_im += b.j10_im;
    a.j11_re += b.j11_re;
    a.j11_im += b.j11_im;
}

inline __device__ void operator+=(volatile JonesF32 &a, volatile JonesF32 &b)
{
    a.j00_re += b.j00_re;
    a.j00_im += b.j00_im;
    a.j01_re += b.j01_re;
    a.j01_im += b.j01_im;
    a.j10_re += b.j10_re;
    a.j10_im += b.j10_im;
    a.j11_re += b.j11_re;
    a.j11_im += b.j11_im;
}

inline __device__ void operator+=(volatile JonesF64 &a, volatile JonesF64 &b)
{
    a.j00_re += b.j00_re;
    a.j00_im += b.j00_im;
    a.j01_re += b.j01_re;
    a.j01_im += b.j01_im;
    a.j10_re += b.j10_re;
    a.j10_im += b.j10_im;
    a.j11_re += b.j11_re;
    a.j11_im += b.j11_im;
}

inline __device__ void operator+=(JonesF64 &a, JonesF32 &b)
{
    a.j00_re += (double)b.j00_re;
    a.j00_im += (double)b.j00_im;
    a.j01_re += (double)b.j01_re;
    a.j01_im += (double)b.j01_im;
    a.j10_re += (double)b.j10_re;
    a.j10_im += (double)b.j10_im;
    a.j11_re += (double)b.j11_re;
    a.j11_im += (double)b.j11_im;
}

inline __device__ JONES operator/(JONES a, FLOAT b)
{
    return JONES{
        .j00_re = a.j00_re / b,
        .j00_im = a.j00_im / b,
        .j01_re = a.j01_re / b,
        .j01_im = a.j01_im / b,
        .j10_re = a.j10_re / b,
        .j10_im = a.j10_im / b,
        .j11_re = a.j11_re / b,
        .j11_im = a.j11_im / b,
    };
}

inline __device__ void operator/=(JonesF64 &a, double b)
{
    a.j00_re /= b;
    a.j00_im /= b;
    a.j01_re /= b;
    a.j01_im /= b;
    a.j10_re /= b;
    a.j10_im /= b;
    a.j11_re /= b;
    a.j11_im /= b;
}

inline __device__ void operator-=(JonesF32 &a, JonesF32 b)
{
    a.j00_re -= b.j00_re;
    a.j00_im -= b.j00_im;
    a.j01_re -= b.j01_re;
    a.j01_im -= b.j01_im;
    a.j10_re -= b.j10_re;
    a.j10_im -= b.j10_im;
    a.j11_re -= b.j11_re;
    a.j11_im -= b.j11_im;
}

inline __device__ void operator-=(JonesF64 &a, JonesF64 b)
{
    a.j00_re -= b.j00_re;
    a.j00_im -= b.j00_im;
    a.j01_re -= b.j01_re;
    a.j01_im -= b.j01_im;
    a.j10_re -= b.j10_re;
    a.j10_im -= b.j10_im;
    a.j11_re -= b.j11_re;
    a.j11_im -= b.j11_im;
}

inline __device__ void operator-=(JonesF32 &a, JonesF64 b)
{
    a.j00_re -= (float)b.j00_re;
    a.j00_im -= (float)b.j00_im;
    a.j01_re -= (float)b.j01_re;
    a.j01_im -= (float)b.j01_im;
    a.j10_re -= (float)b.j10_re;
    a.j10_im -= (float)b.j10_im;
    a.j11_re -= (float)b.j11_re;
    a.j11_im -= (float)b.j11_im;
}

inline __device__ void operator-=(JonesF64 &a, JonesF32 b)
{
    a.j00_re -= (double)b.j00_re;
    a.j00_im -= (double)b.j00_im;
    a.j01_re -= (double)b.j01_re;
    a.j01_im -= (double)b.j01_im;
    a.j10_re -= (double)b.j10_re;
    a.j10_im -= (double)b.j10_im;
    a.j11_re -= (double)b.j11_re;
    a.j11_im -= (double)b.j11_im;
}

inline __device__ UVW operator*(const UVW a, const FLOAT b)
{
    return UVW{
        .u = a.u * b,
        .v = a.v * b,
        .w = a.w * b,
    };
}

inline __device__ UVW operator/(const UVW a, const FLOAT b)
{
    return UVW{
        .u = a.u / b,
        .v = a.v / b,
        .w = a.w / b,
    };
}

inline __device__ ShapeletUV operator*(const ShapeletUV a, const FLOAT b)
{
    return ShapeletUV{
        .u = a.u * b,
        .v = a.v * b,
    };
}

/**
 * Multiply a Jones matrix by two beam Jones matrices (i.e. J1 . J . J2^H).
 */
inline __device__ void apply_beam(const JONES *j1, JONES *j, const JONES *j2)
{
    // Cast the input Jones matrices to complex forms for convenience.
    JONES_C *j1c = (JONES_C *)j1;
    JONES_C *jc = (JONES_C *)j;
    JONES_C *j2c = (JONES_C *)j2;

    // J1 . J
    JONES_C temp{
        .j00 = j1c->j00 * jc->j00 + j1c->j01 * jc->j10,
        .j01 = j1c->j00 * jc->j01 + j1c->j01 * jc->j11,
        .j10 = j1c->j10 * jc->j00 + j1c->j11 * jc->j10,
        .j11 = j1c->j10 * jc->j01 + j1c->j11 * jc->j11,
    };

    // J2^H
    JONES_C j2h = JONES_C{
        .j00 = CUCONJ(j2c->j00),
        .j01 = CUCONJ(j2c->j10),
        .j10 = CUCONJ(j2c->j01),
        .j11 = CUCONJ(j2c->j11),
    };

    // (J1 . J) . J2^H
    jc->j00 = temp.j00 * j2h.j00 + temp.j01 * j2h.j10;
    jc->j01 = temp.j00 * j2h.j01 + temp.j01 * j2h.j11;
    jc->j10 = temp.j10 * j2h.j00 + temp.j11 * j2h.j10;
    jc->j11 = temp.j10 * j2h.j01 + temp.j11 * j2h.j11;
}

/**
 * Compute auto-correlation: beam * fd * beam^H (for a single tile).
 */
inline __device__ JONES apply_beam_auto(const JONES beam_response, const JONES fd)
{
    // Cast to complex forms for convenience.
    JONES_C *bc = (JONES_C *)&beam_response;
    JONES_C *fdc = (JONES_C *)&fd;

    // beam . fd
    JONES_C temp{
        .j00 = bc->j00 * fdc->j00 + bc->j01 * fdc->j10,
        .j01 = bc->j00 * fdc->j01 + bc->j01 * fdc->j11,
        .j10 = bc->j10 * fdc->j00 + bc->j11 * fdc->j10,
        .j11 = bc->j10 * fdc->j01 + bc->j11 * fdc->j11,
    };

    // beam^H
    JONES_C bh = JONES_C{
        .j00 = CUCONJ(bc->j00),
        .j01 = CUCONJ(bc->j10),
        .j10 = CUCONJ(bc->j01),
        .j11 = CUCONJ(bc->j11),
    };

    // (beam . fd) . beam^H
    JONES result;
    JONES_C *rc = (JONES_C *)&result;
    rc->j00 = temp.j00 * bh.j00 + temp.j01 * bh.j10;
    rc->j01 = temp.j00 * bh.j01 + temp.j01 * bh.j11;
    rc->j10 = temp.j10 * bh.j00 + temp.j11 * bh.j10;
    rc->j11 = temp.j10 * bh.j01 + temp.j11 * bh.j11;

    return result;
}

#define CHECK_GPU_ERROR(call)                                                                                                     \
    do                                                                                                                            \
    {                                                                                                                             \
        gpuError_t error_id = call;                                                                                               \
        if (error_id != gpuSuccess)                                                                                               \
        {                                                                                                                         \
            fprintf(stderr, "GPU Error: %s:%d, in function %s: %s\n", __FILE__, __LINE__, __func__, gpuGetErrorString(error_id)); \
            return gpuGetErrorString(error_id);                                                                                   \
        }                                                                                                                         \
    } while (0)

/**
 * Macro to compute the number of tiles minus one (n-1) as a float from the number of baselines.
 * Assumes num_baselines = n * (n - 1) / 2, solves for n.
 *
 * Returns n-1 as a float, which is used in baseline-to-tile calculations.
 */
#define NTILES_SUB1F_FROM_BASELINES(num_baselines) \
    ((sqrtf(1.0f + 8.0f * (float)(num_baselines)) - 1.0f) / 2.0f)

/**
 * Convert a baseline index to tile indices.
 *
 * The ntiles_sub1f parameter is actually n-1 (number of tiles minus one) as a float, matching the above macro.
 *
 * Cross-correlation baselines are indexed using the upper triangle of a matrix,
 * where tile pairs (i,j) with i < j are assigned consecutive indices:
 * (0,1)→0, (0,2)→1, (0,3)→2, ..., (1,2)→n, (1,3)→n+1, etc.
 *
 * This uses the inverse triangular number formula to convert from a baseline
 * index back to the tile pair. The math involves solving:
 * i_bl = i_tile1 * (2*n - i_tile1 - 1) / 2 + (i_tile2 - i_tile1 - 1)
 * where n = ntiles_sub1f + 1.
 *
 * Performance notes:
 * - The definition of i_tile1 and i_tile2 happens in the macro for optimization reasons.
 * - Despite the use of expensive and hard to debug sqrt/floor instructions,
 *   the current approach is faster than precomputing tile pairs on the CPU.
 */
#define BASELINE_TO_TILES(i_bl, ntiles_sub1f, i_tile1, i_tile2)                                                                                 \
    const float tile1f = floorf(-0.5f * sqrtf(4.0f * (ntiles_sub1f) * ((ntiles_sub1f) + 1.0f) - 8.0f * (i_bl) + 1.0f) + (ntiles_sub1f) + 0.5f); \
    const int i_tile1 = (int)tile1f;                                                                                                            \
    const int i_tile2 = (i_bl) - (int)(tile1f * ((ntiles_sub1f) - (tile1f + 1.0f) / 2.0f)) + 1;
// ---- end of src/gpu/common.cuh ----
// ---- src/gpu/peel.cu, lines 1-6 and 9-593 ----
// This Source Code Form is subject to the terms of the Mozilla Public
// License, v. 2.0. If a copy of the MPL was not distributed with this
// file, You can obtain one at http://mozilla.org/MPL/2.0/.

#include <stdlib.h>


/**
 * Turn XYZs into UVWs. Multiple sets of XYZs over time can be converted.
 * Expects the device to be parallel over baselines.
 * xyzs has shape (num_timesteps, num_tiles).
 * lmsts has shape (num_timesteps).
 * uvws has shape (num_timesteps, num_baselines).
 */
__global__ void xyzs_to_uvws_kernel(const XYZ *xyzs, const FLOAT *lmsts, UVW *uvws, RADec pointing_centre,
                                    int num_tiles, int num_baselines, int num_timesteps)
{
    const int i_bl = threadIdx.x + (blockDim.x * blockIdx.x);
    if (i_bl >= num_baselines)
        return;

    // Find the tile indices from the baseline index using the macro. ntiles_sub1f is n-1 as float.
    const float ntiles_sub1f = (float)(num_tiles - 1);
    BASELINE_TO_TILES(i_bl, ntiles_sub1f, tile1, tile2);

    FLOAT s_ha, c_ha, s_dec, c_dec;
    SINCOS(pointing_centre.dec, &s_dec, &c_dec);

    for (int i_time = 0; i_time < num_timesteps; i_time++)
    {
        XYZ xyz = xyzs[i_time * num_tiles + tile1];
        const XYZ xyz2 = xyzs[i_time * num_tiles + tile2];
        xyz.x -= xyz2.x;
        xyz.y -= xyz2.y;
        xyz.z -= xyz2.z;

        const FLOAT hour_angle = lmsts[i_time] - pointing_centre.ra;
        SINCOS(hour_angle, &s_ha, &c_ha);

        uvws[i_time * num_baselines + (int)i_bl] = UVW{
            .u = s_ha * xyz.x + c_ha * xyz.y,
            .v = -s_dec * c_ha * xyz.x + s_dec * s_ha * xyz.y + c_dec * xyz.z,
            .w = c_dec * c_ha * xyz.x - c_dec * s_ha * xyz.y + s_dec * xyz.z,
        };
    }
}

/**
 * Kernel for rotating visibilities.
 *
 * The visibilities should be ordered in time, frequency and baseline (slowest
 * to fastest).
 */
__global__ void rotate_kernel(JonesF32 *vis_fb, const int num_timesteps, const int num_baselines, const int num_freqs,
                              const UVW *uvws_from, const UVW *uvws_to, const FLOAT *lambdas)
{
    const int i_bl = threadIdx.x + (blockDim.x * blockIdx.x);
    if (i_bl >= num_baselines)
        return;

    for (int i_freq = 0; i_freq < num_freqs; i_freq += 1)
    {
        for (int i_time = 0; i_time < num_timesteps; i_time++)
        {
            // Prepare an "argument" for later.
            const FLOAT arg = -TAU * ((double)uvws_to[i_time * num_baselines + i_bl].w -
                                      (double)uvws_from[i_time * num_baselines + i_bl].w);
            COMPLEX complex;
            SINCOS(arg / lambdas[i_freq], &complex.y, &complex.x);

            const int step = (i_time * num_freqs + i_freq) * num_baselines + i_bl;
#ifdef SINGLE
            vis_fb[step] *= complex;
#else
            const JonesF32 vis_single = vis_fb[step];
            JonesF64 vis_double = JonesF64{
                .j00_re = vis_single.j00_re,
                .j00_im = vis_single.j00_im,
                .j01_re = vis_single.j01_re,
                .j01_im = vis_single.j01_im,
                .j10_re = vis_single.j10_re,
                .j10_im = vis_single.j10_im,
                .j11_re = vis_single.j11_re,
                .j11_im = vis_single.j11_im,
            };
            vis_double *= complex;
            vis_fb[step] = JonesF32{
                .j00_re = (float)vis_double.j00_re,
                .j00_im = (float)vis_double.j00_im,
                .j01_re = (float)vis_double.j01_re,
                .j01_im = (float)vis_double.j01_im,
                .j10_re = (float)vis_double.j10_re,
                .j10_im = (float)vis_double.j10_im,
                .j11_re = (float)vis_double.j11_re,
                .j11_im = (float)vis_double.j11_im,
            };
#endif
        }
    }
}

/**
 * Kernel for averaging visibilities.
 *
 * The visibilities should be ordered in time, frequency and baseline (slowest
 * to fastest). The weights should never be negative; this allows us to avoid
 * special logic when averaging.
 */
__global__ void average_kernel(const JonesF32 *high_res_vis, const float *high_res_weights, JonesF32 *low_res_vis,
                               const int num_timesteps, const int num_baselines, const int num_freqs,
                               const int freq_average_factor)
{
    const int i_bl = threadIdx.x + (blockDim.x * blockIdx.x);
    if (i_bl >= num_baselines)
        return;

    for (int i_freq = 0; i_freq < num_freqs; i_freq += freq_average_factor)
    {
        JonesF64 vis_weighted_sum = JonesF64{
            .j00_re = 0.0,
            .j00_im = 0.0,
            .j01_re = 0.0,
            .j01_im = 0.0,
            .j10_re = 0.0,
            .j10_im = 0.0,
            .j11_re = 0.0,
            .j11_im = 0.0,
        };
        double weight_sum = 0.0;

        for (int i_time = 0; i_time < num_timesteps; i_time++)
        {
            for (int i_freq_chunk = i_freq; i_freq_chunk < i_freq + freq_average_factor; i_freq_chunk++)
            {
                const int step = (i_time * num_freqs + i_freq_chunk) * num_baselines + i_bl;
                const double weight = high_res_weights[step];
                const JonesF32 vis_single = high_res_vis[step];
                const JonesF64 vis_double = JonesF64{
                    .j00_re = vis_single.j00_re,
                    .j00_im = vis_single.j00_im,
                    .j01_re = vis_single.j01_re,
                    .j01_im = vis_single.j01_im,
                    .j10_re = vis_single.j10_re,
                    .j10_im = vis_single.j10_im,
                    .j11_re = vis_single.j11_re,
                    .j11_im = vis_single.j11_im,
                };
                const JonesF64 rotated_weighted_vis = vis_double * weight;

                vis_weighted_sum += rotated_weighted_vis;
                weight_sum += weight;
            }
        }

        // If `weight_sum` is bigger than 0, use it in division, otherwise just
        // divide by 1. We do this so we don't get NaN values, and we don't use
        // if statements in case the compiler optimises this better to avoid
        // warp divergence.
        vis_weighted_sum /= (weight_sum > 0.0) ? weight_sum : 1.0;

        const int low_res_step = (i_freq / freq_average_factor) * num_baselines + i_bl;
        low_res_vis[low_res_step] = JonesF32{
            .j00_re = (float)vis_weighted_sum.j00_re,
            .j00_im = (float)vis_weighted_sum.j00_im,
            .j01_re = (float)vis_weighted_sum.j01_re,
            .j01_im = (float)vis_weighted_sum.j01_im,
            .j10_re = (float)vis_weighted_sum.j10_re,
            .j10_im = (float)vis_weighted_sum.j10_im,
            .j11_re = (float)vis_weighted_sum.j11_re,
            .j11_im = (float)vis_weighted_sum.j11_im,
        };
        // low_res_weights[low_res_step] = weight_sum;
    }
}

/**
 *
 */
__device__ void apply_iono(const JonesF32 *vis, JonesF32 *vis_out, const IonoConsts *iono_consts,
                           const int num_baselines, const int num_freqs, const UVW *uvws,
                           const FLOAT *lambdas_m)
{
    const int i_bl = threadIdx.x + (blockDim.x * blockIdx.x);
    // No need to check if this thread should continue; this is a device
    // function.

    const UVW uvw = uvws[i_bl];
    const FLOAT arg = -TAU * (uvw.u * iono_consts->alpha + uvw.v * iono_consts->beta);

    for (int i_freq = 0; i_freq < num_freqs; i_freq++)
    {
        COMPLEX complex;
        // The baseline UV is in units of metres, so we need to divide by λ to
        // use it in an exponential. But we're also multiplying by λ², so just
        // multiply by λ.
        SINCOS(arg * lambdas_m[i_freq], &complex.y, &complex.x);

        const int step = i_freq * num_baselines + i_bl;
        // vis_out[step] = vis[step] * complex;
        vis_out[step] = vis[step] * (complex * iono_consts->gain);
        // vis_out[step] = vis[step] * (MAKE_COMPLEX(complex.x / iono_consts->gain, complex.y / iono_consts->gain));
    }
}

/**
 * This is extremely difficult to explain in a comment. This code is derived
 * from this presentation
 * (https://developer.download.nvidia.com/assets/cuda/files/reduction.pdf), but
 * I've had to add `__syncwarp` calls otherwise the sum is incorrect.
 */
template <int BLOCK_SIZE>
__device__ void warp_reduce(volatile JonesF64 *sdata, int tid)
{
    if (BLOCK_SIZE >= 64)
    {
        sdata[tid] += sdata[tid + 32];
        __syncwarp();
    }
    if (BLOCK_SIZE >= 32)
    {
        sdata[tid] += sdata[tid + 16];
        __syncwarp();
    }
    if (BLOCK_SIZE >= 16)
    {
        sdata[tid] += sdata[tid + 8];
        __syncwarp();
    }
    if (BLOCK_SIZE >= 8)
    {
        sdata[tid] += sdata[tid + 4];
        __syncwarp();
    }
    if (BLOCK_SIZE >= 4)
    {
        sdata[tid] += sdata[tid + 2];
        __syncwarp();
    }
    if (BLOCK_SIZE >= 2)
    {
        sdata[tid] += sdata[tid + 1];
    }
}

/**
 * Kernel to add ionospherically-related values (all baselines for a frequency).
 */
template <int BLOCK_SIZE>
__global__ void reduce_baselines(JonesF64 *data, const int num_baselines)
{
    // Every thread has an element of shared memory. This is useful for speeding
    // up accumulation.
    __shared__ JonesF64 sdata[BLOCK_SIZE];
    // tid is "thread ID".
    int tid = threadIdx.x;
    // This thread will start accessing data from this index. It is intended to
    // be targeting a specific frequency (`blockIdx.x`).
    int i = num_baselines * blockIdx.x + tid;

    // Initialise the thread's shared memory.
    sdata[tid] = JonesF64{
        .j00_re = 0.0,
        .j00_im = 0.0,
        .j01_re = 0.0,
        .j01_im = 0.0,
        .j10_re = 0.0,
        .j10_im = 0.0,
        .j11_re = 0.0,
        .j11_im = 0.0,
    };

    // Accumulate all the baselines for this frequency. `i` is incremented so
    // that all threads can do coalesced reads.
    while (i < num_baselines * (int)(blockIdx.x + 1))
    {
        sdata[tid] += data[i];
        i += BLOCK_SIZE;
    }
    // The threads may be out of sync because some have a not-too-big index and
    // others have a too-big index. So we sync. The following syncs are done for
    // the same reason.
    __syncthreads();

    if (BLOCK_SIZE >= 512)
    {
        if (tid < 256)
        {
            sdata[tid] += sdata[tid + 256];
        }
        __syncthreads();
    }
    if (BLOCK_SIZE >= 256)
    {
        if (tid < 128)
        {
            sdata[tid] += sdata[tid + 128];
        }
        __syncthreads();
    }
    if (BLOCK_SIZE >= 128)
    {
        if (tid < 64)
        {
            sdata[tid] += sdata[tid + 64];
        }
        __syncthreads();
    }

    // At this point, we need to add the results for the first warp (first 32
    // threads). We no longer need to sync threads because we don't care about
    // thread indices >= 32.
    if (tid < 32)
        warp_reduce<BLOCK_SIZE>(sdata, tid);
    // The first index has the sum; write it out so we can use it later. The
    // index is the frequency.
    if (tid == 0)
        data[blockIdx.x] = sdata[0];
}

/**
 * Kernel to add ionospherically-related values (all frequencies, after all
 * baselines have been added in a per-frequency basis). There should only be one
 * thread block running this kernel.
 */
template <int BLOCK_SIZE>
__global__ void reduce_freqs(
    JonesF64 *data, const FLOAT *lambdas_m, const int num_freqs,
    IonoConsts *iono_consts, const FLOAT convergence)
{
    // Every thread has an element of shared memory. This is useful for speeding
    // up accumulation.
    __shared__ JonesF64 sdata[BLOCK_SIZE];
    // tid is "thread ID".
    int tid = threadIdx.x;

    // Initialise the thread's shared memory.
    sdata[tid] = JonesF64{
        .j00_re = 0.0,
        .j00_im = 0.0,
        .j01_re = 0.0,
        .j01_im = 0.0,
        .j10_re = 0.0,
        .j10_im = 0.0,
        .j11_re = 0.0,
        .j11_im = 0.0,
    };

    // Accumulate the per-frequency ionospheric fits. `i_freq` is incremented so
    // that all threads can do coalesced reads.
    for (int i_freq = tid; i_freq < num_freqs; i_freq += BLOCK_SIZE)
    {
        // The data we're accessing here represents all of the ionospheric
        // values for each frequency. These values have not been scaled by λ, so
        // we do that here. When the values were generated, UV were not scaled
        // by λ, so below we use λ² for λ⁴, and λ for λ².
        const double lambda = (double)lambdas_m[i_freq];
        const double lambda_2 = lambda * lambda;

        // Scale the ionospheric values by lambda.
        JonesF64 j = data[i_freq];
        j.j00_re *= lambda_2; // a_uu
        j.j00_im *= lambda_2; // a_uv
        j.j01_re *= lambda_2; // a_vv
        j.j01_im *= -lambda;  // A_u
        j.j10_re *= -lambda;  // A_v

        sdata[tid] += j;
    }
    // The threads may be out of sync because some have a not-too-big index and
    // others have a too-big index. So we sync. The following syncs are done for
    // the same reason.
    __syncthreads();

    if (BLOCK_SIZE >= 512)
    {
        if (tid < 256)
        {
            sdata[tid] += sdata[tid + 256];
        }
        __syncthreads();
    }
    if (BLOCK_SIZE >= 256)
    {
        if (tid < 128)
        {
            sdata[tid] += sdata[tid + 128];
        }
        __syncthreads();
    }
    if (BLOCK_SIZE >= 128)
    {
        if (tid < 64)
        {
            sdata[tid] += sdata[tid + 64];
        }
        __syncthreads();
    }

    if (tid < 32)
        warp_reduce<BLOCK_SIZE>(sdata, tid);
    if (tid == 0)
    {
        const double a_uu = sdata[0].j00_re;
        const double a_uv = sdata[0].j00_im;
        const double a_vv = sdata[0].j01_re;
        const double A_u = sdata[0].j01_im;
        const double A_v = sdata[0].j10_re;
        const double s_vm = sdata[0].j10_im;
        const double s_mm = sdata[0].j11_re;

#ifdef DEBUG
        // Not necessary, but might be useful for checking things.
        data[0] = sdata[0];
#endif

        const double denom = TAU * (a_uu * a_vv - a_uv * a_uv);
        iono_consts->alpha += convergence * (A_u * a_vv - A_v * a_uv) / denom;
        iono_consts->beta += convergence * (A_v * a_uu - A_u * a_uv) / denom;
        // warning: gain is actually needed for model real to line up with vis real.
        iono_consts->gain *= 1. + convergence * (s_vm / s_mm - 1);
        // printf(
        //     "iono: a %+6.4e b %+6.4e a_uu %+6.4e a_uv %+6.4e a_vv %+6.4e A_u %+6.4e A_v %+6.4e denom %+6.4e s_vm %+6.4e s_mm %+6.4e s_vm/s_mm %+6.4e nf %d \n",
        //     iono_consts->alpha, iono_consts->beta,
        //     a_uu, a_uv, a_vv, A_u, A_v, denom,
        //     // iono_consts->gain,
        //     s_vm, s_mm, s_vm / s_mm,
        //     num_freqs
        // );
    }
}

/**
 * Kernel for ...
 */
__global__ void iono_loop_kernel(const JonesF32 *vis_residual, const float *vis_weights, const JonesF32 *vis_model,
                                 JonesF32 *vis_model_rotated, const IonoConsts *iono_consts, JonesF64 *iono_fits,
                                 const int num_baselines, const int num_freqs, const UVW *uvws,
                                 const FLOAT *lambdas_m)
{
    const int i_bl = threadIdx.x + (blockDim.x * blockIdx.x);
    if (i_bl >= num_baselines)
        return;

    // Normally, we would divide by λ to get dimensionless UV. However, UV
    // are only used to determine a_uu, a_uv, a_vv, which are also scaled by
    // lambda. So... don't divide by λ.
    const double u = uvws[i_bl].u;
    const double v = uvws[i_bl].v;

    // Apply the latest iono constants to the model visibilities.
    // TODO: Would it be better to avoid the function call?
    // TODO: Use the updated source position for the UVWs?
    apply_iono(vis_model, vis_model_rotated, iono_consts, num_baselines, num_freqs, uvws,
               lambdas_m);

    for (int i_freq = 0; i_freq < num_freqs; i_freq++)
    {
        const int step = i_freq * num_baselines + i_bl;
        const double weight = (double)vis_weights[step];
        const JonesF32 *residual = vis_residual + step;
        const double residual_i_re = (double)residual->j00_re + (double)residual->j11_re;
        const double residual_i_im = (double)residual->j00_im + (double)residual->j11_im;
        const JonesF32 *model = vis_model_rotated + step;
        const double model_i_re = (double)model->j00_re + (double)model->j11_re;
        const double model_i_im = (double)model->j00_im + (double)model->j11_im;

        const double mr = model_i_re * (residual_i_im - model_i_im);
        const double mm = model_i_re * model_i_re;

        iono_fits[step] = JonesF64{
            // Rather than multiplying by λ here, do it later, when all these
            // values are added together for a single frequency. This means
            // we'll have higher precision overall and fewer multiplies.
            .j00_re = weight * mm * u * u,                 // a_uu
            .j00_im = weight * mm * u * v,                 // a_uv
            .j01_re = weight * mm * v * v,                 // a_vv
            .j01_im = weight * mr * u,                     // A_u
            .j10_re = weight * mr * v,                     // A_v
            .j10_im = weight * model_i_re * residual_i_re, // s_vm
            .j11_re = weight * mm,                         // s_mm
            .j11_im = 1.0,
        };
    }
}

__global__ void subtract_iono_kernel(JonesF32 *vis_residual, const JonesF32 *vis_model, const IonoConsts iono_consts,
                                     const IonoConsts old_iono_consts,
                                     const UVW *uvws, const FLOAT *lambdas_m,
                                     const int num_timesteps, const int num_baselines, const int num_freqs)
{
    const int i_bl = threadIdx.x + (blockDim.x * blockIdx.x);
    if (i_bl >= num_baselines)
        return;

    for (int i_time = 0; i_time < num_timesteps; i_time++)
    {
        const UVW uvw = uvws[i_time * num_baselines + i_bl];
        const FLOAT arg = -TAU * (uvw.u * iono_consts.alpha + uvw.v * iono_consts.beta);
        const FLOAT old_arg = -TAU * (uvw.u * old_iono_consts.alpha + uvw.v * old_iono_consts.beta);
        for (int i_freq = 0; i_freq < num_freqs; i_freq++)
        {
            const FLOAT lambda = lambdas_m[i_freq];

            COMPLEX complex;
            // The baseline UV is in units of metres, so we need to divide by λ to
            // use it in an exponential. But we're also multiplying by λ², so just
            // multiply by λ.
            SINCOS(arg * lambda, &complex.y, &complex.x);
            COMPLEX old_complex;
            SINCOS(old_arg * lambda, &old_complex.y, &old_complex.x);

            const int step = (i_time * num_freqs + i_freq) * num_baselines + i_bl;
            JonesF32 r = vis_residual[step];
            const JonesF32 m = vis_model[step];

            // Promoting the Jones matrices makes things demonstrably more
            // precise.
            JonesF64 r2 = JonesF64{
                .j00_re = r.j00_re,
                .j00_im = r.j00_im,
                .j01_re = r.j01_re,
                .j01_im = r.j01_im,
                .j10_re = r.j10_re,
                .j10_im = r.j10_im,
                .j11_re = r.j11_re,
                .j11_im = r.j11_im,
            };
            JonesF64 m2 = JonesF64{
                .j00_re = m.j00_re,
                .j00_im = m.j00_im,
                .j01_re = m.j01_re,
                .j01_im = m.j01_im,
                .j10_re = m.j10_re,
                .j10_im = m.j10_im,
                .j11_re = m.j11_re,
                .j11_im = m.j11_im,
            };

            r2 += m2 * (old_complex * old_iono_consts.gain);
            r2 -= m2 * (complex * iono_consts.gain);
            // r2 += m2 * MAKE_COMPLEX(old_complex.x - complex.x, old_complex.y - complex.y) * (old_iono_consts.gain / iono_consts.gain);
            // r2 += m2 * MAKE_COMPLEX(old_complex.x - complex.x, old_complex.y - complex.y) * (iono_consts.gain / old_iono_consts.gain);
            vis_residual[step] = JonesF32{
                .j00_re = (float)r2.j00_re,
                .j00_im = (float)r2.j00_im,
                .j01_re = (float)r2.j01_re,
                .j01_im = (float)r2.j01_im,
                .j10_re = (float)r2.j10_re,
                .j10_im = (float)r2.j10_im,
                .j11_re = (float)r2.j11_re,
                .j11_im = (float)r2.j11_im,
            };
        }
    }
}

__global__ void add_model_kernel(JonesF32 *vis_residual, const JonesF32 *vis_model, const IonoConsts iono_consts,
                                 const FLOAT *lambdas_m, const UVW *uvws,
                                 const int num_timesteps, const int num_freqs, const int num_baselines)
{
    const int i_bl = threadIdx.x + (blockDim.x * blockIdx.x);
    if (i_bl >= num_baselines)
        return;

    for (int i_time = 0; i_time < num_timesteps; i_time++)
    {
        const UVW uvw = uvws[i_time * num_baselines + i_bl];
        const FLOAT arg = -TAU * (uvw.u * iono_consts.alpha + uvw.v * iono_consts.beta);

        for (int i_freq = 0; i_freq < num_freqs; i_freq++)
        {
            COMPLEX complex;
            if (iono_consts.alpha == 0.0 && iono_consts.beta == 0.0)
            {
                complex.x = 1.0;
                complex.y = 0.0;
            }
            else
            {
                // The baseline UV is in units of metres, so we need to divide
                // by λ to use it in an exponential. But we're also multiplying
                // by λ², so just multiply by λ.
                SINCOS(arg * lambdas_m[i_freq], &complex.y, &complex.x);
            }

            const int step = (i_time * num_freqs + i_freq) * num_baselines + i_bl;
            vis_residual[step] += vis_model[step] * (complex * iono_consts.gain);
        }
    }
}

