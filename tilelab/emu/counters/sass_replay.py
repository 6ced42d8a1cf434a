"""Replaying a loop's SASS for every warp: the requests of a loop ptxas rebuilt (FIDELITY.md, D3).

Why: ptxas compiles a loop whose trip count it cannot see (``for (i = 0; i < blockDim.x; i += 32)
acc += s[i];``) into a peeled first trip and a last one that are predicated (``@!P0 LDS``,
``@P0 LDS``), a body unrolled 4 times and a 2-trip remainder. Which of those copies a warp
executes, and whether with its lanes on or off, depends on the trip count; ncu counts a shared
request for every one executed, lanes off included. The emulator runs the PTX's one load per
trip, and no per-line reading of the SASS says how many more (emu/counters/ifconvert.py can only note
"ptxas predicated 2 more LDS on this line than the emulator can place"). So this module runs the
SASS's own control flow, for the launch's threads.

How: an interpreter of the integer slice of SASS that decides branches (ISETP, IADD3, VIADD,
IMAD, LEA (.HI too), SHF, LOP3, PLOP3, SEL, MOV and their uniform forms; S2R/S2UR of tid, ctaid and laneid,
LDC/ULDC of the launch geometry and the kernel parameters in ``c[0x0][...]``) runs the kernel's
SASS from its first instruction for all the threads at once (numpy lanes), splitting them where a
branch or a counted instruction's predicate sends them different ways. A load or an atomic whose address it computed
gives what the launch's own read there, in the same barrier epoch (counters/observed.py: ``_observed``, ``_atomic``),
or what the thread itself stored there, in shared or global memory, earlier in the epoch (``_keep_own``: curand_init's
skip-ahead reads back each state word it stores); ``LDC.64`` of constant bank 4 gives where the emulator placed the
``__device__`` variable the cubin's relocations name there (``toolchain.sass.constant_addresses``); float compares,
``FMNMX`` and ``FSEL`` are exact, and so are float32 and float64 adds, multiplies and FMAs (rounded as named),
``F2I``'s roundings, the divisions ptxas writes (their reciprocal seeds: ``_division_reciprocal``, ``_float_division``,
``_division_reciprocal64``) and its ``sqrtf`` (``_sqrt_seed``), and a warp's shuffles, ballots, ``MATCH.ANY`` and
``REDUX`` where all its lanes are in the group or the others wait at a block barrier (``_shfl``, ``_ballot``,
``_match_any``, ``_redux``, ``_others_wait``). Any other instruction makes its destinations unknown (``MUFU`` outside
a division or a square root, a load the launch's reads do not give).
A branch, an exit or
a counted instruction's predicate that depends on an unknown value, an indirect branch, a call, a
trap or a branch on the warp's convergence make it give up (``GiveUp``, with the reason), and the
line is counted as the PTX runs, with a note saying why; except inside a ``BSSY`` region with nothing
counted in it, which it steps over whole (``Replay._skip``: a float division's slow path). A group of threads stops once no counted
instruction is reachable from where it is (the grid barrier's spin loops after a block reduction
are never run). Per warp, the threads that reach a counted instruction must agree on how often
they execute each one and with the predicate on (they execute it together); else it runs again
merging paths where the hardware reconverges them (``Replay.merging``: a ``BSYNC``, ``WARPSYNC`` or block barrier,
the lowest pc first, runs counted per warp by a ``_Ledger``), and gives up where a warp still ran a target apart. A
counted instruction whose predicate is on for some lanes of a warp and off for others (``@!P1 STS``
by lane 31 only: a branch NVVM wrote, which ptxas if-converted) does not split the threads: their
warp executes it once, with a lane on if any of its lanes is (``Replay._mixed``); a warp whose lanes
were on two paths at such an instruction gives up.
The result is checked against the PTX: per line, the executions with a lane on must equal the
emulator's own requests with a lane on (``apply``), else the PTX count stands and the note says so.
Only kernels with a shared access inside a PTX loop on a line ifconvert could not place pay, once
per distinct launch (geometry and parameter values; ``apply`` caches the replay).
``apply_copies`` replays, in the same way, the lines the SASS check (sass_model) left to the PTX because
ptxas made only more copies of their accesses (a loop unrolled with its remainder copies, or the part of a
loop it is entered at copied before it), and decides
them where the copies run as often with a lane on as the PTX's accesses.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from ...messages import msg
from ...toolchain import DEFAULT_ARCH
from ...toolchain.sass import constant_addresses, constant_symbols, entry_sass, sass_listing
from ..memory import SHARED_WINDOW
from ..numerics import fma_f32, fma_f64
from ..ptx import split_top
from . import observed as observed_space
from .ifconvert import _SHARED_KINDS, access_kind, plan_for
from .metrics import METRIC_KEYS
from .sass_model import PART, WIDE
from .undecided import Undecided

# where the kernel parameters start in constant bank 0 (the launch geometry is at 0x0..0x14)
PARAM_BASE = {"sm_80": 0x160, "sm_86": 0x160, "sm_87": 0x160, "sm_89": 0x160, "sm_90": 0x210}
MAX_STEPS = 200_000          # group-instruction steps per replay before it gives up
MAX_OWN_STORES = 64         # shared and global words a group remembers for its own later loads (``Replay._own``)
MAX_LOCAL_ROWS = 64          # a local access whose lanes hold more addresses than this: not followed
MAX_MERGING_STEPS = 1_000_000   # the same where groups merge again (``Replay.merging``): paths that part and meet
MAX_GROUPS = 1024            # groups of threads on distinct paths
CHUNK_LANES = 1 << 16        # threads replayed together
_U32 = np.uint32
_MASK = 0xFFFFFFFF

# SASS opcode -> the kind of PTX access (emu/counters/ifconvert.py's kinds) whose requests it makes
KIND_OPS = {"shared_ld": ("LDS",), "shared_st": ("STS",), "ldmatrix": ("LDSM",), "shared_atom": ("ATOMS",)}
# (BREAK Bk takes the lanes it is on for out of convergence barrier Bk: it moves no thread, the branch after it
# does, and the replay follows each thread's path without waiting at a BSYNC)
_NOOPS = {"NOP", "BSSY", "BSYNC", "BREAK", "WARPSYNC", "YIELD", "DEPBAR", "MEMBAR", "ERRBAR", "CCTL",
          "FENCE", "NANOSLEEP", "CGAERRBAR", "ACQBULK", "PMTRIG", "UCGABAR_ARV", "UCGABAR_WAIT"}
_STORES = {"STS", "STG", "ST", "STL", "RED", "REDG", "STSM", "LDGSTS", "LDGDEPBAR", "ARRIVES",
           "UBLKCP", "UTMALDG", "UTMASTG", "STAS"}
_MANY_WORDS = ("HGMMA", "IGMMA", "QGMMA", "BGMMA", "UTC")    # warpgroup MMAs write whole register ranges
_GIVE_UP_OPS = {"CALL", "RET", "BRX", "JMX", "JMP", "BPT", "KILL", "RTT", "CONT"}
_ATOMICS = {"ATOM", "ATOMS", "ATOMG", "RED", "REDG", "REDS"}
_CONVERTS = {"I2F", "I2FP", "F2I", "F2IP", "F2F", "I2I", "I2IP"}


def _convert_width(ins) -> int:
    """The registers a conversion writes: its destination's type decides, not its source's (``I2F.U64 R2, R20`` writes
    one float32 from a 64-bit integer; ``I2F.F64.S32`` a pair; ``F2I.U64.TRUNC`` a pair). The destination type comes
    first where two are named; with one, it names the destination of F2I and the source of I2F."""
    types = [m for m in ins.mods if re.fullmatch(r"[FSU](8|16|32|64)", m)]
    if ins.op in ("I2F", "I2FP", "I2I", "I2IP") and len(types) < 2:
        return 1
    return 2 if types and types[0].endswith("64") else 1
_ONE_WORD = {"FADD", "FMUL", "FFMA", "FMNMX", "MUFU", "FSEL", "I2F", "F2I", "I2FP", "F2IP", "POPC", "FLO",
             "BREV", "PRMT", "SHFL", "VOTE", "LDS", "LDG", "LD", "LDL", "S2R", "S2UR", "R2UR", "MOV",
             "FCHK", "FRND", "IDP", "HADD2", "HMUL2", "HFMA2", "REDUX", "MATCH", "ATOMS", "ATOMG", "ATOM",
             "F2FP", "FSWZADD", "P2R", "R2P", "CS2R", "IMNMX", "VIMNMX", "IABS", "SGXT", "BMSK", "LEA",
             "IADD3", "IMAD", "VIADD", "SHF", "LOP3", "SEL", "ULEA", "UIADD3", "UIMAD", "USHF", "ULOP3",
             "USEL", "UMOV", "ULDC", "LDC", "FSETP", "ISETP", "DSETP"}


def _directed_f32(a, b, add: bool, mode: str) -> np.ndarray:
    """float32 ``a + b`` or ``a * b`` rounded toward zero (``RZ``), down (``RM``) or up (``RP``): the float64 result
    and its exact error (Knuth's two-sum; a product of two float32 is exact in float64) place the exact value
    against the float32 nearest it, which moves one step where it lies on the wrong side."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    with np.errstate(all="ignore"):
        if add:
            s = a + b
            bb = s - a
            err = (a - (s - bb)) + (b - bb)
        else:
            s, err = a * b, np.zeros(np.broadcast(a, b).shape)
        f = s.astype(np.float32)
        over = (f.astype(np.float64) - s) > err          # the float32 lies above the exact value
        under = (f.astype(np.float64) - s) < err
        err = np.where(np.isfinite(s), err, 0.0)
        down = np.nextafter(f, np.float32(-np.inf))
        up = np.nextafter(f, np.float32(np.inf))
        if mode == "RM":
            f = np.where(over, down, f)
        elif mode == "RP":
            f = np.where(under, up, f)
        else:
            f = np.where((f > 0) & over, down, np.where((f < 0) & under, up, f))
        f = np.where(np.isinf(f) & np.isfinite(s) & ((mode == "RZ") | ((mode == "RM") & (f > 0)) |
                                                      ((mode == "RP") & (f < 0))),
                     np.copysign(np.float32(3.4028234663852886e38), f), f)
    return np.asarray(f, dtype=np.float32)


def _flushed(r, ftz: bool) -> np.ndarray:
    """A float32 result, a subnormal one flushed to zero of its sign where the instruction has .FTZ."""
    r = np.asarray(r, dtype=np.float32)
    if ftz:
        r = np.where(np.abs(r) < np.float32(1.1754944e-38), np.copysign(np.float32(0), r), r).astype(np.float32)
    return r


class GiveUp(Exception):
    """The replay cannot say what the SASS does here: ``counts.replay_<key>`` of the message
    catalog says why (an ``Unknown`` field as its own text)."""

    def __init__(self, key: str, **fields):
        super().__init__(key)
        self.key, self.fields = key, fields

    def __str__(self):
        return msg(f"counts.replay_{self.key}",
                   **{k: v.why if isinstance(v, Unknown) else v for k, v in self.fields.items()})


class Unknown:
    """A value the replay does not compute, and where it came from (``counts.why_<key>``)."""
    __slots__ = ("key", "fields")

    def __init__(self, key: str, **fields):
        self.key, self.fields = key, fields

    @property
    def why(self) -> str:
        return msg(f"counts.why_{self.key}", **self.fields)


@dataclass(frozen=True)
class Ins:
    """One SASS instruction: ``pred`` like ``"!P0"`` (``""``: none), ``mods`` split, operands cleaned
    of ``.reuse``, ``target`` a branch's target address."""
    addr: int
    pred: str
    op: str
    mods: tuple
    ops: tuple
    target: int | None = None
    where: tuple = ("", 0)


_INS = re.compile(r"^\s*(@!?U?P[T0-9]+)?\s*([A-Z][A-Z0-9_]*)((?:\.[A-Z0-9_]+)*)\s*(.*?)\s*;?\s*$")


def _at(ins) -> str:
    return f"{ins.addr:#06x}"


def _split_ops(text: str) -> tuple:
    return tuple(o.replace(".reuse", "") for o in split_top(text, "[(", "])"))


def instruction(addr: int, text: str, where=("", 0), target: int | None = None) -> Ins:
    """One instruction from its SASS text (``"@!P0  LDS R4, [R4]"``, as nvdisasm or ncu print it);
    a branch's absolute target (``BRA 0x7fc92b7a0440``) is read from its operands unless given."""
    m = _INS.match(text)
    if not m:
        raise GiveUp("unreadable", text=text.strip())
    pred = (m.group(1) or "").lstrip("@")
    ops = _split_ops(m.group(4))
    if target is None and m.group(2) == "BRA" and ops and re.fullmatch(r"0x[0-9a-f]+", ops[-1]):
        target = int(ops[-1], 16)
    return Ins(addr, pred, m.group(2), tuple(x for x in m.group(3).split(".") if x), ops, target, where)


def from_listing(lines) -> list[Ins]:
    """The ``compile.SassLine`` records of one function as ``Ins`` (labels resolved to addresses)."""
    lines = list(lines)
    at = {lab: ln.addr for ln in lines for lab in ln.labels}
    out = []
    for ln in lines:
        target = None
        lab = ln.label
        if ln.op == "BRA" and lab:
            if lab not in at:
                raise GiveUp("no_label", label=lab)
            target = at[lab]
        elif ln.op in ("BSSY", "CALL") and lab:
            target = at.get(lab)                # a skipped region's end, a callee (Replay.regions)
        ops = re.sub(r"`?\(\s*\.L_x_\d+\s*\)", "LABEL", ln.operands)
        out.append(instruction(ln.addr, f"{ln.pred} {ln.op}{ln.mods} {ops}", ln.where, target))
    return out


# ------------------------------------------------------------------ the launch's inputs
@dataclass
class Launch:
    """What a replay reads: the geometry and constant bank 0's parameter bytes (``known`` says
    which of them the replay may use)."""
    grid: tuple
    block: tuple
    param_bytes: bytes = b""
    known: int = 0                 # how many leading parameter bytes are known
    arch: str = DEFAULT_ARCH
    observed: object = None        # counters/observed.Observed: what the launch's own loads read (or None)
    const3: tuple = ()             # (bank-3 offset, size, the emulator's address) per __constant__ variable
    bank3: tuple = ()              # (bank-3 offset, the variable's bytes) per __constant__ variable
    bank4: tuple = ()              # (bank-4 offset, the emulator's address) per __device__ variable's address there
    cluster: object = None         # the launch's cluster shape, or None where it has none

    def key(self):
        return (self.grid, self.block, self.param_bytes[:self.known], self.arch, self.bank3, self.cluster)

    def const3_value(self, off, nbytes: int):
        """``c[0x3][off]`` (``off`` an int or per-lane array) as uint64 values, where every offset lies in one
        ``__constant__`` variable whose bytes the launch gave (``bank3``), else None."""
        off = np.asarray(off, dtype=np.int64)
        out = np.zeros(off.shape, dtype=np.uint64)
        hit = np.zeros(off.shape, dtype=bool)
        for start, data in self.bank3:
            inside = (off >= start) & (off + nbytes <= start + len(data))
            if not inside.any():
                continue
            raw = np.frombuffer(data, dtype=np.uint8)
            rel = np.where(inside, off - start, 0)
            v = np.zeros(off.shape, dtype=np.uint64)
            for b in range(nbytes):
                v |= raw[rel + b].astype(np.uint64) << np.uint64(8 * b)
            out = np.where(inside, v, out)
            hit |= inside
        return out if hit.all() else None

    def const(self, off: int, nbytes: int):
        """``c[0x0][off]`` (1, 2, 4 or 8 bytes) as an integer, or Unknown."""
        geo = {0x0: self.block[0], 0x4: self.block[1], 0x8: self.block[2],
               0xc: self.grid[0], 0x10: self.grid[1], 0x14: self.grid[2]}
        if nbytes == 4 and off in geo:
            return geo[off]
        if nbytes == 4 and off == 0x28:             # the stack pointer R1 is loaded with: local addresses only
            return STACK_BASE
        base = PARAM_BASE.get(self.arch)
        if base is not None and base <= off and off + nbytes <= base + self.known:
            return int.from_bytes(self.param_bytes[off - base:off - base + nbytes], "little")
        return Unknown("const", off=f"{off:#x}")


_PTX_BYTES = {"b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "bf16": 2,
              "b32": 4, "u32": 4, "s32": 4, "f32": 4, "b64": 8, "u64": 8, "s64": 8, "f64": 8}
_PTX_DT = {"u8": np.uint8, "s8": np.int8, "b8": np.uint8, "u16": np.uint16, "s16": np.int16, "b16": np.uint16,
           "u32": np.uint32, "s32": np.int32, "b32": np.uint32, "f32": np.float32, "u64": np.uint64,
           "s64": np.int64, "b64": np.uint64, "f64": np.float64}


def launch_of(fn_params, values: dict, grid, block, arch: str, aligns=None) -> Launch:
    """A ``Launch`` from the PTX entry's parameters (``[(name, type)]``) and the machine's values
    (pointers as the emulator's addresses). Parameters are laid out at their natural alignment; a
    byte array's declared alignment is not kept by the PTX parser, so from it on nothing is known,
    except for a struct's bytes (``np.void``, emu/structs.py) whose alignment ``aligns`` gives (the
    kernel's ``Param.ptx_align``, one per parameter)."""
    out = bytearray()
    known = None
    for i, (name, typ) in enumerate(fn_params):
        base = typ.split("[")[0]
        n = int(typ.split("[")[1].rstrip("]")) if "[" in typ else 1
        size = _PTX_BYTES.get(base)
        v = values.get(name)
        al = aligns[i] if aligns is not None and i < len(aligns) else None
        if isinstance(v, np.void) and base == "b8" and n == v.itemsize and al:
            out += bytes((-len(out)) % al) + v.tobytes()
            continue
        if size is None or n != 1 or v is None:
            known = len(out)
            break
        out += bytes((-len(out)) % size)
        a = np.asarray(v)
        try:
            raw = a.tobytes() if a.dtype.kind == "V" else a.astype(_PTX_DT[base]).tobytes()
        except (TypeError, ValueError, KeyError):
            known = len(out)
            break
        if len(raw) != size:
            known = len(out)
            break
        out += raw
    return Launch(tuple(int(x) for x in grid), tuple(int(x) for x in block), bytes(out),
                  len(out) if known is None else known, arch)


# ------------------------------------------------------------------ the interpreter
_REG = re.compile(r"^(U?R)(\d+|Z)$")
_CONST = re.compile(r"c\[0x0\]\[(?:(U?R\d+|U?RZ)\s*\+?\s*)?(0x[0-9a-f]+)?\]")
_PRED = re.compile(r"^(!?)(U?P)(\d|T)$")
_LADDR = re.compile(r"^\[(U?R\d+|RZ)(?:\s*\+\s*(-?)0x([0-9a-f]+))?\]$")       # an STL's [R1+0x10]
_LOCAL_WRITES = {"ST", "ATOM", "STL"}          # what may write a thread's local memory (generic: anywhere)
_LOCAL_BYTES = {"U8": 1, "S8": 1, "U16": 2, "S16": 2, "64": 8, "128": 16}
STACK_BASE = 0x00FFFC00     # c[0x0][0x28], the local stack's top: the same in every thread, so any value serves
_GADDR = re.compile(r"^\[(U?R\d+)\.64(?:\s*\+\s*(-?)0x([0-9a-f]+))?\]$")     # an LDG's [R4.64+0x10]
_GADDR_PAIR = re.compile(r"^\[(U?R\d+)(?:\.64)?(?:\s*\+\s*(-?)0x([0-9a-f]+))?\]$")  # an ATOMG's [R12], a pair too
_CONST3 = re.compile(r"c\[0x3\]\[(?:(U?R\d+|U?RZ)\s*\+?\s*)?(0x[0-9a-f]+)?\]")
_CONST4 = re.compile(r"c\[0x4\]\[(?:U?RZ\s*\+?\s*)?(0x[0-9a-f]+)?\]")      # a __device__ variable's address


class _Group:
    """Threads on one path: their ids, pc, registers and predicates (numpy, shape () if uniform).
    ``counts``: ``{target: [executions, executions with a lane on]}``, the second per thread (an array)
    once the group ran a target whose predicate its lanes of one warp did not agree on (``Replay._mixed``);
    ``parted``: per thread, whether its warp was part in this group and part elsewhere at such a run."""

    def __init__(self, lanes, pc, regs, preds, counts, parted=False, local=None, apart=0, open_=(), epoch=1):
        self.lanes, self.pc, self.regs, self.preds, self.counts = lanes, pc, regs, preds, counts
        # per thread: the block barriers it has passed, plus one (the machine's ``epoch``: what its loads read is
        # kept by epoch, counters/observed.py); -1 where not known (a region stepped over held a barrier)
        self.epoch = epoch
        self.visits = {}           # BSSY index -> per thread, how often it entered there (``Replay.merging``)
        self.atoms = 0             # per thread: the atomics it ran in this epoch (-1: not known), ``Replay._atomic``
        self.ledger = None         # ``_Ledger`` where the replay merges groups again (its counts go there)
        self.on = None             # while an instruction runs: the lanes it is on for (None: all), ``_Part.read``
        self.parted = parted
        self.local = {} if local is None else local     # local address (uniform) -> a byte's value, -1 not known
        # per thread: 0 its warp's live lanes are all here; 1 some are on another path, alive until the
        # BSYNC that ends the innermost open BSSY region; 2 not known (a warp-mate exited, or the paths
        # parted where nothing rejoins them)
        self.apart = apart
        self.open = open_          # the open BSSY regions, innermost last: (barrier, end index, apart before, clean)
        # its last stores, oldest first, per word: (per thread: address, value, value known, stored, epoch, space)
        self.own = []

    def split(self, mask):
        """(the threads where ``mask`` holds, the others) as two groups (None where empty)."""
        mask = np.broadcast_to(mask, self.lanes.shape)
        if mask.all():
            return self, None
        if not mask.any():
            return None, self

        if self.ledger is not None:                 # what the group ran so far is its warps' (``_Ledger``)
            self.ledger.add(self)

        def part(m):
            cut = lambda v: v.cut(m) if isinstance(v, _Part) else v[m] if isinstance(v, np.ndarray) and v.ndim \
                else v  # noqa: E731
            sub = lambda d: {k: cut(v) for k, v in d.items()}  # noqa: E731
            out = _Group(self.lanes[m], self.pc, sub(self.regs), sub(self.preds),
                         {k: [cut(x) for x in c] for k, c in self.counts.items()}, cut(self.parted),
                         sub(self.local), cut(self.apart),
                         tuple((b, e, cut(a), c) for b, e, a, c in self.open), cut(self.epoch))
            out.visits, out.ledger, out.atoms = sub(self.visits), self.ledger, cut(self.atoms)
            out.own = [tuple(x[m] for x in rec) for rec in self.own]
            return out
        return part(mask), part(~mask)


def _warp_of(lanes, tpb: int):
    """The launch-wide warp index of each thread (block by block, 32 threads a warp, the last one partial)."""
    return (lanes // tpb) * ((tpb + 31) // 32) + (lanes % tpb) // 32


class _Part:
    """A register or predicate known on some lanes only: written under a guard where its old value was not known
    (a thread's address into its own array, computed and used under one predicate). Read only by an instruction
    whose lanes on are all known (``Replay._step`` sets ``_Group.on``); elsewhere it is ``why``."""
    __slots__ = ("value", "known", "why")

    def __init__(self, value, known, why):
        self.value, self.known, self.why = value, known, why

    @staticmethod
    def of(value, known, why):
        """``value`` where ``known``: the value itself where every lane is known, ``why`` where none is."""
        known = np.asarray(known, dtype=bool)
        if known.all():
            return _uniform(np.asarray(value))
        if not known.any():
            return why
        return _Part(np.asarray(value), known, why)

    def read(self, on):
        if on is None or np.ndim(on) == 0:
            return self.value if (on is not None and not on) else self.why
        return self.value if not (np.broadcast_to(on, self.known.shape) & ~self.known).any() else self.why

    def cut(self, m):
        return _Part.of(np.broadcast_to(self.value, m.shape)[m], self.known[m], self.why)


def _overwritten_dropped(own: list) -> list:
    """A group's remembered stores (``_Group.own``) less those a later one of the same thread overwrote
    whole (the same word, space and epoch, for every lane the earlier one stored for): a loop that stores
    the same words each trip (curand_init's skip-ahead) keeps only its last trip's."""
    out = []
    for i, (at, v, kn, on, ep, tag) in enumerate(own):
        left = on.copy()
        for at2, _v, _k, on2, ep2, tag2 in own[i + 1:]:
            left &= ~(on2 & (at2 == at) & (ep2 == ep) & (tag2 == tag))
            if not left.any():
                break
        if left.any():
            out.append((at, v, kn, on, ep, tag))
    return out


def _own_joined(a: list, n: int, b: list, m: int) -> list:
    """Two groups' remembered stores (``_Group.own``) for the group of both (``_join``: ``a``'s ``n`` lanes first).
    A record holds a word per lane, so the two lists are zipped from their newest ends, each record standing for
    its own side's lanes and stored for none of the other's: every lane keeps its own stores in their order,
    and the list grows no longer than the longer side's."""
    def blank(k):
        return (np.zeros(k, np.int64), np.zeros(k, _U32), np.zeros(k, bool), np.zeros(k, bool),
                np.zeros(k, np.int64), np.zeros(k, np.int8))
    size = max(len(a), len(b))
    a = [blank(n)] * (size - len(a)) + list(a)
    b = [blank(m)] * (size - len(b)) + list(b)
    return [tuple(np.concatenate([np.broadcast_to(x, (n,)), np.broadcast_to(y, (m,))]) for x, y in zip(ra, rb))
            for ra, rb in zip(a, b)]


def _join(g, p):
    """``g`` with the lanes of ``p`` (at the same pc, inside the same open regions) added: each register,
    predicate and mark per lane (a value either side does not compute stays unknown), ``g``'s counts."""
    n, m = g.lanes.shape[0], p.lanes.shape[0]
    for x in (g, p):                                # loaded words left for later: looked up for each side's lanes
        for k, v in list(x.regs.items()):
            if isinstance(v, _Deferred):
                x.regs[k] = v.resolve(x.lanes)

    def cat(a, b, dtype=None):
        if isinstance(a, _Part) or isinstance(b, _Part):
            def parts(x, k):
                if isinstance(x, _Part):
                    return np.broadcast_to(x.value, (k,)), x.known, x.why
                if isinstance(x, Unknown):
                    return np.zeros(k, dtype=_U32), np.zeros(k, bool), x
                return np.broadcast_to(np.asarray(x), (k,)), np.ones(k, bool), None
            (va, ka, wa), (vb, kb, wb) = parts(a, n), parts(b, m)
            return _Part.of(np.concatenate([va, vb]), np.concatenate([ka, kb]), wa or wb)
        if isinstance(a, Unknown):
            return a
        if isinstance(b, Unknown):
            return b
        a, b = np.asarray(a, dtype=dtype), np.asarray(b, dtype=dtype)
        if a.ndim == 0 and b.ndim == 0 and a == b:
            return a
        return _uniform(np.concatenate([np.broadcast_to(a, (n,)), np.broadcast_to(b, (m,))]))

    def table(x, y):    # one written on one side only: not known (absent means never written on any path)
        return {k: cat(x.get(k, Unknown("guarded", reg=k)), y.get(k, Unknown("guarded", reg=k)))
                for k in x.keys() | y.keys()}
    open_ = tuple((b, e, cat(a, a2, np.int8), c) for (b, e, a, c), (_, _, a2, _) in zip(g.open, p.open))
    if g.ledger is not None:                        # merged again: each side's runs are its warps' already
        g.ledger.add(g)
        g.ledger.add(p)
    local = {k: cat(g.local.get(k, np.int64(-1)), p.local.get(k, np.int64(-1)), np.int64)     # -1: not known
             for k in g.local.keys() | p.local.keys()}
    out = _Group(np.concatenate([g.lanes, p.lanes]), g.pc, table(g.regs, p.regs), table(g.preds, p.preds),
                 {k: list(c) for k, c in g.counts.items()}, cat(g.parted, p.parted, bool), local,
                 cat(g.apart, p.apart, np.int8), open_, cat(g.epoch, p.epoch, np.int64))
    out.visits = {k: cat(g.visits[k], p.visits[k], np.int64) for k in g.visits.keys() & p.visits.keys()}
    # its remembered stores (``_Group.own``): each side's, for that side's lanes only
    out.own = _own_joined(g.own, n, p.own, m)
    out.ledger = g.ledger
    out.atoms = cat(g.atoms, p.atoms, np.int64)
    return out


class _Deferred:
    """A loaded word the launch's reads do not give for every lane that loaded it (``Replay._observed``): kept with
    each lane's address and epoch, and looked up when a register read needs it, for the lanes reading it then (those
    of a group that went on into a loop, say); unknown where even they did not read it."""
    __slots__ = ("addr", "epoch", "lanes", "nbytes", "observed", "order", "signed", "space", "why")

    def __init__(self, observed, lanes, addr, epoch, space, nbytes, signed, why):
        self.observed, self.space, self.nbytes, self.signed, self.why = observed, space, nbytes, signed, why
        self.lanes = np.asarray(lanes, dtype=np.int64)
        self.order = np.argsort(self.lanes, kind="stable")
        self.addr = np.broadcast_to(np.asarray(addr, dtype=np.int64), self.lanes.shape)
        self.epoch = np.broadcast_to(np.asarray(epoch, dtype=np.int64), self.lanes.shape)

    def resolve(self, lanes):
        lanes = np.asarray(lanes, dtype=np.int64)
        srt = self.lanes[self.order]
        pos = np.clip(np.searchsorted(srt, lanes), 0, len(srt) - 1)
        idx = self.order[pos]
        if not len(srt) or not (self.lanes[idx] == lanes).all():
            return self.why
        got = self.observed.value(lanes, self.addr[idx], self.nbytes, self.epoch[idx], self.space)
        if got is None:
            return self.why
        got = np.asarray(got, dtype=_U32)
        if self.nbytes < 4 and self.signed:
            top = _U32(1 << (8 * self.nbytes - 1))
            got = np.where(got & top, got | _U32((_MASK << (8 * self.nbytes)) & _MASK), got).astype(_U32)
        return _uniform(got)


class _Ledger:
    """Where the replay merges its groups again (``Replay.merging``): each group's runs of a target are runs of every
    warp with a lane in it (its lanes of one warp run together), counted here whenever the group splits, merges or
    ends, the group then counting afresh. Two groups holding lanes of one warp that both ran a target, neither's
    lanes within the other's, ran it apart, and how the warp did is not known: ``GiveUp`` (unless all the warp's
    lanes met at a point of reconvergence in between: ``converged``). ``tpb``: threads per block."""

    def __init__(self, targets, tpb: int, first: int, n: int):
        self.tpb = tpb
        self.runs = {t: [0, 0] for t in targets}
        self.first = first
        self.exited = np.zeros(n, bool)              # per lane of the chunk: it left the kernel
        self.conv: dict = {}                         # warp -> how often all its live lanes met again
        self.ran: dict = {}                          # (warp, target) -> (conv then, the lanes that last ran it)

    def _warps(self, lanes):
        return _warp_of(lanes, self.tpb)

    def converged(self, g, blocked=None):
        """``g`` was merged at a point of reconvergence: each warp whose live lanes are all in it met again. Lanes
        of ``blocked`` (other groups waiting at a ``BSYNC`` or a barrier, which run nothing until ``g``'s lanes
        come there too: a loop's lanes that left it early) are not live for this. A warp all of whose lanes are
        in ``g`` (none left, none waiting elsewhere) is no longer apart (``_Group.apart``: a ballot or shuffle
        after a block barrier reads the whole warp)."""
        warp = self._warps(g.lanes)
        whole = np.zeros(g.lanes.shape, bool)
        for w in np.unique(warp).tolist():
            lanes = g.lanes[warp == w]
            wpb = (self.tpb + 31) // 32
            b, k = divmod(w, wpb)
            every = np.arange(b * self.tpb + 32 * k, min(b * self.tpb + 32 * (k + 1), (b + 1) * self.tpb))
            live = every[~self.exited[np.clip(every - self.first, 0, len(self.exited) - 1)]]
            if blocked is not None and len(blocked):
                live = live[~np.isin(live, blocked)]
            if np.isin(live, lanes).all():
                self.conv[w] = self.conv.get(w, 0) + 1
            if np.isin(every, lanes).all():         # every lane of the warp is here: none is on another path
                whole[warp == w] = True
        if whole.any():
            g.apart = _uniform(np.where(whole, np.int8(0), np.broadcast_to(np.asarray(g.apart, dtype=np.int8),
                                                                          g.lanes.shape)))

    def add(self, g, leaving: bool = False):
        if leaving:
            self.exited[g.lanes - self.first] = True
        if not g.counts:
            return
        warp = self._warps(g.lanes)
        ws = np.unique(warp)
        for t, (c0, c1) in g.counts.items():
            if c0:
                for w in ws.tolist():
                    mine = frozenset(g.lanes[warp == w].tolist())
                    c = self.conv.get(w, 0)
                    then = self.ran.get((w, t))
                    if then is not None and then[0] == c and not (mine <= then[1] or then[1] <= mine):
                        wpb = (self.tpb + 31) // 32
                        raise GiveUp("diverge", warp=w % wpb, block=w // wpb)
                    self.ran[(w, t)] = (c, mine)
            self.runs[t][0] += int(c0) * len(ws)
            if isinstance(c1, np.ndarray) and c1.ndim:
                on = np.zeros(len(ws), np.int64)
                np.maximum.at(on, np.searchsorted(ws, warp), c1.astype(np.int64))
                self.runs[t][1] += int(on.sum())
            else:
                self.runs[t][1] += int(c1) * len(ws)
        g.counts = {}


def _division_step(op: str, mods: tuple, a):
    """The steps of ptxas's unsigned division by a divisor it did not fold (``CEIL(N, warpSize)``: NVVM divides by
    ``WARP_SZ``, which ptxas knows as 32 only after choosing the sequence) that the replay can compute exactly:
    ``IABS`` (|x|, wrapping at -2^31), ``I2F.U32.RP`` (an unsigned integer to float32 rounded up: exact in
    float64, then the next float32 up where float32 rounded it down), ``MUFU.RCP`` of a power of two (the
    reciprocal 2^-k is a float32 and the H200 returns it exactly: docs/SASS_COUNTS.md; any other operand stays
    unknown, as the unit's approximation is not specified, except inside the whole division, whose corrections
    make the quotient exact from any reciprocal within that error: ``Replay._division_reciprocal``) and ``F2I.FTZ.U32.TRUNC.NTZ`` (truncated to an
    unsigned integer, saturating, NaN to 0). None: not one of these, or an operand the replay cannot give."""
    if isinstance(a, Unknown):
        return a
    a = np.asarray(a, dtype=_U32)
    if op == "IABS" and not mods:
        return np.abs(a.view(np.int32).astype(np.int64)).astype(np.uint64).astype(np.uint32).astype(_U32)
    if op == "I2F" and mods in (("U32", "RP"), ("RP",)):     # the source unsigned, or (no type named) signed
        x = (a if mods[0] == "U32" else a.view(np.int32)).astype(np.float64)
        f = x.astype(np.float32)
        f = np.where(f.astype(np.float64) < x, np.nextafter(f, np.float32(np.inf)), f).astype(np.float32)
        return f.view(_U32)
    if op == "MUFU" and mods == ("RCP",):
        exp, man = (a >> _U32(23)) & _U32(0xFF), a & _U32(0x7FFFFF)
        if not ((man == 0) & (exp > 2) & (exp < 252)).all():     # a normal power of two with a normal reciprocal
            return None
        return ((a & _U32(0x80000000)) | ((_U32(254) - exp) << _U32(23))).astype(_U32)
    if op == "F2I":
        # float32 to a 32-bit integer (ptxas's division truncates its reciprocal so; torchvision's RoIPool floors
        # and ceils its bin edges), .FTZ flushing a subnormal source first
        f = a.view(np.float32).astype(np.float64)
        if "FTZ" in mods:
            f = np.where(np.abs(f) < 1.1754943508222875e-38, 0.0, f)
        return _to_int(f, mods)
    return None


def _sign_extended(v, nbytes: int) -> np.ndarray:
    """A signed byte or half read into a 32-bit register: its sign bit copied into the bits above it."""
    v = np.asarray(v, dtype=np.uint64) & np.uint64((1 << (8 * nbytes)) - 1)
    top = np.uint64(1 << (8 * nbytes - 1))
    return np.where(v & top, v | np.uint64((_MASK << (8 * nbytes)) & _MASK), v).astype(_U32)


def _to_int(f, mods) -> np.ndarray | None:
    """``F2I``'s 32-bit integer of a float32 or float64 value (as float64): rounded as ``mods`` name (``TRUNC``,
    ``FLOOR``, ``CEIL``; nearest even by default, cvt.rni), to ``S32`` (the default) or ``U32``, saturating, NaN to
    0; None for a form the replay does not compute."""
    rest = [m for m in mods if m not in ("FTZ", "NTZ", "F64")]
    rounds = [m for m in rest if m in ("TRUNC", "FLOOR", "CEIL")]
    if not set(rest) <= {"U32", "S32", "TRUNC", "FLOOR", "CEIL"} or len(rounds) > 1:
        return None
    rnd = {"TRUNC": np.trunc, "FLOOR": np.floor, "CEIL": np.ceil}.get(rounds[0] if rounds else "", np.rint)
    lo, hi = (0.0, 4294967295.0) if "U32" in rest else (-2147483648.0, 2147483647.0)
    t = np.where(np.isnan(f), 0.0, np.clip(rnd(np.nan_to_num(f, nan=0.0, posinf=hi, neginf=lo)), lo, hi))
    return t.astype(np.int64).astype(np.uint64).astype(np.uint32).astype(_U32)


def _uniform(v):
    """Collapse a per-lane array whose lanes all agree to shape ()."""
    if isinstance(v, np.ndarray) and v.ndim and len(v) and (v == v[0]).all():
        return v[:1].reshape(())
    return v


class _BarRed:
    """A ``BAR.RED``'s result per thread of the group that ran it (``Replay._bar_red``): the count of its block's
    threads with the predicate on (``POPC``) or 0/1 (``AND``, ``OR``), as ``B2R.RESULT`` reads it; ``lanes`` None
    where it is not known."""

    def __init__(self, lanes=None, value=None):
        if lanes is None:
            self.lanes = self.value = None
            return
        order = np.argsort(lanes, kind="stable")
        self.lanes, self.value = np.asarray(lanes)[order], np.asarray(value, dtype=_U32)[order]

    def get(self, lanes):
        """The result for ``lanes`` (every one of them among those that ran it), or Unknown."""
        if self.lanes is None:
            return Unknown("op", op="B2R", addr="")
        at = np.searchsorted(self.lanes, lanes)
        if (at >= len(self.lanes)).any() or (self.lanes[np.minimum(at, len(self.lanes) - 1)] != lanes).any():
            return Unknown("op", op="B2R", addr="")
        return self.value[at]


@dataclass
class Replay:
    """One kernel's SASS, ready to replay: ``instrs``, the indices of the counted ``targets``, and
    from which indices a target can still be reached."""
    instrs: list
    targets: tuple
    reach: list = field(default_factory=list)

    def __post_init__(self):
        self._clean_cache = {}
        self._b2r = {}                  # B2R index -> the BAR.RED before it (_bar_red)
        self._work: list = []           # the groups waiting to run (``_run_chunk``; ``_others_wait`` reads it)
        self._held_cache = {}
        index = {ins.addr: i for i, ins in enumerate(self.instrs)}
        n = len(self.instrs)
        succ = []
        for i, ins in enumerate(self.instrs):
            s = []
            if ins.op == "BRA":
                if ins.target is None or ins.target not in index:
                    s = list(range(n))          # unknown: anything
                else:
                    s.append(index[ins.target])
                if ins.pred or len(ins.ops) > 1:
                    s.append(i + 1)
            elif ins.op in ("BPT", "KILL"):
                s = []                          # a trap ends the thread (and the replay, if reached)
            elif ins.op in _GIVE_UP_OPS:
                s = list(range(n))
            elif ins.op == "EXIT" and not ins.pred:
                s = []
            else:
                s = [i + 1]
            succ.append([j for j in s if j < n])
        self.index = index
        reach = [False] * n
        for t in self.targets:
            reach[t] = True
        changed = True
        while changed:
            changed = False
            for i in range(n - 1, -1, -1):
                if not reach[i] and any(reach[j] for j in succ[i]):
                    reach[i] = changed = True
        self.reach = reach
        self.regions = self._regions()

    @property
    def _bssy_of(self) -> dict:
        """BSYNC index -> the indices of the ``BSSY`` instructions whose region ends there."""
        got = self.__dict__.get("_bssy_cache")
        if got is None:
            got = {}
            for i, ins in enumerate(self.instrs):
                e = self.index.get(ins.target) if ins.op == "BSSY" and ins.target is not None else None
                if e is not None:
                    got.setdefault(e, []).append(i)
            self.__dict__["_bssy_cache"] = got
        return got

    def _regions(self) -> dict:
        """index -> (end, the instructions whose writes it clobbers) for every instruction inside a
        ``BSSY Bk, END`` region the replay may step over whole (``_skip``): no counted target in it
        or in what it calls, no exit, return or indirect jump, every branch staying inside, every
        ``CALL`` to a callee of the listing (its first instruction to its first ``RET``, branches
        inside, no target, exit or further call). The innermost region wins."""
        found = []
        for s, ins in enumerate(self.instrs):
            e = self.index.get(ins.target) if ins.op == "BSSY" else None
            if e is None or e <= s:
                continue
            body = self._stretch(s, e)
            if body is not None:
                found.append((e - s, s, e, body))
        out = {}
        for _, s, e, body in sorted(found, reverse=True):      # the largest first: inner ones overwrite
            for i in range(s + 1, e):
                out[i] = (e, body)
        return out

    def _stretch(self, s: int, e: int):
        """The instructions from ``s + 1`` to ``e`` (exclusive) and what they call, where every path through them
        stays inside until ``e``: no counted target in them or in what they call, no exit, return or indirect jump,
        every branch landing in ``(s, e]``, every ``CALL`` to a callee of the listing (its first instruction to its
        first ``RET``, branches inside, no target, exit or further call). None where not."""
        n, tset = len(self.instrs), set(self.targets)
        body = list(range(s + 1, e))
        for i in list(body):
            x = self.instrs[i]
            if i in tset or x.op in _GIVE_UP_OPS - {"CALL"} or x.op == "EXIT":
                return None
            if x.op == "BRA" and not (x.target is not None and s < self.index.get(x.target, -1) <= e):
                return None
            if x.op == "CALL":
                c = self.index.get(x.target)
                r = next((j for j in range(c, n) if self.instrs[j].op == "RET"), None) if c is not None else None
                if r is None or any(j in tset or self.instrs[j].op in _GIVE_UP_OPS - {"RET"} or
                                    self.instrs[j].op == "EXIT" or (self.instrs[j].op == "BRA" and not (
                                        c <= self.index.get(self.instrs[j].target, -1) <= r))
                                    for j in range(c, r)):
                    return None
                body += range(c, r)
        return tuple(body)

    def _hop(self, g, ins) -> bool:
        """At a forward ``@P BRA`` whose predicate the replay does not compute: where the instructions it jumps over
        (``_stretch``) all lead to its target, both ways meet there, so the group goes there with what they write
        unknown (a float division's ``FCHK``, then a ``CALL`` to its slow path, with no ``BSSY`` around it)."""
        t = self.index.get(ins.target) if ins.target is not None and len(ins.ops) == 1 and not ins.mods else None
        if t is None or t <= g.pc:
            return False
        body = self.__dict__.setdefault("_hops", {}).get(g.pc, False)
        if body is False:
            body = self._hops[g.pc] = self._stretch(g.pc, t)
        if body is None:
            return False
        for i in body:
            self._poison(g, self.instrs[i], None)
            if self.instrs[i].op in _LOCAL_WRITES:
                g.local = {}
            if self.instrs[i].op == "BAR":
                g.epoch = np.int64(-1)
            if self.instrs[i].op.startswith(("ATOM", "RED")):
                g.atoms = np.int64(-1)
        g.pc = t
        return True

    def _skip(self, g) -> bool:
        """Step the group over the ``BSSY`` region it is in (``_regions``), if any: its threads meet
        again at the region's end whatever path each takes, and nothing counted lies on the way, so
        only the registers the region (and what it calls) writes change: they become unknown. Used
        where a branch inside depends on what the replay does not compute (a float division's slow
        path: ``@P0 BRA`` on an FFMA's exponent, a ``CALL`` to ``__internal_..._slowpath``)."""
        got = self.regions.get(g.pc)
        if got is None:
            return False
        e, body = got
        for i in self._onward(g.pc, e, body):
            self._poison(g, self.instrs[i], None)
            if self.instrs[i].op in _LOCAL_WRITES:
                g.local = {}
            if self.instrs[i].op == "BAR":           # how many barriers each thread passed there is not known
                g.epoch = np.int64(-1)
            if self.instrs[i].op.startswith(("ATOM", "RED")):
                g.atoms = np.int64(-1)
        while g.open and g.open[-1][1] <= e:       # regions stepped over whole: their threads met at the end
            g.apart = g.open[-1][2]
            g.open = g.open[:-1]
        self._strand(g)
        g.pc = e
        return True

    def _onward(self, pc: int, e: int, body: tuple) -> tuple:
        """The instructions of a region's ``body`` that the threads at ``pc`` may still run before its end ``e``
        (what they ran before ``pc`` in the region keeps its values: ptxas schedules straight-line work into a
        region ahead of the branch that made it)."""
        cache = self.__dict__.setdefault("_onward_cache", {})
        if pc not in cache:
            inside, seen, todo = set(body), set(), [pc]
            while todo:
                i = todo.pop()
                if i in seen or i not in inside and i != pc:
                    continue
                seen.add(i)
                x = self.instrs[i]
                if x.op == "RET":
                    continue
                if x.op == "CALL" and x.target in self.index:
                    todo.append(self.index[x.target])
                if x.op == "BRA" and x.target in self.index:
                    todo.append(self.index[x.target])
                if not (x.op == "BRA" and not x.pred) and i + 1 < e:
                    todo.append(i + 1)
            cache[pc] = tuple(sorted(seen & inside))
        return cache[pc]

    def _clean(self, s: int, e: int, k: str) -> bool:
        """Whether every path from the ``BSSY k`` at ``s`` reaches its ``BSYNC k`` (before ``e``) with no
        exit, trap, return, call, indirect jump or ``BREAK`` on the way: then the threads a branch parts
        inside stay alive until they meet there."""
        got = self._clean_cache.get(s)
        if got is not None:
            return got
        seen, todo, ok = set(), [s + 1], True
        while todo and ok:
            i = todo.pop()
            if i in seen:
                continue
            seen.add(i)
            if i >= len(self.instrs):
                ok = False
                break
            x = self.instrs[i]
            if x.op == "BSYNC" and x.ops[:1] == (k,):
                continue
            if x.op in ("EXIT", "BREAK", "BPT", "KILL") or x.op in _GIVE_UP_OPS:
                ok = False
                break
            nxt = self._next_pcs(i)
            if nxt is None:
                ok = False
                break
            todo.extend(nxt)
        self._clean_cache[s] = ok
        return ok

    def _next_pcs(self, i: int):
        """Where the instruction at ``i`` goes on: a branch's target (and the next where it may fall through), else
        the next; None for a branch whose target is not known (a register's)."""
        x = self.instrs[i]
        if x.op != "BRA":
            return (i + 1,)
        t = self.index.get(x.target) if x.target is not None else None
        if t is None or any(_REG.match(o) for o in (x.ops[1:] if "DIV" in x.mods else x.ops)):
            return None
        return (t, i + 1) if x.pred or len(x.ops) > 1 or "DIV" in x.mods else (t,)

    def _held(self, p: int, x: int) -> bool:
        """Whether every path from pc ``p`` to pc ``x`` passes a block barrier (``BAR.SYNC``, ``BAR.RED``: it holds
        the thread until every thread of its block, those at ``x`` too, has come) or none reaches ``x``."""
        key = (p, x)
        got = self._held_cache.get(key)
        if got is not None:
            return got
        seen, todo, ok = set(), [p], True
        while todo and ok:
            i = todo.pop()
            if i in seen or i >= len(self.instrs):
                continue
            seen.add(i)
            if i == x:
                ok = False
                break
            ins = self.instrs[i]
            if ins.op == "BAR" and {"SYNC", "RED"} & set(ins.mods) and not ins.pred:
                continue
            if ins.op == "EXIT" and not ins.pred:
                continue
            nxt = None if ins.op in _GIVE_UP_OPS else self._next_pcs(i)
            if nxt is None:
                ok = False
                break
            todo.extend(nxt)
        self._held_cache[key] = ok
        return ok

    def _parted(self, a, b, tpb):
        """After ``a`` and ``b`` (the two parts of a group, both not None) went different ways: mark in each
        the threads whose warp has lanes in the other (1 inside a clean open region, else 2)."""
        wpb = (tpb + 31) // 32
        for x, y in ((a, b), (b, a)):
            wx = (x.lanes // tpb) * wpb + (x.lanes % tpb) // 32
            wy = np.unique((y.lanes // tpb) * wpb + (y.lanes % tpb) // 32)
            hit = np.isin(wx, wy)
            if not hit.any():
                continue
            level = 1 if x.open and x.open[-1][3] else 2
            x.apart = _uniform(np.maximum(np.broadcast_to(np.asarray(x.apart, dtype=np.int8), x.lanes.shape),
                                          np.where(hit, level, 0).astype(np.int8)))

    def _div(self, g, ins, tpb, seen):
        """``BRA.DIV URm, target`` (``URm`` all lanes): per thread, whether its warp is not converged here.
        Converged where its warp is whole (32 lanes launched) and all of it on this path (``apart`` 0);
        not where some of its live lanes are on another path inside a clean region (``apart`` 1), as long as
        no other path of that warp runs this very instruction apart (else they might meet here); else None."""
        m = self._val(g, ins.ops[0], ins) if ins.ops else Unknown("op", op="BRA.DIV", addr=_at(ins))
        if isinstance(m, Unknown):
            return None
        if np.ndim(_uniform(np.asarray(m))) or int(np.asarray(m).flat[0]) != _MASK:
            return self._div_mask(g, m, tpb, seen)
        apart = np.broadcast_to(np.asarray(g.apart, dtype=np.int8), g.lanes.shape)
        whole = (g.lanes % tpb) // 32 < tpb // 32
        if (apart == 2).any() or not whole.all():
            return None
        wpb = (tpb + 31) // 32
        warp = (g.lanes // tpb) * wpb + (g.lanes % tpb) // 32
        for w in np.unique(warp[apart == 1]):
            lanes = frozenset(g.lanes[warp == w].tolist())
            if seen.setdefault((g.pc, int(w)), lanes) != lanes:
                return None
        return apart == 1

    def _div_mask(self, g, m, tpb, seen):
        """``BRA.DIV URm`` with a mask other than all lanes (a ``__shfl_sync(mask, ...)`` whose mask is a ballot, the
        ``REDUX.OR`` of it): per thread, whether a lane of its warp named in ``m`` is not on this path. Converged
        where every lane named is here; not where one is missing and its warp has live lanes on another path inside
        a clean region (``apart`` 1: the missing lane is there), as ``_div`` rules; else (a named lane has exited,
        or may have) None. Lanes of the warp held at a block barrier (``_others_wait``) are not on this path."""
        apart = np.broadcast_to(np.asarray(g.apart, dtype=np.int8), g.lanes.shape)
        held = bool((apart != 0).any()) and self._others_wait(g)
        if (apart == 2).any() and not held:
            return None
        warp = _warp_of(g.lanes, tpb).astype(np.int64)
        bit = ((g.lanes % tpb) % 32).astype(np.uint64)
        w0 = int(warp.min())
        here = np.zeros(int(warp.max()) - w0 + 1, np.uint64)
        np.bitwise_or.at(here, warp - w0, np.uint64(1) << bit)
        m = np.broadcast_to(np.asarray(m, dtype=np.uint64), g.lanes.shape)
        missing = (m & ~here[warp - w0] & np.uint64(_MASK)) != 0
        if not missing.any():
            return missing
        if (missing & (apart == 0)).any() or held:
            return None
        for w in np.unique(warp[missing]):
            lanes = frozenset(g.lanes[warp == w].tolist())
            if seen.setdefault((g.pc, int(w)), lanes) != lanes:
                return None
        return missing

    # ------------------------------------------------------------- operands
    @staticmethod
    def _reg(g, name: str, unset: str = "unset"):
        """A register's value for ``g``'s lanes: a loaded word left ``_Deferred`` is looked up now, for the lanes that
        read it (and kept so)."""
        v = g.regs.get(name, None)
        if v is None:
            return Unknown(unset, reg=name)
        if isinstance(v, _Deferred):
            v = g.regs[name] = v.resolve(g.lanes)
        if isinstance(v, _Part):
            return v.read(g.on)
        return v

    def _val(self, g, o: str, ins):
        """A source operand's 32-bit value (numpy uint32, or Unknown)."""
        neg = o.startswith("-")
        inv = o.startswith("~")
        o = o.lstrip("-~")
        if o.startswith("|") and o.endswith("|"):
            v = self._val(g, o[1:-1], ins)
            if isinstance(v, Unknown):
                return v
            v = np.where(v.astype(np.int64) >= 2 ** 31, (-v.astype(np.int64)) & _MASK, v).astype(_U32)
        elif o in ("RZ", "URZ"):
            v = _U32(0)
        elif _REG.match(o):
            v = self._reg(g, o)
        elif re.fullmatch(r"0x[0-9a-f]+|\d+", o):
            v = _U32(int(o, 0) & _MASK)
        elif _CONST.fullmatch(o):
            v = self._const(g, o, 4)
            v = v if isinstance(v, Unknown) else _U32(v & _MASK)
        else:
            v = Unknown("operand", o=o, op=ins.op, addr=_at(ins))
        if isinstance(v, Unknown):
            return v
        if neg:
            v = ((np.uint64(1 << 32) - np.asarray(v, dtype=np.uint64)) & np.uint64(_MASK)).astype(_U32)
        if inv:
            v = (~np.asarray(v, dtype=_U32)).astype(_U32)
        return np.asarray(v, dtype=_U32)

    def _val64(self, g, o: str, ins):
        """A 64-bit source (a register pair, RZ, an immediate, or ``c[0x0][...]``)."""
        if o in ("RZ", "URZ"):
            return np.uint64(0)
        m = _REG.match(o)
        if m:
            lo = self._reg(g, o)
            hi_name = f"{m.group(1)}{int(m.group(2)) + 1}"
            hi = self._reg(g, hi_name)
            if isinstance(lo, Unknown):
                return lo
            if isinstance(hi, Unknown):
                return hi
            return lo.astype(np.uint64) | (hi.astype(np.uint64) << np.uint64(32))
        if re.fullmatch(r"0x[0-9a-f]+|\d+", o):
            return np.uint64(int(o, 0))
        if _CONST.fullmatch(o):
            v = self._const(g, o, 8)
            return v if isinstance(v, Unknown) else np.uint64(v)
        return Unknown("operand", o=o, op=ins.op, addr=_at(ins))

    def _const(self, g, o: str, nbytes: int):
        """``c[0x0][0x210]``, ``c[0x0][RZ]``, ``c[0x0][R2+0x4]`` (a uniform known index) as an int."""
        m = _CONST.fullmatch(o)
        off = int(m.group(2), 16) if m.group(2) else 0
        if m.group(1) and m.group(1) not in ("RZ", "URZ"):
            r = self._reg(g, m.group(1))
            if isinstance(r, Unknown):
                return r
            if np.ndim(r) and not (r == r.flat[0]).all():
                return Unknown("indexed", reg=m.group(1))
            off += int(np.asarray(r).flat[0])
        return self.launch.const(off, nbytes)

    def _pred(self, g, o: str):
        m = _PRED.match(o)
        if not m:
            return Unknown("pred_operand", o=o)
        if m.group(3) == "T":
            v = np.bool_(True)
        else:
            v = g.preds.get(m.group(2) + m.group(3), Unknown("pred_unset", p=o.lstrip("!")))
        if isinstance(v, _Part):
            v = v.read(g.on)
        if isinstance(v, Unknown):
            return v
        return ~v if m.group(1) else v

    # ------------------------------------------------------------- results
    def _set(self, g, name: str, v, guard):
        if name in ("RZ", "URZ", "PT", "UPT"):
            return
        table = g.preds if "P" in name and not name.startswith(("R", "UR")) else g.regs
        if guard is not None and not isinstance(guard, Unknown) and np.all(guard):
            guard = None                            # on for every lane (a deferred word stays for later)
        if isinstance(v, _Deferred) and guard is not None and not isinstance(guard, Unknown):
            v = v.resolve(g.lanes)
        if isinstance(guard, Unknown):
            v = guard
        elif guard is not None and name in table:
            old = table[name]
            if isinstance(old, _Deferred):
                old = table[name] = old.resolve(g.lanes)
            if isinstance(v, Unknown):
                pass
            elif isinstance(old, (Unknown, _Part)):     # known where the guard is on (and where it was)
                on = np.broadcast_to(np.asarray(guard, dtype=bool), g.lanes.shape)
                was = old if isinstance(old, Unknown) else old.why
                keep = np.zeros(g.lanes.shape, bool) if isinstance(old, Unknown) else old.known
                base = np.zeros(g.lanes.shape, dtype=np.asarray(v).dtype) if isinstance(old, Unknown) else old.value
                v = _Part.of(np.where(on, v, base), on | keep, was)
            else:
                v = np.where(guard, v, old)
        table[name] = _uniform(v) if isinstance(v, np.ndarray) else v

    def _set64(self, g, name: str, v, guard):
        m = _REG.match(name)
        if not m or m.group(2) == "Z":
            return
        hi = f"{m.group(1)}{int(m.group(2)) + 1}"
        if isinstance(v, Unknown):
            self._set(g, name, v, guard)
            self._set(g, hi, v, guard)
            return
        v = np.asarray(v, dtype=np.uint64)
        self._set(g, name, (v & np.uint64(_MASK)).astype(_U32), guard)
        self._set(g, hi, (v >> np.uint64(32)).astype(_U32), guard)

    def _poison(self, g, ins, guard):
        """An instruction the replay does not compute: its destinations become unknown."""
        why = Unknown("loaded" if ins.op.startswith(("LD", "ATOM")) else "op", op=ins.op, addr=_at(ins))
        if ins.op in _STORES:
            return
        ops = list(ins.ops)
        if ins.op == "R2P":                      # sets predicates from a register's bits
            for k in range(7):
                self._set(g, f"P{k}", why, guard)
            return
        i = 0
        while i < len(ops) and _PRED.match(ops[i]):
            self._set(g, ops[i], why, guard)
            i += 1
        if i and ins.op != "SHFL":               # FSETP P0, PT, R2, R4, PT: the predicates were all
            return
        if i < len(ops) and _REG.match(ops[i]):
            m = _REG.match(ops[i])
            width = 256 if ins.op.startswith(_MANY_WORDS) else 4 if "128" in ins.mods else \
                _convert_width(ins) if ins.op in _CONVERTS else \
                2 if ("64" in ins.mods or "WIDE" in ins.mods or ins.op.startswith("D") or ins.op == "CS2R" or
                      ins.mods[:1] in (("F64",), ("S64",), ("U64",))) else \
                1 if ins.op in _ONE_WORD else 4
            if m.group(2) != "Z":
                for k in range(width):
                    self._set(g, f"{m.group(1)}{int(m.group(2)) + k}", why, guard)
            i += 1
            while i < len(ops) and _PRED.match(ops[i]) and not ops[i].startswith("!"):
                self._set(g, ops[i], why, guard)
                i += 1

    # ------------------------------------------------------------- one instruction
    def _step(self, g, ins, guard):
        """Execute a non-control instruction for group ``g`` (``guard``: the lanes it is on for, or
        None for all): a value known on some lanes only (``_Part``) is read where those it is on for are known."""
        g.on = None if guard is None or isinstance(guard, Unknown) else guard
        try:
            return self._execute(g, ins, guard)
        finally:
            g.on = None

    def _division_reciprocal(self, pc: int, o) -> bool:
        """Whether the ``MUFU.RCP`` at ``pc`` is the reciprocal step of ptxas's unsigned division: its operand
        written by an ``I2F...RP`` just before it, its result read by the next add of ``0xffffffe``, whose sum an
        ``F2I.FTZ.U32.TRUNC.NTZ`` right after truncates."""
        src, dst = o[1], o[0]
        # ptxas interleaves two divisions' steps (torchvision's RoIPool divides by two sizes at once): the I2F may
        # sit a dozen instructions back and the F2I as far past the add, with neither register written between
        back = [self.instrs[k] for k in range(max(0, pc - 16), pc)]
        if not any(x.op == "I2F" and "RP" in x.mods and x.ops and x.ops[0] == src for x in back):
            return False
        ahead = self.instrs[pc + 1:pc + 17]
        for k, x in enumerate(ahead):
            if dst in x.ops[1:] and x.op in ("VIADD", "IADD3") and "0xffffffe" in x.ops:
                for y in ahead[k + 1:k + 13]:
                    if y.op == "F2I" and y.mods == ("FTZ", "U32", "TRUNC", "NTZ") and x.ops[0] in y.ops[1:]:
                        return True
                    if y.ops and y.ops[0] == x.ops[0]:
                        return False
                return False
            if dst in x.ops:
                return False
        return False

    def _execute(self, g, ins, guard):
        op, mods, o = ins.op, ins.mods, ins.ops
        v = lambda k: self._val(g, o[k], ins)  # noqa: E731
        sset = lambda name, val: self._set(g, name, val, guard)  # noqa: E731
        if op in _NOOPS:
            return
        if op in ("MOV", "UMOV") and len(o) >= 2:
            return sset(o[0], v(1))
        if op in ("S2R", "S2UR", "CS2R") and len(o) == 2:
            return self._special(g, ins, guard)
        if op in ("LDC", "ULDC") and len(o) == 2 and self.launch.bank3 and _CONST3.fullmatch(o[1]) and \
                len(mods) <= 1 and set(mods) <= {"64", "U8", "S8", "U16", "S16"}:
            got = self._bank3(g, ins)
            if got is not None:
                return self._set64(g, o[0], got, guard) if "64" in mods else sset(o[0], got.astype(_U32))
        if op in ("LDC", "ULDC") and len(o) == 2 and mods == ("64",) and _CONST4.fullmatch(o[1]):
            m4 = _CONST4.fullmatch(o[1])        # where the loader put a __device__ array (curand's precalc tables)
            at = dict(self.launch.bank4).get(int(m4.group(1), 16) if m4.group(1) else 0)
            return self._set64(g, o[0], Unknown("const", off=o[1]) if at is None else np.uint64(at), guard)
        if op in ("LDC", "ULDC") and len(o) == 2 and _CONST.fullmatch(o[1]):
            if "64" in mods:
                return self._set64(g, o[0], self._val64(g, o[1], ins), guard)
            if len(mods) == 0:
                return sset(o[0], v(1))
            if mods in (("U8",), ("S8",), ("U16",), ("S16",)):
                # a bool, char or short parameter (apex's ``bool rms_only``): its bytes, zero- or sign-extended
                nbytes = 1 if mods[0].endswith("8") else 2
                got = self._const(g, o[1], nbytes)
                if isinstance(got, Unknown):
                    return sset(o[0], got)
                word = np.uint32(got)
                return sset(o[0], _sign_extended(word, nbytes) if mods[0][0] == "S" else word)
            return self._poison(g, ins, guard)
        if op in ("IMAD", "UIMAD") and len(o) == 4 and "X" not in mods and ("HI" not in mods or "U32" in mods):
            if "WIDE" in mods:
                a, b, c = v(1), v(2), self._val64(g, o[3], ins)
                if any(isinstance(x, Unknown) for x in (a, b, c)):
                    return self._set64(g, o[0], next(x for x in (a, b, c) if isinstance(x, Unknown)), guard)
                if "U32" in mods:
                    p = a.astype(np.uint64) * b.astype(np.uint64)
                else:
                    p = (np.asarray(a).view(np.int32).astype(np.int64) *
                         np.asarray(b).view(np.int32).astype(np.int64)).astype(np.uint64)
                return self._set64(g, o[0], (p + c).astype(np.uint64), guard)
            # IMAD.HI's addend is a register pair (Rc, Rc+1), added to the 64-bit product before its high word is
            # taken: ptxas's division refines its reciprocal r with ``IMAD.HI.U32 R3, R3, R7, R2`` after zeroing R2,
            # r + hi(r * e) in one instruction (a 32-bit addend would leave hi(r * e) alone, a quotient near 0)
            a, b, c = v(1), v(2), self._val64(g, o[3], ins) if "HI" in mods else v(3)
            bad = next((x for x in (a, b, c) if isinstance(x, Unknown)), None)
            if bad is not None:
                return sset(o[0], bad)
            p = a.astype(np.uint64) * b.astype(np.uint64)
            if "HI" in mods:
                return sset(o[0], (((p + c) & np.uint64(2**64 - 1)) >> np.uint64(32)).astype(_U32))
            return sset(o[0], ((p + c.astype(np.uint64)) & np.uint64(_MASK)).astype(_U32))
        if op in ("IADD3", "UIADD3"):
            return self._iadd3(g, ins, guard)
        if op in ("IMAD", "UIMAD") and len(o) == 5 and mods == ("X",):
            # the high word of a 64-bit add: a * b + c + the carry-in predicate
            a, b, c, p = v(1), v(2), v(3), self._pred(g, o[4])
            bad = next((x for x in (a, b, c, p) if isinstance(x, Unknown)), None)
            if bad is not None:
                return sset(o[0], bad)
            return sset(o[0], ((a.astype(np.uint64) * b.astype(np.uint64) + c.astype(np.uint64) +
                                np.asarray(p, dtype=np.uint64)) & np.uint64(_MASK)).astype(_U32))
        if op in _ATOMICS:
            return self._atomic(g, ins, guard)
        if op == "STL":
            return self._stl(g, ins, guard)
        if op in ("ST", "ATOM"):                    # generic: may write local memory
            g.local = {}
            return self._poison(g, ins, guard)
        if op == "LDL":
            return self._ldl(g, ins, guard)
        if op == "I2FP" and len(o) == 2 and mods in (("F32", "S32"), ("F32", "U32")):
            # int -> float32, rounded to nearest even (the default mode; others stay unknown): the
            # bits of sqrtf(n)'s argument, whose fast-path test is an integer compare on them
            a = v(1)
            if isinstance(a, Unknown):
                return sset(o[0], a)
            x = (a.view(np.int32) if mods[1] == "S32" else a).astype(np.float32)
            return sset(o[0], np.asarray(x, dtype=np.float32).view(_U32))
        if op in ("FADD", "FMUL") and len(o) == 3 and set(mods) <= {"FTZ", "RZ", "RM", "RP"} and \
                sum(m in ("RZ", "RM", "RP") for m in mods) == 1:
            # rounded toward zero, down or up (roundf's FADD.RZ of x and a half with x's sign): the sum or product in
            # float64 with its error (two-sum; a float32 product is exact there), then the float32 on the named side
            ftz = "FTZ" in mods
            a, b = self._fval(g, o[1], ins, ftz), self._fval(g, o[2], ins, ftz)
            bad = next((x for x in (a, b) if isinstance(x, Unknown)), None)
            if bad is not None:
                return sset(o[0], bad)
            r = _directed_f32(a, b, op == "FADD", next(m for m in mods if m in ("RZ", "RM", "RP")))
            return sset(o[0], _flushed(r, ftz).view(_U32))
        if op in ("FADD", "FMUL") and len(o) == 3 and set(mods) <= {"FTZ"}:
            # float32 add and multiply, rounded to nearest even (another rounding mode or .SAT stays unknown), a
            # subnormal source or result flushed to zero with .FTZ: darknet's sqrtf(variance + .00001f) fast-path
            # test adds to a loaded variance before its integer compare on the bits
            ftz = "FTZ" in mods
            a, b = self._fval(g, o[1], ins, ftz), self._fval(g, o[2], ins, ftz)
            bad = next((x for x in (a, b) if isinstance(x, Unknown)), None)
            if bad is not None:
                return sset(o[0], bad)
            with np.errstate(all="ignore"):
                r = np.asarray(np.add(a, b) if op == "FADD" else np.multiply(a, b), dtype=np.float32)
            return sset(o[0], _flushed(r, ftz).view(_U32))
        if op == "FFMA" and len(o) == 4 and set(mods) <= {"FTZ"}:
            # float32 a * b + c rounded once (numerics.fma_f32, the emulator's own), nearest even, .FTZ as FADD's:
            # mwa_hyperdrive's peeling reduction tests a value so made before a branch
            ftz = "FTZ" in mods
            a, b, c = (self._fval(g, x, ins, ftz) for x in o[1:4])
            bad = next((x for x in (a, b, c) if isinstance(x, Unknown)), None)
            if bad is not None:
                return sset(o[0], bad)
            r = np.asarray(fma_f32(a, b, c), dtype=np.float32)
            return sset(o[0], _flushed(r, ftz).view(_U32))
        if op in ("DADD", "DMUL") and len(o) == 3 and not mods:
            # float64 add and multiply, rounded to nearest even (another mode stays unknown): mwa_hyperdrive's
            # peeling divides doubles before a branch on the quotient
            a, b = self._dval(g, o[1], ins), self._dval(g, o[2], ins)
            bad = next((x for x in (a, b) if isinstance(x, Unknown)), None)
            if bad is not None:
                return self._set64(g, o[0], bad, guard)
            with np.errstate(all="ignore"):
                r = np.asarray(np.add(a, b) if op == "DADD" else np.multiply(a, b), dtype=np.float64)
            return self._set64(g, o[0], r.view(np.uint64), guard)
        if op == "DFMA" and len(o) == 4 and not mods:
            a, b, c = (self._dval(g, x, ins) for x in o[1:4])
            bad = next((x for x in (a, b, c) if isinstance(x, Unknown)), None)
            if bad is not None:
                return self._set64(g, o[0], bad, guard)
            return self._set64(g, o[0], np.asarray(fma_f64(a, b, c), dtype=np.float64).view(np.uint64), guard)
        if op == "F2F" and len(o) == 2 and mods in (("F64", "F32"), ("F32", "F64"), ("F32", "F64", "RN")):
            # float32 to float64 (exact) and back (rounded to nearest): DIB-R's (int)(x + 0.5) in double
            if mods[0] == "F64":
                a = self._fval(g, o[1], ins)
                return self._set64(g, o[0], a if isinstance(a, Unknown) else
                                   np.asarray(a, dtype=np.float64).view(np.uint64), guard)
            a = self._dval(g, o[1], ins)
            with np.errstate(all="ignore"):
                return sset(o[0], a if isinstance(a, Unknown) else np.asarray(a, dtype=np.float32).view(_U32))
        if op == "F2I" and len(o) == 2 and "F64" in mods:
            # float64 to a 32-bit integer (DIB-R's (int)(x + 0.5) in double); another form stays unknown
            a = self._dval(g, o[1], ins)
            got = a if isinstance(a, Unknown) else _to_int(a, mods)
            if got is not None:
                return sset(o[0], got)
        if op == "DSETP" and len(o) == 5:
            return self._fsetp(g, ins, guard, wide=True)
        if op == "MUFU" and mods == ("RCP64H",) and len(o) == 2 and self._division_reciprocal64(g.pc, o):
            # the high word of 1/x from x's high word, the seed of ptxas's double division: its two Newton steps
            # and the quotient's correction give the correctly rounded quotient from any seed within the unit's
            # error, so the float64 nearest 1/(x's high word : 0), truncated to its high word, serves
            hi = v(1)
            if isinstance(hi, Unknown):
                return sset(o[0], hi)
            x = (np.asarray(hi, dtype=np.uint64) << np.uint64(32)).view(np.float64)
            with np.errstate(all="ignore"):
                r = np.asarray(np.float64(1) / x, dtype=np.float64).view(np.uint64)
            return sset(o[0], (r >> np.uint64(32)).astype(_U32))
        if op == "SHFL" and len(o) == 5 and len(mods) == 1 and mods[0] in ("IDX", "UP", "DOWN", "BFLY"):
            return self._shfl(g, ins, guard)
        if op == "P2R" and len(o) == 4 and o[1] == "PR" and not mods:
            # predicates saved in a register's bits (P0 in bit 0 ... P6 in bit 6, those of the mask) over its
            # other bits: ptxas keeps a predicate across a call (PyTorch3D's coarse rasteriser, round its printf)
            base, mask = v(2), v(3)
            if isinstance(base, Unknown) or isinstance(mask, Unknown):
                return sset(o[0], base if isinstance(base, Unknown) else mask)
            m = int(np.asarray(mask).flat[0]) & 0x7F
            out = np.asarray(base, dtype=_U32) & _U32(~m & 0xFFFFFFFF)
            for k in range(7):
                if m >> k & 1:
                    p = self._pred(g, f"P{k}")
                    if isinstance(p, Unknown):
                        return sset(o[0], p)
                    out = out | (np.asarray(p, dtype=bool).astype(_U32) << _U32(k))
            return sset(o[0], np.asarray(out, dtype=_U32))
        if op == "MUFU" and mods == ("RCP",) and len(o) == 2 and self._division_reciprocal(g.pc, o):
            # the reciprocal of ptxas's unsigned division (I2F.RP of the divisor, MUFU.RCP, + 0x0ffffffe, F2I.TRUNC,
            # then a Newton step and two corrections): the float32 nearest 1/x is within the unit's error, and the
            # corrections make the quotient exact from either (FlowNet2's correlation divides by a launch's sizes)
            a = self._fval(g, o[1], ins)
            if isinstance(a, Unknown):
                return sset(o[0], a)
            with np.errstate(all="ignore"):
                return sset(o[0], np.asarray(np.float32(1) / a, dtype=np.float32).view(_U32))
        if op == "MUFU" and mods == ("RCP",) and len(o) == 2 and self._float_division(g.pc, o):
            # the reciprocal seeding ptxas's float division (div.rn.f32: r, e = 1 - d r, r + r e, q = n r, the
            # remainder's correction), whose FCHK sends the operands it cannot round right to a slow path: from any
            # seed within the unit's one-ulp error the corrected quotient is n / d rounded to nearest, so the float32
            # nearest 1/d serves (tests/test_sass_replay_float.py runs the sequence on both neighbours of 1/d)
            a = self._fval(g, o[1], ins, ftz=True)
            if isinstance(a, Unknown):
                return sset(o[0], a)
            with np.errstate(all="ignore"):
                return sset(o[0], np.asarray(np.float32(1) / a, dtype=np.float32).view(_U32))
        if op == "MUFU" and mods == ("RSQ",) and len(o) == 2 and self._sqrt_seed(g.pc, o):
            # the seed of ptxas's sqrtf (sqrt.rn.f32: a = x s, h = s / 2, r = x - a a, a + r h), whose range check
            # sends x outside [2^-101, 2^128) to a slow path: from the float32 nearest 1 / sqrt(x) (and from either
            # neighbour) the sequence gives sqrt(x) rounded to nearest (tests/test_sass_replay_sqrt.py checks it)
            a = self._fval(g, o[1], ins)
            if isinstance(a, Unknown):
                return sset(o[0], a)
            with np.errstate(all="ignore"):
                seed = np.float32(1) / np.sqrt(np.asarray(a, dtype=np.float64))
            return sset(o[0], np.asarray(seed, dtype=np.float32).view(_U32))
        if op == "FCHK" and len(o) == 3 and not mods:
            # false (the fast path is exact) where both operands and the quotient are far from the float32 range's
            # ends: normal, finite, magnitudes in [2^-100, 2^100] (the dividend may be 0); elsewhere unknown, as the
            # unit's exact bounds are not documented
            n, d = self._fval(g, o[1], ins), self._fval(g, o[2], ins)
            bad = next((x for x in (n, d) if isinstance(x, Unknown)), None)
            if bad is None:
                an, ad = np.abs(n.astype(np.float64)), np.abs(d.astype(np.float64))
                safe = (ad >= 2.0 ** -100) & (ad <= 2.0 ** 100) & ((an == 0) | ((an >= 2.0 ** -100) & (an <= 2.0 ** 100)))
                if np.all(safe):
                    return sset(o[0], np.zeros(np.broadcast(n, d).shape, dtype=bool))
                bad = Unknown("op", op="FCHK", addr=_at(ins))
            return sset(o[0], bad)
        if op in ("I2F", "MUFU", "F2I", "IABS") and len(o) == 2 and not (op in _CONVERTS and _convert_width(ins) == 2):
            got = _division_step(op, mods, v(1))
            if got is not None:
                return sset(o[0], got)
            return self._poison(g, ins, guard)
        if op in ("VIADD", "UVIADD") and len(o) == 3 and not mods:
            a, b = v(1), v(2)
            bad = next((x for x in (a, b) if isinstance(x, Unknown)), None)
            return sset(o[0], bad if bad is not None else
                        ((a.astype(np.uint64) + b.astype(np.uint64)) & np.uint64(_MASK)).astype(_U32))
        if op in ("LEA", "ULEA") and "HI" not in mods and "X" not in mods:
            srcs = [x for x in o[1:] if not _PRED.match(x)]
            carry = [x for x in o[1:] if _PRED.match(x)]
            if len(srcs) != 3 or len(carry) > 1:
                for p in carry:
                    sset(p, Unknown("carry", op=op, addr=_at(ins)))
                return sset(o[0], Unknown("op", op=op, addr=_at(ins)))
            a, b, s = (self._val(g, x, ins) for x in srcs)
            bad = next((x for x in (a, b, s) if isinstance(x, Unknown)), None)
            if bad is not None:
                for p in carry:
                    sset(p, bad)
                return sset(o[0], bad)
            sh = (a.astype(np.uint64) << (s.astype(np.uint64) & np.uint64(31))) & np.uint64(_MASK)
            total = sh + b.astype(np.uint64)
            for p in carry:                         # LEA R4, P0, ...: the carry out of the low word (for LEA.HI.X)
                sset(p, np.asarray(total >> np.uint64(32), dtype=bool))
            return sset(o[0], (total & np.uint64(_MASK)).astype(_U32))
        if op in ("LEA", "ULEA") and "HI" in mods and set(mods) <= {"HI", "X", "SX32"}:
            # the high word of a 64-bit shift-add: d = b + ((c:a) << s) >> 32, c the high word
            # (.SX32: a's sign); ptxas computes a loop's trip count >> k this way (LEA.HI d, a, 1, RZ, 32-k);
            # .X adds the carry a LEA of the low words set (a 64-bit address: LEA R4, P0 ...; LEA.HI.X R5, ..., P0)
            srcs = [x for x in o[1:] if not _PRED.match(x)]
            preds = [x for x in o[1:] if _PRED.match(x)]
            cin = np.uint64(0)
            if "X" in mods:
                cin = self._pred(g, preds[-1]) if len(preds) == 1 else Unknown("carry", op=op, addr=_at(ins))
                if isinstance(cin, Unknown):
                    return sset(o[0], cin)
                cin = np.asarray(cin, dtype=np.uint64)
            else:
                for p in preds:
                    sset(p, Unknown("carry", op=op, addr=_at(ins)))
            if len(srcs) != (3 if "SX32" in mods else 4):
                return sset(o[0], Unknown("op", op=op, addr=_at(ins)))
            vals = [self._val(g, x, ins) for x in srcs]
            bad = next((x for x in vals if isinstance(x, Unknown)), None)
            if bad is not None:
                return sset(o[0], bad)
            a, b = vals[0].astype(np.uint64), vals[1].astype(np.uint64)
            s = vals[-1].astype(np.uint64) & np.uint64(31)
            hi = (np.where(a >> np.uint64(31), np.uint64(_MASK), np.uint64(0)) if "SX32" in mods
                  else vals[2].astype(np.uint64))
            wide = ((hi << np.uint64(32)) | a) << s          # numpy's uint64 wraps: the 32 bits wanted survive
            return sset(o[0], ((b + (wide >> np.uint64(32)) + cin) & np.uint64(_MASK)).astype(_U32))
        if op in ("SHF", "USHF") and len(o) == 4:
            return self._shf(g, ins, guard)
        if op in ("LOP3", "ULOP3") and "LUT" in mods:
            return self._lop3(g, ins, guard)
        if op in ("PRMT", "UPRMT") and len(o) == 4 and not mods:
            # PRMT d, a, sel, b: byte k of d is byte (sel's nibble k & 7) of the 8 bytes b:a, or with the nibble's
            # bit 3 set that byte's sign replicated (the default mode; 0x9910 and 0x8880 sign-extend a short and a
            # byte, 0x7610 keeps b's high half): cuda-grep's and CUDASW++'s branches test such values
            a, sel, b = v(1), v(2), v(3)
            bad = next((x for x in (a, sel, b) if isinstance(x, Unknown)), None)
            if bad is not None:
                return sset(o[0], bad)
            src = (np.asarray(b, dtype=np.uint64) << np.uint64(32)) | np.asarray(a, dtype=np.uint64)
            sel = np.asarray(sel, dtype=np.uint64)
            out = np.zeros(np.broadcast(src, sel).shape, dtype=np.uint64)
            for k in range(4):
                nib = (sel >> np.uint64(4 * k)) & np.uint64(0xF)
                byte = (src >> ((nib & np.uint64(7)) * np.uint64(8))) & np.uint64(0xFF)
                byte = np.where(nib & np.uint64(8), np.where(byte & np.uint64(0x80), np.uint64(0xFF), np.uint64(0)), byte)
                out |= byte << np.uint64(8 * k)
            return sset(o[0], out.astype(_U32))
        if op in ("PLOP3", "UPLOP3") and "LUT" in mods and len(o) == 7:
            a, b, c = (self._pred(g, x) for x in o[2:5])
            res = []
            for lut in (o[5], o[6]):
                if any(isinstance(x, Unknown) for x in (a, b, c)):
                    res.append(next(x for x in (a, b, c) if isinstance(x, Unknown)))
                    continue
                k = int(lut, 0)
                idx = a.astype(np.int64) * 4 + b.astype(np.int64) * 2 + c.astype(np.int64)
                res.append(((np.int64(k) >> idx) & 1).astype(bool))
            sset(o[0], res[0])
            return sset(o[1], res[1])
        if op in ("ISETP", "UISETP") and (len(o) == 5 or (len(o) == 6 and "EX" in mods)):
            return self._isetp(g, ins, guard)
        if op == "FSETP" and len(o) == 5:
            return self._fsetp(g, ins, guard)
        if op in ("FMNMX", "FSEL") and len(o) == 4 and set(mods) <= {"FTZ", "NAN"}:
            a, b, p = self._fval(g, o[1], ins, "FTZ" in mods), self._fval(g, o[2], ins, "FTZ" in mods), \
                self._pred(g, o[3])
            bad = next((x for x in (a, b, p) if isinstance(x, Unknown)), None)
            if bad is not None or (op == "FMNMX" and "NAN" in mods):
                return sset(o[0], bad or Unknown("op", op=op, addr=_at(ins)))
            if op == "FSEL":
                return sset(o[0], np.where(p, a, b).astype(np.float32).view(_U32))
            # PT: the minimum, !PT the maximum; a NaN gives the other operand; -0 < +0
            lo = np.where(np.isnan(a), b, np.where(np.isnan(b), a, np.where(
                (a < b) | ((a == b) & np.signbit(a)), a, b)))
            hi = np.where(np.isnan(a), b, np.where(np.isnan(b), a, np.where(
                (a > b) | ((a == b) & ~np.signbit(a)), a, b)))
            return sset(o[0], np.asarray(np.where(p, lo, hi), dtype=np.float32).view(_U32))
        if op in ("SEL", "USEL") and len(o) == 4:
            a, b, p = v(1), v(2), self._pred(g, o[3])
            bad = next((x for x in (a, b, p) if isinstance(x, Unknown)), None)
            return sset(o[0], bad if bad is not None else np.where(p, a, b).astype(_U32))
        if op in ("VIADDMNMX", "UVIADDMNMX") and len(o) == 5:
            # min or max (the predicate: PT min, !PT max) of a + b and c: ptxas's max(n, 1) trip counts
            a, b, c, p = v(1), v(2), v(3), self._pred(g, o[4])
            bad = next((x for x in (a, b, c, p) if isinstance(x, Unknown)), None)
            if bad is not None:
                return sset(o[0], bad)
            ab = ((a.astype(np.uint64) + b.astype(np.uint64)) & np.uint64(_MASK)).astype(_U32)
            x, y = (ab, c) if "U32" in mods else (ab.view(np.int32), np.asarray(c).view(np.int32))
            r = np.asarray(np.where(p, np.minimum(x, y), np.maximum(x, y)))
            return sset(o[0], r.astype(x.dtype).view(_U32))
        if op in ("IMNMX", "VIMNMX", "UIMNMX") and len(o) == 4:
            a, b, p = v(1), v(2), self._pred(g, o[3])
            bad = next((x for x in (a, b, p) if isinstance(x, Unknown)), None)
            if bad is not None:
                return sset(o[0], bad)
            x, y = (a, b) if "U32" in mods else (a.view(np.int32), b.view(np.int32))
            r = np.asarray(np.where(p, np.minimum(x, y), np.maximum(x, y)))      # PT: the minimum
            return sset(o[0], r.astype(x.dtype).view(_U32))
        if op == "HFMA2" and len(o) == 5 and o[1] == "-RZ" and o[2] == "RZ":
            # ptxas's way to set a register to a constant: -0 * 0 + (high half, low half)
            try:
                hi, lo = (int(np.float16(float(x)).view(np.uint16)) for x in o[3:5])
            except ValueError:
                return self._poison(g, ins, guard)
            return sset(o[0], _U32((hi << 16 | lo) & _MASK))
        if op == "R2UR" and len(o) == 2:
            return sset(o[0], v(1))
        if op == "BAR" and "RED" in mods:
            return self._bar_red(g, ins, guard)
        if op == "B2R" and mods == ("RESULT",) and len(o) == 2:
            r = self._b2r.get(g.pc)
            got = r.get(g.lanes) if r is not None else Unknown("op", op="B2R", addr=_at(ins))
            if isinstance(got, Unknown):
                return self._poison(g, ins, guard)
            sset(o[1], _uniform(got != 0))
            return sset(o[0], _uniform(got))
        if op in ("VOTE", "VOTEU") and mods == ("ANY",) and len(o) == 3 and o[1] in ("PT", "UPT"):
            # the warp's lanes on here (with the predicate): ptxas's aggregated atomics elect a leader so
            return sset(o[0], self._ballot(g, self._pred(g, o[2]), guard))
        if op == "MATCH" and mods == ("ANY",) and len(o) == 2:
            # __match_any_sync, and ptxas's check of a __shfl_sync's or __ballot_sync's mask before it
            return sset(o[0], self._match_any(g, v(1), guard))
        if op in ("REDUX", "UREDUX") and len(o) == 2:
            return sset(o[0], self._redux(g, ins, v(1), guard))
        if op == "R2UR" and len(o) == 3 and _PRED.match(o[0]) and o[1] in ("URZ",):
            # ``R2UR Pd, URZ, Ra`` before ``@!Pd BRA.DIV``: ptxas asks whether a mask register is one value over the
            # warp's lanes here (Pd off) before it checks the warp's convergence on it; known where they agree
            same = self._warp_same(g, v(2), guard)
            if not isinstance(same, Unknown) and not np.all(same):
                same = Unknown("op", op="R2UR", addr=_at(ins))     # what the predicate says then is not known
            return sset(o[0], same if isinstance(same, Unknown) else np.bool_(False))
        if op in ("FLO", "POPC", "UFLO", "UPOPC") and len(o) == 2 and set(mods) <= {"U32"}:
            a = v(1)
            if isinstance(a, Unknown):
                return sset(o[0], a)
            a = np.asarray(a, dtype=np.uint64)
            if op.endswith("POPC"):
                n = np.zeros(a.shape, np.uint64)
                for k in range(32):
                    n += (a >> np.uint64(k)) & np.uint64(1)
                return sset(o[0], n.astype(_U32))
            hi = np.full(a.shape, _MASK, np.uint64)           # FLO: the highest set bit, 0xffffffff for none
            for k in range(32):
                hi = np.where((a >> np.uint64(k)) & np.uint64(1), np.uint64(k), hi)
            return sset(o[0], hi.astype(_U32))
        if op in ("STS", "ATOMS", "STSM", "STAS", "STG", "ST", "ATOM", "ATOMG", "RED", "REDG"):
            self._keep_own(g, ins, guard)
        if op in ("LDG", "LD", "LDS", "LDC", "ULDC") and self.launch.observed is not None:
            got = self._observed(g, ins, guard)
            m = _REG.match(o[0])
            if got is not None and m and m.group(2) != "Z":
                for k, word in enumerate(got):              # an LDG.64's register pair, an LDS.128's four
                    sset(f"{m.group(1)}{int(m.group(2)) + k}", word)
                return
        return self._poison(g, ins, guard)

    def _bar_red(self, g, ins, guard):
        """``BAR.RED.{POPC,AND,OR} 0x0, P``: the block's reduction of ``P``, for the ``B2R.RESULT`` right after it
        (``__syncthreads_or`` and its kin: CuSha's ``if (__syncthreads_or(flag))`` decides its exit). What the launch's
        own ``bar.red`` gave each thread in the epoch this barrier opens (counters/observed.py), or, where it was not
        kept, the reduction over the group where it holds every thread of each of its blocks, none guarded off, ``P``
        known on all; else unknown."""
        nxt = g.pc + 1
        if nxt >= len(self.instrs) or self.instrs[nxt].op != "B2R" or len(ins.ops) != 2:
            return None
        table = self._b2r
        ob = self.launch.observed
        ep = np.asarray(g.epoch, dtype=np.int64)
        if ob is not None and guard is None and (ep >= 0).all():
            got = ob.bar_red(g.lanes, np.broadcast_to(ep, g.lanes.shape))
            if got is not None:
                table[nxt] = _BarRed(g.lanes, got)
                return None
        p = self._pred(g, ins.ops[1])
        tpb = self.launch.block[0] * self.launch.block[1] * self.launch.block[2]
        block = g.lanes // tpb
        blocks, counts = np.unique(block, return_counts=True)
        if isinstance(p, Unknown) or guard is not None or (counts != tpb).any():
            table[nxt] = _BarRed()
            return None
        on = np.broadcast_to(np.asarray(p, dtype=bool), g.lanes.shape)
        count = np.zeros(len(blocks), np.int64)
        np.add.at(count, np.searchsorted(blocks, block), on.astype(np.int64))
        count = count[np.searchsorted(blocks, block)]
        value = count if "POPC" in ins.mods else (count == tpb) if "AND" in ins.mods else (count > 0)
        table[nxt] = _BarRed(g.lanes, value)
        return None

    def _ballot(self, g, p, guard):
        """Per lane, the mask of its warp's lanes that run a ``VOTE.ANY`` here with ``p`` on, or Unknown where a warp
        may have live lanes on another path (``_warp_lanes``)."""
        if isinstance(p, Unknown):
            return p
        w = self._warp_lanes(g, guard)
        if isinstance(w, Unknown):
            return w
        warp, bit, on = w
        on = on & np.broadcast_to(np.asarray(p, dtype=bool), g.lanes.shape)
        w0 = int(warp.min())
        bits = np.zeros(int(warp.max()) - w0 + 1, np.uint64)
        np.bitwise_or.at(bits, warp[on] - w0, np.uint64(1) << bit[on].astype(np.uint64))
        return _uniform(bits[warp - w0].astype(_U32))

    def _warp_lanes(self, g, guard):
        """Per lane, its warp (numbered over the launch), its lane in the warp and whether it runs the instruction
        (``guard``), or Unknown where a warp may have live lanes on another path (``_Group.apart``, unless they
        wait: ``_others_wait``): what a warp-wide instruction (``VOTE``, ``MATCH``, ``REDUX``) reads over the lanes
        of its warp that run it."""
        if isinstance(guard, Unknown):
            return guard
        if (np.asarray(g.apart) != 0).any() and not self._others_wait(g):
            ins = self.instrs[g.pc]
            return Unknown("apart", op=ins.op, addr=_at(ins))
        tpb = self.launch.block[0] * self.launch.block[1] * self.launch.block[2]
        on = np.ones(g.lanes.shape, bool) if guard is None else np.broadcast_to(np.asarray(guard, bool), g.lanes.shape)
        return _warp_of(g.lanes, tpb).astype(np.int64), ((g.lanes % tpb) % 32).astype(np.int64), on

    def _others_wait(self, g) -> bool:
        """Merging: whether every other live lane of ``g``'s warps is where it cannot come to ``g``'s instruction
        before ``g``'s lanes have passed a block barrier (``_held``), so that the lanes running it are ``g``'s alone
        (a ballot in a loop some of a warp's lanes have left for the ``__syncthreads()`` after it)."""
        ledger = g.ledger if self.merging else None
        if ledger is None:
            return False
        tpb = self.launch.block[0] * self.launch.block[1] * self.launch.block[2]
        waiting = [w.lanes for w in self._work if w is not g and self._held(w.pc, g.pc)]
        held = np.concatenate([g.lanes] + waiting)
        for w in np.unique(_warp_of(g.lanes, tpb)).tolist():
            b, k = divmod(w, (tpb + 31) // 32)
            every = np.arange(b * tpb + 32 * k, min(b * tpb + 32 * (k + 1), (b + 1) * tpb))
            idx = every - ledger.first
            inside = (idx >= 0) & (idx < len(ledger.exited))
            live = every[inside][~ledger.exited[idx[inside]]]
            if not inside.all() or not np.isin(live, held).all():
                return False
        return True

    def _match_any(self, g, a, guard):
        """``MATCH.ANY Rd, Ra``: per lane, the mask of its warp's lanes running it here whose ``Ra`` equals its own."""
        w = self._warp_lanes(g, guard)
        if isinstance(a, Unknown) or isinstance(w, Unknown):
            return a if isinstance(a, Unknown) else w
        warp, bit, on = w
        a = np.broadcast_to(np.asarray(a, dtype=np.uint64), g.lanes.shape)
        key = (warp << 32) | a.astype(np.int64)
        keys, inv = np.unique(key[on], return_inverse=True)
        bits = np.zeros(len(keys), np.uint64)
        np.bitwise_or.at(bits, inv, np.uint64(1) << bit[on].astype(np.uint64))
        pos = np.clip(np.searchsorted(keys, key), 0, max(len(keys) - 1, 0))
        out = np.where(on, bits[pos] if len(keys) else np.uint64(0), np.uint64(0))
        return _uniform(out.astype(_U32))

    def _redux(self, g, ins, a, guard):
        """``REDUX.{OR,AND,XOR,SUM,MIN,MAX}[.S32] URd, Ra``: the reduction of ``Ra`` over the lanes of the warp that
        run it (``redux.sync``; ptxas also ORs a ``__shfl_sync`` mask with it for the ``BRA.DIV`` after)."""
        w = self._warp_lanes(g, guard)
        kind = next((m for m in ins.mods if m in ("OR", "AND", "XOR", "SUM", "MIN", "MAX")), None)
        if isinstance(a, Unknown) or isinstance(w, Unknown) or kind is None or \
                not set(ins.mods) <= {"OR", "AND", "XOR", "SUM", "MIN", "MAX", "S32", "U32"}:
            return a if isinstance(a, Unknown) else Unknown("op", op="REDUX", addr=_at(ins))
        warp, _, on = w
        signed = "S32" in ins.mods
        a = np.broadcast_to(np.asarray(a, dtype=_U32), g.lanes.shape)
        vals = a.view(np.int32).astype(np.int64) if signed else a.astype(np.int64)
        w0 = int(warp.min())
        n = int(warp.max()) - w0 + 1
        idx, x = warp[on] - w0, vals[on]
        if kind in ("OR", "AND", "XOR"):
            init = np.int64(0xFFFFFFFF) if kind == "AND" else np.int64(0)
            acc = np.full(n, init, np.int64)
            {"OR": np.bitwise_or, "AND": np.bitwise_and, "XOR": np.bitwise_xor}[kind].at(acc, idx, x)
        elif kind == "SUM":
            acc = np.zeros(n, np.int64)
            np.add.at(acc, idx, x)
        else:
            big = np.iinfo(np.int64)
            acc = np.full(n, big.max if kind == "MIN" else big.min, np.int64)
            (np.minimum if kind == "MIN" else np.maximum).at(acc, idx, x)
        return _uniform((acc[warp - w0] & 0xFFFFFFFF).astype(_U32))

    def _warp_same(self, g, a, guard):
        """Per lane, whether ``a`` is one value over the lanes of its warp that run this instruction."""
        w = self._warp_lanes(g, guard)
        if isinstance(a, Unknown) or isinstance(w, Unknown):
            return a if isinstance(a, Unknown) else w
        warp, _, on = w
        a = np.broadcast_to(np.asarray(a, dtype=np.int64), g.lanes.shape)
        w0 = int(warp.min())
        lo = np.full(int(warp.max()) - w0 + 1, np.iinfo(np.int64).max, np.int64)
        hi = np.full(len(lo), np.iinfo(np.int64).min, np.int64)
        np.minimum.at(lo, warp[on] - w0, a[on])
        np.maximum.at(hi, warp[on] - w0, a[on])
        return _uniform(lo[warp - w0] >= hi[warp - w0])

    def _atomic(self, g, ins, guard):
        """An atomic: each thread's k-th of its epoch is the PTX's k-th (ptxas neither drops, merges nor reorders a
        thread's atomics), so it returned what the launch's did (``Observed.atomic``), where the address the replay
        computes is the one the launch's had (or is not computed). ptxas's aggregated form (``VOTEU.ANY``, ``FLO``, one
        leader's ``@P0 ATOMS.ADD`` for the warp: every thread there ran one atomic in the PTX) counts one for each
        thread that came, its result unknown; a compare-and-swap loop (``.CAST``, ``.SPIN``) makes the order unknown."""
        ops = list(ins.ops)
        i = 0
        while i < len(ops) and _PRED.match(ops[i]):
            i += 1
        red = ins.op.startswith("RED")
        dst = None if red or i >= len(ops) or not _REG.match(ops[i]) else ops[i]
        if dst is not None and dst.endswith("Z"):      # RZ/URZ: the result is dropped (``ATOMS.OR RZ, [R12], R15``)
            dst = None
        seq = np.broadcast_to(np.asarray(g.atoms, dtype=np.int64), g.lanes.shape)
        if ins.op == "ATOM":                         # generic: may write local memory
            g.local = {}
        ob = self.launch.observed
        wide = "64" in ins.mods
        if set(ins.mods) & {"CAST", "SPIN"} or isinstance(guard, Unknown):
            g.atoms = np.int64(-1)
            return self._poison(g, ins, guard)
        if guard is not None and self._aggregated(g.pc):
            g.atoms = _uniform(np.where(seq >= 0, seq + 1, seq))
            return self._poison(g, ins, guard)
        on = np.ones(g.lanes.shape, bool) if guard is None else np.broadcast_to(np.asarray(guard, dtype=bool),
                                                                                g.lanes.shape)
        g.atoms = _uniform(np.where(on & (seq >= 0), seq + 1, seq))
        if dst is None:
            return
        if ob is None or (seq[on] < 0).any():
            return self._poison(g, ins, guard)
        epoch = np.broadcast_to(np.asarray(g.epoch, dtype=np.int64), g.lanes.shape)
        val, at = ob.atomic(g.lanes[on], epoch[on], seq[on], 8 if wide else 4)
        mine = self._atomic_address(g, ins)
        if val is None or at is None or (mine is not None and (np.broadcast_to(mine, on.shape)[on] != at).any()):
            return self._poison(g, ins, guard)
        m = _REG.match(dst)
        val = np.asarray(val, dtype=np.uint64)
        for k in range(2 if wide else 1):
            out = np.zeros(g.lanes.shape, dtype=_U32)
            out[on] = ((val >> np.uint64(32 * k)) & np.uint64(_MASK)).astype(_U32)
            self._set(g, f"{m.group(1)}{int(m.group(2)) + k}", _uniform(out), guard)

    def _atomic_address(self, g, ins):
        """The address an ``ATOMS`` (shared) or ``ATOMG``/``REDG`` (global: ``[R12]``, a register pair) names, per lane,
        or None where the replay does not compute it."""
        text = next((o for o in ins.ops if "[" in o), None)
        if text is None:
            return None
        if ins.op in ("ATOMS", "REDS"):
            return self._saddr(g, text, ins)
        if ins.op not in ("ATOMG", "REDG"):
            return None
        return self._global_address(g, text, ins, _GADDR_PAIR)

    def _global_address(self, g, text: str, ins, rx=None):
        """A global address operand (``desc[UR4][R2.64+0x10]``; ``rx``: its pattern, ``_GADDR`` by default) per lane,
        from the register pair the replay computed, or None."""
        m = (rx or _GADDR).fullmatch(re.sub(r"^desc\[[^\]]*\]", "", text))
        if not m:
            return None
        base = self._val64(g, m.group(1), ins)
        if isinstance(base, Unknown):
            return None
        off = int(m.group(3), 16) * (-1 if m.group(2) else 1) if m.group(3) else 0
        return np.asarray(base, dtype=np.uint64).astype(np.int64) + off

    def _aggregated(self, pc: int) -> bool:
        """Whether the predicated atomic at ``pc`` is ptxas's warp-aggregated form: a ``VOTE(U).ANY`` among the twelve
        instructions before it."""
        return any(x.op in ("VOTE", "VOTEU") and "ANY" in x.mods for x in self.instrs[max(0, pc - 12):pc])

    @staticmethod
    def _barrier(g, guard):
        """The group's epochs past a ``BAR.SYNC``/``BAR.RED`` (a block barrier: the machine's epoch counts them;
        ``BAR.ARV`` waits for nothing and counts none), one more for each lane it is on for."""
        ep = np.asarray(g.epoch, dtype=np.int64)
        if isinstance(guard, Unknown):
            return np.int64(-1)
        step = np.int64(1) if guard is None else np.asarray(guard, dtype=np.int64)
        return _uniform(np.where(ep >= 0, ep + step, ep))

    def _bank3(self, g, ins):
        """An ``LDC``/``ULDC`` of ``c[0x3][...]`` (a ``__constant__`` variable; its offset computed): the bytes
        there, as the launch gave them (no kernel writes constant memory), or None."""
        off = self._const3_offset(g, ins, _CONST3.fullmatch(ins.ops[1]))
        if off is None:
            return None
        mods = set(ins.mods)          # a byte or a half (hc's dictionary bytes, LDC.U8 c[0x3][R6]), signed or not
        n = 8 if "64" in mods else 1 if mods & {"U8", "S8"} else 2 if mods & {"U16", "S16"} else 4
        got = self.launch.const3_value(off, n)
        if got is None:
            return None
        if mods & {"S8", "S16"}:
            got = _sign_extended(got, n)
        return _uniform(np.asarray(got))

    def _const3_offset(self, g, ins, m):
        """The byte offset in constant bank 3 that a ``c[0x3][reg+imm]`` operand (``_CONST3``'s match ``m``)
        names, per lane where the register is known, or None."""
        off = np.int64(int(m.group(2), 16) if m.group(2) else 0)
        if m.group(1) and m.group(1) not in ("RZ", "URZ"):
            r = self._val(g, m.group(1), ins)
            if isinstance(r, Unknown):
                return None
            off = r.astype(np.int64) + off
        return off

    def _observed(self, g, ins, guard):
        """An LDG, LD or LDS of 1 to 8 bytes, or a 32-bit LDC of a ``__constant__`` variable (``c[0x3][...]``), whose
        address the replay computed: the value each lane's thread read there in the launch, in the barrier epoch
        the replay counted for it (``Launch.observed``, counters/observed.py; uint64 for a 64-bit load, its register
        pair's; a signed byte or half sign-extended), or None where that is not known for every lane the
        instruction is on for. As a list of uint32 words, one per destination register."""
        o = ins.ops
        mods = set(ins.mods)
        if len(o) != 2 or "U64" in mods or (mods & {"64", "128"} and ins.op in ("LDC", "ULDC")):
            return None
        nbytes = 16 if "128" in mods else 8 if "64" in mods else 1 if mods & {"U8", "S8"} else \
            2 if mods & {"U16", "S16"} else 4
        space = observed_space.GLOBAL
        if ins.op in ("LDG", "LD"):
            addr = self._global_address(g, o[1], ins)
            if addr is None:
                return None
        elif ins.op == "LDS":
            addr = self._saddr(g, o[1], ins)
            if addr is None:
                return None
            space = observed_space.SHARED
        else:
            m = _CONST3.fullmatch(o[1])
            if not m or not self.launch.const3 or nbytes != 4:
                return None
            off = self._const3_offset(g, ins, m)
            if off is None:
                return None
            addr = np.full(np.shape(off), -1, dtype=np.int64)
            for start, size, at in self.launch.const3:
                addr = np.where((off >= start) & (off + 4 <= start + size), at + off - start, addr)
            if (addr < 0).any():
                return None
        lanes = g.lanes
        addr = np.broadcast_to(addr, lanes.shape)
        epoch = np.broadcast_to(np.asarray(g.epoch, dtype=np.int64), lanes.shape)
        sel = np.ones(lanes.shape, bool) if guard is None or np.ndim(guard) == 0 else np.broadcast_to(guard, lanes.shape)
        words = []                  # one register each; a word not read stays unknown, the others are still known
        for at in range(0, nbytes, 4):
            mine = self._own(g, addr + at, epoch, space) if nbytes >= 4 and ins.op != "LDC" else None
            if mine is not None:    # the thread's own store there in this epoch, for the lanes that made one
                val, known, found = mine
                if (found & sel & ~known).any():
                    words.append(Unknown("loaded", op=ins.op, addr=_at(ins)))
                    continue
                rest = sel & ~found
                got = self.launch.observed.value(lanes[rest], addr[rest] + at, 4, epoch[rest], space) \
                    if rest.any() else np.zeros(0, _U32)
                if got is None:
                    words.append(Unknown("loaded", op=ins.op, addr=_at(ins)))
                    continue
                out = np.where(found, val, np.uint32(0)).astype(_U32)
                out[rest] = got
                words.append(_uniform(out))
                continue
            got = self.launch.observed.value(lanes[sel], addr[sel] + at, min(4, nbytes), epoch[sel], space)
            if got is None:
                why = Unknown("loaded", op=ins.op, addr=_at(ins))
                # not every lane read it in the launch (an LDS.128 of two pointers, one of which only the lanes that
                # enter a loop read): looked up later for the lanes that use it
                words.append(_Deferred(self.launch.observed, lanes, addr + at, epoch, space, min(4, nbytes),
                                       bool(mods & {"S8", "S16"}), why) if sel.all() else why)
                continue
            if nbytes < 4 and mods & {"S8", "S16"}:
                got = _sign_extended(got, nbytes)
            out = np.zeros(lanes.shape, dtype=_U32)
            out[sel] = got
            words.append(_uniform(out))
        return None if all(isinstance(w, Unknown) for w in words) else words

    def _keep_own(self, g, ins, guard):
        """Remember a shared or global store's words for the storing thread's own loads later in the epoch: what
        the launch read there may clash, the thread having read the word before it wrote it in the same epoch
        (mwa_hyperdrive's thread 0 adds the last pair of a block sum, then reads the sum back; curand_init's
        skip-ahead reads each state word back after every matrix product it stores). A store, atomic or matrix
        store whose address or guard is not known forgets them all (a global one, only the global words; a generic
        one, all); a byte or half store, or an atomic, leaves its word not known."""
        o = ins.ops
        space = observed_space.GLOBAL if ins.op in ("STG", "ATOMG", "REDG", "RED", "ST", "ATOM") \
            else observed_space.SHARED
        n = 16 if "128" in ins.mods else 8 if "64" in ins.mods else 4
        plain = ins.op in ("STS", "STG")
        sub = bool(set(ins.mods) & {"U8", "S8", "U16", "S16"}) or not plain
        at = self._saddr(g, o[0], ins) if o and ins.op == "STS" else \
            self._global_address(g, o[0], ins) if o and ins.op == "STG" else \
            self._saddr(g, o[1], ins) if len(o) > 1 and ins.op == "ATOMS" else None
        if at is None or isinstance(guard, Unknown) or not isinstance(g.epoch, (np.ndarray, np.integer, int)):
            g.own = [] if ins.op in ("STS", "ATOMS", "STSM", "STAS", "ST", "ATOM") else \
                [rec for rec in g.own if rec[5].flat[0] != observed_space.GLOBAL]
            return
        shape = g.lanes.shape
        on = np.ones(shape, bool) if guard is None else np.broadcast_to(np.asarray(guard, bool), shape).copy()
        at = np.broadcast_to(np.asarray(at, dtype=np.int64), shape)
        if sub:
            at = at & ~np.int64(3)
        epoch = np.broadcast_to(np.asarray(g.epoch, dtype=np.int64), shape)
        tag = np.full(shape, space, np.int8)
        m = _REG.match(o[1]) if plain and len(o) > 1 else None
        for k in range(0 if sub else n // 4):
            name = "RZ" if o[1] in ("RZ", "URZ") else f"{m.group(1)}{int(m.group(2)) + k}" if m else None
            w = self._val(g, name, ins) if name else Unknown("op", op=ins.op, addr=_at(ins))
            known = np.zeros(shape, bool) if isinstance(w, Unknown) else np.ones(shape, bool)
            val = np.zeros(shape, _U32) if isinstance(w, Unknown) else np.broadcast_to(np.asarray(w, _U32), shape)
            g.own.append((at + 4 * k, val, known, on, epoch, tag))
        if sub:
            g.own.append((at, np.zeros(shape, _U32), np.zeros(shape, bool), on, epoch, tag))
        if len(g.own) > MAX_OWN_STORES:
            g.own = _overwritten_dropped(g.own)[-MAX_OWN_STORES:]

    @staticmethod
    def _own(g, addr, epoch, space):
        """Per lane, the word its thread last stored at ``addr`` (of ``space``) in ``epoch`` (``_keep_own``):
        (value, known, found), or None where the group remembers none."""
        if not g.own:
            return None
        shape = g.lanes.shape
        addr, epoch = np.broadcast_to(addr, shape), np.broadcast_to(epoch, shape)
        val, known, found = np.zeros(shape, _U32), np.zeros(shape, bool), np.zeros(shape, bool)
        for at, v, kn, on, ep, tag in reversed(g.own):
            hit = on & (at == addr) & (ep == epoch) & (epoch >= 0) & (tag == space) & ~found
            val, known, found = np.where(hit, v, val), np.where(hit, kn, known), found | hit
        return (val, known, found) if found.any() else None

    def _saddr(self, g, text: str, ins):
        """An LDS's shared address (``[R2+UR4+0x10]``, ``[UR4]``, ``[R3.X4+0x8]``...) per lane, as the machine's
        shared addresses are (the block's window, ``memory.shared_base`` included), or None."""
        if not (text.startswith("[") and text.endswith("]")):
            return None
        total = np.int64(0)
        for term in re.split(r"\+(?=\s*-?\s*[A-Z0-9])", text[1:-1].replace(" ", "")):
            mm = re.fullmatch(r"(-?)(0x[0-9a-f]+)", term)
            if mm:
                total = total + int(mm.group(2), 16) * (-1 if mm.group(1) else 1)
                continue
            mm = re.fullmatch(r"(U?R(?:\d+|Z))(?:\.X(\d+))?", term)
            if not mm:
                return None
            r = self._val(g, mm.group(1), ins)
            if isinstance(r, Unknown):
                return None
            total = total + r.astype(np.int64) * (int(mm.group(2)) if mm.group(2) else 1)
        return np.asarray(total, dtype=np.int64) & np.int64(0xFFFFFFFF)

    def _special(self, g, ins, guard):
        d, src = ins.ops
        if ins.op == "CS2R":
            if src == "SRZ":
                return self._set64(g, d, np.uint64(0), guard)
            return self._poison(g, ins, guard)
        coords = self._coords(g)
        sr = src.replace("SR_", "")
        if sr in coords:
            return self._set(g, d, coords[sr], guard)
        if sr == "CgaCtaId" and self.launch.cluster is None:
            # the block's rank in its cluster, 0 with no cluster: ptxas forms the shared window's addresses from it
            # (``ULEA UR4, UR5, 0x400, 0x18``), which are then the machine's
            return self._set(g, d, _U32(0), guard)
        if sr == "SWINHI":
            # the high word of the shared window's generic addresses: ptxas forms a generic pointer to a shared
            # variable from it (cvta.shared), and a branch may test that pointer (cuda-grep's ``if (p)``); the
            # machine's window (memory.SHARED_WINDOW), so that the replay's pointers are the ones the launch used
            return self._set(g, d, _uniform(np.asarray(SHARED_WINDOW >> 32).astype(_U32)), guard)
        return self._set(g, d, Unknown("special", sr=src, op=ins.op, addr=_at(ins)), guard)

    def _coords(self, g):
        bx, by, bz = self.launch.block
        gx, gy, _ = self.launch.grid
        tpb = bx * by * bz
        t = g.lanes
        tib, bid = t % tpb, t // tpb
        u = lambda x: _uniform(np.asarray(x).astype(_U32))  # noqa: E731
        return {"TID.X": u(tib % bx), "TID.Y": u((tib // bx) % by), "TID.Z": u(tib // (bx * by)),
                "CTAID.X": u(bid % gx), "CTAID.Y": u((bid // gx) % gy), "CTAID.Z": u(bid // (gx * gy)),
                "LANEID": u(tib % 32), "LTMASK": u((1 << (tib % 32)) - 1), "LEMASK": u((2 << (tib % 32)) - 1),
                "EQMASK": u(1 << (tib % 32)), "GTMASK": u(_MASK ^ ((2 << (tib % 32)) - 1)),
                "GEMASK": u(_MASK ^ ((1 << (tib % 32)) - 1))}

    def _isetp(self, g, ins, guard):
        o, mods = ins.ops, set(ins.mods)
        if "EX" in mods:
            return self._isetp_ex(g, ins, guard)
        a, b, c = self._val(g, o[2], ins), self._val(g, o[3], ins), self._pred(g, o[4])
        bad = next((x for x in (a, b, c) if isinstance(x, Unknown)), None)
        if bad is not None:
            self._set(g, o[0], bad, guard)
            return self._set(g, o[1], bad, guard)
        if "U32" not in mods:
            a, b = a.view(np.int32), b.view(np.int32)
        cmp = next((m for m in ins.mods if m in ("LT", "LE", "GT", "GE", "EQ", "NE")), None)
        bop = next((m for m in ins.mods if m in ("AND", "OR", "XOR")), "AND")
        if cmp is None:
            return self._poison(g, ins, guard)
        r = {"LT": a < b, "LE": a <= b, "GT": a > b, "GE": a >= b, "EQ": a == b, "NE": a != b}[cmp]
        f = {"AND": np.logical_and, "OR": np.logical_or, "XOR": np.logical_xor}[bop]
        self._set(g, o[0], f(r, c), guard)
        self._set(g, o[1], f(~r, c), guard)

    def _fval(self, g, o: str, ins, ftz: bool = False):
        """A float32 source operand (numpy float32, or Unknown): a register's bits, ``|R2|``, ``-R2``, ``RZ``, a
        float immediate as ptxas prints it (``152``, ``1.175494350822287508e-38``, ``+INF``, ``-QNAN``) or bits in hex;
        with ``ftz`` a subnormal is taken as zero of its sign."""
        neg = o.startswith("-") and not re.fullmatch(r"-(\d|\.|INF|QNAN|NAN)[\w.+-]*", o)
        o = o[1:] if neg else o
        ab = o.startswith("|") and o.endswith("|")
        o = o[1:-1] if ab else o
        o = re.sub(r"\.reuse$", "", o)
        if o in ("RZ", "URZ"):
            v = np.float32(0)
        elif _REG.match(o):
            r = self._reg(g, o)
            if isinstance(r, Unknown):
                return r
            v = np.asarray(r, dtype=_U32).view(np.float32)
        elif re.fullmatch(r"0x[0-9a-f]+", o):
            v = np.asarray(_U32(int(o, 16) & _MASK)).view(np.float32)
        elif re.fullmatch(r"[+-]?(INF|QNAN|NAN)", o):
            v = np.float32(float(o.replace("QNAN", "nan")))
        elif re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?", o):
            v = np.float32(float(o))
            # a decimal ptxas printed rounded past a float32's precision: its bits are not known
            if float(v) != float(o) and abs(float(o)) > 1e-30 and abs(float(v) - float(o)) > abs(float(o)) * 1e-6:
                return Unknown("operand", o=o, op=ins.op, addr=_at(ins))
        elif _CONST.fullmatch(o):
            c = self._const(g, o, 4)
            if isinstance(c, Unknown):
                return c
            v = np.asarray(_U32(c & _MASK)).view(np.float32)
        else:
            return Unknown("operand", o=o, op=ins.op, addr=_at(ins))
        v = np.asarray(v, dtype=np.float32)
        if ftz:
            v = np.where(np.abs(v) < np.float32(1.1754943508222875e-38), np.copysign(np.float32(0), v), v)
        if ab:
            v = np.abs(v)
        if neg:
            v = -v
        return np.asarray(v, dtype=np.float32)

    def _dval(self, g, o: str, ins):
        """A float64 source operand (numpy float64, or Unknown): a register pair's bits, ``|R2|``, ``-R2``, ``RZ``, a
        uniform pair, ``c[0x0][...]``'s eight bytes or a decimal immediate as ptxas prints it (``1``, ``+INF``)."""
        neg = o.startswith("-") and not re.fullmatch(r"-(\d|\.|INF|QNAN|NAN)[\w.+-]*", o)
        o = o[1:] if neg else o
        ab = o.startswith("|") and o.endswith("|")
        o = re.sub(r"\.reuse$", "", o[1:-1] if ab else o)
        if o in ("RZ", "URZ"):
            v = np.float64(0)
        elif _REG.match(o) or _CONST.fullmatch(o):
            w = self._val64(g, o, ins)
            if isinstance(w, Unknown):
                return w
            v = np.asarray(w, dtype=np.uint64).view(np.float64)
        elif re.fullmatch(r"[+-]?(INF|QNAN|NAN)", o):
            v = np.float64(float(o.replace("QNAN", "nan")))
        elif re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?", o):
            v = np.float64(float(o))
        else:
            return Unknown("operand", o=o, op=ins.op, addr=_at(ins))
        v = np.asarray(v, dtype=np.float64)
        if ab:
            v = np.abs(v)
        return np.asarray(-v if neg else v, dtype=np.float64)

    def _float_division(self, pc: int, o) -> bool:
        """Whether the ``MUFU.RCP`` at ``pc`` seeds ptxas's float division: an ``FCHK`` of the same divisor and the
        first Newton step ``FFMA e, -d, r, 1`` on its result ahead, before the divisor is written or a branch."""
        check = step = False
        for x in self.instrs[pc + 1:pc + 41]:       # ptxas spreads the steps among other work
            check = check or (x.op == "FCHK" and len(x.ops) == 3 and x.ops[2] == o[1])
            step = step or (x.op == "FFMA" and len(x.ops) == 4 and x.ops[1] == "-" + o[1] and x.ops[2] == o[0] and
                            x.ops[3] == "1")
            if check and step:
                return True
            if x.ops and x.ops[0] == o[1] and x.op not in ("FCHK",) or x.op in ("BRA", "CALL", "EXIT"):
                return False
        return False

    def _sqrt_seed(self, pc: int, o) -> bool:
        """Whether the ``MUFU.RSQ s, x`` at ``pc`` seeds ptxas's sqrt.rn.f32: its range check ``VIADD t, x, 0xf3000000``
        (``ISETP.GT.U32 P, t, 0x727fffff`` then sends the rest to a slow path's ``CALL``) and the fast path's first
        step ``FMUL.FTZ a, x, s`` within the next sixteen instructions, neither register written before."""
        check = False
        for x in self.instrs[pc + 1:pc + 17]:
            check = check or (x.op == "VIADD" and len(x.ops) == 3 and x.ops[1] == o[1] and x.ops[2] == "0xf3000000")
            if x.op == "FMUL" and "FTZ" in x.mods and len(x.ops) == 3 and {x.ops[1], x.ops[2]} == {o[0], o[1]}:
                return check
            if x.ops and x.ops[0] in (o[0], o[1]) and x.op not in ("BRA", "CALL"):
                return False
        return False

    def _division_reciprocal64(self, pc: int, o) -> bool:
        """Whether the ``MUFU.RCP64H`` at ``pc`` seeds ptxas's double division: the pair it completes (its
        destination's lower neighbour) read within a few instructions by a ``DFMA`` whose addend is ``1``, the
        first Newton step ``e = 1 - d * r``."""
        m = _REG.match(o[0])
        if not m or m.group(2) == "Z" or int(m.group(2)) == 0:
            return False
        base = f"{m.group(1)}{int(m.group(2)) - 1}"
        return any(x.op == "DFMA" and base in [y.lstrip("-") for y in x.ops[1:3]] and x.ops[3] == "1"
                   for x in self.instrs[pc + 1:pc + 6])

    def _shfl(self, g, ins, guard):
        """``SHFL.{IDX,UP,DOWN,BFLY} Pd, Rd, a, b, c``: each lane reads ``a`` of the lane ``b`` names (the PTX's
        ``shfl.sync`` rule, ``c`` packing the clamp in bits 0-4 and the segment mask in bits 8-12), ``Pd`` whether
        that lane was in range. Known where every lane read is in this group with the instruction on for it and no
        lane of its warp is on another path, or those elsewhere wait at a block barrier (``_others_wait``), as for a
        ballot (NNPOps' neighbour count is a warp sum by shuffles)."""
        o, mode = ins.ops, ins.mods[0]
        a, b, c = self._val(g, o[2], ins), self._val(g, o[3], ins), self._val(g, o[4], ins)
        bad = next((x for x in (a, b, c) if isinstance(x, Unknown)), None)
        if bad is None and isinstance(guard, Unknown):
            bad = guard
        if bad is None and (np.asarray(g.apart) != 0).any() and not self._others_wait(g):
            bad = Unknown("apart", op="SHFL", addr=_at(ins))
        if bad is None:
            tpb = self.launch.block[0] * self.launch.block[1] * self.launch.block[2]
            lanes = np.asarray(g.lanes, dtype=np.int64)
            on = np.ones(lanes.shape, bool) if guard is None else np.broadcast_to(np.asarray(guard, bool), lanes.shape)
            lane = (lanes % tpb) % 32
            b = np.broadcast_to(np.asarray(b, dtype=np.int64), lanes.shape) & 0x1F
            c = np.broadcast_to(np.asarray(c, dtype=np.int64), lanes.shape)
            clamp, seg = c & 0x1F, (c >> 8) & 0x1F
            lo = lane & seg
            hi = lo | (clamp & ~seg)
            j = {"UP": lane - b, "DOWN": lane + b, "BFLY": lane ^ b, "IDX": lo | (b & ~seg & 0x1F)}[mode]
            ok = j >= hi if mode == "UP" else j <= hi
            src = lanes - lane + np.where(ok, j, lane)
            order = np.argsort(lanes, kind="stable")
            pos = np.clip(np.searchsorted(lanes[order], src), 0, len(lanes) - 1)
            found = (lanes[order][pos] == src) & on[order][pos]      # the lane read is here, and on
            if not found[on].all():
                bad = Unknown("op", op="SHFL", addr=_at(ins))
            else:
                av = np.broadcast_to(np.asarray(a, dtype=_U32), lanes.shape)
                self._set(g, o[0], ok, guard)
                return self._set(g, o[1], np.asarray(av[order][pos], dtype=_U32), guard)
        self._set(g, o[0], bad, guard)
        return self._set(g, o[1], bad, guard)

    def _fsetp(self, g, ins, guard, wide: bool = False):
        """``FSETP.<cmp>[.FTZ].<bop> Pd, Pe, a, b, Pc``: a float compare, ordered (false on a NaN) or unordered
        (``LTU``..``NEU``: true on a NaN), ``NUM``/``NAN``; combined with ``Pc`` as ``ISETP`` is. Exact in float32;
        ``wide``: ``DSETP``'s, in float64."""
        o, mods = ins.ops, ins.mods
        ftz = "FTZ" in mods
        val = (lambda x: self._dval(g, x, ins)) if wide else (lambda x: self._fval(g, x, ins, ftz))  # noqa: E731
        a, b, c = val(o[2]), val(o[3]), self._pred(g, o[4])
        cmp = next((m for m in mods if m in ("LT", "LE", "GT", "GE", "EQ", "NE", "LTU", "LEU", "GTU", "GEU", "EQU",
                                               "NEU", "NUM", "NAN")), None)
        bop = next((m for m in mods if m in ("AND", "OR", "XOR")), "AND")
        bad = next((x for x in (a, b, c) if isinstance(x, Unknown)), None)
        if bad is None and cmp is None:
            bad = Unknown("op", op=ins.op, addr=_at(ins))
        if bad is not None:
            self._set(g, o[0], bad, guard)
            return self._set(g, o[1], bad, guard)
        nan = np.isnan(a) | np.isnan(b)
        with np.errstate(invalid="ignore"):
            base = cmp.rstrip("U") if cmp not in ("NUM", "NAN") else cmp
            r = {"LT": a < b, "LE": a <= b, "GT": a > b, "GE": a >= b, "EQ": a == b, "NE": (a != b) & ~nan,
                 "NUM": ~nan, "NAN": nan}[base]
        if cmp.endswith("U") and cmp not in ("NUM",):
            r = r | nan
        f = {"AND": np.logical_and, "OR": np.logical_or, "XOR": np.logical_xor}[bop]
        self._set(g, o[0], f(r, c), guard)
        self._set(g, o[1], f(~r, c), guard)

    def _isetp_ex(self, g, ins, guard):
        """The high words' compare of a 64-bit ``ISETP``: ``ISETP.GT.AND.EX Pd, PT, a_hi, b_hi, Pc, Plo``,
        ``Plo`` the low words' compare (unsigned, same test): GT/GE/LT/LE hold where the high words
        compare strictly so, or are equal and ``Plo`` holds; EQ where equal and ``Plo``; NE where unequal
        or ``Plo``. Combined with ``Pc`` as the plain form is. A second destination other than PT: unknown."""
        o, mods = ins.ops, ins.mods
        cmp = next((m for m in mods if m in ("LT", "LE", "GT", "GE", "EQ", "NE")), None)
        bop = next((m for m in mods if m in ("AND", "OR", "XOR")), "AND")
        a, b = self._val(g, o[2], ins), self._val(g, o[3], ins)
        c, lo = self._pred(g, o[4]), self._pred(g, o[5])
        bad = next((x for x in (a, b, c, lo) if isinstance(x, Unknown)), None)
        if cmp is None or o[1] not in ("PT", "UPT"):
            bad = bad or Unknown("cmp64", addr=_at(ins))
        if bad is not None:
            self._set(g, o[0], bad, guard)
            return self._set(g, o[1], bad, guard)
        if "U32" not in mods:
            a, b = a.view(np.int32), b.view(np.int32)
        eq = a == b
        r = {"LT": (a < b) | (eq & lo), "LE": (a < b) | (eq & lo), "GT": (a > b) | (eq & lo),
             "GE": (a > b) | (eq & lo), "EQ": eq & lo, "NE": ~eq | lo}[cmp]
        f = {"AND": np.logical_and, "OR": np.logical_or, "XOR": np.logical_xor}[bop]
        self._set(g, o[0], f(r, c), guard)

    def _iadd3(self, g, ins, guard):
        """``IADD3 d, [Pc1, [Pc2,]] a, b, c``: the sum, its carries out (``-x`` adds ``~x + 1``: a
        subtraction's carry is its no-borrow); ``IADD3.X d, [Pc..,] a, b, c, Pi1, Pi2``: plus the carries
        in (the high words of a 64-bit add, ``-imm`` read as its 32-bit value, a negated register unknown)."""
        o = ins.ops
        x = "X" in ins.mods
        i = 1
        outs = []
        while i < len(o) and _PRED.match(o[i]):
            outs.append(o[i])
            i += 1
        srcs = o[i:i + 3]
        cins = o[i + 3:] if x else []
        bad = None
        if len(srcs) != 3 or (not x and len(o) != i + 3) or (x and not 1 <= len(cins) <= 2) or len(outs) > 2:
            bad = Unknown("op", op=ins.op, addr=_at(ins))
        total = np.uint64(0)
        if bad is None:
            for src in srcs:
                if src.startswith("-") and x and _REG.match(src[1:]):
                    bad = Unknown("op", op=ins.op, addr=_at(ins))
                    break
                if src.startswith("-") and not x:
                    w = self._val(g, src[1:], ins)
                    if isinstance(w, Unknown):
                        bad = w
                        break
                    total = total + ((~w.astype(np.uint64)) & np.uint64(_MASK)) + np.uint64(1)
                    continue
                w = self._val(g, src, ins)
                if isinstance(w, Unknown):
                    bad = w
                    break
                total = total + w.astype(np.uint64)
            for p in cins:
                if bad is None:
                    q = self._pred(g, p)
                    if isinstance(q, Unknown):
                        bad = q
                    else:
                        total = total + np.asarray(q, dtype=np.uint64)
        if bad is not None:
            for p in outs:
                self._set(g, p, bad, guard)
            return self._set(g, o[0], bad, guard)
        carry = total >> np.uint64(32)
        if len(outs) == 1:                          # one carry out: a carry of 2 it cannot hold is not known
            self._set(g, outs[0], carry >= 1 if (carry <= 1).all() else Unknown("carry", op=ins.op, addr=_at(ins)),
                      guard)
        elif len(outs) == 2:
            self._set(g, outs[0], carry >= 1, guard)
            self._set(g, outs[1], carry >= 2, guard)
        self._set(g, o[0], (total & np.uint64(_MASK)).astype(_U32), guard)

    def _laddr(self, g, text: str, ins):
        """A local access's address: one int where every lane of the group has the same, else one per lane (int64),
        or None where it is not known."""
        m = _LADDR.fullmatch(text)
        if not m:
            return None
        base = np.uint32(0) if m.group(1) == "RZ" else self._val(g, m.group(1), ins)
        if isinstance(base, Unknown):
            return None
        base = _uniform(np.asarray(base))
        off = int(m.group(3), 16) * (-1 if m.group(2) else 1) if m.group(3) else 0
        if np.ndim(base):
            return (base.astype(np.int64) + off) & _MASK
        return (int(base) + off) & _MASK

    def _local_rows(self, g, at, guard):
        """The addresses a local access touches and, for each, the lanes that are on for it there: one row for a
        uniform address, one per address otherwise (at most ``MAX_LOCAL_ROWS``, else None)."""
        on = np.ones(g.lanes.shape, bool) if guard is None else np.broadcast_to(np.asarray(guard, bool), g.lanes.shape)
        if not isinstance(at, np.ndarray):
            return [(at, on)]
        addrs = np.unique(at[on])
        if len(addrs) > MAX_LOCAL_ROWS:
            return None
        return [(int(x), on & (at == x)) for x in addrs]

    def _stl(self, g, ins, guard):
        """``STL[.U8|.64|...] [Rb+imm], Rv``: the bytes it writes, per lane (a lane whose guard is off keeps its
        byte there; a value or guard not known: those bytes unknown); an address not known: nothing known after.
        Lanes may store to different addresses (a thread's own array indexed by a count of its own)."""
        o = ins.ops
        n = _LOCAL_BYTES.get(next((m for m in ins.mods if m in _LOCAL_BYTES), ""), 4)
        at = self._laddr(g, o[0], ins) if len(o) == 2 and not isinstance(guard, Unknown) else None
        rows = None if at is None else self._local_rows(g, at, guard)
        if rows is None:
            g.local = {}
            return
        words = []
        m = _REG.match(o[1])
        for k in range(max(1, n // 4)):
            name = "RZ" if o[1] in ("RZ", "URZ") else f"{m.group(1)}{int(m.group(2)) + k}" if m else None
            words.append(Unknown("op", op="STL", addr=_at(ins)) if name is None else self._val(g, name, ins))
        for a, sel in rows:
            for b in range(n):
                w = words[b // 4]
                key = (a + b) & _MASK
                if isinstance(w, Unknown):
                    g.local.pop(key, None)
                    continue
                byte = ((w >> np.uint32(8 * (b % 4))) & np.uint32(0xFF)).astype(np.int64)
                if not sel.all():
                    old = g.local.get(key)          # -1: not known
                    byte = np.where(sel, byte, np.int64(-1) if old is None else old).astype(np.int64)
                g.local[key] = _uniform(np.asarray(byte))

    def _ldl(self, g, ins, guard):
        """``LDL[.U8|.S8|.U16|.S16|.64|.128] Rd, [Rb+imm]``: the bytes an ``STL`` of the group wrote there, per lane;
        unknown where a lane that is on reads a byte not known."""
        o = ins.ops
        mod = next((m for m in ins.mods if m in _LOCAL_BYTES), "")
        n = _LOCAL_BYTES.get(mod, 4)
        at = self._laddr(g, o[1], ins) if len(o) == 2 and not isinstance(guard, Unknown) else None
        rows = None if at is None or not _REG.match(o[0]) else self._local_rows(g, at, guard)
        if not rows:
            return self._poison(g, ins, guard)
        bs = [np.zeros(g.lanes.shape, np.int64) for _ in range(n)]
        for a, sel in rows:
            for b in range(n):
                x = g.local.get((a + b) & _MASK)
                if x is None or (np.broadcast_to(x, g.lanes.shape) < 0)[sel].any():
                    return self._poison(g, ins, guard)
                bs[b] = np.where(sel, x, bs[b])
        bs = [_uniform(x) for x in bs]
        m = _REG.match(o[0])
        for k in range(max(1, n // 4)):
            w = np.uint32(0)
            for b in range(min(4, n)):
                w = w | (np.asarray(bs[4 * k + b], dtype=_U32) << np.uint32(8 * b))
            if mod in ("S8", "S16"):
                sh = np.uint32(32 - 8 * n)
                w = ((np.asarray(w, dtype=_U32) << sh).view(np.int32) >> np.int32(32 - 8 * n)).view(_U32)
            if m.group(2) != "Z":
                self._set(g, f"{m.group(1)}{int(m.group(2)) + k}", np.asarray(w, dtype=_U32), guard)

    def _shf(self, g, ins, guard):
        o, mods = ins.ops, set(ins.mods)
        a, s, c = (self._val(g, x, ins) for x in o[1:4])
        bad = next((x for x in (a, s, c) if isinstance(x, Unknown)), None)
        if bad is not None or not ({"L", "R"} & mods):
            return self._set(g, o[0], bad or Unknown("op", op="SHF", addr=_at(ins)), guard)
        wide = bool({"U64", "S64"} & mods)           # the shift clamps at the width, or wraps (.W)
        sh = s.astype(np.uint64) & np.uint64(31) if "W" in mods else \
            np.minimum(s.astype(np.uint64), np.uint64(64 if wide else 32))
        if "R" in mods and "S32" in mods and "HI" in mods:
            r = (c.view(np.int32).astype(np.int64) >> np.minimum(sh, np.uint64(31)).astype(np.int64))
            return self._set(g, o[0], (r & _MASK).astype(np.uint64).astype(_U32), guard)
        if "R" in mods and "S64" in mods:
            return self._set(g, o[0], Unknown("op", op="SHF.R.S64", addr=_at(ins)), guard)
        x = (c.astype(np.uint64) << np.uint64(32)) | a.astype(np.uint64)
        # numpy shifts of 64 or more are undefined: do them in two steps
        half = sh // np.uint64(2)
        y = ((x << half) << (sh - half)) if "L" in mods else ((x >> half) >> (sh - half))
        word = (y >> np.uint64(32)) if "HI" in mods else (y & np.uint64(_MASK))
        return self._set(g, o[0], (word & np.uint64(_MASK)).astype(_U32), guard)

    def _lop3(self, g, ins, guard):
        o = list(ins.ops)
        pd = None
        if o and _PRED.match(o[0]):
            pd = o.pop(0)
        if len(o) < 5:
            return self._poison(g, ins, guard)
        a, b, c = (self._val(g, x, ins) for x in o[1:4])
        bad = next((x for x in (a, b, c) if isinstance(x, Unknown)), None)
        if bad is not None or not re.fullmatch(r"0x[0-9a-f]+|\d+", o[4]):
            bad = bad or Unknown("op", op="LOP3", addr=_at(ins))
            self._set(g, o[0], bad, guard)
            if pd:
                self._set(g, pd, bad, guard)
            return
        lut = int(o[4], 0)
        r = _U32(0)
        for i in range(8):
            if lut >> i & 1:
                r = r | ((a if i & 4 else ~a) & (b if i & 2 else ~b) & (c if i & 1 else ~c))
        r = np.asarray(r, dtype=_U32)
        self._set(g, o[0], r, guard)
        if pd:
            self._set(g, pd, r != 0, guard)

    # ------------------------------------------------------------- the run
    def run(self, launch: Launch) -> dict:
        """``{target index: [executions, executions with a lane on]}`` summed over the launch's warps."""
        self.launch = launch
        bx, by, bz = launch.block
        tpb = bx * by * bz
        total = tpb * launch.grid[0] * launch.grid[1] * launch.grid[2]
        per_chunk = max(tpb, CHUNK_LANES // tpb * tpb)
        self._b2r.clear()
        self.merging = False
        for merging in (False, True):
            self.merging = merging
            totals = {t: [0, 0] for t in self.targets}
            try:
                for start in range(0, total, per_chunk):
                    for t, (e, n) in self._run_chunk(np.arange(start, min(total, start + per_chunk)), tpb).items():
                        totals[t][0] += e
                        totals[t][1] += n
            except GiveUp as e:
                # a warp-wide instruction read where the warp's lanes had parted: merging paths may bring them together
                apart = any(isinstance(f, Unknown) and f.key == "apart" for f in e.fields.values())
                if merging or (e.key not in ("diverge", "paths", "steps") and not apart):
                    raise
                continue
            return {t: tuple(v) for t, v in totals.items()}

    def _run_chunk(self, lanes, tpb) -> dict:
        """One chunk's totals. ``self.merging`` (the second try, where threads of a warp ran a target on two paths):
        the group with the lowest pc runs first, and groups that meet at a pc in the same open regions, each entered
        as often (``visits`` of its ``BSSY``), go on as one, as the machine's warps run and reconverge
        (``_lowest``); counts go to a ``_Ledger``."""
        tset = set(self.targets)
        work = self._work = [_Group(lanes, 0, {}, {}, {})]
        ledger = None
        if self.merging:
            ledger = work[0].ledger = _Ledger(self.targets, tpb, int(lanes[0]) if len(lanes) else 0, len(lanes))
        done = []
        seen = {}                                   # (BRA.DIV index, warp) -> the lanes that ran it apart
        parked = self._parked = {}                  # BSYNC index -> groups waiting there for warp-mates (``_park``)
        steps = 0
        groups = 1
        while work:
            g = self._lowest(work) if self.merging else work.pop()
            while True:
                if g.pc >= len(self.instrs) or not self.reach[g.pc]:
                    done.append(g)
                    if ledger is not None:
                        ledger.add(g, leaving=True)
                    break
                if self.merging and work and self._behind(work, g):
                    work.append(g)              # the threads behind go first, as the machine's warps do
                    break
                steps += 1
                if steps > (MAX_MERGING_STEPS if self.merging else MAX_STEPS):
                    raise GiveUp("steps", n=MAX_MERGING_STEPS if self.merging else MAX_STEPS)
                ins = self.instrs[g.pc]
                guard = None
                if ins.pred:
                    guard = self._pred(g, ins.pred)
                    if isinstance(guard, Unknown) and ins.op == "BRA" and (self._skip(g) or self._hop(g, ins)):
                        continue
                    if isinstance(guard, Unknown) and (ins.op in ("BRA", "EXIT") or g.pc in tset):
                        raise GiveUp("pred", op=ins.op, addr=_at(ins), why=guard)
                    mixed = None
                    if not isinstance(guard, Unknown) and g.pc in tset and ins.op not in ("BRA", "EXIT"):
                        mixed = self._mixed(g, guard, tpb)
                    if mixed is not None:           # one run per warp, lanes on and off: no split
                        c = g.counts.setdefault(g.pc, [0, 0])
                        c[0] += 1
                        c[1] = c[1] + mixed
                        self._step(g, ins, guard)
                        g.pc += 1
                        continue
                    if not isinstance(guard, Unknown) and (ins.op in ("BRA", "EXIT") or g.pc in tset):
                        on, off = g.split(guard)
                        if on is not None and off is not None and ins.op == "BRA" and g.pc not in tset and \
                                not self.merging:
                            # lanes that leave for the BSYNC ending their region wait there for their warp-mates
                            on, off = self._park(g, on, off, ins, tpb, parked)
                            if on is None or off is None:
                                g = on if on is not None else off
                        if on is not None and off is not None:     # the lanes go different ways
                            self._parted(on, off, tpb)
                            if ins.op == "EXIT":               # a warp-mate leaves: what BRA.DIV sees is not known
                                off.apart = _uniform(np.where(np.broadcast_to(np.asarray(off.apart), off.lanes.shape)
                                                              > 0, np.int8(2), np.asarray(off.apart, dtype=np.int8)))
                            if self.merging and ins.op == "BRA" and set(ins.mods) <= {"U"} and \
                                    not any(_REG.match(x) for x in ins.ops):
                                off.pc += 1                 # it falls through: where it waits is the next pc
                            work.append(off)
                            groups = len(work) + 1 if self.merging else groups + 1    # merging: those alive
                            if groups > MAX_GROUPS:
                                raise GiveUp("paths", n=MAX_GROUPS)
                            g = on
                            if ins.op == "EXIT":
                                # the lanes that leave here ran nothing apart from their warp's others, which
                                # carry the same counts on: where a warp has lanes on both sides, it is those
                                # (they have left all the same: a warp's live lanes that meet again are the rest)
                                if ledger is not None:
                                    ledger.exited[on.lanes - ledger.first] = True
                                g = self._leaving(on, off, tpb)
                                if g is None:
                                    break
                        guard = np.bool_(on is not None)
                if g.pc in tset:
                    c = g.counts.setdefault(g.pc, [0, 0])
                    c[0] += 1
                    c[1] += int(guard is None or bool(guard))
                if ins.op == "EXIT":
                    if guard is None or bool(guard):
                        done.append(g)
                        if ledger is not None:
                            ledger.add(g, leaving=True)
                        break
                    g.pc += 1
                    continue
                if ins.op == "BRA":
                    taken = guard is None or bool(guard)
                    extra = [x for x in ins.ops if _PRED.match(x)]
                    if "DIV" in ins.mods and set(ins.mods) == {"DIV"} and len(ins.ops) == 2:
                        if not taken:               # @!P0 BRA.DIV: the lanes with P0 on go on
                            g.pc += 1
                            continue
                        div = self._div(g, ins, tpb, seen)
                        if div is None:
                            raise GiveUp("convergence", op="BRA.DIV", addr=_at(ins))
                        yes, no = g.split(div)
                        if yes is not None and no is not None:
                            no.pc += 1
                            work.append(no)
                            groups += 1
                        if yes is None:
                            g.pc += 1
                            continue
                        g = yes
                        if ins.target is None or ins.target not in self.index:
                            raise GiveUp("no_target", addr=_at(ins))
                        g.pc = self.index[ins.target]
                        continue
                    if any(_REG.match(x) for x in ins.ops) or "DIV" in ins.mods or "CONV" in ins.mods:
                        raise GiveUp("convergence", op="BRA" + "".join("." + m for m in ins.mods), addr=_at(ins))
                    if taken and extra:             # BRA.U !UP0, target: a second condition
                        p = self._pred(g, extra[0])
                        if isinstance(p, Unknown):
                            raise GiveUp("branch", addr=_at(ins), why=p)
                        yes, no = g.split(p)
                        if yes is None:
                            g.pc += 1
                            continue
                        if no is not None:
                            no.pc += 1
                            work.append(no)
                            groups += 1
                        g = yes
                    if taken:
                        if ins.target is None or ins.target not in self.index:
                            raise GiveUp("no_target", addr=_at(ins))
                        g.pc = self.index[ins.target]
                    else:
                        g.pc += 1
                    continue
                if ins.op == "CALL" and self._skip(g):
                    continue
                if ins.op == "BSSY" and ins.ops:
                    e = self.index.get(ins.target) if ins.target is not None else None
                    if ins.pred or e is None:
                        g.apart = _uniform(np.maximum(np.asarray(g.apart, dtype=np.int8), np.int8(2)))
                    else:                           # (re)entered: the barrier starts again from here
                        g.open = tuple(x for x in g.open if x[0] != ins.ops[0]) + \
                            ((ins.ops[0], e, g.apart, self._clean(g.pc, e, ins.ops[0])),)
                        g.visits[g.pc] = _uniform(np.asarray(g.visits.get(g.pc, 0), dtype=np.int64) + 1)
                        self._strand(g)
                elif ins.op == "BSYNC" and ins.ops:
                    names = [x[0] for x in g.open]
                    k = names.index(ins.ops[0]) + 1 if not ins.pred and ins.ops[0] in names else len(names)
                    if k < len(names) and g.open[k - 1][1] == g.pc + 1:
                        # the BSYNC of an outer open region, reached by a branch out of regions opened inside it
                        # (``@!P0 BRA`` from before a ``BSYNC B1`` to the ``BSYNC B2`` after it: an unrolled loop's
                        # exit): those regions end here for these threads, which never meet at their BSYNCs
                        g.open = g.open[:k]
                    if ins.pred or not g.open or g.open[-1][0] != ins.ops[0]:
                        g.apart = _uniform(np.maximum(np.asarray(g.apart, dtype=np.int8), np.int8(2)))
                        g.open = tuple(x for x in g.open if x[0] != ins.ops[0])
                    else:                           # the threads that entered the region meet here again
                        if not self.merging:
                            g = self._rejoin(g, parked)
                        g.apart = g.open[-1][2]
                        g.open = g.open[:-1]
                    self._strand(g)
                if ins.op in _GIVE_UP_OPS:
                    raise GiveUp("op", op=ins.op, addr=_at(ins))
                if guard is not None and not isinstance(guard, Unknown) and not np.any(guard):
                    g.pc += 1
                    continue
                if ins.op == "BAR" and ({"SYNC", "RED"} & set(ins.mods)):
                    g.epoch = self._barrier(g, guard)
                    g.atoms = np.int64(0) if guard is None else np.int64(-1)
                self._step(g, ins, guard)
                g.pc += 1
        done.extend(x for xs in parked.values() for x in xs)     # never met again: counted on their own
        if ledger is not None:
            for x in done:
                ledger.add(x)
            return {t: tuple(v) for t, v in ledger.runs.items()}
        return self._per_warp(done, len(lanes), lanes[0] if len(lanes) else 0, tpb)

    def _shape(self, g) -> tuple:
        """The open regions of ``g`` (barrier, end), innermost last: groups at one pc merge only within one shape."""
        return tuple((b, e) for b, e, _, _ in g.open)

    def _rows(self, g) -> np.ndarray:
        """Per lane of ``g``, how often it entered the ``BSSY`` of each of its open regions (``_lowest``): lanes of a
        warp meet again at a pc only where these agree (the same trip of every loop around)."""
        cols = [np.broadcast_to(np.asarray(g.visits.get(s, 0), dtype=np.int64), g.lanes.shape)
                for _, e, _, _ in g.open for s in self._bssy_of.get(e, ())]
        return np.stack(cols, axis=1) if cols else np.zeros((len(g.lanes), 0), dtype=np.int64)

    def _warp(self, lanes):
        return _warp_of(lanes, self.launch.block[0] * self.launch.block[1] * self.launch.block[2])

    def _tags(self, g) -> set:
        """``g``'s (warp, trips) pairs: two groups with one in common meet (``_lowest``)."""
        rows = self._rows(g)
        warp = self._warp(g.lanes)
        if rows.shape[1] == 0:
            return {(int(w), ()) for w in np.unique(warp).tolist()}
        both = np.unique(np.concatenate([warp[:, None], rows], axis=1), axis=0)
        return {(int(r[0]), tuple(r[1:].tolist())) for r in both}

    def _meets(self, pc: int) -> bool:
        """Whether a warp's threads meet again at ``pc`` (``Replay.merging``): a ``BSYNC`` (the end of a region ptxas
        made for that), a ``WARPSYNC`` or a block barrier (``BAR.SYNC``, ``BAR.RED``), where the hardware waits for
        them. Elsewhere paths that meet stay apart, and a target both run makes the replay give up."""
        if pc >= len(self.instrs):
            return False
        ins = self.instrs[pc]
        return ins.op in ("BSYNC", "WARPSYNC") or (ins.op == "BAR" and bool({"SYNC", "RED"} & set(ins.mods)))

    def _behind(self, work: list, g) -> bool:
        """Merging: whether another group is at a lower pc, or at this one and would merge with ``g`` or take it in
        (``_lowest``)."""
        m = min(w.pc for w in work)
        if m != g.pc:
            return m < g.pc
        if not self._meets(g.pc):
            return False
        shape, tags = self._shape(g), None
        for w in work:
            if w.pc != g.pc or self._shape(w) != shape:
                continue
            tags = self._tags(g) if tags is None else tags
            other = self._tags(w)
            if tags & other or not ({t[0] for t in tags} & {t[0] for t in other}):
                return True
        return False

    def _lowest(self, work: list):
        """Merging: take the group with the lowest pc out of ``work``, merged with the others there in the same
        regions (the machine runs the threads with the lowest pc first, and a warp's threads that meet run on
        together). Where a group holds lanes in different trips of a loop around (other warps', or blocks'), its
        lanes are taken apart by trips first: a warp's lanes meet where they are in the same trips (``_rows``). The
        groups left are then packed into as few as hold no warp twice (groups of other warps run as one, which
        counts the same)."""
        at = min(w.pc for w in work)
        if not self._meets(at):
            i = next(i for i, w in enumerate(work) if w.pc == at)
            return work.pop(i)
        here = [w for w in work if w.pc == at]
        work[:] = [w for w in work if w.pc != at]
        classes: dict = {}
        for w in here:
            shape = self._shape(w)
            while w is not None:
                rows = self._rows(w)
                same = (rows == rows[0]).all(axis=1) if rows.shape[1] else np.ones(len(w.lanes), bool)
                piece, w = w.split(same)
                classes.setdefault((shape, tuple(rows[0].tolist()) if rows.shape[1] else ()), []).append(piece)
        bins: list = []                             # [shape, warps, group]
        for (shape, _), gs in sorted(classes.items(), key=lambda kv: -sum(len(x.lanes) for x in kv[1])):
            m = gs[0]
            for p in gs[1:]:
                m = _join(m, p)
            if len(gs) > 1 and m.ledger is not None:
                waiting = [w.lanes for w in work if self._meets(w.pc)]
                m.ledger.converged(m, np.concatenate(waiting) if waiting else None)
            warps = set(np.unique(self._warp(m.lanes)).tolist())
            b = next((b for b in bins if b[0] == shape and not (b[1] & warps)), None)
            if b is None:
                bins.append([shape, warps, m])
            else:
                b[1] |= warps
                b[2] = _join(b[2], m)
        work.extend(b[2] for b in bins[1:])
        return bins[0][2]

    def _park(self, g, on, off, ins, tpb, parked):
        """At a predicated ``BRA`` that parts ``g`` into ``on`` (taken) and ``off``: where one side goes straight
        to the ``BSYNC`` that ends the innermost open region, and that region is clean (every path inside meets
        there: ``_clean``), the lanes of that side whose warp has lanes on the other side wait there, off, while
        their warp-mates go on (a loop whose trip count differs between the lanes of a warp: those that leave
        early are inactive for the later trips). Those lanes are set aside in ``parked`` (by the ``BSYNC``'s
        index) and rejoin their warp-mates when these reach it (``_rejoin``). The two sides, less the lanes set
        aside (None where none is left)."""
        if not g.open or not g.open[-1][3] or ins.mods or len(ins.ops) != 1 or ins.target not in self.index:
            return on, off
        b = g.open[-1][0]
        end = lambda i: self.instrs[i].op == "BSYNC" and not self.instrs[i].pred and self.instrs[i].ops[:1] == (b,)  # noqa: E731
        to = self.index[ins.target]
        if end(to) and not (g.pc + 1 < len(self.instrs) and end(g.pc + 1)):
            leave, stay, e, leave_on = on, off, to, True
        elif g.pc + 1 < len(self.instrs) and end(g.pc + 1) and not end(to):
            leave, stay, e, leave_on = off, on, g.pc + 1, False
        else:
            return on, off
        wpb = (tpb + 31) // 32
        warp = lambda x: (x // tpb) * wpb + (x % tpb) // 32  # noqa: E731
        wait = np.isin(warp(leave.lanes), warp(stay.lanes))
        if not wait.any():
            return on, off
        waiting, leave = leave.split(wait)
        waiting.pc = e
        waiting.stay = stay.lanes[np.isin(warp(stay.lanes), warp(waiting.lanes))]   # the warp-mates it waits for
        # the lanes going on have warp-mates alive (waiting) until the region's end, as for a branch inside it
        by = np.isin(warp(stay.lanes), warp(waiting.lanes))
        stay.apart = _uniform(np.maximum(np.broadcast_to(np.asarray(stay.apart, dtype=np.int8), stay.lanes.shape),
                                         by.astype(np.int8)))
        parked.setdefault(e, []).append(waiting)
        return (leave, stay) if leave_on else (stay, leave)

    def _rejoin(self, g, parked):
        """``g`` at the ``BSYNC`` that ends its innermost open region, with the lanes ``_park`` set aside there
        whose warp has lanes in ``g``: they executed every target in the region with those warp-mates until
        they left (they were one group until then), and were off for the rest, so their warp's executions are
        ``g``'s. Joined only where ``g``'s counts are one per group (no per-lane lane-on counts), no target
        ran more often in the lanes set aside, and neither side holds local memory; else they stay apart (and
        ``_per_warp`` gives up on their warp)."""
        waiting = parked.get(g.pc)
        if not waiting:
            return g
        if g.local or any(isinstance(x, np.ndarray) and x.ndim for c in g.counts.values() for x in c):
            return g
        tpb = self.launch.block[0] * self.launch.block[1] * self.launch.block[2]
        wpb = (tpb + 31) // 32
        warp = lambda x: (x // tpb) * wpb + (x % tpb) // 32  # noqa: E731
        here = np.unique(warp(g.lanes))
        keep = []
        for p in waiting:
            same = len(p.open) == len(g.open) and all(a[0] == b[0] and a[1] == b[1] for a, b in zip(p.open, g.open))
            mine = np.isin(warp(p.lanes), here)
            # only the lanes it left behind (or some of them) can come for it: they were one group until then
            if not np.isin(g.lanes[np.isin(warp(g.lanes), warp(p.lanes[mine]))], p.stay).all():
                keep.append(p)
                continue
            fits = not p.local and all(not (isinstance(x, np.ndarray) and x.ndim) for c in p.counts.values() for x in c) \
                and all(t in g.counts and p.counts[t][0] <= g.counts[t][0] and p.counts[t][1] <= g.counts[t][1]
                        for t in p.counts)
            if not same or not fits or not mine.any():
                keep.append(p)
                continue
            join, rest = p.split(mine)
            if rest is not None:
                rest.stay = p.stay
                keep.append(rest)
            g = _join(g, join)
        parked[g.pc] = keep
        return g

    def _strand(self, g):
        """After ``g``'s open regions changed (a ``BSYNC``, a region re-entered or stepped over): lanes set aside
        for ``g``'s lanes inside a region ``g`` is no longer in were not met at its ``BSYNC`` (another one ended
        it): they can no longer join anyone, and are kept apart (``_per_warp`` then gives up on their warp)."""
        parked = getattr(self, "_parked", None)
        if not parked:
            return
        for k, lst in list(parked.items()):
            if k < 0:
                continue
            keep = []
            for p in lst:
                d = len(p.open)
                if np.isin(g.lanes, p.stay).any() and \
                        (len(g.open) < d or tuple(g.open[d - 1][:2]) != tuple(p.open[-1][:2])):
                    parked.setdefault(-1, []).append(p)
                else:
                    keep.append(p)
            parked[k] = keep

    @staticmethod
    def _leaving(on, off, tpb):
        """The lanes of ``on`` (those a predicated ``EXIT`` ends) whose warp has no lane in ``off`` (those going
        on), as a group, or None where there are none: a lane leaving has run every target so far with the
        lanes of its warp that go on (the two groups were one until here, their counts one copy), so its warp
        is counted by those; the warps that leave whole are counted by the lanes that leave."""
        wpb = (tpb + 31) // 32
        warp = lambda x: (x // tpb) * wpb + (x % tpb) // 32  # noqa: E731
        alone = ~np.isin(warp(on.lanes), warp(off.lanes))
        if alone.all():
            return on
        if not alone.any():
            return None
        return on.split(alone)[0]

    def _mixed(self, g, guard, tpb):
        """Per thread, 1 where a lane of its warp in the group has ``guard`` on (a counted instruction's
        predicate), or None where the group's lanes of every warp agree (then the group splits as a
        branch does). A warp executes the instruction once with all its lanes that are here, with a lane
        on if any is: the lanes stay one group, and its warps not whole in it are marked ``parted``
        (their other lanes, elsewhere, would run the instruction apart: ``_per_warp`` gives up on them)."""
        on = np.broadcast_to(np.asarray(guard, dtype=bool), g.lanes.shape)
        if on.all() or not on.any():
            return None
        wpb = (tpb + 31) // 32
        warp = (g.lanes // tpb) * wpb + (g.lanes % tpb) // 32
        w0 = int(warp.min())
        w = warp - w0
        any_on = np.zeros(int(w.max()) + 1, dtype=bool)
        any_on[w[on]] = True
        per = any_on[w]
        if (per == on).all():
            return None
        have = np.bincount(w)
        whole = np.minimum(32, tpb - 32 * ((np.arange(len(have)) + w0) % wpb))
        g.parted = np.asarray(g.parted | (have < whole)[w])
        return per.astype(np.int64)

    def _per_warp(self, done, n, first, tpb) -> dict:
        """Sum the groups' counts over warps; the threads of a warp that reach a target must agree."""
        order = list(self.targets)
        vecs: dict = {}
        vid = np.full(n, -1, dtype=np.int64)
        gid = np.full(n, -1, dtype=np.int64)
        parted = np.zeros(n, dtype=bool)
        for i, g in enumerate(done):
            cols = [x for t in order for x in g.counts.get(t, (0, 0))]
            if not any(cols[0::2]):
                continue
            gid[g.lanes - first] = i
            parted[g.lanes - first] = g.parted
            if not any(isinstance(x, np.ndarray) and x.ndim for x in cols):
                vid[g.lanes - first] = vecs.setdefault(tuple(zip(cols[0::2], cols[1::2])), len(vecs))
                continue
            # a group that ran a target with its warps' lanes on and off: per thread, its warp's runs
            rows, inv = np.unique(np.stack([np.broadcast_to(np.asarray(x, dtype=np.int64), g.lanes.shape)
                                            for x in cols], axis=1), axis=0, return_inverse=True)
            ids = np.array([vecs.setdefault(tuple(zip(r[0::2].tolist(), r[1::2].tolist())), len(vecs))
                            for r in rows], dtype=np.int64)
            vid[g.lanes - first] = ids[inv.reshape(-1)]
        if not vecs:
            return {t: (0, 0) for t in order}
        t = np.arange(first, first + n)
        warp = (t // tpb) * ((tpb + 31) // 32) + (t % tpb) // 32
        warp -= warp[0]
        nw = int(warp[-1]) + 1
        hi = np.full(nw, -1, dtype=np.int64)
        lo = np.full(nw, 1 << 40, dtype=np.int64)
        ok = vid >= 0
        np.maximum.at(hi, warp[ok], vid[ok])
        np.minimum.at(lo, warp[ok], vid[ok])
        # a warp whose lanes ran such a target in two groups: when each ran it is not known
        ghi, glo = np.full(nw, -1, dtype=np.int64), np.full(nw, 1 << 40, dtype=np.int64)
        np.maximum.at(ghi, warp[ok], gid[ok])
        np.minimum.at(glo, warp[ok], gid[ok])
        split = np.zeros(nw, dtype=bool)
        np.logical_or.at(split, warp[ok], parted[ok])
        bad = np.nonzero(((hi >= 0) & (hi != lo)) | (split & (ghi != glo)))[0]
        if len(bad):
            w = int(bad[0]) + (first // tpb) * ((tpb + 31) // 32)
            raise GiveUp("diverge", warp=w % ((tpb + 31) // 32), block=w // ((tpb + 31) // 32))
        per = np.bincount(hi[hi >= 0], minlength=len(vecs))
        by_id = list(vecs)
        return {t: (sum(int(per[i]) * by_id[i][k][0] for i in range(len(vecs))),
                    sum(int(per[i]) * by_id[i][k][1] for i in range(len(vecs))))
                for k, t in enumerate(order)}


# ------------------------------------------------------------------ in the machine
_NAME = {"shared_ld": "LDS", "shared_st": "STS", "ldmatrix": "LDSM", "shared_atom": "ATOMS"}


def loop_accesses(fn) -> dict:
    """``{pc: kind}``: the PTX's shared accesses inside a loop (a backward branch around them), from
    the PTX alone (cached): a kernel with none never pays for a replay."""
    c = fn.__dict__.get("_sass_replay_loops")
    if c is None:
        c = {}
        for b, ins in enumerate(fn.instrs):
            if ins.op == "bra" and 0 <= ins.target <= b:
                for pc in range(ins.target, b):
                    kind = access_kind(fn.instrs[pc])
                    if kind in _SHARED_KINDS and fn.instrs[pc].line:
                        c[pc] = kind
        fn.__dict__["_sass_replay_loops"] = c
    return c


def _replay_for(kernel, key, arch) -> Replay:
    """The kernel's SASS as a ``Replay`` whose targets are the SASS accesses of one loop line
    (``key``: ``(file, line, kind)``; ``@!PT`` padding, which never runs, left out)."""
    program = kernel.program
    instrs = from_listing(sass_listing(entry_sass(program.sass(arch), kernel.entry), program.filename))
    return Replay(instrs, tuple(i for i, ins in enumerate(instrs) if ins.where == key[:2]
                                and ins.op in KIND_OPS[key[2]] and ins.pred != "!PT"))


def apply(lazy, kernel, fn, files, grid, block, params, counters, sass_only, actions, arch, observed=None) -> dict:
    """Count the requests of the launch's loop lines that ptxas rebuilt with predicated trips from a
    replay of their SASS: add to ``counters`` (and ``sass_only``, the SASS's own part) what the
    replay's executions add to the PTX's, where its executions with a lane on equal the PTX's.
    ``{(file, line): note}`` for those lines, replayed or not (then why). Called once per launch,
    after its blocks ran (machine.run); the cubin is read only for a kernel with a shared access
    in a loop that this launch executed."""
    loops = loop_accesses(fn)
    if not loops or not any(counters.get(pc, {}).get(kind + "_requests") for pc, kind in loops.items()):
        return {}
    plan = plan_for(*lazy.args)
    if not plan.unplaced:
        return {}
    where = lambda ins: (files.get(ins.file, "<ptx>"), ins.line)  # noqa: E731
    lines: dict = {}                                 # (file, line, kind) -> the line's PTX accesses of that kind
    for pc, ins in enumerate(fn.instrs):
        kind = access_kind(ins)
        if kind and ins.line and where(ins) + (kind,) in plan.unplaced:
            lines.setdefault(where(ins) + (kind,), []).append(pc)
    # a merged group of the model's (("wide", ...) at its first member, ("part", leader) at the others) is one SASS
    # access the counts already hold as one request a warp: the replay's executions with a lane on are compared
    # with those, so such a line is replayed too (CudaSift's ScaleDown: an LDS.64 among each copy's loads)
    decided = set(plan.branched) | set(plan.uncertain) | \
        {pc for pc, a in actions.items() if a[0] not in (WIDE, PART)} | \
        {pc for parts in plan.skips.values() for part in parts for pc, _ in part}
    lines = {k: pcs for k, pcs in lines.items() if any(pc in loops for pc in pcs) and not decided & set(pcs)}
    if not lines:
        return {}
    cache = fn.__dict__.setdefault("_sass_replay", {})     # (arch, line key) -> (Replay or why, runs)
    launch = launch_of(fn.params, params, grid, block, arch,
                       aligns=[getattr(p, "ptx_align", None) for p in kernel.params])
    launch.observed = observed            # what its loads and bar.reds gave (counters/observed.py): never reused
    notes = {}
    for key, pcs in lines.items():
        file, line, kind = key
        if (arch, key) not in cache:
            try:
                cache[(arch, key)] = (_replay_for(kernel, key, arch), {})
            except GiveUp as e:
                cache[(arch, key)] = (e, {})
        replay, runs = cache[(arch, key)]
        totals = _run_once(replay, runs, launch)
        before = plan.notes.get((file, line), "")
        if isinstance(totals, GiveUp):
            notes[(file, line)] = Undecided(msg("counts.replay_gave_up", before=before, why=str(totals)))
            continue
        ts = replay.targets
        run = sum(totals[t][0] for t in ts)
        on = sum(totals[t][1] for t in ts)
        req, active = kind + "_requests", kind + "_requests_active"
        ptx = sum(counters.get(pc, {}).get(req, 0) for pc in pcs)
        ptx_on = sum(counters.get(pc, {}).get(active, 0) for pc in pcs)
        name = _NAME[kind]
        if on != ptx_on:
            notes[(file, line)] = Undecided(msg("counts.replay_disagrees", before=before, on=on, name=name, ptx_on=ptx_on))
            continue
        _add_requests(counters, sass_only, pcs, req, run - ptx)
        if not isinstance(notes.get((file, line)), Undecided):    # another kind of the line's stays undecided
            notes[(file, line)] = msg("counts.replayed", n=len(ts), name=name, run=run, off=run - on, ptx=ptx)
    # a line is decided only where every kind ptxas predicated more of than a modelled branch explains was replayed
    for file, line, kind in plan.unplaced:
        w = (file, line)
        if w in notes and (file, line, kind) not in lines and not isinstance(notes[w], Undecided):
            notes[w] = Undecided(notes[w])
    return notes


def _run_once(replay, runs: dict, launch):
    """The replay's totals for this launch (or why it gave up), run once per distinct launch; ``runs``
    is the replay's cache of them (cleared past 64 launches)."""
    if launch.observed is not None:              # what its loads read is this launch's: never reused
        try:
            return replay.run(launch) if isinstance(replay, Replay) else replay
        except GiveUp as e:
            return e
    k = launch.key()
    if k not in runs:
        if len(runs) > 64:
            runs.clear()
        try:
            runs[k] = replay.run(launch) if isinstance(replay, Replay) else replay
        except GiveUp as e:
            runs[k] = e
    return runs[k]


def _add_requests(counters, sass_only, pcs, req: str, d: int):
    """Add ``d`` requests of ``req`` to a line at its first access the launch counted (``pcs``), in the
    counts and in the SASS's own part of them."""
    at = next((pc for pc in pcs if pc in counters), pcs[0])
    c = counters.setdefault(at, dict.fromkeys(METRIC_KEYS, 0))
    c[req] = c.get(req, 0) + d
    own = sass_only.setdefault(at, {})
    own[req] = own.get(req, 0) + d


# ------------------------------------------------------------------ lines ptxas only copied
_FAMILY_KIND = {"LDS": "shared_ld", "STS": "shared_st", "LDG": "global_ld", "STG": "global_st"}


def _family(ins) -> str | None:
    """The SASS family (LDS, STS, LDG, STG) a PTX ld/st of shared or global memory becomes, else None."""
    space = "shared" if any(m == "shared" or m.startswith("shared::") for m in ins.mods) else \
        "global" if "global" in ins.mods else None
    if space is None or ins.op not in ("ld", "ldu", "st"):
        return None
    return {"shared": "LDS", "global": "LDG"}[space] if ins.op != "st" else {"shared": "STS", "global": "STG"}[space]


def apply_copies(plan, kernel, fn, files, grid, block, params, counters, sass_only, arch, observed=None,
                 global_syms=None, ptx_counters=None, const_data=None, cluster="unknown") -> tuple:
    """The lines the SASS check left to the PTX because ptxas made more (or fewer) copies of their
    accesses than the model expected, and nothing else (``sass_model``'s ``plan.copies``: a loop
    unrolled with a remainder, NVVM's and ptxas's unrolling stacked): replay the SASS's control flow
    for the launch (one replay of every such line's instructions) and, per line and family, compare
    the executions with a lane on with the PTX's requests with a lane on. Where every family of a
    line agrees, each copy a warp runs with a lane on is one PTX access as it runs (same width, the
    same lanes' addresses), so the line is decided: its counts are the PTX's, plus, for shared
    accesses, the executions with every lane off (a request each on the H200; a global one makes
    none, D1). ``({(file, line): note}, decided lines)``; a line it cannot decide keeps the PTX's
    counts, undecided, its note saying why. A line with wider copies of its accesses too (``plan.idle``:
    a loop ptxas unrolled and widened, sass_model's ``_copied``) is decided only where none of
    the wider ones runs in the launch. A family ptxas only moved between lines (``plan.pools``) is
    compared over the whole kernel, every SASS access of it replayed: its lines are decided together
    where the executions with a lane on equal the PTX's. ``observed`` (counters/observed.py) gives the
    replay what the launch's own loads read (a loop bound loaded from memory), ``global_syms`` where the
    ``__constant__`` variables it reads through bank 3 live. A line whose shared loads ptxas reads in pairs
    (``plan.pairs``, counters/pairs.py) was counted so; where the replay does not decide it, its loads' counts
    go back to the PTX's (``ptx_counters``, the machine's PTX view). Called once per launch, after its blocks ran."""
    pools = getattr(plan, "pools", None) or {}
    if plan is None or not (plan.copies or pools):
        unpair(plan, counters, ptx_counters, set())
        return {}, set()
    where = lambda ins: (files.get(ins.file, "<ptx>"), ins.line)  # noqa: E731
    pcs: dict = {}                                  # (line, family) -> the line's PTX accesses of it
    fam_pcs: dict = {}                              # family -> every PTX access of it (the pools')
    line_fams: dict = {}                            # a pool line -> the families its PTX accesses are of
    skip = getattr(plan, "pool_skip", None) or {}  # family -> the copies' lines its pool leaves out
    for pc, ins in enumerate(fn.instrs):
        fam = _family(ins)
        if fam is None:
            continue
        w = where(ins)
        if w in plan.copies and ins.line:
            pcs.setdefault((w, fam), []).append(pc)
        if fam in pools and w not in skip.get(fam, ()):
            fam_pcs.setdefault(fam, []).append(pc)
        line_fams.setdefault(w, set()).add(fam)
    cache = fn.__dict__.setdefault("_sass_replay_copies", {})     # arch -> (Replay, {target: (line, family)}) or why
    if arch not in cache:
        try:
            program = kernel.program
            instrs = from_listing(sass_listing(entry_sass(program.sass(arch), kernel.entry), program.filename))
            of = {i: (ins.where, ins.op) for i, ins in enumerate(instrs)
                  if ins.where in plan.copies and ins.op in _FAMILY_KIND and ins.pred != "!PT"}
            keys = {i: instrs[i].op + next((f".{m}" for m in instrs[i].mods if m in ("64", "128")), "") for i in of}
            # the pools' families, every access of them, in a replay of their own (one that gives up
            # leaves the copies' lines as they were)
            ofp = {i: (ins.where, ins.op) for i, ins in enumerate(instrs) if ins.op in pools and ins.pred != "!PT"
                   and ins.where not in skip.get(ins.op, ())}
            const3 = tuple(sorted(constant_symbols(program.cubin(arch)).items()))
            const4 = tuple(sorted(constant_addresses(program.cubin(arch)).items()))
            cache[arch] = (Replay(instrs, tuple(of)), of, {}, keys, const3,
                           Replay(instrs, tuple(ofp)) if pools else None, ofp, {}, const4)
        except GiveUp as e:
            cache[arch] = e
        except Exception as e:                      # no cubin or no nvdisasm
            cache[arch] = GiveUp("unreadable", text=(str(e).splitlines() or [type(e).__name__])[0][:100])
    got = cache[arch]
    notes, decided = {}, set()
    if isinstance(got, GiveUp):
        totals = ptotals = got
    else:
        replay, of, runs, keys, const3, preplay, ofp, pruns, const4 = got
        launch = launch_of(fn.params, params, grid, block, arch,
                           aligns=[getattr(p, "ptx_align", None) for p in kernel.params])
        launch.cluster = cluster if cluster is None else tuple(cluster) if isinstance(cluster, (tuple, list)) \
            else str(cluster)
        if observed is not None:
            launch.observed = observed
            launch.const3 = tuple((off, size, int(global_syms[name])) for name, (off, size) in const3
                                  if name in (global_syms or {}))
            launch.bank4 = tuple((off, int(global_syms[name]) + add) for off, (name, add) in const4
                                 if name in (global_syms or {}))
        if const_data:
            launch.bank3 = tuple((off, const_data[name][:size]) for name, (off, size) in const3
                                 if name in const_data)
        totals = _run_once(replay, runs, launch) if of else {}
        ptotals = _run_once(preplay, pruns, launch) if preplay is not None else {}
    # the pools: each family over the whole kernel
    pooled: dict = {}                               # family -> (its note's runs, the requests to add) or Undecided
    for fam in sorted(pools):
        if isinstance(ptotals, GiveUp):
            pooled[fam] = Undecided(msg("counts.copies_gave_up", why=str(ptotals)))
            continue
        ts = [t for t, (_, op) in ofp.items() if op == fam]
        run, on = sum(ptotals[t][0] for t in ts), sum(ptotals[t][1] for t in ts)
        req = _FAMILY_KIND[fam] + "_requests"
        ps = fam_pcs.get(fam, [])
        ptx = sum(counters.get(pc, {}).get(req, 0) for pc in ps)
        ptx_on = sum(counters.get(pc, {}).get(req + "_active", 0) for pc in ps)
        if not ps or on != ptx_on:
            pooled[fam] = Undecided(msg("counts.pool_disagree", on=on, name=fam, ptx_on=ptx_on))
            continue
        copies = (getattr(plan, "pool_copies", None) or {}).get(fam)
        merged = (getattr(plan, "pool_merged", None) or {}).get(fam)
        note = msg("counts.pool_copies_replayed", name=fam, width=copies[0], n=copies[1], ptx_n=copies[2], run=run,
                   off=run - on) if copies else \
            msg("counts.pool_merged_replayed", name=fam, n=len(ts), merged=merged, run=run, off=run - on) if merged \
            else msg("counts.pool_replayed", name=fam, n=len(ts), run=run, off=run - on)
        pooled[fam] = (note, req, (run if fam in ("LDS", "STS") else on) - ptx)
    for fam, got_ in pooled.items():               # a shared family's runs with every lane off: at its first line
        if not isinstance(got_, Undecided) and got_[2]:
            first = next(pc for pc in fam_pcs[fam] if where(fn.instrs[pc]) in pools[fam])
            _add_requests(counters, sass_only, [first], got_[1], got_[2])
    in_pool = {w: {f for f, ws in pools.items() if w in ws} for ws in pools.values() for w in ws}
    lines = dict(plan.copies)
    for w in in_pool:
        lines.setdefault(w, None)
    for w, have in sorted(lines.items(), key=lambda kv: kv[0][1]):
        failed = next((pooled[f] for f in sorted(in_pool.get(w, ())) if isinstance(pooled[f], Undecided)), None)
        mine = {f for f in in_pool.get(w, ()) if not isinstance(pooled[f], Undecided)}   # the pools that decided
        if isinstance(totals, GiveUp) and have is not None:
            notes[w] = Undecided(msg("counts.copies_gave_up", why=str(totals)))
            continue
        pool_notes = [pooled[f][0] for f in sorted(mine)]
        if have is None:                            # only pooled families here
            if failed is not None:
                notes[w] = failed
                continue
            if (line_fams.get(w, set()) | plan.pool_fams.get(w, set())) - mine - getattr(plan, "agreed", {}).get(w, set()):
                continue                            # another family keeps it undecided (its note stands)
            notes[w] = msg("counts.sep").join(pool_notes)
            decided.add(w)
            continue
        adds, bad, dropped = [], None, []
        idle = plan.idle.get(w, ())
        wide = sum(totals[t][0] for t, (tw, _) in of.items() if tw == w and keys[t] in idle)
        if wide:                            # ptxas's wider accesses ran: not one PTX access each
            notes[w] = Undecided(msg("counts.widened_ran", keys=", ".join(idle), run=wide))
            continue
        mixed = getattr(plan, "mixed", {}).get(w, {})
        # per family, or per width where the model has a family in several widths (each SASS access of a width
        # a copy of one PTX access of that width: sass_model._copied)
        parts = [(fam, None) for fam in sorted({k.split(".")[0] for k in have} - mine)]
        widths = {fam: sorted({k for k in mixed.values() if k.split(".")[0] == fam}) for fam, _ in parts}
        parts = [(fam, key) for fam, _ in parts for key in (widths[fam] if len(widths[fam]) > 1 else [None])]
        for fam, key in parts:
            ts = [t for t, (tw, op) in of.items() if tw == w and op == fam and (key is None or keys[t] == key)]
            run, on = sum(totals[t][0] for t in ts), sum(totals[t][1] for t in ts)
            kind = _FAMILY_KIND[fam]
            req = kind + "_requests"
            ps = [pc for pc in pcs.get((w, fam), []) if key is None or mixed.get(pc) == key]
            ptx = sum(counters.get(pc, {}).get(req, 0) for pc in ps)
            ptx_on = sum(counters.get(pc, {}).get(req + "_active", 0) for pc in ps)
            dead = getattr(plan, "dead", {}).get(w, frozenset())
            if ps and fam == "LDG" and on < ptx_on and set(ps) <= dead:
                # loads whose values no later trip reads (counters/deadload.py), fewer in the SASS's loop: each run
                # is one of the PTX's (the last trips'); their sectors are known where every PTX request had one
                sec = kind + "_sectors"
                ptx_sec = sum(counters.get(pc, {}).get(sec, 0) for pc in ps)
                if ptx_sec != ptx_on or ptx != ptx_on:
                    bad = msg("counts.dead_sectors", on=on, ptx_on=ptx_on, sectors=ptx_sec)
                    break
                dropped.append((ps, sec, on - ptx_sec, on, ptx_on))
                adds.append((ps, req, on - ptx, key or fam, run, on))
                continue
            if not ps or on != ptx_on:
                bad = msg("counts.copies_disagree", on=on, name=key or fam, ptx_on=ptx_on)
                break
            adds.append((ps, req, (run if kind.startswith("shared") else on) - ptx, key or fam, run, on))
        if bad is not None:
            notes[w] = Undecided(bad)
            continue
        for ps, req, d, _, _, _ in adds:
            if d:
                _add_requests(counters, sass_only, ps, req, d)
        for ps, sec, d, _, _ in dropped:
            if d:
                _add_requests(counters, sass_only, ps, sec, d)
        paired = w in getattr(plan, "pairs", {})
        have_text = ", ".join(f"{k}×{v}" for k, v in sorted(have.items()))
        notes[w] = msg("counts.sep").join(
            ([msg("counts.dead_replayed", have=have_text, run=on, ptx_on=ptx_on) for _, _, _, on, ptx_on in dropped]
             if dropped else
             [msg("counts.pairs_replayed" if paired else "counts.copies_replayed", have=have_text,
                  runs=", ".join(msg("counts.copies_runs", name=f, run=r, off=r - o) for _, _, _, f, r, o in adds))]
             if adds else []) + pool_notes)
        if idle:
            notes[w] += msg("counts.sep") + msg("counts.widened_idle", keys=", ".join(f"{k}×{have[k]}" for k in idle))
        decided.add(w)
    unpair(plan, counters, ptx_counters, decided)
    return notes, decided


def unpair(plan, counters, ptx_counters, decided) -> None:
    """A line whose shared loads ptxas reads in pairs (``plan.pairs``, counters/pairs.py) was counted so; where
    the replay did not decide it (it disagreed, gave up or did not run), its loads count as in the PTX
    (``ptx_counters``, the machine's PTX view of the planned pcs), as its note says."""
    if plan is None or ptx_counters is None:
        return
    for w, pcs in getattr(plan, "pairs", {}).items():
        if w in decided:
            continue
        for pc in pcs:
            if pc in ptx_counters and pc in counters:
                for k in [k for k in counters[pc] if k.startswith("shared_ld")]:
                    counters[pc][k] = ptx_counters[pc].get(k, 0)
    # a pool's line planned the model's way (sass_model._moved): every count of its planned pcs
    for w, pcs in getattr(plan, "moved", {}).items():
        if w in decided:
            continue
        for pc in pcs:
            if pc in ptx_counters:
                c = counters.setdefault(pc, dict.fromkeys(METRIC_KEYS, 0))
                for k in set(c) | set(ptx_counters[pc]):
                    c[k] = ptx_counters[pc].get(k, 0)
