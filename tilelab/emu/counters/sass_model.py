"""What ptxas makes of the PTX's memory accesses, so the emulator can count them as ncu does.

ncu counts SASS instructions; the emulator runs PTX. Where ptxas merges narrow loads or
stores into one wide access (four ``ld.shared.f32`` into one ``LDS.128``) or reads
``__constant__`` data through the constant cache (no ``LDG`` at all), counting the PTX
over-counts requests and wavefronts. This module models those rules on the PTX, checks
the model per source line against the cubin built from that very PTX
(``Program.cubin``, read with nvdisasm), and hands the machine a plan: per PTX
instruction, count it as a wide access, as part of another's, not at all, or as in the PTX.

Merge rule (docs/SASS_COUNTS.md): loads (or stores) of one state space (.shared or
.global), one base register (or shared symbol), one guard and one access size (4 or 8
bytes, or 2 for .shared: merged into 4 or 8 bytes only, ``_widths``), at consecutive immediate offsets, inside one basic block with no barrier, fence,
atomic or possibly aliasing store (for stores: any other access of the space) between
them, become one access of 8 or 16 bytes when ptxas can prove that the first address is
aligned to the wide size. Alignment comes from a known-low-bits analysis of the address
arithmetic (``_Bits``), starting from shared variables (ptxas places each at an address
aligned to 16 bytes, or to its declared alignment if larger) and from nothing for kernel
pointers (ptxas knows nothing of a pointer's alignment beyond what the PTX states). Groups
are cut greedily from the lowest offset, widest first; three 4-byte loads in one 16-byte chunk
the address bits place are one 16-byte load of the chunk (ptxas reads the fourth word too; three 2-byte
shared loads in one 8-byte chunk likewise one LDS.64), and
a store group is first split into runs, one after another in program order, that stay in one
aligned window of the width the base's known bits prove (ptxas merges no stores across another
window's store between them). A line whose accesses ptxas copied (a loop it unrolled) holds k times the model's units, or, where
the line also has accesses outside every PTX loop (NVVM hoisted them), those once and the loop's k times
(``_loop_copies``). A short counted loop that ptxas unrolls
fully (``find_loops``) can be modelled as unrolled, so that groups span its trips; whether to
is decided per loop against the cubin. Groups can likewise stay open across simple forward
branches around straight-line code that ptxas predicated (``if_regions``), the regions' own
accesses keyed apart; decided against the cubin too, down to the wide instructions' addresses
(``_spanned``).

A line is counted the SASS way only when the model's static opcode and width counts for
it equal the cubin's (LDS, STS, LDG, STG with their widths); otherwise it is counted as in
the PTX and its note says so.

Reuse rule: a load of the word an earlier load of its group read (the group still open: one
base register, guard and size, nothing between that ends the group) is no SASS access; ptxas
keeps the earlier load's register.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...messages import language, msg as _msg
from ...toolchain import DEFAULT_ARCH, sass_memory_mix
from ...toolchain.sass import entry_sass, sass_listing, sass_memory_addresses, shared_section_size
from ..memory import shared_base, static_shared_layout
from ..operands import reg_array
from ..ptx import parsed
from .deadload import dead_loads
from .hoisted import hoisted_loads
from .overwritten import overwritten_stores
from .pairs import paired_line
from .regions import regions
from .sunk import NO_DEST as _NO_DEST, ORDERED, candidates as sunk_candidates, sunk_loads
from .unrolled_copy import MAX_COPY_TRIPS, _counted_on, copy_loops, decide as decide_copy, redundant_loads

K = 4                                   # low address bits tracked: enough for 16-byte alignment
SHARED_ALIGN = 16                       # where ptxas places a shared variable (measured: SASS_COUNTS.md)
WINDOW = "%shared"                      # the base of a static shared variable's access where its place is known
COMPARED = ("LDS", "STS", "LDG", "STG")  # the SASS families a line is checked on
_WIDTH_KEY = {1: ".8", 2: ".16", 4: "", 8: ".64", 16: ".128"}


class Shared(dict):
    """``{name: alignment}`` of the shared variables (what ``_Bits`` reads), and ``placed``: ``{name: offset
    from the block's first static byte}`` where the cubin confirms ptxas placed the static ones as the
    emulator lays them out (``placement``). A placed variable's accesses are accesses of one base, the
    block's static shared memory (``WINDOW``, 16-byte aligned), at the variable's offset plus their own:
    accesses of two variables merge where they lie side by side (docs/SASS_COUNTS.md, "Where ptxas places
    the static shared variables")."""

    def __init__(self, align: dict, placed: dict | None = None):
        super().__init__(align)
        self.placed = dict(placed or {})


_TYPE_BYTES = {"b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "bf16": 2,
               "b32": 4, "u32": 4, "s32": 4, "f32": 4, "f16x2": 4, "bf16x2": 4,
               "b64": 8, "u64": 8, "s64": 8, "f64": 8}
_BLOCK_END = {"bra", "ret", "exit", "call", "trap", "brx"}
_FENCES = {"membar", "fence", "bar", "barrier", "mbarrier", "griddepcontrol"}


# ------------------------------------------------------------------ known low bits
def _norm(k: int, r: int) -> tuple:
    k = max(0, min(K, k))
    return (k, r % (1 << k) if k else 0)


def _tz(b) -> int:
    """Trailing zeros the value surely has (k when its known low bits are all zero)."""
    k, r = b
    if r == 0:
        return k
    return (r & -r).bit_length() - 1


def _meet(a, b):
    if a is None:
        return b
    if b is None:
        return a
    k = min(a[0], b[0])
    while k and (a[1] - b[1]) % (1 << k):
        k -= 1
    return _norm(k, a[1])


def _const(v: int):
    return _norm(K, int(v))


def _add(a, b, sign=1):
    if a is None or b is None:
        return None
    return _norm(min(a[0], b[0]), a[1] + sign * b[1])


def _mul(a, b):
    if a is None or b is None:
        return None
    ka, ra = a
    kb, rb = b
    k = min(K, ka + kb, (_tz(a) + kb) if ra else K + kb, (_tz(b) + ka) if rb else K + ka)
    return _norm(k, ra * rb)


def _shl(a, s: int):
    if a is None:
        return None
    return _norm(a[0] + s, a[1] << s)


def _shr(a, s: int):
    if a is None:
        return None
    return _norm(a[0] - s, a[1] >> s)


def _bitwise(op: str, a, b, bconst: int | None):
    if a is None or b is None:
        return None
    if bconst is None:
        k = min(a[0], b[0])
        r = {"and": a[1] & b[1], "or": a[1] | b[1], "xor": a[1] ^ b[1]}[op]
        return _norm(k, r)
    k = 0
    while k < K and (k < a[0] or (op == "and" and not (bconst >> k) & 1) or (op == "or" and (bconst >> k) & 1)):
        k += 1
    if op == "xor":
        k = a[0]
    r = {"and": a[1] & bconst, "or": a[1] | bconst, "xor": a[1] ^ bconst}[op]
    return _norm(k, r)


class _Bits:
    """Known low bits of every register: the meet over all its definitions (flow-insensitive),
    from an optimistic start (None: nothing seen yet) until nothing changes."""

    def __init__(self, fn, sym_align: dict, induction: bool = False):
        self.sym_align = sym_align
        defs = [ins for ins in fn.instrs if ins.op not in _NO_DEST and ins.args and ins.args[0].kind == "reg"]
        self.val: dict = {ins.args[0].name: None for ins in defs}
        # ``induction``: what ptxas knows of a register a loop it keeps advances by a constant (an induction
        # pointer): its power-of-two alignment only, not where it lies past it ("Induction registers ptxas
        # knows by their alignment" in docs/SASS_COUNTS.md)
        stepped = _stepped(defs) if induction else set()
        for _ in range(64):
            changed = False
            for ins in defs:
                name = ins.args[0].name
                new = _meet(self.val[name], self._transfer(ins))
                if name in stepped and new is not None:
                    new = _norm(_tz(new), 0)
                if new != self.val[name]:
                    self.val[name] = new
                    changed = True
            if not changed:
                break
        else:                                   # no fixpoint: claim nothing
            self.val = {k: (0, 0) for k in self.val}
        self.implied = _implied_alignment(fn, defs)

    def _sym(self, name: str):
        placed = getattr(self.sym_align, "placed", {})
        if name in placed:
            return _norm(K, placed[name])
        return _norm(self.sym_align[name].bit_length() - 1, 0)

    def base(self, name: str):
        """Known bits of a memory operand's base (register, symbol, ``WINDOW``, or "" for an absolute address)."""
        if not name or name == WINDOW:
            return _const(0)
        if name in self.sym_align:
            return self._sym(name)
        got = self.val.get(name) or (0, 0)
        hint = self.implied.get(name)
        if hint is not None and hint[0] > got[0] and (hint[1] - got[1]) % (1 << got[0]) == 0:
            return hint
        return got

    def _opnd(self, op):
        """Known bits of a source operand (None: a register with no definition seen yet)."""
        if op.kind == "reg":
            return self.val[op.name] if op.name in self.val else (0, 0)
        if op.kind == "imm":
            return _const(op.value)
        if op.kind == "sym" and op.name in self.sym_align:
            return self._sym(op.name)
        return (0, 0)

    def _transfer(self, ins):
        op, a = ins.op, ins.args
        v = lambda i: self._opnd(a[i]) if i < len(a) else (0, 0)  # noqa: E731
        if _is_float(ins):
            return (0, 0)
        if op in ("mov", "cvt", "cvta") and len(a) >= 2:
            return v(1)
        if op in ("add", "sub") and len(a) >= 3:
            return _add(v(1), v(2), -1 if op == "sub" else 1)
        if op == "mul" and len(a) >= 3 and "hi" not in ins.mods:
            return _mul(v(1), v(2))
        if op == "mad" and len(a) >= 4 and "hi" not in ins.mods:
            return _add(_mul(v(1), v(2)), v(3))
        if op == "shl" and len(a) >= 3 and a[2].kind == "imm":
            return _shl(v(1), int(a[2].value))
        if op == "shr" and len(a) >= 3 and a[2].kind == "imm":
            return _shr(v(1), int(a[2].value))
        if op in ("and", "or", "xor") and len(a) >= 3 and "pred" not in ins.mods:
            if a[2].kind == "imm" or a[1].kind == "imm":
                c, x = (a[2].value, v(1)) if a[2].kind == "imm" else (a[1].value, v(2))
                return _bitwise(op, x, _const(c), int(c))
            return _bitwise(op, v(1), v(2), None)
        if op == "neg" and len(a) >= 2:
            x = v(1)
            return None if x is None else _norm(x[0], -x[1])
        if op in ("selp", "min", "max") and len(a) >= 3:
            return _meet(v(1), v(2))
        return (0, 0)


def _implied_alignment(fn, defs: list) -> dict:
    """Known low bits of a base register that its own accesses imply: an access of s bytes is s-aligned (the PTX
    ISA leaves any other undefined), so ``st.f64 [%rd+40]`` tells ptxas that %rd is 8-aligned, wherever the other
    accesses through %rd lie (curand_init's XORWOW state: the five words of its skip-ahead loop's ``v[]`` stored as
    STG + two STG.64, known 8-aligned from the state's double at +40; FinanceBench's setup_kernel, Locusta's
    InitRNG). Only registers set once (a loop's induction register holds another value at each access)."""
    once = Counter(ins.args[0].name for ins in defs)
    out: dict = {}
    for ins in fn.instrs:
        acc = _access(0, ins)
        if acc is None or acc.size < 2 or not acc.base.startswith("%") or once.get(acc.base, 0) > 1:
            continue
        k = min(K, acc.size.bit_length() - 1)
        have = out.get(acc.base)
        if have is None or k > have[0]:
            out[acc.base] = _norm(k, -acc.offset)
    return out


def _stepped(defs: list) -> set:
    """The registers set more than once, one of those an ``add``/``sub`` of an immediate to the register
    itself: a loop's induction registers (the entry's ``mov`` and the trip's step)."""
    count = Counter(ins.args[0].name for ins in defs)
    return {ins.args[0].name for ins in defs
            if ins.op in ("add", "sub") and len(ins.args) >= 3 and count[ins.args[0].name] > 1
            and ins.args[1].kind == "reg" and ins.args[1].name == ins.args[0].name and ins.args[2].kind == "imm"
            and not _is_float(ins)}


def _is_float(ins) -> bool:
    return any(m in ("f32", "f64", "f16", "f16x2", "bf16", "bf16x2") for m in ins.mods)


# ------------------------------------------------------------------ the accesses
@dataclass
class Access:
    """One PTX memory instruction as ptxas sees it."""
    pc: int
    kind: str            # "ld" or "st"
    space: str           # "shared", "global", "const", "local", "generic", ...
    size: int            # bytes per lane (type size x vector length)
    base: str
    offset: int
    guard: tuple
    line: tuple          # (file index, line)
    quals: tuple = ()    # cache and ordering qualifiers (.nc, .volatile, .cg, ...)
    it: int | None = None   # the iteration, in a loop modelled as unrolled (offset then includes its steps)
    known: tuple | None = None   # the base's known low bits where they are not _Bits' (a loop's entry value)
    var: str | None = None       # the static shared variable, where the base is WINDOW (its place known)


_SPACE_NAMES = ("shared", "global", "const", "local", "param")


def _access(pc, ins):
    if ins.op not in ("ld", "st") or len(ins.args) < 2:
        return None
    space = next((m for m in ins.mods if m in _SPACE_NAMES), "generic")
    if space == "shared" and any(m.startswith("shared::") for m in ins.mods):
        space = "shared"
    t = next((m for m in reversed(ins.mods) if m in _TYPE_BYTES), None)
    if t is None:
        return None
    vec = next((int(m[1]) for m in ins.mods if m in ("v2", "v4", "v8")), 1)
    mem = ins.args[0] if ins.op == "st" else ins.args[1]
    if mem.kind != "mem":
        return None
    quals = tuple(m for m in ins.mods if m not in _TYPE_BYTES and m not in ("v2", "v4", "v8") and m != space)
    return Access(pc, ins.op, space, _TYPE_BYTES[t] * vec, mem.name, mem.offset,
                  (ins.guard, ins.guard_neg), (ins.file, ins.line), quals)


def sass_key(space: str, kind: str, size: int) -> str | None:
    """The ``sass_memory_mix`` key a PTX access of this space and size becomes (None: no
    LDS/STS/LDG/STG, e.g. ``ld.const``, which ptxas reads through the constant cache)."""
    fam = {("shared", "ld"): "LDS", ("shared", "st"): "STS", ("global", "ld"): "LDG",
           ("global", "st"): "STG"}.get((space, kind))
    if fam is None or size not in _WIDTH_KEY:
        return None
    return fam + _WIDTH_KEY[size]


@dataclass
class Unit:
    """What one SASS access is made of: PTX instructions (pcs, lowest offset first) and its width."""
    pcs: tuple
    size: int
    key: str | None
    line: tuple
    member_size: int = 0
    its: tuple = ()      # per member, its iteration in a loop modelled as unrolled (None elsewhere)
    offs: tuple = ()     # per member, its offset from the base (a loop's steps included)
    reused: bool = False  # a load of a word an earlier load of the group read: ptxas keeps its register
    start: int | None = None  # the wide access's offset where it is not its lowest member's (a load
    #                           widened down to its 16-byte boundary: _cut)
    sizes: tuple = ()    # per member, its width, where they differ (a chunk of 4- and 8-byte loads: _chunks)
    after: int | None = None  # a reused load: the pc of the load it reuses (before the regions between them)

    @property
    def asked(self) -> int:
        """The bytes its members read (fewer than ``size``: ptxas reads words nobody asked for)."""
        return sum(self.sizes) if self.sizes else len(self.pcs) * self.member_size

    @property
    def at(self) -> int:
        """The offset the SASS access starts at (from the base, a loop's steps included)."""
        return self.start if self.start is not None else (self.offs[0] if self.offs else 0)


def _bits_of(fn, align: dict, induction: bool = False) -> _Bits:
    """``_Bits(fn, align, induction)``, kept on the function for the alignments it was made with: the check predicts
    a function many times over (``_hoisted`` once a candidate branch, GPU4PySCF's Becke weights 1,688 times over 22k
    PTX lines), and the fixpoint depends on nothing else."""
    key = (induction, tuple(sorted(align.items())), tuple(sorted(getattr(align, "placed", {}).items())))
    cache = fn.__dict__.setdefault("_known_bits", {})
    got = cache.get(key)
    if got is None:
        if len(cache) > 16:
            cache.clear()
        got = cache[key] = _Bits(fn, align, induction)
    return got


def _blocks(fn, n: int, spans=()) -> list[int]:
    """Basic-block number of every pc of the entry (a new block at each branch target and
    after every branch, return, call or barrier), except that the branch of each ``(branch,
    target)`` in ``spans`` starts no block (neither after it nor at its target): its region is
    modelled as ptxas's predicated code, in line with what is before and after it."""
    start = [False] * (n + 1)
    start[0] = True
    spanned = {b for b, _ in spans}
    for pc in range(n):
        ins = fn.instrs[pc]
        if pc in spanned:
            continue
        if ins.op in _BLOCK_END or (ins.op in ("bar", "barrier") and "warp" not in ins.mods):
            start[pc + 1] = True
        if ins.op == "bra" and 0 <= ins.target < n:
            start[ins.target] = True
    out, b = [], -1
    for pc in range(n):
        b += start[pc]
        out.append(b)
    return out


def _writes(ins) -> set:
    if ins.op in _NO_DEST or not ins.args:
        return set()
    a = ins.args[0]
    if a.kind == "reg":
        return {a.name}
    if a.kind == "vec":
        return {x.name for x in a.items if x.kind == "reg"}
    return set()


_LOW_TYPES = ("u32", "s32", "b32", "u16", "s16", "b16", "u8", "s8", "b8")


def low_word_loads(fn, n_entry: int) -> frozenset:
    """The pcs of the entry's scalar 64-bit integer global loads whose value only its low 32 bits are read of: the
    register the load alone writes, read only by a ``cvt`` to a type of 32 bits or fewer or an ``and.b64`` with a
    mask below 2^32 (CUDA_AES's ``u32 threadRange = *range`` of a ``u64*``: ``cvt.u32.u64`` and ``and.b64 ...,
    4294967295``). ptxas loads 4 bytes for them (``LDG.E``, not ``LDG.E.64``); the requests and sectors are the
    8-byte load's (an 8-byte load is 8-byte aligned, so its low word lies in the same sector). Cached on ``fn``."""
    got = fn.__dict__.get("_low_word_loads")
    if got is not None:
        return got
    loads = {}
    for pc, ins in enumerate(fn.instrs[:n_entry]):
        if ins.op == "ld" and "global" in ins.mods and any(t in ins.mods for t in ("u64", "s64", "b64")) \
                and not any(m in ("v2", "v4") for m in ins.mods) and ins.args and ins.args[0].kind == "reg":
            loads[ins.args[0].name] = pc
    bad = set()
    for pc, ins in enumerate(fn.instrs[:n_entry]):
        for reg in _writes(ins) & set(loads):
            if loads[reg] != pc:
                bad.add(reg)                            # written elsewhere too
        for i, a in enumerate(ins.args):
            if a.kind != "reg" or a.name not in loads or (i == 0 and ins.op != "st" and a.name in _writes(ins)):
                if a.kind == "vec" and any(x.kind == "reg" and x.name in loads for x in a.items):
                    bad.update(x.name for x in a.items if x.kind == "reg")
                continue
            if ins.op == "cvt" and i == 1 and ins.mods and ins.mods[0] in _LOW_TYPES:
                continue
            if ins.op == "and" and "b64" in ins.mods and len(ins.args) == 3 and \
                    any(b.kind == "imm" and 0 <= int(b.value) < (1 << 32) for b in ins.args[1:]):
                continue
            bad.add(a.name)
    got = frozenset(pc for reg, pc in loads.items() if reg not in bad)
    fn.__dict__["_low_word_loads"] = got
    return got


def _mergeable(acc: Access) -> bool:
    return ((acc.space in ("shared", "global") and acc.size in (4, 8)
             or acc.space == "shared" and acc.size == 2)
            and not any(q in ORDERED for q in acc.quals))


def _widths(size: int) -> tuple:
    """The widths, widest first, a group of ``size``-byte accesses merges into: up to four of them and
    16 bytes (2-byte shared accesses: LDS.64/STS.64 and LDS/STS, never a 16-byte one; docs/SASS_COUNTS.md)."""
    return (8, 4) if size == 2 else (16, 8)


def _chunk_bytes(size: int) -> int:
    """The aligned chunk three of whose ``size``-byte words a load group reads whole (0: no such rule)."""
    return {4: 16, 2: 8}.get(size, 0)


def _cut(members: list, size: int, bits) -> list[Unit]:
    """Greedy from the lowest offset: the widest aligned run of consecutive members first
    (``bits`` None: as if every address were aligned, to find what could merge at all). Stores
    merge only within a run of the group's stores that lie in one aligned window of the width the
    base's alignment proves (16 bytes at most), one after another in program order; loads of three
    of the four words of a 16-byte aligned chunk read the whole chunk (docs/SASS_COUNTS.md, 3)."""
    if members[0].kind == "st" and len(members) > 1:
        b = (K, 0) if bits is None else members[0].known or bits.base(members[0].base)
        win = 1 << min(4, b[0])                # the address's low bits known: its windows are
        runs: list = [[members[0]]]
        for a in members[1:]:                  # (members come in program order: predict appends them so)
            if (b[1] + a.offset) // win == (b[1] + runs[-1][-1].offset) // win:
                runs[-1].append(a)
            else:
                runs.append([a])
        if len(runs) > 1:
            return [u for r in runs for u in _cut_run(r, size, bits)]
    return _cut_run(members, size, bits)


def _chunks(narrow: list, wide: list, bits) -> tuple[list[Unit], list, list]:
    """Shared loads of one base, guard and qualifiers, 4 and 8 bytes wide (two groups of ``predict``,
    which close together), at least three of whose words lie in one 16-byte chunk that the base's
    known bits place, one of each width among them: one LDS.128 of the chunk, as ptxas makes it
    (``+4`` and a ``v2`` at ``+8``, a ``v2`` at ``+0`` and ``+12``, ``+0, +4`` and a ``v2`` at ``+8``:
    docs/SASS_COUNTS.md, 3). Returns (those units, the 4-byte and the 8-byte loads left to ``_cut``).
    Not in a loop modelled as unrolled, nor where a word is loaded twice (the reuse rule's)."""
    b = (K, 0) if bits is None else narrow[0].known or bits.base(narrow[0].base)
    if narrow[0].space != "shared" or b[0] < 4:
        return [], narrow, wide
    by: dict = {}
    for a in narrow + wide:
        by.setdefault((b[1] + a.offset) // 16, []).append(a)
    out, taken = [], set()
    for ms in by.values():
        words = [w for a in ms for w in range(a.offset // 4, (a.offset + a.size) // 4)]
        if (len({a.size for a in ms}) < 2 or len(set(words)) < 3 or len(set(words)) < len(words)
                or any(a.it is not None for a in ms) or len({a.var for a in ms}) > 1):
            continue
        ms = sorted(ms, key=lambda a: a.offset)
        lo = ms[0].offset - (b[1] + ms[0].offset) % 16
        out.append(Unit(tuple(a.pc for a in ms), 16, sass_key("shared", "ld", 16), min(a.line for a in ms), 4,
                        tuple(a.it for a in ms), tuple(a.offset for a in ms), start=lo,
                        sizes=tuple(a.size for a in ms)))
        taken.update(a.pc for a in ms)
    return out, [a for a in narrow if a.pc not in taken], [a for a in wide if a.pc not in taken]


def _cut_run(members: list, size: int, bits) -> list[Unit]:
    """``_cut`` of one run of a group."""
    out = []
    if members[0].kind == "ld":
        # a load of the very word an earlier load of the group read (one base register unchanged, one
        # offset, one guard, no store, atomic, barrier or fence of the space between: the group is still
        # open) is no SASS access: ptxas keeps the first load's register (SHOC Stencil2D's strip loop,
        # unrolled by 2 in the PTX: 6 of a pair's 18 loads, FIDELITY.md "a third unseen suite").
        # Only outside loops modelled as unrolled, whose iterations' parts _assign sets apart.
        # Its ``after``: that first load, so that the if regions between them count as crossed (_crossed):
        # PyTorch3D's coarse rasteriser reads one bit-mask word four times round three `if (bit) store` regions.
        seen, kept = {}, []
        for a in sorted(members, key=lambda a: a.pc):
            if a.it is None and a.offset in seen:
                out.append(Unit((a.pc,), size, None, a.line, size, (None,), (a.offset,), reused=True,
                                after=seen[a.offset]))
            else:
                seen[a.offset] = a.pc
                kept.append(a)
        members = kept
    members = sorted(members, key=lambda a: (a.offset, a.it or 0, a.pc))
    b = (K, 0) if bits is None else members[0].known or bits.base(members[0].base)
    i = 0
    while i < len(members):
        a = members[i]
        done = False
        # three of a 16-byte aligned chunk's four words: one 16-byte load of the chunk (ptxas widens
        # down to the chunk's start, or up to its end, reading a word nobody asked for); of 2-byte shared
        # loads, three of an 8-byte aligned chunk's four halfwords: one LDS.64 of the chunk
        C = _chunk_bytes(size)
        lo = a.offset - (b[1] + a.offset) % C if C else a.offset
        chunk = members[i:i + 4]
        chunk = chunk[:next((j for j, m in enumerate(chunk) if m.offset >= lo + C), len(chunk))]
        if (a.kind == "ld" and C and (size == 4 or a.space == "shared") and b[0] >= C.bit_length() - 1
                and len(chunk) == 3 and len({m.offset for m in chunk}) == 3 and len({m.var for m in chunk}) == 1):
            out.append(Unit(tuple(m.pc for m in chunk), C, sass_key(a.space, a.kind, C),
                            min(m.line for m in chunk), size, tuple(m.it for m in chunk),
                            tuple(m.offset for m in chunk), start=lo))
            i += 3
            continue
        for w in _widths(size):
            need = w // size
            if need < 2 or i + need > len(members):
                continue
            run = members[i:i + need]
            if [m.offset for m in run] != [a.offset + j * size for j in range(need)]:
                continue
            if b[0] < w.bit_length() - 1 or (b[1] + a.offset) % w:
                continue
            out.append(Unit(tuple(m.pc for m in run), w, sass_key(a.space, a.kind, w),
                            min(m.line for m in run), size, tuple(m.it for m in run),
                            tuple(m.offset for m in run)))
            i += need
            done = True
            break
        if not done:
            out.append(Unit((a.pc,), size, sass_key(a.space, a.kind, size), a.line, size, (a.it,), (a.offset,)))
            i += 1
    return out


def _stream(fn, n_entry: int, unrolled: list):
    """The entry's pcs in the order ptxas sees them: (pc, iteration, loop), with the body of each
    loop in ``unrolled`` repeated once per trip (its back-edge branch gone)."""
    starts = {L.start: L for L in unrolled}
    pc = 0
    while pc < n_entry:
        L = starts.get(pc)
        if L is None:
            yield pc, None, None
            pc += 1
            continue
        for j in range(L.trips):
            for q in range(L.start, L.end):
                yield q, j, L
        pc = L.end + 1


def predict(fn, n_entry: int, sym_align: dict | None, unrolled: list = (), spans=(),
            chunk_sym: dict | None = None, placed: dict | None = None, hoists=(), induction: bool = False) -> list[Unit]:
    """Every SASS memory access (LDS/STS/LDG/STG and the silent ``ld.const``) the entry's PTX
    (pcs below ``n_entry``) becomes, by the merge rule in the module docstring
    (``sym_align`` None: whatever the alignment, i.e. what could merge at all), with the loops
    in ``unrolled`` (``find_loops``) unrolled fully, as ptxas does with a short counted loop,
    and the ``(branch, target)`` regions in ``spans`` (``if_regions``) if-converted: groups stay
    open across them, the region's own accesses keyed apart (as if guarded by the branch's
    predicate), its stores, fences and register writes still closing what they may touch.
    ``chunk_sym``: the shared variables' alignment for the chunk rule of 4- and 8-byte loads (``_chunks``)
    where it knows more than ``sym_align`` (the module's ``extern`` arrays). ``placed``: the static shared
    variables' offsets (``Shared.placed``, which it defaults to): their accesses are of one base, ``WINDOW``.
    ``hoists``: conditional forward branches (``hoist_candidates``) above which ptxas reads the unguarded shared
    loads that follow them with those before: their groups stay open into the fall-through, the others close.
    ``induction``: registers a loop advances by a constant known by their alignment only (``_Bits``), as ptxas
    knows them in a loop it keeps (``_induction``)."""
    if placed is None:
        placed = getattr(sym_align, "placed", {})
    bits = _bits_of(fn, sym_align, induction) if sym_align is not None else None
    narrowed = low_word_loads(fn, n_entry)
    cbits: list = []                        # _Bits of chunk_sym, made when a chunk first needs them
    block = _blocks(fn, n_entry, spans)
    region = {pc: b for b, t in spans for pc in range(b + 1, t)}
    units: list[Unit] = []
    open_groups: dict = {}                  # key -> [Access]

    def close(pred=lambda key: True):
        keys = [k for k in open_groups if pred(k)]
        for key in keys:
            if key not in open_groups:
                continue
            members = open_groups.pop(key)
            other = (*key[:4], 12 - key[4], key[5])
            if key[0] == "ld" and key[4] in (4, 8) and other in keys and other in open_groups:
                # 4- and 8-byte loads of one base filling three words of a chunk (_chunks)
                narrow, wide = (members, open_groups[other]) if key[4] == 4 else (open_groups[other], members)
                if bits is not None and chunk_sym is not None and not cbits:
                    cbits.append(_bits_of(fn, chunk_sym, induction))
                chunked, narrow, wide = _chunks(narrow, wide, cbits[0] if cbits else bits)
                units.extend(chunked)
                members, open_groups[other] = (narrow, wide) if key[4] == 4 else (wide, narrow)
                if not open_groups[other]:
                    del open_groups[other]
            if members:
                hb = bits
                if bits is not None and chunk_sym is not None and len({block[a.pc] for a in members}) > 1:
                    # a group kept open above hoisted branches (``hoists``): its base's alignment as the module
                    # declares it (an ``extern`` array's), as for the chunk rule; the cubin decides (``_hoisted``)
                    if not cbits:
                        cbits.append(_bits_of(fn, chunk_sym, induction))
                    hb = cbits[0]
                units.extend(_cut(members, key[4], hb))

    entry_bits: dict = {}                   # (loop start, register) -> known bits on entry
    cur_block = 0
    for pc, it, loop in _stream(fn, n_entry, unrolled):
        ins = fn.instrs[pc]
        if block[pc] != cur_block:
            if pc - 1 in hoists and block[pc - 1] == cur_block:
                close(lambda k: not _hoistable(k))
            else:
                close()
            cur_block = block[pc]
        acc = _access(pc, ins)
        if acc is not None and acc.size == 8 and pc in narrowed:
            acc.size = 4                    # only its low word is read: ptxas loads 4 bytes (low_word_loads)
        if acc is not None and acc.space == "shared" and acc.base in placed:
            acc.base, acc.offset, acc.var = WINDOW, placed[acc.base] + acc.offset, acc.base
        if acc is not None and loop is not None and acc.base in loop.steps:
            # an induction register: one base for every iteration, the steps in the offset
            step, at = loop.steps[acc.base]
            acc.it = it
            acc.offset += step * (it + (at < pc))
            if bits is not None:
                key = (loop.start, acc.base)
                if key not in entry_bits:
                    e = loop.entry.get(acc.base)
                    entry_bits[key] = (bits._transfer(e) if e is not None else None) or bits.base(acc.base)
                acc.known = entry_bits[key]
        elif acc is not None and loop is not None:
            acc.it = it
        if acc is not None and pc in region:
            # a load, in a region ptxas predicates, of the very word a load before the region read (its group still
            # open: nothing between wrote the base or stored to the space): ptxas keeps that load's register, as
            # the reuse rule within a group (MNN's layer norms read `s_variance` once, then again in each
            # `if (gamma && beta)` the unrolled loop guards, 5 PTX loads for ptxas's 1 LDS)
            outer = open_groups.get((acc.kind, acc.space, acc.base, acc.guard, acc.size, acc.quals), ())
            first = next((m for m in outer if m.offset == acc.offset and m.it is None), None)
            if acc.kind == "ld" and acc.space == "shared" and acc.it is None and _mergeable(acc) and first:
                units.append(Unit((pc,), acc.size, None, acc.line, acc.size, (None,), (acc.offset,), reused=True,
                                  after=first.pc))
                acc = None                  # no access of its own; the register it writes closes groups below
            else:
                acc.guard = ("@region", region[pc], acc.guard)     # never in a group with those outside
        if acc is not None and acc.space not in ("param", "local"):
            if _mergeable(acc):
                key = (acc.kind, acc.space, acc.base, acc.guard, acc.size, acc.quals)
                # anything else touching this space ends the groups it could alias
                if acc.kind == "st":
                    close(lambda k: k[1] == acc.space and k != key)
                else:
                    close(lambda k: k[1] == acc.space and k[0] == "st")
                open_groups.setdefault(key, []).append(acc)
            else:
                sp = acc.space
                if acc.kind == "st":
                    close(lambda k: sp in ("generic", k[1]))
                else:
                    close(lambda k: k[0] == "st" and sp in ("generic", k[1]))
                units.append(Unit((pc,), acc.size, sass_key(acc.space, acc.kind, acc.size), acc.line, acc.size,
                                  (acc.it,), (acc.offset,)))
        elif ins.op in ("atom", "red", "cp", "ldmatrix", "stmatrix", "cp.async"):
            sp = "global" if "global" in ins.mods else ("shared" if any(m.startswith("shared") for m in ins.mods)
                                                        else "generic")
            if ins.op == "ldmatrix":
                close(lambda k: k[1] == "shared" and k[0] == "st")
            else:
                close(lambda k: sp in ("generic", k[1]) or ins.op == "cp")
        elif ins.op in _FENCES:
            close()
        w = _writes(ins)
        if w and loop is not None:
            w -= set(loop.steps)            # its accesses' offsets carry the steps (above)
        if w:
            close(lambda k: k[2] in w or k[3][0] in w)
    close()
    return _dominated_nc_reloads(fn, n_entry, units)


def _dominators(fn, n: int) -> tuple[list[int], list[int]]:
    """(block of each pc, each block's dominators as a bit set) of the entry's control flow (``_blocks``' blocks,
    edges from branches, fall-throughs and guarded returns)."""
    block = _blocks(fn, n)
    nb = block[-1] + 1 if block else 0
    last = {block[pc]: pc for pc in range(n)}
    succ: list[set] = [set() for _ in range(nb)]
    for b, pc in last.items():
        ins = fn.instrs[pc]
        ends = ins.op in ("ret", "exit", "trap") or (ins.op == "bra" and 0 <= ins.target < n)
        if ins.op == "bra" and 0 <= ins.target < n:
            succ[b].add(block[ins.target])
        if (not ends or ins.guard) and pc + 1 < n:
            succ[b].add(block[pc + 1])
    pred: list[set] = [set() for _ in range(nb)]
    for b, ss in enumerate(succ):
        for t in ss:
            pred[t].add(b)
    every = (1 << nb) - 1
    dom = [every] * nb
    if nb:
        dom[0] = 1
    changed = True
    while changed:
        changed = False
        for b in range(1, nb):
            d = every
            for q in pred[b]:
                d &= dom[q]
            d = (d if pred[b] else 0) | (1 << b)
            if d != dom[b]:
                dom[b], changed = d, True
    return block, dom


def _dominated_nc_reloads(fn, n_entry: int, units: list) -> list:
    """Reuse rule across blocks, for read-only loads: an unguarded ``ld.global.nc`` of the address an earlier unguarded
    one of the same width read, from one base register written once, in a block the earlier one's dominates, is no
    SASS access: the memory cannot change during the kernel, so ptxas keeps the first load's register
    (CuMCubes' count_vertices_faces_kernel: ``density_grid[x][y][z]`` read at the top and again for the face mask,
    one LDG where the PTX has two; fidelity-2026-12-07-unseen241.json). An atomic or store between does not matter
    (.nc memory is no atomic's). The cubin decides, as for every line."""
    cands = []
    for u in units:
        if len(u.pcs) != 1 or u.reused or u.key is None or (u.its and u.its[0] is not None):
            continue
        acc = _access(u.pcs[0], fn.instrs[u.pcs[0]])
        if acc is None or acc.kind != "ld" or acc.space != "global" or "nc" not in acc.quals or acc.guard[0]:
            continue
        cands.append((u, (acc.base, acc.offset, acc.size, acc.quals)))
    keys = Counter(k for _, k in cands)
    if not any(c > 1 for c in keys.values()):
        return units
    once = _only_defs(fn, n_entry)
    block, dom = _dominators(fn, n_entry)
    first: dict = {}
    swap = {}
    for u, k in sorted(cands, key=lambda c: c[0].pcs[0]):
        if keys[k] < 2 or k[0] not in once:
            continue
        pc = u.pcs[0]
        earlier = next((q for q in first.get(k, ()) if dom[block[pc]] >> block[q] & 1), None)
        if earlier is not None:
            swap[id(u)] = Unit((pc,), u.size, None, u.line, u.size, (None,), u.offs, reused=True)
        else:
            first.setdefault(k, []).append(pc)
    return [swap.get(id(u), u) for u in units] if swap else units


# ------------------------------------------------------------------ loops ptxas unrolls fully
_CMP = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "lt": lambda a, b: a < b,
        "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b,
        "lo": lambda a, b: a < b, "ls": lambda a, b: a <= b, "hi": lambda a, b: a > b,
        "hs": lambda a, b: a >= b}
MAX_TRIPS = 64                           # a longer loop is not modelled as unrolled


@dataclass
class Loop:
    """A one-block counted loop (``start``..``end``, ``end`` its back-edge branch) that runs
    ``trips`` times whatever the data: ptxas may unroll it fully and then merge accesses of
    different iterations. ``steps``: register -> (step, pc of its one ``add`` in the body) for
    every register the body only advances by a constant (the counter among them); ``entry``:
    register -> the instruction that sets it before the loop (its value on entry)."""
    start: int
    end: int
    trips: int
    counter: str
    init: int
    steps: dict
    entry: dict


def _int_type(ins):
    t = next((m for m in ins.mods if m[:1] in "usb" and m[1:].isdigit()), None)
    return (t[0] == "s", int(t[1:])) if t else None


def _wrap(v: int, signed: bool, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def _only_defs(fn, n_entry: int) -> dict:
    """register -> its one definition in the entry, for the registers written exactly once
    (unguarded): such a register holds that value wherever it is read."""
    seen: dict = {}
    for ins in fn.instrs[:n_entry]:
        for r in _writes(ins):
            seen[r] = None if r in seen or ins.guard else ins
    return {r: ins for r, ins in seen.items() if ins is not None}


def _mov_const(ins, only_def: dict, depth: int = 8):
    """The constant a ``mov`` sets: its immediate, or through a copy of a register written once by
    such a ``mov`` (NVRTC 13.0 writes ``mov.u32 %r15, 0`` before an outer loop and ``mov.u32 %r37,
    %r15`` before each run of the inner one); None when it is no constant."""
    while ins is not None and ins.op == "mov" and len(ins.args) >= 2 and depth:
        a = ins.args[1]
        if a.kind == "imm":
            return int(a.value)
        if a.kind != "reg":
            return None
        ins, depth = only_def.get(a.name), depth - 1
    return None


def one_block_loops(fn, n_entry: int) -> list[tuple[int, int]]:
    """``(start, end)`` of the entry's one-block loops: a guarded back edge at ``end`` is the only
    branch to ``start``, nothing branches into the body and nothing in it ends a block. Shared by
    find_loops and emu/counters/remainder_loop.py."""
    ins_ = fn.instrs[:n_entry]
    targets = Counter(ins.target for ins in ins_ if ins.op in ("bra", "brx"))
    out = []
    for end, br in enumerate(ins_):
        s = br.target
        if br.op != "bra" or not br.guard or not isinstance(s, int) or not 0 <= s <= end or targets[s] != 1:
            continue
        if any(i.op in _BLOCK_END for i in ins_[s:end]) or any(targets[pc] for pc in range(s + 1, end + 1)):
            continue
        out.append((s, end))
    return out


def find_loops(fn, n_entry: int, max_trips: int | None = None) -> list[Loop]:
    """The entry's one-block loops with a constant trip count (a counter set by ``mov`` of an
    immediate, or of a register only ever set to one, just before the loop, advanced by an
    immediate, compared with an immediate), of fewer than ``max_trips`` trips (``MAX_TRIPS`` by default;
    unrolled_copy.py asks for longer copy loops)."""
    max_trips = MAX_TRIPS if max_trips is None else max_trips
    targets = Counter(ins.target for ins in fn.instrs[:n_entry] if ins.op in ("bra", "brx"))  # (the entry's search)
    only_def = _only_defs(fn, n_entry)
    out = []
    for s, end in one_block_loops(fn, n_entry):
        br = fn.instrs[end]
        body = fn.instrs[s:end]
        if not 0 < s < end or any((i.op in ("bar", "barrier") and "warp" not in i.mods) or i.func for i in body):
            continue
        defs: dict = {}
        for pc in range(s, end):
            for r in _writes(fn.instrs[pc]):
                defs.setdefault(r, []).append(pc)
        steps = {}
        for r, pcs in defs.items():
            ins = fn.instrs[pcs[0]]
            a = ins.args
            if (len(pcs) == 1 and ins.op in ("add", "sub") and not ins.guard and len(a) == 3 and not _is_float(ins)
                    and a[1].kind == "reg" and a[1].name == r and a[2].kind == "imm"):
                steps[r] = ((1 if ins.op == "add" else -1) * int(a[2].value), pcs[0])
        # the predicate the back edge tests, set once in the body by a compare of a counter with an immediate
        sp = defs.get(br.guard, [])
        if len(sp) != 1 or fn.instrs[sp[0]].op != "setp":
            continue
        cmp_ins = fn.instrs[sp[0]]
        ca = cmp_ins.args
        if len(ca) != 3 or ca[1].kind != "reg" or ca[2].kind != "imm" or ca[1].name not in steps:
            continue
        typ = _int_type(cmp_ins)
        op = next((m for m in cmp_ins.mods if m in _CMP), None)
        if typ is None or op is None or cmp_ins.guard:
            continue
        counter = ca[1].name
        # what each register holds on entry: its last definition before the loop, in the block
        # that falls into it (no branch target between)
        entry = {}
        for pc in range(s - 1, -1, -1):
            ins = fn.instrs[pc]
            if ins.op in _BLOCK_END or ins.func:
                break
            for r in _writes(ins):
                if r in steps and r not in entry and not ins.guard:
                    entry[r] = ins
            if targets[pc]:
                break
        init = _mov_const(entry.get(counter), only_def)
        if init is None:
            continue
        signed, bits = typ
        step, add_pc = steps[counter]
        v, trips = init, 0
        while trips < max_trips:
            trips += 1
            seen = _wrap(v + step if add_pc < sp[0] else v, signed, bits)
            again = _CMP[op](seen, _wrap(int(ca[2].value), signed, bits))
            if again == br.guard_neg:
                break
            v += step
        else:
            continue
        if trips >= 2:
            out.append(Loop(s, end, trips, counter, init, steps, entry))
    return out


# ------------------------------------------------------------------ the plan
WIDE, PART, SILENT = "wide", "part", "silent"


@dataclass
class CountPlan:
    """How the machine counts each PTX memory instruction in ``counts="sass"`` mode.

    ``action[pc]`` is (WIDE, nbytes, delta): the first member of a merged group in program
    order; count its requests as one access of ``nbytes`` per lane at its address + ``delta``
    (the group's lowest offset); (PART, leader): merged into the leader's access, count
    nothing; (SILENT,): no LDS/STS/LDG/STG in the SASS (``ld.const``), count nothing. Other
    pcs count as in the PTX. ``lines`` says per (file, line) how it is counted ("sass" or
    "ptx") and ``notes`` why.
    """
    mode: str = "sass"
    arch: str = DEFAULT_ARCH
    reason: str = ""
    action: dict = field(default_factory=dict)
    lines: dict = field(default_factory=dict)
    notes: dict = field(default_factory=dict)
    copies: dict = field(default_factory=dict)     # (file, line) -> its SASS mix, for the "ptx" lines whose
                                                   # accesses ptxas only copied (emu/counters/sass_replay.py)
    idle: dict = field(default_factory=dict)       # (file, line) -> the SASS keys of ``copies`` wider than the
                                                   # PTX's, which must not run for the line to be decided
    pools: dict = field(default_factory=dict)      # SASS family -> the "ptx" lines it is decided on over the
                                                   # whole kernel (``_pools``; emu/counters/sass_replay.py)
    pool_fams: dict = field(default_factory=dict)  # (file, line) of a pool -> every family its PTX or SASS holds
    pairs: dict = field(default_factory=dict)      # (file, line) of ``copies`` -> the pcs of its shared loads ptxas
                                                   # reads in pairs (emu/counters/pairs.py), counted so
    pool_copies: dict = field(default_factory=dict)  # a pool's family whose SASS accesses are copies of the PTX's
                                                     # (one width): family -> (its key, SASS count, PTX count)
    pool_merged: dict = field(default_factory=dict)  # a pool's family with groups the model merged -> how many
    pool_skip: dict = field(default_factory=dict)    # a pool's family -> the ``copies`` lines left out of it (their
                                                     # own replay decides them; the pool is the other lines')
    moved: dict = field(default_factory=dict)      # (file, line) of a pool -> the pcs planned the model's way there
                                                   # (a merged group ptxas moved to another line, and the line's
                                                   # families that agree with its SASS), back to the PTX's counts
                                                   # where the replay does not decide the line (sass_replay.unpair)
    agreed: dict = field(default_factory=dict)     # (file, line) of a pool -> its other families, whose SASS keys on
                                                   # the line are the model's (decided by the check itself)
    mixed: dict = field(default_factory=dict)      # (file, line) of ``copies`` with a family of several widths ->
                                                   # {pc: its SASS key}: the replay compares each width apart
    dead: dict = field(default_factory=dict)       # (file, line) of ``copies`` -> its global loads whose values no
                                                   # later trip reads (counters/deadload.py): the replay may run fewer
    copy_accesses: dict = field(default_factory=dict)  # pc in a copy loop ptxas unrolled fully (unrolled_copy.py) ->
                                                       # the SASS accesses it leads over the trips (ifconvert's lineless)

    @property
    def active(self) -> bool:
        return self.mode == "sass" and bool(self.action)


def _mix_text(mix) -> str:
    return ", ".join(f"{k}×{v}" for k, v in sorted(mix.items())) or _msg("counts.none")


def _merge_note(units: list[Unit], fn) -> str:
    parts = Counter()
    for u in units:
        if len(u.pcs) > 1:
            kind = "loads" if fn.instrs[u.pcs[0]].op == "ld" else "stores"
            parts[(len(u.pcs), kind, u.key)] += 1
    return _msg("counts.sep").join(_msg(f"counts.merged_{kind}", n=n, sass=key)
                                   + (_msg("counts.times", c=c) if c > 1 else "")
                                   for (n, kind, key), c in sorted(parts.items()))


def build_plan(kernel, fn, files: dict, arch: str = DEFAULT_ARCH) -> CountPlan:
    """Model the entry's PTX, check it per line against the cubin of that PTX, and plan."""
    n_entry = next((i for i, ins in enumerate(fn.instrs) if ins.func), len(fn.instrs))
    module_vars = parsed(kernel.program.ptx).globals
    where = lambda ins: (files.get(ins.file, "<ptx>"), ins.line)  # noqa: E731
    if not _worth_checking(fn, n_entry, module_vars):
        # nothing ptxas could merge as far as the model can see and no __constant__ load: every
        # line counts as in the PTX, and no cubin is built for the check (nvdisasm takes ~0.5 s),
        # unless a loop-invariant shared load may have been read before its loop (hoisted.py)
        plan = CountPlan(mode="sass", arch=arch)
        try:
            _hoist(plan, fn, n_entry, lambda: sass_listing(entry_sass(kernel.program.sass(arch), kernel.entry),
                                                           kernel.program.filename), where)
        except Exception:               # no cubin (ptxas refused, no nvdisasm): the PTX's counts
            plan.action.clear()
        return plan
    try:
        cub = sass_memory_mix(kernel.program, arch, entry=kernel.entry)
    except Exception as e:               # ptxas refused the PTX, or no nvJitLink / nvdisasm
        msg = str(e).strip().splitlines()[0][:160] if str(e).strip() else type(e).__name__
        return CountPlan(mode="ptx", arch=arch, reason=_msg("counts.no_cubin", arch=arch, why=msg))
    # ptxas places static shared variables itself only when it sees the whole program (assemble.py)
    assembled = kernel.program.assembled(arch)
    whole = assembled.whole_program
    # where ptxas placed the static shared variables, where the cubin confirms the emulator's layout
    placed = placement(fn, module_vars, assembled.cubin, kernel.entry, arch) if whole else {}
    sym = Shared(_sym_align(fn, whole), placed)
    # the module's shared arrays (an extern one's declared alignment) for the chunk rule alone (_chunks)
    chunk_sym = Shared(_sym_align(fn, whole, module_vars), placed)
    unrolled = _unrolled(fn, n_entry, sym, cub, where)
    if set(chunk_sym) - set(sym):
        # the module's extern shared arrays at their declared alignment (NVRTC's .align 16) for every rule, where that
        # makes more of the entry's lines agree with the cubin: cuflash-attn's unrolled row loops over a dynamic
        # shared tile, whose LDS.128 come from the extern array's 16 bytes (llm.c's softmax agrees better without)
        ext_unrolled = _unrolled(fn, n_entry, chunk_sym, cub, where)
        every = {where(fn.instrs[pc]) for pc in range(n_entry) if _access(pc, fn.instrs[pc]) is not None}
        if _agreeing(predict(fn, n_entry, chunk_sym, ext_unrolled, chunk_sym=chunk_sym), every, cub, fn, where) > \
                _agreeing(predict(fn, n_entry, sym, unrolled, chunk_sym=chunk_sym), every, cub, fn, where):
            sym, unrolled = chunk_sym, ext_unrolled
    addresses = lambda: sass_memory_addresses(kernel.program, arch, entry=kernel.entry)  # noqa: E731
    spans = _spanned(fn, n_entry, sym, cub, where, unrolled, addresses)
    hoists = _hoisted(fn, n_entry, sym, cub, where, unrolled, spans, addresses, chunk_sym)
    if set(chunk_sym) - set(sym) and sym is not chunk_sym:
        # the same choice once more with the if regions and hoisted branches each takes: a loop NVVM unrolled by 4
        # around an `if` (GE-SpMM's `offset = sh[..kk] + cid; if (nout > 0) acc += B[offset];`) keeps its four
        # reads of the extern array apart with branches, which ptxas predicates and reads as one LDS.128, only
        # at the array's declared 16 bytes; without the regions neither alignment makes the line agree
        # (ext_unrolled and every: the choice above, which ran since chunk_sym has arrays sym lacks)
        ext_spans = _spanned(fn, n_entry, chunk_sym, cub, where, ext_unrolled, addresses,
                             lambda sp: (_hoisted(fn, n_entry, chunk_sym, cub, where, ext_unrolled, sp, addresses,
                                                  chunk_sym), chunk_sym))
        if ext_spans:
            ext_hoists = _hoisted(fn, n_entry, chunk_sym, cub, where, ext_unrolled, ext_spans, addresses, chunk_sym)
            if _agreeing(predict(fn, n_entry, chunk_sym, ext_unrolled, ext_spans, chunk_sym, hoists=ext_hoists),
                         every, cub, fn, where) > \
                    _agreeing(predict(fn, n_entry, sym, unrolled, spans, chunk_sym, hoists=hoists),
                              every, cub, fn, where):
                sym, unrolled, spans, hoists = chunk_sym, ext_unrolled, ext_spans, ext_hoists
    units = predict(fn, n_entry, sym, unrolled, spans, chunk_sym, hoists=hoists)
    base_units = list(units)
    # a function pointer read from a table in global memory (cuSignal's comparators, called indirectly): ptxas may
    # load the low 4 bytes of the PTX's 8 (an sm_90 code address, which CALL can take from one register). The same
    # request, and the 8-byte word being aligned, the same sector: where the cubin's line holds the narrow load, the
    # unit keeps the PTX's count and takes the cubin's key
    # a shared store a guarded store of the same address overwrites up to a join: ptxas stores once, after the
    # join, for S1's lanes at S1's addresses (overwritten.py); taken where the cubin has one STS less per pair
    over = overwritten_stores(fn, n_entry, _writes)
    if over:
        sts = lambda k: bool(k) and k.split(".")[0] == "STS"  # noqa: E731
        model = sum(1 for u in units if sts(u.key))
        have_sts = sum(n for mix in cub.values() for k, n in mix.items() if sts(k))
        # S2's units: one store, or stores the merge model makes one STS.n whose S1s it makes one STS.n too
        # (s[4t+0..3] = 0.0, then s[4t+0..3] = x[j]... under a guard: two STS.128 after the join, not four)
        s1_units = {tuple(sorted(u.pcs)): u.key for u in units}
        gone = {id(u) for u in units if all(pc in over for pc in u.pcs) and
                (len(u.pcs) == 1 or s1_units.get(tuple(sorted(over[pc] for pc in u.pcs))) == u.key)}
        covered = sum(len(u.pcs) for u in units if id(u) in gone)
        if covered == len(over) and have_sts == model - len(gone):
            units = [u for u in units if id(u) not in gone]
        else:
            over = {}
    narrowable = {id(u) for u in units if len(u.pcs) == 1 and u.key == sass_key("global", "ld", 8)
                  and _call_target_only(fn, n_entry, u.pcs[0])}
    crossed = {id(u): n for u in units if (n := len(_crossed(u, spans)))}
    # lines that one merged access spans are checked together (ptxas gives it one of their lines)
    parent: dict = {}

    def root(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    by_line: dict = {}
    for u in units:
        w = where(fn.instrs[u.pcs[0]]) if len(u.pcs) == 1 else (files.get(u.line[0], "<ptx>"), u.line[1])
        by_line.setdefault(w, []).append(u)
        for pc in u.pcs:
            parent[root(where(fn.instrs[pc]))] = root(w)
    for z, w in _line0_orphans(fn, n_entry, by_line, cub, where):
        parent[root(w)] = root(z)
    groups: dict = {}
    for w in list(parent):
        groups.setdefault(root(w), []).append(w)
    plan = CountPlan(mode="sass", arch=arch)
    lazy8: dict = {}                        # what the pairs rule reads, made once where a line needs it
    inductive: set = set()                  # lines decided with the induction registers known by alignment
    dead = dead_loads(fn, n_entry, one_block_loops(fn, n_entry), _writes)
    left: dict = {}                         # a line left to the PTX -> (its units, the cubin's keys there)
    for lines in groups.values():
        lines.sort(key=lambda w: w[1])
        us = [u for w in lines for u in by_line.get(w, [])]
        predicted = Counter(u.key for u in us if u.key)
        have = Counter()
        for w in lines:
            have.update({k: v for k, v in cub.get(w, {}).items() if k.split(".")[0] in COMPARED})
        merged = any(len(u.pcs) > 1 for u in us)
        silent = [u for u in us if u.key is None and _is_const(fn.instrs[u.pcs[0]])]
        reused = [u for u in us if u.reused]
        copies = _copies(have, predicted)
        if not copies and any(id(u) in narrowable for u in us):
            narrow = sass_key("global", "ld", 4)
            alt = Counter(narrow if id(u) in narrowable else u.key for u in us if u.key)
            if _copies(have, alt):
                for u in us:
                    if id(u) in narrowable:
                        u.key = narrow
                predicted, copies = alt, _copies(have, alt)
        if not copies and any(len(u.pcs) > 1 for u in us):
            # (a line with nothing merged is left to the replay of the SASS's copies below: _copied)
            copies = _loop_copies(us, have, fn, n_entry)
        # a loop's global loads whose values no later trip reads: ptxas may run the loop without them, which no
        # count of the cubin's copies shows; only a replay of the SASS's control flow says how often they run
        gone = frozenset(pc for u in us for pc in u.pcs if pc in dead)
        if gone:
            copies = 0
            for w in lines:
                plan.dead[w] = gone
        these = _msg("counts.of_this_line") if len(lines) == 1 else \
            _msg("counts.of_lines", lines=", ".join(str(w[1]) for w in lines))
        # an ld.const is read through the constant cache (LDC or an operand), never an LDG, even on
        # a line whose other accesses the check cannot place (a rotated loop's line-0 PTX)
        for u in silent:
            plan.action[u.pcs[0]] = (SILENT,)
        if not copies and (got := _paired(fn, n_entry, lines, us, have, unrolled, spans, sym, where, lazy8,
                                          lambda: sass_memory_addresses(kernel.program, arch,
                                                                        entry=kernel.entry))) is not None:
            # ptxas reads the line's shared loads in pairs across an unrolled loop and its last trips: counted
            # so, and decided where a replay of the SASS runs each pair as often (sass_replay.apply_copies)
            _assign(plan.action, got, unrolled)
            plan.copies[lines[0]] = dict(have)
            plan.pairs[lines[0]] = frozenset(pc for u in got for pc in u.pcs)
            plan.lines[lines[0]] = "ptx"
            plan.notes[lines[0]] = _msg("counts.pairs", have=_mix_text(have), n=len(got))
            continue
        if not copies and (alt := _induction(fn, n_entry, lines, us, have, unrolled, spans, sym, chunk_sym, hoists,
                                             where, lazy8)) is not None:
            # ptxas kept a loop and knows its induction registers by their alignment only: the line's accesses
            # as the merge model cuts them so, which the cubin holds key for key
            ids = {id(u) for u in us}
            units[:] = [u for u in units if id(u) not in ids] + alt
            for w in lines:
                by_line[w] = [u for u in alt if _line_of(u, fn, files, where) == w]
            us = alt
            predicted = Counter(u.key for u in us if u.key)
            merged = True
            silent = [u for u in us if u.key is None and _is_const(fn.instrs[u.pcs[0]])]
            reused = [u for u in us if u.reused]
            copies = 1
            inductive.update(lines)
        if not copies:
            if (wider := _copied(us, have, predicted, reused)) is not None:
                plan.copies[lines[0]] = dict(have)
                if wider:
                    plan.idle[lines[0]] = wider
                if len({k.split(".")[0] for k in predicted}) < len(predicted):
                    plan.mixed[lines[0]] = {u.pcs[0]: u.key for u in us if u.key}
            left[tuple(lines)] = (us, have)
            for w in lines:
                plan.lines[w] = "ptx"
                plan.notes[w] = ((_msg("counts.not_modelled") if merged or silent else "") +
                                 _msg("counts.mismatch", have=_mix_text(have), these=these, predicted=_mix_text(predicted)))
            continue
        for w in lines:
            plan.lines[w] = "sass"
        _assign(plan.action, us, unrolled)
        for u in silent + reused:
            plan.action[u.pcs[0]] = (SILENT,)
        for w in lines:
            notes = []
            if any(len(u.pcs) > 1 for u in by_line.get(w, [])):
                notes.append(_merge_note(by_line[w], fn))
            n_wide = sum(1 for u in by_line.get(w, []) if u.asked < u.size)
            if n_wide:
                notes.append(_msg("counts.widened_loads", n=n_wide))
            n_const = sum(1 for u in silent if u in by_line.get(w, []))
            if n_const:
                notes.append(_msg("counts.const_loads", n=n_const))
            n_reused = sum(1 for u in reused if u in by_line.get(w, []))
            if n_reused:
                notes.append(_msg("counts.reused_loads", n=n_reused))
            trips = {L.trips for u in by_line.get(w, []) if len(u.pcs) > 1 and u.its[0] is not None
                     for L in unrolled if L.start <= u.pcs[0] < L.end}
            if notes and trips:
                notes.append(_msg("counts.unrolled_trips", trips=", ".join(map(str, sorted(trips)))))
            ifs = max((crossed.get(id(u), 0) for u in by_line.get(w, [])), default=0)
            if notes and ifs:
                notes.append(_msg("counts.across_ifs", n=ifs))
            if notes and copies > 1:
                notes.append(_msg("counts.repeats", copies=copies))
            if notes and w in inductive:
                notes.append(_msg("counts.induction_aligned"))
            if notes:
                plan.notes[w] = _msg("counts.sep").join(notes)
    _copy_loops(plan, fn, n_entry, base_units, units, left, sym, unrolled, spans, chunk_sym, hoists, cub, where)
    plan.pools = _pools(plan, units, cub, fn, where)
    for p2, p1 in over.items():
        # S2 counts nothing of its own: on a line counted the SASS way, or on one the replay of the kernel's STSs
        # decides (ptxas may put the one STS after the join on S2's line: the Coulomb tile's last store)
        w2 = where(fn.instrs[p2])
        if plan.lines.get(w2) == "sass" or w2 in plan.pools.get("STS", ()):
            plan.action[p2] = (PART, p1)
            plan.notes[w2] = _msg("counts.sep").join(
                x for x in (plan.notes.get(w2), _msg("counts.overwritten_store", line=fn.instrs[p1].line)) if x)
    _moved(plan, left, unrolled)
    for w in {w for ws in plan.pools.values() for w in ws}:
        plan.pool_fams[w] = frozenset({k.split(".")[0] for k in cub.get(w, {}) if k.split(".")[0] in COMPARED} |
                                      {u.key.split(".")[0] for u in units if u.key and where(fn.instrs[u.pcs[0]]) == w})
    # shared loads ptxas sank past the branch after them: counted for the lanes that fall through it
    listing = lambda: sass_listing(entry_sass(kernel.program.sass(arch), kernel.entry),  # noqa: E731
                                   kernel.program.filename)
    for pc, a in sunk_loads(fn, n_entry, listing, where, _writes).items():
        w = where(fn.instrs[pc])
        if plan.lines.get(w) == "sass" and pc not in plan.action:
            plan.action[pc] = a
            plan.notes[w] = _msg("counts.sep").join(x for x in (plan.notes.get(w), _msg("counts.sunk_load", line=a[3])) if x)
    _hoist(plan, fn, n_entry, listing, where)
    return plan


def orphan_lines(z: tuple, claimed: set, sass_lines) -> set:
    """The lines that stand for line 0 of ``z``'s file: NVVM gives an access it merged from several source lines (an
    if/else's two stores made one store of a selected value: CUDA-GECKO's ``kernel_filter_hits``, cuda-grep's
    ``parallelMatch``, ThunderSVM's SMO solvers) line 0, which no SASS instruction has; ptxas puts its instructions on
    a line of their own (the condition's). Those are the file's lines among ``sass_lines`` (where the cubin has such
    instructions) that hold no PTX access (``claimed``)."""
    return {w for w in sass_lines if w[0] == z[0] and w[1] and w not in claimed}


def _line0_orphans(fn, n_entry: int, by_line: dict, cub: dict, where) -> list:
    """(line 0, line) pairs the per-line check takes together (``orphan_lines``)."""
    zero = {w for w in by_line if w[1] == 0 and any(u.key for u in by_line[w])}
    if not zero:
        return []
    claimed = {where(fn.instrs[pc]) for pc in range(n_entry) if _access(pc, fn.instrs[pc]) is not None}
    mem = [w for w in cub if any(k.split(".")[0] in COMPARED for k in cub[w])]
    return [(z, w) for z in sorted(zero) for w in sorted(orphan_lines(z, claimed, mem))]


def _copy_loops(plan, fn, n_entry: int, base: list, units: list, left: dict, sym, unrolled: list, spans, chunk_sym,
                hoists, cub: dict, where) -> None:
    """Copy loops longer than ``MAX_TRIPS`` that ptxas unrolled fully (emu/counters/unrolled_copy.py): where the
    cubin proves it, the loop's lines, the lines ptxas moved its trips' accesses to and the line of a load whose
    bytes the copy reads again (dropped by ptxas) are decided together, their units planned the model's way with
    the loop unrolled (``units`` updated in place, for ``_pools``)."""
    loops = [L for L in copy_loops(fn, find_loops(fn, n_entry, MAX_COPY_TRIPS), _access, MAX_TRIPS)
             if not any(L.start == U.start for U in unrolled)]
    if not loops or not any(how == "ptx" for how in plan.lines.values()):
        return
    for L in loops:
        trial = predict(fn, n_entry, sym, unrolled + [L], spans, chunk_sym, hoists=hoists)
        got = decide_copy(fn, L, base, units, trial, redundant_loads(fn, L, _writes, _access), cub, where, COMPARED)
        if got is None:
            continue
        new, lines, dropped = got
        if not any(plan.lines.get(w) == "ptx" for w in lines):
            continue
        units[:] = [Unit((pc,), u.size, None, u.line, u.size, (None,), u.offs, reused=True) if
                    (len(u.pcs) == 1 and (pc := u.pcs[0]) in dropped) else u
                    for u in units if not any(L.start <= pc < L.end for pc in u.pcs)] + \
            [u for u in new if any(L.start <= pc < L.end for pc in u.pcs)]
        mine = [u for u in units if _counted_on(u, fn, where) in lines and not u.reused]
        for key in [k for k in left if set(k) & set(lines)]:
            del left[key]
        for d in (plan.copies, plan.idle, plan.mixed, plan.pairs, plan.dead):
            for w in lines:
                d.pop(w, None)
        _assign(plan.action, mine, unrolled + [L])
        for u in units:                 # the dropped loads, and the lines' loads of a word read before
            if u.reused and _counted_on(u, fn, where) in lines:
                plan.action[u.pcs[0]] = (SILENT,)
        looped = [u for u in mine if L.start <= u.pcs[0] < L.end]
        for u in looped:
            order = sorted(range(len(u.pcs)), key=lambda i: (u.its[i] or 0, u.pcs[i]))
            for i in order:
                plan.copy_accesses.setdefault(u.pcs[i], 0)
            plan.copy_accesses[u.pcs[order[0]]] += 1
        placed = ", ".join(str(w[1]) for w in lines)
        for w in lines:
            plan.lines[w] = "sass"
            notes = []
            here = [u for u in mine if _counted_on(u, fn, where) == w]
            if any(len(u.pcs) > 1 for u in here):
                notes.append(_merge_note(here, fn))
            if any(u in looped for u in here):
                notes.append(_msg("counts.copy_loop", trips=L.trips, have=_mix_text(Counter(u.key for u in looped)),
                                  lines=placed))
            n_drop = sum(1 for pc in dropped if where(fn.instrs[pc]) == w)
            if n_drop:
                notes.append(_msg("counts.copy_loop_dropped", n=n_drop))
            if not notes:
                notes.append(_msg("counts.copy_loop_lines", lines=placed))
            plan.notes[w] = _msg("counts.sep").join(notes)
        unrolled = unrolled + [L]
        base = trial


def _hoist(plan, fn, n_entry: int, listing, where) -> None:
    """Shared loads ptxas read once before their loop (hoisted.py), on lines counted the SASS way (or not checked:
    the rule checks the line's one load against the SASS itself): counted once a warp each time it enters."""
    for pc, a in hoisted_loads(fn, n_entry, listing, where, _writes).items():
        w = where(fn.instrs[pc])
        if plan.lines.get(w, "sass") == "sass" and pc not in plan.action:
            plan.action[pc] = a
            plan.notes[w] = _msg("counts.sep").join(x for x in (plan.notes.get(w), _msg("counts.hoisted_load",
                                                                                          line=w[1])) if x)


def _call_target_only(fn, n_entry: int, pc: int) -> bool:
    """Whether the register a load at ``pc`` writes is read only as an indirect ``call``'s target (and written
    nowhere else in the entry)."""
    dst = fn.instrs[pc].args[0] if fn.instrs[pc].args else None
    if dst is None or dst.kind != "reg":
        return False
    called = False
    for q in range(n_entry):
        if q == pc:
            continue
        ins = fn.instrs[q]
        for j, a in enumerate(ins.args):
            names = [a.name] if a.kind in ("reg", "mem") else \
                [getattr(it, "name", None) for it in getattr(a, "items", ())] if a.kind == "vec" else []
            if dst.name not in names:
                continue
            if ins.op == "call" and j == 1 and a.kind == "reg":
                called = True
            else:
                return False
    return called


def _pools(plan, units: list, cub: dict, fn, where) -> dict:
    """The families whose accesses ptxas only moved between lines: ``{family: the "ptx" lines that hold it}``.

    A line left to the PTX whose count of one family differs from the model's may hold accesses
    another line's PTX has: NVVM gives some accesses no line (``.loc 1 0``; the emulator gives them
    the line of their first use), and ptxas the line of the instruction scheduled before them, so
    the two place them on different lines (Parboil's ``spmv_jds``: 11, 1 and none of the LDGs the
    PTX has 8, 3 and 1 of on lines 90, 101 and 120; spmm v1's As_value stores). Where, over the
    whole kernel, the cubin has exactly the model's accesses of that family, key for key, each
    one PTX access (nothing merged, widened or reused), every SASS access of it is one PTX access,
    wherever each was placed: a replay of the SASS's control flow over all of them decides the
    family's lines together, where the executions with a lane on equal the PTX's (sass_replay's
    ``apply_copies``). Families no such line needs are left out (their other lines may hold
    accesses the replay cannot follow)."""
    undecided = [w for w, how in plan.lines.items() if how == "ptx"]
    if not undecided:
        return {}
    fam = lambda k: k.split(".")[0]  # noqa: E731
    out = {}
    for F in COMPARED:
        mine = [u for u in units if u.key and fam(u.key) == F]
        need = []
        for w in undecided:
            ptx = sum(1 for u in mine if where(fn.instrs[u.pcs[0]]) == w)
            sass = sum(n for k, n in cub.get(w, {}).items() if fam(k) == F)
            if ptx != sass:
                need.append(w)
        if not need or any(u.reused or u.asked < u.size for u in mine):
            continue
        have = Counter()
        for mix in cub.values():
            have.update({k: n for k, n in mix.items() if fam(k) == F})
        ptx = Counter(u.key for u in mine)
        # lines whose accesses of the family ptxas only copied (a loop it unrolled, ``plan.copies``) have their own
        # replay: where the cubin differs from the model only there and by moves elsewhere, the pool is the other
        # lines', each of their SASS accesses one PTX access, the copies' lines left out on both sides
        skip = frozenset(w for w in plan.copies if w in need and not any(len(u.pcs) > 1 for u in mine))
        if have != ptx and skip and not any(len(u.pcs) > 1 for u in mine):
            rest_have = Counter()
            for w, mix in cub.items():
                if w not in skip:
                    rest_have.update({k: n for k, n in mix.items() if fam(k) == F})
            rest = [u for u in mine if where(fn.instrs[u.pcs[0]]) not in skip]
            if rest_have == Counter(u.key for u in rest) and any(w not in skip for w in need):
                plan.pool_skip[F] = skip
                need = [w for w in need if w not in skip]
                undecided_rest = [w for w in undecided if w not in skip]
                out[F] = tuple(sorted(w for w in undecided_rest if w in need or any(
                    where(fn.instrs[u.pcs[0]]) == w for u in rest) or any(fam(k) == F for k in cub.get(w, {}))))
                continue
        # a merged group is one SASS access as any other unit: only where the cubin holds the very units
        if any(len(u.pcs) > 1 for u in mine) and have != ptx:
            continue
        if any(len(u.pcs) > 1 for u in mine):
            plan.pool_merged[F] = sum(1 for u in mine if len(u.pcs) > 1)
        # the very accesses, or copies of them where the family has one width (a byte copy loop NVVM
        # left without a line, unrolled by ptxas with its remainder copies on the line before it)
        if have != ptx and not (len(ptx) == 1 and set(have) == set(ptx) and
                                any(fn.instrs[u.pcs[0]].line == 0 for u in mine)):
            continue
        if have != ptx:
            plan.pool_copies[F] = (next(iter(ptx)), sum(have.values()), sum(ptx.values()))
        out[F] = tuple(sorted(w for w in undecided if w in need or any(
            where(fn.instrs[pc]) == w for u in mine for pc in u.pcs) or any(fam(k) == F for k in cub.get(w, {}))))
    return out


def _moved(plan, left: dict, unrolled: list) -> None:
    """A pool's line (``_pools``) whose other families the cubin holds there key for key as the model
    does is decided by the replay of its pooled families alone: those families are ``agreed``. Its
    pooled families' merged groups and its agreed families' units are counted the model's way
    (``action``), as on a line the check decided; ``moved`` keeps their pcs, which go back to the
    PTX's counts where the replay does not decide the line (sass_replay.unpair). Tongkai's row
    softmax: NVVM reads ``s_max_val`` and ``s_sum`` with no line before the last loop (the emulator
    gives them line 79, their first use), ptxas merges them into one ``LDS.64`` placed on line 77, the
    instruction before it; line 79's ``LDG×5, STG×5`` are the model's."""
    fam = lambda k: k.split(".")[0]  # noqa: E731
    for group, (us, have) in left.items():
        # a group of lines the check compared together (a merged unit with members on several lines: CUDA_AES's
        # rkS[0..3], four loads NVVM gives lines 370 and 371, one LDS.128 ptxas places on the loop's line) is
        # planned as one line is, each of its lines agreed and moved alike
        pooled = {F for F, ws in plan.pools.items() if any(w in ws for w in group)}
        if not pooled or any(u.reused for u in us):
            continue
        predicted = Counter(u.key for u in us if u.key)
        others = {fam(k) for k in list(have) + list(predicted)} - pooled
        if any(Counter({k: n for k, n in have.items() if fam(k) == F}) !=
               Counter({k: n for k, n in predicted.items() if fam(k) == F}) for F in others):
            continue
        planned = [u for u in us if u.key and (fam(u.key) in others or len(u.pcs) > 1)]
        if not any(len(u.pcs) > 1 for u in planned):
            for w in group:
                plan.agreed[w] = frozenset(others)
            continue
        _assign(plan.action, planned, unrolled)
        for w in group:
            plan.moved[w] = frozenset(pc for u in planned for pc in u.pcs)
            plan.agreed[w] = frozenset(others)


def _assign(action: dict, us: list, unrolled: list) -> None:
    """The machine's actions for the units of one checked line group: the first member of a merged
    unit in program order counts the wide access (from the unit's lowest offset), the others
    nothing. In a loop modelled as unrolled a pc's part can differ from one iteration to the next
    (the first of two iterations leads, the second is inside it): then its action is
    ("iter", counter, init, step, after, parts), parts[j] the action of iteration j (None: as in
    the PTX), j read from the loop counter's value when it runs (``resolve``)."""
    parts: dict = {}                     # pc -> {iteration: action or None}
    for u in us:
        order = sorted(range(len(u.pcs)), key=lambda i: (u.its[i] or 0, u.pcs[i]) if u.its else u.pcs[i])
        li = order[0]
        lead = u.pcs[li]
        it = u.its[li] if u.its else None
        if len(u.pcs) == 1:
            parts.setdefault(lead, {}).setdefault(it, None)
            continue
        parts.setdefault(lead, {})[it] = (WIDE, u.size, (u.at - u.offs[li]) if u.offs else 0)
        for i in order[1:]:
            parts.setdefault(u.pcs[i], {})[u.its[i] if u.its else None] = (PART, lead)
    for pc, by_it in parts.items():
        loop = next((L for L in unrolled if L.start <= pc < L.end), None)
        if loop is None or None in by_it:
            a = by_it.get(None)
        else:
            seq = tuple(by_it.get(j) for j in range(loop.trips))
            a = seq[0] if len(set(seq)) == 1 else \
                ("iter", loop.counter, loop.init, loop.steps[loop.counter][0], loop.steps[loop.counter][1] < pc, seq)
        if a is not None:
            action[pc] = a


AS_PTX = ("ptx",)     # resolve(): this time, count it as in the PTX (in both views)


def resolve(m, planned, idx):
    """The action of an ("iter", ...) plan entry for the lanes ``idx`` now, from the loop counter's
    value; AS_PTX where that iteration's part is the PTX's own, or where the lanes are not all in
    one iteration of the loop."""
    _, counter, init, step, after, seq = planned
    v = reg_array(m, counter)
    v = v if idx is None else v[idx]
    if not len(v) or (len(v) > 1 and not (v == v[0]).all()):
        return AS_PTX
    j, rem = divmod(((int(v[0]) - init) & 0xFFFFFFFF) if step > 0 else ((init - int(v[0])) & 0xFFFFFFFF),
                    abs(step))
    j -= after
    return (seq[j] or AS_PTX) if not rem and 0 <= j < len(seq) else AS_PTX


def _unrolled(fn, n_entry: int, sym: dict, cub: dict, where) -> list:
    """The loops (``find_loops``) to model as unrolled: those where unrolling makes more of the
    loop's lines agree with the cubin than not unrolling does (a loop ptxas unrolled without merging
    anything across iterations agrees either way, as k copies of one iteration: left as it is)."""
    chosen: list = []
    for L in find_loops(fn, n_entry):
        lines = {where(fn.instrs[pc]) for pc in range(L.start, L.end) if _access(pc, fn.instrs[pc]) is not None}
        if not lines:
            continue
        if _agreeing(predict(fn, n_entry, sym, chosen + [L]), lines, cub, fn, where) > \
                _agreeing(predict(fn, n_entry, sym, chosen), lines, cub, fn, where):
            chosen.append(L)
    return chosen


def if_regions(fn, n_entry: int) -> list[tuple[int, int]]:
    """``(branch, target)`` of the entry's simple forward branches around straight-line code
    (``@%p bra SKIP; ...; SKIP:``, nothing else jumping into it or to SKIP, no barrier, call or
    branch inside: emu/counters/regions.py's ``regions`` with no else part), which ptxas may
    turn into predicated code."""
    targets = Counter(ins.target for ins in fn.instrs[:n_entry] if ins.op in ("bra", "brx"))
    out = []
    for b, (then, other) in sorted(regions(fn.instrs).items()):
        t = fn.instrs[b].target
        if (b < n_entry and 0 < t <= n_entry and not other and len(then) and then.start == b + 1
                and then.stop == t and targets[t] == 1 and not targets[b + 1]):
            out.append((b, t))
    return out


_PURE = {"mov", "setp", "selp", "set", "slct", "and", "or", "xor", "not", "cnot", "add", "sub", "mul", "mad", "fma",
         "min", "max", "neg", "abs", "cvt", "shl", "shr", "bra"}


def pure_hammocks(fn, n_entry: int, longest: int = 64) -> list[tuple[int, int]]:
    """``(branch, target)`` of every branch in the entry's branchy stretches of plain arithmetic: from a conditional
    forward branch to the join all its paths meet at, every branch between going forward within it, nothing else
    jumping in, and nothing but moves, compares, selects and arithmetic (no memory access, barrier or call), with two
    branches at least (one alone is an ``if_regions`` region). NVVM compiles a reduction operator's ``a.u > b.u ? a :
    (a.u == b.u && a.p < b.p) ? a : b`` so, between CUB's reads of the warps' aggregates; ptxas predicates it all and
    reads the aggregates in ``LDS.128``s across it (onnxruntime-genai's top-k select sort). ``_spanned`` takes them
    where the cubin agrees."""
    ins = fn.instrs
    into: dict = {}
    for pc in range(n_entry):
        if ins[pc].op == "bra":
            into.setdefault(ins[pc].target, []).append(pc)
    out: list = []
    b = 0
    while b < n_entry:
        x = ins[b]
        if not (x.op == "bra" and x.guard is not None and b + 1 < x.target <= n_entry):
            b += 1
            continue
        t, j, ok, branches = x.target, b + 1, True, [b]
        while ok and j < t:
            y = ins[j]
            if y.op == "bra":
                ok = b < y.target <= n_entry
                t = max(t, y.target)
                branches.append(j)
            elif y.op not in _PURE:
                ok = False
            j += 1
        ok = ok and len(branches) > 1 and t - b <= longest and all(
            b <= src < t for pc in range(b + 1, t + 1) for src in into.get(pc, ()))
        if ok:
            out.extend((pc, ins[pc].target) for pc in branches)
            b = t
        else:
            b += 1
    return out


def _hoistable(key) -> bool:
    """A group of unguarded shared loads: what ptxas may read above a branch (``hoist_candidates``)."""
    return key[0] == "ld" and key[1] == "shared" and key[3][0] is None


def hoist_candidates(fn, n_entry: int, spans=()) -> list[int]:
    """The conditional forward branches (``@%p bra``) with an unguarded, non-volatile shared load in the
    straight code before them (their block) and one in their fall-through before anything else touches
    shared memory, the fall-through entered from the branch alone (no label on it): the places where ptxas
    may read the second load above the branch, with the first (docs/SASS_COUNTS.md, "Loads ptxas hoisted
    above a branch into a pair"). ``spans``: the if regions modelled as predicated code (``_spanned``), which
    start no block (a loop's remainder trips whose loads have ifs between them); a load inside one is not
    straight code."""
    spanned = {b for b, _ in spans}
    targets = {ins.target for i, ins in enumerate(fn.instrs[:n_entry]) if ins.op in ("bra", "brx") and i not in spanned}
    block = _blocks(fn, n_entry, spans)
    inside = {pc for b, t in spans for pc in range(b + 1, t)}
    out = []
    for b in range(n_entry - 1):
        ins = fn.instrs[b]
        if (ins.op != "bra" or not ins.guard or not isinstance(ins.target, int) or ins.target <= b + 1
                or (b + 1) in targets or b in spanned):
            continue

        def shared_load(pc):
            acc = _access(pc, fn.instrs[pc])
            return acc is not None and acc.space == "shared" and acc.kind == "ld" and _mergeable(acc) \
                and acc.guard[0] is None and pc not in inside
        before = False
        for pc in range(b - 1, -1, -1):
            if block[pc] != block[b]:
                break
            if shared_load(pc):
                before = True
                break
        after = False
        for pc in range(b + 1, n_entry):
            if block[pc] != block[b + 1]:
                break
            if shared_load(pc):
                after = True
                break
            acc = _access(pc, fn.instrs[pc])
            if (acc is not None and acc.space in ("shared", "generic")) or fn.instrs[pc].op in \
                    ("atom", "red", "cp", "cp.async", "ldmatrix", "stmatrix") or fn.instrs[pc].op in _FENCES:
                break
        if before and after:
            out.append(b)
    return out


MAX_CHAIN = 7                            # branches one hoisted group may cross (an 8-trip unroll's remainder)


def _hoisted(fn, n_entry: int, sym: dict, cub: dict, where, unrolled: list, spans, addresses, chunk_sym=None) -> list:
    """The branches of ``hoist_candidates`` above which ptxas read a shared load of the fall-through with
    one before the branch, decided against the cubin: a branch is taken where a merged access the model
    then predicts across it makes every line of its members agree with the cubin where they did not
    without it, and the cubin has that wide access, unpredicated, on the first member's line
    (``_in_sass``: privatized BFS's ``numCurrFrontier_s`` and ``currFrontierStartIdx`` are one
    ``LDS.64`` above the branch past the commit loop). A branch is also tried with the candidates that follow
    it down its fall-through (a loop's peeled remainder trips, each behind a branch to one end: NLM's Gaussian
    table, ``table[0]``, ``[1]``, ``[2]`` one ``LDS.128`` above two branches), the first of those sets that
    agrees taken. ``chunk_sym``: the module's shared arrays' declared alignment, which a group kept open
    across a branch is cut with (``predict``)."""
    chosen: list = []
    sass = None
    cands = hoist_candidates(fn, n_entry, spans)
    block = _blocks(fn, n_entry, spans)
    for i, b in enumerate(cands):
        if b in chosen:
            continue
        chain = [b]
        for c in cands[i + 1:]:
            if block[c] != block[chain[-1] + 1] or len(chain) == MAX_CHAIN:
                break
            chain.append(c)
        without = None
        for k in range(1, len(chain) + 1):
            trial = predict(fn, n_entry, sym, unrolled, spans, chunk_sym, hoists=chosen + chain[:k])
            across = [u for u in trial if len(u.pcs) > 1 and any(min(u.pcs) < c < max(u.pcs) for c in chain[:k])]
            if not across:
                continue
            lines = {where(fn.instrs[pc]) for u in across for pc in u.pcs}
            if without is None:
                without = predict(fn, n_entry, sym, unrolled, spans, chunk_sym, hoists=chosen)
            if _agreeing(trial, lines, cub, fn, where) < len(lines) or \
                    _agreeing(without, lines, cub, fn, where) == len(lines):
                continue
            if sass is None:
                sass = addresses()
            if _in_sass(across, fn, where, sass):
                chosen += chain[:k]
                break
    return chosen


def _crossed(u: Unit, spans) -> list:
    """The spans whose region lies between a merged unit's first and last member (a reused load's: whose branch
    lies between the load it reuses and it)."""
    if u.after is not None and spans:
        return [(b, t) for b, t in spans if u.after <= b < u.pcs[0]]
    if len(u.pcs) < 2 or not spans:
        return []
    lo, hi = min(u.pcs), max(u.pcs)
    return [(b, t) for b, t in spans if lo <= b and t <= hi]


def _spanned(fn, n_entry: int, sym: dict, cub: dict, where, unrolled: list, addresses, hoist=None) -> list:
    """The if regions (``if_regions``) to model as ptxas's predicated code, groups open across
    them, decided against the cubin: a set of regions that one run of merged accesses crosses
    (runs on one line decided together) is taken where that makes more of its lines agree with
    the cubin than not, and every wide access it predicts across them is there: on that line,
    an instruction of that width, predicated as the group is, at the same distances from a base
    as the group's accesses are from theirs (``sass_memory_addresses``). Only where some line
    disagrees without them; otherwise none. ``hoist`` (spans -> (hoists, chunk_sym)): where the regions alone
    make no more lines agree, they are tried once more with the branches ptxas then reads shared loads above
    (``_hoisted`` with those regions: a loop's remainder trips with ifs between their reads)."""
    cands = sorted(set(if_regions(fn, n_entry)) | set(pure_hammocks(fn, n_entry)))
    if not cands:
        return []
    base = predict(fn, n_entry, sym, unrolled)
    lines = {where(fn.instrs[pc]) for u in base for pc in u.pcs}
    if _agreeing(base, lines, cub, fn, where) == len(lines):
        return []
    wide = [u for u in predict(fn, n_entry, sym, unrolled, cands) if _crossed(u, cands)]
    if hoist is not None:                   # (runs that cross regions only once their reads are hoisted too)
        hs, csym = hoist(cands)
        if hs:
            wide = [u for u in predict(fn, n_entry, sym, unrolled, cands, csym, hoists=hs) if _crossed(u, cands)]
    if not wide:
        return []
    # clusters: the regions the runs of one line cross, joined where a run's lines meet
    clusters: list = []                     # [set of lines, set of spans]
    for u in wide:
        ls = {where(fn.instrs[pc]) for pc in u.pcs}
        sp = set(_crossed(u, cands))
        for c in [c for c in clusters if c[0] & ls]:
            clusters.remove(c)
            ls |= c[0]
            sp |= c[1]
        clusters.append([ls, sp])
    clusters.sort(key=lambda c: min(c[1]))
    chosen: list = []
    sass = None
    for ls, sp in clusters:
        sp = sorted(sp)
        near = set(ls) | {where(fn.instrs[pc]) for b, t in sp for pc in range(b + 1, t)
                          if _access(pc, fn.instrs[pc]) is not None}
        trial = predict(fn, n_entry, sym, unrolled, chosen + sp)
        before = _agreeing(predict(fn, n_entry, sym, unrolled, chosen), near, cub, fn, where)
        if _agreeing(trial, near, cub, fn, where) <= before:
            hs, csym = hoist(chosen + sp) if hoist is not None else ((), None)
            if not hs:
                continue
            trial = predict(fn, n_entry, sym, unrolled, chosen + sp, csym, hoists=hs)
            if _agreeing(trial, near, cub, fn, where) <= before:
                continue
        if sass is None:
            sass = addresses()
        if _in_sass([u for u in trial if _crossed(u, sp)], fn, where, sass):
            chosen += sp
    return sorted(chosen)


def _in_sass(runs: list, fn, where, sass: dict) -> bool:
    """Whether the cubin has these wide accesses where the model puts them: per line, width and
    base of the group, instructions of that width on that line, unpredicated where the group is
    unguarded (predicated otherwise), off one base at the distances the group's accesses lie
    from each other (``[UR4]`` and ``[UR4+0x10]`` for two LDS.128 at 0 and 16 bytes from
    ``%rd33``)."""
    groups: dict = {}
    for u in runs:
        if u.reused:                        # no access of its own: the line's count decides it (_agreeing)
            continue
        acc = _access(u.pcs[0], fn.instrs[u.pcs[0]])
        if acc is None:
            return False
        w = where(min((fn.instrs[pc] for pc in u.pcs), key=lambda i: (i.file, i.line)))
        groups.setdefault((w, u.key, acc.base, acc.guard[0] is None), []).append(u.at)
    for (w, key, _, unguarded), offs in groups.items():
        have: dict = {}
        for k, pred, base, off in sass.get(w, []):
            if k == key and (pred in ("", "@PT")) == unguarded:
                have.setdefault(base, set()).add(off)
        rel = [o - min(offs) for o in offs]
        if not any(any({o + r for r in rel} <= got for o in got) for got in have.values()):
            return False
    return True


def _agreeing(units, lines, cub, fn, where) -> int:
    """How many of ``lines`` the units' static counts agree with the cubin on (k copies included)."""
    pred: dict = {}
    for u in units:
        if u.key:
            w = where(min((fn.instrs[pc] for pc in u.pcs), key=lambda i: (i.file, i.line)))
            pred.setdefault(w, Counter())[u.key] += 1
    return sum(1 for w in lines if _copies(Counter({k: v for k, v in cub.get(w, {}).items()
                                                     if k.split(".")[0] in COMPARED}), pred.get(w, Counter())))


def _worth_checking(fn, n_entry: int, module_vars=()) -> bool:
    """Could the cubin differ from the PTX's accesses? Yes if the PTX has a __constant__ load, a load
    ptxas may have sunk past a branch (emu/counters/sunk.py's PTX side), two
    shared accesses that could merge whatever their alignment (a short counted loop unrolled; two
    static variables side by side in the emulator's layout count as one), or global ones that could
    with every static shared variable 16-byte aligned (a kernel pointer's alignment is unknown to
    ptxas too)."""
    if any(_is_const(ins) for ins in fn.instrs[:n_entry]):
        return True
    if dead_loads(fn, n_entry, one_block_loops(fn, n_entry), _writes):   # loads ptxas may remove (deadload.py)
        return True
    if sunk_candidates(fn, n_entry, lambda ins: (ins.file, ins.line), _writes):   # a load ptxas may sink (sunk.py)
        return True
    if overwritten_stores(fn, n_entry, _writes):   # a shared store ptxas makes one with a later one (overwritten.py)
        return True
    loops = find_loops(fn, n_entry)
    loops += copy_loops(fn, find_loops(fn, n_entry, MAX_COPY_TRIPS), _access, MAX_TRIPS)  # (unrolled_copy.py)
    spans = if_regions(fn, n_entry)         # (groups across ifs ptxas may predicate: _spanned)
    layout = static_shared_layout(list(fn.vars) + [v for v in module_vars if v.space == "shared"])[0]
    placed = {k: o for k, o in layout.items() if o is not None}
    hoists = hoist_candidates(fn, n_entry)   # (shared loads ptxas may read above a branch: _hoisted)
    if any((len(u.pcs) > 1 and u.key.startswith(("LDS", "STS"))) or u.reused
           for u in predict(fn, n_entry, None, loops, spans, placed=placed, hoists=hoists) if u.key or u.reused):
        return True
    return any(len(u.pcs) > 1 for u in predict(fn, n_entry, _sym_align(fn, True), loops, spans))


def _sym_align(fn, whole_program: bool, module_vars=()) -> dict:
    """Where ptxas places each shared variable: static ones 16-byte aligned in a whole program
    (or more, as declared), otherwise (and dynamic shared memory) at their declared alignment.
    ``module_vars``: the module's own (``extern __shared__`` arrays are declared there, not in the
    entry: NVRTC's ``.extern .shared .align 16 .b8 smem[]``, which ptxas reads as 16-byte aligned);
    only the chunk rule reads them so far (``predict``'s ``chunk_sym``): known to the other rules, they
    would predict merges across the trips of loops that ptxas copies instead (llm.c's softmax)."""
    return {v.name: max(v.align, SHARED_ALIGN) if whole_program and not v.extern else max(v.align, 1)
            for v in list(module_vars) + list(fn.vars) if v.space == "shared"}


def placement(fn, module_vars, cubin: bytes, entry: str, arch: str) -> dict:
    """``{name: offset}`` of the entry's static shared variables from its first static byte, as the
    emulator lays them out (``memory.static_shared_layout``: declaration order, each at its declared
    alignment), where the cubin agrees: its ``.nv.shared.<entry>`` section holds exactly that many
    bytes after the system's (``shared_base``). ptxas writes no symbol for them, so the section's size is
    what the cubin says of their place; the order is ptxas's as the probes of
    ``tests/test_sass_placement.py`` read it off the SASS (a ``u32`` then a ``u64`` pair: ``STS [UR4]``,
    ``STS.64 [UR4+0x8]``, ``STS.64 [UR4+0x10]``). Empty where the two differ (the old rule then holds:
    every static variable 16-byte aligned, each its own base)."""
    layout, end, _ = static_shared_layout(list(fn.vars) + [v for v in module_vars if v.space == "shared"])
    placed = {k: o for k, o in layout.items() if o is not None}
    if not placed or shared_section_size(cubin, entry) != shared_base(arch) + end:
        return {}
    return placed


def _paired(fn, n_entry: int, lines: list, us: list, have: Counter, unrolled, spans, sym: dict, where, lazy: dict,
            addresses) -> list | None:
    """The pairs of a line whose shared loads ptxas reads in pairs (emu/counters/pairs.py), as merged units, or
    None. Its other families must be the model's accesses, one width each, nothing merged (ptxas's copies of
    them, which the replay counts as for ``_copied``). The shared variables are taken 8-byte aligned: the
    ``LDS.64`` shows ptxas proved that much, and no ``LDS.128`` more (a variable it placed after others)."""
    if len(lines) != 1 or not have.get("LDS.64") or any(k.startswith("LDS.128") for k in have):
        return None
    w = lines[0]
    loads = sorted(pc for u in us if u.key and u.key.startswith("LDS") for pc in u.pcs)
    others = [u for u in us if not (u.key and u.key.startswith("LDS"))]
    if any(u.key is None or len(u.pcs) > 1 or u.reused for u in others):
        return None
    fams: dict = {}
    for u in others:
        fams.setdefault(u.key.split(".")[0], set()).add(u.key)
    if any(len(ks) != 1 for ks in fams.values()) or \
            {k for k in have if not k.startswith("LDS")} != {k for ks in fams.values() for k in ks}:
        return None
    if "units8" not in lazy:
        # a plain dict, not a Shared: the 8-byte view drops ``placed`` on purpose, each variable its own base
        sym8 = {name: min(a, 8) for name, a in sym.items()}
        lazy["units8"] = predict(fn, n_entry, sym8, unrolled, spans)
        lazy["bits8"] = _Bits(fn, sym8)
        lazy["loops"] = one_block_loops(fn, n_entry)
        lazy["sass"] = addresses()
    bits8 = lazy["bits8"]

    def aligned8(pc):
        mem = fn.instrs[pc].args[1]
        return _tz(_add(bits8.base(mem.name), _const(mem.offset)) or (0, 0)) >= 3

    got = paired_line(fn, loads, lazy["loops"], [u for u in lazy["units8"] if where(fn.instrs[u.pcs[0]]) == w],
                      lazy["sass"].get(w, []), _writes, aligned8)
    if got is None:
        return None
    body, (pcs, offs) = got
    units = [u for u in lazy["units8"] if tuple(u.pcs) in {p for p, _ in body}]
    first = fn.instrs[pcs[0]]
    return units + [Unit(pcs, 8, "LDS.64", (first.file, first.line), 4, (None, None), offs)]


def _line_of(u, fn, files: dict, where) -> tuple:
    """The (file, line) a unit is counted on, as build_plan groups them."""
    return where(fn.instrs[u.pcs[0]]) if len(u.pcs) == 1 else (files.get(u.line[0], "<ptx>"), u.line[1])


def _induction(fn, n_entry: int, lines: list, us: list, have: Counter, unrolled, spans, sym, chunk_sym, hoists,
               where, lazy: dict) -> list | None:
    """The units of a line the check could not place, cut with every register a loop advances by a constant
    known by its power-of-two alignment only (``_Bits``'s ``induction``), where the cubin holds those key for
    key and the line has a merged access; None otherwise.

    ptxas knows an induction pointer of a loop it keeps (does not unroll fully) by the largest power of two
    dividing its value on entry and its step, not by where it lies past it: pybind11-cuda's ``crc_cuda_fast``
    reads each 16-byte trip of its staged bytes as four ``ld.shared.v4.u8`` at ``[r-8]`` .. ``[r+4]`` off a
    register 8 bytes past a 16-byte boundary (entry ``s_data + 128 * tid + 8``, step 16); the model knows
    ``r - 8`` 16-byte aligned and cuts one ``LDS.128``, ptxas only 8-byte aligned and makes two ``LDS.64``."""
    if "units_ind" not in lazy:
        lazy["units_ind"] = predict(fn, n_entry, sym, unrolled, spans, chunk_sym, hoists=hoists, induction=True)
    mine = {pc for u in us for pc in u.pcs}
    alt = [u for u in lazy["units_ind"] if set(u.pcs) & mine]
    if {pc for u in alt for pc in u.pcs} != mine or any(
            where(fn.instrs[pc]) not in lines for u in alt for pc in u.pcs):
        return None
    got = Counter(u.key for u in alt if u.key)
    if got != have or not any(len(u.pcs) > 1 for u in alt):
        return None
    return alt


def _copies(have: Counter, predicted: Counter) -> int:
    """How many times the cubin holds the predicted accesses (ptxas may unroll a loop): 1 when
    equal, k when every count is k times the prediction, 0 when the model disagrees."""
    if have == predicted:
        return 1
    if not predicted or set(have) != set(predicted):
        return 0
    k, rem = divmod(next(iter(have.values())), predicted[next(iter(have))])
    return k if not rem and k > 1 and all(have[x] == k * predicted[x] for x in predicted) else 0


def _loop_copies(us: list, have: Counter, fn, n_entry: int) -> int:
    """``_copies`` of a line whose accesses lie partly inside a PTX loop and partly outside every loop: k (> 1)
    where the cubin holds the outside ones once and the inside ones k times each (ptxas unrolled the loop by k and
    kept what is before it once), else 0. gpudct's ``idct_lut_kernel``, line 175 (``ff += coeffs_shared[idx_in] *
    lut_gpu[dct_block_dim * u + x] * qval``): NVVM hoists the 8 loop-invariant ``lut_gpu`` loads above the v loop
    and keeps the 8 ``ld.shared.u16`` of ``coeffs_shared`` in it; the model makes them LDG×8 and LDS.64×2, ptxas
    unrolls the 8-trip loop by 4: LDG×8, LDS.64×8. Only for a line with a merged access: one with none is left to
    the replay of its SASS copies (``_copied``, sass_replay.apply_copies), which counts what runs."""
    loops = fn.__dict__.get("_back_edges")
    if loops is None:
        loops = fn.__dict__["_back_edges"] = tuple(
            (ins.target, pc) for pc, ins in enumerate(fn.instrs[:n_entry])
            if ins.op in ("bra", "brx") and isinstance(ins.target, int) and 0 <= ins.target <= pc)
    once, looped = Counter(), Counter()
    for u in us:
        if u.key:
            (looped if any(s <= pc <= e for pc in u.pcs for s, e in loops) else once)[u.key] += 1
    if not once or not looped or any(have.get(k, 0) < n for k, n in once.items()):
        return 0
    rest = Counter({k: n - once.get(k, 0) for k, n in have.items() if n - once.get(k, 0)})
    k = _copies(rest, looped)
    return k if k > 1 else 0


def _copied(us: list, have: Counter, predicted: Counter, reused: list) -> tuple | None:
    """Whether a line the check could not place has only more (or fewer) copies of the very accesses the model
    expected: one line, nothing merged or reused, each of its keys in the cubin (its reads through the constant
    cache count nothing either way: ARRUS's FIR, ``cached[localN - i] * gpuFirCoefficients[i]``, whose loop ptxas
    unrolled again into LDS.16×29 with the ``__constant__`` taps as operands). ``()``: the cubin has no other key;
    then each SASS copy that runs is one PTX access as it runs, and a replay of the SASS's control flow can say how
    often they run (emu/counters/sass_replay.py, ``apply_copies``). A family may have several widths in the model
    (NLM's table fill: a ``v4`` store in the 4-trip body and a 4-byte one in the remainder loop, ``STS.128×7,
    STS×1`` in the cubin where the model has one of each) where the cubin's keys of it are the model's: the replay
    then counts each width apart (``CountPlan.mixed``). Else the cubin's other keys, where each is a wider one of a
    one-width family of the model (llm.c's softmax: a loop of 4 loads a trip that ptxas unrolled by 4 with copies
    for 2 and 1 trips, each copy's loads widened to LDS.128s, the PTX's remainder loop kept as LDS): the replay
    decides such a line only for a launch where none of the wider ones runs. None: not such a line."""
    width = lambda k: int(k.split(".")[1]) if "." in k else 32  # noqa: E731
    fams: dict = {}
    for k in predicted:
        fams.setdefault(k.split(".")[0], []).append(k)
    if (not have or not predicted or reused
            or any(len(u.pcs) > 1 for u in us) or len({u.line for u in us}) != 1
            or not all(have.get(k) for k in predicted)):
        return None
    extra = tuple(sorted(k for k in have if k not in predicted))
    if not all(k.split(".")[0] in fams and len(fams[k.split(".")[0]]) == 1 and width(k) > width(fams[k.split(".")[0]][0])
               for k in extra):
        return None
    return extra


def _offset(ins) -> int:
    return (ins.args[0] if ins.op == "st" else ins.args[1]).offset


def _is_const(ins) -> bool:
    return ins.op == "ld" and "const" in ins.mods


def plan_for(kernel, fn, files: dict, arch: str = DEFAULT_ARCH) -> CountPlan:
    """``build_plan``, cached on the kernel's Program (one cubin and one model per entry and arch)."""
    cache = kernel.program.__dict__.setdefault("_count_plans", {})
    key = (kernel.entry, arch, language())      # its notes are in the language they were asked in
    if key not in cache:
        cache[key] = build_plan(kernel, fn, files, arch)
    return cache[key]
