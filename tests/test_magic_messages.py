"""What the %%cuda magic says besides compiling (issue 12): NVRTC's warnings on a compile that
succeeded (the released 03 stub's empty index function), and a compile failure that leaves the
next cell a clear message naming the failed line instead of a NameError."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tilelab import toolchain as tc
from tilelab import magic
from tilelab.errors import CompileError, TilelabError

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not tc.available_nvrtc(), reason="no NVRTC installed")


@pytest.fixture(scope="module")
def ip():
    from IPython.testing.globalipapp import get_ipython, start_ipython
    shell = start_ipython() or get_ipython()
    magic.load_ipython_extension(shell)
    return shell


def _cuda_cells(path: Path):
    nb = json.loads(path.read_text())
    for c in nb["cells"]:
        parsed = magic.parse_cuda_cell("".join(c["source"])) if c["cell_type"] == "code" else None
        if parsed:
            yield parsed


def test_the_released_03_stub_shows_the_missing_return_warning(ip, capsys):
    name, body = next(_cuda_cells(ROOT / "exercises" / "03_banks" / "03_banks.ipynb"))
    ip.run_cell_magic("cuda", name, body)
    err = capsys.readouterr().err
    assert ip.user_ns[name].name == name                       # it compiled and is bound
    assert "compile warnings" in err and "missing return statement" in err and "sbt" in err, err
    # the warning points at the learner's cell line: the stub's closing brace of sbt()
    line = int(re.search(rf"%%cuda {name}:(\d+): warning", err).group(1))
    cell_lines = ("%%cuda " + name + "\n" + body).splitlines()
    assert cell_lines[line - 1].strip() == "}"
    assert "diag-suppress" not in err


def test_a_clean_compile_says_nothing(ip, capsys):
    ip.run_cell_magic("cuda", "addOne", "__global__ void addOne(float* x, int n)\n"
                      "{ int i = threadIdx.x; if (i < n) x[i] += 1.0f; }\n")
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("bad_line", [3, 5])
def test_a_failed_compile_leaves_a_clear_message_for_the_next_cell(ip, bad_line):
    body = ["__global__ void broken(float* x, int n)", "{", "    int i = threadIdx.x;", "    x[i] = 1;", "}"]
    body[bad_line - 2] += " undefined_name;"
    with pytest.raises(CompileError):
        ip.run_cell_magic("cuda", "broken", "\n".join(body) + "\n")
    stand_in = ip.user_ns["broken"]
    import numpy as np
    import tilelab as tl
    for use in (lambda: tl.launch(stand_in, (1,), (1,), np.zeros(1, np.float32), 1),
                lambda: tl.check(stand_in, "vector_add"), lambda: stand_in.params, lambda: stand_in(),
                lambda: tl.selfcheck(stand_in)):     # in live JupyterLab: no "skipped while autograding"
        with pytest.raises(TilelabError) as e:
            use()
        msg = str(e.value)
        assert "did not compile" in msg and f"line {bad_line}" in msg and "undefined_name" in msg, msg
    # run the cell again, fixed: the kernel is back
    ip.run_cell_magic("cuda", "broken", "\n".join(body).replace(" undefined_name;", "") + "\n")
    assert ip.user_ns["broken"].name == "broken"


def test_a_failed_check_repeats_the_compilers_warning(ip):
    name, body = next(_cuda_cells(ROOT / "exercises" / "03_banks" / "03_banks.ipynb"))
    ip.run_cell_magic("cuda", name, body)
    import tilelab as tl
    from tilelab.errors import CheckFailed
    with pytest.raises(CheckFailed) as e:
        tl.check(ip.user_ns[name], "matmul", block=(32, 32), sizes=[33], seeds=[0], backend="emu", quiet=True)
    msg = str(e.value)
    assert "the compiler warned" in msg and "missing return statement" in msg, msg


def test_a_failed_compile_and_the_reprs_speak_chinese(ip, monkeypatch, capsys):
    """Under TILELAB_LANG=zh what the magic says, and what a launch, a self-check and a stand-in
    show as a cell's last value, are Chinese (identifiers stay as they are)."""
    import numpy as np
    import tilelab as tl
    from tilelab.selfcheck import SelfCheck
    monkeypatch.setenv("TILELAB_LANG", "zh")
    body = "__global__ void broken2(float* x, int n)\n{\n    x[threadIdx.x] = 1 undefined_name;\n}\n"
    with pytest.raises(CompileError):
        ip.run_cell_magic("cuda", "broken2", body)
    stand_in = ip.user_ns["broken2"]
    with pytest.raises(TilelabError) as e:
        tl.selfcheck(stand_in)
    assert "还不是一个核函数" in str(e.value) and "第 4 行" in str(e.value) and "did not compile" not in str(e.value)
    assert "编译成功" in repr(stand_in)
    assert "自动评分" in repr(magic.NotCompiledDuringGrading("k"))
    with pytest.raises(TilelabError) as e:
        magic.NotCompiledDuringGrading("k")()
    assert "nbgrader 自动评分时" in str(e.value) and "is not compiled" not in str(e.value)
    assert repr(SelfCheck({"score": 7, "max": 7})) == "<自测：7 / 7>"
    ip.run_cell_magic("cuda", "addTwo", "__global__ void addTwo(float* x)\n{ x[threadIdx.x] += 2.0f; }\n")
    r = tl.launch(ip.user_ns["addTwo"], 1, 32, np.zeros(32, np.float32), backend="emu")
    assert repr(r) == "<LaunchResult 模拟器：没有发现问题>"
    monkeypatch.setenv("TILELAB_LANG", "en")
    assert repr(r) == "<LaunchResult emu: no findings>"
