"""The transpose tuning study (bench/gpu_transpose_variants.py) measures only kernels that are
right: every variant, at the launch geometry the study uses, transposes (or copies) exactly
on the emulator, with no sanitizer finding. Sizes that leave partial tiles and partial groups
(96 = 3 tiles; 80 = 2.5 tiles) exercise the bounds checks and the grouped rasterisation."""
from __future__ import annotations

import sys

import numpy as np
import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import gpu_transpose_variants as study  # noqa: E402


@pytest.mark.parametrize("n", [96, 80])
def test_every_study_variant_is_right(emu, rng, n):
    src = study.SRC.read_text()
    prog = emu.compile(src, "tp_restrict", filename=study.SRC.name).program
    names = [*study.BASELINES, *prog.kernels]
    assert len(names) > 20 and "tp_swap" in names and "copysg_alias" in names
    x = rng.standard_normal((n, n)).astype(np.float32)
    for name in names:
        k = emu.kernel("transpose.cu", study.BASELINES[name]) if name in study.BASELINES else prog.kernels[name]
        grid, block = study.geometry(name, n)
        copy = name.startswith("copy")
        if name.startswith("copy4"):
            out = np.full((n * n // 4, 4), np.nan, np.float32)
            r = emu.run(k, grid, block, x.reshape(-1, 4), out, n * n // 4)
            got, want = out.reshape(n, n), x
        else:
            out = np.full((n, n), np.nan, np.float32)
            r = emu.run(k, grid, block, x, out, n, n)
            got, want = out, (x if copy else x.T)
        assert r.findings == [], (name, r.findings[:1])
        assert np.array_equal(got, want), name
