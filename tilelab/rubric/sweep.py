"""The rubric soundness sweep: every count threshold, over every size its draw can produce.

    python -m tilelab.rubric.sweep [--check GRADE_ID ...] [--out FILE]      # make rubric-sweep

For each rubric check it runs the judge's own parts (tilelab/judge.py, one rule for the
self-check and the grader) at every size the check's emulator draw can produce — a spread sample
where a range holds thousands of sizes: its edges, every size next to a multiple of the block
tile, and evenly spaced ones — and at a few large drawn sizes on their sampled blocks (the edge
block and the first), with:

- the reference solution (the solutions notebook's cell) and every corpus entry
  (tests/submissions/corpus.toml) that earns every part: each part must pass at every size, and
  the smallest margin to each threshold is recorded with its size;
- every other corpus entry: each part it is not expected to earn must fail at every size (graded
  with that size drawn, so at the part's own size too).

Counts at a size are deterministic, so each kernel runs once per size (seed 0; values checked)
and every part and subject reuses that run (a reference kernel is shared by all its checks).
Each row of the table (tilelab/rubric/sweep.json) carries a hash of its own inputs (its rubric,
the counting pins, the reference kernels, its solution cell and corpus entries):
tests/test_rubric_sweep.py fails when a row's hash is stale and re-checks every smallest-margin size.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from tilelab.judge import Engine, Judge, Probe
from tilelab.magic import parse_cuda_cell
from tilelab.problems import get_problem

from . import REPO_ROOT, RUBRIC_DIR, all_rubrics, tomllib
from .draw import _multiples, _ranges

TABLE = RUBRIC_DIR / "sweep.json"
COUNT_KINDS = ("metric_ratio", "per_request", "speedup", "shared_bytes", "pipeline")
SPREAD = 24                       # evenly spaced sizes added to a sampled range


# ------------------------------------------------------------------------------ sizes
def _axis(lo: int, hi: int, mult: int, tile: int, limit: int) -> list[int]:
    """The values of one drawn dimension: all of them when there are at most ``limit``; else the
    edges, every value next to a multiple of ``tile`` and ``SPREAD`` evenly spaced ones."""
    first, last = -(-lo // mult), hi // mult
    values = [mult * i for i in range(first, last + 1)]
    if len(values) <= limit:
        return values
    keep = {values[0], values[-1]}
    for k in range(lo // tile, hi // tile + 2):
        keep |= {v for v in (k * tile - 1, k * tile, k * tile + 1) if lo <= v <= hi and v % mult == 0}
    step = (len(values) - 1) / (SPREAD - 1)
    keep |= {values[round(i * step)] for i in range(SPREAD)}
    return sorted(keep)


def _tile(check) -> int:
    if check.problem == "vector_add":
        return (check.block or [256])[0]
    if check.problem in ("gemm_fp16", "gemm_fp16_nmajor"):
        return 128
    return (check.block or [16])[0]


def emu_sizes(check) -> list:
    """Every size (or the spread sample) the check's emulator draw can produce."""
    d = check.draw
    if not d or "emu" not in d:
        return []
    dims = len(get_problem(check.problem).size_names)
    ranges, mult = _ranges(d["emu"], dims), _multiples(d.get("multiple", 1), dims)
    tile = _tile(check)
    if dims == 1:
        return _axis(ranges[0][0], ranges[0][1], mult[0], tile, 200)
    axes = [_axis(lo, hi, m, tile if m == 1 else m, 16 if m == 1 else 64) for (lo, hi), m in zip(ranges, mult)]
    if dims == 2 and len(axes[0]) * len(axes[1]) > 400:     # transpose: the near-tile values of each side
        axes = [[v for v in a if v % tile in (0, 1, tile - 1) or v in (a[0], a[-1])] for a in axes]
    out = [[]]
    for a in axes:
        out = [s + [v] for s in out for v in a]
    return [tuple(s) for s in out]


def large_probes(check) -> list:
    """A few large drawn sizes (the range's ends and a size off the tile in between), each on its
    edge block and its first block."""
    d = check.draw
    if not d or "large" not in d:
        return []
    prob = get_problem(check.problem)
    dims = len(prob.size_names)
    ranges = _ranges(d["large"], dims)
    mult = _multiples(d.get("large_multiple", d.get("multiple", 1)), dims)
    picks = []
    for f in (0.0, 0.5, 1.0):
        size = []
        for (lo, hi), m in zip(ranges, mult):
            v = lo + round(f * (hi - lo))
            v = v - v % m if m > 1 else v + (1 if f == 0.5 and v % _tile(check) == 0 else 0)
            size.append(max(lo if lo % m == 0 else lo + m - lo % m, min(v, hi)))
        picks.append(tuple(size) if dims > 1 else size[0])
    out = []
    for size in dict.fromkeys(picks):
        grid, _, _ = prob.launch(size, check.block)
        n = 1
        for g in grid:
            n *= int(g)
        out.append((size, tuple(sorted({0, n - 1}))))
    return out


# ------------------------------------------------------------------------------ subjects
CORPUS = REPO_ROOT / "tests" / "submissions"


def solution_source(check) -> str | None:
    """The solution notebook's graded cell for ``check``: the last ``%%cuda <kernel>`` cell before
    its grade cell, as the Judge preprocessor finds it (grading/preprocessors.py)."""
    path = REPO_ROOT / "solutions" / check.assignment / f"{check.notebook}.ipynb"
    if not path.exists():
        return None
    cells = json.loads(path.read_text())["cells"]
    found = None
    for cell in cells:
        if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == check.grade_id:
            break
        if cell.get("cell_type") != "code":
            continue
        src = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        parsed = parse_cuda_cell(src)
        if parsed and parsed[0] == check.kernel:
            found = parsed[1]
    return found


def corpus_entries(check) -> list[dict]:
    with open(CORPUS / "corpus.toml", "rb") as f:
        entries = tomllib.load(f)["submission"]
    return [e for e in entries if "kernel" in e and e["grade_id"] == check.grade_id
            and e["assignment"] == check.assignment]


def subjects(check) -> list[dict]:
    """The kernels swept for ``check``: the solution, and the corpus entries that grade it."""
    out = []
    src = solution_source(check)
    if src:
        out.append({"name": "solution", "source": src, "earns": [p["name"] for p in check.parts]})
    for e in corpus_entries(check):
        out.append({"name": e["name"], "source": (CORPUS / e["kernel"]).read_text(),
                    "earns": list(e["earns"]), "file": e["kernel"]})
    return out


# ------------------------------------------------------------------------------ one check
class _SharedRuns:
    """Runs shared by every subject and check: (kernel source, name, problem, size, blocks, ...) ->
    Record, so a reference kernel runs once per size in the whole sweep."""

    def __init__(self, engine):
        self.engine, self.cache = engine, {}

    def wrap(self, judge):
        engine = self.engine

        def record(kernel, problem, size, seed, **kw):
            key = (kernel.source, kernel.name, problem, size, seed, tuple(sorted((k, str(v)) for k, v in kw.items())))
            if key not in self.cache:
                self.cache[key] = type(engine).record(engine, kernel, problem, size, seed, **kw)
            return self.cache[key]
        judge.engine.record = record


def _square(part) -> bool:
    """A part that counts each drawn size as its square (04's copy_speed: a copy's stores line up
    with a transpose's only on square shapes)."""
    return part.get("emu", {}).get("drawn") == "square"


def sweep_check(check, *, engine=None, shared=None, subjects_=None, sizes=None, large=None, log=print,
                only_parts=None) -> dict:
    """Sweep one check: per subject and count part, whether it held at every size, the smallest
    margin and where."""
    engine = engine or Engine("emu", check.step_budget)
    shared = shared or _SharedRuns(engine)
    sizes = emu_sizes(check) if sizes is None else sizes
    large = large_probes(check) if large is None else large
    parts = [p for p in check.parts if p["kind"] in COUNT_KINDS and (not only_parts or p["name"] in only_parts)]
    result = {"grade_id": check.grade_id, "assignment": check.assignment, "sizes": len(sizes),
              "size_list": [list(s) if isinstance(s, tuple) else s for s in sizes],
              "large": [[list(s) if isinstance(s, tuple) else s, list(b)] for s, b in large], "subjects": []}
    t0 = time.monotonic()
    for subj in (subjects(check) if subjects_ is None else subjects_):
        judge = Judge(check.spec(subj["source"], backend="emu"), engine)
        shared.wrap(judge)
        row = {"name": subj["name"], "legit": set(subj["earns"]) >= {p["name"] for p in check.parts},
               "earns": subj["earns"], "parts": {}, "wrong_at": []}
        try:
            judge.kernel = judge.engine.compile(judge.spec.source, judge.spec.kernel, judge.spec.filename,
                                                judge.spec.first_line)
        except Exception as e:      # a corpus entry that does not compile earns nothing anywhere
            row["error"] = str(e).splitlines()[0] if str(e) else type(e).__name__
            result["subjects"].append(row)
            continue
        if not row["legit"] and not [p for p in parts if p["name"] not in subj["earns"]]:
            # a wrong entry that loses only `correct` and `clean`: those run at the rubric's own sizes
            # too, whatever is drawn; no count threshold of this check is at stake
            row["verdict"] = "not swept: it loses no count part (correct and clean run at the fixed sizes too)"
            log(f"  {check.grade_id} / {subj['name']}: {row['verdict']}")
            result["subjects"].append(row)
            continue
        lose = [p for p in parts if p["name"] not in subj["earns"]]
        if not row["legit"] and "correct" not in subj["earns"] and lose \
                and all("correct" in p.get("requires", []) for p in lose):
            # `correct` runs at the rubric's own sizes whatever is drawn (and its GPU-like pass finds
            # luck: a race, an uninitialised value, which one plain run per size does not): an entry
            # that fails it there loses every part that requires it, at every draw
            correct = next((p for p in check.parts if p["kind"] == "correct"), None)
            try:
                held, _ = judge.part_correct(correct) if correct else (True, "")
            except Exception:
                held = False
            if not held:
                row["loses_correct_at_own_sizes"] = True
                row["verdict"] = _verdict(row, parts)
                log(f"  {check.grade_id} / {subj['name']}: {row['verdict']}")
                result["subjects"].append(row)
                continue
        probes = [Probe(s, None, True) for s in sizes] + [Probe(s, b, True) for s, b in large]
        for probe in probes:
            # the values (and findings) at this size, which every part needs first
            try:
                rec = judge.record("yours", probe.size, blocks=probe.blocks)
                right = rec.ok and not rec.findings
            except Exception:
                right = False
            if not right:
                row["wrong_at"].append(_json_size(probe))
            for part in parts:
                if _square(part) and (probe.blocks is not None or
                                      (isinstance(probe.size, tuple) and len(set(probe.size)) > 1)):
                    continue                  # graded as its square, which is swept on its own
                judge.margins = []
                judge.only = probe            # the part at this size alone (graded: with its own size too)
                try:
                    ok, _ = getattr(judge, "part_" + part["kind"])(part)
                except Exception:
                    ok = False
                here = [m for m in judge.margins if m["size"] == probe.size and m["blocks"] == probe.blocks]
                d = row["parts"].setdefault(part["name"], {"held_at": 0, "failed_at": [], "smallest": None,
                                                           "own_size": _own_size(judge, part)})
                if not ok and not here and _no_steady_state(judge, part, probe):
                    # the judge skips such a size (one K tile: the reference overlaps nothing either)
                    # and the part's own size decides: no evidence either way here
                    d.setdefault("no_evidence_at", []).append(_json_size(probe))
                    continue
                if ok:
                    d["held_at"] += 1
                    if not row["legit"]:
                        d.setdefault("held", []).append(_json_size(probe))
                else:
                    d["failed_at"].append(_json_size(probe))
                if here:            # the binding criterion at this size (the smallest margin of its comparisons)
                    m = min(here, key=lambda x: x["margin"])
                    # a right kernel: its smallest margin over the sizes; a wrong one: how near it came
                    better = d["smallest"] is None or (m["margin"] < d["smallest"]["margin"] if row["legit"]
                                                       else m["margin"] > d["smallest"]["margin"])
                    if better:
                        d["smallest"] = {"margin": round(m["margin"], 6), "what": m["what"], "value": m["value"],
                                         "limit": m["limit"], "size": _json_size(probe)}
        row["verdict"] = _verdict(row, parts)
        log(f"  {check.grade_id} / {subj['name']}: {row['verdict']}")
        result["subjects"].append(row)
    result["seconds"] = round(time.monotonic() - t0, 1)
    return result


def _no_steady_state(judge, part, probe) -> bool:
    """A pipeline measure (06's pipelined part, or the speed part's emulator stand-in) at a size
    where the reference pipeline has no steady state, which the judge leaves out."""
    emu = part.get("emu", {})
    if part["kind"] == "pipeline":
        ref = part["reference"]
    elif part["kind"] == "speedup" and emu.get("pipeline"):
        ref = emu.get("reference", part["reference"])
    else:
        return False
    try:
        b = judge.record(ref, probe.size, blocks=probe.blocks, watch=True).overlap
    except Exception:
        return False
    return b is not None and (b.mma == 0 or b.share == 0)


def _verdict(row, parts) -> str:
    if row["legit"]:
        bad = [n for n, d in row["parts"].items() if d["failed_at"]]
        return "ok: full marks at every size" if not bad and not row["wrong_at"] else \
            f"BAD: loses {', '.join(bad) or 'correct'} at some sizes"
    if row.get("loses_correct_at_own_sizes"):
        return "ok: loses correct at the rubric's own sizes, whatever is drawn, and every part that requires it"
    lose = [p["name"] for p in parts if p["name"] not in row["earns"]]
    keep = [p["name"] for p in parts if p["name"] in row["earns"]]
    # a wrong entry loses its part wherever it is graded with that size drawn: graded at the part's
    # own size and the drawn one, it earns the part only where it holds at both (a drawn size equal
    # to the part's own is left out: a kernel right only there is caught by any other draw);
    # entries whose values are wrong at some drawn size lose every part through `correct`
    # every grading also counts one large launch on sampled blocks: a part that fails at every large
    # probe is lost at every draw
    leaks = []
    for n in lose:
        d = row["parts"].get(n, {})
        held = d.get("held", [])
        small = [h for h in held if not isinstance(h, dict)]
        large = [h for h in held if isinstance(h, dict)]
        any_large = any(isinstance(f, dict) for f in d.get("failed_at", [])) or large
        if not row["wrong_at"] and d.get("own_size") in small and any(h != d.get("own_size") for h in small) \
                and (large or not any_large):
            leaks.append(n)
    drops = [n for n in keep if row["parts"].get(n, {}).get("failed_at")]
    if leaks:
        return f"BAD: earns {', '.join(leaks)} at some sizes"
    return "ok: loses what it should at every size" + (f" (and {', '.join(drops)} at some)" if drops else "")


def _own_size(judge, part):
    """The size a part always counts at (its N, or its emulator stand-in's)."""
    n = part.get("N", part.get("emu", {}).get("N"))
    if n is None:
        return None
    size = judge.engine.problem(judge.spec.problem).size(n)
    return list(size) if isinstance(size, tuple) else size


def _json_size(probe):
    s = list(probe.size) if isinstance(probe.size, tuple) else probe.size
    return {"size": s, "blocks": list(probe.blocks)} if probe.blocks else s


# ------------------------------------------------------------------------------ inputs
def row_hash(check) -> str:
    """sha256 of what one check's row depends on: the counting pins and the check's rubric (as
    parsed: comments are free to change), the reference kernels (every kernels/*.cu, and each file
    the check names), the check's corpus entries (as parsed) and their kernels, and the solution's
    graded cell. A row goes stale only when its own inputs change (a new exercise leaves it be)."""
    h = hashlib.sha256()

    def add(name: str, data: bytes):
        h.update(name.encode() + b"\0" + data + b"\0")
    for f in (RUBRIC_DIR / "_counting.toml", RUBRIC_DIR / f"{check.assignment}.toml"):
        add(f.name, json.dumps(tomllib.loads(f.read_text()), sort_keys=True).encode())
    files = set((REPO_ROOT / "kernels").glob("*.cu"))
    for where in check.references.values():
        files.add(REPO_ROOT / (where["kernel"] if isinstance(where, dict) else where).partition(":")[0])
    for f in sorted(files):
        add(f.name, f.read_bytes())
    for e in corpus_entries(check):
        add(e["name"], json.dumps(e, sort_keys=True).encode() + (CORPUS / e["kernel"]).read_bytes())
    add(check.grade_id, (solution_source(check) or "").encode())
    return h.hexdigest()


def _write(path: Path, table: dict, order: list):
    """The table, its rows in the order the file had them (new ones after), each row's keys sorted:
    a sweep of some rows changes only those rows' lines."""
    rows = table["checks"]
    ordered = {gid: json.loads(json.dumps(rows[gid], sort_keys=True))
               for gid in [g for g in order if g in rows] + sorted(g for g in rows if g not in order)}
    path.write_text(json.dumps({"checks": ordered}, indent=1) + "\n")


def _checks() -> dict:
    return {c.grade_id: c for r in all_rubrics().values() for c in r.checks}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="append", help="grade_id(s) to sweep (default: every check)")
    ap.add_argument("--out", default=str(TABLE))
    ap.add_argument("--part", action="append", help="sweep only these parts of the checks, into their rows")
    ap.add_argument("--subject", action="append", help="sweep only these subjects (by name), into their rows")
    args = ap.parse_args(argv)
    old = json.loads(Path(args.out).read_text()) if Path(args.out).exists() else {}
    checks = _checks()
    # rows of an earlier run are kept only while their own inputs are these (a partial run adds to them)
    table = {"checks": {gid: row for gid, row in old.get("checks", {}).items()
                        if gid in checks and row.get("inputs") == row_hash(checks[gid])}}
    shared = None
    bad = 0
    for gid, row in table["checks"].items():     # rows kept from before: their verdicts by today's rule
        check = checks[gid]
        for subject in row["subjects"]:
            if subject["parts"] or subject.get("wrong_at") is not None and "verdict" in subject \
                    and not subject["verdict"].startswith("not swept"):
                subject["verdict"] = _verdict(subject, [p for p in check.parts if p["kind"] in COUNT_KINDS])
    for a, rubric in sorted(all_rubrics().items()):
        for check in rubric.checks:
            if args.check and check.grade_id not in args.check:
                continue
            engine = Engine("emu", check.step_budget)
            shared = _SharedRuns(engine) if shared is None else shared
            shared.engine = engine
            print(f"{a} / {check.grade_id}: {len(emu_sizes(check))} sizes, {len(large_probes(check))} large",
                  flush=True)
            if (args.subject or args.part) and check.grade_id in old.get("checks", {}) \
                    and check.grade_id not in table["checks"]:
                # its row's inputs changed (a rubric, a kernel, a corpus entry): the subjects and parts
                # not swept again would keep verdicts made under the old ones
                print(f"{check.grade_id}: its row is stale; sweep the whole check (--check {check.grade_id})",
                      file=sys.stderr)
                return 2
            subs = [x for x in subjects(check) if x["name"] in args.subject] if args.subject else None
            res = sweep_check(check, engine=engine, shared=shared, only_parts=args.part, subjects_=subs)
            old_row = table["checks"].get(check.grade_id)
            if args.subject and old_row:         # only these subjects again: in place of their rows
                new = {x["name"]: x for x in res["subjects"]}
                old_row["subjects"] = [new.pop(x["name"], x) for x in old_row["subjects"]] + list(new.values())
                res = old_row
            if args.part and old_row:            # only these parts again: into the rows swept before
                for new, old in zip(res["subjects"], old_row["subjects"]):
                    old["parts"].update(new["parts"])
                    old["verdict"] = _verdict(old, [p for p in check.parts if p["kind"] in COUNT_KINDS])
                res = old_row
            res["inputs"] = row_hash(check)
            table["checks"][check.grade_id] = res
            bad += sum(s["verdict"].startswith("BAD") for s in res["subjects"])
            _write(Path(args.out), table, list(old.get("checks", {})))      # after every check
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
