"""The emulator's wgmma against the H200's, bit for bit: every config of the recorded accumulation
probe (bench/gpu_wgmma_probe.py, recording bench/results/wgmma_probe-<date>.json), re-drawn from
its seeds (checked against the recorded input hashes) and run on the emulator through a chain of
``wgmma.mma_async.m64n8k16`` instructions into one accumulator, as the GPU probe ran them
(D = C if useC + sum over steps of A_s B_s^T; one warpgroup a trial). Writes the elements equal /
total per config and per input family to bench/results/wgmma-emu-vs-h200-<recording date>.json.

    python bench/emu_wgmma_recording.py [bench/results/wgmma_probe-2026-12-02.json.gz] [--configs 0,4]

``--ladder RECORDING``: the same for lesson 07's reference kernels (tilelab/kernels/sm90a/
wgmma_ladder.cu, TMA + wgmma): the ladder recording's ``fixed`` outputs (every rung at one size, on
inputs from a fixed seed; bench/gpu_tensor_ladder.py) against each rung run on the emulator with
``tl.TensorMap`` arguments; writes bench/results/wgmma-ladder-emu-vs-h200-<recording date>.json.

Exits 1 if any element differs.
"""
from __future__ import annotations

import argparse
import glob
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from recorded import read_json  # noqa: E402  (plain or gzipped recordings)


def source(steps: int) -> str:
    """The emulator's probe: the operands in the no-swizzle K-major core-matrix layout, one wgmma
    per k16 step, scale-d = (step > 0 or useC)."""
    return f"""
#include <cuda_fp16.h>
__device__ __forceinline__ unsigned long long desc_none(const void* p, unsigned lbo, unsigned sbo) {{
    unsigned a = (unsigned)__cvta_generic_to_shared(p);
    return (unsigned long long)((a & 0x3FFFF) >> 4) | ((unsigned long long)(lbo >> 4) << 16)
           | ((unsigned long long)(sbo >> 4) << 32);
}}
extern "C" __global__ void chain(const unsigned short* A, const unsigned short* B, const float* C, float* D,
                                 int useC) {{
    const int KW = {16 * steps};
    __shared__ __align__(128) unsigned short sA[64 * {16 * steps}];
    __shared__ __align__(128) unsigned short sB[8 * {16 * steps}];
    const int t = blockIdx.x;
    A += (size_t)t * 64 * KW; B += (size_t)t * 8 * KW; C += (size_t)t * 512; D += (size_t)t * 512;
    for (int i = threadIdx.x; i < 64 * KW; i += 128) {{      // A step s at s * 2048: (k/8)*1024 + r*16 + ...
        int r = i / KW, k = i % KW, s = k / 16, kk = k % 16;
        sA[(s * 2048 + (kk / 8) * 1024 + (r / 8) * 128 + (r % 8) * 16 + (kk % 8) * 2) / 2] = A[i];
    }}
    for (int i = threadIdx.x; i < 8 * KW; i += 128) {{
        int n = i / KW, k = i % KW, s = k / 16, kk = k % 16;
        sB[(s * 256 + (kk / 8) * 128 + n * 16 + (kk % 8) * 2) / 2] = B[i];
    }}
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    const int w = threadIdx.x / 32, l = threadIdx.x % 32, r = 16 * w + l / 4, c = 2 * (l % 4);
    float d0 = C[r * 8 + c], d1 = C[r * 8 + c + 1], d2 = C[(r + 8) * 8 + c], d3 = C[(r + 8) * 8 + c + 1];
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
    for (int s = 0; s < {steps}; ++s) {{
        unsigned long long da = desc_none(sA + s * 1024, 1024, 128), db = desc_none(sB + s * 128, 128, 256);
        int scale = (s > 0 || useC) ? 1 : 0;
        asm volatile("{{\\n.reg .pred p;\\nsetp.ne.b32 p, %6, 0;\\n"
                     "wgmma.mma_async.sync.aligned.m64n8k16.f32.@T@.@T@ "
                     "{{%0, %1, %2, %3}}, %4, %5, p, 1, 1, 0, 0;\\n}}\\n"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3) : "l"(da), "l"(db), "r"(scale));
    }}
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    D[r * 8 + c] = d0; D[r * 8 + c + 1] = d1; D[(r + 8) * 8 + c] = d2; D[(r + 8) * 8 + c + 1] = d3;
}}
"""


def run_config(g, ci: int):
    """(seeds, families, A, B, C, the emulator's D) of config ``ci``."""
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    dtype, steps, useC = g.CONFIGS[ci]
    seeds, fam, A, B, C = g.config_inputs(ci)
    k = tc.compile_cuda(source(steps).replace("@T@", dtype), filename=f"wgmma_chain_{dtype}_{steps}.cu").kernel("chain")
    D = np.zeros(C.shape, np.float32)
    res = launch(k, (len(seeds), 1, 1), (128, 1, 1), A, B, C.astype(np.float32), D, np.int32(useC), backend="emu")
    return seeds, fam, A, B, C, D, res


def compare(recording: Path, configs=None) -> dict:
    import gpu_wgmma_probe as g
    from hopper_common import load_arrays, sha
    rec = read_json(recording)
    arrays = load_arrays(rec["arrays"])
    name = "bench/results/" + Path(recording).name
    out = {"recording": name, "gpu": rec.get("gpu"), "command": "python bench/emu_wgmma_recording.py " + name,
           "model": "tilelab/emu/wgmma.py wgmma_f32", "configs": []}
    for ci, c in enumerate(rec["configs"]):
        if configs is not None and ci not in configs:
            continue
        seeds, fam, A, B, C, D, res = run_config(g, ci)
        if sha(A, B, C) != c["inputs_sha"]:
            raise SystemExit(f"config {c['key']}: the inputs re-draw to another hash than the recording's")
        gpu = arrays[f"D_{c['key']}"]
        eq = D.view(np.uint32) == gpu
        out["configs"].append({"key": c["key"], "equal": int(eq.sum()), "total": int(eq.size),
                               "findings": [str(f) for f in res.findings],
                               "per_family": {f: [int(eq[[x == f for x in fam]].sum()),
                                                  int(eq[[x == f for x in fam]].size)] for f in g.FAMILIES}})
    return out


def compare_ladder(recording: Path, labels=None) -> dict:
    """Lesson 07's rungs on the emulator against the recording's ``fixed`` outputs."""
    import tilelab as tl
    from hopper_common import SM90A, grid_of, ladder_table, load_arrays, sha, shared_bytes
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    rec = read_json(recording)
    fx = rec["fixed"]
    arrays = load_arrays(fx["arrays"])
    n = fx["size"]
    rng = np.random.default_rng(2026)                  # as the recording says (its "inputs")
    A = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    Bt = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    if sha(A, Bt) != fx["inputs_sha"]:
        raise SystemExit("the ladder's fixed inputs re-draw to another hash than the recording's")
    path = SM90A / "wgmma_ladder.cu"
    prog = tc.compile_cuda(path.read_text(), filename="kernels/sm90a/wgmma_ladder.cu", options=(f"-I{SM90A}",))
    name = "bench/results/" + Path(recording).name
    out = {"recording": name, "gpu": rec.get("gpu"), "size": n, "model": "tilelab/emu/wgmma.py, tilelab/emu/tma.py",
           "command": "python bench/emu_wgmma_recording.py --ladder " + name, "rungs": []}
    table = ladder_table()
    for r in table["rungs"] + table["side"]:
        if r["label"] not in fx["outputs"] or (labels and r["label"] not in labels):
            continue
        sw = {0: "none", 32: "32B", 64: "64B", 128: "128B"}[r["swizzle"]]
        tmA = tl.TensorMap(A, (r["box_a"][1], r["box_a"][0]), swizzle=sw)
        tmB = tl.TensorMap(Bt, (r["box_b"][1], r["box_b"][0]), swizzle=sw)
        C = np.full((n, n), np.nan, np.float32)
        grid = tuple(grid_of(r, n, n)) + (1,) * (3 - len(grid_of(r, n, n)))
        res = launch(prog.kernel(r["kernel"]), grid, (r["threads"], 1, 1), tmA, tmB, C, np.int32(n), np.int32(n),
                     np.int32(n), shared=shared_bytes(r), backend="emu")
        eq = C.view(np.uint32) == arrays["C_" + fx["outputs"][r["label"]]["sha"]]
        out["rungs"].append({"label": r["label"], "kernel": r["kernel"], "equal": int(eq.sum()), "total": int(eq.size),
                             "findings": [str(f) for f in res.findings]})
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("recording", nargs="?", type=Path)
    ap.add_argument("--configs", default="")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--ladder", type=Path, help="a ladder recording with fixed outputs")
    a = ap.parse_args(argv)
    if a.ladder:
        res = compare_ladder(a.ladder)
        day = read_json(a.ladder)["date"][:10]
        dest = a.out or ROOT / "bench" / "results" / f"wgmma-ladder-emu-vs-h200-{day}.json"
        dest.write_text(json.dumps(res, indent=1) + "\n")
        for c in res["rungs"]:
            print(f"{c['label']:16s} {c['equal']}/{c['total']}")
        print("wrote", dest)
        return 0 if all(c["equal"] == c["total"] and not c["findings"] for c in res["rungs"]) else 1
    rec = a.recording or Path(sorted(glob.glob(str(ROOT / "bench" / "results" / "wgmma_probe-20??-??-??.json.gz")))[-1])
    configs = {int(x) for x in a.configs.split(",")} if a.configs else None
    res = compare(rec, configs)
    day = read_json(rec)["date"][:10]
    dest = a.out or ROOT / "bench" / "results" / f"wgmma-emu-vs-h200-{day}.json"
    dest.write_text(json.dumps(res, indent=1) + "\n")
    for c in res["configs"]:
        print(f"{c['key']:12s} {c['equal']}/{c['total']}")
    print("wrote", dest)
    return 0 if all(c["equal"] == c["total"] and not c["findings"] for c in res["configs"]) else 1


if __name__ == "__main__":
    sys.exit(main())
