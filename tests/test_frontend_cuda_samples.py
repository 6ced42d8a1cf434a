"""What CUDA's samples write, through the front end (docs/FIDELITY.md, "cuda-samples"). First: a project's own headers
included with angle brackets from an -I folder, as the samples include their Common/
helpers (``#include <helper_functions.h>``, ``-I Common``): their host side is the CPU's, as a quoted header's is.

Found by the second front-end sweep (docs/FIDELITY.md, "cuda-samples"): 62 of its files stopped on
``helper_string.h``'s ``#include <fstream>`` (tilelab followed only quoted includes, so NVRTC read the header whole),
and the files that include ``exception.h`` then stopped on a class template's out-of-class member definitions
(``template <class E> void Exception<E>::throw_it(...) {...}``: the ``class`` of the template head read as an
aggregate, so the host functions were kept); then on multithreading.h's ``typedef pthread_t CUTThread;`` (a type
alias no kernel names) and simpleTemplates' ``template <class T> class ArrayComparator`` (its name read as ``T``,
from the template head's ``class T``, so it was never taken out).
"""
import numpy as np
import pytest

HELPER = r"""
#ifndef HELPER_H
#define HELPER_H
#include <fstream>
#include <string>
#include <strings.h>
#include <stdexcept>
#include <pthread.h>
#include <sys/mman.h>
#include <memory.h>

typedef pthread_t CUTThread;                      // aliases of host-only types, and prototypes that use them
typedef void *(*CUT_THREADROUTINE)(void *);
CUTThread cutStartThread(CUT_THREADROUTINE, void *data);

template <class T> class ArrayComparator {        // a class template and its specialisation, host members only
 public:
  bool compare(const T *a, T *b, unsigned n) { return false; }
};
template <> class ArrayComparator<int> {
 public:
  bool compare(const int *a, int *b, unsigned n) { return std::string("x").size() == n; }
};

// host side: a class template with std::string members, its members defined out of the class
template <class Std_Exception>
class Exception : public Std_Exception {
 public:
  static void throw_it(const char *file, int line, const std::string &detail);
  explicit Exception(const std::string &s);
};

template <class Std_Exception>
void Exception<Std_Exception>::throw_it(const char *file, int line, const std::string &detail) {
  throw Exception(std::string(file) + ":" + std::to_string(line) + " " + detail);
}

template <class Std_Exception>
Exception<Std_Exception>::Exception(const std::string &s) : Std_Exception(s) {}

inline bool file_exists(const char *name) { std::ifstream f(name); return f.good(); }

#define RUNTIME_EXCEPTION(msg) Exception<std::runtime_error>::throw_it(__FILE__, __LINE__, msg)

// device side: what the kernel uses
__device__ inline float twice(float x) { return 2.0f * x; }
#endif
"""

SRC = r"""
#include <helper.h>
#include <cuda_profiler_api.h>

__global__ void scale(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = twice(x[i]) + 1.0f;
}

int main()
{
    if (!file_exists("data.bin")) RUNTIME_EXCEPTION("no data");
    ArrayComparator<int> cmp;
    int a = 1, b = 1;
    cmp.compare(&a, &b, 1);
    cudaProfilerStart();
    return 0;
}
"""


@pytest.fixture
def common(tmp_path):
    d = tmp_path / "Common"
    d.mkdir()
    (d / "helper.h").write_text(HELPER)
    return d


def test_an_angled_project_header_leaves_its_host_side(emu, common):
    k = emu.compile(SRC, "scale", filename="sample.cu", options=(f"-I{common}",))
    x = np.arange(40, dtype=np.float32)
    emu.run(k, 2, 32, x, 40)
    assert np.array_equal(x, 2 * np.arange(40, dtype=np.float32) + 1)


def test_a_header_only_in_the_includers_folder_is_not_found_for_angle_brackets(tmp_path):
    """``<...>`` searches the -I folders only, not the including file's folder, as the preprocessor does."""
    from tilelab.toolchain.local_includes import local_headers

    (tmp_path / "helper.h").write_text(HELPER)
    src = "#include <helper.h>\n"
    assert local_headers(src, str(tmp_path / "a.cu"), ()) == []
    assert [h.name for h in local_headers(src, str(tmp_path / "a.cu"), (f"-I{tmp_path}",))] == ["helper.h"]
    assert [h.name for h in local_headers('#include "helper.h"\n', str(tmp_path / "a.cu"), ())] == ["helper.h"]


def test_template_member_definitions_are_host_functions():
    from tilelab.toolchain.host_code import host_part

    part = host_part(HELPER)
    assert "throw Exception" not in part.device and "Std_Exception(s) {}" not in part.device
    assert "__device__ inline float twice" in part.device
    assert "class Exception : public Std_Exception" in part.device      # a type stays (the second step weighs it)


REDUCTION = r"""
template <class T>
__global__ void reduce0(const T *in, T *out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(out, in[i]);
}

// the host side: a launcher template, and its explicit instantiations
template <class T>
void reduce(int n, int threads, const T *d_in, T *d_out)
{
    reduce0<T><<<(n + threads - 1) / threads, threads>>>(d_in, d_out, n);
}
template void reduce<int>(int n, int threads, const int *d_in, int *d_out);
template void reduce<float>(int n, int threads, const float *d_in, float *d_out);
"""


def test_an_explicit_instantiation_of_a_host_template_goes_with_it(emu):
    """reduction_kernel.cu: with the launcher template left to the CPU, its explicit instantiations must go too (nvcc
    and NVRTC: 'reduce is not a template')."""
    from tilelab.toolchain.host_code import host_part

    part = host_part(REDUCTION)
    assert "template void reduce<int>" not in part.device and "__global__ void reduce0" in part.device
    from tilelab.toolchain import compile_cuda

    k = compile_cuda(REDUCTION, filename="reduction_kernel.cu", name_expressions=["reduce0<int>"],
                     nvrtc=emu.nvrtc).kernel("reduce0<int>")
    x = np.arange(1, 41, dtype=np.int32)
    out = np.zeros(1, np.int32)
    emu.run(k, 2, 32, x, out, np.uint32(40))
    assert out[0] == 820


def test_cudart_version_is_the_builds(emu, tmp_path):
    """threadFenceReduction.cu includes its kernels under ``#if CUDART_VERSION >= 2020``: NVRTC defines it (major *
    1000 + minor * 10), so the header is the program's and its host side the CPU's."""
    (tmp_path / "fence_kernel.cuh").write_text(
        "__device__ unsigned int retirementCount = 0;\n"
        "__global__ void count(unsigned *p) { p[threadIdx.x] = retirementCount + threadIdx.x; }\n"
        "cudaError_t setRetirementCount(int c)\n"
        "{\n    return cudaMemcpyToSymbol(retirementCount, &c, sizeof(unsigned int), 0, cudaMemcpyHostToDevice);\n}\n")
    src = ("#include <stdio.h>\n#if CUDART_VERSION >= 2020\n#include \"fence_kernel.cuh\"\n#else\n"
           "#pragma message(\"CUDA 2.2 is required\")\n#endif\nint main() { setRetirementCount(0); return 0; }\n")
    k = emu.compile(src, "count", filename=str(tmp_path / "fence.cu"))
    out = np.zeros(32, np.uint32)
    emu.run(k, 1, 32, out)
    assert np.array_equal(out, np.arange(32, dtype=np.uint32))


def test_a_file_of_template_kernels_says_how_to_name_one(emu):
    from tilelab.errors import CompileError

    with pytest.raises(CompileError) as e:
        emu.compile(REDUCTION, None, filename="reduction_kernel.cu")
    text = str(e.value)
    assert "templates (reduce0)" in text and 'name_expressions=["reduce0<256>"]' in text


def test_a_type_one_header_declares_and_anothers_kernels_use_stays(emu, tmp_path):
    """TeaLeaf's cuda_common.hpp declares kernel_info_t beside a host class of std::map members; its .cuknl files'
    kernels name it. Weighing each file alone took the type out once the host class went (a regression the first
    sweep's files showed again, caught by re-running that sweep): the words of the program's other files count."""
    (tmp_path / "common.hpp").write_text(
        "#include <map>\n#include <string>\n"
        "struct kernel_info_t { int x_min, x_max; };\n"
        "class Chunk { std::map<std::string, kernel_info_t> kernels; public: void launch(); };\n")
    (tmp_path / "widths.cuknl").write_text(
        "__global__ void widths(int *out)\n"
        "{\n    kernel_info_t info{2, 7 + (int)threadIdx.x};\n    out[threadIdx.x] = info.x_max - info.x_min;\n}\n")
    src = '#include "common.hpp"\n#include "widths.cuknl"\nvoid Chunk::launch() { }\nint main() { return 0; }\n'
    k = emu.compile(src, "widths", filename=str(tmp_path / "widths_cuda.cu"))
    out = np.zeros(32, np.int32)
    emu.run(k, 1, 32, out)
    assert np.array_equal(out, 5 + np.arange(32))


def test_host_declarations_go_in_rounds_across_files(emu, tmp_path):
    """yhtang's CUDA-tutorial: util.h's host class calls lodepng::decode, whose std::vector overloads png.h declares.
    Once the class has gone (no device line names it), nothing names decode, and the overloads go in the next round."""
    (tmp_path / "png.h").write_text(
        "#include <vector>\nnamespace lodepng {\n"
        "unsigned decode(std::vector<unsigned char>& out, unsigned& w, unsigned& h, const char* filename);\n}\n")
    (tmp_path / "util.h").write_text(
        '#include "png.h"\n'
        "struct Image {\n    std::vector<unsigned char> pixels;\n"
        "    unsigned load(const char *fn) { unsigned w, h; return lodepng::decode(pixels, w, h, fn); }\n};\n")
    src = ('#include "util.h"\n__global__ void ramp(int *p) { p[threadIdx.x] = 3 * threadIdx.x; }\n'
           'int main() { Image im; return im.load("in.png"); }\n')
    k = emu.compile(src, "ramp", filename=str(tmp_path / "filter.cu"))
    out = np.zeros(32, np.int32)
    emu.run(k, 1, 32, out)
    assert np.array_equal(out, 3 * np.arange(32))


def test_a_type_named_only_in_a_used_macros_body_stays(emu, tmp_path):
    """TeaLeaf's cuda_common.hpp declares its pack kernels through a macro whose body names kernel_info_t; once the
    host class that also named it has gone, the macro's use keeps the type (a macro used only by host code does not:
    test_an_angled_project_header_leaves_its_host_side)."""
    (tmp_path / "common.hpp").write_text(
        "#include <map>\n#include <string>\n"
        "struct kernel_info_t { int x_min, x_max; };\n"
        "class Chunk { std::map<std::string, kernel_info_t> kernels; };\n"
        "#define WIDTH_KERNEL(name) __global__ void name(int *out, int n) \\\n"
        "    { kernel_info_t info{n, 2 * n + (int)threadIdx.x}; out[threadIdx.x] = info.x_max - info.x_min; }\n"
        "WIDTH_KERNEL(widths)\n")
    src = '#include "common.hpp"\nint main() { Chunk c; return 0; }\n'
    k = emu.compile(src, "widths", filename=str(tmp_path / "pack.cu"))
    out = np.zeros(32, np.int32)
    emu.run(k, 1, 32, out, np.int32(4))
    assert np.array_equal(out, 4 + np.arange(32))
