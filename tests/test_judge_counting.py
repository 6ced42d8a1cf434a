"""Grades stay reproducible (issue 13): the judge pins the counting mode, the SM whose SASS it
follows and the NVRTC version (tilelab/rubric/_counting.toml), uses them, and prints them in
the feedback the learner reads."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tilelab.rubric import all_rubrics, counting_pins, load_rubric  # noqa: E402

VECTOR_ADD = (ROOT / "kernels" / "vector_add.cu").read_text()


def _spec(**counting):
    c = load_rubric("00_start_here").checks[0]
    spec = c.spec(VECTOR_ADD, backend="emu").to_json()
    spec["counting"].update(counting)
    # the counting line comes first; one cheap part is enough to see it
    spec["parts"] = [p for p in spec["parts"] if p["kind"] == "correct"]
    return spec


def _pinned_wheel(major: int) -> str:
    return "nvidia-cuda-nvrtc-cu12" if major == 12 else "nvidia-cuda-nvrtc"


def _pinned_nvrtc_installed() -> bool:
    """Whether the project's own install is here (make test, make lab): the lent GPU machine runs
    the suite on its image's NVRTC 13 without the project's wheels (make test-gpu NO_INSTALL=1)."""
    from importlib.metadata import PackageNotFoundError, version
    major = int(counting_pins()["nvrtc"].split(".")[0])
    try:
        return version(_pinned_wheel(major)).startswith(counting_pins()["nvrtc"] + ".")
    except PackageNotFoundError:
        return False


def test_the_pins_are_a_known_mode_an_sm_and_an_nvrtc_the_project_installs():
    import tomllib

    from tilelab.toolchain import available_nvrtc
    from tilelab.emu.machine import COUNT_MODES
    pins = counting_pins()
    assert pins["counts"] in COUNT_MODES
    assert pins["arch"].startswith("sm_")
    assert "_counting" not in all_rubrics()                 # the pins are no assignment
    major = int(pins["nvrtc"].split(".")[0])
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert any(d.split(">")[0].split("=")[0].strip() == _pinned_wheel(major) for d in deps)
    if _pinned_nvrtc_installed():                           # installed, so tilelab must find it
        assert major in available_nvrtc()


def test_every_graded_spec_carries_the_pins():
    for name, rubric in all_rubrics().items():
        for check in rubric.checks:
            assert check.spec("", backend="emu").counting == counting_pins(), (name, check.grade_id)


def test_the_feedback_names_the_counting_mode_and_the_nvrtc_version():
    from tilelab.toolchain import find_nvrtc
    from tilelab.judge import Judge
    pins = counting_pins()
    v = Judge(_spec()).run()
    line = next(ln for ln in v["lines"] if "counts:" in ln)
    assert f'counts="{pins["counts"]}"' in line and f"NVRTC {pins['nvrtc']}" in line
    from tilelab.toolchain import available_nvrtc
    major = int(pins["nvrtc"].split(".")[0])
    if major not in available_nvrtc():                      # the lent GPU image: NVRTC 13 only
        assert "which this machine does not have" in line and "as the rubric pins both" not in line
        assert v["score"] == v["max"]
        return
    assert "as the rubric pins both" in line
    got = find_nvrtc(major).version
    assert v["counting"] == {"counts": pins["counts"], "arch": pins["arch"], "nvrtc": f"{got[0]}.{got[1]}",
                             "nvrtc_pinned": pins["nvrtc"]}
    assert v["score"] == v["max"]


@pytest.mark.parametrize("mode", ["ptx", "sass"])
def test_the_judge_runs_the_pinned_mode(monkeypatch, mode):
    import tilelab.emu as emu
    from tilelab.judge import Judge
    seen = []
    run = emu.run

    def spy(*a, **kw):
        seen.append(kw.get("counts"))
        return run(*a, **kw)
    monkeypatch.setattr(emu, "run", spy)
    v = Judge(_spec(counts=mode)).run()
    assert f'counts="{mode}"' in next(ln for ln in v["lines"] if "counts:" in ln)
    assert seen and set(seen) == {mode}           # every launch of the check ran in that mode


def test_an_nvrtc_the_machine_lacks_is_said_plainly():
    from tilelab.judge import Judge
    v = Judge(_spec(nvrtc="99.1")).run()
    line = next(ln for ln in v["lines"] if "counts:" in ln)
    assert "pins NVRTC 99.1" in line and "may differ" in line


def test_a_bad_pin_fails_the_check_with_its_name():
    from tilelab.judge import judge
    v = judge(_spec(counts="fast"))
    assert v["score"] == 0 and "counting mode" in " ".join(v["lines"])


@pytest.mark.parametrize("missing", ["counts", "nvrtc"])
def test_a_pins_file_without_a_key_is_refused(tmp_path, missing):
    body = {"counts": '"sass"', "arch": '"sm_90"', "nvrtc": '"12.9"'}
    del body[missing]
    p = tmp_path / "_counting.toml"
    p.write_text("".join(f"{k} = {v}\n" for k, v in body.items()))
    with pytest.raises(ValueError, match=missing):
        counting_pins(p)


def test_the_chinese_feedback_names_them_too(monkeypatch):
    from tilelab.judge import Judge
    monkeypatch.setenv("TILELAB_LANG", "zh")
    pins = counting_pins()
    v = Judge(_spec()).run()
    line = next(ln for ln in v["lines"] if "counts=" in ln)
    assert line.startswith("· 计数") and f'counts="{pins["counts"]}"' in line and f"NVRTC {pins['nvrtc']}" in line


def test_a_debugging_printf_does_not_change_what_the_judge_counts():
    """counts="sass" adds the driver's vprintf to the totals (as ncu does); the judge's records leave
    it out, so a printf left in a submission moves no count criterion or technique check."""
    import numpy as np
    from tilelab.toolchain import compile_cuda
    from tilelab.judge import kernel_counts
    from tilelab.launch import launch
    from tilelab.technique import coalesced_like_reference, global_loads_at_reference
    body = VECTOR_ADD.replace("{\n", "{\n    if (threadIdx.x % 32 == 0) printf(\"block %d\\n\", blockIdx.x);\n", 1)
    assert body != VECTOR_ADD
    n = 4096
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32)
    got = {}
    for name, src in (("plain", VECTOR_ADD), ("printf", body)):
        k = compile_cuda(src, filename=f"{name}.cu").kernel("vectorAdd")
        res = launch(k, n // 256, 256, a, b, np.zeros(n, np.float32), n, backend="emu", counts="sass", echo=False)
        got[name] = (res, *kernel_counts(res))
    plain, printf = got["plain"], got["printf"]
    assert printf[0].metrics["global_st_requests"] > plain[0].metrics["global_st_requests"]   # vprintf is counted
    memory = [k for k in plain[1] if k.startswith(("shared_", "global_"))]
    assert {k: printf[1][k] for k in memory} == {k: plain[1][k] for k in memory}                # and left out here

    class R:
        def __init__(self, m): self.metrics = m
    for check in (coalesced_like_reference, global_loads_at_reference):
        assert check(R(printf[1]), R(plain[1]), {"reference": "plain"})[0]
    # with the driver's loads in, the same kernel would read more sectors than the reference
    assert not global_loads_at_reference(R(printf[0].metrics), R(plain[1]), {"reference": "plain"})[0]
