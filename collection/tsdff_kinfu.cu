// tilelab kernel collection: tsdf-fusion's first (old-version) KinectFusion integration kernel, CUDA
// Source:  https://github.com/andyzeng/tsdf-fusion/blob/afbd0d16dcb2afb95e71d19fcddb2f926055d08b/old-version/kinfu.cu
//          (andyzeng/tsdf-fusion, commit afbd0d1: the repository's earlier fusion program, kept in
//          old-version/: 16-bit millimetre depth from a 640 x 480 sensor, the voxels limited to the view
//          frustum's bounds, the signed distance scaled along the viewing ray)
// Licence: BSD-2-Clause (the repository's LICENSE; the source file carries no notice of its own: the
//          repository's notice is repeated below).
// Kept: kinfu.cu lines 114-167 (the kernel integrate), unchanged. Removed: lines 1-112 (util.hpp, png++ and the
//       host helpers: get_frustum_bounds, the depth reader) and from line 169 (vol2bin, FatalError and main).
//       The launch is main's: integrate <<< vox_size[2], vox_size[1] >>>, one thread a (y, z) column looping
//       over x from view_bounds[0] to view_bounds[1]; the depth image is 640 x 480 as the kernel hard-codes.

/*
 * BSD 2-Clause License
 *
 * Copyright (c) 2019, Princeton University
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

__global__
void integrate(float* K, unsigned short* depth_data, float* view_bounds, float* camera_relative_pose,
               float vox_unit, float vox_mu, int* vox_size, float* vox_range_cam, float* vox_tsdf, float* vox_weight) {

  int z = blockIdx.x;
  int y = threadIdx.x;

  if (z < (int)view_bounds[2 * 2 + 0] || z >= (int)view_bounds[2 * 2 + 1])
    return;
  if (y < (int)view_bounds[1 * 2 + 0] || y >= (int)view_bounds[1 * 2 + 1])
    return;
  for (int x = view_bounds[0 * 2 + 0]; x < view_bounds[0 * 2 + 1]; x++) {

    // grid to world coords
    float tmp_pos[3] = {0};
    tmp_pos[0] = (x + 1) * vox_unit + vox_range_cam[0 * 2 + 0];
    tmp_pos[1] = (y + 1) * vox_unit + vox_range_cam[1 * 2 + 0];
    tmp_pos[2] = (z + 1) * vox_unit + vox_range_cam[2 * 2 + 0];

    // transform
    float tmp_arr[3] = {0};
    tmp_arr[0] = tmp_pos[0] - camera_relative_pose[3];
    tmp_arr[1] = tmp_pos[1] - camera_relative_pose[7];
    tmp_arr[2] = tmp_pos[2] - camera_relative_pose[11];
    tmp_pos[0] = camera_relative_pose[0 * 4 + 0] * tmp_arr[0] + camera_relative_pose[1 * 4 + 0] * tmp_arr[1] + camera_relative_pose[2 * 4 + 0] * tmp_arr[2];
    tmp_pos[1] = camera_relative_pose[0 * 4 + 1] * tmp_arr[0] + camera_relative_pose[1 * 4 + 1] * tmp_arr[1] + camera_relative_pose[2 * 4 + 1] * tmp_arr[2];
    tmp_pos[2] = camera_relative_pose[0 * 4 + 2] * tmp_arr[0] + camera_relative_pose[1 * 4 + 2] * tmp_arr[1] + camera_relative_pose[2 * 4 + 2] * tmp_arr[2];
    if (tmp_pos[2] <= 0)
      continue;

    int px = roundf(K[0] * (tmp_pos[0] / tmp_pos[2]) + K[2]);
    int py = roundf(K[4] * (tmp_pos[1] / tmp_pos[2]) + K[5]);
    if (px < 1 || px > 640 || py < 1 || py > 480)
      continue;

    float p_depth = *(depth_data + (py - 1) * 640 + (px - 1)) / 1000.f;
    if (p_depth < 0.2 || p_depth > 0.8)
      continue;
    if (roundf(p_depth * 1000.0f) == 0)
      continue;

    float eta = (p_depth - tmp_pos[2]) * sqrtf(1 + powf((tmp_pos[0] / tmp_pos[2]), 2) + powf((tmp_pos[1] / tmp_pos[2]), 2));
    if (eta <= -vox_mu)
      continue;

    // Integrate
    int volumeIDX = z * vox_size[0] * vox_size[1] + y * vox_size[0] + x;
    float sdf = fmin(1.0f, eta / vox_mu);
    float w_old = vox_weight[volumeIDX];
    float w_new = w_old + 1.0f;
    vox_weight[volumeIDX] = w_new;
    vox_tsdf[volumeIDX] = (vox_tsdf[volumeIDX] * w_old + sdf) / w_new;
  }
}
