"""The class report (scripts/class_report.py): per part the share of the class that earned it,
the findings grouped by kind across languages (grading/report.py), and the kernels that are
the same code under other names (grading/similarity.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import class_report  # noqa: E402
from grading import regression  # noqa: E402
from grading import report as rp  # noqa: E402
from grading import similarity as sim  # noqa: E402
from grading.preprocessors import verdict_outputs  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402
from tilelab.messages import msg  # noqa: E402

A = "00_start_here"
CHECK = load_rubric(A).check("vector_add_check")
SOLUTION = regression.kernel_source(regression.read_notebook("solutions", A), CHECK)

# the solution with every name changed, its comments rewritten and its layout squeezed
RENAMED = """// my own work!!
__global__ void vectorAdd(const float *x, const float *y, float *out, int count) { int idx = blockIdx.x*blockDim.x
    + threadIdx.x;   /* global index */
  if (idx < count) out[idx] = x[idx] + y[idx]; }
"""
# an answer written on its own: a grid-stride loop
INDEPENDENT = """__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    const int stride = gridDim.x * blockDim.x;
    for (int k = threadIdx.x + blockIdx.x * blockDim.x; k < n; k += stride) {
        const float s = a[k];
        c[k] = s + b[k];
    }
}
"""


def _msg(key: str, lang: str, **fields) -> str:
    """The catalog's message with ``fields``, and any field they do not name filled with a number."""
    import string
    from tilelab.messages import catalog
    text = catalog(lang).get(key) or catalog("en")[key]
    names = {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(text) if f}
    return msg(key, lang, **{**{n: 7 for n in names}, **fields})


def _oob(lang: str, element: int) -> list[str]:
    """A verdict whose 'clean' part failed on an out-of-bounds read, in ``lang`` (made from the catalog)."""
    detail = _msg("finding.oob_global_read", lang, nbytes=4, rel=4 * element, name="a", size=4 * element,
                  element=element, elements=element, last=element - 1)
    head = _msg("finding.head", lang, kind=msg("finding.kind_out_of_bounds", lang), where="%%cuda vectorAdd:6",
                thread="1,0,0", block="0,0,0", address="", detail=detail, more="")
    return [f"✓ correct (2/2): {msg('judge.right_on_sizes', lang, sizes='1, 17', seeds=3, some='')}",
            f"✗ clean (0/1): {msg('judge.sanitizer_found', lang)}", "      " + head, "             6 | c[i] = a[i] + b[i];"]


def _race(lang: str) -> list[str]:
    detail = _msg("finding.race_shared_raw", lang, off=128, who=msg("finding.another_wrote", lang))
    head = _msg("finding.head", lang, kind=msg("finding.kind_race", lang), where="%%cuda vectorAdd:9",
                thread="3,0,0", block="0,0,0", address="", detail=detail, more="")
    return [f"✗ clean (0/1): {msg('judge.sanitizer_found', lang)}", "      " + head]


def test_a_finding_counts_once_whatever_its_language():
    verdicts = {("ann", "en"): _oob("en", 1000), ("chen", "zh"): _oob("zh", 17), ("bo", "zh"): _race("zh"),
                ("dee", "en"): _oob("en", 3) + _oob("en", 5)}        # the same kind twice in one verdict
    groups = rp.group(verdicts)
    assert [len(g.students) for g in groups] == [3, 1]
    oob, race = groups
    assert oob.kind == ("clean", "judge.sanitizer_found", "finding.kind_out_of_bounds", "finding.oob_global_read")
    assert sorted(oob.students) == ["ann", "chen", "dee"] and oob.languages == {"en": 2, "zh": 1}
    assert race.kind[2:] == ("finding.kind_race", "finding.race_shared_raw")
    text = "\n".join(rp.markdown(groups))
    # the whole finding is shown (not only its first line), from an English submission where there is one
    assert "3× clean: the emulator's sanitizer found:" in text and _oob("en", 1000)[2].strip() in text
    assert "6 | c[i] = a[i] + b[i];" in text


def test_a_line_no_message_made_keeps_its_text_with_numbers_as_n():
    groups = rp.group({("ann", "en"): ["✗ correct (0/2): nvcc said 3 things", "   error at line 12"],
                       ("bo", "en"): ["✗ correct (0/2): nvcc said 7 things", "   error at line 40"]})
    assert len(groups) == 1 and groups[0].kind[1] == "text: nvcc said N things"


def test_a_renamed_copy_is_told_from_an_independent_answer():
    starter = class_report._reference("exercises", A, CHECK)
    r = sim.compare({"ann": SOLUTION, "bob": RENAMED, "cy": INDEPENDENT}, starter, SOLUTION, threshold=0.8)
    by = {(p.a, p.b): p for p in r.pairs}
    assert by["ann", "bob"].similarity == 1.0 and by["ann", "bob"].identical and by["ann", "bob"].flagged
    assert by["ann", "bob"].is_solution          # both are the course's solution token for token
    for pair in (("ann", "cy"), ("bob", "cy")):
        assert by[pair].similarity < 0.5 and not by[pair].flagged, by[pair]
    assert r.pairs[0] is by["ann", "bob"]        # ranked first
    # the threshold is the instructor's: at 0.05 the independent answer is marked too (they share runs)
    low = sim.compare({"ann": SOLUTION, "cy": INDEPENDENT}, starter, threshold=0.05)
    assert low.pairs[0].similarity > 0.05 and low.pairs[0].flagged


def test_a_copy_with_one_statement_changed_stays_above_an_independent_answer():
    starter = class_report._reference("exercises", A, CHECK)
    tweaked = RENAMED.replace("out[idx] = x[idx] + y[idx];", "out[idx] = x[idx] + y[idx] * 1.0f;")
    r = sim.compare({"bob": RENAMED, "eve": tweaked, "cy": INDEPENDENT}, starter)
    by = {(p.a, p.b): p.similarity for p in r.pairs}
    assert by["bob", "eve"] > by["bob", "cy"] and not [p for p in r.pairs if p.identical]


def test_tokens_drop_comments_names_and_layout_but_keep_cuda_and_numbers():
    t = sim.tokens("// x\n#define TILE 32\n__global__ void k(float* p) { __shared__ float s[TILE];"
                   " s[threadIdx.x] = p[0]; __syncthreads(); }")
    assert "TILE" in t and "32" in t and "threadIdx" in t and "__syncthreads" in t and "__shared__" in t
    assert "p" not in t and "s" not in t and "k" not in t and "// x" not in " ".join(t)


def _class(tmp_path, learners):
    for student, (body, lines, tmpl) in learners.items():
        nb = regression.read_notebook("exercises" if tmpl == "en" else "exercises_zh", A)
        for c in nb.cells:
            if c.cell_type == "code" and c.source.startswith(f"%%cuda {CHECK.kernel}"):
                c.source = f"%%cuda {CHECK.kernel}\n{body}"
        score = 3.0 if all(not ln.startswith("✗") for ln in lines) else 2.0
        nb.cells[regression.grade_cell_index(nb, CHECK.grade_id)].outputs = verdict_outputs(
            {"score": score, "lines": lines}, CHECK.points)
        nb.metadata["tilelab"] = {"lang": tmpl}
        d = tmp_path / "autograded" / student / A
        d.mkdir(parents=True)
        nbformat.write(nb, d / f"{A}.ipynb")


def test_the_report_shares_findings_and_similar_pairs(tmp_path):
    ok = ["✓ correct (2/2): right on sizes 1, 17", "✓ clean (1/1): no race"]
    bounds = (ROOT / "tests" / "submissions" / "00_no_bounds_check.cu").read_text()
    _class(tmp_path, {"ann": (SOLUTION, ok, "en"), "bob": (RENAMED, ok, "en"),
                      "chen": (bounds, _oob("zh", 1000), "zh"), "cy": (INDEPENDENT, ok, "en")})
    text = class_report.report(tmp_path, threshold=0.8)
    assert f"## {A} (4 submissions: 3 en, 1 zh)" in text
    assert "| correct | 2 | 4 of 4 (100%) |" in text
    assert "| clean | 1 | 3 of 4 (75%) |" in text
    assert "1× clean: the emulator's sanitizer found:" in text and "(1 zh: chen)" in text
    assert "| ann – bob | 1.000 ⚑ |" in text
    assert "1 of 6 pairs at or above it" in text
    assert "| ann – cy | " in text and "| ann – cy | 1.000" not in text
