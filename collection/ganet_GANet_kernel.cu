// tilelab kernel collection: GA-Net's semi-global guided aggregation (SGA) and local guided aggregation (LGA) forward kernels
// Source:  https://github.com/feihuzhang/GANet/blob/0d9d94fa9016c741eafc7044a9764ee2b16c59ab/libs/GANet/src/GANet_kernel.cu
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019 Feihu Zhang"; the file carries none), the notice follows.
// What: the four SGA passes (down, up, right, left: a weighted recurrence over the cost volume along one direction,
//       five guidance weights per pixel), the Max / get_temp_grad / MaxDepth helpers and the LGA 3 x (2r+1)^2 filter.
// Kept: lines 1, 3-64 (Max, get_temp_grad, MaxDepth), 66-127 (sga_down_forward), 285-346 (sga_up_forward), 507-565
//       (sga_right_forward), 720-778 (sga_left_forward), 1131-1175 (lga_filtering_forward) and 1366-1370 (the extern "C"
//       close), unchanged. Removed: line 2 (#include <torch/extension.h>, host only), the backward kernels (lines 129-283,
//       348-505, 567-718, 780-933, 1177-1269: left out of this selection for its size) and the host launchers (935-1129,
//       1271-1365: at::Tensor code).
//
// MIT License
//
// Copyright (c) 2019 Feihu Zhang
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
//#include <torch/torch.h>
//#include <torch/serialize/tensor.h>
//#include <ATen/ATen.h>
//#include <ATen/cuda/CUDAContext.h>

#define CUDA_NUM_THREADS 256 
#define THREADS_PER_BLOCK 64 

#define DIM0(TENSOR) ((TENSOR).x)
#define DIM1(TENSOR) ((TENSOR).y)
#define DIM2(TENSOR) ((TENSOR).z)
#define DIM3(TENSOR) ((TENSOR).w)

#define DIM3_INDEX(TENSOR, xx, yy, zz, ww) ((TENSOR)[((xx) * (TENSOR##_stride.x)) + ((yy) * (TENSOR##_stride.y)) + ((zz) * (TENSOR##_stride.z)) + ((ww) * (TENSOR##_stride.w))])

#ifdef __cplusplus
    extern "C" {
#endif



__global__ void Max (const int n, const float *top_temp, float *top_data, float *mask,
     const int mask_index){

  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= n)
    {
      return;
    }
  if (top_data[index] < top_temp[index])
    {
      top_data[index] = top_temp[index];
      mask[index] = mask_index;
    }
}

__global__ void get_temp_grad (const int n, const float *gradOutput, const float *mask,
	       float *top_grad, const int mask_index){

  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= n)
    {
      return;
    }
  if (((int) mask[index]) == mask_index)
    top_grad[index] = gradOutput[index];
}

__global__ void MaxDepth (const int n, const float *bottom_data, const int step,
	  const int depth, float *idx){

  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= n)
    {
      return;
    }
  int base = index / step * step * depth + index % step;
  int k = 0;
  for (int i = 1; i < depth; i++)
    if (bottom_data[base + k * step] < bottom_data[base + i * step])
      k = i;
  idx[index] = k;
}

__global__ void sga_down_forward (const int n, const float *filters, const int height,
		  const int width, const int depth, const int wsize,
		  float *top_data){

  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= n)
    {
      return;
    }
  int step = height * width;
//  int wsize=radius+1;
  int base = index / width * step * depth + index % width;	//up->down
  int fbase = index / width * step * wsize + index % width;

  int kp = 0;

  for (int row = 0; row < height; row++)
    {
      int shift = fbase + row * width;

      int base0 = base + row * width;
      int k = kp;
      kp = 0;

/*        if(row-1>=0)
            for(int i = 1; i < depth; i++){
	        if(top_data[base0-width+k*step]<top_data[base0-width+i*step])
		    k = i;
*/
      for (int d = 0; d < depth; d++)
	{
	  float temp = 0;
	  int location = base0 + d * step;
	  temp += top_data[location] * filters[shift];
	  if (row - 1 >= 0)
	    temp += top_data[location - width] * filters[shift + step];
	  else
	    temp += top_data[location] * filters[shift + step];

	  if (row - 1 >= 0 && d - 1 >= 0)
	    temp +=
	      top_data[location - width - step] * filters[shift + 2 * step];
	  else
	    temp += top_data[location] * filters[shift + 2 * step];
	  if (row - 1 >= 0 && d + 1 < depth)
	    temp +=
	      top_data[location - width + step] * filters[shift + 3 * step];
	  else
	    temp += top_data[location] * filters[shift + 3 * step];
	  if (row - 1 >= 0)
	    temp +=
	      top_data[base0 - width + k * step] * filters[shift + 4 * step];
	  else
	    temp += top_data[location] * filters[shift + 4 * step];
	  top_data[location] = temp;

	  if (top_data[base0 + kp * step] < temp)
	    kp = d;

	}
    }
}

__global__ void sga_up_forward (const int n, const float *filters, const int height,
		const int width, const int depth, const int wsize,
		float *top_data){

  int index = blockIdx.x * blockDim.x + threadIdx.x;

  if (index >= n)
    {
      return;
    }
  int step = height * width;
  //   int wsize=radius+1;

  int base = index / width * step * depth + index % width;	//up->down
  int fbase = index / width * step * wsize + index % width;

  int kp = 0;			//1

  for (int row = height - 1; row >= 0; row--)
    {
      int shift = fbase + row * width;
//2
      int base0 = base + row * width;
      int k = kp;
      kp = 0;
//2
      for (int d = 0; d < depth; d++)
	{
	  float temp = 0;
	  int location = base + d * step + row * width;
	  temp += top_data[location] * filters[shift];
	  if (row + 1 < height)
	    temp += top_data[location + width] * filters[shift + step];
	  else
	    temp += top_data[location] * filters[shift + step];

	  if (row + 1 < height && d - 1 >= 0)
	    temp +=
	      top_data[location + width - step] * filters[shift + 2 * step];
	  else
	    temp += top_data[location] * filters[shift + 2 * step];
	  if (row + 1 < height && d + 1 < depth)
	    temp +=
	      top_data[location + width + step] * filters[shift + 3 * step];
	  else
	    temp += top_data[location] * filters[shift + 3 * step];

//3
	  if (row + 1 < height)
	    temp +=
	      top_data[base0 + width + k * step] * filters[shift + 4 * step];
	  else
	    temp += top_data[location] * filters[shift + 4 * step];
	  top_data[location] = temp;

	  if (top_data[base0 + kp * step] < temp)
	    kp = d;
//3

	}
    }
}

__global__ void sga_right_forward (const int n, const float *filters, const int height,
		   const int width, const int depth, const int wsize,
		   float *top_data){

  int index = blockIdx.x * blockDim.x + threadIdx.x;

  if (index >= n)
    {
      return;
    }
  int step = height * width;
  //   int wsize=radius+1;

  int base = index / height * step * depth + (index % height) * width;	//up->down
  int fbase = index / height * step * wsize + (index % height) * width;

  int kp = 0;

  for (int col = 0; col < width; col++)
    {
      int shift = fbase + col;
//2
      int base0 = base + col;
      int k = kp;
      kp = 0;
//2
      for (int d = 0; d < depth; d++)
	{
	  float temp = 0;
	  int location = base + d * step + col;
	  temp += top_data[location] * filters[shift];
	  if (col - 1 >= 0)
	    temp += top_data[location - 1] * filters[shift + step];
	  else
	    temp += top_data[location] * filters[shift + step];

	  if (col - 1 >= 0 && d - 1 >= 0)
	    temp += top_data[location - 1 - step] * filters[shift + 2 * step];
	  else
	    temp += top_data[location] * filters[shift + 2 * step];
	  if (col - 1 >= 0 && d + 1 < depth)
	    temp += top_data[location - 1 + step] * filters[shift + 3 * step];
	  else
	    temp += top_data[location] * filters[shift + 3 * step];

//3
	  if (col - 1 >= 0)
	    temp +=
	      top_data[base0 - 1 + k * step] * filters[shift + 4 * step];
	  else
	    temp += top_data[location] * filters[shift + 4 * step];
	  top_data[location] = temp;

	  if (top_data[base0 + kp * step] < temp)
	    kp = d;
//3
	}
    }
}

__global__ void sga_left_forward (const int n, const float *filters, const int height,
		  const int width, const int depth, const int wsize,
		  float *top_data){

  int index = blockIdx.x * blockDim.x + threadIdx.x;

  if (index >= n)
    {
      return;
    }
  int step = height * width;
  //   int wsize=radius+1;

  int base = index / height * step * depth + (index % height) * width;	//up->down
  int fbase = index / height * step * wsize + (index % height) * width;

  int kp = 0;

  for (int col = width - 1; col >= 0; col--)
    {
      int shift = fbase + col;
//2
      int base0 = base + col;
      int k = kp;
      kp = 0;
//2
      for (int d = 0; d < depth; d++)
	{
	  float temp = 0;
	  int location = base + d * step + col;
	  temp += top_data[location] * filters[shift];
	  if (col + 1 < width)
	    temp += top_data[location + 1] * filters[shift + step];
	  else
	    temp += top_data[location] * filters[shift + step];

	  if (col + 1 < width && d - 1 >= 0)
	    temp += top_data[location + 1 - step] * filters[shift + 2 * step];
	  else
	    temp += top_data[location] * filters[shift + 2 * step];
	  if (col + 1 < width && d + 1 < depth)
	    temp += top_data[location + 1 + step] * filters[shift + 3 * step];
	  else
	    temp += top_data[location] * filters[shift + 3 * step];

//3
	  if (col + 1 < width)
	    temp +=
	      top_data[base0 + 1 + k * step] * filters[shift + 4 * step];
	  else
	    temp += top_data[location] * filters[shift + 4 * step];
	  top_data[location] = temp;

	  if (top_data[base0 + kp * step] < temp)
	    kp = d;
//3
	}
    }
}

__global__ void lga_filtering_forward (const int n, const float *bottom_data,
		       const float *filters, const int height,
		       const int width, const int channel, const int radius,
		       float *top_data){

  int index = blockIdx.x * blockDim.x + threadIdx.x;
//    printf("OK\n");
//    printf("%d, %.2f, %.2f\n", index, bottom_data[index], top_data[index]);
  if (index >= n)
    {
      return;
    }
//    top_data[index]=1.0;
//    assert(0);
  int step = height * width;
  int wsize = 2 * radius + 1;
//      int fsize=wsize*wsize*3;
  int fbase =
    index / (step * channel) * (step * wsize * wsize * 3) + index % step;
  int row = index % step / width;
  int col = index % width;
  int depth = index / step % channel;
  for (int d = -1; d <= 1; d++)
    {
      for (int r = -radius; r <= radius; r++)
	{
	  for (int c = -radius; c <= radius; c++)
	    {
	      int rr = r + row;
	      int cc = c + col;
	      int dd = d + depth;
	      int shift = 0;
	      if (rr >= 0 && cc >= 0 && dd >= 0 && rr < height && cc < width
		  && dd < channel)
		shift = r * width + c + d * step;
	      int location =
		(d + 1) * (wsize * wsize) + (r + radius) * wsize + c + radius;
	      top_data[index] +=
		bottom_data[index + shift] * filters[fbase + location * step];
	    }
	}
    }
//        top_data[index]=1.0;
//        printf("%d, %d, %d, %.2f, %.2f\n", index, row, col, bottom_data[index], top_data[index]);
}


#ifdef __cplusplus
    }
#endif
