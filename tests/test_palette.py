"""Pictures a colour-blind learner can read (issue 12): the bank picture, the profile's bank
picture and the explorer use the Okabe-Ito palette, and say what colour says a second way
(line style, hatching, marker shape, a printed n-way label, the verdict in words)."""
from __future__ import annotations

import numpy as np
import pytest
from matplotlib.colors import to_hex

from tilelab import banks, palette
from tilelab.profile import bank_picture

pytest.importorskip("matplotlib")
SAFE = {c.lower() for c in (*palette.OKABE_ITO, *palette.SEVERITY, palette.GREY, palette.LIGHT)}


@pytest.mark.parametrize("stride", [2, 4, 8, 32])
def test_bank_picture_marks_conflicts_without_colour(stride):
    a = banks.analyze(lambda lane: lane * stride)
    ax = banks.draw(a)
    lines = [ln for ln in ax.get_lines() if ln.get_gid()]
    assert lines and all(to_hex(ln.get_color()) in SAFE for ln in lines)
    conflict = [ln for ln in lines if ln.get_gid() == "conflict"]
    assert len(conflict) == 32 and all(ln.get_linestyle() == "--" for ln in conflict)
    # one n-way label per bank that conflicts, with the degree the model computes
    per_bank = {}
    for ph in a.phases:
        for b, words in ph["bank_words"].items():
            per_bank[b] = max(per_bank.get(b, 0), len(words))
    labels = [t.get_text() for t in ax.texts if t.get_gid() == "nway"]
    assert sorted(labels) == sorted(f"{k}-way" for k in per_bank.values() if k > 1)
    assert all(lbl == f"{a.degree}-way" for lbl in labels)
    hatched = [p for p in ax.patches if p.get_hatch()]
    assert len(hatched) == sum(k for k in per_bank.values() if k > 1)


def test_broadcast_is_dotted_and_a_clean_access_solid():
    for spec, gid, style in ((lambda lane: 0, "broadcast", ":"), (lambda lane: lane, "ok", "-")):
        ax = banks.draw(banks.analyze(spec))
        lines = [ln for ln in ax.get_lines() if ln.get_gid()]
        assert {ln.get_gid() for ln in lines} == {gid}
        assert {ln.get_linestyle() for ln in lines} == {style}
        assert not [t for t in ax.texts if t.get_gid() == "nway"]


@pytest.mark.parametrize("stride", [2, 3, 4])
def test_profile_bank_picture_tells_words_apart_by_shape(stride):
    addr = np.arange(32) * 4 * stride
    fig = bank_picture(addr, np.ones(32, bool), 4)
    top, ax = fig.axes
    colours = {to_hex(c.get_facecolor()[0]) for c in ax.collections}
    assert colours <= SAFE
    shapes = {c.get_paths()[0].vertices.round(3).tobytes() for c in ax.collections}
    degree = int(np.gcd(stride, 32))
    assert len(shapes) == degree == len(colours)        # each distinct word of a bank: its own mark
    worst = [b for b in top.patches if b.get_hatch()]
    assert bool(worst) == (degree > 1)                  # a conflict-free request has no worst bank
    assert all(to_hex(b.get_facecolor()) == palette.BAD.lower() for b in worst)


def test_explorer_count_uses_the_palette_and_words():
    pytest.importorskip("ipywidgets")
    ex = banks.explorer(stride=2, draw_picture=False)
    assert palette.BAD in ex.count.value and "conflict" in ex.count.value
    ex.stride.value = 1
    assert palette.GOOD in ex.count.value and "conflict-free" in ex.count.value
