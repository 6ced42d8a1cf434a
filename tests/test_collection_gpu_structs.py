"""bench/collection_gpu.py sends a launch whose packed arguments hold a struct by value to tl.launch's gpu backend.

A float2/float3 parameter's manifest list (jetson-utils' warps, the ninety-ninth unseen suite) becomes a
``tl.Struct`` only when the arguments are packed; CuPy's RawKernel cannot pass one ("Unsupported type"), which the
H200 run of 2026-12-06 met on all eight such launches. No GPU here: the routing is checked with a stand-in.
"""
from __future__ import annotations

import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))


def _all():
    from collection import run as collection
    return collection.load()


def _entry(name):
    for e in _all():
        if e["name"] == name and e["file"].startswith("jetu_"):
            return e
    raise AssertionError(name)


@pytest.mark.parametrize("name", ["gpuPerspectiveWarp<uchar4>", "gpuIntrinsicWarp<float4>"])
def test_a_packed_struct_goes_through_tl_launch(monkeypatch, name):
    import collection_gpu
    seen = []
    monkeypatch.setattr(collection_gpu, "_run_gpu_launch", lambda e, k, a, n: seen.append(e["name"]) or ({}, []))

    class NoCupy:                          # the RawKernel path must not be reached
        def __getattr__(self, attr):
            raise AssertionError(f"cupy.{attr} used for a struct launch")
    collection_gpu.run_gpu(_entry(name), NoCupy(), "sm_90")
    assert seen == [name]


def test_a_launch_without_structs_takes_the_rawkernel_path(monkeypatch):
    import collection_gpu
    monkeypatch.setattr(collection_gpu, "_run_gpu_launch", lambda *a: pytest.fail("routed a plain launch"))

    class Reached(Exception):
        pass

    class StopAtModule:
        def RawModule(self, **kw):
            raise Reached
    e = next(e for e in _all() if e["file"] == "vilib_pyramid_gpu.cu")
    with pytest.raises(Reached):
        collection_gpu.run_gpu(e, StopAtModule(), "sm_90")
