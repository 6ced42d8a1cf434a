// tilelab kernel collection: redset's GPU Reed-Solomon kernels (GF(2^8) multiply-accumulate, XOR, scaling; the
// encoder's and decoder's per-byte steps for checkpoint redundancy sets)
// Source:  https://github.com/ECP-VeloC/redset/blob/bdf77a1b171e63c1a371f0a79368e80333c9c8c8/src/redset_reedsolomon_gpu.cu
//          (ECP-VeloC/redset, commit bdf77a1: the redundancy-set library of the ECP VeloC checkpoint stack, LLNL)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's
//          notice is repeated below, with its NOTICE's first paragraph).
// Kept: redset_reedsolomon_gpu.cu lines 1-3 (the extern "C" opening) and 20-136 (the five __global__ kernels
//       add_gpu, multadd_gpu, premultadd_gpu, multadd2_gpu, scale_gpu), unchanged, and the closing lines
//       796-799 (the extern "C" close). Removed: lines 4-19 (the C, MPI and redset includes: nothing the
//       kernels use) and the host code, lines 137-795 (redset_reedsolomon_encode_gpu / _decode_gpu: MPI
//       exchanges, the Gaussian solve on the host). The host launches multadd_gpu, add_gpu and scale_gpu with
//       nthreads = 1024, nblocks = (count + nthreads - 1) / nthreads; the launches of premultadd_gpu and
//       multadd2_gpu are commented out in the encoder (same shape). gf_log / gf_exp are the GF(2^8) log and
//       antilog tables (unsigned int[256], polynomial x^8 + x^4 + x^3 + x^2 + 1), gf_size = 256.

/*
 * MIT License
 *
 * Copyright (c) 2018, Lawrence Livermore National Security, LLC
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
 *
 * (NOTICE) This work was produced under the auspices of the U.S. Department of Energy by
 * Lawrence Livermore National Laboratory under Contract DE-AC52-07NA27344.
 */

#ifdef __cplusplus
extern "C" {
#endif

static __global__ void add_gpu(unsigned char* a, unsigned char* b, int n)
{
  size_t i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) {
    a[i] ^= b[i];
  }
}

static __global__ void multadd_gpu(unsigned int* gf_log, unsigned int* gf_exp, int gf_size, size_t count, unsigned char* dbuf, unsigned int coeff, unsigned char* rbuf)
{
  /* TODO: read gf_log into gf_exp thread-shared memory */

  size_t i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < count && coeff != 0) {
    /* 0 times anything is 0, we treat this as a special case since
     * there is no entry for 0 in the log table below, since there
     * is no value of x such that 2^x = 0 */
    int data = rbuf[i];
    if (data != 0) {
      /* compute (v1 * v2) product as 2^( log_2(v1) + log_2(v2) ) in GF(2^bits) arithmetic */
      int sumlogs = gf_log[coeff] + gf_log[data];
      if (sumlogs >= gf_size - 1) {
        sumlogs -= (gf_size - 1);
      }
      dbuf[i] ^= (unsigned char) gf_exp[sumlogs];
    }
  }
}

static __global__ void premultadd_gpu(unsigned int* gf_log, unsigned int* gf_exp, int gf_size, size_t count, unsigned char* dbuf, unsigned int coeff, unsigned char* rbuf)
{
  /* TODO: read gf_log into gf_exp thread-shared memory */
  __shared__ unsigned char premult[256];

  size_t i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < 256) {
    if (coeff != 0) {
      /* compute (v1 * v2) product as 2^( log_2(v1) + log_2(v2) ) in GF(2^bits) arithmetic */
      if (i != 0) {
        int sumlogs = gf_log[coeff] + gf_log[i];
        if (sumlogs >= gf_size - 1) {
          sumlogs -= (gf_size - 1);
        }
        premult[i] = (unsigned char) gf_exp[sumlogs];
      } else {
        premult[i] = (unsigned char) 0;
      }
    } else {
      premult[i] = (unsigned char) 0;
    }
  }
  __syncthreads();

  //size_t i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < count) {
    int data = (int) rbuf[i];
    dbuf[i] ^= premult[data];
  }
}

static __global__ void multadd2_gpu(unsigned int* gf_log, unsigned int* gf_exp, int gf_size, size_t count, unsigned char* dbuf, unsigned int coeff, unsigned char* rbuf)
{
  /* TODO: read gf_log into gf_exp thread-shared memory */
  __shared__ unsigned char logs[256];
  __shared__ unsigned char exps[256];
  //__shared__ unsigned char exps[512];

  size_t i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < 256) {
    logs[i] = (unsigned char) gf_log[i];
    exps[i] = (unsigned char) gf_exp[i];
  }
  //else if (i < 512) {
  //  exps[i] = (unsigned char) gf_exp[i - 255];
  //}
  __syncthreads();

  //size_t i = blockDim.x * blockIdx.x + threadIdx.x;
  //if (i < count && coeff != 0) {
  if (i < count) {
    /* 0 times anything is 0, we treat this as a special case since
     * there is no entry for 0 in the log table below, since there
     * is no value of x such that 2^x = 0 */
    int data = rbuf[i];
    if (data != 0) {
      /* compute (v1 * v2) product as 2^( log_2(v1) + log_2(v2) ) in GF(2^bits) arithmetic */
      int sumlogs = logs[coeff] + logs[data];
      if (sumlogs >= gf_size - 1) {
        sumlogs -= (gf_size - 1);
      }
      dbuf[i] ^= (unsigned char) exps[sumlogs];
    }
  }
}

static __global__ void scale_gpu(unsigned int* gf_log, unsigned int* gf_exp, int gf_size, size_t count, unsigned char* dbuf, unsigned int coeff)
{
  /* TODO: read gf_log into gf_exp thread-shared memory */

  size_t i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < count && coeff != 0) {
    /* 0 times anything is 0, we treat this as a special case since
     * there is no entry for 0 in the log table below, since there
     * is no value of x such that 2^x = 0 */
    int data = dbuf[i];
    if (data != 0) {
      /* compute (v1 * v2) product as 2^( log_2(v1) + log_2(v2) ) in GF(2^bits) arithmetic */
      int sumlogs = gf_log[coeff] + gf_log[data];
      if (sumlogs >= gf_size - 1) {
        sumlogs -= (gf_size - 1);
      }
      dbuf[i] = (unsigned char) gf_exp[sumlogs];
    }
  }
}


#ifdef __cplusplus
} /* extern C */
#endif
