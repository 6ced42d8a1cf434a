"""The feedback page's links are checked on the rendered HTML (grading/feedback.py, issue 20 item 9):
markdown that only becomes a javascript: link once the renderer decodes its character references is
not live in the page; safe links stay live; inline code is escaped once."""
from __future__ import annotations

import html
from pathlib import Path

import pytest
from nbconvert.exporters import HTMLExporter
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from grading.feedback import FeedbackHTMLExporter, unsafe_urls, url_allowed
from grading.preprocessors import SanitizeOutputs

ROOT = Path(__file__).resolve().parent.parent

ATTACKS = {
    "colon-entity": "[x](javascript&#58;alert('tl-xss'))",
    "letter-entity": "[y](&#106;avascript:alert('tl-xss'))",
    "reference": "[z][r]\n\n[r]: javascript&#x3A;alert('tl-xss')",
    "tab-inside": "<a href='jav&#x09;ascript:alert(1)'>t</a>",
    "autolink": "<javascript:alert('tl-xss')>",
    "data-html": "[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "image": "![i](javascript:alert('tl-xss'))",
    "vbscript": "[v](vbscript:msgbox)",
    "svg": "<svg><a xlink:href='javascript:alert(1)'><text>t</text></a></svg>",
    # held out: spellings none of the fixes above was written against (issue 20's acceptance)
    "mixed-case": "[c](JaVaScRiPt:alert('tl-xss'))",
    "newline-entity": "<a href='java&#10;script:alert(1)'>n</a>",
    "form-action": "<form action='javascript:alert(1)'><button formaction='javascript:alert(2)'>b</button></form>",
    "object-data": "<object data='javascript:alert(1)'></object>",
    "srcset": "<img srcset='javascript:alert(1) 1x'>",
}
HELD_OUT = ("mixed-case", "newline-entity", "form-action", "object-data", "srcset")


def _page(markdown: str, outputs=()) -> str:
    nb = new_notebook(cells=[new_markdown_cell(markdown), new_code_cell("x = 1", outputs=list(outputs))])
    cfg = PyFileConfigLoader("nbgrader_config.py", path=str(ROOT)).load_config()
    cfg.merge(Config({"SanitizeOutputs": {"enabled": True}}))
    nb, _ = SanitizeOutputs(config=cfg).preprocess(nb, {})
    exporter = FeedbackHTMLExporter(config=cfg)
    return exporter.from_notebook_node(nb)[0]


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_no_link_is_live_in_the_page_whatever_the_markdown_spells(name):
    md = ATTACKS[name]
    markdown_output = new_output("display_data", data={"text/markdown": md, "text/plain": "x"})
    page = _page(md, [markdown_output])
    assert unsafe_urls(page) == [], unsafe_urls(page)


def test_the_attacks_are_live_links_without_the_rendered_check():
    """What the stock exporter makes of the same markdown (so the test above can fail)."""
    nb = new_notebook(cells=[new_markdown_cell("\n\n".join(ATTACKS[k] for k in
                                                         ("colon-entity", "letter-entity", "reference")))])
    page = HTMLExporter().from_notebook_node(nb)[0]
    assert len([u for u in unsafe_urls(page) if "javascript" in u.lower()]) >= 3, unsafe_urls(page)


@pytest.mark.parametrize("name", HELD_OUT)
def test_each_held_out_attack_is_live_in_the_stock_exporter(name):
    page = HTMLExporter().from_notebook_node(new_notebook(cells=[new_markdown_cell(ATTACKS[name])]))[0]
    assert unsafe_urls(page), name


def test_safe_links_stay_live_and_inline_code_is_escaped_once():
    page = _page("see [the guide](https://docs.nvidia.com/cuda/), [below](#part-2), [mail](mailto:a@b.c) "
                 "and `i < n && j > 0`")
    assert 'href="https://docs.nvidia.com/cuda/"' in page and 'href="#part-2"' in page and 'href="mailto:a@b.c"' in page
    assert "<code>i &lt; n &amp;&amp; j &gt; 0</code>" in page, page[page.find("i &"):][:80]
    assert "&amp;lt;" not in page


def test_html_outputs_and_raw_cells_are_still_sanitized():
    out = new_output("display_data", data={"text/html": "<a href='javascript&#58;alert(1)' onclick='tl_xss()'>x</a>"
                                                        "<script>tl_xss()</script>", "text/plain": "x"})
    page = _page("plain", [out])
    assert unsafe_urls(page) == [] and "tl_xss()</script>" not in page and "onclick" not in page


def test_the_url_check_reads_urls_as_a_browser_does():
    for bad in ("javascript:x", " JaVaScRiPt:x", "java\tscript:x", "vbscript:x", "data:text/html,x", "file:///etc"):
        assert not url_allowed("a", "href", bad), bad
        assert unsafe_urls(f'<a href="{html.escape(bad)}">x</a>'), bad
    for good in ("https://x.org", "http://x", "mailto:a@b", "#frag", "page.html", "../up"):
        assert url_allowed("a", "href", good), good
    assert url_allowed("img", "src", "data:image/png;base64,iVBORw0KGgo=")
    assert not url_allowed("a", "href", "data:image/png;base64,iVBORw0KGgo=")
    assert unsafe_urls('<a href="&#106;avascript&#58;x">x</a>')


def test_out_of_bounds_findings_are_shown_with_wrong_values():
    """A matmul without bounds checks: the grade cell showed only "225 of 289 elements are wrong";
    the out-of-bounds reads and writes that make them wrong are shown with them, at the learner's line."""
    from grading import regression
    from grading.rubrics import load_rubric
    check = load_rubric("01_naive_matmul").check("matmul_naive_check")
    source = (ROOT / "tests" / "submissions" / "01_no_bounds_check.cu").read_text()
    verdict = regression.judge_source(check, source, backend="emu")
    text = "\n".join(verdict["lines"])
    correct = text[text.index("✗ correct"):]
    assert "elements are wrong" in correct and "out of bounds at %%cuda matmulNaive:" in correct, text
    assert "acc += A[row * N + k] * B[k * N + col];" in correct, text
    assert verdict["score"] == 0
