// tilelab kernel collection: a dense Lucas-Kanade optical flow (the ArTeCS group's SYCL-vs-CUDA optical-flow study, its
// CUDA version): It by a temporal filter over a circular buffer of frames, Ix and Iy by a 1-D spatial filter along x and y,
// Source:  https://github.com/artecs-group/sycl-optic-flow/blob/7b26e319128806afaf6e7fe6e9189f0e605863ee/src/lk/cuda/kernels/kernels.cu
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2023 El Faqir El Rhazoui Youssef and ArTeCS"; the file itself
//          carries no notice); the notice follows.
// and each pixel's 2 x 2 least-squares solve over a window (luca_kanade_1step_GPU).
// (artecs-group/sycl-optic-flow, commit 7b26e31, the last to touch the file ad1b329)
// Kept: lines 4 (NTHREADS2D), 14-30, 44-75, 90-121 and 134-181 (the four __global__ kernels), unchanged.
//       Removed: lines 1-2 (#include "kernels.cuh", <stdio.h>), 6-10 (copy_frames_circularbuffer_GPU, a cudaMemcpy),
//       32-42, 79-88, 123-132, 185-199 (the four host wrappers); lucaskanade.cu and main.cu (host).
// Selection, fixed before any run (collection/manifest.toml, the soflow_ entries): every __global__ kernel of the file,
// none dropped for its result, each launched as its wrapper launches it (block 16 x 16, grid ceil(nx/16) x ceil(ny/16)) in
// LucasKanade::lucas_kanade's first two calls (iframe 1 and 2), with main.cu's temp_conv_size 2, spac_conv_size 3 and
// window_size 5 and getfilters' filters ([-1, 1]; [-1/2, 0, 1/2]); the video (a landscape frame, width > height) replaced by
// 40 x 24 frames (a smoothed random image and the same shifted one pixel right and down). d_frame is frame
// (iframe+1) % 2 of the two-frame buffer: at iframe 1 frame 0 (the buffer's first half, passed as the whole buffer), at
// iframe 2 frame 1 (the allocation's last nx * ny bytes, passed as a one-frame array).
// Read before any run: spac_convolution2D_y_GPU tests its bottom edge with nx (i >= nx - filter_center) where ny is meant;
// with nx > ny its last row takes the interior branch and reads row ny, one row past the frame: at iframe 2 past the
// allocation (out_of_bounds), at iframe 1 frame 1's first row. luca_kanade_1step_GPU writes no border pixel (its window's
// half-width 2): those of d_Vx / d_Vy stay as cudaMalloc left them.
//

/*
 * MIT License
 *
 * Copyright (c) 2023 El Faqir El Rhazoui Youssef and ArTeCS
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

// src/lk/cuda/kernels/kernels.cu, line 4
#define NTHREADS2D 16

// lines 14-30
__global__ void temp_convolution_GPU(int iframe, float *It, unsigned char *frame_in, int nx, int ny, float *filter, int filter_size)
{
	int i, j;

	i = blockIdx.y * blockDim.y + threadIdx.y; 
	j = blockIdx.x * blockDim.x + threadIdx.x; 

	if (i<ny && j<nx)
		It[i*nx+j] = 0.0f;

	for(int fr=0; fr<filter_size; fr++){
		unsigned char *im = frame_in + (((fr+iframe+1)%filter_size)*nx*ny);
		if (i<ny && j<nx){
			It[i*nx+j] += filter[fr]*im[i*nx+j];
		}
	}
}

// lines 44-75
__global__ void spac_convolution2D_x_GPU(float *im_conv, unsigned char *frame_in, int nx, int ny, float *filter, int filter_size)
{
	int i, j, k;
	int filter_center = (filter_size-1)/2;

	i = blockIdx.y * blockDim.y + threadIdx.y; 
	j = blockIdx.x * blockDim.x + threadIdx.x; 

	if (i<ny && j<nx){
		im_conv[i*nx+j] = 0.0f;
		if (j<filter_center) {
			for (k=filter_center-j; k<filter_size; k++)
			{
				int pos = j+k-filter_center;
				im_conv[i*nx+j] += frame_in[i*nx+pos]*filter[k];
			}
		} else if (j>=nx-filter_center){
			for (k=0; k<filter_center+(nx-j); k++)
			{
				int pos = j+k-filter_center;
				im_conv[i*nx+j] += frame_in[i*nx+pos]*filter[k];

			}
		} else {
			for (k=0; k<filter_size; k++)
			{
				int pos = j+k-filter_center;
				im_conv[i*nx+j] += frame_in[i*nx+pos]*filter[k];
			}
		}
	}	
}

// lines 90-121
__global__ void spac_convolution2D_y_GPU(float *im_conv, unsigned char *frame_in, int nx, int ny, float *filter, int filter_size)
{
	int i, j, k;
	int filter_center = (filter_size-1)/2;

	i = blockIdx.y * blockDim.y + threadIdx.y; 
	j = blockIdx.x * blockDim.x + threadIdx.x; 

	if (i<ny && j<nx){
		im_conv[i*nx+j] = 0.0f;
		if (i<filter_center) {
			for (k=filter_center-i; k<filter_size; k++)
			{
				int pos = i+k-filter_center;
				im_conv[i*nx+j] += frame_in[pos*nx+j]*filter[k];
			}
		} else if (i>=nx-filter_center){
			for (k=0; k<filter_center+(nx-i); k++)
			{
				int pos = i+k-filter_center;
				im_conv[i*nx+j] += frame_in[pos*nx+j]*filter[k];

			}
		} else {
			for (k=0; k<filter_size; k++)
			{
				int pos = i+k-filter_center;
				im_conv[i*nx+j] += frame_in[pos*nx+j]*filter[k];
			}
		}
	}
}

// lines 134-181
__global__ void luca_kanade_1step_GPU(float *Vx, float *Vy, float *Ix, float *Iy, float *It, 
	int spac_filt_size, int temp_filt_size, int window_size, int nx, int ny)
{
	float sumIx2 =0.0f;
	float sumIxIy=0.0f;
	float sumIy2 =0.0f;
	float sumIxIt=0.0f;
	float sumIyIt=0.0f;
	int i, j, ii, jj;
	int pixel_id;

	int window_center = (window_size-1)/2;

	i = blockIdx.y * blockDim.y + threadIdx.y; 
	j = blockIdx.x * blockDim.x + threadIdx.x; 

	if (i>=window_center && j>=window_center && i<ny-window_center && j<nx-window_center){

		sumIx2 =0.0f;
		sumIxIy=0.0f;
		sumIy2 =0.0f;
		sumIxIt=0.0f;
		sumIyIt=0.0f;

		for (ii=-window_center;ii<=window_center; ii++)
			for (jj=-window_center;jj<=window_center; jj++)
			{
				pixel_id = (i+ii)*nx+(j+jj);
				sumIx2  += Ix[pixel_id]*Ix[pixel_id];
				sumIxIy += Ix[pixel_id]*Iy[pixel_id];
				sumIy2  += Iy[pixel_id]*Iy[pixel_id];
				sumIxIt += Ix[pixel_id]*It[pixel_id];
				sumIyIt += Iy[pixel_id]*It[pixel_id];
			}
		float detA = (sumIx2*sumIy2-sumIxIy*sumIxIy);


		//Luca-Kanade desarrollado el producto vectorial con la inversa 2x2
		if (detA!=0.0f){
			Vx[i*nx+j] = 1.0f/detA*(sumIy2*(-sumIxIt)     + (-sumIxIy)*(-sumIyIt));
			Vy[i*nx+j] = 1.0f/detA*((-sumIxIy)*(-sumIxIt) + sumIx2*(-sumIyIt));
			
		} else {
			Vx[i*nx+j] = 0.0f;
			Vy[i*nx+j] = 0.0f;
		}
	}
}
