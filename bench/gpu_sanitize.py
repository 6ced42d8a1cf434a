"""Every reference kernel in kernels/ under NVIDIA's compute-sanitizer (memcheck, racecheck,
synccheck, initcheck), at awkward sizes, with results checked. All findings should be zero.

    python bench/gpu_sanitize.py [--tools memcheck racecheck] [--out bench/results]

This is the hardware-side twin of the emulator's "no false positives" rule (DESIGN §4):
the kernels the course calls clean must be clean for NVIDIA's tools too. Each tool
runs every launch in one subprocess (tilelab.gpu.runone), with CuPy's pool off so
each array is its own allocation and out-of-bounds accesses are seen.
"""
from __future__ import annotations

import sys

import numpy as np

from gpu_common import Clock, guarded, header, parser, spec, write


def cases(arch):
    """(label, spec, grid, block, values, copy_back, shared, check(outputs) -> bool)."""
    from tilelab.gpu.spec import check_geometry
    rng = np.random.default_rng(5)
    f32 = lambda *s: rng.uniform(-1, 1, s).astype(np.float32)  # noqa: E731
    out = []

    def add(label, file, kernel, grid, block, values, back, check, shared=0):
        g, b = check_geometry(grid, block)
        out.append((label, spec(file, kernel, arch), g, b, values, back, shared, check))

    n = 1000
    a, b = f32(n), f32(n)
    add("vectorAdd n=1000", "vector_add.cu", "vectorAdd", 4, 256,
        [a, b, np.full(n, np.nan, np.float32), np.int32(n)], [False, False, True, False],
        lambda o: np.array_equal(o[2], a + b))
    N = 100
    A, B = f32(N, N), f32(N, N)
    ref = A.astype(np.float64) @ B.astype(np.float64)
    mm_ok = lambda o: np.allclose(o[2], ref, rtol=1e-4, atol=1e-4)  # noqa: E731
    for kern, f, bs in [("matmulNaive", "matmul_naive.cu", 16), ("matmulNaiveUncoalesced", "matmul_naive.cu", 16),
                        ("matmulTiled16", "matmul_tiled.cu", 16), ("matmulTiled32", "matmul_tiled.cu", 32)]:
        g = (N + bs - 1) // bs
        add(f"{kern} N=100", f, kern, (g, g), (bs, bs),
            [A, B, np.full((N, N), np.nan, np.float32), np.int32(N)], [False, False, True, False], mm_ok)
    R, C = 100, 37
    X = f32(R, C)
    for kern in ["transposeNaive", "transposeShared32", "transposePadded", "transposeSwizzled"]:
        add(f"{kern} 100x37", "transpose.cu", kern, ((C + 31) // 32, (R + 31) // 32), (32, 8),
            [X, np.full((C, R), np.nan, np.float32), np.int32(R), np.int32(C)], [False, True, False, False],
            lambda o: np.array_equal(o[1], X.T))
    add("copySameGeometry 100x37", "transpose.cu", "copySameGeometry", ((C + 31) // 32, (R + 31) // 32), (32, 8),
        [X, np.full((R, C), np.nan, np.float32), np.int32(R), np.int32(C)], [False, True, False, False],
        lambda o: np.array_equal(o[1], X))
    Y = f32(3700)
    add("copyFloat4 n=3700", "transpose.cu", "copyFloat4", 4, 256,
        [Y, np.full(3700, np.nan, np.float32), np.int32(925)], [False, True, False],
        lambda o: np.array_equal(o[1], Y))
    Z = f32(1000)
    add("warpReduceSum n=1000", "warp_reduce.cu", "warpReduceSum", 4, 256,
        [Z, np.full(32, np.nan, np.float32), np.int32(1000)], [False, True, False],
        lambda o: np.allclose(o[1], np.add.reduceat(Z.astype(np.float64), np.arange(0, 1000, 32)), atol=1e-4))
    add("blockReduceSum n=1000", "warp_reduce.cu", "blockReduceSum", 4, 256,
        [Z, np.full(4, np.nan, np.float32), np.int32(1000)], [False, True, False],
        lambda o: np.allclose(o[1], np.add.reduceat(Z.astype(np.float64), np.arange(0, 1000, 256)), atol=1e-4))
    W = f32(4000)
    add("cpAsyncCopy n=4000 grid=2", "cp_async_copy.cu", "cpAsyncCopy", 2, 256,
        [W, np.full(4000, np.nan, np.float32), np.int32(4000)], [False, True, False],
        lambda o: np.array_equal(o[1], W))
    M = 128
    Ah = rng.uniform(-1, 1, (M, M)).astype(np.float16)
    Bh = rng.uniform(-1, 1, (M, M)).astype(np.float16)
    mref = Ah.astype(np.float64) @ Bh.astype(np.float64).T
    for kern in ["mmaTilePlain", "mmaTileSwizzled"]:
        add(f"{kern} 128^3", "mma_tile.cu", kern, (M // 64, M // 64), 128,
            [Ah, Bh, np.full((M, M), np.nan, np.float32), np.int32(M), np.int32(M), np.int32(M)],
            [False, False, True, False, False, False],
            lambda o: np.linalg.norm(o[2] - mref) / np.linalg.norm(mref) < 1e-5)
    return out


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--tools", nargs="+", default=["memcheck", "racecheck", "synccheck", "initcheck"])
    args = p.parse_args(argv)
    from tilelab.gpu.device import Device
    from tilelab.gpu.sanitize import sanitize
    from tilelab.gpu.spec import PackedArgs
    dev = Device(pool=False)
    clock = Clock()
    arch = dev.info()["arch"]
    res = header("gpu_sanitize", dev, args)
    res.update(tools={}, results={}, errors=[])
    cs = cases(arch)
    # results first, on the plain device
    for label, sp, g, b, vals, back, shared, ok in cs:
        def run_one():
            outs = dev.run(sp, g, b, PackedArgs(list(vals), list(back)), shared)
            res["results"][label] = {"pass": bool(ok(outs)), "kernel": sp.name, "grid": g, "block": b}
        guarded(run_one, res["errors"], f"run {label}")
    launches = [(sp, g, b, PackedArgs(list(vals), list(back)), shared) for _, sp, g, b, vals, back, shared, _ in cs]
    for tool in args.tools:
        r = guarded(lambda: sanitize(launches, tool, timeout=240), res["errors"], tool)
        if r is not None:
            res["tools"][tool] = r
            print(f"[{clock}] {tool}: errors={r.get('errors')} exit={r.get('exit_code')}"
                  + (f" hazards={r.get('hazards')}" if "hazards" in r else ""), flush=True)
    res["kernels"] = [c[0] for c in cs]
    res["all_clean"] = bool(res["tools"] and all(t.get("errors") == 0 and t.get("exit_code") == 0
                                                 for t in res["tools"].values()))
    res["all_results_pass"] = bool(res["results"] and all(r["pass"] for r in res["results"].values()))
    write("gpu_sanitize", res, args.out)
    for label, r in res["results"].items():
        print(f"  {label:<32} {'PASS' if r['pass'] else 'FAIL'}")
    print(f"sanitizers clean: {res['all_clean']}; results pass: {res['all_results_pass']}")
    return 0 if res["all_clean"] and res["all_results_pass"] and not res["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
