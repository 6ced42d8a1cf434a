"""``tl.selfcheck(kernel)``: the rubric's verdict before submitting.

The grade cell of each exercise calls it. It runs the grading judge's own code (tilelab.judge)
on the kernel's source with the check the rubric (tilelab/rubric) has for that kernel, so the
learner sees the same parts the grader will score (correct, clean, technique, speed) with their
numbers and thresholds. It draws its own sizes at random from the rubric's range; the grader
draws others, from a secret, and runs everything again outside the notebook. While nbgrader
autogrades (``NBGRADER_EXECUTION=autograde``) it does nothing: the judge's verdict replaces the
grade cell's output, and grading should not pay for the check twice.
"""
from __future__ import annotations

from . import wrong_elements
from .errors import TilelabError
from .judge import Engine, Judge
from .magic import CompileFailed, NotCompiledDuringGrading, autograding
from .messages import msg
from .rubric import all_rubrics, load_rubric
from .rubric.draw import self_check_draw


class SelfCheck:
    """What the self-check printed, for code that wants the numbers (``.score``, ``.max``, ``.parts``)."""

    def __init__(self, verdict: dict):
        self.verdict = verdict
        self.score = float(verdict.get("score", 0))
        self.max = float(verdict.get("max", 0))
        self.parts = verdict.get("parts", [])

    def __repr__(self):
        return msg("judge.selfcheck_repr", score=f"{self.score:g}", max=f"{self.max:g}")


def find_check(kernel_name: str, assignment: str | None = None):
    """The rubric check that grades the kernel called ``kernel_name`` (in ``assignment``, if given)."""
    rubrics = {assignment: load_rubric(assignment)} if assignment else all_rubrics()
    if assignment and rubrics[assignment] is None:
        raise TilelabError(f"there is no rubric for the assignment {assignment!r}")
    found = [c for r in rubrics.values() if r for c in r.checks if c.kernel == kernel_name]
    if not found:
        raise TilelabError(f"no graded check is for a kernel called {kernel_name}"
                           + (f" in {assignment}" if assignment else "")
                           + ": name your %%cuda cell the way the exercise does")
    return found[0]


def selfcheck(kernel, assignment: str | None = None, *, backend: str | None = None, quiet: bool = False):
    """Score ``kernel`` (from ``%%cuda NAME``) as the grader will, and print each part.

    Returns a :class:`SelfCheck`, or None while nbgrader autogrades.
    """
    if isinstance(kernel, CompileFailed) and not autograding():
        kernel._fail()           # its %%cuda cell did not compile: say so (line and error), nothing to check
    if autograding() or isinstance(kernel, NotCompiledDuringGrading):
        if not quiet:
            print(msg("judge.selfcheck_skipped"))
        return None
    if not hasattr(kernel, "source") or not hasattr(kernel, "name"):
        raise TilelabError(f"selfcheck() takes a kernel from a %%cuda cell, got {kernel!r}")
    check = find_check(kernel.name, assignment)
    spec = check.spec(kernel.source, drawn=self_check_draw(check, kernel.source), filename=kernel.filename,
                      first_line=kernel.first_line)
    judge = Judge(spec, Engine(backend, check.step_budget))
    verdict = judge.run()
    if not quiet:
        print(msg("judge.banner") + "\n" + "\n".join(verdict["lines"]) + "\n"
              + msg("judge.selfcheck_score", score=f"{verdict['score']:g}", max=f"{verdict['max']:g}"))
        rec = judge.wrong_record
        if rec is not None:      # where it is wrong, drawn as tl.check draws it
            prob = judge.engine.problem(check.problem)
            wrong_elements.show([c for c in rec.comps if not c.ok],
                                f"{kernel.name} on {prob.name} {prob.label(rec.size)} (seed {rec.seed})")
    return SelfCheck(verdict)
