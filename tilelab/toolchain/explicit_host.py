"""Functions marked ``__host__`` alone, taken out for NVRTC as nvcc's device pass leaves them out.

nvcc compiles a ``.cu`` file twice; a function declared ``__host__`` (and not ``__device__`` too) is the CPU's
alone, and the device pass never compiles it. NVRTC compiles device code only and refuses every such
declaration outright ("A function explicitly marked as a __host__ function is not allowed in JIT mode"), even
one no device code calls: a 128-bit integer class's host-only helper (CAT's ``k_uint128_t::exp2``), a host
constructor of a struct the kernels use (GPU-NTT's ``Modulus``). compile_cuda retries with each refused
declaration blanked, line for line (newlines kept, so every message keeps its line); a device call to one
then fails to build, as under nvcc, with a message that says why (``called``).
"""
from __future__ import annotations

import re

from .host_code import mask
from .statement_expressions import _close as closing_brace     # one brace matcher (strings and comments skipped)

#: NVRTC's refusal, with the file and line of the declaration (its name under the caret)
_REFUSAL = re.compile(r"^(?P<file>.*?):(?P<line>\d+): error: A function explicitly marked as a __host__ function "
                      r"is not allowed in JIT mode", re.MULTILINE)
_DEVICE = re.compile(r"\b__(?:device|global)__\b")
#: what may stand before a member's declaration in its class and must stay: ``public:`` and the like
_ACCESS = re.compile(r"\s*(?:(?:public|private|protected)\s*:(?!:)\s*)+")
_NAME = re.compile(r"(~?[A-Za-z_]\w*)\s*\(")
#: an object-like macro, ``#define NAME replacement``: one whose replacement says __host__ and not __device__
#: (era-bellman-cuda's ``#define HOST_INLINE __host__ __forceinline__``) marks a declaration as __host__ does
_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(?![\w(])[ \t]*(.*)$", re.MULTILINE)
_LOOK_BACK = 3                                 # lines above the refused one a `__host__` may stand on


def blanked(source: str, first_line: int, log: str, filename: str) -> tuple[str, dict[str, int]]:
    """``source`` with each ``__host__`` declaration NVRTC refused in ``log`` (in ``filename``) blanked, from
    its first token (a ``template <...>``, ``static``) to its ``;`` or its body's ``}``, and {name: line} of
    those blanked. The ``__host__`` may be written on or just above its line, or be an object-like macro's whose
    replacement says ``__host__`` alone; a refusal with neither there (a function-like macro's) stays."""
    masked = mask(source)
    host = _host_markers(source)
    starts = [0]
    for i, ch in enumerate(source):
        if ch == "\n":
            starts.append(i + 1)
    spans, out = [], {}
    for m in _REFUSAL.finditer(log):
        if m.group("file") != filename:
            continue
        k = int(m.group("line")) - first_line
        if not 0 <= k < len(starts):
            continue
        lo = starts[max(0, k - _LOOK_BACK)]
        hi = starts[k + 1] - 1 if k + 1 < len(starts) else len(source)
        tokens = list(host.finditer(masked, lo, hi))
        if not tokens:
            continue
        span = _declaration(masked, tokens[-1].start())
        if span is None or _DEVICE.search(masked, span[0], span[1]) or any(a < span[1] and span[0] < b
                                                                            for a, b in spans):
            continue
        spans.append(span)
        name = _NAME.search(masked, tokens[-1].end(), span[1])
        out.setdefault(name.group(1) if name else "__host__", int(m.group("line")))
    text = list(source)
    for a, b in spans:
        for i in range(a, b):
            if text[i] != "\n":
                text[i] = " "
    return "".join(text), out


def _host_markers(source: str):
    """``__host__`` or any object-like macro of ``source`` that stands for it (its replacement has ``__host__``
    and no ``__device__`` or ``__global__``, directly or through another such macro)."""
    defines = {m.group(1): m.group(2) for m in _DEFINE.finditer(source)}
    names = {"__host__"}
    grew = True
    while grew:                      # a macro of a macro: HOST_INLINE -> MY_HOST -> __host__
        grew = False
        for name, text in defines.items():
            if name not in names and not _DEVICE.search(text) and any(re.search(rf"\b{re.escape(n)}\b", text)
                                                                        for n in names):
                names.add(name)
                grew = True
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, names))) + r")\b")


def _declaration(masked: str, at: int):
    """[start, end) of the declaration holding the ``__host__`` at ``at``: back to the ``;``, ``{`` or ``}`` before
    it (an access label kept), forward to its ``;`` outside brackets or its body's closing brace (a constructor's
    brace-initialised members, ``: a{x}, b{y} {}``, passed over). None where it does not end."""
    start = max(masked.rfind(c, 0, at) for c in ";{}") + 1
    label = _ACCESS.match(masked, start)
    if label:
        start = label.end()
    while start < at and masked[start].isspace():
        start += 1
    depth, i, n = 0, at, len(masked)
    while i < n:
        ch = masked[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == ";" and depth == 0:
            return start, i + 1
        elif ch == "{" and depth == 0:
            close = closing_brace(masked, i)
            if close < 0:
                return None
            j = close + 1
            while j < n and masked[j].isspace():
                j += 1
            if j < n and masked[j] in ",{":         # a member initialised with braces: the list goes on
                i = j
                continue
            return start, close + 1
        i += 1
    return None


def called(log: str, functions: dict[str, int]) -> list[tuple[int, str]]:
    """(line, name) of each error in ``log`` that names a blanked function in quotes (``identifier "f" is
    undefined``, ``class "S" has no member "f"``, ``no instance of constructor "S::S"``): device code calls it."""
    found = []
    for m in re.finditer(r"^.*?:(\d+): error: (.*)$", log, re.MULTILINE):
        # the name quoted last: `class "S" has no member "twice"` is a call of twice, not of S's constructor
        hits = [(q.start(), name) for name in functions
                for q in re.finditer(rf'"(?:[\w:]*::)?{re.escape(name)}"', m.group(2))]
        if hits:
            found.append((int(m.group(1)), max(hits)[1]))
    return found
