// tilelab: <stdbool.h> for device code compiled with NVRTC. In C++ bool, true and false are keywords; the header only
// says so, and, as GCC's <stdbool.h> does in GNU C++ (what nvcc's front end reads), names C's _Bool as bool, so a C
// structure with _Bool members builds in a .cu file (BART's gpu_grid.cu, unseen suite 106).
#pragma once
#ifndef __bool_true_false_are_defined
#define __bool_true_false_are_defined 1
#endif
#if defined(__cplusplus) && !defined(_Bool)
#define _Bool bool
#endif
