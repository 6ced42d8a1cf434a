"""``python -m tilelab.gpu.runone REQUEST.pkl``: launch kernels once each, in a process
of their own, for a tool that wraps a whole process (ncu, compute-sanitizer).

The request is a pickled list of ``(spec, grid, block, packed, shared)``. CuPy's
memory pool is off, so every array is its own ``cudaMalloc`` and compute-sanitizer
sees true allocation bounds. Exit codes: 0 ok, 3 a kernel faulted, 4 refused.
"""
from __future__ import annotations

import pickle
import sys

from .device import Device, DeviceFault, LaunchRefused


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    with open(argv[0], "rb") as fh:
        launches = pickle.load(fh)
    dev = Device(pool=False)
    for spec, grid, block, packed, shared in launches:
        try:
            dev.run(spec, grid, block, packed, shared)
        except DeviceFault as e:
            print(f"tilelab: fault: {e}", file=sys.stderr)
            return 3
        except LaunchRefused as e:
            print(f"tilelab: refused: {e}", file=sys.stderr)
            return 4
    return 0


if __name__ == "__main__":
    sys.exit(main())
