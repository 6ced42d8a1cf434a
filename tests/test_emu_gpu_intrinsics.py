"""Issue 12's instructions against the real GPU, bit for bit: bit intrinsics, funnel
shifts, prmt modes, redux.sync, match.sync, cooperative groups (block_tile_memory too),
device-function calls and recursion, grid.sync, and printf's formatting (the GPU's lines,
sorted, equal the emulator's). Marked ``gpu``: skipped without one, run by make test-gpu."""
from __future__ import annotations

import numpy as np
import pytest

import test_emu_calls as calls_t
import test_emu_intrinsics as in_t
from test_emu_gpu_parity import _have_gpu, assert_parity, both

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not _have_gpu(), reason="needs a CUDA GPU with CuPy")]


def _u32(rng, n):
    return in_t._u32(rng, n)


def test_bits_on_gpu(emu, rng):
    k = emu.compile(in_t.BITS_SRC.replace("__fns(v, 0, 1) * 0 + 7", "7"), "bits", filename="bits.cu")
    v = _u32(rng, 64)
    w = rng.integers(0, 1 << 63, 64, dtype=np.int64).astype(np.uint64)
    g, e, _ = both(k, 2, 32, v, w, np.zeros(1024, np.uint32), np.zeros(64, np.uint64))
    assert_parity(g[2], e[2], "bits")
    assert_parity(g[3], e[3], "brev64")


def test_funnel_shift_on_gpu(emu, rng):
    k = emu.compile(in_t.SHF_SRC, "shf", filename="shf.cu")
    c = rng.integers(0, 80, 64).astype(np.uint32)
    g, e, _ = both(k, 1, 64, _u32(rng, 64), _u32(rng, 64), c, np.zeros(256, np.uint32))
    assert_parity(g[3], e[3], "shf")


@pytest.mark.parametrize("mode", sorted(in_t.PRMT_TABLE))
def test_prmt_modes_on_gpu(emu, rng, mode):
    k = emu.compile(f"""
__global__ void p(const unsigned* a, const unsigned* b, const unsigned* c, unsigned* out)
{{
    unsigned r;
    int t = threadIdx.x;
    asm("prmt.b32.{mode} %0, %1, %2, %3;" : "=r"(r) : "r"(a[t]), "r"(b[t]), "r"(c[t]));
    out[t] = r;
}}
""", "p", filename=f"prmt_{mode}.cu")
    c = rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32)
    g, e, _ = both(k, 1, 32, _u32(rng, 32), _u32(rng, 32), c, np.zeros(32, np.uint32))
    assert_parity(g[3], e[3], mode)


def test_redux_and_match_on_gpu(emu, rng):
    k = emu.compile(in_t.REDUX_SRC, "rx", filename="redux.cu")
    masks = np.array([0xFFFFFFFF, 0x0F0F00F1, 0x80000001, rng.integers(1, 1 << 32)], np.uint32)
    g, e, _ = both(k, 2, 64, _u32(rng, 128), masks, np.full(1024, 0xDEADBEEF, np.uint32))
    assert_parity(g[2], e[2], "redux")
    k = emu.compile(in_t.MATCH_SRC, "mt", filename="match.cu")
    v = rng.integers(0, 4, 96).astype(np.uint32)
    v64 = rng.integers(0, 3, 96).astype(np.uint64) << np.uint64(40)
    g, e, _ = both(k, 1, 96, v, v64, np.zeros(384, np.uint32))
    assert_parity(g[2], e[2], "match")


def test_cooperative_groups_on_gpu(emu, rng):
    k = emu.compile(in_t.CG_SRC, "cgk", filename="cg.cu")
    g, e, _ = both(k, 2, 64, rng.integers(0, 100, 128).astype(np.int32), np.full(1024, -7, np.int32))
    assert_parity(g[1], e[1], "cg")
    k = emu.compile(in_t.CG_TILE_MEMORY_SRC, "bigTiles", filename="tiles.cu")
    g, e, _ = both(k, 2, 128, rng.integers(-50, 50, 256).astype(np.int32), np.zeros(512, np.int32))
    assert_parity(g[1], e[1], "block_tile_memory")


def test_calls_and_recursion_on_gpu(emu, rng):
    k = emu.compile(calls_t.CALLS_SRC, "calls", filename="calls.cu")
    x = rng.uniform(-4, 4, 96).astype(np.float32)
    g, e, _ = both(k, 3, 32, x, np.zeros(192, np.float32), np.zeros(192, np.int32))
    assert_parity(g[1], e[1], "float results")
    assert_parity(g[2], e[2], "int results")


def test_printf_formats_on_gpu(emu, rng):
    from tilelab.gpu import GpuSession
    k = emu.compile(calls_t.PRINTF_SRC, "show", filename="show.cu")
    iv = rng.integers(-3000, 3000, 40).astype(np.int32)
    fv = rng.uniform(-1e4, 1e4, 40).astype(np.float32)
    s = GpuSession(timeout=60, echo_output=False)
    s.start()
    try:
        s.launch(k, 1, 40, [iv, fv, np.zeros(4, np.int8)])
        gpu_lines = s.last_output.splitlines()
    finally:
        s.close()
    r = emu.run(k, 1, 40, iv, fv, np.zeros(4, np.int8), echo=False)
    assert sorted(gpu_lines) == sorted(r.printed)


def test_bmsk_on_gpu(emu, rng):
    k = emu.compile(in_t.BMSK_SRC, "masks", filename="bmsk.cu")
    a = rng.integers(0, 70, 128).astype(np.uint32)
    b = rng.integers(0, 70, 128).astype(np.uint32)
    g, e, _ = both(k, 2, 64, a, b, np.zeros(128, np.uint32), np.zeros(128, np.uint32))
    assert_parity(g[2], e[2], "bmsk.clamp")
    assert_parity(g[3], e[3], "bmsk.wrap")
