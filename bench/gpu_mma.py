"""ldmatrix + mma.sync tile, plain against Swizzle<3,3,3> (kernels/mma_tile.cu), in TFLOP/s.

    python bench/gpu_mma.py [--sizes 4096 8192] [--ncu] [--out bench/results]

C (M x N, fp32) = A (M x K, fp16) * Bt^T (Bt: N x K, fp16), M = N = K. The kernel is
a simple unpipelined 64 x 64 x 64 block tile with 4 warps (see the file). The plain
layout costs an 8-way conflict on every ldmatrix.x4 (32 wavefronts), the swizzled one
4 (DESIGN §5); the ratio swizzled / plain is the lesson's figure. cuBLAS is timed as a
reference (cupy.matmul on fp16, fp16 out). Results are checked against float64 on
sampled rows first.
"""
from __future__ import annotations

import sys

import numpy as np

from gpu_common import Clock, guarded, header, parser, spec, write

KERNELS = {"plain": "mmaTilePlain", "swizzled": "mmaTileSwizzled"}


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--sizes", type=int, nargs="+", default=[4096, 8192])
    p.add_argument("--ncu", action="store_true", help="ldmatrix wavefronts per request at 512^3")
    args = p.parse_args(argv)
    from tilelab.gpu.device import Device
    from tilelab.gpu.timing import kernel_launcher, measure
    dev = Device()
    cp = dev.cp
    arch = dev.info()["arch"]
    clock = Clock()
    specs = {k: spec("mma_tile.cu", v, arch) for k, v in KERNELS.items()}
    res = header("gpu_mma", dev, args)
    res.update(kernels={k: {"file": "kernels/mma_tile.cu", "kernel": v, "block": [128],
                            "block_tile": [64, 64, 64]} for k, v in KERNELS.items()},
               reference="cuBLAS through cupy.matmul(A, Bt.T) on float16 (float16 output)",
               sizes={}, errors=[])
    opts = dict(max_seconds=5.0, max_runs=200) if not args.quick else dict(max_seconds=1.0, min_runs=5)
    rng = np.random.default_rng(11)
    for n in args.sizes:
        def one_size(n=n):
            cp.random.seed(n)
            with dev.stream:
                dA = cp.random.uniform(-1, 1, (n, n), dtype=cp.float32).astype(cp.float16)
                dB = cp.random.uniform(-1, 1, (n, n), dtype=cp.float32).astype(cp.float16)
            launches, outs = {}, {}
            for label in KERNELS:
                with dev.stream:
                    dC = cp.full((n, n), np.nan, dtype=cp.float32)
                outs[label] = dC
                launches[label] = kernel_launcher(dev, specs[label], (n // 64, n // 64), (128,),
                                                  dev_args=[dA, dB, dC, np.int32(n), np.int32(n), np.int32(n)])
            dBt_T = dB.T

            def cublas():
                with dev.stream:
                    cp.matmul(dA, dBt_T, out=outs["cublas"])
            with dev.stream:
                outs["cublas"] = cp.empty((n, n), dtype=cp.float16)
            launches["cublas"] = cublas
            rows = np.sort(rng.choice(n, size=32, replace=False))
            dev.stream.synchronize()
            ref = cp.asnumpy(dA[cp.asarray(rows)]).astype(np.float64) @ cp.asnumpy(dB).astype(np.float64).T
            checks = {}

            def check(label):
                dev.stream.synchronize()
                got = cp.asnumpy(outs[label][cp.asarray(rows)]).astype(np.float64)
                nan = int(cp.isnan(outs[label]).sum().get())
                err = float(np.linalg.norm(got - ref) / np.linalg.norm(ref))
                tol = 1e-5 if label != "cublas" else 2e-3   # fp16 output rounds
                checks[label] = {"rel_err_sampled_rows": err, "unwritten_or_nan": nan,
                                 "pass": bool(err < tol and nan == 0), "tolerance": tol}
            stats = measure(dev, launches, check=check, **opts)
            flops = 2.0 * n ** 3
            t = {k: s["median_s"] for k, s in stats.items()}
            out = {"flops": flops, "check": checks, "stats": stats,
                   "tflops_median": {k: flops / v / 1e12 for k, v in t.items()},
                   "tflops_best": {k: flops / s["min_s"] / 1e12 for k, s in stats.items()},
                   "ratios": {"swizzled_over_plain": t["plain"] / t["swizzled"],
                              "cublas_over_swizzled": t["swizzled"] / t["cublas"]}}
            res["sizes"][str(n)] = out
            print(f"[{clock}] N={n}: " + ", ".join(f"{k} {v:.1f}" for k, v in out["tflops_median"].items())
                  + f" TFLOP/s; swizzled/plain {out['ratios']['swizzled_over_plain']:.2f}x; checks "
                  + ("PASS" if all(c["pass"] for c in checks.values()) else f"FAIL {checks}"), flush=True)
            del dA, dB, outs, launches
            cp.get_default_memory_pool().free_all_blocks()
        guarded(one_size, res["errors"], f"N={n}")
    if args.ncu:
        guarded(lambda: res.update(ncu=ncu_counts(specs, 512)), res["errors"], "ncu")
    write("gpu_mma", res, args.out)
    for n, r in res["sizes"].items():
        print(f"N={n}: plain {r['tflops_median']['plain']:.1f}, swizzled {r['tflops_median']['swizzled']:.1f}, "
              f"cuBLAS {r['tflops_median']['cublas']:.1f} TFLOP/s; swizzled/plain "
              f"{r['ratios']['swizzled_over_plain']:.2f}x")
    if "ncu" in res:
        for k in KERNELS:
            print(f"ncu {k}: {res['ncu'][k]['ldmatrix_wavefronts_per_request']} wavefronts per ldmatrix.x4")
    return 1 if res["errors"] else 0


def ncu_counts(specs, n):
    from tilelab.gpu.ncu import map_metrics, ncu_profile, requested
    from tilelab.gpu.spec import PackedArgs
    rng = np.random.default_rng(3)
    A = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    B = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    launches = [(specs[k], (n // 64, n // 64, 1), (128, 1, 1),
                 PackedArgs([A, B, np.zeros((n, n), np.float32), np.int32(n), np.int32(n), np.int32(n)],
                            [False, False, True, False, False, False]), 0) for k in KERNELS]
    rows = ncu_profile(launches)
    out = {"size": n}
    for k, row in zip(KERNELS, rows):
        m = map_metrics(row)
        out[k] = {"metrics": m, "raw": requested(row),
                  "ldmatrix_wavefronts_per_request":
                      (m["ldmatrix_wavefronts"] / m["ldmatrix_requests"])
                      if m.get("ldmatrix_wavefronts") is not None and m.get("ldmatrix_requests") else None,
                  "shared_st_wavefronts_per_request":
                      (m["shared_st_wavefronts"] / m["shared_st_requests"])
                      if m.get("shared_st_wavefronts") is not None and m.get("shared_st_requests") else None}
    return out


if __name__ == "__main__":
    sys.exit(main())
