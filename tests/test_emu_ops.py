"""Scalar instruction semantics beyond +,-,*,/: integer arithmetic with C/PTX wrap-around,
conversions (with PTX's saturating float->int and every rounding mode), fp16, directed
rounding, flush-to-zero and the math library. References are numpy or exact rational
arithmetic, never the emulator's own helpers."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

INT_SRC = """\
__global__ void intOps(const int* a, const int* b, const unsigned* ua, const unsigned* ub,
                       int* out, unsigned* uout, long long* wide, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = b[i];
    unsigned u = ua[i], v = ub[i];
    out[16 * i + 0] = x / y;
    out[16 * i + 1] = x % y;
    out[16 * i + 2] = x >> (v & 31);
    out[16 * i + 3] = __mulhi(x, y);
    out[16 * i + 4] = min(x, y);
    out[16 * i + 5] = max(x, y);
    out[16 * i + 6] = abs(x);
    out[16 * i + 7] = x * y;
    out[16 * i + 8] = x + y;
    out[16 * i + 9] = x - y;
    out[16 * i + 10] = __popc(u);
    out[16 * i + 11] = __clz(x);
    out[16 * i + 12] = (x < y) + 2 * (u < v) + 4 * (x == y);
    out[16 * i + 13] = x << (v & 31);
    out[16 * i + 14] = (int)(signed char)(x >> 3);
    out[16 * i + 15] = (int)(short)x;
    uout[8 * i + 0] = u / v;
    uout[8 * i + 1] = u % v;
    uout[8 * i + 2] = u >> (v & 31);
    uout[8 * i + 3] = __umulhi(u, v);
    uout[8 * i + 4] = __byte_perm(u, v, v & 0x7777);
    uout[8 * i + 5] = (u >> (v & 15)) & ((1u << ((v >> 8) & 15)) - 1u);
    uout[8 * i + 6] = min(u, v);
    uout[8 * i + 7] = u * v + (u ^ v) - (u | v) + (u & ~v);
    wide[4 * i + 0] = (long long)x * y;
    wide[4 * i + 1] = (long long)x * y / (y | 1);
    wide[4 * i + 2] = (long long)x * 1000003 % 65537;
    wide[4 * i + 3] = (long long)((unsigned long long)u * v >> 7);
}
"""


def _trunc_div(x, y):
    q = np.abs(x) // np.abs(y)
    return np.where((x < 0) != (y < 0), -q, q)


def test_integer_ops(emu, rng):
    k = emu.compile(INT_SRC, "intOps", filename="int.cu")
    n = 512
    i32 = np.iinfo(np.int32)
    a = rng.integers(i32.min + 1, i32.max, n).astype(np.int64)
    b = rng.integers(i32.min + 1, i32.max, n).astype(np.int64)
    b[: n // 4] = rng.integers(-50, 50, n // 4)             # small divisors too
    b[b == 0] = 7
    a[:8] = [0, -1, 1, i32.max, i32.min + 1, -7, 7, 100]
    b[:8] = [3, 3, -3, -1, 2, 2, -2, 100]
    ua = rng.integers(0, 1 << 32, n, dtype=np.uint64)
    ub = rng.integers(1, 1 << 32, n, dtype=np.uint64)
    out = np.zeros(16 * n, np.int32)
    uout = np.zeros(8 * n, np.uint32)
    wide = np.zeros(4 * n, np.int64)
    r = emu.run(k, (n + 127) // 128, 128, a.astype(np.int32), b.astype(np.int32), ua.astype(np.uint32),
                ub.astype(np.uint32), out, uout, wide, n)
    assert r.findings == []
    o = out.reshape(n, 16).astype(np.int64)
    w32 = lambda x: ((np.asarray(x, dtype=object) + (1 << 31)) % (1 << 32) - (1 << 31)).astype(np.int64)
    np.testing.assert_array_equal(o[:, 0], _trunc_div(a, b))
    np.testing.assert_array_equal(o[:, 1], a - _trunc_div(a, b) * b)
    np.testing.assert_array_equal(o[:, 2], a >> (ub & 31).astype(np.int64))
    np.testing.assert_array_equal(o[:, 3], (a * b) >> 32)
    np.testing.assert_array_equal(o[:, 4], np.minimum(a, b))
    np.testing.assert_array_equal(o[:, 5], np.maximum(a, b))
    np.testing.assert_array_equal(o[:, 6], np.abs(a))
    np.testing.assert_array_equal(o[:, 7], w32([int(x) * int(y) for x, y in zip(a, b)]))
    np.testing.assert_array_equal(o[:, 8], w32(a + b))
    np.testing.assert_array_equal(o[:, 9], w32(a - b))
    np.testing.assert_array_equal(o[:, 10], [bin(int(x)).count("1") for x in ua])
    np.testing.assert_array_equal(o[:, 11], [32 - int(x & 0xFFFFFFFF).bit_length() for x in a])
    np.testing.assert_array_equal(o[:, 12], (a < b) + 2 * (ua < ub) + 4 * (a == b))
    np.testing.assert_array_equal(o[:, 13], w32([int(x) << int(s & 31) for x, s in zip(a, ub)]))
    np.testing.assert_array_equal(o[:, 14], ((a >> 3) & 0xFF).astype(np.uint8).view(np.int8))
    np.testing.assert_array_equal(o[:, 15], (a & 0xFFFF).astype(np.uint16).view(np.int16))
    uo = uout.reshape(n, 8).astype(np.uint64)
    np.testing.assert_array_equal(uo[:, 0], ua // ub)
    np.testing.assert_array_equal(uo[:, 1], ua % ub)
    np.testing.assert_array_equal(uo[:, 2], ua >> (ub & np.uint64(31)))
    np.testing.assert_array_equal(uo[:, 3], (ua * ub) >> np.uint64(32))

    def byte_perm(x, y, s):
        bts = int(x).to_bytes(4, "little") + int(y).to_bytes(4, "little")
        return int.from_bytes(bytes(bts[(int(s) >> (4 * j)) & 7] for j in range(4)), "little")
    np.testing.assert_array_equal(uo[:, 4], [byte_perm(x, y, y & 0x7777) for x, y in zip(ua, ub)])
    np.testing.assert_array_equal(
        uo[:, 5], [(int(x) >> (int(y) & 15)) & ((1 << ((int(y) >> 8) & 15)) - 1) for x, y in zip(ua, ub)])
    np.testing.assert_array_equal(uo[:, 6], np.minimum(ua, ub))
    np.testing.assert_array_equal(
        uo[:, 7], [(int(x) * int(y) + (int(x) ^ int(y)) - (int(x) | int(y)) + (int(x) & ~int(y))) % (1 << 32)
                   for x, y in zip(ua, ub)])
    wo = wide.reshape(n, 4)
    prod = [int(x) * int(y) for x, y in zip(a, b)]
    np.testing.assert_array_equal(wo[:, 0], prod)
    np.testing.assert_array_equal(wo[:, 1], [int(p / (int(y) | 1)) if abs(p) < 2 ** 52 else
                                             (abs(p) // abs(int(y) | 1)) * (1 if (p < 0) == ((int(y) | 1) < 0) else -1)
                                             for p, y in zip(prod, b)])
    np.testing.assert_array_equal(wo[:, 2], [int(math.fmod(int(x) * 1000003, 65537)) for x in a])
    np.testing.assert_array_equal(wo[:, 3], [(int(x) * int(y)) >> 7 for x, y in zip(ua, ub)])


# ------------------------------------------------------------------ conversions
CVT_SRC = """\
#include <cuda_fp16.h>
__global__ void conversions(const float* f, const int* x, const double* d, int* fi, unsigned* fu,
                            float* xf, float* df, unsigned short* h, float* hf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = f[i];
    fi[4 * i + 0] = __float2int_rz(v);
    fi[4 * i + 1] = __float2int_rn(v);
    fi[4 * i + 2] = __float2int_rd(v);
    fi[4 * i + 3] = __float2int_ru(v);
    fu[i] = __float2uint_rz(v);
    xf[4 * i + 0] = __int2float_rn(x[i]);
    xf[4 * i + 1] = __int2float_rz(x[i]);
    xf[4 * i + 2] = __int2float_rd(x[i]);
    xf[4 * i + 3] = __int2float_ru(x[i]);
    df[i] = (float)d[i];
    __half hv = __float2half_rn(v);
    h[i] = __half_as_ushort(hv);
    hf[i] = __half2float(__ushort_as_half((unsigned short)x[i]));
}
"""


def round_binary(x: Fraction, mant: int, emin: int, emax: int, mode: str = "rn") -> float:
    """Round an exact rational to a binary float with `mant` fraction bits, smallest
    normal exponent `emin`, largest exponent `emax`; modes rn (ties to even), rz, rd, ru."""
    if x == 0:
        return 0.0
    neg = x < 0
    ax = -x if neg else x
    e = ax.numerator.bit_length() - ax.denominator.bit_length()
    while Fraction(2) ** e > ax:
        e -= 1
    while Fraction(2) ** (e + 1) <= ax:
        e += 1
    q = Fraction(2) ** (max(e, emin) - mant)
    nq = ax / q
    fl = nq.numerator // nq.denominator
    rem = nq - fl
    up = {"rn": rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1),
          "rz": False, "rd": neg and rem > 0, "ru": (not neg) and rem > 0}[mode]
    fl += up
    big = Fraction(2) ** (emax + 1)
    r = fl * q
    if r >= big:
        toward_inf = mode == "rn" or (mode == "ru" and not neg) or (mode == "rd" and neg)
        if toward_inf:
            return -math.inf if neg else math.inf
        r = big - Fraction(2) ** (emax - mant)
    return -float(r) if neg else float(r)


def test_conversions(emu, rng):
    k = emu.compile(CVT_SRC, "conversions", filename="cvt.cu")
    n = 1024
    f = (rng.standard_normal(n) * np.exp2(rng.integers(-20, 34, n))).astype(np.float32)
    f[:12] = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3e9, -3e9, np.nan, np.inf, -np.inf, -0.0]
    f[12:200] = np.round(f[12:200] * 2) / 2                  # many exact halves: ties
    x = rng.integers(-(1 << 31), 1 << 31, n, dtype=np.int64).astype(np.int32)
    x[:6] = [(1 << 24) + 1, (1 << 24) + 3, -(1 << 24) - 3, 2 ** 31 - 1, -(2 ** 31), 16777217]
    d = rng.standard_normal(n) * np.exp2(rng.integers(-160, 140, n).astype(np.float64))
    fi = np.zeros(4 * n, np.int32)
    fu = np.zeros(n, np.uint32)
    xf = np.zeros(4 * n, np.float32)
    df = np.zeros(n, np.float32)
    h = np.zeros(n, np.uint16)
    hf = np.zeros(n, np.float32)
    r = emu.run(k, (n + 127) // 128, 128, f, x, d, fi, fu, xf, df, h, hf, n)
    assert r.findings == []
    # float -> int: PTX cvt saturates out-of-range values and maps NaN to 0
    f64 = f.astype(np.float64)
    for col, fn in enumerate((np.trunc, np.rint, np.floor, np.ceil)):
        want = np.where(np.isnan(f64), 0, np.clip(fn(np.nan_to_num(f64)), -2 ** 31, 2 ** 31 - 1))
        np.testing.assert_array_equal(fi.reshape(n, 4)[:, col], want.astype(np.int64), err_msg=str(fn))
    np.testing.assert_array_equal(fu, np.where(np.isnan(f64), 0, np.clip(np.trunc(np.nan_to_num(f64)), 0, 2 ** 32 - 1)).astype(np.uint64))
    # int -> float, in each rounding mode
    for col, mode in enumerate(("rn", "rz", "rd", "ru")):
        want = np.array([round_binary(Fraction(int(v)), 23, -126, 127, mode) for v in x], np.float32)
        np.testing.assert_array_equal(xf.reshape(n, 4)[:, col], want, err_msg=mode)
    # double -> float (rn), float -> half (rn), half -> float (exact)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(df, d.astype(np.float32))
    want_h = []
    for v in f:
        if np.isnan(v):
            want_h.append(None)
            continue
        if np.isinf(v):
            want_h.append(np.float16(v).view(np.uint16))
            continue
        r16 = round_binary(Fraction(float(v)), 10, -14, 15, "rn")
        want_h.append(np.float16(r16).view(np.uint16) if r16 != 0 else np.float16(math.copysign(0, v)).view(np.uint16))
    for got, want, v in zip(h, want_h, f):
        if want is None:
            assert (got & 0x7C00) == 0x7C00 and (got & 0x3FF), hex(got)
        else:
            assert got == want, (float(v), hex(got), hex(want))
    hv = (x.astype(np.int64) & 0xFFFF).astype(np.uint16).view(np.float16).astype(np.float32)
    same = (hf == hv) | (np.isnan(hf) & np.isnan(hv))
    assert same.all()


# ------------------------------------------------------------------ rounding modes, ftz
DIRECTED_SRC = """\
__global__ void directed(const float* a, const float* b, const float* c, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i], z = c[i];
    out[8 * i + 0] = __fadd_rz(x, y);
    out[8 * i + 1] = __fadd_rd(x, y);
    out[8 * i + 2] = __fmul_ru(x, y);
    out[8 * i + 3] = __fmul_rz(x, y);
    out[8 * i + 4] = __fmaf_rz(x, y, z);
    out[8 * i + 5] = __fmaf_rd(x, y, z);
    out[8 * i + 6] = __fdiv_ru(x, y);
    out[8 * i + 7] = __fsub_ru(x, y);
}
"""


def test_directed_rounding_is_right_or_refused(emu, rng):
    """add/mul/fma/div with .rz/.rm/.rp: the emulator either rounds in that direction or
    says it cannot (UnsupportedInstruction); it must never round to nearest silently."""
    from tilelab.errors import UnsupportedInstruction
    k = emu.compile(DIRECTED_SRC, "directed", filename="directed.cu")
    n = 256
    a, b, c = (rng.standard_normal((3, n)) * np.exp2(rng.integers(-10, 10, (3, n)))).astype(np.float32)
    fmax = np.finfo(np.float32).max
    special = [  # exact zero sums (-0 under rd), overflow, subnormal and tiny results, ties
        (1.5, -1.5, -2.25), (-2.0, 2.0, 4.0), (fmax, fmax, -fmax), (-fmax, fmax, fmax),
        (2.0 ** -70, 2.0 ** -70, 0.0), (-(2.0 ** -75), 2.0 ** -76, 2.0 ** -149), (1 + 2.0 ** -23, 1 + 2.0 ** -23, -1.0),
        (3.0, 2.0 ** -30, 1e-45), (0.0, -0.0, -0.0), (-0.0, 0.0, 0.0), (1.0, 3.0, -1.0 / 3.0),
    ]
    for j, (x, y, z) in enumerate(special):
        a[j], b[j], c[j] = x, y, z
    out = np.zeros(8 * n, np.float32)
    try:
        r = emu.run(k, 2, 128, a, b, c, out, n)
    except UnsupportedInstruction as e:
        assert any(m in str(e) for m in (".rz", ".rm", ".rp")), str(e)
        return
    assert r.findings == []
    F = lambda v: Fraction(float(v))
    o = out.reshape(n, 8)
    exact = [
        (0, lambda x, y, z: F(x) + F(y), "rz"), (1, lambda x, y, z: F(x) + F(y), "rd"),
        (2, lambda x, y, z: F(x) * F(y), "ru"), (3, lambda x, y, z: F(x) * F(y), "rz"),
        (4, lambda x, y, z: F(x) * F(y) + F(z), "rz"), (5, lambda x, y, z: F(x) * F(y) + F(z), "rd"),
        (6, lambda x, y, z: F(x) / F(y) if y != 0 else None, "ru"), (7, lambda x, y, z: F(x) - F(y), "ru"),
    ]
    for col, fn, mode in exact:
        with np.errstate(all="ignore"):       # x / 0: inf or NaN in every rounding mode
            want = np.array([round_binary(fn(x, y, z), 23, -126, 127, mode) if fn(x, y, z) is not None
                             else x / y for x, y, z in zip(a, b, c)], np.float32)
        # IEEE 754 signed zeros: an exact zero sum is -0 rounding down, +0 otherwise
        # (unless both addends are -0); an exact zero product takes the sign of the factors
        for j, (x, y, z) in enumerate(zip(a, b, c)):
            if want[j] == 0 and fn(x, y, z) is not None and fn(x, y, z) == 0:
                if col in (2, 3):
                    want[j] = np.float32(x) * np.float32(y)
                else:
                    p, q = ((x, y) if col in (0, 1) else (x, -y) if col == 7 else (x * y, z))
                    both_neg = np.signbit(np.float32(p)) and np.signbit(np.float32(q))
                    want[j] = -0.0 if (mode == "rd" or both_neg) else 0.0
        bad = ((o[:, col] != want) | (np.signbit(o[:, col]) != np.signbit(want))) & \
            ~(np.isnan(o[:, col]) & np.isnan(want))
        assert not bad.any(), (col, mode, np.flatnonzero(bad)[:5], o[bad, col][:3], want[bad][:3])


FTZ_SRC = """\
__global__ void ftzOps(const float* a, const float* b, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[3 * i + 0] = a[i] * b[i];
    out[3 * i + 1] = a[i] + b[i];
    out[3 * i + 2] = fmaf(a[i], b[i], a[i]);
}
"""


def test_flush_to_zero_when_compiled_with_ftz(emu, rng):
    """-ftz=true makes mul/add/fma .ftz: subnormal inputs and results become zero."""
    from tilelab.errors import UnsupportedInstruction
    k = emu.compile(FTZ_SRC, "ftzOps", filename="ftz.cu", options=("-ftz=true",))
    assert "mul.ftz.f32" in k.program.ptx or "mul.rn.ftz.f32" in k.program.ptx
    n = 256
    tiny = np.float32(2.0 ** -130)                    # subnormal
    a = rng.uniform(1, 2, n).astype(np.float32) * tiny
    b = rng.uniform(0.25, 0.5, n).astype(np.float32)
    out = np.full(3 * n, np.nan, np.float32)
    try:
        r = emu.run(k, 2, 128, a, b, out, n)
    except UnsupportedInstruction:
        return
    o = out.reshape(n, 3)
    # every a is subnormal, flushed to 0: a*b = 0, a+b = b, fma(a, b, a) = 0
    assert r.findings == []
    assert (o[:, 0] == 0).all(), o[:4]
    np.testing.assert_array_equal(o[:, 1], b)
    assert (o[:, 2] == 0).all(), o[:4]
    # without -ftz the same kernel keeps the subnormals (gradual underflow)
    k2 = emu.compile(FTZ_SRC, "ftzOps", filename="noftz.cu")
    emu.run(k2, 2, 128, a, b, out, n)
    np.testing.assert_array_equal(out.reshape(n, 3)[:, 0], a * b)
    np.testing.assert_array_equal(out.reshape(n, 3)[:, 1], a + b)


MATH_SRC = """\
__global__ void mathOps(const float* x, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    out[8 * i + 0] = expf(v);
    out[8 * i + 1] = logf(fabsf(v) + 1e-3f);
    out[8 * i + 2] = sinf(v);
    out[8 * i + 3] = cosf(v);
    out[8 * i + 4] = rsqrtf(fabsf(v) + 1e-3f);
    out[8 * i + 5] = __expf(v);
    out[8 * i + 6] = tanhf(v);
    out[8 * i + 7] = 1.0f / v;
}
"""


def test_math_library_within_cuda_ulp_bounds(emu, rng):
    """CUDA's documented maximum errors (Programming Guide, Mathematical Functions):
    expf 2 ulp, logf 1 ulp, sinf/cosf 2 ulp, rsqrtf 2 ulp, tanhf 2 ulp, 1/x correctly
    rounded; __expf: 2 + floor(|1.16 x|) ulp."""
    k = emu.compile(MATH_SRC, "mathOps", filename="math.cu")
    n = 512
    x = rng.uniform(-10, 10, n).astype(np.float32)
    out = np.zeros(8 * n, np.float32)
    r = emu.run(k, 4, 128, x, out, n)
    assert r.findings == []
    o = out.reshape(n, 8).astype(np.float64)
    xd = x.astype(np.float64)
    arg = (np.abs(x) + np.float32(1e-3)).astype(np.float64)     # the sum is rounded in fp32 first
    refs = [np.exp(xd), np.log(arg), np.sin(xd), np.cos(xd), 1 / np.sqrt(arg), np.exp(xd), np.tanh(xd),
            1 / xd]
    ulps = [2, 1, 2, 2, 2, 2 + np.floor(np.abs(1.16 * xd)), 2, 0.5]
    for col, (ref, u) in enumerate(zip(refs, ulps)):
        ulp = np.spacing(np.abs(ref).astype(np.float32)).astype(np.float64)
        err = np.abs(o[:, col] - ref) / ulp
        # sin/cos near their zeros: an absolute bound of the argument's scale instead
        if col in (2, 3):
            err = np.minimum(err, np.abs(o[:, col] - ref) / 2.0 ** -22)
        assert (err <= u + 0.5).all(), (col, err.max(), x[np.argmax(err)])


ROUND_SRC = """\
__global__ void integral(const float* x, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[5 * i + 0] = floorf(x[i]);
    out[5 * i + 1] = ceilf(x[i]);
    out[5 * i + 2] = truncf(x[i]);
    out[5 * i + 3] = rintf(x[i]);
    out[5 * i + 4] = roundf(x[i]);
}
"""


def test_round_to_integral(emu, rng):
    k = emu.compile(ROUND_SRC, "integral", filename="round.cu")
    n = 512
    x = (rng.standard_normal(n) * np.exp2(rng.integers(-3, 26, n))).astype(np.float32)
    x[:12] = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, -0.3, 0.3, -0.0, 8388609.0, np.inf, np.nan]
    x[12:100] = np.round(x[12:100] * 2) / 2
    out = np.full(5 * n, 7.0, np.float32)
    r = emu.run(k, 4, 128, x, out, n)
    assert r.findings == []
    o = out.reshape(n, 5)
    away = np.sign(x) * np.floor(np.abs(x) + np.float32(0.5))       # roundf: halves away from zero
    away = np.where(np.abs(x) >= 2 ** 23, x, away)
    for col, want in enumerate((np.floor(x), np.ceil(x), np.trunc(x), np.rint(x), away)):
        same = (o[:, col] == want) | (np.isnan(o[:, col]) & np.isnan(want))
        assert same.all(), (col, x[~same][:5], o[~same, col][:5])
        # and the sign of zero: floor(-0.3) = -1 but ceil(-0.3) = -0, trunc(-0.3) = -0
        z = (want == 0) & ~np.isnan(want)
        assert (np.signbit(o[z, col]) == np.signbit(x[z])).all(), col
