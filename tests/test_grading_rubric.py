"""The rubric measures the technique, not a proxy of it (issue 9), and the learner sees its verdict
before submitting (issue 12, deliverable 5): sizes drawn per submission, technique checks on the
per-line record, the GPU-like second run, the shared %%cuda parser, notebooks found whatever their
name, a lost grade cell, the include ban and ``tl.selfcheck``. The corpus itself is scored in
test_grading_regression.py."""
from __future__ import annotations

import copy
import os
import stat
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import regression  # noqa: E402
from grading.preprocessors import checks_for_notebook  # noqa: E402
from tilelab import magic  # noqa: E402
from tilelab.rubric import RUBRIC_DIR, all_rubrics, load_rubric  # noqa: E402
from tilelab.rubric.draw import course_secret, draw_sizes, graded_draw, self_check_draw  # noqa: E402

VECTOR_ADD = (ROOT / "kernels" / "vector_add.cu").read_text()


def _check(assignment, grade_id=None):
    r = load_rubric(assignment)
    return r.checks[0] if grade_id is None else r.check(grade_id)


# ------------------------------------------------------------------ the rubric lives in the package
def test_rubrics_ship_with_the_package():
    assert RUBRIC_DIR == ROOT / "tilelab" / "rubric"
    # every TOML there is an assignment's rubric, but _counting.toml: the judge's pins (issue 13)
    assert {p.stem for p in RUBRIC_DIR.glob("*.toml")} == set(all_rubrics()) | {"_counting"}
    assert not (ROOT / "grading" / "rubric").exists()
    assert "tilelab.rubric" in (ROOT / "pyproject.toml").read_text()


def test_every_timing_size_is_a_correctness_size(tmp_path):
    text = (RUBRIC_DIR / "04_transpose_padding.toml").read_text().replace(", [8192, 8192]]", "]", 1)
    (tmp_path / "04_transpose_padding.toml").write_text(text)
    with pytest.raises(ValueError, match="8192"):
        load_rubric("04_transpose_padding", tmp_path)


# ------------------------------------------------------------------ sizes drawn per submission
def test_draw_is_keyed_by_secret_learner_and_submission():
    c = _check("02_tiled_matmul")
    a = draw_sizes(c.draw, c.problem, b"k1", "ada", c.assignment, "src")
    assert a.emu == draw_sizes(c.draw, c.problem, b"k1", "ada", c.assignment, "src").emu   # a regrade
    others = [draw_sizes(c.draw, c.problem, k, who, c.assignment, src).emu
              for k, who, src in ((b"k2", "ada", "src"), (b"k1", "bob", "src"), (b"k1", "ada", "src2"))]
    assert all(o != a.emu for o in others)
    lo, hi = c.draw["emu"]
    assert len(a.emu) == c.draw["count"] and all(lo <= n <= hi for n in a.emu)
    t = _check("04_transpose_padding")
    d = draw_sizes(t.draw, t.problem, b"k", "ada", t.assignment, "src")
    assert all(len(s) == 2 for s in d.emu + d.gpu)            # rows and cols each drawn


def test_course_secret_from_env_or_a_private_file(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELAB_COURSE_SECRET", "from-env")
    assert course_secret(tmp_path / "s") == b"from-env"
    monkeypatch.delenv("TILELAB_COURSE_SECRET")
    path = tmp_path / "cfg" / "course_secret"
    first = course_secret(path)
    assert len(first) >= 32 and course_secret(path) == first
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert not str(path).startswith(str(ROOT))


def test_self_check_draws_other_sizes_than_the_grader():
    c = _check("02_tiled_matmul")
    graded = graded_draw(c, "ada", "src", b"secret")
    mine = [tuple(self_check_draw(c, "src").emu) for _ in range(4)]
    assert len(set(mine)) > 1 and "self-check" in self_check_draw(c, "src").how
    assert "HMAC" in graded.how


def test_the_course_build_fixes_the_self_checks_key(monkeypatch):
    # make lessons sets TILELAB_SELF_CHECK_KEY, so a rebuild writes the same outputs into solutions/
    c = _check("02_tiled_matmul")
    monkeypatch.setenv("TILELAB_SELF_CHECK_KEY", "build one")
    one = [tuple(self_check_draw(c, "src").emu) for _ in range(3)]
    monkeypatch.setenv("TILELAB_SELF_CHECK_KEY", "build two")
    two = {tuple(self_check_draw(c, "src").emu) for _ in range(8)}
    assert len(set(one)) == 1 and len(two) == 1
    monkeypatch.delenv("TILELAB_SELF_CHECK_KEY")
    assert len({tuple(self_check_draw(c, "src").emu) for _ in range(4)}) > 1


def test_the_draw_is_recorded_in_the_feedback():
    c = _check("00_start_here")
    v = regression.judge_source(c, VECTOR_ADD)
    assert v["score"] == c.points
    drawn = v["drawn"]["emu"]
    assert drawn and any(f"n={drawn[0]}" in line and "drawn for this submission" in line for line in v["lines"])
    assert v["drawn"] == regression.judge_source(c, VECTOR_ADD)["drawn"]      # a regrade draws the same


# ------------------------------------------------------------------ one %%cuda parser
def test_magic_and_judge_share_the_parser():
    for header in ("%%cuda matmulTiled   # tiled, v2", "%%cuda matmulTiled", "%%cuda\tmatmulTiled\t#x"):
        assert magic.parse_cuda_cell(header + "\nbody") == ("matmulTiled", "body")
        assert magic.parse_magic_line(header[len("%%cuda"):]) == "matmulTiled"
    for bad in ("%%cuda matmulTiled extra", "%%cuda 1abc", "%%cuda"):
        assert magic.parse_cuda_cell(bad + "\nbody") is None
        with pytest.raises(Exception, match="usage"):
            magic.parse_magic_line(bad[len("%%cuda"):])


def _solution(assignment):
    return regression.read_notebook("solutions", assignment)


def _scores(nb, assignment, notebook=None):
    return regression.judge_notebook(nb, assignment, notebook)


def test_a_commented_magic_line_is_graded():
    nb = _solution("00_start_here")
    c = _check("00_start_here")
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.source.startswith(f"%%cuda {c.kernel}\n"):
            cell.source = cell.source.replace(f"%%cuda {c.kernel}\n", f"%%cuda {c.kernel}   # v2, with bounds\n", 1)
    assert _scores(nb, "00_start_here") == {c.grade_id: c.points}


def test_a_renamed_notebook_is_graded_as_its_assignment():
    rubric = load_rubric("05_swizzle")
    checks, note = checks_for_notebook(rubric, "05_swizzle (1)", {})
    assert checks == rubric.checks and "05_swizzle (1)" in note
    assert checks_for_notebook(rubric, "05_swizzle", {})[1] is None
    nb = _solution("00_start_here")
    c = _check("00_start_here")
    assert _scores(nb, "00_start_here", "00_start_here (1)") == {c.grade_id: c.points}


def test_a_lost_grade_cell_is_graded_by_kernel_name_with_a_note():
    from grading.preprocessors import Judge
    c = _check("00_start_here")
    nb = copy.deepcopy(_solution("00_start_here"))
    nb.cells = [cell for cell in nb.cells if cell.metadata.get("nbgrader", {}).get("grade_id") != c.grade_id]
    j = Judge()
    j.preprocess(nb, {"nbgrader": {"assignment": "00_start_here", "notebook": "00_start_here", "student": "s"}})
    restored = nb.cells[-1]
    assert restored.metadata.nbgrader["grade_id"] == c.grade_id and restored.metadata.nbgrader["grade"]
    text = "".join(o.get("text", "") for o in restored.outputs)
    assert "missing from your notebook" in text and f"%%cuda {c.kernel}" in text
    assert j.verdicts[c.grade_id]["score"] == c.points


# ------------------------------------------------------------------ the include ban
@pytest.mark.parametrize("form", ["absolute", "macro"])
def test_an_include_of_a_repository_file_gives_nothing(form):
    """Refused by the judge's first check today; once the grading sandbox holds no repository
    file (issue 9 item 5), NVRTC could not open it either. Either way: 0 points, no content."""
    target = ROOT / "kernels" / "vector_add.cu"
    inc = (f'#include "{target}"' if form == "absolute" else
           f'#define STR(x) #x\n#define XSTR(x) STR(x)\n#define WHERE {target}\n#include XSTR(WHERE)')
    c = _check("00_start_here")
    v = regression.judge_source(c, inc + "\n")
    assert v["score"] == 0
    leaked = "\n".join(v["lines"])
    assert "a[i] + b[i]" not in leaked and "vectorAdd(" not in leaked


# ------------------------------------------------------------------ technique on the per-line record
def test_conflict_free_means_every_shared_line():
    from tilelab.judge import Engine
    from tilelab.technique import shared_lines, shared_reads_conflict_free, shared_staged
    eng = Engine("emu")
    src = (ROOT / "kernels" / "transpose.cu").read_text()
    recs = {}
    for name in ("transposePadded", "transposeShared32", "transposeNaive"):
        k = eng.compile(src, name, "transpose.cu", 1)
        recs[name] = (k, eng.record(k, "transpose", (64, 96), 0, block=(32, 8)))
    k, padded = recs["transposePadded"]
    lines = shared_lines(k, padded.per_pc, store=False)
    assert lines and all(d["wavefronts"] == d["ideal"] for d in lines)
    assert shared_reads_conflict_free(padded, padded, {"kernel": k})[0]
    k32, unpadded = recs["transposeShared32"]
    ok, text = shared_reads_conflict_free(unpadded, padded, {"kernel": k32})
    assert not ok and "32.00 wavefronts per request" in text and "tile[" in text
    kn, naive = recs["transposeNaive"]
    ok, text = shared_staged(naive, padded, {})
    assert not ok and "does not use shared memory" in text
    assert not shared_reads_conflict_free(naive, padded, {"kernel": kn})[0]


# ------------------------------------------------------------------ the GPU-like second run
def test_output_that_depends_on_smid_is_a_finding():
    from tilelab.judge import Judge
    src = VECTOR_ADD.replace("c[i] = a[i] + b[i];", '{ unsigned sm_now; asm volatile("mov.u32 %0, %%smid;" : '
                             '"=r"(sm_now)); c[i] = a[i] + b[i] + 0.5f * (sm_now & 1); }')
    assert src != VECTOR_ADD
    c = _check("00_start_here")
    j = Judge(c.spec(src, backend="emu"))
    j.kernel = j.engine.compile(src, c.kernel, "k.cu", 1)
    found = j._gpu_like_pass({})
    assert [f.kind for f in found] == ["gpu_dependent_output"] and "%smid" in found[0].detail
    j2 = Judge(c.spec(VECTOR_ADD, backend="emu"))
    j2.kernel = j2.engine.compile(VECTOR_ADD, c.kernel, "k.cu", 1)
    assert j2._gpu_like_pass({}) == []


# ------------------------------------------------------------------ tl.selfcheck
def test_selfcheck_prints_the_judges_parts(capsys):
    import tilelab as tl
    from tilelab.toolchain import compile_cuda
    from tilelab.magic import FIRST_LINE, cell_filename, pick_kernel
    c = _check("04_transpose_padding")
    source = regression.kernel_source(_solution("04_transpose_padding"), c)
    k = pick_kernel(compile_cuda(source, filename=cell_filename(c.kernel), first_line=FIRST_LINE), c.kernel)
    r = tl.selfcheck(k)
    out = capsys.readouterr().out
    assert out.startswith("self-check: the grader runs this again outside your notebook, on sizes of its own")
    judged = regression.judge_source(c, source)
    assert [p["name"] for p in r.parts] == [p["name"] for p in judged["parts"]]
    assert r.score == judged["score"] == c.points
    for p in c.parts:
        assert f"✓ {p['name']} (" in out
    assert "at most 1× earns the points" in out and "drawn at random for this self-check" in out


def test_selfcheck_says_a_failed_technique_check_in_chinese(monkeypatch, capsys):
    """Under TILELAB_LANG=zh (make lab COURSE_LANG=zh) tl.selfcheck of a naive transpose for exercise 04
    says in Chinese that it never stages through shared memory, with the same measured sectors."""
    import re
    import tilelab as tl
    from tilelab.toolchain import compile_cuda
    from tilelab.magic import FIRST_LINE, cell_filename, pick_kernel
    c = _check("04_transpose_padding")
    source = (ROOT / "tests" / "submissions" / "04_naive_transpose.cu").read_text()
    k = pick_kernel(compile_cuda(source, filename=cell_filename(c.kernel), first_line=FIRST_LINE), c.kernel)
    monkeypatch.setenv("TILELAB_SELF_CHECK_KEY", "zh-test")           # the same drawn sizes in both runs
    en = tl.selfcheck(k)
    out_en = capsys.readouterr().out
    monkeypatch.setenv("TILELAB_LANG", "zh")
    zh = tl.selfcheck(k)
    out_zh = capsys.readouterr().out
    assert zh.score == en.score < c.points
    assert "does not use shared memory at all" in out_en and "你的核函数完全没有使用共享内存" in out_zh
    assert "does not use shared memory" not in out_zh and "从不读取共享内存" in out_zh
    sectors = re.search(r"global stores ([\d.]+) sectors per request against ([\d.]+)", out_en).groups()
    assert "全局内存存储每个请求 {} 个扇区（参考核函数：{}）".format(*sectors) in out_zh


def test_selfcheck_is_skipped_while_autograding(monkeypatch, capsys):
    import tilelab as tl
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert tl.selfcheck(magic.NotCompiledDuringGrading("transposePadded")) is None
    assert "skipped while nbgrader autogrades" in capsys.readouterr().out


def test_selfcheck_names_an_unknown_kernel():
    import tilelab as tl
    from tilelab.toolchain import compile_cuda
    k = compile_cuda("__global__ void notInAnyRubric(float* x) { x[0] = 1; }", filename="k.cu").kernels["notInAnyRubric"]
    with pytest.raises(tl.TilelabError, match="notInAnyRubric"):
        tl.selfcheck(k)


# ------------------------------------------------------------------ learner Python has its own budget
def test_slow_python_cells_do_not_cost_the_kernel_its_grade(tmp_path, monkeypatch):
    """Cells that together use up the notebook's budget stop the notebook there; the judge still
    grades the kernel on its own limits (issue 9: slow cells had zeroed a right kernel). The
    budget is the point here, not the sandbox (tested with the full pipeline elsewhere)."""
    from grading.preprocessors import Judge, SafeExecute
    monkeypatch.delenv("REQUIRE_SANDBOX", raising=False)
    monkeypatch.setenv("TILELAB_UNSAFE", "1")
    nb = regression.with_cell(_solution("00_start_here"), "import time\ntime.sleep(30)")
    ex = SafeExecute(timeout=60, notebook_budget=8, kernel_name="python3")
    ex.preprocess(nb, {"metadata": {"path": str(tmp_path)}, "nbgrader": {"assignment": "00_start_here"}})
    enames = [o.get("ename") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert "NotebookBudgetExceeded" in enames
    c = _check("00_start_here")
    j = Judge()
    j.preprocess(nb, {"nbgrader": {"assignment": "00_start_here", "notebook": "00_start_here", "student": "s"}})
    assert j.verdicts[c.grade_id]["score"] == c.points


@pytest.mark.parametrize("form", ["absolute", "macro"])
def test_nvrtc_in_the_grading_sandbox_cannot_open_a_repository_file(form):
    """Issue 9 item 5, below the judge's first check: inside the grading sandbox NVRTC itself
    cannot open a repository file, however the #include spells it."""
    from grading import sandbox as sb
    why = sb.probe()
    if why and not sb.required():
        pytest.skip(f"the grading sandbox (grading/sandbox/bwrap.py, bubblewrap) is not available here: {why}")
    target = ROOT / "kernels" / "vector_add.cu"
    inc = (f'#include "{target}"' if form == "absolute" else
           f'#define STR(x) #x\\n#define XSTR(x) STR(x)\\n#define WHERE {target}\\n#include XSTR(WHERE)')
    code = ("import sys; sys.path.insert(0, '/opt/tilelab')\n"
            "from tilelab.toolchain import compile_cuda\n"
            "try:\n"
            f"    compile_cuda('{inc}\\n__global__ void k(float* x) {{ x[0] = 1; }}\\n', filename='k.cu')\n"
            "    print('COMPILED')\n"
            "except Exception as e:\n"
            "    print('REFUSED', str(e)[:300])\n")
    with sb.uid_slot() as uid:
        box = sb.Sandbox(uid=uid, work=None, ro=[], limits=sb.Limits())
        r = __import__("subprocess").run(box.command([sys.executable, "-I", "-c", code]), capture_output=True,
                                         text=True, timeout=120, env=sb.host_env())
    out = r.stdout + r.stderr
    assert "REFUSED" in out and "COMPILED" not in out, out
    assert "cannot open source file" in out, out


def test_selfcheck_draws_where_a_wrong_kernel_is_wrong(monkeypatch, capsys):
    """The grade cell shows the same wrong-element picture as tl.check, of the launch that failed."""
    import tilelab as tl
    from tilelab import wrong_elements
    from tilelab.toolchain import compile_cuda
    from tilelab.magic import FIRST_LINE, cell_filename, pick_kernel
    drawn = []
    monkeypatch.setattr(wrong_elements, "show", lambda comps, title="": drawn.append((comps, title)) or True)
    c = _check("04_transpose_padding")
    right = regression.kernel_source(_solution("04_transpose_padding"), c)
    k = pick_kernel(compile_cuda(right, filename=cell_filename(c.kernel), first_line=FIRST_LINE), c.kernel)
    tl.selfcheck(k)
    assert drawn == []                                   # right: nothing to draw
    wrong = right.replace("threadIdx.x", "threadIdx.y", 1)
    k = pick_kernel(compile_cuda(wrong, filename=cell_filename(c.kernel), first_line=FIRST_LINE), c.kernel)
    r = tl.selfcheck(k)
    assert r.score < c.points and len(drawn) == 1
    comps, title = drawn[0]
    assert comps and all(not x.ok for x in comps) and c.kernel in title and "seed" in title
    assert any(x.mismatches > 0 for x in comps)


def test_a_size_made_square_from_a_drawn_one_says_so(monkeypatch):
    """Exercise 04's speed part compares counts on squares made from the drawn sizes: the feedback
    names the drawn size each square comes from, in both languages, not a size nobody drew."""
    from tilelab.judge import Judge
    c = _check("04_transpose_padding")
    spec = c.spec("__global__ void k() {}", backend="emu", drawn={"emu": [[140, 55], [89, 139]], "how": "x"})
    j = Judge(spec)
    probes = j._sizes(64, square=True)
    assert [p.size for p in probes[1:]] == [(140, 140), (139, 139)]
    assert "rows=140 cols=55" in j._at(probes[1]) and "rows=89 cols=139" in j._at(probes[2], bare=True)
    assert j._at(probes[1]) != j._at(probes[0])
    plain = Judge(spec)
    drawn = plain._sizes(64, large=False)
    assert [p.size for p in drawn[1:]] == [(140, 55), (89, 139)]
    assert "rows=140 cols=55" not in plain._at(drawn[2])          # drawn as it is: nothing derived
    assert "square" not in plain._at(drawn[1])
    monkeypatch.setenv("TILELAB_LANG", "zh")
    assert "由为这份提交抽取的规模 rows=140 cols=55 得来" in j._at(probes[1])
