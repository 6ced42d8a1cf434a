"""How the H200's wgmma accumulates, recorded bit for bit, and what its TMA writes.

    python bench/gpu_wgmma_probe.py [--out bench/results]

1. wgmma.mma_async m64n8k16 (fp16 and bf16 in, fp32 accumulate), kernels/wgmma_probe.cu: for every
   config (type, STEPS successive k16 instructions into one accumulator, C added or not) and every
   input family (crafted: wide exponents, cancelling products, C much larger than the products, sums
   on rounding boundaries, subnormals, inf/nan/max, one large product among small ones; and uniform
   random), TRIALS trials drawn by ``draw(family, seed, dtype, steps)`` below at a fixed seed. The
   recording keeps the seeds, a hash of each config's inputs (to check a re-draw) and D's uint32
   bits: the emulator's wgmma is compared with them offline (tests/test_hopper_recordings.py reads them).
2. The TMA's shared-memory image of one box for each swizzle mode (kernels/wgmma_probe.cu,
   tmaBoxDump) on a uint16 tensor whose elements are their own index, inside and across the edge.
3. Whether a 128-byte CUtensorMap passes by value: through cuLaunchKernel with an explicit parameter
   array (tilelab/gpu/tensormap.py) and through CuPy's own kernel call with a numpy void scalar.
Writes <out>/wgmma_probe-<date>.json, the raw bits inside it ("arrays": hopper_common.load_arrays).
"""
from __future__ import annotations

import json
import sys
import time
import traceback
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hopper_common import build, dump_arrays, load, sha  # noqa: E402

FAMILIES = ("uniform", "wide", "cancel", "c_dominant", "rounding", "subnormal", "specials", "order")
TRIALS = 8                                       # per family and config
CONFIGS = (("f16", 1, 1), ("f16", 1, 0), ("f16", 2, 1), ("f16", 4, 1),
           ("bf16", 1, 1), ("bf16", 1, 0), ("bf16", 2, 1), ("bf16", 4, 1))   # (type, STEPS, useC)
TMA_CASES = (  # (swizzle bytes, box [inner, rows], x, y)
    (0, (64, 64), 0, 0), (0, (8, 64), 8, 0), (32, (16, 64), 16, 8), (64, (32, 64), 32, 0),
    (128, (64, 64), 0, 0), (128, (64, 64), 64, 16), (128, (64, 64), 224, 96),   # the last crosses both edges
)
TMA_SHAPE = (128, 256)                           # rows x cols of the uint16 source (values = index)


def bf16_bits(x32: np.ndarray) -> np.ndarray:
    """float32 -> bf16 bits, round to nearest even (NaN kept quiet)."""
    u = np.asarray(x32, np.float32).view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(x32)
    r[nan] = 0x7FC0
    return r


def to_bits(x32, dtype: str) -> np.ndarray:
    x32 = np.asarray(x32, np.float32)
    return np.asarray(x32, np.float16).view(np.uint16) if dtype == "f16" else bf16_bits(x32)


def from_bits(bits, dtype: str) -> np.ndarray:
    bits = np.asarray(bits, np.uint16)
    if dtype == "f16":
        return bits.view(np.float16).astype(np.float64)
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def _pow2(rng, lo, hi, shape):
    s = rng.choice([-1.0, 1.0], size=shape)
    return s * np.exp2(rng.integers(lo, hi + 1, size=shape).astype(np.float64)) * (1 + rng.random(shape))


def draw(family: str, seed: int, dtype: str, steps: int):
    """One trial's inputs: A bits (64 x 16*steps), B bits (8 x 16*steps), C (64 x 8 float32)."""
    rng = np.random.default_rng(seed)
    K = 16 * steps
    big = 14 if dtype == "f16" else 60           # operand exponents that keep products inside fp32
    if family == "uniform":
        A, B, C = rng.uniform(-1, 1, (64, K)), rng.uniform(-1, 1, (8, K)), rng.uniform(-1, 1, (64, 8))
    elif family == "wide":
        A, B = _pow2(rng, -14, big, (64, K)), _pow2(rng, -14, big, (8, K))
        C = _pow2(rng, -40, 40, (64, 8))
    elif family == "cancel":
        A = np.empty((64, K))
        for r in range(64):
            x = _pow2(rng, -10, 10, K // 2)
            v = np.stack([x, -x], 1).ravel()
            if rng.random() < 0.7:
                v[rng.integers(K)] = _pow2(rng, -24, -10, 1)[0]
            A[r] = rng.permutation(v)
        B = np.repeat(np.exp2(rng.integers(-3, 4, (8, 1)).astype(np.float64)), K, axis=1)
        C = np.where(rng.random((64, 8)) < 0.5, 0.0, _pow2(rng, -20, -5, (64, 8)))
    elif family == "c_dominant":
        C = _pow2(rng, 0, 20, (64, 8))
        A, B = _pow2(rng, -8, -2, (64, K)), _pow2(rng, -8, -2, (8, K))
    elif family == "rounding":
        C = 1 + rng.integers(0, 2 ** 23, (64, 8)) * 2.0 ** -23
        A = np.zeros((64, K))
        for r in range(64):
            pos = rng.choice(K, size=rng.integers(1, 4), replace=False)
            A[r, pos] = rng.choice([-1.0, 1.0], len(pos)) * np.exp2(-rng.integers(6, 15, len(pos))) * \
                rng.choice([1.0, 1.5, 1.25, 1.125], len(pos))
        B = rng.choice([-1.0, 1.0], (8, K)) * np.exp2(-rng.integers(6, 15, (8, K)).astype(np.float64))
    elif family == "subnormal":
        tiny = 2.0 ** -24 if dtype == "f16" else 2.0 ** -133
        top = 1023 if dtype == "f16" else 127
        def sub(shape):
            s = rng.choice([-1.0, 1.0], shape) * rng.integers(1, top + 1, shape) * tiny
            n = _pow2(rng, -14, -10, shape) if dtype == "f16" else _pow2(rng, -126, -100, shape)
            return np.where(rng.random(shape) < 0.5, s, n)
        A, B = sub((64, K)), sub((8, K))
        C = np.select([rng.random((64, 8)) < 0.25, rng.random((64, 8)) < 0.3],
                      [rng.integers(1, 2 ** 20, (64, 8)) * 2.0 ** -149, np.zeros((64, 8))],
                      _pow2(rng, -40, -20, (64, 8)))
    elif family == "specials":
        mx = 65504.0 if dtype == "f16" else 3.3895313892515355e38
        A, B, C = rng.uniform(-1, 1, (64, K)), rng.uniform(-1, 1, (8, K)), rng.uniform(-1, 1, (64, 8))
        for X in (A, B):
            u = rng.random(X.shape)
            X[u < 0.01] = np.inf
            X[(u >= 0.01) & (u < 0.02)] = -np.inf
            X[(u >= 0.02) & (u < 0.03)] = np.nan
            X[(u >= 0.03) & (u < 0.08)] = mx
            X[(u >= 0.08) & (u < 0.13)] = -mx
        u = rng.random(C.shape)
        C[u < 0.03] = np.inf
        C[(u >= 0.03) & (u < 0.06)] = np.nan
        C[(u >= 0.06) & (u < 0.2)] = 3.0e38
    elif family == "order":
        A = np.empty((64, K))
        for r in range(64):
            e = rng.integers(-2, 8)
            v = rng.choice([-1.0, 1.0], K) * np.exp2(e - rng.integers(8, 31, K).astype(np.float64)) * \
                (1 + rng.integers(0, 8, K) / 8)
            v[rng.integers(K)] = 2.0 ** e * (1 + rng.integers(0, 8) / 8)
            A[r] = v
        B = np.where(rng.random((8, K)) < 0.5, 1.0, -1.0) * rng.choice([1.0, 0.5, 1.5], (8, K))
        C = np.where(rng.random((64, 8)) < 0.5, 0.0, _pow2(rng, -20, 0, (64, 8)))
    else:
        raise ValueError(family)
    with np.errstate(all="ignore"):
        return to_bits(A, dtype), to_bits(B, dtype), np.asarray(C, np.float32)


def config_inputs(ci: int):
    dtype, steps, _ = CONFIGS[ci]
    seeds, A, B, C, fam = [], [], [], [], []
    for fi, f in enumerate(FAMILIES):
        for t in range(TRIALS):
            s = 100000 * (ci + 1) + 1000 * fi + t
            a, b, c = draw(f, s, dtype, steps)
            seeds.append(s)
            fam.append(f)
            A.append(a)
            B.append(b)
            C.append(c)
    return seeds, fam, np.stack(A), np.stack(B), np.stack(C)


def run_probes(cp, res, arrays):
    mods = {}
    for steps in (1, 2, 4):
        b = build("wgmma_probe.cu", ["wgmmaProbeF16", "wgmmaProbeBF16"], (f"-DSTEPS={steps}",))
        mods[steps] = {n: load(cp, *b[n]) for n in ("wgmmaProbeF16", "wgmmaProbeBF16")}
        res.setdefault("probe_build", {})[str(steps)] = {"tool": b["_tool"], "nvrtc": b["_nvrtc"],
                                                          "wgmma_in_ptx": b["_ptx"].count("wgmma.mma_async")}
    res["configs"] = []
    for ci, (dtype, steps, useC) in enumerate(CONFIGS):
        seeds, fam, A, B, C = config_inputs(ci)
        fn = mods[steps]["wgmmaProbeF16" if dtype == "f16" else "wgmmaProbeBF16"]
        dA, dB, dC = cp.asarray(A), cp.asarray(B), cp.asarray(C)
        dD = cp.full(C.shape, np.nan, np.float32)
        fn((len(seeds),), (128,), (dA, dB, dC, dD, np.int32(useC)))
        cp.cuda.runtime.deviceSynchronize()
        D = cp.asnumpy(dD)
        key = f"{dtype}_s{steps}_c{useC}"
        arrays[f"D_{key}"] = D.view(np.uint32)
        # a first look (the model is the wgmma helper's): agreement with float64 sums rounded once
        ref = np.einsum("tmk,tnk->tmn", from_bits(A, dtype), from_bits(B, dtype)) + (C.astype(np.float64) if useC else 0)
        with np.errstate(all="ignore"):
            r32 = ref.astype(np.float32)
        fin = np.isfinite(ref) & np.isfinite(D)
        same = (D.view(np.uint32) == r32.view(np.uint32)) | (np.isnan(D) & np.isnan(r32))
        res["configs"].append({"key": key, "dtype": dtype, "steps": steps, "useC": useC, "seeds": seeds,
                               "families": fam, "inputs_sha": sha(A, B, C),
                               "equal_to_float64_rounded_once": float(same.mean()),
                               "max_abs_diff_finite": float(np.abs(D[fin] - ref[fin]).max()) if fin.any() else None,
                               "per_family_equal": {f: float(same[[x == f for x in fam]].mean()) for f in FAMILIES}})
        print(f"probe {key}: {same.mean():.4f} equal to float64 rounded once", flush=True)


def run_tma(cp, res, arrays):
    from tilelab.gpu.tensormap import encode_tiled, launch_with_maps
    b = build("wgmma_probe.cu", ["tmaBoxDump"])
    fn = load(cp, *b["tmaBoxDump"])
    rows, cols = TMA_SHAPE
    src = cp.arange(rows * cols, dtype=cp.uint16).reshape(rows, cols)
    res["tma"] = {"shape": list(TMA_SHAPE), "source": "uint16 element (r, c) = r * cols + c", "cases": []}
    for i, (sw, box, x, y) in enumerate(TMA_CASES):
        nbytes = box[0] * box[1] * 2
        m = encode_tiled(src.data.ptr, np.uint16, [cols, rows], [cols * 2], list(box), swizzle_bytes=sw)
        out = cp.zeros(nbytes // 2, cp.uint16)
        launch_with_maps(fn, (1,), (128,), [m, out, np.int32(x), np.int32(y), np.int32(nbytes)])
        cp.cuda.runtime.deviceSynchronize()
        arrays[f"tma_{i}"] = cp.asnumpy(out)
        res["tma"]["cases"].append({"index": i, "swizzle_bytes": sw, "box": list(box), "x": x, "y": y,
                                    "map_bytes_hex": m.data.hex()})
    # the second way to pass the map: CuPy's kernel call with a 128-byte numpy void scalar
    m = encode_tiled(src.data.ptr, np.uint16, [cols, rows], [cols * 2], [64, 64], swizzle_bytes=128)
    out2 = cp.zeros(4096, cp.uint16)
    try:
        v = np.frombuffer(m.data, dtype=np.dtype((np.void, 128)))[0]
        fn((1,), (128,), (v, out2, np.int32(0), np.int32(0), np.int32(8192)))
        cp.cuda.runtime.deviceSynchronize()
        res["cupy_void_scalar"] = {"works": bool((cp.asnumpy(out2) == arrays["tma_4"]).all())}
    except Exception as e:  # noqa: BLE001
        res["cupy_void_scalar"] = {"works": False, "error": f"{type(e).__name__}: {e}"[:400]}
    print(f"tma: {len(TMA_CASES)} boxes dumped; cupy void scalar: {res['cupy_void_scalar']}", flush=True)


def main(argv=None):
    import argparse
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default="bench/results")
    p.add_argument("--commit", default="")
    args = p.parse_args(argv)
    import cupy as cp
    from tilelab.gpu.tensormap import cuda_bindings_version
    res = {"benchmark": "wgmma_probe", "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
           "commit": args.commit, "command": "python bench/gpu_wgmma_probe.py --out $OUT",
           "gpu": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "cupy": cp.__version__,
           "cuda_bindings": cuda_bindings_version(), "families": list(FAMILIES), "trials_per_family": TRIALS,
           "layout": "D[t] (64 x 8) = C[t] (if useC) + sum_s A[t][:, 16s:16s+16] @ B[t][:, 16s:16s+16]^T, one "
                     "wgmma.mma_async.m64n8k16 per step s into the same accumulators; bits in arrays as "
                     "D_<dtype>_s<steps>_c<useC> (trials x 64 x 8 uint32); inputs from draw(family, seed, dtype, steps)",
           "errors": []}
    arrays = {}
    for what, f in (("probes", run_probes), ("tma", run_tma)):
        try:
            f(cp, res, arrays)
        except Exception as e:  # noqa: BLE001
            res["errors"].append(f"{what}: {type(e).__name__}: {e}\n{traceback.format_exc()[-1500:]}")
            print(res["errors"][-1], flush=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    day = res["date"][:10]
    res["arrays"] = dump_arrays(arrays)            # hopper_common.load_arrays reads them back
    (out / f"wgmma_probe-{day}.json").write_text(json.dumps(res, indent=1))
    print(f"wrote {out}/wgmma_probe-{day}.json, errors: {len(res['errors'])}")
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
