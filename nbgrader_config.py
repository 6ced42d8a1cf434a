# nbgrader reads this when run from the repository root; the course config lives in grading/.
load_subconfig("grading/nbgrader_config.py")  # noqa: F821
