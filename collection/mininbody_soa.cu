// tilelab kernel collection: mini-nbody's all-pairs N-body force, structure of arrays, float4 (nbody-soa.cu; built with and without -ftz=true)
// Source:  https://github.com/harrism/mini-nbody/blob/38fda6717eb2f5ae1a4c59e66a1150f5881b7fad/cuda/nbody-soa.cu
//          (harrism/mini-nbody, commit 38fda67: Mark Harris's simple N-body code with CUDA optimizations)
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 1, 5-10, 16-36 of the original).
//       Removed: the host code (lines 11-15: randomizeBodies; lines 37-91: main), the host-only
//       includes (lines 2-4: #include <stdio.h> #include <stdlib.h> #include "timer.h"); the typedef BodySystem (line 9) is the host's, kept.

/*
 * Copyright the authors of harrism/mini-nbody (https://github.com/harrism/mini-nbody).
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

#include <math.h>

#define BLOCK_SIZE 256
#define SOFTENING 1e-9f

typedef struct { float4 *pos, *vel; } BodySystem;


__global__
void bodyForce(float4 *p, float4 *v, float dt, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) {
    float Fx = 0.0f; float Fy = 0.0f; float Fz = 0.0f;

    for (int j = 0; j < n; j++) {
      float dx = p[j].x - p[i].x;
      float dy = p[j].y - p[i].y;
      float dz = p[j].z - p[i].z;
      float distSqr = dx*dx + dy*dy + dz*dz + SOFTENING;
      float invDist = rsqrtf(distSqr);
      float invDist3 = invDist * invDist * invDist;

      Fx += dx * invDist3; Fy += dy * invDist3; Fz += dz * invDist3;
    }

    v[i].x += dt*Fx; v[i].y += dt*Fy; v[i].z += dt*Fz;
  }
}
