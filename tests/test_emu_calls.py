"""Device-function calls, printf, assert and grid.sync on the emulator.

References are plain Python: the same recursion written in Python, C printf strings
written out by hand (and Python's own %-formatting, a different implementation from the
emulator's renderer, where C and Python agree), and numpy for the grid.sync kernel.
bench/collection_gpu.py and tests/test_gpu_device.py compare printf with a real GPU."""
from __future__ import annotations

import numpy as np
import pytest

from tilelab.errors import CheckFailed, LaunchTooLarge, UnsupportedInstruction

CALLS_SRC = r"""
struct Pair { float x; int y; double z; };

__device__ __noinline__ float twice(float x, int k) { return x * 2.0f + k; }
__device__ __noinline__ Pair bump(Pair a) { a.x += 1.0f; a.y *= 3; a.z -= 0.5; return a; }
__device__ __noinline__ int collatz(int n, int depth)            // recursive, data-dependent depth
{
    if (n == 1 || depth > 40) return depth;
    return collatz(n % 2 ? 3 * n + 1 : n / 2, depth + 1);
}
__device__ __noinline__ int walk(int n)                           // recursion with a local array
{
    int a[6];
    for (int i = 0; i < 6; i++) a[i] = i * n + 1;
    int r = n > 0 ? walk(n - 1) : 0;                              // a[] must survive the inner call
    return r + a[(n * 5) % 6];
}

__global__ void calls(const float* in, float* out, int* iout)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    Pair p = {in[t], t, 0.25 * t};
    Pair q = bump(p);
    out[2 * t] = twice(in[t], t);
    out[2 * t + 1] = q.x + q.y + (float)q.z;
    iout[2 * t] = collatz(t + 1, 0);
    iout[2 * t + 1] = walk(t % 7);
}
"""


def _collatz(n, depth):
    while not (n == 1 or depth > 40):
        n, depth = (3 * n + 1 if n % 2 else n // 2), depth + 1
    return depth


def _walk(n):
    a = [i * n + 1 for i in range(6)]
    return (_walk(n - 1) if n > 0 else 0) + a[(n * 5) % 6]


def test_noinline_struct_and_recursive_calls(emu, rng):
    k = emu.compile(CALLS_SRC, "calls", filename="calls.cu")
    assert k.ptx.count("call.uni") >= 4 and ".func" in k.ptx          # really not inlined
    n = 96
    x = rng.uniform(-4, 4, n).astype(np.float32)
    out = np.full(2 * n, np.nan, np.float32)
    iout = np.full(2 * n, -1, np.int32)
    r = emu.run(k, 3, 32, x, out, iout)
    assert r.findings == []
    t = np.arange(n)
    np.testing.assert_array_equal(out[0::2], x * np.float32(2) + t.astype(np.float32))
    q = (x + np.float32(1)) + (t * 3).astype(np.float32) + (0.25 * t - 0.5).astype(np.float32)
    np.testing.assert_array_equal(out[1::2], q.astype(np.float32))
    np.testing.assert_array_equal(iout[0::2], [_collatz(i + 1, 0) for i in t])
    np.testing.assert_array_equal(iout[1::2], [_walk(i % 7) for i in t])


RUNAWAY_SRC = r"""
__device__ __noinline__ int down(int n) { return n == 0 ? 0 : (down(n - 1) ^ 5) + 1; }
__global__ void runaway(const int* depth, int* out)
{
    out[threadIdx.x] = down(depth[threadIdx.x]);
}
"""


def test_recursion_depth_limit_is_a_finding(emu):
    from tilelab.emu.calls import MAX_CALL_DEPTH
    k = emu.compile(RUNAWAY_SRC, "runaway", filename="runaway.cu")
    depth = np.arange(32, dtype=np.int32) * 3                        # lanes 22.. go too deep
    out = np.full(32, -1, np.int32)
    r = emu.run(k, 1, 32, depth, out)
    deep = depth >= MAX_CALL_DEPTH
    assert [f.kind for f in r.findings] == ["call_depth"]
    f = r.findings[0]
    assert f.line == 2 and f.count == deep.sum() and f.thread == (int(np.argmax(deep)), 0, 0)
    assert str(MAX_CALL_DEPTH) in f.detail and "recursion" in f.detail
    def down(n):
        return 0 if n == 0 else (down(n - 1) ^ 5) + 1
    np.testing.assert_array_equal(out[~deep], [down(int(d)) for d in depth[~deep]])   # the others finish
    np.testing.assert_array_equal(out[deep], -1)


def test_function_pointer_call_runs_each_lanes_function(emu, rng):
    src = r"""
__device__ __noinline__ int inc(int x) { return x + 1; }
__device__ __noinline__ int dbl(int x) { return 2 * x; }
__global__ void fp(const int* sel, int* out)
{
    int (*f)(int) = sel[threadIdx.x] ? inc : dbl;
    out[threadIdx.x] = f(threadIdx.x);
}
"""
    k = emu.compile(src, "fp", filename="fp.cu")
    if "prototype" not in k.ptx:
        pytest.skip("NVRTC resolved the pointer statically")
    sel = rng.integers(0, 2, 32).astype(np.int32)
    out = np.zeros(32, np.int32)
    r = emu.run(k, 1, 32, sel, out)                  # calls through a pointer (emu/calls.py)
    assert r.findings == []
    t = np.arange(32)
    np.testing.assert_array_equal(out, np.where(sel != 0, t + 1, 2 * t))


HEAP_SRC = r"""
__global__ void heap(unsigned long long* where, int* sums, int n, int overrun, int twice, int after)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int* p = (int*)malloc(n * sizeof(int));
    where[t] = (unsigned long long)p;
    if (p == 0) return;
    for (int i = 0; i < n; i++) p[i] = 10 * t + i;
    int s = 0;
    for (int i = 0; i < n; i++) s += p[i];
    sums[t] = s;
    if (t == overrun) p[n] = 1;
    free(p);
    if (t == twice) free(p);
    if (t == after) sums[t] = p[0];
}
"""


def _heap(emu, n, overrun=-1, twice=-1, after=-1):
    k = emu.compile(HEAP_SRC, "heap", filename="heap.cu")
    where, sums = np.zeros(64, np.uint64), np.full(64, -1, np.int32)
    r = emu.run(k, 2, 32, where, sums, np.int32(n), np.int32(overrun), np.int32(twice), np.int32(after))
    return r, where, sums


def test_device_malloc_gives_each_thread_a_block_of_its_own(emu):
    """emu/heap.py: every thread's block is its own (the sums see no other thread's writes), 16-byte aligned."""
    r, where, sums = _heap(emu, 5)
    assert r.findings == []
    t = np.arange(64)
    np.testing.assert_array_equal(sums, 50 * t + 10)
    assert len(set(where.tolist())) == 64 and (where % 16 == 0).all() and (where != 0).all()


def test_device_malloc_past_the_heap_returns_null(emu):
    """More than cudaLimitMallocHeapSize's default 8 MiB: NULL, as on a GPU; the kernel's check sees it."""
    src = r"""
__global__ void big(unsigned long long* where, unsigned long long n)
{
    char* p = (char*)malloc(n);
    where[threadIdx.x] = (unsigned long long)p;
    if (p) p[n - 1] = 1;
}
"""
    k = emu.compile(src, "big", filename="big.cu")
    where = np.zeros(32, np.uint64)
    r = emu.run(k, 1, 32, where, np.uint64((1 << 20) - 64))      # 8 fit in 8 MiB, with their alignment gaps
    assert r.findings == []
    assert (where[:8] != 0).all() and (where[8:] == 0).all(), where


@pytest.mark.parametrize("case, words", [
    ({"overrun": 37}, ["heap.cu:12", "malloc(12) of thread (5,0,0) in block (1,0,0)", "index 3"]),
    ({"twice": 3}, ["heap.cu:14", "free() of 0x", "freed already"]),
    ({"after": 9}, ["heap.cu:15", "malloc(12) of thread (9,0,0) in block (0,0,0) (freed)"]),
])
def test_device_heap_misuse_is_named_at_its_line(emu, case, words):
    """A write past a block, a second free, a read after free: each a finding at the learner's line
    naming the thread whose malloc made the block."""
    r, _, _ = _heap(emu, 3, **case)
    assert [f.kind for f in r.findings] == ["out_of_bounds"]
    text = str(r.findings[0])
    assert all(w in text for w in words), text


# ------------------------------------------------------------------ printf
PRINTF_SRC = r"""
__global__ void show(const int* iv, const float* fv, const char* text)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int i = iv[t];
    float f = fv[t];
    printf("[%d] d=%d i=%5i u=%u x=%x X=%08X o=%o |%-6d|%+d|% d|\n", t, i, i, (unsigned)i, i, i, i & 0777, i, i, i);
    printf("[%d] f=%f %.2f %10.3f %-10.1f| e=%e %.3E g=%g %G\n", t, f, f, f, f, f, (double)f, f, f * 1e-7f);
    printf("[%d] ld=%ld lld=%lld llu=%llu lx=%lx c=%c s=%s %.2s %5s %%\n", t, (long)i * 100000,
           (long long)i * 10000000000LL, (unsigned long long)i * 3, (long)i << 20, 'A' + (t % 26), "str", "abc",
           t % 2 ? "odd" : "even");
    printf("[%d] *w=%*d *p=%.*f\n", t, 6, i, 2, f);
}
"""


def _c_lines(t, i, f):
    """What the GPU prints for PRINTF_SRC: C's printf (Python's % agrees with C on these conversions),
    except a "*" precision, which device printf leaves as text."""
    u = i & 0xFFFFFFFF
    d = float(np.float32(f))
    g = float(np.float32(f) * np.float32(1e-7))
    return [
        f"[{t}] d={i} i={i:5d} u={u} x={u:x} X={u:08X} o={i & 0o777:o} |{i:<6d}|{i:+d}|{i: d}|",
        f"[{t}] f={d:f} {d:.2f} {d:10.3f} {d:<10.1f}| e={d:e} {d:.3E} g={'%g' % d} {'%G' % g}",
        f"[{t}] ld={i * 100000} lld={i * 10000000000} llu={(i * 3) & 0xFFFFFFFFFFFFFFFF} lx={((i << 20) & 0xFFFFFFFFFFFFFFFF):x} "
        f"c={chr(65 + t % 26)} s=str ab {'odd' if t % 2 else 'even':>5s} %",
        f"[{t}] *w={i:6d} *p=%.*f",     # the GPU's printf prints "%.*f" as text (seen on an H200), as the emulator does
    ]


def test_printf_formats_like_c(emu, rng):
    k = emu.compile(PRINTF_SRC, "show", filename="show.cu")
    n = 40
    iv = rng.integers(-3000, 3000, n).astype(np.int32)
    iv[:2] = [0, -1]
    fv = rng.uniform(-1e4, 1e4, n).astype(np.float32)
    r = emu.run(k, 1, n, iv, fv, np.zeros(4, np.int8), echo=False)
    assert r.findings == []
    # one warp: all of its lanes' first printf, then their second, ... (block, warp, lane order)
    want = []
    for w in range(2):
        lanes = range(32 * w, min(n, 32 * w + 32))
        per = [_c_lines(t, int(iv[t]), float(fv[t])) for t in lanes]
        for j in range(4):
            want += [p[j] for p in per]
    assert r.printed == want


def test_printf_order_is_block_warp_lane_and_capped(emu):
    src = r"""
__global__ void many(int reps)
{
    for (int k = 0; k < reps; k++)
        if ((threadIdx.x + k) % 3 == 0)           // divergent: lanes print at different times
            printf("b%d t%d k%d\n", blockIdx.x, threadIdx.x, k);
}
"""
    from tilelab.emu.devio import PRINTF_LINES
    k = emu.compile(src, "many", filename="many.cu")
    r = emu.run(k, 3, 64, 2, echo=False)
    rows = [(b, t // 32, kk, t) for b in range(3) for t in range(64) for kk in range(2) if (t + kk) % 3 == 0]
    want = [f"b{b} t{t} k{kk}" for b, w, kk, t in sorted(rows)]       # per warp: iteration k, then lane
    assert r.printed == want
    r = emu.run(k, 8, 256, 4, echo=False)                               # 2732 lines: capped
    total = sum(1 for t in range(256) for kk in range(4) if (t + kk) % 3 == 0) * 8
    assert len(r.printed) == PRINTF_LINES + 1
    assert r.printed[-1].startswith(f"… {total - PRINTF_LINES} more lines")
    assert r.printed[0] == "b0 t0 k0"


def test_printf_calls_without_a_newline_share_a_line(emu):
    """printf's output is one stream, as the GPU's buffer: `printf("%2d ", tid)` a thread and then one
    "\\n" make one line. CUDA-Programming's warp.cu (the ninth unseen suite) prints its lines so; the
    emulator gave one line a call (bench/results/collection-gpu-2026-12-02-unseen31.json has the H200's)."""
    src = r"""
__global__ void row()
{
    if (threadIdx.x == 0) printf("tid: ");
    printf("%2d ", threadIdx.x);
    if (threadIdx.x == 0) printf("\n");
    if (threadIdx.x == 0) printf("done\n");
    if (threadIdx.x == 1) printf("open");
}
"""
    k = emu.compile(src, "row", filename="row.cu")
    r = emu.run(k, 1, 16, echo=False)
    assert r.printed == ["tid: " + "".join(f"{t:2d} " for t in range(16)), "done", "open"]


def test_launch_prints_the_output(emu, capsys):
    src = r"""
__global__ void hi(int* x) { if (threadIdx.x < 2) printf("hi from %d\n", threadIdx.x); x[threadIdx.x] = 1; }
"""
    k = emu.compile(src, "hi", filename="hi.cu")
    emu.run(k, 1, 32, np.zeros(32, np.int32))
    assert capsys.readouterr().out == "hi from 0\nhi from 1\n"


# ------------------------------------------------------------------ assert and trap
ASSERT_SRC = r"""
#include <assert.h>
__global__ void vadd(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        assert(a[i] < 0.9f);
        c[i] = a[i] + b[i];
    }
}
"""


def test_assert_is_a_finding_with_line_thread_block(emu):
    k = emu.compile(ASSERT_SRC.replace("#include <assert.h>\n", ""), "vadd", filename="va.cu")
    a = np.linspace(0, 1, 100, dtype=np.float32)        # a >= 0.9 from index 90 on
    b = np.ones(100, np.float32)
    c = np.full(100, np.nan, np.float32)
    r = emu.run(k, 4, 32, a, b, c, 100)
    assert [f.kind for f in r.findings] == ["assert"]
    f = r.findings[0]
    first = int(np.argmax(a >= 0.9))
    assert f.line == 6 and f.count == int((a >= 0.9).sum())
    assert (f.thread, f.block) == ((first % 32, 0, 0), (first // 32, 0, 0))
    assert "a[i] < 0.9f" in f.detail and "va.cu:6" in str(f)
    np.testing.assert_array_equal(c[:first], a[:first] + 1)          # threads that passed go on
    assert np.isnan(c[first:]).all()                                  # stopped threads write nothing


def test_ndebug_defined_before_cassert_turns_asserts_off_as_under_nvcc(emu):
    """CMS Patatrack's cuda_assert.h defines NDEBUG on the device (unless GPU_DEBUG) and then includes <cassert>:
    a C library's <assert.h> defines assert anew at each inclusion, so nvcc compiles those asserts out. NVRTC's own
    assert follows NDEBUG only as the program starts, and tilelab's <cassert> added nothing: the asserts stayed (and
    findClus's assert, reading the histogram's last counter as another thread's scan writes it, raced). Including it
    again after #undef NDEBUG brings them back, as there."""
    off = "#define NDEBUG\n#include <cassert>\n" + ASSERT_SRC.replace("#include <assert.h>\n", "")
    a = np.linspace(0, 1, 100, dtype=np.float32)        # a >= 0.9 from index 90 on
    b = np.ones(100, np.float32)
    c = np.full(100, np.nan, np.float32)
    r = emu.run(emu.compile(off, "vadd", filename="va.cu"), 4, 32, a, b, c, 100)
    assert r.findings == [] and (c == a + 1).all()
    on = "#define NDEBUG\n#include <cassert>\n#undef NDEBUG\n" + ASSERT_SRC
    r = emu.run(emu.compile(on, "vadd", filename="va.cu"), 4, 32, a, b, c, 100)
    assert [f.kind for f in r.findings] == ["assert"]


def test_fired_assert_fails_tl_check(emu):
    from tilelab.check import check
    k = emu.compile(ASSERT_SRC.replace("#include <assert.h>\n", "").replace("a[i] < 0.9f", "i < 20"),
                    "vadd", filename="va.cu")
    with pytest.raises(CheckFailed) as ei:
        check(k, "vector_add", sizes=[33], seeds=(0,), backend="emu", quiet=True)
    assert "assert" in str(ei.value)


def test_trap_is_a_finding(emu):
    src = r"""
__global__ void tr(int* x)
{
    if (threadIdx.x == 5) __trap();
    x[threadIdx.x] = 1;
}
"""
    k = emu.compile(src, "tr", filename="tr.cu")
    x = np.zeros(32, np.int32)
    r = emu.run(k, 1, 32, x)
    assert [(f.kind, f.line, f.thread) for f in r.findings] == [("trap", 4, (5, 0, 0))]
    assert x[5] == 0 and (np.delete(x, 5) == 1).all()


# ------------------------------------------------------------------ grid.sync
GRID_SRC = r"""
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void twoPhase(const float* in, float* partial, float* out, int n)
{
    cg::grid_group grid = cg::this_grid();
    int t = grid.thread_rank();
    partial[t] = in[t] * 2.0f;
    grid.sync();                                         // every block's partial[] is written
    out[t] = partial[(t + 37) % n] + partial[n - 1 - t];
    grid.sync();
    partial[t] = -1.0f;
}
"""


def test_grid_sync(emu, rng):
    k = emu.compile(GRID_SRC, "twoPhase", filename="grid.cu")
    n = 256
    x = rng.standard_normal(n).astype(np.float32)
    partial = np.zeros(n, np.float32)
    out = np.full(n, np.nan, np.float32)
    r = emu.run(k, 8, 32, x, partial, out, n)
    assert r.findings == []
    p = x * np.float32(2)
    t = np.arange(n)
    np.testing.assert_array_equal(out, p[(t + 37) % n] + p[n - 1 - t])
    assert (partial == -1).all()


def test_grid_sync_too_big_is_refused_by_name(emu):
    k = emu.compile(GRID_SRC, "twoPhase", filename="grid.cu")
    n = 1 << 18
    with pytest.raises(LaunchTooLarge, match=r"grid\.sync\(\)"):
        emu.run(k, n // 256, 256, np.zeros(n, np.float32), np.zeros(n, np.float32), np.zeros(n, np.float32), n)


@pytest.mark.parametrize("fmt,vals,want", [
    ("%#o|%#x|%#X|%o", [8, 255, 255, 0], "010|0xff|0XFF|0"),
    ("%5c|%-3c|", [ord("a"), ord("b")], "    a|b  |"),
    ("%p %p", [0x1234abcd, 0], "0x1234abcd (nil)"),
    ("%s|%.3s|%6s", [1, 1, 0], "str|str|(null)"),
    ("%hhd %hd %hhu", [300, 70000, -1], "44 4464 255"),
    ("%05d|%-5d|%+.3d|% 5d", [-42, 42, 7, 9], "-0042|42   |+007|    9"),
    ("%.0f %.1e %g %G %e", [2.5, 12345.678, 1e-5, 1e20, float("inf")], "2 1.2e+04 1e-05 1E+20 inf"),
    ("100%%", [], "100%"),
])
def test_printf_renderer_matches_c(fmt, vals, want):
    # C's printf on these conversions (glibc's output, written out by hand): the corners
    # where Python's %-formatting differs from C (%#o, %c width, %p, %hh) are handled
    from tilelab.emu.devio import parse_format, render
    assert render(parse_format(fmt), vals, lambda p: "str") == want


def test_printf_costs_what_the_drivers_vprintf_costs_in_sass_counts(emu):
    """counts="sass" adds the driver's vprintf (emu/counters/vprintf_cost.py, measured on the H200) per warp
    that calls it, on the printf's line, with the reason; counts="ptx" has none of it."""
    from tilelab.emu.counters import vprintf_cost as vc
    from tilelab.emu.machine import run
    src = r"""
__global__ void tell(const int* pick, const int* on)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (on[t])
        printf("%s=%d\n", pick[t] == 0 ? "x" : pick[t] == 1 ? "yyyy" : "zzzzzzzzzzzz", t);
}
"""
    k = emu.compile(src, "tell", filename="tell.cu")
    line = next(i + 1 for i, s in enumerate(src.splitlines()) if "printf" in s)
    rng = np.random.default_rng(7)
    words = ["x", "yyyy", "zzzzzzzzzzzz"]
    for trial in range(3):
        pick = rng.integers(0, 3, 128).astype(np.int32)
        on = (rng.random(128) < 0.3).astype(np.int32)
        on[33] = 0 if trial else 1
        sass = run(k, 2, 64, [pick, on], counts="sass")
        ptx = run(k, 2, 64, [pick, on], counts="ptx")
        want = dict.fromkeys(("global_ld_requests", "global_st_requests", "global_st_sectors",
                              "shared_ld_requests", "shared_atom_wavefronts"), 0)
        for w in range(4):                                   # 2 blocks of 2 warps
            lanes = [t for t in range(32 * w, 32 * w + 32) if on[t]]
            if not lanes:
                continue
            strings = len("%s=%d\n") + 1 + max(len(words[pick[t]]) + 1 for t in lanes)
            want["global_ld_requests"] += 2 + 3 * strings
            spread = max(len(words[pick[t]]) for t in lanes) - min(len(words[pick[t]]) for t in lanes)
            want["global_st_requests"] += 222 - 7 * 2 + spread     # lanes' strings of other lengths: more requests
            want["global_st_sectors"] += (222 - 7 * 2) * len(lanes)
            want["shared_ld_requests"] += 12
            want["shared_atom_wavefronts"] += 5
        assert want["global_ld_requests"] > 0
        for key, n in want.items():
            assert sass.metrics[key] - ptx.metrics[key] == n, key
        assert ptx.metrics["global_st_requests"] == 0           # the kernel itself stores nothing
        row = next(r for r in sass.per_line if r["line"] == line)
        assert "vprintf" in row.get("why", "") and vc.DRIVER in row["why"]
        assert row["ptx"]["global_st_requests"] == 0
