"""The learner's Jupyter kernel, started inside a bubblewrap sandbox (grading/sandbox/bwrap.py).

nbgrader and nbclient stay in the trusted process; only the kernel runs inside. They talk over
jupyter_client's ``ipc`` transport: its sockets are files in a private folder bound into the
sandbox at the same path, so they work across the sandbox's empty network namespace (a TCP
loopback link would be cut). The kernel's working directory is a private copy of the
submission, owned by this sandbox's uid and deleted with the sandbox's other scratch when the
kernel is cleaned up.
"""
from __future__ import annotations

import os
import shutil
import tempfile

from jupyter_client.manager import AsyncKernelManager
from traitlets import Integer, Unicode

from grading import sandbox as sb

#: environment variables passed from nbgrader's process to the learner's kernel
#: (TILELAB_LANG: the submission's language, so that what its cells print is in that language)
PASS_ENV = ("NBGRADER_EXECUTION", "TILELAB_BACKEND", "TILELAB_PROGRESS", "TILELAB_EMU_TIMEOUT", "TILELAB_LANG")


class SandboxedKernelManager(AsyncKernelManager):
    """AsyncKernelManager whose kernel command runs in a fresh sandbox, over ipc sockets."""

    release_dir = Unicode("", help="The assignment's release folder, bound read-only").tag(config=True)
    memory_limit = Integer(sb.Limits.memory, help="RLIMIT_AS of the kernel (bytes; 0: none)").tag(config=True)
    process_limit = Integer(sb.Limits.processes, help="RLIMIT_NPROC of the sandbox uid").tag(config=True)
    cpu_limit = Integer(sb.Limits.cpu_seconds, help="RLIMIT_CPU of each process (seconds)").tag(config=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.transport = "ipc"
        self._slot = None
        self._uid = None
        self._ipc = None
        self._work = None

    async def _async_pre_start_kernel(self, **kw):
        if self._slot is None:
            self._slot = sb.uid_slot()
            self._uid = self._slot.__enter__()
            # short path: a unix socket's name has at most 107 bytes
            self._ipc = tempfile.mkdtemp(prefix="tlk-", dir="/tmp")
            os.chmod(self._ipc, 0o700)
            sb.chown_tree(self._ipc, self._uid)
            self.ip = os.path.join(self._ipc, "k")
            self.connection_file = os.path.join(self._ipc, "kernel.json")
            self._work = sb.private_copy(kw.get("cwd"), self._uid)
        kw.pop("cwd", None)
        cmd, kw = await super()._async_pre_start_kernel(**kw)
        sb.chown_tree(self._ipc, self._uid)
        env = {k: os.environ[k] for k in PASS_ENV if os.environ.get(k)}
        parent_env = kw.get("env") or {}
        env.update({k: parent_env[k] for k in PASS_ENV if parent_env.get(k)})
        limits = sb.Limits(memory=self.memory_limit, processes=self.process_limit, cpu_seconds=self.cpu_limit)
        box = sb.Sandbox(uid=self._uid, work=self._work, release=self.release_dir or None,
                         rw=[(self._ipc, self._ipc)], env=env, limits=limits, gpu=sb.assigned_gpu())
        kw["env"] = sb.host_env()
        kw["cwd"] = "/"
        return box.command(cmd), kw

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        if not restart:
            self.release_sandbox()

    def release_sandbox(self) -> None:
        """Delete the private copy and the socket folder, and give the uid back."""
        if self._work:
            sb.remove_private(self._work)
            self._work = None
        if self._ipc:
            shutil.rmtree(self._ipc, ignore_errors=True)
            self._ipc = None
        if self._slot is not None:
            slot, self._slot = self._slot, None
            slot.__exit__(None, None, None)
