// tilelab: the limits <stdint.h> gives beside INTn_MIN/MAX, for device code compiled with NVRTC. CCCL's
// cuda/std/cstdint under NVRTC defines the INTn / UINTn / FAST limits only; nvcc users take SIZE_MAX,
// PTRDIFF_MAX, INTPTR_MAX and INTMAX_MAX from glibc's <stdint.h> (mm2-gb's score kernels test
// `start_idx == SIZE_MAX`, unseen169). The values are the LP64 ones (size_t and ptrdiff_t 64-bit, as on the device).
#pragma once
#ifndef SIZE_MAX
#define SIZE_MAX     (18446744073709551615UL)
#endif
#ifndef PTRDIFF_MAX
#define PTRDIFF_MAX  (9223372036854775807L)
#define PTRDIFF_MIN  (-PTRDIFF_MAX - 1)
#endif
#ifndef INTPTR_MAX
#define INTPTR_MAX   (9223372036854775807L)
#define INTPTR_MIN   (-INTPTR_MAX - 1)
#define UINTPTR_MAX  (18446744073709551615UL)
#endif
#ifndef INTMAX_MAX
#define INTMAX_MAX   (9223372036854775807L)
#define INTMAX_MIN   (-INTMAX_MAX - 1)
#define UINTMAX_MAX  (18446744073709551615UL)
#endif
