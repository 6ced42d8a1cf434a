// tilelab kernel collection: nvblox's image masker (splitting a colour image by a segmentation mask; filling a depth image)
// Source:  https://github.com/nvidia-isaac/nvblox/blob/7c76f90749aa26b89faeca2044fbdcabd910d0a6/nvblox/src/semantics/image_masker.cu
// Licence: Apache-2.0 (the repository's LICENSE; the file carries no notice of its own: the repository's NVIDIA notice is repeated below).
// Kept, unchanged: image_masker.cu lines 4-72 (copyToUnmaskedOutput, copyToMaskedOutput, splitColorImageKernel,
//       initializeImageKernel) and 389; left out: lines 1-2 (includes), 73-388 (the Eigen Camera/Transform kernels, host code).
// Copied in, marked: nvblox/include/nvblox/core/color.h lines 19-20 and 22-64, nvblox/include/nvblox/sensors/image.h lines 26-51.
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
// ---- nvblox/src/semantics/image_masker.cu, line 4
namespace nvblox {
// ---- nvblox/include/nvblox/sensors/image.h, lines 26-51
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
// ---- nvblox/src/semantics/image_masker.cu, lines 5-72

template <typename ElementType>
__device__ inline void copyToUnmaskedOutput(
    const ElementType* input, const int row_idx, const int col_idx,
    const int cols, const ElementType masked_image_invalid_pixel,
    ElementType* unmasked_output, ElementType* masked_output) {
  image::access(row_idx, col_idx, cols, unmasked_output) =
      image::access(row_idx, col_idx, cols, input);
  image::access(row_idx, col_idx, cols, masked_output) =
      masked_image_invalid_pixel;
}

template <typename ElementType>
__device__ inline void copyToMaskedOutput(
    const ElementType* input, const int row_idx, const int col_idx,
    const int cols, const ElementType unmasked_image_invalid_pixel,
    ElementType* unmasked_output, ElementType* masked_output) {
  image::access(row_idx, col_idx, cols, unmasked_output) =
      unmasked_image_invalid_pixel;
  image::access(row_idx, col_idx, cols, masked_output) =
      image::access(row_idx, col_idx, cols, input);
}

__global__ void splitColorImageKernel(const Color* input, const uint8_t* mask,
                                      const int rows, const int cols,
                                      const Color masked_image_invalid_pixel,
                                      const Color unmasked_image_invalid_pixel,
                                      Color* unmasked_output,
                                      Color* masked_output,
                                      Color* masked_depth_overlay = nullptr) {
  // Each thread does a single pixel
  const int col_idx = threadIdx.x + blockIdx.x * blockDim.x;
  const int row_idx = threadIdx.y + blockIdx.y * blockDim.y;
  if ((row_idx >= rows) || (col_idx >= cols)) {
    return;
  }

  // Assuming that the mask lies directly on top of the input image
  const bool is_masked = image::access(row_idx, col_idx, cols, mask);

  // Overlay the mask onto the color image as debug output
  if (masked_depth_overlay) {
    const Color input_color = image::access(row_idx, col_idx, cols, input);
    image::access(row_idx, col_idx, cols, masked_depth_overlay) = Color(
        fmax(input_color.r, is_masked * 255u), input_color.g, input_color.b);
  }

  if (is_masked) {
    copyToMaskedOutput(input, row_idx, col_idx, cols,
                       unmasked_image_invalid_pixel, unmasked_output,
                       masked_output);
  } else {
    copyToUnmaskedOutput(input, row_idx, col_idx, cols,
                         masked_image_invalid_pixel, unmasked_output,
                         masked_output);
  }
}

__global__ void initializeImageKernel(const float value, const int rows,
                                      const int cols, float* image) {
  // Each thread does a single pixel on the depth input image
  const int col_idx = threadIdx.x + blockIdx.x * blockDim.x;
  const int row_idx = threadIdx.y + blockIdx.y * blockDim.y;
  if ((row_idx >= rows) || (col_idx >= cols)) {
    return;
  }
  image::access(row_idx, col_idx, cols, image) = value;
}
// ---- nvblox/src/semantics/image_masker.cu, line 389
}  // namespace nvblox
