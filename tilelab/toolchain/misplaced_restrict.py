"""``__restrict__`` written before a typedef name, as nvcc takes it: ``const __restrict__ uint32_t *addr``.

restrict qualifies a pointer, so its place is after the ``*`` (``const uint32_t * __restrict__ addr``). Written
before the pointee's type it qualifies that type; nvcc (13.0 here) accepts this without a word when the type is a
typedef name (dhernandez0/sgm's util.h: ``ld_gbl_ca(const __restrict__ uint32_t *addr)``) or a template parameter
(its cost_aggregation.h: ``const T __restrict__ *d_transform0``, refused by NVRTC at the instantiation) and ignores
it: the PTX is the unqualified pointer's (plain ``ld.global``, not ``ld.global.nc``). The same after a typedef name on
an object that is no pointer (cusnarks' u256_device.cu: ``uint32_t __restrict__ y[NWORDS_256BIT];``): nvcc builds it
and ignores the qualifier (``unsigned __restrict__ y[8]``, a builtin type, it refuses). NVRTC refuses them all
("restrict" is not allowed, the caret on the qualifier). tilelab retries with each refused qualifier blanked, spaces
in its place so that every line and column keeps its place, which is what nvcc makes of it. A refusal whose caret is
on anything else keeps its error (nvcc refuses ``const __restrict__ float *`` too).
"""
from __future__ import annotations

import re

from .refusals import carets

#: NVRTC's refusal: "<file>:<line>: error: "restrict" is not allowed", then the source line and a caret
_REFUSAL = re.compile(r'^(?P<file>.*?):(?P<line>\d+): error: "restrict" is not allowed\n(?P<text>.*)\n'
                      r'(?P<caret>[ \t]*)\^', re.MULTILINE)
_BUILTIN = r"(?:void|bool|char|short|int|long|float|double|signed|unsigned|wchar_t|char16_t|char32_t)\b"
#: the qualifier at the caret, then a typedef name (not a builtin type, which nvcc refuses too) and a ``*`` or ``&``
_QUALIFIER = re.compile(rf"(?:__restrict__|__restrict)"
                        rf"(?=\s+(?!{_BUILTIN})[A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)*\s*[*&])")
#: or the qualifier after such a name, before the ``*`` or ``&`` (``const T __restrict__ *``) or before the name it
#: declares (``T __restrict__ y[8];``)
_AFTER_NAME = re.compile(r"(?:__restrict__|__restrict)(?=\s*[*&]|\s+[A-Za-z_]\w*\s*[\[;=,)])")
_NAME_BEFORE = re.compile(rf"(?<![\w:])(?!{_BUILTIN})[A-Za-z_]\w*\s*$")


def rewritten(source: str, first_line: int, log: str) -> tuple[str, dict[int, str]]:
    """``source`` with each misplaced restrict NVRTC refused in ``log`` blanked, and {line: the qualifier as
    written} of those blanked (empty: nothing to retry)."""
    lines = source.split("\n")
    out: dict[int, str] = {}
    for k, src, col, line in carets(lines, first_line, log, _REFUSAL):
        if src[:col].rstrip().endswith(("*", "&")):
            continue
        q = _QUALIFIER.match(src, col) or (_AFTER_NAME.match(src, col) if _NAME_BEFORE.search(src[:col]) else None)
        if q is None:
            continue
        lines[k] = src[:col] + " " * (q.end() - col) + src[q.end():]
        out[line] = q.group(0)
    return "\n".join(lines), out
