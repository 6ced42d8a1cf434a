"""Exercise 07's speed part on the H200: the exercise's reference (kernels/sm90a/wgmma_exercise.cu,
gemmTmaWgmma) against the baseline its rubric times it with (wgmma_exercise_noswizzle.cu: the same
kernel with no swizzle), with cuBLAS in the same process, and the gate the rubric takes from it.

    python bench/gpu_exercise07.py [--size 8192] [--seconds 1.0] [--repeats 3] [--judged 7680,8000,8704]

Both kernels are compiled and launched as the judge does (the rubric check's spec, tilelab.judge.Engine,
the problem gemm_fp16_tma's inputs and tensor maps, the baseline's own maps through tilelab.tma.relaid).

1. The sustained protocol of lesson 07's ladder (bench/gpu_tensor_ladder.py: each kernel back to back
   for >= --seconds, interleaved, --repeats rotated repeats, median; cuBLAS in the same process) at
   --size^3.
2. The judge's own timing (tilelab.bench.gpu_times: L2 flushed, every launch into freshly poisoned
   outputs from a rotating pool and checked, the baseline's values compared) at --size^3 and at the
   --judged sizes (multiples of the tile from the rubric's timed range).
3. The gate: 0.9 x the smallest reference / baseline ratio of 1 and 2, rounded down to 0.05
   (lesson 06's rule: 0.9 x the H200 figure). tests/test_rubric_07_speed.py checks that
   tilelab/rubric/07_hopper.toml's min_speedup is this gate and that every ratio recorded clears it.

``--write-gate`` then sets the speed part's min_speedup in tilelab/rubric/07_hopper.toml to the gate
(on the device, before the corpus is judged there); ``--gate-from RECORDING`` does only that, from a
recording brought back.

Writes bench/results/gpu_exercise07-<date>.json.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_common import Clock, guarded, header, parser, write  # noqa: E402
from gpu_tensor_ladder import PROTOCOL, Cublas, smi, sustained  # noqa: E402

ASSIGNMENT, GRADE_ID, PART = "07_hopper", "gemm_tma_wgmma_check", "speed"
MARGIN, STEP = 0.9, 0.05


def gate(ratios) -> float:
    """0.9 x the smallest ratio, rounded down to a multiple of 0.05."""
    return round(math.floor(MARGIN * min(ratios) / STEP + 1e-9) * STEP, 2)


RUBRIC = Path(__file__).resolve().parents[1] / "tilelab" / "rubric" / f"{ASSIGNMENT}.toml"


def write_gate(min_speedup: float, path: Path = RUBRIC) -> None:
    """Set ``min_speedup`` of the speed part (the one timed against the no-swizzle baseline)."""
    import re
    text = path.read_text()
    new, n = re.subn(r'(reference = "no_swizzle"\n\s*min_speedup = )[0-9.]+', rf"\g<1>{min_speedup:.2f}", text)
    if n != 1:
        raise SystemExit(f"{path}: no single speed part timed against no_swizzle to set")
    path.write_text(new)
    print(f"{path.name}: min_speedup = {min_speedup:.2f}", flush=True)


def kernels(dev):
    """(check, {label: (tilelab kernel, KernelSpec, block, shared, maps)}): the reference as the learner's
    cell would be graded ("yours"), and the speed part's baseline."""
    from tilelab.gpu.spec import kernel_spec
    from tilelab.judge import Engine
    from tilelab.rubric import load_rubric
    check = load_rubric(ASSIGNMENT).check(GRADE_ID)
    part = check.part(PART)
    ref_label = part["reference"]
    spec = check.spec("", backend="gpu")
    eng = Engine("gpu")
    eng.pin(spec.counting)
    arch = dev.info()["arch"]
    out = {}
    for label, r in (("reference", spec.references["pipelined"]), (ref_label, spec.references[ref_label])):
        k = eng.compile(r.source, r.kernel, r.filename, 1)
        out[label] = (k, kernel_spec(k, arch), r.block or check.block, int(r.shared or 0), r.maps, r.filename)
    return check, part, out


def sustained_pair(cp, dev, check, ks, n, args, res):
    from tilelab.gpu.spec import pack_args
    from tilelab.gpu.timing import kernel_launcher
    from tilelab.problems import get_problem
    from tilelab.tma import relaid
    prob = get_problem(check.problem)
    size = prob.size(n)
    inputs = prob.inputs(size, 0)
    go, outs = {}, {}
    for label, (k, spec, block, shared, maps, _) in ks.items():
        grid, blk, _ = prob.launch(size, block)
        outputs = prob.new_outputs(size)
        a = prob.args(relaid(inputs, maps), outputs)
        launch = kernel_launcher(dev, spec, grid, blk, pack_args(k.name, k.params, a), shared)
        go[label] = launch
        outs[label] = launch.dev_args[[p.name for p in prob.params].index("C")]
    with dev.stream:
        dA, dBt = cp.asarray(inputs["A"]), cp.asarray(inputs["Bt"])
        outs["cublas"] = cp.full((size[0], size[1]), np.nan, cp.float32)
    go["cublas"] = Cublas(cp, dev.stream, dA, dBt, outs["cublas"])
    for f in go.values():
        f()
    dev.stream.synchronize()
    checks = {}
    for label in ks:
        o = outs[label]
        err = float((cp.linalg.norm(o - outs["cublas"]) / cp.linalg.norm(outs["cublas"])).get())
        checks[label] = {"nan": int(cp.isnan(o).sum().get()), "rel_err_vs_cublas": err,
                         "pass": bool(err < 1e-4 and not int(cp.isnan(o).sum().get()))}
    print(f"N={n}: checks {checks}", flush=True)
    labels = list(go)
    runs = {k: [] for k in labels}
    for rep in range(args.repeats):
        order = labels[rep % len(labels):] + labels[:rep % len(labels)]
        for k in order:
            runs[k].append(sustained(cp, dev.stream, go[k], args.seconds))
    med = {k: float(np.median([r["per_launch_s"] for r in v])) for k, v in runs.items()}
    flops = 2.0 * size[0] * size[1] * size[2]
    base = [k for k in ks if k != "reference"][0]
    out = {"size": list(size), "checks": checks, "runs": runs, "median_s": med,
           "tflops_median": {k: flops / v / 1e12 for k, v in med.items()},
           "fraction_of_cublas": {k: med["cublas"] / v for k, v in med.items()},
           "ratio_reference_over_baseline": med[base] / med["reference"],
           "ratio_per_repeat": [runs[base][i]["per_launch_s"] / runs["reference"][i]["per_launch_s"]
                                for i in range(args.repeats)]}
    res["sustained"] = out
    print("  sustained: " + ", ".join(f"{k} {out['tflops_median'][k]:.1f} TFLOP/s" for k in med)
          + f"; reference / {base} = {out['ratio_reference_over_baseline']:.3f}", flush=True)


def judged(check, ks, n, res):
    """The judge's own timing (tilelab.bench.gpu_times), as part_speedup calls it."""
    from tilelab.bench import gpu_times
    base = [k for k in ks if k != "reference"][0]
    st = gpu_times({"yours": ks["reference"][0], base: ks[base][0]}, check.problem, n,
                   block={"yours": ks["reference"][2], base: ks[base][2]},
                   shared={"yours": ks["reference"][3], base: ks[base][3]}, baseline=base, maps={base: ks[base][4]})
    row = {"size": n, "median_s": {k: v["median_s"] for k, v in st.items()},
           "stats": {k: {x: v.get(x) for x in ("median_s", "min_s", "rel_stderr", "n", "converged", "checked_runs",
                                              "wrong_runs", "disagrees")} for k, v in st.items()}}
    row["ratio_reference_over_baseline"] = st[base]["median_s"] / st["yours"]["median_s"]
    res["judged"].append(row)
    print(f"  judged N={n}: reference {row['median_s']['yours'] * 1e3:.3f} ms, {base} "
          f"{row['median_s'][base] * 1e3:.3f} ms, ratio {row['ratio_reference_over_baseline']:.3f}", flush=True)


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--size", type=int, default=8192)
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--judged", default="7680,8000,8704", help="further sizes timed the judge's way")
    p.add_argument("--write-gate", action="store_true", help="set the rubric's min_speedup to the gate")
    p.add_argument("--gate-from", default="", help="only set the rubric's min_speedup from this recording")
    args = p.parse_args(argv)
    if args.gate_from:
        import json
        write_gate(json.loads(Path(args.gate_from).read_text())["gate"]["min_speedup"])
        return 0
    import cupy as cp
    from tilelab.gpu.device import Device
    dev = Device()
    clock = Clock()
    check, part, ks = kernels(dev)
    res = header("gpu_exercise07", dev, args)
    res["method"] = {"sustained": PROTOCOL.format(seconds=args.seconds, repeats=args.repeats,
                                                  mib=args.size ** 2 * 2 // 2 ** 20),
                     "judged": "tilelab.bench.gpu_times as the judge's speed part calls it: " + res["method"]
                               + " Every launch into freshly poisoned outputs (OutputPool), values checked, "
                               "the baseline's compared."}
    res.update(check=GRADE_ID, part=PART, baseline=part["reference"],
               kernels={k: {"file": v[5], "kernel": v[0].name,
                            "block": v[2], "shared": v[3], "maps": v[4]} for k, v in ks.items()},
               judged=[], errors=[], smi_before=smi())
    print(f"[{clock}] compiled {list(ks)}", flush=True)
    guarded(lambda: sustained_pair(cp, dev, check, ks, args.size, args, res), res["errors"], "sustained")
    for n in [args.size] + [int(x) for x in args.judged.split(",") if x]:
        guarded(lambda n=n: judged(check, ks, n, res), res["errors"], f"judged N={n}")
    ratios = ([res["sustained"]["ratio_reference_over_baseline"]] if "sustained" in res else []) + \
        [r["ratio_reference_over_baseline"] for r in res["judged"]]
    if ratios:
        res["gate"] = {"min_speedup": gate(ratios), "rule": f"{MARGIN} x the smallest ratio, rounded down to {STEP}",
                       "smallest_ratio": min(ratios)}
        print(f"gate: {res['gate']}", flush=True)
    res["smi_after"] = smi()
    write("gpu_exercise07", res, args.out)
    if args.write_gate and "gate" in res:
        write_gate(res["gate"]["min_speedup"])
    print(f"[{clock}] done; errors: {res['errors']}", flush=True)
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
