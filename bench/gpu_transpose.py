"""The padded-transpose experiment on a GPU (lessons 04-05, DESIGN §8).

    python bench/gpu_transpose.py [--sizes 4096 8192 16384] [--ncu] [--out bench/results]

Square float32 matrices; 32 x 8 threads per block, 4 rows per thread. Bandwidth is
read + write bytes (2 * 4 * N^2) over the median time. Kernels: naive, [32][32],
[32][33], swizzled (tile[r][c ^ r]), a same-geometry copy and a float4 copy. Every
output is NaN-filled first, then checked after the warm-up: in full against a CPU
reference at 4096, on sampled rows of the output at larger sizes (plus a full
comparison on the device). With --ncu, the shared and global counters of each kernel
at 1024^2 are read once with Nsight Compute (wavefronts and sectors per request).
"""
from __future__ import annotations

import sys

import numpy as np

from gpu_common import Clock, guarded, header, parser, spec, write

KERNELS = {
    "naive": "transposeNaive",
    "shared32": "transposeShared32",
    "padded33": "transposePadded",
    "swizzled": "transposeSwizzled",
    "padded33_column_order": "transposePaddedColumnOrder",
    "swizzled_column_order": "transposeSwizzledColumnOrder",
    "copy_same_geometry": "copySameGeometry",
    "copy_float4": "copyFloat4",
}
TRANSPOSES = ("naive", "shared32", "padded33", "swizzled", "padded33_column_order", "swizzled_column_order")
# Issue 4's acceptance gates on the reference kernels at 16384^2 (ratios of median times).
GATES = {"padded_over_float4copy": 0.85, "swizzled_over_float4copy": 0.83, "padded_over_unpadded": 1.9}


def geometry(label, n):
    if label == "copy_float4":
        n4 = n * n // 4
        return ((n4 + 255) // 256,), (256,)
    return ((n + 31) // 32, (n + 31) // 32), (32, 8)   # square: the column-order grid is the same shape


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--sizes", type=int, nargs="+", default=[4096, 8192, 16384])
    p.add_argument("--ncu", action="store_true", help="also read ncu counters at 1024^2")
    p.add_argument("--full-check-max", type=int, default=4096)
    args = p.parse_args(argv)
    from tilelab.gpu.device import Device
    from tilelab.gpu.timing import kernel_launcher, measure
    dev = Device()
    cp = dev.cp
    arch = dev.info()["arch"]
    clock = Clock()
    specs = {label: spec("transpose.cu", k, arch) for label, k in KERNELS.items()}
    res = header("gpu_transpose", dev, args)
    res.update(kernels={k: {"file": "kernels/transpose.cu", "kernel": v} for k, v in KERNELS.items()},
               bandwidth="(read + write) bytes / median time = 8 N^2 / t", sizes={}, errors=[])
    opts = dict(max_seconds=4.0, max_runs=400) if not args.quick else dict(max_seconds=1.0, min_runs=5)
    rng = np.random.default_rng(7)
    for n in args.sizes:
        def one_size(n=n):
            cp.random.seed(n)
            with dev.stream:
                d_in = cp.random.uniform(-1, 1, (n, n), dtype=cp.float32)
            dev.stream.synchronize()
            full = n <= args.full_check_max
            host_in = cp.asnumpy(d_in) if full else None
            launches, outs = {}, {}
            for label in KERNELS:
                with dev.stream:
                    d_out = cp.full((n, n), np.nan, dtype=cp.float32)
                outs[label] = d_out
                grid, block = geometry(label, n)
                a = [d_in, d_out, np.int32(n * n // 4)] if label == "copy_float4" else \
                    [d_in, d_out, np.int32(n), np.int32(n)]
                launches[label] = kernel_launcher(dev, specs[label], grid, block, dev_args=a)
            checks = {}

            def check(label):
                d_out = outs[label]
                dev.stream.synchronize()
                is_t = label in TRANSPOSES
                nan = int(cp.isnan(d_out).sum().get())
                if full:
                    got = cp.asnumpy(d_out)
                    ref = host_in.T if is_t else host_in
                    ok = bool(np.array_equal(got, ref))
                    how = "full, CPU reference"
                else:
                    rows = np.sort(rng.choice(n, size=64, replace=False))
                    got = cp.asnumpy(d_out[cp.asarray(rows)])
                    src = cp.asnumpy(d_in[:, cp.asarray(rows)]).T if is_t else cp.asnumpy(d_in[cp.asarray(rows)])
                    ok_rows = bool(np.array_equal(got, src))
                    dev_ok = bool(cp.array_equal(d_out, d_in.T if is_t else d_in).get())
                    ok = ok_rows and dev_ok
                    how = "64 sampled output rows against the input on the CPU + full on the device"
                checks[label] = {"pass": bool(ok and nan == 0), "unwritten_or_nan": nan, "how": how}
            stats = measure(dev, launches, check=check, **opts)
            nbytes = 2.0 * 4 * n * n
            gbs = {k: nbytes / s["median_s"] / 1e9 for k, s in stats.items()}
            t = {k: s["median_s"] for k, s in stats.items()}
            out = {"bytes_moved": nbytes, "check": checks, "stats": stats, "GBps_median": gbs,
                   "GBps_best": {k: nbytes / s["min_s"] / 1e9 for k, s in stats.items()},
                   "ratios": {
                       "padded_over_unpadded": t["shared32"] / t["padded33"],
                       "swizzled_over_unpadded": t["shared32"] / t["swizzled"],
                       "padded_over_naive": t["naive"] / t["padded33"],
                       "padded_over_float4copy": t["copy_float4"] / t["padded33"],
                       "swizzled_over_float4copy": t["copy_float4"] / t["swizzled"],
                       "padded_over_samegeomcopy": t["copy_same_geometry"] / t["padded33"],
                       "swizzled_over_samegeomcopy": t["copy_same_geometry"] / t["swizzled"],
                       "samegeomcopy_over_float4copy": t["copy_float4"] / t["copy_same_geometry"],
                       "padded_column_order_over_float4copy": t["copy_float4"] / t["padded33_column_order"],
                       "swizzled_column_order_over_float4copy": t["copy_float4"] / t["swizzled_column_order"],
                       "padded_column_order_over_unpadded": t["shared32"] / t["padded33_column_order"],
                       "column_order_over_row_order_padded": t["padded33"] / t["padded33_column_order"],
                       "column_order_over_row_order_swizzled": t["swizzled"] / t["swizzled_column_order"],
                   }}
            res["sizes"][str(n)] = out
            print(f"[{clock}] N={n}: " + ", ".join(f"{k} {v:.0f}" for k, v in gbs.items()) + " GB/s; "
                  + ", ".join(f"{k} {v:.2f}" for k, v in out["ratios"].items())
                  + "; checks " + ("PASS" if all(c["pass"] for c in checks.values()) else f"FAIL {checks}"),
                  flush=True)
            del d_in, outs, launches
            cp.get_default_memory_pool().free_all_blocks()
        guarded(one_size, res["errors"], f"N={n}")
    if "16384" in res["sizes"]:
        res["gates"] = gates(res["sizes"]["16384"]["ratios"])
    if args.ncu:
        guarded(lambda: res.update(ncu=ncu_counts(specs, 1024)), res["errors"], "ncu")
    write("gpu_transpose", res, args.out)
    print_table(res)
    return 1 if res["errors"] else 0


def gates(r: dict) -> dict:
    """Issue 4's gates at 16384^2, for the lesson's kernels (row order) and the column-order ones."""
    out = {}
    for order, sfx in (("row order (the exercise's launch)", ""), ("column order", "_column_order")):
        got = {"padded_over_float4copy": r[f"padded{sfx}_over_float4copy"],
               "swizzled_over_float4copy": r[f"swizzled{sfx}_over_float4copy"],
               "padded_over_unpadded": r[f"padded{sfx}_over_unpadded"]}
        out[order] = {k: {"measured": v, "gate": GATES[k], "pass": v >= GATES[k]} for k, v in got.items()}
    return out


def ncu_counts(specs, n):
    """Shared wavefronts per request and global sectors per request of each kernel."""
    from tilelab.gpu.ncu import map_metrics, ncu_profile, requested
    from tilelab.gpu.spec import PackedArgs
    x = np.random.default_rng(1).uniform(-1, 1, (n, n)).astype(np.float32)
    launches = []
    for label in KERNELS:
        grid, block = geometry(label, n)
        vals = [x, np.full_like(x, np.nan)] + ([np.int32(n * n // 4)] if label == "copy_float4"
                                               else [np.int32(n), np.int32(n)])
        launches.append((specs[label], tuple(grid) + (1,) * (3 - len(grid)),
                         tuple(block) + (1,) * (3 - len(block)),
                         PackedArgs(vals, [False, True] + [False] * (len(vals) - 2)), 0))
    rows = ncu_profile(launches)
    out = {"size": n}
    for label, row in zip(KERNELS, rows):
        m = map_metrics(row)
        per = lambda a, b: (m[a] / m[b]) if m.get(a) is not None and m.get(b) else None  # noqa: E731
        out[label] = {"kernel_name": row.get("Kernel Name"), "metrics": m,
                      "raw": requested(row),
                      "shared_ld_wavefronts_per_request": per("shared_ld_wavefronts", "shared_ld_requests"),
                      "shared_st_wavefronts_per_request": per("shared_st_wavefronts", "shared_st_requests"),
                      "global_ld_sectors_per_request": per("global_ld_sectors", "global_ld_requests"),
                      "global_st_sectors_per_request": per("global_st_sectors", "global_st_requests")}
    return out


def print_table(res):
    print("\nSeed-format table (bandwidth = read + write; speed-up vs naive)")
    for n, r in res["sizes"].items():
        print(f"\n{n} x {n} floats")
        print(f"  {'kernel':<20}{'median ms':>11}{'GB/s':>9}{'speed-up':>10}  check")
        tn = r["stats"]["naive"]["median_s"]
        for k in KERNELS:
            s = r["stats"][k]
            print(f"  {k:<20}{s['median_s'] * 1e3:>11.4f}{r['GBps_median'][k]:>9.0f}"
                  f"{tn / s['median_s']:>9.2f}x  {'PASS' if r['check'][k]['pass'] else 'FAIL'}")
        rt = r["ratios"]
        print(f"  padded/unpadded {rt['padded_over_unpadded']:.2f}x, padded/float4 copy "
              f"{rt['padded_over_float4copy']:.2f}, swizzled/float4 copy {rt['swizzled_over_float4copy']:.2f}")
    for order, g in res.get("gates", {}).items():
        print(f"\ngates at 16384^2, {order}: " + ", ".join(
            f"{k} {v['measured']:.3f} (>= {v['gate']}: {'PASS' if v['pass'] else 'FAIL'})" for k, v in g.items()))
    if "ncu" in res:
        print("\nncu at 1024^2: shared ld/st wavefronts per request, global ld/st sectors per request")
        for k in KERNELS:
            d = res["ncu"][k]
            f = lambda v: "-" if v is None else f"{v:.2f}"  # noqa: E731
            print(f"  {k:<20} {f(d['shared_ld_wavefronts_per_request']):>7} {f(d['shared_st_wavefronts_per_request']):>7}"
                  f" {f(d['global_ld_sectors_per_request']):>7} {f(d['global_st_sectors_per_request']):>7}")


if __name__ == "__main__":
    sys.exit(main())
