"""The grading judge: ``python -I -m tilelab.judge SPEC.json`` prints one JSON verdict.

grading/preprocessors.py runs it in a fresh, isolated process (DESIGN §6, §7), so nothing a
learner's notebook did to its own kernel can reach it. The spec carries the learner's
``%%cuda`` source and one rubric check (grading/rubric/<assignment>.toml): its problem and
parts. The verdict is ``{"score", "max", "lines": [...], "parts": [...]}``; the lines are
what the learner reads in the feedback, so they say what was checked and never how.

Parts (see grading/rubrics.py): ``correct`` (check() on every size and seed), ``clean``
(no sanitizer finding), ``metric_ratio`` (an emulator count against a reference kernel's),
``per_request`` (an emulator count per request of a kind, e.g. wavefronts per ldmatrix),
``speedup`` (GPU time ratio against a reference kernel in this process; on the emulator the
part's ``emu`` count criterion stands in, and the line says so), ``shared_bytes`` (static
shared memory per block against a reference kernel's). Technique and speed parts are earned
only when the parts they require are.
"""
from __future__ import annotations

import json
import re
import sys
import time

OK, NO, SKIP = "✓", "✗", "·"
_INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]*)[>"]', re.M)


def _fmt(x) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def forbidden_include(source: str):
    """Graded cells may not include local files (DESIGN §6): only ``<header>`` from the toolkit."""
    for m in _INCLUDE.finditer(source):
        quote, target = m.groups()
        if quote == '"' or target.startswith("/") or ".." in target:
            return m.group(0).strip()
    return None


class Judge:
    """Runs one check's parts in order and keeps score."""

    def __init__(self, spec: dict, engine=None):
        self.spec = spec
        self.engine = engine or Engine(spec.get("backend") or None, spec.get("step_budget"))
        self.lines: list[str] = []
        self.parts: list[dict] = []
        self.earned: set[str] = set()
        self.findings: list = []
        self.kernel = None
        self.refs: dict = {}

    def say(self, mark, name, earned, points, text):
        first, *rest = str(text).splitlines() or [""]
        self.lines.append(f"{mark} {name} ({_fmt(float(earned))}/{_fmt(float(points))}): {first}")
        self.lines += ["    " + line for line in rest]

    def run(self) -> dict:
        spec = self.spec
        total = float(sum(p["points"] for p in spec["parts"]))
        bad = forbidden_include(spec["source"])
        if bad:
            self.lines.append(f"{NO} graded cells may not include local files ({bad}): 0 points")
            return self.verdict(total)
        try:
            self.kernel = self.engine.compile(spec["source"], spec["kernel"], spec["filename"], spec["first_line"])
        except Exception as e:  # CompileError renders as the NVRTC log on the learner's lines
            self.lines.append(f"{NO} your kernel does not compile, so no part can be checked: 0 points")
            self.lines += ["  " + line for line in str(e).splitlines()]
            return self.verdict(total)
        for part in spec["parts"]:
            name, points = part["name"], float(part["points"])
            missing = [r for r in part.get("requires", []) if r not in self.earned]
            if missing:
                self.say(SKIP, name, 0, points, f"needs {' and '.join(missing)} first")
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
            self.parts.append({"name": name, "points": points, "earned": earned,
                               "seconds": round(time.monotonic() - t0, 3)})
        return self.verdict(total)

    def verdict(self, total):
        score = float(sum(p["earned"] for p in self.parts))
        return {"score": score, "max": total, "lines": self.lines, "parts": self.parts,
                "backend": self.engine.backend}

    # ----------------------------------------------------------------- parts
    def part_correct(self, part):
        sizes = part.get("sizes", [])
        if isinstance(sizes, dict):  # per backend: {emu = [...], gpu = [...]}
            sizes = sizes.get(self.engine.backend) or sizes["emu"]
        seeds = part.get("seeds", [0])
        # every seed at the small sizes; the big ones (slow on the emulator) with the first seed only
        big = part.get("single_seed_from")
        runs = [(size, seed) for size in sizes
                for seed in (seeds[:1] if big is not None and _largest(size) >= big else seeds)]
        ok, text, findings = self.engine.check(self.kernel, self.spec["problem"], runs=runs,
                                               block=self.spec.get("block"), shared=self.spec.get("shared", 0))
        self.findings = findings
        if not ok:
            return False, text
        some = "at the smaller ones" if len(runs) < len(sizes) * len(seeds) else "each"
        return True, (f"right on sizes {', '.join(_label(s) for s in sizes)}, with {len(seeds)} different "
                      f"random inputs {some}")

    def part_clean(self, part):
        findings = self.findings
        if self.engine.backend != "emu" or findings is None:
            # the sanitizer runs on the emulator on every backend (DESIGN §6)
            findings = self.engine.sanitize(self.kernel, self.spec["problem"], sizes=part.get("sizes"),
                                            block=self.spec.get("block"), shared=self.spec.get("shared", 0))
        kinds = part.get("kinds")
        bad, seen = [], set()
        for f in findings:  # the same finding comes back from every run: show each place once
            key = (_kind(f), getattr(f, "file", None), getattr(f, "line", None))
            if (kinds is None or _kind(f) in kinds) and key not in seen:
                seen.add(key)
                bad.append(f)
        if bad:
            lines = ["the emulator's sanitizer found:"]
            for f in bad[:3]:
                lines += ["  " + line for line in str(f).splitlines()]
            if len(bad) > 3:
                lines.append(f"  ... and {len(bad) - 3} more places")
            return False, "\n".join(lines)
        return True, "no race, no out-of-bounds access, no other sanitizer finding"

    def _ratio(self, metric, N, reference):
        ref = self.reference(reference)
        mine = self.engine.metrics(self.kernel, self.spec["problem"], N, block=self.spec.get("block"),
                                   shared=self.spec.get("shared", 0))[metric]
        theirs = self.engine.metrics(ref, self.spec["problem"], N, block=self._ref_block(reference))[metric]
        return mine, theirs, (mine / theirs if theirs else float("inf"))

    def part_metric_ratio(self, part):
        metric, N, ref, limit = part["metric"], part["N"], part["reference"], part["max_ratio"]
        low = part.get("min_ratio")
        mine, theirs, ratio = self._ratio(metric, N, ref)
        want = (f"at most {limit:g}×" if low is None else
                f"exactly as many" if low == limit == 1 else f"between {low:g}× and {limit:g}×")
        text = (f"{metric.replace('_', ' ')} at N={_label(N)}: {mine} against {theirs} for the {ref} kernel "
                f"({ratio:.3f}×, {want} earns the points)")
        return ratio <= limit and (low is None or ratio >= low), text

    # ------------------------------------------------- a count per request
    # Added for lesson 06: "4 wavefronts per ldmatrix.x4" and "4 per 16-byte cp.async" are
    # facts about the kernel alone. A kernel with none of the requests (fragments loaded with
    # scalar shared loads, say) does not earn the part.
    def part_per_request(self, part):
        metric, per, N, limit = part["metric"], part["per"], part["N"], part["max"]
        m = self.engine.metrics(self.kernel, self.spec["problem"], N, block=self.spec.get("block"),
                                shared=self.spec.get("shared", 0))
        what = per.replace("_", " ").replace(" requests", "")
        if not m[per]:
            return False, f"at N={_label(N)} your kernel makes no {what} requests (at most {limit:g} " \
                          f"{metric.replace('_', ' ')} per {what} request earns the points)"
        value = m[metric] / m[per]
        return value <= limit, (f"{metric.replace('_', ' ')} per {what} request at N={_label(N)}: "
                                f"{value:.2f} ({m[metric]} / {m[per]}; at most {limit:g} earns the points)")

    def part_speedup(self, part):
        ref = part["reference"]
        if self.engine.backend == "gpu":
            N, need = part["N"], part["min_speedup"]
            times = self.engine.time({"yours": self.kernel, ref: self.reference(ref)}, self.spec["problem"], N,
                                     blocks={"yours": self.spec.get("block"), ref: self._ref_block(ref)},
                                     shared={"yours": int(self.spec.get("shared") or 0),
                                             ref: int(self.spec["references"][ref].get("shared") or 0)})
            speedup = times[ref] / times["yours"]
            return speedup >= need, (f"{speedup:.2f}× the {ref} kernel at N={N} "
                                     f"({times['yours'] * 1e3:.3f} ms against {times[ref] * 1e3:.3f} ms; "
                                     f"at least {need:g}× earns the points)")
        emu = part["emu"]
        mine, theirs, ratio = self._ratio(emu["metric"], emu["N"], ref)
        ok = ratio <= emu["max_ratio"]
        return ok, (f"on the emulator nothing is timed, so these points come from the counts: "
                    f"{emu['metric'].replace('_', ' ')} at N={_label(emu['N'])} are {ratio:.3f}× the {ref} kernel's "
                    f"(at most {emu['max_ratio']:g}× earns the points)")

    # ------------------------------------------------- shared-memory footprint
    # Added for lesson 05 (swizzle): "the same shared-memory size as unpadded" is a fact about
    # the kernel's declarations, not a launch count, so it is read from the PTX.
    def part_shared_bytes(self, part):
        ref = part["reference"]
        mine = self.engine.shared_bytes(self.kernel) + int(self.spec.get("shared") or 0)
        theirs = self.engine.shared_bytes(self.reference(ref))
        limit = float(part.get("max_ratio", 1.0)) * theirs
        return mine <= limit, (f"shared memory per block: {mine:,} bytes against {theirs:,} for the {ref} "
                               f"kernel (at most {limit:,.0f} earns the points)")

    # ------------------------------------------------------------- references
    def reference(self, label):
        if label not in self.refs:
            r = self.spec["references"][label]
            self.refs[label] = self.engine.compile(r["source"], r["kernel"], r["filename"], 1)
        return self.refs[label]

    def _ref_block(self, label):
        return self.spec["references"][label].get("block") or self.spec.get("block")


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
    """The judge's view of the engine (docs/ARCHITECTURE.md): compile, check, metrics, bench.

    One (size, seed) at a time through ``tilelab.check.check``: check stops at the first
    failing run and counts a sanitizer finding as a failure, while the rubric scores right
    values (``correct``) and a clean sanitizer (``clean``) as separate parts, so a run whose
    values are right but which has findings is recorded and the loop goes on.
    """

    def __init__(self, backend=None, step_budget=None):
        from tilelab.backend import backend as detect
        self.backend = backend or detect()
        # a kernel that never ends fails its part within seconds, not at the interactive default
        self.step_budget = int(step_budget) if step_budget else None

    def compile(self, source, name, filename, first_line):
        from tilelab.compile import compile_cuda
        from tilelab.magic import pick_kernel
        return pick_kernel(compile_cuda(source, filename=filename, first_line=first_line), name)

    def run(self, kernel, problem, size, seed, *, backend=None, block=None, shared=None):
        """One checked run: (values_ok, message, findings, metrics)."""
        from tilelab.check import check
        from tilelab.errors import CheckFailed
        be = backend or self.backend
        try:
            report = check(kernel, problem, sizes=[size], seeds=[seed], backend=be, block=block,
                           shared=shared or None, quiet=True, sanitize=False, step_budget=self.step_budget)
        except CheckFailed as e:
            comps = getattr(e, "comparisons", None)
            report = getattr(e, "report", None)
            run = report.runs[-1] if report is not None and report.runs else None
            values_ok = bool(comps) and all(c.ok for c in comps)
            return values_ok, str(e), list(getattr(e, "findings", [])), (run.metrics if run else None)
        run = report.runs[-1]
        return True, "", list(run.findings), run.metrics

    def check(self, kernel, problem, *, runs, block=None, shared=0):
        """(ok, text, findings) over ``runs`` [(size, seed)]; stops at the first wrong values."""
        findings = []
        for size, seed in runs:
            ok, text, found, _ = self.run(kernel, problem, size, seed, block=block, shared=shared)
            findings += found
            if not ok:
                return False, text, findings
        return True, "", findings

    def sanitize(self, kernel, problem, *, sizes=None, block=None, shared=0):
        """Findings of the emulator's sanitizer (used when grading on a GPU)."""
        from tilelab.problems import get_problem
        prob = get_problem(problem)
        sizes = sizes or prob.sanitize_sizes or prob.sizes_for("emu")[:2]
        findings = []
        for size in sizes:
            findings += self.run(kernel, problem, size, 0, backend="emu", block=block, shared=shared)[2]
        return findings

    def metrics(self, kernel, problem, N, *, block=None, shared=0) -> dict:
        """Emulator metrics (DESIGN §2 keys) of one launch at size N."""
        ok, text, _, metrics = self.run(kernel, problem, N, 0, backend="emu", block=block, shared=shared)
        if metrics is None:
            raise RuntimeError(text or "no metrics from the emulator")
        return metrics

    def shared_bytes(self, kernel) -> int:
        """Static shared memory of one block, from the kernel's PTX (tilelab.banks)."""
        from tilelab.banks import static_shared_bytes
        return static_shared_bytes(kernel)

    def time(self, kernels: dict, problem, N, *, blocks, shared=None) -> dict:
        """Median GPU seconds per label, all timed together in one worker process (DESIGN §6)."""
        from tilelab.bench import bench
        table = bench(kernels, problem, sizes=[N], backend="gpu", plot=False, block=blocks, library=False,
                      shared=shared)
        return {row["kernel"]: row["median ms"] / 1e3 for row in table.rows}


def judge(spec: dict, engine=None) -> dict:
    return Judge(spec, engine).run()


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -I -m tilelab.judge SPEC.json", file=sys.stderr)
        return 2
    with open(argv[0]) as f:
        spec = json.load(f)
    out, sys.stdout = sys.stdout, sys.stderr  # only the verdict goes to stdout
    try:
        verdict = judge(spec)
    except BaseException as e:  # noqa: BLE001 - the verdict must come out whatever happened
        total = float(sum(p["points"] for p in spec.get("parts", [])))
        verdict = {"score": 0.0, "max": total, "lines": [f"{NO} the judge could not check this kernel: {_message(e)}"]}
    finally:
        sys.stdout = out
    out.write(json.dumps(verdict) + "\n")
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
