"""A float add to shared memory is no ATOMS on sm_90: ptxas makes it a loop of LDS + ATOMS.CAST.SPIN that serves
one lane of each bank a pass, lanes in lane order (tilelab/emu/counters/metrics.py, ``cas_loop``). Measured on an
H100 with ncu per SASS instruction: cuFINUFFT's Spread_1d_Subprob (unseen106), 270 passes of each of its two loops,
540 CAS wavefronts and 450 LDS wavefronts, bench/results/ncu-sass-lines-2026-12-06-unseen.json.gz. Before, the
emulator counted one ATOMS a warp and no LDS (shared-load requests 24 against ncu's 564)."""
from __future__ import annotations

import numpy as np
import pytest

from tilelab.emu.counters.metrics import cas_loop

SRC = r"""
__global__ void bins(const float* x, float* out, int stride, int nbins) {
  __shared__ float s[1024];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) s[i] = 0.0f;
  __syncthreads();
  atomicAdd(&s[(threadIdx.x % nbins) * stride], x[threadIdx.x]);   // ADD
  __syncthreads();
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) out[i] = s[i];
}
"""


def _lane_order_passes(addr):
    """The rule written out lane by lane: a pass serves the lowest waiting lane of each bank."""
    waiting, passes, lds = list(range(32)), 0, 0
    while waiting:
        passes += 1
        words = {addr[l] for l in waiting}
        lds += max(sum(1 for w in words if w // 4 % 32 == b) for b in range(32))
        served, banks = set(), set()
        for l in waiting:
            if addr[l] // 4 % 32 not in banks:
                banks.add(addr[l] // 4 % 32)
                served.add(l)
        waiting = [l for l in waiting if l not in served]
    return passes, lds


@pytest.mark.parametrize("stride,nbins", [(1, 4), (32, 4), (1, 32), (33, 8), (32, 1)])
def test_a_warp_takes_a_pass_for_each_lane_a_bank_serves(emu, stride, nbins):
    k = emu.compile(SRC, "bins", filename="cas.cu")
    x = np.arange(64, dtype=np.float32)
    out = np.zeros(1024, np.float32)
    r = emu.run(k, (1,), (64,), x, out, np.int32(stride), np.int32(nbins), echo=False, arch="sm_90")
    want = np.zeros(1024, np.float32)
    np.add.at(want, (np.arange(64) % nbins) * stride, x)
    assert np.array_equal(out, want)
    row = emu.line_metrics(r, emu.line_of(SRC, "// ADD"))
    addr = [4 * ((lane % nbins) * stride) for lane in range(32)]       # both warps make the same pattern
    passes, lds = _lane_order_passes(addr)
    assert row["shared_atom_requests"] == 2 * passes
    assert row["shared_atom_wavefronts"] == 2 * 2 * passes
    assert row["shared_ld_requests"] == 2 * passes
    assert row["shared_ld_wavefronts"] == 2 * lds


def test_the_rule_and_its_vectorised_form_agree_on_random_warps():
    rng = np.random.default_rng(7)
    addr = 4 * rng.integers(0, 96, size=(50, 32))
    active = rng.random((50, 32)) < 0.8
    passes, lds = cas_loop(addr, active)
    for w in range(50):
        lanes = [l for l in range(32) if active[w, l]]
        waiting, p, wf = lanes, 0, 0
        while waiting:
            p += 1
            words = {int(addr[w, l]) for l in waiting}
            wf += max(sum(1 for a in words if a // 4 % 32 == b) for b in range(32))
            banks, served = set(), set()
            for l in waiting:
                if addr[w, l] // 4 % 32 not in banks:
                    banks.add(addr[w, l] // 4 % 32)
                    served.add(l)
            waiting = [l for l in waiting if l not in served]
        assert (passes[w], lds[w]) == (p, wf)
