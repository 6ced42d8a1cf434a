"""The emulator's TMA and mbarrier (tilelab/emu/tma.py): box loads with each swizzle mode against a
model of the permutation written from its definition, zero fill out of bounds, a store round trip, a
pipeline whose mbarrier parity alternates, each finding provoked by a wrong kernel, and the refusal
of what is not modelled. Kernels: tests/kernels_tma/."""
from pathlib import Path

import numpy as np
import pytest

import tilelab as tl
from tilelab.emu import tma as emu_tma
from tilelab.errors import UnsupportedInstruction
from tilelab.toolchain import kernel_from_file

HERE = Path(__file__).parent / "kernels_tma"


@pytest.fixture(scope="module")
def box_load():
    return kernel_from_file(HERE / "box_load.cu")


def expected_bytes(A, box, c0, c1, swizzle_span):
    """The shared buffer after the copy, from the definitions: the box (rows x cols, row-major,
    out-of-bounds elements 0) laid out densely, then in every 128-byte line i the 16-byte chunk j
    moved to chunk j XOR (i mod span/16) (none: no move). Independent of the emulator's code."""
    rows, cols = box
    dense = np.zeros((rows, cols), A.dtype)
    for r in range(rows):
        for c in range(cols):
            y, x = c1 + r, c0 + c
            if 0 <= y < A.shape[0] and 0 <= x < A.shape[1]:
                dense[r, c] = A[y, x]
    raw = dense.tobytes()
    if not swizzle_span:
        return np.frombuffer(raw, np.uint8)
    out = bytearray(len(raw))
    group = swizzle_span // 16
    for line in range(len(raw) // 128):
        for j in range(8):
            k = j ^ (line % group)
            out[line * 128 + k * 16:line * 128 + k * 16 + 16] = raw[line * 128 + j * 16:line * 128 + j * 16 + 16]
    return np.frombuffer(bytes(out), np.uint8)


@pytest.mark.parametrize("swizzle,dtype,box", [
    ("none", np.float32, (8, 24)),
    ("32B", np.float32, (16, 8)),
    ("64B", np.float16, (16, 32)),
    ("128B", np.float32, (16, 32)),
    ("128B", np.float16, (8, 64)),
])
@pytest.mark.parametrize("c0,c1", [(0, 0), (-4, 30), (60, -3)])      # zero fill on two sides
def test_box_load_swizzle(box_load, swizzle, dtype, box, c0, c1):
    A = (np.arange(40 * 72) + 1).astype(dtype).reshape(40, 72)
    tm = tl.TensorMap(A, box=box, swizzle=swizzle)
    nbytes = tm.box_bytes
    out = np.zeros(nbytes // 4, np.uint32)
    r = tl.launch(box_load, 1, 64, tm, out, c0, c1, nbytes, nbytes, 0, 1, 0, backend="emu")
    assert r.findings == []
    want = expected_bytes(A, box, c0, c1, tm.swizzle_bytes)
    assert np.array_equal(out.view(np.uint8), want)
    if swizzle != "none":   # the permutation really moved chunks
        assert not np.array_equal(want, expected_bytes(A, box, c0, c1, 0))
    assert r.metrics["tma_requests"] == 1
    assert r.metrics["shared_st_wavefronts"] == 0          # the TMA's writes are no LSU wavefronts


def test_sectors_counted(box_load):
    A = np.arange(64 * 64, dtype=np.float32).reshape(64, 64)
    tm = tl.TensorMap(A, box=(16, 32))
    out = np.zeros(512, np.uint32)
    r = tl.launch(box_load, 1, 32, tm, out, 0, 0, 2048, 2048, 0, 1, 0, backend="emu")
    assert r.metrics["tma_ld_sectors"] == 16 * 4           # 16 rows of 128 bytes
    out[:] = 0
    r = tl.launch(box_load, 1, 32, tm, out, 48, 0, 2048, 2048, 0, 1, 0, backend="emu")
    assert r.metrics["tma_ld_sectors"] == 16 * 2           # half of each row is past the tensor's end


def test_3d_box():
    k = kernel_from_file(HERE / "box_load_3d.cu")
    A = np.random.default_rng(0).standard_normal((3, 10, 16)).astype(np.float32)
    tm = tl.TensorMap(A, box=(2, 4, 8))
    out = np.zeros(64, np.float32)
    r = tl.launch(k, 1, 32, tm, out, 8, 7, 2, 256, backend="emu")
    assert r.findings == []
    want = np.zeros((2, 4, 8), np.float32)
    want[0, :3] = A[2, 7:10, 8:16]                          # z = 3 and y = 10 are out of bounds
    assert np.array_equal(out.reshape(2, 4, 8), want)


def test_store_round_trip():
    k = kernel_from_file(HERE / "round_trip.cu")
    A = np.random.default_rng(1).standard_normal((64, 96)).astype(np.float32)
    B = np.zeros_like(A)
    r = tl.launch(k, (3, 2), 128, tl.TensorMap(A, box=(32, 32)), tl.TensorMap(B, box=(32, 32)), 1, backend="emu")
    assert r.findings == []
    assert np.array_equal(B, A + 1)                         # B is the map's own upload: it comes back
    assert r.metrics["tma_st_sectors"] == 6 * 32 * 4


def test_store_needs_proxy_fence():
    k = kernel_from_file(HERE / "round_trip.cu")
    A = np.ones((32, 32), np.float32)
    B = np.zeros_like(A)
    r = tl.launch(k, 1, 128, tl.TensorMap(A, box=(32, 32)), tl.TensorMap(B, box=(32, 32)), 0, backend="emu")
    assert [f.kind for f in r.findings] == ["tma"]
    assert "fence.proxy.async" in r.findings[0].detail and "`tile[0][0]`" in r.findings[0].detail
    assert r.findings[0].file.endswith("tma_common.h")       # the store's asm line


def test_pipeline_parity_alternates():
    k = kernel_from_file(HERE / "pipeline.cu")
    A = np.random.default_rng(2).standard_normal((64, 256)).astype(np.float32)
    out = np.zeros(2 * 1024, np.float32)
    r = tl.launch(k, 2, 128, tl.TensorMap(A, box=(32, 32)), out, 256, backend="emu")
    assert r.findings == []
    want = A.reshape(2, 32, 8, 32).sum(axis=2, dtype=np.float64).reshape(-1)
    assert np.allclose(out, want, rtol=1e-5, atol=1e-5)


def _load(box_load, **kw):
    A = (np.arange(32 * 64) + 1).astype(np.float32).reshape(32, 64)
    tm = tl.TensorMap(A, box=(16, 32), swizzle=kw.pop("swizzle", "128B"))
    a = {"c0": 0, "c1": 0, "box_bytes": 2048, "expect": 2048, "dst_off": 0, "wait": 1, "parity": 0}
    a.update(kw)
    out = np.zeros(a["box_bytes"] // 4, np.uint32)
    return tl.launch(box_load, 1, 64, tm, out, *a.values(), backend="emu")


def test_read_without_wait(box_load):
    r = _load(box_load, wait=0)
    f = [f for f in r.findings if f.kind == "tma_before_wait"]
    assert f and "still in flight" in f[0].detail and "`buf" in f[0].detail and f[0].line == 18


def test_wrong_parity(box_load):
    r = _load(box_load, parity=1)         # parity 1 on the first phase: passes at once, before the copy
    assert [f.kind for f in r.findings] == ["tma_before_wait"]
    assert "try_wait.parity" in r.findings[0].detail


@pytest.mark.parametrize("expect,words", [(4096, "waits for 2048 bytes"), (1024, "1024 more than")])
def test_wrong_expect_tx(box_load, expect, words):
    r = _load(box_load, expect=expect)     # the barrier never completes: said, not hung
    hang = [f for f in r.findings if f.kind == "mbarrier_hang"]
    assert hang and words in hang[0].detail and "`bar" in hang[0].detail
    assert hang[0].count == 64             # every thread of the block waited on it


@pytest.mark.parametrize("off,words", [(128, "1024-byte repeat"), (16, "128-byte aligned")])
def test_misaligned_for_swizzle(box_load, off, words):
    r = _load(box_load, dst_off=off)
    mis = [f for f in r.findings if f.kind == "misaligned"]
    assert mis and words in mis[0].detail


def test_misaligned_no_swizzle_is_fine_at_128(box_load):
    assert _load(box_load, dst_off=128, swizzle="none").findings == []


def test_destination_past_its_array(box_load):
    r = _load(box_load, dst_off=8192 - 1024)
    f = [f for f in r.findings if f.kind == "out_of_bounds"]
    assert f and "runs past the end of shared memory" in f[0].detail and "`buf[7168]`" in f[0].detail


def test_tma_writes_query(box_load):
    seen = []

    def watch(m, ins, idx):
        if ins.op == "ld" and "shared" in ins.mods and not seen:
            seen.append(emu_tma.tma_writes(m, 0))
    A = np.zeros((32, 64), np.float16)
    tm = tl.TensorMap(A, box=(16, 64), swizzle="128B")
    out = np.zeros(512, np.uint32)
    tl.launch(box_load, 1, 32, tm, out, 0, 0, 2048, 2048, 0, 1, 0, backend="emu", watch=watch)
    assert seen == [[(0, 2048, 128, "tm")]]


@pytest.mark.parametrize("name,words", [("im2col", "im2col"), ("reduce_add", "cp.reduce")])
def test_refused_by_name(name, words):
    k = kernel_from_file(HERE / "refused.cu", name)
    tm = tl.TensorMap(np.zeros((4, 4, 8), np.float32) if name == "im2col" else np.zeros((8, 8), np.float32),
                      box=(4, 4, 8) if name == "im2col" else (8, 8))
    with pytest.raises(UnsupportedInstruction) as e:
        tl.launch(k, 1, 32, tm, backend="emu")
    assert words in str(e.value)


def test_launch_packing():
    k = kernel_from_file(HERE / "box_load.cu")
    A = np.zeros((8, 8), np.float32)
    with pytest.raises(tl.LaunchError, match="CUtensorMap parameter: pass a tl.TensorMap"):
        tl.launch(k, 1, 32, A, A, 0, 0, 256, 256, 0, 1, 0, backend="emu")
    with pytest.raises(tl.LaunchError, match="is a pointer"):
        tl.launch(k, 1, 32, tl.TensorMap(A, box=(8, 8)), tl.TensorMap(A, box=(8, 8)), 0, 0, 256, 256, 0, 1, 0,
                  backend="emu")


def test_cccl_barrier_tokens():
    """cuda::barrier + cp_async_bulk_tensor_2d_global_to_shared (CCCL): arrive tokens, try_wait on a state."""
    k = kernel_from_file(HERE / "cccl_barrier.cu", options=("-arch=compute_90a",))   # CCCL's TMA needs sm_90
    A = np.random.default_rng(3).standard_normal((40, 64)).astype(np.float32)
    out = np.zeros(512, np.float32)
    r = tl.launch(k, 1, 128, tl.TensorMap(A, box=(16, 32)), out, backend="emu")
    assert r.findings == []
    assert np.array_equal(out.reshape(16, 32), A[:16, :32])


def test_variant_lands_early_same_answers(box_load):
    """The judge's variants write a load's bytes at the issue: right kernels agree, early reads are still found."""
    for variant in (0, 1):
        A = (np.arange(32 * 64) + 1).astype(np.float32).reshape(32, 64)
        tm = tl.TensorMap(A, box=(16, 32), swizzle="128B")
        out = np.zeros(2048 // 4, np.uint32)
        r = tl.launch(box_load, 1, 64, tm, out, 0, 0, 2048, 2048, 0, 1, 0, backend="emu", variant=variant)
        assert r.findings == []
        assert np.array_equal(out.view(np.uint8), expected_bytes(A, (16, 32), 0, 0, 128))
        out[:] = 0
        r = tl.launch(box_load, 1, 64, tm, out, 0, 0, 2048, 2048, 0, 0, 0, backend="emu", variant=variant)
        assert [f.kind for f in r.findings] == ["tma_before_wait"]
        assert out.any() == bool(variant)          # variant 0: nothing landed before the reads


def test_bulk_copy_round_trip():
    k = kernel_from_file(HERE / "bulk_copy.cu")
    x = np.random.default_rng(4).standard_normal(1024).astype(np.float32)
    y = np.zeros_like(x)
    r = tl.launch(k, 1, 128, x, y, 2048, backend="emu")
    assert r.findings == []
    assert np.array_equal(y[:512], 2 * x[:512]) and not y[512:].any()
    assert r.metrics["tma_ld_sectors"] == r.metrics["tma_st_sectors"] == 2048 // 32


def test_warp_specialized_ring():
    """Full and empty barriers, 64 arrivals a phase, consumers' waits before the producer's code."""
    k = kernel_from_file(HERE / "warp_specialized.cu")
    A = np.random.default_rng(5).standard_normal((64, 192)).astype(np.float32)
    out = np.zeros(2 * 1024, np.float32)
    r = tl.launch(k, 2, 96, tl.TensorMap(A, box=(32, 32)), out, 192, 64, backend="emu")
    assert r.findings == []
    want = A.reshape(2, 32, 6, 32).sum(axis=2, dtype=np.float64).reshape(-1)
    assert np.allclose(out, want, rtol=1e-5, atol=1e-5)


def test_missing_arrivals_deadlock_said():
    """Empty barriers expecting 96 arrivals get 64: producer and consumers wait on each other for ever."""
    k = kernel_from_file(HERE / "warp_specialized.cu")
    A = np.ones((32, 192), np.float32)
    out = np.zeros(1024, np.float32)
    r = tl.launch(k, 1, 96, tl.TensorMap(A, box=(32, 32)), out, 192, 96, backend="emu")
    hang = [f for f in r.findings if f.kind == "mbarrier_hang"]
    assert any("32 of its 96 arrivals" in f.detail and "`empty" in f.detail for f in hang), r.findings


@pytest.mark.parametrize("name,kind,words", [
    ("no_init", "mbarrier", "no mbarrier.init"),
    ("write_before_wait", "tma_before_wait", "while a TMA load into it is still in flight"),
])
def test_misuse(name, kind, words):
    k = kernel_from_file(HERE / "misuse.cu", name)
    A = np.ones((8, 32), np.float32)
    out = np.zeros(32, np.float32)
    r = tl.launch(k, 1, 32, tl.TensorMap(A, box=(8, 32)), out, backend="emu")
    f = [f for f in r.findings if f.kind == kind]
    assert f and words in f[0].detail, r.findings


def test_map_and_pointer_share_one_buffer():
    k = kernel_from_file(HERE / "one_buffer.cu")
    A = np.zeros((32, 96), np.float32)
    r = tl.launch(k, 1, 64, tl.TensorMap(A, box=(32, 32)), A, backend="emu")
    assert r.findings == []
    want = np.zeros_like(A)
    want[:, 32:64] = 2
    want[0, 0] = 7
    assert np.array_equal(A, want)


def test_a_tma_source_is_built_for_hopper_without_an_option():
    """A kernel on the TMA path (no wgmma in it) is built for compute_90a: its PTX must assemble for the
    H200 (sm_90 at least), and CCCL's TMA helpers exist only there; a plain kernel keeps compute_80."""
    from tilelab.toolchain.arch import HOPPER_PTX_ARCH, PTX_ARCH, ptx_arch_for
    tma_src = '#include <tilelab_tma.h>\n__global__ void k(const __grid_constant__ CUtensorMap m, float *o) {}\n'
    bulk_src = '__global__ void k(float *o) { asm volatile("cp.async.bulk.commit_group;"); }\n'
    assert ptx_arch_for(tma_src) == HOPPER_PTX_ARCH == ptx_arch_for(bulk_src)
    assert ptx_arch_for('__global__ void k(float *o) { o[0] = 1; }\n') == PTX_ARCH


# ---- a tensor map over another shape of the array (shape= / strides=, a host's own dims and strides)

def test_map_as_another_shape_loads_what_its_strides_say():
    # A (10 x 32) seen as 4 column blocks of 10 rows of 8, as a host's cuTensorMapEncodeTiled with
    # dims {8, 10, 4} and strides {128, 32} bytes describes it (fast.cu's create_tensor_map does the same)
    k = kernel_from_file(HERE / "box_load_3d.cu")
    A = np.random.default_rng(3).standard_normal((10, 32)).astype(np.float32)
    tm = tl.TensorMap(A, box=(2, 4, 8), shape=(4, 10, 8), strides=(32, 128, 4))
    assert tm.global_dims == (8, 10, 4) and tm.global_strides_bytes == (128, 32) and tm.rank == 3
    out = np.zeros(64, np.float32)
    r = tl.launch(k, 1, 32, tm, out, 0, 7, 2, 256, backend="emu")      # column blocks 2, 3; rows 7..10
    assert r.findings == []
    want = np.zeros((2, 4, 8), np.float32)
    want[0, :3] = A[7:10, 16:24]
    want[1, :3] = A[7:10, 24:32]                              # row 10 is out of bounds: zeros
    assert np.array_equal(out.reshape(2, 4, 8), want)


@pytest.mark.parametrize("view, words", [
    (dict(shape=(4, 10, 8), strides=(32, 128, 8)), "innermost stride"),     # not the element size
    (dict(shape=(5, 10, 8), strides=(32, 128, 4)), "past the end"),         # a 5th column block
    (dict(shape=(4, 10, 8), strides=(-32, 128, 4)), "negative"),
    (dict(shape=(4, 10, 8), strides=(32, 4)), "different numbers of axes"),
    (dict(shape=(4, 10, 8), strides=(32, 120, 4)), "multiple of 16"),
    (dict(shape=(4, 10.5, 8), strides=(32, 128, 4)), "tuples of integers"),
    (dict(shape=(1, 1, 1, 1, 1, 1), strides=(0, 0, 0, 0, 0, 4)), "1 to 5"),
])
def test_map_as_another_shape_keeps_the_drivers_rules(view, words):
    A = np.zeros((10, 32), np.float32)
    with pytest.raises(tl.TensorMapError, match=words):
        tl.TensorMap(A, box=(1, 4, 8), **view)


def test_map_with_a_zero_stride_on_a_unit_axis():
    # fast.cu's maps are 5-d with dims {64, rows, K/64, 1, 1} and strides 0 for the unit axes
    A = np.zeros((128, 256), np.uint16)
    tm = tl.TensorMap(A, box=(1, 1, 1, 128, 64), swizzle="128B", shape=(1, 1, 4, 128, 64), strides=(0, 0, 128, 512, 2))
    assert tm.global_dims == (64, 128, 4, 1, 1) and tm.global_strides_bytes == (512, 128, 0, 0)
    assert tm.box_bytes == 128 * 64 * 2


# ---- PTX's { } blocks scope their labels (inline asm inlined twice defines its labels twice)

SCOPED = r"""
__device__ __forceinline__ unsigned count_to(unsigned n) {
    unsigned r;
    asm volatile("{\n .reg .pred P;\n mov.u32 %0, 0;\n AGAIN:\n add.u32 %0, %0, 1;\n"
                 " setp.lt.u32 P, %0, %1;\n @P bra.uni AGAIN;\n bra.uni DONE;\n DONE:\n }" : "=r"(r) : "r"(n));
    return r;
}
extern "C" __global__ void scoped(unsigned* out, unsigned a, unsigned b) {
    out[0] = count_to(a);
    out[1] = count_to(b) * 10;
}
"""


def test_each_inlined_asm_block_branches_to_its_own_labels():
    from tilelab.toolchain import compile_cuda
    k = compile_cuda(SCOPED, filename="scoped.cu").kernel("scoped")
    assert k.program.ptx.count("AGAIN:") == 2                 # the same labels, twice in one function
    out = np.zeros(2, np.uint32)
    r = tl.launch(k, 1, 1, out, 3, 5, backend="emu")
    assert r.findings == []
    assert out.tolist() == [3, 50]                             # one label table, last wins: [5, 50] or a hang
