// tilelab kernel collection: GPUPrefixSums' single-pass chained scan with decoupled lookback (CSDLInclusive/Exclusive)
// Source:  https://github.com/b0nes164/GPUPrefixSums/blob/98d93a4e9ed2f3c8353119515bf9be90a2e137ad/GPUPrefixSumsCUDA/ChainedScanDecoupledLookback.cuh
//          (b0nes164/GPUPrefixSums, commit 98d93a4: Thomas Smith's GPU prefix sums, reduce-then-scan and chained
//          scan with decoupled lookback, with CUDA, D3D12, Unity and WebGPU ports)
// Licence: MIT (the file's SPDX line and the repository's LICENSE, whose GPUPrefixSums notice follows).
// Kept: the device code, unchanged (lines 1-15 and 18-160 of the original: its notice, the flags, the namespace
//       ChainedScanDecoupledLookback's lookbacks, CSDL and its two __global__ templates). Removed: its two #include
//       lines of the repository's headers, replaced by the lines below copied from those headers, marked (Utils.cuh's
//       own includes left out but <stdint.h>).
//       The host code that launches the kernels is ChainedScanDecoupledLookbackDispatcher.cuh (not copied).

/*
 * Copyright (c) 2024 Thomas Smith
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
 */

#include <stdint.h>

// ---- copied from GPUPrefixSumsCUDA/Utils.cuh (lines 15-71; its includes, lines 10-13, left out)
//General macros
#define LANE_COUNT 32                         //Threads in a warp
#define LANE_MASK 31                          //Mask of the lane count
#define LANE_LOG 5                            //log2(LANE_COUNT)
#define WARP_INDEX (threadIdx.x >> LANE_LOG)  //Warp of a thread

//PTX functions
__device__ __forceinline__ uint32_t getLaneId() {
    uint32_t laneId;
    asm("mov.u32 %0, %%laneid;" : "=r"(laneId));
    return laneId;
}

//Warp scans
__device__ __forceinline__ uint32_t InclusiveWarpScan(uint32_t val) {
    #pragma unroll
    for (int i = 1; i <= 16; i <<= 1)  // 16 = LANE_COUNT >> 1
    {
        const uint32_t t = __shfl_up_sync(0xffffffff, val, i, LANE_COUNT);
        if (getLaneId() >= i)
            val += t;
    }

    return val;
}

__device__ __forceinline__ uint32_t InclusiveWarpScanCircularShift(uint32_t val) {
    #pragma unroll
    for (int i = 1; i <= 16; i <<= 1)  // 16 = LANE_COUNT >> 1
    {
        const uint32_t t = __shfl_up_sync(0xffffffff, val, i, LANE_COUNT);
        if (getLaneId() >= i)
            val += t;
    }

    return __shfl_sync(0xffffffff, val, getLaneId() + LANE_MASK & LANE_MASK);
}

__device__ __forceinline__ uint32_t WarpReduceSum(uint32_t val) {
    #pragma unroll
    for (int mask = 16; mask; mask >>= 1)  // 16 = LANE_COUNT >> 1
        val += __shfl_xor_sync(0xffffffff, val, mask, LANE_COUNT);

    return val;
}

__device__ __forceinline__ uint4 SetXAddYZW(uint32_t valToAdd, uint4 val) {
    return make_uint4(valToAdd, val.y + valToAdd, val.z + valToAdd, val.w + valToAdd);
}

__device__ __forceinline__ uint4 AddUintToUint4(uint32_t valToAdd, uint4 val) {
    return make_uint4(val.x + valToAdd, val.y + valToAdd, val.z + valToAdd, val.w + valToAdd);
}

__device__ __forceinline__ uint32_t ReduceUint4(uint4 val) {
    return val.x + val.y + val.z + val.w;
}
// ---- end of Utils.cuh

// ---- copied from GPUPrefixSumsCUDA/ScanCommon.cuh (lines 12-135; line 10, #include "Utils.cuh", left out)
template <uint32_t PER_THREAD>
__device__ __forceinline__ void ScanExclusiveFull(uint4* tScan, uint32_t* scan,
                                                  uint32_t* s_warpReduction,
                                                  const uint32_t offset) {
    uint32_t warpReduction = 0;
    #pragma unroll
    for (uint32_t i = getLaneId() + offset, k = 0; k < PER_THREAD; i += LANE_COUNT, ++k) {
        tScan[k] = reinterpret_cast<uint4*>(scan)[i];

        uint32_t t0 = tScan[k].x;
        tScan[k].x += tScan[k].y;
        tScan[k].y = t0;

        t0 = tScan[k].x;
        tScan[k].x += tScan[k].z;
        tScan[k].z = t0;

        t0 = tScan[k].x;
        tScan[k].x += tScan[k].w;
        tScan[k].w = t0;

        const uint32_t t1 = InclusiveWarpScanCircularShift(tScan[k].x);
        tScan[k] = SetXAddYZW((getLaneId() ? t1 : 0) + warpReduction, tScan[k]);
        warpReduction += __shfl_sync(0xffffffff, t1, 0);
    }

    if (!getLaneId())
        s_warpReduction[WARP_INDEX] = warpReduction;
}

template <uint32_t PER_THREAD>
__device__ __forceinline__ void ScanExclusivePartial(uint4* tScan, uint32_t* scan,
                                                     uint32_t* s_warpReduction,
                                                     const uint32_t offset,
                                                     const uint32_t vecSize) {
    uint32_t warpReduction = 0;
    #pragma unroll
    for (uint32_t i = getLaneId() + offset, k = 0; k < PER_THREAD; i += LANE_COUNT, ++k) {
        tScan[k] = i < vecSize ? reinterpret_cast<uint4*>(scan)[i] : make_uint4(0, 0, 0, 0);

        uint32_t t0 = tScan[k].x;
        tScan[k].x += tScan[k].y;
        tScan[k].y = t0;

        t0 = tScan[k].x;
        tScan[k].x += tScan[k].z;
        tScan[k].z = t0;

        t0 = tScan[k].x;
        tScan[k].x += tScan[k].w;
        tScan[k].w = t0;

        const uint32_t t1 = InclusiveWarpScanCircularShift(tScan[k].x);
        tScan[k] = SetXAddYZW((getLaneId() ? t1 : 0) + warpReduction, tScan[k]);
        warpReduction += __shfl_sync(0xffffffff, t1, 0);
    }

    if (!getLaneId())
        s_warpReduction[WARP_INDEX] = warpReduction;
}

template <uint32_t PER_THREAD>
__device__ __forceinline__ void ScanInclusiveFull(uint4* tScan, uint32_t* scan,
                                                  uint32_t* s_warpReduction,
                                                  const uint32_t offset) {
    uint32_t warpReduction = 0;
    #pragma unroll
    for (uint32_t i = getLaneId() + offset, k = 0; k < PER_THREAD; i += LANE_COUNT, ++k) {
        tScan[k] = reinterpret_cast<uint4*>(scan)[i];
        tScan[k].y += tScan[k].x;
        tScan[k].z += tScan[k].y;
        tScan[k].w += tScan[k].z;

        const uint32_t t = InclusiveWarpScanCircularShift(tScan[k].w);
        tScan[k] = AddUintToUint4((getLaneId() ? t : 0) + warpReduction, tScan[k]);
        warpReduction += __shfl_sync(0xffffffff, t, 0);
    }

    if (!getLaneId())
        s_warpReduction[WARP_INDEX] = warpReduction;
}

template <uint32_t PER_THREAD>
__device__ __forceinline__ void ScanInclusivePartial(uint4* tScan, uint32_t* scan,
                                                     uint32_t* s_warpReduction,
                                                     const uint32_t offset,
                                                     const uint32_t vecSize) {
    uint32_t warpReduction = 0;
    #pragma unroll
    for (uint32_t i = getLaneId() + offset, k = 0; k < PER_THREAD; i += LANE_COUNT, ++k) {
        tScan[k] = i < vecSize ? reinterpret_cast<uint4*>(scan)[i] : make_uint4(0, 0, 0, 0);
        tScan[k].y += tScan[k].x;
        tScan[k].z += tScan[k].y;
        tScan[k].w += tScan[k].z;

        const uint32_t t = InclusiveWarpScanCircularShift(tScan[k].w);
        tScan[k] = AddUintToUint4((getLaneId() ? t : 0) + warpReduction, tScan[k]);
        warpReduction += __shfl_sync(0xffffffff, t, 0);
    }

    if (!getLaneId())
        s_warpReduction[WARP_INDEX] = warpReduction;
}

template <uint32_t PER_THREAD>
__device__ __forceinline__ void PropagateFull(uint4* tScan, uint32_t* scan,
                                              const uint32_t prevReduction, const uint32_t offset) {
    #pragma unroll
    for (uint32_t i = getLaneId() + offset, k = 0; k < PER_THREAD; i += LANE_COUNT, ++k) {
        reinterpret_cast<uint4*>(scan)[i] = AddUintToUint4(prevReduction, tScan[k]);
    }
}

template <uint32_t PER_THREAD>
__device__ __forceinline__ void PropagatePartial(uint4* tScan, uint32_t* scan,
                                                 const uint32_t prevReduction,
                                                 const uint32_t offset, const uint32_t vecSize) {
    #pragma unroll
    for (uint32_t i = getLaneId() + offset, k = 0; k < PER_THREAD; i += LANE_COUNT, ++k) {
        if (i < vecSize) {
            reinterpret_cast<uint4*>(scan)[i] = AddUintToUint4(prevReduction, tScan[k]);
        }
    }
}
// ---- end of ScanCommon.cuh

/******************************************************************************
 * GPUPrefixSums
 * Chained Scan with Decoupled Lookback Implementation
 *
 * SPDX-License-Identifier: MIT
 * Copyright Thomas Smith 11/30/2024
 * https://github.com/b0nes164/GPUPrefixSums
 *
 * Based off of Research by:
 *          Duane Merrill, Nvidia Corporation
 *          Michael Garland, Nvidia Corporation
 *          https://research.nvidia.com/publication/2016-03_single-pass-parallel-prefix-scan-decoupled-look-back
 *
 ******************************************************************************/
#pragma once

#define FLAG_NOT_READY 0  // Flag indicating this partition tile's local reduction is not ready
#define FLAG_REDUCTION 1  // Flag indicating this partition tile's local reduction is ready
#define FLAG_INCLUSIVE \
    2  // Flag indicating this partition tile has summed all preceding tiles and added to its sum.
#define FLAG_MASK 3  // Mask used to retrieve the flag

namespace ChainedScanDecoupledLookback {
    // Two different ways to do the lookback, testing shows negligible performance difference:
    // lookback, single thread
    __device__ __forceinline__ void LookbackSingle(const uint32_t partIndex,
                                                   uint32_t localReduction, uint32_t& s_broadcast,
                                                   volatile uint32_t* threadBlockReduction) {
        uint32_t prevReduction = 0;
        uint32_t lookbackIndex = partIndex - 1;
        while (true) {
            const uint32_t flagPayload = threadBlockReduction[lookbackIndex];
            if ((flagPayload & FLAG_MASK) > FLAG_NOT_READY) {
                prevReduction += flagPayload >> 2;
                if ((flagPayload & FLAG_MASK) == FLAG_INCLUSIVE) {
                    s_broadcast = prevReduction;
                    atomicExch((uint32_t*)&threadBlockReduction[partIndex],
                               FLAG_INCLUSIVE | prevReduction + localReduction << 2);
                    break;
                } else {
                    lookbackIndex--;
                }
            }
        }
    }

    // lookback, non-divergent single warp
    __device__ __forceinline__ void LookbackWarp(const uint32_t partIndex, uint32_t localReduction,
                                                 uint32_t& s_broadcast,
                                                 volatile uint32_t* threadBlockReduction) {
        uint32_t prevReduction = 0;
        uint32_t lookbackIndex = partIndex + LANE_COUNT - getLaneId();
        while (true) {
            const uint32_t flagPayload = lookbackIndex > LANE_COUNT
                                             ? threadBlockReduction[lookbackIndex - LANE_COUNT - 1]
                                             : FLAG_INCLUSIVE;
            if (__all_sync(0xffffffff, (flagPayload & FLAG_MASK) > FLAG_NOT_READY)) {
                uint32_t inclusiveBallot =
                    __ballot_sync(0xffffffff, (flagPayload & FLAG_MASK) == FLAG_INCLUSIVE);
                if (inclusiveBallot) {
                    prevReduction +=
                        WarpReduceSum(getLaneId() < __ffs(inclusiveBallot) ? flagPayload >> 2 : 0);
                    if (getLaneId() == 0) {
                        s_broadcast = prevReduction;
                        atomicExch((uint32_t*)&threadBlockReduction[partIndex],
                                   FLAG_INCLUSIVE | prevReduction + localReduction << 2);
                    }
                    break;
                } else {
                    prevReduction += WarpReduceSum(flagPayload >> 2);
                    lookbackIndex -= LANE_COUNT;
                }
            }
        }
    }

    template <uint32_t WARPS, uint32_t PER_THREAD>
    __device__ __forceinline__ void CSDL(
        uint32_t* scan, volatile uint32_t* threadBlockReduction, volatile uint32_t* bump,
        const uint32_t vectorizedSize,
        void (*ScanVariantFull)(uint4*, uint32_t*, uint32_t*, const uint32_t),
        void (*ScanVariantPartial)(uint4*, uint32_t*, uint32_t*, const uint32_t, const uint32_t)) {
        constexpr uint32_t PART_VEC_SIZE = WARPS * LANE_COUNT * PER_THREAD;
        __shared__ uint32_t s_warpReduction[WARPS];
        __shared__ uint32_t s_broadcast;

        // Atomically acquire partition index
        if (!threadIdx.x) {
            s_broadcast = atomicAdd((uint32_t*)&bump[0], 1);
        }
        __syncthreads();
        const uint32_t partitionIndex = s_broadcast;

        uint4 tScan[PER_THREAD];
        uint32_t offset = WARP_INDEX * LANE_COUNT * PER_THREAD + partitionIndex * PART_VEC_SIZE;
        if (partitionIndex < gridDim.x - 1) {
            (*ScanVariantFull)(tScan, scan, s_warpReduction, offset);
        }

        if (partitionIndex == gridDim.x - 1) {
            (*ScanVariantPartial)(tScan, scan, s_warpReduction, offset, vectorizedSize);
        }
        __syncthreads();

        if (threadIdx.x < LANE_COUNT) {
            const bool pred = threadIdx.x < WARPS;
            const uint32_t t = InclusiveWarpScan(pred ? s_warpReduction[threadIdx.x] : 0);
            if (pred) {
                s_warpReduction[threadIdx.x] = t;
            }
        }
        __syncthreads();

        if (!threadIdx.x) {
            atomicExch((uint32_t*)&threadBlockReduction[partitionIndex],
                       (partitionIndex ? FLAG_REDUCTION : FLAG_INCLUSIVE) |
                           s_warpReduction[WARPS - 1] << 2);
        }
        __threadfence();

        if (partitionIndex && threadIdx.x < LANE_COUNT) {
            LookbackWarp(partitionIndex, s_warpReduction[WARPS - 1], s_broadcast,
                         threadBlockReduction);
        }
        __syncthreads();

        const uint32_t prevReduction =
            s_broadcast + (threadIdx.x >= LANE_COUNT ? s_warpReduction[WARP_INDEX - 1] : 0);

        if (partitionIndex < gridDim.x - 1) {
            PropagateFull<PER_THREAD>(tScan, scan, prevReduction, offset);
        }

        if (partitionIndex == gridDim.x - 1) {
            PropagatePartial<PER_THREAD>(tScan, scan, prevReduction, offset, vectorizedSize);
        }
    }

    template <uint32_t WARPS, uint32_t PER_THREAD>
    __global__ void CSDLExclusive(uint32_t* scan, volatile uint32_t* threadBlockReduction,
                                  volatile uint32_t* bump, const uint32_t vectorizedSize) {
        CSDL<WARPS, PER_THREAD>(scan, threadBlockReduction, bump, vectorizedSize,
                                ScanExclusiveFull<PER_THREAD>, ScanExclusivePartial<PER_THREAD>);
    }

    template <uint32_t WARPS, uint32_t PER_THREAD>
    __global__ void CSDLInclusive(uint32_t* scan, volatile uint32_t* threadBlockReduction,
                                  volatile uint32_t* bump, const uint32_t vectorizedSize) {
        CSDL<WARPS, PER_THREAD>(scan, threadBlockReduction, bump, vectorizedSize,
                                ScanInclusiveFull<PER_THREAD>, ScanInclusivePartial<PER_THREAD>);
    }

}  // namespace ChainedScanDecoupledLookback

#undef FLAG_NOT_READY
#undef FLAG_REDUCTION
#undef FLAG_INCLUSIVE
#undef FLAG_MASK
