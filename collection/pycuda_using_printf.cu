// tilelab kernel collection: PyCUDA's examples: say_hi, printf (from-wiki/using_printf.py)
// Source:  https://github.com/inducer/pycuda/blob/19bed9035edb9990b2928e297125d8e9d470130b/examples/from-wiki/using_printf.py
//          (inducer/pycuda, commit 19bed90: PyCUDA's examples)
// Licence: MIT (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the kernel source the Python string given to SourceModule holds (lines 7-14 of the original), its text as the string builds it, unchanged (Python's quotes and escapes undone).
//       PyCUDA's SourceModule compiles the string inside extern "C" { } (its default, no_extern_c=False); here it is the string alone.

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

    #include <stdio.h>

    __global__ void say_hi()
    {
      printf("I am %d.%d\n", threadIdx.x, threadIdx.y);
    }
    
