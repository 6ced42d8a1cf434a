"""Every mma.sync and WMMA form the emulator models, against numpy and against a GPU bit for bit.

One probe kernel per form (tilelab/emu/mma_forms.py's table). An ``mma.sync`` probe takes each
lane's registers as they are (packed here from random matrices by the ISA's fragment layout of
the table) and returns D's registers, so the GPU is the judge of the layout and of the rounding:
the emulator's registers must equal the GPU's bit for bit, and the matrix the table unpacks
from them must be A @ B + C within the accumulator's rounding. A WMMA probe loads A, B and C
from global (or shared) memory with ``nvcuda::wmma``, multiplies, and stores D.

    python bench/gpu_mma_forms.py              # emulator only: each form against numpy
    python bench/gpu_mma_forms.py --gpu        # and on the GPU (CuPy): writes bench/results/mma-forms-<date>.json
    python bench/gpu_mma_forms.py --compare bench/results/mma-forms-2026-12-02.json
                                               # CPU only: the emulator against a recording's GPU registers

Exits 1 if a form differs from numpy beyond its tolerance, or (--gpu) from the GPU in a bit.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

from tilelab.emu import mma_forms as mf  # noqa: E402
from tilelab.emu.wmma_traffic import SUB_BYTE_BITS  # noqa: E402
sys.path.insert(0, str(ROOT))
from bench.recorded import read_json  # noqa: E402  (plain or gzipped recordings)

_CT = {"f32": ("float", "f", "__uint_as_float", "__float_as_uint"),
       "f64": ("double", "d", "__longlong_as_double", "__double_as_longlong")}


def _regs(form, which):
    n = {"a": form.na, "b": form.nb, "c": form.nc}[which]
    kind = form.cd if which == "c" else form.ab
    kind = {"int8": "s8", "int4": "s4", "fp8": "e4m3"}.get(kind, kind)
    return n // mf._PER_REG[kind]


def mma_types(form, signed=("s8", "s8")):
    """(D, A, B, C) types; a 1-bit form's bit operation follows as a fifth (``signed`` = ("and",) or ("xor",))."""
    ab = form.ab
    if ab in ("int8", "int4", "fp8"):
        return form.cd, signed[0], signed[1], form.cd
    if ab == "b1":
        return form.cd, ab, ab, form.cd, signed[0]
    return form.cd, ab, ab, form.cd


def mma_name(form, types) -> str:
    return "mma.sync." + form.shape + ".row.col." + ".".join(types) + (".popc" if form.ab == "b1" else "")


def mma_source(form, types) -> str:
    d_t, a_t, b_t, c_t = types[:4]
    na, nb, nc = _regs(form, "a"), _regs(form, "b"), _regs(form, "c")
    nd = nc
    wide = form.cd == "f64"
    U = "unsigned long long" if wide else "unsigned"
    dc = _CT.get(form.cd)
    ops, outs, ins_, k = [], [], [], 0
    for name, n in (("d", nd),):
        ops.append("{" + ", ".join(f"%{k + i}" for i in range(n)) + "}")
        k += n
    for name, n in (("a", na), ("b", nb), ("c", nc)):
        ops.append("{" + ", ".join(f"%{k + i}" for i in range(n)) + "}")
        k += n
    ab_con = "d" if form.ab == "f64" else "r"
    lines = [f"extern \"C\" __global__ void probe(const {U}* A, const {U}* B, const {U}* C, {U}* D)", "{",
             "    int l = threadIdx.x;"]
    for name, n, con in (("a", na, ab_con), ("b", nb, ab_con), ("c", nc, dc[1] if dc else "r")):
        for i in range(n):
            src = f"{name.upper()}[l * {n} + {i}]"
            if con == "f":
                lines.append(f"    float {name}{i} = __uint_as_float({src});")
            elif con == "d":
                lines.append(f"    double {name}{i} = __longlong_as_double((long long){src});")
            else:
                lines.append(f"    unsigned {name}{i} = {src};")
    dtype_c = dc[0] if dc else "unsigned"
    dcon = dc[1] if dc else "r"
    lines.append("    " + "; ".join(f"{dtype_c} d{i}" for i in range(nd)) + ";")
    asm = (f"mma.sync.aligned.{form.shape}.row.col." + ("satfinite." if False else "") +
           f"{d_t}.{a_t}.{b_t}.{c_t}" + (f".{types[4]}.popc " if form.ab == "b1" else " ") + ", ".join(ops) + ";")
    out_c = ", ".join(f"\"={dcon}\"(d{i})" for i in range(nd))
    in_c = ", ".join([f"\"{ab_con}\"(a{i})" for i in range(na)] + [f"\"{ab_con}\"(b{i})" for i in range(nb)] +
                     [f"\"{dcon}\"(c{i})" for i in range(nc)])
    lines.append(f"    asm volatile(\"{asm}\" : {out_c} : {in_c});")
    for i in range(nd):
        v = f"__float_as_uint(d{i})" if dcon == "f" else f"(unsigned long long)__double_as_longlong(d{i})" \
            if dcon == "d" else f"d{i}"
        lines.append(f"    D[l * {nd} + {i}] = {v};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _random_matrix(kind, shape, rng, limit=None):
    if kind in ("e4m3", "e5m2"):           # every finite byte alike, up to |limit| (f16 sums must not overflow)
        v = mf.fp8_values(np.arange(256), kind)
        ok = np.flatnonzero(np.isfinite(v) & (np.abs(v) <= (limit or np.inf)))
        return mf.fp8_values(rng.choice(ok, shape), kind)
    if kind in ("f16", "bf16", "tf32", "f32", "f64"):
        x = rng.uniform(-2, 2, shape)
        if kind == "f16":
            return x.astype(np.float16).astype(np.float64)
        if kind == "bf16":
            return ((x.astype(np.float32).view(np.uint32) & 0xFFFF0000).view(np.float32)).astype(np.float64)
        if kind == "f32":
            return x.astype(np.float32).astype(np.float64)
        if kind == "tf32":   # full f32 bits: the GPU ignores the low 13, which the emulator must too
            return x.astype(np.float32).astype(np.float64)
        return x
    lo, hi = {"s8": (-128, 128), "u8": (0, 256), "s4": (-8, 8), "u4": (0, 16), "b1": (0, 2)}.get(kind, (-2**20, 2**20))
    return rng.integers(lo, hi, shape).astype(np.int64)


def _pack(form, which, X, kind):
    """[rows, cols] matrix -> [32, regs] register bits by the table's layout."""
    lay = {"a": form.a, "b": form.b, "c": form.c}[which]
    n = {"a": form.na, "b": form.nb, "c": form.nc}[which]
    L = np.arange(32)
    g, t = L >> 2, L & 3
    vals = np.stack([X[lay(g, t, i)] for i in range(n)], axis=1)        # [32, n]
    if kind in ("f32", "tf32"):
        return vals.astype(np.float32).view(np.uint32)
    if kind == "f64":
        return vals.astype(np.float64).view(np.uint64)
    if kind == "s32":
        return vals.astype(np.int64).astype(np.int32).view(np.uint32)
    if kind in ("f16", "bf16"):
        h = (vals.astype(np.float16).view(np.uint16) if kind == "f16"
             else (vals.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)).astype(np.uint32)
        return h[:, 0::2] | (h[:, 1::2] << 16)
    if kind in ("e4m3", "e5m2"):                         # back to bytes: each value is one (an exact round trip)
        table = mf.fp8_values(np.arange(256), kind)
        order = np.argsort(table[:128])
        mag = order[np.searchsorted(table[:128], np.abs(vals), sorter=order)]
        b = (mag | np.where(np.signbit(vals), 0x80, 0)).astype(np.uint32)
        return b[:, 0::4] | (b[:, 1::4] << 8) | (b[:, 2::4] << 16) | (b[:, 3::4] << 24)
    if kind in ("s4", "u4", "b1"):                      # 8 nibbles or 32 bits a register, the lowest first
        w = 4 if kind != "b1" else 1
        v = (vals.astype(np.int64) & ((1 << w) - 1)).astype(np.uint32)
        e = 32 // w
        out = np.zeros((32, v.shape[1] // e), np.uint32)
        for j in range(e):
            out |= v[:, j::e] << np.uint32(w * j)
        return out
    b = vals.astype(np.int64).astype(np.int8 if kind == "s8" else np.uint8).view(np.uint8).astype(np.uint32)
    return b[:, 0::4] | (b[:, 1::4] << 8) | (b[:, 2::4] << 16) | (b[:, 3::4] << 24)


def _unpack_d(form, regs, kind):
    L = np.arange(32)
    g, t = L >> 2, L & 3
    regs = regs.view(np.float32) if kind == "f32" else regs.view(np.float64) if kind == "f64" else regs
    vals = mf._to_values([regs[None, :, i] for i in range(regs.shape[1])], kind)[0]
    M, N, _ = form.mnk
    D = np.zeros((M, N), np.float64 if kind != "s32" else np.int64)
    for i in range(form.nc):
        D[form.c(g, t, i)] = vals[:, i]
    return D


def late(form) -> bool:
    """A form the table gained on 2026-12-07: 4-bit, 1-bit, fp8, and sm_90's f64 shapes (m16n8k4/k8/k16)."""
    return form.ab in ("int4", "b1", "fp8") or form.ab == "f64" and form.shape != "m8n8k4"


def mma_cases(rng, late_forms=False):
    """The table's forms with random inputs; the late ones (``late_forms``) apart, from a generator of their own,
    so that the draws of the other forms, and of WMMA after them, stay those of the older recordings."""
    for key, form in mf.MMA_SYNC.items():
        if late(form) != late_forms:
            continue
        signs = {"int8": [("s8", "s8"), ("u8", "s8")], "int4": [("s4", "s4"), ("u4", "s4"), ("s4", "u4")],
                 "fp8": [("e4m3", "e4m3"), ("e5m2", "e4m3"), ("e5m2", "e5m2")],
                 "b1": [("and",), ("xor",)]}.get(form.ab, [None])
        for s in signs:
            types = mma_types(form, s) if s else mma_types(form)
            d_t, a_t, b_t, c_t = types[:4]
            M, N, K = form.mnk
            limit = 16.0 if form.ab == "fp8" and d_t == "f16" else None
            A = _random_matrix(a_t, (M, K), rng, limit)
            B = _random_matrix(b_t, (K, N), rng, limit)
            C = _random_matrix(c_t if c_t != "s32" else "s32", (M, N), rng)
            if c_t == "f16":
                C = C.astype(np.float16).astype(np.float64)
            yield form, types, A, B, C


def mma_reference(form, types, A, B, C):
    d_t, a_t, b_t, _ = types[:4]
    if a_t == "b1":                        # the population count of (a op b) over k, element by element
        a, b = A.astype(np.int64)[:, :, None], B.astype(np.int64)[None, :, :]
        D = ((a ^ b) if types[4] == "xor" else (a & b)).sum(axis=1) + C
        return ((D + 2**31) % 2**32) - 2**31, 0.0
    if a_t == "tf32":
        A = (A.astype(np.float32).view(np.uint32) & 0xFFFFE000).view(np.float32).astype(np.float64)
        B = (B.astype(np.float32).view(np.uint32) & 0xFFFFE000).view(np.float32).astype(np.float64)
    if d_t == "s32":
        return ((A @ B + C + 2**31) % 2**32) - 2**31, 0.0
    D = A @ B + C
    tol = {"f32": 2.0**-22, "f16": 2.0**-10, "f64": 2.0**-50}[d_t]
    if a_t in ("e4m3", "e5m2"):            # two tensor-core steps and an add: within a few ulps of the magnitudes' sum
        scale = np.abs(A) @ np.abs(B) + np.abs(C)
        tol = tol * 2 * scale / np.maximum(1.0, np.abs(D))
    return D, tol


def run_mma(form, types, A, B, C, backend):
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    d_t, a_t, b_t, c_t = types[:4]
    src = mma_source(form, types)
    k = tc.compile_cuda(src, filename=f"mma_{form.shape}_{a_t}_{d_t}.cu").kernel("probe")
    ra, rb, rc = _pack(form, "a", A, a_t), _pack(form, "b", B, b_t), _pack(form, "c", C, c_t)
    U = np.uint64 if form.cd == "f64" else np.uint32
    d = np.zeros((32, _regs(form, "c")), U)
    launch(k, 1, 32, ra.astype(U) if form.ab == "f64" else ra, rb.astype(U) if form.ab == "f64" else rb,
           rc.astype(U), d, backend=backend, echo=False)
    return d


# ------------------------------------------------------------------ WMMA probes
_WTYPE = {"f16": "half", "bf16": "__nv_bfloat16", "tf32": "wmma::precision::tf32", "s8": "signed char",
          "u8": "unsigned char", "f32": "float", "s32": "int", "f64": "double"}
_STORE = {"f16": "half", "bf16": "__nv_bfloat16", "tf32": "float", "s8": "signed char", "u8": "unsigned char",
          "f32": "float", "s32": "int", "f64": "double"}


_SUB = SUB_BYTE_BITS                        # bits an element: packed along k, lowest bits first


def b1_op(case) -> str:
    """The bit operation of a 1-bit WMMA probe: XOR from global memory, AND from shared (both forms, one case each)."""
    return "and" if case[5] else "xor"


def wmma_source(shape, ab, acc, la, lb, shared) -> str:
    M, N, K = mf._mnk(shape)
    if ab in _SUB:
        at = f"wmma::experimental::precision::{ab}"
        st, nA = "unsigned char", M * K * _SUB[ab] // 8
    else:
        at, st, nA = _WTYPE[ab], _STORE[ab], M * K
    lda = K if la == "row" else M
    ldb = N if lb == "row" else K
    body = [f"#include <mma.h>", "#include <cuda_fp16.h>", "#include <cuda_bf16.h>", "using namespace nvcuda;",
            f"extern \"C\" __global__ void probe(const {st}* A, const {st}* B, const {_STORE[acc]}* C, {_STORE[acc]}* D)",
            "{",
            f"    wmma::fragment<wmma::matrix_a, {M}, {N}, {K}, {at}, wmma::{la}_major> fa;",
            f"    wmma::fragment<wmma::matrix_b, {M}, {N}, {K}, {at}, wmma::{lb}_major> fb;",
            f"    wmma::fragment<wmma::accumulator, {M}, {N}, {K}, {_WTYPE[acc]}> fc;"]
    if shared:
        body += [f"    __shared__ __align__(16) {st} sA[{nA}];",
                 f"    for (int i = threadIdx.x; i < {nA}; i += 32) sA[i] = A[i];",
                 "    __syncwarp();",
                 f"    wmma::load_matrix_sync(fa, sA, {lda});"]
    else:
        body.append(f"    wmma::load_matrix_sync(fa, A, {lda});")
    body += [f"    wmma::load_matrix_sync(fb, B, {ldb});",
             f"    wmma::load_matrix_sync(fc, C, {N}, wmma::mem_row_major);"]
    if ab == "tf32":
        body += ["    for (int i = 0; i < fa.num_elements; i++) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);"]
    if ab == "b1":
        op = "bmmaBitOpAND" if shared else "bmmaBitOpXOR"
        body += [f"    wmma::bmma_sync(fc, fa, fb, fc, wmma::experimental::{op}, "
                 "wmma::experimental::bmmaAccumulateOpPOPC);"]
    else:
        body += ["    wmma::mma_sync(fc, fa, fb, fc);"]
    body += [
             f"    wmma::store_matrix_sync(D, fc, {M}, wmma::mem_col_major);", "}"]
    return "\n".join(body) + "\n"


def wmma_cases():
    for (shape, abk), accs in mf.WMMA_SHAPES.items():
        for acc in accs:
            abs_ = ("s8", "u8") if abk == "int8" else ("s4", "u4") if abk == "int4" else (abk,)
            for ab in abs_:
                lays = (("row", "col", False), ("row", "col", True)) if ab in _SUB else \
                    (("row", "col", False), ("col", "row", True))     # 4- and 1-bit: A row-major, B col-major only
                for la, lb, sh in lays:
                    yield shape, ab, acc, la, lb, sh


def _np_elem(kind):
    return {"f16": np.float16, "f32": np.float32, "s8": np.int8, "u8": np.uint8, "s32": np.int32,
            "tf32": np.float32, "bf16": np.uint16, "f64": np.float64}[kind]


def wmma_inputs(shape, ab, acc, la, lb, rng):
    M, N, K = mf._mnk(shape)
    A = _random_matrix(ab, (M, K), rng)
    B = _random_matrix(ab, (K, N), rng)
    C = _random_matrix(acc, (M, N), rng)
    if acc == "s32":
        C = rng.integers(-1000, 1000, (M, N)).astype(np.int64)

    def store(X, kind, layout):
        Y = X if layout == "row" else X.T
        if kind in _SUB:                   # k along memory (A rows, B columns), packed lowest bits first
            bits = _SUB[kind]
            v = (Y.astype(np.int64) & ((1 << bits) - 1)).astype(np.uint8)
            per = 8 // bits
            out = np.zeros((v.shape[0], v.shape[1] // per), np.uint8)
            for j in range(per):
                out |= v[:, j::per] << np.uint8(bits * j)
            return out.reshape(-1)
        if kind == "bf16":
            return (Y.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16).copy()
        return np.ascontiguousarray(Y.astype(_np_elem(kind)))
    return A, B, C, store(A, ab, la), store(B, ab, lb), store(C, acc, "row")


def wmma_reference(ab, acc, A, B, C, bitop="xor"):
    if ab == "tf32":                       # the probe rounds A (cvt.rna) and the GPU ignores B's low bits
        A = mf.cvt_tf32(A.astype(np.float32), "rna").view(np.float32).astype(np.float64)
        B = (B.astype(np.float32).view(np.uint32) & 0xFFFFE000).view(np.float32).astype(np.float64)
    if ab == "b1":                          # the count over k of (a op b), element by element
        a, b = A.astype(np.int64)[:, :, None], B.astype(np.int64)[None, :, :]
        return ((a ^ b) if bitop == "xor" else (a & b)).sum(axis=1) + C, 0.0
    if acc == "s32":
        return ((A @ B + C + 2**31) % 2**32) - 2**31, 0.0
    return A @ B + C, {"f32": 2.0**-22, "f16": 2.0**-10, "f64": 2.0**-50}[acc]


def run_wmma(case, arrays, backend):
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    shape, ab, acc, la, lb, sh = case
    M, N, K = mf._mnk(shape)
    src = wmma_source(shape, ab, acc, la, lb, sh)
    k = tc.compile_cuda(src, filename=f"wmma_{shape}_{ab}_{acc}.cu").kernel("probe")
    a, b, c = (x.copy() for x in arrays)
    d = np.zeros(M * N, dtype=c.dtype)
    if ab == "bf16":
        a, b = a.view(np.uint16), b.view(np.uint16)
    # the kernel's `const __nv_bfloat16*` has no numpy dtype: pass the bits through uint16
    launch(k, 1, 32, a, b, c, d, backend=backend, echo=False)
    return d.reshape(N, M).T.copy()            # stored column-major


def compare(recording) -> list:
    """Each mma.sync form of a recording (--gpu): the emulator's D registers for the same
    inputs (the recording's seed) against the GPU's, bit for bit."""
    rec = read_json(recording)
    by_name = {r["form"]: r for r in rec["forms"] if "gpu_registers_hex" in r}
    out = []
    seed = rec.get("seed", 23)
    for form, types, A, B, C in (*mma_cases(np.random.default_rng(seed)),
                                 *mma_cases(np.random.default_rng([seed, 4]), late_forms=True)):
        name = mma_name(form, types)
        if name not in by_name:
            continue
        gpu = np.array([int(x, 16) for x in by_name[name]["gpu_registers_hex"]], dtype=np.uint64)
        d = run_mma(form, types, A, B, C, "emu").reshape(-1).astype(np.uint64)
        out.append({"form": name, "bits_equal": bool(np.array_equal(d, gpu)), "differing": int((d != gpu).sum())})
    return out


def wmma_name(case) -> str:
    shape, ab, acc, la, lb, sh = case
    return (f"wmma.{shape}.{ab}->{acc} A.{la} B.{lb}" + (" A in shared" if sh else "") +
            (f" {b1_op(case)}.popc" if ab == "b1" else ""))


def compare_wmma(recording) -> list:
    """Each WMMA form of a recording that kept the GPU's D (``gpu_d_hex``): the emulator's D for
    the same inputs (the recording's seed, drawn after the mma.sync cases) against it, bit for bit."""
    rec = read_json(recording)
    by_name = {r["form"]: r for r in rec["forms"] if "gpu_d_hex" in r}
    rng = np.random.default_rng(rec.get("seed", 23))
    for _ in mma_cases(rng):
        pass
    out = []
    for case in wmma_cases():
        A, B, C, a, b, c = wmma_inputs(*case[:5], rng)
        name = wmma_name(case)
        if name not in by_name:
            continue
        d = run_wmma(case, (a, b, c), "emu")
        gpu = np.frombuffer(bytes.fromhex(by_name[name]["gpu_d_hex"]), np.uint8)
        mine = d.view(np.uint8).reshape(-1)
        elem = d.dtype.itemsize
        out.append({"form": name, "bits_equal": bool(np.array_equal(mine, gpu)),
                    "differing": int((mine.reshape(-1, elem) != gpu.reshape(-1, elem)).any(axis=1).sum())})
    return out


def _close(got, want, tol):
    if np.ndim(tol) == 0 and tol == 0:
        return bool(np.array_equal(got, want))
    return bool(np.all(np.abs(got - want) <= tol * np.maximum(1.0, np.abs(want)) * 4))


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpu", action="store_true")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--compare", metavar="RECORDING", help="the emulator against a recording's GPU registers")
    ap.add_argument("--wmma-only", action="store_true", help="the WMMA forms only (the mma.sync inputs are drawn all the same)")
    ap.add_argument("--ab", default="", help="WMMA forms with these input kinds only (comma-separated, e.g. tf32); "
                                             "the inputs of the others are drawn all the same")
    ap.add_argument("--late", action="store_true", help="the forms added on 2026-12-07 only (4- and 1-bit mma.sync "
                                                        "and WMMA, sm_90's f64 mma.sync); the others' inputs are "
                                                        "drawn all the same")
    ap.add_argument("--gpu-only", action="store_true",
                    help="with --gpu: record the GPU's outputs only; the emulator's side comes later from --compare")
    args = ap.parse_args(argv)
    if args.compare:
        rows = compare(args.compare) + compare_wmma(args.compare)
        for r in rows:
            print(r)
        bad = sum(not r["bits_equal"] for r in rows)
        print(f"{len(rows) - bad} of {len(rows)} recorded forms bit-identical")
        return 1 if bad else 0
    rng = np.random.default_rng(args.seed)
    rows, bad = [], 0
    for form, types, A, B, C in (*mma_cases(np.random.default_rng([args.seed, 4]), late_forms=True), *mma_cases(rng)):
        name = mma_name(form, types)
        row = {"form": name}
        if args.wmma_only or args.late and not late(form):
            continue
        try:
            d = run_mma(form, types, A, B, C, "emu")
            want, tol = mma_reference(form, types, A, B, C)
            got = _unpack_d(form, d, types[0])
            row["numpy"] = _close(got, want, tol)
            if args.gpu:
                g = run_mma(form, types, A, B, C, "gpu")
                row["gpu_bits_equal"] = bool(np.array_equal(g, d))
                row["gpu_registers_hex"] = [format(int(x), "x") for x in g.reshape(-1)]   # for offline fits
                row["gpu_differing_registers"] = int((g != d).sum())
                if not row["gpu_bits_equal"]:
                    gd = _unpack_d(form, g, types[0])
                    row["gpu_vs_numpy"] = _close(gd, want, tol)
                    row["max_abs_diff"] = float(np.max(np.abs(gd.astype(np.float64) - got)))
        except Exception as e:                                  # noqa: BLE001
            row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:300]}"
        bad += (not row.get("numpy")) or (args.gpu and not row.get("gpu_bits_equal"))
        rows.append(row)
        print(row, flush=True)
    for case in wmma_cases():
        shape, ab, acc, la, lb, sh = case
        name = wmma_name(case)
        row = {"form": name}
        try:
            A, B, C, a, b, c = wmma_inputs(shape, ab, acc, la, lb, rng)
            if args.ab and ab not in args.ab.split(",") or args.late and ab not in _SUB:
                continue
            if args.gpu and args.gpu_only:
                g = run_wmma(case, (a, b, c), "gpu")
                row["gpu_d_hex"] = g.view(np.uint8).tobytes().hex()
                rows.append(row)
                print(name, "recorded", flush=True)
                continue
            d = run_wmma(case, (a, b, c), "emu")
            want, tol = wmma_reference(ab, acc, A, B, C, b1_op(case))
            row["numpy"] = _close(d.astype(np.float64) if acc != "s32" else d.astype(np.int64), want, tol)
            if args.gpu:
                g = run_wmma(case, (a, b, c), "gpu")
                row["gpu_bits_equal"] = bool(np.array_equal(g.view(np.uint8), d.view(np.uint8)))
                row["gpu_d_hex"] = g.view(np.uint8).tobytes().hex()
                row["gpu_differing_elements"] = int((g.view(np.uint8) != d.view(np.uint8)).sum())
                if not row["gpu_bits_equal"]:
                    row["max_abs_diff"] = float(np.max(np.abs(g.astype(np.float64) - d.astype(np.float64))))
        except Exception as e:                                  # noqa: BLE001
            row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:300]}"
        bad += (not row.get("numpy")) or (args.gpu and not row.get("gpu_bits_equal"))
        rows.append(row)
        print(row, flush=True)
    if args.gpu:
        out = Path(args.out) / (f"mma-forms-{dt.date.today()}" + (f"-seed{args.seed}" if args.seed != 23 else "") +
                                ("-late" if args.late else "") + ".json")
        gpu = ""
        try:
            import cupy
            gpu = cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
        except Exception:                                        # noqa: BLE001
            pass
        out.write_text(json.dumps({"gpu": gpu, "date": dt.datetime.now(dt.timezone.utc).isoformat(), "seed": args.seed,
                                   "command": "python " + " ".join(["bench/gpu_mma_forms.py"] + list(argv if argv is not None else sys.argv[1:])),
                                   "host": platform.node(), "commit": os.environ.get("TILELAB_COMMIT", ""),
                                   "forms": rows}, indent=1) + "\n")
        print("wrote", out)
    print(f"{len(rows) - bad} of {len(rows)} forms right")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
