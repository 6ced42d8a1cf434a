"""Bit and warp intrinsics beyond the basics, and the special registers cooperative groups read.

Each handler follows the PTX ISA's definition (tests/test_emu_intrinsics.py checks them
against references written from the ISA's tables and against CUDA's documented
intrinsics): ``brev``, ``bfind`` (with ``.shiftamt``; ``__ffs`` and ``__clz``-style code
compile to it), ``redux.sync``, ``match.any/all.sync``, the funnel shift ``shf``, every
``prmt`` mode, ``lop3``, ``dp4a``/``dp2a``, ``mul24``/``mad24``, ``testp`` and ``isspacep``.

Cooperative groups reads ``%envreg1``/``%envreg2`` (the grid workspace that
``grid.sync()`` counts arrivals in) and ``%reserved_smem_offset_*`` (the block's
reserved shared memory that ``block_tile_memory`` and multi-warp tiles use on sm_80+).
The emulator gives both real memory, so those paths run as written.
"""
from __future__ import annotations

import numpy as np

from ..errors import LaunchTooLarge
from ..messages import msg
from . import calls, isa
from .sanitizer import warpmask
from .memory import GLOBAL_BASE, LOCAL_WINDOW, SHARED_WINDOW
from .operands import _UINT_OF, _type_of, read, size_of, unsupported, write

RESERVED_SMEM = 1024          # bytes of reserved shared memory given to a block that asks for it
GRID_SYNC_MAX_THREADS = 1 << 17


def _n(m, idx):
    return len(m.lanes(idx))


def _u(m, ins, k, t, idx):
    """Operand k as unsigned raw bits of type t's width (uint64 for arithmetic), broadcast to the group."""
    v = np.asarray(read(m, ins.args[k], t, idx))
    v = v.view(_UINT_OF[v.dtype.itemsize]) if v.dtype.kind in "if" else v
    return np.broadcast_to(v.astype(np.uint64), (_n(m, idx),))


# ------------------------------------------------------------------------ bits
def h_brev(m, ins, idx, pc):
    t = _type_of(ins)
    bits = 8 * size_of(t)
    v = _u(m, ins, 1, t, idx)
    r = np.zeros_like(v)
    for i in range(bits):
        r |= ((v >> np.uint64(i)) & np.uint64(1)) << np.uint64(bits - 1 - i)
    write(m, ins.args[0], r.astype(_UINT_OF[bits // 8]), idx)


def _msb(v, bits):
    """Position of the highest set bit, -1 for zero."""
    pos = np.full(v.shape, -1, dtype=np.int64)
    for i in range(bits):
        pos = np.where((v >> np.uint64(i)) & np.uint64(1) == 1, i, pos)
    return pos


def h_bfind(m, ins, idx, pc):
    t = _type_of(ins)
    bits = 8 * size_of(t)
    v = _u(m, ins, 1, t, idx)
    if t[0] == "s":                                   # signed: the highest bit that differs from the sign
        neg = (v >> np.uint64(bits - 1)) & np.uint64(1) == 1
        mask = np.uint64((1 << bits) - 1)
        v = np.where(neg, ~v & mask, v)
    pos = _msb(v, bits)
    if "shiftamt" in ins.mods:
        pos = np.where(pos < 0, -1, bits - 1 - pos)
    write(m, ins.args[0], np.where(pos < 0, 0xFFFFFFFF, pos).astype(np.uint32), idx)


def h_shf(m, ins, idx, pc):
    """shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: the 64-bit b:a shifted by c, one word kept."""
    a = _u(m, ins, 1, "b32", idx)
    b = _u(m, ins, 2, "b32", idx)
    c = _u(m, ins, 3, "b32", idx).astype(np.int64)
    n = np.minimum(c, 32) if "clamp" in ins.mods else c & 31
    whole = (b << np.uint64(32)) | a
    if "l" in ins.mods:
        r = ((whole << n.astype(np.uint64)) >> np.uint64(32)) & np.uint64(0xFFFFFFFF)
    elif "r" in ins.mods:
        r = (whole >> n.astype(np.uint64)) & np.uint64(0xFFFFFFFF)
    else:
        unsupported(m, ins)
    write(m, ins.args[0], r.astype(np.uint32), idx)


# prmt's modes: byte i of the result is byte SEL[mode](s, i) of {b, a}, s = c & 3 (PTX ISA, prmt)
_PRMT_MODES = {
    "f4e": lambda s, i: s + i,
    "b4e": lambda s, i: (s - i) % 8,
    "rc8": lambda s, i: s,
    "ecl": lambda s, i: np.maximum(i, s),
    "ecr": lambda s, i: np.minimum(i, s),
    "rc16": lambda s, i: 2 * (s & 1) + (i & 1),
}


def h_prmt(m, ins, idx, pc):
    mode = next((x for x in ins.mods if x in _PRMT_MODES), None)
    if mode is None:
        return isa.h_prmt(m, ins, idx, pc)
    a = _u(m, ins, 1, "b32", idx)
    b = _u(m, ins, 2, "b32", idx)
    s = (_u(m, ins, 3, "b32", idx) & np.uint64(3)).astype(np.int64)
    src = (b << np.uint64(32)) | a
    r = np.zeros(len(src), dtype=np.uint64)
    for i in range(4):
        sel = np.asarray(_PRMT_MODES[mode](s, i), dtype=np.uint64)
        r |= ((src >> (sel * np.uint64(8))) & np.uint64(0xFF)) << np.uint64(8 * i)
    write(m, ins.args[0], r.astype(np.uint32), idx)


def h_lop3(m, ins, idx, pc):
    t = _type_of(ins)
    a, b, c = (_u(m, ins, k, t, idx) for k in (1, 2, 3))
    lut = int(ins.args[4].value)
    full = np.uint64((1 << (8 * size_of(t))) - 1)
    r = np.zeros_like(a)
    for k in range(8):
        if lut >> k & 1:
            r |= (a if k & 4 else ~a) & (b if k & 2 else ~b) & (c if k & 1 else ~c)
    write(m, ins.args[0], (r & full).astype(_UINT_OF[size_of(t)]), idx)


def h_dp(m, ins, idx, pc):
    """dp4a / dp2a: dot products of packed bytes (and halves) plus c."""
    types = [x for x in ins.mods if x in ("u32", "s32")]
    a = np.asarray(read(m, ins.args[1], "b32", idx)).astype(np.uint32)
    b = np.asarray(read(m, ins.args[2], "b32", idx)).astype(np.uint32)
    c = np.asarray(read(m, ins.args[3], types[1] if len(types) > 1 else "s32", idx)).astype(np.int64)

    def parts(x, width, count, signed, offset=0):
        out = []
        for i in range(count):
            v = ((x >> np.uint32(width * i + offset)) & np.uint32((1 << width) - 1)).astype(np.int64)
            if signed:
                v = np.where(v >= 1 << (width - 1), v - (1 << width), v)
            out.append(v)
        return out
    if ins.op == "dp4a":
        pa = parts(a, 8, 4, types[0] == "s32")
        pb = parts(b, 8, 4, types[1] == "s32")
    else:
        hi = "hi" in ins.mods
        pa = parts(a, 16, 2, types[0] == "s32")
        pb = parts(b, 8, 2, types[1] == "s32", 16 if hi else 0)
    r = c + sum(x * y for x, y in zip(pa, pb))
    write(m, ins.args[0], np.broadcast_to((r & 0xFFFFFFFF).astype(np.uint32), (_n(m, idx),)), idx)


def h_mul24(m, ins, idx, pc):
    t = _type_of(ins)
    a = np.asarray(read(m, ins.args[1], t, idx)).astype(np.int64)
    b = np.asarray(read(m, ins.args[2], t, idx)).astype(np.int64)

    def low24(x):
        x = x & 0xFFFFFF
        return np.where(x >= 1 << 23, x - (1 << 24), x) if t[0] == "s" else x
    p = low24(a) * low24(b)                     # 48 bits, exact in int64
    r = (p >> 16) if "hi" in ins.mods else p
    if ins.op == "mad24":
        r = r + np.asarray(read(m, ins.args[3], t, idx)).astype(np.int64)
    write(m, ins.args[0], np.broadcast_to((r & 0xFFFFFFFF).astype(np.uint32), (_n(m, idx),)), idx)


_TESTP = {
    "finite": np.isfinite, "infinite": np.isinf, "number": lambda x: ~np.isnan(x), "notanumber": np.isnan,
    "normal": lambda x: np.isfinite(x) & (np.abs(x) >= np.finfo(x.dtype).tiny),
    "subnormal": lambda x: (x != 0) & (np.abs(x) < np.finfo(x.dtype).tiny),
}


def h_testp(m, ins, idx, pc):
    t = _type_of(ins)
    op = next(x for x in ins.mods if x in _TESTP)
    x = np.asarray(read(m, ins.args[1], t, idx))
    write(m, ins.args[0], np.broadcast_to(_TESTP[op](x), (_n(m, idx),)), idx)


def h_isspacep(m, ins, idx, pc):
    a = np.asarray(read(m, ins.args[1], "u64", idx)).astype(np.int64)
    space = next(x for x in ins.mods if x in ("global", "shared", "local", "const", "param"))
    r = {"shared": (a >= SHARED_WINDOW) & (a < LOCAL_WINDOW), "local": (a >= LOCAL_WINDOW) & (a < GLOBAL_BASE),
         "global": a >= GLOBAL_BASE, "const": a >= GLOBAL_BASE, "param": a < 0}[space]
    write(m, ins.args[0], np.broadcast_to(r, (_n(m, idx),)), idx)


# ------------------------------------------------------------------------ warp reductions and matches
def _member_rows(m, ins, idx, k):
    """Each lane's warp row, lane id, row count, and whether it is in the membermask (operand k)."""
    row, ln, nrows = isa._warp_rows(m, idx)
    mask = _u(m, ins, k, "b32", idx)
    inmask = ((mask >> ln.astype(np.uint64)) & np.uint64(1)) == 1
    return row, ln, nrows, inmask


_REDUX = {"add": (np.add, 0), "min": (np.minimum, None), "max": (np.maximum, None),
          "and": (np.bitwise_and, None), "or": (np.bitwise_or, 0), "xor": (np.bitwise_xor, 0)}


def h_redux(m, ins, idx, pc):
    """redux.sync.op.type d, a, membermask: the op over the lanes of the mask, for every one of them."""
    op = next((x for x in ins.mods if x in _REDUX), None)
    t = _type_of(ins)
    if op is None or t not in ("u32", "s32", "b32"):
        unsupported(m, ins, msg("unsupported.redux_type"))
    warpmask.check(m, ins, idx)
    row, ln, nrows, inmask = _member_rows(m, ins, idx, 2)
    dt = np.int64 if t == "s32" else np.uint64
    v = np.broadcast_to(np.asarray(read(m, ins.args[1], t, idx)), (len(row),)).astype(dt)
    f, ident = _REDUX[op]
    if ident is None:
        ident = {"min": np.iinfo(dt).max if t == "s32" else 0xFFFFFFFF,
                 "max": np.iinfo(np.int32).min if t == "s32" else 0, "and": 0xFFFFFFFF}[op]
    # lanes of one warp may run it with different masks at once (cg::labeled_partition): one group each
    mask = _u(m, ins, 2, "b32", idx)
    _, grp = np.unique(np.stack([row.astype(np.uint64), mask]), axis=1, return_inverse=True)
    grp = grp.reshape(-1)
    acc = np.full(int(grp.max()) + 1 if len(grp) else 0, ident, dtype=dt)
    f.at(acc, grp[inmask], v[inmask])
    write(m, ins.args[0], (acc[grp] & 0xFFFFFFFF).astype(np.uint32), idx)


def h_match(m, ins, idx, pc):
    """match.any.sync / match.all.sync over the lanes of the membermask."""
    t = _type_of(ins)
    warpmask.check(m, ins, idx)
    row, ln, nrows, inmask = _member_rows(m, ins, idx, 2)
    v = np.broadcast_to(np.asarray(read(m, ins.args[1], t, idx)), (len(row),)).astype(np.uint64)
    bit = (np.uint64(1) << ln.astype(np.uint64)) * inmask.astype(np.uint64)
    d = ins.args[0]
    dst, pdst = (d.items if d.kind == "vec" else (d, None))
    mask = _u(m, ins, 2, "b32", idx)
    if "any" in ins.mods:
        keys = np.stack([row.astype(np.uint64), mask, v])
        _, inv = np.unique(keys, axis=1, return_inverse=True)
        inv = inv.reshape(-1)
        groups = np.zeros(inv.max() + 1 if len(inv) else 0, dtype=np.uint64)
        np.bitwise_or.at(groups, inv, bit)
        write(m, dst, groups[inv].astype(np.uint32), idx)
        return
    _, grp = np.unique(np.stack([row.astype(np.uint64), mask]), axis=1, return_inverse=True)
    grp = grp.reshape(-1)
    ng = int(grp.max()) + 1 if len(grp) else 0
    members = np.zeros(ng, dtype=np.uint64)
    np.bitwise_or.at(members, grp, bit)
    first = np.zeros(ng, dtype=np.uint64)
    seen = np.zeros(ng, dtype=bool)
    for i in np.flatnonzero(inmask):                      # the first member's value of each group
        if not seen[grp[i]]:
            first[grp[i]], seen[grp[i]] = v[i], True
    same = np.ones(ng, dtype=bool)
    np.logical_and.at(same, grp[inmask], v[inmask] == first[grp[inmask]])
    write(m, dst, np.where(same[grp], members[grp], 0).astype(np.uint32), idx)
    if pdst is not None:
        write(m, pdst, same[grp], idx)


# ------------------------------------------------------------------------ special registers and symbols
def _operands(fn):
    for ins in fn.instrs:
        for a in ins.args:
            yield from (a.items if a.kind == "vec" else (a,))


def specials_used(fn) -> set:
    s = fn.__dict__.get("_specials")
    if s is None:
        s = fn.__dict__["_specials"] = {a.name for a in _operands(fn) if a.kind == "special"}
    return s


def symbols_used(fn) -> set:
    s = fn.__dict__.get("_symbols")
    if s is None:
        s = fn.__dict__["_symbols"] = {a.name for a in _operands(fn) if a.kind in ("sym", "mem") and a.name}
    return s


def uses_grid_sync(fn) -> bool:
    return bool({"%envreg1", "%envreg2"} & specials_used(fn))


def grid_sync_chunk(fn, nblocks, tpb, per_chunk) -> int:
    """grid.sync() needs every block of the grid running at once: one chunk, or a refusal."""
    if nblocks * tpb > GRID_SYNC_MAX_THREADS:
        raise LaunchTooLarge(
            f"grid.sync() (cooperative groups' this_grid().sync()) needs all {nblocks:,} blocks of the grid "
            f"running together; the emulator runs at most {GRID_SYNC_MAX_THREADS:,} threads at once "
            f"(this launch has {nblocks * tpb:,}). Launch fewer blocks (a grid-stride loop), or run on a GPU.")
    return nblocks


def add_specials(m, used, reserved_begin, reserved, total_smem):
    """Values for the special registers cooperative groups and friends read (none overwritten)."""
    u = np.uint32
    for name in used:
        if name in m.special:
            continue
        if name.startswith("%envreg"):
            v = u(0)
        elif name.startswith("%reserved_smem_offset_"):
            v = u({"begin": reserved_begin, "end": reserved_begin + reserved, "cap": reserved,
                   "0": reserved_begin, "1": reserved_begin + reserved // 2}.get(name.rsplit("_", 1)[1], 0))
        elif name == "%total_smem_size":
            v = u(total_smem)
        elif name == "%gridid":
            v = np.uint64(1)
        elif name == "%nsmid":
            v = u(1)
        else:
            continue
        m.special[name] = v


def set_grid_workspace(m):
    base = m.global_syms.get("%grid_workspace")
    if base is not None:
        m.special["%envreg1"] = np.uint32(base >> 32)
        m.special["%envreg2"] = np.uint32(base & 0xFFFFFFFF)


isa.HANDLERS.update({
    "brev": h_brev, "bfind": h_bfind, "shf": h_shf, "prmt": h_prmt, "lop3": h_lop3,
    "dp4a": h_dp, "dp2a": h_dp, "mul24": h_mul24, "mad24": h_mul24, "testp": h_testp, "isspacep": h_isspacep,
    "redux": h_redux, "match": h_match,
    "tl.frame": calls.frame_address,
})
