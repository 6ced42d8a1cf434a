"""Kernel text taken from kernels/*.cu, the one place each reference kernel is written.

A lesson or exercise names a kernel (``transpose.cu:transposePadded``) instead of pasting it.
The lines a learner writes are marked in the .cu file itself by a comment pair::

    // >>> learner
    ...the solution...
    // <<< learner

and this module turns that region into what each reader needs: nothing (a lesson shows the
whole kernel), nbgrader's solution-region markers (solutions/), or
``// YOUR CODE HERE`` (the student bundle). See course/README.md.
"""
from __future__ import annotations

import re
from pathlib import Path

KERNELS = Path(__file__).resolve().parent / "kernels"     # package data (kernels/ at the repository root links here)
BEGIN, END = "// >>> learner", "// <<< learner"
_HEAD = re.compile(r"^\s*(//|#define\b|template\b)")


def regions(text: str, *, mode: str) -> str:
    """Rewrite the learner regions of ``text``: mode ``plain`` drops the marker lines, ``nbgrader``
    makes them solution markers, ``stub`` replaces the region with ``// YOUR CODE HERE``."""
    out, inside = [], False
    for n, line in enumerate(text.split("\n"), 1):
        mark = line.strip()
        indent = line[:len(line) - len(line.lstrip())]
        if mark in (BEGIN, END):
            if (mark == BEGIN) == inside:
                raise ValueError(f"line {n}: {mark!r} without its pair")
            inside = mark == BEGIN
            if mode == "nbgrader":
                out.append(f"{indent}// ### {'BEGIN' if inside else 'END'} SOLUTION")
            elif mode == "stub" and inside:
                out.append(indent + "// YOUR CODE HERE")
            continue
        if not (inside and mode == "stub"):
            out.append(line)
    if inside:
        raise ValueError(f"{BEGIN!r} is never closed")
    return "\n".join(out)


def function(text: str, name: str) -> str:
    """The definition of ``name`` in ``text``: the comment, ``#define`` and ``template`` lines
    right above it (no blank line between), its signature and its body up to the matching brace."""
    lines = text.split("\n")
    sig = re.compile(r"^(?:template\s*<.*>\s*)?(?:__global__|__device__)\b(?:[^(]|__launch_bounds__\s*\([^)]*\))*\b" + re.escape(name) + r"\s*\(")
    starts = [i for i, l in enumerate(lines) if sig.match(l)]
    if len(starts) != 1:
        raise KeyError(f"{name}: {len(starts)} definitions found (want exactly one)")
    first = last = starts[0]
    while first > 0 and _HEAD.match(lines[first - 1]):
        first -= 1
    depth, seen = 0, False
    for last in range(starts[0], len(lines)):
        code = lines[last].split("//")[0]
        depth += code.count("{") - code.count("}")
        seen = seen or "{" in code
        if seen and depth == 0:
            break
    else:
        raise ValueError(f"{name}: no closing brace")
    return "\n".join(lines[first:last + 1])


def kernel_text(ref: str, *, mode: str = "plain", kernels: Path = KERNELS) -> str:
    """``FILE.cu`` (the whole file) or ``FILE.cu:NAME[,NAME...] [as NEWNAME]`` (those
    definitions, a blank line between; ``as`` renames a single one; FILE may be in a folder of
    kernels/ and may be a header: ``sm90a/hopper.h:mbar_wait``), with its learner regions
    rewritten for ``mode`` (see :func:`regions`)."""
    m = re.fullmatch(r"\s*((?:[\w-]+/)*[\w.-]+\.(?:cu|h))(?::([\w,]+))?(?:\s+as\s+(\w+))?\s*", ref)
    if not m:
        raise ValueError(f"not a kernel reference: {ref!r} (want FILE.cu:NAME[,NAME] [as NEW])")
    file, names, new = m.groups()
    path = kernels / file
    if not path.is_file():
        raise FileNotFoundError(f"{ref}: no {path}")
    text = path.read_text().rstrip("\n")
    if names:
        parts = names.split(",")
        text = "\n\n".join(function(text, n) for n in parts)
        if new:
            if len(parts) != 1:
                raise ValueError(f"{ref}: `as` renames one kernel")
            text = re.sub(r"\b" + re.escape(parts[0]) + r"\b", new, text)
    return regions(text, mode=mode)
