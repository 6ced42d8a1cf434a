"""SASS: nvdisasm from the nvidia-cuda-nvdisasm wheel, the listing per source line, and the
memory-instruction mix per line."""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import CompileError
from .arch import DEFAULT_ARCH
from .discover import _site_dirs, _toolkit_roots
from .nvrtc import _unabs

if TYPE_CHECKING:
    from .program import Program

# --------------------------------------------------------------------------------------
# SASS: nvdisasm from the nvidia-cuda-nvdisasm wheel
# --------------------------------------------------------------------------------------

def find_nvdisasm() -> str:
    """Path of nvdisasm: ``TILELAB_NVDISASM``, the pip wheel, a toolkit, or PATH."""
    env = os.environ.get("TILELAB_NVDISASM")
    if env:
        return env
    exe = "nvdisasm.exe" if os.name == "nt" else "nvdisasm"
    for d in _site_dirs():
        for pat in (f"nvidia/cu1*/bin/{exe}", f"nvidia/cuda_nvdisasm/bin/{exe}",
                    f"nvidia/cu1*/bin/*/{exe}"):
            hits = sorted(d.glob(pat), reverse=True)
            if hits:
                return str(hits[0])
    for root in _toolkit_roots():
        if (root / "bin" / exe).is_file():
            return str(root / "bin" / exe)
    w = shutil.which(exe)
    if w:
        return w
    raise CompileError("nvdisasm not found: pip install nvidia-cuda-nvdisasm")


def _sass_cache_file(exe: str, cubin: bytes) -> Path | None:
    """Where nvdisasm's listing of ``cubin`` is kept between processes (it takes ~0.5 s a cubin):
    ``$TILELAB_CACHE`` or ``~/.cache/tilelab``, keyed by the cubin and the nvdisasm binary."""
    try:
        st = os.stat(exe)
        root = Path(os.environ.get("TILELAB_CACHE") or Path.home() / ".cache" / "tilelab") / "sass"
    except (OSError, RuntimeError):
        return None
    key = hashlib.sha256(cubin + f"\0{exe}\0{st.st_size}\0{st.st_mtime_ns}".encode()).hexdigest()
    return root / f"{key}.txt"


def _disassemble(cubin: bytes) -> str:
    exe = find_nvdisasm()
    cached = _sass_cache_file(exe, cubin)
    try:
        if cached is not None and cached.is_file():
            return cached.read_text()
    except OSError:
        pass
    text = _run_nvdisasm(exe, cubin)
    if cached is not None:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(text)
            os.replace(tmp, cached)
        except OSError:
            pass                            # a read-only home: no cache, same listing
    return text


def _run_nvdisasm(exe: str, cubin: bytes) -> str:
    with tempfile.TemporaryDirectory(prefix="tilelab-") as td:
        f = os.path.join(td, "k.cubin")
        with open(f, "wb") as fh:
            fh.write(cubin)
        r = subprocess.run([exe, "-c", "-g", f], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise CompileError(f"nvdisasm failed: {r.stderr.strip() or r.stdout.strip()}")
    return r.stdout


_SASS_LINE = re.compile(r'//## File "([^"]*)", line (\d+)')
_SASS_LABEL = re.compile(r"\s*(\.L_x_\d+|\$[\w$.]+):")
_SASS_INSTR = re.compile(r"/\*[0-9a-f]{4,}\*/\s+(@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_]*)((?:\.[A-Z0-9_]+)*)")
_MEM_OPS = {"LDS", "STS", "LDG", "STG", "LDSM", "STSM", "LDGSTS", "LD", "ST", "LDL", "STL",
            "ATOMS", "ATOMG", "ATOM", "RED", "REDG"}


def _mem_key(op: str, mods: str) -> str:
    parts = [m for m in mods.split(".") if m]
    if op == "LDSM":
        n = parts[-1] if parts and parts[-1] in ("1", "2", "4") else "1"
        return f"LDSM.x{n}" + (".T" if any(p.startswith("MT") for p in parts) else "")
    width = ""
    for p in parts:
        if p in ("64", "128"):
            width = "." + p
        elif p in ("U8", "S8"):
            width = ".8"
        elif p in ("U16", "S16"):
            width = ".16"
    return op + width


def entry_sass(text: str, entry: str) -> str:
    """The part of a SASS listing that is kernel ``entry``'s function (all of it if not found)."""
    start = text.find(f".text.{entry}:")
    if start < 0:
        return text
    end = text.find("//--------------------- ", start)
    return text[start:end if end > 0 else len(text)]


def kernel_sass(program: Program, arch: str, entry: str) -> str:
    """The part of ``program.sass(arch)`` that is kernel ``entry``'s function."""
    return entry_sass(program.sass(arch), entry)


def sass_instructions(text: str, filename: str = ""):
    """Each instruction of a SASS listing, in address order, as ``((file, line), predicate,
    opcode, modifiers)``: the source line is the last ``//## File`` comment before it."""
    for ins in sass_listing(text, filename):
        yield ins.where, ins.pred, ins.op, ins.mods


_OPERAND_LABEL = re.compile(r"\(\s*(\.L_x_\d+|\$[\w$.]+)\s*\)")


@dataclass(frozen=True)
class SassLine:
    """One instruction of a SASS listing: its address, source line, predicate (``"@!P0"``, or
    ``""``), opcode, modifiers (``".U32.AND"``), operand text and the labels that name it."""
    addr: int
    where: tuple
    pred: str
    op: str
    mods: str
    operands: str
    labels: tuple = ()

    @property
    def label(self) -> str | None:
        """The label its operands name (a branch's target, a ``BSSY``'s end, a callee), or None."""
        m = _OPERAND_LABEL.search(self.operands)
        return m.group(1) if m else None


def sass_listing(text: str, filename: str = ""):
    """Each instruction of a SASS listing, in address order, as a ``SassLine`` (the one walker
    that ``sass_instructions`` and emu/counters/sass_replay.py read)."""
    where = ("", 0)
    labels: list = []
    for ln in text.splitlines():
        m = _SASS_LINE.search(ln)
        if m:
            where = (_unabs(m.group(1), filename), int(m.group(2)))
            continue
        m = _SASS_INSTR.search(ln)
        if m:
            rest = ln[m.end():]
            yield SassLine(int(m.group(0)[2:m.group(0).index("*/")], 16), where, (m.group(1) or "").strip(),
                           m.group(2), m.group(3), rest.split(";", 1)[0].strip(), tuple(labels))
            labels = []
            continue
        m = _SASS_LABEL.match(ln)
        if m:
            labels.append(m.group(1))


def sass_memory_mix(program: Program, arch: str = DEFAULT_ARCH,
                    entry: str | None = None) -> dict[tuple[str, int], dict[str, int]]:
    """Memory instructions per source line in the SASS: ``{(file, line): {"LDS": n,
    "LDS.128": n, "STS": n, "LDG.128": n, "LDSM.x4": n, ...}}``.

    Keys are the opcode plus its access width (``.8 .16 .64 .128``; 32-bit has none);
    ``LDSM.xN`` is an N-matrix ldmatrix (``.T`` if transposed). Instructions with no
    line info go under ``("", 0)``. This shows what ptxas merged or vectorised.
    ``entry`` (a kernel's lowered name) keeps that kernel's function only.
    """
    mix: dict[tuple[str, int], dict[str, int]] = {}
    text = program.sass(arch) if entry is None else kernel_sass(program, arch, entry)
    for where, pred, op, mods in sass_instructions(text, program.filename):
        if op in _MEM_OPS and pred != "@!PT":    # `@!PT LDS RZ, [RZ]` is ptxas padding that never runs
            key = _mem_key(op, mods)
            d = mix.setdefault(where, {})
            d[key] = d.get(key, 0) + 1
    return mix


_ADDRESS = re.compile(r"^(.*?)(?:\+?(-?)0x([0-9a-fA-F]+))?$")


def sass_memory_addresses(program: Program, arch: str = DEFAULT_ARCH,
                          entry: str | None = None) -> dict[tuple[str, int], list[tuple]]:
    """The memory instructions of ``sass_memory_mix`` with their addresses: ``{(file, line):
    [(key, predicate, base, offset), ...]}`` in address order, the address read from the
    instruction's last ``[...]`` operand (``[UR4+0x10]``: base ``"UR4"``, offset 16;
    ``desc[UR6][R2.64]``: base ``"R2.64"``, offset 0)."""
    out: dict[tuple[str, int], list[tuple]] = {}
    text = program.sass(arch) if entry is None else kernel_sass(program, arch, entry)
    for ins in sass_listing(text, program.filename):
        if ins.op not in _MEM_OPS or ins.pred == "@!PT":
            continue
        groups = re.findall(r"\[([^\]]*)\]", ins.operands)
        base, off = "", 0
        if groups:
            m = _ADDRESS.match(groups[-1].strip())
            base = m.group(1).strip()
            if m.group(3):
                off = int(m.group(3), 16) * (-1 if m.group(2) else 1)
            if not base and not m.group(3):
                base = groups[-1].strip()
        out.setdefault(ins.where, []).append((_mem_key(ins.op, ins.mods), ins.pred, base, off))
    return out


def _elf_sections(cubin: bytes):
    """The section headers of a 64-bit little-endian ELF: ``(names, [(name, type, offset, size, link, info)])``
    with ``names(section index, offset)`` its string reader; None if ``cubin`` is no such ELF."""
    if len(cubin) < 64 or cubin[:4] != b"\x7fELF" or cubin[4] != 2 or cubin[5] != 1:
        return None
    shoff = int.from_bytes(cubin[0x28:0x30], "little")
    shentsize = int.from_bytes(cubin[0x3a:0x3c], "little")
    shnum = int.from_bytes(cubin[0x3c:0x3e], "little")
    shstrndx = int.from_bytes(cubin[0x3e:0x40], "little")
    secs = []
    for i in range(shnum):
        h = cubin[shoff + i * shentsize:shoff + (i + 1) * shentsize]
        secs.append((int.from_bytes(h[0:4], "little"), int.from_bytes(h[4:8], "little"),
                     int.from_bytes(h[24:32], "little"), int.from_bytes(h[32:40], "little"),
                     int.from_bytes(h[40:44], "little"), int.from_bytes(h[44:48], "little")))

    def cstr(sec, off):
        start = secs[sec][2] + off
        return cubin[start:cubin.index(b"\0", start)].decode("utf-8", "replace")
    return cstr, [(cstr(shstrndx, s[0]), *s[1:]) for s in secs]


def constant_symbols(cubin: bytes, bank: int = 3) -> dict[str, tuple[int, int]]:
    """``{name: (offset, size)}``: where the cubin places each ``__constant__`` variable in constant
    bank ``bank`` (its ``.nv.constant<bank>`` section; the SASS reads them as ``c[0x3][offset]``),
    from the ELF symbol table. Empty if the cubin has none (or is no 64-bit little-endian ELF)."""
    elf = _elf_sections(cubin)
    if elf is None:
        return {}
    cstr, secs = elf
    want = next((i for i, s in enumerate(secs) if s[0] == f".nv.constant{bank}"), None)
    out: dict[str, tuple[int, int]] = {}
    for _name, typ, off, size, link, _info in secs:
        if typ != 2 or want is None:            # SHT_SYMTAB
            continue
        for k in range(size // 24):
            s = cubin[off + 24 * k:off + 24 * (k + 1)]
            if int.from_bytes(s[6:8], "little") == want and s[4] & 0xf == 1:     # an STT_OBJECT there
                out[cstr(link, int.from_bytes(s[0:4], "little"))] = (int.from_bytes(s[8:16], "little"),
                                                                     int.from_bytes(s[16:24], "little"))
    return out


def constant_addresses(cubin: bytes, bank: int = 4) -> dict[int, tuple[str, int]]:
    """``{offset: (symbol, addend)}``: the 64-bit addresses the loader writes into constant bank ``bank``
    (``.nv.constant4``: the addresses of the module's ``__device__`` variables that code reads through a
    pointer, as ``LDC.64 R8, c[0x4][RZ]``; curand's precalc tables), from the bank's relocation section
    (``.rela.nv.constant4``). Empty where the cubin has none (or is no 64-bit little-endian ELF)."""
    elf = _elf_sections(cubin)
    if elf is None:
        return {}
    cstr, secs = elf
    out: dict[int, tuple[str, int]] = {}
    for name, typ, off, size, link, _info in secs:
        if name not in (f".rela.nv.constant{bank}", f".rel.nv.constant{bank}") or typ not in (4, 9):
            continue                                  # SHT_RELA (with an addend) or SHT_REL
        ent = 24 if typ == 4 else 16
        symtab = secs[link]
        for k in range(size // ent):
            e = cubin[off + ent * k:off + ent * (k + 1)]
            sym = int.from_bytes(e[8:16], "little") >> 32
            s = cubin[symtab[2] + 24 * sym:symtab[2] + 24 * (sym + 1)]
            addend = int.from_bytes(e[16:24], "little", signed=True) if ent == 24 else 0
            out[int.from_bytes(e[0:8], "little")] = (cstr(symtab[4], int.from_bytes(s[0:4], "little")), addend)
    return out


def shared_section_size(cubin: bytes, entry: str) -> int | None:
    """The size of the entry's ``.nv.shared.<entry>`` section in a whole-program cubin: the bytes of
    its static shared variables as ptxas placed them, after the system's first KiB on sm_90 and later
    (0x400: ``memory.shared_base``). 0 where the entry has none; None if the cubin is no ELF. (ptxas
    writes no symbol for an entry's shared variables, so where each lies is not in the cubin as such.)"""
    elf = _elf_sections(cubin)
    if elf is None:
        return None
    return next((size for name, _t, _o, size, _l, _i in elf[1] if name == f".nv.shared.{entry}"), 0)


def register_count(cubin: bytes, entry: str) -> int | None:
    """The registers per thread ptxas gave the entry: the ``EIATTR_REGCOUNT`` attribute of the cubin's ``.nv.info``
    section for the entry's symbol (which its ``.text.<entry>`` section's ``sh_info`` names), as
    ``cuobjdump --dump-resource-usage`` reads it; None if the cubin is no ELF or does not say."""
    elf = _elf_sections(cubin)
    if elf is None:
        return None
    sym = info = None
    for name, _typ, off, size, _link, sh_info in elf[1]:
        if name == f".text.{entry}":
            sym = sh_info
        elif name == ".nv.info":
            info = cubin[off:off + size]
    j = 0
    while sym is not None and info is not None and j + 4 <= len(info):
        fmt, attr = info[j], info[j + 1]
        if fmt == 0x04:                                   # EIFMT_SVAL: a 2-byte size, then the value
            n = int.from_bytes(info[j + 2:j + 4], "little")
            if attr == 0x2F and n == 8 and int.from_bytes(info[j + 4:j + 8], "little") == sym:   # EIATTR_REGCOUNT
                return int.from_bytes(info[j + 8:j + 12], "little")
            j += 4 + n
        elif fmt == 0x03:                                 # EIFMT_HVAL: a 2-byte value
            j += 4
        else:                                             # EIFMT_NVAL: none
            j += 2
    return None
