// tilelab kernel collection: psrdada_cpp's Effelsberg EDD scaled transpose (float2 TF spectra to char2 TFT packets
// through a dynamic shared tile)
// Source:  https://github.com/MPIfR-BDG/psrdada_cpp/blob/aa9436e59eeb6ee597173caeba8a9e15db8d7d46/psrdada_cpp/effelsberg/edd/src/ScaledTransposeTFtoTFT.cu
//          (MPIfR-BDG/psrdada_cpp, commit aa9436e)
// Licence: MIT (the repository's LICENSE, repeated below; the file itself carries no notice).
// Kept, unchanged: lines 3-61 (the kernel) and 105-108; removed: lines 1-2 (project includes) and 62-104 (the
//       ScaledTransposeTFtoTFT class's host code).
/*
 * MIT License
 *
 * Copyright (c) 2017 ewanbarr
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


namespace psrdada_cpp {
namespace effelsberg {
namespace edd {
namespace kernels {

__global__
void tf_to_tft_transpose(
    float2 const* __restrict__ input, 
    char2* __restrict__ output, 
    const int nchans, 
    const int nsamps, 
    const int nsamps_per_packet,
    const int nsamps_per_load,
    const float scale,
    const float offset)
{
    extern __shared__ char2 temp[]; //nbytes = sizeof(char2) * nsamps_per_load * nchans;
    const int load_offset = nsamps_per_packet * blockIdx.x * nchans;
    for (int sub_samp_load_idx = 0;
        sub_samp_load_idx < nsamps_per_packet/nsamps_per_load;
        ++sub_samp_load_idx)
    {
        for (int samp_load_idx = threadIdx.y;
            samp_load_idx < nsamps_per_load;
            samp_load_idx += blockDim.y)
        {
            for (int chan_load_idx = threadIdx.x; 
                chan_load_idx < nchans;
                chan_load_idx += blockDim.x)
            {
                int load_idx = (load_offset + (sub_samp_load_idx * nsamps_per_load 
                    + samp_load_idx) * nchans + chan_load_idx);
                float2 val = input[load_idx];
                char2 store_val;
                store_val.x = (char)((val.x - offset)/scale);
                store_val.y = (char)((val.y - offset)/scale);
                temp[samp_load_idx * nchans + chan_load_idx] = store_val;
            }
        }
        __syncthreads();
        for (int chan_store_idx = threadIdx.y;
            chan_store_idx < nchans;
            chan_store_idx += blockDim.y)
        {
            for (int samp_store_idx = threadIdx.x;
                samp_store_idx < nsamps_per_load;
                samp_store_idx += blockDim.x)
            {
                int store_idx = (load_offset + chan_store_idx * nsamps_per_packet 
                    + nsamps_per_load * sub_samp_load_idx + samp_store_idx);
                output[store_idx] = temp[samp_store_idx * nchans + chan_store_idx];
            }
        }
        __syncthreads();
    }
}

} //namespace kernels


} //namespace edd
} //namespace effelsberg
} //namespace psrdada_cpp
