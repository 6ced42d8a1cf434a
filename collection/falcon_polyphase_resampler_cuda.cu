// tilelab kernel collection: libfalcon_dsp's CUDA polyphase resampler (__polyphase_resampler_single_out and
//          __polyphase_resampler_multi_out: transposed, flipped taps in shared memory, per-output parameters)
// Source:  https://github.com/OrthogonalHawk/libfalcon_dsp/blob/93b8e78ae768688df495e1c67770370c206044cd/src/transform/falcon_dsp_polyphase_resampler_cuda.cu
//          (OrthogonalHawk/libfalcon_dsp, commit 93b8e78, master's head: a small software-defined-radio DSP library)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019 OrthogonalHawk", and the file's own notice) and
//          BSD-3-Clause (the file's Motorola notice for the upfirdn code it derives from); both kept below.
// Kept: lines 1-92 (the notices, the file's description), 95 (<stdint.h>), 102-162 (the constants, output_sample_s,
//       the namespace's opening), 163-354 (the two kernels) and 681 (the namespace's closing brace) of the original,
//       unchanged. Removed: the host-only includes (lines 93-94, <iostream> and <numeric>; lines 97-100, the
//       library's class header and its timing, utility and error-check helpers) and the class
//       falcon_dsp_polyphase_resampler_cuda (lines 355-680, which builds the per-output parameters and launches
//       the kernels; its launch is the manifest entry's).
// Copied in, marked: hdr/transform/falcon_dsp_polyphase_resampler_cuda.h line 123 (#include <cuComplex.h>) and
//       lines 137-146 (polyphase_resampler_output_params_s, the kernels' parameter structure).
// Changed for NVRTC: one line added, #include <climits>: output_sample_s's constructor uses LONG_MAX, which nvcc's
//       build gets through the removed <iostream>.

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

/* The polyphase resampler implementation is based on code provided at
 *  https://github.com/staticfloat/upfirdn; which appears to be originally
 *  from https://sourceforge.net/motorola/upfirdn/home/Home/
 *
 * The Resampler interface is somewhat modified for the author's purposes, but
 *  the original copyright is provided here due to the heavy reuse from the
 *  original code.
 */

/*
Copyright (c) 2009, Motorola, Inc
All Rights Reserved.
Redistribution and use in source and binary forms, with or without 
modification, are permitted provided that the following conditions are
met:

* Redistributions of source code must retain the above copyright notice,
this list of conditions and the following disclaimer.

* Redistributions in binary form must reproduce the above copyright 
notice, this list of conditions and the following disclaimer in the 
documentation and/or other materials provided with the distribution.

* Neither the name of Motorola nor the names of its contributors may be 
used to endorse or promote products derived from this software without 
specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS 
IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO,  
THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR 
PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT OWNER OR 
CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, 
EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, 
PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR 
PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF 
LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING 
NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS 
SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
*/

/******************************************************************************
 *
 * @file     falcon_dsp_polyphase_resampler_cuda.cu
 * @author   OrthogonalHawk
 * @date     22-Apr-2019
 *
 * @brief    CUDA implementation of a polyphase resampler.
 *
 * @section  DESCRIPTION
 *
 * Implements CUDA version of a polyphase resampler.
 *
 * @section  HISTORY
 *
 * 22-Apr-2019  OrthogonalHawk  File created.
 * 24-Jan-2020  OrthogonalHawk  Fixing bugs with implementation and switched to
 *                               fully specified class from templated class.
 * 31-Jan-2020  OrthogonalHawk  Added optimized resampler kernel for a single
 *                               output per thread.
 * 13-Feb-2020  OrthogonalHawk  Switch to use resampler 'initialize' method.
 *
 *****************************************************************************/

/******************************************************************************
 *                               INCLUDE_FILES
 *****************************************************************************/

#include <stdint.h>
#include <climits>   // changed for NVRTC: LONG_MAX, which nvcc's build gets through <iostream> (see the header)
// ---- hdr/transform/falcon_dsp_polyphase_resampler_cuda.h line 123 and lines 137-146 (copied in) ----
#include <cuComplex.h>

struct polyphase_resampler_output_params_s
{
    polyphase_resampler_output_params_s(int64_t x_idx, uint32_t start_coeff_phase)
      : start_x_idx(x_idx),
        start_coeff_phase(start_coeff_phase)
    { }

    int64_t start_x_idx;
    uint32_t start_coeff_phase;
};
// ---- end of the copied lines ----

/******************************************************************************
 *                                 CONSTANTS
 *****************************************************************************/

const bool TIMING_ENABLED = true;

const uint32_t MAX_NUM_OUTPUTS_PER_CUDA_THREAD = 1;
const uint32_t MAX_NUM_CUDA_THREADS_PER_BLOCK = 1024;

const uint32_t NUM_THREAD_BLOCK_OUTPUT_SHARED_MEMORY_ELEMENTS = MAX_NUM_OUTPUTS_PER_CUDA_THREAD * MAX_NUM_CUDA_THREADS_PER_BLOCK;

/******************************************************************************
 *                              ENUMS & TYPEDEFS
 *****************************************************************************/

struct output_sample_s
{
    __device__ output_sample_s(void)
      : active(false),
        coeff_ptr(nullptr),
        data_start_idx(LONG_MAX),
        data_stop_idx(LONG_MAX)
    {
        acc.x = 0;
        acc.y = 0;
    }
    
    bool             active;
    cuFloatComplex   acc;
    cuFloatComplex * coeff_ptr;
    int64_t          data_start_idx;
    int64_t          data_stop_idx;
};

const uint32_t NUM_OUT_SAMPLE_CU_FLOAT_COMPLEX_EQUIVALENTS = 5;

/* use CUDA shared memory to hold coefficient data if possible. for the Jetson
 *  Nano there appears to be 49152 bytes of shared memory. let's round this down
 *  to 48 Kbytes. each coefficient is two float values, so 8 bytes each. there
 *  should therefore be room for up to 6000 coefficients in shared memory. however,
 *  we need to leave room for temporary output stored in shared memory as well
 *  so adjust accordingly.
 *
 * [1] https://devtalk.nvidia.com/default/topic/1056895/jetson-nano/about-jetson-nano-device-query/
 */

const uint32_t MAX_NUM_COEFFICIENTS_IN_SHARED_MEMORY_SINGLE_OUT = 6000;

const uint32_t MAX_NUM_COEFFICIENTS_IN_SHARED_MEMORY_MULTI_OUT =
    6000 - (NUM_OUT_SAMPLE_CU_FLOAT_COMPLEX_EQUIVALENTS * NUM_THREAD_BLOCK_OUTPUT_SHARED_MEMORY_ELEMENTS);

/******************************************************************************
 *                                  MACROS
 *****************************************************************************/

namespace falcon_dsp
{
    /******************************************************************************
     *                         FUNCTION IMPLEMENTATION
     *****************************************************************************/

    /* CUDA kernel function that resamples the input array. this version supports
     *  computing a single output per CUDA thread */
    __global__
    void __polyphase_resampler_single_out(cuFloatComplex * coeffs, uint32_t coeffs_len,
                                          polyphase_resampler_output_params_s * output_params, uint32_t params_len,
                                          cuFloatComplex * in, uint32_t in_len,
                                          cuFloatComplex * out, uint32_t out_len,
                                          uint32_t coeffs_per_phase)
    {
        __shared__ cuFloatComplex s_coeffs[MAX_NUM_COEFFICIENTS_IN_SHARED_MEMORY_SINGLE_OUT];
        output_sample_s out_sample;
        
        /* compute the thread index */
        uint32_t thread_index = blockIdx.x * blockDim.x + threadIdx.x;
        
        /* sanity check inputs */
        if (in == nullptr ||
            out == nullptr ||
            coeffs == nullptr ||
            thread_index > params_len)
        {
            return;
        }
        
        /* optionally load coefficients into shared memory */
        if (coeffs_len < MAX_NUM_COEFFICIENTS_IN_SHARED_MEMORY_SINGLE_OUT)
        {
            uint32_t num_coefficients_per_thread = (coeffs_len / blockDim.x) + 1;
            for (uint32_t coeff_idx = threadIdx.x * num_coefficients_per_thread;
                 coeff_idx < ((threadIdx.x * num_coefficients_per_thread) + num_coefficients_per_thread) &&
                     coeff_idx < coeffs_len;
                 ++coeff_idx)
            {
                s_coeffs[coeff_idx] = coeffs[coeff_idx];
            }
            
            __syncthreads();
        }
        
        /* verify that this thread has at least one output to compute */
        if (thread_index >= out_len)
        {
            return;
        }

        /* capture the output sample information */
        polyphase_resampler_output_params_s params = output_params[thread_index];
        out_sample.active = true;
        if (coeffs_len < MAX_NUM_COEFFICIENTS_IN_SHARED_MEMORY_SINGLE_OUT)
        {
            out_sample.coeff_ptr = s_coeffs + params.start_coeff_phase * coeffs_per_phase;
        }
        else
        {
            out_sample.coeff_ptr = coeffs + params.start_coeff_phase * coeffs_per_phase;
        }
        
        int64_t thread_data_start_idx = params.start_x_idx - coeffs_per_phase + 1;
        int64_t thread_data_stop_idx = params.start_x_idx;
        
        /* read samples from the input buffer and process */
        for (int64_t x_idx = thread_data_start_idx;
             x_idx < (thread_data_stop_idx + 1) &&
                 x_idx < in_len;
             ++x_idx)
        {   
            out_sample.acc = cuCaddf(out_sample.acc,
                                     cuCmulf(in[x_idx], *(out_sample.coeff_ptr++)));
        }
        
        /* set the global output */
        out[thread_index] = out_sample.acc;
    }

    /* CUDA kernel function that resamples the input array. this version supports
     *  computing multiple outputs per CUDA thread */
    __global__
    void __polyphase_resampler_multi_out(cuFloatComplex * coeffs, uint32_t coeffs_len,
                                         polyphase_resampler_output_params_s * output_params, uint32_t params_len,
                                         cuFloatComplex * in, uint32_t in_len,
                                         cuFloatComplex * out, uint32_t out_len,
                                         uint32_t coeffs_per_phase,
                                         uint32_t num_outputs_per_cuda_thread)
    {
        __shared__ cuFloatComplex s_coeffs[MAX_NUM_COEFFICIENTS_IN_SHARED_MEMORY_MULTI_OUT];
        __shared__ uint8_t s_out_samples_raw[NUM_THREAD_BLOCK_OUTPUT_SHARED_MEMORY_ELEMENTS * sizeof(output_sample_s)];
        output_sample_s * s_out_samples = (output_sample_s *)s_out_samples_raw;
        
        /* compute the thread index */
        uint32_t thread_index = blockIdx.x * blockDim.x + threadIdx.x;
        
        /* sanity check inputs */
        if (in == nullptr ||
            out == nullptr ||
            coeffs == nullptr ||
            num_outputs_per_cuda_thread > MAX_NUM_OUTPUTS_PER_CUDA_THREAD ||
            thread_index > params_len)
        {
            return;
        }
        
        /* initialize the shared memory output variables */
        for (uint32_t ii = 0; ii < MAX_NUM_OUTPUTS_PER_CUDA_THREAD; ++ii)
        {
            s_out_samples[threadIdx.x * MAX_NUM_OUTPUTS_PER_CUDA_THREAD + ii].active = false;
            s_out_samples[threadIdx.x * MAX_NUM_OUTPUTS_PER_CUDA_THREAD + ii].acc.x = 0.0;
            s_out_samples[threadIdx.x * MAX_NUM_OUTPUTS_PER_CUDA_THREAD + ii].acc.y = 0.0;
        }
        output_sample_s * thread_out_samples = &s_out_samples[threadIdx.x * MAX_NUM_OUTPUTS_PER_CUDA_THREAD];
        
        /* optionally load coefficients into shared memory */
        if (coeffs_len < MAX_NUM_COEFFICIENTS_IN_SHARED_MEMORY_MULTI_OUT)
        {
            uint32_t num_coefficients_per_thread = (coeffs_len / blockDim.x) + 1;
            for (uint32_t coeff_idx = threadIdx.x * num_coefficients_per_thread;
                 coeff_idx < ((threadIdx.x * num_coefficients_per_thread) + num_coefficients_per_thread) &&
                     coeff_idx < coeffs_len;
                 ++coeff_idx)
            {
                s_coeffs[coeff_idx] = coeffs[coeff_idx];
            }
            
            __syncthreads();
        }
        
        /* verify that this thread has at least one output to compute */
        int64_t thread_start_output_sample_idx = thread_index * num_outputs_per_cuda_thread;
        if (thread_start_output_sample_idx >= out_len)
        {
            return;
        }
        
        /* retrieve local output parameters. note that there may be cases where some threads
         *  in a thread block handle less outputs */
        uint32_t num_active_outputs = 0;
        for (uint32_t out_sample_idx = 0;
             out_sample_idx < num_outputs_per_cuda_thread &&
                 (out_sample_idx + thread_start_output_sample_idx) < out_len;
             ++out_sample_idx)
        {
            polyphase_resampler_output_params_s params = output_params[out_sample_idx + thread_start_output_sample_idx];
            
            thread_out_samples[out_sample_idx].active = true;
            thread_out_samples[out_sample_idx].data_start_idx = params.start_x_idx - coeffs_per_phase + 1;
            thread_out_samples[out_sample_idx].data_stop_idx = params.start_x_idx;
            
            if (coeffs_len < MAX_NUM_COEFFICIENTS_IN_SHARED_MEMORY_MULTI_OUT)
            {
                thread_out_samples[out_sample_idx].coeff_ptr = s_coeffs + params.start_coeff_phase * coeffs_per_phase;
            }
            else
            {
                thread_out_samples[out_sample_idx].coeff_ptr = coeffs + params.start_coeff_phase * coeffs_per_phase;
            }
            
            num_active_outputs++;
        }
        
        cuFloatComplex next_x_val;
        
        /* read samples from the input buffer and process for each one of the outputs
         *  that require an input from each input sample */
        for (int64_t x_idx = thread_out_samples[0].data_start_idx;
             x_idx < (thread_out_samples[num_active_outputs - 1].data_stop_idx + 1) &&
                 x_idx < in_len;
             ++x_idx)
        {
            next_x_val = in[x_idx];

            for (uint32_t thread_out_sample_idx = 0;
                 thread_out_sample_idx < num_active_outputs;
                 ++thread_out_sample_idx)
            {
                if (x_idx >= thread_out_samples[thread_out_sample_idx].data_start_idx &&
                    x_idx <= thread_out_samples[thread_out_sample_idx].data_stop_idx)
                {
                    thread_out_samples[thread_out_sample_idx].acc =
                            cuCaddf(thread_out_samples[thread_out_sample_idx].acc,
                                    cuCmulf(next_x_val, *(thread_out_samples[thread_out_sample_idx].coeff_ptr++)));
                }
            }
        }
        
        /* set the global outputs */
        uint64_t global_output_sample_idx_base = thread_index * num_outputs_per_cuda_thread;
        for (uint32_t out_sample_idx = 0;
             out_sample_idx < num_active_outputs;
             ++out_sample_idx)
        {
            out[global_output_sample_idx_base + out_sample_idx] = thread_out_samples[out_sample_idx].acc;
        }
    }
}
