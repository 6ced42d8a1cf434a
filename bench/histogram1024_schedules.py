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
  branch yields while other threads can run), applied to each warp alone;
* ``h200_rule``: the rule read off the H200's per-instruction counts and per-lane traces
  (bench/histogram1024_sass.py; h200_rule's docstring), with a store of several lanes to one word
  keeping the lowest lane's value (the others keep the highest's, as first assumed).

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

    def __init__(self, block, warp, bins, counts, nthreads=768, n=4096, lowest_lands=False, block_size=96):
        self.tid = block_size * block + 32 * warp + np.arange(32)
        self.lowest_lands = lowest_lands
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
        # one word written by several lanes: the highest lane's value (as assumed first), or the
        # lowest's (what the H200 does: bench/histogram1024_sass.py's probe)
        for lane in sorted(lanes, reverse=self.lowest_lands):
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


def h200_rule(w: Warp, trace: list | None = None):
    """The schedule the H200 follows, read off its per-instruction counts and the probe's per-lane
    traces (bench/histogram1024_sass.py, docs/FIDELITY.md). A warp runs as parts (lanes at one pc);
    the part in hand runs until it yields, waits or diverges:

    * a store that several lanes make to one word keeps the lowest lane's value;
    * at the retry loop's divergent branch the fall-through side (the lanes whose value stuck, on to
      the BSYNC) runs first; at the branch over the data, the taken side (on to the next LDG);
    * ``BSSY B0`` arms the warp's one barrier with the lanes that execute it (each element's part
      re-arms it: the division's BSSY and the loop's); if some lanes wait at the WARPSYNC then,
      lanes left waiting at the BSYNC outside the new barrier go on, as a part of their own;
    * ``BSYNC B0``: a part's lanes outside the armed barrier pass at once (and run on first); the
      barrier completes when every lane of it is there (in the part, waiting at the BSYNC or at the
      WARPSYNC): then the lanes waiting for it join the part, and lanes left waiting from an earlier
      arming go on as a part of their own; else the barrier's lanes wait;
    * ``YIELD`` switches to another part that can run: one that has not yielded first, the lowest pc
      first, and every part at that pc runs with it (parts of different elements store and load
      together). With none, the waiting lanes go on if every lane of the barrier waits, has yielded
      or is at the WARPSYNC -- unless they waited while others passed, which only the barrier's
      completion frees -- else the yielding part goes on;
    * the WARPSYNC.ALL after the loop holds each part until all 32 lanes are there.

    It reproduces every single-warp input's per-instruction counts (14 inputs) and 41 of the 42
    recorded warps' traces event for event; in the other one choice of the next part differs
    (FIDELITY.md). ``trace``: filled with ("LDG" | "round" | "exit", lanes) as the probe logs them."""
    H, L, R, S, O, W = 0x270, 0x420, 0x440, 0x4B0, 0x4C0, 0x4D0

    class P:
        __slots__ = ("held", "lanes", "pc", "split", "yielded")

        def __init__(self, lanes, pc):
            self.lanes, self.pc = np.asarray(lanes, np.int64), pc
            self.yielded = self.held = self.split = False

    def join(q, p):
        q.lanes = np.sort(np.concatenate([q.lanes, p.lanes]))
        parts.remove(p)

    c = w.c
    alive = w.tid < w.n
    parts = [P(np.flatnonzero(alive), H)] if alive.any() else []
    if not alive.all():
        parts.append(P(np.flatnonzero(~alive), W))
    barrier = set(range(32))

    def switch(me):
        run = [p for p in parts if not p.held and p is not me]
        if run:
            q = min([p for p in run if not p.yielded] or run, key=lambda p: p.pc)
            for p in [p for p in parts if p is not q and p.pc == q.pc and not p.held]:
                join(q, p)
            q.yielded = False
            return q
        waiting = [p for p in parts if p.held and p.pc == S and not p.split]
        if waiting and all((p.held and p.pc == S) or p.yielded or p.pc == W
                           for p in parts if barrier & set(p.lanes.tolist())):
            q = waiting[0]
            for p in waiting[1:]:
                join(q, p)
            q.held, q.pc = False, O
            return q
        if me.held:
            raise RuntimeError("no part can run")
        for p in [p for p in parts if p is not me and p.pc == me.pc and not p.held]:
            join(me, p)
        me.yielded = False
        return me

    cur = parts[0]
    for _ in range(200_000):
        p, lanes = cur, cur.lanes
        if trace is not None and p.pc in (H, R, O):
            trace.append(({H: "LDG", R: "round", O: "exit"}[p.pc], tuple(lanes.tolist())))
        if p.pc == H:
            w.ldg(lanes)
            c["instructions"] += INSTR["H"]
            barrier = set(lanes.tolist())
            if any(q.held and q.pc == W for q in parts):
                # re-armed while lanes wait at the WARPSYNC: lanes left waiting at the BSYNC that
                # are outside the new barrier go on (as a part of their own)
                for q in parts:
                    if q.held and q.pc == S and not barrier & set(q.lanes.tolist()):
                        q.held, q.pc = False, O
            p.pc = L
        elif p.pc == L:
            w.lds(lanes, True)
            c["instructions"] += INSTR["R"] + INSTR["Y"]
            p.pc, p.yielded = R, True
            cur = switch(p)
        elif p.pc == R:
            c["instructions"] += INSTR["S"]
            lose, win = w.round_end(lanes)
            if len(lose) and len(win):
                i = parts.index(p)
                parts[i:i + 1] = [P(win, S), P(lose, L)]
                cur = parts[i]
            else:
                p.pc = L if len(lose) else S
        elif p.pc == S:
            c["instructions"] += INSTR["B"]
            c["bsync"] = c.get("bsync", 0) + 1
            here = set(lanes.tolist())
            for q in parts:
                if q.held and q.pc in (S, W):
                    here |= set(q.lanes.tolist())
            inside = np.isin(lanes, list(barrier))
            if barrier <= here:                      # the barrier completes
                for q in [q for q in parts if q.held and q.pc == S]:
                    if set(q.lanes.tolist()) <= barrier:
                        join(p, q)                   # its waiting lanes join this part
                    else:
                        q.held, q.pc = False, O      # left from an earlier arming: on their own
                p.pc = O
            elif not inside.any():
                p.pc = O
            elif inside.all():
                p.held = True
                cur = switch(p)
            else:                                    # lanes outside the barrier pass, the others wait
                i = parts.index(p)
                waits = P(lanes[inside], S)
                waits.held = waits.split = True
                parts[i:i + 1] = [P(lanes[~inside], O), waits]
                cur = parts[i]
        elif p.pc == O:
            c["instructions"] += INSTR["O"]
            c["bra_out"] = c.get("bra_out", 0) + 1
            more, done = w.next_element(lanes)
            if len(more) and len(done):
                i = parts.index(p)
                parts[i:i + 1] = [P(more, H), P(done, W)]
                cur = parts[i]
            else:
                p.pc = H if len(more) else W
        else:                                        # W: the WARPSYNC.ALL
            c["warpsync"] = c.get("warpsync", 0) + 1
            p.held = True
            if all(q.pc == W for q in parts):
                return
            cur = switch(p)
    raise RuntimeError("did not finish")


SCHEDULES = {
    "lockstep": lockstep,
    "yield_release_any": lambda w: yield_release(w, "any"),
    "yield_release_same": lambda w: yield_release(w, "same"),
    "yield_release_apart": lambda w: yield_release(w, "apart"),
    "yield_release_any_rearm": lambda w: yield_release(w, "any", rearm=True),
    "yield_release_same_rearm": lambda w: yield_release(w, "same", rearm=True),
    "lowest_pc_per_warp": lowest_pc_per_warp,
    "h200_rule": h200_rule,
}
LOWEST_LANDS = {"h200_rule"}       # schedules whose same-word stores keep the lowest lane's value
KEYS = ("shared_ld_wavefronts", "shared_st_wavefronts", "global_ld_sectors", "shared_ld_requests",
        "shared_st_requests", "global_ld_requests", "instructions")


def loop_counts(data, schedule, grid: int = 8, block_size: int = 96, traces: list | None = None) -> dict:
    """The retry loop's part of the counts under a schedule, for any launch of one-dimensional
    blocks over ``data`` (h200_rule also counts its BSYNC, branch-back and WARPSYNC executions);
    ``traces``: h200_rule's per-warp traces are appended to it."""
    bins = (np.asarray(data, np.float32) * np.float32(1024)).astype(np.int64) & 0x3FF
    c = dict.fromkeys(KEYS, 0)
    for block in range(grid):
        for warp in range(block_size // 32):
            w = Warp(block, warp, bins, c, nthreads=grid * block_size, n=len(bins),
                     lowest_lands=schedule in LOWEST_LANDS, block_size=block_size)
            if traces is not None and schedule == "h200_rule":
                traces.append([])
                h200_rule(w, traces[-1])
            else:
                SCHEDULES[schedule](w)
    return c


def totals(data, schedule) -> dict:
    """The recorded launch's totals under a schedule: the loop replayed, the rest added as counted."""
    c = loop_counts(data, schedule)
    for k, v in OUTSIDE.items():
        c[k] += v
    c["instructions"] += FIXED_INSTR + c.get("warpsync", 24) - 24     # parts that reach the WARPSYNC apart
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
