"""Atomics a whole warp group at a time (issue 20): ``isa.apply_atomics`` against the lane-by-lane
definition (lanes on one address one after another, in lane order), for every op and type, with
addresses shared by few and by many lanes; and a matmul that reads through global atomics runs
within the judge's time."""
import numpy as np
import pytest

from tilelab.emu.isa import _ATOM, _UINT_OF, apply_atomics
from tilelab.emu.memory import Arena


def _serial(mem, off, ok, es, D, opname, v, c):
    """The definition: one lane at a time, in lane order."""
    view = mem.view(es).view(D)
    old = np.zeros(len(off), D)
    for i in np.flatnonzero(ok):
        j = off[i] // es
        o = view[j].copy()
        with np.errstate(all="ignore"):
            view[j] = np.asarray(_ATOM[opname](np.asarray([o]), np.asarray([v[i]]),
                                               None if c is None else np.asarray([c[i]])), dtype=D)[0]
        old[i] = o
    return old


CASES = [(op, D) for op in ("add", "min", "max", "exch", "and", "or", "xor", "cas", "inc", "dec")
         for D in (np.int32, np.uint32, np.uint64) if not (op in ("inc", "dec") and D is not np.uint32)]
CASES += [("add", np.float32), ("add", np.float64), ("exch", np.float32), ("min", np.float32)]


@pytest.mark.parametrize("opname,D", CASES, ids=[f"{o}-{np.dtype(d).name}" for o, d in CASES])
@pytest.mark.parametrize("pattern", ["distinct", "few", "one", "mixed"])
@pytest.mark.parametrize("operand", ["random", "shared", "zero"])
def test_grouped_atomics_match_lane_by_lane(opname, D, pattern, operand):
    rng = np.random.default_rng(hash((opname, np.dtype(D).name, pattern, operand)) % 2**32)
    es = np.dtype(D).itemsize
    n, words = 256, 64
    slot = {"distinct": rng.permutation(n),
            "few": rng.integers(0, 5, n), "one": np.zeros(n, np.int64),
            "mixed": np.where(rng.random(n) < 0.5, rng.integers(0, 3, n), rng.permutation(n) + 8)}[pattern]
    slot = np.asarray(slot, np.int64) % (words * 8)
    off = slot * es
    ok = rng.random(n) < 0.85
    if np.issubdtype(D, np.floating):
        v = rng.standard_normal(n).astype(D)
        init = rng.standard_normal(words * 8).astype(D)
        init[::7] = -0.0
    else:
        v = rng.integers(0, 1 << min(8 * es, 62), n, dtype=np.uint64).astype(D) if es == 8 else \
            rng.integers(np.iinfo(D).min, np.iinfo(D).max, n, dtype=np.int64).astype(D)
        if opname in ("inc", "dec"):
            v = (np.abs(v.astype(np.int64)) % 7 + 1).astype(D)
        init = rng.integers(0, 50, words * 8).astype(D)
    if operand == "shared":
        v = np.full(n, v[0], D)
    elif operand == "zero":
        v = np.zeros(n, D)
    c = rng.integers(0, 50, n).astype(D) if opname == "cas" else None
    if opname == "cas":
        v = np.where(rng.random(n) < 0.5, init[slot], v).astype(D)   # some compares hit
    a, b = Arena(init.nbytes), Arena(init.nbytes)
    a.view(es)[:] = init.view(_UINT_OF[es])
    b.view(es)[:] = init.view(_UINT_OF[es])
    got = apply_atomics(a, off, ok, es, D, opname, v, c)
    want = _serial(b, off, ok, es, D, opname, v, c)
    assert np.array_equal(got[ok].view(_UINT_OF[es]), want[ok].view(_UINT_OF[es]))
    assert np.array_equal(a.data, b.data)


def test_a_matmul_reading_through_global_atomics_runs_in_seconds():
    import time
    from pathlib import Path
    from tilelab.toolchain import kernel_from_file
    from tilelab.launch import launch
    k = kernel_from_file(Path(__file__).parent / "submissions" / "02_naive_atomic_reads.cu", "matmulTiled")
    N = 96
    rng = np.random.default_rng(1)
    A, B = (rng.standard_normal((N, N)).astype(np.float32) for _ in range(2))
    C = np.full((N, N), np.nan, np.float32)
    t = time.perf_counter()
    r = launch(k, (3, 3), (32, 32), A, B, C, np.int32(N), backend="emu", echo=False)
    assert time.perf_counter() - t < 60            # lane by lane it took minutes (96 lanes per address)
    assert np.allclose(C, A.astype(np.float64) @ B, rtol=1e-4, atol=1e-4)
    m = r.metrics
    assert m["global_ld_sectors"] == 0 and m["global_atom_rd_sectors"] > 0       # ncu's figure unchanged
    assert m["global_ld_sectors_seen"] == m["global_atom_rd_sectors"]
