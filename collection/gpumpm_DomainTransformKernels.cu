// tilelab kernel collection: GPUMPM's domain-transform kernels (page and cell boundaries, block offsets, page sizes)
// Source:  https://github.com/kuiwuchn/GPUMPM/blob/2947161d5e33517a987ef5c1942fc88bb00da898/src/Simulation/DomainTransform/DomainTransformKernels.cu
// Licence: GPL-3.0 (the repository's LICENSE; notice below)
// Kept:    DomainTransformKernels.cuh line 5 (#include <stdint.h>); DomainTransformKernels.cu lines 3-52 (namespace mn,
//          all five kernels), unchanged. Removed: line 1 (its own header's include). (kuiwuchn/GPUMPM, commit 2947161.)
//          The file has no host code.
/* GPUMPM (Ming Gao, Xinlei Wang, Kui Wu et al., "GPU Optimization of Material Point Methods", SIGGRAPH Asia 2018).
   This copy is distributed under the GNU General Public License version 3, as the repository is (its LICENSE file:
   the GPL-3.0 text). This program is free software: you can redistribute it and/or modify it under the terms of the
   GNU General Public License as published by the Free Software Foundation, version 3. It is distributed WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See
   <https://www.gnu.org/licenses/>. */
// ---- DomainTransformKernels.cuh line 5
#include <stdint.h>
// ---- DomainTransformKernels.cu lines 3-52
namespace mn {

    // mark the boundary where the page # changes
    __global__ void markPageBoundary(const int numParticle, const uint64_t* _offsets, int32_t* _marks) {
        int idx = blockIdx.x * blockDim.x + threadIdx.x;
        if (idx >= numParticle) return;
        if (!idx || (_offsets[idx] >> 12) != (_offsets[idx - 1] >> 12))
            _marks[idx] = 1;
        else
            _marks[idx] = 0;
        if (idx == 0)
            _marks[numParticle] = 1;
    }

    // mark the boundary where the cell # changes
    __global__ void markCellBoundary(const int numParticle, const uint64_t* _offsets, int32_t* _marks) {
        int idx = blockIdx.x * blockDim.x + threadIdx.x;
        if (idx >= numParticle) return;
        if (!idx || _offsets[idx] != _offsets[idx - 1])
            _marks[idx] = 1;
        else
            _marks[idx] = 0;
        if (idx == 0)
            _marks[numParticle] = 1;
    }

    __global__ void markBlockOffset(const int numParticle, int32_t* _blockMap, int32_t* _particleOffsets) {
        int idx = blockIdx.x * blockDim.x + threadIdx.x;
        if (idx >= numParticle) return;
        int mapid = _blockMap[idx];
        if (!idx || mapid != _blockMap[idx - 1]) {
            _particleOffsets[mapid - 1] = idx;
        }
        /// mark sentinel
        if (idx == numParticle - 1)
            _particleOffsets[mapid] = numParticle;
    }

    __global__ void markPageSize(const int numPage, const int32_t* _offsets, int32_t* _marks) {
        int idx = blockIdx.x * blockDim.x + threadIdx.x;
        if (idx >= numPage) return;
        _marks[idx] = (_offsets[idx + 1] - _offsets[idx] + 511) / 512;
    }

    __global__ void markVirtualPageOffset(const int numPage, const int32_t* _toVirtualOffsets, int32_t* _marks) {
        int idx = blockIdx.x * blockDim.x + threadIdx.x;
        if (idx >= numPage) return;
        _marks[_toVirtualOffsets[idx]] = 1;
    }
}
