"""Errors a learner can meet, each rendered as its message alone.

IPython calls ``_render_traceback_`` when an exception reaches the top of a cell;
returning just the message keeps the notebook free of traceback walls, which is
the course's promise: bad input gets a clear error, never a stack of frames.
"""
from __future__ import annotations

from .messages import catalog, msg


class TilelabError(Exception):
    """Base of every error the toolkit raises on purpose. ``title`` is the English heading; the
    learner sees the message catalog's ``errors.title_<class name>`` in their language."""

    title = "tilelab"

    def heading(self) -> str:
        for cls in type(self).__mro__:
            key = f"errors.title_{cls.__name__}"
            if key in catalog("en"):
                return msg(key)
        return self.title

    def _render_traceback_(self):  # IPython hook: show the message, not the frames
        return [f"\x1b[1;31m{self.heading()}:\x1b[0m {line}" if i == 0 else line
                for i, line in enumerate(str(self).splitlines() or [""])]


class CompileError(TilelabError):
    """NVRTC rejected the source; the message is its log mapped to the learner's lines."""
    title = "compile error"


class LaunchError(TilelabError):
    """The launch was refused before running: wrong arguments, grid or block."""
    title = "launch error"


class EmulatorError(TilelabError):
    """The emulator cannot go on (unsupported instruction, step budget, size)."""
    title = "emulator"


class UnsupportedInstruction(EmulatorError):
    title = "unsupported PTX instruction"


class StepBudgetExceeded(EmulatorError):
    title = "kernel did not finish"


class LaunchTooLarge(EmulatorError):
    title = "launch too large for the emulator"


class KernelFault(TilelabError):
    """The kernel faulted or hung on the GPU; the worker process was restarted."""
    title = "kernel fault"


class CheckFailed(TilelabError):
    """``tl.check`` found wrong results or sanitizer findings."""
    title = "check failed"
