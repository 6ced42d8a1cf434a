"""Shared-memory atomics and generic accesses, counted as ncu counts them (issue 13).

* ATOMS cost what a 4-byte load costs (``metrics.atom_wavefronts``): the rule is checked against
  a brute-force model here and against the H200 recording (histogram256Kernel, 376 ATOMS of
  random bins: 1,208 wavefronts in bench/results/fidelity-2026-12-01-run1.json).
* A PTX access with no state space stays a generic LD/ST/ATOM in the SASS: ncu counts its
  shared-memory wavefronts but no shared request (collection/reduction.cu multi_warp_cg_reduce,
  whose cg tile scratch is generic: 2 LDS, 8 STS, 0 ATOMS executed, 40 atomics wavefronts).
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from conftest import ROOT
from tilelab.emu.metrics import atom_wavefronts

REC = ROOT / "bench" / "results" / "fidelity-2026-12-01-run1.json"


def _recorded(launch_id: str) -> dict:
    row = next(r for r in json.loads(REC.read_text())["rows"] if r["id"] == launch_id)
    return row["ncu_raw"]


def _brute(addr, active):
    """Per warp: the most distinct 4-byte words any bank holds among the active lanes."""
    out = []
    for a, on in zip(addr, active):
        words = {}
        for w in (a[on] // 4).tolist():
            words.setdefault(w % 32, set()).add(w)
        out.append(max((len(v) for v in words.values()), default=0))
    return np.array(out)


def test_the_atoms_rule_is_the_most_distinct_words_in_one_bank(rng):
    # random patterns over few words (so lanes share words and banks), random lanes off
    W = 64
    addr = 4 * rng.integers(0, 96, (W, 32))
    active = rng.random((W, 32)) < rng.uniform(0.2, 1.0, (W, 1))
    assert (atom_wavefronts(addr, active, 4) == _brute(addr, active)).all()
    # one word for every lane: one wavefront (the atomics unit serialises lanes, ncu does not count it)
    assert atom_wavefronts(np.zeros((1, 32), np.int64), np.ones((1, 32), bool), 4).tolist() == [1]
    # 32 lanes on 32 words of one bank: 32
    assert atom_wavefronts((128 * np.arange(32))[None], np.ones((1, 32), bool), 4).tolist() == [32]


def test_histogram256_atomics_cost_what_the_h200_counted():
    from collection import run as collection
    entry = next(e for e in collection.load() if e["name"] == "histogram256Kernel")
    res, _after, _before = collection.run_emu(entry)
    raw = _recorded("collection/histogram256.cu:histogram256Kernel")
    assert res.metrics["shared_atom_requests"] == raw["smsp__inst_executed_op_shared_atom.sum"] == 376
    assert res.metrics["shared_atom_wavefronts"] == raw["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"]


SRC = r"""
__global__ void probe(const unsigned* src, unsigned* out, int stride)
{
    __shared__ unsigned s[4096];
    unsigned a = (unsigned)__cvta_generic_to_shared(s + (threadIdx.x * stride) % 4096);
    unsigned long long g;
    asm("cvta.shared.u64 %0, %1;" : "=l"(g) : "l"((unsigned long long)a));
    unsigned x = 0;
#ifdef GENERIC
    asm volatile("st.u32 [%0], %1;" :: "l"(g), "r"(src[threadIdx.x]) : "memory");
    __syncthreads();
    asm volatile("ld.u32 %0, [%1];" : "=r"(x) : "l"(g) : "memory");
    asm volatile("red.add.u32 [%0], %1;" :: "l"(g), "r"(1u) : "memory");
#else
    asm volatile("st.shared.u32 [%0], %1;" :: "r"(a), "r"(src[threadIdx.x]) : "memory");
    __syncthreads();
    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(x) : "r"(a) : "memory");
    asm volatile("red.shared.add.u32 [%0], %1;" :: "r"(a), "r"(1u) : "memory");
#endif
    out[threadIdx.x] = x;
}
"""


@pytest.mark.parametrize("stride", [1, 2, 32])
def test_generic_accesses_to_shared_memory_cost_wavefronts_and_no_shared_request(emu, rng, stride):
    src = rng.integers(0, 1000, 128).astype(np.uint32)
    got = {}
    for generic in (False, True):
        k = emu.compile(("#define GENERIC\n" if generic else "") + SRC, "probe",
                        filename=f"probe_{'generic' if generic else 'shared'}.cu")
        r = emu.run(k, 1, 128, src, np.zeros(128, np.uint32), np.int32(stride))
        assert r.findings == []
        got[generic] = r.metrics
    shared, generic = got[False], got[True]
    # the same lanes touch the same words: the same wavefronts either way ...
    for key in ("shared_ld_wavefronts", "shared_st_wavefronts", "shared_atom_wavefronts"):
        assert generic[key] == shared[key] > 0
    assert shared["shared_ld_wavefronts"] == 4 * min(stride, 32)      # 4 warps, a stride-way conflict
    # ... but only LDS/STS/ATOMS are shared requests (generic ones are ncu's op_generic_*)
    assert (shared["shared_ld_requests"], shared["shared_st_requests"], shared["shared_atom_requests"]) == (4, 4, 4)
    assert (generic["shared_ld_requests"], generic["shared_st_requests"], generic["shared_atom_requests"]) == (0, 0, 0)


def test_the_cg_tile_scratch_is_generic_and_counted_as_the_h200_counted_it():
    from collection import run as collection
    entry = next(e for e in collection.load() if e["name"] == "multi_warp_cg_reduce<int, 256, 64>")
    res, _after, _before = collection.run_emu(entry)
    raw = _recorded("collection/reduction.cu:multi_warp_cg_reduce<int, 256, 64>")
    m = res.metrics
    assert m["shared_ld_requests"] == raw["smsp__inst_executed_op_shared_ld.sum"] == 2
    assert m["shared_st_requests"] == raw["smsp__inst_executed_op_shared_st.sum"] == 8
    assert m["shared_atom_requests"] == raw["smsp__inst_executed_op_shared_atom.sum"] == 0
    assert m["shared_atom_wavefronts"] == raw["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"] == 40


def test_the_profile_counts_shared_atomics_and_shows_generic_lines(emu):
    from tilelab.profile import profile
    src = r"""
__global__ void vecAddAtoms(const float* a, const float* b, float* c, int n)
{
    __shared__ unsigned h[32];
    unsigned* g = threadIdx.x < 1024 ? h : (unsigned*)c;    // NVVM cannot tell: a generic pointer
    if (threadIdx.x < 32) h[threadIdx.x] = 0;
    __syncthreads();
    atomicAdd(&h[threadIdx.x % 4], 1u);                     // @atoms
    __syncthreads();
    unsigned x = g[threadIdx.x % 32];                       // @generic
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i] + 0.0f * x;
}
"""
    k = emu.compile(src, "vecAddAtoms", filename="atoms.cu")
    p = profile(k, "vector_add", N=1024, backend="emu", picture=False)
    at = next(r for r in p.rows if r["line"] == emu.line_of(src, "// @atoms"))
    warps = 1024 // 32
    assert at["metrics"]["shared_atom_requests"] == warps          # 4 words in 4 banks: 1 wavefront each
    assert at["metrics"]["shared_atom_wavefronts"] == warps
    assert f"{warps} requests, {warps} wavefronts" in p.note
    gen = next((r for r in p.rows if r["line"] == emu.line_of(src, "// @generic")), None)
    assert gen is not None and gen["shared ld requests"] == 0 and gen["shared ld wavefronts"] == warps
