"""Where an instruction is, in words a message can show: its file and line, and the text of
that line from the right file.

Code a kernel inlines from a header (``crt/mma.hpp``, ``cuda_fp16.hpp``, a learner's own
``.cuh``) carries that header's ``.loc``: its line number is the header's, so the source shown
must be the header's line, not the cell's line of the same number; and NVVM's ``inlined_at``
names the learner's line that called it, which is what they can change.
"""
from __future__ import annotations

import functools
from pathlib import Path

from ..messages import msg


def short(path: str) -> str:
    """``/…/site-packages/nvidia/cu13/include/crt/mma.hpp`` -> ``crt/mma.hpp``."""
    p = str(path).replace("\\", "/")
    return p.rsplit("/include/", 1)[1] if "/include/" in p else p


@functools.lru_cache(maxsize=64)
def _lines(path: str) -> tuple:
    try:
        return tuple(Path(path).read_text(errors="replace").splitlines())
    except (OSError, ValueError):
        return ()


def line_text(file: str, line: int, kernel_file, source_lines: dict) -> str:
    """The text of ``file:line``: the kernel's own source, or a header read from disk."""
    if not line:
        return ""
    if kernel_file is None or file == kernel_file:
        return source_lines.get(line, "")
    lines = _lines(file)
    return lines[line - 1] if 0 < line <= len(lines) else ""


def place(m, ins) -> tuple[str, str]:
    """(``where``, ``excerpt``) for a message about ``ins`` on machine ``m``: ``file:line`` (a
    header's shortened, with the learner's line that called it) and the source lines to show
    (each ``"\\n    NNNN | text"``)."""
    file, line = m.where(ins)
    kfile = getattr(m, "kernel_file", None)
    if kfile is None or file == kfile or not line:
        src = m.source_lines.get(line, "").strip() if line else ""
        return f"{file}:{line}", (f"\n    {line:>4} | {src}" if src else "")
    where = f"{short(file)}:{line}"
    src = line_text(file, line, kfile, m.source_lines).strip()
    out = f"\n    {short(file)}:{line} | {src}" if src else ""
    inl = getattr(ins, "inlined_at", None)
    if inl and m.files.get(inl[0]) == kfile and inl[1]:
        where += msg("errors.called_from", where=f"{kfile}:{inl[1]}")
        s = m.source_lines.get(inl[1], "").strip()
        out += f"\n    {inl[1]:>4} | {s}" if s else ""
    return where, out
