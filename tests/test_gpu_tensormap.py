"""Tensor maps on a GPU (tilelab/gpu/tensormap.py): the driver's encoding, passed by value as a
kernel's ``const __grid_constant__ CUtensorMap`` through the worker's device path. The TMA's picture
of one box is checked against the swizzle rule the course teaches (16-byte chunk index XOR the
128-byte line index's low bits). Needs an sm_90 GPU, CuPy and cuda-bindings (pip install 'tilelab[gpu]')."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))


def _have_hopper() -> bool:
    from tilelab.gpu import available
    if not available():
        return False
    try:
        import cupy
        import cuda.bindings  # noqa: F401
        return cupy.cuda.runtime.getDeviceProperties(0)["major"] >= 9
    except Exception:
        return False


pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not _have_hopper(), reason="needs an sm_90 GPU, CuPy, cuda-bindings")]


@pytest.mark.parametrize("swizzle,box,x,y", [("128B", (64, 64), 64, 16), ("64B", (32, 64), 32, 0),
                                             ("none", (8, 64), 8, 0), ("128B", (64, 64), 224, 96)])
def test_tensor_map_by_value_through_the_device_path(swizzle, box, x, y):
    from hopper_common import build, expected_box
    from tilelab import TensorMap
    from tilelab.gpu.device import Device
    from tilelab.gpu.spec import KernelSpec, PackedArgs
    rng = np.random.default_rng(7)
    src = rng.integers(0, 2 ** 16, (128, 256), dtype=np.uint16)      # fresh data, never constant
    b = build("wgmma_probe.cu", ["tmaBoxDump"])
    cubin, entry = b["tmaBoxDump"]
    spec = KernelSpec(name="tmaBoxDump", entry=entry, params=(), cubin=cubin, arch="sm_90a")
    tm = TensorMap(src, box=(box[1], box[0]), swizzle=swizzle)
    nbytes = box[0] * box[1] * 2
    out = np.zeros(nbytes // 2, np.uint16)
    got = Device().run(spec, (1,), (128,), PackedArgs([tm, out, np.int32(x), np.int32(y), np.int32(nbytes)],
                                                    [False, True, False, False, False]))
    assert (got[1] == expected_box(src, box, x, y, {"none": 0, "64B": 64, "128B": 128}[swizzle])).all()
