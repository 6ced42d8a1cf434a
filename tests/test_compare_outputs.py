"""scripts/compare_outputs.py (`make compare-outputs`): a rebuilt notebook's outputs against the
committed ones; only times, memory addresses and widget ids are set aside, anything else is named."""
from __future__ import annotations

import copy
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import compare_outputs as co  # noqa: E402

WIDGET = "application/vnd.jupyter.widget-view+json"


def _nb(address="0x7f3a12bc4d10", when="2026-12-02T03:14:15.926Z", model="a1b2", text="12288 wavefronts\n",
        png="iVBORw0KGgo="):
    cell = new_code_cell("tl.check(k)", execution_count=3, metadata={"execution": {"iopub.status.idle": when}})
    cell.outputs = [new_output("stream", name="stdout", text=text),
                    new_output("execute_result", data={"text/plain": f"<LaunchResult at {address}>"},
                               execution_count=3),
                    new_output("display_data", data={WIDGET: {"model_id": model, "version_major": 2},
                                                     "text/plain": "Explorer(...)"}),
                    new_output("stream", name="stdout", text=f"written {when}\n"),
                    new_output("display_data", data={"image/png": png, "text/plain": "<Figure>"})]
    return nbformat.from_dict(copy.deepcopy(new_notebook(cells=[new_markdown_cell("# 03"), cell])))


def test_times_addresses_and_widget_ids_are_set_aside():
    a = _nb()
    b = _nb(address="0x55d0aa01f2e8", when="2027-01-05T11:00:00.000Z", model="ffee")
    assert co.compare(a, b) == []


def test_any_other_change_is_named_with_its_cell():
    a = _nb()
    for changed in (_nb(text="10240 wavefronts\n"), _nb(png="iVBORw0KGgp=")):
        problems = co.compare(a, changed)
        assert len(problems) == 1 and problems[0].startswith("cell 1 (code)"), problems
    b = _nb()
    b.cells.append(new_markdown_cell("more"))
    assert co.compare(a, b) == ["2 cells before, 3 now"]
    b = _nb()
    b.cells[0].source = "# 04"
    assert co.compare(a, b)[0].startswith("cell 0 (markdown)")


def test_it_compares_with_git_and_exits_1_on_a_difference(tmp_path, capsys):
    """Against a git revision: identical after a rebuild -> 0; a changed output -> 1, named."""
    import subprocess
    nb_path = tmp_path / "lessons" / "00_x_lesson.ipynb"
    nb_path.parent.mkdir()
    nbformat.write(_nb(), nb_path)
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "x"], check=True)
    nbformat.write(_nb(address="0x55d0aa01f2e8", when="2027-01-05T11:00:00Z"), nb_path)      # a rebuild
    assert co.main(["--rev", "HEAD"], root=tmp_path) == 0
    assert "1 identical, 0 differ" in capsys.readouterr().out
    nbformat.write(_nb(text="10240 wavefronts\n"), nb_path)
    assert co.main(["--rev", "HEAD"], root=tmp_path) == 1
    out = capsys.readouterr().out
    assert "lessons/00_x_lesson.ipynb: DIFFERS" in out and "10240 wavefronts" in out
