"""Functions written with no execution space, as nvcc sees them: host functions device code must not call.

nvcc takes an unannotated function as ``__host__``: a class may declare one the device code never calls, and
that builds; a kernel that calls one is nvcc's error ("calling a __host__ function from a __global__ function
is not allowed"). NVRTC refuses every such function, called or not, so tilelab retries with
``-default-device`` (program.py), which makes them all device functions. This module keeps the retry as strict
as nvcc: it reads the unannotated functions off NVRTC's first log, and the functions device code used off the
PTX the retry built (inlined bodies keep their function's name in the line info, calls name their target).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

#: NVRTC's refusal of an unannotated function: "<file>:<line>: error: A function without execution space ..."
#: then the source line and a caret under the function's name
_REFUSAL = re.compile(r"^(?P<file>.*?):(?P<line>\d+): error: A function without execution space annotations.*\n"
                      r"(?P<text>.*)\n(?P<caret> *)\^", re.MULTILINE)
_IDENT = re.compile(r"[A-Za-z_]\w*")
_INFO_STRING = re.compile(r"^(\$L__info_string\d+):\s*\n((?:\.b8 [\d,]+\s*\n)+)", re.MULTILINE)   # long ones: several lines
_INLINED = re.compile(r"\.loc\s+\d+\s+\d+\s+\d+,\s*function_name\s+(\$L__info_string\d+),\s*inlined_at\s+\d+\s+(\d+)")
_LOC = re.compile(r"^\s*\.loc\s+\d+\s+(\d+)", re.MULTILINE)
_CALL = re.compile(r"\bcall(?:\.uni)?\s+(?:\([^)]*\),\s*)?([\w$]+)", re.DOTALL)


@dataclass(frozen=True)
class HostCall:
    """Device code uses ``name`` (declared at ``declared`` with no execution space) at source line ``line``."""
    name: str
    declared: int
    line: int


def unannotated(log: str, relaxed_constexpr: bool = False) -> dict[str, int]:
    """{function name: its line} for each function NVRTC refused as a host function. ``relaxed_constexpr``
    (nvcc's --expt-relaxed-constexpr): a ``constexpr`` one, which nvcc then lets device code call, is left out."""
    out: dict[str, int] = {}
    for m in _REFUSAL.finditer(log):
        col = len(m.group("caret"))
        if relaxed_constexpr and re.search(r"\bconstexpr\b", m.group("text")[:col]):
            continue
        ident = _IDENT.match(m.group("text"), col)
        if ident:
            out.setdefault(ident.group(0), int(m.group("line")))
    return out


def _own_name(mangled: str) -> str:
    """The part of an Itanium-mangled name that names the function: its nested name (qualifiers, the name, a
    constructor's ``C1``) with template arguments left out, or a plain name's ``<length><name>``; not the parameter
    types after it. ``_Z7get_rayRK6cameraff...`` is get_ray taking a camera, no use of camera's constructors."""
    s = mangled[3:] if mangled.startswith("_ZL") else mangled[2:]
    if not s.startswith("N"):
        m = re.match(r"\d+", s)
        return m.group(0) + s[m.end():m.end() + int(m.group(0))] if m else s
    out, depth, i = [], 0, 1
    while i < len(s):
        m = re.match(r"\d+", s[i:])
        if m:                                           # a source name: its length, then that many characters
            end = i + m.end() + int(m.group(0))
            if depth == 0:
                out.append(s[i:end])
            i = end
        elif s[i] in "ILX":                             # template arguments, a literal, an expression: to their E
            depth, i = depth + 1, i + 1
        elif s[i] == "E":
            if depth == 0:
                break
            depth, i = depth - 1, i + 1
        elif s[i] in "CD" and depth == 0 and s[i + 1:i + 2].isdigit():
            out.append(s[i:i + 2])                      # a constructor or destructor of the class before it
            i += 2
        elif out and depth == 0 and s[i].islower() and s[i + 1:i + 2].isalpha():
            out.append(s[i:i + 2])                      # an operator's code (cl: operator(), ix: []) after its class
            i += 2
        else:                                           # cv-qualifiers, substitutions, builtin types
            i += 1
    return "".join(out)


def _mangles(mangled: str, name: str) -> bool:
    """Whether an Itanium-mangled (or extern "C") symbol names a function called ``name``. In a nested name
    (``_ZN...E``) the function is the last component: ``name`` followed by another component (a length) is a
    class or namespace it belongs to - ``_ZN5Chunk16g_compress_chunkEj``, Chunk's __device__ member, is no use of
    Chunk's host constructors - and followed by ``C1``-``C3`` / ``D0``-``D2`` it is that class's constructor or
    destructor, a use of ``name`` as nvcc reports it; followed by an operator's code (``cl``, lower case) it is the
    class's operator, no use of its constructors (kinfu_remake's Reprojector::operator(), unseen223). Only the
    function's own name counts (``_own_name``): a parameter of a class type with host constructors (voxel-tracer's
    get_ray(const camera&), unseen167) is none."""
    if mangled == name:
        return True
    if not mangled.startswith("_Z"):
        return False
    after = r"(?![\da-z])" if mangled.startswith(("_ZN", "_ZLN")) else ""
    return re.search(rf"(?<!\d){len(name)}{re.escape(name)}{after}", _own_name(mangled)) is not None


def device_uses(ptx: str, names: dict[str, int]) -> list[HostCall]:
    """Where the PTX's device code uses one of ``names``: an inlined body (its ``.loc ... function_name``) or
    a ``call``; each function once, at the first line that uses it."""
    strings = {label: bytes(int(b) for b in re.findall(r"(?<![.\w])\d+", data)).rstrip(b"\0").decode("latin-1")
               for label, data in _INFO_STRING.findall(ptx)}
    found: dict[str, HostCall] = {}

    def use(symbol: str, line: int):
        for name, declared in names.items():
            if name not in found and _mangles(symbol, name):
                found[name] = HostCall(name, declared, line)

    for m in _INLINED.finditer(ptx):
        if m.group(1) in strings:
            use(strings[m.group(1)], int(m.group(2)))
    locs = [(m.start(), int(m.group(1))) for m in _LOC.finditer(ptx) if int(m.group(1))]
    for m in _CALL.finditer(ptx):                   # a call's target may stand on the next line
        line = next((ln for pos, ln in reversed(locs) if pos < m.start()), 0)
        use(m.group(1), line)
    return sorted(found.values(), key=lambda c: c.line)
