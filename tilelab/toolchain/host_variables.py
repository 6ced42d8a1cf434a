"""Namespace-scope variables written with no memory space, as nvcc sees them: host variables.

nvcc takes ``const float r_cutoff = 2.5f * sigma;`` at namespace scope as a host variable: the host code reads it,
and device code may read a ``const`` one only when a constant expression initialises it. NVRTC has no host code: it
takes every such variable as ``__device__`` and refuses one whose initialiser is not a constant ("dynamic
initialization is not supported for a __device__ variable"), whether device code reads it or not (md-cpu-gpu's
files declare their host's constants so, and their kernels take the values as parameters); a non-const one it
refuses outright ("host variables are not allowed in JIT mode": cuLDPC's header's `static float snr_array[]`).
tilelab retries with those declarations taken out (blanked, so that every line keeps its number); a kernel that reads
one then fails to build, as under nvcc, with a message that says why (``read``). A legacy ``texture<>`` reference is
not taken out: nvcc refuses it too.
"""
from __future__ import annotations

import re

#: NVRTC's refusals: "<file>:<line>: error: dynamic initialization is not supported for a __device__ variable"
#: (a const one), or "... A namespace scope variable without memory space annotations (...) is considered a host
#: variable, and host variables are not allowed in JIT mode. ..." (any other: cuLDPC's `static float
#: snr_array[NUM_SNR] = {3.0f};`), then the source line and a caret under the variable's name
_REFUSAL = re.compile(r"^(?P<file>.*?):(?P<line>\d+): error: (?:dynamic initialization is not supported for a "
                      r"__device__ variable|A namespace scope variable without memory space annotations [^\n]*"
                      r"host variables are not allowed in JIT mode[^\n]*)\n(?P<text>.*)\n(?P<caret> *)\^",
                      re.MULTILINE)
_IDENT = re.compile(r"[A-Za-z_]\w*")
#: a legacy texture or surface reference (``texture<int, 1, cudaReadModeElementType> tex;``): CUDA 12 took the
#: template away, so nvcc refuses it too ("texture is not a template"); that refusal stands (PFAC's kernel)
_TEXREF = re.compile(r"\s*(?:static\s+)?(?:texture|surface)\s*<")
#: a declaration that names a memory space is a device variable under nvcc too: its refusal stands
_SPACE = re.compile(r"\b__(?:device|constant|shared|managed)__\b")
_UNDEFINED = re.compile(r'^(?P<file>.*?):(?P<line>\d+): error: identifier "(?P<name>[A-Za-z_]\w*)" is undefined',
                        re.MULTILINE)


def blanked(source: str, first_line: int, log: str) -> tuple[str, dict[str, int]]:
    """``source`` with each declaration NVRTC refused in ``log`` blanked (a host variable under nvcc: no memory
    space, the statement on the refused line up to its ``;``), and {name: line} of those blanked. Nothing is
    blanked (the refusal stands) for a declaration with a memory space or one not found whole on its line."""
    lines = source.split("\n")
    out: dict[str, int] = {}
    for m in _REFUSAL.finditer(log):
        line = int(m.group("line"))
        ident = _IDENT.match(m.group("text"), len(m.group("caret")))
        k = line - first_line
        if ident is None or not 0 <= k < len(lines):
            continue
        start = lines[k].find(ident.group(0))
        head = lines[k][:start]
        if start < 0 or ";" in head or "{" in head or "}" in head or _SPACE.search(head) or _TEXREF.match(head):
            continue
        end = _statement_end(lines, k, start)
        if end is None:
            continue
        ek, ec = end
        text = "\n".join(lines[k:ek + 1])
        if _SPACE.search(text):
            continue
        for j in range(k, ek + 1):                  # the statement from its line's start to its ';', lines kept
            a = 0
            b = ec + 1 if j == ek else len(lines[j])
            lines[j] = " " * (b - a) + lines[j][b:]
        out.setdefault(ident.group(0), line)
    return "\n".join(lines), out


def _statement_end(lines: list[str], k: int, col: int):
    """(line, column) of the ``;`` that ends the statement at ``lines[k][col:]``, outside brackets."""
    depth = 0
    for j in range(k, len(lines)):
        for c in range(col if j == k else 0, len(lines[j])):
            ch = lines[j][c]
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if depth < 0:
                    return None
            elif ch == ";" and depth == 0:
                return j, c
    return None


def read(log: str, names: dict[str, int]) -> list[tuple[str, int, int]]:
    """(name, line that reads it, line that declared it) for each blanked variable device code reads, as
    NVRTC's retry reports it ('identifier "r_cutoff" is undefined')."""
    return [(m.group("name"), int(m.group("line")), names[m.group("name")])
            for m in _UNDEFINED.finditer(log) if m.group("name") in names]
