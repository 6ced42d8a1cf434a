"""The wrong-element picture of a failed tl.check (issue 12): which elements are wrong, in a
colour-blind-safe palette with hatching and counted labels, shown only in a notebook; the text
report stays, with a hint in words when the wrong set has a recognisable shape."""
from __future__ import annotations

import numpy as np
import pytest

from tilelab import toolchain as tc
from tilelab import palette, wrong_elements
from tilelab.check import check
from tilelab.errors import CheckFailed

pytest.importorskip("matplotlib")
pytestmark = pytest.mark.skipif(not tc.available_nvrtc(), reason="no NVRTC installed")

HEAD = "__global__ void NAME(const float* A, const float* B, float* C, int N)\n{\n"
BODY = """    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    GUARD
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[row * N + k] * B[k * N + col];
        C[STORE] = acc;
    }
}
"""


def kernel(name, store="row * N + col", guard=""):
    src = (HEAD + BODY).replace("NAME", name).replace("STORE", store).replace("GUARD", guard)
    return tc.compile_cuda(src, filename="wrong.cu").kernel(name)


def _fail(k, n):
    with pytest.raises(CheckFailed) as e:
        check(k, "matmul", sizes=[n], seeds=[0], block=(16, 16), backend="emu", quiet=True)
    return e.value


@pytest.mark.parametrize("n", [17, 40])
def test_a_transposed_output_is_drawn_and_named(n):
    err = _fail(kernel("mmT", store="col * N + row"), n)
    (c,) = err.comparisons
    got = c.got
    exp = c.expected.reshape(got.shape)
    # the test's own view: the diagonal is right, every element far from its reference is wrong,
    # and the output is the reference's transpose
    far = np.abs(got - exp) > 1e-2 * np.abs(exp).max()
    assert far.any() and c.bad[far].all() and not c.bad[np.eye(n, dtype=bool)].any()
    np.testing.assert_allclose(got, exp.T, rtol=1e-4, atol=1e-4)
    text = str(err)
    assert "transposed" in text and f"{c.mismatches} of {n * n} elements are wrong" in text
    assert text.count("  C[") == 5                     # the text diff stays: 5 indices
    cat = wrong_elements.categories(c)
    assert np.array_equal(cat == wrong_elements.WRONG, c.bad)
    fig = wrong_elements.figure(err.comparisons)
    (ax,) = fig.axes
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert f"wrong value: {int(c.bad.sum())}" in labels and f"right: {n * n - int(c.bad.sum())}" in labels
    # colour plus a hatch for every wrong category, from the colour-blind-safe palette
    for patch in ax.get_legend().get_patches():
        colour = "#{:02X}{:02X}{:02X}".format(*(int(round(v * 255)) for v in patch.get_facecolor()[:3]))
        assert colour in (palette.LIGHT, *palette.OKABE_ITO), colour
        assert patch.get_hatch() or patch.get_label().startswith("right")


def test_a_missing_edge_tile_is_a_band_of_never_written_elements():
    n = 40                                          # blocks of 16: the last block column starts at 32
    err = _fail(kernel("mmEdge", guard="if (blockIdx.x == gridDim.x - 1) return;"), n)
    (c,) = err.comparisons
    last = (n + 15) // 16 * 16 - 16
    assert np.isnan(c.got[:, last:]).all() and not np.isnan(c.got[:, :last]).any()
    assert f"columns {last}..{n - 1} were never written" in str(err)
    cat = wrong_elements.categories(c)
    assert (cat[:, last:] == wrong_elements.UNWRITTEN).all() and (cat[:, :last] == wrong_elements.RIGHT).all()
    labels = [t.get_text() for t in wrong_elements.figure(err.comparisons).axes[0].get_legend().get_texts()]
    assert f"never written (still NaN): {n * (n - last)}" in labels


def test_shown_in_a_notebook_only(monkeypatch):
    import IPython
    import IPython.display
    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj))
    k = kernel("mmT2", store="col * N + row")
    monkeypatch.setattr(IPython, "get_ipython", lambda: None)        # a script: no picture
    _fail(k, 17)
    assert shown == []

    class Kernelish:
        kernel = object()
    monkeypatch.setattr(IPython, "get_ipython", lambda: Kernelish())  # a Jupyter kernel: the picture
    err = _fail(k, 17)
    (pic,) = shown
    assert pic.figure.axes[0].get_title().startswith("C: ") and str(err).count("  C[") == 5
    assert pic._repr_png_().startswith(b"\x89PNG\r\n\x1a\n")
    # the 1-D case (vector add) is laid out in rows of 32
    a = np.arange(70, dtype=np.float64)
    c = type(err.comparisons[0])(name="c", size=70, mismatches=1, unwritten=0, nan=0, inf=0, max_error=1.0,
                                 worst=(3,), first=[], rtol=0, bad=a == 3, got=a, expected=a)
    assert wrong_elements._grid(wrong_elements.categories(c)).shape == (3, 32)


def test_every_element_wrong_still_draws():
    # a stub that writes one constant everywhere: one category covers the whole output
    src = HEAD.replace("NAME", "mmConst") + """    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) C[row * N + col] = 1e30f;
}
"""
    err = _fail(tc.compile_cuda(src, filename="const.cu").kernel("mmConst"), 20)
    (c,) = err.comparisons
    assert c.bad.all()
    fig = wrong_elements.figure(err.comparisons)
    assert wrong_elements.Picture(fig)._repr_png_().startswith(b"\x89PNG")


def test_the_hints_and_the_picture_speak_chinese_with_the_same_facts(monkeypatch):
    """Under TILELAB_LANG=zh (make lab COURSE_LANG=zh) a wrong transpose and a missing edge tile get
    their diagnosis in Chinese, with the same rows, columns and counts as the English one."""
    n = 40
    k_t = kernel("mmTz", store="col * N + row")
    k_e = kernel("mmEdgez", guard="if (blockIdx.x == gridDim.x - 1) return;")
    en_t, en_e = _fail(k_t, n), _fail(k_e, n)
    monkeypatch.setenv("TILELAB_LANG", "zh")
    zh_t, zh_e = _fail(k_t, n), _fail(k_e, n)
    assert "transposed" in str(en_t) and "输出被转置了" in str(zh_t) and "transposed" not in str(zh_t)
    last = (n + 15) // 16 * 16 - 16
    assert f"columns {last}..{n - 1} were never written" in str(en_e)
    assert f"只有最后的第 {last}..{n - 1} 列从未被写入" in str(zh_e)
    (c,) = zh_t.comparisons
    ax = wrong_elements.figure(zh_t.comparisons).axes[0]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert f"值错误：{int(c.bad.sum())}" in labels and f"正确：{n * n - int(c.bad.sum())}" in labels
    assert ax.get_title() == f"C：{n * n} 个元素中 {c.mismatches} 个错误" and ax.get_xlabel() == "列"
    assert en_t.comparisons[0].mismatches == c.mismatches
    labels = [t.get_text() for t in wrong_elements.figure(zh_e.comparisons).axes[0].get_legend().get_texts()]
    assert f"从未写入（仍是 NaN）：{n * (n - last)}" in labels
