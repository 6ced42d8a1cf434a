"""An access NVVM left at line 0 (tilelab/emu/counters/sass_model.py, ``_line0_orphans``).

NVVM gives an access it merged from several source lines line 0 (ThunderSVM's SMO solvers: stores of an if/else made
one store of a selected value); no SASS instruction has line 0, so the per-line check found "none of this line" and
counted the line as the PTX runs, undecided. ptxas puts that access's instructions on a line of their own; the
cubin's accesses on lines that hold no PTX access are now checked together with line 0. ncu's counts are the H200's
(bench/results/fidelity-2026-12-05-unseen77.json.gz)."""
from __future__ import annotations

import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

from tilelab.emu import calls  # noqa: E402
from tilelab.emu.counters.sass_model import plan_for  # noqa: E402
from tilelab.emu.machine import parsed  # noqa: E402

SMO = "/tsvm_smo_kernel.cu:svm_kernel::"


def test_line_0_is_checked_with_the_lines_ptxas_gave_its_accesses():
    for name in ("c_smo_solve_kernel", "nu_smo_solve_kernel"):
        (L,) = [x for x in fid.launches(SMO + name) if x.id.endswith(name)]
        k, _, _ = L.make()
        module = parsed(k.program.ptx)
        fn = calls.link(module, module.entry(k.entry))
        files = dict(module.files)
        plan = plan_for(k, fn, files, "sm_90")
        zero = [w for w in plan.lines if w[1] == 0]
        assert zero and all(plan.lines[w] == "sass" for w in zero), (name, plan.notes.get(zero[0]) if zero else None)
        # the lines joined to it hold no PTX access: nothing of their own to count
        joined = [w for w, how in plan.lines.items() if w[1] and how == "sass"
                  and not any((files.get(i.file), i.line) == w and "shared" in i.mods for i in fn.instrs)]
        assert joined, name


def test_the_solvers_shared_stores_are_decided_at_ncus_counts(tmp_path):
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(ROOT / "bench" / "results" / "fidelity-2026-12-05-unseen77.json.gz"), "--only", SMO,
              "--json", str(out)])
    rows = [r for r in read_json(out)["rows"] if r["id"].endswith("solve_kernel")]
    assert len(rows) == 2
    for r in rows:
        c = r["checks"]
        assert all(fid.matches(v) for v in c.values()), (r["id"], c)
        assert c["shared_st_requests"]["emu"] in (748, 1113)
