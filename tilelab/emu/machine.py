"""The SIMT machine: runs one PTX entry over a whole grid, vectorised with numpy.

Execution model (DESIGN §4):
* Every thread has a PC. The machine always runs the group of runnable threads
  with the *lowest* PC, one instruction at a time over those lanes; this
  reconverges structured code (if/else, loops with thread-dependent trip counts).
* ``bar.sync`` parks a group until no thread can run; then every block whose live
  threads all wait at the same barrier is released, and a block whose threads
  disagree (some skipped it, or exited while others waited) is a finding.
* Lanes 32w .. 32w+31 of a block's linear thread id form warp w; metrics are
  counted per warp request with the rules in ``metrics.py``.
* Blocks don't interact through shared memory, so a big grid runs in chunks of
  blocks, each chunk as one vectorised batch; the blocks of a thread block cluster
  (``__cluster_dims__``) always share a chunk (emu/cluster.py).

Instruction semantics live in ``isa.py``; memory spaces in ``memory.py``;
sanitizers in ``sanitize.py``.
"""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field

import numpy as np

from ..args import check_geometry
from ..structs import AddressOf, Struct
from ..errors import EmulatorError, LaunchError, LaunchTooLarge, StepBudgetExceeded
from ..messages import msg
from ..toolchain.arch import DEFAULT_ARCH
from ..toolchain.sass import entry_sass, sass_listing
from . import calls, carry, contraction, devio, intrinsics, isa, mma_forms, modvars, operands, specialregs, tma, video  # noqa: F401,E501  (carry, intrinsics, mma_forms, tma, video register their handlers)
from . import cluster as clusters  # noqa: F401  (registers mapa; the cluster barrier is the scheduler's)
from . import structs as emu_structs
from . import heap
from . import wgmma as wgmma_path  # noqa: F401  (registers wgmma.*, elect, setmaxnreg, stmatrix, griddepcontrol)
from .counters import generic_mix, ifconvert, remainder_loop, requests, sass_replay
from . import loop_exits, order
from .counters.observed import Observed
from .launch_resources import check_registers
from .counters.metrics import METRIC_KEYS
from .counters.sass_model import plan_for
from .counters.tally import tally
from .counters.undecided import Undecided
from .counting import COUNT_MODES, Counting, check_counts  # noqa: F401  (machine.check_counts, machine.COUNT_MODES)
from .memory import GLOBAL_BASE, GlobalMemory, LocalMemory, SharedMemory, layout, shared_base, static_shared_layout
from .places import line_text, place
from .ptx import Function, Module, parse, parsed  # noqa: F401  (machine.parsed, as before: tilelab.emu exports it)
from .sanitizer.devicestate import device_state_findings
from .sanitizer.findings import Finding, FindingLog, SharedShadow, annotate, english, said, stamp as make_stamp
from .sanitizer.globalrace import GlobalShadow, global_unit
from .sanitizer.uninit import _NO_DEST, LocalGarbage, RegisterTaint, _dests, _regs

CHUNK_THREADS = 1 << 16          # threads run together in one vectorised batch
MAX_THREADS = 1 << 21            # beyond this the launch is refused outright, with an estimate
SAMPLE_ABOVE_THREADS = 1 << 18   # above this, one block is timed first to estimate the whole launch
MAX_SECONDS = 120                # estimated emulation time beyond which a launch is refused
TYPICAL_RATE = 3e7               # lane-instructions per second on full 64K-thread batches
DEFAULT_STEP_BUDGET = 400_000    # group instruction steps per chunk
WALL_LIMIT = float(os.environ.get("TILELAB_EMU_TIMEOUT", "90"))  # CPU seconds per launch before "did not finish"
# (the process's CPU time, not the clock: a right kernel is not stopped because the machine is loaded)


@dataclass
class EmuResult:
    findings: list
    metrics: dict
    per_line: list
    seconds: float
    lane_instructions: int = 0
    per_pc: dict = field(default_factory=dict, repr=False)
    captured: list = field(default_factory=list, repr=False)   # warp requests of capture_pc
    printed: list = field(default_factory=list)                 # device printf lines, in block/warp/lane order
    counts: str = "ptx"             # how memory was counted: "sass" (as ptxas made it, emu/counters/sass_model.py) or "ptx"
    counts_note: str = ""           # why "ptx" when "sass" was asked for (no cubin)
    ptx_metrics: dict = field(default_factory=dict)             # the launch totals counted as in the PTX
    plan: object = field(default=None, repr=False)              # the sass_model.CountPlan used (None: "ptx")
    count_notes: list = field(default_factory=list)             # [{file, line, text}]: requests counted as the
                                                                # PTX runs, and why (emu/counters/ifconvert.py)
    driver_per_pc: dict = field(default_factory=dict, repr=False)  # pc -> {key: n} the driver's vprintf adds
                                                                # (in metrics and per_pc; emu/counters/vprintf_cost.py)


def linked(ptx: str, entry: str) -> Function:
    """The entry ``entry`` of ``ptx`` with every function it can call linked in (emu/calls.py)."""
    module = parsed(ptx)
    return calls.link(module, module.entry(entry))


class Machine:
    """State of one chunk of blocks during a launch."""

    contract = None        # pc -> what ptxas's FMA contraction makes of it (emu/contraction.py)
    tma = None             # the TMA's and the mbarriers' state, made at their first use (emu/tma.py)
    wgmma = None           # the warpgroup path's state, for kernels that use it (emu/wgmma.py)
    observed = None        # counts="sass": the loads whose values the SASS replay may need (counters/observed.py)

    def __init__(self, fn: Function, module: Module, files: dict, source_lines: dict,
                 grid, block, block_ids: np.ndarray, gmem: GlobalMemory, params: dict,
                 dynamic_shared: int, log: FindingLog, counters: dict, sanitize: bool = True,
                 printf: devio.PrintfLog | None = None, variant: int = 0, gshadow=None, uninit: bool = False,
                 lazy=None, cluster=None, arch: str = DEFAULT_ARCH):
        self.fn, self.module, self.files, self.source_lines = fn, module, files, source_lines
        self.grid, self.block = grid, block
        self.tpb = block[0] * block[1] * block[2]
        self.wpb = (self.tpb + 31) // 32
        self.nblocks = len(block_ids)
        self.T = T = self.nblocks * self.tpb
        self.gmem, self.params, self.log, self.counters, self.sanitize = gmem, params, log, counters, sanitize
        self.count_plan: dict = {}      # pc -> sass_model action (counts="sass"); empty: count the PTX
        self.sunk_at = None             # branch pc -> load pcs: global loads ptxas sank past it (counters/sunk.py)
        self.sunk_pending: dict = {}    # branch pc -> the sunk loads' warps, waiting for the branch
        self.hoist_entries = None       # pc where control enters a loop -> shared loads ptxas read before it
        self.hoist_fresh: dict = {}     # such a load's pc -> the warps that entered its loop and have not read it
        self.ptx_counters: dict = {}    # the PTX counts of the planned pcs, for the per-line comparison
        self.narrow_cost: dict = {}     # a merged group's leader pc -> (its width, its last PTX cost) (requests._count_planned)
        self.remainder = None           # counts="sass": remainder_loop.RemainderLoops of the launch

        t = np.arange(T, dtype=np.int64)
        self.all_lanes = t
        self.store_orders = {}           # (lanes, lanes a part) -> the order a store writes them in (isa._keeper_last)
        self.tid_in_block = t % self.tpb
        self.block_local = t // self.tpb
        bid = block_ids[self.block_local]
        self.block_linear = bid
        self.lane = self.tid_in_block % 32
        self.warp_global = self.block_local * self.wpb + self.tid_in_block // 32
        self.gtid = bid * self.tpb + self.tid_in_block       # thread id within the launch
        self.gtid1 = self.gtid + 1
        tx = self.tid_in_block % block[0]
        ty = (self.tid_in_block // block[0]) % block[1]
        tz = self.tid_in_block // (block[0] * block[1])
        bx = bid % grid[0]
        by = (bid // grid[0]) % grid[1]
        bz = bid // (grid[0] * grid[1])
        u = np.uint32
        self.special = {
            "%tid.x": tx.astype(u), "%tid.y": ty.astype(u), "%tid.z": tz.astype(u),
            "%ctaid.x": bx.astype(u), "%ctaid.y": by.astype(u), "%ctaid.z": bz.astype(u),
            "%ntid.x": u(block[0]), "%ntid.y": u(block[1]), "%ntid.z": u(block[2]),
            "%nctaid.x": u(grid[0]), "%nctaid.y": u(grid[1]), "%nctaid.z": u(grid[2]),
            "%laneid": self.lane.astype(u), "%warpid": (self.tid_in_block // 32).astype(u),
            "%nwarpid": u(self.wpb), "%smid": u(0), "%dynamic_smem_size": u(dynamic_shared),
            "%lanemask_lt": ((np.uint64(1) << self.lane.astype(np.uint64)) - np.uint64(1)).astype(u),
            "%lanemask_eq": (np.uint64(1) << self.lane.astype(np.uint64)).astype(u),
        }
        self.special["%lanemask_le"] = self.special["%lanemask_lt"] | self.special["%lanemask_eq"]
        self.special["%lanemask_gt"] = ~self.special["%lanemask_le"]
        self.special["%lanemask_ge"] = ~self.special["%lanemask_lt"]
        self.special.update(specialregs.registers(self, variant))   # %smid, %warpid, clocks: GPU-like
        clusters.setup(self, cluster, fn.explicit_cluster)          # %cluster*, barrier.cluster (emu/cluster.py)
        self.variant = variant                           # when a TMA load's bytes land (emu/tma.py)
        self.gshadow = gshadow                           # global-memory race shadow (None: off)
        self.observer = RegisterTaint(self) if uninit else None
        self.local_garbage = None                        # values loaded from unwritten local bytes (isa)
        self.regs: dict[str, np.ndarray] = {}
        self.global_syms: dict = {}                      # module-scope variables -> global address
        self.printf = printf if printf is not None else devio.PrintfLog()
        self.call_state = None                           # calls.CallState, made at the first call
        used = intrinsics.specials_used(fn)
        reserved = intrinsics.RESERVED_SMEM if any(n.startswith("%reserved_smem") for n in used) else 0

        # shared memory layout: static declarations in order, then dynamic, from the arch's first
        # user address (memory.shared_base: 0x400 on sm_90+, where the GPU puts them)
        layout, off, dyn_align = static_shared_layout(list(fn.vars) + [v for v in module.globals if v.space == "shared"])
        self.smem = SharedMemory(self.nblocks, {k: o for k, o in layout.items() if o is not None},
                                 off, dynamic_shared + reserved, dyn_align, shared_base(arch))
        intrinsics.add_specials(self, used, self.smem.size - reserved, reserved, off + dynamic_shared)
        self.unshadowed_from = self.smem.size - reserved if reserved else None
        for k, o in layout.items():
            if o is None:
                self.smem.static[k] = self.smem.dynamic_offset
        self.shared_syms = self.smem.static
        depot = sum(v.size for v in fn.vars if v.space == "local")
        self.local_syms, loff = {}, 0
        for v in fn.vars:
            if v.space == "local":
                loff = (loff + v.align - 1) // v.align * v.align
                self.local_syms[v.name] = loff
                loff += v.size
        self.lmem = LocalMemory(T, max(depot, loff))
        if sanitize:
            self.lmem.track()                            # uninitialised local reads (isa._access_space)
        self.block_base = self.block_local * self.smem.stride     # each thread's block's shared base
        self.unit = operands.shared_unit(fn)
        self.shadow = SharedShadow(self.smem.arena.nbytes // self.unit + 1, self.unit) if sanitize else None
        self.epoch = np.ones(T, dtype=np.int64)        # block barrier epoch, per thread
        self.wepoch = np.zeros(T, dtype=np.int64)      # warp syncwarp epoch, per thread
        self._uniform_stamp = None
        self.async_state = isa.AsyncCopies(T)
        self.wgmma = None                                # the warpgroup path's state (emu/wgmma.py)
        if wgmma_path.uses(fn):
            self.wgmma = wgmma_path.State(self)

        # scheduler state
        self.pc = np.zeros(T, dtype=np.int64)
        self.alive = np.ones(T, dtype=bool)
        self.waiting = np.zeros(T, dtype=bool)
        self.arrival_alive = np.zeros(T, dtype=bool)
        self.bar_pred = np.zeros(T, dtype=bool)          # votes of bar.red
        self.block_waiting = np.zeros(self.nblocks, dtype=bool)
        self.lane_steps = 0
        self.capture_pc, self.captured = None, []
        self._lay_key, self._lay = None, None
        self.deadline = time.process_time() + WALL_LIMIT
        self.spin_pcs = _spin_loops(fn)
        self.rank = order.schedule_order(fn)            # None: the lowest pc runs first (emu/order.py)
        # loops with several back edges: lanes that take one wait at the head for the trip's other lanes, as at
        # ptxas's one latch after its BSYNC (emu/order.py, latch_joins); ranks double, the waits take odd ones
        self.latches, self.latch_fall, self.latched = None, None, None
        joins = order.latch_joins(fn)
        if joins is not None:
            base = self.rank if self.rank is not None else np.arange(len(fn.instrs) + 1, dtype=np.int64)
            self.rank = 2 * base
            self.latches = {e: 2 * int(max(base[p] for p in lasts)) + 1 for e, lasts in joins.items()}
            self.latch_fall = frozenset(hd for (p, hd) in joins if p + 1 == hd)
            self.latched = np.full(T, -1, dtype=np.int64)
        self.loop_exits = loop_exits.loop_exits(fn)     # branches that leave a loop (emu/loop_exits.py)
        if self.loop_exits and lazy is not None and loop_exits.tail_joins(fn):
            self.loop_exits = _exits_on_cubin(self.loop_exits, fn, lazy)
        self.exit_groups = None                          # made at the first one that parts a group's lanes
        # requests on the SASS control flow (emu/counters/ifconvert.py): branches ptxas predicated, and
        # guarded accesses it branched around; None/empty: counted as the PTX runs
        self.lazy = lazy                       # ifconvert.Lazy (counts="sass"), or None
        self.skips = lazy.branches if lazy is not None else {}
        self.uncertain = set()                 # undecided accesses some warp skipped (set by run())
        self.generic_mix_lines = {}            # lines of generic loads a warp ran in two windows -> undecided keys
                                               # (counters/generic_mix.py)
        self.sass_delta: dict = {}             # pc -> {key: SASS-only count} (set by run())
        self.vprintf_calls: dict = {}          # pc -> warp calls of the driver's vprintf (set by run())
        self.driver_counts: dict = {}          # pc -> {key: n}: the part of counters that is vprintf's (run())
        self.yielded = None                              # threads that yielded in a spin-wait loop
        self.held = None                                 # back from a call through a pointer, waiting for
                                                         # the lanes that called another function (calls.py)
        self.shfl_parked = None                          # at a shfl.sync, waiting for the lanes its mask names
        self.shfl_alone = None                           # released from it: their shfl runs without them

    # ---------------------------------------------------------------- helpers
    def thread_coords(self, t: int) -> tuple:
        tib = int(self.tid_in_block[t])
        b = int(self.block_linear[t])
        bx, by, bz = self.block
        gx, gy, _ = self.grid
        return ((tib % bx, (tib // bx) % by, tib // (bx * by)),
                (b % gx, (b // gx) % gy, b // (gx * gy)))

    def where(self, ins) -> tuple:
        return self.files.get(ins.file, "<ptx>"), ins.line

    def watch_local_garbage(self) -> "LocalGarbage":
        """The watcher of values loaded from unwritten local bytes (sanitizer/uninit.py), made at the first such load
        and chained after any other observer: kernels that never load one pay nothing."""
        if self.local_garbage is None:
            self.local_garbage = LocalGarbage(self)
            self.observer = self.local_garbage if self.observer is None else _both(self.observer, self.local_garbage)
        return self.local_garbage

    def finding(self, kind: str, ins, t: int, address, detail: str, count: int = 1, key_extra=()):
        thread, block = self.thread_coords(int(t))
        file, line = self.where(ins)
        src = line_text(file, line, getattr(self, "kernel_file", None), self.source_lines)
        # one finding per (kind, source line): an unrolled loop repeats a line many times;
        # keyed by the detail's English words (sanitize.Said), so that every language keys alike
        en = english(detail)
        alloc = re.search(r"`(\w+)`", en)           # one out-of-bounds finding per array on a line
        self.log.add((kind, file, line if line else id(ins), en.split(" ", 1)[0],
                      alloc.group(1) if alloc else None) + tuple(key_extra),
                     lambda: Finding(kind, file, line, thread, block,
                                     None if address is None else int(address), detail, source=src),
                     count)

    def lanes(self, idx):
        return self.all_lanes if idx is None else idx

    def tma_access(self, ins, lanes, units, store):
        """A thread's shared access to bytes the TMA may still use (emu/tma.py; isa's race shadow calls it)."""
        return tma.on_access(self, ins, lanes, units, store)

    def _layout(self, idx):
        """Where each lane of a group sits in a [warps, 32] layout; cached while the group lives."""
        if self._lay_key is idx and idx is not None:
            return self._lay
        lanes = self.lanes(idx)
        w = self.warp_global[lanes]
        newrow = np.ones(len(lanes), dtype=bool)
        newrow[1:] = w[1:] != w[:-1]
        row = np.cumsum(newrow) - 1
        nrows = int(row[-1]) + 1 if len(lanes) else 0
        pos = row * 32 + self.lane[lanes]
        act = np.zeros(nrows * 32, dtype=bool)
        act[pos] = True
        self._lay_key, self._lay = idx, (pos, nrows, act.reshape(nrows, 32))
        return self._lay

    def nwarps(self, idx) -> int:
        if idx is None:
            return self.nblocks * self.wpb
        if len(idx) == 0:
            return 0
        return self._layout(idx)[1]

    def warp_matrix(self, idx, values, fill=0):
        """Lay per-lane values out as [warps, 32] with an active mask."""
        if idx is None and self.tpb % 32 == 0:
            v = np.asarray(values).reshape(-1, 32)
            return v, np.ones(v.shape, dtype=bool)
        if len(self.lanes(idx)) == 0:
            return np.zeros((0, 32), dtype=np.asarray(values).dtype), np.zeros((0, 32), dtype=bool)
        pos, nrows, act = self._layout(idx)
        mat = np.full(nrows * 32, fill, dtype=np.asarray(values).dtype)
        mat[pos] = values
        return mat.reshape(nrows, 32), act.copy()

    def count(self, pc: int, key: str, n):
        c = self.counters.setdefault(pc, dict.fromkeys(METRIC_KEYS, 0))
        c[key] += int(n)

    def sass_only(self, pc: int, key: str, n):
        """A count the SASS control flow adds to a pc (or, negative, takes away) that the PTX view
        has not (emu/counters/ifconvert.py); the per-line comparison subtracts it."""
        d = self.sass_delta.setdefault(pc, {})
        d[key] = d.get(key, 0) + int(n)

    def count_ptx(self, pc: int, key: str, n):
        """The PTX count of a pc that counts="sass" counts otherwise (emu/counters/sass_model.py)."""
        c = self.ptx_counters.setdefault(pc, {})
        c[key] = c.get(key, 0) + int(n)

    def capture(self, pc, mat, act, nbytes, store):
        """Keep the warp requests of one instruction (for the profile's bank picture), as offsets
        into the block's shared memory (the banks are the address's: the base is a multiple of 128)."""
        if pc == self.capture_pc and sum(len(c["addr"]) for c in self.captured) < 4096:
            self.captured.append({"addr": self.smem.user(np.array(mat, dtype=np.int64)),
                                  "active": np.array(act, dtype=bool),
                                  "nbytes": int(nbytes), "store": bool(store)})

    def stamp(self, lanes):
        """Race-detector epochs of these lanes: one scalar while every thread agrees."""
        if self._uniform_stamp is None:
            e, w = self.epoch, self.wepoch
            self._uniform_stamp = (int(make_stamp(e[0], w[0])) if (e == e[0]).all() and (w == w[0]).all()
                                   else False)
        if self._uniform_stamp is not False:
            return np.int64(self._uniform_stamp)
        return make_stamp(self.epoch[lanes], self.wepoch[lanes])

    def epochs_changed(self):
        self._uniform_stamp = None

    # ---------------------------------------------------------------- scheduler
    def run(self, budget: int):
        instrs = self.fn.instrs
        n = len(instrs)
        steps = 0
        idx = None          # current group (None = every thread of the chunk)
        gpc = 0             # the group's pc
        others_min = None   # lowest pc (rank, emu/order.py) among runnable threads outside the group
        rank = self.rank
        while True:
            if gpc >= n:
                raise EmulatorError("fell off the end of the kernel without ret")
            ins = instrs[gpc]
            eg = self.exit_groups
            if eg is not None and eg.is_join[gpc] and eg.arrive(self.lanes(idx), gpc):
                # lanes that left a loop went first (the GPU runs a break path as its lanes break) and reached
                # the place where they wait for the loop's other lanes
                self.pc[self.lanes(idx)] = gpc
                idx, gpc, others_min = self._regroup()
                if idx is False:
                    return
                continue
            steps += 1
            if self.hoist_entries is not None and gpc in self.hoist_entries:
                requests.enter_hoisted_loop(self, gpc, idx)     # counters/hoisted.py: these warps read it anew
            if self.observer is not None:
                self.observer(self, ins, idx)
            if steps > budget:
                self._hang(ins, idx, msg("errors.ran_steps", budget=budget))
            if not steps & 1023 and time.process_time() > self.deadline:
                self._hang(ins, idx, msg("errors.ran_seconds", limit=WALL_LIMIT))
            lanes_n = self.T if idx is None else len(idx)
            self.lane_steps += lanes_n
            self.count(gpc, "instructions", self.nwarps(idx))
            op = ins.op
            if op == "barrier" and ins.mods and ins.mods[0] == "cluster":
                clusters.barrier(self, ins, idx, gpc)     # barrier.cluster.arrive/wait (emu/cluster.py)
                idx, gpc, others_min = self._regroup()
                if idx is False:
                    return
                continue
            if op == "call" or op == "trap" or op == "ret" and ins.func:
                # device-function calls, printf/assert, returns to a caller, traps (calls.py)
                calls.control(self, ins, idx, gpc)
                idx, gpc, others_min = self._regroup()
                if idx is False:
                    return
                continue
            if op == "bra" or op == "ret" or op == "exit" or (op == "bar" or op == "barrier") and "warp" not in ins.mods:
                # control flow: these change the group
                if op == "bra":
                    take = operands.guard(self, ins, idx)
                    lanes = self.lanes(idx)
                    rl = self.remainder
                    if rl is not None and gpc in rl.outer and (take is None or take.any()):
                        rl.outer_taken |= rl.outer[gpc]      # lanes go round a loop enclosing one (remainder_loop)
                        if rl.entry is None:
                            rl.entry = np.zeros(self.T, np.int32)
                        rl.entry[lanes if take is None else lanes[take]] += 1
                    if gpc in self.skips:     # ptxas predicated what this branch jumps over (emu/counters/ifconvert.py)
                        ifconvert.count_skipped(self, gpc, idx, take)
                    if self.sunk_at is not None and gpc in self.sunk_at:   # a load ptxas sank past it (counters/sunk.py)
                        requests.count_sunk_at_branch(self, gpc, idx, take)
                    if gpc in self.spin_pcs and (others_min is not None or self.yielded is not None
                                                 or self.tma is not None) and \
                            (take is None or take.any()):
                        # a spin-wait loop (CG's barriers, grid.sync, a volatile flag): let the others run
                        moving = lanes if take is None else lanes[take]
                        self.pc[lanes] = gpc + 1
                        self.pc[moving] = ins.target
                        if self.yielded is None:
                            self.yielded = np.zeros(self.T, dtype=bool)
                        self.yielded[moving] = True
                        idx, gpc, others_min = self._regroup()
                        if idx is False:
                            return
                        continue
                    latches = self.latches
                    if take is None or take.all():
                        if latches is not None and (gpc, ins.target) in latches:
                            idx, gpc, others_min = self._latch(lanes, gpc, ins.target)
                            if idx is False:
                                return
                            continue
                        gpc = ins.target
                    elif not take.any():
                        if latches is not None and (gpc, gpc + 1) in latches:
                            idx, gpc, others_min = self._latch(lanes, gpc, gpc + 1)
                            if idx is False:
                                return
                            continue
                        gpc += 1
                    else:
                        self.pc[lanes] = np.where(take, ins.target, gpc + 1)
                        if latches is not None:
                            for side, to in ((take, ins.target), (~take, gpc + 1)):
                                if (gpc, to) in latches:
                                    self.latched[lanes[side]] = latches[(gpc, to)]
                        if self.loop_exits is not None and gpc in self.loop_exits:   # lanes leave a loop apart
                            if self.exit_groups is None:
                                self.exit_groups = loop_exits.ExitGroups(self.T, self.loop_exits, n)
                            self.exit_groups.leave(lanes, take, self.loop_exits[gpc])
                        idx, gpc, others_min = self._regroup()
                        if idx is False:
                            return
                        continue
                elif op in ("ret", "exit"):
                    take = operands.guard(self, ins, idx)
                    lanes = self.lanes(idx)
                    dead = lanes if take is None else lanes[take]
                    self.alive[dead] = False
                    if self.block_waiting.any():
                        self._exit_while_waiting(ins, dead)
                    if self.cwaiting is not None:
                        clusters.on_exit(self, dead)
                    self.pc[lanes] = gpc + 1
                    idx, gpc, others_min = self._regroup()
                    if idx is False:
                        return
                    continue
                else:  # bar.sync / barrier.sync / bar.red (__syncthreads_count/and/or)
                    lanes = self.lanes(idx)
                    self.pc[lanes] = gpc
                    if "red" in ins.mods:
                        self.bar_pred[lanes] = np.broadcast_to(operands.read(self, ins.args[2], "pred", idx),
                                                               (len(lanes),))
                    self._arrive(lanes)
                    idx, gpc, others_min = self._regroup()
                    if idx is False:
                        return
                    continue
                if others_min is not None and (gpc if rank is None else rank[gpc]) >= others_min:
                    self.pc[self.lanes(idx)] = gpc
                    idx, gpc, others_min = self._regroup()
                    if idx is False:
                        return
                continue
            meet = self._shfl_meet if op == "shfl" else self._vote_meet if op == "vote" and "sync" in ins.mods else \
                self._syncwarp_meet if op == "bar" else None
            if meet is not None and (idx is not None or self.shfl_parked is not None) and meet(ins, idx, gpc):
                idx, gpc, others_min = self._regroup()
                if idx is False:
                    return
                continue
            isa.execute(self, ins, idx, gpc)
            gpc += 1
            if self.latch_fall is not None and gpc in self.latch_fall and (gpc - 1, gpc) in self.latches:
                idx, gpc, others_min = self._latch(self.lanes(idx), gpc - 1, gpc)
                if idx is False:
                    return
                continue
            if others_min is not None and (gpc if rank is None else rank[gpc]) >= others_min:
                self.pc[self.lanes(idx)] = gpc
                idx, gpc, others_min = self._regroup()
                if idx is False:
                    return

    def _latch(self, lanes, frm: int, head: int):
        """Lanes take a back edge of a loop with several (emu/order.py, latch_joins): they wait at the head
        until no lane ranks below the loop body's last place, then run the next trip together."""
        self.pc[lanes] = head
        self.latched[lanes] = self.latches[(frm, head)]
        return self._regroup()

    def _unpark(self, lanes) -> None:
        """Lanes parked at a shuffle go on alone (``shfl_alone``): no mate of their warp can still come to it. A live
        mate their mask names that waits elsewhere (a barrier, a vote) is a finding when they run it
        (sanitizer/warpmask.apart)."""
        if self.shfl_alone is None:
            self.shfl_alone = np.zeros(self.T, dtype=bool)
        self.shfl_alone |= lanes
        self.shfl_parked[lanes] = False

    def _regroup(self):
        """Pick the runnable threads with the lowest PC; release barriers when none can run."""
        while True:
            runnable = self.alive & ~self.waiting
            if self.cwaiting is not None:
                runnable &= ~self.cwaiting
            if self.held is not None:
                runnable &= ~self.held
            if self.shfl_parked is not None:
                runnable &= ~self.shfl_parked
                if self.yielded is not None and self.shfl_parked.any() and not (runnable & ~self.yielded).any():
                    # only spin-waiters can run, and they may wait for parked lanes (warp-rnnt's kernel_warp: its
                    # parked lane 0 raises the counter the next block spins on). Lanes whose warp has no other lane
                    # that could still come (all ended, parked or at a barrier) go, as when nothing runs (below).
                    coming = self.alive & ~self.shfl_parked & ~self.waiting
                    free = self.shfl_parked & ~np.isin(self.warp_global, self.warp_global[coming])
                    if free.any():
                        runnable |= free
                        self._unpark(free)
            if runnable.any():
                if (self.yielded is not None and self.waiting.any() and not (runnable & ~self.yielded).any()
                        and self._release_complete_blocks()):
                    continue
                break
            if self.held is not None:             # the lanes they waited for ended or wait at a barrier
                self.held = None
                continue
            if self.shfl_parked is not None and self.shfl_parked.any():   # their mates wait elsewhere or ended
                self._unpark(self.shfl_parked.copy())
                continue
            if not self.waiting.any():
                if self.cwaiting is not None and self.cwaiting.any():
                    clusters.deadlock(self)           # a cluster barrier that can never complete
                    continue
                return False, 0, None
            self._release_barriers()
        eg = self.exit_groups
        if eg is not None and eg.going:           # lanes that just left a loop go first (emu/loop_exits.py)
            pick = runnable & eg.first
            if pick.any():
                pcs = np.where(pick, self.pc, np.iinfo(np.int64).max)
                lo = int(pcs.min())
                group = pcs == lo
                return (None if group.all() else np.flatnonzero(group)), lo, None
            eg.stop_going()
        pcs = np.where(runnable, self.pc, np.iinfo(np.int64).max)
        if self.yielded is not None:              # spin-waiting threads go last (see _spin_loops)
            pref = runnable & ~self.yielded
            if pref.any():
                pcs = np.where(pref, self.pc, np.iinfo(np.int64).max)
            else:
                self.yielded = None
                if self.tma is not None and tma.stalled(self, runnable):   # mbarriers that never complete
                    return self._regroup()
        if self.rank is not None:                 # a join above its way in: the order of emu/order.py
            pcs = np.where(pcs == np.iinfo(np.int64).max, pcs, self.rank[np.minimum(pcs, len(self.rank) - 1)])
        if self.latched is not None:              # lanes waiting at a loop's head for its trip's others
            pcs = np.where((pcs != np.iinfo(np.int64).max) & (self.latched >= 0), self.latched, pcs)
        pcs = self._at_call_sites(pcs)
        lo = int(pcs.min())
        group = pcs == lo
        if self.latched is not None and lo & 1:   # their wait is over: one head's lanes go on together
            group &= self.pc == self.pc[int(np.argmax(group))]
            self.latched[group] = -1
        rest = pcs[~group]
        others = int(rest.min()) if rest.size and rest.min() != np.iinfo(np.int64).max else None
        if self.rank is not None:
            lo = int(self.pc[int(np.argmax(group))])
        if group.all():
            return None, lo, others
        return np.flatnonzero(group), lo, others

    def _at_call_sites(self, pcs):
        """Threads inside a called function (a device function NVVM did not inline, e.g. pow's
        __internal_accurate_pow) rank at their outermost call site, not at the callee's pcs, which calls.link
        lays out after the kernel: lanes of a warp that skipped the call (a loop's ``continue`` to its latch,
        above the callee's pcs) wait there for the lanes in the call, as at ptxas's BSYNC, instead of running
        the next trips alone (pcseg's segmentation_kernel, docs/FIDELITY.md). Among the threads of the lowest
        call site, those not yet in the call go first, then the callee's lowest pc."""
        st = getattr(self, "call_state", None)
        if st is None or not st.frame_at:
            return pcs
        inside = (st.depth > 0) & (pcs != np.iinfo(np.int64).max)
        if not inside.any():
            return pcs
        site = pcs.copy()
        fids = st.frame_at[0][inside]
        rets = np.fromiter((st.frames[int(f)].ret_pc - 1 for f in fids), dtype=np.int64, count=len(fids))
        if self.rank is not None:
            rets = self.rank[np.minimum(rets, len(self.rank) - 1)]
        site[inside] = rets
        big = np.iinfo(np.int64).max
        lo = int(site.min())
        at = site == lo
        if not (at & inside).any():
            return pcs                       # the lowest place is outside every call: as before
        out = np.full_like(pcs, big)
        first = at & ~inside                 # at the call site itself, not yet in the call
        out[first if first.any() else at] = pcs[first if first.any() else at]
        return out

    def _shfl_meet(self, ins, idx, gpc):
        """shfl.sync where the member mask names lanes of the warp that are elsewhere (the other side of a
        divergent branch): on the GPU the lanes wait for each other and exchange at their own shfl.sync
        instructions (the H200, docs/FIDELITY.md's seventeenth suite). A shfl without .sync meets as a full
        mask's does (YuenyeungSpTRSV's __shfl_down after its lanes' spin-waits, unseen152). Parks this group
        until those lanes reach one, then runs the exchanges as one (isa.shfl_together). False: the usual
        exchange."""
        lanes = self.lanes(idx)
        if self.shfl_alone is not None and self.shfl_alone[lanes].any():
            self.shfl_alone[lanes] = False                # released: the others ended or wait at a barrier
            self.count(gpc, "instructions", -self.nwarps(idx))   # counted when it parked
            return False
        if "sync" in ins.mods:                             # each lane's own member mask
            mask = np.broadcast_to(np.asarray(operands.read(self, ins.args[4], "b32", idx)),
                                   (len(lanes),)).astype(np.int64)
        else:
            # a shfl without .sync (PTX for targets before sm_70: __shfl_down): the warp's lanes meet at it as they
            # reconverge there on the GPU (the branch's post-dominator), as a full mask's would
            mask = np.full(len(lanes), 0xFFFFFFFF, dtype=np.int64)
        parked, warps, wrow, mates, mrow, bit, waits = self._mates_away(lanes, mask)
        parked = parked.copy()                             # the lanes parked before this group came
        partial = bool(waits.any())
        if partial:                                        # these lanes wait for theirs; the rest go on
            if self.shfl_parked is None:
                self.shfl_parked = np.zeros(self.T, dtype=bool)
            self.shfl_parked[lanes[waits]] = True
            self.pc[lanes[waits]] = gpc
            if waits.all():
                return True
            # the rest still meet their own parked mates (warps of one group, some waiting, some complete:
            # YuenyeungSpTRSV's warp-level rows, unseen152)
            lanes, mask, wrow = lanes[~waits], mask[~waits], wrow[~waits]
        atpark = np.zeros(len(warps), dtype=np.int64)
        np.bitwise_or.at(atpark, mrow, np.where(parked[mates], bit, 0))
        if not ((mask & atpark[wrow]) != 0).any():
            if partial:
                isa.shfl_together(self, [(ins, lanes)])
                self.pc[lanes] = gpc + 1
                return True
            return False
        there = mates[parked[mates] & np.isin(mrow, np.unique(wrow[(mask & atpark[wrow]) != 0]))]
        there = there[[self.fn.instrs[int(p)].op == "shfl" for p in self.pc[there]]]   # not lanes at a vote
        parts = [(ins, lanes if partial else idx)] + \
            [(self.fn.instrs[int(p)], there[self.pc[there] == p]) for p in np.unique(self.pc[there])]
        isa.shfl_together(self, parts)
        self.shfl_parked[there] = False
        self.pc[there] += 1
        self.pc[lanes] = gpc + 1
        return True

    def _mates_away(self, lanes, mask):
        """For a group's ``lanes`` at a warp-collective instruction with member ``mask`` (one per lane): the lanes
        parked at such instructions, the group's warps (``wrow``: each lane's row), every lane of those warps
        (``mates``, ``mrow``, ``bit``), and which of the group's lanes must wait for a mate that could still come
        (alive, elsewhere, not parked, not at a barrier)."""
        here = np.zeros(self.T, dtype=bool)
        here[lanes] = True
        parked = self.shfl_parked if self.shfl_parked is not None else here & False
        warps, wrow = np.unique(self.warp_global[lanes], return_inverse=True)
        mates = np.flatnonzero(np.isin(self.warp_global, warps))
        mrow = np.searchsorted(warps, self.warp_global[mates])
        bit = np.int64(1) << self.lane[mates].astype(np.int64)
        away = np.zeros(len(warps), dtype=np.int64)         # per warp: lanes elsewhere that could still come
        np.bitwise_or.at(away, mrow, np.where(self.alive[mates] & ~here[mates] & ~parked[mates]
                                              & ~self.waiting[mates], bit, 0))
        return parked, warps, wrow, mates, mrow, bit, (mask & away[wrow]) != 0

    def _vote_meet(self, ins, idx, gpc):
        """vote.sync (__any_sync, __all_sync, __ballot_sync) where the member mask names lanes of the warp that
        are elsewhere: on the GPU each lane waits until the mask's non-exited lanes have executed it, so the vote
        is the whole mask's. Parks this group's lanes whose mates could still come (counted once, when the warp
        votes); lanes whose mates are all here vote together with their mates parked at this instruction.
        False: the usual vote (no mate elsewhere, or released alone: the mates ended or wait at a barrier)."""
        return self._meet(ins, idx, gpc, 2, lambda p: p == gpc)

    def _syncwarp_meet(self, ins, idx, gpc):
        """bar.warp.sync (__syncwarp) where the member mask names lanes of the warp that are elsewhere: since Volta
        each lane waits until the mask's lanes have executed a bar.warp.sync, any one of them (the PTX ISA). Parks
        this group's lanes whose mates could still come (counted once, as a vote's); lanes whose mates are all
        here go on together with their mates parked at any __syncwarp. False: the usual __syncwarp (no mate
        elsewhere, or released alone: the mates ended or wait where they cannot come, sanitizer/warpmask.apart)."""
        return self._meet(ins, idx, gpc, 0, lambda p: self._is_syncwarp(self.fn.instrs[p]))

    def _meet(self, ins, idx, gpc, k: int, meets) -> bool:
        """A vote's or a __syncwarp's rendezvous (member mask in operand ``k``): this group's lanes whose mates could
        still come park (counted once: the instruction runs when they meet); the others run it together with their
        warps' lanes parked where ``meets(pc)`` holds, each at its own instruction. False: the usual run."""
        lanes = self.lanes(idx)
        if self.shfl_alone is not None and self.shfl_alone[lanes].any():
            self.shfl_alone[lanes] = False                # released: the others ended or wait at a barrier
            return False
        mask = np.broadcast_to(np.asarray(operands.read(self, ins.args[k], "b32", idx)),
                               (len(lanes),)).astype(np.int64) & 0xFFFFFFFF
        parked, _, _, mates, _, _, waits = self._mates_away(lanes, mask)
        if waits.any():
            if self.shfl_parked is None:
                self.shfl_parked = np.zeros(self.T, dtype=bool)
            self.shfl_parked[lanes[waits]] = True
            self.pc[lanes[waits]] = gpc
            self.count(gpc, "instructions", -len(np.unique(self.warp_global[lanes[waits]])))
            if waits.all():
                return True
        go = lanes[~waits]
        there = mates[parked[mates] & np.isin(self.warp_global[mates], np.unique(self.warp_global[go]))]
        there = there[np.fromiter((meets(int(p)) for p in self.pc[there]), dtype=bool, count=len(there))]
        if not waits.any() and not len(there):
            return False
        if len(there):
            self.shfl_parked[there] = False
        isa.execute(self, ins, np.union1d(go, there[self.pc[there] == gpc]), gpc)
        for p in np.unique(self.pc[there]):
            if p != gpc:
                isa.execute(self, self.fn.instrs[int(p)], there[self.pc[there] == p], int(p))
        self.pc[there] += 1
        self.pc[go] = gpc + 1
        return True

    @staticmethod
    def _is_syncwarp(ins) -> bool:
        return ins.op == "bar" and "warp" in ins.mods

    def _arrive(self, lanes):
        blocks = np.unique(self.block_local[lanes])
        new = blocks[~self.block_waiting[blocks]]
        if len(new):
            sel = np.isin(self.block_local, new)
            self.arrival_alive[sel] = self.alive[sel]
            self.block_waiting[new] = True
        self.waiting[lanes] = True

    def _exit_while_waiting(self, ins, dead):
        waiting_blocks = self.block_waiting[self.block_local[dead]]
        if waiting_blocks.any():
            t = int(dead[np.argmax(waiting_blocks)])
            self.finding("barrier_divergence", ins, t, None, said("finding.exited_at_barrier"),
                         int(waiting_blocks.sum()))

    def _release_barriers(self):
        w = self.waiting
        blocks = np.unique(self.block_local[w])
        for b in blocks:
            sl = slice(b * self.tpb, (b + 1) * self.tpb)
            wt = w[sl]
            pcs = self.pc[sl][wt]
            missing = self.arrival_alive[sl] & ~wt
            if pcs.min() != pcs.max() or missing.any():
                ins = self.fn.instrs[int(pcs.min())]
                if pcs.min() != pcs.max():
                    other = self.fn.instrs[int(pcs.max())]
                    detail = said("finding.different_barriers", line=ins.line, other=other.line)
                    t = b * self.tpb + int(np.flatnonzero(wt)[np.argmax(pcs)])
                else:
                    t = b * self.tpb + int(np.flatnonzero(missing)[0])
                    detail = said("finding.barrier_skipped")
                self.finding("barrier_divergence", ins, t, None, detail)
        # release: everyone past their barrier, new epoch for the race detector
        self._past_barrier(np.flatnonzero(w))
        if self.shadow is not None:
            self.shadow.new_epoch()
        self.waiting[:] = False
        self.block_waiting[:] = False
        self.arrival_alive[:] = False

    def _release_complete_blocks(self) -> bool:
        """Release the barrier of each block whose live threads all wait at it, while the only threads that can
        run spin-wait: the flag they wait on may be set after that barrier by another block (Marlin's
        lock-ordered global reduction, unseen194: block 1 waits at __syncthreads before it raises the lock block
        0's thread 0 spins on). _release_barriers would wait for the spinners, which never stop. The shadow's
        read log stays: each access's epoch stamp already keeps the released block's earlier reads apart."""
        w = self.waiting
        done = []
        for b in np.unique(self.block_local[w]):
            sl = slice(b * self.tpb, (b + 1) * self.tpb)
            pcs = self.pc[sl][w[sl]]
            if not (self.arrival_alive[sl] & ~w[sl]).any() and pcs.min() == pcs.max():
                done.append(b)
        if not done:
            return False
        mine = np.isin(self.block_local, done)
        idx = np.flatnonzero(w & mine)
        self._past_barrier(idx)
        self.waiting[idx] = False
        self.block_waiting[done] = False
        self.arrival_alive[mine] = False
        return True

    def _past_barrier(self, idx):
        """The waiting threads ``idx`` leave their barrier: its votes reduced, one instruction on, a new epoch."""
        self._reduce_votes(idx)
        self.pc[idx] += 1
        self.epoch[idx] += 1
        self.epochs_changed()

    def _reduce_votes(self, idx):
        """bar.red.popc/and/or: every waiting thread gets its block's count/and/or of the votes."""
        for pc in np.unique(self.pc[idx]):
            ins = self.fn.instrs[int(pc)]
            if "red" not in ins.mods:
                continue
            lanes = idx[self.pc[idx] == pc]
            blk = self.block_local[lanes]
            votes = np.bincount(blk, weights=self.bar_pred[lanes], minlength=self.nblocks)[blk]
            total = np.bincount(blk, minlength=self.nblocks)[blk]
            if "popc" in ins.mods:
                val = votes.astype(np.uint32)
            elif "and" in ins.mods:
                val = votes == total
            else:
                val = votes > 0
            operands.write(self, ins.args[0], val, lanes)
            if self.observed is not None and int(pc) in self.observed.pcs:   # for the SASS replay's B2R
                self.observed.keep_bar_red(int(pc), self.gtid[lanes], val, self.epoch[lanes] + 1)

    def _hang(self, ins, idx, what):
        lanes = self.lanes(idx)
        t = int(lanes[0])
        thread, block = self.thread_coords(t)
        where, excerpt = place(self, ins)
        raise StepBudgetExceeded(
            msg("errors.no_finish", what=what, thread=",".join(map(str, thread)), block=",".join(map(str, block)),
                where=where) + excerpt + msg("errors.no_finish_fix"))


def _replays_loops(lazy, fn) -> bool:
    """Whether the launch's loop lines may be replayed (sass_replay.apply: a shared access in a loop, and a line
    ptxas predicated more accesses on than the if-conversion model places), so that what its loads read is kept."""
    if lazy is None or not sass_replay.loop_accesses(fn):
        return False
    try:
        return bool(ifconvert.plan_for(*lazy.args).unplaced)
    except Exception:        # no SASS to read: apply() will not replay either
        return False


def _spin_loops(fn) -> frozenset:
    """PCs of backward branches whose loop waits on memory another thread will change: a loop whose
    way out depends on what it reads with ld.acquire, ld.volatile, an atomic or an mbarrier test (a
    spin-wait). Lowest-PC-first would starve the thread they wait for, so a thread taking such a
    branch yields to the others (cooperative groups' multi-warp barriers, grid.sync, a CAS retry).
    A loop that only does an atomic a trip (``if (near) atomicAdd(&count[i], 1);``) does not wait:
    its lanes keep to the lowest PC and reconverge, as a warp does (docs/FIDELITY.md, the ninth
    unseen suite's neighbour list). A loop around a spin-wait yields too. A plain global load counts as a
    spin-wait's read in a loop that also runs a fence (``while (flag[i] != 1) __threadfence_block();``,
    YuenyeungSpTRSV's warp-level wait, unseen152): the fence makes each trip load the flag again."""
    s = fn.__dict__.get("_spin_pcs")
    if s is None:
        waits = {(ins.target, pc): _loop_waits(fn, ins.target, pc) for pc, ins in enumerate(fn.instrs)
                 if ins.op == "bra" and 0 <= ins.target <= pc}
        loops = [lp for lp, w in waits.items() if w]
        # a fenced plain load decides the exit through the branch it guards as well (control)
        spins = {(t, pc) for t, pc in loops
                 if _exit_depends(fn, t, pc, waits[(t, pc)])
                 or _exit_depends(fn, t, pc, waits[(t, pc)] - _loop_waits(fn, t, pc, fenced_loads=False),
                                  control=True)}
        # a loop around a spin-wait (a histogram's retry loop in its loop over the data) yields as before
        out = {pc for t, pc in loops if any(t <= t2 and pc2 <= pc for t2, pc2 in spins)}
        s = fn.__dict__["_spin_pcs"] = frozenset(out)
    return s


def _loop_waits(fn, s: int, e: int, fenced_loads: bool = True) -> set:
    """The loop s..e's instructions that read what another thread may be changing: _reads_others's, and where
    the loop runs a fence (membar, fence: not a proxy fence), its plain loads of global memory too."""
    body = fn.instrs[s:e + 1]
    fenced = fenced_loads and any(i.op == "membar" or i.op == "fence" and "proxy" not in i.mods for i in body)
    return {s + k for k, i in enumerate(body)
            if _reads_others(i) or fenced and i.op == "ld" and not any(
                q in i.mods for q in ("shared", "local", "param", "const", "nc"))}


def _reads_others(i) -> bool:
    """Whether an instruction reads what another thread may be changing (a spin-wait's read)."""
    return (i.op in ("atom", "ld") and ("acquire" in i.mods or "volatile" in i.mods or i.op == "atom")
            or i.op == "mbarrier" and i.mods[0] in ("try_wait", "test_wait"))


def _exit_depends(fn, s: int, e: int, waits: set, control: bool = False) -> bool:
    """Whether a way out of the loop s..e (its guarded back edge, a branch, ret or exit leaving it)
    depends, through the registers the loop computes, on one of the ``waits`` instructions' results.
    A loop with no guarded way out is taken to wait (as before this rule). ``control``: a register set
    after a guarded forward branch of the loop depends on that branch's guard too (a flag's test that
    decides whether a counter moves: YuenyeungSpTRSV's thread-level rows, ``j++`` only once the flag is 1)."""
    instrs = fn.instrs
    fwd = [pc for pc in range(s, e + 1) if control and instrs[pc].op == "bra" and instrs[pc].guard is not None
           and instrs[pc].target > pc]
    need = set()
    for pc in range(s, e + 1):
        i = instrs[pc]
        leaves = (i.op == "bra" and (pc == e or not s <= i.target <= e)) or i.op in ("ret", "exit")
        if leaves and i.guard is not None:
            need.add(i.guard)
    if not need:
        return True
    while True:
        grown = False
        for pc in range(s, e + 1):
            i = instrs[pc]
            if i.op in _NO_DEST or not i.args or not need.intersection(_dests(i.args[0])):
                continue
            if pc in waits:
                return True
            srcs = {n for a in i.args[1:] for n in _regs(a)} | ({i.guard} if i.guard else set())
            srcs |= {instrs[b].guard for b in fwd if b < pc}
            if not srcs <= need:
                need |= srcs
                grown = True
        if not grown:
            return False


def _pointed(symbols) -> list:
    """``[(symbol, buffer label, array)]``: the buffers ``symbols``' values point to, in ``symbols``' order: a
    tl.AddressOf's array (a pointer variable), and each pointer field's array of a tl.Struct (a struct variable the
    host fills with cudaMemcpyToSymbol, CLAHE3D's ``inArgsEq_d`` with its three device buffers, unseen236)."""
    out = []
    for k, a in (symbols or {}).items():
        if isinstance(a, AddressOf):
            out.append((k, f"*{k}", a.array))
        elif isinstance(a, Struct):
            out += [(k, f"*{k}.{path}", arr) for path, _off, arr in a.validate().arrays()]
    return out


def _read_back_pointed(gmem, buffers, first, symbols) -> None:
    """The arrays of ``symbols``' tl.AddressOf and tl.Struct values get their buffers' bytes after the launch (they
    follow the module variables, in ``_pointed``'s order)."""
    for j, (_k, _label, a) in enumerate(_pointed(symbols)):
        if a.flags.writeable and first + j < len(buffers) and buffers[first + j][0].startswith("*"):
            gmem.read_back(first + j, a)


def _global_memory(kernel, fn, module, args, symbols, nblocks, tpb) -> tuple:
    """A launch's global memory: the kernel's pointer arguments, the module variables it reaches
    (their initial bytes, or the host's ``symbols``), and cooperative groups' grid workspace.
    Returns (buffers, params, n_args, module_vars, gmem, global_syms, grid_sync); ``params`` maps
    each PTX parameter to its value (a pointer: the allocation's address)."""
    # kernel parameters: pointers become global allocations
    buffers, params = [], {}
    for (pname, ptype), p, a in zip(fn.params, kernel.params, args):
        if p.pointer:
            params[pname] = ("ptr", len(buffers))
            buffers.append((p.name, a))
        elif tma.is_map_param(p):                 # a CUtensorMap: its bytes and tensor (emu/tma.py)
            params[pname] = ("map", a, p.name)
        elif isinstance(a, Struct):               # a struct by value: its bytes and arrays (emu/structs.py)
            params[pname] = ("struct", a, p.name)
        else:
            params[pname] = ("val", a)
    n_args = len(buffers)
    # module-scope __device__ / __constant__ variables live in global memory too
    # (only those the kernel names: CCCL's headers declare hundreds it never reads)
    # and those their initialisers point to: a string table's strings (emu/modvars.py)
    module_vars = modvars.reached(module, intrinsics.symbols_used(fn))
    func_addrs = getattr(fn, "func_addrs", {})                # dispatch tables hold these (calls.py)
    modvars.check(module, module_vars, kernel, func_addrs)
    symbols = dict(symbols or {})
    symbols = {modvars.symbol_keys(symbols, [v.name for v in module_vars])[k]: a for k, a in symbols.items()}
    # a symbol that holds buffers' addresses (tl.AddressOf, a tl.Struct's pointer fields): the buffers go after the
    # module variables, the variable gets their addresses (a struct: its bytes, packed with them)
    pointed = _pointed(symbols)
    offsets, _ = layout([a.nbytes for _, a in buffers] + [v.size for v in module_vars]
                        + [a.nbytes for _, _, a in pointed])
    addresses = {v.name: GLOBAL_BASE + off for v, off in zip(module_vars, offsets[n_args:])}
    addresses.update(func_addrs)
    first = n_args + len(module_vars)
    placed = {id(a): GLOBAL_BASE + offsets[first + j] for j, (_, _, a) in enumerate(pointed)}
    for k, a in list(symbols.items()):
        if isinstance(a, AddressOf):
            symbols[k] = np.array([placed[id(a.array)]], dtype=np.uint64)
        elif isinstance(a, Struct):
            symbols[k] = np.frombuffer(a.pack(lambda arr: placed[id(arr)]), dtype=np.uint8)
    for v in module_vars:
        data = modvars.initial(v, addresses)
        if v.name in symbols:
            given = np.ascontiguousarray(symbols.pop(v.name)).view(np.uint8).reshape(-1)
            if given.nbytes > v.size:
                raise LaunchError(f"symbols[{v.name!r}] has {given.nbytes} bytes; the variable holds {v.size}")
            data[:given.nbytes] = given
        buffers.append((modvars.display_name(v), data))
    # a variable of the module this kernel does not read: the host may set it (cudaMemcpyToSymbol before a
    # step of kernels, SPH_3D_CUDA's `para`) and it changes nothing here, as on the GPU (gpu/spec.check_symbols)
    for v in module.globals:
        if v.name in symbols and modvars.allocated(v):
            if np.ascontiguousarray(symbols.pop(v.name)).nbytes > v.size:
                raise LaunchError(f"symbols[{v.name!r}] is larger than the variable ({v.size} bytes)")
    if symbols:
        raise LaunchError(f"no __constant__/__device__ variable named {', '.join(map(repr, symbols))} that the "
                          f"kernel uses (module variables: "
                          f"{', '.join(v.name for v in module_vars if not v.name.startswith('$')) or 'none'})")
    for _k, label, a in pointed:
        buffers.append((label, np.ascontiguousarray(a).copy()))
    grid_sync = intrinsics.uses_grid_sync(fn)
    if grid_sync:                                  # cooperative groups' grid workspace (%envreg1/2)
        intrinsics.grid_sync_chunk(fn, nblocks, tpb, 0)
        buffers.append(("<grid.sync workspace>", np.zeros(16, dtype=np.uint8)))
    workspace = len(buffers) - 1
    structs = emu_structs.place(params, buffers, n_args)
    maps = tma.place_maps(params, buffers, n_args)
    gmem = GlobalMemory(buffers, heap.wanted(module))
    global_syms = {v.name: gmem.allocs[n_args + i].base for i, v in enumerate(module_vars)}
    if grid_sync:
        global_syms["%grid_workspace"] = gmem.allocs[workspace].base
    for pname, (kind, v, *_) in list(params.items()):
        if kind == "ptr":
            params[pname] = np.uint64(gmem.allocs[v].base)
        elif kind == "val":
            params[pname] = v
    tma.encode_maps(maps, gmem, params)
    emu_structs.encode(structs, gmem, params)
    emu_structs.address_taken(fn, params, gmem,       # a __grid_constant__ parameter read through its address
                              {pn for (pn, _), p in zip(fn.params, kernel.params) if p.pointer})
    return buffers, params, n_args, module_vars, gmem, global_syms, grid_sync


def _exits_on_cubin(exits: dict, fn, lazy) -> dict:
    """The loop exits with the joins the cubin shows (``loop_exits.without_barrier``), cached on ``fn`` per SM; the
    PTX's where no SASS can be had."""
    kernel, _, files, arch = lazy.args
    cache = fn.__dict__.setdefault("_exits_on_cubin", {})
    if arch not in cache:
        try:
            listing = list(sass_listing(entry_sass(kernel.program.sass(arch), kernel.entry), kernel.program.filename))
        except Exception:       # no nvdisasm, or ptxas refused the kernel: the PTX's joins
            cache[arch] = exits
        else:
            cache[arch] = loop_exits.without_barrier(exits, fn, listing,
                                                     lambda ins: (files.get(ins.file, "<ptx>"), ins.line))
    return cache[arch]


def run(kernel, grid, block, args, shared_bytes: int = 0, step_budget: int | None = None,
        sanitize: bool = True, copy_back=None, capture_pc: int | None = None, symbols=None,
        variant: int = 0, uninit: bool = False, counts: str = "sass", arch: str = DEFAULT_ARCH,
        counting: Counting | None = None, blocks=None, watch=None) -> EmuResult:
    """Run ``kernel`` (a tilelab Kernel) over the grid; numpy arrays in ``args`` are updated in place.

    ``blocks`` (linear block ids) runs only those blocks of the grid: the counts are theirs (a loop
    ptxas rebuilt with predicated trips is then counted as in the PTX, emu/sass_replay.py replays
    whole launches only); the grading judge samples the blocks of a launch too large to run whole.
    ``watch(machine, instruction, lanes)`` is called before every instruction (tilelab/pipeline.py).

    ``symbols`` gives ``__constant__``/``__device__`` variables their contents by name (what the
    host does with cudaMemcpyToSymbol). ``variant`` picks the GPU-like values of %smid, %warpid and
    the clocks (emu/specialregs.py); ``uninit`` adds the uninitialised-register pass (emu/sanitizer/uninit.py),
    which costs time. ``counts="sass"`` counts memory requests as ptxas made them for ``arch``
    (merged into wide accesses, ``__constant__`` reads through the constant cache), wherever the
    model agrees with that PTX's cubin line by line (emu/counters/sass_model.py), and on the cubin's
    control flow (emu/counters/ifconvert.py: branches ptxas turned into predication, and back, and its
    never-true ``@!PT LDS`` before LDGSTS); ``"ptx"`` counts every PTX instruction as it stands.
    Either way a warp that executes a shared-memory instruction with every lane predicated off
    makes a request, as ncu counts them; a global one does not (an L1TEX request needs a lane on;
    isa.request_keys). ``*_requests_active``: those with a lane on. ``counting`` (a ``Counting``)
    gives the mode and the arch as one value, in place of ``counts`` and ``arch``.
    """
    t0 = time.perf_counter()
    counting = Counting(counts, arch) if counting is None else counting
    counts, arch = counting.mode, counting.arch
    grid, block = check_geometry(grid, block)
    if counts == "sass":                       # the registers ptxas gave it: a block the GPU refuses (emu/launch_resources.py)
        check_registers(kernel, block, arch)
    tpb = block[0] * block[1] * block[2]
    module = parsed(kernel.program.ptx)
    fn = calls.link(module, module.entry(kernel.entry))
    nblocks = grid[0] * grid[1] * grid[2]
    block_ids = np.arange(nblocks, dtype=np.int64) if blocks is None else \
        np.unique(np.asarray(blocks, dtype=np.int64))
    if block_ids.size and (block_ids[0] < 0 or block_ids[-1] >= nblocks):
        raise LaunchError(f"blocks= names a block outside the grid of {nblocks} blocks")
    cshape = clusters.shape(fn, grid)           # __cluster_dims__: whole clusters, in rank order (emu/cluster.py)
    if cshape is not None:
        block_ids = clusters.order(block_ids, grid, cshape)
    total = len(block_ids) * tpb
    files = dict(module.files)
    plan = None
    if counts == "sass":
        plan = plan_for(kernel, fn, files, arch)
    actions = plan.action if plan is not None and plan.active else {}
    sunk_at = requests.sunk_branches(actions)
    ptx_counters: dict = {}
    # requests on the SASS control flow (emu/counters/ifconvert.py); sass_only: what it adds to a pc's
    # counts (or, negative, takes away) that the PTX view has not
    lazy = ifconvert.Lazy(kernel, fn, files, arch) if counts == "sass" else None
    # global loads of loops ptxas may unroll with remainder copies (emu/counters/remainder_loop.py)
    rloops = remainder_loop.RemainderLoops(kernel, fn, files, arch) if counts == "sass" else None
    rloops = rloops if rloops is not None and rloops.pcs else None
    fused = contraction.plan_for(kernel, fn, files, arch)    # which mul + add ptxas fused: results
    # the values a loop bound is loaded with, for the replay of a family ptxas moved between lines (counters/observed.py)
    # (and for the replay of a loop ptxas rebuilt with predicated trips: a bound loaded, a __syncthreads_or's result)
    observed = Observed.for_launch(fn, nblocks * tpb) \
        if plan is not None and blocks is None and (plan.pools or plan.copies or _replays_loops(lazy, fn)) else None
    sass_only: dict = {}
    vprintf_calls: dict = {}                   # pc -> warp calls (emu/counters/vprintf_cost.py)
    driver_counts: dict = {}                   # pc -> the counts those calls added
    source_lines = {kernel.first_line + i: l for i, l in enumerate(kernel.source.splitlines())}

    buffers, params, n_args, module_vars, gmem, global_syms, grid_sync = _global_memory(
        kernel, fn, module, args, symbols, nblocks, tpb)

    if total > SAMPLE_ABOVE_THREADS:
        est = _estimate_seconds(fn, module, grid, block, gmem, params, shared_bytes, len(block_ids), global_syms,
                                cshape, arch)
        if total > MAX_THREADS or est is None or est > MAX_SECONDS:
            when = msg("errors.about_seconds", est=est) if est is not None else msg("errors.very_long")
            why = (msg("errors.over_threads", limit=MAX_THREADS, when=when) if total > MAX_THREADS else
                   msg("errors.over_seconds", when=when, limit=MAX_SECONDS))
            raise LaunchTooLarge(msg("errors.too_large", total=total, nblocks=nblocks, tpb=tpb, why=why))

    log = FindingLog()
    readonly = [(gmem.allocs[i].offset, gmem.allocs[i].offset + gmem.allocs[i].nbytes)
                for i, p in enumerate(q for q in kernel.params if q.pointer) if p.const]
    gshadow = GlobalShadow(gmem.arena.nbytes, nblocks * tpb, nblocks, readonly, global_unit(fn)) if sanitize else None
    watched = [gmem.allocs[n_args + i] for i, v in enumerate(module_vars) if v.space == "global"]
    if gshadow is not None and watched:      # reads of __device__ variables (sanitizer/devicestate.py)
        gshadow.watch(min(a.offset for a in watched), max(a.offset + a.nbytes for a in watched))
    counters: dict = {}
    captured: list = []
    uncertain: set = set()
    dsmem: set = set()                         # lines that reached another block's shared memory (emu/cluster.py)
    mixed: dict = {}                           # lines of generic loads mixing local and global lanes (counters/generic_mix.py)
    per_chunk = max(1, CHUNK_THREADS // tpb)
    if grid_sync:
        per_chunk = intrinsics.grid_sync_chunk(fn, nblocks, tpb, per_chunk)
    if cshape is not None:
        per_chunk = clusters.chunk(per_chunk, cshape)
    printf = devio.PrintfLog()
    budget = step_budget or DEFAULT_STEP_BUDGET
    lane_steps = 0
    launch_regs = specialregs.per_launch(variant)          # %gridid, %envreg*: one value per launch
    for start in range(0, len(block_ids), per_chunk):
        ids = block_ids[start:start + per_chunk]
        m = Machine(fn, module, files, source_lines, grid, block, ids, gmem, params, shared_bytes,
                    log, counters, sanitize, printf, variant=variant, gshadow=gshadow, uninit=uninit, lazy=lazy,
                    cluster=cshape, arch=arch)
        m.special.update(launch_regs)
        m.global_syms = global_syms
        m.kernel_file = kernel.filename              # messages read other files' lines from them (places.py)
        m.contract, m.fma_stash = fused.actions, {}   # mul + add pairs ptxas fused (contraction.py)
        intrinsics.set_grid_workspace(m)
        m.capture_pc, m.captured = capture_pc, captured
        m.count_plan, m.ptx_counters = actions, ptx_counters
        m.sunk_at = sunk_at
        m.hoist_entries = requests.hoisted_entries(actions)
        m.uncertain, m.sass_delta = uncertain, sass_only
        m.vprintf_calls, m.driver_counts = vprintf_calls, driver_counts
        m.remainder = rloops
        m.observed = observed
        if watch is not None:
            m.observer = watch if m.observer is None else _both(m.observer, watch)
        m.run(budget)
        if rloops is not None:
            remainder_loop.finish(m, rloops)
        isa.finish_async(m)
        tma.finish(m)
        wgmma_path.finish(m)
        dsmem |= m.dsmem_lines
        for where, keys in m.generic_mix_lines.items():
            mixed.setdefault(where, set()).update(keys)
        lane_steps += m.lane_steps
    if sanitize and module_vars:
        device_state_findings(log, gmem, n_args, module_vars, [b for _, b in buffers[n_args:]], fn, files,
                              source_lines, kernel.filename, gshadow)
    if nblocks:
        annotate(log.findings, m, kernel)      # shared offsets as `sB[3][5]`, the shared= hint
    back = [cb for cb, p in zip(copy_back or [True] * len(kernel.params), kernel.params) if p.pointer]
    for i, (_, arr) in enumerate(buffers[:n_args]):
        if back[i] and arr.flags.writeable:
            gmem.read_back(i, arr)
    _read_back_pointed(gmem, buffers, n_args + len(module_vars), symbols)
    tma.read_back(gmem)
    emu_structs.read_back(gmem)
    # loops ptxas rebuilt with predicated trips (FIDELITY.md D3): their requests from a replay of
    # the SASS's control flow for this launch's warps, where it can say (emu/counters/sass_replay.py)
    replayed = sass_replay.apply(lazy, kernel, fn, files, grid, block, params, counters, sass_only, actions,
                                 arch, observed) if lazy is not None and blocks is None else {}
    # lines ptxas only copied (an unrolled loop's remainder copies): decided by the same replay, where it agrees
    # __constant__ variables' bytes (no kernel writes them): what the replay's LDCs of bank 3 read
    const_data = {v.name: bytes(gmem.arena.data[a.offset:a.offset + a.nbytes])
                  for v, a in zip(module_vars, gmem.allocs[n_args:]) if v.space == "const"} \
        if plan is not None and (plan.pools or plan.copies) else None
    copied, decided = sass_replay.apply_copies(plan, kernel, fn, files, grid, block, params, counters, sass_only,
                                               arch, observed, global_syms, ptx_counters, const_data, cshape) \
        if lazy is not None and blocks is None else ({}, set())
    if rloops is not None:      # a line the replay decided: which copies each warp ran is known, lane by lane
        rloops.notes = {w: t for w, t in rloops.notes.items() if not (w in decided and isinstance(t, Undecided))}
    if lazy is None or blocks is not None:      # no replay: pairs ptxas reads stay the PTX's loads (undecided)
        sass_replay.unpair(plan, counters, ptx_counters, set())
    t = tally(fn, files, source_lines, counters, ptx_counters, sass_only, actions, plan, lazy, uncertain,
              {**replayed, **copied}, vprintf_calls, kernel_file=kernel.filename, decided=decided,
              more_notes=lambda lines: contraction.notes_for(fused, lines) + clusters.notes_for(dsmem, lines)
              + generic_mix.notes_for(mixed, lines)
              + (rloops.notes_for(lines) if rloops is not None else []))
    return EmuResult(findings=log.findings, metrics=t.metrics, per_line=t.per_line,
                     seconds=time.perf_counter() - t0, lane_instructions=lane_steps,
                     per_pc=t.per_pc, captured=captured,
                     printed=printf.lines(), counts=t.mode, counts_note=plan.reason if plan is not None else "",
                     ptx_metrics=t.ptx_metrics, plan=plan if t.mode == "sass" else None, count_notes=t.count_notes,
                     driver_per_pc=driver_counts)


def _both(first, second):
    def observe(m, ins, idx):
        first(m, ins, idx)
        second(m, ins, idx)
    return observe


def _estimate_seconds(fn, module, grid, block, gmem, params, shared_bytes, nblocks, global_syms=None, cshape=None,
                      arch=DEFAULT_ARCH):
    """Run block 0 (its cluster) on a scratch copy of memory and extrapolate its lane-instructions to the grid."""
    try:
        scratch = GlobalMemory([])
        scratch.allocs, scratch._bases, scratch._ends = gmem.allocs, gmem._bases, gmem._ends
        scratch.arena = type(gmem.arena)(gmem.arena.nbytes)
        scratch.arena.data[:] = gmem.arena.data
        first = np.arange(1) if cshape is None else clusters.order(np.arange(1), grid, cshape)
        m = Machine(fn, module, dict(module.files), {}, grid, block, first, scratch, params, shared_bytes,
                    FindingLog(), {}, sanitize=False, cluster=cshape, arch=arch)
        m.global_syms = global_syms or {}
        intrinsics.set_grid_workspace(m)
        m.run(DEFAULT_STEP_BUDGET)
        return m.lane_steps * nblocks / len(first) / TYPICAL_RATE
    except Exception:
        return None
