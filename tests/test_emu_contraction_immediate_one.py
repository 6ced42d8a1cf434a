"""An FFMA by an immediate that is not 1 is no add (Deepwave's 4th-order stencil, the twenty-first round of unseen
suites, unseen217): ``(1 + by[y]) * DIFFY2(WFC) + ...`` makes ``FFMA R13, R27, 1.3333333730697631836, R6`` on sm_90,
the stencil's 4/3 weight times a sum plus the -2.5 weight's FMUL. The chain reader took any immediate whose digits
before the point are "1" for an add written as ``x * 1 + y``, so it counted that FFMA as an FADD reading an FMUL,
left line 404's one mul + sub pair (and line 416's) undecided, computed it rounded twice, and three of the float
launch's outputs came out a bit off the H100's (bench/results/collection-gpu-2026-12-07-unseen217.json)."""
import hashlib

import numpy as np
from conftest import ROOT, read_json

RECORDING = ROOT / "bench" / "results" / "collection-gpu-2026-12-07-unseen217.json"


def _entry():
    from collection import run as coll
    return next(x for x in coll.load() if x["file"] == "dwave_scalar.cu" and x["name"] == "forward_kernel"
                and not x.get("launch"))


def test_an_ffma_by_four_thirds_is_no_add():
    from tilelab.emu import contraction
    assert contraction._is_one("1") and contraction._is_one("1.0")
    assert not contraction._is_one("1.3333333730697631836") and not contraction._is_one("R5")


def test_the_stencil_lines_are_decided():
    from collection import run as coll
    from tilelab.emu import calls, contraction
    from tilelab.emu.machine import parsed
    k = coll.compile_entry(_entry())
    module = parsed(k.program.ptx)
    fn = calls.link(module, module.entry(k.entry))
    fn.__dict__.pop("_contraction", None)
    plan = contraction.plan_for(k, fn, dict(module.files), "sm_90")
    lines = {w[1]: v for w, v in plan.lines.items()}
    assert lines.get(404) == "fused" and lines.get(416) == "fused" and not plan.notes


def test_outputs_are_the_gpus():
    from collection import run as coll
    row = next(r for r in read_json(RECORDING)["results"] if r["kernel"] == "forward_kernel")
    assert row["hashes"]["wfp"]["differ"] > 0                   # the recording: before
    _, after, _ = coll.run_emu(_entry())
    for name, h in row["hashes"].items():
        got = hashlib.sha256(np.ascontiguousarray(after[name]).tobytes()).hexdigest()[:16]
        assert got == h["gpu_sha256"], name
