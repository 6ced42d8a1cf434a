// tilelab: <time.h> for device code compiled with NVRTC, which ships no C library headers. NVRTC itself declares
// what device code may use of it (clock() and clock_t; clock64() is CUDA's own); the rest (time, clock_gettime,
// strftime...) is host code, which nvcc keeps for the CPU. What is left here is the header's macro, with glibc's value
// (nvcc on Linux compiles with glibc's header).
#pragma once
#ifndef CLOCKS_PER_SEC
#define CLOCKS_PER_SEC ((clock_t) 1000000)
#endif
