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

import sys

from conftest import ROOT, read_json
from collection import references  # noqa: E402
from collection import run as collection_run
from tilelab.emu import memory

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

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
    rec = read_json(BEFORE)
    assert rec["kernels"] == 15 and rec["matched"] == 12 and rec["refused"] == 0
    assert sorted((r["file"], r["kernel"]) for r in rec["results"]) == \
        sorted((f, k) for f, ks in LAUNCHES.items() for k in ks)
    bad = [r["problems"] for r in rec["results"] if not r["ok"]]
    assert all(r["file"] == "cudakmer_gpu_kmer_optimized.cu" for r in rec["results"] if not r["ok"])
    assert len(bad) == 3 and all(len(p) == 1 for p in bad)
    assert sorted(p[0].split(":")[0] for p in bad) == [
        "findings ['out_of_bounds'], expected ['out_of_bounds', 'uninitialized_read']",
        "findings [], expected ['uninitialized_read']", "findings [], expected ['uninitialized_read']"]
    first = read_json(FIRST)
    assert first["kernels"] == 15 and first["matched"] == 9
    assert [r["problems"] for r in first["results"] if r["file"] == "cudakmer_gpu_kmer.cu"] == \
        [["TypeError: 'numpy.ndarray' object is not callable"]] * 3
    after = read_json(AFTER)
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
    window of the HiFi pair over its first difference (17)."""
    for launch, dist in ((None, 4), ("pair2", 1)):
        _, after, before = collection_run.run_emu(_entry("d_edit_core", launch))
        assert int(after["dp"][-1, -1]) == dist
        np.testing.assert_array_equal(after["dp"], references.edit_dp(before["a"], before["b"]))
    _, after, before = collection_run.run_emu(_entry("d_edit_core", "hifi"))
    np.testing.assert_array_equal(after["dp"], references.edit_dp(before["a"], before["b"]))
    assert int(after["dp"][-1, -1]) == 17


REC = RES / "fidelity-2026-12-03-unseen51.json"
GPU = RES / "collection-gpu-2026-12-03-unseen51.json"
CMP_BEFORE = RES / "fidelity-compare-2026-12-03-unseen51-before.json"
CMP_AFTER = RES / "fidelity-compare-2026-12-03-unseen51-after.json"
COALESCED = {"": (9174, 14424), "#k6": (9216, 11306), "#k8": (9136, 14156)}   # shared atomic wavefronts, emu and ncu


def test_192_of_195_totals_are_ncus_as_they_came():
    """The H200 at 2491514 against the emulator as it was (da5dda6): every total equal but the shared-memory
    counter's shared atomic wavefronts, one a k; set apart since (values), the same totals."""
    s = read_json(CMP_BEFORE)["summary"]["all"]
    assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"]) == (15, 12, 195, 192)
    rows = {r["id"]: r["checks"] for r in read_json(CMP_BEFORE)["rows"]}
    bad = {(i, k): (c["emu"], c["ncu"]) for i, cs in rows.items() for k, c in cs.items() if not c["equal"]}
    assert bad == {("collection/cudakmer_gpu_kmer_optimized.cu:count_kmers_coalesced_kernel" + x, "shared_atom_wavefronts"): v
                   for x, v in COALESCED.items()}
    for i in rows:       # their requests are ncu's: 5,120 shared atomics a launch
        if "coalesced" in i:
            assert rows[i]["shared_atom_requests"]["emu"] == rows[i]["shared_atom_requests"]["ncu"] == 5120
    s = read_json(CMP_AFTER)["summary"]["all"]
    assert (s["totals"], s["totals_equal"], s["apart_totals"], s["apart_equal"]) == (192, 192, 3, 0)


def test_the_suites_totals_against_ncu(tmp_path):
    """This tree's emulator against the recording: 192 totals equal, the 3 set apart still the emulator's zero-stack
    values."""
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", "/cudakmer_,/aligndna_", "--json", str(out)])
    rows = {r["id"]: r["checks"] for r in read_json(out)["rows"]}
    assert len(rows) == 15 and sum(len(c) for c in rows.values()) == 195
    for i, cs in rows.items():
        for k, c in cs.items():
            if "coalesced" in i and k == "shared_atom_wavefronts":
                assert c.get("apart") and (c["emu"], c["ncu"]) == COALESCED[i[i.index("#"):] if "#" in i else ""]
            else:
                assert fid.matches(c), (i, k, c)


def test_the_set_apart_wavefronts_are_the_stacks_garbage(monkeypatch):
    """The shared-memory counter's shared atomic wavefronts follow what the uninitialised `kmer` chars hold: the same
    launch over a zero stack, a stack of 'A' bytes and one of random ACGT bytes gives 9,216, 10,288 and 15,329 (the
    H200's 11,306 between), its 5,120 requests and the count it adds the same each time."""
    entry = _entry("count_kmers_coalesced_kernel", "k6")
    orig = memory.LocalMemory.__init__
    got = {}
    for label in ("zero", "A", "ACGT"):
        def init(self, nthreads, depot, label=label):
            orig(self, nthreads, depot)
            if label == "A":
                self.arena.data[:] = ord("A")
            elif label == "ACGT":
                rng = np.random.default_rng(1)
                self.arena.data[:] = rng.choice(np.frombuffer(b"ACGT", np.uint8), len(self.arena.data))
        monkeypatch.setattr(memory.LocalMemory, "__init__", init)
        res, after, _ = collection_run.run_emu(entry)
        got[label] = (res.metrics["shared_atom_requests"], res.metrics["shared_atom_wavefronts"],
                      int(after["global_kmer_counts"].sum()))
    assert got == {"zero": (5120, 9216, 132096), "A": (5120, 10288, 132096), "ACGT": (5120, 15329, 132096)}


def test_the_outputs_are_the_h200s():
    """15 of 15 as their entries say on the H200: every compared array bit for bit (the 12 exact launches whole, the
    shared-memory counter's sequence; its table is the GPU's stack's, not compared)."""
    rec = read_json(GPU)
    assert rec["kernels"] == rec["as_expected"] == 15 and rec["commit"].startswith("2491514")
    exact = [r for r in rec["results"] if r["gpu_note"] == "exact"]
    assert len(exact) == 12 and sum(len(r["hashes"]) for r in exact) == 21
    assert sum(len(r["hashes"]) for r in rec["results"]) == 24
    for r in rec["results"]:
        assert r["verdict"] == "as expected"
        assert all(h["differ"] == 0 for h in r["hashes"].values())
        if r["gpu_note"] != "exact":
            assert r["file"] == "cudakmer_gpu_kmer_optimized.cu" and list(r["hashes"]) == ["sequence"]
