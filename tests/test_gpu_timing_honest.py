"""Only work is timed (issue 20): the output pool, its poison and the checks of ``measure``,
on numpy through ``tilelab.gpu.fake.FakeTimingDevice`` (no GPU)."""
import numpy as np
import pytest

from tilelab.gpu.fake import FakeTimingDevice
from tilelab.gpu.spec import KernelSpec
from tilelab.gpu.timing import OutputPool, count_bad, kernel_launcher, measure

OPTS = dict(warmup_s=0.0, min_runs=6, max_runs=6, max_seconds=5.0, flush_l2=False)


def _spec(entry):
    return KernelSpec(name=entry, entry=entry, params=(), cubin=entry.encode())


def _args(n=64, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32),
            np.full(n, np.nan, np.float32)]


def _launcher(dev, entry, outputs=True):
    return kernel_launcher(dev, _spec(entry), (1,), (64,), dev_args=_args(),
                           outputs={2: (1e-6, 1e-9)} if outputs else None)


def test_an_honest_kernel_is_checked_at_every_launch_and_passes():
    dev = FakeTimingDevice()
    st = measure(dev, {"add": _launcher(dev, "add")}, **OPTS)["add"]
    assert st["n"] == 6 and st["wrong_runs"] == 0
    assert st["checked_runs"] == st["n"] + st["warmup_runs"] - 1     # every launch after the first
    assert st["first_wrong"] is None


def test_a_kernel_that_skips_work_once_its_output_is_written_is_caught():
    dev = FakeTimingDevice()
    st = measure(dev, {"k": _launcher(dev, "skip_if_written")}, **OPTS)["k"]
    # a NaN test is fooled by the NaN poison and caught by every random-bits one (half the uses)
    assert st["checked_runs"] >= 6 and st["wrong_runs"] >= st["checked_runs"] // 3
    assert st["first_wrong"]["argument"] == 2 and st["first_wrong"]["elements"] >= 1


def test_a_launch_counter_is_timed_doing_its_work():
    dev = FakeTimingDevice()
    st = measure(dev, {"k": _launcher(dev, "count")}, **OPTS)["k"]
    assert st["checked_runs"] >= 6 and st["wrong_runs"] == 0       # every launch was its first


@pytest.mark.parametrize("entry", ["skip_if_written", "count"])
def test_without_the_pool_the_same_kernel_goes_unseen(entry):
    """What the old loop did: same buffers, nothing checked; the attack is invisible to it."""
    dev = FakeTimingDevice()
    st = measure(dev, {entry: _launcher(dev, entry, outputs=False)}, **OPTS)[entry]
    assert "wrong_runs" not in st


def test_the_launch_counter_is_put_back_before_every_launch():
    dev = FakeTimingDevice()
    f = _launcher(dev, "count")
    assert dev.loads == 1                        # a module of its own, loaded fresh
    measure(dev, {"c": f}, **OPTS)
    assert dev.variables["count"]["launches"] == 1   # each launch started from the loaded value
    dev2 = FakeTimingDevice()
    g = _launcher(dev2, "count")
    g.reset = None                               # with no reset: the count runs on and it skips
    st = measure(dev2, {"c": g}, **OPTS)["c"]
    assert dev2.variables["count"]["launches"] > 1 and st["wrong_runs"] > 0


def test_no_launch_finds_the_values_an_earlier_one_left():
    dev = FakeTimingDevice()
    measure(dev, {"spy": _launcher(dev, "spy")}, **OPTS)
    assert len(dev.seen) >= 7 and not any(dev.seen)


def test_the_pool_rotates_and_poisons_nan_then_random_bits():
    xp = np
    out = np.zeros(256, np.float32)
    pool = OutputPool(xp, [np.ones(4), out], {1: (0.0, 0.0)}, size=3, seed=1)
    assert [pool.take() for _ in range(4)] == [0, 1, 2, 0]
    assert pool.sets[0][1] is out                # set 0 is the caller's own buffer
    assert all(np.isnan(s[1]).all() for s in pool.sets)      # first poison: all bits set (NaN)
    assert out.view(np.uint32).max() == 0xFFFFFFFF
    out[:] = 1.0
    pool.check(0, 0)                             # baseline taken, then the set poisoned again
    assert np.array_equal(pool.baseline[1], np.ones(256, np.float32))
    bits = out.view(np.uint32)
    assert not np.isnan(out).all() and len(np.unique(bits)) > 200   # random bits, not a constant
    before = bits.copy()
    out[:] = 1.0
    pool.check(0, 3)
    assert np.isnan(out).all()                   # alternates: NaN again
    pool.poison(0)
    assert not np.array_equal(out.view(np.uint32), before)    # fresh random bits each time
    assert pool.checked == 1 and pool.wrong == 0


def test_a_tensor_map_of_an_output_is_encoded_again_on_every_pool_buffer():
    """A map names its buffer's address in its bytes: each set of the pool gets its own encoding
    (on a GPU, tests/test_gpu_tensormap.py times a TMA store through one)."""
    from tilelab.gpu.tensormap import MapBytes
    out = np.zeros(64, np.float32)
    m_out, m_in = MapBytes(b"o" * 128, None, 2), MapBytes(b"i" * 128, None, 0)
    enc = lambda buf, j: MapBytes(id(buf).to_bytes(8, "little") * 16, None, j)   # noqa: E731
    pool = OutputPool(np, [np.ones(64), m_out, out, m_in], {2: (0.0, 0.0)}, size=3, maps={1: enc, 3: enc})
    for k in range(3):
        a = pool.args_for(k)
        assert a[2] is pool.sets[k][2]
        assert a[1] is m_out if k == 0 else a[1].data == id(pool.sets[k][2]).to_bytes(8, "little") * 16
        assert a[3] is m_in                      # a map of an input keeps the input's one buffer


def test_a_map_of_an_output_without_its_tensor_map_is_refused():
    from tilelab.gpu.spec import PackedArgs
    from tilelab.gpu.tensormap import MapBytes
    from tilelab.gpu.timing import _output_maps
    args = [MapBytes(b"o" * 128, None, 1), np.zeros(4, np.float32)]
    with pytest.raises(ValueError, match="tensor map of output argument 1"):
        _output_maps(args, None, {1: (0.0, 0.0)})
    with pytest.raises(ValueError, match="tensor map of output argument 1"):
        _output_maps(args, PackedArgs([b"not a map", args[1]], [False, True]), {1: (0.0, 0.0)})
    assert _output_maps(args, None, {}) == {}    # a map of an input: nothing to follow


def test_count_bad_follows_the_check_rule():
    want = np.array([1.0, 100.0, 0.0, -5.0], np.float32)
    assert count_bad(np, want.copy(), want, 0.0, 0.0) == 0
    got = want.copy()
    got[1] = 100.05                              # 5e-4 relative
    assert count_bad(np, got, want, 1e-3, 1e-2) == 0
    assert count_bad(np, got, want, 1e-4, 1e-2) == 1
    got[2] = 0.5                                 # near zero: the floor is 1e-2 * 100 = 1
    assert count_bad(np, got, want, 1e-3, 1e-2) == 1
    assert count_bad(np, got, want, 1.0, 1e-2) == 0
    got[3] = np.nan
    assert count_bad(np, got, want, 1.0, 1e-2) == 1


def test_a_kernel_that_disagrees_with_the_baseline_is_named():
    dev = FakeTimingDevice()
    a = _launcher(dev, "add")
    b = kernel_launcher(dev, _spec("add"), (1,), (64,), dev_args=_args(seed=5), outputs={2: (1e-6, 1e-9)})
    st = measure(dev, {"ref": a, "yours": b}, agree={"yours": "ref"}, **OPTS)
    assert st["yours"]["wrong_runs"] == 0                      # consistent with itself
    assert st["yours"]["disagrees"]["label"] == "ref" and st["yours"]["disagrees"]["elements"] > 0
    c = _launcher(dev, "add")
    st = measure(dev, {"ref": _launcher(dev, "add"), "yours": c}, agree={"yours": "ref"}, **OPTS)
    assert st["yours"]["disagrees"] is None


def test_pack_items_refuses_an_output_that_is_an_input():
    from tilelab.toolchain import compile_cuda
    from tilelab.gpu.timing import Timed, pack_items
    src = "__global__ void k(const float* a, float* c, int n) { int i = threadIdx.x; if (i < n) c[i] = a[i]; }"
    k = compile_cuda(src).kernels["k"]
    a, c = np.ones(4, np.float32), np.zeros(4, np.float32)
    with pytest.raises(ValueError, match="not an output"):
        pack_items({"k": Timed(k, 1, 4, [a, c, np.int32(4)], outputs={0: (0, 0)})}, "sm_90")


def test_gpu_times_poisons_the_problems_outputs_and_refuses_a_kernel_with_wrong_timed_values(monkeypatch):
    """The judge's path (bench.gpu_times, Engine.time): its items name the problem's outputs with the
    problem's tolerance, and a kernel whose timed launches left wrong values gets no time."""
    import tilelab.gpu as gpu
    from tilelab.bench import gpu_times
    from tilelab.errors import TilelabError
    from tilelab.gpu.timing import Timed
    src = ("__global__ void mm(const float* A, const float* B, float* C, int N)"
           " { int i = threadIdx.x; if (i < N) C[i] = A[i]; }")
    from tilelab.toolchain import compile_cuda
    k = compile_cuda(src).kernels["mm"]
    seen = []

    def fake(items, **opts):
        seen.append(items)
        st = {"median_s": 1e-3, "min_s": 1e-3, "mean_s": 1e-3, "stderr_s": 0, "n": 10, "converged": True,
              "checked_runs": 12, "wrong_runs": 0, "first_wrong": None, "disagrees": None}
        out = {label: dict(st) for label in items}
        if "bad" in out:
            out["bad"].update(wrong_runs=5, first_wrong={"launch": 3, "argument": 2, "elements": 7, "of": 64})
        return out
    monkeypatch.setattr(gpu, "time_kernels", fake)
    stats = gpu_times({"mine": k, "ref": k}, "matmul", 8, baseline="ref")
    item = seen[-1]["mine"]
    assert isinstance(item, Timed) and item.outputs == {2: (1e-3, 1e-2)} and item.agree_with == "ref"
    assert seen[-1]["ref"].agree_with is None and stats["mine"]["median_s"] == 1e-3
    with pytest.raises(TilelabError, match=r"bad has no time at N=8: 5 of its 12 checked launches left wrong "
                                           r"values in C \(the first: 7 of 64"):
        gpu_times({"bad": k, "ref": k}, "matmul", 8, baseline="ref")


def test_held_out_skips_are_caught_or_find_no_work_to_skip():
    """Held out (issue 20's acceptance): a kernel that skips when its output is all finite is
    caught by the random-bits poison; one that skips when its output already holds the right
    answer never finds it there, so every timed launch does its work."""
    dev = FakeTimingDevice()
    st = measure(dev, {"k": _launcher(dev, "skip_if_finite")}, **OPTS)["k"]
    assert st["checked_runs"] >= 6 and st["wrong_runs"] >= 1 and dev.skipped >= 1
    dev = FakeTimingDevice()
    st = measure(dev, {"k": _launcher(dev, "skip_if_done")}, **OPTS)["k"]
    assert st["checked_runs"] >= 6 and st["wrong_runs"] == 0 and dev.skipped == 0
    dev = FakeTimingDevice()
    measure(dev, {"k": _launcher(dev, "skip_if_done", outputs=False)}, **OPTS)
    assert dev.skipped >= 5                      # the old loop: the same buffers, the answer already there
