"""A loop NVVM keeps and ptxas unrolls whole, an if in its body predicated in some copies and branched in others
(tilelab/emu/counters/ifconvert.py's ``Plan.unplaced``, sass_replay.py's ``apply``; docs/SASS_COUNTS.md "Loops
ptxas rebuilt with predicated trips").

CudaSift's ScaleDown (collection/csift_cudasiftd.cu) runs 4 trips of ``for (dy = 0; dy < 20; dy += 5)`` whose body
has five ``if (tx < maxtx) { brow[..] = <5 loads of inrow>; if (<dy test>) d_Result[..] = ...; }``. ptxas
unrolls the 4 trips; where the inner test is false for a trip's dy it predicates the outer if's loads and store
(``@!P1 LDS.64``, ``@!P1 LDS``, ``@!P1 STS``: every warp executes them, one with no lane on too), where it is true
it keeps the branch. The if holds another if, so it is no simple region, and the line's predicated accesses are
"more than a modelled branch explains": a case for the replay of the SASS. Two things kept it from the replay:
only the first kind of such a line (its loads) was noted, never its stores, and a line with loads the model
merged (the LDS.64) was left out. Both counted only the warps with a lane on: 1,080 shared-load and 492
shared-store requests a launch where ncu has 1,608 and 624 (its ``_pred_off_all``: 528 and 132;
bench/results/fidelity-2026-12-05-unseen93.json). Now every such kind of a line is replayed, merged groups
included (they are one SASS access each, as the counts already hold them).
"""
from __future__ import annotations

import numpy as np

from conftest import needs_cubin
from tilelab.emu.counters.ifconvert import sass_predication
from tilelab.toolchain.sass import kernel_sass

CONDS = ("dy >= 4 && !(dy & 1)", "dy >= 3 && (dy & 1)", "dy >= 2 && !(dy & 1)", "dy >= 1 && (dy & 1)", "!(dy & 1)")


def _source() -> str:
    body = []
    for j, cond in enumerate(CONDS):
        body += [f"    row[tx] = in[(dy + {j}) * 68 + tx];", "    __syncthreads();", "    if (tx < n) {",
                 f"      acc[tx + {32 * j}] = 0.25f * (row[2 * tx] + row[2 * tx + 4]) + "
                 "0.5f * (row[2 * tx + 1] + row[2 * tx + 3]) + row[2 * tx + 2];  // ACC",
                 f"      if ({cond})",
                 f"        out[(dy + {j}) * 32 + tx] = acc[tx] + acc[tx + 32] + acc[tx + 64] + acc[tx + 96] + "
                 "acc[tx + 128];", "    }", "    __syncthreads();"]
    return "\n".join(["__global__ void rowsDown(float *out, const float *in, int n)", "{",
                      "  __shared__ float row[68];", "  __shared__ float acc[5 * 32];", "  const int tx = threadIdx.x;",
                      "  for (int dy = 0; dy < 20; dy += 5) {", *body, "  }", "}", ""])


@needs_cubin
def test_an_if_predicated_in_some_unrolled_copies_counts_every_warp_there(emu):
    src = _source()
    k = emu.compile(src, "rowsDown", filename="mixed_ifs.cu")
    pred = sass_predication(kernel_sass(k.program, "sm_90", k.entry), k.entry, k.program.filename)
    out = np.zeros(20 * 32, np.float32)
    inp = np.arange(20 * 68, dtype=np.float32)
    # 68 threads, n = 20: warp 0 has lanes on in every if, warps 1 and 2 none
    r = emu.run(k, (1,), (68,), out, inp, np.int32(20), echo=False)
    lines = [i + 1 for i, s in enumerate(src.splitlines()) if "// ACC" in s]
    mixed = 0
    for line in lines:
        row = emu.line_metrics(r, line)
        assert not row.get("undecided"), (line, row.get("why"))
        for kind in ("shared_ld", "shared_st"):
            p, u = pred[("mixed_ifs.cu", line, kind)][:2]
            mixed += bool(p and u)
            # the SASS has no loop: each copy runs once a warp, a predicated one in all 3 warps, a branched one in
            # warp 0 alone (the merged loads are one SASS access each)
            assert row[kind + "_requests"] == 3 * p + u, (line, kind, p, u)
    assert mixed, "no line with both predicated and branched copies: not the shape this test is about"
