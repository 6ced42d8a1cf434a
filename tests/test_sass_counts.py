"""counts="sass": the emulator counts memory requests as ptxas made them (tilelab/emu/counters/sass_model.py).

* the model of ptxas's merges (known low bits of the address arithmetic, consecutive offsets)
  against a brute-force model that evaluates the addresses themselves;
* a merged access counted from the lanes' addresses against a brute-force count of the
  wide access (DESIGN §5, written out here as loops), on kernels whose line the cubin confirms;
* a line where the model and the cubin disagree is counted as in the PTX, and says so;
* the tiled matmul's totals equal ncu's recorded on the H200 (bench/results/fidelity-2026-11-29.json.gz).
"""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest

from tilelab import toolchain as tc
from tilelab.emu.counters import sass_model
from tilelab.emu.ptx import parse
from conftest import needs_cubin, read_json

ROOT = Path(__file__).resolve().parent.parent
FIDELITY = ROOT / "bench" / "results" / "fidelity-2026-11-29.json.gz"


# ------------------------------------------------------------------ the merge model on PTX text
PTX = """\
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 k_param_0)
{{
    .reg .pred %p<4>;
    .reg .b32 %r<64>;
    .reg .f32 %f<64>;
    .reg .b64 %rd<16>;
    .shared .align 4 .b8 s[8192];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, s;
    shl.b32 %r3, %r1, {shift};
    add.s32 %r4, %r2, %r3;
    add.s32 %r5, %r4, {add};
    setp.ne.s32 %p1, %r1, 7;
{body}
    ret;
}}
"""


def _group_ptx(rng, size: int):
    """A random group of shared accesses off one base: offsets, order, guards, blockers."""
    shift, add = int(rng.integers(0, 6)), int(rng.integers(0, 5)) * 4
    kind = "ld" if rng.random() < 0.7 else "st"
    t = "f32" if size == 4 else "f64"
    reg = "%f" if size == 4 else "%rd"
    n = int(rng.integers(2, 9))
    offsets = sorted(set(int(o) for o in rng.choice(np.arange(0, 12) * size, size=n)))
    order = list(rng.permutation(len(offsets)))
    lines, members = [], []
    for j, i in enumerate(order):
        o = offsets[i]
        guard = "@%p1 " if rng.random() < 0.15 else ""
        if kind == "ld":
            lines.append(f"    {guard}ld.shared.{t} {reg}{j + 1}, [%r5+{o}];")
        else:
            lines.append(f"    {guard}st.shared.{t} [%r5+{o}], {reg}{j + 1};")
        members.append((o, guard))
        r = rng.random()
        if r < 0.05:
            lines.append("    bar.sync 0;")
            members.append(("cut", ""))
        elif r < 0.1:
            lines.append("    st.shared.f32 [%r2+4000], %f60;" if kind == "ld" else
                         "    ld.shared.f32 %f60, [%r2+4000];")             # another base: may alias
            members.append(("cut", ""))
    text = PTX.format(shift=shift, add=add, body="\n".join(lines))
    return text, shift, add, kind, members


def _brute_units(shift, add, members, size, kind, sym_align=16, shifts=(0,)):
    """ptxas's rule (docs/SASS_COUNTS.md), by brute force: in program order, groups per guard
    close at a barrier or an aliasing access (and, for stores, at a store of another group); a
    store group is split where the next store in program order lies in another aligned window
    (as wide as every possible base address is aligned, 16 bytes at most); each closed group (or
    run) is cut greedily, and a window is aligned when every possible address of its first member
    (every tid, every placement of `s` at a multiple of sym_align, every value in ``shifts`` added
    to the base: the iterations of a loop) is; loads of three of the four words of an aligned
    16-byte chunk are one 16-byte load."""
    bases = [base + (tid << shift) + add + e for tid in range(64) for base in range(0, 64, sym_align) for e in shifts]

    def aligned(o, w):
        return all((b + o) % w == 0 for b in bases)

    def known(w):                  # every possible base address has one residue modulo w
        return all((b - bases[0]) % w == 0 for b in bases)

    closed, open_ = [], defaultdict(list)
    for o, g in members:
        if o == "cut":
            closed += list(open_.values())
            open_.clear()
            continue
        if kind == "st":
            for other in [h for h in open_ if h != g]:
                closed.append(open_.pop(other))
        open_[g].append(o)
    closed += list(open_.values())
    if kind == "st":
        win = next(w for w in (16, 8, 4, 2, 1) if known(w))
        runs = []
        for offs in closed:
            runs.append([offs[0]])
            for o in offs[1:]:
                if (bases[0] + o) // win == (bases[0] + runs[-1][-1]) // win:
                    runs[-1].append(o)
                else:
                    runs.append([o])
        closed = runs
    units = []
    for offs in closed:
        offs = sorted(offs)
        i = 0
        while i < len(offs):
            if kind == "ld" and size == 4 and known(16):
                lo = offs[i] - (bases[0] + offs[i]) % 16
                chunk = [o for o in offs[i:] if o < lo + 16]
                if len(chunk) == len(set(chunk)) == 3:
                    units.append((tuple(chunk), 16))
                    i += 3
                    continue
            for w in (16, 8):
                need = w // size
                if need >= 2 and offs[i:i + need] == [offs[i] + j * size for j in range(need)] and \
                        aligned(offs[i], w):
                    units.append((tuple(offs[i:i + need]), w))
                    i += need
                    break
            else:
                units.append(((offs[i],), size))
                i += 1
    return sorted(units)


@pytest.mark.parametrize("size", [4, 8])
def test_merge_model_matches_brute_force(size):
    rng = np.random.default_rng(1300 + size)
    for _ in range(300):
        text, shift, add, kind, members = _group_ptx(rng, size)
        fn = parse(text).entry("k")
        units = sass_model.predict(fn, len(fn.instrs), {"s": 16})
        mem = {pc: ins.args[0 if kind == "st" else 1] for pc, ins in enumerate(fn.instrs) if ins.op == kind}
        got = sorted((tuple(mem[pc].offset for pc in u.pcs), u.size) for u in units
                     if u.pcs[0] in mem and mem[u.pcs[0]].name == "%r5")
        assert got == _brute_units(shift, add, members, size, kind), text


KNOWN = """\
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{{
    .reg .b32 %r<64>;
    .shared .align 4 .b8 s[64];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, s;
{body}
    ret;
}}
"""


def test_known_bits_never_claim_too_much():
    # soundness on random address arithmetic: every low bit the analysis claims holds for
    # concrete values of %tid.x and of where `s` is placed (any multiple of 16)
    rng = np.random.default_rng(7)
    ops = ["shl.b32 %r{d}, %r{a}, {c};", "add.s32 %r{d}, %r{a}, %r{b};", "add.s32 %r{d}, %r{a}, {c};",
           "mul.lo.s32 %r{d}, %r{a}, {c};", "mad.lo.s32 %r{d}, %r{a}, {c}, %r{b};",
           "and.b32 %r{d}, %r{a}, {c};", "or.b32 %r{d}, %r{a}, {c};", "xor.b32 %r{d}, %r{a}, %r{b};",
           "shr.u32 %r{d}, %r{a}, {c};", "sub.s32 %r{d}, %r{a}, %r{b};", "selp.b32 %r{d}, %r{a}, %r{b}, 1;"]
    evaluate = {"mov": lambda x: x[0], "shl": lambda x: x[0] << x[1], "add": lambda x: x[0] + x[1],
                "mul": lambda x: x[0] * x[1], "mad": lambda x: x[0] * x[1] + x[2], "and": lambda x: x[0] & x[1],
                "or": lambda x: x[0] | x[1], "xor": lambda x: x[0] ^ x[1], "shr": lambda x: x[0] >> x[1],
                "sub": lambda x: x[0] - x[1], "selp": lambda x: x[0]}
    claimed = 0
    for _ in range(300):
        body, n = [], 3
        for _ in range(int(rng.integers(1, 8))):
            op = ops[int(rng.integers(len(ops)))]
            body.append("    " + op.format(d=n, a=int(rng.integers(1, n)), b=int(rng.integers(1, n)),
                                           c=int(rng.integers(0, 40))))
            n += 1
        text = KNOWN.format(body="\n".join(body))
        fn = parse(text).entry("k")
        bits = sass_model._Bits(fn, {"s": 16})
        for tid in range(0, 64, 5):
            for base in (0, 16, 48, 4096):
                regs = {}
                for ins in fn.instrs[:-1]:
                    x = [regs[o.name] if o.kind == "reg" else tid if o.kind == "special" else
                         base if o.kind == "sym" else o.value for o in ins.args[1:]]
                    regs[ins.args[0].name] = evaluate[ins.op](x) & 0xFFFFFFFF
                for name, v in regs.items():
                    k, r = bits.val[name]
                    claimed += k
                    assert v % (1 << k) == r, (text, name, v, (k, r))
    assert claimed > 0


# ------------------------------------------------------------------ merged accesses, counted
def brute_wavefronts(addr, active, nbytes, load=True) -> int:
    """DESIGN §5 as loops: lanes per phase by width (paired loads: twice as many, where every lane
    reads its t ^ 1 partner's address or every lane its t ^ 2 partner's, an off lane matching
    anything: the rule ncu showed on 262 patterns, tilelab/emu/counters/metrics.py), distinct
    4-byte words per bank within a phase, the worst bank per phase, phases added."""
    lpp = {4: 32, 8: 16, 16: 8}[nbytes]
    if load and nbytes in (8, 16) and any(
            all(addr[t] == addr[t ^ m] or not active[t] or not active[t ^ m] for t in range(32))
            for m in (1, 2)):
        lpp *= 2
    total = 0
    for p in range(32 // lpp):
        banks = defaultdict(set)
        for lane in range(p * lpp, (p + 1) * lpp):
            if active[lane]:
                for w in range(nbytes // 4):
                    word = addr[lane] // 4 + w
                    banks[word % 32].add(word)
        total += max((len(v) for v in banks.values()), default=0)
    return total


GATHER = """\
__global__ void gather(const int* idx, const int* on, float* out)
{
    __shared__ float s[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x)
        s[i] = i;
    __syncthreads();
    int t = threadIdx.x;
    if (on[t]) {
        int j = idx[t] * W + SKEW;
        out[t] = READS;   // @reads
    }
}
"""


def _gather(w: int, skew: int):
    reads = " + ".join(f"s[j + {i}]" if i else "s[j]" for i in range(w))
    src = GATHER.replace("READS", reads).replace("W + SKEW", f"{w} + {skew}")
    return src, tc.compile_cuda(src, filename="gather.cu").kernel("gather")


@needs_cubin
@pytest.mark.parametrize("w,skew", [(4, 0), (2, 0), (4, 2)])
def test_merged_access_counts_match_brute_force(w, skew):
    from tilelab.emu.machine import run
    src, k = _gather(w, skew)
    line = next(i + 1 for i, s in enumerate(src.splitlines()) if "@reads" in s)
    rng = np.random.default_rng(w * 10 + skew)
    checked_sass = False
    for trial in range(25):
        idx = rng.integers(0, 1024 // w - 1, size=32).astype(np.int32)
        if trial % 3 == 1:
            idx[:] = idx[0]                                   # broadcast
        elif trial % 3 == 2:
            idx[1::2] = idx[0::2]                             # lane pairs share an address
        on = (rng.random(32) < 0.8).astype(np.int32)
        on[0] = 1
        out = np.zeros(32, np.float32)
        sass = run(k, 1, 32, [idx, on, out.copy()], counts="sass")
        ptx = run(k, 1, 32, [idx, on, out], counts="ptx")
        row = next(r for r in sass.per_line if r["line"] == line)
        prow = next(r for r in ptx.per_line if r["line"] == line)
        act = on.astype(bool)
        byte = (idx.astype(np.int64) * w + skew) * 4       # the lowest address each lane reads
        plain = sum(brute_wavefronts(byte + 4 * i, act, 4) for i in range(w))
        assert prow["shared_ld_wavefronts"] == plain and prow["shared_ld_requests"] == w
        if row["counted"] == "sass" and sass.plan is not None and sass.plan.action:
            checked_sass = True
            # the cubin agreed: count the units the model made of this line
            fn = __import__("tilelab.emu.machine", fromlist=["parsed"]).parsed(k.program.ptx).entry(k.entry)
            pcs = [pc for pc, ins in enumerate(fn.instrs) if ins.line == line and ins.op == "ld"
                   and "shared" in ins.mods]
            offs = {pc: fn.instrs[pc].args[1].offset for pc in pcs}
            o0 = min(offs.values())
            want_wf, want_req = 0, 0
            for pc in pcs:
                a = sass.plan.action.get(pc)
                if a is None:
                    want_wf += brute_wavefronts(byte + offs[pc] - o0, act, 4)
                    want_req += 1
                elif a[0] == "wide":                        # from the group's lowest address
                    want_wf += brute_wavefronts(byte + offs[pc] + a[2] - o0, act, a[1])
                    want_req += 1
            assert row["shared_ld_wavefronts"] == want_wf and row["shared_ld_requests"] == want_req
            assert row["ptx"]["shared_ld_requests"] == w and "ptxas merged" in row["why"]
        else:
            assert row["shared_ld_wavefronts"] == plain
    if (w, skew) == (4, 0):
        assert checked_sass, "ptxas should merge s[4j..4j+3] into LDS.128 and the model should say so"


@needs_cubin
def test_a_line_the_model_gets_wrong_is_counted_as_in_the_ptx(monkeypatch):
    from tilelab.emu.machine import run
    src, k = _gather(4, 0)
    line = next(i + 1 for i, s in enumerate(src.splitlines()) if "@reads" in s)
    # pretend ptxas could prove nothing about `s`: the model then predicts four LDS where the
    # cubin has an LDS.128, and the line must fall back, saying so (no placement read off the cubin,
    # which would give `s` its offset: docs/SASS_COUNTS.md, "Where ptxas places ...")
    monkeypatch.setattr(sass_model, "SHARED_ALIGN", 1)
    monkeypatch.setattr(sass_model, "placement", lambda *a: {})
    k.program.__dict__.pop("_count_plans", None)
    idx = np.arange(32, dtype=np.int32)
    on = np.ones(32, np.int32)
    r = run(k, 1, 32, [idx, on, np.zeros(32, np.float32)], counts="sass")
    row = next(x for x in r.per_line if x["line"] == line)
    assert row["counted"] == "ptx" and "counted as in the PTX" in row["why"] and "LDS.128" in row["why"]
    assert row["shared_ld_requests"] == 4 and "ptx" not in row
    k.program.__dict__.pop("_count_plans", None)


@needs_cubin
def test_no_cubin_counts_as_in_the_ptx_and_says_why():
    from tilelab.emu.machine import run
    # inline asm that ptxas refuses (there is no m16n8k17) on a branch the launch never takes
    src = """\
__global__ void k(float* x)
{
    __shared__ float s[64];
    s[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    float c = s[2 * (threadIdx.x / 2)] + s[2 * (threadIdx.x / 2) + 1];
    if (c == 12345.0f)
        asm volatile("mma.sync.aligned.m16n8k17.row.col.f32.f16.f16.f32 {%0,%0,%0,%0}, {%1,%1,%1,%1}, "
                     "{%1,%1}, {%0,%0,%0,%0};" : "+f"(c) : "r"(0));
    x[threadIdx.x] = c;
}
"""
    k = tc.compile_cuda(src, filename="bad.cu").kernel("k")
    r = run(k, 1, 32, [np.zeros(32, np.float32)], counts="sass")
    assert r.counts == "ptx" and "no cubin for sm_90" in r.counts_note and "counted as in the PTX" in r.counts_note
    p = run(k, 1, 32, [np.zeros(32, np.float32)], counts="ptx")
    assert r.metrics == p.metrics and all("counted" not in row for row in r.per_line)


def test_counts_mode_is_checked():
    from tilelab.emu.machine import run
    from tilelab.errors import LaunchError
    k = tc.compile_cuda("__global__ void k(float* x) { x[threadIdx.x] = 1; }").kernel("k")
    with pytest.raises(LaunchError, match="counts must be"):
        run(k, 1, 32, [np.zeros(32, np.float32)], counts="ncu")


# ------------------------------------------------------------------ against ncu on the H200
@needs_cubin
@pytest.mark.parametrize("name", ["matmulTiled16", "matmulTiled32"])
def test_tiled_matmul_totals_equal_ncu(name):
    from tilelab.emu.machine import run
    rec = read_json(FIDELITY)
    row = next(r for r in rec["rows"] if r["kernel"] == name and r["file"] == "matmul_tiled.cu")
    k = tc.kernel_from_file(ROOT / "kernels" / "matmul_tiled.cu", name)
    grid, block = row["grid"], row["block"]
    n = grid[0] * block[0]
    rng = np.random.default_rng(0)
    a, b = (rng.standard_normal((n, n)).astype(np.float32) for _ in range(2))
    res = run(k, grid, block, [a, b, np.zeros((n, n), np.float32), n], counts="sass", arch=rec["arch"])
    assert res.counts == "sass"
    for key in ("shared_ld_wavefronts", "shared_ld_requests", "shared_st_wavefronts", "shared_st_requests",
                "global_ld_sectors", "global_ld_requests", "global_st_sectors", "global_st_requests"):
        assert res.metrics[key] == row["ncu"][key], (key, res.metrics[key], row["ncu"][key])
    # and the plain PTX counts are still there, as the emulator counted them before
    assert res.ptx_metrics["shared_ld_requests"] == row["emu"]["shared_ld_requests"]


def test_copies_of_the_prediction():
    from collections import Counter
    c = sass_model._copies
    assert c(Counter({"LDS": 8}), Counter({"LDS": 1})) == 8                 # a loop unrolled 8 times
    assert c(Counter({"LDS": 4, "LDS.128": 2}), Counter({"LDS": 2, "LDS.128": 1})) == 2
    assert c(Counter({"LDS": 1, "LDS.128": 7}), Counter({"LDS": 1, "LDS.128": 1})) == 0
    assert c(Counter({"LDS": 3}), Counter({"LDS": 2})) == 0 and c(Counter(), Counter({"LDS": 1})) == 0
    assert c(Counter(), Counter()) == 1


PAIR_LINES = """\
__global__ void pairs(const int* idx, float* out)
{
    __shared__ float s[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        s[i] = i;
    __syncthreads();
    int j = idx[threadIdx.x] * 2;
    float a = s[j];          // @first
    float b = s[j + 1];      // @second
    out[threadIdx.x] = a * b;
}
"""


@needs_cubin
def test_a_merge_across_two_lines_is_counted_once():
    from tilelab.emu.machine import run
    k = tc.compile_cuda(PAIR_LINES, filename="pairs.cu").kernel("pairs")
    lines = [i + 1 for i, s in enumerate(PAIR_LINES.splitlines()) if "// @" in s]
    mix = tc.sass_memory_mix(k.program, "sm_90", entry=k.entry)
    if sum(mix.get(("pairs.cu", n), {}).get("LDS.64", 0) for n in lines) != 1:
        pytest.skip(f"ptxas did not merge the pair here: {mix}")
    r = run(k, 1, 64, [np.arange(64, dtype=np.int32), np.zeros(64, np.float32)])
    rows = {x["line"]: x for x in r.per_line if x["line"] in lines}
    assert all(rows[n]["counted"] == "sass" for n in lines)
    assert sum(rows[n]["shared_ld_requests"] for n in lines) == 2                 # 2 warps, one LDS.64 each
    assert sum(rows[n].get("ptx", {}).get("shared_ld_requests", rows[n]["shared_ld_requests"]) for n in lines) == 4
    assert any("ptxas merged 2 loads into LDS.64" in rows[n].get("why", "") for n in lines)


def test_no_cubin_is_built_where_nothing_could_merge():
    from tilelab.emu.machine import run
    # four consecutive global stores off a kernel pointer: ptxas cannot prove 16-byte alignment
    # either, so there is nothing to check, and no cubin (nor nvdisasm's half second) is spent
    src = "__global__ void k(float* x) { int t = 4 * threadIdx.x; x[t] = 1; x[t + 1] = 2; x[t + 2] = 3; x[t + 3] = 4; }"
    k = tc.compile_cuda(src, filename="k.cu").kernel("k")
    r = run(k, 1, 32, [np.zeros(128, np.float32)])
    assert r.counts == "sass" and not r.plan.action and not k.program._cubins
    assert r.metrics["global_st_requests"] == 4 and all("why" not in row for row in r.per_line)


# ------------------------------------------------------------------ the same, as a hypothesis property
try:
    from hypothesis import given, settings, strategies as st
except ImportError:                                  # pragma: no cover
    given = None

if given is not None:
    @needs_cubin
    @settings(max_examples=40, deadline=None)
    @given(w=st.sampled_from([2, 4]), rows=st.lists(st.integers(0, 60), min_size=32, max_size=32),
           on=st.lists(st.booleans(), min_size=32, max_size=32), pairs=st.booleans())
    def test_merged_access_property(w, rows, on, pairs):
        """Any lanes' addresses and mask: the line counts as the wide access of DESIGN §5 when the
        cubin confirms the merge, else as the PTX's w narrow ones."""
        from tilelab.emu.machine import run
        src, k = _gather(w, 0)
        line = next(i + 1 for i, s in enumerate(src.splitlines()) if "@reads" in s)
        idx = np.array(rows, np.int32)
        if pairs:
            idx[1::2] = idx[0::2]
        act = np.array(on, bool)
        act[0] = True
        r = run(k, 1, 32, [idx, act.astype(np.int32), np.zeros(32, np.float32)])
        row = next(x for x in r.per_line if x["line"] == line)
        byte = idx.astype(np.int64) * w * 4
        if row["counted"] == "sass" and r.plan.action:
            assert row["shared_ld_requests"] == 1
            assert row["shared_ld_wavefronts"] == brute_wavefronts(byte, act, 4 * w)
            ptx_wf = row["ptx"].get("shared_ld_wavefronts", row["shared_ld_wavefronts"])   # only what differs
            assert ptx_wf == sum(brute_wavefronts(byte + 4 * i, act, 4) for i in range(w))
        else:
            assert row["shared_ld_wavefronts"] == sum(brute_wavefronts(byte + 4 * i, act, 4) for i in range(w))


# ------------------------------------------------------------------ loops ptxas unrolls fully
LOOP_PTX = """\
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{{
    .reg .pred %p<4>;
    .reg .b32 %r<64>;
    .reg .f32 %f<64>;
    .shared .align 4 .b8 s[8192];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, s;
    shl.b32 %r3, %r1, {shift};
    add.s32 %r4, %r2, %r3;
    add.s32 %r5, %r4, {add};
    mov.u32 %r10, {init};
    mov.u32 %r6, %r5;
$L__loop:
{body}
    add.s32 %r10, %r10, {cstep};
    setp.{cmp}.s32 %p2, %r10, {bound};
    @%p2 bra $L__loop;
    ret;
}}
"""
_PY_CMP = {"ne": lambda a, b: a != b, "lt": lambda a, b: a < b, "le": lambda a, b: a <= b,
           "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b}


def _loop_ptx(rng):
    """A counted one-block loop of scalar shared loads off one base that the body advances by a
    constant: random trip count, step, offsets and the place of the base's add."""
    shift, add = int(rng.integers(0, 6)), int(rng.integers(0, 5)) * 4
    init, cstep = int(rng.integers(0, 8)), int(rng.choice([1, 2, 3, -1, -2]))
    cmp = str(rng.choice(list(_PY_CMP)))
    bound = init + cstep * int(rng.integers(1, 9)) + int(rng.integers(-1, 2))
    step = int(rng.choice([4, 8, 12, 16, 32, -8]))
    offsets = [int(o) * 4 for o in rng.choice(np.arange(-4, 12), size=int(rng.integers(1, 7)))]
    at = int(rng.integers(0, len(offsets) + 1))         # the base's add goes before load `at`
    lines = []
    for q, o in enumerate(offsets):
        if q == at:
            lines.append(f"    add.s32 %r6, %r6, {step};")
        lines.append(f"    ld.shared.f32 %f{q + 1}, [%r6+{o}];")
    if at == len(offsets):
        lines.append(f"    add.s32 %r6, %r6, {step};")
    text = LOOP_PTX.format(shift=shift, add=add, init=init, cstep=cstep, cmp=cmp, bound=bound,
                           body="\n".join(lines))
    # the trip count, by running the counter
    v, trips = init, 0
    while trips <= sass_model.MAX_TRIPS:
        trips += 1
        v += cstep
        if not _PY_CMP[cmp](v, bound):
            break
    if trips == 1:                      # ptxas drops such a loop: not a case for the model
        return _loop_ptx(rng)
    return text, shift, add, offsets, at, step, trips


def test_unrolled_loop_merges_match_brute_force():
    """The units the model makes of a counted loop against brute force: ptxas unrolls a loop of
    2..MAX_TRIPS trips, and load q of trip j reads base + offset + step * (j + [add before q]);
    all of them form one group, cut as _brute_units cuts it. A loop it does not unroll (one trip,
    or too many) keeps one trip's loads, the base's add cutting them in two."""
    rng = np.random.default_rng(1313)
    unrolled = 0
    for _ in range(300):
        text, shift, add, offsets, at, step, trips = _loop_ptx(rng)
        fn = parse(text).entry("k")
        loops = sass_model.find_loops(fn, len(fn.instrs))
        if 2 <= trips <= sass_model.MAX_TRIPS:
            assert [L.trips for L in loops] == [trips], text
            members = [(o + step * (j + (at <= q)), "") for j in range(trips) for q, o in enumerate(offsets)]
            want = _brute_units(shift, add, members, 4, "ld")
            unrolled += 1
        else:
            # not unrolled: one trip's loads, in two groups (the add writes the base), each
            # aligned only if it is on every trip (its base then is base + step * trip)
            assert loops == [], text
            before = [step * j for j in range(trips)]
            want = sorted(_brute_units(shift, add, [(o, "") for o in offsets[:at]], 4, "ld", shifts=before) +
                          _brute_units(shift, add, [(o, "") for o in offsets[at:]], 4, "ld",
                                       shifts=[x + step for x in before]))
        units = sass_model.predict(fn, len(fn.instrs), {"s": 16}, loops)
        got = sorted((tuple(u.offs), u.size) for u in units if fn.instrs[u.pcs[0]].op == "ld")
        assert got == want, text
    assert unrolled > 100


def test_loop_iteration_is_read_from_the_counter():
    """An ("iter", ...) action picks iteration j's part from the counter's value; an iteration
    with no part of its own, lanes in different iterations, or a value outside the loop count as
    in the PTX (AS_PTX: in both views)."""
    class M:
        regs = {}
    parts = ((sass_model.WIDE, 16, 0), (sass_model.PART, 7), None)
    m = M()
    for init, step, after in ((256, 512, False), (256, 512, True), (10, -3, False)):
        planned = ("iter", "%r9", init, step, after, parts)
        for j in range(3):
            v = init + step * (j + after)
            m.regs = {"%r9": np.full(64, v, np.uint32)}
            want = parts[j] or sass_model.AS_PTX
            assert sass_model.resolve(m, planned, None) == want
            assert sass_model.resolve(m, planned, np.arange(32, 64)) == want
        m.regs = {"%r9": np.full(64, init + step * (3 + after), np.uint32)}
        assert sass_model.resolve(m, planned, None) == sass_model.AS_PTX
        m.regs = {"%r9": np.full(64, init + step * after + 1, np.uint32)}       # between two iterations
        assert sass_model.resolve(m, planned, None) == sass_model.AS_PTX
        m.regs = {"%r9": np.array([init + step * after] * 32 + [init + step * (1 + after)] * 32, np.uint32)}
        assert sass_model.resolve(m, planned, None) == sass_model.AS_PTX
        assert sass_model.resolve(m, planned, np.arange(32)) == parts[0]


ACROSS = ROOT / "collection" / "repro_misses.cu"


def _across(block: int):
    k = tc.kernel_from_file(ACROSS, "reproLds128AcrossIterations")
    src = ACROSS.read_text().splitlines()
    line = next(i + 1 for i, s in enumerate(src) if "acc[r] += tile[" in s)
    mix = tc.sass_memory_mix(k.program, "sm_90", entry=k.entry)
    have = next((v for (f, n), v in mix.items() if n == line), {})
    return k, line, have


@needs_cubin
@pytest.mark.parametrize("block", [64, 96, 128])
def test_merges_across_iterations_count_as_brute_force(block):
    """ptxas unrolls the repro's loop and issues 16 LDS.128 per warp; the emulator's count of that
    line against DESIGN §5 by loops over the 16-byte accesses the cubin has."""
    from tilelab.emu.machine import run
    k, line, have = _across(block)
    if have != {"LDS.128": 16}:
        pytest.skip(f"this ptxas made {have} of the line")
    rng = np.random.default_rng(block)
    r = run(k, 1, block, [rng.random(512).astype(np.float32), np.zeros(block * 8, np.float32)])
    row = next(x for x in r.per_line if x["line"] == line)
    assert row["counted"] == "sass" and "LDS.128" in row["why"] and "unrolled (4 trips)" in row["why"]
    nwarps = -(-block // 32)
    want = 0
    for w in range(nwarps):
        t = np.arange(32 * w, 32 * w + 32)
        act = t < block
        for rr in range(8):
            for d0 in (0, 4):
                addr = ((((t // 8) % 8) * 8 + rr) * 8 + d0) * 4
                want += brute_wavefronts(addr, act, 16)
    assert row["shared_ld_requests"] == 16 * nwarps and row["shared_ld_wavefronts"] == want
    assert row["ptx"]["shared_ld_requests"] == 64 * nwarps


@needs_cubin
def test_a_loop_the_model_does_not_unroll_falls_back_and_says_so(monkeypatch):
    from tilelab.emu.machine import run
    k, line, have = _across(64)
    if have != {"LDS.128": 16}:
        pytest.skip(f"this ptxas made {have} of the line")
    monkeypatch.setattr(sass_model, "MAX_TRIPS", 1)        # no loop is modelled as unrolled
    k.program.__dict__.pop("_count_plans", None)
    try:
        r = run(k, 1, 64, [np.ones(512, np.float32), np.zeros(512, np.float32)])
    finally:
        k.program.__dict__.pop("_count_plans", None)
    row = next(x for x in r.per_line if x["line"] == line)
    assert row["counted"] == "ptx" and "counted as in the PTX" in row["why"] and "LDS.128×16" in row["why"]
    assert row["shared_ld_requests"] == 2 * 64 and "ptx" not in row


@pytest.mark.parametrize("change", ["barrier", "register_init", "register_bound", "second_entry", "none"])
def test_only_counted_one_block_loops_are_unrolled(change):
    """find_loops takes a loop only when ptxas can count its trips and the body is one block."""
    rng = np.random.default_rng(5)
    while True:
        text, *_, trips = _loop_ptx(rng)
        if 2 <= trips <= sass_model.MAX_TRIPS:
            break
    if change == "barrier":
        text = text.replace("$L__loop:\n", "$L__loop:\n    bar.sync 0;\n")
    elif change == "register_init":
        text = text.replace("    mov.u32 %r10, ", "    mov.u32 %r10, %r1;\n    // ")
    elif change == "register_bound":
        text = text.replace("setp.", "// ").replace("    @%p2 bra", "    setp.ne.s32 %p2, %r10, %r1;\n    @%p2 bra")
    elif change == "second_entry":
        text = text.replace("    mov.u32 %r6, %r5;\n", "    mov.u32 %r6, %r5;\n    @%p1 bra $L__loop;\n")
    fn = parse(text).entry("k")
    assert len(sass_model.find_loops(fn, len(fn.instrs))) == (change == "none"), text


@pytest.mark.parametrize("how", ["imm", "copy", "copy_of_copy", "copy_set_twice", "copy_guarded"])
def test_a_counter_started_through_a_copy_of_a_constant_is_counted(how):
    """NVRTC 13.0 starts an inner loop's counter with a copy of a register set once to 0 before the
    outer loop (``mov.u32 %r37, %r15``): the same trips as ``mov.u32 %r37, 0``. A register written
    twice, or under a guard, is no constant."""
    rng = np.random.default_rng(13)
    while True:
        text, *_, trips = _loop_ptx(rng)
        if 2 <= trips <= sass_model.MAX_TRIPS:
            break
    init = text.split("    mov.u32 %r10, ")[1].split(";")[0]
    start = {"imm": f"    mov.u32 %r10, {init};",
             "copy": f"    mov.u32 %r20, {init};\n    mov.u32 %r10, %r20;",
             "copy_of_copy": f"    mov.u32 %r21, {init};\n    mov.u32 %r20, %r21;\n    mov.u32 %r10, %r20;",
             "copy_set_twice": f"    mov.u32 %r20, {init};\n    add.s32 %r20, %r20, %r1;\n    mov.u32 %r10, %r20;",
             "copy_guarded": f"    setp.ne.s32 %p1, %r1, 3;\n    @%p1 mov.u32 %r20, {init};\n    mov.u32 %r10, %r20;"}[how]
    text = text.replace(f"    mov.u32 %r10, {init};", start)
    fn = parse(text).entry("k")
    loops = sass_model.find_loops(fn, len(fn.instrs))
    if how in ("imm", "copy", "copy_of_copy"):
        assert [(L.trips, L.init) for L in loops] == [(trips, int(init))], text
    else:
        assert loops == [], text


# ------------------------------------------------------------------ requests of merged accesses (ifconvert)
SWAPS_PTX = """\
.version 8.0
.target sm_80
.address_size 64
.file 1 "a.cu"
.visible .entry k()
{{
    .reg .pred %p<8>;
    .reg .b32 %r<16>;
    .shared .align 16 .b8 s[1024];
    .loc 1 10 0
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, s;
    shl.b32 %r3, %r1, 3;
    add.s32 %r4, %r2, %r3;
{body}
    ret;
}}
"""


def _swaps(n: int) -> str:
    """n compare-and-swap regions, each two stores on lines 51 and 52 behind one forward branch."""
    body = []
    for i in range(n):
        body += [f"    .loc 1 10 0", f"    setp.lt.u32 %p{i + 1}, %r1, {3 + i};", f"    @%p{i + 1} bra $L__BB{i};",
                 "    .loc 1 51 0", "    st.shared.u32 [%r4], %r1;", "    .loc 1 52 0",
                 "    st.shared.u32 [%r4+4], %r1;", f"$L__BB{i}:"]
    return SWAPS_PTX.format(body="\n".join(body))


@pytest.mark.parametrize("decisions", ["pbp", "bpp", "ppb", "bbp"])
def test_a_merged_access_is_matched_on_the_line_ptxas_put_it(decisions):
    """bitonicSortShared1 with ptxas 12.9/13.0: the first swap's two stores (lines 51, 52) are one
    STS.64 that the SASS puts on line 52; the other swaps stay two STS each, some predicated, some
    behind a branch. Line 51's SASS has one instruction fewer than its PTX and line 52's as many:
    each is matched in order, the merged pair decided by line 52, and every swap's stores get their
    own decision (without the merge, line 51 would be undecided)."""
    from tilelab.emu.counters import ifconvert
    mod = parse(_swaps(3))
    fn = mod.entry("k")
    files = dict(mod.files)
    where = lambda ins: (files.get(ins.file, "<ptx>"), ins.line)  # noqa: E731
    st = {ln: [pc for pc, ins in enumerate(fn.instrs) if ins.op == "st" and ins.line == ln] for ln in (51, 52)}
    merged = ifconvert.merged_units({st[51][0]: (sass_model.WIDE, 8, 0), st[52][0]: (sass_model.PART, st[51][0])})
    assert merged == {st[51][0]: (st[51][0], st[52][0]), st[52][0]: (st[51][0], st[52][0])}
    order = decisions
    sass = {("a.cu", 51, "shared_st"): [order[1:].count("p"), order[1:].count("b"), order[1:].replace("b", "u")],
            ("a.cu", 52, "shared_st"): [order.count("p"), order.count("b"), order.replace("b", "u")]}
    branches = [pc for pc, ins in enumerate(fn.instrs) if ins.op == "bra"]
    want = [{st[51][i], st[52][i]} if order[i] == "p" else set() for i in range(3)]

    def skipped(plan):
        return [{pc for pc, _ in plan.skips.get(b, ((), ()))[0]} for b in branches]
    plan = ifconvert.make_plan(fn.instrs, where, sass, merged=merged)
    assert skipped(plan) == want
    assert not plan.uncertain and not plan.uncertain_notes
    # the merge unknown: line 51 is undecided, or decided wrong for the merged swap
    old = ifconvert.make_plan(fn.instrs, where, sass)
    assert ("a.cu", 51) in old.uncertain_notes or skipped(old) != want


def _recorded(name: str) -> dict:
    rec = read_json(ROOT / "bench" / "results" / "fidelity-2026-12-01-run2.json.gz")
    return next(r for r in rec["rows"] if r["id"].endswith(name))


@needs_cubin
@pytest.mark.parametrize("name,keys", [
    ("sgemm1DBlocktiling<64, 64, 8, 8>", ("shared_ld_wavefronts", "shared_ld_requests")),
    ("bitonicSortShared1", ("shared_ld_requests", "shared_st_requests"))])
def test_collection_launches_ptxas_changed_equal_the_h200(name, keys):
    """Against the H200's ncu (NVRTC 13.0 + ptxas 13.0 there): sgemm1DBlocktiling's dotIdx loop
    (NVRTC 13.0 starts its counter with a copy of a constant) and bitonicSortShared1's requests
    (ptxas 12.9 and 13.0 branch 9 of its 55 swaps, and put the STS.64 of lines 51+52 on line 52),
    with whichever NVRTC and ptxas this machine pins."""
    import sys
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity
    L = fidelity.launches(f"{name}")
    L = [x for x in L if x.id.endswith(name)][0]
    got = fidelity.emulate(L)["metrics"]
    rec = _recorded(name)
    for key in keys:
        assert got[key] == rec["ncu"][key], (key, got[key], rec["ncu"][key])
