"""Which ``__device__``/``__constant__`` variables a launch allocates, and their first bytes.

A launch allocates the module variables its kernel names (CCCL's headers declare hundreds it
never reads), and every variable their initialisers point to: a string table
``__device__ const char* const kWords[] = {"a", "bb"}`` names only ``kWords``, whose elements
hold the addresses of the literals ``$str``, ``$str$1`` (PTX: ``{generic($str), ...}``). Those
addresses are known only once every variable has its place in the emulator's global memory,
so the parser keeps them as ``ptx.InitRef`` and ``initial`` writes them in at launch.

A device function's address (a dispatch table) is the one calls.link gave the function. What
the emulator cannot give such an initialiser (a kernel's address, for dynamic parallelism; a
variable of another file) is an EmulatorError naming the variable and the line that declares
it, raised only by a launch that uses the variable.
"""
from __future__ import annotations

import re

import numpy as np

from ..errors import EmulatorError
from ..messages import msg


def allocated(v) -> bool:
    return v.space in ("global", "const") and not v.extern and v.size > 0


def reached(module, named: set) -> list:
    """The module variables a launch allocates, in declaration order: those in ``named`` and
    every variable an allocated one's initialiser points to, transitively."""
    by_name = {v.name: v for v in module.globals if allocated(v)}
    want, todo = set(), [n for n in named if n in by_name]
    while todo:
        n = todo.pop()
        if n in want:
            continue
        want.add(n)
        todo += [r.symbol for r in by_name[n].refs if r.symbol in by_name]
    return [v for v in module.globals if v.name in want and allocated(v)]


def check(module, variables: list, kernel, functions=()) -> None:
    """Raise a clear EmulatorError for an initialiser of ``variables`` that the emulator cannot
    evaluate, naming the variable and its declaration in the learner's source. ``functions``:
    the device functions the launch has an address for (calls.link's ``func_addrs``)."""
    by_name = {v.name: v for v in module.globals if allocated(v)}
    for v in variables:
        if v.init_error:
            tok, key, fields = v.init_error
            why = msg("unsupported.init_element", tok=repr(tok), why=msg(key, **fields))
            raise EmulatorError(msg("errors.init_unreadable", **_what(v), why=why, where=_declared(kernel, v.name)))
        for r in v.refs:
            if r.symbol in by_name or r.symbol in functions:
                continue
            for names, key in ((module.functions, "errors.init_kernel"), (module.externs, "errors.init_library"),
                               (module.funcs, "errors.init_function")):
                if r.symbol in names:
                    raise EmulatorError(msg(key, **_what(v), func=plain_name(r.symbol),
                                            where=_declared(kernel, v.name)))
            other = next((g for g in module.globals if g.name == r.symbol), None)
            why = (msg("errors.init_extern") if other is not None and other.extern else
                   msg("errors.init_space", space=other.space) if other is not None else
                   msg("errors.init_unknown"))
            raise EmulatorError(msg("errors.init_other", **_what(v), sym=plain_name(r.symbol), why=why,
                                    where=_declared(kernel, v.name)))


def initial(v, addresses: dict) -> np.ndarray:
    """``v``'s bytes at the start of a launch: its initialiser, with the addresses it holds taken
    from ``addresses`` (variable name -> its address in the emulator's global memory)."""
    data = np.frombuffer(v.init or bytes(v.size), dtype=np.uint8).copy()
    for r in v.refs:
        value = ((addresses[r.symbol] + r.addend) & r.mask) >> r.shift
        data[r.offset:r.offset + r.size] = np.frombuffer(
            (value & ((1 << (8 * r.size)) - 1)).to_bytes(r.size, "little"), dtype=np.uint8)
    return data


def display_name(v) -> str:
    """How messages name ``v``'s allocation: a string literal by its text (``"bb"``), a C++
    variable by its identifier."""
    if not v.name.startswith("$str"):
        return plain_name(v.name)
    text = bytes(v.init).split(b"\0")[0].decode("utf-8", "replace")
    text = text if len(text) <= 24 else text[:21] + "..."
    return '"' + text.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'


def symbol_keys(given, names) -> dict:
    """``symbols=`` keys as the module's variables are named: each key a PTX name as it is, or the C++ identifier of
    exactly one variable among ``names`` (the PTX names), as ``cudaMemcpyToSymbol(c1_f32, ...)`` names it in the
    source: a variable in a namespace (PFFDTD's ``pffdtd::(anonymous)::c1_f32``) is ``_ZN...6c1_f32E`` in the PTX. A key
    may name the namespaces too (``seal::q_cons``, as a host outside the namespace writes it).
    A key that names none (or two) is kept, for the caller's message."""
    names = list(names)
    by_plain: dict = {}
    for n in names:
        if n.startswith("_Z"):
            by_plain.setdefault(plain_name(n), []).append(n)
    out = {}
    for key in given:
        hit = by_plain.get(key, [])
        if "::" in key:     # qualified as the host names it, `seal::q_cons`: each scope of the key in the mangled name
            *scopes, last = key.split("::")
            hit = [n for n in by_plain.get(last, [])
                   if all(f"{len(s)}{s}" in n for s in scopes if s and s != "(anonymous namespace)")]
        out[key] = hit[0] if key not in names and len(hit) == 1 else key
    return out


def plain_name(sym: str) -> str:
    """The C++ identifier behind a PTX symbol, for messages: ``_ZN2ns6kWordsE`` -> ``kWords``,
    ``_Z5helloi`` -> ``hello``, ``$str$2`` -> a string literal."""
    if sym.startswith("$str"):
        return msg("errors.init_string_literal")
    if not sym.startswith("_Z"):
        return sym
    rest, last = re.sub(r"^_Z[LK]*", "", sym), None
    nested = rest.startswith("N")
    rest = rest[1:] if nested else rest
    while True:
        m = re.match(r"[rVK]*(\d+)", rest)
        if not m:
            break
        n = int(m.group(1))
        last, rest = rest[m.end():m.end() + n], rest[m.end() + n:]
        if not nested:
            break
    return last or sym


def _what(v) -> dict:
    return {"what": "__constant__" if v.space == "const" else "__device__", "name": plain_name(v.name)}


def declared_at(source_lines: dict, sym: str) -> tuple[int, str] | None:
    """(line, text) of the source line that declares the module variable ``sym``
    (``source_lines``: line number -> text), or None."""
    word = re.compile(rf"(?<![\w$]){re.escape(plain_name(sym))}(?![\w$])")
    rows = sorted(source_lines.items())
    hit = next(((n, t) for n, t in rows if word.search(t) and re.search(r"__(device|constant)__", t)), None)
    return hit or next(((n, t) for n, t in rows if re.search(rf"{word.pattern}\s*(\[[^\]]*\]\s*)*=", t)),
                       None)


def _declared(kernel, sym: str) -> str:
    """`` (declared at file:line: `text`)`` for the line of ``kernel``'s source that declares ``sym``."""
    source = getattr(kernel, "source", "") or ""
    first = getattr(kernel, "first_line", 1)
    hit = declared_at({first + i: t for i, t in enumerate(source.splitlines())}, sym)
    if hit is None:
        return ""
    return msg("errors.init_where", file=getattr(kernel, "filename", "<cell>"), line=hit[0], text=hit[1].strip())
