"""A count note that says the line is undecided: what ptxas made of its accesses could not be read from the
SASS, so its requests are counted as the PTX runs. Such a line's totals are no measurement of the GPU's, and
issue 23 counts them as misses wherever they are compared with ncu (bench/fidelity.py).

The notes stay text (each producer's message, in the learner's language); the type carries the verdict."""
from __future__ import annotations


class Undecided(str):
    """A note's text, marked undecided."""
