"""Two shared scalars read with no line, merged by ptxas into one LDS.64 placed on another line
(docs/SASS_COUNTS.md, "A merged load ptxas placed on another line"; docs/FIDELITY.md, the twenty-first
unseen suite's Fixed note).

Tongkai's row and column softmaxes read ``s_max_val`` and ``s_sum`` before their last loop; NVVM hoists
both reads out of the loop with no line (``.loc 1 0``: the emulator gives them line 79 / 166, their first
use) and ptxas merges them into one ``LDS.64`` that it places on line 77 / 164 (the loop's, the instruction
scheduled before it). The per-line check found ``LDG×5, STG×5`` where the model expected ``LDG×5, LDS.64×1,
STG×5`` and left the line to the PTX, undecided: 768 and 192 shared-load requests and wavefronts where ncu
counts 512 and 128. The pool of lines ptxas moved a family between now takes merged groups where the cubin
holds the model's units key for key, and its replay computes the kernels' ``CEIL(N, warpSize)`` division.
"""
from __future__ import annotations

import json
import sys

import numpy as np
import pytest

from conftest import ROOT, read_json

from tilelab.emu.counters.sass_replay import _division_step

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
from sass_launch import run as _run  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-unseen43.json"
FILE = "collection/tongkai_softmax_matrix.cu"


@pytest.mark.parametrize("kernel, ncu_ld, hoisted_on, used_on", [
    ("softmax_row_kernel", 512, 77, 79),
    ("softmax_col_kernel", 128, 164, 166),
])
def test_tongkai_softmax_counts_its_merged_broadcast_as_the_h200(kernel, ncu_ld, hoisted_on, used_on):
    """Every total is ncu's, no line undecided, and the race still raised."""
    rec = read_json(REC)
    (row,) = [r for r in rec["rows"] if r["id"] == f"{FILE}:{kernel}"]
    assert row["ncu"]["shared_ld_requests"] == row["ncu"]["shared_ld_wavefronts"] == ncu_ld
    # the H200's own cubin: the merged load on the loop's line, the line of its use without it
    assert row["sass_mix"][f"{FILE}:{hoisted_on}"] == {"LDS.64": 1}
    assert row["sass_mix"][f"{FILE}:{used_on}"] == {"LDG": 5, "STG": 5}
    r = _run(f":{kernel}")
    assert {k: r.metrics[k] for k in fid.KEYS} == {k: row["ncu"][k] for k in fid.KEYS}
    assert not [pl["line"] for pl in r.per_line if pl.get("undecided")]
    (line,) = [pl for pl in r.per_line if pl["line"] == used_on]
    assert line["shared_ld_requests"] == ncu_ld // 2 and line["ptx"]["shared_ld_requests"] == ncu_ld
    assert "race" in {f.kind for f in r.findings}


@pytest.mark.parametrize("launch_id, n", [(":reproMovedSharedPair", 64), (":reproMovedSharedPair#n80", 80)])
def test_the_reproduction_decides_its_moved_pair_as_the_h200(launch_id, n):
    """The same shape with the missing __syncwarp() (no race): the H200's SASS has the same LDS.64 on the loop's
    line 45; every line decided, every total the H200's."""
    rec = read_json(RES / "fidelity-2026-12-03-moved-pair.json")
    (row,) = [x for x in rec["rows"] if x["id"] == "collection/repro_moved_pair.cu" + launch_id]
    assert row["sass_mix"]["collection/repro_moved_pair.cu:45"] == {"LDS.64": 1}
    assert row["sass_mix"]["collection/repro_moved_pair.cu:47"] == {"LDG": 5, "STG": 5}
    assert row["ncu"]["shared_ld_requests"] == row["ncu"]["shared_ld_wavefronts"] == 128
    assert row["ncu"]["global_st_requests"] == 64 * -(-n // 32)
    r = _run(launch_id)
    assert not [pl["line"] for pl in r.per_line if pl.get("undecided")]
    assert not r.findings
    (line,) = [pl for pl in r.per_line if pl["line"] == 47]
    assert line["shared_ld_requests"] == line["shared_ld_wavefronts"] == 64      # 64 blocks of one warp
    assert {k: r.metrics[k] for k in fid.KEYS} == {k: row["ncu"][k] for k in fid.KEYS}


def test_the_h200_returns_a_power_of_twos_reciprocal_exactly(tmp_path):
    """bench/mufu_rcp_pow2.py's probe is one MUFU.RCP, and on the H200 none of its 498 operands differs."""
    import mufu_rcp_pow2
    from tilelab.toolchain import kernel_from_file
    src = tmp_path / "rcp.cu"
    src.write_text(mufu_rcp_pow2.SRC)
    sass = kernel_from_file(src, "rcp").program.sass("sm_90")
    assert [x.split("*/")[1].split()[0] for x in sass.splitlines() if "MUFU" in x] == ["MUFU.RCP"]
    got = read_json(RES / "mufu-rcp-pow2-2026-12-03.json")
    assert (got["operands"], got["differ"], got["device"]) == (498, 0, "NVIDIA H200")


def test_the_replay_computes_the_division_steps_exactly():
    u = lambda *x: np.array(x, dtype=np.uint32)  # noqa: E731
    f = lambda *x: np.array(x, dtype=np.float32).view(np.uint32)  # noqa: E731
    # I2F.U32.RP: rounded up (2^24 + 1 is no float32: the next one up, 2^24 + 2)
    assert (_division_step("I2F", ("U32", "RP"), u(32, 2**24 + 1, 0xFFFFFFFF)) ==
            f(32.0, 2.0**24 + 2, 2.0**32)).all()
    # MUFU.RCP: a power of two's reciprocal exactly; anything else the replay does not compute
    assert (_division_step("MUFU", ("RCP",), f(32.0, -0.25, 2.0**-100)) == f(1 / 32, -4.0, 2.0**100)).all()
    assert _division_step("MUFU", ("RCP",), f(32.0, 3.0)) is None
    assert _division_step("MUFU", ("RCP",), f(2.0**127)) is None          # its reciprocal is subnormal
    # F2I.FTZ.U32.TRUNC.NTZ: truncated, saturating, NaN to 0
    assert (_division_step("F2I", ("FTZ", "U32", "TRUNC", "NTZ"), f(134217712.5, -3.0, 1e20, np.nan)) ==
            u(134217712, 0, 0xFFFFFFFF, 0)).all()
    assert (_division_step("IABS", (), u(0xFFFFFFE1, 95)) == u(31, 95)).all()
    # the sequence of the kernels' CEIL(N, 32): 2^-5's bits + 0x0ffffffe, truncated, is 2^27 - 16
    est = _division_step("MUFU", ("RCP",), _division_step("I2F", ("U32", "RP"), u(32)))
    est = (est.astype(np.uint64) + 0x0FFFFFFE).astype(np.uint32)
    assert (_division_step("F2I", ("FTZ", "U32", "TRUNC", "NTZ"), est) == u(2**27 - 16)).all()
