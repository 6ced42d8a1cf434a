"""Issue 23's forty-first unseen suite: zhangyaobit/tridiagonalsolvers' CR, PCR and CR-PCR kernels and NIC0NIC0NI/
TridiagonalSolver's Thomas and CR kernels (docs/FIDELITY.md, "a forty-first unseen suite").

As it came (the emulator of 8b27cc4, no change made for it; collection-emu-2026-12-05-unseen63-before.json): 8 of 13.
TridiagonalSolver's 8 ran and matched numpy; tridiagonalsolvers' 5 were refused at the launch, the emulator's error:
its signature reader took ``#define T double`` from the ``#ifdef USE_DOUBLE`` branch the preprocessor skips, where
NVRTC compiled ``T`` as float. Fixed (tests/test_signature_conditionals.py): 13 of 13, crKernel's race reported as
the entry lists it (collection-emu-2026-12-05-unseen63-after.json)."""
from __future__ import annotations

import json

from conftest import ROOT, read_json

RES = ROOT / "bench" / "results"
BEFORE = RES / "collection-emu-2026-12-05-unseen63-before.json"
AFTER = RES / "collection-emu-2026-12-05-unseen63-after.json"


def test_the_forty_first_unseen_suite_on_the_emulator_as_it_came():
    rec = read_json(BEFORE)
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (13, 8, 0)
    bad = [r for r in rec["results"] if not r["ok"]]
    assert len(bad) == 5 and {r["file"] for r in bad} == {"zytri_cr_kernel.cu", "zytri_pcr_kernel.cu",
                                                          "zytri_crpcr_kernel.cu"}
    for r in bad:
        assert r["problems"][0].startswith("LaunchError: argument 1 of ")
        assert "(double* d_a) needs a float64 array, got float32" in r["problems"][0]
    assert all(r["ok"] for r in rec["results"] if r["file"].startswith("kltri_"))


def test_the_forty_first_unseen_suite_after_the_signature_fix():
    rec = read_json(AFTER)
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (13, 13, 0)


def test_the_h200_and_the_totals_as_it_came_and_now(tmp_path):
    """13 of 13 outputs as expected. As it came 8 of 13 launches ran, 104 of 104 of their totals ncu's; now 13 of 13,
    168 of 168 kernel totals, CR-PCR's store wavefronts at 2 equations set apart (they moved: 1,094, 1,093, 1,093,
    1,094); re-run here: the same. Line 1 with the two new suites: 14,701 of 14,748."""
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    sys.path.insert(0, str(ROOT / "tests"))
    import fidelity as fid
    import unseen_suites
    from test_fidelity_s40_recordings import EARLIER, LAST, NEW_SUITES, UNSEEN59, UNSEEN62, s40

    gpu = read_json(RES / "collection-gpu-2026-12-05-unseen63.json")
    assert (gpu["kernels"], gpu["as_expected"]) == (13, 13)
    suite = "tridiagonalsolvers CR/PCR/CR-PCR + TridiagonalSolver Thomas/CR (unseen63)"
    came = unseen_suites.table([str(RES / "fidelity-compare-2026-12-05-unseen63.json")])[suite]
    assert (came["launches"], came["run"], came["kernel_equal"], came["kernel_totals"]) == (13, 8, 104, 104)
    out = tmp_path / "now.json"
    fid.main(["--compare", str(RES / "fidelity-2026-12-05-unseen63.json"), "--only", "/zytri_,/kltri_",
              "--json", str(out)])
    for path in (RES / "fidelity-compare-2026-12-05-unseen63-after.json", out):
        now = unseen_suites.table([str(path)])[suite]
        assert (now["run"], now["kernel_equal"], now["kernel_totals"], now["totals"]) == (13, 168, 168, 169), path
    reps = read_json(RES / "fidelity-2026-12-05-unseen63-repeats.json")["launches"]
    assert reps["collection/zytri_crpcr_kernel.cu:crpcrKernel#r2"]["values"]["shared_st_wavefronts"] == [1093, 1093, 1094]
    order = [str(RES / "fidelity-compare-2026-12-05-unseen63-after.json"), str(UNSEEN62)] + \
        [str(p) for p in s40(LAST + UNSEEN59 + NEW_SUITES + EARLIER)]
    every = unseen_suites.table(order)["every launch"]
    assert (every["run"], every["launches"], every["kernel_equal"], every["kernel_totals"]) == (1154, 1156, 14701, 14748)
