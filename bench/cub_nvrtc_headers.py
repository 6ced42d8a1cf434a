"""Which of CUB's headers NVRTC builds, each on its own, under every NVRTC major found (CPU only).

The candidates are the headers CCCL's own cub/cub.cuh includes (CCCL 2's and 3's lists differ) and a
few more; each is compiled alone, with tilelab's include path, into a one-line kernel. The result
chose what tilelab/include/override/cub/cub.cuh includes (docs/FIDELITY.md, the fourth unseen suite).

    python bench/cub_nvrtc_headers.py bench/results/cub-nvrtc-headers-<date>.json
"""
from __future__ import annotations

import datetime
import json
import re
import sys
from pathlib import Path

from tilelab.toolchain.discover import NVRTC_LIB
from tilelab.toolchain.nvrtc import Nvrtc, _nvrtc_compile

EXTRA = {"cub/block/block_shift.cuh", "cub/grid/grid_barrier.cuh", "cub/block/block_run_length_decode.cuh",
         "cub/util_macro.cuh", "cub/util_math.cuh", "cub/util_arch.cuh"}


def main(out: str):
    nvs = [Nvrtc(p) for p in NVRTC_LIB.candidates()]
    heads = set(EXTRA)
    for nv in nvs:                      # CCCL's own umbrella of each: the directory holding cub/
        for d in nv.include_dirs:
            f = Path(d) / "cub" / "cub.cuh"
            if f.is_file() and "override" not in d:
                heads |= set(re.findall(r"^#include <(cub/[^>]+)>", f.read_text(), re.M))
    rows = []
    for nv in nvs:
        for h in sorted(heads):
            src = f"#include <{h}>\n__global__ void k(int* p) {{ p[0] = 1; }}\n"
            try:
                _nvrtc_compile(nv, src, "p.cu", 1, [], "-arch=compute_90", [], False)
                err = None
            except Exception as e:
                lines = str(e).strip().splitlines()
                errs = [ln for ln in lines if "error" in ln]
                err = (errs[0] if errs else lines[0])[:300]
            rows.append({"nvrtc": f"{nv.version[0]}.{nv.version[1]}", "header": h, "builds": err is None,
                         "error": err})
            print(nv.version[0], h, "ok" if err is None else "FAIL " + err, flush=True)
    doc = {"date": datetime.date.today().isoformat(), "command": "python bench/cub_nvrtc_headers.py " + out,
           "machine": "CPU only (NVRTC needs no GPU)", "rows": rows}
    Path(out).write_text(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main(sys.argv[1])
