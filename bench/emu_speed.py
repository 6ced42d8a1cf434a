"""How fast is the emulator? Against numba-cuda's simulator, on the seed's tiled matmul.

DESIGN §4: warm process, compile excluded, every sanitizer and metric on, median of 3.
numba-cuda's simulator (one OS thread per CUDA thread) is the anchor; it runs the
same algorithm written in Python, timed around the kernel call. Each of our sizes
also runs in a fresh process to record its peak memory (ru_maxrss).

    python bench/emu_speed.py                 # full run (numba at 64 and 128: about a minute)
    python bench/emu_speed.py --no-numba      # ours only
    python bench/emu_speed.py --compare A B   # two source trees (git archive of two commits), interleaved
Writes bench/results/emu-speed-<date>.json and prints a table. On a busy machine wall times
swing by more than the 10% a change may cost; --compare runs the trees in turn, several rounds,
and records process CPU time, so both see the same load.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

NUMBA_KERNEL = textwrap.dedent("""
    import os, sys, time
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
    import numpy as np
    from numba import cuda, float32
    TILE = 32
    @cuda.jit
    def matmul_tiled(A, B, C, N):
        sA = cuda.shared.array((TILE, TILE), float32)
        sB = cuda.shared.array((TILE, TILE), float32)
        tx = cuda.threadIdx.x; ty = cuda.threadIdx.y
        row = cuda.blockIdx.y * TILE + ty; col = cuda.blockIdx.x * TILE + tx
        acc = float32(0.0)
        for t in range((N + TILE - 1) // TILE):
            a_col = t * TILE + tx; b_row = t * TILE + ty
            sA[ty, tx] = A[row, a_col] if (row < N and a_col < N) else float32(0.0)
            sB[ty, tx] = B[b_row, col] if (b_row < N and col < N) else float32(0.0)
            cuda.syncthreads()
            for k in range(TILE):
                acc += sA[ty, k] * sB[k, tx]
            cuda.syncthreads()
        if row < N and col < N:
            C[row, col] = acc
    N = int(sys.argv[1])
    rng = np.random.default_rng(0)
    A = rng.standard_normal((N, N)).astype(np.float32); B = rng.standard_normal((N, N)).astype(np.float32)
    C = np.zeros((N, N), np.float32)
    g = ((N + TILE - 1) // TILE, (N + TILE - 1) // TILE)
    t = time.perf_counter(); matmul_tiled[g, (TILE, TILE)](A, B, C, N); s = time.perf_counter() - t
    assert np.allclose(C, A.astype(np.float64) @ B, rtol=1e-3, atol=1e-3)
    print(s)
""")

OURS_ONE = textwrap.dedent("""
    import json, resource, sys, time
    import numpy as np
    sys.path.insert(0, sys.argv[3])
    from tilelab.toolchain import kernel_from_file
    from tilelab.launch import launch
    N, reps = int(sys.argv[1]), int(sys.argv[2])
    k = kernel_from_file(sys.argv[3] + "/kernels/matmul_tiled.cu", "matmulTiled32")
    rng = np.random.default_rng(0)
    A = rng.standard_normal((N, N)).astype(np.float32); B = rng.standard_normal((N, N)).astype(np.float32)
    g = ((N + 31) // 32, (N + 31) // 32)
    C = np.full((N, N), np.nan, np.float32)
    launch(k, g, (32, 32), A, B, C, np.int32(N), backend="emu")           # warm-up
    times = []
    for _ in range(reps):
        C = np.full((N, N), np.nan, np.float32)
        t = time.perf_counter(); r = launch(k, g, (32, 32), A, B, C, np.int32(N), backend="emu")
        times.append(time.perf_counter() - t)
    assert not r.findings and np.allclose(C, A.astype(np.float64) @ B, rtol=1e-4, atol=1e-3)
    print(json.dumps({"times": times, "lane_instructions": r.lane_instructions,
                      "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
""")


def numba_time(n: int) -> float | None:
    try:
        out = subprocess.run([sys.executable, "-c", NUMBA_KERNEL, str(n)], capture_output=True, text=True,
                             timeout=600, check=True).stdout
        return float(out.strip().splitlines()[-1])
    except Exception as e:  # numba-cuda missing or failed: report, don't invent
        print(f"numba-cuda simulator unavailable at N={n}: {e}", file=sys.stderr)
        return None


def ours(n: int, reps: int = 3) -> dict:
    out = subprocess.run([sys.executable, "-c", OURS_ONE, str(n), str(reps), str(ROOT)], capture_output=True,
                         text=True, timeout=900, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def kernel_rates() -> list[dict]:
    """Lane-instructions per second for every reference kernel (one launch each)."""
    from tilelab.toolchain import kernel_from_file as K
    from tilelab.launch import launch
    rng = np.random.default_rng(0)
    f32 = lambda *s: rng.standard_normal(s).astype(np.float32)  # noqa: E731
    nan = lambda *s: np.full(s, np.nan, np.float32)  # noqa: E731
    R, C = 256, 256
    N = 128
    cases = [
        ("vector_add.cu", "vectorAdd", (256,), (256,), lambda: (f32(65536), f32(65536), nan(65536), 65536)),
        ("matmul_naive.cu", "matmulNaive", (8, 8), (16, 16), lambda: (f32(N, N), f32(N, N), nan(N, N), N)),
        ("matmul_naive.cu", "matmulNaiveUncoalesced", (8, 8), (16, 16), lambda: (f32(N, N), f32(N, N), nan(N, N), N)),
        ("matmul_tiled.cu", "matmulTiled16", (8, 8), (16, 16), lambda: (f32(N, N), f32(N, N), nan(N, N), N)),
        ("matmul_tiled.cu", "matmulTiled32", (4, 4), (32, 32), lambda: (f32(N, N), f32(N, N), nan(N, N), N)),
    ] + [("transpose.cu", n, (C // 32, R // 32), (32, 8), lambda: (f32(R, C), nan(C, R), R, C))
         for n in ("transposeNaive", "transposeShared32", "transposePadded", "transposeSwizzled",
                   "copySameGeometry")] + [
        ("transpose.cu", "copyFloat4", (64,), (256,), lambda: (f32(65536), nan(65536), 16384)),
        ("warp_reduce.cu", "warpReduceSum", (256,), (256,), lambda: (f32(65536), nan(2048), 65536)),
        ("warp_reduce.cu", "blockReduceSum", (256,), (256,), lambda: (f32(65536), nan(256), 65536)),
        ("cp_async_copy.cu", "cpAsyncCopy", (16,), (256,), lambda: (f32(65536), nan(65536), 65536)),
        ("mma_tile.cu", "mmaTilePlain", (2, 2), (128,),
         lambda: (f32(128, 128).astype(np.float16), f32(128, 128).astype(np.float16), nan(128, 128), 128, 128, 128)),
        ("mma_tile.cu", "mmaTileSwizzled", (2, 2), (128,),
         lambda: (f32(128, 128).astype(np.float16), f32(128, 128).astype(np.float16), nan(128, 128), 128, 128, 128)),
    ]
    rows = []
    for f, name, grid, block, mk in cases:
        k = K(ROOT / "kernels" / f, name)
        launch(k, grid, block, *mk(), backend="emu")
        t = time.perf_counter()
        r = launch(k, grid, block, *mk(), backend="emu")
        s = time.perf_counter() - t
        rows.append({"kernel": name, "grid": list(grid), "block": list(block), "seconds": s,
                     "lane_instructions": r.lane_instructions, "lane_instr_per_s": r.lane_instructions / s,
                     "findings": len(r.findings)})
    return rows


COMPARE_ONE = OURS_ONE.replace("t = time.perf_counter(); r = launch", "t = time.process_time(); r = launch") \
    .replace("times.append(time.perf_counter() - t)", "times.append(time.process_time() - t)")


def compare(trees, rounds=4, sizes=(64, 128, 256)) -> dict:
    """Median and min process CPU time of the 32x32-tile matmul per tree, the trees run in turn."""
    got = {t: {n: [] for n in sizes} for t in trees}
    for r in range(rounds):
        for n in sizes:
            for t in (trees if r % 2 == 0 else trees[::-1]):
                out = subprocess.run([sys.executable, "-c", COMPARE_ONE, str(n), "3", t], capture_output=True,
                                     text=True, timeout=900, check=True,
                                     env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}).stdout
                got[t][n] += json.loads(out.strip().splitlines()[-1])["times"]
    return {t: {str(n): {"median": statistics.median(v), "min": min(v), "samples": v} for n, v in d.items()}
            for t, d in got.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-numba", action="store_true")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--compare", nargs="+", metavar="TREE", help="source trees (with tilelab/ and kernels/)")
    a = ap.parse_args()
    if a.compare:
        res = {"date": dt.date.today().isoformat(), "command": " ".join(["python"] + sys.argv),
               "machine": {"cpus": os.cpu_count(), "load": os.getloadavg()}, "what": "process CPU seconds, "
               "matmulTiled32 NxN, all sanitizers on, trees run in turn", "trees": compare(a.compare)}
        for t, d in res["trees"].items():
            print(t, {n: round(v["median"], 3) for n, v in d.items()})
        p = Path(a.out) / f"emu-speed-compare-{res['date']}.json"
        p.write_text(json.dumps(res, indent=1))
        print(f"wrote {p}")
        return
    res = {"date": dt.date.today().isoformat(), "command": " ".join(["python"] + sys.argv),
           "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
           "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                    text=True).stdout.strip(),
           "matmul_tiled32": {}}
    for n in (64, 128, 256):
        o = ours(n)
        entry = {"ours_seconds": o["times"], "ours_median": statistics.median(o["times"]),
                 "peak_rss_mb": o["peak_rss_mb"], "lane_instructions": o["lane_instructions"]}
        if n in (64, 128) and not a.no_numba:
            nt = numba_time(n)
            entry["numba_cudasim_seconds"] = nt
            if nt:
                entry["speedup"] = nt / entry["ours_median"]
        res["matmul_tiled32"][str(n)] = entry
    res["kernels"] = kernel_rates()
    print(f"{'N':>5} {'ours (median of 3)':>20} {'numba-cuda sim':>16} {'ratio':>8} {'peak RSS':>10}")
    for n, e in res["matmul_tiled32"].items():
        ns = e.get("numba_cudasim_seconds")
        nstr = f"{ns:.2f}s" if ns else "-"
        ratio = f"{e['speedup']:.0f}x" if "speedup" in e else "-"
        print(f"{n:>5} {e['ours_median']:>19.3f}s {nstr:>16} {ratio:>8} {e['peak_rss_mb']:>8.0f}MB")
    print("\nlane-instructions per second (sanitizers and metrics on):")
    for r in res["kernels"]:
        print(f"  {r['kernel']:24s} {r['lane_instr_per_s'] / 1e6:8.1f} M/s  ({r['seconds']:.3f} s)")
    Path(a.out).mkdir(parents=True, exist_ok=True)
    p = Path(a.out) / f"emu-speed-{res['date']}.json"
    p.write_text(json.dumps(res, indent=1))
    print(f"\nwrote {p.relative_to(ROOT) if p.is_relative_to(ROOT) else p}")


if __name__ == "__main__":
    main()
