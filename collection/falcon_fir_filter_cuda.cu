// tilelab kernel collection: libfalcon_dsp's CUDA FIR filter (__fir_filter: complex taps, one output a thread)
// Source:  https://github.com/OrthogonalHawk/libfalcon_dsp/blob/93b8e78ae768688df495e1c67770370c206044cd/src/transform/falcon_dsp_fir_filter_cuda.cu
//          (OrthogonalHawk/libfalcon_dsp, commit 93b8e78, master's head: a small software-defined-radio DSP library)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019 OrthogonalHawk", and the file's own notice, kept below).
// Kept: lines 1-48 (the notice, the file's description), 51 (<stdint.h>), 57-77 (the constants, the namespace's
//       opening), 99-187 (the kernel) and 374 (the namespace's closing brace) of the original, unchanged. Removed:
//       the host-only includes (lines 49-50, <iostream> and <memory>; lines 53-55, the library's class header and its
//       timing and error-check helpers), the host wrappers fir_filter_cuda (lines 78-98) and the class
//       falcon_dsp_fir_filter_cuda (lines 188-373, which pads the input with the filter state and launches the
//       kernel; its launch is the manifest entry's).
// Copied in, marked: hdr/transform/falcon_dsp_fir_filter_cuda.h line 58 (#include <cuComplex.h>), the one line of
//       the removed class header the kernel needs.

/******************************************************************************
 *
 * MIT License
 *
 * Copyright (c) 2020 OrthogonalHawk
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
 * @file     falcon_dsp_fir_filter_cuda.cu
 * @author   OrthogonalHawk
 * @date     24-Jan-2020
 *
 * @brief    Implements a CUDA-based FIR filtering operation.
 *
 * @section  DESCRIPTION
 *
 * Implements the CUDA version of FIR filtering operations. Both a standalone
 *  function and a class-based tranform object are supported.
 *
 * @section  HISTORY
 *
 * 24-Jan-2020  OrthogonalHawk  File created.
 *
 *****************************************************************************/

/******************************************************************************
 *                               INCLUDE_FILES
 *****************************************************************************/

#include <stdint.h>
// ---- hdr/transform/falcon_dsp_fir_filter_cuda.h line 58 (copied in) ----
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
    
    /* CUDA kernel function that applies an FIR filter. this kernel assumes that the caller
     *  pads the input with either zeroes or previous input (state) information. */
    __global__
    void __fir_filter(cuFloatComplex * coeffs,
                      uint32_t coeff_len,
                      uint32_t num_output_samples_to_process_per_thread,
                      cuFloatComplex * in_data,
                      uint32_t in_data_len,
                      cuFloatComplex * out_data,
                      uint32_t out_data_len)
    {
        /* retrieve the starting data index that corresponds to this thread. given the
         *  simplified FIR filter equation:
         * 
         *      y(n) = x(n)h(0) + x(n-1)h(1) + x(n-2)h(2) + ... x(n-m)h(m)
         *
         *        ^^^ y: output
         *            x: input
         *            h: FIR filter coefficients; length 'm'
         *
         * the start_data_index points to the x(n-m) data value, which is the 'oldest' sample
         *  that is required to compute y(n).
         */
        uint32_t start_data_index = (blockIdx.x * blockDim.x * num_output_samples_to_process_per_thread) +
                                        (threadIdx.x * num_output_samples_to_process_per_thread);
        
        /* the same calculation is equivalent to finding the output offset, or the 'n'
         *  used to index the output array */
        uint32_t output_data_offset = start_data_index;
        
        uint32_t num_padding_samples = coeff_len - 1;
        
        /* catch the case where the output buffer + padding is shorter than
         *  the input buffer */
        if ((out_data_len + num_padding_samples) < in_data_len)
        {
            return;
        }
        
        /* catch the case where the input size is not an integer
         *  multiple of the thread block size */
        if ((start_data_index + num_padding_samples) > in_data_len ||
            start_data_index > out_data_len)
        {
            return;
        }
        
        /* the previous checks captured cases where the current thread should do nothing.
         *  now catch the case where this kernel cannot process the full number of samples
         *  when the end of the input buffer is reached. note that due to the previous
         *  check to make sure that the output buffer is at least as long as the input
         *  buffer it is sufficient to only check the input buffer here */
        uint32_t local_num_samples_to_process = num_output_samples_to_process_per_thread;
        if ((start_data_index + num_padding_samples + num_output_samples_to_process_per_thread) > in_data_len)
        {
            local_num_samples_to_process = in_data_len - start_data_index - num_padding_samples;
        }
        
        cuFloatComplex *data_ptr = nullptr;
        cuFloatComplex *coeff_ptr = nullptr;
        cuFloatComplex accum;
        
        /* compute the output values */
        for (uint32_t out_sample_idx = 0;
             out_sample_idx < local_num_samples_to_process &&
                 (start_data_index + num_padding_samples + out_sample_idx) < in_data_len &&
                 (output_data_offset + out_sample_idx) < out_data_len;
             ++out_sample_idx)
        {
            /* reset for each new output. data_ptr is pointed to the oldest data that
             *  is needed for the y(n) output. coeff_ptr is therefore pointed to the
             *  end of the coefficient array */
            data_ptr = &in_data[start_data_index + out_sample_idx];
            coeff_ptr = &coeffs[coeff_len - 1]; /* last coefficient in the array */
            
            accum.x = 0;
            accum.y = 0;
            
            /* go through all coefficients */
            for (uint32_t ii = 0; ii < coeff_len; ++ii)
            {               
                accum = cuCaddf(accum, cuCmulf(*data_ptr++, *coeff_ptr--));
            }
            
            /* output computed; save to the output buffer */
            out_data[output_data_offset + out_sample_idx] = accum;
        }
    }
}
