"""Directed rounding of f64 arithmetic (``add.rz.f64``, ``mul.rm.f64``, ``fma.rp.f64``, ``div.rz.f64``, ``sqrt.rm.f64``,
``rcp.rp.f64``): tilelab/emu/isa.py ``_float_finish`` with numerics.py's exact signs.

Why: ``round(double)`` compiles to ``add.rz.f64`` (then ``cvt.rzi``), and the emulator refused it ("directed rounding
of f64 arithmetic"): neural_renderer's texture loader at double precision, the forty-eighth unseen suite. Each result
here is checked against the exact value (Python's Fraction) rounded the way the modifier says."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import tilelab as tl


def _directed(exact: Fraction, mode: str) -> float:
    """The float64 next to ``exact`` on the side ``mode`` rounds to (written apart from the emulator's code)."""
    try:
        near = float(exact)
    except OverflowError:
        near = math.inf if exact > 0 else -math.inf
    if math.isinf(near):
        big = np.finfo(np.float64).max
        keep_inf = {"rz": False, "rm": exact < 0, "rp": exact > 0}[mode]
        return near if keep_inf else math.copysign(big, near)
    d = Fraction(near) - exact
    if d == 0:
        return near
    down = {"rz": exact > 0, "rm": True, "rp": False}[mode]
    if down and d > 0:
        return math.nextafter(near, -math.inf)
    if not down and d < 0:
        return math.nextafter(near, math.inf)
    return near


def _inputs(n, seed):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(n) * 10.0 ** rng.integers(-8, 8, n)
    x[:6] = [1.0, 3.0, 0.1, 1e308, 5e-324, 2.0 ** -1022]
    return x


OPS = {
    "add": ("add.{m}.f64 %%t3, %%t1, %%t2;", lambda a, b: Fraction(a) + Fraction(b)),
    "sub": ("sub.{m}.f64 %%t3, %%t1, %%t2;", lambda a, b: Fraction(a) - Fraction(b)),
    "mul": ("mul.{m}.f64 %%t3, %%t1, %%t2;", lambda a, b: Fraction(a) * Fraction(b)),
    "fma": ("fma.{m}.f64 %%t3, %%t1, %%t2, %%t1;", lambda a, b: Fraction(a) * Fraction(b) + Fraction(a)),
    "div": ("div.{m}.f64 %%t3, %%t1, %%t2;", lambda a, b: Fraction(a) / Fraction(b)),
}

KERNEL = r"""
__global__ void op(const double *x, const double *y, double *z) {{
    double a = x[threadIdx.x], b = y[threadIdx.x], c;
    asm("{{ .reg .f64 %%t1, %%t2, %%t3; mov.f64 %%t1, %1; mov.f64 %%t2, %2; {body} mov.f64 %0, %%t3; }}"
        : "=d"(c) : "d"(a), "d"(b));
    z[threadIdx.x] = c;
}}
"""


@pytest.mark.parametrize("mode", ["rz", "rm", "rp"])
@pytest.mark.parametrize("op", sorted(OPS))
def test_each_f64_operation_rounds_the_exact_value_as_its_modifier_says(op, mode):
    body, exact = OPS[op]
    k = tl.compile_cuda(KERNEL.format(body=body.format(m=mode))).kernels["op"]
    a, b = _inputs(64, 1), _inputs(64, 2)[::-1].copy()
    b[6] = -a[6]                                               # an exact zero sum, and its sign under .rm
    z = np.zeros(64)
    tl.launch(k, 1, 64, a, b, z, backend="emu", echo=False)
    want = np.array([_directed(exact(float(p), float(q)), mode) for p, q in zip(a, b)])
    if op in ("add", "sub") and mode == "rm":
        want[6] = -0.0 if op == "add" else want[6]
    np.testing.assert_array_equal(z, want)
    assert np.array_equal(np.signbit(z), np.signbit(want))


@pytest.mark.parametrize("mode", ["rz", "rm", "rp"])
def test_sqrt_and_rcp(mode):
    src = KERNEL.format(body=f"sqrt.{mode}.f64 %%t3, %%t1; rcp.{mode}.f64 %%t2, %%t1; add.f64 %%t3, %%t3, 0d0000000000000000;")
    k = tl.compile_cuda(src).kernels["op"]
    a = np.abs(_inputs(64, 3))
    z = np.zeros(64)
    tl.launch(k, 1, 64, a, np.zeros(64), z, backend="emu", echo=False)
    for x, got in zip(a, z):          # the largest float whose square is not above (rz, rm) / below (rp) x
        r = Fraction(got)
        if mode == "rp":
            assert r * r >= Fraction(x) and Fraction(math.nextafter(got, 0)) ** 2 < Fraction(x)
        else:
            assert r * r <= Fraction(x) and Fraction(math.nextafter(got, math.inf)) ** 2 > Fraction(x)


def test_round_of_a_double_runs_and_rounds_half_away_from_zero():
    """neural_renderer's ``round(pos_x)`` on doubles: ``add.rz.f64`` then ``cvt.rzi``."""
    src = 'extern "C" __global__ void k(const double *x, int *o) { o[threadIdx.x] = round(x[threadIdx.x]); }'
    x = np.array([0.5, 1.5, 2.5, -0.5, -2.5, 0.49999999999999994, -0.49999999999999994, 2097151.5,
                  2.4999999999999996, -3.5000000000000004] + list(np.linspace(-20, 20, 22)))
    o = np.zeros(32, np.int32)
    tl.launch(tl.compile_cuda(src).kernels["k"], 1, 32, x, o, backend="emu", echo=False)
    t = np.trunc(x)
    want = np.where(np.abs(x - t) >= 0.5, t + np.sign(x), t)
    np.testing.assert_array_equal(o, want.astype(np.int64).astype(np.int32))


def test_a_narrowing_rounds_as_its_modifier_says():
    """``__double2float_rz/_rd/_ru`` (``cvt.rz/rm/rp.f32.f64``), refused before as "directed rounding of a float
    narrowing": each result is the float32 next to the double on the rounding's side."""
    src = ("__global__ void k(const double *x, float *z, float *d, float *u) { int i = threadIdx.x;"
           " z[i] = __double2float_rz(x[i]); d[i] = __double2float_rd(x[i]); u[i] = __double2float_ru(x[i]); }")
    x = _inputs(64, 4)
    x[6:9] = [1e300, -1e300, 1e-50]
    out = [np.zeros(64, np.float32) for _ in range(3)]
    tl.launch(tl.compile_cuda(src).kernels["k"], 1, 64, x, *out, backend="emu", echo=False)
    with np.errstate(over="ignore"):
        _check_narrowing(x, out)


def _check_narrowing(x, out):
    f32 = np.finfo(np.float32)
    for got, mode in zip(out, ("rz", "rm", "rp")):
        for v, g in zip(x, got):
            lo = np.float32(v)                                  # nearest, then the neighbours around v
            cands = sorted({float(lo), float(np.nextafter(lo, np.float32(-np.inf))), float(np.nextafter(lo, np.float32(np.inf)))})
            below = max(c for c in cands if c <= v)
            above = min(c for c in cands if c >= v)
            want = {"rm": below, "rp": above, "rz": below if v >= 0 else above}[mode]
            if abs(v) > f32.max:                                # beyond float's range: the largest float, or inf
                want = {"rz": np.copysign(f32.max, v), "rm": -np.inf if v < 0 else f32.max,
                        "rp": np.inf if v > 0 else -f32.max}[mode]
            assert g == np.float32(want), (mode, v, g, want)
