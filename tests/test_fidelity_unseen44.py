"""Issue 23's twenty-second unseen suite: michkied/PackUp's run-length and fixed-length coding kernels and
albertozeni/LOGAN's X-drop seed extension (docs/FIDELITY.md, "a twenty-second unseen suite").

The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen44-before.json): these tests pin what it found, and what the launcher fix it
prompted gives (collection-emu-2026-12-03-unseen44-after.json). Its counts against the H200 are not recorded
yet (the device was refused to this helper; the staged call is the lead's).
"""
from __future__ import annotations

import json

from conftest import ROOT

from collection import run as collection_run

RES = ROOT / "bench" / "results"
LAUNCHES = {
    "packup_rl.cu": ("rlNeighborArrays", "rlCollectResults", "rlGenerateOutput", "rlPrepareForScan", "rlDecompress"),
    "packup_fl.cu": ("flFindInsigBits", "flComputeNumOfZeros", "flProduceOutput", "flAddHeadersAndRemainders",
                     "flComputeFrameLengths", "flDecompressFrames"),
    "logan_xdrop.cu": ("extendSeedLGappedXDropOneDirectionGlobal",),
}
PAIRS = {(f, k) for f, ks in LAUNCHES.items() for k in ks}


def _rec(name):
    return json.loads((RES / name).read_text())


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
