"""``__device__`` variables a launch leaves changed.

On a GPU a module-scope ``__device__`` variable keeps its value from one launch to the next,
so a kernel that counts its launches there (``if (atomicAdd(&calls, 1) == 0) ...``) can behave
one way the first time and another way later. The emulator starts every launch from the
variables' initial values, so it would never show the difference; instead it reports a
variable whose value at the end of the launch is not its initial one. A kernel that puts the
variable back (the last block of a single-pass reduction resets its counter) is fine.
(On a GPU the judge loads the module afresh for every graded launch, tilelab/judge.py.)
"""
from __future__ import annotations

import numpy as np

from ..modvars import declared_at
from .findings import Finding, said


def _first_use(fn, name):
    for ins in fn.instrs:
        for op in ins.args:
            if op.name == name and ins.line:
                return ins
    return None


def device_state_findings(log, gmem, n_args, module_vars, initial, fn, files, source_lines, filename=""):
    """Add a ``device_state`` finding to ``log`` for every ``__device__`` variable left changed
    (``initial``: each variable's bytes when the launch started). A variable the kernel reaches
    only through a pointer table is placed at its declaration (in ``filename``)."""
    for i, v in enumerate(module_vars):
        if v.space != "global":
            continue                                    # __constant__ cannot be written by a kernel
        al = gmem.allocs[n_args + i]
        now = gmem.arena.data[al.offset:al.offset + al.nbytes]
        init = np.asarray(initial[i], dtype=np.uint8).reshape(-1)[:al.nbytes]
        if np.array_equal(now, init):
            continue
        ins = _first_use(fn, v.name)
        line = ins.line if ins is not None else 0
        file = files.get(ins.file, "<ptx>") if ins is not None else "<ptx>"
        if ins is None and filename and (decl := declared_at(source_lines, v.name)) is not None:
            line, file = decl[0], filename
        src = source_lines.get(line, "") if line else ""
        log.add(("device_state", v.name),
                lambda v=v, line=line, file=file, src=src: Finding(
                    "device_state", file, line, (0, 0, 0), (0, 0, 0), int(al.base),
                    said("finding.device_state", name=v.name), source=src))
