"""``python -m tilelab ...``: the same command line as ``tilelab`` (tilelab/cli.py)."""
import sys

from .cli import main

sys.exit(main())
