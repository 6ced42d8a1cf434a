"""Issue 23's forty-first unseen suite: zhangyaobit/tridiagonalsolvers' CR, PCR and CR-PCR kernels and NIC0NIC0NI/
TridiagonalSolver's Thomas and CR kernels (docs/FIDELITY.md, "a forty-first unseen suite").

As it came (the emulator of 8b27cc4, no change made for it; collection-emu-2026-12-05-unseen63-before.json): 8 of 13.
TridiagonalSolver's 8 ran and matched numpy; tridiagonalsolvers' 5 were refused at the launch, the emulator's error:
its signature reader took ``#define T double`` from the ``#ifdef USE_DOUBLE`` branch the preprocessor skips, where
NVRTC compiled ``T`` as float. Fixed (tests/test_signature_conditionals.py): 13 of 13, crKernel's race reported as
the entry lists it (collection-emu-2026-12-05-unseen63-after.json)."""
from __future__ import annotations

import json

from conftest import ROOT

RES = ROOT / "bench" / "results"
BEFORE = RES / "collection-emu-2026-12-05-unseen63-before.json"
AFTER = RES / "collection-emu-2026-12-05-unseen63-after.json"


def test_the_forty_first_unseen_suite_on_the_emulator_as_it_came():
    rec = json.loads(BEFORE.read_text())
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (13, 8, 0)
    bad = [r for r in rec["results"] if not r["ok"]]
    assert len(bad) == 5 and {r["file"] for r in bad} == {"zytri_cr_kernel.cu", "zytri_pcr_kernel.cu",
                                                          "zytri_crpcr_kernel.cu"}
    for r in bad:
        assert r["problems"][0].startswith("LaunchError: argument 1 of ")
        assert "(double* d_a) needs a float64 array, got float32" in r["problems"][0]
    assert all(r["ok"] for r in rec["results"] if r["file"].startswith("kltri_"))


def test_the_forty_first_unseen_suite_after_the_signature_fix():
    rec = json.loads(AFTER.read_text())
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (13, 13, 0)
