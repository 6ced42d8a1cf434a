"""``make grade``'s progress bar, from its first second: one tqdm bar over the preparation (the
releases each language needs, reading the submissions) and the grading, whose label says
the step under way; a step that takes long (an nbgrader release) keeps the bar's clock ticking
once a second on a terminal (every 15 s into a log), so the screen never sits still.
``TILELAB_PROGRESS=0`` turns it off (tests, benchmarks); the lines ``make grade`` prints besides
go above the bar.
"""
from __future__ import annotations

import contextlib
import os
import sys
import threading


class Progress:
    """A tqdm bar whose total grows as the work becomes known."""

    def __init__(self, prefix: str = "", file=None):
        from tqdm import tqdm
        self.prefix = prefix
        self.disabled = os.environ.get("TILELAB_PROGRESS") == "0"
        self.bar = tqdm(total=0, desc=f"{prefix}prepare", unit="step", file=file or sys.stdout,
                        mininterval=0.5, disable=self.disabled, dynamic_ncols=True,
                        bar_format="{desc}: {n_fmt}/{total_fmt} [{elapsed}{postfix}]")
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._ticker = None
        if not self.disabled:
            self._ticker = threading.Thread(target=self._tick, daemon=True)
            self._ticker.start()

    def _tick(self) -> None:
        tty = hasattr(self.bar.fp, "isatty") and self.bar.fp.isatty()
        while not self._stop.wait(1.0 if tty else 15.0):      # a log file gets a line every 15 s
            with self._lock:
                self.bar.refresh()

    def add(self, n: int) -> None:
        """``n`` more steps to do."""
        with self._lock:
            self.bar.total += n
            self.bar.refresh()

    def step(self, note: str = "", n: int = 1) -> None:
        with self._lock:
            if note:
                self.bar.set_postfix_str(note, refresh=False)
            self.bar.update(n)

    def phase(self, name: str, unit: str | None = None) -> None:
        """The label of what is under way (``prepare``, ``autograde``)."""
        with self._lock:
            self.bar.set_description_str(self.prefix + name, refresh=False)
            if unit:
                self.bar.unit = unit
            self.bar.refresh()

    @contextlib.contextmanager
    def doing(self, note: str):
        """One step, named while it runs (its clock keeps ticking)."""
        with self._lock:
            self.bar.set_postfix_str(note + " …")
        try:
            yield
        finally:
            self.step(note)

    def write(self, line: str) -> None:
        """A line above the bar."""
        if self.disabled:
            print(line, flush=True)
        else:
            with self._lock:
                self.bar.write(line, file=self.bar.fp)

    def close(self) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(timeout=2)
        with self._lock:
            self.bar.close()
