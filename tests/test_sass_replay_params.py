"""A ``bool``, ``char`` or ``short`` kernel parameter in the SASS replay (tilelab/emu/counters/sass_replay.py;
docs/FIDELITY.md, "the twenty-fourth round").

Why: ptxas reads such a parameter as ``ULDC.U8 UR4, c[0x0][0x268]`` (``LDC.S16`` ...), and the replay computed only
whole words, so a branch on it gave up: apex's ``cuComputePartGradGammaBeta`` (``bool rms_only``) left its shared
buffers' lines undecided, 4 totals, in the twenty-fourth round's dry run as it came.
"""
from __future__ import annotations

import numpy as np

from tilelab.emu.counters import sass_replay as sr


def _regs(lines: list[str], raw: bytes) -> dict:
    instrs = [sr.instruction(0x10 * i, t) for i, t in enumerate(lines)]
    rp = sr.Replay(instrs, ())
    rp.launch = sr.Launch((1, 1, 1), (1, 1, 1), raw, len(raw), "sm_90")
    g = sr._Group(np.arange(1), 0, {}, {}, {})
    for i, ins in enumerate(instrs):
        g.pc = i
        rp._step(g, ins, None)
    return {k: (v if isinstance(v, sr.Unknown) else int(np.asarray(v).reshape(-1)[0])) for k, v in g.regs.items()}


def test_byte_and_half_parameters_are_read_and_extended():
    raw = bytes([0x01, 0xff, 0x00, 0x00]) + (0x8001).to_bytes(2, "little") + bytes(2)
    r = _regs(["ULDC.U8 UR4, c[0x0][0x210]", "ULDC.S8 UR5, c[0x0][0x211]", "LDC.U8 R2, c[0x0][0x211]",
               "LDC.U16 R3, c[0x0][0x214]", "LDC.S16 R4, c[0x0][0x214]"], raw)
    assert (r["UR4"], r["UR5"], r["R2"]) == (1, 0xFFFFFFFF, 0xFF)
    assert (r["R3"], r["R4"]) == (0x8001, 0xFFFF8001)


def test_a_byte_past_the_known_parameters_stays_unknown():
    r = _regs(["ULDC.U8 UR4, c[0x0][0x218]"], bytes(4))
    assert isinstance(r["UR4"], sr.Unknown)
