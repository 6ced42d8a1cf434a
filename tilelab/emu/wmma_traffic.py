"""The memory requests of ``wmma.load`` / ``wmma.store``, as ptxas makes them for sm_80-sm_90.

A WMMA fragment is opaque, but ptxas lowers each load or store to SASS memory instructions of
known widths whose per-lane addresses follow the tensor-core instruction it feeds (HMMA.16816,
HMMA.1684 for tf32, IMMA.16816 for 8-bit). Read in the cubins of every WMMA form, both layouts,
global and shared, under NVRTC 12.9 and 13 (tests/test_emu_wmma_traffic.py checks the
instruction counts per line against them):

- **16-bit elements** (f16, bf16 A/B, f16 C/D), and 8-bit A/B whose k runs along memory: the
  tile in memory (rows of ``ldm``) is cut into blocks of 8 rows x 16 bytes; lane ``(g, t) =
  (lane >> 2, lane & 3)`` reads 4 bytes at row g, byte 4t of each block (ptxas transposes in
  registers where the layout needs it). From shared memory A and B are one ``LDSM`` per 16 rows
  of A (``.x4`` for 16-bit, ``.x2`` for 8-bit) and one for all of B (up to four blocks each);
  elsewhere one 32-bit LD/LDG/LDS/ST... per block.
- **8-bit A/B whose k runs across memory**: one byte per element at its IMMA fragment place.
- **32-bit C/D** (f32, s32): the accumulator's pairs ``(g [+8], 2t..2t+1)`` of each 16x8 tile;
  one 64-bit access per pair where a row is contiguous (row layout), else two 32-bit ones.
- **tf32 A/B**: one 32-bit access per element of each HMMA.1684 fragment (k in steps of 4).
- **f64** (m8n8k4, DMMA.884): one 64-bit access per lane for A (row g, k t) and B (k t, column g); C/D's
  pair (g, 2t..2t+1) one 128-bit access in row layout, two 64-bit ones in column layout. Like tf32's, the
  header's code never names the state space: generic LD/ST.
- **m8n32k16** is computed transposed (as m32n8k16 with A and B swapped and the layouts
  flipped), so its accesses are m32n8k16's.
- **4- and 1-bit A/B** (m8n8k32 .s4/.u4, m8n8k128 .b1; A row-major, B column-major, k along memory
  in both): an 8-row tile of 16 bytes a row, read as the 8-bit rule's one block (``byte_view``): one
  32-bit access per lane, or from shared one ``LDSM.x1``. Their 8 x 8 s32 C/D: the pair (g, 2t..2t+1),
  as the 32-bit rule's with one 8-row half.

The state space is the PTX's: ``.shared`` gives LDS/LDSM/STS, ``.global`` LDG/STG, none a
generic LD/ST (tf32's header code never says, so its loads stay generic even from shared).
"""
from __future__ import annotations

import numpy as np

from .counters.metrics import shared_wavefronts
from .counters.requests import count_global_access, count_shared_access
from .memory import GLOBAL_BASE, LOCAL_WINDOW, SHARED_WINDOW

_L = np.arange(32)
_G, _T = _L >> 2, _L & 3
_ESIZE = {"f16": 2, "bf16": 2, "s8": 1, "u8": 1, "tf32": 4, "f32": 4, "s32": 4, "f64": 8}
SUB_BYTE_BITS = {"s4": 4, "u4": 4, "b1": 1}


def byte_view(shape, which, kind, layout):
    """A 4- or 1-bit A/B tile as the bytes it is: (shape, which, kind, layout, bits) of an 8-bit A tile in row layout,
    8 rows (A's rows, or B's columns) of K * bits / 8 bytes; ``ldm`` counts bytes there (ldm * bits / 8). Other tiles
    come back as they are, with bits 0."""
    bits = SUB_BYTE_BITS.get(kind, 0)
    if not bits or which not in ("a", "b"):
        return shape, which, kind, layout, 0
    M, N, K = _dims(shape)
    return f"m{M if which == 'a' else N}n8k{K * bits // 8}", "a", "u8", "row", bits


def _dims(shape):
    mm, rest = shape[1:].split("n")
    n, k = rest.split("k")
    return int(mm), int(n), int(k)


def plan(shape: str, which: str, kind: str, layout: str, shared: bool):
    """The SASS accesses of one wmma.load/store: a list of ``(op, nbytes, mrow[32], mcol[32])``
    in memory coordinates (element ``mrow * ldm + mcol``) for each lane, where ``op`` is "ld"
    ("mem") for one access per lane, or ("ldsm", n) for an ldmatrix of n blocks whose row
    addresses lanes 0..8n-1 give."""
    which = "c" if which == "d" else which
    shape, which, kind, layout, _ = byte_view(shape, which, kind, layout)
    M, N, K = _dims(shape)
    if shape == "m8n32k16":                       # computed as m32n8k16 transposed
        M, N = N, M
        which = {"a": "b", "b": "a", "c": "c"}[which]
        layout = "col" if layout == "row" else "row"
    rows, cols = {"a": (M, K), "b": (K, N), "c": (M, N)}[which]
    es = _ESIZE[kind]
    op = "mem"
    out = []

    def mem(r, c):                                # logical (row, col) -> memory (row, col)
        return (r, c) if layout == "row" else (c, r)

    def element(r, c, nbytes):
        mr, mc = mem(np.asarray(r), np.asarray(c))
        out.append((op, nbytes, np.broadcast_to(mr, (32,)).copy(), np.broadcast_to(mc, (32,)).copy()))

    # k along memory: rows of A in row layout, columns of B in col layout
    k_contiguous = (which == "a" and layout == "row") or (which == "b" and layout == "col")
    if es == 2 or (es == 1 and k_contiguous):
        Rm, Cm = (rows, cols) if layout == "row" else (cols, rows)
        per = 16 // es                            # elements in a block's row
        groups: dict = {}
        for bi in range(Rm // 8):
            for bj in range(Cm // per):
                mr, mc = 8 * bi + _G, bj * per + _T * (4 // es)
                if shared and which in ("a", "b"):
                    lr = (8 * bi) if layout == "row" else (bj * per)    # the block's first logical row
                    key = lr // 16 if which == "a" else 0
                    groups.setdefault(key, []).append((8 * bi, bj * per))
                else:
                    out.append((op, 4, mr, mc))
        for blocks in groups.values():
            for i in range(0, len(blocks), 4):
                chunk = blocks[i:i + 4]
                n = len(chunk)
                mr = np.zeros(32, np.int64)
                mc = np.zeros(32, np.int64)
                for L in range(8 * n):
                    r0, c0 = chunk[L // 8]
                    mr[L], mc[L] = r0 + L % 8, c0
                out.append((("ldsm", n), 16, mr, mc))
        return out
    if es == 8:                                   # f64: DMMA.884's places, A (g, t), B (t, g), C (g, 2t..2t+1)
        if which == "a":
            element(_G, _T, 8)
        elif which == "b":
            element(_T, _G, 8)
        elif layout == "row":                     # the pair is contiguous: one 128-bit access
            element(_G, 2 * _T, 16)
        else:
            element(_G, 2 * _T, 8)
            element(_G, 2 * _T + 1, 8)
        return out
    if es == 1:                                   # k across memory: byte by byte, IMMA.16816's places
        if which == "a":
            for mi in range(M // 16):
                for h in range(2):
                    for j in range(4):
                        element(16 * mi + _G + 8 * h, 4 * _T + j, 1)
        else:
            for ni in range(N // 8):
                for j in range(4):
                    element(4 * _T + j, 8 * ni + _G, 1)
        return out
    if which == "c":                              # 32-bit accumulators: HMMA's C pairs (one 8-row half for m8n8)
        for mi in range(max(M // 16, 1)):
            for ni in range(N // 8):
                for h in range(2 if M >= 16 else 1):
                    r, c = 16 * mi + _G + 8 * h, 8 * ni + 2 * _T
                    if layout == "row":
                        element(r, c, 8)
                    else:
                        element(r, c, 4)
                        element(r, c + 1, 4)
        return out
    # tf32 A/B: HMMA.1684's fragments, k in steps of 4
    for s in range(K // 4):
        if which == "a":
            for mi in range(M // 16):
                for h in range(2):
                    element(16 * mi + _G + 8 * h, 4 * s + _T, 4)
        else:
            for ni in range(N // 8):
                element(4 * s + _T, 8 * ni + _G, 4)
    return out


def sass_keys(shape, which, kind, layout, space) -> dict:
    """The instruction mix ``plan`` predicts, in toolchain.sass_memory_mix's keys (for the tests)."""
    store = which == "d"
    fam = {"shared": "STS" if store else "LDS", "global": "STG" if store else "LDG"}.get(space, "ST" if store else "LD")
    mix: dict = {}
    for op, nbytes, _, _ in plan(shape, which, kind, layout, space == "shared"):
        if isinstance(op, tuple):
            key = f"LDSM.x{op[1]}"
        else:
            key = fam + {1: ".8", 4: "", 8: ".64", 16: ".128"}[nbytes]
        mix[key] = mix.get(key, 0) + 1
    return mix


def count(m, idx, pc, shape, which, kind, layout, space, base, stride, store):
    """Count one executed wmma.load/store as its SASS accesses (``plan``): ``base`` the lanes'
    addresses as the PTX operand gives them (shared: already 32-bit offsets), ``stride`` their ldm."""
    shape, which, kind, layout, bits = byte_view(shape, which, kind, layout)
    if bits:
        stride = np.asarray(stride, np.int64) * bits // 8
    es = _ESIZE[kind]
    lanes = m.lanes(idx)
    ln = m.lane[lanes]
    base = np.asarray(base, np.int64)
    stride = np.asarray(stride, np.int64)
    for op, nbytes, mr, mc in plan(shape, which, kind, layout, space == "shared"):
        addr = base + (mr[ln] * stride + mc[ln]) * es
        if isinstance(op, tuple):                 # ldmatrix: lanes 0..8n-1 give the rows
            mat, act = m.warp_matrix(idx, addr)
            act &= (np.arange(32) < 8 * op[1])[None, :]
            nw = mat.shape[0]
            m.count(pc, "ldmatrix_requests", nw)
            m.count(pc, "shared_ld_requests", nw)
            m.count(pc, "shared_ld_requests_active", nw)
            m.count(pc, "shared_ld_wavefronts", int(shared_wavefronts(mat, act, 16, "ldmatrix").sum()))
            continue
        if space == "generic":                    # a generic LD/ST: where each lane's address lands
            sh = (addr >= SHARED_WINDOW) & (addr < LOCAL_WINDOW)
            gl = addr >= GLOBAL_BASE
            for mask, shared_part in ((sh, True), (gl, False)):
                if not mask.any():
                    continue
                sub = idx if mask.all() else lanes[mask]
                a = addr if mask.all() else addr[mask]
                if shared_part:
                    mat, act = m.warp_matrix(sub, a - SHARED_WINDOW)
                    count_shared_access(m, pc, sub, mat, act, nbytes, store, True, True)
                else:
                    mat, act = m.warp_matrix(sub, a)
                    count_global_access(m, pc, sub, mat, act, nbytes, store, True)
            continue
        mat, act = m.warp_matrix(idx, addr)
        if space == "shared":
            count_shared_access(m, pc, idx, mat, act, nbytes, store, True, False)
        else:
            count_global_access(m, pc, idx, mat, act, nbytes, store, True)
