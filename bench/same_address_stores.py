"""Which lane's value lands when several lanes of one warp store to one address at once.

    python bench/same_address_stores.py [--out bench/results]      # the emulator, and the GPU where there is one

A store instruction whose active lanes write the same bytes keeps one lane's value; the PTX ISA
does not say whose. The emulator must pick one, and a racy kernel's output (Rodinia's
histogram1024 retry loop, a warp-synchronous reduction without ``__syncwarp``) shows which. The
kernels of bench/same_address_stores.cu store, from the lanes of a mask, one value each to one
shared or global location (4, 1, 8 and 16 bytes) in one instruction of one warp; each case's value
read back is recorded for the emulator and, on a GPU, for the GPU (same cubin path as tl.launch's
gpu backend), with whether they agree: same-address-stores-<date>.json.
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_common import ROOT, commit, parser, write  # noqa: E402

import tilelab as tl  # noqa: E402

KERNELS = ("sharedWord", "sharedByte", "sharedHalfword", "sharedDouble", "sharedVector", "globalWord",
           "globalByte", "globalDouble", "globalVector", "sharedWordEveryLane")
MASKS = {"all 32": 0xFFFFFFFF, "odd lanes": 0xAAAAAAAA, "lanes 12-23": 0x00FFF000,
         "lanes 0 and 31": 0x80000001, "lanes 5, 9, 30": (1 << 5) | (1 << 9) | (1 << 30)}


def run(kernel, mask: int, backend: str) -> list[int]:
    out = np.full(4, -1, np.int32)
    tl.launch(kernel, 1, 32, out, np.uint32(mask), backend=backend, echo=False)
    return [int(x) for x in out]


def lanes(mask: int) -> list[int]:
    return [i for i in range(32) if mask >> i & 1]


def main(argv=None) -> int:
    a = parser(__doc__.split("\n")[0]).parse_args(argv)
    prog = tl.compile_cuda((ROOT / "bench" / "same_address_stores.cu").read_text(),
                           filename="bench/same_address_stores.cu")
    try:
        from tilelab.gpu.device import Device
        gpu = Device().info()
    except Exception as e:                       # no GPU here: the emulator's side alone
        gpu = None
        print(f"no GPU ({type(e).__name__}): the emulator's values only", flush=True)
    cases = []
    for name in KERNELS:
        k = prog.kernel(name)
        for label, mask in (MASKS if name != "sharedWordEveryLane" else {"all 32": 0xFFFFFFFF}).items():
            row = {"kernel": name, "mask": label, "mask_bits": f"{mask:#010x}", "lanes": lanes(mask),
                   "emu": run(k, mask, "emu")}
            if gpu is not None:
                row["gpu"] = run(k, mask, "gpu")
                row["equal"] = row["gpu"] == row["emu"]
            cases.append(row)
            print(f"{name:13s} {label:15s} emu {row['emu'][:2]}"
                  + (f"  gpu {row['gpu'][:2]}  {'equal' if row['equal'] else 'DIFFER'}" if gpu else ""), flush=True)
    data = {"benchmark": "same-address-stores", "commit": commit(),
            "command": "python " + " ".join(sys.argv), "gpu": gpu, "cases": cases}
    if gpu is not None:
        data["equal"] = sum(r["equal"] for r in cases)
        print(f"{data['equal']} of {len(cases)} cases equal", flush=True)
    write("same-address-stores", data, a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
