"""Shared-memory loads against stride: the GPU's cost beside the bank model's prediction.

    python bench/gpu_bank_stride.py [--strides 0 1 ... 33] [--ncu] [--out bench/results]

Each lane of a warp reads the 4-byte word ``lane * stride`` (+ a multiple of 32 words
that changes every load, which keeps the banks and stops the compiler hoisting).
Every thread issues 8 independent loads per iteration, so the kernel is bound by
shared-memory throughput, not latency, and its time per warp request follows the
number of wavefronts: DESIGN §5 predicts gcd(stride, 32) for 4-byte words (stride 0
is a broadcast: 1). Stride 0 is included as the broadcast case.

Reported per stride: the predicted wavefronts (the emulator's own rule, from
``tilelab.emu.counters.metrics`` when present, else the same rule here), the measured time per
request per SM in ns and in SM cycles at the measured clock, its ratio to stride 1,
and with --ncu the wavefronts per request that Nsight Compute counted.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

from gpu_common import Clock, guarded, header, parser, spec_src, write

SOURCE = (Path(__file__).resolve().parent.parent / "kernels" / "bank_stride.cu").read_text()  # lesson 03's kernel
LOADS_PER_ITER = 8
THREADS = 256


def predicted_wavefronts(stride: int) -> int:
    """Wavefronts of one warp request, by the emulator's rule when it is importable."""
    lanes = np.arange(32, dtype=np.int64)
    addr = (lanes * stride * 4)[None, :]
    try:
        from tilelab.emu.counters.metrics import shared_wavefronts
        return int(shared_wavefronts(addr, np.ones_like(addr, dtype=bool), 4)[0])
    except Exception:
        words = addr[0] // 4
        per_bank = {}
        for w in words:
            per_bank.setdefault(int(w) % 32, set()).add(int(w))
        return max(len(v) for v in per_bank.values())


def expected_sum(stride, iters):
    """What each lane's ``acc`` must be (int32 wrap-around), to check the kernel ran."""
    s = (np.arange(3072, dtype=np.int64) * 7 + 1)
    out = np.zeros(32, dtype=np.int64)
    for lane in range(32):
        base = lane * stride
        per_o = [sum(int(s[base + o + (j << 8)]) for j in range(8)) for o in range(0, 256, 32)]
        full, rem = divmod(iters, 8)
        out[lane] = full * sum(per_o) + sum(per_o[:rem])
    return ((out + 2**31) % 2**32 - 2**31).astype(np.int32)


def main(argv=None):
    p = parser(__doc__)
    p.add_argument("--strides", type=int, nargs="+", default=list(range(0, 34)))
    p.add_argument("--iters", type=int, default=1024)
    p.add_argument("--blocks-per-sm", type=int, default=8)
    p.add_argument("--ncu", action="store_true")
    args = p.parse_args(argv)
    from tilelab.gpu.device import Device
    from tilelab.gpu.timing import kernel_launcher, measure
    dev = Device()
    cp = dev.cp
    info = dev.info()
    sms = info["sm_count"]
    clock = Clock()
    k = spec_src(SOURCE, "sharedStride", info["arch"], "bench/gpu_bank_stride.py#sharedStride")
    blocks = sms * args.blocks_per_sm
    res = header("gpu_bank_stride", dev, args)
    res.update(kernel_source=SOURCE, grid=[blocks], block=[THREADS], iters=args.iters,
               loads_per_thread=args.iters * LOADS_PER_ITER, errors=[],
               requests_total=blocks * (THREADS // 32) * args.iters * LOADS_PER_ITER)
    launches, outs = {}, {}
    for s in args.strides:
        with dev.stream:
            d_out = cp.zeros(blocks * THREADS, dtype=cp.int32)
        outs[s] = d_out
        launches[f"stride{s}"] = kernel_launcher(dev, k, (blocks,), (THREADS,),
                                                 dev_args=[d_out, np.int32(s), np.int32(args.iters)])
    checks = {}

    def check(label):
        s = int(label[6:])
        dev.stream.synchronize()
        got = cp.asnumpy(outs[s][:THREADS]).reshape(-1, 32)
        checks[label] = bool((got == expected_sum(s, args.iters)[None, :]).all())
    opts = dict(max_seconds=2.0, max_runs=200) if not args.quick else dict(max_seconds=0.5, min_runs=5)
    stats = measure(dev, launches, flush_l2=False, check=check, **opts)
    mhz = None
    try:
        mhz = float(__import__("gpu_common").smi("clocks.sm"))
    except (TypeError, ValueError):
        pass
    req_per_sm = res["requests_total"] / sms
    rows = {}
    t1 = stats.get("stride1", {}).get("median_s")
    for s in args.strides:
        st = stats[f"stride{s}"]
        ns = st["median_s"] / req_per_sm * 1e9
        rows[str(s)] = {
            "predicted_wavefronts": predicted_wavefronts(s),
            "gcd_rule": math.gcd(s, 32) if s else 1,
            "ns_per_request_per_sm": ns,
            "cycles_per_request_per_sm": ns * mhz / 1e3 if mhz else None,
            "relative_to_stride1": st["median_s"] / t1 if t1 else None,
            "check": checks.get(f"stride{s}"),
            "stats": st,
        }
    res.update(sm_clock_mhz_after=mhz, strides=rows)
    if args.ncu:
        guarded(lambda: add_ncu(res, k, args.strides, sms), res["errors"], "ncu")
    write("gpu_bank_stride", res, args.out)
    print(f"\n[{clock}] stride  predicted  ncu wf/req  ns/req/SM  cycles  x stride1  check")
    for s, r in rows.items():
        nc = r.get("ncu_wavefronts_per_request")
        cyc = r["cycles_per_request_per_sm"]
        print(f"  {s:>4} {r['predicted_wavefronts']:>10} {('-' if nc is None else f'{nc:.2f}'):>11}"
              f" {r['ns_per_request_per_sm']:>10.3f} {('-' if cyc is None else f'{cyc:.2f}'):>7}"
              f" {r['relative_to_stride1'] or float('nan'):>9.2f}  {'PASS' if r['check'] else 'FAIL'}")
    return 1 if res["errors"] or not all(checks.values()) else 0


def add_ncu(res, k, strides, sms):
    """One ncu run over every stride (a small grid: the counts per request don't depend on it)."""
    from tilelab.gpu.ncu import map_metrics, ncu_profile, requested
    from tilelab.gpu.spec import PackedArgs
    launches = [(k, (sms, 1, 1), (THREADS, 1, 1),
                 PackedArgs([np.zeros(sms * THREADS, np.int32), np.int32(s), np.int32(16)],
                            [True, False, False]), 0) for s in strides]
    rows = ncu_profile(launches)
    for s, row in zip(strides, rows):
        m = map_metrics(row)
        r = res["strides"][str(s)]
        ld, req = m.get("shared_ld_wavefronts"), m.get("shared_ld_requests")
        r["ncu_wavefronts_per_request"] = ld / req if ld is not None and req else None
        r["ncu_bank_conflicts"] = row.get("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum")
        r["ncu_raw"] = requested(row)


if __name__ == "__main__":
    sys.exit(main())
