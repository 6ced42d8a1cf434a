// Collection file: from uzh-rpg/vilib (vilib, the CUDA visual-odometry front end of the Robotics and Perception
// Group, University of Zurich).
// Source:  https://github.com/uzh-rpg/vilib/blob/7a12fe1db78ca755876469979394076f10fe577c/visual_lib/src/preprocess/pyramid_gpu.cu
// Licence: BSD-3-Clause (the file's own notice, below; the repository's LICENSE.txt).
// The image pyramid's half-sampling kernel (a 2 x 2 box average, N output bytes a thread as uchar1/2/4).
// Kept: lines 1-33 (the notice) and 39-97 (the device code, unchanged: USE_TEXTURE_MEMORY is 0 in the file, so
// the texture kernel is compiled out); removed: the includes (lines 35-37) and the host functions
// pyramid_create_level_gpu, pyramid_create_gpu and pyramid_display (lines 99-273).

/*
 * Functions for creating image pyramids on the GPU
 * pyramid_gpu.cu
 *
 * Copyright (c) 2019-2020 Balazs Nagy,
 * Robotics and Perception Group, University of Zurich
 * All rights reserved.
 * 
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 * 
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 * 
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the documentation
 *    and/or other materials provided with the distribution.
 * 
 * 3. Neither the name of the copyright holder nor the names of its
 *    contributors may be used to endorse or promote products derived from
 *    this software without specific prior written permission.
 * 
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

namespace vilib {
#define USE_TEXTURE_MEMORY  0

#define USE_TEXTURE_OBJECTS 0

#if (USE_TEXTURE_MEMORY == 1) && (USE_TEXTURE_OBJECTS == 0)
static texture<unsigned char, cudaTextureType2D, cudaReadModeNormalizedFloat> d_image_in_tex;
#endif /* USE_TEXTURE_MEMORY */

#if USE_TEXTURE_MEMORY
template <typename T, const int N>
static __global__ void image_halfsample_gpu_tex_kernel(T * __restrict__ d_image_out,
#if USE_TEXTURE_OBJECTS
                                                       cudaTextureObject_t d_image_in_tex,
#endif /* USE_TEXTURE_OBJECTS */
                                                       const unsigned int width_dst_px,
                                                       const unsigned int height_dst_px,
                                                       const unsigned int pitch_dst_px) {
  int x = blockDim.x*blockIdx.x + threadIdx.x;
  int y = blockDim.y*blockIdx.y + threadIdx.y;
  if((x < width_dst_px) && (y < height_dst_px)) {
    const int dst = y*pitch_dst_px/N + x; //every thread writes N bytes. the next row starts at pitch_Dst_px/N
    float src_x = N*2.0f*x + 1.0f;        //every thread reads in 2x4 bytes
    float src_y = 2.0f*y + 1.0f;
    #pragma unroll N
    for(int i=0;i<N;++i,src_x += 2.0f) {
      *(((unsigned char*)(d_image_out+dst))+i) = (unsigned char)(255.0f*
#if USE_TEXTURE_OBJECTS
      tex2D<float>
#else
      tex2D
#endif /* USE_TEXTURE_OBJECTS */
        (d_image_in_tex,src_x,src_y));
    }
  }
}
#else
template <typename T, const int N>
__global__ void image_halfsample_gpu_kernel(const uchar2 * __restrict__ d_image_in,
                                 const unsigned int pitch_src_px,
                                 T * __restrict__ d_image_out,
                                 const unsigned int width_px,
                                 const unsigned int height_px,
                                 const unsigned int pitch_dst_px) {
  int x = blockDim.x*blockIdx.x + threadIdx.x;
  int y = blockDim.y*blockIdx.y + threadIdx.y;
  if((x < width_px) && (y < height_px)) {
    const int dst  = y*pitch_dst_px/N + x; //every thread writes N bytes. the next row starts at pitch_dst_px/N
    int src_top    = y*pitch_src_px + x*N; //every thread reads in Nx2 bytes
    int src_bottom = y*pitch_src_px + x*N + (pitch_src_px/2);
    #pragma unroll N
    for(int i=0;i<N;++i) {
      const uchar2 t2 = d_image_in[src_top++];
      const uchar2 b2 = d_image_in[src_bottom++];
      *(((unsigned char*)(d_image_out+dst))+i) = (unsigned char)(((unsigned int)t2.x + (unsigned int)t2.y + (unsigned int)b2.x + (unsigned int)b2.y)>>2);
    }
  }
}
#endif /* USE_TEXTURE_MEMORY */

} // namespace vilib
