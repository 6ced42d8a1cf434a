"""ncu's requests for tests/test_loop_exit_returns.py's kernel (a return with its own store inside nested loops) and
for a shallower one whose inner loops ptxas gives no convergence barrier of their own (one unrolled cell loop).

    python bench/gpu_loop_exit_returns.py OUT.json

On the GPU machine: each kernel with no lane returning (limit -1) and with some returning (limit 45, the test's);
the JSON holds ncu's global request and sector totals per launch, the SASS's BSSY/BREAK/BSYNC count and the GPU's
outputs. The emulator's side: tests/test_loop_exit_returns.py (its _walk gives the warp-meets-after-each-loop count).
Not run yet (2026-12-06: no GPU machine came). The emulator here, before / after loop_exits' _past_returns: nested
(10 BSSY, 9 BREAK in sm_90 SASS) 4,909 / 379 load and 32 / 1 store requests (limit -1), 4,431 / 379 and 32 / 2
(limit 45); shallow (1 BSSY, no BREAK: no barrier of the inner loops' own) 227 / 43 and 28 / 1, whichever limit.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

SHALLOW = r"""
extern "C" __global__ void returnInLoops(const int* start, const int* cnt, const int* perm, const float* vals,
                                         int* out, int* hit, int n, int limit)
{
    int t = threadIdx.x;
    int sum = 0;
    float x = vals[t];
    for (int c = -13; c < 14; c += 9) {
        int cell = t + c;
        if (cell < 0 || cell >= n) continue;
        int s = start[cell];
        int m = cnt[cell];
        for (int i = s; i < s + m; i++) {
            float d = vals[perm[i]] - x;
            if (d * d < 0.25f && d * d > 0.0f) sum++;
            if (sum == limit) {
                hit[t] = limit;
                return;
            }
        }
    }
    out[t] = sum;
}
"""


def main(out_path):
    import test_loop_exit_returns as T
    from tilelab.toolchain import compile_cuda
    from tilelab.gpu.ncu import METRICS, map_metrics, ncu_profile, pack_launch
    res = {"cases": [], "errors": []}
    kernels = {}
    for name, src in (("nested", T.SRC), ("shallow", SHALLOW)):
        prog = compile_cuda(src, filename=f"bench/gpu_loop_exit_returns.py:{name}")
        k = prog.kernel("returnInLoops")
        sass = prog.sass("sm_90")
        res.setdefault("sass", {})[name] = {w: sass.count(w) for w in ("BSSY", "BSYNC", "BREAK", "EXIT")}
        kernels[name] = k
    launches, meta = [], []
    for name, k in kernels.items():
        for limit in (-1, 45):
            args = list(T._args(limit))
            launches.append(pack_launch(k, (1,), (32,), args, 0, "sm_90"))
            meta.append((name, limit))
    try:
        rows = ncu_profile(launches, metrics=list(METRICS))
        for (name, limit), row in zip(meta, rows):
            m = map_metrics(row)
            res["cases"].append({"kernel": name, "limit": limit,
                                 "ncu": {k: m.get(k) for k in ("global_ld_requests", "global_ld_sectors",
                                                                "global_st_requests", "global_st_sectors")}})
    except Exception as e:                      # noqa: BLE001
        res["errors"].append(repr(e))
    Path(out_path).write_text(json.dumps(res, indent=1))
    print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main(sys.argv[1])
