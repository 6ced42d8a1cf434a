"""Parsing a CUDA source: kernel names and their parameters (the kernel-signature parser)."""
from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field, replace

import numpy as np

# --------------------------------------------------------------------------------------
# Parsing the source: kernel names and parameters
# --------------------------------------------------------------------------------------

_COMMENT_OR_STRING = re.compile(
    r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def _strip_comments(src: str) -> str:
    """Blank out comments and string literals, keeping offsets and line numbers."""
    def blank(m):
        s = m.group(0)
        return re.sub(r"[^\n]", " ", s)
    return _COMMENT_OR_STRING.sub(blank, src)


_PARENS = r"\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)"     # balanced, nested up to three deep
_ATTR = (r"(?:__launch_bounds__\s*" + _PARENS + r"|__cluster_dims__\s*" + _PARENS +
         r"|__maxnreg__\s*" + _PARENS + r"|(?:__noinline__|__forceinline__|static|inline|extern)\b)")
# (the keywords end at a word boundary: `__global__ void staticReverse(` is the kernel staticReverse;
# C++ takes the specifiers in any order, and `void __global__ k(` builds under nvcc and NVRTC alike)
def _kernel_pattern(words: str) -> re.Pattern:
    """A kernel declaration whose execution space is one of ``words`` (a regex alternation)."""
    return re.compile(
        r"(?:\b(?:" + words + r")\s+(?:" + _ATTR + r"\s*)*void|\bvoid\s+(?:" + _ATTR + r"\s*)*(?:" + words
        + r"))\s+(?:" + _ATTR + r"\s*)*([A-Za-z_]\w*)\s*\(")


_KERNEL = _kernel_pattern("__global__")
# an object-like macro that stands for __global__ (BEAGLE's kernels4.cu: `#define KW_GLOBAL_KERNEL __global__` under
# `#ifdef CUDA`, one source for CUDA and OpenCL, `KW_GLOBAL_KERNEL void kernelPartialsPartialsNoScale(`)
_GLOBAL_MACRO = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+__global__[ \t]*$", re.M)
# a preprocessor line may stand between the template head and __global__: era-bellman-cuda's `template <bool IS_FIRST>`
# `#ifndef __CUDACC_DEBUG__` `__launch_bounds__(MAX_THREADS, MIN_BLOCKS)` `#endif` `__global__ void k(` is a template
_TEMPLATE_TAIL = re.compile(r"template\s*<[^{};]*>\s*(?:(?:" + _ATTR + r"|#[^\n]*\n)\s*)*$")


@dataclass
class _Found:
    name: str
    template: bool
    params_text: str
    line: int  # 1-based line in the source
    template_params: str = ""   # the text inside `template <...>`, for a template kernel


# macros NVRTC defines for device code, as the preprocessor sees them; the values of the build-dependent ones (which
# arch NVRTC builds for, which NVRTC it is) are the caller's, so only whether they are defined is known here
_BUILD_DEPENDENT = ("__CUDA_ARCH__", "__CUDACC_VER_MAJOR__", "__CUDACC_VER_MINOR__", "__CUDACC_VER_BUILD__",
                    "CUDART_VERSION")
_PREDEFINED = {"__CUDACC__": 1, "__CUDACC_RTC__": 1, **{name: "" for name in _BUILD_DEPENDENT}}


def option_defines(options) -> dict:
    """The macros ``-DNAME`` / ``-DNAME=value`` (and ``--define-macro=``) options define."""
    out = {}
    for o in options:
        m = re.fullmatch(r"(?:-D|--define-macro=)([A-Za-z_]\w*)(?:=(.*))?", str(o))
        if m:
            out[m.group(1)] = m.group(2) if m.group(2) is not None else "1"
    return out


def build_defines(options, ptx_arch: str, nvrtc_version: tuple) -> dict:
    """The macros one build defines, as its preprocessor reads them: the options' ``-D`` (``option_defines``) and
    the build-dependent values NVRTC sets for it, ``__CUDA_ARCH__`` from the virtual arch (``compute_90a``: 900)
    and ``__CUDACC_VER_MAJOR__``/``__CUDACC_VER_MINOR__`` from NVRTC's version (cuda_hgemm's ``#if
    __CUDACC_VER_MAJOR__ > 11`` picks its ``cp.async`` form by them), and ``CUDART_VERSION``, which NVRTC defines as
    major * 1000 + minor * 10 (CUDA's threadFenceReduction sample includes its kernels under ``#if CUDART_VERSION >=
    2020``)."""
    arch = re.search(r"\d+", ptx_arch)
    out = {"__CUDACC_VER_MAJOR__": str(nvrtc_version[0]), "__CUDACC_VER_MINOR__": str(nvrtc_version[1]),
           "CUDART_VERSION": str(1000 * int(nvrtc_version[0]) + 10 * int(nvrtc_version[1]))}
    if arch:
        out["__CUDA_ARCH__"] = arch.group(0) + "0"
    return {**out, **option_defines(options)}


def _pp_value(expr: str, macros: dict) -> bool:
    """An ``#if`` expression, as the preprocessor evaluates it: ``defined``, integers, the object-like
    macros whose value is an integer, ``! && || == != < <= > >=`` and parentheses; any other name is 0.
    A build-dependent macro (``__CUDA_ARCH__``, ``__CUDACC_VER_MAJOR__``: ``_BUILD_DEPENDENT``) whose value the
    caller did not give (``build_defines``) is defined but of no known value: an expression that uses its value is
    not evaluated (ValueError)."""
    e = re.sub(r"\bdefined\s*\(\s*([A-Za-z_]\w*)\s*\)|\bdefined\s+([A-Za-z_]\w*)",
               lambda m: " 1 " if (m.group(1) or m.group(2)) in macros else " 0 ", expr)
    if any(name in e and not macros.get(name) for name in _BUILD_DEPENDENT):
        raise ValueError(expr)
    for _ in range(8):                                          # macros that name macros
        e2 = re.sub(r"\b[A-Za-z_]\w*\b", lambda m: f" {macros[m.group(0)]} " if m.group(0) in macros else m.group(0), e)
        if e2 == e:
            break
        e = e2
    e = re.sub(r"\b([0-9]+)[uUlL]*\b", r"\1", e)
    e = re.sub(r"\b[A-Za-z_]\w*\b", " 0 ", e)
    e = e.replace("&&", " and ").replace("||", " or ")
    e = re.sub(r"!(?!=)", " not ", e)
    e = e.replace("/", "//")
    if not re.fullmatch(r"[\s0-9()<>=!+*%/andortn-]*", e):
        raise ValueError(expr)
    with warnings.catch_warnings():                         # `0(3)`: a function-like macro not defined
        warnings.simplefilter("ignore", SyntaxWarning)
        return bool(eval(e, {"__builtins__": {}}, {}))      # digits, comparisons and and/or/not only


_PP_ERRORS = (ValueError, SyntaxError, IndexError, NameError, TypeError, ZeroDivisionError)


@dataclass
class _Conditionals:
    """One walk of a source's conditionals, as the preprocessor reads them (``_walk_conditionals``)."""
    kept: list          # per line (0-based): False where a branch not taken leaves the line out
    directive: list     # per line: a preprocessor directive's line
    undecided: bool     # some condition could not be evaluated (its branches are all kept)
    macros_at: dict     # line (1-based) -> the macros defined where that line starts, for the lines asked for


def _walk_conditionals(clean: str, macros: dict, at=()) -> _Conditionals:
    """The one reading of ``#if``/``#ifdef``/``#ifndef``/``#elif``/``#else``/``#endif`` that the signature reader,
    the type names and the include finder share: ``macros`` as defined before the text, the ``#define``/``#undef``
    lines of the branches taken applied as they come. A condition it cannot evaluate (a function-like macro, a
    comparison of ``__CUDA_ARCH__``) keeps every branch of its conditional, as if there were no directive."""
    macros = dict(macros)
    wanted = set(at)
    kept, directive, snap, undecided = [], [], {}, False
    stack, taking = [], True          # stack: (taking outside, a branch taken: True, False or None = undecided)
    lines, continued = clean.split("\n"), 0
    for n, line in enumerate(lines, 1):
        if n in wanted:
            snap[n] = dict(macros)
        if continued:                   # a directive's continuation line: read with the directive
            continued -= 1
            kept.append(taking)
            directive.append(True)
            continue
        m = re.match(r"[ \t]*#[ \t]*(\w+)[ \t]*(.*)$", line)
        word, rest = (m.group(1), m.group(2).strip()) if m else ("", "")
        while m and rest.endswith("\\") and n + continued < len(lines):
            rest = rest[:-1] + " " + lines[n + continued].strip()
            continued += 1
        if word in ("if", "ifdef", "ifndef"):
            try:
                cond = (rest.split()[0] in macros if word == "ifdef" else
                        rest.split()[0] not in macros if word == "ifndef" else _pp_value(rest, macros))
            except _PP_ERRORS:
                cond, undecided = None, True
            stack.append((taking, cond))
            taking = taking and cond is not False
        elif word in ("elif", "else") and stack:
            outside, done = stack[-1]
            if done is None:
                cond = None
            elif done:
                cond = False
            elif word == "else":
                cond = True
            else:
                try:
                    cond = _pp_value(rest, macros)
                except _PP_ERRORS:
                    cond, undecided = None, True
            stack[-1] = (outside, None if cond is None or done is None else (done or cond))
            taking = outside and cond is not False
        elif word == "endif" and stack:
            taking = stack.pop()[0]
        elif taking and word == "define" and rest and re.match(r"[A-Za-z_]\w*(\s|$)", rest):
            name, _, value = rest.partition(" ")
            macros[name] = value.strip() or "1"
        elif taking and word == "undef" and rest:
            macros.pop(rest.split()[0], None)
        kept.append(taking)
        directive.append(bool(m))
    return _Conditionals(kept, directive, undecided, snap)


def _initial_macros(defines: dict) -> dict:
    """The object-like macros defined before the first line: NVRTC's own, then the options'."""
    return {**{k: str(v) for k, v in _PREDEFINED.items()}, **{k: str(v) for k, v in defines.items()}}


def _preprocess_params(text: str, macros: dict) -> str:
    """A parameter list with the lines its conditionals leave out blanked, directives too, as the preprocessor
    keeps them (Chai's ``#ifdef CUDA_8_0 , int *worklist #endif``). A condition it cannot evaluate keeps the text
    as written: the launch's argument-count message then shows the directive among the parameters, as before."""
    walk = _walk_conditionals(text, macros)
    if walk.undecided:
        return text
    return "\n".join(line if keep and not d else " " * len(line)
                     for line, keep, d in zip(text.split("\n"), walk.kept, walk.directive))


def _inactive_lines(clean: str, defines: dict) -> set:
    """The line numbers (1-based) the preprocessor leaves out of ``clean`` (``_walk_conditionals``)."""
    walk = _walk_conditionals(clean, _initial_macros(defines))
    return {n for n, (keep, d) in enumerate(zip(walk.kept, walk.directive), 1) if not keep and not d}


def _find_kernels(src: str, defines: dict | None = None) -> list[_Found]:
    """The kernels ``__global__`` declares in ``src``, with their parameter text (``defines``: the
    macros the compile options define, for preprocessor lines inside a parameter list). A kernel in a
    branch the preprocessor leaves out is not declared (FWI's ``#ifdef VCELL_TL`` template and its
    ``#else`` plain version of one kernel: only the branch the options take is). A kernel written in a
    function-like macro's body is declared where the macro is used (``_macro_kernels``)."""
    clean = _strip_comments(src)   # `extern "C"` becomes `extern` + blanks: still matches
    out = []
    spaces = set(_GLOBAL_MACRO.findall(clean))
    pattern = _kernel_pattern("|".join(["__global__", *map(re.escape, sorted(spaces))])) if spaces else _KERNEL
    found = list(pattern.finditer(clean))
    lines = [clean.count("\n", 0, m.start()) + 1 for m in found]
    walk = _walk_conditionals(clean, _initial_macros(defines or {}), lines) if "#" in clean else None
    for m, line in zip(found, lines):
        if walk and (not walk.kept[line - 1] or walk.directive[line - 1]):
            continue                # left out, or in a #define's body: not a declaration there
        macros = walk.macros_at[line] if walk else {}
        space = re.match(r"\w+", m.group(0)).group(0)
        if space == "void":
            space = re.search(r"(\w+)\s+(?:" + _ATTR + r"\s*)*" + re.escape(m.group(1)) + r"\s*\($", m.group(0))
            space = space.group(1) if space else "__global__"
        if space != "__global__" and macros.get(space) != "__global__":
            continue                # a macro that is not __global__ here (the OpenCL branch's __kernel)
        out.append(_declared(clean, m, line, _namespace_at(clean, m.start(), macros), macros))
    if walk and "define" in clean:
        out += _macro_kernels(clean, walk)
    return out


def _declared(text: str, m, line: int, namespace: str, macros: dict) -> _Found:
    """The kernel a ``_KERNEL`` match ``m`` in ``text`` declares: its template head, its parameter text."""
    # the declaration's own head: back to the end of the previous declaration (a comment
    # header of any length in between is blanks here, so a fixed window would miss `template`)
    start = max(text.rfind(c, 0, m.start()) for c in ";{}") + 1
    tail = _TEMPLATE_TAIL.search(text[start:m.start()])
    # the balanced parameter list
    depth, i = 1, m.end()
    while i < len(text) and depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    params_text = text[m.end():i - 1]
    if "#" in params_text:
        params_text = _preprocess_params(params_text, macros)
    tparams = _template_head(tail.group(0)) if tail else ""
    return _Found(namespace + m.group(1), bool(tail), params_text, line, tparams)


def _template_head(tail: str) -> str:
    """The text inside a template head's balanced ``<...>``: a ``>`` past it, in a preprocessor line before
    ``__global__`` (CUDASW++4.0's ``#if __CUDA_ARCH__ >= 800`` ``__launch_bounds__(blocksize,2)``), is not the
    head's end, which a greedy match took it for (the last template parameter then read ``class P> #if ...``
    and was no type: a ``const int*`` instance's pointer parameter was refused as a struct)."""
    start = tail.index("<") + 1
    depth, paren = 1, 0
    for i in range(start, len(tail)):
        c = tail[i]
        paren += {"(": 1, ")": -1}.get(c, 0)
        if paren == 0 and c in "<>":
            depth += 1 if c == "<" else -1
            if depth == 0:
                return tail[start:i]
    return tail[start:]


_MACRO_HEAD = re.compile(r"[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)")


def _macro_args(text: str, i: int) -> tuple[list, int]:
    """The arguments of a function-like macro's use whose ``(`` ends just before ``i``, and the index past its ``)``."""
    depth, args, arg = 1, [], ""
    while i < len(text) and depth:
        c = text[i]
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth == 1 and c == ",":
            args.append(arg.strip())
            arg = ""
        elif depth:
            arg += c
        i += 1
    args.append(arg.strip())
    return args, i


def _substitute(params: list, body: str, args: list) -> str:
    """A function-like macro's body with its parameters replaced by a use's arguments (whole tokens), ``##`` pasted."""
    values = dict(zip(params, args))
    if params and params[-1] == "...":
        values = {**dict(zip(params[:-1], args)), "__VA_ARGS__": ", ".join(args[len(params) - 1:])}
    text = re.sub(r"\b[A-Za-z_]\w*\b", lambda t: values.get(t.group(0), t.group(0)), body)
    return re.sub(r"\s*##\s*", "", text)


def _expand_uses(text: str, macros: dict) -> str:
    """``text`` with each use of the function-like ``macros`` replaced by its body, one level."""
    if not macros:
        return text
    out, pos = [], 0
    for use in re.finditer(r"\b(" + "|".join(map(re.escape, macros)) + r")\s*\(", text):
        if use.start() < pos:
            continue
        args, end = _macro_args(text, use.end())
        out += [text[pos:use.start()], " ", _substitute(*macros[use.group(1)], args), " "]
        pos = end
    return "".join(out) + text[pos:]


def _macro_kernels(clean: str, walk: _Conditionals) -> list[_Found]:
    """Kernels a function-like macro's body declares, one set per use of the macro in the text the preprocessor
    keeps: dfdx's ``#define DROPOUT(TYPENAME, FWD, BWD) extern "C" __global__ void FWD(...) ...`` then
    ``DROPOUT(float, dropout_fwd_f32, dropout_bwd_f32);``. The body is expanded with the use's arguments (whole
    tokens; ``##`` pastes, ``__VA_ARGS__``), each kernel at the use's line, as NVRTC's line table has it. The
    function-like macros the body uses are expanded too (a few levels), and the text after the use, up to the
    next ``{`` or ``;``, is read with it: Bonsai's ``#define KERNEL_DECLARE(funcname) extern "C" __global__ void
    KERNEL_NAME(funcname)`` (``KERNEL_NAME(funcname)``: ``funcname``) declares ``KERNEL_DECLARE(get_Tnext)(const
    int n_bodies, ...) {``'s kernel get_Tnext, its parameter list the source's, after the use."""
    lines = clean.split("\n")
    macros, others = {}, {}
    for n, line in enumerate(lines):
        m = _MACRO_HEAD.match(line)
        if not m or not walk.kept[n]:
            continue
        body, k = line[m.end():], n
        while body.rstrip().endswith("\\") and k + 1 < len(lines):
            k += 1
            body = body.rstrip()[:-1] + " " + lines[k]
        params = [p.strip() for p in m.group(2).split(",") if p.strip()]
        (macros if "__global__" in body else others)[m.group(1)] = (params, body)
    out = []
    for name, (params, body) in macros.items():
        for use in re.finditer(r"\b" + name + r"\s*\(", clean):
            line = clean.count("\n", 0, use.start()) + 1
            if walk.directive[line - 1] or not walk.kept[line - 1]:
                continue
            args, i = _macro_args(clean, use.end())
            text = _substitute(params, body, args)
            for _ in range(4):                      # the macros the body names (KERNEL_NAME), a few levels
                expanded = _expand_uses(text, others)
                if expanded == text:
                    break
                text = expanded
            stop = re.compile(r"[{;]").search(clean, i)
            text += clean[i:stop.start() if stop else len(clean)]
            ns = _namespace_at(clean, use.start())
            out += [_declared(text, k, line, ns, {}) for k in _KERNEL.finditer(text)]
    return out


_SCOPE = re.compile(r"\bnamespace\s+([A-Za-z_][\w:]*)\s*\{|\{|\}")


def _namespace_at(clean: str, pos: int, macros: dict | None = None) -> str:
    """The named namespaces around ``pos`` as a qualifier (``N1::N2::``; anonymous ones add nothing): the
    name expression NVRTC needs for a kernel declared in one (``f2`` alone is not in scope there). A name that is
    an object-like macro is the macro's value (``macros``, those defined there: JAX's ``namespace
    JAX_GPU_NAMESPACE {`` with ``#define JAX_GPU_NAMESPACE cuda``)."""
    if "namespace" not in clean[:pos]:
        return ""
    stack = []
    for m in _SCOPE.finditer(clean, 0, pos):
        if m.group(0) == "}":
            if stack:
                stack.pop()
        else:
            stack.append(m.group(1) or "")
    if macros:
        stack = ["::".join(_macro_name(part, macros) for part in n.split("::")) for n in stack]
    return "".join(n + "::" for n in stack if n)


def _macro_name(name: str, macros: dict) -> str:
    """``name`` with object-like macros whose value is one identifier replaced, chains followed."""
    for _ in range(8):
        value = macros.get(name, "").strip()
        if not re.fullmatch(r"[A-Za-z_]\w*", value) or value == name:
            break
        name = value
    return name


_BUILTIN_ALIASES = {"uint": "unsigned int", "ushort": "unsigned short", "uchar": "unsigned char",
                    "ulong": "unsigned long", "std::size_t": "size_t", "std::ptrdiff_t": "ptrdiff_t",
                    "longlong": "long long", "ulonglong": "unsigned long long"}
_TYPEDEF = re.compile(r"\btypedef\s+((?:[A-Za-z_][\w:]*\s+)*?[A-Za-z_][\w:]*)\s+([A-Za-z_]\w*)\s*;")
# the type's words are separated by whitespace: with `\s*` between them a long name that is not followed by `;`
# (`using OPERATOR_GPU = modular_operation_gpu::BarrettOperations<T>;`) was split every way before failing
_USING = re.compile(r"\busing\s+([A-Za-z_]\w*)\s*=\s*([A-Za-z_][\w:]*(?:\s+[A-Za-z_][\w:]*)*)\s*;")


# an object-like macro whose whole replacement is a type name: PolyBench's `# define DATA_TYPE float`
_DEFINE_TYPE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+((?:[A-Za-z_]\w*[ \t]*){1,4})$", re.M)


# an enumeration's name: `enum E {`, `enum class E : short {`, `typedef enum {...} E;` (darknet's ACTIVATION)
_ENUM = re.compile(r"\benum\s+(?:class\s+|struct\s+)?([A-Za-z_]\w*)\s*(?::\s*((?:[A-Za-z_][\w:]*\s*)+?))?\s*\{")
_TYPEDEF_ENUM = re.compile(r"\btypedef\s+enum\s*(?:[A-Za-z_]\w*\s*)?(?::\s*((?:[A-Za-z_][\w:]*\s*)+?))?\s*"
                           r"\{[^{}]*\}\s*([A-Za-z_]\w*)\s*;")


def _active_text(clean: str, defines: dict) -> str:
    """The source with the lines its conditionals leave out blanked, as the preprocessor keeps them
    (``_walk_conditionals``: tridiagonalsolvers' ``#ifdef USE_DOUBLE #define T double #else #define T float
    #endif``)."""
    walk = _walk_conditionals(clean, _initial_macros(defines))
    return "\n".join(line if keep else " " * len(line) for line, keep in zip(clean.split("\n"), walk.kept))


def _type_aliases(src: str, defines: dict | None = None) -> dict:
    """Scalar type names a kernel signature may use: ``uint``, ``typedef unsigned int u32;``,
    ``using idx_t = long;``, ``#define DATA_TYPE float``, an enumeration (its fixed underlying
    type, else ``int``: NVVM passes an unscoped enum whose values fit as a ``.u32``, and an int
    is what a host passes for it) (pointer and struct typedefs, and macros that are not a
    scalar type's name, are left alone). Only the text the preprocessor keeps counts (``_active_text``;
    ``defines``: the options' macros)."""
    clean = _active_text(_strip_comments(src), defines or {})
    out = dict(_BUILTIN_ALIASES)
    for m in _ENUM.finditer(clean):
        out[m.group(1)] = " ".join((m.group(2) or "int").split())
    for m in _TYPEDEF_ENUM.finditer(clean):
        out[m.group(2)] = " ".join((m.group(1) or "int").split())
    for m in _TYPEDEF.finditer(clean):
        out[m.group(2)] = " ".join(m.group(1).split())
    for m in _USING.finditer(clean):
        out[m.group(1)] = " ".join(m.group(2).split())
    for m in _DEFINE_TYPE.finditer(clean):
        value = " ".join(m.group(2).split())
        if value in _SCALARS or value in out:
            out.setdefault(m.group(1), value)
    return out


def _template_aliases(tparams: str, expr: str) -> dict:
    """``template <class T, int B>`` instantiated as ``k<float, 256>``: {'T': 'float'}; a type parameter the
    instance leaves out takes its default (``class P = T*`` in ``k<float>``: {'T': 'float', 'P': 'float*'})."""
    args = _split_commas(expr[expr.index("<") + 1:expr.rindex(">")] if "<" in expr else "")
    out = {}
    for i, p in enumerate(_split_commas(tparams)):
        pm = re.fullmatch(r"\s*(?:class|typename)\s+([A-Za-z_]\w*)(?:\s*=(.*))?\s*", p, re.S)
        if not pm:
            continue
        if i < len(args):
            out[pm.group(1)] = " ".join(args[i].split())
        elif pm.group(2):
            # a parameter the instance leaves to its default, written in the parameters before it (sppark's
            # `class OutPtr = fr_t*` after `typename fr_t = typename Operation::T`): the default, those names
            # replaced by what they stand for, so that a pointer type stays one
            default = re.sub(r"^\s*(?:typename|class)\s+", "", pm.group(2))
            for name, value in out.items():
                default = re.sub(rf"\b{re.escape(name)}\b", lambda _m, v=value: v, default)
            out[pm.group(1)] = " ".join(default.split())
    return out


def _split_commas(text: str) -> list[str]:
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += {"(": 1, "<": 1, "[": 1, ")": -1, ">": -1, "]": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


_SCALARS = {
    "float": "float32", "double": "float64",
    "char": "int8", "signed char": "int8", "unsigned char": "uint8",
    "short": "int16", "short int": "int16", "signed short": "int16",
    "unsigned short": "uint16", "unsigned short int": "uint16",
    "int": "int32", "signed": "int32", "signed int": "int32",
    "unsigned": "uint32", "unsigned int": "uint32",
    "long": "int64", "long int": "int64", "unsigned long": "uint64", "unsigned long int": "uint64",
    "long long": "int64", "long long int": "int64", "signed long long": "int64",
    "unsigned long long": "uint64", "unsigned long long int": "uint64",
    "size_t": "uint64", "ptrdiff_t": "int64",
    "uintptr_t": "uint64", "intptr_t": "int64",      # an address as an integer (BMTrain's bf16 kernels, unseen240)
    "int8_t": "int8", "uint8_t": "uint8", "int16_t": "int16", "uint16_t": "uint16",
    "int32_t": "int32", "uint32_t": "uint32", "int64_t": "int64", "uint64_t": "uint64",
    "bool": "bool", "half": "float16", "__half": "float16",
    "void": None, "__nv_bfloat16": None,
}
_SPECIFIERS = ("signed", "unsigned", "short", "long", "int", "char")


def _canonical_builtin(base: str) -> str:
    """A built-in integer type's specifiers in the order _SCALARS spells them: C lets them come in any order
    (``long unsigned int`` is ``unsigned long``, ``int long`` is ``long``), ``signed`` is the default but for
    ``char`` (``signed long`` is ``long``), and ``int`` after ``short`` or ``long`` is optional (``unsigned long long
    int`` is ``unsigned long long``: tensor-episdet's declaration and the cast naming its overload, unseen229).
    Any other name is returned as it is."""
    words = base.split()
    if len(words) < 2 or not set(words) <= set(_SPECIFIERS):
        return base
    sign = [w for w in words if w in ("signed", "unsigned")]
    size = [w for w in words if w in ("short", "long")]
    kind = [w for w in words if w in ("int", "char")]
    if sign == ["signed"] and kind != ["char"] and (size or kind):
        sign = []
    if size and kind == ["int"]:
        kind = []
    return " ".join(sign + size + kind)


_VECTORS = {"float": "float32", "double": "float64", "int": "int32", "uint": "uint32",
            "char": "int8", "uchar": "uint8", "short": "int16", "ushort": "uint16",
            "long": "int64", "ulong": "uint64", "longlong": "int64", "ulonglong": "uint64",
            "half": "float16", "__half": "float16"}
_QUALIFIERS = {"const", "volatile", "__restrict__", "__restrict", "restrict", "struct",
               "__grid_constant__"}


@dataclass(frozen=True)
class Param:
    """One kernel parameter, parsed from the C signature.

    ``dtype`` is the numpy dtype of the pointee (pointers) or of the scalar; ``None``
    for types numpy cannot hold (structs, bf16). ``lanes`` is the vector width of
    CUDA vector types (``float4`` -> float32 with lanes=4). ``const`` is the
    pointee's const for pointers, the value's const for scalars. ``ptx_bytes`` and ``ptx_align``
    are the parameter's size and alignment as the PTX entry declares them (``.param .align 8 .b8
    p[32]``: 32 and 8), filled in by the compile (``Program``); a struct passed by value is checked
    against them (tilelab/structs.py).
    """
    name: str
    ctype: str
    pointer: bool
    const: bool
    dtype: np.dtype | None
    lanes: int = 1
    ptx_bytes: int | None = field(default=None, compare=False, repr=False)
    ptx_align: int | None = field(default=None, compare=False, repr=False)
    ptx_aggregate: bool | None = field(default=None, compare=False, repr=False)   # declared .b8 p[N]: a struct


_PTX_SIZES = {"b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "b32": 4, "u32": 4, "s32": 4,
              "f32": 4, "b64": 8, "u64": 8, "s64": 8, "f64": 8, "pred": 1}
_ENTRY_PARAM = re.compile(r"\.param\s+(?:\.ptr\s+(?:\.\w+\s+)*)?(?:\.align\s+(\d+)\s+)?\.(\w+)\s+"
                          r"(?:\.ptr\s+(?:\.\w+\s+)*)?(?:\.align\s+(\d+)\s+)?[\w$]+(?:\[(\d+)\])?")


def ptx_param_layouts(ptx: str, entry: str) -> list[tuple[int, int, bool]] | None:
    """``[(bytes, alignment, aggregate)]`` of the PTX entry's parameters, in order (None when the entry is not
    found); ``aggregate``: declared as a byte array (``.b8 p[N]``), as NVVM declares every struct and
    union passed by value (an enum is a ``.u32``)."""
    found = _entry_params(ptx, entry)
    if found is None:
        return None
    out = []
    for pm in found:
        size = _PTX_SIZES.get(pm.group(2))
        if size is None:
            return None
        n = int(pm.group(4)) if pm.group(4) else 1
        align = int(pm.group(1) or pm.group(3) or size)
        out.append((size * n, align, pm.group(2) == "b8" and pm.group(4) is not None))
    return out


_PTX_FLOATS = {"f32": np.dtype(np.float32), "f64": np.dtype(np.float64)}


def _entry_params(ptx: str, entry: str) -> list | None:
    """The PTX entry's ``.param`` declarations, in order, as ``_ENTRY_PARAM`` matches (group 2: the type name);
    None when the entry is not found."""
    m = re.search(r"\.entry\s+" + re.escape(entry) + r"\s*\(([^)]*)\)", ptx)
    return None if m is None else list(_ENTRY_PARAM.finditer(m.group(1)))


def with_ptx_layouts(params: list, ptx: str, entry: str) -> list:
    """``params`` with each one's PTX size and alignment (unchanged when the PTX says otherwise than
    the source: a count that differs is left to the launch's own checks). A by-value parameter whose type
    the source reading could not name takes the PTX's float type where it declares one: NVVM declares a
    float or double by value as ``.f32`` / ``.f64`` and nothing else so (InternImage's ``const opmath_t s``
    under ``#define opmath_t at::opmath_type<scalar_t>``, an alias template this reader does not follow)."""
    lay = ptx_param_layouts(ptx, entry) if isinstance(ptx, str) else None
    if not lay or len(lay) != len(params):
        return params
    types = [pm.group(2) for pm in _entry_params(ptx, entry)]
    out = []
    for p, (b, a, g), t in zip(params, lay, types):
        p = replace(p, ptx_bytes=b, ptx_align=a, ptx_aggregate=g)
        if not p.pointer and p.dtype is None and t in _PTX_FLOATS and not g:
            p = replace(p, dtype=_PTX_FLOATS[t])
        out.append(p)
    return out


def _alias_steps(base: str, aliases: dict):
    """Each type a name resolves to through the aliases (template arguments, typedefs, ``#define``), in turn."""
    for _ in range(8):                       # typedef chains, not cycles
        nxt = aliases.get(base)
        if nxt is None:     # `std::int32_t`; `ppl::cv::cuda::uchar`, a template argument spelled from outside its namespace
            nxt = aliases.get(re.sub(r"^(?:::\s*)?(?:[A-Za-z_]\w*\s*::\s*)+", "", base))
        if nxt is None or nxt == base:
            return
        yield nxt
        base = re.sub(r"^(const|volatile)\s+", "", nxt)


def _resolve(base: str, aliases: dict) -> str:
    for nxt in _alias_steps(base, aliases):
        base = re.sub(r"^(const|volatile)\s+", "", nxt)
    return base


def _alias_pointer(base: str, aliases: dict) -> tuple[bool, str, int] | None:
    """(pointee const, pointee type, stars) where a type name the aliases resolve is a pointer type itself:
    Bifrost's ``InType d_in`` as ``fdmt_init_kernel<const float*, float>``; None for any other name."""
    for nxt in _alias_steps(base, aliases):
        if "*" in nxt:
            head, _, tail = nxt.partition("*")
            words = head.split()
            pointee = " ".join(w for w in words if w not in _QUALIFIERS)
            return "const" in words, pointee, 1 + tail.count("*")
    return None


def _parse_param(text: str, index: int, aliases: dict | None = None) -> Param:
    t = re.sub(r"=.*$", "", text.strip(), flags=re.S)       # default arguments
    t = re.sub(r"\[\s*\]", "*", t)                             # float a[] -> float* a
    toks = re.findall(r"[A-Za-z_]\w*|\*|&|::|<[^>]*>", t)
    stars = [i for i, k in enumerate(toks) if k == "*"]
    ref = [i for i, k in enumerate(toks) if k == "&"]
    if ref and (not stars or ref[0] > stars[-1]):
        # `const float3& x`, `int& n`, `const float* const& p`: a reference parameter is passed as the address
        # (a .u64 in the PTX) of what it binds to, device memory; one more level of pointer
        stars = stars + ref[:1]
        toks = toks[:ref[0]] + ["*"] + toks[ref[0] + 1:]
    pointer = bool(stars)
    words = [k for k in toks if k not in ("*", "&")]
    names = [w for w in words if w not in _QUALIFIERS]
    # the last identifier is the name, unless the declaration is unnamed
    name = f"arg{index}"
    if len(names) >= 2 and (not stars or toks.index(names[-1]) > stars[-1]) \
            and not names[-1].startswith("<") \
            and _canonical_builtin(" ".join(names)) not in _SCALARS:      # `use_LES<false>`: unnamed
        name = names[-1]
        base_words = names[:-1]
    else:
        base_words = names
    if pointer:
        before = toks[:stars[0]]
        const = "const" in before
    else:
        const = "const" in toks
    # a qualified name's qualifiers (`std::int32_t`; `ppl::cv::cuda::uchar`, as a name expression spells a template
    # argument from outside the namespace: ppl.cv's morph2DKernel0<uchar3, ppl::cv::cuda::uchar, ...>) are no type of
    # their own: the type is the last name, which the aliases then resolve
    base = " ".join(w for i, w in enumerate(base_words)
                    if w != "std" and w != "::" and base_words[i + 1:i + 2] != ["::"])
    base = _canonical_builtin(re.sub(r"^std\s*", "", base))
    aliased = _alias_pointer(base, aliases) if aliases and not pointer and base not in _SCALARS else None
    if aliased:                              # the type name is a pointer type: the parameter is a pointer
        const, base, n = aliased
        pointer, stars = True, [None] * n
        base = _canonical_builtin(re.sub(r"^std\s*::\s*", "", base))
    dtype, lanes = None, 1
    if aliases and base not in _SCALARS:
        # an alias to a standard type spelled with its namespace (CUDASW++4.0's `using SequenceLengthT =
        # std::int32_t;`) is that type: the std:: the parameter's own spelling loses above, the alias's too
        base = _canonical_builtin(re.sub(r"^std\s*::\s*", "", _resolve(base, aliases)))
    if base in _SCALARS:
        dtype = _SCALARS[base]
    else:
        m = re.fullmatch(r"(__half|half|u?(?:char|short|int|long|longlong)|float|double)([1-4])", base)
        if m:
            dtype, lanes = _VECTORS.get(m.group(1)), int(m.group(2))
    ctype = ("const " if const else "") + base + ("*" * len(stars))
    return Param(name=name, ctype=ctype, pointer=pointer, const=const,
                 dtype=np.dtype(dtype) if dtype else None, lanes=lanes)


# an overload named as NVRTC's name expressions take it: the cast to its function pointer type,
# `static_cast<void (*)(int, float*)>(k)` or `(void (*)(int, float*))&k`
_OVERLOAD_CAST = re.compile(
    r"\s*(?:static_cast\s*<\s*(?P<t1>.*)>\s*\(\s*&?\s*(?P<n1>(?:::)?[A-Za-z_][\w:]*(?:\s*<[^()]*>)?)\s*\)"
    r"|\(\s*(?P<t2>.*)\)\s*&?\s*(?P<n2>(?:::)?[A-Za-z_][\w:]*(?:\s*<[^()]*>)?))\s*", re.S)
_FUNCTION_POINTER = re.compile(r"\s*void\s*\(\s*\*\s*\)\s*\((?P<args>.*)\)\s*", re.S)


def overload_cast(expr: str) -> tuple[str, str] | None:
    """(kernel name, parameter types text) of a name expression that selects one overload of a kernel by a
    cast to its function pointer type (GPU-LBMsim's four ``stream_collide_gpu``, told apart by the empty tag
    structs ``use_LES<bool>`` and ``use_MRT<bool>``), the name with its template arguments where it names an instance
    (``static_cast<void (*)(double *, ...)>(compute_coulomb_kernel<128>)``: Gauss-Legendre-Spherical-t, unseen89); None
    for any other expression."""
    m = _OVERLOAD_CAST.fullmatch(expr)
    if m is None:
        return None
    fm = _FUNCTION_POINTER.fullmatch(m.group("t1") if m.group("t1") is not None else m.group("t2"))
    if fm is None:
        return None
    return re.sub(r"\s+", "", (m.group("n1") or m.group("n2")).lstrip(":")), fm.group("args")


def instantiate_params(params_text: str, template_params: str, targs: str) -> str:
    """A template's parameter list with its template parameters replaced by an instance's arguments, token by token
    (``T *a, int n`` under ``typename T`` and ``<float>``: ``float *a, int n``), for matching an overload cast's
    types; parameters past the arguments given keep their names (defaults are not evaluated)."""
    names = [re.findall(r"[A-Za-z_]\w*", p.split("=")[0])[-1:] for p in _split_top(template_params)]
    values = dict(zip((n[0] for n in names if n), (a.strip() for a in _split_top(targs))))
    return re.sub(r"\b[A-Za-z_]\w*\b", lambda t: values.get(t.group(0), t.group(0)), params_text)


def template_takes(template_params: str, targs: str) -> bool:
    """Whether a template whose parameter list is ``template_params`` takes the arguments ``targs`` (the text inside
    an instance's ``<>``): no more than its parameters, no fewer than those without a default (a pack takes any)."""
    params = [p for p in _split_top(template_params) if p.strip()]
    n = len([a for a in _split_top(targs) if a.strip()])
    if any("..." in p for p in params):
        return n >= len(params) - 1
    required = sum(1 for p in params if "=" not in p)
    return required <= n <= len(params)


def overload_key(params_text: str, aliases: dict | None = None, unnamed: bool = False) -> tuple:
    """The parameter types of a declaration, names left out, as C++ tells overloads apart: a by-value
    parameter's own const does not count, a pointee's does; typedef names resolved (``_type_aliases``).
    ``unnamed``: a type list with no parameter names (a function pointer type's: ``const std::size_t``)."""
    if unnamed:
        params_text = ", ".join(f"{t} __p{i}" for i, t in enumerate(_split_top(params_text)) if t.strip())
    out = []
    for p in _parse_params(params_text, aliases):
        ctype = p.ctype if p.pointer else re.sub(r"^const\s+", "", p.ctype)
        out.append(re.sub(r"\s+", "", ctype))
    return tuple(out)


def _split_top(text: str) -> list[str]:
    """``text`` split at its top-level commas (not those inside <>, () or [])."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += 1 if ch in "(<[" else -1 if ch in ")>]" else 0
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    return parts + ([cur] if cur.strip() else [])


def _parse_params(text: str, aliases: dict | None = None) -> list[Param]:
    parts = _split_top(text)
    if len(parts) == 1 and parts[0].strip() == "void":
        return []
    return [_parse_param(p, i, aliases) for i, p in enumerate(parts)]
