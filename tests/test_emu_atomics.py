"""Shared-memory atomics and generic accesses, counted as ncu counts them (issue 13).

* ATOMS cost what a 4-byte load costs (``metrics.atom_wavefronts``): the rule is checked against
  a brute-force model here and against the H200 recording (histogram256Kernel, 376 ATOMS of
  random bins: 1,208 wavefronts in bench/results/fidelity-2026-12-01-run1.json.gz).
* A PTX access with no state space stays a generic LD/ST/ATOM in the SASS: ncu counts its
  shared-memory wavefronts but no shared request (collection/reduction.cu multi_warp_cg_reduce,
  whose cg tile scratch is generic: 2 LDS, 8 STS, 0 ATOMS executed, 40 atomics wavefronts).
* A generic ATOM's lanes in shared memory cost one access each (``metrics.generic_atom_wavefronts``:
  the most active lanes in one bank), not the ATOMS rule: collection/repro_misses.cu
  reproGenericShared, 2 warps on 4 words, 16 wavefronts in bench/results/fidelity-2026-12-01-run2.json.gz.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from conftest import ROOT, read_json
from tilelab.emu.counters.metrics import atom_wavefronts, generic_atom_wavefronts

REC = ROOT / "bench" / "results" / "fidelity-2026-12-01-run1.json.gz"
REC2 = ROOT / "bench" / "results" / "fidelity-2026-12-01-run2.json.gz"


def _recorded(launch_id: str, rec=REC) -> dict:
    row = next(r for r in read_json(rec)["rows"] if r["id"] == launch_id)
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


def _brute_lanes(addr, active, nbytes):
    """Per warp: every active lane's words its own access, in the store's phases; the most in one bank."""
    lpp = {8: 16, 16: 8}.get(nbytes, 32)
    out = []
    for a, on in zip(addr, active):
        total = 0
        for p in range(0, 32, lpp):
            banks = [0] * 32
            for lane in range(p, p + lpp):
                if on[lane]:
                    for k in range(max(1, nbytes // 4)):
                        banks[(int(a[lane]) // 4 + k) % 32] += 1
            total += max(banks)
        out.append(total)
    return np.array(out)


@pytest.mark.parametrize("nbytes", [4, 8])
def test_a_generic_atomic_in_shared_memory_costs_the_most_lanes_in_one_bank(rng, nbytes):
    W = 64
    addr = nbytes * rng.integers(0, 96 // (nbytes // 4), (W, 32))
    active = rng.random((W, 32)) < rng.uniform(0.2, 1.0, (W, 1))
    assert (generic_atom_wavefronts(addr, active, nbytes) == _brute_lanes(addr, active, nbytes)).all()
    ones = np.ones((1, 32), bool)
    # one word for every lane: 32 (ATOMS: 1); 32 distinct banks: 1 (ATOMS: 1)
    assert generic_atom_wavefronts(np.zeros((1, 32), np.int64), ones, 4).tolist() == [32]
    assert atom_wavefronts(np.zeros((1, 32), np.int64), ones, 4).tolist() == [1]
    assert generic_atom_wavefronts((4 * np.arange(32))[None], ones, 4).tolist() == [1]
    # one lane: 1; none: 0
    assert generic_atom_wavefronts(np.zeros((1, 32), np.int64), np.eye(1, 32, dtype=bool), 4).tolist() == [1]
    assert generic_atom_wavefronts(np.zeros((1, 32), np.int64), ~ones, 4).tolist() == [0]


def test_a_generic_atomic_on_shared_memory_costs_what_the_h200_counted():
    from collection import run as collection
    entry = next(e for e in collection.load() if e["name"] == "reproGenericShared")
    res, _after, _before = collection.run_emu(entry)
    raw = _recorded("collection/repro_misses.cu:reproGenericShared", REC2)
    assert res.metrics["shared_atom_requests"] == raw["smsp__inst_executed_op_shared_atom.sum"] == 0
    # 2 warps, 8 lanes on each of 4 words in 4 banks: 8 a warp (the ATOMS rule would give 1)
    assert res.metrics["shared_atom_wavefronts"] == raw["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"] == 16


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


@pytest.mark.parametrize("stride", [0, 1, 2, 32])
def test_generic_accesses_to_shared_memory_cost_wavefronts_and_no_shared_request(emu, rng, stride):
    src = rng.integers(0, 1000, 128).astype(np.uint32)
    got = {}
    for generic in (False, True):
        k = emu.compile(("#define GENERIC\n" if generic else "") + SRC, "probe",
                        filename=f"probe_{'generic' if generic else 'shared'}.cu")
        r = emu.run(k, 1, 128, src, np.zeros(128, np.uint32), np.int32(stride))
        # stride 0: every thread stores to one word, a race the emulator must name
        assert [f.kind for f in r.findings] == (["race"] if stride == 0 else [])
        got[generic] = r.metrics
    shared, generic = got[False], got[True]
    # the same lanes touch the same words: the same load and store wavefronts either way ...
    for key in ("shared_ld_wavefronts", "shared_st_wavefronts"):
        assert generic[key] == shared[key] > 0
    assert shared["shared_ld_wavefronts"] == 4 * min(max(stride, 1), 32)   # 4 warps, a stride-way conflict
    # ... atomics too, except where lanes share a word: ATOMS serve them at once, a generic ATOM one by one
    assert shared["shared_atom_wavefronts"] == 4 * min(max(stride, 1), 32)
    assert generic["shared_atom_wavefronts"] == 4 * (32 if stride == 0 else min(stride, 32))
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


ATOMICS_BENCH = ROOT / "bench" / "results" / "gpu_shared_atomics-2026-12-01.json.gz"


@pytest.mark.parametrize("kernel", ["atom_add_u32", "red_add_u32", "atom_exch_b32", "atom_min_s32", "atom_cas_b32",
                                    "atom_add_u32_generic"])
def test_shared_atomics_cost_what_the_h200_counted_pattern_by_pattern(emu, kernel):
    """bench/gpu_shared_atomics.py's recording: one warp, 16 atomics of one kind at the recorded
    lane pattern; the emulator's shared-atomic wavefronts equal ncu's for each pattern."""
    rec = read_json(ATOMICS_BENCH)
    k = emu.compile(rec["kernel_source"], kernel, filename="gpu_shared_atomics.cu")
    cases = [c for c in rec["cases"] if c["kernel"] == kernel]
    named = [c for c in cases if not c["pattern"].startswith("random")]
    for c in named[:8] + [c for c in cases if c["pattern"].startswith("random")][:3]:
        table = np.array(c["lane_words"], np.int32)
        r = emu.run(k, 1, 32, table, np.zeros(32, np.uint32), echo=False)
        assert r.metrics["shared_atom_wavefronts"] == c["ncu_wavefronts"], (kernel, c["pattern"])


POPC_SRC = r"""
extern "C" __global__ void inc_unused(int* o, const int* idx)
{ __shared__ int s[256]; s[threadIdx.x] = 0; __syncthreads(); atomicAdd(&s[idx[threadIdx.x]], 1);
  __syncthreads(); o[threadIdx.x] = s[threadIdx.x]; }
extern "C" __global__ void inc_used(int* o, const int* idx)
{ __shared__ int s[256]; s[threadIdx.x] = 0; __syncthreads(); o[threadIdx.x] = atomicAdd(&s[idx[threadIdx.x]], 1); }
extern "C" __global__ void add_two(int* o, const int* idx)
{ __shared__ int s[256]; s[threadIdx.x] = 0; __syncthreads(); atomicAdd(&s[idx[threadIdx.x]], 2);
  __syncthreads(); o[threadIdx.x] = s[threadIdx.x]; }
"""


@pytest.mark.parametrize("entry", ["inc_unused", "inc_used", "add_two"])
def test_popc_increment_is_what_ptxas_makes_of_it(emu, entry, rng):
    """ptxas turns an unused atomicAdd(&s[i], 1) into ATOMS.POPC.INC (lanes on one word at once);
    any other ATOMS serves each lane. The emulator's choice agrees with the cubin's opcode, and its
    count with the rule that opcode takes."""
    import re
    from tilelab.toolchain.sass import kernel_sass
    from tilelab.emu.isa import popc_increment
    from tilelab.emu.ptx import parse
    k = emu.compile(POPC_SRC, entry, filename="popc.cu")
    popc = "ATOMS.POPC.INC" in kernel_sass(k.program, "sm_90", entry)
    fn = parse(k.program.ptx).entry(entry)
    atom = next(i for i in fn.instrs if i.op in ("atom", "red") and "shared" in i.mods)
    args = atom.args if atom.op == "red" else atom.args[1:]
    assert popc_increment(fn, atom, args, "s32" if "s32" in atom.mods else "u32") == popc
    assert popc == (entry == "inc_unused") or not re.search(r"ATOMS", kernel_sass(k.program, "sm_90", entry))
    idx = rng.integers(0, 40, 256).astype(np.int32)             # 40 words: lanes share words and banks
    r = emu.run(k, 1, 256, np.zeros(256, np.int32), idx, echo=False)
    addr = (4 * idx).reshape(8, 32)
    on = np.ones((8, 32), bool)
    want = (atom_wavefronts(addr, on, 4) if popc else generic_atom_wavefronts(addr, on, 4)).sum()
    assert r.metrics["shared_atom_wavefronts"] == want


def test_a_warp_aggregated_shared_atomic_is_one_lane_a_warp_that_reaches_it():
    """PyCUDA's select_them (the twelfth unseen suite): `selec_smem[atomicAdd(counter_smem_ptr, 1)] = idx`
    under `if (a[idx] >= limit)`, the pointer the one `__shared__` counter. ptxas aggregates it over the
    warp (VOTEU.ANY, FLO, POPC, one `@P ATOMS.ADD` by the leader, SHFL), under a branch: the H200 made 123
    requests (the warps with a lane on, of 128) and 163 wavefronts, 123 of them one a request and 40 its
    own bank-conflict counter's (one lane cannot conflict). The emulator counted 128 requests (it took the
    leader's predicate for an if-conversion) and 384 wavefronts (a lane each, as an ATOMS whose lanes
    each read the old value); now 123 and 123."""
    from collection import run as collection
    entry = next(e for e in collection.load() if e["name"] == "select_them")
    res, after, _ = collection.run_emu(entry)
    raw = _recorded("collection/pycuda_select_to_list.cu:select_them", ROOT / "bench" / "results" /
                    "fidelity-2026-12-03-unseen34.json")
    warps_on = int((after["a"].reshape(-1, 32) >= np.float32(0.9)).any(axis=1).sum())
    assert res.metrics["shared_atom_requests"] == raw["smsp__inst_executed_op_shared_atom.sum"] == warps_on == 123
    assert res.metrics["shared_atom_wavefronts"] == warps_on
    assert raw["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"] - warps_on == \
        raw["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum"] == 40


PAIRS_SRC = r"""
extern "C" __global__ void pairs(unsigned long long *out) {
    __shared__ unsigned long long s[16];
    if (threadIdx.x < 16) s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    unsigned long long x;
    const unsigned long long *p = &s[(threadIdx.x % 32) / 2];     // lanes 2k and 2k+1: one address
#ifdef GENERIC
    asm volatile("ld.u64 %0, [%1];" : "=l"(x) : "l"(p) : "memory");
#else
    asm volatile("ld.shared.u64 %0, [%1];" : "=l"(x) : "r"((unsigned)__cvta_generic_to_shared(p)) : "memory");
#endif
    out[threadIdx.x] = x;
}
"""


def test_a_generic_8_byte_load_in_shared_memory_does_not_pair(emu):
    """An LDS.64 whose lane pairs read one address serves 32 lanes a phase (the paired rule, metrics.py); a
    generic LD.64 landing there does not: 16 lanes a phase. CUDA-grep's parallelMatch (collection/cugrep_pnfa.cu,
    its NFA states in shared memory read through State *) is short of the H200's shared-load wavefronts by exactly
    what its generic LD.64s cost unpaired over paired: 553, 3,337 and 3,469 (bench/results/
    fidelity-2026-12-05-unseen71.json, #abcde, #animals, #two_regexes)."""
    got = {}
    for generic in (False, True):
        k = emu.compile(("#define GENERIC\n" if generic else "") + PAIRS_SRC, "pairs",
                        filename=f"pairs_{'generic' if generic else 'shared'}.cu")
        r = emu.run(k, 1, 64, np.zeros(64, np.uint64))
        assert r.findings == []
        got[generic] = r.metrics
    assert got[False]["shared_ld_wavefronts"] == 2 * 1      # 2 warps, 16 words of 8 bytes paired: one wavefront
    assert got[True]["shared_ld_wavefronts"] == 2 * 2       # generic: two phases of 16 lanes
    assert (got[False]["shared_ld_requests"], got[True]["shared_ld_requests"]) == (2, 0)
