"""bench/fidelity.py's --save-cubins and --cubins: the GPU host measures the very cubin another machine
built (the one the emulator's SASS-aware counts read there), never its own by mistake."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from conftest import needs_cubin

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import fidelity  # noqa: E402

ONLY = "kernels/vector_add.cu:vectorAdd"


@needs_cubin
def test_saved_cubins_are_the_ones_the_launches_then_run(tmp_path):
    assert fidelity.main(["--save-cubins", str(tmp_path), "--only", ONLY]) == 0
    index = json.loads((tmp_path / fidelity.CUBINS_INDEX).read_text())
    assert index["arch"] == "sm_90" and list(index["launches"]) == [ONLY]
    info = index["launches"][ONLY]
    saved = (tmp_path / info["cubin"]).read_bytes()
    # another build's program takes the saved cubin in place of its own, and says so
    marked = saved + b"\0"                   # a stand-in for another toolchain's bytes, same entry
    (tmp_path / info["cubin"]).write_bytes(marked)
    info["sha256"] = fidelity.hashlib.sha256(marked).hexdigest()
    (tmp_path / fidelity.CUBINS_INDEX).write_text(json.dumps(index))
    todo = fidelity.launches(ONLY)
    built = fidelity.build(todo, "sm_90")
    host = fidelity.adopt_cubins(todo, built, str(tmp_path), "sm_90")
    k = built[ONLY][0]
    assert k.program.cubin("sm_90") == marked
    assert "on the host" in k.program.assembled("sm_90").tool
    assert host["launches"][ONLY]["sha256"] == info["sha256"] and host["nvrtc"] == index["nvrtc"]


@needs_cubin
def test_a_launch_with_no_saved_cubin_or_a_changed_one_is_an_error_row(tmp_path):
    assert fidelity.main(["--save-cubins", str(tmp_path), "--only", ONLY]) == 0
    index = json.loads((tmp_path / fidelity.CUBINS_INDEX).read_text())
    (tmp_path / index["launches"][ONLY]["cubin"]).write_bytes(b"not the saved cubin")
    todo = fidelity.launches(ONLY + ",kernels/transpose.cu:transposeNaive")
    built = fidelity.build(todo, "sm_90")
    host = fidelity.adopt_cubins(todo, built, str(tmp_path), "sm_90")
    assert host["launches"] == {}
    assert isinstance(built[ONLY], LookupError) and "is not the cubin" in str(built[ONLY])
    assert isinstance(built["kernels/transpose.cu:transposeNaive"], LookupError)


def test_an_anonymous_namespace_s_name_is_not_the_kernel_s():
    """NVRTC names an anonymous namespace with hashes and a number that change between compiles
    (GPUMD's static kernels, the eighth round): the length prefix says how much of the name is it."""
    here = "_ZN56_GLOBAL__N__00000000_17_gpumd_neighbor_cu_6c762c98_1629515gpu_update_xyz0EiPKdS1_S1_PdS2_S2_"
    there = "_ZN54_GLOBAL__N__00000000_17_gpumd_neighbor_cu_b0634e46_48215gpu_update_xyz0EiPKdS1_S1_PdS2_S2_"
    other = "_ZN54_GLOBAL__N__00000000_17_gpumd_neighbor_cu_b0634e46_48215gpu_update_xyz1EiPKdS1_S1_PdS2_S2_"
    assert here != there and fidelity.anon_blind(here) == fidelity.anon_blind(there)
    assert fidelity.anon_blind(there) != fidelity.anon_blind(other)
    assert fidelity.anon_blind("_Z9vectorAddPKfS0_Pfi") == "_Z9vectorAddPKfS0_Pfi"


@needs_cubin
def test_a_kernel_in_an_anonymous_namespace_launches_by_the_saved_cubin_s_name(tmp_path):
    only = "collection/gpumd_neighbor.cu:gpu_update_xyz0"
    assert fidelity.main(["--save-cubins", str(tmp_path), "--only", only]) == 0
    index = json.loads((tmp_path / fidelity.CUBINS_INDEX).read_text())
    info = index["launches"][only]
    assert "_GLOBAL__N_" in info["entry"]
    # as the GPU host's own build names it: another hash, another number, another length
    info["entry"] = re.sub(r"(\d+)_GLOBAL__N__", lambda m: f"{int(m.group(1)) + 1}_GLOBAL__N__x", info["entry"], count=1)
    (tmp_path / fidelity.CUBINS_INDEX).write_text(json.dumps(index))
    todo = fidelity.launches(only)
    built = fidelity.build(todo, "sm_90")
    mine = built[only][0].entry
    assert mine != info["entry"]
    host = fidelity.adopt_cubins(todo, built, str(tmp_path), "sm_90")
    assert only in host["launches"] and built[only][0].entry == info["entry"]
