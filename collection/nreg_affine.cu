// tilelab kernel collection: NiftyReg's affine deformation field (reg_aladin: every voxel's world position under
// an affine matrix, or the composition of an existing field with it), CUDA back end
// Source:  https://github.com/KCL-BMEIS/niftyreg/blob/d518b8ac9b1d4572de95daf5a31d34c2f75a590a/reg-lib/cuda/affineDeformationKernel.cu
//          (KCL-BMEIS/niftyreg, commit d518b8a: NiftyReg, the medical image registration package of UCL/KCL)
// Licence: BSD-3-Clause (the repository's LICENSE.txt, repeated below; the source file carries no notice of its own).
// Kept: affineDeformationKernel.cu lines 2-43 (the device function getPosition and the kernel affineKernel),
//       unchanged. Removed: line 1 (#include "CudaTools.hpp") and lines 44-73 (a separator comment and launchAffine, the host code: block
//       8 x 8 x 8, grid ceil(nx / 8) x ceil(ny / 8) x ceil(nz / 8), the 4 x 4 matrix copied to the device as 16
//       floats, row-major, dims = (nx, ny, nz) by value).

/*
 * Copyright (c) 2009-2018, University College London
 * Copyright (c) 2018, NiftyReg Developers.
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without modification,
 * are permitted provided that the following conditions are met:
 *
 * Redistributions of source code must retain the above copyright notice,
 * this list of conditions and the following disclaimer.
 * Redistributions in binary form must reproduce the above copyright notice,
 * this list of conditions and the following disclaimer in the documentation
 * and/or other materials provided with the distribution.
 *
 * Neither the name of the University College London nor the names of its
 * contributors may be used to endorse or promote products derived from
 * this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
 * ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE
 * LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR
 * CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
 * SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS
 * INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN
 * CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE)
 * ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF
 * THE POSSIBILITY OF SUCH DAMAGE.
 *
 */

/* *************************************************************** */
__device__ __inline__ double getPosition(float* matrix, double* voxel, const unsigned idx)
{
   unsigned long index = idx * 4;
   return (double)matrix[index++] * voxel[0] +
          (double)matrix[index++] * voxel[1] +
          (double)matrix[index++] * voxel[2] +
          (double)matrix[index];
}
/* *************************************************************** */
__global__ void affineKernel(float *transformationMatrix,
                             float4 *defField,
                             const int *mask,
                             const uint3 dims,
                             const bool composition)
{
   // Get the current coordinate
   const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
   const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
   const unsigned z = blockIdx.z * blockDim.z + threadIdx.z;
   const unsigned index = x + dims.x * (y + z * dims.y);

   if (z<dims.z && y<dims.y && x<dims.x && mask[index] >= 0)
   {
      // The deformation field is an interleaved float4 (world coords in .x/.y/.z), shared with the
      // Compute-path resampler.
      const float4 current = defField[index];
      double voxel[3];
      voxel[0] = composition ? current.x : x;
      voxel[1] = composition ? current.y : y;
      voxel[2] = composition ? current.z : z;

      /* the deformation field (real coordinates) is stored */
      float4 result;
      result.x = (float)getPosition(transformationMatrix, voxel, 0);
      result.y = (float)getPosition(transformationMatrix, voxel, 1);
      result.z = (float)getPosition(transformationMatrix, voxel, 2);
      result.w = 0;
      defField[index] = result;
   }
}
