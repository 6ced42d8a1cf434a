// tilelab kernel collection: nvblox's colour voxel block initialisation (an 8^3 block of ColorVoxels set to gray, weight 0)
// Source:  https://github.com/nvidia-isaac/nvblox/blob/7c76f90749aa26b89faeca2044fbdcabd910d0a6/nvblox/src/map/blox.cu
// Licence: Apache-2.0 (the repository's LICENSE; the file's own NVIDIA notice, lines 1-15, is repeated below).
// Kept, unchanged: blox.cu lines 1-15 (notice), 19-34 (setColorBlockGray) and 44; left out: 16-17 (includes), 35-43 (host launcher).
// Copied in, marked: core/color.h lines 19-20, 22-64; map/voxels.h lines 23, 74-81, 88; map/blox.h lines 23-27, 31-37 and 47
//       (VoxelBlock without its unified_ptr typedefs and host allocators, lines 28-30, 38-46), 57; map/common_names.h lines 24, 34, 38.
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
// ---- nvblox/include/nvblox/map/voxels.h, line 23
namespace nvblox {
// ---- nvblox/include/nvblox/map/voxels.h, lines 74-81
/// Voxel that stores the color near the surface.
struct ColorVoxel {
  ColorVoxel() : color(Color::Gray()), weight(0.0f) {}
  /// The color!
  Color color;
  /// How many observations/how confident we are in this observation.
  float weight;
};
// ---- nvblox/include/nvblox/map/voxels.h, line 88
}  // namespace nvblox
// ---- nvblox/include/nvblox/map/blox.h, lines 23-27
namespace nvblox {

/// A block that contains 8x8x8 voxels of a given type.
template <typename _VoxelType>
struct VoxelBlock {
// ---- nvblox/include/nvblox/map/blox.h, lines 31-37
  /// Allow introspection of the voxel type through BlockType::VoxelType
  typedef _VoxelType VoxelType;

  static constexpr int kVoxelsPerSide = 8;
  static constexpr int kNumVoxels =
      kVoxelsPerSide * kVoxelsPerSide * kVoxelsPerSide;
  VoxelType voxels[kVoxelsPerSide][kVoxelsPerSide][kVoxelsPerSide];
// ---- nvblox/include/nvblox/map/blox.h, line 47
};
// ---- nvblox/include/nvblox/map/blox.h, line 57
}  // namespace nvblox
// ---- nvblox/include/nvblox/map/common_names.h, lines 24, 34, 38
namespace nvblox {
using ColorBlock = VoxelBlock<ColorVoxel>;
}  // namespace nvblox
// ---- nvblox/src/map/blox.cu, lines 19-34
namespace nvblox {

// Must be called with:
// - a single block
// - one thread per voxel
__global__ void setColorBlockGray(ColorBlock* block_device_ptr) {
  ColorVoxel* voxel_ptr =
      &block_device_ptr->voxels[threadIdx.z][threadIdx.y][threadIdx.x];
  // NOTE(alexmillane): We don't use alpha channel for blocks (yet). So we just
  // set 0 here.
  voxel_ptr->color.r = 127;
  voxel_ptr->color.g = 127;
  voxel_ptr->color.b = 127;
  voxel_ptr->color.a = 0;
  voxel_ptr->weight = 0.0f;
}
// ---- nvblox/src/map/blox.cu, line 44
}  // namespace nvblox
