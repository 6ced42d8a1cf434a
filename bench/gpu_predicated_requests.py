"""Requests of warps whose lanes are all predicated off: what Nsight Compute counts.

    python bench/gpu_predicated_requests.py [--out bench/results]

The counting issue (13, item 2) says ncu counts a shared or global request for every
warp-level memory instruction executed, lanes active or not (for global requests, L1TEX
requests, the H200 recording of 2026-12-01 says otherwise: a warp with no lane on sends none),
and that ptxas turns short
branches around an access into predication (and back), so what a warp executes is the
SASS's business. The emulator now counts that way (tilelab/emu/isa.py request_keys,
tilelab/emu/counters/ifconvert.py); this measures it. One block of 4 warps; ``flags[t]`` says whether
thread t takes part; the flag patterns switch whole warps off, lanes only, or nothing.

* ``pred_*``: the access is predicated in the PTX itself (inline ``@p ld.shared`` ...), so
  ptxas keeps one predicated SASS instruction per PTX one.
* ``branch_*``: the same accesses written as C ``if (on) ...``; ptxas decides between a branch
  and predication, and the SASS mix in the JSON shows which it chose.
* ``reduce_tree``: the sample reduction's ``if (tid < s) sdata[tid] += sdata[tid + s]`` loop.

For every kernel and pattern the JSON holds ncu's requests, wavefronts and sectors, the
emulator's (counts="sass" and counts="ptx", and the active-lane view the emulator counted
before issue 13), and the kernel's per-line SASS memory instructions with their predicates.
The table says where ncu and the emulator differ.
"""
from __future__ import annotations

import sys

import numpy as np

from gpu_common import guarded, header, parser, write

REPS = 8
THREADS = 128
SOURCE = r"""
#define REPS 8
#define WORDS 512
// Every kernel: one block of 128 threads; flags[t] != 0 means thread t takes part.
extern "C" __global__ void pred_lds(const int* flags, const unsigned* src, unsigned* out) {
    __shared__ unsigned s[WORDS];
    for (int i = threadIdx.x; i < WORDS; i += blockDim.x) s[i] = src[i];
    __syncthreads();
    unsigned on = flags[threadIdx.x];
    unsigned a = (unsigned)__cvta_generic_to_shared(s + threadIdx.x % 32);
    unsigned acc = 0;
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        unsigned x = 0;
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; @p ld.shared.u32 %0, [%2]; }"
                     : "+r"(x) : "r"(on), "r"(a + 128u * r) : "memory");
        acc += x;
    }
    out[threadIdx.x] = acc;
}
extern "C" __global__ void pred_sts(const int* flags, const unsigned* src, unsigned* out) {
    __shared__ unsigned s[WORDS];
    unsigned on = flags[threadIdx.x];
    unsigned a = (unsigned)__cvta_generic_to_shared(s + threadIdx.x % 32);
#pragma unroll
    for (int r = 0; r < REPS; ++r)
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %0, 0; @p st.shared.u32 [%1], %2; }"
                     :: "r"(on), "r"(a + 128u * r), "r"(threadIdx.x + r) : "memory");
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
extern "C" __global__ void pred_ldg(const int* flags, const unsigned* src, unsigned* out) {
    unsigned on = flags[threadIdx.x];
    unsigned acc = 0;
#pragma unroll
    for (int r = 0; r < REPS; ++r) {
        unsigned x = 0;
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; @p ld.global.u32 %0, [%2]; }"
                     : "+r"(x) : "r"(on), "l"(src + threadIdx.x + 128 * r) : "memory");
        acc += x;
    }
    out[threadIdx.x] = acc;
}
extern "C" __global__ void pred_stg(const int* flags, const unsigned* src, unsigned* out) {
    unsigned on = flags[threadIdx.x];
#pragma unroll
    for (int r = 0; r < REPS; ++r)
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %0, 0; @p st.global.u32 [%1], %2; }"
                     :: "r"(on), "l"(out + threadIdx.x + 128 * r), "r"(threadIdx.x + r) : "memory");
}
extern "C" __global__ void pred_atoms(const int* flags, const unsigned* src, unsigned* out) {
    __shared__ unsigned s[WORDS];
    for (int i = threadIdx.x; i < WORDS; i += blockDim.x) s[i] = 0;
    __syncthreads();
    unsigned on = flags[threadIdx.x];
    unsigned a = (unsigned)__cvta_generic_to_shared(s + threadIdx.x % 32);
#pragma unroll
    for (int r = 0; r < REPS; ++r)
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %0, 0; @p red.shared.add.u32 [%1], %2; }"
                     :: "r"(on), "r"(a + 128u * r), "r"(r + 1) : "memory");
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
extern "C" __global__ void branch_lds(const int* flags, const unsigned* src, unsigned* out) {
    __shared__ unsigned s[WORDS];
    for (int i = threadIdx.x; i < WORDS; i += blockDim.x) s[i] = src[i];
    __syncthreads();
    unsigned acc = 0;
    if (flags[threadIdx.x])
        acc = s[threadIdx.x % 32] + s[(threadIdx.x * 7) % WORDS];
    out[threadIdx.x] = acc;
}
extern "C" __global__ void branch_stg(const int* flags, const unsigned* src, unsigned* out) {
    unsigned v = src[threadIdx.x];
    if (flags[threadIdx.x])
        out[threadIdx.x] = v * 3u;
}
extern "C" __global__ void reduce_tree(const int* flags, const unsigned* src, unsigned* out) {
    __shared__ unsigned s[128];
    unsigned tid = threadIdx.x;
    s[tid] = flags[tid] ? src[tid] : 0;
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0)
        out[0] = s[0];
}
"""
KERNELS = ("pred_lds", "pred_sts", "pred_ldg", "pred_stg", "pred_atoms", "branch_lds", "branch_stg",
           "reduce_tree")
KEYS = ("shared_ld_requests", "shared_st_requests", "global_ld_requests", "global_st_requests",
        "shared_atom_requests", "shared_ld_wavefronts", "shared_st_wavefronts", "global_ld_sectors",
        "global_st_sectors")
EXTRA_METRICS = ("smsp__inst_executed_op_shared_atom.sum",
                 "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
                 "smsp__inst_executed_op_shared_ld_pred_off_all.sum",
                 "smsp__inst_executed_op_shared_st_pred_off_all.sum",
                 "smsp__inst_executed_op_global_ld_pred_off_all.sum",
                 "smsp__inst_executed_op_global_st_pred_off_all.sum")


def flag_patterns() -> dict[str, np.ndarray]:
    t = np.arange(THREADS)
    warp = t // 32
    return {k: v.astype(np.int32) for k, v in {
        "all_on": np.ones(THREADS),
        "warp1_off": warp != 1,                       # one warp with no lane on
        "warps1_3_off": warp % 2 == 0,                # two of them
        "odd_lanes_off": t % 2 == 0,                  # every warp has lanes on: no change expected
        "thread0_only": t == 0,                       # three warps off, one with a single lane
        "all_off": np.zeros(THREADS),
    }.items()}


def emulator_counts(kernel, flags, src, counts) -> dict:
    from tilelab.launch import launch
    out = np.zeros(THREADS * REPS, np.uint32)
    r = launch(kernel, (1,), (THREADS,), flags.copy(), src.copy(), out, backend="emu", echo=False, counts=counts)
    m = dict(r.metrics)
    m["notes"] = [f"line {n['line']}: {n['text']}" for n in r.count_notes]
    return m


def main(argv=None):
    p = parser(__doc__)
    args = p.parse_args(argv)
    from tilelab.toolchain import compile_cuda
    from tilelab.emu.counters.ifconvert import sass_predication
    from tilelab.gpu.device import Device
    from tilelab.gpu.ncu import METRICS, map_metrics, ncu_profile, requested
    from tilelab.gpu.spec import PackedArgs, kernel_spec
    dev = Device()
    info = dev.info()
    res = header("gpu_predicated_requests", dev, args)
    res.update(kernel_source=SOURCE, reps=REPS, errors=[], cases=[], sass={})
    prog = compile_cuda(SOURCE, filename="bench/gpu_predicated_requests.py")
    kernels = {n: prog.kernel(n) for n in KERNELS}
    for n, k in kernels.items():
        res["sass"][n] = guarded(lambda k=k: {f"{f}:{line} {kind}": pu for (f, line, kind), pu in
                                             sass_predication(prog.sass(info["arch"]), k.entry, prog.filename).items()},
                                 res["errors"], f"sass {n}")
    src = np.arange(THREADS * REPS, dtype=np.uint32) * 2654435761 % 1000
    src = src.astype(np.uint32)
    launches, meta = [], []
    for name, k in kernels.items():
        spec = kernel_spec(k, info["arch"])
        for pname, flags in flag_patterns().items():
            launches.append((spec, (1, 1, 1), (THREADS, 1, 1),
                             PackedArgs([flags.copy(), src.copy(), np.zeros(THREADS * REPS, np.uint32)],
                                        [True, True, True]), 0))
            meta.append((name, pname, flags))
    metrics = list(METRICS) + [m for m in EXTRA_METRICS if m not in METRICS]

    def profile():
        rows = ncu_profile(launches, metrics=metrics)
        for (name, pname, flags), row in zip(meta, rows):
            m = map_metrics(row)
            ncu = {k: m.get(k) for k in KEYS}
            if ncu.get("shared_atom_requests") is None:
                v = row.get("smsp__inst_executed_op_shared_atom.sum")
                ncu["shared_atom_requests"] = int(v) if isinstance(v, (int, float)) else None
            emu = {c: emulator_counts(kernels[name], flags, src, c) for c in ("sass", "ptx")}
            res["cases"].append({
                "kernel": name, "flags": pname, "lanes_on": int(flags.sum()), "ncu": ncu,
                "emu_sass": {k: emu["sass"].get(k) for k in KEYS},
                "emu_ptx": {k: emu["ptx"].get(k) for k in KEYS},
                "emu_active": {k: emu["sass"].get(k + "_active") for k in KEYS if k.endswith("_requests")},
                "emu_notes": emu["sass"]["notes"],
                "ncu_raw": requested(row, metrics),
            })
    guarded(profile, res["errors"], "ncu")
    write("gpu_predicated_requests", res, args.out)
    print(f"{'kernel':<12} {'flags':<14} {'metric':<22} {'ncu':>6} {'sass':>6} {'ptx':>6} {'active':>6}")
    bad = 0
    for c in res["cases"]:
        for k in KEYS:
            n, s, x = c["ncu"].get(k), c["emu_sass"].get(k), c["emu_ptx"].get(k)
            a = c["emu_active"].get(k, "")
            if n is None or (n == s == x == 0):
                continue
            bad += n != s
            print(f"{c['kernel']:<12} {c['flags']:<14} {k:<22} {n:>6} {s:>6} {x:>6} {a!s:>6}"
                  f"{'' if n == s else '  <-- differs'}")
    print(f"{bad} counts differ between ncu and the emulator (counts='sass')")
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
