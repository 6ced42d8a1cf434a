"""The rubric in words: one line per part saying what it checks and at which sizes.

Lesson text (the rubric table of each exercise), the instructor's notes and the issue's closing
note render the rubric with these functions, so the prose and the judge cannot drift apart.

    python -m tilelab.rubric.describe            # every assignment, as markdown
"""
from __future__ import annotations

import sys

from . import all_rubrics, load_rubric

TECHNIQUE = {
    "shared_staged": "the tile goes through shared memory (shared stores and loads each at least a quarter "
                     "of the reference's requests)",
    "shared_reads_conflict_free": "every source line that reads shared memory is conflict-free (wavefronts "
                                  "= what a conflict-free request of its width costs); no shared reads: no points",
    "shared_writes_conflict_free": "every source line that writes shared memory is conflict-free; no shared "
                                   "writes: no points",
    "coalesced_like_reference": "global loads and stores each take no more sectors per request than the "
                                "reference's (a side read or written by column does not)",
    "global_loads_at_reference": "global load sectors at most {tolerance}× the `{reference}` kernel's, "
                                 "whatever the means (shared tiles or registers and shuffles)",
}


def _sizes(sizes) -> str:
    return ", ".join("×".join(map(str, s)) if isinstance(s, (list, tuple)) else str(s) for s in sizes)


def _range(r) -> str:
    if r and isinstance(r[0], (list, tuple)):
        return " × ".join(f"{lo}..{hi}" for lo, hi in r)
    return f"{r[0]}..{r[1]}"


def _drawn(check, square=False) -> str:
    d = check.draw
    if not d:
        return ""
    mult = d.get("multiple")
    dims = "n×n, n" if square else ("rows and cols each" if check.problem == "transpose" else
                                    "multiples of the tile" if mult else "N")
    large = "" if square or "large" not in d else ", and a large drawn launch counted on a few sampled blocks"
    return f" and {d.get('count', 2)} sizes drawn per submission ({dims} in {_range(d['emu'])}){large}"


def _techniques(ts, default_ref) -> list[str]:
    out = []
    for t in ts:
        text = TECHNIQUE[t["name"]]
        out.append(text.format(tolerance=t.get("tolerance", 1), reference=t.get("reference", default_ref)))
    return out


def describe_part(check, p) -> str:
    kind = p["kind"]
    req = p.get("requires", [])
    need = f" (once {' and '.join(req)} {'is' if len(req) == 1 else 'are'} earned)" if req else ""
    if kind == "correct":
        sizes = p["sizes"]
        emu, gpu = (sizes.get("emu"), sizes.get("gpu")) if isinstance(sizes, dict) else (sizes, None)
        d = check.draw
        drawn = (f"; plus {d.get('count', 2)} sizes drawn per submission from {_range(d['emu'])}"
                 + (f" (and on a GPU {d.get('count', 2)} more from {_range(d['gpu'])})" if "gpu" in d else "")
                 + ("; and a large drawn launch, whose values are checked on a few sampled blocks"
                    if "large" in d else "")
                 + ("; on a GPU the drawn timing size too" if "timed" in d else "")) if d else ""
        return (f"right values for sizes {_sizes(emu)} on the emulator" +
                (f", {_sizes(gpu)} on a GPU" if gpu else "") + drawn +
                f"; {len(p.get('seeds', [0]))} random inputs each" +
                (f" (one at sizes from {p['single_seed_from']})" if p.get("single_seed_from") else "") +
                "; outputs pre-filled with NaN; a fired assert fails it")
    if kind == "clean":
        return ("no sanitizer finding (shared- and global-memory races, out-of-bounds accesses, uninitialised "
                "shared memory or registers, __device__ state left changed), and the same output in a second "
                "run with other %smid, %warpid and clock values" + need)
    if kind == "metric_ratio":
        low = p.get("min_ratio")
        want = (f"at most {p['max_ratio']:g}×" if low is None else
                "exactly as many as" if low == p["max_ratio"] == 1 else f"{low:g}× to {p['max_ratio']:g}×")
        parts = [f"`{p['metric']}` {want} the `{p['reference']}` kernel's"]
        parts += _techniques(p.get("techniques", []), p["reference"])
        return ("; ".join(parts) + f", at {_sizes([p['N']])}" + _drawn(check) + ", with the values right at "
                "each" + need)
    if kind == "per_request":
        return (f"`{p['metric']}` per `{p['per']}` at most {p['max']:g}, at {_sizes([p['N']])}" + _drawn(check)
                + ", with the values right at each (no such request earns nothing)" + need)
    if kind == "shared_bytes":
        parts = [f"static shared memory per block at most {p.get('max_ratio', 1):g}× the `{p['reference']}` "
                 f"kernel's"] + _techniques(p.get("techniques", []), p["reference"])
        where = f", at {_sizes([p['N']])}" + _drawn(check) if p.get("techniques") else ""
        return "; ".join(parts) + where + need
    if kind == "pipeline":
        return (f"the pipeline itself, on the emulator: the share of Tensor Core (`mma`) instructions that run while "
                f"a later stage's cp.async copies are in flight (issued, committed, not waited for) at least "
                f"{p.get('min_ratio', 0.5):g}× the `{p['reference']}` kernel's, with as many cp.async requests, at "
                f"{_sizes([p['N']])}" + _drawn(check) + ", with the values right at each" + need)
    if kind == "speedup":
        e = p["emu"]
        ref = e.get("reference", p["reference"])
        timed = "a size drawn per submission near " if "timed" in check.draw else ""
        if e.get("pipeline"):
            emu = [f"the pipeline measured as in `pipelined` (against the `{ref}` kernel)"]
        else:
            emu = [f"`{e['metric']}` at most {e['max_ratio']:g}× the `{ref}` kernel's"] + \
                _techniques(e.get("techniques", []), ref)
        return (f"on a GPU, at least {p['min_speedup']:g}× as fast as the `{p['reference']}` kernel, timed "
                f"at {timed}{_sizes([p['N']])} (a correctness size too); on the emulator, where nothing is timed: "
                + "; ".join(emu) + f", at {_sizes([e['N']])}" + _drawn(check, e.get("drawn") == "square")
                + ", with the values right at each" + need)
    return kind


def rubric_table(assignment: str) -> str:
    """The rubric as a markdown table, so the text's "full marks" is the rubric's number."""
    r = load_rubric(assignment)
    rows = ["| part | points | what earns it |", "|---|---|---|"]
    for c in r.checks:
        for p in c.parts:
            rows.append(f"| {p['name']} | {p['points']:g} | {describe_part(c, p)} |")
    rows.append(f"| **total** | **{r.points:g}** | |")
    return "\n".join(rows)


def main() -> int:
    for a in all_rubrics():
        print(f"### {a}\n\n{rubric_table(a)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
