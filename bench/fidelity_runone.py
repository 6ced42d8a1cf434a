"""``python bench/fidelity_runone.py REQUEST.pkl``: the launches of bench/fidelity.py, under ncu.

Like ``tilelab.gpu.runone`` (the same KernelSpec cubins, loaded by CuPy as the gpu backend
loads them), plus what the kernel collection needs and the gpu backend does not have:
``__constant__`` symbols set before the launch (``cudaMemcpyToSymbol``) and cooperative
launches (``grid.sync()``). The request is a pickled list of
``(spec, grid, block, packed, shared, symbols, cooperative)``. Device printf output is
sent to /dev/null so that it cannot mix with ncu's CSV on the same stdout.

A launch that fails is written to the file ``$TILELAB_FIDELITY_LOG`` names (and stderr) and
the next one runs, unless the context is gone (a fault): then the run stops there. It exits 0
either way, so ncu still prints the rows of every launch that ran (tilelab.gpu.ncu treats a
non-zero exit as "no rows"); bench/fidelity.py reads the log and marks the launches with no row.
"""
from __future__ import annotations

import os
import pickle
import sys
import tempfile

import numpy as np

from tilelab.structs import Struct
from tilelab.tma import TensorMap


def load(cp, spec, cooperative: bool):
    fd, path = tempfile.mkstemp(suffix=".cubin", prefix="tilelab-fidelity-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(spec.cubin)
        mod = cp.RawModule(path=path, enable_cooperative_groups=bool(cooperative))
        return mod, mod.get_function(spec.entry)
    finally:
        os.unlink(path)


def note(text: str):
    print(f"tilelab: {text}", file=sys.stderr)
    log = os.environ.get("TILELAB_FIDELITY_LOG")
    if log:
        with open(log, "a") as fh:
            fh.write(text + "\n")


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    with open(argv[0], "rb") as fh:
        launches = pickle.load(fh)
    import cupy as cp
    cp.cuda.set_allocator(None)                  # every array its own cudaMalloc, as runone does
    devnull = os.open(os.devnull, os.O_WRONLY)
    saved = os.dup(1)
    os.dup2(devnull, 1)                          # device printf writes to fd 1 at synchronisation
    try:
        for i, (spec, grid, block, packed, shared, symbols, cooperative) in enumerate(launches):
            try:
                mod, fn = load(cp, spec, cooperative)
                pointed = []                     # buffers a pointer variable holds (tl.AddressOf), kept alive
                for name, arr in (symbols or {}).items():
                    if isinstance(arr, tuple) and arr[0] == "address":
                        pointed.append(cp.asarray(arr[1]))
                        arr = np.array([pointed[-1].data.ptr], dtype=np.uint64)
                    elif isinstance(arr, tuple) and arr[0] == "struct":     # a tl.Struct's bytes, its arrays uploaded
                        up = {id(a): cp.asarray(a) for _path, _off, a in arr[1].arrays()}
                        pointed += list(up.values())
                        arr = np.frombuffer(arr[1].pack(lambda a: up[id(a)].data.ptr), dtype=np.uint8)
                    mem = mod.get_global(name)
                    cp.ndarray(arr.shape, arr.dtype, mem).set(arr)
                if shared > 48 * 1024:
                    fn.max_dynamic_shared_size_bytes = shared
                dev = [cp.asarray(v) if isinstance(v, np.ndarray) else v for v in packed.values]
                if any(isinstance(v, (TensorMap, Struct)) for v in packed.values):    # a CUtensorMap or struct by value
                    from tilelab.gpu.tensormap import by_value, launch_with_maps
                    cp.cuda.runtime.deviceSynchronize()
                    launch_with_maps(fn, grid, block, by_value(packed.values, dev, cp), shared)
                else:
                    fn(tuple(grid), tuple(block), tuple(dev), shared_mem=int(shared))
                cp.cuda.runtime.deviceSynchronize()
            except Exception as e:
                note(f"launch {i} ({spec.name}) failed: {type(e).__name__}: {e}")
                try:                             # a fault leaves no context for the launches after it
                    cp.cuda.runtime.deviceSynchronize()
                except Exception as e2:
                    note(f"the context is gone ({type(e2).__name__}: {e2}): launches {i + 1}.. did not run")
                    return 0
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(devnull)
    return 0


if __name__ == "__main__":
    sys.exit(main())
