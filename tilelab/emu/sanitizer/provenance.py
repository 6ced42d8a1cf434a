"""Which kernel argument each global access goes through: a static def-use pass over the PTX.

Global buffers sit side by side in the emulator's arena, so an index that runs past the end of
``in`` lands after ``in`` -- in the guard gap, or inside ``out``. Blaming the nearest buffer
names the wrong array, and an access that lands inside another buffer is not caught at all.
The address register of every ``ld``/``st``/``atom`` was computed from the kernel parameters;
following the registers back says which pointer an instruction used, so its bounds are that
pointer's allocation and the finding names it.

The pass is flow-insensitive and runs once per PTX function (not per executed instruction):
each register collects the sources of all its definitions until nothing changes. A value loaded
from memory as 64 bits might be a pointer, so it is "unknown", and an address with more than
one possible source (``p ? a : b``, ``b - a``) has no single pointer; for those the emulator
falls back to the nearest allocation.
"""
from __future__ import annotations

import numpy as np

UNKNOWN = "?"                     # a 64-bit value loaded from memory: maybe a pointer we can't follow
_MEMORY_OPS = {"ld", "st", "atom", "red", "cp", "prefetch", "prefetchu", "ldu"}
_NO_DEF = {"st", "red", "bar", "barrier", "bra", "ret", "exit", "membar", "fence", "prefetch", "prefetchu",
           "call", "trap", "brkpt", "pmevent", "cp", "nanosleep"}
_WIDE = {"u64", "s64", "b64"}


def _regs(op) -> list[str]:
    if op.kind in ("reg", "pred_not"):
        return [op.name]
    if op.kind == "mem":
        return [op.name] if op.name.startswith("%") else []
    if op.kind == "vec":
        return [n for it in op.items for n in _regs(it)]
    return []


def sources(fn) -> dict:
    """{pc: frozenset of parameter / module-variable names} for every global-memory access of
    ``fn``; each such instruction also keeps its set (``Instr._address_sources``), so that an
    instruction of another function (a callee) is never looked up by a pc of this one."""
    cached = getattr(fn, "_address_sources", None)
    if cached is not None:
        return cached
    defs: list[tuple[list[str], set, list[str]]] = []   # (destinations, direct sources, source registers)
    for ins in fn.instrs:
        if ins.op in _NO_DEF or not ins.args:
            continue
        dst = _regs(ins.args[0]) if ins.args[0].kind in ("reg", "vec") else []
        if not dst:
            continue
        direct, srcs = set(), []
        if ins.op in ("ld", "ldu", "atom"):
            if "param" in ins.mods and ins.args[1].kind == "mem" and not ins.args[1].name.startswith("%"):
                mem = ins.args[1]               # a struct's field goes by its offset (emu/structs.py)
                direct.add(mem.name if not mem.offset else f"{mem.name}+{mem.offset}")
            elif _WIDE & set(ins.mods):
                direct.add(UNKNOWN)
        else:
            for a in ins.args[1:]:
                if a.kind == "sym":
                    direct.add(a.name)       # mov.u64 %rd, some_device_array
                srcs += _regs(a)
        defs.append((dst, direct, srcs))
    prov: dict[str, set] = {}
    changed = True
    while changed:
        changed = False
        for dst, direct, srcs in defs:
            new = set(direct)
            for s in srcs:
                new |= prov.get(s, set())
            for d in dst:
                cur = prov.setdefault(d, set())
                if not new <= cur:
                    cur |= new
                    changed = True
    out = {}
    for pc, ins in enumerate(fn.instrs):
        if ins.op in _MEMORY_OPS and ins.args:
            if ins.op == "cp":          # cp.async.ca.shared.global [dst], [src], n: the source is global
                mem = ins.args[1] if len(ins.args) > 1 and ins.args[1].kind == "mem" else None
            else:
                mem = next((a for a in ins.args if a.kind == "mem"), None)
                if "shared" in ins.mods or "local" in ins.mods or "param" in ins.mods:
                    continue
            if mem is None:
                continue
            if mem.name.startswith("%"):
                out[pc] = frozenset(prov.get(mem.name, ()))
            elif mem.name:
                out[pc] = frozenset((mem.name,))
            ins._address_sources = out[pc]
    fn._address_sources = out
    return out


def allocation(m, ins):
    """The global allocation the access ``ins`` must stay inside, or None when the address
    could come from several buffers (then the caller checks against all of them)."""
    sources(m.fn)
    names = ins.__dict__.get("_address_sources")
    if names is None:
        return None
    cache = m.__dict__.get("_allocation_of")
    if cache is None:
        cache = m._allocation_of = {"": _pointers(m)}
    hit = cache.get(names, False)
    if hit is False:
        by_name = cache[""]
        # scalar parameters (an index n) mix into addresses but are not buffers
        ptrs = {n for n in names if n in by_name or n == UNKNOWN}
        hit = cache[names] = by_name[next(iter(ptrs))] if len(ptrs) == 1 and UNKNOWN not in ptrs else None
    return hit


def _pointers(m) -> dict:
    """{parameter or module-variable name: its Allocation in this launch} (per Machine)."""
    by_name = {}
    bases = m.gmem._bases
    for name, v in m.params.items():
        if isinstance(v, np.uint64) or (isinstance(v, np.ndarray) and v.dtype == np.uint64 and v.ndim == 0):
            if int(v) >= 1 << 63:              # no pointer (a 64-bit value such as a wgmma descriptor)
                continue
            k = int(np.searchsorted(bases, np.int64(int(v)), side="right")) - 1
            if 0 <= k < len(m.gmem.allocs) and m.gmem.allocs[k].base == int(v):
                by_name[name] = m.gmem.allocs[k]
    for name, base in list(getattr(m, "global_syms", {}).items()) + \
            list(getattr(m.gmem, "struct_pointers", {}).items()):     # a struct's pointer fields
        k = int(np.searchsorted(bases, np.int64(base), side="right")) - 1
        if 0 <= k < len(m.gmem.allocs):
            by_name[name] = m.gmem.allocs[k]
    return by_name


def in_bounds(m, ins, addr: np.ndarray, nbytes: int):
    """(per-lane in-bounds mask, the allocation the access used or None)."""
    al = allocation(m, ins)
    if al is None:
        return m.gmem.in_bounds(addr, nbytes), None
    return (addr >= al.base) & (addr + nbytes <= al.base + al.nbytes), al
