// tilelab: <limits.h> for device code compiled with NVRTC, which ships no C library headers. What
// nvcc users take from it comes from CUDA's own CCCL headers (cuda/std/climits, on the include path
// tilelab gives NVRTC 12 and 13), so a public kernel compiles unchanged, with no shims.
#pragma once
#include <cuda/std/climits>          // CHAR_BIT, INT_MAX, UINT_MAX, LLONG_MAX ...
