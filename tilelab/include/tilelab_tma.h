/* tilelab_tma.h: the CUtensorMap type for kernels compiled by NVRTC, which has no <cuda.h>.
 *
 *   #include <tilelab_tma.h>
 *   __global__ void k(const __grid_constant__ CUtensorMap tmA, ...)   // tl.launch(k, grid, block, tl.TensorMap(A, box), ...)
 *
 * The 128 opaque bytes are the driver's (cuTensorMapEncodeTiled) on a GPU and the emulator's own
 * encoding on the emulator (tilelab/emu/tma.py); a kernel only takes the parameter's address
 * (&tmA) for cp.async.bulk.tensor. Same layout as <cuda.h>'s CUtensorMap_st, and guarded so a
 * source that also includes <cuda.h> (nvcc) still compiles. */
#pragma once
#ifndef CU_TENSOR_MAP_NUM_QWORDS
#define CU_TENSOR_MAP_NUM_QWORDS 16
typedef struct CUtensorMap_st {
    alignas(64) unsigned long long opaque[CU_TENSOR_MAP_NUM_QWORDS];
} CUtensorMap;
#endif
