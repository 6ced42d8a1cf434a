"""Where NVRTC's log points in the learner's source: the line and column of each refusal's caret.

NVRTC writes a refusal as ``<file>:<line>: error: <what>``, then the source line and a line with a caret under the
column it means. The retries that rewrite a refused construct as nvcc takes it (compound_literals.py,
misplaced_restrict.py) each read that the same way; this module reads it once.
"""
from __future__ import annotations

import re


def carets(lines: list[str], first_line: int, log: str, refusal: re.Pattern):
    """``(index into lines, that line, the caret's column in it, the source line number)`` for each match of
    ``refusal`` in ``log`` (its groups ``line``, ``text`` and ``caret``) whose echoed text ends with the source
    line it names (tabs in the caret line count as the source's own)."""
    for m in refusal.finditer(log):
        line = int(m.group("line"))
        k = line - first_line
        if not 0 <= k < len(lines):
            continue
        src, text = lines[k], m.group("text")
        if not text.endswith(src) or not src.strip():
            continue
        col = len(m.group("caret")) - (len(text) - len(src))
        if 0 <= col < len(src):
            yield k, src, col, line
