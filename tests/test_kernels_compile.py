"""Every reference kernel in kernels/ compiles to PTX for compute_80 and to sm_80 and
sm_90 cubins (which runs ptxas: inline-asm typos and shared-memory limits fail
here), with every NVRTC found, and carries a header saying what it teaches."""
import re
from pathlib import Path

import pytest

from tilelab import toolchain as tc

KERNELS = Path(__file__).resolve().parent.parent / "kernels"
FILES = sorted(KERNELS.glob("*.cu"))
MAJORS = sorted(tc.available_nvrtc())
pytestmark = pytest.mark.skipif(not MAJORS, reason="no NVRTC installed")

EXPECTED = {
    "vector_add.cu": ["vectorAdd"],
    "matmul_naive.cu": ["matmulNaive", "matmulNaiveUncoalesced", "matmulCoalesced"],
    "matmul_tiled.cu": ["matmulTiled16", "matmulTiled32"],
    "matmul_tiled32.cu": ["matmulTiled"],
    "matmul_tiled_bt.cu": ["matmulTiledBt"],
    "bank_stride.cu": ["sharedStride"],
    "transpose.cu": ["transposeNaive", "transposeShared32", "transposePadded",
                     "transposeSwizzled", "transposePaddedColumnOrder", "transposeSwizzledColumnOrder",
                     "copySameGeometry", "copyFloat4"],
    "warp_reduce.cu": ["warpReduceSum", "blockReduceSum"],
    "cp_async_copy.cu": ["cpAsyncCopy"],
    "mma_tile.cu": ["mmaTilePlain", "mmaTileSwizzled"],
    "mma_ladder.cu": ["mmaR1Plain", "mmaR2Swizzled", "mmaR3CpAsync", "mmaR4Pipelined", "mmaR5WarpTile",
                      "mmaPadded8"],
    "mma_nmajor.cu": ["mmaNMajorPlain", "mmaNMajorTrap", "mmaNMajorSwizzled"],
}


def _compile(path, major):
    # a file may build on another's helpers (mma_exercise.cu includes mma_ladder.cu): -I kernels/
    return tc.compile_cuda(path.read_text(), filename=f"kernels/{path.name}", nvrtc=major,
                           options=(f"-I{KERNELS}",))


def test_expected_files_exist():
    assert {f.name for f in FILES} >= set(EXPECTED)


@pytest.mark.parametrize("major", MAJORS, ids=lambda m: f"nvrtc{m}")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_compiles_ptx_and_cubins(path, major):
    p = _compile(path, major)
    assert not p.log, p.log                             # no warnings either
    if path.name in EXPECTED:
        assert list(p.kernels) == EXPECTED[path.name]
    for k in p.kernels.values():
        assert k.params and all(q.dtype is not None for q in k.params), k
        assert f".entry {k.entry}(" in p.ptx
    assert ".loc\t1 0" not in p.ptx.split(".entry")[0]
    for arch in ("sm_80", "sm_90"):
        assert p.cubin(arch)[:4] == b"\x7fELF"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_header_comment(path):
    head = path.read_text().split("\n\n")[0]
    assert head.startswith("// " + path.name), "first line: // <file>: what it teaches"
    assert re.search(r"Launch", path.read_text()), "say the launch geometry in the header"


def test_params_of_reference_kernels():
    t = tc.kernel_from_file(KERNELS / "transpose.cu", "transposePadded")
    assert [(q.name, q.ctype) for q in t.params] == [
        ("in", "const float*"), ("out", "float*"), ("rows", "int"), ("cols", "int")]
    c = tc.kernel_from_file(KERNELS / "transpose.cu", "copyFloat4")
    assert [(q.ctype, q.lanes) for q in c.params] == [("const float4*", 4), ("float4*", 4), ("int", 1)]
    m = tc.kernel_from_file(KERNELS / "mma_tile.cu", "mmaTileSwizzled")
    assert [q.ctype for q in m.params] == ["const __half*", "const __half*", "float*", "int", "int", "int"]
    assert str(m.params[0].dtype) == "float16"


@pytest.mark.parametrize("major", MAJORS, ids=lambda m: f"nvrtc{m}")
def test_instructions_the_lessons_rely_on(major):
    mma = _compile(KERNELS / "mma_tile.cu", major).ptx
    assert mma.count("ldmatrix.sync.aligned.m8n8.x4.shared.b16") == 2 * 4 * 4   # 2 kernels x 4 k16 x 4
    assert mma.count("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32") == 2 * 4 * 8
    cp = _compile(KERNELS / "cp_async_copy.cu", major).ptx
    for op in ("cp.async.ca.shared.global", "cp.async.commit_group", "cp.async.wait_group"):
        assert op in cp
    assert "shfl.sync.down.b32" in _compile(KERNELS / "warp_reduce.cu", major).ptx
    assert ".local" not in mma                          # accumulators stay in registers


@pytest.mark.parametrize("major", MAJORS, ids=lambda m: f"nvrtc{m}")
def test_sass_mix_shows_what_ptxas_did(major):
    p = _compile(KERNELS / "matmul_tiled.cu", major)
    mix = tc.sass_memory_mix(p, "sm_90")
    assert all(f == "kernels/matmul_tiled.cu" for f, _ in mix)
    src = (KERNELS / "matmul_tiled.cu").read_text().split("\n")
    inner = next(i + 1 for i, s in enumerate(src) if "acc += sA[ty][k] * sB[k][tx]" in s)
    loads = mix[("kernels/matmul_tiled.cu", inner)]
    # TILE 16 + TILE 32: 48 shared loads per FMA pair in PTX; ptxas merges the broadcast
    # sA row reads into LDS.128 (DESIGN §8: 32 LDS + 8 LDS.128 for TILE=32 on sm_90)
    assert loads.get("LDS.128", 0) > 0 and loads.get("LDS", 0) > 0
    assert not any(k.startswith(("LDG", "STG")) for k in loads)
    m = tc.sass_memory_mix(_compile(KERNELS / "mma_tile.cu", major), "sm_90")
    assert sum(d.get("LDSM.x4", 0) for d in m.values()) > 0
