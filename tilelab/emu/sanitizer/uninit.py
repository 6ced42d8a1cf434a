"""Registers no instruction wrote, followed to where they matter.

On a GPU an uninitialised variable (``float acc;`` without ``= 0``) holds whatever its register
held before; here registers start at zero, so ``acc += ...`` comes out right on the emulator and
wrong on hardware. This pass taints every register lane until an instruction writes it, carries
the taint through arithmetic (the result of an operation on a tainted value is tainted), and
makes a finding where a tainted value reaches a store (its value or its address), a load's
address, or a branch. A mere copy is not a finding: ``mov`` only moves the taint.

It costs about as much again per instruction, so it is a separate pass the judge runs once
(``run(..., uninit=True)``), not part of every launch.
"""
from __future__ import annotations

import numpy as np

from ..operands import guard, read
from .findings import said

# opcodes that write no register operand first
_NO_DEST = {"st", "red", "bra", "ret", "exit", "bar", "barrier", "membar", "fence", "prefetch", "prefetchu",
            "nanosleep", "cp", "trap", "brkpt", "pmevent", "call"}


def _regs(op):
    """Register names an operand reads."""
    k = op.kind
    if k in ("reg", "pred_not"):
        return [op.name]
    if k == "mem":
        return [op.name] if op.name.startswith("%") else []
    if k == "vec":
        return [n for it in op.items for n in _regs(it)]
    return []


def _dests(op):
    if op.kind == "reg":
        return [op.name]
    if op.kind == "vec":
        return [it.name for it in op.items if it.kind == "reg"]
    return []


class RegisterTaint:
    """Per register, which lanes still hold a value no instruction wrote (True: never written)."""

    def __init__(self, m):
        self.T = m.T                   # not the machine itself: no reference cycle keeps it alive
        self.taint: dict[str, np.ndarray] = {}

    def _t(self, name):
        a = self.taint.get(name)
        if a is None:
            a = self.taint[name] = np.ones(self.T, dtype=bool)
        return a

    def _of(self, names, lanes):
        out = np.zeros(len(lanes), dtype=bool)
        for n in names:
            out |= self._t(n)[lanes]
        return out

    def __call__(self, m, ins, idx):
        """Observe ``ins`` before the machine runs it on lanes ``idx``."""
        lanes = m.lanes(idx)
        op = ins.op
        g = np.zeros(len(lanes), dtype=bool) if ins.guard is None else self._t(ins.guard)[lanes]
        if op == "bra":
            if g.any():
                self._report(m, ins, lanes, g, "branch")
            return
        if op == "st" and "param" in ins.mods:      # handing a value to a called function: a copy
            return
        if op in ("st", "red") or (op == "atom"):
            addr = ins.args[0] if op != "atom" else ins.args[1]
            bad = self._of(_regs(addr), lanes) | g
            if bad.any():
                self._report(m, ins, lanes, bad, "address")
            vals = ins.args[1:] if op != "atom" else ins.args[2:]
            bad = self._of([n for v in vals for n in _regs(v)], lanes)
            if op != "atom" and bad.any():
                self._report(m, ins, lanes, bad, "stored")
                return
            if op != "atom":
                return
        if op == "cp":
            # cp.async [dst], [src], size(, src-size): two addresses, no register written;
            # cp.async.commit_group / wait_group / wait_all: no register at all
            if len(ins.args) >= 2:
                bad = self._of([n for a in ins.args[:2] for n in _regs(a)], lanes) | g
                if bad.any():
                    self._report(m, ins, lanes, bad, "address")
            return
        if op == "ld" or op == "ldmatrix":
            addr = ins.args[1]
            bad = self._of(_regs(addr), lanes)
            if bad.any():
                self._report(m, ins, lanes, bad, "address")
            src = bad | g
        elif op == "selp" and len(ins.args) == 4:
            p = np.asarray(self._read_pred(m, ins.args[3], idx), dtype=bool)
            src = np.where(p, self._of(_regs(ins.args[1]), lanes), self._of(_regs(ins.args[2]), lanes))
            src = src | self._of(_regs(ins.args[3]), lanes)
        else:
            src = self._of([n for a in ins.args[1:] for n in _regs(a)], lanes)
        if op in ("bar", "barrier") and "red" in ins.mods:       # __syncthreads_count & co. write args[0]
            src = np.zeros(len(lanes), dtype=bool)
        elif op in _NO_DEST or not ins.args:
            return
        skip = self._guard_value(m, ins, idx) if ins.guard is not None else None
        for d in _dests(ins.args[0]):
            t = self._t(d)
            t[lanes] = src if skip is None else np.where(skip, t[lanes], src)

    @staticmethod
    def _read_pred(m, op, idx):
        return read(m, op, "pred", idx)

    @staticmethod
    def _guard_value(m, ins, idx):
        """True on the lanes where the guard is false (the instruction does not write them)."""
        g = guard(m, ins, idx)
        return ~np.asarray(g, dtype=bool)

    def _report(self, m, ins, lanes, bad, what):
        i = int(np.argmax(bad))
        # what: "branch", "address" or "stored" (finding.uninit_register_<what>)
        m.finding("uninitialized_register", ins, lanes[i], None, said(f"finding.uninit_register_{what}"),
                  int(bad.sum()))


class LocalGarbage(RegisterTaint):
    """Values loaded from local bytes none of the thread's own stores wrote (its stack's old contents), followed
    like RegisterTaint's to where they matter. A load alone is not a finding: NVRTC loads speculatively, as in
    GraphBIG's quicksort's ``if (pos == STACK_SZ) len = stack[pos = 0];``, an ``ld.local`` of stack[0] on every
    pass whose value a ``selp`` keeps only when the stack is full (the unseen98 suite). Registers start clean;
    the machine adds this observer at the first such load (isa._local_written), so other kernels pay nothing."""

    def __init__(self, m):
        super().__init__(m)
        self.origin: dict[str, tuple] = {}   # register -> (the load, each lane's local offset)

    def _t(self, name):
        a = self.taint.get(name)
        if a is None:
            a = self.taint[name] = np.zeros(self.T, dtype=bool)
        return a

    def loaded(self, ins, lanes, bad, addr):
        """The load ``ins`` read garbage on ``lanes[bad]`` (``addr``: each lane's offset): taint what it wrote."""
        for d in _dests(ins.args[0]):
            self._t(d)[lanes[bad]] = True
            offs = np.full(self.T, -1, dtype=np.int64)
            offs[lanes[bad]] = np.asarray(addr)[bad]
            self.origin[d] = (ins, offs)

    def __call__(self, m, ins, idx):
        self._src = [n for a in ins.args for n in _regs(a)] + ([ins.guard] if ins.guard else [])
        super().__call__(m, ins, idx)
        if ins.op not in _NO_DEST and ins.args:
            src = next((self.origin[n] for n in self._src if n in self.origin), None)
            for d in _dests(ins.args[0]):
                if src is not None and self._t(d).any():
                    self.origin[d] = src

    def _report(self, m, ins, lanes, bad, what):
        i = int(np.argmax(bad))
        load, offs = next((self.origin[n] for n in self._src if n in self.origin and self._t(n)[lanes[i]]),
                          (ins, None))
        off = int(offs[lanes[i]]) if offs is not None else 0
        # the finding names the load (its line and offset) and the lanes whose garbage reached a use
        m.finding("uninitialized_read", load, lanes[i], off, said("finding.uninit_local", off=off), int(bad.sum()))
