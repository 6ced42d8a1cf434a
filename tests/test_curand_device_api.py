"""``#include <curand_kernel.h>``: cuRAND's device API, as Monte Carlo kernels use it, under each NVRTC major.

cuRAND's device API is header-only; the project installs the CUDA 12 and 13 wheels (``nvidia-curand-cu12``,
``nvidia-curand``) and ``tilelab/toolchain/discover.py`` puts their headers on NVRTC's path. Before, every kernel
that included it stopped with 'cannot open source file "curand_kernel.h"'.

The references are written from the generators' definitions, not from NVIDIA's code or tables (XORWOW's in
collection/references.py, which the collection's cuRAND entries use too):
- XORWOW (Marsaglia) with cuRAND's published seeding; a subsequence is 2^67 draws further on, and that jump is
  computed here as the one-step GF(2) matrix raised to 2^67 by squaring (cuRAND reads precomputed tables);
- an offset of n draws is checked against drawing n times;
- Philox4x32-10 (Salmon et al. 2011), the subsequence in the counter's upper half.
"""
from pathlib import Path

import numpy as np
import pytest

from collection import references

M32 = 0xFFFFFFFF

SRC = r"""
#include <curand_kernel.h>

// one generator per thread, its subsequence the thread's index, as most Monte Carlo kernels seed
__global__ void xorwow_draws(unsigned *bits, float *uni, float *gauss, unsigned long long seed, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= n) return;
    curandState s;
    curand_init(seed, id, 0, &s);
    bits[2 * id] = curand(&s);
    bits[2 * id + 1] = curand(&s);
    uni[id] = curand_uniform(&s);
    gauss[id] = curand_normal(&s);
}

// one sequence, each thread starting `id` draws in
__global__ void xorwow_offsets(unsigned *bits, unsigned long long seed, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= n) return;
    curandState s;
    curand_init(seed, 0, id * 37ull, &s);
    bits[id] = curand(&s);
}

__global__ void philox_draws(uint4 *out, unsigned long long seed, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= n) return;
    curandStatePhilox4_32_10_t s;
    curand_init(seed, id, 0, &s);
    out[2 * id] = curand4(&s);
    out[2 * id + 1] = curand4(&s);
}
"""


# ------------------------------------------------------------------------------ XORWOW
# collection/references.py's: seeding, the one-step GF(2) matrix raised to 2^67, drawing (the collection's cuRAND
# entries use the same functions; this file is where they meet the emulator's run of cuRAND's own header code)
def _xorwow_draws(v, d, n):
    out = []
    for _ in range(n):
        x, v, d = references.xorwow_next(v, d)
        out.append(x)
    return out


def test_xorwow_subsequences_are_2_to_the_67_draws_apart(emu):
    n, seed = 48, 0x1234_5678_9ABC
    k = emu.compile(SRC, "xorwow_draws", filename="mc.cu")
    bits, uni, gauss = np.zeros(2 * n, np.uint32), np.zeros(n, np.float32), np.zeros(n, np.float32)
    r = emu.run(k, 2, 32, bits, uni, gauss, seed, n)
    assert r.findings == []
    for i, (v, d) in enumerate(references.xorwow_init(seed, n)):      # thread i: subsequence i, 2^67 i draws on
        want = _xorwow_draws(v, d, 5)
        assert list(bits[2 * i: 2 * i + 2]) == want[:2], i
        assert abs(float(uni[i]) - float(references.curand_uniform_f32(want[2]))) <= np.spacing(np.float32(uni[i])), i
        u1, u2 = float(references.curand_uniform_f32(want[3])), (want[4] * 2.0 ** -32 + 2.0 ** -33) * 2 * np.pi
        assert gauss[i] == pytest.approx(np.sqrt(-2 * np.log(u1)) * np.sin(u2), abs=2e-4), i   # __sincosf: approximate
    assert len(set(bits.tolist())) == 2 * n


def test_xorwow_offsets_skip_that_many_draws(emu):
    n, seed = 64, 987654321
    k = emu.compile(SRC, "xorwow_offsets", filename="mc.cu")
    bits = np.zeros(n, np.uint32)
    emu.run(k, 1, 64, bits, seed, n)
    (v, d), = references.xorwow_init(seed, 1)
    draws = _xorwow_draws(v, d, 37 * (n - 1) + 1)
    assert bits.tolist() == draws[::37]


# ------------------------------------------------------------------------------ Philox4x32-10
def _philox(ctr, key):
    c, k = list(ctr), list(key)
    for rnd in range(10):
        if rnd:
            k = [(k[0] + 0x9E3779B9) & M32, (k[1] + 0xBB67AE85) & M32]
        p0, p1 = 0xD2511F53 * c[0], 0xCD9E8D57 * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k[0], p1 & M32, (p0 >> 32) ^ c[3] ^ k[1], p0 & M32]
    return c


def test_philox_subsequences_and_counters(emu):
    n, seed = 40, 0xDEADBEEF_0BADF00D
    k = emu.compile(SRC, "philox_draws", filename="mc.cu")
    out = np.zeros((2 * n, 4), np.uint32)
    emu.run(k, 2, 32, out, seed, n)
    key = [seed & M32, seed >> 32]
    for i in range(n):
        assert out[2 * i].tolist() == _philox([0, 0, i, 0], key), i
        assert out[2 * i + 1].tolist() == _philox([1, 0, i, 0], key), i


def test_without_the_wheel_the_error_names_it(emu, monkeypatch):
    """Where cuRAND's headers are not on NVRTC's path, the compile error says which wheel gives them."""
    from tilelab.errors import CompileError
    from tilelab.toolchain import nvrtc as nvrtc_mod

    nv = nvrtc_mod.find_nvrtc(emu.nvrtc)
    monkeypatch.setattr(nv, "include_dirs", [d for d in nv.include_dirs if not (Path(d) / "curand_kernel.h").is_file()])
    with pytest.raises(CompileError) as e:
        emu.compile(SRC + "// compiled with no cuRAND headers\n", "philox_draws", filename="mc.cu")
    text = str(e.value)
    assert 'cannot open source file "curand_kernel.h"' in text
    assert ("nvidia-curand-cu12" if emu.nvrtc < 13 else "pip install nvidia-curand") in text
