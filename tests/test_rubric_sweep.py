"""The rubric soundness sweep's table (tilelab/rubric/sweep.json, written by `make rubric-sweep`)
is fresh (each row against a hash of its own inputs), says every right answer earns full marks at every swept size and every wrong one loses
what it should, and its smallest margins come out the same when run again (issue 20)."""
from __future__ import annotations

import json

import pytest

from tilelab.judge import Probe
from tilelab.rubric import all_rubrics
from tilelab.rubric.sweep import TABLE, _write, emu_sizes, main, row_hash, subjects, sweep_check

CHECKS = {c.grade_id: c for r in all_rubrics().values() for c in r.checks}


def _table():
    if not TABLE.exists():
        pytest.fail(f"{TABLE} is missing: run `make rubric-sweep`")
    return json.loads(TABLE.read_text())


def test_the_sweep_is_fresh():
    table = _table()
    assert table["checks"], "the sweep table has no rows: run `make rubric-sweep`"
    for gid, row in table["checks"].items():
        assert gid in CHECKS, f"the sweep has a check the rubrics no longer have: {gid}"
        assert row.get("inputs") == row_hash(CHECKS[gid]), (
            f"{gid}: its rubric, the counting pins, the reference kernels, its solution or its corpus entries "
            f"changed since the sweep: run `make rubric-sweep CHECKS={gid}` and commit tilelab/rubric/sweep.json")
        assert row["sizes"] == len(emu_sizes(CHECKS[gid]))


def test_every_swept_subject_scores_as_it_should():
    bad = [f"{gid} / {s['name']}: {s['verdict']}" for gid, row in _table()["checks"].items()
           for s in row["subjects"] if not s["verdict"].startswith(("ok", "not swept"))]
    assert not bad, "\n".join(bad)


def _size(v):
    if isinstance(v, dict):
        return (tuple(v["size"]) if isinstance(v["size"], list) else v["size"]), tuple(v["blocks"])
    return (tuple(v) if isinstance(v, list) else v), None


@pytest.mark.parametrize("gid", sorted(CHECKS))
def test_the_solutions_smallest_margins_come_out_again(gid):
    row = _table()["checks"].get(gid)
    if row is None:
        pytest.skip(f"{gid} is not in the sweep table yet")
    solution = next((s for s in row["subjects"] if s["name"] == "solution"), None)
    if solution is None or not solution["parts"]:
        pytest.skip(f"{gid}: no count part swept for a solution")
    check = CHECKS[gid]
    where = {}
    for name, d in solution["parts"].items():
        if d["smallest"] is not None:
            where.setdefault(json.dumps(d["smallest"]["size"]), []).append((name, d["smallest"]))
    subject = [s for s in subjects(check) if s["name"] == "solution"]
    for key, wanted in where.items():
        size, blocks = _size(json.loads(key))
        again = sweep_check(check, subjects_=subject, sizes=[] if blocks else [size],
                            large=[(size, blocks)] if blocks else [], log=lambda *_: None)
        parts = again["subjects"][0]["parts"]
        for name, d in wanted:
            got = parts[name]["smallest"]
            assert got is not None and got["margin"] == pytest.approx(d["margin"], abs=1e-6), (name, key, got, d)
            assert not parts[name]["failed_at"]


def test_probe_sizes_cover_every_tile_edge():
    c = CHECKS["matmul_coalesced_check"]
    assert emu_sizes(c) == list(range(40, 161))                 # every N the draw can produce
    v = CHECKS["vector_add_check"]
    sizes = emu_sizes(v)
    assert sizes[0] == 2 and sizes[-1] == 5000 and {255, 256, 257, 4863, 4864, 4865} <= set(sizes)
    t = CHECKS["transpose_padded_check"]
    pairs = emu_sizes(t)
    assert (33, 33) in pairs and (160, 160) in pairs and (63, 129) in pairs and (64, 96) in pairs
    g = CHECKS["gemm_pipelined_check"]
    assert all(m % 128 == 0 and n % 128 == 0 and k % 64 == 0 for m, n, k in emu_sizes(g))
    assert Probe((128, 128, 64)) == Probe((128, 128, 64))


def test_the_table_is_in_the_form_the_sweep_writes(tmp_path):
    """Rows in the file's order, each row's keys sorted, indent 1: a sweep of one check changes only
    that row's lines (so rows swept on different branches merge)."""
    text = TABLE.read_text()
    table = json.loads(text)
    out = tmp_path / "sweep.json"
    _write(out, table, list(table["checks"]))
    assert out.read_text() == text
    moved = dict(reversed(list(table["checks"].items())))
    _write(out, {"checks": moved}, list(table["checks"]))
    assert out.read_text() == text


def test_a_stale_row_is_not_patched_by_subject(tmp_path, capsys):
    """--subject sweeps some entries into a row; a row whose inputs changed must be swept whole."""
    table = _table()
    gid = "vector_add_check"
    table["checks"][gid] = {**table["checks"][gid], "inputs": "stale"}
    out = tmp_path / "sweep.json"
    out.write_text(json.dumps(table, indent=1) + "\n")
    assert main(["--out", str(out), "--check", gid, "--subject", "solution"]) == 2
    assert "stale" in capsys.readouterr().err
