"""Device-function calls on the emulator: PTX ``call``/``ret`` with ``.param`` frames.

NVRTC inlines most device functions, but not ``__noinline__`` ones, recursive ones,
or the runtime's ``vprintf`` and ``__assertfail``. We *link* an entry with every
``.func`` it can reach into one instruction list (each function's registers and
parameters renamed ``func:name``), so the machine keeps one PC per thread and its
lowest-PC-first scheduling. A call pushes a frame per thread (return PC, and for a
recursive callee the registers and parameters it will overwrite); ``ret`` pops it.
Deep recursion stops at ``MAX_CALL_DEPTH`` with a finding rather than exhausting
memory. Each thread's ``.param`` slots are small byte arrays.

A call through a function pointer (a dispatch table ``__device__ int (*ops[])(int) = {...}``,
or ``f = s ? twice : thrice; f(x)``) calls, lane by lane, the function whose address the
pointer holds: every function whose address the entry can take is linked in and given an
address in ``memory.FUNCTION_WINDOW`` (``func_addrs``), which initialisers and ``mov`` read.

``printf`` and ``assert`` live in ``devio.py``; this module only routes calls to them.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from ..errors import EmulatorError, UnsupportedInstruction
from ..messages import msg
from . import devio
from .frames import CallState, _Frame, state
from .memory import FUNCTION_WINDOW
from .modvars import reached
from .operands import _UINT_OF, _values_for_store, _write_loaded, guard, read, size_of, unsupported, write
from .places import place
from .ptx import Function, Operand, Var, param_type_bytes
from .sanitizer.findings import said

MAX_CALL_DEPTH = 64                 # nested calls per thread before the emulator stops a thread


# ------------------------------------------------------------------------ linking
def link(module, entry: Function) -> Function:
    """The entry with every device function it calls appended; cached on the module."""
    cache = module.__dict__.setdefault("_linked", {})
    if entry.name in cache:
        return cache[entry.name]
    reach, taken = _reachable(module, entry)
    if not reach:
        cache[entry.name] = entry
        return entry
    out = Function(name=entry.name, params=entry.params, regs=dict(entry.regs), vars=list(entry.vars),
                   labels=dict(entry.labels), param_vars=dict(entry.param_vars),
                   cluster=entry.cluster, explicit_cluster=entry.explicit_cluster)
    out.instrs = [dataclasses.replace(i) for i in entry.instrs]
    out.func_addrs = {n: FUNCTION_WINDOW + 16 * i for i, n in enumerate(sorted(taken))}
    starts, recursive = {}, _recursive(module, reach, taken)
    out.param_sizes = {n: param_type_bytes(t) for n, t in entry.params}
    out.param_sizes.update(entry.param_vars)
    out.func_info = {}
    for name in reach:
        f = module.funcs[name]
        base = len(out.instrs)
        starts[name] = base
        # registers keep their leading % (the machine's fast path for addresses tests for it)
        q = (lambda n, _f=name: f"%{_f}:{n[1:]}" if n.startswith("%") else f"{_f}:{n}")
        local_names = {v.name for v in f.vars if v.space == "local"}
        for r, ty in f.regs.items():
            out.regs[q(r)] = ty
        slots = MAX_CALL_DEPTH + 1 if name in recursive else 1
        depots = {}
        for v in f.vars:
            if v.space == "local":
                out.vars.append(Var("local", q(v.name), v.align, v.size * slots))
                depots[q(v.name)] = v.size
            else:
                out.vars.append(v)
        for lab, pc in f.labels.items():
            out.labels[q(lab)] = base + pc
        params = {n for n, _ in f.params} | {n for n, _ in f.rets} | set(f.param_vars)
        for n, t in f.params + f.rets:
            out.param_sizes[q(n)] = param_type_bytes(t)
        for n, size in f.param_vars.items():
            out.param_sizes[q(n)] = size
        for ins in f.instrs:
            new = dataclasses.replace(ins, args=[_rename(a, f.regs, local_names | params, q) for a in ins.args],
                                      guard=q(ins.guard) if ins.guard in f.regs else ins.guard, func=name)
            if ins.op == "bra" and ins.target >= 0:
                new.target = base + ins.target
            if ins.op == "mov" and len(ins.args) == 2 and ins.args[1].kind == "sym" and \
                    q(ins.args[1].name) in depots and name in recursive:
                new.op, new.mods = "tl.frame", ()              # this frame's slot of a recursive depot
                new.frame_bytes = depots[q(ins.args[1].name)]
            out.instrs.append(new)
        out.func_info[name] = {
            "params": [q(n) for n, _ in f.params], "rets": [q(n) for n, _ in f.rets],
            "save": ([q(r) for r in f.regs] + [q(n) for n in params]) if name in recursive else [],
            "start": base,
        }
    for ins in out.instrs:
        if ins.op == "call" and ins.args[1].kind == "sym" and ins.args[1].name in starts:
            ins.target = starts[ins.args[1].name]
    cache[entry.name] = out
    return out


def _rename(a: Operand, regs, syms, q) -> Operand:
    k = a.kind
    if k in ("reg", "pred_not") and a.name in regs:
        return dataclasses.replace(a, name=q(a.name))
    if k == "mem" and (a.name in regs or a.name in syms):
        return dataclasses.replace(a, name=q(a.name))
    if k == "sym" and a.name in syms:
        return dataclasses.replace(a, name=q(a.name))
    if k == "vec":
        return dataclasses.replace(a, items=tuple(_rename(x, regs, syms, q) for x in a.items))
    return a


def _callees(fn) -> set:
    return {i.args[1].name for i in fn.instrs if i.op == "call" and i.args[1].kind == "sym"}


def _calls_through_pointer(fn) -> bool:
    return any(i.op == "call" and i.args[1].kind != "sym" for i in fn.instrs)


def _named(fn) -> set:
    """Symbols ``fn`` names other than as a call's target (``mov.u64 %rd1, _Z5twicei``, ``[ops]``)."""
    out = set()
    for i in fn.instrs:
        args = [a for k, a in enumerate(i.args) if not (i.op == "call" and k == 1)]
        for a in args:
            for x in (a.items if a.kind == "vec" else (a,)):
                if x.kind in ("sym", "mem") and x.name:
                    out.add(x.name)
    return out


def _reachable(module, entry) -> tuple[list, set]:
    """(the device functions the entry can call, those whose address it can take): a function
    named in its code or its functions' code other than as a direct call's target, or in the
    initialiser of a module variable they reach (a dispatch table)."""
    seen, taken, todo, via_tables = [], set(), [entry], set()
    while todo:
        f = todo.pop()
        if f is not entry:
            if f.name in seen:
                continue
            seen.append(f.name)
        named = _named(f)
        for v in reached(module, named - via_tables):
            via_tables.add(v.name)
            named |= {r.symbol for r in v.refs}
        addrs = {n for n in named if n in module.funcs}
        taken |= addrs
        todo += [module.funcs[c] for c in (_callees(f) | addrs) if c in module.funcs and c not in seen]
    return sorted(seen), taken


def _recursive(module, names, taken=frozenset()) -> set:
    """Functions that can call themselves, directly or through others (a call through a
    pointer can reach any function whose address is taken)."""
    def callees(n):
        f = module.funcs[n]
        return _callees(f) | (set(taken) if _calls_through_pointer(f) else set())
    out = set()
    for n in names:
        seen, todo = set(), list(callees(n))
        while todo:
            c = todo.pop()
            if c == n:
                out.add(n)
                break
            if c in seen or c not in module.funcs:
                continue
            seen.add(c)
            todo += callees(c)
    return out


# ------------------------------------------------------------------------ .param loads and stores
def param_access(m, ins, idx, store, aop, vop, t, nvec):
    """ld.param / st.param on a call's argument or return slot (not a kernel parameter)."""
    if not aop.name or aop.name.startswith("%"):
        raise UnsupportedInstruction(msg("errors.param_through_register"))
    st = state(m)
    arr = st.slot(aop.name)
    lanes = m.lanes(idx)
    es = max(1, size_of(t))
    nb = es * nvec
    off = aop.offset
    if off < 0 or off + nb > arr.shape[1]:
        raise EmulatorError(msg("unsupported.param_outside", name=aop.name, ptx=ins.text))
    if store:
        vals = np.ascontiguousarray(_values_for_store(m, vop, t, nvec, idx))
        arr[lanes, off:off + nb] = vals.view(np.uint8).reshape(len(lanes), nb)
    else:
        raw = np.ascontiguousarray(arr[lanes, off:off + nb]).view(_UINT_OF[es])
        _write_loaded(m, vop, raw if nvec > 1 else raw.reshape(-1), t, idx)


# ------------------------------------------------------------------------ call / ret / trap
def control(m, ins, idx, pc):
    """Run a call, a ret inside a device function, or a trap; leaves every lane's pc set."""
    lanes = m.lanes(idx)
    take = guard(m, ins, idx)
    if take is not None:
        m.pc[lanes[~take]] = pc + 1
        lanes = lanes[take]
        if not len(lanes):
            return
    if ins.op == "trap":
        devio.trap(m, ins, lanes)
        return
    if ins.op == "ret":
        _ret(m, ins, lanes)
        return
    target = ins.args[1]
    if target.kind != "sym":
        _call_through_pointer(m, ins, lanes, pc)
        return
    name = target.name
    if ins.target < 0:
        handler = devio.EXTERNS.get(name)
        if handler is None:
            unsupported(m, ins, msg("unsupported.library_call", name=name)
                        + (msg("unsupported.library_cuda") if name.startswith("cuda") else ""))
        sub = None if len(lanes) == m.T else lanes
        handler(m, ins, sub, pc)
        live = lanes[m.alive[lanes]]                    # __assertfail ends the threads it stops
        m.pc[live] = pc + 1
        return
    _call(m, ins, lanes, pc, name)


def _call_through_pointer(m, ins, lanes, pc):
    """``call (rets), %rd7, (args), prototype``: each lane calls the function its %rd7 holds the
    address of; a value that is no function's address stops the launch, as the GPU's kernel faults."""
    addrs = np.broadcast_to(np.asarray(read(m, ins.args[1], "u64", lanes)).astype(np.uint64), (len(lanes),))
    by_addr = {a: n for n, a in getattr(m.fn, "func_addrs", {}).items()}
    st = state(m)
    # a warp's lanes that call different functions return at different times: they wait for
    # each other there, as a GPU's warp reconverges (ptxas brackets the call with BSSY/BSYNC;
    # one group per warp and call)
    warps, group, counts = np.unique(m.warp_global[lanes], return_inverse=True, return_counts=True)
    first = st.next_group
    st.next_group += len(warps)
    if st.next_group > len(st.group_left):
        st.group_left = np.concatenate([st.group_left, np.zeros(max(st.next_group, 2 * len(st.group_left)),
                                                                dtype=np.int64)])
    st.group_left[first:st.next_group] = counts
    group = group.reshape(-1) + first
    for a in np.unique(addrs):
        name = by_addr.get(int(a))
        sel = lanes[addrs == a]
        if name is None:
            thread, block = m.thread_coords(int(sel[0]))
            where, excerpt = place(m, ins)
            raise EmulatorError(msg("errors.bad_function_pointer", value=int(a), n=len(sel),
                                    thread=",".join(map(str, thread)), block=",".join(map(str, block)),
                                    where=where) + excerpt)
        _call(m, ins, sel, pc, name, m.fn.func_info[name]["start"], group[addrs == a])


def _call(m, ins, lanes, pc, name, start=None, group=None):
    st = state(m)
    info = m.fn.func_info[name]
    d = st.depth[lanes]
    deep = d >= MAX_CALL_DEPTH
    if deep.any():
        t = int(lanes[np.argmax(deep)])
        m.finding("call_depth", ins, t, None, said("finding.call_depth", depth=MAX_CALL_DEPTH), int(deep.sum()))
        devio.kill(m, ins, lanes[deep])
        if group is not None:
            _reconverge(m, st, group[deep], lanes[deep])     # ended: not waited for
            group = group[~deep]
        lanes = lanes[~deep]
        d = d[~deep]
        if not len(lanes):
            return
    saved = {}                                   # a recursive callee overwrites the caller's own state
    for r in info["save"]:
        a = m.regs.get(r) if r in m.fn.regs else st.params.get(r)
        if a is not None:
            saved[r] = a[lanes].copy()
    for formal, actual in zip(info["params"], ins.args[2].items):
        src, dst = st.slot(actual.name), st.slot(formal)
        k = min(src.shape[1], dst.shape[1])
        dst[lanes, :k] = src[lanes, :k]
    fid = st.next_id
    st.next_id += 1
    st.frames[fid] = _Frame(lanes.copy(), pc + 1, name,
                            [x.name for x in ins.args[0].items], saved, len(lanes), group)
    for level in np.unique(d):
        while len(st.frame_at) <= level:
            st.frame_at.append(np.full(m.T, -1, dtype=np.int64))
        st.frame_at[int(level)][lanes[d == level]] = fid
    st.depth[lanes] = d + 1
    m.pc[lanes] = ins.target if start is None else start



def _ret(m, ins, lanes):
    st = state(m)
    d = st.depth[lanes] - 1
    if (d < 0).any():
        raise EmulatorError(msg("unsupported.ret_no_caller", ptx=ins.text))
    fids = np.empty(len(lanes), dtype=np.int64)
    for level in np.unique(d):
        sel = d == level
        fids[sel] = st.frame_at[int(level)][lanes[sel]]
    for fid in np.unique(fids):
        fr = st.frames[int(fid)]
        mine = lanes[fids == fid]
        pos = np.searchsorted(fr.lanes, mine)
        info = m.fn.func_info[fr.callee]
        results = [st.slot(n)[mine] for n in info["rets"]]
        for r, vals in fr.saved.items():          # the caller's state first, then the results on top
            a = m.regs.get(r) if r in m.fn.regs else st.params.get(r)
            if a is not None:
                a[mine] = vals[pos]
        for val, dst_name in zip(results, fr.caller_rets):
            dst = st.slot(dst_name)
            k = min(val.shape[1], dst.shape[1])
            dst[mine, :k] = val[:, :k]
        m.pc[mine] = fr.ret_pc
        fr.live -= len(mine)
        if fr.live <= 0:
            del st.frames[int(fid)]
        if fr.group is not None:
            _reconverge(m, st, fr.group[pos], mine)
    st.depth[lanes] = d


def _reconverge(m, st, groups, back):
    """Hold lanes back from a call through a pointer (``groups``: each one's warp's call) until
    every lane of that call is back, then let them all go on together."""
    gs, n = np.unique(groups, return_counts=True)
    st.group_left[gs] -= n
    wait = st.group_left[groups] > 0
    if wait.any():
        if m.held is None:
            m.held = np.zeros(m.T, dtype=bool)
        m.held[back[wait]] = True
        st.waits_on[back[wait]] = groups[wait]
    done = gs[st.group_left[gs] == 0]
    if len(done) and m.held is not None:
        go = m.held & np.isin(st.waits_on, done)
        m.held[go] = False
        st.waits_on[go] = -1


def frame_address(m, ins, idx, pc):
    """``mov %SPL, __local_depotN`` in a recursive function: this call depth's own copy of the depot."""
    st = state(m)
    lanes = m.lanes(idx)
    base = m.local_syms[ins.args[1].name]
    depth = st.depth[lanes]
    write(m, ins.args[0], (base + depth * ins.frame_bytes).astype(np.uint64), idx)


__all__ = ["link", "control", "param_access", "frame_address", "CallState", "MAX_CALL_DEPTH"]
