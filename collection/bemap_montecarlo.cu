// tilelab kernel collection: bemap's Monte Carlo European call (Box-Muller on the host's uniforms, a scalar and a
// shared-memory version of the path loop)
// Source:  https://github.com/ardiyu07/bemap/blob/e84e06529609a5398fb74df0d1011c68a27a6b25/src/MonteCarlo/cuda/MonteCarlo_kernel.cu
//          (ardiyu07/bemap, commit e84e065: a benchmark suite's CUDA, OpenCL and OpenMP versions)
// Licence: BSD-3-Clause-style (the repository's LICENSE, its two notices repeated below; the file carries none).
// Kept: the device code, unchanged (lines 8-169 of the original).
//       Removed: lines 1-6: the includes ("common.hpp", whose two defines are copied in below, marked;
//       "MonteCarlo.hpp", the host class; mt19937ar.h, the host's Mersenne Twister, in extern "C");
//       lines 170-227: MonteCarloCUDA::execute(), the host (its draws and the boxmuller and montecarlo_shm launches).
//
// Copyright (c) 2012-2014, Yuri Ardila.
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are
// met:
//     * Redistributions of source code must retain the above copyright and
//       patent notices, this list of conditions and the following
//       disclaimer.
//     * Redistributions in binary form must reproduce the above copyright
//       notice, this list of conditions and the following disclaimer in
//       the documentation and/or other materials provided with the
//       distribution.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS
// IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED
// TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A
// PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
// HOLDER BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
// EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
// PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
// PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF
// LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING
// NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
// SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
//
// ------------------------------------------------------------------------
//
// Copyright (c) 2012, Fixstars Corp.
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are
// met:
//     * Redistributions of source code must retain the above copyright and
//       patent notices, this list of conditions and the following
//       disclaimer.
//     * Redistributions in binary form must reproduce the above copyright
//       notice, this list of conditions and the following disclaimer in
//       the documentation and/or other materials provided with the
//       distribution.
//     * Neither the name of Fixstars Corp. nor the names of its
//       contributors may be used to endorse or promote products derived
//       from this software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS
// IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED
// TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A
// PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
// HOLDER BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
// EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
// PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
// PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF
// LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING
// NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
// SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

// --- copied from src/MonteCarlo/cuda/common.hpp (lines 1-3), which the file includes ---
/// 2 * PI
#define NTHREADS 128
#define M_PI2 6.283185307179586
// --- end of common.hpp ---

#define cudaEnumIdx threadIdx.x + blockIdx.x * blockDim.x
#define cudaEnumIdy threadIdx.y + blockIdx.y * blockDim.y
#define cudaLocIdx threadIdx.x
#define cudaGrpIdx blockIdx.x

__global__
void montecarlo_scalar(float *call, 
					   float *random, 
					   float *confidence, 
					   float *stockPrice, 
					   float *optionStrike, 
					   float *optionYears, 
					   float R, float V, int optN, int pathN) 
{
	int glid = cudaEnumIdx;

	float S, X, T;

	if (glid < optN) {
    
		S = stockPrice[glid];
		X = optionStrike[glid];
		T = optionYears[glid];

		float sum = 0.0f, sum2 = 0.0f;
		float VBySqrtT = V * sqrt(T);
		float MuByT = (R - 0.5f * V * V) * T;
		float r, path, tmp_path;

		for (int i = 0; i < pathN; i++)
		{
			r = random[i];
			tmp_path = S * exp(MuByT + VBySqrtT * r) - X;
			path     = (tmp_path > 0.0f) ? (tmp_path) : (0.0f);

			sum  += path;
			sum2 += path*path;
		}

		call[glid] = (float)(exp(- R * T) * sum / (float)pathN);
		float stdDev = sqrt(((float)pathN * sum2 - sum * sum) / ((float)pathN * (float)(pathN - 1)));
		confidence[glid] = (float)(exp(- R * T) * 1.96f * stdDev / sqrt((float)pathN));

	}
}

__global__
void montecarlo_shm(float *call, 
					float *random, 
					float *confidence, 
					float *stockPrice, 
					float *optionStrike, 
					float *optionYears, 
					float R, float V, int optN, int pathN) 
{

	int lcid = cudaLocIdx;
	int grid = cudaGrpIdx;

	float S, X, T;

	__shared__ float shared1[NTHREADS]; /// path
	__shared__ float shared2[NTHREADS]; /// path squared
  
	shared1[lcid] = 0.0f;
	shared2[lcid] = 0.0f;
	__syncthreads();

	if (grid < optN) {
    
		S = stockPrice[grid];
		X = optionStrike[grid];
		T = optionYears[grid];

		float sum = 0.0f, sum2 = 0.0f;
		float VBySqrtT = V * sqrt(T);
		float MuByT = (R - 0.5f * V * V) * T;
		float r, path, tmp_path;

		for (int i = lcid; i < pathN; i+=NTHREADS)
		{
			r = random[i];
			tmp_path = S * exp(MuByT + VBySqrtT * r) - X;
			path     = (tmp_path > 0.0f) ? (tmp_path) : (0.0f);

			shared1[lcid] += path;
			shared2[lcid] += path*path;
		}

		__syncthreads();

		if (lcid < 64) {
			shared1[lcid] += shared1[lcid + 64];
			shared2[lcid] += shared2[lcid + 64];
		}

		__syncthreads();

		if (lcid < 32) {
			shared1[lcid] += shared1[lcid + 32];
			shared2[lcid] += shared2[lcid + 32];
		}

		__syncthreads();

		if (lcid < 16) {
			shared1[lcid] += shared1[lcid + 16];
			shared2[lcid] += shared2[lcid + 16];
		}

		__syncthreads();

		if (lcid < 8) {
			shared1[lcid] += shared1[lcid + 8];
			shared2[lcid] += shared2[lcid + 8];
		}

		__syncthreads();

		if (lcid < 4) {
			shared1[lcid] += shared1[lcid + 4];
			shared2[lcid] += shared2[lcid + 4];
		}

		__syncthreads();

		if (lcid < 2) {
			shared1[lcid] += shared1[lcid + 2];
			shared2[lcid] += shared2[lcid + 2];
		}

		__syncthreads();

		sum  = shared1[0] + shared1[1];
		sum2 = shared2[0] + shared2[1];
  
		call[grid] = (float)(exp(- R * T) * sum / (float)pathN);
		float stdDev = sqrt(((float)pathN * sum2 - sum * sum) / ((float)pathN * (float)(pathN - 1)));
		confidence[grid] = (float)(exp(- R * T) * 1.96f * stdDev / sqrt((float)pathN));
	}
}

__device__
void boxmuller_calc(float *u1, float *u2)
{
	float r = sqrt(-2.0f * log(*u1));
	float phi = M_PI2 * *u2;

	*u1 = r * cos(phi);
	*u2 = r * sin(phi);
}

__global__
void boxmuller(float *random, int pathN)
{
	int tid = cudaEnumIdx;
	int glid = tid*2;
  
	if (glid < pathN) {
		boxmuller_calc(&random[glid], &random[glid+1]);
	}
}
