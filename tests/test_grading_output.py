"""Output hygiene of notebook execution (grading/preprocessors/safe_execute.py): what a learner's
kernel prints is capped by bytes and by lines as it arrives, the cut is said in the output,
and an error output is never dropped (it is what scores a failed test cell 0)."""
from __future__ import annotations

import sys
from pathlib import Path

from nbformat.v4 import new_output

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading.preprocessors import SafeExecute  # noqa: E402


def _execute(**kw):
    ex = SafeExecute(**kw)
    ex._kept_bytes = ex._kept_lines = 0
    ex._cut_cells = set()
    return ex


def test_one_huge_line_is_cut_to_the_byte_cap_with_a_note():
    ex = _execute(max_output_bytes=1 << 20)
    out = ex._cap(new_output("stream", name="stdout", text="x" * (5 << 20)), 3)
    assert len(out.text) < (1 << 20) + 500
    assert "[output cut" in out.text
    assert ex._cap(new_output("stream", name="stdout", text="more\n"), 3) is None   # nothing after the cut


def test_many_short_lines_are_cut_to_the_line_cap():
    ex = _execute(max_output_lines=100)
    kept = [ex._cap(new_output("stream", name="stdout", text=f"{i}\n"), 0) for i in range(300)]
    texts = "".join(o.text for o in kept if o is not None)
    assert texts.count("\n") <= 102 and "[output cut" in texts


def test_large_rich_outputs_are_replaced_by_a_note_but_errors_are_kept():
    ex = _execute(max_output_bytes=10_000)
    big = ex._cap(new_output("display_data", data={"text/html": "<b>x</b>" * 10_000}), 1)
    assert big.output_type == "stream" and "[output cut" in big.text
    err = ex._cap(new_output("error", ename="AssertionError", evalue="no", traceback=["line"] * 1000), 2)
    assert err is not None and err.output_type == "error" and len(err.traceback) == 20
