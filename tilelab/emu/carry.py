"""Extended-precision integer arithmetic through PTX's carry flag: ``add.cc``, ``addc``, ``sub.cc``, ``subc``,
``mad.lo/hi.cc`` and ``madc.lo/hi`` (.u32, .s32, .u64, .s64).

Big-integer, modular and cryptographic kernels chain them in inline PTX (cuHE's arithmetic modulo 2^64 - 2^32 + 1:
``add.cc.u32`` then ``addc.u32`` for the high word). The condition code CC.CF is one bit per thread: every ``.cc``
form writes the carry out of its result, and ``addc``/``subc``/``madc`` take it in. The flag is the hardware's, one
for both directions: a subtraction is a + ~b + 1, so ``sub.cc``/``subc.cc`` leave CF = 1 when nothing was borrowed
and ``subc`` computes d = a + ~b + CF = a - b - (1 - CF). Within a chain of one direction that is PTX's
d = a - (b + borrow); across directions it is what the GPU does: boojum-cuda's Goldilocks add reads its carry out
of an ``add.cc`` chain with ``subc(0, 0)`` (0xffffffff when there was none, 0 after a carry). The emulator had run ``add.cc`` as a plain ``add`` and refused the rest; then kept the borrow itself
in CF, which a chain of one direction cannot tell apart but a mixed one can (all of unseen170's field adds off).

The sums are exact (Python integers over the lanes), then cut to the type's width; a signed type's ``mad.hi``
takes the high half of the signed product, as ``mul.hi`` does.
"""
from __future__ import annotations

import numpy as np

from . import isa
from .operands import DT, _type_of, read, unsupported, write
from .ptx import Operand

CF = "%__cc_cf"            # the condition code's carry flag, a hidden register of one bit per thread


def _ints(v, n) -> list:
    return [int(x) for x in np.broadcast_to(np.asarray(v), (n,))]


def h_carry(m, ins, idx, pc):
    t = _type_of(ins)
    if t not in ("u32", "s32", "u64", "s64"):
        unsupported(m, ins)
    bits = 64 if t.endswith("64") else 32
    unsigned, mask = f"u{bits}", (1 << bits) - 1
    n = len(m.lanes(idx))
    m.fn.regs.setdefault(CF, "u32")
    a, b = (_ints(read(m, ins.args[i], unsigned, idx), n) for i in (1, 2))
    cin = _ints(read(m, Operand("reg", CF), "u32", idx), n) if ins.op in ("addc", "subc", "madc") else [0] * n
    op = {"addc": "add", "subc": "sub", "madc": "mad"}.get(ins.op, ins.op)
    if op == "add":
        s = [x + y + c for x, y, c in zip(a, b, cin)]
        out = [v >> bits for v in s]
    elif op == "sub":                                                # a + ~b + carry-in: sub.cc's carry-in is 1
        cin = cin if ins.op == "subc" else [1] * n
        s = [x - y - (1 - c) for x, y, c in zip(a, b, cin)]
        out = [int(v >= 0) for v in s]                              # the carry out: 1 where nothing was borrowed
    else:                                                            # mad.lo / mad.hi (the .cc forms name one)
        if "hi" not in ins.mods and "lo" not in ins.mods:
            unsupported(m, ins)
        if t.startswith("s"):
            a = [x - (1 << bits) if x >> (bits - 1) else x for x in a]
            b = [x - (1 << bits) if x >> (bits - 1) else x for x in b]
        prod = [(x * y) >> bits if "hi" in ins.mods else x * y for x, y in zip(a, b)]
        c = _ints(read(m, ins.args[3], unsigned, idx), n)
        s = [(p & mask) + z + k for p, z, k in zip(prod, c, cin)]
        out = [v >> bits for v in s]
    d = np.array([v & mask for v in s], dtype=DT[unsigned]).view(DT[t])
    write(m, ins.args[0], d, idx)
    if "cc" in ins.mods:
        write(m, Operand("reg", CF), np.array(out, dtype=np.uint32), idx)


def register(handlers):
    """``addc``, ``subc``, ``madc`` here; ``add``, ``sub`` and ``mad`` here too where they carry ``.cc`` (their own
    handlers run every other form)."""
    for op in ("addc", "subc", "madc"):
        handlers[op] = h_carry
    for op in ("add", "sub", "mad"):
        plain = handlers[op]

        def h(m, ins, idx, pc, plain=plain):
            if "cc" in ins.mods:
                return h_carry(m, ins, idx, pc)
            return plain(m, ins, idx, pc)
        handlers[op] = h


register(isa.HANDLERS)          # imported by the machine, as emu/mma_forms.py is
