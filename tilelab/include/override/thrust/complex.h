// tilelab's <thrust/complex.h> for kernels compiled with NVRTC.
//
// nvcc compiles CCCL's header with the host's C++ library at hand; NVRTC has none, and the header names it in the
// parts only host code can use: the operator<< and operator>> of thrust/detail/complex/stream.h (std::basic_ostream,
// std::basic_istream, std::ios_base::failbit; CCCL 2 and 3), and under CCCL 2 also the conversions from and to
// std::complex, marked __host__, after an #include of <complex> and <sstream> (CCCL 3 leaves those out where there
// is no host library). This header declares those std names, enough for the templates to parse (no kernel can
// call them), lets CCCL 2's __host__-only members be declared __host__ __device__ (they stay uninstantiated) and
// then includes CCCL's own header: thrust::complex and its functions are CCCL's, as nvcc builds them. CCCL 2's
// #include <complex> and <sstream> find tilelab's stand-ins beside this folder, which are empty here and, for any
// other includer, stop as a missing header did before (toolchain/host_code.py leaves it to the host side).
// psrdada_cpp's SpectralKurtosisCuda.cu (unseen243) includes it for its thrust::complex<float> samples.
#pragma once

#include <thrust/detail/config.h>
#include <thrust/detail/type_traits.h>
#include <thrust/type_traits/is_trivially_relocatable.h>
#include <thrust/version.h>

#include <cfloat>
#include <cmath>
#include <cstdint>

namespace std {
template <class T> class complex;
template <class CharT> struct char_traits;
template <class CharT, class Traits = char_traits<CharT>> class basic_ostream;
template <class CharT, class Traits = char_traits<CharT>> class basic_istream;
class ios_base {
public:
    typedef unsigned int iostate;
    static const iostate failbit = 4;
};
}  // namespace std

#if THRUST_VERSION < 300000
#  define TILELAB_THRUST_COMPLEX_STD 1
#  undef _CCCL_HOST
#  define _CCCL_HOST _CCCL_HOST_DEVICE
#  include_next <thrust/complex.h>
#  undef _CCCL_HOST
#  define _CCCL_HOST __host__      /* as cuda/std/__cccl/execution_space.h defines it for CUDA (NVRTC 12 has no
                                     #pragma push_macro) */
#  undef TILELAB_THRUST_COMPLEX_STD
#else
#  include_next <thrust/complex.h>
#endif
