"""nbgrader preprocessors for a CUDA course (DESIGN §6, §7), one per module:

- ``clear_solutions.CudaClearSolutions`` (generate_assignment): a ``// ### BEGIN SOLUTION``
  region becomes ``// YOUR CODE HERE``;
- ``structure.RepairStructure`` (autograde, first): the submitted notebook rebuilt on its
  release's cells, the learner's answers kept;
- ``safe_execute.SafeExecute`` (autograde, for Execute): a dead kernel or a hung cell fails only
  what is left of that notebook; outputs capped; the kernel in a sandbox;
- ``judge.Judge`` (autograde, after SafeExecute): every graded check scored by ``tilelab.judge``
  in a fresh sandboxed process;
- ``sanitize.SanitizeOutputs`` (generate_feedback): nbconvert's SanitizeHTML for outputs and raw
  cells; markdown is cleaned after rendering by the feedback exporter (grading/feedback.py).

Both steps that run learner code run in a bubblewrap sandbox (grading/sandbox/). Without a
working sandbox they refuse, unless the instructor set UNSAFE=1 (``TILELAB_UNSAFE=1``).
"""
from nbgrader.preprocessors import ClearSolutions, Execute

from grading.preprocessors.clear_solutions import CUDA_STUB, CudaClearSolutions
from grading.preprocessors.judge import (JUDGE_STDERR_LIMIT, JUDGE_STDOUT_LIMIT, Judge, checks_for_notebook,
                                         find_kernel_source, judge_command, restored_grade_cell, run_judge,
                                         verdict_outputs)
from grading.preprocessors.safe_execute import NotebookBudgetExceeded, SafeExecute, error_output
from grading.preprocessors.sanitize import SanitizeOutputs
from grading.preprocessors.structure import RepairStructure
from grading.rubrics import REPO_ROOT
from grading.sandbox import use_sandbox

__all__ = ["CUDA_STUB", "JUDGE_STDERR_LIMIT", "JUDGE_STDOUT_LIMIT", "REPO_ROOT", "CudaClearSolutions", "Judge",
           "NotebookBudgetExceeded", "RepairStructure", "SafeExecute", "SanitizeOutputs", "autograde_preprocessors",
           "checks_for_notebook", "error_output", "find_kernel_source", "generate_preprocessors", "judge_command",
           "restored_grade_cell", "run_judge", "use_sandbox", "verdict_outputs"]


def autograde_preprocessors(default):
    """nbgrader's autograde list with SafeExecute for Execute and the Judge right after it."""
    out = []
    for pp in default:
        if pp is Execute:
            out += [SafeExecute, Judge]
        else:
            out.append(pp)
    return out


def generate_preprocessors(default):
    return [CudaClearSolutions if pp is ClearSolutions else pp for pp in default]
