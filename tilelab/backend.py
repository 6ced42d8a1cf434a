"""Which backend runs kernels: a real GPU through CuPy, or the PTX emulator.

``TILELAB_BACKEND=gpu|emu`` overrides. Otherwise 'gpu' only when CuPy imports *and*
sees a device; anything that goes wrong while asking (no CuPy, no driver, a broken
CUDA install) means 'emu', because a learner without a GPU must still get a
working course.
"""
from __future__ import annotations

import functools
import importlib.util
import os

from .errors import TilelabError
from .gpu import available, default_session

__all__ = ["backend", "device_arch", "BACKENDS"]

BACKENDS = ("gpu", "emu")


@functools.lru_cache(maxsize=None)
def _gpu_available() -> bool:
    """Ask in a throwaway subprocess, so the learner's process never holds a CUDA context."""
    if importlib.util.find_spec("cupy") is None:
        return False
    return available()


def backend() -> str:
    """'gpu' or 'emu' (TILELAB_BACKEND overrides auto-detection)."""
    env = os.environ.get("TILELAB_BACKEND", "").strip().lower()
    if env:
        if env not in BACKENDS:
            raise TilelabError(f"TILELAB_BACKEND={env!r}: expected 'gpu' or 'emu'")
        return env
    return "gpu" if _gpu_available() else "emu"


def device_arch(device: int | None = None) -> str | None:
    """The GPU's SM, e.g. 'sm_90', for building its cubin; None on the emulator."""
    if backend() != "gpu":
        return None
    try:
        return default_session().arch      # the worker process knows; we stay CUDA-free
    except BaseException:
        return None
