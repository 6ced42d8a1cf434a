// tilelab: <string.h> for device code compiled with NVRTC, which ships no C library headers. NVRTC itself declares
// what device code may call of it (memcpy and memset; size_t and NULL); the rest (strlen, strcpy, strcmp...) is host
// code, which nvcc keeps for the CPU. So a kernel file that includes <string.h> for its host part compiles unchanged.
#pragma once
