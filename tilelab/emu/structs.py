"""Structs passed by value on the emulator (``cudaPitchedPtr p``, a learner's ``Params prm``).

A ``tl.Struct`` argument (tilelab/structs.py) becomes the parameter's bytes, laid out as C lays
them out, with each pointer field holding the emulator's global address of its array: the device
copy of the pointer argument that is the same numpy array, or else an allocation of its own, named
``p.field`` (the parameter and the field), that comes back after the launch. The kernel reads a
field with ``ld.param.u64 %rd, [p+8]`` (isa.py ``_access`` serves the bytes at the offset), and an
address computed from a pointer field is checked against, and blamed on, that field's array
(emu/sanitizer/provenance.py follows ``[p+off]`` as its own source).

A kernel may also take such a parameter's address (``mov.b64 %rd, p``, as ptxas-bound PTX does when
a device function gets the struct's fields through it) and read it with ``ld.param [%rd+off]``: the
address is one in the param window (negative, as ``isspacep.param`` tells it), the parameter's
index in its stride, and ``param_bytes`` serves each lane's bytes at it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .ptx import param_type_bytes

__all__ = ["StructPlan", "address_taken", "encode", "param_address", "param_bytes", "place", "read_back", "source_key"]

PARAM_WINDOW = -(1 << 40)        # a struct parameter's address: negative, so isspacep.param says "param"
_PARAM_STRIDE = 1 << 20          # one struct parameter's bytes (a kernel's parameters are 32 KiB at most)


@dataclass
class StructPlan:
    entries: list = field(default_factory=list)   # dicts: pname, cname, struct, fields [(path, off, array, buffer, own)]


def source_key(pname: str, offset: int) -> str:
    """The name a field's value goes by in the provenance pass: ``p`` at offset 0, ``p+8`` past it."""
    return pname if not offset else f"{pname}+{offset}"


def place(params: dict, buffers: list, n_args: int) -> StructPlan:
    """For each ``("struct", Struct, C name)`` parameter, the buffer of each pointer field's array: a
    pointer argument that is the same array, else an upload of its own (appended to ``buffers``)."""
    plan = StructPlan()
    for pname, v in params.items():
        if v[0] != "struct":
            continue
        _, st, cname = v
        fields = []
        for path, off, arr in st.arrays():
            j = next((j for j in range(n_args) if buffers[j][1] is arr), None)
            if j is None:              # a field array shared by two fields (or two structs): one buffer
                j = next((f[3] for e in plan.entries for f in e["fields"] if f[2] is arr), None)
                j = next((f[3] for f in fields if f[2] is arr), j)
            own = j is None
            if own:
                j = len(buffers)
                buffers.append((f"{cname}.{path}", arr))
            fields.append((path, off, arr, j, own))
        plan.entries.append({"pname": pname, "cname": cname, "struct": st, "fields": fields})
    return plan


def encode(plan: StructPlan, gmem, params: dict) -> None:
    """Each struct parameter's value: its bytes (``np.void``), the fields' addresses filled in."""
    pointers = {}
    for e in plan.entries:
        base = {id(arr): gmem.allocs[j].base for _, _, arr, j, _ in e["fields"]}
        raw = e["struct"].pack(lambda arr: base[id(arr)])
        params[e["pname"]] = np.frombuffer(raw, dtype=f"V{len(raw)}")[0]
        for _, off, arr, j, _ in e["fields"]:
            pointers[source_key(e["pname"], off)] = gmem.allocs[j].base
    gmem.struct_pointers = pointers
    gmem.structs = plan


def address_taken(fn, params: dict, gmem, pointer_names=()) -> None:
    """A scalar or pointer parameter whose address the kernel takes (``mov.b64 %rd, p``) is held as its bytes,
    as a struct's are: its address is then one in the param window, which ``param_bytes`` serves.

    NVVM declares every parameter of a kernel with ``__grid_constant__`` ones as a byte array (``.param .align 8
    .b8 p[8]``) and may read one through its address (``mov.b64 %rd1, p; ld.param.u64 %rd2, [%rd1]``): CUDASW++4.0's
    kernels pass theirs to an aligner object's constructor. A pointer (``pointer_names``) stays the source of the
    address it holds (``gmem.struct_pointers``, for the provenance pass)."""
    taken = {ins.args[1].name for ins in fn.instrs
             if ins.op == "mov" and len(ins.args) == 2 and ins.args[1].kind == "sym"}
    pointers = dict(getattr(gmem, "struct_pointers", None) or {})
    maps = getattr(getattr(gmem, "tensor_maps", None), "pnames", ())       # a CUtensorMap's address is emu/tma.py's
    for pname, ptype in fn.params:
        v = params.get(pname)
        if pname not in taken or pname in maps or v is None or isinstance(v, np.void):
            continue
        raw = np.asarray(v).tobytes()
        n = param_type_bytes(ptype)
        raw = (raw + bytes(max(0, n - len(raw))))[:n]
        if pname in pointer_names:
            pointers[pname] = int(v)
        params[pname] = np.frombuffer(raw, dtype=f"V{len(raw)}")[0]
    if pointers:
        gmem.struct_pointers = pointers


def read_back(gmem) -> None:
    """Arrays a struct's fields point to that had buffers of their own come back."""
    plan = getattr(gmem, "structs", None)
    for e in plan.entries if plan is not None else ():
        for _, _, arr, j, own in e["fields"]:
            if own and arr.flags.writeable:
                gmem.read_back(j, arr)


def _struct_names(params: dict) -> list:
    return [n for n, v in params.items() if isinstance(v, np.void)]


def param_address(params: dict, name: str) -> int:
    """The address ``mov`` gives a struct parameter's name: its index's place in the param window."""
    return PARAM_WINDOW + _struct_names(params).index(name) * _PARAM_STRIDE


def param_bytes(params: dict, addr, nbytes: int):
    """Each lane's ``nbytes`` at its address in the param window, shape (lanes, nbytes); None where an
    address is not inside a struct parameter's bytes (the caller says which instruction)."""
    rel = np.asarray(addr, dtype=np.int64) - PARAM_WINDOW
    names = _struct_names(params)
    k, off = rel // _PARAM_STRIDE, rel % _PARAM_STRIDE
    if (rel < 0).any() or (k >= len(names)).any():
        return None
    out = np.empty((len(rel), nbytes), dtype=np.uint8)
    for j in np.unique(k):
        raw = np.frombuffer(params[names[j]].tobytes(), dtype=np.uint8)
        sel = k == j
        if (off[sel] + nbytes > len(raw)).any():
            return None
        out[sel] = raw[off[sel][:, None] + np.arange(nbytes)]
    return out
