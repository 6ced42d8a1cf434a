"""The per-line tally of a launch: the counters every executed instruction added to (per pc),
summed per source line and for the launch, in both views (as ptxas made the accesses and as the
PTX runs), with each line's "why" (emu/counters/sass_model.py, ifconvert.py, sass_replay.py,
vprintf_cost.py). machine.run calls it once the grid has run."""
from __future__ import annotations

from dataclasses import dataclass

from ...messages import msg
from ..places import line_text
from . import vprintf_cost
from .metrics import METRIC_KEYS, SEEN_TOTALS
from .undecided import Undecided


@dataclass
class Tally:
    metrics: dict            # the launch's totals, as counted ("sass" or "ptx": ``mode``)
    ptx_metrics: dict        # the same totals as the PTX runs
    per_line: list           # [{file, line, source, <metric>: n, counted, ptx, why, undecided, undecided_keys}]
    per_pc: dict             # pc -> {metric: n} (+ sass_bytes: the width ptxas merged a group into)
    mode: str                # how the counts were made: "sass" or "ptx"
    count_notes: list        # [{file, line, text}]


def tally(fn, files, source_lines, counters, ptx_counters, sass_only, actions, plan, lazy, uncertain,
          replayed, vprintf_calls, more_notes=None, kernel_file=None, decided=frozenset()) -> Tally:
    """Sum the per-pc counters of a launch per line and in total (see ``Tally``); ``decided``: the lines
    the SASS check left to the PTX that a replay of the SASS's control flow decided
    (sass_replay.apply_copies: counted as the SASS runs, their note the replay's)."""
    metrics = dict.fromkeys(METRIC_KEYS, 0)
    ptx_metrics = dict.fromkeys(METRIC_KEYS, 0)
    lines: dict = {}
    ptx_lines: dict = {}
    for pc, c in counters.items():
        ins = fn.instrs[pc]
        key = (files.get(ins.file, "<ptx>"), ins.line)
        d = lines.setdefault(key, dict.fromkeys(METRIC_KEYS, 0))
        pd = ptx_lines.setdefault(key, dict.fromkeys(METRIC_KEYS, 0))
        pc_ptx = ptx_counters.get(pc, {})
        delta = sass_only.get(pc, {})
        for k, v in c.items():
            metrics[k] += v
            d[k] += v
            pv = pc_ptx.get(k, v - delta.get(k, 0))
            ptx_metrics[k] += pv
            pd[k] += pv
    for k, parts in SEEN_TOTALS.items():      # as the technique sees them (metrics.SEEN_KEYS)
        metrics[k] = sum(metrics[p] for p in parts)
        ptx_metrics[k] = sum(ptx_metrics[p] for p in parts)
    ifc = lazy.plan if lazy is not None else None      # read only if some warp needed it
    count_notes = _count_notes(ifc, lines, uncertain, replayed)
    if more_notes is not None:                 # e.g. ptxas's FMA contraction (emu/contraction.py)
        count_notes = count_notes + more_notes(lines)
    ifc_why = {(n["file"], n["line"]): n["text"] for n in count_notes}
    for pc, n_calls in vprintf_calls.items():  # the driver's code: counted by a measured rule
        ins = fn.instrs[pc]
        where = (files.get(ins.file, "<ptx>"), ins.line)
        ifc_why[where] = msg("counts.sep").join(w for w in (ifc_why.get(where), vprintf_cost.note(n_calls)) if w)
    mode = "sass" if plan is not None and plan.mode == "sass" and (ifc is None or ("", 0) not in ifc.notes) \
        else "ptx"
    undecided = _undecided_lines(ifc, plan, uncertain, replayed, count_notes, decided) if mode == "sass" else set()
    undecided_keys = _undecided_keys(count_notes) if mode == "sass" else {}
    per_line = []
    for (f, l), v in sorted(lines.items(), key=lambda kv: kv[0][1]):
        row = {"file": f, "line": l, "source": line_text(f, l, kernel_file, source_lines).strip(), **v}
        if mode == "sass":      # counts="sass": how, and the PTX count where it differs
            row["counted"] = "sass" if (f, l) in decided else plan.lines.get((f, l), "sass")
            if (f, l) in undecided:
                row["undecided"] = True
            elif (f, l) in undecided_keys:         # undecided for these totals only (the rest decided)
                row["undecided_keys"] = sorted(undecided_keys[(f, l)])
            pv = ptx_lines[(f, l)]
            if pv != v:
                row["ptx"] = {k: pv[k] for k in METRIC_KEYS if pv[k] != v[k]}
            why = msg("counts.sep").join(w for w in (plan.notes.get((f, l)) if (f, l) not in decided else None,
                                                     ifc_why.get((f, l))) if w)
            if why:
                row["why"] = why
        per_line.append(row)
    per_pc = {pc: dict(c) for pc, c in counters.items()}
    for pc, a in actions.items():            # the width of the access ptxas merged this pc's group into
        if a[0] == "wide" and pc in per_pc:
            per_pc[pc]["sass_bytes"] = a[1]
    return Tally(metrics, ptx_metrics, per_line, per_pc, mode, count_notes)


def _undecided_lines(ifc, plan, uncertain, replayed, count_notes, decided=frozenset()) -> set:
    """The lines whose requests follow the PTX because what ptxas made of them could not be read (emu/counters/
    undecided.py): the SASS check found another mix (sass_model), ptxas predicated more than a modelled branch
    explains or a warp skipped an undecided access (ifconvert), a replay gave up or disagreed (sass_replay),
    remainder copies of another shape (remainder_loop); not the check's lines a replay decided (``decided``)."""
    out = {w for w, how in plan.lines.items() if how == "ptx" and w not in decided}
    replayed = replayed or {}
    if ifc is not None:
        # "more predicated than a modelled branch explains" is what a replay decides: a line it counted (a
        # note that is no Undecided) is decided, whether or not this launch's warps had read the plan
        out |= {w for w, t in ifc.notes.items() if isinstance(t, Undecided)
                and (w not in replayed or isinstance(replayed[w], Undecided))}
        # a predicated access some warp skipped: what the SASS does there is what a replay of its copies decides
        # (each copy run counted, those with every lane off too: sass_replay.apply_copies)
        out |= {ifc.uncertain[pc] for pc in uncertain} - set(decided)
    out |= {w for w, t in replayed.items() if isinstance(t, Undecided)}
    out |= {(n["file"], n["line"]) for n in count_notes if n.get("undecided") and not n.get("keys")}
    return out


def _undecided_keys(count_notes) -> dict:
    """(file, line) -> the totals a note leaves undecided on that line alone (a note with ``keys``: e.g. a
    generic load mixing windows, counters/generic_mix.py), where the line's other totals stay decided."""
    out: dict = {}
    for n in count_notes:
        if n.get("undecided") and n.get("keys"):
            out.setdefault((n["file"], n["line"]), set()).update(n["keys"])
    return out


def _count_notes(ifc, lines, uncertain, replayed=None) -> list:
    """The if-conversion plan's notes on the lines this launch counted something on (and the
    plan-wide one), and on the undecided accesses a warp of this launch skipped (emu/counters/ifconvert.py);
    ``replayed``: the notes of loop lines emu/counters/sass_replay.py replayed (or could not), which win."""
    notes = {k: t for k, t in ifc.notes.items() if k[1] == 0 or k in lines} if ifc is not None else {}
    for pc in uncertain:
        where = ifc.uncertain[pc]
        notes[where] = ifc.uncertain_notes[where]
    notes.update({k: t for k, t in (replayed or {}).items() if k in lines})
    return [{"file": f, "line": l, "text": t} for (f, l), t in sorted(notes.items(), key=lambda kv: kv[0][1])]
