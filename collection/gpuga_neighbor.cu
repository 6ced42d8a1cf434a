// tilelab kernel collection: GPUGA's neighbour-list kernel (per-configuration O(N^2) search under the minimum image convention)
// Source:  https://github.com/brucefan1983/GPUGA/blob/8b70f7e3aa427e895b41733ecd4505ea6cf41a68/src/neighbor.cu
//          (brucefan1983/GPUGA, commit 8b70f7e; dev_apply_mic from src/mic.cuh)
// Licence: GPL-3.0-or-later (the file's own notice, below; the repository's LICENSE is the GPL-3.0 text).
// Kept, unchanged: neighbor.cu lines 1-18 and 30-66 (gpu_find_neighbor); removed: lines 20-22 (the project's includes,
//       with host-only error.cuh and neighbor.cuh), 24-28 and 68-83 (host code); copied in: mic.cuh lines 16-32, marked.
/*
    Copyright 2019 Zheyong Fan
    This file is part of GPUGA.
    GPUGA is free software: you can redistribute it and/or modify
    it under the terms of the GNU General Public License as published by
    the Free Software Foundation, either version 3 of the License, or
    (at your option) any later version.
    GPUGA is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of
    MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
    GNU General Public License for more details.
    You should have received a copy of the GNU General Public License
    along with GPUGA.  If not, see <http://www.gnu.org/licenses/>.
*/

/*----------------------------------------------------------------------------80
find the neighbor list
------------------------------------------------------------------------------*/

// ---- copied in: mic.cuh lines 16-32
/*----------------------------------------------------------------------------80
mininum image convention
------------------------------------------------------------------------------*/

static __device__ void
dev_apply_mic(const float* __restrict__ h, float& x12, float& y12, float& z12)
{
  float sx12 = h[9] * x12 + h[10] * y12 + h[11] * z12;
  float sy12 = h[12] * x12 + h[13] * y12 + h[14] * z12;
  float sz12 = h[15] * x12 + h[16] * y12 + h[17] * z12;
  sx12 -= nearbyint(sx12);
  sy12 -= nearbyint(sy12);
  sz12 -= nearbyint(sz12);
  x12 = h[0] * sx12 + h[1] * sy12 + h[2] * sz12;
  y12 = h[3] * sx12 + h[4] * sy12 + h[5] * sz12;
  z12 = h[6] * sx12 + h[7] * sy12 + h[8] * sz12;
}
// ---- end of mic.cuh's lines

static __global__ void gpu_find_neighbor(
  int N,
  int* Na,
  int* Na_sum,
  float cutoff_square,
  const float* __restrict__ box,
  int* NN,
  int* NL,
  float* x,
  float* y,
  float* z)
{
  int N1 = Na_sum[blockIdx.x];
  int N2 = N1 + Na[blockIdx.x];
  int n1 = N1 + threadIdx.x;
  if (n1 < N2) {
    const float* __restrict__ h = box + 18 * blockIdx.x;
    float x1 = x[n1];
    float y1 = y[n1];
    float z1 = z[n1];
    int count = 0;
    for (int n2 = N1; n2 < N2; ++n2) {
      if (n2 == n1) {
        continue;
      }
      float x12 = x[n2] - x1;
      float y12 = y[n2] - y1;
      float z12 = z[n2] - z1;
      dev_apply_mic(h, x12, y12, z12);
      float distance_square = x12 * x12 + y12 * y12 + z12 * z12;
      if (distance_square < cutoff_square) {
        NL[count++ * N + n1] = n2;
      }
    }
    NN[n1] = count;
  }
}
