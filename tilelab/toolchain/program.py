"""Compile learners' CUDA C++ with NVRTC, called directly through ctypes.

Why ctypes and not CuPy: CuPy's ``compile_using_nvrtc`` asks the driver for a
device even when the arch is given, and most learners have no GPU. NVRTC itself
needs neither a GPU nor a driver, and ships as a pip wheel.

One compiler serves both backends (DESIGN §3): the emulator runs the PTX built
here for ``compute_80``; the GPU runs that very PTX, assembled for the device's SM
by ptxas (``Program.cubin``, ``tilelab/toolchain/assemble.py``), which also catches inline-asm
typos that PTX generation lets through. The SASS-aware counts (``emu/counters/sass_model.py``)
read the same cubin.

Every source is prefixed with ``#line N "file"`` and compiled with
``-lineinfo``, so PTX ``.loc`` lines, NVRTC errors and emulator findings all
point at the learner's own cell lines.
"""
from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import CompileError
from ..messages import msg
from .arch import DEFAULT_ARCH, PTX_ARCH, _norm_arch, ptx_arch_for, sm_for
from .assemble import Assembled, AssemblerMissing, assemble
from .compound_literals import rewritten as compound_literals_rewritten
from .misplaced_restrict import rewritten as misplaced_restrict_rewritten
from . import explicit_host
from .statement_expressions import rewritten as statement_expressions_rewritten
from .float_literals import rewritten as float_literals_rewritten
from .host_code import leave_host_side, stops_on_host_header
from .host_functions import device_uses, unannotated
from .host_variables import blanked, read
from .local_includes import local_headers
from .nvrtc import _PTX_FILE_IDX, _PTX_LOC, RELAXED_CONSTEXPR_OPTIONS, _nvrtc_compile, _resolve_nvrtc, _unabs
from .sass import _disassemble
from .source_text import read_source
from .signature import (Param, _find_kernels, _Found, _parse_params, _template_aliases, _type_aliases, build_defines,
                        instantiate_params, overload_cast, overload_key, template_takes, _split_top,
                        with_ptx_layouts)

__all__ = ["compile_cuda", "kernel_from_file", "Program", "Kernel", "Param", "PTX_ARCH", "DEFAULT_ARCH"]



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

    def cubin(self, arch: str = DEFAULT_ARCH) -> bytes:
        return self.program.cubin(arch)

    def __repr__(self):
        sig = ", ".join(f"{p.ctype} {p.name}" for p in self.params)
        return f"<Kernel {self.name}({sig}) from {self.filename}:{self.line}>"


def _overloaded_msg(filename: str, name: str, keys: list) -> str:
    return msg("errors.overloaded_kernel", file=filename, name=name, n=len(keys), types=", ".join(keys[0]))


class Program:
    """The result of one NVRTC compile: PTX for ``compute_80`` and its kernels."""

    overloaded: dict = {}          # an overloaded kernel's name -> its overloads' parameter types (compile_cuda)
    headers: dict = {}             # the source's own headers NVRTC took in memory, host side blanked (compile_cuda)

    def __init__(self, *, source, filename, first_line, options, nvrtc, ptx, log, lowered, found, aliases):
        # aliases: the type names its signatures may use (compile_cuda reads them once, the headers with the source)
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
        for f in found:
            if f.name in lowered:
                al = {**aliases, **_template_aliases(f.template_params, f.name)} if f.template_params else aliases
                self.kernels[f.name] = Kernel(
                    name=f.name, entry=lowered[f.name],
                    params=with_ptx_layouts(_parse_params(f.params_text, al), ptx, lowered[f.name]),
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
            # an extern "C" kernel inside a namespace by its symbol, the name a host's cuModuleGetFunction (or a
            # Rust or ctypes binding) gives it: boojum-cuda's goldilocks::add_bf_bf_kernel is add_bf_bf_kernel
            by_symbol = [k for k in self.kernels.values() if k.entry == name]
            if len(by_symbol) == 1:
                return by_symbol[0]
            if name in self.overloaded:
                raise CompileError(_overloaded_msg(self.filename, name, self.overloaded[name]))
            have = ", ".join(self.kernels) or msg("errors.none")
            raise CompileError(msg("errors.no_kernel_named", file=self.filename, name=name, have=have))
        return self.kernels[name]

    __getitem__ = kernel

    def cubin(self, arch: str = DEFAULT_ARCH) -> bytes:
        """Machine code for ``arch`` (``sm_80``, ``sm_90``, ``90``...): ``self.ptx``, the very PTX
        the emulator runs, assembled by ptxas (``tilelab.toolchain.assemble``)."""
        return self.assembled(arch).cubin

    def assembled(self, arch: str = DEFAULT_ARCH):
        """The ``assemble.Assembled`` for ``arch``: cubin, ptxas's log, which tool made it."""
        arch = sm_for(ptx_arch_for(self.source, self.options), _norm_arch(arch))
        with self._lock:
            if arch not in self._cubins:
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

    def adopt(self, arch: str, assembled: Assembled) -> str:
        """Use ``assembled`` (a cubin another machine's toolchain built from this source) as this
        program's machine code for ``arch``: the GPU then runs it and the SASS-aware counts read it.
        So a GPU whose own NVRTC differs can measure the very cubin a host's counts model. Returns
        the arch it was filed under (``sm_90`` or ``sm_90a``, as ``assembled()`` names it)."""
        arch = sm_for(ptx_arch_for(self.source, self.options), _norm_arch(arch))
        with self._lock:
            self._cubins[arch] = assembled
            self._sass.pop(arch, None)
        return arch

    def _nvrtc_cubin(self, arch: str, why: str):
        """NVRTC's own cubin of the source for ``arch`` (where the emulator's PTX cannot be assembled)."""
        cub, log, _ = _nvrtc_compile(self.nvrtc, self.source, self.filename, self.first_line,
                                     self.options, f"-arch={arch}", list(self.kernels), want_cubin=True,
                                     headers=self.headers)
        v = self.nvrtc.version
        return Assembled(cub, log, f"NVRTC {v[0]}.{v[1]} (the source, for {arch}{why})", True)

    def ptxas_info(self, arch: str = DEFAULT_ARCH) -> str:
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

    def sass(self, arch: str = DEFAULT_ARCH) -> str:
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


_CACHE: "OrderedDict[str, Program]" = OrderedDict()
_LOCK = threading.RLock()          # the cache is shared by the threads that compile (grading workers)
_CACHE_SIZE = 256


#: NVRTC's message for a <stdint.h> type used with no #include (nvcc's implicit cuda_runtime.h has them)
_STDINT_MISSING = re.compile(r'identifier "u?int(?:_fast|_least)?(?:8|16|32|64|ptr|max)_t" is undefined')
STDINT_PRE_INCLUDE = "--pre-include=cuda/std/cstdint"
#: a <stdint.h> type by name, and what declares one (an #include of the header, a typedef or alias of its own)
_STDINT_NAME = re.compile(r"\bu?int(?:_fast|_least)?(?:8|16|32|64|ptr|max)_t\b")
_STDINT_DECLARED = re.compile(r"#\s*include\s*[<\"](?:cuda/std/)?(?:cstdint|stdint\.h)[>\"]"
                              r"|\b(?:typedef\b[^;]*|using\s+)u?int(?:_fast|_least)?(?:8|16|32|64|ptr|max)_t\b")
#: <math.h>'s macros used with no #include: nvcc's implicit cuda_runtime.h includes <math.h> (darknet's
#: maxpool kernels write -INFINITY with no include); tilelab's own <math.h> (tilelab/include) defines them
_MATH_MACRO_MISSING = re.compile(r'identifier "(?:INFINITY|NAN|HUGE_VALF?|M_[A-Z0-9_]+)" is undefined')
#: an unqualified two-argument math call of mixed types, pow(float, double), or a one-argument one on an integer,
#: sqrt(int) (RAFT's corr_backward_kernel): nvcc's implicit cuda_runtime.h brings libstdc++'s <math.h>, whose
#: mixed-type and integer templates decide it; NVRTC's own overloads alone leave it ambiguous
_MATH_MIXED_AMBIGUOUS = re.compile(r'more than one instance of overloaded function "(?:pow|atan2|fmod|hypot|fmin|fmax'
                                   r'|fdim|copysign|nextafter|remainder|a?(?:cos|sin|tan)h?|exp2?|expm1'
                                   r'|log(?:10|1p|2|b)?|ilogb|sqrt|cbrt|erfc?|[tl]gamma|ceil|floor|trunc|l?l?round'
                                   r'|l?l?rint|nearbyint|fabs)" matches')
MATH_PRE_INCLUDE = "--pre-include=math.h"
#: glibc's System V short names (uint, ushort, ...) used with no #include: nvcc's implicit cuda_runtime.h
#: includes <sys/types.h>, which defines them on Linux (PyCUDA's `const uint wA`); tilelab/include's has them
_SYSTYPES_MISSING = re.compile(r'identifier "(?:uint|ushort|ulong|u_char|u_short|u_int|u_long)" is undefined')
SYSTYPES_PRE_INCLUDE = "--pre-include=sys/types.h"
#: a math function called as std::sqrt, std::pow, ... with no #include <cmath>: nvcc's implicit cuda_runtime.h
#: includes crt/math_functions.h, which includes <cmath> (GPU-LBMsim's stream_collide_gpu calls std::sqrt and
#: includes only <stdio.h> and <assert.h>; gpudct's std::roundf, a float form by its C name); tilelab's own <cmath>
#: (tilelab/include) names them in std as nvcc's does
_STD_MATH_MISSING = re.compile(
    r'namespace "std" has no member "(?:a?(?:cos|sin|tan)h?|atan2|exp2?|expm1|log(?:10|1p|2|b)?|ilogb|sqrt|cbrt|erfc?'
    r'|tgamma|lgamma|ceil|floor|trunc|l?l?round|l?l?rint|nearbyint|fabs|pow|fmod|hypot|fmin|fmax|fdim|copysign'
    r'|nextafter|remainder|remquo|abs|fma|frexp|ldexp|modf|scalbl?n|isnan|isinf|isfinite|signbit)f?"')
CMATH_PRE_INCLUDE = "--pre-include=cmath"
#: <limits.h>'s macros used with no #include: nvcc's implicit cuda_runtime.h includes driver_types.h, which
#: includes <limits.h> when not under NVRTC (CSE-Projects' betweenness-centrality kernels write INT_MAX and
#: include only host headers); tilelab's own <limits.h> (tilelab/include) defines them from CCCL's <cuda/std/climits>
_LIMITS_MISSING = re.compile(r'identifier "(?:CHAR_BIT|S?CHAR_M(?:IN|AX)|UCHAR_MAX|U?(?:SHRT|INT|LONG|LLONG)_MAX'
                             r'|(?:SHRT|INT|LONG|LLONG)_MIN|MB_LEN_MAX)" is undefined')
LIMITS_PRE_INCLUDE = "--pre-include=limits.h"
#: std::numeric_limits used with no #include <limits>: nvcc's implicit cuda_runtime.h includes crt/math_functions.h,
#: whose <cmath> includes libstdc++'s <bits/specfun.h> (C++17), which includes <limits> (ONNX Runtime GenAI's
#: distributed selection sort writes -std::numeric_limits<float>::max() and includes only <float.h> and CUB);
#: tilelab's own <limits> (tilelab/include) names libcu++'s in std as nvcc users name them
_STD_LIMITS_MISSING = re.compile(r'namespace "std" has no member "(?:numeric_limits|float_round_style'
                                 r'|float_denorm_style|round_(?:indeterminate|toward_zero|to_nearest|toward_infinity'
                                 r'|toward_neg_infinity)|denorm_(?:indeterminate|absent|present))"')
STD_LIMITS_PRE_INCLUDE = "--pre-include=limits"
#: <type_traits>'s names used with no #include: the same <bits/specfun.h> includes <type_traits> (era-bellman-cuda's
#: memory.cuh writes `using namespace std;` ... enable_if_t<...> and includes only <sm_32_intrinsics.h>; NVRTC says
#: "enable_if_t is not a template", or "namespace "std" has no member" when qualified); tilelab's own <type_traits>
#: (tilelab/include) names libcu++'s in std as nvcc users name them
_TRAITS = (r"(?:enable_if|conditional|is_same|is_integral|is_floating_point|is_signed|is_unsigned|is_pointer"
           r"|is_const|is_void|is_arithmetic|remove_cv|remove_const|remove_reference|remove_pointer|decay"
           r"|make_unsigned|make_signed|integral_constant|common_type|underlying_type|is_trivially_copyable)(?:_t|_v)?")
_TYPE_TRAITS_MISSING = re.compile(rf'namespace "std" has no member "{_TRAITS}"|error: {_TRAITS} is not a template')
TYPE_TRAITS_PRE_INCLUDE = "--pre-include=type_traits"
#: std::min / std::max called with no #include <algorithm>: nvcc's implicit cuda_runtime.h brings libstdc++'s
#: <cmath>, whose <bits/specfun.h> includes <bits/stl_algobase.h>, which declares them (Hashinator's insert
#: kernels, std::min(i + w_tid, ...), include neither); tilelab's own <algorithm> (tilelab/include) names libcu++'s
_STD_MINMAX_MISSING = re.compile(r'namespace "std" has no member "(?:min|max)"')
ALGORITHM_PRE_INCLUDE = "--pre-include=algorithm"
#: std::size_t / std::ptrdiff_t used with no #include <cstddef>: nvcc's implicit cuda_runtime.h brings libstdc++'s
#: <cmath> and <cstdlib>, whose <bits/c++config.h> declares them in std (ACTS's CUDA seed finder writes
#: `const std::size_t* compatSeedLimit` and includes only <iostream> and the CUDA headers); tilelab's own <cstddef>
#: (tilelab/include) names them in std as libstdc++'s does
_STD_CSTDDEF_MISSING = re.compile(r'namespace "std" has no member "(?:size_t|ptrdiff_t|nullptr_t)"')
CSTDDEF_PRE_INCLUDE = "--pre-include=cstddef"
_UNDEFINED = re.compile(r':(\d+): error: identifier "([A-Za-z_]\w*)" is undefined')
#: NVRTC's words for a name expression it cannot resolve (a kernel asked for that the program lacks)
_UNPARSED_NAME = re.compile(r'Input name expression was: " ?([^"]+?)"')
#: NVRTC's words for a plain name expression that names more than one function: a kernel beside a __device__
#: function of its name (DEAC's gpu_set_mutant_indices, unseen221), which nvcc's launch resolves by its arguments
_AMBIGUOUS_NAME = re.compile(r'cannot determine which instance of overloaded function "([A-Za-z_][\w:]*)" is intended')
#: a member function declared with no execution space in a class the device code uses (Hetero-Mark's
#: `class Creature { ...; void Dump(); }`): nvcc takes it as a host function the device code never
#: calls; NVRTC refuses every host function. NVRTC's -default-device makes it a device declaration,
#: which builds the same PTX; a device call to one is nvcc's error, and here too (host_functions.py)
_HOST_FUNCTION_IN_JIT = re.compile(r"host functions are not allowed in JIT mode")
DEFAULT_DEVICE = "-default-device"
#: nvcc's own macro, which NVRTC leaves undefined: defined for a source whose kernels it hides (compile_cuda)
NVCC_DEFINE = "-D__NVCC__"
_NVCC_NAMED = re.compile(r"\b__NVCC__\b")
#: an #error directive NVRTC reached: in a source that names __NVCC__, the one nvcc never reaches because it
#: defines the macro (Hashinator's defaults.h: `#ifdef __NVCC__ WARPSIZE ... #else #error "Warp size not known"`);
#: retried with __NVCC__ defined, as nvcc builds it
_ERROR_DIRECTIVE = re.compile(r"#error directive")
#: the `register` storage class (cuda-bwt's `register unsigned int j`): C++17 removed it and NVRTC, which
#: compiles C++17, refuses it; nvcc (13.0 here, -std=c++17 and c++20 too) accepts it without a word and ignores
#: it, as C++ compilers always did. The retry defines it away, which is what nvcc makes of it
_REGISTER_STORAGE = re.compile(r'use of the "register" storage class specifier is not allowed')
REGISTER_DEFINE = "-Dregister="
#: GCC's __typeof (MIN / MAX macros' statement expressions): tilelab/include/tilelab_typeof.h defines it by decltype
_TYPEOF_MISSING = re.compile(r'identifier "__typeof(?:__)?" is undefined')
TYPEOF_PRE_INCLUDE = "--pre-include=tilelab_typeof.h"
#: C99's designated initializers (`wfa_backtrace_t r = {.backtrace = v, .prev = p};`, WFA-GPU's alignment kernels):
#: nvcc's C++17 takes them as GNU C++ does; NVRTC's C++17 refuses them ("expected an expression", the caret at the
#: brace or the designator), its C++20 has them. The retry compiles as C++20, which the source's own -std replaces
_DESIGNATED_INIT = re.compile(r"error: expected an expression\n[^\n]*(?:[{,]|^)\s*\.[A-Za-z_]\w*\s*=(?!=)",
                              re.MULTILINE)
DESIGNATED_INIT_STD = "--std=c++20"
_RETRIES = ((_STDINT_MISSING, STDINT_PRE_INCLUDE), (_MATH_MACRO_MISSING, MATH_PRE_INCLUDE),
            (_MATH_MIXED_AMBIGUOUS, MATH_PRE_INCLUDE),
            (_SYSTYPES_MISSING, SYSTYPES_PRE_INCLUDE), (_STD_MATH_MISSING, CMATH_PRE_INCLUDE),
            (_LIMITS_MISSING, LIMITS_PRE_INCLUDE), (_STD_LIMITS_MISSING, STD_LIMITS_PRE_INCLUDE),
            (_TYPE_TRAITS_MISSING, TYPE_TRAITS_PRE_INCLUDE),
            (_STD_MINMAX_MISSING, ALGORITHM_PRE_INCLUDE),
            (_STD_CSTDDEF_MISSING, CSTDDEF_PRE_INCLUDE),
            (_HOST_FUNCTION_IN_JIT, DEFAULT_DEVICE), (_REGISTER_STORAGE, REGISTER_DEFINE),
            (_TYPEOF_MISSING, TYPEOF_PRE_INCLUDE), (_DESIGNATED_INIT, DESIGNATED_INIT_STD))


def _unqualified(params_text: str) -> str:
    """A parameter list with its types' namespace qualifiers left out, to match an overload cast: a cast written
    outside the namespace names ``Hashinator::hash_pair<...>*`` where the kernel, declared inside it, writes
    ``hash_pair<...>*`` (Hashinator's insert_kernel and retrieve_kernel overloads)."""
    return re.sub(r"(?:\b[A-Za-z_]\w*)?::(?!:)", "", params_text)


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
        source = read_source(source)
    nv = _resolve_nvrtc(nvrtc)
    options = tuple(options)
    key = hashlib.sha256("\0".join(
        [str(nv.path), filename, str(first_line), *options, "|", *name_expressions, "|", source]
    ).encode()).hexdigest()
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]

    defines = build_defines(options, ptx_arch_for(source, options), nv.version)
    declared = _find_kernels(source, defines)
    # nvcc defines __NVCC__ and NVRTC does not: a file whose kernels all sit under `#ifdef __NVCC__` (RootPPL's
    # resampling kernels.cu) has none here; it is built as nvcc builds it, with __NVCC__ defined
    if not declared and NVCC_DEFINE not in options and _NVCC_NAMED.search(source):
        redone = compile_cuda(source, filename=filename, first_line=first_line, options=(*options, NVCC_DEFINE),
                              name_expressions=name_expressions, nvrtc=nvrtc)
        with _LOCK:
            _CACHE[key] = redone
        return redone
    # kernels in the source's own headers (`#include "kernels.cuh"`, or `<helpers.h>` from an -I folder), at the
    # line that includes them: a name expression finds them; they are the program's kernels only where the source
    # declares none of its own (TeaLeaf's .cu files, only includes of .cuknl files), so a file that borrows another's
    # helpers (mma_exercise.cu includes mma_ladder.cu) keeps its own kernels alone
    headers = local_headers(source, filename, options, defines) if "#" in source else []
    own = {f.name for f in declared}
    from_headers = set()
    for h in headers:
        for f in _find_kernels(h.text, defines):
            if f.name not in own and f.name not in from_headers:
                from_headers.add(f.name)
                declared.append(replace(f, line=h.line))
    headers_text = "\n".join(h.text for h in headers)
    aliases = _type_aliases(headers_text + "\n" + source, defines)
    plain = [f for f in declared if not f.template and (not own or f.name in own)]
    # an overloaded kernel (one name, parameter lists of different types: GPU-LBMsim's stream_collide_gpu)
    # has no plain name NVRTC can lower ("cannot determine which instance of overloaded function"): each
    # overload is named by a name expression that casts to its type, `static_cast<void (*)(int, ...)>(k)`
    types: dict[str, set] = {}
    for f in plain:
        types.setdefault(f.name, set()).add(overload_key(f.params_text, aliases))
    # a plain kernel beside a template of its name (DeepSpeed's dequantize.cu: an empty float overload of
    # dequantize_kernel<T>) is overloaded too: its plain name is as ambiguous to NVRTC, so a cast names it
    for f in declared:
        if f.template and f.name in types:
            types[f.name].add(overload_key(f.params_text, aliases))
    found = [f for f in plain if len(types[f.name]) == 1]
    for expr in name_expressions:
        cast = overload_cast(expr)
        if cast is not None:
            name, args = cast
            want = overload_key(_unqualified(args), aliases, unnamed=True)
            base, _, targs = name.partition("<")
            if targs:                    # an instance of an overloaded template: its parameters under those arguments
                targs = targs.rsplit(">", 1)[0]
                pool = [(f, instantiate_params(f.params_text, f.template_params, targs)) for f in declared if f.template]
            else:
                pool = [(f, f.params_text) for f in plain]
            match = [(f, params) for f, params in pool
                     if (f.name == base or f.name.rsplit("::", 1)[-1] == base.rsplit("::", 1)[-1])
                     and overload_key(_unqualified(params), aliases) == want]
            f, params = match[-1] if match else (None, "")   # the definition, where a declaration comes first
            found.append(_Found(expr, False, params, f.line if f else 0, ""))
            continue
        base = expr.split("<")[0].strip().rsplit("::", 1)[-1]     # M7::k<...>: the template k (namespaces
        same = [f for f in declared if f.name.rsplit("::", 1)[-1] == base]     # are qualified when known)
        # two templates of one name (MPPI-Generic's weightedReductionKernel<CONTROL_DIM> and weightedReductionKernel<
        # CONTROL_DIM, NUM_ROLLOUTS, SUM_STRIDE>): the instance is the one whose template parameters take its arguments
        targs = expr.split("<", 1)[1].rsplit(">", 1)[0] if "<" in expr else ""
        fits = [f for f in same if f.template and template_takes(f.template_params, targs)] if targs else []
        tmpl = fits[0] if len(same) > 1 and fits else (same[0] if same else None)
        found.append(_Found(expr, False, tmpl.params_text if tmpl else "", tmpl.line if tmpl else 0,
                            tmpl.template_params if tmpl else ""))
    names = [f.name for f in found]
    arch_opt = f"-arch={ptx_arch_for(source, options)}"
    # a template kernel whose parameter list names a <stdint.h> type the source never declares (TensorRT's
    # RoIAlignForward<T>(int32_t const nthreads, ...), unseen214): NVRTC 12 and 13 crash the process (a segfault in
    # nvrtcCompileProgram) building it with a name expression for the instance, so the retry below never reads the
    # log; the header nvcc's cuda_runtime.h brings is included from the first build instead
    if (STDINT_PRE_INCLUDE not in options and any(f.template and _STDINT_NAME.search(f.params_text) for f in declared)
            and any("<" in n for n in names) and not _STDINT_DECLARED.search(headers_text + "\n" + source)):
        options = (*options, STDINT_PRE_INCLUDE)
    # nvcc includes cuda_runtime.h before every .cu, and <stdint.h>'s types, <math.h>'s macros,
    # <cmath>'s std:: names and <sys/types.h>'s short names come with it; NVRTC includes nothing. A source that uses int32_t or INFINITY with no #include builds
    # under nvcc: here too, with the header included first (only then: it costs a plain compile ~40 ms);
    # and nvcc takes a declaration with no execution space as a host one (_HOST_FUNCTION_IN_JIT)
    # and a namespace-scope variable with no memory space as a host one (host_variables.py): NVRTC refuses one
    # whose initialiser is not a constant; the retry builds without it, and a kernel that reads it is refused
    host_functions: dict[str, int] = {}
    host_variables: dict[str, int] = {}
    host_only: dict[str, int] = {}              # functions marked __host__ alone, blanked (explicit_host.py)
    hs = None                                   # the host side, once left to the CPU (host_code.py)
    casts: dict[str, str] = {}                  # a kernel's name -> the cast that names it alone (kernel_cast)
    while True:
        try:
            ptx, log, lowered = _nvrtc_compile(nv, source, filename, first_line,
                                               tuple(o for o in options if not re.fullmatch(r"(-arch|--gpu-architecture)=.*", o)),
                                               arch_opt, [casts.get(n, n) for n in names], want_cubin=False,
                                               headers=hs and hs.headers)
            lowered = {**lowered, **{n: lowered.pop(c) for n, c in casts.items() if c in lowered}}
            break
        except CompileError as e:
            # a kernel whose name a __device__ function shares: named by a cast to its own type, as its launch picks it
            more = {n: kernel_cast(f) for n in set(_AMBIGUOUS_NAME.findall(str(e))) - set(casts)
                    for f in found if f.name == n and not f.template and overload_cast(n) is None}
            if more:
                casts.update(more)
                continue
            # a header kernel NVRTC does not see (a header the preprocessor found elsewhere): not asked for
            unseen = set(_UNPARSED_NAME.findall(str(e))) & from_headers
            if unseen:
                found = [f for f in found if f.name not in unseen]
                names = [f.name for f in found]
                from_headers -= unseen
                continue
            # a header nvcc's implicit cuda_runtime.h brings (<cstdint>, ...): included first, before any other
            # retry reads the log, whose later errors may follow from it (Hashinator's uint32_t, undefined,
            # turns its class's static member functions into "host variables" in NVRTC's eyes)
            early = next((opt for pat, opt in _RETRIES if opt.startswith("--pre-include=") and opt not in options
                          and pat.search(str(e))), None)
            if early is not None:
                options = (*options, early)
                continue
            reads = read(str(e), host_variables)
            if reads:
                raise CompileError("\n".join(msg("errors.host_variable_read", file=filename, line=line, name=name,
                                                  declared=declared) for name, line, declared in reads)) from None
            # a function marked __host__ alone: the CPU's under nvcc, refused by NVRTC; retried without it
            source2, more = explicit_host.blanked(source, first_line, str(e), filename)
            if more:
                source, host_only = source2, {**host_only, **more}
                continue
            calls = explicit_host.called(str(e), host_only) if host_only else []
            if calls:
                raise CompileError("\n".join(msg("errors.explicit_host_called", file=filename, line=line, name=name,
                                                  declared=host_only[name]) for line, name in calls)) from None
            source2, more = blanked(source, first_line, str(e))
            if more and not set(more) <= set(host_variables):
                source, host_variables = source2, {**host_variables, **more}
                continue
            if hs is not None:      # a device call to a function the host side took: nvcc's refusal, by name
                calls = [(int(line), name) for line, name in _UNDEFINED.findall(str(e)) if name in hs.functions]
                if calls:
                    raise CompileError("\n".join(
                        msg("errors.host_function_called", file=filename, line=line, name=name,
                            declared=hs.functions[name] + first_line - 1) for line, name in calls)) from None
            # a C compound literal, `(T){ a, b }`, which nvcc takes as g++ does and NVRTC refuses
            # (compound_literals.py): retried as `T{ a, b }`, every line and column in its place
            source2, literals = compound_literals_rewritten(source, first_line, str(e))
            if literals:
                source = source2
                continue
            # `const __restrict__ T *p`, restrict before a typedef name, which nvcc ignores and NVRTC refuses
            # (misplaced_restrict.py): retried with the qualifier blanked, every line and column in its place
            source2, qualifiers = misplaced_restrict_rewritten(source, first_line, str(e))
            if qualifiers:
                source = source2
                continue
            # a GNU statement expression, `({ s; e; })` (statement_expressions.py): retried as a lambda called there
            source2 = statement_expressions_rewritten(source, str(e))
            if source2 is not None:
                source = source2
                continue
            # a decimal floating constant beyond its type's range, `1e-999` (float_literals.py): retried as nvcc's value
            source2 = float_literals_rewritten(source, str(e))
            if source2 is not None:
                source = source2
                continue
            extra = next((opt for pat, opt in _RETRIES if opt not in options and pat.search(str(e))), None)
            if (extra is None and NVCC_DEFINE not in options and _ERROR_DIRECTIVE.search(str(e))
                    and _NVCC_NAMED.search(source)):
                extra = NVCC_DEFINE
            if extra is None and (hs is not None or stops_on_host_header(str(e)) or DEFAULT_DEVICE in options):
                # a whole .cu file: its host side (main, <iostream>, a timing helper; then the types and prototypes
                # no device line names) is the CPU's, as under nvcc; the source's own headers' too, in memory
                step = leave_host_side(source, headers, hs)
                if step is not None:
                    hs, source = step, step.source
                    continue
            if extra is None:
                if hs is not None:          # say what was left out: the error may be in a host-side class kept
                    raise CompileError(str(e) + "\n" + msg("errors.host_side_left_out", what=hs.left_out())) from None
                raise
            if extra == DEFAULT_DEVICE:
                host_functions = unannotated(str(e), any(o in RELAXED_CONSTEXPR_OPTIONS for o in options))
            options = (*options, extra)
    # the retry made every unannotated function a device one; nvcc refuses a device call to any of them
    calls = device_uses(ptx, host_functions) if host_functions else []
    if calls:
        raise CompileError("\n".join(msg("errors.host_function_called", file=filename, line=c.line, name=c.name,
                                          declared=c.declared) for c in calls))
    overloaded = {n: sorted(t) for n, t in types.items() if len(t) > 1}
    if not found:
        if overloaded:
            raise CompileError(_overloaded_msg(filename, *next(iter(overloaded.items()))))
        templates = list(dict.fromkeys(f.name for f in declared if f.template))
        if templates:           # templates only: NVRTC instantiates none unless one is named with its arguments
            raise CompileError(msg("errors.templates_only", file=filename, names=", ".join(templates[:6])
                                   + (", ..." if len(templates) > 6 else ""), example=templates[0]))
        raise CompileError(msg("errors.no_kernel", file=filename))
    prog = Program(source=source, filename=filename, first_line=first_line, options=options,
                   nvrtc=nv, ptx=ptx, log=log, lowered=lowered, found=found, aliases=aliases)
    prog.overloaded = overloaded
    prog.headers = hs.headers if hs else {}
    with _LOCK:
        _CACHE[key] = prog
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return prog


def kernel_cast(f) -> str:
    """The name expression ``static_cast<void (*)(T1, T2, ...)>(k)`` of a plain kernel ``f``: its parameters' types,
    their names left out, so NVRTC takes the kernel and not a __device__ function of its name."""
    types = []
    for t, p in zip(_split_top(f.params_text), _parse_params(f.params_text)):
        named = list(re.finditer(rf"\b{re.escape(p.name)}\b", t))
        types.append((t[:named[-1].start()] + t[named[-1].end():] if named else t).strip())
    return f"static_cast<void (*)({', '.join(t for t in types if t)})>({f.name})"


def kernel_from_file(path, name: str | None = None, *, nvrtc=None, options=()) -> Kernel:
    """Compile a ``.cu`` file and return its kernel ``name`` (or its only kernel).
    ``#include "x.h"`` resolves next to the file."""
    p = Path(path)
    try:
        src = read_source(p)
    except OSError as e:
        raise CompileError(f"cannot read {p}: {e.strerror}") from None
    opts = (f"-I{p.resolve().parent}", *options)
    return compile_cuda(src, filename=str(path), options=opts, nvrtc=nvrtc).kernel(name)
