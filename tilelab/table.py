"""A small results table: a list of dicts that prints as text and renders as HTML.

``bench`` and ``profile`` return one. It needs no pandas (the course doesn't
install it); ``rows`` is plain data for graders and tests, ``str()`` is what a
terminal shows, ``_repr_html_`` is what Jupyter shows, with the table's figure
(if any) inlined as a PNG so it appears even without ``%matplotlib inline``.
"""
from __future__ import annotations

import base64
import html
import io
import unicodedata

__all__ = ["Table"]


def _fmt(v) -> str:
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int):
        return f"{v:,}"
    if isinstance(v, float):
        if v != v:
            return "—"
        if v == 0:
            return "0"
        if abs(v) >= 1000:
            return f"{v:,.0f}"
        if abs(v) >= 100:
            return f"{v:.1f}"
        return f"{v:.3g}" if abs(v) < 10 else f"{v:.2f}"
    return str(v)


def _width(s: str) -> int:
    """Columns a terminal gives ``s``: a CJK character takes two (unicodedata's W and F)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def _pad(v: str, w: int, left: bool) -> str:
    fill = " " * max(0, w - _width(v))
    return v + fill if left else fill + v


class Table:
    """Rows (dicts) with an ordered set of columns, a title, a note and an optional figure.

    ``headers`` (column -> text shown above it) and ``shown`` (column -> function of a value, the
    text shown for it) change what a reader sees, not the data: rows keep their keys and values,
    so a course in another language shows its own words over the same ``rows``."""

    def __init__(self, rows, columns=None, *, title: str = "", note: str = "", figure=None, meta=None,
                 headers=None, shown=None):
        self.rows = [dict(r) for r in rows]
        if columns is None:
            columns = []
            for r in self.rows:
                columns += [k for k in r if k not in columns]
        self.columns = list(columns)
        self.title, self.note, self.figure = title, note, figure
        self.meta = dict(meta or {})
        self.headers, self.shown = dict(headers or {}), dict(shown or {})

    def _head(self, c) -> str:
        return self.headers.get(c, c)

    def _cell(self, r, c) -> str:
        v = r.get(c)
        return self.shown[c](v) if c in self.shown and v is not None else _fmt(v)

    def __len__(self):
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __getitem__(self, key):
        if isinstance(key, str):
            return self.column(key)
        return self.rows[key]

    def column(self, name: str) -> list:
        return [r.get(name) for r in self.rows]

    def where(self, **match) -> list:
        """Rows whose fields equal the given values: ``t.where(kernel="tiled")``."""
        return [r for r in self.rows if all(r.get(k) == v for k, v in match.items())]

    def to_json(self) -> list:
        return [dict(r) for r in self.rows]

    # ---------------------------------------------------------------- text
    def __str__(self):
        cells = [[self._cell(r, c) for c in self.columns] for r in self.rows]
        heads = [self._head(c) for c in self.columns]
        width = [max([_width(c)] + [_width(row[i]) for row in cells]) for i, c in enumerate(heads)]
        left = []
        for c in self.columns:
            vals = [r.get(c) for r in self.rows if r.get(c) is not None]
            left.append(bool(vals) and all(isinstance(v, str) for v in vals))

        def line(vals):
            return "  ".join(_pad(v, w, l) for v, w, l in zip(vals, width, left)).rstrip()
        out = [self.title] if self.title else []
        out += [line(heads), line(["-" * w for w in width])]
        out += [line(row) for row in cells]
        if self.note:
            out.append(self.note)
        return "\n".join(out)

    __repr__ = __str__

    # ---------------------------------------------------------------- html
    def _repr_html_(self):
        e = html.escape
        h = ["<div class='tilelab-table'>"]
        if self.title:
            h.append(f"<b>{e(self.title)}</b>")
        h.append("<table><thead><tr>" + "".join(f"<th>{e(self._head(c))}</th>" for c in self.columns) + "</tr></thead><tbody>")
        for r in self.rows:
            tds = []
            for c in self.columns:
                v = r.get(c)
                style = " style='text-align:left;font-family:monospace'" if isinstance(v, str) else ""
                tds.append(f"<td{style}>{e(self._cell(r, c))}</td>")
            h.append("<tr>" + "".join(tds) + "</tr>")
        h.append("</tbody></table>")
        if self.note:
            h.append(f"<p><i>{e(self.note)}</i></p>")
        png = self.png()
        if png:
            h.append(f"<img src='data:image/png;base64,{base64.b64encode(png).decode()}'/>")
        h.append("</div>")
        return "\n".join(h)

    def png(self) -> bytes | None:
        if self.figure is None:
            return None
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", dpi=90, bbox_inches="tight")
        return buf.getvalue()
