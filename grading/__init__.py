"""The instructor's side of tilelab: nbgrader on a CUDA course (DESIGN §6, §7).

- ``grading.cli``: ``make grade`` (``python -m grading``, ``tilelab-grade``): every submission
  one Dask task, grades into the course gradebook and grades.csv;
- ``grading.task``: what a Dask worker runs for one submission;
- ``grading.release``: ``make release`` (``python -m grading.release``);
- ``grading.preprocessors``: the nbgrader preprocessors, one per module;
- ``grading.sandbox``: the bubblewrap sandbox every step that runs learner code runs in;
- ``grading.language``, ``grading.rubrics``, ``grading.regression``: the submission's language,
  the rubric loader, the regression corpus;
- ``grading/nbgrader_config.py``: the course's nbgrader configuration (not imported: nbgrader
  loads it through the repository's ./nbgrader_config.py).

The package is installed with tilelab (pyproject.toml); the course's files (solutions/,
exercises/, the submissions under grading/submitted/) are read from the repository.
"""
