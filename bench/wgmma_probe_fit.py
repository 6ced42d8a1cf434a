"""Offline: how well simple models of wgmma's accumulation reproduce the H200's recorded bits
(bench/results/wgmma_probe-2026-12-02.json.gz, written by bench/gpu_wgmma_probe.py). No GPU.

    python bench/wgmma_probe_fit.py [--bits 23 24 25 26 27]

The family of models: per k16 instruction, the 17 terms (the accumulator and the 16 exact products)
are aligned to the largest exponent among them, each truncated to a multiple of 2^(emax - F), summed
exactly, and the sum rounded to fp32 toward zero (rz) or to nearest (rn). Prints, per config, the
share of outputs whose bits equal the model's for each (F, rounding), and per input family for the
best. A starting point for the emulator's exact model (tilelab/emu, the wgmma helper's), not the model.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gpu_wgmma_probe as g  # noqa: E402
from hopper_common import load_arrays  # noqa: E402
from recorded import read_json  # noqa: E402  (plain or gzipped recordings)

RECORDING = Path(__file__).resolve().parent / "results" / "wgmma_probe-2026-12-02.json.gz"


def to_f32(x, mode: str):
    x = np.asarray(x, np.float64)
    with np.errstate(all="ignore"):
        r = x.astype(np.float32)
    if mode == "rn":
        return r
    over = np.abs(r.astype(np.float64)) > np.abs(x)
    return np.where(over, np.nextafter(r, np.float32(0)), r)


def model(A, B, C, dtype: str, steps: int, use_c: int, F: int, mode: str):
    a, b = g.from_bits(A, dtype), g.from_bits(B, dtype)
    acc = C.astype(np.float64) if use_c else np.zeros(C.shape)
    with np.errstate(all="ignore"):
        for s in range(steps):
            k = slice(16 * s, 16 * s + 16)
            terms = np.concatenate([acc[..., None], np.einsum("tmk,tnk->tmnk", a[:, :, k], b[:, :, k])], axis=-1)
            e = np.where(terms != 0, np.floor(np.log2(np.abs(terms))), -1e9)
            q = np.exp2(e.max(-1, keepdims=True) - F)
            acc = to_f32((np.trunc(terms / q) * q).sum(-1), mode).astype(np.float64)
    return acc.astype(np.float32)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bits", type=int, nargs="+", default=[23, 24, 25, 26, 27])
    args = p.parse_args(argv)
    d = read_json(RECORDING)
    arrays = load_arrays(d["arrays"])
    for ci, (dtype, steps, use_c) in enumerate(g.CONFIGS):
        _, fam, A, B, C = g.config_inputs(ci)
        D = arrays[f"D_{dtype}_s{steps}_c{use_c}"].view(np.float32)
        share = {}
        for F in args.bits:
            for mode in ("rz", "rn"):
                M = model(A, B, C, dtype, steps, use_c, F, mode)
                share[(F, mode)] = (M.view(np.uint32) == D.view(np.uint32)) | (np.isnan(M) & np.isnan(D))
        best = max(share, key=lambda k: share[k].mean())
        fam = np.array(fam)
        print(f"{dtype} steps={steps} C={use_c}: best F={best[0]} {best[1]} {share[best].mean():.4f}  "
              + " ".join(f"{F}{m}={v.mean():.3f}" for (F, m), v in share.items()))
        print("   per family: " + ", ".join(f"{f} {share[best][fam == f].mean():.3f}" for f in g.FAMILIES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
