"""Loops whose trip count is a loaded value (tilelab/emu/counters/observed.py, sass_replay.py's
``apply_copies`` and its pools; docs/SASS_COUNTS.md "Loop bounds the launch loaded").

Parboil's ``spmv_jds`` reads its loop bound from a ``__constant__`` array (``sh_zcnt_int[warp_id]``, an
``LDC c[0x3][R9]`` in the SASS) and how-to-optimize's spmm v1 from CSR row pointers (two ``LDG`` that guard
its stores): the replay of the SASS's control flow gave up, and their lines stayed undecided though their
totals were ncu's. The launch's own loads are now kept where a replay needs them, and the replay reads
what each thread read at the address it computed. Both kernels' lines also hold accesses NVVM gave no line,
which ptxas places on other lines than the emulator does: those families are decided over the whole kernel.
spmm v1's stores, whose guards differ between a warp's lanes, also need tests/test_sass_lane_predicates.py's
rule. ncu's values: bench/results/fidelity-2026-12-02-every-launch.json.gz (spmv_jds),
bench/results/fidelity-2026-12-02-unseen29.json.gz (spmm v1).
"""
from __future__ import annotations

import json
import sys

import numpy as np

from conftest import ROOT, needs_cubin, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

from tilelab.emu import ptx as emu_ptx  # noqa: E402
from tilelab.emu.counters import observed as ob  # noqa: E402
from tilelab.emu.counters import sass_replay as sr  # noqa: E402
from tilelab.launch import launch  # noqa: E402
from tilelab.toolchain.sass import constant_symbols  # noqa: E402

RES = ROOT / "bench" / "results"
JDS = "collection/parboil_spmv.cu:spmv_jds"
SPMM = "collection/howto_spmm.cu:My_spmm_csr_vector_kernel_v1<128, 512, 128>"


def _run(only: str):
    L = fid.launches(only)[0]
    k, args, symbols = L.make()
    return launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False,
                  symbols=symbols or None, counts="sass", arch="sm_90")


def _compare(tmp_path, rec: str, only: str) -> dict:
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(RES / rec), "--only", only, "--json", str(out)])
    return {r["id"]: r["checks"] for r in read_json(out)["rows"]}


@needs_cubin
def test_loaded_loop_bounds_decide_spmv_jds_and_spmm_v1_at_ncus_totals(tmp_path):
    c = _compare(tmp_path, "fidelity-2026-12-02-every-launch.json.gz", ":spmv_jds")[JDS]
    assert not [k for k, v in c.items() if v.get("undecided")]
    assert all(fid.matches(v) for v in c.values())
    assert [(c[k]["emu"], c[k]["ncu"]) for k in ("global_ld_requests", "global_ld_sectors")] == \
        [(232, 232), (2486, 2486)]
    c = _compare(tmp_path, "fidelity-2026-12-02-unseen29.json.gz", ":My_spmm_csr_vector_kernel_v1")[SPMM]
    assert not [k for k, v in c.items() if v.get("undecided")]
    assert all(fid.matches(v) for v in c.values())
    assert [(c[k]["emu"], c[k]["ncu"]) for k in ("shared_st_requests", "shared_st_wavefronts",
                                                 "global_ld_requests", "global_ld_sectors")] == \
        [(5904, 5904), (16147, 16147), (5940, 5940), (18854, 18854)]


@needs_cubin
def test_the_notes_say_the_family_was_replayed_over_the_kernel():
    rows = {pl["line"]: pl for pl in _run(":spmv_jds").per_line}
    for line in (90, 101, 120):
        assert not rows[line].get("undecided") and rows[line]["counted"] == "sass"
        assert "runs its 22 LDGs 232 times (0 with every lane off)" in rows[line]["why"]
    rows = {pl["line"]: pl for pl in _run(":My_spmm_csr_vector_kernel_v1").per_line}
    for line in (0, 114):
        assert not rows[line].get("undecided")
        assert "runs its 12 STSs 5904 times (1558 with every lane off)" in rows[line]["why"]


@needs_cubin
def test_without_the_launchs_loaded_values_the_lines_stay_undecided(monkeypatch):
    monkeypatch.setattr(ob.Observed, "for_launch", classmethod(lambda cls, fn, n: None))
    # spmv_jds's bound is a __constant__ array, whose bytes the replay also reads through bank 3
    # (tests/test_sass_bytes.py): without both, its line stays undecided
    monkeypatch.setattr(sr.Launch, "const3_value", lambda self, off, nbytes: None)
    emu_ptx._module_cache.clear()               # a fresh parse: no replay cached on the function
    row = next(pl for pl in _run(":spmv_jds").per_line if pl["line"] == 101)
    assert row["undecided"] and row["counted"] == "ptx" and "a loaded value" in row["why"]
    row = next(pl for pl in _run(":My_spmm_csr_vector_kernel_v1").per_line if pl["line"] == 114)
    assert row["undecided"] and "a loaded value" in row["why"]
    emu_ptx._module_cache.clear()


@needs_cubin
def test_a_pool_the_replay_disagrees_with_stays_undecided(monkeypatch):
    real = sr.Replay.run

    def one_more(self, launch_):
        got = real(self, launch_)
        t = min(got)
        return {**got, t: (got[t][0] + 1, got[t][1] + 1)}
    monkeypatch.setattr(sr.Replay, "run", one_more)
    emu_ptx._module_cache.clear()
    row = next(pl for pl in _run(":spmv_jds").per_line if pl["line"] == 120)
    assert row["undecided"] and row["global_ld_requests"] == 18
    assert "233 executions with a lane on where the PTX has 232" in row["why"]
    emu_ptx._module_cache.clear()


@needs_cubin
def test_bank_3_layout_comes_from_the_cubins_symbols():
    L = fid.launches(":spmv_jds")[0]
    k, _, _ = L.make()
    # the SASS reads sh_zcnt_int[warp_id] as c[0x3][R9] with R9 = warp_id * 4 + 0x4e20
    assert constant_symbols(k.program.cubin("sm_90")) == {"jds_ptr_int": (0, 20000), "sh_zcnt_int": (20000, 20000)}
    assert constant_symbols(b"not an elf") == {}


def test_a_value_is_known_only_where_every_lane_read_it_once():
    o = ob.Observed((3, 7), 4)
    o.keep(3, np.array([0, 1, 2]), np.array([100, 104, 100]), np.array([5, 6, 7], np.uint32))
    assert list(o.value([0, 1, 2], [100, 104, 100])) == [5, 6, 7]
    assert o.value([0, 3], [100, 100]) is None            # thread 3 read nothing there
    assert o.value([0], [104]) is None                    # thread 0 read another address
    o.keep(7, np.array([0]), np.array([100]), np.array([9], np.uint32))
    assert o.value([0], [100]) is None                    # two reads of one address, two values
