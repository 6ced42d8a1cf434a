// tilelab kernel collection: psrdada_cpp's MeerKAT FBFUSE incoherent beamformer (power summed over 64 antennas, 2
// channels and 16 samples, a shared tscrunch and an int8 output tile)
// Source:  https://github.com/MPIfR-BDG/psrdada_cpp/blob/aa9436e59eeb6ee597173caeba8a9e15db8d7d46/psrdada_cpp/meerkat/fbfuse/src/IncoherentBeamformer.cu
//          (MPIfR-BDG/psrdada_cpp, commit aa9436e)
// Licence: MIT (the repository's LICENSE, repeated below; the file itself carries no notice).
// Kept, unchanged: lines 3-71 (the kernel) and 119-121; removed: lines 1-2 (project includes; fbfuse_constants.hpp's
//       defines are copied in below) and 72-118 (the IncoherentBeamformer class's host code).
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

// ---- psrdada_cpp/meerkat/fbfuse/fbfuse_constants.hpp, lines 4-8 and 27-29 (the compile-time constants the kernel uses)
#define FBFUSE_TOTAL_NANTENNAS 64        // The total number of antennas in the input DADA buffer
#define FBFUSE_NCHANS 64               // The number of channels to be processes by this instance
#define FBFUSE_NCHANS_TOTAL 4096        // This is the F-engine channel count
#define FBFUSE_NSAMPLES_PER_HEAP 256
#define FBFUSE_NPOL 2

#define FBFUSE_IB_TSCRUNCH 16
#define FBFUSE_IB_FSCRUNCH 2
#define FBFUSE_IB_NANTENNAS FBFUSE_TOTAL_NANTENNAS
// ---- end of fbfuse_constants.hpp

#include <cassert>

namespace psrdada_cpp {
namespace meerkat {
namespace fbfuse {
namespace kernels {

__global__
void icbf_taftp_general_k(
    char4 const* __restrict__ taftp_voltages,
    int8_t* __restrict__ tf_powers,
    float output_scale,
    float output_offset,
    int ntimestamps)
{
    //TAFTP
    const int tp = FBFUSE_NSAMPLES_PER_HEAP;
    const int ftp = FBFUSE_NCHANS * tp;
    const int aftp = FBFUSE_IB_NANTENNAS * ftp;
    const int nchans_out = FBFUSE_NCHANS / FBFUSE_IB_FSCRUNCH;
    const int nsamps_out = FBFUSE_NSAMPLES_PER_HEAP / FBFUSE_IB_TSCRUNCH;
    volatile __shared__ float acc_buffer[FBFUSE_NSAMPLES_PER_HEAP];
    volatile __shared__ int8_t output_buffer[nsamps_out * nchans_out];

    for (int timestamp_idx = blockIdx.x; timestamp_idx < ntimestamps; timestamp_idx += gridDim.x)
    {
        for (int start_channel_idx = 0; start_channel_idx < FBFUSE_NCHANS; start_channel_idx += FBFUSE_IB_FSCRUNCH)
        {
	    float xx = 0.0f, yy = 0.0f, zz = 0.0f, ww = 0.0f;
            for (int sub_channel_idx = start_channel_idx; sub_channel_idx < start_channel_idx + FBFUSE_IB_FSCRUNCH; ++sub_channel_idx)
            {
                for (int antenna_idx = 0; antenna_idx < FBFUSE_IB_NANTENNAS; ++antenna_idx)
                {
                    int input_index = timestamp_idx * aftp + antenna_idx * ftp + sub_channel_idx * tp + threadIdx.x;
                    char4 ant = taftp_voltages[input_index];
                    xx += ((float) ant.x) * ant.x;
                    yy += ((float) ant.y) * ant.y;
                    zz += ((float) ant.z) * ant.z;
                    ww += ((float) ant.w) * ant.w;
                }
            }
            float val = (xx + yy + zz + ww);
            acc_buffer[threadIdx.x] = val;
            __syncthreads();
            for (int ii = 1; ii < FBFUSE_IB_TSCRUNCH; ++ii)
            {
                int idx = threadIdx.x + ii;
                if (idx < FBFUSE_NSAMPLES_PER_HEAP)
                {
                    val += acc_buffer[idx];
                }
            }
            if (threadIdx.x % FBFUSE_IB_TSCRUNCH == 0)
            {
                int output_buffer_idx = threadIdx.x/FBFUSE_IB_TSCRUNCH * nchans_out + start_channel_idx/FBFUSE_IB_FSCRUNCH;
                output_buffer[output_buffer_idx] = (int8_t)((val - output_offset)/output_scale);
            }
            __syncthreads();
        }
        int output_offset = timestamp_idx * nsamps_out * nchans_out;
        for (int idx = threadIdx.x; idx < nsamps_out * FBFUSE_NCHANS/FBFUSE_IB_FSCRUNCH; idx += blockDim.x)
        {
            tf_powers[output_offset + idx] = output_buffer[idx];
        }
       __syncthreads();
    }
}

} //namespace kernels

} //namespace fbfuse
} //namespace meerkat
} //namespace psrdada_cpp
