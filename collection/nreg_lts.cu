// tilelab kernel collection: NiftyReg's device-resident least-trimmed-squares (LTS) fit of a rigid or affine
// transformation to block-matching correspondences (reg_aladin's global registration step), CUDA back end
// Source:  https://github.com/KCL-BMEIS/niftyreg/blob/d518b8ac9b1d4572de95daf5a31d34c2f75a590a/reg-lib/cuda/CudaLts.cu
//          (KCL-BMEIS/niftyreg, commit d518b8a: NiftyReg, the medical image registration package of UCL/KCL)
// Licence: BSD-3-Clause (the repository's LICENSE.txt, repeated below; the source file carries no notice of its own).
// Kept: CudaLts.cu lines 15-19 (the namespaces NiftyReg::Cuda and the unnamed one, kReduceThreads) and 74-174 (the
//       eight __global__ kernels ReduceRigidSums, BuildCovariance, AssembleRigid, AssembleAffine, ReduceAffineNormal,
//       BuildAffineNormal, ComputeResidual, Gather), 193-195 and 266-268 (the namespaces' closing braces), unchanged.
//       Removed: lines 1-13 (includes: CudaLts.hpp, Maths.hpp, cuSOLVER, cuBLAS, thrust, <cfloat>), 20-73 (the
//       cuSOLVER handle and the Scratch buffers), 175-192 (Estimate, the host's launch sequence) and 196-265
//       (OptimizeLts, the host loop). The launches are Estimate's and OptimizeLts's: the reductions
//       <<<1, kReduceThreads>>>, the Build/Assemble kernels <<<1, 1>>>, ComputeResidual <<<(m + 255) / 256, 256>>>
//       and Gather <<<(numToKeep + 255) / 256, 256>>>.
// Copied in (marked below): reg-io/niftilib/nifti1_io.h lines 64-66 (mat44) and reg-lib/cpu/Maths.hpp lines 34-38
//       (DEVICE), 51 (namespace NiftyReg), 54-57 (Square), 270-286 (Mat44Mul) and 331-336 (SquareDistance3d).

/*
 * Copyright (c) 2009-2018, University College London
 * Copyright (c) 2018, NiftyReg Developers.
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without modification,
 * are permitted provided that the following conditions are met:
 *
 * Redistributions of source code must retain the above copyright notice,
 * this list of conditions and the following disclaimer.
 * Redistributions in binary form must reproduce the above copyright notice,
 * this list of conditions and the following disclaimer in the documentation
 * and/or other materials provided with the distribution.
 *
 * Neither the name of the University College London nor the names of its
 * contributors may be used to endorse or promote products derived from
 * this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
 * ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE
 * LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR
 * CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
 * SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS
 * INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN
 * CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE)
 * ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF
 * THE POSSIBILITY OF SUCH DAMAGE.
 *
 */

// ---- copied from reg-io/niftilib/nifti1_io.h, lines 64-66
typedef struct {                   /** 4x4 matrix struct **/
  float m[4][4] ;
} mat44 ;
// ---- end of nifti1_io.h

// ---- copied from reg-lib/cpu/Maths.hpp, lines 34-38, 51, 54-57, 270-286 and 331-336 (and the namespace's closing brace)
#ifdef __CUDACC__
#define DEVICE  __host__ __device__
#else
#define DEVICE
#endif
namespace NiftyReg {
template<typename T>
DEVICE inline T Square(const T& x) {
    return x * x;
}
/// @brief Multiply a vector with a 4-by-4 matrix
template<class T, bool is3d=true>
DEVICE inline void Mat44Mul(const mat44& mat, const T (&in)[3], T (&out)[3]) {
    out[0] = static_cast<T>(static_cast<double>(mat.m[0][0]) * static_cast<double>(in[0]) +
                            static_cast<double>(mat.m[0][1]) * static_cast<double>(in[1]) +
                            static_cast<double>(mat.m[0][2]) * static_cast<double>(in[2]) +
                            static_cast<double>(mat.m[0][3]));
    out[1] = static_cast<T>(static_cast<double>(mat.m[1][0]) * static_cast<double>(in[0]) +
                            static_cast<double>(mat.m[1][1]) * static_cast<double>(in[1]) +
                            static_cast<double>(mat.m[1][2]) * static_cast<double>(in[2]) +
                            static_cast<double>(mat.m[1][3]));
    if constexpr (is3d)
        out[2] = static_cast<T>(static_cast<double>(mat.m[2][0]) * static_cast<double>(in[0]) +
                                static_cast<double>(mat.m[2][1]) * static_cast<double>(in[1]) +
                                static_cast<double>(mat.m[2][2]) * static_cast<double>(in[2]) +
                                static_cast<double>(mat.m[2][3]));
}
//is it square distance or just distance?
DEVICE inline double SquareDistance3d(const float *first_point3D, const float *second_point3D) {
    return sqrt(Square(first_point3D[0] - second_point3D[0]) +
                Square(first_point3D[1] - second_point3D[1]) +
                Square(first_point3D[2] - second_point3D[2]));
}
} // namespace NiftyReg
// ---- end of Maths.hpp

/* *************************************************************** */
namespace NiftyReg::Cuda {
/* *************************************************************** */
namespace {
constexpr int kReduceThreads = 256;
/* *************************************************************** */
// --- device kernels (all single-block or single-thread; the linear systems are tiny) ---
// Σref, Σwarped, Σ(ref⊗warped) over `count` points -> sums[15]  (single block)
__global__ void ReduceRigidSums(const float* ref, const float* warped, int count, double* sums) {
    double loc[15]; for (int i = 0; i < 15; ++i) loc[i] = 0;
    for (int k = threadIdx.x; k < count; k += blockDim.x) {
        const double r0 = ref[k * 3], r1 = ref[k * 3 + 1], r2 = ref[k * 3 + 2];
        const double w0 = warped[k * 3], w1 = warped[k * 3 + 1], w2 = warped[k * 3 + 2];
        loc[0] += r0; loc[1] += r1; loc[2] += r2; loc[3] += w0; loc[4] += w1; loc[5] += w2;
        loc[6] += r0 * w0; loc[7] += r0 * w1; loc[8] += r0 * w2;
        loc[9] += r1 * w0; loc[10] += r1 * w1; loc[11] += r1 * w2;
        loc[12] += r2 * w0; loc[13] += r2 * w1; loc[14] += r2 * w2;
    }
    __shared__ double red[kReduceThreads];
    for (int i = 0; i < 15; ++i) {
        red[threadIdx.x] = loc[i]; __syncthreads();
        for (int s = blockDim.x / 2; s > 0; s >>= 1) { if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s]; __syncthreads(); }
        if (threadIdx.x == 0) sums[i] = red[0];
        __syncthreads();
    }
}
// covariance A (3x3 col-major, A[col*3+row]) = Scross[row,col] - Sref[row]*Swarped[col]/count
__global__ void BuildCovariance(const double* sums, int count, double* A) {
    for (int a = 0; a < 3; ++a) for (int b = 0; b < 3; ++b)
        A[b * 3 + a] = sums[6 + a * 3 + b] - sums[a] * sums[3 + b] / count;
}
// R = V*U^T (col-major U,V: element(row,col)=X[col*3+row]) + reflection guard, t = cw - R*cr -> out
__global__ void AssembleRigid(const double* sums, int count, const double* U, const double* V, mat44* out) {
    double Vl[9]; for (int i = 0; i < 9; ++i) Vl[i] = V[i];
    double R[3][3];
    auto rot = [&]() { for (int a = 0; a < 3; ++a) for (int b = 0; b < 3; ++b) {
        double s = 0; for (int k = 0; k < 3; ++k) s += Vl[k * 3 + a] * U[k * 3 + b]; R[a][b] = s; } };
    rot();
    const double det = R[0][0] * (R[1][1] * R[2][2] - R[1][2] * R[2][1])
                     - R[0][1] * (R[1][0] * R[2][2] - R[1][2] * R[2][0])
                     + R[0][2] * (R[1][0] * R[2][1] - R[1][1] * R[2][0]);
    if (det < 0) { Vl[6] = -Vl[6]; Vl[7] = -Vl[7]; Vl[8] = -Vl[8]; rot(); }
    const double cr[3] = { sums[0] / count, sums[1] / count, sums[2] / count };
    const double cw[3] = { sums[3] / count, sums[4] / count, sums[5] / count };
    for (int i = 0; i < 4; ++i) for (int j = 0; j < 4; ++j) out->m[i][j] = (i == j);
    for (int a = 0; a < 3; ++a) {
        for (int b = 0; b < 3; ++b) out->m[a][b] = (float)R[a][b];
        out->m[a][3] = (float)(cw[a] - (R[a][0] * cr[0] + R[a][1] * cr[1] + R[a][2] * cr[2]));
    }
}
// X (4x3 col-major, X[col*4+row]) -> affine mat44
__global__ void AssembleAffine(const double* X, mat44* out) {
    for (int i = 0; i < 4; ++i) for (int j = 0; j < 4; ++j) out->m[i][j] = (i == j);
    for (int r = 0; r < 3; ++r) for (int c = 0; c < 4; ++c) out->m[r][c] = (float)X[r * 4 + c];
}
// Affine normal equations: accumulate MtM (10 unique entries of the symmetric 4x4, M row = [x y z 1])
// and MtW (12 = 4 params x 3 coords) over `count` points -> s[22]  (single block).
__global__ void ReduceAffineNormal(const float* ref, const float* warped, int count, double* s) {
    double loc[22]; for (int i = 0; i < 22; ++i) loc[i] = 0;
    for (int k = threadIdx.x; k < count; k += blockDim.x) {
        const double x = ref[k * 3], y = ref[k * 3 + 1], z = ref[k * 3 + 2];
        const double wx = warped[k * 3], wy = warped[k * 3 + 1], wz = warped[k * 3 + 2];
        loc[0] += x * x; loc[1] += x * y; loc[2] += x * z; loc[3] += x;   // MtM row 0
        loc[4] += y * y; loc[5] += y * z; loc[6] += y;                    // MtM row 1
        loc[7] += z * z; loc[8] += z;                                     // MtM row 2
        loc[9] += 1;                                                      // MtM [3][3] = count
        loc[10] += x * wx; loc[11] += x * wy; loc[12] += x * wz;          // MtW rows (param x,y,z,1) x (wx,wy,wz)
        loc[13] += y * wx; loc[14] += y * wy; loc[15] += y * wz;
        loc[16] += z * wx; loc[17] += z * wy; loc[18] += z * wz;
        loc[19] += wx; loc[20] += wy; loc[21] += wz;
    }
    __shared__ double red[kReduceThreads];
    for (int i = 0; i < 22; ++i) {
        red[threadIdx.x] = loc[i]; __syncthreads();
        for (int st = blockDim.x / 2; st > 0; st >>= 1) { if (threadIdx.x < st) red[threadIdx.x] += red[threadIdx.x + st]; __syncthreads(); }
        if (threadIdx.x == 0) s[i] = red[0];
        __syncthreads();
    }
}
// Fill the 4x4 normal matrix An (col-major, symmetric) and the 4x3 RHS Bn (col-major) from s[22].
__global__ void BuildAffineNormal(const double* s, double* An, double* Bn) {
    double m[4][4];
    m[0][0] = s[0]; m[0][1] = m[1][0] = s[1]; m[0][2] = m[2][0] = s[2]; m[0][3] = m[3][0] = s[3];
    m[1][1] = s[4]; m[1][2] = m[2][1] = s[5]; m[1][3] = m[3][1] = s[6];
    m[2][2] = s[7]; m[2][3] = m[3][2] = s[8];
    m[3][3] = s[9];
    for (int col = 0; col < 4; ++col) for (int row = 0; row < 4; ++row) An[col * 4 + row] = m[row][col];
    // Bn[coord*4 + param] = (MtW)[param][coord];  s layout: s[10 + param*3 + coord]
    for (int p = 0; p < 4; ++p) for (int c = 0; c < 3; ++c) Bn[c * 4 + p] = s[10 + p * 3 + c];
}
// residual[k] = ||final*ref_k - warped_k||   (Euclidean, matches CPU SquareDistance3d)
__global__ void ComputeResidual(const float* ref, const float* warped, int count, const mat44* final, float* residual) {
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < count; k += gridDim.x * blockDim.x) {
        float in[3] = { ref[k * 3], ref[k * 3 + 1], ref[k * 3 + 2] }, out[3];
        Mat44Mul<float>(*final, in, out);
        residual[k] = (float)SquareDistance3d(out, &warped[k * 3]);
    }
}
// gather the numToKeep lowest-residual points (idx sorted by residual)
__global__ void Gather(const float* ref, const float* warped, const int* idx, int numToKeep, float* keptRef, float* keptWarped) {
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < numToKeep; k += gridDim.x * blockDim.x) {
        const int s = idx[k] * 3;
        keptRef[k * 3] = ref[s]; keptRef[k * 3 + 1] = ref[s + 1]; keptRef[k * 3 + 2] = ref[s + 2];
        keptWarped[k * 3] = warped[s]; keptWarped[k * 3 + 1] = warped[s + 1]; keptWarped[k * 3 + 2] = warped[s + 2];
    }
}
/* *************************************************************** */
} // unnamed namespace
/* *************************************************************** */
/* *************************************************************** */
} // namespace NiftyReg::Cuda
/* *************************************************************** */
