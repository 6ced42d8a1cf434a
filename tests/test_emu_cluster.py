"""Thread block clusters on the emulator (tilelab/emu/cluster.py): the special registers against
their definitions, the cluster barrier ordering distributed shared memory (and its absence found
as a race naming the other block), its misuse, a rank outside the cluster, remote mbarrier
arrivals, and a TMA multicast landing in every block of its ctaMask. Kernels:
tests/kernels_tma/cluster.cu."""
from pathlib import Path

import numpy as np
import pytest

import tilelab as tl
from tilelab.errors import LaunchError
from tilelab.toolchain import kernel_from_file

HERE = Path(__file__).parent / "kernels_tma"
SRC = HERE / "cluster.cu"


def _k(name):
    return kernel_from_file(SRC, name)


def _expected_specials(grid, c):
    """The 14 registers of every block, from the PTX ISA's definitions (x fastest)."""
    rows = []
    for bz in range(grid[2]):
        for by in range(grid[1]):
            for bx in range(grid[0]):
                cta = (bx % c[0], by % c[1], bz % c[2])
                cid = (bx // c[0], by // c[1], bz // c[2])
                ncl = (grid[0] // c[0], grid[1] // c[1], grid[2] // c[2])
                rank = cta[0] + c[0] * (cta[1] + c[1] * cta[2])
                rows.append([*cta, *c, *cid, *ncl, rank, c[0] * c[1] * c[2]])
    return np.array(rows, np.uint32)


@pytest.mark.parametrize("name,c,explicit", [("specials", (2, 3, 1), 1), ("specials_plain", (1, 1, 1), 0)])
def test_special_registers(name, c, explicit):
    grid = (4, 6, 2)
    out = np.zeros(14 * 48, np.uint32)
    ex = np.full(1, 7, np.uint32)
    r = tl.launch(_k(name), grid, 32, out, ex, backend="emu")
    assert r.findings == []
    assert (out.reshape(-1, 14) == _expected_specials(grid, c)).all()
    assert ex[0] == explicit


def test_the_grid_must_be_whole_clusters():
    with pytest.raises(LaunchError, match="whole number of clusters"):
        tl.launch(_k("specials"), (3, 6, 1), 32, np.zeros(14 * 18, np.uint32), np.zeros(1, np.uint32),
                  backend="emu")


def test_distributed_shared_memory_after_the_cluster_barrier():
    out = np.zeros(8 * 64, np.uint32)
    r = tl.launch(_k("exchange"), 8, 64, out, 1, backend="emu")
    assert r.findings == []
    b = np.arange(8)[:, None]
    t = np.arange(64)[None, :]
    peer = b // 4 * 4 + (b % 4 + 1) % 4                 # rank + 1 in the same cluster of 4
    assert (out.reshape(8, 64) == 1000 * peer + (t + 1) % 64).all()


def test_no_cluster_barrier_is_a_race_naming_the_other_block():
    out = np.zeros(8 * 64, np.uint32)
    r = tl.launch(_k("exchange"), 8, 64, out, 0, backend="emu")
    kinds = [f.kind for f in r.findings]
    assert kinds == ["race"], r.findings
    f = r.findings[0]
    assert "`buf[" in f.detail and "of block (" in f.detail and "in the same cluster wrote" in f.detail


def test_remote_stores():
    out = np.zeros(4 * 64, np.uint32)
    r = tl.launch(_k("push"), 4, 64, out, backend="emu")
    assert r.findings == []
    # the st.shared::cluster line is labelled uncounted (and adds no shared store request); the local
    # read of buf two lines below is counted as usual
    st_line = next(i + 1 for i, t in enumerate(SRC.read_text().splitlines()) if "st.shared::cluster.u32" in t)
    notes = [n for n in r.count_notes if n["line"] == st_line]
    assert len(notes) == 1 and "not counted" in notes[0]["text"] and "distributed shared memory" in notes[0]["text"]
    assert not [n for n in r.count_notes if n["line"] != st_line and "distributed" in n["text"]]
    b = np.arange(4)[:, None]
    assert (out.reshape(4, 64) == 7 * (b ^ 1) + np.arange(64)[None, :]).all()


@pytest.mark.parametrize("how,kind,words", [
    (1, "barrier_divergence", "a second time before its barrier.cluster.wait"),
    (2, "barrier_divergence", "with no barrier.cluster.arrive before it"),
    (3, "out_of_bounds", "names block rank 2 of a cluster of 2 blocks"),
])
def test_misuse(how, kind, words):
    out = np.zeros(64, np.uint32)
    r = tl.launch(_k("misuse"), 2, 32, out, how, backend="emu")
    assert r.findings and {f.kind for f in r.findings} == {kind}
    assert any(words in f.detail for f in r.findings), r.findings


def test_misuse_right_variant_is_clean():
    out = np.zeros(64, np.uint32)
    assert tl.launch(_k("misuse"), 2, 32, out, 0, backend="emu").findings == []


def _multicast(mask, remote):
    A = np.arange(32 * 32, dtype=np.float32).reshape(32, 32)
    B = -np.arange(16 * 32, dtype=np.float32).reshape(16, 32) - 1
    oa = np.zeros(2 * 512, np.float32)
    ob = np.zeros(2 * 512, np.float32)
    r = tl.launch(_k("multicast"), 2, 64, tl.TensorMap(A, box=(16, 32)), tl.TensorMap(B, box=(16, 32)),
                  oa, ob, mask, remote, backend="emu")
    return r, A, B, oa.reshape(2, 16, 32), ob.reshape(2, 16, 32)


def test_multicast_lands_in_every_block_of_the_mask():
    r, A, B, oa, ob = _multicast(0b11, 1)
    assert r.findings == []
    assert (oa == A.reshape(2, 16, 32)).all()           # each block's own box of A
    assert (ob == B).all()                              # rank 0's one copy of B, in both blocks
    assert r.metrics["tma_requests"] == 3               # rank 0: A and the multicast; rank 1: A
    # 16 x 32 floats a box, 64 sectors: A's two boxes once each, B's once per block it reaches
    # (ncu counts what reaches each SM: fast.cu's kernel 8 on the H200, fidelity-2026-12-02-all.json.gz)
    assert r.metrics["tma_ld_sectors"] == 64 + 64 + 2 * 64


def test_multicast_mask_missing_a_block_leaves_it_waiting():
    r, _, B, _, ob = _multicast(0b01, 1)
    hang = [f for f in r.findings if f.kind == "mbarrier_hang"]
    assert any(f.block == (1, 0, 0) and "`full[0]`" in f.detail for f in hang), r.findings
    assert (ob[0] == B).all() and not (ob[1] == B).any()


def test_remote_arrive_reaches_rank_0():
    # remote = 0: rank 1 arrives on its own `done`, so rank 0's (count 2) never completes
    r, *_ = _multicast(0b11, 0)
    assert [(f.kind, f.block) for f in r.findings] == [("mbarrier_hang", (0, 0, 0))]
    assert "`done[0]`" in r.findings[0].detail and "1 of its 2 arrivals" in r.findings[0].detail


def test_a_mask_beyond_the_cluster():
    r, *_ = _multicast(0b111, 1)
    assert [f.kind for f in r.findings] == ["out_of_bounds"]
    assert "ctaMask 0x7" in r.findings[0].detail


def test_sampled_blocks_bring_their_cluster():
    out = np.zeros(8 * 64, np.uint32)
    r = tl.launch(_k("exchange"), 8, 64, out, 1, backend="emu", blocks=[5])
    assert r.findings == []
    got = out.reshape(8, 64)
    assert (got[[0, 1, 2, 3]] == 0).all() and (got[4:, 0] == [5001, 6001, 7001, 4001]).all()


def test_atomics_on_another_blocks_shared_memory():
    out = np.zeros(128, np.uint32)
    r = tl.launch(_k("dsmem_atomic"), 2, 32, out, backend="emu")
    assert r.findings == []
    t = np.arange(32)
    # the neighbour's 32 threads added t + 1 into words t % 4, one after another in lane order
    want = np.where(t < 4, 100 + np.array([sum(u + 1 for u in range(32) if u % 4 == w) for w in range(32)]), 100)
    assert (out[:64].reshape(2, 32) == want).all()
    olds = out[64:].reshape(2, 32)
    assert (olds[:, :4] == 100).all() and (olds[:, 4:8] == 100 + t[:4] + 1).all()


@pytest.mark.parametrize("sync", [1, 0])
def test_cooperative_groups_cluster_api(sync):
    """cg::this_cluster(), block_rank(), sync() and map_shared_rank (a generic mapa, then a generic load)."""
    out = np.zeros(4 * 64, np.uint32)
    r = tl.launch(_k("cg_exchange"), 4, 64, out, sync, backend="emu")
    b = np.arange(4)[:, None]
    assert (out.reshape(4, 64) == 100 * ((b % 2) ^ 1) + 63 - np.arange(64)[None, :]).all()
    if sync:
        assert r.findings == []
    else:
        assert [f.kind for f in r.findings] == ["race"] and "of block (" in r.findings[0].detail


def test_a_chunk_never_splits_a_cluster(monkeypatch):
    # six blocks' worth of threads per chunk: rounded down to whole clusters of 4, or blocks 4-7's
    # cluster would run as two halves that can never meet at the barrier
    from tilelab.emu import machine
    monkeypatch.setattr(machine, "CHUNK_THREADS", 6 * 64)
    out = np.zeros(16 * 64, np.uint32)
    r = tl.launch(_k("exchange"), 16, 64, out, 1, backend="emu")
    assert r.findings == []
    b = np.arange(16)[:, None]
    assert (out.reshape(16, 64) == 1000 * (b // 4 * 4 + (b % 4 + 1) % 4) + (np.arange(64)[None, :] + 1) % 64).all()
