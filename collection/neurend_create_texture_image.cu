// tilelab kernel collection: neural_renderer's texture image, one output pixel a thread: the pixel's barycentric weights
// Source:  https://github.com/daniilidis-group/neural_renderer/blob/b2a1e6ce16a54f94f26f86fe1dc3814637e15251/neural_renderer/cuda/create_texture_image_cuda_kernel.cu
//          (daniilidis-group/neural_renderer, commit b2a1e6c, the PyTorch port of the Neural 3D Mesh Renderer)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2017 Hiroharu Kato, (c) 2018 Nikos Kolotouros"), repeated below.
// in its face's tile, a trilinear blend of the face's texture_size^3 texels; then the boundary pass copying left neighbours.
// Kept: lines 3-116 (<cmath>, <cuda.h>, <cuda_runtime.h>, the templates create_texture_image_cuda_kernel and
//       create_texture_image_boundary_cuda_kernel), unchanged. Removed: lines 1-2 (<ATen/ATen.h>, a blank line) and lines
//       117-163 (the host function create_texture_image_cuda).
// Selection, fixed before any run (collection/manifest.toml, the neurend_ entries): every __global__ kernel of the file,
// none dropped for its result, launched as create_texture_image_cuda launches them, <<<(image_size / 3 - 1) / 128 + 1, 128>>>
// with tile_width = int(sqrt(num_faces - 1)) + 1; the blend at float and double, the boundary pass at float; 4 faces,
// texture_size_in 4, texture_size_out 8 (tile_width 2, a 16 x 16 RGB image, 2 blocks), eps 1e-5; the triangles random
// inside their tiles. Read before any run: no race (the boundary pass reads pixel x - 1 only where x % 8 = y % 8 + 1,
// and writes none of those), no out-of-bounds access.
//
// MIT License
//
// Copyright (c) 2017 Hiroharu Kato
// Copyright (c) 2018 Nikos Kolotouros
// A PyTorch implementation of Neural 3D Mesh Renderer (https://github.com/hiroharu-kato/neural_renderer)
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

// neural_renderer/cuda/create_texture_image_cuda_kernel.cu, lines 3-116
#include <cmath>

#include <cuda.h>
#include <cuda_runtime.h>

namespace {
template<typename scalar_t>
__global__ void create_texture_image_cuda_kernel(
        const scalar_t* __restrict__ vertices_all,
        const scalar_t* __restrict__ textures,
        scalar_t* __restrict__ image,
        size_t image_size,
        size_t num_faces,
        size_t texture_size_in,
        size_t texture_size_out,
        size_t tile_width,
        scalar_t eps) {

    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= image_size / 3) {
        return;
    }
    const int x = i % (tile_width * texture_size_out);
    const int y = i / (tile_width * texture_size_out);
    const int row = x / texture_size_out;
    const int column = y / texture_size_out;
    const int fn = row + column * tile_width;
    const int tsi = texture_size_in;

    const scalar_t* texture = &textures[fn * tsi * tsi * tsi * 3];
    const scalar_t* vertices = &vertices_all[fn * 3 * 2];
    const scalar_t* p0 = &vertices[2 * 0];
    const scalar_t* p1 = &vertices[2 * 1];
    const scalar_t* p2 = &vertices[2 * 2];

    /* */
    // if ((y % ${texture_size_out}) < (x % ${texture_size_out})) continue;

    /* compute face_inv */
    scalar_t face_inv[9] = {
        p1[1] - p2[1], p2[0] - p1[0], p1[0] * p2[1] - p2[0] * p1[1],
        p2[1] - p0[1], p0[0] - p2[0], p2[0] * p0[1] - p0[0] * p2[1],
        p0[1] - p1[1], p1[0] - p0[0], p0[0] * p1[1] - p1[0] * p0[1]};
    scalar_t face_inv_denominator = (
        p2[0] * (p0[1] - p1[1]) +
        p0[0] * (p1[1] - p2[1]) +
        p1[0] * (p2[1] - p0[1]));
    for (int k = 0; k < 9; k++) face_inv[k] /= face_inv_denominator;

    /* compute w = face_inv * p */
    scalar_t weight[3];
    scalar_t weight_sum = 0;
    for (int k = 0; k < 3; k++) {
        weight[k] = face_inv[3 * k + 0] * x + face_inv[3 * k + 1] * y + face_inv[3 * k + 2];
        weight_sum += weight[k];
    }
    for (int k = 0; k < 3; k++)
        weight[k] /= (weight_sum + eps);

    /* get texture index (scalar_t) */
    scalar_t texture_index_scalar_t[3];
    for (int k = 0; k < 3; k++) {
        scalar_t tif = weight[k] * (tsi - 1);
        tif = max(tif, 0.);
        tif = min(tif, tsi - 1 - eps);
        texture_index_scalar_t[k] = tif;
    }

    /* blend */
    scalar_t new_pixel[3] = {0, 0, 0};
    for (int pn = 0; pn < 8; pn++) {
        scalar_t w = 1;                         // weight
        int texture_index_int[3];            // index in source (int)
        for (int k = 0; k < 3; k++) {
            if ((pn >> k) % 2 == 0) {
                w *= 1 - (texture_index_scalar_t[k] - (int)texture_index_scalar_t[k]);
                texture_index_int[k] = (int)texture_index_scalar_t[k];
            }
            else {
                w *= texture_index_scalar_t[k] - (int)texture_index_scalar_t[k];
                texture_index_int[k] = (int)texture_index_scalar_t[k] + 1;
            }
        }
        int isc = texture_index_int[0] * tsi * tsi + texture_index_int[1] * tsi + texture_index_int[2];
        for (int k = 0; k < 3; k++)
            new_pixel[k] += w * texture[isc * 3 + k];
    }
    for (int k = 0; k < 3; k++)
        image[i * 3 + k] = new_pixel[k];
}

// didn't really look to see if we fuse the 2 kernels
// probably not because of synchronization issues
template<typename scalar_t>
__global__ void create_texture_image_boundary_cuda_kernel(
        scalar_t* image,
        size_t image_size,
        size_t texture_size_out,
        size_t tile_width) {

    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= image_size / 3) {
        return;
    }

    const int x = i % (tile_width * texture_size_out);
    const int y = i / (tile_width * texture_size_out);
    if ((y % texture_size_out + 1) == (x % texture_size_out)) {
      for (int k = 0; k < 3; k++)
          image[i * 3 + k] = 
              image[ (y * tile_width * texture_size_out + (x - 1))  * 3 + k];
    }
}
}
