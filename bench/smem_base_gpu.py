"""How-to-optimize-gemm steps 11 and 12 read shared memory nothing wrote (docs/FIDELITY.md, the
thirteenth unseen suite): on sm_90 a block's shared memory starts at address 0x400, and their
`^= 0x1000` buffer flip sends the loads of B's rows 6 and 7 of every odd k-step to bytes of
`smem` the stores never reach. Their C on a GPU is then whatever the SM's shared memory held.

This fills every SM's shared memory with one value (a kernel with the most dynamic shared
memory a block may have, two blocks an SM, each writing every word), runs each step's
collection entry on the GPU right after, and compares its C with the emulator's (whose unwritten
shared memory reads zero) and with numpy's product with those rows taken as the fill value.
Fill 0: the H200's C should be the emulator's bit for bit; fill 1: another C, the same formula.

    python bench/smem_base_gpu.py --out DIR          # on a machine with a CUDA GPU and CuPy

Writes DIR/smem-base-gpu-<date>.json.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from collection import run as collection  # noqa: E402
from collection_gpu import _digest, run_gpu  # noqa: E402

FILL = r"""
extern "C" __global__ void fill(float v, int n)
{
    extern __shared__ float s[];
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        s[i] = v;
    __syncthreads();
    if (s[(threadIdx.x * 7) % n] != v)     // keep the stores
        s[0] = 0.0f;
}
"""


def odd_rows(b, value):
    """B with rows 6 and 7 of every odd 8-row k-step replaced by ``value``."""
    k = np.arange(b.shape[0])
    return np.where((((k // 8) % 2 == 1) & (k % 8 >= 6))[:, None], np.float32(value), b)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    a = ap.parse_args()
    import cupy as cp
    from tilelab.gpu.device import Device
    info = Device().info()
    arch = info["arch"]
    fill = cp.RawKernel(FILL, "fill")
    nbytes = info["shared_per_block_optin_bytes"]
    fill.max_dynamic_shared_size_bytes = nbytes
    entries = [e for e in collection.load() if e["file"] in ("htog_mmult_11.cu", "htog_mmult_12.cu")]
    rows = []
    for e in entries:
        res, emu_after, before = collection.run_emu(e)
        emu_c = emu_after["c"]
        for value in (0.0, 1.0, 0.0):
            fill((2 * info["sm_count"],), (1024,), (np.float32(value), np.int32(nbytes // 4)), shared_mem=nbytes)
            cp.cuda.runtime.deviceSynchronize()
            gpu_out, _ = run_gpu(e, cp, arch)
            c = gpu_out["c"]
            ref = before["a"].astype(np.float64) @ odd_rows(before["b"], value).astype(np.float64)
            row = {"file": e["file"], "fill": value, "gpu_sha256": _digest(c), "emu_sha256": _digest(emu_c),
                   "differ_from_emu": int((c.view(np.uint32) != emu_c.view(np.uint32)).sum()),
                   "max_abs_vs_formula": float(np.abs(c - ref).max()),
                   "emu_findings": sorted({f.kind for f in res.findings})}
            rows.append(row)
            print(json.dumps(row), flush=True)
    doc = {"date": dt.date.today().isoformat(), "command": " ".join(["python"] + sys.argv),
           "commit": os.environ.get("TILELAB_COMMIT", ""), "device": info, "fill_bytes": nbytes, "results": rows}
    Path(a.out).mkdir(parents=True, exist_ok=True)
    p = Path(a.out) / f"smem-base-gpu-{doc['date']}.json"
    p.write_text(json.dumps(doc, indent=1, default=str))
    print(f"wrote {p}")


if __name__ == "__main__":
    main()
