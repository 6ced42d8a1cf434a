"""Issue 23's sixty-sixth to seventy-third unseen suites on the H200 (docs/FIDELITY.md, "a fifth round"): eight
suites recorded in one device call, compared as each came (at the suite's own commit, before any fix it led to) and
now.

As each came: 1,127 of 1,144 kernel totals of the launches that ran (98.51%), 3 of 8 suites meeting the line with
every launch run. Now: 1,336 of 1,338 (99.85%), after the round's fixes (a template parameter that is a pointer type,
<cub/cub.cuh>'s C limits, a guarded run of overwritten shared stores, global loads sunk past a loop's skip branch,
unrolled copies of an if that ptxas predicated in some and branched in others) and one total set apart by a listed
race. With the twenty-two suites before (tests/test_fidelity_unseen66_87.py): 4,196 of 4,342 as each came (96.64%),
4,839 of 4,891 now (98.94%)."""
from __future__ import annotations

import sys

from conftest import ROOT, read_json, unseen_gpu_outputs, unseen_tallies

RES = ROOT / "bench" / "results"
#: suite -> (launches, ran as it came, equal as it came, totals as it came, ran now, equal now, totals now)
TALLY = {88: (14, 12, 156, 156, 14, 182, 182), 89: (11, 7, 91, 91, 11, 143, 143), 90: (11, 9, 109, 117, 11, 141, 143),
         91: (16, 16, 208, 208, 16, 208, 208), 92: (13, 13, 169, 169, 13, 169, 169),
         93: (12, 12, 148, 156, 12, 156, 156), 94: (13, 6, 78, 78, 13, 169, 169), 95: (13, 13, 168, 169, 13, 168, 168)}
#: suite -> (launches, as expected) on the H200 (collection-gpu-2026-12-05-unseen88.json to -unseen95.json), before
#: the manifest said how LEAP's and Crystal's expf and OpenMM's races compare
GPU = {88: (14, 14), 89: (11, 11), 90: (11, 11), 91: (16, 16), 92: (13, 12), 93: (12, 12), 94: (13, 13), 95: (13, 9)}


def _tables():
    sys.path.insert(0, str(ROOT / "bench"))
    import unseen_suites
    return unseen_suites


def test_each_suite_as_it_came_and_now_and_the_line():
    came_sum, now_sum, met = unseen_tallies(TALLY)
    assert came_sum == [1127, 1144] and now_sum == [1336, 1338]
    assert met == [91, 92, 95]
    assert came_sum[0] / came_sum[1] < 0.99          # line 2 is not met as the suites came


def test_the_gpus_outputs_as_recorded():
    unseen_gpu_outputs(GPU)


def test_the_round_s_fixes_when_compared_again(tmp_path):
    """The Coulomb tile's overwritten stores, FDMT's sunk loads and ScaleDown's mixed ifs, re-run at this commit."""
    us = _tables()
    import fidelity as fid
    for n, only, want in ((89, "#arrays-", (2, 26, 26)), (90, "/bffdmt_", (5, 65, 65)), (93, "ScaleDown", (2, 26, 26))):
        out = tmp_path / f"{n}.json"
        fid.main(["--compare", str(RES / f"fidelity-2026-12-05-unseen{n}.json"), "--only", only, "--json", str(out)])
        suite = next(k for k in us.SUITES if f"(unseen{n})" in k)
        now = us.table([str(out)])[suite]
        assert (now["run"], now["kernel_equal"], now["kernel_totals"]) == want, n


def test_the_set_apart_launches_repeated_on_the_h200():
    """Five launches whose totals earlier rounds set apart as decided by order or a race, five ncu runs each
    (fidelity-2026-12-05-rep88-repeats.json): fvccl's resolve, Gardenia's hook and CUDA-grep's two-regex match move
    between runs; ECL-CC's compute2 and torch-ngp's composite did not move in five."""
    rep = read_json(RES / "fidelity-2026-12-05-rep88-repeats.json")["launches"]
    moved = {lid.split(":")[-1]: bool(v["moves"]) for lid, v in rep.items()}
    assert moved == {"resolve_labels#64x48-1": True, "compute2": False, "hook": True,
                     "parallelMatch#two_regexes": True, "kernel_composite_rays<float>": False}
    composite = next(v for lid, v in rep.items() if "composite" in lid)["values"]
    assert set(composite["global_st_requests"]) == {107} and set(composite["global_st_sectors"]) == {948}
