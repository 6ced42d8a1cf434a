"""numpy references for collection/manifest.toml: what each sample kernel should produce.

Written from the samples' own descriptions (and their CPU checks), never from the emulator.
The manifest calls these by name; each takes numpy arrays and returns numpy arrays.
"""
from __future__ import annotations

import numpy as np


def block_sums(x, nblocks, chunk, pow2_pairs=False, block=None):
    """Per-block partial sums of a grid-stride reduction: element i goes to block
    (i // chunk) % nblocks (chunk = elements a block takes per grid step)."""
    x = np.asarray(x)
    owner = (np.arange(len(x)) // chunk) % nblocks
    return np.array([x[owner == b].sum() for b in range(nblocks)], dtype=x.dtype)


def seg_exclusive_scan(x, seg):
    """Exclusive prefix sum within each segment of ``seg`` elements (uint32 wrap-around)."""
    x = np.asarray(x, dtype=np.uint64).reshape(-1, seg)
    out = np.zeros_like(x)
    out[:, 1:] = np.cumsum(x, axis=1)[:, :-1]
    return (out & 0xFFFFFFFF).astype(np.uint32).reshape(-1)


def seg_inclusive_scan(x, seg):
    x = np.asarray(x, dtype=np.int64).reshape(-1, seg)
    return np.cumsum(x, axis=1).astype(np.int32).reshape(-1)


def partial_histograms256(words, nblocks, threads):
    """histogram256Kernel: block b counts the bytes of words w with (w // threads) % nblocks == b."""
    words = np.asarray(words, dtype=np.uint32)
    owner = (np.arange(len(words)) // threads) % nblocks
    out = np.zeros((nblocks, 256), np.uint32)
    for b in range(nblocks):
        by = words[owner == b].view(np.uint8)
        out[b] = np.bincount(by, minlength=256)
    return out.reshape(-1)


def partial_histograms64(words4, nblocks, threads):
    """histogram64Kernel: 64 bins of (byte >> 2); the data is read as uint4, 16 bytes per thread step."""
    w = np.asarray(words4, dtype=np.uint32).reshape(-1, 4)
    owner = (np.arange(len(w)) // threads) % nblocks
    out = np.zeros((nblocks, 64), np.uint32)
    for b in range(nblocks):
        by = w[owner == b].reshape(-1).view(np.uint8)
        out[b] = np.bincount(by >> 2, minlength=64)
    return out.reshape(-1)


def merge_histograms(partial, bins):
    return np.asarray(partial, dtype=np.uint64).reshape(-1, bins).sum(axis=0).astype(np.uint32)


def sort_chunks(keys, vals, chunk, descending_blocks=None):
    """Keys sorted within each chunk (ascending; blocks listed as descending the other way),
    values carried along (keys distinct)."""
    keys = np.asarray(keys).reshape(-1, chunk)
    vals = np.asarray(vals).reshape(-1, chunk)
    ok, ov = np.empty_like(keys), np.empty_like(vals)
    for b in range(len(keys)):
        order = np.argsort(keys[b], kind="stable")
        if descending_blocks is not None and descending_blocks(b):
            order = order[::-1]
        ok[b], ov[b] = keys[b][order], vals[b][order]
    return ok.reshape(-1), ov.reshape(-1)


def tile_transpose(a, tile):
    """Each tile x tile block transposed in place (transposeFineGrained)."""
    h, w = a.shape
    return a.reshape(h // tile, tile, w // tile, tile).transpose(0, 3, 2, 1).reshape(h, w)


def tile_swap(a, tile):
    """Tiles moved to their transposed position, each kept as it is (transposeCoarseGrained)."""
    h, w = a.shape
    return a.reshape(h // tile, tile, w // tile, tile).transpose(2, 1, 0, 3).reshape(w, h)


def fwht(x, n):
    """Walsh-Hadamard transform (Sylvester order) of each n-element batch."""
    y = np.asarray(x, dtype=np.float64).reshape(-1, n).copy()
    h = 1
    while h < n:
        y = y.reshape(len(y), -1, 2, h)
        a, b = y[:, :, 0, :].copy(), y[:, :, 1, :].copy()
        y[:, :, 0, :], y[:, :, 1, :] = a + b, a - b
        y = y.reshape(len(y), n)
        h *= 2
    return y.reshape(-1).astype(np.float32)


def fwt_radix4_stage(x, n, stride):
    """One radix-4 butterfly stage of fwtBatch2Kernel over each n-element batch."""
    y = np.asarray(x, dtype=np.float64).reshape(-1, n)
    out = y.copy()
    for pos in range(n // 4):
        lo = pos & (stride - 1)
        i0 = ((pos - lo) << 2) + lo
        i1, i2, i3 = i0 + stride, i0 + 2 * stride, i0 + 3 * stride
        d0, d1, d2, d3 = y[:, i0], y[:, i1], y[:, i2], y[:, i3]
        s02, t02, s13, t13 = d0 + d2, d0 - d2, d1 + d3, d1 - d3
        out[:, i0], out[:, i1], out[:, i2], out[:, i3] = s02 + s13, s02 - s13, t02 + t13, t02 - t13
    return out.reshape(-1).astype(np.float32)


def conv_rows(src, k):
    """dst[y, x] = sum_j k[R - j] * src[y, x + j], zero outside the image."""
    r = len(k) // 2
    h, w = src.shape
    pad = np.zeros((h, w + 2 * r))
    pad[:, r:r + w] = src
    return sum(float(k[r - j]) * pad[:, r + j:r + j + w] for j in range(-r, r + 1)).astype(np.float32)


def conv_cols(src, k):
    return conv_rows(np.asarray(src).T, k).T.copy()


def black_scholes(S, X, T, R, V):
    """The sample's formulas (its polynomial normal CDF), in float64."""
    S, X, T = (np.asarray(a, np.float64) for a in (S, X, T))

    def cnd(d):
        k = 1.0 / (1.0 + 0.2316419 * np.abs(d))
        c = 0.39894228040143267793994605993438 * np.exp(-0.5 * d * d) * (
            k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429)))))
        return np.where(d > 0, 1.0 - c, c)
    sq = np.sqrt(T)
    d1 = (np.log(S / X) + (R + 0.5 * V * V) * T) / (V * sq)
    d2 = d1 - V * sq
    e = np.exp(-R * T)
    call = S * cnd(d1) - X * e * cnd(d2)
    put = X * e * (1.0 - cnd(d2)) - S * (1.0 - cnd(d1))
    return call.astype(np.float32), put.astype(np.float32)


def atomics_expected(n):
    """simpleAtomicIntrinsics' testKernel after n threads, in the order the emulator runs lanes
    (atomicExch and the atomicCAS chain depend on the order; the rest do not)."""
    inc, dec = 0, 0
    for _ in range(n):
        inc = 0 if inc >= 17 else inc + 1
        dec = 137 if (dec == 0 or dec > 137) else dec - 1
    a = 0xFF
    x = 0xFF
    o = 0
    for t in range(n):
        a &= 2 * t + 7
        x ^= t
        o |= (1 << t) if t < 32 else 0
    return np.array([10 * n, -10 * n, n - 1, n - 1, 0, inc, dec, n - 1, a, o - (1 << 32) if o >> 31 else o, x],
                    dtype=np.int64).astype(np.int32)


def vote3(block, warp=32):
    """VoteAnyKernel3's info[3 * tx .. 3 * tx + 2]: any, own predicate, all (left 0 when false)."""
    out = np.zeros(3 * block, np.uint8)
    pred = np.arange(block) >= warp * 3 // 2
    for t in range(block):
        w = pred[t // warp * warp:(t // warp + 1) * warp]
        out[3 * t:3 * t + 3] = [w.any(), pred[t], w.all()]
    return out


def warp_any_all(x, block, warp=32, kind="any"):
    x = np.asarray(x).reshape(-1, warp) != 0
    r = x.any(axis=1) if kind == "any" else x.all(axis=1)
    return np.repeat(r, warp).astype(np.uint32)[:block]


def bucket_positions(src, counters_after, offsets, nb):
    """mapToBuckets: within each bucket's range of the output, the indices of that bucket (any order)."""
    src = np.asarray(src)
    return [np.flatnonzero(src == b) for b in range(nb)]


def sgemm(A, B, C, alpha, beta):
    """C = alpha * A @ B + beta * C (siboehm/SGEMM_CUDA's convention, row-major), in float64."""
    return alpha * (np.asarray(A, np.float64) @ np.asarray(B, np.float64)) + beta * np.asarray(C, np.float64)


def _attention_scores(Q, K, scale):
    return np.einsum("bhnd,bhmd->bhnm", np.asarray(Q, np.float64), np.asarray(K, np.float64)) * scale


def attention(Q, K, V, scale):
    """softmax(Q K^T * scale) V per batch and head (no mask): what FlashAttention computes."""
    s = _attention_scores(Q, K, scale)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    return np.einsum("bhnm,bhmd->bhnd", p / p.sum(axis=-1, keepdims=True), np.asarray(V, np.float64))


def attention_max(Q, K, scale):
    """The running row maximum m that flash-attention-minimal leaves behind: max_j S[i, j]."""
    return _attention_scores(Q, K, scale).max(axis=-1)


def attention_sum(Q, K, scale):
    """The running row sum l it leaves behind: sum_j exp(S[i, j] - m_i)."""
    s = _attention_scores(Q, K, scale)
    return np.exp(s - s.max(axis=-1, keepdims=True)).sum(axis=-1)


def layernorm(x, w, b, eps=1e-5):
    """GPT-2 layernorm over the last axis: (out, mean, rstd), biased variance, in float64."""
    x = np.asarray(x, np.float64)
    m = x.mean(axis=-1)
    rstd = 1.0 / np.sqrt(((x - m[:, None]) ** 2).mean(axis=-1) + eps)
    return (x - m[:, None]) * rstd[:, None] * np.asarray(w, np.float64) + np.asarray(b, np.float64), m, rstd


def softmax_rows(x):
    x = np.asarray(x, np.float64)
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def repro_compare_swap(key, val, rounds):
    """repro_misses.cu reproLds64PartialMask: each round, thread t swaps the pairs (2t, 2t+1)
    of key and val when (key[2t] > key[2t+1]) equals bit `round` of t."""
    key, val = np.array(key, copy=True), np.array(val, copy=True)
    t = np.arange(key.size // 2)
    for r in range(rounds):
        a, b = key[2 * t], key[2 * t + 1]
        swap = (a > b) == ((t >> r) & 1).astype(bool)
        key[2 * t[swap]], key[2 * t[swap] + 1] = b[swap], a[swap]
        va, vb = val[2 * t], val[2 * t + 1]
        val[2 * t[swap]], val[2 * t[swap] + 1] = vb[swap], va[swap]
    return key, val


def _round_once(x, dtype):
    """The exact rational ``x`` rounded once to ``dtype`` (nearest, ties to even)."""
    from fractions import Fraction
    c0 = dtype(float(x))
    best = None
    for c in (np.nextafter(c0, dtype(-np.inf)), c0, np.nextafter(c0, dtype(np.inf))):
        if not np.isfinite(c):
            continue
        d = abs(Fraction(float(c)) - x)
        even = int(np.array(c).view({2: np.uint16, 4: np.uint32}[np.dtype(dtype).itemsize])) % 2 == 0
        if best is None or d < best[0] or (d == best[0] and even):
            best = (d, c)
    return best[1]


def _fma_exact(a, b, c, dtype):
    """a * b + c with one rounding, element by element, in exact rational arithmetic (the
    reference for ptxas's fused FFMA/HFMA2; independent of the emulator's own fma)."""
    from fractions import Fraction
    a, b, c = (np.asarray(v, dtype).reshape(-1) for v in (a, b, c))
    out = np.empty(max(a.size, b.size, c.size), dtype)
    for i in range(out.size):
        x = Fraction(float(a[i % a.size])) * Fraction(float(b[i % b.size])) + Fraction(float(c[i % c.size]))
        out[i] = _round_once(x, dtype)
    return out


def fma_f16(a, b, c):
    return _fma_exact(a, b, c, np.float16)


def fma_f32(a, b, c):
    return _fma_exact(a, b, c, np.float32)


def conv2d_same(image, filt, size):
    """Learn-CUDA-Programming's 2D convolution: out[y, x] = sum of image[y + r - size//2, x + c - size//2]
    * filt[r, c] over the size x size filter, zero outside the image, in float64."""
    img = np.asarray(image, np.float64)
    f = np.asarray(filt, np.float64).reshape(-1)[:size * size].reshape(size, size)
    p = size // 2
    padded = np.pad(img, p)
    out = np.zeros_like(img)
    for r in range(size):
        for c in range(size):
            out += padded[r:r + img.shape[0], c:c + img.shape[1]] * f[r, c]
    return out


def lu_packed(a):
    """LU without pivoting (Doolittle), packed in one matrix: U on and above the diagonal, L's
    multipliers below it (its unit diagonal left out), as an in-place LU kernel leaves it."""
    a = np.asarray(a, dtype=np.float64).copy()
    n = a.shape[0]
    for k in range(n - 1):
        a[k + 1:, k] /= a[k, k]
        a[k + 1:, k + 1:] -= np.outer(a[k + 1:, k], a[k, k + 1:])
    return a


def bf16(x):
    """fp32 values as bf16 bit patterns (uint16, rounded to nearest even, NaN the canonical 0x7FFF;
    numpy has no bf16): the inputs of a bf16 kernel, and what its output is compared through."""
    x = np.asarray(x, np.float32)
    b = x.view(np.uint32).astype(np.uint64)
    return np.where(np.isnan(x), np.uint16(0x7FFF), ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16))


def bf16_float(bits):
    """bf16 bit patterns (uint16) as the float64 values they hold."""
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def bf16_probe(size, rng):
    """fp32 inputs for the bf16 conversions: rounding ties and near-ties, the largest finite values
    (which round to inf), subnormals, zeros, infinities and NaNs with payloads, then uniform values."""
    special = np.array([
        0x3F808000, 0x3F818000, 0x3F808001, 0x3F807FFF, 0xBF808000, 0xBF818000,   # ties to even, near ties
        0x7F7FFFFF, 0x7F7F7FFF, 0x7F7F8000, 0xFF7FFFFF,                           # the top: to inf or not
        0x00000001, 0x00008000, 0x00018000, 0x0000FFFF, 0x807FFFFF, 0x00800000,   # subnormals, smallest normal
        0x00000000, 0x80000000, 0x7F800000, 0xFF800000,                           # zeros, infinities
        0x7FC00000, 0x7FC00001, 0xFFC12345, 0x7F800001, 0xFF800001, 0x7FFFFFFF,   # quiet and signalling NaNs
    ], dtype=np.uint32).view(np.float32)
    rest = rng.uniform(-4, 4, size - len(special)).astype(np.float32)
    return np.concatenate([special, rest])


def bf16_rz(x):
    """fp32 values as bf16 bit patterns rounded toward zero (NaN: the canonical 0x7FFF)."""
    x = np.asarray(x, np.float32)
    return np.where(np.isnan(x), np.uint16(0x7FFF), (x.view(np.uint32) >> 16).astype(np.uint16))


def bf16_pair(x):
    """__floats2bfloat162_rn(x[i], x[i + 1]) (wrapping) as 32 bits: .x = x[i] in the lower half, .y in
    the upper (its cvt.rn.bf16x2.f32 d, y, x puts the first source in the upper half)."""
    b = bf16(x).astype(np.uint32)
    return (np.roll(b, -1) << 16) | b
