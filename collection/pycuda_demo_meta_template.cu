// tilelab kernel collection: PyCUDA's examples: a jinja2-templated unrolled add (demo_meta_template.py)
// Source:  https://github.com/inducer/pycuda/blob/19bed9035edb9990b2928e297125d8e9d470130b/examples/demo_meta_template.py
//          (inducer/pycuda, commit 19bed90: PyCUDA's examples)
// Licence: MIT (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the kernel source the jinja2 template string holds (lines 27-43 of the original), its text as the string builds it, unchanged (Python's quotes and escapes undone).
//       Rendered as the host renders it: jinja2.Template(...).render(type_name="float", thread_strides=16, block_size=32). PyCUDA's SourceModule compiles the string inside extern "C" { } (its default, no_extern_c=False); here it is the string alone.

/*
 * PyCUDA is licensed to you under the MIT/X Consortium license:
 *
 * Copyright (c) 2009,10 Andreas Klöckner and Contributors.
 *
 * Permission is hereby granted, free of charge, to any person
 * obtaining a copy of this software and associated documentation
 * files (the "Software"), to deal in the Software without
 * restriction, including without limitation the rights to use,
 * copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the
 * Software is furnished to do so, subject to the following
 * conditions:
 *
 * The above copyright notice and this permission notice shall be
 * included in all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
 * EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES
 * OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
 * NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT
 * HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY,
 * WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 * FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR
 * OTHER DEALINGS IN THE SOFTWARE.
 */

    __global__ void add(
            float *tgt,
            float *op1,
            float *op2)
    {
      int idx = threadIdx.x +
        32 * 16
        * blockIdx.x;

      
          
          tgt[idx + 0] =
            op1[idx + 0]
            + op2[idx + 0];
      
          
          tgt[idx + 32] =
            op1[idx + 32]
            + op2[idx + 32];
      
          
          tgt[idx + 64] =
            op1[idx + 64]
            + op2[idx + 64];
      
          
          tgt[idx + 96] =
            op1[idx + 96]
            + op2[idx + 96];
      
          
          tgt[idx + 128] =
            op1[idx + 128]
            + op2[idx + 128];
      
          
          tgt[idx + 160] =
            op1[idx + 160]
            + op2[idx + 160];
      
          
          tgt[idx + 192] =
            op1[idx + 192]
            + op2[idx + 192];
      
          
          tgt[idx + 224] =
            op1[idx + 224]
            + op2[idx + 224];
      
          
          tgt[idx + 256] =
            op1[idx + 256]
            + op2[idx + 256];
      
          
          tgt[idx + 288] =
            op1[idx + 288]
            + op2[idx + 288];
      
          
          tgt[idx + 320] =
            op1[idx + 320]
            + op2[idx + 320];
      
          
          tgt[idx + 352] =
            op1[idx + 352]
            + op2[idx + 352];
      
          
          tgt[idx + 384] =
            op1[idx + 384]
            + op2[idx + 384];
      
          
          tgt[idx + 416] =
            op1[idx + 416]
            + op2[idx + 416];
      
          
          tgt[idx + 448] =
            op1[idx + 448]
            + op2[idx + 448];
      
          
          tgt[idx + 480] =
            op1[idx + 480]
            + op2[idx + 480];
      
    }
