// tilelab kernel collection: LibreTT's tensor transpose kernels (the portable CUDA/HIP/SYCL fork of cuTT
// maintained at Argonne), the four __global__ templates its plans launch: Tiled, Packed, PackedSplit, TiledCopy
// Source:  https://github.com/victor-anisimov/Librett/blob/07b4d392f60076d3277d4c2ba71b2f62ffdab57a/src/kernel.cpp
//          (victor-anisimov/Librett, commit 07b4d39, the repository's newest; the file is compiled as CUDA
//          when neither LIBRETT_USES_HIP nor LIBRETT_USES_SYCL is defined)
// Licence: MIT (the notice at the top of the source file, with AMD's modification notice, repeated below).
// Kept: kernel.cpp lines 1-27 (the licence notice) and 35-635 (RESTRICT, the clang pragma, transposeTiled,
//       transposePacked, transposePackedSplit and the "#if 1" transposeTiledCopy with its "#else"
//       alternative, each with its SYCL and HIP branches), unchanged. Removed: lines 29-33 (the host headers
//       GpuUtils.h, LRUCache.h, kernel.h, <iostream>, unistd.h) and the host code from line 637 (bank
//       configuration, occupancy and launch configuration, librettKernel's launches). Copied in, marked
//       below: the CUDA lines of uniapi.h (44-46, the LIBRETT_USES_CUDA default; 82-94, the work-unit macros
//       and syncthreads(); 139, int2_t; 160-161, gpu_shfl_xor and gpu_shuffle), Types.h lines 28-43
//       (MAX_REG_STORAGE, TensorConv, TensorConvInOut) and plan.h lines 36-51 (TILEDIM, TILEROWS). The
//       launches are librettKernel's and librettKernelLaunchConfiguration's, with the argument arrays
//       librettPlan_t::setup builds (as cuTT's).

/******************************************************************************
MIT License

Copyright (c) 2016 Antti-Pekka Hynninen
Copyright (c) 2016 Oak Ridge National Laboratory (UT-Batelle)

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.

Modifications Copyright (c) 2022 Advanced Micro Devices, Inc.
All rights reserved.
*******************************************************************************/

// ---- copied from Librett's src/uniapi.h, lines 44-46
#if !defined(LIBRETT_USES_SYCL) && !defined(LIBRETT_USES_HIP)
  #define LIBRETT_USES_CUDA 1
#endif
// ---- lines 82-94
  #define threadIdx_x   threadIdx.x
  #define blockIdx_x    blockIdx.x
  #define blockDim_x    blockDim.x
  #define gridDim_x     gridDim.x
  #define threadIdx_y   threadIdx.y
  #define blockIdx_y    blockIdx.y
  #define blockDim_y    blockDim.y
  #define gridDim_y     gridDim.y
  #define threadIdx_z   threadIdx.z
  #define blockIdx_z    blockIdx.z
  #define blockDim_z    blockDim.z
  #define gridDim_z     gridDim.z
  #define syncthreads() __syncthreads()
// ---- line 139
  using int2_t          = int2;
// ---- lines 160-161
  #define gpu_shfl_xor(a,b)   __shfl_xor_sync(0xffffffff,a,b)
  #define gpu_shuffle(a,b)    __shfl_sync(0xffffffff,a,b)
// ---- end of uniapi.h's lines

// ---- copied from Librett's src/Types.h, lines 28-43
#define MAX_REG_STORAGE 8

struct TensorConv {
  int c;
  int d;
  int ct;
};

struct TensorConvInOut {
  int c_in;
  int d_in;
  int ct_in;
  int c_out;
  int d_out;
  int ct_out;
};
// ---- end of Types.h's lines

// ---- copied from Librett's src/plan.h, lines 36-51
#if LIBRETT_USES_HIP
  const int TILEDIM = 64;   // AMD change
#elif LIBRETT_USES_SYCL
  #if LIBRETT_SUBGROUP_SIZE16
  const int TILEDIM = 16;
  #elif LIBRETT_SUBGROUP_SIZE32
  const int TILEDIM = 32;
  #elif LIBRETT_SUBGROUP_SIZE64
  const int TILEDIM = 64;
  #else
  const int TILEDIM = 32;
  #endif
#elif LIBRETT_USES_CUDA
  const int TILEDIM = 32;
#endif
const int TILEROWS = 8;
// ---- end of plan.h's lines

#define RESTRICT __restrict__

// suppress Clang warning about it being unable to unroll a loop
#if defined(__clang__)
#  pragma clang diagnostic ignored "-Wpass-failed"
#endif

//
// Transpose when Mm and Mk don't overlap and contain only single rank
//
//  dim3 numthread(TILEDIM, TILEROWS, 1);
//  dim3 numblock( ((plan.volMm-1)/TILEDIM+1)*((plan.volMk-1)/TILEDIM+1), 1, plan.volMbar);
//
template <typename T>
__global__ void transposeTiled(const int numMm, const int volMbar, const int sizeMbar,
  const int2_t tiledVol, const int cuDimMk, const int cuDimMm,
  const TensorConvInOut* RESTRICT glMbar, const T* RESTRICT dataIn, T* RESTRICT dataOut
#if LIBRETT_USES_SYCL
  , sycl::nd_item<3>& item
#endif
  )
{
  // Shared memory
#if LIBRETT_USES_SYCL
  sycl::group wrk_grp = item.get_group();
  sycl::sub_group sg = item.get_sub_group();
  #ifdef LIBRETT_SUBGROUP_SIZE64
  using tile_t = T[TILEDIM][TILEDIM];
  #else
  using tile_t = T[TILEDIM][TILEDIM+1];
  #endif
  tile_t& shTile = *sycl::ext::oneapi::group_local_memory_for_overwrite<tile_t>(wrk_grp);
  const int warpSize = sg.get_local_range().get(0);
#elif LIBRETT_USES_HIP
  __shared__ T shTile[TILEDIM][TILEDIM];
#elif LIBRETT_USES_CUDA
  __shared__ T shTile[TILEDIM][TILEDIM+1];
#endif

  const int warpLane = threadIdx_x & (warpSize - 1);

  TensorConvInOut Mbar;
  Mbar.c_in = 1;
  Mbar.d_in = 1;
  Mbar.c_out = 1;
  Mbar.d_out = 1;
  if (warpLane < sizeMbar) {
    Mbar = glMbar[warpLane];
  }

  const int bx = (blockIdx_x % numMm)*TILEDIM;
  const int by = (blockIdx_x / numMm)*TILEDIM;

  const int xin = bx + threadIdx_x;
  const int yin = by + threadIdx_y;

  const int xout = bx + threadIdx_y;
  const int yout = by + threadIdx_x;

#if LIBRETT_USES_SYCL
  const unsigned long long int maskIny = sycl::reduce_over_group(sg, (yin + warpLane < tiledVol.y()) ? (0x1 << sg.get_local_linear_id()) : 0, sycl::plus<>()) * (xin < tiledVol.x());
  const unsigned long long int maskOutx = sycl::reduce_over_group(sg, (xout + warpLane < tiledVol.x()) ? (0x1 << sg.get_local_linear_id()) : 0, sycl::plus<>()) * (yout < tiledVol.y());
  const unsigned long long int one = 1;
#elif LIBRETT_USES_HIP
  // AMD change
  const unsigned long long int maskIny = __ballot((yin + warpLane < tiledVol.y))*(xin < tiledVol.x);
  const unsigned long long int maskOutx = __ballot((xout + warpLane < tiledVol.x))*(yout < tiledVol.y);
  const unsigned long long int one = 1;
#elif LIBRETT_USES_CUDA
  const unsigned int maskIny = __ballot_sync(0xffffffff,(yin + warpLane < tiledVol.y))*(xin < tiledVol.x);
  const unsigned int maskOutx = __ballot_sync(0xffffffff,(xout + warpLane < tiledVol.x))*(yout < tiledVol.y);
  const unsigned int one = 1;
#endif

  const int posMinorIn = xin + yin*cuDimMk;
  const int posMinorOut = yout + xout*cuDimMm;
  const int posInAdd = TILEROWS*cuDimMk;
  const int posOutAdd = TILEROWS*cuDimMm;

  for (int posMbar=blockIdx_z; posMbar < volMbar; posMbar += gridDim_z)
  {
    // Compute global memory positions
    int posMajorIn = ((posMbar/Mbar.c_in) % Mbar.d_in)*Mbar.ct_in;
    int posMajorOut = ((posMbar/Mbar.c_out) % Mbar.d_out)*Mbar.ct_out;
#if LIBRETT_USES_SYCL
    posMajorIn  = sycl::reduce_over_group(sg, posMajorIn,  sycl::plus<int>());
    posMajorOut = sycl::reduce_over_group(sg, posMajorOut, sycl::plus<int>());
#else // FOR CUDA, HIP only
    #pragma unroll
    for (int i=warpSize/2; i >= 1; i/=2) {  // AMD change
        posMajorIn += gpu_shfl_xor(posMajorIn,i);
        posMajorOut += gpu_shfl_xor(posMajorOut,i);
    }
#endif // SYCL

    int posIn = posMajorIn + posMinorIn;
    int posOut = posMajorOut + posMinorOut;

    // Read from global memory
    #if LIBRETT_USES_SYCL
    sycl::group_barrier( wrk_grp );
    #else
    syncthreads();
    #endif

    // Read data into shared memory tile
#pragma unroll
    for (int j=0; j < TILEDIM; j += TILEROWS) {
      // int pos = posIn + j*cuDimMk;
      // if (xin < readVol.x && yin + j < readVol.y) {
      if ((maskIny & (one << j)) != 0) {   // AMD change
        shTile[threadIdx_y + j][threadIdx_x] = dataIn[posIn];
      }
      posIn += posInAdd;
    }

    // Write to global memory
    #if LIBRETT_USES_SYCL
    sycl::group_barrier( wrk_grp );
    #else
    syncthreads();
    #endif

#pragma unroll
    for (int j=0; j < TILEDIM; j += TILEROWS) {
      // int pos = posOut + j*cuDimMm;
      // if (xout + j < readVol.x && yout < readVol.y) {
      if ((maskOutx & (one << j)) != 0 ) {   // AMD change
        dataOut[posOut] = shTile[threadIdx_x][threadIdx_y + j];
      }
      posOut += posOutAdd;
    }

  }

}

//
// Packed transpose. Thread block loads plan.volMmk number of elements
//
template <typename T, int numRegStorage>
__global__ void transposePacked(
  const int volMmk, const int volMbar,
  const int sizeMmk, const int sizeMbar,
  const TensorConvInOut* RESTRICT gl_Mmk,
  const TensorConvInOut* RESTRICT gl_Mbar,
  const TensorConv* RESTRICT gl_Msh,
  const T* RESTRICT dataIn, T* RESTRICT dataOut
  #if LIBRETT_USES_SYCL
  , sycl::nd_item<3> item, uint8_t *dpct_local
  #endif
  )
{
  // Shared memory. volMmk elements
#if LIBRETT_USES_SYCL
  auto shBuffer_char = (char *)dpct_local;
  sycl::group wrk_grp = item.get_group();
  sycl::sub_group sg = item.get_sub_group();
  const int warpSize = sg.get_local_range().get(0);
#elif LIBRETT_USES_HIP
  HIP_DYNAMIC_SHARED( char, shBuffer_char)
#elif LIBRETT_USES_CUDA
  extern __shared__ char shBuffer_char[];
#endif
  T* shBuffer = (T *)shBuffer_char;

  const int warpLane = threadIdx_x & (warpSize - 1);

  TensorConvInOut Mmk;
  Mmk.c_in = 1;
  Mmk.d_in = 1;
  Mmk.c_out = 1;
  Mmk.d_out = 1;
  if (warpLane < sizeMmk) {
    Mmk = gl_Mmk[warpLane];
  }
  TensorConv Msh;
  Msh.c = 1;
  Msh.d = 1;
  if (warpLane < sizeMmk) {
    Msh = gl_Msh[warpLane];
  }

  // Pre-compute tensor positions in Mmk
  // 3*numRegStorage registers
  int posMmkIn[numRegStorage];
  int posMmkOut[numRegStorage];
  int posSh[numRegStorage];
#pragma unroll
  for (int j=0; j < numRegStorage; j++) {
    posMmkIn[j] = 0;
    posMmkOut[j] = 0;
    posSh[j] = 0;
  }
  for (int i=0; i < sizeMmk; i++) {
#pragma unroll
    for (int j=0; j < numRegStorage; j++) {
      int posMmk = threadIdx_x + j*blockDim_x;

      posMmkIn[j]  += ((posMmk / gpu_shuffle(Mmk.c_in,i))  % gpu_shuffle(Mmk.d_in,i))  * gpu_shuffle(Mmk.ct_in,i);
      posMmkOut[j] += ((posMmk / gpu_shuffle(Mmk.c_out,i)) % gpu_shuffle(Mmk.d_out,i)) * gpu_shuffle(Mmk.ct_out,i);
      posSh[j]     += ((posMmk / gpu_shuffle(Msh.c,i))     % gpu_shuffle(Msh.d,i))     * gpu_shuffle(Msh.ct,i);
    }
  }

  // 6 registers
  TensorConvInOut Mbar;
  Mbar.c_in = 1;
  Mbar.d_in = 1;
  Mbar.c_out = 1;
  Mbar.d_out = 1;
  if (warpLane < sizeMbar) {
    Mbar = gl_Mbar[warpLane];
  }

  for (int posMbar=blockIdx_x; posMbar < volMbar; posMbar += gridDim_x)
  {

    int posMbarOut = ((posMbar/Mbar.c_out) % Mbar.d_out)*Mbar.ct_out;
    int posMbarIn  = ((posMbar/Mbar.c_in)  % Mbar.d_in) *Mbar.ct_in;
#if LIBRETT_USES_SYCL
    posMbarOut = sycl::reduce_over_group(sg, posMbarOut, sycl::plus<int>());
    posMbarIn  = sycl::reduce_over_group(sg, posMbarIn,  sycl::plus<int>());
#else // for CUDA, HIP only
    #pragma unroll
    for (int i=warpSize/2; i >= 1; i/=2) {   // AMD change
      posMbarOut += gpu_shfl_xor(posMbarOut,i);
      posMbarIn  += gpu_shfl_xor(posMbarIn,i);
    }
#endif

    #if LIBRETT_USES_SYCL
    sycl::group_barrier( wrk_grp );
    #else
    syncthreads();
    #endif

    // Read from global memory
#pragma unroll
    for (int j=0; j < numRegStorage; j++) {
      int posMmk = threadIdx_x + j*blockDim_x;
      int posIn = posMbarIn + posMmkIn[j];
      if (posMmk < volMmk) shBuffer[posMmk] = dataIn[posIn];
    }

    #if LIBRETT_USES_SYCL
    sycl::group_barrier( wrk_grp );
    #else
    syncthreads();
    #endif

    // Write to global memory
#pragma unroll
    for (int j=0; j < numRegStorage; j++) {
      int posMmk = threadIdx_x + j*blockDim_x;
      int posOut = posMbarOut + posMmkOut[j];
      if (posMmk < volMmk) dataOut[posOut] = shBuffer[posSh[j]];
    }

  }

}

//
// Packed method with a split rank
//
// dim nthread(((volMmkWithSplit - 1)/(gpuWarpSize*lc.numRegStorage) + 1)*gpuWarpSize, 1, 1)
// dim nblock(ts.numSplit, min(256, max(1, ts.volMbar)), 1)
//
template <typename T, int numRegStorage>
__global__ void transposePackedSplit(
  const int splitDim, const int volMmkUnsplit, const int volMbar,
  const int sizeMmk, const int sizeMbar,
  const int cMmSplit, const int cMkSplit,
  const TensorConvInOut* RESTRICT glMmk,
  const TensorConvInOut* RESTRICT glMbar,
  const TensorConv* RESTRICT glMsh,
  const T* RESTRICT dataIn, T* RESTRICT dataOut
  #if LIBRETT_USES_SYCL
  , sycl::nd_item<3>& item, uint8_t *dpct_local
  #endif
  )
{
  // Shared memory. max(volSplit)*volMmkUnsplit T elements
#if LIBRETT_USES_SYCL
  auto shBuffer_char = (char *)dpct_local;
  sycl::group wrk_grp = item.get_group();
  sycl::sub_group sg = item.get_sub_group();
  const int warpSize = sg.get_local_range().get(0);
#elif LIBRETT_USES_HIP
  HIP_DYNAMIC_SHARED( char, shBuffer_char)
#elif LIBRETT_USES_CUDA
  extern __shared__ char shBuffer_char[];
#endif
  T* shBuffer = (T *)shBuffer_char;

  const int warpLane = threadIdx_x & (warpSize - 1);

  // const int plusone = (blockIdx.x < (splitDim % gridDim.x));
  const int p0 = blockIdx_x*splitDim/gridDim_x;
  const int volSplit = (blockIdx_x + 1)*splitDim/gridDim_x - p0;
  const int plusone = volSplit - splitDim/gridDim_x;

  TensorConvInOut Mmk;
  Mmk.c_in = 1;
  Mmk.d_in = 1;
  Mmk.c_out = 1;
  Mmk.d_out = 1;
  if (warpLane < sizeMmk) {
    Mmk = glMmk[warpLane + plusone*sizeMmk];
  }
  TensorConv Msh;
  Msh.c = 1;
  Msh.d = 1;
  if (warpLane < sizeMmk) {
    Msh = glMsh[warpLane + plusone*sizeMmk];
  }

  // gridDim.x = number of splits
  // blockIdx.x = {0 ... gridDim.x - 1} is the split-index
  // Volume of this split
  // const int volSplit = (splitDim/gridDim.x) + plusone;
  // Start position in this split
  // const int p0 = (splitDim/gridDim.x)*blockIdx.x + min(blockIdx.x, (splitDim % gridDim.x));
  const int posMmkIn0  = p0*cMmSplit;
  const int posMmkOut0 = p0*cMkSplit;
  // Volume of split Mmk
  const int volMmkSplit = volSplit*volMmkUnsplit;

  // Pre-compute tensor positions in Mmk
  // 3*numRegStorage registers
  int posMmkIn[numRegStorage];
  int posMmkOut[numRegStorage];
  int posSh[numRegStorage];
#pragma unroll
  for (int j=0; j < numRegStorage; j++) {
    posMmkIn[j]  = posMmkIn0;
    posMmkOut[j] = posMmkOut0;
    posSh[j] = 0;
  }
  for (int i=0; i < sizeMmk; i++) {
#pragma unroll
    for (int j=0; j < numRegStorage; j++) {
      int t = threadIdx_x + j*blockDim_x;

      posMmkIn[j]  += ((t/gpu_shuffle(Mmk.c_in,i))  % gpu_shuffle(Mmk.d_in,i))  * gpu_shuffle(Mmk.ct_in,i);
      posMmkOut[j] += ((t/gpu_shuffle(Mmk.c_out,i)) % gpu_shuffle(Mmk.d_out,i)) * gpu_shuffle(Mmk.ct_out,i);
      posSh[j]     += ((t/gpu_shuffle(Msh.c,i))     % gpu_shuffle(Msh.d,i))     * gpu_shuffle(Msh.ct,i);
    }
  }

  TensorConvInOut Mbar;
  Mbar.c_in = 1;
  Mbar.d_in = 1;
  Mbar.c_out = 1;
  Mbar.d_out = 1;
  if (warpLane < sizeMbar) {
    Mbar = glMbar[warpLane];
  }

  const int posMbar0 = blockIdx_y*volMbar/gridDim_y;
  const int posMbar1 = (blockIdx_y + 1)*volMbar/gridDim_y;
  for (int posMbar=posMbar0; posMbar < posMbar1; posMbar++)
  // for (int posMbar=blockIdx.y;posMbar < volMbar;posMbar+=gridDim.y)
  {

    int posMbarOut = ((posMbar/Mbar.c_out) % Mbar.d_out)*Mbar.ct_out;
    int posMbarIn = ((posMbar/Mbar.c_in) % Mbar.d_in)*Mbar.ct_in;
#if LIBRETT_USES_SYCL
    posMbarOut = sycl::reduce_over_group(sg, posMbarOut, sycl::plus<int>());
    posMbarIn  = sycl::reduce_over_group(sg, posMbarIn,  sycl::plus<int>());
#else // HIP, CUDA only
    #pragma unroll
    for (int i=warpSize/2; i >= 1; i/=2) {   // AMD change
      posMbarOut += gpu_shfl_xor(posMbarOut,i);
      posMbarIn += gpu_shfl_xor(posMbarIn,i);
    }
#endif

    // Read from global memory
    #if LIBRETT_USES_SYCL
    sycl::group_barrier( wrk_grp );
    #else
    syncthreads();
    #endif

#pragma unroll
    for (int j=0; j < numRegStorage; j++) {
      int posMmk = threadIdx_x + j*blockDim_x;
      int posIn = posMbarIn + posMmkIn[j];
      if (posMmk < volMmkSplit) shBuffer[posMmk] = dataIn[posIn];
    }

    // Write to global memory
    #if LIBRETT_USES_SYCL
    sycl::group_barrier( wrk_grp );
    #else
    syncthreads();
    #endif

#pragma unroll
    for (int j=0; j < numRegStorage; j++) {
      int posMmk = threadIdx_x + j*blockDim_x;
      int posOut = posMbarOut + posMmkOut[j];
      if (posMmk < volMmkSplit) dataOut[posOut] = shBuffer[posSh[j]];
    }

  }

}

#if 1
//
// Transpose when the lead dimension is the same, e.g. (1, 2, 3) -> (1, 3, 2)
//
//  dim3 numthread(TILEDIM, TILEROWS, 1);
//  dim3 numblock( ((plan.volMm-1)/TILEDIM+1)*((plan.volMkBar-1)/TILEDIM+1), 1, plan.volMbar);
//
template <typename T>
__global__ void transposeTiledCopy(
  const int numMm, const int volMbar, const int sizeMbar,
  const int cuDimMk, const int cuDimMm,
  const int2_t tiledVol,
  const TensorConvInOut* RESTRICT gl_Mbar,
  const T* RESTRICT dataIn, T* RESTRICT dataOut
  #if LIBRETT_USES_SYCL
  , sycl::nd_item<3>& item
  #endif
  )
{
#if LIBRETT_USES_SYCL
  sycl::sub_group sg = item.get_sub_group();
  const int warpSize = sg.get_local_range().get(0);
#endif
  const int warpLane = threadIdx_x & (warpSize - 1);
  TensorConvInOut Mbar;
  Mbar.c_in = 1;
  Mbar.d_in = 1;
  Mbar.c_out = 1;
  Mbar.d_out = 1;
  if (warpLane < sizeMbar) {
    Mbar = gl_Mbar[warpLane];
  }

  const int bx = (blockIdx_x % numMm)*TILEDIM;
  const int by = (blockIdx_x / numMm)*TILEDIM;

  const int x = bx + threadIdx_x;
  const int y = by + threadIdx_y;

#if LIBRETT_USES_SYCL
  const unsigned int mask = sycl::reduce_over_group(sg, (y + warpLane < tiledVol.y()) ? (0x1 << sg.get_local_linear_id()) : 0, sycl::plus<>()) * (x < tiledVol.x());
  const unsigned int one = 1;
#elif LIBRETT_USES_HIP // AMD change
  const unsigned long long int mask = __ballot((y + warpLane < tiledVol.y))*(x < tiledVol.x);
  const unsigned long long int one = 1;
#elif LIBRETT_USES_CUDA
  const unsigned int mask = __ballot_sync(0xffffffff,(y + warpLane < tiledVol.y))*(x < tiledVol.x);
  const unsigned int one = 1;
#endif

  const int posMinorIn = x + y*cuDimMk;
  const int posMinorOut = x + y*cuDimMm;
  const int posInAdd = TILEROWS*cuDimMk;
  const int posOutAdd = TILEROWS*cuDimMm;

  for (int posMbar=blockIdx_z; posMbar < volMbar; posMbar += gridDim_z)
  {

    // Compute global memory positions
    int posMajorIn = ((posMbar/Mbar.c_in) % Mbar.d_in)*Mbar.ct_in;
    int posMajorOut = ((posMbar/Mbar.c_out) % Mbar.d_out)*Mbar.ct_out;
#if LIBRETT_USES_SYCL
    posMajorIn  = sycl::reduce_over_group(sg, posMajorIn,  sycl::plus<int>());
    posMajorOut = sycl::reduce_over_group(sg, posMajorOut, sycl::plus<int>());
#else // for CUDA, HIP only
    #pragma unroll
    for (int i=warpSize/2; i >= 1; i/=2) {   // AMD change
      posMajorIn += gpu_shfl_xor(posMajorIn,i);
      posMajorOut += gpu_shfl_xor(posMajorOut,i);
    }
#endif // SYCL
    int posIn = posMajorIn + posMinorIn;
    int posOut = posMajorOut + posMinorOut;

    // Variables where values are stored
    T val[TILEDIM/TILEROWS];

    // Read global memory
#pragma unroll
    for (int j=0; j < TILEDIM; j += TILEROWS) {
      // if ((x < tiledVol.x) && (y + j < tiledVol.y)) {
      if ((mask & (one << j)) != 0) {   // AMD change
        val[j/TILEROWS] = dataIn[posIn];
      }
      posIn += posInAdd;
    }

    // Write global memory
#pragma unroll
    for (int j=0; j < TILEDIM; j += TILEROWS) {
      // if ((x < tiledVol.x) && (y + j < tiledVol.y)) {
      if ((mask & (one << j)) != 0) {   // AMD change
        dataOut[posOut] = val[j/TILEROWS];
      }
      posOut += posOutAdd;
    }

  }

}

#else

//
// Returns scalar tensor position. Each lane has the same p
// NOTE: c and d on inactive warps must be 1 !!
//
__device__ __forceinline__
int tensorPos(
  const int p, const int rank, const int c, const int d, const int ct,
  const int numLane=warpSize
  ) {

  int r = ((p/c) % d)*ct;
#pragma unroll
  for (int i=numLane/2;i >= 1;i/=2) {
    r += __shfl_xor_sync(0xffffffff,r,i);
  }
  return r;

}

//
// Transpose when the lead dimension is the same, e.g. (1, 2, 3) -> (1, 3, 2)
//
//  dim3 numthread(TILEDIM, TILEROWS, 1);
//  dim3 numblock( ((plan.volMm-1)/TILEDIM+1)*((plan.volMkBar-1)/TILEDIM+1), 1, plan.volMbar);
//
template <typename T>
__global__ void transposeTiledCopy(
  const int numMm, const int volMbar, const int sizeMbar,
  const int cuDimMk, const int cuDimMm,
  const int2_t tiledVol,
  const TensorConvInOut* RESTRICT gl_Mbar,
  const T* RESTRICT dataIn, T* RESTRICT dataOut) {

  const int warpLane = threadIdx.x & (warpSize - 1);
  TensorConvInOut Mbar;
  Mbar.c_in = 1;
  Mbar.d_in = 1;
  Mbar.c_out = 1;
  Mbar.d_out = 1;
  if (warpLane < sizeMbar) {
    Mbar = gl_Mbar[warpLane];
  }

  const int bx = (blockIdx.x % numMm)*TILEDIM;
  const int by = (blockIdx.x / numMm)*TILEDIM;

  const int x = bx + threadIdx.x;
  const int y = by + threadIdx.y;

  for (int posMbar=blockIdx.z;posMbar < volMbar;posMbar += gridDim.z)
  {

    // Variables where values are stored
    T val[TILEDIM/TILEROWS];

    // Read global memory
    {
      int pos0 = tensorPos(posMbar, sizeMbar, Mbar.c_in, Mbar.d_in, Mbar.ct_in);
      pos0 += x + y*cuDimMk;

#pragma unroll
      for (int j=0;j < TILEDIM;j += TILEROWS) {
        int pos  = pos0  + j*cuDimMk;
        if ((x < tiledVol.x) && (y + j < tiledVol.y)) {
          val[j/TILEROWS] = dataIn[pos];
        }
      }
    }

    // Write global memory
    {
      int pos0 = tensorPos(posMbar, sizeMbar, Mbar.c_out, Mbar.d_out, Mbar.ct_out);
      pos0 += x + y*cuDimMm;

#pragma unroll
      for (int j=0;j < TILEDIM;j += TILEROWS) {
        int pos = pos0 + j*cuDimMm;
        if ((x < tiledVol.x) && (y + j < tiledVol.y)) {
          dataOut[pos] = val[j/TILEROWS];
        }
      }
    }

  }

}
#endif
