// tilelab kernel collection: libfalcon_dsp's CUDA vector add (_add<T>, the one instance add_vector_cuda<uint32_t> makes)
// Source:  https://github.com/OrthogonalHawk/libfalcon_dsp/blob/93b8e78ae768688df495e1c67770370c206044cd/src/math/falcon_dsp_add_cuda.cu
//          (OrthogonalHawk/libfalcon_dsp, commit 93b8e78, master's head: a small software-defined-radio DSP library
//          with C++ and CUDA versions of each transform)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019 OrthogonalHawk", and the file's own notice, kept below).
// Kept: lines 1-48 (the notice, the file's description, <stdint.h>), 52-81 (the kernel) and 139 (the namespace's
//       closing brace) of the original, unchanged. Removed: line 50 (#include "math/falcon_dsp_math.h", host
//       declarations over std::vector) and lines 82-138 (add_vector_cuda, the host function that allocates managed
//       memory and launches the kernel, and its explicit instantiation for uint32_t; its launch is the manifest
//       entry's).

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
 * @file     falcon_dsp_add_cuda.cu
 * @author   OrthogonalHawk
 * @date     19-Apr-2019
 *
 * @brief    CUDA implementation of basic addition operations.
 *
 * @section  DESCRIPTION
 *
 * Implements CUDA versions of basic addition operations.
 *
 * @section  HISTORY
 *
 * 19-Apr-2019  OrthogonalHawk  File created.
 *
 *****************************************************************************/

/******************************************************************************
 *                               INCLUDE_FILES
 *****************************************************************************/

#include <stdint.h>

/******************************************************************************
 *                                 CONSTANTS
 *****************************************************************************/

/******************************************************************************
 *                              ENUMS & TYPEDEFS
 *****************************************************************************/

/******************************************************************************
 *                                  MACROS
 *****************************************************************************/

/******************************************************************************
 *                           FUNCTION IMPLEMENTATION
 *****************************************************************************/

namespace falcon_dsp
{
    /* CUDA kernel function that adds the elements of two arrays */
    template<typename T>
    __global__
    void _add(uint32_t length, T * in_a, T * in_b, T * out)
    {
        uint32_t index = blockIdx.x * blockDim.x + threadIdx.x;
        uint32_t stride = blockDim.x * gridDim.x;
        for (uint32_t ii = index; ii < length; ii += stride)
        {
            out[ii] = in_a[ii] + in_b[ii];
        }
    }
}
