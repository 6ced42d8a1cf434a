// tilelab kernel collection: Alcedo Studio (PuerhLab)'s CUDA scopes: an RGB histogram and an RGB waveform (atomics)
// Source:  https://github.com/zidage/PuerhLab/blob/cbb992c0968c6c3d4996281367dfc858bb802074/alcedo_studio/src/edit/scope/cuda_scope_analyzer.cu
// Licence: GPL-3.0-only (the file's SPDX lines, kept below; the repository's LICENSE is the GPLv3 text)
// Kept: lines 1-5 (the notice, #ifdef HAVE_CUDA: built with -DHAVE_CUDA, the project's own CUDA define), 11
//       (<cstdint>), 18-19 (the namespaces), 29-85 (AccumulateHistogramKernel, AccumulateWaveformKernel), 381 and
//       387-389 (the namespaces' ends, #endif), unchanged. Removed: the other includes (lines 7-16: the project's
//       headers, <array>, <chrono>, <memory>, <mutex>, <stdexcept>), lines 21-27 (host helpers over the project's
//       ScopeRequest) and the host code (lines 87-379 the ScopeSlot / CudaScopeAnalyzerImpl classes, whose
//       Submit launches both kernels with block 16 x 16, grid ceil(width / (16 step)) x ceil(height / (16 step))
//       over zeroed outputs, 383-385 CreateCudaScopeAnalyzer).
//  Copyright 2026 Yurun Zi
//  SPDX-License-Identifier: GPL-3.0-only
//  Additional permission under GPLv3 section 7 applies; see the LICENSE file.

#ifdef HAVE_CUDA

#include <cstdint>

namespace alcedo {
namespace {

__global__ void AccumulateHistogramKernel(const float4* input, size_t input_pitch_in_pixels,
                                          int width, int height, int sample_step, int bins,
                                          uint32_t* histogram_counts) {
  const int sample_x = blockIdx.x * blockDim.x + threadIdx.x;
  const int sample_y = blockIdx.y * blockDim.y + threadIdx.y;
  const int x        = sample_x * sample_step;
  const int y        = sample_y * sample_step;
  if (x >= width || y >= height) {
    return;
  }

  const float4 pixel = input[static_cast<size_t>(y) * input_pitch_in_pixels + x];
  const float  rgb[3] = {fminf(fmaxf(pixel.x, 0.0f), 1.0f), fminf(fmaxf(pixel.y, 0.0f), 1.0f),
                         fminf(fmaxf(pixel.z, 0.0f), 1.0f)};
  for (int channel = 0; channel < 3; ++channel) {
    const int bin = min(static_cast<int>(rgb[channel] * static_cast<float>(bins - 1) + 0.5f),
                        bins - 1);
    atomicAdd(&histogram_counts[channel * bins + bin], 1U);
  }
}

__global__ void AccumulateWaveformKernel(const float4* input, size_t input_pitch_in_pixels, int width,
                                         int height, int sample_step, float4* waveform,
                                         size_t waveform_pitch_in_pixels, int waveform_width,
                                         int waveform_height) {
  const int sample_x = blockIdx.x * blockDim.x + threadIdx.x;
  const int sample_y = blockIdx.y * blockDim.y + threadIdx.y;
  const int x        = sample_x * sample_step;
  const int y        = sample_y * sample_step;
  if (x >= width || y >= height) {
    return;
  }

  const float4 pixel = input[static_cast<size_t>(y) * input_pitch_in_pixels + x];
  const float  rgb[3] = {fminf(fmaxf(pixel.x, 0.0f), 1.0f), fminf(fmaxf(pixel.y, 0.0f), 1.0f),
                         fminf(fmaxf(pixel.z, 0.0f), 1.0f)};
  const int x_bin =
      min(static_cast<int>((static_cast<float>(x) / max(1, width - 1)) * (waveform_width - 1) + 0.5f),
          waveform_width - 1);

  for (int channel = 0; channel < 3; ++channel) {
    const int y_bin = waveform_height - 1 -
                      min(static_cast<int>(rgb[channel] * static_cast<float>(waveform_height - 1) +
                                           0.5f),
                          waveform_height - 1);
    float4* target =
        &waveform[static_cast<size_t>(y_bin) * waveform_pitch_in_pixels + x_bin];
    if (channel == 0) {
      atomicAdd(&target->x, 1.0f);
    } else if (channel == 1) {
      atomicAdd(&target->y, 1.0f);
    } else {
      atomicAdd(&target->z, 1.0f);
    }
    atomicAdd(&target->w, 1.0f);
  }
}

}  // namespace

}  // namespace alcedo

#endif
