"""Issue 23's twenty-ninth unseen suite: string and sequence kernels, BobbyAl/cuda-kmer-counting's two k-mer counters
and cguzman95/CUDA-ALIGN-DNA's edit distance (docs/FIDELITY.md, "a twenty-ninth unseen suite").

The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen51-before.json; collection-emu-2026-12-03-unseen51-first.json is the run before
it, whose three naive-counter entries named their numpy reference as the kernel's own parameter `kmer_counts`).
What it found: the shared-memory counter hashes `char kmer[32]` bytes nothing wrote (the copy from its cache stops
at `tid + j < MAX_K`), and the emulator, whose local memory was zero and unwatched, said nothing. The fix is in
tilelab/emu/memory.py and isa.py (a load none of whose bytes its thread's stores wrote is an uninitialised read);
tests/test_emu_memory.py has its minimal reproduction.
"""
from __future__ import annotations

import json

import numpy as np

from conftest import ROOT
from collection import references  # noqa: E402
from collection import run as collection_run

RES = ROOT / "bench" / "results"
FIRST = RES / "collection-emu-2026-12-03-unseen51-first.json"
BEFORE = RES / "collection-emu-2026-12-03-unseen51-before.json"
AFTER = RES / "collection-emu-2026-12-03-unseen51-after.json"
LAUNCHES = {
    "cudakmer_gpu_kmer.cu": ("count_kmers_kernel",) * 3,
    "cudakmer_gpu_kmer_optimized.cu": ("count_kmers_coalesced_kernel",) * 3,
    "aligndna_main.cu": ("d_init_dpi", "d_init_dpj", "d_edit_core") * 3,
}


def _entries():
    return [e for e in collection_run.load() if e["file"] in LAUNCHES]


def _entry(name, launch=None):
    return next(e for e in _entries() if e["name"] == name and e.get("launch") == launch)


def test_the_twenty_ninth_unseen_suite_on_the_emulator_before_any_change():
    """15 of 15 ran; 12 right as their entries said; the shared-memory counter's three with their checks holding
    but its uninitialised local read unflagged (k = 4's past-the-table write was flagged)."""
    rec = json.loads(BEFORE.read_text())
    assert rec["kernels"] == 15 and rec["matched"] == 12 and rec["refused"] == 0
    assert sorted((r["file"], r["kernel"]) for r in rec["results"]) == \
        sorted((f, k) for f, ks in LAUNCHES.items() for k in ks)
    bad = [r["problems"] for r in rec["results"] if not r["ok"]]
    assert all(r["file"] == "cudakmer_gpu_kmer_optimized.cu" for r in rec["results"] if not r["ok"])
    assert len(bad) == 3 and all(len(p) == 1 for p in bad)
    assert sorted(p[0].split(":")[0] for p in bad) == [
        "findings ['out_of_bounds'], expected ['out_of_bounds', 'uninitialized_read']",
        "findings [], expected ['uninitialized_read']", "findings [], expected ['uninitialized_read']"]
    first = json.loads(FIRST.read_text())
    assert first["kernels"] == 15 and first["matched"] == 9
    assert [r["problems"] for r in first["results"] if r["file"] == "cudakmer_gpu_kmer.cu"] == \
        [["TypeError: 'numpy.ndarray' object is not callable"]] * 3
    after = json.loads(AFTER.read_text())
    assert after["kernels"] == 15 and after["matched"] == 15


def test_the_k_mer_counters_hash_what_the_table_says():
    """count_kmers_kernel: every position's 2-bit k-mer counted once (4,096 ACGT bases, 4 blocks of 256 walking 4
    positions each); the shared-memory counter's whole k-mers (threads tid + k <= 32) at least, and every count
    added once."""
    entry = _entry("count_kmers_kernel", "k6")
    _, after, before = collection_run.run_emu(entry)
    want = references.kmer_table(before["sequence"], 6)
    assert want.sum() == 4096 - 6 + 1
    np.testing.assert_array_equal(after["kmer_counts"], want)
    entry = _entry("count_kmers_coalesced_kernel", "k6")
    res, after, before = collection_run.run_emu(entry)
    known, total = references.kmer_coalesced_known(before["sequence"], 6, 16)
    got = after["global_kmer_counts"].astype(np.int64)
    assert int(got.sum()) == total and (got >= known).all()
    # the garbage k-mers: here the stack is 0, not ACGT, INVALID_KMER % 1,024 = bin 1,023
    assert got[1023] - known[1023] == total - known.sum()
    assert sorted({f.kind for f in res.findings}) == ["uninitialized_read"]


def test_the_listed_findings_are_raised():
    """The shared-memory counter's uninitialised `kmer` chars at each k, and k = 4's bin 1,023 past its 256-entry
    table; nothing in the naive counter or the edit distance."""
    flagged = {}
    for e in _entries():
        res, _, _ = collection_run.run_emu(e)
        kinds = sorted({f.kind for f in res.findings})
        if kinds:
            flagged[(e["name"], e.get("launch"))] = kinds
    assert flagged == {("count_kmers_coalesced_kernel", None): ["out_of_bounds", "uninitialized_read"],
                       ("count_kmers_coalesced_kernel", "k6"): ["uninitialized_read"],
                       ("count_kmers_coalesced_kernel", "k8"): ["uninitialized_read"]}


def test_the_edit_distances_are_the_scripts():
    """d_edit_core's last cell: 4 for AGGTAB / GXTXAYB and 1 for ACTG / ACTGA (run.sh's comments), and the 64-base
    window of the HiFi pair over its first difference."""
    for launch, dist in ((None, 4), ("pair2", 1)):
        _, after, before = collection_run.run_emu(_entry("d_edit_core", launch))
        assert int(after["dp"][-1, -1]) == dist
        np.testing.assert_array_equal(after["dp"], references.edit_dp(before["a"], before["b"]))
    _, after, before = collection_run.run_emu(_entry("d_edit_core", "hifi"))
    np.testing.assert_array_equal(after["dp"], references.edit_dp(before["a"], before["b"]))
    assert 0 < int(after["dp"][-1, -1]) < 64
