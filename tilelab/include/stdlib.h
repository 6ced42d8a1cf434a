// tilelab: <stdlib.h> for device code compiled with NVRTC, which ships no C library headers. NVRTC itself declares
// what device code may call of it (malloc, free, abs, labs, llabs; size_t and NULL come with it); the rest of the C
// header (rand, exit, qsort, getenv...) is host code, which nvcc keeps for the CPU. So a kernel file that includes
// <stdlib.h> for its host part (or through <cuda.h>, which includes it) compiles unchanged: what is left here is
// the header's macros, with glibc's values (nvcc on Linux compiles with glibc's header).
#pragma once
#ifndef EXIT_SUCCESS
#define EXIT_SUCCESS 0
#endif
#ifndef EXIT_FAILURE
#define EXIT_FAILURE 1
#endif
#ifndef RAND_MAX
#define RAND_MAX 2147483647
#endif
