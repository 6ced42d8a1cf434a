"""How a split warp would count: histogram1024Kernel's retry loop under candidate warp schedules.

collection/rodinia_histogram1024.cu's addData1024 is a tagged-write retry loop: the lanes of a warp
store to one shared word and those whose value did not stick loop again. ptxas (sm_90) makes it

    .L_x_8:  LDG (the element), the division, ... BSSY B0
    .L_x_7:  LDS; YIELD; LOP3; VIADD; LOP3; STS; LDS; ISETP; @P0 BRA .L_x_7
             BSYNC B0
             @!P2 BRA .L_x_8                  (the grid-stride loop over the data)

The emulator runs a warp's lanes in lock-step and reconverges them at the loop's exit (the
BSYNC), which gives its totals; the H200's differ (docs/FIDELITY.md). This script replays the
loop for the launch's own data (bench/fidelity.py's inputs, the recordings' launch) under a few
schedules of the split warp and writes their totals, to compare with ncu's:

* ``lockstep``: the losers retry while the winners wait at the BSYNC (the emulator);
* ``yield_release``: threads that executed the YIELD and were switched out (the losers) do not hold
  the others at the BSYNC (NVIDIA's convergence-barrier patent, US 10,067,768 B2, claim 1: the
  barrier clears when each participant is blocked or yielded); after the divergent branch the
  taken side runs first, a YIELD switches to the warp's next part, and parts that stand at the
  same pc after the YIELD run as one (``_any``: whatever element they are on; ``_same``: only
  parts on the same element); ``_apart``: they never rejoin before the loop over the data ends;
  ``_rearm``: the lanes the BSYNC holds are only those of the last part that executed the BSSY
  (the winners re-arm it for their next element), and a part's other lanes pass it;
* ``lowest_pc_per_warp``: the emulator's own spin-loop rule (lowest pc first, a spin loop's back
  branch yields while other threads can run), applied to each warp alone.

Only the loop's part of each total is replayed; the rest of the kernel (clearing the histogram,
the merge) is the same under every schedule and added from the lock-step counts of those lines
(768 requests and 768 wavefronts each for the shared loads and stores). Warp instructions count
the kernel's SASS instructions each part executes (a BSYNC once per part that passes it), with the
block lengths of the NVRTC 12.9 cubin (13.x puts a YIELD in the clearing loop too): approximate.

    python bench/histogram1024_schedules.py [--out DIR]
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

LAUNCH = "rodinia_histogram1024"
OUTSIDE = {"shared_ld_requests": 768, "shared_st_requests": 768, "shared_ld_wavefronts": 768,
           "shared_st_wavefronts": 768}
# SASS instructions (sm_90, NVRTC 12.9's cubin) per block of the loop: the element's block from the LDG to the loop
# (.L_x_8 .. 0x410, the division's fast path), LDS; YIELD; the rest of a round; BSYNC; the branch back
INSTR = {"H": 24, "R": 1, "Y": 1, "S": 7, "B": 1, "O": 1}
FIXED_INSTR = 4896 + 3328        # the prologue, the clearing loop and the merge loop of 24 warps


def _wavefronts(words) -> int:
    """Shared wavefronts of one request: the most distinct words any bank is asked for."""
    u = np.unique(words)
    return int(np.bincount(u % 32).max()) if len(u) else 0


def _sectors(addresses) -> int:
    return len(np.unique(np.asarray(addresses) // 32))


class Warp:
    """One warp's lanes, each at a pc of the loop: H (the element's LDG), R (the first LDS),
    Y (after the YIELD), B (at the BSYNC), O (the branch back over the data), E (done)."""

    def __init__(self, block, warp, bins, counts, nthreads=768, n=4096):
        self.tid = 96 * block + 32 * warp + np.arange(32)
        self.base, self.bins, self.c, self.stride, self.n = 1024 * warp, bins, counts, nthreads, n
        self.elem = np.zeros(32, int)
        self.word = np.zeros(32, np.int64)
        self.val = np.zeros(32, np.int64)
        self.mem: dict = {}

    def pos(self, lanes):
        return self.tid[lanes] + self.stride * self.elem[lanes]

    def ldg(self, lanes):
        p = self.pos(lanes)
        self.c["global_ld_requests"] += 1
        self.c["global_ld_sectors"] += _sectors(p * 4)
        self.word[lanes] = self.base + self.bins[p]

    def lds(self, lanes, first: bool):
        self.c["shared_ld_requests"] += 1
        self.c["shared_ld_wavefronts"] += _wavefronts(self.word[lanes])
        if first:
            for lane in lanes:
                self.val[lane] = (int(lane) << 27) | ((self.mem.get(int(self.word[lane]), 0) & 0x7FFFFFF) + 1)

    def sts(self, lanes):
        self.c["shared_st_requests"] += 1
        self.c["shared_st_wavefronts"] += _wavefronts(self.word[lanes])
        for lane in sorted(lanes):            # one word written by several lanes: the highest lane's value
            self.mem[int(self.word[lane])] = int(self.val[lane])

    def round_end(self, lanes):
        """STS, LDS, compare: (losers, winners)."""
        self.sts(lanes)
        self.lds(lanes, first=False)
        stuck = np.array([self.mem[int(self.word[lane])] == self.val[lane] for lane in lanes], bool)
        lanes = np.asarray(lanes)
        return lanes[~stuck], lanes[stuck]

    def next_element(self, lanes):
        lanes = np.asarray(lanes)
        self.elem[lanes] += 1
        more = self.pos(lanes) < self.n
        return lanes[more], lanes[~more]


def lockstep(w: Warp):
    lanes = np.arange(32)
    while len(lanes):
        w.ldg(lanes)
        w.c["instructions"] += INSTR["H"]
        todo = lanes
        while len(todo):
            w.lds(todo, True)
            todo, _ = w.round_end(todo)
            w.c["instructions"] += INSTR["R"] + INSTR["Y"] + INSTR["S"]
        w.c["instructions"] += INSTR["B"] + INSTR["O"]
        lanes, _ = w.next_element(lanes)


class Part:
    """Lanes of a warp that run together, their pc, and whether a YIELD switched them out."""
    __slots__ = ("lanes", "pc", "yielded")

    def __init__(self, lanes, pc):
        self.lanes, self.pc, self.yielded = lanes, pc, False


def yield_release(w: Warp, rejoin: str, rearm: bool = False):
    """The warp's parts; the current one runs until it diverges, yields or is held at the BSYNC.
    The barrier holds the lanes of the last part that executed the BSSY, until it clears; a part
    with none of them passes. ``rearm``: a part with some of them splits there, the others pass."""
    parts = [Part(np.arange(32), "H")]
    barrier = set(range(32))
    cur = 0

    def switch_from(p):
        n = len(parts)
        i = parts.index(p)
        for k in range(1, n + 1):
            q = parts[(i + k) % n]
            if q is not p and q.pc not in ("E", "held"):
                return parts.index(q)
        return None

    for _ in range(100_000):
        p = parts[cur]
        lanes, pc = p.lanes, p.pc
        p.yielded = False
        if pc == "Y" and rejoin != "apart":           # parts standing after the YIELD run as one
            for q in [q for q in parts if q is not p and q.pc == "Y"]:
                if rejoin == "any" or w.elem[q.lanes[0]] == w.elem[lanes[0]]:
                    p.lanes = lanes = np.sort(np.concatenate([lanes, q.lanes]))
                    parts.remove(q)
            cur = parts.index(p)
        if pc == "H":
            w.ldg(lanes)
            w.c["instructions"] += INSTR["H"]
            barrier = set(lanes.tolist())              # BSSY B0: this part's lanes
            p.pc = "R"
        elif pc == "R":
            w.lds(lanes, True)
            w.c["instructions"] += INSTR["R"] + INSTR["Y"]
            p.pc = "Y"
            q = switch_from(p)
            if q is not None:                          # YIELD: the next part runs
                p.yielded = True
                cur = q
        elif pc == "Y":
            w.c["instructions"] += INSTR["S"]
            lose, win = w.round_end(lanes)
            if len(lose) and len(win):
                i = parts.index(p)
                parts[i:i + 1] = [Part(lose, "R"), Part(win, "B")]   # the taken side first
                cur = i
            else:
                p.pc = "R" if len(lose) else "B"
        elif pc in ("B", "held"):
            inside = np.isin(lanes, list(barrier))
            if rearm and inside.any() and not inside.all():
                # lanes the barrier does not hold (it was re-armed without them) pass it now
                i = parts.index(p)
                parts[i:i + 1] = [Part(lanes[inside], "B"), Part(lanes[~inside], "B")]
                continue
            if not inside.any():                       # the barrier does not hold this part
                w.c["instructions"] += INSTR["B"]
                p.pc = "O"
                continue
            others = [q for q in parts if q is not p and barrier & set(q.lanes.tolist())]
            if all(q.pc in ("B", "held", "E") or q.yielded for q in others):
                for q in [q for q in others if q.pc in ("B", "held")]:
                    p.lanes = lanes = np.sort(np.concatenate([lanes, q.lanes]))
                    parts.remove(q)
                cur = parts.index(p)
                barrier = set()
                w.c["instructions"] += INSTR["B"]
                p.pc = "O"
            else:
                p.pc = "held"
                q = switch_from(p)
                if q is None:
                    raise RuntimeError("no part can run")
                p.pc = "B"
                cur = q
        elif pc == "O":
            w.c["instructions"] += INSTR["O"]
            more, done = w.next_element(lanes)
            if len(more) and len(done):
                i = parts.index(p)
                parts[i:i + 1] = [Part(more, "H"), Part(done, "E")]
                cur = i
            else:
                p.pc = "H" if len(more) else "E"
        elif pc == "E":
            if all(q.pc == "E" for q in parts):
                return
            q = switch_from(p)
            if q is None:
                raise RuntimeError("no part can run")
            cur = q
    raise RuntimeError("did not finish")


def lowest_pc_per_warp(w: Warp):
    """The emulator's scheduler over one warp: the lowest pc first (H < R < O), a spin loop's back
    branch parks its lanes as yielded while others can run; the PTX's round is one block."""
    order = {"H": 0, "R": 1, "O": 2, "E": 3}
    pc = np.array(["H"] * 32, dtype=object)
    yielded = np.zeros(32, bool)
    while True:
        run = pc != "E"
        if not run.any():
            return
        pref = run & ~yielded
        if not pref.any():
            yielded[:] = False
            pref = run
        lo = min(pc[pref], key=order.__getitem__)
        group = np.flatnonzero(pref & (pc == lo))
        others = (run & ~np.isin(np.arange(32), group)).any()
        if lo == "H":
            w.ldg(group)
            w.c["instructions"] += INSTR["H"]
            pc[group] = "R"
        elif lo == "R":
            w.lds(group, True)
            w.c["instructions"] += INSTR["R"] + INSTR["Y"] + INSTR["S"]
            lose, win = w.round_end(group)
            pc[win] = "O"
            if len(lose):
                if len(win) or others:
                    yielded[lose] = True
                pc[lose] = "R"
        else:
            w.c["instructions"] += INSTR["B"] + INSTR["O"]
            more, done = w.next_element(group)
            pc[more], pc[done] = "H", "E"


SCHEDULES = {
    "lockstep": lockstep,
    "yield_release_any": lambda w: yield_release(w, "any"),
    "yield_release_same": lambda w: yield_release(w, "same"),
    "yield_release_apart": lambda w: yield_release(w, "apart"),
    "yield_release_any_rearm": lambda w: yield_release(w, "any", rearm=True),
    "yield_release_same_rearm": lambda w: yield_release(w, "same", rearm=True),
    "lowest_pc_per_warp": lowest_pc_per_warp,
}
KEYS = ("shared_ld_wavefronts", "shared_st_wavefronts", "global_ld_sectors", "shared_ld_requests",
        "shared_st_requests", "global_ld_requests", "instructions")


def totals(data, schedule) -> dict:
    bins = (np.asarray(data, np.float32) * np.float32(1024)).astype(np.int64) & 0x3FF
    c = dict.fromkeys(KEYS, 0)
    for block in range(8):
        for warp in range(3):
            SCHEDULES[schedule](Warp(block, warp, bins, c))
    for k, v in OUTSIDE.items():
        c[k] += v
    c["instructions"] += FIXED_INSTR
    return c


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    a = ap.parse_args(argv)
    import fidelity as fid
    launch = fid.launches(LAUNCH)[0]
    _, args, _ = launch.make()
    data = next(x for x in args if getattr(x, "shape", None) == (4096,))
    results = ROOT / "bench" / "results"
    first = next(r for r in json.loads((results / "fidelity-2026-12-02-unseen23.json").read_text())["rows"]
                 if r["id"] == launch.id)
    runs = [first] + json.loads((results / "fidelity-2026-12-02-histogram1024-repeats.json").read_text())["runs"]
    h200 = {k: sorted({run["ncu"][k] for run in runs}) for k in KEYS if k != "instructions"}
    h200["instructions"] = sorted({run["ncu_raw"]["smsp__inst_executed.sum"] for run in runs})
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True, check=False).stdout.strip()
    out = {"date": dt.date.today().isoformat(), "command": "python bench/histogram1024_schedules.py",
           "commit": commit, "machine": f"{platform.machine()} CPU, {platform.python_implementation()} "
           f"{platform.python_version()}, numpy {np.__version__}", "launch": launch.id,
           "h200_ncu": h200, "h200_from": "bench/results/fidelity-2026-12-02-unseen23.json and "
           "bench/results/fidelity-2026-12-02-histogram1024-repeats.json (five ncu runs)",
           "schedules": {name: totals(data, name) for name in SCHEDULES}}
    path = Path(a.out) / f"histogram1024-schedules-{out['date']}.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(f"{'schedule':22s}" + "".join(f"{k[:18]:>20s}" for k in KEYS))
    print(f"{'H200 (ncu, 5 runs)':22s}" + "".join(f"{'/'.join(map(str, h200[k])):>20s}" for k in KEYS))
    for name, c in out["schedules"].items():
        print(f"{name:22s}" + "".join(f"{c[k]:>20d}" for k in KEYS))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
