"""Output hygiene of notebook execution (grading/preprocessors/safe_execute.py): what a learner's
kernel prints is capped by bytes and by lines as it arrives, the cut is said in the output,
and an error output is never dropped (it is what scores a failed test cell 0)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
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


# ------------------------------------------------------------------ a real kernel: what is kept is bounded
UPDATES = """
from IPython.display import display
handles = [display({"text/plain": "small"}, raw=True, display_id=True) for _ in range(16)]
for h in handles:
    h.update({"text/plain": "y" * (2 << 20)}, raw=True)     # 16 updates of 2 MB (20 MB in the issue, scaled)
"""
WIDGETS = """
import ipywidgets
boxes = [ipywidgets.Text(value="z" * (2 << 20)) for _ in range(16)]   # 32 MB of widget state
"""
CAPTURED = """
import ipywidgets
out = ipywidgets.Output()
with out:
    for _ in range(16):
        print("w" * (2 << 20))                                 # printed into an Output widget's state
"""


def _run_kernel(tmp_path, source, monkeypatch):
    """The bound is the trusted side's, not the sandbox's: the kernel runs unsandboxed here (as in
    test_grading_rubric's budget test); the full pipeline runs it sandboxed elsewhere."""
    import json
    import tracemalloc

    from nbformat.v4 import new_code_cell, new_notebook
    monkeypatch.delenv("REQUIRE_SANDBOX", raising=False)
    monkeypatch.setenv("TILELAB_UNSAFE", "1")
    nb = new_notebook(cells=[new_code_cell(source), new_code_cell("print('after')")])
    ex = SafeExecute(timeout=120, max_output_bytes=1 << 20)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        nb, _ = ex.preprocess(nb, {"metadata": {"path": str(tmp_path)}})
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return nb, held, len(json.dumps(nb))


@pytest.mark.parametrize("source,kind", [(UPDATES, "updates of a display"), (WIDGETS, "widget state"),
                                         (CAPTURED, "widget state")], ids=["display-updates", "widgets", "output-widget"])
def test_what_a_kernel_sends_any_way_is_held_within_the_cap_and_the_cut_reported(tmp_path, source, kind,
                                                                                monkeypatch):
    nb, held, size = _run_kernel(tmp_path, source, monkeypatch)
    # 32 MB sent; the notebook and everything the executor still holds stay near the 1 MB cap
    assert size < (1 << 20) + (256 << 10), size
    assert held < 6 << 20, held
    assert nb.cells[0].get("id") == "tilelab-repairs" and kind in nb.cells[0].source, nb.cells[0].source
    assert kind in " ".join(nb.metadata["tilelab"]["repairs"])
    last = nb.cells[-1]   # the notebook went on (its output is past the cap, so not kept)
    assert last.execution_count and not any(o.output_type == "error" for o in last.outputs), last


def test_a_cell_that_times_out_leaves_nothing_it_was_sent_on_the_executor(tmp_path, monkeypatch):
    """After an IOPub timeout nbclient keeps the cell's reply task, whose exception chain holds the
    cancelled output reader's frame and the (any size) message it last read: both are let go."""
    import tracemalloc

    from nbclient.exceptions import CellTimeoutError
    from nbformat.v4 import new_code_cell, new_notebook

    def timed_out(self, cell, resources, index):
        async def reader():
            msg = {"content": {"text": "x" * (48 << 20)}}       # what the reader last read
            raise RuntimeError("cancelled while reading") from None
        try:
            try:
                reader().send(None)
            except RuntimeError as inner:
                self.task_poll_for_reply = inner                  # the finished task holds its exception
                raise
        except RuntimeError:
            raise CellTimeoutError("Timeout waiting for IOPub output")   # raised in it: __context__

    monkeypatch.delenv("REQUIRE_SANDBOX", raising=False)
    monkeypatch.setenv("TILELAB_UNSAFE", "1")
    monkeypatch.setattr(SafeExecute, "preprocess_cell", timed_out)
    nb = new_notebook(cells=[new_code_cell("print(1)"), new_code_cell("print(2)")])
    ex = SafeExecute(timeout=60)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        nb, _ = ex.preprocess(nb, {"metadata": {"path": str(tmp_path)}})
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held < 6 << 20, held
    assert "did not finish" in nb.cells[0].outputs[-1]["traceback"][0]     # the cell still says why


def test_one_huge_message_is_cut_before_it_is_decoded(tmp_path, monkeypatch):
    """A 32 MB print arrives as one message. jupyter_client would hold its frame, the frame decoded
    and the parsed text at once (about 3x, 100 MB); its content is cut to the cap before it is
    decoded, so the trusted process peaks near the frame alone. The kept output, the error of a
    huge exception and the cut's report are what they were."""
    import json
    import tracemalloc

    from nbformat.v4 import new_code_cell, new_notebook
    monkeypatch.delenv("REQUIRE_SANDBOX", raising=False)
    monkeypatch.setenv("TILELAB_UNSAFE", "1")
    sent = 32 << 20
    nb = new_notebook(cells=[new_code_cell(f'print("w" * {sent})'), new_code_cell('raise ValueError("e" * (8 << 20))'),
                             new_code_cell("print('after')")])
    ex = SafeExecute(timeout=120, max_output_bytes=1 << 20)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        nb, _ = ex.preprocess(nb, {"metadata": {"path": str(tmp_path)}})
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert peak < 1.5 * sent, f"{peak / 2**20:.0f} MB at peak for a {sent >> 20} MB message"
    first, error, last = (c.outputs for c in nb.cells[1:])       # cells[0]: the repair note
    assert first[0].output_type == "stream" and first[0].text.startswith("w" * 1000)
    assert (1 << 20) - 64 <= len(first[0].text.encode()) <= (1 << 20) + 400      # the cap's worth of it
    assert error[0].output_type == "error" and error[0].ename == "ValueError" and len(error[0].evalue) <= 2000
    assert last and last[-1].output_type == "stream" and len(json.dumps(nb)) < (1 << 20) + (64 << 10)
    assert "printed output" in " ".join(nb.metadata["tilelab"]["repairs"])


def test_a_huge_content_keeps_what_routes_it_and_valid_cut_strings():
    import json

    from jupyter_client.session import Session

    from grading.preprocessors.safe_execute import bounded_content
    session = Session()
    bulk = json.dumps({"comm_id": "c-1", "data": {"state": {"v": ["a"] * 400_000}}}).encode()
    got = bounded_content(session, bulk, "comm_msg", 1 << 16, 4096)
    assert got["comm_id"] == "c-1" and len(json.dumps(got)) < 200 and f"{len(bulk):,}" in json.dumps(got)
    shown = bounded_content(session, json.dumps({"transient": {"display_id": "d"}, "data": {"v": [0] * 400_000}})
                            .encode(), "update_display_data", 1 << 16, 4096)
    assert shown["transient"] == {"display_id": "d"} and "text/plain" in shown["data"]
    for text in ("é\n" * 100_000, "\u2603\\\"" * 100_000, "\x01" * 100_000):
        raw = json.dumps({"name": "stderr", "text": text}, ensure_ascii=False).encode()
        for keep in (4095, 4096, 4097, 4098, 4099):
            got = bounded_content(session, raw, "stream", 1 << 16, keep)
            assert got["name"] == "stderr" and text.startswith(got["text"]) and 0 < len(got["text"].encode()) <= keep
