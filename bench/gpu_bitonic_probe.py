"""Where bitonicSortShared1's extra shared-load wavefronts come from: one launch, several inputs.

    python bench/gpu_bitonic_probe.py [--out bench/results] [--repeat 2]

ncu counts 10,578 to 10,580 shared-load wavefronts for collection/bitonic_sort.cu's
bitonicSortShared1 at the manifest's launch (2 blocks of 512 threads, a random permutation);
the emulator's SASS-aware count is 10,555 (docs/FIDELITY.md). The addresses of its loads do not
depend on the keys, but which lanes run the swaps ptxas branched around do. This runs the
launch on inputs that change only that: the manifest's permutation, sorted keys (no swap),
reversed keys, equal keys, and one block alone (no second block on the SM), each under ncu
``--repeat`` times, with the emulator's counts for the same input beside them. Where the
difference goes away says what it follows.
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))   # collection/ (not an installed package)

from gpu_common import header, parser, write  # noqa: E402

KEYS = ("shared_ld_wavefronts", "shared_st_wavefronts", "shared_ld_requests", "shared_st_requests")


def variants(src_key, src_val):
    n = len(src_key)
    out = {"manifest_permutation": (2, src_key), "sorted": (2, np.arange(n, dtype=np.uint32)),
           "reversed": (2, np.arange(n, dtype=np.uint32)[::-1].copy()), "equal": (2, np.zeros(n, np.uint32)),
           "one_block_permutation": (1, src_key[: n // 2].copy())}
    return {k: (g, key, src_val[: len(key)].copy()) for k, (g, key) in out.items()}


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--repeat", type=int, default=2)
    args = p.parse_args(argv)
    from collection import run as collection
    from tilelab.emu.machine import run as emu_run
    from tilelab.gpu.device import Device
    from tilelab.gpu.ncu import ncu_metrics
    dev = Device()
    res = header("gpu_bitonic_probe", dev, args)
    res.update(cases=[], errors=[])
    entry = next(e for e in collection.load() if e["name"] == "bitonicSortShared1")
    kernel = collection.compile_entry(entry)
    (dst_key, dst_val, src_key, src_val), _named, _sym = collection.inputs(entry)
    for name, (grid, key, val) in variants(np.asarray(src_key), np.asarray(src_val)).items():
        n = len(key)
        mk = lambda: [np.zeros(n, np.uint32), np.zeros(n, np.uint32), key.copy(), val.copy()]  # noqa: E731
        case = {"input": name, "grid": grid, "block": 512}
        try:
            emu = emu_run(kernel, (grid,), (512,), mk(), counts="sass")
            case["emulator"] = {k: int(emu.metrics[k]) for k in KEYS}
        except Exception as e:
            case["emulator_error"] = f"{type(e).__name__}: {e}"
        case["ncu"] = []
        for _ in range(args.repeat):
            try:
                got = ncu_metrics(kernel, (grid,), (512,), mk(), arch=dev.info()["arch"])
                case["ncu"].append({k: got.get(k) for k in KEYS})
            except Exception as e:
                res["errors"].append(f"{name}: {type(e).__name__}: {e}")
        res["cases"].append(case)
        print(name, case.get("emulator"), case["ncu"], flush=True)
    write("gpu_bitonic_probe", res, args.out)
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
