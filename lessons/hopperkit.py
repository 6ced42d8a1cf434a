"""Helpers for lesson 07 (Hopper: TMA + wgmma): the TMA box and its swizzle modes as permuted
16-byte chunks, the swizzle explorer, wgmma's operand and accumulator layouts (core matrices,
shared-memory descriptors), and the mbarrier pipeline of producer and consumer warp groups.

Course furniture, like mmakit.py. The swizzle is written here from the hardware's description
(the 16-byte chunk index, address bits 4-6, XORed with 1, 2 or 3 bits of the 128-byte line index,
bits 7-9), independently of CUTLASS's ``Swizzle<B,M,S>`` (mmakit.swizzle), so comparing the two
is a check and not a tautology. Every GPU figure comes from a recording in bench/results/,
whose source and date are printed beside it. Nothing here makes up a number.
"""
from __future__ import annotations

import numpy as np

from bankkit import newest, ROOT
from mmakit import swizzle
from tilelab.messages import msg as _msg  # the words it prints or draws, per language

KERNELS = ROOT / "kernels"

#: The TMA's swizzle modes: the span in bytes (the most an inner box row may hold), and the
#: encoding a wgmma shared-memory descriptor gives each in its bits 62-63 (PTX ISA, "Matrix
#: Descriptor Format": 0 interleave/none, 1 128B, 2 64B, 3 32B).
MODES = ("none", "32B", "64B", "128B")
SPAN = {"none": 0, "32B": 32, "64B": 64, "128B": 128}
DESC_MODE = {"none": 0, "128B": 1, "64B": 2, "32B": 3}
CHUNK = 16                       # bytes: the unit the swizzle moves
LINE = 128                       # bytes: a shared-memory line of 32 banks x 4 bytes


def _plt():
    import matplotlib.pyplot as plt
    return plt


def _mode(mode: str) -> str:
    if mode not in SPAN:
        raise ValueError(_msg("hopperkit.bad_mode", mode=repr(mode), modes=", ".join(MODES)))
    return mode


# --------------------------------------------------------------------------- the TMA's swizzle
def repeat_bytes(mode: str) -> int:
    """After how many bytes the pattern repeats (and so the alignment a swizzled buffer needs):
    256, 512, 1024 bytes for 32B, 64B, 128B; none repeats every chunk."""
    return {"none": CHUNK, "32B": 256, "64B": 512, "128B": 1024}[_mode(mode)]


def tma_swizzle(offset, mode: str):
    """Where the TMA puts the byte at ``offset`` (from a buffer aligned to repeat_bytes(mode)) of
    a dense box: the 16-byte chunk index within the 128-byte line (offset bits 4-6) is XORed with
    the line index (offset >> 7) modulo span / 16, i.e. with 1, 2 or 3 of bits 7-9."""
    o = np.asarray(offset)
    span = SPAN[_mode(mode)]
    if not span:
        return o
    line = o // LINE
    chunk = (o % LINE) // CHUNK
    return line * LINE + (chunk ^ (line % (span // CHUNK))) * CHUNK + o % CHUNK


def equivalences(nbytes: int = 4096) -> list[tuple[str, str, bool]]:
    """Each TMA mode against CuTe's Swizzle<B,4,3> on every byte offset of ``nbytes`` bytes, and the
    128-byte mode on fp16 element offsets against lessons 05-06's Swizzle<3,3,3>: (what, what, equal)."""
    o = np.arange(nbytes)
    out = [(f"SWIZZLE_{m}", f"Swizzle<{b},4,3>", bool(np.array_equal(tma_swizzle(o, m), swizzle(o, b, 4, 3))))
           for m, b in (("32B", 1), ("64B", 2), ("128B", 3))]
    e = np.arange(nbytes // 2)                                       # fp16 element offsets
    out.append(("SWIZZLE_128B (fp16)", "2 * Swizzle<3,3,3>",
                bool(np.array_equal(tma_swizzle(2 * e, "128B"), 2 * swizzle(e, 3, 3, 3)))))
    return out


def box_layout(mode: str, lines: int = 8):
    """The first ``lines`` 128-byte lines of shared memory after a TMA load of a dense box whose
    rows are one span long (128 bytes with no swizzle): for each line and chunk position, the
    box row and the chunk of that row (in global order) it holds. Returns (row, chunk) arrays
    of shape (lines, 8)."""
    span = SPAN[_mode(mode)] or LINE
    row = np.zeros((lines, LINE // CHUNK), int)
    chunk = np.zeros_like(row)
    src = np.arange(lines * LINE // CHUNK) * CHUNK                   # the chunks of the box, in order
    dst = tma_swizzle(src, mode)
    row.flat[dst // CHUNK] = src // span
    chunk.flat[dst // CHUNK] = (src % span) // CHUNK
    return row, chunk


def row_chunks(mode: str, box_row: int) -> list[tuple[int, int]]:
    """Box row ``box_row``'s chunks: [(chunk in global order, chunk position in its 128-byte line)]."""
    span = SPAN[_mode(mode)] or LINE
    src = box_row * span + np.arange(span // CHUNK) * CHUNK
    return [(int(c), int(d % LINE) // CHUNK) for c, d in enumerate(tma_swizzle(src, mode))]


def _chunk_colours():
    plt = _plt()
    cmap = plt.get_cmap("tab10")
    return [cmap(i) for i in (0, 1, 2, 3, 4, 6, 8, 9)]


def draw_box_modes(lines: int = 8, modes=MODES) -> None:
    """One panel per swizzle mode: 8 lines of 128 bytes of shared memory after a TMA load, each
    16-byte chunk labelled with the box row it belongs to and its chunk number in that row
    (colour: the chunk number). With no swizzle the chunks stay in order; with a mode, chunk c of
    a line moves to c ^ (line mod span/16)."""
    plt = _plt()
    colours = _chunk_colours()
    fig, axes = plt.subplots(1, len(modes), figsize=(3.6 * len(modes), 4.2))
    for ax, mode in zip(np.atleast_1d(axes), modes):
        row, chunk = box_layout(mode, lines)
        img = np.array([[colours[c] for c in r] for r in chunk])
        ax.imshow(img, aspect="auto")
        for i in range(lines):
            for j in range(LINE // CHUNK):
                ax.text(j, i, f"r{row[i, j]}\nc{chunk[i, j]}", ha="center", va="center", fontsize=6.5)
        ax.set_xticks(range(8), [f"{16 * j}" for j in range(8)], fontsize=6.5)
        ax.set_yticks(range(lines), [f"{LINE * i}" for i in range(lines)], fontsize=6.5)
        ax.set_xlabel(_msg("hopperkit.byte_in_line"), fontsize=7.5)
        ax.set_ylabel(_msg("hopperkit.line_start"), fontsize=7.5)
        span = SPAN[mode]
        ax.set_title(_msg("hopperkit.mode_title_none" if not span else "hopperkit.mode_title",
                          mode=mode, span=span, repeat=repeat_bytes(mode)), fontsize=8.5)
    fig.suptitle(_msg("hopperkit.box_modes_title"), fontsize=10)
    fig.tight_layout()
    plt.show()


def draw_row_move(mode: str = "128B", box_row: int = 3, ax=None):
    """One box row's chunks: in global memory (top, in order) and where the TMA writes them in
    their 128-byte line of shared memory (bottom), an arrow per chunk. Returns the figure."""
    plt = _plt()
    colours = _chunk_colours()
    span = SPAN[_mode(mode)] or LINE
    moves = row_chunks(mode, box_row)
    line = (box_row * span) // LINE
    own = ax is None
    if own:
        fig, ax = plt.subplots(figsize=(8.5, 2.6))
    for c, pos in moves:
        ax.add_patch(plt.Rectangle((c, 1.6), 0.92, 0.8, color=colours[c]))
        ax.text(c + 0.46, 2.0, f"c{c}", ha="center", va="center", fontsize=8)
        ax.annotate("", xy=(pos + 0.46, 0.82), xytext=(c + 0.46, 1.58),
                    arrowprops=dict(arrowstyle="->", lw=1.0, color="0.3"))
    row, chunk = box_layout(mode, line + 1)
    for j in range(LINE // CHUNK):
        mine = row[line, j] == box_row
        ax.add_patch(plt.Rectangle((j, 0), 0.92, 0.8, color=colours[chunk[line, j]] if mine else "0.88"))
        ax.text(j + 0.46, 0.4, f"r{row[line, j]} c{chunk[line, j]}", ha="center", va="center", fontsize=7,
                color="black" if mine else "0.45")
    ax.text(-0.15, 2.0, _msg("hopperkit.global_row", r=box_row), ha="right", va="center", fontsize=8)
    ax.text(-0.15, 0.4, _msg("hopperkit.shared_line", line=line, start=LINE * line), ha="right", va="center",
            fontsize=8)
    ax.set_xlim(-0.1, 8.1)
    ax.set_ylim(-0.1, 2.5)
    ax.axis("off")
    ax.set_title(_msg("hopperkit.row_move_title", mode=mode, r=box_row,
                      moves=", ".join(f"{c}->{p}" for c, p in moves)), fontsize=9)
    fig = ax.figure
    if own:
        fig.tight_layout()
    return fig


class SwizzleExplorer:
    """Pick a swizzle mode and a box row; the picture of draw_row_move and the chunk moves follow.
    Controls (ipywidgets, each with ``.value``): ``mode``, ``row``; ``moves`` is the current
    list of (chunk, position) and ``text`` the label showing it."""

    def __init__(self, mode: str = "128B", row: int = 3, draw_picture: bool = True):
        import ipywidgets as W
        self._draw = draw_picture
        self.mode = W.Dropdown(options=list(MODES), value=_mode(mode), description=_msg("hopperkit.ex_mode"))
        self.row = W.IntSlider(value=row, min=0, max=15, description=_msg("hopperkit.ex_row"))
        self.text = W.HTML()
        self.image = W.Image(format="png")
        self.moves: list[tuple[int, int]] = []
        for c in (self.mode, self.row):
            c.observe(self._update, names="value")
        self.widget = W.VBox([W.HBox([self.mode, self.row]), self.text, self.image])
        self._update()

    def _update(self, change=None):
        import io
        self.moves = row_chunks(self.mode.value, self.row.value)
        moved = sum(c != p for c, p in self.moves)
        self.text.value = _msg("hopperkit.ex_text", mode=self.mode.value, r=self.row.value, moved=moved,
                               n=len(self.moves),
                               moves=", ".join(f"{c}&rarr;{p}" for c, p in self.moves))
        if self._draw:
            plt = _plt()
            fig = draw_row_move(self.mode.value, self.row.value)
            buf = io.BytesIO()
            fig.savefig(buf, format="png", bbox_inches="tight")
            plt.close(fig)
            self.image.value = buf.getvalue()

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)

    def __repr__(self):
        return f"<swizzle explorer: {self.mode.value}, row {self.row.value}: {self.moves}>"


def explorer(**kw) -> SwizzleExplorer:
    """The swizzle explorer (ipywidgets): a mode and a box row; the chunks move as you change them."""
    return SwizzleExplorer(**kw)


# --------------------------------------------------------------------------- wgmma operands
def wgmma_d_map(n: int = 64):
    """m64nNk16's fp32 accumulator D (64 x n): which warp of the warp group, lane and register
    d<i> holds each element (PTX ISA, "wgmma register fragments"): warp w owns rows 16w..16w+15;
    inside it every 8-column slice j repeats mma.m16n8's C fragment, registers 4j..4j+3."""
    m_, n_ = np.meshgrid(np.arange(64), np.arange(n), indexing="ij")
    warp = m_ // 16
    g, t = m_ % 8, (n_ % 8) // 2
    lane = 4 * g + t
    reg = 4 * (n_ // 8) + 2 * ((m_ % 16) // 8) + n_ % 2
    return warp, lane, reg


def draw_wgmma_d(n: int = 32) -> None:
    """D (64 x n, fp32) of wgmma.m64nNk16: colour = the warp of the warp group; text = lane and register."""
    plt = _plt()
    warp, lane, reg = wgmma_d_map(n)
    cmap = plt.get_cmap("tab10")
    fig, ax = plt.subplots(figsize=(11, 9.5))
    img = np.array([[tuple(0.45 + 0.55 * c for c in cmap(w)[:3]) for w in r] for r in warp])
    ax.imshow(img, aspect="auto")
    for i in range(64):
        for j in range(n):
            ax.text(j, i, f"T{lane[i, j]}.d{reg[i, j]}", ha="center", va="center", fontsize=3.6)
    for w in range(1, 4):
        ax.axhline(16 * w - 0.5, color="k", lw=1.2)
    for j in range(8, n, 8):
        ax.axvline(j - 0.5, color="k", lw=0.5)
    ax.set_yticks([8 + 16 * w for w in range(4)], [_msg("hopperkit.warp_rows", w=w, lo=16 * w, hi=16 * w + 15)
                                                    for w in range(4)], fontsize=7)
    ax.set_xticks(range(0, n, 8))
    ax.tick_params(labelsize=7)
    ax.set_xlabel("n", fontsize=8)
    ax.set_title(_msg("hopperkit.d_title", n=n), fontsize=9.5)
    fig.tight_layout()
    plt.show()


def core_matrix_offsets(mode: str, rows: int = 64, k: int = 64, lbo: int = 128, sbo: int = 1024) -> np.ndarray:
    """Byte offset, from the operand's base, of every fp16 element (row, k) of a K-major operand
    tile as a wgmma descriptor of ``mode`` reads it:

    * "none": core matrices of 8 rows x 16 bytes, each 128 contiguous bytes (row r of the core
      matrix at +16 r); the core matrix (i along rows, j along k) at i * sbo + j * lbo;
    * a swizzle mode: rows of span bytes, 8 rows (an 8-row group) then the next group sbo
      further, the chunks of each 128-byte line permuted as the TMA permutes them."""
    r, c = np.meshgrid(np.arange(rows), np.arange(k), indexing="ij")
    if _mode(mode) == "none":
        return (r // 8) * sbo + (c // 8) * lbo + (r % 8) * 16 + (c % 8) * 2
    span = SPAN[mode]
    per = span // 2                                                  # halves per row of the span
    if k % per:
        raise ValueError(_msg("hopperkit.k_not_span", k=k, mode=mode, per=per))
    # the tile is k // per column blocks of span-byte rows, each block of `rows` rows dense
    dense = (c // per) * rows * span + r * span + (c % per) * 2
    return tma_swizzle(dense, mode)


def draw_core_matrices(rows: int = 16, k: int = 64) -> None:
    """Where A's elements (rows x k, fp16, K-major) sit in shared memory for wgmma: left, the
    no-swizzle layout of 8 x 8 core matrices (each 128 contiguous bytes: LBO between core
    matrices along k, SBO along rows); right, the 128-byte swizzle (rows of 128 bytes, 8-row
    groups of 1,024 bytes). Colour: the core matrix; text: the 16-byte chunk of shared memory."""
    plt = _plt()
    cmap = plt.get_cmap("tab20")
    lbo = rows * 16                                                  # a column of core matrices: rows/8 x 128 B
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.2))
    for ax, mode, title in ((axes[0], "none", _msg("hopperkit.core_none", lbo=lbo, sbo=128)),
                            (axes[1], "128B", _msg("hopperkit.core_128b", sbo=1024))):
        off = core_matrix_offsets(mode, rows, k, lbo=lbo, sbo=128)
        cm = (np.arange(rows)[:, None] // 8) * (k // 8) + np.arange(k)[None, :] // 8
        img = np.array([[cmap(x % 20) for x in r] for r in cm])
        ax.imshow(img, aspect="auto")
        for i in range(rows):
            for j in range(0, k, 8):
                ax.text(j + 3.5, i, f"{off[i, j] // 16}", ha="center", va="center", fontsize=6)
        for j in range(8, k, 8):
            ax.axvline(j - 0.5, color="k", lw=0.4)
        for i in range(8, rows, 8):
            ax.axhline(i - 0.5, color="k", lw=0.8)
        ax.set_xlabel("k", fontsize=8)
        ax.set_ylabel("m", fontsize=8)
        ax.tick_params(labelsize=6.5)
        ax.set_title(title, fontsize=8.5)
    fig.suptitle(_msg("hopperkit.core_title"), fontsize=10)
    fig.tight_layout()
    plt.show()


def descriptor(start: int, lbo: int, sbo: int, mode: str = "128B", base_offset: int = 0) -> int:
    """A wgmma shared-memory matrix descriptor (PTX ISA, "Matrix Descriptor Format"): bits 0-13 the
    start address >> 4, 16-29 the leading-dimension byte offset >> 4, 32-45 the stride-dimension
    byte offset >> 4, 49-51 the base offset, 62-63 the swizzle mode (0 none, 1 128B, 2 64B, 3 32B)."""
    enc = lambda x: (x & 0x3FFFF) >> 4  # noqa: E731
    return (enc(start) | enc(lbo) << 16 | enc(sbo) << 32 | (base_offset & 7) << 49
            | DESC_MODE[_mode(mode)] << 62)


def descriptor_fields(d: int) -> dict:
    """The fields of a descriptor, decoded (bytes, and the mode by name)."""
    mode = {v: k for k, v in DESC_MODE.items()}[(d >> 62) & 3]
    return {"start": (d & 0x3FFF) << 4, "lbo": ((d >> 16) & 0x3FFF) << 4, "sbo": ((d >> 32) & 0x3FFF) << 4,
            "base_offset": (d >> 49) & 7, "mode": mode}


def read_as(a: np.ndarray, written: str, read: str) -> np.ndarray:
    """The K-major fp16 tile ``a`` (rows x 64) as the Tensor Core sees it when the TMA wrote it
    with swizzle ``written`` and the descriptor reads it with swizzle ``read`` (both 128-byte
    rows, 8-row groups of 1,024 bytes): every element read from where the descriptor's mode says
    it is. The same mode gives ``a`` back; two different modes give other elements of ``a``."""
    rows, k = a.shape
    smem = np.zeros(rows * k, a.dtype)
    dense = (np.arange(rows)[:, None] * k + np.arange(k)[None, :]) * 2
    smem[tma_swizzle(dense, written) // 2] = a
    return smem[tma_swizzle(dense, read) // 2]


def draw_mismatch(a_rows: int = 16, written: str = "128B", read: str = "64B") -> None:
    """Which elements of a 16 x 64 fp16 tile the Tensor Core gets right when the tile was written
    with one mode and read with another (green: right; vermillion: an element from elsewhere)."""
    from tilelab import palette as pal
    from matplotlib.colors import ListedColormap
    plt = _plt()
    a = np.arange(a_rows * 64, dtype=np.int32).reshape(a_rows, 64)
    seen = read_as(a, written, read)
    ok = seen == a
    fig, ax = plt.subplots(figsize=(12, 2.8))
    ax.imshow(ok, cmap=ListedColormap([pal.BAD, pal.GOOD]), vmin=0, vmax=1, aspect="auto")
    ax.set_xlabel("k", fontsize=8)
    ax.set_ylabel("m", fontsize=8)
    ax.tick_params(labelsize=6.5)
    ax.set_title(_msg("hopperkit.mismatch_title", written=written, read=read, right=int(ok.sum()), n=ok.size),
                 fontsize=9)
    fig.tight_layout()
    plt.show()


# --------------------------------------------------------------------------- the mbarrier pipeline
class Barrier:
    """An mbarrier as the PTX ISA describes it: a phase that completes when its pending arrivals
    reach zero and its transaction count is zero; try_wait.parity(P) succeeds once the phase of
    parity P has completed, i.e. while the current phase's parity differs from P."""

    def __init__(self, count: int):
        self.count, self.pending, self.tx, self.phase = count, count, 0, 0
        self.completed_at: list[float] = []           # when each phase completed

    def arrive(self, t: float, expect_tx: int = 0):
        self.tx += expect_tx
        self.pending -= 1
        self._maybe_complete(t)

    def complete_tx(self, t: float, nbytes: int):
        self.tx -= nbytes
        self._maybe_complete(t)

    def _maybe_complete(self, t):
        if self.pending == 0 and self.tx == 0:
            self.completed_at.append(t)
            self.phase += 1
            self.pending = self.count

    def passes_at(self, parity: int, asked: float) -> float | None:
        """When try_wait.parity(parity), first asked at ``asked``, succeeds (None: never, in this run).
        It succeeds at once if the current phase's parity already differs from ``parity`` at ``asked``."""
        done = [t for t in self.completed_at if t <= asked]
        if len(done) % 2 != parity:                   # current phase parity != parity: passes now
            return asked
        nxt = [t for t in self.completed_at if t > asked]
        return nxt[0] if nxt else None


def mbarrier_pipeline(stages: int = 3, tiles: int = 6, tma: float = 3.0, mma: float = 1.0,
                      bug: str | None = None, box_bytes: int = 16384) -> list[dict]:
    """A producer warp group and a consumer warp group over ``tiles`` k-tiles in ``stages``
    shared-memory stages, each stage with a "full" barrier (count 1: the producer's
    arrive.expect_tx; the TMA completes the bytes) and an "empty" barrier (count 1: the
    consumer's arrive once its wgmma on the stage has finished). Iteration kt uses stage
    kt % stages in round kt // stages: the consumer waits full with parity round & 1, the
    producer waits empty with parity (round & 1) ^ 1 (a fresh barrier's "previous phase" counts
    as complete, so the first round passes). A TMA load takes ``tma`` time units, a tile's wgmma
    ``mma``. ``bug``: "parity" (the consumer waits with the wrong parity), "no_wait" (it does not
    wait), "expect_tx" (the producer expects too few bytes: the phase completes before the
    data lands). Returns one event per tile: issue, landed, computed from/to, whether the
    data had landed ("ready")."""
    full = [Barrier(1) for _ in range(stages)]
    empty = [Barrier(1) for _ in range(stages)]
    ev = []
    t_prod, t_cons = 0.0, 0.0
    # the producer runs ahead as far as the empty barriers let it; the consumer follows. With one
    # producer and one consumer in order, tile kt's producer step depends only on earlier tiles'
    # consumer steps, so a single pass in tile order is exact.
    landed_at, issue_at = {}, {}
    expect = box_bytes if bug != "expect_tx" else box_bytes // 2
    for kt in range(tiles):
        s, rnd = kt % stages, kt // stages
        t = empty[s].passes_at((rnd & 1) ^ 1, t_prod)
        t_prod = t + 0.25                                       # arrive.expect_tx, then the copy is issued
        full[s].arrive(t_prod, expect_tx=expect)
        issue_at[kt] = t_prod
        landed_at[kt] = t_prod + tma
        if bug == "expect_tx":
            full[s].complete_tx(t_prod + tma / 2, expect)       # half the bytes complete the phase early
            full[s].tx = 0
        else:
            full[s].complete_tx(landed_at[kt], box_bytes)
        # the consumer's step for tile kt
        if bug == "no_wait":
            start = t_cons
        else:
            parity = (rnd & 1) ^ (1 if bug == "parity" else 0)
            start = full[s].passes_at(parity, t_cons)
            start = t_cons if start is None else max(start, t_cons)
        end = start + mma
        t_cons = end
        empty[s].arrive(end)                                     # after wgmma.wait_group: the stage is free
        ev.append({"tile": kt, "stage": s, "round": rnd, "issue": issue_at[kt], "landed": landed_at[kt],
                   "start": start, "end": end, "ready": start >= landed_at[kt] - 1e-9,
                   "full_parity": rnd & 1, "empty_parity": (rnd & 1) ^ 1})
    return ev


def draw_mbarrier_pipeline(stages: int = 3, tiles: int = 6, bug: str | None = None, ax=None) -> None:
    """The timeline of :func:`mbarrier_pipeline`: one row per stage, a TMA load in flight (hatched)
    from its issue to its landing, the consumer's wgmma on it (orange; vermillion: it read the
    stage before the bytes landed), and the parities each side waited with."""
    from tilelab import palette as pal
    plt = _plt()
    ev = mbarrier_pipeline(stages, tiles, bug=bug)
    own = ax is None
    if own:
        fig, ax = plt.subplots(figsize=(13, 1.6 + 0.75 * (stages + 2)))
    for e in ev:
        s = e["stage"]
        ax.barh(s, e["landed"] - e["issue"], left=e["issue"], height=0.55, color=pal.SKY_BLUE, hatch="///",
                edgecolor=pal.BLUE, lw=0.6)
        ax.text(e["issue"] + 0.05, s - 0.36, _msg("hopperkit.tma_tile", tile=e["tile"], p=e["empty_parity"]),
                fontsize=6.5, va="bottom")
        ok = e["ready"]
        ax.barh(s, e["end"] - e["start"], left=e["start"], height=0.3, color=pal.ORANGE if ok else pal.BAD,
                edgecolor=pal.BLACK, lw=0.6, hatch="" if ok else "xxx", zorder=4)
        ax.text((e["start"] + e["end"]) / 2, s + 0.3, _msg("hopperkit.mma_tile" if ok else "hopperkit.mma_early",
                                                          tile=e["tile"], p=e["full_parity"]),
                ha="center", va="top", fontsize=6.5, zorder=5)
        # the two warp groups' rows
        ax.plot([e["issue"]], [-1.6], marker="o", color=pal.SKY_BLUE, mec=pal.BLUE, ms=6)
        ax.plot([e["start"], e["end"]], [-0.9, -0.9], color=pal.ORANGE if ok else pal.BAD, lw=5,
                solid_capstyle="butt")
    end = max(e["end"] for e in ev)
    ax.set_yticks([-1.6, -0.9] + list(range(stages)),
                  [_msg("hopperkit.producer"), _msg("hopperkit.consumer")]
                  + [_msg("hopperkit.stage", s=s) for s in range(stages)], fontsize=8)
    ax.set_ylim(stages - 0.4, -2.1)
    ax.set_xlim(0, end + 0.3)
    ax.set_xlabel(_msg("hopperkit.time"), fontsize=8)
    key = {None: "hopperkit.pipe_title", "parity": "hopperkit.pipe_title_parity",
           "no_wait": "hopperkit.pipe_title_no_wait", "expect_tx": "hopperkit.pipe_title_expect_tx"}[bug]
    ax.set_title(_msg(key, stages=stages), fontsize=9.5)
    if own:
        fig.tight_layout()
        plt.show()


# --------------------------------------------------------------------------- the climb (H200)
#: lesson 07's rungs in kernels/sm90a/wgmma_ladder.cu, in order, then the side rung and lesson 06's best
LADDER = ("h1_one_stage", "h2_pipelined", "h3_specialized", "h4_overlapped", "h5_persistent")
SIDE = ("h2_no_swizzle", "r5_warp_tile")


def h200_ladder(root=ROOT, size: str = "8192"):
    """Lesson 07's ladder as recorded on the H200 (bench/gpu_tensor_ladder.py, the sustained protocol,
    cuBLAS in the same process), or None: per rung (LADDER, then SIDE) its kernel, what it adds,
    TFLOP/s and fraction of cuBLAS at ``size``."""
    src, d = newest("gpu_tensor_ladder-20??-??-??.json", root)
    if not d or size not in d.get("sizes", {}):
        return None
    v, ks = d["sizes"][size], d.get("kernels", {})
    rows = []
    for label in LADDER + SIDE:
        if label in v.get("tflops_median", {}):
            k = ks.get(label, {})
            rung = k.get("rung") or {}
            rows.append({"label": label, "kernel": rung.get("kernel") or k.get("kernel", label),
                         "what": rung.get("what", ""), "tflops": v["tflops_median"][label],
                         "fraction": v["fraction_of_cublas"][label]})
    return {"source": src, "date": str(d.get("date", "?"))[:10], "gpu": d.get("gpu", "?"), "size": size,
            "method": d.get("method", ""), "rows": rows, "cublas": v["tflops_median"]["cublas"]}


def ladder_table(rec) -> None:
    print(_msg("hopperkit.ladder_head", n=rec["size"]))
    for r in rec["rows"]:
        print(f"{r['kernel']:20s} {r['tflops']:8.1f} {r['fraction']:8.2f}")
    print(f"{'cuBLAS':20s} {rec['cublas']:8.1f} {1:8.2f}   {_msg('hopperkit.cublas_same_process')}")
    print(_msg("bankkit.gpu_figures_recorded_source", gpu=rec["gpu"], date=rec["date"], source=rec["source"]))


def draw_climb(rec) -> None:
    """Bars: each rung's fraction of cuBLAS (lesson 07's rungs, the no-swizzle side rung, lesson 06's best)."""
    from tilelab import palette as pal
    plt = _plt()
    rows = rec["rows"]
    fig, ax = plt.subplots(figsize=(10, 3.8))
    colours = [pal.BLUE if r["label"] in LADDER else pal.VERMILLION if r["label"] == "h2_no_swizzle" else pal.GREY
               for r in rows]
    bars = ax.bar(range(len(rows)), [100 * r["fraction"] for r in rows], color=colours)
    ax.bar_label(bars, labels=[f"{100 * r['fraction']:.0f}%" for r in rows], fontsize=7.5, padding=2)
    ax.axhline(100, color="k", lw=0.8)
    ax.set_xticks(range(len(rows)), [r["kernel"] for r in rows], fontsize=7, rotation=15)
    ax.set_ylabel(_msg("hopperkit.climb_ylabel"), fontsize=8)
    ax.set_ylim(0, 115)
    ax.set_title(_msg("hopperkit.climb_title", gpu=rec["gpu"], date=rec["date"], n=rec["size"]), fontsize=9.5)
    fig.tight_layout()
    plt.show()
