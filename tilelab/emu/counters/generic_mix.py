"""Generic loads whose lanes mix the local and the global window in one warp: their global-load totals are
no property of the kernel on the H200, so the lines that execute one are undecided for them.

A generic ``ld`` (ptxas keeps it a generic ``LD``) whose pointer is the thread's local array on some lanes
of a warp and global memory on the others is split here by window: the global lanes' sectors and one
global request for the warp (``isa``). Nsight Compute's count of such an instruction is not that, and not
any one other number: the same one-warp launch of ``collection/repro_generic_mix.cu``, recorded three times
on the H200, gave 9, 12 and 12 global-load sectors (lane 0 local) and 0, 3 and 3 requests (lanes 8-23
local), and every 8-warp launch moved between recordings (docs/FIDELITY.md, "generic taps";
docs/SASS_COUNTS.md, "Generic loads that mix the local and global windows"). In every recording a mixed
warp's instruction counted either one global request or none, and its global lanes' sectors plus from none
to all of the sectors its local lanes touch in the interleaved local window; which of these is what the
emulator cannot know. The request was never lost where the warp's lane 0 was a local one (every such warp of
every recording counted it). So on a line that runs such a load ``global_ld_sectors`` is undecided, and
``global_ld_requests`` too where a mixed warp's lowest active lane is a global one (issue 23 counts undecided
totals as misses); both keep the split's counts: the fewest sectors and the most requests the GPU was seen
to count. Stores that mix the windows were not measured and are counted as the split gives; warps with
inactive lanes were not probed (the lowest active lane stands for lane 0).
"""
from __future__ import annotations

import numpy as np

from ...messages import msg


def note(m, ins, lanes, local, glob) -> None:
    """Remember the line of a generic load of which some warp had lanes in both the local (``local``) and the
    global (``glob``) window (boolean masks over ``lanes``): its global sectors are undecided there, and its
    global requests too where such a warp's lowest active lane was a global one."""
    if not (local.any() and glob.any()):
        return
    warps = m.warp_global[lanes]
    mixed = np.intersect1d(warps[local], warps[glob])
    if not mixed.size:
        return
    keys = m.generic_mix_lines.setdefault(m.where(ins), set())
    keys.add("global_ld_sectors")
    if "global_ld_requests" in keys:
        return
    sel = np.isin(warps, mixed)
    w, g = warps[sel], glob[sel]
    order = np.lexsort((m.lane[lanes][sel], w))
    w, g = w[order], g[order]
    lowest = np.r_[True, w[1:] != w[:-1]]           # each mixed warp's lowest active lane
    if g[lowest].any():
        keys.add("global_ld_requests")


def notes_for(mixed_lines, lines) -> list:
    """The per-line count notes (emu/counters/tally.py) of the lines that ran a mixed generic load: undecided
    for the totals ``note`` gave the line only (the line's other totals, a store's, stay decided)."""
    text = msg("counts.generic_mix_undecided")
    return [{"file": f, "line": ln, "text": text, "undecided": True, "keys": tuple(sorted(keys))}
            for (f, ln), keys in sorted(mixed_lines.items(), key=lambda kv: (kv[0][1], kv[0][0])) if (f, ln) in lines]
