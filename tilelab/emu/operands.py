"""Operands: reading and writing a lane group's registers, immediates, special registers and
symbols, typed by the instruction's suffix; the guard predicate; and the emulator's clear refusal
of what it does not implement (``unsupported``). Everything that executes an instruction
(isa, calls, devio, intrinsics) and what inspects one (the counters, the sanitizer) reads and
writes values through here."""
from __future__ import annotations

import numpy as np

from ..errors import EmulatorError, UnsupportedInstruction
from ..messages import msg
from .addressing import param_as
from .modvars import plain_name
from .places import place
from .structs import param_address

DT = {
    "f64": np.float64, "f32": np.float32, "f16": np.float16,
    "s64": np.int64, "u64": np.uint64, "b64": np.uint64,
    "s32": np.int32, "u32": np.uint32, "b32": np.uint32,
    "s16": np.int16, "u16": np.uint16, "b16": np.uint16,
    "s8": np.int8, "u8": np.uint8, "b8": np.uint8,
    "f16x2": np.uint32, "bf16": np.uint16, "bf16x2": np.uint32, "pred": np.bool_,
}
_UINT_OF = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
_REG_WIDTH = {"pred": 0, "b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "bf16": 2,
              "b32": 4, "u32": 4, "s32": 4, "f32": 4, "f16x2": 4, "b64": 8, "u64": 8, "s64": 8, "f64": 8}
_SPACES = ("param", "global", "shared", "local", "const")


def _type_of(ins, default=None):
    for m in reversed(ins.mods):
        if m in DT:
            return m
    if default:
        return default
    raise UnsupportedInstruction(msg("unsupported.no_type_suffix", ptx=ins.text))


def size_of(t: str) -> int:
    return _REG_WIDTH[t]


def _vec(ins) -> int:
    for s in ins.mods:
        if s in ("v2", "v4", "v8"):
            return int(s[1])
    return 1


def access_bytes(ins) -> int:
    """Bytes one lane moves in a memory instruction: its type's width (32-bit when it has none)
    times its vector count (here, below isa.py, so that the counters read it too)."""
    return max(1, size_of(_type_of(ins, "b32"))) * _vec(ins)


def unsupported(m, ins, why=""):
    where, excerpt = place(m, ins)
    e = UnsupportedInstruction(
        msg("errors.not_implemented", form=ins.form, why=msg("errors.why", why=why) if why else "", ptx=ins.text,
            where=where) + excerpt + msg("errors.rewrite"))
    e.placed = True                        # it says where (h_* below adds no second place)
    raise e


def reg_array(m, name):
    a = m.regs.get(name)
    if a is None:
        ty = m.fn.regs.get(name)
        if ty is None:                      # e.g. a special register in inline asm that we don't model
            raise UnsupportedInstruction(msg("errors.undeclared_register", name=name))
        w = _REG_WIDTH.get(ty, 4)
        a = np.zeros(m.T, dtype=np.bool_ if w == 0 else _UINT_OF[w])
        m.regs[name] = a
    return a


def read(m, op, t: str, idx):
    """Value of operand ``op`` as numpy type ``t`` for lanes idx (array or scalar)."""
    dt = DT[t]
    k = op.kind
    if k == "reg":
        a = reg_array(m, op.name)
        v = a if idx is None else a[idx]
        if dt is np.bool_:
            return v
        want = np.dtype(dt).itemsize
        have = v.dtype.itemsize
        if have != want:
            v = v.astype(_UINT_OF[want])       # truncate or zero-extend raw bits
        return v.view(dt)
    if k == "imm":
        if dt is np.bool_:
            return np.bool_(op.value)
        if np.issubdtype(dt, np.floating):
            return dt(op.value)
        size = np.dtype(dt).itemsize
        return np.array(op.value & ((1 << (8 * size)) - 1), dtype=_UINT_OF[size]).view(dt)[()]
    if k == "fimm":
        f = np.array(op.value, dtype=np.uint32 if op.bits == 32 else np.uint64)
        f = f.view(np.float32 if op.bits == 32 else np.float64)[()]
        if np.issubdtype(dt, np.floating):
            return dt(f)
        return np.array(f).astype(np.float64).view(np.uint64).astype(dt)[()] if dt is np.uint64 else dt(f)
    if k == "special":
        v = m.special.get(op.name)
        if v is None:
            raise UnsupportedInstruction(msg("errors.special_register", name=op.name))
        if callable(v):                    # the clocks (emu/specialregs.py): read when executed
            v = v(idx)
            return v.astype(dt) if v.dtype != dt else v
        if isinstance(v, np.ndarray):
            v = v if idx is None else v[idx]
            return v.astype(dt) if v.dtype != dt else v
        return dt(v)
    if k == "sym":
        if op.name in m.shared_syms:
            return dt(m.shared_syms[op.name])
        if op.name in m.params:
            v = m.params[op.name]
            if isinstance(v, np.void):       # a struct by value's address: in the param window (emu/structs.py)
                return np.array(param_address(m.params, op.name), dtype=np.int64).astype(dt)[()]
            return param_as(v, dt)[()]
        if op.name in m.local_syms:
            return dt(m.local_syms[op.name])
        if op.name in m.global_syms:
            return dt(m.global_syms[op.name])
        if op.name in getattr(m.fn, "func_addrs", ()):          # a function's address (calls.py)
            return dt(m.fn.func_addrs[op.name])
        raise UnsupportedInstruction(_module_var_msg(m, op.name))
    if k == "pred_not":
        return ~read(m, type(op)("reg", name=op.name), "pred", idx)
    raise EmulatorError(msg("unsupported.cannot_read_operand", op=repr(op)))


def write(m, op, values, idx):
    if op.kind == "sink":
        return
    if op.kind != "reg":
        raise EmulatorError(msg("unsupported.cannot_write", op=repr(op)))
    a = reg_array(m, op.name)
    v = np.asarray(values)
    if a.dtype == np.bool_:
        v = v.astype(bool)
    elif v.dtype != a.dtype:
        if v.dtype.itemsize == a.dtype.itemsize:
            v = v.view(a.dtype)
        else:
            # widen/narrow raw bits: sign-extend signed types, zero-extend otherwise
            if v.dtype.kind == "i":
                v = v.astype(np.dtype(f"i{a.dtype.itemsize}")).view(a.dtype)
            elif v.dtype.kind == "f":
                v = v.view(_UINT_OF[v.dtype.itemsize]).astype(a.dtype)
            else:
                v = v.astype(a.dtype)
    if idx is None:
        a[...] = v
    else:
        a[idx] = v


def guard(m, ins, idx):
    """None if the instruction has no guard, else a bool mask over the group's lanes."""
    if ins.guard is None:
        return None
    p = reg_array(m, ins.guard)
    p = p if idx is None else p[idx]
    return ~p if ins.guard_neg else p


def shared_unit(fn) -> int:
    """Granularity of the race shadow: 4 bytes unless the kernel makes narrower shared accesses."""
    unit = 4
    for ins in fn.instrs:
        if ins.op in ("ld", "st", "atom", "red") and "shared" in ins.mods or \
                ins.op in ("ld", "st") and not any(s in ins.mods for s in _SPACES):
            t = _type_of(ins, "b32")
            unit = min(unit, max(1, size_of(t)))
    return unit


def _module_var_msg(m, name):
    if name.startswith("$str"):
        return msg("errors.printf")
    if name in getattr(m.module, "funcs", {}):
        return msg("errors.function_address", name=name)
    if name in getattr(m.module, "functions", {}):
        return msg("errors.kernel_address", name=plain_name(name))
    var = next((v for v in getattr(m.module, "globals", ()) if v.name == name), None)
    if var is not None and var.space in ("const", "global"):
        what = "__constant__" if var.space == "const" else "__device__"
        return msg("errors.module_variable", what=what, name=name, space=var.space)
    return msg("errors.symbol", name=name)


def _values_for_store(m, vop, t, nvec, idx):
    n = len(m.lanes(idx))
    U = _UINT_OF[size_of(t)]
    if vop.kind == "vec":
        cols = [np.broadcast_to(np.asarray(read(m, it, t, idx)), (n,)).view(U) for it in vop.items]
        return np.stack(cols, axis=1)
    return np.broadcast_to(np.asarray(read(m, vop, t, idx)), (n,)).view(U)


def _write_loaded(m, vop, vals, t, idx):
    D = DT[t]
    if vop.kind == "vec":
        for i, it in enumerate(vop.items):
            write(m, it, vals[:, i].view(D), idx)
    else:
        write(m, vop, vals.view(D), idx)
