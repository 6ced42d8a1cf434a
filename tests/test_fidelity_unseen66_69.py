"""Issue 23's forty-fourth to forty-seventh unseen suites on the emulator, as they came and now (docs/FIDELITY.md,
"2026-12-05"). Their H200 recordings wait for a device (the calls are staged: .stage-unseen66 ... 69, .stage-rep64).

- unseen66, CUDA_CCL + sycl-optic-flow: 18 of 18 as they came, every listed finding and no other.
- unseen67, ECL-Suite + gardenia: 19 of 19 as they came.
- unseen68, Caffe + dfdx: 10 of 12 as they came; dfdx's 2 did not build (kernels written in a macro's body, the
  macro's parameters FWD and BWD taken for kernels). Fixed: 12 of 12 (tests/test_macro_kernels.py).
- unseen69, MTGP + JAX: 0 of 8 as they came; MTGP's 4 included <inttypes.h>, which tilelab's include set lacked,
  JAX's 4 declare their kernel in a namespace named by a macro. Fixed: 8 of 8 (tests/test_macro_kernels.py)."""
from __future__ import annotations

import json

import pytest

from conftest import ROOT

RES = ROOT / "bench" / "results"

AS_IT_CAME = {   # suite: (launches, matched, {file: the first words of its launches' one problem})
    "unseen66": (18, 18, {}),
    "unseen67": (19, 19, {}),
    "unseen68": (12, 10, {"dfdx_dropout.cu": 'CompileError: __nv_name_map:2: error: identifier "BWD" is undefined'}),
    "unseen69": (8, 0, {"mtgp_mtgp32_cuda.cu": 'CompileError: collection/mtgp_mtgp32_cuda.cu:56: catastrophic error: '
                                               'cannot open source file "inttypes.h"',
                        "jaxtf_prng_kernels.cu": "CompileError: collection/jaxtf_prng_kernels.cu: no __global__ function "
                                                 "named 'jax::cuda::ThreeFry2x32Kernel'"}),
}


@pytest.mark.parametrize("suite", sorted(AS_IT_CAME))
def test_as_it_came_and_now(suite):
    launches, matched, problems = AS_IT_CAME[suite]
    rec = json.loads((RES / f"collection-emu-2026-12-05-{suite}-before.json").read_text())
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (launches, matched, 0)
    bad = [r for r in rec["results"] if not r["ok"]]
    assert {r["file"] for r in bad} == set(problems)
    for r in bad:
        assert r["problems"][0].startswith(problems[r["file"]])
    after = RES / f"collection-emu-2026-12-05-{suite}-after.json"
    if after.exists():
        now = json.loads(after.read_text())
        assert (now["kernels"], now["matched"], now["refused"]) == (launches, launches, 0)
    else:
        assert not bad                      # nothing to fix: as it came is now
