"""Control flow on the SIMT machine (DESIGN §4 "Execution"): lowest-PC-first scheduling
must reconverge divergent code (thread-dependent loop trip counts, break, continue,
nested branches, early return) and give each thread what a sequential C program would."""
from __future__ import annotations

import numpy as np

CF_SRC = """\
__global__ void divergent(const int* trips, const int* salt, int* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;                       // early exit for the tail
    int acc = 0, m = trips[t], s = salt[t];
    for (int i = 0; i < m; ++i) {
        if (i % 3 == 0)
            continue;
        if (i > 20 && (s & 1))
            break;
        for (int j = i; j < m; j += 4) {
            if ((j ^ s) & 2)
                acc += j ^ i;
            else
                acc -= i;
        }
    }
    while (s > 1)                             // a data-dependent while loop (Collatz)
        s = (s & 1) ? 3 * s + 1 : s >> 1, ++acc;
    switch (m & 3) {
        case 0: acc *= 2; break;
        case 1: acc += 7;
        case 2: acc ^= 5; break;
        default: acc = -acc;
    }
    out[t] = acc;
}
"""


def divergent_ref(m, s):
    acc = 0
    for i in range(m):
        if i % 3 == 0:
            continue
        if i > 20 and (s & 1):
            break
        for j in range(i, m, 4):
            if (j ^ s) & 2:
                acc += j ^ i
            else:
                acc -= i
    while s > 1:
        s = 3 * s + 1 if s & 1 else s >> 1
        acc += 1
    if m & 3 == 0:
        acc *= 2
    elif m & 3 == 1:
        acc += 7
        acc ^= 5
    elif m & 3 == 2:
        acc ^= 5
    else:
        acc = -acc
    return acc


def test_divergent_control_flow(emu, rng):
    k = emu.compile(CF_SRC, "divergent", filename="cf.cu")
    n = 200
    trips = rng.integers(0, 40, n).astype(np.int32)
    salt = rng.integers(1, 1000, n).astype(np.int32)
    out = np.full(n + 56, -12345, np.int32)
    r = emu.run(k, 4, 64, trips, salt, out, n)
    assert r.findings == []
    np.testing.assert_array_equal(out[:n], [divergent_ref(int(m), int(s)) for m, s in zip(trips, salt)])
    assert (out[n:] == -12345).all()                # the tail returned early and wrote nothing
    # lane-instructions reflect divergence: more than one pass over the longest thread
    assert r.lane_instructions > n


def test_barrier_inside_uniform_loop_with_divergent_body(emu, rng):
    # barriers in a loop whose trip count is uniform per block but differs between blocks,
    # with a divergent body between them: no false divergence finding, right results
    src = """\
__global__ void blockLoop(const int* steps, float* out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    float v = t;
    for (int k = 0; k < steps[blockIdx.x]; ++k) {
        s[t] = v;
        __syncthreads();
        if (t & 1)
            v = s[(t + k) % 64] + 1.0f;
        else
            v = s[(t + 2 * k) % 64] * 0.5f;
        __syncthreads();
    }
    out[blockIdx.x * 64 + t] = v;
}
"""
    k = emu.compile(src, "blockLoop", filename="blockloop.cu")
    steps = rng.integers(0, 6, 4).astype(np.int32)
    out = np.full(4 * 64, np.nan, np.float32)
    r = emu.run(k, 4, 64, steps, out)
    assert r.findings == []
    for b in range(4):
        v = np.arange(64, dtype=np.float32)
        for kk in range(steps[b]):
            s = v.copy()
            t = np.arange(64)
            v = np.where(t & 1, s[(t + kk) % 64] + np.float32(1), s[(t + 2 * kk) % 64] * np.float32(0.5))
            v = v.astype(np.float32)
        np.testing.assert_array_equal(out[64 * b: 64 * b + 64], v)
