"""Lesson 07's helpers (lessons/hopperkit.py): the TMA's swizzle written from the hardware's
description against CuTe's Swizzle<B,4,3>, the chunk moves the explorer shows, what a descriptor
of another mode reads, the descriptor's bit fields, wgmma's accumulator layout, and the mbarrier
model's phases and parities. Also kernel_text's references into kernels/ subfolders and headers."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lessons"))

import hopperkit as hk  # noqa: E402
import mmakit as mk  # noqa: E402
from tilelab.kernel_text import kernel_text  # noqa: E402


def test_tma_modes_are_swizzle_b_4_3_and_not_another():
    assert all(same for _, _, same in hk.equivalences())
    o = np.arange(4096)
    assert not np.array_equal(hk.tma_swizzle(o, "64B"), mk.swizzle(o, 3, 4, 3))
    assert np.array_equal(hk.tma_swizzle(o, "none"), o)
    for mode in hk.MODES:        # a permutation of each repeat
        r = hk.repeat_bytes(mode) if mode != "none" else 1024
        assert sorted(hk.tma_swizzle(np.arange(r), mode)) == list(range(r))


def test_row_chunks_follow_the_line_index():
    assert hk.row_chunks("64B", 5)[0] == (0, 6)          # row 5 at byte 320: line 2, chunk 4 ^ 2
    assert hk.row_chunks("128B", 3) == [(c, c ^ 3) for c in range(8)]
    assert hk.row_chunks("none", 3) == [(c, c) for c in range(8)]
    assert hk.row_chunks("32B", 4) == [(0, 1), (1, 0)]    # byte 128: line 1, chunks 0, 1 -> XOR 1
    with pytest.raises(ValueError, match="16B"):
        hk.row_chunks("16B", 0)


def test_a_descriptor_of_another_mode_reads_other_elements():
    a = np.arange(16 * 64).reshape(16, 64)
    assert np.array_equal(hk.read_as(a, "128B", "128B"), a)
    for other in ("none", "32B", "64B"):
        wrong = hk.read_as(a, "128B", other) != a
        assert wrong.any() and not wrong[0].any()         # row 0's line index 0: both XORs agree there


def test_descriptor_fields_round_trip_and_sit_where_the_isa_puts_them():
    d = hk.descriptor(0x1400, 16, 1024, "128B")
    assert d >> 62 == 1 and d & 0x3FFF == 0x1400 >> 4 and (d >> 32) & 0x3FFF == 1024 >> 4
    assert hk.descriptor_fields(d) == {"start": 0x1400, "lbo": 16, "sbo": 1024, "base_offset": 0, "mode": "128B"}
    assert hk.descriptor_fields(hk.descriptor(0, 256, 128, "none"))["mode"] == "none"
    assert hk.descriptor(0, 0, 0, "32B") >> 62 == 3 and hk.descriptor(0, 0, 0, "64B") >> 62 == 2


def test_wgmma_accumulators_repeat_the_m16n8_fragment_per_warp():
    warp, lane, reg = hk.wgmma_d_map(32)
    assert (warp[0, 0], lane[0, 0], reg[0, 0]) == (0, 0, 0)
    assert (lane[8, 1], reg[8, 1]) == (0, 3)                # row g + 8, column 2t + 1
    assert (warp[37, 13], lane[37, 13], reg[37, 13]) == (2, 22, 5)
    for w in range(4):                                      # 128 threads x 16 registers cover 64 x 32 once
        keys = set(zip(lane[16 * w:16 * w + 16].ravel(), reg[16 * w:16 * w + 16].ravel()))
        assert len(keys) == 16 * 32


def test_core_matrices_are_contiguous_without_swizzle_and_permuted_with_it():
    off = hk.core_matrix_offsets("none", 16, 64, lbo=256, sbo=128)
    assert off[1, 0] - off[0, 0] == 16 and off[8, 0] == 128 and off[0, 8] == 256
    sw = hk.core_matrix_offsets("128B", 16, 64)
    assert sorted((sw[:, ::8] // 16).ravel()) == list(range(128))
    assert sw[1, 0] // 16 == 9                              # row 1's chunk 0 is chunk 1 of its line


def test_barrier_parity_and_the_pipeline_bugs():
    b = hk.Barrier(1)
    assert b.passes_at(1, 0.0) == 0.0                       # a fresh barrier: the "previous phase" is done
    assert b.passes_at(0, 0.0) is None
    b.arrive(1.0, expect_tx=100)
    assert b.passes_at(0, 1.5) is None                       # bytes still owed
    b.complete_tx(2.0, 100)
    assert b.passes_at(0, 1.5) == 2.0 and b.passes_at(1, 2.5) is None
    good = hk.mbarrier_pipeline(stages=3, tiles=7)
    assert all(e["ready"] for e in good)
    assert [e["full_parity"] for e in good] == [0, 0, 0, 1, 1, 1, 0]
    for bug in ("parity", "no_wait", "expect_tx"):
        assert not all(e["ready"] for e in hk.mbarrier_pipeline(stages=3, tiles=7, bug=bug)), bug


def test_explorer_controls_move_the_chunks():
    ex = hk.explorer(mode="128B", row=1, draw_picture=False)
    assert ex.moves == [(c, c ^ 1) for c in range(8)]
    ex.mode.value = "none"
    assert ex.moves == [(c, c) for c in range(8)]
    ex.mode.value, ex.row.value = "64B", 5
    assert ex.moves[0] == (0, 6) and "64B" in ex.text.value


def test_kernel_references_reach_subfolders_and_headers():
    text = kernel_text("sm90a/hopper.h:mbar_wait,make_desc")
    assert "try_wait.parity" in text and "<< 62" in text and "desc_sw128" not in text
    assert "gemmTmaWgmma(" in kernel_text("sm90a/wgmma_exercise.cu:gemmTmaWgmma")
    with pytest.raises(ValueError):
        kernel_text("../outside.cu:k")
