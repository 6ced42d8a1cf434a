"""`tilelab run --json` of every reference kernel's launch, for a before/after diff (issue 21).

The launches are bench/fidelity.py's manifest of kernels/ (the same kernels, grids, blocks, dynamic
shared memory and argument kinds); each becomes one `tilelab run ... --json` command line, run in a
subprocess on the emulator. Every launch's JSON goes to OUT/<file>-<kernel>.json, with the
fields that record a time removed, so two snapshots compare with `diff -r`.

    python scripts/behaviour_snapshot.py OUT [--only S] [--counts sass|ptx]
    diff -r BEFORE AFTER
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import fidelity  # noqa: E402

_TIME_KEYS = {"seconds", "wall_s", "elapsed", "time_s", "duration_s"}


class _Arr:
    """Stands for a manifest's array: remembers its kind, dtype and shape."""
    def __init__(self, kind, shape, dtype="float32"):
        self.kind, self.shape, self.dtype = kind, shape, dtype

    def astype(self, dt):
        return _Arr(self.kind, self.shape, np.dtype(dt).name)

    def arg(self):
        return f"{self.kind}:{self.dtype}:{'x'.join(str(s) for s in self.shape)}"


def _cli_args(mk):
    args = mk(lambda *s: _Arr("in", s), lambda *s: _Arr("out", s))
    out = []
    for a in args:
        if isinstance(a, _Arr):
            out.append(a.arg())
        elif isinstance(a, np.ndarray):          # a fixed buffer (zeros): the kernel may update it
            out.append(f"inout:{a.dtype.name}:{'x'.join(str(s) for s in a.shape)}")
        elif isinstance(a, (int, np.integer)):
            out.append(f"int:{int(a)}")
        else:
            out.append(f"float:{float(a)}")
    return out


def _strip(doc):
    if isinstance(doc, dict):
        return {k: _strip(v) for k, v in doc.items() if k not in _TIME_KEYS}
    if isinstance(doc, list):
        return [_strip(v) for v in doc]
    return doc


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--only", default="")
    ap.add_argument("--counts", choices=("sass", "ptx"), default=None)
    a = ap.parse_args(argv)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    only = [s for s in a.only.split(",") if s]
    fails = 0
    for file, name, grid, block, mk, shared in fidelity._kernels_cases():
        if only and not any(s in f"{file}:{name}" for s in only):
            continue
        cmd = [sys.executable, "-m", "tilelab", "run", f"kernels/{file}", name,
               "--grid", ",".join(map(str, grid)), "--block", ",".join(map(str, block)),
               "--shared", str(shared), "--backend", "emu", "--json", *_cli_args(mk)]
        if a.counts:
            cmd += ["--counts", a.counts]
        t0 = time.monotonic()
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        dt = time.monotonic() - t0
        try:       # included files are named by their full path: the checkout's place is no behaviour
            doc = _strip(json.loads(r.stdout.replace(str(ROOT) + "/", "")))
        except json.JSONDecodeError:
            doc = {"stdout": r.stdout, "stderr": r.stderr}
        doc = {"rc": r.returncode, "command": cmd[3:], "result": doc}
        (out / f"{Path(file).stem}-{name}.json").write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
        fails += r.returncode not in (0, 1)
        print(f"{file}:{name}: rc {r.returncode}, {dt:.1f} s", flush=True)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
