"""Floating-point semantics that numpy does not give for free.

``fma.rn.f32`` rounds once. Computing a*b+c in float64 and rounding to float32
rounds twice and is wrong for inputs such as a = b = 1+2^-12, c = 1e-30. We
compute the exact product in float64 (24+24 bits fit in 53), add c with an
error-free TwoSum, round the float64 sum *to odd* using the residual, and only
then round to float32; rounding to odd at 53 bits makes the final rounding to
24 bits correct.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np


#: the one NaN an NVIDIA GPU's f32 arithmetic returns (PTX: "NaN payloads are not preserved"): 0x7fffffff. numpy's
#: (x86's) inf * 0 or inf - inf is 0xffc00000; a kernel that stores such a NaN stores the GPU's bits
#: (md-cpu-gpu's optimized_gpu, the twenty-seventh unseen suite)
CANONICAL_NAN_F32 = np.array(0x7FFFFFFF, np.uint32).view(np.float32)


def canonical_nan_f32(r) -> np.ndarray:
    """``r`` (an f32 arithmetic result) with every NaN the GPU's canonical one; the others' bits untouched."""
    r = np.asarray(r, np.float32)
    nan = r != r
    if nan.any():
        r = np.where(nan, CANONICAL_NAN_F32, r)
    return r


def fma_f32(a, b, c) -> np.ndarray:
    a = np.asarray(a, np.float32).astype(np.float64)
    b = np.asarray(b, np.float32).astype(np.float64)
    c = np.asarray(c, np.float32).astype(np.float64)
    with np.errstate(all="ignore"):
        p = a * b                                  # exact
        s = np.asarray(p + c)
        r = s.astype(np.float32)
        # Double rounding can only bite when s sits exactly on a float32 midpoint (low 29
        # mantissa bits = 1000...0) or in float32's subnormal range; fix just those lanes.
        bits = s.view(np.int64) if s.ndim else np.atleast_1d(s).view(np.int64)
        danger = ((bits & 0x1FFFFFFF) == 0x10000000) | (np.abs(np.atleast_1d(s)) < 2.0 ** -125)
        if not danger.any():
            return r
        d = np.flatnonzero(danger)
        pb, cb = np.broadcast_to(p, s.shape).reshape(-1)[d], np.broadcast_to(c, s.shape).reshape(-1)[d]
        fixed = _fma_slow(pb, cb)
        r = np.atleast_1d(r).copy()
        r.reshape(-1)[d] = fixed
        return r.reshape(s.shape) if s.ndim else r[0]


def _fma_slow(p, c):
    """Round p + c (p exact) to float32 once: TwoSum, round to odd at 53 bits, then to 24."""
    return _sum_round_to_odd(p, c).astype(np.float32)


def fma_f16(a, b, c) -> np.ndarray:
    """Half-precision FMA rounded once (the product of two halves is exact in float64)."""
    a = np.asarray(a, np.float16).astype(np.float64)
    b = np.asarray(b, np.float16).astype(np.float64)
    c = np.asarray(c, np.float16).astype(np.float64)
    with np.errstate(all="ignore"):
        shape = np.broadcast(a, b, c).shape
        p = np.broadcast_to(a * b, shape).reshape(-1)
        cc = np.broadcast_to(c, shape).reshape(-1)
        return _sum_round_to_odd(p, cc).astype(np.float16).reshape(shape)


def _sum_round_to_odd(p, c):
    """p + c in float64, rounded to odd: a later rounding to 24 (or 11) bits is then correct."""
    s, err = _two_sum(p, c)
    bits = s.view(np.int64).copy()
    inexact = (err != 0) & np.isfinite(s) & ((bits & 1) == 0) & (s != 0)
    toward = np.sign(err) * np.sign(s) > 0            # exact value has larger magnitude
    bits = np.where(inexact, bits + np.where(toward, 1, -1), bits)
    return bits.view(np.float64)


def _two_sum(a, b):
    s = a + b
    bp = s - a
    return s, (a - (s - bp)) + (b - bp)


def _split(a):
    t = a * 134217729.0                 # 2^27 + 1 (Veltkamp)
    hi = t - (t - a)
    return hi, a - hi


def fma_f64(a, b, c) -> np.ndarray:
    """Double FMA rounded once (Boldo & Melquiond: exact product, then round-to-odd)."""
    a = np.asarray(a, np.float64)
    b = np.asarray(b, np.float64)
    c = np.asarray(c, np.float64)
    with np.errstate(all="ignore"):
        naive = a * b + c
        uh = a * b
        ah, al = _split(a)
        bh, bl = _split(b)
        ul = ((ah * bh - uh) + ah * bl + al * bh) + al * bl      # Dekker: a*b = uh + ul exactly
        th, tl = _two_sum(c, uh)
        v, err = _two_sum(tl, ul)
        bits = np.atleast_1d(v).view(np.int64).copy()
        vv = np.atleast_1d(v)
        odd_fix = (np.atleast_1d(err) != 0) & ((bits & 1) == 0) & (vv != 0) & np.isfinite(vv)
        toward = np.sign(np.atleast_1d(err)) * np.sign(vv) > 0
        bits = np.where(odd_fix, bits + np.where(toward, 1, -1), bits)
        v_odd = bits.view(np.float64).reshape(np.shape(v))
        r = th + v_odd
        ok = np.isfinite(r) & np.isfinite(uh) & (np.abs(uh) < 2.0 ** 995) & (np.abs(np.asarray(a)) < 2.0 ** 995) \
            & (np.abs(np.asarray(b)) < 2.0 ** 995)
        out = np.where(ok & (r != 0), r, naive)          # an exact zero: its sign is the naive sum's
        # Dekker's split loses the product's low bits when they fall below 2^-1074, and the
        # round-to-odd sum rounds twice where the result is subnormal: those lanes exactly
        tiny = np.isfinite(naive) & (a != 0) & (b != 0) & ((np.abs(uh) < 2.0 ** -969) | (np.abs(r) < 2.0 ** -969))
        if np.any(tiny):
            out = np.array(out, dtype=np.float64)
            shape = np.broadcast(a, b, c).shape
            av, bv, cv = (np.broadcast_to(x, shape).reshape(-1) for x in (a, b, c))
            flat = out.reshape(-1)
            for i in np.flatnonzero(np.broadcast_to(tiny, shape)):
                exact = Fraction(float(av[i])) * Fraction(float(bv[i])) + Fraction(float(cv[i]))
                if exact != 0:
                    flat[i] = exact.numerator / exact.denominator     # correctly rounded, subnormals too
            out = flat.reshape(shape)
        return out


def f16_bits_to_f32(bits) -> np.ndarray:
    return np.asarray(bits, np.uint16).view(np.float16).astype(np.float32)


def f32_to_f16_bits(x) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.asarray(x, np.float32).astype(np.float16).view(np.uint16)


# ------------------------------------------------------------------------ directed rounding of f64
# sign(r - exact) of a round-to-nearest f64 result r, lane by lane: the emulator's .rz/.rm/.rp on f64 arithmetic steps
# r to its neighbour where that sign says the nearest result lies on the wrong side (isa.py, _float_finish). A finite
# operation whose nearest result overflowed lies above (below) every finite value; non-finite operands are exact.

def exact_sign_f64(fn, r, *ops) -> np.ndarray:
    """sign(fn(r, *ops)) with every value an exact Fraction, lane by lane (``fn`` is e.g. ``r*b - a`` for a
    quotient): slow and exact, for the operations whose error has no cheap exact form (fma, div, sqrt, rcp) and the
    lanes the fast forms below cannot take."""
    shape = np.broadcast(r, *ops).shape
    rv = np.broadcast_to(np.asarray(r, np.float64), shape).reshape(-1)
    ov = [np.broadcast_to(np.asarray(o, np.float64), shape).reshape(-1) for o in ops]
    out = np.zeros(len(rv))
    for i in range(len(rv)):
        xs = [float(o[i]) for o in ov]
        if not all(np.isfinite(xs)) or np.isnan(rv[i]):
            continue
        if np.isinf(rv[i]):
            out[i] = np.sign(rv[i])
            continue
        try:
            v = fn(Fraction(float(rv[i])), *map(Fraction, xs))
        except ZeroDivisionError:
            continue
        out[i] = (v > 0) - (v < 0)
    return out.reshape(shape)


def _fallback(cmp, slow, exact, r, *ops):
    """Where ``slow`` (a lane mask) is set, sign(r - exact(*ops)) from Fractions instead of the fast sign."""
    shape = np.broadcast(cmp, slow, r, *ops).shape
    slow = np.broadcast_to(slow, shape)
    if np.any(slow):
        cmp = np.array(np.broadcast_to(cmp, shape), dtype=np.float64)
        cmp[slow] = exact_sign_f64(lambda x, *y: x - exact(*y), *(np.broadcast_to(v, shape)[slow] for v in (r, *ops)))
    return cmp


def add_sign_f64(r, p, c) -> np.ndarray:
    """sign(r - (p + c)) for r = RN(p + c): TwoSum's error, exact where the sum neither overflows nor takes a
    non-finite operand."""
    with np.errstate(all="ignore"):
        p, c, r = (np.asarray(x, np.float64) for x in (p, c, r))
        s, e = _two_sum(p, c)
        cmp = np.sign((r - s) - e)
        return _fallback(cmp, ~np.isfinite(s) | ~np.isfinite(cmp), lambda a, b: a + b, r, p, c)


def mul_sign_f64(r, a, b) -> np.ndarray:
    """sign(r - a*b) for r = RN(a*b): Dekker's exact low part, exact where the product is normal and finite."""
    with np.errstate(all="ignore"):
        a, b, r = (np.asarray(x, np.float64) for x in (a, b, r))
        uh = a * b
        ah, al = _split(a)
        bh, bl = _split(b)
        ul = ((ah * bh - uh) + ah * bl + al * bh) + al * bl
        cmp = np.sign((r - uh) - ul)
        big = np.maximum(np.abs(a), np.abs(b)) >= 2.0 ** 995
        tiny = (np.abs(uh) < 2.0 ** -969) & (a != 0) & (b != 0)
        return _fallback(cmp, ~np.isfinite(uh) | ~np.isfinite(cmp) | big | tiny, lambda x, y: x * y, r, a, b)
