"""A shared atomic whose old value nothing reads, done once a warp (docs/SASS_COUNTS.md, "Shared atomics ptxas
does once a warp"; docs/FIDELITY.md, the nineteenth unseen suite's Fixed note).

reproSweepsByOrder (collection/repro_hoisted_pair.cu) sets its flag with ``atomicOr(&changed, 1)`` (line 40) where
an atomicMin lowered a distance. ptxas folds the warp's operands (``VOTEU.ANY``, ``REDUX.OR``), elects a lane
(``UFLO``) and does one ``@P ATOMS.OR``, behind the branch a warp with no lane on jumps past. The old code read
the ``@P`` as ptxas's if-conversion of that branch (every warp that reaches line 39 makes a request: 294) and
charged each active lane a wavefront (249); ncu counts one of each per warp with a lane on (102 and 102).
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

from tilelab.emu.counters.ifconvert import sass_predication
from tilelab.toolchain.sass import kernel_sass

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-hoisted-pair.json"
REPEATS = RES / "fidelity-2026-12-03-sweeps-repeats.json"
SWEEPS = "collection/repro_hoisted_pair.cu:reproSweepsByOrder"
FILE = "collection/repro_hoisted_pair.cu"
KEYS = ("shared_atom_requests", "shared_atom_wavefronts")


def _run():
    from tilelab.launch import launch
    (L,) = fid.launches(":reproSweepsByOrder")
    k, args, symbols = L.make()
    return k, launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False,
                     symbols=symbols or None, counts="sass", arch="sm_90")


def test_the_flags_atomic_is_one_elected_lanes_atoms_not_a_predicated_access():
    k, _ = _run()
    sass = kernel_sass(k.program, "sm_90", k.entry)
    assert "UFLO" in sass and "REDUX.OR" in sass
    p, u, order, _ = sass_predication(sass, k.entry)[(FILE, 40, "shared_atom")]
    # every copy of line 40's ATOMS (the remainder trips' and the unrolled loop's) is the leader's: none predicated
    assert p == 0 and u >= 4 and set(order) == {"u"}


def test_the_flag_costs_one_request_and_one_wavefront_a_warp_with_a_lane_on():
    _, r = _run()
    (row,) = [pl for pl in r.per_line if pl["line"] == 40]
    # one request for each warp with a lane whose atomicMin lowered a distance (the PTX's count), one wavefront each
    assert row["shared_atom_requests"] == row["shared_atom_wavefronts"] == row["shared_atom_requests_active"]
    assert "ptx" not in row                  # the SASS's count is the PTX's: no warp with no lane on issues it
    assert (r.metrics["shared_atom_requests"], r.metrics["shared_atom_wavefronts"]) != (294, 249)   # the old counts
    rec = {x["id"]: x for x in read_json(REC)["rows"]}[SWEEPS]["ncu"]
    reps = read_json(REPEATS)["launches"][SWEEPS]["values"]
    # ncu: requests and wavefronts one for one in the first run (102, 102): one lane, one wavefront
    assert (rec["shared_atom_requests"], rec["shared_atom_wavefronts"]) == (102, 102)
    # how many warps see a lower distance is the order of the warps' atomicMin: 99 and 101 in the repeats
    # (requests and wavefronts are counted in different replay passes), 102 in the first run, the emulator's
    # order 105; within 6 of ncu's each time
    assert reps["shared_atom_requests"] == [99, 99] and reps["shared_atom_wavefronts"] == [101, 101]
    seen = [rec[k] for k in KEYS] + reps["shared_atom_requests"] + reps["shared_atom_wavefronts"]
    for key in KEYS:
        assert 0 <= r.metrics[key] - min(seen) <= 6
    # every other total of the launch is ncu's, as before
    for key, v in rec.items():
        if key not in KEYS:
            assert r.metrics[key] == v, key
