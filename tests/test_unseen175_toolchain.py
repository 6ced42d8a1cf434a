"""Three things nvcc builds that tilelab's toolchain did not (the hundred-and-seventy-fifth unseen suite, unseen175:
Hashinator's kernels_NVIDIA.h, tilelab/toolchain/program.py).

- An ``#error`` that only a compiler without ``__NVCC__`` reaches (Hashinator's defaults.h: ``#ifdef __NVCC__
  WARPSIZE = 32 ... #else #error "Warp size not known"``): the source is built with ``-D__NVCC__``, as nvcc builds it.
- ``std::min`` / ``std::max`` with no ``#include <algorithm>``: nvcc's implicit cuda_runtime.h brings them; here
  tilelab/include/algorithm (libcu++'s), included on NVRTC's "namespace std has no member min".
- A header nvcc includes implicitly (``std::numeric_limits`` with no ``<limits>``, in a template's default argument) is
  included before the log's later errors are read: they follow from it (NVRTC took the kernel's locals for namespace
  scope variables, which the host-variable retry then blanked).
- An overload cast whose types are namespace-qualified (``Hashinator::hash_pair<...>*``) where the kernel, inside the
  namespace, writes them bare: the launch found no parameters ("takes 0 arguments")."""
from __future__ import annotations

from pathlib import Path

import numpy as np

import tilelab as tl

ERROR_UNLESS_NVCC = r"""
#ifdef __NVCC__
constexpr int W = 32;
#else
#error "Warp size not known, please use a CUDA or HIP compiler."
#endif
__global__ void fill(int *o) { o[threadIdx.x] = W + threadIdx.x; }
"""

MIN_MAX = r"""
__global__ void clamp(unsigned long *o, unsigned long lo, unsigned long hi) {
    o[threadIdx.x] = std::max(std::min((unsigned long)threadIdx.x, hi), lo);
}
"""

NAMESPACED_OVERLOADS = r"""
namespace N {
template <typename T> struct Pair { T first; T second; };
template <typename T, int E>
__global__ void get(Pair<T> *src, T *out, size_t n) { if (threadIdx.x < n) out[threadIdx.x] = src[threadIdx.x].second + E; }
template <typename T, int E>
__global__ void get(T *keys, T *out, size_t n) { if (threadIdx.x < n) out[threadIdx.x] = keys[threadIdx.x] * E; }
}
"""


def test_an_error_directive_only_nvrtc_reaches_is_built_with_nvcc_defined():
    prog = tl.compile_cuda(ERROR_UNLESS_NVCC, filename="error_unless_nvcc.cu")
    o = np.zeros(8, np.int32)
    tl.launch(prog.kernels["fill"], 1, 8, o, backend="emu", echo=False)
    np.testing.assert_array_equal(o, 32 + np.arange(8))


def test_std_min_and_max_need_no_include():
    prog = tl.compile_cuda(MIN_MAX, filename="min_max.cu")
    o = np.zeros(16, np.uint64)
    tl.launch(prog.kernels["clamp"], 1, 16, o, np.uint64(3), np.uint64(9), backend="emu", echo=False)
    np.testing.assert_array_equal(o, np.clip(np.arange(16), 3, 9))


def test_a_missing_implicit_header_comes_first_before_later_errors_are_read():
    # no smaller source showed it: Hashinator's header, whose std::numeric_limits in the kernels' template defaults
    # made NVRTC take kernel locals for namespace-scope variables, which the host-variable retry then blanked
    src = Path(__file__).resolve().parent.parent / "collection" / "hshn_kernels_nvidia.cu"
    name = ("Hashinator::Hashers::delete_kernel<uint32_t, uint32_t, 4294967295u, 4294967294u, "
            "Hashinator::HashFunctions::Fibonacci<uint32_t>, 32, 1>")
    prog = tl.compile_cuda(src, name_expressions=(name,))
    assert [p.name for p in prog.kernels[name].params] == ["keys", "buckets", "info", "len"]


def test_an_overload_cast_with_namespace_qualified_types_finds_its_parameters():
    cast = "static_cast<void (*)(N::Pair<int>*, int*, size_t)>(N::get<int, 3>)"
    prog = tl.compile_cuda(NAMESPACED_OVERLOADS, filename="ns_overloads.cu", name_expressions=(cast,))
    k = prog.kernels[cast]
    assert [p.name for p in k.params] == ["src", "out", "n"]
    src = np.arange(12, dtype=np.int32).reshape(6, 2)
    out = np.zeros(6, np.int32)
    tl.launch(k, 1, 8, src, out, np.uint64(6), backend="emu", echo=False)
    np.testing.assert_array_equal(out, src[:, 1] + 3)
