"""PTX's carry flag (tilelab/emu/carry.py): add.cc/addc, sub.cc/subc and mad.cc/madc chains as big-integer code
writes them in inline PTX, each lane's words against Python's integers.

The sixtieth unseen suite (unseen82, cuHE's arithmetic modulo 2^64 - 2^32 + 1) found the gap: the
emulator ran add.cc as a plain add (the carry lost) and refused addc, subc and madc."""
import numpy as np

SRC = r"""
// 128-bit a + b and a - b, four 32-bit words a lane; the carry chains through CC.CF
__global__ void add_sub_128(const unsigned *a, const unsigned *b, unsigned *sum, unsigned *diff, unsigned *carry)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned *x = a + 4 * i, *y = b + 4 * i;
    unsigned s0, s1, s2, s3, c, d0, d1, d2, d3, w;
    asm("add.cc.u32 %0, %5, %9;\n\t"
        "addc.cc.u32 %1, %6, %10;\n\t"
        "addc.cc.u32 %2, %7, %11;\n\t"
        "addc.cc.u32 %3, %8, %12;\n\t"
        "addc.u32 %4, 0, 0;"
        : "=r"(s0), "=r"(s1), "=r"(s2), "=r"(s3), "=r"(c)
        : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(y[0]), "r"(y[1]), "r"(y[2]), "r"(y[3]));
    asm("sub.cc.u32 %0, %5, %9;\n\t"
        "subc.cc.u32 %1, %6, %10;\n\t"
        "subc.cc.u32 %2, %7, %11;\n\t"
        "subc.cc.u32 %3, %8, %12;\n\t"
        "subc.u32 %4, 0, 0;"
        : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3), "=r"(w)
        : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(y[0]), "r"(y[1]), "r"(y[2]), "r"(y[3]));
    sum[4 * i] = s0; sum[4 * i + 1] = s1; sum[4 * i + 2] = s2; sum[4 * i + 3] = s3;
    diff[4 * i] = d0; diff[4 * i + 1] = d1; diff[4 * i + 2] = d2; diff[4 * i + 3] = d3;
    carry[2 * i] = c; carry[2 * i + 1] = w;           // 1 and 0xffffffff where the chain carried / borrowed out
}

// 64 x 64 -> 128-bit product from 32-bit words: mad.lo.cc / madc.hi.cc, as schoolbook multiplication writes it
__global__ void mul_64x64(const unsigned long long *a, const unsigned long long *b, unsigned *p)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned a0 = (unsigned)a[i], a1 = (unsigned)(a[i] >> 32), b0 = (unsigned)b[i], b1 = (unsigned)(b[i] >> 32);
    unsigned r0, r1, r2, r3;
    asm("mul.lo.u32 %0, %4, %6;\n\t"
        "mul.hi.u32 %1, %4, %6;\n\t"
        "mad.lo.cc.u32 %1, %4, %7, %1;\n\t"
        "madc.hi.u32 %2, %4, %7, 0;\n\t"
        "mad.lo.cc.u32 %1, %5, %6, %1;\n\t"
        "madc.hi.cc.u32 %2, %5, %6, %2;\n\t"
        "addc.u32 %3, 0, 0;\n\t"
        "mad.lo.cc.u32 %2, %5, %7, %2;\n\t"
        "madc.hi.u32 %3, %5, %7, %3;"
        : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
    p[4 * i] = r0; p[4 * i + 1] = r1; p[4 * i + 2] = r2; p[4 * i + 3] = r3;
}

// the 64-bit forms, a signed mad.hi.cc, and lanes that take different branches keep their own carries
__global__ void wide_and_signed(const unsigned long long *a, const unsigned long long *b, const int *s,
                                unsigned long long *out, int *sout)
{
    int i = threadIdx.x;
    unsigned long long lo, hi;
    if (i & 1) {
        asm("add.cc.u64 %0, %2, %3;\n\taddc.u64 %1, 0, 0;" : "=l"(lo), "=l"(hi) : "l"(a[i]), "l"(b[i]));
    } else {
        asm("sub.cc.u64 %0, %2, %3;\n\tsubc.u64 %1, 0, 0;" : "=l"(lo), "=l"(hi) : "l"(a[i]), "l"(b[i]));
    }
    out[2 * i] = lo; out[2 * i + 1] = hi;
    int h, c;
    asm("mad.hi.cc.s32 %0, %2, %3, %4;\n\taddc.s32 %1, 0, 0;" : "=r"(h), "=r"(c) : "r"(s[i]), "r"(s[i + 32]), "r"(s[i + 64]));
    sout[2 * i] = h; sout[2 * i + 1] = c;
}
"""

M32, M64 = (1 << 32) - 1, (1 << 64) - 1


def _words(x, n=4):
    return [(x >> (32 * k)) & M32 for k in range(n)]


def _value(ws):
    return sum(int(w) << (32 * k) for k, w in enumerate(ws))


def test_128_bit_add_and_sub_chains(emu, rng):
    n = 64
    a = rng.integers(0, 1 << 32, (n, 4), dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 1 << 32, (n, 4), dtype=np.uint64).astype(np.uint32)
    a[:8] = 0xFFFFFFFF                          # carries that run the whole chain
    b[:4] = 0
    b[:4, 0] = 1
    sums, diffs, carry = np.zeros((n, 4), np.uint32), np.zeros((n, 4), np.uint32), np.zeros((n, 2), np.uint32)
    r = emu.run(emu.compile(SRC, "add_sub_128", filename="carry.cu"), 2, 32, a, b, sums, diffs, carry)
    assert r.findings == []
    for i in range(n):
        x, y = _value(a[i]), _value(b[i])
        assert _value(sums[i]) == (x + y) & ((1 << 128) - 1) and carry[i, 0] == (x + y) >> 128, i
        assert _value(diffs[i]) == (x - y) % (1 << 128) and carry[i, 1] == (M32 if x < y else 0), i
    assert carry[:4, 0].tolist() == [1, 1, 1, 1]


def test_schoolbook_product_through_madc(emu, rng):
    n = 64
    a = rng.integers(0, 1 << 63, n, dtype=np.uint64) * np.uint64(2) + rng.integers(0, 2, n, dtype=np.uint64)
    b = rng.integers(0, 1 << 63, n, dtype=np.uint64) * np.uint64(2) + rng.integers(0, 2, n, dtype=np.uint64)
    a[0] = b[0] = np.uint64(M64)
    p = np.zeros((n, 4), np.uint32)
    emu.run(emu.compile(SRC, "mul_64x64", filename="carry.cu"), 2, 32, a, b, p)
    for i in range(n):
        assert _value(p[i]) == int(a[i]) * int(b[i]), i


def test_64_bit_forms_signed_mad_hi_and_divergent_lanes(emu, rng):
    a = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    b = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    s = rng.integers(-(1 << 31), 1 << 31, 96).astype(np.int32)
    out, sout = np.zeros(64, np.uint64), np.zeros(64, np.int32)
    emu.run(emu.compile(SRC, "wide_and_signed", filename="carry.cu"), 1, 32, a, b, s, out, sout)
    for i in range(32):
        x, y = int(a[i]), int(b[i])
        if i & 1:
            assert (int(out[2 * i]), int(out[2 * i + 1])) == ((x + y) & M64, (x + y) >> 64), i
        else:
            assert (int(out[2 * i]), int(out[2 * i + 1])) == ((x - y) & M64, M64 if x < y else 0), i
        hi = (int(s[i]) * int(s[i + 32])) >> 32                    # the signed product's high word
        total = (hi & M32) + (int(s[i + 64]) & M32)
        assert (int(sout[2 * i]) & M32, int(sout[2 * i + 1])) == (total & M32, total >> 32), i


MIXED = r"""
// one carry flag for both directions, as the GPU keeps it: a subtraction is a + ~b + 1, so after sub.cc the flag
// is 1 where nothing was borrowed, and subc takes 1 - CF as its borrow. boojum-cuda's Goldilocks add (unseen170)
// reads an add.cc chain's carry with subc(0, 0): 0xffffffff where none, 0 after one
__global__ void mixed(const unsigned *a, const unsigned *b, unsigned *out)
{
    int i = threadIdx.x;
    unsigned s, t, u, v;
    asm("add.cc.u32 %0, %2, %3;\n\tsubc.u32 %1, 0, 0;" : "=r"(s), "=r"(t) : "r"(a[i]), "r"(b[i]));
    asm("sub.cc.u32 %0, %2, %3;\n\taddc.u32 %1, 0, 0;" : "=r"(u), "=r"(v) : "r"(a[i]), "r"(b[i]));
    out[4 * i] = s; out[4 * i + 1] = t; out[4 * i + 2] = u; out[4 * i + 3] = v;
}
"""


def test_add_and_sub_share_the_hardware_carry_flag(emu, rng):
    a = rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32)
    a[:4], b[:4] = [0, 0xFFFFFFFF, 5, 7], [0, 1, 5, 9]     # the forum's add.cc 0, 0 then subc 0, 0: 0xffffffff
    out = np.zeros((32, 4), np.uint32)
    emu.run(emu.compile(MIXED, "mixed", filename="mixed.cu"), 1, 32, a, b, out)
    for i in range(32):
        x, y = int(a[i]), int(b[i])
        assert out[i, 1] == (0 if x + y > M32 else M32), i
        assert out[i, 3] == (1 if x >= y else 0), i
    assert out[0, 1] == M32 and out[1, 1] == 0 and out[2, 3] == 1 and out[3, 3] == 0
