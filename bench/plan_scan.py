"""Every distinct kernel the fidelity launches compile, parsed: what the rule scans (bench/induction_scan.py,
bench/call_target_scan.py) build count plans from, without running a launch."""
from __future__ import annotations

import fidelity as F

from tilelab.emu.ptx import parsed


def distinct_kernels(only: str, failed: list):
    """Yield ``(launch, kernel, module)`` once per distinct (PTX, entry) among the launches ``only`` names; a launch
    whose kernel does not compile is appended to ``failed`` as ``(id, error name)`` (it has no plan)."""
    seen = set()
    for L in F.launches(only):
        try:
            k, _, _ = L.make()
        except Exception as e:             # a kernel that does not compile has no plan
            failed.append((L.id, type(e).__name__))
            continue
        key = (k.program.ptx, k.entry)
        if key in seen:
            continue
        seen.add(key)
        yield L, k, parsed(k.program.ptx)
