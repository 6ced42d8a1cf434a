"""Every dense ``mma.sync`` and WMMA form of the PTX ISA for sm_80 to sm_90 the emulator runs,
as one explicit table (docs/MMA_FORMS.md prints it), and a clear refusal for any other.

``mma.sync``: the fragments are the ISA's ("Matrix Fragments for mma.m16n8k16" and the other
shapes): which lane holds which element is public, so a kernel that fills registers by hand
(inline PTX, as lesson 06 does) gets exactly the GPU's matrix. A form is
``(shape, A/B type, C/D type)``; each operand's layout is a function ``(lane, i) -> (row, col)``
of the lane's group ``g = lane >> 2`` and its place in the group ``t = lane & 3``.

WMMA (``nvcuda::wmma``): the fragments are opaque (the CUDA guide: "the mapping of matrix
elements into fragment registers is unspecified"), so the emulator keeps its own map, the same
for ``load``, ``mma`` and ``store`` (but for 16 x 16 accumulators, which take the GPU's: ``_acc_map``);
code that treats a fragment element by element (``frag.x[i] *= alpha``) gets the GPU's results
whatever the map. ``wmma.mma`` of a shape
computes what the tensor core instruction ptxas lowers it to computes (a k16 or k8 step).

Numerics (checked bit for bit on an H200 by ``bench/gpu_mma_forms.py``, recorded in
``bench/results/``): fp32 accumulation (fp16, bf16, tf32 inputs) aligns the exact products
and C to the largest exponent, truncating at 25 bits below it, and truncates the sum to fp32
(``tensor_core_f32``); fp16 accumulation aligns and truncates the same way and rounds that sum
once to nearest fp16 (``tensor_core_f16_sum``: cuda_hgemm's 256^3 HGEMMs on an H200, all 65,536
outputs, bench/results/collection-gpu-2026-12-02-unseen28.json; the exact sum rounded once
missed 8 of them); tf32 inputs are f32 bit patterns of which the low 13 mantissa
bits are ignored; integer products accumulate in 32 bits (wrapping, or clamped with
``.satfinite``); fp64 ``m8n8k4`` is one fused multiply-add per k step, in k order.

fp16 ``m8n8k4`` (sm_70's quad-pair form: four independent 8x8x4 products per warp, lanes
4q..4q+3 and 16+4q..16+4q+3 holding product q) has no tensor-core instruction on sm_80 and
later: ptxas calls a routine of its own (``__cuda_sm_8x_mma_row_col_*``; the other layouts
shuffle into row.col first) that computes in fp32 on the FMA pipe, and the emulator does what
that routine does (``quadpair_product``).
"""
from __future__ import annotations

import dataclasses

import numpy as np

from ..messages import msg
from . import isa, wmma_traffic
from .isa import _warp_rows, read, unsupported, write
from .numerics import fma_f32, fma_f64
from .ptx import Operand

# ------------------------------------------------------------------ fragment layouts (mma.sync)
# (lane, i) -> (row, col) for each operand of each shape and input kind; g = lane >> 2, t = lane & 3


def _lay_16816_a(g, t, i):
    return g + 8 * ((i >> 1) & 1), 2 * t + (i & 1) + 8 * (i >> 2)


def _lay_16816_b(g, t, i):
    return 2 * t + (i & 1) + 8 * (i >> 1), g


def _lay_c_16x8(g, t, i):
    return g + 8 * (i >> 1), 2 * t + (i & 1)


def _lay_1688_a(g, t, i):
    return g + 8 * (i >> 1), 2 * t + (i & 1)


def _lay_1688_b(g, t, i):
    return 2 * t + i, g


def _lay_tf32_k4_a(g, t, i):
    return g + 8 * i, t


def _lay_tf32_k4_b(g, t, i):
    return t, g


def _lay_tf32_k8_a(g, t, i):              # also f64 m16n8k8 / m16n8k16 (k16: i up to 7)
    return g + 8 * (i & 1), t + 4 * (i >> 1)


def _lay_tf32_k8_b(g, t, i):
    return t + 4 * i, g


# packed integer and fp8 inputs: e elements a register, the lowest bits first (e = 4 for 8-bit, 8 for 4-bit, 32 for
# 1-bit); A's register r holds row g (+8 for odd r) at k = e * t + 4e * (r // 2), B's register r k = e * t + 4e * r
# (the ISA's m16n8k16/k32 .s8 and .e4m3, m16n8k32/k64 .s4, m16n8k128/k256 .b1; m8n8k16, m8n8k32, m8n8k128 on 8 rows)
def _packed_a16(e):
    def lay(g, t, i):
        return g + 8 * ((i // e) & 1), e * t + (i % e) + 4 * e * (i // (2 * e))
    return lay


def _packed_b16(e):
    def lay(g, t, i):
        return e * t + (i % e) + 4 * e * (i // e), g
    return lay


def _packed_a8(e):
    def lay(g, t, i):
        return g, e * t + i
    return lay


def _packed_b8(e):
    def lay(g, t, i):
        return e * t + i, g
    return lay


def _lay_m8_f64_a(g, t, i):
    return g, t


def _lay_m8_f64_b(g, t, i):
    return t, g


def _lay_c_8x8(g, t, i):
    return g, 2 * t + i


# m8n8k4 .f16 (quad pairs): h = lane >= 16 picks the upper half of the pair's 8 rows/columns
def _lay_qp_a_row(g, t, i):
    return t + 4 * (g >> 2), i


def _lay_qp_a_col(g, t, i):
    return i + 4 * (g >> 2), t


def _lay_qp_b_col(g, t, i):
    return i, t + 4 * (g >> 2)


def _lay_qp_b_row(g, t, i):
    return t, i + 4 * (g >> 2)


def _lay_qp_c16(g, t, i):
    return t + 4 * (g >> 2), i


def _lay_qp_c32(g, t, i):
    return (t & 1) + (i & 2) + 4 * (g >> 2), (i & 1) + (t & 2) + (i & 4)


@dataclasses.dataclass(frozen=True)
class Form:
    shape: str          # "m16n8k16"
    ab: str             # input type: f16, bf16, tf32, s8/u8 (int8), f64
    cd: str             # accumulator type: f32, f16, s32, f64
    a: object           # (g, t, i) -> (row, col)
    b: object
    c: object
    na: int             # elements of A, B, C per lane
    nb: int
    nc: int
    d: object = None    # D's layout where it differs from C's (m8n8k4 .f32.f16.f16.f16)
    nd: int = 0
    quad: bool = False  # four 8x8x4 products per warp, one per quad pair (m8n8k4 .f16)
    layouts: tuple = ("row", "col")

    @property
    def mnk(self):
        m, rest = self.shape[1:].split("n")
        n, k = rest.split("k")
        return int(m), int(n), int(k)


def _f(shape, ab, cd, a, b, c, na, nb, nc):
    return Form(shape, ab, cd, a, b, c, na, nb, nc)


# the mma.sync table: (shape, A/B kind, C/D type) -> Form. "int8" stands for s8 and u8 in any mix.
MMA_SYNC: dict = {}
for _cd in ("f32", "f16"):
    MMA_SYNC[("m16n8k16", "f16", _cd)] = _f("m16n8k16", "f16", _cd, _lay_16816_a, _lay_16816_b, _lay_c_16x8, 8, 4, 4)
    MMA_SYNC[("m16n8k8", "f16", _cd)] = _f("m16n8k8", "f16", _cd, _lay_1688_a, _lay_1688_b, _lay_c_16x8, 4, 2, 4)
MMA_SYNC[("m16n8k16", "bf16", "f32")] = _f("m16n8k16", "bf16", "f32", _lay_16816_a, _lay_16816_b, _lay_c_16x8, 8, 4, 4)
MMA_SYNC[("m16n8k8", "bf16", "f32")] = _f("m16n8k8", "bf16", "f32", _lay_1688_a, _lay_1688_b, _lay_c_16x8, 4, 2, 4)
MMA_SYNC[("m16n8k4", "tf32", "f32")] = _f("m16n8k4", "tf32", "f32", _lay_tf32_k4_a, _lay_tf32_k4_b, _lay_c_16x8, 2, 1, 4)
MMA_SYNC[("m16n8k8", "tf32", "f32")] = _f("m16n8k8", "tf32", "f32", _lay_tf32_k8_a, _lay_tf32_k8_b, _lay_c_16x8, 4, 2, 4)
MMA_SYNC[("m16n8k16", "int8", "s32")] = _f("m16n8k16", "int8", "s32", _packed_a16(4), _packed_b16(4), _lay_c_16x8, 8, 4, 4)
MMA_SYNC[("m16n8k32", "int8", "s32")] = _f("m16n8k32", "int8", "s32", _packed_a16(4), _packed_b16(4), _lay_c_16x8, 16, 8,
                                           4)
MMA_SYNC[("m8n8k16", "int8", "s32")] = _f("m8n8k16", "int8", "s32", _packed_a8(4), _packed_b8(4), _lay_c_8x8, 4, 4, 2)
MMA_SYNC[("m8n8k4", "f64", "f64")] = _f("m8n8k4", "f64", "f64", _lay_m8_f64_a, _lay_m8_f64_b, _lay_c_8x8, 1, 1, 2)
# sm_89's fp8 (.e4m3/.e5m2 in any mix): the 8-bit integer layouts; f32 or f16 accumulators (fp8_product)
for _cd in ("f32", "f16"):
    MMA_SYNC[("m16n8k32", "fp8", _cd)] = _f("m16n8k32", "fp8", _cd, _packed_a16(4), _packed_b16(4), _lay_c_16x8, 16, 8, 4)
    MMA_SYNC[("m16n8k16", "fp8", _cd)] = _f("m16n8k16", "fp8", _cd, _packed_a16(4), _packed_b16(4), _lay_c_16x8, 8, 4, 4)
# sm_90's f64 shapes: tf32's layouts, one f64 a register; an fma per k step in k order, as m8n8k4's
MMA_SYNC[("m16n8k4", "f64", "f64")] = _f("m16n8k4", "f64", "f64", _lay_tf32_k4_a, _lay_tf32_k4_b, _lay_c_16x8, 2, 1, 4)
MMA_SYNC[("m16n8k8", "f64", "f64")] = _f("m16n8k8", "f64", "f64", _lay_tf32_k8_a, _lay_tf32_k8_b, _lay_c_16x8, 4, 2, 4)
MMA_SYNC[("m16n8k16", "f64", "f64")] = _f("m16n8k16", "f64", "f64", _lay_tf32_k8_a, _lay_tf32_k8_b, _lay_c_16x8, 8, 4,
                                           4)
# "int4" stands for s4 and u4 in any mix; "b1" multiplies bits by .and or .xor and counts (.popc)
for _kind, _e, _shapes in (("int4", 8, ("m8n8k32", "m16n8k32", "m16n8k64")), ("b1", 32, ("m8n8k128", "m16n8k128",
                                                                                          "m16n8k256"))):
    _m8, _k16, _k32 = _shapes
    MMA_SYNC[(_m8, _kind, "s32")] = _f(_m8, _kind, "s32", _packed_a8(_e), _packed_b8(_e), _lay_c_8x8, _e, _e, 2)
    MMA_SYNC[(_k16, _kind, "s32")] = _f(_k16, _kind, "s32", _packed_a16(_e), _packed_b16(_e), _lay_c_16x8, 2 * _e, _e, 4)
    MMA_SYNC[(_k32, _kind, "s32")] = _f(_k32, _kind, "s32", _packed_a16(_e), _packed_b16(_e), _lay_c_16x8, 4 * _e,
                                        2 * _e, 4)

# m8n8k4 with f16 inputs: any A/B layout, (D, C) = (f32, f32), (f16, f16) or (f32, f16) (ptxas
# refuses .f16 D with .f32 C). Keyed (A layout, B layout, D type, C type).
QUAD_PAIR: dict = {}
for _la, _fa in (("row", _lay_qp_a_row), ("col", _lay_qp_a_col)):
    for _lb, _fb in (("row", _lay_qp_b_row), ("col", _lay_qp_b_col)):
        for _d, _c in (("f32", "f32"), ("f16", "f16"), ("f32", "f16")):
            _lc, _nc = (_lay_qp_c32, 8) if _c == "f32" else (_lay_qp_c16, 8)
            _ld, _nd = (_lay_qp_c32, 8) if _d == "f32" else (_lay_qp_c16, 8)
            QUAD_PAIR[(_la, _lb, _d, _c)] = Form("m8n8k4", "f16", _d, _fa, _fb, _lc, 4, 4, _nc, _ld, _nd, True,
                                                 (_la, _lb))

# the forms the ISA lists for sm_80-sm_90 that the emulator refuses, with why (docs/MMA_FORMS.md)
REFUSED = {
    "sparse (mma.sp)": "structured sparsity",
}

_INT8 = ("s8", "u8")
_INT4 = ("s4", "u4")
_FP8 = ("e4m3", "e5m2")


def mma_form(mods) -> tuple[Form | None, tuple]:
    """The table's form of an ``mma.sync`` instruction's modifiers, and its (D, A, B, C) types."""
    shape = next((x for x in mods if x[:1] == "m" and "n" in x and "k" in x), "")
    types = [x for x in mods if x in ("f16", "f32", "bf16", "tf32", "s8", "u8", "s32", "f64", "s4", "u4", "b1",
                                      "e4m3", "e5m2")]
    if len(types) != 4 or any(x.startswith("sp") for x in mods):     # mma.sp (sparse): refused, not run as dense
        return None, tuple(types)
    d, a, b, c = types
    if shape == "m8n8k4" and a == b == "f16":
        lays = [x for x in mods if x in ("row", "col")]
        form = QUAD_PAIR.get((*lays, d, c)) if len(lays) == 2 else None
        return form, tuple(types)
    if a in _INT8 and b in _INT8:
        kind = "int8"
    elif a in _INT4 and b in _INT4:
        kind = "int4"
    elif a in _FP8 and b in _FP8:
        kind = "fp8"
    elif a == b == "b1" and ("popc" not in mods or not {"and", "xor"} & set(mods)):
        return None, tuple(types)           # a 1-bit product names its operation: .and.popc or .xor.popc
    elif a == b:
        kind = a
    else:
        return None, tuple(types)
    form = MMA_SYNC.get((shape, kind, d))
    if form is None or c != d or "row" not in mods or "col" not in mods:
        return None, tuple(types)
    if mods.index("row") > mods.index("col"):
        return None, tuple(types)
    return form, tuple(types)


_KIND_TEXT = {"int8": "s8/u8", "int4": "s4/u4", "b1": "b1.{and,xor}.popc", "fp8": "e4m3/e5m2"}


def supported_text() -> str:
    return ", ".join([f"{f.shape}.{_KIND_TEXT.get(f.ab, f.ab)}->{f.cd}" for f in MMA_SYNC.values()] +
                     ["m8n8k4.{row,col}.{row,col}.f16->f16/f32 (quad pairs)"])


# ------------------------------------------------------------------ numbers in and out of registers
_PER_REG = {"f16": 2, "bf16": 2, "tf32": 1, "f32": 1, "s8": 4, "u8": 4, "s32": 1, "f64": 1, "s4": 8, "u4": 8,
            "b1": 32, "e4m3": 4, "e5m2": 4}
_REG_T = {"f16": "b32", "bf16": "b32", "tf32": "b32", "f32": "f32", "s8": "b32", "u8": "b32", "s32": "s32",
          "f64": "f64", "s4": "b32", "u4": "b32", "b1": "b32", "e4m3": "b32", "e5m2": "b32"}


def fp8_values(b: np.ndarray, kind: str) -> np.ndarray:
    """fp8 bytes as float64, exactly (every e4m3 and e5m2 value is an f16): e5m2 is an f16's high byte; e4m3 has
    bias 7, subnormals m * 2^-9, no infinity, and NaN at S.1111.111."""
    b = np.asarray(b).astype(np.uint16)
    if kind == "e5m2":
        return (b << 8).view(np.float16).astype(np.float64)
    e = (b >> 3) & 0xF
    m = (b & 7).astype(np.float64)
    v = np.where(e == 0, m * 2.0**-9, (1 + m / 8) * np.exp2(e.astype(np.float64) - 7))
    v = np.where((e == 15) & (b & 7 == 7), np.nan, v)
    return np.where(b & 0x80, -v, v)


_FP8_MAX = {"e4m3": 448.0, "e5m2": 57344.0}
_FP8_NAN = np.uint32(0x7F)                 # the NaN a conversion writes (S.1111.111 / S.11111.11, sign clear)


def fp8_bytes(x: np.ndarray, kind: str, satfinite: bool, relu: bool = False) -> np.ndarray:
    """``cvt.rn{.satfinite}{.relu}`` of float values (float64, exact f32 or f16 inputs) to fp8 bytes (uint32), rounded
    to nearest even. Past the largest finite value: that value with ``.satfinite``, else e5m2's infinity or e4m3's
    NaN (it has no infinity); NaN gives NaN; ``.relu`` makes negatives +0."""
    x = np.asarray(x, np.float64)
    codes = np.arange(0x80)
    vals = fp8_values(codes, kind)
    ok = np.isfinite(vals)
    codes, vals = codes[ok], vals[ok]                       # ascending with the code
    step = vals[-1] - vals[-2]                              # the last binade's ulp: where the next value would be
    grid = np.append(vals, vals[-1] + step)
    a = np.abs(x)
    with np.errstate(invalid="ignore"):
        i = np.clip(np.searchsorted(grid, a), 1, len(grid) - 1)
        lo, hi = grid[i - 1], grid[i]
        up = (a - lo > hi - a) | ((a - lo == hi - a) & ((i & 1) == 0))   # the upper value's code i is even
        k = np.where(up, i, i - 1)
    over = (k >= len(vals)) | (a > grid[-1])
    out = np.where(over, 0, codes[np.clip(k, 0, len(codes) - 1)]).astype(np.uint32)
    if satfinite:
        out = np.where(over, codes[-1], out)
    else:
        out = np.where(over, 0x7C if kind == "e5m2" else 0x7F, out)
    out = np.where(np.signbit(x) & (out != 0x7F), out | 0x80, out).astype(np.uint32)
    if relu:
        out = np.where(np.signbit(x), 0, out).astype(np.uint32)
    return np.where(np.isnan(x), _FP8_NAN, out).astype(np.uint32)


def _cvt_fp8(m, ins, idx):
    """sm_89's fp8 conversions, which cuda_fp8.h uses where the PTX is built for compute_89 (a source with an fp8
    ``mma.sync``): ``cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32 d, a, b`` (a to the high byte, b to the low),
    ``cvt.rn{.satfinite}{.relu}.{e4m3x2,e5m2x2}.f16x2 d, a`` and ``cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} d, a``."""
    mods = ins.mods
    kinds = [x for x in mods if x in ("e4m3x2", "e5m2x2")]
    if len(kinds) != 1 or "rn" not in mods:
        isa.unsupported(m, ins)
    kind = kinds[0][:4]
    n = len(m.lanes(idx))
    sat, relu = "satfinite" in mods, "relu" in mods
    if mods.index(kinds[0]) < mods.index("f16x2" if "f16x2" in mods else "f32"):     # to fp8
        if "f32" in mods and len(ins.args) == 3:
            a = np.asarray(isa.read(m, ins.args[1], "f32", idx), np.float64)
            b = np.asarray(isa.read(m, ins.args[2], "f32", idx), np.float64)
        elif "f16x2" in mods and len(ins.args) == 2:
            u = np.asarray(isa.read(m, ins.args[1], "b32", idx)).astype(np.uint32)
            a = ((u >> 16) & 0xFFFF).astype(np.uint16).view(np.float16).astype(np.float64)
            b = (u & 0xFFFF).astype(np.uint16).view(np.float16).astype(np.float64)
        else:
            isa.unsupported(m, ins)
        d = (fp8_bytes(a, kind, sat, relu) << np.uint32(8)) | fp8_bytes(b, kind, sat, relu)
        isa.write(m, ins.args[0], np.broadcast_to(d.astype(np.uint16), (n,)), idx)
        return
    if "f16x2" not in mods or len(ins.args) != 2:                                      # from fp8: to f16x2 only
        isa.unsupported(m, ins)
    u = np.asarray(isa.read(m, ins.args[1], "b16", idx)).astype(np.uint32)
    halves = []
    for sh in (0, 8):
        byte = (u >> np.uint32(sh)) & np.uint32(0xFF)
        v = fp8_values(byte, kind)
        if kind == "e5m2":                   # an f16's high byte: its bits as they are, infinities and NaNs included
            h = (byte << np.uint32(8)).astype(np.uint32)
        else:
            h = np.where(np.isnan(v), np.uint32(0x7FFF), v.astype(np.float16).view(np.uint16).astype(np.uint32))
        if relu:
            h = np.where((v < 0) | (np.signbit(v) & (v == 0)), np.uint32(0), h)
        halves.append(h.astype(np.uint32))
    isa.write(m, ins.args[0], np.broadcast_to((halves[1] << np.uint32(16)) | halves[0], (n,)).astype(np.uint32), idx)


def _operand(m, ops, kind: str, idx, row, ln, nrows) -> np.ndarray:
    """One operand's registers (``ops``), read for every lane of the warps taking part, as numbers:
    [warps, 32, elements]."""
    t = _REG_T[kind]
    regs = []
    for o in ops:
        v = np.zeros((nrows, 32), dtype=np.float64 if t == "f64" else np.float32 if t == "f32" else np.uint32)
        v[row, ln] = np.asarray(read(m, o, t, idx))
        regs.append(v)
    return _to_values(regs, kind)


def _to_values(regs: list, kind: str) -> np.ndarray:
    """[warps, 32] register arrays -> [warps, 32, elements] numbers (float64 or int64)."""
    if kind in ("f32", "f64"):
        return np.stack([np.asarray(r, dtype=np.float64) for r in regs], axis=-1)
    if kind == "s32":
        return np.stack([np.asarray(r).astype(np.int32).astype(np.int64) for r in regs], axis=-1)
    out = []
    for r in regs:
        u = np.asarray(r).astype(np.uint32)
        if kind in ("f16", "bf16"):
            for sh in (0, 16):
                h = ((u >> sh) & 0xFFFF).astype(np.uint16)
                out.append(h.view(np.float16).astype(np.float64) if kind == "f16"
                           else (h.astype(np.uint32) << 16).view(np.float32).astype(np.float64))
        elif kind == "tf32":
            out.append((u & np.uint32(0xFFFFE000)).view(np.float32).astype(np.float64))
        elif kind in ("s8", "u8"):                             # four per register, low byte first
            for sh in (0, 8, 16, 24):
                b = ((u >> sh) & 0xFF).astype(np.uint8)
                out.append((b.view(np.int8) if kind == "s8" else b).astype(np.int64))
        elif kind in _FP8:                                     # four per register, low byte first
            for sh in (0, 8, 16, 24):
                out.append(fp8_values((u >> sh) & 0xFF, kind))
        elif kind in ("s4", "u4"):                             # eight per register, low nibble first
            for sh in range(0, 32, 4):
                n = ((u >> sh) & 0xF).astype(np.int64)
                out.append(n - ((n & 8) << 1) if kind == "s4" else n)
        else:                                                  # b1: 32 per register, bit 0 first
            for sh in range(32):
                out.append(((u >> sh) & 1).astype(np.int64))
    return np.stack(out, axis=-1)


def _from_values(vals: np.ndarray, kind: str) -> list:
    """[warps, 32, elements] accumulator numbers -> register arrays of the D type."""
    if kind == "f32":
        return [vals[..., i].astype(np.float32) for i in range(vals.shape[-1])]
    if kind == "f64":
        return [vals[..., i].astype(np.float64) for i in range(vals.shape[-1])]
    if kind == "s32":
        return [vals[..., i].astype(np.int64).astype(np.int32) for i in range(vals.shape[-1])]
    with np.errstate(over="ignore"):
        h = vals.astype(np.float16).view(np.uint16).astype(np.uint32)       # f16 accumulators, two a register
    return [(h[..., 2 * j] | (h[..., 2 * j + 1] << 16)) for j in range(vals.shape[-1] // 2)]


def product(A, B, C, ab: str, cd: str, satfinite: bool = False, bitop: str = "and"):
    """D = A @ B + C for [warps, M, K] x [warps, K, N] + [warps, M, N] as the tensor cores do; for 1-bit inputs the
    sum over k of (a AND b) or (a XOR b), the population count of the row's and column's bits."""
    if ab in _FP8:
        return fp8_product(A, B, C, cd)
    if ab == "b1" and bitop == "xor":   # a ^ b = a + b - 2ab for bits
        A, B = A.astype(np.int64), B.astype(np.int64)
        D = A.sum(-1)[..., :, None] + B.sum(-2)[..., None, :] - 2 * np.matmul(A, B) + C.astype(np.int64)
        return ((D + 2**31) % 2**32) - 2**31
    if cd == "s32":
        D = np.matmul(A.astype(np.int64), B.astype(np.int64)) + C.astype(np.int64)
        if satfinite:
            return np.clip(D, -2**31, 2**31 - 1)
        return ((D + 2**31) % 2**32) - 2**31
    if cd == "f64":                     # DMMA: an fma per k step, in k order
        D = C.astype(np.float64)
        for k in range(A.shape[-1]):
            D = fma_f64(np.broadcast_to(A[:, :, k, None], D.shape), np.broadcast_to(B[:, None, k, :], D.shape), D)
        return D
    if cd == "f32":
        return tensor_core_f32(A, B, C)
    return tensor_core_f16_sum(A, B, C)     # f16: rounded once to nearest by _from_values


def fp8_product(A, B, C, cd):
    """fp8 ``mma.sync`` as ptxas builds it for sm_90 (read in the cubin under NVRTC 12.9 and 13): each register's low
    two bytes and then its high two, unpacked to f16 (F2FP.UNPACK_B, exact), go to two HMMAs of half the k (16816
    for k32, 1688 for k16), the first from zero and the second onto its result; then C is added with one FADD (f32)
    or HADD2 (f16). The first HMMA takes the k with bit 1 clear, in k order."""
    K = A.shape[-1]
    halves = [np.array([k for k in range(K) if (k & 2) == h]) for h in (0, 2)]
    P = np.zeros(C.shape, np.float64)
    with np.errstate(all="ignore"):
        for ks in halves:
            a, b = A[..., ks], B[..., ks, :]
            if cd == "f32":
                P = tensor_core_f32(a, b, P)
            else:
                P = tensor_core_f16_sum(a, b, P).astype(np.float16).astype(np.float64)
        if cd == "f32":
            return (C.astype(np.float32) + P.astype(np.float32)).astype(np.float64)
        return (C.astype(np.float16) + P.astype(np.float16)).astype(np.float64)


def quadpair_product(A, B, C, d_t):
    """m8n8k4 with f16 inputs as ptxas's sm_8x routine computes it on the FMA pipe (read in its
    SASS under NVRTC 12.9 and 13, checked on the H200 by bench/gpu_mma884.py): the halves are
    widened to f32 exactly. f32 D: s = 0; s = fma(a_k, b_k, s) for k = 0..3; D = C + s, each
    step rounded to nearest f32. f16 D: D = f16(((C + (a0 b0 + a1 b1)) + (a2 b2 + a3 b3)),
    each pair one fma onto the exact product of its first, each add rounded to f32, the last
    rounding to f16 (nearest even). [w, 8, 4] x [w, 4, 8] + [w, 8, 8] -> [w, 8, 8]."""
    a = [np.broadcast_to(A[:, :, k, None], C.shape) for k in range(4)]
    b = [np.broadcast_to(B[:, None, k, :], C.shape) for k in range(4)]
    with np.errstate(all="ignore"):
        c32 = C.astype(np.float32)
        if d_t == "f32":
            s = np.zeros(C.shape, np.float32)
            for k in range(4):
                s = fma_f32(a[k], b[k], s)
            return _nan32((c32.astype(np.float64) + s.astype(np.float64)).astype(np.float32))
        p01 = fma_f32(a[1], b[1], (a[0] * b[0]).astype(np.float32))
        p23 = fma_f32(a[3], b[3], (a[2] * b[2]).astype(np.float32))
        t = (c32.astype(np.float64) + p01.astype(np.float64)).astype(np.float32)
        return _nan32((t.astype(np.float64) + p23.astype(np.float64)).astype(np.float32))


def _nan32(x):
    """The FMA pipe's NaN: 0x7FFFFFFF whatever the inputs' payloads."""
    return np.where(np.isnan(x), np.uint32(0x7FFFFFFF).view(np.float32), x)


def _exponent(x):
    """floor(log2|x|) (the exponent of x's leading bit); -inf for 0."""
    e = np.frexp(x)[1].astype(np.float64) - 1
    return np.where(x != 0, e, -np.inf)


def tensor_core_f16_sum(A, B, C):
    """An fp16-accumulating tensor-core step before its one rounding: the products and C aligned to
    the largest exponent and truncated 25 bits below it, as ``tensor_core_f32``, summed exactly (a
    float64 that ``_from_values`` rounds to nearest fp16). Fitted on an H200 (docs/FIDELITY.md, the
    sixth unseen suite): the exact sum rounded once to fp16 differs from it in 8 of cuda_hgemm's
    65,536 outputs, this rule in none; 24 or 26 bits, or a truncation to f32 first, miss some."""
    fast = _tensor_core_f32_finite(A, B, C, to_f32=False)
    if fast is not None:
        return fast
    with np.errstate(all="ignore"):
        s, finite, _ = _aligned_sum(A, B, C)
        return np.where(finite, s, np.matmul(A, B) + C)      # inf, NaN and all-zero sums the IEEE way


def _aligned_sum(A, B, C):
    """The general form of the tensor cores' sum (any inputs): the exact products and C, each truncated
    toward zero to a multiple of 2^(E - 25), E the largest nominal exponent, summed exactly. Returns the
    sum, where every term was finite, and E ([w, M, N] each)."""
    P = A[:, :, :, None] * B[:, None, :, :]                     # [w, M, K, N], exact
    EP = _exponent(A)[:, :, :, None] + _exponent(B)[:, None, :, :]
    E = np.maximum(np.max(EP, axis=2), _exponent(C))
    finite = np.isfinite(E) & np.all(np.isfinite(P), axis=2) & np.isfinite(C)
    q = np.where(finite, np.exp2(np.where(finite, E, 0.0) - 25), 1.0)
    return np.trunc(P / q[:, :, None, :]).sum(axis=2) * q + np.trunc(C / q) * q, finite, E


def tensor_core_f32(A, B, C):
    """An fp32-accumulating tensor-core step as the H200 computes it, fitted bit for bit to its
    outputs (bench/results/mma-forms-*.json: every f16, bf16 and tf32 form): the products are
    exact; each, and C, is truncated toward zero to a multiple of 2^(E - 25), where E is the
    largest of the products' nominal exponents (the sum of their factors' exponents) and C's;
    those are summed exactly and the sum is truncated toward zero to f32. Inf and NaN inputs go
    the IEEE way (through a float64 sum)."""
    fast = _tensor_core_f32_finite(A, B, C)
    if fast is not None:
        return fast
    with np.errstate(all="ignore"):
        s, finite, E = _aligned_sum(A, B, C)
        f = s.astype(np.float32)
        f = np.where(np.abs(f.astype(np.float64)) > np.abs(s), np.nextafter(f, np.float32(0)), f)   # toward zero
        plain = (np.matmul(A, B) + C).astype(np.float32)
        out = np.where(finite & np.isfinite(f), f, plain)
        return np.where(np.isfinite(E) | ~finite, out, np.float32(0) * plain).astype(np.float64)


_NO_EXPONENT = -1 << 20                   # a zero's exponent below: sums with it stay far below any number's


def _int_exponent(x):
    e = np.frexp(x)[1].astype(np.int64) - 1
    e[x == 0] = _NO_EXPONENT
    return e


def _tensor_core_f32_finite(A, B, C, to_f32=True):
    """tensor_core_f32's result, the same bits, where every input is finite, no sum is all zeros and
    every result is a finite f32 (the usual step); None elsewhere. The same arithmetic, one k at a
    time on [w, M, N] arrays with integer exponents (about 4x faster than the [w, M, K, N] form,
    which dominated lesson 06's grading time): every truncated product is an integer multiple of
    q = 2^(E - 25) below 2^27 q, so their f64 sum is exact in any order, and 1/q is a power of two
    that scales exactly."""
    with np.errstate(all="ignore"):
        if not (np.isfinite(A).all() and np.isfinite(B).all() and np.isfinite(C).all()):
            return None
        eA, eB, E = _int_exponent(A), _int_exponent(B), _int_exponent(C)
        for k in range(A.shape[2]):
            np.maximum(E, eA[:, :, k, None] + eB[:, None, k, :], out=E)
        if not (E > _NO_EXPONENT // 2).all():            # a sum of zeros: its sign is the IEEE sum's
            return None
        inv = np.ldexp(1.0, 25 - E)
        S = np.trunc(C * inv)
        for k in range(A.shape[2]):
            p = A[:, :, k, None] * B[:, None, k, :]
            p *= inv
            S += np.trunc(p, out=p)
        s = S * np.ldexp(1.0, E - 25)
        if not to_f32:
            return s                                     # the aligned sum, exact (tensor_core_f16_sum)
        f = s.astype(np.float32)
        if not np.isfinite(f).all():
            return None
        f = np.where(np.abs(f.astype(np.float64)) > np.abs(s), np.nextafter(f, np.float32(0)), f)   # toward zero
        return f.astype(np.float64)


# ------------------------------------------------------------------ mma.sync
_PLACES: dict = {}


def _places(form):
    """(rows, cols) of A's, B's and C's elements, each [32 lanes, elements per lane]: the form's
    layout functions evaluated once."""
    if form not in _PLACES:
        L = np.arange(32)
        g, t = L >> 2, L & 3
        _PLACES[form] = tuple(tuple(np.stack([np.broadcast_to(v, (32,)) for v in x], axis=-1)
                                    for x in zip(*(lay(g, t, i) for i in range(n))))
                              for lay, n in ((form.a, form.na), (form.b, form.nb), (form.c, form.nc)))
    return _PLACES[form]


def h_mma(m, ins, idx, pc):
    form, types = mma_form(ins.mods)
    if form is None:
        unsupported(m, ins, msg("unsupported.mma_form", form=ins.form, supported=supported_text()))
    row, ln, nrows = _warp_rows(m, idx)
    if (np.bincount(row, minlength=nrows) != 32).any():
        unsupported(m, ins, msg("unsupported.mma_converged"))
    d_t, a_t, b_t, c_t = types
    dops, aops, bops, cops = (ins.args[i].items if ins.args[i].kind == "vec" else (ins.args[i],) for i in range(4))
    if form.quad:
        return _mma_quadpair(m, ins, idx, pc, form, types, row, ln, nrows, (dops, aops, bops, cops))
    M, N, K = form.mnk
    av, bv, cv = (_operand(m, o, k, idx, row, ln, nrows) for o, k in ((aops, a_t), (bops, b_t), (cops, c_t)))
    dtype = np.int64 if d_t == "s32" else np.float64
    A = np.zeros((nrows, M, K), dtype)
    B = np.zeros((nrows, K, N), dtype)
    C = np.zeros((nrows, M, N), dtype)
    (ra, ca), (rb, cb), (rc, cc) = _places(form)
    A[:, ra, ca] = av                      # every element of every lane at once: [warps, 32, elements]
    B[:, rb, cb] = bv
    C[:, rc, cc] = cv
    D = product(A, B, C, a_t, d_t, "satfinite" in ins.mods, "xor" if "xor" in ins.mods else "and")
    out = D[:, rc, cc]
    for o, v in zip(dops, _from_values(out, d_t)):
        write(m, o, v[row, ln], idx)
    m.count(pc, "flops", 2 * M * N * K * nrows)


def _mma_quadpair(m, ins, idx, pc, form, types, row, ln, nrows, ops):
    """m8n8k4 .f16: product q of the warp belongs to lanes 4q..4q+3 and 16+4q..16+4q+3; each
    is an 8x8x4 of its own ([warps * 4] products side by side)."""
    d_t, a_t, b_t, c_t = types
    dops, aops, bops, cops = ops
    L = np.arange(32)
    g, t, q = L >> 2, L & 3, (L >> 2) & 3
    av, bv, cv = (_operand(m, o, k, idx, row, ln, nrows) for o, k in ((aops, a_t), (bops, b_t), (cops, c_t)))
    A = np.zeros((nrows, 4, 8, 4))
    B = np.zeros((nrows, 4, 4, 8))
    C = np.zeros((nrows, 4, 8, 8))
    for X, vals, lay, n in ((A, av, form.a, form.na), (B, bv, form.b, form.nb), (C, cv, form.c, form.nc)):
        for i in range(n):
            r, c = lay(g, t, i)
            X[:, q, r, c] = vals[:, :, i]
    D = quadpair_product(A.reshape(-1, 8, 4), B.reshape(-1, 4, 8), C.reshape(-1, 8, 8), d_t).reshape(nrows, 4, 8, 8)
    out = np.stack([D[:, q, r, c] for r, c in (form.d(g, t, i) for i in range(form.nd))], axis=-1)
    if d_t == "f32":
        regs_out = [out[..., i] for i in range(form.nd)]
    else:
        with np.errstate(over="ignore"):
            h = out.astype(np.float16).view(np.uint16).astype(np.uint32)     # nearest even, NaN 0x7FFF
        h = np.where(np.isnan(out), np.uint32(0x7FFF), h)
        regs_out = [h[..., 2 * j] | (h[..., 2 * j + 1] << 16) for j in range(form.nd // 2)]
    for o, v in zip(dops, regs_out):
        write(m, o, v[row, ln], idx)
    m.count(pc, "flops", 2 * 8 * 8 * 4 * 4 * nrows)


# ------------------------------------------------------------------ WMMA
# (shape, A/B kind) -> the accumulator types it allows; fragments as (rows, cols) of A, B, C
WMMA_SHAPES = {
    ("m16n16k16", "f16"): ("f16", "f32"), ("m32n8k16", "f16"): ("f16", "f32"), ("m8n32k16", "f16"): ("f16", "f32"),
    ("m16n16k16", "bf16"): ("f32",), ("m32n8k16", "bf16"): ("f32",), ("m8n32k16", "bf16"): ("f32",),
    ("m16n16k8", "tf32"): ("f32",),
    ("m16n16k16", "int8"): ("s32",), ("m32n8k16", "int8"): ("s32",), ("m8n32k16", "int8"): ("s32",),
    ("m8n8k4", "f64"): ("f64",),                  # DMMA (sm_80): one DMMA.884, as mma.sync's m8n8k4 .f64
    ("m8n8k32", "int4"): ("s32",), ("m8n8k128", "b1"): ("s32",),   # A row-major, B col-major only (the ISA's)
}
_WMMA_REFUSED = "docs/MMA_FORMS.md"


def _mnk(shape):
    mm, rest = shape[1:].split("n")
    n, k = rest.split("k")
    return int(mm), int(n), int(k)


def _frag_dims(shape, which):
    M, N, K = _mnk(shape)
    return {"a": (M, K), "b": (K, N), "c": (M, N), "d": (M, N)}[which]


def _slots(nregs, kind):
    return nregs * _PER_REG[kind]


def _slot_map(rows, cols, nslots):
    """lane, slot -> (row, col): the emulator's own map of a fragment (opaque on the GPU)."""
    L = np.arange(32)[:, None]
    j = np.arange(nslots)[None, :]
    e = (L * nslots + j) % (rows * cols)
    return e // cols, e % cols


def _acc_map(rows, cols, nslots):
    """lane, slot -> (row, col) of a C/D fragment. A 16 x 16 accumulator (m16n16k16, m16n16k8) is two
    mma.m16n8 accumulators side by side on the GPU (slots 0-3 columns 0-7, slots 4-7 columns 8-15, each
    as ``_lay_c_16x8``): kernels read it element by element (the Tensor-Core Correlator stores its
    visibilities from ``sum.x[i]`` by that map), so the emulator keeps the GPU's. Others: its own map."""
    if (rows, cols, nslots) != (16, 16, 8):
        return _slot_map(rows, cols, nslots)
    L = np.arange(32)[:, None]
    i = np.arange(8)[None, :]
    g, t = L >> 2, L & 3
    return np.broadcast_to(g + 8 * ((i >> 1) & 1), (32, 8)), np.broadcast_to(2 * t + (i & 1) + 8 * (i >> 2), (32, 8))


def _wmma_kind(mods, which):
    ts = [x for x in mods if x in _PER_REG]
    if which in ("a", "b"):
        k = next((x for x in ts if x in ("f16", "bf16", "tf32", "s8", "u8", "f64", "s4", "u4", "b1")), None)
    else:
        k = next((x for x in ts if x in ("f16", "f32", "s32", "f64")), None)
    return k


def _scratch(m, name, t):
    m.fn.regs.setdefault(name, t)
    return name


def h_wmma(m, ins, idx, pc):
    sub = ins.mods[0] if ins.mods else ""
    if sub == "mma":
        return _wmma_mma(m, ins, idx, pc)
    if sub not in ("load", "store"):
        unsupported(m, ins, msg("unsupported.wmma_form", form=ins.form, refused=_WMMA_REFUSED))
    return _wmma_move(m, ins, idx, pc, store=sub == "store")


def _wmma_check(m, ins, shape, kind, which):
    ab = "int8" if kind in _INT8 else "int4" if kind in _INT4 else kind
    ok = False
    for (s, k), accs in WMMA_SHAPES.items():
        if s != shape:
            continue
        if which in ("a", "b") and k == ab:
            ok = True
        if which in ("c", "d") and kind in accs:
            ok = True
    if not ok:
        unsupported(m, ins, msg("unsupported.wmma_form", form=ins.form, refused=_WMMA_REFUSED))


def _wmma_move(m, ins, idx, pc, store):
    """wmma.load.{a,b,c} / wmma.store.d: each fragment slot is one element access of the
    lane's share, through the emulator's memory path (bounds, races, uninitialised reads)."""
    which = next((x for x in ins.mods if x in ("a", "b", "c", "d")), None)
    shape = next((x for x in ins.mods if x[:1] == "m" and "n" in x and "k" in x), "")
    layout = "col" if "col" in ins.mods else "row"
    kind = _wmma_kind(ins.mods, which)
    if which is None or kind is None or not shape:
        isa.unsupported(m, ins, msg("unsupported.wmma_form", form=ins.form, refused=_WMMA_REFUSED))
    _wmma_check(m, ins, shape, kind, which)
    lanes = m.lanes(idx)
    rows, cols = _frag_dims(shape, which)
    ldm = (np.broadcast_to(np.asarray(isa.read(m, ins.args[2], "u32", idx)).astype(np.int64), (len(lanes),))
           if len(ins.args) > 2 else np.full(len(lanes), cols if layout == "row" else rows, np.int64))
    traffic = (shape, which, kind, layout)
    shape, which, kind, layout, bits = wmma_traffic.byte_view(shape, which, kind, layout)   # 4-, 1-bit: as bytes
    rows, cols = _frag_dims(shape, which)
    stride = ldm * bits // 8 if bits else ldm      # in the accessed elements (bytes for 4- and 1-bit tiles)
    if store:
        aop, vop = ins.args[0], ins.args[1]
    else:
        vop, aop = ins.args[0], ins.args[1]
    regs_ops = vop.items if vop.kind == "vec" else (vop,)
    nslots = _slots(len(regs_ops), kind)
    space = isa._space(ins)
    base = isa.address(m, aop, idx)
    if space == "shared":
        base = isa.shared32(base)
    esize = {"f16": 2, "bf16": 2, "s8": 1, "u8": 1, "f64": 8}.get(kind, 4)
    et = {1: "b8", 2: "b16", 4: "b32", 8: "b64"}[esize]
    r_of, c_of = (_acc_map if which in ("c", "d") else _slot_map)(rows, cols, nslots)
    ln = m.lane[lanes]
    areg = _scratch(m, "%__wmma_addr", "b64")
    vreg = _scratch(m, f"%__wmma_val{8 * esize}", et)
    per = _PER_REG[kind]
    mods = tuple(x for x in (space if space != "generic" else None, et) if x)
    fake = dataclasses.replace(ins, op="st" if store else "ld", mods=mods,
                               args=[Operand("mem", areg), Operand("reg", vreg)] if store else
                               [Operand("reg", vreg), Operand("mem", areg)])
    saved = _save_counts(m, pc)
    try:
        for j in range(nslots):
            r, c = r_of[ln, j], c_of[ln, j]
            off = (r * stride + c) if layout == "row" else (c * stride + r)
            isa.write(m, Operand("reg", areg), (base + off * esize).astype(np.int64).view(np.uint64), idx)
            reg, part = regs_ops[j // per], j % per
            if store:
                if per == 1:                         # one element a register (f64's is 64 bits): its bits as they are
                    v = np.asarray(isa.read(m, reg, et, idx))
                else:
                    w = np.asarray(isa.read(m, reg, "b32", idx)).astype(np.uint32)
                    v = ((w >> np.uint32(8 * esize * part)) & np.uint32((1 << (8 * esize)) - 1)).astype(isa.DT[et])
                isa.write(m, Operand("reg", vreg), v, idx)
                isa.h_st(m, fake, idx, pc)
            else:
                isa.h_ld(m, fake, idx, pc)
                v = np.asarray(isa.read(m, Operand("reg", vreg), et, idx))
                if per == 1:
                    isa.write(m, reg, v, idx)
                else:
                    old = np.broadcast_to(np.asarray(isa.read(m, reg, "b32", idx)), (len(lanes),)).astype(np.uint32)
                    sh = np.uint32(8 * esize * part)
                    mask = np.uint32(((1 << (8 * esize)) - 1) << int(sh))
                    v = v.astype(np.uint32)
                    isa.write(m, reg, ((old & ~mask) | ((v << sh) & mask)).astype(np.uint32), idx)
    finally:
        _restore_counts(m, pc, saved)
    wmma_traffic.count(m, idx, pc, *traffic, space, base, ldm, store)


def _save_counts(m, pc):
    return ({k: dict(v) for k, v in m.counters.items() if k == pc},
            {k: dict(v) for k, v in m.ptx_counters.items() if k == pc}
            if isinstance(getattr(m, "ptx_counters", None), dict) else None)


def _restore_counts(m, pc, saved):
    """The element accesses leave no counts behind: WMMA's memory traffic is what ptxas makes of
    the fragment (LDSM, 32- and 64-bit accesses), counted apart by emu/wmma_traffic.py."""
    c, p = saved
    m.counters.pop(pc, None)
    m.counters.update(c)
    if p is not None:
        m.ptx_counters.pop(pc, None)
        m.ptx_counters.update(p)


def _wmma_mma(m, ins, idx, pc):
    shape = next((x for x in ins.mods if x[:1] == "m" and "n" in x and "k" in x), "")
    types = [x for x in ins.mods if x in ("f16", "f32", "bf16", "tf32", "s8", "u8", "s32", "f64", "s4", "u4", "b1")]
    # wmma.mma.sync.aligned.alayout.blayout.shape.dtype.ctype (f16) or .dtype.atype.btype.ctype
    if len(types) == 2:
        d_t, c_t = types
        a_t = b_t = "f16"
    elif len(types) == 4:
        d_t, a_t, b_t, c_t = types
    else:
        unsupported(m, ins, msg("unsupported.wmma_form", form=ins.form, refused=_WMMA_REFUSED))
    ab = ("int8" if a_t in _INT8 and b_t in _INT8 else "int4" if a_t in _INT4 and b_t in _INT4
          else a_t if a_t == b_t else None)
    if ab == "b1" and ("popc" not in ins.mods or not {"and", "xor"} & set(ins.mods)):
        ab = None
    if ab is None or d_t not in WMMA_SHAPES.get((shape, ab), ()) or c_t not in WMMA_SHAPES.get((shape, ab), ()):
        unsupported(m, ins, msg("unsupported.wmma_form", form=ins.form, refused=_WMMA_REFUSED))
    row, ln, nrows = _warp_rows(m, idx)
    if (np.bincount(row, minlength=nrows) != 32).any():
        unsupported(m, ins, msg("unsupported.mma_converged"))
    M, N, K = _mnk(shape)
    dops, aops, bops, cops = (ins.args[i].items if ins.args[i].kind == "vec" else (ins.args[i],) for i in range(4))

    def values(ops, kind):
        return _operand(m, ops, kind, idx, row, ln, nrows)

    def matrix(vals, rows, cols, dtype, slot_map=_slot_map):
        ns = vals.shape[-1]
        r_of, c_of = slot_map(rows, cols, ns)
        X = np.zeros((nrows, rows, cols), dtype)
        first = (np.arange(32)[:, None] * ns + np.arange(ns)[None, :]) < rows * cols   # a duplicate's first copy
        li, ji = np.nonzero(first)
        X[:, r_of[li, ji], c_of[li, ji]] = vals[:, li, ji]
        return X
    dtype = np.int64 if d_t == "s32" else np.float64
    A = matrix(values(aops, a_t), M, K, dtype)
    if ab in ("int4", "b1"):                   # B column-major as its bytes: lane 4n + t holds column n, k 8t.. (32t..)
        B = matrix(values(bops, b_t), N, K, dtype).transpose(0, 2, 1)
    else:
        B = matrix(values(bops, b_t), K, N, dtype)
    C = matrix(values(cops, c_t), M, N, dtype, _acc_map)
    D = _wmma_product(shape, A, B, C, a_t, d_t, "satfinite" in ins.mods, "xor" if "xor" in ins.mods else "and")
    nd = _slots(len(dops), d_t)
    r_of, c_of = _acc_map(M, N, nd)
    out = D[:, r_of, c_of]                                     # [warps, 32, slots]
    for o, v in zip(dops, _from_values(out, d_t)):
        write(m, o, v[row, ln], idx)
    m.count(pc, "flops", 2 * M * N * K * nrows)


# k steps of the tensor-core instructions ptxas lowers a WMMA shape to, where that is not the
# whole K: tf32 m16n16k8 becomes HMMA.1684 twice per 8 columns (k 0-3, then 4-7 onto the f32
# result of the first), read in the cubin under NVRTC 12.9 and 13; fitted bit for bit on the
# H200's outputs (bench/results/mma-forms-*.json), where one k8 step differs in 54 of 256.
_WMMA_K_STEP = {("m16n16k8", "tf32"): 4}


def _wmma_product(shape, A, B, C, ab, cd, satfinite, bitop="and"):
    step = _WMMA_K_STEP.get((shape, ab))
    if step is None:
        return product(A, B, C, ab, cd, satfinite, bitop)
    D = C
    for k0 in range(0, A.shape[-1], step):
        D = product(A[:, :, k0:k0 + step], B[:, k0:k0 + step, :], D, ab, cd, satfinite)
        D = D.astype(np.float32).astype(np.float64)            # the f32 registers between the steps
    return D


# ------------------------------------------------------------------ cvt to tf32
def cvt_tf32(x: np.ndarray, mode: str) -> np.ndarray:
    """``cvt.{rna,rn,rz}.tf32.f32``: an f32's bits rounded to tf32 (10 mantissa bits), low 13 bits zero."""
    u = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    low = u & 0x1FFF
    keep = u & ~np.uint64(0x1FFF)
    if mode == "rna":
        up = low >= 0x1000
    elif mode == "rn":
        up = (low > 0x1000) | ((low == 0x1000) & ((u >> 13) & 1).astype(bool))
    else:
        up = np.zeros(u.shape, bool)
    r = np.where(up, keep + 0x2000, keep)
    finite = (u & 0x7F800000) != 0x7F800000
    r = np.where(finite, r, u)                           # inf and NaN as they are
    return (r & 0xFFFFFFFF).astype(np.uint32)


def register(handlers):
    """Install the handlers: mma.sync (every form of the table), wmma.*, cvt.*.tf32.f32 and sm_89's fp8 conversions
    (the cvt handler of isa.py runs every other cvt)."""
    handlers["mma"] = h_mma
    handlers["wmma"] = h_wmma
    base_cvt = handlers["cvt"]

    def h_cvt(m, ins, idx, pc):
        if "e4m3x2" in ins.mods or "e5m2x2" in ins.mods:
            return _cvt_fp8(m, ins, idx)
        if "tf32" in ins.mods:
            mode = next((x for x in ins.mods if x in ("rna", "rn", "rz")), None)
            if mode is None or "f32" not in ins.mods:
                isa.unsupported(m, ins)
            v = isa.read(m, ins.args[1], "f32", idx)
            isa.write(m, ins.args[0], np.broadcast_to(cvt_tf32(v, mode), (len(m.lanes(idx)),)), idx)
            return
        base_cvt(m, ins, idx, pc)
    handlers["cvt"] = h_cvt


register(isa.HANDLERS)          # imported by the machine, as emu/intrinsics.py is: mma, wmma, cvt to tf32
