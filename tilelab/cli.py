"""The command line: the notebook's engine outside Jupyter (DESIGN §2).

    tilelab run FILE.cu KERNEL --grid X,Y --block X,Y [--shared BYTES] [--backend emu|gpu]
                [--json] [--seed S] [--counts sass|ptx] [--arch sm_90] in:float32:N out:float32:N ...
    tilelab check FILE.cu KERNEL PROBLEM [--block X,Y] [--sizes 17,33] [--seeds 0,1,2]

``run`` arguments, one per kernel parameter, in order:
  in:DTYPE:SHAPE     random input (floats uniform in [-1, 1), integers in [0, 100))
  out:DTYPE:SHAPE    output, filled with NaN (integers: the dtype's largest value)
  inout:DTYPE:SHAPE  random input the kernel may update
  int:V  uint:V  long:V  size_t:V  float:V  double:V   a scalar (converted to the parameter's C type,
                     typedefs such as `uint` or `using idx = long` included)
SHAPE is a count or dimensions such as 64x64. DTYPE is a numpy name (float32, float16,
int32, ...) or a C one (float, half, int, unsigned).

Exit status: 0 clean, 1 when the sanitizer reported any finding (or check failed),
2 on an error (the message is printed alone, without a traceback). ``--json`` prints
one object following tilelab/schema/run.schema.json.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

from . import gpu
from .backend import backend as detect
from .check import check
from .emu import METRIC_KEYS, Counting
from .errors import CheckFailed, TilelabError
from .gpu import ncu
from .launch import launch
from .schema import SCHEMA_VERSION
from .toolchain import DEFAULT_ARCH, kernel_from_file

__all__ = ["main", "parse_arg", "run_command"]

_CTYPES = {"float": "float32", "half": "float16", "double": "float64", "int": "int32",
           "unsigned": "uint32", "uint": "uint32", "long": "int64", "char": "int8", "uchar": "uint8",
           "short": "int16", "ushort": "uint16", "bool": "bool"}
_SCALARS = {"int": int, "uint": int, "unsigned": int, "long": int, "ulong": int, "size_t": int, "short": int,
            "char": int,
            "float": float, "double": float, "half": float, "bool": lambda v: bool(int(v))}


class UsageError(Exception):
    pass


def _dtype(text: str) -> np.dtype:
    try:
        return np.dtype(_CTYPES.get(text, text))
    except TypeError:
        raise UsageError(f"unknown dtype {text!r} (use float32, float16, int32, ... or float, half, int)") from None


def _shape(text: str) -> tuple:
    try:
        dims = tuple(int(x) for x in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"bad shape {text!r}: a count (1024) or dimensions (64x64)") from None
    if not dims or min(dims) < 1:
        raise UsageError(f"bad shape {text!r}: every dimension must be at least 1")
    return dims


def parse_arg(text: str, rng: np.random.Generator):
    """One ``kind:...`` argument -> a numpy array or a Python scalar."""
    kind, _, rest = text.partition(":")
    if kind in ("in", "out", "inout"):
        dt_text, _, shape_text = rest.partition(":")
        if not shape_text:
            raise UsageError(f"{text!r}: expected {kind}:DTYPE:SHAPE, e.g. {kind}:float32:1024")
        dt, shape = _dtype(dt_text), _shape(shape_text)
        if kind == "out":
            fill = np.nan if dt.kind in "fc" else (np.iinfo(dt).max if dt.kind in "iu" else 0)
            return np.full(shape, fill, dtype=dt)
        if dt.kind in "fc":
            return rng.uniform(-1.0, 1.0, size=shape).astype(dt)
        if dt.kind == "b":
            return rng.integers(0, 2, size=shape).astype(dt)
        return rng.integers(0, 100, size=shape).astype(dt)
    if kind in _SCALARS:
        try:
            return _SCALARS[kind](rest)
        except ValueError:
            raise UsageError(f"{text!r}: {rest!r} is not a valid {kind}") from None
    raise UsageError(f"{text!r}: an argument is in:DTYPE:SHAPE, out:DTYPE:SHAPE, inout:DTYPE:SHAPE, "
                     f"int:V or float:V")


def _dim3(text: str) -> tuple:
    try:
        v = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise UsageError(f"bad dimensions {text!r}: use X or X,Y or X,Y,Z") from None
    if not 1 <= len(v) <= 3 or min(v) < 1:
        raise UsageError(f"bad dimensions {text!r}: 1 to 3 positive integers, e.g. 32,8")
    return v + (1,) * (3 - len(v))


def run_command(opts) -> tuple[dict, int, list]:
    """Compile, launch once, and return (the JSON document, exit status, the Finding objects)."""
    kernel = kernel_from_file(opts.file, opts.kernel)
    rng = np.random.default_rng(opts.seed)
    args = [parse_arg(a, rng) for a in opts.args]
    grid, block = _dim3(opts.grid), _dim3(opts.block)
    backend = opts.backend
    if backend is None:
        backend = detect()
    res = launch(kernel, grid, block, *args, shared=opts.shared, backend=backend, echo=False,
                 counting=Counting(opts.counts, opts.arch))
    metrics = res.metrics
    if metrics is None:
        metrics = _gpu_metrics(kernel, grid, block, args, opts) if opts.ncu else None
    if metrics is None:
        metrics = dict.fromkeys(METRIC_KEYS)
    doc = {
        "schema_version": SCHEMA_VERSION, "backend": res.backend, "kernel": kernel.name, "file": opts.file,
        "grid": list(grid), "block": list(block), "shared": int(opts.shared),
        "findings": [f.to_json() for f in res.findings],
        "metrics": {k: (None if v is None else int(v)) for k, v in metrics.items()},
        "per_line": [{k: (int(v) if isinstance(v, (int, np.integer)) else v) for k, v in pl.items()}
                     for pl in res.per_line],
        "seconds": float(res.seconds),
        "printf": list(res.printed),
    }
    if res.backend == "emu":       # how memory was counted (emu/counters/sass_model.py); per line: "counted", "ptx", "why"
        doc["counts"] = {"mode": res.counts, "arch": opts.arch, "note": res.counts_note,
                         "ptx_metrics": {k: int(v) for k, v in (res.ptx_metrics or {}).items()}}
    return doc, (1 if res.findings else 0), list(res.findings)


def _gpu_metrics(kernel, grid, block, args, opts):
    """ncu's counts for the same launch on the GPU; None when ncu is not there."""
    try:
        ncu.find_ncu()
        return gpu.ncu_metrics(kernel, grid, block, args, opts.shared)
    except Exception as e:
        if isinstance(e, ncu.CounterPermission):
            print(f"note: no GPU metrics.\n{e}", file=sys.stderr)
        else:
            print(f"note: no GPU metrics ({str(e).splitlines()[0]})", file=sys.stderr)
        return None


def _print_human(doc: dict, findings: list):
    g, b = doc["grid"], doc["block"]
    print(f"{doc['kernel']}<<<({g[0]},{g[1]},{g[2]}), ({b[0]},{b[1]},{b[2]}), {doc['shared']}>>> "
          f"on {doc['backend']}: {doc['seconds']:.3f} s")
    if doc.get("printf"):
        print("printf:")
        print("\n".join("  " + ln for ln in doc["printf"]))
    if findings:
        print(f"{len(findings)} finding{'s' * (len(findings) != 1)}:")
        for f in findings:
            print("\n".join("  " + ln for ln in str(f).splitlines()))
    else:
        print("no findings")
    m = doc["metrics"]
    if all(v is None for v in m.values()):
        print("metrics: not available on the GPU without ncu")
        return
    print("metrics:")
    for k, v in m.items():
        print(f"  {k:<22} {v if v is not None else '—':>14}")
    mem = [pl for pl in doc["per_line"] if pl["line"] and any(
        pl[k] for k in ("shared_ld_requests", "shared_st_requests", "global_ld_requests", "global_st_requests"))]
    if mem:
        print("per line (memory):")
        print(f"  {'line':>5}  {'shared ld req/wf':>16}  {'shared st req/wf':>16}  {'global ld req/sec':>17}  "
              f"{'global st req/sec':>17}  source")
        for pl in mem:
            def pair(a, b):
                return f"{pl[a]}/{pl[b]}" if pl[a] else "-"
            print(f"  {pl['line']:>5}  {pair('shared_ld_requests', 'shared_ld_wavefronts'):>16}  "
                  f"{pair('shared_st_requests', 'shared_st_wavefronts'):>16}  "
                  f"{pair('global_ld_requests', 'global_ld_sectors'):>17}  "
                  f"{pair('global_st_requests', 'global_st_sectors'):>17}  {pl['source'][:70]}")
        c = doc.get("counts") or {}
        if c:
            print(f"counted as ptxas made the accesses for {c['arch']}" if c["mode"] == "sass" else
                  "counted per PTX instruction" + (f" ({c['note']})" if c.get("note") else ""))
        for pl in mem:
            if pl.get("why"):
                ptx = ", ".join(f"{k} {v}" for k, v in (pl.get("ptx") or {}).items())
                print(f"  line {pl['line']}: {pl['why']}" + (f" (as in the PTX: {ptx})" if ptx else ""))


def _check_command(opts) -> int:
    kernel = kernel_from_file(opts.file, opts.kernel)
    sizes = None
    if opts.sizes:
        sizes = [tuple(int(x) for x in s.split("x")) if "x" in s else int(s) for s in opts.sizes.split(",")]
    seeds = tuple(int(s) for s in opts.seeds.split(","))
    block = _dim3(opts.block)[:2] if opts.block else None
    check(kernel, opts.problem, sizes=sizes, seeds=seeds, backend=opts.backend, block=block,
          shared=opts.shared)
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tilelab", description="Compile CUDA C++ with NVRTC and run it on a GPU "
                                "or on the PTX emulator (findings and exact memory counts).")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="launch a kernel once on random inputs; print findings and metrics",
                       description=__doc__.split("\n\n")[1] if __doc__ else None,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("file", help="the .cu file")
    r.add_argument("kernel", help="the __global__ function's name")
    r.add_argument("args", nargs="*", help="in:DTYPE:SHAPE, out:DTYPE:SHAPE, inout:DTYPE:SHAPE, int:V, float:V")
    r.add_argument("--grid", required=True, help="X[,Y[,Z]]")
    r.add_argument("--block", required=True, help="X[,Y[,Z]]")
    r.add_argument("--shared", type=int, default=0, help="dynamic shared memory in bytes")
    r.add_argument("--backend", choices=("emu", "gpu"), default=None)
    r.add_argument("--json", action="store_true", help="print JSON (tilelab/schema/run.schema.json)")
    r.add_argument("--seed", type=int, default=0, help="seed of the random inputs")
    r.add_argument("--no-ncu", dest="ncu", action="store_false", help="on a GPU, don't ask ncu for counts")
    r.add_argument("--counts", choices=("sass", "ptx"), default="sass",
                   help="emulator: count memory requests as ptxas made them (sass, default) or per PTX instruction")
    r.add_argument("--arch", default=DEFAULT_ARCH, help="the SM whose SASS the counts follow (sm_80, sm_86, sm_89, sm_90)")
    c = sub.add_parser("check", help="check a kernel against a problem (random inputs, awkward sizes)")
    c.add_argument("file")
    c.add_argument("kernel")
    c.add_argument("problem", help="vector_add, matmul, transpose, mma_tile")
    c.add_argument("--block", default=None)
    c.add_argument("--sizes", default=None, help="comma-separated, e.g. 17,33 or 100x37")
    c.add_argument("--seeds", default="0,1,2")
    c.add_argument("--shared", type=int, default=None)
    c.add_argument("--backend", choices=("emu", "gpu"), default=None)
    return p


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = _parser()
    # kernel arguments may come before, between or after the options
    opts, extra = parser.parse_known_args(argv)
    bad = [a for a in extra if a.startswith("-") or opts.command != "run"]
    if bad:
        parser.error(f"unrecognized arguments: {' '.join(bad)}")
    if extra:
        opts.args = list(opts.args) + extra
    try:
        if opts.command == "check":
            return _check_command(opts)
        doc, status, findings = run_command(opts)
    except CheckFailed as e:
        print(str(e), file=sys.stderr)
        return 1
    except (TilelabError, UsageError, OSError) as e:
        if os.environ.get("TILELAB_DEBUG"):
            raise
        print(f"tilelab: {getattr(e, 'title', 'error')}: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # an unexpected failure is still one message, not a wall of frames
        if os.environ.get("TILELAB_DEBUG"):
            raise
        print(f"tilelab: internal error: {type(e).__name__}: {e} (TILELAB_DEBUG=1 shows the traceback)",
              file=sys.stderr)
        return 2
    try:
        if opts.json:
            print(json.dumps(doc, indent=2))
        else:
            _print_human(doc, findings)
        sys.stdout.flush()
    except BrokenPipeError:  # `tilelab run ... | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status


if __name__ == "__main__":
    sys.exit(main())
