"""The counting decision as one value (issue 21): ``tilelab.emu.Counting(mode, arch, nvrtc)``, taken
by the emulator's front door, ``tl.launch`` and ``tilelab run`` in place of counts=/arch= apart."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import tilelab as tl
from tilelab import emu
from tilelab.errors import LaunchError
from tilelab.toolchain import DEFAULT_ARCH

from conftest import KERNELS


def test_counting_defaults_checks_and_is_frozen():
    c = emu.Counting()
    assert (c.mode, c.arch, c.nvrtc) == ("sass", DEFAULT_ARCH, None) and DEFAULT_ARCH == "sm_90"
    with pytest.raises(LaunchError, match="counts must be 'sass' or 'ptx'"):
        emu.Counting("wavefronts")
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.mode = "ptx"
    assert emu.Counting("ptx", "sm_80") == emu.Counting("ptx", "sm_80") != emu.Counting("ptx", "sm_90")


def test_counting_from_the_rubrics_pins():
    """The judge's pins (tilelab/rubric/_counting.toml): what they name wins, the rest stays."""
    assert emu.Counting.pinned({"counts": "ptx", "arch": "sm_80", "nvrtc": 12.9}) == emu.Counting("ptx", "sm_80", "12.9")
    assert emu.Counting.pinned({"arch": "sm_89"}, emu.Counting("ptx")) == emu.Counting("ptx", "sm_89")
    assert emu.Counting.pinned(None).as_dict() == {"mode": "sass", "arch": DEFAULT_ARCH, "nvrtc": None}
    with pytest.raises(LaunchError):
        emu.Counting.pinned({"counts": "sas"})


def test_one_value_counts_as_the_keywords_do():
    """counting=Counting(mode, arch) gives what counts=mode, arch=arch gives, in launch and emu.run."""
    k = tl.kernel_from_file(KERNELS / "matmul_tiled.cu", "matmulTiled16")
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((2, 32, 32)).astype(np.float32)
    for mode in ("ptx", "sass"):
        by_keywords = tl.launch(k, (2, 2), (16, 16), a, b, np.zeros((32, 32), np.float32), 32, backend="emu",
                                counts=mode)
        by_value = tl.launch(k, (2, 2), (16, 16), a, b, np.zeros((32, 32), np.float32), 32, backend="emu",
                             counting=emu.Counting(mode))
        assert by_value.metrics == by_keywords.metrics and by_value.per_line == by_keywords.per_line
        if mode == "ptx":
            assert by_value.counts == "ptx"
    # the value wins over the keywords when both are given
    r = emu.run(k, (2, 2), (16, 16), [a, b, np.zeros((32, 32), np.float32), np.int32(32)], counts="sass",
                counting=emu.Counting("ptx"))
    assert r.counts == "ptx"
