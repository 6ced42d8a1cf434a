"""One fidelity launch on the emulator with SASS-aware counts, and one line of its per-line counts: what the
test_sass_* files check a rule against (the launch's manifest entry, as bench/fidelity.py runs it)."""
from __future__ import annotations

import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

from tilelab.launch import launch  # noqa: E402


def fidelity_launch(only: str):
    """The one fidelity launch whose id ends with ``only``."""
    (L,) = [x for x in fid.launches(only) if x.id.endswith(only)]
    return L


def run(only: str, blocks=None):
    """The emulator's result of that launch, counted as ptxas compiled it (``blocks``: only those blocks)."""
    L = fidelity_launch(only)
    k, args, symbols = L.make()
    kw = {} if blocks is None else {"blocks": blocks}
    return launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False,
                  symbols=symbols or None, counts="sass", arch="sm_90", **kw)


def line(r, number: int) -> dict:
    """The per-line counts of source line ``number`` (exactly one row)."""
    (row,) = [pl for pl in r.per_line if pl["line"] == number]
    return row
