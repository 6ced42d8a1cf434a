"""GPU launches in a worker process, so a bad kernel never kills the learner's kernel.

A kernel that reads out of bounds leaves the CUDA context in a sticky error state:
every later CUDA call in that process fails. A kernel that never ends blocks the
process for good. Either would take the learner's Jupyter kernel down with it if
CuPy lived there. So CuPy lives here instead, in a child process:

- the parent (``GpuSession``) sends a request (kernel as cubin + entry, checked
  arguments) over a pipe and waits at most ``timeout`` seconds;
- the child (``python -m tilelab.gpu.worker``) launches and sends back the outputs;
- a fault (sticky CUDA error) makes the child answer ``fault`` and exit; a hang makes
  the parent kill the child. Either way the parent raises ``KernelFault`` naming the
  kernel, its grid and block, and what happened, and starts a fresh worker.

Anything a kernel prints (``printf``) is collected and shown in the learner's cell.
"""
from __future__ import annotations

import atexit
import ctypes
import importlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from multiprocessing.connection import Connection
from pathlib import Path

from ..errors import KernelFault, LaunchError, TilelabError
from ..messages import language, msg as _msg
from ..structs import Struct
from ..tma import TensorMap
from . import device
from .device import DeviceFault, LaunchRefused
from .spec import check_geometry, check_symbols, describe_launch, kernel_spec, pack_args
from .timing import measure_items, pack_items

__all__ = ["GpuSession", "GpuUnavailable", "default_session", "gpu_launch", "shutdown", "time_kernels"]

DEFAULT_TIMEOUT = float(os.environ.get("TILELAB_GPU_TIMEOUT", "30"))
START_TIMEOUT = float(os.environ.get("TILELAB_GPU_START_TIMEOUT", "120"))
_PKG_ROOT = str(Path(__file__).resolve().parents[2])   # the folder holding tilelab/


class GpuUnavailable(LaunchError):
    """No GPU worker could be started (no CuPy, no device, no driver)."""
    title = "no GPU"


# ======================================================================================
# The parent side
# ======================================================================================

class GpuSession:
    """Keeps one GPU worker process alive across launches, and replaces it after a fault.

    ``device_factory`` ("module:callable") swaps the CuPy device for another object with
    the same methods; the tests use it to exercise faults and hangs without a GPU.
    """

    def __init__(self, *, timeout: float | None = None, start_timeout: float | None = None,
                 device_factory: str | None = None, env: dict | None = None,
                 echo_output: bool = True):
        self.timeout = DEFAULT_TIMEOUT if timeout is None else float(timeout)
        self.start_timeout = START_TIMEOUT if start_timeout is None else float(start_timeout)
        self.device_factory = device_factory
        self.extra_env = dict(env or {})
        self.echo_output = echo_output
        self._proc: subprocess.Popen | None = None
        self._conn: Connection | None = None
        self._ready = False
        self._info: dict | None = None
        self._out_path: str | None = None
        self._err_path: str | None = None
        self._out_pos = 0
        self._lock = threading.RLock()
        self.restarts = 0
        self.last_output = ""

    # ---- process management ----------------------------------------------------------
    def _spawn(self):
        parent_sock, child_sock = socket.socketpair()
        tmpdir = tempfile.gettempdir()
        fd_out, self._out_path = tempfile.mkstemp(prefix="tilelab-gpu-", suffix=".out", dir=tmpdir)
        fd_err, self._err_path = tempfile.mkstemp(prefix="tilelab-gpu-", suffix=".err", dir=tmpdir)
        self._out_pos = 0
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [_PKG_ROOT] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
        env["PYTHONUNBUFFERED"] = "1"
        env.update(self.extra_env)
        cmd = [sys.executable, "-m", "tilelab.gpu.worker", str(child_sock.fileno())]
        if self.device_factory:
            cmd += ["--device", self.device_factory]
        try:
            self._proc = subprocess.Popen(
                cmd, pass_fds=(child_sock.fileno(),), stdin=subprocess.DEVNULL,
                stdout=fd_out, stderr=fd_err, env=env, start_new_session=True, close_fds=True)
        finally:
            child_sock.close()
            os.close(fd_out)
            os.close(fd_err)
        self._conn = Connection(os.dup(parent_sock.fileno()))
        parent_sock.close()
        self._ready = False

    def _wait_ready(self):
        conn, proc = self._conn, self._proc
        deadline = time.monotonic() + self.start_timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self._kill()
                raise GpuUnavailable(_msg("gpu.did_not_start", seconds=self.start_timeout))
            try:
                if conn.poll(min(left, 0.5)):
                    msg = conn.recv()
                    break
            except (EOFError, OSError):
                msg = None
                break
            if proc.poll() is not None:
                msg = None
                break
        if not msg or msg[0] != "ready":
            detail = msg[1] if msg and msg[0] == "unavailable" else self._stderr_tail()
            self._kill()
            raise GpuUnavailable(_msg("gpu.could_not_start") + (_msg("gpu.could_not_start_why", why=detail) if detail else ""))
        self._info = msg[1]
        self._ready = True

    def start(self) -> "GpuSession":
        """Start the worker (if it is not running) and wait until it holds a context."""
        with self._lock:
            if self._proc is None or self._proc.poll() is not None:
                self._spawn()
            if not self._ready:
                self._wait_ready()
        return self

    @property
    def info(self) -> dict:
        """The device's facts (name, arch, SM count, L2 size, driver, CUDA version, ...)."""
        self.start()
        return dict(self._info)

    @property
    def arch(self) -> str:
        return self.info["arch"]

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def _kill(self):
        proc, conn = self._proc, self._conn
        self._proc, self._conn, self._ready = None, None, False
        if conn is not None:
            try:
                conn.close()
            except OSError:
                pass
        if proc is not None and proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)   # its own session: the worker and its children
            except (ProcessLookupError, PermissionError, OSError):
                try:
                    proc.kill()
                except OSError:
                    pass
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass   # stuck in the driver; it is no longer ours to wait for
        for p in (self._out_path, self._err_path):
            if p:
                try:
                    os.unlink(p)
                except OSError:
                    pass
        self._out_path = self._err_path = None

    def _restart(self):
        """Replace a dead or stuck worker. The new one starts now, in the background;
        the next request waits for it to be ready."""
        self._kill()
        self.restarts += 1
        try:
            self._spawn()
        except OSError:
            self._proc = None

    def close(self):
        with self._lock:
            if self.alive() and self._ready:
                try:
                    self._conn.send({"op": "exit"})
                    self._proc.wait(timeout=5)
                except Exception:
                    pass
            self._kill()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self._kill()
        except Exception:
            pass

    # ---- output of the kernel (printf) and crash diagnostics --------------------------
    def _collect_output(self) -> str:
        if not self._out_path:
            return ""
        try:
            with open(self._out_path, "rb") as fh:
                fh.seek(self._out_pos)
                data = fh.read()
                self._out_pos += len(data)
        except OSError:
            return ""
        text = data.decode(errors="replace")
        self.last_output = text
        if text and self.echo_output:
            sys.stdout.write(text)
            sys.stdout.flush()
        return text

    def _stderr_tail(self, n: int = 1500) -> str:
        try:
            with open(self._err_path, "rb") as fh:
                data = fh.read()
        except (OSError, TypeError):
            return ""
        return data.decode(errors="replace").strip()[-n:]

    # ---- requests ----------------------------------------------------------------------
    def request(self, req: dict, *, timeout: float | None, what: str):
        """Send one request; return its result. Faults, hangs and crashes of the worker
        become ``KernelFault`` (and a fresh worker); refused launches ``LaunchError``."""
        timeout = self.timeout if timeout is None else float(timeout)
        with self._lock:
            self.start()
            conn, proc = self._conn, self._proc
            try:
                conn.send(dict(req, lang=language()))   # the worker words its refusals in it
            except (OSError, EOFError, BrokenPipeError):
                tail = self._stderr_tail()
                self._restart()
                raise KernelFault(_msg("gpu.died_before", what=what,
                                       tail=_msg("gpu.died_before_tail", tail=tail) if tail else "")) from None
            deadline = time.monotonic() + timeout
            try:
                while True:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        self._collect_output()
                        self._restart()
                        raise KernelFault(_msg("gpu.timeout", what=what, timeout=timeout))
                    try:
                        if conn.poll(min(left, 0.25)):
                            msg = conn.recv()
                            break
                    except (EOFError, OSError):
                        msg = None
                        break
                    if proc.poll() is not None and not conn.poll(0):
                        msg = None
                        break
            except KeyboardInterrupt:
                # the worker is mid-request and its state unknown: replace it
                self._restart()
                raise
            self._collect_output()
            if msg is None:
                code = proc.poll()
                tail = self._stderr_tail()
                self._restart()
                raise KernelFault(_msg("gpu.died", what=what, code=code,
                                       tail=_msg("gpu.died_tail", tail=tail) if tail else ""))
            status, payload = msg[0], msg[1]
            if status == "ok":
                return payload
            if status == "fault":
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    pass
                self._restart()
                raise KernelFault(_msg("gpu.fault", fault=payload))
            if status == "refused":
                raise LaunchError(payload)
            if status == "error":
                raise TilelabError(payload)
            raise TilelabError(_msg("gpu.unexpected_reply", status=repr(status)))

    def launch(self, kernel, grid, block, args, shared: int = 0, timeout: float | None = None,
               copy_back: bool = True, symbols: dict | None = None):
        """Run ``kernel<<<grid, block, shared>>>(*args)`` once on the GPU.

        Returns a list aligned with ``args``: for each pointer to non-const data, a new
        array with the contents after the kernel; ``None`` for scalars and const pointers.
        With ``copy_back`` (the default) those arrays are also written into the caller's
        arrays in place, the way a learner expects ``C`` to be filled.
        """
        grid, block = check_geometry(grid, block)
        packed = pack_args(kernel.name, kernel.params, args)
        spec = kernel_spec(kernel, self.arch)
        what = describe_launch(spec.name, grid, block)
        req = {"op": "launch", "spec": spec, "grid": grid, "block": block, "packed": packed, "shared": int(shared)}
        if symbols:                              # __constant__ variables, set before the launch
            req["symbols"] = check_symbols(spec, symbols)
        outs = self.request(req,
                            timeout=timeout, what=what)
        if copy_back:
            for a, v, o in zip(args, packed.values, outs):
                if isinstance(a, TensorMap):        # a map with its own upload: its array comes back
                    if o is not None and a.array.flags.writeable:
                        a.array[...] = o.reshape(a.array.shape)
                elif isinstance(v, Struct):         # a struct's arrays with uploads of their own come back
                    for (_path, _off, arr), got in zip(v.arrays(), o or ()):
                        if got is not None and arr.flags.writeable:
                            arr[...] = got.reshape(arr.shape)
                elif o is not None and a is not o:
                    a[...] = o.reshape(a.shape)
        return outs

    def time(self, items: dict, timeout: float | None = 900, **opts) -> dict:
        """Time several kernels in this one worker (DESIGN §6); see ``time_kernels``."""
        packed = pack_items(items, self.arch)
        what = "timing " + ", ".join(items)
        return self.request({"op": "time", "items": packed, "opts": opts}, timeout=timeout, what=what)

    def ping(self, timeout: float = 30) -> bool:
        return self.request({"op": "ping"}, timeout=timeout, what="ping") == "pong"


_DEFAULT: GpuSession | None = None
_DEFAULT_LOCK = threading.Lock()


def default_session() -> GpuSession:
    """The process-wide GPU session (started on first use, closed at exit)."""
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is None:
            _DEFAULT = GpuSession()
            atexit.register(shutdown)
        return _DEFAULT


def shutdown():
    global _DEFAULT
    s, _DEFAULT = _DEFAULT, None
    if s is not None:
        s.close()


def time_kernels(items: dict, *, session=None, **opts) -> dict:
    """Time ``{label: (kernel, grid, block, args[, shared])}`` on the GPU, in one process.

    A value may also be ``CublasMatmul(A, B)`` for the cuBLAS reference, or ``timing.Timed(...)``
    (a kernel whose outputs are poisoned and checked at every launch). Returns
    ``{label: stats}`` (see ``timing.summarize``). Options: ``warmup_s``, ``min_runs``,
    ``max_runs``, ``max_seconds`` (per label), ``target_rse``, ``flush_l2``.
    """
    return (session or default_session()).time(items, **opts)


def gpu_launch(kernel, grid, block, args, shared: int = 0, timeout: float | None = None,
               session: GpuSession | None = None, copy_back: bool = True, symbols: dict | None = None):
    """Launch ``kernel`` on the GPU in the worker process; see ``GpuSession.launch``.

    Raises ``LaunchError`` for a bad argument list or a refused launch (before or at
    launch; nothing is restarted), ``KernelFault`` when the kernel faulted or did not
    finish within ``timeout`` seconds (the worker is restarted).
    """
    return (session or default_session()).launch(kernel, grid, block, args, shared=shared,
                                                  timeout=timeout, copy_back=copy_back, symbols=symbols)


# ======================================================================================
# The child side
# ======================================================================================

def _make_device(factory: str | None):
    if not factory:
        return device.Device()
    mod, _, fn = factory.partition(":")
    return getattr(importlib.import_module(mod), fn)()


def _flush_all():
    """Flush Python's and C's stdout: a kernel's printf goes through C stdio, which is
    fully buffered when stdout is a file, so the parent would not see it otherwise."""
    try:
        sys.stdout.flush()
    except Exception:
        pass
    try:
        ctypes.CDLL(None).fflush(None)
    except Exception:
        pass


def _serve(conn: Connection, factory: str | None):
    try:
        dev = _make_device(factory)
        info = dev.info()
    except Exception as e:  # no cupy, no GPU, no driver
        conn.send(("unavailable", f"{type(e).__name__}: {e}"))
        return 1
    conn.send(("ready", info))
    while True:
        try:
            req = conn.recv()
        except (EOFError, OSError):
            return 0
        op = req.get("op")
        if req.get("lang"):                    # the parent's language now (TILELAB_LANG may have changed)
            os.environ["TILELAB_LANG"] = req["lang"]
        try:
            if op == "exit":
                return 0
            if op == "ping":
                result = "pong"
            elif op == "info":
                result = dev.info()
            elif op == "launch":
                result = (dev.run(req["spec"], req["grid"], req["block"], req["packed"], req["shared"],
                                  symbols=req["symbols"]) if req.get("symbols") else
                          dev.run(req["spec"], req["grid"], req["block"], req["packed"], req["shared"]))
            elif op == "time":
                result = measure_items(dev, req["items"], **req.get("opts", {}))
            else:
                raise ValueError(f"unknown op {op!r}")
            _flush_all()
            conn.send(("ok", result))
        except DeviceFault as e:
            _flush_all()
            conn.send(("fault", str(e)))
            return 3    # the context is dead: leave, the parent starts a fresh worker
        except LaunchRefused as e:
            _flush_all()
            conn.send(("refused", str(e)))
        except TilelabError as e:
            conn.send(("refused" if isinstance(e, LaunchError) else "error", str(e)))
        except Exception as e:
            traceback.print_exc()
            conn.send(("error", f"GPU worker: {type(e).__name__}: {e}"))


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    fd = int(argv[0])
    factory = None
    if "--device" in argv:
        factory = argv[argv.index("--device") + 1]
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # interrupts are the parent's business
    conn = Connection(fd)
    try:
        rc = _serve(conn, factory)
    finally:
        try:
            sys.stdout.flush()
        except Exception:
            pass
    os._exit(rc or 0)


if __name__ == "__main__":
    main()
