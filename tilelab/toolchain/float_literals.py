"""Decimal floating constants beyond their type's range, as nvcc takes them: ``1e-999`` is 0, ``1e999`` infinity.

g++ and nvcc (13.0 here) accept a constant too small or too large for its type: one that underflows is 0.0 (g++ warns
"floating constant truncated to zero"; nvcc says nothing), one that overflows is infinity. NVRTC's front end refuses
both ("floating constant is out of range"). FinanceBench's errorFunctConsts.cuh defines ``DBL_MIN (1e-999)`` for its
fdlibm erf's ``if (ax < DBL_MIN*16)``. tilelab retries with each such constant written as the value nvcc gives it:
``0.0`` (its suffix kept, padded with spaces so that every column keeps its place) or a product that overflows to
infinity, ``(1e308*10.0)`` / ``(3e38f*10.0f)`` (NVRTC folds it; it has no ``__builtin_huge_val``). Constants inside
comments, strings and character literals are left alone; a hexadecimal one (``0x1p-2000``) and a ``long double``
one (suffix ``L``) too.
"""
from __future__ import annotations

import re

import numpy as np

#: NVRTC's refusal
_REFUSAL = "floating constant is out of range"
#: a comment, a string or character literal (kept), or a decimal floating constant: digits with a point or an exponent
_TOKEN = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'"
                    r"|(?<![\w.])(?P<num>(?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+)(?P<suffix>[fFlL]?)(?![\w.])",
                    re.DOTALL)


def _as_nvcc(num: str, suffix: str) -> str | None:
    """The text nvcc's value of the constant is written as here, or None where it is in range."""
    if suffix in ("l", "L"):
        return None
    value = float(num)                          # Python rounds a decimal to the nearest double, 0.0 or inf beyond
    if suffix:
        with np.errstate(over="ignore", under="ignore"):
            value = float(np.float32(value))
    mantissa = re.split(r"[eE]", num)[0]
    if value == float("inf"):
        return "(3e38f*10.0f)" if suffix else "(1e308*10.0)"
    if value == 0.0 and mantissa.strip("0.") != "":
        zero = "0.0" + suffix
        return zero + " " * max(0, len(num) + len(suffix) - len(zero))
    return None


def rewrite(source: str) -> str:
    """``source`` with each out-of-range decimal floating constant written as nvcc's value of it."""
    def one(m: re.Match) -> str:
        if m.group("num") is None:
            return m.group(0)
        new = _as_nvcc(m.group("num"), m.group("suffix"))
        return m.group(0) if new is None else new
    return _TOKEN.sub(one, source)


def rewritten(source: str, log: str) -> str | None:
    """The source to retry with where NVRTC refused an out-of-range floating constant in ``log``, else None."""
    if _REFUSAL not in log:
        return None
    out = rewrite(source)
    return None if out == source else out
