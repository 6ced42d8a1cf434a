"""2-byte shared accesses that ptxas merges, and a line's loop copies beside loads kept once
(tilelab/emu/counters/sass_model.py: ``_widths``, ``_chunk_bytes``, ``_loop_copies``; docs/SASS_COUNTS.md).

* ptxas merges 2-byte shared loads and stores of one base at consecutive offsets as it merges 4-byte ones, but
  into 4 or 8 bytes only (``LDS``/``LDS.64``, ``STS``/``STS.64``; eight halfwords of a 16-byte aligned row are two
  LDS.64, never one LDS.128), and reads three halfwords of an 8-byte aligned chunk as one LDS.64 of the chunk;
  1-byte ones it does not merge (NVRTC 12.9 with ptxas 12.9 and 13.0, sm_90). The model merged 4- and 8-byte
  accesses only: gpudct's IDCT kernels (unseen79) read ``qtable_shared`` and ``coeffs_shared`` (``uint16_t`` and
  ``int16_t``) in rows of 8 and counted 4 times ncu's shared-load requests (idct_lut_kernel: 32,768 for 8,192).
* a line whose accesses lie partly in a loop ptxas unrolled by k and partly before it (NVVM hoisted them) holds
  the loop's k times and the others once: idct_lut_kernel's line 175 (``coeffs_shared[idx_in] * lut_gpu[...]``:
  LDG×8 before the v loop, LDS.64×2 a trip in it; ptxas unrolls the 8 trips by 4: LDG×8, LDS.64×8) was left to
  the PTX (undecided) where the same loop's line 172 alone was decided as 4 copies.

The gpudct launches' totals are pinned to ncu's on the H200 (bench/results/fidelity-2026-12-05-unseen79.json)."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from tilelab import toolchain as tc
from tilelab.launch import launch
from tilelab.toolchain.sass import sass_memory_mix
from conftest import needs_cubin

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT / "bench"))
from recorded import read_json  # noqa: E402  (bench/recorded.py: plain or gzipped recordings)

HALF = """\
#include <stdint.h>
__global__ void rows8(float* out, const uint16_t* in)
{
    __shared__ uint16_t s[256];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    const int r = threadIdx.x % 8;
    float a = 0.f;
#pragma unroll
    for (int i = 0; i < 8; ++i) a += s[r * 8 + i] * (float)(i + 1);   // @rows8
    out[threadIdx.x] = a;
}
__global__ void three(float* out, const int16_t* in)
{
    __shared__ int16_t s[256];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    const int r = threadIdx.x % 8;
    out[threadIdx.x] = s[r * 8 + 1] * 1.f + s[r * 8 + 2] * 2.f + s[r * 8 + 3] * 3.f;   // @three
}
__global__ void offset2(float* out, const uint16_t* in)
{
    __shared__ uint16_t s[256];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    const int r = threadIdx.x % 8;
    float a = 0.f;
#pragma unroll
    for (int i = 0; i < 8; ++i) a += s[r * 16 + 2 + i] * (float)(i + 1);   // @offset2
    out[threadIdx.x] = a;
}
__global__ void stores(float* out, const uint16_t* in)
{
    __shared__ uint16_t s[2048];
    const uint16_t v = in[threadIdx.x];
#pragma unroll
    for (int i = 0; i < 8; ++i) s[threadIdx.x * 8 + i] = v + i;   // @stores
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x * 3];
}
__global__ void bytes(float* out, const uint8_t* in)
{
    __shared__ uint8_t s[256];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    const int r = threadIdx.x % 8;
    float a = 0.f;
#pragma unroll
    for (int i = 0; i < 4; ++i) a += s[r * 4 + i] * (float)(i + 1);   // @bytes
    out[threadIdx.x] = a;
}
"""

# kernel -> (its marked line's SASS mix, shared requests of the line for one block of 256 threads: 8 warps)
EXPECT = {
    "rows8": ({"LDS.64": 2}, "shared_ld_requests", 16),
    "three": ({"LDS.64": 1}, "shared_ld_requests", 8),
    "offset2": ({"LDS": 2, "LDS.64": 1}, "shared_ld_requests", 24),
    "stores": ({"STS.64": 2}, "shared_st_requests", 16),
    "bytes": ({"LDS.8": 4}, "shared_ld_requests", 32),
}

LOOP = """\
__device__ float tab[64];
__global__ void hoisted(float* out, const float* in)
{
    __shared__ float s[256];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    const int x = threadIdx.x % 8;
    const int b = threadIdx.x / 64;
    float f = 0.f;
    for (int v = 0; v < 32; ++v) {
        float ff = 0.f;
        for (int u = 0; u < 8; ++u) {
            ff += s[64 * b + 8 * v + u] * tab[8 * u + x];   // @hoisted
        }
        f += ff * (v + 1);
    }
    out[threadIdx.x] = f;
}
"""


def _line(src: str, mark: str) -> int:
    return next(i for i, t in enumerate(src.splitlines(), 1) if f"// @{mark}" in t)


def _run(k, T):
    out = np.zeros(256, np.float32)
    inp = (np.arange(256) % 7).astype(T)
    return launch(k, (1,), (256,), out, inp, backend="emu", echo=False, counts="sass", arch="sm_90")


@needs_cubin
@pytest.mark.parametrize("name", list(EXPECT))
def test_halfword_shared_accesses_merge_as_ptxas_merges_them(name):
    prog = tc.compile_cuda(HALF, filename="half.cu")
    k = prog.kernel(name)
    n = _line(HALF, name)
    mix, key, want = EXPECT[name]
    have = {f: c for f, c in sass_memory_mix(prog, "sm_90", entry=k.entry)[("half.cu", n)].items()
            if f.startswith(("LDS", "STS"))}
    assert have == mix                                   # the premise: what ptxas makes of the line
    r = _run(k, {"bytes": np.uint8, "three": np.int16}.get(name, np.uint16))
    (pl,) = [p for p in r.per_line if p["line"] == n]
    assert pl[key] == want, pl
    assert pl["counted"] == "sass" and not pl.get("undecided"), pl
    assert not any(p.get("undecided") for p in r.per_line)


@needs_cubin
def test_a_lines_loop_copies_beside_its_loads_before_the_loop_are_decided():
    """NVVM hoists the 8 ``tab`` loads above the v loop and unrolls it by 2 (16 trips of 16 ``ld.shared.f32``:
    LDS.128×4 a trip); ptxas holds the line's LDG×8 once and LDS.128×24 (6 copies of a trip). The line is
    counted as 16 trips × 4 LDS.128 × 8 warps, not as the PTX's 2,048 loads, and decided."""
    prog = tc.compile_cuda(LOOP, filename="loop.cu")
    k = prog.kernel("hoisted")
    n = _line(LOOP, "hoisted")
    have = {f: c for f, c in sass_memory_mix(prog, "sm_90", entry=k.entry)[("loop.cu", n)].items()
            if f.startswith(("LDS", "LDG"))}
    assert have == {"LDG": 8, "LDS.128": 24}
    r = _run(k, np.float32)
    (pl,) = [p for p in r.per_line if p["line"] == n]
    assert pl["counted"] == "sass" and not pl.get("undecided"), pl
    assert pl["shared_ld_requests"] == 512 and pl["global_ld_requests"] == 64, pl


@needs_cubin
@pytest.mark.parametrize("name", ["idct_lut_kernel", "idct_seperable_kernel", "idct_decomposed_kernel",
                                  "idct_no_shared_kernel"])
def test_gpudct_idct_kernels_equal_the_h200(name):
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity
    L = next(x for x in fidelity.launches(f"gdct_dct.cu:{name}") if x.id.endswith(f"gdct_dct.cu:{name}"))
    k, args, symbols = L.make()
    r = launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False,
               symbols=symbols or None, counts="sass", arch="sm_90")
    row = next(x for x in read_json(ROOT / "bench" / "results" / "fidelity-2026-12-05-unseen79.json")["rows"]
               if x["id"].endswith(f"gdct_dct.cu:{name}"))
    for key, want in row["ncu"].items():
        if key in r.metrics and want is not None:
            assert r.metrics[key] == want, (key, r.metrics[key], want)
    assert not any(p.get("undecided") for p in r.per_line)
