"""Matmul on a GPU: naive (coalesced and not), tiled 16 and 32, and cuBLAS, in TFLOP/s.

    python bench/gpu_matmul.py [--sizes 1024 2048 4096] [--out bench/results]

The figures of lessons 01-02 (DESIGN §8): N x N float32, C = A @ B, FLOPs = 2 N^3.
All kernels of one size are timed together in this process (ratios from one
session), each checked first against a float64 reference on sampled rows, with C
filled with NaN beforehand so that every element must be written.
"""
from __future__ import annotations

import sys

import numpy as np

from gpu_common import Clock, brief, guarded, header, parser, spec, write

KERNELS = {   # label: (file, kernel, block edge)
    "naive": ("matmul_naive.cu", "matmulNaive", 16),
    "naive_b32": ("matmul_naive.cu", "matmulNaive", 32),
    "uncoalesced": ("matmul_naive.cu", "matmulNaiveUncoalesced", 16),
    "tiled16": ("matmul_tiled.cu", "matmulTiled16", 16),
    "tiled32": ("matmul_tiled.cu", "matmulTiled32", 32),
}


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--sizes", type=int, nargs="+", default=[1024, 2048, 4096])
    p.add_argument("--check-rows", type=int, default=48)
    args = p.parse_args(argv)
    from tilelab.gpu.device import Device
    from tilelab.gpu.timing import cublas_matmul_launcher, kernel_launcher, measure
    dev = Device()
    cp = dev.cp
    arch = dev.info()["arch"]
    clock = Clock()
    specs = {label: spec(f, k, arch) for label, (f, k, _) in KERNELS.items()}
    res = header("gpu_matmul", dev, args)
    res.update(kernels={label: {"file": f"kernels/{f}", "kernel": k, "block": [b, b]}
                        for label, (f, k, b) in KERNELS.items()},
               reference="cuBLAS through cupy.matmul (float32; CUPY_TF32 unset, so no TF32)",
               cupy_tf32=__import__("os").environ.get("CUPY_TF32"),
               sizes={}, errors=[])
    opts = dict(max_seconds=6.0, max_runs=200) if not args.quick else dict(max_seconds=1.0, min_runs=5)
    rng = np.random.default_rng(2026)
    for n in args.sizes:
        def one_size(n=n):
            A = rng.uniform(-1, 1, (n, n)).astype(np.float32)
            B = rng.uniform(-1, 1, (n, n)).astype(np.float32)
            rows = np.sort(rng.choice(n, size=min(args.check_rows, n), replace=False))
            ref = A[rows].astype(np.float64) @ B.astype(np.float64)
            with dev.stream:
                dA, dB = cp.asarray(A), cp.asarray(B)
            launches, outs = {}, {}
            for label, (f, k, b) in KERNELS.items():
                with dev.stream:
                    dC = cp.full((n, n), np.nan, dtype=cp.float32)
                outs[label] = dC
                grid = ((n + b - 1) // b, (n + b - 1) // b)
                launches[label] = kernel_launcher(dev, specs[label], grid, (b, b), shared=0,
                                                  dev_args=[dA, dB, dC, np.int32(n)])
            launches["cublas"] = cublas_matmul_launcher(dev, A, B)
            outs["cublas"] = launches["cublas"].dev_args[2]
            checks = {}

            def check(label):
                C = outs[label]
                dev.stream.synchronize()
                got = cp.asnumpy(C[cp.asarray(rows)])
                nan = int(cp.isnan(C).sum().get())
                err = float(np.linalg.norm(got - ref) / np.linalg.norm(ref))
                checks[label] = {"rel_err_sampled_rows": err, "unwritten_or_nan": nan,
                                 "rows_checked": len(rows), "pass": bool(err < 1e-4 and nan == 0)}
            stats = measure(dev, launches, check=check, **opts)
            flops = 2.0 * n ** 3
            out = {"flops": flops, "check": checks, "stats": stats,
                   "tflops_median": {k: flops / s["median_s"] / 1e12 for k, s in stats.items()},
                   "tflops_best": {k: flops / s["min_s"] / 1e12 for k, s in stats.items()}}
            t = {k: s["median_s"] for k, s in stats.items()}
            out["ratios"] = {
                "tiled32_over_naive": t["naive"] / t["tiled32"],
                "tiled16_over_naive": t["naive"] / t["tiled16"],
                "tiled32_over_naive_b32": t["naive_b32"] / t["tiled32"],
                "naive_over_uncoalesced": t["uncoalesced"] / t["naive"],
                "cublas_over_tiled32": t["tiled32"] / t["cublas"],
            }
            res["sizes"][str(n)] = out
            print(f"[{clock}] N={n}: " + ", ".join(
                f"{k} {v:.2f}" for k, v in out["tflops_median"].items()) + " TFLOP/s; "
                + ", ".join(f"{k} {v:.2f}" for k, v in out["ratios"].items())
                + "; checks " + ("PASS" if all(c["pass"] for c in checks.values()) else f"FAIL {checks}"),
                flush=True)
            del dA, dB, outs, launches
            cp.get_default_memory_pool().free_all_blocks()
        guarded(one_size, res["errors"], f"N={n}")
    write("gpu_matmul", res, args.out)
    print("\n  N     " + "".join(f"{k:>12}" for k in list(KERNELS) + ["cublas"]) + "   tiled32/naive")
    for n, r in res["sizes"].items():
        print(f"{n:>5} " + "".join(f"{r['tflops_median'][k]:>12.2f}" for k in list(KERNELS) + ["cublas"])
              + f"   {r['ratios']['tiled32_over_naive']:.2f}x")
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
