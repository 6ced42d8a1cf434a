"""Structs passed by value (tilelab/structs.py): ``tl.Struct`` and ``tl.PitchedPtr`` on both backends.

The layout is checked against C's, as ctypes lays the same struct out (an independent reference); the
values against what a kernel reads back from the parameter; the size against the PTX's declaration of
the parameter; and an out-of-bounds access through a field's pointer is named by that field. The
``gpu`` tests run the same kernels on a GPU (``pytest -m gpu tests/test_struct_args.py``).
"""
from __future__ import annotations

import ctypes
import sys

import numpy as np
import pytest

import tilelab as tl
from conftest import ROOT
from tilelab import toolchain as tc
from tilelab.errors import LaunchError

pytestmark = pytest.mark.skipif(not tc.available_nvrtc(), reason="no NVRTC installed")

MIXED = r"""
struct Mixed {
    int n;          // 4 bytes, then 4 of padding before the pointer
    float* p;
    float scale;
    char tag;       // 1 byte, then 3 of padding before the double
    double bias;
    short k;        // 2 bytes, then 6 of padding: the struct is a multiple of 8
};

__global__ void readMixed(Mixed m, int* ints, float* floats, double* dbl)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < m.n) m.p[i] = m.p[i] * m.scale + (float)m.bias;
    if (i == 0) {
        ints[0] = m.n; ints[1] = m.tag; ints[2] = m.k;
        floats[0] = m.scale;
        dbl[0] = m.bias;
    }
}

__global__ void pastTheEnd(Mixed m)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    m.p[i + m.k] = m.scale;                 // m.k past the end: threads n - k .. n - 1 write past it
}
"""


class _CMixed(ctypes.Structure):
    _fields_ = [("n", ctypes.c_int), ("p", ctypes.c_void_p), ("scale", ctypes.c_float), ("tag", ctypes.c_byte),
                ("bias", ctypes.c_double), ("k", ctypes.c_short)]


@pytest.fixture(scope="module")
def mixed():
    return tc.compile_cuda(MIXED, filename="mixed.cu")


def _mixed(rng, n, p=None, k=None):
    p = rng.standard_normal(n).astype(np.float32) if p is None else p
    return tl.Struct(n=np.int32(n), p=p, scale=np.float32(rng.uniform(0.5, 2)), tag=np.int8(rng.integers(-100, 100)),
                     bias=np.float64(rng.uniform(-3, 3)), k=np.int16(rng.integers(1, 30) if k is None else k))


def test_the_layout_is_cs(rng):
    s = _mixed(rng, 10)
    assert [off for _, off, _, _ in s.layout] == [getattr(_CMixed, f).offset for f, _ in _CMixed._fields_]
    assert (s.nbytes, s.alignment) == (ctypes.sizeof(_CMixed), ctypes.alignment(_CMixed))
    inner = tl.Struct(a=np.int8(1), b=np.float64(2))                         # nested: aligned as its widest
    outer = tl.Struct(c=np.int8(3), s=inner, d=np.int16(4))

    class CI(ctypes.Structure):
        _fields_ = [("a", ctypes.c_byte), ("b", ctypes.c_double)]

    class CO(ctypes.Structure):
        _fields_ = [("c", ctypes.c_byte), ("s", CI), ("d", ctypes.c_short)]
    assert [off for _, off, _, _ in outer.layout] == [CO.c.offset, CO.s.offset, CO.d.offset]
    assert outer.nbytes == ctypes.sizeof(CO)
    # the packed bytes are ctypes' for the same values
    want = CO(3, CI(1, 2.0), 4)
    assert outer.pack(lambda a: 0) == bytes(want)
    ptr = 0x7F0012345678
    c = _CMixed(*[int(x) if x.dtype.kind in "iu" else float(x) for _, x in s.fields if not isinstance(x, np.ndarray)][:1],
                ptr, *[int(x) if x.dtype.kind in "iu" else float(x) for _, x in s.fields[2:]])
    assert s.pack(lambda a: ptr) == bytes(c)


def test_the_kernel_reads_every_field_and_writes_through_the_pointer(mixed, rng):
    n = int(rng.integers(40, 90))
    s = _mixed(rng, n)
    p = s.fields[1][1]
    before = p.copy()
    ints, floats, dbl = np.zeros(3, np.int32), np.zeros(1, np.float32), np.zeros(1, np.float64)
    r = tl.launch(mixed.kernel("readMixed"), (2,), (64,), s, ints, floats, dbl, backend="emu")
    assert not r.findings, r.findings
    f = dict(s.fields)
    assert ints.tolist() == [n, int(f["tag"]), int(f["k"])]
    assert floats[0] == f["scale"] and dbl[0] == f["bias"]
    # (ptxas fuses the multiply-add: one rounding)
    np.testing.assert_allclose(p, before.astype(np.float64) * f["scale"] + np.float32(f["bias"]), rtol=1e-6)
    assert not np.allclose(p, before)


def test_a_struct_that_is_not_the_kernels_size_is_refused_naming_the_parameter(mixed, rng):
    k = mixed.kernel("readMixed")
    assert (k.params[0].ptx_bytes, k.params[0].ptx_align) == (ctypes.sizeof(_CMixed), 8)
    short = tl.Struct(n=np.int32(4), p=np.zeros(4, np.float32), scale=np.float32(1))   # 3 of the 6 fields
    out = [np.zeros(3, np.int32), np.zeros(1, np.float32), np.zeros(1, np.float64)]
    for be in ("emu", "gpu"):            # refused in the learner's process, before either backend
        with pytest.raises(LaunchError) as e:
            tl.launch(k, (1,), (32,), short, *out, backend=be)
        text = str(e.value)
        assert "Mixed m" in text and f"{ctypes.sizeof(_CMixed)} bytes" in text and "24 bytes" in text, text
        assert "Traceback" not in text
    # a field of the wrong width: a double where the C field is a float moves the fields after it (48
    # bytes, refused). (The check is the parameter's size and alignment, what the PTX says: a long in
    # place of the last short still fits the padding, 40 bytes, and is not caught.)
    wide = tl.Struct(**{**dict(_mixed(rng, 4).fields), "scale": np.float64(3)})
    with pytest.raises(LaunchError, match="48 bytes"):
        tl.launch(k, (1,), (32,), wide, *out, backend="emu")
    with pytest.raises(LaunchError, match="tl.Struct"):                    # an array for a learner's struct
        tl.launch(k, (1,), (32,), np.zeros(4, np.float32), *out, backend="emu")
    with pytest.raises(LaunchError, match="not a struct"):                  # a struct for an int
        tl.launch(k, (1,), (32,), _mixed(rng, 4), _mixed(rng, 4), *out[1:], backend="emu")


def test_an_untyped_field_is_refused():
    with pytest.raises(LaunchError, match=r"np\.int32\(5\)"):
        tl.Struct(n=5)
    with pytest.raises(LaunchError, match="twice"):
        tl.Struct([("a", np.int32(1)), ("a", np.int32(2))])


def test_out_of_bounds_through_a_fields_pointer_names_the_field(mixed, rng):
    n = int(rng.integers(40, 60))
    s = _mixed(rng, n, k=int(rng.integers(2, 9)))
    kshift = int(dict(s.fields)["k"])
    r = tl.launch(mixed.kernel("pastTheEnd"), (1,), (n,), s, backend="emu")
    (f,) = [x for x in r.findings if x.kind == "out_of_bounds"]
    assert "of `m.p`" in f.detail and f"{n} elements" in f.detail, f.detail
    assert f.count == kshift                                # threads n-k .. n-1
    assert f.line == MIXED.splitlines().index(next(l for l in MIXED.splitlines() if "m.p[i + m.k]" in l)) + 1
    assert f.thread[0] == n - kshift and f.block == (0, 0, 0)
    assert f"thread ({n - kshift},0,0) block (0,0,0)" in str(f)


def test_a_struct_array_that_is_also_a_pointer_argument_is_one_buffer(rng):
    src = r"""
struct Two { float* a; int n; };
__global__ void both(Two t, float* same)
{
    int i = threadIdx.x;
    if (i < t.n) t.a[i] += 1.0f;
    __syncthreads();
    if (i < t.n) same[i] *= 2.0f;    // the same numpy array: sees the +1
}
"""
    k = tc.compile_cuda(src, filename="two.cu").kernel("both")
    x = rng.standard_normal(32).astype(np.float32)
    want = (x + 1) * 2
    tl.launch(k, (1,), (32,), tl.Struct(a=x, n=np.int32(32)), x, backend="emu")
    np.testing.assert_array_equal(x, want)


def test_a_run_time_index_into_a_struct_field_array(rng):
    """``s.v[i]`` with ``i`` known only at run time: NVRTC copies the eight fields (ld.param at offsets
    0..28) to local memory and indexes that; every element is the one the host put there."""
    src = r"""
struct S { int v[8]; };
__global__ void pick(S s, int* out, int i)
{
    out[0] = s.v[i];
}
"""
    k = tc.compile_cuda(src, filename="pick.cu").kernel("pick")
    vals = rng.integers(-1000, 1000, 8).astype(np.int32)
    s = tl.Struct([(f"v{j}", vals[j]) for j in range(8)])
    assert (s.nbytes, s.alignment) == (32, 4) == (k.params[0].ptx_bytes, k.params[0].ptx_align)
    out = np.zeros(1, np.int32)
    for i in range(8):
        tl.launch(k, (1,), (1,), s, out, i, backend="emu")
        assert out[0] == vals[i]


def test_a_struct_parameter_read_through_its_address(rng):
    """A struct with an array member (RSBench's 192-byte SimulationData has none, yet NVRTC does the
    same there, docs/FIDELITY.md, the fifteenth unseen suite): the PTX takes the parameter's address
    (``mov.b64 %rd1, k_param_1``) and reads ``[%rd1+128]`` and, for ``s.x[i & 15]``, each lane's
    ``[%rd5]``. The emulator refused the ``mov``; now every lane reads the bytes at its address."""
    src = r"""
typedef struct { long long x[16]; int *m; } S;
__global__ void k(int n, S s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    s.m[i] = (int)s.x[i & 15];
}
"""
    k = tc.compile_cuda(src, filename="param_address.cu").kernel("k")
    assert "mov.b64 \t%rd1, _Z1ki1S_param_1;" in k.ptx
    x = rng.integers(-1000, 1000, 16).astype(np.int64)
    m = np.zeros(40, np.int32)
    s = tl.Struct([*((f"x{j}", x[j]) for j in range(16)), ("m", m)])
    tl.launch(k, (2,), (32,), 40, s, backend="emu")
    np.testing.assert_array_equal(m, x[np.arange(40) & 15])


# --- cudaPitchedPtr ---------------------------------------------------------------------------------

def _collection():
    sys.path.insert(0, str(ROOT))
    from collection import run
    return run


def test_a_pitched_ptr_is_the_runtimes_layout_and_defaults():
    class CPitched(ctypes.Structure):
        _fields_ = [("ptr", ctypes.c_void_p), ("pitch", ctypes.c_size_t), ("xsize", ctypes.c_size_t),
                    ("ysize", ctypes.c_size_t)]
    v = np.zeros((3, 16, 64), np.float32)
    p = tl.PitchedPtr(v, xsize=160)
    assert p.nbytes == ctypes.sizeof(CPitched) and p.alignment == ctypes.alignment(CPitched)
    f = {n: (x if isinstance(x, np.ndarray) else int(x)) for n, x in p.fields}
    assert f["ptr"] is v and (f["pitch"], f["xsize"], f["ysize"]) == (256, 160, 16)
    assert [int(x) for _, x in tl.PitchedPtr(v).fields[1:]] == [256, 256, 16]
    with pytest.raises(LaunchError, match="wider than the pitch"):
        tl.PitchedPtr(v, xsize=300)


def test_the_pitched_3d_kernel_runs_and_is_right_on_the_emulator():
    """HeCBench pitch's parallelPitched3DAccess(cudaPitchedPtr, ...), refused by tl.launch before the
    struct argument (docs/FIDELITY.md, the third unseen suite): now it runs and matches numpy, as a
    tl.PitchedPtr and as a bare array (packed for a cudaPitchedPtr parameter)."""
    run = _collection()
    (e,) = [x for x in run.load() if x["name"] == "parallelPitched3DAccess"]
    assert "refused" not in e
    assert run.check_emu(e) == []
    res, after, before = run.run_emu(e)
    width = 40
    v0, v1 = before["devPitchedPtr"], after["devPitchedPtr"]
    np.testing.assert_array_equal(v1[:, :, width:], v0[:, :, width:])          # the pitch's padding untouched
    assert np.all(v1[:, :, :width] != v0[:, :, :width])
    k = run.compile_entry(e)
    bare = v0.copy()
    tl.launch(k, tuple(e["grid"]), tuple(e["block"]), bare, width, 16, 3, backend="emu")
    np.testing.assert_array_equal(bare, v1)
    # one row too many (height 17): the last slice's rows run past the array, named by the field
    over = v0.copy()
    r = tl.launch(k, tuple(e["grid"]), tuple(e["block"]), over, width, 17, 3, backend="emu")
    assert {f.kind for f in r.findings} == {"out_of_bounds"}
    assert all("`devPitchedPtr.ptr`" in f.detail for f in r.findings)


def test_a_manifest_struct_spec_is_the_c_layout_and_names_its_arrays():
    """A collection entry's `struct = [...]` spec (the tenth unseen suite's XSBench, docs/FIDELITY.md): a
    tl.Struct of typed scalars and arrays in the declaration's order, laid out as C lays out XSBench's
    `Inputs` and `SimulationData` (ctypes, an independent reference), each array seen by its field's name
    by the checks and the later specs; the kernel writes its output through the struct's pointer."""
    run = _collection()
    (e,) = [x for x in run.load()
            if x["name"] == "xs_lookup_kernel_optimization_1" and x["file"] == "xsbench_simulation.cu"]
    args, named, _ = run.inputs(e)
    inputs, gsd = args
    assert isinstance(inputs, tl.Struct) and isinstance(gsd, tl.Struct)
    c_long, c_int, p = ctypes.c_long, ctypes.c_int, ctypes.c_void_p

    class Inputs(ctypes.Structure):
        _fields_ = [("nthreads", c_int), ("n_isotopes", c_long), ("n_gridpoints", c_long), ("lookups", c_int),
                    ("HM", p)] + [(n, c_int) for n in ("grid_type", "hash_bins", "particles",
                                                       "simulation_method", "binary_mode", "kernel_id")]

    class SimulationData(ctypes.Structure):
        _fields_ = ([(n, p) for n in ("num_nucs", "concs", "mats", "unionized_energy_array", "index_grid",
                                      "nuclide_grid")]
                    + [(n, c_int) for n in ("length_num_nucs", "length_concs", "length_mats",
                                            "length_unionized_energy_array")]
                    + [("length_index_grid", c_long), ("length_nuclide_grid", c_int), ("max_num_nucs", c_int),
                       ("verification", p), ("length_verification", c_int), ("p_energy_samples", p),
                       ("length_p_energy_samples", c_int), ("mat_samples", p), ("length_mat_samples", c_int)])
    for s, c in ((inputs, Inputs), (gsd, SimulationData)):
        assert s.nbytes == ctypes.sizeof(c)
        assert [(n, off) for n, off, _, _ in s.layout] == [(n, getattr(c, n).offset) for n, _ in c._fields_]
    assert named["verification"] is dict(gsd.fields)["verification"]         # the array itself, by name
    assert named["index_grid"].shape == (1088, 68) and dict(inputs.fields)["n_isotopes"] == np.int64(68)
    assert run.check_emu(e) == []
    _, after, _ = run.run_emu(e)
    assert set(np.unique(after["verification"])) <= {1, 2, 3, 4, 5}


VECTORS = r"""
extern "C" __global__ void vec(float4 v, double3 d, int2 i, float *f, double *g, int *n)
{
    f[0] = v.x; f[1] = v.y; f[2] = v.z; f[3] = v.w;
    g[0] = d.x; g[1] = d.y; g[2] = d.z;
    n[0] = i.x; n[1] = i.y;
}
"""


def test_a_vector_type_by_value_is_the_struct_of_its_lanes():
    """CuPy's builtin_vectors example passes `double3 rhs` by value (the twelfth unseen suite): tl.launch
    refused a tl.Struct for it ("not a struct passed by value") and read a lone scalar into every lane,
    which a GPU launch would not (CuPy passes the scalar's own bytes, the first lane's). Now its lanes' values (an array, a list)
    or a tl.Struct fill x, y, z, w at the PTX's offsets (float4 aligned to 16, double3 to 8), and a lone
    scalar is refused."""
    k = tc.compile_cuda(VECTORS).kernel("vec")
    assert [(p.ptx_bytes, p.ptx_align) for p in k.params[:3]] == [(16, 16), (24, 8), (8, 8)]
    for v, d, i in [(np.array([1.5, 2.5, 3.5, 4.5], np.float32), [0.25, -1.0, 7.0], (-3, 9)),
                    (tl.Struct(x=np.float32(1.5), y=np.float32(2.5), z=np.float32(3.5), w=np.float32(4.5), align=16),
                     tl.Struct(x=np.float64(0.25), y=np.float64(-1.0), z=np.float64(7.0)),
                     tl.Struct(x=np.int32(-3), y=np.int32(9), align=8))]:   # int2: __align__(8)
        f, g, n = np.zeros(4, np.float32), np.zeros(3), np.zeros(2, np.int32)
        tl.launch(k, (1,), (1,), v, d, i, f, g, n, backend="emu", echo=False)
        assert f.tolist() == [1.5, 2.5, 3.5, 4.5] and g.tolist() == [0.25, -1.0, 7.0] and n.tolist() == [-3, 9]
    f, g, n = np.zeros(4, np.float32), np.zeros(3), np.zeros(2, np.int32)
    with pytest.raises(LaunchError, match=r"float4 v\) is a vector of 4 float32 lanes"):
        tl.launch(k, (1,), (1,), np.float32(1.5), [0.0] * 3, [0, 0], f, g, n, backend="emu", echo=False)
    with pytest.raises(LaunchError, match="vector of 3 float64 lanes.*shape \\(2,\\)"):
        tl.launch(k, (1,), (1,), [0.0] * 4, np.zeros(2), [0, 0], f, g, n, backend="emu", echo=False)
    with pytest.raises(LaunchError, match="does not fit"):            # each lane is checked as a scalar is
        tl.launch(k, (1,), (1,), [0.0] * 4, [0.0] * 3, [2 ** 40, 0], f, g, n, backend="emu", echo=False)


def test_a_manifest_struct_spec_may_say_its_alignment():
    """CuPy's complex_struct (an int4, a char, double[2], a short1, unsigned long long[3]): 72 bytes of fields
    in an 80-byte struct aligned to 16 by its int4, as ctypes lays it out with the int4 aligned so; the
    spec's `align = 16` gives tl.Struct's align= (without it the launch is refused: 72 bytes, not 80)."""
    run = _collection()
    (e,) = [x for x in run.load() if x["name"] == "test_kernel" and x["file"] == "cupy_complex_struct.cu"]
    (s, _), _, _ = run.inputs(e)

    class Int4(ctypes.Structure):
        _fields_ = [(c, ctypes.c_int) for c in "xyzw"]
        _pack_ = 16

    class Complex(ctypes.Structure):
        _fields_ = [("a", ctypes.c_int * 4), ("b", ctypes.c_char), ("c", ctypes.c_double * 2), ("d", ctypes.c_short),
                    ("e", ctypes.c_ulonglong * 3)]
    offsets = [Complex.a.offset, Complex.b.offset, Complex.c.offset, Complex.d.offset, Complex.e.offset]
    assert offsets == [0, 16, 24, 40, 48]                  # the kernel get_struct_layout reports the same
    assert (s.nbytes, s.alignment) == (80, 16) and ctypes.sizeof(Complex) == 72
    assert [off for n, off, _, _ in s.layout if n in ("a_x", "b", "c_0", "d_x", "e_0")] == offsets
    assert run.check_emu(e) == []
    bare = dict(e, args=[dict(e["args"][0], align=None), e["args"][1]])
    with pytest.raises(LaunchError, match="80"):
        run.run_emu(bare)


# --- the GPU ----------------------------------------------------------------------------------------

@pytest.mark.gpu
def test_the_mixed_struct_on_the_gpu_is_the_emulators(mixed, rng):
    n = int(rng.integers(40, 90))
    s = _mixed(rng, n)
    p = s.fields[1][1]
    p_gpu = p.copy()
    s_gpu = tl.Struct(**{**dict(s.fields), "p": p_gpu})
    outs = {be: [np.zeros(3, np.int32), np.zeros(1, np.float32), np.zeros(1, np.float64)] for be in ("emu", "gpu")}
    tl.launch(mixed.kernel("readMixed"), (2,), (64,), s, *outs["emu"], backend="emu")
    tl.launch(mixed.kernel("readMixed"), (2,), (64,), s_gpu, *outs["gpu"], backend="gpu")
    for a, b in zip(outs["emu"], outs["gpu"]):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(p, p_gpu)
    assert outs["gpu"][0][0] == n


@pytest.mark.gpu
def test_the_pitched_3d_kernel_on_the_gpu(rng):
    run = _collection()
    (e,) = [x for x in run.load() if x["name"] == "parallelPitched3DAccess"]
    k = run.compile_entry(e)
    v = rng.uniform(-4, 4, (3, 16, 64)).astype(np.float32)
    v_struct, v_bare = v.copy(), v.copy()
    tl.launch(k, tuple(e["grid"]), tuple(e["block"]), tl.PitchedPtr(v_struct, xsize=160), 40, 16, 3, backend="gpu")
    tl.launch(k, tuple(e["grid"]), tuple(e["block"]), v_bare, 40, 16, 3, backend="gpu")
    want = np.concatenate([1 / (1 + np.exp(-v[:, :, :40].astype(np.float64))), v[:, :, 40:]], 2)
    np.testing.assert_allclose(v_struct, want, rtol=1e-6)
    np.testing.assert_array_equal(v_struct, v_bare)
    np.testing.assert_array_equal(v_struct[:, :, 40:], v[:, :, 40:])


def test_timing_refuses_fresh_outputs_a_structs_pointer_would_miss():
    """tl.bench's timing rotates each output over fresh buffers; a struct's bytes hold the first buffer's
    address, so a struct that points into an output is refused by name, not timed against poison."""
    from tilelab.gpu.tensormap import StructBytes
    from tilelab.gpu.timing import _output_maps
    out = np.zeros(4, np.float32)
    dev = [StructBytes(bytes(16), 8, (), (1,)), out]
    with pytest.raises(ValueError, match="argument 0 is a struct whose pointer is output argument 1"):
        _output_maps(dev, None, {1: (1e-6, 0.0)})
    assert _output_maps([StructBytes(bytes(16), 8, (), ()), out], None, {1: (1e-6, 0.0)}) == {}


def test_an_enum_is_no_struct():
    """NVVM declares a struct passed by value as a byte array (``.b8 p[N]``) and an enum as a ``.u32``:
    only the first takes a tl.Struct; an enum launches as its underlying type (an int, as nvcc passes it)
    and refuses a struct."""
    src = r"""
enum Mode { A, B };
struct One { int v; };
__global__ void k(Mode m, One o, int* out) { out[0] = (int)m + o.v; }
"""
    k = tc.compile_cuda(src, filename="enum.cu").kernel("k")
    assert [p.ptx_aggregate for p in k.params] == [False, True, False]
    out = np.zeros(1, np.int32)
    tl.launch(k, (1,), (1,), 1, tl.Struct(v=np.int32(41)), out, backend="emu", echo=False)
    assert out[0] == 42
    with pytest.raises(LaunchError, match="not a struct"):
        tl.launch(k, (1,), (1,), tl.Struct(v=np.int32(1)), tl.Struct(v=np.int32(41)), out, backend="emu")


def test_the_sass_replay_knows_the_parameters_after_a_struct():
    """A replay of a loop's SASS reads the launch's parameters from constant bank 0; a struct's bytes
    sit there at its alignment, so the parameters after it stay known (emu/counters/sass_replay.py)."""
    from tilelab.emu.counters.sass_replay import launch_of
    s = tl.Struct(p=np.zeros(4, np.float32), n=np.int32(-5), c=np.int8(3))
    raw = np.frombuffer(s.pack(lambda a: 0x400000001000), dtype=f"V{s.nbytes}")[0]
    params = [("x", "u8"), ("s", f"b8[{s.nbytes}]"), ("n", "u32")]
    got = launch_of(params, {"x": np.uint8(9), "s": raw, "n": np.uint32(77)}, (1, 1, 1), (32, 1, 1), "sm_90",
                    aligns=[1, s.alignment, 4])
    assert got.known == len(got.param_bytes) == 8 + 16 + 4
    assert got.param_bytes[8:24] == s.pack(lambda a: 0x400000001000)
    assert int.from_bytes(got.param_bytes[24:28], "little") == 77
    without = launch_of(params, {"x": np.uint8(9), "s": raw, "n": np.uint32(77)}, (1, 1, 1), (32, 1, 1), "sm_90")
    assert without.known == 1                         # no alignment: nothing known past the struct
