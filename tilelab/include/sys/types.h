// tilelab: <sys/types.h> for device code compiled with NVRTC, which ships no C library headers. nvcc's
// implicit cuda_runtime.h brings in glibc's <sys/types.h> on Linux, and with it the System V short names
// below, which kernels written for nvcc use with no #include (PyCUDA's tiled matrix multiply writes
// `const uint wA`): the toolchain includes this first when NVRTC says one is undefined (program.py).
#pragma once
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
