"""Shared-memory offsets in the learner's terms: ``sB[3][5]``, not "offset 4096".

PTX keeps only a shared array's byte size (``.shared .align 4 .b8 _ZZ6kernelE2sB[1088]``), so
the shape comes from the source: the ``__shared__`` declaration of that name in the function
the symbol belongs to. Its dimensions are C expressions (``TILE``, ``TILE + 1``, a template
argument), so NVRTC evaluates them: the source is compiled once more with a ``__device__``
array, placed right after that function and initialised to the dimensions and the element
size, with the kernel's template arguments bound to their values, and the numbers are read
back from the PTX. Nothing here
runs unless a finding needs a name, and each program is probed once.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ...errors import CompileError
from ...toolchain import compile_cuda
from ...toolchain.signature import _strip_comments
from ..ptx import parse
from .words import said  # a name's words ("+ 2 bytes") in the learner's language, and in English

_DECL = r"__shared__\b"
_QUALS = re.compile(r"__align__\s*\([^)]*\)|alignas\s*\([^)]*\)|\b(?:static|volatile|extern|__shared__|"
                    r"__device__|const|constexpr)\b")


@dataclass
class Shape:
    """A shared array as declared: its name, element size in bytes and dimensions (None: unknown)."""
    name: str
    elem: int | None
    dims: tuple          # ints; the first may be None (extern arrays, unsized)
    ctype: str = ""

    def index(self, rel: int, size: int) -> str:
        """``name[i][j]`` for byte ``rel`` of an array of ``size`` bytes."""
        if not self.elem:
            return said("finding.name_plus_bytes", name=self.name, n=rel)
        k, extra = divmod(rel, self.elem)
        dims = list(self.dims) or [None]
        if dims[0] is None:
            inner = int(np.prod(dims[1:])) if len(dims) > 1 else 1
            dims[0] = max(1, size // (self.elem * inner)) if size else None
        if None in dims or k >= int(np.prod(dims)):
            idx = [k]
        else:
            idx = list(np.unravel_index(k, dims))
        text = self.name + "".join(f"[{int(i)}]" for i in idx)
        return said("finding.name_plus_bytes", name=text, n=extra) if extra else text

    def declaration(self) -> str:
        """As the source declares it: ``float dyn[]``, ``float sB[16][17]``."""
        dims = "".join(f"[{d}]" if d is not None else "[]" for d in self.dims)
        return f"{self.ctype} {self.name}{dims}".strip()

    def described(self, size: int) -> str:
        """``sB`` (float[16][17], 1088 bytes): the shape this launch gave it."""
        dims = list(self.dims)
        if dims and dims[0] is None and self.elem:
            inner = int(np.prod(dims[1:])) if len(dims) > 1 else 1
            dims[0] = size // (self.elem * inner)
        shape = "".join(f"[{d}]" for d in dims)
        return said("finding.described", name=self.name, ctype=self.ctype, shape=shape, size=size) if self.ctype \
            else said("finding.described_untyped", name=self.name, size=size)


def _local_name(sym: str) -> tuple[str, str | None]:
    """(variable, function) of a PTX shared symbol: ``_ZZ2tkILi8EEvPKfPfiE2sB`` -> ("sB", "tk")."""
    if not sym.startswith("_ZZ"):
        return sym, None
    best = None
    for m in re.finditer(r"E(\d+)", sym):
        n, rest = int(m.group(1)), sym[m.end():]
        if len(rest) == n or re.fullmatch(r"_\d*_?", rest[n:] or "x"):
            best = rest[:n]
    fm = re.match(r"_ZZ(?:N\d*)?(?:L)?(\d+)", sym)
    fname = sym[fm.end():fm.end() + int(fm.group(1))] if fm else None
    return (best or sym), fname


def _strip(src: str) -> str:
    return _strip_comments(src)


def _bodies(clean: str, fname: str) -> list[tuple[int, int]]:
    """Spans of the bodies of every definition of ``fname`` in the (comment-free) source."""
    out = []
    for m in re.finditer(r"\b" + re.escape(fname) + r"\s*\(", clean):
        depth, i = 1, m.end()
        while i < len(clean) and depth:
            depth += {"(": 1, ")": -1}.get(clean[i], 0)
            i += 1
        j = i
        while j < len(clean) and clean[j] not in "{;":
            j += 1
        if j >= len(clean) or clean[j] != "{":
            continue
        depth, k = 1, j + 1
        while k < len(clean) and depth:
            depth += {"{": 1, "}": -1}.get(clean[k], 0)
            k += 1
        out.append((j, k))
    return out


def _declaration(clean: str, var: str, spans) -> tuple[str, list[str]] | None:
    """(element type text, [dimension expressions]) of ``__shared__ ... var[..][..]``."""
    for m in re.finditer(_DECL, clean):
        end = clean.find(";", m.end())
        if end < 0:
            continue
        if spans and not any(a <= m.start() < b for a, b in spans):
            continue
        stmt_start = max(clean.rfind(";", 0, m.start()), clean.rfind("{", 0, m.start()),
                         clean.rfind("}", 0, m.start())) + 1
        stmt = "\n".join(ln for ln in clean[stmt_start:end].split("\n") if not ln.lstrip().startswith("#"))
        d = re.search(r"(?<![\w.])" + re.escape(var) + r"\s*((?:\[[^\]]*\]\s*)*)\s*(?:$|[,=])", stmt)
        if not d:
            continue
        head = stmt[:d.start()]
        first = re.search(r"[A-Za-z_]\w*\s*(?:\[[^\]]*\]\s*)*\s*(?:,|$)", head)
        ctype = _QUALS.sub(" ", head if not first or "," not in head else head[:first.start()])
        ctype = " ".join(ctype.split()).strip(" ,")
        dims = re.findall(r"\[([^\]]*)\]", d.group(1))
        span = next(((a, b) for a, b in spans or () if a <= m.start() < b), None)
        return ctype, dims, (span[1] if span else len(clean))
    return None


def _template_bindings(kernel, clean: str) -> list[str]:
    """``constexpr int TILE = 16;`` for each template parameter of a ``tk<16>`` kernel."""
    if "<" not in kernel.name:
        return []
    base, args = kernel.name.split("<", 1)
    args = _split(args.rsplit(">", 1)[0])
    m = None
    for m0 in re.finditer(r"template\s*<([^{};]*)>\s*(?:__global__|[^{};(]*__global__)[^{;(]*\b" +
                          re.escape(base.strip()) + r"\s*\(", clean):
        m = m0
    if m is None:
        return []
    out = []
    for decl, val in zip(_split(m.group(1)), args):
        decl = decl.split("=")[0].strip()
        name = decl.split()[-1] if decl.split() else ""
        if not name:
            continue
        if re.match(r"(typename|class)\b", decl):
            out.append(f"using {name} = {val};")
        else:
            out.append(f"constexpr {' '.join(decl.split()[:-1])} {name} = {val};")
    return out


def _split(text: str) -> list[str]:
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += {"<": 1, "(": 1, ">": -1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def shapes(kernel, symbols) -> dict:
    """{PTX symbol: Shape} for the shared ``symbols`` of ``kernel``; cached on the program."""
    prog = kernel.program
    cache = prog.__dict__.setdefault("_shared_shapes", {})
    want = [s for s in symbols if (kernel.entry, s) not in cache]
    if want:
        found = _probe(kernel, want)
        for s in want:
            cache[(kernel.entry, s)] = found.get(s)
    return {s: cache[(kernel.entry, s)] for s in symbols if cache.get((kernel.entry, s))}


def _probe(kernel, symbols) -> dict:
    clean = _strip(kernel.source)
    kbase = kernel.name.split("<")[0].strip()
    binds = _template_bindings(kernel, clean)
    decls = {}
    for sym in symbols:
        var, fname = _local_name(sym)
        spans = _bodies(clean, fname or kbase) if fname or kbase else []
        d = _declaration(clean, var, spans) or _declaration(clean, var, None)
        if d:
            decls[sym] = (var, *d)
    if not decls:
        return {}
    # each probe goes right after the function that declares the array, where the macros it
    # uses mean what they meant in the declaration (a later #undef / #define does not count)
    inserts = []
    for i, (sym, (var, ctype, dims, at)) in enumerate(decls.items()):
        vals = [f"(long long)({e})" if e.strip() else "-1LL" for e in dims]
        vals.append(f"(long long)sizeof({ctype})" if ctype else "-1LL")
        inserts.append((at, f"\nnamespace __tilelab_probe_{i} {{ {' '.join(binds)}\n"
                            f"extern \"C\" __device__ long long __tilelab_probe_{i}[] = {{{', '.join(vals)}}}; }}\n"))
    text = kernel.source
    for at, probe in sorted(inserts, reverse=True):
        text = text[:at] + probe + text[at:]
    values = _evaluate(kernel, text)
    out = {}
    for i, (sym, (var, ctype, dims, _)) in enumerate(decls.items()):
        v = values.get(i)
        if v is None or len(v) != len(dims) + 1:
            out[sym] = Shape(var, None, (), ctype)
            continue
        out[sym] = Shape(var, int(v[-1]) if v[-1] > 0 else None,
                         tuple(int(x) if x >= 0 and e.strip() else None for x, e in zip(v[:-1], dims)), ctype)
    return out


def _evaluate(kernel, text: str) -> dict:
    """Compile the source with the probes in it and read the probe arrays' initial values."""
    prog = kernel.program
    try:
        p = compile_cuda(text, filename=prog.filename, first_line=prog.first_line,
                         options=prog.options, nvrtc=prog.nvrtc,
                         name_expressions=[kernel.name] if "<" in kernel.name else ())
        module = parse(p.ptx)
    except (CompileError, Exception):
        return {}
    out = {}
    for v in module.globals:
        m = re.fullmatch(r"__tilelab_probe_(\d+)", v.name)
        if m and v.init:
            out[int(m.group(1))] = [int(x) for x in np.frombuffer(v.init, dtype=np.int64)]
    return out


def layout(m) -> list[tuple[str, int, int]]:
    """[(symbol, block offset, bytes)] of the machine's shared arrays, in address order; a block
    offset counts from the block's first shared byte (the GPU's address less memory.shared_base)."""
    sizes = {v.name: v.size for v in list(m.fn.vars) + list(m.module.globals) if v.space == "shared"}
    out = []
    for sym, addr in m.smem.static.items():
        size = sizes.get(sym, 0) or max(0, m.smem.size - addr)
        out.append((sym, int(m.smem.user(addr)), int(size)))
    return sorted(out, key=lambda t: (t[1], t[2]))


def shared_name(m, kernel, off: int) -> str | None:
    """``sB[3][5]`` for block offset ``off`` of shared memory, or None when no array holds it."""
    lay = layout(m)
    hit = [(s, o, z) for s, o, z in lay if o <= off < o + z]
    if not hit:
        return None
    sym, base, size = hit[-1]
    shape = shapes(kernel, [sym]).get(sym) or Shape(_local_name(sym)[0], None, ())
    return shape.index(off - base, size)


def past_the_end(m, kernel, off: int) -> str | None:
    """For an offset beyond every array: which array it runs past, as declared."""
    lay = [t for t in layout(m) if t[1] + t[2] <= off]
    if not lay:
        return None
    sym, base, size = max(lay, key=lambda t: t[1] + t[2])
    shape = shapes(kernel, [sym]).get(sym) or Shape(_local_name(sym)[0], None, ())
    return shape.described(size)


def extern_arrays(m, kernel) -> list[str]:
    """The ``extern __shared__`` arrays of the kernel, as declared (for the ``shared=`` hint)."""
    ext = [v.name for v in list(m.fn.vars) + list(m.module.globals) if v.space == "shared" and v.extern]
    found = shapes(kernel, ext)
    return [found[s].declaration() if s in found else s for s in ext]
