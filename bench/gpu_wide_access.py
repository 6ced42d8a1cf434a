"""Wide (8- and 16-byte) shared-memory accesses: what Nsight Compute counts, pattern by pattern.

    python bench/gpu_wide_access.py [--out bench/results] [--random 24]
    python bench/gpu_wide_access.py --partial [--out bench/results]   # partly masked 8-byte accesses
    python bench/gpu_wide_access.py --xor [--out bench/results]       # lanes that share an address, by XOR partner

``--xor`` (docs/FIDELITY.md, "lane partners"): 8- and 16-byte loads in which lane t and lane t ^ m read one
address for a set of XOR masks m (pairs are m = 1, the rule's one case so far): fast-transformers'
``lmha_kernel<128, 2>`` has lanes t and t ^ 2 read one float4 (lanes alternate between two), and ncu counts
half the wavefronts the quarter-warp rule gives. Addresses consecutive (no conflict), spread over one bank
(conflicts) and random, per mask set: gpu_wide_access_xor-<date>.json.

``--partial`` (docs/FIDELITY.md, cause L): 8-byte loads and stores of distinct consecutive
addresses (lane t: bytes 8t..8t+7) with part of the lanes off, once off by a branch (ld8, st8:
the lanes diverge) and once by a predicate in a converged warp (ld8p, st8p: ``@p ld.shared.v2``,
as ptxas if-converts bitonicSortShared1's swap), over masks of 4 to 28 active lanes:
gpu_wide_access_partial-<date>.json.

DESIGN §5 says 8-byte accesses run in 2 phases of 16 lanes and 16-byte accesses in 4
phases of 8 lanes. ncu contradicted that for a 16-byte broadcast (2 wavefronts, not 4),
so this micro-benchmark measures the rule instead of assuming it (the counting issue,
item 0). One warp issues REPS loads (or stores) of one width through inline PTX
(``ld.shared.v2/v4.u32``, ``st.shared.v2/v4.u32``), so ptxas can neither merge nor split
them; each lane's word offset comes from a table in global memory, so ptxas cannot
see the pattern either. Consecutive repetitions add 128 bytes to every address, which
keeps each request's bank pattern. For every pattern the JSON holds ncu's wavefronts and
requests and the emulator's prediction (``tilelab.emu.counters.metrics.shared_wavefronts``).
"""
from __future__ import annotations

import sys

import numpy as np

from gpu_common import guarded, header, parser, spec_src, write

REPS = 16
WORDS = 4096
SOURCE = r"""
#define REPS 16
#define WORDS 4096
// Each kernel: one warp, REPS shared accesses of one width at s + table[lane] (+32 words each rep).
extern "C" __global__ void ld8(const int* table, int* out) {
    __shared__ __align__(16) unsigned s[WORDS];
    int t = table[threadIdx.x];                       // < 0: this lane stays inactive
    unsigned a = (unsigned)__cvta_generic_to_shared(s + (t < 0 ? 0 : t));
    unsigned acc = 0, x, y;
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        asm volatile("ld.shared.v2.u32 {%0,%1}, [%2];" : "=r"(x), "=r"(y) : "r"(a + 128u * r) : "memory");
        acc += x ^ y;
    }
    out[threadIdx.x] = acc;
}
extern "C" __global__ void ld16(const int* table, int* out) {
    __shared__ __align__(16) unsigned s[WORDS];
    int t = table[threadIdx.x];                       // < 0: this lane stays inactive
    unsigned a = (unsigned)__cvta_generic_to_shared(s + (t < 0 ? 0 : t));
    unsigned acc = 0, x, y, z, w;
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        asm volatile("ld.shared.v4.u32 {%0,%1,%2,%3}, [%4];"
                     : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "r"(a + 128u * r) : "memory");
        acc += x ^ y ^ z ^ w;
    }
    out[threadIdx.x] = acc;
}
extern "C" __global__ void st8(const int* table, int* out) {
    __shared__ __align__(16) unsigned s[WORDS];
    int t = table[threadIdx.x];                       // < 0: this lane stays inactive
    unsigned a = (unsigned)__cvta_generic_to_shared(s + (t < 0 ? 0 : t));
    unsigned v = threadIdx.x;
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r)
        asm volatile("st.shared.v2.u32 [%0], {%1,%2};" :: "r"(a + 128u * r), "r"(v + r), "r"(v ^ r) : "memory");
    out[threadIdx.x] = v;
}
extern "C" __global__ void st16(const int* table, int* out) {
    __shared__ __align__(16) unsigned s[WORDS];
    int t = table[threadIdx.x];                       // < 0: this lane stays inactive
    unsigned a = (unsigned)__cvta_generic_to_shared(s + (t < 0 ? 0 : t));
    unsigned v = threadIdx.x;
    if (t >= 0)
#pragma unroll
    for (int r = 0; r < REPS; ++r)
        asm volatile("st.shared.v4.u32 [%0], {%1,%2,%3,%4};"
                     :: "r"(a + 128u * r), "r"(v + r), "r"(v ^ r), "r"(v * r), "r"(v - r) : "memory");
    out[threadIdx.x] = v;
}
extern "C" __global__ void ld8p(const int* table, int* out) {
    __shared__ __align__(16) unsigned s[WORDS];
    int t = table[threadIdx.x];                       // < 0: this lane is predicated off (no branch)
    unsigned a = (unsigned)__cvta_generic_to_shared(s + (t < 0 ? 2 * threadIdx.x : t));
    unsigned acc = 0, x = 0, y = 0;
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        asm volatile("{\n\t.reg .pred p;\n\tsetp.ge.s32 p, %3, 0;\n\t@p ld.shared.v2.u32 {%0,%1}, [%2];\n\t}"
                     : "+r"(x), "+r"(y) : "r"(a + 128u * r), "r"(t) : "memory");
        acc += x ^ y;
    }
    out[threadIdx.x] = acc;
}
extern "C" __global__ void st8p(const int* table, int* out) {
    __shared__ __align__(16) unsigned s[WORDS];
    int t = table[threadIdx.x];                       // < 0: this lane is predicated off (no branch)
    unsigned a = (unsigned)__cvta_generic_to_shared(s + (t < 0 ? 2 * threadIdx.x : t));
    unsigned v = threadIdx.x;
#pragma unroll
    for (int r = 0; r < REPS; ++r)
        asm volatile("{\n\t.reg .pred p;\n\tsetp.ge.s32 p, %3, 0;\n\t@p st.shared.v2.u32 [%0], {%1,%2};\n\t}"
                     :: "r"(a + 128u * r), "r"(v + r), "r"(v ^ r), "r"(t) : "memory");
    out[threadIdx.x] = v;
}
"""


def partial_patterns(seed: int = 20261202) -> dict[str, np.ndarray]:
    """Lane t reads or writes the 8 bytes at 8t (distinct, consecutive: 2 wavefronts with every
    lane on), with part of the lanes off (-1): structured masks and random ones of 4..28 lanes."""
    lane = np.arange(32)
    on = {
        "first8": lane < 8, "first12": lane < 12, "first16": lane < 16, "last12": lane >= 20,
        "even": lane % 2 == 0, "odd": lane % 2 == 1, "one_per_pair_mixed": (lane % 4 == 0) | (lane % 4 == 3),
        "quarters_0_3": (lane < 8) | (lane >= 24), "t_and_t16": (lane % 16) < 6,
    }
    rng = np.random.default_rng(seed)
    for i, n in enumerate([4, 6, 8, 9, 10, 10, 11, 11, 12, 12, 13, 14, 16, 16, 18, 20, 24, 28]):
        m = np.zeros(32, bool)
        m[rng.choice(32, size=n, replace=False)] = True
        on[f"random{i:02d}_n{n}"] = m
    # the swap masks of 16 of bitonicSortShared1's predicated value LDS.64 (lane t = bit t), as the
    # emulator ran collection/bitonic_sort.cu on the recording's inputs: the 12 with the fewest lanes
    # on and 4 with 16
    for i, bits in enumerate(BITONIC_MASKS):
        on[f"bitonic{i:02d}_n{bin(bits).count('1')}"] = (bits >> lane) & 1 == 1
    return {k: np.where(v, lane * 2, -1).astype(np.int32) for k, v in on.items()}


BITONIC_MASKS = (0x11040c46, 0x1044c854, 0x41260381, 0x18880e90, 0xa013e009, 0x30abc080, 0x945001aa,
                 0x42502709, 0x20221762, 0x82ba6014, 0x84993a80, 0x04620ab3, 0x876cada8, 0x435975d4,
                 0x403ff60e, 0x2dda064f)


#: XOR mask sets: lane t reads the address of its orbit under the masks (t, t ^ m, ...)
XOR_SETS = {"m1": (1,), "m2": (2,), "m3": (3,), "m4": (4,), "m8": (8,), "m16": (16,), "m6": (6,), "m12": (12,),
            "m2_4": (2, 4), "m2_8": (2, 8), "m4_8": (4, 8), "m2_16": (2, 16), "m1_2": (1, 2), "m2_4_8": (2, 4, 8)}


def xor_patterns(width: int, seed: int = 20261206) -> dict[str, np.ndarray]:
    """Lane -> word offset where lanes t and t ^ m share one address for every m of a mask set; the
    orbits' addresses consecutive ("seq"), 8 addresses apart so that orbits collide in banks ("spread"),
    or drawn from a pool ("rand"). Plus two-address patterns by lane parity (lmha's) and by quad."""
    w = width // 4
    lane = np.arange(32)
    rng = np.random.default_rng(seed + width)
    pats = {}
    for name, masks in XOR_SETS.items():
        orbit = lane.copy()
        for _ in range(5):                          # the orbit's smallest lane names it
            for m in masks:
                orbit = np.minimum(orbit, orbit[lane ^ m])
        ids = np.unique(orbit, return_inverse=True)[1]
        pats[f"{name}_seq"] = ids * w
        pats[f"{name}_spread"] = ids * w * 8
        for i in range(3):
            pool = rng.choice(np.arange(0, 256 // w) * w, size=ids.max() + 1, replace=False)
            pats[f"{name}_rand{i}"] = pool[ids]
    pats["parity_adjacent"] = (lane % 2) * w                  # lmha_kernel<128, 2>: A B A B ...
    pats["parity_same_bank"] = (lane % 2) * 32                # two addresses in one bank
    pats["parity_per_octet"] = (lane % 2) * w + (lane // 8) * 2 * w
    pats["quad_abba"] = np.where((lane % 4 == 0) | (lane % 4 == 3), 0, w) + (lane // 4) * 2 * w
    pats["quad_abaa"] = np.where(lane % 4 == 1, w, 0) + (lane // 4) * 2 * w
    pats["quad_abca"] = np.array([0, 1, 2, 0])[lane % 4] * w + (lane // 4) * 3 * w
    return {k: np.asarray(v, dtype=np.int32) for k, v in pats.items()}


def patterns(width: int, n_random: int, seed: int = 20261201) -> dict[str, np.ndarray]:
    """Lane -> 4-byte word offset, every offset aligned to the access width."""
    w = width // 4
    lane = np.arange(32)
    pats = {
        "distinct": lane * w,
        "broadcast": np.zeros(32, int),
        "halves_same": (lane // 16) * w,           # two addresses: one per half-warp
        "pairs": (lane // 2) * w,                  # lanes 2k, 2k+1 share an address
        "quads": (lane // 4) * w,
        "octets": (lane // 8) * w,                 # one address per quarter-warp
        "mod8": (lane % 8) * w,                    # every quarter-warp reads the same 8 addresses
        "mod16": (lane % 16) * w,                  # both half-warps read the same 16 addresses
        "mod4": (lane % 4) * w,
        "stride2": lane * 2 * w,                   # 2x the width: conflicts
        "stride4": lane * 4 * w,
        "reversed": (31 - lane) * w,
        "odd_lane_broadcast": np.where(lane % 2, 0, lane * w),
        "bank0_distinct": lane * 32,               # every lane in bank 0, distinct words
        "half_broadcast_half_distinct": np.where(lane < 16, 0, lane * w),
        "shifted_pairs": ((lane + 1) // 2) * w,    # lanes (1,2), (3,4), ... share
        # pairs share, and each quarter-warp has a 2-way conflict on banks the other quarter
        # of its half-warp leaves free: 2+2 by quarter-warps, 2 by half-warps
        "pairs_split_conflicts": np.repeat(np.array([0, 8, 2, 3, 4, 5, 14, 6, 16, 24, 18, 19, 20, 21, 30, 22]), 2) * w,
        # negative entries: inactive lanes
        "broadcast_odd_off": np.where(lane % 2, -1, 0),
        "broadcast_upper_half_off": np.where(lane < 16, 0, -1),
        "distinct_odd_off": np.where(lane % 2, -1, lane * w),
        "pairs_lane0_off": np.where(lane == 0, -1, (lane // 2) * w),
        "single_lane": np.where(lane == 0, 0, -1),
        "mod8_odd_off": np.where(lane % 2, -1, (lane % 8) * w),
    }
    rng = np.random.default_rng(seed + width)
    for i in range(n_random):
        k = int(rng.integers(1, 33))               # how many distinct addresses
        pool = rng.choice(np.arange(0, 256 // w) * w, size=k, replace=False)
        pats[f"random{i:02d}_k{k}"] = rng.choice(pool, size=32)
    return {k: np.asarray(v, dtype=np.int32) for k, v in pats.items()}


def emulator_prediction(table: np.ndarray, width: int, op: str = "ld") -> int:
    from tilelab.emu.counters.metrics import shared_wavefronts
    addr = (np.maximum(table, 0).astype(np.int64) * 4)[None, :]
    return int(shared_wavefronts(addr, (table >= 0)[None, :], width, op)[0])


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--random", type=int, default=24, help="random patterns per width")
    p.add_argument("--partial", action="store_true", help="partly masked 8-byte accesses only (cause L)")
    p.add_argument("--xor", action="store_true", help="8- and 16-byte loads whose lanes share by XOR partner")
    args = p.parse_args(argv)
    bench = "gpu_wide_access_partial" if args.partial else "gpu_wide_access_xor" if args.xor else "gpu_wide_access"
    from tilelab.gpu.device import Device
    from tilelab.gpu.ncu import map_metrics, ncu_profile, requested
    from tilelab.gpu.spec import PackedArgs
    dev = Device()
    info = dev.info()
    res = header(bench, dev, args)
    res.update(kernel_source=SOURCE, reps=REPS, errors=[], cases=[])
    names = ("ld8", "ld8p", "st8", "st8p") if args.partial else ("ld8", "ld16") if args.xor else ("ld8", "ld16", "st8", "st16")
    kernels = {n: spec_src(SOURCE, n, info["arch"], "bench/gpu_wide_access.py") for n in names}
    launches, meta = [], []
    for name, k in kernels.items():
        width = int(name[2:].rstrip("p"))
        pats = partial_patterns() if args.partial else xor_patterns(width) if args.xor else patterns(width, args.random)
        for pname, table in pats.items():
            launches.append((k, (1, 1, 1), (32, 1, 1),
                             PackedArgs([table.copy(), np.zeros(32, np.int32)], [True, True]), 0))
            meta.append((name, width, pname, table))

    def profile():
        rows = ncu_profile(launches)
        for (name, width, pname, table), row in zip(meta, rows):
            m = map_metrics(row)
            op = "ld" if name.startswith("ld") else "st"
            wf, req = m.get(f"shared_{op}_wavefronts"), m.get(f"shared_{op}_requests")
            res["cases"].append({
                "kernel": name, "op": op, "width": width, "pattern": pname, "lane_words": table.tolist(),
                "ncu_wavefronts": wf, "ncu_requests": req,
                "ncu_wavefronts_per_request": (wf / req) if wf is not None and req else None,
                "emulator_wavefronts_per_request": emulator_prediction(table, width, op),
                "ncu_raw": requested(row),
            })
    guarded(profile, res["errors"], "ncu")
    write(bench, res, args.out)
    print(f"{'kernel':<6} {'pattern':<30} {'ncu wf/req':>10} {'emu':>5}")
    bad = 0
    for c in res["cases"]:
        n = c["ncu_wavefronts_per_request"]
        same = n is not None and abs(n - c["emulator_wavefronts_per_request"]) < 1e-9
        bad += not same
        print(f"{c['kernel']:<6} {c['pattern']:<30} {('-' if n is None else f'{n:.2f}'):>10} "
              f"{c['emulator_wavefronts_per_request']:>5} {'' if same else '  <-- differs'}")
    print(f"{len(res['cases']) - bad} of {len(res['cases'])} patterns equal the emulator's rule")
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
