"""GNU statement expressions in CUDA C++, as nvcc takes them: ``({ int a = f(x); a * a; })``.

A statement expression is a GNU extension g++ and nvcc accept: the statements run and the last one's value is the
expression's (C codebases' MIN / MAX macros, ``({ __typeof(x) __x = (x); ... })``; BART's misc.h). NVRTC's front end
runs without the GNU extensions and refuses it ("expected an expression", the caret on the ``{``). tilelab retries
with each one written as a lambda called on the spot, ``([&]() { int a = f(x); return a * a; }())``, which gives
the same value: the statements are the lambda's, the last expression statement its ``return`` (none where the
last statement is a control statement: a void statement expression). Only newlines are kept (every line keeps its
number; a column after a rewritten ``({`` moves). Nested ones are rewritten too. ``__typeof`` goes with it:
program.py's retries pre-include tilelab_typeof.h (tilelab/include), which defines it by ``decltype``.
"""
from __future__ import annotations

import re

#: NVRTC's refusal (the caret on the ``{``, or on a macro's use whose definition holds the ``({``)
_REFUSAL = re.compile(r"error: expected an expression$", re.MULTILINE)
_CONTROL = re.compile(r"(?:if|for|while|do|switch|return|break|continue|goto)\b")


def _skip(s: str, i: int) -> int:
    """The index after the comment, string or character literal starting at ``i`` (``i`` itself if none)."""
    if s.startswith("//", i):
        j = s.find("\n", i)
        return len(s) if j < 0 else j
    if s.startswith("/*", i):
        j = s.find("*/", i + 2)
        return len(s) if j < 0 else j + 2
    if s[i] in "\"'":
        q, j = s[i], i + 1
        while j < len(s) and s[j] != q:
            j += 2 if s[j] == "\\" else 1
        return j + 1
    return i


def _close(s: str, i: int) -> int:
    """The index of the ``}`` closing the ``{`` at ``i`` (-1 if none)."""
    depth, j = 0, i
    while j < len(s):
        k = _skip(s, j)
        if k != j:
            j = k
            continue
        if s[j] == "{":
            depth += 1
        elif s[j] == "}":
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return -1


def _body(body: str) -> str:
    """A statement expression's statements (between its braces) as a lambda's: ``return`` before the last one."""
    body = rewrite(body)
    depth, j, ends = 0, 0, []            # the top-level ';' and '}' (statement ends)
    while j < len(body):
        k = _skip(body, j)
        if k != j:
            j = k
            continue
        c = body[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if c == "}" and depth == 0:
                ends.append(j)
        elif c == ";" and depth == 0:
            ends.append(j)
        j += 1
    if not ends or body[ends[-1]] != ";" or body[ends[-1] + 1:].strip():
        return body
    start = ends[-2] + 1 if len(ends) > 1 else 0
    last = body[start:ends[-1]]
    lead = len(last) - len(last.lstrip())
    if not last.strip() or _CONTROL.match(last.lstrip()):
        return body
    return body[:start + lead] + "return " + body[start + lead:]


def rewrite(s: str) -> str:
    """``s`` with every ``({ ... })`` written as ``([&]() { ... }())``."""
    out, i, last = [], 0, 0
    while i < len(s):
        k = _skip(s, i)
        if k != i:
            i = k
            continue
        if s[i] == "(":
            j = i + 1
            while j < len(s) and s[j] in " \t":
                j += 1
            if j < len(s) and s[j] == "{":
                e = _close(s, j)
                r = e + 1
                while 0 <= e and r < len(s) and s[r] in " \t\\\n":
                    r += 1
                if e >= 0 and r < len(s) and s[r] == ")":
                    out.append(s[last:i])
                    out.append("([&]() {" + _body(s[j + 1:e]) + "}()" + s[e + 1:r] + ")")
                    i = last = r + 1
                    continue
        i += 1
    out.append(s[last:])
    return "".join(out)


def rewritten(source: str, log: str) -> str | None:
    """``source`` with its statement expressions rewritten, if NVRTC refused one in ``log`` (None: nothing to retry)."""
    if not _REFUSAL.search(log):
        return None
    new = rewrite(source)
    return new if new != source else None
