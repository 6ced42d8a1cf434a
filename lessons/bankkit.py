"""Helpers for lessons 03-05 (banks, padding, swizzle): pictures, the seed-format tables,
and the H200 figures recorded in bench/results/.

Course furniture, like lessonkit.py: the counts come from ``tilelab.banks`` and the
emulator, the GPU figures only from recorded benchmark files, whose source and date are
printed beside them. Nothing here makes up a number: when no recording is present the
lessons say so and show the model alone.
"""
from __future__ import annotations

import glob
import json
import math
from pathlib import Path

import numpy as np

from tilelab.messages import label as _label, msg as _msg  # the words it prints or draws, per language
from tilelab.table import _pad  # pads by terminal columns (a CJK character takes two)
from tilelab import palette       # colour-blind-safe colours (Okabe-Ito), shared with the toolkit

ROOT = Path(__file__).resolve().parent.parent
KERNELS = ROOT / "kernels"


def kernel_text(name: str, path: Path = KERNELS / "transpose.cu") -> str:
    """The source of one ``__global__`` kernel from a kernels/ file, with the file's #defines,
    so that it compiles on its own (its PTX and SASS then hold that kernel alone). The learner
    markers of kernels/ are dropped (tilelab.kernel_text)."""
    from tilelab.kernel_text import function, regions
    text = Path(path).read_text()
    defines = "\n".join(l for l in text.splitlines() if l.startswith("#define"))
    try:
        body = function(text, name)
    except KeyError:
        raise KeyError(f"{name} is not in {path}") from None
    body = "\n".join(l for l in body.splitlines() if not l.startswith("#define"))
    return defines + "\n\n" + regions(body, mode="plain") + "\n"


def _plt():
    import matplotlib.pyplot as plt
    return plt


# --------------------------------------------------------------------------- recordings
def newest(pattern: str, root: Path = ROOT):
    """(relative path, data) of the newest bench/results file matching ``pattern``, or (None, None)."""
    for path in sorted(glob.glob(str(root / "bench" / "results" / pattern)), reverse=True):
        try:
            return str(Path(path).relative_to(root)), json.loads(Path(path).read_text())
        except (OSError, ValueError):
            continue
    return None, None


def say_source(rec: dict) -> None:
    print(_msg("bankkit.gpu_figures_recorded_source", gpu=rec['gpu'], date=rec['date'], source=rec['source']))


def h200_stride(root: Path = ROOT):
    """The shared-load stride sweep recorded on a GPU (bench/gpu_bank_stride.py), or None.

    Returns {source, date, gpu, strides: {stride: {relative, cycles, ncu, predicted}}}:
    time per warp request relative to stride 1, SM cycles per request per SM, and what
    Nsight Compute counted (wavefronts per request) when it ran.
    """
    src, d = newest("gpu_bank_stride-*.json", root)
    if not d or not d.get("strides"):
        return None
    out = {}
    for s, v in d["strides"].items():
        out[int(s)] = {"relative": v.get("relative_to_stride1"), "cycles": v.get("cycles_per_request_per_sm"),
                       "ncu": v.get("ncu_wavefronts_per_request"), "predicted": v.get("predicted_wavefronts")}
    return {"source": src, "date": str(d.get("date", "?"))[:10], "gpu": d.get("gpu", "?"), "strides": out}


TRANSPOSE_LABELS = {  # bench/gpu_transpose.py label -> what the lessons call it
    "naive": "naive", "shared32": "[32][32]", "padded33": "[32][33]", "swizzled": "swizzled",
    "copy_same_geometry": "copy (same geometry)", "copy_float4": "copy (float4)",
    "padded33_column_order": "[32][33] column order", "swizzled_column_order": "swizzled column order",
}

BLOCK_ORDER_LABELS = {  # bench/gpu_transpose_variants.py kernel -> what lesson 04 calls it
    "tp_lesson": "[32][33], row order (the exercise)",
    "tp_swap": "[32][33], column order",
    "tp_g16": "[32][33], bands of 16 tile rows",
    "ts_restrict": "swizzled, row order",
    "ts_swap": "swizzled, column order",
    "copysg_lesson": "same-geometry copy, row order",
    "copysg_ordered": "same-geometry copy, column order",
    "copysg_alias": "same-geometry copy, no __restrict__",
    "copy4_lesson": "copy (float4)",
}


def h200_transpose(root: Path = ROOT):
    """The transpose experiment recorded on a GPU (bench/gpu_transpose.py), or None.

    Returns {source, date, gpu, sizes: {N: {label: {ms, GBps, pass}}}, ratios: {N: {...}},
    ncu: {label: {per-request counts}}} with the lessons' labels.
    """
    src, d = newest("gpu_transpose-*.json", root)
    if not d or not d.get("sizes"):
        return None
    sizes, ratios = {}, {}
    for n, v in d["sizes"].items():
        row = {}
        for lab, st in v.get("stats", {}).items():
            ok = v.get("check", {}).get(lab, {}).get("pass")
            row[TRANSPOSE_LABELS.get(lab, lab)] = {"ms": st["median_s"] * 1e3,
                                                  "GBps": v["bytes_moved"] / st["median_s"] / 1e9, "pass": ok}
        sizes[int(n)] = row
        ratios[int(n)] = dict(v.get("ratios", {}))
    ncu = {}
    for lab, v in (d.get("ncu") or {}).items():
        if isinstance(v, dict):
            ncu[TRANSPOSE_LABELS.get(lab, lab)] = {k: x for k, x in v.items() if k.endswith("per_request")}
    return {"source": src, "date": str(d.get("date", "?"))[:10], "gpu": d.get("gpu", "?"), "sizes": sizes,
            "ratios": ratios, "ncu": ncu, "ncu_size": (d.get("ncu") or {}).get("size")}


def h200_block_order(root: Path = ROOT):
    """The block-order study recorded on a GPU (bench/gpu_transpose_variants.py), or None.

    Returns {source, date, gpu, sizes: {N: {label: (GB/s, fraction of the float4 copy)}}},
    GB/s averaged over the recorded passes, for the kernels of ``BLOCK_ORDER_LABELS``.
    """
    src, d = newest("gpu_transpose_variants-*.json", root)
    if not d or not d.get("sizes"):
        return None
    acc = {}
    for key, v in d["sizes"].items():
        n = int(key.split("#")[0])
        for k, gbs in v.get("GBps_median", {}).items():
            if k in BLOCK_ORDER_LABELS and v.get("check_pass", {}).get(k):
                acc.setdefault(n, {}).setdefault(k, []).append(gbs)
    sizes = {}
    for n, kv in sorted(acc.items()):
        if "copy4_lesson" not in kv:
            continue
        c4 = float(np.mean(kv["copy4_lesson"]))
        sizes[n] = {BLOCK_ORDER_LABELS[k]: (float(np.mean(kv[k])), float(np.mean(kv[k])) / c4)
                    for k in BLOCK_ORDER_LABELS if k in kv}
    return {"source": src, "date": str(d.get("date", "?"))[:10], "gpu": d.get("gpu", "?"), "sizes": sizes}


def h200_mma(root: Path = ROOT):
    """The ldmatrix + mma.sync tile recorded on a GPU (bench/gpu_mma.py), or None."""
    src, d = newest("gpu_mma-*.json", root)
    if not d or not d.get("sizes"):
        return None
    sizes = {}
    for n, v in d["sizes"].items():
        sizes[int(n)] = {lab: v["flops"] / st["median_s"] / 1e12 for lab, st in v.get("stats", {}).items()}
    ncu = {lab: {k: x for k, x in v.items() if k.endswith("per_request")}
           for lab, v in (d.get("ncu") or {}).items() if isinstance(v, dict)}
    return {"source": src, "date": str(d.get("date", "?"))[:10], "gpu": d.get("gpu", "?"), "tflops": sizes,
            "ncu": ncu}


# --------------------------------------------------------------------------- tables
def seed_table(rows, *, title: str, base: str, time_unit="ms"):
    """Print the seed's experiment table: kernel, time, bandwidth, speed-up over ``base``, PASS/FAIL.

    ``rows`` = [(label, ms, GB/s, passed)]; the speed-up is time(base) / time(kernel).
    """
    t0 = next(ms for lab, ms, _, _ in rows if lab == base)
    print(title)
    print(_pad(_msg("bankkit.col_kernel"), 24, True) + _pad(_msg("bankkit.col_time", unit=time_unit), 12, False)
          + _pad(_msg("bankkit.col_bandwidth"), 19, False) + _pad(_msg("bankkit.col_speedup"), 11, False)
          + _pad(_msg("bankkit.col_check"), 8, False))
    print("-" * 74)
    for lab, ms, gbps, ok in rows:
        print(f"{_pad(_label(lab), 24, True)}{ms:>12.4f}{gbps:>19.1f}{t0 / ms:>10.2f}x{('PASS' if ok else 'FAIL'):>8}")


def count_table(rows, *, title: str):
    """Print the emulator's version of the table: counts per warp request, and PASS/FAIL.

    ``rows`` = [(label, metrics dict, passed)].
    """
    def per(m, a, b):
        return f"{m[a] / m[b]:.2f}" if m.get(b) else "—"
    print(title)
    print(_pad(_msg("bankkit.col_kernel"), 24, True) + "".join(_pad(_msg("bankkit." + k), 10, False) for k in
          ("col_shared_ld", "col_shared_st", "col_global_ld", "col_global_st")) + _pad(_msg("bankkit.col_check"), 8, False))
    print(" " * 24 + "".join(_pad(_msg("bankkit." + k), 10, False) for k in
          ("col_wf_req", "col_wf_req", "col_sect_req", "col_sect_req")))
    print("-" * 72)
    for lab, m, ok in rows:
        print(f"{_pad(_label(lab), 24, True)}{per(m, 'shared_ld_wavefronts', 'shared_ld_requests'):>10}"
              f"{per(m, 'shared_st_wavefronts', 'shared_st_requests'):>10}"
              f"{per(m, 'global_ld_sectors', 'global_ld_requests'):>10}"
              f"{per(m, 'global_st_sectors', 'global_st_requests'):>10}{('PASS' if ok else 'FAIL'):>8}")


# --------------------------------------------------------------------------- pictures
_BANK_CMAP = None


def _bank_colours():
    global _BANK_CMAP
    if _BANK_CMAP is None:
        from matplotlib import colormaps
        base = colormaps["tab20"].colors + colormaps["tab20b"].colors
        _BANK_CMAP = [base[i] for i in range(32)]
    return _BANK_CMAP


def draw_address_map(words: int = 128):
    """Shared memory as 4-byte words laid out in rows of 32: each column is one bank."""
    plt = _plt()
    rows = math.ceil(words / 32)
    fig, ax = plt.subplots(figsize=(11, 0.55 * rows + 1.2))
    cols = _bank_colours()
    for w in range(words):
        r, b = divmod(w, 32)
        ax.add_patch(plt.Rectangle((b, r), 1, 1, fc=cols[b], ec="white", alpha=0.8))
        ax.text(b + 0.5, r + 0.42, str(w), ha="center", va="center", fontsize=6.5)
        ax.text(b + 0.5, r + 0.78, f"{4 * w}", ha="center", va="center", fontsize=4.5, color="#333")
    ax.set_xlim(0, 32)
    ax.set_ylim(rows, -0.9)
    for b in range(32):
        ax.text(b + 0.5, -0.45, f"b{b}", ha="center", va="center", fontsize=6.5, weight="bold")
    ax.set_xticks([])
    ax.set_yticks([r + 0.5 for r in range(rows)], [f"words {32 * r}–{32 * r + 31}" for r in range(rows)],
                  fontsize=7)
    ax.set_title(_msg("bankkit.shared_memory_4_byte"), fontsize=9)
    for s in ax.spines.values():
        s.set_visible(False)
    fig.tight_layout()
    plt.show()


def draw_tiles(variants, *, rows: int = 32, col: int = 0, show_rows: int = 16):
    """Side by side, a float tile per variant, each element coloured by its bank.

    ``variants`` = [(title, cols_in_memory, stored_column_fn or None)]. The elements a warp
    reads when 32 lanes walk down logical column ``col`` are outlined in black; below each
    panel, how many of them share the busiest bank.
    """
    plt = _plt()
    cols = _bank_colours()
    fig, axes = plt.subplots(1, len(variants), figsize=(4.6 * len(variants), 3.3))
    axes = np.atleast_1d(axes)
    for ax, (title, width, swz) in zip(axes, variants):
        logical = 32
        for r in range(show_rows):
            for c in range(width):
                b = (r * width + c) % 32
                ax.add_patch(plt.Rectangle((c, r), 1, 1, fc=cols[b], ec="white", lw=0.3,
                                           alpha=0.35 if c >= logical else 0.85))
        hits = []
        for r in range(rows):
            c = swz(r, col) if swz else col
            hits.append((r * width + c) % 32)
            if r < show_rows:
                ax.add_patch(plt.Rectangle((c, r), 1, 1, fc="none", ec="black", lw=1.6))
                ax.text(c + 0.5, r + 0.55, str((r * width + c) % 32), ha="center", va="center", fontsize=5.5)
        worst = max(hits.count(b) for b in set(hits))
        ax.set_xlim(0, max(w for _, w, _ in variants))
        ax.set_ylim(show_rows, 0)
        ax.set_aspect("equal")
        ax.set_xticks([0, 8, 16, 24, 31])
        ax.set_yticks(range(0, show_rows, 4))
        ax.set_xlabel(_msg("bankkit.column_in_memory"))
        ax.set_ylabel(_msg("bankkit.row"))
        nb = len(set(hits))
        ax.set_title(_msg("bankkit.logical_column_32_rows", title=title, col=col, nb=nb, v0='s' * (nb != 1), v1=_msg('banks.conflict_free') if worst == 1 else _msg('bankkit.n_way_conflict', n=worst)), fontsize=9)
    fig.suptitle(_msg("bankkit.colour_bank_pale_padding", show_rows=show_rows), fontsize=9)
    fig.tight_layout()
    plt.show()


def draw_stride(predicted: dict, *, emulator: dict | None = None, recorded: dict | None = None):
    """Wavefronts per request against stride: the model, the emulator and the recorded GPU."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(10, 3.8))
    xs = sorted(predicted)
    ax.bar(xs, [predicted[s] for s in xs], color="#cfe1f2", edgecolor="#6a9ecf",
           label=_msg("bankkit.bank_model_tilelab_banks"))
    if emulator:
        ax.plot(sorted(emulator), [emulator[s] for s in sorted(emulator)], "s", color=palette.GREEN, ms=5,
                label=_msg("bankkit.emulator_measured_on_the"))
    if recorded:
        rs = sorted(s for s in recorded["strides"] if recorded["strides"][s]["relative"] is not None)
        ax.plot(rs, [recorded["strides"][s]["relative"] for s in rs], "o--", color=palette.VERMILLION, ms=4, lw=1,
                label=_msg("bankkit.time_per_request_time", gpu=recorded['gpu'], date=recorded['date']))
    ax.set_yscale("log", base=2)
    ax.set_xticks(xs)
    ax.set_xlabel(_msg("bankkit.stride_4_byte_words"))
    ax.set_ylabel(_msg("bankkit.cost_log_scale"))
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    ax.set_title(_msg("bankkit.shared_memory_load_cost"), fontsize=10)
    fig.tight_layout()
    plt.show()


def draw_bars(groups: dict, *, ylabel: str, title: str, ref: str | None = None):
    """Grouped bars: {group: {label: value}} (e.g. size -> kernel -> GB/s), a line at ``ref``."""
    plt = _plt()
    labels = list(dict.fromkeys(k for g in groups.values() for k in g))
    fig, ax = plt.subplots(figsize=(min(11, 1.5 * len(labels) + 2), 3.8))
    w = 0.8 / len(groups)
    x = np.arange(len(labels))
    for i, (g, vals) in enumerate(groups.items()):
        ys = [vals.get(lab, 0) for lab in labels]
        bars = ax.bar(x + (i - (len(groups) - 1) / 2) * w, ys, w, label=str(g))
        ax.bar_label(bars, labels=[f"{y:,.0f}" for y in ys], fontsize=6.5, rotation=90, padding=2)
    ax.set_xticks(x, [_label(lab) for lab in labels], fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.margins(y=0.2)
    ax.legend(fontsize=8)
    fig.tight_layout()
    plt.show()


def draw_xor_permutation(n: int = 32, col: int = 5, small: int = 8):
    """Where the XOR swizzle puts things: in stored position (r, s) sits logical column s ^ r.

    Left, a small ``small`` x ``small`` tile with the numbers written in; right, the full
    ``n`` x ``n`` tile. The cells holding logical column ``col`` (what a warp reads going down
    a column) are outlined: exactly one in every row and in every stored column.
    """
    plt = _plt()
    fig, axes = plt.subplots(1, 2, figsize=(10.5, 4.9), width_ratios=[1, 1.3])
    for ax, m, fs in ((axes[0], small, 9), (axes[1], n, 0)):
        r, st = np.mgrid[0:m, 0:m]
        logical = st ^ r
        if fs:
            ax.imshow(logical, cmap="Set3", vmin=0, vmax=11, interpolation="nearest")
        else:
            ax.imshow(logical, cmap="twilight", vmin=0, vmax=n, interpolation="nearest")
        for i in range(m):
            for j in range(m):
                if fs:
                    ax.text(j, i, str(logical[i, j]), ha="center", va="center", fontsize=fs)
                if logical[i, j] == col % m:
                    ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, fc="none", ec="black", lw=2))
        ax.set_xlabel(_msg("bankkit.stored_column_s") + (_msg("bankkit.is_bank") if m == n else ""))
        ax.set_ylabel(_msg("bankkit.row_r"))
        ax.set_title(_msg("bankkit.x_the_number_in", m=m, v0=col % m), fontsize=9)
    fig.suptitle(_msg("bankkit.tile_r_c_r"), fontsize=10)
    fig.tight_layout()
    plt.show()


def draw_cost_vs_size(points, *, title: str):
    """Bars of shared bytes per block with the blocks that fit per SM printed on each."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 3.4))
    labels = [p[0] for p in points]
    bars = ax.bar(labels, [p[1] for p in points], color=[palette.SKY_BLUE if "pad" not in p[0] else palette.ORANGE
                                                         for p in points],
                  hatch=["" if "pad" not in p[0] else "///" for p in points])
    ax.bar_label(bars, labels=[_msg("bankkit.bytes_blocks_per_sm", nbytes=p[1], blocks=p[2]) for p in points], fontsize=8)
    ax.set_ylabel(_msg("bankkit.shared_bytes_per_block"))
    ax.set_title(title, fontsize=10)
    ax.margins(y=0.3)
    ax.tick_params(axis="x", labelsize=8)
    fig.tight_layout()
    plt.show()


# --------------------------------------------------------------------------- occupancy
H200_SMEM_PER_SM = 228 * 1024        # configurable shared memory per SM (sm_90)
H200_SMEM_PER_BLOCK = 227 * 1024     # largest block allocation, with the opt-in attribute
RESERVED_PER_BLOCK = 1024            # the CUDA runtime reserves 1 KB per block (sm_80 and newer)
MAX_THREADS_PER_SM = 2048
MAX_BLOCKS_PER_SM = 32


def blocks_per_sm(shared_bytes: int, threads: int = 256) -> int:
    """Blocks of one kernel resident on an H200 SM, limited by shared memory and threads only
    (registers are assumed not to be the limit)."""
    if shared_bytes > H200_SMEM_PER_BLOCK:
        return 0
    by_smem = H200_SMEM_PER_SM // (shared_bytes + RESERVED_PER_BLOCK)
    return int(min(by_smem, MAX_THREADS_PER_SM // threads, MAX_BLOCKS_PER_SM))


# --------------------------------------------------------------------------- more pictures
def draw_memory_hierarchy():
    """Where shared memory sits: per-SM SRAM next to L1, between the registers and L2/HBM."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(10, 3.3))

    def box(x, y, w, h, text, fc, fs=8.5):
        ax.add_patch(plt.Rectangle((x, y), w, h, fc=fc, ec="#333", lw=0.8))
        ax.text(x + w / 2, y + h / 2, text, ha="center", va="center", fontsize=fs)

    box(0.0, 0.2, 2.2, 2.6, _msg("bankkit.hbm_global_memory_h200"), "#e8e8e8")
    box(2.6, 0.2, 1.8, 2.6, _msg("bankkit.l2_cache_h200_60"), "#dde7f2")
    ax.add_patch(plt.Rectangle((4.8, 0.05), 5.1, 2.9, fc="none", ec="#333", lw=1.2, ls="--"))
    ax.text(7.35, 2.78, _msg("bankkit.one_sm_the_h200"), ha="center", fontsize=8.5, style="italic")
    box(5.0, 1.45, 2.1, 1.1, _msg("bankkit.l1_cache_filled_by"), "#dde7f2")
    box(5.0, 0.2, 2.1, 1.1, _msg("bankkit.shared_memory_up_to"), "#fde0c5")
    for i in range(8):
        ax.add_patch(plt.Rectangle((5.05 + i * 0.25, 0.22), 0.22, 0.12, fc="#fd8d3c", ec="none"))
    ax.text(6.05, 0.42, _msg("bankkit.32_banks_4_bytes"), ha="center", fontsize=6.5)
    box(7.6, 0.2, 2.1, 2.35, _msg("bankkit.registers_private_to_each"), "#e5f5e0")
    for x0, x1 in ((2.2, 2.6), (4.4, 5.0), (7.1, 7.6)):
        ax.annotate("", xy=(x1, 1.5), xytext=(x0, 1.5), arrowprops=dict(arrowstyle="<->", lw=1))
    ax.set_xlim(-0.1, 10.0)
    ax.set_ylim(0, 3.0)
    ax.axis("off")
    ax.set_title(_msg("bankkit.shared_memory_on_chip"), fontsize=9.5)
    fig.tight_layout()
    plt.show()


def draw_transpose_footprint(n: int = 32):
    """Warp 0 of the naive transpose: a row segment of `in` (4 sectors), a column of `out` (32)."""
    plt = _plt()
    fig, axes = plt.subplots(1, 2, figsize=(9, 4.4))
    for ax, title, is_out in ((axes[0], _msg("bankkit.footprint_in"), False),
                              (axes[1], _msg("bankkit.footprint_out"), True)):
        grid = np.zeros((n, n))
        if is_out:
            grid[:, 0] = 1
        else:
            grid[0, :] = 1
        ax.imshow(grid, cmap="Blues", vmin=0, vmax=1.3, interpolation="nearest")
        for x in range(0, n + 1, 8):
            ax.axvline(x - 0.5, color="#bbb", lw=0.6)
        sectors = n // 8 if not is_out else n
        ax.set_title(_msg("bankkit.sectors_of_32_bytes", title=title, sectors=sectors), fontsize=9)
        ax.set_xticks([0, 8, 16, 24, 31])
        ax.set_yticks([0, 8, 16, 24, 31])
    fig.suptitle(_msg("bankkit.naive_transpose_one_warp"), fontsize=9.5)
    fig.tight_layout()
    plt.show()


def draw_block_passes():
    """Which thread of a 32 x 8 block handles which element of the 32 x 32 tile, pass by pass."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(5.4, 5.2))
    colours = ["#9ecae1", "#fdae6b", "#a1d99b", "#bcbddc"]
    for r in range(32):
        j = r // 8
        ax.add_patch(plt.Rectangle((0, r), 32, 1, fc=colours[j], ec="white", lw=0.3))
        if r % 8 == 0:
            ax.text(32.4, r + 4, _msg("bankkit.pass_j_threadidx_y", v0=8 * j), va="center", fontsize=8)
    for r in range(0, 32, 8):
        ax.axhline(r, color="#333", lw=1)
    ax.text(16, -1.2, _msg("bankkit.threadidx_x_column_a"), ha="center", fontsize=8)
    ax.set_xlim(0, 40)
    ax.set_ylim(32, -2.2)
    ax.set_xticks([0, 31])
    ax.set_yticks([0, 7, 8, 31])
    ax.set_ylabel(_msg("bankkit.tile_row"))
    ax.set_title(_msg("bankkit.32_x_8_threads"), fontsize=9.5)
    for s in ("top", "right"):
        ax.spines[s].set_visible(False)
    fig.tight_layout()
    plt.show()


# --------------------------------------------------------------------------- swizzle check
SWIZZLE_CASES = [
    # name, (B, M, S), element bytes, access width, elements per row, vector length, rows
    ("4-byte float", (5, 0, 5), 4, 4, 32, 1, 32),
    ("8-byte float2", (4, 1, 4), 4, 8, 32, 2, 32),
    ("16-byte float4", (3, 2, 3), 4, 16, 32, 4, 32),
    ("ldmatrix fp16", (3, 3, 3), 2, "ldmatrix", 64, 8, 16),
]


def draw_block_order(tiles: int = 12, wave: int = 30):
    """Which tiles the first ``wave`` blocks of a transpose read and write, for the two launch
    orders. Blocks start in order of their linear index (blockIdx.x fastest), so the first
    wave is a run of consecutive indices; what that run touches depends on which tile
    coordinate blockIdx.x stands for."""
    plt = _plt()
    fig, axes = plt.subplots(1, 4, figsize=(11, 3.2))
    for o, (order, what) in enumerate(((_msg("bankkit.row_order"), _msg("bankkit.row_order_what")),
                                       (_msg("bankkit.column_order"), _msg("bankkit.column_order_what")))):
        read = np.zeros((tiles, tiles))
        wrote = np.zeros((tiles, tiles))
        for b in range(wave):
            fast, slow = b % tiles, b // tiles
            tr, tc = (slow, fast) if o == 0 else (fast, slow)     # tile (row, column) of `in`
            read[tr, tc] = 1 + b / wave
            wrote[tc, tr] = 1 + b / wave                           # it lands at (column, row) of `out`
        for ax, grid, title in ((axes[2 * o], read, _msg("bankkit.order_reads_of_in", order=order)),
                                (axes[2 * o + 1], wrote, _msg("bankkit.order_writes_to_out", order=order))):
            ax.imshow(np.ma.masked_equal(grid, 0), cmap=palette.SEQUENTIAL, vmin=1, vmax=2.2)
            ax.set_xticks(np.arange(-0.5, tiles, 1), minor=True)
            ax.set_yticks(np.arange(-0.5, tiles, 1), minor=True)
            ax.grid(which="minor", color="0.85", lw=0.5)
            ax.tick_params(which="both", length=0, labelbottom=False, labelleft=False)
            ax.set_title(title, fontsize=9)
        axes[2 * o].set_xlabel(what, fontsize=8)
    fig.suptitle(_msg("bankkit.the_first_blocks_of", wave=wave, tiles=tiles), fontsize=9)
    fig.tight_layout()
    plt.show()


def check_swizzle(swizzle) -> bool:
    """Check a learner's ``swizzle(o, B, M, S)`` on the four patterns of lesson 05.

    For each case: it must permute the tile's offsets, keep every vector aligned, and make a
    warp reading down any column of 128-byte rows conflict-free. Prints one line per case.
    """
    from tilelab import banks
    try:
        if swizzle(0, 1, 0, 1) is Ellipsis:
            print(_msg("bankkit.swizzle_not_written_yet"))
            return False
    except Exception as e:
        print(_msg("bankkit.swizzle_raised", v0=type(e).__name__, e=e))
        return False
    all_ok = True
    for name, (B, M, S), eb, width, per_row, vec, rows in SWIZZLE_CASES:
        fn = lambda o: int(swizzle(o, B, M, S))  # noqa: E731
        n = rows * per_row
        if not banks.is_bijection(fn, n):
            print(_msg("bankkit.swizzle_not_a_permutation", B=B, M=M, S=S, name=_label(name), v0=n - 1))
            all_ok = False
            continue
        worst, bad_align = 1, False
        for chunk in range(per_row // vec):
            if width == "ldmatrix":
                def lane_off(lane, chunk=chunk):
                    return fn((lane % 16) * per_row + ((chunk + lane // 16) % (per_row // vec)) * vec)
            else:
                def lane_off(lane, chunk=chunk):
                    return fn(lane * per_row + chunk * vec)
            acc = banks.pattern(lane_off, width=width, elem_bytes=eb)
            bad_align |= bool(acc.misaligned)
            a = banks.analyze(acc)
            worst = max(worst, a.degree)
        ok = worst == 1 and not bad_align
        all_ok &= ok
        what = (_msg("bankkit.misaligned_vectors") if bad_align else
                _msg("bankkit.every_column_conflict_free") if worst == 1 else _msg("bankkit.up_to_n_way", n=worst))
        key = "bankkit.swizzle_a_permutation" if ok else "bankkit.swizzle_permutation_but"
        print(_msg(key, B=B, M=M, S=S, name=_label(name), v0='✓' if ok else '✗', what=what))
    return all_ok
