"""A whole ``.cu`` file's host side, left to the CPU as nvcc leaves it: blanked, line for line, for NVRTC.

nvcc compiles a ``.cu`` file twice, for the CPU and the GPU: a function with no execution space (``main``, a
timing helper) and the C++ library's host headers (``<iostream>``, ``<vector>``) are the CPU's. NVRTC compiles device
code only and has neither, so a cell or a public file pasted whole ("as it came") stopped at its first host line.
``device_part`` is what nvcc's device pass keeps: every namespace-scope function *definition* that is neither
``__global__`` nor ``__device__`` blanked (``constexpr`` ones kept; class bodies kept whole), and every ``#include`` of
a host-only header of the C++ library or POSIX. Lines stay where they were, so messages name the cell's lines.
compile_cuda (program.py) takes it only on the way to an error: when NVRTC cannot open a host-only header the source
includes, or when its ``-default-device`` retry still fails; a device call to a blanked function is then nvcc's
refusal, named as such. bench/frontend_sweep.py uses it for its sweep of public files.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

def mask(src: str) -> str:
    """``src`` with comments, string and character literals and preprocessor lines replaced by spaces (newlines
    kept), so braces and parentheses can be counted."""
    out = list(src)
    i, n = 0, len(src)
    line_start = True
    while i < n:
        c = src[i]
        if line_start and c in " \t":
            i += 1
            continue
        if line_start and c == "#":                     # a directive, with its continuations
            j = i
            while j < n and src[j] != "\n":
                if src[j] == "\\" and j + 1 < n and src[j + 1] == "\n":
                    j += 2
                    continue
                if src.startswith("/*", j):
                    k = src.find("*/", j + 2)
                    j = n if k < 0 else k + 2
                    continue
                j += 1
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
            continue
        line_start = False
        if c == "\n":
            line_start = True
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif c in "\"'":
            m = re.match(r'R"([^(\s]*)\(', src[i:]) if c == '"' and i > 0 and src[i - 1] == "R" else None
            if m:
                end = src.find(")" + m.group(1) + '"', i)
                j = n if end < 0 else end + len(m.group(1)) + 2
            else:
                j = i + 1
                while j < n and src[j] != c and src[j] != "\n":
                    j += 2 if src[j] == "\\" else 1
                j += 1
            for k in range(i + 1, min(j, n) - 1):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        else:
            i += 1
    return "".join(out)


#: the C++ standard library's host-only headers (and POSIX's): no device code can use them; the suites leave them out
#: with the host code, and so does the device part (the C headers with device functions, <stdlib.h>, <string.h>,
#: <time.h>, <cstdio>..., are kept)
HOST_HEADERS = ("iostream", "fstream", "sstream", "iomanip", "ostream", "istream", "ios", "vector", "string", "map",
                "unordered_map", "set", "unordered_set", "list", "deque", "queue", "stack", "chrono", "thread",
                "mutex", "atomic", "future", "condition_variable", "random", "functional", "algorithm", "numeric",
                "memory", "exception", "stdexcept", "system_error", "filesystem", "regex", "bitset", "valarray",
                "unistd.h", "sys/time.h", "sys/resource.h", "omp.h", "mpi.h", "pthread.h", "sys/mman.h",
                "sys/socket.h", "sys/wait.h", "sys/un.h", "sys/ipc.h", "sys/shm.h", "netinet/in.h", "arpa/inet.h",
                "netdb.h", "semaphore.h", "spawn.h", "windows.h", "process.h", "csignal", "signal.h", "ctype.h",
                "cctype", "getopt.h", "sys/stat.h", "fcntl.h", "dirent.h", "cerrno", "errno.h", "cfenv", "fenv.h",
                "cstdarg", "stdarg.h", "complex", "locale", "clocale", "typeinfo", "sys/utsname.h", "strings.h",
                "cuda_profiler_api.h", "cudaProfiler.h", "GL/gl.h", "GL/glu.h", "GL/glew.h", "GL/glut.h",
                "GL/freeglut.h", "EGL/egl.h", "EGL/eglext.h", "cuda_gl_interop.h", "cuda_egl_interop.h", "cudaGL.h",
                "cudaEGL.h", "cuda_vdpau_interop.h")
_HOST_INCLUDE = re.compile(r"^[ \t]*#[ \t]*include[ \t]*<(" + "|".join(re.escape(h) for h in HOST_HEADERS) + r")>.*$",
                           re.M)
_TRANSPARENT = re.compile(r'^\s*(?:(?:inline\s+)?namespace\b[\w\s:]*|extern\s+"[^"]*"\s*)$')   # masked: "C" is " "
_AGGREGATE = re.compile(r"\b(?:struct|class|union|enum)\b")
_DEVICE = re.compile(r"\b(?:__global__|__device__)\b")


def _blank(out: list, start: int, end: int):
    """``out[start:end]`` (a source as a list of characters) blanked, line for line: every line keeps its number."""
    for k in range(start, min(end, len(out))):
        if out[k] != "\n":
            out[k] = " "


def _without_template_head(flat: str) -> str:
    """A declaration's head without its leading ``template <...>`` lists (nested angle brackets included)."""
    while flat.startswith("template"):
        i = flat.find("<")
        if i < 0 or flat[len("template"):i].strip():
            return flat
        depth = 0
        for j in range(i, len(flat)):
            depth += {"<": 1, ">": -1}.get(flat[j], 0)
            if depth == 0:
                break
        else:
            return flat
        flat = flat[j + 1:].lstrip()
    return flat


@dataclass(frozen=True)
class HostPart:
    """What ``host_part`` left to the CPU."""
    device: str                      # the source, host part blanked, line for line
    removed: list                    # each blanked include and function head, as written (a function's first 120 chars)
    functions: dict                  # a blanked function's name -> the line its definition starts on (1-based)


def device_part(src: str) -> tuple[str, list[str]]:
    """(``src`` with every namespace-scope function definition that is neither ``__global__`` nor ``__device__``
    blanked, line for line, and every ``#include`` of a host-only header (HOST_HEADERS); what was blanked: the
    functions' headers and the includes)."""
    hp = host_part(src)
    return hp.device, hp.removed


def host_part(src: str) -> HostPart:
    """``device_part``, with the blanked functions' names and lines."""
    functions: dict[str, int] = {}
    removed: list[str] = [f"#include <{m.group(1)}>" for m in _HOST_INCLUDE.finditer(src)]
    src = _HOST_INCLUDE.sub(lambda m: " " * len(m.group(0)), src)
    masked = mask(src)
    out = list(src)
    for start, end, head, body in _statements(masked):
        flat = " ".join(head.split())
        sig = _without_template_head(flat)      # `template <class T>` names no aggregate, `typename U = int` no value
        is_function = (body is not None and "(" in sig and ")" in sig and not _AGGREGATE.search(sig.split("(")[0])
                       and "=" not in sig.split("(")[0] and not sig.rstrip().endswith("="))
        if not is_function or _DEVICE.search(flat) or re.search(r"\bconstexpr\b", flat):
            continue
        brace = start + len(head)
        while start < brace and masked[start] in " \t\n":   # (directives and comments before it are masked:
            start += 1                                      #  they are not the function's, and stay)
        removed.append(" ".join(masked[start:brace].split())[:120])
        name = re.search(r"([A-Za-z_]\w*)\s*$", flat.split("(")[0])
        if name:
            functions.setdefault(name.group(1), masked.count("\n", 0, start) + 1)
        _blank(out, start, end)
    if functions:                   # an explicit instantiation of a blanked template goes with it
        for start, end, head, body in _statements(masked):
            m = _INSTANTIATION.match(" ".join(head.split()))
            if body is None and m and m.group(1) in functions:
                while start < end and masked[start] in " \t\n":
                    start += 1
                removed.append(" ".join(masked[start:end].split())[:120])
                _blank(out, start, end)
    return HostPart("".join(out), removed, functions)


#: ``template void reduce<int>(...)`` / ``extern template ...``: an explicit instantiation, and the name it instantiates
_INSTANTIATION = re.compile(r"^(?:extern\s+)?template\s+(?!<)[^(]*?\b([A-Za-z_]\w*)\s*(?:<[^(]*>)?\s*\(")


_AGGREGATE_NAME = re.compile(r"\b(?:struct|class|union)\s+(?:__align__\s*\(\s*\d+\s*\)\s*|alignas\s*\(\s*\d+\s*\)\s*)*"
                             r"([A-Za-z_]\w*)")
_WORD = re.compile(r"[A-Za-z_]\w*")
_SPACES = re.compile(r"\b(?:__constant__|__shared__|__managed__|__grid_constant__)\b")


def _statements(masked: str):
    """Namespace-scope declarations of ``masked``: (start, end, head, body or None), ``end`` past its ``;`` (or
    its closing brace, for a function body); namespaces and ``extern "C"`` blocks are entered, not returned."""
    i, n, stmt = 0, len(masked), 0
    while i < n:
        c = masked[i]
        if c == ";":
            yield stmt, i + 1, masked[stmt:i], None
            stmt = i = i + 1
        elif c == "}":
            stmt = i = i + 1
        elif c == "{":
            head = masked[stmt:i]
            if _TRANSPARENT.match(head.replace("\n", " ")):
                stmt = i = i + 1
                continue
            depth, j = 0, i
            while j < n:
                depth += {"{": 1, "}": -1}.get(masked[j], 0)
                if depth == 0:
                    break
                j += 1
            end = j + 1
            k = end
            while k < n and masked[k] in " \t\n":
                k += 1
            is_aggregate = bool(_AGGREGATE.search(head)) and "(" not in head.split("{")[0].replace("__align__(", "")
            if is_aggregate and k < n and masked[k] != ";":     # `struct S {...} s, t;` declares more: up to the ;
                k = masked.find(";", k)
                k = n - 1 if k < 0 else k
            yield stmt, (k + 1 if is_aggregate and k < n else end), head, masked[i:end]
            stmt = i = (k + 1 if is_aggregate and k < n else end)
        else:
            i += 1


def _alias_name(flat: str) -> str | None:
    """The name ``typedef T Name``, ``typedef R (*Name)(...)`` or ``using Name = T`` declares (None for ``using
    namespace`` and ``using std::swap``)."""
    if flat.startswith("using"):
        m = re.match(r"using\s+([A-Za-z_]\w*)\s*=", flat)
        return m.group(1) if m else None
    m = (re.search(r"\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*\(", flat)               # typedef R (*Name)(...)
         or re.search(r"([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*$", flat))
    return m.group(1) if m and m.group(1) != "typedef" else None


def _declared_name(flat: str, body) -> str | None:
    """The name a namespace-scope declaration declares, for the kinds ``unused_host_declarations`` may take out."""
    flat = _without_template_head(flat)            # `template <class T> class Cmp`: Cmp, not T
    if body is None and flat.startswith(("typedef", "using")):
        return _alias_name(flat)
    if body is not None:
        if _AGGREGATE.search(flat) and "(" not in flat.replace("__align__(", ""):
            m = _AGGREGATE_NAME.search(flat)
            return m.group(1) if m else None
        return None
    lead = flat.split("(")[0]
    if "(" in flat and "=" not in lead and not _AGGREGATE.search(lead):        # a function declared, not defined
        m = re.search(r"([A-Za-z_]\w*)\s*$", lead)
        return m.group(1) if m and m.group(1) != "operator" else None
    if flat.startswith(("template", "static_assert", "namespace", "struct", "class", "union", "enum")):
        return None
    m = re.search(r"([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*(?:=.*)?$", flat)      # a variable: `extern T chunk;`
    return m.group(1) if m and len(flat.split()) > 1 else None


_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)(?:\([^)]*\))?((?:[^\n\\]|\\.)*(?:\\\n(?:[^\n\\]|\\.)*)*)", re.M)


def _macros(text: str) -> list[tuple[str, str]]:
    """(name, body) of ``text``'s ``#define`` lines: a name a macro's body writes is used wherever the macro is
    (TeaLeaf's ``CUDA_PACK_KERNEL_FUNC_DEF`` declares kernels taking a ``kernel_info_t``)."""
    return [(m.group(1), m.group(2)) for m in _DEFINE.finditer(text)] if "define" in text else []


def unused_host_declarations(src: str, elsewhere: str = "") -> tuple[str, list[str]]:
    """``src`` (a device part) with the namespace-scope declarations no other line names blanked, line for line: a
    struct, class or union with no ``__device__`` or ``__global__`` in it (a class template's specialisations with
    it), a function declared (not defined), a type alias (``typedef pthread_t CUTThread;``) and a variable declared
    with neither (nor ``__constant__``, ``__shared__``, ``__managed__``). No device code can use a
    name it never writes, so this leaves device code as it was; what it takes out is the host side's types,
    prototypes and variables that need the C++ library (gpu-benches' MeasurementSeries sorting a std::vector,
    TeaLeaf's class of std::map members and its `extern` instance, lodepng's std::vector overloads, a Matrix Market
    reader's FILE* prototypes). Overloads go together; repeated while it finds more (a class only another named).
    ``elsewhere``: the text of the program's other files (its source, its other headers), whose words are uses too: a
    type one header declares and another's kernels name stays (TeaLeaf's ``kernel_info_t``)."""
    removed: list[str] = []
    other = mask(elsewhere) if elsewhere else ""
    macros = _macros(src) + _macros(elsewhere)
    for _ in range(8):
        masked = mask(src)
        words: dict[str, int] = {}
        for m in _WORD.finditer(masked + "\n" + other):
            words[m.group(0)] = words.get(m.group(0), 0) + 1
        for name, body in macros:                   # a macro the code still uses: its body's names are used
            if name in words:
                for m in _WORD.finditer(body):
                    words[m.group(0)] = words.get(m.group(0), 0) + 1
        found: dict[str, list] = {}
        for start, end, head, body in _statements(masked):
            flat = " ".join(head.split())
            if (not flat or _DEVICE.search(flat) or _SPACES.search(flat) or (body and _DEVICE.search(body))
                    or (body is not None and flat.startswith(("typedef", "using")))):
                continue
            name = _declared_name(flat, body)
            if not name:
                continue
            own = sum(1 for w in _WORD.finditer(masked[start:end]) if w.group(0) == name)
            while start < end and masked[start] in " \t\n":
                start += 1
            found.setdefault(name, []).append((start, end, own, flat[:120]))
        cut = []
        for name, decls in found.items():
            if words.get(name, 0) == sum(d[2] for d in decls):      # every mention is one of these declarations
                cut += [(s, e) for s, e, _, _ in decls]
                removed += [f for _, _, _, f in decls]
        if not cut:
            break
        out = list(src)
        for s, e in cut:
            _blank(out, s, e)
        src = "".join(out)
    return src, removed


#: NVRTC stopping on a host-only header (a whole .cu file, whose host side nvcc would compile for the CPU)
_HOST_HEADER_MISSING = re.compile(r'cannot open source file "(?:' + "|".join(re.escape(h) for h in HOST_HEADERS) + r')"')


def stops_on_host_header(log: str) -> bool:
    return bool(_HOST_HEADER_MISSING.search(log))


@dataclass(frozen=True)
class HostSide:
    """What compile_cuda left to the CPU so far: the source and its own headers (in memory, by include name) as
    NVRTC gets them, what was blanked, and whether the second step (``unused_host_declarations``) was taken."""
    source: str
    headers: dict
    removed: list
    functions: dict
    deep: bool = False

    def left_out(self) -> str:
        """A short list of what was left out, for the note after an error that remains."""
        left = [r if r.startswith("#include") else r.split("(")[0].split()[-1] + ("()" if "(" in r else "")
                for r in self.removed] + [f'"{n}"' for n in self.headers]
        return ", ".join(left[:4]) + (", ..." if len(left) > 4 else "")


def leave_host_side(source: str, headers, taken: HostSide | None) -> HostSide | None:
    """The next step of leaving a file's host side to the CPU, or None when there is none that changes anything:
    first the host part (``host_part``) of ``source`` and of each of its own ``headers`` (local_includes.Header);
    then, on top of that, the declarations no other line names (``unused_host_declarations``)."""
    if taken is None:
        part = host_part(source)
        hdrs = {h.name: d for h in headers if h.name and (d := host_part(h.text).device) != h.text}
        if part.device == source and not hdrs:
            return None
        return HostSide(part.device, hdrs, part.removed, part.functions)
    if taken.deep:
        return None
    # one program: a name any file's remaining text writes stays; rounds until none cuts more (util.h's host class
    # names lodepng::decode, so png.h's std::vector overloads go only once that class has gone)
    texts = {None: source, **{h.name: taken.headers.get(h.name, h.text) for h in headers if h.name}}
    more: list[str] = []
    for _ in range(8):
        changed = False
        for name, now in list(texts.items()):
            rest = "\n".join(t for n, t in texts.items() if n != name)
            new, cut = unused_host_declarations(now, rest)
            if new != now:
                texts[name], changed = new, True
                if name is None:
                    more += cut
        if not changed:
            break
    src = texts.pop(None)
    on_disk = {h.name: h.text for h in headers if h.name}
    hdrs = dict(taken.headers)
    hdrs.update({n: t for n, t in texts.items() if t != taken.headers.get(n, on_disk[n])})
    if src == source and hdrs == taken.headers:
        return None
    return HostSide(src, hdrs, taken.removed + more, taken.functions, deep=True)
