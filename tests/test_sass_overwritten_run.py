"""Several shared stores a guarded run of stores overwrites (tilelab/emu/counters/overwritten.py; docs/SASS_COUNTS.md,
"A store a guarded store overwrites"; Gauss-Legendre-Spherical-t's Coulomb tile, unseen89).

``s[4t+0..3] = 0.0; if (t < n) { s[4t+0] = x[t]; ... s[4t+3] = q[t]; }``: ptxas keeps the four doubles in registers
(zeros, then the loaded values under the guard) and stores them once after the join, two STS.128 a warp at the
zeros' addresses; the PTX has eight st.shared (four u64 of 0.0, four f64), the merge model two STS.128 for each
run. Before the rule the emulator counted the zeros' lines as in the PTX (4 requests a warp) plus the guarded ones
(2 or 4 more): on the H200 the Coulomb launches' stores were 3.3 times ncu's."""
from __future__ import annotations

from conftest import needs_cubin

from tilelab.toolchain import sass_memory_mix

SRC = r"""
__global__ void reproOverwrittenRun(const double* __restrict__ x, const double* __restrict__ y,
                                    const double* __restrict__ z, const double* __restrict__ q,
                                    double* __restrict__ out, unsigned n)
{
    __shared__ double s[64 * 4];
    unsigned t = threadIdx.x;
    double sum = 0.0;
    for (unsigned j = 0; j < n; j += 64) {
        __syncthreads();
        s[t * 4 + 0] = 0.0;
        s[t * 4 + 1] = 0.0;
        s[t * 4 + 2] = 0.0;
        s[t * 4 + 3] = 0.0;
        if (j + t < n) {
            s[t * 4 + 0] = x[j + t];
            s[t * 4 + 1] = y[j + t];
            s[t * 4 + 2] = z[j + t];
            s[t * 4 + 3] = q[j + t];
        }
        __syncthreads();
        unsigned k = t ^ 1;
        sum += s[k * 4 + 0] + s[k * 4 + 1] + s[k * 4 + 2] + s[k * 4 + 3];
    }
    out[t] = sum;
}
"""


@needs_cubin
def test_a_guarded_run_of_stores_over_zeros_is_two_sts128_a_warp(emu):
    """64 threads, 40 under the guard: 2 warps, 2 STS.128 each after the join (4 requests, 8 wavefronts each:
    16 bytes a lane, 32 bytes apart), every line decided; the cubin holds 2 STS.128 where the PTX has 8 st.shared."""
    import numpy as np
    k = emu.compile(SRC, "reproOverwrittenRun")
    mix = sass_memory_mix(k.program, "sm_90", entry=k.entry)
    sts = {key: n for m in mix.values() for key, n in m.items() if key.startswith("STS")}
    assert sts == {"STS.128": 2} and k.program.ptx.count("st.shared") == 8
    rng = np.random.default_rng(0)
    x, y, z, q = (rng.random(64) for _ in range(4))
    out = np.zeros(64)
    r = emu.run(k, 1, 64, x, y, z, q, out, np.uint32(40), counts="sass", arch="sm_90", echo=False)
    assert (r.metrics["shared_st_requests"], r.metrics["shared_st_wavefronts"]) == (4, 32)
    assert not any(pl.get("undecided") for pl in r.per_line)
    guarded = emu.line_of(SRC, "s[t * 4 + 0] = x[j + t];")
    assert "overwrites" in emu.line_metrics(r, guarded)["why"]
    want = np.where(np.arange(64) ^ 1 < 40, (x + y + z + q)[np.arange(64) ^ 1], 0.0)
    np.testing.assert_allclose(out, want)
