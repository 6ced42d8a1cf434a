// tilelab kernel collection: nvblox's image difference (per-pixel absolute difference of depth, colour and mono images)
// Source:  https://github.com/nvidia-isaac/nvblox/blob/7c76f90749aa26b89faeca2044fbdcabd910d0a6/nvblox/src/sensors/image.cu
// Licence: Apache-2.0 (the repository's LICENSE; the file's own NVIDIA notice, lines 1-15, is repeated below).
// Kept, unchanged: image.cu lines 1-15 (notice), 25-26, 157-192 (the three diff overloads, differenceImageKernel) and 285-286;
//       left out: lines 16-23 (thrust / host includes), 27-156 and 193-284 (thrust reductions and host code).
// Copied in, marked: nvblox/include/nvblox/core/color.h lines 19-20 and 22-64, nvblox/include/nvblox/sensors/image.h lines 24-51 and 233.
/*
Copyright 2022 NVIDIA CORPORATION

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/
// ---- nvblox/include/nvblox/core/color.h, lines 19-20
#include <stdint.h>
#include <cmath>
// ---- nvblox/include/nvblox/core/color.h, lines 22-64
namespace nvblox {

/// Color, stored as 8-bit RGBA, with helper functions for commonly-used colors.
struct Color {
  __host__ __device__ Color() : r(0), g(0), b(0), a(0) {}
  __host__ __device__ Color(uint8_t _r, uint8_t _g, uint8_t _b)
      : r(_r), g(_g), b(_b), a(255) {}
  __host__ __device__ Color(uint8_t _r, uint8_t _g, uint8_t _b, uint8_t _a)
      : r(_r), g(_g), b(_b), a(_a) {}

  uint8_t r;
  uint8_t g;
  uint8_t b;
  uint8_t a;

  /// Check if colors are exactly identical. Also checks alpha.
  __host__ __device__ bool operator==(const Color& other) const {
    return (r == other.r) && (g == other.g) && (b == other.b) && (a == other.a);
  }

  /// Static functions for working with colors
  __host__ __device__ static Color blendTwoColors(const Color& first_color,
                                                  float first_weight,
                                                  const Color& second_color,
                                                  float second_weight);

  // Now a bunch of static colors to use! :)
  __host__ __device__ static const Color White() {
    return Color(255, 255, 255);
  }
  __host__ __device__ static const Color Black() { return Color(0, 0, 0); }
  __host__ __device__ static const Color Gray() { return Color(127, 127, 127); }
  __host__ __device__ static const Color Red() { return Color(255, 0, 0); }
  __host__ __device__ static const Color Green() { return Color(0, 255, 0); }
  __host__ __device__ static const Color Blue() { return Color(0, 0, 255); }
  __host__ __device__ static const Color Yellow() { return Color(255, 255, 0); }
  __host__ __device__ static const Color Orange() { return Color(255, 127, 0); }
  __host__ __device__ static const Color Purple() { return Color(127, 0, 255); }
  __host__ __device__ static const Color Teal() { return Color(0, 255, 255); }
  __host__ __device__ static const Color Pink() { return Color(255, 0, 127); }
};

}  // namespace nvblox
// ---- nvblox/include/nvblox/sensors/image.h, lines 24-51
namespace nvblox {

/// Row-major access to images (on host and device)
namespace image {

template <typename ElementType>
__host__ __device__ inline const ElementType& access(int row_idx, int col_idx,
                                                     int cols,
                                                     const ElementType* data) {
  return data[row_idx * cols + col_idx];
}
template <typename ElementType>
__host__ __device__ inline ElementType& access(int row_idx, int col_idx,
                                               int cols, ElementType* data) {
  return data[row_idx * cols + col_idx];
}
template <typename ElementType>
__host__ __device__ inline const ElementType& access(int linear_idx,
                                                     const ElementType* data) {
  return data[linear_idx];
}
template <typename ElementType>
__host__ __device__ inline ElementType& access(int linear_idx,
                                               ElementType* data) {
  return data[linear_idx];
}

}  // namespace image
// ---- nvblox/include/nvblox/sensors/image.h, line 233
}  // namespace nvblox
// ---- nvblox/src/sensors/image.cu, lines 25-26
namespace nvblox {
namespace image {
// ---- nvblox/src/sensors/image.cu, lines 157-192
__device__ Color diff(const Color& color_1, const Color& color_2) {
  return Color(static_cast<uint8_t>(std::abs(static_cast<int16_t>(color_1.r) -
                                             static_cast<int16_t>(color_2.r))),
               static_cast<uint8_t>(std::abs(static_cast<int16_t>(color_1.g) -
                                             static_cast<int16_t>(color_2.g))),
               static_cast<uint8_t>(std::abs(static_cast<int16_t>(color_1.b) -
                                             static_cast<int16_t>(color_2.b))),
               static_cast<uint8_t>(std::abs(static_cast<int16_t>(color_1.a) -
                                             static_cast<int16_t>(color_2.a))));
}

__device__ float diff(const float& depth_1, const float& depth_2) {
  return fabsf(depth_1 - depth_2);
}

__device__ uint8_t diff(const uint8_t& uint_1, const uint8_t& uint_2) {
  return abs(uint_1 - uint_2);
}

template <typename ElementType>
__global__ void differenceImageKernel(ElementType* diff_image_ptr,
                                      const int rows, const int cols,
                                      const ElementType* image_1,
                                      const ElementType* image_2) {
  // NOTE(alexmillane): Memory access is fully coallesed because neighbouring
  // threads in the grid x dimension, access neighbouring memory elements
  // (row-major images).
  const int row_idx = blockIdx.x * blockDim.x + threadIdx.x;
  const int col_idx = blockIdx.y * blockDim.y + threadIdx.y;
  if (col_idx < cols && row_idx < rows) {
    const ElementType color_1 = image::access(row_idx, col_idx, cols, image_1);
    const ElementType color_2 = image::access(row_idx, col_idx, cols, image_2);
    const ElementType abs_color_diff = diff(color_1, color_2);
    image::access(row_idx, col_idx, cols, diff_image_ptr) = abs_color_diff;
  }
}
// ---- nvblox/src/sensors/image.cu, lines 285-286
}  // namespace image
}  // namespace nvblox
