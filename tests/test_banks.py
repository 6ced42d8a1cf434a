"""tilelab.banks: the bank simulator gives the DESIGN §5 figures, agrees with the emulator
request by request (both count with tilelab.emu.counters.metrics), draws, and its explorer's
controls drive the count."""
import numpy as np
import pytest

from tilelab import banks
from tilelab.emu.counters import metrics


# ------------------------------------------------------------------- DESIGN §5 figures
@pytest.mark.parametrize("spec, kw, wavefronts, verdict", [
    (lambda lane: lane, {}, 1, "conflict-free"),
    (lambda lane: lane * 2, {}, 2, "2-way bank conflict"),
    (lambda lane: lane * 32, {}, 32, "32-way bank conflict"),
    (lambda lane: 5, {}, 1, "broadcast"),
    (lambda lane: lane % 16 * 2, {}, 1, "conflict-free (with broadcast)"),
    (lambda lane: lane * 33, {}, 1, "conflict-free"),
    (lambda lane: lane, {"width": 8}, 2, "conflict-free"),
    (lambda lane: lane, {"width": 16}, 4, "conflict-free"),
    (lambda lane: lane * 2, {"width": 16}, 8, "2-way bank conflict"),
    (lambda lane: lane * 4 * 32, {"unit": "byte"}, 32, "32-way bank conflict"),
])
def test_design_figures(spec, kw, wavefronts, verdict):
    a = banks.analyze(spec, **kw)
    assert a.wavefronts == wavefronts
    assert a.verdict == verdict
    assert a.conflicts == wavefronts - a.ideal


@pytest.mark.parametrize("pad, wavefronts", [(0, 32), (1, 1), (2, 2), (3, 1), (4, 4)])
def test_tile_column_read(pad, wavefronts):
    a = banks.analyze(banks.tile(32, 32, pad, lambda lane: (lane, 0)))
    assert a.wavefronts == wavefronts
    assert a.access.footprint == 32 * (32 + pad) * 4


def test_swizzled_tile_is_conflict_free_both_ways():
    for c in range(32):
        assert banks.wavefronts(banks.tile(32, 32, 0, lambda lane: (lane, c), swizzle=True)) == 1
    for r in range(32):
        assert banks.wavefronts(banks.tile(32, 32, 0, lambda lane: (r, lane), swizzle=True)) == 1


def test_ldmatrix_128_byte_rows():
    x4 = lambda lane: ((lane % 16), (lane // 16) * 8)   # noqa: E731  rows 0-15, k chunks 0 and 1
    plain = banks.analyze(banks.tile(16, 64, 0, x4, width="ldmatrix"))
    swz = banks.analyze(banks.tile(16, 64, 0, x4, width="ldmatrix", swizzle=True))
    assert (plain.wavefronts, plain.degree) == (32, 8)
    assert (swz.wavefronts, swz.degree) == (4, 1)
    short = banks.analyze(banks.tile(16, 16, 0, x4, width="ldmatrix"))   # 32-byte rows: 2-way
    assert short.degree == 2
    assert banks.analyze(lambda lane: lane * 8, width="ldmatrix", num=1).ideal == 1


def test_cute_swizzle_matches_the_course_kernels():
    s333 = banks.swizzle_fn(3, 3, 3)
    assert banks.is_bijection(s333, 64 * 64)
    for row in range(64):
        for chunk in range(8):
            o = row * 64 + chunk * 8
            assert s333(o) == row * 64 + (chunk ^ (row % 8)) * 8
    s505 = banks.swizzle_fn(5, 0, 5)
    assert all(s505(r * 32 + c) == r * 32 + (c ^ r) for r in range(32) for c in range(32))
    assert not banks.is_bijection(lambda o: o // 2, 64)


def test_wide_access_padding_must_match_the_width():
    rowread = lambda lane: (lane // 8, lane % 8 * 4)      # noqa: E731  8 float4 per row
    bad = banks.tile(32, 32, 1, rowread, width=16)
    assert bad.misaligned and "MISALIGNED" in banks.analyze(bad).summary()
    good = banks.tile(32, 32, 4, lambda lane: (lane, 0), width=16)
    assert not good.misaligned
    assert banks.wavefronts(good) == 4
    assert banks.wavefronts(banks.tile(32, 32, 0, lambda lane: (lane, 0), width=16)) == 32


def test_explicit_lists_inactive_lanes_and_base():
    addrs = [lane * 4 for lane in range(16)] + [None] * 16
    a = banks.analyze(addrs, unit="byte")
    assert a.wavefronts == 1 and int(a.access.active.sum()) == 16
    assert banks.wavefronts(np.arange(32) * 32) == 32
    assert banks.wavefronts(lambda lane: lane, base=4) == 1


@pytest.mark.parametrize("bad, message", [
    (lambda: banks.analyze([0] * 31), "32 lanes"),
    (lambda: banks.analyze(lambda lane: lane, width=12), "width"),
    (lambda: banks.analyze(lambda lane: lane, unit="word"), "unit"),
    (lambda: banks.analyze(banks.tile(32, 32, 0, lambda lane: (lane, 40))), "outside"),
    (lambda: banks.tile(32, 24, 0, swizzle=True), "power-of-two"),
    (lambda: banks.analyze(lambda lane: "x"), "integer"),
    (lambda: banks.analyze(42), "pattern"),
])
def test_clear_errors(bad, message):
    with pytest.raises(banks.BankError, match=message):
        bad()


# ------------------------------------------------------------ one implementation of §5
def test_analysis_is_the_metrics_module():
    rng = np.random.default_rng(0)
    for width in (4, 8, 16):
        for _ in range(50):
            addr = rng.integers(0, 256, 32) * width
            act = rng.random(32) < 0.8
            a = banks.analyze(list(np.where(act, addr, None)), unit="byte", width=width)
            assert a.wavefronts == int(metrics.shared_wavefronts(addr[None], act[None], width)[0])


GATHER = r"""
template <typename T>
__device__ void gather(const int* idx, const float* src, float* out)
{
    __shared__ __align__(16) float s[4096];
    for (int i = threadIdx.x; i < 4096; i += blockDim.x) s[i] = src[i];
    __syncthreads();
    int t = threadIdx.x, k = idx[blockIdx.x * blockDim.x + t];
    if (k >= 0) {
        T v = reinterpret_cast<const T*>(s)[k];
        reinterpret_cast<T*>(out)[blockIdx.x * blockDim.x + t] = v;
    }
}
extern "C" __global__ void g4(const int* idx, const float* src, float* out) { gather<float>(idx, src, out); }
extern "C" __global__ void g8(const int* idx, const float* src, float* out) { gather<float2>(idx, src, out); }
extern "C" __global__ void g16(const int* idx, const float* src, float* out) { gather<float4>(idx, src, out); }
"""


@pytest.mark.parametrize("width", [4, 8, 16])
def test_banks_agrees_with_the_emulator_per_request(width):
    """Random warps (broadcasts, inactive lanes) through a real kernel: the emulator's
    per-line wavefronts equal the sum of banks.analyze over the same warps."""
    from tilelab.toolchain import compile_cuda
    from tilelab.launch import launch
    prog = compile_cuda(GATHER, filename="gather.cu")
    k = prog.kernels[f"g{width}"]
    rng = np.random.default_rng(width)
    warps = 48
    n = 4096 * 4 // width
    idx = np.empty((warps, 32), dtype=np.int32)
    for w in range(warps):
        span = [4, 32, 64, n][w % 4]                # small spans make broadcasts
        idx[w] = rng.integers(0, span, 32) * rng.choice([1, 2, 3, 8, 32]) % n
        idx[w][rng.random(32) < 0.15] = -1         # inactive lanes
    src = rng.random(4096).astype(np.float32)
    out = np.zeros(warps * 32 * width // 4, dtype=np.float32)
    res = launch(k, (warps // 4,), (128,), idx.ravel(), src, out, backend="emu")
    assert not res.findings
    line = max(res.per_line, key=lambda p: p["shared_ld_requests"])
    expected = sum(banks.analyze([None if v < 0 else int(v) for v in row], width=width).wavefronts
                   for row in idx)
    reqs = sum(1 for row in idx if (row >= 0).any())
    assert line["shared_ld_requests"] == reqs
    assert line["shared_ld_wavefronts"] == expected


@pytest.mark.parametrize("name, kind, per_request", [
    ("transposeShared32", "ld", 32), ("transposePadded", "ld", 1), ("transposeSwizzled", "ld", 1),
    ("transposeShared32", "st", 1), ("transposeSwizzled", "st", 1),
])
def test_kernel_line(name, kind, per_request):
    from tilelab.toolchain import kernel_from_file
    k = kernel_from_file("kernels/transpose.cu", name)
    a = np.random.default_rng(1).random((64, 64), dtype=np.float32)
    o = np.zeros_like(a)
    acc = banks.kernel_line(k, (2, 2), (32, 8), a, o, 64, 64, kind=kind)
    an = banks.analyze(acc)
    assert an.wavefronts == per_request
    assert acc.extra["wavefronts"] == per_request * acc.extra["requests"]
    assert f"{per_request:.2f} per request" in an.summary()
    assert np.array_equal(o, a.T)


def test_kernel_line_ldmatrix():
    from tilelab.toolchain import kernel_from_file
    rng = np.random.default_rng(2)
    A = rng.integers(-2, 3, (64, 64)).astype(np.float16)
    Bt = rng.integers(-2, 3, (64, 64)).astype(np.float16)
    for name, wf in (("mmaTilePlain", 32), ("mmaTileSwizzled", 4)):
        C = np.zeros((64, 64), np.float32)
        acc = banks.kernel_line(kernel_from_file("kernels/mma_tile.cu", name), (1, 1), (128,), A, Bt, C, 64, 64, 64)
        assert acc.width == "ldmatrix"
        assert banks.wavefronts(acc) == wf
        assert np.array_equal(C, A.astype(np.float32) @ Bt.astype(np.float32).T)


def test_kernel_line_errors():
    from tilelab.toolchain import kernel_from_file
    k = kernel_from_file("kernels/transpose.cu", "transposeNaive")
    a = np.zeros((32, 32), np.float32)
    with pytest.raises(banks.BankError, match="no shared"):
        banks.kernel_line(k, (1, 1), (32, 8), a, a.copy(), 32, 32)
    k = kernel_from_file("kernels/transpose.cu", "transposePadded")
    with pytest.raises(banks.BankError, match="lines that did"):
        banks.kernel_line(k, (1, 1), (32, 8), a, a.copy(), 32, 32, line=1)


# ------------------------------------------------------------------ picture and explorer
def test_show_draws_and_prints_the_verdict():
    pic = banks.show(lambda lane: lane * 2, width=16)
    assert pic.wavefronts == 8 and pic.degree == 2
    assert repr(pic) == pic.analysis.summary()
    assert pic.png()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "phase" in " ".join(t.get_text() for t in pic.figure.axes[0].texts)


def test_explorer_controls_drive_the_count():
    pytest.importorskip("ipywidgets")
    ex = banks.explorer()
    assert ex.analysis.wavefronts == 1 and ex.image.value[:4] == b"\x89PNG"
    before = ex.image.value
    ex.stride.value = 32                           # the picture follows the controls
    assert ex.image.value != before
    ex = banks.explorer(draw_picture=False)        # counts only from here: drawing is the slow part
    ex.stride.value = 32
    assert ex.analysis.wavefronts == 32 and "32 wavefronts" in ex.count.value
    ex.stride.value = 2
    assert ex.analysis.wavefronts == 2
    ex.mode.value = "column: T[lane * stride][0]"
    ex.stride.value = 1
    assert ex.analysis.wavefronts == 32
    ex.padding.value = True
    assert ex.analysis.wavefronts == 1 and "+128 B of padding" in ex.memory.value
    ex.pad.value = 2
    assert ex.analysis.wavefronts == 2
    ex.padding.value = False
    ex.swizzle.value = True
    assert ex.analysis.wavefronts == 1 and "padding" not in ex.memory.value
    ex.width.value = 16                            # float4 column reads: 4 phases of 8 rows
    assert ex.analysis.wavefronts == 4
    ex.swizzle.value = False
    assert ex.analysis.wavefronts == 32
    ex.padding.value, ex.pad.value = True, 1       # +1 breaks 16-byte alignment
    assert "misaligned" in ex.memory.value
    ex.pad.value = 4
    assert ex.analysis.wavefronts == 4 and "misaligned" not in ex.memory.value
    ex.padding.value = False
    ex.stride.value, ex.swizzle.value = 3, True
    ex.width.value = "ldmatrix"                    # opens on the lessons' case: 64-half rows, 32 wavefronts
    assert (ex.mode.value, ex.stride.value, ex.row_width.value, ex.swizzle.value, ex.padding.value) == \
        ("column: T[lane * stride][0]", 1, 64, False, False)
    assert ex.analysis.wavefronts == 32 and "32 wavefronts" in ex.count.value
    ex.swizzle.value = True
    assert ex.analysis.wavefronts == 4
    ex.row_width.value = 48                        # swizzle needs a power-of-two row
    assert "power-of-two" in ex.analysis.access.label
    ex.mode.value = "row: T[0][lane * stride]"
    ex.width.value = 4
    ex.row_width.value = 32
    assert ex.analysis.wavefronts == 1


def test_explorer_without_widgets_matches():
    assert banks.analyze(banks.explorer_access("col", 1, 32, True, 1)).wavefronts == 1
    assert banks.analyze(banks.explorer_access("1d", 33)).wavefronts == 1
    a = banks.analyze(banks.explorer_access("1d", 16, width=8))   # 128-byte stride: 16 lanes a phase
    assert (a.wavefronts, a.degree) == (32, 16)


def test_explorer_and_picture_speak_the_course_language(monkeypatch):
    """Under TILELAB_LANG=zh (make lab COURSE_LANG=zh) the controls, the count and the picture's
    labels come from tilelab/messages/zh.toml; the values the controls hold do not change."""
    pytest.importorskip("ipywidgets")
    from tilelab.messages import msg
    monkeypatch.setenv("TILELAB_LANG", "zh")
    ex = banks.explorer(stride=32, draw_picture=False)
    assert ex.stride.description == msg("banks.stride", "zh") != msg("banks.stride", "en")
    assert ex.mode.value == "1-D: s[lane * stride]" and ex.mode.label == msg("banks.mode_1d", "zh")
    assert msg("banks.wavefronts", "zh", n=32) in ex.count.value
    ax = banks.draw(banks.analyze(lambda lane: 32 * lane))
    texts = [t.get_text() for t in ax.texts]
    assert msg("banks.legend", "zh") in texts and msg("banks.n_way", "zh", n=32) in texts
