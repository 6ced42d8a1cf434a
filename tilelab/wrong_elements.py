"""A picture of which output elements a failed ``tl.check`` got wrong.

Five indices and a count say *that* a kernel is wrong; the shape of the wrong set says *why*:
a transposed output is wrong everywhere but on the diagonal, a missing edge tile is a band of
never-written elements along the last rows or columns, a race is a scatter of wrong tiles.
Each element is one cell: right, wrong value, never written (still the NaN it was filled
with), or NaN/inf the kernel produced, told apart by colour (Okabe-Ito), by hatching and by a
legend with counts, so the picture reads without colour vision. ``hints`` puts the same
diagnosis into words for the text report.
"""
from __future__ import annotations

import io

import numpy as np

from . import palette
from .messages import msg

RIGHT, WRONG, UNWRITTEN, INVALID = 0, 1, 2, 3
_STYLE = {  # category: (label's key in the message catalog, colour, hatch)
    RIGHT: ("wrong.right", palette.LIGHT, ""),
    WRONG: ("wrong.wrong_value", palette.BAD, "///"),
    UNWRITTEN: ("wrong.unwritten", palette.UNWRITTEN, "..."),
    INVALID: ("wrong.invalid", palette.INVALID, "xxx"),
}
ROW = 32          # a 1-D output is drawn in rows of 32 elements (one warp's worth)


def categories(c) -> np.ndarray:
    """Per element, RIGHT / WRONG / UNWRITTEN / INVALID, from a ``check.Comparison``."""
    got = np.asarray(c.got, dtype=np.float64)
    cat = np.where(c.bad, WRONG, RIGHT)
    bad_number = ~np.isfinite(got)
    cat = np.where(bad_number, INVALID, cat)
    if c.unwritten:
        cat = np.where(np.isnan(got), UNWRITTEN, cat)
    return cat.astype(np.int8)


def _grid(a: np.ndarray) -> np.ndarray:
    """2-D view for drawing: 1-D outputs in rows of ROW, higher ranks with leading axes folded."""
    if a.ndim == 1:
        n = a.size
        rows = -(-n // ROW)
        out = np.full(rows * ROW, -1, dtype=a.dtype)
        out[:n] = a
        return out.reshape(rows, ROW)
    if a.ndim > 2:
        return a.reshape(-1, a.shape[-1])
    return a


def hints(c) -> list[str]:
    """What the wrong set looks like, in words (empty when it has no recognisable shape)."""
    got = np.asarray(c.got, dtype=np.float64)
    exp = np.asarray(c.expected, dtype=np.float64).reshape(got.shape)
    bad = np.asarray(c.bad)
    out = []
    if got.ndim == 2 and bad.any():
        r, k = got.shape
        if r == k and r > 1:
            tol = c.rtol * np.maximum(np.abs(exp.T), 1e-30) + 1e-30
            if np.all(np.abs(got - exp.T)[bad] <= tol[bad] * 4):
                out.append(msg("wrong.transposed"))
        nan = np.isnan(got)
        if c.unwritten and nan.sum() == bad.sum():
            rows = np.flatnonzero(nan.all(axis=1))
            cols = np.flatnonzero(nan.all(axis=0))
            band_r = rows.size and rows[-1] == r - 1 and np.array_equal(rows, np.arange(rows[0], r))
            band_c = cols.size and cols[-1] == k - 1 and np.array_equal(cols, np.arange(cols[0], k))
            covered = np.zeros_like(nan)
            if band_r:
                covered[rows[0]:, :] = True
            if band_c:
                covered[:, cols[0]:] = True
            if (band_r or band_c) and np.array_equal(covered, nan):
                parts = ([msg("wrong.rows", first=int(rows[0]), last=r - 1)] if band_r else []) + \
                    ([msg("wrong.columns", first=int(cols[0]), last=k - 1)] if band_c else [])
                out.append(msg("wrong.edge", parts=msg("wrong.and").join(parts)))
    return out


def figure(comparisons, title: str = ""):
    """A matplotlib Figure: one panel per wrong output. Needs matplotlib (raises ImportError)."""
    from matplotlib.colors import ListedColormap
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch
    wrong = [c for c in comparisons if not c.ok]
    if not wrong:
        return None
    fig = Figure(figsize=(min(5.2 * len(wrong), 14), 4.6), layout="constrained")
    axes = fig.subplots(1, len(wrong), squeeze=False)[0]
    cmap = ListedColormap([_STYLE[i][1] for i in range(4)]).with_extremes(bad="white")
    for ax, c in zip(axes, wrong):
        cat = categories(c)
        g = _grid(cat)
        ax.imshow(np.ma.masked_less(g, 0), cmap=cmap, vmin=-0.5, vmax=3.5, interpolation="nearest",
                  aspect="equal" if g.shape[0] <= 4 * g.shape[1] else "auto")
        # a border of zeros, so that a category covering every cell still has an edge to contour
        ys, xs = np.mgrid[-1:g.shape[0] + 1, -1:g.shape[1] + 1]
        for k in (WRONG, UNWRITTEN, INVALID):
            if (g == k).any():
                # hatching over the cells of one category: a second channel beside colour
                ax.contourf(xs, ys, np.pad((g == k).astype(float), 1), levels=[0.5, 1.5], colors="none",
                            hatches=[_STYLE[k][2]])
        ax.set_xlim(-0.5, g.shape[1] - 0.5)
        ax.set_ylim(g.shape[0] - 0.5, -0.5)
        handles = [Patch(facecolor=_STYLE[k][1], edgecolor=palette.BLACK, hatch=_STYLE[k][2],
                         label=msg("wrong.count", label=msg(_STYLE[k][0]), n=int((cat == k).sum())))
                   for k in range(4) if (cat == k).any()]
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2, fontsize=8,
                  frameon=False)
        if cat.ndim == 1:
            ax.set_xlabel(msg("wrong.element_mod", row=ROW))
            ax.set_ylabel(msg("wrong.element_div", row=ROW))
        else:
            ax.set_xlabel(msg("wrong.column"))
            ax.set_ylabel(msg("wrong.row"))
        ax.set_title(msg("wrong.title", name=c.name, n=c.mismatches, size=c.size), fontsize=10)
    if title:
        fig.suptitle(title, fontsize=10)
    return fig


def show(comparisons, title: str = "") -> bool:
    """Display the picture in a notebook; False (and nothing shown) without matplotlib or outside one.
    A picture that cannot be drawn is left out: it must never hide the check's own report."""
    try:
        from IPython import get_ipython
        ip = get_ipython()
        if ip is None or not hasattr(ip, "kernel"):
            return False
        fig = figure(comparisons, title)
        if fig is None:
            return False
        pic = Picture(fig)
        pic._repr_png_()            # draw now, inside the guard
    except Exception:
        return False
    from IPython.display import display
    display(pic)
    return True


class Picture:
    """The figure as a PNG for Jupyter, whether or not pyplot's inline backend is active."""

    def __init__(self, figure):
        self.figure = figure
        self._png = None

    def _repr_png_(self) -> bytes:
        if self._png is None:
            buf = io.BytesIO()
            self.figure.savefig(buf, format="png", dpi=80)
            self._png = buf.getvalue()
        return self._png

    def __repr__(self):
        return msg("wrong.picture")
