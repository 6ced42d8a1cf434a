"""The kernel collection (collection/manifest.toml): every kernel from the public samples
compiles, runs on the emulator and matches its numpy reference, with exactly the findings
the manifest lists (only simpleAssert's deliberate assert). One NVRTC, small sizes: seconds."""
from __future__ import annotations

import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT))
from collection import run as collection  # noqa: E402

ENTRIES = collection.load()


def test_collection_is_big_enough_and_sourced():
    assert len(ENTRIES) >= 30
    for e in ENTRIES:
        head = (ROOT / "collection" / e["file"]).read_text().splitlines()[:6]
        assert any(h.startswith("// Source:  https://github.com/") for h in head), e["file"]
        assert any(h.startswith("// Licence: ") for h in head), e["file"]
        assert e.get("gpu"), f"{e['name']}: say how the GPU compares (gpu = ...)"


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e['file'][:-3]}:{e['name']}" for e in ENTRIES])
def test_kernel_matches_numpy(entry):
    problems = collection.check_emu(entry)
    assert not problems, "\n".join(problems)


def test_a_wrong_reference_is_caught():
    # the harness can fail: the same vector add against a reference that is off by one element
    e = dict(next(x for x in ENTRIES if x["name"] == "vectorAdd"))
    e["expect"] = {"C": "np.roll(A + B, 1)"}
    assert collection.check_emu(e)
