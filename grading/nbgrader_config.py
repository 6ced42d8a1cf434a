"""nbgrader configuration for the tilelab course (DESIGN §1, §7).

The course root is the repository: nbgrader commands run from the repo root, where
./nbgrader_config.py loads this file. Source notebooks live in solutions/, the release in
exercises/ (committed, kept in sync by CI), and everything about learners' submissions
under grading/ (git-ignored).
"""
import os

from nbgrader.converters import Autograde, GenerateAssignment, GenerateFeedback

# the installed grading package (pyproject.toml: installed with tilelab)
from grading.feedback import FeedbackHTMLExporter
from grading.late import LateNote, PerDayPenalty
from grading.preprocessors import RepairStructure, SanitizeOutputs, autograde_preprocessors, generate_preprocessors

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

c = get_config()  # noqa: F821  (provided by traitlets when it loads this file)

c.CourseDirectory.course_id = "tilelab"
c.CourseDirectory.root = ROOT
c.CourseDirectory.source_directory = "solutions"
c.CourseDirectory.release_directory = "exercises"
c.CourseDirectory.submitted_directory = "grading/submitted"
c.CourseDirectory.autograded_directory = "grading/autograded"
c.CourseDirectory.feedback_directory = "grading/feedback"
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(HERE, "gradebook.db")
c.CourseDirectory.ignore = [".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback", ".*"]

# CUDA-aware release: `// ### BEGIN SOLUTION` regions become `// YOUR CODE HERE`.
c.GenerateAssignment.preprocessors = generate_preprocessors(GenerateAssignment.preprocessors.default())

# Autograde: a dead kernel or a hung cell fails only what is left of that notebook, and the
# graded checks are scored by the judge outside the learner's kernel.
c.Autograde.autograde_preprocessors = autograde_preprocessors(Autograde.autograde_preprocessors.default())
# First of all, the submitted notebook is rebuilt on its release's cells (deleted, edited,
# duplicated or retyped read-only and grade cells restored; the learner's answers kept).
c.Autograde.sanitize_preprocessors = [RepairStructure] + list(Autograde.sanitize_preprocessors.default())
# Feedback HTML: no live script, event handler or unsafe link from a learner's markdown or output.
# Outputs and raw cells are sanitized before rendering; markdown after it, by the exporter, which
# also checks every URL of the finished page against its allow-list of schemes (grading/feedback.py).
c.GenerateFeedback.preprocessors = list(GenerateFeedback.preprocessors.default()) + [LateNote, SanitizeOutputs]
c.GenerateFeedback.exporter_class = FeedbackHTMLExporter
c.SanitizeOutputs.enabled = True  # an nbconvert preprocessor is off unless enabled (nbgrader registers it as given)
c.Execute.timeout = 900           # nbgrader's 30 s default is too short for emulated kernels
c.Execute.startup_timeout = 120
c.Judge.memory_limit = 4 << 30     # RLIMIT_AS of the judge process (emu backend); a compile bomb grew to ~6 GB


# Due dates (README: "Due dates and late work"; grading/late.py): the due date is the gradebook's
# (nbgrader db assignment add NAME --duedate=...); a late notebook loses percent_per_day of the points
# it earned per started day late; collect records when each submission reached the exchange (a time
# the learner cannot set), which make grade grades with; the feedback opens with the note.
c.AssignLatePenalties.plugin_class = PerDayPenalty
c.PerDayPenalty.percent_per_day = 10.0
c.PerDayPenalty.grace_minutes = 0.0
c.ExchangeFactory.collect = "grading.late.ReceivedCollect"
