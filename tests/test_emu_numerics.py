"""fp32 on the emulator is IEEE: a fused multiply-add rounds once, and the basic
operations are correctly rounded. The reference here is exact rational arithmetic
(fractions.Fraction) rounded to float32 by hand, written independently of
tilelab.emu.numerics. DESIGN §4 "Numbers"."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

FMA_SRC = """\
__global__ void fmaKernel(const float* a, const float* b, const float* c, float* d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = fmaf(a[i], b[i], c[i]);
}
"""

IEEE_SRC = """\
__global__ void ieeeOps(const float* a, const float* b, float* add, float* sub, float* mul,
                        float* dv, float* sq, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        add[i] = __fadd_rn(a[i], b[i]);
        sub[i] = __fsub_rn(a[i], b[i]);
        mul[i] = __fmul_rn(a[i], b[i]);
        dv[i] = __fdiv_rn(a[i], b[i]);
        sq[i] = __fsqrt_rn(a[i]);
    }
}
"""

F32_MAX = Fraction(2) ** 128 - Fraction(2) ** 104
EMIN = -126          # smallest normal exponent
MANT = 23            # fraction bits


# ------------------------------------------------------------------ exact reference
def round_to_f32(x: Fraction) -> float:
    """Round an exact rational to the nearest float32, ties to even (IEEE RN), with
    gradual underflow and overflow to infinity. Returns a Python float (exact)."""
    if x == 0:
        return 0.0
    sign = -1 if x < 0 else 1
    ax = abs(x)
    e = math.floor(math.log2(ax.numerator)) - math.floor(math.log2(ax.denominator))
    while Fraction(2) ** e > ax:            # fix the estimate: 2^e <= ax < 2^(e+1)
        e -= 1
    while Fraction(2) ** (e + 1) <= ax:
        e += 1
    q = Fraction(2) ** (max(e, EMIN) - MANT)  # the float32 spacing at that magnitude
    n = ax / q
    fl = n.numerator // n.denominator
    rem = n - fl
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1):
        fl += 1
    r = fl * q
    if r >= Fraction(2) ** 128:
        return sign * math.inf
    return sign * float(r)


def fma_exact_f32(a: float, b: float, c: float) -> float:
    """Correctly rounded float32 fma(a, b, c) of float32 inputs (given as floats)."""
    if any(math.isnan(v) for v in (a, b, c)):
        return math.nan
    if any(math.isinf(v) for v in (a, b, c)):
        with np.errstate(all="ignore"):          # inf arithmetic is exact in float64
            return float(np.float64(a) * np.float64(b) + np.float64(c))
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:
        p_neg = (math.copysign(1, a) * math.copysign(1, b)) < 0
        c_neg = math.copysign(1, c) < 0
        if a * b == 0 and c == 0:                # signed zeros: -0 only if both are -0
            return -0.0 if (p_neg and c_neg) else 0.0
        return 0.0                               # exact cancellation: +0 in round-to-nearest
    r = round_to_f32(exact)
    if r == 0:                                   # underflowed to zero keeps the sign
        return math.copysign(0.0, float(exact))
    return r


def test_round_to_f32_agrees_with_numpy_on_doubles(rng):
    # numpy's float64 -> float32 cast is a single correct rounding: a check of our rounder
    x = rng.standard_normal(3000) * np.exp2(rng.integers(-160, 130, 3000))
    x = np.concatenate([x, [2.0 ** -149 * 0.5, 2.0 ** -149 * 1.5, 3.4028235677973366e38,
                            3.4028235677973366e38 * (1 + 2 ** -25), 1 + 2 ** -24, 1 + 3 * 2 ** -24]])
    with np.errstate(over="ignore"):
        want = x.astype(np.float32)
    got = np.array([round_to_f32(Fraction(float(v))) for v in x], dtype=np.float32)
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))


# ------------------------------------------------------------------ adversarial set
def f32(x):
    return np.float32(x)


def adversarial_set(rng, n_random=400):
    A, B, C = [], [], []

    def add(a, b, c):
        A.append(f32(a)), B.append(f32(b)), C.append(f32(c))

    one = 1 + 2.0 ** -12
    # DESIGN §4's case: the exact value is just above a float32 midpoint; double rounding
    # (float64 then float32) lands exactly on the midpoint and rounds to even: wrong.
    for c in (1e-30, -1e-30, 2.0 ** -149, -(2.0 ** -149), 0.0):
        add(one, one, c)
        add(-one, one, -c)
    # products that are exactly float32 midpoints, nudged by a tiny c of either sign
    for _ in range(n_random):
        i, j = rng.integers(1, 1 << 12, 2)
        i |= 1
        j |= 1                                       # i*j odd: the 2^-24 bit is set
        sa, sb = rng.integers(-20, 21, 2)
        a = (1 + float(i) * 2.0 ** -12) * 2.0 ** sa * rng.choice([-1, 1])
        b = (1 + float(j) * 2.0 ** -12) * 2.0 ** sb
        # below half an ulp of the float64 product, so float64 arithmetic loses it entirely
        tiny = float(f32(2.0 ** max(int(sa + sb) - int(rng.integers(55, 110)), -149)))
        add(a, b, tiny * rng.choice([-1, 1]))
    # near-cancellation: c = -round(a*b) (result is the product's rounding error), and
    # c a few ulps away
    for _ in range(n_random):
        a, b = (rng.standard_normal(2) * np.exp2(rng.integers(-30, 30, 2))).astype(np.float32)
        p = f32(np.float64(a) * np.float64(b))
        for k in (0, 1, -1, 3):
            c = p
            for _ in range(abs(k)):
                c = np.nextafter(c, np.float32(np.inf) if k > 0 else np.float32(-np.inf))
            add(a, b, -c)
    # the sum lands close to a midpoint of the result's binade from random c
    for _ in range(n_random):
        a, b = (rng.uniform(1, 2, 2)).astype(np.float32)
        p = Fraction(float(a)) * Fraction(float(b))
        target = Fraction(int(rng.integers(1 << 23, 1 << 24)) * 2 + 1, 1 << 24) * 2 ** int(rng.integers(-3, 4))
        c = f32(float(target - p))                   # one rounding away from hitting it
        add(a, b, c)
    # subnormal and underflowing results
    for _ in range(n_random // 2):
        a = f32(rng.uniform(1, 2) * 2.0 ** -70) * rng.choice([-1, 1])
        b = f32(rng.uniform(1, 2) * 2.0 ** -70)
        c = f32(rng.integers(-2000, 2000) * 2.0 ** -149)
        add(a, b, c)
    # an intermediate product beyond float32's range that c brings back (no overflow in fma)
    fmax = np.finfo(np.float32).max
    add(1.5 * 2.0 ** 64, 2.0 ** 64, -fmax)
    add(2.0 ** 100, 2.0 ** 30, -fmax)                # still overflows: +inf
    add(-(2.0 ** 100), 2.0 ** 30, fmax)              # -inf
    add(fmax, 1.0, fmax * 2.0 ** -24)                # rounds up past FLT_MAX: +inf
    add(fmax, 1.0, fmax * 2.0 ** -25)                # just below the overflow threshold
    # signed zeros, infinities, NaN
    for a, b, c in [(0.0, 5.0, -0.0), (-0.0, 5.0, -0.0), (-0.0, -5.0, -0.0), (3.0, -2.0, 6.0),
                    (np.inf, 0.0, 1.0), (np.inf, 2.0, -np.inf), (np.inf, 2.0, 1.0),
                    (np.nan, 1.0, 1.0), (2.0 ** -75, 2.0 ** -75, -0.0), (-(2.0 ** -75), 2.0 ** -75, 0.0)]:
        add(a, b, c)
    # plain random over a wide exponent range
    for _ in range(n_random):
        a, b, c = (rng.standard_normal(3) * np.exp2(rng.integers(-60, 60, 3))).astype(np.float32)
        add(a, b, c)
    return np.array(A, np.float32), np.array(B, np.float32), np.array(C, np.float32)


def exact_fma_array(a, b, c):
    return np.array([fma_exact_f32(float(x), float(y), float(z)) for x, y, z in zip(a, b, c)],
                    dtype=np.float32)


def assert_same_floats(got, want, inputs=None):
    gn, wn = np.isnan(got), np.isnan(want)
    bad = (gn != wn) | (~gn & (got.view(np.uint32) != want.view(np.uint32)))
    if bad.any():
        i = np.flatnonzero(bad)[:5]
        extra = "" if inputs is None else " inputs " + str([tuple(map(float, t)) for t in zip(*(x[i] for x in inputs))])
        raise AssertionError(f"{bad.sum()} of {bad.size} differ; at {i.tolist()}: got "
                             f"{got[i].tolist()} want {want[i].tolist()}{extra}")


def test_design_case_is_a_double_rounding_trap():
    # make sure the set really contains the trap: float64-then-float32 gets it wrong
    a = b = f32(1 + 2.0 ** -12)
    c = f32(1e-30)
    twice = np.float32(np.float64(a) * np.float64(b) + np.float64(c))
    once = fma_exact_f32(float(a), float(b), float(c))
    assert float(twice) != once
    assert once == 1 + 2.0 ** -11 + 2.0 ** -23


def test_fmaf_rounds_once(emu, rng):
    a, b, c = adversarial_set(rng)
    want = exact_fma_array(a, b, c)
    # the set is adversarial: double rounding gets a good share of it wrong
    with np.errstate(all="ignore"):
        twice = (a.astype(np.float64) * b.astype(np.float64) + c.astype(np.float64)).astype(np.float32)
    assert (twice.view(np.uint32) != want.view(np.uint32)).sum() >= 50
    k = emu.compile(FMA_SRC, "fmaKernel")
    assert "fma.rn.f32" in k.program.ptx
    n = len(a)
    d = np.full(n, np.nan, np.float32)
    r = emu.run(k, (n + 127) // 128, 128, a, b, c, d, n)
    assert r.findings == []
    assert_same_floats(d, want, (a, b, c))


def test_fma32_reference_fixture_is_exact(rng, fma32):
    # the vectorised fma used by the matmul tests agrees with exact arithmetic
    a, b, c = adversarial_set(rng, n_random=200)
    assert_same_floats(fma32(a, b, c), exact_fma_array(a, b, c), (a, b, c))


def test_ieee_add_sub_mul_div_sqrt(emu, rng):
    n = 3000
    a = (rng.standard_normal(n) * np.exp2(rng.integers(-140, 120, n))).astype(np.float32)
    b = (rng.standard_normal(n) * np.exp2(rng.integers(-140, 120, n))).astype(np.float32)
    a[:20] = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 3e38, -3e38, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    b[:20] = [-0.0, 0.0, np.inf, 1.0, 1.0, 2.0, 0.5, 3e38, 3e38, 0, -0.0, 3, 7, 1e-45, 1e30, 1e-30, 8, 9, 10, 11]
    aa = np.abs(a)
    aa[::7] = -aa[::7]                         # sqrt of negatives: NaN
    outs = [np.full(n, np.nan, np.float32) for _ in range(5)]
    k = emu.compile(IEEE_SRC, "ieeeOps")
    ptx = k.program.ptx
    for op in ("add.rn.f32", "sub.rn.f32", "mul.rn.f32", "div.rn.f32", "sqrt.rn.f32"):
        assert op in ptx, op
    # two launches: a,b for the binary ops and |a| (some negated) for sqrt
    r = emu.run(k, (n + 255) // 256, 256, a, b, *outs, n)
    assert r.findings == []
    add, sub, mul, dv, _ = outs
    with np.errstate(all="ignore"):
        assert_same_floats(add, a + b)
        assert_same_floats(sub, a - b)
        assert_same_floats(mul, a * b)
        assert_same_floats(dv, a / b)
        sq = np.full(n, np.nan, np.float32)
        r = emu.run(k, (n + 255) // 256, 256, aa, b, np.empty_like(a), np.empty_like(a),
                    np.empty_like(a), np.empty_like(a), sq, n)
        assert_same_floats(sq, np.sqrt(aa))
    # spot-check a few against the exact rounder, so numpy is not the only authority
    for i in range(20, 60):
        x, y = Fraction(float(a[i])), Fraction(float(b[i]))
        assert float(mul[i]) == round_to_f32(x * y)
        assert float(add[i]) == round_to_f32(x + y) or x + y == 0
        assert float(dv[i]) == round_to_f32(x / y)


FMA64_SRC = """\
__global__ void fma64(const double* a, const double* b, const double* c, double* d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = fma(a[i], b[i], c[i]);
}
"""


def fma64_cases(rng, n=256):
    # a*b exactly on a float64 midpoint (1 + i 2^-27)(1 + j 2^-26), i, j odd, nudged by a tiny c:
    # computing a*b + c with two roundings gets about half of them wrong
    i = rng.integers(0, 1 << 20, n) * 2 + 1
    j = rng.integers(0, 1 << 20, n) * 2 + 1
    a = 1 + i.astype(np.float64) * 2.0 ** -27
    b = 1 + j.astype(np.float64) * 2.0 ** -26
    c = rng.choice([-1.0, 1.0], n) * np.exp2(-rng.integers(60, 300, n).astype(np.float64))
    return a, b, c


NAN_SRC = r"""
__global__ void nans(const float *a, const float *b, unsigned *out) {
  float x = a[threadIdx.x], y = b[threadIdx.x];
  out[5 * threadIdx.x + 0] = __float_as_uint(x * y);
  out[5 * threadIdx.x + 1] = __float_as_uint(x - y);
  out[5 * threadIdx.x + 2] = __float_as_uint(__fdiv_rn(x, y));
  out[5 * threadIdx.x + 3] = __float_as_uint(__fmaf_rn(x, y, 1.0f));
  out[5 * threadIdx.x + 4] = __float_as_uint(a[threadIdx.x]);
}
"""


def test_an_f32_nan_result_has_the_gpus_bits(emu):
    """inf * 0, inf - inf, 0 / 0, fma(inf, 0, 1), and arithmetic on a NaN input: the H200 returns its canonical NaN,
    0x7fffffff (md-cpu-gpu's optimized_gpu stored it where the emulator stored numpy's 0xffc00000: the
    twenty-seventh unseen suite); a NaN only loaded and stored keeps its bits; other results are untouched."""
    k = emu.compile(NAN_SRC, "nans", filename="nans.cu")
    odd = np.array([0xFFC00001], np.uint32).view(np.float32)[0]          # a NaN with a payload
    a = np.array([np.inf, np.inf, 0.0, odd, 3.0] + [1.0] * 27, np.float32)
    b = np.array([0.0, np.inf, 0.0, 2.0, 4.0] + [1.0] * 27, np.float32)
    out = np.zeros(32 * 5, np.uint32)
    emu.run(k, 1, 32, a, b, out, echo=False)
    out = out.reshape(32, 5)
    assert out[0, 0] == 0x7FFFFFFF and out[0, 3] == 0x7FFFFFFF            # inf * 0, fma(inf, 0, 1)
    assert out[1, 1] == 0x7FFFFFFF and out[2, 2] == 0x7FFFFFFF            # inf - inf, 0 / 0
    assert (out[3, :4] == 0x7FFFFFFF).all() and out[3, 4] == 0xFFC00001  # a NaN input: canonical; copied: kept
    f = np.float32
    assert out[4].tolist() == [np.array(v, np.float32).view(np.uint32).item()
                               for v in (f(12), f(-1), f(0.75), f(13), f(3))]


def test_fma64_cases_are_traps(rng):
    a, b, c = fma64_cases(rng)
    exact = [float(Fraction(x) * Fraction(y) + Fraction(z)) for x, y, z in zip(a, b, c)]
    assert sum(x * y + z != e for x, y, z, e in zip(a, b, c, exact)) > 50


def test_fma_f64_rounds_once(emu, rng):
    a, b, c = fma64_cases(rng)
    n = len(a)
    k = emu.compile(FMA64_SRC, "fma64", filename="fma64.cu")
    d = np.full(n, np.nan)
    emu.run(k, 2, 128, a, b, c, d, n)
    # Python's float(Fraction) is a correctly rounded division
    want = np.array([float(Fraction(x) * Fraction(y) + Fraction(z)) for x, y, z in zip(a, b, c)])
    np.testing.assert_array_equal(d, want)


HALF_SRC = r"""
#include <cuda_fp16.h>
__global__ void halves(const __half2* a, const __half2* b, const __half2* c, __half2* out, __half* o1, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __hfma2(a[i], b[i], c[i]);
        o1[i] = __hadd(__low2half(a[i]), __high2half(b[i])) * __low2half(c[i]);
    }
}
"""


def _round_half(x: Fraction) -> np.float16:
    """Correctly round an exact value to float16 (ties to even), independently of numpy's casts."""
    f = np.float16(float(x))
    cands = [np.nextafter(f, np.float16(-np.inf)), f, np.nextafter(f, np.float16(np.inf))]
    return min(cands, key=lambda v: (abs(Fraction(float(v)) - x), int(np.array(v).view(np.uint16)) & 1))


def test_half_precision_arithmetic_rounds_once(rng):
    from tilelab.toolchain import compile_cuda
    from tilelab.launch import launch
    k = compile_cuda(HALF_SRC, filename="halves.cu").kernels["halves"]
    n = 1024
    a, b, c = ((rng.standard_normal(2 * n) * 4).astype(np.float16) for _ in range(3))
    out = np.full(2 * n, np.nan, np.float16)
    o1 = np.full(n, np.nan, np.float16)
    r = launch(k, n // 256, 256, a, b, c, out, o1, n, backend="emu")
    assert r.findings == []
    exact = [_round_half(Fraction(float(x)) * Fraction(float(y)) + Fraction(float(z))) for x, y, z in zip(a, b, c)]
    assert np.array_equal(np.array(exact, np.float16).view(np.uint16), out.view(np.uint16))
    s = [_round_half(Fraction(float(x)) + Fraction(float(y))) for x, y in zip(a[0::2], b[1::2])]
    p = [_round_half(Fraction(float(u)) * Fraction(float(z))) for u, z in zip(s, c[0::2])]
    assert np.array_equal(np.array(p, np.float16).view(np.uint16), o1.view(np.uint16))
