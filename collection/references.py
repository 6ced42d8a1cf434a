"""numpy references for collection/manifest.toml: what each sample kernel should produce.

Written from the samples' own descriptions (and their CPU checks), never from the emulator.
The manifest calls these by name; each takes numpy arrays and returns numpy arrays.
"""
from __future__ import annotations

import functools
import heapq
import math

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


# ---------------------------------------------------------------- gpu-mode lectures, Rodinia 3.1

def window_sums(x, half, block=None):
    """windowSumDirect: out[i] = sum of x[i - half .. i + half] inside the array; with ``block``,
    windowSumPrivatized: the window stops at the edges of each block of ``block`` elements."""
    x = np.asarray(x, np.float64)
    seg = x.reshape(-1, block) if block else x.reshape(1, -1)
    out = np.zeros_like(seg)
    n = seg.shape[1]
    for d in range(-half, half + 1):
        lo, hi = max(0, -d), min(n, n - d)
        out[:, lo:hi] += seg[:, lo + d:hi + d]
    return out.reshape(-1)


def mean_filter(img, radius):
    """gpu-mode lecture 2's mean filter on a (channels, height, width) uint8 image: the integer
    mean (floor) of the pixels of the (2r+1)^2 window that fall inside the image."""
    img = np.asarray(img, np.int64)
    c, h, w = img.shape
    tot = np.zeros_like(img)
    cnt = np.zeros((h, w), np.int64)
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            ys, ye = max(0, -dy), min(h, h - dy)
            xs, xe = max(0, -dx), min(w, w - dx)
            tot[:, ys:ye, xs:xe] += img[:, ys + dy:ye + dy, xs + dx:xe + dx]
            cnt[ys:ye, xs:xe] += 1
    return (tot // cnt).astype(np.uint8)


def grayscale(rgb):
    """0.21 r + 0.71 g + 0.07 b in float32, truncated to a byte (gpu-mode lecture 2)."""
    rgb = np.asarray(rgb, np.float32).reshape(-1, 3)
    v = (np.float32(0.21) * rgb[:, 0] + np.float32(0.71) * rgb[:, 1]) + np.float32(0.07) * rgb[:, 2]
    return v.astype(np.uint8)


def hotspot(temp, power, steps, Cap, Rx, Ry, Rz, step):
    """Rodinia HotSpot: ``steps`` explicit steps of the thermal stencil on the whole grid, a
    cell's missing neighbours outside the grid replaced by the cell itself (the kernel's
    clamped N/S/E/W), ambient temperature 80; float64 arithmetic, float32 storage per step."""
    f32 = np.float32
    t = np.asarray(temp, np.float32).astype(np.float64)
    p = np.asarray(power, np.float32).astype(np.float64)
    sdc = float(f32(step) / f32(Cap))
    rx, ry, rz = (float(f32(1) / f32(r)) for r in (Rx, Ry, Rz))
    for _ in range(steps):
        n = np.vstack([t[:1], t[:-1]])
        s = np.vstack([t[1:], t[-1:]])
        w = np.hstack([t[:, :1], t[:, :-1]])
        e = np.hstack([t[:, 1:], t[:, -1:]])
        t = t + sdc * (p + (s + n - 2.0 * t) * ry + (e + w - 2.0 * t) * rx + (80.0 - t) * rz)
        t = t.astype(np.float32).astype(np.float64)
    return t.astype(np.float32)


def pathfinder(src, wall, steps):
    """Rodinia PathFinder: row by row, the cheapest of the three cells above (clamped at the
    edges) plus this row's wall."""
    prev = np.asarray(src, np.int64)
    wall = np.asarray(wall, np.int64)
    for i in range(steps):
        left = np.concatenate([prev[:1], prev[:-1]])
        right = np.concatenate([prev[1:], prev[-1:]])
        prev = np.minimum(np.minimum(left, prev), right) + wall[i]
    return prev.astype(np.int32)


def gauss_fan1(m, a, size, t):
    """Rodinia Gaussian's Fan1: the multipliers m[i, t] = a[i, t] / a[t, t] of step t."""
    m = np.array(m, np.float32).reshape(size, size)
    a = np.asarray(a, np.float32).reshape(size, size)
    m[t + 1:, t] = a[t + 1:, t] / a[t, t]
    return m.reshape(-1)


def gauss_fan2(m, a, b, size, t):
    """Rodinia Gaussian's Fan2: a[i, j] -= m[i, t] * a[t, j] and b[i] -= m[i, t] * b[t] below row t."""
    m = np.asarray(m, np.float64).reshape(size, size)
    a = np.array(a, np.float64).reshape(size, size)
    b = np.array(b, np.float64)
    a[t + 1:, t:] -= np.outer(m[t + 1:, t], a[t, t:])
    b[t + 1:] -= m[t + 1:, t] * b[t]
    return a.reshape(-1), b


def bpnn_partial_sums(inp, w, hid, height=16):
    """Rodinia backprop's layer forward: per block of ``height`` input units, the sums of
    weight * input for each hidden unit (w is (in + 1) x (hid + 1), row 0 and column 0 unused)."""
    inp = np.asarray(inp, np.float64)
    w = np.asarray(w, np.float64).reshape(len(inp), hid + 1)
    nb = (len(inp) - 1) // height
    out = np.zeros((nb, hid))
    for by in range(nb):
        rows = slice(height * by + 1, height * by + height + 1)
        out[by] = (w[rows, 1:] * inp[rows, None]).sum(axis=0)
    return out.reshape(-1)


def bpnn_adjust(delta, ly, w, oldw, hid, eta=0.3, momentum=0.3):
    """Rodinia backprop's weight update (double arithmetic): new dw = eta * delta[j] * ly[i] +
    momentum * oldw[i, j]; w += dw; oldw = dw; row 0 with ly = 1."""
    delta = np.asarray(delta, np.float32).astype(np.float64)
    ly = np.asarray(ly, np.float32).astype(np.float64).copy()
    ly[0] = 1.0
    w = np.asarray(w, np.float32).reshape(len(ly), hid + 1).astype(np.float64)
    old = np.asarray(oldw, np.float32).reshape(len(ly), hid + 1).astype(np.float64)
    dw = eta * delta[None, 1:] * ly[:, None] + momentum * old[:, 1:]
    w_new, old_new = w.copy(), old.copy()
    w_new[:, 1:] = w[:, 1:] + dw
    old_new[:, 1:] = dw
    return w_new.astype(np.float32).reshape(-1), old_new.astype(np.float32).reshape(-1)


def nw_tiles(matrix, ref, penalty, tiles, bs=16):
    """Rodinia NW: the Needleman-Wunsch score of every cell of the given (tile row, tile column)
    tiles, M[r, c] = max(M[r-1, c-1] + ref[r, c], M[r, c-1] - penalty, M[r-1, c] - penalty),
    from the matrix's values around each tile (rows and columns 1-based, as the kernel's)."""
    m = np.array(matrix, np.int64)
    ref = np.asarray(ref, np.int64)
    for ty, tx in tiles:
        for r in range(ty * bs + 1, ty * bs + bs + 1):
            for c in range(tx * bs + 1, tx * bs + bs + 1):
                m[r, c] = max(m[r - 1, c - 1] + ref[r, c], m[r, c - 1] - penalty, m[r - 1, c] - penalty)
    return m.astype(np.int32)


def histogram1024(data, lo, hi):
    """hybridsort's histogram1024Kernel: bin = uint(((d - lo) / (hi - lo)) * 1024) & 0x3FF, in float32."""
    d = np.asarray(data, np.float32)
    v = ((d - np.float32(lo)) / (np.float32(hi) - np.float32(lo))) * np.float32(1024)
    return np.bincount(v.astype(np.uint32) & 0x3FF, minlength=1024).astype(np.uint32)


def pb_symmat(data, m, diag=None, skip_last=False, base=None):
    """PolyBench's correlation/covariance kernels: symmat[j1, j2] = symmat[j2, j1] = column j1 . column j2
    for j2 >= j1 (correlation: j2 > j1 and a diagonal of `diag`, and its thread j1 < m - 1 only, so
    the last diagonal element keeps `base`'s value)."""
    d = np.asarray(data, np.float64)
    s = d.T @ d
    if diag is not None:
        np.fill_diagonal(s, diag)
    if skip_last:
        s[m - 1, m - 1] = np.asarray(base, np.float64)[m - 1, m - 1]
    return s


def pb_std(data, mean, float_n, eps):
    """PolyBench correlation's std_kernel: sqrt(sum((x - mean)^2) / float_n), 1 where that is <= eps."""
    d = np.asarray(data, np.float64)
    s = np.sqrt(((d - np.asarray(mean, np.float64)) ** 2).sum(0) / float_n)
    return np.where(s <= eps, 1.0, s)


def stencil7(a0, anext, c0, c1):
    """Parboil's stencil: one 7-point Jacobi step over the interior of an (nz, ny, nx) grid,
    (the six neighbours' sum) * c1 - centre * c0; the boundary keeps anext's values."""
    a = np.asarray(a0, np.float64)
    out = np.array(anext, np.float64)
    c = a[1:-1, 1:-1, 1:-1]
    nb = (a[2:, 1:-1, 1:-1] + a[:-2, 1:-1, 1:-1] + a[1:-1, 2:, 1:-1] + a[1:-1, :-2, 1:-1]
          + a[1:-1, 1:-1, 2:] + a[1:-1, 1:-1, :-2])
    out[1:-1, 1:-1, 1:-1] = nb * c1 - c * c0
    return out


def spmv_jds(data, index, perm, x, ptr, zcnt, dim, warp=32):
    """Parboil's spmv_jds: row r (of the permuted order) sums data[ptr[k] + r] * x[index[ptr[k] + r]]
    over k < zcnt[r // 32] (its warp's row length); the result goes to y[perm[r]]."""
    y = np.zeros(dim)
    for r in range(dim):
        js = np.asarray(ptr[:zcnt[r // warp]]) + r
        y[perm[r]] = np.dot(np.asarray(data, np.float64)[js], np.asarray(x, np.float64)[np.asarray(index)[js]])
    return y


def mri_q(x, y, z, ck, numk, q0):
    """Parboil's mri-q ComputeQ_GPU for one launch from k = 0: q0 plus, over the first numk rows
    (Kx, Ky, Kz, PhiMag) of ck, PhiMag * cos(2 pi (Kx x + Ky y + Kz z)) (real) and * sin (imaginary)."""
    k = np.asarray(ck, np.float64)[:numk]
    arg = 2 * np.pi * (np.outer(x, k[:, 0]) + np.outer(y, k[:, 1]) + np.outer(z, k[:, 2]))
    return (np.asarray(q0[0], np.float64) + (k[:, 3] * np.cos(arg)).sum(1),
            np.asarray(q0[1], np.float64) + (k[:, 3] * np.sin(arg)).sum(1))


def doitgen_sum(s, a, c4, r):
    """PolyBench doitgen_kernel1 for one r: sum[r] = A[r] @ C4, the rest of sum unchanged."""
    out = np.array(s, np.float64)
    out[r] = np.asarray(a[r], np.float64) @ np.asarray(c4, np.float64)
    return out


def doitgen_copy(a, s, r):
    """PolyBench doitgen_kernel2 for one r: A[r] = sum[r], the rest of A unchanged."""
    out = np.array(a)
    out[r] = s[r]
    return out


# --- the third unseen suite (SHOC, HeCBench) ---

def shoc_stencil(data, rows, cols, w_center, w_cardinal, w_diagonal):
    """SHOC Stencil2D's 9-point step over the interior (rows x cols) of a haloed, padded float32 matrix,
    summed in the kernel's order."""
    d = np.asarray(data, np.float32)
    c = d[1:rows + 1, 1:cols + 1]
    n, s = d[0:rows, 1:cols + 1], d[2:rows + 2, 1:cols + 1]
    e, w = d[1:rows + 1, 2:cols + 2], d[1:rows + 1, 0:cols]
    ne, se = d[0:rows, 2:cols + 2], d[2:rows + 2, 2:cols + 2]
    nw, sw = d[0:rows, 0:cols], d[2:rows + 2, 0:cols]
    f = np.float32
    return f(w_center) * c + f(w_cardinal) * (n + s + e + w) + f(w_diagonal) * (ne + se + nw + sw)


def _round_int(v, mode):
    """A Python float rounded to an integer: 'rd' floor, 'ru' ceil, 'rz' toward zero, 'rn' to even."""
    import math
    return {"rd": math.floor, "ru": math.ceil, "rz": math.trunc, "rn": round}[mode](v)


def _int_to_float(v, mode, dtype):
    """The integer v as a float of dtype rounded by mode (the CUDA __int2float_r* family)."""
    from fractions import Fraction
    g = dtype(float(v))
    while Fraction(float(g)) > v:
        g = np.nextafter(g, dtype(-np.inf))
    while Fraction(float(np.nextafter(g, dtype(np.inf)))) <= v:
        g = np.nextafter(g, dtype(np.inf))
    if Fraction(float(g)) == v:
        return g
    up = np.nextafter(g, dtype(np.inf))
    if mode == "rd" or (mode == "rz" and v > 0):
        return g
    if mode in ("ru", "rz"):
        return up
    dg, du = v - Fraction(float(g)), Fraction(float(up)) - v
    if dg != du:
        return g if dg < du else up
    view = {np.float32: np.uint32, np.float64: np.uint64}[dtype]
    return g if int(np.asarray(g).view(view)) % 2 == 0 else up


def hec_cast1(x):
    """HeCBench intrinsics-cast's cast1_intrinsics for each double of x (the intrinsics' documented roundings)."""
    out = []
    M32, M64 = (1 << 32) - 1, (1 << 64) - 1
    for v in np.asarray(x, np.float64):
        bits = int(np.float64(v).view(np.uint64))
        f = float(np.float32(v))                      # the double argument of a float intrinsic, rounded
        fbits = int(np.float32(v).view(np.uint32))
        r1 = (bits >> 32) ^ (bits & M32)
        for m in ("rd", "rn", "ru", "rz"):
            r1 ^= _round_int(float(v), m) & M32
        for m in ("rd", "rn", "ru", "rz"):
            r1 ^= _round_int(f, m) & M32
        r1 ^= fbits
        r2 = 0
        for src in (float(v), f):
            for m in ("rd", "rn", "ru", "rz"):
                r2 ^= _round_int(src, m) & M32
        r2 ^= fbits
        r3 = 0
        for src in (float(v), f):
            for m in ("rd", "rn", "ru", "rz"):
                r3 ^= _round_int(src, m) & M64
        r3 ^= bits
        r4 = 0
        for src in (float(v), f):
            for m in ("rd", "rn", "ru", "rz"):
                r4 ^= _round_int(src, m) & M64
        total = (((r1 + r2) & M32) + ((r3 + r4) & M64)) & M64
        out.append(total - (1 << 64) if total >> 63 else total)
    return np.array(out, np.int64)


def hec_cast2(x):
    """HeCBench intrinsics-cast's cast2_intrinsics for each long long of x (float sums in float, double in double)."""
    out = []
    f32, f64 = np.float32, np.float64
    for v in np.asarray(x, np.int64):
        v = int(v)
        lo = v & 0xFFFFFFFF
        ilo = lo - (1 << 32) if lo >> 31 else lo
        u = v & ((1 << 64) - 1)
        r1 = f32(0)
        r1 = f32(f64(r1) + np.uint64(u).view(np.float64))           # __hiloint2double: v's own bits
        for m in ("rd", "rn", "ru", "rz"):
            r1 = f32(r1 + _int_to_float(ilo, m, f32))
        for m in ("rd", "rn", "ru", "rz"):
            r1 = f32(r1 + _int_to_float(lo, m, f32))
        r1 = f32(r1 + np.uint32(lo).view(np.float32))
        r1 = f32(r1 + np.uint32(lo).view(np.float32))
        for m in ("rd", "rn", "ru", "rz"):
            r1 = f32(r1 + _int_to_float(v, m, f32))
        for m in ("rd", "rn", "ru", "rz"):
            r1 = f32(r1 + _int_to_float(u, m, f32))
        r2 = f64(0)
        r2 = r2 + _int_to_float(ilo, "rn", f64)
        r2 = r2 + _int_to_float(lo, "rn", f64)
        for m in ("rd", "rn", "ru", "rz"):
            r2 = r2 + _int_to_float(v, m, f64)
        for m in ("rd", "rn", "ru", "rz"):
            r2 = r2 + _int_to_float(u, m, f64)
        r2 = r2 + np.uint64(u).view(np.float64)
        out.append(int(np.float64(f64(r1) + r2).view(np.int64)))
    return np.array(out, np.int64)


def radix_block_sort(keys, values, block, shift, bits=4):
    """Each block of keys (and their values) sorted stably by the digit (key >> shift) & (2^bits - 1)."""
    k, v = np.asarray(keys).reshape(-1, block), np.asarray(values).reshape(-1, block)
    o = np.argsort((k >> shift) & ((1 << bits) - 1), axis=1, kind="stable")
    return np.take_along_axis(k, o, 1).reshape(-1), np.take_along_axis(v, o, 1).reshape(-1)


def radix_counts(keys, block, shift):
    """(per-digit counts digit-major [16 x blocks], per-block start offsets [blocks x 16], 0 where absent)
    of block-sorted keys."""
    d = (np.asarray(keys).reshape(-1, block) >> shift) & 15
    counts = np.array([[(b == r).sum() for b in d] for r in range(16)], np.uint32)
    starts = np.array([[np.flatnonzero(b == r)[0] if (b == r).any() else 0 for r in range(16)] for b in d], np.uint32)
    return counts, starts


def expdist_blocks(A, B, m, n, sA, sB, grid, tile=(128, 16), dim=2):
    """Kernel Tuner's ExpDist: per block (bx, by) of the grid, the sum over its i (x) and j (y) of
    exp(-|A_i - B_j|^2 / (sA_i + sB_j)), A and B dimension-major with strides m and n."""
    gx, gy = grid
    a = np.stack([A[d * m:d * m + m] for d in range(dim)], 1)
    b = np.stack([B[d * n:d * n + n] for d in range(dim)], 1)
    dist = ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)
    term = np.exp(-dist / (sA[:m, None] + sB[None, :n]))
    out = np.zeros(gx * gy)
    for by in range(gy):
        for bx in range(gx):
            out[by * gx + bx] = term[bx * tile[0]:(bx + 1) * tile[0], by * tile[1]:(by + 1) * tile[1]].sum()
    return out


def pnpoly(points, verts):
    """Crossing number of each point (x, y) against the closed polygon verts (1: inside), as Kernel
    Tuner's cn_pnpoly_naive counts it."""
    p = np.asarray(points, np.float64).reshape(-1, 2)
    vj = np.asarray(verts, np.float64).reshape(-1, 2)
    vk = np.roll(vj, 1, axis=0)
    slope = (vk[:, 0] - vj[:, 0]) / (vk[:, 1] - vj[:, 1])
    px, py = p[:, 0:1], p[:, 1:2]
    cross = ((vj[:, 1] > py) != (vk[:, 1] > py)) & (px < slope * (py - vj[:, 1]) + vj[:, 0])
    return (cross.sum(1) & 1).astype(np.int32)


def spmv_csr(rows, cols, vals, x):
    """y = M x for M in CSR (row starts rows, column indices cols, values vals)."""
    y = np.zeros(len(rows) - 1)
    for i in range(len(rows) - 1):
        s, e = rows[i], rows[i + 1]
        y[i] = (np.asarray(vals[s:e], np.float64) * x[cols[s:e]]).sum()
    return y


def zero_mean_cols(img):
    """Each column less the mean of its even rows (on even rows) and of its odd rows (on odd rows);
    the counts are the kernel's integer (h + 1) / 2 and h / 2."""
    x = np.asarray(img, np.float64).copy()
    h = x.shape[0]
    x[0::2] -= x[0::2].sum(0) / ((h + 1) // 2)
    x[1::2] -= x[1::2].sum(0) / (h // 2)
    return x


def zero_mean_rows(img):
    """zero_mean_cols along rows."""
    return zero_mean_cols(np.asarray(img).T).T


def csr_spmm(rows, cols, vals, B):
    """C = M B for M in CSR (row starts rows, column indices cols, values vals) and a dense B."""
    C = np.zeros((len(rows) - 1, B.shape[1]))
    for i in range(len(rows) - 1):
        s, e = rows[i], rows[i + 1]
        C[i] = np.asarray(vals[s:e], np.float64) @ np.asarray(B, np.float64)[cols[s:e]]
    return C


def howto_complex_half_gemv(A, x):
    """How_to_optimize_in_GPU's ComplexHalfGemv as its index formula reads, for N / 32 / 4 <= 1 (one
    iteration): lane l loads the float4 (four cuHalfComplex) number l / 4 of its row and of x, so the
    warp's sum is 4 times the product of the row's first 32 elements with x's, whatever N is.
    A: (M, N, 2) halves (real, imaginary); x: (N, 2); returns (M, 2)."""
    a = np.asarray(A, np.float64)
    v = np.asarray(x, np.float64)
    ac = a[:, :32, 0] + 1j * a[:, :32, 1]
    xc = v[:32, 0] + 1j * v[:32, 1]
    y = 4 * (ac @ xc)
    return np.stack([y.real, y.imag], -1)


def prk_stencil_weights(pattern, r):
    """The Parallel Research Kernels' stencil weights W[j][i], as Cxx11/generate-cxx-stencil.py makes them
    (the kernel's term for W[j][i] reads in[(i + i - r) * n + (j + j - r)] at row offset i - r, column
    offset j - r)."""
    W = np.zeros((2 * r + 1, 2 * r + 1))
    if pattern == "star":
        for i in range(1, r + 1):
            W[r][r + i] = +1. / (2 * i * r)
            W[r + i][r] = +1. / (2 * i * r)
            W[r][r - i] = -1. / (2 * i * r)
            W[r - i][r] = -1. / (2 * i * r)
    else:
        for j in range(1, r + 1):
            for i in range(-j + 1, j):
                W[r + i][r + j] = +1. / (4 * j * (2 * j - 1) * r)
                W[r + i][r - j] = -1. / (4 * j * (2 * j - 1) * r)
                W[r + j][r + i] = +1. / (4 * j * (2 * j - 1) * r)
                W[r - j][r + i] = -1. / (4 * j * (2 * j - 1) * r)
            W[r + j][r + j] = +1. / (4 * j * r)
            W[r - j][r - j] = -1. / (4 * j * r)
    return W


def prk_stencil(inp, out, n, pattern, r):
    """out[i, j] += sum over the weights of in[i + di, j + dj] on the interior r <= i, j < n - r."""
    a = np.asarray(inp, np.float64).reshape(n, n)
    o = np.asarray(out, np.float64).reshape(n, n).copy()
    W = prk_stencil_weights(pattern, r)
    acc = np.zeros((n - 2 * r, n - 2 * r))
    for jj in range(2 * r + 1):
        for ii in range(2 * r + 1):
            if W[jj][ii] != 0.0:
                acc += a[ii:ii + n - 2 * r, jj:jj + n - 2 * r] * W[jj][ii]
    o[r:n - r, r:n - r] += acc
    return o.reshape(-1)


def prk_p2p(grid, n):
    """The pipeline's sweep: grid[x][y] = grid[x-1][y] + grid[x][y-1] - grid[x-1][y-1] for 1 <= x, y < n,
    then grid[0][0] = -grid[n-1][n-1]."""
    g = np.asarray(grid, np.float64).reshape(n, n).copy()
    for x in range(1, n):
        for y in range(1, n):
            g[x, y] = g[x - 1, y] + g[x, y - 1] - g[x - 1, y - 1]
    g[0, 0] = -g[n - 1, n - 1]
    return g.reshape(-1)


# ---------------------------------------------------------------- the eighth unseen suite (Hetero-Mark, Altis)
def hm_aes(data, key_words, sbox):
    """Hetero-Mark's aes_cuda as written: 14 rounds on each 16-byte block, the round key's bytes taken
    from each 32-bit word most significant first, the S-box the kernel's table."""
    st = data.reshape(-1, 16).astype(np.int64).copy()
    kb = key_words.astype("<u4").view(np.uint8).reshape(60, 4)[:, ::-1].reshape(15, 16).astype(np.int64)
    s = sbox.astype(np.int64)
    shift = [0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11]

    def mix(st):
        out = st.copy()
        for w in range(4):
            a = st[:, 4 * w:4 * w + 4]
            b = ((a << 1) & 0xFF) ^ np.where(a & 0x80, 0x1B, 0)
            out[:, 4 * w + 0] = b[:, 0] ^ a[:, 3] ^ a[:, 2] ^ b[:, 1] ^ a[:, 1]
            out[:, 4 * w + 1] = b[:, 1] ^ a[:, 0] ^ a[:, 3] ^ b[:, 2] ^ a[:, 2]
            out[:, 4 * w + 2] = b[:, 2] ^ a[:, 1] ^ a[:, 0] ^ b[:, 3] ^ a[:, 3]
            out[:, 4 * w + 3] = b[:, 3] ^ a[:, 2] ^ a[:, 1] ^ b[:, 0] ^ a[:, 0]
        return out
    st ^= kb[0]
    for r in range(1, 14):
        st = mix(s[st][:, shift]) ^ kb[r]
    st = s[st][:, shift] ^ kb[14]
    return st.astype(np.uint8).ravel()


def hm_ep_evaluate(creatures, f, count, num_vars):
    """Evaluate_Kernel: fitness = sum_j p[j]^(j+1) f[j], the power by repeated products, in the kernel's order."""
    c = creatures.copy()
    for i in range(count):
        fit = 0.0
        for j in range(num_vars):
            p = 1.0
            for _ in range(j + 1):
                p *= c[i, 1 + j]
            fit += p * f[j]
        c[i, 0] = fit
    return c


def hm_ga(target, query, length, coarse, threshold):
    t, q = target.astype(np.int64), query.astype(np.int64)
    out = np.zeros(length, np.int8)
    for tid in range(length):
        for i in range(len(q) - coarse + 1):
            if np.count_nonzero(t[tid:tid + coarse] != q[i:i + coarse]) < threshold:
                out[tid] = 1
                break
    return out


def csr_matvec(ro, col, val, x):
    ro = ro.astype(np.int64)
    return np.array([np.dot(val[ro[r]:ro[r + 1]].astype(np.float64), x[col[ro[r]:ro[r + 1]].astype(np.int64)].astype(np.float64))
                     for r in range(len(ro) - 1)])


def gups_table(n, updates):
    """HPCC RandomAccess: t[i] = i, then t[ran & (n - 1)] ^= ran for ran = x^1 .. x^updates over GF(2) mod POLY 7."""
    m = (1 << 64) - 1
    t = list(range(n))
    ran = 1
    for _ in range(updates):
        ran = ((ran << 1) & m) ^ (7 if ran >> 63 else 0)
        t[ran & (n - 1)] ^= ran
    return np.array(t, dtype=np.uint64)


def maxpool_forward(x, b, c, h, w, size, stride, pad):
    oh, ow = (h + pad - size) // stride + 1, (w + pad - size) // stride + 1
    x = x.reshape(b * c, h, w)
    out = np.full((b * c, oh, ow), -np.inf, np.float32)
    idx = np.full((b * c, oh, ow), -1, np.int32)
    off = -pad // 2 if pad >= 0 else 0
    off = -(pad // 2)
    for l in range(size):
        for mm in range(size):
            ch = off + np.arange(oh) * stride + l
            cw = off + np.arange(ow) * stride + mm
            valid = ((ch >= 0) & (ch < h))[:, None] & ((cw >= 0) & (cw < w))[None, :]
            val = np.where(valid[None], x[:, np.clip(ch, 0, h - 1)][:, :, np.clip(cw, 0, w - 1)], -np.inf)
            index = cw[None, None, :] + w * (ch[None, :, None] + h * np.arange(b * c)[:, None, None])
            better = val > out
            idx = np.where(better, index, idx)
            out = np.where(better, val, out)
    return out.ravel(), idx.ravel()


def maxpool_backward(delta, prev, indexes, b, c, h, w, size, stride, pad):
    oh, ow = (h + pad - size) // stride + 1, (w + pad - size) // stride + 1
    area = (size - 1) // stride
    off = -(pad // 2)
    out = prev.astype(np.float32).copy()
    for index in range(b * c * h * w):
        j, i, kc = index % w, (index // w) % h, index // (w * h)
        d = np.float32(0)
        for l in range(-area, area + 1):
            for mm in range(-area, area + 1):
                o_w, o_h = (j - off) // stride + mm, (i - off) // stride + l
                if 0 <= o_w < ow and 0 <= o_h < oh:
                    o = o_w + ow * (o_h + oh * kc)
                    if indexes[o] == index:
                        d = np.float32(d + delta[o])
        out[index] = np.float32(out[index] + d)
    return out


def im2col(im, c, h, w, k, pad, stride):
    hc, wc = (h + 2 * pad - k) // stride + 1, (w + 2 * pad - k) // stride + 1
    x = np.pad(im.reshape(c, h, w), ((0, 0), (pad, pad), (pad, pad)))
    col = np.zeros((c, k, k, hc, wc), im.dtype)
    for i in range(k):
        for j in range(k):
            col[:, i, j] = x[:, i:i + stride * hc:stride, j:j + stride * wc:stride]
    return col.ravel()


def col2im(col, im, c, h, w, k, pad, stride):
    hc, wc = (h + 2 * pad - k) // stride + 1, (w + 2 * pad - k) // stride + 1
    col = col.reshape(c, k, k, hc, wc).astype(np.float64)
    acc = np.zeros((c, h + 2 * pad, w + 2 * pad))
    for i in range(k):
        for j in range(k):
            acc[:, i:i + stride * hc:stride, j:j + stride * wc:stride] += col[:, i, j]
    return im.astype(np.float64) + acc[:, pad:pad + h, pad:pad + w].ravel()


def hm_bs(r):
    """Hetero-Mark's bs_cuda in float64: call and put prices with its polynomial Phi."""
    r = r.astype(np.float64)
    s = 10 * r + 100 * (1 - r); k = s; t = 1 * r + 10 * (1 - r)
    rr = 0.01 * r + 0.05 * (1 - r); sig = 0.01 * r + 0.10 * (1 - r)
    sst = sig * np.sqrt(t)
    d1 = (np.log(s / k) + (rr + sig * sig / 2) * t) / sst
    d2 = d1 - sst

    def phi(x):
        a = np.abs(x); tt = 1 / (1 + 0.2316419 * a)
        y = 1 - 0.398942280 * np.exp(-x * x / 2) * tt * (0.319381530 + tt * (-0.356563782 + tt * (1.781477937 + tt * (-1.821255978 + tt * 1.330274429))))
        return np.where(x < 0, 1 - y, y)
    ke = k * np.exp(-rr * t)
    return s * phi(d1) - ke * phi(d2), ke * phi(-d2) - s * phi(-d1)


# XSBench (collection/xsbench_simulation.cu): the LCG, pick_mat and the unionized-grid lookup, ported
_XS_M, _XS_A = 1 << 63, 2806196910506780709
_XS_DIST = [0.140, 0.052, 0.275, 0.134, 0.154, 0.064, 0.066, 0.055, 0.008, 0.015, 0.025, 0.013]


def _xs_pick_mat(roll):
    for i in range(12):
        running = 0.0
        for j in range(i, 0, -1):
            running += _XS_DIST[j]
        if roll < running:
            return i
    return 0


def xsbench_samples(lookups, seed=1070):
    """(p_energy float64, mat int32) of sampling_kernel: lookup i takes the LCG's states 2i+1 and 2i+2."""
    energy, mat = np.zeros(lookups), np.zeros(lookups, np.int32)
    s = seed
    for i in range(lookups):
        s = (_XS_A * s + 1) % _XS_M
        energy[i] = float(s) / float(_XS_M)
        s = (_XS_A * s + 1) % _XS_M
        mat[i] = _xs_pick_mat(float(s) / float(_XS_M))
    return energy, mat


def xsbench_verification(p_energy, mat, nuclide_grid, egrid, index_grid, num_nucs, mats, concs):
    """XSBench's verification value (1 + the argmax of the 5 macroscopic cross sections) of each
    lookup, unionized grid: nuclide_grid (isotopes, gridpoints, 6), mats and concs (12, max_num_nucs)."""
    n_g = nuclide_grid.shape[1]
    out = np.zeros(len(p_energy), np.uint64)
    for t, (p, m) in enumerate(zip(p_energy.tolist(), mat.tolist())):
        lo, up = 0, len(egrid) - 1                         # grid_search
        while up - lo > 1:
            x = lo + (up - lo) // 2
            if egrid[x] > p:
                up = x
            else:
                lo = x
        macro = [0.0] * 5
        for j in range(int(num_nucs[m])):
            nuc, conc = int(mats[m, j]), float(concs[m, j])
            k = int(index_grid[lo, nuc])
            low = nuclide_grid[nuc, k - 1 if k == n_g - 1 else k].tolist()
            high = nuclide_grid[nuc, (k - 1 if k == n_g - 1 else k) + 1].tolist()
            f = (high[0] - p) / (high[0] - low[0])
            for c in range(5):
                macro[c] += (high[c + 1] - f * (high[c + 1] - low[c + 1])) * conc
        best, idx = -1.0, 0
        for c in range(5):
            if macro[c] > best:
                best, idx = macro[c], c
        out[t] = idx + 1
    return out
# RSBench (collection/rsbench_simulation.cu): the deck as init.cu draws it (numpy for its LCG) and the lookup
_RS_POLE = np.dtype([("EA", "<c16"), ("RT", "<c16"), ("RA", "<c16"), ("RF", "<c16"), ("l", "<i2"), ("pad", "V6")])
_RS_WINDOW = np.dtype([("T", "<f8"), ("A", "<f8"), ("F", "<f8"), ("start", "<i4"), ("end", "<i4")])


def rsbench_deck(n_nuclides=68, avg_poles=1000, avg_windows=100, seed=42):
    """init.cu's data: n_poles, n_windows (one each at least, the rest at random), the Pole and Window
    arrays as the bytes of their C layout (72 and 32 bytes), pseudo_K0RS; and the two maxima."""
    rng = np.random.default_rng(seed)
    n_poles = (1 + rng.multinomial(avg_poles * n_nuclides - n_nuclides, [1 / n_nuclides] * n_nuclides)).astype(np.int32)
    n_windows = (1 + rng.multinomial(avg_windows * n_nuclides - n_nuclides, [1 / n_nuclides] * n_nuclides)).astype(np.int32)
    mp, mw = int(n_poles.max()), int(n_windows.max())
    poles = np.zeros((n_nuclides, mp), _RS_POLE)
    windows = np.zeros((n_nuclides, mw), _RS_WINDOW)
    for i in range(n_nuclides):
        k = int(n_poles[i])
        u = rng.uniform(0, 1, (k, 8))
        poles["EA"][i, :k] = 152.5 * u[:, 0] + 152.5j * u[:, 1]
        for f, c in (("RT", 2), ("RA", 4), ("RF", 6)):
            poles[f][i, :k] = 152.5 * u[:, c] + 1j * u[:, c + 1]
        poles["l"][i, :k] = rng.integers(0, 4, k)
        nw = int(n_windows[i])
        space, rem = k // nw, k - (k // nw) * nw
        ctr = 0
        for j in range(nw):
            t, a, f = rng.uniform(0, 1, 3)
            start, end = ctr, ctr + space - 1
            ctr += space
            if j < rem:
                ctr += 1
                end += 1
            windows[i, j] = (t, a, f, start, end)
    return {"n_poles": n_poles, "n_windows": n_windows, "poles": poles.reshape(-1).view(np.uint8),
            "windows": windows.reshape(-1).view(np.uint8), "pseudo_K0RS": rng.uniform(0, 1, n_nuclides * 4),
            "max_num_poles": mp, "max_num_windows": mw}


def rsbench_sorted_samples(lookups):
    """The samples as optimization 1's host leaves them: sorted by material, then by energy within each."""
    e, m = xsbench_samples(lookups)
    order = np.lexsort((e, m))
    return e[order], m[order]


def _rs_mul(a, b):
    return (a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0])


def _rs_div(a, b):
    d = b[0] * b[0] + b[1] * b[1]
    return ((a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d)


def _rs_cexp(z):
    x = 1.0 + z[0] * 0.000244140625
    for _ in range(12):
        x *= x
    return _rs_mul((x, 0.0), (math.cos(z[1]), math.sin(z[1])))


_RS_AN = [2.758402e-01, 2.245740e-01, 1.594149e-01, 9.866577e-02, 5.324414e-02, 2.505215e-02, 1.027747e-02,
          3.676164e-03, 1.146494e-03, 3.117570e-04]
_RS_DEN = [9.869604e+00, 3.947842e+01, 8.882644e+01, 1.579137e+02, 2.467401e+02, 3.553058e+02, 4.836106e+02,
           6.316547e+02, 7.994380e+02, 9.869604e+02]


def _rs_faddeeva(z):
    """fast_nuclear_W: Abrarov's approximation inside |z| < 6, the three-term expansion outside."""
    if math.sqrt(z[0] * z[0] + z[1] * z[1]) < 6.0:
        e12 = _rs_cexp(_rs_mul((0.0, 12.0), z))
        w = _rs_div(_rs_mul((0.0, 1.0), (1.0 - e12[0], -e12[1])), _rs_mul((12.0, 0.0), z))
        acc = (0.0, 0.0)
        z2 = _rs_mul(z, z)
        for n in range(10):
            top = (-1.0 if n % 2 == 0 else 1.0) * e12[0] - 1.0, (-1.0 if n % 2 == 0 else 1.0) * e12[1]
            bot = (_RS_DEN[n] - 144 * z2[0], -144 * z2[1])
            q = _rs_div(top, bot)
            acc = (acc[0] + _RS_AN[n] * q[0], acc[1] + _RS_AN[n] * q[1])
        zs = _rs_mul(z, acc)
        return (w[0] - 81.24330 * zs[1], w[1] + 81.24330 * zs[0])
    a, b = 0.512424224754768462984202823134979415014943561548661637413182, 0.275255128608410950901357962647054304017026259671664935783653
    c, d = 0.051765358792987823963876628425793170829107067780337219430904, 2.724744871391589049098642037352945695982973740328335064216346
    z2 = _rs_mul(z, z)
    s1, s2 = _rs_div((a, 0.0), (z2[0] - b, z2[1])), _rs_div((c, 0.0), (z2[0] - d, z2[1]))
    return _rs_mul(_rs_mul(z, (0.0, 1.0)), (s1[0] + s2[0], s1[1] + s2[1]))


def rsbench_verification(p_energy, mat, n_windows, pseudo_K0RS, windows, poles, num_nucs, mats, concs):
    """RSBench's verification value (1 + the argmax of the 4 macroscopic cross sections) of each lookup,
    doppler broadening on; windows and poles the bytes of the C arrays (nuclides x their maxima)."""
    n_nuc = len(n_windows)
    win = np.asarray(windows).view(_RS_WINDOW).reshape(n_nuc, -1)
    pol = np.asarray(poles).view(_RS_POLE).reshape(n_nuc, -1)
    out = np.zeros(len(p_energy), np.uint64)
    for t, (e, m) in enumerate(zip(np.asarray(p_energy).tolist(), np.asarray(mat).tolist())):
        macro = [0.0] * 4
        for j in range(int(num_nucs[m])):
            nuc = int(mats[m, j])
            nw = int(n_windows[nuc])
            w = int(e / (1.0 / nw))
            w -= w == nw
            sig_t = []
            for i in range(4):
                phi = float(pseudo_K0RS[nuc * 4 + i]) * math.sqrt(e)
                if i == 1:
                    phi -= -math.atan(phi)
                elif i == 2:
                    phi -= math.atan(3.0 * phi / (3.0 - phi * phi))
                elif i == 3:
                    phi -= math.atan(phi * (15.0 - phi * phi) / (15.0 - 6.0 * phi * phi))
                phi *= 2.0
                sig_t.append((math.cos(phi), -math.sin(phi)))
            T, A, F, start, end = win[nuc, w].tolist()
            st, sa, sf = e * T, e * A, e * F
            for p in pol[nuc, start:end].tolist():
                ea, rt, ra, rf, lv = p[0], p[1], p[2], p[3], p[4]
                fz = _rs_faddeeva(_rs_mul((e - ea.real, -ea.imag), (0.5, 0.0)))
                st += _rs_mul((rt.real, rt.imag), _rs_mul(fz, sig_t[lv]))[0]
                sa += _rs_mul((ra.real, ra.imag), fz)[0]
                sf += _rs_mul((rf.real, rf.imag), fz)[0]
            conc = float(concs[m, j])
            for c, v in enumerate((st, sa, sf, st - sa)):
                macro[c] += v * conc
        best, idx = -np.inf, 0
        for c in range(4):
            if macro[c] > best:
                best, idx = macro[c], c
        out[t] = idx + 1
    return out


# miniBUDE (collection/minibude_fasten.cu): a deck in bm1's kinds and the energy in float64
_BUDE_ATOM = np.dtype([("x", "<f4"), ("y", "<f4"), ("z", "<f4"), ("type", "<i4")])
_BUDE_FF = np.dtype([("hbtype", "<i4"), ("radius", "<f4"), ("hphb", "<f4"), ("elsc", "<f4")])


def minibude_deck(natlig=26, natpro=8, ntypes=34, nposes=8192, seed=7):
    """Packed Atoms (protein, ligand) and FFParams as bytes, and the six pose arrays (float32)."""
    rng = np.random.default_rng(seed)

    def atoms(n, half):
        a = np.zeros(n, _BUDE_ATOM)
        for f in "xyz":
            a[f] = rng.uniform(-half, half, n)
        a["type"] = rng.integers(0, ntypes, n)
        return a.view(np.uint8)
    ff = np.zeros(ntypes, _BUDE_FF)
    ff["hbtype"] = rng.choice([69, 70, 78], ntypes)
    ff["radius"] = rng.uniform(1.0, 2.5, ntypes)
    ff["hphb"] = np.where(rng.uniform(0, 1, ntypes) < 0.3, 0.0, rng.uniform(-1, 1, ntypes))
    ff["elsc"] = rng.uniform(-1, 1, ntypes)
    deck = {"protein": atoms(natpro, 5.0), "ligand": atoms(natlig, 2.0), "forcefield": ff.view(np.uint8)}
    for i in range(6):
        deck[f"transforms_{i}"] = (rng.uniform(-np.pi, np.pi, nposes) if i < 3
                                   else rng.uniform(-3, 3, nposes)).astype(np.float32)
    return deck


def minibude_energies(protein, ligand, forcefield, t0, t1, t2, t3, t4, t5):
    """fasten_main's etotals in float64: every pose's energy over every ligand-protein atom pair."""
    pro, lig, ff = (np.asarray(a).view(d) for a, d in ((protein, _BUDE_ATOM), (ligand, _BUDE_ATOM),
                                                      (forcefield, _BUDE_FF)))
    ax, ay, az = (np.asarray(t, np.float64) for t in (t0, t1, t2))
    sx, cx, sy, cy, sz, cz = np.sin(ax), np.cos(ax), np.sin(ay), np.cos(ay), np.sin(az), np.cos(az)
    rot = [[cy * cz, sx * sy * cz - cx * sz, cx * sy * cz + sx * sz],
           [cy * sz, sx * sy * sz + cx * cz, cx * sy * sz - sx * cz],
           [-sy, sx * cy, cx * cy]]
    trans = [np.asarray(t, np.float64) for t in (t3, t4, t5)]
    etot = np.zeros(len(ax))
    for la in lig:
        lp = ff[la["type"]]
        l_lt, l_gt = lp["hphb"] < 0, lp["hphb"] > 0
        lpos = [trans[r] + la["x"] * rot[r][0] + la["y"] * rot[r][1] + la["z"] * rot[r][2] for r in range(3)]
        for pa in pro:
            pp = ff[pa["type"]]
            radij = float(pp["radius"]) + float(lp["radius"])
            both_f = pp["hbtype"] == 70 and lp["hbtype"] == 70
            elcdst, elcdst1 = (4.0, 0.25) if both_f else (2.0, 0.5)
            type_e = pp["hbtype"] == 69 or lp["hbtype"] == 69
            p_lt, p_gt, p_nz = pp["hphb"] < 0, pp["hphb"] > 0, pp["hphb"] != 0
            p_hphb = float(pp["hphb"]) * (-1.0 if p_lt and l_gt else 1.0)
            l_hphb = float(lp["hphb"]) * (-1.0 if p_gt and l_lt else 1.0)
            distdslv = (5.5 if l_lt else 1.0) if p_lt else (1.0 if l_lt else -float(np.finfo(np.float32).max))
            chrg_init = float(lp["elsc"]) * float(pp["elsc"])
            dslv_init = p_hphb + l_hphb
            d = np.sqrt((lpos[0] - pa["x"]) ** 2 + (lpos[1] - pa["y"]) ** 2 + (lpos[2] - pa["z"]) ** 2)
            bb = d - radij
            zone1 = bb < 0
            etot += (1.0 - d / radij) * np.where(zone1, 2 * 38.0, 0.0)
            chrg = chrg_init * (np.where(zone1, 1.0, 1.0 - bb * elcdst1) * (bb < elcdst))
            etot += np.where(type_e, -np.abs(chrg), chrg) * 45.0
            dslv = dslv_init * ((bb < distdslv) & p_nz) * np.where(zone1, 1.0, 1.0 - bb / distdslv)
            etot += dslv
    return etot * 0.5


def fan_neighbors(x, y, cutoff_square, mn):
    """CUDA-Programming's neighbour lists: for each atom, the sorted atoms within the cutoff (float32
    differences, as the kernels take them), as rows of mn padded with int32's largest value; and the counts."""
    x, y = x.astype(np.float32), y.astype(np.float32)
    dx = (x[None, :] - x[:, None]).astype(np.float64)
    dy = (y[None, :] - y[:, None]).astype(np.float64)
    near = (dx * dx + dy * dy < float(cutoff_square)) & ~np.eye(len(x), dtype=bool)
    nl = np.full((len(x), mn), np.iinfo(np.int32).max, np.int32)
    for i in range(len(x)):
        js = np.flatnonzero(near[i])
        nl[i, :len(js)] = js
    return near.sum(1).astype(np.int32), nl


def sorted_rows(nl, mn):
    """The neighbour list's rows as sorted sets (the atomic kernel fills each row in the order its atomics land)."""
    return np.sort(nl.reshape(-1, mn), axis=1)


def jcuda_vbo(width, height):
    """simpleGL's vertices (JCudaDriverSimpleGLKernel.cu) at time 0: float4 (u, w, v, 1) per (y, x), float32 as the kernel."""
    u = (np.arange(width, dtype=np.float32) / np.float32(width)) * np.float32(2) - np.float32(1)
    v = (np.arange(height, dtype=np.float32) / np.float32(height)) * np.float32(2) - np.float32(1)
    U, V = np.meshgrid(u, v)
    W = np.sin(U * np.float32(4)) * np.cos(V * np.float32(4)) * np.float32(0.5)
    return np.stack([U, W, V, np.ones_like(U)], -1).astype(np.float32).reshape(-1)


def mgpm_boundaries(nx, ny):
    """multi-gpu-programming-models' initialize_boundaries on zeroed arrays: the left and right columns
    sin(2 pi iy / (ny - 1)) in double (pi the host's float), stored as float."""
    a = np.zeros((ny, nx), np.float32)
    pi = float(np.float32(2.0 * np.arcsin(1.0)))
    y0 = np.sin(2.0 * pi * np.arange(ny) / (ny - 1)).astype(np.float32)
    a[:, 0] = y0
    a[:, nx - 1] = y0
    return a.reshape(-1)


def mgpm_jacobi(a, a_new, nx, ny):
    """single_gpu's jacobi_kernel, one sweep (iy_start 1, iy_end ny - 1): the new interior, its first and
    last rows copied to the periodic halo rows, and the squared residues' sum (float64; the GPU's atomics
    add them in any order)."""
    a = a.reshape(ny, nx).astype(np.float32)
    out = a_new.reshape(ny, nx).astype(np.float32).copy()
    new = (((a[1:-1, 2:] + a[1:-1, :-2]) + a[2:, 1:-1]) + a[:-2, 1:-1]) * np.float32(0.25)
    out[1:-1, 1:-1] = new
    out[ny - 1, 1:-1] = new[0]
    out[0, 1:-1] = new[-1]
    res = (new - a[1:-1, 1:-1]).astype(np.float32)
    return out.reshape(-1), np.array([(res * res).astype(np.float64).sum()], np.float32)


def pycuda_sin_iter(a, n_iter):
    """PyCUDA's simple_speed_test `gpusin`: a[i] = sin(a[i]) n_iter times, in float32 (CUDA's sinf is within
    a unit or two in the last place of numpy's)."""
    a = a.astype(np.float32).copy()
    for _ in range(n_iter):
        a = np.sin(a).astype(np.float32)
    return a


def hwfx_coalescing(start, move, iters=4000, size=4096):
    """Kobzol's memory-coalescing kernel on a zeroed array, one warp: thread t adds index * i at
    index = (t * start + i * move) % size for i < iters (uint32 arithmetic, as the kernel's).
    Only race-free where no two threads reach one index (start 1, move 32)."""
    t = np.arange(32, dtype=np.uint64)[:, None]
    i = np.arange(iters, dtype=np.uint64)[None, :]
    idx = (t * np.uint64(start) + i * np.uint64(move)) % np.uint64(size)
    out = np.zeros(size, np.uint64)
    np.add.at(out, idx.reshape(-1), (idx * i).reshape(-1))
    return (out % (1 << 32)).astype(np.uint32)


def mumax_exchange(Bx, By, Bz, mx, my, mz, Ms, Ms_mul, lut, regions, wx, wy, wz, Nx, Ny, Nz, pbc):
    """mumax3's addexchange in float64: B += sum over the 6 neighbours (z only when Nz != 1) of
    w * lut[symidx(r0, r)] * (m_neighbour - m0), divided by Msat; clamped or periodic per PBC bits."""
    m = np.stack([a.reshape(Nz, Ny, Nx).astype(np.float64) for a in (mx, my, mz)])
    reg = regions.reshape(Nz, Ny, Nx).astype(np.int64)
    zero0 = (m ** 2).sum(0) == 0
    B = np.zeros_like(m)

    def sym(i, j):
        return np.where(j <= i, i * (i + 1) // 2 + j, j * (j + 1) // 2 + i)

    def shifted(a, axis, d, periodic, n):
        idx = np.arange(n) + d
        idx = idx % n if periodic else np.clip(idx, 0, n - 1)
        return np.take(a, idx, axis=axis)

    dirs = [(2, Nx, wx, pbc & 1), (1, Ny, wy, pbc & 2)] + ([(0, Nz, wz, pbc & 4)] if Nz != 1 else [])
    for axis, n, w, per in dirs:
        for d in (-1, 1):
            mn = shifted(m, axis + 1, d, per, n)
            rn = shifted(reg, axis, d, per, n)
            mn = np.where(((mn ** 2).sum(0) == 0)[None], m, mn)
            a = lut.astype(np.float64)[sym(reg, rn)]
            B += np.float64(w) * a[None] * (mn - m)
    ms = Ms.reshape(Nz, Ny, Nx).astype(np.float64) * Ms_mul
    inv = np.where(ms == 0, 0.0, 1.0 / np.where(ms == 0, 1.0, ms))
    out = []
    for c, b0 in enumerate((Bx, By, Bz)):
        add = np.where(zero0, 0.0, B[c] * inv)
        out.append((b0.astype(np.float64) + add.reshape(b0.shape)).reshape(b0.shape))
    return out


def llama_rmsnorm(x, w, eps=1e-5):
    """llama2.cu's rmsnorm_kernel with one element a thread (size <= 1024): o = x * (w / rms(x)), in float64."""
    x64 = x.astype(np.float64)
    ss = 1.0 / np.sqrt((x64 ** 2).sum() / x.size + eps)
    return (x64 * (ss * w.astype(np.float64))).astype(np.float16)


def llama_rope(q, k, fr, fi, heads, head_size):
    """llama2.cu's RoPERotation_kernel: each head's pairs (2i, 2i + 1) of q and k rotated by (fr[i], fi[i])."""
    def rot(v):
        v = v.astype(np.float64).reshape(heads, head_size // 2, 2)
        c, s = fr.astype(np.float64)[None], fi.astype(np.float64)[None]
        out = np.stack([v[..., 0] * c - v[..., 1] * s, v[..., 0] * s + v[..., 1] * c], -1)
        return out.reshape(-1).astype(np.float16)
    return rot(q), rot(k)


def llama_attention(q, kc, vc, heads, head_size, loff, seq_len, dim):
    """llama2.cu's MultiHeadAttention_kernel in float64: per head, softmax(q . k_t / sqrt(head_size)) over
    t < seq_len, then the weighted sum of v_t."""
    k = kc.reshape(-1)[loff:loff + seq_len * dim].astype(np.float64).reshape(seq_len, heads, head_size)
    v = vc.reshape(-1)[loff:loff + seq_len * dim].astype(np.float64).reshape(seq_len, heads, head_size)
    qh = q.astype(np.float64).reshape(heads, head_size)
    s = np.einsum("hi,thi->ht", qh, k) / np.sqrt(head_size)
    a = np.exp(s - s.max(1, keepdims=True))
    a /= a.sum(1, keepdims=True)
    return np.einsum("ht,thi->hi", a, v).reshape(-1).astype(np.float16)


def llama_silu_mul(dest, src):
    """llama2.cu's silu_element_wise_mul_kernel: silu(dest) * src, in float64, as halves."""
    d = dest.astype(np.float64)
    return (d / (1 + np.exp(-d)) * src.astype(np.float64)).astype(np.float16)


def nbody_velocities(pos, vel, dt, softening=1e-9):
    """mini-nbody's bodyForce in float64: vel += dt * sum_j d_ij / (|d_ij|^2 + softening)^(3/2), d_ij =
    pos_j - pos_i; pos and vel are (n, >= 3) arrays; returns the new vel (other columns unchanged)."""
    p = pos[:, :3].astype(np.float64)
    d = p[None, :, :] - p[:, None, :]
    inv = 1.0 / np.sqrt((d ** 2).sum(-1) + softening)
    F = (d * (inv ** 3)[..., None]).sum(1)
    out = vel.astype(np.float64).copy()
    out[:, :3] += dt * F
    return out


def nbody_aos(bodies, dt):
    """mini-nbody-orig's Body array (n, 6: x y z vx vy vz) after bodyForce, in float64."""
    out = bodies.astype(np.float64).copy()
    out[:, 3:] = nbody_velocities(bodies[:, :3], bodies[:, 3:], dt)
    return out


# --- the seventeenth unseen suite: mochimo's CUDA hashes and CUDA-GECKO's k-mer kernels ---

_KECCAK_RC = [0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
              0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
              0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
              0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
              0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
              0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008]
_KECCAK_ROT = [[0, 36, 3, 41, 18], [1, 44, 10, 45, 2], [62, 6, 43, 15, 61], [28, 55, 25, 21, 56],
               [27, 20, 39, 8, 14]]


def _keccak_f(a):
    """Keccak-f[1600] on a[x][y], 64-bit lanes (FIPS 202's step mappings)."""
    m = (1 << 64) - 1

    def rol(v, r):
        return ((v << r) | (v >> (64 - r))) & m if r else v
    for rc in _KECCAK_RC:
        c = [a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4] for x in range(5)]
        d = [c[(x - 1) % 5] ^ rol(c[(x + 1) % 5], 1) for x in range(5)]
        a = [[a[x][y] ^ d[x] for y in range(5)] for x in range(5)]
        b = [[0] * 5 for _ in range(5)]
        for x in range(5):
            for y in range(5):
                b[y][(2 * x + 3 * y) % 5] = rol(a[x][y], _KECCAK_ROT[x][y])
        a = [[b[x][y] ^ (~b[(x + 1) % 5][y] & m & b[(x + 2) % 5][y]) for y in range(5)] for x in range(5)]
        a[0][0] ^= rc
    return a


def keccak(msg: bytes, outbits: int, pad: int = 0x01) -> bytes:
    """Keccak[c = 2 * outbits] of msg: pad 0x01 is the original Keccak's (mochimo's cuda_keccak_init),
    0x06 SHA-3's (checked against hashlib.sha3_256 in tests)."""
    rate = 200 - 2 * (outbits // 8)
    p = bytearray(msg) + bytes([pad]) + bytes((-len(msg) - 1) % rate)
    p[-1] |= 0x80
    a = [[0] * 5 for _ in range(5)]
    for off in range(0, len(p), rate):
        for i in range(rate // 8):
            a[i % 5][i // 5] ^= int.from_bytes(p[off + 8 * i: off + 8 * i + 8], "little")
        a = _keccak_f(a)
    out = b"".join(a[i % 5][i // 5].to_bytes(8, "little") for i in range(rate // 8))
    return out[:outbits // 8]


def _md2_table():
    """RFC 1319's S table (the digits of pi), as mochimo's md2.cu's __constant__ s[256] gives it."""
    import re
    from pathlib import Path
    src = (Path(__file__).parent / "mochimo_md2.cu").read_text()
    body = src[src.index("__constant__ BYTE s[256]"):]
    return [int(v) for v in re.findall(r"\d+", body[body.index("{"):body.index("}")])]


def md2(msg: bytes) -> bytes:
    """MD2 (RFC 1319); checked against the RFC's test vectors in tests."""
    s = _md2_table()
    n = 16 - len(msg) % 16
    m = bytearray(msg) + bytes([n]) * n
    c, last = bytearray(16), 0
    for i in range(0, len(m), 16):
        for j in range(16):
            c[j] ^= s[m[i + j] ^ last]
            last = c[j]
    m += c
    x = bytearray(48)
    for i in range(0, len(m), 16):
        for j in range(16):
            x[16 + j] = m[i + j]
            x[32 + j] = x[16 + j] ^ x[j]
        t = 0
        for j in range(18):
            for k in range(48):
                x[k] ^= s[t]
                t = x[k]
            t = (t + j) % 256
    return bytes(x[:16])


def mochimo_hashes(indata, inlen, n, algo, outbits=None, key=None):
    """Each of the n messages of inlen bytes (one a thread) hashed: the batch's outdata, as uint8."""
    import hashlib
    data = np.asarray(indata, dtype=np.uint8).tobytes()
    out = []
    for i in range(n):
        msg = data[i * inlen:(i + 1) * inlen]
        if algo == "keccak":
            out.append(keccak(msg, outbits))
        elif algo == "md2":
            out.append(md2(msg))
        elif algo == "blake2b":
            out.append(hashlib.blake2b(msg, key=bytes(np.asarray(key, dtype=np.uint8)), digest_size=outbits // 8).digest())
        else:
            out.append(hashlib.new(algo, msg).digest())
    return np.frombuffer(b"".join(out), dtype=np.uint8)


def blake2b_ctx(key, outbits):
    """mochimo's cpu_blake2b_init(ctx, key, keylen, outbits) as the bytes of its cuda_blake2b_ctx_t (what the
    host's cudaMemcpyToSymbol writes into c_CTX): digestlen, key[64], keylen, buff[128], chain[8], state[16],
    pos, t0, t1, f0 in the C layout (ctypes')."""
    import ctypes

    class Ctx(ctypes.Structure):
        _fields_ = [("digestlen", ctypes.c_uint32), ("key", ctypes.c_uint8 * 64), ("keylen", ctypes.c_uint32),
                    ("buff", ctypes.c_uint8 * 128), ("chain", ctypes.c_int64 * 8), ("state", ctypes.c_int64 * 16),
                    ("pos", ctypes.c_uint32), ("t0", ctypes.c_uint64), ("t1", ctypes.c_uint64), ("f0", ctypes.c_uint64)]
    iv = [0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
          0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179]
    key = bytes(np.asarray(key, dtype=np.uint8))
    c = Ctx()
    c.buff[:len(key)] = list(key)
    c.key[:len(key)] = list(key)
    c.keylen, c.digestlen = len(key), outbits >> 3
    chain = [iv[0] ^ (c.digestlen | (c.keylen << 8) | 0x1010000)] + iv[1:]
    c.chain[:] = [v - (1 << 64) if v >= 1 << 63 else v for v in chain]
    c.pos = 128
    return np.frombuffer(bytes(c), dtype=np.uint8).copy()


def dna(n, pad, rng, n_ns=6):
    """A random ACGT sequence of n bases with n_ns 'N's, then pad zero bytes (the device buffer's rest)."""
    s = rng.choice(np.frombuffer(b"ACGT", dtype=np.uint8), n)
    s[rng.choice(n, n_ns, replace=False)] = ord("N")
    return np.concatenate([s, np.zeros(pad, dtype=np.uint8)])


_CODE = {ord("A"): 0, ord("C"): 1, ord("G"): 2, ord("T"): 3}


def gecko_reverse_complement(seq, n):
    comp = {ord("A"): ord("T"), ord("C"): ord("G"), ord("G"): ord("C"), ord("T"): ord("A")}
    return np.array([comp.get(int(c), ord("N")) for c in seq[:n][::-1]], dtype=np.uint8)


def gecko_index_global32(seq, nthreads, block, offset, seq_lim, hashes, positions):
    """kernel_index_global32: thread g's hash is sum_k code(seq[g + k]) * 4^k (k < 32), | ~0 with an 'N';
    threads with g + 32 > seq_lim write nothing."""
    hashes, positions = hashes.copy(), positions.copy()
    for g in range(nthreads):
        if g + 32 > seq_lim:
            continue
        h, bad = 0, 0
        for k in range(32):
            c = int(seq[g + k])
            h += _CODE.get(c, 0) << (2 * k)
            if c == ord("N"):
                bad = (1 << 64) - 1
        hashes[g] = (h | bad) & ((1 << 64) - 1)
        positions[g] = (g + offset) & 0xFFFFFFFF if not bad else 0xFFFFFFFF
    return hashes, positions


def gecko_index_global32_advanced(seq, grid, block, offset):
    """kernel_index_global32_advanced: uchar4 access (t >> 2) + (b >> 2) * (block >> 2), 8 of them (32 bases)."""
    hashes = np.zeros(grid * block, dtype=np.uint64)
    positions = np.zeros(grid * block, dtype=np.uint32)
    for b in range(grid):
        for t in range(block):
            a = (t >> 2) + (b >> 2) * (block >> 2)
            h, bad = 0, False
            for j in range(32):
                c = int(seq[4 * a + j])
                h += _CODE.get(c, 0) << (2 * j)
                bad |= c == ord("N")
            g = t + b * block
            hashes[g] = 0 if bad else h
            positions[g] = 0xFFFFFFFF if bad else (g + offset) & 0xFFFFFFFF
    return hashes, positions


def gecko_rotational(seq, grid, offset):
    """kernel_register_fast_hash_rotational, lane by lane as the kernel's shuffles move the values (one warp a
    block): 4 hashes a lane at hashes[t + 32 i + 128 b]. Its rotation's two sides (lanes 0-30 shuffle
    segment[0], lane 31 segment[1], each with the full mask) exchange as one on the H200: a lane reads what
    its source lane gave at its own side's __shfl_sync (collection-gpu-2026-12-03-unseen39.json)."""
    m = (1 << 64) - 1
    words = np.frombuffer(np.asarray(seq, dtype=np.uint8).tobytes(), dtype=np.uint64)
    hashes = np.zeros(grid * 128, dtype=np.uint64)
    positions = np.zeros(grid * 128, dtype=np.uint64)

    def byte_of(v, sh):
        return (int(v) >> sh) & 0xFF
    for b in range(grid):
        value = [int(words[t + b * 16]) for t in range(32)]
        h0 = []
        for t in range(32):
            c = byte_of(value[(124 + t) >> 3], (t & 7) << 3)
            h0.append((4 ** t) * _CODE.get(c, 0) & m)
        seg1 = []
        for t in range(32):
            o = ((t + 1) << 2) & 31
            s = 0
            for j in range(4):
                s = ((s + h0[o + j]) << 2) & m
            seg1.append(s)
        seg0, bads = [], []
        for t in range(32):
            tv, mod = value[t >> 1], (t & 1) << 5
            h, bad = 0, m
            for sh in (24, 16, 8, 0):
                c = byte_of(tv, sh + mod)
                h = ((h << 2) + _CODE.get(c, 0)) & m
                if c == ord("N"):
                    bad = 0
            seg0.append(h)
            bads.append(bad)
        for t in range(32):
            h = seg0[t]
            for j in range(1, 8):           # lane s gives its own side's segment: lanes 0-30 segment[0], 31 segment[1]
                s_ = (t + j) & 31           # (the two sides' __shfl_sync meet on the H200)
                h = (h + ((seg0 if s_ < 31 else seg1)[s_] << (8 * j))) & m
            bad = bads[t]
            hashes[t + 128 * b] = h & bad
            positions[t + 128 * b] = ((t + b * 128 + offset) | (~bad & m)) & m
            ks = 32 + (t << 2)
            for i in range(1, 4):
                bad = m
                c = byte_of(value[ks >> 3], (ks & 7) << 3)
                ks += 1
                h = ((h << 2) + _CODE.get(c, 0)) & m
                if c == ord("N"):
                    bad = 0
                hashes[t + (i << 5) + 128 * b] = h & bad
                positions[t + (i << 5) + 128 * b] = ((t + (i << 5) + b * 128 + offset) | (~bad & m)) & m
    return hashes, positions


def gecko_hits(n, rng, n_diag=120, max_fill=0):
    """n sorted (diagonal << 32) | x hits over n_diag diagonals, x < 1000."""
    d = rng.integers(0, 2000, n_diag)[rng.integers(0, n_diag, n)]
    x = rng.integers(0, 1000, n)
    v = np.sort((d.astype(np.uint64) << np.uint64(32)) | x.astype(np.uint64))
    return v


def gecko_sorted_keys(n, n_fill, rng):
    """n sorted 62-bit keys whose last n_fill are the 0xFF... fill (the host's cudaMemset of unused keys)."""
    k = np.sort(rng.integers(0, 1 << 62, n - n_fill, dtype=np.uint64))
    return np.concatenate([k, np.full(n_fill, 0xFFFFFFFFFFFFFFFF, dtype=np.uint64)])


def gecko_filter_parallel(dm, ref_len, n, block=64):
    """kernel_filter_hits_parallel: in each warp, lane by lane i, a later lane on lane i's (current) diagonal
    whose x is under lane i's x + 63 is filtered (~0) and its diagonal and x become 0xFFFFFFFF."""
    M32 = 0xFFFFFFFF
    out = dm.copy()
    for w0 in range(0, n, 32):
        lanes = range(w0, min(w0 + 32, n))
        d = {g: int(dm[g]) >> 32 for g in lanes}
        px = {g: int(dm[g]) & M32 for g in lanes}
        res = {g: ((px[g] << 32) + ((ref_len + px[g] - d[g]) & M32)) for g in lanes}
        for i in lanes:
            for g in lanes:
                if g > i and d[i] == d[g] and px[g] < ((px[i] + 63) & M32):
                    res[g] = (1 << 64) - 1
                    px[g] = d[g] = M32
        for g in lanes:
            out[g] = res[g] & ((1 << 64) - 1)
    return out


def gecko_filter_serial(dm, ref_len, n, grid, block):
    """kernel_filter_hits: thread t walks hits b * 1024 + t * block .. + block - 1, keeping one whose diagonal
    differs from the last kept or whose x is over its x + 63."""
    M32 = 0xFFFFFFFF
    out = dm.copy()
    for b in range(grid):
        for t in range(block):
            g = b * 1024 + t * block
            if g >= n:
                continue
            v = int(dm[g])
            d, px = v >> 32, v & M32
            out[g] = (px << 32) + ((ref_len + px - d) & M32)
            for i in range(1, block):
                if g + i >= n:
                    break
                v = int(dm[g + i])
                dn, pn = v >> 32, v & M32
                if d != dn or pn > ((px + 63) & M32):
                    out[g + i] = (pn << 32) + ((ref_len + pn - dn) & M32)
                    px, d = pn, dn
                else:
                    out[g + i] = (1 << 64) - 1
    return out


def tiago_gray(r, g, b):
    """Image-Processing-CUDA's k_grayScale: the integer mean (r + g + b) / 3 of each pixel, as bytes."""
    return ((r.astype(np.int64) + g + b) // 3).astype(np.uint8)


def _tiago_taps(plane, radius):
    """Image-Processing-CUDA's mask loops as written: taps over the flat index (rows wrap), a tap outside
    [0, size) skipped with `continue`, which also skips the column counter's step; yields (tap, pixel
    values, taken) per tap, in the kernel's order."""
    h, w = plane.shape
    flat = plane.reshape(-1).astype(np.int64)
    index = np.arange(h * w)
    side = 2 * radius + 1
    row, col = -radius, np.full(h * w, -radius)
    for i in range(side * side):
        if i % side == 0 and i != 0:
            row += 1
        k = index + row * w + col
        ok = (k >= 0) & (k < h * w)
        yield i, np.where(ok, flat[np.clip(k, 0, h * w - 1)], 0), ok
        col = np.where(ok, np.where(col + 1 == radius, -radius, col + 1), col)


def tiago_blur(plane):
    """k_blur on one plane: a u_char sum += pixel * (mask / 256) in float, truncated to a byte each tap."""
    m = np.array([1, 4, 6, 4, 1, 4, 16, 24, 16, 4, 6, 24, 36, 24, 6, 4, 16, 24, 16, 4, 1, 4, 6, 4, 1],
                 np.float32) / np.float32(256)
    s = np.zeros(plane.size, np.int64)
    for i, v, ok in _tiago_taps(plane, 2):
        t = (s.astype(np.float32) + v.astype(np.float32) * m[i]).astype(np.int64)   # exact: few bits
        s = np.where(ok, t & 0xFF, s)
    return s.astype(np.uint8).reshape(plane.shape)


def tiago_sobel(plane):
    """k_sobel / k_sobelBW on one plane: int sums of pixel * mask (exact in float), then
    (u_char) abs((h + v) / 2) with C's truncating division."""
    hm = [1, 0, -1, 2, 0, -2, 1, 0, -1]
    vm = [1, 2, 1, 0, 0, 0, -1, -2, -1]
    hs = np.zeros(plane.size, np.int64)
    vs = np.zeros(plane.size, np.int64)
    for i, v, ok in _tiago_taps(plane, 1):
        hs = np.where(ok, hs + v * hm[i], hs)
        vs = np.where(ok, vs + v * vm[i], vs)
    t = hs + vs
    q = np.abs(t) // 2                       # |trunc(t / 2)|
    return (q & 0xFF).astype(np.uint8).reshape(plane.shape)


def etudes_sobel(img, threshold):
    """parallel-etudes' sobel_kernel: border pixels white (255), inside 255 where Gx^2 + Gy^2 > threshold^2, else 0."""
    a = img.astype(np.int64)
    h, w = a.shape
    out = np.full((h, w), 255, np.uint8)
    c = lambda di, dj: a[1 + di:h - 1 + di, 1 + dj:w - 1 + dj]
    gx = c(-1, -1) - c(-1, 1) + 2 * c(0, -1) - 2 * c(0, 1) + c(1, -1) - c(1, 1)
    gy = c(-1, -1) + 2 * c(-1, 0) + c(-1, 1) - c(1, -1) - 2 * c(1, 0) - c(1, 1)
    out[1:-1, 1:-1] = np.where(gx * gx + gy * gy > threshold * threshold, 255, 0)
    return out


def etudes_denoise(img):
    """parallel-etudes' denoise_kernel: inside, median_of_five's nine compare-and-swaps on (c, w, e, n, s);
    the border copied."""
    h, w = img.shape
    v = [img[1:-1, 1:-1], img[1:-1, :-2], img[1:-1, 2:], img[:-2, 1:-1], img[2:, 1:-1]]
    v = [x.astype(np.int64) for x in v]
    for a, b in ((3, 4), (2, 3), (1, 2), (0, 1), (3, 4), (2, 3), (1, 2), (3, 4), (2, 3)):
        v[a], v[b] = np.minimum(v[a], v[b]), np.maximum(v[a], v[b])
    out = img.copy()
    out[1:-1, 1:-1] = v[2]
    return out


def odd_even_phase(x, phase):
    """One phase of odd-even transposition sort: compare-and-swap (i, i + 1) for i = phase % 2, +2, ... < n - 1."""
    y = x.copy()
    i = np.arange(phase % 2, len(y) - 1, 2)
    a, b = y[i].copy(), y[i + 1].copy()
    y[i], y[i + 1] = np.minimum(a, b), np.maximum(a, b)
    return y


def merge_pass(src, length):
    """One pass of bottom-up merge sort: each adjacent pair of sorted runs of `length` merged (a stable sort
    of each 2 * length chunk)."""
    out = src.copy()
    for lo in range(0, len(src), 2 * length):
        out[lo:lo + 2 * length] = np.sort(src[lo:lo + 2 * length], kind="stable")
    return out


def anneal_copy_tb(g):
    """parallel-etudes' copy_top_bottom: the last row from row 1, row 0 from the last-but-one."""
    g = g.copy()
    g[-1, :] = g[1, :]
    g[0, :] = g[-2, :]
    return g


def anneal_copy_lr(g):
    """parallel-etudes' copy_left_right: the last column from column 1, column 0 from the last-but-one."""
    g = g.copy()
    g[:, -1] = g[:, 1]
    g[:, 0] = g[:, -2]
    return g


def anneal_step(cur, nxt):
    """parallel-etudes' step / step_shared: inside cells (nblack >= 6 || nblack == 4) over the 3 x 3
    neighbourhood of cur; next's ghost cells unwritten."""
    a = cur.astype(np.int64)
    h, w = a.shape
    s = sum(a[1 + di:h - 1 + di, 1 + dj:w - 1 + dj] for di in (-1, 0, 1) for dj in (-1, 0, 1))
    out = nxt.copy()
    out[1:-1, 1:-1] = ((s >= 6) | (s == 4)).astype(out.dtype)
    return out


# ---------------------------------------------------------------- the twentieth unseen suite
def ising_update(lattice, op_lattice, randvals, inv_temp, is_black):
    """ising-gpu's update_lattice<is_black>: the checkerboard Metropolis flip of one colour's (nx, ny) bytes
    against the other colour's, periodic; the acceptance ratio in float32 as the kernel computes it."""
    nx, ny = lattice.shape
    i = np.arange(nx)[:, None]
    j = np.arange(ny)[None, :]
    ipp, inn = (i + 1) % nx, (i - 1) % nx
    jpp, jnn = (j + 1) % ny, (j - 1) % ny
    odd = (i % 2) == 1
    joff = np.where(odd, jpp, jnn) if is_black else np.where(odd, jnn, jpp)
    op = op_lattice.astype(np.int64)
    nn_sum = op[inn, j] + op[i, j] + op[ipp, j] + op[i, joff]
    lij = lattice.astype(np.int64)
    x = np.float32(-2.0) * np.float32(inv_temp) * nn_sum.astype(np.float32) * lij.astype(np.float32)
    ratio = np.exp(x.astype(np.float32))
    r = randvals.reshape(nx, ny).astype(np.float32)
    return np.where(r < ratio, -lij, lij).astype(lattice.dtype)


CAV_NUM = 512
CAV_DX = CAV_DY = 1.0 / CAV_NUM
CAV_RE, CAV_OMEGA, CAV_MIX = 1000.0, 1.7, 0.9


def _tree(vals, op):
    """A block's shared-memory tree over its BLOCK_SIZE values (i = 64, 32, ..., 1), per block (rows)."""
    c = vals.copy()
    i = c.shape[-1] >> 1
    while i:
        c[..., :i] = op(c[..., :i], c[..., i:2 * i])
        i >>= 1
    return c[..., 0]


def cavity_F(dt, u, v, F):
    """calculate_F: F(col, row) for col 1..NUM-1, row 1..NUM; F(0, row), F(NUM, row) the u's."""
    N, dx, dy, g = CAV_NUM, CAV_DX, CAV_DY, CAV_MIX
    out = F.copy()
    r = np.arange(1, N + 1)
    out[0, r], out[N, r] = u[0, r], u[N, r]
    c = np.arange(1, N)[:, None]
    r = r[None, :]
    u_ij, u_ip1j, u_ijp1, u_im1j, u_ijm1 = u[c, r], u[c + 1, r], u[c, r + 1], u[c - 1, r], u[c, r - 1]
    v_ij, v_ip1j, v_ijm1, v_ip1jm1 = v[c, r], v[c + 1, r], v[c, r - 1], v[c + 1, r - 1]
    du2dx = (((u_ij + u_ip1j) * (u_ij + u_ip1j) - (u_im1j + u_ij) * (u_im1j + u_ij))
             + g * (np.abs(u_ij + u_ip1j) * (u_ij - u_ip1j) - np.abs(u_im1j + u_ij) * (u_im1j - u_ij))) / (4.0 * dx)
    duvdy = ((v_ij + v_ip1j) * (u_ij + u_ijp1) - (v_ijm1 + v_ip1jm1) * (u_ijm1 + u_ij)
             + g * (np.abs(v_ij + v_ip1j) * (u_ij - u_ijp1) - np.abs(v_ijm1 + v_ip1jm1) * (u_ijm1 - u_ij))) / (4.0 * dy)
    d2udx2 = (u_ip1j - (2.0 * u_ij) + u_im1j) / (dx * dx)
    d2udy2 = (u_ijp1 - (2.0 * u_ij) + u_ijm1) / (dy * dy)
    out[c, r] = u_ij + dt * (((d2udx2 + d2udy2) / CAV_RE) - du2dx - duvdy + 0.0)
    return out


def cavity_G(dt, u, v, G):
    """calculate_G: G(col, row) for col 1..NUM, row 1..NUM-1; G(col, 0), G(col, NUM) the v's."""
    N, dx, dy, g = CAV_NUM, CAV_DX, CAV_DY, CAV_MIX
    out = G.copy()
    c = np.arange(1, N + 1)
    out[c, 0], out[c, N] = v[c, 0], v[c, N]
    c = c[:, None]
    r = np.arange(1, N)[None, :]
    u_ij, u_ijp1, u_im1j, u_im1jp1 = u[c, r], u[c, r + 1], u[c - 1, r], u[c - 1, r + 1]
    v_ij, v_ijp1, v_ip1j, v_ijm1, v_im1j = v[c, r], v[c, r + 1], v[c + 1, r], v[c, r - 1], v[c - 1, r]
    dv2dy = ((v_ij + v_ijp1) * (v_ij + v_ijp1) - (v_ijm1 + v_ij) * (v_ijm1 + v_ij)
             + g * (np.abs(v_ij + v_ijp1) * (v_ij - v_ijp1) - np.abs(v_ijm1 + v_ij) * (v_ijm1 - v_ij))) / (4.0 * dy)
    duvdx = ((u_ij + u_ijp1) * (v_ij + v_ip1j) - (u_im1j + u_im1jp1) * (v_im1j + v_ij)
             + g * (np.abs(u_ij + u_ijp1) * (v_ij - v_ip1j) - np.abs(u_im1j + u_im1jp1) * (v_im1j - v_ij))) / (4.0 * dx)
    d2vdx2 = (v_ip1j - (2.0 * v_ij) + v_im1j) / (dx * dx)
    d2vdy2 = (v_ijp1 - (2.0 * v_ij) + v_ijm1) / (dy * dy)
    out[c, r] = v_ij + dt * (((d2vdx2 + d2vdy2) / CAV_RE) - dv2dy - duvdx + 0.0)
    return out


def _cav_grid():
    """The pressure kernels' threads: col 1..NUM (blockIdx.y + 1), row 1..NUM/2 (blockIdx.x * 128 + threadIdx.x + 1)."""
    return np.arange(1, CAV_NUM + 1)[:, None], np.arange(1, CAV_NUM // 2 + 1)[None, :]


def _cav_blocks(per_thread):
    """(col, row) per-thread values -> the kernels' block sums' order: index blockIdx.y + gridDim.y * blockIdx.x,
    each block's 128 threads in threadIdx.x order."""
    n = CAV_NUM
    b = per_thread.reshape(n, 2, 128)                     # [blockIdx.y, blockIdx.x, threadIdx.x]
    return b.transpose(1, 0, 2).reshape(2 * n, 128)


def cavity_sum_pressure(pres_red, pres_black):
    c, r = _cav_grid()
    pr, pb = pres_red[c, r], pres_black[c, r]
    return _tree(_cav_blocks((pr * pr) + (pb * pb)), np.add)


def cavity_horz_bcs(pres_red, pres_black):
    red, black = pres_red.copy(), pres_black.copy()
    c = np.arange(1, CAV_NUM, 2)
    n2 = CAV_NUM // 2
    black[c, 0] = red[c, 1]
    red[c + 1, 0] = black[c + 1, 1]
    red[c, n2 + 1] = black[c, n2]
    black[c + 1, n2 + 1] = red[c + 1, n2]
    return red, black


def cavity_vert_bcs(pres_red, pres_black):
    red, black = pres_red.copy(), pres_black.copy()
    r = np.arange(1, CAV_NUM // 2 + 1)
    N = CAV_NUM
    black[0, r] = red[1, r]
    red[0, r] = black[1, r]
    black[N + 1, r] = red[N, r]
    red[N + 1, r] = black[N, r]
    return red, black


def _cav_rhs(dt, F, G, c, k):
    return (((F[c, k] - F[c - 1, k]) / CAV_DX) + ((G[c, k] - G[c, k - 1]) / CAV_DY)) / dt


def _cav_sor(dt, F, G, other, mine, red):
    """red_kernel (red=True) / black_kernel: one SOR sweep of one colour against the other's values."""
    c, r = _cav_grid()
    dx, dy, om = CAV_DX, CAV_DY, CAV_OMEGA
    a, b = (c & 1, (c + 1) & 1) if red else ((c + 1) & 1, c & 1)
    p_ij = mine[c, r]
    p_im1j, p_ip1j = other[c - 1, r], other[c + 1, r]
    p_ijm1, p_ijp1 = other[c, r - a], other[c, r + b]
    rhs = _cav_rhs(dt, F, G, c, 2 * r - a)
    out = mine.copy()
    out[c, r] = p_ij * (1.0 - om) + om * (((p_ip1j + p_im1j) / (dx * dx)) + ((p_ijp1 + p_ijm1) / (dy * dy))
                                          - rhs) / ((2.0 / (dx * dx)) + (2.0 / (dy * dy)))
    return out


def cavity_red(dt, F, G, pres_black, pres_red):
    return _cav_sor(dt, F, G, pres_black, pres_red, True)


def cavity_black(dt, F, G, pres_red, pres_black):
    return _cav_sor(dt, F, G, pres_red, pres_black, False)


def cavity_residual(dt, F, G, pres_red, pres_black):
    c, r = _cav_grid()
    dx, dy = CAV_DX, CAV_DY

    def res(mine, other, a, b):
        p_ij, p_im1j, p_ip1j = mine[c, r], other[c - 1, r], other[c + 1, r]
        p_ijm1, p_ijp1 = other[c, r - a], other[c, r + b]
        rhs = _cav_rhs(dt, F, G, c, 2 * r - a)
        return ((p_ip1j - (2.0 * p_ij) + p_im1j) / (dx * dx)) + ((p_ijp1 - (2.0 * p_ij) + p_ijm1) / (dy * dy)) - rhs
    r1 = res(pres_red, pres_black, c & 1, (c + 1) & 1)
    r2 = res(pres_black, pres_red, (c + 1) & 1, c & 1)
    return _tree(_cav_blocks((r1 * r1) + (r2 * r2)), np.add)


def cavity_u(dt, F, pres_red, pres_black, u):
    """calculate_u: (the new u, the blocks' maxima of |u|)."""
    N = CAV_NUM
    out = u.copy()
    c, r = _cav_grid()
    c, r = np.broadcast_arrays(c, r)
    m = np.zeros(c.shape)
    i = c != N
    ci, ri = c[i], r[i]
    k1, k2 = 2 * ri - (ci & 1), 2 * ri - ((ci + 1) & 1)
    n1 = F[ci, k1] - (dt * (pres_black[ci + 1, ri] - pres_red[ci, ri]) / CAV_DX)
    n2 = F[ci, k2] - (dt * (pres_red[ci + 1, ri] - pres_black[ci, ri]) / CAV_DX)
    nm = np.fmax(np.abs(n1), np.abs(n2))
    top = (2 * ri) == N
    nm[top] = np.fmax(nm[top], np.abs(u[ci[top], N + 1]))
    m[i] = nm
    e = ~i
    re = r[e]
    w = np.fmax(np.abs(u[N, 2 * re]), np.abs(u[0, 2 * re]))
    w = np.fmax(np.abs(u[N, 2 * re - 1]), w)
    w = np.fmax(np.abs(u[0, 2 * re - 1]), w)
    w = np.fmax(np.abs(u[N + 1, 2 * re]), w)
    w = np.fmax(np.abs(u[N + 1, 2 * re - 1]), w)
    m[e] = w
    out[ci, k1] = n1
    out[ci, k2] = n2
    return out, _tree(_cav_blocks(m), np.fmax)


def cavity_v(dt, G, pres_red, pres_black, v):
    """calculate_v: (the new v, the blocks' maxima of |v|)."""
    N, N2 = CAV_NUM, CAV_NUM // 2
    out = v.copy()
    c, r = _cav_grid()
    c, r = np.broadcast_arrays(c, r)
    m = np.zeros(c.shape)
    i = r != N2
    ci, ri = c[i], r[i]
    k1, k2 = 2 * ri - (ci & 1), 2 * ri - ((ci + 1) & 1)
    n1 = G[ci, k1] - (dt * (pres_black[ci, ri + ((ci + 1) & 1)] - pres_red[ci, ri]) / CAV_DY)
    n2 = G[ci, k2] - (dt * (pres_red[ci, ri + (ci & 1)] - pres_black[ci, ri]) / CAV_DY)
    nm = np.fmax(np.abs(n1), np.abs(n2))
    last = ci == N
    nm[last] = np.fmax(nm[last], np.abs(v[N + 1, 2 * ri[last]]))
    m[i] = nm
    out[ci, k1] = n1
    out[ci, k2] = n2
    e = ~i
    ce, re = c[e], r[e]
    odd = (ce & 1) == 1
    k = 2 * re - 1                                    # (2 * row) - (col & 1) on odd col, - ((col + 1) & 1) on even
    pij = np.where(odd, pres_red[ce, re], pres_black[ce, re])
    pijp1 = np.where(odd, pres_black[ce, re + ((ce + 1) & 1)], pres_red[ce, re + (ce & 1)])
    ne = G[ce, k] - (dt * (pijp1 - pij) / CAV_DY)
    out[ce, k] = ne
    w = np.abs(ne)
    w = np.fmax(np.abs(v[ce, N]), w)
    w = np.fmax(np.abs(v[ce, 0]), w)
    w = np.fmax(np.abs(v[ce, N + 1]), w)
    m[e] = w
    return out, _tree(_cav_blocks(m), np.fmax)


def cavity_bcs(u, v):
    """set_BCs, its 512 threads one after another in thread order (the blocks' order): the kernel races
    (u(0, 0) reads u(0, 1), v(0, NUM) reads v(1, NUM), ..., which thread 1 writes): (u, v)."""
    u, v = u.copy(), v.copy()
    N = CAV_NUM
    for ind in range(1, N + 1):
        u[0, ind] = 0.0; v[0, ind] = -v[1, ind]
        u[N, ind] = 0.0; v[N + 1, ind] = -v[N, ind]
        u[ind, 0] = -u[ind, 1]; v[ind, 0] = 0.0
        u[ind, N + 1] = 2.0 - u[ind, N]; v[ind, N] = 0.0
        if ind == N:
            u[0, 0] = 0.0; v[0, 0] = -v[1, 0]
            u[0, N + 1] = 0.0; v[0, N + 1] = -v[1, N + 1]
            u[N, 0] = 0.0; v[N + 1, 0] = -v[N, 0]
            u[N, N + 1] = 0.0; v[N + 1, N + 1] = -v[N, N + 1]
            u[0, 0] = -u[0, 1]; v[0, 0] = 0.0
            u[N + 1, 0] = -u[N + 1, 1]; v[N + 1, 0] = 0.0
            u[0, N + 1] = 2.0 - u[0, N]; v[0, N] = 0.0
            u[N + 1, N + 1] = 2.0 - u[N + 1, N]; v[ind, N + 1] = 0.0
    return u, v
# --- the nineteenth unseen suite: PMPP-Learning's sparse matrices and BFS, SParry's shortest paths -----------

_PMPPL_SPARSE: dict = {}


def pmppl_sparse():
    """PMPP-Learning chapter 14's matrix: 1,000 x 1,000, 0-20 non-zeros a row at distinct random columns
    (sorted), values 1-9 and x 0-9 (small integers, as the test's: every sum exact in float). Returns the
    COO (sorted by row), CSR, ELL (column-major, -1-padded) and JDS layouts and x."""
    if _PMPPL_SPARSE:
        return _PMPPL_SPARSE
    rng = np.random.default_rng(1914)
    n = 1000
    lens = rng.integers(0, 21, n)
    rows = [np.sort(rng.choice(n, k, replace=False)) for k in lens]
    vals = [rng.integers(1, 10, k).astype(np.float32) for k in lens]
    x = rng.integers(0, 10, n).astype(np.float32)
    row_idx = np.concatenate([np.full(k, r) for r, k in enumerate(lens)]).astype(np.int32)
    col_idx = np.concatenate(rows).astype(np.int32)
    values = np.concatenate(vals).astype(np.float32)
    ptrs = np.concatenate([[0], np.cumsum(lens)]).astype(np.int32)
    K = int(lens.max())
    ell_col = np.full((K, n), -1, np.int32)
    ell_val = np.zeros((K, n), np.float32)
    for r in range(n):
        ell_col[:lens[r], r] = rows[r]
        ell_val[:lens[r], r] = vals[r]
    perm = np.argsort(-lens, kind="stable").astype(np.int32)
    counts = [int((lens > t).sum()) for t in range(K)]
    iter_ptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
    jds_col = np.concatenate([[rows[perm[i]][t] for i in range(counts[t])] for t in range(K)]).astype(np.int32)
    jds_val = np.concatenate([[vals[perm[i]][t] for i in range(counts[t])] for t in range(K)]).astype(np.float32)
    dense = np.zeros((n, n))
    dense[row_idx, col_idx] = values
    _PMPPL_SPARSE.update(n=n, nnz=len(values), row_idx=row_idx, col_idx=col_idx, values=values, ptrs=ptrs, K=K,
                         ell_col=ell_col.reshape(-1), ell_val=ell_val.reshape(-1), perm=perm, tiles=K,
                         iter_ptr=iter_ptr, jds_col=jds_col, jds_val=jds_val, x=x, y=dense @ x.astype(np.float64))
    return _PMPPL_SPARSE


_PMPPL_GRAPH: dict = {}


def pmppl_graph():
    """PMPP-Learning chapter 15's graph kind: generateScaleFreeGraphCOO(2000, 4), a Barabasi-Albert graph (a
    complete graph of m + 1 vertices, then each new vertex joined to m distinct earlier ones chosen by degree),
    every edge stored both ways, in COO order; CSR and CSC built from it in COO order (a stable sort by source,
    by destination); BFS levels from vertex 0 after the host's first launch and its second."""
    if _PMPPL_GRAPH:
        return _PMPPL_GRAPH
    rng = np.random.default_rng(1915)
    n, m = 2000, 4
    m0 = m + 1
    src = [i for i in range(m0) for j in range(m0) if i != j]
    dst = [j for i in range(m0) for j in range(m0) if i != j]
    deg = np.zeros(n)
    np.add.at(deg, src, 1)
    np.add.at(deg, dst, 1)
    for v in range(m0, n):
        p = deg[:v] / deg[:v].sum()
        for t in rng.choice(v, m, replace=False, p=p):
            src += [v, int(t)]
            dst += [int(t), v]
            deg[v] += 1
            deg[t] += 1
    src, dst = np.array(src, np.int32), np.array(dst, np.int32)
    o = np.argsort(src, kind="stable")
    csr_ptrs = np.concatenate([[0], np.cumsum(np.bincount(src, minlength=n))]).astype(np.int32)
    csr_dst = dst[o]
    o2 = np.argsort(dst, kind="stable")
    csc_ptrs = np.concatenate([[0], np.cumsum(np.bincount(dst, minlength=n))]).astype(np.int32)
    csc_src = src[o2]
    full = np.full(n, -1, np.int32)
    full[0] = 0
    frontier = [0]
    levels = [full.copy()]
    lvl = 0
    while frontier:
        nxt = sorted({int(w) for v in frontier for w in csr_dst[csr_ptrs[v]:csr_ptrs[v + 1]] if full[w] == -1})
        lvl += 1
        full[nxt] = lvl
        levels.append(full.copy())
        frontier = nxt
    f1 = csr_dst[csr_ptrs[0]:csr_ptrs[1]]             # level 1 in the order the first launch's one thread finds it
    _PMPPL_GRAPH.update(n=n, edges=len(src), src=src, dst=dst, values=np.ones(len(src), np.int32),
                        csr_ptrs=csr_ptrs, csr_dst=csr_dst, csc_ptrs=csc_ptrs, csc_src=csc_src,
                        levels1=levels[1], levels2=levels[2], frontier1=f1.astype(np.int32),
                        frontier2=np.flatnonzero(levels[2] == 2).astype(np.int32))
    return _PMPPL_GRAPH


def pmppl_frontier_set(front):
    """A frontier's vertices as a sorted array: the written prefix (unwritten slots keep int32's largest)."""
    return np.sort(front[front != np.iinfo(np.int32).max])


_SPARRY: dict = {}
SPARRY_INF = 0x7F7F3F7F


def sparry_graph():
    """SParry's sample size (data_100_200.txt): 100 vertices, 200 random edges with weights 1-99 (self-loops
    and repeats allowed, as the sample has them), read undirected as pretreat.read reads a file: each edge
    stored both ways (m = 400), the edge set in that order, the CSR a stable sort by source."""
    if _SPARRY:
        return _SPARRY
    rng = np.random.default_rng(1916)
    n, m = 100, 200
    a, b, w = rng.integers(0, n, m), rng.integers(0, n, m), rng.integers(1, 100, m)
    src = np.stack([a, b], 1).reshape(-1).astype(np.int32)
    des = np.stack([b, a], 1).reshape(-1).astype(np.int32)
    ww = np.stack([w, w], 1).reshape(-1).astype(np.int32)
    o = np.argsort(src, kind="stable")
    V = np.concatenate([[0], np.cumsum(np.bincount(src, minlength=n))]).astype(np.int32)
    _SPARRY.update(n=n, m=2 * m, src=src, des=des, w=ww, V=V, E=des[o], W=ww[o])
    return _SPARRY


def sparry_sssp(s=0):
    """Shortest distances from s over SParry's graph (Dijkstra); SParry's INF where unreachable."""
    g = sparry_graph()
    dist = np.full(g["n"], SPARRY_INF, np.int64)
    dist[s] = 0
    heap = [(0, s)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for j in range(g["V"][u], g["V"][u + 1]):
            v, nd = g["E"][j], d + g["W"][j]
            if nd < dist[v]:
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    return dist.astype(np.int32)


def sparry_divide_step(dist, vis, predist, base, part, E, W, V):
    """SParry's `divide`, one launch (one batch of edges [base, base + part)): vertices with vis > 0 give up
    one batch (vis - 1) and relax their edges inside the batch into predist; then every vertex whose predist
    is below its dist takes it, is marked with its number of batches, and sets flag. Returns (dist, vis,
    predist, flag)."""
    dist, vis, predist = dist.astype(np.int64).copy(), vis.astype(np.int64).copy(), predist.astype(np.int64).copy()
    n = len(dist)
    flag = 0
    for u in range(n):
        if V[u + 1] <= base or V[u] >= base + part or not vis[u]:
            continue
        vis[u] -= 1
        for j in range(max(base, V[u]), min(base + part, V[u + 1])):
            predist[E[j - base]] = min(predist[E[j - base]], dist[u] + W[j - base])
    for u in range(n):
        if predist[u] < dist[u]:
            dist[u] = predist[u]
            vis[u] = (V[u + 1] + part - 1) // part - V[u] // part
            flag = 1
    return dist.astype(np.int32), vis.astype(np.int32), predist.astype(np.int32), flag


# ---------------------------------------------------------------- Tuomanen's work-efficient prefix sum (unseen46)
def tuomanen_up(x_old, k):
    """One launch of `up_ker` at step k (one thread per pair of 2^(k+1)-blocks): x starts as x_old's copy
    (the host's `x_old_gpu[:] = x_gpu[:]`), and x[j + 2^(k+1) - 1] = x_old[j + 2^k - 1] + x_old[j + 2^(k+1) - 1]."""
    x = np.array(x_old, dtype=np.float64)
    j = np.arange(len(x) >> (k + 1)) << (k + 1)
    x[j + (2 << k) - 1] = x[j + (1 << k) - 1] + x[j + (2 << k) - 1]
    return x


def tuomanen_down(y_old, k):
    """One launch of `down_ker` at step k: y[j + 2^k - 1] = y_old[j + 2^(k+1) - 1] and
    y[j + 2^(k+1) - 1] = y_old[j + 2^(k+1) - 1] + y_old[j + 2^k - 1]."""
    y_old = np.array(y_old, dtype=np.float64)
    y = y_old.copy()
    j = np.arange(len(y) >> (k + 1)) << (k + 1)
    y[j + (1 << k) - 1] = y_old[j + (2 << k) - 1]
    y[j + (2 << k) - 1] = y_old[j + (2 << k) - 1] + y_old[j + (1 << k) - 1]
    return y


def tuomanen_up_before(x, k):
    """What `up_sweep`'s launches at steps 0 .. k-1 leave in x (and x_old)."""
    x = np.array(x, dtype=np.float64)
    for kk in range(k):
        x = tuomanen_up(x, kk)
    return x


def tuomanen_down_before(x, k):
    """What `down_sweep`'s launches at steps log2(n) - 1 down to k + 1 leave, on `up_sweep`'s result with its
    last element set to 0 (the host's `y[-1] = 0`)."""
    y = tuomanen_up_before(x, int(np.log2(len(x))))
    y[-1] = 0
    for kk in reversed(range(k + 1, int(np.log2(len(x))))):
        y = tuomanen_down(y, kk)
    return y


def repro_join_above(a, n, rounds, threads):
    """collection/repro_divide.cu's reproJoinAbove: ``rounds`` passes, each lowering every item above the pass's
    id by one; then each thread's flag is ``rounds`` and its ``seen`` says whether its item (thread < n) equals
    ``rounds`` after them. Returns (a, flags, seen)."""
    a = np.array(a, dtype=np.int32)
    for i in range(rounds):
        a = np.where(a > i, a - 1, a).astype(np.int32)
    tid = np.arange(threads)
    seen = np.zeros(threads, dtype=np.int32)
    seen[:n] = (a[:n] == rounds).astype(np.int32)
    return a, np.full(threads, rounds, dtype=np.int32), seen


# ---------------------------------------------------------------- the twenty-third unseen suite: Monte Carlo and option pricing
_U32 = np.uint32


def _xorshift32(rng):
    """One xorshift32 step (13, 17, 5) of uint32 states, as lollipop's kernels write it inline."""
    rng = rng ^ (rng << _U32(13))
    rng = rng ^ (rng >> _U32(17))
    return rng ^ (rng << _U32(5))


def _lollipop_seed(n, seed):
    """lollipop's per-thread xorshift32 state: tid * 1099087573u + seed, then one step."""
    tid = np.arange(n, dtype=np.uint64)
    return _xorshift32(((tid * np.uint64(1099087573) + np.uint64(seed)) & np.uint64(0xFFFFFFFF)).astype(np.uint32))


def _lollipop_normal(rng):
    """Two xorshift32 steps to one Box-Muller normal (float32, as the kernels compute it): (new state, z)."""
    f32 = np.float32
    rng = _xorshift32(rng)
    u1 = np.maximum((rng & _U32(0x7FFFFFFF)).astype(f32) / f32(0x7FFFFFFF), f32(1e-10))
    rng = _xorshift32(rng)
    u2 = (rng & _U32(0x7FFFFFFF)).astype(f32) / f32(0x7FFFFFFF)
    z = np.sqrt(f32(-2.0) * np.log(u1)) * np.cos(f32(6.2831853) * u2)
    return rng, z.astype(f32)


def lollipop_mc_option(S0, K, r, sigma, T, paths_per_thread, num_threads, seed):
    """lollipop's monte_carlo_option: [sum of call payoffs, sum of put payoffs] over every thread's paths."""
    f32 = np.float32
    S0, K, r, sigma, T = (f32(v) for v in (S0, K, r, sigma, T))
    rng = _lollipop_seed(num_threads, seed)
    drift = (r - f32(0.5) * sigma * sigma) * T
    diffusion = sigma * np.sqrt(T)
    call = np.zeros(num_threads, f32)
    put = np.zeros(num_threads, f32)
    for _ in range(paths_per_thread):
        rng, z = _lollipop_normal(rng)
        st = S0 * np.exp(drift + diffusion * z)
        call += np.maximum(st - K, f32(0))
        put += np.maximum(K - st, f32(0))
    return np.array([call.astype(np.float64).sum(), put.astype(np.float64).sum()], dtype=f32)


def lollipop_mc_pi(num_threads, samples_per_thread, seed):
    """lollipop's monte_carlo_pi: how many of the threads' LCG points fall in the unit circle (x * x + y * y
    <= 1 in float32; the sum as ptxas may contract it, fma(x, x, y * y), gives the same count here)."""
    a, c = np.uint64(6364136223846793005), np.uint64(1442695040888963407)
    tid = np.arange(num_threads, dtype=np.uint64)
    with np.errstate(over="ignore"):
        state = np.uint64(seed) ^ (tid * a + np.uint64(1))
        inside = np.zeros(num_threads, np.int64)
        for _ in range(samples_per_thread):
            state = state * a + c
            x = (state >> np.uint64(33)).astype(np.float32) / np.float32(2 ** 31) - np.float32(1)
            state = state * a + c
            y = (state >> np.uint64(33)).astype(np.float32) / np.float32(2 ** 31) - np.float32(1)
            inside += (x * x + y * y <= np.float32(1))
    return np.array([inside.sum()], dtype=np.uint32)


def lollipop_gbm(S0, mu, sigma, dt, num_steps, num_paths, seed):
    """lollipop's gbm_paths: (num_paths, num_steps + 1) float32 prices."""
    f32 = np.float32
    S0, mu, sigma, dt = (f32(v) for v in (S0, mu, sigma, dt))
    rng = _lollipop_seed(num_paths, seed)
    drift = (mu - f32(0.5) * sigma * sigma) * dt
    diffusion = sigma * np.sqrt(dt)
    out = np.empty((num_paths, num_steps + 1), f32)
    s = np.full(num_paths, S0, f32)
    out[:, 0] = s
    for step in range(1, num_steps + 1):
        rng, z = _lollipop_normal(rng)
        s = (s * np.exp(drift + diffusion * z)).astype(f32)
        out[:, step] = s
    return out


def _normcdf(x):
    return np.array([0.5 * math.erfc(-v / math.sqrt(2.0)) for v in np.asarray(x, np.float64).reshape(-1)])


def lollipop_black_scholes(spot, strike, ttm, rate, vol):
    """lollipop's black_scholes: (call, put) in float64 from the float32 inputs."""
    S, K, T, r, v = (np.asarray(a, np.float64) for a in (spot, strike, ttm, rate, vol))
    d1 = (np.log(S / K) + (r + 0.5 * v * v) * T) / (v * np.sqrt(T))
    d2 = d1 - v * np.sqrt(T)
    n1, n2 = _normcdf(d1), _normcdf(d2)
    disc = np.exp(-r * T)
    return S * n1 - K * disc * n2, K * disc * (1 - n2) - S * (1 - n1)


def lollipop_baccarat(num_shoes, seed):
    """lollipop's baccarat: [player, banker, tie, hands, repeats, changes] over one shoe a thread, the
    xorshift32 draws and the third-card rules as the kernel plays them."""
    out = [0] * 6
    states = [int(v) for v in _lollipop_seed(num_shoes, seed)]

    def step(s):
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        return s

    for tid in range(num_shoes):
        rng = states[tid]
        count = [128] + [32] * 9
        left = 416

        def draw():
            nonlocal rng, left
            rng = step(rng)
            r = rng % left
            val = 0
            while val < 9:
                r -= count[val]
                if r < 0:
                    break
                val += 1
            count[val] -= 1
            left -= 1
            return val

        prev = -1
        while left > 52:
            p1, p2, b1, b2 = draw(), draw(), draw(), draw()
            pt, bt, p3 = (p1 + p2) % 10, (b1 + b2) % 10, -1
            if pt < 8 and bt < 8:
                if pt <= 5:
                    p3 = draw()
                    pt = (pt + p3) % 10
                if p3 == -1:
                    if bt <= 5:
                        bt = (bt + draw()) % 10
                else:
                    d = (bt <= 2 or (bt == 3 and p3 != 8) or (bt == 4 and 2 <= p3 <= 7)
                         or (bt == 5 and 4 <= p3 <= 7) or (bt == 6 and p3 in (6, 7)))
                    if d:
                        bt = (bt + draw()) % 10
            outcome = 0 if pt > bt else (1 if bt > pt else 2)
            out[outcome] += 1
            out[3] += 1
            if prev >= 0:
                out[4 if outcome == prev else 5] += 1
            prev = outcome
    return np.array(out, dtype=np.uint32)


def bemap_boxmuller(random):
    """bemap's boxmuller: each pair (u1, u2) of the uniforms becomes r cos(phi), r sin(phi), r = sqrtf(-2 logf(u1)),
    phi = (float)(M_PI2 * u2) in double, as the kernel's `M_PI2 * *u2` is."""
    u = np.asarray(random, np.float32).reshape(-1, 2)
    r = np.sqrt(np.float32(-2.0) * np.log(u[:, 0]))
    phi = (6.283185307179586 * u[:, 1].astype(np.float64)).astype(np.float32)
    return np.stack([r * np.cos(phi), r * np.sin(phi)], axis=1).reshape(-1).astype(np.float32)


def _bemap_paths(random, S, X, T, R, V):
    f32 = np.float32
    vt = f32(V) * np.sqrt(f32(T))
    mt = (f32(R) - f32(0.5) * f32(V) * f32(V)) * f32(T)
    tmp = f32(S) * np.exp(mt + vt * np.asarray(random, f32)) - f32(X)
    return np.maximum(tmp, f32(0)).astype(f32)


def _bemap_price(s, s2, T, R, pathN):
    f32 = np.float32
    disc = np.exp(-f32(R) * f32(T))
    call = disc * s / f32(pathN)
    std = np.sqrt((f32(pathN) * s2 - s * s) / (f32(pathN) * f32(pathN - 1)))
    return f32(call), f32(disc * f32(1.96) * std / np.sqrt(f32(pathN)))


def bemap_montecarlo(random, S, X, T, R, V, pathN, shm):
    """bemap's montecarlo_scalar (shm False: one thread's serial float sums) or montecarlo_shm (128 strided
    float sums, the tree 64 ... 2, then s[0] + s[1]): (call, confidence) per option."""
    f32 = np.float32
    n = len(S)
    call, conf = np.empty(n, f32), np.empty(n, f32)
    for o in range(n):
        p = _bemap_paths(random[:pathN], S[o], X[o], T[o], R, V)
        if shm:
            s1, s2 = np.zeros(128, f32), np.zeros(128, f32)
            for i in range(0, pathN, 128):
                blk = p[i:i + 128]
                s1[:len(blk)] += blk
                s2[:len(blk)] += blk * blk
            k = 64
            while k >= 2:
                s1[:k] += s1[k:2 * k]
                s2[:k] += s2[k:2 * k]
                k //= 2
            s, ss = s1[0] + s1[1], s2[0] + s2[1]
        else:
            s = ss = f32(0)
            for v in p:
                s = f32(s + v)
                ss = f32(ss + v * v)
        call[o], conf[o] = _bemap_price(f32(s), f32(ss), T[o], R, pathN)
    return call, conf


def bemap_black_scholes(S, X, T, R, V):
    """bemap's black_scholes_scalar in float64: the Abramowitz-Stegun polynomial CDF with its five coefficients."""
    S, X, T = (np.asarray(a, np.float64) for a in (S, X, T))

    def cnd(d):
        k = 1.0 / (1.0 + 0.2316419 * np.abs(d))
        c = 0.3989422804 * np.exp(-0.5 * d * d) * (k * (0.31938153 + k * (-0.356563782 + k * (
            1.781477937 + k * (-1.821255978 + k * 1.330274429)))))
        return np.where(d > 0, 1.0 - c, c)

    sq = np.sqrt(T)
    d1 = (np.log(S / X) + (R + 0.5 * V * V) * T) / (V * sq)
    d2 = d1 - V * sq
    c1, c2 = cnd(d1), cnd(d2)
    e = np.exp(-R * T)
    return S * c1 - X * e * c2, X * e * (1.0 - c2) - S * (1.0 - c1)


# ---- PackUp (michkied/PackUp): run-length and fixed-length coding --------------------------------------------

def packup_rl(n: int = 4096, sym: int = 2, partition: int = 255, seed: int = 44) -> dict:
    """PackUp's run-length compression and decompression of a `n`-byte input of `sym`-byte symbols, every array
    each kernel reads or writes as RunLength.cu's host leaves it (its thrust scans done here): the input (random
    runs, 1 to 300 symbols long, of 4 symbols), A and B as rlNeighborArrays writes them (`A1`, `B1`) and as the
    two scans leave them (`A`, `B`), the runs' counts, symbols and repetitions (a run over `partition` symbols is
    split), their exclusive scan, the compressed stream (counts, then symbols), its counts as uint32 and their
    exclusive scan (the decompression's offsets)."""
    rng = np.random.default_rng(seed)
    alphabet = rng.integers(0, 256, (4, sym), dtype=np.uint8)
    runs, total = [], 0
    while total < n // sym:
        k = int(min(rng.integers(1, 301), n // sym - total))
        s = int(rng.integers(0, 4))
        if runs and runs[-1][0] == s:
            s = (s + 1) % 4
        runs.append((s, k))
        total += k
    inp = np.concatenate([np.tile(alphabet[s], k) for s, k in runs]).astype(np.uint8)
    m = n // sym
    syms = inp[:m * sym].reshape(m, sym)
    B1 = np.ones(m, np.uint32)
    B1[1:] = np.any(syms[1:] != syms[:-1], axis=1)
    B = np.cumsum(B1).astype(np.uint32)
    A = np.zeros(m, np.uint32)
    for i in range(m):
        A[i] = A[i - 1] + 1 if i and B[i] == B[i - 1] else 1
    last = np.flatnonzero(np.r_[B[1:] != B[:-1], True])
    counts = A[last].astype(np.uint32)
    symbols = syms[last].reshape(-1).astype(np.uint8)
    reps = (counts // partition + (counts % partition != 0)).astype(np.uint32)
    reps_scan = np.r_[0, np.cumsum(reps)[:-1]].astype(np.uint32)
    adj = int(reps_scan[-1] + reps[-1])
    out = np.zeros(adj * (1 + sym), np.uint8)
    for t in range(len(counts)):
        c = int(counts[t])
        out[reps_scan[t]] = c % partition if c % partition else partition
        for r in range(int(reps[t])):
            if r:
                out[reps_scan[t] + r] = partition
            out[adj + (reps_scan[t] + r) * sym: adj + (reps_scan[t] + r + 1) * sym] = symbols[t * sym:(t + 1) * sym]
    arr = out[:adj].astype(np.uint32)
    offsets = np.r_[0, np.cumsum(arr)[:-1]].astype(np.uint32)
    return {"input": inp, "A1": np.ones(m, np.uint32), "B1": B1, "A": A, "B": B, "bound": len(counts),
            "counts": counts, "symbols": symbols, "reps": reps, "reps_scan": reps_scan, "adj": adj, "output": out,
            "array": arr, "offsets": offsets}


def packup_fl(frames: int = 64, frame_B: int = 4, seed: int = 44) -> dict:
    """PackUp's fixed-length compression and decompression of `frames` frames of `frame_B` bytes, every array
    each kernel reads or writes as FixedLength.cu's host leaves it (its thrust reductions and scans done here):
    the input (bytes 0 to 15, so segments have leading zeros), the segment sizes and offsets of every division
    (sizes 2 to the frame's bits), the insignificant bits of every segment of every frame, the minimum per
    division (`division_zeros`, `division_seg_sizes`), the division records (removed zeros, segment size,
    insignificant zeros; uint32 x 3), each frame's best one (the first of the most zeros removed), their
    inclusive scan, the compressed stream after flProduceOutput (`produced`) and after flAddHeadersAndRemainders
    (`output`), the compressed frame lengths and their inclusive scan."""
    rng = np.random.default_rng(seed)
    inp = rng.integers(0, 16, frames * frame_B).astype(np.uint8)
    fb = frame_B * 8
    seg_sizes, seg_offsets, div_sizes = [], [], []
    for s in range(2, fb + 1):
        for i in range(fb // s + (fb % s != 0)):
            seg_sizes.append(s)
            seg_offsets.append(i * s)
        div_sizes.append(s)
    seg_sizes, seg_offsets = np.array(seg_sizes, np.uint32), np.array(seg_offsets, np.uint32)
    bits = np.unpackbits(inp).reshape(frames, fb)            # MSB first, as the kernels read them
    insig = np.zeros((frames, len(seg_sizes)), np.uint32)
    for f in range(frames):
        for t, (s, o) in enumerate(zip(seg_sizes, seg_offsets)):
            c = 0
            for b in range(int(o), int(o + s - 1)):
                if b == fb - 1 or bits[f, b]:
                    break
                c += 1
            insig[f, t] = c
    nd = len(div_sizes)
    dz = np.zeros((frames, nd), np.uint32)
    for f in range(frames):
        for d, s in enumerate(div_sizes):
            dz[f, d] = insig[f, seg_sizes == s].min()
    ds = np.array(div_sizes, np.uint32)
    divs = np.stack([dz * (fb // ds + (fb % ds != 0)), np.broadcast_to(ds, dz.shape), dz], -1).astype(np.uint32)
    best = divs[np.arange(frames), np.argmax(divs[:, :, 0], axis=1)]     # argmax: the first of the largest
    totals = np.cumsum(best, axis=0).astype(np.uint32)
    header = frames * 4
    comp_b = fb * frames - int(totals[-1, 0])
    size = header + comp_b // 8 + (comp_b % 8 != 0)
    obits = np.zeros(size * 8, np.uint8)
    rem_bits = []
    for f in range(frames):
        removed, s, z = (int(x) for x in best[f])
        off = header * 8 + fb * f - (int(totals[f, 0]) - removed)
        for t in range(fb // s):
            obits[off + t * (s - z): off + (t + 1) * (s - z)] = bits[f, t * s + z:(t + 1) * s]
        r = fb % s
        if r:
            end = off + fb - removed
            rem_bits.append((end - r + z, bits[f, fb - r + z:]))
    produced = np.packbits(obits)
    for o, b in rem_bits:
        obits[o:o + len(b)] = b
    output = np.packbits(obits)
    for f in range(frames):
        s, z = int(best[f, 1]), int(best[f, 2])
        output[2 * f:2 * f + 2] = [(s - z) & 0xFF, (s - z) >> 8]
        output[2 * (frames + f):2 * (frames + f) + 2] = [z & 0xFF, z >> 8]
    lengths = np.array([(fb // s) * (s - z) + ((fb % s) - z if fb % s else 0) for _, s, z in best], np.uint32)
    return {"input": inp, "seg_sizes": seg_sizes, "seg_offsets": seg_offsets, "insig": insig.reshape(-1),
            "division_zeros": dz.reshape(-1), "division_seg_sizes": ds, "divisions": divs.reshape(-1, 3),
            "best": best, "totals": totals, "produced": produced, "output": output, "lengths": lengths,
            "lengths_scan": np.cumsum(lengths).astype(np.uint32)}


# ---- LOGAN (albertozeni/LOGAN): X-drop seed extension ------------------------------------------------------------

def logan_batch(n: int = 16, k: int = 17, seed: int = 44) -> dict:
    """n pairs of DNA reads sharing a k-mer seed: a target (H) 200 to 400 bases and a query (V), a copy of it with
    about 10% substitutions, insertions and deletions outside the seed; the seeds (SeedL's ten ints: begin H/V,
    end H/V, seedLength 0, lower/upper/begin/end diagonals, score 0), and the four segment arrays and offsets
    as extendSeedL builds them (the query's prefix reversed, the target's prefix as is; the query's suffix as
    is, the target's suffix reversed), with offAntidiag for each side."""
    rng = np.random.default_rng(seed)
    acgt = np.frombuffer(b"ACGT", np.int8)

    def mutate(s):
        out = []
        for c in s:
            u = rng.random()
            if u < 0.04:
                out.append(acgt[rng.integers(4)])
            elif u < 0.07:
                continue
            elif u < 0.10:
                out += [c, acgt[rng.integers(4)]]
            else:
                out.append(c)
        return np.array(out, np.int8)

    H, V, seeds = [], [], []
    for _ in range(n):
        h = acgt[rng.integers(0, 4, int(rng.integers(200, 401)))]
        p = int(rng.integers(20, len(h) - k - 20))
        v = np.concatenate([mutate(h[:p]), h[p:p + k], mutate(h[p + k:])]).astype(np.int8)
        H.append(h)
        V.append(v)
        pv = int(np.flatnonzero([np.array_equal(v[i:i + k], h[p:p + k]) for i in range(len(v) - k + 1)])[0])
        seeds.append([p, pv, p + k, pv + k, 0, p - pv, p - pv, p - pv, p - pv, 0])
    seeds = np.array(seeds, np.int32)
    lq = [s[1] for s in seeds]
    lt = [s[0] for s in seeds]
    rq = [len(V[i]) - seeds[i][3] for i in range(n)]
    rt = [len(H[i]) - seeds[i][2] for i in range(n)]
    return {
        "seeds": seeds,
        "prefQ": np.concatenate([V[i][:lq[i]][::-1] for i in range(n)]).astype(np.int8),
        "prefT": np.concatenate([H[i][:lt[i]] for i in range(n)]).astype(np.int8),
        "suffQ": np.concatenate([V[i][seeds[i][3]:] for i in range(n)]).astype(np.int8),
        "suffT": np.concatenate([H[i][seeds[i][2]:][::-1] for i in range(n)]).astype(np.int8),
        "offLQ": np.cumsum(lq).astype(np.int32), "offLT": np.cumsum(lt).astype(np.int32),
        "offRQ": np.cumsum(rq).astype(np.int32), "offRT": np.cumsum(rt).astype(np.int32),
        "antL": int(max(min(a, b) for a, b in zip(lq, lt))), "antR": int(max(min(a, b) for a, b in zip(rq, rt))),
    }


def logan_extend(seeds, qarr, tarr, offq, offt, off, direction, xdrop, n_threads=128):
    """extendSeedLGappedXDropOneDirectionGlobal, block by block, as the kernel computes it (its three anti-diagonal
    buffers in one block's 3 * off shorts, so an index past a buffer lands in the next as on the GPU; the shared
    max reduction as a max). Returns (the seeds after, as the kernel stores them, seedLength left as given; the
    scores)."""
    UNDEF, GAP, MATCH, MISMATCH = -32767, -1, 1, -1
    seeds = np.array(seeds, np.int64).copy()
    res = np.zeros(len(seeds), np.int64)
    for b in range(len(seeds)):
        q0 = 0 if b == 0 else int(offq[b - 1])
        t0 = 0 if b == 0 else int(offt[b - 1])
        cols, rows = int(offq[b]) - q0 + 1, int(offt[b]) - t0 + 1
        mem = np.zeros(3 * off + 64, np.int64)
        a1, a2, a3 = 0, off, 2 * off
        if rows == 1 or cols == 1:
            res[b] = -1
            continue
        minCol, maxCol = 1, 2
        o1 = o2 = o3 = 0
        s1 = 0
        s2 = 1
        mem[a2] = 0
        s3 = 2
        mem[a3] = mem[a3 + 1] = GAP
        adn, best, lower, upper = 1, 0, 0, 0
        while minCol < maxCol:
            adn += 1
            a1, a2, a3 = a2, a3, a1
            s1, s2, s3 = s2, s3, s1
            o1, o2, o3 = o2, o3, minCol - 1
            s3 = maxCol + 1 - o3
            mem[a3] = UNDEF
            mem[a3 + maxCol - o3] = UNDEF
            if adn * GAP > best - xdrop:
                if o3 == 0:
                    mem[a3] = adn * GAP
                if adn - maxCol == 0:
                    mem[a3 + maxCol - o3] = adn * GAP
            new = {}
            for col in range(minCol, maxCol):
                tmp = max(mem[a2 + col - o2], mem[a2 + col - o2 - 1]) + GAP
                sc = MATCH if qarr[q0 + col - 1] == tarr[t0 + col + rows - adn - 1] else MISMATCH
                tmp = max(mem[a1 + col - o1 - 1] + sc, tmp)
                new[a3 + col - minCol + 1] = UNDEF if tmp < best - xdrop else tmp
            for i, v in new.items():
                mem[i] = v
            adbest = UNDEF
            for i in range(0, s3, n_threads):
                adbest = max(adbest, int(mem[a3 + i: a3 + min(s3, i + n_threads)].max()))
            best = max(best, adbest)
            while minCol - o3 < s3 and mem[a3 + minCol - o3] == UNDEF and minCol - o2 - 1 < s2 and \
                    mem[a2 + minCol - o2 - 1] == UNDEF:
                minCol += 1
            while maxCol - o3 > 0 and mem[a3 + maxCol - o3 - 1] == UNDEF and mem[a2 + maxCol - o2 - 1] == UNDEF:
                maxCol -= 1
            maxCol += 1
            if minCol - (adn - minCol) < lower:
                lower = minCol - (adn - minCol)
            mc = maxCol - 1
            if mc - 1 - (adn + 1 - mc) > upper:
                upper = mc - 1 - (adn + 1 - mc)
            minCol = max(minCol, adn + 2 - rows)
            maxCol = min(maxCol, cols)
        col = s3 + o3 - 2
        row = adn - col
        score = mem[a3 + col - o3]
        if score == UNDEF:
            if mem[a2 + s2 - 2] != UNDEF:
                col = s2 + o2 - 2
                row = adn - 1 - col
                score = mem[a2 + col - o2]
            elif s2 > 2 and mem[a2 + s2 - 3] != UNDEF:
                col = s2 + o2 - 3
                row = adn - 1 - col
                score = mem[a2 + col - o2]
        if score == UNDEF:
            for i in range(s1):
                if mem[a1 + i] > score:
                    score, col = mem[a1 + i], i + o1
                    row = adn - 2 - col
        sd = seeds[b]
        if score != UNDEF:
            if direction == 1:
                bd = sd[7]
                if sd[5] > bd + lower:
                    sd[5] = bd + lower
                if sd[6] < bd + upper:
                    sd[6] = bd + upper
                sd[0] -= row
                sd[1] -= col
            else:
                ed = sd[8]
                if sd[6] < ed - lower:
                    sd[6] = ed - lower
                if sd[5] > ed - upper:
                    sd[5] = ed - upper
                sd[2] += row
                sd[3] += col
        sd[9] = 0
        res[b] = score
    return seeds.astype(np.int32), res.astype(np.int32)


# ---------------------------------------------------------------- the twenty-sixth unseen suite (unseen48)
def finger_b():
    """richardfinger's heat-equation solver: the right-hand side ``b`` of the first CG solve (t = 0): the initial
    condition (``initializeMatrix``: 10 in two ellipses, -1 elsewhere) on the 512 x 512 inner points, minus
    ``lambda`` (2.5) on each edge the point touches, as ``run`` builds it, in float32."""
    dim = 514
    i, j = np.meshgrid(np.arange(dim), np.arange(dim), indexing="ij")
    u = np.where((((i - 10) ** 2 < 10) & ((j - 10) ** 2 < 17)) | (((i - 25) ** 2 < 17) & ((j - 30) ** 2 < 10)),
                 10.0, -1.0).astype(np.float32)
    b = u[1:-1, 1:-1].copy()
    lam = np.float32(0.001 / (0.02 * 0.02))
    b[0, :] -= lam
    b[-1, :] -= lam
    b[:, 0] -= lam
    b[:, -1] -= lam
    return b.reshape(-1)


def finger_mv(y):
    """``cudamv``: the 5-point implicit matrix (1 + 4 lambda on the diagonal, -lambda off it) on the 512 x 512
    grid stored row by row, as the kernel reads its shared halo: the north neighbour only where ``g_i - offset > 0``
    (row 512's ``y[0]`` is taken as 0), the east and west ones within the row, the south one below ``length``."""
    y = np.asarray(y, dtype=np.float64)
    n, off = len(y), 512
    lam = float(np.float32(0.001 / (0.02 * 0.02)))
    g = np.arange(n)
    r = (1 + 4 * lam) * y
    east = np.where((g + 1 < n) & (g % off < off - 1), np.roll(y, -1), 0.0)
    south = np.where(g + off < n, np.roll(y, -off), 0.0)
    west = np.where((g - 1 > -1) & (g % off > 0), np.roll(y, 1), 0.0)
    north = np.where(g - off > 0, np.roll(y, off), 0.0)
    return r - lam * (east + south + west + north)


def finger_dot_blocks(a, b):
    """``cudadot<<<length / 512, 256>>>``: block B's sum of a[i] b[i] + a[i + length/2] b[i + length/2] over its 256
    indices i = 256 B + t, which thread 0 writes to res[B]."""
    p = np.asarray(a, dtype=np.float64) * np.asarray(b, dtype=np.float64)
    h = len(p) // 2
    return (p[:h] + p[h:]).reshape(-1, 256).sum(1)


def finger_alpha(b):
    """The host's first ``alpha = dot(r, r) / dot(A p, p)`` with r = p = b, in float64, rounded to float."""
    b64 = np.asarray(b, dtype=np.float64)
    return float(np.float32(b64 @ b64 / (finger_mv(b64) @ b64)))


def csc_stencil(src, w, size):
    """CSC's stencil demo, the global/constant versions: dst[idx] = sum_m src[idx - 10 + m] w[m] for m < 20, for
    idx = 11 .. size - 1 (the thread's global index plus 11); dst[0..10] as they were (returned as NaN here)."""
    src = np.asarray(src, dtype=np.float64)
    idx = np.arange(11, size)
    out = np.full(size, np.nan)
    out[11:] = sum(src[idx - 10 + m] * float(w[m]) for m in range(20))
    return out


def csc_stencil_shared(src, w, size):
    """The shared versions: block b's ``buffer[k]`` is ``src[b * 1024 + k + threadIdx]``, i.e. src[1024 b + 2k] for
    k < 1024 and src[1024 b + 2k - 1024] for the 21 more, as the kernels index it (``src[idx + i]`` with idx the
    global index); dst[1024 b + t + 11] = sum_m buffer[t + m] w[m] for the threads with that index below ``size``."""
    src = np.asarray(src, dtype=np.float64)
    out = np.full(size, np.nan)
    k = np.arange(1024 + 21)
    for blk in range(size // 1024):
        buf = np.where(k < 1024, src[1024 * blk + 2 * k], src[np.minimum(1024 * blk + 2 * k - 1024, len(src) - 1)])
        t = np.arange(1024)
        ok = 1024 * blk + t + 11 < size
        vals = sum(buf[t + m] * float(w[m]) for m in range(20))
        out[(1024 * blk + t + 11)[ok]] = vals[ok]
    return out


def csc_jacobi_source(n=512):
    """CSC's Jacobi exercise: the host's source, +-1e10 h^2 in two discs of radius 0.1 at x = +-0.25."""
    h = 1.0 / (n - 1)
    i, j = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    x, y = (i - n // 2) * h, (j - n // 2) * h
    s = np.where((x - 0.25) ** 2 + y ** 2 < 0.1 * 0.1, 1e10 * h * h,
                 np.where((x + 0.25) ** 2 + y ** 2 < 0.1 * 0.1, -1e10 * h * h, 0.0))
    return s.reshape(-1)       # index = j + i * N


def csc_jacobi_sweep(phi, prev, source, h2, n=512):
    """``sweepGPU``: phi[i + j N] = 0.25 (4 neighbours of prev - h2 source) on the inner points; the rest as it was."""
    out = np.array(phi, dtype=np.float64).reshape(n, n)
    p = np.asarray(prev, dtype=np.float64).reshape(n, n)
    s = np.asarray(source, dtype=np.float64).reshape(n, n)
    out[1:-1, 1:-1] = 0.25 * (p[1:-1, :-2] + p[1:-1, 2:] + p[:-2, 1:-1] + p[2:, 1:-1] - h2 * s[1:-1, 1:-1])
    return out.reshape(-1)


# ---- the twenty-fifth unseen suite: Dtananaev's cuda_filters and tensorrtx's image pre- and post-processing


def dtananaev_median(img):
    """The 3 x 3 median of each pixel (the row above clamped at row 0, as filter_kernel's ym1); rows 1 to m-2 and
    columns 1 to n-2 are the kernel's where its reads are the image's."""
    img = np.asarray(img, np.float32)
    m, n = img.shape
    up = np.concatenate([img[:1], img[:-1]])
    down = np.concatenate([img[1:], img[-1:]])
    stack = []
    for rows in (up, img, down):
        for dx in (-1, 0, 1):
            stack.append(np.roll(rows, -dx, axis=1))
    return np.sort(np.stack(stack), axis=0)[4]


def dtananaev_nlm(img, lut, window, patch, inv_sigma):
    """cuda_NLM_filter's loops in float64: for each pixel the window (clipped to the image), each patch's Gaussian
    weighted distance over clamped coordinates, the weights exp(-dist * inv_sigma)."""
    img = np.asarray(img, np.float64)
    lut = np.asarray(lut, np.float64)
    ys, xs = img.shape
    y, x = np.mgrid[0:ys, 0:xs]
    new, tot = np.zeros_like(img), np.zeros_like(img)
    for wy in range(-window, window + 1):
        for wx in range(-window, window + 1):
            ny, nx = y + wy, x + wx
            ok = (ny >= 0) & (ny < ys) & (nx >= 0) & (nx < xs)
            nyc, nxc = np.clip(ny, 0, ys - 1), np.clip(nx, 0, xs - 1)
            dist = np.zeros_like(img)
            for ty in range(-patch, patch + 1):
                for tx in range(-patch, patch + 1):
                    d = (img[np.clip(y + ty, 0, ys - 1), np.clip(x + tx, 0, xs - 1)]
                         - img[np.clip(nyc + ty, 0, ys - 1), np.clip(nxc + tx, 0, xs - 1)])
                    dist += d * d * lut[patch + tx] * lut[patch + ty]
            w = np.where(ok, np.exp(-dist * inv_sigma), 0.0)
            new += w * img[nyc, nxc]
            tot += w
    return new / tot


def _fma32(a, b, c):
    """float32 a * b + c as an fma.rn.f32 (the float32 product is exact in float64; the sum rounds to float64, then
    to float32: a single rounding but for rare double-rounding ties)."""
    return (np.float64(a) * np.asarray(b, np.float64) + np.asarray(c, np.float64)).astype(np.float32)


def _trtx_bilinear(src, sw, sh, sx, sy, const):
    """The four-tap bilinear sample of warpaffine_kernel and bilinearSample: taps outside the image are ``const``."""
    xl, yl = np.floor(sx).astype(np.int64), np.floor(sy).astype(np.int64)
    xh, yh = xl + 1, yl + 1
    lx, ly = sx - xl, sy - yl
    hx, hy = 1 - lx, 1 - ly
    img = np.asarray(src, np.float64).reshape(sh, sw, 3)

    def tap(yy, xx):
        ok = (yy >= 0) & (yy < sh) & (xx >= 0) & (xx < sw)
        v = img[np.clip(yy, 0, sh - 1), np.clip(xx, 0, sw - 1)]
        return np.where(ok[..., None], v, float(const))
    return ((hy * hx)[..., None] * tap(yl, xl) + (hy * lx)[..., None] * tap(yl, xh)
            + (ly * hx)[..., None] * tap(yh, xl) + (ly * lx)[..., None] * tap(yh, xh))


def trtx_warpaffine(src, sw, sh, dw, dh, const, m):
    """warpaffine_kernel in float64 over the float32 matrix: the letterbox sample, BGR to RGB, /255, CHW planes."""
    m = np.asarray(m, np.float32)
    dy, dx = np.mgrid[0:dh, 0:dw].astype(np.float32)
    # the sample position in float32 as the kernel computes it (fma(m0, dx, m1 * dy) + m2 + 0.5): one rounding of
    # it moves a tap weight by ~1e-6, times neighbouring pixels up to 255 apart (the twenty-fifth suite)
    sx = (_fma32(m[0], dx, m[1] * dy) + m[2] + np.float32(0.5)).astype(np.float64)
    sy = (_fma32(m[3], dx, m[4] * dy) + m[5] + np.float32(0.5)).astype(np.float64)
    out_range = (sx <= -1) | (sx >= sw) | (sy <= -1) | (sy >= sh)
    c = _trtx_bilinear(src, sw, sh, np.where(out_range, 0.0, sx), np.where(out_range, 0.0, sy), const)
    c = np.where(out_range[..., None], float(const), c)
    return (c[..., ::-1] / 255.0).transpose(2, 0, 1).reshape(-1)


def trtx_ocr(src, sw, sh, rw, dw, dh, det):
    """det_preprocess_kernel (det: ImageNet normalisation, rw = dw) and rec_preprocess_kernel (c / 127.5 - 1 into the
    first rw columns of a dw-wide zeroed input) in float64: a centre-aligned resize, the source clamped."""
    f32 = np.float32
    scale_x, scale_y = f32(sw) / f32(rw), f32(sh) / f32(dh)
    yy, xx = np.mgrid[0:dh, 0:rw].astype(f32)
    # the source position in float32 as the kernel computes it, fma(d + 0.5, scale, -0.5) (the twenty-fifth suite)
    sx = np.clip(_fma32(xx + f32(0.5), scale_x, f32(-0.5)), 0, sw - 1).astype(np.float64)
    sy = np.clip(_fma32(yy + f32(0.5), scale_y, f32(-0.5)), 0, sh - 1).astype(np.float64)
    c = _trtx_bilinear(src, sw, sh, sx, sy, 0)
    if det:
        c = (c / 255.0 - np.array([0.485, 0.456, 0.406])) / np.array([0.229, 0.224, 0.225])
    else:
        c = c / 127.5 - 1.0
    out = np.zeros((3, dh, dw))
    out[:, :, :rw] = c.transpose(2, 0, 1)
    return out.reshape(-1)


def trtx_upsample(inp, c, h, w, oh, ow):
    """BilinearKernel in float64 over its float32 rates: the source index scale * (d + 0.5) - 0.5, floored at 0, the
    upper tap clamped to the last row and column."""
    x = np.asarray(inp, np.float64).reshape(c, h, w)
    rate_h, rate_w = float(np.float32(h) / np.float32(oh)), float(np.float32(w) / np.float32(ow))

    def src(rate, d, size):
        r = np.maximum(rate * (d + 0.5) - 0.5, 0).astype(np.float32).astype(np.float64)
        i = r.astype(np.int64)
        return i, np.where(i < size - 1, 1, 0), r - i
    h1, h1p, hl = src(rate_h, np.arange(oh), h)
    w1, w1p, wl = src(rate_w, np.arange(ow), w)
    H1, W1 = h1[:, None], w1[None, :]
    HL, WL = hl[:, None], wl[None, :]
    out = ((1 - HL) * ((1 - WL) * x[:, H1, W1] + WL * x[:, H1, W1 + w1p[None, :]])
           + HL * ((1 - WL) * x[:, H1 + h1p[:, None], W1] + WL * x[:, H1 + h1p[:, None], W1 + w1p[None, :]]))
    return out.reshape(-1)


def _kmer_index(seq, pos, k):
    """cuda-kmer-counting's kmer_to_index: 2 bits a base (A 0, C 1, G 2, T 3), the first base highest; None where a
    base is not one of the four (the kernel's INVALID_KMER)."""
    code = {ord("A"): 0, ord("C"): 1, ord("G"): 2, ord("T"): 3}
    idx = 0
    for c in np.asarray(seq[pos:pos + k], np.uint8):
        if int(c) not in code:
            return None
        idx = (idx << 2) | code[int(c)]
    return idx


def kmer_table(seq, k):
    """count_kmers_kernel (the twenty-ninth suite): how often each k-mer starts at positions 0 .. len - k, over the
    4^k table."""
    out = np.zeros(4 ** k, np.uint32)
    for pos in range(len(seq) - k + 1):
        idx = _kmer_index(seq, pos, k)
        if idx is not None:
            out[idx] += 1
    return out


def kmer_coalesced_known(seq, k, nblocks, coalesce=128, block=256, max_k=32):
    """count_kmers_coalesced_kernel's counts that do not depend on uninitialised memory, and how many counts it adds
    in all. Thread tid of block b counts the k-mer at b * coalesce + tid once for each i < coalesce with tid + i <
    coalesce (and the positions inside the sequence); its k-mer is whole only where tid + k <= max_k (the copy from
    its cache stops at tid + j < MAX_K), elsewhere some of its chars are whatever its local memory holds. Returns
    (the whole k-mers' counts over the 4^k table at index % 1,024, the number of counts all threads add)."""
    n = len(seq)
    known = np.zeros(4 ** k, np.int64)
    total = 0
    for b in range(nblocks):
        start = b * coalesce
        for tid in range(min(block, coalesce)):
            times = sum(1 for i in range(coalesce)
                        if start + i + k - 1 < n and tid + i < coalesce and start + tid + i + k - 1 < n)
            total += times
            if times and tid + k <= max_k:
                idx = _kmer_index(seq, start + tid, k)
                known[(idx if idx is not None else 2 ** 64 - 1) % 1024] += times
    return known, total


def edit_dp(a, b):
    """CUDA-ALIGN-DNA's Levenshtein matrix (d_edit_core over the first column and row d_init_dpi and d_init_dpj
    write): n = len(a) rows and m = len(b) columns, a and b each with its terminating zero."""
    n, m = len(a), len(b)
    dp = np.zeros((n, m), np.int32)
    dp[:, 0] = np.arange(n)
    dp[0, :] = np.arange(m)
    for i in range(1, n):
        for j in range(1, m):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            dp[i, j] = min(dp[i - 1, j] + 1, dp[i, j - 1] + 1, dp[i - 1, j - 1] + cost)
    return dp


def edit_dp_borders(n, m, column=True, row=False):
    """What d_init_dpi (the first column: dp[i][0] = i) and then d_init_dpj (the first row: dp[0][j] = j) leave in a
    zeroed n x m matrix."""
    dp = np.zeros((n, m), np.int32)
    if column:
        dp[:, 0] = np.arange(n)
    if row:
        dp[0, :] = np.arange(m)
    return dp


def table_patch(src, lut, r):
    """reproTableLoop's sum over a (2r+1)^2 patch: (src[clamp(x + tx)] - src[x])^2 * lut[r + tx] * lut[r + ty], in
    float64."""
    src = np.asarray(src, np.float64)
    lut = np.asarray(lut, np.float64)
    x = np.arange(src.size)
    out = np.zeros_like(src)
    for ty in range(-r, r + 1):
        for tx in range(-r, r + 1):
            v = src[np.clip(x + tx, 0, src.size - 1)] - src
            out += v * v * lut[r + tx] * lut[r + ty]
    return out


# ---------------------------------------------------------------- the twenty-eighth unseen suite (docs/FIDELITY.md)

def _sspmv_canonical(raw):
    """std::uniform_real_distribution<float>(0, 1) over std::mt19937's 32-bit outputs, as libstdc++ draws it: one
    output a value, float(u) / 2^32 in float, a result of 1 taken to the float below it."""
    u = raw.astype(np.float32) / np.float32(2.0 ** 32)
    return np.where(u >= np.float32(1), np.nextafter(np.float32(1), np.float32(0)), u).astype(np.float32)


def _sspmv_stream(n):
    """The first n values of a fresh std::mt19937(9658) through the float distribution (numpy's MT19937 seeded as
    init_genrand is: the legacy seeding)."""
    bg = np.random.MT19937()
    bg._legacy_seeding(9658)
    return _sspmv_canonical(bg.random_raw(n))


def sspmv_prepare(n, prob):
    """Simple_SPMV's prepare_data<float, false>(data, n, prob): a fresh mt19937(9658); per element one draw, and
    where it is under prob a second, the element's value (else 0)."""
    prob = np.float32(prob)
    u = _sspmv_stream(2 * n + 2)
    hits = np.flatnonzero(u < prob)
    out = np.zeros(n, np.float32)
    p = i = 0
    while True:
        k = int(np.searchsorted(hits, p))
        if k == len(hits):
            break
        h = int(hits[k])
        i += h - p
        if i >= n:
            break
        out[i] = u[h + 1]
        i += 1
        p = h + 2
    return out


def sspmv_diags(m, num_diags):
    """random_diags_gen<float, false>(mat, m, num_diags), its fixed-seed branch: a diagonal chosen where a draw is
    under num_diags / (2m - 1) (float), then its entries drawn row by row."""
    max_diags = 2 * m - 1
    thr = np.float32(num_diags) / np.float32(max_diags)
    u = _sspmv_stream(max_diags + 16 * m)
    mat = np.zeros((m, m), np.float32)
    p = 0
    for i in range(max_diags):
        p += 1
        if u[p - 1] < thr:
            d = i - (m - 1)
            for x in range(m):
                if 0 <= x + d < m:
                    mat[x, x + d] = u[p]
                    p += 1
    return mat.reshape(-1)


_SSPMV: dict = {}


def sspmv(which):
    """Simple_SPMV's matrices and their formats: 'small' is test_all.cpp's default (M = K = 10, NNZ 2), 'large' the
    same kind at M = K = 1,024 with NNZ 13,000, 'dia' test_dia.cpp's kind (random_diags_gen, 3 diagonals) at
    M = 1,024; each with prepare_data's vector (probability 1). The DIA (mat2dia), ELL (mat2ell: column-major,
    zero-padded values and indices), CSR (mat2csr) and COO (mat2coo, row-major order) layouts, and y = A x in
    float64."""
    if which in _SSPMV:
        return _SSPMV[which]
    if which == "small":
        m, nnz_arg = 10, 2
    else:
        m, nnz_arg = 1024, 13000
    if which == "dia":
        mat = sspmv_diags(m, 3).reshape(m, m)
    else:
        mat = sspmv_prepare(m * m, np.float32(nnz_arg) / np.float32(m * m)).reshape(m, m)
    vec = sspmv_prepare(m, 1.0)
    rows, cols = np.nonzero(mat)
    vals = mat[rows, cols].astype(np.float32)
    lens = np.bincount(rows, minlength=m)
    offs = sorted(set((cols - rows).tolist()))
    dia = np.zeros((len(offs), m), np.float32)
    for j, o in enumerate(offs):
        r = np.arange(m)
        ok = (r + o >= 0) & (r + o < m)
        dia[j, r[ok]] = mat[r[ok], r[ok] + o]
    K = int(lens.max()) if len(lens) else 0
    ell_val = np.zeros((K, m), np.float32)
    ell_col = np.zeros((K, m), np.int32)
    start = np.concatenate([[0], np.cumsum(lens)])
    for r in range(m):
        ell_val[:lens[r], r] = vals[start[r]:start[r + 1]]
        ell_col[:lens[r], r] = cols[start[r]:start[r + 1]]
    _SSPMV[which] = dict(m=m, nnz=len(vals), vec=vec, mat=mat.reshape(-1), values=vals, rows=rows.astype(np.int32),
                         cols=cols.astype(np.int32), ptr=start.astype(np.int32), ndiags=len(offs),
                         dia_offsets=np.array(offs, np.int32), dia_data=dia.reshape(-1), ell_k=K,
                         ell_data=ell_val.reshape(-1), ell_indices=ell_col.reshape(-1),
                         y=mat.astype(np.float64) @ vec.astype(np.float64))
    return _SSPMV[which]


_PGC: dict = {}


def pgc_graph():
    """ParallelGraphColoring's input kind: a symmetric graph in CSR with sorted neighbour lists (the host's std::set
    adjacency), here 256 vertices, each pair an edge with probability 8 / 255 (numpy, seed 2808). Also the states
    the first-fit loop leaves, each racing launch as the outcome 'every read before every write' leaves it: after
    the init (c0, v0), the first ColorGraph (c1), the first ResolveBadColoring (c2, v2), the second ColorGraph (c3),
    the second ResolveBadColoring (c4, v4)."""
    if _PGC:
        return _PGC
    rng = np.random.default_rng(2808)
    n = 256
    up = np.triu(rng.random((n, n)) < 8 / 255, 1)
    adj = up | up.T
    ptr = np.concatenate([[0], np.cumsum(adj.sum(1))]).astype(np.int32)
    col = np.concatenate([np.flatnonzero(adj[i]) for i in range(n)]).astype(np.int32)
    nbrs = [col[ptr[i]:ptr[i + 1]] for i in range(n)]

    def color(c):
        out = c.copy()
        for t in range(n):
            if c[t] == 0:
                used = set(c[nbrs[t]].tolist())
                k = 1
                while k in used:
                    k += 1
                out[t] = k
        return out

    def resolve(c, v):
        out, val = c.copy(), v.copy()
        for t in range(n):
            if not v[t]:
                bad = any(c[u] == c[t] and t < u for u in nbrs[t])
                if bad:
                    out[t] = 0
                val[t] = not bad
        return out, val

    c0, v0 = np.zeros(n, np.int32), np.zeros(n, bool)
    c1 = color(c0)
    c2, v2 = resolve(c1, v0)
    c3 = color(c2)
    c4, v4 = resolve(c3, v2)
    _PGC.update(n=n, nnz=len(col), ptr=ptr, col=col, deg=np.diff(ptr), c0=c0, v0=v0, c1=c1, c2=c2, v2=v2, c3=c3,
                c4=c4, v4=v4)
    return _PGC


def pgc_color_ok(before, after):
    """What ColorGraph leaves under any order of its racing reads and stores: coloured vertices keep their colour;
    each uncoloured one gets a colour from 1 to its degree + 1 that no neighbour coloured before the launch holds
    (those colours cannot change during it)."""
    g = pgc_graph()
    for t in range(g["n"]):
        nb = g["col"][g["ptr"][t]:g["ptr"][t + 1]]
        if before[t] != 0:
            if after[t] != before[t]:
                return False
        elif not (1 <= after[t] <= len(nb) + 1) or after[t] in set(before[nb][before[nb] != 0].tolist()):
            return False
    return True


def pgc_resolve_ok(c_before, v_before, c_after, v_after):
    """What ResolveBadColoring leaves under any order: only vertices not yet valid change; such a vertex either keeps
    its colour and is marked valid, with no higher neighbour holding that (non-zero) colour at the end (a neighbour's
    colour can only fall to NO_COLOR during the launch), or is set to NO_COLOR and marked invalid."""
    g = pgc_graph()
    for t in range(g["n"]):
        nb = g["col"][g["ptr"][t]:g["ptr"][t + 1]]
        if v_before[t]:
            if v_after[t] != v_before[t] or c_after[t] != c_before[t]:
                return False
        elif v_after[t]:
            if c_after[t] != c_before[t]:
                return False
            if c_after[t] != 0 and any(c_after[u] == c_after[t] for u in nb if u > t):
                return False
        elif c_after[t] != 0:
            return False
    return True


_MDGPU_LJ: dict = {}


def mdgpu_lj(m, x, y, z, kind, r_cutoff=2.5, sigma=1.0, epsilon=1.0):
    """The three force kernels' new accelerations (ax, ay, az), in float64 over all pairs i != j within the cutoff:
    F = 24 eps (2 (s/r)^12 - (s/r)^6) / r along (x_j - x_i) / r, divided by m_i. ``kind``: ``"naive"`` skips
    r > r_cutoff or r < 1e-6 (``sqrt`` of the float distance); ``"cell"`` skips r^2 > r_cutoff^2 or r^2 < 1e-5 (the
    3 x 3 x 3 cells of 1.5 r_cutoff hold every pair within the cutoff; the box is larger than the positions, so the
    minimum image changes nothing); ``"tiled"`` skips only r^2 > r_cutoff^2, so two particles on one point meet
    ``rsqrtf(0 + 1e-12)``: (s/r)^12 overflows to inf and inf * 0 is NaN, and both particles' accelerations are NaN,
    as the kernel computes them. Kept for the last inputs (an entry's checks ask three times)."""
    key = (kind, r_cutoff, sigma, epsilon, *(np.asarray(v, np.float64).tobytes() for v in (m, x, y, z)))
    if key not in _MDGPU_LJ:
        _MDGPU_LJ.clear()
        _MDGPU_LJ[key] = _mdgpu_lj(m, x, y, z, kind, r_cutoff, sigma, epsilon)
    return _MDGPU_LJ[key]


def _mdgpu_lj(m, x, y, z, kind, r_cutoff, sigma, epsilon):
    p = np.stack([np.asarray(v, np.float64) for v in (x, y, z)], 1)
    m = np.asarray(m, np.float64)
    d = p[None, :, :] - p[:, None, :]                       # d[i, j] = p_j - p_i
    r2 = (d * d).sum(2)
    np.fill_diagonal(r2, np.inf)
    if kind == "naive":
        r = np.sqrt(r2)
        use = (r <= r_cutoff) & (r >= 1e-6)
    elif kind == "cell":
        use = (r2 <= r_cutoff * r_cutoff) & (r2 >= 1e-5)
    else:
        use = (r2 <= r_cutoff * r_cutoff) & (r2 > 0)
    r = np.sqrt(np.where(use, r2, 1.0))
    sr6 = (sigma / r) ** 6
    f = np.where(use, 24.0 * epsilon * (2.0 * sr6 * sr6 - sr6) / r, 0.0)
    a = (f[:, :, None] * d / r[:, :, None]).sum(1) / m[:, None]
    if kind == "tiled":
        dup = ((r2 == 0)).any(1)
        a[dup] = np.nan
    return a[:, 0], a[:, 1], a[:, 2]


def mdgpu_cells(x, y, z, r_cutoff=2.5):
    """The host's ``cpu_list``: positions wrapped into [-200, 200) x [-50, 50) x [-10, 45) (unchanged for these),
    cells of 1.5 r_cutoff (107 x 27 x 15), each particle's cell clamped into the grid; {count, start, end, particles}
    with the particles of a cell in index order, as its two passes leave them."""
    side = np.float32(1.5) * np.float32(r_cutoff)
    lo = (-200.0, -50.0, -10.0)
    dims = [int(np.ceil(np.float32(b) / side)) for b in (400.0, 100.0, 55.0)]
    idx = [np.clip(np.floor((np.asarray(v, np.float32) - np.float32(l)) / side).astype(np.int64), 0, dm - 1)
           for v, l, dm in zip((x, y, z), lo, dims)]
    cell = idx[2] * dims[0] * dims[1] + idx[1] * dims[0] + idx[0]
    ncell = dims[0] * dims[1] * dims[2]
    count = np.bincount(cell, minlength=ncell)
    end = np.cumsum(count)
    start = end - count
    return {"count": count, "start": start, "end": end, "particles": np.argsort(cell, kind="stable"),
            "dims": dims}


def mdgpu_integrate(p, v, a, a_old, dt=1e-4):
    """``integrate``'s velocity-Verlet step for one coordinate: (p + v dt + a_old dt^2 / 2, v + (a_old + a) dt / 2),
    in float64 over the float32 inputs."""
    p, v, a, a_old = (np.asarray(t, np.float64) for t in (p, v, a, a_old))
    dt = float(np.float32(dt))
    return p + v * dt + 0.5 * a_old * dt * dt, v + 0.5 * (a_old + a) * dt


#: SPH_3D_CUDA's Parameters, as Solver::Solver sets them: dt, gridSize (int3), cellSize (int), the box, mass, h,
#: restDens, k, mu
SPH3D = {"dt": 0.005, "grid": 64, "cell": 1, "box": (0.0, 64.0, 0.0, 64.0, 0.0, 64.0), "mass": 0.5, "h": 1.5,
         "restDens": 0.2, "k": 10.0, "mu": 0.5}


def sph3d_params():
    """``struct Parameters`` as the 16 four-byte words of ``__constant__ para`` (its int fields by their bits)."""
    p = SPH3D
    f = np.array([p["dt"], 0, 0, 0, 0, *p["box"], p["mass"], p["h"], p["restDens"], p["k"], p["mu"]], np.float32)
    w = f.view(np.int32).copy()
    w[1:4] = p["grid"]
    w[4] = p["cell"]
    return w


def sph3d_lattice():
    """``Solver::InitParticles``: particle k * 1024 + j * 32 + i at (i, j, k) on the 32 x 32 x 16 lattice, float3s."""
    k, j, i = np.meshgrid(np.arange(16), np.arange(32), np.arange(32), indexing="ij")
    return np.stack([i, j, k], -1).reshape(-1, 3).astype(np.float32)


def sph3d_hash(pos):
    """``cudaCalHash``: the cell (floor of pos / cellSize), wrapped by & (gridSize - 1), as x + g (y + g z)."""
    g = SPH3D["grid"]
    c = np.floor(np.asarray(pos, np.float32).reshape(-1, 3) / np.float32(SPH3D["cell"])).astype(np.int64) & (g - 1)
    return (c[:, 0] + g * (c[:, 1] + g * c[:, 2])).astype(np.uint32)


def sph3d_step():
    """The host's first step (``_sph3d_step``), computed once: an entry's inputs and checks ask for it many times."""
    if not _SPH3D_STEP:
        _SPH3D_STEP.update(_sph3d_step())
    return _SPH3D_STEP


_SPH3D_STEP: dict = {}


def _sph3d_step():
    """The host's first ``Solver::Update()`` on the lattice (velocities zero), in float64 over float32 inputs: every
    array each kernel reads or writes, in the order the kernels run. The sort is a stable argsort of the hashes (one
    particle a cell here, so any sort gives the same order)."""
    p = SPH3D
    n, g, h, mass = 16384, p["grid"], p["h"], p["mass"]
    out = {"pos": sph3d_lattice(), "vel": np.zeros((n, 3), np.float32)}
    hsh = sph3d_hash(out["pos"])
    out["hash"], out["index"] = hsh, np.arange(n, dtype=np.uint32)
    order = np.argsort(hsh, kind="stable")
    shash, sidx = hsh[order], order.astype(np.uint32)
    out["sorted_hash"], out["sorted_index"] = shash, sidx
    start = np.full(g ** 3, 0xFFFFFFFF, np.uint32)
    end = np.zeros(g ** 3, np.uint32)
    first = np.r_[True, shash[1:] != shash[:-1]]
    last = np.r_[shash[1:] != shash[:-1], True]
    t = np.arange(n, dtype=np.uint32)
    start[shash[first]] = t[first]
    end[shash[last]] = t[last] + 1
    out["cellstart"], out["cellend"] = start, end
    spos, svel = out["pos"][sidx], out["vel"][sidx]
    out["spos"], out["svel"] = spos, svel
    sp = spos.astype(np.float64)
    cells = np.floor(sp / p["cell"]).astype(np.int64)
    poly6 = 315.0 / (64.0 * np.pi * h ** 9)
    nbrs = []                                               # (sorted neighbour j, valid) for each of the 27 cells
    for dz in (-1, 0, 1):
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                c = cells + np.array([dx, dy, dz])
                ok = (c >= 0).all(1)
                hc = (c[:, 0] & (g - 1)) + g * ((c[:, 1] & (g - 1)) + g * (c[:, 2] & (g - 1)))
                s = start[hc]
                ok &= s != 0xFFFFFFFF
                assert np.all(np.where(ok, end[hc].astype(np.int64) - s, 1) == 1)    # one particle a cell
                nbrs.append((np.where(ok, s, 0).astype(np.int64), ok))
    dens = np.zeros(n)
    for j, ok in nbrs:
        d = sp - sp[j]
        r2 = (d * d).sum(1)
        use = ok & (np.sqrt(r2) <= h) & (r2 <= h * h)
        dens += np.where(use, mass * poly6 * (h * h - r2) ** 3, 0.0)
    press = p["k"] * (dens - p["restDens"])
    out["dens"], out["press"] = dens, press
    dens32, press32 = dens.astype(np.float32).astype(np.float64), press.astype(np.float32).astype(np.float64)
    sv = svel.astype(np.float64)
    force = np.zeros((n, 3))
    spiky, visco = -15.0 / (np.pi * h ** 6), 45.0 / (np.pi * h ** 6)
    for j, ok in nbrs:
        d = sp - sp[j]
        dist = np.sqrt((d * d).sum(1))
        use = ok & (dist <= h)
        dv = sv[j] - sv
        fv = p["mu"] * mass * dv / dens32[j][:, None] * (visco * (h - dist))[:, None]
        fp = mass * (press32 + press32[j]) / (2.0 * dens32[j])
        fp = fp[:, None] * (spiky * (h - dist) ** 2)[:, None] * d
        force += np.where(use[:, None], fv - fp, 0.0)
    f_orig = np.zeros((n, 3))
    f_orig[sidx] = (force + np.array([0.0, -9.8, 0.0]) * mass) / mass
    v_orig = np.zeros((n, 3))
    v_orig[sidx] = sv
    out["force"], out["vel_after_force"] = f_orig, v_orig
    f32 = f_orig.astype(np.float32).astype(np.float64)
    dt = float(np.float32(p["dt"]))
    v1 = v_orig + f32 * dt
    p1 = out["pos"].astype(np.float64) + v1.astype(np.float32).astype(np.float64) * dt
    out["vel_updated"], out["pos_updated"] = v1, p1
    out["pos_bounded"], out["vel_bounded"] = sph3d_boundary(p1.astype(np.float32), v1.astype(np.float32))
    return out


def sph3d_boundary(pos, vel):
    """``cudaHandleBoundary``: a coordinate past the box's max moves back by cellSize / 2, one below its min to min +
    cellSize / 2, and its velocity component flips (x, y, z each in turn, the min test on the moved value)."""
    pos = np.asarray(pos, np.float32).reshape(-1, 3).copy()
    vel = np.asarray(vel, np.float32).reshape(-1, 3).copy()
    disp = np.float32(SPH3D["cell"] / 2.0)
    box = SPH3D["box"]
    for c in range(3):
        lo, hi = np.float32(box[2 * c]), np.float32(box[2 * c + 1])
        v = pos[:, c].copy()
        over = v > hi
        pos[over, c] = v[over] - disp
        vel[over, c] = -vel[over, c]
        under = v < lo
        pos[under, c] = lo + disp
        vel[under, c] = -vel[under, c]
    return pos, vel


def benlib_crc32(data, jam=False):
    """BenLib's tableless CRC-32 kernels: the reflected CRC-32 (polynomial 0xEDB88320) of the bytes, from
    previousCrc32 0, bit by bit; JAMCRC is the same register without the final complement."""
    crc = 0xFFFFFFFF
    for b in np.asarray(data, np.uint8).tolist():
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return np.array([crc if jam else crc ^ 0xFFFFFFFF], dtype=np.uint32)


def _pbcrc_step(crc, byte, table):
    return ((crc << np.uint32(8)) ^ table[(byte.astype(np.uint32) ^ (crc >> np.uint32(24))) & np.uint32(0xFF)]
            ).astype(np.uint32)


def pbcrc_table():
    """pybind11-cuda's get_lookup(): the unreflected CRC-32 byte table of polynomial 0x04C11DB7."""
    t = np.arange(256, dtype=np.uint32) << np.uint32(24)
    for _ in range(8):
        t = np.where(t & np.uint32(0x80000000), (t << np.uint32(1)) ^ np.uint32(0x04C11DB7),
                     t << np.uint32(1)).astype(np.uint32)
    return t


def pbcrc_join_tables(levels, chunk_bytes):
    """get_join_table(dist) for dist = chunk_bytes * 2**level, level 0 .. levels - 1, one after the other:
    entry i * 256 + j is (j << 8 i) run through dist zero bytes."""
    table, out = pbcrc_table(), []
    for level in range(levels):
        x = (np.arange(256, dtype=np.uint32)[None, :] << (8 * np.arange(4, dtype=np.uint32))[:, None]).reshape(-1)
        zero = np.zeros(1, np.uint8)
        for _ in range(chunk_bytes << level):
            x = _pbcrc_step(x, zero, table)
        out.append(x)
    return np.concatenate(out)


def pbcrc_kernel(message, num_dword, nthreads, blocks, chunk_bytes, levels):
    """crc_cuda / crc_cuda_fast: each block's CRC of its num_dword / blocks words, each thread the CRC of its
    chunk_bytes bytes, then the tree that joins the neighbours' CRCs through the join tables."""
    table, join = pbcrc_table(), pbcrc_join_tables(levels, chunk_bytes).reshape(levels, 4, 256)
    raw = np.ascontiguousarray(message, np.uint32).view(np.uint8)
    part = num_dword // blocks * 4
    out = np.empty(blocks, np.uint32)
    for b in range(blocks):
        chunks = raw[b * part: b * part + nthreads * chunk_bytes].reshape(nthreads, chunk_bytes)
        crc = np.zeros(nthreads, np.uint32)
        for k in range(chunk_bytes):
            crc = _pbcrc_step(crc, chunks[:, k], table)
        for level in range(levels):
            step = 1 << level
            lo, hi = crc[0::2 * step].copy(), crc[step::2 * step]
            acc = hi.copy()
            for byte in range(4):
                acc ^= join[level, byte][(lo >> np.uint32(8 * byte)) & np.uint32(0xFF)]
            crc[0::2 * step] = acc
        out[b] = crc[0]
    return out


def pbcrc_chunks(message, chunk_words):
    """collection/repro_crcfast_bytes.cu: each thread's CRC (pybind11-cuda's table, initial value 0) of its own
    chunk_words words of message, the chunks one after another in thread order."""
    table = pbcrc_table()
    raw = np.ascontiguousarray(message, np.uint32).view(np.uint8).reshape(-1, 4 * chunk_words)
    crc = np.zeros(raw.shape[0], np.uint32)
    for k in range(raw.shape[1]):
        crc = _pbcrc_step(crc, raw[:, k], table)
    return crc


def benlib_tableless2(data, jam=False):
    """BenLib's CRC32_byte_tableless2_kernel / JAMCRC_byte_tableless2_kernel as written: crc is a uint, so each
    ((crc << k) >> 31) is the bit itself (0 or 1), not the all-ones mask a signed shift would give (the
    algorithm it ports shifts an int); each term keeps at most bit 0 of its constant, so the register is not
    CRC-32's. Returns the kernel's result from previousCrc32 0."""
    poly, mask = 0xEDB88320, 0xFFFFFFFF
    consts = [(31, (poly >> 7) ^ (poly >> 1)), (30, (poly >> 6) ^ poly), (29, poly >> 5), (28, poly >> 4),
              (27, poly >> 3), (26, poly >> 2), (25, poly >> 1), (24, poly)]
    crc = mask
    for b in np.asarray(data, np.uint8).tolist():
        crc ^= b
        c = 0
        for s, k in consts:
            c ^= (((crc << s) & mask) >> 31) & k
        crc = (crc >> 8) ^ c
    return np.array([crc if jam else crc ^ mask], dtype=np.uint32)


# ---------------------------------------------------------------- the thirty-first unseen suite: PFFDTD and FWI
PFFDTD_NX, PFFDTD_NY, PFFDTD_NZ = 66, 10, 10          # the CUDA domain's cuNx (contiguous), cuNy, cuNz


def pffdtd_nodes(n, rng):
    """``n`` distinct interior points of the 66 x 10 x 10 grid (two points from every face, so the 12-point FCC
    neighbourhood stays inside), as flat indices ``cz * cuNxNy + cy * cuNx + cx``: boundary-node lists."""
    cz, cy, cx = np.meshgrid(np.arange(2, PFFDTD_NZ - 2), np.arange(2, PFFDTD_NY - 2), np.arange(2, PFFDTD_NX - 2),
                             indexing="ij")
    flat = (cz * PFFDTD_NX * PFFDTD_NY + cy * PFFDTD_NX + cx).ravel()
    return np.sort(rng.choice(flat, n, replace=False))


def _pffdtd_bit(mask, ii):
    return (np.asarray(mask, np.int64)[ii >> 3] >> (ii % 8)) & 1


_PFFDTD_CART = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]          # (dz, dy, dx)
_PFFDTD_FCC = [(1, 1, 0), (-1, -1, 0), (0, 1, 1), (0, -1, -1), (1, 0, 1), (-1, 0, -1), (1, -1, 0), (-1, 1, 0),
               (0, 1, -1), (0, -1, 1), (1, 0, -1), (-1, 0, 1)]


def _pffdtd_off(d):
    return d[0] * PFFDTD_NX * PFFDTD_NY + d[1] * PFFDTD_NX + d[2]


def pffdtd_air(u0, u1, bn_mask, c1, c2, fcc=False):
    """KernelAirCart / KernelAirFCC: at every interior point not marked in ``bn_mask``, u0 = c1 u1 + c2 (sum of the
    6 Cartesian or 12 FCC neighbours of u1) - u0; marked points and the faces as they were (float64 here: the kernel
    adds in float with round-to-zero and fuses, so the check carries a tolerance)."""
    out = np.asarray(u0, np.float64).copy()
    u1 = np.asarray(u1, np.float64)
    cz, cy, cx = np.meshgrid(np.arange(1, PFFDTD_NZ - 1), np.arange(1, PFFDTD_NY - 1), np.arange(1, PFFDTD_NX - 1),
                             indexing="ij")
    ii = (cz * PFFDTD_NX * PFFDTD_NY + cy * PFFDTD_NX + cx).ravel()
    s = sum(u1[ii + _pffdtd_off(d)] for d in (_PFFDTD_FCC if fcc else _PFFDTD_CART))
    new = float(c1) * u1[ii] + float(c2) * s - out[ii]
    keep = _pffdtd_bit(bn_mask, ii) == 1
    out[ii] = np.where(keep, out[ii], new)
    return out


def pffdtd_rigid(u0, u1, adj, bn_ixyz, K, c2, csl2, fcc=False):
    """KernelBoundaryRigidCart / FCC: at each boundary node, u0 = (2 - csl2 K) u1 + c2 (sum of the neighbours whose
    adjacency bit is set) - u0."""
    out = np.asarray(u0, np.float64).copy()
    u1 = np.asarray(u1, np.float64)
    ii = np.asarray(bn_ixyz, np.int64)
    adj = np.asarray(adj, np.int64)
    dirs = _PFFDTD_FCC if fcc else _PFFDTD_CART
    s = sum(((adj >> k) & 1) * u1[ii + _pffdtd_off(d)] for k, d in enumerate(dirs))
    b1 = 2.0 - float(np.float32(csl2)) * np.asarray(K, np.float64)
    out[ii] = b1 * u1[ii] + float(c2) * s - out[ii]
    return out


def pffdtd_abc(u0, u2ba, Q, bna_ixyz, cl):
    """KernelBoundaryABC: u0[ib] = (u0[ib] + l Q u2ba) / (1 + l Q) at each absorbing node."""
    out = np.asarray(u0, np.float64).copy()
    ib = np.asarray(bna_ixyz, np.int64)
    lq = float(cl) * np.asarray(Q, np.float64)
    out[ib] = (out[ib] + lq * np.asarray(u2ba, np.float64)) / (1.0 + lq)
    return out


def pffdtd_fd(u0b, u2b, vh1, gh1, ssaf, mat, beta, quads, Mb, clo2):
    """KernelBoundaryFD: the frequency-dependent boundary update, node by node as the kernel loops over its
    material's ``Mb[k]`` branches (``quads[k * 12 + m]`` = b, bd, bDh, bFh). Returns (u0b, vh1, gh1)."""
    u0b = np.asarray(u0b, np.float64).copy()
    vh1 = np.asarray(vh1, np.float64).copy()
    gh1 = np.asarray(gh1, np.float64).copy()
    quads = np.asarray(quads, np.float64).reshape(-1, 4)
    nbl = len(u0b)
    lo2 = float(clo2)
    for nb in range(nbl):
        k = int(mat[nb])
        sf = float(ssaf[nb])
        lo2kbg = lo2 * sf * float(beta[k])
        fac = 2.0 * lo2 * sf / (1.0 + lo2kbg)
        u2 = float(u2b[nb])
        u = (u0b[nb] + lo2kbg * u2) / (1.0 + lo2kbg)
        ms = range(int(Mb[k]))
        v1 = [vh1[m * nbl + nb] for m in ms]
        g1 = [gh1[m * nbl + nb] for m in ms]
        for m in ms:
            b, bd, bdh, bfh = quads[k * 12 + m]
            u -= fac * (2.0 * bdh * v1[m] - bfh * g1[m])
        du = u - u2
        for m in ms:
            b, bd, bdh, bfh = quads[k * 12 + m]
            v0 = b * du + bd * v1[m] - 2.0 * bfh * g1[m]
            gh1[m * nbl + nb] = g1[m] + (v0 + v1[m]) / 2.0
            vh1[m * nbl + nb] = v0
        u0b[nb] = u
    return u0b, vh1, gh1


def pffdtd_grid(u):
    """The flat grid as [cz, cy, cx] (cx contiguous)."""
    return np.asarray(u).reshape(PFFDTD_NZ, PFFDTD_NY, PFFDTD_NX)


def pffdtd_flip(u, face):
    """The halo flips and the FCC fold, on the [cz, cy, cx] view: each copies the plane two (the fold: one) inside."""
    g = pffdtd_grid(np.asarray(u).copy())
    if face == "Zbeg":
        g[0] = g[2]
    elif face == "Zend":
        g[-1] = g[-3]
    elif face == "Ybeg":
        g[:, 0] = g[:, 2]
    elif face == "Yend":
        g[:, -1] = g[:, -3]
    elif face == "Xbeg":
        g[:, :, 0] = g[:, :, 2]
    elif face == "Xend":
        g[:, :, -1] = g[:, :, -3]
    elif face == "fold":
        g[:, -1] = g[:, -2]
    return g.ravel()


FWI_C = (1.2, 1.4, 1.6, 1.8)
FWI_DIMS = (40, 24, 72)                  # y, x, z (z contiguous): IDX(z, x, y) = y dimmx dimmz + x dimmz + z
FWI_BOX = ((4, 36), (4, 20), (4, 68))    # ny0..nyf, nx0..nxf, nz0..nzf


def _fwi_shift(p, dy, dx, dz):
    (y0, y1), (x0, x1), (z0, z1) = FWI_BOX
    return p[y0 + dy:y1 + dy, x0 + dx:x1 + dx, z0 + dz:z1 + dz]


def _fwi_stencil(p, axis, off, di):
    c0, c1, c2, c3 = (np.float32(c) for c in FWI_C)

    def s(k):
        d = [0, 0, 0]
        d[axis] = k + off
        return _fwi_shift(p, *d)
    return (c0 * (s(0) - s(-1)) + c1 * (s(1) - s(-2)) + c2 * (s(2) - s(-3)) + c3 * (s(3) - s(-4))) * np.float32(di)


def fwi_vcell(v, sz, sx, sy, rho, dt, dzi, dxi, dyi, SZ, SX, SY, kind):
    """FWI's velocity update over the interior: v += (stx + sty + stz) dt lrho, each stress differenced at 8th order
    along its own axis with its offset, lrho the kernel's density average (TL: y pair, TR: x pair, BL: z pair,
    BR: the 8 corners of the cell), in float32 as the kernels compute it."""
    dims = FWI_DIMS
    v = np.asarray(v, np.float32).reshape(dims).copy()
    sz, sx, sy, r = (np.asarray(a, np.float32).reshape(dims) for a in (sz, sx, sy, rho))
    st = _fwi_stencil(sx, 1, SX, dxi) + _fwi_stencil(sy, 0, SY, dyi) + _fwi_stencil(sz, 2, SZ, dzi)
    c = _fwi_shift(r, 0, 0, 0)
    if kind == "TL":
        lrho = np.float32(2) / (c + _fwi_shift(r, 1, 0, 0))
    elif kind == "TR":
        lrho = np.float32(2) / (c + _fwi_shift(r, 0, 1, 0))
    elif kind == "BL":
        lrho = np.float32(2) / (c + _fwi_shift(r, 0, 0, 1))
    else:
        lrho = np.float32(8) / sum(_fwi_shift(r, a, b, d) for a in (0, 1) for b in (0, 1) for d in (0, 1))
    (y0, y1), (x0, x1), (z0, z1) = FWI_BOX
    v[y0:y1, x0:x1, z0:z1] += st * np.float32(dt) * lrho
    return v.ravel()


def pffdtd_put(u, locs, buffer):
    """CopyToGridKernel: u[locs[i]] = buffer[i]."""
    out = np.asarray(u).copy()
    out[np.asarray(locs, np.int64)] = buffer
    return out


def repro_deadload(d, n=None, live=False, lanes=None):
    """collection/repro_deadload.cu as written: c = (((c ^ b) >> 2) & 1) ^ (c >> 8) over the first n bytes
    (reproDeadLoad), the same per lane over bytes i * 32 + t (lanes=32: reproDeadLoadWarp), or the control's
    c = ((c ^ b) & 1) ^ (c >> 1) (live=True: reproLiveLoad); returns ~c (one word, or one a lane)."""
    d = np.asarray(d, np.uint8).astype(np.int64)
    mask = 0xFFFFFFFF

    def run(bs):
        c = mask
        for b in bs.tolist():
            c = (((c ^ b) & 1) ^ (c >> 1)) if live else ((((c ^ b) >> 2) & 1) ^ (c >> 8))
        return c ^ mask

    if lanes:
        n = len(d) // lanes if n is None else n
        return np.array([run(d[t:n * lanes:lanes]) for t in range(lanes)], dtype=np.uint32)
    n = len(d) if n is None else n
    return np.array([run(d[:n])], dtype=np.uint32)


_BREAKSTORE: dict = {}


def _breakstore_designs() -> dict:
    """The designed warps of ``breakstore_probe``: name -> per lane (trips, trip it breaks at or -1; None: the lane
    is already valid and skips the loop)."""
    rng = np.random.default_rng(3707)
    d: dict = {}

    def two(b, c, order="low"):        # trip 0: b lanes break, c go on and all break at trip 1
        lanes = list(range(32))
        if order == "high":
            lanes = lanes[::-1]
        elif order == "mixed":
            lanes = [int(x) for x in rng.permutation(32)]
        L = [None] * 32
        for k in lanes[:b]:
            L[k] = (2, 0)
        for k in lanes[b:b + c]:
            L[k] = (2, 1)
        return L

    for b, c in ((1, 31), (31, 1), (16, 16), (3, 1), (1, 3), (9, 2), (2, 9), (1, 2), (2, 1), (1, 1), (4, 4),
                 (8, 24), (24, 8)):
        d[f"t{b}x{c}"] = two(b, c)
    for b, c in ((1, 31), (31, 1), (3, 1), (1, 3)):
        d[f"t{b}x{c}h"] = two(b, c, "high")
        d[f"t{b}x{c}m"] = two(b, c, "mixed")
    d["one_each_up"] = [(32, k) for k in range(32)]                 # lane k breaks at trip k
    d["one_each_down"] = [(32, 31 - k) for k in range(32)]
    d["one_each_mixed"] = [(32, int(k)) for k in rng.permutation(32)]
    d["exit_all_but_one"] = [(1, 0)] + [(1, -1)] * 31               # trip 0: one breaks, the rest leave normally
    d["exit_then_break"] = [(2, 0), (2, 1)] + [(1, -1)] * 30        # trip 0: 1 breaks, 30 leave, 1 goes on
    d["exit_half"] = [(1, 0) if k % 2 else (1, -1) for k in range(32)]
    d["exit_1_15_16"] = [(2, 0)] + [(2, 1)] * 15 + [(1, -1)] * 16
    d["last_trip_all"] = [(2, 1)] * 32                              # no break until every lane's last trip
    d["last_trip_one_leaves"] = [(2, 1)] * 31 + [(1, -1)]
    d["never"] = [(3, -1)] * 32
    d["break_continue_break"] = [(4, 0), (4, 2), (4, 2), (4, 3)] + [(4, -1)] * 28
    d["pairs"] = [(8, k // 4) for k in range(32)]                     # four lanes break at each of trips 0-7
    for k in range(12):                                               # held out: random warps
        L = []
        for _ in range(32):
            if rng.random() < 0.15:
                L.append(None)
                continue
            n = int(rng.integers(1, 9))
            L.append((n, int(rng.integers(0, n)) if rng.random() < 0.6 else -1))
        d[f"rand{k}"] = L
    return d


def breakstore_probe(name: str) -> dict:
    """A warp's worth of input for collection/repro_breakstore.cu's reproBreakStore (grid 1, block 32, n = 64) whose
    lanes break at trips chosen by design: lane t scans ``trips`` neighbours, all vertex 33 (another colour) but the one
    at the trip it breaks at, vertex 32 (its own colour, higher): so which lanes break, leave or go on at each trip is
    fixed before the launch (race-free). Returns ColIdx, RowPtr, Color, Valid and the expected Out and Valid."""
    if name in _BREAKSTORE:
        return _BREAKSTORE[name]
    lanes = _breakstore_designs()[name]
    ptr, col = [0], []
    for t in range(64):
        L = lanes[t] if t < 32 else None
        if L is not None:
            n, b = L
            col += [32 if j == b else 33 for j in range(n)]
        ptr.append(len(col))
    color = np.full(64, 2, np.int32)
    color[:33] = 1
    valid = np.array([t >= 32 or lanes[t] is None for t in range(64)])
    out, val = color.copy(), valid.copy()
    for t in range(32):
        if lanes[t] is not None:
            broke = lanes[t][1] >= 0
            out[t] = 0 if broke else out[t]
            val[t] = not broke
    _BREAKSTORE[name] = dict(col=np.array(col, np.int32), ptr=np.array(ptr, np.int32), color=color, valid=valid,
                             out=out, val=val)
    return _BREAKSTORE[name]


def pgc_one_warp(cb: str, vb: str, w: int) -> dict:
    """ResolveBadColoring's race-free loop (reproBreakStore) on one warp of a launch's input: Valid set for every
    vertex outside warp ``w`` (those threads leave at once), and the Out and Valid the loop leaves."""
    g = pgc_graph()
    valid = np.ones(g["n"], bool)
    valid[32 * w:32 * w + 32] = g[vb][32 * w:32 * w + 32]
    out, val = g[cb].copy(), valid.copy()
    for t in range(32 * w, 32 * w + 32):
        if not valid[t]:
            bad = any(g[cb][u] == g[cb][t] and t < u for u in g["col"][g["ptr"][t]:g["ptr"][t + 1]])
            out[t] = 0 if bad else out[t]
            val[t] = not bad
    return dict(valid=valid, out=out, val=val)


# ------------------------------------------------------------------ the thirty-third unseen suite (docs/FIDELITY.md):
# rapidsai/cusignal's sosfilt, lombscargle and boolrelextrema kernels and OrthogonalHawk/libfalcon_dsp's FIR filter,
# frequency shift, polyphase resampler and add. Written from the sources (and scipy.signal's definitions, which
# cuSignal ports) before anything ran; neither machine has scipy, so the filters are designed here in numpy.

def cusig_butter_sos(order: int, wn: float) -> np.ndarray:
    """A digital Butterworth low-pass of even ``order`` as second-order sections (scipy.signal.butter's
    ``output='sos'`` layout: rows [b0, b1, b2, 1, a1, a2], float64): the analog prototype's poles, pre-warped,
    through the bilinear transform, conjugate pairs one section each, unit gain at DC spread over the sections."""
    assert order % 2 == 0
    fs = 2.0
    warped = 2 * fs * np.tan(np.pi * wn / fs)
    k = np.arange(1, order // 2 + 1)
    p = warped * np.exp(1j * np.pi * (2 * k + order - 1) / (2 * order))     # upper-half-plane analog poles
    z = (2 * fs + p) / (2 * fs - p)                                           # bilinear transform
    sos = np.zeros((order // 2, 6))
    for i, zp in enumerate(z):
        a = np.array([1.0, -2 * zp.real, abs(zp) ** 2])
        b = np.array([1.0, 2.0, 1.0])                                         # both zeros at z = -1
        sos[i, :3] = b * (a.sum() / b.sum())                                  # unit gain at z = 1
        sos[i, 3:] = a
    return sos


def cusig_sosfilt(sos, x) -> np.ndarray:
    """scipy.signal.sosfilt with zero initial conditions, float64, along the last axis: each section a direct form II
    transposed (the kernel's: temp = b0 x + z0; z0 = b1 x - a1 temp + z1; z1 = b2 x - a2 temp), sections in series.
    With zero state the kernel's pipeline (section tx on sample n - tx at step n) is this cascade."""
    sos = np.asarray(sos, np.float64)
    y = np.array(x, np.float64, copy=True).reshape(-1, np.shape(x)[-1])
    for b0, b1, b2, _a0, a1, a2 in sos:
        z0 = np.zeros(y.shape[0])
        z1 = np.zeros(y.shape[0])
        for n in range(y.shape[1]):
            xn = y[:, n].copy()
            t = b0 * xn + z0
            z0 = b1 * xn - a1 * t + z1
            z1 = b2 * xn - a2 * t
            y[:, n] = t
    return y.reshape(np.shape(x))


def cusig_lomb() -> dict:
    """cuSignal's test input for lombscargle (its conftest's lombscargle_gen at num_in_samps 1,024): x from
    linspace(0.01, 10 pi, 1,024) where a uniform draw is at least 0.9, y = 2 cos(x + pi / 2), the frequencies
    linspace(0.01, 10, 1,024); seeded here. y_dot as `lombscargle` makes it: y . y when normalised."""
    rng = np.random.default_rng(1234)
    r = rng.random(1024)
    x = np.linspace(0.01, 10 * np.pi, 1024)[r >= 0.9]
    y = 2.0 * np.cos(x + 0.5 * np.pi)
    f = np.linspace(0.01, 10, 1024)
    return dict(x=x, y=y, f=f, y_centred=y - y.mean(), y_dot=np.array([y @ y]))


def cusig_lombscargle(x, y, freqs, y_dot) -> np.ndarray:
    """The kernel's periodogram in float64 (scipy.signal.lombscargle's formula with the kernel's scaling: times
    2 / y_dot, or 1 where y_dot is 0)."""
    x, y, freqs = (np.asarray(v, np.float64) for v in (x, y, freqs))
    yd = float(np.asarray(y_dot).reshape(-1)[0])
    scale = 1.0 if yd == 0 else 2.0 / yd
    wx = freqs[:, None] * x[None, :]
    c, s = np.cos(wx), np.sin(wx)
    xc, xs = (y * c).sum(1), (y * s).sum(1)
    cc, ss, cs = (c * c).sum(1), (s * s).sum(1), (c * s).sum(1)
    tau = np.arctan2(2 * cs, cc - ss) / (2 * freqs)
    ct, st = np.cos(freqs * tau), np.sin(freqs * tau)
    ct2, st2, cst = ct * ct, st * st, 2 * ct * st
    p = 0.5 * ((ct * xc + st * xs) ** 2 / (ct2 * cc + cst * cs + st2 * ss)
               + (ct * xs - st * xc) ** 2 / (ct2 * ss - cst * cs + st2 * cc))
    return p * scale


_CUSIG_COMP = [np.less, np.greater, np.less_equal, np.greater_equal, np.equal, np.not_equal]


def cusig_relextrema(data, comp: int, order: int, clip: bool, axis: int = -1) -> np.ndarray:
    """The boolrelextrema kernels (scipy.signal's _boolrelextrema): True where the comparator holds between each
    element and its neighbours 1 .. order away along ``axis`` on both sides, neighbours clipped to the ends (clip)
    or wrapped (wrap). The 2-D kernel's axis 0 runs down the rows; any other axis along a row."""
    data = np.asarray(data)
    ax = 0 if (data.ndim == 2 and axis == 0) else data.ndim - 1
    n = data.shape[ax]
    idx = np.arange(n)
    res = np.ones(data.shape, bool)
    f = _CUSIG_COMP[comp]
    for o in range(1, order + 1):
        plus, minus = idx + o, idx - o
        if clip:
            plus, minus = np.minimum(plus, n - 1), np.maximum(minus, 0)
        else:
            plus, minus = np.where(plus >= n, plus - n, plus), np.where(minus < 0, minus + n, minus)
        res &= f(data, np.take(data, plus, axis=ax)) & f(data, np.take(data, minus, axis=ax))
    return res


def _c(a):
    """A float32 [..., 2] array (cuFloatComplex) as complex128."""
    a = np.asarray(a, np.float64)
    return a[..., 0] + 1j * a[..., 1]


def _pairs(z):
    z = np.asarray(z)
    return np.stack([z.real, z.imag], -1)


def falcon_fir(coeffs, in_data, out_len: int) -> np.ndarray:
    """__fir_filter: y(n) = sum_i x(n + i) h(L - 1 - i) over the padded input (the L - 1 state samples first), for n
    below out_len, complex, float64; float32 pairs out."""
    h, x = _c(coeffs), _c(in_data)
    L = len(h)
    y = np.array([(x[n:n + L] * h[::-1]).sum() for n in range(out_len)])
    return _pairs(y)


def falcon_freq_shift_params(rate_sps: int, shift_hz: int) -> tuple:
    """falcon_dsp_freq_shift::get_freq_shift_params: (rollover sample index, angular frequency)."""
    roll = rate_sps / abs(shift_hz)
    while roll < 1e5:
        roll *= 10
    return int(round(roll)), (shift_hz / rate_sps) * 2.0 * math.pi


def falcon_freq_shift(in_data, handled: int, rollover: int, angular: float) -> np.ndarray:
    """__freq_shift: x(n) e^(j w ((handled + n) mod rollover)), the sinusoid rounded to float32 as the kernel stores
    it, the product in float64; float32 pairs out."""
    x = _c(in_data)
    k = (handled + np.arange(len(x), dtype=np.int64)) % rollover
    ang = angular * k.astype(np.float64)
    rot = np.cos(ang).astype(np.float32).astype(np.float64) + 1j * np.sin(ang).astype(np.float32).astype(np.float64)
    return _pairs(x * rot)


def falcon_lowpass(ntaps: int, cutoff: float) -> np.ndarray:
    """A real Hamming-windowed sinc low-pass (cutoff as a fraction of Nyquist), as float32 complex pairs."""
    n = np.arange(ntaps) - (ntaps - 1) / 2
    h = cutoff * np.sinc(cutoff * n) * np.hamming(ntaps)
    return _pairs(h / h.sum()).astype(np.float32)


_FALCON_RESAMPLER: dict = {}


def falcon_resampler(up: int, down: int, ntaps: int, cutoff: float, n_in: int, seed: int = 7) -> dict:
    """falcon_dsp_polyphase_resampler_cuda's first apply() with ``falcon_lowpass(ntaps, cutoff)``: the transposed,
    flipped taps (polyphase_resampler_params_s::initialize), the input with its zero state in front, the per-output
    parameters compute_output_params builds (start_x_idx, start_coeff_phase: 16-byte structures as int64 pairs, the
    buffer 1,024 a block long), the launch's sizes and the outputs the kernels compute (float64)."""
    key = (up, down, ntaps, cutoff, n_in, seed)
    if key not in _FALCON_RESAMPLER:
        _FALCON_RESAMPLER[key] = _falcon_resampler(up, down, falcon_lowpass(ntaps, cutoff), n_in, seed)
    return _FALCON_RESAMPLER[key]


def _falcon_resampler(up, down, taps, n_in, seed):
    h = _c(taps)
    padded = len(h)
    while padded % up:
        padded += 1
    cpp = padded // up
    tc = np.zeros(padded, complex)
    for ii in range(up):
        for jj in range(cpp):
            if jj * up + ii < len(h):
                tc[(cpp - 1 - jj) + ii * cpp] = h[jj * up + ii]
    state = cpp - 1
    x = np.random.default_rng(seed).uniform(-1, 1, (n_in, 2)).astype(np.float32)
    buf = np.concatenate([np.zeros((state, 2), np.float32), x])
    np_ = n_in * up
    need = np_ // down + (1 if 0 < np_ % down else 0)
    blocks = -(-need // 1024)
    params, phase, xi, nout = [(state, 0)], 0, state, 0
    while nout < need and xi < n_in:                                  # the host's loop, as written
        phase += down
        xi += phase // up
        phase %= up
        nout += 1
        params.append((xi, phase))
    P = np.zeros((1024 * blocks, 2), np.int64)
    P[:len(params)] = params
    xb = _c(buf)
    out = []
    for t in range(nout):
        s, ph = P[t]
        lo = s - cpp + 1
        xs = np.arange(lo, min(s + 1, len(buf)))
        out.append((xb[xs] * tc[ph * cpp + (xs - lo)]).sum())
    return dict(coeffs=_pairs(tc).astype(np.float32), params=P, buf=buf, in_len=len(buf), out_len=nout,
                params_len=1024 * blocks, blocks=blocks, cpp=cpp, out=_pairs(np.array(out)))


# ---------------------------------------------------------------- the thirty-fourth unseen suite: Game of Life and LBM
# Marek Fiser's Game of Life (collection/cudalife_kernels.cu) and GPU-LBMsim's D2Q9 cavity (collection/lbmsim_*.cu)

def cudalife_step(world):
    """One generation of Conway's Life on a toroidal byte-per-cell world (rows x columns, cells 0 or 1)."""
    w = np.asarray(world, np.uint8).astype(np.int32)
    n = sum(np.roll(np.roll(w, dy, 0), dx, 1) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx)
    return ((n == 3) | ((n == 2) & (w == 1))).astype(np.uint8)


def cudalife_bitstep(enc, rows):
    """One generation on a bit-per-cell world: bytes (or little-endian words) of ``rows`` rows, the first cell of
    each byte in its highest bit (np.packbits' order); the result in the same layout and dtype."""
    raw = np.ascontiguousarray(enc).view(np.uint8).reshape(rows, -1)
    out = np.packbits(cudalife_step(np.unpackbits(raw, axis=1)), axis=1)
    return out.reshape(-1).view(np.asarray(enc).dtype).reshape(np.shape(enc))


def cudalife_table(n=1 << 18):
    """precompute6x3EvaluationTableKernel's table: entry k holds, in its low nibble, the next states of the four
    middle cells of the 6 x 3 window whose 18 cells are k's bits (the first cell the highest)."""
    k = np.arange(n, dtype=np.int64)
    cell = lambda x, y: (k >> (17 - (y * 6 + x))) & 1          # noqa: E731
    out = np.zeros(n, np.int64)
    for dx in range(4):
        alive = sum(cell(x + dx, y) for x in range(3) for y in range(3))
        centre = cell(1 + dx, 1)
        alive = alive - centre
        out |= np.where((alive == 3) | ((alive == 2) & (centre == 1)), 1 << (3 - dx), 0)
    return out.astype(np.uint8)


def cudalife_display(life, world_w, world_h, dest, dest_w, dest_h, disp, zoom_factor, multisample, colours,
                     cyclic, bit):
    """displayLifeKernel, one thread a pixel: the uchar4 screen (dest_h x dest_w x 4) after the kernel, from the
    screen before it (``dest``), the world (bytes, or bits in np.packbits' order) and the host's arguments."""
    out = np.array(dest, np.uint8).reshape(dest_h * dest_w, 4).copy()
    life = np.asarray(life, np.uint8).reshape(-1)
    for p in range(dest_w * dest_h):
        x = int(np.floor(((p % dest_w) - disp[0]) * zoom_factor))
        y = int(np.floor(((p // dest_w) - disp[1]) * zoom_factor))
        if cyclic:
            x = (int(np.fmod(x, world_w)) + world_w) % world_w       # C's % (the dividend's sign), then unsigned
            y = (int(np.fmod(y, world_h)) + world_h) % world_h
        elif x < 0 or y < 0 or x >= world_w or y >= world_h:
            out[p, :3] = 127
            continue
        inc = 255 // (multisample * multisample)
        value = 0
        for dy in range(multisample):
            row = (y + dy) * world_w
            for dx in range(multisample):
                i = row + x + dx
                value += (((int(life[i >> 3]) >> (7 - (i & 7))) & 1) if bit else int(life[i])) * inc
        edge = not cyclic or not (x == 0 or y == 0)
        px = [int(v) for v in out[p]]                                # uchar arithmetic: wraps modulo 256
        if colours:
            if value > 0:
                if px[3] > 0:
                    if px[1] > 63:
                        if edge:
                            px[0] -= 1
                        px[1] -= 1
                        px[2] -= 1
                else:
                    px[:3] = [255, 255, 255]
            elif px[3] > 0:
                if edge:
                    px[0] = 0
                px[1], px[2] = 128, 0
            elif px[1] > 8:
                px[1] -= 8
        else:
            px[0] = value if edge else 255
            px[1] = px[2] = value
        px[3] = value
        out[p] = [v & 0xFF for v in px]
    return out.reshape(dest_h, dest_w, 4)


_LBM_W = np.float32([4. / 9., 1. / 9., 1. / 36.])
_LBM_M = np.array([[1, 1, 1, 1, 1, 1, 1, 1, 1], [-4, -1, -1, -1, -1, 2, 2, 2, 2], [4, -2, -2, -2, -2, 1, 1, 1, 1],
                   [0, 1, 0, -1, 0, 1, -1, -1, 1], [0, -2, 0, 2, 0, 1, -1, -1, 1], [0, 0, 1, 0, -1, 1, 1, -1, -1],
                   [0, 0, -2, 0, 2, 1, 1, -1, -1], [0, 1, -1, 1, -1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1, -1, 1, -1]],
                  np.float64)


def _lbm_minv():
    r = [[1 / 9, -1 / 9, 1 / 9, 0, 0, 0, 0, 0, 0],
         [1 / 9, -1 / 36, -1 / 18, 1 / 6, -1 / 6, 0, 0, 1 / 4, 0],
         [1 / 9, -1 / 36, -1 / 18, 0, 0, 1 / 6, -1 / 6, -1 / 4, 0],
         [1 / 9, -1 / 36, -1 / 18, -1 / 6, 1 / 6, 0, 0, 1 / 4, 0],
         [1 / 9, -1 / 36, -1 / 18, 0, 0, -1 / 6, 1 / 6, -1 / 4, 0],
         [1 / 9, 1 / 18, 1 / 36, 1 / 6, 1 / 12, 1 / 6, 1 / 12, 0, 1 / 4],
         [1 / 9, 1 / 18, 1 / 36, -1 / 6, -1 / 12, 1 / 6, 1 / 12, 0, -1 / 4],
         [1 / 9, 1 / 18, 1 / 36, -1 / 6, -1 / 12, -1 / 6, -1 / 12, 0, 1 / 4],
         [1 / 9, 1 / 18, 1 / 36, 1 / 6, 1 / 12, -1 / 6, -1 / 12, 0, -1 / 4]]
    return np.array(r, np.float32).astype(np.float64)            # the __constant__ float Minv


def lbmsim_params(nx, reynolds):
    """initialise_simulation's u_lid, tau and omega, in float as the host computes them."""
    u_lid = np.float32(np.float32(0.1) * np.float32(np.sqrt(1. / 3.)))
    kin_visc = np.float32(np.float32(u_lid * np.float32(nx - 1)) / np.float32(reynolds))
    tau = np.float32(3. * float(kin_visc) + 0.5)
    return dict(u_lid=u_lid, tau=tau, omega=np.float32(np.float32(1) / tau))


def lbmsim_geometry(nx, ny):
    """define_geometry: the west, east and south walls solid (rows y, columns x)."""
    s = np.zeros((ny, nx), bool)
    s[:, 0] = s[:, -1] = s[0, :] = True
    return s


def _lbm_feq(rho, ux, uy):
    w0, w1, w2 = (float(v) for v in _LBM_W)
    c2 = 4.5
    usq = ux * ux + uy * uy
    c = 1 - 1.5 * usq
    e = [(0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1)]
    out = []
    for a, (ex, ey) in enumerate(e):
        w = w0 if a == 0 else (w1 if a < 5 else w2)
        eu = ex * ux + ey * uy
        out.append(w * rho * (c + 3. * eu + c2 * eu * eu))
    return out


def lbmsim_init(nx, ny, u_lid):
    """initialise_distributions: rho 1, the lid (top row) moving at u_lid, f at equilibrium ([9, ny, nx])."""
    ux = np.zeros((ny, nx))
    ux[-1, :] = float(np.float32(u_lid))
    f = np.array(_lbm_feq(np.ones((ny, nx)), ux, np.zeros((ny, nx))))
    return dict(f=f.astype(np.float32), rho=np.ones((ny, nx), np.float32), ux=ux.astype(np.float32),
                uy=np.zeros((ny, nx), np.float32))


def lbmsim_step(f, solid, nx, ny, u_lid, tau, omega, les=False, mrt=False):
    """stream_collide_gpu (SRT, SRT-LES, MRT or MRT-LES) as the source means it: pull streaming from the
    distributions as they were before the launch (the kernel streams in place: a real race), the walls'
    bounce-back, the lid's moving-wall rule and the corners, then the collision; save true. Returns the new f
    ([9, ny, nx]) and ux, uy at the fluid nodes (zero elsewhere, as the arrays start). float64."""
    F = np.asarray(f, np.float64).reshape(9, ny, nx)
    g = [np.full((ny, nx), -1.0) for _ in range(9)]
    g[0] = F[0].copy()
    g[1][:, 1:] = F[1][:, :-1]
    g[2][1:, :] = F[2][:-1, :]
    g[3][:, :-1] = F[3][:, 1:]
    g[4][:-1, :] = F[4][1:, :]
    g[5][1:, 1:] = F[5][:-1, :-1]
    g[6][1:, :-1] = F[6][:-1, 1:]
    g[7][:-1, :-1] = F[7][1:, 1:]
    g[8][:-1, 1:] = F[8][1:, :-1]
    Y, X = np.mgrid[0:ny, 0:nx]
    u_lid = float(np.float32(u_lid))

    def put(mask, a, v):
        g[a] = np.where(mask, v, g[a])

    m = X == 0
    put(m, 1, g[3]); put(m, 5, g[7]); put(m, 8, g[6])                       # noqa: E702
    m = X == nx - 1
    put(m, 3, g[1]); put(m, 7, g[5]); put(m, 6, g[8])                       # noqa: E702
    m = Y == 0
    put(m, 2, g[4]); put(m, 5, g[7]); put(m, 6, g[8])                       # noqa: E702
    m = (Y == ny - 1) & (X > 0) & (X < nx - 1)
    rho0 = np.float32(g[0] + g[1] + g[3] + 2. * (g[2] + g[5] + g[6])).astype(np.float64)
    ru = rho0 * u_lid
    put(m, 4, g[2]); put(m, 7, g[5] - ru / 6.); put(m, 8, g[6] + ru / 6.)  # noqa: E702
    m = (X == 0) & (Y == ny - 1)
    put(m, 4, g[2]); put(m, 8, g[6]); put(m, 5, 0.); put(m, 7, 0.)          # noqa: E702
    m = (X == nx - 1) & (Y == ny - 1)
    put(m, 4, g[2]); put(m, 7, g[5]); put(m, 6, 0.); put(m, 8, 0.)          # noqa: E702
    m = (X == 0) & (Y == 0)
    put(m, 6, 0.); put(m, 8, 0.)                                            # noqa: E702
    m = (X == nx - 1) & (Y == 0)
    put(m, 5, 0.); put(m, 7, 0.)                                            # noqa: E702

    tau, omega = float(np.float32(tau)), float(np.float32(omega))
    G = np.array(g)
    rho = G.sum(0)
    if not mrt:
        ux = (G[1] + G[5] + G[8] - (G[3] + G[6] + G[7])) / rho
        uy = (G[2] + G[5] + G[6] - (G[4] + G[7] + G[8])) / rho
        feq = np.array(_lbm_feq(rho, ux, uy))
        if les:
            d = G - feq
            qxx = d[1] + d[3] + d[5] + d[6] + d[7] + d[8]
            qyy = d[2] + d[4] + d[5] + d[6] + d[7] + d[8]
            qxy = d[5] - d[6] + d[7] - d[8]
            qbar = np.sqrt(2 * (qxx * qxx + qyy * qyy + 2 * qxy * qxy))
            c_smg = float(np.float32(0.1))
            tau_eff = tau + 0.5 * (np.sqrt(tau * tau + 18. * c_smg * c_smg * qbar) - tau)
            om = 1 / tau_eff
        else:
            om = omega
        new = (1 - om) * G + feq * om
    else:
        mom = np.einsum("ab,byx->ayx", _LBM_M, G)
        ux, uy = mom[3] / mom[0], mom[5] / mom[0]
        s12, s46 = float(np.float32(1.4)), float(np.float32(1.2))
        if les:
            pxx = (mom[1] + 4 * mom[0] + 3. * mom[7]) / 6.
            pyy = (mom[1] + 4 * mom[0] - 3. * mom[7]) / 6.
            qxx = mom[0] / 3. + mom[3] * mom[3] - pxx
            qyy = mom[0] / 3. + mom[5] * mom[5] - pyy
            qxy = mom[3] * mom[5] - mom[8]
            qbar = np.sqrt(2 * (qxx * qxx + qyy * qyy + 2 * qxy * qxy))
            c_smg = float(np.float32(0.1))
            s78 = 1 / (tau + 0.5 * (np.sqrt(tau * tau + 18. * c_smg * c_smg * qbar) - tau))
        else:
            s78 = omega
        momsq = mom[3] ** 2 + mom[5] ** 2
        mom[1] = mom[1] - s12 * (mom[1] - (-2. * mom[0] + 3. * momsq))
        mom[2] = mom[2] - s12 * (mom[2] - (mom[0] - 3. * momsq))
        mom[4] = mom[4] - s46 * (mom[4] + mom[3])
        mom[6] = mom[6] - s46 * (mom[6] + mom[5])
        mom[7] = mom[7] - s78 * (mom[7] - (mom[3] ** 2 - mom[5] ** 2))
        mom[8] = mom[8] - s78 * (mom[8] - mom[3] * mom[5])
        new = np.einsum("ab,byx->ayx", _lbm_minv(), mom)
    solid = np.asarray(solid, bool).reshape(ny, nx)
    out = np.where(solid[None], G, new)
    return dict(f=out.astype(np.float32), ux=np.where(solid, 0., ux).astype(np.float32),
                uy=np.where(solid, 0., uy).astype(np.float32))


# --- the thirty-fifth unseen suite (docs/FIDELITY.md): CUDA_AES's T-table AES and jax-chacha-prng's ChaCha20 ---

def _caes_sbox():
    """AES's S-box computed from its definition (inverse in GF(2^8), then the affine map)."""
    def mul(a, b):
        r = 0
        while b:
            if b & 1:
                r ^= a
            a = ((a << 1) ^ 0x1B) & 0xFF if a & 0x80 else a << 1
            b >>= 1
        return r
    box = []
    for x in range(256):
        inv = next((y for y in range(1, 256) if mul(x, y) == 1), 0) if x else 0
        s = inv
        for k in range(1, 5):
            s ^= ((inv << k) | (inv >> (8 - k))) & 0xFF
        box.append(s ^ 0x63)
    return np.array(box, np.uint32)


def caes_tables():
    """The host tables of CUDA_AES's AES_final.h, as its kernels take them: T0 (big-endian 2s, s, s, 3s), T4 (s in
    every byte), T4_0..T4_3 (s in byte 0..3), SAES (the S-box as bytes), RCON32 (round constants in the top byte)."""
    s = _caes_sbox()
    s2 = np.where(s & 0x80, ((s << 1) ^ 0x1B) & 0xFF, (s << 1) & 0xFF).astype(np.uint32)
    s3 = s2 ^ s
    rc, r = [], 1
    for _ in range(15):
        rc.append(r << 24)
        r = ((r << 1) ^ 0x1B) & 0xFF if r & 0x80 else r << 1
    return dict(T0=(s2 << 24) | (s << 16) | (s << 8) | s3, T4=s * np.uint32(0x01010101), T4_0=s.copy(),
                T4_1=s << 8, T4_2=s << 16, T4_3=s << 24, SAES=s.astype(np.uint8),
                RCON32=np.array(rc, np.uint32))


def caes_key_expansion(key):
    """FIPS-197's key expansion over 32-bit big-endian words (the hosts' keyExpansion, keyExpansion192 and
    keyExpansion256): 44, 52 or 60 round-key words from 4, 6 or 8 key words."""
    s = _caes_sbox()
    key = [int(k) for k in np.asarray(key, np.uint32)]
    nk = len(key)
    total = {4: 44, 6: 52, 8: 60}[nk]
    w, rcon = list(key), 1
    for i in range(nk, total):
        t = w[i - 1]
        if i % nk == 0:
            t = ((t << 8) | (t >> 24)) & 0xFFFFFFFF
            t = (int(s[t >> 24]) << 24) | (int(s[(t >> 16) & 0xFF]) << 16) | (int(s[(t >> 8) & 0xFF]) << 8) | int(s[t & 0xFF])
            t ^= rcon << 24
            rcon = ((rcon << 1) ^ 0x1B) & 0xFF if rcon & 0x80 else rcon << 1
        elif nk == 8 and i % nk == 4:
            t = (int(s[t >> 24]) << 24) | (int(s[(t >> 16) & 0xFF]) << 16) | (int(s[(t >> 8) & 0xFF]) << 8) | int(s[t & 0xFF])
        w.append(w[i - nk] ^ t)
    return np.array(w, np.uint32)


def caes_encrypt(blocks, rk):
    """AES encryption of 128-bit blocks given as rows of four big-endian words, with the round keys ``rk`` (44, 52
    or 60 words), by FIPS-197's rounds on bytes (not the kernels' tables)."""
    s = _caes_sbox().astype(np.uint8)
    rk = np.asarray(rk, np.uint32)
    nr = len(rk) // 4 - 1
    b = np.asarray(blocks, np.uint32).reshape(-1, 4)
    st = np.stack([(b >> np.uint32(24 - 8 * k)) & np.uint32(0xFF) for k in range(4)], axis=2).astype(np.uint8)
    kb = np.stack([(rk >> np.uint32(24 - 8 * k)) & np.uint32(0xFF) for k in range(4)], axis=1).astype(np.uint8)
    kb = kb.reshape(nr + 1, 4, 4)                     # [round, column, row]

    def xt(a):
        return ((a.astype(np.uint16) << 1) ^ np.where(a & 0x80, 0x1B, 0)).astype(np.uint8)
    st = st ^ kb[0]                                   # st[block, column, row]
    for r in range(1, nr + 1):
        st = s[st]
        st = np.stack([st[:, (c + np.arange(4)) % 4, np.arange(4)] for c in range(4)], axis=1)   # ShiftRows
        if r != nr:
            a0, a1, a2, a3 = st[..., 0], st[..., 1], st[..., 2], st[..., 3]
            t = a0 ^ a1 ^ a2 ^ a3
            st = np.stack([a0 ^ t ^ xt(a0 ^ a1), a1 ^ t ^ xt(a1 ^ a2), a2 ^ t ^ xt(a2 ^ a3), a3 ^ t ^ xt(a3 ^ a0)],
                          axis=2)
        st = st ^ kb[r]
    w = st.astype(np.uint32)
    return ((w[..., 0] << 24) | (w[..., 1] << 16) | (w[..., 2] << 8) | w[..., 3]).astype(np.uint32)


def caes_file_ct(pt, key, count, size=None):
    """The file-encryption kernels' ``ct``: block i (i < count) is the AES encryption of the counter (pt0, pt1, pt2,
    pt3 + i) (the carry into pt2 as the kernels make it), four words a block; words past ``count`` blocks as given
    by ``size`` are left out (the caller compares ``ct[:4 * count]``)."""
    pt = np.asarray(pt, np.uint32)
    i = np.arange(count, dtype=np.uint64)
    lo = (np.uint64(pt[3]) + i)
    blocks = np.stack([np.full(count, pt[0], np.uint32), np.full(count, pt[1], np.uint32),
                       (np.uint64(pt[2]) + (lo >> np.uint64(32))).astype(np.uint32),
                       (lo & np.uint64(0xFFFFFFFF)).astype(np.uint32)], axis=1)
    return caes_encrypt(blocks, caes_key_expansion(key)).reshape(-1)


def jaxcha_block(states):
    """RFC 8439's ChaCha20 block function on rows of 16 words (jax-chacha-prng's layout: word i*4 + t is row i,
    column t): 20 rounds, then the input added."""
    x = np.asarray(states, np.uint32).reshape(-1, 16).copy()
    x0 = x.copy()

    def rotl(v, n):
        return ((v << np.uint32(n)) | (v >> np.uint32(32 - n))).astype(np.uint32)

    def qr(a, b, c, d):
        x[:, a] += x[:, b]; x[:, d] = rotl(x[:, d] ^ x[:, a], 16)
        x[:, c] += x[:, d]; x[:, b] = rotl(x[:, b] ^ x[:, c], 12)
        x[:, a] += x[:, b]; x[:, d] = rotl(x[:, d] ^ x[:, a], 8)
        x[:, c] += x[:, d]; x[:, b] = rotl(x[:, b] ^ x[:, c], 7)
    with np.errstate(over="ignore"):
        for _ in range(10):
            qr(0, 4, 8, 12); qr(1, 5, 9, 13); qr(2, 6, 10, 14); qr(3, 7, 11, 15)
            qr(0, 5, 10, 15); qr(1, 6, 11, 12); qr(2, 7, 8, 13); qr(3, 4, 9, 14)
        return (x + x0).astype(np.uint32).reshape(-1)


def repro_pool_lines(g, n, out):
    """collection/repro_pool_lines.cu's reproPoolLines, per thread, in uint32 arithmetic."""
    rk = np.asarray(g, np.uint32)
    a = np.asarray(out, np.uint32).copy()
    b, c, d = a + np.uint32(1), a + np.uint32(2), a + np.uint32(3)
    with np.errstate(over="ignore"):
        for i in range(int(n)):
            s0, s1, s2, s3 = a ^ rk[0], b ^ rk[1], c ^ rk[2], d ^ rk[3]
            for r in range(9):
                t = s0 ^ rk[4 * r + 4] ^ (s1 >> np.uint32(3))
                s1 = s1 ^ rk[4 * r + 5] ^ (s2 << np.uint32(5))
                s2 = s2 ^ rk[4 * r + 6] ^ s3
                s3 = s3 ^ rk[4 * r + 7] ^ t
                s0 = t
            a, b, c, d = a + s0, b + s1, c + s2, d + s3 + np.uint32(1)
    return (a ^ b ^ c ^ d).astype(np.uint32)
# ---------------------------------------------------------------- the thirty-sixth unseen suite (docs/FIDELITY.md):
# keith-daigle/cuda-bwt's bucket-sorting BWT kernels and fknorr/culzss's LZSS kernels, ported as written.

def cudabwt_text(n):
    """A repetitive lower-case text of n bytes (words drawn from a small vocabulary, so that many rotations share
    their first 16 and 32 bytes) with one '~' (above every letter) at position n // 3: the rotation that starts
    there sorts last and alone, so no walk reaches the end of the arrays."""
    rng = np.random.default_rng(58)
    words = ["abra", "cadabra", "abracadabra", "ca", "dab", "rabbit", "a", " "]
    out = []
    while sum(map(len, out)) < n:
        out.append(words[rng.integers(0, len(words))])
    s = np.frombuffer("".join(out)[:n].encode(), np.uint8).copy()
    s[n // 3] = ord("~")
    return s


def _cudabwt_bucket(s, start):
    """The (high, low) words of the 16 bytes of s from start (cyclic), as Buckets builds them (big-endian)."""
    n = len(s)
    idx = (np.asarray(start, np.int64)[:, None] + np.arange(16)[None, :]) % n
    b = s[idx].astype(np.uint64)
    sh = np.uint64(8) * np.arange(7, -1, -1, dtype=np.uint64)
    return (b[:, :8] << sh).sum(1, dtype=np.uint64), (b[:, 8:] << sh).sum(1, dtype=np.uint64)


def cudabwt_buckets(s, bucket, rot_num, exclude, offset, n):
    """Buckets: each thread i < n builds its bucket (high, low) from rot_num[i] + 16 * offset (or i when offset is
    0) unless exclude[i] is n + 1; with offset 0 it also sets bIndex 0 and rot_num[i] = i. bucket is (n, 3)
    uint64: bIndex (the low half of word 0; the high half is padding), high, low."""
    bucket, rot_num = np.array(bucket, np.uint64), np.array(rot_num, np.uint32)
    i = np.arange(n)
    start = (rot_num[:n].astype(np.int64) + 16 * offset) if offset else i
    keep = np.asarray(exclude[:n]) != n + 1
    hi, lo = _cudabwt_bucket(np.asarray(s, np.uint8), start)
    bucket[:n, 1] = np.where(keep, hi, bucket[:n, 1])
    bucket[:n, 2] = np.where(keep, lo, bucket[:n, 2])
    if offset == 0:
        bucket[:n, 0] = 0
        rot_num[:n] = i
    return dict(bucket=bucket, rot_num=rot_num)


def _cudabwt_set(b, i, v):
    b[i, 0] = np.uint64(v)           # a 32-bit store to bIndex over zero padding


def cudabwt_build_matches(buckets, bucket_index, prev, n, order="snapshot"):
    """BuildMatches as written: phase 1 (every thread), the block barrier, phase 2 (a bucket both of whose
    neighbours are n + 1 becomes n + 1). order "snapshot" reads phase 2's neighbours before any phase-2 write,
    "sequential" lets thread i see threads < i's writes (the two agree on this suite's inputs)."""
    b, bi, pb = np.array(buckets, np.uint64), np.array(bucket_index, np.uint32), np.asarray(prev)
    eq = lambda x, y: b[x, 1] == b[y, 1] and b[x, 2] == b[y, 2]
    for i in range(n):
        p, q = (i + n - 1) % n, (i + n + 1) % n
        if pb[i] == n + 1:
            bi[i] = n + 1; _cudabwt_set(b, i, n + 1)
        elif i > 0 and eq(p, i):
            bi[i] = i; bi[p] = p; _cudabwt_set(b, p, p); _cudabwt_set(b, i, i)
        elif not eq(q, i):
            bi[i] = n + 1; _cudabwt_set(b, i, n + 1)
    snap = bi.copy()
    for i in range(n):
        src = snap if order == "snapshot" else bi
        if src[(i + n - 1) % n] == n + 1 and src[(i + n + 1) % n] == n + 1:
            bi[i] = n + 1; _cudabwt_set(b, i, n + 1)
    return dict(buckets=b, bucket_index=bi)


def cudabwt_walk_matches(buckets, bucket_index, prev, n):
    """WalkMatches as written: a thread at the start of a run of equal buckets walks it, numbering it by its
    start (or by the member where the previous bucket index changes), stopping at an n + 1."""
    b, bi, pb = np.array(buckets, np.uint64), np.array(bucket_index, np.uint32), np.asarray(prev)
    eq = lambda x, y: b[x, 1] == b[y, 1] and b[x, 2] == b[y, 2]
    for i in range(n):
        p = (i + n - 1) % n
        if bi[i] != n + 1 and not eq(i, p):
            cur, j = i, i + 1
            while eq(i, j) and bi[j] != n + 1:
                if pb[j] != pb[i]:
                    if pb[j] == n + 1:
                        break
                    cur = j
                _cudabwt_set(b, j, cur); bi[j] = cur
                j += 1
    return dict(buckets=b, bucket_index=bi)


def cudabwt_inner_walk_matches(buckets, bucket_index, prev, n, reverse=False):
    """InnerWalkMatches as written: a thread at the left edge of a previous bucket that is not done re-numbers
    its members by runs of equal buckets; a previous n + 1 stays n + 1. Threads in index order (reverse: the
    opposite order; the two agree on this suite's inputs)."""
    b, bi, pb = np.array(buckets, np.uint64), np.array(bucket_index, np.uint32), np.asarray(prev)
    eq = lambda x, y: b[x, 1] == b[y, 1] and b[x, 2] == b[y, 2]
    for i in (range(n - 1, -1, -1) if reverse else range(n)):
        p, q = (i + n - 1) % n, (i + n + 1) % n
        if pb[i] == n + 1:
            bi[i] = n + 1; _cudabwt_set(b, i, n + 1)
        elif (pb[i] == pb[q] and (pb[i] != pb[p] or (pb[i] == pb[p] and bi[p] == n + 1))
              and bi[i] != n + 1):
            cur = j = i
            while pb[i] == pb[j]:
                while eq(cur, j) and pb[i] == pb[j]:
                    bi[j] = cur; _cudabwt_set(b, j, cur)
                    j += 1
                cur = j
    return dict(buckets=b, bucket_index=bi)


def cudabwt_calc_push(sorted_bucket_index, n):
    """CalcPushPositions: the thread at the start of each run of equal bucket indexes writes start + j over the
    run (reading the index one past the run's end before it tests j + i < n: one past the array at the last run)."""
    sbi = np.asarray(sorted_bucket_index)
    out = np.zeros(n, np.uint32)
    for i in range(n):
        if i == 0 or sbi[i] != sbi[(i + n - 1) % n]:
            j = 0
            while i + j < n and sbi[i] == sbi[i + j]:
                out[i + j] = sbi[i] + j
                j += 1
    return out


def _cudabwt_sort(b):
    """thrust::stable_sort of bucket_t by operator<: bIndex, then high, then low."""
    return np.lexsort((b[:, 2], b[:, 1], b[:, 0] & np.uint64(0xFFFFFFFF)))


_CUDABWT = {}


def cudabwt_state(n):
    """cuda-bwt.cu's pipeline on cudabwt_text(n), round 0 and the loop's first trip (k = 1): each launch's inputs
    and results, the host's Thrust steps (stable sorts, remove_copy_if, the cudaMemcpy of the bucket indexes) in
    numpy. Keys: s, and per launch its inputs and results."""
    if n in _CUDABWT:
        return _CUDABWT[n]
    st = dict(s=cudabwt_text(n))
    zeros = np.zeros(n, np.uint32)
    r = cudabwt_buckets(st["s"], np.zeros((n, 3), np.uint64), zeros, zeros, 0, n)
    st["b0"], st["r0"] = r["bucket"], r["rot_num"]
    o = np.argsort(st["b0"][:, 1] * 0, kind="stable")     # placeholder, replaced below
    o = _cudabwt_sort(st["b0"])
    st["b1"], st["r1"] = st["b0"][o], st["r0"][o]
    r = cudabwt_build_matches(st["b1"], zeros, zeros, n)
    st["b2"], st["bi2"] = r["buckets"], r["bucket_index"]
    r = cudabwt_walk_matches(st["b2"], st["bi2"], zeros, n)
    st["b3"], st["bi3"] = r["buckets"], r["bucket_index"]
    r = cudabwt_buckets(st["s"], st["b3"], st["r1"], st["bi3"], 1, n)
    st["b4"] = r["bucket"]
    keep = st["bi3"] < n
    cnt = st["cnt"] = int(keep.sum())
    sb, sr, sbi = st["b4"][keep], st["r1"][keep], st["bi3"][keep]
    o = _cudabwt_sort(sb)
    st["sb"], st["sr"], st["sbi"] = sb[o], sr[o], sbi[o]
    st["off"] = cudabwt_calc_push(st["sbi"], cnt)
    b5, r5 = st["b4"].copy(), st["r1"].copy()
    b5[st["off"]] = st["sb"]
    r5[st["off"]] = st["sr"]
    st["b5"], st["r5"] = b5, r5
    r = cudabwt_build_matches(st["b5"], st["bi3"], st["bi3"], n)
    st["b6"], st["bi6"] = r["buckets"], r["bucket_index"]
    r = cudabwt_inner_walk_matches(st["b6"], st["bi6"], st["bi3"], n)
    st["b7"], st["bi7"] = r["buckets"], r["bucket_index"]
    _CUDABWT[n] = st
    return st


def culzss_find_match(sw, ul, wh, uh, tx, lastcheck):
    """FindMatch for all 128 threads at once (arrays over tx): the longest run of the window from wh matching
    the lookahead from uh, as written (a mismatch restarts the count at the next window byte)."""
    T = len(tx)
    length, offset = np.ones(T, np.int64), np.ones(T, np.int64)
    i, j = wh.copy(), np.zeros(T, np.int64)
    matching = np.zeros(T, bool)
    maxcheck = 128 - tx * lastcheck
    steps = np.minimum(np.maximum(maxcheck - 1, 1), 128)   # the loop's trips: it stops once loop >= maxcheck - 1
    for loop in range(int(steps.max())):
        act = loop < steps
        hit = sw[i] == ul[(uh + j) % 256]
        upd = act & ~hit & matching & (j > length)
        ti = i - j
        ti = np.where(ti < 0, ti + 256, ti)
        length = np.where(upd, j, length)
        offset = np.where(upd, ti, offset)
        j = np.where(act, np.where(hit, j + 1, 0), j)
        matching = np.where(act, hit, matching)
        i = np.where(act, (i + 1) % 256, i)
    upd = (j > length) & matching
    ti = i - j
    ti = np.where(ti < 0, ti + 256, ti)
    return np.where(upd, j, length), np.where(upd, ti, offset)


def culzss_compress(data, blocks):
    """CompressBlock over `blocks` packets of 4,096 bytes, 128 threads a block: each thread's (length, offset)
    or (1, byte) pair per 128-byte round, 32 rounds, 8,192 output bytes a block."""
    data = np.asarray(data, np.uint8)
    out = np.zeros(blocks * 8192, np.uint8)
    tx = np.arange(128)
    for bx in range(blocks):
        src = data[bx * 4096:(bx + 1) * 4096].astype(np.int64)
        sw, ul = np.zeros(256, np.int64), np.zeros(256, np.int64)
        sw[tx] = 32
        wh, uh = tx.copy(), tx.copy()
        ul[tx] = src[tx]
        fp = 128
        sw[(wh + 128) % 256] = ul[uh]
        ul[128 + tx] = src[fp + tx]
        fp += 128
        wfp, last = 0, 0
        ln, off = culzss_find_match(sw, ul, wh, uh, tx, 0)

        def emit(ln, off):
            ln = np.where(ln >= 128, 127, ln)
            lit = ln <= 2
            a = np.where(lit, 1, ln)
            b = np.where(lit, ul[uh], off)
            out[bx * 8192 + wfp + 2 * tx] = a & 0xFF
            out[bx * 8192 + wfp + 2 * tx + 1] = b & 0xFF

        while fp <= 4096 and not last:
            emit(ln, off)
            wfp += 256
            wh, uh = (wh + 128) % 256, (uh + 128) % 256
            if fp < 4096:
                ul[(uh + 128) % 256] = src[fp + tx]
                fp += 128
                sw[(wh + 128) % 256] = ul[uh]
            else:
                last = 1
                sw[(wh + 128) % 256] = ord("^")
            ln, off = culzss_find_match(sw, ul, wh, uh, tx, last)
        if last == 1:
            ln = np.where(ln > 128 - tx, 128 - tx, ln)
        emit(ln, off)
    return out


def culzss_text(n, seed=7):
    """n bytes of text with repeats (words and phrases that recur), for the LZSS kernels."""
    rng = np.random.default_rng(seed)
    words = ["the ", "quick ", "brown ", "fox ", "jumps ", "over ", "lazy ", "dog ", "and ", "then ", "again, ",
             "compression ", "on the GPU ", "\n"]
    out = []
    while sum(map(len, out)) < n:
        out.append(words[rng.integers(0, len(words))])
    return np.frombuffer("".join(out)[:n].encode(), np.uint8).copy()


def culzss_stream(packets, seed=11):
    """An LZSS stream as DecodeKernel reads it, one part a packet: flag bytes (bit set: a literal byte follows;
    clear: a length and an offset byte), lengths 3-40, each packet decoding to at most 4,096 bytes. Returns
    (stream bytes, the int32 start offsets: packets + 1 of them)."""
    rng = np.random.default_rng(seed)
    parts, sizes = [], [0]
    for _ in range(packets):
        part, outlen = [], 0
        while True:
            flags = int(rng.integers(0, 256))
            group, add = [flags], 0
            for k in range(8):
                if flags >> k & 1:
                    group.append(int(rng.integers(97, 123))); add += 1
                else:
                    ln = int(rng.integers(3, 41))
                    group += [ln, int(rng.integers(0, 256))]; add += ln
            if outlen + add > 4096:
                break
            part += group; outlen += add
        parts += part
        sizes.append(sizes[-1] + len(part))
    return np.array(parts, np.uint8), np.array(sizes, np.int32)


def culzss_decode(stream, sizes, blocks, sizeblock):
    """DecodeKernel as written: each thread decodes its packet (stream[sizes[t]:sizes[t + 1]]) through a
    128-byte window filled with spaces into out[t * 4096:]."""
    stream = np.asarray(stream, np.uint8)
    out = np.zeros(blocks * sizeblock * 4096, np.uint8)
    for t in range(blocks * sizeblock):
        start, size = int(sizes[t]), int(sizes[t + 1]) - int(sizes[t])
        sw = [32] * 128
        flags, used, nxt, fp, w = 0, 7, 0, 0, 0
        base = t * 4096
        while True:
            flags >>= 1; used += 1
            if used == 8:
                if fp >= size:
                    break
                flags = int(stream[start + fp]); fp += 1; used = 0
            if flags & 1:
                if fp >= size:
                    break
                c = int(stream[start + fp])
                out[base + w] = c; w += 1
                sw[nxt] = c; nxt = (nxt + 1) % 128; fp += 1
            else:
                if fp >= size:
                    break
                ln = int(stream[start + fp]); fp += 1
                if fp >= size:
                    break
                off = int(stream[start + fp]); fp += 1
                look = []
                for k in range(ln):
                    c = sw[(off + k) % 128]
                    out[base + w] = c; w += 1
                    look.append(c)
                for k in range(ln):
                    sw[(nxt + k) % 128] = look[k]
                nxt = (nxt + ln) % 128
    return out


# --- the thirty-seventh unseen suite: fast-cuda-gpu-dbscan's G-DBSCAN and GridKnn-Cuda's grid 1-NN -----------------

@functools.lru_cache(maxsize=None)
def _gdbscan_points(n, seed=59):
    """n 2-d points in [0, 1): five Gaussian blobs and 10% noise, float32 (the host reads them from a file)."""
    rng = np.random.default_rng(seed)
    centres = rng.uniform(0.15, 0.85, (5, 2))
    k = n - n // 10
    pts = centres[rng.integers(0, 5, k)] + rng.normal(0, 0.04, (k, 2))
    pts = np.concatenate([pts, rng.uniform(0, 1, (n - k, 2))])
    return np.clip(pts, 0, 0.999).astype(np.float32)


def gdbscan_points(n):
    p = _gdbscan_points(int(n))
    return {"x": p[:, 0].copy(), "y": p[:, 1].copy()}


def _gdbscan_within(x, y, R):
    """|p_i - p_j| <= R for every pair, as euclidean_distance computes it (float32; no pair is within 1e-7 of R (some fifty float32 steps), so
    whether x_diff * x_diff + y_diff * y_diff is contracted to an fma cannot change a comparison: asserted)."""
    x = np.asarray(x, np.float32); y = np.asarray(y, np.float32)
    dx = x[:, None] - x[None, :]; dy = y[:, None] - y[None, :]
    d32 = np.sqrt(dx * dx + dy * dy)
    d64 = np.sqrt(dx.astype(np.float64) ** 2 + dy.astype(np.float64) ** 2)
    assert np.all(np.abs(d64 - np.float64(np.float32(R))) > 1e-7), "a pair on the radius"
    return d32 <= np.float32(R)


def gdbscan_nodes(x, y, R, minPts):
    """fillNodes: each point's neighbour count (itself included) and its core flag (Core = 1 where count >= minPts)."""
    w = _gdbscan_within(x, y, R)
    cnt = w.sum(axis=1).astype(np.uint64)
    return {"count": cnt, "core": cnt >= minPts}


def gdbscan_offsets(x, y, R):
    """thrust::exclusive_scan over dNodes[0..n] (the n counts, then dNodes[n]; here 0): n + 1 offsets."""
    cnt = _gdbscan_within(x, y, R).sum(axis=1).astype(np.uint64)
    return np.concatenate([[0], np.cumsum(cnt)]).astype(np.uint64)


def gdbscan_edges(x, y, R):
    """fillEdges: each point's neighbours (itself included) in index order, the lists one after another."""
    w = _gdbscan_within(x, y, R)
    return np.concatenate([np.nonzero(r)[0] for r in w]).astype(np.int32)


def gdbscan_bfs_state(x, y, R, minPts, level):
    """The host's BFS state before launch `level` (1 or 2) from the first core point: the frontier Fa, the visited
    Xa and the cost Ca, as level-synchronous BFS steps leave them (each frontier point visited, a core point's
    unvisited neighbours on the next frontier with its cost + 1), and the same after the launch."""
    w = _gdbscan_within(x, y, R)
    core = w.sum(axis=1) >= minPts
    n = len(core)
    s = int(np.nonzero(core)[0][0])
    Fa = np.zeros(n, bool); Xa = np.zeros(n, bool); Ca = np.zeros(n, np.int32)
    Fa[s] = True
    states = []
    for _ in range(2):
        before = (Fa.copy(), Xa.copy(), Ca.copy())
        F, X, C = Fa.copy(), Xa.copy(), Ca.copy()
        front = np.nonzero(Fa & ~Xa)[0]
        F[front] = False; X[front] = True
        done = True
        for i in front:
            if core[i]:
                for j in np.nonzero(w[i])[0]:
                    if not Xa[j] and j not in front:
                        C[j] = Ca[i] + 1; F[j] = True; done = False
        states.append((before, (F, X, C, done)))
        Fa, Xa, Ca = F, X, C
    (Fb, Xb, Cb), (F, X, C, done) = states[int(level) - 1]
    return {"Fa": Fb, "Xa": Xb, "Ca": Cb, "Fa_after": F, "Xa_after": X, "Ca_after": C, "done_after": np.array([done])}


@functools.lru_cache(maxsize=None)
def _gridknn(npts, g, seed=59):
    """GridKnn-Cuda's host side: npts points and npts queries uniform in [0, 1)^3 (float32), binned into g^3 cells of
    side 1/g (cell index x*g*g + y*g + z of floor(p / side)), each set rearranged cell by cell (stable), the per-cell
    counts and their exclusive prefix sums."""
    rng = np.random.default_rng(seed)
    side = np.float32(1) / np.float32(g)

    def binned(p):
        c = np.floor(p / side).astype(np.int64)
        cell = c[:, 0] * g * g + c[:, 1] * g + c[:, 2]
        order = np.argsort(cell, kind="stable")
        per = np.bincount(cell, minlength=g ** 3).astype(np.int32)
        integ = np.concatenate([[0], np.cumsum(per)[:-1]]).astype(np.int32)
        return p[order], per, integ
    pts = rng.uniform(0, 1, (npts, 3)).astype(np.float32)
    qrs = rng.uniform(0, 1, (npts, 3)).astype(np.float32)
    p, pp, ip = binned(pts)
    q, qp, iq = binned(qrs)
    return {"points": p, "queries": q, "points_per_block": pp, "queries_per_block": qp,
            "integral_points": ip, "integral_queries": iq}


def gridknn_data(npts, g):
    return _gridknn(int(npts), int(g))


def gridknn_result(npts, g):
    """devKnnShared: each query's nearest point among its own cell's and the neighbouring cells' points (float32
    distances, sqrt of the sum of squares in d order), its own cell first, then the neighbours in the kernel's
    (i, j, k) order, a point replacing the best only where strictly nearer; res_dists starts at 100 and
    res_indexes at 19 (the host's), as the kernel's own strict comparison leaves them."""
    d = _gridknn(int(npts), int(g))
    P, Q = d["points"], d["queries"]
    pp, ip, qp, iq = d["points_per_block"], d["integral_points"], d["queries_per_block"], d["integral_queries"]
    dist = np.full(len(Q), 100, np.float32)
    idx = np.full(len(Q), 19, np.int32)
    for b in range(g ** 3):
        bx, by, bz = b // (g * g), (b // g) % g, b % g
        cells = [b] + [(bx + i) * g * g + (by + j) * g + (bz + k)
                       for i in (-1, 0, 1) for j in (-1, 0, 1) for k in (-1, 0, 1)
                       if (i, j, k) != (0, 0, 0) and 0 <= bx + i < g and 0 <= by + j < g and 0 <= bz + k < g]
        qs = slice(iq[b], iq[b] + qp[b])
        for c in cells:
            ps = P[ip[c]:ip[c] + pp[c]]
            if len(ps) == 0 or qp[b] == 0:
                continue
            diff = Q[qs][:, None, :] - ps[None, :, :]
            sq = diff * diff
            dd = np.sqrt((sq[..., 0] + sq[..., 1]) + sq[..., 2])
            best = np.argmin(dd, axis=1)                 # the first of equal ones, as the strict < keeps
            bd = dd[np.arange(len(best)), best]
            better = bd < np.minimum(dist[qs], np.float32(100))
            dist_q, idx_q = dist[qs], idx[qs]
            dist_q[better] = bd[better]; idx_q[better] = ip[c] + best[better]
            dist[qs], idx[qs] = dist_q, idx_q
    return {"dists": dist, "indexes": idx}


# --- CSE-Projects/betweenness-centrality-gpu (files bcgpu_*.cu): Brandes betweenness centrality -------------------

@functools.lru_cache(maxsize=None)
def _bcgpu_graph(n):
    """A connected undirected graph on n vertices: a random spanning tree (each vertex i > 0 joined to a random
    earlier one) and n more random edges, no loops or repeats; CSR with both directions, neighbours ascending
    (what the host's input format gives: one line of neighbours a vertex)."""
    rng = np.random.default_rng(6100 + n)
    edges = set()
    for i in range(1, n):
        j = int(rng.integers(0, i))
        edges.add((min(i, j), max(i, j)))
    while len(edges) < 2 * n - 1:
        a, b = (int(x) for x in rng.integers(0, n, 2))
        if a != b:
            edges.add((min(a, b), max(a, b)))
    adj = [[] for _ in range(n)]
    for a, b in sorted(edges):
        adj[a].append(b)
        adj[b].append(a)
    V = np.zeros(n + 1, np.int32)
    V[1:] = np.cumsum([len(a) for a in adj])
    E = np.array([w for a in adj for w in sorted(a)], np.int32)
    return V, E


def bcgpu_V(n):
    """The CSR offsets R / V (n + 1)."""
    return _bcgpu_graph(n)[0].copy()


def bcgpu_E(n):
    """The CSR neighbours C / E (2 * edges)."""
    return _bcgpu_graph(n)[1].copy()


def bcgpu_edges(n):
    """The host's `edges` (each undirected edge once)."""
    return len(_bcgpu_graph(n)[1]) // 2


def _bcgpu_bfs(n, s):
    V, E = _bcgpu_graph(n)
    d = np.full(n, np.iinfo(np.int32).max, np.int64)
    sigma = np.zeros(n, np.int64)
    d[s], sigma[s] = 0, 1
    order, frontier = [s], [s]
    while frontier:
        nxt = []
        for v in frontier:
            for w in E[V[v]:V[v + 1]]:
                if d[w] == np.iinfo(np.int32).max:
                    d[w] = d[v] + 1
                    nxt.append(int(w))
                if d[w] == d[v] + 1:
                    sigma[w] += sigma[v]
        order += nxt
        frontier = nxt
    return d, sigma, order


def bcgpu_distance(n, s):
    """d after the launch: the BFS distances from the last source s."""
    return _bcgpu_bfs(n, s)[0].astype(np.int32)


def bcgpu_sigma(n, s):
    """sigma after the launch: the numbers of shortest paths from the last source s."""
    return _bcgpu_bfs(n, s)[1].astype(np.int32)


@functools.lru_cache(maxsize=None)
def _bcgpu_bc(n):
    V, E = _bcgpu_graph(n)
    bc = np.zeros(n)
    for s in range(n):
        d, sigma, order = _bcgpu_bfs(n, s)
        delta = np.zeros(n)
        for w in reversed(order):
            for v in E[V[w]:V[w + 1]]:
                if d[v] == d[w] + 1:
                    delta[w] += sigma[w] / sigma[v] * (1 + delta[v])
        delta[s] = 0
        bc += delta
    return bc


def bcgpu_bc(n):
    """Brandes: bc[v], the sum over sources s != v of s's dependency on v (both directions of each pair: the
    kernels do not halve; the host halves only the maximum it prints)."""
    return _bcgpu_bc(n).copy()
# ---------------------------------------------------------------- the thirty-eighth unseen suite: UGENE's CUDA
# Smith-Waterman and Swift's Smith-Waterman kernels (docs/FIDELITY.md, "a thirty-eighth unseen suite")

def _sw60_pair(n_ref, n_qry, seed, stride=None, lower=False):
    """A reference of n_ref random bases and a query taken from it (a window with a few substitutions, one base
    deleted and one 'N'), as uint8 codes; with stride, each in a row of stride bytes (the rest 0)."""
    rng = np.random.default_rng(seed)
    ref = rng.choice(np.frombuffer(b"ACGT", np.uint8), n_ref)
    start = int(rng.integers(0, max(1, n_ref - n_qry - 1)))
    q = list(ref[start:start + n_qry + 1])
    del q[len(q) // 2]
    q = np.array(q[:n_qry], np.uint8)
    for i in rng.choice(n_qry, max(1, n_qry // 8), replace=False):
        q[i] = np.frombuffer(b"ACGT", np.uint8)[rng.integers(0, 4)]
    q[n_qry // 3] = ord("N")
    if lower:                                           # Swift upper-cases both sequences on the GPU
        ref = np.where(rng.random(n_ref) < 0.25, ref + 32, ref).astype(np.uint8)
    return ref, q


def swift_inputs(nblocks, qry_len, ref_len, seed=60):
    """Swift's inputs: nblocks queries in rows of qry_len + 1 bytes and nblocks references in rows of ref_len + 1
    bytes (align.cu's layout: each sequence followed by one padding byte), every pair one query drawn from its
    reference."""
    qs = np.zeros((nblocks, qry_len + 1), np.uint8)
    rs = np.zeros((nblocks, ref_len + 1), np.uint8)
    for b in range(nblocks):
        r, q = _sw60_pair(ref_len, qry_len, seed + b, lower=True)
        rs[b, :ref_len], qs[b, :qry_len] = r, q
    return {"qry": qs.reshape(-1), "ref": rs.reshape(-1)}


def _swift_upper(c):
    c = int(c)
    return c - 32 if 0 <= c - ord("a") < 26 else c


def swift_max_score(qry, ref, qry_len, ref_len, match, mismatch, gap_open, gap_ext, block=0, nbytes=None):
    """smithWaterman.cu's computeMaxScore for one block, as the kernel computes it: the score matrix one anti-diagonal
    at a time (float32), the topLeft/left/top bit arrays (bit 7 - cell % 8 of byte cell / 8, cell = (ref_len + 1) *
    row + col), each row's first best cell and the first best row. Returns (score, cellMax, topLeft, left, top)."""
    f = np.float32
    match, mismatch, gap_open, gap_ext = f(match), f(mismatch), f(gap_open), f(gap_ext)
    qs = [_swift_upper(c) for c in qry[block * (qry_len + 1):block * (qry_len + 1) + qry_len]]
    rs = [_swift_upper(c) for c in ref[block * (ref_len + 1):block * (ref_len + 1) + ref_len]]
    ncell = (qry_len + 1) * (ref_len + 1)
    nbytes = nbytes or (ncell + 7) // 8
    bits = {k: np.zeros(nbytes, np.uint8) for k in ("topLeft", "left", "top")}

    def get(k, cell):
        return (bits[k][cell // 8] >> (7 - cell % 8)) & 1

    def put(k, cell, v):
        if v:
            bits[k][cell // 8] |= np.uint8(1 << (7 - cell % 8))
        else:
            bits[k][cell // 8] &= np.uint8(~(1 << (7 - cell % 8)) & 0xFF)
    H = np.zeros((qry_len + 1, ref_len + 1), np.float32)
    scores = np.zeros(qry_len + 1, np.float32)
    cells = np.zeros(qry_len + 1, np.int64)
    for i in range(2, ref_len + qry_len + 1):
        for row in range(1, qry_len + 1):
            col = i - row
            if not 1 <= col <= ref_len:
                continue
            a, b = rs[col - 1], qs[row - 1]
            same = a == b or a == ord("N") or b == ord("N")
            tl = f(H[row - 1, col - 1] + (match if same else mismatch))
            cur = (ref_len + 1) * row + col
            topc, leftc = cur - (ref_len + 1), cur - 1
            tp = f(H[row - 1, col] + (gap_ext if get("top", topc) else gap_open))
            lf = f(H[row, col - 1] + (gap_ext if get("left", leftc) else gap_open))
            s = f(0)
            if s < tl:
                s = tl; put("topLeft", cur, 1)
            if s < tp:
                s = tp; put("top", cur, 1); put("topLeft", cur, 0)
            if s < lf:
                s = lf; put("left", cur, 1); put("topLeft", cur, 0); put("top", cur, 0)
            H[row, col] = s
            if scores[row] < s:
                scores[row], cells[row] = s, cur
    best, cell_max = f(0), 0
    for r in range(qry_len + 1):
        if best < scores[r]:
            best, cell_max = scores[r], int(cells[r])
    return best, cell_max, bits["topLeft"], bits["left"], bits["top"]


def swift_backtrack(qry, ref, qry_len, ref_len, cell_max, top_left, left, top, block=0, cons_len=None,
                    q_cons=None, r_cons=None):
    """smithWaterman.cu's backtrack for one block: (start, end, length, queryConsensus, refConsensus); the
    consensus arrays are updated where the kernel writes (each block's row starts at block * (ref_len + qry_len + 2))."""
    def bit(arr, cell):
        return (int(arr[cell // 8]) >> (7 - cell % 8)) & 1
    n = cons_len or (ref_len + qry_len + 2)
    qc = np.zeros(n, np.uint8) if q_cons is None else q_cons
    rc = np.zeros(n, np.uint8) if r_cons is None else r_cons
    rs = ref[block * (ref_len + 1):]
    qs = qry[block * (qry_len + 1):]
    off = block * (ref_len + qry_len + 2)
    start = 0
    cur = cell_max
    row, col = cur // (ref_len + 1), cur % (ref_len + 1)

    def nxt(c):
        if bit(top, c):
            return c - ref_len - 1
        if bit(left, c):
            return c - 1
        if bit(top_left, c):
            return c - ref_len - 2
        return None
    nc = nxt(cur)
    assert nc is not None                    # the kernel's nextCell would be uninitialised
    nrow, ncol = nc // (ref_len + 1), nc % (ref_len + 1)
    tick = col_inc = nref = -1

    def step():                              # one aligned pair, as the kernel writes it in and after its loop
        nonlocal tick, col_inc, nref, start
        tick += 1; col_inc += 1
        if ncol == col:
            rc[off + tick] = ord("-")
        else:
            rc[off + tick] = rs[col - 1]; nref += 1
        qc[off + tick] = ord("-") if nrow == row else qs[row - 1]
        start = col
    while (row != nrow or col != ncol) and ncol != 0 and nrow != 0:
        step()
        row, col, cur = nrow, ncol, nc
        nc = nxt(cur)
        if nc is None:
            row, col = nrow, ncol
            break
        nrow, ncol = nc // (ref_len + 1), nc % (ref_len + 1)
    if (row != nrow or col != ncol) and (ncol == 0 or nrow == 0):
        step()
    return start, start + nref, col_inc + 1, qc, rc


@functools.lru_cache(maxsize=None)
def _swift_run(nblocks, qry_len, ref_len, match, mismatch, gap_open, gap_ext, seed=60):
    inp = swift_inputs(nblocks, qry_len, ref_len, seed)
    n = ref_len + qry_len + 2
    out = {"score": np.zeros(nblocks, np.float32), "start": np.zeros(nblocks, np.int32),
           "end": np.zeros(nblocks, np.int32), "length": np.zeros(nblocks, np.int32),
           "qcons": np.zeros(nblocks * n, np.uint8), "rcons": np.zeros(nblocks * n, np.uint8)}
    for b in range(nblocks):
        s, cm, tl, lf, tp = swift_max_score(inp["qry"], inp["ref"], qry_len, ref_len, match, mismatch, gap_open,
                                            gap_ext, block=b, nbytes=3801)
        st, en, ln, _, _ = swift_backtrack(inp["qry"], inp["ref"], qry_len, ref_len, cm, tl, lf, tp, block=b,
                                           q_cons=out["qcons"], r_cons=out["rcons"])
        out["score"][b], out["start"][b], out["end"][b], out["length"][b] = s, st, en, ln
        if b == 0:
            out.update(cellMax=np.array([cm], np.int32), topLeft=tl, left=lf, top=tp)
    return out


def swift_result(nblocks, qry_len, ref_len, match=2.0, mismatch=-1.0, gap_open=-10.0, gap_ext=-1.0, seed=60):
    """What Swift's smithWaterman kernel writes for swift_inputs(...) (and, for block 0, its bit arrays and cellMax:
    what computeMaxScore_wrapFunc writes into global arrays of the same bits)."""
    return {k: v.copy() for k, v in _swift_run(nblocks, qry_len, ref_len, match, mismatch, gap_open, gap_ext,
                                                seed).items()}


def swift_bits(qry_len, ref_len, nbytes, match=2.0, mismatch=-1.0, gap_open=-10.0, gap_ext=-1.0, seed=60):
    """computeMaxScore_wrapFunc's global bit arrays, padded to nbytes (the test's arrays are one byte a cell)."""
    r = _swift_run(1, qry_len, ref_len, match, mismatch, gap_open, gap_ext, seed)
    out = {}
    for k in ("topLeft", "left", "top"):
        a = np.zeros(nbytes, np.uint8)
        a[:len(r[k])] = r[k][:nbytes]
        out[k] = a
    return out


def ugene_setup(seq_len, qry_len, seed=61):
    """UGENE's calculateOnGPU sizes (sw_cuda_cpp.cpp): overlap 3 * queryLength, parts ceil(seqLen / overlap)
    (at most 14), queryDevider ceil(queryLength / 128), partQuerySize, partSeqSize, sizeRow; a DNA library
    (raw 'ACGT' bytes) and a query drawn from it; the query profile as UGENE's SW builds it, one row of
    queryLength scores for every byte value (match 5, mismatch -4: UGENE's DNA matrix; 0 for bytes not a base)."""
    overlap = qry_len * 3
    parts = min((seq_len + overlap - 1) // overlap, 14)
    devider = (qry_len + 127) // 128 if qry_len > 128 else 1
    part_q = (qry_len + devider - 1) // devider
    part_seq = (seq_len + (parts - 1) * (overlap + 1)) // parts
    size_row = (part_seq + 1) * parts
    lib, q = _sw60_pair(seq_len, qry_len, seed)
    q[q == ord("N")] = ord("A")
    prof = np.zeros((128, qry_len), np.int32)
    for c in b"ACGT":
        prof[c] = np.where(q == c, 5, -4)
    return {"overlap": overlap, "parts": parts, "devider": devider, "part_q": part_q, "part_seq": part_seq,
            "size_row": size_row, "lib": lib.astype(np.int8), "profile": prof.reshape(-1)}


def ugene_calculate(lib, profile, HUp, HRec, HMax, FUp, dUp, dRec, dMax, query_start, dmat, btb, *, part_seq,
                    parts, overlap, seq_len, qry_len, gap_open, gap_ext, part_q, symbols=b"ulds"):
    """sw_cuda.cu's calculateMatrix as the kernel runs it: every block, iteration by iteration, each thread's reads
    before the barrier and its updates after it. Updates the arrays in place (copies of the inputs) and returns them."""
    up_s, left_s, diag_s, stop_s = symbols
    for b in range(parts):
        P = part_q
        seq0, glob0 = b * (part_seq - overlap), b * (part_seq + 1)
        sH, sE, sD = np.zeros(P + 1, np.int64), np.zeros(P + 1, np.int64), np.zeros(P + 1, np.int64)
        reg = {k: np.zeros(P, np.int64) for k in ("E", "F", "F_up", "H", "H_left", "H_up", "H_upleft", "E_left",
                                                     "dL", "dU", "dUL", "d", "sub")}
        diag = part_seq + P - 1
        if diag == 0:
            continue
        for it in range(diag):
            act = []
            for p in range(P):
                sp, gp, gpp = seq0 - p + it, glob0 - p + it, query_start + p
                a = sp < seq_len and sp >= seq0 and sp < seq0 + part_seq and gpp < qry_len
                act.append(a)
                if a:
                    reg["sub"][p] = profile[int(lib[sp]) * qry_len + gpp]
                    reg["H_left"][p], reg["E_left"][p], reg["dL"][p] = sH[p], sE[p], sD[p]
                    if p == 0:
                        reg["H_left"][p], reg["E_left"][p], reg["dL"][p] = HUp[gp], FUp[gp], dUp[gp]
                        if gp > 0:
                            reg["H_upleft"][p], reg["dUL"][p] = HUp[gp - 1], dUp[gp - 1]
                        if query_start == 0 or it == 0:
                            reg["dUL"][p] = sp
            for p in range(P):
                if not act[p]:
                    continue
                sp, gp, gpp = seq0 - p + it, glob0 - p + it, query_start + p
                r = reg
                r["E"][p] = max(r["E_left"][p] - gap_ext, r["H_left"][p] - gap_open)
                r["F"][p] = max(r["F_up"][p] - gap_ext, r["H_up"][p] - gap_open)
                h = max(0, r["E"][p]); h = max(h, r["F"][p]); h = max(h, r["H_upleft"][p] + r["sub"][p])
                r["H"][p] = h
                diagv = r["H_upleft"][p] + r["sub"][p]
                if HMax[gp] <= diagv:
                    HMax[gp] = diagv
                    dMax[gp] = r["dUL"][p]
                    if dmat is not None and btb is not None:
                        btb[gp * 2], btb[gp * 2 + 1] = gpp, sp
                sym = stop_s
                if h == 0:
                    r["d"][p] = sp + 1
                elif h == diagv:
                    r["d"][p] = r["dUL"][p]; sym = diag_s
                elif h == r["F"][p]:
                    r["d"][p] = r["dU"][p]; sym = left_s
                else:
                    r["d"][p] = r["dL"][p]; sym = up_s
                sE[p + 1], sH[p + 1], sD[p + 1] = r["E"][p], h, r["d"][p]
                r["H_upleft"][p] = r["H_left"][p]
                r["H_up"][p], r["F_up"][p] = h, r["F"][p]
                r["dU"][p], r["dUL"][p] = r["d"][p], r["dL"][p]
                if dmat is not None:
                    dmat[seq_len * gpp + sp] = sym
                if p == P - 1:
                    HRec[gp], FUp[gp], dRec[gp] = h, r["E"][p], r["d"][p]
    return HUp, HRec, HMax, FUp, dUp, dRec, dMax, dmat, btb


@functools.lru_cache(maxsize=None)
def _ugene_run(seq_len, qry_len, upto, gap_open=10, gap_ext=1, seed=61):
    """UGENE's query-part loop (sw_cuda_cpp.cpp): launch i = 0 .. upto - 1, swapping HdataUp/HdataRec and
    directionsUp/directionsRec after each. Returns (state before launch upto - 1, state after it)."""
    s = ugene_setup(seq_len, qry_len, seed)
    n = s["size_row"]
    st = {k: np.zeros(n, np.int32) for k in ("HUp", "HRec", "HMax", "FUp", "dUp", "dRec", "dMax")}
    st["dmat"] = np.zeros(seq_len * qry_len, np.int32)
    st["btb"] = np.zeros(2 * n, np.int32)
    before = None
    for i in range(upto):
        before = {k: v.copy() for k, v in st.items()}
        ugene_calculate(s["lib"], s["profile"], st["HUp"], st["HRec"], st["HMax"], st["FUp"], st["dUp"], st["dRec"],
                        st["dMax"], i * s["part_q"], st["dmat"], st["btb"], part_seq=s["part_seq"], parts=s["parts"],
                        overlap=s["overlap"], seq_len=seq_len, qry_len=qry_len, gap_open=gap_open, gap_ext=gap_ext,
                        part_q=s["part_q"])
        if i < upto - 1:
            st["HUp"], st["HRec"] = st["HRec"], st["HUp"]
            st["dUp"], st["dRec"] = st["dRec"], st["dUp"]
    return before, {k: v.copy() for k, v in st.items()}


def ugene_before(seq_len, qry_len, upto=1):
    """The arrays calculateMatrix's launch number `upto` (1-based) starts from."""
    return {k: v.copy() for k, v in _ugene_run(seq_len, qry_len, upto)[0].items()}


def ugene_after(seq_len, qry_len, upto=1):
    """The arrays after that launch (before the host swaps them)."""
    return {k: v.copy() for k, v in _ugene_run(seq_len, qry_len, upto)[1].items()}


def swift_test_seqs():
    """testSmithWaterman.cu's one-pair case: the query 'ACGTACGTAA' and the reference 'CCCCAAAACGTCCGTTACGT'
    (each in a row one byte longer, as the kernel's blockIdx.x * (length + 1) strides read them)."""
    return {"qry": np.frombuffer(b"ACGTACGTAA\0", np.uint8).copy(),
            "ref": np.frombuffer(b"CCCCAAAACGTCCGTTACGT\0", np.uint8).copy()}


def swift_run_on(qry, ref, nblocks, qry_len, ref_len, qcons, rcons, match=2.0, mismatch=-1.0, gap_open=-10.0,
                 gap_ext=-1.0):
    """smithWaterman's outputs on the given inputs: score, start, end, length per block and the consensus arrays
    (qcons, rcons: their contents before the launch, updated where the kernel writes)."""
    qry, ref = np.asarray(qry).view(np.uint8), np.asarray(ref).view(np.uint8)
    qc, rc = np.asarray(qcons).view(np.uint8).copy(), np.asarray(rcons).view(np.uint8).copy()
    out = {"score": np.zeros(nblocks, np.float32), "start": np.zeros(nblocks, np.int32),
           "end": np.zeros(nblocks, np.int32), "length": np.zeros(nblocks, np.int32)}
    for b in range(nblocks):
        s, cm, tl, lf, tp = swift_max_score(qry, ref, qry_len, ref_len, match, mismatch, gap_open, gap_ext,
                                            block=b, nbytes=3801)
        st, en, ln, _, _ = swift_backtrack(qry, ref, qry_len, ref_len, cm, tl, lf, tp, block=b, q_cons=qc, r_cons=rc)
        out["score"][b], out["start"][b], out["end"][b], out["length"][b] = s, st, en, ln
        out.update(cellMax=np.array([cm], np.int32), topLeft=tl, left=lf, top=tp)
    out["qcons"], out["rcons"] = qc.view(np.int8), rc.view(np.int8)        # char arrays: int8, as the launcher has them
    return out


def swift_wrap_bits(qry, ref, qry_len, ref_len, nbytes, match=2.0, mismatch=-1.0, gap_open=-10.0, gap_ext=-1.0):
    """computeMaxScore_wrapFunc's outputs: maxScore, cellMax and its global bit arrays of nbytes bytes (zeroed first,
    as the test's cudaMemset does)."""
    qry, ref = np.asarray(qry).view(np.uint8), np.asarray(ref).view(np.uint8)
    s, cm, tl, lf, tp = swift_max_score(qry, ref, qry_len, ref_len, match, mismatch, gap_open, gap_ext, nbytes=nbytes)
    return {"score": np.array([s], np.float32), "cellMax": np.array([cm], np.int32), "topLeft": tl.view(np.int8),
            "left": lf.view(np.int8), "top": tp.view(np.int8)}


def ugene_one_writer(dmat, seq_len, qry_len):
    """The directions matrix where one block alone writes: the columns (library positions) outside the parts'
    overlaps. Two blocks write the overlap's columns (a race: which lands last is the schedule's)."""
    s = ugene_setup(seq_len, qry_len)
    cover = np.zeros(seq_len, np.int32)
    for b in range(s["parts"]):
        lo = b * (s["part_seq"] - s["overlap"])
        cover[lo:min(lo + s["part_seq"], seq_len)] += 1
    return np.asarray(dmat).reshape(qry_len, seq_len)[:, cover == 1]


# --- 0717030/parallel-jump-flooding-voronoi (files jfavor_*.cu): jump flooding for a discrete Voronoi diagram ------

_JFAVOR_W, _JFAVOR_H, _JFAVOR_N, _JFAVOR_PITCH = 60, 44, 24, 128


def jfavor_seeds():
    """The 24 seeds (x, y) inside the 60 x 44 image, distinct pixels but for seed 23, which shares seed 5's (the
    host's random seeds can coincide: place_seeds_kernel's atomicMax then keeps the larger index)."""
    rng = np.random.default_rng(6201)
    cells = rng.choice(_JFAVOR_W * _JFAVOR_H, _JFAVOR_N - 1, replace=False)
    xy = np.stack([cells % _JFAVOR_W, cells // _JFAVOR_W], axis=1)
    return np.concatenate([xy, xy[5:6]]).astype(np.int32)


def jfavor_const_seeds():
    """c_seeds as cudaMemcpyToSymbol leaves it: the 24 seeds, then zeros (8192 GPUSeed in all)."""
    out = np.zeros((8192, 2), np.int32)
    out[:_JFAVOR_N] = jfavor_seeds()
    return out


def jfavor_placed():
    """The buffer after init (-1) and place_seeds (each seed's index at its pixel, the largest where two share one)."""
    buf = np.full((_JFAVOR_H, _JFAVOR_W), -1, np.int32)
    for i, (x, y) in enumerate(jfavor_seeds()):
        if 0 <= x < _JFAVOR_W and 0 <= y < _JFAVOR_H:
            buf[y, x] = max(buf[y, x], i)
    return buf


def jfavor_step(buf, step):
    """One JFA step as process_pixel does it: the pixel's own seed first, then the 3 x 3 neighbours at distance step
    (dy, then dx, from -1 to 1), the first strictly nearer seed (float squared distance) taken."""
    buf = np.asarray(buf)
    h, w = buf.shape
    seeds = jfavor_seeds().astype(np.float32)
    ys, xs = np.mgrid[0:h, 0:w]
    best = buf.copy()
    bd = np.full((h, w), np.float32(1e30), np.float32)

    def dist(idx):
        s = seeds[np.maximum(idx, 0)]
        dx = (xs - s[..., 0]).astype(np.float32)
        dy = (ys - s[..., 1]).astype(np.float32)
        return (dx * dx + dy * dy).astype(np.float32)        # small integers: exact in float32, FMA or not
    has = best != -1
    bd[has] = dist(best)[has]
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            nx, ny = xs + dx * step, ys + dy * step
            inside = (nx >= 0) & (nx < w) & (ny >= 0) & (ny < h)
            nb = np.full((h, w), -1, np.int32)
            nb[inside] = buf[ny[inside], nx[inside]]
            d = dist(nb)
            take = (nb != -1) & (d < bd)
            best[take], bd[take] = nb[take], d[take]
    return best.astype(np.int32)


def jfavor_state(*steps):
    """The buffer after placement and the given steps in turn."""
    buf = jfavor_placed()
    for s in steps:
        buf = jfavor_step(buf, s)
    return buf


def jfavor_pitched(buf, fill=-1):
    """A 60-wide buffer in rows of 128 ints (the pitched allocation), the padding `fill`."""
    out = np.full((_JFAVOR_H, _JFAVOR_PITCH), fill, np.int64)
    out[:, :_JFAVOR_W] = buf
    return out


# --- erikwijmans/Pointnet2_PyTorch (files pn2ops_*.cu): PointNet++'s ball query, grouping, 3-NN, sampling --------

def _pn2ops_fma_d2(a, b):
    """|a - b|^2 in float32 as nvcc contracts (ax-bx)^2 + (ay-by)^2 + (az-bz)^2: fma(dz, dz, fma(dy, dy, dx * dx))."""
    d = (np.asarray(a, np.float32) - np.asarray(b, np.float32)).astype(np.float32)
    t = (d[..., 0].astype(np.float64) ** 2).astype(np.float32)
    t = (d[..., 1].astype(np.float64) ** 2 + t).astype(np.float32)
    return (d[..., 2].astype(np.float64) ** 2 + t).astype(np.float32)


@functools.lru_cache(maxsize=None)
def _pn2ops_xyz(b, n):
    return np.random.default_rng(6202 + 1000 * b + n).uniform(-1, 1, (b, n, 3)).astype(np.float32)


def pn2ops_xyz(b, n):
    """b clouds of n points, uniform in [-1, 1)^3."""
    return _pn2ops_xyz(b, n).copy()


@functools.lru_cache(maxsize=None)
def _pn2ops_fps(b, n, m, block):
    xyz = _pn2ops_xyz(b, n)
    idxs = np.zeros((b, m), np.int32)
    temps = np.full((b, n), np.float32(1e10), np.float32)
    for bi in range(b):
        p, temp = xyz[bi], temps[bi]
        mag = _pn2ops_fma_d2(p, np.zeros(3, np.float32))
        valid = ~(mag <= np.float32(1e-3))
        old = 0
        for j in range(1, m):
            d = _pn2ops_fma_d2(p, p[old])
            temp[valid] = np.minimum(d, temp)[valid]
            best_v, best_k = -1.0, 0
            for tid in range(block):                        # each thread's first strict maximum, then the tree's
                ks = np.arange(tid, n, block)               # leftmost maximum (ties keep the lower thread)
                ks = ks[valid[ks]]
                if len(ks) == 0:
                    v, k = -1.0, 0
                else:
                    k = ks[int(np.argmax(temp[ks]))]
                    v = float(temp[k])
                if v > best_v:
                    best_v, best_k = v, k
            old = int(best_k)
            idxs[bi, j] = old
    return idxs, temps


def pn2ops_fps(b, n, m, block):
    """furthest_point_sampling's idxs (b, m)."""
    return _pn2ops_fps(b, n, m, block)[0].copy()


def pn2ops_fps_temp(b, n, m, block):
    """furthest_point_sampling's temp (b, n): each point's squared distance to the chosen set (1e10 kept for the
    points it skips, |p|^2 <= 1e-3)."""
    return _pn2ops_fps(b, n, m, block)[1].copy()


def pn2ops_new_xyz(b, n, m):
    """The centroids: each cloud's points at the sampler's indices (the host's gather_operation)."""
    xyz, idx = _pn2ops_xyz(b, n), _pn2ops_fps(b, n, m, 256)[0]
    return np.stack([xyz[i][idx[i]] for i in range(b)]).astype(np.float32)


@functools.lru_cache(maxsize=None)
def _pn2ops_ball(b, n, m, radius, nsample):
    xyz, new = _pn2ops_xyz(b, n), pn2ops_new_xyz(b, n, m)
    r2 = np.float32(radius) * np.float32(radius)
    idx = np.zeros((b, m, nsample), np.int32)
    for bi in range(b):
        for j in range(m):
            d2 = _pn2ops_fma_d2(new[bi, j], xyz[bi])
            hits = np.flatnonzero(d2 < r2)[:nsample]
            if len(hits):
                idx[bi, j, :] = hits[0]
                idx[bi, j, :len(hits)] = hits
    return idx


def pn2ops_ball(b, n, m, radius, nsample):
    """query_ball_point's idx (b, m, nsample): the first nsample points within radius, in point order, the first one
    repeated over the rest (0 where none: the zeroed output)."""
    return _pn2ops_ball(b, n, m, radius, nsample).copy()


def pn2ops_group(points, idx):
    """group_points: out[b, c, j, k] = points[b, c, idx[b, j, k]]."""
    return np.stack([points[bi][:, idx[bi]] for bi in range(points.shape[0])])


def pn2ops_group_grad(grad_out, idx, n):
    """group_points_grad: grad_out scattered back onto the n points (float64 sums)."""
    b, c = grad_out.shape[:2]
    out = np.zeros((b, c, n))
    for bi in range(b):
        for ci in range(c):
            np.add.at(out[bi, ci], idx[bi].reshape(-1), grad_out[bi, ci].reshape(-1).astype(np.float64))
    return out


@functools.lru_cache(maxsize=None)
def _pn2ops_three_nn(b, n, m):
    unknown, known = _pn2ops_xyz(b, n), pn2ops_new_xyz(b, n, m)
    dist2 = np.zeros((b, n, 3), np.float32)
    idx = np.zeros((b, n, 3), np.int32)
    for bi in range(b):
        for j in range(n):
            d = _pn2ops_fma_d2(unknown[bi, j], known[bi])
            order = np.argsort(d, kind="stable")[:3]       # the kernel's strict < keeps the first of equal ones
            idx[bi, j], dist2[bi, j] = order, d[order]
    return dist2, idx


def pn2ops_three_nn_dist2(b, n, m):
    return _pn2ops_three_nn(b, n, m)[0].copy()


def pn2ops_three_nn_idx(b, n, m):
    return _pn2ops_three_nn(b, n, m)[1].copy()


def pn2ops_three_weight(b, n, m):
    """The feature propagation's weights: 1 / (dist + 1e-8), normalised over the three (float32)."""
    dist = np.sqrt(_pn2ops_three_nn(b, n, m)[0]).astype(np.float32)
    recip = (np.float32(1.0) / (dist + np.float32(1e-8))).astype(np.float32)
    return (recip / recip.sum(axis=2, keepdims=True)).astype(np.float32)


def pn2ops_three_interp(points, idx, weight):
    """three_interpolate: out[b, c, j] = sum_t points[b, c, idx[b, j, t]] * weight[b, j, t] (float64)."""
    p = points.astype(np.float64)
    return np.stack([(p[bi][:, idx[bi]] * weight[bi].astype(np.float64)).sum(axis=2) for bi in range(p.shape[0])])


def pn2ops_three_interp_grad(grad_out, idx, weight, m):
    """three_interpolate_grad: grad_out * weight scattered back onto the m known points (float64 sums)."""
    b, c, n = grad_out.shape
    out = np.zeros((b, c, m))
    for bi in range(b):
        for ci in range(c):
            for t in range(3):
                np.add.at(out[bi, ci], idx[bi, :, t], grad_out[bi, ci].astype(np.float64) * weight[bi, :, t])
    return out


def pn2ops_gather(points, idx):
    """gather_points: out[b, c, j] = points[b, c, idx[b, j]]."""
    return np.stack([points[bi][:, idx[bi]] for bi in range(points.shape[0])])


def pn2ops_gather_grad(grad_out, idx, n):
    """gather_points_grad: grad_out scattered back onto the n points (float64 sums)."""
    b, c, _ = grad_out.shape
    out = np.zeros((b, c, n))
    for bi in range(b):
        for ci in range(c):
            np.add.at(out[bi, ci], idx[bi], grad_out[bi, ci].astype(np.float64))
    return out


# --- zhangyaobit/tridiagonalsolvers (files zytri_*.cu) and NIC0NIC0NI/TridiagonalSolver (kltri_*.cu): batched
# tridiagonal solvers (CR, PCR, CR-PCR; Thomas and a global-memory CR) ----------------------------------------------

@functools.lru_cache(maxsize=None)
def _tri_systems(n, batch, seed, dtype):
    """`batch` diagonally dominant systems of n equations as testGeneration draws them (b = 8 + u, a = 3 + u,
    c = 2 + u, d = 5 + u, u uniform in [0, 1), a[0] = c[n-1] = 0), each (batch, n) in `dtype`."""
    rng = np.random.default_rng(seed)
    u = rng.random((4, batch, n))
    a, b, c, d = 3 + u[0], 8 + u[1], 2 + u[2], 5 + u[3]
    a[:, 0] = 0
    c[:, -1] = 0
    return tuple(x.astype(dtype) for x in (a, b, c, d))


def tri_system(n, batch, seed, dtype="float32"):
    """The systems as a dict of a, b, c, d (batch, n)."""
    return dict(zip("abcd", (x.copy() for x in _tri_systems(n, batch, seed, dtype))))


def tri_solve(a, b, c, d):
    """Each row's solution of the tridiagonal system (sub-diagonal a, diagonal b, super-diagonal c), in float64."""
    a, b, c, d = (np.asarray(x, np.float64) for x in (a, b, c, d))
    bt, n = b.shape
    x = np.zeros((bt, n))
    for s in range(bt):
        m = np.diag(b[s]) + np.diag(a[s, 1:], -1) + np.diag(c[s, :-1], 1)
        x[s] = np.linalg.solve(m, d[s])
    return x


def kltri_thomas(n, batch, seed, dtype):
    """Thomas_kernel's in-place result: c[i] = c[i] / k_i and d the solution (float64, the kernel's order)."""
    a, b, c, d = (x.astype(np.float64) for x in _tri_systems(n, batch, seed, dtype))
    c, r = c.copy(), d.copy()
    cc, rr = c[:, 0] / b[:, 0], r[:, 0] / b[:, 0]
    c[:, 0], r[:, 0] = cc, rr
    for i in range(1, n):
        k = b[:, i] - cc * a[:, i]
        cc = c[:, i] / k
        rr = (r[:, i] - rr * a[:, i]) / k
        c[:, i], r[:, i] = cc, rr
    for i in range(n - 2, -1, -1):
        rr = r[:, i] - c[:, i] * rr
        r[:, i] = rr
    return {"c": c, "d": r}


def _kltri_cr_block(a, b, c, d, buf, n_eqt, tnum):
    """CR_kernel for one block, sequentially: a, b, c, d the block's system (float64 views), buf a dict of the four
    buffer rows (the block's n_eqt slots each), all changed in place as the kernel changes them."""
    lev = [(a, b, c, d)]
    lengths = [n_eqt]
    off = 0
    while lengths[-1] >= 2 * tnum:
        L = lengths[-1]
        m = L // 2
        a1, b1, c1, d1 = lev[-1]
        a2, b2, c2, d2 = (buf[k][off:off + m] for k in "abcd")
        i = np.arange(m)
        if L % 2:
            k1 = a1[2 * i + 1] / b1[2 * i]
            k2 = c1[2 * i + 1] / b1[2 * i + 2]
            a2[:] = -a1[2 * i] * k1
            b2[:] = b1[2 * i + 1] - c1[2 * i] * k1 - a1[2 * i + 2] * k2
            c2[:] = -c1[2 * i + 2] * k2
            d2[:] = d1[2 * i + 1] - d1[2 * i] * k1 - d1[2 * i + 2] * k2
        else:
            lm = np.where(i == 0, 0, 2 * i - 1)
            first = i == 0
            k1 = a1[2 * i] / np.where(first, 1.0, b1[lm])
            k2 = c1[2 * i] / b1[2 * i + 1]
            a2[:] = -np.where(first, 0.0, a1[lm]) * k1
            b2[:] = b1[2 * i] - np.where(first, 0.0, c1[lm]) * k1 - a1[2 * i + 1] * k2
            c2[:] = -c1[2 * i + 1] * k2
            d2[:] = d1[2 * i] - np.where(first, 0.0, d1[lm]) * k1 - d1[2 * i + 1] * k2
        lev.append((a2, b2, c2, d2))
        lengths.append(m)
        off += m
    a1, b1, c1, d1 = lev[-1]
    m = lengths[-1]
    c1[0] = c1[0] / b1[0]
    d1[0] = d1[0] / b1[0]
    for i in range(1, m):
        k = b1[i] - c1[i - 1] * a1[i]
        c1[i] = c1[i] / k
        d1[i] = (d1[i] - d1[i - 1] * a1[i]) / k
    for i in range(m - 2, -1, -1):
        d1[i] = d1[i] - c1[i] * d1[i + 1]
    for it in range(len(lengths) - 2, -1, -1):
        d2 = lev[it + 1][3]
        a1, b1, c1, d1 = lev[it]
        L = lengths[it]
        m = L // 2
        for ii in range(m):
            i = m - 1 - ii
            nxt = d2[i + 1] if ii != 0 else 0.0
            if L % 2:
                d1[2 * i + 1] = d2[i]
                d1[2 * i + 2] = (d1[2 * i + 2] - a1[2 * i + 2] * d2[i] - c1[2 * i + 2] * nxt) / b1[2 * i + 2]
            else:
                d1[2 * i] = d2[i]
                d1[2 * i + 1] = (d1[2 * i + 1] - a1[2 * i + 1] * d2[i] - c1[2 * i + 1] * nxt) / b1[2 * i + 1]
        if L % 2:
            d1[0] = (d1[0] - c1[0] * d2[0]) / b1[0]


@functools.lru_cache(maxsize=None)
def _kltri_cr(n, batch, seed, dtype, tnum=64):
    a, b, c, d = (x.astype(np.float64).copy() for x in _tri_systems(n, batch, seed, dtype))
    buf = np.zeros((4, batch, n))
    for s in range(batch):
        _kltri_cr_block(a[s], b[s], c[s], d[s], {k: buf[j, s] for j, k in enumerate("abcd")}, n, tnum)
    return a, b, c, d, buf


def kltri_cr(n, batch, seed, dtype):
    """CR_kernel<<<batch, 64>>>'s results: a, b, c, d (c changed only where no level is reduced: thread 0's Thomas
    then runs on the system itself; d the solution) and the buffer (4, batch, n): each level's reduced a, b, c, d,
    the last level's c and d as Thomas leaves them, every level's d its solution, the slots no level uses 0."""
    a, b, c, d, buf = _kltri_cr(n, batch, seed, dtype)
    return {"a": a.copy(), "b": b.copy(), "c": c.copy(), "d": d.copy(), "buffer": buf.copy()}


# --- algoparc/Tree-Layouts (files treelay_*.cu): queries on sorted keys in sorted order and in the implicit level-order
# BST and B-tree layouts; anilshanbhag/gpu-topk (gtopk_*.cu): the radix-select top-k's digit histogram and selection -----

def treelay_bst(n):
    """Keys 1..n in the level-order (Eytzinger) BST layout: node i's children at 2i+1 and 2i+2, filled in order."""
    out = np.zeros(n, np.int64)
    key = iter(range(1, n + 1))

    def fill(i):
        if i < n:
            fill(2 * i + 1)
            out[i] = next(key)
            fill(2 * i + 2)
    fill(0)
    return out


def treelay_btree(n, b=32):
    """Keys 1..n in the level-order B-tree layout of b keys a node (n = (b+1)^d - 1): node k's keys at k*b .. k*b+b-1,
    its b+1 children the nodes k*(b+1)+1 .. k*(b+1)+b+1, filled in order."""
    out = np.zeros(n, np.int64)
    key = iter(range(1, n + 1))

    def fill(k):
        if k * b < n:
            for c in range(b + 1):
                fill(k * (b + 1) + 1 + c)
                if c < b:
                    out[k * b + c] = next(key)
    fill(0)
    return out


def treelay_queries(keys, q, seed):
    """createRandomQueries: q keys drawn (with repeats) from the array."""
    keys = np.asarray(keys)
    return keys[np.random.default_rng(seed).integers(0, keys.size, q)]


def treelay_where(layout, queries):
    """Each query's index in the layout (the keys are distinct)."""
    layout = np.asarray(layout, np.int64)
    pos = {int(v): i for i, v in enumerate(layout)}
    return np.array([pos[int(v)] for v in np.asarray(queries)], np.int64)


def gtopk_keys(n, dtype, seed):
    """Keys: uint32 uniform over the whole range; float32 normal times 2^u, u uniform in [-40, 40), so that the top digit
    (sign and exponent) spreads over many bins."""
    rng = np.random.default_rng(seed)
    if np.dtype(dtype) == np.float32:
        return (rng.standard_normal(n) * np.exp2(rng.integers(-40, 40, n))).astype(np.float32)
    return rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)


def gtopk_digit(keys, digit):
    """The kernels' masked digit: cub::Traits<KeyT>::TwiddleIn (a float's bits flipped whole when negative, its sign bit
    when not), then the 8-bit digit `digit` counted from the top."""
    keys = np.asarray(keys)
    bits = keys.view(np.uint32).astype(np.uint64) if keys.dtype == np.float32 else keys.astype(np.uint64)
    if keys.dtype == np.float32:
        bits = np.where(bits & 0x80000000, bits ^ 0xFFFFFFFF, bits ^ 0x80000000)
    return ((bits >> (32 - 8 * (digit + 1))) & 0xFF).astype(np.int64)


def gtopk_hist(keys, digit, lo=0, hi=None):
    """The 256-bin histogram of keys[lo:hi]'s digit."""
    return np.bincount(gtopk_digit(np.asarray(keys)[lo:hi], digit), minlength=256)


def gtopk_digit_val(keys, k, digit=0):
    """radixSelectTopK's host loop: the highest bin whose count, added to the counts above it, exceeds k."""
    h = gtopk_hist(keys, digit)
    rolling = 0
    for i in range(255, -1, -1):
        if rolling + h[i] > k:
            return i
        rolling += h[i]
    raise ValueError("fewer than k keys")

# --- KAdamek/SMFFT (files smfft_*.cu): shared-memory Cooley-Tukey C2C FFTs; OriginQ/QPanda (qpgpu_*.cu): its GPU
# state-vector gate kernels ------------------------------------------------------------------------------------------

def _bitrev(n_bits):
    idx = np.arange(1 << n_bits)
    rev = np.zeros_like(idx)
    for b in range(n_bits):
        rev |= ((idx >> b) & 1) << (n_bits - 1 - b)
    return rev


def smfft_ref(x, fft_exp, direction, reorder):
    """SMFFT_DIT_external's output: x (n, 2) float32 pairs cut into segments of 2^fft_exp points, each transformed
    (direction 0: exp(-2 pi i k m / N), unnormalised; 1: exp(+...), unnormalised); without reorder the kernel takes its
    input as already bit-reversed, so it gives the transform of the segment read in bit-reversed order. (n, 2) float64."""
    n = 1 << fft_exp
    z = (x[:, 0].astype(np.float64) + 1j * x[:, 1]).reshape(-1, n)
    if not reorder:
        z = z[:, _bitrev(fft_exp)]
    y = np.fft.fft(z, axis=1) if direction == 0 else np.fft.ifft(z, axis=1) * n
    y = y.reshape(-1)
    return np.stack([y.real, y.imag], 1)


def _qp_pairs(dim, block):
    """The (realIdx, corIdx) pairs of QPanda's one-qubit kernels: amplitudes whose qubit bit (Block = 2^q) is 0 and 1."""
    i0 = np.array([i for i in range(dim) if not i & block])
    return i0, i0 + block


def qpgpu_one(re, im, block, gate, c=0.0, s=0.0):
    """QPanda's one-qubit kernels as their code writes them (H, RX, RY, RZ, NOT with cos/sin arguments), on float64
    real and imaginary arrays; returns the new (re, im)."""
    re, im = re.astype(np.float64).copy(), im.astype(np.float64).copy()
    a, b = _qp_pairs(re.size, block)
    x1, x2, y1, y2 = re[a].copy(), re[b].copy(), im[a].copy(), im[b].copy()
    sq2 = 0.707106781186548
    if gate == "H":
        re[a], re[b], im[a], im[b] = (x1 + x2) * sq2, (x1 - x2) * sq2, (y1 + y2) * sq2, (y1 - y2) * sq2
    elif gate == "RX":
        re[a], re[b], im[a], im[b] = x1 * c + y2 * s, y1 * s + x2 * c, y1 * c - x2 * s, y2 * c - x1 * s
    elif gate == "RY":
        re[a], re[b], im[a], im[b] = x1 * c - x2 * s, x1 * s + x2 * c, y1 * c - y2 * s, y2 * c + y1 * s
    elif gate == "RZ":
        re[b], im[b] = x2 * c - y2 * s, x2 * s + y2 * c
    elif gate == "NOT":
        re[a], re[b], im[a], im[b] = x2, x1, y2, y1
    return re, im


def qpgpu_two(re, im, block1, block2, gate, c=0.0, s=0.0):
    """QPanda's two-qubit kernels: CNOT (control Block1, target Block2: swap |c=1,t=0> and |c=1,t=1>), CR (phase
    (c, s) on |11>), iSWAP and sqiSWAP (on |10> and |01> of the larger and smaller block, as the code writes them)."""
    re, im = re.astype(np.float64).copy(), im.astype(np.float64).copy()
    i = np.arange(re.size)
    if gate in ("CNOT", "CR"):
        base = i[((i & block1) != 0) & ((i & block2) == 0)]
        if gate == "CNOT":
            t = base + block2
            re[base], re[t], im[base], im[t] = re[t].copy(), re[base].copy(), im[t].copy(), im[base].copy()
        else:
            t = base + block2
            x, y = re[t].copy(), im[t].copy()
            re[t], im[t] = x * c - y * s, x * s + y * c
        return re, im
    hi, lo = max(block1, block2), min(block1, block2)
    cor = i[((i & hi) != 0) & ((i & lo) == 0)]
    rea = cor - hi + lo
    x1, y1, x2, y2 = re[cor].copy(), im[cor].copy(), re[rea].copy(), im[rea].copy()
    sq2 = 0.707106781186548
    if gate == "iSWAP":
        re[cor], im[cor], re[rea], im[rea] = y2, -x2, y1, -x1
    else:
        re[cor], im[cor], re[rea], im[rea] = (x1 + y2) * sq2, (y1 - x2) * sq2, (x2 + y1) * sq2, (y2 - x1) * sq2
    return re, im


def qpgpu_init(dim):
    """initState's result: |0...0> (re[0] = 1, everything else 0)."""
    re = np.zeros(dim)
    re[0] = 1
    return re, np.zeros(dim)


def qpgpu_prob(re, im, block, nblocks):
    """qubitprob's per-block sums of |amp|^2 over the amplitudes whose bit `block` is 0, thread t of block b taking pair
    b * 1024 + t."""
    a, _ = _qp_pairs(re.size, block)
    p = re[a].astype(np.float64) ** 2 + im[a].astype(np.float64) ** 2
    return p.reshape(nblocks, -1).sum(1)

# --- FolkeV/CUDA_CCL (files fvccl_*.cu): Playne-equivalence 8-way connected-component labelling; artecs-group/sycl-optic-flow
# (soflow_*.cu): its CUDA dense Lucas-Kanade ---------------------------------------------------------------------------------

def fvccl_image(rows, cols, seed):
    """A binary image as main.cu makes one: a grey image (here uniform noise smoothed by a 5 x 5 box, as uint8) thresholded by
    util::threshold at util::mean (the integer mean): 255 above it, else 0. (rows, cols) uint8."""
    g = np.random.default_rng(seed).uniform(0, 255, (rows + 4, cols + 4))
    s = sum(g[i:i + rows, j:j + cols] for i in range(5) for j in range(5)) / 25
    grey = s.astype(np.uint8)
    mean = int(grey.astype(np.int64).sum()) // grey.size
    return np.where(grey > mean, 255, 0).astype(np.uint8)


def fvccl_init(img):
    """init_labels: each pixel's label the flat index of its same-valued NW, else N, else NE, else W neighbour, else its own."""
    img = np.asarray(img)
    rows, cols = img.shape
    out = np.zeros((rows, cols), np.uint32)
    for y in range(rows):
        for x in range(cols):
            p = img[y, x]
            lab = y * cols + x
            if x > 0 and img[y, x - 1] == p:
                lab = y * cols + x - 1
            if y > 0 and x < cols - 1 and img[y - 1, x + 1] == p:
                lab = (y - 1) * cols + x + 1
            if y > 0 and img[y - 1, x] == p:
                lab = (y - 1) * cols + x
            if y > 0 and x > 0 and img[y - 1, x - 1] == p:
                lab = (y - 1) * cols + x - 1
            out[y, x] = lab
    return out


def _fvccl_root(flat, lab):
    nxt = int(flat[lab])
    while lab != nxt:
        lab, nxt = nxt, int(flat[nxt])
    return lab


def fvccl_resolve(labels):
    """resolve_labels: every pixel's label replaced by the root of its chain (path compression by other threads changes no
    root, so the result is the same in any order)."""
    labels = np.asarray(labels)
    flat = labels.reshape(-1).astype(np.int64)
    return np.array([_fvccl_root(flat, int(flat[i])) for i in range(flat.size)], np.uint32).reshape(labels.shape)


def fvccl_reduce(labels, img):
    """label_reduction in raster order, one thread after another (its atomicMin at once): the kernel's reduction() port."""
    img = np.asarray(img)
    rows, cols = img.shape
    g = np.asarray(labels).reshape(-1).astype(np.int64).copy()

    def reduction(l1, l2):
        n1 = g[l1] if l1 != l2 else 0
        n2 = g[l2] if l1 != l2 else 0
        while l1 != l2 and l1 != n1:
            l1 = int(n1)
            n1 = g[l1]
        while l1 != l2 and l2 != n2:
            l2 = int(n2)
            n2 = g[l2]
        while l1 != l2:
            if l1 < l2:
                l1, l2 = l2, l1
            l3 = int(g[l1])
            g[l1] = min(l3, l2)
            l1 = l2 if l1 == l3 else l3
        return l1

    for y in range(rows):
        for x in range(cols):
            p = img[y, x]
            if y > 0 and img[y - 1, x] == p:
                continue
            nw = y > 0 and x > 0 and img[y - 1, x - 1] == p
            w = x > 0 and img[y, x - 1] == p
            ne = y > 0 and x < cols - 1 and img[y - 1, x + 1] == p
            if ne:
                if (nw and w) or (nw and not w):
                    reduction(int(g[y * cols + x]), int(g[(y - 1) * cols + x + 1]))
                if not nw and w:
                    reduction(int(g[y * cols + x]), int(g[y * cols + x - 1]))
    return g.astype(np.uint32).reshape(rows, cols)


def fvccl_components(img):
    """An independent reading: 8-connected components of equal-valued pixels by a flood fill, each pixel labelled with the
    smallest flat index of its component (where Playne's roots end). (rows, cols) uint32."""
    img = np.asarray(img)
    rows, cols = img.shape
    out = np.full((rows, cols), -1, np.int64)
    for y0 in range(rows):
        for x0 in range(cols):
            if out[y0, x0] >= 0:
                continue
            lab = y0 * cols + x0
            out[y0, x0] = lab
            stack = [(y0, x0)]
            while stack:
                y, x = stack.pop()
                for dy in (-1, 0, 1):
                    for dx in (-1, 0, 1):
                        v, u = y + dy, x + dx
                        if 0 <= v < rows and 0 <= u < cols and out[v, u] < 0 and img[v, u] == img[y0, x0]:
                            out[v, u] = lab
                            stack.append((v, u))
    return out.astype(np.uint32)


def fvccl_background(labels, img):
    """resolve_background: label + 1 on foreground pixels, 0 on background."""
    return np.where(np.asarray(img) > 0, np.asarray(labels).astype(np.uint32) + 1, 0).astype(np.uint32)


def soflow_frames(ny, nx, seed):
    """Three grey frames (3, ny, nx) uint8 of one smoothed random scene moving one pixel right and down a frame."""
    g = np.random.default_rng(seed).uniform(0, 255, (ny + 6, nx + 6))
    s = (sum(g[i:i + ny + 2, j:j + nx + 2] for i in range(5) for j in range(5)) / 25).astype(np.uint8)
    return np.stack([s[2 - t:2 - t + ny, 2 - t:2 - t + nx] for t in range(3)])


def soflow_it(buf, iframe, filt):
    """temp_convolution_GPU: It = sum over fr of filter[fr] * frame slot (fr + iframe + 1) % size, float32 in that order."""
    buf = np.asarray(buf)
    n = len(filt)
    it = np.zeros(buf.shape[1:], np.float32)
    for fr in range(n):
        it = (it + np.float32(filt[fr]) * buf[(fr + iframe + 1) % n].astype(np.float32)).astype(np.float32)
    return it


def soflow_ix(frame, filt):
    """spac_convolution2D_x_GPU on one (ny, nx) frame: the 'left-top' 1-D filter along x, the edges' taps dropped."""
    f = np.asarray(frame).astype(np.float32)
    ny, nx = f.shape
    c = (len(filt) - 1) // 2
    out = np.zeros((ny, nx), np.float32)
    for j in range(nx):
        ks = range(c - j, len(filt)) if j < c else (range(0, c + nx - j) if j >= nx - c else range(len(filt)))
        for k in ks:
            out[:, j] = (out[:, j] + f[:, j + k - c] * np.float32(filt[k])).astype(np.float32)
    return out


def soflow_iy(frame_ext, nx, ny, filt):
    """spac_convolution2D_y_GPU as written: its bottom-edge test compares the row with nx - c (not ny - c), so with nx > ny
    the last rows take the interior branch and read row ny, which frame_ext (at least ny + 1 rows) supplies."""
    f = np.asarray(frame_ext).astype(np.float32)
    c = (len(filt) - 1) // 2
    out = np.zeros((ny, nx), np.float32)
    for i in range(ny):
        ks = range(c - i, len(filt)) if i < c else (range(0, c + nx - i) if i >= nx - c else range(len(filt)))
        for k in ks:
            out[i] = (out[i] + f[i + k - c] * np.float32(filt[k])).astype(np.float32)
    return out


def soflow_lk(ix, iy, it, window):
    """luca_kanade_1step_GPU's (Vx, Vy) in float64 on the pixels it writes (a window's half-width from each edge), by the
    2 x 2 normal equations' inverse; NaN elsewhere (the kernel leaves them)."""
    ix, iy, it = (np.asarray(a, np.float64) for a in (ix, iy, it))
    ny, nx = ix.shape
    c = (window - 1) // 2
    vx = np.full((ny, nx), np.nan)
    vy = np.full((ny, nx), np.nan)
    for i in range(c, ny - c):
        for j in range(c, nx - c):
            wx, wy, wt = (a[i - c:i + c + 1, j - c:j + c + 1] for a in (ix, iy, it))
            a11, a12, a22 = (wx * wx).sum(), (wx * wy).sum(), (wy * wy).sum()
            b1, b2 = (wx * wt).sum(), (wy * wt).sum()
            det = a11 * a22 - a12 * a12
            if det != 0:
                vx[i, j] = (a22 * -b1 + -a12 * -b2) / det
                vy[i, j] = (-a12 * -b1 + a11 * -b2) / det
            else:
                vx[i, j] = vy[i, j] = 0.0
    return vx, vy


# --- burtscher/ECL-Suite (files eclsu_*.cu): ECL-CC and ECL-MIS, baseline and race-free; chenxuhao/gardenia (files
# gard_*.cu): its CUDA connected components (hook and shortcut) and pull PageRank. One graph for both ----------------

_GRAPH67: dict = {}


def graph67():
    """The suite's undirected graph, 600 vertices, CSR both ways, each list sorted, no self-loop or repeat: a component
    of 420 vertices (a random recursive tree, two hubs joined to 380 and 400 of its vertices: degree over 352, ECL-CC's
    block-granularity class, and three vertices joined to 20-60: its warp class), one of 100 (a tree, two vertices
    of degree 20-40, 15 more random edges), and 80 vertices in components of 1 to 8 (trees with a chord where they
    can have one); ids shuffled. Returns dict(n, m (directed edges), nidx (n + 1), nlist (m), deg)."""
    if _GRAPH67:
        return _GRAPH67
    rng = np.random.default_rng(67)
    n = 600
    ids = rng.permutation(n)
    edges = set()

    def add(a, b):
        if a != b:
            edges.add((min(a, b), max(a, b)))

    def tree(vs):
        for i in range(1, len(vs)):
            add(vs[i], vs[rng.integers(0, i)])

    g1, g2, rest = ids[:420], ids[420:520], ids[520:]
    tree(g1)
    hubs = sorted(g1, reverse=True)[:2]                   # large ids: each has a smaller neighbour (compute1 lists it)
    for h, k in zip(hubs, (380, 400)):
        for w in rng.choice(g1, k, replace=False):
            add(h, w)
    for v in g1[5:8]:
        for w in rng.choice(g1, int(rng.integers(20, 61)), replace=False):
            add(v, w)
    tree(g2)
    for v in g2[3:5]:
        for w in rng.choice(g2, int(rng.integers(20, 41)), replace=False):
            add(v, w)
    for _ in range(15):
        add(*rng.choice(g2, 2, replace=False))
    i = 0
    while i < len(rest):
        s = int(min(rng.integers(1, 9), len(rest) - i))
        vs = rest[i:i + s]
        tree(vs)
        if s >= 3:
            add(vs[0], vs[-1])
        i += s
    adj = [[] for _ in range(n)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    deg = np.array([len(x) for x in adj], np.int32)
    nidx = np.concatenate([[0], np.cumsum(deg)]).astype(np.int32)
    nlist = np.array([w for x in adj for w in sorted(x)], np.int32)
    _GRAPH67.update(n=n, m=int(nidx[-1]), nidx=nidx, nlist=nlist, deg=deg)
    return _GRAPH67


def _g67_edges():
    g = graph67()
    src = np.repeat(np.arange(g["n"]), g["deg"])
    return src, g["nlist"].astype(np.int64)


def g67_components():
    """Each vertex's component, named by its smallest vertex (a breadth-first search, independent of the kernels)."""
    g = graph67()
    comp = np.full(g["n"], -1, np.int64)
    for s in range(g["n"]):
        if comp[s] < 0:
            comp[s] = s
            todo = [s]
            while todo:
                u = todo.pop()
                for w in g["nlist"][g["nidx"][u]:g["nidx"][u + 1]]:
                    if comp[w] < 0:
                        comp[w] = s
                        todo.append(w)
    return comp


def ecls_roots(nstat):
    """The root each vertex's ECL-CC parent chain ends at (parents only go down; a chain longer than n is an error)."""
    p = np.asarray(nstat, np.int64)
    r = p.copy()
    for _ in range(len(p) + 1):
        nxt = p[r]
        if np.array_equal(nxt, r):
            return r
        r = nxt
    raise ValueError("parent chains do not end")


def ecls_init():
    """ECL-CC init: each vertex's first neighbour (in list order) smaller than itself, or itself."""
    g = graph67()
    out = np.arange(g["n"], dtype=np.int64)
    for v in range(g["n"]):
        for w in g["nlist"][g["nidx"][v]:g["nidx"][v + 1]]:
            if w < v:
                out[v] = w
                break
    return out


def _ecls_class(v, deg):
    return "low" if deg[v] <= 16 else ("mid" if deg[v] <= 352 else "high")


def ecls_state(upto):
    """ECL-CC's nstat and worklist after its kernels up to `upto` (1: compute1, 2: compute2, 3: compute3), run one
    thread at a time in vertex order (one schedule the GPU may take), with the code's intermediate pointer jumping and
    its CAS loop. Returns dict(nstat, wl, topL, topH): the worklist as compute1 fills it (medium vertices from 0 up,
    high ones from n - 1 down, in vertex order)."""
    g = graph67()
    n, nidx, nlist, deg = g["n"], g["nidx"], g["nlist"], g["deg"]
    nstat = ecls_init().tolist()
    wl = [0] * n

    def rep(idx):
        curr = nstat[idx]
        if curr != idx:
            prev = idx
            while curr > nstat[curr]:
                nxt = nstat[curr]
                nstat[prev] = nxt
                prev, curr = curr, nxt
        return curr

    def hook_edges(v):
        vstat = rep(v)
        for i in range(nidx[v], nidx[v + 1]):
            nli = int(nlist[i])
            if v > nli:
                ostat = rep(nli)
                while True:
                    repeat = False
                    if vstat != ostat:
                        if vstat < ostat:
                            ret = nstat[ostat]
                            if ret == ostat:
                                nstat[ostat] = vstat
                            else:
                                ostat, repeat = ret, True
                        else:
                            ret = nstat[vstat]
                            if ret == vstat:
                                nstat[vstat] = ostat
                            else:
                                vstat, repeat = ret, True
                    if not repeat:
                        break

    topL, topH = 0, n - 1
    for v in range(n):
        if v != nstat[v]:
            if deg[v] > 16:
                if deg[v] <= 352:
                    wl[topL] = v
                    topL += 1
                else:
                    wl[topH] = v
                    topH -= 1
            else:
                hook_edges(v)
    if upto >= 2:
        for idx in range(topL):
            hook_edges(wl[idx])
    if upto >= 3:
        for idx in range(n - 1, topH, -1):
            hook_edges(wl[idx])
    return dict(nstat=np.array(nstat, np.int64), wl=np.array(wl, np.int64), topL=topL, topH=topH)


def ecls_partition(upto):
    """The sets ECL-CC's kernels up to `upto` have joined, each named by its smallest vertex, from the union of the
    edges they take (independent of the pointer structure): init's link of every vertex to its first smaller
    neighbour; compute1: every edge (v, w), w < v, of a vertex v of degree <= 16; compute2: those of degree 17-352;
    compute3: those above 352 (a vertex none of whose neighbours is smaller takes none; the larger side takes them)."""
    g = graph67()
    n, deg = g["n"], g["deg"]
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a, b):
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    for v, w in enumerate(ecls_init()):
        union(v, int(w))
    take = {1: ("low",), 2: ("low", "mid"), 3: ("low", "mid", "high")}[upto]
    src, dst = _g67_edges()
    for v, w in zip(src, dst):
        if w < v and _ecls_class(v, deg) in take:
            union(int(v), int(w))
    return np.array([find(x) for x in range(n)], np.int64)


def ecls_wl_vertices(kind):
    """The vertices compute1 puts on the worklist: 'mid' (degree 17-352) or 'high' (above 352), with a smaller
    neighbour, sorted."""
    g = graph67()
    init = ecls_init()
    return np.array([v for v in range(g["n"]) if init[v] != v and _ecls_class(v, g["deg"]) == kind], np.int64)


def eclmis_hash(val):
    """ECL-MIS's hash on uint32."""
    val = np.asarray(val, np.uint64) & 0xFFFFFFFF
    val = (((val >> 16) ^ val) * 0x45d9f3b) & 0xFFFFFFFF
    val = (((val >> 16) ^ val) * 0x45d9f3b) & 0xFFFFFFFF
    return (val >> 16) ^ val


def eclmis_init(size=None):
    """ECL-MIS init: 0xfe (in) for an isolated vertex, else (res + res) | 1 with res = rint(scaledavg / (avg + x)),
    x = degree - hash(i) * 2^-32, all in float32 (x as one fused multiply-add, as ptxas contracts it: the product exact
    in float64, one rounding to float32 after the add; scaledavg = 126 * avg, avg = edges / nodes). `size`: the array's
    length (the race-free host rounds it up to a multiple of 4); the bytes past nodes stay as the caller filled them
    (here 0)."""
    g = graph67()
    n = g["n"]
    f32 = np.float32
    avg = f32(f32(g["m"]) / f32(n))
    scaledavg = f32(f32(126) * avg)
    h = eclmis_hash(np.arange(n)).astype(np.float64)
    hf = h.astype(np.float32).astype(np.float64)          # (float)hash: unsigned to float, round to nearest
    c = float(np.float32(0.00000000023283064365386962890625))
    x = (g["deg"].astype(np.float64) - hf * c).astype(np.float32)
    q = (scaledavg / (avg + x)).astype(np.float32)
    res = np.rint(q).astype(np.int64)                      # __float2int_rn: ties to even, as np.rint
    val = np.where(g["deg"] > 0, (res + res) | 1, 0xFE)
    out = np.zeros(size or n, np.int64)
    out[:n] = val
    return out


def eclmis_result(size=None):
    """ECL-MIS's set, which no schedule changes: the greedy maximal independent set taking vertices by decreasing
    priority (init's byte, then the larger id), 0xfe in, 0 out; an isolated vertex is in."""
    g = graph67()
    n = g["n"]
    pri = eclmis_init()[:n]
    order = sorted(range(n), key=lambda v: (int(pri[v]), v), reverse=True)
    out = np.zeros(size or n, np.int64)
    taken = np.zeros(n, bool)
    for v in order:
        nb = g["nlist"][g["nidx"][v]:g["nidx"][v + 1]]
        if not taken[nb].any():
            taken[v] = True
    out[:n] = np.where(taken, 0xFE, 0)
    return out


def gard_hook_state():
    """Gardenia's hook, first round (comp[i] = i), one thread at a time in vertex order: a forest its shortcut takes."""
    g = graph67()
    comp = list(range(g["n"]))
    for src in range(g["n"]):
        cs = comp[src]
        for w in g["nlist"][g["nidx"][src]:g["nidx"][src + 1]]:
            cd = comp[int(w)]
            if cs == cd:
                continue
            hi, lo = max(cs, cd), min(cs, cd)
            if hi == comp[hi]:
                comp[hi] = lo
    return np.array(comp, np.int64)


def gard_forest_ok(comp):
    """Gardenia's hook's invariants on any schedule: every label at most its vertex, in its vertex's component, and
    fewer sets than vertices (some edge was hooked). 1 if all hold."""
    comp = np.asarray(comp, np.int64)
    c = g67_components()
    n = len(comp)
    ok = bool(np.all(comp <= np.arange(n)) and np.all(comp >= 0) and np.all(c[comp] == c)
              and np.sum(comp == np.arange(n)) < n)
    return np.array([int(ok)])


def gard_pr_contrib():
    """contrib on the host's first scores (1 / m each): 1/m / degree in float32 (an isolated vertex: inf)."""
    g = graph67()
    s = np.full(g["n"], np.float32(1.0) / np.float32(g["n"]), np.float32)
    with np.errstate(divide="ignore"):
        return s / g["deg"].astype(np.float32)


def gard_pr_sums(contrib):
    """pull_step: each vertex's float32 sum of its in-neighbours' contributions, added in list order."""
    g = graph67()
    contrib = np.asarray(contrib, np.float32)
    out = np.zeros(g["n"], np.float32)
    for v in range(g["n"]):
        acc = np.float32(0)
        for w in g["nlist"][g["nidx"][v]:g["nidx"][v + 1]]:
            acc = np.float32(acc + contrib[w])
        out[v] = acc
    return out


def gard_pr_l1(scores, sums, base):
    """l1norm: new scores base + 0.85f * sums (one fused multiply-add, float32) and the float32 sum of |new - old|
    (float64 here: the block sums' and atomics' order is the GPU's)."""
    scores = np.asarray(scores, np.float32)
    new = (np.float64(np.float32(0.85)) * np.asarray(sums, np.float32).astype(np.float64) + np.float64(np.float32(base))
           ).astype(np.float32)
    return new, np.array([np.abs(new.astype(np.float64) - scores.astype(np.float64)).sum()])


# ---- unseen68: Caffe (caffe_) pooling / embedding / dropout / softmax loss, dfdx (dfdx_) dropout -------------------------

def caffe_pool_shape(h, k, s, p):
    """Caffe's PoolingLayer::Reshape: ceil((h + 2p - k) / s) + 1, less one if the last window starts in the padding."""
    ph = int(np.ceil((h + 2 * p - k) / s)) + 1
    if p and (ph - 1) * s >= h + p:
        ph -= 1
    return ph


def caffe_blob(shape, seed, lo=-1.0, hi=1.0):
    """A float32 blob drawn from a fixed seed (the entries' inputs and their references both call it)."""
    return np.random.default_rng(seed).uniform(lo, hi, shape).astype(np.float32)


def caffe_maxpool(x, k, s, p):
    """Max pooling by windows, read directly: (top, argmax index h*W+w in the channel's plane); the first largest in
    row-major scan order wins (strict >), a window clipped to the image (padding never wins)."""
    n_, c_, h_, w_ = x.shape
    ph, pw = caffe_pool_shape(h_, k, s, p), caffe_pool_shape(w_, k, s, p)
    top = np.zeros((n_, c_, ph, pw), np.float32)
    idx = np.zeros((n_, c_, ph, pw), np.int64)
    for n in range(n_):
        for c in range(c_):
            for i in range(ph):
                for j in range(pw):
                    best, bi = -np.inf, -1
                    for y in range(i * s - p, i * s - p + k):
                        for xx in range(j * s - p, j * s - p + k):
                            if 0 <= y < h_ and 0 <= xx < w_ and x[n, c, y, xx] > best:
                                best, bi = x[n, c, y, xx], y * w_ + xx
                    top[n, c, i, j], idx[n, c, i, j] = best, bi
    return top, idx


def caffe_maxpool_bwd(top_diff, idx, h, w):
    """Every top gradient added to the bottom position its window's argmax names (a scatter-add, float64 then float32)."""
    n_, c_ = top_diff.shape[:2]
    out = np.zeros((n_, c_, h * w))
    for n in range(n_):
        for c in range(c_):
            np.add.at(out[n, c], idx[n, c].ravel(), top_diff[n, c].astype(np.float64).ravel())
    return out.reshape(n_, c_, h, w)


def _caffe_ave_windows(h, w, k, s, p):
    ph, pw = caffe_pool_shape(h, k, s, p), caffe_pool_shape(w, k, s, p)
    for i in range(ph):
        for j in range(pw):
            y0, x0 = i * s - p, j * s - p
            size = (min(y0 + k, h + p) - y0) * (min(x0 + k, w + p) - x0)   # the window clipped at the far padding only
            ys = range(max(y0, 0), min(y0 + k, h))
            xs = range(max(x0, 0), min(x0 + k, w))
            yield i, j, ys, xs, size


def caffe_avepool(x, k, s, p):
    """Average pooling: the sum over the window's image positions divided by the window's size counting the padding
    (Caffe's pool_size: clipped to h + p, w + p)."""
    n_, c_, h_, w_ = x.shape
    ph, pw = caffe_pool_shape(h_, k, s, p), caffe_pool_shape(w_, k, s, p)
    top = np.zeros((n_, c_, ph, pw))
    for i, j, ys, xs, size in _caffe_ave_windows(h_, w_, k, s, p):
        top[:, :, i, j] = x[:, :, ys.start:ys.stop, xs.start:xs.stop].astype(np.float64).sum(axis=(2, 3)) / size
    return top


def caffe_avepool_bwd(top_diff, h, w, k, s, p):
    """Each top gradient / its window size spread over the window's image positions."""
    n_, c_ = top_diff.shape[:2]
    out = np.zeros((n_, c_, h, w))
    for i, j, ys, xs, size in _caffe_ave_windows(h, w, k, s, p):
        out[:, :, ys.start:ys.stop, xs.start:xs.stop] += (top_diff[:, :, i, j].astype(np.float64) / size)[:, :, None, None]
    return out


def caffe_embed_ids(m, k, seed):
    """Token ids as Caffe's bottom blob holds them (float), with repeats."""
    return np.random.default_rng(seed).integers(0, k, m).astype(np.float32)


def caffe_embed_bwd(ids, top_diff, k):
    """weight_diff[id] summed over the tokens with that id (a zero weight_diff first)."""
    out = np.zeros((k, top_diff.shape[1]))
    for t, i in enumerate(ids.astype(np.int64)):
        out[i] += top_diff[t]
    return out


def caffe_uint_bits(n, seed):
    return np.random.default_rng(seed).integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)


def caffe_dropout(x, bits, thresh, scale):
    """x kept where the random uint32 is above the threshold, times scale (float32: x * keep first, then * scale)."""
    keep = (bits.astype(np.uint64) > thresh).astype(np.float32)
    return (x.astype(np.float32) * keep) * np.float32(scale)


def caffe_softmax_prob(n, c, s, seed):
    """Softmax over the channel axis of random logits, float32, shape (n, c, s)."""
    z = np.random.default_rng(seed).normal(0, 2, (n, c, s))
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)).astype(np.float32)


def caffe_labels(n, c, s, seed):
    return np.random.default_rng(seed).integers(0, c, (n, s)).astype(np.float32)


def caffe_softmax_loss(prob, labels, ignore):
    """(loss, counts) per position: -log p[label] (at least FLT_MIN), 0 and 0 where the label is the ignored one."""
    n_, c_, s_ = prob.shape
    loss = np.zeros((n_, s_), np.float32)
    cnt = np.zeros((n_, s_), np.float32)
    for n in range(n_):
        for s in range(s_):
            lab = int(labels[n, s])
            if lab == ignore:
                continue
            loss[n, s] = -np.log(max(np.float32(prob[n, lab, s]), np.float32(np.finfo(np.float32).tiny)), dtype=np.float32)
            cnt[n, s] = 1
    return loss, cnt


def caffe_softmax_loss_bwd(prob, labels, ignore):
    """The gradient before Caffe's scaling: p - onehot(label) per position, the whole channel column zero where ignored."""
    n_, c_, s_ = prob.shape
    g = prob.astype(np.float32).copy()
    for n in range(n_):
        for s in range(s_):
            lab = int(labels[n, s])
            if lab == ignore:
                g[n, :, s] = 0
            else:
                g[n, lab, s] -= np.float32(1)
    return g


def dfdx_mask(n, prob, seed):
    """A Bernoulli(prob) bool mask (true = dropped), as dfdx's host draws it (numpy's generator, not rand's)."""
    return np.random.default_rng(seed).random(n) < prob


def dfdx_dropout(x, mask, prob):
    """dfdx's forward: x * (0 if dropped else 1 / (1 - prob)), in float32."""
    one = np.float32(1)
    scale = np.where(mask, np.float32(0), one / (one - np.float32(prob))).astype(np.float32)
    return x.astype(np.float32) * scale


def dfdx_dropout_bwd(grad_inp, grad_out, mask, prob):
    """dfdx's backward: grad_inp += (0 if dropped else grad_out / (1 - prob)), in float32."""
    one = np.float32(1)
    add = np.where(mask, np.float32(0), grad_out.astype(np.float32) / (one - np.float32(prob))).astype(np.float32)
    return grad_inp.astype(np.float32) + add


# MTGP32-11213 (MersenneTwister-Lab/MTGP, BSD-3-Clause): the first two parameter sets of
# cuda-sample/mtgp32dc-param-11213.c (mtgp32dc_params_fast_11213[0..1]): pos, sh1, sh2, tbl, tmp_tbl, flt_tmp_tbl; mask.
_MTGP_PARAMS = [
    (88, 19, 5,
     [0x00000000, 0xaba4d62c, 0xbb076f87, 0x10a3b9ab, 0x22000000, 0x89a4d62c, 0x99076f87, 0x32a3b9ab,
      0x000095ba, 0xaba44396, 0xbb07fa3d, 0x10a32c11, 0x220095ba, 0x89a44396, 0x9907fa3d, 0x32a32c11],
     [0x00000000, 0x06100000, 0x25d80000, 0x23c80000, 0x282c0000, 0x2e3c0000, 0x0df40000, 0x0be40000,
      0x3302de00, 0x3512de00, 0x16dade00, 0x10cade00, 0x1b2ede00, 0x1d3ede00, 0x3ef6de00, 0x38e6de00],
     [0x3f800000, 0x3f830800, 0x3f92ec00, 0x3f91e400, 0x3f941600, 0x3f971e00, 0x3f86fa00, 0x3f85f200,
      0x3f99816f, 0x3f9a896f, 0x3f8b6d6f, 0x3f88656f, 0x3f8d976f, 0x3f8e9f6f, 0x3f9f7b6f, 0x3f9c736f]),
    (84, 15, 12,
     [0x00000000, 0x9a975707, 0x75c21b11, 0xef554c16, 0x15500019, 0x8fc7571e, 0x60921b08, 0xfa054c0f,
      0x0000d269, 0x9a97856e, 0x75c2c978, 0xef559e7f, 0x1550d270, 0x8fc78577, 0x6092c961, 0xfa059e66],
     [0x00000000, 0x00646c00, 0x0810f000, 0x08749c00, 0x37028000, 0x3766ec00, 0x3f127000, 0x3f761c00,
      0x00505e00, 0x00343200, 0x0840ae00, 0x0824c200, 0x3752de00, 0x3736b200, 0x3f422e00, 0x3f264200],
     [0x3f800000, 0x3f803236, 0x3f840878, 0x3f843a4e, 0x3f9b8140, 0x3f9bb376, 0x3f9f8938, 0x3f9fbb0e,
      0x3f80282f, 0x3f801a19, 0x3f842057, 0x3f841261, 0x3f9ba96f, 0x3f9b9b59, 0x3f9fa117, 0x3f9f9321]),
]
_MTGP_MASK = 0xfff80000
_MTGP_N = 351


def mtgp_symbol(name):
    """A constant table as make_constant fills it for the first two parameter sets (BLOCK_NUM_MAX = 200 rows; the rows
    past 2 zero, as a fresh module's constant bank)."""
    if name == "mask":
        return np.array([_MTGP_MASK], np.uint64)
    col = {"pos_tbl": 0, "sh1_tbl": 1, "sh2_tbl": 2, "param_tbl": 3, "temper_tbl": 4, "single_temper_tbl": 5}[name]
    if col < 3:
        out = np.zeros(200, np.uint64)
        for b, p in enumerate(_MTGP_PARAMS):
            out[b] = p[col]
        return out
    out = np.zeros((200, 16), np.uint64)
    for b, p in enumerate(_MTGP_PARAMS):
        out[b] = p[col]
    return out.reshape(-1)


def mtgp_state(blocks):
    """Each block's 351-word state (fixed random words in place of the host's mtgp32_init_state(i + 1))."""
    return np.random.default_rng(4242).integers(0, 1 << 32, blocks * _MTGP_N, dtype=np.uint64)


def mtgp_ref(blocks, size, kind):
    """MTGP32 as the paper defines it, one word at a time: with s the state words followed by the outputs,
    s[k + N] = rec(s[k], s[k + 1], s[k + pos]) with rec(X1, X2, Y): X = (X1 & mask) ^ X2, X ^= X << sh1,
    Y = X ^ (Y >> sh2), Y ^ tbl[Y & 15]; output k tempers s[k + N] by T = s[k + pos - 1], T ^= T >> 16, T ^= T >> 8:
    'uint32': s ^ tmp_tbl[T & 15]; 'single': (s >> 9) ^ flt_tmp_tbl[T & 15] (a float's bits in [1, 2)).
    Returns (the outputs, block after block, and each block's last 351 words: the state the kernel writes back)."""
    M = 0xFFFFFFFF
    st = mtgp_state(blocks)
    data, new = [], []
    for b in range(blocks):
        pos, sh1, sh2, tbl, ttbl, ftbl = _MTGP_PARAMS[b]
        s = [int(v) for v in st[b * _MTGP_N:(b + 1) * _MTGP_N]]
        for k in range(size):
            x = ((s[k] & _MTGP_MASK) ^ s[k + 1]) & M
            x ^= (x << sh1) & M
            y = x ^ (s[k + pos] >> sh2)
            r = y ^ tbl[y & 15]
            s.append(r)
            t = s[k + pos - 1]
            t ^= t >> 16
            t ^= t >> 8
            data.append(r ^ ttbl[t & 15] if kind == "uint32" else (r >> 9) ^ ftbl[t & 15])
        new.extend(s[-_MTGP_N:])
    return np.array(data, np.uint64), np.array(new, np.uint64)


# JAX's Threefry2x32 (jax-ml/jax jaxlib/gpu/prng_kernels.cu.cc): Random123's known-answer inputs for threefry2x32_20
# (key, counter) -> output, placed first in the inputs; the rest random words.
_TF_KAT = [((0x00000000, 0x00000000), (0x00000000, 0x00000000), (0x6b200159, 0x99ba4efe)),
           ((0xffffffff, 0xffffffff), (0xffffffff, 0xffffffff), (0x1cb996fc, 0xbb002be7)),
           ((0x13198a2e, 0x03707344), (0x243f6a88, 0x85a308d3), (0xc4923a9c, 0x483df7a0))]


def jaxtf_inputs(n, which):
    """key0, key1, data0 or data1 for n pairs: the three known-answer pairs first, then fixed random words."""
    col = {"key0": (0, 0), "key1": (0, 1), "data0": (1, 0), "data1": (1, 1)}[which]
    v = np.random.default_rng(77).integers(0, 1 << 32, (4, max(n, 3)), dtype=np.uint64)
    out = v[["key0", "key1", "data0", "data1"].index(which)].copy()
    for i, kat in enumerate(_TF_KAT):
        out[i] = kat[col[0]][col[1]]
    return out[:n]


def threefry2x32(k0, k1, x0, x1):
    """Threefry2x32 with 20 rounds (Salmon et al. 2011), on uint64 arrays holding 32-bit words: key schedule
    ks = (k0, k1, k0 ^ k1 ^ 0x1BD11BDA), rotations 13 15 26 6 17 29 16 24, an injection after every 4 rounds."""
    M = np.uint64(0xFFFFFFFF)
    k0, k1, x0, x1 = (np.asarray(a, np.uint64) & M for a in (k0, k1, x0, x1))
    ks = [k0, k1, (k0 ^ k1 ^ np.uint64(0x1BD11BDA)) & M]
    rot = [13, 15, 26, 6, 17, 29, 16, 24]
    x0 = (x0 + ks[0]) & M
    x1 = (x1 + ks[1]) & M
    for r in range(20):
        d = np.uint64(rot[r % 8])
        x0 = (x0 + x1) & M
        x1 = ((x1 << d) | (x1 >> (np.uint64(32) - d))) & M
        x1 ^= x0
        if r % 4 == 3:
            s = r // 4 + 1
            x0 = (x0 + ks[s % 3]) & M
            x1 = (x1 + ks[(s + 1) % 3] + np.uint64(s)) & M
    return x0, x1


# Mandelbrot escape counts (blegal/Mandelbrot-SIMD-and-GPU mandelbrot_sp.cu): z = c, then per counter: r2 = x*x, i2 = y*y,
# y = 2xy + ci, x = r2 - i2 + cr, return counter if r2 + i2 > 4; max_iters - 1 if it never escapes.
def mandel_counts(cr, ci, max_iters, dtype):
    """The escape counter of each start point (arrays), iterated in dtype (float32 or float64), one point at a time."""
    t = np.dtype(dtype).type
    out = np.full(np.shape(cr), max_iters - 1, np.int64)
    for idx in np.ndindex(np.shape(cr)):
        c_r, c_i = t(cr[idx]), t(ci[idx])
        x, y = c_r, c_i
        for counter in range(max_iters):
            r2, i2 = x * x, y * y
            y = t(2) * x * y + c_i
            x = r2 - i2 + c_r
            if r2 + i2 > t(4):
                out[idx] = counter
                break
    return out


def mandel_view(width, height, zoom, left, top):
    """Start points of pixel (x, y): (left + x * zoom, top + y * zoom), exact in float32 for dyadic steps."""
    ys, xs = np.mgrid[0:height, 0:width]
    return left + xs * zoom, top + ys * zoom


def mandel_ref(width, height, zoom, cx, cy, max_iters, dtype, corner=False):
    """The kernels' image: the double kernels' start point offset - (W / 2) * zoom + x * zoom (corner=False: cx, cy the
    centre); mandelbrot_sp's offset + x * zoom (corner=True: cx, cy the corner the host computed). Asserts the view is
    not on a rounding edge: the counts in float32 and float64 agree at every pixel."""
    left, top = (cx, cy) if corner else (cx - width / 2 * zoom, cy - height / 2 * zoom)
    cr, ci = mandel_view(width, height, zoom, left, top)
    a = mandel_counts(cr, ci, max_iters, np.float64)
    b = mandel_counts(cr, ci, max_iters, np.float32)
    assert (a == b).all(), f"{int((a != b).sum())} pixels differ between float32 and float64: pick another view"
    return a if dtype == "float64" else b


# neural_renderer (daniilidis-group/neural_renderer, MIT): load_textures_cuda_kernel and create_texture_image_cuda_kernel.
def neurend_faces(num_faces, seed):
    """UV triangles (num_faces, 3, 2) in (-1.5, 2.5), never within 0.01 of an integer (the in-place wrap idempotent)."""
    v = np.random.default_rng(seed).uniform(-1.5, 2.5, (num_faces, 3, 2))
    near = np.abs(v - np.round(v)) < 0.01
    v[near] += 0.05
    return v


def neurend_load_textures(image, faces, textures, is_update, wrapping, bilinear):
    """An independent reading of the kernel: returns (textures, faces) after the launch, in float64 (checked with rtol)."""
    image = np.asarray(image, np.float64)
    faces = np.asarray(faces, np.float64).copy()
    tex = np.asarray(textures, np.float64).copy()
    nf, ts = tex.shape[0], tex.shape[1]
    h, w = image.shape[0], image.shape[1]
    fm = lambda x, y: np.fmod(x, y) if x > 0 else y + np.fmod(x, y)
    for f in range(nf):
        if is_update[f] == 0:
            continue
        uv = faces[f].reshape(-1)
        for i in range(6):
            if wrapping == 0:
                uv[i] = fm(uv[i], 1.0)
            elif wrapping == 1:
                uv[i] = fm(uv[i], 1.0) if fm(uv[i], 2.0) < 1 else 1 - fm(uv[i], 1.0)
            elif wrapping == 2:
                uv[i] = min(max(uv[i], 0.0), 1.0)
        faces[f] = uv.reshape(3, 2)
        for a in range(ts):
            for b in range(ts):
                for c in range(ts):
                    d = np.array([a, b, c], np.float64) / (ts - 1)
                    if d.sum() > 0:
                        d = d / np.float64(np.float32(d.sum()))   # the kernel's `float sum`, at double too
                    px = (faces[f, :, 0] @ d) * (w - 1)
                    py = (faces[f, :, 1] @ d) * (h - 1)
                    if wrapping == 3:
                        tex[f, a, b, c] = 0
                    elif bilinear:
                        x0, y0 = int(px), int(py)
                        x1, y1 = min(x0 + 1, w - 1), min(y0 + 1, h - 1)
                        wx, wy = px - x0, py - y0
                        tex[f, a, b, c] = (image[y0, x0] * (1 - wx) * (1 - wy) + image[y1, x0] * (1 - wx) * wy
                                           + image[y0, x1] * wx * (1 - wy) + image[y1, x1] * wx * wy)
                    else:
                        rx, ry = (int(np.floor(abs(v) + 0.5)) * (1 if v >= 0 else -1) for v in (px, py))
                        tex[f, a, b, c] = image[ry, rx]
    return tex, faces


def neurend_tile_vertices(num_faces, tile_width, tso, seed):
    """Each face's triangle (num_faces, 3, 2) in its tile's pixel coordinates: (x, y) inside [col * tso, (col + 1) * tso)
    along x by the face's row index... as the kernel reads: fn = row + column * tile_width with row = x // tso."""
    rng = np.random.default_rng(seed)
    v = np.zeros((num_faces, 3, 2))
    for fn in range(num_faces):
        row, col = fn % tile_width, fn // tile_width
        v[fn, :, 0] = row * tso + rng.uniform(0.2, tso - 0.2, 3)
        v[fn, :, 1] = col * tso + rng.uniform(0.2, tso - 0.2, 3)
    return v


def neurend_texture_image(vertices, textures, tile_width, tso, eps):
    """An independent reading of create_texture_image_cuda_kernel: pixel (x, y) of a (tile_width * tso)^2 image takes the
    face of its tile, the barycentric weights of (x, y) in the triangle, normalised, scaled to texel indices in
    [0, tsi - 1 - eps], and a trilinear blend of the face's texels. float64."""
    tsi = textures.shape[1]
    n = tile_width * tso
    out = np.zeros((n, n, 3))
    for y in range(n):
        for x in range(n):
            fn = x // tso + (y // tso) * tile_width
            p = np.asarray(vertices[fn], np.float64)
            m = np.array([[p[0, 0], p[1, 0], p[2, 0]], [p[0, 1], p[1, 1], p[2, 1]], [1.0, 1.0, 1.0]])
            wgt = np.linalg.solve(m, [x, y, 1.0])   # barycentric weights, summing to 1
            wgt = wgt / (wgt.sum() + eps)
            t = np.clip(wgt * (tsi - 1), 0, tsi - 1 - eps)
            i0 = t.astype(int)
            fr = t - i0
            acc = np.zeros(3)
            for corner in range(8):
                idx, wt = [], 1.0
                for k in range(3):
                    hi = (corner >> k) & 1
                    idx.append(i0[k] + hi)
                    wt *= fr[k] if hi else 1 - fr[k]
                acc += wt * np.asarray(textures[fn, idx[0], idx[1], idx[2]], np.float64)
            out[y, x] = acc
    return out


def neurend_boundary(image, tso):
    """create_texture_image_boundary_cuda_kernel: pixel (x, y) with y % tso + 1 == x % tso takes pixel (x - 1, y)."""
    out = np.asarray(image).copy()
    n = out.shape[1]
    for y in range(out.shape[0]):
        for x in range(n):
            if y % tso + 1 == x % tso:
                out[y, x] = image[y, x - 1]
    return out


# GPJSON (koesie10/gpjson, BSD-3-Clause): the JSON-lines structural index, stage by stage. gpjson_text builds a fixed
# JSON-lines file (objects, arrays, numbers, strings holding escaped quotes, runs of backslashes, braces, commas, colons
# and UTF-8 bytes); every later input is the earlier stage's expected output with the host's scans in between, as the
# Java stages (NewlineIndex, StringIndex, LeveledBitmapsIndex) run them. All at the host's <<<8, 1024>>>: 8,192 threads.
_GPJ_THREADS = 8 * 1024


def gpjson_text(n):
    """n bytes of JSON lines (int8), built from a fixed seed; the last record cut at n is completed by spaces."""
    r = np.random.default_rng(2026)
    words = ["alpha", "b\\\"q\\\"", "c\\\\d", "x{y}", "[a,b]", "k:v", "caf\u00e9", "\u00fcber", "tab\\t", "e\\\\\\\"f",
             "plain", "x\\\\\\\\y", "\u20ac5"]

    def value(depth):
        k = int(r.integers(0, 5 if depth < 3 else 3))
        if k == 0:
            return str(int(r.integers(-999, 9999)))
        if k == 1:
            return '"' + words[int(r.integers(0, len(words)))] + '"'
        if k == 2:
            return "true" if r.integers(0, 2) else "null"
        if k == 3:
            return "[" + ", ".join(value(depth + 1) for _ in range(int(r.integers(0, 4)))) + "]"
        return obj(depth + 1)

    def obj(depth):
        items = ['"%s": %s' % (words[int(r.integers(0, len(words)))], value(depth)) for _ in range(int(r.integers(1, 5)))]
        return "{" + ",".join(items) + "}"

    out = b""
    while len(out) < n:
        out += obj(0).encode("utf-8") + b"\n"
    out = out[:n]
    return np.frombuffer(out, np.uint8).astype(np.int8)


def _gpj_u8(text):
    return np.asarray(text).astype(np.int8).view(np.uint8)


def gpjson_count_newlines(text):
    """Each thread's count of '\\n' in its ceil(n / 8192) consecutive bytes."""
    t = _gpj_u8(text)
    n = t.size
    cpt = (n + _GPJ_THREADS - 1) // _GPJ_THREADS
    out = np.zeros(_GPJ_THREADS, np.int64)
    for i in range(_GPJ_THREADS):
        out[i] = int(np.sum(t[i * cpt:min(n, (i + 1) * cpt)] == 10))
    return out


def gpjson_newline_offsets(text):
    """The host's createOffsetsIndex: 1 + the exclusive prefix sum of the counts (slot 0 the record start at 0)."""
    c = gpjson_count_newlines(text)
    return 1 + np.concatenate([[0], np.cumsum(c)[:-1]])


def gpjson_newline_index(text):
    """Slot 0 left as the host leaves it (here zero), slot k the position of the k-th newline."""
    t = _gpj_u8(text)
    pos = np.nonzero(t == 10)[0]
    return np.concatenate([[0], pos]).astype(np.int64)


def _gpj_chunk(n):
    """Characters per thread of the 64-aligned stages."""
    return ((((n + _GPJ_THREADS - 1) // _GPJ_THREADS) + 63) // 64) * 64


def gpjson_escape_carry(text):
    """Per thread (64-byte chunks), the parity of the backslash run its chunk ends with, from a zero carry."""
    t = _gpj_u8(text)
    n, c = t.size, max(_gpj_chunk(t.size), 64)
    out = np.zeros(_GPJ_THREADS, np.int64)
    for i in range(_GPJ_THREADS):
        carry = 0
        for ch in t[i * c:min(n, (i + 1) * c)]:
            carry = (1 ^ carry) if ch == 92 else 0
        out[i] = carry
    return out


def _gpj_escaped(t):
    """Per byte: is it escaped (preceded by an odd run of backslashes), read left to right over the whole file."""
    esc = np.zeros(t.size, bool)
    run = 0
    for i, ch in enumerate(t):
        esc[i] = run % 2 == 1
        run = run + 1 if ch == 92 else 0
    return esc


def _gpj_words(bits):
    """Pack a per-byte bool array into little-endian 64-bit words (bit i % 64 of word i // 64), as int64."""
    nw = (bits.size + 63) // 64
    out = np.zeros(nw, np.uint64)
    for i in np.nonzero(bits)[0]:
        out[i // 64] |= np.uint64(1) << np.uint64(i % 64)
    return out.view(np.int64)


def gpjson_escape_index(text):
    return _gpj_words(_gpj_escaped(_gpj_u8(text)))


def _gpj_quotes(t):
    return (t == 34) & ~_gpj_escaped(t)


def gpjson_quote_index(text):
    """The unescaped quotes, one bit a byte."""
    return _gpj_words(_gpj_quotes(_gpj_u8(text)))


def gpjson_quote_carry(text):
    """Each thread's count of unescaped quotes in its 64-aligned chunk, mod 2."""
    t = _gpj_u8(text)
    q = _gpj_quotes(t)
    n, c = t.size, _gpj_chunk(t.size)
    out = np.zeros(_GPJ_THREADS, np.int64)
    for i in range(_GPJ_THREADS):
        out[i] = int(np.sum(q[i * c:min(n, (i + 1) * c)])) & 1
    return out


def gpjson_quote_carry_scanned(text):
    """The host's copyCarryBuffer loop: an inclusive prefix XOR of the quote carries."""
    return np.bitwise_xor.accumulate(gpjson_quote_carry(text))


def _gpj_in_string(t):
    """Per byte: the parity of the unescaped quotes at or before it (the opening quote in, the closing one out)."""
    return (np.cumsum(_gpj_quotes(t)) & 1).astype(bool)


def gpjson_string_index(text):
    """The in-string mask, one bit a byte; the bits past n in the last word follow the last byte's state."""
    t = _gpj_u8(text)
    s = _gpj_in_string(t)
    nw = (t.size + 63) // 64
    pad = np.full(nw * 64, bool(s[-1]) if s.size else False)
    pad[:t.size] = s
    return _gpj_words(pad)


def gpjson_level_carry(text):
    """Each thread's net level change over its 64-aligned chunk, outside strings."""
    t = _gpj_u8(text)
    s = _gpj_in_string(t)
    n, c = t.size, _gpj_chunk(t.size)
    out = np.zeros(_GPJ_THREADS, np.int64)
    for i in range(_GPJ_THREADS):
        lo, hi = i * c, min(n, (i + 1) * c)
        seg, ins = t[lo:hi], s[lo:hi]
        out[i] = int(np.sum(((seg == 123) | (seg == 91)) & ~ins)) - int(np.sum(((seg == 125) | (seg == 93)) & ~ins))
    return out


def gpjson_level_start(text):
    """The host's createLevelsIndex: -1 plus the exclusive prefix sum of the level carries."""
    c = gpjson_level_carry(text)
    return -1 + np.concatenate([[0], np.cumsum(c)[:-1]])


def gpjson_leveled_bitmaps(text, num_levels):
    """A byte-by-byte walk: '{' '[' raise the level and mark it, '}' ']' mark then lower it, ':' ',' mark the current
    level (when 0 <= level < num_levels); strings skipped. num_levels rows of (n + 63) // 64 words."""
    t = _gpj_u8(text)
    s = _gpj_in_string(t)
    n = t.size
    ls = (n + 63) // 64
    bits = np.zeros((num_levels, ls * 64), bool)
    level = -1
    for i in range(n):
        if s[i]:
            continue
        ch = t[i]
        if ch in (123, 91):
            level += 1
            if level < num_levels:
                bits[level, i] = True
        elif ch in (125, 93):
            if level < num_levels:
                bits[level, i] = True
            level -= 1
        elif ch in (58, 44) and 0 <= level < num_levels:
            bits[level, i] = True
    return np.concatenate([_gpj_words(bits[k]) for k in range(num_levels)])


# CUDA-grep (bkase/CUDA-grep, MIT): parallelMatch's inputs as nfa.cpp's main lays them out, and the matches by Python's
# re.fullmatch (the kernel's NFA runs the whole line and tests for the match state at its end: an anchored match).
_CUGREP_OPS = {".": 0x15, "+": 0x01, "?": 0x02, "*": 0x03, "|": 0x04, "(": 0x05, ")": 0x06}
_CUGREP_RES = [".*(cat|dog)s?.*", "(a|b)*c+(d|e)?"]


def _cugrep_lines(n, which):
    """n lines (no newline), fixed per seed: words around cat/dog for 'animals', strings over a-e for 'abcde'."""
    r = np.random.default_rng(71 if which == "animals" else 72)
    out = []
    for _ in range(n):
        if which == "animals":
            ws = ["the", "cat", "cats", "dog", "dogs", "cow", "ca", "do", "t", "s", "c\u00e4t"]
            out.append(" ".join(ws[int(k)] for k in r.integers(0, len(ws), int(r.integers(0, 6)))))
        else:
            k = int(r.integers(0, 9))
            s = "".join("abcde"[int(c)] for c in r.choice(5, k, p=[0.3, 0.3, 0.25, 0.1, 0.05]))
            out.append(s)
    return out


def cugrep_lines(n, which):
    """(the NUL-separated buffer as int8 with a final NUL, the uint32 table of line starts)."""
    ls = _cugrep_lines(n, which)
    buf, starts = b"", []
    for s in ls:
        starts.append(len(buf))
        buf += s.encode("utf-8") + b"\0"
    return np.frombuffer(buf, np.uint8).astype(np.int8), np.array(starts, np.uint32)


def cugrep_regexes(ids):
    """The regular expressions simplified to the operator codes (simplifyRe's mapping), NUL-separated, and their table."""
    buf, starts = b"", []
    for i in ids:
        starts.append(len(buf))
        buf += bytes(_CUGREP_OPS.get(ch, ord(ch)) for ch in _CUGREP_RES[i]) + b"\0"
    return np.frombuffer(buf, np.uint8).astype(np.int8), np.array(starts, np.uint32)


def cugrep_match(n, which, regex_id):
    """1 where the whole line matches the regular expression (re.fullmatch; '.' any one character), else 0: the last
    regular expression's result, as the kernel leaves devResult after its loop over them."""
    import re
    rx = re.compile(_CUGREP_RES[regex_id], re.S)
    out = []
    for s in _cugrep_lines(n, which):
        # the kernel steps byte by byte: a UTF-8 character is several steps, '.' matches each byte
        b = s.encode("utf-8").decode("latin-1")
        out.append(1 if rx.fullmatch(b) else 0)
    return np.array(out, np.uint8)


# CUDA_FDTD_2D_acoustic_wave_propagation (ovcharenkoo, MIT): the source term and one time step of the O(2,8) scheme with
# zero fields outside the grid (the kernels' reflective boundary), as float64 sums of the float32 inputs.
def ovwave_add_wavelet(u, wavelet, it, isrc, jsrc):
    """d_u with wavelet[it] added at column isrc, row jsrc (idx = gy * nx + gx)."""
    out = u.copy()
    out[jsrc, isrc] = np.float32(out[jsrc, isrc] + wavelet[it])
    return out


def ovwave_step(u1, u2, vp, coef, dt2dx2):
    """2 u2 - u1 + vp^2 (d2u2/dx2 + d2u2/dy2) dt2/dx2, the Laplacian from coef[0..4] on the 8th-order cross stencil."""
    ny, nx = u2.shape
    c = np.asarray(coef, np.float64).ravel()
    p = np.zeros((ny + 8, nx + 8))
    p[4:-4, 4:-4] = u2
    xx = c[0] * p[4:-4, 4:-4]
    yy = c[0] * p[4:-4, 4:-4]
    for d in range(1, 5):
        xx = xx + c[d] * (p[4:-4, 4 - d:4 - d + nx] + p[4:-4, 4 + d:4 + d + nx])
        yy = yy + c[d] * (p[4 - d:4 - d + ny, 4:-4] + p[4 + d:4 + d + ny, 4:-4])
    v = vp.astype(np.float64)
    return (2.0 * u2 - u1.astype(np.float64) + v * v * (xx + yy) * float(np.ravel(dt2dx2)[0])).astype(np.float32)


# GPU Ocean (metno/gpu-ocean, GPL-3.0): FBL_boundary_EW.cu's east-west boundaries on arrays whose rows are pitch-padded
# (only the first nx + 1 or nx + 2 columns are the field's; the padding must come back untouched).
def gpuocean_ew(a, nx, kind):
    """kind: 'closedU' (U[:, 0] = U[:, nx] = 0), 'periodicU' (U[:, nx] = U[:, 0]), 'closed' for V and eta
    (column 0 = column 1, column nx + 1 = column nx), 'periodic' for V and eta (column 0 = column nx, nx + 1 = 1)."""
    out = a.copy()
    if kind == "closedU":
        out[:, 0] = 0.0
        out[:, nx] = 0.0
    elif kind == "periodicU":
        out[:, nx] = a[:, 0]
    elif kind == "closed":
        out[:, 0] = a[:, 1]
        out[:, nx + 1] = a[:, nx]
    elif kind == "periodic":
        out[:, 0] = a[:, nx]
        out[:, nx + 1] = a[:, 1]
    return out


# gpu-sql-operators (sujalsin/gpu-sql-operators, MIT): rows are TableEntry {int64 key, int64 value} as int64 [n, 2]; the
# hash table is HashEntry {int64 key, int64 value, bool valid + 7 padding bytes} as int64 [n, 3] (the valid word: 0 or 1).
def gsql_table(n, seed, key_range=2000, unique=True):
    """n rows, fixed per seed: keys distinct from range(key_range) (or drawn with repeats), values in [-1000, 1000]."""
    r = np.random.default_rng(seed)
    keys = r.permutation(key_range)[:n] if unique else r.integers(0, key_range, n)
    return np.stack([keys, r.integers(-1000, 1001, n)], axis=1).astype(np.int64)


def gsql_hash(keys):
    """hash_function: int64 arithmetic, wrapping, the result truncated to uint32."""
    k = np.asarray(keys, np.int64).copy()
    with np.errstate(over="ignore"):
        k = ((k >> 16) ^ k) * np.int64(0x45d9f3b)
        k = ((k >> 16) ^ k) * np.int64(0x45d9f3b)
        k = (k >> 16) ^ k
    return k.astype(np.uint64) & np.uint64(0xffffffff)


def gsql_hash_table(build, size):
    """build_hash_table's table as a serial insertion in row order would lay it out (linear probing)."""
    t = np.zeros((size, 3), np.int64)
    for (key, val), h in zip(build, gsql_hash(build[:, 0])):
        pos = int(h) % size
        while t[pos, 2]:
            pos = (pos + 1) % size
        t[pos] = (key, val, 1)
    return t


def gsql_rows(rows):
    """The rows sorted by (key, value): a multiset of rows, whatever order atomicAdd gave them."""
    rows = np.asarray(rows).reshape(-1, 2)
    return rows[np.lexsort((rows[:, 1], rows[:, 0]))]


def gsql_valid_rows(table):
    """(key, value) of the table's valid slots, sorted."""
    return gsql_rows(table[table[:, 2] != 0][:, :2])


def gsql_join(build, probe):
    """An independent reading of the join: each probe row whose key is a build key gives (key, that build row's value)."""
    d = {int(k): int(v) for k, v in build}
    return gsql_rows(np.array([(int(k), d[int(k)]) for k, _ in probe if int(k) in d], np.int64))


def gsql_aggregate(rows, agg, block=256):
    """compute_aggregation per block of 256 rows (one row a thread): the block's sum (SUM; the warp reduction adds for every
    type), or for AVG the sum divided by the count, truncated toward zero as C's signed division does; sorted by value."""
    out = []
    for b in range(0, len(rows), block):
        v = [int(x) for x in rows[b:b + block, 1]]
        s = sum(v)
        if agg == "avg":
            q = abs(s) // len(v)
            s = q if s >= 0 else -q
        out.append((0, s))
    return gsql_rows(np.array(out, np.int64))


def gsql_last_block_count(rows, threshold, block=256):
    """filter_with_prefix_sum's *output_size: the last block's own count of rows with value > threshold."""
    last = (len(rows) - 1) // block * block
    return [int(np.sum(rows[last:, 1] > threshold))]


# SimpleGPUHashTable (nosferalatu/SimpleGPUHashTable, the Unlicense): KeyValue {uint32 key, value} as uint32 [n, 2];
# kHashTableCapacity 4096 here (the file header says why), kEmpty 0xffffffff.
SGPUHT_CAP, SGPUHT_EMPTY = 4096, 0xffffffff


def sgpuht_kvs(n, seed):
    """n distinct random keys (never kEmpty) with random values, fixed per seed."""
    r = np.random.default_rng(seed)
    keys = r.choice(2**32 - 1, n, replace=False)
    return np.stack([keys, r.integers(0, 2**32 - 1, n)], axis=1).astype(np.uint32)


def sgpuht_hash(k):
    k = int(k)
    k ^= k >> 16
    k = (k * 0x85ebca6b) & 0xffffffff
    k ^= k >> 13
    k = (k * 0xc2b2ae35) & 0xffffffff
    k ^= k >> 16
    return k & (SGPUHT_CAP - 1)


def sgpuht_table(kvs, deleted=()):
    """The table a serial insertion of kvs in order makes (linear probing), then the deleted keys' values set to kEmpty."""
    t = np.full((SGPUHT_CAP, 2), SGPUHT_EMPTY, np.uint32)
    for key, val in kvs:
        s = sgpuht_hash(key)
        while t[s, 0] not in (SGPUHT_EMPTY, key):
            s = (s + 1) & (SGPUHT_CAP - 1)
        t[s] = (key, val)
    for key in deleted:
        s = sgpuht_hash(key)
        while True:
            if t[s, 0] == key:
                t[s, 1] = SGPUHT_EMPTY
                break
            if t[s, 0] == SGPUHT_EMPTY:
                break
            s = (s + 1) & (SGPUHT_CAP - 1)
    return t


def sgpuht_queries(n, seed):
    """Lookup/delete queries: every other one an inserted key (from sgpuht_kvs(1500, 1)), the others absent keys."""
    ins = sgpuht_kvs(1500, 1)
    r = np.random.default_rng(seed)
    present = ins[r.choice(1500, n, replace=False), 0]
    have = set(int(k) for k in ins[:, 0])
    absent = [int(k) for k in r.integers(0, 2**32 - 1, 4 * n) if int(k) not in have][:n // 2]
    keys = present.astype(np.int64).copy()
    keys[1::2] = absent[:len(keys[1::2])]
    return np.stack([keys, r.integers(0, 2**32 - 1, n)], axis=1).astype(np.uint32)


def sgpuht_lookup(kvs_in):
    """An independent reading of lookup: each query key's value from a dict of the inserted pairs, else kEmpty."""
    d = {int(k): int(v) for k, v in sgpuht_kvs(1500, 1)}
    out = np.asarray(kvs_in).copy()
    out[:, 1] = [d.get(int(k), SGPUHT_EMPTY) for k in out[:, 0]]
    return out


def sgpuht_live(kvs, deleted=()):
    """The (key, value) pairs left after deletion, sorted: from a dict, not from the table."""
    d = {int(k): int(v) for k, v in kvs}
    for k in deleted:
        d.pop(int(k), None)
    return gsql_rows(np.array(sorted(d.items()), np.uint32))


# sora5801/CUDA-SHA256-SHA3 (MIT): batched SHA-256 and SHA-3, one message a thread. The constant tables are made here
# from their definitions (FIPS 180-4's cube roots of the first 64 primes; FIPS 202's LFSR round constants and the rho/pi
# walk in tiny_sha3's fused order), not copied from the source; the digests are Python's hashlib.
def _primes(n):
    out, k = [], 2
    while len(out) < n:
        if all(k % p for p in out if p * p <= k):
            out.append(k)
        k += 1
    return out


def _icbrt(v):
    """floor(v ** (1/3)) for a big integer v, by Newton's method."""
    x = 1 << ((v.bit_length() + 2) // 3)
    while True:
        y = (2 * x + v // (x * x)) // 3
        if y >= x:
            break
        x = y
    while x ** 3 > v:
        x -= 1
    while (x + 1) ** 3 <= v:
        x += 1
    return x


def sorasha_k256():
    """SHA-256's K: the first 32 bits of the fractional parts of the cube roots of the first 64 primes."""
    return np.array([_icbrt(p << 96) & 0xffffffff for p in _primes(64)], np.uint32)


def sorasha_keccak_tables():
    """(round constants, rho offsets, pi destinations) of Keccak-f[1600], rc from FIPS 202's rc(t) LFSR, rho/pi by walking
    (x, y) -> (y, 2x + 3y) from (1, 0) as the fused rho-pi loop does."""
    def rc_bit(t):
        if t % 255 == 0:
            return 1
        r = 1
        for _ in range(t % 255):
            r <<= 1
            if r & 0x100:
                r ^= 0x171
        return r & 1
    rc = [sum(rc_bit(j + 7 * i) << ((1 << j) - 1) for j in range(7)) for i in range(24)]
    rotc, piln, x, y = [], [], 1, 0
    for t in range(24):
        rotc.append((t + 1) * (t + 2) // 2 % 64)
        x, y = y, (2 * x + 3 * y) % 5
        piln.append(x + 5 * y)
    return np.array(rc, np.uint64), np.array(rotc, np.uint32), np.array(piln, np.uint32)


def sorasha_batch(n, maxlen, seed, special=()):
    """n messages of random lengths 0..maxlen (the first ones the `special` lengths), random bytes, packed end to end:
    {'messages': uint8, 'offsets': uint64, 'lengths': uint64}."""
    r = np.random.default_rng(seed)
    lengths = r.integers(0, maxlen + 1, n)
    lengths[:len(special)] = special
    offsets = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    return {"messages": r.integers(0, 256, int(lengths.sum()), dtype=np.uint8),
            "offsets": offsets.astype(np.uint64), "lengths": lengths.astype(np.uint64)}


def sorasha_digests(messages, offsets, lengths, algo):
    """hashlib's digest (algo: 'sha256', 'sha3_224', ...) of each message, rows of bytes."""
    import hashlib
    m = np.asarray(messages, np.uint8).tobytes()
    return np.array([list(hashlib.new(algo, m[int(o):int(o) + int(n)]).digest()) for o, n in zip(offsets, lengths)],
                    np.uint8)


def sorasha_fixed_digests(messages, msg_len, n, algo):
    return sorasha_digests(messages, np.arange(n) * msg_len, np.full(n, msg_len), algo)


# eoforhild/cudacha20 (MIT): ChaCha20 keystream XOR, one 64-byte block a thread. The reference is RFC 8439's block
# function written out from the RFC (section 2.3), checked against its test vector 2.3.2 in cudacha_block's self-test.
CUDACHA_CONST = (0x61707865, 0x3320646e, 0x79622d32, 0x6b206574)


def cudacha_state(seed, counter):
    """init_chacha_ctx's state: the 4 constants, 8 random key words, the block counter, 3 random nonce words."""
    r = np.random.default_rng(seed)
    key = [int(v) for v in r.integers(0, 2**32, 8)]
    nonce = [int(v) for v in r.integers(0, 2**32, 3)]
    return np.array(list(CUDACHA_CONST) + key + [counter] + nonce, np.uint32)


def cudacha_block(state):
    """RFC 8439 section 2.3: 20 rounds (column and diagonal quarter rounds) on a copy, then the state added back."""
    m = 0xffffffff

    def rotl(v, c):
        return ((v << c) | (v >> (32 - c))) & m

    def qr(x, a, b, c, d):
        x[a] = (x[a] + x[b]) & m; x[d] = rotl(x[d] ^ x[a], 16)
        x[c] = (x[c] + x[d]) & m; x[b] = rotl(x[b] ^ x[c], 12)
        x[a] = (x[a] + x[b]) & m; x[d] = rotl(x[d] ^ x[a], 8)
        x[c] = (x[c] + x[d]) & m; x[b] = rotl(x[b] ^ x[c], 7)
    x = [int(v) for v in state]
    for _ in range(10):
        for a, b, c, d in ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
                           (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)):
            qr(x, a, b, c, d)
    return [(v + int(s)) & m for v, s in zip(x, state)]


def _cudacha_selftest():
    """RFC 8439 2.3.2: key 00..1f, counter 1, nonce 00:00:00:09:00:00:00:4a:00:00:00:00."""
    key = [int.from_bytes(bytes(range(i, i + 4)), "little") for i in range(0, 32, 4)]
    st = list(CUDACHA_CONST) + key + [1, 0x09000000, 0x4a000000, 0]
    out = cudacha_block(st)
    assert out == [0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3, 0xc7f4d1c7, 0x0368c033, 0x9aaa2204, 0x4e6cd4c3,
                   0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9, 0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2]


def cudacha_xor(state, buf):
    """Block g (a thread) XORs the keystream block of counter state[12] + g into the 16 little-endian words of bytes
    64g .. 64g + 63 of buf; uint32 words out."""
    _cudacha_selftest()
    words = np.asarray(buf).view(np.uint8).view("<u4").reshape(-1, 16)
    st = [int(v) for v in state]
    out = np.empty_like(words)
    for g in range(len(words)):
        ks = cudacha_block(st[:12] + [(st[12] + g) & 0xffffffff] + st[13:])
        out[g] = np.array(ks, np.uint32) ^ words[g]
    return out.reshape(-1)
# fastvol (vgalanti/fastvol, MIT): batches of options as separate arrays S, K, cp (the char 'c' or 'p'), ttm, iv, r, q.
@functools.lru_cache(maxsize=None)
def _fvol_opts(n, seed):
    r = np.random.default_rng(seed)
    return {"S": r.uniform(80, 120, n), "K": r.uniform(80, 120, n),
            "cp": np.where(r.random(n) < 0.5, ord("c"), ord("p")).astype(np.int8),
            "ttm": r.uniform(0.1, 2.0, n), "iv": r.uniform(0.1, 0.5, n),
            "r": r.uniform(0.0, 0.08, n), "q": r.uniform(0.0, 0.06, n)}


def fvol_opts(n, seed, dtype="float64"):
    """n options, fixed per seed, the float fields in dtype; about half calls ('c' = 99), half puts ('p' = 112)."""
    o = _fvol_opts(n, seed)
    return {k: (v.copy() if k == "cp" else v.astype(dtype)) for k, v in o.items()}


def _fvol_f64(o):
    return [np.asarray(o[k], np.float64) for k in ("S", "K", "ttm", "iv", "r", "q")]


def fvol_bsm(o):
    """Black-Scholes-Merton with a continuous dividend yield, written from the textbook formula (math.erf, float64)."""
    S, K, T, v, r, q = _fvol_f64(o)
    N = np.vectorize(lambda x: 0.5 * (1.0 + math.erf(x / math.sqrt(2.0))))
    # fastvol's d1 leaves q out of the drift: (log(S/K) + (r + iv^2/2) ttm) / (iv sqrt(ttm)); the reference follows
    # the code's formula (with q only in S e^{-q ttm}), as the kernel is checked, not the textbook
    d1 = (np.log(S / K) + (r + 0.5 * v * v) * T) / (v * np.sqrt(T))
    d2 = d1 - v * np.sqrt(T)
    Sq, Kr = S * np.exp(-q * T), K * np.exp(-r * T)
    call = Sq * N(d1) - Kr * N(d2)
    put = Kr * N(-d2) - Sq * N(-d1)
    return np.where(np.asarray(o["cp"]) & 1, call, put)


def fvol_bopm(o, n):
    """An American option on a Cox-Ross-Rubinstein tree of n steps, node by node (float64): u = e^{iv sqrt(dt)},
    d = 1/u, p = (e^{(r-q) dt} - d) / (u - d); each node max(discounted expectation, exercise)."""
    out = []
    for S, K, T, v, r, q, cp in zip(*_fvol_f64(o), np.asarray(o["cp"])):
        dt = T / n
        u = math.exp(v * math.sqrt(dt)); d = 1.0 / u
        p = (math.exp((r - q) * dt) - d) / (u - d)
        disc = math.exp(-r * dt)
        pay = (lambda s: max(s - K, 0.0)) if cp & 1 else (lambda s: max(K - s, 0.0))
        V = [pay(S * u ** j * d ** (n - j)) for j in range(n + 1)]
        for i in range(n - 1, -1, -1):      # i = the level (number of moves from the root)
            V = [max(disc * (p * V[j + 1] + (1 - p) * V[j]), pay(S * u ** j * d ** (i - j))) for j in range(i + 1)]
        out.append(V[0])
    return np.array(out)


def fvol_ttree(o, n):
    """An American option on a trinomial tree of n steps, node by node (float64): log-price step dx = iv sqrt(3 dt),
    pu, pd = 1/6 +- nu sqrt(dt) / (2 iv sqrt 3) with nu = r - q - iv^2/2, pm = 2/3."""
    out = []
    for S, K, T, v, r, q, cp in zip(*_fvol_f64(o), np.asarray(o["cp"])):
        dt = T / n
        dx = v * math.sqrt(3 * dt)
        nu = r - q - 0.5 * v * v
        a = nu * math.sqrt(dt) / (2 * v * math.sqrt(3))
        pu, pm, pd = 1 / 6 + a, 2 / 3, 1 / 6 - a
        disc = math.exp(-r * dt)
        pay = (lambda s: max(s - K, 0.0)) if cp & 1 else (lambda s: max(K - s, 0.0))
        V = {k: pay(S * math.exp(k * dx)) for k in range(-n, n + 1)}
        for i in range(n - 1, -1, -1):
            V = {k: max(disc * (pu * V[k + 1] + pm * V[k] + pd * V[k - 1]), pay(S * math.exp(k * dx)))
                 for k in range(-i, i + 1)}
        out.append(V[0])
    return np.array(out)


# Monte-Carlo-cuda (sidx007/Monte-Carlo-cuda, MIT): American call by Longstaff-Schwartz; paths S[(m + 1), N] time-major.
LSMMC_S0, LSMMC_X, LSMMC_T, LSMMC_R, LSMMC_V, LSMMC_M = 100.0, 100.0, 1.0, 0.05, 0.20, 10


def _lsmmc_moro(u, dt):
    """Moro's inverse normal CDF (Moro 1995's coefficients), vectorised, in dtype dt."""
    f = np.dtype(dt).type
    a = [f(2.50662823884), f(-18.61500062529), f(41.39119773534), f(-25.44106049637)]
    b = [f(-8.47351093090), f(23.08336743743), f(-21.06224101826), f(3.13082909833)]
    c = [f(x) for x in (0.3374754822726147, 0.9761690190917186, 0.1607979714918209, 0.0276438810333863,
                        0.0038405729373609, 0.0003951896511349, 0.0000321767881768, 0.0000002888167364,
                        0.0000003960315187)]
    u = np.clip(u, f(1e-7), f(0.99999994)) if f is np.float32 else np.clip(u, 1e-10, 1.0 - 1e-10)
    x = u - f(0.5)
    rr = x * x
    central = x * (((a[3] * rr + a[2]) * rr + a[1]) * rr + a[0]) / ((((b[3] * rr + b[2]) * rr + b[1]) * rr + b[0]) * rr + f(1))
    with np.errstate(invalid="ignore", divide="ignore"):
        t = np.where(x > 0, np.log(-np.log(f(1) - u)), np.log(-np.log(u))).astype(dt)
    tail = c[8]
    for k in range(7, -1, -1):
        tail = c[k] + t * tail
    tail = np.where(x < 0, -tail, tail)
    return np.where(np.abs(x) < f(0.42), central, tail).astype(dt)


@functools.lru_cache(maxsize=None)
def _lsmmc_paths(N, m, dt):
    f = np.dtype(dt).type
    dtt = LSMMC_T / (m + 1)
    drift = f((LSMMC_R - 0.5 * LSMMC_V * LSMMC_V) * dtt)
    vol = f(LSMMC_V * math.sqrt(dtt))
    state = ((np.arange(N, dtype=np.uint64) + 1) * 1234567) & 0xFFFFFFFF
    S = np.empty((m + 1, N), dt)
    s = np.full(N, f(LSMMC_S0), dt)
    S[0] = s
    for i in range(1, m + 1):
        state = (1664525 * state + 1013904223) & 0xFFFFFFFF
        if f is np.float32:
            u = state.astype(np.float32) * np.float32(2.3283064365386963e-10)
        else:
            u = state.astype(np.float64) * 2.3283064365386963e-10
        z = _lsmmc_moro(u, dt)
        s = (s * np.exp(drift + vol * z)).astype(dt)
        S[i] = s
    return S


def lsmmc_paths(N=1000, m=LSMMC_M, dtype="float64"):
    """gen_paths_lcg_kernel's paths: per path the LCG x -> 1664525 x + 1013904223 (mod 2^32) seeded (path + 1) * 1234567,
    u = x * 2^-32, z = Moro(u), s *= exp(drift + vol z), drift = (r - v^2/2) dt and vol = v sqrt(dt), dt = T / (m + 1)."""
    return _lsmmc_paths(N, m, np.dtype(dtype).type).copy()


def _lsmmc_bs_call(s, X, t, v, r):
    N = np.vectorize(lambda d: 0.5 * math.erfc(-d / math.sqrt(2.0)))
    d1 = (np.log(s / X) + (r + 0.5 * v * v) * t) / (v * math.sqrt(t))
    return s * N(d1) - X * math.exp(-r * t) * N(d1 - v * math.sqrt(t))


def _lsmmc_intr(s, typ):
    return s - LSMMC_X if typ == 0 else LSMMC_X - s


def lsmmc_terminal(S, typ=1, m=LSMMC_M):
    """lsm_init_terminal: C = max(intrinsic, Black-Scholes value over the last step dt); the put by put-call parity."""
    s = np.asarray(S, np.float64)[m]
    dt = LSMMC_T / (m + 1)
    call = _lsmmc_bs_call(s, LSMMC_X, dt, LSMMC_V, LSMMC_R)
    cont = call if typ == 0 else call - s + LSMMC_X * math.exp(-LSMMC_R * dt)
    return np.maximum(_lsmmc_intr(s, typ), cont)


def lsmmc_discount(m=LSMMC_M):
    return math.exp(-LSMMC_R * LSMMC_T / (m + 1))


def lsmmc_accumulate(C, S, i, typ=1, block=512):
    """lsm_accumulate: C *= discount; per block of 512 paths, over the in-the-money paths (intrinsic > 0), the sums of
    1, x, x^2, x^2, x^3, x^4, c, x c, x^2 c with x = S_i / X. Returns (C, stats[nblocks, 9])."""
    C = np.asarray(C, np.float64) * lsmmc_discount()
    s = np.asarray(S, np.float64)[i]
    x = s / LSMMC_X
    itm = _lsmmc_intr(s, typ) > 0
    nb = (len(C) + block - 1) // block
    stats = np.zeros((nb, 9))
    for b in range(nb):
        sl = slice(b * block, (b + 1) * block)
        xx, cc, w = x[sl], C[sl], itm[sl]
        cols = [np.ones_like(xx), xx, xx * xx, xx * xx, xx ** 3, xx ** 4, cc, xx * cc, xx * xx * cc]
        stats[b] = [np.sum(col[w]) for col in cols]
    return C, stats


def lsmmc_beta(stats):
    """The least-squares coefficients of the continuation value on 1, x, x^2 from the summed normal equations."""
    a = np.asarray(stats).sum(axis=0)
    A = np.array([[a[0], a[1], a[2]], [a[1], a[3], a[4]], [a[2], a[4], a[5]]])
    return np.linalg.solve(A, a[6:9])


def lsmmc_decide(C, S, i, beta, typ=1):
    """lsm_decide: where the intrinsic value is > 0 and > beta0 + beta1 x + beta2 x^2, C = the intrinsic value."""
    C = np.asarray(C, np.float64).copy()
    s = np.asarray(S, np.float64)[i]
    x = s / LSMMC_X
    intr = _lsmmc_intr(s, typ)
    fit = beta[0] + beta[1] * x + beta[2] * x * x
    ex = (intr > 0) & (intr > fit)
    C[ex] = intr[ex]
    return C


def lsmmc_chain(dtype="float64", upto="decide"):
    """The cash flows the host's sequence gives on lsmmc_paths(dtype): init_terminal, then date 9's accumulate, then
    its decide with lsmmc_beta of that date's statistics."""
    S = lsmmc_paths(dtype=dtype)
    C = lsmmc_terminal(S)
    if upto == "terminal":
        return C
    C, st = lsmmc_accumulate(C, S, LSMMC_M - 1)
    if upto == "accumulate":
        return C
    return lsmmc_decide(C, S, LSMMC_M - 1, lsmmc_beta(st))


def lsmmc_block_sums(C, block=512):
    """lsm_reduce_cashflows: per block the sum of C * discount, then per block the sum of its squares."""
    y = np.asarray(C, np.float64) * lsmmc_discount()
    nb = (len(y) + block - 1) // block
    return np.array([y[b * block:(b + 1) * block].sum() for b in range(nb)]
                    + [(y[b * block:(b + 1) * block] ** 2).sum() for b in range(nb)])


# ---------------------------------------------------------------------------------------------------------------------
# cuRAND's device API, XORWOW, written from the generator's definition (as tests/test_curand_device_api.py checks it):
# Marsaglia's xorwow with cuRAND's published seeding; subsequence k is k * 2^67 draws on, computed here as the one-step
# GF(2) matrix of v raised to 2^67 by squaring (cuRAND reads precomputed tables; none are copied here); an offset is
# drawn. curandStateXORWOW as uint32 words [d, v0..v4, boxmuller_flag, boxmuller_flag_double, boxmuller_extra (float),
# padding, boxmuller_extra_double (2 words)]: 48 bytes.
_M32 = 0xFFFFFFFF
_XW_JUMP = []


def _xw_seed(seed):
    s0 = (seed & _M32) ^ 0xAAD26B49
    s1 = ((seed >> 32) & _M32) ^ 0xF7DCEFDD
    t0, t1 = (1099087573 * s0) & _M32, (2591861531 * s1) & _M32
    v = [(123456789 + t0) & _M32, 362436069 ^ t0, (521288629 + t1) & _M32, 88675123 ^ t1, (5783321 + t0) & _M32]
    return v, (6615241 + t1 + t0) & _M32


def _xw_step(v):
    t = v[0] ^ (v[0] >> 2)
    x = v[4]
    return v[1:] + [((x ^ (x << 4)) ^ (t ^ (t << 1))) & _M32]


def _xw_bits(v):
    return np.array([(w >> b) & 1 for w in v for b in range(32)], np.int64)


def _xw_words(bits):
    return [int(sum(int(bits[32 * i + b]) << b for b in range(32))) for i in range(5)]


def _xw_jump():
    """The GF(2) matrix that moves v 2^67 draws on (one subsequence)."""
    if not _XW_JUMP:
        cols = []
        for i in range(160):
            e = np.zeros(160, np.int64)
            e[i] = 1
            cols.append(_xw_bits(_xw_step(_xw_words(e))))
        m = np.array(cols, np.int64).T
        for _ in range(67):
            m = (m @ m) & 1
        _XW_JUMP.append(m)
    return _XW_JUMP[0]


def xorwow_init(seed, n, offset=0):
    """[(v, d)] of curand_init(seed, k, offset) for k = 0 .. n-1 (d does not depend on the subsequence)."""
    v, d = _xw_seed(int(seed))
    jump, state, out = _xw_jump(), _xw_bits(v), []
    for _ in range(n):
        w = _xw_words(state)
        dd = d
        for _ in range(offset):
            w = _xw_step(w)
            dd = (dd + 362437) & _M32
        out.append((w, dd))
        state = (jump @ state) & 1
    return out


def xorwow_next(v, d):
    """curand(): (the draw, v, d)."""
    v = _xw_step(v)
    d = (d + 362437) & _M32
    return (v[4] + d) & _M32, v, d


def curand_uniform_f32(x):
    """curand_uniform's float: x * 2^-32 + 2^-33 in float32 (the product is exact, so fused or not is the same)."""
    return np.float32(np.float32(x) * np.float32(2.0 ** -32) + np.float32(2.0 ** -33))


def _box_muller_double(x0, x1, y0, y1):
    """_curand_box_muller_double's pair from its definition: u in (0, 1] and v in (0, 2] from 53 bits each,
    sqrt(-2 log u) * (sin(pi v), cos(pi v)) (the device's sincospi; here sin/cos of pi v: within a few 1e-16)."""
    zx = x0 ^ (x1 << 21)
    zy = y0 ^ (y1 << 21)
    u = zx * 2.0 ** -53 + 2.0 ** -54
    v = zy * 2.0 ** -52 + 2.0 ** -53
    s = np.sqrt(-2.0 * np.log(u))
    return s * np.sin(np.pi * v), s * np.cos(np.pi * v)


def _xw_pack(v, d, flag=0, flag_d=0, extra_f=0.0, extra_d=0.0, pad=0):
    w = np.zeros(12, np.uint32)
    w[0], w[1:6], w[6], w[7] = d, v, flag, flag_d
    w[8] = np.array([extra_f], np.float32).view(np.uint32)[0]
    w[9] = pad
    w[10:12] = np.array([extra_d], np.float64).view(np.uint32)
    return w


class _XWState:
    """One curandStateXORWOW read from its 12 words; normal_double() is curand_normal_double."""
    def __init__(self, w):
        w = np.asarray(w, np.uint32)
        self.d, self.v = int(w[0]), [int(x) for x in w[1:6]]
        self.flag, self.flag_d = int(w[6]), int(w[7])
        self.extra_f = float(w[8:9].view(np.float32)[0])
        self.pad = int(w[9])
        self.extra_d = float(w[10:12].copy().view(np.float64)[0])

    def next(self):
        x, self.v, self.d = xorwow_next(self.v, self.d)
        return x

    def normal_double(self):
        if self.flag_d != 1:                         # EXTRA_FLAG_NORMAL
            x0, x1, y0, y1 = self.next(), self.next(), self.next(), self.next()
            a, b = _box_muller_double(x0, x1, y0, y1)
            self.extra_d, self.flag_d = b, 1
            return a
        self.flag_d = 0
        return self.extra_d

    def words(self):
        return _xw_pack(self.v, self.d, self.flag, self.flag_d, self.extra_f, self.extra_d, self.pad)


# cellGPU (sussmanLab/cellGPU, MIT): one curandState a particle, double2 arrays as float64 [N, 2].
def cellgpu_states(n, draws=0, seed=1337):
    """The states initialize_RNG_array_kernel leaves (curand_init(seed, idx, 0)), after `draws` curand_normal_double."""
    out = []
    for v, d in xorwow_init(seed, n):
        s = _XWState(_xw_pack(v, d))
        for _ in range(draws):
            s.normal_double()
        out.append(s.words())
    return np.array(out, np.uint32)


def _cellgpu_draw(RNGs, k):
    states = [_XWState(w) for w in np.asarray(RNGs, np.uint32)]
    z = np.array([[s.normal_double() for _ in range(k)] for s in states], np.float64)
    return z, np.array([s.words() for s in states], np.uint32)


def cellgpu_brownian(forces, RNGs, dt, mu, T):
    z, st = _cellgpu_draw(RNGs, 2)
    f = np.asarray(forces, np.float64)
    disp = z * np.sqrt(dt * T * mu * 2.0) + dt * mu * f
    return {"displacements": disp, "RNGs": st}


def cellgpu_langevin(velocities, forces, RNGs, dt, gamma, T):
    z, st = _cellgpu_draw(RNGs, 2)
    v = np.asarray(velocities, np.float64) + (0.5 * dt) * np.asarray(forces, np.float64)
    disp = (0.5 * dt) * v
    c1 = np.exp(-gamma * dt)
    c2 = np.sqrt(T) * np.sqrt(1.0 - c1 * c1)
    return {"velocities": c1 * v + z * c2, "displacements": disp, "RNGs": st}


def cellgpu_spp(forces, velocities, motility, directors, RNGs, dt, mu):
    z, st = _cellgpu_draw(RNGs, 1)
    f, vel, m, th = (np.asarray(a, np.float64) for a in (forces, velocities, motility, directors))
    disp = dt * (vel + mu * f)
    v0, Dr = m[:, 0], m[:, 1]
    diff = z[:, 0] * np.sqrt(2.0 * dt * Dr)
    nv = np.stack([v0 * np.cos(th), v0 * np.sin(th)], 1)
    theta = np.where((nv[:, 1] != 0) & (nv[:, 0] != 0), np.arctan2(nv[:, 1], nv[:, 0]), th)
    return {"displacements": disp, "velocities": nv, "cellDirectors": theta + diff, "RNGs": st}


def cellgpu_spp_aligning(forces, motility, directors, RNGs, dt, mu, J):
    z, st = _cellgpu_draw(RNGs, 1)
    f, m, th = (np.asarray(a, np.float64) for a in (forces, motility, directors))
    v0, Dr = m[:, 0], m[:, 1]
    diff = z[:, 0] * np.sqrt(2.0 * dt * Dr)
    th = np.where(th < -np.pi, th + 2 * np.pi, th)
    th = np.where(th > np.pi, th - 2 * np.pi, th)
    vel = np.stack([v0 * np.cos(th) + mu * f[:, 0], v0 * np.sin(th) + mu * f[:, 1]], 1)
    disp = dt * vel
    phi = np.arctan2(disp[:, 1], disp[:, 0])
    return {"velocities": vel, "displacements": disp, "cellDirectors": th + diff - dt * J * np.sin(th - phi), "RNGs": st}


# CudaPercolation (lucamuscarnera/CudaPercolation, GPL-3.0): an N x N lattice, site i = x + N y.
def cperc_populate(n, seed):
    """lattice_populate: site i's first curand_uniform of curand_init(seed, i, 0)."""
    return np.array([curand_uniform_f32(xorwow_next(v, d)[0]) for v, d in xorwow_init(seed, n * n)], np.float32)


def cperc_observe(u, p, before=None):
    """lattice_observe: 1 where u < p (float32), the site left as it was elsewhere."""
    out = np.zeros(len(u), np.uint8) if before is None else np.asarray(before, np.uint8).copy()
    out[np.asarray(u, np.float32) < np.float32(p)] = 1
    return out


def cperc_ids(n, seed, p):
    """lattice_assign_id on lattice_observe's output (zeroed buffers): i + 1 for an open site, 0 elsewhere."""
    s = cperc_observe(cperc_populate(n, seed), p)
    return np.where(s == 1, np.arange(n * n, dtype=np.uint32) + 1, 0).astype(np.uint32)


def _cperc_components(ids, n):
    lab = -np.ones(n * n, np.int64)
    for start in range(n * n):
        if ids[start] == 0 or lab[start] >= 0:
            continue
        lab[start], todo = start, [start]
        while todo:
            i = todo.pop()
            x, y = i % n, i // n
            for j, ok in ((i - 1, x > 0), (i + 1, x < n - 1), (i - n, y > 0), (i + n, y < n - 1)):
                if ok and ids[j] != 0 and lab[j] < 0:
                    lab[j] = start
                    todo.append(j)
    return lab


def cperc_diffusion_ok(before, after, n):
    """One lattice_id_diffusion launch, racing by design: a site reads its neighbours while they store. Whatever the
    order, a closed site stays 0 and an open site's new id is an id of its own cluster, no larger than the minimum of
    its own and its open neighbours' old ids, and no smaller than its cluster's minimum."""
    b, a = np.asarray(before, np.int64), np.asarray(after, np.int64)
    if np.any(a[b == 0] != 0):
        return False
    lab = _cperc_components(b, n)
    cmin, members = {}, {}
    for i in np.flatnonzero(b):
        cmin[lab[i]] = min(cmin.get(lab[i], b[i]), b[i])
        members.setdefault(lab[i], set()).add(int(b[i]))
    for i in np.flatnonzero(b):
        x, y = i % n, i // n
        jac = b[i]
        for j, ok in ((i - 1, x > 0), (i + 1, x < n - 1), (i - n, y > 0), (i + n, y < n - 1)):
            if ok and b[j] != 0:
                jac = min(jac, b[j])
        if not (cmin[lab[i]] <= a[i] <= jac and int(a[i]) in members[lab[i]]):
            return False
    return True


def cperc_diffusion_jacobi(before, n):
    """The race-free reading (every site reads its neighbours' old ids): for the check's self-test."""
    b = np.asarray(before, np.int64).reshape(n, n)
    out = b.copy()
    for dy, dx in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        nb = np.full_like(b, 0)
        ys, xs = slice(max(dy, 0), n + min(dy, 0)), slice(max(dx, 0), n + min(dx, 0))
        yd, xd = slice(max(-dy, 0), n + min(-dy, 0)), slice(max(-dx, 0), n + min(-dx, 0))
        nb[yd, xd] = b[ys, xs]
        out = np.where((b != 0) & (nb != 0) & (nb < out), nb, out)
    return out.reshape(-1).astype(np.uint32)
# serban/kmeans (skm_, MIT): k-means' assignment step; objects [numCoords][numObjs], clusters [numCoords][numClusters].
@functools.lru_cache(maxsize=None)
def _skm_objects(n, d, k, seed):
    rng = np.random.default_rng(seed)
    centres = rng.uniform(-4.0, 4.0, (k, d))
    lab = rng.integers(0, k, n)
    return (centres[lab] + rng.standard_normal((n, d))).astype(np.float32).T.copy()


def skm_objects(n=1300, d=4, k=5, seed=7701):
    """numObjs points in k Gaussian blobs (centres uniform in [-4, 4]^d, unit spread), float32, [d][n] as the host's
    dimObjects (the transpose of its [numObjs][numCoords] input)."""
    return _skm_objects(n, d, k, seed).copy()


def skm_assign(objects, clusters):
    """The nearest centre of every object by squared Euclidean distance, in float64; the first on a tie (the kernel's
    `dist < min_dist`)."""
    x = np.asarray(objects, np.float64).T            # [n, d]
    c = np.asarray(clusters, np.float64).T           # [k, d]
    d2 = ((x[:, None, :] - c[None, :, :]) ** 2).sum(axis=2)
    return np.argmin(d2, axis=1).astype(np.int32)


def skm_state(iteration, n=1300, d=4, k=5, seed=7701):
    """(clusters [d][k] float32, membership [n] int32) before the host's iteration `iteration` (0: the first k objects
    as centres, membership -1; then per iteration: assign, and each centre the float32 mean of its members, kept where
    it has none)."""
    obj = skm_objects(n, d, k, seed)
    clusters = obj[:, :k].copy()
    member = np.full(n, -1, np.int32)
    for _ in range(iteration):
        member = skm_assign(obj, clusters)
        for c in range(k):
            sel = member == c
            if sel.any():
                clusters[:, c] = (obj[:, sel].astype(np.float64).sum(axis=1) / sel.sum()).astype(np.float32)
    return clusters, member


def skm_changes(before, after, block=128):
    """find_nearest_cluster's per-block counts of objects whose membership changed."""
    changed = (np.asarray(before) != np.asarray(after)).astype(np.int64)
    nb = (len(changed) + block - 1) // block
    return np.array([changed[b * block:(b + 1) * block].sum() for b in range(nb)], np.int32)


# Xtra-Computing/thundersvm (tsvm_, Apache-2.0): kernel matrices and SMO. Instances [n, d], labels +1 then -1.
TSVM_N, TSVM_D, TSVM_GAMMA = 1100, 8, 0.125


@functools.lru_cache(maxsize=None)
def _tsvm_data(seed):
    rng = np.random.default_rng(seed)
    n_pos = TSVM_N // 2
    X = rng.standard_normal((TSVM_N, TSVM_D))
    X[:n_pos] += 0.6
    X[n_pos:] -= 0.6
    y = np.where(np.arange(TSVM_N) < n_pos, 1, -1).astype(np.int32)
    return X.astype(np.float32), y


def tsvm_X(seed=7702):
    return _tsvm_data(seed)[0].copy()


def tsvm_y(seed=7702):
    return _tsvm_data(seed)[1].copy()


def tsvm_sparse(seed=7702):
    """tsvm_X with about 60% of its entries zeroed (a CSR data set)."""
    X = tsvm_X(seed)
    keep = np.random.default_rng(seed + 1).random(X.shape) < 0.4
    return np.where(keep, X, np.float32(0)).astype(np.float32)


def tsvm_csr(part, seed=7702):
    """The CSR arrays (val, col_ind, row_ptr) of tsvm_sparse, built row by row."""
    S = tsvm_sparse(seed)
    val, col, ptr = [], [], [0]
    for row in S:
        for j, v in enumerate(row):
            if v != 0:
                val.append(v)
                col.append(j)
        ptr.append(len(val))
    return {"val": np.array(val, np.float32), "col_ind": np.array(col, np.int32),
            "row_ptr": np.array(ptr, np.int32)}[part]


def tsvm_rows(m, seed=7703):
    """A working set of m distinct instance indices (random)."""
    return np.random.default_rng(seed).permutation(TSVM_N)[:m].astype(np.int32)


def tsvm_rbf_exact(A, B, gamma=TSVM_GAMMA):
    """exp(-gamma |a - b|^2) for every row pair, from the points themselves (float64)."""
    A = np.asarray(A, np.float64)
    B = np.asarray(B, np.float64)
    d2 = ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=2)
    return np.exp(-gamma * d2)


@functools.lru_cache(maxsize=None)
def _tsvm_kernel(seed):
    X = tsvm_X(seed)
    return tsvm_rbf_exact(X, X).astype(np.float32)


def tsvm_kernel(seed=7702):
    """The whole RBF kernel matrix of tsvm_X, float32 (the values kernel_RBF_kernel gives, up to rounding)."""
    return _tsvm_kernel(seed).copy()


def tsvm_model(part, seed=7704):
    """A 3-class one-vs-one model, LIBSVM's layout: 40 support vectors grouped by class (sv_count 15, 10, 15), coef
    [n_classes - 1][total_sv] float64, rho[3]; the test kernel values k_mat [n_instances][total_sv] are the RBF of
    tsvm_X against 40 of its own rows."""
    rng = np.random.default_rng(seed)
    sv = rng.permutation(TSVM_N)[:40]
    X = tsvm_X()
    return {"coef": rng.uniform(-1.0, 1.0, (2, 40)), "rho": rng.uniform(-0.5, 0.5, 3),
            "sv_count": np.array([15, 10, 15], np.int32), "sv_start": np.array([0, 15, 25], np.int32),
            "k_mat": tsvm_rbf_exact(X, X[sv]).astype(np.float32)}[part]


def tsvm_decision(coef, sv_start, sv_count, rho, k_mat):
    """LIBSVM's svm_predict_values, one-vs-one: for each pair i < j, sum over class i's SVs of coef[j - 1] K plus over
    class j's SVs of coef[i] K, minus rho[p]; returns (dec_values [n, pairs], votes [n, classes], predicted class)."""
    K = np.asarray(k_mat, np.float64)
    coef = np.asarray(coef, np.float64)
    nc = len(sv_count)
    n = K.shape[0]
    dec, votes, p = [], np.zeros((n, nc)), 0
    for i in range(nc):
        for j in range(i + 1, nc):
            si, ci, sj, cj = sv_start[i], sv_count[i], sv_start[j], sv_count[j]
            d = K[:, si:si + ci] @ coef[j - 1, si:si + ci] + K[:, sj:sj + cj] @ coef[i, sj:sj + cj] - rho[p]
            dec.append(d)
            votes[d > 0, i] += 1
            votes[d <= 0, j] += 1
            p += 1
    pred = np.array([max(range(nc), key=lambda c: (votes[r, c], -c)) for r in range(n)], np.float64)
    return np.stack(dec, axis=1), votes, pred


def tsvm_block_min(values):
    """get_block_min: the index tree of a power-of-two block; a slot takes its partner's index only where the
    partner's value is strictly smaller."""
    idx = list(range(len(values)))
    off = len(values) // 2
    while off > 0:
        for t in range(off):
            if values[idx[t + off]] < values[idx[t]]:
                idx[t] = idx[t + off]
        off //= 2
    return idx[0]


def _f32(x):
    return np.float32(x)


def tsvm_smo(kind, label, f_val, alpha, working_set, C, k_mat_rows, k_mat_diag, eps=0.001, max_iter=100000):
    """The local SMO of c_smo_solve_kernel (kind 'c', Cp = Cn = C) or nu_smo_solve_kernel (kind 'nu'), written from the
    algorithm as the kernel's threads do it, one working-set element a slot: kernel values in float32 where the kernel
    computes in kernel_type, the rest in float64. Returns (alpha, alpha_diff, diff)."""
    ws = np.asarray(working_set)
    q = len(ws)
    y = np.asarray(label, np.float64)[ws]
    f = np.asarray(f_val, np.float64)[ws].copy()
    a = np.asarray(alpha, np.float64)[ws].copy()
    aold = a.copy()
    kd = np.asarray(k_mat_diag, np.float32)[ws]
    K = np.asarray(k_mat_rows, np.float32).reshape(q, -1)
    INF = np.inf
    it, diff0 = 0, None

    def second(i, up_value, kIwsI, cond):
        aIJ = (kd[i] + kd - _f32(2) * kIwsI).astype(np.float64)
        bIJ = -up_value + f
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(cond, -bIJ * bIJ / aIJ, INF)

    while True:
        if kind == "c":
            up = ((y > 0) & (a < C)) | ((y < 0) & (a > 0))
            low = ((y > 0) & (a > 0)) | ((y < 0) & (a < C))
            v = np.where(up, f, INF)
            i = tsvm_block_min(v)
            up_value = v[i]
            kIwsI = K[i, ws]
            v = np.where(low, -f, INF)
            j1 = tsvm_block_min(v)
            local_diff = -v[j1] - up_value
            if it == 0:
                local_eps = max(eps, float(np.float32(0.1)) * local_diff)
                diff0 = local_diff
        else:
            v = np.where((y > 0) & (a < C), f, INF)
            ip = tsvm_block_min(v)
            up_p, kIp = v[ip], K[ip, ws]
            v = np.where((y < 0) & (a > 0), f, INF)
            in_ = tsvm_block_min(v)
            up_n, kIn = v[in_], K[in_, ws]
            v = np.where((y > 0) & (a > 0), -f, INF)
            low_p = -v[tsvm_block_min(v)]
            v = np.where((y < 0) & (a < C), -f, INF)
            low_n = -v[tsvm_block_min(v)]
            local_diff = max(low_p - up_p, low_n - up_n)
            if it == 0:
                local_eps = max(eps, 0.1 * local_diff)
                diff0 = local_diff
        if it > max_iter or local_diff < local_eps:
            break
        if kind == "c":
            v = second(i, up_value, kIwsI, (-up_value > -f) & low)
            j2 = tsvm_block_min(v)
        else:
            vp = second(ip, up_p, kIp, (-up_p > -f) & (y > 0) & (a > 0))
            j2p = tsvm_block_min(vp)
            vn = second(in_, up_n, kIn, (-up_n > -f) & (y < 0) & (a < C))
            j2n = tsvm_block_min(vn)
            if vp[j2p] < vn[j2n]:
                i, j2, up_value, kIwsI = ip, j2p, up_p, kIp
            else:
                i, j2, up_value, kIwsI = in_, j2n, up_n, kIn
        ai = C - a[i] if y[i] > 0 else a[i]
        den = float(_f32(kd[i] + kd[j2] - _f32(2) * kIwsI[j2]))
        aj = min(a[j2] if y[j2] > 0 else C - a[j2], (-up_value + f[j2]) / den)
        lam = min(ai, aj)
        if i == j2:
            a[i] = a[i] + lam * y[i] - lam * y[i]
        else:
            a[i] += lam * y[i]
            a[j2] -= lam * y[j2]
        f -= lam * (K[j2, ws] - kIwsI).astype(np.float64)
        it += 1
    out = np.asarray(alpha, np.float64).copy()
    out[ws] = a
    return out, -(a - aold) * y, np.array([diff0, it], np.float64)


def tsvm_nu_start(nu=0.1, seed=7702):
    """NuSVC::train_binary's start: alpha 1 on the first nu * n / 2 instances of each class (min(1, sum) each), 0
    elsewhere; f = sum_j alpha_j y_j K_ij (init_f's update_f calls from f = 0)."""
    y = tsvm_y(seed)
    n_pos = int((y > 0).sum())
    alpha = np.zeros(TSVM_N)
    for lo, hi in ((0, n_pos), (n_pos, TSVM_N)):
        s = nu * TSVM_N / 2
        for l in range(lo, hi):
            alpha[l] = min(1.0, s)
            s -= alpha[l]
    f = tsvm_kernel(seed).astype(np.float64) @ (alpha * y)
    return alpha, f


def tsvm_ws_nu(seed=7705):
    """A 64-element nu-SVC working set: 16 each of bound positives, free positives, bound negatives, free negatives."""
    rng = np.random.default_rng(seed)
    groups = [np.arange(0, 55), np.arange(55, 550), np.arange(550, 605), np.arange(605, 1100)]
    return np.concatenate([rng.choice(g, 16, replace=False) for g in groups]).astype(np.int32)


def tsvm_ws_c(seed=7706):
    """A 64-element C-SVC first working set: 32 positives, 32 negatives (f = -y ties every class: any)."""
    rng = np.random.default_rng(seed)
    return np.concatenate([rng.choice(550, 32, replace=False),
                           550 + rng.choice(550, 32, replace=False)]).astype(np.int32)


def tsvm_init_batch(part):
    """init_f's first batch at NuSVC's start: the first 101 indices with alpha != 0, alpha_diff = -alpha y, and their
    kernel rows [101][n]."""
    alpha, _ = tsvm_nu_start()
    y = tsvm_y()
    idx = np.flatnonzero(alpha != 0)[:101]
    return {"idx": idx, "alpha_diff": -alpha[idx] * y[idx], "rows": tsvm_kernel()[idx]}[part]


# ---- unseen79: nolmoonen/gpudct (gdct_: JPEG inverse DCT of 8x8 blocks) and pierrepaleo/PDWT (pdwt_: Haar wavelets)

GDCT_LUMA = [16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
             14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
             49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99]


def gdct_qtable():
    """The standard JPEG luminance quantisation table (ITU T.81 Annex K), natural (row-major) order."""
    return np.array(GDCT_LUMA, np.uint16)


def gdct_coeffs(num_blocks=128, seed=7901):
    """Quantised DCT coefficients of num_blocks 8x8 blocks, each block's 64 in natural order (v rows, u columns) as
    libjpeg's jpeg_read_coefficients gives them: DC in [-60, 60] (every 32nd block +75, every 32nd from the 16th -75:
    saturating), AC ~ N(0, 6 / (1 + u + v)) rounded."""
    rng = np.random.default_rng(seed)
    v, u = np.mgrid[0:8, 0:8]
    c = np.rint(rng.normal(0.0, 1.0, (num_blocks, 8, 8)) * (6.0 / (1 + u + v)))
    c[:, 0, 0] = rng.integers(-60, 61, num_blocks)
    c[::32, 0, 0] = 75
    c[16::32, 0, 0] = -75
    return c.astype(np.int16).reshape(-1)


def gdct_idct(coeffs, qtable):
    """JPEG's dequantisation and 2-D IDCT (T.81 A.3.3) in float64: f(y, x) = 1/4 sum_v sum_u C(u) C(v) F(v, u) Q(v, u)
    cos((2x+1) u pi / 16) cos((2y+1) v pi / 16), C(0) = 1/sqrt(2); the pixel 128 + roundf(f) (half away from zero)
    clamped to [0, 255]; blocks in order, each 64 pixels row-major."""
    F = np.asarray(coeffs, np.float64).reshape(-1, 8, 8) * np.asarray(qtable, np.float64).reshape(8, 8)
    k = np.arange(8)
    C = np.cos((2 * k[None, :] + 1) * k[:, None] * np.pi / 16)          # C[u, x]
    C[0] *= 1 / np.sqrt(2)
    f = 0.25 * np.einsum("vy,bvu,ux->byx", C, F, C)
    r = np.sign(f) * np.floor(np.abs(f) + 0.5)
    return np.clip(128 + r, 0, 255).astype(np.uint8).reshape(-1)


def pdwt_image(nr, nc, seed=7902):
    """A smooth pattern plus noise in [0, 255], float32 (in place of demo.cpp's Lena)."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:nr, 0:nc]
    img = 128 + 90 * np.sin(x / 5.0) * np.cos(y / 7.0) + rng.uniform(-30, 30, (nr, nc))
    return np.clip(img, 0, 255).astype(np.float32)


def pdwt_haar2d_fwd(img):
    """kern_haar2d_fwd in float32: an odd side extended by its last row / column; a, b, c, d the 2x2 tile's (y0, x0),
    (y0, x1), (y1, x0), (y1, x1); A = ((a+c)+(b+d))/2, V = ((a+c)-(b+d))/2, H = ((a-c)+(b-d))/2, D = ((a-c)-(b-d))/2.
    Returns (A, H, V, D), each ceil(Nr/2) x ceil(Nc/2)."""
    x = np.asarray(img, np.float32)
    if x.shape[0] & 1:
        x = np.concatenate([x, x[-1:]], axis=0)
    if x.shape[1] & 1:
        x = np.concatenate([x, x[:, -1:]], axis=1)
    a, b, c, d = x[0::2, 0::2], x[0::2, 1::2], x[1::2, 0::2], x[1::2, 1::2]
    h = np.float32(0.5)
    return ((a + c) + (b + d)) * h, ((a - c) + (b - d)) * h, ((a + c) - (b + d)) * h, ((a - c) - (b - d)) * h


def pdwt_haar2d_inv(c_a, c_h, c_v, c_d, nr2, nc2):
    """kern_haar2d_inv in float32: with a = A, b = V, c = H, d = D at (y/2, x/2), the pixel (even y, even x) is
    ((a+c)+(b+d))/2, (even, odd) ((a+c)-(b+d))/2, (odd, even) ((a-c)+(b-d))/2, (odd, odd) ((a-c)-(b-d))/2; cropped to
    nr2 x nc2."""
    a, b, c, d = (np.asarray(t, np.float32) for t in (c_a, c_v, c_h, c_d))
    h = np.float32(0.5)
    out = np.empty((2 * a.shape[0], 2 * a.shape[1]), np.float32)
    out[0::2, 0::2] = ((a + c) + (b + d)) * h
    out[0::2, 1::2] = ((a + c) - (b + d)) * h
    out[1::2, 0::2] = ((a - c) + (b - d)) * h
    out[1::2, 1::2] = ((a - c) - (b - d)) * h
    return out[:nr2, :nc2]


PDWT_ONE_SQRT2 = 0.70710678118654746


def pdwt_haar1d_fwd(img):
    """kern_haar1d_fwd: each row's pairs (an odd row extended by its last sample), A = ONE_SQRT2 * (a+b),
    D = ONE_SQRT2 * (a-b): the sum in float32, the product in double (ONE_SQRT2 is a double literal), stored as float."""
    x = np.asarray(img, np.float32)
    if x.shape[1] & 1:
        x = np.concatenate([x, x[:, -1:]], axis=1)
    a, b = x[:, 0::2], x[:, 1::2]
    return ((a + b).astype(np.float64) * PDWT_ONE_SQRT2).astype(np.float32), \
        ((a - b).astype(np.float64) * PDWT_ONE_SQRT2).astype(np.float32)


def pdwt_haar1d_inv(c_a, c_d, nc2):
    """kern_haar1d_inv: sample 2k = ONE_SQRT2 * (A+D), 2k+1 = ONE_SQRT2 * (A-D) (float sum, double product); cropped to
    nc2 columns."""
    a, d = np.asarray(c_a, np.float32), np.asarray(c_d, np.float32)
    out = np.empty((a.shape[0], 2 * a.shape[1]), np.float32)
    out[:, 0::2] = ((a + d).astype(np.float64) * PDWT_ONE_SQRT2).astype(np.float32)
    out[:, 1::2] = ((a - d).astype(np.float64) * PDWT_ONE_SQRT2).astype(np.float32)
    return out[:, :nc2]


def pdwt_levels2d():
    """haar_forward2d's three levels of the 37 x 44 image: [(A, H, V, D) of level 1, 2, 3]."""
    out, x = [], pdwt_image(37, 44)
    for _ in range(3):
        out.append(pdwt_haar2d_fwd(x))
        x = out[-1][0]
    return out


def pdwt_inv2d(level):
    """haar_inverse2d's output of its launch that rebuilds level `level`'s approximation (level 0: the image), each
    launch on numpy's output of the one before: sizes 10 x 11, 19 x 22, 37 x 44."""
    lv = pdwt_levels2d()
    sizes = [(37, 44), (19, 22), (10, 11)]
    a = lv[2][0]
    for i in (2, 1, 0):
        a = pdwt_haar2d_inv(a, lv[i][1], lv[i][2], lv[i][3], *sizes[i])
        if i == level:
            return a


def pdwt_levels1d():
    """haar_forward1d's two levels of 20 rows of 45 samples: [(A, D) of level 1 (20 x 23), level 2 (20 x 12)]."""
    l1 = pdwt_haar1d_fwd(pdwt_image(20, 45, seed=7903))
    return [l1, pdwt_haar1d_fwd(l1[0])]


def pdwt_inv1d(level):
    """haar_inverse1d's output of the launch that rebuilds level `level` (1: 20 x 23, 0: 20 x 45)."""
    lv = pdwt_levels1d()
    a = pdwt_haar1d_inv(lv[1][0], lv[1][1], 23)
    return a if level == 1 else pdwt_haar1d_inv(a, lv[0][1], 45)
# ---- unseen78: attention (66RING/tiny-flash-attention, files tinyfa_*.cu; LessUp/cuflash-attn, files cuflash_*.cu).
# Written from the definition softmax(scale Q K^T [+ causal mask]) V and its gradient, in float64.

def attn_scores(Q, K, scale, causal=False):
    """scale * Q K^T over the last two axes (float64); causal: key j > query i masked to -inf."""
    S = scale * np.einsum("...id,...jd->...ij", np.asarray(Q, np.float64), np.asarray(K, np.float64))
    if causal:
        n = S.shape[-1]
        S = np.where(np.triu(np.ones((n, n), bool), 1), -np.inf, S)
    return S


def attn_softmax(S):
    """Row softmax of S (float64), the row maximum subtracted."""
    S = np.asarray(S, np.float64)
    e = np.exp(S - S.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def attn_forward(Q, K, V, scale, causal=False):
    """(O, L): softmax(scale Q K^T) V and the rows' logsumexp L = max + log(sum exp(S - max)), float64."""
    S = attn_scores(Q, K, scale, causal)
    mx = S.max(axis=-1, keepdims=True)
    L = (mx + np.log(np.exp(S - mx).sum(axis=-1, keepdims=True)))[..., 0]
    return attn_softmax(S) @ np.asarray(V, np.float64), L


def attn_backward(Q, K, V, L, dO, D, scale, causal=False):
    """FlashAttention's backward from the kernels' inputs: P = exp(S - L), dP = dO V^T, dS = P (dP - D),
    dQ = scale dS K, dK = scale dS^T Q, dV = P^T dO (float64). Returns {"dQ", "dK", "dV"}."""
    f = lambda a: np.asarray(a, np.float64)
    S = attn_scores(Q, K, scale, causal)
    P = np.exp(S - f(L)[..., None])
    dP = np.einsum("...id,...jd->...ij", f(dO), f(V))
    dS = P * (dP - f(D)[..., None])
    return {"dQ": scale * dS @ f(K), "dK": scale * np.swapaxes(dS, -1, -2) @ f(Q),
            "dV": np.swapaxes(P, -1, -2) @ f(dO)}


@functools.lru_cache(maxsize=None)
def _tinyfa_case(m=64, d=4, seed=7801):
    rng = np.random.default_rng(seed)
    Q, K, V = (rng.random((m, d)).astype(np.float32) for _ in range(3))   # the host's rand() / RAND_MAX in [0, 1)
    return {"Q": Q, "K": K, "V": V}


def tinyfa_case(name):
    """tiny-flash-attention's inputs at m = 64, dim = 4: Q, K, V; QK = float32(0.5 Q K^T) (naive_nrow_gemm's output,
    row_softmax's input) and P = float32(softmax(QK)) (row_softmax's output, naive_pv's input)."""
    c = _tinyfa_case()
    if name == "QK":
        return (0.5 * c["Q"].astype(np.float64) @ c["K"].T.astype(np.float64)).astype(np.float32)
    if name == "P":
        return attn_softmax(tinyfa_case("QK")).astype(np.float32)
    return c[name]


@functools.lru_cache(maxsize=None)
def _cuflash_case(hd, causal, bh=2, n=96, seed=7802):
    rng = np.random.default_rng(seed + hd + 1000 * causal)
    Q, K, V, dO = (rng.uniform(-1, 1, (bh, n, hd)).astype(np.float32) for _ in range(4))
    scale = 1 / math.sqrt(hd)
    O, L = attn_forward(Q, K, V, scale, causal)
    O, L = O.astype(np.float32), L.astype(np.float32)
    D = (dO.astype(np.float64) * O.astype(np.float64)).sum(axis=-1).astype(np.float32)
    return {"Q": Q, "K": K, "V": V, "dO": dO, "O": O, "L": L, "D": D}


def cuflash_case(hd, causal, name):
    """CuFlash-Attn's inputs: batch 1 x 2 heads, seq_len 96, head_dim hd, Q, K, V, dO uniform in [-1, 1); O and L the
    float64 forward's (as float32), D = rowsum(dO O) (as float32): what the forward and compute_D hand the backward."""
    return _cuflash_case(hd, bool(causal))[name]
# ---- unseen80: geospatial rasters (cristianionita/GeoRsGPU, files georsg_*.cu; scttfrdmn/nvidia-jetson-workload,
# files jetgeo_*.cu). Written from the kernels' formulas, cell by cell, in float64.

GEORSG_RAD_DEGREE = 57.295779513082320876798154814105


def georsg_dem(h=72, w=72, seed=8001):
    """A tilted DEM (rows, cols), float32: 100 + 3 col + 2 row + 4 sin(0.3 col) cos(0.2 row) + uniform(-0.25, 0.25)
    noise, so that every 3 x 3 window falls to the west and north (the aspect and curvature formulas' G and H stay
    away from 0) and no two heights of a window tie."""
    rng = np.random.default_rng(seed)
    r, c = np.mgrid[0:h, 0:w].astype(np.float64)
    z = 100 + 3 * c + 2 * r + 4 * np.sin(0.3 * c) * np.cos(0.2 * r) + rng.uniform(-0.25, 0.25, (h, w))
    return z.astype(np.float32)


def georsg_functor(name, win, cs, a1=0.0, a2=0.0):
    """DemKernels.cuh's functor `name` (Slope Brr/Zvn, Hillshade, Aspect, Total/Plan/ProfileCurvature, TPI_EP/DIF/DEV)
    on windows win = (a, b, c, d, e, f, g, h, i), each an array (float64), cell size cs in x and y."""
    a, b, c, d, e, f, g, h, i = (np.asarray(t, np.float64) for t in win)
    rd = GEORSG_RAD_DEGREE
    brr_y = ((g + 2 * h + i) - (a + 2 * b + c)) / (8 * cs)
    brr_x = ((c + 2 * f + i) - (a + 2 * d + g)) / (8 * cs)
    D = ((d + f) / 2 - e) / cs ** 2
    E = ((b + h) / 2 - e) / cs ** 2
    F = (-a + c + g - i) / 4 * cs ** 2
    G = (-d + f) / 2 * cs
    H = (b - h) / 2 * cs

    def fold(asp):                          # the functors' piecewise turn of atan2's angle
        return np.where(asp < 0, 90.0 - asp, np.where(asp > 90.0, 360.0 - asp + 90.0, 90.0 - asp))

    mean = (a + b + c + d + e + f + g + h + i) / 9.0
    std = np.sqrt(sum((t - mean) ** 2 for t in (a, b, c, d, e, f, g, h, i)) / 9.0)
    if name == "SlopeZevenbergen":
        return np.sqrt(((f - d) / (2 * cs)) ** 2 + ((b - h) / (2 * cs)) ** 2) * rd
    if name == "SlopeBurruogh":
        return np.arctan(np.sqrt(brr_x ** 2 + brr_y ** 2)) * rd
    if name == "Hillshade":                 # the aspect in radians folded as if degrees, as the functor does
        asp = fold(np.arctan2(-H, -G))
        slope = np.arctan(np.sqrt(brr_x ** 2 + brr_y ** 2))
        zen, az = a2 / rd, a1 / rd
        return 255.0 * (np.cos(zen) * np.cos(slope) + np.sin(zen) * np.sin(slope) * np.cos(az - asp))
    if name == "Aspect":
        return fold(np.arctan2(-H, -G) * rd)
    if name == "TotalCurvature":
        return -2 * (D + E) * 100
    if name == "ProfileCurvature":
        return -2 * (D * G ** 2 + E * H ** 2 + F * G * H) / (G ** 2 + H ** 2)
    if name == "PlanCurvature":
        return 2 * (D * H ** 2 + E * G ** 2 - F * G * H) / (G ** 2 + H ** 2)
    if name == "TopographicPositionIndex_EP":
        return sum((e < t).astype(np.float64) for t in (a, b, c, d, e, f, g, h, i)) * 100 / 8.0
    if name == "TopographicPositionIndex_DIF":
        return e - mean
    if name == "TopographicPositionIndex_DEV":
        return (e - mean) / std
    raise ValueError(name)


def georsg_block(name, dem, cs=5.0, a1=0.0, a2=0.0, d_row=0, d_col=0, h_out=None, w_out=None):
    """gpuKernel<EQ>'s output block (h_out x w_out, float64): input cell (r, c) goes to (r + d_row, c + d_col) when
    that is inside the output; an interior input cell gets the functor of its 3 x 3 window, an edge cell 0."""
    z = np.asarray(dem, np.float64)
    hh, ww = z.shape
    h_out, w_out = h_out or hh, w_out or ww
    full = np.zeros((hh, ww))
    win = [z[dr:hh - 2 + dr, dc:ww - 2 + dc] for dr in range(3) for dc in range(3)]
    full[1:-1, 1:-1] = georsg_functor(name, win, cs, a1, a2)
    out = np.full((h_out, w_out), np.nan)
    r0, c0 = max(0, -d_row), max(0, -d_col)
    r1, c1 = min(hh, h_out - d_row), min(ww, w_out - d_col)
    out[r0 + d_row:r1 + d_row, c0 + d_col:c1 + d_col] = full[r0:r1, c0:c1]
    return out


JETGEO_NODATA = -9999.0
JETGEO_CURV = 0.87 / (2.0 * 6371000.0)


@functools.lru_cache(maxsize=None)
def _jetgeo_dem(n=72, spikes=False, seed=8002):
    """test_dem_processing.cpp's createTestDEM at n x n (100 + 10 sin(0.1 x) cos(0.1 y), plus 20 (1 - dist / (n/4))
    inside dist < n/4 of (n/2, n/2), the host's float arithmetic), NoData at (row 5, col 60) and (60, 10); spikes:
    +15 on 25 cells of a 5 x 5 lattice (rows and cols 8, 22, ..., 64, each jittered by 0 or 1), none next to another."""
    z = np.empty((n, n), np.float32)
    for y in range(n):
        for x in range(n):
            v = np.float32(100.0) + np.float32(10.0) * np.float32(math.sin(np.float32(x * 0.1))) \
                * np.float32(math.cos(np.float32(y * 0.1)))
            dx, dy = np.float32(x - n // 2), np.float32(y - n // 2)
            dist = np.float32(math.sqrt(dx * dx + dy * dy))
            if dist < n // 4:
                v = np.float32(v + np.float32(20.0) * (np.float32(1.0) - dist / np.float32(n // 4)))
            z[y, x] = v
    if spikes:
        rng = np.random.default_rng(seed)
        for r in range(8, n - 7, 14):
            for c in range(8, n - 7, 14):
                z[r + rng.integers(0, 2), c + rng.integers(0, 2)] += np.float32(15.0)
    z[5, 60] = z[60, 10] = JETGEO_NODATA
    return z


def jetgeo_dem(spikes=False):
    return _jetgeo_dem(72, bool(spikes)).copy()


def jetgeo_viewshed(dem, ox, oy, oh, max_radius, cs=1.0, curv=JETGEO_CURV):
    """viewshedKernel, cell by cell in float64: NoData -> 0; beyond max_radius (> 0, compared with the distance in
    metres) -> 0; closer than half a cell -> 1; else 1 when atan((target - observer - curv d^2) / d) >= the largest
    atan((bilinear sample - curv s^2 - observer) / s) over samples i = 1 .. ceil(d / (cs / 2)) - 1 at fraction
    i / n of the way (a sample whose 2 x 2 cell leaves the DEM, or touches NoData, skipped)."""
    z = np.asarray(dem, np.float64)
    hh, ww = z.shape
    out = np.zeros((hh, ww))
    obs = z[int(oy), int(ox)] + oh
    for row in range(hh):
        for col in range(ww):
            if z[row, col] == JETGEO_NODATA:
                continue
            dx, dy = col - ox, row - oy
            dist = math.sqrt(dx * dx + dy * dy) * cs
            if max_radius > 0 and dist > max_radius:
                continue
            if dist < cs * 0.5:
                out[row, col] = 1
                continue
            ns = math.ceil(dist / (cs * 0.5))
            fr = np.arange(1, ns) / ns
            sx, sy = ox + fr * dx, oy + fr * dy
            sc, sr = np.floor(sx).astype(int), np.floor(sy).astype(int)
            ok = (sc >= 0) & (sc < ww - 1) & (sr >= 0) & (sr < hh - 1)
            fr, sx, sy, sc, sr = fr[ok], sx[ok], sy[ok], sc[ok], sr[ok]
            ul, ur, ll, lr = z[sr, sc], z[sr, sc + 1], z[sr + 1, sc], z[sr + 1, sc + 1]
            good = (ul != JETGEO_NODATA) & (ur != JETGEO_NODATA) & (ll != JETGEO_NODATA) & (lr != JETGEO_NODATA)
            wx, wy = sx - sc, sy - sr
            el = (1 - wy) * ((1 - wx) * ul + wx * ur) + wy * ((1 - wx) * ll + wx * lr)
            sd = fr * dist
            ang = np.arctan((el - curv * sd * sd - obs) / sd)[good]
            mx = ang.max() if ang.size else -np.inf
            tgt = math.atan((z[row, col] - obs - curv * dist * dist) / dist)
            out[row, col] = 1.0 if tgt >= mx else 0.0
    return out


def jetgeo_derivatives(dem, cs=1.0, zf=1.0, edge=0.0):
    """terrainDerivativesKernel in float64: {'slope', 'aspect', 'curvature'} on interior cells (the edge cells are not
    written: `edge`, the outputs' value before the launch), -9999 where the 3 x 3 window holds NoData; Horn's dx, dy; aspect from atan(dy / dx) turned to [0, 2 pi),
    then (90 - deg + 360) mod 360; curvature -((z13 - 2 z22 + z31) + (z31 - 2 z22 + z13)) / cs^2."""
    z = np.asarray(dem, np.float64)
    hh, ww = z.shape
    w = {f"z{r + 1}{c + 1}": z[r:hh - 2 + r, c:ww - 2 + c] * zf for r in range(3) for c in range(3)}
    nod = np.zeros((hh - 2, ww - 2), bool)
    for r in range(3):
        for c in range(3):
            nod |= z[r:hh - 2 + r, c:ww - 2 + c] == JETGEO_NODATA
    dx = ((w["z13"] - w["z11"]) + 2 * (w["z23"] - w["z21"]) + (w["z33"] - w["z31"])) / (8 * cs)
    dy = ((w["z31"] - w["z11"]) + 2 * (w["z32"] - w["z12"]) + (w["z33"] - w["z13"])) / (8 * cs)
    slope = np.degrees(np.arctan(np.sqrt(dx * dx + dy * dy)))
    with np.errstate(divide="ignore", invalid="ignore"):
        a = np.arctan(dy / dx)
    a = np.where(dx < 0, a + np.pi, np.where(dy < 0, a + 2 * np.pi, a))
    a = np.where(dx == 0, np.where(dy > 0, np.pi / 2, np.where(dy < 0, 3 * np.pi / 2, 0.0)), a)
    aspect = np.fmod(90.0 - np.degrees(a) + 360.0, 360.0)
    d2 = (w["z13"] - 2 * w["z22"] + w["z31"]) / (cs * cs)
    curvature = -(d2 + d2)
    out = {}
    for k, v in (("slope", slope), ("aspect", aspect), ("curvature", curvature)):
        full = np.full((hh, ww), edge)
        full[1:-1, 1:-1] = np.where(nod, JETGEO_NODATA, v)
        out[k] = full
    return out


def jetgeo_fill_pass(dem, filled, z_limit):
    """One fillSinksIterationKernel pass read from the pass's input (filled before it), float32 arithmetic as the
    kernel's: NoData cells -> -9999; a cell whose highest lower (non-NoData) 8-neighbour m is more than z_limit below
    it becomes m + z_limit. Returns (filled after, changed)."""
    z0 = np.asarray(dem, np.float32)
    f = np.asarray(filled, np.float32)
    hh, ww = f.shape
    out, changed = f.copy(), 0
    for r in range(hh):
        for c in range(ww):
            if z0[r, c] == JETGEO_NODATA:
                out[r, c] = JETGEO_NODATA
                continue
            cur, m = f[r, c], np.float32(JETGEO_NODATA)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    if (dr or dc) and 0 <= rr < hh and 0 <= cc < ww and f[rr, cc] != JETGEO_NODATA \
                            and f[rr, cc] < cur:
                        m = max(m, f[rr, cc])
            if m != JETGEO_NODATA and cur - m > z_limit:
                new = np.float32(m + np.float32(z_limit))
                if new < cur:
                    out[r, c], changed = new, 1
    return out, changed


def jetgeo_filled(passes):
    """The spiky DEM after `passes` fill passes at z_limit 2 (0: the init kernel's copy)."""
    z = jetgeo_dem(True)
    f = z.copy()
    for _ in range(passes):
        f = jetgeo_fill_pass(z, f, np.float32(2.0))[0]
    return f
# ---- unseen81: grid fluids (ernestyalumni/CUDACFD_out's NavSt2DIncompFiniteDiff, files eycfd_*.cu; barbagroup/cuIBM's
# explicit momentum terms, files cuibm_*.cu). Written from the kernels' formulas, in float64.

EYCFD_N = 64                 # imax = jmax; the arrays are (imax+2) x (jmax+2), element (i, j) at i + (imax+2)*j: a[j, i]
EYCFD_H = 1.0 / 64           # deltax = deltay = l_X / L_X


@functools.lru_cache(maxsize=None)
def _eycfd_fields(seed=8101):
    n = EYCFD_N + 2
    rng = np.random.default_rng(seed)
    x = np.arange(n) * EYCFD_H
    X, Y = np.meshgrid(x, x)                                      # X[j, i] = i h, Y[j, i] = j h
    noise = lambda s: s * rng.standard_normal((n, n))
    u = 0.8 * np.sin(np.pi * X) * np.cos(np.pi * Y) + noise(0.05)
    v = -0.8 * np.cos(np.pi * X) * np.sin(np.pi * Y) + noise(0.05)
    p = 0.1 * np.cos(2 * np.pi * X) * np.cos(2 * np.pi * Y) + noise(0.01)
    F = u + noise(0.01)
    G = v + noise(0.01)
    RHS = 5.0 * np.sin(3 * X) * np.cos(2 * Y) + noise(0.5)
    return {k: a.astype(np.float32) for k, a in dict(u=u, v=v, p=p, F=F, G=G, RHS=RHS).items()}


def eycfd_fields(name):
    """NavSt2DIncompFiniteDiff's fields on the 66 x 66 staggered grid (imax = jmax = 64): smooth velocities u, v (a
    vortex) and pressure p with noise, F ~ u, G ~ v, a right-hand side RHS; float32, indexed [j, i]."""
    return _eycfd_fields()[name].copy()


def _eycfd_f(a):
    return np.asarray(a, np.float64)


def eycfd_F(u, v, F0, dt, gamma=0.9, Re=1000.0, n=EYCFD_N, h=EYCFD_H):
    """compute_F: F = u + dt (lap(u)/Re - du2dx - duvdy) for 1 <= i <= imax-1, 1 <= j <= jmax (donor-cell mixing gamma);
    F = u at i = 0 and i = imax (1 <= j <= jmax); the rest of F as it was."""
    u, v, F = _eycfd_f(u), _eycfd_f(v), _eycfd_f(F0).copy()
    j, i = np.mgrid[1:n + 1, 1:n]
    U, Ue, Uw, Un, Us = u[j, i], u[j, i + 1], u[j, i - 1], u[j + 1, i], u[j - 1, i]
    V, Ve, Vs, Vse = v[j, i], v[j, i + 1], v[j - 1, i], v[j - 1, i + 1]
    du2dx = (((U + Ue) ** 2 - (Uw + U) ** 2) + gamma * (abs(U + Ue) * (U - Ue) - abs(Uw + U) * (Uw - U))) / (4 * h)
    duvdy = (((V + Ve) * (U + Un) - (Vs + Vse) * (Us + U)) + gamma * (abs(V + Ve) * (U - Un) - abs(Vs + Vse) * (Us - U))) / (4 * h)
    lap = (Ue - 2 * U + Uw) / h / h + (Un - 2 * U + Us) / h / h
    F[j, i] = U + dt * (lap / Re - du2dx - duvdy)
    F[1:n + 1, n] = u[1:n + 1, n]
    F[1:n + 1, 0] = u[1:n + 1, 0]
    return F


def eycfd_G(u, v, G0, dt, gamma=0.9, Re=1000.0, n=EYCFD_N, h=EYCFD_H):
    """compute_G: G = v + dt (lap(v)/Re - dv2dy - duvdx) for 1 <= i <= imax, 1 <= j <= jmax-1; G = v at j = jmax and
    j = 0 (1 <= i <= imax); the rest as it was."""
    u, v, G = _eycfd_f(u), _eycfd_f(v), _eycfd_f(G0).copy()
    j, i = np.mgrid[1:n, 1:n + 1]
    U, Uw, Un, Unw = u[j, i], u[j, i - 1], u[j + 1, i], u[j + 1, i - 1]
    V, Ve, Vw, Vn, Vs = v[j, i], v[j, i + 1], v[j, i - 1], v[j + 1, i], v[j - 1, i]
    duvdx = (((U + Un) * (V + Ve) - (Uw + Unw) * (Vw + V)) + gamma * (abs(U + Un) * (V - Ve) - abs(Uw + Unw) * (Vw - V))) / (4 * h)
    dv2dy = (((V + Vn) ** 2 - (Vs + V) ** 2) + gamma * (abs(V + Vn) * (V - Vn) - abs(Vs + V) * (Vs - V))) / (4 * h)
    lap = (Ve - 2 * V + Vw) / h / h + (Vn - 2 * V + Vs) / h / h
    G[j, i] = V + dt * (lap / Re - dv2dy - duvdx)
    G[n, 1:n + 1] = v[n, 1:n + 1]
    G[0, 1:n + 1] = v[0, 1:n + 1]
    return G


def eycfd_RHS(F, G, RHS0, dt, n=EYCFD_N, h=EYCFD_H):
    """compute_RHS: ((F_ij - F_i-1,j)/dx + (G_ij - G_i,j-1)/dy)/dt inside; the rest as it was."""
    F, G, R = _eycfd_f(F), _eycfd_f(G), _eycfd_f(RHS0).copy()
    R[1:n + 1, 1:n + 1] = ((F[1:n + 1, 1:n + 1] - F[1:n + 1, 0:n]) / h + (G[1:n + 1, 1:n + 1] - G[0:n, 1:n + 1]) / h) / dt
    return R


def _eycfd_sor_at(p, RHS, j, i, omega, h):
    c = omega / (2.0 * (1 / h / h + 1 / h / h))
    return (1 - omega) * p[j, i] + c * ((p[j, i + 1] + p[j, i - 1]) / h / h + (p[j + 1, i] + p[j - 1, i]) / h / h - RHS[j, i])


def eycfd_sor(p, RHS, ptemp0, omega=1.7, n=EYCFD_N, h=EYCFD_H):
    """poisson (Jacobi-ordered SOR into p_temp): p_temp_ij = (1-w) p_ij + w/(2(1/dx^2+1/dy^2)) ((p_E+p_W)/dx^2 +
    (p_N+p_S)/dy^2 - RHS_ij) inside; the rest of p_temp as it was."""
    p, R, out = _eycfd_f(p), _eycfd_f(RHS), _eycfd_f(ptemp0).copy()
    j, i = np.mgrid[1:n + 1, 1:n + 1]
    out[j, i] = _eycfd_sor_at(p, R, j, i, omega, h)
    return out


def eycfd_redblack(p, RHS, omega=1.7, n=EYCFD_N, h=EYCFD_H):
    """poisson_redblack as one block would do it everywhere: red cells ((i+j) even) from the old black ones, then black
    cells from the new red ones."""
    p, R = _eycfd_f(p).copy(), _eycfd_f(RHS)
    j, i = np.mgrid[1:n + 1, 1:n + 1]
    for colour in (0, 1):
        m = (i + j) % 2 == colour
        p[j[m], i[m]] = _eycfd_sor_at(p, R, j[m], i[m], omega, h)
    return p


def eycfd_redblack_ok(p0, RHS, p, omega=1.7, n=EYCFD_N, h=EYCFD_H, block=32, rtol=1e-5, atol=1e-6):
    """poisson_redblack's blocks of 32 x 32 threads sync only within themselves: a cell whose 4 neighbours are in its own
    block must equal eycfd_redblack's value (red from old black, black from new red); a cell next to another block reads
    that block's cells old or new (the race), so only finiteness is asked of it; the cells outside 1..imax unchanged."""
    want, got = eycfd_redblack(p0, RHS, omega, n, h), _eycfd_f(p)
    j, i = np.mgrid[0:n + 2, 0:n + 2]
    inside = (i >= 1) & (i <= n) & (j >= 1) & (j <= n)
    own = inside & (i % block != 0) & (i % block != block - 1) & (j % block != 0) & (j % block != block - 1)
    ok_own = np.allclose(got[own], want[own], rtol=rtol, atol=atol)
    ok_edge = bool(np.isfinite(got[inside & ~own]).all())
    ok_out = bool((got[~inside] == _eycfd_f(p0)[~inside]).all())
    return bool(ok_own and ok_edge and ok_out)


def eycfd_residual(p, RHS, n=EYCFD_N, h=EYCFD_H):
    """compute_residual: (((p_E-p)-(p-p_W))/dx^2 + ((p_N-p)-(p-p_S))/dy^2 - RHS)^2 inside, 0 on the boundary strip."""
    p, R = _eycfd_f(p), _eycfd_f(RHS)
    out = np.zeros_like(p)
    j, i = np.mgrid[1:n + 1, 1:n + 1]
    r = ((p[j, i + 1] - p[j, i]) - (p[j, i] - p[j, i - 1])) / h / h + ((p[j + 1, i] - p[j, i]) - (p[j, i] - p[j - 1, i])) / h / h - R[j, i]
    out[j, i] = r * r
    return out


def eycfd_uv(w0, p, FG, dt, axis, n=EYCFD_N, h=EYCFD_H):
    """calculate_u (axis 'x': u = F - (p_i+1,j - p_ij) dt/dx, 1 <= i <= imax-1, 1 <= j <= jmax) and calculate_v
    (axis 'y': v = G - (p_i,j+1 - p_ij) dt/dy, 1 <= i <= imax, 1 <= j <= jmax-1); the rest as it was."""
    out, p, FG = _eycfd_f(w0).copy(), _eycfd_f(p), _eycfd_f(FG)
    if axis == "x":
        out[1:n + 1, 1:n] = FG[1:n + 1, 1:n] - (p[1:n + 1, 2:n + 1] - p[1:n + 1, 1:n]) * dt / h
    else:
        out[1:n, 1:n + 1] = FG[1:n, 1:n + 1] - (p[2:n + 1, 1:n + 1] - p[1:n, 1:n + 1]) * dt / h
    return out


CUIBM_NX, CUIBM_NY = 40, 36


def _cuibm_widths(n, lo, hi, r=1.04):
    """n cell widths over [lo, hi], finest at the centre, each next one r times wider outwards."""
    k = np.abs(np.arange(n) - (n - 1) / 2.0)
    w = r ** k
    return w * (hi - lo) / w.sum()


@functools.lru_cache(maxsize=None)
def _cuibm_case(seed=8102):
    nx, ny = CUIBM_NX, CUIBM_NY
    rng = np.random.default_rng(seed)
    dx, dy = _cuibm_widths(nx, -1.0, 1.0), _cuibm_widths(ny, -1.0, 1.0, 1.05)
    xc, yc = -1.0 + np.cumsum(dx), -1.0 + np.cumsum(dy) - dy / 2         # u points: x faces, y centres
    xv, yv = -1.0 + np.cumsum(dx) - dx / 2, -1.0 + np.cumsum(dy)         # v points: x centres, y faces
    U = np.sin(np.pi * xc[:nx - 1])[None, :] * np.cos(np.pi * yc / 2)[:, None] + 0.05 * rng.standard_normal((ny, nx - 1))
    V = -np.cos(np.pi * xv / 2)[None, :] * np.sin(np.pi * yv[:ny - 1])[:, None] + 0.05 * rng.standard_normal((ny - 1, nx))
    q = np.concatenate([(U * dy[:, None]).ravel(), (V * dx[None, :]).ravel()])     # fluxes: u dy, v dx
    H = 0.3 * rng.standard_normal(q.size)                                          # the previous step's convection
    bc = {k: 0.2 * rng.standard_normal(2 * m - 1) for k, m in (("xminus", ny), ("xplus", ny), ("yminus", nx), ("yplus", nx))}
    bc["yplus"][:nx - 1] += 1.0                                                    # a moving lid
    return dict(dx=dx, dy=dy, q=q, H=H, rn=np.zeros(q.size), **bc)


def cuibm_case(name):
    """cuIBM's inputs on a 40 x 36 stretched grid: cell widths dx, dy; fluxes q (u dy then v dx); the previous step's
    convective terms H; rn zeroed; the boundary velocities xminus, xplus (2 ny - 1), yminus, yplus (2 nx - 1); float64."""
    return _cuibm_case()[name].copy()


def cuibm_rn(kernel, rn, H, q, dx, dy, dt, gamma, zeta, alpha, nu, bcBottom=None, bcTop=None, bcLeft=None, bcRight=None):
    """generateRN.cu's kernels, thread by thread as written (float64): returns {"rn", "H"}. convectionTermULeftRight's
    right column uses the left column's old H as Hn (the source's line: cTerm = gamma*H[Iu] + zeta*Hn, Hn not reloaded),
    as the kernel does."""
    nx, ny = len(dx), len(dy)
    rn, H, q = np.array(rn, np.float64), np.array(H, np.float64), np.asarray(q, np.float64)
    dx, dy = np.asarray(dx, np.float64), np.asarray(dy, np.float64)
    Nu = (nx - 1) * ny
    uu = lambda I, J: q[J * (nx - 1) + I] / dy[J]            # u at (I, J)
    vv = lambda I, J: q[Nu + J * nx + I] / dx[I]             # v at (I, J)
    if kernel == "U":
        for J in range(1, ny - 1):
            for I in range(1, nx - 2):
                g = J * (nx - 1) + I
                u = lambda a, b: uu(I + a, J + b)
                v = lambda a, b: q[Nu + (J - 1 + b) * nx + I + a] / dx[I + a]   # the tile's v[j][i]: v point (I, J-1)
                Dx = lambda a: dx[I + a]
                Dy = lambda b: dy[J + b]
                Hn = H[g]
                Hx = (-((u(1, 0) + u(0, 0)) ** 2 - (u(0, 0) + u(-1, 0)) ** 2) / (2.0 * (Dx(0) + Dx(1)))
                      - ((u(0, 1) + u(0, 0)) * (v(0, 1) + v(1, 1)) - (u(0, 0) + u(0, -1)) * (v(0, 0) + v(1, 0))) / (4.0 * Dy(0)))
                H[g] = Hx
                c = gamma * Hx + zeta * Hn
                d = alpha * nu * 2.0 * (
                    (Dx(0) * u(1, 0) - (Dx(0) + Dx(1)) * u(0, 0) + Dx(1) * u(-1, 0)) / (Dx(0) * Dx(1) * (Dx(0) + Dx(1)))
                    + 4.0 * ((Dy(0) + Dy(-1)) * u(0, 1) - (Dy(-1) + 2.0 * Dy(0) + Dy(1)) * u(0, 0) + (Dy(0) + Dy(1)) * u(0, -1))
                    / ((Dy(0) + Dy(-1)) * (Dy(-1) + 2.0 * Dy(0) + Dy(1)) * (Dy(0) + Dy(1))))
                rn[g] = (u(0, 0) / dt + c + d) * 0.5 * (Dx(0) + Dx(1))
    elif kernel == "V":
        for J in range(1, ny - 2):
            for I in range(1, nx - 1):
                g = Nu + J * nx + I
                u = lambda a, b: q[(J + b) * (nx - 1) + I + a] / dy[J + b]       # the tile's u[j][i]: flat index J*(nx-1)+I
                v = lambda a, b: vv(I + a, J + b)
                Dx = lambda a: dx[I + a]
                Dy = lambda b: dy[J + b]
                Hn = H[g]
                Hy = (-((u(0, 1) + u(0, 0)) * (v(0, 0) + v(1, 0)) - (u(-1, 1) + u(-1, 0)) * (v(0, 0) + v(-1, 0))) / (4.0 * Dx(0))
                      - ((v(0, 1) + v(0, 0)) ** 2 - (v(0, -1) + v(0, 0)) ** 2) / (2.0 * (Dy(1) + Dy(0))))
                H[g] = Hy
                c = gamma * Hy + zeta * Hn
                d = alpha * nu * 2.0 * (
                    4.0 * ((Dx(-1) + Dx(0)) * v(1, 0) - (Dx(-1) + 2.0 * Dx(0) + Dx(1)) * v(0, 0) + (Dx(0) + Dx(1)) * v(-1, 0))
                    / ((Dx(-1) + Dx(0)) * (Dx(0) + Dx(1)) * (Dx(-1) + 2.0 * Dx(0) + Dx(1)))
                    + (Dy(0) * v(0, 1) - (Dy(0) + Dy(1)) * v(0, 0) + Dy(1) * v(0, -1)) / (Dy(0) * Dy(1) * (Dy(0) + Dy(1))))
                rn[g] = (v(0, 0) / dt + c + d) * 0.5 * (Dy(0) + Dy(1))
    elif kernel == "VBottomTop":
        for I in range(1, nx - 1):
            for top in (False, True):
                if not top:
                    Iv = I + Nu
                    Hn = H[Iv]
                    H[Iv] = (-((0.5 * (q[Iv] / dx[I] + q[Iv + 1] / dx[I + 1])) * (0.5 * (q[I] / dy[0] + q[I + (nx - 1)] / dy[1]))
                               - (0.5 * (q[Iv - 1] / dx[I - 1] + q[Iv] / dx[I])) * (0.5 * (q[I - 1] / dy[0] + q[I - 1 + (nx - 1)] / dy[1]))) / dx[I]
                             - ((0.5 * (q[Iv] + q[Iv + nx]) / dx[I]) ** 2 - (0.5 * (bcBottom[I + nx - 1] + q[Iv] / dx[I])) ** 2)
                             / (0.5 * (dy[0] + dy[1])))
                    c = gamma * H[Iv] + zeta * Hn
                    d = alpha * nu * 2.0 * (
                        4.0 * ((dx[I - 1] + dx[I]) * q[Iv + 1] / dx[I + 1] - (dx[I - 1] + 2.0 * dx[I] + dx[I + 1]) * q[Iv] / dx[I]
                               + (dx[I] + dx[I + 1]) * q[Iv - 1] / dx[I - 1])
                        / ((dx[I - 1] + dx[I]) * (dx[I] + dx[I + 1]) * (dx[I - 1] + 2.0 * dx[I] + dx[I + 1]))
                        + (dy[0] * q[Iv + nx] / dx[I] - (dy[0] + dy[1]) * q[Iv] / dx[I] + dy[1] * bcBottom[I + nx - 1])
                        / (dy[0] * dy[1] * (dy[0] + dy[1])))
                    rn[Iv] = (q[Iv] / (dx[I] * dt) + c + d) * 0.5 * (dy[0] + dy[1])
                else:
                    Iu = I + (ny - 2) * (nx - 1)
                    Iv = I + Nu + (ny - 2) * nx
                    Hn = H[Iv]
                    H[Iv] = (-((0.5 * (q[Iv] / dx[I] + q[Iv + 1] / dx[I + 1])) * (0.5 * (q[Iu] / dy[ny - 2] + q[Iu + (nx - 1)] / dy[ny - 1]))
                               - (0.5 * (q[Iv - 1] / dx[I - 1] + q[Iv] / dx[I])) * (0.5 * (q[Iu - 1] / dy[ny - 2] + q[Iu - 1 + (nx - 1)] / dy[ny - 1]))) / dx[I]
                             - ((0.5 * (q[Iv] / dx[I] + bcTop[I + nx - 1])) ** 2 - (0.5 * (q[Iv - nx] + q[Iv]) / dx[I]) ** 2)
                             / (0.5 * (dy[ny - 2] + dy[ny - 1])))
                    c = gamma * H[Iv] + zeta * Hn
                    d = alpha * nu * 2.0 * (
                        4.0 * ((dx[I - 1] + dx[I]) * q[Iv + 1] / dx[I + 1] - (dx[I - 1] + 2.0 * dx[I] + dx[I + 1]) * q[Iv] / dx[I]
                               + (dx[I] + dx[I + 1]) * q[Iv - 1] / dx[I - 1])
                        / ((dx[I - 1] + dx[I]) * (dx[I] + dx[I + 1]) * (dx[I - 1] + 2.0 * dx[I] + dx[I + 1]))
                        + (dy[ny - 2] * bcTop[I + nx - 1] - (dy[ny - 1] + dy[ny - 2]) * q[Iv] / dx[I] + dy[ny - 1] * q[Iv - nx] / dx[I])
                        / (dy[ny - 2] * dy[ny - 1] * (dy[ny - 2] + dy[ny - 1])))
                    rn[Iv] = (q[Iv] / (dx[I] * dt) + c + d) * 0.5 * (dy[ny - 2] + dy[ny - 1])
    elif kernel == "UBottomTop":
        for I in range(0, nx - 1):
            for top in (False, True):
                Iu = I if not top else I + (ny - 1) * (nx - 1)
                Iv = I + Nu if not top else I + (ny - 2) * nx + Nu
                row = 0 if not top else ny - 1
                bcL, bcR = bcLeft[row], bcRight[row]
                u = q[Iu] / dy[row]
                ul = bcL if I == 0 else q[Iu - 1] / dy[row]
                ur = bcR if I == nx - 2 else q[Iu + 1] / dy[row]
                u0x, u1x = 0.5 * (ul + u), 0.5 * (u + ur)
                Hn = H[Iu]
                if not top:
                    H[Iu] = (-(u1x * u1x - u0x * u0x) / (0.5 * (dx[I] + dx[I + 1]))
                             - (0.5 * (q[Iv] / dx[I] + q[Iv + 1] / dx[I + 1]) * 0.5 * (u + q[I + (nx - 1)] / dy[1])
                                - 0.5 * (bcBottom[I + (nx - 1)] + bcBottom[I + 1 + (nx - 1)]) * bcBottom[I]) / dy[0])
                    d = alpha * nu * 2.0 * (
                        (dx[I] * ur - (dx[I] + dx[I + 1]) * u + dx[I + 1] * ul) / (dx[I] * (dx[I] + dx[I + 1]) * dx[I + 1])
                        + 4.0 * (dy[0] * q[I + (nx - 1)] / dy[1] - (2.0 * dy[0] + dy[1]) * u + (dy[0] + dy[1]) * bcBottom[I])
                        / (dy[0] * (2.0 * dy[0] + dy[1]) * (dy[0] + dy[1])))
                else:
                    H[Iu] = (-(u1x * u1x - u0x * u0x) / (0.5 * (dx[I] + dx[I + 1]))
                             - (bcTop[I] * 0.5 * (bcTop[I + (nx - 1)] + bcTop[I + 1 + (nx - 1)])
                                - 0.5 * (q[Iv] / dx[I] + q[Iv + 1] / dx[I + 1]) * 0.5 * (u + q[Iu - (nx - 1)] / dy[ny - 2])) / dy[ny - 1])
                    d = alpha * nu * 2.0 * (
                        (dx[I] * ur - (dx[I] + dx[I + 1]) * u + dx[I + 1] * ul) / (dx[I] * (dx[I] + dx[I + 1]) * dx[I + 1])
                        + 4.0 * ((dy[ny - 2] + dy[ny - 1]) * bcTop[I] - (dy[ny - 2] + 2.0 * dy[ny - 1]) * u + dy[ny - 1] * q[Iu - (nx - 1)] / dy[ny - 2])
                        / ((dy[ny - 2] + dy[ny - 1]) * dy[ny - 1] * (dy[ny - 2] + 2.0 * dy[ny - 1])))
                c = gamma * H[Iu] + zeta * Hn
                rn[Iu] = (u / dt + c + d) * 0.5 * (dx[I] + dx[I + 1])
    elif kernel == "ULeftRight":
        for I in range(1, ny - 1):
            Iu, Iv = I * (nx - 1), I * nx + Nu
            Hn = H[Iu]
            H[Iu] = (-((0.5 * (q[Iu] + q[Iu + 1]) / dy[I]) ** 2 - (0.5 * (bcLeft[I] + q[Iu] / dy[I])) ** 2) / (0.5 * (dx[0] + dx[1]))
                     - ((0.5 * (q[Iv] / dx[0] + q[Iv + 1] / dx[1])) * (0.5 * (q[Iu] / dy[I] + q[Iu + (nx - 1)] / dy[I + 1]))
                        - (0.5 * (q[Iv - nx] / dx[0] + q[Iv + 1 - nx] / dx[1])) * (0.5 * (q[Iu - (nx - 1)] / dy[I - 1] + q[Iu] / dy[I]))) / dy[I])
            c = gamma * H[Iu] + zeta * Hn
            d = alpha * nu * 2.0 * (
                (dx[0] * q[Iu + 1] / dy[I] - (dx[0] + dx[1]) * q[Iu] / dy[I] + dx[1] * bcLeft[I]) / (dx[0] * dx[1] * (dx[0] + dx[1]))
                + 4.0 * ((dy[I - 1] + dy[I]) * q[Iu + (nx - 1)] / dy[I + 1] - (dy[I - 1] + 2.0 * dy[I] + dy[I + 1]) * q[Iu] / dy[I]
                         + (dy[I] + dy[I + 1]) * q[Iu - (nx - 1)] / dy[I - 1])
                / ((dy[I - 1] + dy[I]) * (dy[I] + dy[I + 1]) * (dy[I - 1] + 2.0 * dy[I] + dy[I + 1])))
            rn[Iu] = (q[Iu] / (dy[I] * dt) + c + d) * 0.5 * (dx[0] + dx[1])
            Iu, Iv = I * (nx - 1) + (nx - 2), I * nx + Nu + (nx - 2)
            H[Iu] = (-((0.5 * (q[Iu] / dy[I] + bcRight[I])) ** 2 - (0.5 * (q[Iu - 1] + q[Iu]) / dy[I]) ** 2) / (0.5 * (dx[nx - 2] + dx[nx - 1]))
                     - ((0.5 * (q[Iv] / dx[nx - 2] + q[Iv + 1] / dx[nx - 1])) * (0.5 * (q[Iu] / dy[I] + q[Iu + (nx - 1)] / dy[I + 1]))
                        - (0.5 * (q[Iv - nx] / dx[nx - 2] + q[Iv + 1 - nx] / dx[nx - 1])) * (0.5 * (q[Iu - (nx - 1)] / dy[I - 1] + q[Iu] / dy[I]))) / dy[I])
            c = gamma * H[Iu] + zeta * Hn                   # Hn: the left column's, as the kernel leaves it
            d = alpha * nu * 2.0 * (
                (dx[nx - 2] * bcRight[I] - (dx[nx - 2] + dx[nx - 1]) * q[Iu] / dy[I] + dx[nx - 1] * q[Iu - 1] / dy[I])
                / (dx[nx - 2] * dx[nx - 1] * (dx[nx - 2] + dx[nx - 1]))
                + 4.0 * ((dy[I - 1] + dy[I]) * q[Iu + (nx - 1)] / dy[I + 1] - (dy[I - 1] + 2.0 * dy[I] + dy[I + 1]) * q[Iu] / dy[I]
                         + (dy[I] + dy[I + 1]) * q[Iu - (nx - 1)] / dy[I - 1])
                / ((dy[I - 1] + dy[I]) * (dy[I] + dy[I + 1]) * (dy[I - 1] + 2.0 * dy[I] + dy[I + 1])))
            rn[Iu] = (q[Iu] / (dy[I] * dt) + c + d) * 0.5 * (dx[nx - 2] + dx[nx - 1])
    elif kernel == "VLeftRight":
        for I in range(0, ny - 1):
            for right in (False, True):
                col = 0 if not right else nx - 1
                Iu = I * (nx - 1) + (0 if not right else nx - 1)
                Iv = I * nx + Nu + col
                v = q[Iv] / dx[col]
                bb = bcBottom[nx - 1] if not right else bcBottom[nx - 1 + (nx - 1)]
                bt = bcTop[nx - 1] if not right else bcTop[nx - 1 + (nx - 1)]
                vb = bb if I == 0 else q[Iv - nx] / dx[col]
                vt = bt if I == ny - 2 else q[Iv + nx] / dx[col]
                v0y = 0.5 * (vb + v)
                v1y = 0.5 * (v + vt) if I != ny - 2 else 0.5 * (q[Iv] / dx[col] + bt)
                Hn = H[Iv]
                if not right:
                    H[Iv] = (-(0.5 * (v + q[Iv + 1] / dx[1]) * 0.5 * (q[Iu] / dy[I] + q[Iu + (nx - 1)] / dy[I + 1])
                               - bcLeft[I + ny] * 0.5 * (bcLeft[I] + bcLeft[I + 1])) / dx[0]
                             - (v1y * v1y - v0y * v0y) / (0.5 * (dy[I] + dy[I + 1])))
                    d = alpha * nu * 2.0 * (
                        4.0 * (dx[0] * q[Iv + 1] / dx[1] - (2.0 * dx[0] + dx[1]) * v + (dx[0] + dx[1]) * bcLeft[I + ny])
                        / (dx[0] * (dx[0] + dx[1]) * (2.0 * dx[0] + dx[1]))
                        + (dy[I] * vt - (dy[I] + dy[I + 1]) * v + dy[I + 1] * vb) / (dy[I] * dy[I + 1] * (dy[I] + dy[I + 1])))
                else:
                    H[Iv] = (-(bcRight[I + ny] * 0.5 * (bcRight[I] + bcRight[I + 1])
                               - 0.5 * (q[Iv - 1] / dx[nx - 2] + v) * 0.5 * (q[Iu - 1] / dy[I] + q[Iu - 1 + (nx - 1)] / dy[I + 1])) / dx[nx - 1]
                             - (v1y * v1y - v0y * v0y) / (0.5 * (dy[I] + dy[I + 1])))
                    d = alpha * nu * 2.0 * (
                        4.0 * ((dx[nx - 1] + dx[nx - 2]) * bcRight[I + ny] - (2.0 * dx[nx - 1] + dx[nx - 2]) * v + dx[nx - 1] * q[Iv - 1] / dx[nx - 2])
                        / (dx[nx - 1] * (dx[nx - 1] + dx[nx - 2]) * (2.0 * dx[nx - 1] + dx[nx - 2]))
                        + (dy[I] * vt - (dy[I] + dy[I + 1]) * v + dy[I + 1] * vb) / (dy[I] * dy[I + 1] * (dy[I] + dy[I + 1])))
                c = gamma * H[Iv] + zeta * Hn
                rn[Iv] = (v / dt + c + d) * 0.5 * (dy[I] + dy[I + 1])
    else:
        raise ValueError(kernel)
    return {"rn": rn, "H": H}


# ---- unseen83: manicely6005/tsp2opt_cuda (tsp2opt_) and Guillaume-Helbecque/GPU-accelerated-tree-search-Chapel (gpuat_)

def tsp2opt_cities(n, seed):
    """n random cities with integer coordinates in [0, 100) (float32 [n, 2]), TSPLIB's EUC_2D kind."""
    return np.random.default_rng(seed).integers(0, 100, (n, 2)).astype(np.float32)


def _tsp2opt_dist(c):
    """euc2d under --use_fast_math for every pair: (int) floor(sqrtf(xd + yd) + 0.5), xd, yd the float squares of the
    differences (integers below 2^24 here, so the sum is exact however it is fused)."""
    c = np.asarray(c, np.float32)
    d = c[:, None, :] - c[None, :, :]
    s = (d[..., 0] * d[..., 0] + d[..., 1] * d[..., 1]).astype(np.float32)
    return np.floor(np.sqrt(s).astype(np.float32) + np.float32(0.5)).astype(np.int64)


def tsp2opt_find_route(coords, grid=2, block=1024):
    """find_route's best_block [grid, 3] (i, j, minchange), thread by thread: each thread's running best over its
    candidates (strictly smaller changes only), then the block's tree (k = 512 .. 64, the lower index kept on ties) and
    the 33-thread tail taken in program order (each line's reads before its writes)."""
    c = np.asarray(coords, np.float32).reshape(-1, 2)
    n = len(c)
    D = _tsp2opt_dist(c)
    counter = (n - 2) * (n - 1) // 2
    iterations = counter // (1024 * grid) + 1
    pack = block * grid
    out = np.zeros((grid, 3), np.int64)
    for b in range(grid):
        bt = [None] * block                      # None: never written (uninitialised shared memory)
        for t in range(block):
            idx = b * block + t
            best = (0, 0, 999999)
            for no in range(iterations):
                id_ = idx + no * pack
                if id_ < counter:
                    f = np.float32(np.float32(8.0) * np.float32(np.float32(id_) + np.float32(1.0)))
                    i = int(np.float32(np.float32(3) + np.sqrt(f))) >> 1
                    j = id_ - (i - 2) * (i - 1) // 2 + 1
                    ch = int(D[i, j] + D[i - 1, j - 1] - D[i - 1, i] - D[j - 1, j])
                    if ch < best[2]:
                        best = (i, j, ch)
                        bt[t] = best
        pick = lambda a, b_: b_ if (b_ is not None and (a is None or b_[2] < a[2])) else a
        k = block >> 1
        while k != 32:
            bt = [pick(bt[t], bt[t + k]) if t < k else bt[t] for t in range(block)]
            k >>= 1
        for off in (32, 16, 8, 4, 2, 1):
            bt = [pick(bt[t], bt[t + off]) if t <= 32 else bt[t] for t in range(block)]
        if bt[0] is not None:
            out[b] = bt[0]
        else:
            out[b] = (-1, -1, -1)
    return out


def tsp2opt_tour_coords(n, seed, steps=0):
    """The coordinates the host copies before its launch number steps + 1 of the inner loop: init_route's tour 1..n
    (route[n] = 1), then for each earlier launch the host's reduction of the blocks (the first block's unless another
    is strictly smaller), swap_two on its (i, j) and createOrderCoord; each step must shorten the tour (else the host
    stops). Returns float32 [n, 2]."""
    cities = tsp2opt_cities(n, seed)
    route = list(range(1, n + 1)) + [1]
    D = _tsp2opt_dist(cities)
    length = lambda r: sum(int(D[r[a] - 1, r[a + 1] - 1]) for a in range(n))
    for _ in range(steps):
        coords = cities[np.asarray(route[:n]) - 1]
        bb = tsp2opt_find_route(coords)
        best = bb[0]
        for r in bb[1:]:
            if r[2] < best[2]:
                best = r
        gi, gj = int(best[0]), int(best[1])
        i, j = (gi - 1, gj) if gi < gj else (gj, gi - 1)
        new = route[:i] + route[j:i - 1:-1] if i > 0 else route[:i] + route[j::-1]
        new = new + route[j + 1:n + 1]
        assert len(new) == n + 1 and length(new) < length(route), "the host would stop here"
        route = new
    return cities[np.asarray(route[:n]) - 1]


def tsp2opt_bruteforce(coords, grid=2, block=1024):
    """An independent reading for the check of tsp2opt_find_route: the minimum change over all (i, j), 1 <= j < i <=
    n-1, as the candidates of one block reach it (a plain double loop over the block's ids)."""
    c = np.asarray(coords, np.float32).reshape(-1, 2)
    n = len(c)
    D = _tsp2opt_dist(c)
    counter = (n - 2) * (n - 1) // 2
    pack = block * grid
    res = []
    for b in range(grid):
        ids = [i for i in range(counter) if (i % pack) // block == b]
        best = None
        for i in range(2, n):
            for j in range(1, i):
                id_ = (i - 2) * (i - 1) // 2 + j - 1
                if (id_ % pack) // block != b:
                    continue
                ch = int(D[i, j] + D[i - 1, j - 1] - D[i - 1, i] - D[j - 1, j])
                if best is None or ch < best:
                    best = ch
        res.append(best)
    return res


def gpuat_nqueens(N, G, m, M, launch):
    """Replays nqueens_gpu_cuda.cu's nqueens_search up to its GPU launch number `launch` (0-based): the host's
    breadth-first start (popFront and decompose while pool.size < m), then popBackBulk (the last min(size, M) nodes)
    and generate_children with the labels of each launch. Returns {'parents': uint8 [poolSize, 21] (depth,
    board[20]), 'labels': the kernel's uint8 [N * poolSize] over labels set to 2 beforehand}."""
    def safe(board, depth, row_pos):
        return all(not (board[i] == row_pos - (depth - i) or board[i] == row_pos + (depth - i)) for i in range(depth))

    def children(node):
        depth, board = node
        out = []
        for j in range(depth, N):
            if safe(board, depth, board[j]):
                b = list(board)
                b[depth], b[j] = b[j], b[depth]
                out.append((depth + 1, tuple(b)))
        return out

    pool = [(0, tuple(range(N)) + (0,) * (20 - N))]
    front = 0
    while len(pool) - front < m:                        # step 1: breadth-first on the host
        if len(pool) - front == 0:
            raise ValueError("no GPU launch: the pool never reaches m")
        node = pool[front]
        front += 1
        if node[0] != N:
            pool.extend(children(node))
    pool = pool[front:]
    for it in range(launch + 1):
        if len(pool) < m:
            raise ValueError(f"only {it} GPU launches")
        size = min(len(pool), M)
        parents = pool[len(pool) - size:]
        pool = pool[:len(pool) - size]
        labels = np.full(N * size, 2, np.uint8)
        for p, (depth, board) in enumerate(parents):
            for k in range(N):
                if k >= depth:
                    ok = 1
                    for i in range(depth):
                        for g in range(G):
                            ok *= int(board[i] != board[k] - (depth - i) and board[i] != board[k] + (depth - i))
                    labels[p * N + k] = ok
        if it == launch:
            arr = np.array([[d, *b] for d, b in parents], np.uint8)
            return {"parents": arr, "labels": labels}
        for p, (depth, board) in enumerate(parents):   # generate_children
            if depth != N:
                for j in range(depth, N):
                    if labels[j + p * N] == 1:
                        b = list(board)
                        b[depth], b[j] = b[j], b[depth]
                        pool.append((depth + 1, tuple(b)))


def gpuat_nqueens_count(N):
    """An independent reading: the number of N-queens solutions by the plain recursive bitmask count."""
    full = (1 << N) - 1

    def rec(cols, d1, d2):
        if cols == full:
            return 1
        total, free = 0, full & ~(cols | d1 | d2)
        while free:
            bit = free & -free
            free ^= bit
            total += rec(cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1)
        return total
    return rec(0, 0, 0)


# ---------------------------------------------------------------- unseen82: cuHE's arithmetic mod P = 2^64 - 2^32 + 1
# (cuhe_test_modp.cu) and atpqc-cuda's Kyber NTT and NTT-domain arithmetic over Z_3329 (atpqc_*.cu), in Python integers.

CUHE_P = 0xFFFFFFFF00000001


def cuhe_rand_array(rng, n):
    """test_ModP.cu's rand_array: x = rand(); x <<= 32 * (rand() % 2); x |= rand() (rand() is 31 bits)."""
    r = lambda: rng.integers(0, 1 << 31, n, dtype=np.uint64)              # noqa: E731
    x = r() << (np.uint64(32) * rng.integers(0, 2, n, dtype=np.uint64))
    return x | r()


def cuhe_rand_offset(rng, n):
    """test_ModP.cu's rand_offset: l = (rand() % 8) * (rand() % 8) * 3."""
    return rng.integers(0, 8, n) * rng.integers(0, 8, n) * 3


def cuhe_modp(op, x, y):
    """What test_ModP.cu checks each kernel against (NTL's ZZ there): (x << y), x + y, x - y, x * y, all mod P."""
    f = {"ls": lambda a, b: (a << b) % CUHE_P, "add": lambda a, b: (a + b) % CUHE_P,
         "sub": lambda a, b: (a - b) % CUHE_P, "mul": lambda a, b: (a * b) % CUHE_P}[op]
    return np.array([f(int(a), int(b)) for a, b in zip(x, y)], dtype=np.uint64)


KYBER_Q = 3329


def _s16(v):
    return ((int(v) + 0x8000) & 0xFFFF) - 0x8000


def _s32(v):
    return ((int(v) + 0x80000000) & 0xFFFFFFFF) - 0x80000000


def kyber_mont(a):
    """reduce.cuh's montgomery_reduce in C's integer semantics (int16 / int32 wraps, arithmetic shift)."""
    u = _s16(a * 62209)
    t = _s32(u * KYBER_Q)
    t = _s32(a - t) >> 16
    return _s16(t)


def kyber_barrett(a):
    """reduce.cuh's barrett_reduce: its argument is an int16 (the callers' int sums are converted)."""
    a = _s16(a)
    t = _s16((20159 * a + (1 << 25)) >> 26)
    t = _s16(t * KYBER_Q)
    return _s16(a - t)


def _kyber_zetas():
    """zetas_table.cu's table: 2^16 * 17^bitrev7(k) mod q, centred (checked against the file's first entries)."""
    br = lambda k: int(f"{k:07b}"[::-1], 2)                                  # noqa: E731
    z = [(pow(17, br(k), KYBER_Q) * (1 << 16)) % KYBER_Q for k in range(128)]
    return [v - KYBER_Q if v > KYBER_Q // 2 else v for v in z]


KYBER_ZETAS = _kyber_zetas()


def atpqc_poly(rng, shape):
    """Coefficients uniform in (-q, q), an NTT output's range (int16)."""
    return rng.integers(-KYBER_Q + 1, KYBER_Q, shape).astype(np.int16)


def _kyber_ntt(r):
    r = [int(v) for v in r]
    k = 1
    length = 128
    while length >= 2:
        start = 0
        while start < 256:
            zeta = KYBER_ZETAS[k]
            k += 1
            for j in range(start, start + length):
                t = kyber_mont(zeta * r[j + length])
                r[j + length] = _s16(r[j] - t)
                r[j] = _s16(r[j] + t)
            start += 2 * length
        length >>= 1
    return [kyber_barrett(v) for v in r]


def _kyber_invntt_tomont(r):
    r = [int(v) for v in r]
    k = 127
    length = 2
    while length <= 128:
        start = 0
        while start < 256:
            zeta = KYBER_ZETAS[k]
            k -= 1
            for j in range(start, start + length):
                t = r[j]
                r[j] = kyber_barrett(t + r[j + length])
                r[j + length] = _s16(r[j + length] - t)
                r[j + length] = kyber_mont(zeta * r[j + length])
            start += 2 * length
        length <<= 1
    f = 2285 * (2285 * (KYBER_Q - 1) * ((KYBER_Q - 1) // 128) % KYBER_Q) % KYBER_Q
    return [kyber_mont(f * v) for v in r]


def atpqc_fwdntt(poly):
    """Kyber's reference ntt() then poly_reduce, a polynomial a row (short2 pairs = coefficients 2i, 2i+1)."""
    return np.array([_kyber_ntt(p) for p in np.asarray(poly).reshape(-1, 256)], dtype=np.int16).reshape(poly.shape)


def atpqc_invntt(poly):
    """Kyber's reference invntt() with the final multiplication by mont^2/128 (invntt_tomont)."""
    return np.array([_kyber_invntt_tomont(p) for p in np.asarray(poly).reshape(-1, 256)],
                    dtype=np.int16).reshape(poly.shape)


def _kyber_basemul(a0, a1, b0, b1, zeta):
    r0 = _s16(kyber_mont(_s16(kyber_mont(a1 * b1)) * zeta) + kyber_mont(a0 * b0))
    r1 = _s16(kyber_mont(a0 * b1) + kyber_mont(a1 * b0))
    return r0, r1


def _kyber_polymul(a, b):
    """Pointwise basemul of two NTT-domain polynomials, pair i with zetas[64 + i // 2], negated for odd i."""
    out = []
    for i in range(128):
        z = KYBER_ZETAS[64 + i // 2] * (-1 if i % 2 else 1)
        out.extend(_kyber_basemul(int(a[2 * i]), int(a[2 * i + 1]), int(b[2 * i]), int(b[2 * i + 1]), z))
    return out


def atpqc_arith(op, *xs):
    """arithmetic_mt's kernels: mattimesvec(_tomont_plusvec) (mat[i][ki][j] * vec[i][j] summed over j, per row ki:
    out[ki] = sum_j mat[ki][j] o vec[j]), vectimesvec (sum over k), add2, add3, sub; int16 wraps as in C."""
    if op in ("mattimesvec", "mattimesvec_tomont_plusvec"):
        mat, vec = xs[0], xs[1]
        n, k = vec.shape[0], vec.shape[1]
        out = np.zeros(vec.shape, dtype=np.int16)
        for i in range(n):
            for row in range(k):
                s = [0] * 256
                for j in range(k):
                    s = [_s16(u + v) for u, v in zip(s, _kyber_polymul(mat[i, row, j], vec[i, j]))]
                if op == "mattimesvec":
                    out[i, row] = [kyber_barrett(v) for v in s]
                else:
                    rr = (1 << 32) % KYBER_Q
                    out[i, row] = [kyber_barrett(kyber_mont(v * rr) + int(w)) for v, w in zip(s, xs[2][i, row])]
        return out
    if op == "vectimesvec":
        v1, v2 = xs
        out = np.zeros((v1.shape[0], 256), dtype=np.int16)
        for i in range(v1.shape[0]):
            s = [0] * 256
            for j in range(v1.shape[1]):
                s = [_s16(u + v) for u, v in zip(s, _kyber_polymul(v1[i, j], v2[i, j]))]
            out[i] = s
        return out
    flat = [np.asarray(x).astype(np.int64) for x in xs]
    tot = {"add2": lambda: flat[0] + flat[1], "add3": lambda: flat[0] + flat[1] + flat[2],
           "sub": lambda: flat[0] - flat[1]}[op]()
    return np.vectorize(kyber_barrett, otypes=[np.int16])(tot).astype(np.int16)


def murmur3_x86_32(key: bytes, seed: int) -> int:
    """smhasher's MurmurHash3_x86_32 in Python integers (4-byte little-endian blocks, the tail, fmix32)."""
    c1, c2, m = 0xCC9E2D51, 0x1B873593, 0xFFFFFFFF
    rotl = lambda x, r: ((x << r) | (x >> (32 - r))) & m
    h = seed & m
    n = len(key) // 4
    for i in range(n):
        k = int.from_bytes(key[4 * i:4 * i + 4], "little")
        k = rotl((k * c1) & m, 15) * c2 & m
        h = (rotl(h ^ k, 13) * 5 + 0xE6546B64) & m
    tail, k = key[4 * n:], 0
    if len(tail) >= 3:
        k ^= tail[2] << 16
    if len(tail) >= 2:
        k ^= tail[1] << 8
    if len(tail) >= 1:
        k ^= tail[0]
        k = rotl((k * c1) & m, 15) * c2 & m
        h ^= k
    h ^= len(key)
    for s_, mul in ((16, 0x85EBCA6B), (13, 0xC2B2AE35)):
        h = ((h ^ (h >> s_)) * mul) & m
    return h ^ (h >> 16)


def murcu_batch(keys, seeds):
    """murmur-cuda's _batch_helper: out[i * num_seeds + j] = MurmurHash3_x86_32(keys[i] as 4 bytes, seeds[j])."""
    return np.array([murmur3_x86_32(int(k).to_bytes(4, "little", signed=True), int(s))
                     for k in np.asarray(keys) for s in np.asarray(seeds)], dtype=np.uint32)


def blmcu_bits(num_bits, num_seeds, keys):
    """bloom-cuda's bit vector (the host's (num_bits + 3) / 4 uint32 words, four times the num_bits / 32 it needs) after
    BloomFilter::add of each key: bit MurmurHash3(key, seed) % num_bits set for seeds 0 .. num_seeds - 1."""
    words = np.zeros((num_bits + 3) // 4, dtype=np.uint32)
    for key in keys:
        kb = int(key).to_bytes(4, "little", signed=True)
        for s in range(num_seeds):
            b = murmur3_x86_32(kb, s) % num_bits
            words[b // 32] |= np.uint32(1 << (b % 32))
    return words


def blmcu_test(num_bits, num_seeds, keys, key):
    """BloomFilter::test: every bit of key's num_seeds hashes set in the vector the adds of keys leave."""
    w = blmcu_bits(num_bits, num_seeds, keys)
    kb = int(key).to_bytes(4, "little", signed=True)
    return np.array([all((int(w[(b := murmur3_x86_32(kb, s) % num_bits) // 32]) >> (b % 32)) & 1
                         for s in range(num_seeds))], dtype=bool)
# ---------------------------------------------------------------- unseen84: pcseg (pcseg_) and range_libc (rangelib_)

PCSEG_CLOUDS = {                             # (x_idx, y_idx, z_idx): the launches' gridDim; points a voxel
    "small": ((3, 3, 2), (14, 9, 20, 12, 0, 17, 11, 24, 8, 15, 13, 0, 19, 10, 16, 7, 22, 18)),   # 235, 4 and 11 empty
    "dense": ((2, 1, 1), (260, 12)),         # 272: voxel 0 takes two passes of the 256 threads (i = 0, 256)
}
PCSEG_LEAF = 0.05                            # the voxel edge (preprocess_step1's x_grid = y_grid = z_grid)


@functools.lru_cache(maxsize=None)
def _pcseg_cloud(cloud="small"):
    """A synthetic cloud laid out as preprocess_step2 lays one out: points grouped by voxel id yz_idx*i + z_idx*j + k,
    voxel_offset (num_voxels + 1), neighbor_ids (7 a voxel: itself, +x, -x, +y, -y, +z, -z; -1 past the grid),
    colours as float(r) / 255.0 of 8-bit channels: one colour a slab of voxels (x index 0, 1, 2), +-1 levels of noise
    (sampling's sigma_sq = 0.00005 weighs colour differences of a few levels only)."""
    (X, Y, Z), counts = PCSEG_CLOUDS[cloud]
    rng = np.random.default_rng(84)
    xyz, rgb, off = [], [], [0]
    for v, c in enumerate(counts):
        i, j, k = v // (Y * Z), (v // Z) % Y, v % Z
        p = (np.array([i, j, k], dtype=np.float64) + rng.uniform(0.02, 0.98, (c, 3))) * PCSEG_LEAF
        xyz.append(p.astype(np.float32))
        base = np.array([200, 40, 40] if i == 0 else ([40, 160, 40] if i == 1 else [40, 40, 200]))
        rgb.append(((base + rng.integers(-1, 2, (c, 3))).astype(np.float64) / 255.0).astype(np.float32))
        off.append(off[-1] + c)
    nbr = np.full((X * Y * Z, 7), -1, dtype=np.int32)
    for i in range(X):
        for j in range(Y):
            for k in range(Z):
                v = Y * Z * i + Z * j + k
                nbr[v, 0] = v
                nbr[v, 1] = Y * Z * (i + 1) + Z * j + k if i + 1 < X else -1
                nbr[v, 2] = Y * Z * (i - 1) + Z * j + k if i - 1 >= 0 else -1
                nbr[v, 3] = Y * Z * i + Z * (j + 1) + k if j + 1 < Y else -1
                nbr[v, 4] = Y * Z * i + Z * (j - 1) + k if j - 1 >= 0 else -1
                nbr[v, 5] = Y * Z * i + Z * j + (k + 1) if k + 1 < Z else -1
                nbr[v, 6] = Y * Z * i + Z * j + (k - 1) if k - 1 >= 0 else -1
    return (np.concatenate(xyz).ravel(), np.concatenate(rgb).ravel(), np.array(off, dtype=np.int32), nbr.ravel())


def pcseg_cloud(part, cloud="small"):
    """One array of a synthetic cloud: 'xyz', 'rgb' (3 floats a point), 'offset', 'nbr'."""
    return _pcseg_cloud(cloud)[("xyz", "rgb", "offset", "nbr").index(part)].copy()


def pcseg_keep(cloud="small"):
    """The points no second thread writes: each non-empty voxel's extra thread (threadId + i == my_num_pts passes the
    kernels' `threadId + i > my_num_pts` test) writes the point at voxel_offset[b + 1], the first point of a later
    voxel that its own block writes too; those points are left out of the checks."""
    off = _pcseg_cloud(cloud)[2]
    n = int(off[-1])
    counts = PCSEG_CLOUDS[cloud][1]
    raced = {int(off[b + 1]) for b, c in enumerate(counts) if c > 0 and off[b + 1] < n}
    return np.array([p for p in range(n) if p not in raced])


def _pcseg_voxel_points(xyz, off, nbr, b):
    """The neighbour points of voxel b in the kernels' order (j over the 7 ids, k over each voxel's points)."""
    idx = [off[nb] + k for nb in nbr[7 * b:7 * b + 7] if nb != -1 for k in range(off[nb + 1] - off[nb])]
    return np.array(idx, dtype=np.int64)


def _pcseg_sqdist(a, b):
    """pow(a.x - b.x, 2.0) + ... : float differences, squared and summed in double, stored to a float."""
    d = (a.astype(np.float32) - b.astype(np.float32)).astype(np.float64)
    return ((d[..., 0] ** 2 + d[..., 1] ** 2) + d[..., 2] ** 2).astype(np.float32)


def pcseg_sampling(xyz, rgb, off, nbr):
    """sampling's (pdensity, imp_wt) for every point, each from its own voxel's neighbourhood: Aij_ew =
    exp(-xyz_dist / sigma_sq), Aij_ew2 = exp(-(xyz_dist + rgb_dist) / sigma_sq), sigma_sq = 0.00005f, the point
    itself included; pdensity = sum Aij_ew2, imp_wt = |(xyz, rgb) - sum Aij_ew * (xyz, rgb)_nbr|^2."""
    P, C = xyz.reshape(-1, 3), rgb.reshape(-1, 3)
    sig = np.float32(0.00005)
    pd = np.zeros(len(P), np.float32)
    iw = np.zeros(len(P), np.float32)
    for b in range(len(off) - 1):
        idx = _pcseg_voxel_points(xyz, off, nbr, b)
        for p in range(off[b], off[b + 1]):
            dx = _pcseg_sqdist(P[p], P[idx])
            dc = _pcseg_sqdist(C[p], C[idx])
            a1 = np.exp(-(dx / sig).astype(np.float64))
            a2 = np.exp(-((dx + dc) / sig).astype(np.float64))
            pd[p] = a2.sum()
            feat = np.concatenate([(a1[:, None] * P[idx]).sum(0), (a1[:, None] * C[idx]).sum(0)])
            me = np.concatenate([P[p], C[p]]).astype(np.float64)
            iw[p] = ((me - feat) ** 2).sum()
    return pd, iw


def pcseg_segmentation(xyz, off, nbr, pdens):
    """segmentation_kernel's (parents, distances): among the other points of the voxel's neighbourhood, in the
    kernel's order, the first nearest one (xyz_dist < min_distance, starting at 10000000.0f) of higher density
    (pdens[nbr] > pdens[me]); none: the point itself and 10000000.0f."""
    P = xyz.reshape(-1, 3)
    par = np.arange(len(P), dtype=np.int32)
    dist = np.full(len(P), np.float32(10000000.0), np.float32)
    for b in range(len(off) - 1):
        idx = _pcseg_voxel_points(xyz, off, nbr, b)
        for p in range(off[b], off[b + 1]):
            d = _pcseg_sqdist(P[p], P[idx])
            ok = (idx != p) & (pdens[idx] > pdens[p]) & (d < np.float32(10000000.0))
            if ok.any():
                m = np.flatnonzero(ok)[np.argmin(d[ok])]
                par[p], dist[p] = idx[m], d[m]
    return par, dist


# range_libc: a 64 x 48 occupancy grid (2-cell walls around, two boxes), its L2 distance transform in cells.
RL_W, RL_H = 64, 48
RL_SCALE = 0.0625                            # world_scale (m a cell); inv_world_scale = 1.0 / 0.0625f = 16
RL_ORIGIN = (-1.5, -2.0)                     # world_origin_x, world_origin_y; world angle 0 (sin 0, cos 1)
RL_ROT = np.float32(-1.0 * 0.0 - 3.0 * math.pi / 2.0)    # set_conversion_params's rotation_const as a float


@functools.lru_cache(maxsize=None)
def _rl_map():
    occ = np.zeros((RL_W, RL_H), bool)
    occ[:2, :] = occ[-2:, :] = occ[:, :2] = occ[:, -2:] = True
    occ[20:28, 10:18] = True
    occ[40:46, 28:40] = True
    ox, oy = np.nonzero(occ)
    gx, gy = np.meshgrid(np.arange(RL_W), np.arange(RL_H), indexing="ij")
    d2 = ((gx[..., None] - ox) ** 2 + (gy[..., None] - oy) ** 2).min(-1)
    return occ, np.sqrt(d2.astype(np.float32))              # grid[x][y]: distMap[x * height + y]


def rl_distmap():
    """DistanceTransform's grid as RayMarchingCUDA copies it: distMap[x * height + y], 0 on occupied cells."""
    return _rl_map()[1].ravel().copy()


def _rl_free_poses(rng, n):
    occ = _rl_map()[0]
    out = []
    while len(out) < n:
        x, y = rng.uniform(2.5, RL_W - 2.5), rng.uniform(2.5, RL_H - 2.5)
        if not occ[int(x), int(y)]:
            out.append((x, y, rng.uniform(0.0, 2 * math.pi)))
    return np.array(out, dtype=np.float32)


def rl_grid_rays(n, chunk, seed=1):
    """calc_range_many's d_ins: n rays (x, y, theta) in grid cells from free cells, the rest of the chunk zero."""
    ins = np.zeros((chunk, 3), np.float32)
    ins[:n] = _rl_free_poses(np.random.default_rng(seed), n)
    return ins.ravel()


def rl_world_poses(n, chunk, angles=None, seed=2):
    """numpy_calc_range(_angles)'s d_ins: n poses in ROS world coordinates (x_world, y_world, theta_world) whose grid
    cell is free (grid x = (y_world - origin_y) / scale, grid y = (x_world - origin_x) / scale: the kernel's swap),
    then the beam angles where numpy_calc_range_angles copies them (d_ins[n * 3 ...]), the rest of the chunk zero."""
    g = _rl_free_poses(np.random.default_rng(seed), n).astype(np.float64)
    w = np.stack([RL_ORIGIN[0] + g[:, 1] * RL_SCALE, RL_ORIGIN[1] + g[:, 0] * RL_SCALE, g[:, 2]], 1)
    ins = np.zeros(chunk * 3, np.float32)
    ins[:n * 3] = w.astype(np.float32).ravel()
    if angles is not None:
        ins[n * 3:n * 3 + len(angles)] = angles
    return ins


def rl_angles(m):
    """A scan's beam angles, m evenly spaced over a full turn, as floats."""
    return (np.arange(m) * (2 * math.pi / m) - math.pi).astype(np.float32)


def _rl_march(x0, y0, theta, dist, max_range):
    """One ray of cuda_ray_marching in float arithmetic: cells px = (int)(x0 + cos(theta) * t) (an FMA), stop on a
    cell whose distance is <= 0 (range sqrt of the cell offset) or off the grid (max_range), t += max(d * 0.999, 1)."""
    f = np.float32
    x0, y0, mr = f(x0), f(y0), f(max_range)
    dx, dy = f(math.cos(float(theta))), f(math.sin(float(theta)))
    t = f(0.0)
    while t < mr:
        px = int(f(float(dx) * float(t) + float(x0)))
        py = int(f(float(dy) * float(t) + float(y0)))
        if px >= RL_W or px < 0 or py < 0 or py >= RL_H:
            return mr
        d = dist[px * RL_H + py]
        if d <= 0.0:
            xd, yd = f(f(px) - x0), f(f(py) - y0)
            return f(math.sqrt(float(f(float(xd) * float(xd) + float(f(yd * yd))))))
        t = f(t + max(f(float(d) * 0.999), f(1.0)))
    return mr


def _rl_world_to_grid(xw, yw, tw, extra=0.0):
    f = np.float32
    inv = f(1.0 / f(RL_SCALE))
    x0 = f(f(f(xw) - f(RL_ORIGIN[0])) * inv)
    y0 = f(f(f(yw) - f(RL_ORIGIN[1])) * inv)
    theta = f(f(f(-f(tw)) + RL_ROT) - f(extra))
    return y0, x0, theta                                      # swapped, as the kernel swaps them


def rl_ray_marching(ins, dist, max_range, n):
    """cuda_ray_marching's outs for the first n rays (grid coordinates)."""
    r = ins.reshape(-1, 3)
    return np.array([_rl_march(*r[i], dist, max_range) for i in range(n)], np.float32)


def rl_ray_marching_world(ins, dist, max_range, n):
    """cuda_ray_marching_world_to_grid's outs: each pose converted to grid space, the range times world_scale."""
    r = ins.reshape(-1, 3)
    return np.array([np.float32(_rl_march(*_rl_world_to_grid(*r[i]), dist, max_range) * np.float32(RL_SCALE))
                     for i in range(n)], np.float32)


def rl_ray_marching_angles(ins, dist, max_range, n, m):
    """cuda_ray_marching_angles_world_to_grid's outs[p * m + a]: pose p, beam a (theta_world's conversion minus the
    beam's angle ins[n * 3 + a])."""
    r = ins[:n * 3].reshape(-1, 3)
    ang = ins[n * 3:n * 3 + m]
    return np.array([np.float32(_rl_march(*_rl_world_to_grid(*r[p], extra=ang[a]), dist, max_range)
                                * np.float32(RL_SCALE)) for p in range(n) for a in range(m)], np.float32)


def rl_eval_sensor_table(obs, ranges, table, rays, particles, inv_scale, width):
    """cuda_eval_sensor_table's outs[ind + i * rays] = table[r * width + d], r = (int) clamp(obs[ind] * inv_scale,
    0, width - 1), d = (int) clamp(ranges[ind + ind * i], 0, width - 1) (the file's index, ind * i, as it is)."""
    f = np.float32
    out = np.full(particles * rays, np.nan)
    top = f(width - 1.0)
    cl = lambda v: int(min(max(f(v), f(0.0)), top))          # noqa: E731
    for ind in range(rays):
        r = cl(f(obs[ind]) * f(inv_scale))
        for i in range(particles):
            out[ind + i * rays] = table[r * width + cl(ranges[ind + ind * i])]
    return out


# ---------------------------------------------------------------- unseen86: cloth (gegcl_) and lattice Boltzmann (agal_)
# gegcl_: mmmovania/GEG2_Chap22_ClothDemo's verlet (Game Engine Gems 2, chapter 22). agal_: KhodrJ/AGAL's D2Q9
# set_ic / collide_bgk / stream_inpl on 4 x 4 cell-blocks. Both references in float32, in the kernels' order.

_GEGCL_NB = [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0),
             (-2, -2), (2, -2), (2, 2), (-2, 2)]                 # nextNeigh(k) = (coord.x, coord.y)


def gegcl_state(side, kind, which):
    """pos ('pos') or pos_old ('old') of a side x side cloth as BuildCloth lays it out (particle (w, h) at
    (w / (side - 1), 0, h / (side - 1), 1)), moved to a mid-simulation state: 'flat' stays near the plane y = 0,
    'draped' hangs from the pinned row h = 0 at 60 degrees (y = -0.866 h', z = 0.5 h', h' = h / (side - 1)) through
    the sphere, the cylinders and the plane; small fixed displacements and velocities (seeded by side and kind)."""
    f = np.float32
    rng = np.random.default_rng(8600 + side + (0 if kind == "flat" else 1))
    step = 1.0 / (side - 1)
    h, w = np.meshgrid(np.arange(side), np.arange(side), indexing="ij")
    x, hp = w * step, h * step
    if kind == "flat":
        y, z = np.zeros_like(x), hp
    else:
        y, z = -0.866 * hp, 0.5 * hp
    p = np.stack([x, y, z, np.ones_like(x)], -1).reshape(-1, 4)
    p[:, :3] += rng.uniform(-0.15, 0.15, (side * side, 3)) * step
    o = p.copy()
    o[:, :3] -= rng.uniform(-0.03, 0.03, (side * side, 3)) * step
    return (p if which == "pos" else o).astype(f).reshape(-1)


def _v3(a):
    return np.asarray(a, np.float32)


def _dot3(a, b):
    f = np.float32
    return f(f(f(a[0] * b[0]) + f(a[1] * b[1])) + f(a[2] * b[2]))


def _norm3(v):
    f = np.float32
    inv = f(1.0) / f(np.sqrt(_dot3(v, v)))                      # rsqrtf
    return _v3([v[0] * inv, v[1] * inv, v[2] * inv])


def _cross3(a, b):
    f = np.float32
    return _v3([f(a[1] * b[2]) - f(a[2] * b[1]), f(a[2] * b[0]) - f(a[0] * b[2]), f(a[0] * b[1]) - f(a[1] * b[0])])


def gegcl_verlet(g_pos_in, g_pos_old_in, side, stiffness, damp, inverse_mass, coll):
    """verlet's (pos_vbo, nor_vbo, g_pos_out, g_pos_old_out), particle by particle as the kernel computes it."""
    f = np.float32
    n = side * side
    P, O = g_pos_in.reshape(n, 4), g_pos_old_in.reshape(n, 4)
    pv, nv, po = (np.zeros((n, 4), f) for _ in range(3))
    stiffness, damp, inverse_mass = f(stiffness), f(damp), f(inverse_mass)
    step = f(1.0 / (side - 1.0))
    for index in range(n):
        ix, iy = index % side, index // side
        pos, pos_old = _v3(P[index, :3]), _v3(O[index, :3])
        vel = (pos - pos_old) / f(0.01)
        normal, last = _v3([0, 0, 0]), _v3([0, 0, 0])
        iters = f(0.0)
        force = _v3([0.0, -9.81, 0.0])
        inv_mass = f(0.0) if index <= side - 1.0 else inverse_mass
        for k, (j, i) in enumerate(_GEGCL_NB):
            if iy + i < 0 or iy + i > side - 1 or ix + j < 0 or ix + j > side - 1:
                continue
            diff = _v3(P[(iy + i) * side + ix + j, :3]) - pos
            cur = _norm3(diff)
            if iters > 0.0 and k < 8:
                if _dot3(cur, last) > 0.0:
                    normal = normal + _cross3(last, cur)
            last = cur
            fx, fy = f(f(j) * step), f(f(i) * step)
            rest = f(np.sqrt(f(f(fx * fx) + f(fy * fy))))
            ln = f(np.sqrt(_dot3(diff, diff)))
            force = force + ((cur * f(ln - rest)) * stiffness - vel * damp)
            if k < 8:
                iters = f(iters + f(1.0))
        normal = _norm3(normal / f(-(float(iters) - 1.0)))
        acc = force * inv_mass
        tmp = pos
        pos = (pos * f(2) - pos_old) + (acc * f(0.01)) * f(0.01)
        pos_old = tmp
        if coll & 2:
            pc = f(0.2)
            for _ in range(2):
                c = _v3([0.0, -pc, pc])
                d = _v3([0.0, pos[1], pos[2]]) - c
                if f(np.sqrt(_dot3(d, d))) < f(0.1):
                    pos = _v3([pos[0], c[1], c[2]]) + _norm3(d) * f(0.1)
                pc = f(pc + f(0.2))
        if coll & 1:
            c = _v3([0.5, -0.5, 0.25])
            d = pos - c
            if f(np.sqrt(_dot3(d, d))) < f(0.3):
                pos = c + _norm3(d) * f(0.3)
        if coll & 4:
            if float(pos[1]) < -0.6:
                pos = _v3([pos[0], -0.6, pos[2]])
                pos_old = pos_old + (pos - pos_old) * f(0.03)
        pv[index] = [*pos, P[index, 3]]
        nv[index] = [*normal, 0.0]
        po[index] = [*pos_old, O[index, 3]]
    return pv.reshape(-1), nv.reshape(-1), pv.reshape(-1).copy(), po.reshape(-1)


# AGAL: 5 x 4 cell-blocks of 4 x 4 cells; n_maxcblocks 24, n_maxcells 24 * 16; DDF q of cell t of block b at
# t + b * 16 + q * n_maxcells; cblock_ID_nbr[b + d * 24] for the D2Q9 directions d (1 +x, 2 +y, 3 -x, 4 -y,
# 5 +x+y, 6 -x+y, 7 -x-y, 8 +x-y). 'periodic': every neighbour a block; 'walls': across x < 0 the code -1, x >= 5
# -2, y < 0 -4, y >= 4 -3 (x's code where both are crossed), cblock_ID_onb 1 on blocks with a negative neighbour,
# and two non-leaf blocks: one with cblock_ID_mask 0 (skipped by collide and stream), one with mask 1 (processed).
AGAL_BX, AGAL_BY, AGAL_NB, AGAL_MC = 5, 4, 24, 24 * 16
_AGAL_C = [(0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1)]
_AGAL_W = [0.444444444444444, 0.111111111111111, 0.111111111111111, 0.111111111111111, 0.111111111111111,
           0.027777777777778, 0.027777777777778, 0.027777777777778, 0.027777777777778]


def _agal_layout():
    rng = np.random.default_rng(86)
    ids = rng.permutation(AGAL_NB)[:AGAL_BX * AGAL_BY]          # block at (bx, by) = ids[by * 5 + bx]
    order = rng.permutation(ids)                                # the level's id set
    return ids, order


def agal_mesh(kind, what, n_ids=20):
    ids, order = _agal_layout()
    nbr = np.full((9, AGAL_NB), -1, np.int64)
    child = np.full(AGAL_NB, -1, np.int64)
    mask = np.zeros(AGAL_NB, np.int64)
    onb = np.zeros(AGAL_NB, np.int64)
    for by in range(AGAL_BY):
        for bx in range(AGAL_BX):
            b = ids[by * AGAL_BX + bx]
            for d, (cx, cy) in enumerate(_AGAL_C):
                x, y = bx + cx, by + cy
                if kind == "periodic":
                    nbr[d, b] = ids[(y % AGAL_BY) * AGAL_BX + x % AGAL_BX]
                elif 0 <= x < AGAL_BX and 0 <= y < AGAL_BY:
                    nbr[d, b] = ids[y * AGAL_BX + x]
                else:
                    nbr[d, b] = -1 if x < 0 else -2 if x >= AGAL_BX else -4 if y < 0 else -3
                    onb[b] = 1
    if kind == "walls":
        child[ids[1 * AGAL_BX + 2]], mask[ids[1 * AGAL_BX + 2]] = 21, 0     # non-leaf, skipped
        child[ids[0 * AGAL_BX + 4]], mask[ids[0 * AGAL_BX + 4]] = 22, 1     # non-leaf on the refinement boundary
    if what == "ids":
        out = np.full(AGAL_NB, -1, np.int64)
        out[:n_ids] = order[:n_ids]
        return out
    if what == "X":
        X = np.zeros((2, AGAL_NB))
        for by in range(AGAL_BY):
            for bx in range(AGAL_BX):
                X[:, ids[by * AGAL_BX + bx]] = (bx * 0.2, by * 0.2)
        return X.reshape(-1)
    return {"nbr": nbr.reshape(-1), "child": child, "mask": mask, "onb": onb}[what]


def agal_f(seed):
    """DDFs near a rest equilibrium (rho ~ 1), each q slot filled for every cell of the 24 blocks."""
    rng = np.random.default_rng(seed)
    w = np.array(_AGAL_W)[[0, 3, 4, 1, 2, 7, 8, 5, 6]]        # slot q holds the DDF the kernels call f_perm[q]
    return (w[:, None] * (1.0 + rng.uniform(-0.2, 0.2, (9, AGAL_MC)))).astype(np.float32).reshape(-1)


def agal_set_ic(f_in, ids, n_ids, rho, u, v, w):
    f = np.float32
    out = f_in.reshape(9, AGAL_MC).copy()
    udotu = f(f(f(u * u) + f(v * v)) + f(w * w))
    for slot, cd, wt in [(0, (0, 0), 0), (3, (1, 0), 1), (4, (0, 1), 1), (1, (-1, 0), 1), (2, (0, -1), 1),
                         (7, (1, 1), 5), (8, (-1, 1), 5), (5, (-1, -1), 5), (6, (1, -1), 5)]:
        cdotu = f(f(cd[0] * u) + f(cd[1] * v)) if cd != (0, 0) else f(0.0)
        if cd == (1, 0): cdotu = f(u)
        if cd == (0, 1): cdotu = f(v)
        if cd == (-1, 0): cdotu = f(-u)
        if cd == (0, -1): cdotu = f(-v)
        val = f(f(f(_AGAL_W[wt]) * f(rho)) * f(f(f(f(1.0) + f(f(3.0) * cdotu)) + f(f(f(4.5) * cdotu) * cdotu))
                                                  - f(f(1.5) * udotu)))
        for b in ids[:n_ids]:
            out[slot, b * 16:(b + 1) * 16] = val
    return out.reshape(-1)


_AGAL_BC = {1: [("I3", 1), ("I3J<3", 5), ("I3J>0", 8)], 2: [("J3", 2), ("I<3J3", 5), ("I>0J3", 6)],
            3: [("I0", 3), ("I0J<3", 6), ("I0J>0", 7)], 4: [("J0", 4), ("I>0J0", 7), ("I<3J0", 8)],
            5: [("I3J3", 5)], 6: [("I0J3", 6)], 7: [("I0J0", 7)], 8: [("I3J0", 8)]}


def _agal_cond(c, I, J):
    ok = True
    for part in ["I3", "I0", "I<3", "I>0", "J3", "J0", "J<3", "J>0"]:
        if part in c:
            v = I if part[0] == "I" else J
            ok &= {"3": v == 3, "0": v == 0, "<3": v < 3, ">0": v > 0}[part[1:]]
    return ok


def agal_collide(f_in, ids, n_ids, dx, tau, nbr, child, mask, onb):
    f = np.float32
    F = f_in.reshape(9, AGAL_MC).copy()
    nbr = nbr.reshape(9, AGAL_NB)
    omeg = f(f(dx) / f(tau))
    omegp = f(f(1.0) - omeg)
    perm = [0, 3, 4, 1, 2, 7, 8, 5, 6]                          # f_i read from slot perm[i]
    for b in ids[:n_ids]:
        if not (child[b] < 0 or mask[b] == 1):
            continue
        for t in range(16):
            I, J = t % 4, t // 4
            fi = [F[perm[i], b * 16 + t] for i in range(9)]
            rho = fi[0]
            for i in range(1, 9):
                rho = f(rho + fi[i])
            u = f(f(f(f(f(f(fi[1] - fi[3]) + fi[5]) - fi[6]) - fi[7]) + fi[8]) / rho)
            v = f(f(f(f(f(f(fi[2] - fi[4]) + fi[5]) + fi[6]) - fi[7]) - fi[8]) / rho)
            udotu = f(f(u * u) + f(v * v))
            cd = [f(0.0), u, v, f(-u), f(-v), f(u + v), f(f(-u) + v), f(f(-u) + f(-v)), f(u + f(-v))]
            post = []
            for i in range(9):
                eq = f(f(f(_AGAL_W[i]) * rho) * f(f(f(f(1.0) + f(f(3.0) * cd[i])) + f(f(f(4.5) * cd[i]) * cd[i]))
                                                   - f(f(1.5) * udotu)))
                post.append(f(f(fi[i] * omegp) + f(eq * omeg)))
            if onb[b] == 1:
                for d, rules in _AGAL_BC.items():
                    code = nbr[d, b]
                    for cond, i in rules:
                        if not _agal_cond(cond, I, J):
                            continue
                        wt = f(_AGAL_W[i])
                        if code in (-1, -3, -4):
                            cw = f(_AGAL_C[i][0] * 0.05)
                            post[i] = f(post[i] - f(f(f(f(2.0) * wt) * f(3.0)) * cw))
                        elif code == -2:
                            post[i] = f(f(-post[i]) + f(f(f(2.0) * wt) * f(f(f(1.0) + f(f(cd[i] * cd[i]) * f(4.5)))
                                                                        - f(udotu * f(1.5)))))
            for i in range(9):
                F[i, b * 16 + t] = post[i]
    return F.reshape(-1)


def agal_stream(f_in, ids, n_ids, nbr, child, mask):
    """Cu_Stream_Inpl_d2q9 block by block in the id set's order: the two 6 x 6 tiles (-1: empty), the halo from
    the +x, +y and +x+y neighbours, the main and the neighbour writes, as the kernel does them."""
    F = f_in.reshape(9, AGAL_MC).copy()
    nbr = nbr.reshape(9, AGAL_NB)
    N = 4
    def g(q, b, I, J):
        return F[q, b * 16 + J * 4 + I]
    def s(q, b, I, J, val):
        F[q, b * 16 + J * 4 + I] = val
    for b in ids[:n_ids]:
        if not (child[b] < 0 or mask[b] == 1):
            continue
        n1, n2, n5 = nbr[1, b], nbr[2, b], nbr[5, b]
        for p, pb in [(1, 3), (2, 4), (5, 7), (8, 6)]:
            sp = np.full((6, 6), -1.0, np.float32)                 # [x, y]
            spb = np.full((6, 6), -1.0, np.float32)
            for J in range(N):
                for I in range(N):
                    sp[I + 1, J + 1] = g(p, b, I, J)
                    spb[I + 1, J + 1] = g(pb, b, I, J)
            for J in range(N):                                   # threads with I == 0 / J == 0
                if p in (1, 5, 8) and n1 >= 0:
                    spb[N + 1, J + 1] = g(pb, n1, 0, J)
            for I in range(N):
                if p in (2, 5) and n2 >= 0:
                    spb[I + 1, N + 1] = g(pb, n2, I, 0)
                if p == 8 and n2 >= 0:
                    sp[I + 1, N + 1] = g(p, n2, I, 0)
            if p == 5 and n5 >= 0:
                spb[N + 1, N + 1] = g(pb, n5, 0, 0)
            cx, cy = _AGAL_C[p]
            new = []
            for J in range(N):
                for I in range(N):
                    a = spb[I + 1 + cx, J + 1 + cy]
                    if a >= 0:
                        new.append((p, b, I, J, a))
                    c = sp[I + 1 - cx, J + 1 - cy]
                    if c >= 0:
                        new.append((pb, b, I, J, c))
            for J in range(N):
                for I in range(N):
                    if p == 1 and n1 >= 0 and I == 0 and sp[N, J + 1] >= 0:
                        new.append((3, n1, 0, J, sp[N, J + 1]))
                    if p == 2 and n2 >= 0 and J == 0 and sp[I + 1, N] >= 0:
                        new.append((4, n2, I, 0, sp[I + 1, N]))
                    if p == 5:
                        if n1 >= 0 and I == 0 and sp[N, J] >= 0:
                            new.append((7, n1, 0, J, sp[N, J]))
                        if n2 >= 0 and J == 0 and sp[I, N] >= 0:
                            new.append((7, n2, I, 0, sp[I, N]))
                        if n5 >= 0 and I == 0 and J == 0 and sp[N, N] >= 0:
                            new.append((7, n5, 0, 0, sp[N, N]))
                    if p == 8:
                        if n1 >= 0 and I == 0 and sp[N, J + 2] >= 0:
                            new.append((6, n1, 0, J, sp[N, J + 2]))
                        if n2 >= 0 and J == 0 and spb[I + 2, N] >= 0:
                            new.append((8, n2, I, 0, spb[I + 2, N]))
            for q, bb, I, J, val in new:
                s(q, bb, I, J, val)
    return F.reshape(-1)
# ---------------------------------------------------------------------------------------------------------------------
# unseen87: torch-ngp's ray marching (ashawkey/torch-ngp, MIT; files tngp_*) and cu-smallpt (matt77hias/cu-smallpt, MIT;
# files cusmpt_*). float32 written as the kernels compute it; a*b+c where nvcc contracts it (x = o + t * d) as one
# rounding (the double product of two floats is exact).
_F = np.float32


def _fma32(a, b, c):
    return _F(np.float64(a) * np.float64(b) + np.float64(c))


def tngp_rays(which, n=256, seed=87):
    """n rays: origins on a shell of radius 2.6 .. 3.6 around the [-2, 2]^3 box, directions (unnormalised, as the
    kernels take them) toward a point within 2.2 of the centre, some missing the box; float32 [n, 3]."""
    r = np.random.default_rng(seed)
    u = r.normal(size=(n, 3))
    o = u / np.linalg.norm(u, axis=1, keepdims=True) * r.uniform(2.6, 3.6, (n, 1))
    target = r.uniform(-2.2, 2.2, (n, 3))
    d = target - o
    d = d / np.linalg.norm(d, axis=1, keepdims=True)
    return (o if which == "o" else d).astype(np.float32)


def tngp_near_far(rays_o, rays_d, aabb, min_near):
    """kernel_near_far_from_aabb: the slab test as written (swaps, early misses: both FLT_MAX)."""
    o, d, a = (np.asarray(x, _F) for x in (rays_o, rays_d, aabb))
    o, d = o.reshape(-1, 3), d.reshape(-1, 3)
    n = len(o)
    nears, fars = np.zeros(n, _F), np.zeros(n, _F)
    big = np.finfo(_F).max
    for i in range(n):
        with np.errstate(divide="ignore"):
            rd = [_F(1) / d[i, k] for k in range(3)]
        near, far = (a[0] - o[i, 0]) * rd[0], (a[3] - o[i, 0]) * rd[0]
        if near > far:
            near, far = far, near
        miss = False
        for k in (1, 2):
            nk, fk = (a[k] - o[i, k]) * rd[k], (a[k + 3] - o[i, k]) * rd[k]
            if nk > fk:
                nk, fk = fk, nk
            if near > fk or nk > far:
                miss = True
                break
            if nk > near:
                near = nk
            if fk < far:
                far = fk
        if miss:
            nears[i] = fars[i] = big
            continue
        if near < min_near:
            near = _F(min_near)
        nears[i], fars[i] = near, far
    return nears, fars


def tngp_sph(rays_o, rays_d, radius):
    """kernel_sph_from_ray, in float64 (the kernel's float32 within a few ulps): [n, 2] (2 theta / pi - 1, phi / pi)."""
    o, d = np.asarray(rays_o, np.float64).reshape(-1, 3), np.asarray(rays_d, np.float64).reshape(-1, 3)
    A = (d * d).sum(1)
    B = (o * d).sum(1)
    C = (o * o).sum(1) - radius * radius
    t = (-B + np.sqrt(B * B - A * C)) / A
    p = o + t[:, None] * d
    theta = np.arctan2(np.sqrt(p[:, 0] ** 2 + p[:, 2] ** 2), p[:, 1])
    phi = np.arctan2(p[:, 2], p[:, 0])
    return np.stack([2 * theta / np.pi - 1, phi / np.pi], 1)


def _expand_bits(v):
    v = (v * 0x00010001) & 0xFF0000FF
    v = (v * 0x00000101) & 0x0F00F00F
    v = (v * 0x00000011) & 0xC30C30C3
    v = (v * 0x00000005) & 0x49249249
    return v


def tngp_morton(coords):
    c = np.asarray(coords, np.int64).reshape(-1, 3) & 0xFFFFFFFF
    return (_expand_bits(c[:, 0]) | (_expand_bits(c[:, 1]) << 1) | (_expand_bits(c[:, 2]) << 2)) & 0xFFFFFFFF


def _morton_invert(x):
    x = x & 0x49249249
    x = (x | (x >> 2)) & 0xC30C30C3
    x = (x | (x >> 4)) & 0x0F00F00F
    x = (x | (x >> 8)) & 0xFF0000FF
    x = (x | (x >> 16)) & 0x0000FFFF
    return x


def tngp_morton_invert(indices):
    i = np.asarray(indices, np.int64)          # int >> k: arithmetic, the indices here are non-negative
    return np.stack([_morton_invert(i), _morton_invert(i >> 1), _morton_invert(i >> 2)], 1)


def tngp_packbits(grid, thresh):
    g = np.asarray(grid, _F).reshape(-1, 8) > _F(thresh)
    return (g * (1 << np.arange(8))).sum(1).astype(np.uint8)


def tngp_bitfield(C=2, H=16, p=0.35, seed=871):
    """An occupancy bitfield as packbits leaves it: each cascade's cells (Morton order) occupied with probability p
    inside a ball of radius 0.8 of the cascade's bound, empty outside."""
    r = np.random.default_rng(seed)
    bits = np.zeros(C * H ** 3, bool)
    ii = np.arange(H ** 3)
    xyz = tngp_morton_invert(ii)
    centre = (xyz + 0.5) / H * 2 - 1
    inside = (centre ** 2).sum(1) < 0.64
    for c in range(C):
        bits[c * H ** 3 + tngp_morton(xyz)] = inside & (r.uniform(size=H ** 3) < p)
    return np.packbits(bits.reshape(-1, 8)[:, ::-1], axis=1).reshape(-1)


def _frexp_exp(x):
    return math.frexp(float(x))[1] if x != 0 else 0


def tngp_march(rays_alive, rays_t, rays_o, rays_d, bound, dt_gamma, max_steps, C, H, grid, nears, fars, noises,
               n_step):
    """kernel_march_rays in float32 as written: (xyzs, dirs, deltas) for the alive rays, zeros past each ray's steps."""
    alive = np.asarray(rays_alive, np.int64)
    ro, rdr = np.asarray(rays_o, _F).reshape(-1, 3), np.asarray(rays_d, _F).reshape(-1, 3)
    grid = np.asarray(grid, np.uint8)
    n = len(alive)
    xyzs, dirs, deltas = np.zeros((n * n_step, 3), _F), np.zeros((n * n_step, 3), _F), np.zeros((n * n_step, 2), _F)
    SQRT3 = _F(1.7320508075688772)
    dt_min = _F(2) * SQRT3 / _F(max_steps)
    dt_max = _F(_F(2) * SQRT3 * _F(1 << (C - 1))) / _F(H)
    rH = _F(1) / _F(H)
    H3 = _F(H * H * H)
    b = _F(bound)
    cl = lambda x, lo, hi: min(hi, max(lo, x))

    def sign(x):
        return _F(math.copysign(1.0, x))
    for k in range(n):
        idx = alive[k]
        ox, oy, oz = ro[idx]
        dx, dy, dz = rdr[idx]
        with np.errstate(divide="ignore"):
            rdx, rdy, rdz = _F(1) / dx, _F(1) / dy, _F(1) / dz
        t = _F(rays_t[idx])
        far = _F(fars[idx])
        t = _fma32(cl(t * _F(dt_gamma), dt_min, dt_max), _F(noises[k]), t)
        last_t = t
        step = 0
        while t < far and step < n_step:
            x = cl(_fma32(t, dx, ox), -b, b)
            y = cl(_fma32(t, dy, oy), -b, b)
            z = cl(_fma32(t, dz, oz), -b, b)
            dt = cl(t * _F(dt_gamma), dt_min, dt_max)
            mx = max(abs(x), max(abs(y), abs(z)))
            lp = int(min(_F(C - 1), max(_F(0), _F(_frexp_exp(mx)))))
            ld = int(min(_F(C - 1), max(_F(0), _F(_frexp_exp(_F(float(dt * _F(H)) * 0.5))))))
            level = max(lp, ld)
            mip_bound = min(_F(2.0 ** level), b)
            mip_rbound = _F(1) / mip_bound
            nx = int(cl(_F(0.5 * float(_fma32(x, mip_rbound, _F(1))) * H), _F(0), _F(H - 1)))
            ny = int(cl(_F(0.5 * float(_fma32(y, mip_rbound, _F(1))) * H), _F(0), _F(H - 1)))
            nz = int(cl(_F(0.5 * float(_fma32(z, mip_rbound, _F(1))) * H), _F(0), _F(H - 1)))
            index = int(level * H3) + int(tngp_morton(np.array([[nx, ny, nz]]))[0])
            occ = grid[index // 8] & (1 << (index % 8))
            if occ:
                j = k * n_step + step
                xyzs[j] = (x, y, z)
                dirs[j] = (dx, dy, dz)
                t = t + dt
                deltas[j] = (dt, t - last_t)
                last_t = t
                step += 1
            else:
                def nxt(c, s, r, p):
                    e = _F(c) + _F(0.5) + _F(0.5) * s
                    return _F(_F(_F(_F(e * rH) * _F(2) - _F(1)) * mip_bound - p) * r)
                tx, ty, tz = nxt(nx, sign(dx), rdx, x), nxt(ny, sign(dy), rdy, y), nxt(nz, sign(dz), rdz, z)
                tt = t + max(_F(0), min(tx, min(ty, tz)))
                while True:
                    t = t + cl(t * _F(dt_gamma), dt_min, dt_max)
                    if not t < tt:
                        break
    return xyzs.reshape(-1), dirs.reshape(-1), deltas.reshape(-1)


def tngp_deltas(n, n_step, seed=872):
    """deltas [n * n_step, 2] as march_rays leaves them: each ray's first m steps (m in 0 .. n_step) set, zeros after."""
    r = np.random.default_rng(seed)
    d = np.zeros((n, n_step, 2), _F)
    for i in range(n):
        m = int(r.integers(0, n_step + 1))
        dt = r.uniform(0.003, 0.05, m)
        d[i, :m, 0] = dt
        d[i, :m, 1] = dt * r.uniform(1.0, 3.0, m)
    return d.reshape(-1)


def tngp_composite(n_step, T_thresh, rays_alive, rays_t, sigmas, rgbs, deltas, weights_sum, depth, image):
    """kernel_composite_rays in float32 (its __expf as exp): (rays_alive, rays_t, weights_sum, depth, image)."""
    alive = np.array(rays_alive, np.int32)
    rt, ws, dp, im = (np.array(a, _F) for a in (rays_t, weights_sum, depth, image))
    sg, rg, de = np.asarray(sigmas, _F), np.asarray(rgbs, _F).reshape(-1, 3), np.asarray(deltas, _F).reshape(-1, 2)
    for k in range(len(alive)):
        idx = int(alive[k])
        t, wsum, d = rt[idx], ws[idx], dp[idx]
        r, g, b = im[3 * idx:3 * idx + 3]
        step = 0
        while step < n_step:
            j = k * n_step + step
            if de[j, 0] == 0:
                break
            alpha = _F(1) - _F(np.exp(-np.float64(sg[j]) * np.float64(de[j, 0])))
            T = _F(1) - wsum
            w = alpha * T
            wsum = wsum + w
            t = t + de[j, 1]
            d, r, g, b = _fma32(w, t, d), _fma32(w, rg[j, 0], r), _fma32(w, rg[j, 1], g), _fma32(w, rg[j, 2], b)
            if T < _F(T_thresh):
                break
            step += 1
        if step < n_step:
            alive[k] = -1
        else:
            rt[idx] = t
        ws[idx], dp[idx] = wsum, d
        im[3 * idx:3 * idx + 3] = (r, g, b)
    return {"rays_alive": alive, "rays_t": rt, "weights_sum": ws, "depth": dp, "image": im}


# cu-smallpt: Sphere { double r; Vector3 p, e, f; Reflection_t (int) } = 88 bytes (8-aligned), the host's g_spheres.
_CUSMPT_SCENE = [  # r, p, e, f, reflection (0 diffuse, 1 specular, 2 refractive)
    (1e5, (1e5 + 1, 40.8, 81.6), (0, 0, 0), (0.75, 0.25, 0.25), 0),
    (1e5, (-1e5 + 99, 40.8, 81.6), (0, 0, 0), (0.25, 0.25, 0.75), 0),
    (1e5, (50, 40.8, 1e5), (0, 0, 0), (0.75, 0.75, 0.75), 0),
    (1e5, (50, 40.8, -1e5 + 170), (0, 0, 0), (0, 0, 0), 0),
    (1e5, (50, 1e5, 81.6), (0, 0, 0), (0.75, 0.75, 0.75), 0),
    (1e5, (50, -1e5 + 81.6, 81.6), (0, 0, 0), (0.75, 0.75, 0.75), 0),
    (16.5, (27, 16.5, 47), (0, 0, 0), (0.999, 0.999, 0.999), 1),
    (16.5, (73, 16.5, 78), (0, 0, 0), (0.999, 0.999, 0.999), 2),
    (600, (50, 681.6 - .27, 81.6), (12, 12, 12), (0, 0, 0), 0),
]


def cusmpt_spheres():
    """g_spheres' bytes: 9 x 88 (ten doubles, the enum's int, 4 bytes of padding), uint8 [792]."""
    out = bytearray()
    for r, p, e, f, refl in _CUSMPT_SCENE:
        out += np.array([r, *p, *e, *f], np.float64).tobytes() + np.array([refl, 0], np.int32).tobytes()
    return np.frombuffer(bytes(out), np.uint8).copy()


def cusmpt_render(w, h, nb_samples=1):
    """The kernel's image, float64 [w * h * 3] (Ls, row (h - 1 - y)), from the kernel's definition: the same
    operations in float64 (unfused) and the same XORWOW draws (curand_init(x + y * w, 0, 0), curand_uniform_double:
    two draws, (x ^ (y << 21)) * 2^-53 + 2^-54)."""
    import math as m
    V = lambda a, b, c: (float(a), float(b), float(c))
    add = lambda a, b: (a[0] + b[0], a[1] + b[1], a[2] + b[2])
    sub = lambda a, b: (a[0] - b[0], a[1] - b[1], a[2] - b[2])
    mul = lambda a, b: (a[0] * b[0], a[1] * b[1], a[2] * b[2])
    sc = lambda a, s: (a[0] * s, a[1] * s, a[2] * s)
    dot = lambda a, b: a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
    cross = lambda a, b: (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])

    def norm(v):
        a = 1.0 / m.sqrt(dot(v, v))
        return sc(v, a)
    scene = [(float(r), V(*p), V(*e), V(*f), k) for r, p, e, f, k in _CUSMPT_SCENE]
    out = np.zeros((w * h, 3))
    for y in range(h):
        for x in range(w):
            (v, d), = xorwow_init(x + y * w, 1)
            st = [v, d]

            def u01():
                a, st[0], st[1] = xorwow_next(st[0], st[1])
                b, st[0], st[1] = xorwow_next(st[0], st[1])
                return (a ^ (b << 21)) * 2.0 ** -53 + 2.0 ** -54
            eye = (50.0, 52.0, 295.6)
            gaze = norm((0.0, -0.042612, -1.0))
            fov = 0.5135
            cx = (w * fov / h, 0.0, 0.0)
            cy = sc(norm(cross(cx, gaze)), fov)
            i = (h - 1 - y) * w + x
            for sy in range(2):
                for sx in range(2):
                    L = (0.0, 0.0, 0.0)
                    for s in range(nb_samples):
                        u1, u2 = 2.0 * u01(), 2.0 * u01()
                        ddx = m.sqrt(u1) - 1.0 if u1 < 1.0 else 1.0 - m.sqrt(2.0 - u1)
                        ddy = m.sqrt(u2) - 1.0 if u2 < 1.0 else 1.0 - m.sqrt(2.0 - u2)
                        dd = add(add(sc(cx, ((sx + 0.5 + ddx) * 0.5 + x) / w - 0.5),
                                     sc(cy, ((sy + 0.5 + ddy) * 0.5 + y) / h - 0.5)), gaze)
                        # Radiance
                        o, dr, tmin, depth = add(eye, sc(dd, 130)), norm(dd), 1e-4, 0
                        Lr, F = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0)
                        while True:
                            tmax, hid = m.inf, None
                            for j, (r, p, _, _, _) in enumerate(scene):
                                op = sub(p, o)
                                dop = dot(dr, op)
                                D = dop * dop - dot(op, op) + r * r
                                if 0.0 > D:
                                    continue
                                sD = m.sqrt(D)
                                t0 = dop - sD
                                if tmin < t0 < tmax:
                                    tmax, hid = t0, j
                                    continue
                                t1 = dop + sD
                                if tmin < t1 < tmax:
                                    tmax, hid = t1, j
                            if hid is None:
                                break
                            r, p, e, f, kind = scene[hid]
                            ph = add(o, sc(dr, tmax))
                            n = norm(sub(ph, p))
                            Lr = add(Lr, mul(F, e))
                            F = mul(F, f)
                            if 4 < depth:
                                cp = max(f[0], max(f[1], f[2]))
                                if u01() >= cp:
                                    break
                                F = sc(F, 1.0 / cp)
                            if kind == 1:
                                dnew = sub(dr, sc(n, 2.0 * dot(n, dr)))
                            elif kind == 2:
                                d_re = sub(dr, sc(n, 2.0 * dot(n, dr)))
                                out_to_in = 0.0 > dot(n, dr)
                                nl = n if out_to_in else sc(n, -1.0)
                                nn = 1.0 / 1.5 if out_to_in else 1.5 / 1.0
                                cos_t = dot(dr, nl)
                                cos2_phi = 1.0 - nn * nn * (1.0 - cos_t * cos_t)
                                if 0.0 > cos2_phi:
                                    pr, dnew = 1.0, d_re
                                else:
                                    d_tr = norm(sub(sc(dr, nn), sc(nl, nn * cos_t + m.sqrt(cos2_phi))))
                                    c = 1.0 - (-cos_t if out_to_in else dot(d_tr, n))
                                    R0 = ((1.0 - 1.5) / (1.0 + 1.5)) ** 2
                                    Re = R0 + (1.0 - R0) * c * c * c * c * c
                                    p_re = 0.25 + 0.5 * Re
                                    if u01() < p_re:
                                        pr, dnew = Re / p_re, d_re
                                    else:
                                        pr, dnew = (1.0 - Re) / (1.0 - p_re), d_tr
                                F = sc(F, pr)
                            else:
                                wv = n if 0.0 > dot(n, dr) else sc(n, -1.0)
                                uv = norm(cross((0.0, 1.0, 0.0) if abs(wv[0]) > 0.1 else (1.0, 0.0, 0.0), wv))
                                vv = cross(wv, uv)
                                a1, a2 = u01(), u01()
                                ct, st_ = m.sqrt(1.0 - a1), m.sqrt(a1)
                                phi = 2.0 * 3.14159265358979323846 * a2
                                smp = (m.cos(phi) * st_, m.sin(phi) * st_, ct)
                                dnew = norm(add(add(sc(uv, smp[0]), sc(vv, smp[1])), sc(wv, smp[2])))
                            o, dr, tmin, depth = ph, dnew, 1e-4, depth + 1
                        L = add(L, sc(Lr, 1.0 / nb_samples))
                    cl = tuple(min(max(c, 0.0), 1.0) for c in L)
                    out[i] = add(tuple(out[i]), sc(cl, 0.25))
    return out.reshape(-1)


# ---------------------------------------------------------------- unseen88: cudaCompress (ccmp_) and PAVLE (pavle_)
# cudaCompress's packInc: increments of an increasing list, packed at a fixed width, most significant bit first.

def ccmp_values(n, hi, seed):
    """n values drawn uniformly from [0, hi), uint32 (the increments the pack / unpack entries use)."""
    return np.random.default_rng(seed).integers(0, hi, n).astype(np.uint32)


def ccmp_increments(values, dtype=np.uint32):
    """computeIncrementsKernel: value - previous (0 before the first), wrapped to 32 bits, then cast to dtype."""
    v = np.asarray(values, np.uint64)
    prev = np.concatenate([[0], v[:-1]]).astype(np.uint64)
    return ((v - prev) % (1 << 32)).astype(np.uint32).astype(dtype)


def ccmp_pack(values, bits):
    """packIncrementsKernel's words: each value's low `bits` bits, concatenated most significant bit first, cut into
    32-bit words (the first value's top bit is word 0's bit 31), the last word padded with zeros."""
    v = np.asarray(values, np.uint64)
    b = ((v[:, None] >> np.arange(bits - 1, -1, -1, dtype=np.uint64)) & 1).reshape(-1)
    b = np.concatenate([b, np.zeros((-len(b)) % 32, np.uint64)]).reshape(-1, 32)
    return (b << np.arange(31, -1, -1, dtype=np.uint64)).sum(axis=1).astype(np.uint32)


# cudaCompress's run-length coding of zero runs (Symbol16): a stream of non-zero symbols, each with the count of zeros
# before it (at most zeroCountMax; longer runs get extra (0, zeroCountMax) pairs, each standing for zeroCountMax + 1
# zeros); trailing zeros are not coded (the decoder's output starts zeroed).

def ccmp_rle_symbols(n, seed):
    """ushort symbols: 60 % zeros, values 1..999 otherwise, and a run of 600 zeros at [200, 800)."""
    r = np.random.default_rng(seed)
    s = np.where(r.random(n) < 0.6, 0, r.integers(1, 1000, n)).astype(np.uint16)
    s[200:800] = 0
    s[199] = 7
    return s


def ccmp_rle_state(n, seed, zmax):
    """The encoder's buffers between its kernels, as RunLength.cu's runLengthEncode leaves them:
    outidx  - the exclusive scan of the non-zero flags over n + 1 symbols (n + 1 words; the symbol past the end
              counted as zero), valid - the non-zero symbols' indices (n words, zeros past C),
    extra   - outidx after runLengthEncodeExtraZeroSymbolCountsKernel (its first C words the extra zero symbols),
    offsets - extra after the exclusive scan over C + 1 words (the rest as before), C and E (the totals)."""
    s = ccmp_rle_symbols(n, seed)
    flags = (s != 0).astype(np.uint32)
    outidx = np.concatenate([[0], np.cumsum(flags)]).astype(np.uint32)
    C = int(outidx[n])
    nz = np.flatnonzero(s)
    valid = np.zeros(n, np.uint32)
    valid[:C] = nz
    left = np.concatenate([[0], nz[:-1] + 1])
    extra = outidx.copy()
    extra[:C] = (nz - left) // (zmax + 1)
    offsets = extra.copy()
    offsets[:C + 1] = np.concatenate([[0], np.cumsum(extra[:C])])
    return {"symbols": s, "outidx": outidx, "valid": valid, "extra": extra, "offsets": offsets, "C": C,
            "E": int(offsets[C])}


def ccmp_rle_encode(symbols, zmax):
    """(symbols, zero counts) as ushort arrays, written again as a sequential loop over the stream."""
    syms, zcs, z = [], [], 0
    for v in np.asarray(symbols).tolist():
        if v == 0:
            z += 1
            continue
        while z > zmax:
            syms.append(0)
            zcs.append(zmax)
            z -= zmax + 1
        syms.append(v)
        zcs.append(z)
        z = 0
    return np.array(syms, np.uint16), np.array(zcs, np.uint16)


# PAVLE (Rodinia's huffman): byte symbols, a Huffman code from their frequencies, one 32-bit word (4 symbols, the most
# significant byte first) a thread, 256 words a block; each block's bits concatenated, most significant bit first.

def pavle_data(nwords, alphabet, seed):
    """uint32 words of 4 byte symbols: `alphabet` byte values (a random choice of 0..255) drawn with probability
    proportional to 1 / (rank + 1)^1.3 (skewed, as text)."""
    r = np.random.default_rng(seed)
    vals = r.permutation(256)[:alphabet]
    p = 1.0 / np.arange(1, alphabet + 1) ** 1.3
    b = vals[r.choice(alphabet, size=nwords * 4, p=p / p.sum())].astype(np.uint64).reshape(nwords, 4)
    return ((b[:, 0] << 24) | (b[:, 1] << 16) | (b[:, 2] << 8) | b[:, 3]).astype(np.uint32)


@functools.lru_cache(maxsize=None)
def _pavle_code(key):
    words = np.frombuffer(key, np.uint32)
    sym = np.stack([(words >> s) & 0xFF for s in (24, 16, 8, 0)], axis=1).reshape(-1)
    freq = np.bincount(sym, minlength=256)
    heap = [(int(f), i, (i,)) for i, f in enumerate(freq) if f]
    heapq.heapify(heap)
    lens = np.zeros(256, np.int64)
    nxt = 256
    while len(heap) > 1:
        f1, _, s1 = heapq.heappop(heap)
        f2, _, s2 = heapq.heappop(heap)
        for s in s1 + s2:
            lens[s] += 1
        heapq.heappush(heap, (f1 + f2, nxt, s1 + s2))
        nxt += 1
    cw = np.zeros(256, np.uint32)
    code, prev = 0, 0
    for s in sorted((i for i in range(256) if lens[i]), key=lambda i: (lens[i], i)):   # canonical codewords
        code <<= int(lens[s]) - prev
        prev = int(lens[s])
        cw[s] = code
        code += 1
    return cw, lens.astype(np.uint32)


def pavle_code(data, part):
    """The Huffman code of the data's byte frequencies: part 'cw' the codewords, 'len' their lengths (uint32 [256],
    0 / 0 for absent bytes)."""
    cw, ln = _pavle_code(np.ascontiguousarray(data, np.uint32).tobytes())
    return cw.copy() if part == "cw" else ln.copy()


def _pavle_bits(words, cw, ln):
    out = []
    for w in np.asarray(words).tolist():
        for s in (24, 16, 8, 0):
            b = (w >> s) & 0xFF
            c, n = int(cw[b]), int(ln[b])
            out.extend((c >> (n - 1 - j)) & 1 for j in range(n))
    return out


def _pavle_words(bits, nwords):
    bits = list(bits) + [0] * ((-len(bits)) % 32)
    w = [int("".join(map(str, bits[i:i + 32])), 2) for i in range(0, len(bits), 32)]
    return np.array(w[:nwords] + [0] * (nwords - len(w[:nwords])), np.uint32)


def pavle_encode(data, cw, ln, part, block=256):
    """vlc_encode_kernel_sm64huff's results: 'out' - each block's words at the block's own offset (words 0 .. bits / 32
    of the block, the rest left as they were: zero), 'idx' - each block's bit count."""
    data = np.asarray(data, np.uint32)
    nb = len(data) // block
    out = np.zeros(len(data), np.uint32)
    idx = np.zeros(nb, np.uint32)
    for b in range(nb):
        bits = _pavle_bits(data[b * block:(b + 1) * block], cw, ln)
        idx[b] = len(bits)
        k = len(bits) // 32 + 1
        out[b * block:b * block + k] = _pavle_words(bits, k)
    return out if part == "out" else idx


def pavle_cindex2(cindex):
    """prescanArray's exclusive scan of the blocks' bit counts."""
    return np.concatenate([[0], np.cumsum(np.asarray(cindex, np.uint64))[:-1]]).astype(np.uint32)


def pavle_stream(data, cw, ln, nwords):
    """The whole input's codewords as one stream, most significant bit first, nwords words (zero-padded)."""
    return _pavle_words(_pavle_bits(data, cw, ln), nwords)


@functools.lru_cache(maxsize=None)
def _pavle_case(nwords, alphabet, seed):
    d = pavle_data(nwords, alphabet, seed)
    cw, ln = pavle_code(d, "cw"), pavle_code(d, "len")
    idx = pavle_encode(d, cw, ln, "idx")
    return {"out": pavle_encode(d, cw, ln, "out"), "idx": idx, "cindex2": pavle_cindex2(idx),
            "stream": pavle_stream(d, cw, ln, nwords)}


def pavle_case(nwords, alphabet, seed, part):
    """pack2's inputs and result for pavle_data(nwords, alphabet, seed): 'out' the encoder's words, 'idx' the blocks'
    bit counts, 'cindex2' their exclusive scan, 'stream' the whole input's codewords as one stream."""
    return _pavle_case(nwords, alphabet, seed)[part].copy()
# ---------------------------------------------------------------- unseen89: molecular dynamics (glst_, msponge_)
def glst_atoms(n, seed=89):
    """n atoms as rows (x, y, z, q): positions uniform in [0.5, 10)^3 (none at the origin), charges +-[0.5, 1.5)."""
    rng = np.random.default_rng(seed + n)
    xyz = rng.uniform(0.5, 10.0, (n, 3))
    q = rng.choice([-1.0, 1.0], n) * rng.uniform(0.5, 1.5, n)
    return np.concatenate([xyz, q[:, None]], axis=1)


def glst_coulomb(xyzq):
    """Gauss-Legendre-Spherical-t's compute_coulomb_kernel in float64: rows (fx, fy, fz, en), f_i = sum_j q_i q_j
    (r_i - r_j) / |r_i - r_j|^3 and en_i = sum_j q_i q_j / |r_i - r_j|, j != i."""
    xyzq = np.asarray(xyzq, np.float64).reshape(-1, 4)
    x, q = xyzq[:, :3], xyzq[:, 3]
    d = x[:, None, :] - x[None, :, :]
    r2 = (d * d).sum(-1)
    np.fill_diagonal(r2, 1.0)
    r = np.sqrt(r2)
    qij = q[:, None] * q[None, :]
    np.fill_diagonal(qij, 0.0)
    f = ((qij / r2 / r)[:, :, None] * d).sum(1)
    en = (qij / r).sum(1)
    return np.concatenate([f, en[:, None]], axis=1)


def msponge_leap_frog(half_dt, dt, exp_gamma, inverse_mass, sqrt_mass_inverse, vel, crd, frc, random_frc,
                      max_vel=None):
    """SPONGE's MD_Iteration_Leap_Frog_With_LiuJian (and _With_Max_Velocity when max_vel is given) in float32, as
    the kernel orders it: {'acc', 'vel', 'crd', 'frc'} flat."""
    f = np.float32
    im = np.asarray(inverse_mass, f)[:, None]
    sm = np.asarray(sqrt_mass_inverse, f)[:, None]
    v = np.asarray(vel, f).reshape(-1, 3).copy()
    x = np.asarray(crd, f).reshape(-1, 3).copy()
    F = np.asarray(frc, f).reshape(-1, 3)
    R = np.asarray(random_frc, f).reshape(-1, 3)
    acc = im * F
    v = v + f(dt) * acc
    if max_vel is not None:
        a = np.sqrt((v.astype(np.float64) ** 2).sum(1)).astype(f)
        cap = ~(a < f(max_vel))
        v[cap] = (f(max_vel) / a[cap])[:, None] * v[cap]
    x = x + f(half_dt) * v
    v = f(exp_gamma) * v + sm * R
    x = x + f(half_dt) * v
    return {"acc": acc.reshape(-1), "vel": v.reshape(-1), "crd": x.reshape(-1),
            "frc": np.zeros(F.size, f)}


def msponge_uint_crd(scale_factor, crd):
    """SPONGE's Crd_To_Uint_Crd: (unsigned)(crd * scale_factor) << 1 per axis, the product in float32, truncated."""
    p = np.asarray(crd, np.float32).reshape(-1, 3) * np.asarray(scale_factor, np.float32).reshape(1, 3)
    u = np.floor(p).astype(np.uint64)
    return ((u << np.uint64(1)) & np.uint64(0xFFFFFFFF)).astype(np.uint32).reshape(-1)


def msponge_residues(nres=50):
    """(start, end) of nres residues of 1-6 atoms each, consecutive."""
    sizes = 1 + (np.arange(nres) * 7 + 3) % 6
    end = np.cumsum(sizes)
    return (end - sizes).astype(np.int32), end.astype(np.int32)


def msponge_temperature(start, end, atom_vel, atom_mass):
    """SPONGE's MDTemperatureKernel: per residue 0.5 |p|^2 / M * 2 / 3 / kB / nres, p and M summed in float32 in atom
    order, the tail in double (the kernel's 0.5, 2., 3. and kB are double), stored as float32."""
    f = np.float32
    v = np.asarray(atom_vel, f).reshape(-1, 3)
    m = np.asarray(atom_mass, f)
    nres = len(start)
    out = np.empty(nres, f)
    for r in range(nres):
        p = np.zeros(3, f)
        M = f(0)
        for a in range(int(start[r]), int(end[r])):
            p = p + m[a] * v[a]
            M = f(M + m[a])
        s = f(p[0] * p[0] + p[1] * p[1] + p[2] * p[2])
        out[r] = 0.5 * float(s) / float(M) * 2.0 / 3.0 / 0.00198716 / nres
    return out


# ---- unseen90: Bifrost's FDMT (bffdmt_) and seticore's Taylor-tree dedoppler (seti_) ----

def bffdmt_offsets():
    """The made-up plan's row offsets of 8 channels (their delay counts 5, 4, 4, 3, 3, 2, 2, 2): 25 rows."""
    return np.cumsum([0, 5, 4, 4, 3, 3, 2, 2, 2]).astype(np.int32)


def bffdmt_init(d_in, d_offsets, ntime, nchan, nbatch, reverse_band, reverse_time, istride, ibatchstride,
                d_out, ostride, obatchstride):
    """fdmt_init_kernel from the FDMT's definition: row offset[c] + d holds, at time t >= d, the float32 running
    mean of samples t-d..t of channel c (summed newest first, each step's sum times the float32 1/(d+1)), NaN for
    t < d. d_out: the output before the launch (elements no row reaches keep their value)."""
    f = np.float32
    src = np.asarray(d_in).reshape(-1).astype(np.float32)
    out = np.array(d_out, np.float32).reshape(-1).copy()
    for b in range(nbatch):
        for c in range(nchan):
            off, nd = int(d_offsets[c]), int(d_offsets[c + 1] - d_offsets[c])
            c_ = nchan - 1 - c if reverse_band else c
            for t in range(ntime):
                t_ = ntime - 1 - t if reverse_time else t
                tmp = f(0)
                for d in range(nd):
                    val = f(np.nan)
                    if t >= d:
                        tmp = f(tmp + src[(t_ - d) + istride * c_ + ibatchstride * b])
                        val = f(tmp * (f(1) / f(d + 1)))
                    out[t + ostride * (off + d) + obatchstride * b] = val
    return out.reshape(np.shape(d_out))


def bffdmt_exec(d_in, d_delays, d_srcrows, ntime, nrow, nbatch, is_final_step, reverse_time, istride,
                ibatchstride, d_out, ostride, obatchstride):
    """fdmt_exec_kernel from the FDMT step's definition: row r at t is source row srcrows[r][0] at t plus source row
    srcrows[r][1] at t - delays[r] (when t >= delay; a row of -1 is 0), in float32; the final step skips t < r
    and writes at t (or ntime-1-t with reverse_time) + ostride * r."""
    f = np.float32
    src = np.asarray(d_in, np.float32).reshape(-1)
    out = np.array(d_out, np.float32).reshape(-1).copy()
    rows = np.asarray(d_srcrows).reshape(-1, 2)
    t = np.arange(ntime)
    for b in range(nbatch):
        for r in range(nrow):
            delay, s0, s1 = int(d_delays[r]), int(rows[r, 0]), int(rows[r, 1])
            v = src[t + istride * s0 + ibatchstride * b] if s0 != -1 else np.zeros(ntime, np.float32)
            if s1 != -1:
                late = t >= delay
                v = v.copy()
                v[late] = v[late] + src[(t[late] - delay) + istride * s1 + ibatchstride * b]
            keep = (t >= r) if is_final_step else np.ones(ntime, bool)
            t_ = (ntime - 1 - t) if (is_final_step and reverse_time) else t
            out[t_[keep] + ostride * r + obatchstride * b] = v[keep].astype(f)
    return out.reshape(np.shape(d_out))


def seti_taylor_step(source, target, num_timesteps, num_freqs, path_length, drift_block):
    """One step of the Taylor tree (seticore's taylorOneStepOneChannel for every channel): target[tb][po][c] =
    source[tb'][po // 2][c] + source[tb' + 1][po // 2][c + (po + 1) // 2 + drift_block * path_length / 2], tb'
    = 2 tb in half-length blocks, in float32; a path whose shifted channel is out of range is not written."""
    src = np.asarray(source, np.float32).reshape(-1)
    out = np.array(target, np.float32).reshape(-1).copy()
    n = num_freqs
    chan = np.arange(n)
    for tb in range(num_timesteps // path_length):
        for po in range(path_length):
            half = po // 2
            shift = (po + 1) // 2 + int(drift_block * path_length / 2)
            c = chan[(chan + shift >= 0) & (chan + shift < n)]
            out[(tb * path_length + po) * n + c] = (src[(tb * path_length + half) * n + c]
                                                     + src[(tb * path_length + half + path_length // 2) * n + c + shift])
    return out.reshape(np.shape(target))


def seti_tiled(data, T, num_channels, drift):
    """The tiled Taylor tree's path sums from the algorithm, over the whole band rather than tiles: each T-row time
    block unmapped (row t shifted by t * drift channels; cells past the band NaN), then steps 2, 4, ..., T with no
    further drift. Rows tb * T + path_offset, as twoStageTaylorTree's first stage leaves them."""
    x = np.asarray(data, np.float32).reshape(-1, num_channels)
    out = np.full(x.shape, np.nan, np.float32)
    c = np.arange(num_channels)
    for tb in range(x.shape[0] // T):
        u = np.full((T, num_channels), np.nan, np.float32)
        for t in range(T):
            sc = c + t * drift
            ok = (sc >= 0) & (sc < num_channels)
            u[t, ok] = x[tb * T + t, sc[ok]]
        pl = 2
        while pl <= T:
            u = seti_taylor_step(u, np.full_like(u, np.nan), T, num_channels, pl, 0)
            pl *= 2
        out[tb * T:(tb + 1) * T] = u
    return out


def seti_tiled_valid(T, num_channels, rows, drift):
    """The path sums seticore calls valid: the path's last channel, c + path_offset + (T - 1) * drift, in range."""
    po = np.arange(rows)[:, None] % T
    last = np.arange(num_channels)[None, :] + po + (T - 1) * drift
    return (last >= 0) & (last < num_channels)


def seti_sum_columns(data, num_freqs):
    """sumColumns: per channel the float32 sum over timesteps, in time order from 0."""
    x = np.asarray(data, np.float32).reshape(-1, num_freqs)
    s = np.zeros(num_freqs, np.float32)
    for row in x:
        s = s + row
    return s


def seti_top_path_sums(path_sums, num_timesteps, num_freqs, drift_block, tops, blocks, offsets):
    """findTopPathSums: per channel, path offsets 0, 1, ... while the path's last channel is in range; a sum
    strictly above the running top replaces it and records the drift block and offset. {'top', 'drift', 'offset'}"""
    ps = np.asarray(path_sums, np.float32).reshape(num_timesteps, num_freqs)
    top, blk, off = (np.array(a).copy() for a in (tops, blocks, offsets))
    freq = np.arange(num_freqs)
    alive = np.ones(num_freqs, bool)
    for po in range(num_timesteps):
        last = (num_timesteps - 1) * drift_block + po + freq
        alive &= (last >= 0) & (last < num_freqs)
        better = alive & (ps[po] > top)
        top[better] = ps[po][better]
        blk[better] = drift_block
        off[better] = po
    return {"top": top, "drift": blk, "offset": off}
# ---- unseen91: Qulacs's GPU named gates (qulacs_) and QuEST v3.5.0's GPU backend (quest_) ----
# Written from the gates' definitions (the textbook matrices on the amplitudes whose qubit bits select them), not
# from the kernels' index arithmetic: numpy masks over all basis indices.

def _sv_bit(dim, q):
    """(i & 2^q) != 0 for every basis index i of a dim-amplitude state."""
    return (np.arange(dim) >> q) & 1 == 1


def qulacs_gate(psi, gate, q0=0, q1=0, factor=1.0):
    """A Qulacs state (interleaved cuDoubleComplex: re, im, re, im, ...) after one named gate; returns it flat.
    H, X, Y, Z, P0 (keep the amplitudes whose bit q0 is 0), P1 (bit 1): target q0; CZ(q0, q1); CNOT(control q0,
    target q1); SWAP(q0, q1); normalize: every amplitude times factor."""
    a = np.asarray(psi, np.float64).reshape(-1, 2)
    s = a[:, 0] + 1j * a[:, 1]
    dim = s.size
    i = np.arange(dim)
    out = s.copy()
    b0 = _sv_bit(dim, q0)
    if gate in ("H", "X", "Y"):
        lo = i[~b0]
        hi = lo + (1 << q0)
        x0, x1 = s[lo], s[hi]
        m = {"H": np.array([[1, 1], [1, -1]]) / np.sqrt(2.0), "X": np.array([[0, 1], [1, 0]]),
             "Y": np.array([[0, -1j], [1j, 0]])}[gate]
        out[lo], out[hi] = m[0, 0] * x0 + m[0, 1] * x1, m[1, 0] * x0 + m[1, 1] * x1
    elif gate == "Z":
        out[b0] = -s[b0]
    elif gate == "P0":
        out[b0] = 0
    elif gate == "P1":
        out[~b0] = 0
    elif gate == "CZ":
        both = b0 & _sv_bit(dim, q1)
        out[both] = -s[both]
    elif gate == "CNOT":
        src = i[b0 & ~_sv_bit(dim, q1)]
        dst = src + (1 << q1)
        out[src], out[dst] = s[dst], s[src]
    elif gate == "SWAP":
        src = i[b0 & ~_sv_bit(dim, q1)]
        dst = src - (1 << q0) + (1 << q1)
        out[src], out[dst] = s[dst], s[src]
    elif gate == "normalize":
        out = s * factor
    else:
        raise ValueError(gate)
    return np.stack([out.real, out.imag], 1).reshape(-1)


def quest_gate(re, im, gate, q0=0, q1=0, alpha=(1.0, 0.0), beta=(0.0, 0.0), outcome=0, prob=1.0):
    """QuEST's state (separate real and imaginary arrays) after one operation; returns (re, im).
    H(q0); U = compactUnitary(q0, alpha, beta): the matrix [[alpha, -conj(beta)], [beta, conj(alpha)]];
    CNOT(control q0, target q1); collapse(q0, outcome, prob): the amplitudes whose bit q0 is outcome divided by
    sqrt(prob), the others zero."""
    s = np.asarray(re, np.float64) + 1j * np.asarray(im, np.float64)
    dim = s.size
    i = np.arange(dim)
    out = s.copy()
    b0 = _sv_bit(dim, q0)
    if gate in ("H", "U"):
        lo = i[~b0]
        hi = lo + (1 << q0)
        x0, x1 = s[lo], s[hi]
        if gate == "H":
            m = np.array([[1, 1], [1, -1]]) / np.sqrt(2.0)
        else:
            a, b = complex(*alpha), complex(*beta)
            m = np.array([[a, -np.conj(b)], [b, np.conj(a)]])
        out[lo], out[hi] = m[0, 0] * x0 + m[0, 1] * x1, m[1, 0] * x0 + m[1, 1] * x1
    elif gate == "CNOT":
        src = i[b0 & ~_sv_bit(dim, q1)]
        dst = src + (1 << q1)
        out[src], out[dst] = s[dst], s[src]
    elif gate == "collapse":
        keep = b0 if outcome == 1 else ~b0
        out = np.where(keep, s / np.sqrt(prob), 0)
    else:
        raise ValueError(gate)
    return out.real.copy(), out.imag.copy()


def quest_prob_zero_blocks(re, im, q, per_block=512):
    """The first level of QuEST's probability of qubit q being 0: |amp|^2 summed over the amplitudes whose bit q is 0,
    in ascending index order, in groups of per_block (one group per CUDA block); float64 sums."""
    p = np.asarray(re, np.float64) ** 2 + np.asarray(im, np.float64) ** 2
    zero = p[~_sv_bit(p.size, q)]
    return zero.reshape(-1, per_block).sum(1)
# ---------------------------------------------------------------- unseen92: CT reconstruction (TIGRE, LEAP)

def tigre_gradient_tv(f, depth, rows, cols):
    """TIGRE's gradientTV (GD_TV.cu), written from its definition: for each voxel (z, y, x) with z < depth, the TV
    gradient (df0 + df1 + df2) / (|df| + eps) - dfi[2] / (|dfi| + eps) - dfj[1] / (|dfj| + eps) - dfk[0] / (|dfk| + eps),
    df the backward differences at (z, y, x) and dfi / dfj / dfk those at x + 1 / y + 1 / z + 1; a component is 0 where
    its index - 1 < 0 or the index is at or past its extent (the kernel's tests), each difference taken at the flat
    index z * rows * cols + y * cols + x of the allocation (f holds depth + 1 slices). float64; the slices from depth
    on are left as they were (zero)."""
    u = np.asarray(f, np.float64).reshape(-1)
    S = rows * cols
    eps = float(np.float32(1e-8))

    def grad(z, y, x):
        idx = z * S + y * cols + x
        g = [0.0, 0.0, 0.0]
        if z - 1 >= 0 and z < depth:
            g[0] = u[idx] - u[(z - 1) * S + y * cols + x]
        if y - 1 >= 0 and y < rows:
            g[1] = u[idx] - u[z * S + (y - 1) * cols + x]
        if x - 1 >= 0 and x < cols:
            g[2] = u[idx] - u[z * S + y * cols + (x - 1)]
        return g

    def norm(g):
        return math.sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]) + eps

    out = np.zeros(len(u), np.float64)
    for z in range(depth):
        for y in range(rows):
            for x in range(cols):
                df, dfi, dfj, dfk = grad(z, y, x), grad(z, y, x + 1), grad(z, y + 1, x), grad(z + 1, y, x)
                out[z * S + y * cols + x] = ((df[0] + df[1] + df[2]) / norm(df) - dfi[2] / norm(dfi)
                                             - dfj[1] / norm(dfj) - dfk[0] / norm(dfk))
    return out


def tigre_block_norm2(x, n, threads=1024):
    """TIGRE's reduceNorm2 at the host's grid ceil(n / threads): block b's sum of squares of x[b * threads:(b + 1) *
    threads] (the grid covers n, so the grid-stride loop never wraps). float64."""
    x = np.asarray(x, np.float64)[:n]
    return np.add.reduceat(x * x, np.arange(0, n, threads))


def leapct_art_to_ert(g, muCoeff, muRadius, T_u, u_0, N):
    """LEAP's convertARTtoERTkernel: g[i, j, k] *= exp(muCoeff * sqrt(R^2 - u^2)) where |u| < R, u = T_u * k + u_0 the
    column's detector coordinate (float64; the kernel's expf / sqrt in float32)."""
    g = np.asarray(g, np.float64).reshape(N)
    u = T_u * np.arange(N[2]) + u_0
    w = np.where(np.abs(u) < muRadius, np.exp(muCoeff * np.sqrt(np.clip(muRadius**2 - u**2, 0, None))), 1.0)
    return (g * w[None, None, :]).reshape(-1)


def leapct_polar(g, w_polar, N, inverse):
    """LEAP's applyViewDependentPolarWeightsKernel: g[i, j, :] times (or over) w_polar[i, j]; float32, one rounding."""
    g = np.asarray(g, np.float32).reshape(N)
    w = np.asarray(w_polar, np.float32).reshape(N[0], N[1], 1)
    return (g / w if inverse else g * w).reshape(-1)


def leapct_weights(g, w_view, w_ray, N):
    """LEAP's applyWeightsKernel: g[i, j, k] *= (1 * w_ray[j, k]) * w_view[i, k], in float32 in that order."""
    g = np.asarray(g, np.float32).reshape(N)
    wr = np.asarray(w_ray, np.float32).reshape(1, N[1], N[2])
    wv = np.asarray(w_view, np.float32).reshape(N[0], 1, N[2])
    return (g * (wr * wv)).reshape(-1)
# ---------------------------------------------------------------- unseen93: stereo and feature detection (sgm_, csift_)
def sgm_census(img, width, height, symmetric=False):
    """libSGM's 9x7 census transforms, read from the algorithm: for each pixel with 4 <= x < width - 4 and
    3 <= y < height - 3 (the others stay 0). Plain (uint64): for dy = -3..3, dx = -4..4, both non-zero, in that order,
    bit = centre > pixel(y + dy, x + dx), shifted in from the right (48 bits). Symmetric (uint32): for dy = -3..-1,
    dx = -4..4, then dy = 0, dx = -4..-1, bit = pixel(y + dy, x + dx) > pixel(y - dy, x - dx) (31 bits).
    img is (height, pitch) of any unsigned type; the result is (height, width)."""
    img = np.asarray(img).astype(np.int64)
    out = np.zeros((height, width), np.uint64 if not symmetric else np.uint32)
    for y in range(3, height - 3):
        for x in range(4, width - 4):
            f = 0
            if not symmetric:
                a = img[y, x]
                for dy in range(-3, 4):
                    for dx in range(-4, 5):
                        if dx != 0 and dy != 0:
                            f = (f << 1) | int(a > img[y + dy, x + dx])
            else:
                for dy in range(-3, 0):
                    for dx in range(-4, 5):
                        f = (f << 1) | int(img[y + dy, x + dx] > img[y - dy, x - dx])
                for dx in range(-4, 0):
                    f = (f << 1) | int(img[y, x + dx] > img[y, x - dx])
            out[y, x] = f
    return out


def csift_scaledown_taps(variance=0.5):
    """CudaSift's ScaleDown() host taps: exp(-(j-2)^2 / 2 / variance), j = 0..4, normalised, in float32."""
    h = np.array([np.float32(np.exp(-(j - 2) ** 2 / 2.0 / variance)) for j in range(5)], np.float32)
    return (h / np.float32(h.sum(dtype=np.float32))).astype(np.float32)


def csift_lowpass_taps(scale=1.0):
    """CudaSift's LowPass() host taps: exp(-j^2 / (2 scale^2)), j = -4..4, normalised, in float32."""
    ivar2 = np.float32(1.0) / (np.float32(2.0) * np.float32(scale) * np.float32(scale))
    h = np.array([np.float32(np.exp(-float(j * j) * float(ivar2))) for j in range(-4, 5)], np.float32)
    return (h / np.float32(h.sum(dtype=np.float32))).astype(np.float32)


def _csift_sep(img, taps, xs, ys):
    """sum_ij taps[i] taps[j] img[clamp(ys + i - r), clamp(xs + j - r)] in float64 (edge-clamped separable filter at
    the given centre rows ys and columns xs)."""
    img = np.asarray(img, np.float64)
    t = np.asarray(taps, np.float64)
    r = len(t) // 2
    h, w = img.shape
    rows = np.clip(np.asarray(ys)[:, None] + np.arange(-r, r + 1)[None, :], 0, h - 1)
    cols = np.clip(np.asarray(xs)[:, None] + np.arange(-r, r + 1)[None, :], 0, w - 1)
    hor = (img[:, cols] * t[None, None, :]).sum(-1)          # (h, len(xs))
    return (hor[rows, :] * t[None, :, None]).sum(1)           # (len(ys), len(xs))


def csift_scaledown(src, width, height, taps, out_shape):
    """ScaleDown: the 5-tap lowpass at even rows and columns (2 ys, 2 xs) with clamped edges, for xs < width / 2 and
    ys < height / 2 (height a multiple of 16, as the entries use); the rest of the (rows, newpitch) result stays 0."""
    img = np.asarray(src, np.float64).reshape(height, -1)[:, :width]
    out = np.zeros(out_shape, np.float64)
    w2, h2 = width // 2, height // 2
    out[:h2, :w2] = _csift_sep(img, taps, 2 * np.arange(w2), 2 * np.arange(h2))
    return out


def csift_scaleup(src, width, height, out_shape):
    """ScaleUp: result (2y, 2x) = v(y, x); (2y, 2x+1) = mean of v(y, x), v(y, x+1); (2y+1, 2x) = mean of v(y, x),
    v(y+1, x); (2y+1, 2x+1) = mean of the four; x + 1 and y + 1 clamped to the image. The rest stays 0."""
    v = np.asarray(src, np.float64).reshape(height, -1)[:, :width]
    xr = np.minimum(np.arange(width) + 1, width - 1)
    yd = np.minimum(np.arange(height) + 1, height - 1)
    ul, ur, dl, dr = v, v[:, xr], v[yd, :], v[yd][:, xr]
    out = np.zeros(out_shape, np.float64)
    out[0:2 * height:2, 0:2 * width:2] = ul
    out[0:2 * height:2, 1:2 * width:2] = 0.5 * (ul + ur)
    out[1:2 * height:2, 0:2 * width:2] = 0.5 * (ul + dl)
    out[1:2 * height:2, 1:2 * width:2] = 0.25 * (ul + ur + dl + dr)
    return out


def csift_lowpass(src, width, height, taps):
    """LowPassBlock: the 9-tap separable Gaussian, edges clamped, on the (height, pitch) image's first width columns;
    the pitch columns past width stay 0."""
    img = np.asarray(src, np.float64).reshape(height, -1)
    out = np.zeros(img.shape, np.float64)
    out[:, :width] = _csift_sep(img[:, :width], taps, np.arange(width), np.arange(height))
    return out
# ---------------------------------------------------------------- unseen94: quantised LLM inference (lcawq_, exl_)
def lcawq_dequant(q_weight, q_zeros, scales, n_in):
    """llama_cu_awq's int4 weights, dequantised in float64: (n_out, n_in) W[o, j] = (q - z) * s, with q nibble j % 8
    (lowest first) of q_weight[o, j // 8], the group g = j // 128, z nibble g % 8 of q_zeros[o, g // 8], s = scales[o, g]."""
    qw = np.asarray(q_weight).astype(np.uint64)
    qz = np.asarray(q_zeros).astype(np.uint64)
    n_out = qw.shape[0]
    j = np.arange(n_in)
    g = j // 128
    q = (qw[:, j // 8] >> (np.uint64(4) * (j % 8).astype(np.uint64))) & np.uint64(0xF)
    z = (qz[:, g // 8] >> (np.uint64(4) * (g % 8).astype(np.uint64))) & np.uint64(0xF)
    s = np.asarray(scales).reshape(n_out, -1).astype(np.float64)[:, g]
    return (q.astype(np.float64) - z.astype(np.float64)) * s


def lcawq_matvec(inp, q_weight, q_zeros, scales, n_in):
    """llama_cu_awq's get_mat_vec_int4 in float64: W @ input over the first n_in inputs."""
    w = lcawq_dequant(q_weight, q_zeros, scales, n_in)
    return w @ np.asarray(inp, np.float64).reshape(-1)[:n_in]


def lcawq_matvec_into(out, inp, q_weight, q_zeros, scales, n_in, accum=False, off=0):
    """mat_vec_kernel_int4: `out` with W @ input written (added to its old halves when accum) at offset off, as half."""
    out = np.asarray(out).copy()
    y = lcawq_matvec(inp, q_weight, q_zeros, scales, n_in)
    if accum:
        y = y + out[off:off + y.size].astype(np.float64)
    out[off:off + y.size] = y.astype(np.float16)
    return out


def lcawq_silu_ffn(inp, gw, gz, gs, uw, uz, us, n_in):
    """ffn_matvec_silu_kernel in float64: silu(G @ x) * (U @ x), as half."""
    g = lcawq_matvec(inp, gw, gz, gs, n_in)
    u = lcawq_matvec(inp, uw, uz, us, n_in)
    return (g / (1.0 + np.exp(-g)) * u).astype(np.float16)


def lcawq_rope(q, k_cache, num_heads, num_kv_heads, head_size, pos, loff, theta):
    """RoPERotation_kernel in float64: in each head the pairs (i, i + head_size / 2) of q, and of the first num_kv_heads
    heads of the key row at loff + pos * num_kv_heads * head_size, rotated by pos * theta^(-2i / head_size)."""
    q = np.asarray(q).copy()
    k = np.asarray(k_cache).copy()
    half = head_size // 2
    i = np.arange(half)
    a = pos * theta ** (-(2.0 * i) / head_size)
    c, s = np.cos(a), np.sin(a)

    def rot(v, base):
        v0 = v[base + i].astype(np.float64)
        v1 = v[base + half + i].astype(np.float64)
        v[base + i] = (v0 * c - v1 * s).astype(np.float16)
        v[base + half + i] = (v0 * s + v1 * c).astype(np.float16)

    for h in range(num_heads):
        rot(q, h * head_size)
        if h < num_kv_heads:
            rot(k, loff + pos * num_kv_heads * head_size + h * head_size)
    return q, k


def exl_sumsq(x, rows, dim):
    """ExLlama's rms_norm_row_product_kernel: each row's sum of squares (float64, as float32)."""
    x = np.asarray(x, np.float64).reshape(rows, dim)
    return (x * x).sum(1).astype(np.float32)


def exl_rms_norm(x, w, scratch, epsilon, rows, dim):
    """ExLlama's rms_norm_kernel: rm = half(1 / sqrt(scratch / dim + eps)), then out = (x * rm) * w, each product rounded
    to half (the product of two halves is exact in float64, so one rounding each, as __hmul)."""
    x = np.asarray(x, np.float16).reshape(rows, dim)
    rm = (1.0 / np.sqrt(np.asarray(scratch, np.float64)[:rows] / dim + epsilon)).astype(np.float16)
    m = (x.astype(np.float64) * rm.astype(np.float64)[:, None]).astype(np.float16)
    return (m.astype(np.float64) * np.asarray(w, np.float16).astype(np.float64)[None, :]).astype(np.float16)


def exl_sincos(positions, head_dim, base=10000.0):
    """ExLlama's (Hugging Face's) sin / cos tables: rows p, columns cat(f, f) with f_i = p * base^(-2i / head_dim)."""
    inv = base ** (-np.arange(0, head_dim, 2) / head_dim)
    f = np.arange(positions)[:, None] * inv[None, :]
    emb = np.concatenate([f, f], axis=1)
    return np.sin(emb), np.cos(emb)


def exl_rope(x, sin, cos, bsz, rows_per_batch, head_dim, num_heads, past_len):
    """ExLlama's rope_cuda_kernel in float64 (rotate-half): row r of a batch takes table row past_len + r // num_heads;
    l' = l cos_l - r sin_l, r' = r cos_r + l sin_r over the columns (c, c + head_dim / 2)."""
    x = np.asarray(x, np.float16).reshape(bsz * rows_per_batch, head_dim).astype(np.float64)
    s = np.asarray(sin, np.float16).astype(np.float64)
    c = np.asarray(cos, np.float16).astype(np.float64)
    h = head_dim // 2
    t = past_len + (np.arange(bsz * rows_per_batch) % rows_per_batch) // num_heads
    l, r = x[:, :h], x[:, h:]
    out = np.concatenate([l * c[t, :h] - r * s[t, :h], r * c[t, h:] + l * s[t, h:]], axis=1)
    return out.astype(np.float16).reshape(-1)
# ---------------------------------------------------------------- unseen95: Crystal (SSB queries 1.1 and 2.1, projection)
# and OpenMM's stream compaction. Written from the queries' SQL and the compaction's definition, not from the kernels.

def crystal_dates(n=2556):
    """The SSB date dimension's d_datekey (yyyymmdd, from 1992-01-01, one a day) and d_year."""
    import datetime
    d0 = datetime.date(1992, 1, 1)
    ds = [d0 + datetime.timedelta(days=k) for k in range(n)]
    key = np.array([d.year * 10000 + d.month * 100 + d.day for d in ds], np.int32)
    return key, np.array([d.year for d in ds], np.int32)


def crystal_lineorder(n, p_len=1000, s_len=200, seed=95):
    """n lineorder rows as SSB's dbgen draws their columns (orderdate among the dates, quantity 1-50, discount 0-10,
    extendedprice and revenue up to 10^7, part and supplier keys 1..len), a fixed seed."""
    r = np.random.default_rng(seed)
    dates, _ = crystal_dates()
    return {"orderdate": dates[r.integers(0, len(dates), n)],
            "quantity": r.integers(1, 51, n).astype(np.int32),
            "discount": r.integers(0, 11, n).astype(np.int32),
            "extendedprice": r.integers(90000, 10_000_000, n).astype(np.int32),
            "revenue": r.integers(1, 10_000_000, n).astype(np.int32),
            "partkey": r.integers(1, p_len + 1, n).astype(np.int32),
            "suppkey": r.integers(1, s_len + 1, n).astype(np.int32)}


def crystal_supplier(s_len=200, seed=96):
    """s_suppkey 1..s_len and s_region 0-4 (Crystal's dictionary codes; 1 is AMERICA)."""
    r = np.random.default_rng(seed)
    return np.arange(1, s_len + 1, dtype=np.int32), r.integers(0, 5, s_len).astype(np.int32)


def crystal_part(p_len=1000, seed=97):
    """p_partkey 1..p_len, p_category 0-24 (1 is MFGR#12) and p_brand1 0-999 (codes)."""
    r = np.random.default_rng(seed)
    return (np.arange(1, p_len + 1, dtype=np.int32), r.integers(0, 25, p_len).astype(np.int32),
            r.integers(0, 1000, p_len).astype(np.int32))


def crystal_q11(orderdate, discount, quantity, extendedprice):
    """SSB Q1.1 as Crystal states it: sum(lo_extendedprice * lo_discount) where 19930000 < lo_orderdate < 19940000,
    1 <= lo_discount <= 3 and lo_quantity < 25 (exact integers)."""
    d, q, x, e = (np.asarray(a, np.int64) for a in (orderdate, quantity, discount, extendedprice))
    m = (d > 19930000) & (d < 19940000) & (q < 25) & (x >= 1) & (x <= 3)
    return np.array([int((e[m] * x[m]).sum())], np.uint64)


def crystal_pht(keys, flags, slots, vals=None, kmin=0):
    """A perfect hash table as Crystal's build lays it out: one int a slot (key) without values, two (key, value)
    with; the slot of key k is (k - kmin) % slots, the table zeroed first (the host's cudaMemset)."""
    ht = np.zeros(2 * slots, np.int32)
    for i, k in enumerate(np.asarray(keys, np.int64)):
        if flags[i]:
            h = (int(k) - kmin) % slots
            if vals is None:
                ht[h] = k
            else:
                ht[2 * h], ht[2 * h + 1] = k, vals[i]
    return ht


def crystal_q21(lo, s_region, p_category, p_brand1, d_datekey, d_year):
    """SSB Q2.1 as Crystal groups it: sum(lo_revenue) by (d_year, p_brand1) over rows whose supplier is in AMERICA
    (region 1) and whose part is in MFGR#12 (category 1), joined through the dimension arrays. The result array
    as the kernel lays it out: 4 ints a group at (brand * 7 + year - 1992) % 7000: year, brand, the 64-bit sum."""
    res = np.zeros(7000 * 4, np.int32)
    year_of = dict(zip(d_datekey.tolist(), d_year.tolist()))
    sums = {}
    for d, p, s, rev in zip(lo["orderdate"].tolist(), lo["partkey"].tolist(), lo["suppkey"].tolist(),
                            lo["revenue"].tolist()):
        if s_region[s - 1] != 1 or p_category[p - 1] != 1:
            continue
        key = (year_of[d], int(p_brand1[p - 1]))
        sums[key] = sums.get(key, 0) + rev
    for (y, b), v in sums.items():
        h = (b * 7 + (y - 1992)) % 7000
        res[4 * h], res[4 * h + 1] = y, b
        res[4 * h + 2:4 * h + 4] = np.array([v], np.uint64).view(np.int32)
    return res


def ommcmp_counts(valid, nblocks, per_block):
    """OpenMM's compaction phase 1: the number of nonzero flags in each block's run of per_block elements."""
    v = np.asarray(valid) != 0
    return np.array([int(v[b * per_block:(b + 1) * per_block].sum()) for b in range(nblocks)], np.uint32)


def ommcmp_compact(data, valid, out_before):
    """Stream compaction: the elements whose flag is nonzero, in order, at the front; the rest as it was."""
    out = np.array(out_before, copy=True)
    kept = np.asarray(data)[np.asarray(valid) != 0]
    out[:len(kept)] = kept
    return out


# ---- unseen99: vilib (FAST corners, pyramid half-sampling) + jetson-utils (image warps)

def vilib_halfsample(src, dst_before, width, height):
    """vilib's pyramid level: each output byte the floor of the mean of the 2 x 2 source bytes under it
    (rows 2y, 2y + 1; columns 2x, 2x + 1); the bytes past the output width (the pitch's padding) as they were."""
    s = np.asarray(src).astype(np.int64)[:2 * height, :2 * width]
    out = np.array(dst_before, copy=True)
    out[:height, :width] = (s[0::2, 0::2] + s[0::2, 1::2] + s[1::2, 0::2] + s[1::2, 1::2]) >> 2
    return out


def vilib_arc_corner(mask16, arc):
    """FAST's segment test on a 16-bit circle mask: some run of at least ``arc`` set bits, going round the circle."""
    bits = [(int(mask16) >> i) & 1 for i in range(16)]
    if all(bits):
        return True
    best = run = 0
    for b in bits + bits:
        run = run + 1 if b else 0
        best = max(best, run)
    return best >= arc


def vilib_fast_lut(arc):
    """The bit-based lookup table: word x (11 low bits of a mask) has bit i set when the mask (i << 11) | x passes."""
    ok = np.array([vilib_arc_corner(m, arc) for m in range(1 << 16)], dtype=np.uint32)
    hi = ok.reshape(32, 2048)                     # [i, x] = mask (i << 11) | x
    return (hi << np.arange(32, dtype=np.uint32)[:, None]).sum(axis=0, dtype=np.uint64).astype(np.uint32)


# FAST's Bresenham circle of radius 3, in the order of vilib's bresenham_circle_offset_pitch: (row, column) offsets
VILIB_CIRCLE = [(3, 0), (3, -1), (2, -2), (1, -3), (0, -3), (-1, -3), (-2, -2), (-3, -1),
                (-3, 0), (-3, 1), (-2, 2), (-1, 3), (0, 3), (1, 3), (2, 2), (3, 1)]


def vilib_fast_response(img, width, height, hborder, vborder, threshold, arc, score, resp_before):
    """FAST corner response, from Rosten's detector as vilib describes it: 0 everywhere in the image; inside the
    border a pixel whose two opposite pairs (left/right, then below/above) are not both 'similar' and whose dark
    (px < c - t) or bright (px > c + t) circle mask passes the segment test gets the score: 0 the sum of |px - c|,
    1 the larger of the dark and bright arcs' sums of |px - c| - t, 2 the largest threshold (binary search from
    t + 1 to 255) at which it is still a corner. Integers throughout, so exact in float32."""
    im = np.asarray(img).astype(np.int64)
    out = np.array(resp_before, copy=True)
    out[:height, :width] = 0
    t = int(threshold)

    def masks(c, px, thr):
        dark = sum(1 << i for i, p in enumerate(px) if p < c - thr)
        bright = sum(1 << i for i, p in enumerate(px) if p > c + thr)
        return dark, bright

    def similar(c, p):
        return c - t <= p <= c + t

    for y in range(vborder, height - vborder):
        for x in range(hborder, width - hborder):
            c = im[y, x]
            if similar(c, im[y, x - 3]) and similar(c, im[y, x + 3]):
                continue
            if similar(c, im[y + 3, x]) and similar(c, im[y - 3, x]):
                continue
            px = [int(im[y + dy, x + dx]) for dy, dx in VILIB_CIRCLE]
            dark, bright = masks(c, px, t)
            if not (vilib_arc_corner(dark, arc) or vilib_arc_corner(bright, arc)):
                continue
            if score == 0:
                out[y, x] = sum(abs(p - c) for p in px)
            elif score == 1:
                sd = sum(abs(p - c) - t for i, p in enumerate(px) if dark >> i & 1)
                sb = sum(abs(p - c) - t for i, p in enumerate(px) if bright >> i & 1)
                out[y, x] = max(sd, sb)
            else:
                lo, hi = t + 1, 255
                while lo <= hi:
                    med = (lo + hi) // 2
                    d, b = masks(c, px, med)
                    if vilib_arc_corner(d, arc) or vilib_arc_corner(b, arc):
                        lo = med + 1
                    else:
                        hi = med - 1
                out[y, x] = hi
    return out


def jetu_perspective_warp(inp, m0, m1, fill):
    """jetson-utils' gpuPerspectiveWarp: output pixel (x, y) takes input pixel (u, v) = the first two rows of the
    3 x 3 matrix applied to (x, y, 1), each truncated toward zero (no division by the third), when inside the
    image, else ``fill``. One image size for both."""
    a = np.asarray(inp)
    h, w = a.shape[:2]
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    u = np.trunc(m0[0] * x + m0[1] * y + m0[2]).astype(np.int64)
    v = np.trunc(m1[0] * x + m1[1] * y + m1[2]).astype(np.int64)
    ok = (u >= 0) & (u < w) & (v >= 0) & (v < h)
    out = np.empty_like(a)
    out[...] = np.asarray(fill, dtype=a.dtype)
    out[ok] = a[v[ok], u[ok]]
    return out


def jetu_perspective_warp2(inp, out_before, m0, m1, m2):
    """gpuPerspectiveWarp2: (u, v) = (row 0 / row 2, row 1 / row 2) of the matrix times (x, y, 1), truncated toward
    zero; output pixel (x, y) of the output's own size takes input (u, v) when inside the input, else stays."""
    a = np.asarray(inp)
    out = np.array(out_before, copy=True)
    h, w = a.shape[:2]
    oh, ow = out.shape[:2]
    y, x = np.mgrid[0:oh, 0:ow].astype(np.float64)
    z = m2[0] * x + m2[1] * y + m2[2]
    u = np.trunc((m0[0] * x + m0[1] * y + m0[2]) / z).astype(np.int64)
    v = np.trunc((m1[0] * x + m1[1] * y + m1[2]) / z).astype(np.int64)
    ok = (u >= 0) & (u < w) & (v >= 0) & (v < h)
    out[ok] = a[v[ok], u[ok]]
    return out


def jetu_intrinsic_warp(inp, out_before, f, c, k1, k2, p1, p2):
    """gpuIntrinsicWarp: Brown-Conrady lens distortion (radial k1, k2; tangential p1, p2) applied to the
    normalised output coordinates, the distorted pixel truncated toward zero and copied when inside the image;
    the other output pixels stay as they were."""
    a = np.asarray(inp)
    out = np.array(out_before, copy=True)
    h, w = a.shape[:2]
    v_, u_ = np.mgrid[0:h, 0:w].astype(np.float64)
    x = (u_ - c[0]) / f[0]
    y = (v_ - c[1]) / f[1]
    r2 = x * x + y * y
    d = 1.0 + (k1 + k2 * r2) * r2
    ud = f[0] * (x * (d + 2 * p1 * y) + p2 * y * y + 3 * p2 * x * x) + c[0]
    vd = f[1] * (y * (d + 2 * p2 * x) + 3 * p1 * y * y + p1 * x * x) + c[1]
    ui, vi = np.trunc(ud).astype(np.int64), np.trunc(vd).astype(np.int64)
    ok = (ui >= 0) & (ui < w) & (vi >= 0) & (vi < h)
    out[ok] = a[vi[ok], ui[ok]]
    return out
# ---- unseen101: dynamic time warping on time series (alexkyllo/cuTimeWarp, files ctw_*.cu; ctralie/linmdtw,
# files lmdtw_*.cu). Written from the recurrences (Soft-DTW: Cuturi and Blondel 2017; DTW by anti-diagonals), in
# float64 unless a step is a plain float32 sum.


def ctw_sq_norm(X, rows, k):
    """sq_euclid_norm: XX[i] += sum_j X[i, j]^2 for the first `rows` rows of an (rows x k) row-major X."""
    x = np.asarray(X, np.float64).reshape(-1)[:rows * k].reshape(rows, k)
    return (x * x).sum(axis=1)


def ctw_filled(width, height, val=np.inf):
    """fill_matrix_inf(A, width, height, val): every element val, those whose flat index is a multiple of width 0."""
    a = np.full(width * height, val, np.float64)
    a[::width] = 0.0
    return a


def _ctw_softmin(a, b, c, gamma):
    z = -np.array([a, b, c], np.float64) / gamma
    mx = z.max()
    return -gamma * (np.log(np.exp(z - mx).sum()) + mx)


def ctw_softdtw(D, R, m, n, gamma):
    """Soft-DTW forward: R[i, j] = D[i-1, j-1] + softmin_gamma(R[i-1, j], R[i, j-1], R[i-1, j-1]) for i in 1..m,
    j in 1..n, over the (m+2) x (n+2) matrix R as given (its row 0 and column 0 are the boundary); returns R."""
    d = np.asarray(D, np.float64).reshape(m, n)
    r = np.array(R, np.float64).reshape(m + 2, n + 2)
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            r[i, j] = d[i - 1, j - 1] + _ctw_softmin(r[i - 1, j], r[i, j - 1], r[i - 1, j - 1], gamma)
    return r


def ctw_grad_inputs(m, n, gamma, seed=10101):
    """What softdtw_grad_cuda_naive hands its kernel: D_ ((m+1) x (n+1): D's rows, last row and column 0), R
    ((m+2) x (n+2): the Soft-DTW forward over D from R[0, 0] = 0 and an inf boundary, its last column and row
    -inf but R[m+1, n+1] = R[m, n]) and E_ (zeros, E_[m+1, n+1] = 1). D is uniform(0, 2) (squared distances)."""
    rng = np.random.default_rng(seed)
    d = rng.uniform(0, 2, (m, n)).astype(np.float32)
    r0 = np.full((m + 2, n + 2), np.inf)
    r0[0, 0] = 0.0
    r = ctw_softdtw(d, r0, m, n, gamma)
    r[1:m + 1, n + 1] = -np.inf
    r[m + 1, 1:n + 1] = -np.inf
    r[m + 1, n + 1] = r[m, n]
    d_ = np.zeros((m + 1, n + 1), np.float32)
    d_[:m, :n] = d
    e = np.zeros((m + 2, n + 2), np.float32)
    e[m + 1, n + 1] = 1.0
    return {"D": d_, "R": r.astype(np.float32), "E": e}


def ctw_softdtw_grad(D_, R, E, m, n, gamma):
    """Soft-DTW backward (E[i, j] = sum over the three successors of E[succ] exp((R[succ] - R[i, j] - D[succ]) /
    gamma)), i from m down to 1, j from n down to 1, with D_ the (m+1) x (n+1) padded distances; an infinite R[i, j]
    counts as -inf. Returns E ((m+2) x (n+2))."""
    d = np.asarray(D_, np.float64).reshape(m + 1, n + 1)
    r = np.array(R, np.float64).reshape(m + 2, n + 2)
    e = np.array(E, np.float64).reshape(m + 2, n + 2)
    for i in range(m, 0, -1):
        for j in range(n, 0, -1):
            if np.isinf(r[i, j]):
                r[i, j] = -np.inf
            a = np.exp((r[i + 1, j] - r[i, j] - d[i, j - 1]) / gamma)
            b = np.exp((r[i, j + 1] - r[i, j] - d[i - 1, j]) / gamma)
            c = np.exp((r[i + 1, j + 1] - r[i, j] - d[i, j]) / gamma)
            e[i, j] = e[i + 1, j] * a + e[i, j + 1] * b + e[i + 1, j + 1] * c
    return e


def _lmdtw_diag(k, M, N):
    """The cells (rows, cols) of anti-diagonal k in linmdtw's order (row from its largest down), and each one's
    validity, for idx = 0 .. min(M, N) - 1."""
    L = min(M, N)
    i1, j1 = (k, 0) if k < M else (M - 1, k - (M - 1))
    j2, i2 = (k, 0) if k < N else (N - 1, k - (N - 1))
    idx = np.arange(L)
    ti, tj = i1 - idx, j1 + idx
    return ti, tj, (ti >= i2) & (tj <= j2)


@__import__("functools").lru_cache(maxsize=None)
def _lmdtw_case(M, N, dim, k, reverse, b0, b2, seed):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (M + b0 + 2, dim)).astype(np.float32)
    Y = rng.uniform(-1, 1, (N + b2 + 2, dim)).astype(np.float32)
    xs, ys = X[b0:b0 + M].astype(np.float64), Y[b2:b2 + N].astype(np.float64)
    if reverse:
        xs, ys = xs[::-1], ys[::-1]
    csm = np.sqrt(((xs[:, None, :] - ys[None, :, :]) ** 2).sum(axis=2))      # cell (i, j)'s Euclidean distance
    acc = np.zeros((M, N))                                                   # accumulated DTW cost, by anti-diagonals
    for s in range(M + N - 1):
        for i in range(max(0, s - N + 1), min(s, M - 1) + 1):
            j = s - i
            prev = [acc[a, b] for a, b in ((i - 1, j), (i, j - 1), (i - 1, j - 1)) if a >= 0 and b >= 0]
            acc[i, j] = csm[i, j] + (min(prev) if prev else 0.0)
    acc = acc.astype(np.float32)
    L = min(M, N)

    def diag(s):
        out = np.full(L, -1.0, np.float32)
        if s < 0:
            return np.zeros(L, np.float32)
        ti, tj, ok = _lmdtw_diag(s, M, N)
        out[ok] = acc[ti[ok], tj[ok]]
        return out
    csm2_in = np.zeros(L, np.float32)
    ti, tj, ok = _lmdtw_diag(k, M, N)
    d2 = np.where(ok, 0.0, -1.0 + csm2_in.astype(np.float64))
    csm2 = csm2_in.astype(np.float64).copy()
    U, Lf, UL, S = (np.zeros(M * N) for _ in range(4))
    for t in np.flatnonzero(ok):
        a, b = ti[t], tj[t]
        up = float(acc[a - 1, b]) if a > 0 else -1.0
        left = float(acc[a, b - 1]) if b > 0 else -1.0
        dg = float(acc[a - 1, b - 1]) if a > 0 and b > 0 else -1.0
        score = 0.0 if a == 0 and b == 0 else min(v for v in (up, left, dg) if v > -1)
        d2[t] = score + csm[a, b]
        csm2[t] = csm[a, b]
        if not (a == 0 and b == 0):
            U[a * N + b], Lf[a * N + b], UL[a * N + b], S[a * N + b] = up, left, dg, score
    return {"X": X, "Y": Y, "box": np.array([b0, b0 + M - 1, b2, b2 + N - 1], np.int32),
            "d0": diag(k - 2), "d1": diag(k - 1), "csm2_in": csm2_in,
            "d2": d2, "csm2": csm2, "U": U, "L": Lf, "UL": UL, "S": S}


def lmdtw_case(M, N, dim, k, reverse, name, b0=0, b2=0, seed=10102):
    """linmdtw's DTW_Diag_Step at diagonal k of an M x N problem in `dim` dimensions (X and Y uniform(-1, 1), the box
    [b0, b0+M-1, b2, b2+N-1]): inputs d0, d1 (diagonals k-2 and k-1 of the accumulated cost, -1 off the matrix;
    zeros before the first, as the host's initial buffers), csm2_in (zeros); expected d2 (the accumulated cost on
    diagonal k; -1 + csm2's old value off the matrix), csm2 (each cell's distance) and the debug matrices U, L, UL, S
    (up, left, diagonal predecessor and their minimum, -1 where absent; zeros elsewhere)."""
    return _lmdtw_case(M, N, dim, k, int(reverse), b0, b2, seed)[name]
# ---------------------------------------------------------------- unseen97: TurboTransformers (bias + activation,
# LayerNorm, masked softmax, embedding lookup) and LightSeq's general kernels. Written from the operations' definitions
# (BERT's tanh GELU, LayerNorm, softmax, a table lookup, a column sum, concatenation along dim 1), not from the kernels.

def turbot_bias_act(out, bias, act):
    """out[r, :] + bias (one float32 add, as the model's layer adds them), then the activation in float64: "gelu" is
    BERT's tanh approximation x * 0.5 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3)))."""
    x = (np.asarray(out, np.float32) + np.asarray(bias, np.float32)[None, :]).astype(np.float64)
    if act == "gelu":
        y = x * 0.5 * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x ** 3)))
    elif act == "tanh":
        y = np.tanh(x)
    else:
        y = np.maximum(x, 0.0)
    return y.astype(np.float32)


def turbot_layer_norm(out, gamma, beta, inp=None, bias=None, eps=1e-6):
    """LayerNorm over each row of x = out (+ inp + bias when the residual and bias are added first, float32 adds):
    (x - mean) / sqrt(var + eps) * gamma + beta, var the population variance, in float64."""
    x = np.asarray(out, np.float32)
    if inp is not None:
        x = x + np.asarray(inp, np.float32) + np.asarray(bias, np.float32)[None, :]
    x = x.astype(np.float64)
    mean = x.mean(axis=1, keepdims=True)
    var = (x * x).mean(axis=1, keepdims=True) - mean * mean
    return ((x - mean) / np.sqrt(var + eps) * gamma + beta).astype(np.float32)


def turbot_softmax(qk, mask, batch, heads, from_len, to_len, scale, is_2d):
    """Attention softmax over the last axis of qk [batch, heads, from, to] of qk * scale + mask, the mask additive
    (0 or -10000) and broadcast over heads ([batch, to] when is_2d, else [batch, from, to]); the sum + 1e-6."""
    s = np.asarray(qk, np.float32).reshape(batch, heads, from_len, to_len).astype(np.float64)
    m = np.asarray(mask, np.float64)
    m = m.reshape(batch, 1, 1, to_len) if is_2d else m.reshape(batch, 1, from_len, to_len)
    x = s * scale + m
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return (e / (e.sum(axis=-1, keepdims=True) + 1e-6)).astype(np.float32).reshape(-1)


def turbot_lookup(table, ids, dst=None):
    """Embedding lookup: row ids[i] of the table for each id, added to dst when given (one float32 add)."""
    rows = np.asarray(table, np.float32)[np.asarray(ids, np.int64)]
    return rows if dst is None else (np.asarray(dst, np.float32) + rows).astype(np.float32)


def lseq_column_sum(inp):
    """The sum of each column of a [rows, cols] matrix (the bias gradient), in float64."""
    return np.asarray(inp, np.float64).sum(axis=0).astype(np.float32)


def lseq_concat_dim1(a, b):
    """Concatenate [d0, n1, d2] and [d0, n2, d2] along axis 1 (the key/value cache and the new step's)."""
    return np.concatenate([np.asarray(a), np.asarray(b)], axis=1).reshape(-1)


def lseq_fill_concat(out, inp, start):
    """Write inp [d0, n1, d2] into out [d0, mx, d2] at rows start .. start + n1 of axis 1; the rest of out as it was."""
    o = np.array(out, copy=True)
    o[:, start:start + np.asarray(inp).shape[1], :] = inp
    return o
# ---------------------------------------------------------------- unseen98: GraphBIG triangle counting and k-core + cuStinger triangle counting
@functools.lru_cache(maxsize=None)
def _u98_graph(n=600, community=20, p_in=0.3, p_out=0.005, seed=98):
    """An undirected graph without self loops: n vertices in communities of `community` (an edge with probability
    p_in inside a community, p_out across), so that there are many triangles and the degrees vary. CSR, each edge
    both ways, each vertex's destinations ascending: (offsets, destinations, each vertex's destinations shuffled)."""
    rng = np.random.default_rng(seed)
    same = (np.arange(n)[:, None] // community) == (np.arange(n)[None, :] // community)
    a = rng.random((n, n)) < np.where(same, p_in, p_out)
    a = np.triu(a, 1)
    a = a | a.T
    deg = a.sum(1)
    off = np.concatenate([[0], np.cumsum(deg)]).astype(np.int64)
    dst = np.concatenate([np.flatnonzero(a[v]) for v in range(n)]).astype(np.int64)
    shuf = dst.copy()
    for v in range(n):
        seg = shuf[off[v]:off[v + 1]]
        shuf[off[v]:off[v + 1]] = seg[rng.permutation(len(seg))]
    return off, dst, shuf


def gbig_graph(key):
    """GraphBIG's cudaGraph arrays for the unseen98 graph (_u98_graph): 'vlist' (n + 1 edge offsets), 'elist' (each
    vertex's destinations ascending), 'shuffled' (the same lists in a random order: kernel_step1's input), 'deg'."""
    off, dst, shuf = _u98_graph()
    return {"vlist": off, "elist": dst, "shuffled": shuf, "deg": np.diff(off)}[key].copy()


def _u98_sets(vlist, elist):
    vl, el = np.asarray(vlist, np.int64), np.asarray(elist, np.int64)
    return [set(el[vl[v]:vl[v + 1]].tolist()) for v in range(len(vl) - 1)]


def gbig_sorted_lists(vlist, elist):
    """GraphBIG TC step 1: each vertex's edge destinations sorted ascending in place (its per-thread quicksort)."""
    vl, out = np.asarray(vlist, np.int64), np.array(elist, copy=True)
    for v in range(len(vl) - 1):
        out[vl[v]:vl[v + 1]] = np.sort(out[vl[v]:vl[v + 1]])
    return out


def gbig_tri2(vlist, elist):
    """GraphBIG TC step 2: for each vertex v, the sum over its neighbours u of |N(v) & N(u)| (each edge's count is added
    to both ends once), i.e. twice the number of triangles through v."""
    nb = _u98_sets(vlist, elist)
    return np.array([sum(len(nb[v] & nb[u]) for u in nb[v]) for v in range(len(nb))], np.uint32)


def gbig_kcore_removed(deg, k):
    """GraphBIG k-core, the first removal step: the vertices whose degree is below k."""
    return np.asarray(deg) < k


def gbig_kcore_peel(vlist, elist, vplist, removed, flags):
    """GraphBIG k-core's peeling step: each flagged vertex takes one off the count of each of its neighbours that is
    not removed; the flags are cleared."""
    vl, el = np.asarray(vlist, np.int64), np.asarray(elist, np.int64)
    out = np.array(vplist, np.int64)
    for v in np.flatnonzero(flags):
        for u in el[vl[v]:vl[v + 1]]:
            if not removed[u]:
                out[u] -= 1
    return out.astype(np.uint32)


def cstg_triangles(off, ind, out_before):
    """cuStinger's CSR triangle count: for each vertex s, the sum over its neighbours d > s of |N(s) & N(d)| (each
    triangle a < b < c counted once at each of its three edges' lower ends); entries past the last vertex as they were."""
    nb = _u98_sets(off, ind)
    out = np.array(out_before, copy=True)
    out[:len(nb)] = [sum(len(nb[s] & nb[d]) for d in nb[s] if d > s) for s in range(len(nb))]
    return out
# ---------------------------------------------------------------- nolmoonen/cuda-lbvh (nlbvh_): Karras 2012 LBVH
NLBVH_N = 1500          # triangles: two blocks of the host's 1024 threads


def nlbvh_scene(n=NLBVH_N, nverts=600):
    """The entries' scene: vertices on a 16^3 lattice in [-1, 1) (float32-exact), n triangles of random vertex
    indices, the last 100 repeating the first 100 (equal centres, equal Morton codes: the id tie-break)."""
    rng = np.random.default_rng(100)
    pos = (rng.integers(0, 16, (nverts, 3)) / 8.0 - 1.0).astype(np.float32)
    tris = rng.integers(0, nverts, (n, 3)).astype(np.int32)
    tris[-100:] = tris[:100]
    return pos, tris


def _nlbvh_spread(v):
    """The 10 low bits of v with two zero bits after each (bit b to bit 3b), bit by bit."""
    out = 0
    for b in range(10):
        out |= ((v >> b) & 1) << (3 * b)
    return out


def nlbvh_codes(positions, pos_indices, off=(-1.0, -1.0, -1.0), ext=(2.0, 2.0, 2.0)):
    """30-bit Morton code of each triangle's centre, float32 as the kernel computes it: s = (u + v) + w, then
    (s * (1/3) - off) with one rounding (ptxas fuses the PTX's mul.f32 and sub.f32 into an FFMA: the product of
    two float32 is exact in float64, and so is its sum with off for the lattice scene) divided by ext, clamped
    to [0, 1], times 1024 clamped to [0, 1023], truncated; x's bits highest."""
    p = np.asarray(positions, np.float32).reshape(-1, 3)
    t = np.asarray(pos_indices).reshape(-1, 3)
    s = (p[t[:, 0]] + p[t[:, 1]]) + p[t[:, 2]]
    fused = (s.astype(np.float64) * np.float64(np.float32(1.0 / 3.0)) - np.array(off, np.float64)).astype(np.float32)
    q = fused / np.array(ext, np.float32)
    q = np.clip(q, np.float32(0), np.float32(1))
    q = np.clip(q * np.float32(1024), np.float32(0), np.float32(1023)).astype(np.uint32)
    return np.array([(_nlbvh_spread(int(x)) << 2) | (_nlbvh_spread(int(y)) << 1) | _nlbvh_spread(int(z))
                     for x, y, z in q], np.uint32)


def nlbvh_sorted():
    """(codes, ids) after the host's stable cub radix sort of (code, triangle id) pairs."""
    pos, tris = nlbvh_scene()
    codes = nlbvh_codes(pos, tris)
    order = np.argsort(codes, kind="stable").astype(np.uint32)
    return codes[order], order


# bvh_node as an int32 row of 10: child_l, child_r, paren, min.xyz, max.xyz (float32 bits), object_id / visited
def nlbvh_leaves(nodes, ids):
    """leaf_nodes: leaf i (row n - 1 + i) gets object_id = ids[i] and child_l = -1; internal nodes paren = -1."""
    out = np.array(nodes, copy=True)
    n = len(ids)
    out[n - 1:, 9] = np.asarray(ids).view(np.int32)
    out[n - 1:, 0] = -1
    out[:n - 1, 2] = -1
    return out


def nlbvh_after_leaves():
    n = NLBVH_N
    return nlbvh_leaves(np.full((2 * n - 1, 10), 0x7FFFFFFF, np.int32), nlbvh_sorted()[1])


def _nlbvh_tree(codes):
    """Karras's radix tree over sorted keys (ties broken by index, 32 + clz(i ^ j)): for each internal node i,
    its covered range [first, last] and its split; children are leaves where the split range has one key."""
    k = [int(c) for c in codes]
    n = len(k)

    def delta(i, j):
        if j < 0 or j > n - 1:
            return -1
        x = k[i] ^ k[j]
        return 32 + (32 - (i ^ j).bit_length()) if x == 0 else 32 - x.bit_length()

    kids = []
    for i in range(n - 1):
        d = 1 if delta(i, i + 1) >= delta(i, i - 1) else -1
        dmin = delta(i, i - d)
        lmax = 2
        while delta(i, i + lmax * d) > dmin:
            lmax *= 2
        ln, t = 0, lmax // 2
        while t > 0:
            if delta(i, i + (ln + t) * d) > dmin:
                ln += t
            t //= 2
        j = i + ln * d
        first, last = min(i, j), max(i, j)
        # the split: the last index sharing more than the range's common prefix with `first`
        common = delta(first, last)
        split = first
        for s in range(first, last):
            if delta(first, s) > common:
                split = s
        left = (n - 1 + split) if split == first else split
        right = (n - 1 + split + 1) if split + 1 == last else split + 1
        kids.append((left, right))
    return kids


def nlbvh_internal(nodes, codes):
    """internal_nodes: each internal node's two children and visited = 0, each child's paren."""
    out = np.array(nodes, copy=True)
    for i, (l, r) in enumerate(_nlbvh_tree(codes)):
        out[i, 0], out[i, 1], out[i, 9] = l, r, 0
        out[l, 2] = out[r, 2] = i
    return out


def nlbvh_after_internal():
    return nlbvh_internal(nlbvh_after_leaves(), nlbvh_sorted()[0])


def nlbvh_boxes(nodes, positions, pos_indices):
    """set_aabb: each leaf's box is its triangle's, each internal node's the union of its children's (float min /
    max: exact), and every internal node is visited twice (the counter ends at 2)."""
    out = np.array(nodes, copy=True)
    n = (len(out) + 1) // 2
    p = np.asarray(positions, np.float32).reshape(-1, 3)
    t = np.asarray(pos_indices).reshape(-1, 3)
    lo = np.zeros((2 * n - 1, 3), np.float32)
    hi = np.zeros((2 * n - 1, 3), np.float32)
    obj = out[n - 1:, 9]
    tri = p[t[obj]]                                  # (n, 3 vertices, 3)
    lo[n - 1:], hi[n - 1:] = tri.min(axis=1), tri.max(axis=1)

    def fill(i):                                     # post-order over internal nodes, iteratively
        stack = [(i, False)]
        while stack:
            j, done = stack.pop()
            if j >= n - 1:
                continue
            l, r = out[j, 0], out[j, 1]
            if done:
                lo[j], hi[j] = np.minimum(lo[l], lo[r]), np.maximum(hi[l], hi[r])
            else:
                stack += [(j, True), (l, False), (r, False)]
    roots = [i for i in range(n - 1) if out[i, 2] == -1]
    for r in roots:
        fill(r)
    out[:, 3:6], out[:, 6:9] = lo.view(np.int32), hi.view(np.int32)
    out[:n - 1, 9] = 2
    return out


# ---------------------------------------------------------------- cuNSearch (cunsrch_): uniform-grid neighbour search
CUNSRCH_N, CUNSRCH_R = 500, np.float32(0.15)


def cunsrch_particles():
    """The entries' points: uniform in [0, 1) x [0, 0.6) x [0, 0.8), float32."""
    rng = np.random.default_rng(100)
    return (rng.uniform(0.0, 1.0, (CUNSRCH_N, 3)) * np.array([1.0, 0.6, 0.8])).astype(np.float32)


def cunsrch_minmax(p, r=CUNSRCH_R):
    """kComputeMinMax: the smallest and largest cell floor(x / r) on each axis (float32 division)."""
    c = np.floor(np.asarray(p, np.float32) / np.float32(r)).astype(np.int32)
    return c.min(axis=0), c.max(axis=0)


def cunsrch_grid(p, r=CUNSRCH_R):
    """The host's computeCellInformation, float32: the grid two cells wider than the cells' range on each side,
    its 8 x 8 x 8 meta grid, and GridDelta = dimension / (dimension * r)."""
    f = np.float32
    mn, mx = cunsrch_minmax(p, r)
    lo, hi = mn.astype(f) * r, mx.astype(f) * r
    size = hi - lo
    dim = np.ceil(size / r).astype(np.uint32) + 4
    gmin = lo - np.array([r, r, r], f) * f(2)
    meta = np.ceil(dim / f(8)).astype(np.uint32)
    delta = dim.astype(f) / (dim.astype(f) * r)
    return dict(min=gmin, delta=delta, dim=dim, meta=meta, r2=f(r * r))


def _cunsrch_morton3(x, y, z):
    out = 0
    for b in range(10):
        out |= ((x >> b) & 1) << (3 * b) | ((y >> b) & 1) << (3 * b + 1) | ((z >> b) & 1) << (3 * b + 2)
    return out


def _cunsrch_index(g, c):
    """The cell index of cell c (x, y, z): its meta cell's linear index times 512 plus its Morton code within."""
    m = [int(v) // 8 for v in c]
    mx, my = int(g["meta"][0]), int(g["meta"][1])
    return (m[2] * my * mx + m[1] * mx + m[0]) * 512 + _cunsrch_morton3(*[int(v) % 8 for v in c])


def cunsrch_cells(p):
    """kInsertParticles_Morton's cell index of each point: int((x - GridMin) * GridDelta) per axis."""
    g = cunsrch_grid(p)
    c = ((np.asarray(p, np.float32) - g["min"]) * g["delta"]).astype(np.int32)
    return np.array([_cunsrch_index(g, v) for v in c], np.uint32)


def cunsrch_ncells(p):
    g = cunsrch_grid(p)
    return int(np.prod(g["meta"].astype(np.int64))) * 512


def cunsrch_counts(p):
    return np.bincount(cunsrch_cells(p), minlength=cunsrch_ncells(p)).astype(np.uint32)


def cunsrch_ranks_ok(ranks, cells):
    """The atomicAdd ranks within each cell are 0 .. count - 1, each once (their order is the GPU's)."""
    ranks, cells = np.asarray(ranks), np.asarray(cells)
    return all(sorted(ranks[cells == c].tolist()) == list(range(int((cells == c).sum()))) for c in np.unique(cells))


def cunsrch_ranks(p):
    """Ranks within each cell in point order (one order the atomicAdds may give)."""
    cells = cunsrch_cells(p)
    seen, out = {}, np.zeros(len(cells), np.uint32)
    for i, c in enumerate(cells.tolist()):
        out[i] = seen.get(c, 0)
        seen[c] = out[i] + 1
    return out


def cunsrch_offsets(p):
    """The host's thrust::exclusive_scan of the cells' counts."""
    c = cunsrch_counts(p).astype(np.int64)
    return (np.cumsum(c) - c).astype(np.uint32)


def cunsrch_sorted(p):
    """kCountingSortIndices with cunsrch_ranks: the points in cell order, point order within a cell; this is
    also the host's reversedSortIndices (thrust::gather of a sequence through the sort indices)."""
    return np.argsort(cunsrch_cells(p), kind="stable").astype(np.uint32)


def cunsrch_neighbours(q, p, cap=70):
    """For each query point, the points at squared distance in (0, r^2) in the 27 cells around its cell, in the
    kernel's order (z, y, x from -1 to 1, then the cell's points in sorted order), float32 squared distances
    (a difference per axis, the three squares summed left to right); at most `cap` (CUDA_MAX_NEIGHBORS)."""
    q, p = np.asarray(q, np.float32), np.asarray(p, np.float32)
    g = cunsrch_grid(p)
    offs, counts, order = cunsrch_offsets(p), cunsrch_counts(p), cunsrch_sorted(p)
    out = []
    for x in q:
        c = np.floor((x - g["min"]) * g["delta"]).astype(np.int64)
        found = []
        for dz in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    cc = c + (dx, dy, dz)
                    if (cc < 0).any() or (cc >= g["dim"]).any() or len(found) >= cap:
                        continue
                    k = _cunsrch_index(g, cc)
                    for j in order[offs[k]:offs[k] + counts[k]]:
                        d = p[j] - x
                        s = d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
                        if 0 < s < g["r2"] and len(found) < cap:
                            found.append(int(j))
        out.append(found)
    return out


def cunsrch_neighbour_counts(q, p):
    return np.array([len(f) for f in cunsrch_neighbours(q, p)], np.uint32)


def cunsrch_write_offsets(q, p):
    c = cunsrch_neighbour_counts(q, p).astype(np.int64)
    return (np.cumsum(c) - c).astype(np.uint32)


def cunsrch_neighbour_list(q, p):
    return np.array([j for f in cunsrch_neighbours(q, p) for j in f], np.uint32)
# ---------------------------------------------------------------- unseen96: GE-SpMM's CSR SpMM, dgSPARSE's CSR SDDMM
def _u96_csr(m, n, lengths, seed):
    """A CSR matrix with the given row lengths: each row's columns drawn without replacement and sorted, values
    uniform in [-1, 1) (float32); (indptr int32, indices int32, values float32)."""
    rng = np.random.default_rng(seed)
    indptr = np.zeros(m + 1, np.int64)
    indptr[1:] = np.cumsum(lengths)
    cols = [np.sort(rng.choice(n, int(L), replace=False)) for L in lengths]
    indices = np.concatenate(cols).astype(np.int32)
    vals = rng.uniform(-1.0, 1.0, len(indices)).astype(np.float32)
    return indptr.astype(np.int32), indices, vals


def gespmm_csr():
    """GE-SpMM's A: 37 x 45, rows of 0-19 elements with an empty row (3), rows longer than a warp's 32-element cache
    (5: 40, 10: all 45, 36: 33), 436 elements."""
    lengths = np.random.default_rng(9601).integers(0, 20, 37)
    lengths[3], lengths[5], lengths[10], lengths[36] = 0, 40, 45, 33
    return _u96_csr(37, 45, lengths, 9602)


def gespmm_spmm(indptr, indices, B, vals=None):
    """C = A B in float64, A in CSR (values 1 where none are given: the no-edge-value kernels)."""
    indptr, indices = np.asarray(indptr, np.int64), np.asarray(indices, np.int64)
    B = np.asarray(B, np.float64)
    m = len(indptr) - 1
    C = np.zeros((m, B.shape[1]))
    for r in range(m):
        cols = indices[indptr[r]:indptr[r + 1]]
        w = np.ones(len(cols)) if vals is None else np.asarray(vals, np.float64)[indptr[r]:indptr[r + 1]]
        C[r] = w @ B[cols]
    return C


def dgsddmm_csr():
    """dgSPARSE's S: 30 x 28, rows of 0-15 elements, rows 0, 4 and 9 empty (9 drawn so), the last row 7 long,
    214 elements (13 whole groups of 16 and the 6 past them, all in the last row)."""
    lengths = np.random.default_rng(9603).integers(0, 16, 30)
    lengths[0], lengths[4], lengths[29] = 0, 0, 7
    return _u96_csr(30, 28, lengths, 9604)


def dgsddmm_sddmm(indptr, indices, D1, D2):
    """O[e] = dot(D1[row(e)], D2[col(e)]) for each stored element e of the CSR pattern, in float64."""
    indptr, indices = np.asarray(indptr, np.int64), np.asarray(indices, np.int64)
    rows = np.repeat(np.arange(len(indptr) - 1), np.diff(indptr))
    D1, D2 = np.asarray(D1, np.float64), np.asarray(D2, np.float64)
    return (D1[rows] * D2[indices]).sum(axis=1)


# ---------------------------------------------------------------- unseen102: StencilBenchmarks star stencils + NPB-GPU MG
def kcsten_star(g, r, covered_y, covered_x):
    """StencilBenchmarks' star stencil (its main.cu's cpu_stencil: temp = 2 c, plus c_coef = 1 for the centre and
    every axis neighbour at distance 1..r): out = 3 c + the 6 r axis neighbours, on the planes r .. dimz - r - 1
    and on the columns the grid covers (y in r .. r + covered_y - 1, x likewise); elsewhere the zeros the host
    copied in. g: (dimz, dimy, dimx)."""
    g = np.asarray(g, dtype=np.float64)
    Z, _, _ = g.shape
    out = np.zeros_like(g)
    zs, ys, xs = slice(r, Z - r), slice(r, r + covered_y), slice(r, r + covered_x)
    acc = 3.0 * g[zs, ys, xs]
    for k in range(1, r + 1):
        acc = acc + g[r - k:Z - r - k, ys, xs] + g[r + k:Z - r + k, ys, xs]
        acc = acc + g[zs, r - k:r + covered_y - k, xs] + g[zs, r + k:r + covered_y + k, xs]
        acc = acc + g[zs, ys, r - k:r + covered_x - k] + g[zs, ys, r + k:r + covered_x + k]
    out[zs, ys, xs] = acc
    return out


def _npbmg_27(x, centre, w):
    """sum over the 27 offsets d of w[number of nonzero components of d] * x[centre + d]; centre: three slices."""
    x = np.asarray(x, dtype=np.float64)
    acc = 0.0
    for d3 in (-1, 0, 1):
        for d2 in (-1, 0, 1):
            for d1 in (-1, 0, 1):
                k = (d3 != 0) + (d2 != 0) + (d1 != 0)
                if w[k] == 0.0:
                    continue
                s = tuple(slice(c.start + d, c.stop + d, c.step) for c, d in zip(centre, (d3, d2, d1)))
                acc = acc + w[k] * x[s]
    return acc


def npbmg_psinv(u, r, c):
    """NPB MG's smoother: u = u + C r on the interior, C the 27-point stencil with c[0] for the centre, c[1] the
    6 faces, c[2] the 12 edges and no corner term (NPB's psinv leaves c[3] out)."""
    out = np.array(u, dtype=np.float64)
    n3, n2, n1 = out.shape
    inner = (slice(1, n3 - 1), slice(1, n2 - 1), slice(1, n1 - 1))
    out[inner] += _npbmg_27(r, inner, (c[0], c[1], c[2], 0.0))
    return out


def npbmg_resid(u, v, r, a):
    """NPB MG's residual r = v - A u on the interior, A the 27-point stencil with weights a[0..3] for the centre,
    faces, edges, corners (NPB's a[1] is 0); the boundary of r as it was."""
    out = np.array(r, dtype=np.float64)
    n3, n2, n1 = out.shape
    inner = (slice(1, n3 - 1), slice(1, n2 - 1), slice(1, n1 - 1))
    out[inner] = np.asarray(v, dtype=np.float64)[inner] - _npbmg_27(u, inner, tuple(a))
    return out


def npbmg_rprj3(r, s, m):
    """NPB MG's restriction (d = 1 on every axis, the fine grid not of size 3): s[j] for j = 1 .. m - 2 on each
    axis is the full-weighting average around the fine point 2 j: 1/2 the centre, 1/4 the faces, 1/8 the edges,
    1/16 the corners; s's boundary as it was."""
    out = np.array(s, dtype=np.float64)
    inner = tuple(slice(2, 2 * (m - 2) + 1, 2) for _ in range(3))
    out[1:m - 1, 1:m - 1, 1:m - 1] = _npbmg_27(r, inner, (0.5, 0.25, 0.125, 0.0625))
    return out


def npbmg_interp(z, u, mm):
    """NPB MG's prolongation: u[2 i + e] += the mean of z over the coarse points i + f, f in {0..e} on each axis,
    for i = 0 .. mm - 2 and e in {0, 1}^3 (trilinear interpolation added to the fine grid)."""
    z = np.asarray(z, dtype=np.float64)
    out = np.array(u, dtype=np.float64)
    k = mm - 1
    for e3 in (0, 1):
        for e2 in (0, 1):
            for e1 in (0, 1):
                acc = 0.0
                for f3 in range(e3 + 1):
                    for f2 in range(e2 + 1):
                        for f1 in range(e1 + 1):
                            acc = acc + z[f3:f3 + k, f2:f2 + k, f1:f1 + k]
                out[e3:2 * k + e3:2, e2:2 * k + e2:2, e1:2 * k + e1:2] += acc / 2 ** (e3 + e2 + e1)
    return out


def npbmg_norm2u3(r, which):
    """NPB MG's norm2u3 per block: block (bx, by) takes the row i3 = by + 1, i2 = bx + 1 of the interior, its sum
    of squares ('sum') or its largest |r| ('max'); blocks in by * (n2 - 2) + bx order."""
    r = np.asarray(r, dtype=np.float64)
    rows = r[1:-1, 1:-1, 1:-1]
    if which == "sum":
        return (rows * rows).sum(axis=2).reshape(-1)
    return np.abs(rows).max(axis=2).reshape(-1)


def npbmg_comm3(u, axis):
    """NPB MG's periodic exchange along one axis (1: i1, 2: i2, 3: i3), over the ranges the three kernels take:
    axis 1 the interior i2, i3; axis 2 all i1, interior i3; axis 3 all i1, i2. The ghost plane 0 gets plane n - 2,
    plane n - 1 gets plane 1."""
    out = np.array(u, dtype=np.float64)
    if axis == 1:
        out[1:-1, 1:-1, 0] = out[1:-1, 1:-1, -2]
        out[1:-1, 1:-1, -1] = out[1:-1, 1:-1, 1]
    elif axis == 2:
        out[1:-1, 0, :] = out[1:-1, -2, :]
        out[1:-1, -1, :] = out[1:-1, 1, :]
    else:
        out[0, :, :] = out[-2, :, :]
        out[-1, :, :] = out[1, :, :]
    return out


# ---- unseen103: TensorStream's NV12 colour conversions (tstrm_) and FFmpeg's colorspace_cuda / overlay_cuda (ffcu_),
# written from the kernels' formulas (BT.601 limited-range YUV to RGB, UYVY 4:2:2 with a 4-tap chroma filter, HSV,
# the JPEG/MPEG range maps in 15-bit fixed point, alpha blending), not from the emulator.

def _tstrm_planes(Y, UV, width, height, pitch):
    Y = np.asarray(Y).reshape(-1)
    UV = np.asarray(UV).reshape(-1)
    i = np.arange(height)[:, None]
    j = np.arange(width)[None, :]
    col = j - (j % 2)                                     # UVCol: the pair's U byte
    U = UV[(i // 2) * pitch + col]
    V = UV[(i // 2) * pitch + col + 1]
    return Y[i * pitch + j], U, V


def tstrm_rgb_ints(Y, UV, width, height, pitch):
    """NV12toRGB24Kernel: R, G, B as ints (float32 sums truncated to int, then clamped to 0..255)."""
    y, U, V = _tstrm_planes(Y, UV, width, height, pitch)
    f = np.float32
    u = (U.astype(np.int64) - 128).astype(f)
    v = (V.astype(np.int64) - 128).astype(f)
    yv = np.maximum(f(0), y.astype(f) - f(16)) * f(1.163999557)
    r = yv + (f(1.5959997177) * v + f(0.5))
    b = yv + (f(2.017999649) * u + f(0.5))
    g = yv + (f(-0.812999725) * v - f(0.390999794) * u + f(0.5))
    conv = lambda x: np.clip(np.trunc(x.astype(np.float64)).astype(np.int64), 0, 255)
    return conv(r), conv(g), conv(b)


def tstrm_rgb_planar(Y, UV, width, height, pitch, swap=False, normalize=False):
    """NV12ToRGB24KernelPlanar: three width x height planes (pitchRGB = width), R G B (B G R when swapped)."""
    r, g, b = tstrm_rgb_ints(Y, UV, width, height, pitch)
    out = np.stack([b, g, r] if swap else [r, g, b]).astype(np.float32)
    return out / np.float32(255) if normalize else out


def tstrm_rgb_packed(Y, UV, width, height, pitch, swap=False, normalize=False):
    """NV12ToRGB24KernelMerged: height rows of width pixels x 3 bytes (pitchRGB = 3 width)."""
    r, g, b = tstrm_rgb_ints(Y, UV, width, height, pitch)
    out = np.stack([b, g, r] if swap else [r, g, b], axis=-1).reshape(height, 3 * width).astype(np.float32)
    return out / np.float32(255) if normalize else out


def tstrm_y800(Y, width, height, pitch, normalize):
    y = np.asarray(Y).reshape(-1)[:height * pitch].reshape(height, pitch)[:, :width].astype(np.float32)
    return y / np.float32(255) if normalize else y


def tstrm_uyvy(Y, UV, width, height, pitch):
    """NV12ToUYVY: U Y0 V Y1 per pixel pair; the chroma of odd chroma rows from a 4-tap vertical filter
    (9 (a + b) - (c + d) + 8) >> 4 over rows r, r+1, r-1, r+2 (clamped to the plane), clamped to 0..255."""
    Y = np.asarray(Y).reshape(-1).astype(np.int64)
    UV = np.asarray(UV).reshape(-1).astype(np.int64)
    last = height // 2 - 1

    def chroma(i, j):
        r = i // 2
        v = int(UV[j + r * pitch])
        if r % 2 != 0:
            p2, p3, p4 = min(r + 1, last), max(r - 1, 0), min(r + 2, last)
            v = (9 * (int(UV[r * pitch + j]) + int(UV[p2 * pitch + j]))
                 - (int(UV[p3 * pitch + j]) + int(UV[p4 * pitch + j])) + 8) >> 4
            v = max(min(v, 255), 0)
        return v

    out = np.zeros(2 * width * height, np.int64)
    for i in range(height):
        for j in range(width):
            index, src = j + i * width, j + i * pitch
            if index % 2 == 0:
                out[2 * index] = chroma(i, j)
                out[2 * index + 1] = Y[src]
                out[2 * index + 2] = chroma(i, j + 1)
            else:
                out[2 * index + 1] = Y[src]
    return out.astype(np.uint8)


def tstrm_yuv444(src, width, height):
    """UYVYToYUV444 with T = unsigned char: Y, U, V planes; odd pixels' chroma from the 4-tap horizontal
    filter (9 (a + b) - (c + d) + 8) / 16 (C's division, towards zero), stored into an unsigned char first
    (modulo 256: the clamps to (T) 0 and (T) 255 come after and change nothing)."""
    s = np.asarray(src).reshape(-1).astype(np.int64)
    n = width * height
    out = np.zeros(3 * n, np.int64)

    def horizontal(index, shift):
        p1, p2, p3, p4 = index - 3 + shift, index + 1 + shift, index - 7 + shift, index + 5 + shift
        if p3 < 0:
            p3 = p1
        if p4 > 2 * n - 1:
            p4 = p2
        num = 9 * (int(s[p1]) + int(s[p2])) - (int(s[p3]) + int(s[p4])) + 8
        q = abs(num) // 16 * (1 if num >= 0 else -1)
        return q & 0xFF

    for index in range(n):
        si = 2 * index + 1
        out[index] = s[si]
        if index % 2 == 0:
            out[n + index] = s[si - 1]
            out[2 * n + index] = s[si + 1]
        else:
            out[n + index] = horizontal(si, 0)
            out[2 * n + index] = horizontal(si, 2)
    return out.astype(np.uint8)


def tstrm_nv12_merge(Y, UV, width, height, pitch):
    """NV12MergeBuffers: the pitched Y and UV planes packed into one width-pitched NV12 buffer."""
    y = np.asarray(Y).reshape(-1)[:height * pitch].reshape(height, pitch)[:, :width]
    uv = np.asarray(UV).reshape(-1)[:(height // 2) * pitch].reshape(height // 2, pitch)[:, :width]
    return np.concatenate([y.reshape(-1), uv.reshape(-1)])


def tstrm_hsv(rgb):
    """RGBMergedToHSVMerged<float>: H in [0, 1) (degrees / 360), S = 1 - min / max, V = max; float32 steps."""
    a = np.asarray(rgb, np.float32).reshape(-1, 3)
    out = np.zeros_like(a)
    f = np.float32
    for k, (R, G, B) in enumerate(a):
        mn, mx = min(min(R, G), B), max(max(R, G), B)
        d = f(mx - mn)
        S = f(0) if mx == 0 else f(f(1) - f(mn / mx))
        if mx == mn:
            out[k] = (0, S, mx)
            continue
        if R == mx and G >= B:
            H = f(f(f(60) * f(G - B)) / d)
        elif R == mx:
            H = f(f(f(f(60) * f(G - B)) / d) + f(360))
        elif G == mx:
            H = f(f(f(f(60) * f(B - R)) / d) + f(120))
        else:
            H = f(f(f(f(60) * f(R - G)) / d) + f(240))
        if H < 0:
            H = f(H + f(360))
        out[k] = (f(H / f(360)), S, mx)
    return out.reshape(np.asarray(rgb).shape)


def ffcu_to_jpeg(src, comp_id):
    """to_jpeg_cuda: limited to full range in 15-bit fixed point, + 64, >> 7, clamped (chroma 1..255)."""
    s = np.asarray(src).astype(np.int64) << 7
    d = ((np.minimum(s, 30775) * 4663 - 9289992) >> 12) if comp_id else ((np.minimum(s, 30189) * 19077 - 39057361) >> 14)
    d = (d + 64) >> 7
    return np.clip(d, 1 if comp_id else 0, 255).astype(np.uint8)


def ffcu_to_mpeg(src, comp_id):
    """to_mpeg_cuda: full to limited range (luma 16..235, chroma 16..240)."""
    s = np.asarray(src).astype(np.int64) << 7
    d = ((s * 1799 + 4081085) >> 11) if comp_id else ((s * 14071 + 33561947) >> 14)
    d = (d + 64) >> 7
    return np.clip(d, 16, 240 if comp_id else 235).astype(np.uint8)


def ffcu_overlay(main, overlay, alpha, x_position, y_position, main_linesize, overlay_linesize, overlay_w, overlay_h,
                 alpha_linesize, alpha_adj_x, alpha_adj_y):
    """Overlay_Cuda: main = a ov + (1 - a) main over the overlay's rectangle, a = alpha / 255 (1 without an
    alpha plane), float32, truncated to a byte."""
    m = np.asarray(main).reshape(-1).copy()
    ov = np.asarray(overlay).reshape(-1)
    al = np.asarray(alpha).reshape(-1)
    f = np.float32
    for oy in range(overlay_h):
        for ox in range(overlay_w):
            x, y = x_position + ox, y_position + oy
            a = f(1.0)
            if alpha_linesize:
                a = f(f(al[alpha_adj_x * ox + alpha_adj_y * oy * alpha_linesize]) / f(255))
            v = f(a * f(ov[ox + oy * overlay_linesize])) + f(f(f(1) - a) * f(m[x + y * main_linesize]))
            m[x + y * main_linesize] = min(max(int(v), 0), 255)
    return m.reshape(np.asarray(main).shape)


# ---- unseen108: HQQ's unpack / dequantise kernels and bitsandbytes' blockwise quantisation and 32-bit Adam

def _hqq_fields(wq, r):
    """The r values packed in each element, most significant first: 8 // r bits each in a byte (r = 2, 4, 8),
    3 bits each in the low 30 bits of an int32 (r = 10)."""
    x = np.asarray(wq).astype(np.int64).reshape(-1)
    bits = 3 if r == 10 else 8 // r
    return [(x >> ((r - 1 - k) * bits)) & ((1 << bits) - 1) for k in range(r)]


def hqq_unpack(wq, r):
    """unpack_*_kernel: field k of packed element i goes to row block k: out[k * n + i], shape (r * h, w)."""
    h, w = np.asarray(wq).shape
    return np.concatenate(_hqq_fields(wq, r)).astype(np.uint8).reshape(r * h, w)


def hqq_dequant(wq, scale, zero, r):
    """dequantize_*_kernel<float>: W[k * n + i] = (field_k(Wq[i]) - zero[j]) * scale[j], j = i % w (float32; r = 1:
    the byte itself)."""
    h, w = np.asarray(wq).shape
    fields = [np.asarray(wq).astype(np.int64).reshape(-1)] if r == 1 else _hqq_fields(wq, r)
    j = np.arange(h * w) % w
    s, z = np.asarray(scale, np.float32)[j], np.asarray(zero, np.float32)[j]
    return np.concatenate([(f.astype(np.float32) - z) * s for f in fields]).astype(np.float32).reshape(r * h, w)


# the 16 NormalFloat4 levels (QLoRA's NF4 data type; bitsandbytes' table)
BNB_NF4 = np.array([-1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453, -0.28444138169288635,
                    -0.18477343022823334, -0.09105003625154495, 0.0, 0.07958029955625534, 0.16093020141124725,
                    0.24611230194568634, 0.33791524171829224, 0.44070982933044434, 0.5626170039176941,
                    0.7229568362236023, 1.0], dtype=np.float32)


def bnb_absmax(a, bs):
    """The absolute maximum of each block of bs values (the last block may be shorter)."""
    a = np.abs(np.asarray(a, np.float32))
    return np.array([a[i:i + bs].max() for i in range(0, a.size, bs)], dtype=np.float32)


def _bnb_nearest_code(code, x):
    """kQuantizeBlockwise's 8-bit code: dQuantize<0>'s seven-step binary search over the sorted 256-entry code
    (pivot 127, steps 64 .. 1), then the nearer of the last pivot and its bracketing neighbour by the float32
    midpoint."""
    f = np.float32
    pivot, up, lo = 127, 255, 0
    lower, upper = f(-1.0), f(1.0)
    val = code[pivot]
    i = 64
    while i > 0:
        if x > val:
            lo, lower, pivot = pivot, val, pivot + i
        else:
            up, upper, pivot = pivot, val, pivot - i
        val = code[pivot]
        i >>= 1
    if up == 255:
        upper = code[up]
    if lo == 0:
        lower = code[lo]
    if x > val:
        return up if x > f(f(upper + val) * f(0.5)) else pivot
    return lo if x < f(f(lower + val) * f(0.5)) else pivot


def _bnb_nf4(x):
    """The nearest NF4 level's index: x above the float32 midpoint between two levels goes to the upper one."""
    mid = ((BNB_NF4[:-1].astype(np.float64) + BNB_NF4[1:]) / 2).astype(np.float32)
    return int(np.sum(x > mid))


def bnb_quantize(code, a, bs, kind):
    """kQuantizeBlockwise: each block of bs values scaled by float32(1 / absmax), then the nearest 8-bit code index
    ('General8bit', one byte a value) or two NF4 indices a byte, the first value in the high nibble ('NF4')."""
    code = np.asarray(code, np.float32)
    a = np.asarray(a, np.float32)
    mx = bnb_absmax(a, bs)
    f = np.float32
    q = []
    for k, v in enumerate(a):
        x = f(v * f(f(1.0) / mx[k // bs]))
        q.append(_bnb_nearest_code(code, x) if kind == "General8bit" else _bnb_nf4(x))
    q = np.array(q, dtype=np.int64)
    if kind == "General8bit":
        return q.astype(np.uint8)
    return ((q[0::2] << 4) | q[1::2]).astype(np.uint8)


def bnb_dequantize(code, a, absmax, bs, kind, n):
    """kDequantizeBlockwise: value k = code[byte] (General8bit) or NF4[nibble] (high nibble first) times the
    absmax of value k's block of bs values, float32."""
    a = np.asarray(a).astype(np.int64)
    idx = a if kind == "General8bit" else np.stack([a >> 4, a & 15], axis=1).reshape(-1)
    table = np.asarray(code, np.float32) if kind == "General8bit" else BNB_NF4
    absmax = np.asarray(absmax, np.float32)
    return (table[idx[:n]] * absmax[np.arange(n) // bs]).astype(np.float32)


def _bnb_f32(*v):
    return [float(np.float32(x)) for x in v]


def bnb_adam_unorm(g, s1, s2, beta1, beta2, eps, step, gnorm_scale):
    """kPreconditionOptimizer32bit2State (ADAM): the sum over all values of u^2, u = m_hat / (sqrt(v_hat) + eps),
    m = beta1 s1 + (1 - beta1) g', v = beta2 s2 + (1 - beta2) g'^2, g' = gnorm_scale g, hats with the bias
    corrections 1 / (1 - beta^step) (computed in float32, as the kernel does; the rest in float64)."""
    beta1, beta2, eps, gnorm_scale = _bnb_f32(beta1, beta2, eps, gnorm_scale)
    f = np.float32
    c1 = float(f(1.0) / (f(1.0) - f(np.float32(beta1) ** f(step))))
    c2 = float(f(1.0) / (f(1.0) - f(np.float32(beta2) ** f(step))))
    gp = np.float32(gnorm_scale) * np.asarray(g, np.float32)
    gp = gp.astype(np.float64)
    m = np.asarray(s1, np.float64) * beta1 + (1 - beta1) * gp
    v = np.asarray(s2, np.float64) * beta2 + (1 - beta2) * gp * gp
    u = (m * c1) / (np.sqrt(v * c2) + eps)
    return np.array([np.sum(u * u)], dtype=np.float32)


def bnb_adam(g, p, s1, s2, unorm, max_unorm, param_norm, beta1, beta2, eps, weight_decay, step, lr, gnorm_scale):
    """kOptimizer32bit2State (ADAM): (p, state1, state2) after one step: the update clipped by
    update_scale = max_unorm param_norm / sqrt(unorm) when that is below 1, step_size = -lr sqrt(1 - beta2^t) /
    (1 - beta1^t), p += update_scale step_size m / (sqrt(v) + eps sqrt(1 - beta2^t)), then p *= 1 - lr wd."""
    beta1, beta2, eps, weight_decay, lr, gnorm_scale = _bnb_f32(beta1, beta2, eps, weight_decay, lr, gnorm_scale)
    f = np.float32
    c1 = float(f(1.0) - f(np.float32(beta1) ** f(step)))
    c2 = float(np.sqrt(f(1.0) - f(np.float32(beta2) ** f(step))))
    step_size = -lr * c2 / c1
    scale = 1.0
    if max_unorm > 0 and np.sqrt(unorm) > max_unorm * param_norm:
        scale = max_unorm * param_norm / np.sqrt(unorm)
    gp = (np.float32(gnorm_scale) * np.asarray(g, np.float32)).astype(np.float64)
    m = np.asarray(s1, np.float64) * beta1 + (1 - beta1) * gp
    v = np.asarray(s2, np.float64) * beta2 + (1 - beta2) * gp * gp
    pn = np.asarray(p, np.float64) + scale * step_size * (m / (np.sqrt(v) + eps * c2))
    if weight_decay > 0:
        pn = pn * (1 - lr * weight_decay)
    return pn.astype(np.float32), m.astype(np.float32), v.astype(np.float32)
# ---- unseen104: GPUSorting's DeviceRadixSort (b0nes164/GPUSorting; gpusort_) and GPUPrefixSums' reduce-then-scan
# and chained scan with decoupled lookback (b0nes164/GPUPrefixSums; gpupfx_). Written from the algorithms: an LSD
# radix pass is a stable counting sort by one 8-bit digit; a prefix sum is np.cumsum. Unsigned 32-bit wrap-around.

GPUSORT_PART = 7680          # BIN_PART_SIZE = PART_SIZE: keys per thread block in Upsweep and the Downsweeps


def gpusort_digit(keys, shift):
    return (np.asarray(keys).astype(np.uint64) >> np.uint64(shift)) & np.uint64(255)


def gpusort_block_counts(keys, size, shift):
    """(256, blocks): how many of each partition tile's keys (7680 a block, the last one partial) have each digit."""
    d = gpusort_digit(np.asarray(keys).reshape(-1)[:size], shift).astype(np.int64)
    blocks = -(-size // GPUSORT_PART)
    out = np.zeros((256, blocks), dtype=np.uint64)
    for b in range(blocks):
        out[:, b] = np.bincount(d[b * GPUSORT_PART:(b + 1) * GPUSORT_PART], minlength=256)
    return out


def gpusort_global_hist(keys, size, shift, global_hist):
    """Upsweep's globalHist: the 256 digits' exclusive prefix sum over every key, added at radixShift * 32."""
    gh = np.asarray(global_hist).astype(np.uint64).reshape(-1).copy()
    total = gpusort_block_counts(keys, size, shift).sum(axis=1)
    gh[shift * 32:shift * 32 + 256] += np.cumsum(total) - total
    return (gh & np.uint64(0xFFFFFFFF)).astype(np.uint32)


def gpusort_pass_hist(keys, size, shift):
    """Upsweep's passHist: digit d's count in block b at d * blocks + b."""
    return gpusort_block_counts(keys, size, shift).reshape(-1).astype(np.uint32)


def gpusort_scan_pass_hist(pass_hist, blocks):
    """Scan (one block a digit): each digit's row of per-block counts, exclusive prefix sum over the blocks."""
    h = np.asarray(pass_hist).astype(np.uint64).reshape(256, blocks)
    return ((np.cumsum(h, axis=1) - h) & np.uint64(0xFFFFFFFF)).astype(np.uint32).reshape(-1)


def gpusort_scanned_pass_hist(keys, size, shift):
    """passHist as Scan leaves it for the Downsweep: per digit, the keys of that digit in earlier blocks."""
    blocks = -(-size // GPUSORT_PART)
    return gpusort_scan_pass_hist(gpusort_pass_hist(keys, size, shift), blocks)


def gpusort_pass_order(keys, size, shift):
    """The permutation of one LSD pass: stable by the digit at radixShift."""
    return np.argsort(gpusort_digit(np.asarray(keys).reshape(-1)[:size], shift), kind="stable")


def gpusort_pass(keys, size, shift):
    k = np.asarray(keys).reshape(-1)[:size]
    return k[gpusort_pass_order(keys, size, shift)]


GPUPFX_PART = 4096           # WARPS (8) x 32 lanes x PER_THREAD (4) uint4 = 4096 uint32 a thread block


def gpupfx_block_sums(scan, size):
    """Each 4096-element partition's sum (the last one partial), uint32 wrap-around."""
    s = np.asarray(scan).astype(np.uint64).reshape(-1)[:size]
    blocks = -(-size // GPUPFX_PART)
    out = np.array([s[b * GPUPFX_PART:(b + 1) * GPUPFX_PART].sum() for b in range(blocks)], dtype=np.uint64)
    return (out & np.uint64(0xFFFFFFFF)).astype(np.uint32)


def gpupfx_inclusive(x):
    x = np.asarray(x).astype(np.uint64).reshape(-1)
    return (np.cumsum(x) & np.uint64(0xFFFFFFFF)).astype(np.uint32)


def gpupfx_exclusive(x):
    x = np.asarray(x).astype(np.uint64).reshape(-1)
    return ((np.cumsum(x) - x) & np.uint64(0xFFFFFFFF)).astype(np.uint32)


def gpupfx_csdl_flags(scan, size):
    """CSDL's threadBlockReduction as the scan leaves it: every tile FLAG_INCLUSIVE (2) | its inclusive sum << 2."""
    inc = gpupfx_inclusive(gpupfx_block_sums(scan, size)).astype(np.uint64)
    return (((inc << np.uint64(2)) | np.uint64(2)) & np.uint64(0xFFFFFFFF)).astype(np.uint32)
# ---- unseen107: imgdistort (affine warp, grey-scale morphology) and OpenCV's CUDA Hough lines ----

def _imgd_guard(c, lo, hi):
    """The sample positions where imgdistort's blinterp jumps (truncation at -1, nothing to the right of hi)."""
    for edge in (lo, hi):
        if abs(c - edge) < 1e-3:
            raise ValueError(f"sample position {c} within 1e-3 of {edge}: choose another matrix")


def imgd_affine(src, M, N, C, H, W, Mn, dtype=np.float32):
    """kernel_affine_NCHW: dst(x, y) = blinterp(src, iM (x, y, 1)) with iM the inverse of the image's affine
    matrix (inverted in double, stored as T); blinterp in float32: x_i = trunc(x), a = |x - x_i|, the in-range
    corners' weights, normalised by their sum (0 when none is in range)."""
    T = np.dtype(dtype).type
    s = np.asarray(src, np.float64).reshape(N, C, H, W)
    out = np.zeros((N, C, H, W), np.float64)
    f = np.float32
    for n in range(N):
        m = np.asarray(M, np.float64).reshape(-1, 6)[n % Mn]
        det = m[0] * m[4] - m[1] * m[3]
        D = 1.0 / det if m[0] * m[4] != m[1] * m[3] else 0.0
        a11, a12, a21, a22 = m[4] * D, -m[1] * D, -m[3] * D, m[0] * D
        im = [T(a11), T(a12), T(-a11 * m[2] - a12 * m[5]), T(a21), T(a22), T(-a21 * m[2] - a22 * m[5])]
        for y in range(H):
            for x in range(W):
                rx = f(im[0] * T(x) + im[1] * T(y) + im[2])
                ry = f(im[3] * T(x) + im[4] * T(y) + im[5])
                _imgd_guard(float(rx), -1.0, W)
                _imgd_guard(float(ry), -1.0, H)
                xi, yi = int(rx), int(ry)
                a, b = abs(float(rx) - xi), abs(float(ry) - yi)
                for c in range(C):
                    v = wsum = 0.0
                    for dx, dy, w in ((0, 0, (1 - a) * (1 - b)), (1, 0, a * (1 - b)), (0, 1, (1 - a) * b), (1, 1, a * b)):
                        if 0 <= xi + dx < W and 0 <= yi + dy < H:
                            v += w * s[n, c, yi + dy, xi + dx]
                            wsum += w
                    out[n, c, y, x] = v / wsum if wsum > 0 else 0.0
    return out.reshape(np.asarray(src).shape)


def imgd_morph(S, Mask, N, C, H, W, Mn, Mh, Mw, dilate):
    """kernel_dilate_or_erode_NCHW: the max (dilate) or min (erode) over the structuring element's true cells,
    centred at (Mw / 2, Mh / 2), outside the image the pad value (-inf for dilate, +inf for erode)."""
    s = np.asarray(S, np.float64).reshape(N, C, H, W)
    pad = -np.inf if dilate else np.inf
    out = np.full((N, C, H, W), pad)
    for n in range(N):
        m = np.asarray(Mask).reshape(-1)[(n % Mn) * Mh * Mw:(n % Mn + 1) * Mh * Mw].reshape(Mh, Mw)
        P = np.full((C, H + Mh - 1, W + Mw - 1), pad)
        P[:, Mh // 2:Mh // 2 + H, Mw // 2:Mw // 2 + W] = s[n]
        for ki in range(Mh):
            for kj in range(Mw):
                if m[ki, kj]:
                    win = P[:, ki:ki + H, kj:kj + W]
                    out[n] = np.maximum(out[n], win) if dilate else np.minimum(out[n], win)
    return out.reshape(np.asarray(S).shape)


def ocvh_point_list(src, cols, rows):
    """buildPointList: the non-zero pixels of the first cols bytes of each row as (y << 16) | x, sorted (the
    kernel's order depends on its atomics)."""
    img = np.asarray(src)[:rows, :cols]
    ys, xs = np.nonzero(img)
    return np.sort(((ys.astype(np.uint64) << 16) | xs.astype(np.uint64)).astype(np.uint32))


def _ocvh_r(x, y, n, theta, irho):
    """linesAccum's rho index before the shift: rint(x cos + y sin) with sincosf of float32(n * theta)
    scaled by irho in float32; also the distance of x cos + y sin from a rounding tie."""
    f = np.float32
    ang = f(f(n) * f(theta))
    s, c = f(f(np.sin(np.float64(ang))) * f(irho)), f(f(np.cos(np.float64(ang))) * f(irho))
    v = float(x) * float(c) + float(y) * float(s)
    return int(np.rint(v)), abs(abs(v - np.floor(v)) - 0.5)


def ocvh_clean_points(rng, cols, rows, numangle, theta, n):
    """An input point list for linesAccum: n distinct random pixels of a cols x rows image, packed
    (y << 16) | x, keeping only those whose x cos + y sin is at least 1e-3 from a rounding tie at every
    angle (so that sincosf's and the sum's last bits cannot move a vote)."""
    pts = []
    for p in rng.permutation(cols * rows):
        x, y = int(p % cols), int(p // cols)
        if all(_ocvh_r(x, y, k, theta, 1.0)[1] > 1e-3 for k in range(numangle)):
            pts.append((y << 16) | x)
        if len(pts) == n:
            break
    return np.array(pts, np.uint32)


def ocvh_lines_accum(lst, numangle, numrho, theta, irho, step_elems):
    """linesAccum (global and shared): accum[n + 1][r + shift + 1] += 1 for every point and angle n, the
    (numangle + 2) x step_elems int array zero elsewhere."""
    acc = np.zeros((numangle + 2, step_elems), np.int64)
    shift = (numrho - 1) // 2
    for val in np.asarray(lst).reshape(-1):
        x, y = int(val) & 0xFFFF, (int(val) >> 16) & 0xFFFF
        for n in range(numangle):
            acc[n + 1, _ocvh_r(x, y, n, theta, irho)[0] + shift + 1] += 1
    return acc


def ocvh_lines_result(accum, numangle, numrho, rho, theta, threshold):
    """linesGetResult: every (r, n) whose votes exceed the threshold, its left and upper neighbours and are at
    least its right and lower ones, as rows (votes, radius, angle) sorted (the kernel's order is its atomics')."""
    A = np.asarray(accum).astype(np.int64)
    f = np.float32
    rows = []
    for n in range(numangle):
        for r in range(numrho):
            v = A[n + 1, r + 1]
            if v > threshold and v > A[n + 1, r] and v >= A[n + 1, r + 2] and v > A[n, r + 1] and v >= A[n + 2, r + 1]:
                rows.append((v, float(f(f(f(r) - f(f(numrho - 1) * f(0.5))) * f(rho))), float(f(f(n) * f(theta)))))
    return np.array(sorted(rows), np.float64).reshape(-1, 3)


def ocvh_sorted_lines(out, votes, count):
    """linesGetResult's first count results as rows (votes, radius, angle), sorted."""
    k = int(count)
    o = np.asarray(out, np.float64).reshape(-1, 2)[:k]
    rows = sorted(zip(np.asarray(votes)[:k].astype(np.float64), o[:, 0], o[:, 1]))
    return np.array(rows, np.float64).reshape(-1, 3)
# ---------------------------------------------------------------- unseen105: cuSZ's quantisation-code histograms and
# cuSZp's 1-D float32 compressor. Written from the algorithms (a histogram is a bincount; cuSZp's format as its
# paper and code describe it: quantise to 2 eb steps, optionally a Lorenzo delta within each 32-value block, one
# width byte per block, then for each non-zero block a big-endian sign word and `width` bit planes of 4 bytes), not
# from the emulator.

def cuszh_codes(n, nbin, seed=105):
    """Quantisation codes as a Lorenzo predictor leaves them: centred on nbin / 2 (cuSZ's radius), all in range."""
    r = np.random.default_rng(seed)
    return np.clip(np.rint(r.normal(nbin // 2, nbin / 24, n)), 0, nbin - 1).astype(np.int64)


def cuszh_freq(codes, nbin):
    """Symbol frequencies: every code counted once, whatever the partition into warps and blocks."""
    return np.bincount(np.asarray(codes, dtype=np.int64).reshape(-1), minlength=nbin)[:nbin]


def cuszp_field(n, seed=105):
    """A smooth float32 field (two sines with a little noise, values within +-1) with an exact-zero stretch
    (values 1000..2999), so that some 32-value blocks quantise to all zeros (width 0, no payload)."""
    r = np.random.default_rng(seed)
    k = np.arange(n)
    x = 0.7 * np.sin(2 * np.pi * k / 997.0) + 0.2 * np.cos(2 * np.pi * k / 131.0) + 0.01 * r.standard_normal(n)
    x[1000:3000] = 0.0
    return x.astype(np.float32)


def _cuszp_quant(x, eb):
    """quantization(): r = x * (0.5f / eb) in float32; q = (int)(r + 0.5f) (towards zero) - (r < -0.5)."""
    f = np.float32
    recip = f(f(0.5) / f(eb))
    r = (np.asarray(x, dtype=f) * recip).astype(f)
    t = (r + f(0.5)).astype(f)
    return np.trunc(t).astype(np.int64) - (~(r >= f(-0.5))).astype(np.int64)


def _cuszp_blocks(x, eb, mode):
    """Per 32-value block (the data padded with zero codes to whole 32 x 1024-value thread blocks): the signed
    values coded (the quantisation codes, or for "plain" each code minus the previous one of its block, the first
    minus 0), and the grid size."""
    n = len(x)
    chunk = 32 * 1024
    grid = (n + chunk - 1) // chunk
    q = np.zeros(grid * chunk, np.int64)
    q[:n] = _cuszp_quant(x, eb)
    b = q.reshape(-1, 32)
    if mode == "plain":
        d = b.copy()
        d[:, 1:] -= b[:, :-1]
        d = d.reshape(-1)
        d[n:] = 0                          # the values past nbEle are zeros of absQuant, not deltas
        b = d.reshape(-1, 32)
    return b, grid


def cuszp_compress(x, eb, mode, out):
    """cuSZp's compressed bytes, cmpOffset, locOffset and flag after one compression launch.
    out: "cmp" (the bytes written over a zeroed buffer of 4 n), "cmpOffset", "locOffset" or "flag"."""
    x = np.asarray(x, dtype=np.float32).reshape(-1)
    n = len(x)
    b, grid = _cuszp_blocks(x, eb, mode)
    a = np.abs(b)
    width = np.array([int(m).bit_length() for m in a.max(axis=1)])
    rate_ofs = len(width)                  # one width byte per 32-value block of the padded data
    size = np.where(width > 0, 4 + 4 * width, 0)
    cmp = np.zeros(4 * n, np.uint8)
    cmp[:rate_ofs] = width
    pos = rate_ofs
    for k in np.nonzero(width)[0]:
        sign = sum(1 << (31 - i) for i in range(32) if b[k, i] < 0)
        cmp[pos:pos + 4] = [(sign >> 24) & 255, (sign >> 16) & 255, (sign >> 8) & 255, sign & 255]
        pos += 4
        for bit in range(width[k]):
            plane = (a[k] >> bit) & 1       # element 8 j + m is bit 7 - m of byte j
            cmp[pos:pos + 4] = [int("".join(str(v) for v in plane[8 * j:8 * j + 8]), 2) for j in range(4)]
            pos += 4
    per_tb = size.reshape(grid, 1024).sum(axis=1)
    loc = np.zeros(grid + 1, np.int64)
    loc[1:] = per_tb
    cmpofs = np.zeros(grid + 1, np.int64)
    cmpofs[1:grid] = np.cumsum(per_tb)[:-1]
    if grid > 1:                            # the last thread block writes the total (the first never does)
        cmpofs[grid] = per_tb.sum()
    flag = np.array([2] * grid + [1])
    return {"cmp": cmp, "cmpOffset": cmpofs, "locOffset": loc, "flag": flag}[out]


def cuszp_decompress(x, eb, mode, out):
    """What one decompression launch leaves: "dec", the reconstruction currQuant * eb * 2 (float32, the codes
    cuszp_compress coded, summed back within each block for "plain"); the offsets and flags as the compression
    leaves them except cmpOffset[grid], which the decompression does not write."""
    x = np.asarray(x, dtype=np.float32).reshape(-1)
    n = len(x)
    f = np.float32
    q = _cuszp_quant(x, eb)                  # the codes; plain's deltas sum back to them exactly
    if out == "dec":
        return ((q.astype(f) * f(eb)).astype(f) * f(2)).astype(f)
    v = cuszp_compress(x, eb, mode, out)
    if out == "cmpOffset":
        v = v.copy()
        v[-1] = 0
    return v
# ---- unseen110: MNN's CUDA LayerNorm (mnncu_) and TNN's CUDA LayerNorm / InstanceNorm (tnncu_)

def _norm_rows64(x, eps):
    """Each row of x (float64) minus its mean, over sqrt(population variance + eps)."""
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps)


def mnncu_layernorm(x, gamma, beta, eps=1e-5):
    """LayerNorm of each row (LayerNorm, not RMSNorm): (x - mean) / sqrt(var + eps) * gamma + beta, in float64."""
    x = np.asarray(x, np.float64)
    y = _norm_rows64(x, eps) * np.asarray(gamma, np.float64)[None, :] + np.asarray(beta, np.float64)[None, :]
    return y.astype(np.float32)


def mnncu_layernorm_c4(x, gamma, beta, inside, eps=1e-5, out=None):
    """layernorm_c4 on rows of rowStride floats, the first `inside` of them the channels: their LayerNorm, the
    padding columns left as they were (out's; zeros where out is not given)."""
    x = np.asarray(x, np.float32)
    res = np.zeros_like(x) if out is None else np.array(out, np.float32)
    res[:, :inside] = mnncu_layernorm(x[:, :inside], gamma, beta, eps)
    return res


def mnncu_binary_sum(x0, x1, inside, out=None):
    """binary_layernorm_c4's sumOut: the float32 sum of the two inputs over the first `inside` columns."""
    x0, x1 = np.asarray(x0, np.float32), np.asarray(x1, np.float32)
    res = np.zeros_like(x0) if out is None else np.array(out, np.float32)
    res[:, :inside] = x0[:, :inside] + x1[:, :inside]
    return res


def mnncu_binary_norm(x0, x1, gamma, beta, inside, eps=1e-5, out=None):
    """binary_layernorm_c4's normOut: the LayerNorm of the float32 sum of the two inputs (its first `inside` columns)."""
    s = np.asarray(x0, np.float32)[:, :inside] + np.asarray(x1, np.float32)[:, :inside]
    res = np.zeros_like(np.asarray(x0, np.float32)) if out is None else np.array(out, np.float32)
    res[:, :inside] = mnncu_layernorm(s, gamma, beta, eps)
    return res


def tnncu_layer_norm(x, scale, bias, eps=1e-5):
    """TNN's layer_norm_kernel: each row normalised (population variance), times scale plus bias (per column),
    computed in float64 and rounded to the input's type (float32 or float16)."""
    dt = np.asarray(x).dtype
    x64 = np.asarray(x, np.float64)
    y = _norm_rows64(x64, eps) * np.asarray(scale, np.float64)[None, :] + np.asarray(bias, np.float64)[None, :]
    return y.astype(dt)


def tnncu_instance_norm(x, gamma, beta, channels, eps=1e-5):
    """TNN's instance_norm_kernel: each plane (row of x, [num * channels, h * w]) normalised, times gamma[c] plus
    beta[c], c = plane % channels; float64, rounded to the input's type."""
    dt = np.asarray(x).dtype
    x64 = np.asarray(x, np.float64)
    c = np.arange(x64.shape[0]) % channels
    g = np.asarray(gamma, np.float64)[c][:, None]
    b = np.asarray(beta, np.float64)[c][:, None]
    return (_norm_rows64(x64, eps) * g + b).astype(dt)
# ---- unseen106: cuFINUFFT's 1-D spreading / interpolation (cufi1d_) and BART's GPU gridding (bartgrid_),
# written from the algorithms (the ES kernel exp(beta sqrt(1 - c d^2)) on |d| < ns / 2; bin sorting by
# floor(x / bin_size); Kaiser-Bessel gridding through a linearly interpolated table; the roll-off correction
# 1 / (ftkb(beta, x width) width) I0(beta) per axis; linear phases exp(i (cn + sum_n pos_n shift_n))).

def cufi1d_points(m=300, nf1=128):
    """The non-uniform points: m float32 coordinates in [0, nf1) (pirange 0), a fixed generator."""
    return np.random.default_rng(106).uniform(0, nf1, m).astype(np.float32)


def cufi1d_strengths(m=300, seed=1061):
    return np.random.default_rng(seed).uniform(-1, 1, (m, 2)).astype(np.float32)


def cufi1d_bins(x, bin_size_x, nbinx):
    b = np.floor(np.asarray(x, np.float32) / np.float32(bin_size_x)).astype(np.int64)
    b = np.where(b >= nbinx, b - 1, b)
    return np.where(b < 0, 0, b)


def cufi1d_bin_sizes(x, bin_size_x, nbinx):
    return np.bincount(cufi1d_bins(x, bin_size_x, nbinx), minlength=nbinx).astype(np.int32)


def cufi1d_ranks(x, bin_size_x, nbinx):
    """A point's rank among its bin's points in index order (one valid sortidx; the atomics may give another)."""
    b = cufi1d_bins(x, bin_size_x, nbinx)
    r = np.zeros(len(b), np.int32)
    seen = np.zeros(nbinx, np.int64)
    for i, k in enumerate(b):
        r[i] = seen[k]
        seen[k] += 1
    return r


def cufi1d_ranks_by_bin(x, sortidx, bin_size_x, nbinx):
    """sortidx grouped by bin, each group sorted: 0 .. count - 1 per bin whatever order the atomics took."""
    b = cufi1d_bins(x, bin_size_x, nbinx)
    s = np.asarray(sortidx).astype(np.int64)
    return np.concatenate([np.sort(s[b == k]) for k in range(nbinx)])


def cufi1d_ranks_expected(x, bin_size_x, nbinx):
    return np.concatenate([np.arange(n) for n in cufi1d_bin_sizes(x, bin_size_x, nbinx)])


def cufi1d_bin_starts(x, bin_size_x, nbinx):
    n = cufi1d_bin_sizes(x, bin_size_x, nbinx)
    return (np.cumsum(n) - n).astype(np.int32)


def cufi1d_sorted_index(x, bin_size_x, nbinx):
    """index[bin_start[b] + rank] = i: the points by bin, in index order within a bin."""
    return np.argsort(cufi1d_bins(x, bin_size_x, nbinx), kind="stable").astype(np.int32)


def cufi1d_subprobs(x, bin_size_x, nbinx, maxsubprobsize):
    """(numsubprob, subprobstartpts (nbinx + 1), subprob_to_bin) as the host's CalcSubProb_1d, scan and
    MapBintoSubProb_1d build them."""
    n = cufi1d_bin_sizes(x, bin_size_x, nbinx)
    num = -(-n // maxsubprobsize)
    start = np.concatenate([[0], np.cumsum(num)])
    to_bin = np.repeat(np.arange(nbinx), num)
    return num.astype(np.int32), start.astype(np.int32), to_bin.astype(np.int32)


def _cufi1d_window(xr, ns, es_c, es_beta):
    """The grid points and ES kernel values of one point at x (float64 arithmetic)."""
    xs = int(np.ceil(xr - ns / 2.0))
    xe = int(np.floor(xr + ns / 2.0))
    g = np.arange(xs, xe + 1)
    d = np.abs(g - np.float64(xr))
    k = np.where(d < ns / 2.0, np.exp(es_beta * np.sqrt(np.maximum(1.0 - es_c * d * d, 0.0))), 0.0)
    return g, k


def cufi1d_spread(x, c, nf1, ns, es_c, es_beta):
    """Type-1 spreading: fw[j] = sum_i c_i phi(j - x_i), j taken modulo nf1."""
    fw = np.zeros(nf1, np.complex128)
    cc = np.asarray(c, np.float64)
    for xi, (re, im) in zip(np.asarray(x, np.float32), cc):
        g, k = _cufi1d_window(float(xi), ns, float(np.float32(es_c)), float(np.float32(es_beta)))
        np.add.at(fw, g % nf1, (re + 1j * im) * k)
    return np.stack([fw.real, fw.imag], -1)


def cufi1d_interp(x, fw, nf1, ns, es_c, es_beta):
    """Type-2 interpolation: c_i = sum_j fw[j mod nf1] phi(j - x_i)."""
    f = np.asarray(fw, np.float64)
    f = f[:, 0] + 1j * f[:, 1]
    out = []
    for xi in np.asarray(x, np.float32):
        g, k = _cufi1d_window(float(xi), ns, float(np.float32(es_c)), float(np.float32(es_beta)))
        out.append(np.sum(f[g % nf1] * k))
    out = np.asarray(out)
    return np.stack([out.real, out.imag], -1)


def bartgrid_kb_table(beta, n=1000):
    """BART's kb_precompute: n + 1 values of I0(beta sqrt(1 - (2 x)^2)) / I0(beta), x = i / (n - 1) / 2."""
    x = np.arange(n + 1) / (n - 1) / 2.0
    a = np.sqrt(np.clip(1.0 - (2.0 * x) ** 2, 0.0, None))
    return np.where(x >= 0.5, 0.0, np.i0(beta * a) / np.i0(beta)).astype(np.float32)


def bartgrid_beta(os_, width):
    """BART's calc_beta: pi sqrt(((width / os) (os - 0.5))^2 - 0.8)."""
    return np.pi * np.sqrt(((width / os_) * (os_ - 0.5)) ** 2 - 0.8)


def bartgrid_traj(samples, extent, seed=1062):
    """A 2-D non-Cartesian trajectory: samples x 3 complex coordinates (real parts in [-extent, extent), third 0)."""
    r = np.random.default_rng(seed).uniform(-extent, extent, (samples, 2))
    t = np.zeros((samples, 3, 2), np.float32)
    t[:, :2, 0] = r
    return t


def _bartgrid_lookup(table, d):
    """intlookup: the table linearly interpolated at 2 d (n - 1)."""
    n = len(table) - 1
    t = np.asarray(table, np.float64)
    u = 2.0 * d * (n - 1)
    i = np.floor(u).astype(np.int64)
    f = u - i
    return (1.0 - f) * t[i] + f * t[np.minimum(i + 1, n)]


def _bartgrid_windows(traj, gdims, os_, width, table):
    """For each sample: the grid cells (flat indices into one coil's grid, periodic) and weights (2-D, z = 0)."""
    out = []
    for s in np.asarray(traj, np.float32):
        idx_w = []
        axes = []
        for j in range(2):
            pos = np.float32(np.float32(os_) * s[j, 0]) + gdims[j] / 2.0
            pos = float(np.float32(pos))
            lo, hi = int(np.ceil(pos - 0.5 * width)), int(np.floor(pos + 0.5 * width))
            g = np.arange(lo, hi + 1)
            w = _bartgrid_lookup(table, np.abs(g - pos) / width)
            axes.append((g % gdims[j], w))
        (gx, wx), (gy, wy) = axes
        w0 = _bartgrid_lookup(table, np.zeros(1))[0]           # the z axis: one cell, distance 0
        cells = (gy[:, None] * gdims[0] + gx[None, :]).reshape(-1)
        weights = (wy[:, None] * wx[None, :] * w0).reshape(-1)
        out.append((cells, weights))
    return out


def bartgrid_grid(traj, ksp, gdims, ch, os_, width, table):
    """kern_grid: every coil's samples spread onto its grid with the tabulated Kaiser-Bessel weights."""
    g = np.zeros((ch, gdims[1] * gdims[0]), np.complex128)
    k = np.asarray(ksp, np.float64)
    k = k[..., 0] + 1j * k[..., 1]
    for i, (cells, w) in enumerate(_bartgrid_windows(traj, gdims, os_, width, table)):
        for c in range(ch):
            np.add.at(g[c], cells, k[c, i] * w)
    g = g.reshape(ch, gdims[1], gdims[0])
    return np.stack([g.real, g.imag], -1)


def bartgrid_gridH(traj, grid, gdims, ch, os_, width, table):
    """kern_gridH: each sample the weighted sum of its window of its coil's grid (the adjoint)."""
    gr = np.asarray(grid, np.float64).reshape(ch, gdims[1] * gdims[0], 2)
    gr = gr[..., 0] + 1j * gr[..., 1]
    wins = _bartgrid_windows(traj, gdims, os_, width, table)
    out = np.array([[np.sum(gr[c, cells] * w) for (cells, w) in wins] for c in range(ch)])
    return np.stack([out.real, out.imag], -1)


def bartgrid_rolloff(src, dims, os_, width, beta, bessel_beta):
    """kern_apply_rolloff_correction: each pixel times prod_axis 1 / (ftkb(beta, p width) width) I0(beta),
    p = ((i - d / 2) / d) / os per axis of more than one pixel; ftkb(b, x) = sinh(sqrt(a)) / sqrt(a), a = b^2 - (pi x)^2
    (sin for a < 0)."""
    def ftkb(b, x):
        a = b * b - (np.pi * x) ** 2
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(a > 0, np.sinh(np.sqrt(np.abs(a))) / np.sqrt(np.abs(a)),
                            np.where(a < 0, np.sin(np.sqrt(np.abs(a))) / np.sqrt(np.abs(a)), 1.0))

    def axis(d):
        if d == 1:
            return np.ones(1)
        i = np.arange(d)
        p = ((i - d / 2.0) / d).astype(np.float32)
        p = (p / np.float32(os_)).astype(np.float32).astype(np.float64)
        return 1.0 / ftkb(float(np.float32(beta)), p * float(np.float32(width))) / float(np.float32(width)) \
            * float(np.float32(bessel_beta))

    v = axis(dims[2])[:, None, None] * axis(dims[1])[None, :, None] * axis(dims[0])[None, None, :]
    v = v.astype(np.float32).astype(np.float64)
    s = np.asarray(src, np.float64)                # (coils, z, y, x, 2)
    return s * v[None, ..., None]


def bartgrid_linphase(dst, src, dims, shifts, scale, conj, fmac):
    """kern_apply_linphases_3D: src times scale exp(i v), v = cn + sum_n pos_n 2 pi shift_n / dim_n,
    cn = -sum_n pi shift_n (the host's), negated for conj; added to dst for fmac."""
    sh = [np.float32(2.0 * np.pi * np.float32(s) / np.float32(d)) for s, d in zip(shifts, dims[:3])]
    cn = np.float32(0)
    for n in range(3):
        cn = np.float32(cn - sh[n] * np.float32(dims[n]) / 2.0)
    z, y, x = np.meshgrid(np.arange(dims[2]), np.arange(dims[1]), np.arange(dims[0]), indexing="ij")
    v = float(cn) + x * float(sh[0]) + y * float(sh[1]) + z * float(sh[2])
    if conj:
        v = -v
    p = scale * np.exp(1j * v)
    s = np.asarray(src, np.float64)
    out = (s[..., 0] + 1j * s[..., 1]) * p[None]
    if fmac:
        d = np.asarray(dst, np.float64)
        out = out + d[..., 0] + 1j * d[..., 1]
    return np.stack([out.real, out.imag], -1)
# ---- unseen109: Cholla's particle-mesh CIC kernels (cholla_) and Bonsai's direct gravity and block-timestep
# kernels (bonsai_), written from the algorithms (cloud-in-cell weights, the 5-point gradient, the direct N-body sum
# with Plummer softening, the leapfrog-style predictor/corrector, per-block min/sum reductions), not from the emulator.

def _cholla_cic(px, py, pz, x0, dx, ng):
    """Each particle's lower CIC cell (with the ng ghosts added) and its weights delta = 1 - offset / dx."""
    idx, dl = [], []
    for p in (px, py, pz):
        p = np.asarray(p, np.float64)
        i = np.floor((p - x0 - 0.5 * dx) / dx).astype(np.int64)
        centre = x0 + i * dx + 0.5 * dx
        dl.append(1 - (p - centre) / dx)
        idx.append(i + ng)
    return idx, dl


def _cholla_corners(idx, dl):
    """The 8 (flat-index parts, weight) pairs: (ix + a, iy + b, iz + c) with weight prod(delta or 1 - delta)."""
    (ix, iy, iz), (wx, wy, wz) = idx, dl
    for c in (0, 1):
        for b in (0, 1):
            for a in (0, 1):
                w = (wx if a == 0 else 1 - wx) * (wy if b == 0 else 1 - wy) * (wz if c == 0 else 1 - wz)
                yield ix + a, iy + b, iz + c, w


def cholla_density_cic(px, py, pz, mass, n, x0, dx, ng):
    """Get_Density_CIC_Kernel (SINGLE_PARTICLE_MASS): mass / dx^3 spread over the 8 cells around each particle
    on an n^3 grid with ng ghosts a side (z, y, x order)."""
    g = n + 2 * ng
    rho = np.zeros((g, g, g))
    pm = mass * (1.0 / (dx * dx * dx))
    idx, dl = _cholla_cic(px, py, pz, x0, dx, ng)
    for ix, iy, iz, w in _cholla_corners(idx, dl):
        np.add.at(rho, (iz, iy, ix), pm * w)
    return rho


def cholla_gravity_field(phi, n, ng_part, ng_pot, dx, axis):
    """Get_Gravity_Field_Particles_Kernel with GRAVITY_5_POINTS_GRADIENT: -dphi/dx by the 5-point stencil on the
    particle grid (n + 2 ng_part cells a side) from the potential (n + 2 ng_pot a side); axis 0 = x."""
    phi = np.asarray(phi, np.float64)
    gp = n + 2 * ng_part
    s = ng_pot - ng_part
    k = np.arange(gp) + s
    def at(off):
        o = [0, 0, 0]
        o[axis] = off
        return phi[np.ix_(k + o[2], k + o[1], k + o[0])]
    return -1 * (-at(2) + 8 * at(1) - 8 * at(-1) + at(-2)) / (12 * dx)


def cholla_gravity_cic(gx, px, py, pz, x0, dx, ng):
    """Get_Gravity_CIC_Kernel: one field (z, y, x array) interpolated to the particles with the CIC weights."""
    gx = np.asarray(gx, np.float64)
    idx, dl = _cholla_cic(px, py, pz, x0, dx, ng)
    out = np.zeros(len(np.asarray(px)))
    for ix, iy, iz, w in _cholla_corners(idx, dl):
        out += gx[iz, iy, ix] * w
    return out


def cholla_copy_density(src, n, ng):
    """Copy_Particles_Density_Kernel: the n^3 interior of the (n + 2 ng)^3 particle grid."""
    return np.asarray(src)[ng:ng + n, ng:ng + n, ng:ng + n].copy()


def bonsai_bodies(n, rng):
    """Positions in the unit cube, each body's mass 1 / n in w (Bonsai's float4 pos.w)."""
    return np.concatenate([rng.uniform(0.0, 1.0, (n, 3)), np.full((n, 1), 1.0 / n)], axis=1)


def bonsai_direct_gravity(ipos, jpos, eps2):
    """dev_direct_gravity: a_i = sum_j m_j (r_j - r_i) / (|r_j - r_i|^2 + eps2)^(3/2), w = 0 (float64 sums)."""
    ip = np.asarray(ipos, np.float64)
    jp = np.asarray(jpos, np.float64)
    d = jp[None, :, :3] - ip[:, None, :3]
    r2 = (d * d).sum(-1) + eps2
    s = jp[None, :, 3] / (r2 * np.sqrt(r2))
    out = np.zeros((len(ip), 4))
    out[:, :3] = (d * s[..., None]).sum(1)
    return out


def _bonsai_block_of(n, nblocks, bs):
    """The reduction block each element i is read by: blocks take 2 * bs elements, round robin."""
    return (np.arange(n) % (2 * bs * nblocks)) // (2 * bs)


def bonsai_tnext(time, n, nblocks, bs):
    """get_Tnext: each block's minimum of time[i].y over its elements (1e10 where it has none)."""
    t = np.asarray(time, np.float32).reshape(-1, 2)[:n, 1]
    blk = _bonsai_block_of(n, nblocks, bs)
    return np.array([t[blk == b].min() if np.any(blk == b) else np.float32(1.0e10) for b in range(nblocks)],
                    np.float32)


def bonsai_nactive(valid, n, nblocks, bs):
    """get_nactive: each block's sum of valid[i] over its elements."""
    v = np.asarray(valid).astype(np.int64)[:n]
    blk = _bonsai_block_of(n, nblocks, bs)
    return np.array([v[blk == b].sum() for b in range(nblocks)], np.uint32)


def bonsai_energy(pos, vel, acc, n, nblocks, bs):
    """compute_energy_double: per block, (sum m/2 |v|^2, sum m/2 acc.w) in double, |v|^2 in float."""
    p = np.asarray(pos, np.float32)[:n]
    v = np.asarray(vel, np.float32)[:n]
    a = np.asarray(acc, np.float32)[:n]
    v2 = (v[:, 0] * v[:, 0] + v[:, 1] * v[:, 1] + v[:, 2] * v[:, 2]).astype(np.float64)
    kin = p[:, 3].astype(np.float64) * 0.5 * v2
    pot = p[:, 3].astype(np.float64) * 0.5 * a[:, 3].astype(np.float64)
    blk = _bonsai_block_of(n, nblocks, bs)
    return np.array([[kin[blk == b].sum(), pot[blk == b].sum()] for b in range(nblocks)])


def bonsai_predict(pos, vel, acc, time, tc, which):
    """predict_particles with DO_BLOCK_TIMESTEP: dt = tc - time.x; p += v dt + a dt^2 / 2, v += a dt (xyz; w kept)."""
    f = np.float32
    p = np.asarray(pos, f).copy()
    v = np.asarray(vel, f).copy()
    a = np.asarray(acc, f)
    dt = (f(tc) - np.asarray(time, f)[:, 0])[:, None]
    p[:, :3] = p[:, :3] + v[:, :3] * dt + a[:, :3] * dt * dt * f(0.5)
    v[:, :3] = v[:, :3] + a[:, :3] * dt
    return p if which == "pos" else v


def bonsai_active_groups(time, grp, valid, tc):
    """setActiveGroups: valid[grp[i]] = grp[i] | 1 << 31 for every body whose time.y equals tc."""
    out = np.asarray(valid).astype(np.uint32).copy()
    t = np.asarray(time, np.float32)[:, 1]
    g = np.asarray(grp).astype(np.int64)[t == np.float32(tc)]
    out[g] = (g | (1 << 31)).astype(np.uint32)
    return out


def bonsai_correct(tc, time, active, vel, acc0, acc1, body_h, body_dens, pos, ppos, pvel, unsorted, acc0_new,
                   time_new, which):
    """correct_particles with DO_BLOCK_TIMESTEP: for the active bodies (active == 1), u = unsorted[i]:
    pos = pPos, vel = pVel[u] + (acc1 - acc0[u]) (tc - time[u].x) / 2 (xyz), acc0_new = acc1,
    time_new = time[u], unsorted = i, h *= clamp(0.5 (1 + cbrt(32 / dens.y)), 0.5, 2)."""
    f = np.float32
    act = np.flatnonzero(np.asarray(active) == 1)
    u = np.asarray(unsorted).astype(np.int64)[act]
    time = np.asarray(time, f)
    res = {"pos": np.asarray(pos, f).copy(), "vel": np.asarray(vel, f).copy(),
           "acc0_new": np.asarray(acc0_new, f).copy(), "time_new": np.asarray(time_new, f).copy(),
           "unsorted": np.asarray(unsorted).astype(np.uint32).copy(), "body_h": np.asarray(body_h, f).copy()}
    res["pos"][act] = np.asarray(ppos, f)[act]
    dt = ((f(tc) - time[u, 0]) * f(0.5))[:, None]
    v = np.asarray(pvel, f)[u].copy()
    v[:, :3] = v[:, :3] + (np.asarray(acc1, f)[act, :3] - np.asarray(acc0, f)[u, :3]) * dt
    res["vel"][act] = v
    res["acc0_new"][act] = np.asarray(acc1, f)[act]
    res["time_new"][act] = time[u]
    res["unsorted"][act] = act.astype(np.uint32)
    fs = f(0.5) * (f(1) + np.cbrt(f(32) / np.asarray(body_dens, f)[act, 1]))
    res["body_h"][act] = res["body_h"][act] * np.clip(fs, 0.5, 2.0).astype(f)
    return res[which]


def bonsai_compute_dt(time, active, tc, step):
    """compute_dt: its time-step estimate is overwritten (dt = timeStep, the source's last assignment), so each
    active body's time becomes (tc, tc + timeStep); the others' stays."""
    out = np.asarray(time, np.float32).copy()
    act = np.asarray(active) == 1
    out[act, 0] = np.float32(tc)
    out[act, 1] = np.float32(tc) + np.float32(step)
    return out
# ---------------------------------------------------------------- unseen111: GPU-NTT's four-step NTT pieces
# (gpuntt_ntt_4step.cu) and CAT's 60-bit NTT/INTT kernels (catseal_ntt_60bit.cu), in Python integers. Both reduce
# products by Barrett with one final correction, which these references follow step for step (the truncations to 64
# or 32 bits included), so that a result left in [q, 2q) would be the algorithm's, not a mismatch.

_M32, _M64, _M128 = (1 << 32) - 1, (1 << 64) - 1, (1 << 128) - 1
GPUNTT_Q64 = (1152921504606584833, 1152921504598720513)   # 2^60 - 2^18 + 1 and 2^60 - 2^23 - 2^21 + 1, primes
GPUNTT_Q32 = (998244353, 754974721)                        # 30-bit primes (the 32-bit Barrett's limit is 30 bits)


def _gpuntt_modulus(q, bits):
    """struct Modulus's host constructor: bit = (T) (log2(value) + 1), mu = (T) (2^(2 bit + 1) / value)."""
    bit = int(math.log2(q) + 1)
    return q, bit, ((1 << (2 * bit + 1)) // q) & ((1 << bits) - 1)


def gpuntt_moduli(bits):
    """The kernels' Modulus<T>* table: {value, bit, mu} per modulus, T = uint32 or uint64."""
    qs = GPUNTT_Q32 if bits == 32 else GPUNTT_Q64
    return np.array([_gpuntt_modulus(q, bits) for q in qs], dtype=np.uint32 if bits == 32 else np.uint64)


def gpuntt_poly(rng, batch, n, bits, mod_count=2):
    """batch polynomials of n coefficients, polynomial b reduced below its modulus (b % mod_count)."""
    qs = GPUNTT_Q32 if bits == 32 else GPUNTT_Q64
    dt = np.uint32 if bits == 32 else np.uint64
    return np.stack([rng.integers(0, qs[b % mod_count], n, dtype=np.uint64).astype(dt) for b in range(batch)])


def _gpuntt_mult(a, b, q, bit, mu, bits):
    """OPERATOR_GPU<T>::mult: z = a b, w = ((z >> (bit - 2)) mu) >> (bit + 3), z - w q, one subtraction of q."""
    if bits == 32:
        z = a * b
        w = ((((z >> (bit - 2)) & _M32) * mu) >> (bit + 3)) & _M32
        z = (z - w * q) & _M64
        return (z - q if z >= q else z) & _M32
    z = a * b
    w = ((((z >> (bit - 2)) & _M64) * mu) >> (bit + 3)) & _M64
    z = (z - w * q) & _M128
    r = z & _M64
    return r - q if r >= q else r


def gpuntt_fourstep_t1(x, table, moduli, index1=7):
    """FourStepForwardCoreT1 (n = 2^12): each block takes 1024 coefficients as 32 rows of 32, runs a radix-2
    Cooley-Tukey NTT of 32 points on every row (stages t = 16 .. 1, group i's root table[i]), and writes the
    transposed tile: out[(column << index1) + 32 block + row]."""
    bits = 32 if x.dtype == np.uint32 else 64
    out = np.zeros_like(x)
    for b in range(x.shape[0]):
        q, bit, mu = (int(v) for v in moduli[b % len(moduli)])
        for blk in range(x.shape[1] // 1024):
            for r in range(32):
                row = [int(v) for v in x[b, blk * 1024 + 32 * r: blk * 1024 + 32 * r + 32]]
                t = 16
                while t >= 1:
                    for i in range(16 // t):
                        w = int(table[i])
                        for j in range(2 * i * t, 2 * i * t + t):
                            u, v = row[j], _gpuntt_mult(row[j + t], w, q, bit, mu, bits)
                            s = u + v
                            row[j] = s - q if s >= q else s
                            d = u + q - v
                            row[j + t] = d - q if d >= q else d
                    t //= 2
                for c in range(32):
                    out[b, (c << index1) + 32 * blk + r] = row[c]
    return out


def gpuntt_transpose(x, row, col):
    """Transpose_Batch: each batch's row x col matrix (row-major) transposed to col x row."""
    return np.asarray(x).reshape(-1, row, col).transpose(0, 2, 1).reshape(np.asarray(x).shape)


CAT_Q = (1152921504606584833, 1152921504598720513)


def catseal_mu(q):
    """CAT's callers: mu = (2^(2 bit_count) / q).low, qbit = bit_count."""
    return (1 << (2 * q.bit_length())) // q


def catseal_consts(which, qs=CAT_Q):
    """__constant__ q_cons / mu_cons / q_bit_cons[16], the first len(qs) set (the host's cudaMemcpyToSymbol)."""
    v = {"q": list(qs), "mu": [catseal_mu(q) for q in qs], "bit": [q.bit_length() for q in qs]}[which]
    return np.array(v + [0] * (16 - len(v)), dtype=np.uint32 if which == "bit" else np.uint64)


def catseal_rand(rng, q, shape):
    """Values below q (coefficients, and psi tables: any residues, which the kernels take as they are)."""
    return rng.integers(0, q, shape, dtype=np.uint64)


def catseal_rand_rows(rng, qs, n, rows):
    """rows of n values, row r below qs[r % len(qs)]."""
    return np.concatenate([rng.integers(0, qs[r % len(qs)], n, dtype=np.uint64) for r in range(rows)])


def _catseal_barrett(a, q, mu, qbit):
    """singleBarrett on a 128-bit a: rx = ((a >> (qbit - 2)).low mu) >> (qbit + 2); a -= rx.low q; one
    subtraction of q on the low word; the result is a.low."""
    rx = (((a >> (qbit - 2)) & _M64) * mu) >> (qbit + 2)
    a = (a - (rx & _M64) * q) & _M128
    lo = a & _M64
    return lo - q if lo >= q else lo


def _catseal_ct(a, psi, q, lengths):
    n, qbit, mu = len(a), q.bit_length(), catseal_mu(q)
    a = [int(v) for v in a]
    for m in lengths:
        t = n // (2 * m)
        for i in range(m):
            w = int(psi[m + i])
            for j in range(2 * i * t, 2 * i * t + t):
                u, v = a[j], _catseal_barrett(a[j + t] * w, q, mu, qbit)
                s = u + v
                a[j] = s - q if s >= q else s
                a[j + t] = (u + q if u < v else u) - v
    return a


def _catseal_gs(a, psiinv, q, lengths):
    n, qbit, mu = len(a), q.bit_length(), catseal_mu(q)
    q2 = (q + 1) >> 1
    a = [int(v) for v in a]
    for m in lengths:
        t = n // (2 * m)
        for i in range(m):
            w = int(psiinv[m + i])
            for j in range(2 * i * t, 2 * i * t + t):
                u, v = a[j], a[j + t]
                s = u + v
                s = s - q if s >= q else s
                a[j] = (s >> 1) + q2 * (s & 1)
                d = _catseal_barrett(((u + q if u < v else u) - v) * w, q, mu, qbit)
                a[j + t] = (d >> 1) + q2 * (d & 1)
    return a


def catseal_ntt(a, psi, q, first, only=False, qs=None):
    """Cooley-Tukey stages m = first, 2 first, ... while m < N (a single kernel), or m = first alone (only:
    CTBasedNTTInner); group i of stage m multiplies by psi[m + i]. With qs, a holds len(qs) polynomials, polynomial
    r with modulus qs[r] and psi table r (the _batch kernels with num = division = len(qs))."""
    return _catseal_apply(_catseal_ct, np.asarray(a), psi, q, first, only, qs, up=True)


def catseal_intt(a, psiinv, q, last, only=False, qs=None):
    """Gentleman-Sande stages m = N / 2, N / 4, ... down to m = last (a single kernel), or m = last alone (only:
    GSBasedINTTInner), halving both outputs of each butterfly: (x >> 1) + (q + 1) / 2 (x & 1)."""
    return _catseal_apply(_catseal_gs, np.asarray(a), psiinv, q, last, only, qs, up=False)


def _catseal_apply(fn, a, table, q, m0, only, qs, up):
    nrows = 1 if qs is None else len(qs)
    rows = a.reshape(nrows, -1)
    n = rows.shape[1]
    tab = np.asarray(table).reshape(nrows, -1)
    if only:
        lengths = [m0]
    elif up:
        lengths = [m for m in (1 << k for k in range(20)) if m0 <= m < n]
    else:
        lengths = [m for m in (1 << k for k in range(19, -1, -1)) if m0 <= m <= n // 2]
    out = [fn(rows[r], tab[r], int(qs[r]) if qs is not None else int(q), lengths) for r in range(nrows)]
    return np.array(out, dtype=np.uint64).reshape(a.shape)


# ---------------------------------------------------------------- unseen116: ChamferDistancePytorch's 3-D Chamfer
# distance (tgchamf_chamfer3d.cu) and mmcv's furthest point sampling, k nearest neighbours and three nearest neighbours
# (mmcv3d_*.cu). Written from the algorithms: brute-force nearest neighbours over every pair, the samplers' greedy
# farthest-point rule. Squared distances in float32 are formed as nvcc contracts dx*dx + dy*dy + dz*dz (two fmas), each
# fma rounded once from its exact float64 value, so that an index chosen among near-equal distances is the kernels'.

def _u116_d2(a, b):
    """|a - b|^2 per pair in float32: fma(dz, dz, fma(dy, dy, dx * dx)) (a: (..., 3), b: (..., 3), broadcast)."""
    d = (np.asarray(a, np.float32) - np.asarray(b, np.float32)).astype(np.float32)
    t = (d[..., 0].astype(np.float64) * d[..., 0]).astype(np.float32)
    t = (d[..., 1].astype(np.float64) * d[..., 1] + t).astype(np.float32)
    return (d[..., 2].astype(np.float64) * d[..., 2] + t).astype(np.float32)


def tgchamf_nn(xyz, xyz2):
    """NmDistanceKernel: for each point of xyz (b, n, 3) the squared distance to its nearest point of xyz2 (b, m, 3)
    and that point's index (the first of equal distances: strict < within and across the 512-point batches)."""
    xyz, xyz2 = np.asarray(xyz, np.float32), np.asarray(xyz2, np.float32)
    d = _u116_d2(xyz[:, :, None, :], xyz2[:, None, :, :])            # (b, n, m)
    idx = np.argmin(d, axis=2).astype(np.int32)
    return np.take_along_axis(d, idx[..., None].astype(np.int64), axis=2)[..., 0], idx


def tgchamf_nn_idx(xyz, xyz2):
    """The forward pass's indices (the backward pass's idx input)."""
    return tgchamf_nn(xyz, xyz2)[1]


def tgchamf_grad(xyz1, xyz2, grad_dist1, idx1, grad_xyz1, grad_xyz2):
    """NmDistanceGradKernel: g = 2 grad_dist1; grad_xyz1[j] += g (p1 - p2[idx]), grad_xyz2[idx] -= g (p1 - p2[idx]).
    Returns (grad_xyz1, grad_xyz2) after the adds, in float64 (the kernel's atomics add in any order)."""
    p1, p2 = np.asarray(xyz1, np.float32), np.asarray(xyz2, np.float32)
    g1, g2 = np.array(grad_xyz1, np.float64), np.array(grad_xyz2, np.float64)
    idx = np.asarray(idx1, np.int64)
    for i in range(p1.shape[0]):
        g = (np.asarray(grad_dist1[i], np.float32) * np.float32(2)).astype(np.float32)
        t = (g[:, None] * (p1[i] - p2[i][idx[i]]).astype(np.float32)).astype(np.float32)
        g1[i] += t
        np.add.at(g2[i], idx[i], -t.astype(np.float64))
    return g1, g2


def _mmcv3d_fps_core(dist_rows, n, m, block):
    """The sampler's steps for one cloud: dist_rows(old) gives every point's distance to point old; each thread keeps
    its first strict maximum of temp over k = tid, tid + block, ...; the shared tree halves from 1024 (ties keep the
    lower slot: dists_i[idx1] = v2 > v1 ? i2 : i1). Returns (idxs (m,), temp (n,))."""
    temp = np.full(n, np.float32(1e10), np.float32)
    idxs = np.zeros(m, np.int32)
    old = 0
    for j in range(1, m):
        temp = np.minimum(dist_rows(old), temp).astype(np.float32)
        best = np.full(block, -1.0, np.float64)
        besti = np.zeros(block, np.int64)
        for tid in range(min(block, n)):
            ks = np.arange(tid, n, block)
            k = ks[int(np.argmax(temp[ks]))]                       # first strict maximum of the thread's points
            if temp[k] > -1.0:
                best[tid], besti[tid] = temp[k], k
        thres = 1024
        while thres >= 2:
            half = thres // 2
            if block >= thres:
                v1, v2 = best[:half].copy(), best[half:thres].copy()
                i1, i2 = besti[:half].copy(), besti[half:thres].copy()
                best[:half] = np.maximum(v1, v2)
                besti[:half] = np.where(v2 > v1, i2, i1)
            thres //= 2
        old = int(besti[0])
        idxs[j] = old
    return idxs, temp


def mmcv3d_fps(dataset, m, block, with_dist=False):
    """furthest_point_sampling(_with_dist)_forward_cuda_kernel<block>: (idxs (b, m), temp (b, n)) from temp = 1e10.
    dataset: (b, n, 3) coordinates, or (b, n, n) distances (with_dist: row old is the distance to point old)."""
    data = np.asarray(dataset, np.float32)
    b, n = data.shape[0], data.shape[1]
    out_i, out_t = np.zeros((b, m), np.int32), np.zeros((b, n), np.float32)
    for bi in range(b):
        p = data[bi]
        rows = (lambda old: p[old]) if with_dist else (lambda old: _u116_d2(p, p[old]))
        out_i[bi], out_t[bi] = _mmcv3d_fps_core(rows, n, m, block)
    return out_i, out_t


def mmcv3d_pdist(points):
    """A (b, n, n) matrix of squared distances between the points of each cloud (the with_dist sampler's input)."""
    p = np.asarray(points, np.float32)
    return _u116_d2(p[:, :, None, :], p[:, None, :, :])


def mmcv3d_knn(xyz, new_xyz, nsample):
    """knn_forward_cuda_kernel: for each query of new_xyz (b, m, 3) the nsample nearest points of xyz (b, n, 3), nearest
    first: (idx (b, m, nsample), dist2 (b, m, nsample)). A point replaces the heap's largest only when strictly nearer,
    so of equal distances the earlier index stays (a stable sort). float32 inputs: distances as the fmas give them;
    float64 inputs: the distance in double, kept in the kernel's float heap (float best_dist[100])."""
    xyz, new_xyz = np.asarray(xyz), np.asarray(new_xyz)
    if xyz.dtype == np.float32:
        d = _u116_d2(new_xyz[:, :, None, :], xyz[:, None, :, :]).astype(np.float64)
    else:
        d = ((new_xyz[:, :, None, :] - xyz[:, None, :, :]) ** 2).sum(-1).astype(np.float32).astype(np.float64)
    idx = np.argsort(d, axis=2, kind="stable")[..., :nsample]
    return idx.astype(np.int32), np.take_along_axis(d, idx, axis=2)


def mmcv3d_three_nn(unknown, known):
    """three_nn_forward_cuda_kernel: each unknown point's three nearest known points, nearest first, strict < (the
    earlier index on ties): (dist2 (b, n, 3), idx (b, n, 3)); float32 distances as the fmas give them, float64 exact."""
    unknown, known = np.asarray(unknown), np.asarray(known)
    if unknown.dtype == np.float32:
        d = _u116_d2(unknown[:, :, None, :], known[:, None, :, :]).astype(np.float64)
    else:
        d = ((unknown[:, :, None, :] - known[:, None, :, :]) ** 2).sum(-1)
    idx = np.argsort(d, axis=2, kind="stable")[..., :3]
    return np.take_along_axis(d, idx, axis=2), idx.astype(np.int32)
# ---- unseen117: VapourSynth-BilateralGPU (vsbil_) and the CCPi Regularisation Toolkit's ROF-TV kernels (ccpitv_)

def vsbil_bilateral(src, width, height, sigma_spatial_scaled, sigma_color_scaled, radius, use_shared, has_ref):
    """The bilateral filter of plane 0 of src (rows 0..height-1, the first width columns), its weights
    2^(space * s + range * c) from plane has_ref (the reference clip's rows height..2 height-1 when has_ref):
    space the squared pixel distance, range the squared difference to the window's centre. use_shared: the
    (2 r + 1)^2 window with coordinates clamped to the image (the tile is loaded clamped); otherwise only the
    window's pixels inside the image. In float64 over the float32 inputs; num / den."""
    src = np.asarray(src, dtype=np.float64)
    ss, sc = float(np.float32(sigma_spatial_scaled)), float(np.float32(sigma_color_scaled))
    val = src[:height, :width]
    gui = src[height:2 * height, :width] if has_ref else val
    num = np.zeros((height, width))
    den = np.zeros((height, width))
    ys, xs = np.mgrid[0:height, 0:width]
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            ny, nx = ys + dy, xs + dx
            if use_shared:
                inside = np.ones_like(ny, dtype=bool)
            else:
                inside = (ny >= 0) & (ny < height) & (nx >= 0) & (nx < width)
            cy, cx = np.clip(ny, 0, height - 1), np.clip(nx, 0, width - 1)
            w = np.exp2((dy * dy + dx * dx) * ss + (gui[cy, cx] - gui) ** 2 * sc)
            w = np.where(inside, w, 0.0)
            num += w * val[cy, cx]
            den += w
    return num / den


def _ccpitv_nb(a, axis, d):
    """a's neighbour d steps along axis, reflected (Neumann) at the ends: index + d, or index - d outside."""
    n = a.shape[axis]
    idx = np.arange(n) + d
    idx = np.where((idx < 0) | (idx >= n), np.arange(n) - d, idx)
    return np.take(a, idx, axis=axis)


def _ccpitv_minmod(p, q):
    return 0.5 * (np.sign(p) + np.sign(q)) * np.minimum(np.abs(p), np.abs(q))


def ccpitv_d(inp, fwd, others):
    """D = f / sqrt(f^2 + sum over the other axes of minmod(forward, backward difference)^2 + 1e-8), f the
    forward difference along axis fwd (the D1/D2/D3_func kernels; axes of the [Z,] M, N array)."""
    a = np.asarray(inp, dtype=np.float64)
    f = _ccpitv_nb(a, fwd, 1) - a
    den = f * f
    for ax in others:
        m = _ccpitv_minmod(_ccpitv_nb(a, ax, 1) - a, a - _ccpitv_nb(a, ax, -1))
        den = den + m * m
    return f / np.sqrt(den + 1e-8)


def ccpitv_tv(ds, update, inp, lam, tau):
    """TV_kernel2D/3D: update + tau (lam sum_a (D_a - D_a's backward neighbour along axis a) - (update - inp));
    ds: (D, axis) pairs."""
    u = np.asarray(update, dtype=np.float64)
    dv = sum(np.asarray(d, dtype=np.float64) - _ccpitv_nb(np.asarray(d, dtype=np.float64), ax, -1) for d, ax in ds)
    return u + float(np.float32(tau)) * (float(np.float32(lam)) * dv - (u - np.asarray(inp, dtype=np.float64)))
# ---------------------------------------------------------------- unseen118: PaddlePaddle's edit-distance kernels
# (pdled_edit_distance_kernel.cu) and PFAC's failureless Aho-Corasick matcher (pfac_kernel.cu). Both are integer
# algorithms: the Levenshtein matrix is kept in float (T = float) but holds small whole numbers, so every check is
# exact; SetOutput's normalised distance is one float32 division, which numpy's float32 division rounds the same.

def pdled_tokens(m, n, seed):
    """A hypothesis of m and a reference of n token ids (int64) over a 4-token vocabulary, so that many match."""
    rng = np.random.default_rng(seed)
    return rng.integers(0, 4, m).astype(np.int64), rng.integers(0, 4, n).astype(np.int64)


def pdled_dp(x1, x2):
    """The Levenshtein matrix d[i][j] = distance between x1[:i] and x2[:j], row by row (the textbook recurrence)."""
    m, n = len(x1), len(x2)
    d = np.zeros((m + 1, n + 1), dtype=np.int64)
    d[:, 0] = np.arange(m + 1)
    d[0, :] = np.arange(n + 1)
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            d[i, j] = min(d[i - 1, j] + 1, d[i, j - 1] + 1, d[i - 1, j - 1] + (x1[i - 1] != x2[j - 1]))
    return d


def pdled_before(m, n, seed, slice_):
    """The float matrix as the host's loop leaves it before anti-diagonal `slice_`: the cells i + j < slice_ hold the
    distances, the others -1 (what a later diagonal holds does not matter to the launch: it only reads the two
    diagonals before its own)."""
    x1, x2 = pdled_tokens(m, n, seed)
    d = pdled_dp(x1, x2).astype(np.float32)
    i, j = np.indices(d.shape)
    d[i + j >= slice_] = -1
    return d


def pdled_full(m, n, seed):
    x1, x2 = pdled_tokens(m, n, seed)
    return pdled_dp(x1, x2).astype(np.float32)


def pdled_fill_first_column(dist):
    d = np.array(dist, dtype=np.float32, copy=True)
    d[:, 0] = np.arange(d.shape[0])
    return d


def pdled_fill_first_row(dist):
    d = np.array(dist, dtype=np.float32, copy=True)
    d[0, :] = np.arange(d.shape[1])
    return d


def pdled_levenshtein(dist, x1, x2, start, threads):
    """One Levenshtein<float> launch: thread t updates the cell at flat index start + t N of the (M + 1) x (N + 1)
    matrix when it lies inside (row > 0, col > 0), from the matrix as it was. Stepping by N walks an anti-diagonal;
    past its end (col 0) the index wraps to column N of the same row, a diagonal N further on, and the threads there
    write cells from neighbours not computed yet, which that diagonal's own launch writes again later. Those cells'
    reads never meet a cell the launch writes (N > 2), so the launch is a function of the matrix before it."""
    src = np.asarray(dist, dtype=np.float32)
    m, n = src.shape[0] - 1, src.shape[1] - 1
    out = src.copy()
    s, o = src.reshape(-1), out.reshape(-1)
    for t in range(threads):
        index = start + t * n
        row, col = index // (n + 1), index % (n + 1)
        if 0 < row < m + 1 and 0 < col < n + 1:
            cost = 0 if x1[row - 1] == x2[col - 1] else 1
            dels = int(s[(row - 1) * (n + 1) + col]) + 1
            ins = int(s[row * (n + 1) + col - 1]) + 1
            subs = int(s[(row - 1) * (n + 1) + col - 1]) + cost
            o[index] = min(dels, ins, subs)
    return out


def pdled_output(dist, normalized):
    """SetOutput<float>: the last cell, divided by N (a float32 division) when normalised."""
    d = np.asarray(dist, dtype=np.float32)
    v = d[-1, -1]
    return np.array([v / np.float32(d.shape[1] - 1) if normalized else v], dtype=np.float32)


PFAC_PATTERNS = (b"AB", b"ABG", b"BEDE", b"ED")      # PFAC's test/pattern/example_pattern


def pfac_table(patterns=PFAC_PATTERNS):
    """PFAC's failureless table, int[states][256]: row 0 unused, the patterns' final states 1..F (pattern k, sorted,
    is state k), the initial state F + 1, the other trie nodes after it; -1 (TRAP_STATE) where the trie has no
    edge. No failure links: a thread restarts at the initial state for its own starting position."""
    pats = sorted(patterns)
    final = {p: k + 1 for k, p in enumerate(pats)}
    nodes = {b"": len(pats) + 1}
    for p in pats:
        for L in range(1, len(p) + 1):
            pre = p[:L]
            if pre not in nodes:
                nodes[pre] = final.get(pre) or (len(pats) + 2 + sum(1 for q in nodes if q not in final and q != b""))
    rows = 1 + max(nodes.values())
    t = np.full((rows, 256), -1, dtype=np.int32)
    for pre, s in nodes.items():
        if pre:
            t[nodes[pre[:-1]], pre[-1]] = s
    return t


def pfac_text(rng, size):
    """size bytes drawn from the patterns' letters and one other (C), packed little-endian into ceil(size / 4) ints
    (the wrapper passes the char buffer as int*; the last int's spare bytes zero)."""
    b = np.frombuffer(b"ABDEGC", dtype=np.uint8)[rng.integers(0, 6, size)]
    buf = np.zeros(-(-size // 4) * 4, dtype=np.uint8)
    buf[:size] = b
    return buf.view(np.int32)


def pfac_match(text_ints, size, patterns=PFAC_PATTERNS):
    """result[i] = the number (1-based, sorted order) of the longest pattern that starts at byte i, 0 if none."""
    text = np.asarray(text_ints, dtype=np.int32).view(np.uint8)[:size].tobytes()
    pats = sorted(patterns)
    out = np.zeros(size, dtype=np.int32)
    for i in range(size):
        best = 0
        for k, p in enumerate(pats):
            if text.startswith(p, i) and (best == 0 or len(p) > len(pats[best - 1])):
                best = k + 1
        out[i] = best
    return out
# ---------------------------------------------------------------- unseen119: Paddle-Lite pooling (pdlite_), darknet batch norm (dnbn_)
def pdlite_pool(x, win, stride, pad, kind, exclusive=True):
    """NCHW pooling over windows [o * stride - pad, o * stride - pad + win) clipped to the input (padding is never
    read): the max, or the mean over the clipped window (exclusive) or over win_h * win_w; out = (in + 2 pad - win) /
    stride + 1. An empty window's max is 0 and its mean 0 (its divisor is taken as 1)."""
    x = np.asarray(x, dtype=np.float64)
    n, c, h, w = x.shape
    oh, ow = (h + 2 * pad - win) // stride + 1, (w + 2 * pad - win) // stride + 1
    out = np.zeros((n, c, oh, ow))
    for i in range(oh):
        h0, h1 = max(i * stride - pad, 0), min(i * stride - pad + win, h)
        for j in range(ow):
            w0, w1 = max(j * stride - pad, 0), min(j * stride - pad + win, w)
            cell = x[:, :, h0:h1, w0:w1]
            if cell.size == 0:
                continue
            if kind == "max":
                out[:, :, i, j] = cell.max(axis=(2, 3))
            else:
                out[:, :, i, j] = cell.sum(axis=(2, 3)) / ((h1 - h0) * (w1 - w0) if exclusive else win * win)
    return out


def pdlite_adaptive_pool(x, oh, ow, kind):
    """Adaptive NCHW pooling: output cell (i, j) covers rows [floor(i H / oh), ceil((i + 1) H / oh)) and columns
    likewise; its max or its mean."""
    x = np.asarray(x, dtype=np.float64)
    n, c, h, w = x.shape
    out = np.zeros((n, c, oh, ow))
    for i in range(oh):
        h0, h1 = (i * h) // oh, -((-(i + 1) * h) // oh)
        for j in range(ow):
            w0, w1 = (j * w) // ow, -((-(j + 1) * w) // ow)
            cell = x[:, :, h0:h1, w0:w1]
            out[:, :, i, j] = cell.max(axis=(2, 3)) if kind == "max" else cell.mean(axis=(2, 3))
    return out


DNBN_EPS = 1e-5     # darknet's .00001f in every batch-norm formula


def dnbn_channels(x, batch, filters, spatial):
    """A flat darknet tensor seen as [batch, filters, spatial] in float64."""
    return np.asarray(x, dtype=np.float64).reshape(batch, filters, spatial)


def dnbn_mean(x, batch, filters, spatial):
    """Per-channel mean over batch and spatial positions."""
    return dnbn_channels(x, batch, filters, spatial).mean(axis=(0, 2))


def dnbn_variance(x, mean, batch, filters, spatial):
    """Per-channel sample variance about the given mean: sum (x - mean)^2 / (batch spatial - 1)."""
    d = dnbn_channels(x, batch, filters, spatial) - np.asarray(mean, dtype=np.float64)[None, :, None]
    return (d * d).sum(axis=(0, 2)) / (batch * spatial - 1)


def dnbn_normalize(x, mean, variance, batch, filters, spatial):
    """(x - mean[f]) / sqrt(variance[f] + eps), flat."""
    v = dnbn_channels(x, batch, filters, spatial)
    m = np.asarray(mean, dtype=np.float64)[None, :, None]
    s = np.sqrt(np.asarray(variance, dtype=np.float64) + DNBN_EPS)[None, :, None]
    return ((v - m) / s).reshape(-1)


def dnbn_per_channel(out, per, batch, filters, spatial, op):
    """out[b, f, s] times (op "mul") or plus (op "add") per[f], flat."""
    v = dnbn_channels(out, batch, filters, spatial)
    p = np.asarray(per, dtype=np.float64)[None, :, None]
    return (v * p if op == "mul" else v + p).reshape(-1)


def dnbn_channel_sum(a, batch, filters, spatial, b=None):
    """Per-channel sum over batch and spatial of a (or of a * b)."""
    v = dnbn_channels(a, batch, filters, spatial)
    if b is not None:
        v = v * dnbn_channels(b, batch, filters, spatial)
    return v.sum(axis=(0, 2))


def dnbn_mean_delta(delta, variance, batch, filters, spatial):
    """d loss / d mean: -sum(delta) / sqrt(variance + eps), per channel."""
    return -dnbn_channel_sum(delta, batch, filters, spatial) / np.sqrt(np.asarray(variance, np.float64) + DNBN_EPS)


def dnbn_variance_delta(x, delta, mean, variance, batch, filters, spatial):
    """d loss / d variance: sum(delta (x - mean)) * -1/2 (variance + eps)^(-3/2), per channel."""
    xc = dnbn_channels(x, batch, filters, spatial) - np.asarray(mean, np.float64)[None, :, None]
    s = (dnbn_channels(delta, batch, filters, spatial) * xc).sum(axis=(0, 2))
    return s * -0.5 * (np.asarray(variance, np.float64) + DNBN_EPS) ** -1.5


def dnbn_normalize_delta(x, mean, variance, mean_delta, variance_delta, batch, filters, spatial, delta):
    """delta / sqrt(variance + eps) + variance_delta 2 (x - mean) / (batch spatial) + mean_delta / (batch spatial)."""
    m = float(batch * spatial)
    col = lambda a: np.asarray(a, np.float64)[None, :, None]     # noqa: E731
    d = dnbn_channels(delta, batch, filters, spatial)
    xc = dnbn_channels(x, batch, filters, spatial) - col(mean)
    out = d / np.sqrt(col(variance) + DNBN_EPS) + col(variance_delta) * 2.0 * xc / m + col(mean_delta) / m
    return out.reshape(-1)
# ---------------------------------------------------------------- unseen112: GPUMD's cell and neighbour lists
# An orthogonal periodic box of side GPUMD_L (Box: h = diag(L), its inverse diag(1 / L), thicknesses L);
# the cell list of find_neighbor() has cells of rc / 2 (GPUMD_RC = rc + skin = 4, so 6 bins a side and
# rc_inv = 0.5). Positions are fixed (their own generator), so every entry sees the same atoms.
GPUMD_L, GPUMD_N, GPUMD_RC, GPUMD_MN, GPUMD_NB = 12.0, 200, 4.0, 64, 6


def gpumd_pos():
    """(3, N) positions in [0, L): x, y, z rows."""
    return np.random.default_rng(112).uniform(0.0, GPUMD_L, (3, GPUMD_N))


def gpumd_moved():
    """The positions a step later: each atom moved by up to 0.4 a component (some more than skin / 2 = 0.5)."""
    return gpumd_pos() + np.random.default_rng(1120).uniform(-0.4, 0.4, (3, GPUMD_N))


def gpumd_cell_of(x, y, z):
    """find_cell_id: s = h^-1 r, floor(s * thickness * rc_inv), wrapped into [0, nb); x + nb y + nb^2 z."""
    ids = []
    for r in (x, y, z):
        s = np.asarray(r, np.float64) * (1.0 / GPUMD_L) + 0.0     # the inverse's zero entries add exact zeros
        c = np.floor(s * GPUMD_L * (2.0 / GPUMD_RC)).astype(np.int64) % GPUMD_NB
        ids.append(c)
    return ids[0] + GPUMD_NB * ids[1] + GPUMD_NB * GPUMD_NB * ids[2]


def gpumd_cells():
    """(cell_count, cell_count_sum, cell_contents) of the cell list, contents ordered by atom within a cell."""
    cell = gpumd_cell_of(*gpumd_pos())
    count = np.bincount(cell, minlength=GPUMD_NB ** 3)
    csum = np.concatenate([[0], np.cumsum(count)[:-1]])
    return count, csum, np.argsort(cell, kind="stable")


def gpumd_canon_cells(contents, csum):
    """A cell list with each cell's atoms sorted (find_cell_contents' order within a cell is the atomics')."""
    out = np.array(contents).copy()
    bounds = list(csum) + [len(out)]
    for c in range(len(csum)):
        out[bounds[c]:bounds[c + 1]] = np.sort(out[bounds[c]:bounds[c + 1]])
    return out


def _gpumd_d2(pos, i, cand):
    """float32 squared minimum-image distances from atom i to the atoms cand, as the kernels take them: the double
    difference rounded to float, one box length added or taken away past half of it, then x^2 + y^2 + z^2."""
    L = np.float32(GPUMD_L)
    d2 = np.zeros(len(cand), np.float32)
    for r in pos:
        d = (r[cand] - r[i]).astype(np.float32)
        d = np.where(d < -L * np.float32(0.5), d + L, np.where(d > L * np.float32(0.5), d - L, d))
        d2 = d2 + d * d
    return d2


def gpumd_neighbors(rc=GPUMD_RC, within=None):
    """Each atom's neighbours (d^2 < rc^2, itself excluded), ascending; within: only among these lists."""
    pos = gpumd_pos()
    out = []
    for i in range(GPUMD_N):
        cand = np.array([j for j in range(GPUMD_N) if j != i]) if within is None else np.array(within[i], int)
        if len(cand) == 0:
            out.append([])
            continue
        d2 = _gpumd_d2(pos, i, cand)
        out.append([int(j) for j in cand[d2 < np.float32(rc * rc)]])
    return out


def gpumd_nn():
    return np.array([len(n) for n in gpumd_neighbors()])


def gpumd_nl(lists=None, fill=-1, shuffle=False):
    """The (MN, N) neighbour list NL[k, i] = the k-th neighbour of atom i, the rest fill; shuffle: each list in a
    fixed random order (the sort kernel's input)."""
    lists = gpumd_neighbors() if lists is None else lists
    rng = np.random.default_rng(1121)
    nl = np.full((GPUMD_MN, GPUMD_N), fill, np.int64)
    for i, n in enumerate(lists):
        n = list(rng.permutation(n)) if shuffle else n
        nl[:len(n), i] = n
    return nl


def gpumd_canon_nl(nl, nn):
    """Each atom's first nn entries sorted, the rest -1 (the search order depends on the cell list's)."""
    nl = np.array(nl).reshape(-1, len(nn))
    out = np.full(nl.shape, -1, np.int64)
    for i, k in enumerate(np.asarray(nn)):
        out[:k, i] = np.sort(nl[:k, i])
    return out


def gpumd_local_nl(rc):
    """gpu_find_local_neighbor_from_global: the global list's atoms within rc, in its order; the rest untouched."""
    local = gpumd_neighbors(rc, within=gpumd_neighbors())
    nl = gpumd_nl(local, fill=np.iinfo(np.int32).max)
    return np.array([len(n) for n in local]), nl


def gpumd_moved_count(d2):
    """gpu_check_atom_distance: atoms whose float32 minimum-image displacement squared exceeds d2."""
    old, new = gpumd_pos(), gpumd_moved()
    L = np.float32(GPUMD_L)
    s = np.zeros(GPUMD_N, np.float32)
    for a, b in zip(old, new):
        d = (b - a).astype(np.float32)
        d = np.where(d < -L * np.float32(0.5), d + L, np.where(d > L * np.float32(0.5), d - L, d))
        s = s + d * d
    return np.array([int(np.sum(s.astype(np.float64) > d2))])


# ---------------------------------------------------------------- unseen112: DeePMD-kit's ghost-atom cell list
# An orthogonal box of side 6 (boxt = diag(6), rec_boxt = diag(1 / 6)) in 3 x 3 x 3 local cells (nat_stt 0,
# nat_end 3) extended by one cell a side (ext_stt -1, ext_end 4: 5 x 5 x 5); two atoms in each local cell, in a
# fixed random order: nloc = 54, and every ghost cell copies its image's 2 atoms: nall = 54 + 98 * 2 = 250.
DP_L, DP_G, DP_E, DP_NLOC = 6.0, 3, 5, 54


def dp_box():
    return np.diag([DP_L] * 3).reshape(-1)


def dp_rec_box():
    return np.diag([1.0 / DP_L] * 3).reshape(-1)


def dp_coords():
    """(nloc * 3,) coordinates: cell (i, j, k)'s atoms at ((i, j, k) + u) * 2 with u in [0.05, 0.95)."""
    rng = np.random.default_rng(1122)
    cells = np.array([(i, j, k) for i in range(DP_G) for j in range(DP_G) for k in range(DP_G)] * 2, float)
    pos = (cells + rng.uniform(0.05, 0.95, cells.shape)) * (DP_L / DP_G)
    return pos[rng.permutation(len(pos))].reshape(-1)


def dp_types():
    return np.random.default_rng(1123).integers(0, 2, DP_NLOC)


def dp_normalize(c):
    """normalize_one: fractional coordinates r / 6 wrapped into [0, 1) (fmod, then + 1 below 0), times 6."""
    inter = np.asarray(c, np.float64) * (1.0 / DP_L)
    inter = np.fmod(inter, 1.0)
    inter = np.where(inter < 0.0, inter + 1.0, inter)
    return inter * DP_L


def dp_cellmaps():
    """(idx_cellmap, idx_cellmap_noshift) of _fill_idx_cellmap: each atom's cell in the extended and the local grid."""
    inter = dp_coords().reshape(-1, 3) * (1.0 / DP_L)
    idx = np.trunc(inter / (1.0 / DP_G)).astype(np.int64)
    idx = np.clip(idx, 0, DP_G - 1)
    noshift = (idx[:, 0] * DP_G + idx[:, 1]) * DP_G + idx[:, 2]
    e = idx + 1
    return (e[:, 0] * DP_E + e[:, 1]) * DP_E + e[:, 2], noshift


def dp_loc_cellnum():
    """(temp_idx_order, loc_cellnum_map): an atom's rank among its local cell's atoms (by index), each cell's count."""
    noshift = dp_cellmaps()[1]
    order = np.zeros(DP_NLOC, np.int64)
    num = np.zeros(DP_G ** 3, np.int64)
    for i, c in enumerate(noshift):
        order[i] = num[c]
        num[c] += 1
    return order, num


def dp_total_cellnum():
    """(total_cellnum_map, mask_cellnum_map, cell_map, cell_shift_map) of _fill_total_cellnum_map: each extended
    cell's periodic image in the local grid, the shift that takes it there, its atom count (0 in the mask where
    the cell is local)."""
    num = dp_loc_cellnum()[1]
    n = DP_E ** 3
    total, mask, cmap = (np.zeros(n, np.int64) for _ in range(3))
    shift = np.zeros((n, 3), np.int64)
    for c in range(n):
        idx = np.array([c // (DP_E * DP_E), (c // DP_E) % DP_E, c % DP_E]) - 1
        s = np.where(idx < 0, 1, np.where(idx >= DP_G, -1, 0))
        idx = idx + s * DP_G
        orig = (idx[0] * DP_G + idx[1]) * DP_G + idx[2]
        total[c] = num[orig]
        mask[c] = 0 if not s.any() else num[orig]
        cmap[c] = orig
        shift[c] = s
    return total, mask, cmap, shift.reshape(-1)


def dp_sec_loc():
    """The host's sec_loc_cellnum_map: the exclusive prefix sums of loc_cellnum_map (28 entries)."""
    return np.concatenate([[0], np.cumsum(dp_loc_cellnum()[1])])


def dp_sec_total():
    """The host's sec_total_cellnum_map: nloc, then nloc plus the prefix sums of mask_cellnum_map (126 entries)."""
    return np.concatenate([[DP_NLOC], DP_NLOC + np.cumsum(dp_total_cellnum()[1])])


def dp_clist():
    """_build_loc_clist: the local atoms ordered by local cell, by index within one."""
    noshift = dp_cellmaps()[1]
    order = dp_loc_cellnum()[0]
    clist = np.zeros(DP_NLOC, np.int64)
    clist[dp_sec_loc()[noshift] + order] = np.arange(DP_NLOC)
    return clist


def dp_copy(c, t):
    """_copy_coord: (out_c, out_t, mapping) of the local atoms then each ghost cell's image atoms, shifted by the
    negative of the cell's shift times the box."""
    c = np.asarray(c, np.float64).reshape(-1, 3)
    sec_total, sec_loc, clist = dp_sec_total(), dp_sec_loc(), dp_clist()
    _, _, cmap, shift = dp_total_cellnum()
    shift = shift.reshape(-1, 3)
    nall = int(sec_total[-1])
    out_c, out_t, mapping = np.zeros((nall, 3)), np.zeros(nall, np.int64), np.zeros(nall, np.int64)
    for i in range(nall):
        if i < DP_NLOC:
            o = i
            out_c[i] = c[i]
        else:
            cell = int(np.sum(i >= sec_total[1:]))
            o = clist[sec_loc[cmap[cell]] + i - sec_total[cell]]
            out_c[i] = c[o] - shift[cell] * DP_L
        mapping[i] = o
        out_t[i] = t[o]
    return out_c.reshape(-1), out_t, mapping
# ---- unseen114: PyTorch3D's point rasteriser and coarse binning (p3dr_), SoftRas's soft rasteriser (softras_).
# Written from the algorithms: PyTorch3D's NDC convention (the shorter side spans [-1, 1], pixel centres, both axes
# reversed), a bin/box overlap test, the K nearest points by z; SoftRas's barycentric coordinates, signed squared
# distance to the triangle, sigmoid coverage, product alpha and softmax of normalised depth (float64 here).

def p3dr_ndc(i, s1, s2):
    rng_ = np.float32(2.0) if s1 <= s2 else np.float32(s1 * 2.0) / np.float32(s2)
    off = rng_ / np.float32(2.0)
    return np.float32(-off + (rng_ * np.float32(i) + off) / np.float32(s1))


def p3dr_points_bbox(points, radius):
    x, y, z = points[:, 0], points[:, 1], points[:, 2]
    return np.stack([x - radius, x + radius, y - radius, y + radius]).astype(np.float32), z < 0


def p3dr_tri_bbox(fv, blur):
    r = np.float32(np.sqrt(np.float32(blur)))
    x, y, z = fv[:, :, 0], fv[:, :, 1], fv[:, :, 2]
    bb = np.stack([x.min(1) - r, x.max(1) + r, y.min(1) - r, y.max(1) + r]).astype(np.float32)
    return bb, z.min(1) < 1e-8


def p3dr_coarse(bboxes, skip, first, count, H, W, bs, M):
    """(elems_per_bin, bin_elems): each batch's elements, in index order, in every bin their box overlaps."""
    N, nby, nbx = len(first), 1 + (H - 1) // bs, 1 + (W - 1) // bs
    hx = np.float32(np.float32(2.0 if W <= H else W * 2.0 / H) / np.float32(2.0)) / np.float32(W)
    hy = np.float32(np.float32(2.0 if H <= W else H * 2.0 / W) / np.float32(2.0)) / np.float32(H)
    per = np.zeros((N, nby, nbx), np.int32)
    elems = np.full((N, nby, nbx, M), -1, np.int32)
    for n in range(N):
        for e in range(int(first[n]), int(first[n] + count[n])):
            if skip[e]:
                continue
            x0, x1, y0, y1 = bboxes[:, e]
            for by in range(nby):
                ylo, yhi = p3dr_ndc(by * bs, H, W) - hy, p3dr_ndc((by + 1) * bs - 1, H, W) + hy
                for bx in range(nbx):
                    xlo, xhi = p3dr_ndc(bx * bs, W, H) - hx, p3dr_ndc((bx + 1) * bs - 1, W, H) + hx
                    if y0 <= yhi and ylo < y1 and x0 <= xhi and xlo < x1:
                        elems[n, by, bx, per[n, by, bx]] = e
                        per[n, by, bx] += 1
    return per, elems


def p3dr_points_bins(points, radius, first, count, H, W, bs, M):
    bb, skip = p3dr_points_bbox(points, radius)
    return p3dr_coarse(bb, skip, first, count, H, W, bs, M)[1]


def p3dr_raster_points(points, first, count, radius, H, W, K, which):
    """PyTorch3D's (N, H, W, K) idx / zbuf / dist2 outputs (-1 where fewer than K points cover a pixel)."""
    N = len(first)
    out = {"idx": np.full((N, H, W, K), -1, np.int32), "z": np.full((N, H, W, K), -1, np.float32),
           "d": np.full((N, H, W, K), -1, np.float32)}
    for n in range(N):
        p = np.arange(int(first[n]), int(first[n] + count[n]))
        for row in range(H):
            for col in range(W):
                xf, yf = p3dr_ndc(W - 1 - col, W, H), p3dr_ndc(H - 1 - row, H, W)
                dx = np.float32(xf) - points[p, 0]
                dy = np.float32(yf) - points[p, 1]
                d2 = (dx * dx + dy * dy).astype(np.float32)
                hit = (points[p, 2] >= 0) & (d2 < radius[p] * radius[p])
                order = np.argsort(points[p[hit], 2], kind="stable")[:K]
                k = len(order)
                out["idx"][n, row, col, :k] = p[hit][order]
                out["z"][n, row, col, :k] = points[p[hit][order], 2]
                out["d"][n, row, col, :k] = d2[hit][order]
    return out[which]


def p3dr_points_backward(points, idxs, grad_z, grad_d, P):
    N, H, W, K = idxs.shape
    g = np.zeros((P, 3), np.float64)
    for n in range(N):
        for yi in range(H):
            for xi in range(W):
                xf, yf = p3dr_ndc(W - 1 - xi, W, H), p3dr_ndc(H - 1 - yi, H, W)
                for k in range(K):
                    p = idxs[n, yi, xi, k]
                    if p < 0:
                        continue
                    g[p, 0] += 2.0 * grad_d[n, yi, xi, k] * (points[p, 0] - xf)
                    g[p, 1] += 2.0 * grad_d[n, yi, xi, k] * (points[p, 1] - yf)
                    g[p, 2] += grad_z[n, yi, xi, k]
    return g


def softras_info(faces):
    """(B, F, 27): the inverse barycentric matrix, F F^T (+1), the first obtuse corner's flag; the rest 0."""
    f = faces.reshape(-1, 3, 3).astype(np.float64)
    out = np.zeros((len(f), 27))
    for i, t in enumerate(f):
        m = np.array([[t[0, 0], t[1, 0], t[2, 0]], [t[0, 1], t[1, 1], t[2, 1]], [1.0, 1.0, 1.0]])
        det = np.linalg.det(m)
        det = max(det, 1e-10) if det > 0 else min(det, -1e-10)
        adj = np.linalg.inv(m) * np.linalg.det(m)          # the adjugate: w = adj (x, y, 1) / det
        out[i, :9] = (adj / det).ravel()
        out[i, 9:18] = (t[:, :2] @ t[:, :2].T + 1).ravel()
        for k in range(3):
            a, b = t[(k + 1) % 3, :2] - t[k, :2], t[(k + 2) % 3, :2] - t[k, :2]
            if a @ b < 0:
                out[i, 18 + k] = 1
                break
    return out.reshape(faces.shape[0], faces.shape[1], 27)


def _softras_dist(w, tri, xp, yp):
    """(sign, squared distance) from pixel (xp, yp) to the triangle: +1 inside, -1 outside."""
    p = np.array([xp, yp])
    if np.all(w > 0) and np.all(w < 1):
        return 1.0, min(_seg_d2(p, tri[k], tri[(k + 1) % 3]) for k in range(3))
    return -1.0, min(_seg_d2(p, tri[k], tri[(k + 1) % 3]) for k in range(3))


def _seg_d2(p, a, b):
    ab = b - a
    t = np.clip((p - a) @ ab / (ab @ ab), 0.0, 1.0)
    q = a + t * ab - p
    return q @ q


def softras_forward(faces, textures, soft_colors, image_size, near, far, eps, sigma, dist_id, dist_eps, gamma,
                    rgb_id, alpha_id, tex_res, double_side, which):
    """SoftRas's (B, 4, is, is) colours and (B, 2, is, is) aggregation state (softmax or hard settings)."""
    B, F = faces.shape[:2]
    ts = textures.shape[2]
    info = softras_info(faces)
    colors = soft_colors.astype(np.float64).copy()
    aggr = np.zeros((B, 2, image_size, image_size))
    thr = dist_eps * sigma
    flat_tex = textures.reshape(B, -1).astype(np.float64)
    for b in range(B):
        for pn in range(image_size * image_size):
            row, xi = divmod(pn, image_size)
            yi = image_size - 1 - row
            yp, xp = (2.0 * yi + 1 - image_size) / image_size, (2.0 * xi + 1 - image_size) / image_size
            a = 1.0 if alpha_id == 2 else 0.0
            ssum, smax = np.exp(eps / gamma), eps
            rgb = colors[b, :3, row, xi] * (ssum if rgb_id == 1 else 1.0)
            dmin, fmin = 10000000.0, -1
            for f in range(F):
                tri = faces[b, f].reshape(3, 3).astype(np.float64)
                r = np.sqrt(thr)
                if (xp > tri[:, 0].max() + r or xp < tri[:, 0].min() - r or yp > tri[:, 1].max() + r
                        or yp < tri[:, 1].min() - r):
                    continue
                w = info[b, f, :9].reshape(3, 3) @ np.array([xp, yp, 1.0])
                inside = np.all((w >= 0) & (w <= 1))
                if dist_id == 0:
                    if not inside:
                        continue
                    frag = 1.0
                else:
                    sign, d2 = _softras_dist(w, tri[:, :2], xp, yp)
                    if sign < 0 and d2 >= thr:
                        continue
                    frag = 1.0 / (1.0 + np.exp(-sign * d2 / sigma))
                if alpha_id == 0:
                    a = 1.0 if frag > 0.5 else a
                elif alpha_id == 1:
                    a += frag
                else:
                    a *= 1.0 - frag
                wc = np.clip(w, 0.0, 1.0)
                wc /= max(wc.sum(), 1e-5)
                zp = 1.0 / (wc / tri[:, 2]).sum()
                if zp < near or zp > far:
                    continue
                front = (tri[2, 1] - tri[0, 1]) * (tri[1, 0] - tri[0, 0]) < (tri[1, 1] - tri[0, 1]) * (tri[2, 0] - tri[0, 0])
                wx, wy = int(wc[0] * tex_res), int(wc[1] * tex_res)
                if (wc[0] + wc[1]) * tex_res - wx - wy <= 1:
                    texel = wy * tex_res + wx
                else:
                    texel = (tex_res - 1 - wy) * tex_res + (tex_res - 1 - wx)
                col = flat_tex[b, (f * ts + texel) * 3:(f * ts + texel) * 3 + 3]   # the face's texels, as the kernel indexes
                if rgb_id == 0:
                    if zp < dmin and inside and (double_side or front):
                        dmin, fmin, rgb = zp, f, col.copy()
                elif double_side or front:
                    zn = (far - zp) / (far - near)
                    delta = 1.0
                    if zn > smax:
                        delta, smax = np.exp((smax - zn) / gamma), zn
                    ez = np.exp((zn - smax) / gamma)
                    ssum = delta * ssum + ez * frag
                    rgb = delta * rgb + ez * frag * col
            colors[b, 3, row, xi] = a if alpha_id == 0 else (a / F if alpha_id == 1 else 1.0 - a)
            if rgb_id == 0:
                if fmin != -1:
                    colors[b, :3, row, xi] = rgb
                aggr[b, :, row, xi] = dmin, fmin
            else:
                colors[b, :3, row, xi] = rgb / ssum
                aggr[b, :, row, xi] = ssum, smax
    return colors if which == "colors" else aggr


def p3dr_cloud(rng, P):
    """P points: x, y across the screen, z in [-0.2, 2] (some behind the camera, which the kernels skip)."""
    return np.stack([rng.uniform(-1, 1, P), rng.uniform(-1, 1, P), rng.uniform(-0.2, 2, P)], 1)


def p3dr_faces(rng, F):
    """F triangles (F, 3, 3): vertices across the screen, z in [-0.1, 3] (some faces cross z = 0: skipped)."""
    return np.concatenate([rng.uniform(-1, 1, (F, 3, 2)), rng.uniform(-0.1, 3, (F, 3, 1))], 2)


def softras_faces(rng, B, F):
    """(B, F, 9) triangles of SoftRas's face_vertices: x, y in [-1, 1], depth in [2, 10] (inside near 1, far 100)."""
    f = np.concatenate([rng.uniform(-1, 1, (B, F, 3, 2)), rng.uniform(2, 10, (B, F, 3, 1))], 3)
    return f.reshape(B, F, 9)
# ---- unseen115: CudaTree (ctree_) and LightGBM's CUDA binary objective (lgbm_)

def ctree_tree(seed, n_features, n_labels, depth):
    """A random decision tree as CudaTree stores one: left/right child arrays (0 on a leaf; the root is node 0),
    the split feature (uint16), the float32 threshold (go left when x < threshold) and the leaf value (uint8),
    nodes numbered breadth first. Returns (left, right, feature, threshold, value)."""
    r = np.random.default_rng(seed)
    left, right, feat, thr, val, level = [0], [0], [0], [0.0], [0], [0]
    i = 0
    while i < len(left):
        if level[i] < depth and (i == 0 or r.random() < 0.75):
            feat[i], thr[i] = int(r.integers(0, n_features)), float(r.uniform(-0.8, 0.8))
            for side in (left, right):
                side[i] = len(left)
                left.append(0), right.append(0), feat.append(0), thr.append(0.0), level.append(level[i] + 1)
                val.append(0)
        else:
            val[i] = int(r.integers(0, n_labels))
        i += 1
    return (np.array(left, np.uint32), np.array(right, np.uint32), np.array(feat, np.uint16),
            np.array(thr, np.float32), np.array(val, np.uint8))


def ctree_predict(left, right, feature, threshold, value, x):
    """Each row of x walked from the root: x[f] < threshold (float32 against float32) goes left, until a node
    with a zero child; its value."""
    out = np.zeros(len(x), np.uint8)
    for s, row in enumerate(np.asarray(x, np.float32)):
        i = 0
        while left[i] != 0 and right[i] != 0:
            i = int(left[i]) if row[feature[i]] < threshold[i] else int(right[i])
        out[s] = value[i]
    return out


def ctree_bootstrap(seed, stride):
    """CudaTree's bootstrap draw: the unique values of stride draws in [0, stride), sorted (np.unique), padded
    with zeros to stride entries (the kernel reads the first n_samples only). Returns (indices, n_samples)."""
    u = np.unique(np.random.default_rng(seed).integers(0, stride, stride))
    return np.concatenate([u, np.zeros(stride - len(u), u.dtype)]).astype(np.uint16), len(u)


def ctree_marks(indices, n_samples, stride):
    """The byte table bootstrap_fill leaves: 0 on [0, stride), 1 at each drawn index."""
    m = np.zeros(stride, np.uint8)
    m[np.asarray(indices[:n_samples], np.int64)] = 1
    return m


def ctree_features(n_features, stride, constant=(1, 4)):
    """Samples feature by feature (n_features x stride, float32), the rows in `constant` one repeated value,
    the others a few distinct values (ties), and each row's argsort (uint16), as CudaTree sorts them."""
    r = np.random.default_rng(115)
    s = r.integers(0, 6, (n_features, stride)).astype(np.float32) / 4
    for f in constant:
        s[f] = 0.75
    return s, np.argsort(s, axis=1, kind="stable").astype(np.uint16)


def ctree_constant_mask(sorted_indices, samples, n_samples):
    """feature_selector: 0 where a feature's first and (n_samples - 1)-th sorted values are equal, else 1."""
    rows = np.arange(len(samples))
    first = samples[rows, sorted_indices[:, 0].astype(np.int64)]
    last = samples[rows, sorted_indices[:, n_samples - 1].astype(np.int64)]
    return (first != last).astype(np.uint8)


def lgbm_label_sums(labels, weights=None):
    """BoostFromScoreKernel_1_BinaryLogloss: ([sum of positive labels' weights], [sum of weights]) in float64
    (weights 1 without weights; then the second sum is not written)."""
    pos = (np.asarray(labels) > 0).astype(np.float64)
    if weights is None:
        return np.array([pos.sum()])
    w = np.asarray(weights, np.float32).astype(np.float64)
    return np.array([(pos * w).sum()]), np.array([w.sum()])


def lgbm_init_score(suml, sumw, sigmoid):
    """BoostFromScoreKernel_2_BinaryLogloss: pavg = suml / sumw clamped to [kEpsilon, 1 - kEpsilon] (kEpsilon the
    float 1e-15f), init = log(pavg / (1 - pavg)) / sigmoid. Returns ([init], [pavg])."""
    eps = float(np.float32(1e-15))
    pavg = max(min(suml / sumw, 1.0 - eps), eps)
    return np.array([np.log(pavg / (1.0 - pavg)) / sigmoid]), np.array([pavg])


def lgbm_gradients(scores, labels, sigmoid, label_weights=None, weights=None):
    """GetGradientsKernel_BinaryLogloss in float64, rounded to float32: label y = +1 / -1, response
    -y sigmoid / (1 + exp(y sigmoid score)), hessian |r| (sigmoid - |r|), each times the label weight
    (label_weights[1] for a positive label: the CPU objective's label_weights_[is_pos]) and the sample weight.
    Returns (gradients, hessians)."""
    y = np.where(np.asarray(labels) > 0, 1.0, -1.0)
    s = np.asarray(scores, np.float64)
    r = -y * sigmoid / (1.0 + np.exp(y * sigmoid * s))
    a = np.abs(r)
    g, h = r, a * (sigmoid - a)
    if label_weights is not None:
        lw = np.where(y > 0, label_weights[1], label_weights[0])
        g, h = g * lw, h * lw
    if weights is not None:
        w = np.asarray(weights, np.float32).astype(np.float64)
        g, h = g * w, h * w
    return g.astype(np.float32), h.astype(np.float32)


def lgbm_sigmoid(x, sigmoid):
    """ConvertOutputCUDAKernel_BinaryLogloss: 1 / (1 + exp(-sigmoid x)) in float64."""
    return 1.0 / (1.0 + np.exp(-sigmoid * np.asarray(x, np.float64)))
# ---- unseen113: RNN-T loss, warp-rnnt (wrnnt_) and warp-transducer (wtrans_). The transducer lattice of one
# sequence of T frames and U - 1 labels (Graves 2012): alpha(0, 0) = 0, alpha(t, u) = logaddexp(alpha(t - 1, u) +
# lp(t - 1, u, blank), alpha(t, u - 1) + lp(t, u - 1, y(u - 1))); beta(T - 1, U - 1) = lp(T - 1, U - 1, blank),
# beta(t, u) = logaddexp(beta(t + 1, u) + lp(t, u, blank), beta(t, u + 1) + lp(t, u, y(u))); a missing term is
# left out. Float64 throughout; the kernels' float32 sums in their own order are the entries' tolerances.

def _rnnt_alpha(lp, y, T, U, blank):
    """alpha[t, u] for t < T, u < U of one sequence; lp is (maxT, maxU, V) log-probabilities."""
    a = np.zeros((T, U))
    for t in range(T):
        for u in range(U):
            if t == 0 and u == 0:
                continue
            terms = []
            if t > 0:
                terms.append(a[t - 1, u] + lp[t - 1, u, blank])
            if u > 0:
                terms.append(a[t, u - 1] + lp[t, u - 1, y[u - 1]])
            a[t, u] = terms[0] if len(terms) == 1 else np.logaddexp(*terms)
    return a


def _rnnt_beta(lp, y, T, U, blank):
    """beta[t, u] for t < T, u < U of one sequence."""
    b = np.zeros((T, U))
    for t in range(T - 1, -1, -1):
        for u in range(U - 1, -1, -1):
            if t == T - 1 and u == U - 1:
                b[t, u] = lp[t, u, blank]
                continue
            terms = []
            if t < T - 1:
                terms.append(b[t + 1, u] + lp[t, u, blank])
            if u < U - 1:
                terms.append(b[t, u + 1] + lp[t, u, y[u]])
            b[t, u] = terms[0] if len(terms) == 1 else np.logaddexp(*terms)
    return b


def _rnnt_table(fn, lp, labels, tlen, ylen, blank):
    """(N, maxT, maxU) of fn's per-sequence tables; the cells past a sequence's lengths stay 0 (never written)."""
    lp = np.asarray(lp, dtype=np.float64)
    out = np.zeros(lp.shape[:3])
    for n in range(lp.shape[0]):
        T, U = int(tlen[n]), int(ylen[n]) + 1
        out[n, :T, :U] = fn(lp[n], np.asarray(labels)[n], T, U, blank)
    return out


# warp-rnnt (1ytic/warp-rnnt core.cu): log_probs (N, T, U, V) already log-softmaxed by its caller, labels (N, U - 1).
WRNNT_N, WRNNT_T, WRNNT_U, WRNNT_V = 2, 40, 6, 8
WRNNT_XN = np.array([40, 29], dtype=np.int32)          # frames: the first a full 32 + 8, the second shorter
WRNNT_YN = np.array([5, 3], dtype=np.int32)            # labels


def wrnnt_lp():
    """A fixed log-softmax over V of normal logits (its own seed: the tables of later launches are made from it)."""
    x = np.random.default_rng(113).standard_normal((WRNNT_N, WRNNT_T, WRNNT_U, WRNNT_V))
    m = x.max(axis=-1, keepdims=True)
    return (x - m - np.log(np.exp(x - m).sum(axis=-1, keepdims=True))).astype(np.float32)


def wrnnt_labels():
    return np.random.default_rng(1131).integers(1, WRNNT_V, (WRNNT_N, WRNNT_U - 1)).astype(np.int32)


def wrnnt_alphas(lp, labels, xn, yn, blank):
    return _rnnt_table(_rnnt_alpha, lp, labels, xn, yn, blank)


def wrnnt_betas(lp, labels, xn, yn, blank):
    return _rnnt_table(_rnnt_beta, lp, labels, xn, yn, blank)


def wrnnt_counts(xn, yn, W, U):
    """kernel_warp's counters after the launch: row u's alpha (and beta) counter is raised once by each block of 32
    frames that row has (ceil(xn / 32)) for u = 0 .. yn (the blocks of rows past yn return first)."""
    c = np.zeros((len(xn), 2 * U), dtype=np.uint32)
    for n in range(len(xn)):
        for u in range(int(yn[n]) + 1):
            c[n, u] = c[n, U + u] = -(-int(xn[n]) // W)
    return c


def wrnnt_grads_blank(grads, alphas, betas, lp, xn, yn, blank):
    """d(-log P)/d lp(t, u, blank) = -exp(alpha(t, u) + beta(t + 1, u) + lp(t, u, blank) - beta(0, 0)), and at the
    last frame only the final cell (T - 1, U - 1), whose blank ends the path (no beta term)."""
    g = np.array(grads, dtype=np.float64)
    a, b, lp = (np.asarray(v, dtype=np.float64) for v in (alphas, betas, lp))
    for n in range(len(xn)):
        T, U = int(xn[n]), int(yn[n]) + 1
        for t in range(T):
            for u in range(U):
                if t == T - 1 and u < U - 1:
                    continue
                s = a[n, t, u] + (b[n, t + 1, u] if t < T - 1 else 0.0)
                g[n, t, u, blank] = -np.exp(s + lp[n, t, u, blank] - b[n, 0, 0])
    return g


def wrnnt_grads_label(grads, alphas, betas, labels, lp, xn, yn, fastemit_lambda):
    """d(-log P)/d lp(t, u, y(u)) = -(1 + lambda) exp(alpha(t, u) + beta(t, u + 1) + lp(t, u, y(u)) - beta(0, 0))."""
    g = np.array(grads, dtype=np.float64)
    a, b, lp = (np.asarray(v, dtype=np.float64) for v in (alphas, betas, lp))
    for n in range(len(xn)):
        for t in range(int(xn[n])):
            for u in range(int(yn[n])):
                y = int(labels[n, u])
                g[n, t, u, y] = -(1.0 + fastemit_lambda) * np.exp(a[n, t, u] + b[n, t, u + 1] + lp[n, t, u, y] - b[n, 0, 0])
    return g


# warp-transducer (HawkAaron/warp-transducer): acts (N, maxT, maxU, V) are logits; log p = denom + acts with
# denom = -logsumexp over V (its log_softmax's two reductions).
WTRANS_N, WTRANS_T, WTRANS_U, WTRANS_V = 2, 10, 5, 160
WTRANS_XLEN = np.array([10, 7], dtype=np.int32)
WTRANS_YLEN = np.array([4, 2], dtype=np.int32)


def wtrans_labels():
    return np.random.default_rng(1132).integers(1, WTRANS_V, (WTRANS_N, WTRANS_U - 1)).astype(np.int32)


def wtrans_denom(acts):
    """-max - log(sum exp(x - max)) over the last axis, i.e. -logsumexp."""
    x = np.asarray(acts, dtype=np.float64)
    m = x.max(axis=-1)
    return -m - np.log(np.exp(x - m[..., None]).sum(axis=-1))


def _wtrans_lp(acts, denom):
    return np.asarray(denom, dtype=np.float64)[..., None] + np.asarray(acts, dtype=np.float64)


def wtrans_alphas(acts, denom, labels, xlen, ylen, blank):
    """(alphas, llForward = alpha(T - 1, U - 1) + log p(T - 1, U - 1, blank))."""
    lp = _wtrans_lp(acts, denom)
    a = _rnnt_table(_rnnt_alpha, lp, labels, xlen, ylen, blank)
    ll = np.array([a[n, xlen[n] - 1, ylen[n]] + lp[n, xlen[n] - 1, ylen[n], blank] for n in range(len(xlen))])
    return a, ll


def wtrans_betas(acts, denom, labels, xlen, ylen, blank):
    """(betas, llBackward = beta(0, 0))."""
    b = _rnnt_table(_rnnt_beta, _wtrans_lp(acts, denom), labels, xlen, ylen, blank)
    return b, b[:, 0, 0].copy()


def wtrans_grads(grads, acts, denom, alphas, betas, logll, xlen, ylen, labels, blank):
    """d(-log P)/d acts (through the log-softmax): p(k) occupancy exp(alpha + beta + log p(k) - ll) less the
    transitions that leave (t, u) by k: blank to (t + 1, u) (or the end at (T - 1, U - 1)), y(u) to (t, u + 1)."""
    g = np.array(grads, dtype=np.float64)
    lp = _wtrans_lp(acts, denom)
    a, b, ll = (np.asarray(v, dtype=np.float64) for v in (alphas, betas, logll))
    for n in range(len(xlen)):
        T, U = int(xlen[n]), int(ylen[n]) + 1
        for t in range(T):
            for u in range(U):
                k = lp[n, t, u]
                gr = np.exp(a[n, t, u] + b[n, t, u] + k - ll[n])
                if t == T - 1 and u == U - 1:
                    gr[blank] -= np.exp(a[n, t, u] + k[blank] - ll[n])
                if t < T - 1:
                    gr[blank] -= np.exp(a[n, t, u] + k[blank] - ll[n] + b[n, t + 1, u])
                if u < U - 1:
                    y = int(labels[n, u])
                    gr[y] -= np.exp(a[n, t, u] + k[y] - ll[n] + b[n, t, u + 1])
                g[n, t, u] = gr
    return g


# ---- unseen125: WarpDrive's Tag GridWorld step (wdtag_) and the AI Economist's COVID-19 and economy step and
# rewards (aecov_). Written from the environments' rules (their Python versions' definitions), not from the kernels'
# runs.

WDTAG_ACTIONS = np.array([[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]])   # no-op, right, left, up, down


def _wdtag_step(x, y, actions, timestep, wall, tag_reward, tag_penalty, step_cost, full, boundary, episode_length):
    """One step of Tag GridWorld for every environment (rows): move each agent by its action, clamp to
    [0, boundary] with a wall penalty per clamped axis, count taggers (all but the last agent) on the runner's
    cell; rewards (float32, in the kernel's order), observations, done flags, the new positions and timesteps."""
    x = np.asarray(x, dtype=np.int64).copy()
    y = np.asarray(y, dtype=np.int64).copy()
    t = np.asarray(timestep, dtype=np.int64) + 1
    E, N = x.shape
    f32 = np.float32
    rew = np.zeros((E, N), dtype=f32)
    x += WDTAG_ACTIONS[actions, 0]
    y += WDTAG_ACTIONS[actions, 1]
    for a in (x, y):
        hit = (a < 0) | (a > boundary)
        rew = np.where(hit, rew - f32(wall), rew).astype(f32)
        np.clip(a, 0, boundary, out=a)
    tagged = ((x[:, :-1] == x[:, -1:]) & (y[:, :-1] == y[:, -1:])).sum(axis=1) > 0
    tagger = np.zeros(N, dtype=bool)
    tagger[:-1] = True
    add = np.where(tagger[None, :], np.where(tagged[:, None], f32(tag_reward), -f32(step_cost)),
                   np.where(tagged[:, None], -f32(tag_penalty), f32(step_cost)))
    rew = (rew + add.astype(f32)).astype(f32)
    fx, fy = (x / f32(boundary)).astype(f32), (y / f32(boundary)).astype(f32)
    tt = (t / f32(episode_length)).astype(f32)
    if full:
        obs = np.zeros((E, N, 4 * N + 1), dtype=f32)
        obs[:, :, 0:N] = fx[:, None, :]
        obs[:, :, N:2 * N] = fy[:, None, :]
        obs[:, :, 2 * N:3 * N] = (~tagger).astype(f32)[None, None, :]
        obs[:, :, 3 * N:4 * N] = np.eye(N, dtype=f32)[None]
        obs[:, :, 4 * N] = tt[:, None]
    else:
        obs = np.zeros((E, N, 6), dtype=f32)
        obs[:, :, 0], obs[:, :, 1] = fx, fy
        obs[:, :-1, 2], obs[:, :-1, 3] = fx[:, -1:], fy[:, -1:]
        d = (x[:, :-1] - x[:, -1:]) ** 2 + (y[:, :-1] - y[:, -1:]) ** 2
        near = np.argmin(d, axis=1)                  # the first of the nearest taggers
        obs[:, -1, 2] = fx[np.arange(E), near]
        obs[:, -1, 3] = fy[np.arange(E), near]
        obs[:, :, 4] = (~tagger).astype(f32)[None, :]
        obs[:, :, 5] = tt[:, None]
    done = ((t == episode_length) | tagged).astype(np.int32)
    return {"x": x, "y": y, "t": t, "rew": rew, "obs": obs, "done": done}


def wdtag_step(name, x, y, actions, timestep, wall, tag_reward, tag_penalty, step_cost, full, boundary,
               episode_length, done_before=None):
    r = _wdtag_step(x, y, actions, timestep, wall, tag_reward, tag_penalty, step_cost, full, boundary,
                    episode_length)
    if name == "done":                               # set to 1 where done, left as it was elsewhere
        return np.where(r["done"] == 1, 1, done_before)
    return r[name]


def _aecov_softplus(x):
    return np.where(x < 20.0, np.log1p(np.exp(np.minimum(x, 20.0))), x)


def aecov_step(name, S, I, R, D, V, U, subsidy, productivity, stringency, n_levels, post, vaccines, history,
               beta_delay, slopes, intercepts, gamma, death_rate, pop, sick_rate, frac_18_65, filter_len,
               n_filters, delta, group_w, unemp_filters, unemp_bias, daily_production, max_productivity,
               timestep, episode_length):
    """The COVID-19 and economy simulation step of each environment e at time t = timestep[e] for its N - 1
    states: the SIR update with vaccination from time t - 1 (beta from the stringency level beta_delay days
    back, or the real-world history before that), the stringency-change history shifted by one and
    convolved with the grouped filters into the unemployment rate (softplus plus bias), the workforce and
    productivity, and the observations. In float64; the arrays as the kernel leaves them."""
    f64 = np.float64
    S, I, R, D, V, U = (np.asarray(a, dtype=f64).copy() for a in (S, I, R, D, V, U))
    productivity, post = np.asarray(productivity, f64).copy(), np.asarray(post, f64).copy()
    delta = np.asarray(delta).astype(np.int64).copy()
    E, _, M = S.shape
    F, L = n_filters, filter_len
    popf = np.asarray(pop, dtype=np.float32).astype(f64)
    beta = np.zeros((E, M))
    signal = np.zeros((E, M, F, L))
    incap, cant, can = np.zeros((E, M)), np.zeros((E, M)), np.zeros((E, M))
    obs_a = np.zeros((E, 6, M))
    obs_post, obs_lag, obs_time = np.zeros((E, M)), np.zeros((E, M)), np.zeros((E, M))
    obs_p_time = np.zeros(E)
    for e in range(E):
        t = int(timestep[e])
        for a in range(M):
            Sp, Ip = S[e, t - 1, a], I[e, t - 1, a]
            vac = float(vaccines[e, a])
            frac_vac = min(1.0, vac / Sp)
            vac_t = min(vac, Sp)
            level = history[t - 1, a] if t < beta_delay else stringency[e, t - beta_delay, a]
            b = level * f64(np.float32(slopes[a])) + f64(np.float32(intercepts[a]))
            beta[e, a] = b
            dS = -(Sp / popf[a] * Ip * b * (1 - frac_vac) + vac_t)
            dR = gamma * Ip + vac_t
            dI = -dS - dR
            S[e, t, a] = max(0.0, Sp + dS)
            I[e, t, a] = max(0.0, Ip + dI)
            R[e, t, a] = max(0.0, R[e, t - 1, a] + dR)
            V[e, t, a] = vac_t + V[e, t - 1, a]
            D[e, t, a] = (R[e, t, a] - V[e, t, a]) * death_rate
            # unemployment
            delta[e, :-1, a] = delta[e, 1:, a]
            delta[e, -1, a] = stringency[e, t, a] - stringency[e, t - 1, a]
            signal[e, a] = delta[e, None, :, a] * f64(np.float32(group_w[a]))[:, None]
            u = float(np.sum(signal[e, a].ravel() * np.asarray(unemp_filters, dtype=np.float32)))
            rate = float(_aecov_softplus(u)) + float(np.float32(unemp_bias[a]))
            U[e, t, a] = rate * popf[a] / 100.0
            # economy
            incap[e, a] = sick_rate * I[e, t, a] + D[e, t, a]
            cant[e, a] = incap[e, a] * frac_18_65 + U[e, t, a]
            workers = np.trunc(np.float32(np.int32(pop[a])) * np.float32(frac_18_65))
            can[e, a] = max(0.0, workers - cant[e, a])
            productivity[e, t, a] = can[e, a] * daily_production
            post[e, t, a] = productivity[e, t, a] + float(subsidy[e, t, a])
            for k, arr in enumerate((S, I, R, D, V, U)):
                obs_a[e, k, a] = arr[e, t, a] / popf[a]
            obs_post[e, a] = post[e, t, a] / float(np.float32(max_productivity[a]))
            t_beta = t - beta_delay + 1
            lag = history[t, a] if t_beta < 0 else stringency[e, t_beta, a]
            obs_lag[e, a] = lag / n_levels
            obs_time[e, a] = t / episode_length
        obs_p_time[e] = t / episode_length
    out = {"susceptible": S, "infected": I, "recovered": R, "deaths": D, "vaccinated": V, "unemployed": U,
           "productivity": productivity, "postsubsidy_productivity": post, "beta": beta, "incapacitated": incap,
           "cant_work": cant, "num_people_that_can_work": can, "delta_stringency_level": delta, "signal": signal,
           "obs_a_world_agent_state": obs_a, "obs_p_world_agent_state": obs_a,
           "obs_a_world_agent_postsubsidy_productivity": obs_post,
           "obs_p_world_agent_postsubsidy_productivity": obs_post,
           "obs_a_world_lagged_stringency_level": obs_lag, "obs_p_world_lagged_stringency_level": obs_lag,
           "obs_a_time": obs_time, "obs_p_time": obs_p_time}
    return out[name]


def _aecov_crra(x, eta, days):
    annual = np.clip(days * x, 0.1, 3.0)
    return (1 + (annual ** (1 - eta) - 1) / (1 - eta)) / days


def aecov_reward(name, days, value_of_life, interest, eta, min_ah, max_ah, min_ae, max_ae, min_ph, max_ph, min_pe,
                 max_pe, w_ah, w_ph, w_ae, w_pe, agents_health_norm, agents_econ_norm, planner_health_norm,
                 planner_econ_norm, deaths, subsidy, post, done, timestep, episode_length):
    """The agents' and the planner's rewards at each environment's time t: marginal deaths scaled by the value
    of life over the health norm, the CRRA utility of (post-subsidy productivity, for the planner less the
    subsidy's cost with interest) over the economic norm, each min-max normalised and weighted (an agent's
    weights are w_ah[a] and w_ph[a], the planner's w_ae and w_pe, as the kernel passes them); an environment
    at its last step gets done = 1 and its timestep reset to 0. In float64."""
    f64 = np.float64
    D, sub, P = (np.asarray(a, dtype=f64) for a in (deaths, subsidy, post))
    E, _, M = D.shape
    ra = np.zeros((E, M))
    rp = np.zeros(E)
    c = lambda v: f64(np.float32(v))   # noqa: E731  the float parameters as the kernel holds them
    for e in range(E):
        t = int(timestep[e])
        md = D[e, t] - D[e, t - 1]
        h = -md / (np.asarray(agents_health_norm, np.float32).astype(f64) / value_of_life)
        ec = _aecov_crra(P[e, t] / np.asarray(agents_econ_norm, np.float32).astype(f64), c(eta), days)
        h = (h - np.asarray(min_ah, np.float32)) / (np.asarray(max_ah, np.float32).astype(f64) - np.asarray(min_ah, np.float32))
        ec = (ec - np.asarray(min_ae, np.float32)) / (np.asarray(max_ae, np.float32).astype(f64) - np.asarray(min_ae, np.float32))
        wa, wb = np.asarray(w_ah, np.float32).astype(f64), np.asarray(w_ph, np.float32).astype(f64)
        ra[e] = (wa * h + wb * ec) / (wa + wb)
        ph = -md.sum() / (c(planner_health_norm) / value_of_life)
        pe = _aecov_crra((P[e, t].sum() - (1 + c(interest)) * sub[e, t].sum()) / c(planner_econ_norm), c(eta), days)
        ph = (ph - c(min_ph)) / (c(max_ph) - c(min_ph))
        pe = (pe - c(min_pe)) / (c(max_pe) - c(min_pe))
        rp[e] = (c(w_ae) * ph + c(w_pe) * pe) / (c(w_ae) + c(w_pe))
    last = np.asarray(timestep) == episode_length
    out = {"rewards_a": ra, "rewards_p": rp,
           "env_done_arr": np.where(last, 1, done), "env_timestep_arr": np.where(last, 0, timestep)}
    return out[name]
# ---- unseen120: cuTT / LibreTT tensor transposes
def cutt_transpose(x, perm):
    """cuTT's transpose: output rank i is input rank perm[i], ranks in column-major order (rank 0 the fastest).
    numpy's axes are the ranks reversed, so output axis j (rank r-1-j) is input axis r-1-perm[r-1-j]."""
    r = x.ndim
    return np.ascontiguousarray(np.transpose(x, [r - 1 - perm[r - 1 - j] for j in range(r)]))
# ---- unseen121: KBLAS batched Cholesky in registers (kblaspo_) and matrixInversion's batched LU inversion
# in shared memory (mtxinv_). Written from the algorithms: numpy's Cholesky and inverse in float64.

def kblaspo_spd(batch, n, rng):
    """A batch of well-conditioned symmetric positive definite n x n matrices, B B^T / n + I (eigenvalues
    between 1 and a few), stored as KBLAS takes them: column-major with lda = n, one after another."""
    b = rng.uniform(-1.0, 1.0, (batch, n, n))
    m = b @ b.transpose(0, 2, 1) / n
    return (m + m.transpose(0, 2, 1)) / 2 + np.eye(n)


def kblaspo_potrf(a, n):
    """KBLAS's lower Cholesky in place: column-major A (a[k, c, r] is row r, column c) whose lower triangle
    becomes L (A = L L^T); the strict upper triangle is left as it was."""
    a = np.asarray(a, dtype=np.float64).reshape(-1, n, n)
    out = a.copy()
    for k in range(a.shape[0]):
        m = a[k].T                                  # row-major view of the column-major matrix
        low = np.linalg.cholesky(m)
        keep = np.tril(np.ones((n, n), dtype=bool))
        res = m.copy()
        res[keep] = low[keep]
        out[k] = res.T
    return out


def mtxinv_dd(batch, n, rng):
    """Row-major diagonally dominant matrices (uniform(-1, 1) plus n on the diagonal): LU without pivoting
    is stable on them."""
    return rng.uniform(-1.0, 1.0, (batch, n, n)) + n * np.eye(n)


def mtxinv_pdd(batch, n, rng):
    """mtxinv_dd with each matrix's rows shuffled: a small diagonal, so partial pivoting has work to do,
    and as well conditioned."""
    a = mtxinv_dd(batch, n, rng)
    return np.stack([m[rng.permutation(n)] for m in a])


def mtxinv_inv(a, n):
    """The inverses, row-major, as the kernels leave them in place."""
    a = np.asarray(a, dtype=np.float64).reshape(-1, n, n)
    return np.linalg.inv(a)
# ---- unseen122: TorchSparse's two-level cuckoo hash map (tsphm_) and CUDPP's cuckoo hash table (cudppht_).
# Both build their tables with atomicExch eviction chains, so where a key lands depends on the order the atomics
# land in: a build is checked as the set of (key, value) rows it holds, each with a flag saying the slot is one of
# the key's own; lookups are checked value for value against a dict of the inserted pairs.

TSPHM_BUCKET = 512
TSPHM_CFG = np.array([[0x2F6B1D3A, 5], [0x5A17C4E9, 21], [0x13579BDF, 37]], np.int32)   # FuncConfig {rv, ss}


def tsphm_keys(n, seed):
    """n distinct nonzero 64-bit keys (TorchSparse hashes voxel coordinates to int64: any bit pattern), fixed per seed."""
    r = np.random.default_rng(seed)
    k = np.unique(r.integers(1, 2**63, 2 * n, dtype=np.uint64) * np.uint64(2) + r.integers(0, 2, 2 * n, dtype=np.uint64))
    k = k[k != 0]
    return r.permutation(k)[:n].astype(np.uint64)


def tsphm_queries(n, seed):
    """n lookup keys: every other one an inserted key of tsphm_keys(300, 1), the others keys not inserted."""
    ins = tsphm_keys(300, 1)
    r = np.random.default_rng(seed)
    have = set(int(k) for k in ins)
    absent = [int(k) for k in tsphm_keys(2 * n, seed + 100) if int(k) not in have][:n]
    q = ins[r.choice(len(ins), n, replace=True)].copy()
    q[1::2] = np.array(absent[:len(q[1::2])], np.uint64)
    return q


def _tsphm_h2(key, i, cfg=TSPHM_CFG):
    rv, ss = int(cfg[i][0]) & 0xFFFFFFFFFFFFFFFF, int(cfg[i][1])
    return ((int(key) ^ rv) >> ss) % TSPHM_BUCKET


def tsphm_buckets(key_buf, val_buf, counters, num_buckets):
    """Rows (bucket, key, value) of what the bucketing pass wrote: each bucket's first counters[b] slots, sorted
    (the order inside a bucket is the atomicAdd order)."""
    rows = []
    for b in range(num_buckets):
        c = int(min(max(int(counters[b]), 0), TSPHM_BUCKET))
        for j in range(b * TSPHM_BUCKET, b * TSPHM_BUCKET + c):
            rows.append((b, int(key_buf[j]), int(val_buf[j])))
    return np.array(sorted(rows), dtype=np.uint64).reshape(-1, 3)


def tsphm_bucket_rows(keys, vals, num_buckets):
    """The reference: every key's row (key mod num_buckets, key, value), sorted."""
    rows = [(int(k) % num_buckets, int(k), int(v)) for k, v in zip(keys, vals)]
    return np.array(sorted(rows), dtype=np.uint64).reshape(-1, 3)


def tsphm_buffers(keys, vals, num_buckets, size):
    """(key_buf, val_buf, counters) as a serial bucketing pass in input order leaves them."""
    kb, vb = np.zeros(size, np.uint64), np.zeros(size, np.uint64)
    cnt = np.zeros(num_buckets, np.int64)
    for k, v in zip(keys, vals):
        b = int(k) % num_buckets
        kb[b * TSPHM_BUCKET + cnt[b]], vb[b * TSPHM_BUCKET + cnt[b]] = k, v
        cnt[b] += 1
    return kb, vb, cnt


def tsphm_table(keys, vals, num_buckets, size, num_funcs=3, which="key"):
    """A valid two-level cuckoo table (num_funcs sub-tables of size slots) built serially: each key into its bucket's
    block of 512 slots, at ((key ^ rv_i) >> ss_i) % 512 of sub-table i, evicting round-robin. which: 'key' or 'val'."""
    tk, tv = np.zeros(num_funcs * size, np.uint64), np.zeros(num_funcs * size, np.uint64)
    for k, v in zip(keys, vals):
        k, v, f = int(k), int(v), 0
        b = k % num_buckets
        for _ in range(1000):
            s = f * size + b * TSPHM_BUCKET + _tsphm_h2(k, f)
            ok, ov = int(tk[s]), int(tv[s])
            tk[s], tv[s] = k, v
            if ok == 0:
                break
            # the evicted key's sub-table: the one it sat in (s // size), next one round-robin
            k, v, f = ok, ov, (s // size + 1) % num_funcs
        else:
            raise ValueError("tsphm_table: eviction chain too long")
    return tk if which == "key" else tv


def tsphm_placed(key, val, size, num_buckets, num_funcs=3):
    """Rows (key, value, ok) of every nonempty slot of a built table, sorted; ok: the slot is the key's own in that
    sub-table (its bucket's block, its second-level hash)."""
    rows = []
    for s in np.nonzero(np.asarray(key) != 0)[0]:
        k = int(key[s])
        i, r = divmod(int(s), size)
        ok = i < num_funcs and r // TSPHM_BUCKET == k % num_buckets and r % TSPHM_BUCKET == _tsphm_h2(k, i)
        rows.append((k, int(val[s]), int(ok)))
    return np.array(sorted(rows), dtype=np.uint64).reshape(-1, 3)


def tsphm_pairs(keys, vals):
    return np.array(sorted((int(k), int(v), 1) for k, v in zip(keys, vals)), dtype=np.uint64).reshape(-1, 3)


def tsphm_lookup(queries, keys, vals):
    """lookup's results: the key's value + 1 where the key was inserted, EMPTY_CELL (0) elsewhere."""
    d = {int(k): int(v) for k, v in zip(keys, vals)}
    return np.array([d[int(q)] + 1 if int(q) in d else 0 for q in queries], dtype=np.uint64)


CUDPPHT_PRIME = 4294967291
CUDPPHT_EMPTY = 0xFFFFFFFF00000000          # kEntryEmpty: key kKeyEmpty, value 0
CUDPPHT_STASH = 101


def cudppht_keys(n, seed):
    """n distinct keys (never kKeyEmpty) and values (never kNotFound), fixed per seed: an (n, 2) uint32 array."""
    r = np.random.default_rng(seed)
    k = r.choice(2**32 - 1, n, replace=False)
    return np.stack([k, r.integers(0, 2**32 - 1, n)], axis=1).astype(np.uint32)


def cudppht_queries(n, seed):
    """n query keys: every other one a key of cudppht_keys(200, 1), the others absent keys."""
    ins = cudppht_keys(200, 1)[:, 0]
    have = set(int(k) for k in ins)
    r = np.random.default_rng(seed)
    q = ins[r.choice(len(ins), n, replace=True)].astype(np.int64)
    absent = [int(k) for k in r.integers(0, 2**32 - 1, 4 * n) if int(k) not in have]
    q[1::2] = absent[:len(q[1::2])]
    return q.astype(np.uint32)


def _cudppht_h(c, k):
    """hash_function_inner: ((x ^ key) + y) in 32-bit arithmetic, mod the prime 4294967291."""
    return (((int(c[0]) ^ int(k)) + int(c[1])) & 0xFFFFFFFF) % CUDPPHT_PRIME


def _cudppht_stash_h(sc, k):
    """stash_hash_function: x ^ key + y is x ^ (key + y) in C's precedence, mod kStashSize."""
    return (int(sc[0]) ^ ((int(k) + int(sc[1])) & 0xFFFFFFFF)) % CUDPPHT_STASH


def cudppht_table(kv, table_size, consts, stash_consts, max_iterations):
    """A table built serially with CuckooHash's own rule (first slot h_0; an evicted key goes to the location after
    the one it was evicted from, round-robin over its locations; the stash after max_iterations): uint64 entries
    key << 32 | value, table_size + 101 slots."""
    t = [CUDPPHT_EMPTY] * (table_size + CUDPPHT_STASH)
    for k, v in kv:
        e = (int(k) << 32) | int(v)
        loc = _cudppht_h(consts[0], k) % table_size
        key = int(k)
        for _ in range(max_iterations):
            e, t[loc] = t[loc], e
            key = e >> 32
            if key == 0xFFFFFFFF:
                break
            locs = [_cudppht_h(c, key) % table_size for c in consts]
            nxt = locs[0]
            for i in range(len(consts) - 2, -1, -1):
                nxt = locs[i + 1] if loc == locs[i] else nxt
            loc = nxt
        if key != 0xFFFFFFFF:
            s = table_size + _cudppht_stash_h(stash_consts, key)
            if t[s] != CUDPPHT_EMPTY:
                raise ValueError("cudppht_table: the stash slot is taken")
            t[s] = e
    return np.array(t, dtype=np.uint64)


def cudppht_placed(table, table_size, consts, stash_consts):
    """Rows (key, value, ok) of every nonempty entry of a built table, sorted; ok: a main-table entry sits at one of
    its key's locations, a stash entry at its key's stash slot."""
    rows = []
    for s, e in enumerate(np.asarray(table, dtype=np.uint64)):
        e = int(e)
        if e == CUDPPHT_EMPTY:
            continue
        k, v = e >> 32, e & 0xFFFFFFFF
        if s < table_size:
            ok = s in {_cudppht_h(c, k) % table_size for c in consts}
        else:
            ok = s - table_size == _cudppht_stash_h(stash_consts, k)
        rows.append((k, v, int(ok)))
    return np.array(sorted(rows), dtype=np.uint64).reshape(-1, 3)


def cudppht_pairs(kv):
    return np.array(sorted((int(k), int(v), 1) for k, v in kv), dtype=np.uint64).reshape(-1, 3)


def cudppht_retrieve(queries, kv):
    """hash_retrieve's values: the key's value where it was inserted, kNotFound (0xffffffff) elsewhere."""
    d = {int(k): int(v) for k, v in kv}
    return np.array([d.get(int(q), 0xFFFFFFFF) for q in queries], dtype=np.uint32)


# the hash function constants of the CUDPP launches (drawn once as GenerateFunctions draws them: x = max(1, r) mod p,
# y = r mod p, with numpy's generator seeded 122), and the table sizes and eviction bounds Initialize and
# ComputeMaxIterations give 200 keys: space usage 2.1 for two functions (its minimum is 2.01), the default 1.25 else
CUDPPHT_CONSTS = {2: [(3708127224, 3544862325), (747690825, 754299341)],
                  3: [(86380673, 898989564), (621387167, 3532791738), (611345883, 2170864507)],
                  4: [(1542640898, 322964491), (2342452713, 3894619626), (989237269, 3971751677), (1310894113, 137470170)],
                  5: [(1563174577, 2722250962), (947486046, 606707313), (3997485558, 3623840329), (34084353, 2164339491),
                      (535024459, 1068405472)]}
CUDPPHT_STASH_CONSTS = {2: (2365254715, 1621712877), 3: (390282053, 3317930762), 4: (2583324390, 2730214466),
                        5: (3183919811, 2484798785)}
CUDPPHT_SIZE = {2: 420, 3: 250, 4: 250, 5: 250}
CUDPPHT_ITERS = {2: 40, 3: 136, 4: 136, 5: 136}


def cudppht_built(n_funcs):
    """The table hash_retrieve<n_funcs> reads: cudppht_keys(200, 1) built serially with its constants (no stash)."""
    return cudppht_table(cudppht_keys(200, 1), CUDPPHT_SIZE[n_funcs], CUDPPHT_CONSTS[n_funcs],
                         CUDPPHT_STASH_CONSTS[n_funcs], CUDPPHT_ITERS[n_funcs])
# ---- unseen123: NeutronStarLite's fused aggregation kernels (ntsl_) and GSuite's scatter / index_select (gsuite_)

def ntsl_graph(which="csc"):
    """NeutronStarLite's graph chunk: 96 vertices on the kernel's side (batch_size), 80 on the other, in-degrees
    0-6 drawn (vertices 0, 17 and 95 set to 0, 1 and 6), 315 edges with weights in [0, 1); (offsets uint32 [97],
    indices uint32 [315] (sorted within a vertex), weights float32 [315]). "csr" draws a second graph, 96 x 80
    with 280 edges, for the by-source kernels (row_offset / column_indices)."""
    seed = 12301 if which == "csc" else 12303
    rng = np.random.default_rng(seed)
    deg = rng.integers(0, 7, 96)
    deg[0], deg[17], deg[95] = 0, 1, 6
    offsets = np.concatenate([[0], np.cumsum(deg)])
    indices = np.concatenate([np.sort(rng.choice(80, int(d), replace=False)) for d in deg])
    weights = rng.uniform(0.0, 1.0, len(indices))
    return offsets.astype(np.uint32), indices.astype(np.uint32), weights.astype(np.float32)


def ntsl_aggregate(offsets, indices, feat, weight=None, base=0):
    """out[v] = sum over v's edges e of feat[indices[e] - base] (times weight[e]), in float64: the GCN sum
    aggregation every ntsl_ forward and backward kernel computes."""
    offsets, indices = np.asarray(offsets, np.int64), np.asarray(indices, np.int64) - base
    feat = np.asarray(feat, np.float64)
    out = np.zeros((len(offsets) - 1, feat.shape[1]))
    for v in range(len(offsets) - 1):
        s, e = offsets[v], offsets[v + 1]
        w = np.ones(e - s) if weight is None else np.asarray(weight, np.float64)[s:e]
        out[v] = w @ feat[indices[s:e]]
    return out


def ntsl_scatter_grad(offsets, input_grad):
    """message_grad[e] = input_grad[v] for each edge e of vertex v (each edge's row is added to once, from zero)."""
    offsets = np.asarray(offsets, np.int64)
    return np.repeat(np.asarray(input_grad, np.float64), np.diff(offsets), axis=0)


def gsuite_index(n_out=50, n=200, seed=12305):
    """GSuite's scatter index: 200 source rows (edges) into 50 output rows (nodes), at most 10 into one; rows 7 and 49
    get none (index_select's 60 of 40 rows: row 7 never taken)."""
    idx = np.random.default_rng(seed).integers(0, n_out, n)
    idx[idx == 7] = 8
    idx[idx == 49] = 48
    return idx.astype(np.int32)


def gsuite_scatter(src, index, out, reduce):
    """scatter_kernel<float, REDUCE>: out[index[r], c] = out[index[r], c] (op) src[r, c] for every source row, from
    out's value before the launch (MEAN is the sum: the kernel only accumulates, the host never divides; DIV divides
    the old value by the source's)."""
    res = np.array(out, dtype=np.float64)
    src = np.asarray(src, np.float64)
    for r, o in enumerate(np.asarray(index, np.int64)):
        if reduce in ("sum", "mean"):
            res[o] += src[r]
        elif reduce == "mul":
            res[o] *= src[r]
        elif reduce == "div":
            res[o] /= src[r]
        elif reduce == "min":
            res[o] = np.minimum(res[o], src[r])
        else:
            res[o] = np.maximum(res[o], src[r])
    return res


def gsuite_index_select(src, indices):
    """indexSelectLargeIndex at dim 0: out[i, c] = src[indices[i], c], read through an int (`int data = *(src + ...)`):
    the float truncated toward zero, then stored as a float."""
    return np.trunc(np.asarray(src, np.float32)[np.asarray(indices, np.int64)]).astype(np.float64)
# ---- unseen124: Kaolin's point-to-triangle distance (kaotd_) and Warp's hash grid cell ranges (wphg_)

def _kaotd_faces(points, face_vertices):
    """Per face, per point: the closest point and the feature type kaolin's forward kernel picks, written from
    its decision order: vertex 1, 2, 3 regions from the edge projections (uab < 0 and uca > 1, ...), then the
    edges e12, e23, e31 where the projection lies in [0, 1] and the point is not above the edge (its edge normal
    cross(n, e) against p - v <= 0), else the projection on the face's plane (type 0). In float64."""
    P = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    F = np.asarray(face_vertices, dtype=np.float64).reshape(-1, 3, 3)
    for v1, v2, v3 in F:
        e12, e23, e31 = v2 - v1, v3 - v2, v1 - v3
        normal = np.cross(v1 - v2, e31)
        uab = (P - v1) @ e12 / (e12 @ e12)
        uca = (P - v3) @ e31 / (e31 @ e31)
        ubc = (P - v2) @ e23 / (e23 @ e23)

        def not_above(v, e):
            return (P - v) @ np.cross(normal, e) <= 0

        def in_range(u):
            return (u <= 1) & (u >= 0)

        un = normal / np.sqrt(normal @ normal)
        closest = P - np.outer((P - v1) @ un, un)              # type 0: the plane's projection
        kind = np.zeros(len(P), np.int32)
        rest = np.ones(len(P), bool)
        for t, cond, pt in (
                (1, (uca > 1) & (uab < 0), lambda: np.broadcast_to(v1, P.shape)),
                (2, (uab > 1) & (ubc < 0), lambda: np.broadcast_to(v2, P.shape)),
                (3, (ubc > 1) & (uca < 0), lambda: np.broadcast_to(v3, P.shape)),
                (4, in_range(uab) & not_above(v1, e12), lambda: v1 + np.outer(uab, e12)),
                (5, in_range(ubc) & not_above(v2, e23), lambda: v2 + np.outer(ubc, e23)),
                (6, in_range(uca) & not_above(v3, e31), lambda: v3 + np.outer(uca, e31))):
            take = rest & cond
            closest = np.where(take[:, None], pt(), closest)
            kind = np.where(take, t, kind)
            rest &= ~take
        yield closest, kind


def kaotd_forward(points, face_vertices, part):
    """unbatched_triangle_distance_forward: each point's smallest squared distance over the faces (the kernel
    holds it in a float, so rounded to float32 before the comparison), the first face reaching it, and that
    face's feature type. part: 0 distances, 1 face indices (int64), 2 types (int32)."""
    P = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    best = np.full(len(P), np.inf)
    idx = np.zeros(len(P), np.int64)
    typ = np.zeros(len(P), np.int32)
    for f, (closest, kind) in enumerate(_kaotd_faces(points, face_vertices)):
        d = np.float32(((P - closest) ** 2).sum(axis=1)).astype(np.float64)
        better = d < best
        best = np.where(better, d, best)
        idx = np.where(better, f, idx)
        typ = np.where(better, kind, typ)
    return (best, idx, typ)[part]


def kaotd_backward(grad_dist, points, face_vertices, face_idx, dist_type, part):
    """unbatched_triangle_distance_backward: the gradient of each point's squared distance to its closest
    feature (plane, vertex or edge, by dist_type) times grad_dist, w.r.t. the point (part 0) and summed over
    the points into its face's three vertices (part 1, (num_faces, 3, 3)), following the kernel's chain rule
    term by term. In float64."""
    P = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    F = np.asarray(face_vertices, dtype=np.float64).reshape(-1, 3, 3)
    gp = np.zeros_like(P)
    gf = np.zeros_like(F)
    for i, p in enumerate(P):
        f, t = int(face_idx[i]), int(dist_type[i])
        v1, v2, v3 = F[f]
        e12, e23, e31 = v2 - v1, v3 - v2, v1 - v3
        g = 2.0 * float(grad_dist[i])
        if t == 0:
            point_vec = p - v1
            e21 = v1 - v2
            normal = np.cross(e21, e31)
            ln = np.sqrt(normal @ normal)
            un = normal / ln
            dist = point_vec @ un
            gdv = un * (dist * g)
            gd = un @ gdv
            gpv = un * gd
            gun = gdv * dist + point_vec * gd
            glen = -(normal @ gun) / (ln * ln)
            gd2 = glen / (2 * ln)
            gn = gun / ln + normal * (gd2 * 2.0)
            ge31, ge21 = np.cross(gn, e21), np.cross(e31, gn)
            gp[i] = gpv
            gf[f, 0] += ge31 + ge21 - gpv
            gf[f, 1] -= ge21
            gf[f, 2] -= ge31
        elif t in (1, 2, 3):
            v = F[f, t - 1]
            gv = (p - v) * g
            gf[f, t - 1] -= gv
            gp[i] = gv
        else:
            vab, pb, a, b = {4: (e12, p - v1, 1, 0), 5: (e23, p - v2, 2, 1), 6: (e31, p - v3, 0, 2)}[t]
            l, m = vab @ pb, vab @ vab
            k = l / m
            j = min(max(k, 0.0), 1.0)
            ib = (vab * j - pb) * g
            jb = ib @ vab
            kb = jb * (1.0 if 0 < k < 1 else 0.0)
            mb, lb = kb * (-l / (m * m)), kb / m
            pbb = vab * lb - ib
            vabb = vab * 2.0 * mb + pb * lb + ib * j
            gp[i] = pbb
            gf[f, a] += vabb
            gf[f, b] += -vabb - pbb
    return (gp, gf)[part]


def wphg_sorted_cells(n, ncells, rng):
    """A hash grid's sorted point cells: n cell indices in [0, ncells), sorted (radix_sort_pairs_device)."""
    return np.sort(rng.integers(0, ncells, n))


def wphg_sorted_keys(n, ncells, ngroups, rng):
    """compute_point_keys's composite keys, sorted: the cell in the high 32 bits, the group in the low."""
    cells = rng.integers(0, ncells, n).astype(np.uint64)
    groups = rng.integers(0, ngroups, n).astype(np.uint64)
    return np.sort((cells << np.uint64(32)) | groups)


def wphg_cell_ranges(point_cells, ncells, part):
    """Each cell's [start, end) in the sorted point_cells; 0, 0 for the empty cells (their zeroed entries).
    part: 0 starts, 1 ends."""
    c = np.asarray(point_cells, dtype=np.int64)
    starts = np.zeros(ncells, np.int32)
    ends = np.zeros(ncells, np.int32)
    for cell in np.unique(c):
        where = np.flatnonzero(c == cell)
        starts[cell], ends[cell] = where[0], where[-1] + 1
    return (starts, ends)[part]
# ---- unseen126: NiftyReg's LTS fit and affine field (nreg_), FlowNet2's correlation and Resample2d (fn2_)

def nreg_rigid_sums(ref, warped):
    """ReduceRigidSums: sum of the reference points, of the warped points and of every product
    ref[a] * warped[b] (index 6 + 3 a + b), in double."""
    r = np.asarray(ref, np.float64).reshape(-1, 3)
    w = np.asarray(warped, np.float64).reshape(-1, 3)
    return np.concatenate([r.sum(0), w.sum(0), (r[:, :, None] * w[:, None, :]).sum(0).reshape(9)])


def nreg_covariance(sums, count):
    """BuildCovariance: A (column-major 3 x 3) = Scross[a][b] - Sref[a] Swarped[b] / count."""
    s = np.asarray(sums, np.float64)
    a = np.zeros(9)
    for i in range(3):
        for j in range(3):
            a[j * 3 + i] = s[6 + i * 3 + j] - s[i] * s[3 + j] / count
    return a


def nreg_assemble_rigid(sums, count, u, v):
    """AssembleRigid: R[a][b] = sum_k V[3k + a] U[3k + b], V's last column negated when det R < 0 (and R
    recomputed), translation = mean(warped) - R mean(ref); a float32 4 x 4 with the last row (0, 0, 0, 1)."""
    s = np.asarray(sums, np.float64)
    u = np.asarray(u, np.float64)
    vl = np.array(v, np.float64)

    def rot():
        return np.array([[sum(vl[k * 3 + a] * u[k * 3 + b] for k in range(3)) for b in range(3)] for a in range(3)])
    r = rot()
    if np.linalg.det(r) < 0:
        vl[6:9] = -vl[6:9]
        r = rot()
    cr = s[0:3] / count
    cw = s[3:6] / count
    out = np.eye(4)
    out[:3, :3] = r
    out[:3, 3] = cw - r @ cr
    return out.astype(np.float32)


def nreg_assemble_affine(x):
    """AssembleAffine: the identity with rows 0-2 = X[4 r + c]."""
    out = np.eye(4)
    out[:3, :] = np.asarray(x, np.float64).reshape(3, 4)
    return out.astype(np.float32)


def nreg_affine_normal_sums(ref, warped):
    """ReduceAffineNormal: the 10 distinct entries of M^T M (M's rows [x y z 1]) and the 12 of M^T W, in double."""
    r = np.asarray(ref, np.float64).reshape(-1, 3)
    w = np.asarray(warped, np.float64).reshape(-1, 3)
    x, y, z = r[:, 0], r[:, 1], r[:, 2]
    one = np.ones_like(x)
    mtm = [x * x, x * y, x * z, x, y * y, y * z, y, z * z, z, one]
    mtw = [p * w[:, c] for p in (x, y, z, one) for c in range(3)]
    return np.array([t.sum() for t in mtm + mtw])


def nreg_build_affine_normal(s):
    """BuildAffineNormal: (An, Bn): the symmetric 4 x 4 normal matrix and the 4 x 3 right-hand side, column-major."""
    s = np.asarray(s, np.float64)
    m = np.zeros((4, 4))
    m[0, 0] = s[0]; m[0, 1] = m[1, 0] = s[1]; m[0, 2] = m[2, 0] = s[2]; m[0, 3] = m[3, 0] = s[3]
    m[1, 1] = s[4]; m[1, 2] = m[2, 1] = s[5]; m[1, 3] = m[3, 1] = s[6]
    m[2, 2] = s[7]; m[2, 3] = m[3, 2] = s[8]
    m[3, 3] = s[9]
    an = m.T.reshape(16)                       # An[col * 4 + row] = m[row][col]
    bn = np.zeros(12)
    for p in range(4):
        for c in range(3):
            bn[c * 4 + p] = s[10 + p * 3 + c]
    return an, bn


def nreg_residual(ref, warped, final):
    """ComputeResidual: |final * ref_k - warped_k|: the product in double rounded to float, the distance's
    squares and sum in float."""
    r = np.asarray(ref, np.float64).reshape(-1, 3)
    w = np.asarray(warped, np.float32).reshape(-1, 3)
    m = np.asarray(final, np.float64).reshape(4, 4)
    out = (r @ m[:3, :3].T + m[:3, 3]).astype(np.float32)
    d = (out - w).astype(np.float32)
    return np.sqrt((d * d).sum(1, dtype=np.float32)).astype(np.float32)


def nreg_gather(points, idx, k):
    """Gather: the points idx[0..k-1], interleaved xyz."""
    return np.asarray(points).reshape(-1, 3)[np.asarray(idx)[:k]].reshape(-1)


def nreg_affine_field(mat, field, mask, composition):
    """affineKernel: where mask >= 0, the voxel's position (its index, or the field's xyz when composing) times
    the row-major 4 x 4 matrix's first three rows, in double rounded to float, w = 0; elsewhere unchanged."""
    m = np.asarray(mat, np.float64).reshape(4, 4)
    f = np.array(field, np.float32)
    nz, ny, nx = f.shape[:3]
    if composition:
        v = f[..., :3].astype(np.float64)
    else:
        z, y, x = np.mgrid[0:nz, 0:ny, 0:nx]
        v = np.stack([x, y, z], -1).astype(np.float64)
    res = np.zeros(f.shape, np.float32)
    res[..., :3] = (v @ m[:3, :3].T + m[:3, 3]).astype(np.float32)
    sel = np.asarray(mask) >= 0
    f[sel] = res[sel]
    return f


def fn2_channels_first(x, pad):
    """channels_first: NCHW -> N(H + 2 pad)(W + 2 pad)C, the border zero (the host's fill_(0))."""
    x = np.asarray(x)
    n, c, h, w = x.shape
    out = np.zeros((n, h + 2 * pad, w + 2 * pad, c), x.dtype)
    out[:, pad:pad + h, pad:pad + w, :] = x.transpose(0, 2, 3, 1)
    return out


def fn2_correlation(r1, r2, ksize, maxd, s1, s2, oh, ow):
    """correlation_forward: out[n, (tj + d) D + (ti + d), y, x] = mean over the k x k window and the channels of
    r1[n, y1 + j, x1 + i, :] * r2[n, y1 + tj s2 + j, x1 + ti s2 + i, :], (y1, x1) = (y s1 + maxd, x s1 + maxd)."""
    r1 = np.asarray(r1, np.float64)
    r2 = np.asarray(r2, np.float64)
    nb, _, _, nc = r1.shape
    krad = (ksize - 1) // 2
    drad = maxd // s2
    dsz = 2 * drad + 1
    out = np.zeros((nb, dsz * dsz, oh, ow))
    for by in range(oh):
        for bx in range(ow):
            y1, x1 = by * s1 + maxd, bx * s1 + maxd
            for tj in range(-drad, drad + 1):
                for ti in range(-drad, drad + 1):
                    y2, x2 = y1 + tj * s2, x1 + ti * s2
                    acc = np.zeros(nb)
                    for j in range(-krad, krad + 1):
                        for i in range(-krad, krad + 1):
                            acc += (r1[:, y1 + j, x1 + i, :] * r2[:, y2 + j, x2 + i, :]).sum(1)
                    out[:, (tj + drad) * dsz + (ti + drad), by, bx] = acc / (ksize * ksize * nc)
    return out


def _cdiv(a, b):
    """C's integer division (towards zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def fn2_correlation_backward(which, item, grad_init, grad_out, rin, pad, ksize, maxd, s1, s2):
    """correlation_backward_input1 (which = 1: rin = rInput2) / _input2 (which = 2: rin = rInput1) for batch
    item n: grad[n, c, y, x] = sum over the output positions whose window covers the pixel and over the
    displacements of gradOutput times the other input at the displaced (or inversely displaced) pixel, / (k^2 C)."""
    g = np.array(grad_init, np.float64)
    go = np.asarray(grad_out, np.float64)
    rin = np.asarray(rin, np.float64)
    _, nc, h, w = g.shape
    _, nout, oh, ow = go.shape
    krad = (ksize - 1) // 2
    drad = maxd // s2
    dsz = 2 * drad + 1
    n = item
    for c in range(nc):
        for by in range(h):
            for bx in range(w):
                y, x = by * s1 + pad, bx * s1 + pad
                total = 0.0
                if which == 1:
                    xmin, ymin = _cdiv(x - krad - maxd, s1), _cdiv(y - krad - maxd, s1)
                    xmax, ymax = _cdiv(x + krad - maxd, s1), _cdiv(y + krad - maxd, s1)
                    if xmax < 0 or ymax < 0 or xmin >= ow or ymin >= oh or xmin > xmax or ymin > ymax:
                        continue
                    xmin, xmax, ymin, ymax = max(0, xmin), min(ow - 1, xmax), max(0, ymin), min(oh - 1, ymax)
                for tc in range(nout):
                    i2 = (tc % dsz - drad) * s2
                    j2 = (tc // dsz - drad) * s2
                    if which == 2:
                        xmin, ymin = _cdiv(x - krad - maxd - i2, s1), _cdiv(y - krad - maxd - j2, s1)
                        xmax, ymax = _cdiv(x + krad - maxd - i2, s1), _cdiv(y + krad - maxd - j2, s1)
                        if xmax < 0 or ymax < 0 or xmin >= ow or ymin >= oh or xmin > xmax or ymin > ymax:
                            continue
                        xmin, xmax, ymin, ymax = max(0, xmin), min(ow - 1, xmax), max(0, ymin), min(oh - 1, ymax)
                        val = rin[n, y - j2, x - i2, c]
                    else:
                        val = rin[n, y + j2, x + i2, c]
                    total += go[n, tc, ymin:ymax + 1, xmin:xmax + 1].sum() * val
                g[n, c, by, bx] = total / (ksize * ksize * nc)
    return g


def _fn2_coords(flow, b, y, x):
    xf = np.float32(np.float32(x) + np.float32(flow[b, 0, y, x]))
    yf = np.float32(np.float32(y) + np.float32(flow[b, 1, y, x]))
    return xf, yf


def fn2_resample(in1, flow):
    """kernel_resample2d_update_output, bilinear, kernel_size 1: in1 sampled at (x + dx, y + dy), the four
    neighbours' indices clamped to the image, the weights from the fractional parts (in double)."""
    in1 = np.asarray(in1, np.float64)
    flow = np.asarray(flow, np.float32)
    nb, nc, h, w = in1.shape
    out = np.zeros(in1.shape)
    for b in range(nb):
        for y in range(h):
            for x in range(w):
                xf, yf = _fn2_coords(flow, b, y, x)
                a = float(np.float32(xf - np.floor(xf)))
                be = float(np.float32(yf - np.floor(yf)))
                xl, xr = min(max(int(np.floor(xf)), 0), w - 1), min(max(int(np.floor(xf) + 1), 0), w - 1)
                yt, yb = min(max(int(np.floor(yf)), 0), h - 1), min(max(int(np.floor(yf) + 1), 0), h - 1)
                out[b, :, y, x] = ((1 - a) * (1 - be) * in1[b, :, yt, xl] + a * (1 - be) * in1[b, :, yt, xr]
                                   + (1 - a) * be * in1[b, :, yb, xl] + a * be * in1[b, :, yb, xr])
    return out


def fn2_resample_backward_input1(in1, flow, grad_out):
    """kernel_resample2d_backward_input1, kernel_size 1: each output gradient scattered to its four neighbours
    (clamped), weighted by alpha = xf - trunc(xf) and beta = yf - trunc(yf) (truncation, as the kernel writes it)."""
    flow = np.asarray(flow, np.float32)
    go = np.asarray(grad_out, np.float64)
    nb, nc, h, w = go.shape
    ih, iw = np.asarray(in1).shape[2:]
    g = np.zeros(np.asarray(in1).shape)
    for b in range(nb):
        for y in range(h):
            for x in range(w):
                xf, yf = _fn2_coords(flow, b, y, x)
                a = float(np.float32(xf - np.float32(int(xf))))
                be = float(np.float32(yf - np.float32(int(yf))))
                xl, xr = min(max(int(np.floor(xf)), 0), iw - 1), min(max(int(np.floor(xf) + 1), 0), iw - 1)
                yt, yb = min(max(int(np.floor(yf)), 0), ih - 1), min(max(int(np.floor(yf) + 1), 0), ih - 1)
                v = go[b, :, y, x]
                g[b, :, yt, xl] += (1 - a) * (1 - be) * v
                g[b, :, yt, xr] += a * (1 - be) * v
                g[b, :, yb, xl] += (1 - a) * be * v
                g[b, :, yb, xr] += a * be * v
    return g


def fn2_resample_backward_input2(in1, flow, grad_out):
    """kernel_resample2d_backward_input2, kernel_size 1: the flow's gradient, channel 0 (x) from the
    horizontal differences of the neighbours weighted by gamma = 1 - frac(yf), channel 1 (y) from the vertical
    ones weighted by gamma = 1 - frac(xf), summed over the image's channels against gradOutput."""
    in1 = np.asarray(in1, np.float64)
    flow = np.asarray(flow, np.float32)
    go = np.asarray(grad_out, np.float64)
    nb, _, h, w = flow.shape
    out = np.zeros(flow.shape)
    for b in range(nb):
        for c in range(2):
            for y in range(h):
                for x in range(w):
                    xf, yf = _fn2_coords(flow, b, y, x)
                    xl, xr = min(max(int(np.floor(xf)), 0), w - 1), min(max(int(np.floor(xf) + 1), 0), w - 1)
                    yt, yb = min(max(int(np.floor(yf)), 0), h - 1), min(max(int(np.floor(yf) + 1), 0), h - 1)
                    gv = go[b, :, y, x]
                    if c % 2:
                        gm = float(np.float32(1 - np.float32(xf - np.floor(xf))))
                        t = (gm * gv * (in1[b, :, yb, xl] - in1[b, :, yt, xl])
                             + (1 - gm) * gv * (in1[b, :, yb, xr] - in1[b, :, yt, xr]))
                    else:
                        gm = float(np.float32(1 - np.float32(yf - np.floor(yf))))
                        t = (gm * gv * (in1[b, :, yt, xr] - in1[b, :, yt, xl])
                             + (1 - gm) * gv * (in1[b, :, yb, xr] - in1[b, :, yb, xl]))
                    out[b, c, y, x] = t.sum()
    return out


def nreg_orthonormal(rng, sign):
    """A random 3 x 3 orthonormal matrix (flattened) of determinant sign (cuSOLVER's U or V of the SVD)."""
    q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    if np.sign(np.linalg.det(q)) != sign:
        q[:, 2] = -q[:, 2]
    return q.reshape(9)
# ---- unseen127: MPGOS's per-thread ODE solver (mpgos_) and The Virtual Brain's RateML-generated models (tvbrml_)

def _mpgos_lorenz_f(x, rho, dt):
    """Lorenz_SystemDefinition.cuh's right-hand side at the kernel's precision dt: the literals 10.0 and 2.666
    are doubles, so in float the products and the last difference are double before the store."""
    x0, x1, x2 = (np.float64(v) for v in x)
    f0 = 10.0 * np.float64(dt(x[1] - x[0]))
    f1 = np.float64(dt(dt(rho * x[0]) - x[1]) - dt(x[0] * x[2]))
    f2 = np.float64(dt(x[0] * x[1])) - 2.666 * x2
    return [dt(f0), dt(f1), dt(f2)]


def _mpgos_rk4(x, t, h, rho, dt):
    """PerThread_Stepper_RK4: k1 in NextState, then NextState += 2 k2, += 2 k3, x + h/6 (NextState + k4)."""
    h2, h6 = dt(dt(0.5) * h), dt(dt(1.0 / 6.0) * h)
    ns = _mpgos_lorenz_f(x, rho, dt)
    k = _mpgos_lorenz_f([dt(x[i] + ns[i] * h2) for i in range(3)], rho, dt)
    ns = [dt(ns[i] + dt(2.0) * k[i]) for i in range(3)]
    k = _mpgos_lorenz_f([dt(x[i] + k[i] * h2) for i in range(3)], rho, dt)
    ns = [dt(ns[i] + dt(2.0) * k[i]) for i in range(3)]
    k = _mpgos_lorenz_f([dt(x[i] + k[i] * h) for i in range(3)], rho, dt)
    return [dt(x[i] + h6 * dt(ns[i] + k[i])) for i in range(3)]


def _mpgos_rkck45(x, t, h, rho, dt):
    """PerThread_Stepper_RKCK45: the Cash-Karp tableau, the fifth-order solution and |error| * h + 1e-18."""
    f = lambda y: [np.float64(v) for v in _mpgos_lorenz_f([dt(v) for v in y], rho, dt)]
    x = [np.float64(v) for v in x]
    k1 = f(x)
    k2 = f([x[i] + h * (1 / 5 * k1[i]) for i in range(3)])
    k3 = f([x[i] + h * (3 / 40 * k1[i] + 9 / 40 * k2[i]) for i in range(3)])
    k4 = f([x[i] + h * (3 / 10 * k1[i] - 9 / 10 * k2[i] + 6 / 5 * k3[i]) for i in range(3)])
    k5 = f([x[i] + h * (-11 / 54 * k1[i] + 5 / 2 * k2[i] - 70 / 27 * k3[i] + 35 / 27 * k4[i]) for i in range(3)])
    k6 = f([x[i] + h * (1631 / 55296 * k1[i] + 175 / 512 * k2[i] + 575 / 13824 * k3[i] + 44275 / 110592 * k4[i]
                        + 253 / 4096 * k5[i]) for i in range(3)])
    ns = [x[i] + h * (37 / 378 * k1[i] + 250 / 621 * k3[i] + 125 / 594 * k4[i] + 512 / 1771 * k6[i]) for i in range(3)]
    err = [h * abs((37 / 378 - 2825 / 27648) * k1[i] + (250 / 621 - 18575 / 48384) * k3[i]
                   + (125 / 594 - 13525 / 55296) * k4[i] - 277 / 14336 * k5[i] + (512 / 1771 - 1 / 4) * k6[i]) + 1e-18
           for i in range(3)]
    return ns, err


def mpgos_lorenz(td, state, rho, t0, algorithm, h0, precision="float64", rtol=1e-8, atol=1e-8, h_max=1e6,
                 h_min=1e-12, grow=5.0, shrink=0.1):
    """SingleSystem_PerThread for the Lorenz tutorial, thread by thread: the solver loop (the step cut to the
    time domain's end, which ends the run), RK4 with the fixed step h0, or RKCK45 with
    PerThread_ErrorController_RKCK45 (tolerance max(rtol max(|new|, |old|), atol), 0.9 ratio^(1/5) after an
    accepted step, ^(1/4) after a rejected one, the grow/shrink limits, h_max / h_min). Returns
    {'state': [3, NT], 'time': [NT]}."""
    dt = np.dtype(precision).type
    td, state, rho, t0 = (np.asarray(a, dtype=precision) for a in (td, state, rho, t0))
    out, tout = state.copy(), t0.copy()
    for k in range(state.shape[1]):
        x = [dt(v) for v in state[:, k]]
        t, t_end, new_h = dt(t0[k]), dt(td[1, k]), dt(h0)
        while True:
            h, end = new_h, False
            if h > dt(t_end - t):
                h, end = dt(t_end - t), True
            if algorithm == "RK4":
                nxt, ok, new_h = _mpgos_rk4(x, t, h, rho[0, k], dt), True, dt(h0)
            else:
                nxt, err = _mpgos_rkck45(x, t, h, rho[0, k], dt)
                ok, ratio = True, 1e30
                for i in range(3):
                    tol = max(rtol * max(abs(nxt[i]), abs(x[i])), atol)
                    ok = ok and err[i] < tol
                    ratio = min(ratio, tol / err[i])
                m = 0.9 * ratio ** (1 / 5 if ok else 1 / 4)
                m = max(min(m, grow), shrink)
                new_h = max(min(h * m, h_max), h_min)
            if ok:
                t = dt(t + h)
                x = [dt(v) for v in nxt]
                if end:
                    break
        out[:, k], tout[k] = x, t
    return {"state": out, "time": tout}


def _tvbrml_delay(lengths, speed, dt):
    """The kernels' delay in steps: (int)(length * (1.0f / speed / dt) + 0.5) in float32, the conversion
    saturating as cvt.rzi.s32 does (a speed of 0 gives +inf: 2^31 - 1), as uint32: [size, n, n]."""
    f = np.float32
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        rec = (f(1.0) / speed.astype(f) / f(dt)).astype(f)
        d = (lengths.astype(f)[None] * rec[:, None, None]).astype(f)
        d = (d.astype(np.float64) + 0.5).astype(f)
        d = d.astype(np.float64)                       # (2^31 - 1 is not a float32)
        i = np.where(np.isnan(d), 0.0, np.where(d >= 2147483647.0, 2147483647.0, np.trunc(np.nan_to_num(d))))
    return i.astype(np.int64).astype(np.uint32)


def tvbrml_model(model, weights, lengths, params, state, tavg, n_step, nh, dt, i_step=0):
    """A RateML generated kernel, every work item at once, in float64 over the float32 buffers: the delayed
    coupling sum over j (weights != 0) of the coupled variable at slot (t - d_ij + nh) % nh (uint32), the
    model's forward Euler step, the clamps, the store at slot (t + 1) % nh, and tavg += value / n_step for the
    observed variables. Nodes in order, so a delay that wraps to slot t + 1 reads this step's earlier nodes.
    Returns {'state': ..., 'tavg': ...} in the buffers' [slot, var * n + node, work item] layout."""
    st = np.asarray(state, dtype=np.float32).copy()
    tv = np.asarray(tavg, dtype=np.float32).copy()
    n, size = weights.shape[0], params.shape[1]
    speed, coupling = params[0].astype(np.float32), params[1].astype(np.float32)
    d = _tvbrml_delay(lengths, speed, dt)
    w = weights.astype(np.float32).astype(np.float64)
    nv = {"oscillator": 2, "montbrio": 2, "epileptor": 6, "rwongwang": 2}[model]
    obs = {"oscillator": [0, 1], "montbrio": [0, 1], "epileptor": [0, 3], "rwongwang": [0, 1]}[model]
    c_var = {"oscillator": [0], "montbrio": [0, 1], "epileptor": [0], "rwongwang": [0]}[model]
    tv[:n] = 0
    if i_step == 0:
        st[0, :n] = 0
    cols = np.arange(size)
    for t in range(i_step, i_step + n_step):
        for i in range(n):
            if t == i_step:
                tv[[v * n + i for v in range(len(obs) if model != "epileptor" else 6)]] = 0
            y = [st[t % nh, v * n + i].astype(np.float64) for v in range(nv)]
            c = [np.zeros(size) for _ in c_var]
            for j in range(n):
                if w[i, j] == 0.0:
                    continue
                slot = ((np.uint32(t) - d[:, i, j] + np.uint32(nh)) % np.uint32(nh)).astype(np.int64)
                for ci, v in enumerate(c_var):
                    yj = st[slot, v * n + j, cols].astype(np.float64)
                    if model in ("oscillator", "montbrio", "rwongwang"):
                        c[ci] = c[ci] + w[i, j] * yj
                    else:
                        c[ci] = c[ci] + w[i, j] * np.sin(yj - y[0])
            c = [ci * coupling for ci in c]
            y = _tvbrml_step(model, y, c, dt)
            for v in range(nv):
                st[(t + 1) % nh, v * n + i] = y[v]
            for k, v in enumerate(obs):
                tv[k * n + i] = (tv[k * n + i].astype(np.float64) + y[v] / n_step).astype(np.float32)
    return {"state": st, "tavg": tv}


def _tvbrml_step(model, y, c, dt):
    """One forward Euler step of each model's equations (as the generated kernels write them), clamped."""
    if model == "oscillator":
        V, W = y
        tau, I, a, b, cc, d, e, f, g, alpha, beta, gamma = 1.0, 0.1, 0.5, 0.4, -4.0, 0.02, 3.0, 1.0, 0.0, 1.0, 1.0, 1.0
        dV = dt * (d * tau * (alpha * W - f * V ** 3 + e * V ** 2 + g * V + gamma * I + gamma * c[0] * V))
        dW = dt * (d * (a + b * V + cc * V ** 2 - beta * W) / tau)
        return [np.clip(V + dV, -2.0, 4.0), np.clip(W + dW, -6.0, 6.0)]
    if model == "montbrio":
        r, V = y
        tau, I, Delta, J, eta, cr, cv = 1.0, 0.0, 0.7, 14.5, -4.6, 1.0, 1.0
        pi = float(np.float32(np.pi))
        dr = dt * (1 / tau * (Delta / (pi * tau) + 2 * V * r))
        dV = dt * (1 / tau * (V ** 2 - pi ** 2 * tau ** 2 * r ** 2 + eta + J * tau * r + I + cr * c[0] + cv * c[1]))
        return [np.maximum(r + dr, 0.0), V + dV]
    if model == "epileptor":
        x1, y1, z, x2, y2, g = y
        a, b, cc, d, r, x0, Iext, slope, Iext2, tau, aa, bb, tt = 1.0, 3.0, 1.0, 5.0, 0.00035, -1.6, 3.1, 0.0, 0.45, \
            10.0, 6.0, 2.0, 1.0
        ydot0 = np.where(x1 < 0.0, -a * x1 ** 2 + b * x1, slope - x2 + 0.6 * (z - 4) ** 2)
        ydot2 = np.where(z < 0.0, -0.1 * z ** 7, 0.0)
        h = 4 * (x1 - x0) + ydot2
        ydot4 = np.where(x2 < -0.25, 0.0, aa * (x2 + 0.25))
        return [x1 + dt * (tt * (y1 - z + Iext + ydot0)), y1 + dt * (tt * (cc - d * x1 ** 2 - y1)),
                z + dt * (tt * (r * (h - z))), x2 + dt * (tt * (-y2 + x2 - x2 ** 3 + Iext2 + bb * g - 0.3 * (z - 3.5))),
                y2 + dt * (tt * (-y2 + ydot4) / tau), g + dt * (tt * (-0.01 * (g - 0.1 * x1)))]
    V, W = y                                                   # rwongwang
    a_E, b_E, d_E, a_I, b_I, d_I = 310.0, 125.0, 0.160, 615.0, 177.0, 0.087
    gamma_E, tau_E, w_plus, w_E, gamma_I, tau_I, w_I, I_0, J_NMDA, JI = \
        np.float32(0.641 / 1000.0), 100.0, 1.4, 1.0, np.float32(1.0 / 1000.0), 10.0, 0.7, 0.382, 0.15, 1.0
    I_E = a_E * ((w_E * I_0) + (w_plus * J_NMDA) * V + c[0] - JI * W) - b_E
    H_E = I_E / (1.0 - np.exp((-1.0 * d_E) * I_E))
    I_I = (a_I * (((w_I * I_0) + (J_NMDA * V)) - W)) - b_I
    H_I = I_I / (1.0 - np.exp((-1.0 * d_I) * I_I))
    dV = dt * (((-1.0 / tau_E) * V) + (H_E * (1 - V) * float(gamma_E)))
    dW = dt * (((-1.0 / tau_I) * W) + (H_I * float(gamma_I)))
    return [np.clip(V + dV, 0.0, 1.0), np.clip(W + dW, 0.0, 1.0)]


def tvbrml_bold(bold_state, neural, dt):
    """bold_update: one Euler step of the Balloon-Windkessel model (s, f, v, q) per node and thread, from the
    kernel's constants (Stefan 2007), and the BOLD signal V0 (k1 (1 - q) + k2 (1 - q / v) + k3 (1 - v)) of the
    new state. Returns {'bold_state': [4, n, nt], 'out': [n, nt]}."""
    b = np.asarray(bold_state, dtype=np.float64)
    x = np.asarray(neural, dtype=np.float64)
    s, f, v, q = b
    TAU_S, TAU_F, TAU_O, ALPHA, TE, V0, E0, EPSILON, NU_0, R_0 = 0.65, 0.41, 0.98, 0.32, 0.04, 4.0, 0.4, 0.5, 40.3, 25.0
    k1, k2, k3 = 4.3 * NU_0 * E0 * TE, EPSILON * R_0 * E0 * TE, 1.0 - EPSILON
    ds = x - s / TAU_S - (f - 1.0) / TAU_F
    df = s
    dv = (f - v ** (1 / ALPHA)) / TAU_O
    dq = (f * (1.0 - (1.0 - E0) ** (1.0 / f)) / E0 - v ** (1 / ALPHA) * (q / v)) / TAU_O
    s, f, v, q = s + dt * ds, f + dt * df, v + dt * dv, q + dt * dq
    return {"bold_state": np.stack([s, f, v, q]),
            "out": V0 * (k1 * (1.0 - q) + k2 * (1.0 - q / v) + k3 * (1.0 - v))}


# ---- unseen128: vLLM's MoE align/sum kernels (vllmmoe_) and SGLang's MoE input preparation (sglmoe_)

def vllmmoe_padded_starts(topk_ids, num_experts, block_size):
    """Each expert's count of top-k slots and its run in the padded order: the runs follow one another in
    expert order, each rounded up to a multiple of block_size. Returns (counts, starts[num_experts + 1])."""
    ids = np.asarray(topk_ids).ravel()
    counts = np.bincount(ids[ids < num_experts], minlength=num_experts)
    padded = -(-counts // block_size) * block_size
    return counts, np.r_[0, np.cumsum(padded)]


def vllmmoe_expert_ids(topk_ids, num_experts, block_size, max_padded):
    """expert_ids: one entry per block of block_size sorted slots, the expert whose run holds it; the entries
    after the last run 0 (up to ceil(max_padded / block_size))."""
    _, starts = vllmmoe_padded_starts(topk_ids, num_experts, block_size)
    out = np.zeros(-(-max_padded // block_size), dtype=np.int64)
    for e in range(num_experts):
        out[starts[e] // block_size:starts[e + 1] // block_size] = e
    return out


def vllmmoe_sorted_ids(topk_ids, num_experts, block_size, max_padded, order_key=None):
    """sorted_token_ids: the flat index i of each top-k slot, in its expert's run (in increasing i, or by
    order_key(i) where the kernel orders a run otherwise), the padding and the tail numel."""
    ids = np.asarray(topk_ids).ravel()
    _, starts = vllmmoe_padded_starts(ids, num_experts, block_size)
    out = np.full(max_padded, ids.size, dtype=np.int64)
    for e in range(num_experts):
        idx = np.flatnonzero(ids == e)
        if order_key is not None:
            idx = np.array(sorted(idx, key=order_key), dtype=np.int64)
        out[starts[e]:starts[e] + idx.size] = idx
    return out


def vllmmoe_sort_runs(sorted_ids, topk_ids, num_experts, block_size):
    """The kernel's sorted_token_ids with each expert's run sorted: the order inside a run is the order of
    the atomicAdds (count_and_sort_expert_tokens_kernel)."""
    out = np.array(sorted_ids, copy=True)
    _, starts = vllmmoe_padded_starts(topk_ids, num_experts, block_size)
    for e in range(num_experts):
        out[starts[e]:starts[e + 1]] = np.sort(out[starts[e]:starts[e + 1]])
    return out


def vllmmoe_batched(batch_num_tokens, max_tokens_per_batch, block_size):
    """batched_moe_align_block_size: batch b's tokens b * max_tokens_per_batch + i (i < n_b) at the start of
    its run of ceil(n_b / block_size) * block_size slots, the rest num_batches * max_tokens_per_batch; block_ids
    b for the run's blocks, -1 after; num_tokens_post_pad the runs' total."""
    n = np.asarray(batch_num_tokens, dtype=np.int64)
    B = n.size
    size = B * max(block_size, max_tokens_per_batch)
    padded = -(-n // block_size) * block_size
    starts = np.r_[0, np.cumsum(padded)]
    sorted_ids = np.full(size, B * max_tokens_per_batch, dtype=np.int64)
    block_ids = np.full(size // block_size, -1, dtype=np.int64)
    for b in range(B):
        sorted_ids[starts[b]:starts[b] + n[b]] = b * max_tokens_per_batch + np.arange(n[b])
        block_ids[starts[b] // block_size:starts[b + 1] // block_size] = b
    return {"sorted_ids": sorted_ids, "block_ids": block_ids, "post_pad": [starts[-1]]}


def sglmoe_shuffle_mul_sum(inp, permutation, factors, m, topk):
    """apply_shuffle_mul_sum_kernel with a 16-bit float scalar_t: out[i] = sum over j of factors[i topk + j] *
    inp[permutation[i topk + j]], the rows with permutation >= m skipped, each product and each partial sum
    rounded to half (at::Half's arithmetic: float, then back to half)."""
    x = np.asarray(inp, dtype=np.float16)
    f = np.asarray(factors, dtype=np.float16).ravel()
    p = np.asarray(permutation).ravel()
    out = np.zeros((m, x.shape[1]), dtype=np.float16)
    for i in range(m):
        s = np.zeros(x.shape[1], dtype=np.float16)
        for j in range(topk):
            r = p[i * topk + j]
            if r >= m:
                continue
            prod = (np.float32(f[i * topk + j]) * x[r].astype(np.float32)).astype(np.float16)
            s = (s.astype(np.float32) + prod.astype(np.float32)).astype(np.float16)
        out[i] = s
    return out
# ---- unseen129: flashlight's force-alignment criterion and target utilities (flseq_), PyTorch's first CUDA CTC loss
# (ptctc_). Written from the two recurrences' definitions (the ASG force-alignment numerator of Collobert et al. 2016,
# a monotone path through the target that stays or moves one letter a frame, scores emissions plus transitions; CTC's
# blank-extended label sequence of Graves et al. 2006, with forward and backward variables in log space), in float64,
# not from the kernels.

FLSEQ_B, FLSEQ_T, FLSEQ_N, FLSEQ_L = 2, 12, 6, 5
FLSEQ_TSIZE = [5, 3]


def flseq_case(name, seed=12901):
    """The force-alignment case: B = 2 sequences of T = 12 frames over N = 6 letters, targets of 5 and 3 letters
    (row 1 padded with -1 to the batch's width 5; row 0 repeats a letter), emissions and transitions normal(0, 1)
    float32; scale = sqrt(1 / target size) (TARGET_SZ_SQRT). Names: input [B, T, N], target [B, 5], targetSize,
    trans [N, N], scale, transBuf1 / transBuf2 [B, 5] (the stay and move transitions of each target letter, 0 past
    the target and for the first letter's move), alpha [B * T * 5] (the forward scores in the kernel's layout: row b at
    b * T * 5, frame t of it at t * L_b; zero outside the cells on a complete path, as the kernel leaves them), loss,
    grad (the loss gradients, [1, 0.5]), inputGrad [B, T, N], transGrad [N, N], bestPaths [B * T]."""
    return _flseq_case(seed)[name]


@functools.lru_cache(maxsize=None)
def _flseq_case(seed):
    rng = np.random.default_rng(seed)
    B, T, N, W = FLSEQ_B, FLSEQ_T, FLSEQ_N, FLSEQ_L
    inp = rng.standard_normal((B, T, N)).astype(np.float32)
    trans = rng.standard_normal((N, N)).astype(np.float32)
    target = np.full((B, W), -1, np.int32)
    target[0] = [1, 4, 4, 2, 0]
    target[1, :3] = [3, 5, 1]
    tsize = np.array(FLSEQ_TSIZE, np.int32)
    scale = np.sqrt(1.0 / tsize.astype(np.float64)).astype(np.float32)
    grad = np.array([1.0, 0.5], np.float32)
    tb1 = np.zeros((B, W), np.float32)
    tb2 = np.zeros((B, W), np.float32)
    alpha_out = np.zeros(B * T * W, np.float64)
    loss = np.zeros(B, np.float32)
    input_grad = np.zeros((B, T, N), np.float64)
    trans_grad = np.zeros((N, N), np.float64)
    paths = np.zeros(B * T, np.int32)
    for b in range(B):
        L = int(tsize[b])
        c = target[b, :L].astype(np.int64)
        stay = trans[c, c].astype(np.float64)
        move = np.zeros(L)
        move[1:] = trans[c[1:], c[:-1]]
        tb1[b, :L] = stay
        tb2[b, :L] = move
        e = inp[b].astype(np.float64)[:, c]            # [T, L]: emission of letter i at frame t
        t_idx, i_idx = np.meshgrid(np.arange(T), np.arange(L), indexing="ij")
        band = (i_idx <= t_idx) & (L - 1 - i_idx <= T - 1 - t_idx)   # on some complete path
        a = np.full((T, L), -np.inf)
        v = np.full((T, L), -np.inf)
        a[0, 0] = v[0, 0] = e[0, 0]
        for t in range(1, T):
            for i in range(L):
                if not band[t, i]:
                    continue
                s1, s2 = a[t - 1, i] + stay[i], (a[t - 1, i - 1] + move[i] if i > 0 else -np.inf)
                a[t, i] = np.logaddexp(s1, s2) + e[t, i]
                w1, w2 = v[t - 1, i] + stay[i], (v[t - 1, i - 1] + move[i] if i > 0 else -np.inf)
                v[t, i] = max(w1, w2) + e[t, i]
        z = a[T - 1, L - 1]
        beta = np.full((T, L), -np.inf)                 # log of the paths from (t, i) to the end, emission excluded
        beta[T - 1, L - 1] = 0.0
        for t in range(T - 2, -1, -1):
            for i in range(L):
                if not band[t, i]:
                    continue
                s = beta[t + 1, i] + stay[i] + e[t + 1, i]
                if i + 1 < L:
                    s = np.logaddexp(s, beta[t + 1, i + 1] + move[i + 1] + e[t + 1, i + 1])
                beta[t, i] = s
        post = np.where(band, np.exp(a + beta - z), 0.0)
        gs = float(np.float32(grad[b]) * np.float32(scale[b]))
        for t in range(T):
            for i in range(L):
                input_grad[b, t, c[i]] += post[t, i]
        tg = np.zeros((N, N))
        for t in range(1, T):
            for i in range(L):
                if not band[t, i]:
                    continue
                tg[c[i], c[i]] += np.exp(a[t - 1, i] + stay[i] + e[t, i] + beta[t, i] - z) if np.isfinite(a[t - 1, i]) else 0.0
                if i > 0 and np.isfinite(a[t - 1, i - 1]):
                    tg[c[i], c[i - 1]] += np.exp(a[t - 1, i - 1] + move[i] + e[t, i] + beta[t, i] - z)
        input_grad[b] *= gs
        trans_grad += gs * tg
        kept = np.where(band, a, 0.0)
        kept[0, :] = 0.0
        kept[0, 0] = e[0, 0]
        alpha_out[b * T * W: b * T * W + T * L] = kept.reshape(-1)
        loss[b] = z * float(scale[b])
        i = L - 1
        for t in range(T - 1, 0, -1):
            paths[b * T + t] = c[i]
            if i > 0 and v[t - 1, i - 1] + move[i] > v[t - 1, i] + stay[i]:
                i -= 1
        paths[b * T] = c[i]
    return {"input": inp, "target": target, "targetSize": tsize, "trans": trans, "scale": scale, "grad": grad,
            "transBuf1": tb1, "transBuf2": tb2, "alpha": alpha_out, "loss": loss,
            "inputGrad": input_grad.astype(np.float32), "transGrad": trans_grad.astype(np.float32), "bestPaths": paths}


def flseq_target_sizes(target, max_size):
    """Each row's target size: one past the last non-negative entry (0 for none), at most max_size."""
    t = np.asarray(target)
    out = []
    for row in t:
        nz = np.nonzero(row >= 0)[0]
        out.append(min(int(nz[-1]) + 1 if len(nz) else 0, max_size))
    return np.array(out, np.int32)


PTCTC_T, PTCTC_B, PTCTC_C, PTCTC_S = 12, 2, 6, 4


def ptctc_case(name, seed=12902):
    """The CTC case: log_probs [T = 12, B = 2, C = 6] float32, log-softmax of normal(0, 1.5) logits; blank 0; targets
    [B, 4] int64 (row 0: 1 3 3 5, a repeated label; row 1: 2 4 then padding 0), target lengths 4 and 2, input lengths
    12 and 12; tg_offsets = [0, 4] (the host's arange over the batch stride). Names also: alpha, beta [B, T, 9]
    (log forward / backward variables over the blank-extended sequence, -inf past 2 * length + 1), nll [B],
    grad [T, B, C] (d nll / d logits with the loss gradient 1: exp(lp) - the label's posterior)."""
    return _ptctc_case(seed)[name]


@functools.lru_cache(maxsize=None)
def _ptctc_case(seed):
    rng = np.random.default_rng(seed)
    T, B, C, S = PTCTC_T, PTCTC_B, PTCTC_C, PTCTC_S
    logits = rng.normal(0.0, 1.5, (T, B, C))
    lp = (logits - np.log(np.exp(logits).sum(-1, keepdims=True))).astype(np.float32)
    targets = np.zeros((B, S), np.int64)
    targets[0] = [1, 3, 3, 5]
    targets[1, :2] = [2, 4]
    tl = np.array([4, 2], np.int64)
    il = np.array([T, T], np.int64)
    W = 2 * S + 1
    alpha = np.full((B, T, W), -np.inf)
    beta = np.full((B, T, W), -np.inf)
    nll = np.zeros(B)
    grad = np.zeros((T, B, C))
    for b in range(B):
        n = int(tl[b])
        ext = np.zeros(2 * n + 1, np.int64)
        ext[1::2] = targets[b, :n]
        x = lp[:, b, :].astype(np.float64)
        Ti = int(il[b])
        alpha[b, 0, 0] = x[0, 0]
        if n > 0:
            alpha[b, 0, 1] = x[0, ext[1]]
        for t in range(1, Ti):
            for s in range(2 * n + 1):
                v = alpha[b, t - 1, s]
                if s > 0:
                    v = np.logaddexp(v, alpha[b, t - 1, s - 1])
                if s > 1 and ext[s] != ext[s - 2]:
                    v = np.logaddexp(v, alpha[b, t - 1, s - 2])
                alpha[b, t, s] = v + x[t, ext[s]]
        beta[b, Ti - 1, 2 * n] = x[Ti - 1, 0]
        if n > 0:
            beta[b, Ti - 1, 2 * n - 1] = x[Ti - 1, ext[2 * n - 1]]
        for t in range(Ti - 2, -1, -1):
            for s in range(2 * n + 1):
                v = beta[b, t + 1, s]
                if s < 2 * n:
                    v = np.logaddexp(v, beta[b, t + 1, s + 1])
                if s < 2 * n - 1 and ext[s + 2] != ext[s]:
                    v = np.logaddexp(v, beta[b, t + 1, s + 2])
                beta[b, t, s] = v + x[t, ext[s]]
        ll = np.logaddexp(alpha[b, Ti - 1, 2 * n], alpha[b, Ti - 1, 2 * n - 1] if n > 0 else -np.inf)
        nll[b] = -ll
        for t in range(Ti):
            occ = np.zeros(C)
            for s in range(2 * n + 1):
                occ[ext[s]] += np.exp(alpha[b, t, s] + beta[b, t, s] - x[t, ext[s]] - ll)
            grad[t, b] = np.exp(x[t]) - occ
    return {"log_probs": lp, "targets": targets, "target_lengths": tl, "input_lengths": il,
            "tg_offsets": np.array([0, S], np.int64), "alpha": alpha.astype(np.float32),
            "beta": beta.astype(np.float32), "nll": nll.astype(np.float32), "grad": grad.astype(np.float32)}
# ---- unseen130: cuLDPC's QC-LDPC min-sum decoder (culdpc_)

# IEEE 802.16e (WiMAX) rate-1/2 base matrix, Z = 96: -1 an all-zero block, s >= 0 the identity shifted by s
# (the standard's table, as cuLDPC_matrix.h holds it)
_CULDPC_H_BASE = np.array([
    [-1, 94, 73, -1, -1, -1, -1, -1, 55, 83, -1, -1, 7, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1],
    [-1, 27, -1, -1, -1, 22, 79, 9, -1, -1, -1, 12, -1, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1],
    [-1, -1, -1, 24, 22, 81, -1, 33, -1, -1, -1, 0, -1, -1, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1],
    [61, -1, 47, -1, -1, -1, -1, -1, 65, 25, -1, -1, -1, -1, -1, 0, 0, -1, -1, -1, -1, -1, -1, -1],
    [-1, -1, 39, -1, -1, -1, 84, -1, -1, 41, 72, -1, -1, -1, -1, -1, 0, 0, -1, -1, -1, -1, -1, -1],
    [-1, -1, -1, -1, 46, 40, -1, 82, -1, -1, -1, 79, 0, -1, -1, -1, -1, 0, 0, -1, -1, -1, -1, -1],
    [-1, -1, 95, 53, -1, -1, -1, -1, -1, 14, 18, -1, -1, -1, -1, -1, -1, -1, 0, 0, -1, -1, -1, -1],
    [-1, 11, 73, -1, -1, -1, 2, -1, -1, 47, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, -1, -1, -1],
    [12, -1, -1, -1, 83, 24, -1, 43, -1, -1, -1, 51, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, -1, -1],
    [-1, -1, -1, -1, -1, 94, -1, 59, -1, -1, 70, 72, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, -1],
    [-1, -1, 7, 65, -1, -1, -1, -1, 39, 49, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0],
    [43, -1, -1, -1, -1, 66, -1, 41, -1, -1, -1, 26, 7, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0]])
_CULDPC_Z = 96
_CULDPC_ROW = 12 * 96                     # a check-message plane's length: one value per check row


def _culdpc_rows():
    """For each block row r, its non-empty blocks (block column, shift) left to right."""
    return [[(c, int(s)) for c, s in enumerate(_CULDPC_H_BASE[r]) if s >= 0] for r in range(12)]


def _culdpc_cols():
    """For each block column c, its non-empty blocks (block row, shift) top to bottom."""
    return [[(r, int(_CULDPC_H_BASE[r, c])) for r in range(12) if _CULDPC_H_BASE[r, c] >= 0] for c in range(24)]


def culdpc_h_compact1():
    """The row-wise compact H the host copies to dev_h_compact1[7][12]: entry [k][r] the k-th non-empty block of
    block row r as (x, y, value, valid) = (r, block column, shift, 1); empty slots (0, 0, -1, 0)."""
    h = np.zeros((7, 12, 4), dtype=np.int8)
    h[:, :, 2] = -1
    for r, blocks in enumerate(_culdpc_rows()):
        for k, (c, s) in enumerate(blocks):
            h[k, r] = (r, c, s, 1)
    return h


def culdpc_h_compact2():
    """The column-wise compact H for dev_h_compact2[12][24]: entry [k][c] the k-th non-empty block of block
    column c as (block row, c, shift, 1)."""
    h = np.zeros((12, 24, 4), dtype=np.int8)
    h[:, :, 2] = -1
    for c, blocks in enumerate(_culdpc_cols()):
        for k, (r, s) in enumerate(blocks):
            h[k, c] = (r, c, s, 1)
    return h


def culdpc_cnp(llr, R, dt, first):
    """One check-node pass of the scaled (0.75) min-sum decoder over every codeword (rows of llr): for check row
    t of block row r, the messages Q_i = llr[col_i] (- the old R_i after the first iteration), col_i the column of
    the row's i-th block; new R_i = 0.75 * (product of the signs) * sign(Q_i) * (the smallest |Q| of the others).
    R and dt are [codeword, block column * ROW + check row]; returns (dt, R) with the row's slots written:
    R the new message, dt the new message less the old one (the new one itself in the first iteration).
    In float32 as the kernel computes it (exact: sign flips, one 0.75 * m rounding, one subtraction)."""
    llr = np.asarray(llr, dtype=np.float32)
    R_old = np.asarray(R, dtype=np.float32)
    R_new, dt = R_old.copy(), np.asarray(dt, dtype=np.float32).copy()
    Z, t = _CULDPC_Z, np.arange(_CULDPC_Z)
    for r, blocks in enumerate(_culdpc_rows()):
        addr = [c * _CULDPC_ROW + r * Z + t for c, _ in blocks]
        Q = np.stack([llr[:, c * Z + (t + s) % Z] for c, s in blocks], axis=-1)       # [cw, t, i]
        old = np.stack([R_old[:, a] for a in addr], axis=-1)
        if not first:
            Q = (Q - old).astype(np.float32)
        mag = np.abs(Q)
        neg = Q < 0
        sign = np.where(neg.sum(-1) % 2 == 1, -1.0, 1.0).astype(np.float32)
        order = np.argsort(mag, axis=-1, kind="stable")
        idx = order[..., 0]
        m1 = np.take_along_axis(mag, order[..., :1], -1)[..., 0]
        m2 = np.take_along_axis(mag, order[..., 1:2], -1)[..., 0]
        for i, a in enumerate(addr):
            m = np.where(idx == i, m2, m1)
            val = (np.float32(0.75) * m).astype(np.float32) * sign * np.where(neg[..., i], -1.0, 1.0)
            val = val.astype(np.float32)
            R_new[:, a] = val
            dt[:, a] = val if first else (val - old[..., i]).astype(np.float32)
    return dt, R_new


def culdpc_vnp(llr, dt, last):
    """The variable-node pass: APP of column c * Z + t = llr + the dt messages of block column c's blocks, top to
    bottom (block row r, shift s: check row r * Z + (t - s) mod Z), summed in float32 in that order. Returns the
    new llr (APP), or the hard decisions (1 where APP <= 0) when last."""
    llr = np.asarray(llr, dtype=np.float32)
    dt = np.asarray(dt, dtype=np.float32)
    Z, t = _CULDPC_Z, np.arange(_CULDPC_Z)
    app = llr.copy()
    for c, blocks in enumerate(_culdpc_cols()):
        acc = llr[:, c * Z + t].copy()
        for r, s in blocks:
            acc = (acc + dt[:, c * _CULDPC_ROW + r * Z + (t - s) % Z]).astype(np.float32)
        app[:, c * Z + t] = acc
    return np.where(app > 0, 0, 1).astype(np.int32) if last else app


# ---- unseen130: redset's GPU Reed-Solomon kernels (redset_)

def _redset_gf_mul(a, b):
    """GF(2^8) products a * b (arrays of bytes) by carry-less multiplication reduced modulo
    x^8 + x^4 + x^3 + x^2 + 1 (0x11D), without log tables."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    a, b = np.broadcast_arrays(a, b)
    p = np.zeros(a.shape, dtype=np.int64)
    for k in range(8):
        p ^= np.where((b >> k) & 1, a << k, 0)
    for k in range(14, 7, -1):
        p = np.where((p >> k) & 1, p ^ (0x11D << (k - 8)), p)
    return p.astype(np.uint8)


def redset_gf_exp():
    """The antilog table redset builds for GF(2^8): exp[i] = 2^i (i < 255), exp[255] = 0."""
    e = np.zeros(256, dtype=np.uint32)
    v = 1
    for i in range(255):
        e[i] = v
        v = int(_redset_gf_mul(v, 2))
    return e


def redset_gf_log():
    """The log table: log[2^i] = i, log[0] = 0."""
    e = redset_gf_exp()
    lg = np.zeros(256, dtype=np.uint32)
    lg[e[:255]] = np.arange(255)
    return lg


def redset_multadd(dbuf, rbuf, coeff, count, blocks_with_table=None):
    """dbuf ^= coeff * rbuf in GF(2^8) over the first count bytes (nothing when coeff is 0). blocks_with_table:
    only the first that many 1024-byte blocks change (the kernels whose shared tables only block 0 fills: the
    other blocks read the emulator's zeroed shared memory, a zero product)."""
    out = np.asarray(dbuf, dtype=np.uint8).copy()
    n = count if blocks_with_table is None else min(count, 1024 * blocks_with_table)
    if coeff != 0:
        out[:n] ^= _redset_gf_mul(coeff, np.asarray(rbuf, dtype=np.uint8)[:n])
    return out


def redset_scale(dbuf, coeff, count):
    """dbuf = coeff * dbuf in GF(2^8) over the first count bytes (unchanged when coeff is 0)."""
    out = np.asarray(dbuf, dtype=np.uint8).copy()
    if coeff != 0:
        out[:count] = _redset_gf_mul(coeff, out[:count])
    return out


# ---- unseen131: OpenPCDet's RoI-aware pooling and points-in-boxes (opcdra_) and Det3D's rotated BEV box
# overlap, IoU and NMS masks (d3diou_)

def opcdra_boxes(rng, n, spread=2.0):
    """n boxes [cx, cy, cz, dx, dy, dz, heading] (LiDAR frame, (cx, cy, cz) the centre): centres in
    [-spread, spread]^2 x [-0.3, 0.3], sizes 2-4 x 2-4 x 1-2, headings in (-pi, pi)."""
    c = np.stack([rng.uniform(-spread, spread, n), rng.uniform(-spread, spread, n), rng.uniform(-0.3, 0.3, n)], 1)
    d = np.stack([rng.uniform(2.0, 4.0, n), rng.uniform(2.0, 4.0, n), rng.uniform(1.0, 2.0, n)], 1)
    return np.concatenate([c, d, rng.uniform(-np.pi, np.pi, (n, 1))], 1)


def _opcdra_local(pt, box):
    """(inside, local_x, local_y) of points (P, 3) against one box: |z - cz| <= dz / 2, then the point's offset
    rotated by -heading strictly inside dx / 2 and dy / 2 (plus a 1e-5 margin); in float32 like the kernel."""
    f = np.float32
    pt, box = np.asarray(pt, f), np.asarray(box, f)
    rz = box[6]
    cosa, sina = f(np.cos(-np.float64(rz))), f(np.sin(-np.float64(rz)))
    sx, sy = pt[:, 0] - box[0], pt[:, 1] - box[1]
    lx = sx * cosa + sy * (-sina)
    ly = sx * sina + sy * cosa
    inz = ~(np.abs(pt[:, 2] - box[2]).astype(np.float64) > np.float64(box[5]) / 2.0)
    inxy = (np.abs(lx).astype(np.float64) < np.float64(box[3]) / 2.0 + 1e-5) & \
           (np.abs(ly).astype(np.float64) < np.float64(box[4]) / 2.0 + 1e-5)
    return inz & inxy, lx, ly


def opcdra_mask(rois, pts, out_x, out_y, out_z):
    """generate_pts_mask_for_box3d: per box and point -1 outside, else the point's voxel in the box's
    out_x x out_y x out_z grid (its local offset plus half the size over the voxel size, truncated, clamped),
    encoded x << 16 | y << 8 | z."""
    f = np.float32
    rois, pts = np.asarray(rois, f), np.asarray(pts, f)
    out = np.full((len(rois), len(pts)), -1, np.int64)
    for b, box in enumerate(rois):
        inside, lx, ly = _opcdra_local(pts, box)
        lz = pts[:, 2] - box[2]
        idx = []
        for loc, d, n in ((lx, box[3], out_x), (ly, box[4], out_y), (lz, box[5], out_z)):
            v = np.trunc((loc + d / f(2)) / (d / f(n))).astype(np.int64)
            idx.append(np.clip(v, 0, n - 1))
        enc = (idx[0] << 16) + (idx[1] << 8) + idx[2]
        out[b, inside] = enc[inside]
    return out.astype(np.int32)


def opcdra_collect(mask, out_x, out_y, out_z, max_pts):
    """collect_inside_pts_for_box3d: per box and voxel a counter and up to max_pts - 1 point indices, in the
    points' order (N, out_x, out_y, out_z, max_pts)."""
    mask = np.asarray(mask)
    out = np.zeros((mask.shape[0], out_x, out_y, out_z, max_pts), np.int32)
    for b in range(mask.shape[0]):
        for k in np.flatnonzero(mask[b] != -1):
            e = int(mask[b, k]) & 0xFFFFFFFF
            x, y, z = (e >> 16) & 0xFF, (e >> 8) & 0xFF, e & 0xFF
            cnt = out[b, x, y, z, 0]
            if cnt < max_pts - 1:
                out[b, x, y, z, cnt + 1] = k
                out[b, x, y, z, 0] += 1
    return out


def opcdra_pool(feat, idx, method):
    """roiaware_maxpool3d / avgpool3d over the collected points: {'pooled': (N, X, Y, Z, C), 'argmax': ...};
    an empty voxel keeps pooled 0 (the host's zeros) and argmax -1 (max pooling's first largest point)."""
    feat = np.asarray(feat, np.float64)
    idx = np.asarray(idx)
    C = feat.shape[1]
    pooled = np.zeros(idx.shape[:4] + (C,))
    argmax = np.full(idx.shape[:4] + (C,), -1, np.int32)
    for v in np.ndindex(*idx.shape[:4]):
        n = idx[v][0]
        if n == 0:
            continue
        pts = idx[v][1:n + 1]
        f = feat[pts]                                  # (n, C)
        if method == "max":
            a = np.argmax(f, 0)
            pooled[v] = f[a, np.arange(C)]
            argmax[v] = pts[a]
        else:
            pooled[v] = f.sum(0) / n
    return {"pooled": pooled, "argmax": argmax}


def opcdra_pool_backward(idx_or_argmax, grad_out, pts_num, method):
    """roiaware_maxpool3d_backward: each voxel's gradient to its argmax point; avgpool3d_backward: each
    voxel's gradient over its count to every collected point. (pts_num, C), summed over boxes and voxels."""
    g = np.asarray(grad_out, np.float64)
    C = g.shape[-1]
    out = np.zeros((pts_num, C))
    a = np.asarray(idx_or_argmax)
    for v in np.ndindex(*g.shape[:4]):
        if method == "max":
            for c in range(C):
                if a[v + (c,)] != -1:
                    out[a[v + (c,)], c] += g[v + (c,)]
        else:
            n = a[v][0]
            for k in a[v][1:n + 1]:
                out[k] += g[v] / max(n, 1)
    return out


def opcdra_points_in_boxes(boxes, pts):
    """points_in_boxes_kernel: per batch and point the first box holding it, -1 for none."""
    boxes, pts = np.asarray(boxes), np.asarray(pts)
    out = np.full(pts.shape[:2], -1, np.int32)
    for b in range(boxes.shape[0]):
        for k in range(boxes.shape[1] - 1, -1, -1):
            inside, _, _ = _opcdra_local(pts[b], boxes[b, k])
            out[b, inside] = k
    return out


def d3diou_boxes(rng, n, extent=8.0):
    """n BEV boxes [x1, y1, x2, y2, angle]: centres in [0, extent]^2, sizes 1-3 x 1-3, angles in (-pi, pi)."""
    c = rng.uniform(0.0, extent, (n, 2))
    s = rng.uniform(1.0, 3.0, (n, 2))
    return np.concatenate([c - s / 2, c + s / 2, rng.uniform(-np.pi, np.pi, (n, 1))], 1)


def _d3diou_corners(b):
    """A box's corners (x1, y1), (x2, y1), (x2, y2), (x1, y2) rotated about its centre as the kernel does
    (x' = dx cos + dy sin, y' = -dx sin + dy cos): counter-clockwise."""
    b = np.asarray(b, np.float64)
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    c, s = np.cos(b[4]), np.sin(b[4])
    out = []
    for x, y in ((b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3])):
        dx, dy = x - cx, y - cy
        out.append((dx * c + dy * s + cx, -dx * s + dy * c + cy))
    return out


def _d3diou_clip(poly, a, b):
    """Sutherland-Hodgman: the part of a convex polygon left of the directed edge a -> b."""
    def side(p):
        return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    out = []
    for i in range(len(poly)):
        p, q = poly[i], poly[(i + 1) % len(poly)]
        sp, sq = side(p), side(q)
        if sp >= 0:
            out.append(p)
        if (sp >= 0) != (sq >= 0):
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def d3diou_overlap_area(a, b):
    """The area of two rotated rectangles' intersection (clipping one by the other's edges, shoelace)."""
    poly = _d3diou_corners(a)
    cb = _d3diou_corners(b)
    for i in range(4):
        if not poly:
            return 0.0
        poly = _d3diou_clip(poly, cb[i], cb[(i + 1) % 4])
    if len(poly) < 3:
        return 0.0
    x = np.array([p[0] for p in poly])
    y = np.array([p[1] for p in poly])
    return abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2.0


def d3diou_pairs(boxes_a, boxes_b, what):
    """boxes_overlap_kernel ('overlap') / boxes_iou_bev_kernel ('iou'): (num_a, num_b), the IoU the overlap
    over the two areas' sum less the overlap (at least 1e-8); 'normal': nms_normal's axis-aligned IoU."""
    A, B = np.asarray(boxes_a, np.float64), np.asarray(boxes_b, np.float64)
    out = np.zeros((len(A), len(B)))
    for i, a in enumerate(A):
        for j, b in enumerate(B):
            if what == "normal":
                w = max(min(a[2], b[2]) - max(a[0], b[0]), 0.0)
                h = max(min(a[3], b[3]) - max(a[1], b[1]), 0.0)
                ov = w * h
            else:
                ov = d3diou_overlap_area(a, b)
            if what == "overlap":
                out[i, j] = ov
            else:
                sa = (a[2] - a[0]) * (a[3] - a[1])
                sb = (b[2] - b[0]) * (b[3] - b[1])
                out[i, j] = ov / max(sa + sb - ov, 1e-8)
    return out


def d3diou_nms_mask(boxes, thresh, what):
    """nms_kernel ('iou') / nms_normal_kernel ('normal'): per box i and block of 64 boxes, bit j - 64 cb set
    where IoU(i, j) > thresh, for j in the block (only j > i in i's own block). (N, ceil(N / 64)) uint64."""
    n = len(boxes)
    iou = d3diou_pairs(boxes, boxes, what)
    cols = -(-n // 64)
    out = np.zeros((n, cols), np.uint64)
    for i in range(n):
        for j in range(n):
            cb = j // 64
            if cb == i // 64 and j <= i:
                continue
            if iou[i, j] > thresh:
                out[i, cb] |= np.uint64(1) << np.uint64(j - 64 * cb)
    return out
# ---- unseen132: llama.cpp's ggml argsort (ggmlas_) and ONNX Runtime GenAI's selection-sort top-k (ortgtk_)

def ggmlas_indices(ncols, nrows):
    """init_indices: every row holds 0 .. ncols - 1."""
    return np.tile(np.arange(ncols), (nrows, 1))


def ggmlas_argsort(x, descending):
    """Each row's argsort, ascending or descending (the scores are distinct, so the order is unique)."""
    x = np.asarray(x, dtype=np.float64)
    return np.argsort(-x if descending else x, axis=-1, kind="stable")


def ortgtk_topk(scores, k):
    """Each row's k largest scores, largest first, and their indices (the lower index first on a tie)."""
    s = np.asarray(scores, dtype=np.float64)
    idx = np.argsort(-s, axis=-1, kind="stable")[:, :k]
    return np.take_along_axis(s, idx, axis=-1), idx


def ortgtk_blanked(scores, idx):
    """scores with the selected positions (row-wise idx) overwritten by -FLT_MAX."""
    out = np.array(scores, dtype=np.float32, copy=True)
    np.put_along_axis(out, np.asarray(idx), -np.finfo(np.float32).max, axis=-1)
    return out


def ortgtk_shards(scores, k, shards, block=1024):
    """The distributed selection's first stage: shard s owns the elements i with (i // block) % shards == s and
    selects its k largest (largest first). Returns (the shards' scores, k each, shard-major; their vocabulary
    indices; scores with every shard's selected elements overwritten by -FLT_MAX)."""
    s = np.asarray(scores, dtype=np.float64)
    owner = (np.arange(s.size) // block) % shards
    vals, idxs = [], []
    for sh in range(shards):
        mine = np.flatnonzero(owner == sh)
        order = mine[np.argsort(-s[mine], kind="stable")[:k]]
        vals.append(s[order])
        idxs.append(order)
    vals, idxs = np.concatenate(vals), np.concatenate(idxs)
    blank = np.array(scores, dtype=np.float32, copy=True)
    blank[idxs] = -np.finfo(np.float32).max
    return vals, idxs, blank
# ---------------------------------------------------------------- unseen133: MDT's PFB channeliser, ARRUS's RF DSP

def mdtfx_window(nchannels: int, ntaps: int) -> np.ndarray:
    """PFB_Window_min4term_BH: the PFB's windowed sinc over Ntaps x Nchannels points, sinc((k - Ntaps Nchannels / 2)
    / Nchannels) (1 at 0) times the minimum 4-term Blackman-Harris window of 2 k / (Ntaps Nchannels) (in units of
    pi). float64, float32 out."""
    n = ntaps * nchannels
    k = np.arange(n, dtype=np.float64)
    x = (k - 0.5 * n) / nchannels
    sinc = np.sinc(x)                                   # numpy's sinc is sin(pi x) / (pi x), 1 at 0
    t = 2.0 * k / n
    win = 0.35875 - 0.48829 * np.cos(np.pi * t) + 0.14128 * np.cos(2 * np.pi * t) - 0.01168 * np.cos(3 * np.pi * t)
    return (sinc * win).astype(np.float32)


def mdtfx_pps(window, insignal, nchannels: int, ntaps: int) -> np.ndarray:
    """PpS_Batch: the polyphase structure, out[s, e, c] = sum_i w[i Nchannels + c] x[s + i, e, c] for the Nspectra =
    len(x) - Ntaps + 1 spectra, complex as (I, Q) pairs; float64."""
    w = np.asarray(window, np.float64).reshape(ntaps, nchannels)
    x = np.asarray(insignal, np.float64)
    nspec = x.shape[0] - ntaps + 1
    out = np.zeros((nspec,) + x.shape[1:])
    for i in range(ntaps):
        out += w[i][None, None, :, None] * x[i:i + nspec]
    return out


def arrdsp_taps(n: int, div: float) -> np.ndarray:
    """A 512-word __constant__ table whose first n words are a Hamming-windowed low-pass sinc (cut-off 1 / div of
    Nyquist), the rest zero; float32."""
    k = np.arange(n, dtype=np.float64) - (n - 1) / 2.0
    h = np.hamming(n) * np.sinc(k / div) / div
    out = np.zeros(512, np.float32)
    out[:n] = h
    return out


def arrdsp_fir(x, taps, kw: int) -> np.ndarray:
    """gpuFir / gpuFirLp: per line (last axis the samples; a trailing axis of 2 = (I, Q) pairs when x is float
    [..., 2] rather than int16), y(n) = sum_{i < kw} c(i) x(n + kw - kw // 2 - 1 - i), x zero outside the line. The
    full convolution's samples from kw - kw // 2 - 1 on; float64."""
    x = np.asarray(x)
    pairs = x.dtype != np.int16 and x.ndim == 3
    z = _c(x) if pairs else x.astype(np.float64)
    c = np.asarray(taps, np.float64)[:kw]
    off = kw - kw // 2 - 1
    ns = z.shape[-1]
    y = np.stack([np.convolve(row, c)[off:off + ns] for row in z.reshape(-1, ns)]).reshape(z.shape)
    return _pairs(y) if pairs else y


def arrdsp_rf_to_iq(x, coeff: float) -> np.ndarray:
    """gpuRfToIq: (2 x cos(a n), 2 x sin(a n)) per line, n the sample's index in its line, the argument rounded to
    float32 as the kernel's product is; float64 pairs out."""
    x = np.asarray(x, np.float64)
    n = np.arange(x.shape[-1], dtype=np.float32)
    arg = (np.float32(coeff) * n).astype(np.float64)
    return np.stack([2.0 * x * np.cos(arg), 2.0 * x * np.sin(arg)], -1)
# mc_on_accelerators (hpc-science/mc_on_accelerators, MIT; mcxsl_): the Monte Carlo cross section lookup kernel's CUDA
# baseline. Its inputs as main makes them (init_grids, init_particles and the unionized grid, all from its LCG at seed
# 42), cuRAND's Philox4_32_10 from its definition (curand_philox4x32_x.h: ten rounds, the key bumped between them) and
# the three lookups from the kernels' algorithm.
_MCXSL_M, _MCXSL_A, _MCXSL_C = 4294967291, 1588635695, 12345


def mcxsl_lcg(seed):
    """LCG_random_float: (the float, the new seed); a * seed wraps at 2^32 (uint32_t) before the modulus."""
    seed = ((_MCXSL_A * seed + _MCXSL_C) & 0xFFFFFFFF) % _MCXSL_M
    return np.float32(np.float32(seed) / np.float32(_MCXSL_M)), seed


_MCXSL_INPUTS: dict = {}


def mcxsl_inputs(n_particles, n_nuclides, n_gridpoints):
    """main's inputs: {'grids' [n_nuc, n_gp], 'xs' [n_nuc, n_gp, 5], 'densities', 'particles' [n, 6] (energy and five
    zero macro_xs, sorted by energy as thrust::sort leaves them), 'ueg_energy', 'ueg_idx'}."""
    key = (n_particles, n_nuclides, n_gridpoints)
    if key in _MCXSL_INPUTS:
        return _MCXSL_INPUTS[key]
    seed = 42
    grids = np.zeros((n_nuclides, n_gridpoints), np.float32)
    for n in range(n_nuclides):
        row = []
        for _ in range(n_gridpoints):
            v, seed = mcxsl_lcg(seed)
            row.append(v)
        row.sort()
        while True:                                   # resample duplicates, then sort again
            dup = 0
            for e in range(1, n_gridpoints):
                if row[e] == row[e - 1]:
                    row[e], seed = mcxsl_lcg(seed)
                    dup += 1
            if not dup:
                break
            row.sort()
        grids[n] = row
    xs = np.zeros(n_nuclides * n_gridpoints * 5, np.float32)
    for i in range(xs.size):
        xs[i], seed = mcxsl_lcg(seed)
    dens = np.zeros(n_nuclides, np.float32)
    for i in range(n_nuclides):
        dens[i], seed = mcxsl_lcg(seed)
    total = n_nuclides * n_gridpoints
    ueg = np.sort(grids.reshape(-1), kind="stable")
    idx_low = [0] * n_nuclides
    e_high = [float(grids[i, 1]) for i in range(n_nuclides)]
    ueg_idx = np.zeros(total * n_nuclides, np.int32)
    for e in range(total):
        u = float(ueg[e])
        for i in range(n_nuclides):
            if u < e_high[i]:
                ueg_idx[e * n_nuclides + i] = idx_low[i]
            elif idx_low[i] == n_gridpoints - 2:
                ueg_idx[e * n_nuclides + i] = idx_low[i]
            else:
                idx_low[i] += 1
                ueg_idx[e * n_nuclides + i] = idx_low[i]
                e_high[i] = float(grids[i, idx_low[i] + 1])
    part = np.zeros((n_particles, 6), np.float32)
    for p in range(n_particles):
        part[p, 0], seed = mcxsl_lcg(seed)
    part = part[np.argsort(part[:, 0], kind="stable")]
    out = {"grids": grids, "xs": xs.reshape(n_nuclides, n_gridpoints, 5), "densities": dens, "particles": part,
           "ueg_energy": ueg, "ueg_idx": ueg_idx}
    _MCXSL_INPUTS[key] = out
    return out


def philox4x32_10(ctr, key):
    """Philox4x32-10 of a counter (4 words) and key (2 words)."""
    m0, m1, w0, w1 = 0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85
    c, k = [int(x) for x in ctr], [int(x) for x in key]
    for r in range(10):
        if r:
            k = [(k[0] + w0) & _M32, (k[1] + w1) & _M32]
        p0, p1 = m0 * c[0], m1 * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k[0], p1 & _M32, (p0 >> 32) ^ c[3] ^ k[1], p0 & _M32]
    return c


def philox_init(seed, n):
    """curandStatePhilox4_32_10_t of curand_init(seed, k, 0) for k = 0 .. n-1, as 16 words each: ctr (0, 0, k, 0),
    output = Philox(ctr, key), key (seed's low and high words), STATE 0, the Box-Muller flags and extras 0."""
    out = np.zeros((n, 16), np.uint32)
    key = [seed & _M32, (seed >> 32) & _M32]
    for k in range(n):
        ctr = [0, 0, k & _M32, (k >> 32) & _M32]
        out[k, 0:4], out[k, 4:8], out[k, 8:10] = ctr, philox4x32_10(ctr, key), key
    return out


def philox_uniforms(state, count):
    """The first `count` curand_uniform draws of a Philox state's 16 words (STATE = 0: output holds the next four)."""
    ctr, key = [int(x) for x in state[0:4]], [int(x) for x in state[8:10]]
    out, block, i = [], [int(x) for x in state[4:8]], int(state[10])
    while len(out) < count:
        out.append(curand_uniform_f32(block[i]))
        i += 1
        if i == 4:
            ctr[0] = (ctr[0] + 1) & _M32                 # Philox_State_Incr: carry into the next words
            if ctr[0] == 0:
                ctr[1] = (ctr[1] + 1) & _M32
                if ctr[1] == 0:
                    ctr[2] = (ctr[2] + 1) & _M32
                    if ctr[2] == 0:
                        ctr[3] = (ctr[3] + 1) & _M32
            block, i = philox4x32_10(ctr, key), 0
    return out


def _f32_fma(a, b, c):
    """float32 a * b + c, rounded once (the product of two floats is exact in a double)."""
    return np.float32(np.float64(np.float32(a)) * np.float64(np.float32(b)) + np.float64(np.float32(c)))


def mcxsl_lookup(particles, n_particles, n_nuclides, n_gridpoints, grids, xs, densities, ueg_energy, ueg_idx,
                 mode, states=None):
    """calculate_xs_kernel ('curand'), calculate_xs_kernel_LCG ('lcg') or calculate_xs_kernel_og ('og'): each
    particle's energy located on the unionized grid (the lower bound of a binary search, in [0, n - 2]), then per
    nuclide the grid interval from the index grid (its last point moved one down); the stochastic versions take the
    lower point's cross sections, or the upper one's where the energy lies above a uniform sample of the interval,
    the original interpolates; each adds density * xs to the particle's five macroscopic cross sections."""
    out = np.array(particles, np.float32).copy()
    g = np.asarray(grids, np.float32).reshape(n_nuclides, n_gridpoints)
    x = np.asarray(xs, np.float32).reshape(n_nuclides, n_gridpoints, 5)
    d = np.asarray(densities, np.float32)
    ue = np.asarray(ueg_energy, np.float32)
    ui = np.asarray(ueg_idx).reshape(-1)
    nt = ue.size
    for p in range(n_particles):
        e = out[p, 0]
        uidx = int(np.clip(np.searchsorted(ue, e, "right") - 1, 0, nt - 2))
        draws = philox_uniforms(states[p], n_nuclides) if mode == "curand" else None
        seed = p
        for n in range(n_nuclides):
            lo = int(ui[uidx * n_nuclides + n])
            if lo == n_gridpoints - 1:
                lo -= 1
            el, eh = g[n, lo], g[n, lo + 1]
            if mode == "og":
                f = np.float32((eh - e) / (eh - el))
                for k in range(5):
                    v = _f32_fma(-f, np.float32(x[n, lo + 1, k] - x[n, lo, k]), x[n, lo + 1, k])
                    out[p, 1 + k] = _f32_fma(d[n], v, out[p, 1 + k])
                continue
            if mode == "curand":
                u = draws[n]
            else:
                u, seed = mcxsl_lcg(seed)
            sample = _f32_fma(u, np.float32(eh - el), el)
            j = lo + 1 if e > sample else lo
            for k in range(5):
                out[p, 1 + k] = _f32_fma(d[n], x[n, j, k], out[p, 1 + k])
    return out


# GPU-MCML (IMSY-DKFZ/mcmlgpu, GPL-3.0; gpumcml_): d_simparam's 8 words, InitThreadState's thread states and
# sum_A_rz's sum of the N_A_RZ_COPIES = 4 copies of the absorption grid.
def gpumcml_simparam(init_photon_w, dz, dr, na, nz, nr, num_layers, overflow):
    """SimParamGPU (__align__(16), 32 bytes): three floats, then five UINT32."""
    w = np.zeros(8, np.uint32)
    w[0:3] = np.array([init_photon_w, dz, dr], np.float32).view(np.uint32)
    w[3:8] = [na, nz, nr, num_layers, overflow]
    return w


def gpumcml_init_states(n_threads, n_photons, init_photon_w):
    """InitThreadState: is_active = tid < n_photons for every thread; an active thread's photon at the origin heading
    +z (uz = 1) with the initial weight in layer 1; an inactive thread's photon fields untouched (NaN / all ones)."""
    act = np.arange(n_threads) < n_photons
    nan = np.full(n_threads, np.nan, np.float32)
    out = {"is_active": act.astype(np.uint32)}
    for f in ("photon_x", "photon_y", "photon_z", "photon_ux", "photon_uy"):
        out[f] = np.where(act, np.float32(0), nan)
    out["photon_uz"] = np.where(act, np.float32(1), nan)
    out["photon_w"] = np.where(act, np.float32(init_photon_w), nan)
    out["photon_layer"] = np.where(act, np.uint32(1), np.uint32(0xFFFFFFFF)).astype(np.uint32)
    return out


def gpumcml_sum_arz(A_rz, nz, nr, copies=4):
    """sum_A_rz: the first nz * nr elements become the (wrapping UINT64) sum of the copies; the others stay."""
    a = np.asarray(A_rz, np.uint64).copy()
    m = nz * nr
    a[:m] = a[:copies * m].reshape(copies, m).sum(axis=0, dtype=np.uint64)
    return a
# ---- unseen134: YACCLAB's union-find labelling (Oliveira 2010) and kinap/canny-edge-detector's Canny kernels

def yacuf_image(rows, cols, stride, density, seed):
    """A binary image as a GpuMat of `stride` bytes a row: 255 with probability `density` in the first `cols`
    columns, 0 elsewhere (and in the padding)."""
    r = np.random.default_rng(seed)
    img = np.zeros((rows, stride), dtype=np.uint8)
    img[:, :cols] = (r.uniform(0, 1, (rows, cols)) < density) * 255
    return img


def yacuf_ccl(img, rows, cols, stride, tile_rows=0, tile_cols=0):
    """8-connected components of the image's non-zero pixels, labelled (an int32 image of `stride` ints a row)
    with 1 + the smallest row * stride + col of their component, 0 on the background and in the padding.
    tile_rows / tile_cols > 0: two pixels are adjacent only inside one tile of that size (a block's local
    labelling)."""
    fg = np.asarray(img)[:rows, :cols] != 0
    parent = {}

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def tile(r, c):
        return (r // tile_rows, c // tile_cols) if tile_rows else 0

    for r in range(rows):
        for c in range(cols):
            if fg[r, c]:
                parent[r * stride + c] = r * stride + c
    for r in range(rows):
        for c in range(cols):
            if not fg[r, c]:
                continue
            for dr, dc in ((-1, -1), (-1, 0), (-1, 1), (0, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols and fg[rr, cc] and tile(rr, cc) == tile(r, c):
                    a, b = find(r * stride + c), find(rr * stride + cc)
                    if a != b:
                        parent[max(a, b)] = min(a, b)
    out = np.zeros((rows, stride), dtype=np.int64)
    for r in range(rows):
        for c in range(cols):
            if fg[r, c]:
                out[r, c] = find(r * stride + c) + 1      # the smallest index is always the root kept
    return out


def yacuf_forest(img, rows, cols, stride, seed):
    """A union-find forest over the 8-connected components (the layout GlobalMerge leaves): each foreground
    pixel's label is 1 + the index of a random member of its component with a smaller index (the smallest
    member's its own), so that chains of several links occur; 0 on the background and in the padding."""
    r = np.random.default_rng(seed)
    lab = yacuf_ccl(img, rows, cols, stride)
    out = np.zeros_like(lab)
    seen = {}
    for idx in range(rows * stride):
        root = lab.flat[idx]
        if root == 0:
            continue
        members = seen.setdefault(root, [])
        out.flat[idx] = (members[r.integers(0, len(members))] if members else idx) + 1
        members.append(idx)
    return out


def yacuf_resolve(lab, img, rows, cols):
    """Each foreground pixel's label followed (label - 1 is the parent's flat index) to its root: 1 + the
    root's index; the background's labels as they are."""
    lab = np.asarray(lab)
    flat = lab.reshape(-1).astype(np.int64)
    out = lab[:rows, :cols].astype(np.int64).copy()
    fg = np.asarray(img)[:rows, :cols] != 0
    stride = lab.shape[1]
    for rr in range(rows):
        for cc in range(cols):
            if fg[rr, cc]:
                n = rr * stride + cc
                for _ in range(flat.size + 1):
                    if flat[n] - 1 == n:
                        break
                    n = int(flat[n] - 1)
                out[rr, cc] = n + 1
    return out


def kcanny_gauss(size, sigma):
    """A size x size Gaussian of the given sigma, normalised to sum 1."""
    x = np.arange(size) - (size - 1) / 2
    g = np.exp(-(x[:, None] ** 2 + x[None, :] ** 2) / (2 * sigma * sigma))
    return g / g.sum()


def kcanny_blur(pix, k):
    """cu_apply_gaussian_filter: each channel's window sum of weight * pixel over the window's part inside the
    image, divided by the sum of those weights, truncated to uint16 (the accumulators taken to start at 0)."""
    p = np.asarray(pix, dtype=np.float64)
    rows, cols = p.shape[:2]
    h = k.shape[0] // 2
    out = np.zeros(p.shape, dtype=np.int64)
    for r in range(rows):
        for c in range(cols):
            r0, r1, c0, c1 = max(r - h, 0), min(r + h + 1, rows), max(c - h, 0), min(c + h + 1, cols)
            w = k[r0 - r + h:r1 - r + h, c0 - c + h:c1 - c + h]
            s = (p[r0:r1, c0:c1] * w[:, :, None]).sum(axis=(0, 1))
            out[r, c] = np.trunc(s / w.sum())
    return out


def kcanny_gradient(pix, axis):
    """cu_compute_intensity_gradient: per channel the x (axis 0) or y (axis 1) difference (one-sided in the
    first and last columns, central elsewhere), then trunc(0.2989 r + 0.5870 g + 0.1140 b) as int16; written
    for flat indices offset < i < rows * cols - offset only (the rest keeps the output's fill, 32767)."""
    p = np.asarray(pix, dtype=np.int64)
    rows, cols = p.shape[:2]
    out = np.full((rows, cols), 32767, dtype=np.int64)
    for i in range(cols + 1, rows * cols - cols):
        r, c = divmod(i, cols)
        if axis == 0:
            a, b = (p[r, c + 1], p[r, c]) if c == 0 else (p[r, c], p[r, c - 1]) if c == cols - 1 else \
                (p[r, c + 1], p[r, c - 1])
        else:
            a, b = (p[r + 1, c], p[r, c]) if c == 0 else (p[r, c], p[r - 1, c]) if c == cols - 1 else \
                (p[r + 1, c], p[r - 1, c])
        d = a - b
        out[r, c] = math.trunc(0.2989 * d[0] + 0.5870 * d[1] + 0.1140 * d[2])
    return out


def kcanny_magnitude(dx, dy):
    """cu_magnitude: uint16(sqrt(dx^2 + dy^2) + 0.5)."""
    dx, dy = np.asarray(dx, dtype=np.float64), np.asarray(dy, dtype=np.float64)
    return np.floor(np.sqrt(dx * dx + dy * dy) + 0.5)


# cu_suppress_non_max's eight directions: (alpha's numerator and denominator as functions of dx, dy; mag1's two
# neighbours (row, col offsets), mag2's two); mag_k = (1 - alpha) M[first] + alpha M[second]
def _kcanny_dir(dx, dy):
    if dx >= 0:
        if dy >= 0:
            if dx - dy >= 0:
                return dy, dx, ((0, 1), (1, 1)), ((0, -1), (-1, -1))
            return dx, dy, ((1, 0), (1, 1)), ((-1, 0), (-1, -1))
        if dx + dy >= 0:
            return -dy, dx, ((0, 1), (-1, 1)), ((0, -1), (1, -1))
        return dx, -dy, ((1, 0), (1, -1)), ((-1, 0), (-1, 1))
    if dy >= 0:
        if dx + dy >= 0:
            return -dx, dy, ((1, 0), (1, -1)), ((-1, 0), (-1, 1))
        return dy, -dx, ((0, -1), (1, -1)), ((0, 1), (-1, 1))
    if -dx + dy >= 0:
        return -dy, -dx, ((0, -1), (-1, -1)), ((0, 1), (1, 1))
    return -dx, -dy, ((-1, 0), (-1, -1)), ((1, 0), (1, 1))


def _kcanny_side(m, r, c, num, den, pair):
    (ar, ac), (br, bc) = pair
    return (den - num) * int(m[r + ar, c + ac]) + num * int(m[r + br, c + bc])   # den * mag_k, exactly


def kcanny_nms_case(rows, cols, seed):
    """(mag, dx, dy) for cu_suppress_non_max: magnitudes 1..4000 (15% zero), gradients in [-60, 60] not both 0,
    redrawn at any interior pixel where mag equals an interpolated neighbour exactly (there float rounding, not
    the algorithm, would decide); elsewhere the two sides differ by at least 1/60, far above float32's error."""
    r = np.random.default_rng(seed)
    m = r.integers(1, 4001, (rows, cols)) * (r.uniform(0, 1, (rows, cols)) >= 0.15)
    dx, dy = r.integers(-60, 61, (rows, cols)), r.integers(-60, 61, (rows, cols))
    for rr in range(1, rows - 1):
        for cc in range(1, cols - 1):
            while True:
                if dx[rr, cc] == 0 and dy[rr, cc] == 0:
                    dx[rr, cc], dy[rr, cc] = r.integers(-60, 61), r.integers(-60, 61)
                    continue
                num, den, p1, p2 = _kcanny_dir(int(dx[rr, cc]), int(dy[rr, cc]))
                v = int(m[rr, cc]) * den
                if v == 0 or (v != _kcanny_side(m, rr, cc, num, den, p1) and v != _kcanny_side(m, rr, cc, num, den, p2)):
                    break
                dx[rr, cc], dy[rr, cc] = r.integers(-60, 61), r.integers(-60, 61)
    return m, dx, dy


def kcanny_nms(mag, dx, dy):
    """cu_suppress_non_max: 0 on the image's border rows and columns and where mag is 0; elsewhere mag, or 0
    where it is below either neighbour interpolated along the gradient (compared exactly, in integers)."""
    m = np.asarray(mag, dtype=np.int64)
    rows, cols = m.shape
    out = np.zeros((rows, cols), dtype=np.int64)
    for r in range(1, rows - 1):
        for c in range(1, cols - 1):
            if m[r, c] == 0:
                continue
            num, den, p1, p2 = _kcanny_dir(int(dx[r, c]), int(dy[r, c]))
            v = int(m[r, c]) * den
            out[r, c] = 0 if v < _kcanny_side(m, r, c, num, den, p1) or v < _kcanny_side(m, r, c, num, den, p2) \
                else m[r, c]
    return out


def kcanny_sparse(rows, cols, seed):
    """An NMS-like uint16 image: 70% zeros, the rest uniform in 1..8000."""
    r = np.random.default_rng(seed)
    return r.integers(1, 8001, (rows, cols)) * (r.uniform(0, 1, (rows, cols)) >= 0.7)


def kcanny_link(out, inp, mask, t_low):
    """cu_hysteresis_low: every strong pixel (mask 1) off the border rows and columns sets each of its eight
    neighbours whose input is >= t_low to 0xFFFF in out; the rest of out as it was."""
    o = np.asarray(out, dtype=np.int64).copy()
    a = np.asarray(inp, dtype=np.int64)
    rows, cols = a.shape
    for r in range(1, rows - 1):
        for c in range(1, cols - 1):
            if mask[r, c] == 1:
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        if (dr or dc) and a[r + dr, c + dc] >= t_low:
                            o[r + dr, c + dc] = 0xFFFF
    return o


# ---- unseen136: gsplat v0.1.13's tile binning and rasterisers (gspl_) and SplatRender's tiling, sorting and
# rasterisation kernels (splr_)

@functools.lru_cache(maxsize=None)
def gspl_scene(n=40, width=40, height=24, block=16, seed=136):
    """A projected scene as gsplat's project_gaussians would leave it: pixel centres xys, depths, radii (0 where
    the tile box is empty), conics (inverse 2-D covariances), opacities, 3- and 4-channel colours, the inclusive
    cumulative tile counts, and the intersections: unsorted (map_gaussian_to_intersects's order) and sorted by
    (tile, depth) as bin_and_sort_gaussians's radix sort leaves them, with the tile bins."""
    r = np.random.default_rng(seed)
    tbx, tby = (width + block - 1) // block, (height + block - 1) // block
    xys = np.stack([r.uniform(-4, width + 4, n), r.uniform(-4, height + 4, n)], 1).astype(np.float32)
    depths = r.uniform(1.0, 5.0, n).astype(np.float32)
    rad = r.integers(2, 15, n)
    f32 = np.float32
    boxes, area = [], np.zeros(n, np.int64)
    for g in range(n):                                    # get_tile_bbox in float32, (int) truncating
        tc = xys[g] / f32(block)
        tr = f32(rad[g]) / f32(block)
        lo = [min(max(0, int(tc[k] - tr)), (tbx, tby)[k]) for k in range(2)]
        hi = [min(max(0, int(f32(tc[k] + tr) + f32(1))), (tbx, tby)[k]) for k in range(2)]
        boxes.append((lo, hi))
        area[g] = (hi[0] - lo[0]) * (hi[1] - lo[1])
    radii = np.where(area > 0, rad, 0).astype(np.int32)
    sx, sy = r.uniform(1.5, 6.0, n), r.uniform(1.5, 6.0, n)
    rho = r.uniform(-0.6, 0.6, n)
    a, b, c = sx * sx, rho * sx * sy, sy * sy
    det = a * c - b * b
    conics = np.stack([c / det, -b / det, a / det], 1).astype(np.float32)
    opac = r.uniform(0.3, 0.95, n).astype(np.float32)
    col3 = r.uniform(0, 1, (n, 3)).astype(np.float32)
    col4 = r.uniform(0, 1, (n, 4)).astype(np.float32)
    cum = np.cumsum(np.where(area > 0, area, 0)).astype(np.int32)
    ids, gids = [], []
    dbits = depths.view(np.int32).astype(np.int64)
    for g in range(n):
        if radii[g] <= 0:
            continue
        (lx, ly), (hx, hy) = boxes[g]
        for i in range(ly, hy):
            for j in range(lx, hx):
                ids.append(((i * tbx + j) << 32) | int(dbits[g]))
                gids.append(g)
    ids, gids = np.array(ids, np.int64), np.array(gids, np.int32)
    order = np.argsort(ids, kind="stable")
    ids_s, gids_s = ids[order], gids[order]
    bins = np.zeros((tbx * tby, 2), np.int32)
    tiles = ids_s >> 32
    for t in range(tbx * tby):
        w = np.nonzero(tiles == t)[0]
        if len(w):
            bins[t] = (w[0], w[-1] + 1)
    return dict(xys=xys, depths=depths, radii=radii, conics=conics, opac=opac, col3=col3, col4=col4,
                cum=cum, isect_ids=ids, gaussian_ids=gids, isect_ids_sorted=ids_s, gaussian_ids_sorted=gids_s,
                tile_bins=bins, tb=(tbx, tby))


def gspl_get(key):
    return gspl_scene()[key]


def gspl_rasterize(width, height, block, gids, bins, xys, conics, colors, opac, background, half):
    """gsplat's rasterisers, pixel by pixel: the tile's sorted Gaussians front to back, sigma = conic's quadratic
    form at (x + 0.5, y + 0.5) - centre, alpha = min(0.999, o exp(-sigma)), skipped when sigma < 0 or alpha <
    1/255, stopping before the Gaussian that takes T to <= 1e-4; (image, final_Ts, final_index). half: the
    colour accumulated in __half (nd_rasterize_forward: each term rounded to half, each sum rounded to half)."""
    tbx = (width + block - 1) // block
    ch = colors.shape[1]
    colors = np.asarray(colors, np.float32)
    img = np.zeros((height, width, ch), np.float64)
    Ts = np.zeros((height, width), np.float64)
    idxs = np.zeros((height, width), np.int32)
    for i in range(height):
        for j in range(width):
            t = (i // block) * tbx + j // block
            px, py = j + 0.5, i + 0.5
            T, cur = 1.0, 0
            acc = np.zeros(ch, np.float16 if half else np.float64)
            for k in range(bins[t][0], bins[t][1]):
                g = gids[k]
                cx, cy, cz = (float(v) for v in conics[g])
                dx, dy = float(xys[g][0]) - px, float(xys[g][1]) - py
                sigma = 0.5 * (cx * dx * dx + cz * dy * dy) + cy * dx * dy
                alpha = min(0.999, float(opac[g]) * np.exp(-sigma))
                if sigma < 0 or alpha < 1 / 255:
                    continue
                nT = T * (1 - alpha)
                if nT <= 1e-4:
                    break
                vis = alpha * T
                if half:
                    for c in range(ch):
                        term = np.float16(np.float32(colors[g][c]) * np.float32(vis))
                        acc[c] = np.float16(np.float32(acc[c]) + np.float32(term))
                else:
                    acc = acc + colors[g].astype(np.float64) * vis
                T, cur = nT, k
            img[i, j] = acc.astype(np.float64) + T * np.asarray(background, np.float64)
            Ts[i, j], idxs[i, j] = T, cur
    return img, Ts, idxs


@functools.lru_cache(maxsize=None)
def splr_scene(n=60, width=48, height=32, seed=1360):
    """SplatRender GaussianData2D records (12 floats: center x y, depth, radius, cov_a, cov_b, cov_c, alpha,
    color r g b, pad) and the tile lists its tilingKernel builds (in Gaussian order), compacted (offsets = the
    exclusive sum of the counts), and the compacted lists sorted by depth (the sorting kernel's aim)."""
    r = np.random.default_rng(seed)
    T = 16
    tx, ty = (width + T - 1) // T, (height + T - 1) // T
    g = np.zeros((n, 12), np.float32)
    g[:, 0] = r.uniform(-8, width + 8, n)
    g[:, 1] = r.uniform(-8, height + 8, n)
    g[:, 2] = r.uniform(1, 10, n)
    g[:, 3] = r.uniform(3, 20, n)
    sx, sy, rho = r.uniform(2, 8, n), r.uniform(2, 8, n), r.uniform(-0.7, 0.7, n)
    g[:, 4], g[:, 5], g[:, 6] = sx * sx, rho * sx * sy, sy * sy
    g[:, 7] = r.uniform(0.3, 0.95, n)
    g[:, 8:11] = r.uniform(0, 1, (n, 3))
    lists = [[] for _ in range(tx * ty)]
    f32 = np.float32
    for k in range(n):
        cx, cy, rad = g[k, 0], g[k, 1], g[k, 3]
        x0 = max(0, int(np.floor(f32(f32(cx - rad) / f32(T)))))
        x1 = min((width + T - 1) // T - 1, int(np.ceil(f32(f32(cx + rad) / f32(T)))))
        y0 = max(0, int(np.floor(f32(f32(cy - rad) / f32(T)))))
        y1 = min((height + T - 1) // T - 1, int(np.ceil(f32(f32(cy + rad) / f32(T)))))
        for yy in range(y0, y1 + 1):
            for xx in range(x0, x1 + 1):
                t = yy * tx + xx
                if 0 <= t < tx * ty:
                    lists[t].append(k)
    counts = np.array([len(l) for l in lists], np.int32)
    padded = np.full((tx * ty, 1024), -1, np.int32)
    pdepth = np.zeros((tx * ty, 1024), np.float32)
    for t, l in enumerate(lists):
        padded[t, :len(l)] = l
        pdepth[t, :len(l)] = g[l, 2]
    offsets = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int32)
    flat = np.concatenate([np.array(l, np.int32) for l in lists])
    by_depth = np.concatenate([np.array(sorted(l, key=lambda k: g[k, 2]), np.int32) for l in lists])
    return dict(g=g, counts=counts, padded=padded, pdepth=pdepth, offsets=offsets, flat=flat,
                flat_depth=g[flat, 2], by_depth=by_depth, tx=tx, ty=ty)


def splr_get(key):
    return splr_scene()[key]


def splr_tiles_canon(lists, depths, counts, per_tile=1024):
    """The (tile, index, depth) triples of per-tile lists, sorted: the atomics' order does not matter."""
    lists, depths = np.asarray(lists).reshape(-1, per_tile), np.asarray(depths).reshape(-1, per_tile)
    rows = [(t, int(lists[t, i]), float(depths[t, i])) for t in range(len(counts)) for i in range(int(counts[t]))]
    return np.array(sorted(rows), np.float64).reshape(-1, 3)


def splr_bitonic(keys, vals):
    """sortTileGaussiansKernel's bitonic network as written (bitonicSortWarp / bitonicSortBlock): sizes 2, 4, ...
    up to the count (not the next power of two), strides size/2 .. 1, each pair (i, i ^ stride) with
    i < partner < count exchanged ascending where i & size == 0, descending otherwise."""
    k, v = list(keys), list(vals)
    n = len(k)
    size = 2
    while size <= n:
        stride = size // 2
        while stride > 0:
            for i in range(n):
                p = i ^ stride
                if i < p < n:
                    asc = (i & size) == 0
                    if (asc and k[i] > k[p]) or (not asc and k[i] < k[p]):
                        k[i], k[p] = k[p], k[i]
                        v[i], v[p] = v[p], v[i]
            stride //= 2
        size *= 2
    return k, v


def splr_oddeven(keys, vals, threads=256):
    """The kernel's fallback past blockDim: count - 1 rounds of odd-even transposition (pairs idx, idx + 1 with
    idx = 2 tid + (round & 1), tid < blockDim)."""
    k, v = list(keys), list(vals)
    n = len(k)
    for rnd in range(n - 1):
        for tid in range(threads):
            i = 2 * tid + (rnd & 1)
            if i < n - 1 and k[i] > k[i + 1]:
                k[i], k[i + 1] = k[i + 1], k[i]
                v[i], v[i + 1] = v[i + 1], v[i]
    return k, v


def splr_sort_tiles(lists, depths, counts, offsets, threads=256, which="values"):
    lists, depths = np.array(lists).copy(), np.array(depths, np.float32).copy()
    for t in range(len(counts)):
        c, o = int(counts[t]), int(offsets[t])
        if c <= 1:
            continue
        fn = splr_bitonic if c <= threads else (lambda a, b: splr_oddeven(a, b, threads))
        k, v = fn(depths[o:o + c].tolist(), lists[o:o + c].tolist())
        depths[o:o + c], lists[o:o + c] = k, v
    return lists if which == "values" else depths


def splr_radix_canon(keys_out, values_out, keys, values, count, bit, threads=256):
    """radixSortKernel's one-bit split, block by block: within each block the bucket-0 elements first, then
    bucket 1 (bucket = bit `bit` of the key made sortable); the atomics' order inside a bucket does not matter,
    so each bucket is sorted by key. Of the kernel's output (keys_out, values_out given) or of the input."""
    keys = np.asarray(keys, np.float32)
    out = []
    for b in range((count + threads - 1) // threads):
        lo, hi = b * threads, min(count, (b + 1) * threads)
        if keys_out is None:
            ki = keys[lo:hi].view(np.int32).astype(np.int64)
            s = np.where(ki >= 0, ki | 0x80000000, ~ki) & 0xFFFFFFFF
            bucket = (s >> bit) & 1
            parts = [(keys[lo:hi][bucket == q], np.asarray(values)[lo:hi][bucket == q]) for q in (0, 1)]
        else:
            n0 = int(np.sum(((np.where(keys[lo:hi].view(np.int32).astype(np.int64) >= 0,
                                       keys[lo:hi].view(np.int32).astype(np.int64) | 0x80000000,
                                       ~keys[lo:hi].view(np.int32).astype(np.int64)) & 0xFFFFFFFF) >> bit) & 1 == 0))
            ko, vo = np.asarray(keys_out)[lo:hi], np.asarray(values_out)[lo:hi]
            parts = [(ko[:n0], vo[:n0]), (ko[n0:], vo[n0:])]
        for k, v in parts:
            o = np.argsort(k, kind="stable")
            out.append(np.stack([np.asarray(k, np.float64)[o], np.asarray(v, np.float64)[o]], 1))
    return np.concatenate(out)


def splr_rasterize(g, lists, counts, offsets, width, height, tile=16):
    """SplatRender's alpha blending, pixel by pixel: the tile's list front to back (the order given), stopping
    once T < 0.001; each Gaussian's value exp(-0.5 d^T inv(cov) d) at the pixel centre (0 where det <= 0 or
    the exponent < -10), skipped below 0.01, alpha = min(opacity * value, 0.99); RGB and accumulated alpha."""
    g = np.asarray(g, np.float64)
    tx = (width + tile - 1) // tile
    out = np.zeros((height * width, 4))
    for y in range(height):
        for x in range(width):
            t = (y // tile) * tx + x // tile
            c, o = int(counts[t]), int(offsets[t])
            col, acc, T = np.zeros(3), 0.0, 1.0
            for i in range(c):
                if T < 0.001:
                    break
                k = lists[o + i]
                dx, dy = x + 0.5 - g[k, 0], y + 0.5 - g[k, 1]
                a, b, cc = g[k, 4], g[k, 5], g[k, 6]
                det = a * cc - b * b
                if det <= 0:
                    continue
                e = -0.5 * (dx * dx * cc / det + 2 * dx * dy * (-b / det) + dy * dy * a / det)
                if e < -10:
                    continue
                val = np.exp(e)
                if val < 0.01:
                    continue
                al = min(g[k, 7] * val, 0.99)
                w = al * T
                col += w * g[k, 8:11]
                acc += w
                T *= 1 - al
            out[y * width + x] = (*col, acc)
    return out
# ---- unseen137: RWKV-LM's RWKV-2 TimeX and RWKV-4 / RWKV-4neo WKV kernels (rwkvlm_), ChatRWKV's WKV forward (chatrwkv_)
def _rwkvlm_timex_pairs(T):
    """(t, s) for every s <= t of a length-T causal convolution, and the kernel-tap index T - 1 - t + s it uses."""
    t, s = np.tril_indices(T)
    return t, s, T - 1 - t + s


def rwkvlm_timex_forward(w, k, eps):
    """RWKV-2's TimeX: out[b, c, t] = eps + sum over s <= t of w[c, T - 1 - (t - s)] * k[b, c, s] (w's last tap
    weighs the current step), in float64."""
    w = np.asarray(w, dtype=np.float64)
    k = np.asarray(k, dtype=np.float64)
    T = k.shape[-1]
    t, s, m = _rwkvlm_timex_pairs(T)
    M = np.zeros((w.shape[0], T, T))
    M[:, t, s] = w[:, m]
    return float(eps) + np.einsum("cts,bcs->bct", M, k)


def rwkvlm_timex_grad_w(k, g):
    """The gradient of sum(g * TimeX(w, k)) with respect to w, for each batch row apart (the host sums over b):
    every pair s <= t adds g[b, c, t] * k[b, c, s] to tap T - 1 - t + s."""
    k = np.asarray(k, dtype=np.float64)
    g = np.asarray(g, dtype=np.float64)
    T = k.shape[-1]
    t, s, m = _rwkvlm_timex_pairs(T)
    out = np.zeros(k.shape)
    np.add.at(out, (slice(None), slice(None), m), g[:, :, t] * k[:, :, s])
    return out


def rwkvlm_timex_grad_k(w, g):
    """The gradient of sum(g * TimeX(w, k)) with respect to k: the transpose of the causal convolution."""
    w = np.asarray(w, dtype=np.float64)
    g = np.asarray(g, dtype=np.float64)
    T = g.shape[-1]
    t, s, m = _rwkvlm_timex_pairs(T)
    M = np.zeros((w.shape[0], T, T))
    M[:, t, s] = w[:, m]
    return np.einsum("cts,bct->bcs", M, g)


def _rwkv_wkv(w, u, k, v, A0=0.0, B0=0.0):
    """RWKV-4's WKV without the running-maximum rescaling (the inputs are small enough), in float64 or complex:
    y_t = (A + e^(u + k_t) v_t) / (B + e^(u + k_t)), then A = e^w A + e^k_t v_t, B = e^w B + e^k_t, where A and B
    start from the carried state. k, v: (B, T, C); w, u: (C,). Returns y and the final A, B."""
    Bn, T, C = k.shape
    A = np.zeros((Bn, C), dtype=np.result_type(w, u, k, v, complex if np.iscomplexobj(A0) else float)) + A0
    Bs = np.zeros_like(A) + B0
    y = np.zeros(k.shape, dtype=A.dtype)
    ew = np.exp(w)
    for t in range(T):
        e = np.exp(u + k[:, t])
        y[:, t] = (A + e * v[:, t]) / (Bs + e)
        ek = np.exp(k[:, t])
        A = ew * A + ek * v[:, t]
        Bs = ew * Bs + ek
    return y, A, Bs


def rwkv_wkv_y(w, u, k, v):
    w, u, k, v = (np.asarray(a, dtype=np.float64) for a in (w, u, k, v))
    return _rwkv_wkv(w, u, k, v)[0]


def rwkv_wkv_grads(w, u, k, v, gy):
    """The gradients of L[b, c] = sum over t of gy * y (the WKV of one (batch, channel)) by complex-step
    differentiation of _rwkv_wkv (exact to float64 rounding): dL/dw[b, c], dL/du[b, c], dL/dk, dL/dv."""
    w, u, k, v, gy = (np.asarray(a, dtype=np.float64) for a in (w, u, k, v, gy))
    h = 1e-30

    def L(w_, u_, k_, v_):
        return (gy * _rwkv_wkv(w_, u_, k_, v_)[0]).sum(axis=1).imag / h

    gw = L(w + 1j * h, u + 0j, k + 0j, v + 0j)
    gu = L(w + 0j, u + 1j * h, k + 0j, v + 0j)
    gk = np.zeros(k.shape)
    gv = np.zeros(k.shape)
    for s in range(k.shape[1]):
        d = np.zeros(k.shape, dtype=complex)
        d[:, s] = 1j * h
        gk[:, s] = L(w + 0j, u + 0j, k + d, v + 0j)
        gv[:, s] = L(w + 0j, u + 0j, k + 0j, v + d)
    return gw, gu, gk, gv


def rwkvlm_wkv_backward(w, u, k, v, gy, gw_in, gu_in, accumulate):
    """The WKV backward's outputs: gw (times w, the host's w = -exp(w) chain rule), gu, gk, gv; RWKV-4 adds gw and
    gu to its outputs' contents (accumulate), RWKV-4neo writes them."""
    gw, gu, gk, gv = rwkv_wkv_grads(w, u, k, v, gy)
    gw = gw * np.asarray(w, dtype=np.float64)[None, :]
    if accumulate:
        gw = gw + gw_in
        gu = gu + gu_in
    return {"gw": gw, "gu": gu, "gk": gk, "gv": gv}


def chatrwkv_wkv(w, u, k, v, aa, bb, pp):
    """ChatRWKV's WKV over a sequence from a carried state (A = aa e^pp, B = bb e^pp): y, and the state written back,
    whose scale pp follows the kernel's rule pp <- max(w + pp, k_t) (the state is (A, B) at that scale)."""
    w, u, k, v, aa, bb, pp = (np.asarray(a, dtype=np.float64) for a in (w, u, k, v, aa, bb, pp))
    y, A, Bs = _rwkv_wkv(w, u, k, v, aa * np.exp(pp), bb * np.exp(pp))
    p = pp.copy()
    for t in range(k.shape[1]):
        p = np.maximum(w + p, k[:, t])
    return {"y": y, "aa": A * np.exp(-p), "bb": Bs * np.exp(-p), "pp": p}
# ---- unseen138: HugeCTR's sparse-embedding forward kernels (hctr_) and DeepLearningExamples' DLRM gather
# extension (nvdlrm_)

_HCTR_MISSING = 2 ** 64 - 1   # std::numeric_limits<size_t>::max(): a key the hash table does not hold


def hctr_bags():
    """The input of HugeCTR's forward pooling: 8 samples x 3 slots, each slot a bag of 0-4 keys (numpy, seed 138:
    46 keys), as row_offset (the CSR offsets of the 24 slots, uint32) and hash_value_index (each key's row of a
    50-row table, uint64; keys 5, 17 and 30 missing from the table: SIZE_MAX)."""
    rng = np.random.default_rng(138)
    counts = rng.integers(0, 5, 24)
    row_offset = np.concatenate([[0], np.cumsum(counts)]).astype(np.uint32)
    hvi = rng.integers(0, 50, int(counts.sum())).astype(np.uint64)
    hvi[[5, 17, 30]] = _HCTR_MISSING
    return {"row_offset": row_offset, "hvi": hvi}


def hctr_pool(row_offset, hvi, table, rows, dim, mean):
    """Each slot's pooled embedding: the sum of the table rows of its keys (a missing key adds 0), for mean divided
    by the number of keys (missing ones included) when there are more than one. In float64; [rows, dim]."""
    t = np.asarray(table, dtype=np.float64).reshape(-1, dim)
    ro = np.asarray(row_offset, dtype=np.int64)
    hvi = np.asarray(hvi, dtype=np.uint64)
    out = np.zeros((rows, dim))
    for r in range(rows):
        keys = hvi[ro[r]:ro[r + 1]]
        for k in keys:
            if k != np.uint64(_HCTR_MISSING):
                out[r] += t[int(k)]
        n = len(keys)
        if mean and n > 1:
            out[r] /= n
    return out


def nvdlrm_sgd(params, grads, indices, lr):
    """The embedding table after the fused backward + SGD: each looked-up row minus lr times the gradient of every
    lookup of it (np.add.at: rows several lookups share get every gradient)."""
    p = np.asarray(params, dtype=np.float64).copy()
    g = np.asarray(grads, dtype=np.float64).reshape(len(np.ravel(indices)), -1)
    np.add.at(p, np.ravel(indices).astype(np.int64), -float(np.float32(lr)) * g)
    return p
# ---- unseen139: sppark's prefix scan over the Goldilocks field; BitCrack's secp256k1 multiply step

GL64_P = (1 << 64) - (1 << 32) + 1


def gl64_random(rng, size):
    """Canonical Goldilocks elements (0 <= v < p), uniform, as uint64."""
    return rng.integers(0, GL64_P, size, dtype=np.uint64)


def gl64_prefix(inp, op, length=None):
    """Inclusive prefix sums ('add') or products ('mul') modulo p = 2^64 - 2^32 + 1 of the first ``length``
    elements, in Python integers (exact), as uint64."""
    vals = [int(v) for v in np.asarray(inp, dtype=np.uint64).reshape(-1)[:length]]
    out, acc = [], 0 if op == "add" else 1
    for v in vals:
        acc = (acc + v) % GL64_P if op == "add" else (acc * v) % GL64_P
        out.append(acc)
    return np.array(out, dtype=np.uint64)


SECP_P = (1 << 256) - (1 << 32) - 977
SECP_G = (0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
          0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8)


def _secp_add(a, b):
    """Affine point addition on y^2 = x^3 + 7 over F_p (None: the point at infinity)."""
    if a is None:
        return b
    if b is None:
        return a
    (x1, y1), (x2, y2) = a, b
    if x1 == x2:
        if (y1 + y2) % SECP_P == 0:
            return None
        s = 3 * x1 * x1 * pow(2 * y1, -1, SECP_P) % SECP_P
    else:
        s = (y2 - y1) * pow(x2 - x1, -1, SECP_P) % SECP_P
    x3 = (s * s - x1 - x2) % SECP_P
    return x3, (s * (x1 - x3) - y1) % SECP_P


@functools.lru_cache(maxsize=None)
def _secp_pow2_table():
    t = [SECP_G]
    for _ in range(255):
        t.append(_secp_add(t[-1], t[-1]))
    return tuple(t)


def _words_be(v):
    """A 256-bit integer as 8 uint32 words, most significant first (secp256k1::uint256::BigEndian)."""
    return [(v >> (32 * (7 - k))) & 0xFFFFFFFF for k in range(8)]


def bitcrk_table(coord):
    """initializeBasePoints' table: (2^i) G for i = 0..255, x (coord 0) or y (1), 8 big-endian words each."""
    return np.array([w for pt in _secp_pow2_table() for w in _words_be(pt[coord])], dtype=np.uint32)


def bitcrk_keys(rng, nthreads, ppt):
    """Random 256-bit private keys below the group order, one per (point, thread), as splatBigInt lays them out:
    word k (most significant first) of point idx of thread t at idx * nthreads * 8 + k * nthreads + t."""
    n = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
    out = np.zeros(nthreads * ppt * 8, dtype=np.uint32)
    for idx in range(ppt):
        for t in range(nthreads):
            k = int.from_bytes(rng.bytes(32), "big") % n
            for j, w in enumerate(_words_be(k)):
                out[idx * nthreads * 8 + j * nthreads + t] = w
    return out


def _bitcrk_key(keys, nthreads, idx, t):
    return sum(int(keys[idx * nthreads * 8 + j * nthreads + t]) << (32 * (7 - j)) for j in range(8))


def bitcrk_state(keys, nthreads, ppt, steps, coord):
    """The public-key buffer (x: coord 0, y: 1) after ``steps`` multiply steps: point idx of thread t is
    (key mod 2^steps) G, laid out as the keys; the point at infinity is all words 0xFFFFFFFF (the host's
    cudaMemset(-1), which isInfinity tests)."""
    table = _secp_pow2_table()
    out = np.full(nthreads * ppt * 8, 0xFFFFFFFF, dtype=np.uint32)
    for idx in range(ppt):
        for t in range(nthreads):
            k = _bitcrk_key(keys, nthreads, idx, t)
            pt = None
            for s in range(steps):
                if (k >> s) & 1:
                    pt = _secp_add(pt, table[s])
            if pt is not None:
                for j, w in enumerate(_words_be(pt[coord])):
                    out[idx * nthreads * 8 + j * nthreads + t] = w
    return out
# ---- unseen140: tsdf-fusion (tsdff_) and tsdf-fusion-python (tsdfpy_) TSDF integration. float32 step by step
# as the kernels write it; a*b + c as one rounding where nvcc contracts it to an FMA (the products exact in
# float64, so float64 then one float32 rounding is the FMA but for a double rounding once in ~2^29).

def _tsdf_fma(a, b, c):
    return (np.asarray(a, np.float64) * np.asarray(b, np.float64) + np.asarray(c, np.float64)).astype(np.float32)


def _tsdf_roundf(v):
    """roundf: halves away from zero."""
    v = np.asarray(v, np.float64)
    return np.sign(v) * np.floor(np.abs(v) + 0.5)


def _tsdf_to_cam(px, py, pz, pose):
    """R^T (p - t) for a 4 x 4 row-major camera-to-base pose: (a*t0 + b*t1) + c*t2 as fma(c, t2, fma(a, t0, b*t1))."""
    f = np.float32
    p = np.asarray(pose, f).reshape(-1)
    t = [(px - p[3]).astype(f), (py - p[7]).astype(f), (pz - p[11]).astype(f)]
    out = []
    for col in range(3):
        a, b, c = p[0 * 4 + col], p[1 * 4 + col], p[2 * 4 + col]
        out.append(_tsdf_fma(c, t[2], _tsdf_fma(a, t[0], (b * t[1]).astype(f))))
    return out


def tsdf_pose(rx, ry, rz, tx, ty, tz):
    """A 4 x 4 camera-to-base rigid transform (Rz Ry Rx, then the translation), float32, row-major."""
    cx, sx, cy, sy, cz, sz = np.cos(rx), np.sin(rx), np.cos(ry), np.sin(ry), np.cos(rz), np.sin(rz)
    r = (np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]]) @ np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
         @ np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]]))
    m = np.eye(4)
    m[:3, :3], m[:3, 3] = r, (tx, ty, tz)
    return m.astype(np.float32)


def tsdf_depth(h, w, seed, base=1.0, amp=0.15, holes=0.1, far=0.0, far_frac=0.0):
    """A smooth depth surface in metres (two sines and a little noise), a fraction of pixels 0 (no reading)
    and, if far_frac, a fraction set to far."""
    r = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w]
    d = base + amp * np.sin(3.0 * np.pi * x / w + seed) * np.cos(2.0 * np.pi * y / h) + r.uniform(-0.01, 0.01, (h, w))
    u = r.uniform(0, 1, (h, w))
    d[u < holes] = 0.0
    d[(u >= holes) & (u < holes + far_frac)] = far
    return d.astype(np.float32)


def tsdff_integrate(cam_K, cam2base, depth_im, im_height, im_width, dx, dy, dz, ox, oy, oz, voxel_size,
                    trunc_margin, tsdf, weight):
    """demo.cu's Integrate: every voxel (x, y, z) of a dz x dy x dx volume; returns (tsdf, weight)."""
    f = np.float32
    K = np.asarray(cam_K, f).reshape(-1)
    tsdf = np.asarray(tsdf, f).reshape(dz, dy, dx).copy()
    weight = np.asarray(weight, f).reshape(dz, dy, dx).copy()
    depth = np.asarray(depth_im, f).reshape(-1)
    z, y, x = np.meshgrid(np.arange(dz), np.arange(dy), np.arange(dx), indexing="ij")
    vs = f(voxel_size)
    bx, by, bz = _tsdf_fma(x.astype(f), vs, f(ox)), _tsdf_fma(y.astype(f), vs, f(oy)), _tsdf_fma(z.astype(f), vs, f(oz))
    cx, cy, cz = _tsdf_to_cam(bx, by, bz, cam2base)
    ok = cz > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        pxf = _tsdf_roundf(_tsdf_fma(K[0], (cx / cz).astype(f), K[2]))
        pyf = _tsdf_roundf(_tsdf_fma(K[4], (cy / cz).astype(f), K[5]))
    ok &= (pxf >= 0) & (pxf < im_width) & (pyf >= 0) & (pyf < im_height)
    pix = np.where(ok, pyf * im_width + pxf, 0).astype(np.int64)
    dv = depth[pix]
    ok &= (dv > 0) & (dv <= 6)
    diff = (dv - cz).astype(f)
    ok &= diff > -f(trunc_margin)
    dist = np.minimum(f(1.0), (diff / f(trunc_margin)).astype(f))
    w_new = (weight + f(1.0)).astype(f)
    t_new = (_tsdf_fma(tsdf, weight, dist) / w_new).astype(f)
    return np.where(ok, t_new, tsdf), np.where(ok, w_new, weight)


def tsdff_kinfu(K, depth_data, view_bounds, pose, vox_unit, vox_mu, vox_size, vox_range_cam, tsdf, weight):
    """old-version/kinfu.cu's integrate over the view bounds' box; 640 x 480 millimetre depth; returns (tsdf, weight).
    The ray scaling sqrtf(1 + powf(x/z, 2) + powf(y/z, 2)) in float64 (powf and the sum: a few ulp)."""
    f = np.float32
    K = np.asarray(K, f).reshape(-1)
    nx, ny, nz = (int(v) for v in vox_size)
    rng_ = np.asarray(vox_range_cam, f).reshape(-1)
    vb = np.asarray(view_bounds, f).reshape(-1)
    tsdf = np.asarray(tsdf, f).reshape(nz, ny, nx).copy()
    weight = np.asarray(weight, f).reshape(nz, ny, nx).copy()
    depth = np.asarray(depth_data).reshape(-1)
    z, y, x = np.meshgrid(np.arange(nz), np.arange(ny), np.arange(nx), indexing="ij")
    ok = (z >= int(vb[4])) & (z < int(vb[5])) & (y >= int(vb[2])) & (y < int(vb[3]))
    ok &= (x >= int(vb[0])) & (x < vb[1])
    vu = f(vox_unit)
    px_ = _tsdf_fma((x + 1).astype(f), vu, rng_[0])
    py_ = _tsdf_fma((y + 1).astype(f), vu, rng_[2])
    pz_ = _tsdf_fma((z + 1).astype(f), vu, rng_[4])
    cx, cy, cz = _tsdf_to_cam(px_, py_, pz_, pose)
    ok &= cz > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        rx, ry = (cx / cz).astype(f), (cy / cz).astype(f)
        u = _tsdf_roundf(_tsdf_fma(K[0], rx, K[2]))
        v = _tsdf_roundf(_tsdf_fma(K[4], ry, K[5]))
    ok &= (u >= 1) & (u <= 640) & (v >= 1) & (v <= 480)
    pix = np.where(ok, (v - 1) * 640 + (u - 1), 0).astype(np.int64)
    p_depth = (depth[pix].astype(f) / f(1000.0)).astype(f)
    ok &= (p_depth.astype(np.float64) >= 0.2) & (p_depth.astype(np.float64) <= 0.8)
    ok &= _tsdf_roundf((p_depth * f(1000.0)).astype(f)) != 0
    eta = ((p_depth - cz).astype(f).astype(np.float64)
           * np.sqrt(1.0 + rx.astype(np.float64) ** 2 + ry.astype(np.float64) ** 2)).astype(f)
    ok &= eta > -f(vox_mu)
    sdf = np.minimum(f(1.0), (eta / f(vox_mu)).astype(f))
    w_new = (weight + f(1.0)).astype(f)
    t_new = (_tsdf_fma(tsdf, weight, sdf) / w_new).astype(f)
    return np.where(ok, t_new, tsdf), np.where(ok, w_new, weight)


def tsdfpy_grid(n_voxels, threads=1024):
    """TSDFVolume's grid: (gx, gy, gz) and the number of gpu loops."""
    n_blocks = int(np.ceil(n_voxels / threads))
    gx = int(np.floor(np.cbrt(n_blocks)))
    gy = int(np.floor(np.sqrt(n_blocks / gx)))
    gz = int(np.ceil(n_blocks / (gx * gy)))
    return (gx, gy, gz), int(np.ceil(n_voxels / (gx * gy * gz * threads)))


def tsdf_colors(h, w, seed):
    """fusion.py's folded colour image: b * 65536 + g * 256 + r of random 8-bit channels, as float32."""
    r = np.random.default_rng(seed)
    c = r.integers(0, 256, (h, w, 3))
    return (c[..., 2] * 65536 + c[..., 1] * 256 + c[..., 0]).astype(np.float32)


def tsdfpy_integrate(tsdf_vol, weight_vol, color_vol, vol_dim, vol_origin, cam_intr, cam_pose, other_params,
                     color_im, depth_im):
    """fusion.py's integrate for every voxel index below prod(vol_dim) (gpu_loop_idx 0 covering them all);
    returns (tsdf, weight, color) over the first prod(vol_dim) entries."""
    f = np.float32
    dx, dy, dz = (int(v) for v in np.asarray(vol_dim).reshape(-1))
    n = dx * dy * dz
    op = np.asarray(other_params, f).reshape(-1)
    vs, im_h, im_w, trunc, obs = op[1], int(op[2]), int(op[3]), op[4], op[5]
    intr = np.asarray(cam_intr, f).reshape(-1)
    org = np.asarray(vol_origin, f).reshape(-1)
    tsdf = np.asarray(tsdf_vol, f).reshape(-1)[:n].copy()
    weight = np.asarray(weight_vol, f).reshape(-1)[:n].copy()
    color = np.asarray(color_vol, f).reshape(-1)[:n].copy()
    depth = np.asarray(depth_im, f).reshape(-1)
    cim = np.asarray(color_im, f).reshape(-1)
    idx = np.arange(n)
    vx = idx // (dy * dz)
    vy = (idx - vx * dy * dz) // dz
    vz = idx - vx * dy * dz - vy * dz
    px_ = _tsdf_fma(vx.astype(f), vs, org[0])
    py_ = _tsdf_fma(vy.astype(f), vs, org[1])
    pz_ = _tsdf_fma(vz.astype(f), vs, org[2])
    cx, cy, cz = _tsdf_to_cam(px_, py_, pz_, cam_pose)
    with np.errstate(divide="ignore", invalid="ignore"):
        u = _tsdf_roundf(_tsdf_fma(intr[0], (cx / cz).astype(f), intr[2]))
        v = _tsdf_roundf(_tsdf_fma(intr[4], (cy / cz).astype(f), intr[5]))
    ok = (u >= 0) & (u < im_w) & (v >= 0) & (v < im_h) & (cz >= 0)
    pix = np.where(ok, v * im_w + u, 0).astype(np.int64)
    dv = depth[pix]
    ok &= dv != 0
    diff = (dv - cz).astype(f)
    ok &= diff >= -trunc
    dist = np.minimum(f(1.0), (diff / trunc).astype(f))
    w_new = (weight + obs).astype(f)
    t_new = (_tsdf_fma(tsdf, weight, (obs * dist).astype(f)) / w_new).astype(f)
    ob = np.floor(color / f(65536.0))
    og = np.floor((color - ob * 65536) / 256)
    orr = color - ob * 65536 - og * 256
    nc = cim[pix]
    nb = np.floor(nc / f(65536.0))
    ng = np.floor((nc - nb * 65536) / 256)
    nr = nc - nb * 65536 - ng * 256
    mix = [np.minimum(_tsdf_roundf((_tsdf_fma(o, weight, (obs * c).astype(f)) / w_new).astype(f)), 255.0)
           for o, c in ((ob, nb), (og, ng), (orr, nr))]
    c_new = (mix[0] * 65536 + mix[1] * 256 + mix[2]).astype(f)
    return np.where(ok, t_new, tsdf), np.where(ok, w_new, weight), np.where(ok, c_new, color)
# ---------------------------------------------------------------- unseen141: GPUJPEG's 8x8 DCT + quantisation and
# dequantisation + IDCT (gpujpg_dct_gpu.cu) and KFM's DCT-domain Deblock filter (kfmdb_deblock.cu)


def _dct8_orthonormal():
    """The orthonormal 8-point DCT-II matrix D (D @ x transforms x; D.T @ X inverts)."""
    n = np.arange(8)
    d = np.sqrt(2.0 / 8.0) * np.cos(np.pi * (2 * n[None, :] + 1) * n[:, None] / 16.0)
    d[0] /= np.sqrt(2.0)
    return d


# The JPEG standard's luminance quantisation table (ITU-T T.81 Annex K, Table K.1), natural (row-major) order.
GPUJPG_LUMA_Q = np.array([
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99])

# The output scales of the Arai-Agui-Nakajima 1-D DCT: s_0 = 1, s_k = sqrt(2) cos(k pi / 16).
_GPUJPG_AAN = np.array([1.0] + [np.sqrt(2.0) * np.cos(k * np.pi / 16.0) for k in range(1, 8)])


def gpujpg_forward_table(q=GPUJPG_LUMA_Q):
    """The encoder's forward table as gpujpeg_table_quantization_encoder_init builds it: transposed
    (entry [u * 8 + v] for the coefficient of vertical frequency v, horizontal u) and divided by the AAN output
    scales and the 2-D DCT's gain of 8."""
    q = np.asarray(q, dtype=np.float64).reshape(8, 8)
    t = np.zeros((8, 8))
    for v in range(8):
        for u in range(8):
            t[u, v] = 1.0 / (q[v, u] * _GPUJPG_AAN[u] * _GPUJPG_AAN[v] * 8.0)
    return t.reshape(64).astype(np.float32)


def gpujpg_fdct_quant(src, width, height, table, stride_out):
    """gpujpeg_dct_gpu_kernel: each 8x8 block of the level-shifted image (pixels - 128) through the 2-D DCT;
    the AAN DCT's outputs are the orthonormal DCT's times 8 s_v s_u, multiplied by table[u * 8 + v] and rounded
    to nearest even (rintf). Block (bx, by)'s 64 coefficients (row-major, v * 8 + u) sit at
    by * stride_out + bx * 64 of the int16 output. Blocks past the image are not written (zeros here)."""
    img = np.asarray(src, dtype=np.float64).reshape(-1)[:height * width].reshape(height, width) - 128.0
    d = _dct8_orthonormal()
    t = np.asarray(table, dtype=np.float64).reshape(8, 8)   # t[u, v]
    gain = 8.0 * np.outer(_GPUJPG_AAN, _GPUJPG_AAN)          # [v, u]
    out = np.zeros((height // 8) * stride_out, dtype=np.int64)
    for by in range(height // 8):
        for bx in range(width // 8):
            f = d @ img[by * 8:by * 8 + 8, bx * 8:bx * 8 + 8] @ d.T   # [v, u]
            c = np.rint(f * gain * t.T)
            out[by * stride_out + bx * 64:by * stride_out + bx * 64 + 64] = c.reshape(64)
    return out.astype(np.int16)


def _gpujpg_lift(v):
    """The decoder's 1-D IDCT as gpujpeg_idct_gpu_kernel_inplace writes it: Liang's lifting-scheme factorisation
    (2001) with its rounded constants, on the inputs in the kernel's order (0, 4, 6, 2, 7, 5, 3, 1). Its
    constants make it an approximation (the gain of input 3 is 0.9963, input 7's rows differ from the exact
    IDCT by up to 4%), so the exact IDCT would not do as a reference; these are the lifting steps, in float64,
    vectorised over the leading axes."""
    x = [v[..., i].astype(np.float64) for i in (0, 4, 6, 2, 7, 5, 3, 1)]
    k = [0.4142135623, 0.3535533905, 0.4619397662, 0.1989123673, 0.7071067811, -2.0]
    x[2] = x[2] * 0.5411961
    x[4] = x[4] * 0.509795579
    x[5] = x[5] * 0.601344887
    x[1] = (x[0] - x[1]) * k[1]
    x[0] = x[0] * k[4] - x[1]
    x[3] = x[2] * k[1] + x[3] * k[2]
    x[2] = x[3] * k[0] - x[2]
    x[6] = x[5] * k[2] + x[6] * k[0]
    x[5] = -0.6681786379 * x[6] + x[5]
    x[7] = x[4] * k[3] + x[7] * 0.49039264
    x[4] = x[7] * k[3] - x[4]
    x[1] = x[2] + x[1]
    x[2] = k[5] * x[2] + x[1]
    x[4] = x[5] + x[4]
    x[5] = 2.0 * x[5] - x[4]
    x[7] = x[6] + x[7]
    x[6] = k[5] * x[6] + x[7]
    x[0] = x[3] + x[0]
    x[3] = k[5] * x[3] + x[0]
    x[5] = x[6] * k[0] + x[5]
    x[6] = x[5] * -k[4] + x[6]
    x[5] = x[6] * k[0] + x[5]
    x[3] = x[3] + x[4]
    x[4] = k[5] * x[4] + x[3]
    x[2] = x[2] + x[5]
    x[5] = k[5] * x[5] + x[2]
    x[1] = x[6] + x[1]
    x[6] = k[5] * x[6] + x[1]
    x[0] = x[0] + x[7]
    x[7] = k[5] * x[7] + x[0]
    return np.stack(x, axis=-1)


def gpujpg_idct(coef, q, width, height):
    """gpujpeg_idct_gpu_kernel: block b's 64 coefficients (row-major, vertical frequency first) times the table
    (same order), the 1-D IDCT down each column then along each row, + 128, rounded to nearest even and
    clamped to 0..255; block b (raster order over the width / 8 blocks of a row) is the 8x8 tile at
    (8 (b mod (width / 8)), 8 (b div (width / 8)))."""
    nb = (width // 8) * (height // 8)
    c = np.asarray(coef, dtype=np.float64).reshape(-1)[:nb * 64].reshape(nb, 8, 8)
    c = c * np.asarray(q, dtype=np.float64).reshape(1, 8, 8)
    cols = _gpujpg_lift(np.swapaxes(c, 1, 2))        # [b, col, row]
    rows = _gpujpg_lift(np.swapaxes(cols, 1, 2))     # [b, row, col]
    pix = np.clip(np.rint(rows + 128.0), 0, 255)
    img = np.zeros((height, width))
    bw = width // 8
    for b in range(nb):
        img[(b // bw) * 8:(b // bw) * 8 + 8, (b % bw) * 8:(b % bw) * 8 + 8] = pix[b]
    return img.astype(np.uint8)


def kfmdb_qp_table(in0, nonb0, in1, nonb1, dc0, dc1, in_w, in_h, in_pitch, qp_scale, dc_coeff, dc_pitch,
                   shift_x, shift_y, out_w, out_h):
    """kl_make_qp_table with both frames' tables: at (x, y) the macroblock (min(x >> sx, in_w - 1),
    min(y >> sy, in_h - 1)); the larger of the two qps, non-B qps and DC counts; qps normalised by the qscale
    type (MPEG-1 << 2, MPEG-2 << 1, H.264 as is, VP5/6 63 - q + 2); b_ratio = min(1, dc * dc_coeff);
    qp = max(1, int(b b_ratio + nonb (1 - b_ratio) + 0.5)) (float32 in the kernel: with dc_coeff a power of
    two every step is exact)."""
    def norm(q):
        return {0: q << 2, 1: q << 1, 2: q, 3: 63 - q + 2}.get(qp_scale, q)
    a = [np.asarray(t, dtype=np.int64).reshape(-1) for t in (in0, nonb0, in1, nonb1)]
    d0 = np.asarray(dc0, dtype=np.int64).reshape(-1)
    d1 = np.asarray(dc1, dtype=np.int64).reshape(-1)
    out = np.zeros((out_h, out_w), dtype=np.int64)
    for y in range(out_h):
        for x in range(out_w):
            qx, qy = min(x >> shift_x, in_w - 1), min(y >> shift_y, in_h - 1)
            i = qx + qy * in_pitch
            j = qx + qy * dc_pitch
            b = norm(int(max(a[0][i], a[2][i])))
            nonb = norm(int(max(a[1][i], a[3][i])))
            ratio = min(1.0, int(max(d0[j], d1[j])) * float(np.float32(dc_coeff)))
            out[y, x] = max(1, int(b * ratio + nonb * (1 - ratio) + 0.5))
    return out.astype(np.uint16)


def _kfmdb_offsets():
    """g_deblock_offset: the block offsets of quality 1..6 (entry count - 1 + i for the i-th of count = 2^q),
    FFmpeg spp's table."""
    return [(0, 0),
            (0, 0), (4, 4),
            (0, 0), (2, 2), (6, 4), (4, 6),
            (0, 0), (5, 1), (2, 2), (7, 3), (4, 4), (1, 5), (6, 6), (3, 7),
            (0, 0), (4, 0), (1, 1), (5, 1), (3, 2), (7, 2), (2, 3), (6, 3),
            (0, 4), (4, 4), (1, 5), (5, 5), (3, 6), (7, 6), (2, 7), (6, 7),
            (0, 0), (0, 2), (0, 4), (0, 6), (1, 1), (1, 3), (1, 5), (1, 7),
            (2, 0), (2, 2), (2, 4), (2, 6), (3, 1), (3, 3), (3, 5), (3, 7),
            (4, 0), (4, 2), (4, 4), (4, 6), (5, 1), (5, 3), (5, 5), (5, 7),
            (6, 0), (6, 2), (6, 4), (6, 6), (7, 1), (7, 3), (7, 5), (7, 7)]


def kfmdb_deblock(src, out, bw, bh, qp, count, shift, maxv, strength, thresh_a, thresh_b):
    """kl_deblock: for each 8x8 block (bx, by) of the padded frame and each of its count = 2^quality offsets
    (ox, oy), the 8x8 window at (8 bx + ox, 8 by + oy): its DCT (the kernel's is 8 times the orthonormal 2-D
    DCT), every coefficient but DC with |c| <= thresh set to 0, thresh = clamp(a qp + b, 0, qp) (4 + strength)
    - 1, the inverse (8 times the orthonormal inverse), then clamp(int(v + half) >> shift, 0, maxv) with
    half = 2^shift / 2, summed into a 16 x 16 window at (ox, oy); the window is stored at
    (8 bx, (bh z + by) * 8) of plane z = (bx & 1) + 2 (by & 1) of out (uint16; the rest of out kept)."""
    s = np.asarray(src, dtype=np.float64)
    o = np.array(out, dtype=np.int64).reshape(-1, np.asarray(out).shape[-1])
    q = np.asarray(qp, dtype=np.float64).reshape(bh, -1)
    d = _dct8_orthonormal()
    offs = _kfmdb_offsets()[count - 1:2 * count - 1]
    half = (1 << shift) >> 1
    for by in range(bh):
        for bx in range(bw):
            qv = float(q[by, bx])
            th = min(max(float(np.float32(thresh_a)) * qv + float(np.float32(thresh_b)), 0.0), qv)
            th = th * (4.0 + float(np.float32(strength))) - 1.0
            acc = np.zeros((16, 16), dtype=np.int64)
            for ox, oy in offs:
                blk = s[by * 8 + oy:by * 8 + oy + 8, bx * 8 + ox:bx * 8 + ox + 8]
                c = 8.0 * (d @ blk @ d.T)
                keep = np.abs(c) > th
                keep[0, 0] = True
                v = 8.0 * (d.T @ np.where(keep, c, 0.0) @ d)
                t = np.clip(np.trunc(v + half).astype(np.int64) >> shift, 0, maxv)
                acc[oy:oy + 8, ox:ox + 8] += t
            z = (bx & 1) + (by & 1) * 2
            y0 = (bh * z + by) * 8
            o[y0:y0 + 16, bx * 8:bx * 8 + 16] = acc
    return o.astype(np.uint16)


def kfmdb_show(dst, width, height, qp, bw, bh, thresh_a, thresh_b):
    """kl_deblock_show: the 8x8 square centred on each block's corner (x in 8 bx - 4 .. 8 bx + 3, likewise y),
    inside the frame, set to 230 where clamp(a qp + b, 0, qp) >= qp >> 1, else 16."""
    o = np.array(dst, dtype=np.int64)
    q = np.asarray(qp, dtype=np.int64).reshape(bh, -1)
    for by in range(bh):
        for bx in range(bw):
            qv = int(q[by, bx])
            en = min(max(float(np.float32(thresh_a)) * qv + float(np.float32(thresh_b)), 0.0), qv) >= (qv >> 1)
            y0, x0 = max(by * 8 - 4, 0), max(bx * 8 - 4, 0)
            o[y0:min(by * 8 + 4, height), x0:min(bx * 8 + 4, width)] = 230 if en else 16
    return o.astype(np.uint8)
# ---- unseen142: PyTorch Cluster (pycl_) and PyTorch Sparse (pyts_): graph sampling and sparse aggregation
def pycl_graph():
    """A directed 40-node CSR graph (rowptr, col, int64): out-degrees 1-6 drawn with seed 14201, node 5 isolated
    (degree 0) and node 9 of degree 1; each node's neighbours drawn without replacement from the nodes other than
    itself and node 5 (so a walk reaches node 5 only by starting there), sorted."""
    rng = np.random.default_rng(14201)
    deg = rng.integers(1, 7, 40)
    deg[5], deg[9] = 0, 1
    rowptr = np.zeros(41, np.int64)
    rowptr[1:] = np.cumsum(deg)
    col = [np.sort(rng.choice(np.setdiff1d(np.arange(40), [i, 5]), int(d), replace=False)) for i, d in enumerate(deg)]
    return rowptr, np.concatenate(col).astype(np.int64)


def pycl_uniform_walk(rowptr, col, start, rand, walk_length):
    """Uniform random walks: from each start node, walk_length steps, step l of walk t taking edge
    rowptr[v] + trunc(rand[l, t] * deg(v)) (the product in float32, as a float times an integer is in C),
    staying put with edge -1 on a node without edges. (nodes [(L + 1) * n], edges [L * n]), step-major."""
    rowptr, col, start = (np.asarray(a, np.int64) for a in (rowptr, col, start))
    n = len(start)
    rand = np.asarray(rand, np.float32).reshape(walk_length, n)
    nodes = np.empty((walk_length + 1, n), np.int64)
    edges = np.empty((walk_length, n), np.int64)
    for t in range(n):
        v = start[t]
        nodes[0, t] = v
        for step in range(walk_length):
            a, b = rowptr[v], rowptr[v + 1]
            if a == b:
                e = -1
            else:
                e = a + int(rand[step, t] * np.float32(b - a))
                v = col[e]
            nodes[step + 1, t], edges[step, t] = v, e
    return nodes.reshape(-1), edges.reshape(-1)


def pycl_walk_consistent(rowptr, col, start, nodes, edges, walk_length):
    """node2vec rejection sampling draws from cuRAND, so its walks are checked, not predicted: per walk, that it
    begins at its start node, that each step's node is its edge's target (or, with edge -1, the node it stood on,
    which has no edges), and that the first step's edge leaves the start node. Only these: after a rejected draw the
    kernel's row_start/row_end hold the candidate's row, not the current node's (as written), so a later step's edge
    may leave another node. A boolean per walk."""
    rowptr, col, start = (np.asarray(a, np.int64) for a in (rowptr, col, start))
    n = len(start)
    nodes = np.asarray(nodes, np.int64).reshape(walk_length + 1, n)
    edges = np.asarray(edges, np.int64).reshape(walk_length, n)
    ok = nodes[0] == start
    for t in range(n):
        e0 = edges[0, t]
        a, b = rowptr[start[t]], rowptr[start[t] + 1]
        ok[t] &= (e0 == -1 and a == b) or (a <= e0 < b)
        for step in range(walk_length):
            e = edges[step, t]
            if e == -1:
                v = nodes[step, t]
                ok[t] &= nodes[step + 1, t] == v and rowptr[v] == rowptr[v + 1]
            else:
                ok[t] &= 0 <= e < len(col) and col[e] == nodes[step + 1, t]
    return ok


def pycl_grid(pos, size, start, end):
    """Voxel-grid cluster ids: per dimension d the cell trunc((pos - start) / size), the cells numbered
    row-major with the first dimension fastest, each dimension holding trunc((end - start) / size) + 1 cells.
    In float32 (the kernel's type; each value one rounded subtraction and one rounded division)."""
    pos, size, start, end = (np.asarray(a, np.float32) for a in (pos, size, start, end))
    c = np.zeros(len(pos), np.int64)
    k = 1
    for d in range(pos.shape[1]):
        c += ((pos[:, d] - start[d]) / size[d]).astype(np.int64) * k
        k *= int((end[d] - start[d]) / size[d]) + 1
    return c


def _pycl_example(ptr, i):
    """The example of point i: the first b with ptr[b + 1] > i."""
    return int(np.searchsorted(np.asarray(ptr), i, side="right") - 1)


def pycl_radius(x, y, ptr_x, ptr_y, r2, max_num_neighbors, ignore_same_index):
    """Radius graph: for each point of y, the points of x of the same example whose squared distance (float64) is
    below r2 (float32), in x's order, at most max_num_neighbors, skipping x == y's index when asked. (row, col),
    each y's max_num_neighbors slots, unused slots -1."""
    x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
    r2 = float(np.float32(r2))
    m = len(y)
    row = np.full(m * max_num_neighbors, -1, np.int64)
    col = row.copy()
    for ny in range(m):
        b = _pycl_example(ptr_y, ny)
        cand = np.arange(ptr_x[b], ptr_x[b + 1])
        d = ((x[cand] - y[ny]) ** 2).sum(1)
        keep = cand[(d < r2) & ~(ignore_same_index & (cand == ny))][:max_num_neighbors]
        row[ny * max_num_neighbors:ny * max_num_neighbors + len(keep)] = ny
        col[ny * max_num_neighbors:ny * max_num_neighbors + len(keep)] = keep
    return row, col


def pycl_knn(x, y, ptr_x, ptr_y, k, cosine):
    """k nearest points of x (same example) to each point of y, nearest first, ties to the lower index: squared
    Euclidean distance or 1 - cosine similarity, in float64. (row, col) of y's k slots."""
    x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
    m = len(y)
    row = np.repeat(np.arange(m, dtype=np.int64), k)
    col = np.full(m * k, -1, np.int64)
    for ny in range(m):
        b = _pycl_example(ptr_y, ny)
        cand = np.arange(ptr_x[b], ptr_x[b + 1])
        if cosine:
            d = 1 - (x[cand] @ y[ny]) / (np.linalg.norm(x[cand], axis=1) * np.linalg.norm(y[ny]))
        else:
            d = ((x[cand] - y[ny]) ** 2).sum(1)
        best = cand[np.argsort(d, kind="stable")[:k]]
        col[ny * k:ny * k + len(best)] = best
    return row, col


def pycl_nearest(x, y, ptr_x, ptr_y):
    """For each point of x, the index of its nearest point of y in the same example (squared distance in float64;
    the first on a tie)."""
    x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
    out = np.empty(len(x), np.int64)
    for nx in range(len(x)):
        b = _pycl_example(ptr_x, nx)
        d = ((y[ptr_y[b]:ptr_y[b + 1]] - x[nx]) ** 2).sum(1)
        out[nx] = ptr_y[b] + int(np.argmin(d))
    return out


def pycl_fps(src, ptr, out_ptr, start, dist0=5e4):
    """Farthest point sampling per example: the first sample start[b] (relative to the example), then repeatedly the
    point whose distance to the nearest sample so far is largest (first on a tie), the distances starting at dist0.
    Squared distances in float64. (samples, final distances)."""
    src = np.asarray(src, np.float64)
    out = np.empty(int(out_ptr[-1]), np.int64)
    dist = np.full(len(src), dist0)
    for b in range(len(ptr) - 1):
        s, e = int(ptr[b]), int(ptr[b + 1])
        out[out_ptr[b]] = s + start[b]
        for m in range(int(out_ptr[b]) + 1, int(out_ptr[b + 1])):
            old = out[m - 1]
            dist[s:e] = np.minimum(dist[s:e], ((src[s:e] - src[old]) ** 2).sum(1))
            out[m] = s + int(np.argmax(dist[s:e]))
    return out, dist


def pyts_csr(m=20, n=40, seed=14202):
    """PyTorch Sparse's test matrix: m x n in CSR (rowptr, col, int64), row lengths 0-11 drawn with the seed, row 3
    empty and row 7 of 38 entries (longer than a warp), columns without replacement, sorted."""
    rng = np.random.default_rng(seed)
    lengths = rng.integers(0, 12, m)
    lengths[3], lengths[7] = 0, 38
    rowptr = np.zeros(m + 1, np.int64)
    rowptr[1:] = np.cumsum(lengths)
    col = [np.sort(rng.choice(n, int(L), replace=False)) for L in lengths]
    return rowptr, np.concatenate(col).astype(np.int64)


def pyts_ind2ptr(ind, m):
    """A sorted row index array's CSR row pointer: ptr[i] = the number of entries in rows below i."""
    return np.searchsorted(np.asarray(ind, np.int64), np.arange(m + 1), side="left").astype(np.int64)


def pyts_coo_offdiag(m, n, k, count, seed=14203):
    """A sorted COO pattern (row, col) of an m x n matrix without entries on the k-th diagonal (set_diag removes
    them first), count distinct entries drawn with the seed."""
    rng = np.random.default_rng(seed)
    r, c = np.divmod(np.arange(m * n), n)
    flat = np.flatnonzero(c != r + k)
    pick = np.sort(rng.choice(flat, count, replace=False))
    return (pick // n).astype(np.int64), (pick % n).astype(np.int64)


def pyts_non_diag_mask(row, col, m, n, k):
    """Where each entry lands once the k-th diagonal's entries (d, d + k) are merged in row-major order: entry e
    goes to e + the number of diagonal positions before it; a mask of E + num_diag with those places set."""
    row, col = np.asarray(row, np.int64), np.asarray(col, np.int64)
    d = np.arange(max(0, -k), m)
    d = d[(d + k >= 0) & (d + k < n)]
    diag_key = d * n + (d + k)
    mask = np.zeros(len(row) + len(d), bool)
    pos = np.arange(len(row)) + np.searchsorted(diag_key, row * n + col, side="left")
    mask[pos] = True
    return mask


def pyts_spmm(rowptr, col, value, mat, reduce, n_edges=None):
    """out[b, r, :] = reduce over row r's entries e of value[e] * mat[b, col[e], :] (value 1 when None), float64;
    sum, mean (sum / max(deg, 1)) or max (with the first argmax's entry index; an empty row 0 and arg n_edges).
    (out, arg)."""
    rowptr, col = np.asarray(rowptr, np.int64), np.asarray(col, np.int64)
    mat = np.asarray(mat, np.float64)
    bsz, _, kk = mat.shape
    m = len(rowptr) - 1
    out = np.zeros((bsz, m, kk))
    arg = np.full((bsz, m, kk), len(col) if n_edges is None else n_edges, np.int64)
    for r in range(m):
        es = np.arange(rowptr[r], rowptr[r + 1])
        if len(es) == 0:
            continue
        prod = mat[:, col[es], :] * (1.0 if value is None else np.asarray(value, np.float64)[es][None, :, None])
        if reduce == "max":
            a = np.argmax(prod, axis=1)
            out[:, r, :] = np.take_along_axis(prod, a[:, None, :], 1)[:, 0, :]
            arg[:, r, :] = es[a]
        else:
            out[:, r, :] = prod.sum(1) / (len(es) if reduce == "mean" else 1)
    return out, arg


def pyts_spmm_value_bw(row, rowptr, col, mat, grad, reduce):
    """The gradient of SpMM's output with respect to each entry's value: sum over batches and columns of
    mat[b, col[e], :] * grad[b, row[e], :], divided by max(deg(row[e]), 1) for mean. float64."""
    row, rowptr, col = (np.asarray(a, np.int64) for a in (row, rowptr, col))
    mat, grad = np.asarray(mat, np.float64), np.asarray(grad, np.float64)
    out = (mat[:, col, :] * grad[:, row, :]).sum(axis=(0, 2))
    if reduce == "mean":
        out /= np.maximum(np.diff(rowptr)[row], 1)
    return out
# ---- unseen143: GenomeWorks' cudaextender (gwux_) and SegAlign's seed filter (segal_) ----

def _ux_hoxd70():
    """SegAlign's default 8 x 8 substitution matrix over its codes (A, C, G, T, L, N, X, E = 0..7): HOXD70
    for ACGT; the other codes (absent from the inputs here) -1000."""
    m = np.full((8, 8), -1000, np.int64)
    m[:4, :4] = [[91, -114, -31, -123], [-114, 100, -125, -31], [-31, -125, 100, -114], [-123, -31, -114, 91]]
    return m.reshape(-1)


def _ux_extend(t, q, tloc, qloc, sub, xdrop, right):
    """One direction of the warp's ungapped x-drop extension, 32 positions a tile: the tile's running sums
    (after the previous tiles' total), the first lane whose sum fell more than xdrop below the best so far,
    the best sum over the lanes before it (ties: the first position; the previous best if none beats it).
    The extension stops at the tile with a drop or whose last position passes an end of a sequence.
    Returns (best score, its offset, the edge reached?)."""
    tile, prev_score, prev_max, prev_pos = 0, 0, 0, (-1 if right else 0)
    lanes = np.arange(32)
    while True:
        offs = lanes + tile + (0 if right else 1)
        if right:
            valid = (tloc + offs < len(t)) & (qloc + offs < len(q))
            tp, qp = tloc + offs, qloc + offs
        else:
            valid = (tloc >= offs) & (qloc >= offs)
            tp, qp = tloc - offs, qloc - offs
        sc = np.where(valid, sub[np.where(valid, t[np.clip(tp, 0, len(t) - 1)], 0) * 8
                                 + np.where(valid, q[np.clip(qp, 0, len(q) - 1)], 0)], 0)
        cum = np.cumsum(sc) + prev_score
        run = np.maximum.accumulate(np.maximum(cum, prev_max))
        drop = run - cum > xdrop
        j = int(np.argmax(drop)) if drop.any() else 32
        best = max(prev_max, int(cum[:j].max())) if j > 0 else prev_max
        pos = int(offs[int(np.argmax(cum[:j] == best))]) if best > prev_max else prev_pos
        edge = not valid[31]
        if drop.any() or edge:
            return best, pos, edge and not drop.any(), not valid.all()
        prev_score, prev_max, prev_pos, tile = int(cum[31]), best, pos, tile + 32


def _ux_segment(t, q, tloc, qloc, sub, xdrop, thresh, entropy_on, f32):
    """A seed's segment pair as both kernels leave it: (target start, query start, length, score, done).
    The entropy factor (when on and thresh <= total <= 3 thresh and >= 20 matching bases counted) is
    -sum p ln p / ln 4 over the four bases' matches at offsets 0..right best and 1..left best, p = count /
    (length + 1); GenomeWorks computes it in double, SegAlign accumulates it in a float (f32)."""
    rs, rp, _, _ = _ux_extend(t, q, tloc, qloc, sub, xdrop, True)
    ls, lp, _, _ = _ux_extend(t, q, tloc, qloc, sub, xdrop, False)
    total, length = rs + ls, rp + lp
    ent = np.float32(1.0) if f32 else 1.0
    if entropy_on and thresh <= total <= 3 * thresh:
        cnt = np.zeros(4, np.int64)
        for o in list(range(0, rp + 1)) + [-o for o in range(1, lp + 1)]:
            a, b = t[tloc + o], q[qloc + o]
            if a == b and a < 4:
                cnt[a] += 1
        if cnt.sum() >= 20:
            if f32:
                e = np.float32(0.0)
                for c in cnt:
                    p = float(c) / float(length + 1)
                    e = np.float32(float(e) + p * (math.log(p) if c else 0.0))
                ent = np.float32(-e / np.float32(np.log(np.float32(4.0))))
            else:
                e = sum((c / (length + 1)) * math.log(c / (length + 1)) for c in cnt if c)
                ent = -e / float(np.float32(np.log(np.float32(4.0))))
    scored = int(np.float32(total) * ent) if f32 else int(total * ent)
    if scored >= thresh:
        return tloc - lp, qloc - lp, length, (scored if ent > 0 else None), 1
    return tloc, qloc, 0, 0, 0


@functools.lru_cache(maxsize=None)
def _ux_data():
    """Random ACGT target (1200) and query (1100) with 12 planted homologous stretches (25-75 bases, 0-20%
    substitutions), one in each 75-base slot of the query from 100 on, copied from random places of the
    target at least 100 bases from its ends; 20 seed positions: one inside each stretch and 8 at random; none
    whose extension would reach an end of either sequence."""
    r = np.random.default_rng(143)
    t = r.integers(0, 4, 1200)
    q = r.integers(0, 4, 1100)
    seeds = []
    for i in range(12):
        n = int(r.integers(25, 76))
        ts, qs = int(r.integers(100, 1100 - n)), 100 + 75 * i
        seg = t[ts:ts + n].copy()
        mut = r.uniform(0, 1, n) < r.uniform(0.0, 0.2)
        seg[mut] = (seg[mut] + r.integers(1, 4, int(mut.sum()))) % 4
        q[qs:qs + n] = seg
        k = int(r.integers(0, n))
        seeds.append((ts + k, qs + k))
    while len(seeds) < 20:
        seeds.append((int(r.integers(100, 1100)), int(r.integers(100, 1000))))
    sub = _ux_hoxd70()
    for tl, ql in seeds:
        for right in (True, False):
            assert not _ux_extend(t, q, tl, ql, sub, 910, right)[3]
    return t, q, tuple(seeds)


def ux_data(part):
    """The inputs above: 'target', 'query' (int8 codes), 'submat' (int32 64), 'seeds' (n x 2 target, query)."""
    t, q, seeds = _ux_data()
    return {"target": t, "query": q, "submat": _ux_hoxd70(), "seeds": np.array(seeds)}[part]


def gwux_hsp(target, query, sub, no_entropy, xdrop, thresh, seed_pairs, n, out, done):
    """find_high_scoring_segment_pairs: seed_pairs rows are SeedPair (query, target); out rows
    ScoredSegmentPair (start_coord: query start, target start; length, score), as before where the kernel leaves a score
    unwritten (an entropy of 0); done[i] 1 for a segment pair scoring >= thresh; only the first n."""
    out, done = np.array(out, np.int64).copy(), np.array(done, np.int64).copy()
    t, q, s = np.asarray(target, np.int64), np.asarray(query, np.int64), np.asarray(sub, np.int64)
    for i, (ql, tl) in enumerate(np.asarray(seed_pairs, np.int64)[:n]):
        ts, qs, n, sc, d = _ux_segment(t, q, int(tl), int(ql), s, xdrop, thresh, not no_entropy, False)
        out[i, :3] = qs, ts, n
        if sc is not None:
            out[i, 3] = sc
        done[i] = d
    return out, done


def segal_hsps(ref, query, sub, noentropy, xdrop, thresh, n, hsp, done):
    """find_hsps: hsp rows segmentPair (ref start, query start, len, score) in and out, done[i] as above,
    the entropy in float; only the first n."""
    out, done = np.array(hsp, np.int64).copy(), np.array(done, np.int64).copy()
    t, q, s = np.asarray(ref, np.int64), np.asarray(query, np.int64), np.asarray(sub, np.int64)
    for i, (tl, ql) in enumerate(out[:n, :2].copy()):
        ts, qs, n, sc, d = _ux_segment(t, q, int(tl), int(ql), s, xdrop, thresh, not noentropy, True)
        out[i, :3] = ts, qs, n
        if sc is not None:
            out[i, 3] = sc
        done[i] = d
    return out, done


def ux_compress(done_scan, ssp, tmp, start=0):
    """compress_output (both): row start + i goes to slot done_scan[i] - 1 where the inclusive scan of the
    done flags steps up at i; the other slots as they were."""
    o = np.array(tmp).copy()
    d = np.asarray(done_scan, np.int64)
    for i in range(len(d)):
        if d[i] > (d[i - 1] if i > 0 else 0):
            o[d[i] - 1] = ssp[start + i]
    return o


def segal_encode(src):
    """compress_string_rev_comp: ACGT to 0-3 (reverse complement: T G C A), acgt to L (4), n/N to N (5),
    '&' to E (7), anything else X (6); dst_rc is the complement read backwards."""
    s = np.asarray(src, np.int64)
    fwd = np.full(s.shape, 6, np.int64)
    comp = np.full(s.shape, 6, np.int64)
    for ch, f, c in (("A", 0, 3), ("C", 1, 2), ("G", 2, 1), ("T", 3, 0)):
        fwd[s == ord(ch)], comp[s == ord(ch)] = f, c
    for ch in "acgt":
        fwd[s == ord(ch)], comp[s == ord(ch)] = 4, 4
    for ch in "nN":
        fwd[s == ord(ch)], comp[s == ord(ch)] = 5, 5
    fwd[s == ord("&")], comp[s == ord("&")] = 7, 7
    return fwd, comp[::-1]


def segal_num_hits(index_table, seed_offsets):
    """find_num_hits: hits of each seed's k-mer (the offset's high 32 bits) from the inclusive index table."""
    tab = np.asarray(index_table, np.int64)
    k = (np.asarray(seed_offsets, np.uint64) >> np.uint64(32)).astype(np.int64)
    return tab[k] - np.where(k > 0, tab[np.maximum(k - 1, 0)], 0)


def segal_hits(index_table, pos_table, seed_offsets, seed_size, hit_scan, hsp):
    """find_hits: seed s's hits j in [table[k - 1], table[k]) go, last first, to the slots ending at
    hit_scan[s] (the inclusive scan of the hit counts): (pos_table[j] + seed_size, the seed's query position +
    seed_size, 0, 0)."""
    out = np.array(hsp, np.int64).copy()
    tab = np.asarray(index_table, np.int64)
    for s, off in enumerate(np.asarray(seed_offsets, np.uint64)):
        k, qpos = int(off >> np.uint64(32)), int(off & np.uint64(0xFFFFFFFF))
        start, end = (int(tab[k - 1]) if k > 0 else 0), int(tab[k])
        for j in range(start, end):
            out[int(hit_scan[s]) - (j - start) - 1] = (int(pos_table[j]) + seed_size, qpos + seed_size, 0, 0)
    return out


# ---- unseen144: GFC 2.2 (celerity/ndzip's contrib/gfc) and bslz4decoders' bitshuffle decoders

_M64 = (1 << 64) - 1


def ndgfc_chunks(n, nchunks):
    """(padded length, chunk boundaries) as GFC_Compress_Memory computes them: the length rounded up to 32
    doubles, per = ceil(doubles / chunks) at least 32 and a multiple of 32, cut[i] = min((i + 1) * per, doubles)."""
    doubles = (n + 31) // 32 * 32
    per = max((doubles + nchunks - 1) // nchunks, 32)
    per = (per + 31) // 32 * 32
    return doubles, np.array([min((i + 1) * per, doubles) for i in range(nchunks)], np.int32)


def ndgfc_cut(n, nchunks):
    return ndgfc_chunks(n, nchunks)[1]


def ndgfc_input(rng, n, nchunks, dim):
    """n doubles (a random walk, a tenth of them zero, so that the deltas take 0 to 8 bytes), as uint64 bit
    patterns, padded as GFC_Compress_Memory pads them: zeros when the last chunk is at most 32 doubles, else
    each pad value copies the value dim back from its subchunk's start, cbuf[(i & -32) - (dim - i % dim)]."""
    doubles, cut = ndgfc_chunks(n, nchunks)
    x = np.cumsum(rng.normal(0.0, 1.0, n))
    x[rng.random(n) < 0.1] = 0.0
    out = np.zeros(doubles, np.uint64)
    out[:n] = x.view(np.uint64)
    before, d = 0, 0
    for c in cut:
        if c - before > 0:
            d = int(c) - before
        before = int(c)
    if d > 32:
        for i in range(n, doubles):
            out[i] = out[(i & -32) - (dim - i % dim)]
    return out


def ndgfc_compress(cbuf, cut, dim, what):
    """GFC's compressed stream, written from its format: each chunk (warp) starts at byte (start + 1) / 2 * 17;
    per subchunk of 32 doubles, the delta of each value from its prediction (the value dim back, counted from the
    previous subchunk's end, 0 in the first), negated when negative (sign code 8); its count of non-zero low
    bytes (2 taken as 3) stored after 16 bytes of half-byte codes (sign | count, the count less one when >= 3;
    lane 2k in the low half of byte k), the bytes packed in lane order, little-endian. 'dbuf': the buffer (bytes
    not written stay 0); 'off': each chunk's end offset."""
    c = [int(v) for v in np.asarray(cbuf, np.uint64)]
    dbuf = np.zeros((len(c) + 1) // 2 * 17, np.uint8)
    offs = np.zeros(len(cut), np.int32)
    start = 0
    for w, term in enumerate(np.asarray(cut, np.int64)):
        term = int(term)
        off = (start + 1) // 2 * 17
        prev = [0] * 32
        for base in range(start, term, 32):
            counts, codes, diffs = [], [], []
            for lane in range(32):
                d = (c[base + lane] - prev[lane]) & _M64
                code = 8 if d >> 63 else 0
                if code:
                    d = (-d) & _M64
                b = (d.bit_length() + 7) // 8
                if b == 2:
                    b = 3
                counts.append(b)
                diffs.append(d)
                codes.append(code | (b - 1 if b >= 3 else b))
            pos = off + 16
            for lane in range(32):
                for k in range(counts[lane]):
                    dbuf[pos + k] = (diffs[lane] >> (8 * k)) & 0xFF
                pos += counts[lane]
            for k in range(16):
                dbuf[off + k] = codes[2 * k] | (codes[2 * k + 1] << 4)
            off += sum(counts) + 16
            prev = [c[base + 32 - (dim - lane % dim)] for lane in range(32)]
        offs[w] = off
        start = term
    return {"dbuf": dbuf, "off": offs}[what]


def bslz4_unshuffle_block(block, elemsize):
    """Bitshuffle's inverse for one block of bytes: the first bytes up to a multiple of 8 elements are 8 *
    elemsize bit planes of n / 8 bytes (bit j of byte k of plane i: bit i of element 8k + j, bit i of an element
    being bit i % 8 of its little-endian byte i / 8); the rest is copied as it is."""
    block = np.asarray(block, np.uint8)
    nb = len(block) - len(block) % (8 * elemsize)
    n = nb // elemsize
    out = block.copy()
    if n:
        planes = np.unpackbits(block[:nb].reshape(8 * elemsize, n // 8), axis=1, bitorder="little")
        out[:nb] = np.packbits(planes.T.reshape(n, elemsize, 8), axis=2, bitorder="little").reshape(-1)
    return out


def bslz4_unshuffle(data, elemsize, blocksize=8192, copy_tail=True):
    """A bitshuffled buffer decoded block by block (blocks of blocksize bytes, the last one shorter). With
    copy_tail False the last block's unshuffled tail (its bytes past a multiple of 8 elements) stays 0, as the
    kernels that leave it to copybytes leave it."""
    raw = np.asarray(data).view(np.uint8).reshape(-1)
    out = np.zeros_like(raw)
    for s in range(0, len(raw), blocksize):
        blk = raw[s:s + blocksize]
        dec = bslz4_unshuffle_block(blk, elemsize)
        if not copy_tail:
            dec[len(blk) - len(blk) % (8 * elemsize):] = 0
        out[s:s + len(blk)] = dec
    return out


def bslz4_region(data, elemsize, start, stop, blocksize=8192, copy_tail=True):
    """bslz4_unshuffle(data) in bytes [start, stop), zero elsewhere (what one kernel of the chain writes)."""
    full = bslz4_unshuffle(data, elemsize, blocksize, copy_tail)
    out = np.zeros_like(full)
    out[start:stop] = full[start:stop]
    return out
# ---- unseen146: fast-transformers' causal linear attention (fxlmha_) and causal-conv1d's update (cc1du_)

def fxlmha_causal_product(q, k, v, backward=False):
    """The causal linear-attention product over [B, H, L, E] queries and keys and [B, H, L, M] values:
    out_l = sum_{j <= l} (q_l . k_j) v_j (backward: over j >= l, the walk from the sequence's end). float64."""
    q, k, v = (np.asarray(a, np.float64) for a in (q, k, v))
    s = np.einsum("bhle,bhje->bhlj", q, k)
    L = q.shape[2]
    mask = np.triu(np.ones((L, L))) if backward else np.tril(np.ones((L, L)))
    return np.einsum("bhlj,bhjm->bhlm", s * mask, v)


def fxlmha_grad_k(q, k, v, g):
    """The gradient of sum_l g_l . out_l (out the causal product) with respect to k:
    dk_j = sum_{l >= j} (g_l . v_j) q_l. float64."""
    q, k, v, g = (np.asarray(a, np.float64) for a in (q, k, v, g))
    L = q.shape[2]
    s = np.einsum("bhlm,bhjm->bhlj", g, v) * np.tril(np.ones((L, L)))   # [l, j], j <= l
    return np.einsum("bhlj,bhle->bhje", s, q)


def fxlmha_grad_v(q, k, v, g):
    """The gradient with respect to v: dv_j = sum_{l >= j} (q_l . k_j) g_l. float64."""
    q, k, v, g = (np.asarray(a, np.float64) for a in (q, k, v, g))
    L = q.shape[2]
    s = np.einsum("bhle,bhje->bhlj", q, k) * np.tril(np.ones((L, L)))
    return np.einsum("bhlj,bhlm->bhjm", s, g)


def cc1du_update(x, weight, bias, conv_state, width, silu, cache_seqlens=None, indices=None):
    """causal_conv1d_update: for batch b (its state row indices[b], or b; a negative index is padding: zero
    outputs, no state change) and channel c, the sequence is the width - 1 values before the new tokens (the
    state's last ones, or, circular, those before position cache_seqlens[b] % S) then x[b, c, :];
    out_i = bias + sum_j w[c, j] seq[i + j], then x / (1 + e^-x) if silu. The state afterwards: rolling, the
    last S values of state + tokens; circular, the tokens written at cache_seqlens[b] % S on, wrapping.
    Returns (out, conv_state), in float64."""
    x = np.asarray(x, np.float64)
    w = np.asarray(weight, np.float64)
    st = np.array(conv_state, np.float64)
    B, D, T = x.shape
    S = st.shape[2]
    out = np.zeros((B, D, T))
    for b in range(B):
        r = b if indices is None else int(indices[b])
        if r < 0:
            continue
        if cache_seqlens is None:
            prev = st[r, :, S - (width - 1):].copy()
            st[r] = np.concatenate([st[r], x[b]], axis=1)[:, -S:]
        else:
            cs = int(cache_seqlens[b]) % S
            prev = st[r][:, [(cs - (width - 1) + j) % S for j in range(width - 1)]]
            for i in range(T):
                st[r, :, (cs + i) % S] = x[b, :, i]
        seq = np.concatenate([prev, x[b]], axis=1)
        acc = np.zeros((D, T)) if bias is None else np.repeat(np.asarray(bias, np.float64)[:, None], T, 1)
        for j in range(width):
            acc = acc + w[:, j:j + 1] * seq[:, j:j + T]
        out[b] = acc / (1 + np.exp(-acc)) if silu else acc
    return out, st
# ---- unseen147: Subway's frontier kernels (subw_) and CuSha's shard and VWC kernels (cusha_) ----

SUBW_INF = 0xFFFFFFFE  # Subway's DIST_INFINITY: numeric_limits<unsigned int>::max() - 1


@functools.lru_cache(maxsize=None)
def _subw_state():
    """A 400-vertex bipartite graph (A: even ids, B: odd ids; every edge joins A and B) in Subway's form:
    the active subgraph is the 200 A vertices in increasing order (makeQueue's order), activeNodesPointer
    their degrees' exclusive scan (numActiveNodes + 1 entries, the last the edge count), the active edge
    list their out-edges in that order. The launches take partition 1 (active nodes 50-199): its edges
    start at activeNodesPointer[50], and the host copies only that partition's edges to the device.
    As every active vertex is in A and every edge ends in B, no active vertex's value changes in a
    launch: the outcome is the same in any thread order (the atomics' order decides nothing)."""
    rng = np.random.default_rng(14701)
    n = 400
    A, B = np.arange(0, n, 2), np.arange(1, n, 2)
    deg = np.zeros(n, np.int64)
    deg[A] = rng.integers(0, 8, A.size)
    deg[B] = rng.integers(0, 8, B.size)
    ends = [rng.choice(B, deg[u]) for u in A]
    w8 = [rng.integers(1, 41, deg[u]) for u in A]
    ptr = np.concatenate([[0], np.cumsum(deg[A])]).astype(np.int64)
    frm = 50
    fe = int(ptr[frm])
    end = np.concatenate(ends).astype(np.int64)
    w = np.concatenate(w8).astype(np.int64)
    dist = np.where(np.arange(n) % 2 == 0, rng.integers(0, 41, n),
                    np.where(rng.random(n) < 0.5, SUBW_INF, rng.integers(0, 61, n))).astype(np.int64)
    cc = rng.integers(0, 400, n).astype(np.int64)
    width = np.where(np.arange(n) % 2 == 0, rng.integers(0, 41, n), rng.integers(0, 31, n)).astype(np.int64)
    label1 = np.where(np.arange(n) % 2 == 0, rng.random(n) < 0.8, rng.random(n) < 0.5)
    label2 = rng.random(n) < 0.3
    rank = rng.uniform(0.0, 1.0, n).astype(np.float32)
    delta = np.where(np.arange(n) % 2 == 0, rng.uniform(0.0, 0.05, n), rng.uniform(0.0, 0.02, n)).astype(np.float32)
    return dict(n=n, active=A, deg=deg, ptr=ptr, frm=frm, size=A.size - frm, fe=fe, end=end[fe:], w8=w[fe:],
                edges_w=np.stack([end[fe:], w[fe:]], 1), dist=dist, cc=cc, width=width, label1=label1,
                label2=label2, rank=rank, delta=delta)


def subw_state(key):
    return _subw_state()[key]


def subw_relax(kind, asynch=False):
    """One launch of Subway's bfs/cc/sssp/sswp kernel (sync or async) over partition 1: each active vertex
    whose label1 is set clears it and offers each out-neighbour a candidate (bfs: value + 1; cc: its value;
    sssp: value + w8; sswp: min(value, w8)); the neighbour takes the least (sswp: the greatest) that improves
    it, label2 is set where one does, and the async kernels clear *finished then."""
    s = _subw_state()
    val = np.array(s[{"bfs": "dist", "sssp": "dist", "cc": "cc", "sswp": "width"}[kind]], np.int64)
    old = val.copy()
    l1, l2 = s["label1"].copy(), s["label2"].copy()
    improved = False
    ptr, frm = s["ptr"], s["frm"]
    for t in range(s["size"]):
        u = int(s["active"][frm + t])
        if not l1[u]:
            continue
        l1[u] = False
        a = int(ptr[frm + t]) - s["fe"]
        for i in range(a, a + int(s["deg"][u])):
            v, w = int(s["end"][i]), int(s["w8"][i])
            c = {"bfs": old[u] + 1, "cc": old[u], "sssp": old[u] + w, "sswp": min(old[u], w)}[kind]
            if (c > val[v]) if kind == "sswp" else (c < val[v]):
                val[v] = c
                l2[v] = True
                improved = True
    out = dict(value=val, label1=l1, label2=l2)
    if asynch:
        out["finished"] = np.array([not improved])
    return out


def subw_pr():
    """pr_kernel over partition 1: each active vertex whose delta exceeds acc = 0.01 adds it to its rank,
    sends (float)(delta / degree) * 0.85 (the product in double, then rounded) to each out-neighbour's delta
    with atomicAdd and takes delta off its own (no other vertex adds to an active one: the graph is
    bipartite). Float sums in the atomics' order."""
    s = _subw_state()
    rank = s["rank"].astype(np.float32).copy()
    delta = s["delta"].astype(np.float32).copy()
    d0 = delta.copy()
    ptr, frm = s["ptr"], s["frm"]
    improved = False
    for t in range(s["size"]):
        u = int(s["active"][frm + t])
        d = d0[u]
        if d > np.float32(0.01):
            rank[u] = np.float32(rank[u] + d)
            deg = int(s["deg"][u])
            if deg:
                improved = True
                spr = np.float32(np.float64(np.float32(d / np.float32(deg))) * 0.85)
                a = int(ptr[frm + t]) - s["fe"]
                for i in range(a, a + deg):
                    v = int(s["end"][i])
                    delta[v] = np.float32(delta[v] + spr)
            delta[u] = np.float32(delta[u] - d)
    return dict(rank=rank, delta=delta, finished=np.array([not improved]))


def subw_labels(op):
    """clearLabel / mixLabels / moveUpLabels over partition 1's active vertices (label = label1 for clear)."""
    s = _subw_state()
    l1, l2 = s["label1"].copy(), s["label2"].copy()
    ids = s["active"][s["frm"]:]
    if op == "clear":
        l1[ids] = False
    elif op == "mix":
        l1[ids] = l1[ids] | l2[ids]
        l2[ids] = False
    else:
        l1[ids] = l2[ids]
        l2[ids] = False
    return dict(label1=l1, label2=l2)


CUSHA_INF = 1073741824  # SSSP_INF


@functools.lru_cache(maxsize=None)
def _cusha_state():
    """A 96-vertex directed graph with 320 weighted edges (weights 1-20) in CuSha's forms. Shards of N = 32
    vertices (3 shards): shard t holds the edges whose destination is in t, sorted by source (stable), its
    window j the entries whose source is in shard j; windowSizesScansVertical[t * 3 + j] is window (t, j)'s
    first entry (10 entries, the last the edge count). CW: shard j's concatenated windows are windows (0, j),
    (1, j), (2, j) in turn; Mapper gives each CW entry's G-Shards address and the CW SrcIndex its source.
    The values are a valid SSSP state from vertex 0: the shortest distances plus 0-30, 40% of them SSSP_INF
    (vertex 0 at 0); SrcValue is each entry's source value. The CSR (for VWC) lists each vertex's in-edges
    (sources and weights) in the same destination-then-source order."""
    rng = np.random.default_rng(14702)
    n, N, ns, m = 96, 32, 3, 320
    src = rng.integers(0, n, m)
    dst = rng.integers(0, n, m)
    w = rng.integers(1, 21, m)
    o = np.lexsort((src, dst // N))
    src, dst, w = src[o], dst[o], w[o]
    true = np.full(n, CUSHA_INF, np.int64)
    true[0] = 0
    heap = [(0, 0)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > true[u]:
            continue
        for e in np.flatnonzero(src == u):
            if d + w[e] < true[dst[e]]:
                true[dst[e]] = d + w[e]
                heapq.heappush(heap, (int(true[dst[e]]), int(dst[e])))
    old = np.where(true < CUSHA_INF, true + rng.integers(0, 31, n), CUSHA_INF)
    old = np.where(rng.random(n) < 0.4, CUSHA_INF, old)
    old[0] = 0
    shard_scan = np.searchsorted(dst // N, np.arange(ns + 1))
    win = np.zeros(ns * ns + 1, np.int64)
    for t in range(ns):
        for j in range(ns):
            lo, hi = shard_scan[t], shard_scan[t + 1]
            win[t * ns + j] = lo + np.searchsorted(src[lo:hi] // N, j)
    win[ns * ns] = m
    mapper = np.concatenate([np.arange(win[t * ns + j], win[t * ns + j + 1]) for j in range(ns) for t in range(ns)])
    cw_scan = np.concatenate([[0], np.cumsum([sum(win[t * ns + j + 1] - win[t * ns + j] for t in range(ns))
                                              for j in range(ns)])])
    o2 = np.lexsort((src, dst))
    csr_ptr = np.concatenate([[0], np.cumsum(np.bincount(dst, minlength=n))])
    return dict(n=n, N=N, ns=ns, m=m, src=src, dst=dst, w=w, old=old, srcvalue=old[src], shard_scan=shard_scan,
                win=win, mapper=mapper, cw_src=src[mapper], cw_scan=cw_scan, csr_ptr=csr_ptr,
                csr_src=src[o2], csr_w=w[o2], csr_dst=dst[o2])


def cusha_state(key):
    return _cusha_state()[key]


def cusha_sssp_ok(out, csr=False):
    """1 where the launch's vertex values are one SSSP relaxation step of the old ones: each vertex's value is
    min(old, its in-edges' source value + weight), a source's value being its old one or its new one (CuSha's
    blocks read windows other blocks may rewrite in the same launch; VWC's warps read values others update),
    so between the step with the old values and the step with the least of the two; INF sources skipped."""
    s = _cusha_state()
    out = np.asarray(out, np.int64)
    old = s["old"]
    src, dst, w = (s["csr_src"], s["csr_dst"], s["csr_w"]) if csr else (s["src"], s["dst"], s["w"])
    best = np.minimum(old, out)
    hi, lo = old.copy(), old.copy()
    cands = [{int(old[v])} for v in range(s["n"])]
    for u, v, ww in zip(src, dst, w):
        if old[u] != CUSHA_INF:
            hi[v] = min(hi[v], old[u] + ww)
            cands[v].add(int(old[u] + ww))
        if best[u] != CUSHA_INF:
            lo[v] = min(lo[v], best[u] + ww)
            cands[v].add(int(out[u] + ww))
    ok = np.all((lo <= out) & (out <= hi)) and all(int(out[v]) in cands[v] for v in range(s["n"]))
    return np.array([int(ok)])


def cusha_changed():
    """1 if the Jacobi step from the old values lowers any vertex (then every launch's flag is raised)."""
    s = _cusha_state()
    old = s["old"]
    for u, v, ww in zip(s["src"], s["dst"], s["w"]):
        if old[u] != CUSHA_INF and old[u] + ww < old[v]:
            return np.array([1])
    return np.array([0])
# ---- unseen148: RTE+RRTMGP's optical-property kernels (rrtcpp_) and MicroHH's fourth-order diffusion (mhhkt_)

def rrtcpp_inc2(tau1, ssa1, g1, tau2, ssa2, g2, eps):
    """Adding two sets of two-stream properties: optical depths add, single-scattering albedo is the
    scattering depth over the total, asymmetry the scattering-weighted mean (eps guards the divisions)."""
    t1, w1, a1, t2, w2, a2 = (np.asarray(x, np.float64) for x in (tau1, ssa1, g1, tau2, ssa2, g2))
    tau = t1 + t2
    tauscat = t1 * w1 + t2 * w2
    g = (t1 * w1 * a1 + t2 * w2 * a2) / np.maximum(tauscat, eps)
    ssa = tauscat / np.maximum(eps, tau)
    return tau, ssa, g


def _rrtcpp_band_of_gpt(band_lims_gpt, ngpt):
    """For each 0-based g-point, its band (band_lims_gpt rows are 1-based [first, last]); -1 where none."""
    band = np.full(ngpt, -1)
    for b, (lo, hi) in enumerate(np.asarray(band_lims_gpt).reshape(-1, 2)):
        band[lo - 1:hi] = b
    return band


def rrtcpp_inc1_bybnd(tau1, tau2, band_lims_gpt):
    out = np.array(tau1, copy=True)
    band = _rrtcpp_band_of_gpt(band_lims_gpt, out.shape[0])
    for igpt, b in enumerate(band):
        if b >= 0:
            out[igpt] = out[igpt] + tau2[b]
    return out


def rrtcpp_inc2_bybnd(tau1, ssa1, g1, tau2, ssa2, g2, band_lims_gpt, eps):
    band = _rrtcpp_band_of_gpt(band_lims_gpt, tau1.shape[0])
    outs = [np.array(x, np.float64) for x in (tau1, ssa1, g1)]
    for igpt, b in enumerate(band):
        if b >= 0:
            t, w, a = rrtcpp_inc2(tau1[igpt], ssa1[igpt], g1[igpt], tau2[b], ssa2[b], g2[b], eps)
            outs[0][igpt], outs[1][igpt], outs[2][igpt] = t, w, a
    return tuple(outs)


def rrtcpp_delta_scale(tau, ssa, g, eps):
    """Delta-scaling of two-stream properties with the forward-peak fraction f = g^2."""
    t, w, a = (np.asarray(x, np.float64) for x in (tau, ssa, g))
    f = a * a
    wf = w * f
    return t * (1.0 - wf), (w - wf) / np.maximum(eps, 1.0 - wf), (a - f) / np.maximum(eps, 1.0 - f)


def mhhkt_diff_c(at, a, dzi4, dzhi4, dxi, dyi, visc, ngc):
    """MicroHH's fourth-order diffusion of a scalar with constant viscosity on a grid of (kcells, jcells,
    icells) with ngc ghost cells: at += visc * (second derivatives in x and y with the 7-point fourth-order
    stencil, and in z the fourth-order divergence of fourth-order face gradients, with one-sided gradient
    stencils at the bottom face of the first level and the top face of the last)."""
    at = np.array(at, np.float64, copy=True)
    a = np.asarray(a, np.float64)
    kc, jc, ic = a.shape
    ks, ke, js, je, i0, ie = ngc, kc - ngc, ngc, jc - ngc, ngc, ic - ngc
    cg = np.array([1.0, -27.0, 27.0, -1.0]) / 24.0
    bg = np.array([-23.0, 21.0, 3.0, -1.0]) / 24.0
    tg = np.array([1.0, -3.0, -21.0, 23.0]) / 24.0
    cdg = np.array([-1460.0, 783.0, -54.0, 1.0]) / 576.0

    def sh(k, dj, di):
        return a[k, js + dj:je + dj, i0 + di:ie + di]

    for k in range(ks, ke):
        d2x = sum(cdg[abs(d)] * sh(k, 0, d) for d in range(-3, 4))
        d2y = sum(cdg[abs(d)] * sh(k, d, 0) for d in range(-3, 4))
        # the gradient at face f (between levels f - 1 and f): levels f - 2 .. f + 1
        grad = {f: sum(cg[m] * sh(f - 2 + m, 0, 0) for m in range(4)) for f in range(k - 1, k + 3)}
        if k == ks:       # bottom face of the first level: one-sided, levels k - 2 .. k + 1 (the same levels)
            grad[k - 1] = sum(bg[m] * sh(k - 2 + m, 0, 0) for m in range(4))
        if k == ke - 1:   # top face of the level above the last: one-sided, levels k - 1 .. k + 2
            grad[k + 2] = sum(tg[m] * sh(k - 1 + m, 0, 0) for m in range(4))
        d2z = sum(cg[m] * grad[k - 1 + m] * dzhi4[k - 1 + m] for m in range(4)) * dzi4[k]
        at[k, js:je, i0:ie] += visc * d2x * dxi * dxi + visc * d2y * dyi * dyi + visc * d2z
    return at
# ---- unseen149: argon2-gpu's CUDA Argon2 (a2gpu_) and BLAKE3-gpu's "dark" BLAKE3 tree (blz3_)
# Argon2 written from RFC 9106 (H0, H', the BlaMka compression G, the reference-index rule, version 0x13's XOR with the
# old block after the first pass), memory in the kernels' layout: block j of lane l at qwords (j * lanes + l) * 128.
# Password, salt and tag length below are the suite's own; before any run the fill's last column, hashed by H', was
# checked equal to argon2-cffi's hash_secret_raw at the same parameters for d, i and id.

_A2_M32 = np.uint64(0xFFFFFFFF)
A2_PASSWORD, A2_SALT, A2_TAGLEN = b"tilelab unseen149", b"somesalt16bytes!", 32


def _a2_rotr(x, n):
    return (x >> np.uint64(n)) | (x << np.uint64(64 - n))


def _a2_fbla(x, y):
    return x + y + np.uint64(2) * ((x & _A2_M32) * (y & _A2_M32))


def _a2_p(v):
    """The BlaMka permutation P on each row of v (n x 16 uint64), in place."""
    def gb(a, b, c, d):
        va, vb, vc, vd = v[:, a], v[:, b], v[:, c], v[:, d]
        va = _a2_fbla(va, vb); vd = _a2_rotr(vd ^ va, 32)
        vc = _a2_fbla(vc, vd); vb = _a2_rotr(vb ^ vc, 24)
        va = _a2_fbla(va, vb); vd = _a2_rotr(vd ^ va, 16)
        vc = _a2_fbla(vc, vd); vb = _a2_rotr(vb ^ vc, 63)
        v[:, a], v[:, b], v[:, c], v[:, d] = va, vb, vc, vd
    for q in ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
              (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)):
        gb(*q)


def a2_compress(x, y):
    """Argon2's G(X, Y) on 128-qword blocks: P on the 8 rows of 16 qwords, then on the 8 columns of 2-qword registers."""
    with np.errstate(over="ignore"):
        r = (np.asarray(x, np.uint64) ^ np.asarray(y, np.uint64)).reshape(8, 16)
        q = r.copy()
        _a2_p(q)
        c = q.reshape(8, 8, 2).transpose(1, 0, 2).reshape(8, 16).copy()
        _a2_p(c)
        z = c.reshape(8, 8, 2).transpose(1, 0, 2).reshape(128)
        return z ^ r.reshape(128)


def _a2_hprime(outlen, data):
    import hashlib
    le = outlen.to_bytes(4, "little")
    if outlen <= 64:
        return hashlib.blake2b(le + data, digest_size=outlen).digest()
    v = hashlib.blake2b(le + data, digest_size=64).digest()
    out, r = v[:32], (outlen + 31) // 32 - 2
    for _ in range(r - 1):
        v = hashlib.blake2b(v, digest_size=64).digest()
        out += v[:32]
    return out + hashlib.blake2b(v, digest_size=outlen - 32 * r).digest()


def _a2_h0(typ, passes, lanes, seg):
    import hashlib
    le = lambda v: int(v).to_bytes(4, "little")  # noqa: E731
    m = lanes * 4 * seg
    return hashlib.blake2b(le(lanes) + le(A2_TAGLEN) + le(m) + le(passes) + le(0x13) + le(typ)
                           + le(len(A2_PASSWORD)) + A2_PASSWORD + le(len(A2_SALT)) + A2_SALT + le(0) + le(0),
                           digest_size=64).digest()


def _a2_first_blocks(typ, passes, lanes, seg):
    h0 = _a2_h0(typ, passes, lanes, seg)
    B = np.zeros((lanes, 4 * seg, 128), np.uint64)
    for lane in range(lanes):
        for j in (0, 1):
            B[lane, j] = np.frombuffer(_a2_hprime(1024, h0 + j.to_bytes(4, "little") + lane.to_bytes(4, "little")),
                                       "<u8")
    return B


def _a2_address_blocks(typ, passes, lanes, seg, pss, lane, slc):
    """The data-independent addressing's pseudo-random words for one segment: (J1, J2) per offset."""
    zero = np.zeros(128, np.uint64)
    out = []
    for ctr in range(1, (seg + 127) // 128 + 1):
        z = np.zeros(128, np.uint64)
        z[:7] = [pss, lane, slc, lanes * 4 * seg, passes, typ, ctr]
        out.append(a2_compress(zero, a2_compress(zero, z)))
    w = np.concatenate(out)[:seg]
    return (w & _A2_M32).astype(np.uint64), (w >> np.uint64(32)).astype(np.uint64)


def _a2_ref(lanes, seg, pss, lane, slc, off, j1, j2):
    """RFC 9106 3.4.1.2 (reference lane and index), in uint32 arithmetic where the area size wraps."""
    q = 4 * seg
    rl = int(j2) % lanes
    if pss == 0 and slc == 0:
        rl = lane
    base = q - seg if pss else slc * seg
    w = (base + off - 1) & 0xFFFFFFFF
    if rl != lane:
        w = min(w, base)
    x = (int(j1) * int(j1)) >> 32
    zz = (w - 1 - ((w * x) >> 32)) & 0xFFFFFFFF
    if pss and slc != 3:
        zz = (zz + (slc + 1) * seg) % q
    return rl, zz


def _a2_independent(typ, pss, slc):
    return typ == 1 or (typ == 2 and pss == 0 and slc < 2)


def _a2_fill(typ, passes, lanes, seg, stop=None, start=None, B=None):
    """Argon2's memory (lanes x 4 seg x 128) filled segment by segment from (pass, slice) start up to, not including,
    (pass, slice) stop."""
    q = 4 * seg
    if B is None:
        B = _a2_first_blocks(typ, passes, lanes, seg)
    for pss in range(passes):
        for slc in range(4):
            if start is not None and (pss, slc) < start:
                continue
            if stop is not None and (pss, slc) >= stop:
                return B
            for lane in range(lanes):
                if _a2_independent(typ, pss, slc):
                    j1s, j2s = _a2_address_blocks(typ, passes, lanes, seg, pss, lane, slc)
                for off in range(2 if (pss == 0 and slc == 0) else 0, seg):
                    j = slc * seg + off
                    prev = B[lane, (j - 1) % q]
                    if _a2_independent(typ, pss, slc):
                        j1, j2 = j1s[off], j2s[off]
                    else:
                        j1, j2 = prev[0] & _A2_M32, prev[0] >> np.uint64(32)
                    rl, ri = _a2_ref(lanes, seg, pss, lane, slc, off, j1, j2)
                    new = a2_compress(prev, B[rl, ri])
                    B[lane, j] = new ^ B[lane, j] if pss else new
    return B


def _a2_layout(B):
    """lanes x blocks x 128 -> the kernels' interleaved memory (block j of lane l at j * lanes + l)."""
    return np.ascontiguousarray(B.transpose(1, 0, 2)).reshape(-1)


def a2gpu_memory(typ, passes, lanes, seg, upto=None):
    """The kernels' memory after Argon2's fill up to (pass, slice) upto (None: the whole fill); (0, 0): the two
    first blocks of each lane the host writes, the rest zero."""
    return _a2_layout(_a2_fill(typ, passes, lanes, seg, stop=upto))


def a2gpu_segment(typ, passes, lanes, seg, pss, slc):
    """The memory after the one segment launch at (pass, slice), from the state before it."""
    B = _a2_fill(typ, passes, lanes, seg, stop=(pss, slc))
    nxt = (pss, slc + 1) if slc < 3 else (pss + 1, 0)
    return _a2_layout(_a2_fill(typ, passes, lanes, seg, stop=nxt, start=(pss, slc), B=B))


def a2gpu_refs(typ, passes, lanes, seg):
    """argon2_precompute_kernel's struct ref {ref_lane, ref_index} array: data-independent segments in its order
    (i: lanes, passes, slices; id: lanes, the first two slices of pass 0), every offset of each."""
    if typ == 2:
        segs = [(0, lane, slc) for lane in range(lanes) for slc in range(2)]
    else:
        segs = [(pss, lane, slc) for lane in range(lanes) for pss in range(passes) for slc in range(4)]
    out = []
    for pss, lane, slc in segs:
        j1s, j2s = _a2_address_blocks(typ, passes, lanes, seg, pss, lane, slc)
        for off in range(seg):
            out.append(_a2_ref(lanes, seg, pss, lane, slc, off, j1s[off], j2s[off]))
    return np.array(out, np.uint32)


def a2gpu_tag(typ, passes, lanes, seg, memory=None):
    """Argon2's tag from the kernels' memory (the XOR of each lane's last block, hashed by H')."""
    if memory is None:
        memory = a2gpu_memory(typ, passes, lanes, seg)
    B = np.asarray(memory, np.uint64).reshape(4 * seg, lanes, 128)
    c = np.bitwise_xor.reduce(B[-1], axis=0)
    return _a2_hprime(A2_TAGLEN, c.astype("<u8").tobytes())


# BLAKE3 written from its specification (the compression function, chunk chaining with CHUNK_START / CHUNK_END, parent
# nodes over two chaining values); the kernel's struct Chunk as 300 uint32 words: leaf_data (bytes 0-1023), leaf_len
# (256), data (257-272), flags (273), raw_hash (274-289), key (290-297), counter (298-299). Checked before any run: the
# root of the tree the five launches leave, compressed with ROOT, equals the blake3 package's hash of the message.

_B3_IV = [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19]
_B3_PERM = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8]
_B3_CHUNK_START, _B3_CHUNK_END, _B3_PARENT, _B3_ROOT = 1, 2, 4, 8


def b3_compress(cv, m, counter, block_len, flags):
    M = 0xFFFFFFFF
    rot = lambda x, n: ((x >> n) | (x << (32 - n))) & M  # noqa: E731
    s = list(cv) + _B3_IV[:4] + [counter & M, counter >> 32, block_len, flags]
    m = list(m)

    def g(a, b, c, d, x, y):
        s[a] = (s[a] + s[b] + x) & M; s[d] = rot(s[d] ^ s[a], 16)
        s[c] = (s[c] + s[d]) & M; s[b] = rot(s[b] ^ s[c], 12)
        s[a] = (s[a] + s[b] + y) & M; s[d] = rot(s[d] ^ s[a], 8)
        s[c] = (s[c] + s[d]) & M; s[b] = rot(s[b] ^ s[c], 7)
    for r in range(7):
        g(0, 4, 8, 12, m[0], m[1]); g(1, 5, 9, 13, m[2], m[3]); g(2, 6, 10, 14, m[4], m[5]); g(3, 7, 11, 15, m[6], m[7])
        g(0, 5, 10, 15, m[8], m[9]); g(1, 6, 11, 12, m[10], m[11]); g(2, 7, 8, 13, m[12], m[13])
        g(3, 4, 9, 14, m[14], m[15])
        m = [m[i] for i in _B3_PERM]
    return [s[i] ^ s[i + 8] for i in range(8)] + [s[i + 8] ^ cv[i] for i in range(8)]


def blz3_message(n):
    return (np.arange(n * 1024) % 251).astype(np.uint8)


def blz3_chunks(n):
    """The n leaf Chunks Hasher::update pushes for n full 1024-byte chunks of blz3_message (flags 0, key the IV,
    counter the chunk's index); data and raw_hash, which the host leaves unset, zero."""
    c = np.zeros((n, 300), np.uint32)
    c[:, :256] = blz3_message(n).view("<u4").reshape(n, 256)
    c[:, 256] = 1024
    c[:, 290:298] = _B3_IV
    c[:, 298] = np.arange(n)
    return c


def _blz3_cv(ch):
    ch = [int(v) for v in ch]
    flags, key = ch[273], ch[290:298]
    if flags & _B3_PARENT:
        return b3_compress(key, ch[257:273], 0, 64, flags)[:8]
    cv, n = key, ch[256]
    for i in range(0, n, 64):
        f = flags | (_B3_CHUNK_START if i == 0 else 0) | (_B3_CHUNK_END if i + 64 >= n else 0)
        cv = b3_compress(cv, ch[i // 4:i // 4 + 16], ch[298] | (ch[299] << 32), 64, f)[:8]
    return cv


def blz3_launch(chunks, jump):
    """h_compute at one jump: every jump-th chunk's chaining value goes into its parent slot (the left one of each
    pair keeps it in data[0:8], the right one's goes to data[8:16] of the left one), each such chunk flagged PARENT."""
    old = np.asarray(chunks, np.uint32).reshape(-1, 300)
    new = old.copy()
    for k, tid in enumerate(range(0, len(old), jump)):
        cv = _blz3_cv(old[tid])
        b = k & 1
        new[tid, 273] |= _B3_PARENT
        new[tid - jump * b, 257 + 8 * b:265 + 8 * b] = cv
    return new


def blz3_state(n, jump):
    """The chunks dark_hash's loop hands the launch at jump (the launches at smaller jumps done)."""
    c = blz3_chunks(n)
    j = 1
    while j < jump:
        c = blz3_launch(c, j)
        j <<= 1
    return c


def blz3_root(chunks):
    ch = [int(v) for v in np.asarray(chunks).reshape(-1, 300)[0]]
    out = b3_compress(ch[290:298], ch[257:273], 0, 64, ch[273] | _B3_ROOT)[:8]
    return np.array(out, "<u4").tobytes()
# ---- unseen150: RootPPL's systematic resampling kernels (rootppl_) and MPPI-Generic's weight transforms and
# weighted control reductions (mppigen_)

def rootppl_log_prefix(rng, size):
    """An input for systematicCumulativeOffspringKernel: the log prefix sums of size positive weights
    (uniform in [0.1, 1)), as RootPPL's calcLogWeightSumPar leaves them (log of the inclusive scan)."""
    return np.log(np.cumsum(rng.uniform(0.1, 1.0, size)))


def rootppl_cumulative_offspring(rng, size, u=0.37):
    """An input for cumulativeOffspringToAncestorKernel: the systematic scheme's cumulative offspring counts
    min(N, floor(N * W_i / W_N + u)) of size positive weights, non-decreasing and ending at N."""
    w = rng.uniform(0.1, 1.0, size)
    c = np.cumsum(w)
    return np.minimum(size, np.floor(size * c / c[-1] + u)).astype(np.int64)


def rootppl_scale_exp(w, max_log_weight):
    """scaleExpWeightsAndSquareWeightsKernel: w <- exp(w - max) (a NaN weight counts as -inf), and its square."""
    w = np.where(np.isnan(w), -np.inf, np.asarray(w, dtype=np.float64))
    e = np.exp(w - max_log_weight)
    return {"w": e, "wSquared": np.where(np.isnan(e), 0.0, e * e)}


def rootppl_renormalise(w, prefix, max_log_weight):
    """renormaliseKernel: both arrays back to the log domain, max added."""
    return {"w": np.log(w) + max_log_weight, "prefixSum": np.log(prefix) + max_log_weight}


def rootppl_systematic_offspring(log_prefix, u):
    """systematicCumulativeOffspringKernel: min(N, floor(N * exp(lps_i - lps_{N-1}) + u))."""
    n = len(log_prefix)
    lp = np.asarray(log_prefix, dtype=np.float64)
    return np.minimum(n, np.floor(n * np.exp(lp - lp[-1]) + u)).astype(np.int32)


def rootppl_ancestors(cumulative_offspring):
    """cumulativeOffspringToAncestorKernel: particle i is the ancestor of the slots [C_{i-1}, C_i)."""
    c = np.asarray(cumulative_offspring, dtype=np.int64)
    counts = np.diff(np.concatenate(([0], c)))
    return np.repeat(np.arange(len(c)), counts).astype(np.int32)


def mppigen_norm_exp(costs, lambda_inv, baseline):
    """normExpKernel: each rollout's cost to its unnormalised weight exp(-lambda_inv (cost - baseline))."""
    c = np.asarray(costs, dtype=np.float64)
    return np.exp(-float(np.float32(lambda_inv)) * (c - float(np.float32(baseline))))


def mppigen_tsallis(costs, gamma, r, baseline):
    """TsallisKernel: (1 - d / gamma)^(1 / (r - 1)) where d = cost - baseline < gamma, else 0."""
    d = np.asarray(costs, dtype=np.float64) - float(np.float32(baseline))
    g, r = float(np.float32(gamma)), float(np.float32(r))
    out = np.zeros_like(d)
    m = d < g
    out[m] = np.exp(np.log(1.0 - d[m] / g) / (r - 1.0))
    return out


def mppigen_weighted_reduction(weights, du, normalizer, num_timesteps, control_dim):
    """weightedReductionKernel: the new control sequence sum_r (w_r / normalizer) du[r, t, :], du laid out
    rollout-major (num_rollouts x num_timesteps x control_dim); returned flat (t, j)."""
    w = np.asarray(weights, dtype=np.float64) / float(np.float32(normalizer))
    d = np.asarray(du, dtype=np.float64).reshape(len(w), num_timesteps, control_dim)
    return np.einsum("r,rtj->tj", w, d).reshape(-1)


def mppigen_full_weights(costs, lambda_inv):
    """fullGPUcomputeWeights: baseline = the smallest cost, the costs turned into exp(-lambda_inv (c - baseline))
    and the normaliser their sum; {'costs': weights, 'output': [baseline, normaliser]}."""
    c = np.asarray(costs, dtype=np.float64)
    base = c.min()
    w = np.exp(-float(np.float32(lambda_inv)) * (c - base))
    return {"costs": w, "output": np.array([base, w.sum()])}
# ---- unseen151: MC-CNN's stereo kernels (jzbontar/mc-cnn adcensus.cu; mccnn_) and OpenCV's CUDA stereo
# utilities (opencv/opencv modules/cudastereo util.cu; ocvsu_), written from the algorithms

def mccnn_ad(x0, x1, D, direction):
    """ad: the mean absolute difference over the 9 x 9 window of the pixels whose left and shifted right
    positions are inside the image (float32, summed row by row as the loop does); NaN where x + d is outside."""
    a = np.asarray(x0, np.float32).reshape(np.shape(x0)[-2:])
    b = np.asarray(x1, np.float32).reshape(a.shape)
    H, W = a.shape
    out = np.empty((D, H, W), np.float32)
    for dd in range(D):
        d = dd * direction
        for y in range(H):
            for x in range(W):
                if not (0 <= x + d < W):
                    out[dd, y, x] = np.nan
                    continue
                s, cnt = np.float32(0), 0
                for yy in range(y - 4, y + 5):
                    for xx in range(x - 4, x + 5):
                        if 0 <= xx < W and 0 <= xx + d < W and 0 <= yy < H:
                            s = np.float32(s + np.float32(abs(np.float32(a[yy, xx] - b[yy, xx + d]))))
                            cnt += 1
                out[dd, y, x] = np.float32(s / np.float32(cnt))
    return out


def mccnn_census(x0, x1, D, direction):
    """census: over the 9 x 9 window, the count of positions whose 'less than the centre' bit differs between
    the left image and the right one shifted by d, an outside position counting 1; one channel; NaN where
    x + d is outside."""
    a = np.asarray(x0, np.float32).reshape(np.shape(x0)[-2:])
    b = np.asarray(x1, np.float32).reshape(a.shape)
    H, W = a.shape
    out = np.empty((D, H, W), np.float32)
    for dd in range(D):
        d = dd * direction
        for y in range(H):
            for x in range(W):
                if not (0 <= x + d < W):
                    out[dd, y, x] = np.nan
                    continue
                n = 0
                for yy in range(y - 4, y + 5):
                    for xx in range(x - 4, x + 5):
                        if 0 <= xx < W and 0 <= xx + d < W and 0 <= yy < H:
                            n += (a[yy, xx] < a[y, x]) != (b[yy, xx + d] < b[y, x + d])
                        else:
                            n += 1
                out[dd, y, x] = n
    return out


def mccnn_argmin(vol):
    """spatial_argmin: 1 + the first index of the smallest value along the disparity axis."""
    v = np.asarray(vol, np.float32)
    return (np.argmin(v, axis=0) + 1).astype(np.float32)[None]


def mccnn_cross(img, L1, tau1):
    """cross: for each pixel and direction (left, right, up, down), the first coordinate along it that leaves the
    image, or (past the adjacent pixel) differs from the centre by tau1 or more, or lies L1 or more away; the
    x coordinate for left/right, y for up/down."""
    a = np.asarray(img, np.float32).reshape(np.shape(img)[-2:])
    H, W = a.shape
    out = np.empty((4, H, W), np.float32)
    for k, (dx, dy) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
        for y in range(H):
            for x in range(W):
                xx, yy = x + dx, y + dy
                while True:
                    if xx < 0 or xx >= W or yy < 0 or yy >= H:
                        break
                    dist = max(abs(xx - x), abs(yy - y))
                    if dist != 1:
                        if abs(np.float32(a[y, x] - a[yy, xx])) >= np.float32(tau1):
                            break
                        if dist >= L1:
                            break
                    xx += dx
                    yy += dy
                out[k, y, x] = xx if k <= 1 else yy
    return out


def mccnn_cbca(x0c, x1c, vol, direction):
    """cbca: the mean of the cost over the cross-based support region, the intersection of the left pixel's cross
    and the right pixel's (shifted by d): the rows strictly between the vertical arms, in each the columns strictly
    between the horizontal arms; the cost unchanged where x + d is outside. float32 sum in the loops' order."""
    c0 = np.asarray(x0c, np.float32).astype(np.int64)
    c1 = np.asarray(x1c, np.float32).astype(np.int64)
    v = np.asarray(vol, np.float32)
    D, H, W = v.shape
    out = v.copy()
    for d in range(D):
        for y in range(H):
            for x in range(W):
                xr = x + d * direction
                if xr < 0 or xr >= W:
                    continue
                s, cnt = np.float32(0), 0
                ys, yt = max(c0[2, y, x], c1[2, y, xr]), min(c0[3, y, x], c1[3, y, xr])
                for yy in range(ys + 1, yt):
                    xs = max(c0[0, yy, x], c1[0, yy, xr] - d * direction)
                    xt = min(c0[1, yy, x], c1[1, yy, xr] - d * direction)
                    for xx in range(xs + 1, xt):
                        s = np.float32(s + v[d, yy, xx])
                        cnt += 1
                out[d, y, x] = np.float32(s / np.float32(cnt))
    return out


def mccnn_outliers(d0, d1, disp_max):
    """outlier_detection: 0 where the left disparity agrees with the right map's at x - d (within 1.1), 2 (a
    mismatch) where some disparity d agrees with the right map at x - d, else 1 (an occlusion); 1 where x - d < 0."""
    a = np.asarray(d0, np.float32)
    b = np.asarray(d1, np.float32)
    H, W = a.shape
    out = np.empty((H, W), np.float32)
    for y in range(H):
        for x in range(W):
            di = int(a[y, x])
            if x - di < 0:
                out[y, x] = 1
            elif abs(float(a[y, x]) - float(b[y, x - di])) < 1.1:
                out[y, x] = 0
            else:
                out[y, x] = 1
                for d in range(disp_max):
                    if x - d >= 0 and abs(d - float(b[y, x - d])) < 1.1:
                        out[y, x] = 2
                        break
    return out


def mccnn_occlusion(d0, outlier):
    """interpolate_occlusion: an occluded pixel (outlier 1) takes the disparity of the nearest pixel to its left
    whose outlier flag is 0, else of the nearest such pixel to its right, else keeps its own; the rest keep
    theirs."""
    a = np.asarray(d0, np.float32)
    o = np.asarray(outlier, np.float32)
    H, W = a.shape
    out = a.copy()
    for y in range(H):
        for x in range(W):
            if o[y, x] != 1:
                continue
            dx = 0
            while x + dx >= 0 and o[y, x + dx] != 0:
                dx -= 1
            if x + dx < 0:
                dx = 0
                while x + dx < W and o[y, x + dx] != 0:
                    dx += 1
            if x + dx < W:
                out[y, x] = a[y, x + dx]
    return out


def mccnn_subpixel(d0, c2, disp_max):
    """subpixel_enchancement: d minus the parabola's offset (cp - cn) / (2 (cp + cn - 2 cz)), clipped to [-1, 1],
    where 1 <= d < disp_max - 1 and the denominator exceeds 1e-5; float32 arithmetic, the clip in double as
    min(1.0, max(-1.0, ...)) does."""
    a = np.asarray(d0, np.float32)
    c = np.asarray(c2, np.float32)
    H, W = a.shape
    out = np.empty((H, W), np.float32)
    for y in range(H):
        for x in range(W):
            d = int(a[y, x])
            out[y, x] = d
            if 1 <= d < disp_max - 1:
                cn, cz, cp = c[d - 1, y, x], c[d, y, x], c[d + 1, y, x]
                denom = np.float32(2) * np.float32(np.float32(cp + cn) - np.float32(2) * cz)
                if float(denom) > 1e-5:
                    r = float(np.float32(np.float32(cp - cn) / denom))
                    out[y, x] = np.float32(d - min(1.0, max(-1.0, r)))
    return out


def ocvsu_reproject(disp, q, channels):
    """reprojectImageTo3D: (X, Y, Z, W) = Q (x, y, d, 1), the point (X / W, Y / W, Z / W) (and 1 as the fourth
    channel for float4), in float64 (the entries' tolerance covers float32's rounding)."""
    d = np.asarray(disp, np.float64)
    Q = np.asarray(q, np.float64).reshape(4, 4)
    H, W = d.shape
    y, x = np.mgrid[0:H, 0:W].astype(np.float64)
    P = [Q[i, 0] * x + Q[i, 1] * y + Q[i, 2] * d + Q[i, 3] for i in range(4)]
    out = np.ones((H, W, channels), np.float64)
    for i in range(3):
        out[..., i] = P[i] / P[3]
    return out


def ocvsu_color(disp, ndisp):
    """drawColorDisp: hue H = (ndisp - d) * 240 / ndisp (integer division) in the HSV-to-BGR sextants with S = V = 1,
    each channel clamped to [0, 1] and truncated from x 255 (float32), packed as 0xAARRGGBB with A = 255."""
    d = np.asarray(disp, np.int64)
    Hh = ((ndisp - d) * 240) // ndisp
    hi = (Hh // 60) % 6
    f = (Hh.astype(np.float32) / np.float32(60)) - (Hh // 60).astype(np.float32)
    one = np.float32(1)
    p = np.zeros_like(f)
    q = one - f
    t = one - (one - f)
    V = np.ones_like(f)
    bx = np.select([hi == 0, hi == 1, hi == 2, hi == 3, hi == 4, hi == 5], [p, p, t, V, V, q])
    gy = np.select([hi == 0, hi == 1, hi == 2, hi == 3, hi == 4, hi == 5], [t, V, V, q, p, p])
    rz = np.select([hi == 0, hi == 1, hi == 2, hi == 3, hi == 4, hi == 5], [V, q, p, p, t, V])
    def ch(v):
        return (np.clip(v.astype(np.float32), 0, 1).astype(np.float32) * np.float32(255)).astype(np.float32).astype(np.uint32)
    return ((np.uint32(255) << np.uint32(24)) + (ch(rz) << np.uint32(16)) + (ch(gy) << np.uint32(8)) + ch(bx)).astype(np.uint32)
# ---- unseen145: Kaldi's CUDA feature extraction (kaldif_) and torchaudio's CUDA lfilter loop (taudio_)

def kaldif_extract(wave, num_frames, shift, length, padded, window_size, snip_edges):
    """Kaldi's frame extraction: frame f starts at f * shift (snip_edges) or at f * shift + shift / 2 -
    window_size / 2; samples outside the wave are reflected about its ends (-1 -> 0, dim -> dim - 1), as
    often as needed; the padding columns up to `padded` are zero."""
    wave = np.asarray(wave, dtype=np.float32)
    dim = wave.size
    out = np.zeros((num_frames, padded), dtype=np.float32)
    for f in range(num_frames):
        start = f * shift if snip_edges else f * shift + shift // 2 - window_size // 2
        for s in range(length):
            i = s + start
            while i < 0 or i >= dim:
                i = -i - 1 if i < 0 else 2 * dim - 1 - i
            out[f, s] = wave[i]
    return out


def kaldif_process(windows, windowing, length, remove_dc, preemph, energy_floor):
    """Kaldi's window processing of each frame's first `length` samples (no dither): the DC offset removed
    (the frame's mean), the log energy log(max(sum of squares, floor)) of the frame at that point, then the
    pre-emphasis x[i] - p x[i - 1] (x[-1] = x[0]) and the window function. Returns (frames, log energies,
    the DC-free frames before pre-emphasis). In float64."""
    w = np.asarray(windows, dtype=np.float64)[:, :length].copy()
    win = np.asarray(windowing, dtype=np.float64)[:length]
    if remove_dc:
        w = w - w.mean(axis=1, keepdims=True)
    energy = np.log(np.maximum((w * w).sum(axis=1), float(np.float32(energy_floor))))
    dc_free = w.copy()
    if preemph != 0.0:
        prev = np.concatenate([w[:, :1], w[:, :-1]], axis=1)
        w = w - float(np.float32(preemph)) * prev
    return w * win, energy, dc_free


def kaldif_dot_log(frames):
    """log of each row's sum of squares, in float64."""
    f = np.asarray(frames, dtype=np.float64)
    return np.log((f * f).sum(axis=1))


def kaldif_power(a, row_length):
    """The power spectrum of cuFFT's real-to-complex rows: bins 1 .. n/2 - 1 from the interleaved (re, im)
    pairs, bin 0 from a[0] (the DC's real part) and bin n/2 from a[n] (the Nyquist's real part), squared."""
    a = np.asarray(a, dtype=np.float64)
    half = row_length // 2
    out = np.empty((a.shape[0], half + 1))
    re, im = a[:, 0:2 * half:2], a[:, 1:2 * half:2]
    out[:, 1:half] = (re * re + im * im)[:, 1:half]
    out[:, 0] = a[:, 0] ** 2
    out[:, half] = a[:, row_length] ** 2
    return out


def kaldif_lifter(features, lifter_coeffs, log_energy, energy_floor):
    """Each cepstrum times the lifter (one float32 product, as the kernel does), then column 0 replaced by the
    frame's log energy, floored at log(energy_floor) when the floor is positive."""
    f = np.asarray(features, dtype=np.float32) * np.asarray(lifter_coeffs, dtype=np.float32)
    e = np.asarray(log_energy, dtype=np.float32).copy()
    if energy_floor > 0:
        e = np.where(e < np.float32(np.log(energy_floor)), np.float32(np.log(energy_floor)), e)
    f[:, 0] = e
    return f


def kaldif_lifter_coeffs(n, lifter):
    """Kaldi's cepstral lifter 1 + L/2 sin(pi i / L)."""
    return 1.0 + 0.5 * lifter * np.sin(np.pi * np.arange(n) / lifter)


def kaldif_cmvn_stats(data):
    """Per frame r and feature c the prefix sums (sum x, sum x^2) over frames 0..r, interleaved
    (stats[r, 2c], stats[r, 2c + 1]). In float64."""
    x = np.asarray(data, dtype=np.float64)
    out = np.empty((x.shape[0], 2 * x.shape[1]))
    out[:, 0::2] = np.cumsum(x, axis=0)
    out[:, 1::2] = np.cumsum(x * x, axis=0)
    return out


def kaldif_global_stats(dim, count):
    """A global CMVN statistics matrix as Kaldi stores it: row 0 the sums (count * mean) with the count in
    column dim, row 1 the sums of squares (count * (var + mean^2)), column dim 0."""
    mean = 2.0 + 0.1 * np.arange(dim)
    var = 5.0 + 0.2 * np.arange(dim)
    g = np.zeros((2, dim + 1))
    g[0, :dim] = count * mean
    g[0, dim] = count
    g[1, :dim] = count * (var + mean * mean)
    return g


def kaldif_apply_cmvn(feat, stats, window, var_norm, gstats, global_frames):
    """Kaldi's online CMVN of each frame r: the window's statistics (the prefix sums at r less those at
    r - window), window length min(r + 1, window), topped up with min(window - length, global_frames) frames'
    worth of the global statistics (scaled by that count over the global count), mean = sum / length,
    var = sumsq / length - mean^2 floored at 1e-20 (1 without var_norm), out = (x - mean) / sqrt(var).
    No speaker statistics. In float64 over the float32 inputs."""
    x = np.asarray(feat, dtype=np.float64)
    st = np.asarray(stats, dtype=np.float32).astype(np.float64)
    g = np.asarray(gstats, dtype=np.float32).astype(np.float64)
    rows, cols = x.shape
    out = np.empty_like(x)
    for r in range(rows):
        s1, s2 = st[r, 0::2].copy(), st[r, 1::2].copy()
        if r >= window:
            s1 -= st[r - window, 0::2]
            s2 -= st[r - window, 1::2]
        length = float(min(r + 1, window))
        smooth = window - length
        if smooth > 0 and global_frames > 0:
            cnt = min(smooth, float(global_frames))
            if cnt > 0:
                alpha = cnt / g[0, cols]
                s1 = s1 + alpha * g[0, :cols]
                s2 = s2 + alpha * g[1, :cols]
                length += alpha * g[0, cols]
        mean = s1 / length
        var = np.maximum(s2 / length - mean * mean, 1e-20) if var_norm else np.ones(cols)
        out[r] = (x[r] - mean) / np.sqrt(var)
    return out


def taudio_a_flipped(channels, order_plus_one=3):
    """Per channel a stable resonator's normalised denominator [1, -2 r cos t, r^2] (poles of radius
    0.5 .. 0.9), flipped as torchaudio's lfilter passes it: [r^2, -2 r cos t, 1]."""
    c = np.arange(channels)
    r = 0.5 + 0.4 * c / channels
    t = 0.3 + 2.0 * c / channels
    return np.stack([r * r, -2.0 * r * np.cos(t), np.ones(channels)], axis=1)


def taudio_iir(x, a_flipped):
    """torchaudio's lfilter core loop: out (N, C, L + order - 1) starts at zero; for each sample i,
    out[..., i + order - 1] = x[..., i] - sum_j a_flipped[c, j] * out[..., i + j] (j < order - 1).
    In float64."""
    x = np.asarray(x, dtype=np.float64)
    a = np.asarray(a_flipped, dtype=np.float64)
    n, c, length = x.shape
    k = a.shape[1]
    out = np.zeros((n, c, length + k - 1))
    for i in range(length):
        acc = x[:, :, i].copy()
        for j in range(k - 1):
            acc -= a[None, :, j] * out[:, :, i + j]
        out[:, :, i + k - 1] = acc
    return out


# ---- unseen153: ArrayFire mean shift and flood fill (afire_), MONAI fork push-relabel graph cut (mgcut_) ----

def afire_image(channels, h, w, levels=4, noise=6, seed=153):
    """A test image for the mean shift: piecewise constant 4 x 4 patches of a few grey levels (per channel) plus small
    integer noise, integers in 0..255 (so every float sum of the kernel is exact). Shape (channels, h, w)."""
    rng = np.random.default_rng(seed)
    base = rng.integers(0, levels, (channels, (h + 3) // 4, (w + 3) // 4)) * (255 // levels) + 20
    img = np.kron(base, np.ones((1, 4, 4), np.int64))[:, :h, :w]
    return np.clip(img + rng.integers(-noise, noise + 1, img.shape), 0, 255)


def afire_meanshift(img, radius, cvar, num_iters, channels, out_dtype=np.float32):
    """ArrayFire's meanshift kernel, written from its algorithm: for each pixel, up to num_iters steps; each step
    averages the positions and colours of the window pixels (radius around the current mean position, clipped to
    the image) whose colour is within cvar (squared distance) of the current centre colour; the new position and
    colours are the averages truncated toward zero (a float32 reciprocal of the count, multiplied); stop when the
    position does not move or |dI| + |dJ| + the colour change's squared norm <= 1. img: (planes, h, w); colour
    images have channels = planes = 3, grey ones channels = 1 and each plane is an image. Float32 throughout, as the
    kernel's AccType float (the sums are of integers: exact)."""
    f = np.float32
    img = np.asarray(img)
    planes, h, w = img.shape
    groups = [list(range(planes))] if channels > 1 else [[p] for p in range(planes)]
    out = np.zeros(img.shape, dtype=out_dtype)
    for chans in groups:
        src = img[chans].astype(out_dtype)
        for gy in range(h):
            for gx in range(w):
                mi, mj = gx, gy
                center = [src[c, gy, gx] for c in range(len(chans))]
                for _ in range(num_iters):
                    oi, oj = mi, mj
                    count, sx, sy = 0, 0, 0
                    mean = [f(0)] * len(chans)
                    for wj in range(-radius, radius + 1):
                        tj = mj + wj
                        if tj < 0 or tj > h - 1:
                            continue
                        hits = 0
                        for wi in range(-radius, radius + 1):
                            ti = mi + wi
                            if ti < 0 or ti > w - 1:
                                continue
                            temp = [src[c, tj, ti] for c in range(len(chans))]
                            norm = f(0)
                            for c in range(len(chans)):
                                d = f(f(center[c]) - f(temp[c]))
                                norm = f(norm + d * d)
                            if norm <= f(cvar):
                                for c in range(len(chans)):
                                    mean[c] = f(mean[c] + f(temp[c]))
                                sx += ti
                                hits += 1
                        count += hits
                        sy += tj * hits
                    if count == 0:
                        break
                    fc = f(f(1) / f(count))
                    mi = int(np.trunc(f(f(sx) * fc)))
                    mj = int(np.trunc(f(f(sy) * fc)))
                    mean = [f(np.trunc(f(m * fc))) for m in mean]
                    norm = f(0)
                    for c in range(len(chans)):
                        d = f(f(center[c]) - mean[c])
                        norm = f(norm + d * d)
                    stop = (mi == oi and mj == oj) or (f(abs(oj - mj) + abs(oi - mi)) + norm) <= 1
                    center = [np.asarray(m).astype(out_dtype)[()] for m in mean]
                    if stop:
                        break
                for c in range(len(chans)):
                    out[chans[c], gy, gx] = center[c]
    return out


def afire_seeds(out, seedsx, seedsy):
    """initSeeds: out[y][x] = 2 (VALID) at each seed."""
    out = np.array(out, copy=True)
    out[np.asarray(seedsy, np.int64), np.asarray(seedsx, np.int64)] = 2
    return out


def afire_flood_block(out, img, low, high):
    """floodStep for an image that one block covers (its halo outside the image reads INVALID = 1): repeat,
    all cells at once, 'a 0 cell with a VALID (2) cell among its 3 x 3 neighbours becomes 2 if its pixel lies in
    [low, high], else 1' until nothing changes. out, img: (h, w)."""
    cur = np.array(out, copy=True)
    h, w = cur.shape
    inside = (img >= low) & (img <= high)
    while True:
        pad = np.pad(cur, 1, constant_values=1)
        valid = np.zeros(cur.shape, bool)
        for dy in range(3):
            for dx in range(3):
                valid |= pad[dy:dy + h, dx:dx + w] == 2
        change = (cur == 0) & valid
        if not change.any():
            return cur
        cur = np.where(change, inside.astype(cur.dtype) + 1, cur)


def afire_finalize(out, new_value):
    """finalizeOutput: VALID (2) becomes new_value, everything else 0."""
    return np.where(np.asarray(out) == 2, new_value, 0).astype(np.asarray(out).dtype)


MGCUT_W, MGCUT_H = 40, 36          # the graph-cut launches' image: 2 x 2 blocks of 32 x 32, the right and bottom partial


def _mgcut_geometry(w=MGCUT_W, h=MGCUT_H):
    """Per pixel (flat x + y * w): its block id (bx + by * (int(w / 32) + 1)) and whether it is thread 0 of its block."""
    y, x = np.divmod(np.arange(w * h), w)
    bcx = w // 32 + 1
    return (x // 32) + (y // 32) * bcx, (x % 32 == 0) & (y % 32 == 0), x, y


def mgcut_fields(kind, seed=1530):
    """Inputs of the graph-cut launches, flat as the kernels index them (x + y * width, edge i at + i * N)."""
    rng = np.random.default_rng(seed)
    n = MGCUT_W * MGCUT_H
    block, _, x, y = _mgcut_geometry()
    if kind == "excess01":          # the state InitialisationKernel leaves: excess flow, height = (excess > 0)
        e = rng.integers(-60, 61, n)
        return e
    if kind == "excess":            # block 1 (top right) without any active pixel
        e = rng.integers(-20, 21, n)
        return np.where(block == 1, -np.abs(e), e)
    if kind == "caps":
        return rng.integers(0, 4, 4 * n) * rng.integers(0, 20, 4 * n)
    if kind == "heights":
        return rng.integers(0, 6, n)
    if kind == "ghr":               # a global relabel's heights: -1 (not reached yet), 0, 1 (the wave)
        return rng.choice([-1, -1, -1, 0, 1], n)
    raise ValueError(kind)


def _mgcut_neighbours(w=MGCUT_W, h=MGCUT_H):
    n = w * h
    _, _, x, y = _mgcut_geometry(w, h)
    is_edge = [x == w - 1, y == h - 1, x == 0, y == 0]
    offsets = [1, w, -1, -w]
    home = np.arange(n)
    return n, is_edge, offsets, home


def mgcut_init(edge_weights, source_weights, sink_weights):
    """InitialisationKernel: capacities int(w * N), excess int((sink - source) * N) (float32 products, truncated),
    height 1 where the excess is positive, and each block's map entry from its thread 0's excess. Returns
    (edge_capacities, excess_flow, heights, active_block_map)."""
    f = np.float32
    n = MGCUT_W * MGCUT_H
    caps = np.trunc(np.asarray(edge_weights, f) * f(n)).astype(np.int32)
    flow = np.trunc((np.asarray(sink_weights, f) - np.asarray(source_weights, f)) * f(n)).astype(np.int32)
    block, first, _, _ = _mgcut_geometry()
    amap = np.full(4, -1, np.int32)
    for b, fl in zip(block[first], flow[first]):
        amap[b] = b if fl > 0 else -1
    return caps, flow, (flow > 0).astype(np.int32), amap


def mgcut_push(active_block_map, height, caps, excess):
    """PushKernel over the listed blocks: each pixel with 0 < excess (height < N) splits its excess over the
    edges to neighbours one lower, in proportion to the edges' capacities (float32 excess / total, times the
    capacity, truncated, at most the capacity), moving it along the edge and its reverse. The excess each pixel
    starts from is its value before the launch (heights 0 / 1 here: no pixel that pushes receives). Returns
    (edge_capacities, excess_flow)."""
    f = np.float32
    n, is_edge, offsets, home = _mgcut_neighbours()
    block, _, _, _ = _mgcut_geometry()
    height = np.asarray(height, np.int64)
    excess0 = np.asarray(excess, np.int64)
    caps0 = np.asarray(caps, np.int64)
    caps_out, ex_out = caps0.copy(), excess0.copy()
    redirect = [2, 3, 0, 1]
    for p in range(n):
        if block[p] not in set(np.asarray(active_block_map).tolist()):
            continue
        hp, fl = height[p], excess0[p]
        if hp >= n or fl <= 0:
            continue
        ef, total = [0] * 4, 0
        for i in range(4):
            if not is_edge[i][p] and height[p + offsets[i]] == hp - 1:
                ef[i] = caps0[p + i * n]
                total += ef[i]
        nf = f(f(fl) / f(total)) if total != 0 else f(np.inf)
        for i in range(4):
            if ef[i] != 0:
                q = p + offsets[i]
                flow = min(ef[i], int(np.trunc(f(nf * f(ef[i])))))
                caps_out[p + i * n] -= flow
                caps_out[q + redirect[i] * n] += flow
                ex_out[p] -= flow
                ex_out[q] += flow
    return caps_out.astype(np.int32), ex_out.astype(np.int32)


def mgcut_relabel(active_block_map, height_read, caps, excess, height_write):
    """RelabelKernel over the listed blocks: a pixel with 0 < excess and height < N takes 1 + the lowest height of
    its neighbours along edges of positive capacity (N if none); the others copy their height."""
    n, is_edge, offsets, home = _mgcut_neighbours()
    block, _, _, _ = _mgcut_geometry()
    active = set(np.asarray(active_block_map).tolist())
    out = np.array(height_write, np.int32, copy=True)
    for p in range(n):
        if block[p] not in active:
            continue
        hp = height_read[p]
        if hp >= n or excess[p] <= 0:
            out[p] = hp
            continue
        m = n
        for i in range(4):
            if not is_edge[i][p] and caps[p + i * n] > 0:
                m = min(m, height_read[p + offsets[i]] + 1)
        out[p] = m
    return out


def mgcut_active(height, excess):
    """ActiveBlockCheckKernel: block b's entry is b if any of its pixels has height < N and excess > 0, else -1."""
    n = MGCUT_W * MGCUT_H
    block, _, _, _ = _mgcut_geometry()
    act = (np.asarray(height) < n) & (np.asarray(excess) > 0)
    return np.array([b if act[block == b].any() else -1 for b in range(4)], np.int32)


def mgcut_global_relabel(excess, caps, height_read, iteration):
    """GlobalRelabelKernel at c_iteration = iteration: a pixel's height is (excess < 0 ? 0 : -1) at iteration 0, its
    read height after; a pixel at -1 with a neighbour at height == iteration along an edge of positive capacity is
    reached (height iteration + 1). Returns (height_write, active_block_map: b if a pixel of b was reached, else -1)."""
    n, is_edge, offsets, home = _mgcut_neighbours()
    block, _, _, _ = _mgcut_geometry()
    hr = np.asarray(height_read)
    out = np.zeros(n, np.int32)
    reached = np.zeros(n, bool)
    for p in range(n):
        hp = (0 if excess[p] < 0 else -1) if iteration == 0 else hr[p]
        if hp == -1:
            for i in range(4):
                if not is_edge[i][p] and caps[p + i * n] > 0 and hr[p + offsets[i]] == iteration:
                    reached[p] = True
            if reached[p]:
                hp = iteration + 1
        out[p] = hp
    amap = np.array([b if reached[block == b].any() else -1 for b in range(4)], np.int32)
    return out, amap


def mgcut_dump(height, excess, caps):
    """TEMP_OUTPUT_DUMP: nine planes of N: excess, height, the four capacities, the block's any-active flag, the
    pixel's active flag (height < N and excess > 0) and height == -1."""
    n = MGCUT_W * MGCUT_H
    block, _, _, _ = _mgcut_geometry()
    height, excess, caps = np.asarray(height), np.asarray(excess), np.asarray(caps)
    act = (height < n) & (excess > 0)
    anyb = np.array([act[block == b].any() for b in range(4)])[block]
    planes = [excess, height, caps[:n], caps[n:2 * n], caps[2 * n:3 * n], caps[3 * n:], anyb, act, height == -1]
    return np.concatenate([np.asarray(p, np.int64) for p in planes]).astype(np.int32)
# ---- unseen155: libcubwt's flat-array kernels (lcbwt_) and cuDF's early CSV record scanners (cdfcsv_)

def lcbwt_text(size, n):
    """libcubwt's device_T: n bytes of text over a small alphabet ('a'..'h', so that long common prefixes
    occur), then zeros (the host's padding) up to size bytes."""
    rng = np.random.default_rng(1155)
    t = np.zeros(size, dtype=np.uint8)
    t[:n] = rng.integers(ord("a"), ord("i"), n)
    return t


def lcbwt_block_perm(n, block):
    """An index array that sends each element to a position inside its own block of `block` elements
    (what the host's radix sort on the high bits leaves for the block permutation), as global positions."""
    rng = np.random.default_rng(2155)
    out = np.empty(n, dtype=np.int64)
    for b in range(0, n, block):
        e = min(n, b + block)
        out[b:e] = b + rng.permutation(e - b)
    return out


def lcbwt_scatter(idx, src, m, size):
    """dst[idx[i]] = src[i] for i < m over a zeroed array of size elements."""
    dst = np.zeros(size, dtype=np.asarray(src).dtype)
    dst[np.asarray(idx[:m], dtype=np.int64)] = src[:m]
    return dst


def lcbwt_init_keys(t, blocks, extra_sentinel_bits):
    """The DC3 sample of libcubwt's initialisation: for every position p = 12 j + r (r in 1, 2, 4, 5, 7, 8,
    10, 11, i.e. p mod 3 != 0), in increasing p, the 64-bit key of the 8 bytes t[p .. p + 7] read
    big-endian, with its low bits OR-ed with 7 (extra sentinel bits) or 1. 8 keys per 12 bytes,
    blocks * 4096 keys."""
    t = np.asarray(t, dtype=np.uint64)
    flag = np.uint64(7 if extra_sentinel_bits else 1)
    keys = []
    for p in range(blocks * 6144):
        if p % 3 == 0:
            continue
        k = np.uint64(0)
        for i in range(8):
            k = (k << np.uint64(8)) | t[p + i]
        keys.append(k | flag)
    return np.array(keys, dtype=np.uint64)


def cdfcsv_text(n):
    """A CSV file of n bytes (plus the extra zero byte the host copies): rows of an id, a quoted name that
    may hold commas, doubled quotes and a line break, a number and a word; some rows end in \\r\\n, the
    rest in \\n; the last row is cut at n bytes."""
    rng = np.random.default_rng(3155)
    words = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta"]
    out = bytearray(b"id,name,value,tag\n")
    i = 0
    while len(out) < n:
        name = " ".join(rng.choice(words, rng.integers(1, 4)))
        r = rng.random()
        if r < 0.2:
            name = '"' + name + ', ' + words[i % 8] + '"'
        elif r < 0.3:
            name = '"' + name + ' ""q"" ' + '"'
        elif r < 0.36:
            name = '"' + name + '\n' + words[i % 8] + '"'
        end = "\r\n" if rng.random() < 0.3 else "\n"
        out += f"{i},{name},{rng.integers(0, 100000) / 100:.2f},{words[(i * 7) % 8]}{end}".encode()
        i += 1
    data = np.zeros(n + 1, dtype=np.int8)
    data[:n] = np.frombuffer(bytes(out[:n]), dtype=np.int8)
    return data


def _cdfcsv_scan(data, num_bytes, terminator, quotechar):
    """The record scan as cuDF 0.5 defines it: the bytes cut into pieces of 64, each scanned on its own
    from its first byte; a terminator, or the quote character when it is not 0, ends a record after it;
    a \\r followed by \\n ends one after the \\n and skips it (the \\n may lie in the next piece, which
    then counts it again). Returns the positions after each ending, in order."""
    b = np.asarray(data).view(np.uint8) if np.asarray(data).dtype == np.int8 else np.asarray(data, dtype=np.uint8)
    pos = []
    for did in range(0, num_bytes, 64):
        end = min(64, num_bytes - did)
        x = 0
        while x < end:
            c = int(b[did + x])
            if c == terminator or (quotechar != 0 and c == quotechar):
                pos.append(did + x + 1)
            elif c == 13 and int(b[did + x + 1]) == 10:
                x += 1
                pos.append(did + x + 1)
            x += 1
    return pos


def cdfcsv_count(data, num_bytes, terminator, quotechar):
    return len(_cdfcsv_scan(data, num_bytes, terminator, quotechar))


def cdfcsv_starts(data, num_bytes, terminator, quotechar):
    """Record starts, sorted as the host sorts them: 0 (set by the host) and every position after an ending."""
    return np.sort(np.array([0] + _cdfcsv_scan(data, num_bytes, terminator, quotechar), dtype=np.uint64))
# ---------------------------------------------------------------- unseen156: gpu_lomb_scargle + torchbp CFAR

def _gpuls_freqs(min_freq: float, max_freq: float, num_freqs: int) -> np.ndarray:
    """The kernels' angular frequencies: min + (max - min) / n * i, i < n (the step once, in double)."""
    step = (max_freq - min_freq) / (num_freqs * 1.0)
    return min_freq + step * np.arange(num_freqs, dtype=np.float64)


def _atan2f(a, b) -> np.ndarray:
    """atan2f of two double expressions: params.h's DTYPE is double, but `#if DTYPE==float` is true in the
    preprocessor (both names are no macros there, so 0 == 0), so the kernels call atan2f: both arguments
    rounded to float32, the angle a float32, widened back to double."""
    return np.arctan2(np.asarray(a).astype(np.float32), np.asarray(b).astype(np.float32)).astype(np.float64)


def gpuls_power(x, y, freqs) -> np.ndarray:
    """The classic (unnormalised) Lomb-Scargle power of lombscargleOneObject / lombscargleBatch at each angular
    frequency: sums of y cos, y sin, cos^2, sin^2, cos sin over the observations, tau from atan2f, then
    0.5 ((c xc + s xs)^2 / (c^2 cc + 2 c s cs + s^2 ss) + (c xs - s xc)^2 / (c^2 ss - 2 c s cs + s^2 cc)). Double."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    w = np.asarray(freqs, dtype=np.float64)[:, None]
    c, s = np.cos(w * x[None, :]), np.sin(w * x[None, :])
    xc, xs = (y * c).sum(1), (y * s).sum(1)
    cc, ss, cs = (c * c).sum(1), (s * s).sum(1), (c * s).sum(1)
    w = w[:, 0]
    tau = _atan2f(2.0 * cs, cc - ss) / (2.0 * w)
    ct, st = np.cos(w * tau), np.sin(w * tau)
    f1, f2 = ct * xc + st * xs, ct * xs - st * xc
    d2 = ct * ct * cc + 2.0 * ct * st * cs + st * st * ss
    d5 = ct * ct * ss - 2.0 * ct * st * cs + st * st * cc
    return 0.5 * (f1 * f1 / d2 + f2 * f2 / d5)


def gpuls_power_error(x, y, dy, freqs) -> np.ndarray:
    """The AstroPy-style floating-mean Lomb-Scargle with errors (lombscargleOneObjectError / BatchError): weights
    1 / dy^2, tau = 0.5 atan2f(S2, C2) / f from the weighted means, then the second pass's weighted means at
    t - tau and (YC^2 / CC + YS^2 / SS) / YY (the standard normalisation, in [0, 1]). Double."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    wt = 1.0 / np.asarray(dy, dtype=np.float64) ** 2
    f = np.asarray(freqs, dtype=np.float64)
    wsum = wt.sum()
    s, c = np.sin(f[:, None] * x[None, :]), np.cos(f[:, None] * x[None, :])
    S, C = (wt * s).sum(1) / wsum, (wt * c).sum(1) / wsum
    S2 = (2.0 * wt * s * c).sum(1) / wsum - 2.0 * S * C
    C2 = (wt - 2.0 * wt * s * s).sum(1) / wsum - (C * C - S * S)
    tau = 0.5 * _atan2f(S2, C2) / f
    s, c = np.sin(f[:, None] * (x[None, :] - tau[:, None])), np.cos(f[:, None] * (x[None, :] - tau[:, None]))
    Y = (wt * y).sum() / wsum
    YY = (wt * y * y).sum() / wsum - Y * Y
    Ct, St = (wt * c).sum(1) / wsum, (wt * s).sum(1) / wsum
    YC = (wt * y * c).sum(1) / wsum - Y * Ct
    YS = (wt * y * s).sum(1) / wsum - Y * St
    CC = (wt * c * c).sum(1) / wsum - Ct * Ct
    SS = (wt * s * s).sum(1) / wsum - St * St
    return (YC * YC / CC + YS * YS / SS) / YY


def gpuls_one_object(x, y, min_freq, max_freq, num_freqs, dy=None) -> np.ndarray:
    """GPULSOneObject's pgram: num_freqs powers of the one object (with errors when dy is given)."""
    f = _gpuls_freqs(min_freq, max_freq, num_freqs)
    return gpuls_power(x, y, f) if dy is None else gpuls_power_error(x, y, dy, f)


def gpuls_batch(x, y, lookup, min_freq, max_freq, num_freqs, dy=None) -> np.ndarray:
    """batchGPULS's pgram: per object (lookup rows objId, idxMin, idxMax inclusive) its num_freqs powers, object
    after object."""
    f = _gpuls_freqs(min_freq, max_freq, num_freqs)
    out = []
    for _, lo, hi in np.asarray(lookup).reshape(-1, 3):
        sl = slice(int(lo), int(hi) + 1)
        out.append(gpuls_power(x[sl], y[sl], f) if dy is None else gpuls_power_error(x[sl], y[sl], dy[sl], f))
    return np.concatenate(out)


def gpuls_observations(n: int, period: float, seed: int, span: float = 50.0) -> tuple:
    """Sorted observation times in [0, span) and a noisy sinusoid of the given period at them (float64)."""
    rng = np.random.default_rng(seed)
    t = np.sort(rng.uniform(0.0, span, n))
    return t, np.sin(2.0 * np.pi * t / period) + 0.3 * rng.standard_normal(n)


def tbp_cfar_2d(img, navg0: int, navg1: int, nguard0: int, nguard1: int, threshold: float,
                peaks_only: bool) -> np.ndarray:
    """torchbp's cfar_2d: for each pixel (y, x) of each N0 x N1 image, the mean of the cells with |i| <= navg0
    along x (N1) and |j| <= navg1 along y (N0), inside the image, outside the guard box |i| <= nguard0 and
    |j| <= nguard1, summed in float32 in the kernel's order (i outer, j inner); the detection is v / mean where
    v > mean * threshold, else 0. peaks_only: 0 where a 4-neighbour (clamped at the edges) is larger."""
    img = np.asarray(img, dtype=np.float32)
    nb, n0, n1 = img.shape
    out = np.zeros_like(img)
    thr = np.float32(threshold)
    for b in range(nb):
        im = img[b]
        for yy in range(n0):
            for xx in range(n1):
                v = im[yy, xx]
                if peaks_only:
                    nb4 = (im[yy, max(0, xx - 1)], im[yy, min(n1 - 1, xx + 1)],
                           im[max(0, yy - 1), xx], im[min(n0 - 1, yy + 1), xx])
                    if any(v < u for u in nb4):
                        continue
                acc, cnt = np.float32(0.0), 0
                for i in range(-navg0, navg0 + 1):
                    x = xx + i
                    if x < 0 or x >= n1:
                        continue
                    for j in range(-navg1, navg1 + 1):
                        if -nguard0 <= i <= nguard0 and -nguard1 <= j <= nguard1:
                            continue
                        y = yy + j
                        if y < 0 or y >= n0:
                            continue
                        acc = np.float32(acc + im[y, x])
                        cnt += 1
                avg = np.float32(acc / np.float32(cnt))
                if v > np.float32(avg * thr):
                    out[b, yy, xx] = np.float32(v / avg)
    return out
# ---- unseen157: PBA+ 2D (pbap_) and cuCIM's PBA+ 3D (cupba_). Each kernel is followed thread by thread as its
# algorithm reads (one column, band or list walk a thread), in Python integers; the later phases' inputs are the
# earlier phases' results computed the same way (the host's in-place buffers modelled as one array).

_PBAP_M = -32768            # pba2D.h's MARKER
_PBAP_SIZE = 128


def pbap_sites(size=_PBAP_SIZE, n=200, seed=15701):
    """The input texture as main.cpp's generateRandomPoints makes it: (x, y) at each of n distinct random sites,
    (MARKER, MARKER) elsewhere; short2 as int16 (size, size, 2), row y, column x."""
    rng = np.random.default_rng(seed)
    cells = rng.choice(size * size, n, replace=False)
    tex = np.full((size, size, 2), _PBAP_M, np.int16)
    tex[cells // size, cells % size, 0] = cells % size
    tex[cells // size, cells % size, 1] = cells // size
    return tex


def _pbap_list(a):
    return [[tuple(int(v) for v in px) for px in row] for row in np.asarray(a).reshape(-1, np.asarray(a).shape[-2], 2)]


def _pbap_arr(rows):
    return np.array(rows, dtype=np.int64).astype(np.int16)


def _pbap_dominate(x1, y1, x2, y2, x3, y3, x0):
    k1, k2 = y2 - y1, y3 - y2
    return (k1 * (y1 + y2) + (x2 - x1) * ((x1 + x2) - 2 * x0)) * k2 > \
        (k2 * (y2 + y3) + (x3 - x2) * ((x2 + x3) - 2 * x0)) * k1


def pbap_flood_down(tex, bands):
    """kernelFloodDown: in each band of each column, the last site at or above a pixel (MARKER if none)."""
    t = _pbap_list(tex)
    size = len(t)
    band = size // bands
    out = [row[:] for row in t]
    for x in range(size):
        for b in range(bands):
            p1 = (_PBAP_M, _PBAP_M)
            for y in range(b * band, (b + 1) * band):
                if t[y][x][0] != _PBAP_M:
                    p1 = t[y][x]
                out[y][x] = p1
    return _pbap_arr(out)


def pbap_flood_up(tex, bands):
    """kernelFloodUp: each band bottom-up, the nearer (strictly) of the pixel's own and the one below's."""
    t = _pbap_list(tex)
    size = len(t)
    band = size // bands
    out = [row[:] for row in t]
    for x in range(size):
        for b in range(bands):
            p1 = (_PBAP_M, _PBAP_M)
            for y in range((b + 1) * band - 1, b * band - 1, -1):
                p2 = t[y][x]
                if abs(p2[1] - y) < abs(p1[1] - y):
                    p1 = p2
                out[y][x] = p1
    return _pbap_arr(out)


def pbap_propagate(tex, bands):
    """kernelPropagateInterband: margin[b][x] = the band's top pixel or the first site found in the bands above
    (its last row first) if strictly nearer; margin[bands + b][x] the same for the bottom row, looking below."""
    t = _pbap_list(tex)
    size = len(t)
    band = size // bands
    out = [[None] * size for _ in range(2 * bands)]
    for x in range(size):
        for b in range(bands):
            ty = b * band
            pix = t[ty][x]
            out[b][x] = pix
            r = ty - 1
            while r >= 0:
                p = t[r][x]
                if p[0] != _PBAP_M:
                    if abs(p[1] - ty) < abs(pix[1] - ty):
                        out[b][x] = p
                    break
                r -= band
            ty = ty + band - 1
            pix = t[ty][x]
            out[bands + b][x] = pix
            r = ty + 1
            while r < size:
                p = t[r][x]
                if p[0] != _PBAP_M:
                    if abs(p[1] - ty) < abs(pix[1] - ty):
                        out[bands + b][x] = p
                    break
                r += band
    return _pbap_arr(out)


def pbap_update_vertical(tex, margin, bands):
    """kernelUpdateVertical: each pixel's nearest of its own, its band's top and bottom margins (strictly nearer
    wins, top first), written transposed with x and y swapped: out[x][y] = (site y, site x)."""
    t = _pbap_list(tex)
    m = _pbap_list(margin)
    size = len(t)
    band = size // bands
    out = [[None] * size for _ in range(size)]
    for x in range(size):
        for b in range(bands):
            top, bottom = m[b][x], m[bands + b][x]
            for y in range(b * band, (b + 1) * band):
                pix = t[y][x]
                my = abs(pix[1] - y)
                d = abs(top[1] - y)
                if d < my:
                    my, pix = d, top
                if abs(bottom[1] - y) < my:
                    pix = bottom
                out[x][y] = (pix[1], pix[0])
    return _pbap_arr(out)


def pbap_proximate(color, stack, bands):
    """kernelProximatePoints: per column and band, the stack of sites whose parabolas survive (dominate), each
    entry (site x, previous entry's row) at its own row; a tail pointer (MARKER, last row) at the band's last row
    when that row holds none. Rows it does not write keep stack's values."""
    c = _pbap_list(color)
    s = [row[:] for row in _pbap_list(stack)]
    size = len(c)
    band = size // bands
    for tx in range(size):
        for b in range(bands):
            ty = b * band
            lasty = -1
            last1 = (None, -1)
            last2 = (None, -1)
            for y in range(ty, ty + band):
                cur = c[y][tx]
                if cur[0] != _PBAP_M:
                    while last2[1] >= 0:
                        if not _pbap_dominate(last1[0], last2[1], last2[0], lasty, cur[0], cur[1], tx):
                            break
                        lasty = last2[1]
                        last2 = last1
                        if last1[1] >= 0:
                            last1 = s[last1[1]][tx]
                    last1 = last2
                    last2 = (cur[0], lasty)
                    lasty = cur[1]
                    s[y][tx] = last2
            if lasty != ty + band - 1:
                s[ty + band - 1][tx] = (_PBAP_M, lasty)
    return _pbap_arr(s)


def pbap_forward(stack, bands):
    """kernelCreateForwardPointers: walking each band's stack from its tail, entry (next row, previous row); a head
    pointer (first row, MARKER) at the band's first row when that row holds none. Other rows unchanged."""
    s = _pbap_list(stack)
    out = [row[:] for row in s]
    size = len(s)
    band = size // bands
    for tx in range(size):
        for b in range(bands):
            ty = (b + 1) * band - 1
            lasty = -1
            cur = s[ty][tx]
            nexty = cur[1] if cur[0] == _PBAP_M else ty
            for i in range(band):
                y = ty - i
                if y == nexty:
                    cur = (lasty, s[y][tx][1])
                    out[y][tx] = cur
                    lasty = nexty
                    nexty = cur[1]
            if lasty != ty - band + 1:
                out[ty - band + 1][tx] = (lasty, _PBAP_M)
    return _pbap_arr(out)


def _pbap_merge_rows(c, link, out, size, band, nhalf):
    """kernelMergeBands over lists: reads color c and link, writes out (out is link for the host's in-place call)."""
    M = _PBAP_M
    for b in range(nhalf):
        for tx in range(size):
            band1 = 2 * b
            band2 = band1 + 1
            lasty = band2 * band - 1
            last2 = (c[lasty][tx][0], link[lasty][tx][1])
            last1 = (None, None)
            if last2[0] == M:
                lasty = last2[1]
                last2 = (c[lasty][tx][0], link[lasty][tx][1]) if lasty >= 0 else (M, M)
            if last2[1] >= 0:
                last1 = (c[last2[1]][tx][0], link[last2[1]][tx][1])
            firsty = band2 * band
            cur = (link[firsty][tx][0], c[firsty][tx][0])
            if cur[1] == M:
                firsty = cur[0]
                cur = (link[firsty][tx][0], c[firsty][tx][0]) if firsty >= 0 else (M, M)
            top = 0
            while top < 2 and cur[1] >= 0:
                while last2[1] >= 0:
                    if not _pbap_dominate(last1[0], last2[1], last2[0], lasty, cur[1], firsty, tx):
                        break
                    lasty = last2[1]
                    last2 = last1
                    top -= 1
                    if last1[1] >= 0:
                        last1 = (c[last1[1]][tx][0], link[last1[1]][tx][1])
                out[firsty][tx] = (cur[0], lasty)
                if lasty >= 0:
                    out[lasty][tx] = (firsty, last2[1])
                last1 = last2
                last2 = (cur[1], lasty)
                lasty = firsty
                firsty = cur[0]
                top = max(1, top + 1)
                cur = (link[firsty][tx][0], c[firsty][tx][0]) if firsty >= 0 else (M, M)
            firsty = band1 * band
            lasty = band2 * band
            cur = link[firsty][tx]
            if cur[1] == M and cur[0] < 0:
                l1 = link[lasty][tx]
                out[firsty][tx] = (l1[0] if l1[1] == M else lasty, cur[1])
            firsty = band1 * band + band - 1
            lasty = band2 * band + band - 1
            cur = link[lasty][tx]
            if cur[0] == M and cur[1] < 0:
                l1 = link[firsty][tx]
                out[lasty][tx] = (cur[0], l1[1] if l1[0] == M else firsty)


def pbap_merge(color, link, out, bands):
    """kernelMergeBands with link and output two arrays (the manifest's launch): reads the link as it was."""
    c = _pbap_list(color)
    lk = _pbap_list(link)
    o = [row[:] for row in _pbap_list(out)]
    size = len(c)
    _pbap_merge_rows(c, lk, o, size, size // bands, bands // 2)
    return _pbap_arr(o)


def pbap_merge_inplace(color, link, bands):
    """The host's call, output = link: every merge of pba2DPhase2's loop on one array."""
    c = _pbap_list(color)
    lk = [row[:] for row in _pbap_list(link)]
    size = len(c)
    nb = bands
    while nb > 1:
        _pbap_merge_rows(c, lk, lk, size, size // nb, nb // 2)
        nb //= 2
    return _pbap_arr(lk)


def pbap_single_list(color, link):
    """kernelDoubleToSingleList: (color.x, link.y) everywhere."""
    color, link = np.asarray(color), np.asarray(link)
    return np.stack([color[..., 0], link[..., 1]], axis=-1).astype(np.int16)


def _mul24(a, b):
    def s24(v):
        v &= 0xFFFFFF
        return v - (1 << 24) if v & 0x800000 else v
    return (s24(a) * s24(b)) & 0xFFFFFFFF


def pbap_color(lists, m3, blockx=64):
    """kernelColor: each thread (column, tid) walks its column's list from the tail, rows size-1-tid, size-1-tid-m3,
    ...: moving to the previous entry while it is no farther (unsigned __mul24 squares); out[x][y] = (row of the
    nearest entry, its site x), transposed back."""
    s = _pbap_list(lists)
    size = len(s)
    out = [[None] * size for _ in range(size)]
    for tx in range(size):
        for tid in range(m3):
            lasty = size - 1
            last2 = s[lasty][tx]
            last1 = None
            if last2[0] == _PBAP_M:
                lasty = last2[1]
                last2 = s[lasty][tx]
            if last2[1] >= 0:
                last1 = s[last2[1]][tx]
            for step in range(size // blockx):
                y_start = size - step * blockx - 1
                y_end = size - (step + 1) * blockx
                ty = y_start - tid
                while ty >= y_end:
                    dx, dy = last2[0] - tx, lasty - ty
                    best = (_mul24(dx, dx) + _mul24(dy, dy)) & 0xFFFFFFFF
                    while last2[1] >= 0:
                        dx, dy = last1[0] - tx, last2[1] - ty
                        dist = (_mul24(dx, dx) + _mul24(dy, dy)) & 0xFFFFFFFF
                        if dist > best:
                            break
                        best = dist
                        lasty = last2[1]
                        last2 = last1
                        if last2[1] >= 0:
                            last1 = s[last2[1]][tx]
                    out[tx][ty] = (lasty, last2[0])
                    ty -= m3
    return _pbap_arr(out)


@functools.cache
def _pbap_chain(m1=2, m2=2):
    st = {"input": pbap_sites()}
    st["down"] = pbap_flood_down(st["input"], m1)
    st["up"] = pbap_flood_up(st["down"], m1)
    st["margin"] = pbap_propagate(st["up"], m1)
    st["vertical"] = pbap_update_vertical(st["up"], st["margin"], m1)
    st["proximate"] = pbap_proximate(st["vertical"], st["up"], m2)
    st["forward"] = pbap_forward(st["proximate"], m2)
    st["merged"] = pbap_merge_inplace(st["vertical"], st["forward"], m2)
    st["single"] = pbap_single_list(st["vertical"], st["merged"])
    return st


def pbap_state(name):
    """A buffer of pba2DCompute(2, 2, 2) on pbap_sites() after the named step (a copy)."""
    return _pbap_chain()[name].copy()


# cuCIM 3D: int32 codes (x << 20 | y << 10 | z | notsite << 31 | hasnext << 30), arrays [z][y][x]
_CUPBA_SIZE = 32
_CUPBA_NS = -(1 << 31)                   # ENCODE(0, 0, 0, 1, 0)
_CUPBA_MAXINT = 2147483647


def _cupba_enc(x, y, z, a, b):
    v = ((x << 20) | (y << 10) | z | (a << 31) | (b << 30)) & 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def _cupba_dec(v):
    return (v >> 20) & 0x3FF, (v >> 10) & 0x3FF, v & 0x3FF


def _cupba_notsite(v):
    return (v >> 31) & 1


def _cupba_hasnext(v):
    return (v >> 30) & 1


def cupba_input(size=_CUPBA_SIZE, n=60, seed=15702):
    """encode3d of a volume whose n random voxels are 0 (the sites): x << 20 | y << 10 | z there, MARKER elsewhere."""
    rng = np.random.default_rng(seed)
    cells = rng.choice(size ** 3, n, replace=False)
    out = np.full(size ** 3, _CUPBA_NS, np.int64)
    z, y, x = cells // (size * size), (cells // size) % size, cells % size
    out[cells] = (x << 20) | (y << 10) | z
    return out.reshape(size, size, size).astype(np.int32)


def cupba_flood_z(inp):
    """kernelFloodZ: down each (x, y) column the last site so far, then up the nearer (strictly) of a voxel's and
    the one below's by z (GET_Z of a non-site is MAX_INT)."""
    a = np.asarray(inp).astype(np.int64)
    size = a.shape[0]
    out = np.empty_like(a)
    p1 = np.full(a.shape[1:], _CUPBA_NS, np.int64)
    for z in range(size):
        site = ((a[z] >> 31) & 1) == 0
        p1 = np.where(site, a[z], p1)
        out[z] = p1

    def getz(v):
        return np.where(((v >> 31) & 1) == 1, _CUPBA_MAXINT, v & 0x3FF)
    for i in range(size - 2, -1, -1):
        d1 = np.abs(getz(p1) - i)
        p2 = out[i]
        d2 = np.abs(getz(p2) - i)
        p1 = np.where(d2 < d1, p2, p1)
        out[i] = p1
    return out.astype(np.int32)


def _cupba_dominate(x1, y1, z1, x2, y2, z2, x3, y3, z3, x0, z0):
    k1, k2 = y2 - y1, y3 - y2
    return ((y1 + y2) * k1 + ((x2 - x1) * (x1 + x2 - 2 * x0) + (z2 - z1) * (z1 + z2 - 2 * z0))) * k2 > \
        ((y2 + y3) * k2 + ((x3 - x2) * (x2 + x3 - 2 * x0) + (z3 - z2) * (z2 + z3 - 2 * z0))) * k1


def _cupba_dominate_sp(x1, y1, z1, x2, y2, z2, x3, y3, z3, x0, z0, sx, sy, sz):
    # the spacings are powers of two and the coordinates small: every float32 product and sum is exact
    x1, x2, x3 = x1 * sx, x2 * sx, x3 * sx
    y1, y2, y3 = y1 * sy, y2 * sy, y3 * sy
    z1, z2, z3 = z1 * sz, z2 * sz, z3 * sz
    x02, z02 = 2 * x0 * sx, 2 * z0 * sz
    k1, k2 = y2 - y1, y3 - y2
    return ((y1 + y2) * k1 + ((x2 - x1) * (x1 + x2 - x02) + (z2 - z1) * (z1 + z2 - z02))) * k2 > \
        ((y2 + y3) * k2 + ((x3 - x2) * (x2 + x3 - x02) + (z3 - z2) * (z2 + z3 - z02))) * k1


def cupba_maurer(inp, stack, spacing=None):
    """kernelMaurerAxis(WithSpacing): per (x, z) row along y, the stack of sites that survive dominate, each entry
    ENCODE(site x, previous entry's y, site z, 0, has-a-previous) at its y; a tail ENCODE(0, last y, 0, 1, flag) at
    y = size - 1 when the last voxel is no site. Voxels it does not write keep stack's values."""
    a = np.asarray(inp).astype(np.int64).tolist()
    s = np.asarray(stack).astype(np.int64).tolist()
    size = len(a)
    for tz in range(size):
        for tx in range(size):
            lasty = 0
            p = s1 = s2 = _CUPBA_NS
            y2 = 0
            flag = 0
            for ty in range(size):
                p = a[tz][ty][tx]
                if not _cupba_notsite(p):
                    while _cupba_hasnext(s2):
                        x1, y1, z1 = _cupba_dec(s1)
                        x2, y2, z2 = _cupba_dec(s2)
                        nx, _, nz = _cupba_dec(p)
                        args = (x1, y2, z1, x2, lasty, z2, nx, ty, nz, tx, tz)
                        dom = _cupba_dominate(*args) if spacing is None else _cupba_dominate_sp(*args, *spacing)
                        if not dom:
                            break
                        lasty = y2
                        s2 = s1
                        y2 = y1
                        if _cupba_hasnext(s2):
                            s1 = s[tz][y2][tx]
                    nx, _, nz = _cupba_dec(p)
                    s1 = s2
                    s2 = _cupba_enc(nx, lasty, nz, 0, flag)
                    y2 = lasty
                    lasty = ty
                    s[tz][ty][tx] = s2
                    flag = 1
            if _cupba_notsite(p):
                s[tz][size - 1][tx] = _cupba_enc(0, lasty, 0, 1, flag)
    return np.array(s, np.int64).astype(np.int32)


def cupba_color(stack, m3=2, blockx=32, spacing=None):
    """kernelColorAxis(WithSpacing): each thread (x, tid) of row z walks the list from y = size - 1 - tid down by
    m3, moving to the previous entry while it is no farther (squared distances, long long or double with the
    spacings); out[z][x][y] = ENCODE(nearest entry's y, its site x, its site z, notsite, 0): x and y swapped."""
    s = np.asarray(stack).astype(np.int64).tolist()
    size = len(s)
    out = [[[None] * size for _ in range(size)] for _ in range(size)]
    sx, sy, sz = spacing if spacing is not None else (1, 1, 1)

    def d2(dx, dy, dz):
        if spacing is None:
            return dx * dx + dy * dy + dz * dz
        a, b, c = float(dx) * sx, float(dy) * sy, float(dz) * sz
        return a * a + b * b + c * c
    for tz in range(size):
        for tx in range(size):
            for tid in range(m3):
                lasty = size - 1
                last2 = s[tz][lasty][tx]
                x2, y2, z2 = _cupba_dec(last2)
                x1 = z1 = 0
                if _cupba_notsite(last2):
                    lasty = y2
                    if _cupba_hasnext(last2):
                        last2 = s[tz][lasty][tx]
                        x2, y2, z2 = _cupba_dec(last2)
                last1 = _CUPBA_NS
                if _cupba_hasnext(last2):
                    last1 = s[tz][y2][tx]
                    x1, _, z1 = _cupba_dec(last1)
                for step in range(size // blockx):
                    y_start = size - step * blockx - 1
                    y_end = size - (step + 1) * blockx
                    ty = y_start - tid
                    while ty >= y_end:
                        best = d2(x2 - tx, lasty - ty, z2 - tz)
                        while _cupba_hasnext(last2):
                            dist = d2(x1 - tx, y2 - ty, z1 - tz)
                            if dist > best:
                                break
                            best = dist
                            lasty = y2
                            last2 = last1
                            x2, y2, z2 = _cupba_dec(last2)
                            if _cupba_hasnext(last2):
                                last1 = s[tz][y2][tx]
                                x1, _, z1 = _cupba_dec(last1)
                        out[tz][tx][ty] = _cupba_enc(lasty, x2, z2, _cupba_notsite(last2), 0)
                        ty -= m3
    return np.array(out, np.int64).astype(np.int32)


# _pba_3d's sampling (z, y, x) = (0.5, 2.0, 1.0): the first pass's (sx, sy, sz) = (1.0, 2.0, 0.5)
CUPBA_SPACING = (1.0, 2.0, 0.5)


@functools.cache
def _cupba_chain():
    st = {"input": cupba_input()}
    st["flood"] = cupba_flood_z(st["input"])
    st["maurer"] = cupba_maurer(st["flood"], st["input"])
    st["maurer_sp"] = cupba_maurer(st["flood"], st["input"], CUPBA_SPACING)
    return st


def cupba_state(name):
    """A buffer of _pba_3d on cupba_input() after the named step (a copy)."""
    return _cupba_chain()[name].copy()
# ---- unseen158: AutoGPTQ's CUDA VecQuant matrix-vector kernels (agptq_) and SqueezeLLM's LUT, sparse and dense
# kernels (sqllm_)

def _gptq_unpack(packed, bits, count):
    """GPTQ's packing: each column of int32 words is one little-endian bit stream, value k at bits
    [k * bits, (k + 1) * bits) (3-bit values straddle words). packed (words, cols) -> (count, cols) ints."""
    w = np.asarray(packed).astype(np.int64) & 0xFFFFFFFF
    stream = np.zeros((w.shape[0] * 32, w.shape[1]), dtype=np.int64)
    for b in range(32):
        stream[b::32] = (w >> b) & 1
    k = np.arange(count)
    vals = np.zeros((count, w.shape[1]), dtype=np.int64)
    for j in range(bits):
        vals |= stream[k * bits + j] << j
    return vals


def agptq_matvec(vec, mat, scales, zeros, g_idx, bits):
    """GPTQ dequantise-and-multiply: W[k, n] = scale[g, n] * (q[k, n] - z[g, n]), g = g_idx[k], q unpacked from
    mat along k, z unpacked from zeros' row g along n and stored minus one (AutoGPTQ's checkpoint convention:
    z = (stored + 1) & 0xF, the mask the source writes to avoid the overflow of 4-bit 15 + 1); out = vec @ W
    for each batch row. In float64."""
    vec = np.asarray(vec, dtype=np.float64)
    k_total = vec.shape[-1]
    n = np.asarray(mat).shape[1]
    q = _gptq_unpack(mat, bits, k_total)
    z = (_gptq_unpack(np.asarray(zeros).T, bits, n).T + 1) & 0xF    # (groups, n)
    g = np.asarray(g_idx).astype(np.int64)
    s = np.asarray(scales, dtype=np.float64)
    w = s[g] * (q - z[g])
    return vec @ w


def sqllm_lut_matvec(vec, mat, lut, bits):
    """SqueezeLLM's non-uniform dequantisation: W[k, n] = lut[n, q[k, n]], q unpacked from mat along k (GPTQ's
    bit-stream packing); out = vec @ W for each batch row. In float64."""
    vec = np.asarray(vec, dtype=np.float64)
    q = _gptq_unpack(mat, bits, vec.shape[-1])
    lut = np.asarray(lut, dtype=np.float64)
    w = lut[np.arange(q.shape[1])[None, :], q]
    return vec @ w


def sqllm_csr_matvec(rows, cols, vals, vec):
    """CSR sparse matrix (num_rows x vec length) times vec (each batch row): out[b, r] = sum over the row's
    entries of vals[i] * vec[b, cols[i]]. In float64."""
    vec = np.asarray(vec, dtype=np.float64)
    rows = np.asarray(rows).astype(np.int64)
    m = np.zeros((len(rows) - 1, vec.shape[-1]))
    for r in range(len(rows) - 1):
        for i in range(rows[r], rows[r + 1]):
            m[r, int(cols[i])] += float(vals[i])
    return vec @ m.T


def sqllm_dense_rows(vec, full_rows, idx, out_width):
    """The dense full rows: out[b, idx[c]] = sum_r full_rows[r, c] * vec[b, r], the other outputs 0.
    In float64."""
    vec = np.asarray(vec, dtype=np.float64)
    part = vec @ np.asarray(full_rows, dtype=np.float64)
    out = np.zeros(vec.shape[:-1] + (out_width,))
    out[..., np.asarray(idx).astype(np.int64)] += part
    return out
# ---- unseen159: exafmm-beta's GPU treecode (gpu/tree.cu) ----

def exfmm_bounds(pos, blocks=64, threads=32):
    """boundaryReduction: block b's threads take bodies b * threads + t + k * blocks * threads; each block's
    min and max of x, y, z (1e10 / -1e10 where it has none). (xmin, xmax), each (blocks, 3) float32."""
    pos = np.asarray(pos, dtype=np.float32)
    n, stride = len(pos), blocks * threads
    lo = np.full((blocks, 3), 1e10, dtype=np.float32)
    hi = np.full((blocks, 3), -1e10, dtype=np.float32)
    for b in range(blocks):
        idx = np.concatenate([np.arange(b * threads + k, n, stride) for k in range(threads)])
        if len(idx):
            lo[b] = np.minimum(lo[b], pos[idx, :3].min(axis=0))
            hi[b] = np.maximum(hi[b], pos[idx, :3].max(axis=0))
    return lo, hi


def exfmm_key(ix, iy, iz):
    """getKey: the 30-level Peano-Hilbert key of integer coordinates, three 10-level (30-bit) words."""
    C = [0, 1, 7, 6, 3, 2, 4, 5]
    x, y, z = int(ix), int(iy), int(iz)
    out = [0, 0, 0]
    key = 0
    mask = 1 << 29
    for i in range(30):
        xi, yi, zi = int(bool(x & mask)), int(bool(y & mask)), int(bool(z & mask))
        index = (xi << 2) + (yi << 1) + zi
        if index == 0:
            y, z = z, y
        elif index in (1, 5):
            x, y = y, x
        elif index in (4, 6):
            x, z = ~x, ~z
        elif index in (7, 3):
            x, y = ~y, ~x
        else:
            y, z = ~z, ~y
        key = (key << 3) + C[index]
        if i == 19:
            out[1] = key
            key = 0
        if i == 9:
            out[0] = key
            key = 0
        mask >>= 1
    out[2] = key
    return out


def exfmm_keys(pos, corner):
    """getKeyKernel: index3 = round((pos - corner) / corner.w) (corner.w a power of two here, so the
    division is exact), the key's three words and the body's index as w. (n, 4) uint32."""
    pos = np.asarray(pos, dtype=np.float32)
    c = np.asarray(corner, dtype=np.float32)
    q = (pos[:, :3] - c[:3]) / c[3]
    ind = np.rint(q).astype(np.int64)      # round half away from zero differs only on exact halves: none here
    out = np.zeros((len(pos), 4), dtype=np.uint32)
    for i, (a, b, d) in enumerate(ind):
        out[i, :3] = exfmm_key(a, b, d)
        out[i, 3] = i
    return out


def exfmm_sorted_keys(n, rng):
    """Sorted uint4 keys (x, y, z words lexicographic) with many equal high words, w the body index."""
    k = np.stack([rng.integers(0, 4, n), rng.integers(0, 1 << 30, n) & ~((1 << 27) - 1) | rng.integers(0, 3, n),
                  rng.integers(0, 1 << 30, n), np.zeros(n, dtype=np.int64)], axis=1)
    k = k[np.lexsort((k[:, 2], k[:, 1], k[:, 0]))]
    k[:, 3] = np.arange(n)
    return k.astype(np.uint32)


def exfmm_mask(level):
    """getMask: the key words' bits above level `level` (3 bits a level, 30 levels, words of 30 bits)."""
    ml = 3 * (30 - level)
    f = 0xFFFFFFFF
    if ml > 60:
        return ((f >> (ml - 60)) << (ml - 60)) & f, 0, 0
    if ml > 30:
        return f, ((f >> (ml - 30)) << (ml - 30)) & f, 0
    return f, f, ((f >> ml) << ml) & f


def exfmm_valid_range(keys, level):
    """getValidRange: validRange[2i] = i | (key_i's masked key differs from key_{i-1}'s) << 31, [2i+1] the
    same against key_{i+1}; the ends compare with the all-ones key (which always differs)."""
    keys = np.asarray(keys, dtype=np.int64)
    n = len(keys)
    m = np.array(exfmm_mask(level), dtype=np.int64)
    F = np.full(3, 0xFFFFFFFF, dtype=np.int64)
    out = np.zeros(2 * n, dtype=np.uint32)
    for i in range(n):
        c = keys[i, :3]
        km = F if i == 0 else keys[i - 1, :3]
        kp = F if i == n - 1 else keys[i + 1, :3]
        v0 = v1 = 0
        if not np.array_equal(c, F):
            v0 = int(not np.array_equal(c & m, km & m))
            v1 = int(not np.array_equal(c & m, kp & m))
        out[2 * i] = i | (v0 << 31)
        out[2 * i + 1] = i | (v1 << 31)
    return out


def exfmm_node_bodies(nodes, rng, most=16):
    """Contiguous body ranges (begin, end) of 0..most bodies a node, as uint2."""
    sizes = rng.integers(0, most + 1, nodes)
    end = np.cumsum(sizes)
    return np.stack([end - sizes, end], axis=1).astype(np.uint32)


def exfmm_p2m(pos, leaf_nodes, node_bodies, num_leafs):
    """P2M for leaf k (node leaf_nodes[k]): the mass and the mass-weighted mean position of its bodies
    (0 where it has none: 1 / 0 is replaced by 0) and the bodies' bounding box, w 0 and 1.
    (multipole, lower, upper) rows in leaf order, float32."""
    pos = np.asarray(pos, dtype=np.float64)
    mon, lo, hi = [], [], []
    for k in range(num_leafs):
        b, e = (int(v) for v in node_bodies[int(leaf_nodes[k])])
        p = pos[b:e]
        w = p[:, 3].sum()
        c = (p[:, 3:4] * p[:, :3]).sum(axis=0) / w if w != 0 else np.zeros(3)
        mon.append([*c, w])
        lo.append([*(p[:, :3].min(axis=0) if e > b else [1e10] * 3), 0.0])
        hi.append([*(p[:, :3].max(axis=0) if e > b else [-1e10] * 3), 1.0])
    f = lambda a: np.asarray(a, dtype=np.float32)
    return f(mon), f(lo), f(hi)


def exfmm_rescale(mon, lo, hi, node_bodies, node_child, theta=0.75):
    """rescale: a node's opening criterion ((2 * max half-extent of its box) / theta + |box centre - centre of
    mass|)^2 (0 distance for a massless node, length at least 1e-6), 1e11 for a one-body node, negated for a
    leaf (upper bound's w > 0), whose child word becomes first body | (count - 1) << 28.
    (openingAngle, nodeChild); float64 arithmetic, float32 results."""
    mon, lo, hi = (np.asarray(a, dtype=np.float64) for a in (mon, lo, hi))
    child = np.asarray(node_child, dtype=np.uint32).copy()
    out = np.zeros(len(mon), dtype=np.float32)
    for i in range(len(mon)):
        c = 0.5 * (lo[i, :3] + hi[i, :3])
        size = np.maximum(np.abs(c - lo[i, :3]), np.abs(c - hi[i, :3]))
        R = np.sqrt(((c - mon[i, :3]) ** 2).sum())
        if abs(mon[i, 3]) < 1e-10:
            R = 0.0
        length = 2 * size.max()
        if length < 0.000001:
            length = 0.000001
        op = (length / theta + R) ** 2
        first, nchild = int(node_bodies[i][0]), int(node_bodies[i][1]) - int(node_bodies[i][0])
        if nchild == 1:
            op = 10e10
        if hi[i, 3] > 0:
            op = -op
            child[i] = (first | ((nchild - 1) << 28)) & 0xFFFFFFFF
        out[i] = op
    return out, child


def exfmm_group_ranges(groups, rng, most=32):
    """Contiguous (begin, end) ranges of 1..most bodies, as int2."""
    sizes = rng.integers(1, most + 1, groups)
    end = np.cumsum(sizes)
    return np.stack([end - sizes, end], axis=1).astype(np.int32)


def exfmm_set_groups(pos, group_range):
    """setGroups: a group's box centre (the float of the double mean of min and max), half-extents, the
    largest of them, and w the bits of first body | (count - 1) << 27. (groupSizeInfo, groupCenterInfo)."""
    pos = np.asarray(pos, dtype=np.float32)
    size = np.zeros((len(group_range), 4), dtype=np.float32)
    cent = np.zeros((len(group_range), 4), dtype=np.float32)
    for g, (b, e) in enumerate(group_range):
        p = pos[b:e, :3]
        lo, hi = p.min(axis=0), p.max(axis=0)
        c = (0.5 * (lo.astype(np.float64) + hi.astype(np.float64))).astype(np.float32)
        s = np.maximum(np.abs(c - lo), np.abs(c - hi))
        size[g, :3] = s
        size[g, 3] = np.array([(int(b) | ((int(e) - int(b) - 1) << 27)) & 0xFFFFFFFF], dtype=np.uint32).view(np.float32)[0]
        cent[g, :3] = c
        cent[g, 3] = s.max()
    return size, cent


# ---- unseen159: James Sandham's 2-D CUDA Barnes-Hut (jsandham-nbodycuda/kernels.cu) ----

def _jsbh_f32(v):
    return float(np.float32(v))


def jsbh_box(x, y, n):
    """compute_bounding_box after reset_arrays (the four bounds start at 0): (left, right, bottom, top)."""
    x, y = np.asarray(x[:n], dtype=np.float32), np.asarray(y[:n], dtype=np.float32)
    return (min(0.0, float(x.min())), max(0.0, float(x.max())), min(0.0, float(y.min())), max(0.0, float(y.max())))


def jsbh_build(x, y, mass, n, m):
    """The quadtree build_tree_kernel makes, inserting bodies 0..n-1 one after the other: cells numbered from
    n in creation order, root children child[0..3], a cell's children child[4c..4c+3] (quadrant 1: left of the
    middle, 2: below it), a cell's x, y the float32 sums of mass * position of its bodies (before
    centre_of_mass_kernel), mass their float32 sum, count their number. The middles are the kernel's: the double
    0.5 * (l + r), the narrowed bounds stored as float32. Returns (x, y, mass, count, child, index) at sizes m, 4m."""
    x = np.asarray(x, dtype=np.float32).copy()
    y = np.asarray(y, dtype=np.float32).copy()
    mass = np.asarray(mass, dtype=np.float32).copy()
    x[n:] = 0
    y[n:] = 0
    mass[n:] = 0
    count = np.zeros(m, dtype=np.int32)
    count[:n] = 1
    child = np.full(4 * m, -1, dtype=np.int32)
    L0, R0, B0, T0 = jsbh_box(x, y, n)
    index = n

    def step(i, l, r, b, t):
        p = 0
        if float(x[i]) < 0.5 * (l + r):
            p += 1
            r = _jsbh_f32(0.5 * (l + r))
        else:
            l = _jsbh_f32(0.5 * (l + r))
        if float(y[i]) < 0.5 * (b + t):
            p += 2
            t = _jsbh_f32(0.5 * (t + b))
        else:
            b = _jsbh_f32(0.5 * (t + b))
        return p, l, r, b, t

    def add(cell, i):
        x[cell] = np.float32(x[cell] + np.float32(mass[i] * x[i]))
        y[cell] = np.float32(y[cell] + np.float32(mass[i] * y[i]))
        mass[cell] = np.float32(mass[cell] + mass[i])
        count[cell] += count[i]

    for i in range(n):
        l, r, b, t = L0, R0, B0, T0
        temp = 0
        p, l, r, b, t = step(i, l, r, b, t)
        ch = child[4 * temp + p]
        while ch >= n:
            temp = ch
            p, l, r, b, t = step(i, l, r, b, t)
            add(temp, i)
            ch = child[4 * temp + p]
        if ch == -1:
            child[4 * temp + p] = i
            continue
        while 0 <= ch < n:
            cell = index
            index += 1
            child[4 * temp + p] = cell
            q = (1 if float(x[ch]) < 0.5 * (l + r) else 0) + (2 if float(y[ch]) < 0.5 * (b + t) else 0)
            add(cell, ch)
            child[4 * cell + q] = ch
            temp = cell
            p, l, r, b, t = step(i, l, r, b, t)
            add(cell, i)
            ch = child[4 * temp + p]
        child[4 * temp + p] = i
    return x, y, mass, count, child, np.array([index], dtype=np.int32)


def jsbh_tree_summary(x, y, mass, count, child, index, n):
    """What a quadtree in build_tree_kernel's layout says about each root quadrant, read from its top: the
    number of bodies below it found by walking the children, the number of distinct ones, and the stored count,
    mass and x, y sums of the quadrant's node (a body's own 1, mass, mass * position). (4, 5) float64, then the
    number of cells used (index - n) is not compared: the creation order differs between runs."""
    child = np.asarray(child)
    out = np.zeros((4, 6))
    for q in range(4):
        c = int(child[q])
        if c < 0:
            continue
        seen, todo = [], [c]
        while todo:
            k = todo.pop()
            if k < n:
                seen.append(k)
            else:
                todo.extend(int(v) for v in child[4 * k:4 * k + 4] if v >= 0)
        if c < n:
            cnt, ms, sx, sy = 1, float(mass[c]), float(mass[c]) * float(x[c]), float(mass[c]) * float(y[c])
        else:
            cnt, ms, sx, sy = int(count[c]), float(mass[c]), float(x[c]), float(y[c])
        out[q] = [len(seen), len(set(seen)), cnt, ms, sx, sy]
    return out


def jsbh_tree_expected(x, y, mass, n):
    """jsbh_tree_summary's rows from the bodies alone: each root quadrant's bodies (split at the double middle
    of the bounding box that starts at 0), their number (three times), their mass and mass * position sums."""
    x, y, mass = (np.asarray(a[:n], dtype=np.float64) for a in (x, y, mass))
    L, R, B, T = jsbh_box(x, y, n)
    q = (x < 0.5 * (L + R)).astype(int) + 2 * (y < 0.5 * (B + T)).astype(int)
    out = np.zeros((4, 6))
    for k in range(4):
        s = q == k
        c = int(s.sum())
        out[k] = [c, c, c, mass[s].sum(), (mass[s] * x[s]).sum(), (mass[s] * y[s]).sum()]
    return out


def jsbh_built(x, y, mass, n, m, what):
    """One array of jsbh_build's tree after centre_of_mass_kernel (cells' x, y divided by their mass):
    what in x, y, mass, count, child, index."""
    bx, by, bm, cnt, child, index = jsbh_build(x, y, mass, n, m)
    k = int(index[0])
    bx[n:k] = bx[n:k] / bm[n:k]
    by[n:k] = by[n:k] / bm[n:k]
    return {"x": bx, "y": by, "mass": bm, "count": cnt, "child": child, "index": index}[what]


def jsbh_sorted(child, n):
    """sort_kernel's order: the bodies as a depth-first walk of the tree meets them, children 0..3 in order."""
    child = np.asarray(child)
    out = []

    def walk(k):
        if k < n:
            out.append(k)
        else:
            for v in child[4 * k:4 * k + 4]:
                if v >= 0:
                    walk(int(v))
    for v in child[:4]:
        if v >= 0:
            walk(int(v))
    return np.array(out, dtype=np.int32)


def jsbh_forces(x, y, mass, sorted_, child, left, right, n, warp=32):
    """compute_forces_kernel, one thread a body in sorted order, a warp walking the tree together: a warp's
    stack starts with the root's children at depth radius^2 / theta; a popped node's child is taken whole (a
    body, or a cell every lane of the warp sees at squared distance + eps2 >= a quarter of the node's depth)
    or pushed with that quarter depth. acc += mass * r^-3 * (dx, dy). float32 arithmetic; (ax, ay) by body."""
    f = np.float32
    x, y, mass = (np.asarray(a, dtype=np.float32) for a in (x, y, mass))
    child = np.asarray(child)
    eps2, theta = f(0.025), f(0.5)
    radius = f(0.5 * float(f(f(right) - f(left))))
    roots = [int(c) for c in child[:4] if c != -1]
    ax = np.zeros(n, dtype=np.float32)
    ay = np.zeros(n, dtype=np.float32)
    for w in range(0, n, warp):
        bodies = np.asarray(sorted_[w:w + warp], dtype=np.int64)
        px, py = x[bodies], y[bodies]
        accx = np.zeros(len(bodies), dtype=np.float32)
        accy = np.zeros(len(bodies), dtype=np.float32)
        stack = roots + [0] * 64
        depth = [f(f(radius * radius) / theta)] * len(roots) + [f(0)] * 64
        top = len(roots) - 1
        while top >= 0:
            node = stack[top]
            dp = f(0.25 * float(depth[top]))
            for i in range(4):
                ch = int(child[4 * node + i])
                if ch >= 0:
                    dx = f(x[ch]) - px
                    dy = f(y[ch]) - py
                    r = dx * dx + dy * dy + eps2
                    if ch < n or np.all(dp <= r):
                        rr = (1.0 / np.sqrt(r.astype(np.float64))).astype(np.float32)
                        ff = mass[ch] * rr * rr * rr
                        accx = accx + ff * dx
                        accy = accy + ff * dy
                    else:
                        stack[top] = ch
                        depth[top] = dp
                        top += 1
            top -= 1
        ax[bodies] = accx
        ay[bodies] = accy
    return ax, ay


def jsbh_input(what, stage="com", n=512, m=13024):
    """An array of the state the host has before a later Barnes-Hut kernel: n bodies (seeded: x, y in
    (-1, 1), masses in (0.5, 1.5)) in arrays of numNodes m (zero past n) at stage "bodies" (before
    build_tree_kernel), or with the tree jsbh_build makes of them, the cells' x, y the weighted sums at stage
    "sums" (before centre_of_mass_kernel) or the centres of mass at stage "com"; 'sorted' is sort_kernel's
    order, 'left', 'right', 'bottom', 'top' the bounding box (one-element arrays)."""
    rng = np.random.default_rng(159)
    x = np.zeros(m, dtype=np.float32)
    y = np.zeros(m, dtype=np.float32)
    mass = np.zeros(m, dtype=np.float32)
    x[:n] = rng.uniform(-1.0, 1.0, n)
    y[:n] = rng.uniform(-1.0, 1.0, n)
    mass[:n] = rng.uniform(0.5, 1.5, n)
    box = dict(zip(("left", "right", "bottom", "top"), jsbh_box(x, y, n)))
    if what in box:
        return np.array([box[what]], dtype=np.float32)
    if what == "sorted":
        out = np.zeros(m, dtype=np.int32)
        out[:n] = jsbh_sorted(jsbh_build(x, y, mass, n, m)[4], n)
        return out
    if stage == "bodies":
        return {"x": x, "y": y, "mass": mass}[what]
    if stage == "com":
        return jsbh_built(x, y, mass, n, m, what)
    return dict(zip(("x", "y", "mass", "count", "child", "index"), jsbh_build(x, y, mass, n, m)))[what]
# ---- unseen154: GPUDB's foreign-key hash join (gpudb_) and EPFL's partitioned radix hash join (epflj_) ----

def gpudb_dim_keys(n=500, seed=1540):
    """A dimension table's primary keys: n distinct ints in [1, 4000), in a fixed random order."""
    return np.random.default_rng(seed).choice(np.arange(1, 4000), n, replace=False).astype(np.int32)


def gpudb_fact_keys(n=1500, matched=1100, seed=1541):
    """A fact table's foreign keys: `matched` drawn (with repeats) from gpudb_dim_keys(), the rest keys in [1, 8000)
    that no dimension row has (some of them share a hash bucket with dimension keys), shuffled."""
    rng = np.random.default_rng(seed)
    dim = gpudb_dim_keys()
    miss = np.setdiff1d(np.arange(1, 8000), dim)
    keys = np.concatenate([rng.choice(dim, matched), rng.choice(miss, n - matched)])
    return rng.permutation(keys).astype(np.int32)


def gpudb_hash_counts(keys, hsize):
    """count_hash_num: keys per bucket, the bucket being key & (hsize - 1)."""
    return np.bincount(np.asarray(keys).astype(np.int64) & (hsize - 1), minlength=hsize).astype(np.int32)


def gpudb_psum(keys, hsize):
    """The host's scanImpl over the counts: each bucket's first slot (an exclusive prefix sum)."""
    c = gpudb_hash_counts(keys, hsize).astype(np.int64)
    return (np.cumsum(c) - c).astype(np.int32)


def gpudb_bucket(keys, hsize):
    """build_hash_table's bucket array, (key, row id + 1) pairs grouped by bucket; within a bucket in row order
    (the kernel's order there is its atomics' order: compare with gpudb_bucket_canon)."""
    keys = np.asarray(keys).astype(np.int64)
    h = keys & (hsize - 1)
    order = np.argsort(h, kind="stable")
    out = np.empty((len(keys), 2), dtype=np.int32)
    out[:, 0] = keys[order]
    out[:, 1] = order + 1
    return out.reshape(-1)


def gpudb_bucket_canon(bucket, keys, hsize):
    """The bucket array with each bucket's pairs sorted by key (order-free): the segments from the keys' counts."""
    b = np.asarray(bucket).reshape(-1, 2)[:len(keys)].astype(np.int64)
    c = gpudb_hash_counts(keys, hsize)
    out, start = [], 0
    for n in c:
        seg = b[start:start + n]
        out.append(seg[np.lexsort((seg[:, 1], seg[:, 0]))])
        start += n
    return np.concatenate(out)


def gpudb_probe(fact, dim):
    """count_join_result's factFilter: the matching dimension row's id + 1, 0 for no match (keys are unique in dim)."""
    pos = {int(k): i + 1 for i, k in enumerate(np.asarray(dim))}
    return np.array([pos.get(int(k), 0) for k in np.asarray(fact)], dtype=np.int32)


def gpudb_thread_counts(filt, threads):
    """count_join_result's count[]: matches per thread of the grid-stride loop (rows i = t, t + threads, ...)."""
    f = np.asarray(filt)
    out = np.zeros(threads, dtype=np.int32)
    np.add.at(out, np.arange(len(f)) % threads, (f != 0).astype(np.int32))
    return out


def gpudb_res_psum(filt, threads):
    """The host's scanImpl over count[]: each thread's first output row."""
    c = gpudb_thread_counts(filt, threads).astype(np.int64)
    return (np.cumsum(c) - c).astype(np.int32)


def gpudb_project(col, filt, attr, threads, dim_side):
    """joinFact_* / joinDim_*: each thread t writes, from row resPsum[t] on, the attr-byte values of its matching rows
    i = t, t + threads, ... in order: the fact row i itself, or (dim_side) the dimension row filter[i] - 1."""
    col = np.asarray(col).reshape(-1).view(np.uint8).reshape(-1, attr)
    f = np.asarray(filt)
    start = gpudb_res_psum(f, threads)
    out = np.zeros((int((f != 0).sum()), attr), dtype=np.uint8)
    for t in range(threads):
        pos = int(start[t])
        for i in range(t, len(f), threads):
            if f[i] != 0:
                out[pos] = col[f[i] - 1] if dim_side else col[i]
                pos += 1
    return out.reshape(-1)


EPFLJ_BUCKET = 4096          # types_EPFL.h's bucket_size
EPFLJ_EMPTY_HEAD = (1 << 18) + (4095 << 32)   # init_metadata_double's head: no bucket yet, -1 elements


def epflj_relation(which, n=6000, seed=1542):
    """Join keys in [0, 2^20): R ("R") n distinct keys; S ("S") n keys, half of them R's (with repeats), half any."""
    rng = np.random.default_rng(seed)
    r = rng.choice(1 << 20, n, replace=False)
    if which == "R":
        return r.astype(np.int32)
    s = np.concatenate([rng.choice(r, n // 2), rng.integers(0, 1 << 20, n - n // 2)])
    return rng.permutation(s).astype(np.int32)


def epflj_layout(keys, pays, part, nparts, nbuckets):
    """A bucketised partitioning with every partition in one bucket (its reserved bucket p, fewer than 4096 tuples):
    (keys out, payloads out, counts, heads). Within a bucket in input order; the kernels' order there is their
    atomics' (compare with epflj_canon)."""
    keys, pays, part = (np.asarray(a).astype(np.int64) for a in (keys, pays, part))
    cnts = np.bincount(part, minlength=nparts)
    assert cnts.max() < EPFLJ_BUCKET
    out_k = np.zeros(nbuckets * EPFLJ_BUCKET, dtype=np.int32)
    out_p = np.zeros(nbuckets * EPFLJ_BUCKET, dtype=np.int32)
    for p in range(nparts):
        sel = np.nonzero(part == p)[0]
        out_k[p * EPFLJ_BUCKET:p * EPFLJ_BUCKET + len(sel)] = keys[sel]
        out_p[p * EPFLJ_BUCKET:p * EPFLJ_BUCKET + len(sel)] = pays[sel]
    heads = np.array([p + ((int(c) - 1) << 32) if c > 0 else EPFLJ_EMPTY_HEAD for p, c in enumerate(cnts)],
                     dtype=np.uint64)
    return out_k, out_p, cnts.astype(np.uint32), heads


def epflj_pass1(keys, lp1, lp2, nbuckets, what):
    """The first pass's result for keys with payloads 0..n-1 (the host's counting iterator): partition
    (key >> lp2) & (2^lp1 - 1) (first_bit + log_parts2, first_bit 0). what: 0 keys, 1 payloads, 2 counts, 3 heads."""
    keys = np.asarray(keys).astype(np.int64)
    part = (keys >> lp2) & ((1 << lp1) - 1)
    return epflj_layout(keys, np.arange(len(keys)), part, 1 << lp1, nbuckets)[what]


def epflj_pass2(keys, lp1, lp2, nbuckets, what):
    """The second pass's result: partition (first-pass partition << lp2) | (key & (2^lp2 - 1)), i.e. the key's low
    lp1 + lp2 bits; what as epflj_pass1."""
    keys = np.asarray(keys).astype(np.int64)
    part = keys & ((1 << (lp1 + lp2)) - 1)
    return epflj_layout(keys, np.arange(len(keys)), part, 1 << (lp1 + lp2), nbuckets)[what]


def epflj_canon(out_k, out_p, cnts):
    """Order-free view of a bucketised partitioning: per partition p (bucket p), its (key, payload) pairs sorted."""
    out = []
    for p, c in enumerate(np.asarray(cnts).astype(np.int64)):
        k = np.asarray(out_k)[p * EPFLJ_BUCKET:p * EPFLJ_BUCKET + c].astype(np.int64)
        v = np.asarray(out_p)[p * EPFLJ_BUCKET:p * EPFLJ_BUCKET + c].astype(np.int64)
        o = np.lexsort((v, k))
        out.append(np.stack([np.full(c, p), k[o], v[o]], axis=1))
    return np.concatenate(out)


def epflj_bucket_info1(chains, cnts):
    """compute_bucket_info(1): walking each partition's chain from bucket p, each bucket's word becomes
    (p << 13) + its element count (4096 but for the last)."""
    ch = np.asarray(chains).astype(np.int64).copy()
    for p, c in enumerate(np.asarray(cnts).astype(np.int64)):
        cur = p
        while c > 0:
            nxt = ch[cur]
            ch[cur] = (p << 13) + min(c, 4096)
            cur = nxt
            c -= 4096
    return ch.astype(np.uint32)


def epflj_decompose(info, chains, cnts, threshold):
    """decompose_chains: per partition p, bucket_info[p] = (p << 15) + min(count, threshold); the chain cut into
    runs of `threshold` elements (bucket_info[next] starts a run, chains[cur] = 0) or marked 0 within a run."""
    info = np.asarray(info).astype(np.int64).copy()
    ch = np.asarray(chains).astype(np.int64).copy()
    for p, c in enumerate(np.asarray(cnts).astype(np.int64)):
        cur, first, cutoff = p, min(c, threshold), 0
        while c > 0:
            cutoff += EPFLJ_BUCKET
            c -= EPFLJ_BUCKET
            nxt = ch[cur]
            if cutoff >= threshold and c > 0:
                info[nxt] = (p << 15) + min(c, threshold)
                ch[cur] = 0
                cutoff = 0
            elif nxt != 0:
                info[nxt] = 0
            cur = nxt
        info[p] = (p << 15) + first
    return info.astype(np.uint32), ch.astype(np.uint32)


def epflj_join_pairs(r_k, r_p, r_cnts, s_k, s_p, s_cnts):
    """The equi-join of two single-bucket partitionings, partition by partition: the (R payload, S payload) pairs
    with equal keys, sorted."""
    out = []
    for p in range(len(r_cnts)):
        a = slice(p * EPFLJ_BUCKET, p * EPFLJ_BUCKET + int(r_cnts[p]))
        b = slice(p * EPFLJ_BUCKET, p * EPFLJ_BUCKET + int(s_cnts[p]))
        rk, rp = np.asarray(r_k)[a], np.asarray(r_p)[a]
        sk, sp = np.asarray(s_k)[b], np.asarray(s_p)[b]
        eq = rk[:, None] == sk[None, :]
        i, j = np.nonzero(eq)
        out.append(np.stack([rp[i], sp[j]], axis=1).astype(np.int64))
    pairs = np.concatenate(out)
    return pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]


def epflj_out_pairs(out_r, out_s, count):
    """join_partitioned_results' output: its first `count` (R payload, S payload) pairs, sorted (order-free)."""
    n = int(np.asarray(count).reshape(-1)[0])
    pairs = np.stack([np.asarray(out_r)[:n], np.asarray(out_s)[:n]], axis=1).astype(np.int64)
    return pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]
# ---- unseen152: MAGMA sparse's fine-grained ILU(0) / IC(0) sweeps (mgspar_) and YuenyeungSpTRSV (yysptrsv_)

def _cplx_pairs(z):
    """Complex values as cuDoubleComplex pairs: float64 rows (real, imag)."""
    z = np.asarray(z, dtype=np.complex128)
    return np.stack([z.real, z.imag], axis=-1)


@functools.lru_cache(maxsize=None)
def _mgspar_matrix(kind):
    """A small sparse matrix with a symmetric pattern, dense (zeros off the pattern) and its pattern.
    lap8: the 2D 5-point Laplacian on an 8 x 8 grid; rand96: 96 rows, each off-diagonal pair present with
    probability 0.06. 'c' suffix: complex, diagonally dominant values; otherwise real, symmetric, diagonally dominant."""
    base, cplx = kind.rstrip("c"), kind.endswith("c")
    rng = np.random.default_rng(152)
    if base == "lap8":
        g, n = 8, 64
        pat = np.eye(n, dtype=bool)
        for y in range(g):
            for x in range(g):
                i = y * g + x
                for yy, xx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= yy < g and 0 <= xx < g:
                        pat[i, yy * g + xx] = True
    else:
        n = 96
        up = np.triu(rng.random((n, n)) < 0.06, 1)
        pat = up | up.T | np.eye(n, dtype=bool)
    if cplx:
        a = rng.uniform(-1, 1, (n, n)) + 1j * rng.uniform(-1, 1, (n, n))
    else:
        a = rng.uniform(-1, 1, (n, n))
        a = np.triu(a, 1) + np.triu(a, 1).T
    a = np.where(pat, a, 0)
    np.fill_diagonal(a, 0)
    d = np.abs(a).sum(axis=1) + 1.0
    a = a + np.diag(d + (0.5j * d if cplx else 0))
    return a, pat


@functools.lru_cache(maxsize=None)
def mgspar_ilu(kind):
    """magma_zparilu_csr's arrays for the matrix kind: A in COO (row-major order: rowidxA, colidxA, A), L in CSR
    (strictly lower pattern, then the unit diagonal last in each row: rowptrL, colidxL, valL), U transposed in
    CSR (row j holds U's column j: rows i <= j of the pattern, the diagonal last: rowptrU, colidxU, valU). valL and
    valU hold the exact ILU(0) factors (Gaussian elimination restricted to A's pattern, IKJ order, complex128), the
    fixed point of the Chow-Patel sweep: l_ij = (a_ij - sum_{k<j} l_ik u_kj) / u_jj, u_ij = a_ij - sum_{k<i} l_ik u_kj."""
    a, pat = _mgspar_matrix(kind)
    n = a.shape[0]
    w = a.astype(np.complex128).copy()
    for i in range(n):
        for k in range(i):
            if not pat[i, k]:
                continue
            w[i, k] = w[i, k] / w[k, k]
            for j in range(k + 1, n):
                if pat[i, j] and pat[k, j]:
                    w[i, j] -= w[i, k] * w[k, j]
    rows, cols = np.nonzero(pat)
    out = {"rowidxA": rows, "colidxA": cols, "A": _cplx_pairs(a[rows, cols])}
    lp, lc, lv = [0], [], []
    for i in range(n):
        js = [j for j in range(i) if pat[i, j]]
        lc += js + [i]
        lv += [w[i, j] for j in js] + [1.0]
        lp.append(len(lc))
    up, uc, uv = [0], [], []
    for j in range(n):
        iis = [i for i in range(j + 1) if pat[i, j]]
        uc += iis
        uv += [w[i, j] for i in iis]
        up.append(len(uc))
    out.update(rowptrL=np.array(lp), colidxL=np.array(lc), valL=_cplx_pairs(lv),
               rowptrU=np.array(up), colidxU=np.array(uc), valU=_cplx_pairs(uv))
    return out


@functools.lru_cache(maxsize=None)
def mgspar_ic(kind):
    """magma_zparic_csr's arrays: A's lower triangle in COO (row-major: Arowidx, Acolidx, A_val) and the factor in
    CSR over the same pattern (rowptr, colidx, val; the diagonal last in each row). val holds the exact IC(0)
    factor (Cholesky restricted to the pattern, float64): l_ij = (a_ij - sum_{k<j} l_ik l_jk) / l_jj,
    l_ii = sqrt(a_ii - sum_{k<i} l_ik^2), the sweep's fixed point."""
    a, pat = _mgspar_matrix(kind)
    a = a.real
    n = a.shape[0]
    low = np.tril(pat)
    lf = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1):
            if not low[i, j]:
                continue
            ks = [k for k in range(j) if low[i, k] and low[j, k]]
            s = a[i, j] - sum(lf[i, k] * lf[j, k] for k in ks)
            lf[i, j] = math.sqrt(abs(s)) if i == j else s / lf[j, j]
    rows, cols = np.nonzero(low)
    rp = np.concatenate([[0], np.cumsum(low.sum(axis=1))])
    return {"Arowidx": rows, "Acolidx": cols, "A_val": _cplx_pairs(a[rows, cols]),
            "rowptr": rp, "colidx": cols, "val": _cplx_pairs(lf[rows, cols])}


@functools.lru_cache(maxsize=None)
def yysp_matrix(kind):
    """A lower triangular CSR matrix (the diagonal last in each row) for yySpTRSV_csr_kernel, with b.
    band256: 256 rows, columns i-3..i; rand512: 512 rows, up to 3 random columns in [i-64, i) and the diagonal;
    dense64: 64 rows, columns i-20..i; mixed200: 200 rows, rows 64-127 with 16 random earlier columns, the others
    up to 2 random columns in [i-40, i). Off-diagonal values uniform(-1, 1) / row length, the diagonal uniform(1, 2)."""
    rng = np.random.default_rng(1520)
    m = {"band256": 256, "rand512": 512, "dense64": 64, "mixed200": 200}[kind]
    rp, ci, vals = [0], [], []
    for i in range(m):
        if kind == "band256":
            cols = list(range(max(0, i - 3), i))
        elif kind == "dense64":
            cols = list(range(max(0, i - 20), i))
        elif kind == "rand512":
            lo = max(0, i - 64)
            cols = sorted(set(rng.integers(lo, i, 3).tolist())) if i > 0 else []
        else:
            if 64 <= i < 128:
                cols = sorted(rng.choice(i, 16, replace=False).tolist())
            else:
                lo = max(0, i - 40)
                cols = sorted(set(rng.integers(lo, i, 2).tolist())) if i > 0 else []
        ci += cols + [i]
        vals += (rng.uniform(-1, 1, len(cols)) / (len(cols) + 1)).tolist() + [rng.uniform(1, 2)]
        rp.append(len(ci))
    b = rng.uniform(-1, 1, m)
    return {"rowptr": np.array(rp), "colidx": np.array(ci), "val": np.array(vals), "b": b, "m": m,
            "warp_num": yysp_warp_num(np.array(rp), m)}


def yysp_warp_num(rowptr, m, border=10, warp=32):
    """matrix_warp's warp_num (the repository's CUDA/tranpose.h): each group of 32 rows whose average row length is
    below border is one entry (a warp, a thread a row); a group at or above border gives one entry per row (a
    warp a row). warp_num[0] = 0, then each warp's end row; its length is Len."""
    out, row = [0], 0
    for i in range(0, m, warp):
        end = min(i + warp, m)
        if (rowptr[end] - rowptr[i]) / (end - i) >= border:
            for _ in range(end - i):
                row += 1
                out.append(row)
        else:
            row += end - i
            out.append(row)
    return np.array(out)


def yysp_solve(kind):
    """x with L x = b by forward substitution over the rows, in float64."""
    d = yysp_matrix(kind)
    rp, ci, v, b = d["rowptr"], d["colidx"], d["val"], d["b"]
    x = np.zeros(d["m"])
    for i in range(d["m"]):
        s = sum(v[j] * x[ci[j]] for j in range(rp[i], rp[i + 1] - 1))
        x[i] = (b[i] - s) / v[rp[i + 1] - 1]
    return x


# ---------------------------------------------------------------------------------------------------------------------
# unseen167. voxel-tracer/cuda-raytracing-optimized at 72181f8 (MIT; vxrt_): Ray Tracing in One Weekend's path tracer
# with the scene in plain arrays. Every operation in float32 in the source's order (numpy float32 scalars round each
# one; the GPU may fuse a multiply and an add: last-place differences, hence the entries' tolerances), the cuRAND
# XORWOW draws of curand_init(1984 + pixel, 0, 0), each call's arguments drawn left to right.
_vxrt_F = np.float32

VXRT_SPHERES = [((0.0, -0.2, -1.5), 0.5), ((1.05, 0.0, -1.6), 0.5), ((-1.05, 0.0, -1.4), 0.5),
                ((0.0, -1.3, -1.5), 0.6), ((0.3, 0.55, -2.2), 0.35)]
# (type, albedo, fuzz or ref_idx): type 0 lambertian, 1 dielectric, 2 metal (helper_structs.h's enum)
VXRT_MATERIALS = [(0, (0.1, 0.2, 0.5), 0.0), (2, (0.8, 0.6, 0.2), 0.3), (1, (0.0, 0.0, 0.0), 1.5),
                  (0, (0.8, 0.8, 0.0), 0.0), (2, (0.9, 0.9, 0.9), 0.0)]


def vxrt_spheres(n=5):
    """struct sphere { vec3 center; float radius; }: float32 [n, 4]."""
    return np.array([[*c, r] for c, r in VXRT_SPHERES[:n]], np.float32)


def vxrt_materials(n=5):
    """struct material { material_type type; vec3 albedo; union { fuzz, ref_idx }; }: 20 bytes each, as uint8."""
    out = np.zeros((n, 5), np.uint32)
    for k, (t, a, f) in enumerate(VXRT_MATERIALS[:n]):
        out[k, 0] = t
        out[k, 1:] = np.array([*a, f], np.float32).view(np.uint32)
    return out.view(np.uint8).reshape(-1)


def vxrt_camera(lookfrom, lookat, vup, vfov, aspect, aperture, focus_dist):
    """helper_structs.h's camera constructor (host, float32): origin, lower_left_corner, horizontal, vertical, u, v,
    w (3 floats each) and lens_radius, 22 floats in the struct's order."""
    F = _vxrt_F
    lf, la, up = (np.array(x, np.float32) for x in (lookfrom, lookat, vup))
    unit = lambda x: x / np.float32(np.sqrt(np.float32(x @ x)))
    cross = lambda a, b: np.array([a[1] * b[2] - a[2] * b[1], -(a[0] * b[2] - a[2] * b[0]), a[0] * b[1] - a[1] * b[0]],
                                  np.float32)
    theta = F(vfov) * F(math.pi) / F(180.0)
    hh = F(math.tan(theta / F(2.0)))
    hw = F(aspect) * hh
    fd = F(focus_dist)
    w = unit(lf - la)
    u = unit(cross(up, w))
    v = cross(w, u)
    llc = lf - hw * fd * u - hh * fd * v - fd * w
    return [float(x) for x in np.concatenate([lf, llc, F(2.0) * hw * fd * u, F(2.0) * hh * fd * v, u, v, w,
                                               [F(aperture) / F(2.0)]]).astype(np.float32)]


def vxrt_states(nx, ny):
    """render_init's curandState array: curand_init(1984 + pixel, 0, 0), 12 uint32 words a state."""
    return np.array([_xw_pack(*xorwow_init(1984 + p, 1)[0]) for p in range(nx * ny)], np.uint32)


class _vxrt_Rng:
    def __init__(self, words):
        self.s = _XWState(words)

    def u(self):
        return curand_uniform_f32(self.s.next())


def _vxrt_dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _vxrt_unit(a):
    n = _vxrt_F(np.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]))
    return (a[0] / n, a[1] / n, a[2] / n)


def _vxrt_add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _vxrt_sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _vxrt_mul(t, a):
    return (t * a[0], t * a[1], t * a[2])


def _vxrt_in_sphere(rng):
    F = _vxrt_F
    while True:
        x, y, z = rng.u(), rng.u(), rng.u()
        p = (F(2.0) * x - F(1), F(2.0) * y - F(1), F(2.0) * z - F(1))
        if not (p[0] * p[0] + p[1] * p[1] + p[2] * p[2] >= F(1.0)):
            return p


def _vxrt_scatter(m, o, d, p, n, rng):
    """(scattered?, attenuation, origin, direction): material.h's scatter."""
    F = _vxrt_F
    t, alb, f = m
    alb = tuple(F(a) for a in alb)
    f = F(f)
    if t == 0:
        target = _vxrt_add(_vxrt_add(p, n), _vxrt_in_sphere(rng))
        return True, alb, p, _vxrt_sub(target, p)
    if t == 2:
        uv = _vxrt_unit(d)
        refl = _vxrt_sub(uv, _vxrt_mul(F(2.0) * _vxrt_dot(uv, n), n))
        sd = _vxrt_add(refl, _vxrt_mul(f, _vxrt_in_sphere(rng)))
        return _vxrt_dot(sd, n) > F(0), alb, p, sd
    # dielectric
    refl = _vxrt_sub(d, _vxrt_mul(F(2.0) * _vxrt_dot(d, n), n))
    dlen = F(np.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]))
    if _vxrt_dot(d, n) > F(0):
        out_n, ni = (-n[0], -n[1], -n[2]), f
        cosine = _vxrt_dot(d, n) / dlen
        with np.errstate(invalid="ignore"):
            cosine = F(np.sqrt(F(1.0) - f * f * (F(1) - cosine * cosine)))
    else:
        out_n, ni = n, F(1.0) / f
        cosine = -_vxrt_dot(d, n) / dlen
    uv = _vxrt_unit(d)
    dt = _vxrt_dot(uv, out_n)
    disc = F(1.0) - ni * ni * (F(1) - dt * dt)
    refr = None
    if disc > 0:
        refr = _vxrt_sub(_vxrt_mul(ni, _vxrt_sub(uv, _vxrt_mul(dt, out_n))), _vxrt_mul(F(np.sqrt(disc)), out_n))
        r0 = (F(1.0) - f) / (F(1.0) + f)
        r0 = r0 * r0
        with np.errstate(invalid="ignore"):
            prob = r0 + (F(1.0) - r0) * F(np.power(F(1.0) - cosine, F(5.0)))
    else:
        prob = F(1.0)
    if rng.u() < prob:
        return True, (F(1), F(1), F(1)), p, refl
    return True, (F(1), F(1), F(1)), p, refr


def _vxrt_color(o, d, spheres, mats, rng):
    F = _vxrt_F
    att = (F(1), F(1), F(1))
    for _ in range(50):
        closest, rec = F(np.finfo(np.float32).max), None
        for k, (c, r) in enumerate(spheres):
            oc = _vxrt_sub(o, c)
            a, b = _vxrt_dot(d, d), _vxrt_dot(oc, d)
            cc = _vxrt_dot(oc, oc) - r * r
            disc = b * b - a * cc
            if disc > 0:
                for tt in ((-b - F(np.sqrt(disc))) / a, (-b + F(np.sqrt(disc))) / a):
                    if tt < closest and tt > F(0.001):
                        p = _vxrt_add(o, _vxrt_mul(tt, d))
                        closest, rec = tt, (p, tuple(x / r for x in _vxrt_sub(p, c)), k)
                        break
        if rec is None:
            ud = _vxrt_unit(d)
            t = F(0.5) * (ud[1] + F(1.0))
            c = _vxrt_add(_vxrt_mul(F(1.0) - t, (F(1), F(1), F(1))), _vxrt_mul(t, (F(0.5), F(0.7), F(1.0))))
            return (att[0] * c[0], att[1] * c[1], att[2] * c[2])
        ok, a3, o, d = _vxrt_scatter(mats[rec[2]], o, d, rec[0], rec[1], rng)
        if not ok:
            return (F(0), F(0), F(0))
        att = (att[0] * a3[0], att[1] * a3[1], att[2] * a3[2])
    return (F(0), F(0), F(0))


def vxrt_render(max_x, max_y, ns, cam, n_spheres, states):
    """render's (fb [max_y * max_x, 3], the curandState words after it)."""
    F = _vxrt_F
    cam = [F(x) for x in cam]
    origin, llc, hor, ver = (tuple(cam[3 * k:3 * k + 3]) for k in range(4))
    cu, cv = tuple(cam[12:15]), tuple(cam[15:18])
    lens = cam[21]
    spheres = [(tuple(F(x) for x in c), F(r)) for c, r in VXRT_SPHERES[:n_spheres]]
    fb = np.zeros((max_x * max_y, 3), np.float32)
    out = np.array(states, np.uint32).copy()
    for j in range(max_y):
        for i in range(max_x):
            pix = j * max_x + i
            rng = _vxrt_Rng(out[pix])
            col = (F(0), F(0), F(0))
            for _ in range(ns):
                u = (F(i) + rng.u()) / F(max_x)
                v = (F(j) + rng.u()) / F(max_y)
                while True:                                       # random_in_unit_disk
                    x, y = rng.u(), rng.u()
                    p = (F(2.0) * x - F(1), F(2.0) * y - F(1), F(2.0) * F(0) - F(0))
                    if not (_vxrt_dot(p, p) >= F(1.0)):
                        break
                rd = _vxrt_mul(lens, p)
                off = _vxrt_add(_vxrt_mul(rd[0], cu), _vxrt_mul(rd[1], cv))
                o = _vxrt_add(origin, off)
                d = _vxrt_sub(_vxrt_sub(_vxrt_add(_vxrt_add(llc, _vxrt_mul(u, hor)), _vxrt_mul(v, ver)), origin), off)
                col = _vxrt_add(col, _vxrt_color(o, d, spheres, VXRT_MATERIALS[:n_spheres], rng))
            k = F(1.0 / float(F(ns)))
            col = _vxrt_mul(k, col)
            fb[pix] = [np.sqrt(x) for x in col]
            out[pix] = rng.s.words()
    return fb, out


# nerfstudio-project/nerfacc at 57ccfa1 (MIT; nacc_): ray-AABB intersection and the occupancy-grid traversal in float32
# in the source's order (the GPU may fuse a multiply and an add: last-place differences), packed ray segments.
_nacc_F = np.float32


def nacc_ray_aabb(rays_o, rays_d, near, far, aabbs, miss):
    """ray_aabb_intersect_kernel: (t_mins, t_maxs, hits), [n_rays, n_aabbs] each."""
    n, m = len(rays_o), len(aabbs)
    tmins, tmaxs, hits = np.zeros((n, m), np.float32), np.zeros((n, m), np.float32), np.zeros((n, m), bool)
    for r in range(n):
        for a in range(m):
            h, t0, t1 = _nacc_hit(rays_o[r], rays_d[r], _nacc_F(near), _nacc_F(far), aabbs[a])
            hits[r, a] = h
            tmins[r, a], tmaxs[r, a] = (t0, t1) if h else (miss, miss)
    return tmins, tmaxs, hits


def _nacc_hit(o, d, near, far, box):
    """utils_grid.cuh's ray_aabb_intersect: (hit, tmin, tmax)."""
    F = _nacc_F
    o, box = [F(x) for x in o], [F(x) for x in box]
    inv = [F(1.0) / F(x) for x in d]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        def slab(k):
            if inv[k] >= 0:
                return (box[k] - o[k]) * inv[k], (box[k + 3] - o[k]) * inv[k]
            return (box[k + 3] - o[k]) * inv[k], (box[k] - o[k]) * inv[k]
        tmin, tmax = slab(0)
        for k in (1, 2):
            a, b = slab(k)
            if tmin > b or a > tmax:
                return False, F(0), F(0)
            if a > tmin:
                tmin = a
            if b < tmax:
                tmax = b
    if tmax <= 0:
        return False, F(0), F(0)
    return True, F(np.fmax(tmin, near)), F(np.fmin(tmax, far))


def nacc_sorted(rays_o, rays_d, aabbs):
    """grid.py's traverse_grids inputs: ray_aabb_intersect at its defaults (near -inf, far inf, miss inf), then
    torch.sort of cat([t_mins, t_maxs], -1): (hits [n, g], t_sorted [n, 2g] float32, t_indices [n, 2g] int64)."""
    tmins, tmaxs, hits = nacc_ray_aabb(rays_o, rays_d, -np.inf, np.inf, aabbs, np.float32(np.inf))
    cat = np.concatenate([tmins, tmaxs], -1)
    idx = np.argsort(cat, -1, kind="stable")
    return hits, np.take_along_axis(cat, idx, -1).astype(np.float32), idx.astype(np.int64)


NACC_AABBS = [[-1.0, -1.0, -1.0, 1.0, 1.0, 1.0], [-2.0, -2.0, -2.0, 2.0, 2.0, 2.0]]


def nacc_rays(n, seed=5):
    """Rays from a sphere of radius 3.5 toward points in [-0.9, 0.9]^3, unit directions (float32 [n, 3] each)."""
    g = np.random.default_rng(seed)
    o = g.normal(size=(n, 3))
    o = 3.5 * o / np.linalg.norm(o, axis=1, keepdims=True)
    d = g.uniform(-0.9, 0.9, (n, 3)) - o
    d = d / np.linalg.norm(d, axis=1, keepdims=True)
    return o.astype(np.float32), d.astype(np.float32)


def nacc_binaries(n_grids, res, seed=6):
    return np.random.default_rng(seed).random((n_grids, res, res, res)) < 0.3


def nacc_traverse(rays_o, rays_d, mask, binaries, aabbs, near, far, step, cone, limit, first_pass,
                  int_cnts=None, smp_cnts=None, want_intervals=True, want_samples=True, smp_fill=np.nan, terminate=None):
    """traverse_grids_kernel, literally: {'int_cnts', 'smp_cnts', 'int_vals', 'int_rays', 'is_left', 'is_right',
    'smp_vals', 'smp_rays', 'is_valid', 'terminate'}. int_cnts / smp_cnts are the chunk counts a pass that writes
    reads (its chunk starts their exclusive cumsum); the written arrays are sized by them, the samples' values
    filled with smp_fill where no sample lands (torch.empty: the pass writes every one; over-allocated: zeros);
    terminate: terminate_planes before the launch (a ray the pass skips leaves its entry)."""
    F = _nacc_F
    n_rays, n_grids = len(rays_o), len(aabbs)
    res = binaries.shape[1:]
    hits, t_sorted, t_idx = nacc_sorted(rays_o, rays_d, aabbs)
    step, cone, eps = F(step), F(cone), F(1e-6)
    out = {}
    if not first_pass:
        ist = np.concatenate([[0], np.cumsum(int_cnts)[:-1]]) if want_intervals else None
        sst = np.concatenate([[0], np.cumsum(smp_cnts)[:-1]]) if want_samples else None
        if want_intervals:
            ni = int(np.sum(int_cnts))
            out.update(int_vals=np.zeros(ni, np.float32), int_rays=np.zeros(ni, np.int64),
                       is_left=np.zeros(ni, bool), is_right=np.zeros(ni, bool))
        if want_samples:
            ns_ = int(np.sum(smp_cnts))
            out.update(smp_vals=np.full(ns_, smp_fill, np.float32), smp_rays=np.zeros(ns_, np.int64),
                       is_valid=np.zeros(ns_, bool))
    int_out = np.array(int_cnts if int_cnts is not None else np.zeros(n_rays), np.int64).copy()
    smp_out = np.array(smp_cnts if smp_cnts is not None else np.zeros(n_rays), np.int64).copy()
    term = np.full(n_rays, np.nan, np.float32) if terminate is None else np.array(terminate, np.float32).copy()

    def calc_dt(t):
        return F(np.fmax(step, np.fmin(t * cone, F(1e10))))

    for tid in range(n_rays):
        if mask is not None and not mask[tid]:
            continue
        if not first_pass and want_intervals and int_cnts[tid] == 0:
            continue
        if not first_pass and want_samples and smp_cnts[tid] == 0:
            continue
        near_p, far_p = F(near[tid]), F(far[tid])
        o = [F(x) for x in rays_o[tid]]
        d = [F(x) for x in rays_d[tid]]
        with np.errstate(divide="ignore"):
            inv = [F(1.0) / x for x in d]
        n_int = n_smp = 0
        t_last = near_p
        cont = False
        for i in range(2 * n_grids - 1):
            entering = t_idx[tid, i] < n_grids
            level = int(t_idx[tid, i] % n_grids)
            if not hits[tid, level]:
                continue
            if not entering:
                if t_idx[tid, i + 1] < n_grids:
                    continue
                level = int(t_idx[tid, i + 1] % n_grids)
                if not hits[tid, level]:
                    continue
            tmin = F(np.fmax(t_sorted[tid, i], near_p))
            tmax = F(np.fmin(t_sorted[tid, i + 1], far_p))
            if tmin >= tmax:
                continue
            if not cont:
                if step <= 0:
                    t_last = tmin
                else:
                    dt = calc_dt(t_last)
                    while not (t_last + dt * F(0.5) >= tmin):
                        t_last = t_last + dt
            lo = [F(x) for x in aabbs[level][:3]]
            hi = [F(x) for x in aabbs[level][3:]]
            # setup_traversal
            vs = [(hi[k] - lo[k]) / F(res[k]) for k in range(3)]
            rs = [o[k] + d[k] * (tmin + eps) for k in range(3)]
            re = [o[k] + d[k] * (tmax - eps) for k in range(3)]
            cur = [min(max(int((rs[k] - lo[k]) / (hi[k] - lo[k]) * F(res[k])), 0), res[k] - 1) for k in range(3)]
            fin = [min(max(int((re[k] - lo[k]) / (hi[k] - lo[k]) * F(res[k])), 0), res[k] - 1) for k in range(3)]
            tdist, delta, stp = [], [], []
            for k in range(3):
                start = cur[k] + (1 if d[k] > 0 else 0)
                txyz = ((lo[k] + (F(start) * vs[k] - rs[k])) * inv[k]) + tmin
                sf = F(0.0) if d[k] == 0 else (F(1.0) if d[k] > 0 else F(-1.0))
                tdist.append(tmax if d[k] == 0 else txyz)
                stp.append(int(sf))
                delta.append(tmax if d[k] == 0 else vs[k] * inv[k] * sf)
            over = [fin[k] + stp[k] for k in range(3)]
            while limit <= 0 or n_smp < limit:
                t_tr = F(np.fmin(min(tdist[0], min(tdist[1], tdist[2])), tmax))
                if not binaries[level, cur[0], cur[1], cur[2]]:
                    if step <= 0:
                        t_last = t_tr
                    else:
                        dt = calc_dt(t_last)
                        while not (t_last + dt * F(0.5) >= t_tr):
                            t_last = t_last + dt
                    cont = False
                else:
                    while limit <= 0 or n_smp < limit:
                        if step <= 0:
                            t_next = t_tr
                        else:
                            dt = calc_dt(t_last)
                            if t_last + dt * F(0.5) >= t_tr:
                                break
                            t_next = t_last + dt
                        if want_intervals:
                            if not cont:
                                if not first_pass:
                                    idx = ist[tid] + n_int
                                    out["int_vals"][idx], out["int_rays"][idx], out["is_left"][idx] = t_last, tid, True
                                n_int += 1
                                if not first_pass:
                                    idx = ist[tid] + n_int
                                    out["int_vals"][idx], out["int_rays"][idx], out["is_right"][idx] = t_next, tid, True
                                n_int += 1
                            else:
                                if not first_pass:
                                    idx = ist[tid] + n_int
                                    out["int_vals"][idx], out["int_rays"][idx] = t_next, tid
                                    out["is_left"][idx - 1] = out["is_right"][idx] = True
                                n_int += 1
                        if want_samples and not first_pass:
                            idx = sst[tid] + n_smp
                            out["smp_vals"][idx] = (t_next + t_last) * F(0.5)
                            out["smp_rays"][idx], out["is_valid"][idx] = tid, True
                        n_smp += 1
                        cont = True
                        t_last = t_next
                        if t_next >= t_tr:
                            break
                # single_traversal
                if tdist[0] < tdist[1] and tdist[0] < tdist[2]:
                    k = 0
                elif tdist[1] < tdist[2]:
                    k = 1
                else:
                    k = 2
                cur[k] += stp[k]
                tdist[k] = tdist[k] + delta[k]
                if cur[k] == over[k]:
                    break
        term[tid] = t_last
        if want_intervals:
            int_out[tid] = n_int
        if want_samples:
            smp_out[tid] = n_smp
    out.update(int_cnts=int_out, smp_cnts=smp_out, terminate=term)
    return out


def nacc_counts(n_rays, n_grids, res, step, cone, limit=0, mask=None, far=None):
    """The first pass's (intervals' counts, samples' counts) on nacc_rays and nacc_binaries."""
    o, d = nacc_rays(n_rays)
    far = np.full(n_rays, 1e10, np.float32) if far is None else far
    r = nacc_traverse(o, d, mask, nacc_binaries(n_grids, res), NACC_AABBS[:n_grids], np.zeros(n_rays, np.float32),
                      far, step, cone, limit, True)
    return r["int_cnts"], r["smp_cnts"]


def nacc_starts(cnts):
    return np.concatenate([[0], np.cumsum(cnts)[:-1]]).astype(np.int64)


def nacc_chunks(n_rays, lo, hi, seed=7):
    """Per-ray chunk counts in [lo, hi) (int64)."""
    return np.random.default_rng(seed).integers(lo, hi, n_rays).astype(np.int64)


def nacc_ray_ids(chunk_starts, n_items):
    """compute_ray_ids_kernel: the last chunk whose start is <= the item, per item (upper bound - 1)."""
    return (np.searchsorted(chunk_starts, np.arange(n_items), side="right") - 1).astype(np.int64)


def nacc_sorted_vals(cnts, seed=8):
    """Flattened per-ray sorted float32 values (each ray's chunk ascending)."""
    g = np.random.default_rng(seed)
    return np.concatenate([np.sort(g.uniform(0.0, 4.0, int(c))) for c in cnts]).astype(np.float32)


def nacc_searchsorted(q_vals, q_starts, n_rays, k_vals, k_starts, k_cnts):
    """searchsorted_kernel (flattened query without ray ids, flattened key): (ids_left, ids_right)."""
    ray = nacc_ray_ids(q_starts, len(q_vals))
    left, right = np.zeros(len(q_vals), np.int64), np.zeros(len(q_vals), np.int64)
    for t, r in enumerate(ray):
        base, last = int(k_starts[r]), int(k_starts[r] + k_cnts[r] - 1)
        p = base + int(np.searchsorted(k_vals[base:last], q_vals[t], side="right"))   # upper_bound over [base, last)
        left[t] = max(min(p - 1, last), base)
        right[t] = max(min(p, last), base)
    return left, right


def nacc_intervals(seg_vals, seg_base, seg_last, smp_vals, smp_ray, smp_sid, smp_n, out_base, n_out):
    """compute_intervels_kernel over per-sample (ray, sid, n_samples) and per-ray segment/out bases: the intervals'
    (vals, ray_indices, is_left, is_right) for an output of n_out edges (the masks only matter flattened)."""
    F = _nacc_F
    vals = np.zeros(n_out, np.float32)
    rays, left, right = np.zeros(n_out, np.int64), np.zeros(n_out, bool), np.zeros(n_out, bool)
    for tid in range(len(smp_vals)):
        r, sid, n = int(smp_ray[tid]), int(smp_sid[tid]), int(smp_n[tid])
        t_min, t_max = F(seg_vals[seg_base[r]]), F(seg_vals[seg_last[r]])
        t = F(smp_vals[tid])
        if sid == 0:
            hw = (F(smp_vals[tid + 1]) - t) * F(0.5)
            b = out_base[r]
            vals[b], rays[b], left[b], right[b] = np.fmax(t - hw, t_min), r, True, False
        else:
            tp = F(smp_vals[tid - 1])
            idx = out_base[r] + sid
            vals[idx], rays[idx], left[idx], right[idx] = (t + tp) * F(0.5), r, True, True
            if sid == n - 1:
                hw = (t - tp) * F(0.5)
                vals[idx + 1], rays[idx + 1], left[idx + 1], right[idx + 1] = np.fmin(t + hw, t_max), r, False, True
    return vals, rays, left, right
