"""The nbgrader pipeline's parts: CUDA-aware release, verdict -> nbgrader score, the judge's
process sandbox (timeout, process group, memory), static source reading, the %%cuda magic's
autograde mode, rubric <-> notebook agreement, and `make release` in sync with exercises/."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from nbgrader.utils import determine_grade

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading.preprocessors import (CudaClearSolutions, find_kernel_source, run_judge,  # noqa: E402
                                   verdict_outputs)
from grading.rubrics import all_rubrics  # noqa: E402
from grading import regression  # noqa: E402
from tilelab import magic  # noqa: E402


def _nbg(gid, **kw):
    md = {"grade": False, "solution": False, "locked": False, "grade_id": gid, "schema_version": 3, "task": False}
    md.update(kw)
    return {"nbgrader": md}


# ------------------------------------------------------------------ release (ClearSolutions)
def _clear(cells):
    nb = new_notebook(cells=cells)
    nb.metadata.kernelspec = {"name": "python3", "language": "python", "display_name": "Python 3"}
    nb, _ = CudaClearSolutions().preprocess(nb, {})
    return nb


def test_cuda_region_becomes_a_cuda_stub_with_its_indentation():
    src = textwrap.dedent("""\
        %%cuda k
        __global__ void k(float* x, int n)
        {
            int i = threadIdx.x;
            // ### BEGIN SOLUTION
            if (i < n) x[i] = 1.0f;
            // ### END SOLUTION
            for (int j = 0; j < n; ++j) {
                // ### BEGIN SOLUTION
                __syncthreads();
                // ### END SOLUTION
            }
        }""")
    nb = _clear([new_code_cell(src, metadata=_nbg("k", solution=True))])
    out = nb.cells[0].source
    assert "NotImplementedError" not in out and "SOLUTION" not in out
    assert "    // YOUR CODE HERE\n" in out and "        // YOUR CODE HERE\n" in out
    assert "x[i] = 1.0f" not in out and "__syncthreads" not in out
    assert out.startswith("%%cuda k\n")


def test_python_region_keeps_nbgraders_stub():
    src = "x = 1\n### BEGIN SOLUTION\ny = 2\n### END SOLUTION\n"
    nb = _clear([new_code_cell(src, metadata=_nbg("p", solution=True))])
    assert "raise NotImplementedError()" in nb.cells[0].source and "y = 2" not in nb.cells[0].source


def test_whole_cell_cuda_solution_keeps_the_magic_line():
    nb = _clear([new_code_cell("%%cuda k\n__global__ void k() {}", metadata=_nbg("k", solution=True))])
    assert nb.cells[0].source == "%%cuda k\n// YOUR CODE HERE"


def test_released_cuda_cells_compile_and_hold_no_solution():
    for a in all_rubrics():
        for folder in ("exercises",):
            path = regression.notebook_path(folder, a)
            if not path.exists():
                continue
            nb = nbformat.read(path, 4)
            for cell in nb.cells:
                text = cell.source
                assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text, path
                parsed = magic.parse_cuda_cell(text) if cell.cell_type == "code" else None
                if parsed:
                    magic.compile_cell(*parsed)  # the released stub compiles


# ------------------------------------------------------------------ verdict -> nbgrader's score
@pytest.mark.parametrize("score,points,expected", [(3, 3, 3), (1.5, 3, 1.5), (0, 3, 0), (7, 3, 3), (-1, 3, 0)])
def test_verdict_outputs_score_as_the_judge_said(score, points, expected):
    cell = new_code_cell("tl.check(k, 'p')", metadata=_nbg("c", grade=True, locked=True, points=points))
    cell.outputs = verdict_outputs({"score": score, "lines": ["a line"]}, points)
    assert determine_grade(cell)[0] == expected
    text = "".join(o.get("text", "") for o in cell.outputs) + "".join("".join(o.get("traceback", [])) for o in cell.outputs)
    assert "a line" in text


# ------------------------------------------------------------------ the judge's process sandbox
def _fake_python(tmp_path, body):
    """A stand-in for `python -I -m tilelab.judge SPEC` that runs ``body`` instead."""
    script = tmp_path / "fake_python"
    script.write_text("#!" + sys.executable + "\n" + textwrap.dedent(body))
    script.chmod(0o755)
    return str(script)


def test_judge_timeout_kills_the_whole_process_group(tmp_path):
    pidfile = tmp_path / "child.pid"
    fake = _fake_python(tmp_path, f"""
        import subprocess, time
        child = subprocess.Popen(["sleep", "600"])
        open({str(pidfile)!r}, "w").write(str(child.pid))
        time.sleep(600)
    """)
    t0 = time.monotonic()
    v = run_judge({"points": 3, "parts": []}, timeout=3, memory_bytes=0, command=[fake])
    assert time.monotonic() - t0 < 30
    assert v["score"] == 0 and "did not finish" in v["lines"][0]
    pid = int(pidfile.read_text())
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        try:  # a zombie counts as gone
            if Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":
                break
        except OSError:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the judge's child process survived the timeout")


def test_judge_memory_limit(tmp_path):
    fake = _fake_python(tmp_path, """
        x = bytearray(3 << 30)   # over the 1 GiB limit below
        print('{"score": 3, "max": 3, "lines": ["should not get here"]}')
    """)
    v = run_judge({"points": 3, "parts": []}, timeout=60, memory_bytes=1 << 30, command=[fake])
    assert v["score"] == 0


def test_judge_crash_scores_zero(tmp_path):
    fake = _fake_python(tmp_path, "import sys; sys.stderr.write('boom\\n'); sys.exit(3)")
    v = run_judge({"points": 3, "parts": []}, timeout=60, memory_bytes=0, command=[fake])
    assert v["score"] == 0 and any("boom" in line for line in v["lines"])


def test_judge_environment_is_minimal(tmp_path):
    fake = _fake_python(tmp_path, """
        import json, os, sys
        print(json.dumps({"score": 1, "max": 3, "lines": [json.dumps(sorted(os.environ)), os.getcwd(), " ".join(sys.argv[1:])]}))
    """)
    os.environ["TILELAB_SECRET_FOR_TEST"] = "x"
    try:
        v = run_judge({"points": 3, "parts": [], "backend": "emu"}, timeout=60, memory_bytes=0, command=[fake])
    finally:
        del os.environ["TILELAB_SECRET_FOR_TEST"]
    import json
    env = json.loads(v["lines"][0])
    assert "TILELAB_SECRET_FOR_TEST" not in env and "PYTHONPATH" not in env
    assert set(env) <= {"PATH", "HOME", "LANG", "TILELAB_BACKEND", "TILELAB_LANG", "LD_LIBRARY_PATH", "CUDA_VISIBLE_DEVICES",
                        "CUDA_PATH", "CUDA_HOME", "LC_CTYPE", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS",
                        "MKL_NUM_THREADS"}
    assert "tilelab-judge-" in v["lines"][1]
    assert v["lines"][2].endswith("spec.json")


def test_judge_runs_isolated_on_this_repository():
    """-I always; `-m tilelab.judge` where tilelab is installed, else told where the repo is
    (a host where tilelab is only on PYTHONPATH, which -I ignores)."""
    from grading.preprocessors import REPO_ROOT, judge_command
    cmd = judge_command(sys.executable)
    assert cmd[:2] == [sys.executable, "-I"]
    assert cmd[2:4] == ["-m", "tilelab.judge"] or (cmd[2] == "-c" and cmd[-1] == str(REPO_ROOT))


def test_judge_refuses_local_includes():
    from tilelab.judge import forbidden_include
    assert forbidden_include('#include "secret.h"\n__global__ void k() {}')
    assert forbidden_include("#include </etc/passwd>")
    assert forbidden_include("  #  include <../x.h>")
    assert forbidden_include("#include <cuda_fp16.h>\n") is None


# ------------------------------------------------------------------ reading the source statically
def test_find_kernel_source_takes_the_last_cell_before_the_grade_cell():
    cells = [new_code_cell("%%cuda k\nold"), new_markdown_cell("%%cuda k\nnot code"), new_code_cell("%%cuda k\nnew"),
             new_code_cell("%%cuda other\nx"), new_code_cell("tl.check(k, 'p')"), new_code_cell("%%cuda k\nlater")]
    assert find_kernel_source(cells, "k", before=4) == "new"
    assert find_kernel_source(cells, "other", before=4) == "x"
    assert find_kernel_source(cells, "k", before=0) == "later"   # none before: the last anywhere
    assert find_kernel_source(cells, "missing", before=4) is None


def test_parse_cuda_cell():
    assert magic.parse_cuda_cell("%%cuda vectorAdd\nbody\n") == ("vectorAdd", "body\n")
    assert magic.parse_cuda_cell("%%cuda   k  \nb") == ("k", "b")
    assert magic.parse_cuda_cell("%%cuda\nb") is None
    assert magic.parse_cuda_cell("x = 1") is None


# ------------------------------------------------------------------ the %%cuda magic
@pytest.fixture(scope="module")
def ip():
    from IPython.testing.globalipapp import get_ipython, start_ipython
    shell = start_ipython() or get_ipython()
    magic.load_ipython_extension(shell)
    return shell


def test_magic_compiles_binds_and_maps_errors_to_cell_lines(ip):
    ip.run_cell_magic("cuda", "addOne", "__global__ void addOne(float* x, int n)\n"
                      "{ int i = threadIdx.x; if (i < n) x[i] += 1.0f; }\n")
    k = ip.user_ns["addOne"]
    assert k.name == "addOne"
    from tilelab.errors import CompileError
    with pytest.raises(CompileError) as e:
        ip.run_cell_magic("cuda", "bad", "__global__ void bad(float* x)\n{\n  x[0] = y;\n}\n")
    assert "%%cuda bad:4" in str(e.value)            # cell line 4: the magic line is line 1
    assert isinstance(ip.user_ns["bad"], magic.CompileFailed)   # no kernel under the name, but no NameError


def test_magic_compiles_nothing_during_autograde(ip, monkeypatch):
    from tilelab.errors import TilelabError
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    ip.run_cell_magic("cuda", "bomb", "this is not CUDA at all")
    k = ip.user_ns["bomb"]
    with pytest.raises(TilelabError, match="judge"):
        k.params
    with pytest.raises(TilelabError):
        k()


# ------------------------------------------------------------------ rubric <-> notebooks
def test_rubric_checks_match_the_solution_notebooks():
    rubrics = all_rubrics()
    assert {"00_start_here", "01_naive_matmul", "02_tiled_matmul"} <= set(rubrics)
    for a, rubric in rubrics.items():
        for nbname in {c.notebook for c in rubric.checks}:
            path = regression.notebook_path("solutions", a, nbname)
            if not path.exists():
                pytest.skip(f"{path} is not written yet")
            nb = nbformat.read(path, 4)
            grade_cells = {c.metadata.nbgrader["grade_id"]: c for c in nb.cells
                           if c.get("metadata", {}).get("nbgrader", {}).get("grade")}
            for check in rubric.checks_for(nbname):
                assert check.grade_id in grade_cells, f"{a}: no grade cell {check.grade_id}"
                cell = grade_cells[check.grade_id]
                assert float(cell.metadata.nbgrader["points"]) == check.points, \
                    f"{a}/{check.grade_id}: notebook says {cell.metadata.nbgrader['points']}, rubric {check.points}"
                assert regression.kernel_source(nb, check), f"{a}: no %%cuda {check.kernel} cell"


def test_rubric_references_compile():
    from tilelab.toolchain import kernel_from_file
    for a, rubric in all_rubrics().items():
        for check in rubric.checks:
            for label, where in check.references.items():
                where = where["kernel"] if isinstance(where, dict) else where   # { kernel = ..., shared = ... }
                path, _, name = where.partition(":")
                kernel_from_file(ROOT / path, name)


# ------------------------------------------------------------------ make release is in sync
def _cells(nb):
    return [(c.cell_type, c.source, c.get("metadata", {}).get("nbgrader")) for c in nb.cells]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_release_is_in_sync_with_exercises(tmp_path, lang):
    tag = "" if lang == "en" else f"_{lang}"
    source, exercises = ROOT / f"solutions{tag}", ROOT / f"exercises{tag}"
    assignments = [p.name for p in sorted(source.iterdir()) if any(p.glob("*.ipynb"))]
    out = tmp_path / "release"
    r = subprocess.run([sys.executable, "-m", "grading.release", "--quiet", "--source", str(source),
                        "--to", str(out), "--db", f"sqlite:///{tmp_path / 'gradebook.db'}"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    stale = []
    for a in assignments:
        fresh = sorted(p.relative_to(out / a) for p in (out / a).rglob("*") if p.is_file())
        committed = sorted(p.relative_to(exercises / a) for p in (exercises / a).rglob("*")
                           if p.is_file() and ".ipynb_checkpoints" not in p.parts)
        if fresh != committed:
            stale.append(f"{a}: files {committed} != {fresh}")
            continue
        for rel in fresh:
            new, old = out / a / rel, exercises / a / rel
            if rel.suffix == ".ipynb":
                if _cells(nbformat.read(new, 4)) != _cells(nbformat.read(old, 4)):
                    stale.append(f"{a}/{rel}")
            elif new.read_bytes() != old.read_bytes():
                stale.append(f"{a}/{rel}")
    extra = sorted(p.name for p in exercises.iterdir() if p.is_dir() and p.name not in assignments) \
        if exercises.is_dir() else []
    assert not extra, f"{exercises.name}/ has assignments with no source in {source.name}/: {extra}"
    assert not stale, (f"{exercises.name}/ is out of sync with {source.name}/; run `make release` and commit:\n"
                       + "\n".join(stale))
