"""Shared-memory atomics: what Nsight Compute counts, pattern by pattern, and which bank rule fits.

    python bench/gpu_shared_atomics.py [--out bench/results] [--random 24]

The emulator counts shared atomics' requests (``shared_atom_requests``, ncu's
``smsp__inst_executed_op_shared_atom``) and wavefronts
(``l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom``) by the rule that fits the one
recording that has many-lane ATOMS (histogram256Kernel in bench/results/fidelity-2026-12-01-run1.json.gz:
376 ATOMS.ADD of random bins, 1,208 wavefronts, which ``distinct_words`` gives exactly, the
others 1,342 and 1,211). Generic atomics (PTX ``atom`` with no state space, SASS ATOM) that land
in shared memory are counted by ``lanes_per_bank`` (tilelab/emu/counters/metrics.py ``generic_atom_wavefronts``),
which fits the two recorded cases (bench/results/fidelity-2026-12-01-run2.json.gz: reproGenericShared,
32 lanes on 4 words in 4 banks, 8 wavefronts a warp; the cg tile barrier's one-lane ATOMs, 1 each),
but so do ``words_or_same_address`` and ``quarter_of_lanes``: the patterns ``bank0_two_words``
(32 / 16 / 8), ``broadcast`` (32 / 32 / 8) and ``distinct`` (1 / 1 / 8) decide between them.
64-bit, CAS and EXCH atomics and generic ones to global memory (``one_per_request``, measured only
with one lane) have no measurement yet. This measures them, the
way bench/gpu_wide_access.py measured wide loads: one warp issues REPS atomics of one kind
through inline PTX (so ptxas neither merges nor drops them) at ``s + table[lane]`` (+32 words
a repetition, which keeps the bank pattern); the table sits in global memory, so ptxas cannot
see the pattern; a negative entry leaves that lane out.

Candidate rules, each computed here for every pattern (the table prints how many cases each fits):

* ``distinct_words``: as loads, the most distinct 4-byte words any bank holds (same word free);
* ``lanes_per_bank``: the most active lanes in any bank (every lane's read-modify-write its own
  access, so two lanes on one word cost two);
* ``words_or_same_address``: the larger of ``distinct_words`` and the most lanes on one word;
* ``quarter_of_lanes``: a wavefront for every 4 active lanes, rounded up (no bank at all);
* for 64-bit atomics each rule also in two phases of 16 lanes (``..._phased``), as 8-byte loads.

Once the JSON is back, tilelab/emu/counters/metrics.py (``atom_wavefronts``) and tilelab/emu/isa.py
(generic atomics) either stand confirmed or take the rule that fits every case.
"""
from __future__ import annotations

import sys

import numpy as np

from gpu_common import guarded, header, parser, write

REPS = 16
SOURCE = r"""
#define REPS 16
#define WORDS 4096
// Each kernel: one warp, REPS shared atomics at s + table[lane] (+32 words a repetition).
#define PROLOGUE(T)                                                                       \
    __shared__ __align__(16) T s[WORDS];                                                  \
    for (int i = threadIdx.x; i < WORDS; i += blockDim.x) s[i] = (T)i;                    \
    __syncthreads();                                                                      \
    int t = table[threadIdx.x];                       /* < 0: this lane stays out */      \
    unsigned a = (unsigned)__cvta_generic_to_shared(s + (t < 0 ? 0 : t));
extern "C" __global__ void atom_add_u32(const int* table, unsigned* out) {
    PROLOGUE(unsigned)
    unsigned acc = 0, old;
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(old) : "r"(a + 128u * r), "r"(threadIdx.x) : "memory");
        acc += old;
    }
    out[threadIdx.x] = acc;
}
extern "C" __global__ void red_add_u32(const int* table, unsigned* out) {
    PROLOGUE(unsigned)
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r)
        asm volatile("red.shared.add.u32 [%0], %1;" :: "r"(a + 128u * r), "r"(threadIdx.x) : "memory");
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
extern "C" __global__ void atom_cas_b32(const int* table, unsigned* out) {
    PROLOGUE(unsigned)
    unsigned acc = 0, old;
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        asm volatile("atom.shared.cas.b32 %0, [%1], %2, %3;"
                     : "=r"(old) : "r"(a + 128u * r), "r"(threadIdx.x), "r"(r) : "memory");
        acc += old;
    }
    out[threadIdx.x] = acc;
}
extern "C" __global__ void atom_exch_b32(const int* table, unsigned* out) {
    PROLOGUE(unsigned)
    unsigned acc = 0, old;
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        asm volatile("atom.shared.exch.b32 %0, [%1], %2;" : "=r"(old) : "r"(a + 128u * r), "r"(threadIdx.x) : "memory");
        acc += old;
    }
    out[threadIdx.x] = acc;
}
extern "C" __global__ void atom_min_s32(const int* table, unsigned* out) {
    PROLOGUE(int)
    int acc = 0, old;
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        asm volatile("atom.shared.min.s32 %0, [%1], %2;" : "=r"(old) : "r"(a + 128u * r), "r"((int)threadIdx.x) : "memory");
        acc += old;
    }
    out[threadIdx.x] = acc;
}
extern "C" __global__ void atom_add_f32(const int* table, unsigned* out) {
    PROLOGUE(float)
    float acc = 0.f, old;
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        asm volatile("atom.shared.add.f32 %0, [%1], %2;" : "=f"(old) : "r"(a + 128u * r), "f"(1.0f) : "memory");
        acc += old;
    }
    out[threadIdx.x] = (unsigned)acc;
}
// generic atomics (no state space in the PTX: ptxas keeps them ATOM, not ATOMS): ncu counts no
// shared request for them, but wavefronts under ..._mem_shared_op_atom, also when they go to
// global memory (collection/reduction_multiblock_cg.cu: grid.sync's one-lane atom.add.release.gpu)
__device__ unsigned g_words[WORDS];
extern "C" __global__ void atom_add_u32_generic(const int* table, unsigned* out) {
    PROLOGUE(unsigned)
    unsigned acc = 0, old;
    unsigned* p = s + (t < 0 ? 0 : t);
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        asm volatile("atom.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(p + 32 * r), "r"(threadIdx.x) : "memory");
        acc += old;
    }
    out[threadIdx.x] = acc + (a & 1u);
}
extern "C" __global__ void atom_add_u32_generic_global(const int* table, unsigned* out) {
    int t = table[threadIdx.x];
    unsigned acc = 0, old;
    unsigned* p = g_words + (t < 0 ? 0 : t);
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        asm volatile("atom.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(p + 32 * r), "r"(threadIdx.x) : "memory");
        acc += old;
    }
    out[threadIdx.x] = acc;
}
extern "C" __global__ void atom_add_u64(const int* table, unsigned* out) {
    __shared__ __align__(16) unsigned long long s[WORDS / 2];
    for (int i = threadIdx.x; i < WORDS / 2; i += blockDim.x) s[i] = i;
    __syncthreads();
    int t = table[threadIdx.x];                       // in 4-byte words, even
    unsigned a = (unsigned)__cvta_generic_to_shared(s + (t < 0 ? 0 : t / 2));
    unsigned long long acc = 0, old;
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        asm volatile("atom.shared.add.u64 %0, [%1], %2;"
                     : "=l"(old) : "r"(a + 128u * r), "l"((unsigned long long)threadIdx.x) : "memory");
        acc += old;
    }
    out[threadIdx.x] = (unsigned)acc;
}
"""
KERNELS = {"atom_add_u32": 4, "red_add_u32": 4, "atom_cas_b32": 4, "atom_exch_b32": 4, "atom_min_s32": 4,
           "atom_add_f32": 4, "atom_add_u64": 8, "atom_add_u32_generic": 4, "atom_add_u32_generic_global": 4}
METRICS = ("smsp__inst_executed_op_shared_atom.sum",
           "smsp__inst_executed_op_shared_atom_dot_alu.sum",
           "smsp__inst_executed_op_shared_atom_dot_cas.sum",
           "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
           "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum",
           "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
           "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
           "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
           "smsp__inst_executed_op_shared_ld.sum", "smsp__inst_executed_op_shared_st.sum",
           "smsp__inst_executed.sum")


def patterns(width: int, n_random: int, seed: int = 20261201) -> dict[str, np.ndarray]:
    """Lane -> 4-byte word offset, aligned to the access width; -1: the lane stays out."""
    w = width // 4
    lane = np.arange(32)
    pats = {
        "distinct": lane * w,
        "broadcast": np.zeros(32, int),                # every lane on one word
        "pairs": (lane // 2) * w,
        "quads": (lane // 4) * w,
        "octets": (lane // 8) * w,
        "mod8": (lane % 8) * w,
        "mod16": (lane % 16) * w,
        "stride2": lane * 2 * w,
        "stride4": lane * 4 * w,
        "reversed": (31 - lane) * w,
        "bank0_distinct": lane * 32,                   # every lane in bank 0, distinct words
        "bank0_two_words": (lane % 2) * 32,            # bank 0, two words, 16 lanes on each
        "half_broadcast_half_distinct": np.where(lane < 16, 0, lane * w),
        "single_lane": np.where(lane == 0, 0, -1),
        "distinct_odd_off": np.where(lane % 2, -1, lane * w),
        "broadcast_odd_off": np.where(lane % 2, -1, 0),
    }
    rng = np.random.default_rng(seed + width)
    for i in range(n_random):
        k = int(rng.integers(1, 33))
        pool = rng.choice(np.arange(0, 256 // w) * w, size=k, replace=False)
        pats[f"random{i:02d}_k{k}"] = rng.choice(pool, size=32)
    return {k: np.asarray(v, dtype=np.int32) for k, v in pats.items()}


def _phases(table, width, phased):
    lanes = np.arange(32)
    if not phased or width != 8:
        return [lanes]
    return [lanes[:16], lanes[16:]]


def candidates(table: np.ndarray, width: int) -> dict[str, int]:
    """Wavefronts per request under each candidate rule (see the module docstring)."""
    out = {}
    for phased in (False, True):
        if phased and width != 8:
            continue
        tag = "_phased" if phased else ""
        dw = lb = wa = 0
        for ph in _phases(table, width, phased):
            words = [int(table[l]) + j for l in ph if table[l] >= 0 for j in range(width // 4)]
            if not words:
                continue
            per_bank_words, per_bank_lanes, per_word = {}, {}, {}
            for wd in words:
                per_bank_words.setdefault(wd % 32, set()).add(wd)
                per_bank_lanes[wd % 32] = per_bank_lanes.get(wd % 32, 0) + 1
                per_word[wd] = per_word.get(wd, 0) + 1
            d = max(len(v) for v in per_bank_words.values())
            dw += d
            lb += max(per_bank_lanes.values())
            wa += max(d, max(per_word.values()))
        out["distinct_words" + tag] = dw
        out["lanes_per_bank" + tag] = lb
        out["words_or_same_address" + tag] = wa
    out["quarter_of_lanes"] = -(-int((np.asarray(table) >= 0).sum()) // 4)
    out["one_per_request"] = int((np.asarray(table) >= 0).any())   # the generic-to-global candidate
    return out


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--random", type=int, default=24, help="random patterns per kernel")
    args = p.parse_args(argv)
    from tilelab.toolchain import compile_cuda, sass_memory_mix
    from tilelab.gpu.device import Device
    from tilelab.gpu.ncu import ncu_profile, requested
    from tilelab.gpu.spec import PackedArgs, kernel_spec
    dev = Device()
    info = dev.info()
    res = header("gpu_shared_atomics", dev, args)
    res.update(kernel_source=SOURCE, reps=REPS, errors=[], cases=[])
    prog = compile_cuda(SOURCE, filename="bench/gpu_shared_atomics.py")
    res["sass_mix"] = guarded(lambda: {f"{f}:{line}": mix for (f, line), mix in
                                       sass_memory_mix(prog, info["arch"]).items()}, res["errors"], "sass")
    launches, meta = [], []
    for name, width in KERNELS.items():
        spec = kernel_spec(prog.kernel(name), info["arch"])
        for pname, table in patterns(width, args.random).items():
            launches.append((spec, (1, 1, 1), (32, 1, 1),
                             PackedArgs([table.copy(), np.zeros(32, np.uint32)], [True, True]), 0))
            meta.append((name, width, pname, table))

    def profile():
        rows = ncu_profile(launches, metrics=list(METRICS))
        for (name, width, pname, table), row in zip(meta, rows):
            raw = requested(row, METRICS)
            wf = raw.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum")
            req = raw.get("smsp__inst_executed_op_shared_atom.sum")
            # a generic ATOM is no shared-atomic instruction for ncu (req is 0): the one warp
            # executes each of the REPS unrolled ATOMs once (the SASS mix says how many there are)
            per = REPS if name.endswith(("_generic", "_generic_global")) else req
            res["cases"].append({
                "kernel": name, "width": width, "pattern": pname, "lane_words": table.tolist(),
                "ncu_wavefronts": wf, "ncu_requests": req, "instructions": per,
                "ncu_wavefronts_per_request": (wf / per) if isinstance(wf, (int, float)) and per else None,
                "candidates": candidates(table, width), "ncu_raw": raw,
            })
    guarded(profile, res["errors"], "ncu")
    fits: dict = {}
    for c in res["cases"]:
        n = c["ncu_wavefronts_per_request"]
        for rule, v in c["candidates"].items():
            f = fits.setdefault(c["kernel"], {}).setdefault(rule, [0, 0])
            f[1] += 1
            f[0] += n is not None and abs(n - v) < 1e-9
    res["fits"] = fits
    write("gpu_shared_atomics", res, args.out)
    print(f"{'kernel':<14} {'pattern':<30} {'ncu req':>7} {'ncu wf/req':>10}  candidates")
    for c in res["cases"]:
        n = c["ncu_wavefronts_per_request"]
        print(f"{c['kernel']:<14} {c['pattern']:<30} {c['ncu_requests']!s:>7} {('-' if n is None else f'{n:.2f}'):>10}  "
              + " ".join(f"{k}={v}" for k, v in c["candidates"].items()))
    for k, rules in fits.items():
        print(f"{k}: " + ", ".join(f"{r} fits {a}/{b}" for r, (a, b) in rules.items()))
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
