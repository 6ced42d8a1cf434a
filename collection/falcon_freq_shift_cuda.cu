// tilelab kernel collection: libfalcon_dsp's CUDA frequency shift (__freq_shift: multiply by a complex sinusoid)
// Source:  https://github.com/OrthogonalHawk/libfalcon_dsp/blob/93b8e78ae768688df495e1c67770370c206044cd/src/transform/falcon_dsp_freq_shift_cuda.cu
//          (OrthogonalHawk/libfalcon_dsp, commit 93b8e78, master's head: a small software-defined-radio DSP library)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019 OrthogonalHawk", and the file's own notice, kept below).
// Kept: lines 1-50 (the notice, the file's description), 53 (<stdint.h>), 59-79 (the constants, the namespace's
//       opening), 120-162 (__freq_shift) and 489 (the namespace's closing brace) of the original, unchanged.
//       Removed: the host-only includes (lines 51-52, <iostream> and <memory>; lines 55-57, the library's class
//       header and its timing and error-check helpers), the host wrappers freq_shift_cuda (lines 80-119) and the
//       class falcon_dsp_freq_shift_cuda (lines 217-488, which launches the kernels; the launch is the manifest
//       entry's). Not taken (docs/FIDELITY.md, the thirty-third suite's selection rule, before anything ran):
//       __freq_shift_multi_chan (lines 163-216), whose argument is an array of freq_shift_channel_s in device memory
//       holding device pointers, which no manifest entry can write; removed with it the structure's header (its
//       host methods call cudaMallocManaged and cudaFree).
// Copied in, marked: hdr/transform/falcon_dsp_freq_shift_cuda.h line 59 (#include <cuComplex.h>).

/******************************************************************************
 *
 * MIT License
 *
 * Copyright (c) 2019 OrthogonalHawk
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to
 * deal in the Software without restriction, including without limitation the
 * rights to use, copy, modify, merge, publish, distribute, sublicense, and/or
 * sell copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in
 * all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 * FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS
 * IN THE SOFTWARE.
 *
 *****************************************************************************/

/******************************************************************************
 *
 * @file     falcon_dsp_freq_shift_cuda.cu
 * @author   OrthogonalHawk
 * @date     04-Jun-2019
 *
 * @brief    Implements a CUDA-based time series frequency shift operation.
 *
 * @section  DESCRIPTION
 *
 * Implements the CUDA version of a time series frequency shift operation. Both
 *  a standalone function and a class-based tranform object are supported.
 *
 * @section  HISTORY
 *
 * 04-Jun-2019  OrthogonalHawk  File created.
 * 19-Jan-2020  OrthogonalHawk  Refactored to use falcon_dsp_freq_shift_cuda.h
 * 12-Feb-2020  OrthogonalHawk  Updated to use an 'initialize' method.
 *
 *****************************************************************************/

/******************************************************************************
 *                               INCLUDE_FILES
 *****************************************************************************/

#include <stdint.h>
// ---- hdr/transform/falcon_dsp_freq_shift_cuda.h line 59 (copied in) ----
#include <cuComplex.h>
// ---- end of the copied line ----

/******************************************************************************
 *                                 CONSTANTS
 *****************************************************************************/

const bool TIMING_LOGS_ENABLED = false;

const uint32_t MAX_NUM_CUDA_THREADS = 1024;

/******************************************************************************
 *                              ENUMS & TYPEDEFS
 *****************************************************************************/

/******************************************************************************
 *                                  MACROS
 *****************************************************************************/

namespace falcon_dsp
{
    /******************************************************************************
     *                        FUNCTION IMPLEMENTATION
     *****************************************************************************/
    
    /* CUDA kernel function that applies a frequency shift and puts the shifted data
     *  into a (new?) memory location. can either be used to modify the data in-place
     *  or to make a new vector with the shifted data. */
    __global__
    void __freq_shift(uint32_t num_samples_handled_previously,
                      uint32_t time_shift_rollover_sample_idx,
                      double angular_freq,
                      cuFloatComplex * in_data,
                      uint32_t in_data_len,
                      cuFloatComplex * out_data,
                      uint32_t out_data_len)
    {
        /* retrieve the starting data index that corresponds to this thread */
        uint32_t start_data_index = blockIdx.x * blockDim.x + threadIdx.x;
     
        /* catch the cases where the output buffer is shorter than
         *  the input buffer and where the input size is not an integer
         *  multiple of the thread block size */
        if ( (out_data_len < in_data_len) ||
             (start_data_index > in_data_len ) ||
             (start_data_index > out_data_len) )
        {
            return;
        }
        
        /* compute the time shift index for the current thread */
        uint64_t time_shift_idx = num_samples_handled_previously + start_data_index;

        cuFloatComplex freq_shift;
        time_shift_idx %= time_shift_rollover_sample_idx;
            
        /* compute the frequency shift multiplier value */
        double freq_shift_angle = angular_freq * static_cast<double>(time_shift_idx);
            
        /* set a CUDA complex variable to apply the freqency shift */
        freq_shift.x = cos(freq_shift_angle);
        freq_shift.y = sin(freq_shift_angle);

        /* apply the frequency shift; may be used to modify data in place or to put
         *  the output into a new vector based on the input arguments */
        out_data[start_data_index] = cuCmulf(in_data[start_data_index], freq_shift);
    }
}
