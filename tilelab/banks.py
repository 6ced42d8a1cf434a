"""The bank simulator: one warp's shared-memory request, its cost, and a picture of it.

    from tilelab import banks
    banks.analyze(lambda lane: lane * 32)                  # s[tid * 32]: 32 wavefronts, 32-way
    banks.analyze(banks.tile(32, 32, pad=1))               # tile[tid][0] of float[32][33]: 1
    banks.show(lambda lane: lane * 2, width=16)            # a float4 load at stride 2: 8
    banks.explorer()                                       # the interactive version

Every count comes from :mod:`tilelab.emu.counters.metrics`, the module the emulator itself counts
with, so the simulator, the emulator's per-line metrics and the grades cannot disagree.
This module only turns the ways a person describes an access into 32 byte addresses and
draws the result.

An access pattern is one of:

* a function of the lane, ``lambda lane: ...``, giving an *element* index (an element is
  ``width`` bytes, so ``width=16`` counts float4s; with ``width="ldmatrix"`` it counts fp16
  halves) or, with ``unit="byte"``, a byte offset. Return ``None`` for a lane that does not
  take part;
* :func:`tile`: a 2-D array ``T[rows][cols + pad]`` and ``index(lane) -> (row, col)``,
  optionally swizzled;
* an explicit list of 32 addresses (elements or bytes, ``None`` for inactive lanes);
* :func:`kernel_line`: the worst request a line of a real kernel made, recorded while the
  emulator ran it.

Access widths: 4, 8 or 16 bytes (1 and 2 also work), or ``"ldmatrix"``: a 16-byte row
address per lane, lanes ``8m .. 8m+7`` for matrix ``m`` (``num=`` 1, 2 or 4 matrices).
"""
from __future__ import annotations

import inspect
import io
import re
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from . import emu as _rules, palette  # _rules: the bank rules the emulator counts with (emu/counters/metrics.py)
from .args import pack_args
from .emu import parse, parsed, run as emu_run
from .errors import TilelabError
from .launch import _copy_back
from .messages import msg

NUM_BANKS = _rules.NUM_BANKS
BANK_BYTES = _rules.BANK_BYTES
WIDTHS = (1, 2, 4, 8, 16, "ldmatrix")


class BankError(TilelabError):
    title = "banks"


# ---------------------------------------------------------------------------- the access
@dataclass
class Access:
    """One warp request: 32 byte addresses, which lanes take part, and how wide each access is."""

    addr: np.ndarray              # int64[32], byte offsets into shared memory
    active: np.ndarray            # bool[32]
    width: object = 4             # 1, 2, 4, 8, 16 or "ldmatrix"
    label: str = ""
    store: bool = False           # stores never pair (metrics.py: the paired-load rule)
    elem_bytes: int = 4           # what "one element" means for this pattern
    unit: str = "element"
    footprint: int | None = None  # bytes of the array the pattern lives in (tile())
    extra: dict = field(default_factory=dict)   # kernel_line(): measured totals

    @property
    def nbytes(self) -> int:
        """Bytes each lane moves (16 for ldmatrix: one 8-half row)."""
        return 16 if self.width == "ldmatrix" else int(self.width)

    @property
    def op(self) -> str:
        """The request kind the hardware rules distinguish: "ld", "st" or "ldmatrix"."""
        return "ldmatrix" if self.width == "ldmatrix" else ("st" if self.store else "ld")

    @property
    def misaligned(self) -> list:
        """Lanes whose address is not a multiple of the access width (the hardware faults)."""
        return [int(l) for l in np.flatnonzero(self.active & (self.addr % self.nbytes != 0))]


def _norm_width(width):
    if isinstance(width, str):
        w = width.strip().lower()
        if w in ("ldmatrix", "ldsm"):
            return "ldmatrix"
        if w.isdigit():
            width = int(w)
    if width in (1, 2, 4, 8, 16):
        return int(width)
    raise BankError(msg("banks.err_width", got=repr(width)))


def _default_elem(width) -> int:
    return 2 if width == "ldmatrix" else int(width)


def _ldmatrix_active(num: int) -> np.ndarray:
    if num not in (1, 2, 4):
        raise BankError(msg("banks.err_num", num=num))
    return np.arange(32) < 8 * num


def _from_values(values, *, width, unit, elem_bytes, base, active, label, num) -> Access:
    if unit not in ("element", "byte"):
        raise BankError(msg("banks.err_unit", got=repr(unit)))
    vals = list(values)
    if len(vals) != 32:
        raise BankError(msg("banks.err_lanes", n=len(vals)))
    act = np.array([v is not None for v in vals], dtype=bool)
    try:
        idx = np.array([0 if v is None else int(v) for v in vals], dtype=np.int64)
    except (TypeError, ValueError):
        bad = next(v for v in vals if v is not None and not _is_int(v))
        raise BankError(msg("banks.err_integer", got=repr(bad))) from None
    scale = 1 if unit == "byte" else elem_bytes
    addr = idx * scale + int(base)
    if active is not None:
        act &= np.asarray(active, dtype=bool).reshape(32)
    if width == "ldmatrix":
        act &= _ldmatrix_active(num)
    if (addr[act] < 0).any():
        raise BankError(msg("banks.err_negative", lane=int(np.flatnonzero(act & (addr < 0))[0])))
    return Access(addr=addr, active=act, width=width, label=label, elem_bytes=elem_bytes, unit=unit)


def _is_int(v) -> bool:
    try:
        int(v)
        return True
    except (TypeError, ValueError):
        return False


def _label_of(fn) -> str:
    """``s[lane * 32]`` for ``lambda lane: lane * 32`` when the source is at hand."""
    try:
        src = inspect.getsource(fn).strip()
    except (OSError, TypeError):
        return getattr(fn, "__name__", "pattern")
    i = src.find("lambda")
    if i < 0:
        return getattr(fn, "__name__", "pattern")
    body = src[i:].split(":", 1)[1].strip()
    depth, out = 0, []
    for ch in body:  # stop at the end of the lambda (a ',' or ')' closing the call)
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif ch == "," and depth == 0:
            break
        out.append(ch)
    return "s[" + "".join(out).strip() + "]"


def pattern(spec, *, width=4, unit="element", elem_bytes=None, base=0, active=None, num=4,
            label=None) -> Access:
    """Turn any accepted description of a warp request into an :class:`Access`."""
    if isinstance(spec, Access):
        return spec
    width = _norm_width(width)
    eb = int(elem_bytes) if elem_bytes else _default_elem(width)
    if callable(spec):
        values = [spec(lane) for lane in range(32)]
        lab = label if label is not None else _label_of(spec)
    elif isinstance(spec, (list, tuple, np.ndarray)):
        values = [None if v is None else v for v in (spec.tolist() if isinstance(spec, np.ndarray) else spec)]
        lab = label if label is not None else msg("banks.explicit_addresses")
    else:
        raise BankError(msg("banks.err_pattern", got=type(spec).__name__))
    return _from_values(values, width=width, unit=unit, elem_bytes=eb, base=base, active=active,
                        label=lab, num=num)


# ---------------------------------------------------------------------------- 2-D tiles
def tile(rows: int, cols: int, pad: int = 0, index: Callable = lambda lane: (lane, 0), *, swizzle=None,
         width=4, elem_bytes=None, base=0, num=4, label=None) -> Access:
    """A warp reading ``T[rows][cols + pad]``: lane ``l`` touches element ``index(l) = (row, col)``.

    ``elem_bytes`` is the size of one array element (4 for float; 2 for fp16, the default
    with ``width="ldmatrix"``); ``width`` is how many bytes each lane moves starting there
    (16 for a float4 read of four consecutive floats). ``swizzle``:

    * ``True`` or ``"xor"``: element ``(r, c)`` is stored in column ``c ^ r`` of its row,
      XOR-ing whole access-width chunks (``chunk ^ (r mod chunks-per-row)``), the way
      ``tile[r][c ^ r]`` does for floats and ``Swizzle<3,3,3>`` does for fp16 ldmatrix rows;
    * a function ``(r, c) -> stored column``.
    """
    width = _norm_width(width)
    eb = int(elem_bytes) if elem_bytes else (2 if width == "ldmatrix" else 4)
    if rows < 1 or cols < 1 or pad < 0:
        raise BankError(msg("banks.err_tile", rows=rows, cols=cols, pad=pad))
    stride = cols + pad
    vec = max(1, (16 if width == "ldmatrix" else width) // eb)     # elements per access
    swz = _make_swizzle(swizzle, cols, vec)
    values = []
    for lane in range(32):
        rc = index(lane)
        if rc is None:
            values.append(None)
            continue
        r, c = (int(x) for x in rc)
        if not (0 <= r < rows and 0 <= c < cols):
            raise BankError(msg("banks.err_outside", lane=lane, r=r, c=c, rows=rows, cols=cols))
        values.append(r * stride + swz(r, c))
    dims = f"[{rows}][{cols}{' + ' + str(pad) if pad else ''}]"
    sw = "" if swizzle in (None, False) else msg("banks.swizzled")
    lab = label if label is not None else msg("banks.tile_label", dims=dims, sw=sw, index=_index_text(index))
    acc = _from_values(values, width=width, unit="element", elem_bytes=eb, base=base, active=None,
                       label=lab, num=num)
    acc.footprint = rows * stride * eb
    acc.extra["unpadded_bytes"] = rows * cols * eb
    return acc


def _index_text(index) -> str:
    lab = _label_of(index)
    return lab[2:-1] if lab.startswith("s[") else lab


def _make_swizzle(swizzle, cols, vec):
    if swizzle in (None, False):
        return lambda r, c: c
    if callable(swizzle):
        return lambda r, c: int(swizzle(r, c))
    if swizzle in (True, "xor"):
        chunks = cols // vec
        if cols % vec or chunks & (chunks - 1):
            raise BankError(msg("banks.err_xor_rows", vec=vec, cols=cols, chunks=cols / vec))
        return lambda r, c: ((c // vec) ^ (r % chunks)) * vec + c % vec
    raise BankError(msg("banks.err_swizzle", got=repr(swizzle)))


def swizzle_fn(B: int, M: int, S: int) -> Callable[[int], int]:
    """CUTLASS ``Swizzle<B,M,S>`` on an element offset: ``o ^ ((o & (((1<<B)-1) << (M+S))) >> S)``.

    It XORs bits ``[M, M+B)`` of the offset with bits ``[M+S, M+S+B)``: for fp16 and
    ``Swizzle<3,3,3>``, the 16-byte chunk within a 128-byte row with the row mod 8.
    """
    mask = ((1 << B) - 1) << (M + S)
    return lambda o: o ^ ((o & mask) >> S)


def is_bijection(fn: Callable[[int], int], n: int) -> bool:
    """Whether ``fn`` permutes ``range(n)`` (a swizzle must: every element keeps one home)."""
    out = [fn(o) for o in range(n)]
    return sorted(out) == list(range(n))


def static_shared_bytes(kernel) -> int:
    """Bytes of static ``__shared__`` memory one block of ``kernel`` uses, read from its PTX.

    Counts the ``.shared`` declarations the kernel's entry refers to, aligned as declared
    (dynamic ``extern __shared__`` arrays are sized at launch and not counted). This is what
    padding costs: ``float tile[32][33]`` is 4,224 bytes, ``tile[32][32]`` 4,096.
    """
    module = parse(kernel.ptx)
    fn = module.entry(kernel.entry)
    text = "\n".join(getattr(i, "text", "") for i in fn.instrs)
    used = [v for v in fn.vars if v.space == "shared" and not v.extern]
    used += [v for v in module.globals if v.space == "shared" and not v.extern
             and re.search(r"(?<![\w$.])" + re.escape(v.name) + r"(?![\w$])", text)]
    off = 0
    for v in used:
        off = (off + v.align - 1) // v.align * v.align + v.size
    return off


# ---------------------------------------------------------------------------- kernel lines
def kernel_line(kernel, grid, block, *args, line: int | None = None, kind: str = "ld", shared: int = 0) -> Access:
    """The costliest shared-memory request a line of ``kernel`` made, measured by the emulator.

    Runs ``kernel<<<grid, block, shared>>>(*args)`` on the emulator (arrays are updated as by
    :func:`tilelab.launch`). ``line`` is the source line (as the emulator's per-line metrics
    number it); ``None`` picks the line with the most wavefronts per request. ``kind`` is
    ``"ld"`` (loads and ``ldmatrix``) or ``"st"``. The returned access carries the line's totals
    over the whole launch in ``.extra`` (requests, wavefronts), and :func:`analyze` reports them.
    The addresses come from the emulator's ``capture_pc`` hook, in a second run of the same
    launch on copies of the arguments.
    """
    if kind not in ("ld", "st"):
        raise BankError(msg("banks.err_kind", got=repr(kind)))
    verb = msg("banks.loads") if kind == "ld" else msg("banks.stores")
    fresh = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    packed = pack_args(kernel.name, kernel.params, args)
    res = emu_run(kernel, grid, block, packed.values, shared_bytes=shared, copy_back=packed.copy_back)
    _copy_back(args, packed)
    req, wfk = f"shared_{kind}_requests", f"shared_{kind}_wavefronts"
    rows = [pl for pl in res.per_line if pl.get(req)]
    if not rows:
        raise BankError(msg("banks.err_no_shared", verb=verb))
    if line is None:
        pl = max(rows, key=lambda p: p[wfk] / p[req])
    else:
        found = [p for p in rows if p["line"] == line]
        if not found:
            have = ", ".join(str(p["line"]) for p in rows)
            raise BankError(msg("banks.err_line_no_shared", line=line, verb=verb, have=have))
        pl = found[0]
    fn = parsed(kernel.program.ptx).entry(kernel.entry)
    pcs = [(pc, c) for pc, c in res.per_pc.items() if fn.instrs[pc].line == pl["line"] and c.get(req)]
    if not pcs:
        raise BankError(msg("banks.err_no_instruction", line=pl["line"], verb=verb))
    pc = max(pcs, key=lambda x: x[1][wfk] / x[1][req])[0]
    again = pack_args(kernel.name, kernel.params, fresh)
    cap = emu_run(kernel, grid, block, again.values, shared_bytes=shared, sanitize=False, capture_pc=pc)
    best = None
    for c in cap.captured:
        if not len(c["addr"]):
            continue
        w = _rules.shared_wavefronts(c["addr"], c["active"], c["nbytes"],
                                     "ldmatrix" if fn.instrs[pc].op == "ldmatrix" else ("st" if c["store"] else "ld"))
        i = int(np.argmax(w))
        if best is None or w[i] > best[0]:
            best = (int(w[i]), c["addr"][i], c["active"][i], int(c["nbytes"]))
    if best is None:
        raise BankError(msg("banks.err_no_request", line=pl["line"]))
    _, addr, active, nbytes = best
    ins = fn.instrs[pc]
    width = "ldmatrix" if ins.op == "ldmatrix" else nbytes
    acc = Access(addr=np.asarray(addr, dtype=np.int64), active=np.asarray(active, dtype=bool), width=width,
                 store=(kind == "st"), unit="byte", elem_bytes=1, label=msg("banks.line_label", line=pl["line"], source=pl.get("source", "").strip()))
    acc.extra.update(line=pl["line"], source=pl.get("source", ""), requests=int(pl[req]),
                     wavefronts=int(pl[wfk]), kind=kind, form=ins.form)
    return acc


# ---------------------------------------------------------------------------- analysis
@dataclass
class Analysis:
    """The cost of one warp request, by the hardware rules of DESIGN §5."""

    access: Access
    wavefronts: int
    ideal: int
    degree: int
    phases: list

    @property
    def conflicts(self) -> int:
        """Extra wavefronts caused by bank conflicts (wavefronts - ideal)."""
        return self.wavefronts - self.ideal

    @property
    def conflict_free(self) -> bool:
        return self.wavefronts == self.ideal

    @property
    def broadcast(self) -> bool:
        """Some lanes of a phase share a word (served once, at no extra cost)."""
        for p in self.phases:
            words = [w for l in p["lanes"] for w in self._lane_words(l)]
            if len(words) != len(set(words)):
                return True
        return False

    def _lane_words(self, lane):
        a = self.access
        n = max(1, a.nbytes // BANK_BYTES)
        first = int(a.addr[lane]) // BANK_BYTES
        return list(range(first, first + n))

    @property
    def verdict(self) -> str:
        """``conflict-free``, ``broadcast``, or ``N-way bank conflict``."""
        act = self.access.active
        if not act.any():
            return msg("banks.no_active_lanes")
        if self.conflict_free:
            words = {w for l in np.flatnonzero(act) for w in self._lane_words(int(l))}
            if len(words) == max(1, self.access.nbytes // BANK_BYTES) and act.sum() > 1:
                return msg("banks.broadcast")
            return msg("banks.conflict_free") + (msg("banks.with_broadcast") if self.broadcast else "")
        return msg("banks.n_way_conflict", n=self.degree)

    def summary(self) -> str:
        """One line: what was accessed, what it costs, and the verdict."""
        a = self.access
        w = msg("banks.what_ldmatrix") if a.width == "ldmatrix" else msg("banks.what_bytes", nbytes=a.nbytes)
        P = len(self.phases)
        ph = msg("banks.in_phases", P=P) if P > 1 else ""
        s = msg("banks.summary", what=w, phases=ph,
                count=msg("banks.wavefronts" if self.wavefronts != 1 else "banks.wavefront", n=self.wavefronts)) \
            + msg("banks.ideal", ideal=self.ideal, verdict=self.verdict)
        if a.extra.get("requests"):
            r, wf = a.extra["requests"], a.extra["wavefronts"]
            s += msg("banks.over_launch", wf=wf, r=r, per=wf / r)
        if a.misaligned:
            s += msg("banks.misaligned_lanes", nbytes=a.nbytes, lanes=a.misaligned[:4])
        return s

    def __str__(self):
        return self.summary()

    def __repr__(self):
        return self.summary()


def analyze(spec, **kw) -> Analysis:
    """Wavefronts, ideal, conflict degree and the phase breakdown of one warp request.

    ``spec`` is anything :func:`pattern` accepts; keyword arguments go to :func:`pattern`
    (``width``, ``unit``, ``elem_bytes``, ``base``, ``active``, ``num``, ``label``).
    """
    a = pattern(spec, **kw)
    b = _rules.request_breakdown(a.addr, a.active, a.nbytes, a.op)
    return Analysis(access=a, wavefronts=int(b["wavefronts"]), ideal=int(b["ideal"]),
                    degree=int(b["degree"]), phases=b["phases"])


def wavefronts(spec, **kw) -> int:
    """Just the number of wavefronts."""
    return analyze(spec, **kw).wavefronts


# ---------------------------------------------------------------------------- the picture
# Okabe-Ito colours (tilelab/palette.py), and a second channel for colour-blind readers: a
# conflict is dashed and hatched and its bank is labelled n-way; a broadcast is dotted.
_OK, _BCAST, _PHASE_BG = palette.GOOD, palette.SHARED_WORD, ("#f4f4f4", "#e4ecf4")
_CONFLICT = palette.SEVERITY
_STYLE = {"ok": "-", "broadcast": ":", "conflict": "--"}


def _conflict_colour(k: int) -> str:
    if k <= 1:
        return _OK
    i = min(len(_CONFLICT) - 1, int(np.log2(k)) - 1)
    return _CONFLICT[i]


def draw(analysis: Analysis, ax=None):
    """Draw 32 lanes (top) against 32 banks (bottom) on a matplotlib Axes; returns the Axes.

    A line joins each lane to each bank its access touches. Green: that bank serves one
    word in the phase. Blue: several lanes share that word (a broadcast, free). Orange to
    dark red: the bank serves several distinct words in that phase, a conflict; the stack
    under each bank shows its words, one square per wavefront it costs.
    """
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle
    if ax is None:
        fig = Figure(figsize=(11, 3.4), dpi=72)
        ax = fig.add_subplot(111)
    a = analysis.access
    ax.set_xlim(-1, 32.5)
    top, bot = 3.0, 0.0
    lpp = _rules.request_lanes_per_phase(a.addr, a.active, a.nbytes, a.op)
    P = 32 // lpp
    for p in range(P):  # phase bands behind the lanes
        ax.add_patch(Rectangle((p * lpp - 0.5, top - 0.45), lpp, 0.9, color=_PHASE_BG[p % 2], zorder=0))
        if P > 1:
            ph = analysis.phases[p]
            ax.text(p * lpp + lpp / 2 - 0.5, top + 0.62, msg("banks.phase", p=p, wf=ph["wavefronts"]),
                    ha="center", va="bottom", fontsize=7, color="#333")
    maxstack = 1
    for p, ph in enumerate(analysis.phases):
        bw = ph["bank_words"]
        word_lanes: dict = {}
        for lane in ph["lanes"]:
            for w in analysis._lane_words(lane):
                word_lanes.setdefault(w, []).append(lane)
        for lane in ph["lanes"]:
            for w in analysis._lane_words(lane):
                b = w % NUM_BANKS
                k = len(bw.get(b, []))
                kind = "conflict" if k > 1 else ("broadcast" if len(word_lanes[w]) > 1 else "ok")
                col = _conflict_colour(k) if k > 1 else (_BCAST if kind == "broadcast" else _OK)
                ax.plot([lane, b], [top - 0.45, bot + 0.45], color=col, ls=_STYLE[kind], gid=kind,
                        lw=(1.4 if k > 1 else 0.9) / max(1, len(analysis._lane_words(lane))) ** 0.5,
                        alpha=0.85, zorder=1)
    # bank stacks: one square per distinct word a bank serves, phase after phase
    total = np.zeros(NUM_BANKS)
    for ph in analysis.phases:
        for b, words in ph["bank_words"].items():
            total[b] += len(words)
    maxstack = max(1, int(total.max()))
    step = min(0.32, 1.6 / maxstack)
    height = np.zeros(NUM_BANKS)
    worst = np.zeros(NUM_BANKS, dtype=int)
    for p, ph in enumerate(analysis.phases):
        for b, words in ph["bank_words"].items():
            k = len(words)
            worst[b] = max(worst[b], k)
            for _ in words:
                ax.add_patch(Rectangle((b - 0.4, bot - 0.55 - (height[b] + 1) * step), 0.8, step * 0.85,
                                       facecolor=_conflict_colour(k) if k > 1 else _PHASE_BG[p % 2],
                                       hatch="///" if k > 1 else None, edgecolor="#555",
                                       lw=0.4 if step > 0.1 else 0, zorder=2))
                height[b] += 1
    for b in np.flatnonzero(worst > 1):     # the conflict in words, not only in colour
        ax.text(b, bot + 0.62, msg("banks.n_way", n=worst[b]), ha="center", va="bottom", fontsize=5.5, rotation=90,
                color=palette.BLACK, zorder=4, gid="nway")
    for i in range(32):
        ax.add_patch(Rectangle((i - 0.45, top - 0.4), 0.9, 0.8, facecolor="white",
                               edgecolor="#333" if a.active[i] else "#ccc", lw=0.7, zorder=3))
        ax.text(i, top, str(i), ha="center", va="center", fontsize=6.5, zorder=4,
                color="#000" if a.active[i] else "#bbb")
        ax.add_patch(Rectangle((i - 0.45, bot - 0.4), 0.9, 0.8, facecolor="#fafafa", edgecolor="#333",
                               lw=0.7, zorder=3))
        ax.text(i, bot, str(i), ha="center", va="center", fontsize=6.5, zorder=4)
    ax.text(-0.9, top, msg("banks.lane"), ha="right", va="center", fontsize=8)
    ax.text(-0.9, bot, msg("banks.bank"), ha="right", va="center", fontsize=8)
    ax.text(32.4, bot - 0.6 - maxstack * step, msg("banks.legend"), ha="right", va="top", fontsize=6.5, color="#555")
    ax.set_ylim(bot - 0.9 - maxstack * step, top + 1.3)
    ax.axis("off")
    title = (a.label + "\n" if a.label else "") + analysis.summary()
    ax.set_title(title, fontsize=9, loc="left")
    return ax


class Picture:
    """What :func:`show` returns: the figure (shown as PNG in Jupyter) and the analysis.

    Its text form is the analysis summary, the same on every backend, so a notebook cell
    can be checked by nbval while the picture is ignored.
    """

    def __init__(self, analysis: Analysis, figure):
        self.analysis, self.figure = analysis, figure

    def __getattr__(self, name):  # picture.wavefronts, picture.degree, ...
        if name in ("analysis", "figure"):
            raise AttributeError(name)
        return getattr(self.analysis, name)

    def png(self) -> bytes:
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", bbox_inches="tight")
        return buf.getvalue()

    def _repr_png_(self):
        return self.png()

    def __repr__(self):
        return self.analysis.summary()


def show(spec, **kw) -> Picture:
    """Analyse a warp request and draw it: 32 lanes against 32 banks, conflicts coloured."""
    an = analyze(spec, **kw)
    ax = draw(an)
    return Picture(an, ax.figure)


# ---------------------------------------------------------------------------- the explorer
MODES = {
    "1-D: s[lane * stride]": "1d",
    "column: T[lane * stride][0]": "col",
    "row: T[0][lane * stride]": "row",
}


def explorer_access(mode="1d", stride=1, row_width=32, padding=False, pad=1, swizzle=False, width=4) -> Access:
    """The access the explorer shows for these control values (also usable without widgets).

    ``1d``: ``s[lane * stride]``, elements of ``width`` bytes (fp16 row starts of 16-byte
    chunks for ldmatrix). ``col``/``row``: a float tile (fp16 for ldmatrix) ``T[32][row_width
    (+ pad)]`` read down a column or along a row; wide accesses move ``width`` bytes from
    there. ldmatrix in ``col`` mode is the usual ``.x4``: lane l gives row ``(l % 16) *
    stride``, chunk ``l // 16``.
    """
    width = _norm_width(width)
    mode = MODES.get(mode, mode)
    if mode == "1d":
        if width == "ldmatrix":
            return pattern(lambda l: l * stride * 8, width=width, label=msg("banks.ldmatrix_rows", stride=stride))
        lab = f"s[lane * {stride}]" + ("" if width == 4 else msg("banks.byte_elements", width=width))
        return pattern(lambda l: l * stride, width=width, label=lab)
    p = pad if padding else 0
    eb = 2 if width == "ldmatrix" else 4
    vec = max(1, (16 if width == "ldmatrix" else width) // eb)
    if mode == "col":
        if width == "ldmatrix":
            rows = max(16 * max(stride, 1), 1)

            def index(l):
                return ((l % 16) * stride, (l // 16) * 8 % row_width)
        else:
            rows = max(32 * max(stride, 1), 1)

            def index(l):
                return (l * stride, 0)
    elif mode == "row":
        rows = 1

        def index(l):
            c = l * stride * vec
            return (0, c) if c + vec <= row_width else None
    else:
        raise BankError(msg("banks.err_mode", modes=list(MODES.values()), got=repr(mode)))
    rows = max(rows, 1)
    sw = bool(swizzle)
    if sw:
        chunks = row_width // vec
        if row_width % vec or chunks & (chunks - 1):
            sw = False
    acc = tile(rows, row_width, p, index, swizzle=sw or None, width=width)
    acc.label = msg("banks.explorer_label_col" if mode == "col" else "banks.explorer_label_row",
                    tile=f"T[{rows}][{row_width}{' + ' + str(p) if p else ''}] {'fp16' if eb == 2 else 'float'}",
                    sw=msg("banks.read_swizzled") if sw else "",
                    pow2=msg("banks.swizzle_pow2") if swizzle and not sw else "")
    return acc


#: Where choosing ``ldmatrix`` in the explorer lands: the lessons' case (05, 06), a K-major fp16
#: tile of 64-half rows (128 bytes) read by an ldmatrix.x4 down its rows: 32 wavefronts, 8-way;
#: ticking the swizzle then gives 4.
LDMATRIX_CASE = {"mode": "col", "stride": 1, "row_width": 64, "padding": False, "swizzle": False}


class Explorer:
    """The interactive bank simulator: change a control, the picture and the count follow.

    Controls (ipywidgets, each with ``.value``): ``mode``, ``stride``, ``row_width``,
    ``padding``, ``pad``, ``swizzle``, ``width``. ``analysis`` is the current result and
    ``count`` the label showing it.
    """

    def __init__(self, mode="1d", stride=1, row_width=32, padding=False, pad=1, swizzle=False, width=4,
                 draw_picture=True):
        import ipywidgets as W
        self._draw = draw_picture
        mode_key = next((k for k, v in MODES.items() if v == mode or k == mode), None)
        if mode_key is None:
            raise BankError(msg("banks.err_mode", modes=list(MODES.values()), got=repr(mode)))
        # the labels are in the course's language (tilelab/messages, section banks); values are not
        self.mode = W.Dropdown(options=[(msg(f"banks.mode_{v}"), k) for k, v in MODES.items()], value=mode_key,
                               description=msg("banks.index"))
        self.stride = W.IntSlider(value=stride, min=0, max=33, description=msg("banks.stride"))
        self.row_width = W.IntSlider(value=row_width, min=1, max=128, description=msg("banks.row_width"))
        self.padding = W.Checkbox(value=padding, description=msg("banks.padding"))
        self.pad = W.IntSlider(value=pad, min=1, max=8, description=msg("banks.pad"), disabled=not padding)
        self.swizzle = W.Checkbox(value=swizzle, description=msg("banks.swizzle"))
        self.width = W.Dropdown(options=[("4 B (float)", 4), ("8 B (float2)", 8), ("16 B (float4)", 16),
                                         ("ldmatrix (8x8 fp16)", "ldmatrix")],
                                value=_norm_width(width), description=msg("banks.access"))
        self.count = W.HTML()
        self.memory = W.HTML()
        self.image = W.Image(format="png")
        self.analysis: Analysis | None = None
        self.error: str | None = None
        self.controls = [self.mode, self.stride, self.row_width, self.padding, self.pad, self.swizzle, self.width]
        self._holding = False
        for c in self.controls:
            c.observe(self._update, names="value")
        self.width.observe(self._to_ldmatrix_case, names="value")
        self.widget = W.VBox([W.HBox([W.VBox([self.mode, self.stride, self.row_width]),
                                      W.VBox([self.padding, self.pad, self.swizzle]),
                                      W.VBox([self.width, self.count, self.memory])]),
                              self.image])
        self._update()

    def access(self) -> Access:
        return explorer_access(MODES[self.mode.value], self.stride.value, self.row_width.value,
                               self.padding.value, self.pad.value, self.swizzle.value, self.width.value)

    def _to_ldmatrix_case(self, change):
        """Choosing ldmatrix opens on the lessons' 32-wavefront tile (LDMATRIX_CASE)."""
        if change["new"] != "ldmatrix" or change["old"] == "ldmatrix":
            return
        self._holding = True
        try:
            self.mode.value = next(k for k, v in MODES.items() if v == LDMATRIX_CASE["mode"])
            for name in ("stride", "row_width", "padding", "swizzle"):
                getattr(self, name).value = LDMATRIX_CASE[name]
        finally:
            self._holding = False
        self._update()

    def _update(self, change=None):
        if self._holding:
            return
        self.pad.disabled = not self.padding.value
        try:
            self.analysis = analyze(self.access())
            self.error = None
        except BankError as e:
            self.analysis, self.error = None, str(e)
            self.count.value = f"<b style='color:{palette.BAD}'>{_html(self.error)}</b>"
            self.memory.value = ""
            return
        a = self.analysis
        colour = palette.GOOD if a.conflict_free else palette.BAD      # the verdict is also in words
        many = msg("banks.wavefronts" if a.wavefronts != 1 else "banks.wavefront", n=a.wavefronts)
        self.count.value = (f"<b style='color:{colour}'>{_html(many)}</b>"
                            + _html(msg("banks.ideal", ideal=a.ideal, verdict=a.verdict)))
        acc = a.access
        if acc.footprint:
            extra = acc.footprint - acc.extra.get("unpadded_bytes", acc.footprint)
            self.memory.value = _html(msg("banks.tile_bytes", nbytes=acc.footprint)
                                      + (msg("banks.padding_bytes", extra=extra) if extra else ""))
        else:
            self.memory.value = ""
        if acc.misaligned:
            self.memory.value += f"<br><b style='color:{palette.BAD}'>{_html(msg('banks.misaligned', n=acc.nbytes))}</b>"
        if self._draw:
            self.image.value = Picture(a, draw(a).figure).png()

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)

    def __repr__(self):
        return self.analysis.summary() if self.analysis else f"<explorer: {self.error}>"


def _html(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def explorer(**kw) -> Explorer:
    """The interactive bank simulator (ipywidgets): stride, row/column indexing with a row
    width, padding, XOR swizzle and access width; the picture and the count update live."""
    return Explorer(**kw)


__all__ = ["Access", "Analysis", "Picture", "Explorer", "pattern", "tile", "kernel_line", "analyze",
           "wavefronts", "show", "draw", "explorer", "explorer_access", "swizzle_fn", "is_bijection",
           "BankError"]
