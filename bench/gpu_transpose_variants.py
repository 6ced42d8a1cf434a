"""Tuning study for the transpose reference kernels (issue 4's float4-copy gates).

    python bench/gpu_transpose_variants.py [--sizes 8192 16384] [--out bench/results]

Times each variant of bench/transpose_variants.cu (one switch at a time away from the
lesson's kernel: __restrict__, grid order, tiles per block, streaming stores, grouped
rasterisation) against the lesson's own transposePadded and float4 copy (compiled from
kernels/transpose.cu) and cudaMemcpy device-to-device, in one process, with the
method of DESIGN §6 (tilelab.gpu.timing.measure). Every output is checked in full on
the device against ``in.T`` (or ``in``) before timing. Bandwidth = 8 N^2 / median time.
"""
from __future__ import annotations

import re
import sys

import numpy as np

from gpu_common import ROOT, Clock, guarded, header, parser, spec_src, write

SRC = ROOT / "bench" / "transpose_variants.cu"
# The baselines are the lesson's kernels themselves (study label -> kernel in kernels/transpose.cu).
LESSON = ROOT / "kernels" / "transpose.cu"
BASELINES = {"tp_lesson": "transposePadded", "copy4_lesson": "copyFloat4"}


def tiles_of(name: str) -> int:
    m = re.search(r"_(\d)tiles", name)
    return int(m.group(1)) if m else 1


def geometry(name: str, n: int):
    if name.startswith("copy4"):
        n4 = n * n // 4
        per = 2 if name.endswith("x2") else 1
        return ((n4 + 256 * per - 1) // (256 * per),), (256,)
    t = tiles_of(name)
    gx, gy = (n + 31) // 32, (n + 32 * t - 1) // (32 * t)
    return ((gy, gx) if "swap" in name else (gx, gy)), (32, 8)


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--sizes", type=int, nargs="+", default=[8192, 16384])
    p.add_argument("--only", nargs="*", help="kernel names (default: all)")
    p.add_argument("--repeat", type=int, default=1, help="measure every size this many times")
    args = p.parse_args(argv)
    from tilelab.toolchain import compile_cuda
    from tilelab.gpu.device import Device
    from tilelab.gpu.timing import kernel_launcher, measure
    dev = Device()
    cp = dev.cp
    arch = dev.info()["arch"]
    src, lesson = SRC.read_text(), LESSON.read_text()
    names = [k for k in [*BASELINES, *compile_cuda(src, filename=SRC.name).kernels]
             if not args.only or k in args.only or k == "copy4_lesson"]
    specs = {k: spec_src(lesson, BASELINES[k], arch, LESSON.name) if k in BASELINES
             else spec_src(src, k, arch, SRC.name) for k in names}
    clock = Clock()
    res = header("gpu_transpose_variants", dev, args)
    res.update(source="bench/transpose_variants.cu", bandwidth="8 N^2 / median time", sizes={}, errors=[])
    opts = dict(max_seconds=3.0, max_runs=300) if not args.quick else dict(max_seconds=0.5, min_runs=5)
    for n, rep in [(n, r) for r in range(args.repeat) for n in args.sizes]:
        def one_size(n=n, rep=rep):
            cp.random.seed(n)
            with dev.stream:
                d_in = cp.random.uniform(-1, 1, (n, n), dtype=cp.float32)
                d_out = cp.empty((n, n), dtype=cp.float32)
            launches = {}
            for k in names:
                grid, block = geometry(k, n)
                a = [d_in, d_out, np.int32(n * n // 4)] if k.startswith("copy4") else \
                    [d_in, d_out, np.int32(n), np.int32(n)]
                launches[k] = kernel_launcher(dev, specs[k], grid, block, dev_args=a)
            nbytes = d_in.nbytes

            def memcpy():
                cp.cuda.runtime.memcpyAsync(d_out.data.ptr, d_in.data.ptr, nbytes,
                                            cp.cuda.runtime.memcpyDeviceToDevice, dev.stream.ptr)
            launches["cudaMemcpy_d2d"] = memcpy
            checks = {}

            def check(k):
                dev.stream.synchronize()
                want = d_in if k.startswith("copy") or k == "cudaMemcpy_d2d" else d_in.T
                checks[k] = bool(cp.array_equal(d_out, want).get())
                with dev.stream:
                    d_out.fill(np.nan)        # the next kernel must write everything again
            stats = measure(dev, launches, check=check, **opts)
            gbs = {k: 8.0 * n * n / s["median_s"] / 1e9 for k, s in stats.items()}
            c4 = stats["copy4_lesson"]["median_s"]
            res["sizes"][f"{n}" + (f"#{rep + 1}" if args.repeat > 1 else "")] = {
                "check_pass": checks, "GBps_median": gbs,
                "over_copy4_lesson": {k: c4 / s["median_s"] for k, s in stats.items()},
                "stats": stats,
            }
            print(f"[{clock}] N={n} pass {rep + 1}", flush=True)
            for k in launches:
                print(f"  {k:<16} {gbs[k]:7.0f} GB/s  {c4 / stats[k]['median_s']:.3f} of copy4  "
                      f"{'PASS' if checks.get(k) else 'FAIL'}", flush=True)
            del d_in, d_out, launches
            cp.get_default_memory_pool().free_all_blocks()
        guarded(one_size, res["errors"], f"N={n}")
    write("gpu_transpose_variants", res, args.out)
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
