"""Draw the README's pictures and print its results table, from bench/results/ only.

    python scripts/readme_results.py        # writes docs/img/*.png, prints the Markdown table

Nothing here is typed in by hand: every figure comes from a recorded JSON file
(GPU, driver, date and command are in each file), and the bank picture is drawn by
tilelab.banks from the same rules the emulator uses.
"""
from __future__ import annotations

import glob
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
IMG = ROOT / "docs" / "img"


def latest(name: str) -> tuple[dict, str]:
    files = sorted(glob.glob(str(ROOT / "bench" / "results" / f"{name}-20[0-9][0-9]-*.json")))   # dated recordings only
    if not files:
        raise SystemExit(f"no bench/results/{name}-*.json: run the benchmark first")
    return json.loads(Path(files[-1]).read_text()), Path(files[-1]).name


def med(d, size, label):
    return d["sizes"][str(size)]["stats"][label]["median_s"]


def matmul_rows():
    d, f = latest("gpu_matmul")
    rows = []
    for n in (1024, 2048, 4096):
        fl = d["sizes"][str(n)]["flops"]
        t = {k: fl / med(d, n, k) / 1e12 for k in ("naive", "uncoalesced", "tiled16", "tiled32", "cublas")}
        rows.append((n, t))
    return d, f, rows


def transpose_rows():
    d, f = latest("gpu_transpose")
    rows = []
    for n in (4096, 8192, 16384):
        b = d["sizes"][str(n)]["bytes_moved"]
        bw = {k: b / med(d, n, k) / 1e9 for k in ("naive", "shared32", "padded33", "swizzled",
                                                  "padded33_column_order", "swizzled_column_order",
                                                  "copy_same_geometry", "copy_float4")
              if k in d["sizes"][str(n)]["stats"]}
        rows.append((n, bw))
    return d, f, rows


def mma_row():
    d, f = latest("gpu_mma")
    n = max(int(k) for k in d["sizes"])
    fl = d["sizes"][str(n)]["flops"]
    t = {k: fl / med(d, n, k) / 1e12 for k in d["sizes"][str(n)]["stats"]}
    return d, f, n, t


def ladder_rows():
    """Lesson 06's climb (bench/gpu_mma_ladder.py): per rung and size, TFLOP/s and fraction of
    cuBLAS in the same process, and ncu's wavefronts per ldmatrix / per LDGSTS request."""
    files = sorted(glob.glob(str(ROOT / "bench" / "results" / "gpu_mma_ladder-20??-??-??.json")))
    if not files:
        return None
    d, f = json.loads(Path(files[-1]).read_text()), Path(files[-1]).name
    r5 = next(k for k, v in d["kernels"].items() if v["kernel"] == "mmaR5WarpTile" and v["block_tile"] == [256, 128]
              and (not v["options"] or {"-DR5_STAGES=4", "-DR5_GROUP=8"} <= set(v["options"])))
    rungs = [("1 · mma.sync + ldmatrix, plain", "r1_plain"), ("2 · + Swizzle<3,3,3>", "r2_swizzled"),
             ("3 · + 16-byte cp.async", "r3_cp_async"), ("4 · + 3-stage pipeline", "r4_pipelined"),
             ("5 · + 64×64 warp tiles, rasterised", r5), ("cuBLAS (cublasGemmEx)", "cublas")]
    sizes = sorted(d["sizes"], key=int)
    rows = []
    for name, lab in rungs:
        cells = [f"{d['sizes'][n]['tflops_median'][lab]:.1f} ({d['sizes'][n]['fraction_of_cublas'][lab]:.2f})"
                 for n in sizes]
        c = (d.get("ncu") or {}).get(lab) or {}
        wf = lambda x: "—" if x is None else f"{x:.0f}"  # noqa: E731
        rows.append((name, cells, wf(c.get("ldmatrix_wavefronts_per_request")),
                     wf(c.get("ldgsts_wavefronts_per_request"))))
    return d, f, sizes, rows


def ladder_table() -> list:
    got = ladder_rows()
    if not got:
        return []
    d, f, sizes, rows = got
    out = ["", f"**Tensor Core GEMM, the climb of lesson 06** (FP16 in, FP32 accumulate and out; TFLOP/s and, in "
           f"brackets, the fraction of cublasGemmEx timed round-robin in the same process; ncu's shared wavefronts "
           f"per request at 256³):", "",
           "| rung | " + " | ".join(f"{n}³" for n in sizes) + " | wavefronts / ldmatrix.x4 | wavefronts / LDGSTS |",
           "|---|" + "---|" * len(sizes) + "---|---|"]
    for name, cells, w1, w2 in rows:
        out.append(f"| {name} | " + " | ".join(cells) + f" | {w1} | {w2} |")
    alone = ", ".join(f"{d['sizes'][n]['cublas_alone_tflops_median']:.1f} at {n}³" for n in sizes
                      if d["sizes"][n].get("cublas_alone_tflops_median"))
    out += ["", f"cuBLAS timed on its own before the round-robin: {alone} TFLOP/s; it runs at the card's power "
            f"cap, so its figure moves from run to run (the nvidia-smi counters of the run are in "
            f"`bench/results/logs/`). `bench/results/{f}` (rung 5 is its `r5_256x128_s4_g8` row)"]
    return out


def hopper_ladder_table() -> list:
    """Lesson 07's climb (bench/gpu_tensor_ladder.py, the sustained protocol): TFLOP/s and fraction
    of cuBLAS at the largest size, rungs named as in tilelab/kernels/sm90a/wgmma_ladder.toml."""
    files = sorted(glob.glob(str(ROOT / "bench" / "results" / "gpu_tensor_ladder-20??-??-??.json")))
    if not files:
        return []
    d, f = json.loads(Path(files[-1]).read_text()), Path(files[-1]).name
    n = max(d["sizes"], key=int)
    s = d["sizes"][n]
    rungs = [("lesson 06's best `mma.sync` rung (r5)", "r5_warp_tile"),
             ("1 · TMA + one `wgmma` warp group, one stage, 128B swizzle", "h1_one_stage"),
             (f"2 · + 4 `mbarrier` stages (2 stages: {s['fraction_of_cublas']['h2_pipelined_s2']:.3f})", "h2_pipelined"),
             ("2 without the swizzle (core matrices)", "h2_no_swizzle"),
             ("3 · + producer / consumer warp groups, `setmaxnreg`, 128×256", "h3_specialized"),
             ("4 · + one `wgmma` group in flight, L2-friendly tile order", "h4_overlapped"),
             ("5 · + persistent blocks", "h5_persistent"),
             ("`mma.sync` from registers only (the instruction's ceiling)", "mma_sync_peak")]
    p = d["protocol"]
    out = ["", f"**Hopper, the climb of lesson 07** (TMA + `wgmma`, FP16 in, FP32 accumulate, {n}³) under the "
           f"sustained protocol: every kernel launched back to back for at least {p['seconds_per_run']:g} s, all "
           f"interleaved, {p['repeats']} rotated repeats, median, cuBLAS in the same process (the card at its power "
           f"cap: cuBLAS {s['tflops_median']['cublas']:.1f} TFLOP/s):", "",
           "| rung | TFLOP/s | ÷ cuBLAS |", "|---|---|---|"]
    for name, lab in rungs:
        out.append(f"| {name} | {s['tflops_median'][lab]:.1f} | {s['fraction_of_cublas'][lab]:.3f} |")
    out += ["", f"`bench/results/{f}` (`{d['command']}`, {d['gpu']}, {d['date'][:10]}). The emulator runs every "
            f"rung, and its results equal the H200's bit for bit at 256³ "
            f"(`bench/results/wgmma-ladder-emu-vs-h200-2026-12-02.json`)."]
    return out


def table() -> str:
    dm, fm, mrows = matmul_rows()
    dt, ft, trows = transpose_rows()
    dx, fx, nx, tx = mma_row()
    out = [f"Measured on an {dm['gpu']} (driver {dm['driver']}, {dm['date'][:10]}); every number comes from the "
           f"JSON file named under its table, which also holds the command, commit and raw samples.", "",
           "**Matmul, TFLOP/s** (fp32)", "",
           "| N | naive | uncoalesced | tiled 16 | tiled 32 | cuBLAS | tiled32 ÷ naive |", "|---|---|---|---|---|---|---|"]
    for n, t in mrows:
        out.append(f"| {n} | {t['naive']:.2f} | {t['uncoalesced']:.2f} | {t['tiled16']:.2f} | {t['tiled32']:.2f} | "
                   f"{t['cublas']:.1f} | {t['tiled32'] / t['naive']:.2f}× |")
    out += ["", f"`bench/results/{fm}`", "", "**Transpose, GB/s read + write**", "",
            "| size | naive | [32][32] | [32][33] | `c ^ r` | [32][33], column order | `c ^ r`, column order "
            "| copy (same geometry) | float4 copy | padded ÷ unpadded | padded ÷ float4 copy (column order) |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for n, b in trows:
        co = lambda k: f"{b[k]:.0f}" if k in b else "—"  # noqa: E731  (older recordings lack them)
        out.append(f"| {n}² | {b['naive']:.0f} | {b['shared32']:.0f} | {b['padded33']:.0f} | {b['swizzled']:.0f} | "
                   f"{co('padded33_column_order')} | {co('swizzled_column_order')} | "
                   f"{b['copy_same_geometry']:.0f} | {b['copy_float4']:.0f} | {b['padded33'] / b['shared32']:.2f}× | "
                   f"{b['padded33'] / b['copy_float4']:.2f}"
                   + (f" ({b['padded33_column_order'] / b['copy_float4']:.2f})" if "padded33_column_order" in b else "")
                   + " |")
    sw = tx.get("swizzled")
    pl = tx.get("plain")
    out += ["", "Column order: the same two kernels with the grid launched the other way round, so that the blocks "
            "running together write one contiguous band of the output (lesson 04 §5; the study is "
            "`bench/gpu_transpose_variants.py`).", "", f"`bench/results/{ft}`", "",
            f"**Tensor cores** (`ldmatrix` + `mma.sync` m16n8k16, 64×64×64 block tile, {nx}³): plain {pl:.1f}, "
            f"`Swizzle<3,3,3>` {sw:.1f} TFLOP/s, **{sw / pl:.2f}×**" +
            (f"; cuBLAS {tx['cublas']:.0f}" if "cublas" in tx else "") + f". `bench/results/{fx}`"]
    out += ladder_table()
    out += hopper_ladder_table()
    return "\n".join(out)


def bank_picture(img: Path = IMG):
    """The course in one picture: a [32][32] column read (32-way) above a [32][33] one (free)."""
    from tilelab import banks
    for pad, name in ((0, "banks-32x32.png"), (1, "banks-32x33.png")):
        pic = banks.show(banks.tile(32, 32, pad, index=lambda lane: (lane, 0)))
        (img / name).write_bytes(pic.png())


def speedup_picture(img: Path = IMG):
    _, _, mrows = matmul_rows()
    _, _, trows = transpose_rows()
    _, _, nx, tx = mma_row()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    labels = ["tiled ÷ naive\nmatmul 4096", "padded ÷ [32][32]\ntranspose 16384²", "swizzled ÷ plain\nmma 8192³"]
    vals = [mrows[-1][1]["tiled32"] / mrows[-1][1]["naive"], trows[-1][1]["padded33"] / trows[-1][1]["shared32"],
            tx["swizzled"] / tx["plain"]]
    ax.bar(labels, vals, color=["#4c72b0", "#55a868", "#c44e52"])
    for i, v in enumerate(vals):
        ax.text(i, v + 0.05, f"{v:.2f}×", ha="center")
    ax.set_ylabel("speed-up, same process")
    ax.set_title("Measured on an H200 (bench/results/)")
    fig.tight_layout()
    fig.savefig(img / "speedups.png", dpi=90)
    plt.close(fig)


if __name__ == "__main__":
    IMG.mkdir(parents=True, exist_ok=True)
    bank_picture()
    speedup_picture()
    print(table())
