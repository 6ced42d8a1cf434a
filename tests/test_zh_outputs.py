"""What a Chinese learner reads under the built notebooks' code cells: no English sentence.

Code cells are the same in every language, so a word a code cell prints must come from the
message catalog (or a helper that looks it up there); an English literal in a code cell, in
lessons/*kit.py or in tilelab shows up in the executed zh notebooks' outputs. This scans those
outputs (text, HTML, errors) for three English words in a row that are not code, identifiers or
the course's technical tokens. Figures (PNG) are not read: their labels come through the same
catalog keys (tests/test_messages_zh.py checks the catalog itself).
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted([*ROOT.glob("lessons/zh/*.ipynb"), *ROOT.glob("solutions_zh/*/*.ipynb")])

# Tokens that stay English in Chinese text (glossary: code identifiers, API, PTX/SASS and metric
# names stay as they are): they break a run of English words rather than make one.
TECHNICAL = {
    "pass", "fail", "true", "false", "none", "ncu", "emu", "gpu", "cpu", "sm", "sms", "ptx", "sass", "ptxas",
    "nvrtc", "cuda", "dram", "hbm", "l1", "l2", "tflop", "flop", "flops", "gb", "tb", "mb", "kb", "mib", "gib",
    "ms", "us", "wf", "req", "sect", "int", "const", "float", "double", "half", "void", "unsigned", "warp",
    "warps", "bank", "banks", "wavefront", "wavefronts", "lane", "lanes", "swizzle", "phase", "fma", "ffma",
    "lds", "sts", "ldg", "stg", "ldmatrix", "mma", "naive", "tiled", "uncoalesced", "coalesced", "padded",
    "unpadded", "matmul", "transpose", "gemm", "cublas", "nvidia", "restrict", "x", "y", "fp16", "fp32",
}
WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*[A-Za-z]|[A-Za-z]")
# what is not prose: `code`, key=value, dotted/underscored/bracketed/camelCase identifiers, paths
NOT_PROSE = re.compile(r"`[^`]*`|\S+=\S*|\S*[._/\\\[\]<>@#$%^*+|~]\S*|\b\w*\d\w*\b|\b[a-z]+[A-Z]\w*\b|\b[A-Z]{2,}\w*\b")
# a line of code (a kernel's source, a listing) or a compiler's own diagnostic, quoted as it is
CODE_LINE = re.compile(r"[;{}]|//|^\s*#|\(ptxas\b|\bnvcc\b|:\d+: (?:error|warning):|^\s*<Figure size")
SEPARATOR = re.compile(r"^[\s,()'\"\-:]*$")     # what may stand between two words of one run
RUN = 3


def output_texts(nb: dict):
    """(cell index, text) of every output a reader sees: streams, text/plain, HTML (tags dropped),
    markdown, error name and value."""
    for i, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        for out in cell.get("outputs", []):
            if "text" in out:
                yield i, "".join(out["text"])
            data = out.get("data", {})
            if "text/html" in data:
                raw = "".join(data["text/html"])
                raw = re.sub(r"<(style|script)\b.*?</\1>", " ", raw, flags=re.S)
                yield i, html.unescape(re.sub(r"<[^>]*>", "\n", raw))
            elif "text/plain" in data:
                yield i, "".join(data["text/plain"])
            if "text/markdown" in data:
                yield i, "".join(data["text/markdown"])
            if out.get("output_type") == "error":
                yield i, f"{out.get('ename', '')}: {out.get('evalue', '')}"


def english_runs(text: str) -> list[str]:
    """Runs of >= RUN English prose words in ``text`` (one line at a time; code lines skipped)."""
    found = []
    for line in text.splitlines():
        if CODE_LINE.search(line):
            continue
        prose = NOT_PROSE.sub("\x00", line)
        run, last_end = [], None
        for m in WORD.finditer(prose):
            w = m.group(0)
            gap = prose[last_end:m.start()] if last_end is not None else ""
            if w.lower() in TECHNICAL or (run and not SEPARATOR.match(gap)):
                if len(run) >= RUN:
                    found.append(" ".join(run))
                run = [] if w.lower() in TECHNICAL else [w]
            else:
                run.append(w)
            last_end = m.end()
        if len(run) >= RUN:
            found.append(" ".join(run))
    return found


def scan(nb: dict) -> list[tuple[int, str, str]]:
    return [(i, run, line) for i, text in output_texts(nb) for line in text.splitlines()
            for run in english_runs(line)]


def test_there_are_zh_notebooks_to_scan():
    assert len(NOTEBOOKS) >= 10, NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_zh_outputs_have_no_english_sentence(path):
    hits = scan(json.loads(path.read_text(encoding="utf-8")))
    assert not hits, "\n".join(f"cell {i}: {run!r} in {line.strip()[:120]!r}" for i, run, line in hits)


# ------------------------------------------------------------------ the scanner itself can fail

def _nb(*texts, html_text=None):
    outs = [{"output_type": "stream", "name": "stdout", "text": t} for t in texts]
    if html_text:
        outs.append({"output_type": "display_data", "data": {"text/html": html_text, "text/plain": "x"}})
    return {"cells": [{"cell_type": "code", "source": "", "outputs": outs}]}


@pytest.mark.parametrize("planted", [
    "Swizzle<5,0,5> 4-byte float   ：✗ is not it, try again\n",
    "最差的共享内存加载（第 30 行）：worst shared load\n",
    "C：最小的 W = 36 (33, 34 and 35 put rows at addresses that are not multiples of 16 bytes)\n",
    "PTX 中： 64 条 ld.shared.f32 和 32 fma.rn.f32 (the inner loop, unrolled)\n",
])
def test_a_planted_english_sentence_is_found(planted):
    hits = scan(_nb("后端：emu。核函数在 PTX 模拟器上运行。\n", planted))
    assert hits and all(i == 0 for i, _, _ in hits), hits


def test_english_in_an_html_table_is_found():
    assert scan(_nb(html_text="<table><tr><th>行</th><th>the kernel is slow here</th></tr></table>"))


def test_code_identifiers_and_technical_tokens_are_not_english():
    clean = [
        "PASS matmul N=1 seeds=0\n",
        "FAIL transpose rows=100 cols=37 seed=0\n",
        "<Kernel vectorAdd(const float* a, const float* b, float* c, int n) from %%cuda vectorAdd:2>\n",
        "  19  acc += sA[ty][k] * sB[k][tx];     24,704   10,240\n",
        "最差的共享内存加载（第 30 行）：16 字节访问，分 2 个阶段（phase）：2 个 wavefront（理想值 2）：广播\n",
        'CompileError: %%cuda vectorAddTypo:6: error: identifier "j" is undefined\n',
        "CompileError: %%cuda bigStatic: error: Entry function 'bigStatic' uses too much shared data (ptxas, sm_90)\n",
        "shared ld wf 12288，tiled 核函数为 12288（1.000×）\n",
        "<Figure size 640x480 with 1 Axes>\n",
    ]
    assert scan(_nb(*clean)) == []


# ------------------------------------------------------ what the built notebooks do not show

def test_self_test_feedback_and_helpers_speak_chinese(monkeypatch, capsys):
    """Paths the executed notebooks never take (a right or a wrong answer, a failing swizzle,
    the judge's metric names, the profile's PTX counts) read in Chinese too, and in English as
    they did."""
    import sys
    sys.path.insert(0, str(ROOT / "lessons"))
    import bankkit
    import lessonkit
    import importlib
    from tilelab import judge
    profile = importlib.import_module("tilelab.profile")     # tilelab.profile is also the function

    monkeypatch.setenv("TILELAB_LANG", "zh")
    lessonkit._tries.clear()
    lessonkit.answer("Q9", 3, 4)
    lessonkit.answer("Q9", 5, 4, hint="想一想 bank")
    lessonkit.answer("Q9", 4, 4)
    bankkit.check_swizzle(lambda o, B, M, S: o)             # a permutation, but not conflict-free
    zh_text = capsys.readouterr().out
    assert "答案是 4" in zh_text and "正确" in zh_text and "提示" in zh_text, zh_text
    assert "是一个排列，但" in zh_text and "✗" in zh_text, zh_text
    assert not english_runs(zh_text.replace("Swizzle<", "").replace("ldmatrix fp16", "")), zh_text
    assert judge._metric_name("global_ld_sectors") == "全局加载扇区数"
    assert profile.shown_ptx("shared ld req 24704, shared ld wf 10240") == "共享加载请求 24704, 共享加载 wavefront 10240"

    monkeypatch.setenv("TILELAB_LANG", "en")
    lessonkit._tries.clear()
    lessonkit.answer("Q9", 3, 4)
    lessonkit.answer("Q9", 5, 4, hint="think of banks")
    bankkit.check_swizzle(lambda o, B, M, S: o)
    en_text = capsys.readouterr().out
    assert en_text.startswith("Q9: ✗ 3 is not it.\nQ9: ✗ 5 is not it. Hint: think of banks\n   The answer is 4.\n"), en_text
    assert "✗ a permutation, but up to" in en_text, en_text
    assert judge._metric_name("global_ld_sectors") == "global load sectors"
    assert judge._metric_name("shared_atom_wavefronts") == "shared atom wavefronts"     # not in the catalog
    assert profile.shown_ptx("shared ld req 24704") == "shared ld req 24704"
