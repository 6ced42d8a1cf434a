"""A product left an FMUL beside a division's fast path (Kaldi's online CMVN, the twelfth round of unseen suites,
unseen145): ``float var = frame_stats.y / window_length - mean * mean;``. sm_90's SASS schedules ``mean * mean``'s
FMUL inside ``div.rn``'s BSSY ... BSYNC diamond and subtracts it with an FADD after the join; the diamond's five
FFMAs are the division's Newton steps on its MUFU.RCP estimate. The emulator forgot the FMUL at the slow path's CALL
(as if the callee wrote it) and took the Newton FFMAs for fused pairs: it fused the line, and 37 of 520 outputs of
the 16-frame window launch were one ulp off the GPU's (bench/results/collection-gpu-2026-12-06-unseen145.json).
Now the callee writes only what its body in the listing writes, and an FMA reading the diamond's estimate is the
division's own."""
import hashlib

import numpy as np
from conftest import ROOT, read_json

RECORDING = ROOT / "bench" / "results" / "collection-gpu-2026-12-06-unseen145.json"


def _kernel():
    from collection import run as coll
    e = next(x for x in coll.load() if x["file"] == "kaldif_online_cmvn.cu" and x["name"] == "apply_cmvn_kernel")
    return coll.compile_entry(e)


def test_the_division_is_read_apart_from_the_line_s_product():
    from tilelab.emu import calls, contraction
    from tilelab.emu.machine import parsed
    from tilelab.toolchain.sass import entry_sass, sass_listing
    k = _kernel()
    listing = list(sass_listing(entry_sass(k.program.sass("sm_90"), k.entry), k.program.filename))
    line = [w for w in {s.where for s in listing} if w[1] == 165][0]
    slow = contraction._slow_path_fmas(listing)
    on_line = [i for i, s in enumerate(listing) if s.where == line and s.op == "FFMA"]
    assert on_line and set(on_line) <= slow                     # every FFMA of the line is the division's
    assert contraction.sass_chains(listing)[("f32", line, line)] >= 1     # the FMUL and its FADD, across the call
    module = parsed(k.program.ptx)
    fn = calls.link(module, module.entry(k.entry))
    fn.__dict__.pop("_contraction", None)
    plan = contraction.plan_for(k, fn, dict(module.files), "sm_90")
    assert plan.lines[line] == "apart" and line not in plan.notes


def test_outputs_are_the_gpus():
    from collection import run as coll
    rows = [r for r in read_json(RECORDING)["results"] if r["kernel"] == "apply_cmvn_kernel"]
    entries = [x for x in coll.load() if x["file"] == "kaldif_online_cmvn.cu" and x["name"] == "apply_cmvn_kernel"]
    assert rows[1]["hashes"]["feat_out"]["differ"] == 37        # the recording: before
    for row, e in zip(rows, entries):
        _, after, _ = coll.run_emu(e)
        got = hashlib.sha256(np.ascontiguousarray(after["feat_out"]).tobytes()).hexdigest()[:16]
        assert got == row["hashes"]["feat_out"]["gpu_sha256"], e.get("launch")
