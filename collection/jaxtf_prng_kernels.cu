// tilelab kernel collection: JAX's Threefry2x32 kernel (the counter-based generator behind jax.random: 20 rounds of
// add-rotate-xor on two 32-bit words, a key injection every 4 rounds), one counter pair a thread, grid-stride loop.
// Source:  https://github.com/jax-ml/jax/blob/cec06d116c05f0d52adfceee3d3b730fdbcb0ce5/jaxlib/gpu/prng_kernels.cu.cc
//          (jax-ml/jax, commit cec06d1; the macro JAX_GPU_NAMESPACE from jaxlib/gpu/vendor.h at the same commit)
// Licence: Apache-2.0 (the repository's LICENSE; each file's notice "Copyright 2019 The JAX Authors", repeated below).
// Kept: prng_kernels.cu.cc lines 1-14 (its licence notice, repeated below as comments), lines 18-19 (<algorithm>,
//       <cstdint>: the file's standard headers, kept as the MTGP file's are) and lines 23-105 (the namespaces jax,
//       JAX_GPU_NAMESPACE and the anonymous one, ThreeFry2x32Kernel), unchanged; copied in: vendor.h line 48
//       (#define JAX_GPU_NAMESPACE cuda, marked). Removed: lines 16 and 21 (jaxlib's own headers prng_kernels.h and
//       vendor.h) and lines 106-118 (LaunchThreeFry2x32KernelFfi); lines 119-120 (the namespaces' closing braces) kept.
// Selection, fixed before any run (collection/manifest.toml, the jaxtf_ entries): the file's one __global__ kernel,
// launched as LaunchThreeFry2x32KernelFfi launches it: <<<min(1024, (n + 127) / 128), 128>>> with n >= 0 and
// n_ptr = nullptr (tl.launch takes no null pointer: a one-element array holding n in its place, which the kernel never
// reads when n >= 0); n = 1,000 (8 blocks, the last partial), 128 (one full block), 77 (one partial block) and 1; the
// keys and counters random words, the first three pairs the Random123 known-answer inputs for threefry2x32_20.
// Read before any run: no race, no out-of-bounds access.
//
// /* Copyright 2019 The JAX Authors.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.
// ==============================================================================*/
//
// jaxlib/gpu/prng_kernels.cu.cc, lines 18-19
#include <algorithm>
#include <cstdint>
// jaxlib/gpu/vendor.h, line 48 (copied in)
#define JAX_GPU_NAMESPACE cuda
// jaxlib/gpu/prng_kernels.cu.cc, lines 23-105
namespace jax {
namespace JAX_GPU_NAMESPACE {
namespace {

__global__ void ThreeFry2x32Kernel(const std::uint32_t* key0,
                                   const std::uint32_t* key1,
                                   const std::uint32_t* data0,
                                   const std::uint32_t* data1,
                                   std::uint32_t* out0, std::uint32_t* out1,
                                   std::int64_t n, const std::int64_t* n_ptr) {
  if (n < 0) {
    // n is stored in device memory.
    n = *n_ptr;
  }

  for (std::int64_t idx = blockIdx.x * blockDim.x + threadIdx.x; idx < n;
       idx += blockDim.x * gridDim.x) {
    // Rotation distances specified by the Threefry2x32 algorithm.
    std::uint32_t rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
    std::uint32_t x[2];
    std::uint32_t ks[3];

    // 0x1BD11BDA is a parity constant specified by the ThreeFry2x32 algorithm.
    ks[2] = 0x1BD11BDA;

    ks[0] = key0[idx];
    x[0] = data0[idx];
    ks[2] = ks[2] ^ key0[idx];

    ks[1] = key1[idx];
    x[1] = data1[idx];
    ks[2] = ks[2] ^ key1[idx];

    auto rotate_left = [](std::uint32_t v, std::uint32_t distance) {
      return (v << distance) | (v >> (32 - distance));
    };

    // Performs a single round of the Threefry2x32 algorithm, with a rotation
    // amount 'rotation'.
    auto round = [&](std::uint32_t* v, std::uint32_t rotation) {
      v[0] += v[1];
      v[1] = rotate_left(v[1], rotation);
      v[1] ^= v[0];
    };

    // There are no known statistical flaws with 13 rounds of Threefry2x32.
    // We are conservative and use 20 rounds.
    x[0] = x[0] + ks[0];
    x[1] = x[1] + ks[1];
    for (int i = 0; i < 4; ++i) {
      round(x, rotations[i]);
    }

    x[0] = x[0] + ks[1];
    x[1] = x[1] + ks[2] + 1u;
    for (int i = 4; i < 8; ++i) {
      round(x, rotations[i]);
    }

    x[0] = x[0] + ks[2];
    x[1] = x[1] + ks[0] + 2u;
    for (int i = 0; i < 4; ++i) {
      round(x, rotations[i]);
    }

    x[0] = x[0] + ks[0];
    x[1] = x[1] + ks[1] + 3u;
    for (int i = 4; i < 8; ++i) {
      round(x, rotations[i]);
    }

    x[0] = x[0] + ks[1];
    x[1] = x[1] + ks[2] + 4u;
    for (int i = 0; i < 4; ++i) {
      round(x, rotations[i]);
    }

    out0[idx] = x[0] + ks[2];
    out1[idx] = x[1] + ks[0] + 5u;
  }
}

}  // namespace
// lines 119-120
}  // namespace JAX_GPU_NAMESPACE
}  // namespace jax
