"""A struct copy NVVM leaves as a counted loop of more than 64 trips and ptxas unrolls fully (tilelab issue 23;
emu/counters/unrolled_copy.py, docs/SASS_COUNTS.md "A copy loop ptxas unrolled fully").

``s[t] = g[i]`` of a 1,200-byte struct is a one-block PTX loop at ``.loc 1 0``: a global load and a shared store a
trip, off two induction registers, 300 trips of ``u32`` (150 of ``v2.u32`` where the struct is 8-byte aligned).
ptxas unrolls it fully, keeps every load (``LDG`` or ``LDG.64``: the kernel pointer's alignment is unknown) and
merges the stores of adjacent trips into ``STS.128`` (the shared array's elements lie on 16-byte multiples), which
it spreads over the lines of the instructions scheduled before them; it also drops the PTX's load of ``g[i].w[273]``
before the loop, whose bytes the copy reads again. The old plan left the loop's line (0), the copy's line and the
line ptxas put the last stores on at the PTX's counts, undecided: 300 ``STS`` and 301 ``LDG`` a warp where the GPU
makes 75 and 300. BLAKE3-gpu's ``h_compute`` (collection/blz3_dark_blaze3.cu:298) is the kernel it came from."""
from __future__ import annotations

import numpy as np
from conftest import ROOT, needs_cubin, read_json

from tilelab import toolchain as tc

SRC = r"""
struct ALIGN Rec { unsigned w[WORDS]; };
extern "C" __global__ void copyRec(Rec* g, unsigned* out) {
    __shared__ Rec s[4];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    unsigned f = g[i].w[WORDS - 27];                    // @flags
    s[t] = g[i];                                        // @copy
    __syncthreads();
    out[i] = s[(t + 1) % 4].w[t] + f;                   // @use
}
"""


def _run(align: str, words: int):
    from tilelab.emu.machine import run
    src = SRC.replace("ALIGN", align).replace("WORDS", str(words))
    k = tc.compile_cuda(src, filename="copyrec.cu").kernel("copyRec")
    g = np.random.default_rng(0).integers(0, 1 << 31, (4, words), dtype=np.uint32)
    out = np.zeros(4, np.uint32)
    r = run(k, 1, 4, [g, out], counts="sass")
    want = np.array([g[(t + 1) % 4, t] + g[t, words - 27] for t in range(4)], np.uint32)
    np.testing.assert_array_equal(out, want)
    lines = {name: next(i + 1 for i, s in enumerate(src.splitlines()) if "@" + name in s)
             for name in ("flags", "copy", "use")}
    return k, r, lines


def _row(r, line):
    return next((pl for pl in r.per_line if pl["line"] == line), {})


@needs_cubin
def test_a_300_trip_word_copy_is_counted_as_ptxas_unrolled_it():
    """300 ``u32`` trips: 300 LDG and 75 STS.128 (four trips each) in the cubin, the flags' load gone."""
    from tilelab.toolchain import sass_memory_mix
    k, r, at = _run("", 300)
    mix = sass_memory_mix(k.program, "sm_90", entry=k.entry)
    sts = sum(n for m in mix.values() for key, n in m.items() if key.startswith("STS"))
    ldg = sum(n for m in mix.values() for key, n in m.items() if key.startswith("LDG"))
    assert (sts, ldg) == (75, 300)
    assert {key for m in mix.values() for key in m if key.startswith(("STS", "LDG"))} == {"STS.128", "LDG"}
    # one warp of 4 threads: 75 STS.128 (4 lanes x 16 bytes, one wavefront each), 300 LDG of 4 sectors
    assert r.metrics["shared_st_requests"] == 75 and r.metrics["shared_st_wavefronts"] == 75
    assert r.metrics["global_ld_requests"] == 300 and r.metrics["global_ld_sectors"] == 1200
    for line in (0, at["flags"], at["copy"], at["use"]):
        row = _row(r, line)
        assert not row.get("undecided"), (line, row.get("why"))
    assert "300 trips" in _row(r, 0)["why"]
    assert not _row(r, at["flags"]).get("global_ld_requests")       # read by the copy's trip 273


@needs_cubin
def test_an_8_byte_aligned_struct_copy_merges_pairs_of_trips_as_in_blake3():
    """150 ``v2.u32`` trips: 150 LDG.64 and 75 STS.128 (two trips each), as BLAKE3's Chunk copy."""
    _, r, at = _run("__align__(8)", 300)
    assert r.metrics["shared_st_requests"] == 75
    assert r.metrics["global_ld_requests"] == 150 and r.metrics["global_ld_sectors"] == 150 * 4
    for line in (0, at["flags"], at["copy"], at["use"]):
        assert not _row(r, line).get("undecided"), (line, _row(r, line).get("why"))
    assert "150 trips" in _row(r, 0)["why"]


@needs_cubin
def test_a_copy_loop_ptxas_keeps_stays_undecided():
    """1,000 trips: ptxas keeps a loop (LDG×83, STS×83 and one STS.128 on the copy's line), so nothing proves the
    trips' accesses: the loop's line stays at the PTX's counts, undecided."""
    _, r, at = _run("", 1000)
    assert _row(r, 0).get("undecided") or _row(r, at["copy"]).get("undecided")
    assert "trips" not in (_row(r, 0).get("why") or "")


@needs_cubin
def test_blake3s_chunk_copy_counts_as_ncu_does():
    """collection/blz3_dark_blaze3.cu:h_compute: the five launches' store requests and wavefronts and global loads
    equal the H100's (recording fidelity-2026-12-06-unseen149: before, #i2 158 store requests where ncu has 83)."""
    import sys
    sys.path.insert(0, str(ROOT / "tests"))
    from sass_launch import run as _launch
    rec = {x["id"]: x for x in read_json(ROOT / "bench" / "results" / "fidelity-2026-12-06-unseen149.json")["rows"]}
    for i in (1, 2):
        kid = f"collection/blz3_dark_blaze3.cu:h_compute#i{i}"
        r = _launch(kid)
        for key in ("shared_st_requests", "shared_st_wavefronts", "global_ld_requests", "global_ld_sectors"):
            assert r.metrics[key] == rec[kid]["ncu"][key], (kid, key)
        for line in (0, 235, 298):
            assert not _row(r, line).get("undecided"), (kid, line)
    assert (r.metrics["shared_st_requests"], r.metrics["global_ld_requests"]) == (83, 150)
