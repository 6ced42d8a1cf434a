"""Issue 23's twenty-second unseen suite: michkied/PackUp's run-length and fixed-length coding kernels and
albertozeni/LOGAN's X-drop seed extension (docs/FIDELITY.md, "a twenty-second unseen suite").

The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen44-before.json): these tests pin what it found, and what the launcher fix it
prompted gives (collection-emu-2026-12-03-unseen44-after.json). On the H200 (the staged call, at f4bd95b):
ncu's counts in fidelity-2026-12-03-unseen44.json, compared at the before commit b348f49
(fidelity-compare-2026-12-03-unseen44-before.json) and after (fidelity-compare-2026-12-03-unseen44-after.json);
the outputs in collection-gpu-2026-12-03-unseen44.json.
"""
from __future__ import annotations

import hashlib
import json
import sys

import numpy as np
import pytest

from conftest import ROOT, read_json

from collection import references
from collection import run as collection_run

sys.path.insert(0, str(ROOT / "bench"))
import collection_gpu as cg  # noqa: E402

RES = ROOT / "bench" / "results"
LAUNCHES = {
    "packup_rl.cu": ("rlNeighborArrays", "rlCollectResults", "rlGenerateOutput", "rlPrepareForScan", "rlDecompress"),
    "packup_fl.cu": ("flFindInsigBits", "flComputeNumOfZeros", "flProduceOutput", "flAddHeadersAndRemainders",
                     "flComputeFrameLengths", "flDecompressFrames"),
    "logan_xdrop.cu": ("extendSeedLGappedXDropOneDirectionGlobal",),
}
PAIRS = {(f, k) for f, ks in LAUNCHES.items() for k in ks}


def _rec(name):
    return read_json(RES / name)


def test_the_twenty_second_unseen_suite_on_the_emulator_before_any_change():
    """10 of 13 right (LOGAN's two with their warpReduce race); the two run-length kernels taking
    `long unsigned int input_size` refused by the launcher; flProduceOutput's atomicOrChar flagged reading
    and CASing the 4-byte word at byte 380 of the 382-byte stream."""
    rec = _rec("collection-emu-2026-12-03-unseen44-before.json")
    assert rec["kernels"] == 13 and rec["matched"] == 10
    assert {(r["file"], r["kernel"]) for r in rec["results"]} == PAIRS
    bad = {r["kernel"]: r["problems"] for r in rec["results"] if not r["ok"]}
    assert set(bad) == {"rlNeighborArrays", "rlCollectResults", "flProduceOutput"}
    for k in ("rlNeighborArrays", "rlCollectResults"):
        assert bad[k] == [f"LaunchError: argument 2 of {k} (long unsigned int input_size): "
                          "this parameter type cannot be passed from Python"]
    assert bad["flProduceOutput"][0].startswith("output: 2 of 382 differ, first at 380")
    assert "read of 4 bytes at byte offset 380 of `output` (382 bytes" in bad["flProduceOutput"][1]


def test_after_the_fix_every_launch_runs_and_is_right_or_rightly_flagged():
    rec = _rec("collection-emu-2026-12-03-unseen44-after.json")
    assert rec["kernels"] == 13 and rec["matched"] == 13 and all(r["ok"] for r in rec["results"])
    flagged = {(e["file"], e["name"], e.get("launch")): e["findings"] for e in collection_run.load()
               if (e["file"], e["name"]) in PAIRS and e.get("findings")}
    assert flagged == {("logan_xdrop.cu", "extendSeedLGappedXDropOneDirectionGlobal", None): ["race"],
                       ("logan_xdrop.cu", "extendSeedLGappedXDropOneDirectionGlobal", "right"): ["race"],
                       ("packup_fl.cu", "flProduceOutput", None): ["out_of_bounds"]}


# flProduceOutput's five totals apart from ncu's (emulator, ncu): its atomicOrChar CAS retry loop
PRODUCE = {"shared_ld_wavefronts": (479, 580), "shared_ld_requests": (479, 574), "global_ld_requests": (2294, 2096),
           "global_ld_sectors": (2314, 2135), "shared_atom_wavefronts": (1075, 2070)}


def _checks(name):
    return {r["id"]: r for r in _rec(name)["rows"]}


def test_the_twenty_second_suites_counts_against_the_h200_before_and_after():
    """Before (b348f49): the two run-length kernels could not be launched (not run); 138 of 143 totals of
    the 11 that ran equal ncu's. After: 164 of 169 over all 13. Both times the one launch apart is
    flProduceOutput, by the same five totals: the CAS retry loop, the GPU's timing (not fixed)."""
    rec = _rec("fidelity-2026-12-03-unseen44.json")
    assert rec["commit"] == "f4bd95b337c51544719e260b42e54f730813511b" and rec["gpu"]["name"] == "NVIDIA H200"
    assert len(rec["rows"]) == 13 and rec["ncu_error"] is None
    for name, commit, want in (("fidelity-compare-2026-12-03-unseen44-before.json", "b348f49", (11, 10, 143, 138)),
                               ("fidelity-compare-2026-12-03-unseen44-after.json", "a7f2db3", (13, 12, 169, 164))):
        cmp = _rec(name)
        assert cmp["commit"].startswith(commit)
        s = cmp["summary"]["all"]
        assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"]) == want
        rows = _checks(name)
        errors = {i: r["error"] for i, r in rows.items() if "error" in r}
        apart = {i: {k: (c["emu"], c["ncu"]) for k, c in r["checks"].items() if not c["equal"]}
                 for i, r in rows.items() if "checks" in r and not all(c["equal"] for c in r["checks"].values())}
        assert apart == {"collection/packup_fl.cu:flProduceOutput": PRODUCE}
        if commit == "b348f49":
            assert errors == {f"collection/packup_rl.cu:{k}": f"LaunchError: argument 2 of {k} (long unsigned int "
                              "input_size): this parameter type cannot be passed from Python"
                              for k in ("rlNeighborArrays", "rlCollectResults")}
        else:
            assert errors == {}


def _sha(a):
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()[:16]


def test_the_twenty_second_suites_outputs_against_the_h200():
    """Recorded: 10 of 13 as expected. Both LOGAN launches an ERROR of the harness (the entries'
    gpu_skip `seed[:, 4]` could not be read: no output compared); flProduceOutput's stream differed in
    bytes 380 and 381, the out-of-bounds word the emulator flags: the H200's 382 bytes are numpy's, the
    emulator's numpy's with those two left 0. With the entry's gpu_skip of the two bytes (written after)
    the recorded outputs compare as expected; every other output is the H200's, bit for bit."""
    rec = _rec("collection-gpu-2026-12-03-unseen44.json")
    assert rec["commit"] == "f4bd95b337c51544719e260b42e54f730813511b" and rec["nvrtc"] == "13.0"
    assert rec["kernels"] == 13 and rec["as_expected"] == 10
    bad = [r for r in rec["results"] if r["verdict"] != "as expected"]
    assert [(r["kernel"], r["verdict"]) for r in bad] == [
        ("flProduceOutput", "UNEXPECTED DIFFERENCE"),
        ("extendSeedLGappedXDropOneDirectionGlobal", "ERROR"), ("extendSeedLGappedXDropOneDirectionGlobal", "ERROR")]
    assert all(r["error"].endswith(":, 4\n    ^\nSyntaxError: invalid syntax") and r["emu_findings"] == ["race"]
               for r in bad[1:])
    produce = bad[0]
    assert produce["emu_findings"] == ["out_of_bounds"]
    out = produce["hashes"]["output"]
    assert (out["elements"], out["differ"], out["first"]) == (382, 2, [[380, "0x0", "0x1c"], [381, "0x0", "0x9a"]])
    want = references.packup_fl()["produced"]
    gpu = np.array(want, copy=True)
    emu = np.array(want, copy=True)
    emu[380:] = 0
    assert (_sha(gpu), _sha(emu)) == (out["gpu_sha256"], out["emu_sha256"])
    entry = next(e for e in collection_run.load() if e["name"] == "flProduceOutput")
    verdicts, ok = cg.compare(entry, {"output": emu}, {"output": gpu})
    assert ok and verdicts == {"output": "bit-identical"}       # the emulator's side holds 0 there already
    assert not cg.compare({**entry, "gpu_skip": []}, {"output": emu}, {"output": gpu})[1]
    # the other ten: every output the H200's, and the emulator's today too
    entries = {(e["file"], e["name"]): e for e in collection_run.load()}
    for r in rec["results"]:
        if r["verdict"] != "as expected":
            continue
        assert all(v == "bit-identical" for v in r["outputs"].values()), r["kernel"]
        _, after, _ = collection_run.run_emu(entries[(r["file"], r["kernel"])])
        for name, h in r["hashes"].items():
            assert h["differ"] == 0 and _sha(after[name]) == h["gpu_sha256"], (r["kernel"], name)


@pytest.mark.parametrize("item, name, want", [
    ("seed[:, 4]", "seed", np.s_[:, 4]),                      # LOGAN's entries: a SyntaxError before
    ("output[380:382]", "output", np.s_[380:382]),             # flProduceOutput's
    ("hashes[slice(960, 969)]", "hashes", np.s_[960:969]),     # as other entries wrote a slice
    ("g_odata[2]", "g_odata", 2),
])
def test_a_gpu_skip_subscript_is_read_as_python_writes_it(item, name, want):
    a = np.arange(1, 4001, dtype=np.int32).reshape(400, 10)
    ref = a.copy()
    ref[want] = 0
    assert np.array_equal(cg._masked({"gpu_skip": [item]}, name, a), ref)
    assert np.array_equal(cg._masked({"gpu_skip": [item]}, "other", a), a)
