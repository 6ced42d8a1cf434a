// tilelab kernel collection: NNPOps' CUDA ANI symmetry functions (radial functions with the angular neighbour list built by warp ballots, angular functions over neighbour pairs, their scaling)
// Source:  https://github.com/openmm/NNPOps/blob/cc46c13ea1e45f62a19a0664e0010496877b77f0/src/ani/CudaANISymmetryFunctions.cu
//          (openmm/NNPOps, commit cc46c13; launched as CudaANISymmetryFunctions::computeSymmetryFunctions launches them)
// Licence: MIT (the file's own notice, kept at its top)
// Kept, unchanged: lines 1-22 (the notice), 25 (<cstdio>), 29 (using namespace std), 36 (Pi), 107-304 (computeDisplacement, cutoffFunction, cutoffDeriv, computeAngle,
//       computeAngleGradients, computeRadialFunctions, computeAngularFunctions, scaleSymmetryFunctions).
// Removed: lines 24 and 26-27 (CudaANISymmetryFunctions.h, whose cuda_runtime.h nvcc gives every file; <stdexcept>, <string>), 31-34 (CHECK_RESULT), the host class
//       (38-105, 306-406, 598-end) and the two backward kernels (backpropRadialFunctions, backpropAngularFunctions, lines 408-596), which the selection leaves out.
//       src/ani/ANISymmetryFunctions.h's structs RadialFunction and AngularFunction (lines 29-39) copied in, marked.

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

#include <cstdio>

using namespace std;

// ---- copied in: src/ani/ANISymmetryFunctions.h lines 29-39
struct RadialFunction {
    float eta;
    float rs;
};

struct AngularFunction {
    float eta;
    float rs;
    float zeta;
    float thetas;
};
// ---- end of copied lines

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

static __device__ float cutoffFunction(float r, float rc) {
    return 0.5f * cosf(Pi*r/rc) + 0.5f;
}

static __device__ float cutoffDeriv(float r, float rc) {
    return -(0.5f*Pi/rc) * sinf(Pi*r/rc);
}

template <bool TORCHANI>
__device__ float computeAngle(float3 vec1, float3 vec2, float r1, float r2) {
    float dot = vec1.x*vec2.x + vec1.y*vec2.y + vec1.z*vec2.z;
    if (TORCHANI)
        dot *= 0.95f;
    float cosine = dot/(r1*r2);
    float angle;
    if (!TORCHANI && (cosine > 0.99f || cosine < -0.99f)) {
        // We're close to the singularity in acos(), so take the cross product and use asin() instead.

        float3 c = make_float3(vec1.y*vec2.z-vec1.z*vec2.y, vec1.z*vec2.x-vec1.x*vec2.z, vec1.x*vec2.y-vec1.y*vec2.x);
        angle = asinf(sqrtf(c.x*c.x+c.y*c.y+c.z*c.z)/(r1*r2));
        if (cosine < 0)
            angle = Pi-angle;
    }
    else
       angle = acosf(cosine);
    return angle;
}

template <bool TORCHANI>
__device__ void computeAngleGradients(float3 vec1, float3 vec2, float r1, float r2, float3& grad1, float3& grad2) {
    float dot = vec1.x*vec2.x + vec1.y*vec2.y + vec1.z*vec2.z;
    float rInv1 = 1/r1;
    float rInv2 = 1/r2;
    float rInvProd = rInv1*rInv2;
    float rInv1_2 = rInv1*rInv1;
    float rInv2_2 = rInv2*rInv2;
    float dAngledDot;
    if (TORCHANI) {
        float scaledDot = 0.95f*dot*rInvProd;
        dAngledDot = -0.95f/sqrtf(1-scaledDot*scaledDot);
    }
    else {
        float scaledDot = dot*rInvProd;
        dAngledDot = -1/sqrtf(1-scaledDot*scaledDot);
    }
    grad1.x = dAngledDot * rInvProd * (vec2.x - dot*rInv1_2*vec1.x);
    grad1.y = dAngledDot * rInvProd * (vec2.y - dot*rInv1_2*vec1.y);
    grad1.z = dAngledDot * rInvProd * (vec2.z - dot*rInv1_2*vec1.z);
    grad2.x = dAngledDot * rInvProd * (vec1.x - dot*rInv2_2*vec2.x);
    grad2.y = dAngledDot * rInvProd * (vec1.y - dot*rInv2_2*vec2.y);
    grad2.z = dAngledDot * rInvProd * (vec1.z - dot*rInv2_2*vec2.z);
}

template <bool PERIODIC, bool TRICLINIC>
__global__ void computeRadialFunctions(int numAtoms, int numSpecies, int numRadial,
            float radialCutoff, float angularCutoff, float* radial, int* neighbors,
            int* neighborCount, const float3* positions, const float* periodicBoxVectors,
            const RadialFunction* radialFunctions, const int* atomSpecies) {
    const int warp = (blockIdx.x*blockDim.x+threadIdx.x)/32;
    const int indexInWarp = threadIdx.x%32;
    const int numWarps = (gridDim.x*blockDim.x)/32;
    const int warpMask = (1<<indexInWarp)-1;
    const float3 invBoxSize = (PERIODIC ? make_float3(1/periodicBoxVectors[0], 1/periodicBoxVectors[4], 1/periodicBoxVectors[8]) : make_float3(0, 0, 0));
    const int c1 = numRadial;
    const int c2 = numSpecies*c1;
    const float radialCutoff2 = radialCutoff*radialCutoff;
    const float angularCutoff2 = angularCutoff*angularCutoff;

    // Each warp loops over atoms.

    for (int atom1 = warp; atom1 < numAtoms; atom1 += numWarps) {
        int numNeighbors = 0;
        float3 pos1 = positions[atom1];

        // The threads in the warp loop over second atoms.

        for (int atom2 = indexInWarp; atom2 < numAtoms; atom2 += 32) {
            float3 pos2 = positions[atom2];
            float3 delta;
            float r2;
            computeDisplacement<PERIODIC, TRICLINIC>(pos1, pos2, delta, r2, periodicBoxVectors, invBoxSize);
            if (r2 < radialCutoff2 && atom1 != atom2) {
                // Compute the symmetry functions.

                float r = sqrtf(r2);
                float cutoff = cutoffFunction(r, radialCutoff);
                for (int i = 0; i < numRadial; i++) {
                    const RadialFunction fn = radialFunctions[i];
                    float shifted = r-fn.rs;
                    float value = cutoff * expf(-fn.eta*shifted*shifted);
                    atomicAdd(&radial[atom1*c2 + atomSpecies[atom2]*c1 + i], value);
                }
            }

            // While we're at it, build the neighbor list for angular functions.

            bool isNeighbor = (r2 < angularCutoff2 && atom1 != atom2);
            int neighborFlags = __ballot_sync(0xFFFFFFFF, isNeighbor);
            if (isNeighbor) {
                int index = numNeighbors + __popc(neighborFlags&warpMask);
                neighbors[atom1*numAtoms + index] = atom2;
            }
            numNeighbors += __popc(neighborFlags);
        }
        if (indexInWarp == 0)
            neighborCount[atom1] = numNeighbors;
    }
}

template <bool PERIODIC, bool TRICLINIC, bool TORCHANI>
__global__ void computeAngularFunctions(int numAtoms, int numSpecies, int numAngular, float angularCutoff, float* angular,
            int* neighbors, int* neighborCount, const float3* positions, const float* periodicBoxVectors,
            const AngularFunction* angularFunctions, const int* atomSpecies, const int* angularIndex) {
    const float3 invBoxSize = (PERIODIC ? make_float3(1/periodicBoxVectors[0], 1/periodicBoxVectors[4], 1/periodicBoxVectors[8]) : make_float3(0, 0, 0));
    const int c1 = numAngular;
    const int c2 = numSpecies*(numSpecies+1)*c1/2;

    // Each thread block loops over atoms.

    for (int atom1 = blockIdx.x; atom1 < numAtoms; atom1 += gridDim.x) {
        float3 pos1 = positions[atom1];
        int numNeighbors = neighborCount[atom1];

        // The threads in the block loop over pairs of atoms from the neighbor list.

        int numPairs = numNeighbors*(numNeighbors-1)/2;
        for (int pair = threadIdx.x; pair < numPairs; pair += blockDim.x) {
            int i = (int) floorf(numNeighbors-0.5f-sqrtf((numNeighbors-0.5f)*(numNeighbors-0.5f)-2*pair));
            int j = pair - i*numNeighbors + (i+1)*(i+2)/2;
            int atom2 = neighbors[atom1*numAtoms + i];
            int atom3 = neighbors[atom1*numAtoms + j];
            float3 pos2 = positions[atom2];
            float3 pos3 = positions[atom3];
            float3 delta_12, delta_13;
            float r2_12, r2_13;
            computeDisplacement<PERIODIC, TRICLINIC>(pos1, pos2, delta_12, r2_12, periodicBoxVectors, invBoxSize);
            computeDisplacement<PERIODIC, TRICLINIC>(pos1, pos3, delta_13, r2_13, periodicBoxVectors, invBoxSize);
            float r_12 = sqrtf(r2_12);
            float r_13 = sqrtf(r2_13);
            float cutoff_12 = cutoffFunction(r_12, angularCutoff);
            float cutoff_13 = cutoffFunction(r_13, angularCutoff);
            float r_mean = 0.5f*(r_12+r_13);
            float theta = computeAngle<TORCHANI>(delta_12, delta_13, r_12, r_13);
            int index = angularIndex[atomSpecies[atom2]*numSpecies + atomSpecies[atom3]];

            // Compute the symmetry functions.

            for (int m = 0; m < numAngular; m++) {
                const AngularFunction fn = angularFunctions[m];
                float cosTerm = powf(1 + cosf(theta - fn.thetas), fn.zeta);
                float shifted = r_mean-fn.rs;
                float expTerm = expf(-fn.eta*shifted*shifted);
                float value = cutoff_12 * cutoff_13 * cosTerm * expTerm;
                atomicAdd(&angular[atom1*c2 + index*c1 + m], value);
            }
        }
    }
}

__global__ void scaleSymmetryFunctions(int numAtoms, int numSpecies, int numRadial, int numAngular, bool torchani,
            float* radial, float* angular, const AngularFunction* angularFunctions) {
    if (torchani) {
        int numRadialValues = numAtoms*numSpecies*numRadial;
        for (int i = blockIdx.x*blockDim.x+threadIdx.x; i < numRadialValues; i += gridDim.x*blockDim.x)
            radial[i] *= 0.25f;
    }
    int numAngularValues = numAtoms*numSpecies*(numSpecies+1)*numAngular/2;
    for (int i = blockIdx.x*blockDim.x+threadIdx.x; i < numAngularValues; i += gridDim.x*blockDim.x) {
        float scale = powf(2, 1-angularFunctions[i%numAngular].zeta);
        angular[i] *= scale;
    }
}
