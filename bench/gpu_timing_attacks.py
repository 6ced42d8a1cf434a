"""Only work is timed (issue 20): kernels that skip work between timed launches, timed the old way
and the new way, on one GPU in one process; and the special registers the hardware returns.

Cases (the judge's speed parts): 02 at N=2048 (naive matmul = 1), 04 at 8192^2 (the [32][32]
transpose = 1), and 06's Tensor Core references at 8192^3 (to show their sustained-load times are
the same under both protocols). For each kernel:

- before: the old loop (``kernel_launcher`` without outputs): one module, the same buffers
  re-launched, nothing refilled or checked; the speedup the old judge would have used;
- after: the new loop (``kernel_launcher(..., outputs=...)``): every launch from the module's
  initial variables, into freshly poisoned outputs of a rotating pool, each launch's values
  checked, and the first values checked against the case's reference kernel;
- judge: ``tilelab.bench.gpu_times`` through the GPU worker, as ``Engine.time`` calls it (the
  message a learner would read, or the speedup).

Also: %gridid, %nsmid, %nwarpid, %envreg0..31 read by consecutive launches (what the
emulator's GPU-like values must stay within).
"""
from __future__ import annotations

import os
import sys

import numpy as np

from gpu_common import Clock, ROOT, brief, guarded, header, parser, write

ATTACKS = ROOT / "tests" / "submissions"

CASES = {
    "02_matmul": dict(problem="matmul", size=2048, reference="naive", need=1.3, block=(32, 32), kernels={
        "naive": ("kernels/matmul_naive.cu", "matmulNaive"),
        "tiled": ("kernels/matmul_tiled.cu", "matmulTiled32"),
        "attack_skip_when_written": ("tests/submissions/02_naive_skip_when_written.cu", "matmulTiled")}),
    "04_transpose": dict(problem="transpose", size=8192, reference="unpadded", need=1.6, block=(32, 8), kernels={
        "unpadded": ("kernels/transpose.cu", "transposeShared32"),
        "padded": ("kernels/transpose.cu", "transposePadded"),
        "attack_naive_skip_when_written": ("tests/submissions/04_naive_skip_when_written.cu", "transposePadded"),
        "attack_device_launch_counter": ("tests/submissions/04_device_launch_counter.cu", "transposePadded")}),
    "06_gemm": dict(problem="gemm_fp16", size=(8192, 8192, 8192), reference="plain", need=None, block=(256,),
                    kernels={"plain": ("kernels/mma_ladder.cu", "mmaR1Plain"),
                             "one_stage": ("kernels/mma_ladder.cu", "mmaR3CpAsync")}),
}

PROBE = r"""
__global__ void probe(unsigned long long* out)
{
    unsigned long long g; unsigned int v;
    asm volatile("mov.u64 %0, %%gridid;" : "=l"(g)); out[0] = g;
    asm volatile("mov.u32 %0, %%nsmid;" : "=r"(v)); out[1] = v;
    asm volatile("mov.u32 %0, %%nwarpid;" : "=r"(v)); out[2] = v;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(v)); out[3] = v;
#define ENV(i) asm volatile("mov.u32 %0, %%envreg" #i ";" : "=r"(v)); out[4 + i] = v;
    ENV(0) ENV(1) ENV(2) ENV(3) ENV(4) ENV(5) ENV(6) ENV(7) ENV(8) ENV(9) ENV(10) ENV(11) ENV(12) ENV(13)
    ENV(14) ENV(15) ENV(16) ENV(17) ENV(18) ENV(19) ENV(20) ENV(21) ENV(22) ENV(23) ENV(24) ENV(25)
    ENV(26) ENV(27) ENV(28) ENV(29) ENV(30) ENV(31)
}
"""


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--cases", nargs="+", default=list(CASES))
    p.add_argument("--max-seconds", type=float, default=1.5)
    p.add_argument("--no-judge", action="store_true", help="leave out the gpu_times (worker) runs")
    p.add_argument("--pool-study", type=int, default=0, metavar="REPEATS",
                   help="only: 04's references (and the copy) under the old loop and pools of 1, 2, 3 sets")
    args = p.parse_args(argv)
    from tilelab.args import pack_args
    from tilelab.bench import gpu_times
    from tilelab.toolchain import compile_cuda, kernel_from_file
    from tilelab.gpu.device import Device
    from tilelab.gpu.spec import kernel_spec
    from tilelab.gpu.timing import kernel_launcher, measure
    from tilelab.problems import get_problem
    dev = Device()
    cp = dev.cp
    arch = dev.info()["arch"]
    clock = Clock()
    res = header("gpu_timing_attacks", dev, args)
    res.update(cases={}, errors=[], registers=None)
    opts = dict(max_seconds=args.max_seconds, max_runs=150, min_runs=10)

    def registers():
        k = compile_cuda(PROBE, filename="probe.cu").kernels["probe"]
        sp = kernel_spec(k, arch)
        rows = []
        for _ in range(4):
            out = np.zeros(36, np.uint64)
            got = dev.run(sp, (1,), (1,), pack_args(k.name, k.params, [out]))[0]
            rows.append({"gridid": int(got[0]), "nsmid": int(got[1]), "nwarpid": int(got[2]), "smid": int(got[3]),
                         "envreg": [int(x) for x in got[4:36]]})
        return rows
    res["registers"] = guarded(registers, res["errors"], "registers")
    print(f"[{clock}] registers: {res['registers']}", flush=True)

    if args.pool_study:
        res["pool_study"] = guarded(lambda: pool_study(dev, arch, args.pool_study, opts), res["errors"], "pool study")
        write("gpu_timing_pool_study", res, args.out)
        return 0

    for name in args.cases:
        case = CASES[name]
        prob = get_problem(case["problem"])
        size = prob.size(case["size"])
        kernels = {label: kernel_from_file(ROOT / f, k) for label, (f, k) in case["kernels"].items()}
        specs = {label: kernel_spec(k, arch) for label, k in kernels.items()}
        print(f"[{clock}] {name}: compiled {len(specs)}", flush=True)
        inputs = prob.inputs(size, 0)
        names = [q.name for q in prob.params]
        outputs = {names.index(o): (prob.rtol, prob.floor) for o in prob.outputs}
        grid, blk, dyn = prob.launch(size, case["block"])
        ref = case["reference"]
        out = {"problem": prob.name, "size": prob.label(size), "reference": ref, "min_speedup": case["need"],
               "kernels": {label: f"{f}:{k}" for label, (f, k) in case["kernels"].items()}}

        def one(protocol):
            launches = {}
            for label, k in kernels.items():
                packed = pack_args(k.name, k.params, prob.args(inputs, prob.new_outputs(size)))
                launches[label] = kernel_launcher(dev, specs[label], grid, blk, packed, dyn,
                                                  outputs=outputs if protocol == "after" else None)
            agree = {label: ref for label in kernels if label != ref} if protocol == "after" else None
            stats = measure(dev, launches, agree=agree, **opts)
            t = {label: s["median_s"] for label, s in stats.items()}
            row = {"stats": stats, "median_ms": {k: v * 1e3 for k, v in t.items()},
                   "speedup_over_reference": {k: t[ref] / v for k, v in t.items()}}
            if protocol == "before":       # what the buffers held after the old loop, against the reference's
                dev.stream.synchronize()
                base = launches[ref].dev_args
                row["left_wrong_elements"] = {
                    label: {names[i]: int((~cp.isclose(f.dev_args[i], base[i], rtol=max(prob.rtol, 1e-6),
                                                         equal_nan=False)).sum().get()) for i in outputs}
                    for label, f in launches.items()}
            if case["need"]:
                row["speed_points"] = {
                    k: bool(t[ref] / v >= case["need"] and not stats[k].get("wrong_runs")
                            and not stats[k].get("disagrees")) for k, v in t.items() if k != ref}
            del launches
            cp.get_default_memory_pool().free_all_blocks()
            return row

        for protocol in ("before", "after"):
            out[protocol] = guarded(lambda: one(protocol), res["errors"], f"{name} {protocol}")
            r = out[protocol]
            if r:
                for label, s in r["stats"].items():
                    print(f"  {protocol:6s} {label:32s} {r['median_ms'][label]:9.4f} ms  x{r['speedup_over_reference'][label]:8.2f}"
                          f"  n={s['n']} wrong={s.get('wrong_runs')}/{s.get('checked_runs')} disagrees={s.get('disagrees')}",
                          flush=True)
        if not args.no_judge and case["need"]:
            out["judge"] = {}
            for label in kernels:
                if label == ref:
                    continue

                def judged(label=label):
                    try:
                        st = gpu_times({label: kernels[label], ref: kernels[ref]}, prob, size,
                                       block=case["block"], shared=dyn, baseline=ref, max_seconds=args.max_seconds,
                                       max_runs=150)
                        return {"speedup": st[ref]["median_s"] / st[label]["median_s"], "error": None}
                    except Exception as e:
                        return {"speedup": None, "error": f"{type(e).__name__}: {e}"}
                out["judge"][label] = guarded(judged, res["errors"], f"{name} judge {label}")
                print(f"  judge  {label:32s} {out['judge'][label]}", flush=True)
        res["cases"][name] = out
        cp.get_default_memory_pool().free_all_blocks()
    write("gpu_timing_attacks", res, args.out)
    return 0


def pool_study(dev, arch, repeats, opts):
    """Where the new loop's time goes on 04 at 8192^2: the old loop, then pools of 1, 2 and 3 sets."""
    from tilelab.args import pack_args
    from tilelab.toolchain import kernel_from_file
    from tilelab.gpu.spec import kernel_spec
    from tilelab.gpu.timing import kernel_launcher, measure
    from tilelab.problems import get_problem
    prob = get_problem("transpose")
    size = prob.size(8192)
    labels = {"unpadded": "transposeShared32", "padded": "transposePadded", "copy": "copySameGeometry"}
    kernels = {k: kernel_from_file(ROOT / "kernels/transpose.cu", v) for k, v in labels.items()}
    specs = {k: kernel_spec(v, arch) for k, v in kernels.items()}
    inputs = prob.inputs(size, 0)
    grid, blk, dyn = prob.launch(size, (32, 8))
    out = []
    for rep in range(repeats):
        for pool in (0, 1, 2, 3):
            launches = {}
            for label, k in kernels.items():
                packed = pack_args(k.name, k.params, prob.args(inputs, prob.new_outputs(size)))
                launches[label] = kernel_launcher(dev, specs[label], grid, blk, packed, dyn,
                                                  outputs={1: (0.0, 0.0)} if pool else None, pool_size=max(pool, 1))
            st = measure(dev, launches, **opts)
            row = {"repeat": rep, "pool_sets": pool or None, "median_ms": {k: v["median_s"] * 1e3 for k, v in st.items()},
                   "padded_over_unpadded": st["unpadded"]["median_s"] / st["padded"]["median_s"],
                   "padded_over_copy": st["copy"]["median_s"] / st["padded"]["median_s"],
                   "wrong_runs": {k: v.get("wrong_runs") for k, v in st.items()}, "stats": st}
            print(f"  pool={pool} rep={rep} " + " ".join(f"{k}={v:.4f}ms" for k, v in row["median_ms"].items())
                  + f" padded/unpadded x{row['padded_over_unpadded']:.2f} padded/copy x{row['padded_over_copy']:.2f}",
                  flush=True)
            out.append(row)
            del launches
            dev.cp.get_default_memory_pool().free_all_blocks()
    return out


if __name__ == "__main__":
    sys.exit(main())
