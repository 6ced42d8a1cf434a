"""A loose speed smoke test for CI (the real bar, with numba-cuda's simulator beside it,
lives in bench/emu_speed.py; DESIGN §4 "Speed"): every sanitizer and metric on."""
from __future__ import annotations

import time

import numpy as np


def test_tiled_matmul_128_is_fast_enough(emu, rng):
    N, T = 128, 32
    k = emu.kernel("matmul_tiled.cu", "matmulTiled32")       # compile outside the timing
    A, B = rng.standard_normal((2, N, N)).astype(np.float32)
    C = np.full((N, N), np.nan, np.float32)
    t0 = time.perf_counter()
    r = emu.run(k, (N // T, N // T), (T, T), A, B, C, N)
    wall = time.perf_counter() - t0
    assert r.findings == []
    assert wall < 10.0, f"128x128 tiled matmul took {wall:.2f} s on the emulator"
    assert 0 < r.seconds <= wall + 0.01
    # lane-instructions: at least one fma per (i, j, k)
    assert r.lane_instructions >= N ** 3
    np.testing.assert_allclose(C, A.astype(np.float64) @ B, rtol=1e-4, atol=1e-4)
