"""The Tensor Core climb (kernels/mma_ladder.cu, kernels/mma_nmajor.cu) against cublasGemmEx.

    python bench/gpu_mma_ladder.py [--sizes 4096 8192] [--sweep] [--ncu] [--out bench/results]

C (M x N, fp32) = A (M x K, fp16) * B (fp16), M = N = K, FP32 accumulate. cuBLAS does exactly
that (cublasGemmEx: CUDA_R_16F A and B, CUDA_R_32F C, CUBLAS_COMPUTE_32F), timed in the same
process, round-robin with the rungs, by DESIGN §6's method (tilelab.gpu.timing.measure). Every
output is checked against cuBLAS's on the device before it is timed (and cuBLAS against
float64 on sampled rows).

--sweep also times variants of rung 5 (block tile, stages, rasterisation group), compiled
from the same file with -D. --ncu profiles every kernel once at --ncu-size (256 by default:
the emulator runs the same launch on this machine's CPUs, so both counts sit side by side)
and reads wavefronts per ldmatrix request, the LDGSTS (cp.async) shared-store wavefronts
(metric names found with ``ncu --query-metrics``), the bank-conflict share, and, for the top
rung at 4096^3, what limits it (tensor pipe, shared pipe, DRAM, stall reasons).
Writes bench/results/gpu_mma_ladder-<date>.json and, with --ncu, fidelity_mma-<date>.json.
"""
from __future__ import annotations

import re
import sys
import time

import numpy as np

from gpu_common import KERNELS, Clock, guarded, header, parser, write

LADDER = {  # label: (file, kernel, block tile (BM, BN), dynamic shared bytes, 1-D rasterised grid)
    "r1_plain": ("mma_ladder.cu", "mmaR1Plain", (128, 128), 0, False),
    "r2_swizzled": ("mma_ladder.cu", "mmaR2Swizzled", (128, 128), 0, False),
    "r3_cp_async": ("mma_ladder.cu", "mmaR3CpAsync", (128, 128), 0, False),
    "r4_pipelined": ("mma_ladder.cu", "mmaR4Pipelined", (128, 128), 3 * 32768, False),
    "r5_warp_tile": ("mma_ladder.cu", "mmaR5WarpTile", (256, 128), 4 * 49152, True),
}
SIDE = {  # beside the ladder: padding instead of swizzle (+8 halves per row, 144-byte rows)
    "r2_padded8": ("mma_ladder.cu", "mmaPadded8", (128, 128), 0, False),
}
NMAJOR = {  # B stored K x N (N-major), loaded with ldmatrix.trans
    "nmajor_plain": ("mma_nmajor.cu", "mmaNMajorPlain", (128, 128), 0, False),
    "nmajor_trap": ("mma_nmajor.cu", "mmaNMajorTrap", (128, 128), 0, False),
    "nmajor_swizzled": ("mma_nmajor.cu", "mmaNMajorSwizzled", (128, 128), 0, False),
}
SWEEP = [  # rung-5 variants: (BM, BN, stages, group)
    (128, 256, 3, 8), (128, 256, 4, 8), (256, 128, 3, 8), (256, 128, 4, 16), (256, 128, 4, 1),
]
LIMITER_METRICS = [
    "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active",
    "sm__inst_executed_pipe_tensor_op_hmma.avg.pct_of_peak_sustained_active",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared.avg.pct_of_peak_sustained_elapsed",
    "dram__throughput.avg.pct_of_peak_sustained_elapsed",
    "lts__t_sectors.avg.pct_of_peak_sustained_elapsed",
    "sm__throughput.avg.pct_of_peak_sustained_elapsed",
    "sm__warps_active.avg.pct_of_peak_sustained_active",
    "smsp__issue_active.avg.pct_of_peak_sustained_active",
    "launch__registers_per_thread",
    "launch__occupancy_limit_registers",
    "smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_wait_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_selected_per_issue_active.ratio",
    "gpu__time_duration.sum",
]


def r5_options(v):
    bm, bn, st, grp = v
    return (f"-DR5_BM={bm}", f"-DR5_BN={bn}", f"-DR5_STAGES={st}", f"-DR5_GROUP={grp}")


def all_kernels(sweep: bool) -> dict:
    ks = {**LADDER, **SIDE, **NMAJOR}
    if sweep:
        for v in SWEEP:
            bm, bn, st, grp = v
            ks[f"r5_{bm}x{bn}_s{st}_g{grp}"] = ("mma_ladder.cu", "mmaR5WarpTile", (bm, bn),
                                               st * (bm + bn) * 64 * 2, True, r5_options(v))
    return ks


def compile_all(kernels: dict, arch: str) -> dict:
    from tilelab.toolchain import kernel_from_file
    from tilelab.gpu.spec import kernel_spec
    out = {}
    for label, (f, name, *rest) in kernels.items():
        opts = rest[3] if len(rest) > 3 else ()
        out[label] = kernel_spec(kernel_from_file(KERNELS / f, name, options=opts), arch)
    return out


def grid_of(entry, M, N):
    _, _, (bm, bn), _, flat, *_ = entry
    return ((M // bm) * (N // bn),) if flat else (N // bn, M // bm)


class Cublas:
    """C (M x N row-major fp32) = A (M x K) @ Bt^T through cublasGemmEx, on the device stream.
    Row-major C is column-major C^T = Bt (as op T of its column-major K x N view) x A^T."""

    def __init__(self, dev, dA, dBt, dC):
        try:
            from cupy_backends.cuda.libs import cublas
        except ImportError:
            from cupy.cuda import cublas
        self.cb, self.dev = cublas, dev
        self.handle = dev.cp.cuda.device.get_cublas_handle()
        self.alpha = np.ones(1, np.float32)
        self.beta = np.zeros(1, np.float32)
        self.args = (dA, dBt, dC)
        rt = dev.cp.cuda.runtime
        self.f16, self.f32 = getattr(rt, "CUDA_R_16F", 2), getattr(rt, "CUDA_R_32F", 0)
        self.compute = getattr(cublas, "CUBLAS_COMPUTE_32F", 68)
        self.algo = getattr(cublas, "CUBLAS_GEMM_DEFAULT", -1)

    def __call__(self):
        dA, dBt, dC = self.args
        M, K = dA.shape
        N = dBt.shape[0]
        with self.dev.stream:
            self.cb.gemmEx(self.handle, 1, 0, N, M, K, self.alpha.ctypes.data, dBt.data.ptr, self.f16, K,
                           dA.data.ptr, self.f16, K, self.beta.ctypes.data, dC.data.ptr, self.f32, N,
                           self.compute, self.algo)


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--sizes", type=int, nargs="+", default=[4096, 8192])
    p.add_argument("--sweep", action="store_true", help="also time rung-5 variants")
    p.add_argument("--ncu", action="store_true", help="counters per kernel at --ncu-size")
    p.add_argument("--ncu-size", type=int, default=256)
    p.add_argument("--max-seconds", type=float, default=3.0)
    args = p.parse_args(argv)
    from tilelab.gpu.device import Device
    from tilelab.gpu.timing import kernel_launcher, measure
    dev = Device()
    cp = dev.cp
    arch = dev.info()["arch"]
    clock = Clock()
    kernels = all_kernels(args.sweep)
    specs = compile_all(kernels, arch)
    print(f"[{clock}] compiled {len(specs)} kernels for {arch}", flush=True)
    res = header("gpu_mma_ladder", dev, args)
    res["throttle_before"] = throttle()
    res.update(kernels={k: {"file": f"kernels/{v[0]}", "kernel": v[1], "block": [256], "block_tile": list(v[2]),
                            "dynamic_shared": v[3], "options": list(v[5]) if len(v) > 5 else []}
                        for k, v in kernels.items()},
               reference=("cublasGemmEx(OP_T, OP_N) with CUDA_R_16F A and B, CUDA_R_32F C, CUBLAS_COMPUTE_32F, "
                          "CUBLAS_GEMM_DEFAULT, timed in this process"),
               sizes={}, errors=[])
    opts = dict(max_seconds=args.max_seconds, max_runs=200) if not args.quick else dict(max_seconds=0.5, min_runs=5)
    rng = np.random.default_rng(11)
    for n in args.sizes:
        def one_size(n=n):
            cp.random.seed(n)
            with dev.stream:
                dA = cp.random.uniform(-1, 1, (n, n), dtype=cp.float32).astype(cp.float16)
                dBt = cp.random.uniform(-1, 1, (n, n), dtype=cp.float32).astype(cp.float16)
                dB = cp.ascontiguousarray(dBt.T)                    # K x N for the N-major kernels
            launches, outs = {}, {}
            for label, entry in kernels.items():
                with dev.stream:
                    outs[label] = cp.full((n, n), np.nan, dtype=cp.float32)
                second = dB if label.startswith("nmajor") else dBt
                launches[label] = kernel_launcher(dev, specs[label], grid_of(entry, n, n), (256,), shared=entry[3],
                                                  dev_args=[dA, second, outs[label], np.int32(n), np.int32(n),
                                                            np.int32(n)])
            with dev.stream:
                outs["cublas"] = cp.full((n, n), np.nan, dtype=cp.float32)
            launches["cublas"] = Cublas(dev, dA, dBt, outs["cublas"])
            rows = np.sort(rng.choice(n, size=16, replace=False))
            dev.stream.synchronize()
            ref = cp.asnumpy(dA[cp.asarray(rows)]).astype(np.float64) @ cp.asnumpy(dBt).astype(np.float64).T
            checks = {}

            def check(label):
                dev.stream.synchronize()
                out = outs[label]
                nan = int(cp.isnan(out).sum().get())
                got = cp.asnumpy(out[cp.asarray(rows)]).astype(np.float64)
                err64 = float(np.linalg.norm(got - ref) / np.linalg.norm(ref))
                c = {"rel_err_vs_float64_sampled_rows": err64, "unwritten_or_nan": nan}
                if label != "cublas":
                    launches["cublas"]()                 # a fresh cuBLAS result to compare with
                    dev.stream.synchronize()
                    d = float((cp.linalg.norm(out - outs["cublas"]) / cp.linalg.norm(outs["cublas"])).get())
                    c["rel_err_vs_cublas"] = d
                c["tolerance"] = 1e-4
                c["pass"] = bool(nan == 0 and err64 < 1e-4 and c.get("rel_err_vs_cublas", 0) < 1e-4)
                checks[label] = c
            alone = measure(dev, {"cublas": launches["cublas"]}, **opts)["cublas"]   # cuBLAS on its own first
            stats = measure(dev, launches, check=check, **opts)
            flops = 2.0 * n ** 3
            t = {k: s["median_s"] for k, s in stats.items()}
            out = {"flops": flops, "check": checks, "stats": stats, "cublas_alone": alone,
                   "cublas_alone_tflops_median": flops / alone["median_s"] / 1e12,
                   "tflops_median": {k: flops / v / 1e12 for k, v in t.items()},
                   "tflops_best": {k: flops / s["min_s"] / 1e12 for k, s in stats.items()},
                   "fraction_of_cublas": {k: t["cublas"] / v for k, v in t.items()},
                   "ratios": {"r2_over_r1": t["r1_plain"] / t["r2_swizzled"],
                              "r3_over_r2": t["r2_swizzled"] / t["r3_cp_async"],
                              "r4_over_r3": t["r3_cp_async"] / t["r4_pipelined"],
                              "r5_over_r4": t["r4_pipelined"] / t["r5_warp_tile"],
                              "nmajor_swizzled_over_plain": t["nmajor_plain"] / t["nmajor_swizzled"],
                              "nmajor_swizzled_over_trap": t["nmajor_trap"] / t["nmajor_swizzled"]}}
            res["sizes"][str(n)] = out
            bad = [k for k, c in checks.items() if not c["pass"]]
            print(f"[{clock}] N={n}: cuBLAS timed alone first: {out['cublas_alone_tflops_median']:.1f} TFLOP/s", flush=True)
            print(f"[{clock}] N={n}: checks " + ("PASS" if not bad else f"FAIL {bad}"), flush=True)
            for k in launches:
                print(f"  {k:24s} {out['tflops_median'][k]:7.1f} TFLOP/s  {out['fraction_of_cublas'][k]:.3f} of cuBLAS"
                      f"  (best {out['tflops_best'][k]:.1f}; n={stats[k]['n']}, rse {stats[k]['rel_stderr']:.4f})",
                      flush=True)
            del dA, dBt, dB, outs, launches
            cp.get_default_memory_pool().free_all_blocks()
        guarded(one_size, res["errors"], f"N={n}")
    res["throttle_after_timing"] = throttle()
    if args.ncu:
        guarded(lambda: res.update(ncu=ncu_counts(specs, kernels, args.ncu_size)), res["errors"], "ncu")
        guarded(lambda: res.update(ncu_limiter=ncu_limiter(specs, kernels, 4096)), res["errors"], "ncu limiter")
    path = write("gpu_mma_ladder", res, args.out)
    if "ncu" in res:
        write("fidelity_mma", {k: res[k] for k in ("benchmark", "date", "commit", "command", "gpu", "arch",
                                                     "driver")} | {"ncu": res["ncu"], "source": str(path.name)},
              args.out)
    table(res)
    return 1 if res["errors"] else 0


def throttle() -> dict:
    """Clocks, power and the clock-event (throttle) reasons, read-only (nvidia-smi --query-gpu)."""
    import subprocess
    q = ("clocks.sm,clocks.mem,power.draw,power.limit,temperature.gpu,clocks_event_reasons.active,"
         "clocks_event_reasons.sw_power_cap,clocks_event_reasons.hw_slowdown,clocks_event_reasons.sw_thermal_slowdown")
    try:
        r = subprocess.run(["nvidia-smi", f"--query-gpu={q}", "--format=csv,noheader"], capture_output=True,
                           text=True, timeout=20)
        return dict(zip(q.split(","), (x.strip() for x in r.stdout.strip().split(","))))
    except Exception as e:  # noqa: BLE001
        return {"error": str(e)}


def table(res):
    print("\nrung                      " + "".join(f"  N={n}: TFLOP/s  of cuBLAS" for n in res["sizes"])
          + "  wf/ldsm (ncu, emu)  LDGSTS wf/req (ncu, emu)")
    labels = next(iter(res["sizes"].values()))["tflops_median"] if res["sizes"] else {}
    for k in labels:
        line = f"{k:26s}"
        for n, r in res["sizes"].items():
            line += f"  {r['tflops_median'][k]:13.1f}  {r['fraction_of_cublas'][k]:9.3f}"
        c = res.get("ncu", {}).get(k)
        if c:
            line += f"  {_f(c.get('ldmatrix_wavefronts_per_request'))}, {_f(c['emu'].get('ldmatrix_wavefronts_per_request'))}"
            line += f"  {_f(c.get('ldgsts_wavefronts_per_request'))}, {_f(c['emu'].get('cp_async_st_wavefronts_per_request'))}"
        print(line)
    if res.get("ncu_limiter"):
        print("\nrung 5 at 4096^3 (ncu):")
        for k, v in res["ncu_limiter"].items():
            print(f"  {k}: {v}")


def _f(x):
    return "-" if x is None else f"{x:.2f}"


def _ratio(a, b):
    return (a / b) if (a is not None and b) else None


def ldgsts_metric_names(exe) -> list:
    from tilelab.gpu.ncu import known_metrics
    names = sorted(n for n in known_metrics(exe) if "ldgsts" in n.lower())
    return [n + ".sum" for n in names]


def emu_counts(entry, M, N, K, A, Bsecond):
    from tilelab.toolchain import kernel_from_file
    from tilelab.launch import launch
    f, name, *rest = entry
    opts = rest[3] if len(rest) > 3 else ()
    k = kernel_from_file(KERNELS / f, name, options=opts)
    C = np.full((M, N), np.nan, np.float32)
    t0 = time.perf_counter()
    r = launch(k, grid_of(entry, M, N), (256,), A, Bsecond, C, M, N, K, shared=entry[3], backend="emu")
    m = dict(r.metrics)
    m["seconds"] = time.perf_counter() - t0
    m["findings"] = [str(f) for f in r.findings]
    m["ldmatrix_wavefronts_per_request"] = None  # the emulator folds ldmatrix into shared loads: see below
    # shared loads besides ldmatrix that touch memory (ptxas's @!PT LDS before LDGSTS are requests
    # with no lane: tilelab/emu/counters/ifconvert.py)
    ld_other = m.get("shared_ld_requests_active", m["shared_ld_requests"]) - m["ldmatrix_requests"]
    if ld_other == 0 and m["ldmatrix_requests"]:
        m["ldmatrix_wavefronts_per_request"] = m["shared_ld_wavefronts"] / m["ldmatrix_requests"]
    m["cp_async_st_wavefronts_per_request"] = _ratio(m.get("cp_async_st_wavefronts"), m.get("cp_async_requests"))
    m["max_abs_err"] = float(np.abs(C - A.astype(np.float64) @ (Bsecond.astype(np.float64).T if not name.startswith(
        "mmaNMajor") else Bsecond.astype(np.float64))).max())
    return m


def ncu_counts(specs, kernels, n):
    from tilelab.gpu.ncu import METRICS, find_ncu, known_metrics, map_metrics, ncu_profile, requested
    from tilelab.gpu.spec import PackedArgs
    exe = find_ncu()
    ldgsts = ldgsts_metric_names(exe)
    extra = ["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
             "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"]
    metrics = list(dict.fromkeys(METRICS + extra + ldgsts))
    rng = np.random.default_rng(3)
    A = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    Bt = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    B = np.ascontiguousarray(Bt.T)
    labels = list(kernels)
    launches = []
    for k in labels:
        e = kernels[k]
        M = N = K = n
        second = B if k.startswith("nmajor") else Bt
        g = grid_of(e, M, N)
        launches.append((specs[k], tuple(g) + (1,) * (3 - len(g)), (256, 1, 1),
                         PackedArgs([A, second, np.zeros((n, n), np.float32), np.int32(n), np.int32(n), np.int32(n)],
                                    [False, False, True, False, False, False]), e[3]))
    rows = ncu_profile(launches, metrics=metrics)
    out = {"size": n, "ldgsts_metric_names": ldgsts,
           "all_known_ldgsts": sorted(x for x in known_metrics(exe) if "ldgsts" in x.lower()),
           "all_known_ldsm": sorted(x for x in known_metrics(exe) if "ldsm" in x.lower())}
    for k, row in zip(labels, rows):
        m = map_metrics(row)
        raw = requested(row, metrics)
        ld_wf = raw.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum")
        ld_conf = raw.get("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum")
        gs_inst = next((raw[x] for x in raw if "ldgsts" in x and x.startswith("smsp__") and "inst" in x), None)
        gs_wf = next((raw[x] for x in raw if "ldgsts" in x and "wavefronts" in x and "shared" in x), None)
        e = kernels[k]
        second = B if k.startswith("nmajor") else Bt
        emu = guarded(lambda: emu_counts(e, n, n, n, A, second), [], f"emu {k}") or {}
        out[k] = {"metrics": m, "raw": raw, "emu": emu,
                  "ldmatrix_wavefronts_per_request": _ratio(m.get("ldmatrix_wavefronts"), m.get("ldmatrix_requests")),
                  "shared_ld_wavefronts_per_ldsm_request": _ratio(ld_wf, m.get("ldmatrix_requests")),
                  "bank_conflict_share_ld": _ratio(ld_conf, ld_wf),
                  "ldgsts_requests": gs_inst, "ldgsts_shared_wavefronts": gs_wf,
                  "ldgsts_wavefronts_per_request": _ratio(gs_wf, gs_inst)}
        print(f"ncu {k}: ldsm {m.get('ldmatrix_requests')} req, {out[k]['ldmatrix_wavefronts_per_request']} wf/req "
              f"(emu {emu.get('ldmatrix_requests')}, {emu.get('ldmatrix_wavefronts_per_request')}); "
              f"ldgsts {gs_inst} req {gs_wf} wf (emu {emu.get('cp_async_requests')}, "
              f"{emu.get('cp_async_st_wavefronts')}); conflicts share {out[k]['bank_conflict_share_ld']}", flush=True)
    return out


def ncu_limiter(specs, kernels, n):
    from tilelab.gpu.ncu import ncu_profile, requested
    from tilelab.gpu.spec import PackedArgs
    rng = np.random.default_rng(4)
    A = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    Bt = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    e = kernels["r5_warp_tile"]
    g = grid_of(e, n, n)
    launch = (specs["r5_warp_tile"], tuple(g) + (1, 1), (256, 1, 1),
              PackedArgs([A, Bt, np.zeros((n, n), np.float32), np.int32(n), np.int32(n), np.int32(n)],
                         [False, False, True, False, False, False]), e[3])
    rows = ncu_profile([launch], metrics=LIMITER_METRICS)
    return requested(rows[-1], LIMITER_METRICS) | {"_dropped": rows[-1].get("_dropped_metrics", [])}


if __name__ == "__main__":
    sys.exit(main())
