"""A loop with several back edges runs each trip once per warp (tilelab/emu/order.py, ``latch_joins``;
docs/FIDELITY.md, cu-smallpt's path tracer, collection/cusmpt_kernel.cu).

NVVM ends each ``switch`` case of cu-smallpt's ``while (true)`` with its own jump to the loop's head (the phis'
copies differ per case), one of them in a block laid out above the head. The scheduler ran the lowest place
first, so the lanes of the case that ranks first jumped back and ran the next trip, the head's sphere loads
included, while the warp's other lanes waited in their cases: the H200 counted 29,322 / 55,860 global load
requests (16x16 / 32x16), the emulator 66,354 / 114,867. ptxas gives the loop one back edge after a ``BSYNC``
(``BSYNC B2; BRA .L_x_106``): the warp meets there and runs the next trip once. With the lanes that take a back
edge waiting at the head until the body's last place, both launches equal ncu in every total.
"""
from __future__ import annotations

import numpy as np

from tilelab.emu import order, ptx as P

SRC = r"""
__global__ void latches(const int* kind, const double* table, int n, double* out, int trips)
{
    int t = threadIdx.x;
    double x = 0.25 * t, y = 1.0;
    int k = kind[t];
    int i = 0;
    while (true) {
        int hit = -1;
        for (int j = 0; j < n; ++j)                 // the head's loads: one request each a trip for the warp
            if (table[j] > x) hit = j;
        if (hit < 0 || i >= trips) break;
        switch (k) {                                // three ways back to the loop's head
        case 0: x = x * 1.5 + sqrt(y); k = 1; break;
        case 1: y = x / (1.0 + y * y); k = 2; break;
        default: x = exp(-x) + y; y += 1.0; k = 0; break;
        }
        ++i;
    }
    out[t] = x + y;
}
"""


def _reference(kind, trips):
    out = []
    for t, k in enumerate(kind):
        x, y = 0.25 * t, 1.0
        for _ in range(trips):
            if k == 0:
                x, k = x * 1.5 + np.sqrt(y), 1
            elif k == 1:
                y, k = x / (1.0 + y * y), 2
            else:
                x, y, k = np.exp(-x) + y, y + 1.0, 0
        out.append(x + y)
    return np.array(out)


def test_a_loop_whose_cases_jump_back_apart_runs_each_trip_once_a_warp(emu):
    k = emu.compile(SRC, "latches", filename="latches.cu")
    fn = P.parsed(k.program.ptx).entry(k.entry)
    joins = order.latch_joins(fn)
    assert joins is not None and len({hd for _, hd in joins}) == 1 and len(joins) >= 2   # one loop, several back edges
    n, trips = 8, 6
    kind = (np.arange(64) % 3).astype(np.int32)             # every warp's lanes take all three cases every trip
    table = np.full(n, 1e9)                                 # every trip hits: the loop ends at i == trips
    out = np.zeros(64)
    r = emu.run(k, 1, 64, kind, table, np.int32(n), out, np.int32(trips))
    np.testing.assert_allclose(out, _reference(kind, trips), rtol=1e-12)
    line = emu.line_of(SRC, "if (table[j] > x)")
    # 2 warps x 7 trips of the head x 8 loads: a warp runs a trip once (before: 2 x 72, the cases' lanes apart)
    assert emu.line_metrics(r, line)["global_ld_requests"] == 2 * (trips + 1) * n
    assert r.metrics["global_ld_requests"] == 2 * (1 + (trips + 1) * n)


def test_a_loop_with_one_latch_keeps_the_schedulers_order(emu):
    """The usual loop (one back edge, at its end): no wait is made, and the ranks stay as order.py gives them."""
    k = emu.compile(r"""
__global__ void one(const double* a, double* out, int n) {
    double s = 0.0;
    for (int i = threadIdx.x; i < n; i += 7) s += a[i];
    out[threadIdx.x] = s;
}""", "one", filename="one.cu")
    fn = P.parsed(k.program.ptx).entry(k.entry)
    assert order.latch_joins(fn) is None


NESTED = r"""
__global__ void nestedHead(const int* a, int* out, const int* lim)
{
    int t = threadIdx.x;
    const int* row = a + 32 * t;
    int i = -1, n = lim[t];
    for (;;) {
        while (row[++i] < 0);          // the inner loop: NVVM gives it the outer loop's head
        if (i >= n) break;
        out[32 * t + i] = i;           // once an outer trip
    }
}
"""


def _lockstep(a, lim):
    """Load and store requests of one warp that runs each outer trip together and meets after the inner loop
    (ptxas: ``BSSY B0`` at the outer head, the inner loop's own back edge, ``BSYNC B0`` after it)."""
    i, act, ld, st = np.full(len(lim), -1), list(range(len(lim))), 1, 0       # 1: the lim load
    while act:
        w = list(act)
        while w:
            ld += 1
            i[w] += 1
            w = [t for t in w if a[t, i[t]] < 0]
        act = [t for t in act if i[t] < lim[t]]
        st += bool(act)
    return ld, st


def test_an_inner_loop_that_shares_its_outer_loops_head_is_no_second_latch(emu):
    """quicksort's partition (GraphBIG's kernel_step1: ``for (;;) { while (a[++r] < p); ...; swap }``): the inner
    ``while`` is the head block's own back edge, the outer loop's the other. Taken as one loop with two latches,
    lanes looping in the ``while`` waited for the others' trip to end and ran their inner trips with lanes of
    another outer trip: 32 load and 29 store requests here, 8,527 and 2,460 in kernel_step1, where the H200
    counts 8,199 and 1,680, the lock-step count. An inner loop (its body inside the other back edge's) is no latch."""
    k = emu.compile(NESTED, "nestedHead", filename="nested_head.cu")
    fn = P.parsed(k.program.ptx).entry(k.entry)
    assert order.latch_joins(fn) is None
    a = np.full((32, 32), -1, np.int32)
    lim = np.zeros(32, np.int32)
    for t in range(32):                     # 3 to 6 outer trips a lane, inner runs of 1 to 7 loads
        cells = [(t + 3 * j * j + j) % 7 + 1 for j in range(3 + t % 4)]
        pos = np.cumsum(cells)
        a[t, pos] = 1
        a[t, 31] = 1
        lim[t] = pos[-1]
    out = np.zeros(32 * 32, np.int32)
    r = emu.run(k, 1, 32, a.ravel(), out, lim)
    want = np.zeros((32, 32), np.int32)
    for t in range(32):
        for p in np.flatnonzero(a[t] > 0):
            if p < lim[t]:
                want[t, p] = p
    np.testing.assert_array_equal(out.reshape(32, 32), want)
    ld, st = _lockstep(a, lim)
    assert (r.metrics["global_ld_requests"], r.metrics["global_st_requests"]) == (ld, st)
