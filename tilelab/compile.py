"""Compile learners' CUDA C++ with NVRTC, called directly through ctypes.

Why ctypes and not CuPy: CuPy's ``compile_using_nvrtc`` asks the driver for a
device even when the arch is given, and most learners have no GPU. NVRTC itself
needs neither a GPU nor a driver, and ships as a pip wheel.

One compiler serves both backends (DESIGN §3): the emulator runs the PTX built
here for ``compute_80``; the GPU runs that very PTX, assembled for the device's SM
by ptxas (``Program.cubin``, ``tilelab/assemble.py``), which also catches inline-asm
typos that PTX generation lets through. The SASS-aware counts (``emu/sass_model.py``)
read the same cubin.

Every source is prefixed with ``#line N "file"`` and compiled with
``-lineinfo``, so PTX ``.loc`` lines, NVRTC errors and emulator findings all
point at the learner's own cell lines.
"""
from __future__ import annotations

import ctypes
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .errors import CompileError
from .messages import msg

__all__ = [
    "compile_cuda", "kernel_from_file", "Program", "Kernel", "Param",
    "find_nvrtc", "available_nvrtc", "Nvrtc", "nvrtc_version",
    "find_nvdisasm", "sass_memory_mix", "PTX_ARCH",
]

PTX_ARCH = "compute_80"  # the emulator's fixed virtual arch: ldmatrix and mma exist
BASE_OPTIONS = ("-lineinfo", "--std=c++17")


# --------------------------------------------------------------------------------------
# Finding NVRTC
# --------------------------------------------------------------------------------------

def _site_dirs() -> list[Path]:
    """Every directory where pip wheels may have put ``nvidia/...``."""
    dirs: list[str] = []
    for key in ("purelib", "platlib"):
        try:
            dirs.append(sysconfig.get_paths()[key])
        except Exception:
            pass
    try:
        import site
        dirs += site.getsitepackages()
        dirs.append(site.getusersitepackages())
    except Exception:
        pass
    dirs += [p for p in sys.path if p]
    out, seen = [], set()
    for d in dirs:
        p = Path(d)
        if p.is_dir() and p.resolve() not in seen:
            seen.add(p.resolve())
            out.append(p)
    return out


_LIB_GLOBS = (
    # CUDA 12 wheel (nvidia-cuda-nvrtc-cu12)
    "nvidia/cuda_nvrtc/lib/libnvrtc.so.*",
    "nvidia/cuda_nvrtc/bin/nvrtc64_*.dll",
    # CUDA 13 wheel (nvidia-cuda-nvrtc) installs under nvidia/cu13
    "nvidia/cu1[3-9]/lib/libnvrtc.so.*",
    "nvidia/cu1[3-9]/bin/nvrtc64_*.dll",
    "nvidia/cu1[3-9]/bin/x86_64/nvrtc64_*.dll",
)
# CuPy has no NVRTC of its own: pip CuPy uses the wheels above (cupy-cuda12x[ctk]),
# conda CuPy uses conda's cuda-nvrtc in $CONDA_PREFIX/lib (see _toolkit_roots).


def _is_main_lib(p: Path) -> bool:
    n = p.name
    return "builtins" not in n and ".alt." not in n and not n.endswith(".alt.so")


def _toolkit_roots() -> list[Path]:
    roots = []
    for var in ("CUDA_PATH", "CUDA_HOME", "CUDA_ROOT"):
        v = os.environ.get(var)
        if v:
            roots.append(Path(v))
    # conda's cuda-nvrtc package (how conda-forge CuPy gets NVRTC): $PREFIX/lib
    for v in (os.environ.get("CONDA_PREFIX"),
              sys.prefix if (Path(sys.prefix) / "conda-meta").is_dir() else None):
        if v:
            roots += [Path(v), Path(v) / "Library"]
    roots.append(Path("/usr/local/cuda"))
    roots += sorted(Path("/usr/local").glob("cuda-*"), reverse=True)
    home = Path.home() / ".cupy" / "cuda_lib"
    if home.is_dir():
        roots += sorted(home.glob("*/*"), reverse=True)
    return roots


def _candidate_libs() -> list[Path]:
    """Candidate libnvrtc paths, in preference order: wheels, CuPy's, toolkits."""
    out: list[Path] = []
    for d in _site_dirs():
        for pat in _LIB_GLOBS:
            out += sorted(p for p in d.glob(pat) if _is_main_lib(p))
    for root in _toolkit_roots():
        for sub in ("lib64", "lib", "targets/x86_64-linux/lib", "targets/sbsa-linux/lib", "bin", "bin/x64"):
            dd = root / sub
            if dd.is_dir():
                out += sorted(p for p in dd.glob("libnvrtc.so.*") if _is_main_lib(p))
                out += sorted(p for p in dd.glob("nvrtc64_*.dll") if _is_main_lib(p))
    seen, uniq = set(), []
    for p in out:
        # versioned names (libnvrtc.so.12.9.86) and their links are the same lib
        r = p.resolve()
        if r not in seen:
            seen.add(r)
            uniq.append(p)
    return uniq


def _major_from_name(p: Path) -> int | None:
    m = re.search(r"libnvrtc\.so\.(\d+)", p.name) or re.search(r"nvrtc64_(\d\d)", p.name)
    if not m:
        return None
    v = m.group(1)
    return int(v[:2]) if p.name.startswith("nvrtc64") else int(v)


class Nvrtc:
    """One loaded libnvrtc: its path, version, and the header dirs that go with it."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._preload_builtins()
        mode = getattr(ctypes, "RTLD_GLOBAL", 0)
        try:
            lib = ctypes.CDLL(str(self.path), mode=mode)
        except OSError as e:
            raise CompileError(f"cannot load NVRTC from {self.path}: {e}") from None
        self.lib = lib
        P, I, S, C = ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t, ctypes.c_char_p
        PP = ctypes.POINTER(C)
        sig = {
            "nvrtcVersion": [ctypes.POINTER(I), ctypes.POINTER(I)],
            "nvrtcCreateProgram": [ctypes.POINTER(P), C, C, I, PP, PP],
            "nvrtcDestroyProgram": [ctypes.POINTER(P)],
            "nvrtcCompileProgram": [P, I, PP],
            "nvrtcGetPTXSize": [P, ctypes.POINTER(S)],
            "nvrtcGetPTX": [P, C],
            "nvrtcGetCUBINSize": [P, ctypes.POINTER(S)],
            "nvrtcGetCUBIN": [P, C],
            "nvrtcGetProgramLogSize": [P, ctypes.POINTER(S)],
            "nvrtcGetProgramLog": [P, C],
            "nvrtcAddNameExpression": [P, C],
            "nvrtcGetLoweredName": [P, C, PP],
        }
        for name, args in sig.items():
            f = getattr(lib, name)
            f.argtypes = args
            f.restype = I
        lib.nvrtcGetErrorString.argtypes = [I]
        lib.nvrtcGetErrorString.restype = C
        ma, mi = I(), I()
        self._check(lib.nvrtcVersion(ctypes.byref(ma), ctypes.byref(mi)), "nvrtcVersion")
        self.version = (ma.value, mi.value)
        self.major = ma.value
        self.include_dirs = _include_dirs_for(self.path, self.major)

    def _preload_builtins(self):
        """libnvrtc dlopens libnvrtc-builtins by name; load the one beside it first."""
        d = self.path.parent
        for pat in ("libnvrtc-builtins.so.*", "nvrtc-builtins64_*.dll"):
            for p in sorted(d.glob(pat)):
                if ".alt." in p.name:
                    continue
                try:
                    ctypes.CDLL(str(p), mode=getattr(ctypes, "RTLD_GLOBAL", 0))
                except OSError as e:
                    raise CompileError(f"cannot load NVRTC builtins {p}: {e}") from None
                return

    def _check(self, rc: int, what: str):
        if rc != 0:
            text = self.lib.nvrtcGetErrorString(rc)
            raise CompileError(f"{what} failed: {text.decode() if text else rc}")

    def __repr__(self):
        return f"Nvrtc({self.version[0]}.{self.version[1]}, {self.path})"


def _include_dirs_for(lib_path: Path, major: int) -> list[str]:
    """Dirs with cuda_fp16.h etc. NVRTC's builtins do not include them (12.9, 13.x);
    they come from the matching ``nvidia-cuda-runtime`` wheel or the toolkit."""
    env = os.environ.get("TILELAB_CUDA_INCLUDE")
    if env:
        return [d for d in env.split(os.pathsep) if d]
    lib_dir = lib_path.resolve().parent
    cands = [
        lib_dir.parent / "include",                       # nvidia/cu13/{lib,include}, toolkit lib64/../include
        lib_dir.parent.parent / "cuda_runtime" / "include",  # nvidia/cuda_nvrtc/lib -> nvidia/cuda_runtime/include
        lib_dir.parent.parent.parent / "include",          # toolkit targets/x86_64-linux/lib
    ]
    for d in _site_dirs():
        if major >= 13:
            cands.append(d / f"nvidia/cu{major}/include")
        else:
            cands.append(d / "nvidia/cuda_runtime/include")
    shims = [str(Path(__file__).resolve().parent / "include")]     # <stdio.h>, <assert.h> for NVRTC
    for d in cands:
        if (d / "cuda_fp16.h").is_file():
            return [str(d)] + _cccl_dirs(d, major) + _crt_dirs(d, major) + shims
    return shims


def _crt_dirs(runtime_include: Path, major: int) -> list[str]:
    """Where ``crt/mma.h`` is, which ``<mma.h>`` includes. The runtime wheels leave it out: the
    nvcc wheel has it (``nvidia/cuda_nvcc/include`` for CUDA 12, ``nvidia/cu13/include`` for 13,
    beside the runtime's headers when both are installed), else a toolkit of the same major.
    It goes after the runtime's directory, so only what that one lacks comes from it."""
    if (runtime_include / "crt" / "mma.h").is_file():
        return []
    cands = [runtime_include.parent.parent / "cuda_nvcc" / "include"]
    cands += [d / ("nvidia/cuda_nvcc/include" if major < 13 else f"nvidia/cu{major}/include") for d in _site_dirs()]
    for root in _toolkit_roots():
        inc = root / "include"
        ver = root / "version.json"
        if major >= 13 and ver.is_file() and f'"version" : "{major}.' not in ver.read_text(errors="replace") \
                and f'"version": "{major}.' not in ver.read_text(errors="replace"):
            continue
        cands.append(inc)
    return [str(d) for d in cands if (d / "crt" / "mma.h").is_file()][:1]


def _cccl_dirs(runtime_include: Path, major: int) -> list[str]:
    """CCCL's headers (``nv/target``, ``cuda/std``), which ``<cooperative_groups.h>`` needs.

    CUDA 12's come from the ``nvidia-cuda-cccl-cu12`` wheel (``nvidia/cuda_cccl/include``),
    CUDA 13's from ``nvidia-cuda-cccl`` (``nvidia/cu13/include/cccl``), or a toolkit's
    ``include/cccl`` (13) / ``include`` (12, already on the path).
    """
    cands = [runtime_include / "cccl", runtime_include.parent.parent / "cuda_cccl" / "include"]
    for d in _site_dirs():
        cands += [d / f"nvidia/cu{major}/include/cccl"] if major >= 13 else [d / "nvidia/cuda_cccl/include"]
    for d in cands:
        if (d / "nv" / "target").is_file():
            return [str(d)] if d != runtime_include else []
    return []


_LOADED: dict[Path, Nvrtc] = {}
_LOCK = threading.RLock()


def _load(path: Path) -> Nvrtc:
    with _LOCK:
        key = Path(path).resolve()
        if key not in _LOADED:
            _LOADED[key] = Nvrtc(path)
        return _LOADED[key]


def available_nvrtc() -> dict[int, Path]:
    """{major: path} of every NVRTC found, first found per major (wheels before toolkits)."""
    found: dict[int, Path] = {}
    for p in _candidate_libs():
        m = _major_from_name(p)
        if m is not None and m not in found:
            found[m] = p
    return dict(sorted(found.items()))


def find_nvrtc(major: int | None = None) -> Nvrtc:
    """Load NVRTC. ``TILELAB_NVRTC`` (a path, or a major version like ``13``) overrides.

    With no override and no ``major``, the lowest major found is used: a cubin built by
    an older NVRTC loads on a newer driver, not the other way round.
    """
    env = os.environ.get("TILELAB_NVRTC", "").strip()
    if env and major is None:
        if env.isdigit():
            major = int(env)
        else:
            return _load(Path(env))
    found = available_nvrtc()
    if major is not None:
        if major not in found:
            raise CompileError(
                f"NVRTC {major} not found (found: {sorted(found) or 'none'}); "
                f"pip install {'nvidia-cuda-nvrtc-cu12' if major == 12 else 'nvidia-cuda-nvrtc'}")
        return _load(found[major])
    if not found:
        raise CompileError("NVRTC not found: pip install nvidia-cuda-nvrtc-cu12 "
                           "(or set TILELAB_NVRTC to libnvrtc's path)")
    return _load(found[min(found)])


def nvrtc_version(major: int | None = None) -> tuple[int, int]:
    return find_nvrtc(major).version


def _resolve_nvrtc(nvrtc) -> Nvrtc:
    if isinstance(nvrtc, Nvrtc):
        return nvrtc
    if nvrtc is None or isinstance(nvrtc, int):
        return find_nvrtc(nvrtc)
    return _load(Path(nvrtc))


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
         r"|__maxnreg__\s*" + _PARENS + r"|__noinline__|__forceinline__|static|inline|extern)")
_KERNEL = re.compile(
    r"\b__global__\s+(?:" + _ATTR + r"\s*)*void\s+(?:" + _ATTR + r"\s*)*([A-Za-z_]\w*)\s*\(")
_TEMPLATE_TAIL = re.compile(r"template\s*<[^{};]*>\s*(?:" + _ATTR + r"\s*)*$")


@dataclass
class _Found:
    name: str
    template: bool
    params_text: str
    line: int  # 1-based line in the source
    template_params: str = ""   # the text inside `template <...>`, for a template kernel


def _find_kernels(src: str) -> list[_Found]:
    clean = _strip_comments(src)   # `extern "C"` becomes `extern` + blanks: still matches
    out = []
    for m in _KERNEL.finditer(clean):
        # the declaration's own head: back to the end of the previous declaration (a comment
        # header of any length in between is blanks here, so a fixed window would miss `template`)
        start = max(clean.rfind(c, 0, m.start()) for c in ";{}") + 1
        head = clean[start:m.start()]
        tail = _TEMPLATE_TAIL.search(head)
        is_template = bool(tail)
        # the balanced parameter list
        depth, i = 1, m.end()
        while i < len(clean) and depth:
            depth += {"(": 1, ")": -1}.get(clean[i], 0)
            i += 1
        params_text = clean[m.end():i - 1]
        tparams = re.match(r"template\s*<(.*)>", tail.group(0), re.S).group(1) if tail else ""
        out.append(_Found(m.group(1), is_template, params_text, clean.count("\n", 0, m.start()) + 1, tparams))
    return out


_BUILTIN_ALIASES = {"uint": "unsigned int", "ushort": "unsigned short", "uchar": "unsigned char",
                    "ulong": "unsigned long", "std::size_t": "size_t", "std::ptrdiff_t": "ptrdiff_t",
                    "longlong": "long long", "ulonglong": "unsigned long long"}
_TYPEDEF = re.compile(r"\btypedef\s+((?:[A-Za-z_][\w:]*\s+)*?[A-Za-z_][\w:]*)\s+([A-Za-z_]\w*)\s*;")
_USING = re.compile(r"\busing\s+([A-Za-z_]\w*)\s*=\s*((?:[A-Za-z_][\w:]*\s*)+?)\s*;")


def _type_aliases(src: str) -> dict:
    """Scalar type names a kernel signature may use: ``uint``, ``typedef unsigned int u32;``,
    ``using idx_t = long;`` (pointer and struct typedefs are left alone)."""
    clean = _strip_comments(src)
    out = dict(_BUILTIN_ALIASES)
    for m in _TYPEDEF.finditer(clean):
        out[m.group(2)] = " ".join(m.group(1).split())
    for m in _USING.finditer(clean):
        out[m.group(1)] = " ".join(m.group(2).split())
    return out


def _template_aliases(tparams: str, expr: str) -> dict:
    """``template <class T, int B>`` instantiated as ``k<float, 256>``: {'T': 'float'}."""
    args = expr[expr.index("<") + 1:expr.rindex(">")] if "<" in expr else ""
    out = {}
    for p, a in zip(_split_commas(tparams), _split_commas(args)):
        pm = re.fullmatch(r"\s*(?:class|typename)\s+([A-Za-z_]\w*)(?:\s*=.*)?\s*", p, re.S)
        if pm:
            out[pm.group(1)] = " ".join(a.split())
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
    "int8_t": "int8", "uint8_t": "uint8", "int16_t": "int16", "uint16_t": "uint16",
    "int32_t": "int32", "uint32_t": "uint32", "int64_t": "int64", "uint64_t": "uint64",
    "bool": "bool", "half": "float16", "__half": "float16",
    "void": None, "__nv_bfloat16": None,
}
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
    pointee's const for pointers, the value's const for scalars.
    """
    name: str
    ctype: str
    pointer: bool
    const: bool
    dtype: np.dtype | None
    lanes: int = 1


def _resolve(base: str, aliases: dict) -> str:
    for _ in range(8):                       # typedef chains, not cycles
        nxt = aliases.get(base)
        if nxt is None:
            nxt = aliases.get(re.sub(r"^std\s*::\s*", "", base))
        if nxt is None or nxt == base:
            return base
        base = re.sub(r"^(const|volatile)\s+", "", nxt)
    return base


def _parse_param(text: str, index: int, aliases: dict | None = None) -> Param:
    t = re.sub(r"=.*$", "", text.strip(), flags=re.S)       # default arguments
    t = re.sub(r"\[\s*\]", "*", t)                             # float a[] -> float* a
    toks = re.findall(r"[A-Za-z_]\w*|\*|&|::|<[^>]*>", t)
    stars = [i for i, k in enumerate(toks) if k == "*"]
    pointer = bool(stars)
    words = [k for k in toks if k not in ("*", "&")]
    names = [w for w in words if w not in _QUALIFIERS]
    # the last identifier is the name, unless the declaration is unnamed
    name = f"arg{index}"
    if len(names) >= 2 and (not stars or toks.index(names[-1]) > stars[-1]) \
            and " ".join(names) not in _SCALARS:
        name = names[-1]
        base_words = names[:-1]
    else:
        base_words = names
    if pointer:
        before = toks[:stars[0]]
        const = "const" in before
    else:
        const = "const" in toks
    base = " ".join(w for w in base_words if w != "std" and w != "::")
    base = re.sub(r"^std\s*", "", base)
    dtype, lanes = None, 1
    if aliases and base not in _SCALARS:
        base = _resolve(base, aliases)
    if base in _SCALARS:
        dtype = _SCALARS[base]
    else:
        m = re.fullmatch(r"(__half|half|u?(?:char|short|int|long|longlong)|float|double)([1-4])", base)
        if m:
            dtype, lanes = _VECTORS.get(m.group(1)), int(m.group(2))
    ctype = ("const " if const else "") + base + ("*" * len(stars))
    return Param(name=name, ctype=ctype, pointer=pointer, const=const,
                 dtype=np.dtype(dtype) if dtype else None, lanes=lanes)


def _parse_params(text: str, aliases: dict | None = None) -> list[Param]:
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    if len(parts) == 1 and parts[0].strip() == "void":
        return []
    return [_parse_param(p, i, aliases) for i, p in enumerate(parts)]


# --------------------------------------------------------------------------------------
# Program and Kernel
# --------------------------------------------------------------------------------------

@dataclass(eq=False)
class Kernel:
    """A ``__global__`` function of a compiled Program."""
    name: str
    entry: str                      # lowered (mangled) name, the PTX .entry
    params: list[Param]
    program: "Program" = field(repr=False)
    source: str = field(repr=False)
    filename: str = "<cell>"
    first_line: int = 1
    line: int = 0                   # line of the declaration, in the learner's numbering

    @property
    def ptx(self) -> str:
        return self.program.ptx

    def cubin(self, arch: str = "sm_90") -> bytes:
        return self.program.cubin(arch)

    def __repr__(self):
        sig = ", ".join(f"{p.ctype} {p.name}" for p in self.params)
        return f"<Kernel {self.name}({sig}) from {self.filename}:{self.line}>"


class Program:
    """The result of one NVRTC compile: PTX for ``compute_80`` and its kernels."""

    def __init__(self, *, source, filename, first_line, options, nvrtc, ptx, log, lowered, found):
        self.source = source
        self.filename = filename
        self.first_line = first_line
        self.options = tuple(options)
        self.nvrtc = nvrtc
        self.ptx = ptx
        self.log = log                  # warnings, mapped like errors ('' when clean)
        self._cubins: dict = {}             # arch -> assemble.Assembled
        self._sass: dict[str, str] = {}
        self._lock = threading.Lock()
        self.kernels: dict[str, Kernel] = {}
        aliases = _type_aliases(source)
        for f in found:
            if f.name in lowered:
                al = {**aliases, **_template_aliases(f.template_params, f.name)} if f.template_params else aliases
                self.kernels[f.name] = Kernel(
                    name=f.name, entry=lowered[f.name], params=_parse_params(f.params_text, al),
                    program=self, source=source, filename=filename, first_line=first_line,
                    line=f.line + first_line - 1)

    def kernel(self, name: str | None = None) -> Kernel:
        """The kernel called ``name``; with no name, the only kernel."""
        if name is None:
            if len(self.kernels) == 1:
                return next(iter(self.kernels.values()))
            raise CompileError(msg("errors.several_kernels", file=self.filename, n=len(self.kernels),
                                   names=", ".join(self.kernels)))
        if name not in self.kernels:
            have = ", ".join(self.kernels) or msg("errors.none")
            raise CompileError(msg("errors.no_kernel_named", file=self.filename, name=name, have=have))
        return self.kernels[name]

    __getitem__ = kernel

    def cubin(self, arch: str = "sm_90") -> bytes:
        """Machine code for ``arch`` (``sm_80``, ``sm_90``, ``90``...): ``self.ptx``, the very PTX
        the emulator runs, assembled by ptxas (``tilelab.assemble``)."""
        return self.assembled(arch).cubin

    def assembled(self, arch: str = "sm_90"):
        """The ``assemble.Assembled`` for ``arch``: cubin, ptxas's log, which tool made it."""
        arch = _norm_arch(arch)
        with self._lock:
            if arch not in self._cubins:
                from .assemble import AssemblerMissing, assemble
                try:
                    if int(re.sub(r"\D", "", arch)) < int(re.sub(r"\D", "", PTX_ARCH)):
                        # below sm_80 (T4, V100) the compute_80 PTX cannot be assembled: NVRTC
                        # compiles the source for that SM, as it did before (no SASS-aware counts there)
                        self._cubins[arch] = self._nvrtc_cubin(arch, "")
                    else:
                        try:
                            self._cubins[arch] = assemble(self.ptx, arch, self.nvrtc.version)
                        except AssemblerMissing as missing:
                            # no assembler for this PTX here: the GPU still runs, on NVRTC's own cubin of
                            # the source for that SM (as before the assembler: NVRTC's ptxas on the same
                            # PTX, one whole program); tool says so
                            self._cubins[arch] = self._nvrtc_cubin(arch, f": {missing}")
                except CompileError as e:
                    raise CompileError(self._map_ptxas(str(e), arch)) from None
            return self._cubins[arch]

    def _nvrtc_cubin(self, arch: str, why: str):
        """NVRTC's own cubin of the source for ``arch`` (where the emulator's PTX cannot be assembled)."""
        from .assemble import Assembled
        cub, log, _ = _nvrtc_compile(self.nvrtc, self.source, self.filename, self.first_line,
                                     self.options, f"-arch={arch}", list(self.kernels), want_cubin=True)
        v = self.nvrtc.version
        return Assembled(cub, log, f"NVRTC {v[0]}.{v[1]} (the source, for {arch}{why})", True)

    def ptxas_info(self, arch: str = "sm_90") -> str:
        """ptxas's report for ``arch`` (registers, spills, shared bytes, warnings), kernels by
        their source names."""
        text = self.assembled(arch).log
        for k in self.kernels.values():
            text = text.replace(k.entry, k.name)
        return text

    def _map_ptxas(self, log: str, arch: str) -> str:
        """ptxas reports PTX line numbers; map them through the PTX ``.loc`` lines to the
        learner's lines, name kernels by their source names, and drop repeats."""
        if "ptxas" not in log:
            return log
        ptx = self.ptx          # the PTX ptxas saw: the cubin is assembled from exactly this text
        files = {int(m.group(1)): _unabs(m.group(2), self.filename)
                 for m in _PTX_FILE_IDX.finditer(ptx)}
        where: list[tuple[str, int] | None] = []
        cur = None
        for ln in ptx.split("\n"):
            m = _PTX_LOC.match(ln)
            if m:
                cur = (files.get(int(m.group(1)), "?"), int(m.group(2))) if int(m.group(2)) else cur
            where.append(cur)
        names = {k.entry: k.name for k in self.kernels.values()}
        src_lines = self.source.split("\n")
        out, seen = [], set()
        for ln in log.split("\n"):
            for entry, name in names.items():
                ln = ln.replace(f"'{entry}'", f"'{name}'")
            m = re.match(r"ptxas (?:application ptx input|[^,]*\.ptx), line (\d+); (error|warning)\s*: (.*)", ln)
            if m:
                k = int(m.group(1)) - 1
                loc = where[k] if 0 <= k < len(where) else None
                text = f"{m.group(2)}: {m.group(3)} (ptxas, {arch})"
                if loc is None:
                    item = f"{self.filename}: {text}"
                else:
                    item = f"{loc[0]}:{loc[1]}: {text}"
                    i = loc[1] - self.first_line
                    if loc[0] == self.filename and 0 <= i < len(src_lines):
                        item += "\n    " + src_lines[i].strip()
            elif ln.startswith("ptxas fatal"):
                continue
            elif ln.startswith("ptxas"):
                item = f"{self.filename}: " + re.sub(r"^ptxas\s*(error|warning)\s*:\s*", r"\1: ", ln) \
                       + f" (ptxas, {arch})"
            else:
                item = ln
            if item.strip() and item not in seen:
                seen.add(item)
                out.append(item)
        return "\n".join(out)

    def sass(self, arch: str = "sm_90") -> str:
        """nvdisasm's listing of the cubin, with ``//## File "...", line N`` markers."""
        arch = _norm_arch(arch)
        cub = self.cubin(arch)
        with self._lock:
            if arch not in self._sass:
                self._sass[arch] = _disassemble(cub)
            return self._sass[arch]

    def __repr__(self):
        return (f"<Program {self.filename}: {', '.join(self.kernels) or 'no kernels'} "
                f"(NVRTC {self.nvrtc.version[0]}.{self.nvrtc.version[1]})>")


def _norm_arch(arch: str | int) -> str:
    a = str(arch).strip()
    if a.isdigit():
        a = "sm_" + a
    if not re.fullmatch(r"sm_\d+[a-z]?", a):
        raise CompileError(f"bad arch {arch!r}: expected e.g. 'sm_90'")
    return a


# --------------------------------------------------------------------------------------
# The NVRTC call
# --------------------------------------------------------------------------------------

_LOG_LOC = re.compile(r"^(.*?)\((\d+)\): (catastrophic error|error|warning|remark|note)", re.M)
_LOG_TRAILER = re.compile(r"^\s*(\d+ (catastrophic )?errors? detected in the compilation of .*|"
                          r"Compilation terminated\.)\s*$")


def _map_log(log: str, source: str, filename: str, first_line: int) -> str:
    """``cell(7): error: x`` -> ``cell:7: error: x``, keep the source-line excerpt NVRTC
    prints (adding it from the source when NVRTC could not), drop the trailer."""
    lines = [ln for ln in log.replace("\r\n", "\n").split("\n") if not _LOG_TRAILER.match(ln)]
    src_lines = source.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        m = _LOG_LOC.match(ln)
        if m:
            out.append(f"{m.group(1)}:{m.group(2)}: {m.group(3)}{ln[m.end():]}")
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if m.group(1) == filename and not (nxt.startswith("  ") and nxt.strip()):
                k = int(m.group(2)) - first_line
                if 0 <= k < len(src_lines):
                    out.append("    " + src_lines[k].rstrip())
        else:
            out.append(ln)
        i += 1
    while out and not out[-1].strip():
        out.pop()
    while out and not out[0].strip():
        out.pop(0)
    return "\n".join(out)


def _line_directive(filename: str, first_line: int) -> str:
    esc = filename.replace("\\", "\\\\").replace('"', '\\"')
    return f'#line {int(first_line)} "{esc}"\n'


def _nvrtc_compile(nv: Nvrtc, source: str, filename: str, first_line: int, options,
                   arch_opt: str, names: list[str], want_cubin: bool):
    """Returns (ptx_or_cubin, log, lowered)."""
    lib = nv.lib
    text = (_line_directive(filename, first_line) + source).encode()
    prog = ctypes.c_void_p()
    nv._check(lib.nvrtcCreateProgram(ctypes.byref(prog), text, filename.encode(), 0, None, None),
              "nvrtcCreateProgram")
    try:
        for n in names:
            nv._check(lib.nvrtcAddNameExpression(prog, n.encode()), "nvrtcAddNameExpression")
        opts = [arch_opt, *BASE_OPTIONS, *(f"-I{d}" for d in nv.include_dirs), *options]
        arr = (ctypes.c_char_p * len(opts))(*(o.encode() for o in opts))
        rc = lib.nvrtcCompileProgram(prog, len(opts), arr)
        size = ctypes.c_size_t()
        lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetProgramLog(prog, buf)
        log = _map_log(buf.value.decode(errors="replace"), source, filename, first_line)
        if rc != 0:
            if not log:
                text = lib.nvrtcGetErrorString(rc)          # NVRTC's own words (no local `msg`: the catalog's)
                log = f"{filename}: {text.decode() if text else 'compile failed'}"
            raise CompileError(log)
        lowered = {}
        for n in names:
            p = ctypes.c_char_p()
            if lib.nvrtcGetLoweredName(prog, n.encode(), ctypes.byref(p)) == 0 and p.value:
                lowered[n] = p.value.decode()
        if want_cubin:
            nv._check(lib.nvrtcGetCUBINSize(prog, ctypes.byref(size)), "nvrtcGetCUBINSize")
            out = ctypes.create_string_buffer(size.value)
            nv._check(lib.nvrtcGetCUBIN(prog, out), "nvrtcGetCUBIN")
            return out.raw[:size.value], log, lowered
        nv._check(lib.nvrtcGetPTXSize(prog, ctypes.byref(size)), "nvrtcGetPTXSize")
        out = ctypes.create_string_buffer(size.value)
        nv._check(lib.nvrtcGetPTX(prog, out), "nvrtcGetPTX")
        return _relative_files(out.value.decode(), filename), log, lowered
    finally:
        lib.nvrtcDestroyProgram(ctypes.byref(prog))


def _unabs(path: str, filename: str) -> str:
    """NVRTC writes a relative ``#line`` name as cwd/name in debug info; undo that so
    PTX ``.file`` and SASS line markers carry exactly the learner's filename."""
    if path == filename or os.path.isabs(filename):
        return path
    if path.endswith("/" + filename) or path.endswith("\\" + filename):
        return filename
    return path


_PTX_FILE_IDX = re.compile(r'^\s*\.file\s+(\d+)\s+"((?:\\.|[^"\\])*)"', re.M)
_PTX_LOC = re.compile(r"^\s*\.loc\s+(\d+)\s+(\d+)")
_PTX_FILE = re.compile(r'^(\s*\.file\s+\d+\s+)"((?:\\.|[^"\\])*)"', re.M)


def _relative_files(ptx: str, filename: str) -> str:
    esc = filename.replace("\\", "\\\\").replace('"', '\\"')
    return _PTX_FILE.sub(lambda m: m.group(1) + '"' + _unabs(m.group(2), esc) + '"', ptx)


_CACHE: "OrderedDict[str, Program]" = OrderedDict()
_CACHE_SIZE = 256


def compile_cuda(source, *, filename: str = "<cell>", first_line: int = 1,
                 options=(), name_expressions=(), nvrtc=None) -> Program:
    """Compile CUDA C++ to PTX for ``compute_80`` with line info; cached by content.

    ``source`` is the text (or a ``pathlib.Path``, whose name becomes ``filename``).
    ``name_expressions`` adds kernels the regex cannot see, e.g. ``"tiled<32>"`` for a
    template (this instantiates it). ``nvrtc`` picks the compiler: a major version
    (12, 13), a library path, or an ``Nvrtc``; default ``find_nvrtc()``.
    """
    if isinstance(source, Path):
        filename = str(source) if filename == "<cell>" else filename
        source = source.read_text()
    nv = _resolve_nvrtc(nvrtc)
    options = tuple(options)
    key = hashlib.sha256("\0".join(
        [str(nv.path), filename, str(first_line), *options, "|", *name_expressions, "|", source]
    ).encode()).hexdigest()
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]

    found = [f for f in _find_kernels(source) if not f.template]
    for expr in name_expressions:
        base = expr.split("<")[0].strip()
        tmpl = next((f for f in _find_kernels(source) if f.name == base), None)
        found.append(_Found(expr, False, tmpl.params_text if tmpl else "", tmpl.line if tmpl else 0,
                            tmpl.template_params if tmpl else ""))
    names = [f.name for f in found]
    ptx, log, lowered = _nvrtc_compile(nv, source, filename, first_line, options,
                                       f"-arch={PTX_ARCH}", names, want_cubin=False)
    if not found:
        raise CompileError(msg("errors.no_kernel", file=filename))
    prog = Program(source=source, filename=filename, first_line=first_line, options=options,
                   nvrtc=nv, ptx=ptx, log=log, lowered=lowered, found=found)
    with _LOCK:
        _CACHE[key] = prog
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return prog


def kernel_from_file(path, name: str | None = None, *, nvrtc=None, options=()) -> Kernel:
    """Compile a ``.cu`` file and return its kernel ``name`` (or its only kernel).
    ``#include "x.h"`` resolves next to the file."""
    p = Path(path)
    try:
        src = p.read_text()
    except OSError as e:
        raise CompileError(f"cannot read {p}: {e.strerror}") from None
    opts = (f"-I{p.resolve().parent}", *options)
    return compile_cuda(src, filename=str(path), options=opts, nvrtc=nvrtc).kernel(name)


# --------------------------------------------------------------------------------------
# SASS: nvdisasm from the nvidia-cuda-nvdisasm wheel
# --------------------------------------------------------------------------------------

def find_nvdisasm() -> str:
    """Path of nvdisasm: ``TILELAB_NVDISASM``, the pip wheel, a toolkit, or PATH."""
    env = os.environ.get("TILELAB_NVDISASM")
    if env:
        return env
    exe = "nvdisasm.exe" if os.name == "nt" else "nvdisasm"
    for d in _site_dirs():
        for pat in (f"nvidia/cu1*/bin/{exe}", f"nvidia/cuda_nvdisasm/bin/{exe}",
                    f"nvidia/cu1*/bin/*/{exe}"):
            hits = sorted(d.glob(pat), reverse=True)
            if hits:
                return str(hits[0])
    for root in _toolkit_roots():
        if (root / "bin" / exe).is_file():
            return str(root / "bin" / exe)
    w = shutil.which(exe)
    if w:
        return w
    raise CompileError("nvdisasm not found: pip install nvidia-cuda-nvdisasm")


def _sass_cache_file(exe: str, cubin: bytes) -> Path | None:
    """Where nvdisasm's listing of ``cubin`` is kept between processes (it takes ~0.5 s a cubin):
    ``$TILELAB_CACHE`` or ``~/.cache/tilelab``, keyed by the cubin and the nvdisasm binary."""
    try:
        st = os.stat(exe)
        root = Path(os.environ.get("TILELAB_CACHE") or Path.home() / ".cache" / "tilelab") / "sass"
    except (OSError, RuntimeError):
        return None
    key = hashlib.sha256(cubin + f"\0{exe}\0{st.st_size}\0{st.st_mtime_ns}".encode()).hexdigest()
    return root / f"{key}.txt"


def _disassemble(cubin: bytes) -> str:
    exe = find_nvdisasm()
    cached = _sass_cache_file(exe, cubin)
    try:
        if cached is not None and cached.is_file():
            return cached.read_text()
    except OSError:
        pass
    text = _run_nvdisasm(exe, cubin)
    if cached is not None:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(text)
            os.replace(tmp, cached)
        except OSError:
            pass                            # a read-only home: no cache, same listing
    return text


def _run_nvdisasm(exe: str, cubin: bytes) -> str:
    with tempfile.TemporaryDirectory(prefix="tilelab-") as td:
        f = os.path.join(td, "k.cubin")
        with open(f, "wb") as fh:
            fh.write(cubin)
        r = subprocess.run([exe, "-c", "-g", f], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise CompileError(f"nvdisasm failed: {r.stderr.strip() or r.stdout.strip()}")
    return r.stdout


_SASS_LINE = re.compile(r'//## File "([^"]*)", line (\d+)')
_SASS_LABEL = re.compile(r"\s*(\.L_x_\d+):")
_SASS_INSTR = re.compile(r"/\*[0-9a-f]{4,}\*/\s+(@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_]*)((?:\.[A-Z0-9_]+)*)")
_MEM_OPS = {"LDS", "STS", "LDG", "STG", "LDSM", "STSM", "LDGSTS", "LD", "ST", "LDL", "STL",
            "ATOMS", "ATOMG", "ATOM", "RED", "REDG"}


def _mem_key(op: str, mods: str) -> str:
    parts = [m for m in mods.split(".") if m]
    if op == "LDSM":
        n = parts[-1] if parts and parts[-1] in ("1", "2", "4") else "1"
        return f"LDSM.x{n}" + (".T" if any(p.startswith("MT") for p in parts) else "")
    width = ""
    for p in parts:
        if p in ("64", "128"):
            width = "." + p
        elif p in ("U8", "S8"):
            width = ".8"
        elif p in ("U16", "S16"):
            width = ".16"
    return op + width


def entry_sass(text: str, entry: str) -> str:
    """The part of a SASS listing that is kernel ``entry``'s function (all of it if not found)."""
    start = text.find(f".text.{entry}:")
    if start < 0:
        return text
    end = text.find("//--------------------- ", start)
    return text[start:end if end > 0 else len(text)]


def kernel_sass(program: Program, arch: str, entry: str) -> str:
    """The part of ``program.sass(arch)`` that is kernel ``entry``'s function."""
    return entry_sass(program.sass(arch), entry)


def sass_instructions(text: str, filename: str = ""):
    """Each instruction of a SASS listing, in address order, as ``((file, line), predicate,
    opcode, modifiers)``: the source line is the last ``//## File`` comment before it."""
    for ins in sass_listing(text, filename):
        yield ins.where, ins.pred, ins.op, ins.mods


@dataclass(frozen=True)
class SassLine:
    """One instruction of a SASS listing: its address, source line, predicate (``"@!P0"``, or
    ``""``), opcode, modifiers (``".U32.AND"``), operand text and the labels that name it."""
    addr: int
    where: tuple
    pred: str
    op: str
    mods: str
    operands: str
    labels: tuple = ()


def sass_listing(text: str, filename: str = ""):
    """Each instruction of a SASS listing, in address order, as a ``SassLine`` (the one walker
    that ``sass_instructions`` and emu/sass_replay.py read)."""
    where = ("", 0)
    labels: list = []
    for ln in text.splitlines():
        m = _SASS_LINE.search(ln)
        if m:
            where = (_unabs(m.group(1), filename), int(m.group(2)))
            continue
        m = _SASS_INSTR.search(ln)
        if m:
            rest = ln[m.end():]
            yield SassLine(int(m.group(0)[2:m.group(0).index("*/")], 16), where, (m.group(1) or "").strip(),
                           m.group(2), m.group(3), rest.split(";", 1)[0].strip(), tuple(labels))
            labels = []
            continue
        m = _SASS_LABEL.match(ln)
        if m:
            labels.append(m.group(1))


def sass_memory_mix(program: Program, arch: str = "sm_90",
                    entry: str | None = None) -> dict[tuple[str, int], dict[str, int]]:
    """Memory instructions per source line in the SASS: ``{(file, line): {"LDS": n,
    "LDS.128": n, "STS": n, "LDG.128": n, "LDSM.x4": n, ...}}``.

    Keys are the opcode plus its access width (``.8 .16 .64 .128``; 32-bit has none);
    ``LDSM.xN`` is an N-matrix ldmatrix (``.T`` if transposed). Instructions with no
    line info go under ``("", 0)``. This shows what ptxas merged or vectorised.
    ``entry`` (a kernel's lowered name) keeps that kernel's function only.
    """
    mix: dict[tuple[str, int], dict[str, int]] = {}
    text = program.sass(arch) if entry is None else kernel_sass(program, arch, entry)
    for where, pred, op, mods in sass_instructions(text, program.filename):
        if op in _MEM_OPS and pred != "@!PT":    # `@!PT LDS RZ, [RZ]` is ptxas padding that never runs
            key = _mem_key(op, mods)
            d = mix.setdefault(where, {})
            d[key] = d.get(key, 0) + 1
    return mix
