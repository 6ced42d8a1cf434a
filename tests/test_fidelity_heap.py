"""Device malloc/free (emu/heap.py) against the H200 (docs/FIDELITY.md, "device malloc and free").

bench/results/fidelity-2026-12-03-heap.json is `bench/fidelity.py --ncu-only` of the three probes of
collection/repro_heap.cu and jcuda-samples' allocatingKernel; fidelity-2026-12-03-heap-repeats.json the
probes recorded three more times (bench/ncu_repeats.py); collection-gpu-2026-12-03-heap.json their outputs.
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-heap.json"
REPEATS = RES / "fidelity-2026-12-03-heap-repeats.json"
GPU = RES / "collection-gpu-2026-12-03-heap.json"


def test_the_heaps_own_totals_are_set_apart_and_the_kernels_are_equal(tmp_path):
    """Every total the driver's heap code does not touch equals ncu's; each one it touches is set apart
    and really moves between runs of the same launch (or is apart in a launch whose totals moved)."""
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", "/repro_heap.cu:,:allocatingKernel", "--json", str(out)])
    rows = {r["id"]: r for r in read_json(out)["rows"]}
    assert len(rows) == 4
    kept = [(i, k) for i, r in rows.items() for k, c in r["checks"].items() if not c.get("apart")]
    apart = [(i, k) for i, r in rows.items() for k, c in r["checks"].items() if c.get("apart")]
    assert len(kept) == 29 and all(rows[i]["checks"][k]["equal"] for i, k in kept)
    assert len(apart) == 23
    moves = {i: set(v["moves"]) for i, v in read_json(REPEATS)["launches"].items()}
    for i, k in apart:
        if i in moves:
            assert k in moves[i], (i, k)
    # the heap costs hundreds of requests a launch: heapNoFree's 8 stores of its own against ncu's 893
    no_free = rows["collection/repro_heap.cu:heapNoFree"]["checks"]["global_st_requests"]
    assert (no_free["emu"], no_free["ncu"]) == (8, 893)


def test_the_heap_probes_outputs_against_the_h200():
    """The sums each thread made in its own malloc'd block: the H200's bit for bit; the pointers are the driver's."""
    rec = read_json(GPU)
    verdicts = {r["kernel"]: r["outputs"] for r in rec["results"]}
    assert verdicts["heapSums"] == {"sums": "bit-identical"} and verdicts["heapOneLane"] == {"sums": "bit-identical"}
    assert verdicts["heapNoFree"]["where"].startswith("DIFFERS")       # recorded before gpu_skip: addresses


def test_the_heaps_printf_pointers_are_masked_in_the_gpu_comparison():
    """allocatingKernel prints the pointers malloc gave: the H200's driver places the heap elsewhere than the
    emulator (recorded: collection-gpu-2026-12-03-bmsk-heap.json, before the mask); gpu_printf_mask compares
    the lines without them, and only them."""
    import collection_gpu as cg
    from collection import run as coll
    entry = next(e for e in coll.load() if e["name"] == "allocatingKernel")
    rec = next(r for r in read_json(RES / "collection-gpu-2026-12-03-bmsk-heap.json")["results"]
               if r["kernel"] == "allocatingKernel")
    emu, gpu = rec["printf"]["emulator"], rec["printf"]["gpu"]
    assert sorted(emu) != sorted(gpu)
    assert sorted(cg.printf_lines(entry, emu)) == sorted(cg.printf_lines(entry, gpu))
    assert cg.printf_lines(entry, ["In thread 1 allocated 0x10"]) != cg.printf_lines(entry, ["In thread 2 allocated 0x10"])
    others = {r["kernel"]: r["verdict"] for r in read_json(RES / "collection-gpu-2026-12-03-bmsk-heap.json")["results"]}
    assert others["BlockSortKernel<unsigned int, 128, 13>"] == "as expected"       # bmsk on the H200's NVRTC
