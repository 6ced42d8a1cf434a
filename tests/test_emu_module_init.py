"""Module variables whose initialisers hold addresses (emu/modvars.py): string tables, pointer
tables into __device__ and __constant__ arrays (with offsets), tables of pointers to pointers,
packed structs (PTX's mask() bytes), clear errors for what the emulator cannot give one
(a null function pointer, a kernel's address), and dispatch tables and virtual calls, whose
lanes call different functions and reconverge after. References are plain Python / numpy."""
from __future__ import annotations

import numpy as np
import pytest

from tilelab.emu import modvars
from tilelab.emu.ptx import parse
from tilelab.errors import EmulatorError, LaunchError

WORDS = ["alpha", "be", "", "delta with spaces", "e%d"]

STRINGS_SRC = r"""
#include <cstdio>
__device__ const char* const kWords[5] = {"alpha", "be", "", "delta with spaces", "e%d"};
__device__ const char* lonely = "only through a pointer";

__global__ void sayWords(const int* pick)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    printf("%d:%s|%s\n", t, kWords[pick[t] % 5], t == 0 ? lonely : "-");
}
"""


def test_string_table_printed_per_lane(emu, rng):
    k = emu.compile(STRINGS_SRC, "sayWords", filename="words.cu")
    assert "generic($str" in k.program.ptx                  # the case: addresses in an initialiser
    n = 70
    pick = rng.integers(0, 1000, n).astype(np.int32)
    r = emu.run(k, 2, n // 2, pick, echo=False)
    assert r.findings == []
    want = [f"{t}:{WORDS[pick[t] % 5]}|{'only through a pointer' if t == 0 else '-'}" for t in range(n)]
    assert r.printed == want
    # a symbols= typo lists the variables by their names, not the literals ($str, ...) they point to
    with pytest.raises(LaunchError, match=r"'kWord'.*\(module variables: kWords, lonely\)"):
        emu.run(k, 2, n // 2, pick, symbols={"kWord": np.zeros(5, np.uint64)})


def test_reading_past_a_table_string_names_the_literal(emu):
    src = r"""
__device__ const char* const kPair[2] = {"ab", "cdefgh"};
__global__ void pastTheEnd(char* out, int j) { out[threadIdx.x] = kPair[threadIdx.x & 1][j]; }
"""
    k = emu.compile(src, "pastTheEnd", filename="past.cu")
    out = np.zeros(2, np.int8)
    r = emu.run(k, 1, 2, out, 4)
    assert out[1] == ord("g")
    assert [f.kind for f in r.findings] == ["out_of_bounds"]
    assert '`"ab"` (3 bytes' in r.findings[0].detail and "1 bytes past its end" in r.findings[0].detail


TABLE_SRC = r"""
struct Named { int id; float* data; const char* name; };
struct __attribute__((packed)) Packed { char tag; float* where; };

__device__ float table[16];
__device__ float* ptrs[4] = {table, &table[3], table + 9, &table[15] - 2};
__device__ float** pptrs[2] = {&ptrs[2], ptrs};                // a table of pointers to pointers
__device__ Named named[2] = {{7, &table[1], "one"}, {9, &table[6], "six"}};
__device__ Packed packed[2] = {{'a', &table[4]}, {'b', &table[11]}};   // mask() bytes in the PTX

__global__ void throughTables(const int* which, const float* x, float* out)
{
    int t = threadIdx.x;
    int w = which[t];
    table[t] = x[t];                                  // the table itself, by name
    __syncthreads();
    float got = ptrs[w & 3][w >> 2 & 1]               // read through the pointer table
              + pptrs[w & 1][0][1]                    // and through a pointer to a pointer
              + named[w & 1].data[0] * named[w & 1].id
              + packed[w & 1].where[0] + packed[w & 1].tag + named[w & 1].name[1];
    __syncthreads();
    if (t < 4)
        ptrs[t][0] = got;                             // write through it
    out[t] = got;
}
"""


def test_pointer_table_read_and_written(emu, rng):
    k = emu.compile(TABLE_SRC, "throughTables", filename="tables.cu")
    assert "0xFF00(generic(table)" in k.program.ptx.replace("0XFF", "0xFF")
    n = 16
    which = rng.integers(0, 64, n).astype(np.int32)
    x = rng.standard_normal(n).astype(np.float32)
    out = np.full(n, np.nan, np.float32)
    r = emu.run(k, 1, n, which, x, out)
    starts = [0, 3, 9, 13]                            # ptrs[] as element offsets into table
    w = which
    named = [(7, 1, "one"), (9, 6, "six")]
    packed = [(ord("a"), 4), (ord("b"), 11)]
    want = np.zeros(n, np.float64)
    for t in range(n):
        i, j = w[t] & 3, w[t] >> 2 & 1
        pp = [2, 0][w[t] & 1]
        nid, noff, nname = named[w[t] & 1]
        tag, poff = packed[w[t] & 1]
        want[t] = (np.float32(x[starts[i] + j]) + np.float32(x[starts[pp] + 1])
                   + np.float32(x[noff]) * np.float32(nid) + np.float32(x[poff]) + np.float32(tag)
                   + np.float32(ord(nname[1])))
    np.testing.assert_allclose(out, want.astype(np.float32), rtol=1e-5, atol=1e-5)
    # the kernel leaves `table` changed, but every thread writes its entry before the barrier and every
    # read of it comes after: no launch reads what the last one left, so nothing to report (devicestate.py)
    assert r.findings == []


CONST_SRC = r"""
__constant__ float cvals[6] = {1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f};
__constant__ const float* const cptrs[3] = {cvals, &cvals[2], cvals + 5};
__constant__ float* nowhere = nullptr;

__global__ void constTable(const int* which, float* out)
{
    int t = threadIdx.x;
    out[t] = cptrs[which[t] % 3][0] + (nowhere == nullptr ? 100.0f : 0.0f);
}
"""


def test_constant_pointer_table_and_symbols_from_the_host(emu, rng):
    k = emu.compile(CONST_SRC, "constTable", filename="ctab.cu")
    which = rng.integers(0, 30, 32).astype(np.int32)
    out = np.full(32, np.nan, np.float32)
    r = emu.run(k, 1, 32, which, out)
    assert r.findings == []
    cvals = np.float32([1.5, 2.5, 3.5, 4.5, 5.5, 6.5])
    np.testing.assert_array_equal(out, cvals[np.array([0, 2, 5])[which % 3]] + np.float32(100))
    # the host sets cvals (which the kernel names only through cptrs): the table sees it
    host = rng.standard_normal(6).astype(np.float32)
    emu.run(k, 1, 32, which, out, symbols={"cvals": host})
    np.testing.assert_array_equal(out, host[np.array([0, 2, 5])[which % 3]] + np.float32(100))
    with pytest.raises(LaunchError, match=r"'cval'.*\(module variables: cvals, cptrs, nowhere\)"):
        emu.run(k, 1, 32, which, out, symbols={"cval": host})


PARA_SRC = """
struct Params { float dt; int n; };
__constant__ Params para;
__global__ void usesPara(float *x) { x[threadIdx.x] *= para.dt; }
__global__ void skipsPara(float *x) { x[threadIdx.x] += 1.0f; }
"""


def test_symbols_may_set_a_module_variable_the_kernel_does_not_read(emu):
    """SPH_3D_CUDA sets `__constant__ Parameters para` once, then runs a step of kernels, one of which
    (cudaReorderDataAndFindCellStart) never reads it: the GPU takes `symbols=` for any variable of the module,
    and so does the emulator (it changes nothing in that launch); a name the module lacks, or a value larger than
    the variable, is still refused (the twenty-seventh unseen suite)."""
    para = np.array([0.5], np.float32).view(np.int32).tolist() + [7]
    para = np.array(para, np.int32)
    x = np.ones(32, np.float32)
    emu.run(emu.compile(PARA_SRC, "usesPara"), 1, 32, x, symbols={"para": para}, echo=False)
    np.testing.assert_array_equal(x, 0.5)
    skips = emu.compile(PARA_SRC, "skipsPara")
    emu.run(skips, 1, 32, x, symbols={"para": para}, echo=False)
    np.testing.assert_array_equal(x, 1.5)
    with pytest.raises(LaunchError, match=r"no __constant__/__device__ variable named 'parb'"):
        emu.run(skips, 1, 32, x, symbols={"parb": para}, echo=False)
    with pytest.raises(LaunchError, match=r"symbols\['para'\] is larger than the variable \(8 bytes\)"):
        emu.run(skips, 1, 32, x, symbols={"para": np.zeros(3, np.int32)}, echo=False)


FUNC_SRC = r"""
#include <cstdio>
typedef int (*Op)(int, int);
__device__ int add(int a, int b) { return a + b; }
__device__ int sub(int a, int b) { return a - b; }
__device__ int fact(int n, int unused);
__constant__ Op cops[3] = {add, sub, fact};                  // a dispatch table in __constant__
__device__ Op dops[2] = {sub, add};                          // and one in __device__ memory
__device__ int fact(int n, int unused) { return n <= 1 ? 1 : n * cops[2](n - 1, unused); }
__device__ __noinline__ int apply(Op f, int a, int b) { return f(a, b); }

__global__ void dispatch(const int* a, const int* pick, int* out)
{
    int t = threadIdx.x;
    Op local = (t & 4) ? add : sub;                          // function addresses in code
    out[t] = apply(cops[pick[t] % 3], a[t], 3) + 1000 * dops[t & 1](local(t, 1), 2);
}

struct Shape { __device__ virtual int sides() const = 0; __device__ virtual const char* name() const { return "shape"; } };
struct Square : Shape { __device__ int sides() const override { return 4; }
                        __device__ const char* name() const override { return "square"; } };
struct Triangle : Shape { __device__ int sides() const override { return 3; } };

__global__ void virtuals(int* out)
{
    Square sq;
    Triangle tr;
    const Shape* s = (threadIdx.x % 3 == 0) ? (const Shape*)&sq : (const Shape*)&tr;
    out[threadIdx.x] = s->sides();                           // a virtual call: through the vtable
    printf("%d %s\n", threadIdx.x, s->name());
}
"""

BAD_FUNC_SRC = r"""
typedef int (*Op)(int, int);
__device__ int add(int a, int b) { return a + b; }
__device__ Op nothing = nullptr;
__global__ void callNull(int* out) { out[threadIdx.x] = (threadIdx.x > 5 ? nothing : add)(1, 2); }

__global__ void child(int* out) { out[0] = 1; }
__device__ void (*launcher)(int*) = child;
__global__ void parent(int* out) { out[threadIdx.x] = launcher != nullptr; }
"""


def _fact(n):
    return 1 if n <= 1 else n * _fact(n - 1)


def test_dispatch_tables_call_each_lanes_function(emu, rng):
    k = emu.compile(FUNC_SRC, "dispatch", filename="ops.cu")
    assert "cops[3] = {_Z3addii, _Z3subii, _Z4factii}" in k.program.ptx
    n = 40
    a = rng.integers(-50, 9, n).astype(np.int32)
    pick = rng.integers(0, 99, n).astype(np.int32)
    out = np.zeros(n, np.int32)
    r = emu.run(k, 1, n, a, pick, out)
    assert r.findings == []
    want = []
    for t in range(n):
        first = [a[t] + 3, a[t] - 3, _fact(int(a[t]))][pick[t] % 3]
        loc = t + 1 if t & 4 else t - 1
        want.append(first + 1000 * (loc - 2 if t % 2 == 0 else loc + 2))
    np.testing.assert_array_equal(out, np.array(want, np.int64).astype(np.int32))


def test_virtual_calls_and_the_warp_reconverging_after_them(emu):
    k = emu.compile(FUNC_SRC, "virtuals", filename="ops.cu")
    out = np.zeros(40, np.int32)
    r = emu.run(k, 1, 40, out, echo=False)
    assert r.findings == []
    np.testing.assert_array_equal(out, np.where(np.arange(40) % 3 == 0, 4, 3))
    # the lanes that called Square::name and those that called Shape::name print together,
    # in lane order, one warp after the other (as a warp that reconverged after the call)
    assert r.printed == [f"{t} {'square' if t % 3 == 0 else 'shape'}" for t in range(40)]


def test_bad_function_pointers_are_clear_errors(emu):
    k = emu.compile(BAD_FUNC_SRC, "callNull", filename="bad.cu")
    with pytest.raises(EmulatorError) as e:
        emu.run(k, 1, 8, np.zeros(8, np.int32))
    text = str(e.value)
    assert "2 thread(s), first thread (6,0,0) block (0,0,0)" in text and "holds 0x0" in text
    assert f"bad.cu:{emu.line_of(BAD_FUNC_SRC, 'callNull')}" in text
    # a kernel's address (dynamic parallelism): refused, naming the variable and its line
    k = emu.compile(BAD_FUNC_SRC, "parent", filename="bad.cu")
    with pytest.raises(EmulatorError) as e:
        emu.run(k, 1, 8, np.zeros(8, np.int32))
    text = str(e.value)
    assert "`launcher`" in text and f"bad.cu:{emu.line_of(BAD_FUNC_SRC, '(*launcher)')}" in text
    assert "the kernel `child`" in text and "dynamic parallelism" in text


HALVES_SRC = """\
__device__ int hidden[8];
__device__ int* const halves[2] = {hidden, &hidden[4]};
__global__ void scatterHalves(const int* v) { halves[threadIdx.x & 1][threadIdx.x >> 1] OP v[threadIdx.x]; }
"""


def test_a_variable_updated_only_through_a_table_is_reported_at_its_declaration(emu, rng):
    # read-modify-write through the pointer table: the launch reads what the last one left, and the
    # kernel never names `hidden`, so the finding goes to its declaration (line 1)
    k = emu.compile(HALVES_SRC.replace("OP", "+="), "scatterHalves", filename="halves.cu")
    v = rng.integers(1, 100, 8).astype(np.int32)
    r = emu.run(k, 1, 8, v)
    assert [(f.kind, f.file, f.line) for f in r.findings] == [("device_state", "halves.cu", 1)]
    assert "`hidden`" in r.findings[0].detail


def test_a_variable_only_written_is_not_reported(emu, rng):
    # every launch overwrites what it wrote and reads none of it (The CUDA Handbook's tempHist)
    k = emu.compile(HALVES_SRC.replace("OP", "="), "scatterHalves", filename="halves.cu")
    r = emu.run(k, 1, 8, rng.integers(1, 100, 8).astype(np.int32))
    assert r.findings == []


STATE_SRC = r"""
__device__ float last;                 // the value the previous launch left
__device__ unsigned int launches;
__device__ unsigned int arrived;
__device__ float partial[4];

__global__ void carry(const float* v, float* out)
{
    out[threadIdx.x] = last + v[threadIdx.x];    // read first
    __syncthreads();
    if (threadIdx.x == 0)
        last = v[0];                             // then changed
}

__global__ void countLaunches(float* out)
{
    if (threadIdx.x == 0)
        atomicAdd(&launches, 1);                 // its old value unused: still a read
    out[threadIdx.x] = 1.0f;
}

// a single-pass sum: each block's partial to `partial`, the last block to arrive adds them
__global__ void sumOnce(const float* x, float* out, int reset)
{
    __shared__ float s[64];
    __shared__ bool lastBlock;
    int t = threadIdx.x;
    s[t] = x[blockIdx.x * 64 + t];
    __syncthreads();
    for (int k = 32; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        lastBlock = atomicAdd(&arrived, 1) == gridDim.x - 1;
    }
    __syncthreads();
    if (lastBlock && t == 0) {
        float a = 0.0f;
        for (int b = 0; b < gridDim.x; b++)
            a += partial[b];
        out[0] = a;
        if (reset)
            arrived = 0;
    }
}

// block 0 writes `slot`, block 1 reads it, nothing orders the two
__global__ void handOver(float* out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        last = 2.0f;
    if (blockIdx.x == 1 && threadIdx.x == 0)
        out[0] = last;
}
"""


def test_a_variable_read_then_changed_is_reported(emu, rng):
    k = emu.compile(STATE_SRC, "carry", filename="state.cu")
    v = rng.standard_normal(32).astype(np.float32)
    out = np.zeros(32, np.float32)
    r = emu.run(k, 1, 32, v, out)
    np.testing.assert_array_equal(out, v)
    assert [(f.kind, "`last`" in f.detail) for f in r.findings] == [("device_state", True)]
    assert f"state.cu:{emu.line_of(STATE_SRC, 'read first')}" == f"{r.findings[0].file}:{r.findings[0].line}"


def test_an_atomic_counter_is_reported(emu):
    k = emu.compile(STATE_SRC, "countLaunches", filename="state.cu")
    r = emu.run(k, 2, 32, np.zeros(64, np.float32))
    assert [(f.kind, "`launches`" in f.detail) for f in r.findings] == [("device_state", True)]


@pytest.mark.parametrize("reset", [1, 0])
def test_a_single_pass_sum_that_resets_its_counter_is_not_reported(emu, rng, reset):
    # `arrived` is read by its atomics as the launch found it: reported only if left changed (reset=0);
    # `partial` changes, but the last block reads each entry after its block wrote it (fence, then the
    # atomic, in every launch): not reported either way
    k = emu.compile(STATE_SRC, "sumOnce", filename="state.cu")
    x = rng.standard_normal(256).astype(np.float32)
    out = np.zeros(1, np.float32)
    r = emu.run(k, 4, 64, x, out, reset)
    np.testing.assert_allclose(out[0], x.astype(np.float64).sum(), rtol=1e-5, atol=1e-4)
    got = [(f.kind, f.detail.split("`")[1]) for f in r.findings]
    assert got == ([] if reset else [("device_state", "arrived")])


ASYNC_SRC = r"""
#include <cuda_pipeline.h>
__device__ float weights[32];

__global__ void decay(float* out)
{
    __shared__ float s[32];
    int t = threadIdx.x;
    __pipeline_memcpy_async(&s[t], &weights[t], sizeof(float));   // cp.async: a read, not a plain load
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[t] = s[t];
    WRITE
}
"""


@pytest.mark.parametrize("write, reported", [("weights[t] = s[t] * 0.5f;", True), ("", False)])
def test_a_variable_read_by_cp_async_then_changed_is_reported(emu, rng, write, reported):
    k = emu.compile(ASYNC_SRC.replace("WRITE", write), "decay", filename="decay.cu")
    w = rng.standard_normal(32).astype(np.float32)
    out = np.zeros(32, np.float32)
    r = emu.run(k, 1, 32, out, symbols={"weights": w})
    np.testing.assert_array_equal(out, w)
    assert [(f.kind, "`weights`" in f.detail) for f in r.findings] == ([("device_state", True)] if reported else [])


def test_another_blocks_unordered_write_is_flagged_as_a_race(emu):
    # block 1 reads what block 0 wrote this launch, with nothing ordering them: on a GPU it may read the
    # last launch's value instead. The emulator ran the write first, so it is not a read of the old value
    # here; the global race pass reports the read, and the kernel is flagged either way.
    k = emu.compile(STATE_SRC, "handOver", filename="state.cu")
    out = np.zeros(1, np.float32)
    r = emu.run(k, 2, 32, out)
    assert [f.kind for f in r.findings] == ["race"]


# ------------------------------------------------------------------ the PTX ISA's forms, by hand
PTX = r"""
.version 8.0
.target sm_80
.address_size 64
.const .align 4 .u32 foo = 42;
.global .align 4 .u32 bar[3] = {2, 3, 5};
.global .align 8 .u64 p1 = foo;
.global .align 8 .u64 parr[3] = {generic(bar), generic(bar)+4, generic(bar+8)};
.global .align 4 .u32 low = generic(bar)+4;
.global .align 1 .u8 addr[8] = {0xff(foo+4), 0xff00(foo+4), 0xff0000(foo+4), 0xff000000(foo+4), 0xff00000000(foo+4), 0XFF0000000000(foo+4), 0xff000000000000(foo+4), 0xff00000000000000(foo+4)};
.global .align 1 .u8 addr5[2] = {0xFF(1000 + 546), 0xFF00(131187)};
.global .align 8 .u64 back = generic(bar)-4;
.global .align 8 .u64 twosyms = generic(foo)+generic(bar);
.global .align 8 .u64 badmask = 0x0F(foo);
.shared .align 4 .u32 sh;
.global .align 8 .u64 toshared = generic(sh);
.global .align 8 .u64 tonothing = generic(missing);
.visible .entry k() { ret; }
"""


def test_the_ptx_isa_initialiser_forms():
    module = parse(PTX)
    v = {g.name: g for g in module.globals}
    rng = np.random.default_rng()
    a = {"foo": int(rng.integers(1 << 40, 1 << 47)), "bar": int(rng.integers(1 << 40, 1 << 47))}

    def u64(name):
        return [int(x) for x in modvars.initial(v[name], a).view(np.uint64)]
    assert u64("p1") == [a["foo"]]
    assert u64("parr") == [a["bar"], a["bar"] + 4, a["bar"] + 8]
    assert u64("back") == [a["bar"] - 4]
    assert int(modvars.initial(v["low"], a).view(np.uint32)[0]) == (a["bar"] + 4) & 0xFFFFFFFF
    assert bytes(modvars.initial(v["addr"], a)) == (a["foo"] + 4).to_bytes(8, "little")
    assert list(modvars.initial(v["addr5"], a)) == [1546 & 0xFF, (131187 >> 8) & 0xFF]
    assert bytes(modvars.initial(v["bar"], a)) == np.uint32([2, 3, 5]).tobytes()
    # what is not an address of one variable: refused when a launch uses it, not when parsing
    for name, words in (("twosyms", "one variable"), ("badmask", "0x0F"),
                        ("toshared", ".shared variable"), ("tonothing", "does not declare")):
        with pytest.raises(EmulatorError, match=words):
            modvars.check(module, modvars.reached(module, {name}), None)
    # a launch allocates what a table points to, transitively, in declaration order
    assert [g.name for g in modvars.reached(module, {"parr"})] == ["bar", "parr"]
    assert [g.name for g in modvars.reached(module, {"addr", "low"})] == ["foo", "bar", "low", "addr"]
