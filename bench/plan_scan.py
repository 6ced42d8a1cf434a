"""Every distinct kernel the fidelity launches compile, parsed, and its count plan: what the rule scans
(bench/induction_scan.py, bench/call_target_scan.py, bench/observed_scan.py, bench/plan_digest_scan.py) read,
without running a launch."""
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


def plans(only: str, failed: list, arch: str = "sm_90"):
    """Yield ``(launch, kernel, linked function, count plan or None)`` for each of ``distinct_kernels``."""
    from tilelab.emu import calls
    from tilelab.emu.counters.sass_model import plan_for
    for L, k, module in distinct_kernels(only, failed):
        fn = calls.link(module, module.entry(k.entry))
        yield L, k, fn, plan_for(k, fn, dict(module.files), arch)
