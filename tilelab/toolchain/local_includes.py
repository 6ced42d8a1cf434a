"""A source's own headers: the kernels declared there are the program's too, and their host side is the CPU's.

nvcc users often keep kernels in a header (``#include "kernels.cuh"``; TeaLeaf's ``.cuknl`` files) and
give the ``.cu`` file only the includes. NVRTC compiles those kernels, but kernel discovery read only the
source's own text, so such a file had "no kernel". The headers are looked up where the preprocessor looks: for a
quoted include the including file's folder, then each ``-I`` folder of the options, in order; for ``#include <...>``
only the ``-I`` folders (CUDA's samples include their Common/ helpers so: ``#include <helper_functions.h>``,
``-I Common``). A header found once is read once; one found nowhere there (the toolkit's, the system's) is never
followed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .signature import _inactive_lines, _strip_comments
from .source_text import read_source

_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>)', re.M)
_MAX_HEADERS = 64          # a project's own headers; past that, something is being read that should not be
_MAX_BYTES = 2_000_000


@dataclass(frozen=True)
class Header:
    path: Path
    text: str
    line: int          # the line of the `#include` in the source that brings it in (directly or not)
    name: str = ""     # as the `#include "..."` spells it (NVRTC takes an in-memory header by that name)


def include_dirs(options) -> list[Path]:
    """The ``-I`` / ``--include-path=`` folders of NVRTC options, in order."""
    out = []
    for o in options:
        m = re.fullmatch(r"(?:-I|--include-path=)(.+)", o)
        if m:
            out.append(Path(m.group(1)))
    return out


def _included(text: str, defines: dict) -> list[tuple[int, str, bool]]:
    """(line, name, angled) of each include the preprocessor takes."""
    if '#' not in text:
        return []
    # an include line, its `#` blanked, is a plain line the preprocessor takes or leaves with its branch
    plain = re.sub(r"^[ \t]*#[ \t]*include\b", lambda m: " " * len(m.group(0)), text, flags=re.M)
    skip = _inactive_lines(_strip_comments(plain), defines)
    out = []
    for m in _INCLUDE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        if line not in skip:
            out.append((line, m.group(1) or m.group(2), m.group(1) is None))
    return out


def _find(name: str, here: Path | None, dirs: list[Path]) -> Path | None:
    for d in ([here] if here is not None else []) + dirs:
        p = d / name
        try:
            if p.is_file() and p.stat().st_size <= _MAX_BYTES:
                return p.resolve()
        except OSError:
            continue
    return None


def local_headers(source: str, filename: str, options=(), defines: dict | None = None) -> list[Header]:
    """The headers ``source`` includes that exist on disk where the preprocessor looks (a ``<...>`` one only in an
    ``-I`` folder), followed through their own includes (breadth first, each once), each with the line of the
    source's include that brings it in."""
    dirs = include_dirs(options)
    defines = defines or {}
    top = Path(filename).parent if filename and not filename.startswith("<") else None
    seen: set[Path] = set()
    out: list[Header] = []
    queue = [(line, name, None if angled else top) for line, name, angled in _included(source, defines)]
    while queue and len(out) < _MAX_HEADERS:
        line, name, here = queue.pop(0)
        if here is None and not dirs:
            continue
        p = _find(name, here, dirs)
        if p is None or p in seen:
            continue
        seen.add(p)
        try:
            text = read_source(p)
        except OSError:
            continue
        out.append(Header(p, text, line, name))
        queue.extend((line, n, None if angled else p.parent) for _, n, angled in _included(text, defines))
    return out
