"""The kernel collection (collection/manifest.toml): every kernel from the public samples
compiles, runs on the emulator and matches its numpy reference, with exactly the findings
the manifest lists (only simpleAssert's deliberate assert). One NVRTC, small sizes: seconds.
This file runs the first half of the kernels (``collection.run.half``), tests/test_collection_more.py the second; the
few whose SASS-aware counts cost minutes run with the PTX's counts (``collection.run.SASS_HEAVY``)."""
from __future__ import annotations

import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT))
from collection import run as collection  # noqa: E402
from tilelab.toolchain.source_text import read_source  # noqa: E402

ENTRIES = collection.load()


def test_collection_is_big_enough_and_sourced():
    public = [e for e in ENTRIES if not e.get("repro")]
    assert len(public) >= 40
    repos = set()
    for e in ENTRIES:
        head = read_source(ROOT / "collection" / e["file"]).splitlines()[:6]
        src = [h for h in head if h.startswith("// Source:  ")]
        if e.get("repro"):                      # our own minimal reproductions (docs/FIDELITY.md)
            assert src and src[0].startswith("// Source:  tilelab"), e["file"]
        else:
            assert src and src[0].startswith("// Source:  https://github.com/"), e["file"]
            repos.add("/".join(src[0].split("github.com/")[1].split("/")[:2]))
            # a pinned commit, never a branch
            assert len(src[0].split("/blob/")[1].split("/")[0]) == 40, e["file"]
        assert any(h.startswith("// Licence: ") for h in head), e["file"]
        assert e.get("gpu"), f"{e['name']}: say how the GPU compares (gpu = ...)"
    # beyond one vendor's samples: a GEMM tutorial series, an attention kernel, a training repo's kernels,
    # a blog's companion code (a WMMA GEMM among it), a book's, and a Hopper GEMM (TMA + wgmma)
    assert {"NVIDIA/cuda-samples", "siboehm/SGEMM_CUDA", "tspeterkim/flash-attention-minimal",
            "karpathy/llm.c", "NVIDIA-developer-blog/code-samples",
            "PacktPublishing/Learn-CUDA-Programming", "pranjalssh/fast.cu"} <= repos, repos


def test_launch_ids_are_unique():
    # bench/fidelity.py names a launch file:kernel (file:kernel#launch for a kernel its host launches twice,
    # ENCCS's reduce_cp); a recording is compared by that name
    ids = [f"{e['file']}:{e['name']}" + (f"#{e['launch']}" if e.get("launch") else "") for e in ENTRIES]
    assert len(ids) == len(set(ids))


FIRST = collection.half(ENTRIES, 0)


@pytest.mark.parametrize("entry", FIRST, ids=[f"{e['file'][:-3]}:{e['name']}" for e in FIRST])
def test_kernel_matches_numpy(entry):
    problems = collection.check_emu(entry, counts=collection.counts_in_tests(entry))
    assert not problems, "\n".join(problems)


def test_the_sass_heavy_launches_are_entries():
    """collection.run.SASS_HEAVY names launches of the manifest (a renamed or dropped one would leave its name behind)."""
    ids = {collection.launch_id(e) for e in ENTRIES}
    assert collection.SASS_HEAVY <= ids, sorted(collection.SASS_HEAVY - ids)
    assert len(collection.SASS_HEAVY) < 0.02 * len(ids)        # a few: the rest run as a learner's launch does


def test_a_wrong_reference_is_caught():
    # the harness can fail: the same vector add against a reference that is off by one element
    e = dict(next(x for x in ENTRIES if x["name"] == "vectorAdd"))
    e["expect"] = {"C": "np.roll(A + B, 1)"}
    assert collection.check_emu(e)
