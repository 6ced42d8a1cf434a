"""A whole .cu file, host side included, builds as nvcc's device pass would see it (tilelab/toolchain/host_code.py).

NVRTC compiles device code only: a file pasted whole (main, <iostream>, <vector>, a timing helper with POSIX's clock)
stopped at its first host line ("cannot open source file "iostream""). compile_cuda now leaves that side to the CPU,
line for line, on the way to an error only; a device call to a function it left out is nvcc's refusal, named.
"""
from __future__ import annotations

import numpy as np
import pytest

from tilelab import toolchain as tc
from tilelab.errors import CompileError
from tilelab.launch import launch
from tilelab.toolchain import compile_cuda
from tilelab.toolchain.host_code import device_part, host_part

MAJORS = sorted(tc.available_nvrtc())

WHOLE = """#include <iostream>
#include <vector>
#include <cstdio>

double seconds() { return 0.0; }

__global__ void add(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

int main()
{
    std::vector<float> a(16, 1.0f);
    std::cout << "sum " << a[0] << std::endl;
    return 0;
}
"""


@pytest.mark.parametrize("major", MAJORS)
def test_a_whole_file_with_its_host_side_builds_and_runs(major):
    prog = compile_cuda(WHOLE, filename="whole.cu", nvrtc=major)
    k = prog.kernel()
    assert k.name == "add" and k.line == 7
    a, b, c = np.ones(8, np.float32), np.arange(8, dtype=np.float32), np.zeros(8, np.float32)
    launch(k, 1, 8, a, b, c, np.int32(8), backend="emu")
    assert c.tolist() == (a + b).tolist()


def test_a_device_call_to_a_host_function_is_nvccs_refusal():
    src = WHOLE.replace("c[i] = a[i] + b[i];", "c[i] = a[i] + b[i] + seconds();")
    with pytest.raises(CompileError) as e:
        compile_cuda(src, filename="whole.cu")
    text = str(e.value)
    assert text.startswith("whole.cu:10: error: device code calls seconds(), a host function: it is declared at line 5")
    assert "cannot open source file" not in text


def test_lines_stay_so_a_device_error_names_its_own_line():
    src = WHOLE.replace("c[i] = a[i] + b[i];", "c[i] = a[i] + undeclared;")
    with pytest.raises(CompileError) as e:
        compile_cuda(src, filename="whole.cu", first_line=20)
    assert 'whole.cu:29: error: identifier "undeclared" is undefined' in str(e.value)


@pytest.mark.parametrize("major", MAJORS)
def test_a_host_helper_only_the_cpu_can_compile(major):
    """yhtang's util.h shape, in the file itself: a function with no execution space calling POSIX's clock; NVRTC's
    -default-device retry compiled it as device code, where CLOCK_REALTIME does not exist."""
    src = """#include <time.h>
double get_time() {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}
__global__ void fill(int* x) { x[threadIdx.x] = threadIdx.x; }
"""
    prog = compile_cuda(src, filename="util.cu", nvrtc=major)
    assert list(prog.kernels) == ["fill"]


def test_what_the_host_part_keeps():
    src = ("#include <vector>\nstruct S { int f() { return 1; } };\nconstexpr int sq(int v) { return v * v; }\n"
           "__host__ __device__ int both(int v) { return v; }\nnamespace n {\nvoid host() { }\n}\n"
           "void S2::member() { }\ntemplate <typename T> T twice(T v) { return v + v; }\n"
           "__global__ void k(int* p) { p[0] = sq(2); }\n")
    hp = host_part(src)
    assert hp.device.count("\n") == src.count("\n")
    for kept in ("struct S { int f() { return 1; } };", "constexpr int sq", "__host__ __device__ int both",
                 "namespace n {", "__global__ void k"):
        assert kept in hp.device
    assert "<vector>" not in hp.device and "host()" not in hp.device and "member" not in hp.device
    assert "twice" not in hp.device
    assert hp.functions == {"host": 6, "member": 8, "twice": 9}
    assert device_part(src) == (hp.device, hp.removed)


def test_a_file_that_builds_as_it_is_is_left_as_it_is():
    """Only on the way to an error: a cell that builds keeps every line (its host-looking helper included)."""
    src = "int helper(int v) { return v; }\n__global__ void k(int* p) { p[0] = 1; }\n"
    prog = compile_cuda(src, filename="k.cu")
    assert prog.source == src


@pytest.mark.parametrize("major", MAJORS)
def test_a_projects_own_header_with_a_host_side(tmp_path, major):
    """TeaLeaf's shape: the .cu file includes the project's common header (which includes <iostream> and defines a
    host helper) and the .cuknl file with the kernel. NVRTC takes the header in memory with its host side blanked;
    the file on disk is not touched."""
    (tmp_path / "common.hpp").write_text('#include <iostream>\n#include <unistd.h>\n'
                                         'inline void report(const char* s) { std::cout << s << std::endl; }\n'
                                         '#define BLOCK 8\n')
    (tmp_path / "k.cuknl").write_text("__global__ void twice(float* x) { x[threadIdx.x] *= 2.0f * BLOCK / 8; }\n")
    text = (tmp_path / "common.hpp").read_text()
    src = '#include "common.hpp"\n#include "k.cuknl"\n'
    prog = compile_cuda(src, filename=str(tmp_path / "twice.cu"), nvrtc=major)
    assert list(prog.kernels) == ["twice"] and list(prog.headers) == ["common.hpp"]
    assert (tmp_path / "common.hpp").read_text() == text
    x = np.arange(8, dtype=np.float32)
    launch(prog.kernel(), 1, 8, x, backend="emu")
    assert x.tolist() == [2.0 * i for i in range(8)]


@pytest.mark.parametrize("major", MAJORS)
def test_host_side_types_and_prototypes_no_line_names_are_left_out(major):
    """TeaLeaf's class of std::map members, gpu-benches' MeasurementSeries (a std::vector it sorts), a Matrix Market
    reader's FILE* prototype: named by no other line (their users are host functions, left out first), so no device
    code can use them; a struct the kernel names stays."""
    src = ("#include <map>\n#include <vector>\n#include <algorithm>\n"
           "struct Chunk { std::map<int, int> sizes; void run(); };\n"
           "class Series { public: void add(double v) { data.push_back(v); std::sort(data.begin(), data.end()); }\n"
           "  private: std::vector<double> data; };\n"
           "int mm_read_banner(FILE* f, char* code);\n"
           "struct Pair { int a, b; };\n"
           "void Chunk::run() { }\nint main() { Series s; s.add(1.0); }\n"
           "__global__ void k(const Pair* p, int* o) { o[threadIdx.x] = p[threadIdx.x].a + p[threadIdx.x].b; }\n")
    prog = compile_cuda(src, filename="whole.cu", nvrtc=major)
    assert list(prog.kernels) == ["k"] and "struct Pair { int a, b; };" in prog.source
    assert "Series" not in prog.source and "mm_read_banner" not in prog.source and "Chunk" not in prog.source


def test_an_error_left_after_the_host_side_says_what_was_left_out():
    """A host-side class of std::map members that the kernel names is kept (device code may use it): NVRTC's error
    stays, and a note names what was left out and where such a class belongs."""
    src = ("#include <map>\n#include <iostream>\nstruct Chunk { std::map<int, int> sizes; };\n"
           "int main() { std::cout << 1; }\n__global__ void k(int* p) { Chunk* c = nullptr; p[0] = c != nullptr; }\n")
    with pytest.raises(CompileError) as e:
        compile_cuda(src, filename="whole.cu")
    text = str(e.value)
    assert text.startswith("whole.cu:3: error: qualified name is not allowed")
    assert "left this file's host side out (#include <map>, #include <iostream>, main())" in text
    assert "#ifndef __CUDACC_RTC__" in text


@pytest.mark.parametrize("header", ["memory", "vector"])
def test_a_cxx_header_left_to_the_host_leaves_size_t_in_std(header):
    """A C++ library header left to the host side still gives the device pass its <bits/c++config.h> (every libstdc++
    header includes it): std::size_t, std::ptrdiff_t, std::nullptr_t. The optical flow filter's image.h (unseen suite
    232) includes <memory> and declares gpuimage_t's `std::size_t pitch`; NVRTC said 'namespace "std" has no member
    "size_t"' once <memory> was left out. The retry of program.py that gives a source tilelab's <cstddef> first
    (``_STD_CSTDDEF_MISSING``) serves this case too: the left-out header's line stays blank."""
    src = (f"#include <{header}>\ntemplate <typename T> struct image_t {{ int height; int width; std::size_t pitch; T* data; }};\n"
           "__global__ void k(image_t<float> img) {\n"
           "    std::ptrdiff_t d = 2; float* row = (float*)((char*)img.data + threadIdx.y * img.pitch);\n"
           "    if (threadIdx.x < img.width) row[threadIdx.x] = threadIdx.y * 10 + threadIdx.x + d;\n}\n")
    import tilelab as tl
    prog = compile_cuda(src, filename="pitched.cu")
    a = np.zeros((3, 8), np.float32)
    launch(prog.kernel(), 1, (8, 3), tl.Struct([("height", np.int32(3)), ("width", np.int32(5)),
                                                ("pitch", np.uint64(32)), ("data", a)]), backend="emu", echo=False)
    want = np.zeros((3, 8), np.float32)
    want[:, :5] = np.arange(3)[:, None] * 10 + np.arange(5) + 2
    np.testing.assert_array_equal(a, want)
