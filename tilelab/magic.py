"""The ``%%cuda NAME`` cell magic: compile the cell with NVRTC and bind the kernel to NAME.

    %%cuda vectorAdd
    extern "C" __global__ void vectorAdd(const float* a, const float* b, float* c, int n) { ... }

The cell's first line is the magic, so the CUDA source starts on cell line 2; errors and
emulator findings name the cell lines a learner sees in JupyterLab.

The grading judge reads ``%%cuda`` cells out of the notebook file with :func:`parse_cuda_cell`
and picks the kernel with :func:`pick_kernel`, so the magic and the judge agree on what
"the kernel called NAME" is. During ``nbgrader autograde`` (``NBGRADER_EXECUTION=autograde``)
the magic compiles nothing: the judge compiles the same source in its own process, and a
compile bomb cannot also hang the learner's kernel.
"""
from __future__ import annotations

import os
import re
import sys

from .errors import CompileError, TilelabError
from .messages import msg
from .toolchain import compile_cuda

#: The cell line on which the CUDA source starts (line 1 is ``%%cuda NAME``).
FIRST_LINE = 2

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
USAGE = "usage: %%cuda NAME  (NAME is a Python identifier; the cell's kernel is bound to it; a # comment may follow)"


def cell_filename(name: str) -> str:
    """The file name compile errors and findings show for the ``%%cuda NAME`` cell."""
    return f"%%cuda {name}"


def parse_magic_line(line: str) -> str:
    """NAME from what follows ``%%cuda`` on the magic line: ``NAME``, optionally then a ``#`` comment
    (``%%cuda matmulTiled   # tiled, v2``). Raises TilelabError otherwise. The magic and the grading
    judge both use this, so whatever compiles in the notebook is what is graded."""
    name, _, rest = line.strip().partition(" ")
    name, _, tab_rest = name.partition("\t")
    rest = (tab_rest + " " + rest).strip()
    if not _IDENT.match(name) or (rest and not rest.startswith("#")):
        raise TilelabError(USAGE)
    return name


def parse_cuda_cell(cell_source: str):
    """``(name, body)`` for a ``%%cuda NAME`` cell, or None when the cell is not one.

    ``body`` is the CUDA source without the magic line; it starts on cell line :data:`FIRST_LINE`.
    """
    first, _, body = cell_source.partition("\n")
    first = first.strip()
    if first != "%%cuda" and not first.startswith(("%%cuda ", "%%cuda\t")):
        return None
    try:
        return parse_magic_line(first[len("%%cuda"):]), body
    except TilelabError:
        return None


def pick_kernel(program, name: str):
    """The kernel a ``%%cuda NAME`` cell binds: the one called NAME, else the cell's only kernel."""
    kernels = program.kernels
    if name in kernels:
        return kernels[name]
    if len(kernels) == 1:
        return next(iter(kernels.values()))
    if not kernels:
        raise TilelabError(f"the %%cuda {name} cell defines no __global__ kernel")
    raise TilelabError(
        f"the %%cuda {name} cell defines {len(kernels)} kernels ({', '.join(sorted(kernels))}) "
        f"and none is called {name}: name the cell after the kernel you want")


def compile_cell(name: str, body: str):
    """Compile a ``%%cuda NAME`` cell body and return its kernel (raises CompileError)."""
    program = compile_cuda(body, filename=cell_filename(name), first_line=FIRST_LINE)
    return pick_kernel(program, name)


class NotCompiledDuringGrading:
    """Stands in for a kernel while nbgrader autogrades: the judge compiles the cell instead."""

    def __init__(self, name: str):
        object.__setattr__(self, "_name", name)

    def _fail(self, *args, **kwargs):
        raise TilelabError(msg("magic.not_compiled_grading", name=self._name))

    __call__ = _fail

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        self._fail()

    def __repr__(self):
        return msg("magic.not_compiled_repr", name=self._name)


def autograding() -> bool:
    return os.environ.get("NBGRADER_EXECUTION") == "autograde"


def cuda(line: str, cell: str):
    """Body of the ``%%cuda NAME`` magic: compile ``cell`` and bind the kernel to NAME."""
    from IPython import get_ipython
    name = parse_magic_line(line)
    ns = get_ipython().user_ns
    if autograding():
        ns[name] = NotCompiledDuringGrading(name)
        return None
    ns.pop(name, None)  # a failed compile must not leave yesterday's kernel under the name
    try:
        ns[name] = compile_cell(name, cell)
    except CompileError as e:
        ns[name] = CompileFailed(name, str(e))   # the next cell says why, not NameError
        raise
    show_warnings(ns[name])
    return None


def show_warnings(kernel) -> None:
    """NVRTC's warnings on a compile that succeeded: a missing `return` compiles, and the
    kernel is then wrong in ways that look like something else (a race, a wrong index)."""
    log = getattr(kernel.program, "log", "") or ""
    lines = [ln for ln in log.splitlines() if not ln.startswith("Remark: The warnings can be suppressed")]
    while lines and not lines[-1].strip():
        lines.pop()
    if any(": warning" in ln for ln in lines):
        print("\n".join([msg("magic.compile_warnings")]
                        + ["  " + ln for ln in lines]), file=sys.stderr)


class CompileFailed(NotCompiledDuringGrading):
    """Stands in for a kernel whose ``%%cuda`` cell did not compile: using it says so."""

    def __init__(self, name: str, log: str):
        super().__init__(name)
        object.__setattr__(self, "_log", log)

    def _fail(self, *args, **kwargs):
        first = next((ln for ln in self._log.splitlines() if ": error" in ln), self._log.splitlines()[0]
                     if self._log else "")
        m = re.search(r":(\d+): (?:catastrophic )?error", first)
        where = msg("magic.compile_failed_line", line=m.group(1), what=first.split('error', 1)[1].lstrip(': ')) \
            if m else (msg("magic.compile_failed_first", first=first) if first else "")
        raise TilelabError(msg("magic.compile_failed", name=self._name, where=where))

    __call__ = _fail

    def __repr__(self):
        return msg("magic.compile_failed_repr", name=self._name)


_registered = set()


def load_ipython_extension(ipython):
    """``%load_ext tilelab.magic`` (and ``import tilelab`` inside IPython) registers ``%%cuda``."""
    if id(ipython) in _registered:
        return
    ipython.register_magic_function(cuda, magic_kind="cell", magic_name="cuda")
    _registered.add(id(ipython))

