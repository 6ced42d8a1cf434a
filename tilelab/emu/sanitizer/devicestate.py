"""``__device__`` variables a launch leaves changed where the next launch can see it.

On a GPU a module-scope ``__device__`` variable keeps its value from one launch to the next,
so a kernel that counts its launches there (``if (atomicAdd(&calls, 1) == 0) ...``) can behave
one way the first time and another way later. The emulator starts every launch from the
variables' initial values, so it would never show the difference; instead it reports a
variable whose value at the end of the launch is not its initial one AND which the launch read
where it still held the value the launch found: a load, or an atomic (which reads), of bytes no
write or atomic of this launch had reached before (the global race shadow notes those reads,
globalrace.py ``watch``). Only such a read lets one launch depend on what the last one left.
So these are fine:

* a kernel that puts the variable back (the last block of a single-pass reduction resets its
  counter);
* a variable the kernel only writes (per-block results in a ``__device__`` array for a later
  kernel to sum: The CUDA Handbook's ``histogram1DPerBlockReduce``): every launch overwrites it
  and reads none of it, whatever the last launch left;
* a variable the launch writes before it reads it: one block writes, another reads after the
  single-pass protocol (fence, then atomic) orders the two, as it does in every launch. A
  read of another block's write with nothing ordering the two is not counted here: the global
  race pass reports that read (globalrace.py), so the kernel is flagged either way.

The rule is per variable, not per byte: a launch that reads ``v[i]`` and changes ``v[j]``
is reported, since a next launch with other arguments can read ``v[j]``.
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


def device_state_findings(log, gmem, n_args, module_vars, initial, fn, files, source_lines, filename="",
                          gshadow=None):
    """Add a ``device_state`` finding to ``log`` for every ``__device__`` variable left changed
    (``initial``: each variable's bytes when the launch started) that the launch read as it found
    it (``gshadow``: the launch's GlobalShadow, which watched the variables' reads; None: every
    changed variable). A variable the kernel reaches only through a pointer table is placed at
    its declaration (in ``filename``)."""
    for i, v in enumerate(module_vars):
        if v.space != "global":
            continue                                    # __constant__ cannot be written by a kernel
        al = gmem.allocs[n_args + i]
        now = gmem.arena.data[al.offset:al.offset + al.nbytes]
        init = np.asarray(initial[i], dtype=np.uint8).reshape(-1)[:al.nbytes]
        if np.array_equal(now, init):
            continue
        if gshadow is not None and not gshadow.read_old(al.offset, al.offset + al.nbytes):
            continue                                    # no read saw what the last launch left
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
