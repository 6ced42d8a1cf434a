"""C compound literals in CUDA C++, as nvcc takes them: ``(T){ a, b, c, d }``.

A compound literal is C99's; g++ and nvcc accept it in C++ as an extension, a temporary of type ``T`` list-initialised
from the braces (jax-chacha-prng's ChaCha20 kernel returns ``(uint32_vec4){ a, b, c, d }``, a union whose first
member is a struct of four words). NVRTC's front end runs without the GNU extensions and refuses it ("expected an
expression", the caret on the ``{``). tilelab retries with each refused compound literal written as the C++
functional notation ``T{ ... }`` that g++ gives it the meaning of (the parentheses become spaces, so every line and
column keeps its place). Only a literal NVRTC refused is rewritten, and only where the parentheses hold one type
name (``T``, ``ns::T``, ``T<...>``, ``struct T``) and follow no name or closing bracket (``f(T){`` and ``if (x) {``
are not compound literals); anything else keeps its error.
"""
from __future__ import annotations

import re

from .refusals import carets

#: NVRTC's refusal: "<file>:<line>: error: expected an expression", then the source line and a caret
_REFUSAL = re.compile(r"^(?P<file>.*?):(?P<line>\d+): error: expected an expression\n(?P<text>.*)\n(?P<caret> *)\^",
                      re.MULTILINE)
#: ``( type-name ) {`` ending at the caret's ``{``
_LITERAL = re.compile(r"\(\s*(?:(?:struct|union|class)\s+)?[A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)*"
                      r"(?:\s*<[^()<>;{}]*>)?\s*\)\s*\{$")
_BEFORE = re.compile(r"(?:[A-Za-z_]\w*|[\)\]])\s*$")
_KEYWORDS = re.compile(r"\b(?:return|case|throw|co_return|co_yield|else|do)\s*$")


def rewritten(source: str, first_line: int, log: str) -> tuple[str, dict[int, str]]:
    """``source`` with each compound literal NVRTC refused in ``log`` written as ``T{...}``, and {line: the type as
    written} of those rewritten (empty: nothing to retry)."""
    lines = source.split("\n")
    out: dict[int, str] = {}
    for k, src, col, line in carets(lines, first_line, log, _REFUSAL):
        if src[col] != "{":
            continue
        lit = _LITERAL.search(src[:col + 1])
        if lit is None:
            continue
        head = src[:lit.start()]
        if _BEFORE.search(head) and not _KEYWORDS.search(head):
            continue                                   # a call or a statement's condition, not a literal
        a, b = lit.start(), src.rindex(")", 0, col)
        lines[k] = src[:a] + " " + src[a + 1:b] + " " + src[b + 1:]
        out[line] = src[a + 1:b].strip()
    return "\n".join(lines), out
