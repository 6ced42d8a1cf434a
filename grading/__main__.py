"""``python -m grading``: ``make grade`` (grading/cli.py)."""
import sys

from grading.cli import main

sys.argv[0] = "python -m grading"
sys.exit(main())
