"""Does the GPU's MUFU.RCP return the reciprocal of a power of two exactly?

    python bench/mufu_rcp_pow2.py OUT.json        # on the GPU host

The SASS replay (tilelab/emu/counters/sass_replay.py, ``_division_step``) computes ``MUFU.RCP`` only for a
normal power of two whose reciprocal is normal (2^-126 .. 2^124 as operands, either sign), taking the result to
be 2^-k exactly; this runs ``rcp.approx.ftz.f32`` (one MUFU.RCP) on every such operand and writes how many
results differ from 2^-k, bit for bit, (the probe's SASS is one MUFU.RCP: tests/test_sass_moved_pair.py; the H200's answer:
bench/results/mufu-rcp-pow2-2026-12-03.json)."""
from __future__ import annotations

import json
import sys

import numpy as np

SRC = r'''
extern "C" __global__ void rcp(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x[i])); y[i] = r; }
}
'''


def main(out: str) -> int:
    import cupy
    exps = np.arange(3, 252, dtype=np.uint32)
    bits = np.concatenate([exps << np.uint32(23), (exps << np.uint32(23)) | np.uint32(0x80000000)]).astype(np.uint32)
    want = ((bits & np.uint32(0x80000000)) | ((np.uint32(254) - ((bits >> np.uint32(23)) & np.uint32(0xFF)))
                                              << np.uint32(23))).astype(np.uint32)
    k = cupy.RawKernel(SRC, "rcp", options=("-arch=sm_90",))
    x = cupy.asarray(bits.view(np.float32))
    y = cupy.zeros_like(x)
    k((1,), (512,), (x, y, np.int32(len(bits))))
    got = cupy.asnumpy(y).view(np.uint32)
    bad = [(hex(int(a)), hex(int(b)), hex(int(c))) for a, b, c in zip(bits, got, want) if b != c]
    res = {"operands": len(bits), "differ": len(bad), "first_differing": bad[:10],
           "device": cupy.cuda.runtime.getDeviceProperties(0)["name"].decode(),
           "driver": cupy.cuda.runtime.driverGetVersion()}
    json.dump(res, open(out, "w"), indent=1)
    print(json.dumps(res))
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
