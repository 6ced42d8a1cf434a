"""Issue 23's thirty-third unseen suite: signal processing, rapidsai/cusignal's sosfilt, lombscargle and
boolrelextrema kernels and OrthogonalHawk/libfalcon_dsp's add, FIR filter, frequency shift and polyphase resampler
(docs/FIDELITY.md, "a thirty-third unseen suite").

The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-04-unseen55-before.json): 9 of 17 ran and matched, the sosfilt race and the frequency
shift's out-of-bounds thread raised as their entries listed before anything ran; cuSignal's 8 peak-finding kernels
did not build: NVRTC has no <nvfunctional>, which the file includes (tilelab/include/nvfunctional since, its test
in tests/test_compile.py). After it all 17 run and match, under NVRTC 12 and 13 (collection-emu-2026-12-04-unseen55-
after*.json): these tests pin both, and the H200's recording.
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT

RES = ROOT / "bench" / "results"
BEFORE = RES / "collection-emu-2026-12-04-unseen55-before.json"
AFTER = RES / "collection-emu-2026-12-04-unseen55-after.json"
AFTER13 = RES / "collection-emu-2026-12-04-unseen55-after-nvrtc13.json"
TIME = RES / "collection-emu-time-2026-12-04-unseen55.json"
PEAKS = {f"_cupy_boolrelextrema_{d}_{t}" for d in ("1D", "2D") for t in ("int32", "int64", "float32", "float64")}


def test_the_thirty_third_unseen_suite_on_the_emulator_before_any_change():
    """9 of 17: cuSignal's sosfilt and lombscargle pairs and libfalcon_dsp's five ran and matched numpy, with the
    findings their entries listed (the sosfilt hand-off race, __freq_shift's thread one past the end); the eight
    boolrelextrema kernels stopped at NVRTC: `#include <nvfunctional>`."""
    rec = json.loads(BEFORE.read_text())
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (17, 9, 0)
    bad = {r["kernel"]: r["problems"] for r in rec["results"] if not r["ok"]}
    assert set(bad) == PEAKS
    assert all(len(p) == 1 and 'cannot open source file "nvfunctional"' in p[0] for p in bad.values())


def test_the_thirty_third_unseen_suite_after_the_fix():
    """17 of 17 under NVRTC 12 and 13, the two findings listed before anything ran the only ones raised."""
    for path in (AFTER, AFTER13):
        rec = json.loads(path.read_text())
        assert (rec["kernels"], rec["matched"], rec["refused"]) == (17, 17, 0)
    rows = json.loads(TIME.read_text())["rows"]
    assert len(rows) == 17 and all(r["ok"] for r in rows)
