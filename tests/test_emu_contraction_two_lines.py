"""ptxas's fused subtrahend where the sub's two products are on two source lines (cuIBM's convection terms, the
fifty-ninth unseen suite, unseen81): `( ... ) * ( ... )` on one line, `- ( ... ) * ( ... )` on the next, with
``div.rn``'s slow-path branches between them. sm_90's SASS keeps the minuend an FMUL on its own line and fuses the
subtrahend on the sub's line (``DMUL R24, R24, R8`` on line 268, ``DFMA R24, -R2, R8, R24`` on line 269). The
emulator looked for the FMUL on the sub's line only, left those lines undecided and rounded both products: H and rn
1 ulp off the H200's in 17 + 1 and 14 + 1 elements (bench/results/collection-gpu-2026-12-05-unseen81.json)."""
import hashlib
import json
from conftest import read_json
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
RECORDING = ROOT / "bench" / "results" / "collection-gpu-2026-12-05-unseen81.json"


def _entry(name):
    from collection import run as coll
    return next(x for x in coll.load() if x["file"] == "cuibm_generateRN.cu" and x["name"] == name)


def _plan(k):
    from tilelab.emu import calls, contraction
    from tilelab.emu.machine import parsed
    module = parsed(k.program.ptx)
    fn = calls.link(module, module.entry(k.entry))
    fn.__dict__.pop("_contraction", None)
    return contraction.plan_for(k, fn, dict(module.files), "sm_90")


@pytest.mark.parametrize("name, lines", [("kernels::convectionTermVBottomTop", (269, 292)),
                                         ("kernels::convectionTermULeftRight", (459, 463, 485))])
def test_a_subtrahend_fused_on_the_line_after_its_minuend(name, lines):
    from collection import run as coll
    from tilelab.emu import contraction
    from tilelab.toolchain.sass import entry_sass, sass_listing
    e = _entry(name)
    k = coll.compile_entry(e)
    listing = list(sass_listing(entry_sass(k.program.sass("sm_90"), k.entry), k.program.filename))
    found = {(w[1][1], w[2][1]) for w in contraction.sass_subtrahend_fmas_of(listing)}
    if not all((ln, ln - 1) in found for ln in lines):
        pytest.skip("this NVRTC's ptxas fuses otherwise here")
    plan = _plan(k)
    got = {w[1]: v for w, v in plan.lines.items()}
    assert all(got.get(ln) == "fused" for ln in lines), got
    assert not any(w[1] in lines for w in plan.notes)


@pytest.mark.parametrize("name", ["kernels::convectionTermVBottomTop", "kernels::convectionTermULeftRight"])
def test_outputs_are_the_h200s(name):
    from collection import run as coll
    row = next(r for r in read_json(RECORDING)["results"] if r["kernel"] == name)
    _, after, _ = coll.run_emu(_entry(name))
    got = {n: hashlib.sha256(np.ascontiguousarray(after[n]).tobytes()).hexdigest()[:16] for n in ("rn", "H")}
    assert got == {n: row["hashes"][n]["gpu_sha256"] for n in ("rn", "H")}
