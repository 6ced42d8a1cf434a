"""The rubric loader now lives in the package (tilelab/rubric), so the student bundle and the
learner's self-check read the same files; this name stays for the grading side."""
from tilelab.rubric import (PART_KINDS, REPO_ROOT, RUBRIC_DIR, Check, Rubric, all_rubrics,  # noqa: F401
                            load_rubric, tomllib)
