"""How the emulator counts memory requests, as one value: ``Counting(mode, arch, nvrtc)``.

``mode`` "sass" counts requests as ptxas made them for ``arch`` (merged into wide accesses, on the
cubin's control flow) wherever the model agrees with that PTX's cubin line by line
(emu/counters/sass_model.py, emu/counters/ifconvert.py); "ptx" counts every PTX instruction as it
stands. ``nvrtc`` is the NVRTC version the judge pins ("12.9"; None: the lowest found), which
decides the PTX and so the cubin. The rubric pins all three (tilelab/rubric/_counting.toml).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from ..errors import LaunchError
from ..toolchain.arch import DEFAULT_ARCH

COUNT_MODES = ("sass", "ptx")


def check_counts(counts: str | None) -> str:
    """The counting mode ("sass" when None); anything else is a clear error."""
    counts = "sass" if counts is None else counts
    if counts not in COUNT_MODES:
        raise LaunchError(f"counts must be 'sass' or 'ptx' (the counting mode), got {counts!r}")
    return counts


@dataclass(frozen=True)
class Counting:
    """The counting decision: ``mode`` ("sass" or "ptx"), ``arch`` (the SM whose SASS "sass" reads),
    ``nvrtc`` (the pinned NVRTC version, or None)."""
    mode: str = "sass"
    arch: str = DEFAULT_ARCH
    nvrtc: str | None = None

    def __post_init__(self):
        object.__setattr__(self, "mode", check_counts(self.mode))

    @classmethod
    def pinned(cls, pins: dict | None, default: "Counting | None" = None) -> "Counting":
        """From a rubric's pins ``{"counts", "arch", "nvrtc"}``; what they leave out, from ``default``."""
        d = default or cls()
        pins = pins or {}
        nv = pins.get("nvrtc", d.nvrtc)
        return cls(pins.get("counts", d.mode), pins.get("arch", d.arch), None if nv is None else str(nv))

    def as_dict(self) -> dict:
        return asdict(self)
