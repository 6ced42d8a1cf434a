"""The emulator's warpgroup path (tilelab/emu/wgmma.py): wgmma.mma_async forms against a numpy model
of the PTX ISA's shared-memory layouts (bench/gpu_wgmma_forms.py, written from the ISA's table of
canonical layouts as CuTe layouts, not from the emulator's code), its findings provoked by wrong
kernels, and the refusals by name."""
from __future__ import annotations
import gzip

import sys

import numpy as np
import pytest

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import gpu_wgmma_forms as probes  # noqa: E402

from tilelab.emu import wgmma as wg  # noqa: E402
from tilelab.errors import UnsupportedInstruction  # noqa: E402

C = probes.Case
FAST = [C(n=8), C(n=256, mode_b="64B"), C(n=24, mode_a="none", mode_b="none"),
        C(n=64, mode_a="32B", ta=1, mode_b="128B", tb=1), C(n=64, mode_a="64B", ta=1, mode_b="none", tb=1),
        C(n=64, mode_a="128B", kofs=48, mode_b="32B"), C(a_regs=True, n=32, mode_b="128B", tb=1),
        C(ab="bf16", n=48, mode_a="64B", kofs=16), C(d="f16", n=16, mode_b="none", tb=1),
        C(n=16, sa=-1, sb=-1), C(n=16, scale_d=0)]


def _run(c, seed=3, source=None, arrays=None):
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    A, B, Cm, arr = probes.inputs(c, np.random.default_rng(seed))
    arr = arrays(arr) if arrays else arr
    k = tc.compile_cuda(source or probes.source(c), filename="wgmma_probe.cu").kernel("wgmma_probe")
    image, halves, da, db, aregs, cin = arr
    dout = np.zeros_like(cin)
    res = launch(k, (1, 1, 1), (128, 1, 1), image, halves, da, db, aregs, cin, dout, shared=image.nbytes,
                 backend="emu")
    return probes.unpack(c, dout), probes.reference(c, A, B, Cm), res


@pytest.mark.parametrize("case", FAST, ids=[c.name for c in FAST])
def test_wgmma_form_against_numpy(case):
    got, want, res = _run(case)
    assert not res.findings, [str(f) for f in res.findings]
    assert np.all(np.abs(got - want) <= probes.tolerance(case, want)), np.max(np.abs(got - want))


def test_a_descriptor_with_another_swizzle_gives_other_products():
    # the check can fail: the tile is laid out with 128B, the descriptor says 64B
    c = C(n=16, mode_a="128B", mode_b="none")
    got, want, _ = _run(c, arrays=lambda a: a[:2] + (np.uint64((int(a[2]) & ~(3 << 62)) | (2 << 62)),) + a[3:])
    assert not np.all(np.abs(got - want) <= probes.tolerance(c, want))


def test_descriptor_fields_and_swizzle():
    d = wg.encode(start=0x1230, lbo=256, sbo=1024, mode=1)
    assert wg.decode(d) == {"start": 0x1230, "lbo": 256, "sbo": 1024, "base_offset": 0, "mode": 1}
    a = np.arange(0, 2048, 16)
    for mode, bits in ((1, 3), (2, 2), (3, 1)):
        # the same XOR as CuTe's Swizzle<bits,4,3> (the TMA's), computed the other way round
        want = [probes.cute_swizzle(int(x), {1: "128B", 2: "64B", 3: "32B"}[mode]) for x in a]
        assert wg.swizzle(a, mode).tolist() == want
    assert wg.swizzle(a, 0).tolist() == a.tolist()


def _kinds(res):
    return {f.kind for f in res.findings}


def test_accumulators_read_before_wait_is_a_finding():
    c = C(n=16)
    src = probes.source(c).replace('asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");', "")
    _, _, res = _run(c, source=src)
    f = [x for x in res.findings if x.kind == "wgmma_before_wait"]
    assert f and "wait_group" in f[0].detail and f[0].line > 0


def test_wait_group_one_leaves_the_newest_in_flight():
    c = C(n=16)
    src = probes.source(c).replace("wgmma.wait_group.sync.aligned 0;", "wgmma.wait_group.sync.aligned 1;")
    _, _, res = _run(c, source=src)
    assert "wgmma_before_wait" in _kinds(res)


def test_missing_proxy_fence_is_a_finding():
    c = C(n=16)
    src = probes.source(c).replace('asm volatile("fence.proxy.async.shared::cta;" ::: "memory");', "")
    got, want, res = _run(c, source=src)
    assert "missing_proxy_fence" in _kinds(res)
    f = next(x for x in res.findings if x.kind == "missing_proxy_fence")
    assert "fence.proxy.async" in f.detail


def test_swizzled_operand_off_its_pattern_boundary_is_a_finding():
    c = C(n=16, mode_a="128B", mode_b="none")
    # the A tile moved by 256 bytes (two 128-byte rows), the descriptor's start with it
    def shift(a):
        image = np.roll(a[0], 128)
        return (image, a[1], np.uint64(int(a[2]) + (256 >> 4)), a[3], a[4], a[5])
    _, _, res = _run(c, arrays=shift)
    f = [x for x in res.findings if x.kind == "misaligned"]
    assert f and "1024" in f[0].detail


@pytest.mark.parametrize("form", ["m64n8k8.f32.tf32.tf32", "m64n8k32.f32.e4m3.e4m3", "m64n8k32.s32.s8.s8"])
def test_other_forms_are_refused_by_name(form):
    c = C(n=8)
    src = probes.source(c).replace("m64n8k16.f32.f16.f16", form)
    with pytest.raises(UnsupportedInstruction) as e:
        _run(c, source=src)
    assert form.split(".")[0] in str(e.value) and "wgmma" in str(e.value)


_ELECT = r"""
extern "C" __global__ void elect(unsigned* out, unsigned mask) {
    unsigned leader = 0, is = 0;
    asm volatile("{\n.reg .pred p;\nelect.sync %0|p, %2;\nselp.u32 %1, 1, 0, p;\n}\n"
                 : "=r"(leader), "=r"(is) : "r"(mask));
    out[2 * threadIdx.x] = leader;
    out[2 * threadIdx.x + 1] = is;
}
"""


def test_elect_sync_picks_the_lowest_member_lane():
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    k = tc.compile_cuda(_ELECT, filename="elect.cu").kernel("elect")
    out = np.zeros(128, np.uint32)
    launch(k, (1, 1, 1), (64, 1, 1), out, np.uint32(0xFFFFFFF0), backend="emu")
    leader, is_ = out[0::2], out[1::2]
    assert leader.tolist() == [4] * 64
    assert np.flatnonzero(is_).tolist() == [4, 36]


_SETMAXNREG = r"""
extern "C" __global__ void __launch_bounds__(384, 1) split(float* out) {
    int wg = threadIdx.x / 128;
    if (wg == 0) {
        asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
    } else {
        asm volatile("setmaxnreg.inc.sync.aligned.u32 @INC@;");
    }
    out[threadIdx.x] = wg;
}
"""


@pytest.mark.parametrize("inc,over", [(232, False), (240, True)])
def test_setmaxnreg_budget(inc, over):
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    k = tc.compile_cuda(_SETMAXNREG.replace("@INC@", str(inc)), filename="split.cu").kernel("split")
    out = np.zeros(384, np.float32)
    res = launch(k, (1, 1, 1), (384, 1, 1), out, backend="emu")
    assert ("setmaxnreg_over_budget" in _kinds(res)) == over
    assert out.tolist() == [float(t // 128) for t in range(384)]


@pytest.mark.parametrize("tma_swizzle,mismatch", [(64, True), (128, False)])
def test_descriptor_swizzle_against_what_the_tma_wrote(monkeypatch, tma_swizzle, mismatch):
    # the TMA's record of what it wrote (emu/tma.py's tma_writes) stands in here for a TMA copy:
    # A's bytes written with `tma_swizzle`, read by a 128B descriptor
    monkeypatch.setattr(wg, "tma_writes", lambda m, block: [(0, 8192, tma_swizzle, "tmA")])
    c = C(n=16, mode_a="128B", mode_b="none")
    _, _, res = _run(c)
    f = [x for x in res.findings if x.kind == "swizzle_mismatch"]
    assert bool(f) == mismatch
    if f:
        assert "tmA" in f[0].detail and "64B" in f[0].detail and "128B" in f[0].detail


def _gemm_source():
    regs = ", ".join(f"%{i}" for i in range(32))
    outs = ", ".join(f'"+f"(d[{i}])' for i in range(32))
    return r"""
#include <cuda_fp16.h>
__device__ __forceinline__ unsigned long long sw128(const void* p) {
    unsigned a = (unsigned)__cvta_generic_to_shared(p);
    return (unsigned long long)((a & 0x3FFFF) >> 4) | (1ull << 16) | ((unsigned long long)(1024 >> 4) << 32)
           | (1ull << 62);
}
// C (M x N, fp32) = A (M x K, row-major) * B^T (B: N x K, row-major), 64 x 64 tiles, one warpgroup a block
__global__ void gemm64(const __half* A, const __half* B, float* C, int M, int N, int K) {
    __shared__ __align__(1024) __half sA[64 * 64];
    __shared__ __align__(1024) __half sB[64 * 64];
    int t = threadIdx.x, bm = blockIdx.y * 64, bn = blockIdx.x * 64;
    float d[32];
    for (int i = 0; i < 32; ++i) d[i] = 0.f;
    for (int k0 = 0; k0 < K; k0 += 64) {
        for (int i = t; i < 64 * 8; i += 128) {           // 16-byte chunks, swizzled as SWIZZLE_128B
            int r = i / 8, c = i % 8;
            *(uint4*)&sA[r * 64 + ((c ^ (r & 7)) * 8)] = *(const uint4*)&A[(size_t)(bm + r) * K + k0 + 8 * c];
            *(uint4*)&sB[r * 64 + ((c ^ (r & 7)) * 8)] = *(const uint4*)&B[(size_t)(bn + r) * K + k0 + 8 * c];
        }
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        __syncthreads();
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        for (int kk = 0; kk < 4; ++kk) {
            unsigned long long da = sw128(sA + 16 * kk), db = sw128(sB + 16 * kk);
            asm volatile("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {@REGS@}, %32, %33, 1, 1, 1, 0, 0;"
                         : @OUTS@ : "l"(da), "l"(db));
        }
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
        __syncthreads();
    }
    int w = t / 32, l = t % 32;
    for (int j = 0; j < 32; ++j) {
        int r = bm + 16 * w + l / 4 + 8 * ((j >> 1) & 1), c = bn + 8 * (j >> 2) + 2 * (l % 4) + (j & 1);
        C[(size_t)r * N + c] = d[j];
    }
}
""".replace("@REGS@", regs).replace("@OUTS@", outs)


def test_a_tiled_gemm_with_a_chain_of_wgmma(rng):
    # 128B-swizzled K-major tiles written by the threads, four k16 steps a stage (descriptor + 32 bytes
    # each, as CUTLASS advances), one commit and wait per stage; four blocks
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    k = tc.compile_cuda(_gemm_source(), filename="gemm64.cu").kernel("gemm64")
    M = N = 128
    K = 128
    A = rng.standard_normal((M, K)).astype(np.float16)
    B = rng.standard_normal((N, K)).astype(np.float16)
    Cm = np.zeros((M, N), np.float32)
    res = launch(k, (N // 64, M // 64, 1), (128, 1, 1), A, B, Cm, np.int32(M), np.int32(N), np.int32(K),
                 backend="emu")
    assert not res.findings, [str(f) for f in res.findings]
    want = A.astype(np.float64) @ B.astype(np.float64).T
    assert np.max(np.abs(Cm - want)) < 1e-3 * (1 + np.abs(want).max())
    assert res.metrics["flops"] == 2 * M * N * K


RECORDING = ROOT / "bench" / "results" / "wgmma_probe-2026-12-02.json.gz"
COMPARISON = ROOT / "bench" / "results" / "wgmma-emu-vs-h200-2026-12-02.json"


def test_the_comparison_with_the_h200_covers_the_whole_recording():
    import json
    rec = json.loads(gzip.decompress(RECORDING.read_bytes()))
    cmp = read_json(COMPARISON)
    assert cmp["recording"].endswith(RECORDING.name.removesuffix(".gz"))  # named before it was gzipped and cmp["gpu"] == rec["gpu"]
    assert [c["key"] for c in cmp["configs"]] == [c["key"] for c in rec["configs"]]
    for c, r in zip(cmp["configs"], rec["configs"]):
        assert c["total"] == len(r["seeds"]) * 64 * 8
        assert c["equal"] == c["total"] and not c["findings"], c["key"]


@pytest.mark.parametrize("ci", [0, 7])        # f16, 1 step with C; bf16, 4 chained steps
def test_wgmma_equals_the_h200_bit_for_bit(ci):
    # re-run on the emulator from the recording's seeds (needs the probe's input generator,
    # bench/gpu_wgmma_probe.py, which comes with the recording)
    if not (ROOT / "bench" / "gpu_wgmma_probe.py").exists():
        pytest.skip("bench/gpu_wgmma_probe.py (the recording's input generator) is not in this tree")
    import emu_wgmma_recording as er
    res = er.compare(RECORDING, {ci})
    (c,) = res["configs"]
    assert c["equal"] == c["total"], c


LADDER = ROOT / "bench" / "results" / "wgmma-ladder-emu-vs-h200-2026-12-02.json"


def test_the_reference_kernels_equal_the_h200_bit_for_bit():
    # lesson 07's TMA + wgmma rungs against the H200's outputs at a fixed seed (the comparison names
    # the ladder recording it read); the recorded comparison covers every rung, this re-runs one
    import json
    cmp = read_json(LADDER)
    assert cmp["rungs"] and all(r["equal"] == r["total"] == cmp["size"] ** 2 and not r["findings"]
                                for r in cmp["rungs"])
    needs = [ROOT / cmp["recording"], ROOT / "tilelab" / "kernels" / "sm90a" / "wgmma_ladder.cu",
             ROOT / "bench" / "hopper_common.py", ROOT / "tilelab" / "emu" / "tma.py"]
    if not all(p.exists() for p in needs):
        pytest.skip("the ladder's kernels, recording or the emulator's TMA are not in this tree")
    import emu_wgmma_recording as er
    res = er.compare_ladder(ROOT / cmp["recording"], {"h2_no_swizzle"})
    (r,) = res["rungs"]
    assert r["equal"] == r["total"] and not r["findings"], r


def test_a_fragment_registers_rewritten_before_wait_is_a_finding():
    # A from registers: its registers are the wgmma's inputs until the wait, too
    c = C(a_regs=True, n=16, mode_b="none")
    src = probes.source(c).replace(
        'asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");',
        'asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");\n'
        '    asm volatile("mov.b32 %0, 0;" : "+r"(ar[0]));')
    _, _, res = _run(c, source=src)
    assert "wgmma_before_wait" in _kinds(res)


@pytest.mark.parametrize("where", ["none", "after_write"])
def test_missing_wgmma_fence_is_a_finding(where):
    c = C(n=16)
    fence = 'asm volatile("wgmma.fence.sync.aligned;" ::: "memory");'
    src = probes.source(c)
    if where == "none":
        src = src.replace(fence, "")
    else:   # the accumulators rewritten after the fence, before the wgmma
        src = src.replace(fence, fence + '\n    asm volatile("mov.b32 %0, 0;" : "+f"(d[0]));')
    _, _, res = _run(c, source=src)
    f = [x for x in res.findings if x.kind == "missing_wgmma_fence"]
    assert f and "wgmma.fence" in f[0].detail


_STMATRIX = r"""
extern "C" __global__ void stm(unsigned short* out, int trans) {
    __shared__ __align__(16) unsigned short s[4 * 64];
    int l = threadIdx.x;
    unsigned r[4];
    for (int i = 0; i < 4; ++i) r[i] = (unsigned)(i * 64 + 2 * l) | ((unsigned)(i * 64 + 2 * l + 1) << 16);
    unsigned a = (unsigned)__cvta_generic_to_shared(&s[(l / 8) * 64 + (l % 8) * 8]);
    if (trans)
        asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};"
                     :: "r"(a), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]) : "memory");
    else
        asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"
                     :: "r"(a), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]) : "memory");
    __syncwarp();
    for (int i = l; i < 256; i += 32) out[i] = s[i];
}
"""


@pytest.mark.parametrize("trans", [0, 1])
def test_stmatrix_stores_the_fragment_as_the_isa_lays_it_out(trans):
    # lane 4g + t's register i holds row g, columns 2t and 2t + 1 of matrix i (ldmatrix's layout);
    # lanes 8i..8i+7 give matrix i's row addresses; .trans stores each 8 x 8 matrix transposed
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    k = tc.compile_cuda(_STMATRIX, filename="stm.cu").kernel("stm")
    out = np.zeros(256, np.uint16)
    res = launch(k, (1, 1, 1), (32, 1, 1), out, np.int32(trans), backend="emu")
    assert not res.findings
    want = np.zeros((4, 8, 8), np.uint16)
    for ln in range(32):
        g, t = divmod(ln, 4)
        for i in range(4):
            for h in range(2):
                r, c = (g, 2 * t + h) if not trans else (2 * t + h, g)
                want[i, r, c] = i * 64 + 2 * ln + h
    assert out.tolist() == want.reshape(-1).tolist()


def test_griddepcontrol_runs_as_a_no_op():
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    src = r"""extern "C" __global__ void pdl(float* x) {
        asm volatile("griddepcontrol.wait;" ::: "memory");
        x[threadIdx.x] += 1.f;
        asm volatile("griddepcontrol.launch_dependents;");
    }"""
    x = np.arange(32, dtype=np.float32)
    launch(tc.compile_cuda(src, filename="pdl.cu").kernel("pdl"), (1, 1, 1), (32, 1, 1), x, backend="emu")
    assert x.tolist() == [float(i + 1) for i in range(32)]


# ---- bf16 conversions: a bf16 GEMM's epilogue (collection/fastcu_matmul_7.cu stores its fp32
# accumulators with cvt.rn.bf16.f32; collection/repro_hopper.cu's reproBf16Convert compares them with the H200)

BF16 = r"""
#include <cuda_bf16.h>
extern "C" __global__ void conv(const float* x, unsigned short* rn, unsigned short* rz, float* back, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    rn[i] = __bfloat16_as_ushort(__float2bfloat16_rn(x[i]));
    rz[i] = __bfloat16_as_ushort(__float2bfloat16_rz(x[i]));
    back[i] = __bfloat162float(__ushort_as_bfloat16(rn[i]));
}
"""


def _bf16_nearest(v: float, toward_zero: bool) -> int:
    """The bf16 bit pattern of fp32 value v from the definition (float64 arithmetic, no bit tricks):
    the two bf16 neighbours of v, the nearer (ties: even mantissa) or the one toward zero."""
    import math
    if math.isnan(v):
        return 0x7FFF
    if math.isinf(v):
        return 0x7F80 if v > 0 else 0xFF80
    sign = 0x8000 if math.copysign(1.0, v) < 0 else 0
    a = abs(v)
    if a == 0:
        return sign
    e = max(math.frexp(a)[1] - 1, -126)                  # the exponent of a's binade (subnormals: -126)
    ulp = 2.0 ** (e - 7)
    lo = math.floor(a / ulp) * ulp
    hi = lo + ulp
    if toward_zero or a == lo:
        r = lo
    elif a - lo != hi - a:
        r = lo if a - lo < hi - a else hi
    else:
        r = lo if (round(lo / ulp) % 2 == 0) else hi
    if r >= 2.0 ** 128:                                   # past the largest bf16: inf (rn only)
        return sign | 0x7F80
    bits = int(np.array(r, np.float32).view(np.uint32)) >> 16
    return sign | bits


def test_bf16_conversions_round_as_defined():
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    rng = np.random.default_rng(5)
    special = np.array([0x3F808000, 0x3F818000, 0x3F808001, 0x7F7FFFFF, 0x7F7F7FFF, 0x00000001, 0x00018000,
                        0x807FFFFF, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00001, 0xFF800001], np.uint32)
    x = np.concatenate([special.view(np.float32), rng.standard_normal(51).astype(np.float32) * 3,
                        (rng.integers(0, 1 << 32, 64, dtype=np.uint64).astype(np.uint32)).view(np.float32)])
    n = len(x)
    rn, rz, back = np.zeros(n, np.uint16), np.zeros(n, np.uint16), np.zeros(n, np.float32)
    k = tc.compile_cuda(BF16, filename="bf16_conv.cu").kernel("conv")
    r = launch(k, (2,), (64,), x, rn, rz, back, np.int32(n), backend="emu")
    assert r.findings == []
    assert [hex(v) for v in rn] == [hex(_bf16_nearest(float(v), False)) for v in x]
    assert [hex(v) for v in rz] == [hex(_bf16_nearest(float(v), True)) for v in x]
    ok = ~np.isnan(x)
    assert np.array_equal(back[ok].view(np.uint32), rn[ok].astype(np.uint32) << 16)
    assert np.isnan(back[~ok]).all()


def test_bf16_conversions_not_modelled_are_refused_by_name():
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    src = r"""extern "C" __global__ void k(const float* x, unsigned short* y) {
        unsigned short r; asm("cvt.rn.relu.bf16.f32 %0, %1;" : "=h"(r) : "f"(x[0])); y[0] = r; }"""
    k = tc.compile_cuda(src, filename="bf16_relu.cu").kernel("k")
    with pytest.raises(UnsupportedInstruction, match="cvt.rn.relu.bf16.f32"):
        launch(k, 1, 32, np.ones(1, np.float32), np.zeros(1, np.uint16), backend="emu")


@pytest.mark.parametrize("recording", ["wgmma-forms-2026-12-02.json.gz", "wgmma-forms-2026-12-02-seed11.json.gz"])
def test_every_wgmma_form_probe_equals_the_h200_bit_for_bit(recording):
    """bench/gpu_wgmma_forms.py --gpu on the lent H200 at two seeds: all 40 probes (every swizzle, both
    transposes, A from registers, bf16, f16 accumulate, negated and zero scales) against the GPU's
    registers. f16 accumulation follows mma.sync's rule: the exact sum by np.matmul missed one output of
    m64n64k16.f16.f16 at either seed, depending on the machine's BLAS."""
    res = probes.compare(ROOT / "bench" / "results" / recording)
    assert len(res["probes"]) == 40
    bad = [p for p in res["probes"] if p["equal"] != p["total"]]
    assert not bad, bad
