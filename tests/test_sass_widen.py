"""Where ptxas widens or splits shared accesses differently from the plain merge rule
(tilelab/emu/counters/sass_model.py, ``_cut``; docs/SASS_COUNTS.md, rule 3):

* loads of three of the four words of a 16-byte aligned chunk are one LDS.128 of the whole chunk
  (CUB's ``warp_aggregates[SUCCESSOR_WARP]`` in multi-gpu-programming-models' jacobi: 31 uniform
  loads at 36..156 bytes into a 16-byte aligned variable, 8 LDS.128 from byte 32);
* stores of one group merge only within a run of them that lies in one aligned window, one after
  another in program order (the CUDA Handbook's ``privHist[threadIdx.x][i] = 0;
  privHist[threadIdx.x+32][i] = 0;`` loop, unrolled by NVVM with the two rows' stores alternating:
  ptxas keeps 32 STS a row where the rule without windows merged 8 STS.128).

The launches' totals are pinned to ncu's on the H200 (bench/results/), and the lines are decided
(counted as ptxas made them), which they were not before."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from tilelab import toolchain as tc
from tilelab.toolchain.sass import sass_memory_mix
from conftest import needs_cubin

sys.path.append(str(Path(__file__).resolve().parent.parent / "bench"))
from recorded import read_json  # noqa: E402  (bench/recorded.py: plain or gzipped recordings)

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


def _recorded(rec: str, name: str) -> dict:
    rows = read_json(RESULTS / rec)["rows"]
    return next(r for r in rows if r["id"].endswith(name))


def _launch(name: str):
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity
    from tilelab.launch import launch
    L = next(x for x in fidelity.launches(name) if x.id.endswith(name))
    k, args, symbols = L.make()
    return launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False,
                  symbols=symbols or None, counts="sass", arch="sm_90")


@needs_cubin
def _cub_line(r):
    """CUB's ``warp_aggregates[SUCCESSOR_WARP]`` line (its number is the installed CCCL's)."""
    return next(x for x in r.per_line if "block_reduce_warp_reductions" in str(x.get("file"))
                and x.get("shared_ld_requests"))


@needs_cubin
@pytest.mark.parametrize("rec,name,lines", [
    ("fidelity-2026-12-02-unseen33.json", "mgpm_jacobi.cu:jacobi_kernel<32, 32>", None),
    ("fidelity-2026-12-02-every-launch.json.gz", "histogram1DPerThread4x32<false>", {124, 125}),
    ("fidelity-2026-12-02-every-launch.json.gz", "histogram1DPerThread4x32<true>", {124, 125})])
def test_widened_and_split_accesses_equal_the_h200_and_are_decided(rec, name, lines):
    r = _launch(name)
    want = _recorded(rec, name)["ncu"]
    for key in [k for k in want if k in r.metrics and want[k] is not None]:
        assert r.metrics[key] == want[key], (key, r.metrics[key], want[key])
    if lines is None:
        rows = [_cub_line(r)]
    else:
        rows = [pl for pl in r.per_line if pl["line"] in lines and
                (pl.get("shared_ld_requests") or pl.get("shared_st_requests"))]
        assert {pl["line"] for pl in rows} == lines
    for pl in rows:
        assert pl["counted"] == "sass" and not pl.get("undecided"), pl
    assert not any(pl.get("undecided") for pl in r.per_line)


@needs_cubin
def test_jacobi_reads_a_word_below_the_first_and_says_so():
    """ncu's 32 shared-load requests and wavefronts (4 blocks' thread 0, 8 LDS.128 each) where the
    PTX's 31 loads a block count 124; the note names the widened chunk."""
    r = _launch("mgpm_jacobi.cu:jacobi_kernel<32, 32>")
    pl = _cub_line(r)
    want = _recorded("fidelity-2026-12-02-unseen33.json", "mgpm_jacobi.cu:jacobi_kernel<32, 32>")["ncu"]
    assert pl["shared_ld_requests"] == want["shared_ld_requests"]
    assert pl["ptx"]["shared_ld_requests"] == 124
    assert "ptxas merged 3 loads into LDS.128" in pl["why"] and "16-byte chunk" in pl["why"]


@needs_cubin
def test_the_dynamic_shared_block_reduce_reads_its_warp_aggregates_as_the_h200():
    """CUB's BlockReduce with its TempStorage in dynamic shared memory: NVVM already vectorised the 31
    warp-aggregate loads (a u32 at +36, a v2 at +40, seven v4), ptxas made 8 LDS.128 from +32 (the
    device's SASS in ncu-sass-lines-2026-12-03-suites12-13.json.gz, and this machine's cubin), and ncu
    counted 40 shared-load requests and wavefronts in every recording; the emulator counted 41, as
    the PTX, without looking (the extern array's 16-byte alignment was unknown to the model)."""
    name = "cub_ex_block_reduce_dyn_smem.cu:BlockReduceKernel<1024>"
    r = _launch(name)
    pl = _cub_line(r)
    assert pl["counted"] == "sass" and not pl.get("undecided"), pl
    assert pl["shared_ld_requests"] == pl["shared_ld_wavefronts"] == 8 and pl["ptx"]["shared_ld_requests"] == 9
    assert "16-byte chunk" in pl["why"]
    for rec in ("fidelity-2026-12-03-unseen35.json", "fidelity-2026-12-03-suites12-13-repeats.json"):
        want = _recorded(rec, name)["ncu"]
        for key in ("shared_ld_requests", "shared_ld_wavefronts", "shared_st_requests", "global_ld_requests",
                    "global_st_requests", "global_ld_sectors", "global_st_sectors"):
            assert r.metrics[key] == want[key], (rec, key, r.metrics[key], want[key])
    assert not any(x.get("undecided") for x in r.per_line)


SRC = r'''
__global__ void threeOfFour(float* out)
{
    __shared__ float s[64];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x & 15) * 4 + 1] + s[(threadIdx.x & 15) * 4 + 2] + s[(threadIdx.x & 15) * 4 + 3];
}

__global__ void twoRows(unsigned* out)
{
    __shared__ unsigned h[64][8];
    for (int i = 0; i < 8; i++) {
        h[threadIdx.x][i] = 0;
        h[threadIdx.x + 32][i] = 0;
    }
    __syncthreads();
    out[threadIdx.x] = h[threadIdx.x][threadIdx.x & 7] + h[threadIdx.x + 32][0];
}
'''


@needs_cubin
@pytest.mark.parametrize("name,line,n,mix", [
    ("threeOfFour", 7, 64, {"LDS.128": 1}),          # s[4i+1..4i+3]: the chunk from s[4i]
    ("twoRows", 14, 32, {"STS": 8}),                  # two rows' stores alternating: none merged
    ("twoRows", 15, 32, {"STS": 8})])
def test_the_model_agrees_with_ptxas_on_small_kernels(name, line, n, mix):
    """The cubin of each kernel holds what the comment says (ptxas, not a recording), and the
    emulator's line is counted as that SASS: one request a warp for each instruction."""
    prog = tc.compile_cuda(SRC, filename="widen.cu")
    k = prog.kernel(name)
    have = sass_memory_mix(prog, "sm_90", entry=k.entry)[("widen.cu", line)]
    assert {x: v for x, v in have.items() if x.startswith(("LDS", "STS"))} == mix
    from tilelab.launch import launch
    out = np.zeros(n, np.float32 if name == "threeOfFour" else np.uint32)
    r = launch(k, (1, 1, 1), (n, 1, 1), out, backend="emu", echo=False, counts="sass", arch="sm_90")
    pl = next(x for x in r.per_line if x["line"] == line)
    assert pl["counted"] == "sass" and not pl.get("undecided"), pl
    key = "shared_ld_requests" if name == "threeOfFour" else "shared_st_requests"
    assert pl[key] == sum(mix.values()) * (n // 32)


# ------------------------------------------------------------------ the rules' probes, against ptxas itself
PROBE = """
.visible .entry {name}(.param .u64 p0)
{{
    .reg .b32 %r<96>;
    .reg .b64 %rd<64>;
    .shared .align 4 .b8 s_{name}[8192];
    ld.param.u64 %rd1, [p0];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd11, %r1, {stride};
    mov.u64 %rd12, s_{name};
    add.s64 %rd13, %rd12, %rd11;
    mov.u32 %r2, 0;
    mov.u32 %r3, 0;
{body}
    ret;
}}
"""

# (kind, stride: what the base's known bits prove, offsets in program order); docs/SASS_COUNTS.md, 3
PROBES = [
    ("st", 128, (0, 4096, 4, 4100, 8, 4104, 12, 4108)),    # two rows alternating: no merge
    ("st", 128, (0, 4, 4096, 4100, 8, 12, 4104, 4108)),    # pairs in one window: STS.64
    ("st", 128, (0, 16, 4, 20, 8, 24, 12, 28)),            # two windows alternating, one row
    ("st", 128, (0, 8, 4, 12)),                            # one window, any order: STS.128
    ("st", 128, (0, 4, 8, 28, 12)),
    ("st", 128, (16, 0, 4, 8, 12, 20)),
    ("st", 8, (0, 8, 4, 12)),                              # 8 bytes of alignment: 8-byte windows
    ("st", 8, (0, 4, 8, 12)),
    ("ld", 128, (4, 8, 12)),                               # widened down
    ("ld", 128, (0, 4, 8)),                                # up
    ("ld", 128, (0, 4, 12)),                               # between
    ("ld", 128, (4, 8)),                                   # two words: no
    ("ld", 128, (4, 8, 12, 16, 20, 24, 28)),
    ("ld", 128, (36, 40, 44, 48, 52, 56, 60, 64)),
    ("ld", 128, (0, 4096, 4, 4100, 8, 4104, 12, 4108)),    # loads alternating rows still merge
    ("ld", 8, (0, 4, 8)),                                  # 8 bytes of alignment: no chunk
    # 4- and 8-byte loads (an offset with ":8" is a v2.u32) of three words of a chunk: one LDS.128
    ("ld", 128, (4, "8:8")),                               # CUB's warp aggregates as NVVM vectorised them
    ("ld", 128, ("0:8", 12)),
    ("ld", 128, (0, "8:8")),
    ("ld", 128, ("8:8", 4)),                               # in either order
    ("ld", 128, (0, 4, "8:8")),                            # the whole chunk
    ("ld", 128, ("0:8", 8, 12)),
    ("ld", 128, (36, "40:8", "48:16", "64:16")),           # the BlockReduce's first chunks
    ("ld", 128, (4, 8, "16:8")),                           # two words of one chunk and another's: no
    ("ld", 8, (4, "8:8")),                                 # 8 bytes of alignment: no chunk
]


def _probe_body(kind, offsets):
    if kind == "st":
        return "\n".join(f"    st.shared.u32 [%rd13+{o}], %r2;" for o in offsets)
    loads, regs = [], []
    for o in offsets:                      # "40:8": a v2.u32 at +40, "48:16" a v4.u32
        at, width = (int(x) for x in o.split(":")) if isinstance(o, str) else (o, 4)
        rs = [f"%r{10 + len(regs) + j}" for j in range(width // 4)]
        regs += rs
        vec = {1: "", 2: ".v2", 4: ".v4"}[len(rs)]
        dst = rs[0] if len(rs) == 1 else "{" + ", ".join(rs) + "}"
        loads.append(f"    ld.shared{vec}.u32 {dst}, [%rd13+{at}];")
    adds = [f"    add.s32 %r3, %r3, {r};" for r in regs]
    return "\n".join(loads + adds + ["    st.global.u32 [%rd2], %r3;"])


@needs_cubin
def test_the_merge_model_makes_what_ptxas_makes_of_each_probe():
    """Each probe's shared accesses as the model cuts them (widths and counts) are what the
    toolchain's ptxas made of that PTX for sm_90 (read from its SASS, nothing recorded)."""
    from collections import Counter
    from tilelab.emu.counters import sass_model
    from tilelab.emu.ptx import parse
    from tilelab.toolchain.assemble import assemble
    from tilelab.toolchain.sass import _disassemble, entry_sass, sass_instructions
    names = [f"probe{i}" for i in range(len(PROBES))]
    ptx = ".version 8.0\n.target sm_80\n.address_size 64\n" + "".join(
        PROBE.format(name=n, stride=stride, body=_probe_body(kind, offs))
        for n, (kind, stride, offs) in zip(names, PROBES))
    text = _disassemble(assemble(ptx, "sm_90", tc.find_nvrtc().version).cubin)
    module = parse(ptx)
    for n, probe in zip(names, PROBES):
        have = Counter()
        for _, pred, op, mods in sass_instructions(entry_sass(text, n)):
            if op in ("LDS", "STS"):
                have[op + (".128" if ".128" in mods else ".64" if ".64" in mods else "")] += 1
        fn = module.entry(n)
        units = sass_model.predict(fn, len(fn.instrs), sass_model._sym_align(fn, True))
        got = Counter(u.key for u in units if u.key and u.key.startswith(("LDS", "STS")))
        assert got == have, (probe, got, have)


# ------------------------------------------------------------------ wider copies that do not run
def _softmax(block: int):
    sys.path.insert(0, str(ROOT / "collection"))
    import run as collection
    from tilelab.launch import launch
    e = next(x for x in collection.load() if x["name"] == "softmax_forward_kernel4")
    k = collection.compile_entry(e)
    rng = np.random.default_rng(0)
    out = np.zeros((4, 2048), np.float32)
    inp = rng.uniform(-4, 4, (4, 2048)).astype(np.float32)
    return launch(k, (4, 1, 1), (block, 1, 1), out, inp, np.int32(4), np.int32(2048), shared=block // 32 * 4,
                  backend="emu", echo=False, counts="sass", arch="sm_90")


@needs_cubin
def test_softmax_lines_are_decided_where_ptxas_wider_copies_do_not_run():
    """llm.c's softmax_forward_kernel4, lines 214 and 248: the PTX's 4-loads-a-trip loop, which ptxas
    unrolled by 4 with 2- and 1-trip copies of LDS.128s (LDS×4, LDS.128×7 on each line), never runs at
    the recorded 128 threads (4 warps: the remainder loop's 3 loads a block); a replay of the SASS shows
    no LDS.128 run, so the line is decided at the PTX's count, ncu's (every total)."""
    r = _launch("llmc_softmax_forward.cu:softmax_forward_kernel4")
    want = _recorded("fidelity-2026-12-02-every-launch.json.gz", "softmax_forward_kernel4")["ncu"]
    for key in [k for k in want if k in r.metrics and want[k] is not None]:
        assert r.metrics[key] == want[key], (key, r.metrics[key], want[key])
    rows = [pl for pl in r.per_line if pl["line"] in (214, 248)]
    assert len(rows) == 2 and not any(pl.get("undecided") for pl in r.per_line)
    for pl in rows:
        assert pl["counted"] == "sass" and "LDS.128×7" in pl["why"] and "do not run" in pl["why"], pl


@needs_cubin
def test_softmax_lines_stay_undecided_where_the_wider_copies_run():
    """At 1,024 threads (32 warps) the unrolled loop runs: the LDS.128s stand for several PTX loads
    each, which the emulator does not model for this loop, so both lines stay undecided and say why."""
    r = _softmax(1024)
    rows = [pl for pl in r.per_line if pl["line"] in (214, 248)]
    assert len(rows) == 2
    for pl in rows:
        assert pl.get("undecided") and pl["counted"] == "ptx" and "LDS.128" in pl["why"], pl
        assert "a replay of the SASS's control flow runs them" in pl["why"], pl     # the wider ones ran
