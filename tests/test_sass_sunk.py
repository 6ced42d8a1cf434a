"""Two of ptxas's rewrites in llama2.cu's MultiHeadAttention_kernel (docs/SASS_COUNTS.md, "Loads ptxas
sank" and the replay's I2FP; docs/FIDELITY.md, the sixteenth unseen suite's Fixed notes).

* softmax_gpu's two ``shared_val`` reads: the PTX reads the value before the exp (normalize) loop's skip
  branch, ptxas reads it on the loop's side, so only the warps with a lane that enters the loop execute the
  LDS (emu/counters/sunk.py); the old code counted it for every warp, the line decided;
* the attention score line's key loads, which ptxas copied (an unrolled loop and its remainder copies):
  the SASS replay gave up at ``sqrtf(head_size)``'s fast-path test, an integer compare of an I2FP's bits.
"""
from __future__ import annotations

import json
import random
import struct
import sys

import numpy as np

from conftest import ROOT, read_json
from test_sass_replay import _eval

from tilelab.emu.counters import sass_replay as sr

sys.path.insert(0, str(ROOT / "bench"))
from sass_launch import line as _line, run as _run  # noqa: E402

RES = ROOT / "bench" / "results"
LLAMA_REC = RES / "fidelity-2026-12-03-unseen38-llama.json"
MHA = "collection/llama2cu_kernels.cu:MultiHeadAttention_kernel"


def test_i2fp_is_the_float_of_the_integer():
    """I2FP.F32.S32 / .U32: the float32 nearest the integer, as its bits (the old replay made it unknown)."""
    rng = random.Random(7)
    for _ in range(30):
        a = rng.choice([rng.getrandbits(32), rng.randint(0, 300), 48])
        r = _eval(["I2FP.F32.S32 R4, R2", "I2FP.F32.U32 R5, R2", "IADD3 R6, R4, -0xd000000, RZ",
                   "ISETP.GT.U32.AND P0, PT, R6, 0x727fffff, PT"], a, 0)
        s = a - (1 << 32) if a >> 31 else a
        assert r["R4"] == struct.unpack("<I", struct.pack("<f", np.float32(s)))[0]
        assert r["R5"] == struct.unpack("<I", struct.pack("<f", np.float32(a)))[0]
        assert r["P0"] == (((r["R4"] - 0xd000000) & 0xFFFFFFFF) > 0x727fffff)
    assert isinstance(_eval(["I2FP.F32.S32.RZ R4, R2"], 5, 0)["R4"], sr.Unknown)   # another rounding: not modelled


def test_the_attention_kernels_sunk_loads_and_copied_score_line():
    """Lines 158 and 171 (``max_val = shared_val``, ``sum = shared_val``): 24 requests and wavefronts each,
    the 4 warps of each of the 6 blocks that hold one of the 101 scores (were 192: every warp); line 199
    (the score's key loads) decided by the replay at the PTX's 2,304 requests (was undecided: the replay
    gave up at I2FP). The launch's shared-load requests were then 1,596 (were 1,932); with the weighted sum's
    LDS.64 pairs (line 214, tests/test_sass_pairs.py) they are ncu's 996."""
    r = _run(MHA)
    for line in (158, 171):
        row = _line(r, line)
        assert (row["shared_ld_requests"], row["shared_ld_wavefronts"]) == (24, 24)
        assert row["ptx"]["shared_ld_requests"] == 192 and not row.get("undecided")
        assert "past the branch of line" in row["why"]
    row = _line(r, 199)
    assert not row.get("undecided") and (row["global_ld_requests"], row["global_ld_sectors"]) == (2304, 30240)
    assert not _line(r, 214).get("undecided") and _line(r, 214)["shared_ld_requests"] == 12 * 51
    assert r.metrics["shared_ld_requests"] == 996 and r.metrics["shared_ld_wavefronts"] == 828
    # ncu's total, as the suite's notes split it: 96 + 192 + 24 + 24 + 24 + 24 + 12 * 51; the two 24s
    # of the shared_val reads are these lines'
    rec = {x["id"]: x for x in read_json(LLAMA_REC)["rows"]}[MHA]
    assert rec["ncu"]["shared_ld_requests"] == 996 == r.metrics["shared_ld_requests"]


def test_the_reproduction_both_reads_sunk_as_on_the_h200():
    """``reproSunkSharedLoad`` (collection/repro_sunk.cu: softmax_gpu as a kernel, 40 scores, 1,024 threads):
    the first ``s_max`` read is sunk past the exp loop's ``BRA``, the second past a predicated ``EXIT`` (the
    PTX's skip branch jumps straight to ``ret``), so each runs in the 2 warps holding a score. The old code
    counted the second for all 32 warps (and, before the EXIT shape and labels nothing jumps to, the first
    too). The launch's shared-load requests and wavefronts are the H200's
    (fidelity-2026-12-03-attn.json: 20 and 20)."""
    r = _run(":reproSunkSharedLoad")
    src = (ROOT / "collection" / "repro_sunk.cu").read_text().splitlines()
    reads = [i + 1 for i, s in enumerate(src) if "= s_max;" in s and "=" in s.split("s_max")[0]]
    assert len(reads) == 2
    warps_with_a_score = (40 + 31) // 32
    for line in reads:
        row = _line(r, line)
        assert (row["shared_ld_requests"], row["shared_ld_wavefronts"]) == (warps_with_a_score, warps_with_a_score)
        assert row["ptx"]["shared_ld_requests"] == 1024 // 32 and "past the branch" in row["why"]
    rec = {x["id"]: x for x in read_json(RES / "fidelity-2026-12-03-attn.json")["rows"]}
    ncu = rec["collection/repro_sunk.cu:reproSunkSharedLoad"]["ncu"]
    assert (ncu["shared_ld_requests"], ncu["shared_ld_wavefronts"]) == (20, 20)
    assert (r.metrics["shared_ld_requests"], r.metrics["shared_ld_wavefronts"]) == (20, 20)
