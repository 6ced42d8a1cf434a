"""The NVRTC binding: libnvrtc loaded through ctypes (``Nvrtc``, ``find_nvrtc``) and the
one call that compiles a source with it (``_nvrtc_compile``), its log mapped to the learner's lines."""
from __future__ import annotations

import ctypes
import os
import re
from pathlib import Path

from ..errors import CompileError
from ..messages import msg
from .discover import NVRTC_LIB, _include_dirs_for

BASE_OPTIONS = ("-lineinfo", "--std=c++17")
#: NVRTC names a source's internal-linkage symbols (a namespace-scope constexpr, an anonymous namespace) after the
#: process id (`_INTERNAL_..._cu_dda0cac2_5060...`), and NVVM's code can differ with that name's length: the same
#: kernel built in two processes had 12 or 13 shared loads on one line (fast-transformers' lmha_kernel<48, 1>, one
#: process in six). A fixed seed names them the same in every process (tests/test_nvrtc_seed.py); NVVM still numbers
#: registers differently in about one process in ten, with the same instructions in the runs compared since
SEED_OPTION = "-frandom-seed=0"

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



def _load(path: Path) -> Nvrtc:
    return NVRTC_LIB.load(path, Nvrtc)


def available_nvrtc() -> dict[int, Path]:
    """{major: path} of every NVRTC found, first found per major (wheels before toolkits)."""
    return NVRTC_LIB.by_major()


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


_DIAGNOSTIC = re.compile(r"^(.*?):(\d+): (catastrophic error|error|warning|remark|note)\b")


def _errors_first(log: str, filename: str) -> str:
    """A failed compile's log as a learner reads it best: its errors before its warnings (NVRTC prints them in source
    order, so an unused variable's warning came first), and an error's notes on candidate overloads in CUDA's own
    headers ("function atomicAdd(__half *, __half) does not match ...", a dozen for one atomicAdd(size_t *, int))
    counted in one line; notes on the learner's own file are kept."""
    blocks: list[list[str]] = [[]]
    for ln in log.split("\n"):
        m = _DIAGNOSTIC.match(ln)
        if m and m.group(3) != "note":
            blocks.append([ln])
        else:
            blocks[-1].append(ln)
    head, blocks = blocks[0], blocks[1:]
    out = []
    for b in blocks:
        kept, elided, skipping = [], 0, False
        for ln in b:
            m = _DIAGNOSTIC.match(ln)
            if m and m.group(3) == "note":
                skipping = m.group(1) != filename and "does not match" in ln
                elided += skipping
            if not skipping:
                kept.append(ln)
        if elided:
            kept.append(msg("errors.overloads_elided", n=elided))
        out.append(kept)
    is_error = [bool(re.search(r": (catastrophic )?error\b", b[0])) for b in out]
    ordered = [b for b, e in zip(out, is_error) if e] + [b for b, e in zip(out, is_error) if not e]
    return "\n".join(head + [ln for b in ordered for ln in b]).strip("\n")


#: cuRAND's device API (``curand_kernel.h`` ...) comes in a wheel of its own, one per CUDA major. A kernel that
#: includes it where the wheel is missing is told which wheel, not only that the file cannot be opened.
_CURAND_HEADER = re.compile(r'cannot open source file "(curand\w*\.h)"')


def _with_install_hint(log: str, major: int) -> str:
    m = _CURAND_HEADER.search(log)
    if not m:
        return log
    wheel = "nvidia-curand-cu12" if major < 13 else "nvidia-curand"
    return log + "\n" + msg("errors.header_wheel", header=m.group(1), major=major, wheel=wheel)


def _line_directive(filename: str, first_line: int) -> str:
    esc = filename.replace("\\", "\\\\").replace('"', '\\"')
    return f'#line {int(first_line)} "{esc}"\n'


#: nvcc's --extended-lambda (and its older spelling) lets a lambda carry ``__device__`` or ``__host__ __device__``
#: (cudacodes' block reductions pass ``[]__device__(T a, T b) { ... }``); NVRTC knows neither the option nor, in its
#: JIT mode where every function is device code, the annotation (12: "requires --extended-lambda nvcc flag", 13: "not
#: allowed in JIT mode"). Given the option, the annotations are blanked and the option dropped: the lambda is the same
#: device lambda. Without it NVRTC's refusal stands, as nvcc's does.
EXTENDED_LAMBDA_OPTIONS = frozenset({"--extended-lambda", "-extended-lambda",
                                     "--expt-extended-lambda", "-expt-extended-lambda"})
#: nvcc's --expt-relaxed-constexpr lets device code call a ``constexpr`` function that has no execution space (Marlin's
#: ``ceildiv``, unseen194; PyTorch's CUDAExtension passes it to every build). NVRTC knows no such option: it is
#: dropped here, and host_functions.unannotated leaves constexpr functions out of the calls it refuses.
RELAXED_CONSTEXPR_OPTIONS = frozenset({"--expt-relaxed-constexpr", "-expt-relaxed-constexpr"})
_ANNOTATED_LAMBDA = re.compile(r"(\[[^\[\]{};]*\]\s*)((?:(?:__host__|__device__)\b\s*)+)(?=[({]|mutable\b|->)")


def _lambdas_unannotated(source: str) -> str:
    """``source`` with the execution spaces of its lambdas blanked: same lines and columns."""
    return _ANNOTATED_LAMBDA.sub(lambda m: m.group(1) + re.sub(r"\S", " ", m.group(2)), source)


def _nvrtc_compile(nv: Nvrtc, source: str, filename: str, first_line: int, options,
                   arch_opt: str, names: list[str], want_cubin: bool, headers: dict | None = None):
    """Returns (ptx_or_cubin, log, lowered). ``headers``: {name as included: text} that NVRTC takes in place of
    the files of those names (a project's own headers with their host side blanked, host_code.py)."""
    if any(o in EXTENDED_LAMBDA_OPTIONS for o in options):
        source = _lambdas_unannotated(source)
        options = tuple(o for o in options if o not in EXTENDED_LAMBDA_OPTIONS)
    options = tuple(o for o in options if o not in RELAXED_CONSTEXPR_OPTIONS)
    lib = nv.lib
    text = (_line_directive(filename, first_line) + source).encode()
    prog = ctypes.c_void_p()
    hdrs = sorted((headers or {}).items())
    h_text = (ctypes.c_char_p * len(hdrs))(*(h.encode() for _, h in hdrs)) if hdrs else None
    h_name = (ctypes.c_char_p * len(hdrs))(*(n.encode() for n, _ in hdrs)) if hdrs else None
    nv._check(lib.nvrtcCreateProgram(ctypes.byref(prog), text, filename.encode(), len(hdrs), h_text, h_name),
              "nvrtcCreateProgram")
    try:
        for n in names:
            nv._check(lib.nvrtcAddNameExpression(prog, n.encode()), "nvrtcAddNameExpression")
        # the source's own -std (gpudct's CMake asks for c++20) replaces tilelab's, as nvcc takes one: NVRTC warned of
        # the two, and that warning led the log
        own_std = any(re.fullmatch(r"--?std(=.*)?", o) for o in options)
        base = [o for o in BASE_OPTIONS if not (own_std and o.startswith("--std"))]
        if not getattr(nv, "no_seed", False):
            base.append(SEED_OPTION)
        opts = [arch_opt, *base, *(f"-I{d}" for d in nv.include_dirs), *options]
        arr = (ctypes.c_char_p * len(opts))(*(o.encode() for o in opts))
        rc = lib.nvrtcCompileProgram(prog, len(opts), arr)
        size = ctypes.c_size_t()
        lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetProgramLog(prog, buf)
        log = _map_log(buf.value.decode(errors="replace"), source, filename, first_line)
        if rc != 0 and SEED_OPTION in opts and "-frandom-seed" in log and "unrecognized option" in log:
            nv.no_seed = True                                  # an NVRTC older than the option: built as before
            return _nvrtc_compile(nv, source, filename, first_line, options, arch_opt, names, want_cubin, headers)
        if rc != 0:
            if not log:
                text = lib.nvrtcGetErrorString(rc)          # NVRTC's own words (no local `msg`: the catalog's)
                log = f"{filename}: {text.decode() if text else 'compile failed'}"
            raise CompileError(_with_install_hint(_errors_first(log, filename), nv.version[0]))
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

