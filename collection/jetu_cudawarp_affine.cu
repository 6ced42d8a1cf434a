// Collection file: from dusty-nv/jetson-utils (NVIDIA's C++/Python utilities for Jetson: camera, video, CUDA image
// processing).
// Source:  https://github.com/dusty-nv/jetson-utils/blob/fae4b4250f985ab92180b6ec955b79995b7a34ff/cuda/cudaWarp-affine.cu
// Licence: MIT (the file's own notice, below; the repository's LICENSE.md).
// The perspective / affine image warps: one image size (gpuPerspectiveWarp, no division by the third coordinate)
// and separate input and output sizes (gpuPerspectiveWarp2, with the division), a thread an output pixel.
// Kept: lines 1-21 (the notice), 26-59 and 179-204 (the __global__ kernels, unchanged); removed: the includes
// (lines 23-24) and the host code (invertTransform, cudaWarpPerspective and cudaWarpAffine, lines 62-176 and 206-248).

/*
 * Copyright (c) 2019, NVIDIA CORPORATION. All rights reserved.
 *
 * Permission is hereby granted, free of charge, to any person obtaining a
 * copy of this software and associated documentation files (the "Software"),
 * to deal in the Software without restriction, including without limitation
 * the rights to use, copy, modify, merge, publish, distribute, sublicense,
 * and/or sell copies of the Software, and to permit persons to whom the
 * Software is furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in
 * all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL
 * THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 * FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 * DEALINGS IN THE SOFTWARE.
 */


// gpuPerspectiveWarp
template<typename T>
__global__ void gpuPerspectiveWarp( T* input, T* output, int width, int height,
                                    float3 m0, float3 m1, float3 m2 )
{
	const int x = blockDim.x * blockIdx.x + threadIdx.x;
	const int y = blockDim.y * blockIdx.y + threadIdx.y;
				   
	if( x >= width || y >= height )
		return;
	
	const float3 vec = make_float3(x, y, 1.0f);
				 
	const float3 vec_out = make_float3( m0.x * vec.x + m0.y * vec.y + m0.z * vec.z,
								 m1.x * vec.x + m1.y * vec.y + m1.z * vec.z,
								 m2.x * vec.x + m2.y * vec.y + m2.z * vec.z );
	
	const int u = vec_out.x / vec_out.z;
	const int v = vec_out.y / vec_out.z;
	
	T px;

	px.x = 0; px.y = 255;
	px.z = 0; px.w = 255;

	if( u < width && v < height && u >= 0 && v >= 0 )
		px = input[v * width + u];
		
     //if( x != u && y != v )
	//	printf("(%i, %i) -> (%i, %i)\n", u, v, x, y);

	output[y * width + x] = px;
} 

//----------------------------------------------------------------------------------------
// gpuPerspectiveWarp2 (supports different input/output dims)
//----------------------------------------------------------------------------------------
template<typename T>
__global__ void gpuPerspectiveWarp2( T* input, int inputWidth, int inputHeight,
                                     T* output, int outputWidth, int outputHeight,
                                     float3 m0, float3 m1, float3 m2 )
{
	const int x = blockDim.x * blockIdx.x + threadIdx.x;
	const int y = blockDim.y * blockIdx.y + threadIdx.y;
				   
	if( x >= outputWidth || y >= outputHeight )
		return;
	
	const float3 vec = make_float3(x, y, 1.0f);
				 
	const float3 vec_out = make_float3( m0.x * vec.x + m0.y * vec.y + m0.z * vec.z,
								 m1.x * vec.x + m1.y * vec.y + m1.z * vec.z,
								 m2.x * vec.x + m2.y * vec.y + m2.z * vec.z );
	
	const int u = vec_out.x / vec_out.z;
	const int v = vec_out.y / vec_out.z;

	if( u < inputWidth && v < inputHeight && u >= 0 && v >= 0 )
		output[y * outputWidth + x] = input[v * inputWidth + u];
} 
