"""The collection's Hopper GEMM (collection/fastcu_matmul_7.cu, fast.cu's kernel 7: TMA + wgmma) and
its reproductions (collection/repro_hopper.cu) against the H200's recordings: the emulator's outputs
today are the H200's bits (bench/results/collection-gpu-2026-12-02-hopper.json, sha256 of each
output, by bench/collection_gpu.py), and its TMA counts are ncu's
(bench/results/fidelity-2026-12-02-hopper.json, by bench/fidelity.py; tilelab/gpu/ncu.py's mapping of
the raw counters, applied here to the recorded values)."""
from __future__ import annotations

import hashlib
import json
import sys

import numpy as np
import pytest

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from collection import run as collection  # noqa: E402

OUTPUTS = read_json(ROOT / "bench" / "results" / "collection-gpu-2026-12-02-hopper.json")
COUNTS = read_json(ROOT / "bench" / "results" / "fidelity-2026-12-02-hopper.json")
ENTRIES = {e["name"]: e for e in collection.load() if e["file"] in ("fastcu_matmul_7.cu", "repro_hopper.cu")}
TMA = ("tma_requests", "tma_ld_sectors", "tma_st_sectors")


def _sha(a) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()[:16]


def test_the_recordings_are_the_h200s_and_cover_every_entry():
    assert OUTPUTS["device"]["name"] == "NVIDIA H200" and COUNTS["gpu"]["name"] == "NVIDIA H200"
    assert {r["kernel"] for r in OUTPUTS["results"]} == set(ENTRIES)
    assert {r["kernel"] for r in COUNTS["rows"]} == set(ENTRIES)
    assert all(r["verdict"] == "as expected" for r in OUTPUTS["results"])


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_the_emulator_gives_the_h200s_bits(name):
    """Every output of the entry, run on the emulator now, hashes to what the H200 wrote (the GEMM:
    262,144 bf16 outputs of 128 x 2048 x 256 through TMA boxes, 128B swizzle, m64n256k16 wgmma)."""
    entry = ENTRIES[name]
    row = next(r for r in OUTPUTS["results"] if r["kernel"] == name)
    res, after, _ = collection.run_emu(entry)
    assert sorted({f.kind for f in res.findings}) == sorted(entry.get("findings", []))
    assert row["hashes"]
    for out, h in row["hashes"].items():
        assert h["differ"] == 0 and h["emu_sha256"] == h["gpu_sha256"], (out, h)
        assert _sha(after[out]) == h["gpu_sha256"], f"{name}: {out} is no longer the H200's"


def test_a_changed_bit_changes_the_hash():
    # the comparison above can fail: one bf16 output off by one ulp hashes differently
    entry = ENTRIES["reproBf16Convert"]
    row = next(r for r in OUTPUTS["results"] if r["kernel"] == "reproBf16Convert")
    _, after, _ = collection.run_emu(entry)
    rn = after["rn"].copy()
    rn[40] ^= 1
    assert _sha(rn) != row["hashes"]["rn"]["gpu_sha256"]


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_the_tma_counts_are_ncus(name):
    """The emulator's tma_requests / tma_ld_sectors / tma_st_sectors now, against ncu's raw counters
    mapped by tilelab/gpu/ncu.py (64 copies and 49,152 sectors for the GEMM; 16 copies, 1,024 + 1,024
    sectors for the store)."""
    import fidelity
    from tilelab.gpu.ncu import map_metrics
    row = next(r for r in COUNTS["rows"] if r["kernel"] == name)
    ncu = map_metrics(row["ncu_raw"])
    L = next(x for x in fidelity.launches(f"{ENTRIES[name]['file']}:{name}") if x.name == name)
    emu = fidelity.emulate(L, counts=COUNTS.get("counts"), arch=COUNTS["arch"])["metrics"]
    assert all(ncu[k] is not None for k in TMA)
    assert {k: emu[k] for k in TMA} == {k: ncu[k] for k in TMA}
    checks = fidelity.compare_row(emu, ncu)
    assert all(c["equal"] for c in checks.values()), {k: c for k, c in checks.items() if not c["equal"]}
    if name == "reproTmaStoreCopy":          # the pipe also counts each bulk group's commit: not copies
        assert row["ncu_raw"]["sm__inst_executed_pipe_tma.sum"] > ncu["tma_requests"]


# fast.cu's kernel 8 (collection/fastcu_matmul_8.cu): kernel 7 in clusters of 2 with B multicast by the
# TMA and remote mbarrier arrivals (tilelab/emu/cluster.py); its H200 outputs are
# bench/results/collection-gpu-2026-12-02-clusters.json (bench/collection_gpu.py --only fastcu_matmul_8)
CLUSTERS = read_json(ROOT / "bench" / "results" / "collection-gpu-2026-12-02-clusters.json")


def test_kernel_8_gives_the_h200s_bits():
    """524,288 bf16 outputs of 256 x 2048 x 256, 8 clusters of 2 blocks with a tile, each B box landing
    in both blocks from one multicast copy: the emulator's bits are the H200's."""
    assert CLUSTERS["device"]["name"] == "NVIDIA H200"
    entry = next(e for e in collection.load() if e["file"] == "fastcu_matmul_8.cu")
    row = next(r for r in CLUSTERS["results"] if r["kernel"] == entry["name"])
    assert row["verdict"] == "as expected" and row["hashes"]["C"]["elements"] == 524288
    res, after, _ = collection.run_emu(entry)
    assert sorted({f.kind for f in res.findings}) == sorted(entry.get("findings", []))
    # rank 0 of a cluster issues A and the multicast B per k-step, rank 1 only A: 8 clusters x 4 steps x 3
    assert res.metrics["tma_requests"] == 96
    for out, h in row["hashes"].items():
        assert h["differ"] == 0 and h["emu_sha256"] == h["gpu_sha256"], (out, h)
        assert _sha(after[out]) == h["gpu_sha256"], f"{out} is no longer the H200's"
