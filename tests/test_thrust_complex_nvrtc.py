"""``#include <thrust/complex.h>`` in a kernel, under each NVRTC major (12: CCCL 2, 13: CCCL 3).

nvcc builds CCCL's header with the host's C++ library; NVRTC has none, and the header names it where only host code
can go: CCCL 2 includes <complex> and <sstream> and declares __host__-only conversions from and to std::complex,
and both majors' thrust/detail/complex/stream.h define operator<< and operator>> on std::basic_ostream and
std::basic_istream. Before tilelab/include/override/thrust/complex.h, NVRTC 12 stopped at `cannot open source file
"complex"` and NVRTC 13 at `namespace "std" has no member "basic_ostream"`, where nvcc builds it (psrdada_cpp's
SpectralKurtosisCuda.cu, thrust::complex<float> samples, unseen243). The kernel here uses thrust::complex's device
arithmetic and functions, run on the emulator and checked against numpy; a host-only <complex> or <sstream> next to
a kernel still goes to the host side.
"""
import numpy as np

SRC = r"""
#include <thrust/complex.h>

__global__ void cx(const thrust::complex<float>* z, const thrust::complex<float>* w, float* mag,
                   thrust::complex<float>* prod, thrust::complex<float>* quot, thrust::complex<float>* e, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        mag[i] = thrust::abs(z[i]) * thrust::abs(z[i]);
        prod[i] = z[i] * thrust::conj(w[i]) + 1.0f;
        quot[i] = z[i] / w[i];
        e[i] = thrust::exp(thrust::complex<float>(0.0f, z[i].imag()));
    }
}
"""


def test_thrust_complex_in_a_kernel_matches_numpy(emu, rng):
    k = emu.compile(SRC, "cx", filename="thrust_complex.cu")
    n = 100
    z = (rng.uniform(-2, 2, n) + 1j * rng.uniform(-2, 2, n)).astype(np.complex64)
    w = (rng.uniform(0.5, 2, n) + 1j * rng.uniform(0.5, 2, n)).astype(np.complex64)
    mag = np.full(n, np.nan, np.float32)
    prod, quot, e = (np.full(n, np.nan, np.complex64) for _ in range(3))
    r = emu.run(k, 2, 64, z.view(np.float32), w.view(np.float32), mag, prod.view(np.float32),
                quot.view(np.float32), e.view(np.float32), n)
    assert r.findings == []
    np.testing.assert_allclose(mag, np.abs(z.astype(np.complex128)) ** 2, rtol=1e-5)
    np.testing.assert_allclose(prod, z.astype(np.complex128) * np.conj(w) + 1, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(quot, z.astype(np.complex128) / w, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(e, np.exp(1j * z.imag.astype(np.float64)), rtol=1e-5, atol=1e-6)


def test_host_only_complex_and_sstream_next_to_thrust_complex(emu):
    """A file whose host code uses std::complex and std::stringstream beside a thrust::complex kernel builds, as
    under nvcc: its own <complex> and <sstream> go to the host side, thrust's find tilelab's stand-ins."""
    src = ("#include <complex>\n#include <sstream>\n#include <cstdio>\n#include <thrust/complex.h>\n"
           "__global__ void norm2(float *x) { thrust::complex<float> z(x[threadIdx.x], 1.0f);"
           " x[threadIdx.x] = thrust::norm(z); }\n"
           "int main() { std::stringstream s; std::complex<double> z(1, 2); s << z.real();"
           " std::printf(\"%s\\n\", s.str().c_str()); return 0; }\n")
    x = np.arange(32, dtype=np.float32)
    emu.run(emu.compile(src, "norm2", filename="host_complex.cu"), 1, 32, x)
    assert np.array_equal(x, np.arange(32, dtype=np.float32) ** 2 + 1)
