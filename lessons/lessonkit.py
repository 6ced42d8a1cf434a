"""Helpers the lesson notebooks share: checked self-test answers, the pictures, per-line
tables, and the GPU figures recorded on the H200.

They live beside the lessons, not in ``tilelab``: they are course furniture (a quiz checker,
matplotlib drawings), not part of the toolkit a learner uses to write kernels. Every
number a picture shows either comes from the arguments (usually emulator counts) or from
a recorded benchmark file whose source and date are printed with it.
"""
from __future__ import annotations

import glob
import json
import math
from pathlib import Path

import numpy as np

from tilelab.messages import label as _label, msg as _msg  # the words it prints or draws, per language
from tilelab.table import _pad  # pads by terminal columns (a CJK character takes two)

ROOT = Path(__file__).resolve().parent.parent

# --------------------------------------------------------------------------- self-test answers

_tries: dict[str, int] = {}


def _same(given, expected, tol) -> bool:
    if isinstance(expected, str):
        return str(given).strip().lower() == expected.strip().lower()
    try:
        g, e = float(given), float(expected)
    except (TypeError, ValueError):
        return False
    if tol == 0:
        return g == e
    return abs(g - e) <= tol * max(abs(e), 1e-30)


def _fmt(v) -> str:
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return f"{int(v):,}"
    if isinstance(v, (int, np.integer)):
        return f"{int(v):,}"
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v)


def answer(question: str, given, expected, *, tol: float = 0.0, hint: str = "", why: str = "") -> bool | None:
    """Check a self-test answer and say so in one or two lines.

    ``given`` is the learner's value (``...`` while unanswered); ``expected`` is computed in the
    notebook, usually by the emulator. ``tol`` is a relative tolerance (0: exact; strings are
    compared without case). After two wrong tries the expected value is shown.
    """
    key, question = question, _label(question)          # a question named by code: its words shown per language
    if given is Ellipsis or given is None:
        print(_msg("lessonkit.not_answered_yet_replace", question=question))
        return None
    if _same(given, expected, tol):
        print(_msg("lessonkit.answer_right", question=question, value=_fmt(expected)) + (f" {why}" if why else ""))
        return True
    n = _tries[key] = _tries.get(key, 0) + 1
    msg = _msg("lessonkit.answer_wrong", question=question, value=_fmt(given))
    if hint:
        msg += _msg("lessonkit.answer_hint", hint=hint)
    if n >= 2:
        msg += "\n   " + _msg("lessonkit.answer_is", value=_fmt(expected)) + (f" {why}" if why else "")
    print(msg)
    return False


# --------------------------------------------------------------------------- per-line tables

def show_lines(result, metrics=("global_ld_requests", "global_ld_sectors"), *, ratio=None, width=52,
               ratio_label=_msg("lessonkit.sectors_req")):
    """Print the source lines of a launch that have any of ``metrics``, with their counts.

    ``ratio=("global_ld_sectors", "global_ld_requests")`` adds a column with their quotient.
    """
    rows = [r for r in result.per_line if any(r.get(m) for m in metrics)]
    head = (_pad(_msg("profile.col_line"), 4, False) + "  " + _pad(_msg("profile.col_source"), width, True)
            + "".join(f"{_short(m):>14}" for m in metrics))
    if ratio:
        head += _pad(ratio_label, 14, False)
    print(head)
    for r in rows:
        src = (r.get("source") or "").strip()
        if len(src) > width:
            src = src[:width - 1] + "…"
        line = f"{r['line']:>4}  {src:<{width}}" + "".join(f"{r.get(m, 0):>14,}" for m in metrics)
        if ratio:
            d = r.get(ratio[1]) or 0
            line += f"{(r.get(ratio[0], 0) / d if d else 0):>14.2f}"
        print(line)


def _short(metric: str) -> str:
    return metric.replace("global_", "g_").replace("shared_", "s_")


def show_findings(findings, limit=3):
    """Print up to ``limit`` findings and how many more there were."""
    if not findings:
        print(_msg("lessonkit.no_findings"))
        return
    for f in findings[:limit]:
        print(f)
    if len(findings) > limit:
        kinds = sorted({f.kind for f in findings})
        print(_msg("lessonkit.and_more_finding_s", v0=len(findings) - limit, v1=', '.join(kinds)))


# --------------------------------------------------------------------------- recorded GPU figures

#: DESIGN.md §8 figures, used when no benchmark file is in bench/results/.
DESIGN_H200 = {
    "source": "DESIGN.md §8 (figures measured on an NVIDIA H200 by the course authors; "
              "no benchmark file with raw samples is in bench/results/)",
    "date": "undated in DESIGN.md",
    "gpu": "NVIDIA H200",
    "N": 4096,
    "tflops": {"naive": 5.1, "uncoalesced": 1.0, "tiled32": 8.7, "cuBLAS": 49.5},
    "curves": {},
    "sm_count": 132,         # GH100 in the H200 (NVIDIA's datasheet)
    "clock_mhz": 1980,       # its maximum SM clock
}

_LABELS = {"naive": "naive", "uncoalesced": "uncoalesced", "tiled16": "tiled16", "tiled32": "tiled32",
           "cublas": "cuBLAS"}


def _curves(data) -> dict:
    """{kernel: {N: TFLOP/s}} from a bench/gpu_matmul.py result (``sizes.<N>.tflops_median``)."""
    curves: dict = {}
    for n, row in (data.get("sizes") or {}).items():
        for name, tf in (row.get("tflops_median") or {}).items():
            lab = _LABELS.get(str(name).lower())
            if lab and tf:
                curves.setdefault(lab, {})[int(n)] = float(tf)
    return curves


def h200_matmul(root: Path = ROOT) -> dict:
    """The matmul figures recorded on the H200: from the newest bench/results/gpu_matmul-*.json
    (written by bench/gpu_matmul.py) when there is one, else the figures of DESIGN.md §8.
    Keys: source, date, gpu, N, tflops ({kernel: TFLOP/s at N}), curves ({kernel: {N: TFLOP/s}})."""
    for path in sorted(glob.glob(str(root / "bench" / "results" / "gpu_matmul-*.json")), reverse=True):
        try:
            data = json.loads(Path(path).read_text())
            curves = _curves(data)
        except (OSError, ValueError, AttributeError, TypeError):
            continue
        if not {"naive", "uncoalesced", "tiled32"} <= set(curves):
            continue
        n = max(set(curves["naive"]) & set(curves["tiled32"]))
        return {"source": str(Path(path).relative_to(root)), "date": str(data.get("date", "?"))[:10],
                "gpu": data.get("gpu", "?"), "N": n,
                "tflops": {k: round(v[n], 2) for k, v in curves.items() if n in v}, "curves": curves,
                "sm_count": int(data.get("sm_count") or DESIGN_H200["sm_count"]),
                "clock_mhz": int(float(data.get("clocks_sm_max_mhz") or DESIGN_H200["clock_mhz"]))}
    return dict(DESIGN_H200)


def h200_copy_bandwidth(root: Path = ROOT) -> dict:
    """The DRAM bandwidth a float4 copy reached on the H200, in TB/s (read + write), from the
    newest bench/results/gpu_transpose-*.json (its best size), else DESIGN.md §8's 3.87 TB/s.
    Keys: tbps, N, source, date."""
    for path in sorted(glob.glob(str(root / "bench" / "results" / "gpu_transpose-*.json")), reverse=True):
        try:
            data = json.loads(Path(path).read_text())
            best = max((row["GBps_median"]["copy_float4"], int(n)) for n, row in data["sizes"].items()
                       if row.get("GBps_median", {}).get("copy_float4"))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            continue
        return {"tbps": round(best[0] / 1000, 2), "N": best[1], "source": str(Path(path).relative_to(root)),
                "date": str(data.get("date", "?"))[:10]}
    return {"tbps": 3.87, "N": 16384, "source": "DESIGN.md §8", "date": "undated in DESIGN.md"}


def say_source(rec: dict) -> None:
    print(_msg("lessonkit.gpu_figures_n_source", gpu=rec['gpu'], N=rec['N'], source=rec['source'], date=rec['date']))


# --------------------------------------------------------------------------- pictures

def _plt():
    import matplotlib.pyplot as plt
    return plt


def draw_vector_grid(n: int, threads: int = 256, *, show_blocks: int | None = None):
    """Blocks of ``threads`` threads laid over an array of ``n`` floats; the threads past the
    end are red: without a bounds check they would read and write outside the arrays."""
    plt = _plt()
    blocks = math.ceil(n / threads)
    fig, ax = plt.subplots(figsize=(9, 1.7))
    for b in range(blocks):
        lo, hi = b * threads, (b + 1) * threads
        ax.add_patch(plt.Rectangle((lo, 0), min(hi, n) - lo, 1, fc="#9ecae1", ec="k"))
        if hi > n:
            ax.add_patch(plt.Rectangle((n, 0), hi - n, 1, fc="#fb6a4a", ec="k", hatch="//"))
        ax.text((lo + hi) / 2, 0.5, _msg("lessonkit.block", b=b), ha="center", va="center", fontsize=9)
    ax.axvline(n, color="k", lw=2)
    ax.text(n, 1.08, f"n = {n}", ha="center", fontsize=9)
    ax.set_xlim(0, blocks * threads)
    ax.set_ylim(0, 1.3)
    ax.set_yticks([])
    ax.set_xlabel(_msg("lessonkit.global_thread_index_i"))
    ax.set_title(_msg("lessonkit.blocks_threads_for_n", blocks=blocks, threads=threads, n=n, v0=blocks * threads - n), fontsize=10)
    fig.tight_layout()
    plt.show()


def warp_footprint(mapping: str, block=(16, 16), k: int = 5):
    """The elements of C, A and B that warp 0 of block (0, 0) touches at inner step ``k``.

    mapping 'coalesced': col = threadIdx.x, row = threadIdx.y (matmulNaive);
    mapping 'uncoalesced': row = threadIdx.x, col = threadIdx.y (matmulNaiveUncoalesced).
    Returns (rows, cols) of the 32 lanes.
    """
    lanes = np.arange(32)
    tx, ty = lanes % block[0], lanes // block[0]
    if mapping == "coalesced":
        return ty, tx
    if mapping == "uncoalesced":
        return tx, ty
    raise ValueError(mapping)


def sectors_touched(addresses_bytes) -> int:
    """Distinct 32-byte sectors a warp's 4-byte accesses touch (DESIGN §5)."""
    return len({int(a) // 32 for a in addresses_bytes})


def draw_thread_map(N: int = 32, block=(16, 16), k: int = 5):
    """For both mappings: which elements of C warp 0 computes, and which elements of A and B
    it reads at inner step k, with the 32-byte sectors those reads touch outlined in red."""
    plt = _plt()
    from matplotlib.colors import ListedColormap
    cmap = ListedColormap(["#f4f4f4", "#c6dbef", "#2171b5", "#fd8d3c"])
    fig, axes = plt.subplots(2, 3, figsize=(10.5, 7.4))
    for r, mapping in enumerate(("coalesced", "uncoalesced")):
        rows, cols = warp_footprint(mapping, block, k)
        c = np.zeros((N, N))
        c[:block[1], :block[0]] = 1  # the block's tile of C
        c[rows, cols] = 2
        a = np.zeros((N, N))
        a[rows, k] = 3
        b = np.zeros((N, N))
        b[k, cols] = 3
        sec_a = sorted({(int(i), k // 8) for i in rows})
        sec_b = sorted({(k, int(j) // 8) for j in cols})
        titles = [_msg("lessonkit.map_c_col" if r == 0 else "lessonkit.map_c_row"),
                  _msg("lessonkit.map_a", k=k, n=len(set(rows.tolist())), s=len(sec_a)),
                  _msg("lessonkit.map_b", k=k, n=len(set(cols.tolist())), s=len(sec_b))]
        for ax, m, t, secs in zip(axes[r], (c, a, b), titles, (None, sec_a, sec_b)):
            ax.imshow(m, cmap=cmap, vmin=-0.5, vmax=3.5, interpolation="nearest")
            ax.set_title(t, fontsize=9)
            ax.set_xticks([0, 8, 16, 24, N - 1] if N == 32 else [0, N - 1])
            ax.set_yticks([0, k, N - 1])
            for x in range(0, N + 1, 8):   # 32-byte sectors: 8 floats of a row
                ax.axvline(x - 0.5, color="#999999", lw=0.6)
            for (i, s) in secs or []:
                ax.add_patch(plt.Rectangle((8 * s - 0.5, i - 0.5), 8, 1, fill=False, ec="red", lw=1.2))
        axes[r][0].set_ylabel(("matmulNaive" if r == 0 else "matmulNaiveUncoalesced") + "\nrow", fontsize=10)
    for ax in axes[1]:
        ax.set_xlabel(_msg("lessonkit.column"))
    fig.suptitle(_msg("lessonkit.matrices_blocks_light_blue", N=N, v0=block[0], v1=block[1], k=k),
                 fontsize=10)
    fig.tight_layout()
    plt.show()


def draw_roofline(points, *, peak_tflops: float, roofs: dict, title: str = "", xlim=(0.05, 100),
                  marks=(), levels=()):
    """A roofline: one slanted roof per bandwidth in ``roofs`` ({label: TB/s}), the flat
    compute roof at ``peak_tflops``, and ``points`` = [(label, FLOP/byte, TFLOP/s), ...].
    ``marks`` = [(FLOP/byte, label)] draws dotted verticals; ``levels`` = [(TFLOP/s, label)]
    dotted horizontals (a measured library figure, say)."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7.5, 4.6))
    x = np.logspace(math.log10(xlim[0]), math.log10(xlim[1]), 200)
    styles = ["-", "--", ":"]
    for i, (lab, tbps) in enumerate(roofs.items()):
        ax.plot(x, np.minimum(peak_tflops, tbps * x), "k", ls=styles[i % 3], lw=1.2,
                label=_msg("lessonkit.roof_tbps", lab=_label(lab), tbps=tbps))
    ax.axhline(peak_tflops, color="k", lw=0.6)
    ax.text(xlim[1], peak_tflops * 1.08, _msg("lessonkit.fp32_peak_tflop_s", peak_tflops=peak_tflops), ha="right", fontsize=8)
    for xv, lab in marks:
        ax.axvline(xv, color="#555555", ls=":", lw=1)
        ax.text(xv * 0.9, 0.07, _label(lab), rotation=90, ha="right", va="bottom", fontsize=8, color="#555555")
    for yv, lab in levels:
        ax.axhline(yv, color="#555555", ls=":", lw=1)
        ax.text(xlim[0] * 1.1, yv * 1.08, _label(lab), ha="left", va="bottom", fontsize=8, color="#555555")
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, (lab, ai, tf) in enumerate(points):
        ax.plot([ai], [tf], "o", ms=8, color=colors[i % len(colors)], label=_msg("lessonkit.tflop_s", lab=_label(lab), tf=tf))
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(*xlim)
    ax.set_ylim(0.05, peak_tflops * 2)
    ax.set_xlabel(_msg("lessonkit.arithmetic_intensity_flop_per"))
    ax.set_ylabel(_msg("lessonkit.tflop_s_2"))
    ax.grid(True, which="both", alpha=0.25)
    ax.legend(fontsize=8, loc="lower right")
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()
    plt.show()


def draw_bars(values: dict, *, ylabel: str, title: str = "", fmt: str = "{:g}", log: bool = False,
              color="#3182bd", highlight=None):
    """A labelled bar chart of ``values`` ({label: number})."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(max(4.0, 1.3 * len(values) + 1.5), 3.4))
    labels, nums = list(values), [values[k] for k in values]
    cols = ["#fd8d3c" if highlight and lab in highlight else color for lab in labels]
    bars = ax.bar([_label(lab) for lab in labels], nums, color=cols)
    for b, v in zip(bars, nums):
        ax.text(b.get_x() + b.get_width() / 2, b.get_height(), fmt.format(v), ha="center", va="bottom", fontsize=9)
    if log:
        ax.set_yscale("log")
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title, fontsize=10)
    ax.margins(y=0.15)
    fig.tight_layout()
    plt.show()


def draw_curves(curves: dict, *, xlabel: str, ylabel: str, title: str = "", logx=True, logy=False):
    """One line per label in ``curves`` ({label: {x: y}})."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 4))
    for lab, pts in curves.items():
        xs = sorted(pts)
        ax.plot(xs, [pts[x] for x in xs], "o-", label=_label(lab))
    if logx:
        from matplotlib.ticker import ScalarFormatter
        ax.set_xscale("log", base=2)
        ax.xaxis.set_major_formatter(ScalarFormatter())
        ax.set_xticks(sorted({x for pts in curves.values() for x in pts}))
    if logy:
        ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="best", framealpha=0.9)
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()
    plt.show()


def draw_tile_step(t: int, *, tiles: int = 4, bx: int = 2, by: int = 1):
    """Step t of the tiled matmul for block (bx, by): the A tile (by, t) and the B tile (t, bx)
    are loaded into shared memory and multiplied into the block's C tile (by, bx)."""
    plt = _plt()
    fig, axes = plt.subplots(1, 3, figsize=(10, 3.6))
    names = (_msg("lessonkit.step_a", by=by, t=t), _msg("lessonkit.step_b", bx=bx, t=t),
             _msg("lessonkit.step_c", bx=bx, by=by))
    for ax, name in zip(axes, names):
        ax.set_xlim(0, tiles)
        ax.set_ylim(tiles, 0)
        ax.set_aspect("equal")
        ax.set_xticks(range(tiles + 1))
        ax.set_yticks(range(tiles + 1))
        ax.set_xticklabels([f"{i}·T" if i else "0" for i in range(tiles + 1)], fontsize=7)
        ax.set_yticklabels([f"{i}·T" if i else "0" for i in range(tiles + 1)], fontsize=7)
        ax.grid(True, color="#999999")
        ax.set_title(name, fontsize=9)
    a, b, c = axes
    for s in range(tiles):   # the strips the block walks along
        a.add_patch(plt.Rectangle((s, by), 1, 1, fc="#deebf7" if s != t else "#3182bd", ec="k"))
        b.add_patch(plt.Rectangle((bx, s), 1, 1, fc="#fee6ce" if s != t else "#fd8d3c", ec="k"))
        if s < t:
            a.text(s + 0.5, by + 0.5, _msg("lessonkit.done"), ha="center", va="center", fontsize=7)
            b.text(bx + 0.5, s + 0.5, _msg("lessonkit.done_2"), ha="center", va="center", fontsize=7)
    a.text(t + 0.5, by + 0.5, "sA", ha="center", va="center", color="w", fontsize=10, weight="bold")
    b.text(bx + 0.5, t + 0.5, "sB", ha="center", va="center", color="w", fontsize=10, weight="bold")
    c.add_patch(plt.Rectangle((bx, by), 1, 1, fc="#31a354", ec="k"))
    c.text(bx + 0.5, by + 0.5, f"+= sA·sB\n({t + 1}/{tiles})", ha="center", va="center", color="w", fontsize=8)
    fig.suptitle(_msg("lessonkit.step_t_load_one", t=t), fontsize=10)
    fig.tight_layout()
    plt.show()
