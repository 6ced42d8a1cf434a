"""curand_init's skip-ahead, replayed (tilelab/emu/counters/sass_replay.py; docs/FIDELITY.md, "curand_init decided").

Why: ``curand_init(seed, id, 0, &state[id])`` on an XORWOW state multiplies the state by a precalc matrix for each
base-4 digit of ``id``: a loop over the digits, the matrix product's loop over the state's 160 bits, and an ``@P LDG``
of a matrix row for each bit that is set, predicated on the state word the thread stored and reads back. ptxas
unrolls the bit loop 16 times, so the replay of the SASS must count those loads, and it gave up: "the predicate of
LDG depends on LDG (a loaded value)". Three things were missing, each needed:

1. the matrices' address: ``LDC.64 R8, c[0x4][RZ]``, constant bank 4, which the loader fills from the cubin's
   ``.rela.nv.constant4`` relocations (``toolchain.sass.constant_addresses``), where the emulator's
   ``__device__`` array lives;
2. the thread's own global stores, read back by itself in the same epoch (the state words: each skip-ahead trip
   stores them and the next reads them again), as the replay already kept its shared ones (``Replay._keep_own``),
   and kept across the groups' merges (``_own_joined``);
3. a partial warp: lanes that leave at ``if (id >= n) return`` beside lanes that go on were never marked as
   exited, so the warp's live lanes never all met again and the digit loop's trips looked like a warp apart.

FinanceBench's ``setup_kernel``, Locusta's ``InitRNG`` and CUDAHM's ``initialize_rng`` left two global-load totals
undecided each (equal to the H100's ncu in value); now they are decided at those counts.
"""
from __future__ import annotations

import numpy as np

from tilelab.emu.counters import observed as ob
from tilelab.emu.counters import sass_replay as sr
from conftest import needs_cubin

SRC = r"""
#include <curand_kernel.h>
__global__ void seed(curandState *state, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n) return;
  curand_init(1234, id, 0, &state[id]);
}
"""


@needs_cubin
def test_curand_init_skipahead_is_decided_in_a_partial_warp(emu):
    k = emu.compile(SRC, "seed", filename="curand_seed.cu")
    n = 40                                           # warp 1: lanes 32..39 go on, 40..63 return
    state = np.zeros((64, 12), np.uint32)            # sizeof(curandStateXORWOW) = 48
    r = emu.run(k, 1, 64, state, np.int32(n), echo=False, arch="sm_90")
    loads = [row for row in r.per_line if row.get("global_ld_requests")]
    assert loads, "no global loads counted"
    undecided = [(row["line"], row.get("why")) for row in loads if row.get("undecided")]
    assert not undecided, undecided
    assert any("replay" in (row.get("why") or "") for row in loads)
    # the states themselves: thread 0's is the plain seed scramble, and each thread's differs
    assert len({bytes(state[i]) for i in range(n)}) == n
    assert not state[n:].any()


@needs_cubin
def test_bank4_names_curands_precalc_tables(emu):
    from tilelab.toolchain.sass import constant_addresses
    k = emu.compile(SRC, "seed", filename="curand_seed.cu")
    got = constant_addresses(k.program.cubin("sm_90"))
    names = {name for name, _ in got.values()}
    assert "precalc_xorwow_matrix" in names and "precalc_xorwow_offset_matrix" in names
    assert all(off % 8 == 0 for off in got)


def test_a_threads_own_global_store_is_read_back_over_disagreeing_reads():
    """The launch read the word twice with different values (the thread stored it in between): the launch's reads
    do not give it, the thread's own store in the epoch does."""
    instrs = [sr.instruction(0x00, "LDC.64 R2, c[0x0][0x210]"),
              sr.instruction(0x10, "MOV R4, 0x2a"),
              sr.instruction(0x20, "STG.E desc[UR4][R2.64+0x4], R4"),
              sr.instruction(0x30, "LDG.E R5, desc[UR4][R2.64+0x4]"),
              sr.instruction(0x40, "EXIT")]
    rp = sr.Replay(instrs, ())
    base = 0x7000_0000_0000
    rp.launch = sr.Launch((1, 1, 1), (1, 1, 1), base.to_bytes(8, "little"), 8, "sm_90")
    obs = ob.Observed([0], 1, [4], [ob.GLOBAL], [False])     # one 4-byte global load's reads
    obs.keep(0, np.array([0]), np.array([base + 4]), np.array([7], np.uint32), np.array([1]))
    obs.keep(0, np.array([0]), np.array([base + 4]), np.array([42], np.uint32), np.array([1]))
    rp.launch.observed = obs
    g = sr._Group(np.arange(1), 0, {}, {}, {})
    for i, ins in enumerate(instrs[:-1]):
        g.pc = i
        rp._step(g, ins, None)
    assert int(np.asarray(sr.Replay._reg(g, "R5"))) == 42


def test_joined_groups_keep_each_sides_own_stores_in_order():
    def rec(at, v, k):
        return (np.full(k, at, np.int64), np.full(k, v, np.uint32), np.ones(k, bool), np.ones(k, bool),
                np.ones(k, np.int64), np.zeros(k, np.int8))
    a = [rec(100, 1, 2), rec(100, 2, 2), rec(104, 3, 2)]         # two lanes: 100 holds 2 (the later store)
    b = [rec(100, 9, 3)]                                         # three lanes: 100 holds 9
    joined = sr._own_joined(a, 2, b, 3)
    assert len(joined) == 3                                      # no longer than the longer side
    g = sr._Group(np.arange(5), 0, {}, {}, {})
    g.own = joined
    val, known, found = sr.Replay._own(g, np.full(5, 100, np.int64), np.ones(5, np.int64), 0)
    assert found.all() and known.all() and val.tolist() == [2, 2, 9, 9, 9]
    val, known, found = sr.Replay._own(g, np.full(5, 104, np.int64), np.ones(5, np.int64), 0)
    assert found.tolist() == [True, True, False, False, False] and val[:2].tolist() == [3, 3]

