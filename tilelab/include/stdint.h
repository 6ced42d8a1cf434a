// tilelab: <stdint.h> for device code compiled with NVRTC, which ships no C library headers. What
// nvcc users take from it comes from CUDA's own CCCL headers (cuda/std/cstdint, on the include path
// tilelab gives NVRTC 12 and 13), so a public kernel compiles unchanged, with no shims.
#pragma once
#include <cuda/std/cstdint>          // int8_t ... uint64_t, intptr_t, INT64_MAX and the other limits
#include "tilelab_stdint_limits.h"   // SIZE_MAX, PTRDIFF_MAX, INTPTR_MAX, INTMAX_MAX: CCCL leaves them to libc
