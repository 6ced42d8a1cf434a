// tilelab kernel collection: FasterSpMV's PyCUDA kernels: sliced ELLPACK SpMV (a block a slice) and CSR SpMV (a block a row)
// Source:  https://github.com/YYCHEN-299/Scientific-Computing-Individual-Research-Project/blob/2e85d4d6e46161f3eb9d5414a4a5b81d42e3f4a2/FasterSpMV/pycuda_spmv.py
//          (YYCHEN-299/Scientific-Computing-Individual-Research-Project, commit 2e85d4d: FasterSpMV, a Python SpMV library; kernels held as PyCUDA SourceModule strings)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below; the source file carries no notice of its own).
// Kept: the two SourceModule strings, unchanged: lines 15-32 (sell_spmv) and 58-71 (csr_spmv) of the original;
//       the Python around them (host code) removed.
//
// BSD 3-Clause License
//
// Copyright (c) 2021, Yangyuan Chen
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// 1. Redistributions of source code must retain the above copyright notice, this
//    list of conditions and the following disclaimer.
//
// 2. Redistributions in binary form must reproduce the above copyright notice,
//    this list of conditions and the following disclaimer in the documentation
//    and/or other materials provided with the distribution.
//
// 3. Neither the name of the copyright holder nor the names of its
//    contributors may be used to endorse or promote products derived from
//    this software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
// FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
// DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
// OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

        __global__ void sell_spmv(const int * slice_ptr,
                                  const int * slice_col,
                                  const int * colidx,
                                  const float * val,
                                  const float * x,
                                  const int slice_height,
                                  float * y)
        {
            int i, j, k, idx;
            float row_data = 0.0f;
            i = blockIdx.x;
            j = threadIdx.x;
            for (k = 0; k < slice_col[i]; k++) {
                idx = slice_ptr[i] + k * slice_height + j;
                row_data = fmaf(x[colidx[idx]], val[idx], row_data);
            }
            y[i * slice_height + j] = row_data;
        }

        __global__ void csr_spmv(const int * rowptr,
                                 const int * colidx,
                                 const float * val,
                                 const float * x,
                                 float * y)
        {
            int i, k;
            i = blockIdx.x;
            float row_data = 0.0f;
            for (k = rowptr[i]; k < rowptr[i + 1]; k++) {
                row_data = fmaf(x[colidx[k]], val[k], row_data);
            }
            y[i] = row_data;
        }
