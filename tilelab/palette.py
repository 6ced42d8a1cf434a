"""The course's colours: Okabe & Ito's palette, which stays distinct for the common forms of
colour blindness, and hatches, so that no picture says something by hue alone.

Okabe, M. and Ito, K. (2008), "Color Universal Design (CUD): how to make figures and
presentations that are friendly to colorblind people", https://jfly.uni-koeln.de/color/.
"""
from __future__ import annotations

BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
GREEN = "#009E73"          # "bluish green"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"         # "reddish purple"
GREY = "#999999"
LIGHT = "#F2F2F2"

OKABE_ITO = (ORANGE, SKY_BLUE, GREEN, YELLOW, BLUE, VERMILLION, PURPLE, BLACK)

# What the pictures mean by each colour (same meaning everywhere)
GOOD = GREEN               # conflict-free, right
SHARED_WORD = BLUE         # a broadcast: lanes sharing one word
BAD = VERMILLION           # a conflict, a wrong element
UNWRITTEN = YELLOW         # never written
INVALID = PURPLE           # NaN / inf the kernel produced

#: Severity ramp for n-way conflicts (light to dark, distinguishable by lightness too)
SEVERITY = ("#F5C28A", ORANGE, VERMILLION, "#9E3D00", "#5C2300")
#: Hatches that go with colours: a second channel that survives grey-scale printing
HATCHES = ("", "///", "\\\\\\", "xxx", "...", "++", "oo", "**")

#: Sequential colour map for magnitudes (perceptually uniform, colour-blind safe)
SEQUENTIAL = "cividis"


def cycle(i: int) -> str:
    """The i-th categorical colour (it repeats after 8: pair it with ``hatch(i)``)."""
    return OKABE_ITO[i % len(OKABE_ITO)]


def hatch(i: int) -> str:
    return HATCHES[(i // len(OKABE_ITO) + i) % len(HATCHES)] if i else ""
