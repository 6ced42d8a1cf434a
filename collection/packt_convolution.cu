// tilelab kernel collection: 2D convolution: global, __constant__ filter, shared-memory tile (Learn CUDA Programming, ch. 7)
// Source:  https://github.com/PacktPublishing/Learn-CUDA-Programming/blob/c45328cd5d58d8e315442826dc15594d4d54b15a/Chapter07/07_parallel_programming_pattern/02_convolution/convolution.cu
//          (PacktPublishing/Learn-CUDA-Programming, commit c45328cd)
// Licence: MIT, Copyright (c) 2018 Packt (the repository's LICENSE, which the file itself does not repeat); it follows.
// Kept: the device code, unchanged (lines 11-12, 15-128 of the original). Removed: host code and host-only includes.

/*
 * MIT License
 *
 * Copyright (c) 2018 Packt
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

#define BLOCK_DIM   16
#define MAX_FILTER_LENGTH 128

__global__ void
convolution_kernel_v1(float *d_output, float *d_input, float *d_filter, int num_row, int num_col, int filter_size)
{
    int idx_x = blockDim.x * blockIdx.x + threadIdx.x;
    int idx_y = blockDim.y * blockIdx.y + threadIdx.y;

    float result = 0.f;
    for (int filter_row = -filter_size / 2; filter_row <= filter_size / 2; ++filter_row)
    {
        for (int filter_col = -filter_size / 2; filter_col <= filter_size / 2; ++filter_col)
        {
            // Find the global position to apply the given filter
            int image_row = idx_y + filter_row;
            int image_col = idx_x + filter_col;

            float image_value = (image_row >= 0 && image_row < num_row && image_col >= 0 && image_col < num_col) ?
                                            d_input[image_row * num_col + image_col] : 0.f;
            float filter_value = d_filter[(filter_row + filter_size / 2) * filter_size + filter_col + filter_size / 2];

            result += image_value * filter_value;
        }
    }

    d_output[idx_y * num_col + idx_x] = result;
}

__constant__ float c_filter[MAX_FILTER_LENGTH * MAX_FILTER_LENGTH];

__global__ void
convolution_kernel_v2(float *d_output, float *d_input, float *d_filter, int num_row, int num_col, int filter_size)
{
    int idx_x = blockDim.x * blockIdx.x + threadIdx.x;
    int idx_y = blockDim.y * blockIdx.y + threadIdx.y;

    float result = 0.f;
    for (int filter_row = -filter_size / 2; filter_row <= filter_size / 2; ++filter_row)
    {
        for (int filter_col = -filter_size / 2; filter_col <= filter_size / 2; ++filter_col)
        {
            int image_row = idx_y + filter_row;
            int image_col = idx_x + filter_col;

            float image_value = (image_row >= 0 && image_row < num_row && image_col >= 0 && image_col < num_col) ?
                                            d_input[image_row * num_col + image_col] : 0.f;
            float filter_value = c_filter[(filter_row + filter_size / 2) * filter_size + filter_col + filter_size / 2];

            result += image_value * filter_value;
        }
    }

    d_output[idx_y * num_col + idx_x] = result;
}

__global__ void
convolution_kernel_v3(float *d_output, float *d_input, float *d_filter, int num_row, int num_col, int filter_size)
{
    int idx_x = blockDim.x * blockIdx.x + threadIdx.x;
    int idx_y = blockDim.y * blockIdx.y + threadIdx.y;
    
    int pad_size = filter_size / 2;
    int tile_size = BLOCK_DIM + 2 * pad_size;

    extern __shared__ float s_input[];

    for (int row = 0; row <= tile_size / BLOCK_DIM; row++)
    {
        for (int col = 0; col <= tile_size / BLOCK_DIM; col++)
        {
            int idx_row = idx_y + BLOCK_DIM * row - pad_size;   // input data index row
            int idx_col = idx_x + BLOCK_DIM * col - pad_size;   // input data index column
            int fid_row = threadIdx.y + BLOCK_DIM * row; // filter index row
            int fid_col = threadIdx.x + BLOCK_DIM * col; // filter index column
            
            if (fid_row >= tile_size || fid_col >= tile_size)   continue;

            s_input[tile_size * fid_row + fid_col] = \
                (idx_row >= 0 && idx_row < num_row && idx_col >= 0 && idx_col < num_col) ? 
                    d_input[num_col * idx_row + idx_col] : 0.f;
        }
    }

    __syncthreads();

    /* Tile Debugging */
    // if (idx_x == BLOCK_DIM*1 && idx_y == BLOCK_DIM*1) 
    // {
    //     for (int row = 0; row < 2*pad_size + BLOCK_DIM; row++)
    //     {
    //         for (int col = 0; col < 2*pad_size + BLOCK_DIM; col++)
    //         {
    //             printf("%.0f ", s_input[tile_size * row + col]);
    //         }
    //         printf("\n");
    //     }
    // }

    float result = 0.f;
    for (int filter_row = -filter_size / 2; filter_row <= filter_size / 2; ++filter_row)
    {
        for (int filter_col = -filter_size / 2; filter_col <= filter_size / 2; ++filter_col)
        {
            // Find the global position to apply the given filter            
            int image_row = threadIdx.y + pad_size + filter_row;
            int image_col = threadIdx.x + pad_size + filter_col;

            float image_value  = s_input[tile_size * image_row + image_col];            
            float filter_value = c_filter[(filter_row + filter_size / 2) * filter_size + filter_col + filter_size / 2];

            result += image_value * filter_value;
        }
    }

    d_output[idx_y * num_col + idx_x] = result;
}
