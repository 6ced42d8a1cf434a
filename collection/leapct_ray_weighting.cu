// tilelab kernel collection: LEAP (LivermorE AI Projector for Computed Tomography): the ray and view weights of its
// filtered back-projection (convertARTtoERTkernel, applyViewDependentPolarWeightsKernel, applyWeightsKernel)
// Source:  https://github.com/LLNL/LEAP/blob/0c8846f42b2e59340d5559fc1271d590a292f9a0/src/ray_weighting.cu
//          (LLNL/LEAP, commit 0c8846f: Lawrence Livermore's differentiable CT projectors and reconstruction)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2013-2023 LLNS, LLC and other LEAP Project Developers"; the
//          file's own notice, SPDX-License-Identifier: MIT), the licence text follows.
// What: over the projection data g[angle][row][col] (numAngles x numRows x numCols, the column fastest), one thread an
//       element with threadIdx.x walking the angles (the slowest index: every warp's accesses are numRows * numCols
//       floats apart): the attenuated-Radon (ERT) weight exp(mu * sqrt(R^2 - u^2)) by column, a per-(angle, row) polar
//       weight (multiply or divide), and FBP's pre-ramp-filter ray weight (row, col) times view weight (angle, col).
// Kept: lines 1-8 (the notice), 15-62 (the standard includes and the three kernels), unchanged. Removed: lines 9-13
//       (the includes of ray_weighting.cuh, ray_weighting_cpu.h, cuda_runtime.h, cuda_utils.h, log.h) and 63-end (the
//       host functions applyPreRampFilterWeights_GPU, applyPostRampFilterWeights_GPU, convertARTtoERT_GPU, ...).
// Copied in: typedef uint64 (src/leap_defines.h at the same commit, lines 43-47), marked.
// Selection, fixed before any run (collection/manifest.toml, the leapct_ entries): every __global__ kernel of this
//       file, each launched as its host function launches it, dimBlock = setBlockSize(N) (8 x 8 x 8; 16 x 16 x 1 where
//       numCols < 8) and dimGrid = ceil(N / dimBlock), the scan scaled down to 12 angles x 10 rows x 20 columns, and
//       applyWeightsKernel again at 20 x 9 x 6 (setBlockSize's 16 x 16 x 1 shape); the polar weights both ways
//       (doInverse false and true). None dropped for its result.
// Read before any run: no race (each thread reads and writes its own element), no out-of-bounds access (every thread
//       outside N returns first).
//
// ---------------------------------------------------------------- the repository's LICENSE:
// MIT License
//
// Copyright (c) 2013-2023 LLNS, LLC and other LEAP Project Developers.
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
//
////////////////////////////////////////////////////////////////////////////////
// Copyright 2022-2023 Lawrence Livermore National Security, LLC and other 
// LEAP project developers. See the LICENSE file for details.
// SPDX-License-Identifier: MIT
//
// LivermorE AI Projector for Computed Tomography (LEAP)
// cuda module for ray weighting
////////////////////////////////////////////////////////////////////////////////

// from src/leap_defines.h (at 0c8846f), lines 43-47: uint64
#ifdef WIN32
	typedef unsigned long long uint64;
#else
	typedef unsigned long int uint64;
#endif
// end of the lines from src/leap_defines.h

#include <stdlib.h>
#include <math.h>
#include <stdio.h>

__global__ void convertARTtoERTkernel(float* g, const float muCoeff, const float muRadius, const float T_u, const float u_0, int3 N)
{
	const int i = threadIdx.x + blockIdx.x * blockDim.x;
	const int j = threadIdx.y + blockIdx.y * blockDim.y;
	const int k = threadIdx.z + blockIdx.z * blockDim.z;
	if (i >= N.x || j >= N.y || k >= N.z)
		return;

	//weight = np.sqrt(np.clip(150.0 * *2 - u * *2, 0.0, 150.0 * *2))
	//weight = np.exp(muCoeff * weight)
	const float u = T_u * k + u_0;
	if (fabs(u) < muRadius)
		g[uint64(i) * uint64(N.y * N.z) + uint64(j * N.z + k)] *= expf(muCoeff * sqrt(muRadius*muRadius - u*u));
}

__global__ void applyViewDependentPolarWeightsKernel(float* g, const float* w_polar, const int3 N, const bool doInverse)
{
	const int i = threadIdx.x + blockIdx.x * blockDim.x;
	const int j = threadIdx.y + blockIdx.y * blockDim.y;
	const int k = threadIdx.z + blockIdx.z * blockDim.z;
	if (i >= N.x || j >= N.y || k >= N.z)
		return;

	if (doInverse)
		g[uint64(i) * uint64(N.y * N.z) + uint64(j * N.z + k)] /= w_polar[i * N.y + j];
	else
		g[uint64(i) * uint64(N.y * N.z) + uint64(j * N.z + k)] *= w_polar[i * N.y + j];
}

__global__ void applyWeightsKernel(float* g, const float* w_view, const float* w_ray, int3 N)
{
	const int i = threadIdx.x + blockIdx.x * blockDim.x;
	const int j = threadIdx.y + blockIdx.y * blockDim.y;
	const int k = threadIdx.z + blockIdx.z * blockDim.z;
	if (i >= N.x || j >= N.y || k >= N.z)
		return;

	float theWeight = 1.0f;
	if (w_ray != NULL)
		theWeight *= w_ray[j * N.z + k];
	if (w_view != NULL)
		theWeight *= w_view[i * N.z + k];
	g[uint64(i) * uint64(N.y * N.z) + uint64(j * N.z + k)] *= theWeight;
}
