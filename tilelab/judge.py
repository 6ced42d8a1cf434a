"""The grading judge: ``python -I -m tilelab.judge SPEC.json`` prints one JSON verdict.

grading/preprocessors/judge.py runs it in a fresh, isolated process (DESIGN §6, §7), so nothing a
learner's notebook did to its own kernel can reach it; ``tl.selfcheck`` runs the same class in
the learner's notebook, so the learner sees the same parts before submitting. The spec carries
the learner's ``%%cuda`` source, one rubric check (tilelab/rubric/<assignment>.toml: its problem
and parts) and the sizes drawn for this submission (tilelab/rubric/draw.py). The verdict is
``{"score", "max", "lines": [...], "parts": [...]}``; the lines are what the learner reads in
the feedback, so they say what was checked and never how.

Parts (see tilelab/rubric): ``correct`` (every size and seed, the drawn sizes too; a fired
``assert`` fails it), ``clean`` (no sanitizer finding, and a second run with other %smid,
%warpid and clock values plus the uninitialised-register pass changes nothing), ``metric_ratio``
(an emulator count against a reference kernel's at the part's size and the drawn ones, values
checked at each, plus the part's technique checks: tilelab/technique.py), ``speedup`` (GPU time
ratio against a reference kernel in this process; on the emulator the part's ``emu`` criterion
stands in, and the line says so), ``shared_bytes`` (static shared memory per block against a
reference kernel's, plus technique checks). Technique and speed parts are earned only when the
parts they require are.
``per_request`` (an emulator count per request of a kind, e.g. wavefronts per ``ldmatrix``, at
the part's size and the drawn ones, values checked at each).
"""
from __future__ import annotations

import json
import os
import re
import sys
import time
from dataclasses import dataclass

import numpy as np

from tilelab import messages
from tilelab.backend import backend as detect
from tilelab.banks import static_shared_bytes
from tilelab.bench import gpu_times
from tilelab.emu import SEEN_TOTALS, Finding, check_counts, linked, parsed, sass_unread, special_register_reads as reads
from tilelab.judge_spec import JudgeSpec
from tilelab.magic import pick_kernel
from tilelab.messages import msg  # the verdict's words, in the submission's language (TILELAB_LANG)
from tilelab.pipeline import Overlap
from tilelab.problems import get_problem
from tilelab.technique import CHECKS, seen
from tilelab.toolchain import DEFAULT_ARCH, available_nvrtc, compile_cuda, find_nvrtc
from tilelab.trial import trial

OK, NO, SKIP = "✓", "✗", "·"
_INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]*)[>"]', re.M)


def _fmt(x) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


_ANY_INCLUDE = re.compile(r'^\s*#\s*include(?:_next)?\b(.*)$', re.M)


def forbidden_include(source: str):
    """Graded cells may not include local files (DESIGN §6): only a literal ``<header>``.

    This is a first line of defence only: NVRTC opens whatever path an ``#include`` names, so
    the grading sandbox's file system is what really keeps repository files out of reach."""
    joined = re.sub(r"\\\r?\n", "", source)            # the preprocessor splices lines first
    for m in _ANY_INCLUDE.finditer(joined):
        target = m.group(1).strip()
        lit = _INCLUDE.match(m.group(0))
        if lit is None or not target.startswith("<"):     # "local.h", or a macro that computes a path
            return m.group(0).strip()
        quote, path = lit.groups()
        if quote == '"' or path.startswith("/") or ".." in path:
            return m.group(0).strip()
    return None


ASSERT_KINDS = ("assert", "assertion", "assert_failed", "assertfail", "trap")


def _is_assert(f) -> bool:
    k = (_kind(f) or "").lower()
    return any(a in k for a in ASSERT_KINDS)


# Findings that make values luck (issue 20): what a race, an uninitialised read or a copy read
# before it landed produced is not a result, whatever it came to here; they cost `correct`. A TMA
# copy read before its mbarrier said it landed, and a barrier that never completes (the GPU would
# hang), are the same (emu/tma.py); so are wgmma accumulators read before wgmma.wait_group (emu/wgmma.py).
LUCK = ("race", "uninitialized_read", "uninitialized_register", "cp_async_before_wait", "tma_before_wait",
        "mbarrier_hang", "wgmma_before_wait", "gpu_dependent_output")


# which words name each kind's cause (messages judge.luck_why_<word>)
_LUCK_WHY = {"race": "race", "uninitialized_read": "uninitialized", "uninitialized_register": "uninitialized",
             "gpu_dependent_output": "gpu_dependent", "cp_async_before_wait": "cp_async_before_wait",
             "tma_before_wait": "tma_before_wait", "mbarrier_hang": "mbarrier_hang",
             "wgmma_before_wait": "wgmma_before_wait"}


@dataclass
class Record:
    """One launch of a kernel at one size: its values against the reference, findings and counts."""
    size: object
    seed: int
    comps: list
    findings: list
    metrics: dict | None
    per_pc: dict
    outputs: dict
    blocks: tuple | None = None          # the sampled blocks, or None: the whole launch
    overlap: object = None               # tilelab.pipeline.Overlap when watched

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.comps)


@dataclass(frozen=True)
class Probe:
    """Where a part looks: a size, and the sampled blocks of a launch too large to run whole."""
    size: object
    blocks: tuple | None = None
    drawn: bool = False
    derived: object = None               # a square made from this drawn size (``_sizes(square=True)``)


def kernel_counts(res) -> tuple[dict | None, dict]:
    """(metrics, per_pc) of a launch without what the driver's vprintf adds (emu/counters/vprintf_cost.py):
    a debugging printf left in a kernel is the driver's memory traffic, not the learner's, and
    grades judge the learner's accesses."""
    driver = getattr(res, "driver_per_pc", None) or {}
    per_pc = {pc: dict(c) for pc, c in (res.per_pc or {}).items()}
    metrics = dict(res.metrics) if res.metrics is not None else None
    for pc, d in driver.items():
        for k, v in d.items():
            if pc in per_pc and k in per_pc[pc]:
                per_pc[pc][k] -= v
            if metrics is not None and k in metrics:
                metrics[k] -= v
    if metrics is not None and driver:         # the totals as the technique sees them, from what is left
        for k, parts in SEEN_TOTALS.items():
            if k in metrics:
                metrics[k] = sum(metrics.get(p, 0) for p in parts)
    return metrics, per_pc


class Judge:
    """Runs one check's parts in order and keeps score."""

    def __init__(self, spec, engine=None):
        self.spec = spec = JudgeSpec.from_json(spec)
        self.engine = engine or Engine(spec.backend or None, spec.step_budget,
                                       spec.counting.get("counts") or "sass")   # the counting mode is pinned per spec
        if spec.counting:             # the rubric's pins (tilelab/rubric/_counting.toml): mode, SM, NVRTC
            self.engine.pin(spec.counting)
        self.lines: list[str] = []
        self.parts: list[dict] = []
        self.earned: set[str] = set()
        self.findings: list = []
        self.kernel = None
        self.refs: dict = {}
        self.records: dict = {}
        self.wrong_record = None          # the launch a correctness part failed on (tl.selfcheck draws it)
        self.margins: list = []           # every threshold compared: what the rubric sweep records
        drawn = spec.drawn
        self.drawn_emu = list(drawn.emu)
        self.drawn_gpu = list(drawn.gpu)
        self.drawn_how = drawn.how
        self.large = [Probe(s, tuple(b), True) for s, b in zip(drawn.large, drawn.blocks)]

    def say(self, mark, name, earned, points, text):
        first, *rest = str(text).splitlines() or [""]
        self.lines.append(f"{mark} {name} ({_fmt(float(earned))}/{_fmt(float(points))}): {first}")
        self.lines += ["    " + line for line in rest]

    def run(self) -> dict:
        spec = self.spec
        total = float(sum(p["points"] for p in spec.parts))
        self.lines += list(spec.notes)
        try:
            self.lines.append(self.engine.counting_line())
        except Exception as e:  # a pin this machine cannot honour: nobody's counts would mean anything
            self.lines.append(f"{NO} " + msg("judge.counting_bad_pins", why=_message(e)))
            return self.verdict(total)
        bad = forbidden_include(spec.source)
        if bad:
            self.lines.append(f"{NO} " + msg("judge.no_local_includes", bad=bad))
            return self.verdict(total)
        try:
            self.kernel = self.engine.compile(spec.source, spec.kernel, spec.filename, spec.first_line)
        except Exception as e:  # CompileError renders as the NVRTC log on the learner's lines
            self.lines.append(f"{NO} " + msg("judge.no_compile"))
            self.lines += ["  " + line for line in str(e).splitlines()]
            return self.verdict(total)
        missing = self.engine.without_sass(self.kernel)
        if missing:
            self.lines.append(f"{SKIP} " + msg("judge.counts_note", why=missing))
        if self.drawn_emu or self.drawn_gpu or self.large:
            prob = self.engine.problem(spec.problem)
            shown = self.drawn_emu + (self.drawn_gpu if self.gpu else []) + [p.size for p in self.large]
            sizes = ", ".join(prob.label(s) for s in shown)
            self.lines.append(f"{SKIP} " + msg("judge.sizes", sizes=sizes, how=self.drawn_how or msg("judge.drawn")))
        for part in spec.parts:
            name, points = part["name"], float(part["points"])
            missing = [r for r in part.get("requires", []) if r not in self.earned]
            if missing:
                self.say(SKIP, name, 0, points, msg("judge.needs_first", parts=msg("judge.and").join(missing)))
                self.parts.append({"name": name, "points": points, "earned": 0.0})
                continue
            t0 = time.monotonic()
            try:
                ok, text = getattr(self, "part_" + part["kind"])(part)
            except Exception as e:  # a crash in the learner's kernel is a failed part, with its message
                ok, text = False, str(e).strip() or type(e).__name__
            earned = points if ok else 0.0
            if ok:
                self.earned.add(name)
            self.say(OK if ok else NO, name, earned, points, text)
            self.parts.append({"name": name, "points": points, "earned": earned, "kind": part["kind"],
                               "text": text, "seconds": round(time.monotonic() - t0, 3)})
        return self.verdict(total)

    def _counting(self) -> dict:
        try:
            return self.engine.counting_used()
        except Exception:
            return dict(self.engine.counting)

    @property
    def gpu(self) -> bool:
        return self.engine.backend == "gpu"

    def verdict(self, total):
        score = float(sum(p["earned"] for p in self.parts))
        return {"score": score, "max": total, "lines": self.lines, "parts": self.parts,
                "backend": self.engine.backend, "counting": self._counting(),
                "drawn": {"emu": self.drawn_emu, "gpu": self.drawn_gpu, "how": self.drawn_how,
                          "large": [p.size for p in self.large], "blocks": [list(p.blocks) for p in self.large],
                          "timed": dict(self.spec.drawn.timed)}}

    # ----------------------------------------------------------------- records
    def record(self, label, size, seed=0, *, backend="emu", variant=0, uninit=False, blocks=None,
               watch=False) -> Record:
        """One launch of the learner's kernel (label "yours") or a reference, cached."""
        prob = self.engine.problem(self.spec.problem)
        size = prob.size(size)
        blocks = tuple(blocks) if blocks is not None else None
        if (not watch and backend == "emu" and not variant and not uninit and seed == 0
                and any(p["kind"] == "pipeline" for p in self.spec.parts)):
            # a check with a pipeline part watches its emulator runs from the first: the pipeline
            # part then reuses the runs `correct` made instead of running them again (the watch
            # only observes; the values and counts are the same)
            watch = True
        key = (label, size, seed, backend, variant, uninit, blocks, watch)
        if key not in self.records:
            kernel, block = (self.kernel, self.spec.block) if label == "yours" else \
                (self.reference(label), self._ref_block(label))
            shared = self.spec.shared if label == "yours" else self.spec.references[label].shared
            maps = None if label == "yours" else self.spec.references[label].maps
            self.records[key] = self.engine.record(kernel, self.spec.problem, size, seed, backend=backend,
                                                   block=block, shared=shared, variant=variant, uninit=uninit,
                                                   blocks=blocks, watch=watch, maps=maps,
                                                   budget_scale=self._budget_scale(size) if blocks else 1)
        return self.records[key]

    def _budget_scale(self, size) -> int:
        """A large launch's threads run longer loops than the published sizes' (the step budget is
        set for those): its steps allowed grow with the largest dimension."""
        prob = self.engine.problem(self.spec.problem)
        correct = next((p for p in self.spec.parts if p["kind"] == "correct"), {})
        sizes = correct.get("sizes", [])
        sizes = (sizes.get("emu") or []) if isinstance(sizes, dict) else sizes
        biggest = max((_largest(prob.size(s)) for s in sizes), default=1)
        return max(1, -(-_largest(size) // max(1, biggest)))

    def _at(self, probe: Probe, bare: bool = False) -> str:
        """'at N=834 (2 sampled blocks of the launch) (a size drawn ...)'; ``bare``: without 'at'."""
        prob = self.engine.problem(self.spec.problem)
        head = prob.label(probe.size) if bare else msg("judge.at", size=prob.label(probe.size))
        if probe.blocks is not None:
            head += msg("judge.sampled_blocks", n=len(probe.blocks))
        if probe.derived is not None:         # a square made from a drawn size: say which
            drawn = prob.label(probe.derived)
            return head + (msg("judge.derived_from", drawn=drawn) if bare else msg("judge.a_derived_size", drawn=drawn))
        return head + (msg("judge.a_drawn_size") if probe.drawn else "")

    def _margin(self, part, probe, what, value, limit, low=False):
        """Note one threshold comparison: its relative margin is > 0 where the kernel passes with room,
        0 at the threshold, < 0 where it fails (tilelab/rubric/sweep.py records the smallest)."""
        m = (value - limit if low else limit - value) / abs(limit) if limit else (0.0 if value == limit else -1.0)
        self.margins.append({"part": part.get("name"), "size": probe.size, "blocks": probe.blocks, "what": what,
                             "value": float(value), "limit": float(limit), "margin": float(m)})

    def _wrong(self, rec: Record, where: str = "") -> str:
        self.wrong_record = self.wrong_record or rec
        prob = self.engine.problem(self.spec.problem)
        size = prob.label(rec.size) + (msg("judge.sampled_blocks", n=len(rec.blocks)) if rec.blocks else "")
        lines = [msg("judge.wrong_for", size=size, seed=rec.seed, where=where)]
        for c in rec.comps:
            lines += ["  " + ln for ln in c.describe()]
        return "\n".join(lines)

    # ----------------------------------------------------------------- parts
    def part_correct(self, part):
        prob = self.engine.problem(self.spec.problem)
        sizes = part.get("sizes", [])
        if isinstance(sizes, dict):  # per backend: {emu = [...], gpu = [...]}
            sizes = sizes.get(self.engine.backend) or sizes["emu"]
        sizes = [prob.size(s) for s in sizes]
        drawn = self.drawn_emu + (self.drawn_gpu if self.gpu else [])
        if self.gpu:                 # the drawn timing sizes are checked too
            drawn += list(self.spec.drawn.timed.values())
        sizes += [prob.size(s) for s in drawn if prob.size(s) not in sizes]
        seeds = part.get("seeds", [0])
        # every seed at the small sizes; the big ones (slow on the emulator) with the first seed only
        big = part.get("single_seed_from")
        runs = [(size, seed, None) for size in sizes
                for seed in (seeds[:1] if big is not None and _largest(size) >= big else seeds)]
        runs += [(p.size, seeds[0], p.blocks) for p in self.large]        # the sampled blocks of a large launch
        self.findings = []
        for size, seed, blocks in runs:
            rec = self.record("yours", size, seed, backend="emu" if blocks else self.engine.backend, blocks=blocks)
            self.findings += rec.findings
            fired = [f for f in rec.findings if _is_assert(f)]
            if fired:
                return False, msg("judge.assert_fired") + "\n" + \
                    "\n".join("  " + ln for ln in str(fired[0]).splitlines())
            if not rec.ok:   # what the sanitizer saw in that run explains the values: shown with them
                found = _findings_lines(rec.findings)
                return False, self._wrong(rec) + ("\n" + "\n".join(found) if found else "")
            luck = self._luck(rec.findings)
            if luck:
                return False, luck
        # values that only come out right in lockstep, or from registers that start at zero, are luck
        luck = self._luck(self._gpu_like_pass(part))
        if luck:
            return False, luck
        some = msg("judge.at_the_smaller_ones" if len(runs) < len(sizes) * len(seeds) + len(self.large)
                   else "judge.each")
        shown = [_label(s) for s in sizes] + [_label(p.size) + msg("judge.sampled_blocks", n=len(p.blocks))
                                              for p in self.large]
        return True, msg("judge.right_on_sizes", sizes=", ".join(shown), seeds=len(seeds), some=some)

    def _luck(self, findings) -> str | None:
        """The feedback for values that depend on a race or an uninitialised value, or None."""
        bad, seen = [], set()
        for f in findings:
            key = (_kind(f), getattr(f, "file", None), getattr(f, "line", None))
            if _kind(f) in LUCK and key not in seen:
                seen.add(key)
                bad.append(f)
        if not bad:
            return None
        why = []                      # the causes, in the learner's terms, in the order they were found
        for f in bad:
            k = _LUCK_WHY.get(_kind(f), "race")
            if k not in why:
                why.append(k)
        lines = [msg("judge.luck", why=msg("judge.luck_and").join(msg("judge.luck_why_" + k) for k in why))]
        for f in bad[:3]:
            lines += ["  " + line for line in str(f).splitlines()]
        if len(bad) > 3:
            lines.append("  " + msg("judge.more_places", n=len(bad) - 3))
        return "\n".join(lines)

    def part_clean(self, part):
        findings = list(self.findings) if not self.gpu else []
        if self.gpu:
            # the sanitizer runs on the emulator on every backend (DESIGN §6)
            prob = self.engine.problem(self.spec.problem)
            for size in part.get("sizes") or prob.sanitize_sizes or prob.sizes_for("emu")[:2]:
                findings += self.record("yours", size, 0).findings
            for p in self.large:
                findings += self.record("yours", p.size, 0, blocks=p.blocks).findings
        findings += self._gpu_like_pass(part)
        lines = _findings_lines(findings, part.get("kinds"))
        if lines:
            return False, "\n".join(lines)
        return True, msg("judge.clean")

    def _gpu_like_pass(self, part) -> list:
        """Run once more with other %smid/%nsmid/%warpid/%gridid/%envreg/clock values (emu/specialregs.py)
        and the uninitialised-register pass;
        an output that changes is a finding (a right kernel's output does not depend on where or
        when its blocks ran). Cached: ``correct`` and ``clean`` share it."""
        if getattr(self, "_gpu_like", None) is not None:
            return list(self._gpu_like)
        prob = self.engine.problem(self.spec.problem)
        size = prob.size(part.get("gpu_like_size") or (self.drawn_emu or prob.sizes_for("emu"))[0])
        base = self.record("yours", size, 0)
        other = self.record("yours", size, 0, variant=1, uninit=True)
        found = [f for f in other.findings if _kind(f) == "uninitialized_register"]
        diff = [name for name in base.outputs
                if not np.array_equal(base.outputs[name], other.outputs[name], equal_nan=True)]
        if diff:
            regs = reads(parsed(self.kernel.program.ptx).entry(self.kernel.entry))
            why = msg("judge.it_reads", regs=", ".join(regs)) if regs else msg("judge.something_in_it")
            found.append(Finding(
                "gpu_dependent_output", self.spec.filename, self.kernel.line, (0, 0, 0), (0, 0, 0), None,
                msg("judge.gpu_dependent", name=diff[0], size=prob.label(size), why=why)))
        self._gpu_like = found
        return list(found)

    def _unfit_as_evidence(self, mine, head) -> str | None:
        """Why a launch of the submission cannot stand as evidence for a count (wrong values or a finding), or None:
        a count of a wrong or unclean launch proves nothing."""
        if not mine.ok:
            return msg("judge.values_wrong_at", head=head) + "\n" + self._wrong(mine).split("\n", 1)[-1]
        if mine.findings:
            return msg("judge.not_clean_at", head=head) + "\n" + \
                "\n".join("  " + ln for ln in str(mine.findings[0]).splitlines())
        return None

    def _measure(self, part, probes, metric, reference, limit, techniques, what, low=None):
        """The count criterion of a part at every probe: (ok, text). The values must be right and
        the launch clean there (a count of a wrong or unclean launch is no evidence)."""
        shown = None
        for probe in probes:
            size = probe.size
            mine = self.record("yours", size, blocks=probe.blocks)
            head = self._at(probe)
            bad = self._unfit_as_evidence(mine, head)
            if bad:
                return False, bad
            texts, ok = [], True
            judged = []                                 # the techniques' verdicts at this probe
            for t in techniques:
                tref_label = t.get("reference", reference)
                tref = self.record(tref_label, size, blocks=probe.blocks)
                good, text = CHECKS[t["name"]](mine, tref, {**t, "kernel": self.kernel, "reference": tref_label})
                judged.append((t["name"], good, text))
            if metric:
                ref = self.record(reference, size, blocks=probe.blocks)
                # as the technique sees them: atomics that read (write) count with the loads (stores)
                a, b = seen(mine.metrics, metric), seen(ref.metrics, metric)
                if a == 0 and b > 0:       # none of the accesses counted (e.g. WMMA straight from global
                    failed = [text for _, good, text in judged if not good]   # memory): no evidence;
                    return False, head + ":\n  " + ("\n  ".join(failed) if failed else msg(  # failed techniques say why
                        "judge.none_counted", what=_metric_name(metric), reference=reference, theirs=b, what_for=what))
                ratio = a / b if b else (0.0 if a == 0 else float("inf"))
                good = ratio <= limit and (low is None or ratio >= low)
                self._margin(part, probe, f"{metric}/{reference}", ratio, limit)
                if low is not None:
                    self._margin(part, probe, f"{metric}/{reference} (at least)", ratio, low, low=True)
                ok &= good
                want = (msg("judge.at_most", limit=f"{limit:g}") if low is None else
                        msg("judge.exactly_as_many") if low == limit == 1 else
                        msg("judge.between", low=f"{low:g}", limit=f"{limit:g}"))
                texts.append(msg("judge.against", metric=_metric_name(metric), a=a, b=b, reference=reference,
                                 ratio=ratio, want=want, what=what)
                             + (msg("judge.atomics_counted") if a != mine.metrics[metric] else ""))
            for name, good, text in judged:
                self._margin(part, probe, name, 1.0 if good else 0.0, 0.5, low=True)
                ok &= good
                texts.append(text)
            if not ok:
                return False, head + ":\n" + "\n".join("  " + t for t in texts)
            if shown is None:
                shown = head + ":\n" + "\n".join("  " + t for t in texts)
        rest = [self._at(p, bare=True) for p in probes[1:]]
        return True, shown + ("\n  " + msg("judge.same_holds", sizes=", ".join(rest)) if rest else "")

    def _sizes(self, N, square=False, large=True) -> list:
        """Probes: N, then the drawn sizes (``square``: each drawn size's first dimension, in every
        dimension, for a count that only compares like with like on square shapes), then the
        sampled blocks of the large drawn sizes."""
        prob = self.engine.problem(self.spec.problem)
        only = getattr(self, "only", None)
        if only is not None:                            # the rubric sweep: one drawn size alone
            if not square:
                return [only]
            # as graded: a drawn size counts as its square; a large launch is not counted here
            return [Probe(prob.size(N))] if only.blocks else [Probe(prob.size(_largest(only.size)), None, True)]
        out = [Probe(prob.size(N))]
        for s in self.drawn_emu:
            size = prob.size(_largest(s) if square else s)
            p = Probe(size, None, True, prob.size(s) if size != prob.size(s) else None)
            if p.size not in [q.size for q in out]:
                out.append(p)
        if large:
            for p in self.large:
                if square:
                    continue          # a sampled block of a non-square launch is not a square one
                out.append(p)
        return out

    def part_metric_ratio(self, part):
        return self._measure(part, self._sizes(part["N"]), part["metric"], part["reference"], part["max_ratio"],
                             part.get("techniques", []), msg("judge.the_points"), low=part.get("min_ratio"))

    # ------------------------------------------------- a count per request
    # Added for lesson 06: "4 wavefronts per ldmatrix.x4" and "4 per 16-byte cp.async" are
    # facts about the kernel alone. A kernel with none of the requests (fragments loaded with
    # scalar shared loads, say) does not earn the part.
    def part_per_request(self, part):
        metric, per, limit = part["metric"], part["per"], part["max"]
        what = per.replace("_", " ").replace(" requests", "")
        shown = None
        probes = self._sizes(part["N"])
        for probe in probes:
            mine = self.record("yours", probe.size, blocks=probe.blocks)
            head = self._at(probe)
            bad = self._unfit_as_evidence(mine, head)
            if bad:
                return False, bad
            m = mine.metrics
            if not m.get(per):
                return False, msg("judge.no_requests", head=head, what=what, limit=f"{limit:g}",
                                  metric=_metric_name(metric))
            value = m[metric] / m[per]
            self._margin(part, probe, f"{metric} per {per}", value, limit)
            text = msg("judge.per_request", metric=_metric_name(metric), what=what, value=value, a=m[metric],
                       b=m[per], limit=f"{limit:g}")
            if value > limit:
                return False, head + ":\n  " + text
            shown = shown or f"{head}:\n  {text}"
        rest = [self._at(p, bare=True) for p in probes[1:]]
        return True, shown + ("\n  " + msg("judge.same_holds", sizes=", ".join(rest)) if rest else "")

    # ------------------------------------------------- the pipeline itself (lesson 06)
    def part_pipeline(self, part):
        """In the steady state the copies of a later stage are in flight (issued, committed, not
        waited for) while the Tensor Core instructions of the current stage run: the share of
        ``mma`` warp executions that overlap a committed cp.async group of their warp, at least
        ``min_ratio`` of the reference pipeline's share at the same size (tilelab/pipeline.py).
        With ``copies = "tma_requests"`` (lesson 07): ``wgmma`` executions while a TMA load of
        their block is in flight, and as many TMA copies as the reference."""
        ref_label, need = part["reference"], float(part.get("min_ratio", 0.5))
        # the copies that feed the Tensor Cores: cp.async (lesson 06), or the TMA's (lesson 07: wgmma)
        counted = part.get("copies", "cp_async_requests")
        key = "judge.pipeline_tma" if counted == "tma_requests" else "judge.pipeline"
        shown, skipped = None, []
        probes = self._sizes(part["N"], large=part.get("large", True))
        for probe in probes:
            mine = self.record("yours", probe.size, blocks=probe.blocks, watch=True)
            head = self._at(probe)
            bad = self._unfit_as_evidence(mine, head)
            if bad:
                return False, bad
            ref = self.record(ref_label, probe.size, blocks=probe.blocks, watch=True)
            a, b = mine.overlap, ref.overlap
            if b.mma == 0 or b.share == 0:     # no steady state here (one K tile): no evidence either way
                skipped.append(probe)
                continue
            copies, ref_copies = mine.metrics.get(counted, 0), ref.metrics.get(counted, 0)
            ok = a.mma > 0 and a.share >= need * b.share and copies >= ref_copies
            self._margin(part, probe, "mma overlapped share", a.share, need * b.share, low=True)
            text = msg(key, a=a.overlapped, n=a.mma, share=a.share, b=b.overlapped, m=b.mma,
                       ref_share=b.share, reference=ref_label, need=f"{need:g}", copies=copies,
                       ref_copies=ref_copies)
            if not ok:
                return False, head + ":\n  " + text
            shown = shown or f"{head}:\n  {text}"
        if shown is None:                      # the published size always has a steady state
            return False, msg(key, a=0, n=0, share=0.0, b=0, m=0, ref_share=0.0, reference=ref_label,
                              need=f"{need:g}", copies=0, ref_copies=0)
        rest = [self._at(p, bare=True) for p in probes[1:] if p not in skipped]
        return True, shown + ("\n  " + msg("judge.same_holds", sizes=", ".join(rest)) if rest else "")

    def part_speedup(self, part):
        ref = part["reference"]
        if self.gpu:
            N = self.spec.drawn.timed.get(part["name"], part["N"])     # the timed size is drawn too
            need = part["min_speedup"]
            times = self.engine.time({"yours": self.kernel, ref: self.reference(ref)}, self.spec.problem, N,
                                     blocks={"yours": self.spec.block, ref: self._ref_block(ref)},
                                     shared={"yours": int(self.spec.shared or 0),
                                             ref: int(self.spec.references[ref].shared or 0)},
                                     baseline=ref, maps={ref: self.spec.references[ref].maps})
            speedup = times[ref] / times["yours"]
            return speedup >= need, msg("judge.speedup", speedup=speedup, ref=ref, N=_label(N),
                                        mine=times["yours"] * 1e3, theirs=times[ref] * 1e3, need=f"{need:g}")
        emu = part["emu"]
        if emu.get("pipeline"):        # lesson 06: the pipeline itself stands in for its speed
            ok, text = self.part_pipeline({**emu, "reference": emu.get("reference", ref)})
            return ok, msg("judge.emu_counts") + text
        ok, text = self._measure(part, self._sizes(emu["N"], emu.get("drawn") == "square"), emu["metric"],
                                 emu.get("reference", ref),
                                 emu["max_ratio"], emu.get("techniques", []), msg("judge.the_points"))
        return ok, msg("judge.emu_counts") + text

    def part_shared_bytes(self, part):
        ref = part["reference"]
        mine = self.engine.shared_bytes(self.kernel) + int(self.spec.shared or 0)
        theirs = self.engine.shared_bytes(self.reference(ref))
        limit = float(part.get("max_ratio", 1.0)) * theirs
        text = msg("judge.shared_bytes", mine=mine, theirs=theirs, ref=ref, limit=limit)
        if mine > limit:
            return False, text
        if part.get("techniques"):
            ok, more = self._measure(part, self._sizes(part["N"]), None, ref, None, part["techniques"],
                                     msg("judge.the_points"))
            return ok, text + "\n" + more
        return True, text

    # ------------------------------------------------------------- references
    def reference(self, label):
        if label not in self.refs:
            r = self.spec.references[label]
            self.refs[label] = self.engine.compile(r.source, r.kernel, r.filename, 1)
        return self.refs[label]

    def _ref_block(self, label):
        return self.spec.references[label].block or self.spec.block


def _metric_name(metric: str) -> str:
    """global_ld_sectors -> 'global load sectors' (judge.metric_<name> in the learner's language)."""
    key = "judge.metric_" + metric
    if key in messages.catalog(messages.SOURCE):
        return msg(key)
    return metric.replace("_ld_", " load ").replace("_st_", " store ").replace("_", " ")


def _size(s):
    return tuple(s) if isinstance(s, list) else s


def _largest(size) -> int:
    return max(size) if isinstance(size, (list, tuple)) else int(size)


def _label(size) -> str:
    return "×".join(map(str, size)) if isinstance(size, (list, tuple)) else str(size)


def _kind(finding):
    return getattr(finding, "kind", None) or (finding.get("kind") if isinstance(finding, dict) else None)


def _message(e: BaseException) -> str:
    text = str(e).strip() or type(e).__name__
    lines = text.splitlines()
    return lines[0] + ("" if len(lines) == 1 else " " + " ".join(l.strip() for l in lines[1:4]))


class Engine:
    """The judge's view of the engine (docs/DESIGN.md §6): compile, one recorded launch, timing.

    A record is one launch on fresh random inputs and NaN-filled outputs (tilelab.check's
    method), with its comparisons, findings, counts per instruction and the outputs themselves
    (the GPU-like pass compares two runs' outputs).
    """

    def __init__(self, backend=None, step_budget=None, counts="sass"):
        self.backend = backend or detect()
        # a kernel that never ends fails its part within seconds, not at the interactive default
        self.step_budget = int(step_budget) if step_budget else None
        # how the emulator counts memory requests: "sass" (as ptxas made them) or "ptx"
        # (emu/counters/sass_model.py, emu/counters/ifconvert.py), and the SM whose SASS "sass" reads; pin() sets
        # them, and the NVRTC version, from the rubric's pins
        self.counts, self.arch = counts, DEFAULT_ARCH
        self.counting: dict = {}
        self._nvrtc = None

    # ----------------------------------------------------------- pinned counting
    # Grades stay reproducible (issue 13): the rubric pins the counting mode, the SM whose SASS
    # it reads and the NVRTC version (tilelab/rubric/_counting.toml); the judge uses them and
    # prints them. Without pins (an old spec), the emulator's defaults and the lowest NVRTC.
    def pin(self, counting: dict):
        if counting:
            self.counting = dict(counting)
            self.counts = counting.get("counts", self.counts)
            self.arch = counting.get("arch", self.arch)
            self._nvrtc = None

    def nvrtc(self):
        """The NVRTC the judge compiles with: the pinned major when this machine has it."""
        if self._nvrtc is None:
            want = self.counting.get("nvrtc")
            major = int(str(want).split(".")[0]) if want else None
            self._nvrtc = find_nvrtc(major if major in available_nvrtc() else None)
        return self._nvrtc

    def counting_used(self) -> dict:
        nv = self.nvrtc()
        return {"counts": check_counts(self.counts), "arch": self.arch,
                "nvrtc": f"{nv.version[0]}.{nv.version[1]}", "nvrtc_pinned": self.counting.get("nvrtc")}

    def without_sass(self, kernel) -> str | None:
        """Why the "sass" mode cannot read this kernel's SASS here (then it counts as the PTX
        runs, and the feedback must say so), or None."""
        if self.counting_used()["counts"] != "sass":
            return None
        return sass_unread(kernel, linked(kernel.program.ptx, kernel.entry), dict(parsed(kernel.program.ptx).files),
                           self.arch)

    def counting_line(self) -> str:
        """The feedback line that says how the counts were made."""
        u = self.counting_used()
        how = msg("judge.counting_sass", arch=u["arch"]) if u["counts"] == "sass" else msg("judge.counting_ptx")
        line = f"{SKIP} " + msg("judge.counting", counts=u["counts"], how=how, nvrtc=u["nvrtc"])
        if u["nvrtc_pinned"] is None:
            return line
        if u["nvrtc_pinned"] == u["nvrtc"]:
            return line + msg("judge.counting_pinned")
        return line + msg("judge.counting_unpinned", pinned=u["nvrtc_pinned"])

    def problem(self, name):
        return get_problem(name)

    def compile(self, source, name, filename, first_line):
        return pick_kernel(compile_cuda(source, filename=filename, first_line=first_line, nvrtc=self.nvrtc()),
                           name)

    def record(self, kernel, problem, size, seed, *, backend="emu", block=None, shared=0, variant=0,
               uninit=False, blocks=None, watch=False, budget_scale=1, maps=None) -> Record:
        """One trial (tilelab/trial.py) as the judge records it; ``watch``: with what the launch's
        Tensor Core instructions overlap (tilelab/pipeline.py)."""
        prob = self.problem(problem)
        prob.check_signature(kernel)
        opts = {}
        overlap = None
        if backend == "emu":
            opts = {"variant": variant, "uninit": uninit, "counts": self.counts, "arch": self.arch}
            if self.step_budget:
                opts["step_budget"] = self.step_budget * int(budget_scale)
            if watch:
                overlap = opts["watch"] = Overlap()
        t = trial(kernel, prob, size, seed, backend=backend, block=block, shared=int(shared) if shared else None,
                  blocks=blocks, maps=maps, **opts)
        metrics, per_pc = kernel_counts(t.result)
        return Record(t.size, seed, t.comps, t.findings, metrics, per_pc, t.outputs, t.blocks, overlap)

    def shared_bytes(self, kernel) -> int:
        """Static shared memory of one block, from the kernel's PTX (tilelab.banks)."""
        return static_shared_bytes(kernel)

    def time(self, kernels: dict, problem, N, *, blocks, shared=None, baseline=None, maps=None) -> dict:
        """Median GPU seconds per label, all timed together in one worker process (DESIGN §6); every
        timed launch's outputs poisoned before it and checked after it (``bench.gpu_times``), and with
        ``baseline`` every label's values checked against that label's."""
        stats = gpu_times(kernels, problem, N, block=blocks, shared=shared, baseline=baseline, maps=maps)
        return {label: st["median_s"] for label, st in stats.items()}


def judge(spec, engine=None) -> dict:
    return Judge(spec, engine).run()


def _findings_lines(findings, kinds=None) -> list[str]:
    """The sanitizer's findings (of ``kinds``), each place once, at most three."""
    bad, seen = [], set()
    for f in findings:  # the same finding comes back from every run: show each place once
        key = (_kind(f), getattr(f, "file", None), getattr(f, "line", None))
        if (kinds is None or _kind(f) in kinds) and key not in seen:
            seen.add(key)
            bad.append(f)
    if not bad:
        return []
    lines = [msg("judge.sanitizer_found")]
    for f in bad[:3]:
        lines += ["  " + line for line in str(f).splitlines()]
    if len(bad) > 3:
        lines.append("  " + msg("judge.more_places", n=len(bad) - 3))
    return lines


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -I -m tilelab.judge SPEC.json", file=sys.stderr)
        return 2
    with open(argv[0]) as f:
        spec = json.load(f)
    # only the verdict goes to stdout: Python prints and anything written to fd 1 below Python
    # (a kernel's printf on a GPU, say) go to stderr
    sys.stdout.flush()
    verdict_fd = os.dup(1)
    os.dup2(2, 1)
    out, sys.stdout = sys.stdout, sys.stderr
    # on a GPU every graded launch loads the module afresh (tilelab/gpu/device.py), so no
    # __device__ state carries from one launch to the next; set before the GPU worker starts
    os.environ["TILELAB_FRESH_MODULE"] = "1"
    try:
        verdict = judge(spec)
    except BaseException as e:  # noqa: BLE001 - the verdict must come out whatever happened
        total = float(sum(p.get("points", 0) for p in spec.get("parts", []) if isinstance(p, dict))) \
            if isinstance(spec, dict) and isinstance(spec.get("parts"), list) else 0.0
        verdict = {"score": 0.0, "max": total, "lines": [f"{NO} " + msg("judge.could_not_check", why=_message(e))]}
    finally:
        sys.stdout = out
    with os.fdopen(verdict_fd, "w") as f:
        f.write(json.dumps(verdict) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

