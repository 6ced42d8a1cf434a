"""Is the technique there? Checks on the emulator's per-line record of one launch.

A ratio of counts ("at most the reference's wavefronts") holds vacuously for a kernel that does
not use shared memory at all: a naive transpose has no bank conflicts because it has no banks.
So each technique part of a rubric (tilelab/rubric/*.toml, ``techniques = [...]``) also names
what must be *there*, and the judge checks it here on the learner's launch and the reference
kernel's launch at the same size:

- ``shared_staged``: the data goes through shared memory: the kernel's shared stores and loads
  each come to at least a quarter of the reference's requests (a quarter leaves room for 128-bit
  accesses);
- ``shared_reads_conflict_free`` / ``shared_writes_conflict_free``: the kernel has shared loads
  (stores), and every source line's shared loads (stores) cost no more wavefronts than a
  conflict-free request of their width (1 for 32-bit, 2 for 64-bit, 4 for 128-bit, one per matrix
  for ldmatrix), counted over the requests that had an active lane: a request whose lanes were
  all predicated off costs no wavefront, and would otherwise hide another request's conflict;
- ``coalesced_like_reference``: global loads and global stores each take no more 32-byte sectors
  per request than the reference's (a transpose that reads or writes by column does not),
  counted over the requests that had an active lane, which is what ncu counts for global memory
  (an L1TEX request: a warp with every lane predicated off sends none; tilelab/emu/isa.py
  request_keys), so the two views agree;
- ``global_loads_at_reference``: the kernel's global load sectors come to at most ``tolerance``
  times the reference's, whatever the means (shared tiles, or registers and shuffles).

Every access is seen (issue 20): an atomic that returns data is a read to these checks, in
shared memory (its wavefronts by the atomics' rule, against a conflict-free request of its width)
and in global memory (its sectors); every atomic is a write (a shared store, a global store); a
generic load or store that lands in shared memory is a shared request; a cp.async is a store into
shared memory (its wavefronts against a conflict-free request of its size). ncu's own load and store
figures stay as they are (emu/counters/metrics.py SEEN_KEYS, and the ``*_seen`` totals).
tests/test_memory_families.py lists every PTX family that touches memory and what each check sees.

Each check returns (ok, text); the text says what was measured against what, in the learner's terms.
"""
from __future__ import annotations

from .emu import SEEN_TOTALS, access_bytes, ideal_wavefronts, parsed
from .messages import msg

QUARTER = 0.25


def _instrs(kernel):
    return parsed(kernel.program.ptx).entry(kernel.entry).instrs


def _ideal(ins, c=None) -> int:
    """Wavefronts of a conflict-free request of this instruction (``c``: its per_pc counts; under
    counts="sass" a merged group's leader carries the width ptxas gave it, ``sass_bytes``)."""
    if c and c.get("sass_bytes"):
        return ideal_wavefronts(c["sass_bytes"])
    if ins.op == "ldmatrix":
        return next((int(x[1]) for x in ins.mods if x in ("x1", "x2", "x4")), 1)
    return ideal_wavefronts(access_bytes(ins))


def shared_lines(kernel, per_pc: dict, store: bool) -> list[dict]:
    """Per source line: shared requests (ncu's count, and those with an active lane), wavefronts,
    and what the active requests would cost conflict-free."""
    instrs = _instrs(kernel)
    src = {kernel.first_line + i: l.strip() for i, l in enumerate(kernel.source.splitlines())}
    keys = ["shared_st", "shared_atom_wr"] if store else ["shared_ld", "shared_atom_rd"]   # atomics both ways
    lines: dict = {}
    for pc, c in per_pc.items():
        for key in keys:
            generic = c.get(key + "_generic_requests", 0)      # generic LD/ST that landed in shared
            req = c.get(key + "_requests", 0) + generic
            if not req:
                continue
            ins = instrs[pc]
            active = c.get(key + "_requests_active", req - generic) + generic
            d = lines.setdefault(ins.line, {"line": ins.line, "source": src.get(ins.line, ""),
                                            "requests": 0, "requests_active": 0, "wavefronts": 0, "ideal": 0})
            d["requests"] += req
            d["requests_active"] += active
            d["wavefronts"] += c.get(key + "_wavefronts", 0)
            d["ideal"] += active * _ideal(ins, c)
        req = c.get("cp_async_requests", 0) if store else 0      # cp.async: a store into shared memory
        if req:
            ins = instrs[pc]
            d = lines.setdefault(ins.line, {"line": ins.line, "source": src.get(ins.line, ""),
                                            "requests": 0, "requests_active": 0, "wavefronts": 0, "ideal": 0})
            d["requests"] += req
            d["requests_active"] += req
            d["wavefronts"] += c.get("cp_async_st_wavefronts", 0)
            d["ideal"] += req * ideal_wavefronts(int(ins.args[2].value))
    return sorted(lines.values(), key=lambda d: d["line"])


def seen(metrics: dict, key: str) -> int:
    """A launch's figure as the technique sees it: ``key`` plus the atomics that do the same
    (``shared_ld_requests`` with the shared atomics that return data, ...: emu/metrics.py)."""
    parts = SEEN_TOTALS.get(key + "_seen")
    if parts is None:
        return metrics[key]
    return sum(metrics.get(p, 0) for p in parts)


def _where(d) -> str:
    where = msg("technique.line", line=d["line"]) if d["line"] else msg("technique.compiler_made")
    return where + (msg("technique.source", source=d["source"]) if d["source"] else "")


def shared_staged(mine, ref, opts) -> tuple[bool, str]:
    ms, ml = seen(mine.metrics, "shared_st_requests"), seen(mine.metrics, "shared_ld_requests")
    rs, rl = seen(ref.metrics, "shared_st_requests"), seen(ref.metrics, "shared_ld_requests")
    if not ms and not ml:
        return False, msg("technique.no_shared")
    ok = ms >= QUARTER * rs and ml >= QUARTER * rl
    return ok, msg("technique.staged", ms=ms, ml=ml, rs=rs, rl=rl)


def _conflict_free(kernel, mine, store) -> tuple[bool, str]:
    way = "writes" if store else "reads"           # technique.never_writes / technique.conflicts_reads ...
    lines = shared_lines(kernel, mine.per_pc, store)
    if not lines:
        return False, msg(f"technique.never_{way}")
    bad = [d for d in lines if d["wavefronts"] > d["ideal"]]
    if bad:
        worst = max(bad, key=lambda d: d["wavefronts"] / d["ideal"])
        return False, msg(f"technique.conflicts_{way}", bad=len(bad), lines=len(lines), where=_where(worst),
                          per=worst["wavefronts"] / worst["requests_active"],
                          ideal=worst["ideal"] / worst["requests_active"])
    return True, msg(f"technique.conflict_free_{way}", lines=len(lines),
                     wavefronts=sum(d["wavefronts"] for d in lines), requests=sum(d["requests"] for d in lines))


def shared_reads_conflict_free(mine, ref, opts):
    return _conflict_free(opts["kernel"], mine, store=False)


def shared_writes_conflict_free(mine, ref, opts):
    return _conflict_free(opts["kernel"], mine, store=True)


def _per_request(metrics, kind):
    """Sectors per request with an active lane (see coalesced_like_reference above); global
    atomics are requests too (those that return data as loads, every one as a store)."""
    atom = "global_atom_rd" if kind == "ld" else "global_atom"
    r = metrics.get(f"global_{kind}_requests_active", metrics[f"global_{kind}_requests"]) \
        + metrics.get(atom + "_requests", 0)
    return (metrics[f"global_{kind}_sectors"] + metrics.get(atom + "_sectors", 0)) / r if r else 0.0


def coalesced_like_reference(mine, ref, opts):
    texts, ok = [], True
    for kind in ("ld", "st"):                     # technique.global_ld / technique.global_st
        a, b = _per_request(mine.metrics, kind), _per_request(ref.metrics, kind)
        good = a <= b * (1 + 1e-9)
        ok &= good
        texts.append(msg(f"technique.global_{kind}", a=a, b=b))
    return ok, msg("technique.coalesced", both=msg("technique.comma").join(texts))


def global_loads_at_reference(mine, ref, opts):
    tol = float(opts.get("tolerance", 1.0))
    a, b = seen(mine.metrics, "global_ld_sectors"), seen(ref.metrics, "global_ld_sectors")
    ok = a <= tol * b
    return ok, msg("technique.global_loads", a=a, b=b, reference=opts["reference"], tol=f"{tol:g}")


CHECKS = {f.__name__: f for f in (shared_staged, shared_reads_conflict_free, shared_writes_conflict_free,
                                  coalesced_like_reference, global_loads_at_reference)}
