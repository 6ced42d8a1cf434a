// tilelab kernel collection: the Haar wavelet transform of PDWT (a parallel discrete wavelet transform library for
// image processing on the GPU): one level of the 2-D transform (kern_haar2d_fwd: each thread a 2x2 tile to the A, H,
// V, D subbands, an odd side extended by its last sample) and its inverse (kern_haar2d_inv), and the batched 1-D
// Source:  https://github.com/pierrepaleo/PDWT/blob/1f8155d32e95533d403d11efc9ea04e29419c563/src/haar.cu
// Licence: BSD-3-Clause (the repository's LICENSE, "Copyright 2016 Pierre Paleo", ESRF), repeated below as it is.
//          (pierrepaleo/PDWT, commit 1f8155d: Pierre Paleo's parallel DWT for CUDA)
// transform of each row (kern_haar1d_fwd, kern_haar1d_inv: the 1/sqrt(2) factor in double), in single precision.
// Kept: lines 4-58 (the HAAR_AVG/HAAR_DIF macros and the two 2-D kernels) and lines 120-160 (the 1-D section's
//       banner, ONE_SQRT2 and the two 1-D kernels), unchanged. Removed: lines 1-3 (the host headers haar.h and
//       utils.h, a blank line), lines 59-119 (the host functions haar_forward2d and haar_inverse2d) and lines 161-224
//       (haar_forward1d, haar_inverse1d). Copied in from src/filters.h, line 18: DTYPE, float (the default build; the
//       double one is `make libpdwtd.so`'s -DDOUBLEPRECISION), marked. The LICENSE file's text ends mid-sentence
//       ("ARISING IN ANY WAY OUT OF THE USE"); it is repeated as the repository has it.
// Selection, fixed before any run (collection/manifest.toml, the pdwt_ entries): every __global__ kernel of the file
// (4), none dropped for its result, each launched as haar_forward2d/haar_inverse2d/haar_forward1d/haar_inverse1d
// launch it, every launch of a 3-level 2-D transform of a 37 x 44 image (odd rows at levels 1 and 2, odd columns at
// level 3) and its inverse, and of a 2-level 1-D transform of 20 rows of 45 samples (odd) and its inverse (10
// launches): blocks of 16 x 16, grids of w_iDivUp(columns, 16) x w_iDivUp(rows, 16) of the host's sizes; demo.cpp's
// 512 x 512 Lena replaced by a smooth pattern plus noise in [0, 255]; each launch on numpy's outputs of the earlier.
//
//
// #  Copyright 2016 Pierre Paleo <pierre.paleo@esrf.fr>
// #  License: BSD
// #
// #  Redistribution and use in source and binary forms, with or without
// #  modification, are permitted provided that the following conditions are met:
// #
// #  * Redistributions of source code must retain the above copyright notice, this
// #    list of conditions and the following disclaimer.
// #
// #  * Redistributions in binary form must reproduce the above copyright notice,
// #    this list of conditions and the following disclaimer in the documentation
// #    and/or other materials provided with the distribution.
// #
// #  * Neither the name of ESRF nor the names of its
// #    contributors may be used to endorse or promote products derived from
// #    this software without specific prior written permission.
// #
// #  THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// #  AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// #  IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// #  DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
// #  FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
// #  DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// #  SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
// #  CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
// #  OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE

// src/filters.h, line 18 (copied in: the default build's element type)
#define DTYPE float

// src/haar.cu, lines 4-58
// The sqrt(2) factor is applied after two HAAR_*, so it becomes a 0.5 factor
#define HAAR_AVG(a, b) ((a+b))
#define HAAR_DIF(a, b) ((a-b))


// must be run with grid size = (Nc/2, Nr/2)  where Nr = numrows of input
__global__ void kern_haar2d_fwd(DTYPE* img, DTYPE* c_a, DTYPE* c_h, DTYPE* c_v, DTYPE* c_d, int Nr, int Nc) {
    int gidx = threadIdx.x + blockIdx.x*blockDim.x;
    int gidy = threadIdx.y + blockIdx.y*blockDim.y;
    int Nr_is_odd = (Nr & 1);
    int Nc_is_odd = (Nc & 1);
    int Nr2 = (Nr + Nr_is_odd)/2;
    int Nc2 = (Nc + Nc_is_odd)/2;
    if (gidy < Nr2 && gidx < Nc2) {

        // for odd N, image is virtually extended by repeating the last element
        int posx0 = 2*gidx;
        int posx1 = 2*gidx+1;
        if ((Nc_is_odd) && (posx1 == Nc)) posx1--;
        int posy0 = 2*gidy;
        int posy1 = 2*gidy+1;
        if ((Nr_is_odd) && (posy1 == Nr)) posy1--;

        DTYPE a = img[posy0*Nc + posx0];
        DTYPE b = img[posy0*Nc + posx1];
        DTYPE c = img[posy1*Nc + posx0];
        DTYPE d = img[posy1*Nc + posx1];

        c_a[gidy* Nc2 + gidx] = 0.5*HAAR_AVG(HAAR_AVG(a, c), HAAR_AVG(b, d)); // A
        c_v[gidy* Nc2 + gidx] = 0.5*HAAR_DIF(HAAR_AVG(a, c), HAAR_AVG(b, d)); // V
        c_h[gidy* Nc2 + gidx] = 0.5*HAAR_AVG(HAAR_DIF(a, c), HAAR_DIF(b, d)); // H
        c_d[gidy* Nc2 + gidx] = 0.5*HAAR_DIF(HAAR_DIF(a, c), HAAR_DIF(b, d)); // D
    }
}


// must be run with grid size = (2*Nr, 2*Nc) ; Nr = numrows of input
__global__ void kern_haar2d_inv(DTYPE* img, DTYPE* c_a, DTYPE* c_h, DTYPE* c_v, DTYPE* c_d, int Nr, int Nc, int Nr2, int Nc2) {
    int gidx = threadIdx.x + blockIdx.x*blockDim.x;
    int gidy = threadIdx.y + blockIdx.y*blockDim.y;
    if (gidy < Nr2 && gidx < Nc2) {
        DTYPE a = c_a[(gidy/2)*Nc + (gidx/2)];
        DTYPE b = c_v[(gidy/2)*Nc + (gidx/2)];
        DTYPE c = c_h[(gidy/2)*Nc + (gidx/2)];
        DTYPE d = c_d[(gidy/2)*Nc + (gidx/2)];
        DTYPE res = 0.0f;
        int gx1 = (gidx & 1), gy1 = (gidy & 1);
        if (gx1 == 0 && gy1 == 0) res = 0.5*HAAR_AVG(HAAR_AVG(a, c), HAAR_AVG(b, d));
        if (gx1 == 1 && gy1 == 0) res = 0.5*HAAR_DIF(HAAR_AVG(a, c), HAAR_AVG(b, d));
        if (gx1 == 0 && gy1 == 1) res = 0.5*HAAR_AVG(HAAR_DIF(a, c), HAAR_DIF(b, d));
        if (gx1 == 1 && gy1 == 1) res = 0.5*HAAR_DIF(HAAR_DIF(a, c), HAAR_DIF(b, d));
        img[gidy*Nc2 + gidx] = res;
    }

}

// src/haar.cu, lines 120-160



/// ----------------------------------------------------------------------------
/// ------------------------ 1D HAAR TRANSFORM ---------------------------------
/// ----------------------------------------------------------------------------


#define ONE_SQRT2 0.70710678118654746


// must be run with grid size = (Nc/2, Nr)  where Nr = numrows of input
__global__ void kern_haar1d_fwd(DTYPE* img, DTYPE* c_a, DTYPE* c_d, int Nr, int Nc) {
    int gidx = threadIdx.x + blockIdx.x*blockDim.x;
    int gidy = threadIdx.y + blockIdx.y*blockDim.y;
    int Nc_is_odd = (Nc & 1);
    int Nc2 = (Nc + Nc_is_odd)/2;

    if (gidy < Nr && gidx < Nc2) {
        int gidx_next = 2*gidx+1;
        if ((Nc_is_odd) && (gidx_next == Nc)) gidx_next--; // for odd size: repeat last element
        DTYPE a = img[gidy*Nc + (gidx*2)];
        DTYPE b = img[gidy*Nc + gidx_next];
        c_a[gidy* Nc2 + gidx] = ONE_SQRT2 * HAAR_AVG(a, b);
        c_d[gidy* Nc2 + gidx] = ONE_SQRT2 * HAAR_DIF(a, b);
    }
}

// must be run with grid size = (Nr, 2*Nc) ; Nr = numrows of input
__global__ void kern_haar1d_inv(DTYPE* img, DTYPE* c_a, DTYPE* c_d, int Nr, int Nc, int Nc2) {
    int gidx = threadIdx.x + blockIdx.x*blockDim.x;
    int gidy = threadIdx.y + blockIdx.y*blockDim.y;
    if (gidy < Nr && gidx < Nc2) {
        DTYPE a = c_a[gidy*Nc + (gidx/2)];
        DTYPE b = c_d[gidy*Nc + (gidx/2)];
        DTYPE res = 0.0f;
        if ((gidx & 1) == 0) res = ONE_SQRT2 * HAAR_AVG(a, b);
        else res = ONE_SQRT2 * HAAR_DIF(a, b);
        img[gidy*Nc2 + gidx] = res;
    }
}
