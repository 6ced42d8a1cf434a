"""The H200 recordings of lesson 07's hardware facts, read back and checked for what they claim:
bench/results/wgmma_probe-2026-12-02.json.gz (how wgmma accumulates, bit for bit, and what the TMA
writes for each swizzle mode; bench/gpu_wgmma_probe.py) and the newest gpu_tensor_ladder-*.json
(the sustained ladders of lessons 06 and 07; bench/gpu_tensor_ladder.py). The emulator's wgmma and
TMA are compared with these bits by their own tests; here: the inputs re-draw to the recorded
hashes, the recorded bits have the shapes and the properties that any correct run has, and the
ladder's ratios follow from its own samples."""
from __future__ import annotations

from conftest import read_json
import gzip

import glob
import json
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

PROBE = ROOT / "bench" / "results" / "wgmma_probe-2026-12-02.json.gz"


@pytest.fixture(scope="module")
def probe():
    from hopper_common import load_arrays
    d = json.loads(gzip.decompress(PROBE.read_bytes()))
    return d, load_arrays(d["arrays"])


def test_probe_inputs_redraw_to_the_recorded_hashes(probe):
    import gpu_wgmma_probe as g
    from hopper_common import sha
    d, _ = probe
    assert [tuple(c[k] for k in ("dtype", "steps", "useC")) for c in d["configs"]] == [tuple(c) for c in g.CONFIGS]
    for ci in (0, len(g.CONFIGS) - 1):          # one fp16, one bf16 (4 steps): the generator has not drifted
        seeds, fam, A, B, C = g.config_inputs(ci)
        assert seeds == d["configs"][ci]["seeds"] and fam == d["configs"][ci]["families"]
        assert sha(A, B, C) == d["configs"][ci]["inputs_sha"]


def test_probe_exact_sums_are_exact(probe):
    """Where the exact result needs no rounding at all (a few products of short powers of two, no C),
    every recorded output equals it: the bits are the hardware's answers, in the documented layout."""
    import gpu_wgmma_probe as g
    d, arrays = probe
    ci = next(i for i, c in enumerate(g.CONFIGS) if c == ("f16", 1, 0))
    seeds, fam, A, B, C = g.config_inputs(ci)
    D = arrays[f"D_{d['configs'][ci]['key']}"].view(np.float32)
    assert D.shape == (len(seeds), 64, 8)
    rows = [i for i, f in enumerate(fam) if f == "rounding"]
    ref = np.einsum("tmk,tnk->tmn", g.from_bits(A[rows], "f16"), g.from_bits(B[rows], "f16"))
    exact = ref.astype(np.float32).astype(np.float64) == ref
    assert exact.mean() > 0.9
    assert (D[rows][exact] == ref[exact]).all()
    # and random sums are close to float64 but not always its rounding (the point of recording them)
    uni = [i for i, f in enumerate(fam) if f == "uniform"]
    r = np.einsum("tmk,tnk->tmn", g.from_bits(A[uni], "f16"), g.from_bits(B[uni], "f16"))
    assert np.abs(D[uni] - r).max() < 1e-5


def test_tma_boxes_follow_the_swizzle_rule(probe):
    from hopper_common import expected_box
    d, arrays = probe
    rows, cols = d["tma"]["shape"]
    src = (np.arange(rows * cols) & 0xFFFF).astype(np.uint16).reshape(rows, cols)
    assert len(d["tma"]["cases"]) >= 5
    for c in d["tma"]["cases"]:
        want = expected_box(src, c["box"], c["x"], c["y"], c["swizzle_bytes"])
        assert (arrays[f"tma_{c['index']}"] == want).all(), c
    assert d["cupy_void_scalar"]["works"] in (True, False)


def _ladder():
    files = sorted(glob.glob(str(ROOT / "bench" / "results" / "gpu_tensor_ladder-20??-??-??.json")))
    if not files:
        pytest.skip("no ladder recording yet")
    return read_json(Path(files[-1]))


def test_ladder_ratios_follow_from_the_samples():
    d = _ladder()
    assert "sustained" in d["method"] and d["protocol"]["seconds_per_run"] >= 1.0 and d["protocol"]["repeats"] >= 3
    for n, s in d["sizes"].items():
        runs = s["runs"]
        med = {k: float(np.median([r["per_launch_s"] for r in v])) for k, v in runs.items()}
        for k, v in runs.items():
            assert all(r["seconds"] >= d["protocol"]["seconds_per_run"] * 0.95 for r in v), k
            tf = s["flops"][k] / med[k] / 1e12
            assert abs(tf - s["tflops_median"][k]) < 1e-6 * tf
            cub = s["flops"]["cublas"] / med["cublas"] / 1e12
            assert abs(s["fraction_of_cublas"][k] - tf / cub) < 1e-9
        assert all(c["pass"] for c in s["checks"].values())


def test_ladder_fixed_outputs_match_float64():
    from hopper_common import load_arrays, sha
    d = _ladder()
    f = d["fixed"]
    n = f["size"]
    rng = np.random.default_rng(2026)
    A = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    Bt = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    assert sha(A, Bt) == f["inputs_sha"]
    arrays = load_arrays(f["arrays"])
    ref = A.astype(np.float64) @ Bt.astype(np.float64).T
    for label, o in f["outputs"].items():
        C = arrays[f"C_{o['sha']}"].view(np.float32)
        assert C.shape == (n, n) and sha(C) == o["sha"]
        assert np.linalg.norm(C - ref) / np.linalg.norm(ref) < 1e-6, label


def test_no_swizzle_ncu_pair():
    """bench/results/gpu_tensor_ladder-2026-12-02-ncu.json: rung 2 and its no-swizzle twin under ncu at
    4096^3. By construction the twin issues eight TMA copies where rung 2 issues one (16-byte-wide boxes)
    and both issue the same wgmmas; the recording must say so, and shows what else moved."""
    d = read_json(ROOT / "bench" / "results" / "gpu_tensor_ladder-2026-12-02-ncu.json")
    sw, ns = d["ncu_swizzle"]["h2_pipelined"], d["ncu_swizzle"]["h2_no_swizzle"]
    tma, gmma = "sm__inst_executed_pipe_tma.sum", "sm__inst_executed_pipe_tensor_op_gmma.sum"
    n = d["ncu_swizzle"]["size"]
    blocks, ktiles = (n // 128) ** 2, n // 64
    assert sw[gmma] == ns[gmma] == blocks * ktiles * 8 * 4     # 8 wgmmas a k-tile, counted once per warp
    assert sw[tma] == blocks * ktiles * 2                      # one box of A, one of B
    assert ns[tma] == 8 * sw[tma]
    assert ns["gpu__time_duration.sum"] > 2 * sw["gpu__time_duration.sum"]
