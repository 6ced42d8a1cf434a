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


def test_a_map_of_an_output_follows_the_timing_pools_buffers():
    """Only work is timed (issue 20): every timed launch writes into another, freshly poisoned output
    buffer of a pool. A TMA store writes where its tensor map says, so the pool encodes the output's map
    again on each buffer; if it did not, the launches into the other buffers would leave them poisoned
    and be reported wrong."""
    from hopper_common import build
    from tilelab import TensorMap
    from tilelab.gpu.device import Device
    from tilelab.gpu.spec import KernelSpec, PackedArgs
    from tilelab.gpu.timing import kernel_launcher, measure
    cubin, entry = build("wgmma_probe.cu", ["tmaStoreRoundTrip"])["tmaStoreRoundTrip"]
    spec = KernelSpec(name="tmaStoreRoundTrip", entry=entry, params=(), cubin=cubin, arch="sm_90a")
    a = np.random.default_rng(3).standard_normal((256, 64)).astype(np.float32)
    out = np.zeros_like(a)
    packed = PackedArgs([TensorMap(a, box=(64, 64)), TensorMap(out, box=(64, 64)), a, out],
                        [False, False, False, True])
    dev = Device()
    launch = kernel_launcher(dev, spec, (4,), (128,), packed, 0, outputs={3: (0.0, 0.0)})
    pool = launch.pool
    assert len(pool.sets) >= 2 and pool.maps[1][1].data != launch.dev_args[1].data
    st = measure(dev, {"rt": launch}, warmup_s=0.0, min_runs=5, max_runs=5, flush_l2=False)["rt"]
    assert st["checked_runs"] >= 4 and st["wrong_runs"] == 0, st
    assert np.array_equal(pool.baseline[3].get(), a)
