// tilelab kernel collection: NNPOps' CUDA SchNet continuous-filter convolution (the warp-ballot neighbour-list build with an atomicAdd slot, the per-pair filter network in shared memory)
// Source:  https://github.com/openmm/NNPOps/blob/cc46c13ea1e45f62a19a0664e0010496877b77f0/src/schnet/CudaCFConv.cu
//          (openmm/NNPOps, commit cc46c13; launched as CudaCFConvNeighbors::build and CudaCFConv::compute launch them)
// Licence: MIT (the file's own notice, kept at its top)
// Kept, unchanged: lines 1-22 (the notice), 25 (<cstring>), 28 (using namespace std), 35 (Pi), 68-130 (computeDisplacement, buildNeighborList),
//       263-350 (cutoffFunction, cutoffDeriv, warpReduceMin, warpReduceMax, computeCFConv).
// Removed: lines 24 and 26 (CudaCFConv.h, whose cuda_runtime.h nvcc gives every file; <stdexcept>), 30-33 (CHECK_RESULT), the host classes (37-66, 132-261,
//       352-378, 484-end) and the backward kernel backpropCFConv (lines 380-481), which the selection leaves out.

/**
* Copyright (c) 2020 Stanford University and the Authors
* Authors: Peter Eastman
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

#include <cstring>

using namespace std;

const float Pi = (float) M_PI;

template <bool PERIODIC, bool TRICLINIC>
__device__ void computeDisplacement(float3 pos1, float3 pos2, float3& delta, float& r2, const float* periodicBoxVectors, float3 invBoxSize) {
    delta.x = pos2.x-pos1.x;
    delta.y = pos2.y-pos1.y;
    delta.z = pos2.z-pos1.z;
    if (PERIODIC) {
        if (TRICLINIC) {
            float scale3 = roundf(delta.z*invBoxSize.z);
            delta.x -= scale3*periodicBoxVectors[2*3+0];
            delta.y -= scale3*periodicBoxVectors[2*3+1];
            delta.z -= scale3*periodicBoxVectors[2*3+2];
            float scale2 = roundf(delta.y*invBoxSize.y);
            delta.x -= scale2*periodicBoxVectors[1*3+0];
            delta.y -= scale2*periodicBoxVectors[1*3+1];
            float scale1 = roundf(delta.x*invBoxSize.x);
            delta.x -= scale1*periodicBoxVectors[0*3+0];
        }
        else {
            delta.x -= roundf(delta.x*invBoxSize.x)*periodicBoxVectors[0*3+0];
            delta.y -= roundf(delta.y*invBoxSize.y)*periodicBoxVectors[1*3+1];
            delta.z -= roundf(delta.z*invBoxSize.z)*periodicBoxVectors[2*3+2];
        }
    }
    r2 = delta.x*delta.x + delta.y*delta.y + delta.z*delta.z;
}

template <bool PERIODIC, bool TRICLINIC>
__global__ void buildNeighborList(int numAtoms, float cutoff, int2* neighbors, int* neighborCount, float* neighborDistances,
            float3* neighborDeltas, const float3* positions, const float* periodicBoxVectors) {
    const int warp = (blockIdx.x*blockDim.x+threadIdx.x)/32;
    const int indexInWarp = threadIdx.x%32;
    const int numWarps = (gridDim.x*blockDim.x)/32;
    const int warpMask = (1<<indexInWarp)-1;
    const float3 invBoxSize = (PERIODIC ? make_float3(1/periodicBoxVectors[0], 1/periodicBoxVectors[4], 1/periodicBoxVectors[8]) : make_float3(0, 0, 0));
    const float cutoff2 = cutoff*cutoff;

    // Each warp loops over atoms.

    for (int atom1 = warp; atom1 < numAtoms; atom1 += numWarps) {
        float3 pos1 = positions[atom1];

        // The threads in the warp loop over second atoms.

        for (int atom2 = atom1+indexInWarp; atom2 < numAtoms; atom2 += 32) {
            float3 pos2 = positions[atom2];
            float3 delta;
            float r2;
            computeDisplacement<PERIODIC, TRICLINIC>(pos1, pos2, delta, r2, periodicBoxVectors, invBoxSize);
            bool isNeighbor = (r2 < cutoff2 && atom1 != atom2);
            int neighborFlags = __ballot_sync(0xFFFFFFFF, isNeighbor);
            int startIndex = 0;
            if (indexInWarp == 0)
                startIndex = atomicAdd(neighborCount, __popc(neighborFlags));
            startIndex = __shfl_sync(0xFFFFFFFF, startIndex, 0);
            if (isNeighbor) {
                int index = startIndex + __popc(neighborFlags&warpMask);
                neighbors[index] = make_int2(atom1, atom2);
                neighborDistances[index] = sqrtf(r2);
                neighborDeltas[index] = delta;
            }
        }
    }
}

static __device__ float cutoffFunction(float r, float rc) {
    return 0.5f * cosf(Pi*r/rc) + 0.5f;
}

static __device__ float cutoffDeriv(float r, float rc) {
    return -(0.5f*Pi/rc) * sinf(Pi*r/rc);
}

static __device__ int warpReduceMin(int x) {
    for (int offset = 16; offset > 0; offset /= 2)
        x = min(x, __shfl_down_sync(0xFFFFFFFF, x, offset));
    return __shfl_sync(0xFFFFFFFF, x, 0);
}

static __device__ int warpReduceMax(int x) {
    for (int offset = 16; offset > 0; offset /= 2)
        x = max(x, __shfl_down_sync(0xFFFFFFFF, x, offset));
    return __shfl_sync(0xFFFFFFFF, x, 0);
}

__global__ void computeCFConv(int numAtoms, int numGaussians, int width, float cutoff, float gaussianWidth, int activation,
            const int2* neighbors, const int* neighborCount, const float* neighborDistance, const float* input,
            float* output, const float* w1, const float* b1, const float* w2, const float* b2) {
    const int warp = (blockIdx.x*blockDim.x+threadIdx.x)/32;
    const int indexInWarp = threadIdx.x%32;
    const int numWarps = (gridDim.x*blockDim.x)/32;
    const int warpInBlock = threadIdx.x/32;
    const int numWarpsInBlock = blockDim.x/32;
    const int tempSize = max(numGaussians, width);
    extern __shared__ float tempArrays[];
    float* temp1 = &tempArrays[tempSize*warpInBlock];
    float* temp2 = &tempArrays[tempSize*(numWarpsInBlock+warpInBlock)];

    // Each warp loops over pairs of atoms.

    for (int pair = warp; pair < *neighborCount; pair += numWarps) {
        int atom1 = neighbors[pair].x;
        int atom2 = neighbors[pair].y;
        float r = neighborDistance[pair];

        // Compute the Gaussian basis functions and store them in temp1.

        int first = numGaussians, last = 0;
        for (int i = indexInWarp; i < numGaussians; i += 32) {
            float gaussianPos = i*cutoff/(numGaussians-1);
            float x = (r-gaussianPos)/gaussianWidth;
            temp1[i] = expf(-0.5f*x*x);
            if (temp1[i] > 1e-15) {
                if (first == numGaussians)
                    first = i;
                last = i;
            }
        }
        first = warpReduceMin(first);
        last = warpReduceMax(last);

        // Apply the first dense layer, storing the result in temp2.

        for (int i = indexInWarp; i < width; i += 32) {
            float sum = b1[i];
            for (int j = first; j <= last; j++)
                sum += temp1[j]*w1[i+j*width];
            if (activation == 0)
                temp2[i] = logf(0.5f*expf(sum) + 0.5f);
            else
                temp2[i] = tanhf(sum);
        }
        __syncwarp();

        // Apply the second dense layer, storing the result in temp1.

        float cutoffScale = cutoffFunction(r, cutoff);
        for (int i = indexInWarp; i < width; i += 32) {
            float sum = b2[i];
            for (int j = 0; j < width; j++)
                sum += temp2[j]*w2[i+j*width];
            temp1[i] = cutoffScale*sum;
        }
        __syncwarp();

        // Add it to the output.

        for (int i = indexInWarp; i < width; i += 32) {
            atomicAdd(&output[atom1*width+i], temp1[i]*input[atom2*width+i]);
            atomicAdd(&output[atom2*width+i], temp1[i]*input[atom1*width+i]);
        }
    }
}
