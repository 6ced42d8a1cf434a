// Collection file: from dgSPARSE/dgSPARSE-Lib (dgSPARSE, Tsinghua University's sparse kernels for graph neural
// networks), its CSR SDDMM kernels.
// Source:  https://github.com/dgSPARSE/dgSPARSE-Lib/blob/973a97275ec4b0e1c924a493011f05c682c79c42/src/sddmm/csrsddmm_ebalance.cuh
// Licence: MIT (the repository's LICENSE, repeated below; the source file itself carries no notice).
// SDDMM over a CSR pattern S: O[e] = dot(D1[row(e)], D2[col(e)]) for every stored element e, edge-balanced: a block
// takes 16 consecutive elements (4 a row of threads, the column indices read as one int4, each element's row found by
// a binary search of the row pointer with __ldg), the k-long dot products read as float4 / float2 / float and summed
// by __shfl_xor_sync butterflies; the nnz % 16 elements past the last whole group take one block each. sddmm_csr_simple
// is a block of 32 an element.
// Kept: lines 2 and 4-248 (the four __global__ kernels), unchanged; removed: line 1, #include <cuda.h>. Line 3's
// #include "../util/cuda_util.cuh" is replaced by the lines of src/util/cuda_util.cuh the kernels use, copied in and
// marked below.

// Copyright (c) 2021-2023 dgSPARSE
//
// Permission is hereby granted, free of charge, to any person obtaining
// a copy of this software and associated documentation files (the
// "Software"), to deal in the Software without restriction, including
// without limitation the rights to use, copy, modify, merge, publish,
// distribute, sublicense, and/or sell copies of the Software, and to
// permit persons to whom the Software is furnished to do so, subject to
// the following conditions:
//
// The above copyright notice and this permission notice shall be
// included in all copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
// EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
// MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
// NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE
// LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION
// OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION
// WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

// ---- copied from src/util/cuda_util.cuh, lines 16-16
#define FULLMASK 0xffffffff

// ---- copied from src/util/cuda_util.cuh, lines 69-89
template <typename index_t>
__device__ __forceinline__ index_t findRow(const index_t *S_csrRowPtr,
                                           index_t eid, index_t start,
                                           index_t end) {
  index_t lo = start, hi = end;
  if (lo == hi)
    return lo;
  while (lo < hi) {
    index_t mid = (lo + hi) >> 1;
    if (__ldg(S_csrRowPtr + mid) <= eid) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (__ldg(S_csrRowPtr + hi) == eid) {
    return hi;
  } else {
    return hi - 1;
  }
}

// ---- copied from src/util/cuda_util.cuh, lines 176-268
template <typename ldType, typename data>
__device__ __forceinline__ void Load(ldType &tmp, data *array, int offset) {
  tmp = *(reinterpret_cast<ldType *>(array + offset));
}

template <typename ldType, typename data>
__device__ __forceinline__ void Load(data *lhd, data *rhd, int offset) {
  *(reinterpret_cast<ldType *>(lhd)) =
      *(reinterpret_cast<ldType *>(rhd + offset));
}

template <typename ldType, typename data>
__device__ __forceinline__ void Store(data *lhd, data *rhd, int offset) {
  *(reinterpret_cast<ldType *>(lhd + offset)) =
      *(reinterpret_cast<ldType *>(rhd));
}

template <typename ldType, typename data>
__device__ __forceinline__ void Load4(ldType *tmp, data *array, int *offset,
                                      int offset2 = 0) {
  Load(tmp[0], array, offset[0] + offset2);
  Load(tmp[1], array, offset[1] + offset2);
  Load(tmp[2], array, offset[2] + offset2);
  Load(tmp[3], array, offset[3] + offset2);
}

template <typename vecData, typename data>
__device__ __forceinline__ data vecDot(vecData &lhd, vecData &rhd) {
  return lhd.x * rhd.x + lhd.y * rhd.y + lhd.z * rhd.z + lhd.w * rhd.w;
}

template <typename data>
__device__ __forceinline__ void selfMul4(data *lhd, data *rhd) {
  lhd[0] *= rhd[0];
  lhd[1] *= rhd[1];
  lhd[2] *= rhd[2];
  lhd[3] *= rhd[3];
}

template <typename data>
__device__ __forceinline__ void selfMulConst4(data *lhd, data Const) {
  lhd[0] *= Const;
  lhd[1] *= Const;
  lhd[2] *= Const;
  lhd[3] *= Const;
}

template <typename data>
__device__ __forceinline__ void AllReduce4(data *multi, int stride,
                                           int warpSize) {
  for (; stride > 0; stride >>= 1) {
    multi[0] += __shfl_xor_sync(FULLMASK, multi[0], stride, warpSize);
    multi[1] += __shfl_xor_sync(FULLMASK, multi[1], stride, warpSize);
    multi[2] += __shfl_xor_sync(FULLMASK, multi[2], stride, warpSize);
    multi[3] += __shfl_xor_sync(FULLMASK, multi[3], stride, warpSize);
  }
}

template <typename vecData, typename data>
__device__ __forceinline__ data vecDot2(vecData &lhd, vecData &rhd) {
  return lhd.x * rhd.x + lhd.y * rhd.y;
}

template <typename vecData, typename data>
__device__ __forceinline__ data vecDot4(vecData &lhd, vecData &rhd) {
  return lhd.x * rhd.x + lhd.y * rhd.y + lhd.z * rhd.z + lhd.w * rhd.w;
}

template <typename vecData, typename data>
__device__ __forceinline__ void vec4Dot4(data *cal, vecData *lhd,
                                         vecData *rhd) {
  cal[0] += vecDot4<vecData, data>(lhd[0], rhd[0]);
  cal[1] += vecDot4<vecData, data>(lhd[1], rhd[1]);
  cal[2] += vecDot4<vecData, data>(lhd[2], rhd[2]);
  cal[3] += vecDot4<vecData, data>(lhd[3], rhd[3]);
}

template <typename vecData, typename data>
__device__ __forceinline__ void vec2Dot4(data *cal, vecData *lhd,
                                         vecData *rhd) {
  cal[0] += vecDot2<vecData, data>(lhd[0], rhd[0]);
  cal[1] += vecDot2<vecData, data>(lhd[1], rhd[1]);
  cal[2] += vecDot2<vecData, data>(lhd[2], rhd[2]);
  cal[3] += vecDot2<vecData, data>(lhd[3], rhd[3]);
}

template <typename data>
__device__ __forceinline__ void Dot4(data *cal, data *lhd, data *rhd) {
  cal[0] += lhd[0] * rhd[0];
  cal[1] += lhd[1] * rhd[1];
  cal[2] += lhd[2] * rhd[2];
  cal[3] += lhd[3] * rhd[3];
}
// ---- end of the copied lines

// ---- src/sddmm/csrsddmm_ebalance.cuh from line 2 (line 3, the include above, kept as a comment)

// #include "../util/cuda_util.cuh"

__global__ void sddmm_csr_ebalance_vec4(const int S_mrows, int D_kcols,
                                        const unsigned long Size,
                                        int *S_csrRowPtr, int *S_csrColInd,
                                        float *D1_dnVal, float *D2_dnVal,
                                        float *O_csrVal) {
  int eid = (blockIdx.x << 4) + (threadIdx.y << 2);
  int cid = (threadIdx.x << 2);

  if (blockIdx.x < Size / 16) {
    float multi[4] = {0, 0, 0, 0};
    int offset1[4], offset2[4];
    float4 D1tmp[4], D2tmp[4];
    Load<int4, int>(offset2, S_csrColInd, eid);
    // Wait to be optimized
    offset1[0] = findRow<int>(S_csrRowPtr, eid, 0, S_mrows);
    offset1[3] = findRow<int>(S_csrRowPtr, eid + 3, offset1[0], S_mrows);
    offset1[1] = findRow<int>(S_csrRowPtr, eid + 1, offset1[0], offset1[3] + 1);
    offset1[2] = findRow<int>(S_csrRowPtr, eid + 2, offset1[1], offset1[3] + 1);

    selfMulConst4<int>(offset1, D_kcols);
    selfMulConst4<int>(offset2, D_kcols);

    for (int i = 0; i < (D_kcols >> 5); i++) {
      Load4<float4, float>(D1tmp, D1_dnVal, offset1, cid);
      Load4<float4, float>(D2tmp, D2_dnVal, offset2, cid);
      vec4Dot4<float4, float>(multi, D1tmp, D2tmp);
      cid += 32;
    }
    AllReduce4<float>(multi, 4, 32);

    if (threadIdx.x == 0) {
      Store<float4, float>(O_csrVal, multi, eid);
    }
  } else {
    eid = Size - (Size & 15) + (blockIdx.x - (Size / 16));
    int offset1 = findRow<int>(S_csrRowPtr, eid, 0, S_mrows) * D_kcols;
    int offset2 = S_csrColInd[eid] * D_kcols;
    float multi = 0;
    cid = threadIdx.x + (threadIdx.y << 3);
    for (int cc = 0; cc < (D_kcols >> 5); cc++) {
      float D1tmp0 = D1_dnVal[offset1 + cid];
      float D2tmp0 = D2_dnVal[offset2 + cid];
      cid += 32;
      multi += D1tmp0 * D2tmp0;
    }
    for (int stride = 16; stride > 0; stride >>= 1) {
      multi += __shfl_xor_sync(0xffffffff, multi, stride, 32);
    }
    if (threadIdx.x == 0 && threadIdx.y == 0) {
      O_csrVal[eid] = multi;
    }
  }
}

__global__ void sddmm_csr_ebalance_vec2(const int S_mrows, int D_kcols,
                                        const unsigned long Size,
                                        int *S_csrRowPtr, int *S_csrColInd,
                                        float *D1_dnVal, float *D2_dnVal,
                                        float *O_csrVal) {
  int eid = (blockIdx.x << 4) + (threadIdx.y << 2);
  int cid = threadIdx.x << 1;

  if (blockIdx.x < Size / 16) {
    float multi[4] = {0, 0, 0, 0};
    int offset1[4], offset2[4];
    float2 D1tmp[4], D2tmp[4];
    Load<int4, int>(offset2, S_csrColInd, eid);
    offset1[0] = findRow<int>(S_csrRowPtr, eid, 0, S_mrows);
    offset1[3] = findRow<int>(S_csrRowPtr, eid + 3, offset1[0], S_mrows);
    offset1[1] = findRow<int>(S_csrRowPtr, eid + 1, offset1[0], offset1[3] + 1);
    offset1[2] = findRow<int>(S_csrRowPtr, eid + 2, offset1[1], offset1[3] + 1);
    selfMulConst4<int>(offset1, D_kcols);
    selfMulConst4<int>(offset2, D_kcols);

    for (int i = 0; i < (D_kcols >> 5); i++) {
      Load4<float2, float>(D1tmp, D1_dnVal, offset1, cid);
      Load4<float2, float>(D2tmp, D2_dnVal, offset2, cid);
      vec2Dot4<float2>(multi, D1tmp, D2tmp);
      cid += 32;
    }
    int res = D_kcols & 31;
    if (res) {
      int cid2 = threadIdx.x + D_kcols - res;
      float D1[4] = {0, 0, 0, 0}, D2[4] = {0, 0, 0, 0};
      for (int i = 0; i < (res >> 4) + 1; i++) {
        if ((i << 4) + threadIdx.x < res) {
          Load4<float, float>(D1, D1_dnVal, offset1, cid2);
          Load4<float, float>(D2, D2_dnVal, offset2, cid2);
          Dot4<float>(multi, D1, D2);
          cid2 += 16;
        }
      }
    }
    AllReduce4<float>(multi, 8, 32);
    if (threadIdx.x == 0) {
      Store<float4, float>(O_csrVal, multi, eid);
    }
  } else // Dynamic parrallel?
  {
    eid = Size - (Size & 15) + (blockIdx.x - (Size / 16));
    int offset1 = findRow<int>(S_csrRowPtr, eid, 0, S_mrows) * D_kcols;
    int offset2 = S_csrColInd[eid] * D_kcols;
    float multi = 0;
    int off1 = cid = (threadIdx.y << 4) + threadIdx.x;
    float D1tmp0, D2tmp0;
    for (int cc = 0; cc < (D_kcols >> 5); cc++) {
      D1tmp0 = D1_dnVal[offset1 + cid];
      D2tmp0 = D2_dnVal[offset2 + cid];
      multi += D1tmp0 * D2tmp0;
      cid += 32;
    }
    int res = D_kcols & 31;
    D1tmp0 = D2tmp0 = 0;
    if (res) {
      if (off1 < res) {
        D1tmp0 = D1_dnVal[offset1 + cid];
        D2tmp0 = D2_dnVal[offset2 + cid];
      }
      multi += D1tmp0 * D2tmp0;
    }
    for (int stride = 16; stride > 0; stride >>= 1) {
      multi += __shfl_xor_sync(0xffffffff, multi, stride, 32);
    }
    if (threadIdx.x == 0 && threadIdx.y == 0) {
      O_csrVal[eid] = multi;
    }
  }
}

__global__ void sddmm_csr_ebalance_scalar(const int S_mrows, int D_kcols,
                                          const unsigned long Size,
                                          int *S_csrRowPtr, int *S_csrColInd,
                                          float *D1_dnVal, float *D2_dnVal,
                                          float *O_csrVal) {
  int eid = (blockIdx.x << 4) + (threadIdx.y << 2);
  int cid = threadIdx.x;

  if (blockIdx.x < Size / 16) {
    float multi[4] = {0, 0, 0, 0};
    int offset1[4], offset2[4];
    float D1tmp[4], D2tmp[4];

    Load<int4, int>(offset2, S_csrColInd, eid);

    offset1[0] = findRow<int>(S_csrRowPtr, eid, 0, S_mrows);
    offset1[3] = findRow<int>(S_csrRowPtr, eid + 3, offset1[0], S_mrows);
    offset1[1] = findRow<int>(S_csrRowPtr, eid + 1, offset1[0], offset1[3] + 1);
    offset1[2] = findRow<int>(S_csrRowPtr, eid + 2, offset1[1], offset1[3] + 1);

    selfMulConst4<int>(offset1, D_kcols);
    selfMulConst4<int>(offset2, D_kcols);

    for (int i = 0; i < (D_kcols >> 5); i++) {
      Load4<float, float>(D1tmp, D1_dnVal, offset1, cid);
      Load4<float, float>(D2tmp, D2_dnVal, offset2, cid);
      Dot4<float>(multi, D1tmp, D2tmp);
      cid += 32;
    }
    int res = D_kcols & 31;
    if (res) {
      float D1[4] = {0, 0, 0, 0}, D2[4] = {0, 0, 0, 0};
      if (threadIdx.x < res) {
        Load4<float, float>(D1, D1_dnVal, offset1, cid);
        Load4<float, float>(D2, D2_dnVal, offset2, cid);
        Dot4<float>(multi, D1, D2);
      }
    }
    AllReduce4<float>(multi, 16, 32);
    if (threadIdx.x == 0) {
      Store<float4, float>(O_csrVal, multi, eid);
    }
  } else // Dynamic parrallel?
  {
    eid = Size - (Size & 15) + (blockIdx.x - (Size / 16));
    int offset1 = findRow<int>(S_csrRowPtr, eid, 0, S_mrows) * D_kcols;
    int offset2 = S_csrColInd[eid] * D_kcols;
    float multi = 0;
    int off1 = cid = threadIdx.x;
    float D1tmp0, D2tmp0;
    for (int cc = 0; cc < (D_kcols >> 5); cc++) {
      D1tmp0 = D1_dnVal[offset1 + cid];
      D2tmp0 = D2_dnVal[offset2 + cid];
      multi += D1tmp0 * D2tmp0;
      cid += 32;
    }
    int res = D_kcols & 31;
    D1tmp0 = D2tmp0 = 0;
    if (res) {
      if (off1 < res) {
        D1tmp0 = D1_dnVal[offset1 + cid];
        D2tmp0 = D2_dnVal[offset2 + cid];
      }
      multi += D1tmp0 * D2tmp0;
    }
    for (int stride = 16; stride > 0; stride >>= 1) {
      multi += __shfl_xor_sync(0xffffffff, multi, stride, 32);
    }
    if (threadIdx.x == 0 && threadIdx.y == 0) {
      O_csrVal[eid] = multi;
    }
  }
}

__global__ void sddmm_csr_simple(const int S_mrows, int D_kcols,
                                 const unsigned long Size, int *S_csrRowPtr,
                                 int *S_csrColInd, float *D1_dnVal,
                                 float *D2_dnVal, float *O_csrVal) {
  int eid = blockIdx.x;
  int cid = threadIdx.x;

  float multi = 0;
  int offset1, offset2;
  float D1tmp, D2tmp;

  offset2 = S_csrColInd[eid];

  offset1 = findRow<int>(S_csrRowPtr, eid, 0, S_mrows);

  offset1 *= D_kcols;
  offset2 *= D_kcols;

  for (int i = 0; i < (D_kcols >> 5); i++) {
    D1tmp = D1_dnVal[offset1 + cid];
    D2tmp = D2_dnVal[offset2 + cid];
    multi += D1tmp * D2tmp;
    cid += 32;
  }
  int res = D_kcols & 31;
  if (res) {
    float D1 = 0, D2 = 0;
    if (threadIdx.x < res) {
      D1 = D1_dnVal[offset1 + cid];
      D2 = D2_dnVal[offset2 + cid];
      multi += D1 * D2;
    }
  }
  for (int stride = 16; stride > 0; stride >>= 1) {
    multi += __shfl_xor_sync(0xfffffff, multi, stride, 32);
  }

  if (threadIdx.x == 0) {
    O_csrVal[eid] = multi;
  }
}
