"""WMMA loads and stores make the requests ptxas's SASS makes (tilelab/emu/wmma_traffic.py): for every
WMMA form, both layouts of A/B/C/D, from global and from shared memory, the emulator's requests on
each line of CUDA's WMMA header equal the memory instructions the cubin has on that line (one warp
runs each once), under each installed NVRTC. The H200's ncu counts of collection/repro_wmma.cu and
of the tensor-core GEMM are checked by bench/fidelity.py (test_fidelity_recording)."""
from __future__ import annotations

import itertools
import os

import numpy as np
import pytest

from tilelab.emu import mma_forms as mf

_ST = {"f16": "half", "bf16": "__nv_bfloat16", "tf32": "float", "s8": "signed char", "u8": "unsigned char",
       "f32": "float", "s32": "int", "f64": "double"}
_ST.update(s4="unsigned", b1="unsigned")
_WT = dict(_ST, tf32="wmma::precision::tf32", s4="wmma::experimental::precision::s4",
           b1="wmma::experimental::precision::b1")
_NP = {"f16": np.float16, "bf16": np.uint16, "tf32": np.float32, "s8": np.int8, "u8": np.uint8,
       "f32": np.float32, "s32": np.int32, "f64": np.float64, "s4": np.uint32, "b1": np.uint32}
LD = 32                     # every leading dimension, in elements
REQUESTS = ("shared_ld_requests", "shared_st_requests", "global_ld_requests", "global_st_requests",
            "shared_ld_generic_requests", "shared_st_generic_requests")


def _forms():
    for (shape, abk), accs in mf.WMMA_SHAPES.items():
        for acc in accs:
            yield shape, {"int8": "s8", "int4": "s4"}.get(abk, abk), acc


KERNELS = [f"k_{la}_{lb}_{sp}" for la, lb in itertools.product(("row", "col"), repeat=2) for sp in ("global", "shared")]
SUB_BYTE = ("s4", "b1")     # A row-major and B column-major only; 4 bytes an array element, ldm in bits for b1


def _kernels(ab):
    return [k for k in KERNELS if "_row_col_" in k] if ab in SUB_BYTE else KERNELS


def _source(shape, ab, acc):
    M, N, K = mf._mnk(shape)
    st, sc = _ST[ab], _ST[acc]
    out = ["#include <mma.h>", "#include <cuda_fp16.h>", "#include <cuda_bf16.h>", "using namespace nvcuda;"]
    for name in _kernels(ab):
        _, la, lb, sp = name.split("_")
        out.append(f"__global__ void {name}({st}* A, {st}* B, {sc}* C, {sc}* D, int ld) {{")
        if sp == "shared":
            out += [f"  __shared__ __align__(32) {st} sA[1024]; __shared__ __align__(32) {st} sB[1024];",
                    f"  __shared__ __align__(32) {sc} sC[1024]; __shared__ __align__(32) {sc} sD[1024];",
                    "  for (int i = threadIdx.x; i < 1024; i += 32)",
                    "    { sA[i] = A[i]; sB[i] = B[i]; sC[i] = C[i]; sD[i] = 0; }",
                    "  __syncwarp();", "  A = sA; B = sB; C = sC;"]
        out += [f"  wmma::fragment<wmma::matrix_a, {M}, {N}, {K}, {_WT[ab]}, wmma::{la}_major> fa;",
                f"  wmma::fragment<wmma::matrix_b, {M}, {N}, {K}, {_WT[ab]}, wmma::{lb}_major> fb;",
                f"  wmma::fragment<wmma::accumulator, {M}, {N}, {K}, {sc}> fc;",
                "  wmma::load_matrix_sync(fa, A, ld);", "  wmma::load_matrix_sync(fb, B, ld);",
                f"  wmma::load_matrix_sync(fc, C, ld, wmma::mem_{la}_major);",
                "  wmma::bmma_sync(fc, fa, fb, fc, wmma::experimental::bmmaBitOpXOR, "
                "wmma::experimental::bmmaAccumulateOpPOPC);" if ab == "b1" else "  wmma::mma_sync(fc, fa, fb, fc);",
                f"  wmma::store_matrix_sync({'D' if sp == 'global' else 'sD'}, fc, ld, wmma::mem_{lb}_major);"]
        if sp == "shared":
            out.append("  __syncwarp();\n  for (int i = threadIdx.x; i < 1024; i += 32) D[i] = sD[i];")
        out.append("}")
    return "\n".join(out) + "\n"


def _header_lines(mix_or_rows):
    return {(os.path.basename(f), line): v for (f, line), v in mix_or_rows.items() if "mma.h" in os.path.basename(f)}


@pytest.mark.slow                       # ~3 s a form: 8 kernels, each built, disassembled and run
@pytest.mark.parametrize("form", list(_forms()), ids=lambda f: "-".join(f))
def test_wmma_requests_per_line_equal_the_cubins_instructions(emu, form):
    from tilelab.toolchain import sass_memory_mix
    shape, ab, acc = form
    src = _source(shape, ab, acc)
    rng = np.random.default_rng(3)
    for name in _kernels(ab):
        k = emu.compile(src, name, filename="wmma_traffic.cu")
        cub = _header_lines({w: sum(v.values()) for w, v in sass_memory_mix(k.program, entry=k.entry).items()})
        a, b = (rng.integers(0, 4, 1024).astype(_NP[ab]) for _ in range(2))
        c = rng.integers(0, 4, 1024).astype(_NP[acc])
        res = emu.run(k, 1, 32, a, b, c, np.zeros(1024, _NP[acc]), np.int32(128 if ab == "b1" else LD), echo=False)
        assert res.findings == []
        got = _header_lines({(r["file"], r["line"]): sum(r.get(key, 0) for key in REQUESTS) for r in res.per_line})
        got = {w: n for w, n in got.items() if n}
        assert got == cub, f"{name}: emulator {got}, cubin {cub}"


def test_the_plan_of_the_repro_is_what_its_cubin_shows():
    # collection/repro_wmma.cu on the H200 (bench/results/fidelity-2026-12-02.json.gz, sass_mix):
    # A from shared LDSM.x4, B col-major LDG x4, C row-major LDG.64 x4, D col-major STG x8
    from tilelab.emu.wmma_traffic import sass_keys
    assert sass_keys("m16n16k16", "a", "f16", "row", "shared") == {"LDSM.x4": 1}
    assert sass_keys("m16n16k16", "b", "f16", "col", "global") == {"LDG": 4}
    assert sass_keys("m16n16k16", "c", "f32", "row", "global") == {"LDG.64": 4}
    assert sass_keys("m16n16k16", "d", "f32", "col", "global") == {"STG": 8}
    assert sass_keys("m8n32k16", "d", "f32", "row", "global") == {"STG": 8}      # computed transposed
    assert sass_keys("m16n16k16", "a", "s8", "col", "shared") == {"LDS.8": 8}    # 8-bit across memory
    assert sass_keys("m8n8k32", "b", "s4", "col", "shared") == {"LDSM.x1": 1}    # 4-bit: 8 rows of 16 bytes
    assert sass_keys("m8n8k128", "d", "s32", "col", "global") == {"STG": 2}
