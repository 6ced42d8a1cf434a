"""tilelab.profile (per-line bank verdicts, SASS mix, the worst request's picture) and
tilelab.bench (emulator counts, never times; on a GPU, times and ratios)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tilelab import toolchain as tc
from tilelab.bench import bench
from tilelab.launch import launch
from tilelab.problems import get_problem
from tilelab.profile import bank_picture, capture_requests, profile, verdict

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not tc.available_nvrtc(), reason="no NVRTC installed")


def ref_kernel(file, name):
    return tc.compile_cuda((ROOT / "kernels" / file).read_text(), filename=f"kernels/{file}").kernel(name)


def line_of(file, marker, nth=0):
    hits = [i + 1 for i, s in enumerate((ROOT / "kernels" / file).read_text().splitlines()) if marker in s]
    return hits[nth]


def has_nvdisasm():
    try:
        tc.find_nvdisasm()
        return True
    except Exception:
        return False


# ---------------------------------------------------------------------------------- profile
@pytest.mark.parametrize("name,expect", [("transposeShared32", "32-way"), ("transposePadded", "conflict-free"),
                                         ("transposeSwizzled", "conflict-free")])
def test_profile_finds_the_transpose_conflict(name, expect):
    k = ref_kernel("transpose.cu", name)
    p = profile(k, "transpose", N=64, backend="emu")
    # the tile read in the second loop of this kernel (its 2nd `out[...] = tile[...]`-style line)
    src = k.source.splitlines()
    read = next(r for r in p.rows if r["shared ld requests"])
    assert "tile[" in src[read["line"] - 1] and "out[" in src[read["line"] - 1]
    assert read["banks"] == expect
    want = 32.0 if expect == "32-way" else 1.0
    assert read["wavefronts/request"] == want
    assert read["shared ld wavefronts"] == want * read["shared ld requests"]
    store = next(r for r in p.rows if r["shared st requests"])
    assert store["banks"] == "conflict-free"
    assert store["global ld sectors/request"] == 4.0 and read["global st sectors/request"] == 4.0
    # totals agree with an ordinary launch
    prob = get_problem("transpose")
    g, b, _ = prob.launch((64, 64))
    res = launch(k, g, b, *prob.args(prob.inputs((64, 64), 3), prob.new_outputs((64, 64))), backend="emu")
    assert p.metrics == res.metrics
    assert expect in str(p) and "<table>" in p._repr_html_()


def test_profile_picture_of_the_worst_request():
    k = ref_kernel("transpose.cu", "transposeShared32")
    p = profile(k, "transpose", N=(64, 96), backend="emu")
    w = p.worst
    assert w["verdict"] == "32-way" and w["line"] == line_of("transpose.cu", "tile[threadIdx.x][threadIdx.y + j]")
    if "addresses" not in w:
        pytest.skip("the emulator gave no addresses: " + p.note)
    addr = np.array(w["addresses"])
    assert len(addr) == 32 and np.all(np.diff(addr) == 32 * 4)        # a column of a [32][32] float tile
    assert w["wavefronts"] == 32 and w["ideal"] == 1
    assert p.figure is not None and "32-way" in p.figure._suptitle.get_text()
    assert p.png()[:4] == b"\x89PNG"


def test_profile_speaks_chinese_with_the_same_numbers(monkeypatch):
    """Under TILELAB_LANG=zh the table's headers, title, verdicts and notes and the bank picture's
    title and axes are Chinese; the rows (data) and every number in the picture stay the same."""
    k = ref_kernel("transpose.cu", "transposeShared32")
    en = profile(k, "transpose", N=64, backend="emu")
    en_text = str(en)
    monkeypatch.setenv("TILELAB_LANG", "zh")
    zh = profile(k, "transpose", N=64, backend="emu")
    assert zh.rows == en.rows and zh.worst["line"] == en.worst["line"]
    text = str(zh)
    assert "每行源代码的访存" in zh.title and "共享内存加载请求" in text and "32 路冲突" in text
    assert "shared ld requests" not in text and "32-way" not in text and "32-way" in en_text
    assert "计数来自模拟器" in zh.note and "<th>共享内存加载请求</th>" in zh._repr_html_()
    head, rule = text.splitlines()[1:3]                     # a CJK character is two columns wide
    assert len(head.split("  ")[0].encode("gbk")) == len(rule.split("  ")[0]) == 2     # 行 over --
    if zh.figure is None:
        pytest.skip("no picture: " + zh.note)
    title = zh.figure._suptitle.get_text()
    assert f"第 {en.worst['line']} 行" in title and "32 路冲突：32 个 wavefront，理想为 1 个（4 字节的访问）" in title
    ax = zh.figure.axes[1]
    assert ax.get_xlabel() == "bank = (字节地址 / 4) % 32" and "字数" in zh.figure.axes[0].get_ylabel()
    assert en.figure.axes[1].get_xlabel() == "bank = (byte address / 4) % 32"


def test_capture_returns_every_request_of_one_instruction():
    k = ref_kernel("transpose.cu", "transposePadded")
    prob = get_problem("transpose")
    g, b, _ = prob.launch((64, 64))
    from tilelab.emu.machine import parsed
    from tilelab.gpu.spec import pack_args
    fn = parsed(k.program.ptx).entry(k.entry)
    pcs = [i for i, ins in enumerate(fn.instrs) if ins.op == "ld" and "shared" in ins.mods]
    args = pack_args(k.name, k.params, prob.args(prob.inputs((64, 64), 0), prob.new_outputs((64, 64)))).values
    got = capture_requests(k, g, b, args, 0, pcs[0])
    if not got:
        pytest.skip("the emulator gave no addresses")
    rows = np.concatenate([a for a, _, _ in got])
    assert rows.shape == (4 * 8, 32)                  # 4 blocks x 8 warps, one request each
    assert all(nb == 4 for _, _, nb in got)
    # tile[threadIdx.x][threadIdx.y + j] with a 33-float row: lane l reads offset (33 l + c) * 4
    assert np.all(np.diff(rows, axis=1) == 33 * 4)


def test_profile_sees_what_ptxas_vectorised():
    if not has_nvdisasm():
        pytest.skip("nvdisasm not installed")
    k = ref_kernel("matmul_tiled.cu", "matmulTiled32")
    p = profile(k, "matmul", N=64, block=(32, 32), backend="emu")
    inner = p.line(line_of("matmul_tiled.cu", "acc += sA[ty][k] * sB[k][tx]"))
    # counted as the GPU runs it: per tile and warp 32 LDS (1 wavefront) + 8 LDS.128 broadcasts (2)
    assert inner["banks"] == "conflict-free" and inner["wavefronts/request"] == 48 / 40
    assert "LDS.128" in inner["SASS memory ops"] and inner["ptxas vectorised"]
    assert inner["counted"] == "sass" and "ptxas merged 4 loads into LDS.128" in inner["why"]
    assert f"shared ld req {inner['shared ld requests'] * 64 // 40}" in inner["as in the PTX"]
    assert "ptxas merged" in p.note
    store = p.line(line_of("matmul_tiled.cu", "sA[ty][tx] ="))
    assert "STS" in store["SASS memory ops"] and not store["ptxas vectorised"] and not store["as in the PTX"]
    # counted as in the PTX: one request per ld.shared.f32, 1 wavefront each
    q = profile(k, "matmul", N=64, block=(32, 32), backend="emu", counts="ptx", picture=False)
    assert q.line(inner["line"])["wavefronts/request"] == 1.0 and not q.line(inner["line"])["as in the PTX"]


@pytest.mark.parametrize("name,expect", [("mmaTilePlain", "8-way"), ("mmaTileSwizzled", "conflict-free")])
def test_profile_ldmatrix_verdicts(name, expect):
    k = ref_kernel("mma_tile.cu", name)
    p = profile(k, "mma_tile", N=(64, 64, 64), backend="emu", picture=False)
    ld = [r for r in p.rows if r["shared ld requests"]]
    assert ld and all(r["banks"] == expect for r in ld)
    per = 32 if expect == "8-way" else 4
    assert all(r["wavefronts/request"] == per for r in ld)


@pytest.mark.parametrize("stride,degree", [(1, 1), (2, 2), (32, 32), (33, 1), (8, 8)])
def test_bank_picture_from_addresses(stride, degree):
    addr = np.arange(32) * stride * 4
    fig = bank_picture(addr, np.ones(32, bool), 4, "stride test")
    assert fig._suptitle.get_text().endswith(f"{verdict(degree)}: {degree} wavefronts, ideal 1 (4-byte accesses)")
    top = fig.axes[0]
    heights = [r.get_height() for r in top.patches]
    assert max(heights) == degree and sum(h > 0 for h in heights) == 32 // degree


def test_verdict_words():
    assert verdict(1.0) == "conflict-free" and verdict(0.5) == "conflict-free"
    assert verdict(32.0) == "32-way" and verdict(2.5) == "2.5-way" and verdict(None) == ""


# ---------------------------------------------------------------------------------- bench
def test_bench_on_emu_reports_counts_not_times():
    kernels = {"shared32": ref_kernel("transpose.cu", "transposeShared32"),
               "padded": ref_kernel("transpose.cu", "transposePadded")}
    t = bench(kernels, "transpose", sizes=[(64, 64), (32, 96)], backend="emu")
    assert len(t) == 4 and t.meta["backend"] == "emu"
    assert not any("ms" in c or "/s" in c for c in t.columns)           # no times, no throughput
    assert "not times" in str(t) and "<img" in t._repr_html_()
    rows = {(r["size"], r["kernel"]): r for r in t}
    prob = get_problem("transpose")
    for size in [(64, 64), (32, 96)]:
        s32, pad = rows[(prob.label(size), "shared32")], rows[(prob.label(size), "padded")]
        assert s32["shared ld wavefronts/request"] == 32.0 and pad["shared ld wavefronts/request"] == 1.0
        # the same counts as a launch made here
        g, b, _ = prob.launch(size)
        m = launch(kernels["padded"], g, b, *prob.args(prob.inputs(size, 9), prob.new_outputs(size)),
                   backend="emu").metrics
        assert pad["metrics"] == m and pad["instructions"] == m["instructions"]
        assert pad["global sectors"] == m["global_ld_sectors"] + m["global_st_sectors"]
    assert t.figure is not None and len(t.figure.axes) == 2


def test_bench_speaks_chinese_with_the_same_numbers(monkeypatch):
    kernels = {"shared32": ref_kernel("transpose.cu", "transposeShared32")}
    en = bench(kernels, "transpose", sizes=[(64, 64)], backend="emu")
    monkeypatch.setenv("TILELAB_LANG", "zh")
    zh = bench(kernels, "transpose", sizes=[(64, 64)], backend="emu")
    assert zh.rows == en.rows and zh.columns == en.columns        # the data stay English-keyed
    text = str(zh)
    assert "模拟器计数" in zh.title and "共享内存加载 wavefront/请求" in text and "这是计数，不是时间" in text
    assert "shared ld wavefronts/request" in str(en) and "shared ld wavefronts/request" not in text
    if zh.figure is not None:
        ax, ax2 = zh.figure.axes
        assert "模拟器的每请求计数" in ax.get_title() and "64" in ax.get_title()
        assert [t.get_text() for t in ax.get_xticklabels()][0] == "共享内存加载\nwavefront/请求"
        assert [t.get_text() for t in en.figure.axes[0].get_xticklabels()][0] == "shared ld\nwavefronts/req"


def test_bench_emu_matmul_naive_vs_tiled():
    t = bench({"naive": ref_kernel("matmul_naive.cu", "matmulNaive"),
               "tiled": ref_kernel("matmul_tiled.cu", "matmulTiled16")}, "matmul", sizes=[64], backend="emu",
              block=(16, 16), plot=False)
    naive, tiled = t.where(kernel="naive")[0], t.where(kernel="tiled")[0]
    # tiling divides global reads by TILE = 16: 2 N^3 loads in naive, 2 N^3 / 16 tiled
    n_ld, t_ld = naive["metrics"]["global_ld_requests"], tiled["metrics"]["global_ld_requests"]
    assert n_ld == 2 * 64 ** 3 // 32 and t_ld * 16 == n_ld
    assert tiled["shared wavefronts"] > 0 == naive["shared wavefronts"]
    assert t.figure is None


def test_bench_on_gpu_computes_throughput_and_ratios(monkeypatch):
    """The GPU path's arithmetic, with time_kernels replaced by known times (no GPU in CI)."""
    import tilelab.gpu as gpu
    seen = []

    def fake_time_kernels(items, **opts):
        seen.append(items)
        base = {"naive": 4e-3, "tiled": 2e-3, "cuBLAS": 1e-3}
        return {label: {"median_s": base[label], "min_s": base[label] * 0.9, "mean_s": base[label],
                        "stderr_s": base[label] * 0.005, "n": 20, "converged": True} for label in items}

    monkeypatch.setattr(gpu, "time_kernels", fake_time_kernels)
    t = bench({"naive": ref_kernel("matmul_naive.cu", "matmulNaive"),
               "tiled": ref_kernel("matmul_tiled.cu", "matmulTiled32")}, "matmul", sizes=[256, 512],
              backend="gpu", block={"naive": (16, 16), "tiled": (32, 32)})
    assert [sorted(i) for i in seen] == [["cuBLAS", "naive", "tiled"]] * 2
    k, grid, block, args, shared = seen[0]["tiled"]
    assert grid == (8, 8) and block == (32, 32) and args[-1] == 256 and np.isnan(args[2]).all()
    assert type(seen[0]["cuBLAS"]).__name__ == "CublasMatmul" and seen[0]["cuBLAS"].A is not args[0]
    for r in t:
        N = int(r["size"].split("=")[1])
        med = {"naive": 4e-3, "tiled": 2e-3, "cuBLAS": 1e-3}[r["kernel"]]
        assert r["GFLOP/s"] == pytest.approx(2 * N ** 3 / med / 1e9)
        assert r["speedup"] == pytest.approx(4e-3 / med)
        assert r["median ms"] == pytest.approx(med * 1e3)
    assert "GFLOP/s" in t.columns and t.figure is not None


# ---------------------------------------------------------------------------------- on a GPU
def _have_gpu() -> bool:
    from tilelab.gpu import available
    return available()


@pytest.mark.gpu
@pytest.mark.skipif(not _have_gpu(), reason="needs a CUDA GPU with CuPy")
def test_bench_on_the_gpu_times_kernels_and_cublas():
    t = bench({"naive": ref_kernel("matmul_naive.cu", "matmulNaive"),
               "tiled": ref_kernel("matmul_tiled.cu", "matmulTiled32")}, "matmul", sizes=[1024],
              backend="gpu", block={"naive": (16, 16), "tiled": (32, 32)}, max_seconds=3)
    rows = {r["kernel"]: r for r in t}
    assert set(rows) == {"naive", "tiled", "cuBLAS"}
    for r in rows.values():
        assert 0 < r["min ms"] <= r["median ms"] and r["GFLOP/s"] == pytest.approx(2 * 1024 ** 3 / r["median ms"] / 1e6)
    assert rows["cuBLAS"]["median ms"] < rows["naive"]["median ms"]
    assert rows["naive"]["speedup"] == 1.0


@pytest.mark.gpu
@pytest.mark.skipif(not _have_gpu(), reason="needs a CUDA GPU with CuPy")
def test_profile_on_the_gpu_adds_ncu_totals():
    p = profile(ref_kernel("transpose.cu", "transposeShared32"), "transpose", N=64, backend="gpu", picture=False)
    if "ncu did not run" in p.note:
        pytest.skip(p.note)
    assert "ncu on the GPU" in p.note and "shared_ld_wavefronts" in p.note
