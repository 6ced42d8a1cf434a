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
    monkeypatch.setattr(collection_gpu, "_run_gpu_launch", lambda e, k, a, n, s=None: seen.append(e["name"]) or ({}, []))

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


def test_a_struct_launch_takes_the_manifests_symbols(monkeypatch):
    """GPU-MCML's InitThreadState passes a struct of arrays by value and reads ``__constant__ d_simparam``: the struct
    path dropped the manifest's symbols, so the H100 read zeros for the photons' initial weight (2026-12-06's
    unseen135 recording, photon_w differing in every element). The symbols now reach tl.launch."""
    import tilelab.launch  # noqa: F401
    import collection_gpu
    from collection import run as coll
    tl_launch = sys.modules["tilelab.launch"]
    got = {}

    def fake_launch(*a, **kw):
        got.update(kw.get("symbols") or {})
    monkeypatch.setattr(tl_launch, "launch", fake_launch)
    entry = next(e for e in _all() if e["name"] == "InitThreadState" and not e.get("launch"))
    k = coll.compile_entry(entry)
    args, named, symbols = coll.inputs(entry)
    assert symbols
    collection_gpu._run_gpu_launch(entry, k, args, named, symbols)
    assert set(got) == {"d_simparam"}
    assert got["d_simparam"].view("float32")[0] == pytest.approx(0.9722222)
