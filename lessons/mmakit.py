"""Helpers for lesson 06 (Tensor Cores): fragment pictures, ldmatrix on the banks, Swizzle on
elements and bytes, the climb measured on the H200, and the SASS trace of a swizzled LDSM.

Course furniture, like bankkit.py: the fragment layouts come from the emulator's own mma
tables (tilelab.emu.mma_fragment_map), the bank counts from tilelab.emu (counters/metrics.py: the rules
the emulator counts with), and every GPU figure from a recording in bench/results/, whose
source and date are printed beside it. Nothing here makes up a number.
"""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from bankkit import newest, ROOT
from tilelab.kernel_text import kernel_text
from tilelab.messages import msg as _msg  # the words it prints or draws, per language

KERNELS = ROOT / "kernels"
RUNGS = {  # rung -> (label in the recording, what changed: its message key)
    "1": ("r1_plain", "mmakit.rung_1"),
    "2": ("r2_swizzled", "mmakit.rung_2"),
    "3": ("r3_cp_async", "mmakit.rung_3"),
    "4": ("r4_pipelined", "mmakit.rung_4"),
    "5": (None, "mmakit.rung_5"),   # found by its tile: see _rung5_label
}
R5_TILE = [256, 128]                                  # kernels/mma_ladder.cu's default R5_BM x R5_BN


def _plt():
    import matplotlib.pyplot as plt
    return plt


# --------------------------------------------------------------------------- Swizzle
def swizzle(o, B: int, M: int, S: int):
    """CUTLASS Swizzle<B,M,S> (cute/swizzle.hpp): XOR bits [M, M+B) with bits [M+S, M+S+B)."""
    o = np.asarray(o)
    return o ^ ((o & (((1 << B) - 1) << (M + S))) >> S)


def same_swizzle_on_bytes(rows: int = 64) -> bool:
    """Swizzle<3,3,3> on fp16 element offsets is Swizzle<3,4,3> on byte offsets (Hopper's TMA
    128-byte swizzle): checked on every element of a ``rows`` x 64-half tile."""
    e = np.arange(rows * 64)
    return bool(np.array_equal(2 * swizzle(e, 3, 3, 3), swizzle(2 * e, 3, 4, 3)))


# --------------------------------------------------------------------------- fragments
def fragment_map(operand: str):
    from tilelab.emu import mma_fragment_map
    return mma_fragment_map(operand)


def draw_fragments():
    """A (16x16), B (16x8) and C/D (16x8) of mma.m16n8k16: which lane (colour, T..) holds each
    element in which register (a0.., b0.., c0..), drawn from the emulator's mma tables."""
    plt = _plt()
    fig, axes = plt.subplots(1, 3, figsize=(13, 5.4), gridspec_kw={"width_ratios": [16, 8, 8]})
    cmap = plt.get_cmap("tab20")
    for ax, op, name in zip(axes, "ABC", ("A (16 x 16, row)", "B (16 x 8, col)", "C / D (16 x 8)")):
        lane, reg, half = fragment_map(op)
        rows, cols = lane.shape
        colours = np.array([cmap((l // 4) % 20) if (l % 4) % 2 == 0 else
                            tuple(0.55 + 0.45 * c for c in cmap((l // 4) % 20)[:3]) + (1,) for l in lane.ravel()])
        ax.imshow(colours.reshape(rows, cols, 4), aspect="equal")
        letter = {"A": "a", "B": "b", "C": "c"}[op]
        for r in range(rows):
            for c in range(cols):
                ax.text(c, r, f"T{lane[r, c]}\n{letter}{reg[r, c]}", ha="center", va="center", fontsize=5.2)
        ax.set_xticks(range(cols))
        ax.set_yticks(range(rows))
        ax.tick_params(labelsize=6)
        ax.set_title(name, fontsize=10)
        ax.set_xlabel("k" if op == "A" else "n", fontsize=8)
        ax.set_ylabel("m" if op != "B" else "k", fontsize=8)
    fig.suptitle(_msg("mmakit.fragments_title"), fontsize=10)
    fig.tight_layout()
    plt.show()


# --------------------------------------------------------------------------- ldmatrix on the banks
def ldmatrix_rows(kind: str = "plain", row_halves: int = 64):
    """Byte addresses the 32 lanes give to one ldmatrix.x4 of an A fragment (rows 0-15, k 0-15)
    in a tile of ``row_halves``-half rows: lanes 0-15 rows 0-15 at k 0, lanes 16-31 at k 8.
    kind: "plain", "swizzled" (Swizzle<3,3,3>) or "padded" (row_halves should then be 72)."""
    lane = np.arange(32)
    row, col = lane & 15, (lane >> 4) * 8
    off = row * row_halves + col
    if kind == "swizzled":
        off = swizzle(off, 3, 3, 3)
    return 2 * off


def ldmatrix_cost(kind: str = "plain", row_halves: int = 64) -> dict:
    from tilelab.emu import request_breakdown
    return request_breakdown(ldmatrix_rows(kind, row_halves), np.ones(32, bool), 16, op="ldmatrix")


def draw_ldmatrix(kinds=(("plain", 64), ("swizzled", 64), ("padded", 72))):
    """For each layout: the 4 phases (one 8x8 matrix each) of an ldmatrix.x4, each phase's 8
    rows as the 4 banks of its 16-byte row address; a bank hit by n rows costs n wavefronts."""
    plt = _plt()
    fig, axes = plt.subplots(len(kinds), 1, figsize=(12, 2.4 * len(kinds)))
    cmap = plt.get_cmap("tab10")
    for ax, (kind, rh) in zip(np.atleast_1d(axes), kinds):
        addr = ldmatrix_rows(kind, rh)
        b = ldmatrix_cost(kind, rh)
        grid = np.zeros((4 * 8, 32))
        for p in range(4):
            for r in range(8):
                lane = 8 * p + r
                bank0 = (addr[lane] // 4) % 32
                for w in range(4):
                    grid[8 * p + r, (bank0 + w) % 32] = p + 1
        ax.imshow(_colour_grid(grid, cmap), aspect="auto")
        ax.set_yticks([3.5 + 8 * p for p in range(4)], [_msg("mmakit.matrix_lanes", p=p, lo=8 * p, hi=8 * p + 7) for p in range(4)],
                      fontsize=7)
        ax.set_xticks(range(0, 32, 4))
        ax.set_xlabel(_msg("mmakit.bank"), fontsize=8)
        per = [ph["wavefronts"] for ph in b["phases"]]
        ax.set_title(_msg("mmakit.ldmatrix_title", kind=kind, rh=rh, nbytes=2 * rh, wavefronts=b["wavefronts"],
                          per=per), fontsize=9)
    fig.tight_layout()
    plt.show()


def _colour_grid(grid, cmap):
    out = np.ones(grid.shape + (4,))
    for v in np.unique(grid):
        if v:
            out[grid == v] = cmap(int(v) - 1)
    return out


# --------------------------------------------------------------------------- the climb (H200)
def _rung5_label(rec) -> str | None:
    for label, k in rec.get("kernels", {}).items():
        if k.get("kernel") == "mmaR5WarpTile" and k.get("block_tile") == R5_TILE:
            opts = " ".join(k.get("options", []))
            if not opts or ("R5_STAGES=4" in opts and "R5_GROUP=8" in opts):
                return label
    return None


def h200_ladder(root: Path = ROOT):
    """The ladder recorded on the H200 (bench/gpu_mma_ladder.py), or None: per rung and size,
    TFLOP/s, fraction of cuBLAS (same process), and ncu's wavefronts per ldmatrix and per LDGSTS."""
    src, d = newest("gpu_mma_ladder-20??-??-??.json", root)
    if not d or not d.get("sizes"):
        return None
    labels = {r: (lab or _rung5_label(d)) for r, (lab, _) in RUNGS.items()}
    out = {"source": src, "date": str(d.get("date", "?"))[:10], "gpu": d.get("gpu", "?"), "rungs": {},
           "cublas": {}, "cublas_alone": {}, "extra": {}}
    for n, v in d["sizes"].items():
        out["cublas"][int(n)] = v["tflops_median"]["cublas"]
        out["cublas_alone"][int(n)] = v.get("cublas_alone_tflops_median")
        for r, lab in labels.items():
            out["rungs"].setdefault(r, {})[int(n)] = (v["tflops_median"][lab], v["fraction_of_cublas"][lab])
        for lab in ("r2_padded8", "nmajor_plain", "nmajor_trap", "nmajor_swizzled"):
            if lab in v["tflops_median"]:
                out["extra"].setdefault(lab, {})[int(n)] = (v["tflops_median"][lab], v["fraction_of_cublas"][lab])
    ncu = d.get("ncu") or {}
    out["ncu"] = {r: {"ldsm": (ncu.get(lab) or {}).get("ldmatrix_wavefronts_per_request"),
                      "ldgsts": (ncu.get(lab) or {}).get("ldgsts_wavefronts_per_request")}
                  for r, lab in labels.items()}
    out["limiter"] = d.get("ncu_limiter")
    out["labels"] = labels
    return out


def ladder_table(rec) -> None:
    sizes = sorted(rec["cublas"])
    head = f"{_msg('mmakit.ladder_rung'):35s}" + "".join(_msg("mmakit.ladder_cols", n=n) for n in sizes) \
        + _msg("mmakit.ladder_ncu")
    print(head)
    for r, (_, what) in RUNGS.items():
        line = f"{r} {_msg(what):33s}"
        for n in sizes:
            t, f = rec["rungs"][r][n]
            line += f"  {t:14.1f}  {f:9.2f}"
        c = rec["ncu"][r]
        line += f"   {_f(c['ldsm']):>11s}  {_f(c['ldgsts']):>9s}"
        print(line)
    print(_msg("mmakit.cublas_row") + "".join(f"  {rec['cublas'][n]:14.1f}  {1:9.2f}" for n in sizes))
    print(_msg("bankkit.gpu_figures_recorded_source", gpu=rec["gpu"], date=rec["date"], source=rec["source"]))


def _f(x):
    return "-" if x is None else f"{x:.2f}"


def draw_climb(rec, save: str | None = None):
    """Bars: each rung's fraction of cuBLAS at each recorded size."""
    plt = _plt()
    sizes = sorted(rec["cublas"])
    fig, ax = plt.subplots(figsize=(9, 3.8))
    x = np.arange(len(RUNGS))
    w = 0.8 / len(sizes)
    for i, n in enumerate(sizes):
        ys = [100 * rec["rungs"][r][n][1] for r in RUNGS]
        bars = ax.bar(x + (i - (len(sizes) - 1) / 2) * w, ys, w, label=f"{n}³")
        ax.bar_label(bars, labels=[f"{y:.0f}%" for y in ys], fontsize=7, padding=2)
    ax.axhline(100, color="k", lw=0.8)
    ax.set_xticks(x, [f"{r}\n{_msg(w_)}" for r, (_, w_) in RUNGS.items()], fontsize=7.5)
    ax.set_ylabel(_msg("mmakit.climb_ylabel"))
    ax.set_title(_msg("mmakit.climb_title", gpu=rec["gpu"], date=rec["date"]), fontsize=10)
    ax.set_ylim(0, 110)
    ax.legend(fontsize=8)
    fig.tight_layout()
    if save:
        fig.savefig(save, dpi=110)
    plt.show()


# --------------------------------------------------------------------------- cp.async groups
def pipeline_events(stages: int = 3, tiles: int = 5, wait: int | None = None) -> list[dict]:
    """One thread's program in a ``stages``-stage cp.async pipeline over ``tiles`` k-tiles, as
    kernels/mma_ladder.cu's mmaR4Pipelined runs it: a prologue issuing tiles 0 .. stages-2, one
    group each; then per iteration kt: ``cp.async.wait_group wait`` (default stages-2), a barrier,
    the copies of tile kt+stages-1 into the stage freed by tile kt-1, a commit (an empty group
    past the last tile), the compute on tile kt. Each event: step, kind (issue, commit, wait,
    barrier, compute), tile, stage; a wait also lists the groups it lands ("landed"), by the rule:
    wait_group N returns once at most the N newest committed groups are pending."""
    wait = stages - 2 if wait is None else wait
    ev, step, committed, pending, group_of = [], 0, 0, [], {}

    def add(kind, **kw):
        nonlocal step
        ev.append({"step": step, "kind": kind, **kw})
        step += 1

    def commit(tile):
        nonlocal committed
        add("commit", tile=tile, stage=None if tile is None else tile % stages, group=committed)
        pending.append(committed)
        if tile is not None:
            group_of[tile] = committed
        committed += 1

    for s in range(stages - 1):
        if s < tiles:
            add("issue", tile=s, stage=s % stages)
        commit(s if s < tiles else None)
    for kt in range(tiles):
        landed = pending[:max(0, len(pending) - wait)]
        del pending[:len(landed)]
        add("wait", n=wait, landed=[t for t, g in group_of.items() if g in landed], tile=kt, stage=kt % stages)
        add("barrier", tile=kt, stage=None)
        nxt = kt + stages - 1
        if nxt < tiles:
            add("issue", tile=nxt, stage=nxt % stages)
        commit(nxt if nxt < tiles else None)
        add("compute", tile=kt, stage=kt % stages, ready=group_of[kt] not in pending)
    return ev


def draw_cp_async_timeline(stages: int = 3, tiles: int = 5, wait: int | None = None, ax=None) -> None:
    """The timeline of :func:`pipeline_events`: one row per shared-memory stage; a tile's copy
    is in flight (hatched) from its issue until the wait that lands it, then computed on; commits,
    waits (with the groups they land) and barriers are marked on the thread's row at the top."""
    from tilelab import palette as pal
    plt = _plt()
    ev = pipeline_events(stages, tiles, wait)
    wait = stages - 2 if wait is None else wait
    own = ax is None
    if own:
        fig, ax = plt.subplots(figsize=(14, 2.2 + 0.7 * (stages + 1)))
    top = -1.2                                      # the thread's row, above the stage rows
    issued, landed = {}, {}
    for e in ev:
        if e["kind"] == "issue":
            issued[e["tile"]] = e["step"]
        elif e["kind"] == "wait":
            for t in e["landed"]:
                landed[t] = e["step"]
    end = ev[-1]["step"] + 1
    seen = set()
    for t, s0 in issued.items():
        row = t % stages
        s1 = landed.get(t, end)
        ax.barh(row, s1 - s0, left=s0, height=0.6, color=pal.SKY_BLUE, hatch="///", edgecolor=pal.BLUE, lw=0.6)
        ax.text(s0 + 0.1, row, _msg("mmakit.cp_tile_in_flight", tile=t), va="center", fontsize=7.5)
    for e in ev:
        k, x = e["kind"], e["step"]
        if k == "compute":
            ok = e["ready"]
            ax.barh(e["stage"], 1, left=x, height=0.6, color=pal.ORANGE if ok else pal.BAD,
                    hatch="" if ok else "xxx", edgecolor=pal.BLACK, lw=0.6)
            ax.text(x + 0.5, e["stage"], _msg("mmakit.cp_compute" if ok else "mmakit.cp_compute_early", tile=e["tile"]),
                    ha="center", va="center", fontsize=7, color=pal.BLACK, zorder=5,
                    bbox=None if ok else dict(fc="white", ec=pal.BAD, pad=1.0))
        elif k == "barrier":
            ax.axvline(x + 0.5, color=pal.BLACK, lw=1.2, ls=":")
            ax.text(x + 0.5, top - 1.0, "__syncthreads()", ha="center", va="bottom", fontsize=6.5,
                    bbox=dict(fc="white", ec="none", pad=0.5))
        elif k == "commit":
            g = _msg("mmakit.cp_empty") if e["tile"] is None else _msg("mmakit.cp_tile", tile=e["tile"])
            ax.plot([x + 0.5], [top], marker="s", color=pal.GREEN, ms=7, ls="none",
                    label=None if seen.intersection({"commit"}) else "cp.async.commit_group")
            seen.add("commit")
            ax.text(x + 0.5, top + 0.3, _msg("mmakit.cp_commit", group=e["group"], what=g), ha="center",
                    va="top", fontsize=6.5)
        elif k == "wait":
            ax.plot([x + 0.5], [top], marker="v", color=pal.VERMILLION, ms=8, ls="none",
                    label=None if "wait" in seen else "cp.async.wait_group")
            seen.add("wait")
            lands = ", ".join(str(t) for t in e["landed"]) or "-"
            ax.text(x + 0.5, top - 0.3, _msg("mmakit.cp_wait", n=e["n"], lands=lands), ha="center", va="bottom",
                    fontsize=6.5)
        elif k == "issue":
            ax.plot([x + 0.5], [top], marker="o", color=pal.SKY_BLUE, mec=pal.BLUE, ms=6, ls="none",
                    label=None if "issue" in seen else "cp.async")
            seen.add("issue")
    ax.set_yticks(list(range(stages)) + [top],
                  [_msg("mmakit.cp_stage", s=s) for s in range(stages)] + [_msg("mmakit.cp_thread")], fontsize=8)
    ax.set_ylim(stages - 0.5, top - 1.3)           # inverted: the thread on top, stage 0 below it
    ax.set_xlim(0, end + 0.2)
    ax.legend(loc="upper left", bbox_to_anchor=(1.005, 1.0), fontsize=7, frameon=False)
    ax.set_xticks([])
    ax.set_xlabel(_msg("mmakit.cp_xlabel"), fontsize=8)
    ax.set_title(_msg("mmakit.cp_title", stages=stages, n=wait), fontsize=9.5)
    if own:
        fig.tight_layout()
        plt.show()


# --------------------------------------------------------------------------- SASS: did ptxas keep the swizzle?
def sass_of(kernel_name: str, file: str = "mma_ladder.cu", arch: str = "sm_90") -> list[str]:
    """The SASS lines of one kernel (nvdisasm on the CPU, against the cubin our NVRTC built)."""
    from tilelab.toolchain import compile_cuda
    p = compile_cuda((KERNELS / file).read_text(), filename=f"kernels/{file}")
    sass = p.sass(arch)
    sec = next(s for s in sass.split("//--------------------- .text.")[1:] if kernel_name in s.split("\n")[0])
    return [ln.strip() for ln in sec.splitlines() if re.search(r"/\*[0-9a-f]{4}\*/", ln)]


def _ins(line):
    m = re.search(r"/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)\s*([^;]*);", line)
    return (m.group(3), m.group(4)) if m else (None, None)


def lut_xors(lut: int) -> bool:
    """Does a LOP3 truth table (LUT = F(0xF0, 0xCC, 0xAA)) XOR one of its inputs into the result,
    i.e. does flipping that input always flip the output? (0x3c = a ^ b, 0x96 = a ^ b ^ c,
    0x1e = a ^ (b | c); 0xfc = a | b does not.)"""
    bit = lambda i: (lut >> i) & 1  # noqa: E731
    return any(all(bit(i) != bit(i ^ m) for i in range(8)) for m in (4, 2, 1))


def trace_ldsm(kernel_name: str, file: str = "mma_ladder.cu", nth: int = 0, depth: int = 12):
    """Follow the base register of the nth LDSM back through the instructions that wrote it,
    until a LOP3 whose truth table XORs an input (the swizzle, as ptxas folds it) or ``depth``
    steps. Returns the chain [(instruction, operands), ...] from the LDSM backwards, and
    whether such an XOR was found."""
    lines = sass_of(kernel_name, file)
    ins = [_ins(l) for l in lines]
    idx = [i for i, (op, _) in enumerate(ins) if op and op.startswith("LDSM")][nth]
    op, args = ins[idx]
    m = re.search(r"\[(U?R\d+)", args)
    want = {m.group(1)} if m else set()
    chain = [(op, args)]
    found = False
    for j in range(idx - 1, -1, -1):
        o, a = ins[j]
        if not o or not a:
            continue
        dst = a.split(",")[0].strip()
        if dst in want:
            chain.append((o, a))
            want.discard(dst)
            want |= set(re.findall(r"\bU?R\d+\b", ",".join(a.split(",")[1:]))) - {"RZ", "URZ"}
            lut = re.search(r",\s*(0x[0-9a-f]+)\s*,\s*!?U?PT\s*$", a.strip())
            if o.startswith("LOP3") and lut and lut_xors(int(lut.group(1), 16)):
                found = True
                break
            if len(chain) > depth:
                break
    return chain, found


def show_kernel(name: str, file: str = "mma_ladder.cu") -> None:
    """Print one kernel (and the comment above it) from kernels/FILE (tilelab.kernel_text finds it)."""
    try:
        print(kernel_text(f"{file}:{name}", kernels=KERNELS))
    except (KeyError, ValueError, FileNotFoundError):
        print(_msg("mmakit.not_found", name=name, file=file))
