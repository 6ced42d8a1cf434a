"""Parse the PTX that NVRTC emits into instructions the machine can run.

We read PTX rather than C++ so the emulator runs exactly what the compiler
produced (templates, unrolled loops, inlined functions, inline asm). The parser
is deliberately small: it understands the directives NVRTC writes and keeps
every instruction's source location from the ``.loc`` lines.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

import numpy as np

from ..errors import EmulatorError


@dataclass
class Operand:
    """One operand: kind is reg, imm, fimm, sym, mem, vec, pred_not or special."""
    kind: str
    name: str = ""            # register / symbol / special-register name
    value: object = None      # immediate value (int, or float bits as int for fimm)
    offset: int = 0           # byte offset in a memory operand
    items: tuple = ()         # vector operand members
    bits: int = 0             # 32 or 64 for float immediates

    def __repr__(self):
        if self.kind == "mem":
            return f"[{self.name}+{self.offset}]"
        if self.kind == "vec":
            return "{" + ",".join(map(repr, self.items)) + "}"
        return self.name or str(self.value)


@dataclass
class Instr:
    op: str                    # base opcode, e.g. "ld"
    mods: tuple                # dotted modifiers, e.g. ("shared", "v4", "f32")
    args: list                 # list[Operand]
    guard: str | None = None   # predicate register guarding it
    guard_neg: bool = False
    file: int = 0
    line: int = 0
    text: str = ""             # the PTX line, for messages
    target: int = -1           # resolved branch target (pc)
    func: str = ""             # the .func this instruction belongs to once linked ("" in the entry)
    inlined_at: tuple | None = None   # (file, line) a header's inlined function was called from (.loc)

    @property
    def form(self) -> str:
        return ".".join((self.op,) + self.mods)


@dataclass
class Var:
    """A .shared / .local / .global / .const declaration."""
    space: str
    name: str
    align: int
    size: int                  # bytes; 0 for extern (dynamic) arrays
    extern: bool = False
    init: bytes = b""          # initial contents of a module-scope variable (zeros if empty)
    refs: tuple = ()           # addresses its initialiser holds (InitRef), filled in at launch
    init_error: tuple = ()     # (element, catalog key, fields): an initialiser element the emulator
                               # cannot evaluate, said (modvars.check) by a launch that uses it


@dataclass(frozen=True)
class InitRef:
    """``size`` bytes at ``offset`` of a variable hold ``((address of symbol + addend) & mask) >> shift``:
    ``generic(table)+4`` in a pointer table, ``0xFF00(generic(table)+4)`` byte by byte in a packed
    struct (PTX ISA "Initializers"). The emulator's generic and global (or const) addresses of a
    module variable are the same number (cvta.global adds 0), so ``generic()`` changes nothing."""
    offset: int
    size: int
    symbol: str
    addend: int = 0
    mask: int = (1 << 64) - 1
    shift: int = 0


@dataclass
class Function:
    name: str
    params: list = field(default_factory=list)      # [(name, ptx type)]
    regs: dict = field(default_factory=dict)        # register name -> ptx type
    vars: list = field(default_factory=list)        # [Var]
    instrs: list = field(default_factory=list)      # [Instr]
    labels: dict = field(default_factory=dict)      # label -> pc
    param_vars: dict = field(default_factory=dict)  # .param declared in the body (call sites) -> bytes
    rets: list = field(default_factory=list)        # a .func's return parameters [(name, ptx type)]
    cluster: tuple | None = None                    # .reqnctapercluster x, y, z (__cluster_dims__; emu/cluster.py)
    explicit_cluster: bool = False                  # .explicitcluster


@dataclass
class Module:
    functions: dict
    files: dict                                     # file index -> name
    globals: list                                   # module-scope Vars
    funcs: dict = field(default_factory=dict)       # .func name -> Function (device functions not inlined)
    externs: set = field(default_factory=set)       # .extern .func names (vprintf, __assertfail, malloc...)

    def entry(self, name: str) -> Function:
        try:
            return self.functions[name]
        except KeyError:
            raise EmulatorError(f"no entry {name!r} in the PTX (have {', '.join(self.functions)})") from None


_REG_DECL = re.compile(r"\.reg\s*\.(\w+)\s+(.+);")    # `.reg .pred p;`, and `.reg.pred p;` (sppark's gl64_t)
_VAR_DECL = re.compile(
    r"(?:\.extern\s+)?\.(shared|local|global|const)\s+(?:\.align\s+(\d+)\s+)?\.(\w+)\s+([\w$.]+)(?:\[(\d*)\])?")
_TYPE_BYTES = {"b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "b32": 4, "u32": 4,
               "s32": 4, "f32": 4, "b64": 8, "u64": 8, "s64": 8, "f64": 8}


def param_type_bytes(ty: str) -> int:
    """The bytes a ``.param`` of PTX type ``ty`` holds (``u64``, ``b8[24]``; an unknown base type: 8)."""
    m = re.fullmatch(r"(\w+?)(?:\[(\d+)\])?", ty)
    return _TYPE_BYTES.get(m.group(1), 8) * int(m.group(2) or 1) if m else 8


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


#: PTX ops whose first operand is not a register they write: a store, a branch, a barrier... (the dataflow readers of
#: isa, counters/sunk and counters/sass_model, and sanitizer/dropped, read an instruction's sources and writes by it)
NO_DEST = frozenset({"st", "red", "bar", "barrier", "bra", "brx", "ret", "exit", "call", "membar", "fence", "cp",
                     "prefetch", "prefetchu", "discard", "mbarrier", "griddepcontrol", "setmaxnreg", "trap",
                     "stmatrix", "nanosleep"})


def split_top(s: str, opening: str = "[{", closing: str = "]}") -> list[str]:
    """Split on commas that are not inside brackets (PTX operands: [] and {}; SASS's: [] and ())."""
    out, depth, cur = [], 0, []
    for ch in s:
        if ch in opening:
            depth += 1
        elif ch in closing:
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


_INT = re.compile(r"^-?(0[xX][0-9a-fA-F]+|\d+)[uU]?$")
# PTX's decimal floating-point constants (inline asm writes them: cuSZp's `setp.ge.f32 p, r, -0.5;`): a point or
# an exponent, kept as a 64-bit double and converted to the instruction's floating-point type where it is used
_DEC_FLOAT = re.compile(r"-?(\d+\.\d*|\.\d+|\d+(?=[eE]))([eE][+-]?\d+)?")


def _parse_int(s: str) -> int:
    s = s.rstrip("uU")
    neg = s.startswith("-")
    v = int(s[1:] if neg else s, 0) if not re.fullmatch(r"-?0\d+", s) else int(s, 8)
    return -v if neg else v


def parse_operand(tok: str) -> Operand:
    tok = tok.strip()
    if tok.startswith("{"):
        return Operand("vec", items=tuple(parse_operand(t) for t in split_top(tok[1:-1])))
    if tok.startswith("["):
        inner = tok[1:-1].strip()
        m = re.fullmatch(r"([%\w$.]+)\s*(?:([+-])\s*(-?\w+))?", inner)   # NVRTC writes [%rd1+-4]
        if m:
            base, sign, off = m.groups()
            if _INT.match(base):
                return Operand("mem", name="", offset=_parse_int(base))
            o = _parse_int(off) if off else 0
            return Operand("mem", name=base, offset=-o if sign == "-" else o)
        raise EmulatorError(f"cannot parse memory operand {tok!r}")
    if tok.startswith("!"):
        return Operand("pred_not", name=tok[1:])
    if re.fullmatch(r"0[fF][0-9a-fA-F]{8}", tok):
        return Operand("fimm", value=int(tok[2:], 16), bits=32)
    if re.fullmatch(r"0[dD][0-9a-fA-F]{16}", tok):
        return Operand("fimm", value=int(tok[2:], 16), bits=64)
    if _INT.match(tok):
        return Operand("imm", value=_parse_int(tok))
    if _DEC_FLOAT.fullmatch(tok):              # 0.5, -0.5, 1e-3: a double, rounded to the instruction's type at use
        return Operand("fimm", value=int(np.array(float(tok), dtype=np.float64).view(np.uint64)), bits=64)
    if tok == "WARP_SZ":                       # warpSize: a PTX constant
        return Operand("imm", value=32)
    if tok.startswith("%"):
        base = tok.split(".")[0]
        if base.startswith(_SPECIAL_PREFIXES) or base in ("%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid", "%nwarpid", "%smid",
                    "%clock", "%clock64", "%clock_hi", "%globaltimer", "%globaltimer_lo",
                    "%globaltimer_hi", "%nsmid", "%lanemask_lt", "%lanemask_le", "%lanemask_eq",
                    "%lanemask_gt", "%lanemask_ge", "%dynamic_smem_size", "%total_smem_size"):
            return Operand("special", name=tok)
        return Operand("reg", name=tok)
    if tok == "_":
        return Operand("sink", name="_")
    return Operand("sym", name=tok)


_SPECIAL_PREFIXES = ("%envreg", "%reserved_smem_offset_", "%nsmid", "%gridid", "%clock_hi", "%globaltimer_",
                     "%total_smem_size", "%aggr_smem_size", "%is_explicit_cluster", "%cluster", "%nclusterid")


def _expand_reg_names(spec: str) -> list[str]:
    names = []
    for part in spec.split(","):
        part = part.strip()
        m = re.fullmatch(r"(%?[\w$]+)<(\d+)>", part)
        if m:
            names += [f"{m.group(1)}{i}" for i in range(int(m.group(2)))]
        elif part:
            names.append(part)
    return names


_module_cache: dict = {}


def parsed(ptx: str) -> Module:
    """``parse``, kept for the PTX texts seen last (the machine, the count model and the checks share it)."""
    m = _module_cache.get(ptx)
    if m is None:
        if len(_module_cache) > 64:
            _module_cache.clear()
        m = _module_cache[ptx] = parse(ptx)
    return m


def parse(ptx: str) -> Module:
    """Parse a whole PTX module (every .entry)."""
    files: dict[int, str] = {}
    for m in re.finditer(r'\.file\s+(\d+)\s+"([^"]*)"', ptx):
        files[int(m.group(1))] = m.group(2)
    text = _strip_comments(ptx)
    functions: dict[str, Function] = {}
    module_vars: list[Var] = []

    pos = 0
    funcs: dict[str, Function] = {}
    externs: set = set()
    # Scan top-level: find each .entry / .func header, then its {...} body (or the ';' of a declaration).
    for m in re.finditer(r"(\.visible\s+|\.weak\s+|\.extern\s+)?\.(entry|func)\b", text):
        if m.start() < pos:
            continue
        kind = m.group(2)
        hdr_end, depth = m.end(), 0
        while text[hdr_end] not in "{;" or depth:
            depth += {"(": 1, ")": -1}.get(text[hdr_end], 0)
            hdr_end += 1
        header = text[m.end():hdr_end]
        hm = re.match(r"\s*(?:\(([^)]*)\)\s*)?([\w$]+)\s*(?:\((.*)\))?", header, re.S)
        name = hm.group(2)
        if text[hdr_end] == ";":                    # a declaration: .extern .func vprintf(...); or a prototype
            pos = hdr_end + 1
            if (m.group(1) or "").strip() == ".extern":
                externs.add(name)
            continue
        # body: match braces
        depth, i = 0, hdr_end
        while True:
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        body = text[hdr_end + 1:i]
        pos = i + 1
        params = []
        for p in re.finditer(r"\.param\s+(?:\.align\s+\d+\s+)?\.(\w+)\s+([\w$]+)(\[\d+\])?", hm.group(3) or ""):
            params.append((p.group(2), p.group(1) + (p.group(3) or "")))
        fn = _parse_body(name, params, body)
        if kind == "entry":
            functions[name] = fn
            cm = re.search(r"\.reqnctapercluster\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?", header)
            if cm:                                  # __cluster_dims__(x, y, z): the cluster shape (emu/cluster.py)
                fn.cluster = tuple(int(g or 1) for g in cm.groups())
            fn.explicit_cluster = bool(cm) or ".explicitcluster" in header
        else:
            fn.rets = [(p.group(2), p.group(1) + (p.group(3) or "")) for p in re.finditer(
                r"\.param\s+(?:\.align\s+\d+\s+)?\.(\w+)\s+([\w$]+)(\[\d+\])?", hm.group(1) or "")]
            funcs[name] = fn
    outside = _outside_bodies(text)
    for vm in _VAR_DECL.finditer(outside):
        space, align, ty, name, n = vm.groups()
        size = _TYPE_BYTES.get(ty, 1) * (int(n) if n else (0 if n == "" else 1))
        im = re.match(r"\s*=\s*(\{[^}]*\}|[^;]+);", outside[vm.end():])
        init, refs, err = _initial_bytes(im.group(1), ty, size) if im else (b"", (), ())
        module_vars.append(Var(space, name, int(align or _TYPE_BYTES.get(ty, 1)), size, extern=(n == ""),
                               init=init, refs=refs, init_error=err))
    return Module(functions, files, module_vars, funcs, externs)


def _initial_bytes(text: str, ty: str, size: int) -> tuple[bytes, tuple, tuple]:
    """(bytes, refs, error) of an initialiser such as ``{0, 0, 128, 63}``, ``0f3F800000`` or
    ``{generic($str), generic(table)+4}`` (little-endian). An element that holds an address is
    zero in the bytes and an InitRef in refs (the address is known only at launch). What cannot
    be evaluated comes back as ``error``, said only by a launch that uses the variable, so the
    file's other kernels still run."""
    es = _TYPE_BYTES.get(ty, 1)
    out = bytearray()
    refs = []
    for tok in text.strip().strip("{}").split(","):
        tok = tok.strip()
        if not tok:
            continue
        op = parse_operand(tok)
        if op.kind == "fimm":
            v = op.value
            if op.bits != 8 * es:                      # e.g. a 0f... literal in a .f64 initialiser
                f = np.array(v, dtype=f"<u{op.bits // 8}").view(f"<f{op.bits // 8}")
                v = int(f.astype(f"<f{es}").view(f"<u{es}"))
        elif op.kind == "imm":
            v = op.value
        else:
            try:
                sym, v, mask, shift = _address_element(tok)
            except ValueError as e:
                return bytes(size), (), (tok,) + e.args
            if sym is not None:
                refs.append(InitRef(len(out), es, sym, v, mask, shift))
                v = 0
            else:
                v = (v & mask) >> shift
        out += (v & ((1 << (8 * es)) - 1)).to_bytes(es, "little")
    refs = tuple(r for r in refs if r.offset + r.size <= size)
    return bytes(out[:size]) + bytes(max(0, size - len(out))), refs, ()


_MASKS = {0xFF << (8 * k): 8 * k for k in range(8)}
_EXPR_TOKEN = re.compile(r"\s*(?:(0[xX][0-9a-fA-F]+|\d+)|([A-Za-z_$%][\w$]*)|(.))")


def _address_element(tok: str) -> tuple[str | None, int, int, int]:
    """(symbol or None, constant, mask, shift) of one element: ``sym``, ``generic(sym)+8``,
    ``generic(sym+8)``, ``0xFF00(generic(sym)+4)`` or ``0xFF(1000 + 546)``; otherwise
    ValueError(catalog key, fields) saying why."""
    toks = [m.group(1) or m.group(2) or m.group(3) for m in _EXPR_TOKEN.finditer(tok.strip())]
    mask, shift = (1 << 64) - 1, 0
    if len(toks) > 2 and toks[1] == "(" and toks[-1] == ")" and toks[0][:2].lower() == "0x":
        mask = int(toks[0], 16)
        if mask not in _MASKS:
            raise ValueError("unsupported.init_mask", {"mask": toks[0]})
        shift, toks = _MASKS[mask], toks[2:-1]
    pos = 0

    def expr():
        nonlocal pos
        sym, const, sign = None, 0, 1
        if pos < len(toks) and toks[pos] in ("+", "-"):
            sign = -1 if toks[pos] == "-" else 1
            pos += 1
        while True:
            s, c = term()
            if s is not None:
                if sym is not None or sign < 0:
                    raise ValueError("unsupported.init_two_symbols", {})
                sym = s
            const += sign * c
            if pos < len(toks) and toks[pos] in ("+", "-"):
                sign = -1 if toks[pos] == "-" else 1
                pos += 1
                continue
            return sym, const

    def term():
        nonlocal pos
        if pos >= len(toks):
            raise ValueError("unsupported.init_ends_early", {})
        t = toks[pos]
        pos += 1
        if t[0].isdigit():
            return None, int(t, 0) if not re.fullmatch(r"0\d+", t) else int(t, 8)
        if t == "generic" and pos < len(toks) and toks[pos] == "(" or t == "(":
            pos += t == "generic"
            r = expr()
            if pos >= len(toks) or toks[pos] != ")":
                raise ValueError("unsupported.init_parentheses", {})
            pos += 1
            return r
        if re.fullmatch(r"[A-Za-z_$%][\w$]*", t):
            return t, 0
        raise ValueError("unsupported.init_unexpected", {"tok": repr(t)})

    sym, const = expr()
    if pos != len(toks):
        raise ValueError("unsupported.init_unexpected", {"tok": repr(toks[pos])})
    return sym, const, mask, shift


def _outside_bodies(text: str) -> str:
    out, depth = [], 0
    for line in text.splitlines():
        s = line.strip()
        if depth == 0 and not s.startswith("{"):
            out.append(line)
        depth += line.count("{") - line.count("}")
    return "\n".join(out)


_CALL_STMT = re.compile(r"\bcall(?:\.uni)?\b[^;]*;", re.S)
_PARAM_DECL = re.compile(r"\.param\s+(?:\.align\s+(\d+)\s+)?\.(\w+)\s+([\w$]+)(?:\[(\d+)\])?\s*$")


def _parse_body(name: str, params: list, body: str) -> Function:
    fn = Function(name=name, params=params)
    cur_file, cur_line, cur_inlined = 0, 0, None
    # PTX's { } blocks scope their labels: inline asm inlined twice defines its labels twice, each
    # branch going to the one of its own block (or of the nearest enclosing one)
    scope, n_scopes, scoped, chains = (0,), 0, {}, []
    # ... and their registers: two inline asm blocks may each declare `.reg .f64 r0;` and `.reg .s32
    # r0;` (CUB's double shuffle, then its int scan); each block's own is renamed `r0__s<block>`
    scoped_regs: dict = {}
    # NVRTC spreads a call over several lines: `call.uni (retval0),\n vprintf,\n (\n param0\n );`
    body = _CALL_STMT.sub(lambda mm: " ".join(mm.group(0).split()), body)
    for raw in body.split("\n"):
        for stmt in _statements(raw):
            s = stmt.strip()
            if s == "{":
                n_scopes += 1
                scope += (n_scopes,)
                continue
            if s == "}":
                scope = scope[:-1] or (0,)
                continue
            if not s:
                continue
            if s.startswith(".loc") and (len(s) == 4 or s[4] in " \t"):   # not ".local"
                parts = s.split()
                cur_file, cur_line = int(parts[1]), int(parts[2].rstrip(","))
                inl = s.split("inlined_at", 1)[1].split() if "inlined_at" in s else None
                cur_inlined = (int(inl[0]), int(inl[1].rstrip(","))) if inl and len(inl) > 1 else None
                continue
            if s.startswith(".reg"):
                m = _REG_DECL.match(s + (";" if not s.endswith(";") else ""))
                if m:
                    for r in _expand_reg_names(m.group(2).rstrip(";")):
                        if scope[-1]:
                            scoped_regs[(scope[-1], r)] = r = f"{r}__s{scope[-1]}"
                        fn.regs[r] = m.group(1)
                continue
            if s.startswith(".param"):              # a call site's argument / return slot
                pm = _PARAM_DECL.match(s)
                if not pm:
                    raise EmulatorError(f"cannot parse the parameter declaration {s!r}")
                size = _TYPE_BYTES.get(pm.group(2), 1) * int(pm.group(4) or 1)
                fn.param_vars[pm.group(3)] = max(size, fn.param_vars.get(pm.group(3), 0))
                continue
            if ".callprototype" in s:               # `prototype_0 : .callprototype ...` (indirect calls)
                continue
            vm = _VAR_DECL.match(s)
            if vm and s.startswith((".shared", ".local", ".global", ".const", ".extern")):
                space, align, ty, vname, n = vm.groups()
                elems = 1 if n is None else (int(n) if n else 0)
                fn.vars.append(Var(space, vname, int(align or _TYPE_BYTES.get(ty, 1)),
                                   _TYPE_BYTES.get(ty, 1) * elems, extern=(n == "")))
                continue
            if s.startswith((".pragma", ".maxntid", ".reqntid", ".minnctapersm", ".maxnreg", ".file",
                             ".section", ".maxclusterrank", ".reqnctapercluster", ".explicitcluster")):
                continue
            lm = re.match(r"^([\w$]+):\s*(.*)$", s)
            if lm:
                scoped[(scope[-1], lm.group(1))] = len(fn.instrs)
                key = lm.group(1) if lm.group(1) not in fn.labels else f"{lm.group(1)}@{scope[-1]}"
                fn.labels[key] = len(fn.instrs)           # every label: the blocks' starts
                s = lm.group(2).strip()
                if not s:
                    continue
            fn.instrs.append(_parse_instr(s, cur_file, cur_line))
            chains.append(scope)
            if cur_inlined is not None:
                fn.instrs[-1].inlined_at = cur_inlined
    _attribute_line_zero(fn.instrs)
    for ins, chain in zip(fn.instrs, chains):
        if scoped_regs:
            def own(name, chain=chain):
                return next((scoped_regs[(b, name)] for b in reversed(chain) if (b, name) in scoped_regs),
                            name)
            ins.args = [_rename(a, own) for a in ins.args]
            if ins.guard:
                ins.guard = own(ins.guard)
        # inline asm may declare registers without '%' (".reg .pred p;"): resolve them
        ins.args = [_as_reg(a, fn.regs) for a in ins.args]
        if ins.guard and not ins.guard.startswith("%") and ins.guard not in fn.regs:
            raise EmulatorError(f"unknown predicate {ins.guard} in: {ins.text}")
        if ins.op in ("bra", "brx", "call"):
            if ins.op == "bra":
                lab = ins.args[0].name
                pc = next((scoped[(b, lab)] for b in reversed(chain) if (b, lab) in scoped), None)
                if pc is None:
                    raise EmulatorError(f"branch to unknown label {lab}")
                ins.target = pc
    return fn


def _regs_in(op) -> list:
    if op.kind in ("reg", "pred_not"):
        return [op.name]
    if op.kind == "vec":
        return [r for it in op.items for r in _regs_in(it)]
    if op.kind == "mem" and op.name.startswith("%"):
        return [op.name]
    return []


def _attribute_line_zero(instrs, window: int = 400):
    """Give compiler-made code (``.loc N 0``) the line of the first instruction that uses its result.

    NVRTC hoists loop-invariant work (a load the loop keeps reusing, say) and marks it
    line 0; a finding there should still point at the learner's line that needed it.
    """
    for i, ins in enumerate(instrs):
        if ins.line or not ins.args or ins.op in ("st", "bra", "bar", "ret", "exit", "red"):
            continue
        dst = set(_regs_in(ins.args[0]))
        if not dst:
            continue
        for j in range(i + 1, min(len(instrs), i + window)):
            nxt = instrs[j]
            srcs = [r for a in nxt.args[1:] for r in _regs_in(a)]
            if nxt.op == "st" or nxt.op == "red":
                srcs = [r for a in nxt.args for r in _regs_in(a)]
            if nxt.guard:
                srcs.append(nxt.guard)
            if dst & set(srcs):
                if nxt.line:
                    ins.file, ins.line, ins.inlined_at = nxt.file, nxt.line, nxt.inlined_at
                    break
                dst |= set(_regs_in(nxt.args[0])) if nxt.args else set()


def _rename(a: Operand, own) -> Operand:
    """The operand with a register declared in an enclosing { } block named as that block's own."""
    if a.kind == "vec":
        return replace(a, items=tuple(_rename(x, own) for x in a.items))
    if a.kind in ("reg", "sym", "pred_not", "mem") and a.name:
        n = own(a.name)
        return a if n == a.name else replace(a, name=n)
    return a


def _as_reg(a: Operand, regs: dict) -> Operand:
    if a.kind == "sym" and a.name in regs:
        return Operand("reg", name=a.name)
    if a.kind == "vec":
        return Operand("vec", items=tuple(_as_reg(x, regs) for x in a.items))
    if a.kind == "mem" and a.name and not a.name.startswith("%") and a.name in regs:
        return Operand("mem", name=a.name, offset=a.offset)
    return a


def _statements(line: str):
    """A PTX line can hold several ';'-separated statements (inline asm often does)."""
    line = line.strip()
    if not line:
        return
    # braces that open and close a scope (inline asm's blocks) become their own statements
    buf = ""
    for ch in line:
        if ch in "{}" and not _inside_operand(buf):
            if buf.strip():
                yield buf
            buf = ""
            yield ch
            continue
        buf += ch
        if ch == ";":
            yield buf[:-1]
            buf = ""
    if buf.strip():
        yield buf


def _inside_operand(buf: str) -> bool:
    # a '{' after an opcode (vector operand) is part of the instruction
    s = buf.strip()
    if not s:
        return False
    if s.startswith("."):
        return False
    return bool(re.match(r"^(@!?%?\w+\s+)?[a-z]", s)) and not s.endswith(":")


_CALL = re.compile(r"^call((?:\.\w+)*)\s+(?:\(([^()]*)\)\s*,\s*)?([%\w$.]+)\s*(?:,\s*\(([^()]*)\))?"
                   r"\s*(?:,\s*([\w$]+))?\s*$")


def _parse_call(s: str, guard, neg, file, line) -> Instr:
    """call[.uni] (rets), target, (args)[, prototype]: args = [rets vec, target, args vec]."""
    m = _CALL.match(s)
    if not m:
        raise EmulatorError(f"cannot parse the call {s!r}")
    mods, rets, target, args, proto = m.groups()

    def names(t):
        return tuple(Operand("sym", name=x.strip()) for x in (t or "").split(",") if x.strip())
    tgt = Operand("reg", name=target) if target.startswith("%") else Operand("sym", name=target)
    return Instr(op="call", mods=tuple(x for x in mods.split(".") if x),
                 args=[Operand("vec", items=names(rets)), tgt, Operand("vec", items=names(args))],
                 guard=guard, guard_neg=neg, file=file, line=line, text=s.strip() + (" " if proto else ""))


def _parse_instr(s: str, file: int, line: int) -> Instr:
    guard, neg = None, False
    gm = re.match(r"^@(!?)(%?[\w$]+)\s+(.*)$", s)
    if gm:
        neg, guard, s = gm.group(1) == "!", gm.group(2), gm.group(3)
    if s.startswith("call") and (len(s) == 4 or s[4] in " \t."):
        return _parse_call(s, guard, neg, file, line)
    parts = s.split(None, 1)
    opcode = parts[0]
    rest = parts[1] if len(parts) > 1 else ""
    toks = opcode.split(".")
    args = []
    for t in split_top(rest):
        if t.startswith("[") and len(inner := split_top(t[1:-1])) == 2 and inner[1].startswith("{"):
            # a tensor address, [tensorMap, {c0, c1, ...}] (cp.async.bulk.tensor): two operands,
            # the map's address as a memory operand and the coordinates as a vector (emu/tma.py)
            args += [parse_operand("[" + inner[0] + "]"), parse_operand(inner[1])]
        elif "|" in t and not t.startswith(("[", "{")):  # setp dual destination p|q
            a, b = t.split("|")
            args.append(Operand("vec", items=(parse_operand(a), parse_operand(b))))
        else:
            args.append(parse_operand(t))
    return Instr(op=toks[0], mods=tuple(toks[1:]), args=args, guard=guard, guard_neg=neg,
                 file=file, line=line, text=s.strip())
