"""tl.TensorMap: the description the TMA copies by (innermost first for the driver) and the driver's rules,
each refused with a message naming the rule. CPU only, no launch."""
import numpy as np
import pytest

import tilelab as tl
from tilelab.tma import TensorMapError


def test_properties_innermost_first():
    A = np.zeros((96, 40), np.float16)
    tm = tl.TensorMap(A, box=(64, 32), swizzle="64B")
    assert tm.rank == 2 and tm.elem_bytes == 2 and tm.dtype == np.float16
    assert tm.global_dims == (40, 96)
    assert tm.global_strides_bytes == (80,)
    assert tm.box_dims == (32, 64)
    assert tm.element_strides == (1, 1)
    assert tm.swizzle_bytes == 64 and tm.interleave == "none" and tm.oob_fill == "zeros"
    assert tm.box_bytes == 64 * 32 * 2 and tm.driver_dtype == "FLOAT16"
    assert tm.array is A


def test_five_d_strides():
    A = np.zeros((2, 3, 4, 5, 8), np.float32)
    tm = tl.TensorMap(A, box=(1, 2, 3, 4, 8))
    assert tm.global_dims == (8, 5, 4, 3, 2)
    assert tm.global_strides_bytes == (32, 160, 640, 1920)
    assert tm.box_dims == (8, 4, 3, 2, 1)


@pytest.mark.parametrize("make,words", [
    (lambda: tl.TensorMap(np.zeros((8, 8), np.float32), box=(8, 300)), "256"),
    (lambda: tl.TensorMap(np.zeros((8, 8), np.float32), box=(8, 0)), "1 to 256"),
    (lambda: tl.TensorMap(np.zeros((8, 8), np.float32), box=(8, 2)), "multiple of 16 bytes"),
    (lambda: tl.TensorMap(np.zeros((8, 64), np.float32), box=(8, 16), swizzle="32B"), "32B swizzle span"),
    (lambda: tl.TensorMap(np.zeros((8, 64), np.float16), box=(8, 128), swizzle="128B"), "at most 64 elements"),
    (lambda: tl.TensorMap(np.zeros((8, 6), np.float32), box=(8, 4)), "multiple of 16 bytes (a row of 6"),
    (lambda: tl.TensorMap(np.zeros((8, 8), np.complex64), box=(8, 8)), "does not copy complex64"),
    (lambda: tl.TensorMap(np.zeros((8, 8), np.float32), box=(8, 8), swizzle="16B"), "not a swizzle mode"),
    (lambda: tl.TensorMap(np.zeros((8, 8), np.float32), box=(8,)), "one extent per axis"),
    (lambda: tl.TensorMap(np.zeros((8, 8), np.float32).T, box=(8, 8)), "not C-contiguous"),
    (lambda: tl.TensorMap(np.zeros((1,) * 6, np.float32), box=(1,) * 6), "1 to 5"),
    (lambda: tl.TensorMap([[1.0]], box=(1, 1)), "numpy array"),
    (lambda: tl.TensorMap(np.zeros((8, 8), np.float32), box=(8, 4.5)), "tuple of integers"),
])
def test_driver_rules_refused_by_name(make, words):
    with pytest.raises(TensorMapError) as e:
        make()
    assert words in str(e.value)
    assert isinstance(e.value, tl.LaunchError)


def test_swizzle_span_edges_accepted():
    for sw, n in (("32B", 16), ("64B", 32), ("128B", 64)):
        assert tl.TensorMap(np.zeros((4, n), np.float16), box=(4, n), swizzle=sw).inner_box_bytes == sw_bytes(sw)


def sw_bytes(sw):
    return int(sw[:-1])


def test_address_rule():
    tm = tl.TensorMap(np.zeros((4, 4), np.float32), box=(4, 4))
    tm.check_address(0x1000)
    with pytest.raises(TensorMapError, match="16-byte aligned"):
        tm.check_address(0x1008)


def test_chinese_message(monkeypatch):
    monkeypatch.setenv("TILELAB_LANG", "zh")
    with pytest.raises(TensorMapError, match="驱动程序"):
        tl.TensorMap(np.zeros((8, 8), np.float32), box=(8, 300))
