"""Floating-point semantics that numpy does not give for free.

``fma.rn.f32`` rounds once. Computing a*b+c in float64 and rounding to float32
rounds twice and is wrong for inputs such as a = b = 1+2^-12, c = 1e-30. We
compute the exact product in float64 (24+24 bits fit in 53), add c with an
error-free TwoSum, round the float64 sum *to odd* using the residual, and only
then round to float32; rounding to odd at 53 bits makes the final rounding to
24 bits correct.
"""
from __future__ import annotations

import numpy as np


def fma_f32(a, b, c) -> np.ndarray:
    a = np.asarray(a, np.float32).astype(np.float64)
    b = np.asarray(b, np.float32).astype(np.float64)
    c = np.asarray(c, np.float32).astype(np.float64)
    with np.errstate(all="ignore"):
        p = a * b                                  # exact
        s = p + c
        bp = s - c                                 # TwoSum: err = (p - bp) + (c - (s - bp))
        err = (p - bp) + (c - (s - bp))
        bits = np.atleast_1d(s).view(np.int64).copy()
        inexact = (err != 0) & np.isfinite(np.atleast_1d(s)) & ((bits & 1) == 0)
        if inexact.any():
            # move one ulp toward the exact value: the odd neighbour
            toward = np.atleast_1d(np.sign(err) * np.sign(s) > 0)
            step = np.where(toward, 1, -1)
            bits = np.where(inexact & (np.atleast_1d(s) != 0), bits + step, bits)
        s_odd = bits.view(np.float64).reshape(np.shape(s))
        return np.asarray(s_odd).astype(np.float32)


def fma_f64(a, b, c) -> np.ndarray:
    """Best effort double FMA (exact when the product fits 53 bits)."""
    a = np.asarray(a, np.float64)
    b = np.asarray(b, np.float64)
    c = np.asarray(c, np.float64)
    with np.errstate(all="ignore"):
        return a * b + c


def f16_bits_to_f32(bits) -> np.ndarray:
    return np.asarray(bits, np.uint16).view(np.float16).astype(np.float32)


def f32_to_f16_bits(x) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.asarray(x, np.float32).astype(np.float16).view(np.uint16)
