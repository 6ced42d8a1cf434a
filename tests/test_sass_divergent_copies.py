"""emu/counters/ifconvert.py's divergent copies: the code ptxas copies after a ``BRA.DIV`` (a masked warp
sync's path for a warp whose threads are not converged, run instead of the code it copies).

The Samples' ``simple_cooperative_groups.cu:cgkernel`` reduces over a 16-thread ``thread_group``: each
``g.sync()`` is a ``bar.warp.sync`` with the tile's mask, and ptxas makes the 4 unrolled trips of
``val += x[lane + i]`` (line 77) once as straight code and once more, with ``WARPSYNC.COLLECTIVE``, behind a
``BRA.DIV``: 9 predicated ``LDS`` on the line for the PTX's 5 guarded ``ld.shared``. The emulator noted "4 more
LDS than it can place" and left the line undecided, its count the PTX's 20 (equal to ncu's: 68 in the launch,
bench/results/fidelity-2026-12-02-every-launch.json.gz, 48 of them the driver's vprintf). A warp runs one copy
or the other, so the copies are left out of the line's SASS accesses and the line is decided: 20, ncu's.
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, needs_cubin, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

from tilelab.emu.counters import ifconvert  # noqa: E402
from tilelab.launch import launch  # noqa: E402
from tilelab.toolchain.sass import entry_sass, sass_listing  # noqa: E402

REC = ROOT / "bench" / "results" / "fidelity-2026-12-02-every-launch.json.gz"
CG = "collection/simple_cooperative_groups.cu"


def _listing():
    L = fid.launches(":cgkernel")[0]
    k, _, _ = L.make()
    return L, k, list(sass_listing(entry_sass(k.program.sass("sm_90"), k.entry), k.program.filename))


@needs_cubin
def test_the_copies_behind_bra_div_are_found_in_the_cubin():
    _, _, lst = _listing()
    copies = ifconvert.divergent_copies(lst)
    ops = [(x.where[1], x.pred, x.op) for x in lst if x.addr in copies]
    # the 4 trips of line 77 and the 3 stores of line 69 between them, as the straight code has them
    assert [o for o in ops if o[2] == "LDS"] == [(77, "@!P0", "LDS"), (77, "@!P1", "LDS")] * 2
    assert [o for o in ops if o[2] == "STS"] == [(69, "", "STS")] * 3
    lds = [x for x in lst if x.op == "LDS" and x.where[1] == 77]
    assert len(lds) == 9 and sum(x.addr in copies for x in lds) == 4


@needs_cubin
def test_a_copy_that_differs_from_the_straight_code_is_no_copy():
    _, _, lst = _listing()
    copies = ifconvert.divergent_copies(lst)
    last = max(a for a in copies)
    assert ifconvert.divergent_copies([x for x in lst if x.addr != last]) == frozenset()
    # nor where something else branches into it
    at = next(i for i, x in enumerate(lst) if x.addr == min(copies))
    lab = lst[at].labels
    assert lab                                  # a BSSY's target in the copy
    bra = next(i for i, x in enumerate(lst) if x.op == "BRA" and not x.pred and not x.mods)
    other = lst[bra].__class__(lst[bra].addr, lst[bra].where, "@P3", "BRA", "", f"`({lab[0]})", lst[bra].labels)
    assert ifconvert.divergent_copies(lst[:bra] + [other] + lst[bra + 1:]) == frozenset()


@needs_cubin
def test_line_77_is_decided_with_ncus_count(tmp_path):
    L, k, _ = _listing()
    r = launch(k, L.grid, L.block, shared=L.shared, backend="emu", echo=False, counts="sass", arch="sm_90")
    row = next(pl for pl in r.per_line if pl["line"] == 77 and pl["file"] == CG)
    assert "undecided" not in row and not any(pl.get("undecided") for pl in r.per_line)
    # 2 warps: the block's 6 trips each (warp 1's lanes all off: 6 requests with no lane on), the tile's 4 each
    assert row["shared_ld_requests"] == 2 * 6 + 2 * 4 and row["shared_ld_wavefronts"] == 14
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", ":cgkernel", "--json", str(out)])
    c = read_json(out)["rows"][0]["checks"]
    assert c["shared_ld_requests"]["emu"] == c["shared_ld_requests"]["ncu"] == 68
    assert c["shared_ld_wavefronts"]["emu"] == c["shared_ld_wavefronts"]["ncu"] == 14
    assert not any(v.get("undecided") for v in c.values())
    assert fid.matches(c["shared_ld_requests"]) and fid.matches(c["shared_ld_wavefronts"])


@needs_cubin
def test_the_reproduction_counts_as_the_h200(tmp_path):
    """reproWarpSyncCopies (cgkernel's line 77 without its printf): 3 LDS on the line, one a copy behind
    BRA.DIV; ncu's 20 requests, 6 with every lane off, 14 wavefronts (fidelity-2026-12-03-predicate.json),
    not the 28 of a warp that ran both copies. The emulator counted 20 too, but undecided."""
    rec = ROOT / "bench" / "results" / "fidelity-2026-12-03-predicate.json"
    row = next(r for r in read_json(rec)["rows"] if r["id"].endswith(":reproWarpSyncCopies"))
    assert row["ncu_raw"]["smsp__inst_executed_op_shared_ld_pred_off_all.sum"] == 6
    L = fid.launches(":reproWarpSyncCopies")[0]
    k, args, symbols = L.make()
    lst = list(sass_listing(entry_sass(k.program.sass("sm_90"), k.entry), k.program.filename))
    line = next(x.where for x in lst if x.op == "LDS")
    assert sum(x.op == "LDS" and x.where == line for x in lst) == 3
    assert len(ifconvert.divergent_copies(lst)) == 1
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(rec), "--only", ":reproWarpSyncCopies", "--json", str(out)])
    c = read_json(out)["rows"][0]["checks"]
    assert c["shared_ld_requests"]["emu"] == c["shared_ld_requests"]["ncu"] == 20
    assert c["shared_ld_wavefronts"]["emu"] == c["shared_ld_wavefronts"]["ncu"] == 14
    assert all(fid.matches(v) for v in c.values())
