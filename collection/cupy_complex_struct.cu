// tilelab kernel collection: CuPy's examples: a structure by value (custom_struct/complex_struct.py, test_kernel)
// Source:  https://github.com/cupy/cupy/blob/6b6d9563c4f7410cd1866a11b2f71a60dd45a68c/examples/custom_struct/complex_struct.py
//          (cupy/cupy, commit 6b6d956: CuPy's examples)
// Licence: MIT (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the kernel source the Python string `kernel_code` holds (lines 43-57 of the original), its text as the string builds it, unchanged (Python's quotes and str.format undone: {struct_definition} is the string `struct_definition` of lines 7-15, {{ and }} single braces).

/*
 * Copyright (c) 2015 Preferred Infrastructure, Inc.
 * Copyright (c) 2015 Preferred Networks, Inc.
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in
 * all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
 * THE SOFTWARE.
 */

struct complex_struct {
    int4 a;
    char b;
    double c[2];
    short1 d;
    unsigned long long int e[3];
};


extern "C" __global__ void test_kernel(const complex_struct s,
                                       double* out) {
    int i = threadIdx.x;
    double sum = 0.0;
    sum += s.a.x + s.a.y + s.a.z + s.a.w;
    sum += s.b;
    sum += s.c[0] + s.c[1];
    sum += s.d.x;
    sum += s.e[0] + s.e[1] + s.e[2];
    out[i] = i * sum;
}
