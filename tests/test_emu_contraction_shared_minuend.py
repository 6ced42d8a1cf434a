"""ptxas's fused subtrahends where the minuend's product is NVVM's common subexpression (KFM's DCT butterflies, the
eleventh round of unseen suites, unseen141): ``b6 = -(C1 + S1) * a5 + C1 * (a5 + a6)`` and ``b5 = (S1 - C1) * a6 +
C1 * (a5 + a6)`` share ``C1 * (a5 + a6)``, which NVVM computes once and subtracts the other product from. sm_90's
SASS keeps the shared product an FMUL and fuses each subtrahend (``FFMA R8, R8, -0.2758..., R16``), on the shared
product's own line and on the other. The emulator had those lines undecided (the rule for a shared product knew only
the subtrahend's) and rounded both products: 4 of kl_deblock's 8,960 outputs one unit off the GPU's
(bench/results/collection-gpu-2026-12-06-unseen141.json)."""
import hashlib

import numpy as np
from conftest import ROOT, read_json

RECORDING = ROOT / "bench" / "results" / "collection-gpu-2026-12-06-unseen141.json"
#: the forward and inverse DCT's butterfly lines whose subs of two products share their minuend's product
LINES = (88, 89, 90, 91, 154, 155, 156, 157)


def _entry(launch=None):
    from collection import run as coll
    return next(x for x in coll.load() if x["file"] == "kfmdb_deblock.cu" and x["name"] == "kl_deblock<unsigned char>"
                and x.get("launch") == launch)


def test_the_butterflies_are_fused_as_the_cubin_says():
    from collection import run as coll
    from tilelab.emu import calls, contraction
    from tilelab.emu.machine import parsed
    k = coll.compile_entry(_entry())
    module = parsed(k.program.ptx)
    fn = calls.link(module, module.entry(k.entry))
    fn.__dict__.pop("_contraction", None)
    plan = contraction.plan_for(k, fn, dict(module.files), "sm_90")
    got = {w[1]: v for w, v in plan.lines.items() if w[1] in LINES}
    assert got == {ln: "fused" for ln in LINES}
    assert not any(w[1] in LINES for w in plan.notes)
    # each sub's subtrahend is the fused product (operand 2), its shared minuend an FMUL computed once
    fused = [a for a in plan.actions.values() if a[0] == "fuse" and fn.instrs[a[1]].line in LINES]
    assert len(fused) == 16 and all(a[2] == 2 for a in fused)


def test_outputs_are_the_gpus():
    from collection import run as coll
    rows = [r for r in read_json(RECORDING)["results"] if r["kernel"] == "kl_deblock<unsigned char>"]
    assert rows[0]["hashes"]["out"]["differ"] == 4           # the recording: 4 of 8,960 one unit off, before
    for row, launch in zip(rows, (None, "q5")):
        _, after, _ = coll.run_emu(_entry(launch))
        assert hashlib.sha256(np.ascontiguousarray(after["out"]).tobytes()).hexdigest()[:16] == \
            row["hashes"]["out"]["gpu_sha256"]
