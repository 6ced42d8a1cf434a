"""Findings in the learner's terms (issue 12): shared accesses named `sB[3][5]` with the shape
of the source declaration (macros and template arguments evaluated by NVRTC), global accesses
checked against and blamed on the pointer the instruction used (a static def-use pass over
the PTX), counts that say what they count, and the `shared=` hint for an empty
`extern __shared__` array. Every expected name and count is computed here from the launch."""
from __future__ import annotations

import re

from pathlib import Path

import numpy as np
import pytest

import tilelab
from tilelab import toolchain as tc
from tilelab.emu.sanitizer import provenance
from tilelab.emu.machine import parsed
from tilelab.launch import launch

pytestmark = pytest.mark.skipif(not tc.available_nvrtc(), reason="no NVRTC installed")

RACY_BODY = """
    __shared__ float sB[TILE][TILE + PAD];
    int x = threadIdx.x, y = threadIdx.y;
    sB[y][x] = in[y * TILE + x];
    out[y * TILE + x] = sB[x][y];          // no __syncthreads(): thread (x,y) reads what (y,x) wrote
"""
MACRO = "#define TILE {tile}\n#define PAD {pad}\n__global__ void racy(const float* in, float* out)\n{{" + RACY_BODY + "}}\n"
TEMPLATE = ("#define PAD {pad}\ntemplate <int TILE>\n__global__ void racy(const float* in, float* out)\n{{"
            + RACY_BODY + "}}\n")


def _race(kernel, tile, rng):
    a = rng.random(tile * tile, dtype=np.float32)
    r = launch(kernel, (1,), (tile, tile), a, np.zeros_like(a), backend="emu")
    races = [f for f in r.findings if f.kind == "race"]
    assert races, r.findings
    return races[0]


@pytest.mark.parametrize("how", ["define", "template"])
@pytest.mark.parametrize("tile,pad", [(8, 1), (16, 0), (16, 3)])
def test_shared_race_names_the_element(how, tile, pad, rng):
    if how == "define":
        k = tc.compile_cuda(MACRO.format(tile=tile, pad=pad), filename="names.cu").kernel("racy")
    else:
        k = tc.compile_cuda(TEMPLATE.format(pad=pad), filename="names.cu",
                            name_expressions=[f"racy<{tile}>"]).kernel(f"racy<{tile}>")
    f = _race(k, tile, rng)
    x, y, _ = f.thread
    # the reader (x, y) reads sB[x][y]; its byte offset in a [tile][tile + pad] float array
    assert f.address == (x * (tile + pad) + y) * 4
    assert f"`sB[{x}][{y}]`" in f.detail, f.detail
    assert f"offset {f.address}" in f.detail


def test_dynamic_shared_is_named_and_an_empty_one_gets_the_shared_hint(rng):
    src = """__global__ void dyn(const float* in, float* out, int n)
{
    extern __shared__ float buf[];
    int x = threadIdx.x;
    buf[2 * x] = in[x];
    __syncthreads();
    out[x] = buf[2 * x + 1];     // nobody wrote the odd elements
}
"""
    k = tc.compile_cuda(src, filename="dyn.cu").kernel("dyn")
    n = int(rng.integers(8, 32))
    a = rng.random(n, dtype=np.float32)
    r = launch(k, (1,), (n,), a, np.zeros_like(a), n, shared=2 * n * 4, backend="emu")
    (f,) = [f for f in r.findings if f.kind == "uninitialized_read"]
    assert f"`buf[{2 * f.thread[0] + 1}]`" in f.detail, f.detail
    assert f"[{n} such reads on this line, over all threads]" in str(f)
    r = launch(k, (1,), (n,), a, np.zeros_like(a), n, shared=0, backend="emu")
    oob = [f for f in r.findings if f.kind == "out_of_bounds"]
    assert oob and all("shared=" in f.detail and "extern __shared__ float buf[]" in f.detail for f in oob)
    # with a size, but too small: it says which array it ran past, with the launch's shape
    r = launch(k, (1,), (n,), a, np.zeros_like(a), n, shared=n * 4, backend="emu")
    past = [f for f in r.findings if f.kind == "out_of_bounds"]
    assert past and f"past the end of `buf` (float[{n}], {n * 4} bytes)" in past[0].detail


CJK = re.compile(r"[\u4e00-\u9fff]")


def test_names_and_hints_speak_chinese(rng, monkeypatch):
    """Under TILELAB_LANG=zh the element a race touches, the `extern __shared__` hint and the array
    run past are named as in English (the same `sB[x][y]`, offset, sizes), in Chinese sentences."""
    monkeypatch.setenv("TILELAB_LANG", "zh")
    k = tc.compile_cuda(MACRO.format(tile=16, pad=1), filename="names.cu").kernel("racy")
    f = _race(k, 16, rng)
    x, y, _ = f.thread
    assert f"共享内存 `sB[{x}][{y}]`（偏移 {f.address}）上的写后读数据竞争" in f.detail, f.detail
    assert f"`sB[{x}][{y}]` (offset {f.address})" in f.detail.en and f"names.cu:{f.line}，线程 ({x},{y},0)" in str(f)
    src = """__global__ void dyn(const float* in, float* out, int n)
{
    extern __shared__ float buf[];
    out[threadIdx.x] = buf[2 * threadIdx.x + 1] + in[threadIdx.x];
}
"""
    kd = tc.compile_cuda(src, filename="dyn.cu").kernel("dyn")
    n = int(rng.integers(8, 32))
    a = rng.random(n, dtype=np.float32)
    oob = [f for f in launch(kd, (1,), (n,), a, np.zeros_like(a), n, shared=0, backend="emu").findings
           if f.kind == "out_of_bounds"]
    assert oob and all("启动时动态共享内存为 0 字节" in f.detail and "extern __shared__ float buf[]" in f.detail
                       and "shared=NBYTES" in f.detail for f in oob)
    past = [f for f in launch(kd, (1,), (n,), a, np.zeros_like(a), n, shared=n * 4, backend="emu").findings
            if f.kind == "out_of_bounds"]
    assert past
    assert f"（超出了 `buf`（float[{n}]，{n * 4} 字节）的末尾）" in past[0].detail, past[0].detail
    assert past[0].detail.en.startswith("read of 4 bytes at shared offset ") and not CJK.search(past[0].detail.en)
    assert f"past the end of `buf` (float[{n}], {n * 4} bytes)" in past[0].detail.en
    assert not any(CJK.search(f.detail.en) for f in oob)


SHIFT = """__global__ void shifted(const float* in, float* out, int n, int shift)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i + shift];
}
"""


@pytest.mark.parametrize("shift", [2, 100, 1500])   # past the end by little (guard gap) or into `out`
def test_global_out_of_bounds_is_the_pointer_the_line_used(shift, rng):
    k = tc.compile_cuda(SHIFT, filename="shift.cu").kernel("shifted")
    n = int(rng.integers(1000, 1200))
    a = rng.random(n, dtype=np.float32)
    out = np.zeros(n, np.float32)
    r = launch(k, ((n + 127) // 128,), (128,), a, out, n, shift, backend="emu")
    (f,) = r.findings
    assert f.kind == "out_of_bounds" and "of `in`" in f.detail and "`out`" not in f.detail, f.detail
    past = sum(1 for i in range(n) if i + shift >= n)       # every thread that read past the end
    assert f.count == past
    assert f"[{past} such accesses on this line, over all threads]" in str(f)
    first = max(n - shift, 0)              # the first thread past the end reads element first + shift
    assert f"{n} elements: this is index {first + shift}, valid indices are 0–{n - 1}" in f.detail
    np.testing.assert_array_equal(out[:first], a[shift:])     # the in-bounds part ran on


def test_an_address_from_two_pointers_falls_back_to_the_nearest_and_says_so(rng):
    src = """__global__ void either(const float* a, const float* b, float* out, int n, int pick)
{
    int i = threadIdx.x;
    const float* p = pick ? a : b;
    out[i] = p[i + n];
}
"""
    k = tc.compile_cuda(src, filename="either.cu").kernel("either")
    fn = parsed(k.program.ptx).entry(k.entry)
    srcs = provenance.sources(fn)
    loads = [pc for pc, ins in enumerate(fn.instrs) if ins.op == "ld" and "global" in ins.mods]
    params = [p for p, _ in fn.params]
    assert loads and {params[0], params[1]} <= srcs[loads[0]]
    n = 64
    a, b = rng.random((2, n), dtype=np.float32)
    r = launch(k, (1,), (32,), a, b, np.zeros(32, np.float32), n, 1, backend="emu")
    assert r.findings and "nearest buffer" in r.findings[0].detail


def test_static_sources_follow_each_parameter():
    k = tc.compile_cuda(open(str(Path(tilelab.__file__).parent / "kernels" / "vector_add.cu")).read(),
                        filename="vector_add.cu").kernel("vectorAdd")
    fn = parsed(k.program.ptx).entry(k.entry)
    params = [p for p, _ in fn.params]
    srcs = provenance.sources(fn)
    st = [pc for pc, ins in enumerate(fn.instrs) if ins.op == "st" and "global" in ins.mods]
    ld = [pc for pc, ins in enumerate(fn.instrs) if ins.op == "ld" and "global" in ins.mods]
    assert [set(srcs[pc]) & set(params[:3]) for pc in st] == [{params[2]}]     # c
    assert sorted(tuple(set(srcs[pc]) & set(params[:3])) for pc in ld) == [(params[0],), (params[1],)]
    # computed once per function, not per executed instruction
    assert provenance.sources(fn) is srcs


def test_counts_say_what_they_count():
    from tilelab.emu.sanitizer.findings import COUNTED, KINDS, Finding
    from tilelab.messages import msg
    assert set(COUNTED) == set(KINDS)
    for kind in KINDS:
        n = 2 + len(kind)
        text = str(Finding(kind, "k.cu", 3, (0, 0, 0), (0, 0, 0), None, "x", count=n))
        words = msg(f"finding.counted_{kind}")
        assert words != msg("finding.counted_events")
        assert re.search(rf"\[{n} {words} on this line, over all threads\]", text), text
        assert "times]" not in text


def test_cp_async_source_is_checked_against_its_own_pointer(rng):
    src = r"""__global__ void cpin(const float* in, float* out, int shift)
{
    __shared__ __align__(16) float s[128];
    int t = threadIdx.x;
    unsigned sa = static_cast<unsigned>(__cvta_generic_to_shared(&s[4 * t]));
    size_t g = __cvta_generic_to_global(in + 4 * t + shift);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(sa), "l"(g) : "memory");
    asm volatile("cp.async.wait_all;\n" ::: "memory");
    __syncthreads();
    out[t] = s[4 * t];
}
"""
    k = tc.compile_cuda(src, filename="cpin.cu").kernel("cpin")
    a = rng.random(128, dtype=np.float32)
    out = np.zeros(1024, np.float32)               # big: in's overrun lands inside it
    shift = int(rng.integers(150, 400)) * 4
    r = launch(k, (1,), (32,), a, out, shift, backend="emu")
    oob = [f for f in r.findings if f.kind == "out_of_bounds"]
    assert oob and "of `in`" in oob[0].detail, r.findings
    assert oob[0].count == 32                       # every lane's 16 bytes lie past in's 512


def test_same_name_in_two_kernels_takes_each_kernels_own_shape(rng):
    body = RACY_BODY.replace("sB", "tile")
    src = ("#define TILE 16\n"
           "__global__ void plain(const float* in, float* out)\n{\n#define PAD 0\n" + body + "}\n#undef PAD\n"
           "__global__ void padded(const float* in, float* out)\n{\n#define PAD 1\n" + body + "}\n")
    prog = tc.compile_cuda(src, filename="two.cu")
    for name, pad in (("plain", 0), ("padded", 1)):
        f = _race(prog.kernel(name), 16, rng)
        x, y, _ = f.thread
        assert f.address == (x * (16 + pad) + y) * 4
        assert f"`tile[{x}][{y}]`" in f.detail, (name, f.detail)


def test_out_of_bounds_names_the_index_and_the_valid_range_in_chinese(rng, monkeypatch):
    """Index 1000 of a 1000-element array is not "the 1000th" (that reads as the last valid one):
    the finding names the index and the valid indices, in both languages."""
    monkeypatch.setenv("TILELAB_LANG", "zh")
    k = tc.compile_cuda(SHIFT, filename="shift_zh.cu").kernel("shifted")
    n = 1000
    r = launch(k, (8,), (128,), rng.random(n, dtype=np.float32), np.zeros(n, np.float32), n, 2, backend="emu")
    (f,) = r.findings
    assert f"{n} 个元素：访问的是下标 {n} 的元素，有效下标为 0–{n - 1}" in f.detail, f.detail
    assert "这是第" not in f.detail
