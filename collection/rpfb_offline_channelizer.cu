// tilelab kernel collection: rustypfb's offline polyphase filter bank channelizer (CUDA back end)
// Source:  https://github.com/ucsdwcsng/rustypfb/blob/f998aeac57a0449b015d1ba679e41da87d2a7300/offlinepfb/src/offline_channelizer.cu
// Licence: GPL-2.0 (the repository's LICENSE, the GNU General Public License version 2; the file has no notice of its own)
// Kept: lines 24-25 (BLOCKCHANNELS, BLOCKSLICES) and 77-188 (the eight __global__ kernels) of the original, unchanged.
//       Removed: the includes, gpuAssert, make_coeff_matrix and the channelizer class (host code, cuFFT plans).
// Copied in, marked: for include/offline_channelizer.cuh lines 3 and 5 (<cufft.h>, <cuComplex.h>), cufft.h's typedef.

/*
 * rustypfb (ucsdwcsng/rustypfb): a non-maximally decimated polyphase filter bank with perfect
 * reconstruction, callable from Rust, its back end in CUDA C++.
 *
 * This program is free software; you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation; version 2 of the License
 * (the repository's LICENSE).
 *
 * This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without
 * even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the GNU
 * General Public License for more details.
 */

// ---- copied in: include/offline_channelizer.cuh line 5, and cufft.h's cufftComplex (its line 3's <cufft.h>)
#include <cuComplex.h>
typedef cuComplex cufftComplex;
// ---- end of copied lines

const int BLOCKCHANNELS = 32;
const int BLOCKSLICES = 32;

void __global__ half_multiply(cufftComplex* inp, cufftComplex* coeff, cufftComplex* output, int nchannel, int nslice, int griddim)
{
    int half         = blockIdx.y;
    int input_xcoord = blockIdx.x * blockDim.x + threadIdx.x;
    int raw_ycoord   = blockIdx.y * blockDim.y + threadIdx.y;
    int output_id    = raw_ycoord * nslice + input_xcoord;
    // int coeff_id     = output_id;
    int input_ycoord;
    int input_id;
    if (half < (griddim / 2))
    {
        input_ycoord = raw_ycoord;
        // coeff_id     = input_ycoord*nslice + input_xcoord;
    }
    else
    {
        input_ycoord = raw_ycoord - (griddim / 2)*blockDim.y; //(blockIdx.y - HALFSUBCHANNELS) * blockDim.y + threadIdx.y;
        // coeff_id     = (nchannel*nslice / 2) + input_ycoord*nslice + input_xcoord;
    }
    input_id         = (nchannel / 2 - input_ycoord)*nslice + input_xcoord;
    cufftComplex lhs = inp[input_id];
    cufftComplex rhs = coeff[output_id];
    output[output_id] = make_cuComplex(lhs.x*rhs.x - lhs.y*rhs.y, lhs.x*rhs.y + lhs.y*rhs.x);
}

void __global__ multiply(cufftComplex* inp, cufftComplex* coeff, cufftComplex* output, int nchannel, int nslice, int griddim)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int idy   = blockIdx.y * blockDim.y + threadIdx.y;
    int id    = idy * nslice + idx;
    cufftComplex lhs = inp[id];
    cufftComplex rhs = coeff[id];
    output[id] = make_cuComplex(lhs.x*rhs.x - lhs.y*rhs.y, lhs.x*rhs.y + lhs.y*rhs.x);
}

void __global__ scale(cufftComplex* inp, bool row, int nchannel, int nslice)
{
    int inp_id = (blockIdx.y * blockDim.y + threadIdx.y)*nslice + blockIdx.x * blockDim.x + threadIdx.x;
    if (row)
    {
        inp[inp_id] = make_cuComplex(inp[inp_id].x / static_cast<float>(nslice), inp[inp_id].y / static_cast<float>(nslice));
    }
    else
    {
        inp[inp_id] = make_cuComplex(inp[inp_id].x / static_cast<float>(nchannel), inp[inp_id].y / static_cast<float>(nchannel));
    }
}

void __global__ scale_and_fft_shift(cufftComplex* inp, int nchannel, int nslice)
{
    int idy = blockIdx.y * blockDim.y + threadIdx.y;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int inp_id = idy*nslice + idx;
    int sign = 1 - 2*(idy % 2);
    inp[inp_id] = make_cuComplex(sign*inp[inp_id].x / static_cast<float>(nslice), sign*inp[inp_id].y / static_cast<float>(nslice));
}

void __global__ alias(cufftComplex* inp, int nslice)
{
    int x_coord = blockIdx.x * blockDim.x + threadIdx.x;
    int y_coord = blockIdx.y * blockDim.y + threadIdx.y;
    int id = y_coord * nslice + x_coord;
    int signx = (1 - 2*(x_coord %2));
    bool signy = (y_coord % 2 == 0);
    if (signy)
    {
        if (signx != 1)
        {
            inp[id] = make_cuComplex(-inp[id].x, -inp[id].y);
        }
    }
}

// This reshape function has been tested to be correct
void __global__ reshape(cufftComplex* inp, cufftComplex* output, int nchannel, int nslice)
{
    __shared__ cufftComplex tile[BLOCKCHANNELS][BLOCKSLICES];
    int input_x_coord = blockIdx.x * blockDim.x + threadIdx.x;
    int input_y_coord = blockIdx.y * blockDim.y + threadIdx.y;
    auto inter = inp + (nchannel / 2)*input_y_coord + input_x_coord;
    tile[threadIdx.x][threadIdx.y] = *inter;
    __syncthreads();
    int output_grid_y_coord = (blockIdx.x * blockDim.x + threadIdx.y) * nslice;
    int output_grid_x_coord = blockIdx.y * blockDim.y + threadIdx.x;
    auto outer = output + output_grid_y_coord + output_grid_x_coord;
    (*outer) = tile[threadIdx.y][threadIdx.x];
}

// This reshape function has been tested to be correct
void __global__ reconstruct_addition(cufftComplex* inp, cufftComplex* output, int nchannel, int nslice)
{
    __shared__ cufftComplex tile[BLOCKCHANNELS][BLOCKSLICES];
    int input_x_coord = blockIdx.x * blockDim.x + threadIdx.x;
    int input_y_coord = blockIdx.y * blockDim.y + threadIdx.y;
    auto inter   = inp + nslice*(nchannel / 2 - input_y_coord) + input_x_coord;
    auto inter_2 = inp + nslice*(nchannel - input_y_coord) + input_x_coord;
    tile[threadIdx.x][threadIdx.y] = make_cuComplex((inter->x + inter_2->x),(inter->y + inter_2->y));
    __syncthreads();
    int output_grid_y_coord = (blockIdx.x * blockDim.x + threadIdx.y) * (nchannel / 2);
    int output_grid_x_coord = blockIdx.y * blockDim.y + threadIdx.x;
    auto outer = output + output_grid_y_coord + output_grid_x_coord;
    (*outer) = tile[threadIdx.y][threadIdx.x];
}

void __global__ fft_shift(cufftComplex* inp, int nslice, bool row)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int idy = blockIdx.y * blockDim.y + threadIdx.y;
    int id = idy*nslice + idx;
    int sign = row ? (1-2*(idx % 2)) : (1-2*(idy % 2));
    inp[id] = make_cuComplex(sign*inp[id].x, sign*inp[id].y);
}
