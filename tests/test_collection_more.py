"""The kernel collection's second half (``collection.run.half``; tests/test_collection.py runs the first and says what
each kernel must do): a file of its own so that make test's two processes share the collection's emulator time."""
from __future__ import annotations

import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT))
from collection import run as collection  # noqa: E402

ENTRIES = collection.load()
SECOND = collection.half(ENTRIES, 1)


def test_the_halves_are_the_collection():
    first = collection.half(ENTRIES, 0)
    assert len(first) + len(SECOND) == len(ENTRIES)
    assert not {e["file"] for e in first} & {e["file"] for e in SECOND}     # whole files each
    assert abs(len(first) - len(SECOND)) < 0.1 * len(ENTRIES)


@pytest.mark.parametrize("entry", SECOND, ids=[f"{e['file'][:-3]}:{e['name']}" for e in SECOND])
def test_kernel_matches_numpy(entry):
    problems = collection.check_emu(entry, counts=collection.counts_in_tests(entry))
    assert not problems, "\n".join(problems)
