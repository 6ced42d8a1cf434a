// tilelab: <stddef.h> for device code compiled with NVRTC, which ships no C library headers. size_t and ptrdiff_t
// are NVRTC's own; offsetof (and the std names, for <cstddef>) come from CUDA's CCCL headers (cuda/std/cstddef, on
// the include path tilelab gives NVRTC 12 and 13), NULL as nvcc's C++ compilers give it.
#pragma once
#include <cuda/std/cstddef>          // offsetof; cuda::std::size_t, ptrdiff_t, nullptr_t, max_align_t, byte
#ifndef NULL
#define NULL 0
#endif
