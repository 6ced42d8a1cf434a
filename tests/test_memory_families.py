"""Every access is seen by the rubric (issue 20): each PTX instruction family that touches memory,
one line of a kernel, and what each check sees of it on that line:

- ``reads`` / ``writes``: the shared-memory lines the technique checks (tilelab/technique.py
  shared_reads_conflict_free / shared_writes_conflict_free / shared_staged) see, as
  (requests, wavefronts); a 32-way pattern costs 32 where 1 is conflict-free;
- ``gld`` / ``gst``: global load / store sectors as the technique and the count criteria see them
  (``technique.seen``), and in brackets ncu's own figure, which stays as ncu counts it;
- the families the emulator refuses say so, naming the instruction.
"""
import numpy as np
import pytest

from tilelab.toolchain import compile_cuda
from tilelab.errors import TilelabError
from tilelab.launch import launch
from tilelab.technique import seen, shared_lines

HEAD = """__global__ void k(float* g, float* out)
{
    __shared__ __align__(128) float s[32 * 32];
    __shared__ unsigned long long bar;
    int t = threadIdx.x;
    for (int i = 0; i < 32; ++i) s[i * 32 + t] = g[t];
    __syncthreads();
"""
SA = "(unsigned)(size_t)"          # a shared address for the asm below (the cvta is in the asm)

FAMILIES = {
    # family: (the line, reads, writes, (gld seen, gld ncu), (gst seen, gst ncu))
    "ld.global": ("float r = g[t + 32];", None, None, (4, 4), (0, 0)),
    "ld.global.nc": ("float r = __ldg(&g[t + 32]);", None, None, (4, 4), (0, 0)),
    "st.global": ("g[t + 32] = 1.0f; float r = 0.f;", None, None, (0, 0), (4, 4)),
    "ld.shared": ("float r = s[t * 32];", (1, 32), None, (0, 0), (0, 0)),
    "st.shared": ("((volatile float*)s)[t * 32] = 2.0f; float r = 0.f;", None, (1, 32), (0, 0), (0, 0)),
    "atom.shared": ("float r = __uint_as_float(atomicOr((unsigned*)&s[t * 32], 0u));",
                    (1, 32), (1, 32), (0, 0), (0, 0)),
    "red.shared": ('asm volatile("{ .reg .u64 a; cvta.to.shared.u64 a, %0; red.shared.add.u32 [a], 1; }" '
                   ':: "l"(&s[t * 32])); float r = 0.f;', None, (1, 32), (0, 0), (0, 0)),
    "atom.global": ("float r = atomicAdd(&g[t + 32], 0.0f);", None, None, (4, 0), (4, 0)),
    "red.global": ('asm volatile("red.global.add.f32 [%0], 0f3F800000;" :: "l"(&g[t + 32])); float r = 0.f;',
                   None, None, (0, 0), (4, 0)),
    "atom (generic, in shared)": ('unsigned u; asm volatile("atom.or.b32 %0, [%1], 0;" : "=r"(u) : '
                                  '"l"(&s[t * 32])); float r = __uint_as_float(u);', (1, 32), (1, 32), (0, 0), (0, 0)),
    "ld (generic, in shared)": ('float r; asm volatile("ld.f32 %0, [%1];" : "=f"(r) : "l"(&s[t * 32]));',
                                (1, 32), None, (0, 0), (0, 0)),
    "st (generic, in shared)": ('asm volatile("st.f32 [%0], %1;" :: "l"(&s[t * 32]), "f"(3.0f)); float r = 0.f;',
                                None, (1, 32), (0, 0), (0, 0)),
    "cp.async": ('asm volatile("{ .reg .u32 a; cvta.to.shared.u32 a, %0; cp.async.ca.shared.global [a], [%1], 4; '
                 'cp.async.wait_all; }" :: "r"(' + SA + '&s[t]), "l"(&g[t + 32])); float r = 0.f;',
                 None, (1, 1), (4, 4), (0, 0)),
    "ldmatrix": ('unsigned u; asm volatile("{ .reg .u32 a; cvta.to.shared.u32 a, %1; '
                 'ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [a]; }" : "=r"(u) : "r"(' + SA + '&s[(t % 8) * 32])); '
                 'float r = __uint_as_float(u);', (1, 8), None, (0, 0), (0, 0)),
    # Hopper (lesson 07): stmatrix is counted as ldmatrix (8 rows of 16 bytes 128 bytes apart: 8-way);
    # an mbarrier touches no counted memory; a bulk copy's global sectors are seen as global loads
    "stmatrix": ('asm volatile("{ .reg .u32 a; cvta.to.shared.u32 a, %0; stmatrix.sync.aligned.m8n8.x1.shared.b16 '
                 '[a], {%1}; }" :: "r"(' + SA + '&s[(t % 8) * 32]), "r"(t)); float r = 0.f;', None, (1, 8), (0, 0), (0, 0)),
    "mbarrier": ('if (t == 0) asm volatile("{ .reg .u32 a; cvta.to.shared.u32 a, %0; mbarrier.init.shared.b64 [a], 32; }" '
                 ':: "l"(&bar)); float r = 0.f;', None, None, (0, 0), (0, 0)),
    "cp.async.bulk": ('asm volatile("{ .reg .u32 a, b; cvta.to.shared.u32 a, %0; cvta.to.shared.u32 b, %2; '
                      'cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [a], [%1], 128, [b]; }" '
                      ':: "l"(&s[0]), "l"(g), "l"(&bar)); float r = 0.f;', None, None, (128, 0), (0, 0)),
    "prefetch.global": ('asm volatile("prefetch.global.L2 [%0];" :: "l"(&g[t + 32])); float r = 0.f;',
                        None, None, (0, 0), (0, 0)),
}

REFUSED = {
    # still refused: a bulk copy between shared memories (of a cluster), and bulk reductions (tilelab/emu/tma.py)
    "cp.async.bulk shared to shared": ('asm volatile("{ .reg .u32 a; cvta.to.shared.u32 a, %0; '
                                       'cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes '
                                       '[a], [a], 128, [a]; }" :: "l"(&s[0])); float r = 0.f;',
                                       "a copy between shared memories"),
    "cp.reduce.async.bulk": ('asm volatile("{ .reg .u32 a; cvta.to.shared.u32 a, %1; cp.reduce.async.bulk.global.shared::cta'
                             '.bulk_group.add.f32 [%0], [a], 128; }" :: "l"(g), "l"(&s[0])); float r = 0.f;',
                             "cp.reduce.async.bulk"),
}


def _run(line):
    src = HEAD + "    " + line + "\n    out[t] = r;\n}\n"
    body = HEAD.count("\n") + 1
    k = compile_cuda(src, filename="family.cu").kernels["k"]
    g, out = np.arange(64, dtype=np.float32), np.zeros(32, np.float32)
    res = launch(k, (1,), (32,), g, out, backend="emu", echo=False)
    from tilelab.emu import parsed
    instrs = parsed(k.program.ptx).entry(k.entry).instrs
    per_pc = {pc: c for pc, c in res.per_pc.items() if instrs[pc].line == body}
    counts: dict = {}
    for c in per_pc.values():
        for key, v in c.items():
            counts[key] = counts.get(key, 0) + v
    return k, per_pc, counts


def _seen_lines(k, per_pc, store):
    got = shared_lines(k, per_pc, store)
    return (sum(d["requests"] for d in got), sum(d["wavefronts"] for d in got)) if got else None


@pytest.mark.parametrize("family", list(FAMILIES))
def test_what_each_check_sees(family):
    line, reads, writes, gld, gst = FAMILIES[family]
    k, per_pc, c = _run(line)
    assert _seen_lines(k, per_pc, False) == reads
    assert _seen_lines(k, per_pc, True) == writes
    assert (seen(c, "global_ld_sectors") if c else 0, c.get("global_ld_sectors", 0)) == gld
    assert (seen(c, "global_st_sectors") if c else 0, c.get("global_st_sectors", 0)) == gst


def test_ncu_figures_of_atomics_are_unchanged():
    """The atomics are seen apart from ncu's load and store figures, which keep ncu's rules."""
    _, _, c = _run(FAMILIES["atom.shared"][0])
    assert (c["shared_ld_requests"], c["shared_ld_wavefronts"]) == (0, 0)
    assert (c["shared_atom_requests"], c["shared_atom_wavefronts"]) == (1, 32)
    _, _, c = _run(FAMILIES["atom (generic, in shared)"][0])
    assert (c["shared_atom_requests"], c["shared_atom_wavefronts"]) == (0, 32)   # ncu: no ATOMS request
    _, _, c = _run(FAMILIES["ld (generic, in shared)"][0])
    assert (c["shared_ld_requests"], c["shared_ld_wavefronts"]) == (0, 32)       # ncu: no LDS request


@pytest.mark.parametrize("family", list(REFUSED))
def test_families_the_emulator_refuses_say_so(family):
    line, name = REFUSED[family]
    with pytest.raises(TilelabError, match="does not implement.*" + name.replace(".", r"\.")):
        _run(line)
