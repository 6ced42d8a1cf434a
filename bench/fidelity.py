"""Fidelity: the emulator's counts against Nsight Compute's, launch by launch (DESIGN §4, issue 13).

Every launch is one of the reference kernels in kernels/ (the cases below) or one entry of
the kernel collection (collection/manifest.toml, repro entries included). For each it puts
side by side, per metric: the emulator's count and ncu's (shared ld/st wavefronts, global
ld/st sectors, shared and global ld/st requests, shared atomics where ncu has them), and
says equal, or differs by how much. Two halves, so the emulator's later changes get an
"after" table without a GPU:

    python bench/fidelity.py [--only S] [--out DIR]        # on the GPU host: record
        ncu's counts of every launch (one ncu process for all of them, while the emulator
        runs the same launches on the host's CPU), ncu's raw metric values, the cubin's SASS
        memory-instruction mix per source line, and the emulator's counts at this commit:
        DIR/fidelity-<date>.json (default bench/results/), and the table.
    python bench/fidelity.py --compare bench/results/fidelity-<date>.json [--counts sass|ptx] [--only S]
        the emulator side only, at this commit, against the recorded ncu numbers: the table.
    python bench/fidelity.py --no-ncu --out /tmp [--only S]
        a CPU dry run of the recording (everything but ncu), e.g. to see which lines ptxas changed.

The GPU runs the cubin tilelab's gpu backend runs (``kernel_spec`` -> ``Program.cubin``), on
the inputs the emulator gets. Outputs are not compared here: bench/collection_gpu.py does that.
"""
from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import hashlib
import inspect
import os
import json
import re
import subprocess
import tempfile
import sys
import threading
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from collection import run as collection  # noqa: E402
from bench.recorded import read_json  # noqa: E402  (plain or gzipped recordings)

# compared wherever both sides have a number
KEYS = ("shared_ld_wavefronts", "shared_st_wavefronts", "global_ld_sectors", "global_st_sectors",
        "shared_ld_requests", "shared_st_requests", "global_ld_requests", "global_st_requests",
        "shared_atom_requests", "shared_atom_wavefronts", "tma_requests", "tma_ld_sectors", "tma_st_sectors")
# asked of ncu on top of tilelab.gpu.ncu.METRICS (names this ncu does not know are dropped and listed)
EXTRA_METRICS = (
    "smsp__inst_executed_op_shared_atom.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum",
    "smsp__inst_executed_op_shared_ld_pred_on_any.sum",
    "smsp__inst_executed_op_shared_ld_pred_off_all.sum",
    "smsp__inst_executed_op_shared_st_pred_on_any.sum",
    "smsp__inst_executed_op_shared_st_pred_off_all.sum",
    "smsp__inst_executed_op_global_ld.sum",
    "smsp__inst_executed_op_global_st.sum",
    "smsp__inst_executed_op_global_ld_pred_off_all.sum",
    "smsp__inst_executed_op_global_st_pred_off_all.sum",
    "sm__inst_executed_pipe_tma.sum",          # the TMA pipe: its copies and a bulk group's commit
)


# ---------------------------------------------------------------------------------- launches
@dataclass
class Launch:
    """One launch: where the kernel comes from and how to make its arguments."""
    id: str                      # "kernels/transpose.cu:transposeNaive", "collection/scan.cu:uniformUpdate"
    source: str                  # "kernels" or "collection"
    file: str
    name: str
    grid: tuple
    block: tuple
    shared: int
    make: Callable               # () -> (kernel, args, symbols)
    cooperative: bool = False
    profile: str | None = None   # why ncu does not run it (None: it does)
    repro: str | None = None     # the miss it reproduces (collection entries marked repro)
    apart: dict = field(default_factory=dict)   # {key: why}: totals the GPU's own timing or code outside
    #                              the cubin decide (manifest `apart`); compared and shown, summed apart
    meta: dict = field(default_factory=dict)
    step_budget: int | None = None   # the emulator's steps a chunk, where a finite kernel needs more (manifest)


def _kernels_cases():
    """The reference kernels of kernels/ at the sizes the lessons profile them."""
    N, R, C = 256, 256, 256
    out = [
        ("vector_add.cu", "vectorAdd", (256,), (256,), lambda f, n: [f(65536), f(65536), n(65536), 65536]),
        ("matmul_naive.cu", "matmulNaive", (16, 16), (16, 16), lambda f, n: [f(N, N), f(N, N), n(N, N), N]),
        ("matmul_naive.cu", "matmulNaiveUncoalesced", (16, 16), (16, 16), lambda f, n: [f(N, N), f(N, N), n(N, N), N]),
        ("matmul_tiled.cu", "matmulTiled16", (16, 16), (16, 16), lambda f, n: [f(N, N), f(N, N), n(N, N), N]),
        ("matmul_tiled.cu", "matmulTiled32", (8, 8), (32, 32), lambda f, n: [f(N, N), f(N, N), n(N, N), N]),
    ]
    for k in ("transposeNaive", "transposeShared32", "transposePadded", "transposeSwizzled", "copySameGeometry"):
        out.append(("transpose.cu", k, (C // 32, R // 32), (32, 8), lambda f, n: [f(R, C), n(C, R), R, C]))
    out += [
        ("transpose.cu", "copyFloat4", (64,), (256,), lambda f, n: [f(65536), n(65536), 16384]),
        ("warp_reduce.cu", "warpReduceSum", (256,), (256,), lambda f, n: [f(65536), n(2048), 65536]),
        ("warp_reduce.cu", "blockReduceSum", (256,), (256,), lambda f, n: [f(65536), n(256), 65536]),
        ("cp_async_copy.cu", "cpAsyncCopy", (16,), (256,), lambda f, n: [f(65536), n(65536), 65536]),
    ]
    for k in ("mmaTilePlain", "mmaTileSwizzled"):
        out.append(("mma_tile.cu", k, (2, 2), (128,),
                    lambda f, n: [f(128, 128).astype(np.float16), f(128, 128).astype(np.float16), n(128, 128),
                                  128, 128, 128]))
    out += [
        ("bank_stride.cu", "sharedStride", (2,), (256,), lambda f, n: [np.zeros(512, np.int32), 4, 8]),
        ("matmul_naive.cu", "matmulCoalesced", (16, 16), (16, 16), lambda f, n: [f(N, N), f(N, N), n(N, N), N]),
        ("matmul_tiled32.cu", "matmulTiled", (8, 8), (32, 32), lambda f, n: [f(N, N), f(N, N), n(N, N), N]),
        ("matmul_tiled_bt.cu", "matmulTiledBt", (8, 8), (32, 32), lambda f, n: [f(N, N), f(N, N), n(N, N), N]),
    ]
    for k in ("transposePaddedColumnOrder", "transposeSwizzledColumnOrder"):
        out.append(("transpose.cu", k, (R // 32, C // 32), (32, 8), lambda f, n: [f(R, C), n(C, R), R, C]))
    # lesson 06's ladder and the N-major kernels at 256^3, as bench/gpu_mma_ladder.py profiles them
    h = lambda f, *s: f(*s).astype(np.float16)  # noqa: E731
    mma = lambda f, n: [h(f, 256, 256), h(f, 256, 256), n(256, 256), 256, 256, 256]  # noqa: E731
    for k, grid, shared in (("mmaR1Plain", (2, 2), 0), ("mmaR2Swizzled", (2, 2), 0), ("mmaR3CpAsync", (2, 2), 0),
                            ("mmaR4Pipelined", (2, 2), 3 * 32768), ("mmaR5WarpTile", (2,), 4 * 49152),
                            ("mmaPadded8", (2, 2), 0)):
        out.append(("mma_ladder.cu", k, grid, (256,), mma, shared))
    for k in ("mmaNMajorPlain", "mmaNMajorTrap", "mmaNMajorSwizzled"):
        out.append(("mma_nmajor.cu", k, (2, 2), (256,), mma))
    # exercise 06's answers (kernels/mma_exercise.cu)
    for k, shared in (("gemmSwizzledA", 0), ("gemmNMajorB", 0), ("gemmPipelined", 98304)):
        out.append(("mma_exercise.cu", k, (2, 2), (256,), mma, shared))
    return [c if len(c) == 6 else c + (0,) for c in out]


def launches(only: str = "") -> list[Launch]:
    from tilelab.toolchain import kernel_from_file
    out = []
    for file, name, grid, block, mk, shared in _kernels_cases():
        lid = f"kernels/{file}:{name}"

        def make(file=file, name=name, mk=mk, lid=lid):
            rng = np.random.default_rng(zlib.crc32(lid.encode()))   # the same inputs whatever runs first
            f32 = lambda *s: rng.standard_normal(s).astype(np.float32)  # noqa: E731
            nan = lambda *s: np.full(s, np.nan, np.float32)  # noqa: E731
            return kernel_from_file(ROOT / "kernels" / file, name), mk(f32, nan), {}
        out.append(Launch(lid, "kernels", file, name, grid, block, shared, make))
    for e in collection.load():
        # a kernel its host launches twice, with another shape, names the second `launch = "..."`
        lid = f"collection/{e['file']}:{e['name']}" + (f"#{e['launch']}" if e.get("launch") else "")

        def make(e=e):
            args, _named, symbols = collection.inputs(e)
            return collection.compile_entry(e), args, symbols
        no = None
        if "assert" in e.get("findings", []):
            no = "the assert stops the kernel and the context (cudaErrorAssert): nothing to count"
        out.append(Launch(lid, "collection", e["file"], e["name"], tuple(e["grid"]), tuple(e["block"]),
                          int(e.get("shared", 0)), make, cooperative=e.get("gpu_launch") == "cooperative",
                          profile=no, repro=e.get("repro"), apart=_apart(e), step_budget=e.get("step_budget")))
    ids = [x.id for x in out]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise SystemExit(f"fidelity: launch ids must be unique, these repeat: {dup}")
    return [x for x in out if not only or any(s and s in x.id for s in only.split(","))]


def _apart(entry) -> dict:
    """A manifest entry's ``apart``: {compared key: why its total is no property of the kernel}."""
    apart = dict(entry.get("apart", {}))
    bad = sorted(set(apart) - set(KEYS))
    if bad:
        raise SystemExit(f"fidelity: {entry['file']}:{entry['name']}: apart names no compared total: {bad} "
                         f"(the keys are {', '.join(KEYS)})")
    return apart


# ---------------------------------------------------------------------------------- emulator side
def counts_supported() -> bool:
    """Whether this tilelab's launch() takes counts= (the SASS-aware count mode of issue 13)."""
    return counts_default() is not None


def counts_default() -> str | None:
    """launch()'s counting mode when none is given ("sass" since issue 13), None before it."""
    from tilelab.launch import launch
    p = inspect.signature(launch).parameters.get("counts")
    return p.default if p is not None else None


def emulate(L: Launch, counts: str | None = None, arch: str = "sm_90") -> dict:
    """The emulator's counts of one launch: {"metrics": {...}, "per_line": [...], "findings": [...]}.
    ``counts``: "sass" or "ptx" (launch()'s default when None); ``arch``: the SM whose SASS the
    "sass" mode models (the recording's)."""
    from tilelab.launch import launch
    k, args, symbols = L.make()
    extra = {"counts": counts} if counts else {}
    if L.step_budget:
        extra["step_budget"] = L.step_budget
    if counts_supported():
        extra["arch"] = arch
    t0 = time.perf_counter()
    r = launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False, symbols=symbols or None,
               **extra)
    per_line = [{key: v for key, v in pl.items() if key in ("file", "line", "source", "undecided", "undecided_keys") or
                 (key in KEYS and v)} for pl in r.per_line]
    return {"metrics": {key: r.metrics.get(key) for key in KEYS if key in r.metrics},
            "per_line": per_line, "findings": sorted({f.kind for f in r.findings}),
            "seconds": round(time.perf_counter() - t0, 3)}


# ---------------------------------------------------------------------------------- SASS
def sass_mix(kernel, arch: str) -> dict:
    """{"file:line": {"LDS": n, "LDS.128": n, ...}}: the static memory-instruction mix of this
    kernel's SASS per source line (what ptxas merged, widened or predicated)."""
    from tilelab.profile import kernel_sass_mix
    return {f"{f}:{line}": d for (f, line), d in sorted(kernel_sass_mix(kernel, arch).items())}


def sass_padding(kernel, arch: str) -> int:
    """How many ``@!PT LDS RZ, [RZ]`` the kernel's SASS has: loads under the never-true predicate
    that ptxas puts before groups of LDGSTS. The mix above leaves them out (they move nothing),
    but ncu counts each one executed as a shared-load instruction (docs/FIDELITY.md, cause B)."""
    from tilelab.toolchain.sass import kernel_sass
    return len(re.findall(r"@!PT\s+LDS\b", kernel_sass(kernel.program, arch, kernel.entry)))


_PTX_CLASS = {("ld", "shared"): "LDS", ("st", "shared"): "STS", ("ld", "global"): "LDG", ("st", "global"): "STG",
              ("atom", "shared"): "ATOMS", ("atom", "global"): "ATOMG", ("red", "global"): "RED", ("ld", ""): "LD",
              ("st", ""): "ST"}


def ptx_mix(kernel) -> dict:
    """{line: {"LDS": n, "LDS.128": n, ...}}: the entry's PTX memory instructions per source
    line, named as the SASS mix names them (one PTX access = one SASS access if ptxas kept it)."""
    from tilelab.emu.isa import _type_of, _vec, size_of
    from tilelab.emu.machine import parsed
    out: dict = {}
    for ins in parsed(kernel.program.ptx).entry(kernel.entry).instrs:
        if ins.op == "ldmatrix":
            key = ("LDSM.x" + next((m[1:] for m in ins.mods if m in ("x1", "x2", "x4")), "1")
                   + (".T" if "trans" in ins.mods else ""))
        elif ins.op == "cp" and "bulk" in ins.mods:     # the TMA (UTMALDG, UBLKCP...): no LSU access
            continue
        elif ins.op == "cp" and "async" in ins.mods and ("shared" in ins.mods or "global" in ins.mods):
            key = "LDGSTS"
        else:
            space = next((s for s in ("shared", "global", "local", "param", "const") if s in ins.mods), "")
            cls = _PTX_CLASS.get((ins.op, space))
            if cls is None:
                continue
            try:
                bits = 8 * size_of(_type_of(ins)) * _vec(ins)
            except Exception:
                bits = 32
            key = cls + ("" if bits == 32 or cls.startswith("ATOM") or cls == "RED" else f".{bits}")
        d = out.setdefault(ins.line, {})
        d[key] = d.get(key, 0) + 1
    return out


_SASS_MEM = ("LDS", "STS", "LDG", "STG", "LDSM", "LDGSTS", "ATOMS", "ATOMG", "RED", "REDG")


def ptxas_changed(kernel, sass: dict) -> dict:
    """The source lines whose kinds of memory instruction ptxas changed: an access width the
    PTX line does not have (4 LDS -> 1 LDS.128), or one it dropped, or atom -> RED:
    {"line N": {"ptx": {...}, "sass": {...}}} (static counts; unrolling alone changes only the
    counts, so it is not listed). A hint of where the totals may differ."""
    def norm(k):
        return "LDGSTS" if k.startswith("LDGSTS") else k
    by_line: dict = {}
    for where, d in sass.items():
        line = int(where.rsplit(":", 1)[1])
        for op, n in d.items():
            if op.split(".")[0] in _SASS_MEM:
                by_line.setdefault(line, {})[norm(op)] = by_line.get(line, {}).get(norm(op), 0) + n
    out = {}
    for line, p in sorted(ptx_mix(kernel).items()):
        p = {norm(k): v for k, v in p.items() if k.split(".")[0] in _SASS_MEM}
        q = by_line.get(line, {})
        if line and p and set(p) != set(q):
            out[f"line {line}"] = {"ptx": p, "sass": q}
    return out


# ---------------------------------------------------------------------------------- ncu side
def ncu_metric_names(exe: str) -> tuple[list, list]:
    """(metrics to ask for, EXTRA_METRICS this ncu does not know)."""
    from tilelab.gpu.ncu import METRICS, known_metrics
    known = known_metrics(exe)
    extra = [m for m in EXTRA_METRICS if not known or m.rsplit(".", 1)[0] in known]
    return list(METRICS) + extra, sorted(set(EXTRA_METRICS) - set(extra))


def ncu_counts(raw: dict) -> dict:
    """ncu's raw row -> the KEYS (None where ncu has no number)."""
    from tilelab.gpu.ncu import map_metrics
    m = map_metrics(raw)
    out = {k: m.get(k) for k in KEYS if k in m}

    def g(name):
        v = raw.get(name)
        return int(v) if isinstance(v, (int, float)) else None
    out["shared_atom_requests"] = g("smsp__inst_executed_op_shared_atom.sum")
    out["shared_atom_wavefronts"] = g("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum")
    return out


def pack(L: Launch, kernel, args, symbols, arch):
    from tilelab.gpu.ncu import pack_launch
    spec, grid, block, packed, shared = pack_launch(kernel, L.grid, L.block, args, L.shared, arch)
    from tilelab.gpu.spec import check_symbols
    # as the module names them: a namespaced variable's PTX name for the C++ name the manifest gives
    from tilelab.structs import AddressOf, Struct
    plain = {k: v for k, v in (symbols or {}).items() if not isinstance(v, (AddressOf, Struct))}
    syms = check_symbols(spec, plain) if plain else {}
    for k, v in (symbols or {}).items():         # a pointer variable set to a buffer's address (tl.AddressOf):
        if isinstance(v, AddressOf):             # ("address", the array), uploaded by the runner
            (name, _), = check_symbols(spec, {k: np.zeros(1, np.uint64)}).items()
            syms[name] = ("address", np.ascontiguousarray(v.array))
        elif isinstance(v, Struct):              # a struct variable with buffers of its own: ("struct", the
            (name, _), = check_symbols(spec, {k: np.zeros(v.nbytes, np.uint8)}).items()   # tl.Struct), likewise
            syms[name] = ("struct", v.validate())
    return (spec, grid, block, packed, shared, syms, L.cooperative)


def _base(name: str) -> str:
    """The kernel's own name, as ncu's base name gives it: no template arguments, no namespaces
    (N1::N2::f2 is `f2` there); an overload named by its cast (`static_cast<void (*)(int, ...)>(k)`, the
    thirty-fourth unseen suite's stream_collide_gpu) is `k`."""
    from tilelab.toolchain.signature import overload_cast
    cast = overload_cast(name)
    if cast is not None:
        name = cast[0]
    return name.split("<")[0].split("(")[0].strip().rsplit("::", 1)[-1]


def align(launched: list, raw_rows: list) -> list:
    """[(launch, ncu row or None)]: ncu's rows come in launch order; a row whose kernel name is
    not the launch's (a kernel ncu saw that we did not launch) is skipped, never mis-assigned."""
    out, i = [], 0
    for L in launched:
        j = i
        while j < len(raw_rows) and not re.search(rf"(^|[\s:]){re.escape(_base(L.name))}\s*[<(]",
                                                 str(raw_rows[j].get("Kernel Name", "")) + "("):
            j += 1
        if j < len(raw_rows):
            out.append((L, raw_rows[j]))
            i = j + 1
        else:
            out.append((L, None))
    return out


# ---------------------------------------------------------------------------------- comparing
def compare_row(emu: dict, ncu: dict, apart: dict | None = None, undecided=()) -> dict:
    """Per key: {"emu", "ncu", "equal", "delta"} for the keys both sides count; a key the
    manifest sets ``apart`` also carries "apart": why (the order of atomics, a spin's timing, the
    driver's printf code): compared and shown like the rest, summed apart from them. A key in
    ``undecided`` (counted on a line the emulator marks undecided: ``undecided_keys``) carries
    "undecided": true and is a miss whatever its value (``matches``; issue 23: such lines count as
    misses); "equal" stays the values' equality."""
    out = {}
    for k in KEYS:
        e, n = emu.get(k), ncu.get(k)
        if e is None or n is None:
            continue
        out[k] = {"emu": int(e), "ncu": int(n), "equal": int(e) == int(n), "delta": int(e) - int(n)}
        if k in undecided:
            out[k]["undecided"] = True
        if apart and k in apart:
            out[k]["apart"] = apart[k]
    return out


def matches(c: dict) -> bool:
    """A compared total that counts as equal to ncu's: equal values, on no undecided line."""
    return c["equal"] and not c.get("undecided")


def undecided_keys(emu: dict) -> set:
    """The totals an emulator row counted something into on a line it marks undecided (its requests
    follow the PTX because what ptxas made of them could not be read: emu/counters/undecided.py), and those
    a line leaves undecided alone (``undecided_keys``: a generic load mixing windows, counters/generic_mix.py)."""
    return {k for pl in emu.get("per_line", ()) for k in KEYS if pl.get(k)
            and (pl.get("undecided") or k in pl.get("undecided_keys", ()))}


def group_of(row) -> str:
    if row.get("repro"):
        return "repro"
    return row.get("source", "kernels")


def summary(rows) -> dict:
    """Totals equal, per group (kernels, collection, repro) and in all. Totals the manifest sets
    ``apart`` (their value is the GPU's timing or the driver's code, not the kernel's) are left
    out of ``totals`` and counted in ``apart_totals`` / ``apart_equal``; ``percent_equal_all``
    is the share over both, so nothing is hidden."""
    out = {}
    for g in ("kernels", "collection", "repro", "all"):
        rs = [r for r in rows if (g == "all" or group_of(r) == g) and r.get("checks")]
        kept = [[c for c in r["checks"].values() if not c.get("apart")] for r in rs]
        aside = [c for r in rs for c in r["checks"].values() if c.get("apart")]
        n = sum(len(cs) for cs in kept)
        eq = sum(matches(c) for cs in kept for c in cs)
        n_all, eq_all = n + len(aside), eq + sum(matches(c) for c in aside)
        out[g] = {"launches": len(rs), "launches_equal": sum(all(matches(c) for c in cs) for cs in kept),
                  "totals": n, "totals_equal": eq, "percent_equal": round(100.0 * eq / n, 2) if n else None,
                  "apart_totals": len(aside), "apart_equal": eq_all - eq,
                  "percent_equal_all": round(100.0 * eq_all / n_all, 2) if n_all else None}
    return out


SHORT = {"shared_ld_wavefronts": "sh.ld.wf", "shared_st_wavefronts": "sh.st.wf", "global_ld_sectors": "gl.ld.sec",
         "global_st_sectors": "gl.st.sec", "shared_ld_requests": "sh.ld.req", "shared_st_requests": "sh.st.req",
         "global_ld_requests": "gl.ld.req", "global_st_requests": "gl.st.req", "shared_atom_requests": "sh.atom.req",
         "shared_atom_wavefronts": "sh.atom.wf", "tma_requests": "tma.req", "tma_ld_sectors": "tma.ld.sec",
         "tma_st_sectors": "tma.st.sec"}


def table(rows, title: str) -> str:
    lines = [title, f"{'launch':<62} {'verdict':<8} differences (emulator - ncu)"]
    for r in rows:
        if not r.get("checks"):
            why = r.get("not_profiled") or r.get("error") or r.get("emu_skipped") or "no ncu numbers"
            lines.append(f"{r['id'][:62]:<62} {'-':<8} {why}")
            continue
        bad = {k: c for k, c in r["checks"].items() if not matches(c) and not c.get("apart")}
        aside = {k: c for k, c in r["checks"].items() if not matches(c) and c.get("apart")}
        verdict = "differs" if bad else "apart" if aside else "equal"     # apart: only set-apart totals differ
        diff = "; ".join(f"{SHORT[k]} {c['emu']} vs {c['ncu']} ({c['delta']:+d}"
                         + (", undecided" if c.get("undecided") else "") + ")" for k, c in bad.items())
        if aside:
            diff += ("; " if diff else "") + "apart: " + ", ".join(
                f"{SHORT[k]} {c['emu']} vs {c['ncu']} ({c['delta']:+d})" for k, c in aside.items())
        lines.append(f"{r['id'][:62]:<62} {verdict:<8} {diff}")
    s = summary(rows)
    for g, v in s.items():
        if v["totals"]:
            lines.append(f"{g:<11} {v['totals_equal']} of {v['totals']} totals equal ({v['percent_equal']}%), "
                         f"{v['launches_equal']} of {v['launches']} launches equal in every total"
                         + (f"; apart (timing, atomics' order, driver code, the hardware counter's excess): {v['apart_equal']} of "
                            f"{v['apart_totals']} equal, {v['percent_equal_all']}% of all totals"
                            if v["apart_totals"] else ""))
    return "\n".join(lines)


def build(todo: list, arch: str) -> dict:
    """{launch id: (kernel, args, symbols) or the exception}: every PTX and sm_XX cubin compiled
    before ncu starts, in threads (NVRTC runs outside the GIL; a kernel that does not compile is
    a row, not a crash)."""
    from concurrent.futures import ThreadPoolExecutor

    def make(L):
        try:
            return L.make()
        except Exception as e:
            return e

    def cubin(prog):
        try:
            prog.cubin(arch)
        except Exception:                        # pack() meets it again and marks the launch
            pass
    built = {todo[0].id: make(todo[0])} if todo else {}     # the first alone: NVRTC found and loaded once
    with ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 1)) as pool:
        built.update(zip([L.id for L in todo[1:]], pool.map(make, todo[1:])))
        progs = {id(b[0].program): b[0].program for b in built.values() if not isinstance(b, Exception)}
        list(pool.map(cubin, progs.values()))
    return built


# ---------------------------------------------------------------------------------- one cubin, two machines
CUBINS_INDEX = "cubins.json"


def save_cubins(a) -> int:
    """``--save-cubins DIR``: each chosen launch's cubin as this machine's toolchain builds it (the one
    the emulator's SASS-aware counts read), and DIR/cubins.json, so that ``--cubins DIR`` on the GPU
    host measures that very cubin rather than the one its own NVRTC builds."""
    from tilelab.toolchain import nvrtc_version
    out = Path(a.save_cubins)
    out.mkdir(parents=True, exist_ok=True)
    todo = launches(a.only)
    built = build(todo, a.arch)
    index = {}
    for n, L in enumerate(todo):
        got = built[L.id]
        try:
            if isinstance(got, Exception):
                raise got
            asm = got[0].program.assembled(a.arch)
        except Exception as e:
            index[L.id] = {"error": f"{type(e).__name__}: {str(e).splitlines()[0]}"}
            continue
        name = f"{n:03d}-" + re.sub(r"[^A-Za-z0-9_.-]+", "_", L.id.split("/", 1)[-1])[:80] + ".cubin"
        (out / name).write_bytes(asm.cubin)
        index[L.id] = {"cubin": name, "entry": got[0].entry, "tool": asm.tool, "whole_program": asm.whole_program,
                       "sha256": hashlib.sha256(asm.cubin).hexdigest()}
        print(f"cubin {L.id}: {name} ({asm.tool})", flush=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    (out / CUBINS_INDEX).write_text(json.dumps({"date": dt.date.today().isoformat(), "commit": commit,
                                                "arch": a.arch, "nvrtc": ".".join(map(str, nvrtc_version())),
                                                "launches": index}, indent=1))
    return 0 if all("cubin" in v for v in index.values()) else 1


def anon_blind(entry: str) -> str:
    """A mangled name with each anonymous namespace's name left out. NVRTC names one
    ``_GLOBAL__N__<hash>_<file>_<hash>_<number>``, and the hashes and the number change from one
    compile to the next (the same source gives ``..._6c762c98_16295`` here and ``..._b0634e46_482``
    on the GPU host); the length before it says how much of the name it is."""
    out, i = [], 0
    for m in re.finditer(r"(\d+)_GLOBAL__N_", entry):
        if m.start() < i:
            continue
        out.append(entry[i:m.start()] + "<anonymous>")
        i = m.start(1) + len(m.group(1)) + int(m.group(1))
    return "".join(out) + entry[i:]


def adopt_cubins(todo: list, built: dict, where: str, arch: str) -> dict:
    """``--cubins DIR``: each launch's program takes the cubin ``--save-cubins`` wrote there (another
    machine's toolchain) in place of its own; a launch with none there, or whose entry differs, is
    an error row, never measured on this machine's cubin by mistake. Returns the index's header
    and {launch id: its index entry} for the rows."""
    from tilelab.toolchain.assemble import Assembled
    index = json.loads((Path(where) / CUBINS_INDEX).read_text())
    if index.get("arch") != arch:
        raise SystemExit(f"fidelity: the cubins in {where} are for {index.get('arch')}, this GPU is {arch}")
    used = {}
    for L in todo:
        got, info = built[L.id], index["launches"].get(L.id, {})
        if isinstance(got, Exception):
            continue
        if "cubin" not in info:
            built[L.id] = LookupError(f"no cubin for this launch in {where}: " + info.get("error", "not saved"))
            continue
        if anon_blind(info["entry"]) != anon_blind(got[0].entry):
            built[L.id] = LookupError(f"the saved cubin's entry {info['entry']} is not this build's {got[0].entry}")
            continue
        if info["entry"] != got[0].entry:        # the same kernel in an anonymous namespace: launch the cubin's name
            got = built[L.id] = (dataclasses.replace(got[0], entry=info["entry"]), *got[1:])
        data = (Path(where) / info["cubin"]).read_bytes()
        if hashlib.sha256(data).hexdigest() != info["sha256"]:
            built[L.id] = LookupError(f"{info['cubin']} is not the cubin {CUBINS_INDEX} names")
            continue
        got[0].program.adopt(arch, Assembled(data, "", f"{info['tool']} on the host (NVRTC {index['nvrtc']})",
                                             info["whole_program"]))
        used[L.id] = info
    head = {k: index.get(k) for k in ("date", "commit", "arch", "nvrtc")}
    return {"from": str(where), **head, "launches": used}


# ---------------------------------------------------------------------------------- the two modes
def record(a) -> int:
    """The GPU host's run: ncu (in a thread, one process) while the emulator runs here."""
    from tilelab.toolchain import nvrtc_version
    from tilelab.gpu.device import Device
    from tilelab.gpu.ncu import NcuUnavailable, find_ncu, ncu_profile, requested
    t_start = time.perf_counter()
    info = {"name": "no GPU (--no-ncu)", "arch": a.arch} if a.no_ncu else Device().info()
    arch = info["arch"]
    todo = launches(a.only)
    built = build(todo, arch)
    host = adopt_cubins(todo, built, a.cubins, arch) if a.cubins else None
    prof, packs = [], []
    for L in todo:
        if L.profile is None and not isinstance(built[L.id], Exception):
            try:                                 # the sm_XX cubin: ptxas may refuse what NVRTC took
                packs.append(pack(L, *built[L.id], arch))
                prof.append(L)
            except Exception as e:
                built[L.id] = e
    exe = None if a.no_ncu else find_ncu()
    metrics, dropped = ncu_metric_names(exe) if exe else ([], [])
    ncu_out: dict = {}

    runner_log = Path(tempfile.mkdtemp(prefix="tilelab-fidelity-")) / "runner.log"
    os.environ["TILELAB_FIDELITY_LOG"] = str(runner_log)      # bench/fidelity_runone.py notes failed launches

    def run_ncu():
        """ncu in chunks of --ncu-chunk launches, one process each, in turn: a chunk that runs out
        of time loses its own launches only, and the ones after it still get their turn."""
        t0 = time.perf_counter()
        chunks = [list(range(i, min(i + a.ncu_chunk, len(packs)))) for i in range(0, len(packs), a.ncu_chunk)]
        done = []
        for n, idx in enumerate(chunks):
            left = a.budget - (time.perf_counter() - t_start) - 20
            if left < 20:
                for i in idx:
                    ncu_out.setdefault("missed", {})[prof[i].id] = "the recording's --budget ran out before this chunk"
                continue
            c0 = time.perf_counter()
            try:
                rows = ncu_profile([packs[i] for i in idx], metrics=metrics, timeout=min(a.ncu_timeout, left),
                                   runner=(str(ROOT / "bench" / "fidelity_runone.py"),))
                done.append(([prof[i] for i in idx], rows))
            except Exception as e:               # recorded, so the emulator's side still gets written
                why = str(e) if isinstance(e, NcuUnavailable) else f"{type(e).__name__}: {e}"
                ncu_out.setdefault("errors", []).append(f"chunk {n + 1} of {len(chunks)}: {why}")
                for i in idx:
                    ncu_out.setdefault("missed", {})[prof[i].id] = why
            ncu_out.setdefault("chunk_seconds", []).append(round(time.perf_counter() - c0, 1))
            print(f"ncu chunk {n + 1}/{len(chunks)}: {len(idx)} launches, "
                  f"{ncu_out['chunk_seconds'][-1]} s", flush=True)
        ncu_out["done"] = done
        ncu_out["seconds"] = round(time.perf_counter() - t0, 1)
    # ncu's numbers are what only the GPU host can give: they get the time; the emulator side can be
    # redone anywhere (--compare), so it stops where the budget would run out
    th = threading.Thread(target=run_ncu if exe else lambda: None, daemon=True)
    th.start()
    t0 = time.perf_counter()
    rows = []
    for L in todo:
        row = {"id": L.id, "source": L.source, "file": L.file, "kernel": L.name, "grid": list(L.grid),
               "block": list(L.block), "shared": L.shared, "cooperative": L.cooperative}
        if L.repro:
            row["repro"] = L.repro
        if host and L.id in host["launches"]:
            row["cubin_from_host"] = host["launches"][L.id]
        if L.profile:
            row["not_profiled"] = L.profile
        got = built[L.id]
        if isinstance(got, Exception):
            row["error"] = f"{type(got).__name__}: {str(got).splitlines()[0]}"
            rows.append(row)
            continue
        if a.ncu_only or time.perf_counter() - t_start > a.budget - 60:
            row["emu_skipped"] = (("--ncu-only" if a.ncu_only else "out of time on the GPU host")
                                  + ": python bench/fidelity.py --compare gives it")
            try:
                row["sass_mix"] = sass_mix(got[0], arch)
            except Exception as e:
                row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0]}"
            rows.append(row)
            continue
        try:
            row["emu"] = emulate(L, a.counts, arch)
            row["sass_mix"] = sass_mix(got[0], arch)
            row["ptxas_changed"] = ptxas_changed(got[0], row["sass_mix"])
            row["sass_never_run_lds"] = sass_padding(got[0], arch)
        except Exception as e:
            row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0]}"
        rows.append(row)
        print(f"emu {L.id}", flush=True)
    emu_seconds = round(time.perf_counter() - t0, 1)
    th.join()
    by_id = {r["id"]: r for r in rows}
    aligned = [pair for launched, raw_rows in ncu_out.get("done", []) for pair in align(launched, raw_rows)]
    missed = ncu_out.get("missed", {})
    for L, raw in aligned + [(L, None) for L in prof if L.id in missed]:
        row = by_id[L.id]
        if raw is None:
            row.setdefault("error", "ncu returned no row for this launch: " + missed.get(L.id, "not in ncu's output"))
            continue
        row["ncu_kernel_name"] = raw.get("Kernel Name")
        row["ncu_raw"] = requested(raw, metrics)
        row["ncu"] = ncu_counts(raw)
        if "emu" in row:
            row["checks"] = compare_row(row["emu"]["metrics"], row["ncu"], L.apart, undecided_keys(row["emu"]))
    doc = {
        "date": dt.date.today().isoformat(), "command": " ".join(["python"] + sys.argv),
        # TILELAB_COMMIT: the lent GPU machine's copy of the tree has a stale .git, so the caller says
        "commit": os.environ.get("TILELAB_COMMIT") or subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip(),
        "arch": arch, "gpu": info, "nvrtc": ".".join(map(str, nvrtc_version())),
        # --cubins: the launches ran (and their SASS was read from) the cubins another machine built
        "cubins_from": {k: v for k, v in host.items() if k != "launches"} if host else None,
        "ncu": subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-1:]
        if exe else None,
        "counts": a.counts or counts_default() or "ptx (this tilelab has no counts=)",
        "metrics": metrics, "metrics_dropped": dropped, "ncu_error": "; ".join(ncu_out.get("errors", [])) or None,
        "runner_log": runner_log.read_text().splitlines() if runner_log.exists() else [],
        "seconds": {"ncu": ncu_out.get("seconds"), "emulator": emu_seconds,
                    "total": round(time.perf_counter() - t_start, 1),
                    "ncu_per_launch": (round(ncu_out["seconds"] / max(1, len(prof)), 2)
                                       if ncu_out.get("seconds") else None),
                    "ncu_chunks": ncu_out.get("chunk_seconds", [])},
        "summary": summary(rows), "rows": rows,
    }
    # a dry run (no ncu) is never taken for a recording (site/results.py reads fidelity-<date>.json)
    out = Path(a.out) / (f"fidelity-dryrun-{doc['date']}.json" if a.no_ncu else f"fidelity-{doc['date']}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=1, default=str))
    print(table(rows, f"fidelity at {doc['commit']} on {info.get('name')} ({arch}), counts {doc['counts']}"))
    if not exe:
        for r in rows:
            if r.get("ptxas_changed") or r.get("sass_never_run_lds"):
                what = [f"{k} {v['ptx']} -> {v['sass']}" for k, v in r.get("ptxas_changed", {}).items()]
                if r.get("sass_never_run_lds"):
                    what.append(f"{r['sass_never_run_lds']} @!PT LDS")
                print(f"ptxas: {r['id']}: " + "; ".join(what))
    print(f"seconds: {doc['seconds']}; wrote {out}")
    return 0 if not ncu_out.get("errors") and not any("error" in r for r in rows) else 1


def compare(a) -> int:
    """The CPU-only half: this commit's emulator against a recording's ncu numbers."""
    rec = read_json(a.compare)
    if a.counts and not counts_supported():
        raise SystemExit("--counts needs tilelab.launch.launch(counts=...), which this tilelab does not have yet")
    here = {L.id: L for L in launches()}
    rows = []
    for old in rec["rows"]:
        lid = old.get("id") or f"kernels/{old['file']}:{old['kernel']}"   # recordings before 2026-12-01 had no id
        if a.only and not any(s and s in lid for s in a.only.split(",")):
            continue
        ncu = old.get("ncu")
        row = {"id": lid, "source": old.get("source", "kernels"), "repro": old.get("repro")}
        if not ncu:
            row["not_profiled"] = old.get("not_profiled") or old.get("error") or "no ncu numbers in the recording"
            rows.append(row)
            continue
        L = here.get(lid)
        if L is None:
            row["error"] = "no such launch at this commit"
            rows.append(row)
            continue
        try:
            row["emu"] = emulate(L, a.counts, rec.get("arch", "sm_90"))
            undecided = undecided_keys(row["emu"])
            row["emu"].pop("per_line")             # the table needs the totals; --json stays small
            row["checks"] = compare_row(row["emu"]["metrics"], ncu, L.apart, undecided)
        except Exception as e:
            row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0]}"
        rows.append(row)
    mode = a.counts or counts_default() or "ptx"
    print(table(rows, f"this commit's emulator (counts {mode}) against ncu in {a.compare} "
                      f"(recorded at {rec.get('commit')}, {rec.get('date')})"))
    if a.json:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True).stdout.strip()
        Path(a.json).write_text(json.dumps({"date": dt.date.today().isoformat(), "commit": commit,
                                            "machine": "CPU only (the emulator side)",
                                            "command": " ".join(["python"] + sys.argv), "recording": a.compare,
                                            "summary": summary(rows), "rows": rows}, indent=1, default=str))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--compare", metavar="RECORDING", help="CPU only: compare this commit's emulator with a recording")
    ap.add_argument("--counts", choices=("sass", "ptx"), help="the emulator's count mode (needs launch(counts=))")
    ap.add_argument("--only", default="", help="launches whose id contains one of these comma-separated strings")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"), help="where the recording goes")
    ap.add_argument("--json", help="--compare: also write the compared rows here")
    ap.add_argument("--ncu-timeout", type=float, default=400, help="seconds one ncu process (a chunk) may take")
    ap.add_argument("--ncu-chunk", type=int, default=8, help="launches per ncu process")
    ap.add_argument("--budget", type=float, default=300,
                    help="seconds for the whole recording (keep under the caller's timeout, BENCH_TIMEOUT)")
    ap.add_argument("--no-ncu", action="store_true",
                    help="CPU dry run of the recording: everything but ncu (fidelity-dryrun-<date>.json)")
    ap.add_argument("--ncu-only", action="store_true",
                    help="record ncu and the SASS only; the emulator side comes later from --compare")
    ap.add_argument("--arch", default="sm_90", help="--no-ncu, --save-cubins: the SM whose cubin and SASS to build")
    ap.add_argument("--save-cubins", metavar="DIR",
                    help="CPU only: write each launch's cubin as this machine builds it, for --cubins on the GPU host")
    ap.add_argument("--cubins", metavar="DIR",
                    help="record: run (and read the SASS of) the cubins --save-cubins wrote, not this machine's")
    a = ap.parse_args(argv)
    if a.save_cubins:
        return save_cubins(a)
    return compare(a) if a.compare else record(a)


if __name__ == "__main__":
    sys.exit(main())
