"""make grade's progress bar (grading/progress.py) and each assignment's per-cell limit from the
recorded cell times (grading/cell_limits.py)."""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import cell_limits  # noqa: E402
from grading.progress import Progress  # noqa: E402


def test_the_bar_shows_the_step_under_way_and_the_lines_go_above_it(monkeypatch):
    monkeypatch.delenv("TILELAB_PROGRESS", raising=False)
    out = io.StringIO()
    bar = Progress(file=out)
    bar.add(2)
    with bar.doing("release en"):
        assert "prepare: 0/2" in out.getvalue() and "release en …" in out.getvalue()
    bar.write("a line")
    bar.phase("autograde")
    bar.add(1)
    bar.step("ann/00 ok")
    bar.close()
    text = out.getvalue()
    assert "prepare: 1/2" in text and "a line\n" in text and "autograde: 2/3" in text and "ann/00 ok" in text


def test_the_bar_can_be_turned_off(monkeypatch, capsys):
    monkeypatch.setenv("TILELAB_PROGRESS", "0")
    out = io.StringIO()
    bar = Progress(file=out)
    bar.add(1)
    bar.step("x")
    bar.write("a line")
    bar.close()
    assert out.getvalue() == "" and capsys.readouterr().out == "a line\n"


def _recording(tmp_path, seconds: dict) -> Path:
    d = tmp_path / "results"
    d.mkdir()
    (d / "cell-times-2026-01-01.json").write_text(json.dumps({"assignments": {"old": {"old": [{"seconds": 99}]}}}))
    (d / "cell-times-2026-12-02.json").write_text(json.dumps({"assignments": {
        a: {a: [{"seconds": s / 3}, {"seconds": s}]} for a, s in seconds.items()}}))
    cell_limits.recorded.cache_clear()
    return d


def test_the_cell_limit_is_ten_times_the_slowest_recorded_cell_within_its_bounds(tmp_path):
    d = _recording(tmp_path, {"quick": 0.4, "slow": 19.3, "huge": 500.0})
    ceiling = cell_limits.configured_timeout()
    assert cell_limits.cell_timeout("quick", results=d) == cell_limits.FLOOR_S
    assert cell_limits.cell_timeout("slow", results=d) == 193
    assert cell_limits.cell_timeout("huge", results=d) == int(ceiling)
    assert cell_limits.cell_timeout("old", results=d) is None          # only the newest recording counts
    assert cell_limits.cell_timeout("slow", {"Execute.timeout": 30}, results=d) is None   # the instructor's own
    cell_limits.recorded.cache_clear()


def test_every_assignment_has_a_recorded_limit_below_the_old_fifteen_minutes():
    from grading.rubrics import all_rubrics
    cell_limits.recorded.cache_clear()
    for a in all_rubrics():
        limit = cell_limits.cell_timeout(a)
        assert limit is not None and cell_limits.FLOOR_S <= limit < 900, (a, limit)
