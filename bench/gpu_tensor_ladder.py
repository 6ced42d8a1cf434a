"""The Tensor Core ladders of lessons 06 (mma.sync, kernels/mma_ladder.cu) and 07 (TMA + wgmma,
kernels/wgmma_ladder.cu) against cuBLAS, under one sustained timing protocol.

    python bench/gpu_tensor_ladder.py [--size 8192] [--seconds 1.0] [--repeats 3] [--fixed 256] [--ncu]

C (M x N, fp32) = A (M x K, fp16) * B (N x K, fp16)^T, M = N = K = --size, FP32 accumulate. cuBLAS
does exactly that (cublasGemmEx: CUDA_R_16F A and B, CUDA_R_32F C, CUBLAS_COMPUTE_32F) in the same
process.

The sustained protocol (the card reaches its software power cap within a second of matrix work, and
every kernel slows down with it): each kernel runs back to back, with no gap, for at least --seconds
(CUDA events around the whole run; the time per launch is the run's time over its launches; a
back-to-back run of about a quarter of that sizes it, and a run that comes out short is redone). Every
repeat runs every kernel once, cuBLAS included, in an order rotated by one each repeat; --repeats
repeats; the reported time is the median over repeats, and each ratio is cuBLAS's median over the
kernel's. Clocks, power and the throttle reasons are read (nvidia-smi) while each run is under way.

Every output is checked before it is timed: against cuBLAS's (relative Frobenius error) and against
float64 on sampled rows. --fixed N also records every kernel's N^3 output on fixed inputs
(np.random.default_rng(2026): A then B, uniform(-1, 1) rounded to fp16) bit for bit, for the
emulator to match. --ncu profiles the swizzle / no-swizzle pair of lesson 07 (rung 2) once at
--ncu-size and reads the counters that move.
Writes bench/results/gpu_tensor_ladder-<date>.json (with --fixed, the outputs' bits inside it).
"""
from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_common import Clock, guarded, header, parser, write  # noqa: E402
from hopper_common import build, dump_arrays, grid_of, ladder_table, load, maps_for, shared_bytes, sha  # noqa: E402

PROTOCOL = ("sustained: each kernel launched back to back with no gap for >= {seconds} s (CUDA events around "
            "the whole run; time per launch = run time / launches; the run is sized by a back-to-back run of "
            "about a quarter of that just before it, and done again longer if it came out short); every "
            "repeat runs every kernel once, cuBLAS included, in an order rotated by one each repeat; {repeats} "
            "repeats; median over repeats; ratio = cuBLAS median / kernel median; clocks, power and throttle "
            "reasons sampled with nvidia-smi during each run; no L2 flush (inputs {mib} MiB each, > L2)")
L06 = {  # label: (kernel, block tile (BM, BN), dynamic shared bytes, 1-D rasterised grid, -D options)
    "r1_plain": ("mmaR1Plain", (128, 128), 0, False, ()),
    "r2_swizzled": ("mmaR2Swizzled", (128, 128), 0, False, ()),
    "r3_cp_async": ("mmaR3CpAsync", (128, 128), 0, False, ()),
    "r4_pipelined": ("mmaR4Pipelined", (128, 128), 3 * 32768, False, ()),
    "r5_warp_tile": ("mmaR5WarpTile", (256, 128), 4 * 49152, True, ()),
    # rung 5's shapes and depths beside it (the same source, -D): what tuning mma.sync still gives
    "r5_128x256_s3": ("mmaR5WarpTile", (128, 256), 3 * 49152, True, ("-DR5_BM=128", "-DR5_BN=256", "-DR5_STAGES=3")),
    "r5_256x128_s3": ("mmaR5WarpTile", (256, 128), 3 * 49152, True, ("-DR5_STAGES=3",)),
}
V07 = {  # lesson 07 rungs built with other -D values: label: (rung label, {define: value})
    "h2_pipelined_s2": ("h2_pipelined", {"STAGES": 2}),
    "h2_pipelined_s3": ("h2_pipelined", {"STAGES": 3}),
    "h4_group16": ("h4_overlapped", {"GROUP_M": 16}),
}
PEAK_BLOCKS, PEAK_ITERS = 132 * 8, 4096      # mma_peak.cu: 256 threads a block, 8 mma.sync an iteration
SMI_Q = ("clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active,clocks_event_reasons.sw_power_cap,"
         "clocks_event_reasons.hw_slowdown,clocks_event_reasons.sw_thermal_slowdown")
NCU_METRICS = [
    "gpu__time_duration.sum",
    "sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active",
    "sm__inst_executed_pipe_tensor_op_gmma.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum",
    "smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_wait_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_membar_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_sleeping_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio",
    "smsp__average_warps_issue_stalled_misc_per_issue_active.ratio",
    "dram__throughput.avg.pct_of_peak_sustained_elapsed",
    "lts__t_sectors.avg.pct_of_peak_sustained_elapsed",
    "sm__throughput.avg.pct_of_peak_sustained_elapsed",
]
NCU_KEYWORDS = ("gmma", "tma", "mem_shared", "utmald", "bulk")


def smi() -> dict:
    try:
        r = subprocess.run(["nvidia-smi", f"--query-gpu={SMI_Q}", "--format=csv,noheader"], capture_output=True,
                           text=True, timeout=20)
        return dict(zip(SMI_Q.split(","), (x.strip() for x in r.stdout.strip().split(","))))
    except Exception as e:  # noqa: BLE001
        return {"error": str(e)}


class Cublas:
    """C (M x N row-major fp32) = A (M x K) @ Bt^T through cublasGemmEx: row-major C is column-major
    C^T = Bt (op T of its column-major K x N view) x A^T."""

    def __init__(self, cp, stream, dA, dBt, dC):
        try:
            from cupy_backends.cuda.libs import cublas
        except ImportError:
            from cupy.cuda import cublas
        self.cb, self.cp, self.stream = cublas, cp, stream
        self.handle = cp.cuda.device.get_cublas_handle()
        self.alpha, self.beta = np.ones(1, np.float32), np.zeros(1, np.float32)
        self.args = (dA, dBt, dC)

    def __call__(self):
        dA, dBt, dC = self.args
        M, K = dA.shape
        N = dBt.shape[0]
        self.cb.setStream(self.handle, self.stream.ptr)
        self.cb.gemmEx(self.handle, 1, 0, N, M, K, self.alpha.ctypes.data, dBt.data.ptr, 2, K,
                       dA.data.ptr, 2, K, self.beta.ctypes.data, dC.data.ptr, 0, N, 68, -1)


def compile_all(cp, dev, only=None):
    """{label: dict(fn, rung, threads, shared, maps, lesson, grid(M, N), defines)} for both ladders, the
    variants and the mma.sync peak; ``only``: just those labels."""
    from tilelab.gpu.spec import kernel_spec
    from tilelab.toolchain import kernel_from_file
    from hopper_common import KERNELS
    out, logs = {}, {}
    sms = dev.info()["sm_count"]
    t = ladder_table()
    rungs = {r["label"]: r for r in t["rungs"] + t["side"]}
    todo = [(label, r, {"STAGES": r["stages"]}) for label, r in rungs.items()]
    todo += [(label, rungs[base], {"STAGES": rungs[base]["stages"], **d}) for label, (base, d) in V07.items()]
    builds = {}
    for label, r, d in todo:
        if only and label not in only:
            continue
        key = tuple(sorted(d.items()))
        if key not in builds:
            names = sorted({x["kernel"] for x in rungs.values()})
            builds[key] = build("wgmma_ladder.cu", names, tuple(f"-D{k}={v}" for k, v in key))
            logs[" ".join(f"-D{k}={v}" for k, v in key)] = builds[key]["_log"][-3000:]
        b = builds[key]
        r = dict(r, stages=d["STAGES"])
        sh = shared_bytes(r)
        out[label] = dict(fn=load(cp, *b[r["kernel"]], shared=sh), rung=r, threads=r["threads"], shared=sh,
                          maps=True, lesson="07", defines=d, grid=lambda M, N, r=r: grid_of(r, M, N, sms))
    arch = dev.info()["arch"]
    for label, (name, (bm, bn), sh, flat, opts) in L06.items():
        if only and label not in only:
            continue
        spec = kernel_spec(kernel_from_file(KERNELS / "mma_ladder.cu", name, options=opts), arch)
        fn = dev.prepare(spec, sh)
        out[label] = dict(fn=fn, rung=None, threads=256, shared=sh, maps=False, lesson="06", defines=list(opts),
                          grid=lambda M, N, bm=bm, bn=bn, flat=flat: ((M // bm) * (N // bn),) if flat
                          else (N // bn, M // bm))
    if not only or "mma_sync_peak" in only:
        spec = kernel_spec(kernel_from_file(Path(__file__).resolve().parent / "mma_peak.cu", "mmaSyncPeak"), arch)
        out["mma_sync_peak"] = dict(fn=dev.prepare(spec, 0), rung=None, threads=256, shared=0, maps=False,
                                    lesson="06", defines=[], grid=None,
                                    flops=PEAK_BLOCKS * 8 * PEAK_ITERS * 8 * 2 * 16 * 8 * 16)
    b = next(iter(builds.values())) if builds else {"_tool": None, "_nvrtc": None, "_ptx": ""}
    return out, {"wgmma_build_tool": b["_tool"], "nvrtc": b["_nvrtc"], "ptxas_logs": logs,
                 "ptx_instructions": ptx_instructions(b["_ptx"])}


def ptx_instructions(ptx: str) -> list:
    import re
    ops = set()
    for ln in ptx.splitlines():
        m = re.match(r"\s*(?:@!?%\w+\s+)?([a-z][\w.:]*)", ln)
        if m and any(m.group(1).startswith(p) for p in ("wgmma", "cp.async", "mbarrier", "fence", "elect",
                                                         "setmaxnreg")):
            ops.add(m.group(1))
    return sorted(ops)


def launcher(cp, stream, k, dA, dBt, dC, M, N, K):
    from tilelab.gpu.tensormap import launch_with_maps
    if k["grid"] is None:                          # the mma.sync peak: its own grid, no inputs
        fn, out = k["fn"], cp.empty(PEAK_BLOCKS * 256, cp.float32)

        def peak():
            with stream:
                fn((PEAK_BLOCKS,), (256,), (out, np.int32(PEAK_ITERS)))
        return peak
    grid, block, sh = k["grid"](M, N), (k["threads"],), k["shared"]
    if k["maps"]:
        ma, mb = maps_for(k["rung"], dA, dBt)
        args = [ma, mb, dC, np.int32(M), np.int32(N), np.int32(K)]
        return lambda: launch_with_maps(k["fn"], grid, block, args, sh, stream)
    fn = k["fn"]
    args = (dA, dBt, dC, np.int32(M), np.int32(N), np.int32(K))

    def go():
        with stream:
            fn(tuple(grid), block, args, shared_mem=sh)
    return go


def fixed_outputs(cp, stream, kernels, n, res):
    rng = np.random.default_rng(2026)
    A = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    Bt = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    dA, dBt = cp.asarray(A), cp.asarray(Bt)
    ref = A.astype(np.float64) @ Bt.astype(np.float64).T
    rec, arrays = {}, {}
    for label, k in kernels.items():
        if k["grid"] is None:
            continue
        dC = cp.full((n, n), np.nan, cp.float32)
        launcher(cp, stream, k, dA, dBt, dC, n, n, n)()
        stream.synchronize()
        C = cp.asnumpy(dC)
        h = sha(C)
        if f"C_{h}" not in arrays:
            arrays[f"C_{h}"] = C.view(np.uint32)
        rec[label] = {"sha": h, "rel_err_vs_float64": float(np.linalg.norm(C - ref) / np.linalg.norm(ref)),
                      "nan": int(np.isnan(C).sum())}
    res["fixed"] = {"size": n, "inputs": "np.random.default_rng(2026): A = uniform(-1, 1, (n, n)) as fp16, then "
                    "B (N x K) the same way", "inputs_sha": sha(A, Bt), "outputs": rec,
                    "arrays": dump_arrays(arrays)}       # C_<sha>: hopper_common.load_arrays
    print(f"fixed {n}^3: {len(arrays)} distinct outputs over {len(rec)} kernels; "
          + ", ".join(f"{k} {v['rel_err_vs_float64']:.1e}" for k, v in rec.items()), flush=True)


def _timed_run(cp, stream, go, n: int) -> float:
    e0, e1 = cp.cuda.Event(), cp.cuda.Event()
    e0.record(stream)
    for _ in range(n):
        go()
    e1.record(stream)
    e1.synchronize()
    return cp.cuda.get_elapsed_time(e0, e1) / 1e3


def sustained(cp, stream, go, seconds: float) -> dict:
    """One run of >= ``seconds`` back to back. Its length is sized by a short run just before (which also
    brings the kernel to the clocks it will run at); a run that still comes out short is done again,
    longer, and only a run of >= ``seconds`` is kept."""
    one = _timed_run(cp, stream, go, 3) / 3
    n0 = max(3, int(np.ceil(0.25 * seconds / max(one, 1e-6))))
    one = _timed_run(cp, stream, go, n0) / n0         # sizing run, ~ a quarter of the time, back to back
    for attempt in range(4):
        n = max(10, int(np.ceil(1.1 * seconds / max(one, 1e-6))))
        sample = {}
        t = threading.Thread(target=lambda: (time.sleep(min(0.7 * seconds, 0.8)), sample.update(smi())))
        t.start()
        total = _timed_run(cp, stream, go, n)
        t.join()
        if total >= seconds:
            break
        one = total / n
    return {"seconds": total, "launches": n, "per_launch_s": total / n, "smi_during": sample,
            "sizing_launches": n0, "attempts": attempt + 1}


def run_size(cp, stream, kernels, n, args, res):
    cp.random.seed(n)
    with stream:
        dA = cp.random.uniform(-1, 1, (n, n), dtype=cp.float32).astype(cp.float16)
        dBt = cp.random.uniform(-1, 1, (n, n), dtype=cp.float32).astype(cp.float16)
    outs, go = {}, {}
    flops = {}
    for label, k in kernels.items():
        outs[label] = cp.full((n, n), np.nan, cp.float32) if k["grid"] is not None else None
        go[label] = launcher(cp, stream, k, dA, dBt, outs[label], n, n, n)
        flops[label] = k.get("flops", 2.0 * n ** 3)
    flops["cublas"] = 2.0 * n ** 3
    outs["cublas"] = cp.full((n, n), np.nan, cp.float32)
    go["cublas"] = Cublas(cp, stream, dA, dBt, outs["cublas"])
    rows = np.sort(np.random.default_rng(11).choice(n, 16, replace=False))
    for f in go.values():
        f()
    stream.synchronize()
    ref = cp.asnumpy(dA[cp.asarray(rows)]).astype(np.float64) @ cp.asnumpy(dBt).astype(np.float64).T
    checks = {}
    for label in go:
        o = outs[label]
        if o is None:
            continue
        got = cp.asnumpy(o[cp.asarray(rows)]).astype(np.float64)
        c = {"nan": int(cp.isnan(o).sum().get()),
             "rel_err_vs_float64_rows": float(np.linalg.norm(got - ref) / np.linalg.norm(ref)),
             "rel_err_vs_cublas": float((cp.linalg.norm(o - outs["cublas"]) / cp.linalg.norm(outs["cublas"])).get())}
        c["pass"] = bool(c["nan"] == 0 and c["rel_err_vs_float64_rows"] < 1e-4 and c["rel_err_vs_cublas"] < 1e-4)
        checks[label] = c
    bad = [k for k, c in checks.items() if not c["pass"]]
    print(f"N={n}: checks " + ("PASS" if not bad else f"FAIL {bad} " + str({k: checks[k] for k in bad})), flush=True)
    labels = [k for k in go if k not in bad or k == "cublas"]
    runs = {k: [] for k in labels}
    for rep in range(args.repeats):
        order = labels[rep % len(labels):] + labels[:rep % len(labels)]
        for k in order:
            runs[k].append(sustained(cp, stream, go[k], args.seconds))
        print(f"  repeat {rep + 1}/{args.repeats} done", flush=True)
    med = {k: float(np.median([r["per_launch_s"] for r in v])) for k, v in runs.items()}
    tf = {k: flops[k] / v / 1e12 for k, v in med.items()}
    per_rep = {k: [(flops[k] / v[i]["per_launch_s"]) / (flops["cublas"] / runs["cublas"][i]["per_launch_s"])
                   for i in range(len(v))] for k, v in runs.items()}
    out = {"flops": flops, "checks": checks, "runs": runs, "median_s": med,
           "tflops_median": tf,
           "fraction_of_cublas": {k: tf[k] / tf["cublas"] for k in tf},
           "fraction_of_cublas_per_repeat": per_rep, "failed_check": bad}
    res["sizes"][str(n)] = out
    for k in labels:
        print(f"  {k:18s} {out['tflops_median'][k]:7.1f} TFLOP/s  {out['fraction_of_cublas'][k]:.3f} of cuBLAS  "
              f"(per repeat {', '.join(f'{x:.3f}' for x in per_rep[k])}; "
              f"{runs[k][-1]['smi_during'].get('clocks.sm', '?')}, {runs[k][-1]['smi_during'].get('power.draw', '?')})",
              flush=True)


def ncu_child(size: int):
    """What ncu wraps: rung 2 and its no-swizzle twin, once each, at ``size``."""
    import cupy as cp
    from tilelab.gpu.device import Device
    dev = Device()
    kernels, _ = compile_all(cp, dev, only={"h2_pipelined", "h2_no_swizzle"})
    dA = cp.random.uniform(-1, 1, (size, size), dtype=cp.float32).astype(cp.float16)
    dBt = cp.random.uniform(-1, 1, (size, size), dtype=cp.float32).astype(cp.float16)
    dC = cp.zeros((size, size), cp.float32)
    for label in ("h2_pipelined", "h2_no_swizzle"):
        launcher(cp, dev.stream, kernels[label], dA, dBt, dC, size, size, size)()
        dev.stream.synchronize()


def ncu_pair(size: int) -> dict:
    from tilelab.gpu.ncu import find_ncu, known_metrics, ncu_profile, requested
    exe = find_ncu()
    known = known_metrics(exe)
    extra = sorted(n + ".sum" for n in known if any(w in n for w in NCU_KEYWORDS)
                   and not n.endswith(("_ratio", "_pct")) and ("wavefronts" in n or "requests" in n or "inst" in n
                                                             or "bytes" in n or "cycles_active" in n))[:60]
    metrics = list(dict.fromkeys(NCU_METRICS + extra))
    rows = ncu_profile([], metrics=metrics, runner=(str(Path(__file__).resolve()), "--ncu-child",
                                                    "--ncu-size", str(size)),
                       extra_args=("-k", "regex:wgmmaH2"))
    out = {"size": size, "metrics_asked": metrics}
    for row in rows:
        name = str(row.get("Kernel Name", ""))
        label = "h2_no_swizzle" if "NoSwizzle" in name else "h2_pipelined"
        out[label] = requested(row, metrics) | {"_dropped": row.get("_dropped_metrics", [])}
    return out


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--size", type=int, default=8192)
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--fixed", type=int, default=0)
    p.add_argument("--only", default="", help="comma-separated labels (cuBLAS always runs)")
    p.add_argument("--ncu", action="store_true")
    p.add_argument("--ncu-size", type=int, default=4096)
    p.add_argument("--ncu-child", action="store_true", help="internal: what ncu wraps")
    p.add_argument("rest", nargs="*")
    args = p.parse_args(argv)
    if args.ncu_child:
        ncu_child(args.ncu_size)
        return 0
    import cupy as cp
    from tilelab.gpu.device import Device
    from tilelab.gpu.tensormap import cuda_bindings_version
    dev = Device()
    clock = Clock()
    kernels, build_info = compile_all(cp, dev, only=set(args.only.split(",")) if args.only else None)
    print(f"[{clock}] compiled {len(kernels)} kernels", flush=True)
    res = header("gpu_tensor_ladder", dev, args)
    res["method"] = PROTOCOL.format(seconds=args.seconds, repeats=args.repeats, mib=args.size ** 2 * 2 // 2 ** 20)
    res["protocol"] = {"seconds_per_run": args.seconds, "repeats": args.repeats, "statistic": "median over repeats",
                       "order": "rotated by one each repeat", "l2_flush": False}
    res.update(build=build_info, cuda_bindings=cuda_bindings_version(),
               reference="cublasGemmEx(OP_T, OP_N), CUDA_R_16F A and B, CUDA_R_32F C, CUBLAS_COMPUTE_32F, "
                         "CUBLAS_GEMM_DEFAULT, in this process",
               kernels={k: {"lesson": v["lesson"], "threads": v["threads"], "shared": v["shared"],
                            "defines": v["defines"],
                            **({"rung": v["rung"], "file": "kernels/sm90a/wgmma_ladder.cu"} if v["rung"] else
                               {"file": "kernels/mma_ladder.cu", "kernel": L06[k][0]} if k in L06 else
                               {"file": "bench/mma_peak.cu", "kernel": "mmaSyncPeak",
                                "flops_per_launch": v["flops"]})}
                        for k, v in kernels.items()},
               sizes={}, errors=[], smi_before=smi())
    if args.fixed:
        guarded(lambda: fixed_outputs(cp, dev.stream, kernels, args.fixed, res), res["errors"], "fixed")
    guarded(lambda: run_size(cp, dev.stream, kernels, args.size, args, res), res["errors"], f"N={args.size}")
    res["smi_after"] = smi()
    if args.ncu:
        guarded(lambda: res.update(ncu_swizzle=ncu_pair(args.ncu_size)), res["errors"], "ncu")
        if "ncu_swizzle" in res:
            for k in ("h2_pipelined", "h2_no_swizzle"):
                print(f"ncu {k}: " + ", ".join(f"{m.split('__')[-1][:50]}={v}" for m, v in
                                               res["ncu_swizzle"].get(k, {}).items() if m != "_dropped"), flush=True)
    write("gpu_tensor_ladder", res, args.out)
    print(f"[{clock}] done; errors: {res['errors']}", flush=True)
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
