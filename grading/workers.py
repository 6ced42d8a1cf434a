"""Keep a local grading cluster's workers: a worker that does not come back is replaced.

distributed's nanny restarts a worker whose process died (a submission that crashed it, the OOM
killer). When that restart fails, or the scheduler removes the worker before the nanny sees its
process exit (seen once on two loaded cores: tests/test_grading_dask.py), the nanny stays down and
the class is one worker short for the rest of the run; with one worker, every submission still
queued waits forever, since Dask has no task timeout. ``WorkerWatch`` looks every ``period``
seconds: a worker of the cluster's spec that the scheduler has not had for ``grace`` seconds (a
normal restart takes a few) is replaced by a fresh one with the same spec (and so the same GPU),
under a new name. Only for a cluster ``make grade`` started itself; an external scheduler's
workers are the instructor's to manage.
"""
from __future__ import annotations

import threading
import time


class WorkerWatch:
    """``with WorkerWatch(client, cluster, say):`` around the grading loop."""

    def __init__(self, client, cluster, say=print, period: float = 5.0, grace: float = 60.0):
        self.client, self.cluster, self.say = client, cluster, say
        self.period, self.grace = period, grace
        self.missing_since: dict = {}
        self.replaced = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="grading-worker-watch", daemon=True)

    def __enter__(self):
        if self.cluster is not None:
            self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=30)
        return False

    def _run(self):
        while not self._stop.wait(self.period):
            try:
                self.check(time.monotonic())
            except Exception as e:  # noqa: BLE001 - a watch that fails must not stop the grading
                if self._stop.is_set():
                    return
                self.say(f"(the grading workers' watch could not check the cluster: {type(e).__name__}: {e})")

    def present(self) -> set:
        """The names of the workers the scheduler has now."""
        workers = self.client.scheduler_info(n_workers=-1)["workers"]
        return {str(w.get("name")) for w in workers.values()}

    def check(self, now: float) -> list:
        """Replace the spec'd workers absent for ``grace`` seconds; returns their names."""
        here = self.present()
        gone = []
        for name in list(self.cluster.worker_spec):
            if str(name) in here:
                self.missing_since.pop(name, None)
                continue
            since = self.missing_since.setdefault(name, now)
            if now - since >= self.grace:
                gone.append(name)
        for name in gone:
            self.replace(name)
        return gone

    def replace(self, name) -> None:
        """A fresh worker with ``name``'s spec; the old nanny is closed (it is no longer in the spec)."""
        spec = self.cluster.worker_spec.pop(name)
        self.missing_since.pop(name, None)
        self.replaced += 1
        new = f"{name}-r{self.replaced}"
        self.cluster.worker_spec[new] = spec
        self.say(f"grading worker {name} did not come back after its process ended "
                 f"({self.grace:.0f} s): replaced by a fresh one ({new})")
        self.cluster.sync(self.cluster._correct_state)
