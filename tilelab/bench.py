"""``bench({label: kernel}, problem)``: compare kernels, honestly for the backend at hand.

On a GPU the kernels are timed together in one worker process (CUDA events, L2
flushed, repeated to 1% standard error: DESIGN §6), so the ratios between them
mean something; throughput comes from the problem's ``flops``/``bytes``, and a
library reference (cuBLAS for matmul) is timed alongside. On the emulator
nothing is timed, because an emulator's time says nothing about a GPU's: the
table shows the exact counts that decide speed on hardware (shared wavefronts
and global sectors per request, instructions), labelled as counts.
"""
from __future__ import annotations

import numpy as np

from . import gpu
from .backend import backend as current_backend
from .errors import TilelabError
from .gpu.timing import Timed
from .launch import launch
from .messages import msg
from .problems import get_problem
from .table import Table
from .tma import relaid

__all__ = ["bench", "gpu_times", "EMU_COLUMNS", "GPU_COLUMNS"]

EMU_COLUMNS = ["size", "kernel", "instructions", "shared ld wavefronts/request", "shared st wavefronts/request",
               "global ld sectors/request", "global st sectors/request", "shared wavefronts", "global sectors",
               "findings"]
GPU_COLUMNS = ["size", "kernel", "median ms", "min ms", "stderr %", "GFLOP/s", "GB/s", "speedup"]
#: the message-catalog key of each column's header, in the learner's language (the rows keep the English keys)
_KEYS = {"size": "size", "kernel": "kernel", "instructions": "instructions",
         "shared ld wavefronts/request": "shared_ld_per_request", "shared st wavefronts/request": "shared_st_per_request",
         "global ld sectors/request": "global_ld_per_request", "global st sectors/request": "global_st_per_request",
         "shared wavefronts": "shared_wavefronts", "global sectors": "global_sectors", "findings": "findings",
         "median ms": "median_ms", "min ms": "min_ms", "stderr %": "stderr", "speedup": "speedup"}


def _headers(columns) -> dict:
    return {c: msg("bench.col_" + _KEYS[c]) for c in columns if c in _KEYS}


def _per(m, num, den):
    return round(m[num] / m[den], 3) if m.get(den) else None


def _block_for(block, label):
    return block.get(label) if isinstance(block, dict) else block


def _shared_for(shared, label):
    """Dynamic shared bytes for one kernel: one number for all, or ``{label: bytes}``."""
    return shared.get(label) if isinstance(shared, dict) else shared


def bench(kernels, problem, sizes=None, backend: str | None = None, plot: bool = True, *, block=None,
          shared: int | None = None, seed: int = 0, library: bool = True, **timing) -> Table:
    """Benchmark ``{label: kernel}`` on ``problem`` over ``sizes`` (default: the problem's bench table).

    ``block`` is one block for all kernels or ``{label: block}``; ``shared`` (dynamic bytes)
    likewise. On a GPU returns times
    (median, min, stderr), GFLOP/s or GB/s and the speedup over the first kernel; on
    the emulator, counts. ``table.figure`` holds the plot (``plot=False``: none).
    Extra keywords go to ``tilelab.gpu.time_kernels`` (``max_seconds=...``).
    """
    if not isinstance(kernels, dict):
        kernels = {getattr(kernels, "name", "kernel"): kernels}
    if not kernels:
        raise TilelabError("bench() needs at least one kernel: bench({'mine': kernel}, 'matmul')")
    prob = get_problem(problem)
    for k in kernels.values():
        prob.check_signature(k)
    be = backend or current_backend()
    sizes = prob.bench_sizes_for(be) if sizes is None else [prob.size(s) for s in sizes]
    if be == "gpu":
        table = _bench_gpu(kernels, prob, sizes, block, shared, seed, library, timing)
    elif be == "emu":
        table = _bench_emu(kernels, prob, sizes, block, shared, seed)
    else:
        raise TilelabError(f"unknown backend {be!r}: expected 'gpu' or 'emu'")
    if plot:
        try:
            table.figure = (_plot_gpu if be == "gpu" else _plot_emu)(table, prob)
        except ImportError:
            table.note += " (no matplotlib: no plot)"
    return table


def _launch_args(kernel, prob, size, inputs, block, shared):
    grid, blk, dyn = prob.launch(size, block)
    args = prob.args({k: (v.copy() if hasattr(v, "copy") else v) for k, v in inputs.items()},
                     prob.new_outputs(size))
    return grid, blk, args, dyn if shared is None else int(shared)


def _bench_emu(kernels, prob, sizes, block, shared, seed) -> Table:
    rows = []
    for size in sizes:
        inputs = prob.inputs(size, seed)
        for label, k in kernels.items():
            grid, blk, args, dyn = _launch_args(k, prob, size, inputs, _block_for(block, label),
                                                _shared_for(shared, label))
            res = launch(k, grid, blk, *args, shared=dyn, backend="emu")
            m = res.metrics
            rows.append({
                "size": prob.label(size), "kernel": label, "instructions": m["instructions"],
                "shared ld wavefronts/request": _per(m, "shared_ld_wavefronts", "shared_ld_requests"),
                "shared st wavefronts/request": _per(m, "shared_st_wavefronts", "shared_st_requests"),
                "global ld sectors/request": _per(m, "global_ld_sectors", "global_ld_requests"),
                "global st sectors/request": _per(m, "global_st_sectors", "global_st_requests"),
                "shared wavefronts": m["shared_ld_wavefronts"] + m["shared_st_wavefronts"],
                "global sectors": m["global_ld_sectors"] + m["global_st_sectors"],
                "findings": len(res.findings), "metrics": dict(m), "_size": size,
            })
    return Table(rows, EMU_COLUMNS, title=msg("bench.emu_title", problem=prob.name), note=msg("bench.emu_note"),
                 meta={"backend": "emu", "problem": prob.name}, headers=_headers(EMU_COLUMNS))


def gpu_times(kernels: dict, problem, size, *, block=None, shared: int | None = None, seed: int = 0,
              library: bool = False, baseline: str | None = None, maps: dict | None = None, **timing) -> dict:
    """Time ``{label: kernel}`` at one size in one GPU process: ``{label: stats}`` (median_s, min_s, ...).

    Ratios between the labels are what DESIGN §6 grades; ``library=True`` adds the
    problem's library reference (cuBLAS for matmul). Only work is timed: every launch writes
    into freshly poisoned outputs from the module's initial state, and what each leaves is
    checked (``tilelab.gpu.timing.Timed``); with ``baseline`` (a label), every other kernel's
    values must also agree with that one's. A kernel whose timed launches left wrong values
    has no time: ``TilelabError`` says which and how. ``maps`` (``{label: {box, swizzle}}``): a
    kernel's own tensor-map layout of the same arrays (``tilelab.tma.relaid``).
    """
    prob = get_problem(problem)
    size = prob.size(size)
    inputs = prob.inputs(size, seed)
    names = [p.name for p in prob.params]
    outputs = {names.index(name): (prob.rtol, prob.floor) for name in prob.outputs}
    items = {}
    for label, k in kernels.items():
        grid, blk, args, dyn = _launch_args(k, prob, size, relaid(inputs, (maps or {}).get(label)),
                                            _block_for(block, label), _shared_for(shared, label))
        items[label] = Timed(k, grid, blk, args, dyn, outputs=outputs,
                             agree_with=baseline if baseline in kernels and label != baseline else None)
    if library and prob.library is not None and prob.library_label not in items:
        items[prob.library_label] = prob.library(inputs)
    stats = gpu.time_kernels(items, **timing)
    for label, st in stats.items():
        if st.get("wrong_runs"):
            w = st["first_wrong"]
            raise TilelabError(msg("bench.timed_wrong", kernel=label, wrong=st["wrong_runs"], runs=st["checked_runs"],
                                   arg=names[w["argument"]], elements=w["elements"], of=w["of"],
                                   size=prob.label(size)))
        d = st.get("disagrees")
        if d:
            raise TilelabError(msg("bench.timed_disagrees", kernel=label, other=d["label"], arg=names[d["argument"]],
                                   elements=d["elements"], of=d["of"], size=prob.label(size)))
    return stats


def _bench_gpu(kernels, prob, sizes, block, shared, seed, library, timing) -> Table:
    rows = []
    first = next(iter(kernels))
    for size in sizes:
        stats = gpu_times(kernels, prob, size, block=block, shared=shared, seed=seed, library=library, **timing)
        base = stats[first]["median_s"]
        for label, st in stats.items():
            med = st["median_s"]
            rows.append({
                "size": prob.label(size), "kernel": label,
                "median ms": med * 1e3, "min ms": st["min_s"] * 1e3,
                "stderr %": 100 * st["stderr_s"] / st["mean_s"] if st.get("mean_s") else None,
                "GFLOP/s": prob.flops(size) / med / 1e9 if prob.flops else None,
                "GB/s": prob.bytes(size) / med / 1e9 if prob.bytes else None,
                "speedup": base / med,
                "converged": st.get("converged"), "samples": st.get("n"), "_size": size,
            })
    cols = [c for c in GPU_COLUMNS if not (c == "GFLOP/s" and not prob.flops) and not (c == "GB/s" and not prob.bytes)]
    return Table(rows, cols, title=msg("bench.gpu_title", problem=prob.name), note=msg("bench.gpu_note", first=first),
                 meta={"backend": "gpu", "problem": prob.name}, headers=_headers(cols))


# ---------------------------------------------------------------------- plots
def _figure(ncols=1, width=6.4):
    from matplotlib.figure import Figure
    return Figure(figsize=(width * ncols, 4.0), layout="constrained")


def _plot_gpu(table, prob):
    ykey = "GFLOP/s" if prob.flops else "GB/s"
    fig = _figure()
    ax = fig.add_subplot()
    for label in dict.fromkeys(table.column("kernel")):
        rows = table.where(kernel=label)
        xs = [prob.dims(r["_size"])[0] for r in rows]
        ax.plot(xs, [r[ykey] for r in rows], marker="o", label=label)
    ax.set_xscale("log", base=2)
    ax.set_xlabel(prob.size_names[0])
    ax.set_ylabel(ykey)
    ax.set_title(msg("bench.gpu_plot_title", problem=prob.name, y=ykey))
    ax.grid(True, alpha=0.3)
    ax.legend()
    return fig


def _plot_emu(table, prob):
    last = table.rows[-1]["size"]
    rows = table.where(size=last)
    ratios = ["shared ld wavefronts/request", "shared st wavefronts/request",
              "global ld sectors/request", "global st sectors/request"]
    fig = _figure(2, 5.5)
    ax, ax2 = fig.subplots(1, 2, width_ratios=[4, 3])
    x = np.arange(len(ratios))
    w = 0.8 / max(len(rows), 1)
    for i, r in enumerate(rows):
        vals = [r[c] or 0 for c in ratios]
        bars = ax.bar(x + (i - (len(rows) - 1) / 2) * w, vals, w, label=r["kernel"])
        ax.bar_label(bars, labels=[f"{v:g}" if v else "" for v in vals], fontsize=7)
    ax.set_xticks(x, [msg("bench.tick_" + _KEYS[c]) for c in ratios], fontsize=8)
    ax.set_ylabel(msg("bench.per_request_axis"))
    ax.set_title(msg("bench.emu_plot_title", problem=prob.name, size=last))
    ax.legend(fontsize=8)
    totals = ["global sectors", "shared wavefronts", "instructions"]
    x2 = np.arange(len(totals))
    for i, r in enumerate(rows):
        vals = [r[c] for c in totals]
        bars = ax2.bar(x2 + (i - (len(rows) - 1) / 2) * w, [max(v, 0.5) for v in vals], w, label=r["kernel"])
        ax2.bar_label(bars, labels=[f"{v:,}" for v in vals], fontsize=6, rotation=90, padding=2)
    ax2.set_yscale("log")
    ax2.set_xticks(x2, [msg("bench.col_" + _KEYS[c]) for c in totals], fontsize=8)
    ax2.set_title(msg("bench.totals_title"))
    return fig

