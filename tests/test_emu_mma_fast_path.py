"""The fp32-accumulating tensor-core step's fast path (tilelab/emu/mma_forms.py,
``_tensor_core_f32_finite``: one k at a time, integer exponents) gives the same bits as the
[w, M, K, N] form fitted to the H200 (``tensor_core_f32`` with the fast path off), over f16, bf16
and tf32 ranges, zeros, signed zeros, huge and tiny values; and it leaves inf, NaN, all-zero sums
and f32 overflow to that form."""
from __future__ import annotations

import numpy as np
import pytest

from tilelab.emu import mma_forms as mf


def _general(A, B, C, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(mf, "_tensor_core_f32_finite", lambda *a: None)
        return mf.tensor_core_f32(A, B, C)


def _values(rng, shape, kind, spread):
    x = rng.uniform(-1, 1, shape) * 2.0 ** rng.integers(-spread, spread + 1, shape)
    x[rng.random(shape) < 0.15] = 0.0
    x[rng.random(shape) < 0.05] = -0.0
    if kind == "f16":
        return x.astype(np.float16).astype(np.float64)
    if kind == "bf16":
        return (x.astype(np.float32).view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32).astype(np.float64)
    return (x.astype(np.float32).view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32).astype(np.float64)


def _same(a, b):
    return np.array_equal(a, b, equal_nan=True) and np.array_equal(np.signbit(a), np.signbit(b))


@pytest.mark.parametrize("kind,spread,shape", [("f16", 12, (16, 16, 8)), ("bf16", 60, (16, 16, 8)),
                                               ("tf32", 40, (16, 8, 8)), ("f16", 3, (64, 16, 64))])
def test_the_fast_path_gives_the_same_bits(kind, spread, shape, monkeypatch):
    rng = np.random.default_rng(sum(map(ord, kind)) + spread)
    M, K, N = shape
    taken = 0
    for trial in range(40):
        w = int(rng.integers(1, 6))
        A, B = _values(rng, (w, M, K), kind, spread), _values(rng, (w, K, N), kind, spread)
        C = rng.uniform(-1, 1, (w, M, N)).astype(np.float32).astype(np.float64) * 2.0 ** int(rng.integers(-20, 20))
        if trial % 4 == 0:
            C[rng.random(C.shape) < 0.5] = 0.0
        taken += mf._tensor_core_f32_finite(A, B, C) is not None
        assert _same(mf.tensor_core_f32(A, B, C), _general(A, B, C, monkeypatch)), (kind, trial)
    assert taken >= 30                       # the fast path did the work


def test_what_the_fast_path_leaves_to_the_general_form(monkeypatch):
    rng = np.random.default_rng(5)
    A, B = _values(rng, (2, 16, 16), "f16", 4), _values(rng, (2, 16, 8), "f16", 4)
    C = np.zeros((2, 16, 8))
    cases = []
    a = A.copy(); a[0, 3, 2] = np.inf; cases.append((a, B, C))
    c = C.copy(); c[1, 0, 0] = np.nan; cases.append((A, B, c))
    a = A.copy(); a[0, 5, :] = 0.0; c = C.copy(); c[0, 5, :] = -0.0; cases.append((a, B, c))   # sums of zeros
    big = np.full((1, 16, 16), 2.0 ** 120); cases.append((big, np.full((1, 16, 8), 2.0 ** 120), np.zeros((1, 16, 8))))
    for A_, B_, C_ in cases:
        assert mf._tensor_core_f32_finite(A_, B_, C_) is None
        assert _same(mf.tensor_core_f32(A_, B_, C_), _general(A_, B_, C_, monkeypatch))
