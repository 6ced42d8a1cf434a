"""The course's text sources (course/README.md): languages cell for cell, every kernel written
once, no bare measured number in prose, every placeholder defined, the message catalog complete.
All of it reads text files only (seconds)."""
from __future__ import annotations

from conftest import read_json

import re
import shutil
import sys
from pathlib import Path

import jupytext
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import build_course as bc  # noqa: E402
from tilelab import messages  # noqa: E402
from tilelab.kernel_text import BEGIN, END, function, kernel_text, regions  # noqa: E402

COURSE = ROOT / "course"
ROLE_KEYS = ("locked", "solution", "grade", "tags", "jupyter")


# =========================================================================== languages

def language_problems(en: Path, other: Path) -> list[str]:
    """What keeps ``other`` (course/<lang>) from being a translation of ``en``, cell for cell:
    a missing file or cell, a cell of another type or with other options, a code cell that differs."""
    problems = []
    for src in sorted(en.glob("*/*.md")):
        rel = src.relative_to(en)
        dst = other / rel
        if not dst.exists():
            problems.append(f"{other.name}/{rel}: missing")
            continue
        a, b = jupytext.read(src, fmt="md:myst").cells, jupytext.read(dst, fmt="md:myst").cells
        if len(a) != len(b):
            problems.append(f"{other.name}/{rel}: {len(b)} cells, {en.name} has {len(a)}")
        for i, (x, y) in enumerate(zip(a, b), 1):
            opts = lambda c: {k: c.metadata.get(k) for k in ROLE_KEYS}  # noqa: E731
            if x.cell_type != y.cell_type or opts(x) != opts(y):
                problems.append(f"{other.name}/{rel} cell {i}: {y.cell_type} {opts(y)}, "
                                f"{en.name} has {x.cell_type} {opts(x)}")
            elif x.cell_type == "code" and x.source != y.source:
                problems.append(f"{other.name}/{rel} cell {i}: code differs from {en.name}")
            elif x.cell_type == "markdown" and set(bc.PLACEHOLDER.findall(x.source)) != set(
                    bc.PLACEHOLDER.findall(y.source)):
                problems.append(f"{other.name}/{rel} cell {i}: other placeholders than {en.name}")
    return problems


def test_every_language_has_every_cell_of_english_and_the_same_code():
    others = [lang for lang in bc.languages() if lang != messages.SOURCE]
    problems = [p for lang in others for p in language_problems(COURSE / "en", COURSE / lang)]
    assert not problems, "\n".join(problems)


def test_language_check_finds_a_missing_cell_and_changed_code(tmp_path):
    other = tmp_path / "xx"
    shutil.copytree(COURSE / "en", other)
    assert language_problems(COURSE / "en", other) == []
    lesson = other / "lessons" / "00_start_here.md"
    nb = jupytext.read(lesson, fmt="md:myst")
    code = next(c for c in nb.cells if c.cell_type == "code")
    code.source += "\nprint('translated code')"
    jupytext.write(nb, lesson, fmt="md:myst")
    del_from = other / "exercises" / "01_naive_matmul.md"
    nb = jupytext.read(del_from, fmt="md:myst")
    nb.cells.pop(1)
    jupytext.write(nb, del_from, fmt="md:myst")
    (other / "lessons" / "05_swizzle.md").unlink()
    found = "\n".join(language_problems(COURSE / "en", other))
    assert "00_start_here.md cell" in found and "code differs" in found
    assert "01_naive_matmul.md" in found and "05_swizzle.md: missing" in found


def test_sync_translation_restores_code_and_options_and_keeps_translated_prose(tmp_path):
    import sync_translation
    shutil.copytree(COURSE / "en", tmp_path / "course" / "en")
    shutil.copytree(COURSE / "en", tmp_path / "course" / "xx")
    lesson = tmp_path / "course" / "xx" / "lessons" / "01_naive_matmul.md"
    nb = jupytext.read(lesson, fmt="md:myst")
    md = next(c for c in nb.cells if c.cell_type == "markdown")
    md.source = "# 译文"
    code = next(c for c in nb.cells if c.cell_type == "code")
    code.source, code.metadata["tags"] = "print('stale')", ["stale"]
    jupytext.write(nb, lesson, fmt="md:myst")
    (tmp_path / "course" / "xx" / "exercises" / "05_swizzle.md").unlink()
    assert language_problems(tmp_path / "course" / "en", tmp_path / "course" / "xx")
    assert sync_translation.sync("xx", root=tmp_path) == 0
    assert language_problems(tmp_path / "course" / "en", tmp_path / "course" / "xx") == []
    assert "# 译文" in lesson.read_text() and "stale" not in lesson.read_text()


# =========================================================================== one source per kernel

FUNC = re.compile(r"^(?:template\s*<[^>]*>\s*)?(?:__global__|__device__)[^\n(]*?\b(\w+)\s*\(", re.M)


def hand_written() -> list[Path]:
    """Sources people write (generated notebooks and the test corpus excluded). Translations are
    left out: their code cells must equal English's, which the language test checks."""
    files = list((ROOT / "kernels").glob("*.cu")) + list((COURSE / "en").rglob("*.md")) + \
        list(COURSE.glob("*.md"))
    for d in ("scripts", "lessons", "bench", "tilelab", "grading"):
        files += [p for p in (ROOT / d).rglob("*.py")]
    return sorted(files)


def definitions(paths) -> dict[str, list[str]]:
    """Normalised text of every __global__/__device__ definition -> where it stands."""
    seen: dict[str, list[str]] = {}
    for path in paths:
        text = path.read_text(errors="replace")
        for m in FUNC.finditer(text):
            try:
                body = function(text[m.start():], m.group(1))
            except (KeyError, ValueError):
                continue
            body = regions(body, mode="plain") if BEGIN in body else body
            code = [ln.split("//")[0].strip() for ln in body.splitlines()]
            key = "\n".join(ln for ln in code if ln and not ln.startswith("#define"))
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            seen.setdefault(key, []).append(f"{where}:{m.group(1)}")
    return seen


def twice(paths) -> list[str]:
    return [" and ".join(where) for where in definitions(paths).values() if len(where) > 1]


def test_no_kernel_is_written_twice_among_hand_written_sources():
    dup = twice(hand_written())
    assert not dup, "a kernel written twice (include it from kernels/ instead):\n" + "\n".join(dup)


def test_a_kernel_pasted_into_a_lesson_is_found(tmp_path):
    pasted = tmp_path / "lesson.md"
    pasted.write_text("```{code-cell}\n%%cuda transposePadded\n#define TILE_DIM 32\n"
                      + kernel_text("transpose.cu:transposePadded") + "\n```\n")
    found = twice(sorted((ROOT / "kernels").glob("*.cu")) + [pasted])
    assert any("transpose.cu:transposePadded" in d and "lesson.md" in d for d in found), found


def test_kernel_references_in_sources_resolve_and_name_kernels_of_kernels_dir():
    refs = [m.group(1) for p in COURSE.rglob("*.md")
            for m in re.finditer(r"^(?:```)?\{kernel\}\s+(.+?)\s*$", p.read_text(), re.M)]
    assert len(refs) >= 15
    for ref in refs:
        assert kernel_text(ref).strip(), ref


def test_learner_regions_become_solution_markers_or_stubs():
    src = "__global__ void k(int* o)\n{\n    int a = 1;\n    // >>> learner\n    o[0] = a;\n    // <<< learner\n}"
    assert regions(src, mode="plain") == "__global__ void k(int* o)\n{\n    int a = 1;\n    o[0] = a;\n}"
    nbg = regions(src, mode="nbgrader")
    assert "    // ### BEGIN SOLUTION\n    o[0] = a;\n    // ### END SOLUTION" in nbg
    stub = regions(src, mode="stub")
    assert "// YOUR CODE HERE" in stub and "o[0] = a" not in stub
    with pytest.raises(ValueError, match="never closed"):
        regions(src.replace("    // <<< learner\n", ""), mode="plain")
    with pytest.raises(ValueError, match="without its pair"):
        regions(src.replace("    // >>> learner\n", ""), mode="plain")


def test_kernel_reference_takes_comments_defines_and_renames():
    text = kernel_text("bank_stride.cu:sharedStride")
    assert text.startswith("#define SB_WORDS 3072\n// Lane l") and text.rstrip().endswith("}")
    assert "matmulUncoalesced(" in kernel_text("matmul_naive.cu:matmulNaiveUncoalesced as matmulUncoalesced")
    both = kernel_text("matmul_tiled_bt.cu:sbt,matmulTiledBt", mode="nbgrader")
    assert both.index("int sbt(") < both.index("void matmulTiledBt(") and "### BEGIN SOLUTION" in both
    with pytest.raises(KeyError, match="nope"):
        kernel_text("transpose.cu:nope")
    with pytest.raises(FileNotFoundError):
        kernel_text("missing.cu:k")


# =========================================================================== numbers in prose

# A number in prose that was measured, graded or published is a placeholder. Flagged: a number
# with a unit of rate or time, a ratio written "1.7×", a percentage, a decimal fraction.
MEASURED = re.compile(
    r"(?<![\w.])(\d+(?:[.,]\d+)*)\s?(TB/s|GB/s|TFLOP/s|GFLOP/s|GHz|MHz|µs|ms|ns)(?!\w)"
    r"|(?<![\w.])(\d+(?:\.\d+)?)(×|%)"
    r"|(?<![\w.])(\d+\.\d+)(?![\w.])")
# Definitions and arithmetic the text itself derives, not measurements (keep this list short).
ALLOWED = {
    "0.25",          # FLOP/B of the naive matmul: 2 FLOP per 8 bytes, derived in lesson 01
    "1%",            # lesson 05: 512 of 65,536 bytes is "under 1%", derived in the same sentence
    "8.0",           # lesson 06: compute capability 8.0, a version number
}


def prose(text: str) -> str:
    """Markdown cells of a text source without code, math, placeholders and links' targets."""
    nb = jupytext.reads(text, fmt="md:myst")
    md = "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    md = re.sub(r"```.*?```", " ", md, flags=re.S)
    md = re.sub(r"\$\$.*?\$\$|\$[^$\n]*\$|`[^`\n]*`|\{\{.*?\}\}|\]\([^)]*\)", " ", md, flags=re.S)
    return md


def bare_numbers(text: str) -> list[str]:
    found = []
    for m in MEASURED.finditer(prose(text)):
        token = m.group(0).strip()
        if token not in ALLOWED and (m.group(5) or "") not in ALLOWED:
            found.append(token)
    return found


@pytest.mark.parametrize("path", sorted(COURSE.glob("*/*/*.md")), ids=lambda p: str(p.relative_to(COURSE)))
def test_no_bare_measured_number_in_prose(path):
    bare = bare_numbers(path.read_text())
    assert not bare, f"{path.relative_to(ROOT)}: write these as {{{{ name }}}} (course/numbers.toml): {bare}"


def test_bare_number_check_flags_rates_ratios_and_percentages_but_not_definitions():
    text = ("+++\n\nIt ran at 4.22 TB/s, 1.7× faster, a 5% gain, 0.84 of the copy, {{ h200_sms }} SMs.\n"
            "A warp is 32 threads; 32 banks of 4 bytes; a 32 × 32 tile; `0.95` in code; $0.5$ in math.\n")
    assert bare_numbers(text) == ["4.22 TB/s", "1.7×", "5%", "0.84"]


def test_every_placeholder_is_defined_and_every_number_is_used():
    table = bc._number_table()
    used = {m.group(1) for p in COURSE.glob("*/*/*.md") for m in bc.PLACEHOLDER.finditer(p.read_text())}
    assert used - {"rubric_table", "rubric_cells"} <= set(table), used - set(table)
    assert set(table) <= used, f"numbers.toml entries no text uses: {set(table) - used}"
    for name in table:
        v = bc.number(name, table)
        assert isinstance(v, (int, float)) and v == v, name


def test_numbers_come_from_their_sources():
    """A few placeholders against the recording and the rubric they name, computed here by hand."""
    import json
    from grading.rubrics import load_rubric
    table = bc._number_table()
    _, rec = bc.newest_recording("gpu_transpose-*.json")
    r = rec["sizes"]["4096"]["ratios"]
    assert bc.number("h200_swizzled_over_padded_4096", table) == pytest.approx(
        r["swizzled_over_float4copy"] / r["padded_over_float4copy"])
    assert bc.number("ex01_coalesced_max_ratio", table) == load_rubric("01_naive_matmul").check(
        "matmul_coalesced_check").part("coalesced")["max_ratio"]
    cites = bc.tomllib.loads((COURSE / "citations.toml").read_text())
    assert bc.number("h200_datasheet_tbps", table) == cites["h200_datasheet"]["hbm_tbps"]
    assert read_json((ROOT / "bench" / "results" / Path(bc.newest_recording("gpu_matmul-*.json")[0]).name)
                      )["sm_count"] == bc.number("h200_sms", table)


def test_unknown_placeholder_is_an_error_naming_it():
    with pytest.raises(bc.SourceError, match="no_such_number"):
        bc.fill("at {{ no_such_number }} TB/s", "en", bc._number_table())


# =========================================================================== messages

def test_message_catalogs_have_no_key_english_lacks_and_fall_back():
    en = messages.catalog("en")
    assert "backend.emu" in en and "rubric.correct" in en
    for lang in messages.languages():
        extra = set(messages.catalog(lang)) - set(en)
        assert not extra, f"tilelab/messages/{lang}.toml has keys English lacks: {extra}"
    assert messages.msg("backend.gpu", "xx") == en["backend.gpu"]          # no such language: English
    with pytest.raises(KeyError, match="no.such"):
        messages.msg("no.such")


def test_message_keys_used_by_the_course_exist():
    keys = set()
    code = sorted((ROOT / "lessons").glob("*.py")) + sorted((ROOT / "tilelab").rglob("*.py")) + \
        sorted((ROOT / "grading").glob("*.py"))
    for p in list(COURSE.glob("*/*/*.md")) + code:
        keys |= set(re.findall(r"(?:\b|_)msg\(\s*\"([\w.]+)\"\s*[,)]", p.read_text()))
    assert len(keys) > 100 and {"judge.clean", "l06.ladder_head", "banks.stride"} <= keys
    assert keys <= set(messages.catalog("en")), keys - set(messages.catalog("en"))


def test_translated_messages_use_only_the_fields_english_passes():
    """A translation may reorder or drop a message's {fields}, never name one English's code does not pass
    (a renamed field left behind in a translation raises KeyError in the learner's cell)."""
    import string
    names = lambda s: {re.split(r"[.\[]", f)[0] for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
    en = messages.catalog("en")
    for lang in messages.languages():
        bad = {k: sorted(names(v) - names(en[k])) for k, v in messages.catalog(lang).items()
               if k in en and not names(v) <= names(en[k])}
        assert not bad, f"tilelab/messages/{lang}.toml names fields English does not pass: {bad}"


def test_chinese_figure_labels_have_glyphs(monkeypatch):
    """A Chinese label draws without matplotlib's "Glyph ... missing" warning on any machine: tilelab
    registers the font it ships (tilelab/fonts/; tests/test_fonts.py hides the system's fonts)."""
    import io
    import warnings
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import tilelab  # noqa: F401  (registers the font)
    from matplotlib.figure import Figure
    monkeypatch.setenv("TILELAB_LANG", "zh")
    label = messages.msg("bankkit.row")
    assert label != messages.msg("bankkit.row", "en")
    fig = Figure()
    fig.add_subplot(111).set_title(label + " 共享内存")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig.savefig(io.BytesIO(), format="png")


def test_no_line_break_inside_a_chinese_sentence():
    """Markdown renders a line break inside a paragraph as a space: between two Chinese characters
    it shows (把共享内存 拆开来看). scripts/cjk_lines.py --fix joins them."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import cjk_lines
    left = {str(f.relative_to(ROOT)): [i + 1 for i in cjk_lines.breaks(f.read_text(encoding="utf-8"))]
            for f in cjk_lines._sources(ROOT)}
    left = {f: lines for f, lines in left.items() if lines}
    assert not left, f"line breaks inside Chinese sentences (python scripts/cjk_lines.py --fix): {left}"
    sample = "一段\n中文。\n\n```{code-cell}\nx = 1  # 代码\n# 不动\n```\n- 第一项\n- 第二项\nLatin\n文字"
    assert cjk_lines.join(sample) == "一段中文。\n\n```{code-cell}\nx = 1  # 代码\n# 不动\n```\n- 第一项\n- 第二项\nLatin\n文字"


def test_every_grade_cell_runs_the_self_check_and_names_an_existing_rubric():
    """A grade cell shows the rubric's parts before submitting (tl.selfcheck, not tl.check), and a
    rubric path named in an exercise exists (06 once pointed at grading/rubric/, which does not)."""
    for lang in messages.languages():
        for src in sorted((ROOT / "course" / lang / "exercises").glob("*.md")):
            nb = jupytext.read(src, fmt="md:myst")
            grades = [c for c in nb.cells if "grade" in c.metadata]
            assert grades, src
            for c in grades:
                assert re.fullmatch(r"tl\.selfcheck\(\w+\)", c.source.strip()), (src.name, c.metadata["grade"], c.source)
            for path in re.findall(r"[\w/]+/rubric/\w+\.toml", src.read_text(encoding="utf-8")):
                assert (ROOT / path).is_file(), (src.name, path)


def test_no_bold_that_closes_after_chinese_punctuation_before_a_character():
    """CommonMark closes ** only where it is "right-flanking": after a punctuation mark such as ）
    it must be followed by a space or punctuation, so **分块（tile）**拷贝 shows its asterisks.
    Write **分块**（tile）拷贝 instead."""
    bad = re.compile(r"[）」』”》】]\*\*[^\s\W（，。：；、）]")
    found = {str(f.relative_to(ROOT)): bad.findall(f.read_text(encoding="utf-8"))
             for f in [*(ROOT / "course" / "zh").rglob("*.md"), *(ROOT / "site" / "zh").rglob("*.md")]}
    found = {f: hits for f, hits in found.items() if hits}
    assert not found, found
    assert bad.search("一个**分块（tile）**拷贝") and not bad.search("一个**分块**（tile）拷贝")
