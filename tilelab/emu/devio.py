"""Device printf, assert() and __trap() on the emulator.

``printf`` compiles to ``vprintf(format, args)``: a pointer to the format string and
one to a buffer of the arguments, each aligned to its size (ints 4 bytes, ``long``
and pointers 8, floats promoted to double). We render the format the way the GPU's
printf does (C conversions, flags, width, precision) and keep the lines in a
deterministic order: block, then warp, then the order that warp printed in, then lane.
A GPU gives no order across warps at all; this one is reproducible.

``assert(c)`` calls ``__assertfail(message, file, line, function, charsize)`` and
``__trap()`` is the ``trap`` instruction: each is a finding naming the line, the
thread and the block, and ends the threads that reached it (on a GPU the whole kernel
stops with an error, so nothing after it can be trusted).
"""
from __future__ import annotations

import os
import re

import numpy as np

from ..messages import msg
from .counters.vprintf_cost import warp_cost
from .frames import arg_u64, state
from .heap import h_free, h_malloc
from .memory import GLOBAL_BASE, LOCAL_WINDOW, SHARED_WINDOW
from .operands import unsupported
from .sanitizer.findings import said

PRINTF_LINES = int(os.environ.get("TILELAB_PRINTF_LINES", "200"))   # lines shown per launch
_KEEP = 20_000                                                      # lines kept for sorting
_STR_MAX = 4096


class PrintfLog:
    """The printf lines of one launch, with the keys that sort them."""

    def __init__(self):
        self.rows: list = []          # (block, warp, when the warp printed, lane, text)
        self.dropped = 0
        self.seq = 0

    def add(self, keys, texts):
        room = max(0, _KEEP - len(self.rows))
        for key, t in list(zip(keys, texts))[:room]:
            self.rows.append(tuple(key) + (t,))
        self.dropped += max(0, len(texts) - room)

    def lines(self, limit: int | None = None) -> list[str]:
        """The output, capped at ``limit`` lines (default PRINTF_LINES) with a note of the rest."""
        limit = PRINTF_LINES if limit is None else limit
        rows = sorted(self.rows, key=lambda r: r[:4])
        # one stream, as the GPU's printf buffer: a call that ends in no newline (printf("%2d ", tid))
        # leaves its line open for the next call's text (docs/FIDELITY.md, the ninth unseen suite)
        text = "".join(r[4] for r in rows)
        out = (text[:-1] if text.endswith("\n") else text).split("\n") if rows else []
        more = max(0, len(out) - limit) + self.dropped
        out = out[:limit]
        if more:
            out.append(msg("unsupported.printf_more" if more != 1 else "unsupported.printf_more_one",
                           more=more, limit=limit))
        return out


# ------------------------------------------------------------------------ memory reads
def read_bytes(m, lanes, addr, nbytes: int) -> tuple[np.ndarray, np.ndarray]:
    """``nbytes`` at each lane's generic address: (uint8 [n, nbytes], in-bounds mask)."""
    addr = np.asarray(addr, dtype=np.int64)
    n = len(lanes)
    out = np.zeros((n, nbytes), dtype=np.uint8)
    ok = np.zeros(n, dtype=bool)
    sh = (addr >= SHARED_WINDOW) & (addr < LOCAL_WINDOW)
    lo = (addr >= LOCAL_WINDOW) & (addr < GLOBAL_BASE)
    gl = addr >= GLOBAL_BASE
    span = np.arange(nbytes)
    if sh.any():
        a = addr[sh] - SHARED_WINDOW
        good = m.smem.inside(a, nbytes)
        flat = m.block_base[lanes[sh]] + a
        rows = np.flatnonzero(sh)[good]
        out[rows] = m.smem.arena.data[flat[good][:, None] + span]
        ok[rows] = True
    if lo.any():
        a = addr[lo] - LOCAL_WINDOW
        good = (a >= 0) & (a + nbytes <= m.lmem.size)
        flat = m.lmem.flat(lanes[lo], a)
        rows = np.flatnonzero(lo)[good]
        out[rows] = m.lmem.arena.data[flat[good][:, None] + span]
        ok[rows] = True
    if gl.any():
        a = addr[gl]
        good = m.gmem.in_bounds(a, nbytes)
        flat = m.gmem.offset(a)
        rows = np.flatnonzero(gl)[good]
        out[rows] = m.gmem.arena.data[flat[good][:, None] + span]
        if getattr(m, "gshadow", None) is not None:   # a __device__ string read (sanitizer/devicestate.py)
            m.gshadow.note_read(flat[good], nbytes)
        ok[rows] = True
    return out, ok


def read_string(m, lane: int, addr: int, limit: int = _STR_MAX) -> str | None:
    """The NUL-terminated string at a generic address (None if it is not readable)."""
    chunk, got = bytearray(), 0
    while got < limit:
        b, ok = read_bytes(m, np.array([lane]), np.array([addr + got]), 1)
        if not ok[0]:
            return None if not chunk else chunk.decode("utf-8", "replace")
        if b[0, 0] == 0:
            break
        chunk.append(int(b[0, 0]))
        got += 1
    return chunk.decode("utf-8", "replace")


# ------------------------------------------------------------------------ printf
_SPEC = re.compile(r"%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?(hh|h|ll|l|j|z|t|L)?([diouxXfFeEgGaAcspn%])")


class FormatError(Exception):
    pass


def parse_format(fmt: str) -> list:
    """Literal text and conversions: [str | (flags, width, prec, length, conv)]."""
    out, pos = [], 0
    for mm in _SPEC.finditer(fmt):
        if mm.start() > pos:
            out.append(fmt[pos:mm.start()])
        out.append(mm.groups())
        pos = mm.end()
    if pos < len(fmt):
        out.append(fmt[pos:])
    return out


def _arg_sizes(parts) -> list:
    """Sizes of the arguments the format consumes, in order (width/precision '*' are ints)."""
    sizes = []
    for p in parts:
        if isinstance(p, str):
            continue
        flags, width, prec, length, conv = p
        if conv == "%" or prec == "*":          # "%.*f": the GPU's printf prints it as it stands
            continue
        if conv == "n":
            raise FormatError("%n")
        if width == "*":
            sizes.append(("i", 4))
        if conv in "fFeEgGaA":
            sizes.append(("f", 8))
        elif conv in "sp":
            sizes.append(("p", 8))
        elif conv == "c":
            sizes.append(("i", 4))
        else:
            wide = length in ("l", "ll", "j", "z", "t", "L")
            sizes.append(("i" if conv in "di" else "u", 8 if wide else 4))
    return sizes


def _values(buf: bytes, sizes) -> list:
    vals, off = [], 0
    for kind, sz in sizes:
        off = (off + sz - 1) // sz * sz
        raw = buf[off:off + sz]
        off += sz
        if kind == "f":
            vals.append(float(np.frombuffer(raw, "<f8")[0]))
        else:
            vals.append(int(np.frombuffer(raw, {("i", 4): "<i4", ("i", 8): "<i8", ("u", 4): "<u4",
                                                ("u", 8): "<u8", ("p", 8): "<u8"}[(kind, sz)])[0]))
    return vals


def render(parts, vals, string_at) -> str:
    """C printf on already-typed values; ``string_at(ptr)`` reads a %s argument."""
    out, it = [], iter(vals)
    for p in parts:
        if isinstance(p, str):
            out.append(p)
            continue
        flags, width, prec, length, conv = p
        if conv == "%":
            out.append("%")
            continue
        if prec == "*":     # measured on an H200: device printf leaves "%.*f" as text and takes no argument
            out.append("%" + flags + (width or "") + ".*" + (length or "") + conv)
            continue
        if width == "*":
            w = next(it)
            if w < 0:
                flags, w = flags + "-", -w
            width = str(w)
        if prec == "*":
            pr = next(it)
            prec = None if pr < 0 else str(pr)
        v = next(it)
        spec = "%" + flags + (width or "") + ("" if prec is None else "." + (prec or "0"))
        if conv in "di":
            if length == "hh":
                v = (v + 128) % 256 - 128
            elif length == "h":
                v = (v + 32768) % 65536 - 32768
            out.append((spec + "d") % v)
        elif conv in "ouxX":
            if length == "hh":
                v &= 0xFF
            elif length == "h":
                v &= 0xFFFF
            if conv == "o":          # C's '#' adds one leading 0; Python's writes 0o
                digits = ("%" + ("" if prec is None else "." + (prec or "0")) + "o") % v
                if "#" in flags and not digits.startswith("0"):
                    digits = "0" + digits
                w = int(width or 0)
                pad = "0" if "0" in flags and "-" not in flags and prec is None else " "
                out.append(digits.ljust(w) if "-" in flags else digits.rjust(w, pad))
            else:
                out.append(((spec if v else spec.replace("#", "")) + conv) % v)
        elif conv in "fFeEgG":
            s = (spec + conv) % v
            if conv in "FEG":
                s = s.upper()
            out.append(s)
        elif conv in "aA":
            raise FormatError(f"%{conv}")
        elif conv == "c":
            out.append((spec.replace("0", "") + "s") % chr(v & 0xFF))
        elif conv == "s":
            s = string_at(v) if v else "(null)"
            out.append((spec + "s") % ("(null)" if s is None else s))
        elif conv == "p":
            out.append((spec.replace("#", "") + "s") % (f"0x{v:x}" if v else "(nil)"))
    return "".join(out)


def h_vprintf(m, ins, idx, pc):
    lanes = m.lanes(idx)
    fmt_ptr = arg_u64(m, ins, 0, lanes).astype(np.int64)
    arg_ptr = arg_u64(m, ins, 1, lanes).astype(np.int64)
    texts = [""] * len(lanes)
    nconv = np.zeros(len(lanes), dtype=np.int32)
    strings = [[] for _ in lanes]              # per lane: (address, bytes with the NUL) of each string vprintf reads
    for u in np.unique(fmt_ptr):
        rows = np.flatnonzero(fmt_ptr == u)
        fmt = read_string(m, int(lanes[rows[0]]), int(u))
        if fmt is None:
            unsupported(m, ins, msg("unsupported.printf_format"))
        try:
            parts = parse_format(fmt)
            sizes = _arg_sizes(parts)
        except FormatError as e:
            unsupported(m, ins, msg("unsupported.printf_conversion", conv=str(e)))
        nconv[rows] = len(sizes)
        for r in rows:
            strings[r].append((int(u), len(fmt.encode("utf-8")) + 1))
        total = 0
        for _, sz in sizes:
            total = (total + sz - 1) // sz * sz + sz
        buf = np.zeros((len(rows), max(total, 1)), dtype=np.uint8)
        if total:
            buf, ok = read_bytes(m, lanes[rows], arg_ptr[rows], total)
        for j, r in enumerate(rows):
            lane = int(lanes[r])

            def string(p, _l=lane, _r=r):
                s = read_string(m, _l, int(p))
                if s is not None:
                    strings[_r].append((int(p), len(s.encode("utf-8")) + 1))
                return s
            try:
                texts[r] = render(parts, _values(buf[j].tobytes(), sizes), string)
            except FormatError as e:
                unsupported(m, ins, msg("unsupported.printf_conversion", conv=str(e)))
            except (TypeError, ValueError, OverflowError) as e:
                texts[r] = msg("unsupported.printf_render", fmt=repr(fmt), e=str(e))
    if m.lazy is not None:                     # counts="sass": what the driver's vprintf costs in ncu's counts
        count_vprintf(m, pc, lanes, strings, nconv)
    m.printf.seq += 1
    keys = zip(m.block_linear[lanes].tolist(), (m.tid_in_block[lanes] // 32).tolist(),
               [m.printf.seq] * len(lanes), m.lane[lanes].tolist())
    m.printf.add(list(keys), texts)
    rets = ins.args[0].items
    if rets:                                   # printf returns the number of arguments it read
        slot = state(m).slot(rets[0].name)
        slot[lanes, :4] = nconv.view(np.uint8).reshape(-1, 4)


def count_vprintf(m, pc, lanes, strings, nconv):
    """Each warp's call, by emu/counters/vprintf_cost.py's measured rule: counted on the call's line,
    as the SASS view only (the PTX has none of it)."""
    warp = m.warp_global[lanes]
    for w in np.unique(warp):
        rows = np.flatnonzero(warp == w)
        cost = warp_cost([[strings[r][k] if k < len(strings[r]) else None for r in rows]
                          for k in range(max(len(strings[r]) for r in rows))],
                         int(nconv[rows].max()), len(rows))
        mine = m.driver_counts.setdefault(pc, {})
        for k, v in cost.items():
            m.count(pc, k, v)
            m.sass_only(pc, k, v)
            mine[k] = mine.get(k, 0) + v
        m.vprintf_calls[pc] = m.vprintf_calls.get(pc, 0) + 1


# ------------------------------------------------------------------------ assert and trap
def kill(m, ins, lanes):
    """End these threads (as exit does), minding blocks that wait at a barrier."""
    m.alive[lanes] = False
    if m.block_waiting.any():
        m._exit_while_waiting(ins, lanes)


def h_assertfail(m, ins, idx, pc):
    lanes = m.lanes(idx)
    msg_ptr = arg_u64(m, ins, 0, lanes)
    fn_ptr = arg_u64(m, ins, 3, lanes) if len(ins.args[2].items) > 3 else None
    t = int(lanes[0])
    cond = read_string(m, t, int(msg_ptr[0])) or "?"
    func = read_string(m, t, int(fn_ptr[0])) if fn_ptr is not None else None
    m.finding("assert", ins, t, None,
              said("finding.assert_in" if func else "finding.assert", cond=cond, func=func), len(lanes))
    kill(m, ins, lanes)


def trap(m, ins, lanes):
    t = int(lanes[0])
    m.finding("trap", ins, t, None, said("finding.trap"), len(lanes))
    kill(m, ins, lanes)


EXTERNS = {"vprintf": h_vprintf, "__assertfail": h_assertfail, "malloc": h_malloc, "free": h_free}
