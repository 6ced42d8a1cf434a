"""The grading sandbox: every step that runs learner code runs in a bubblewrap sandbox of its own.

- ``bwrap``: the sandbox itself (``Sandbox``, ``Limits``, uid slots, the probe, ``use_sandbox``);
  its module docstring says how it is confined and why;
- ``seccomp``: the system-call filter bwrap loads before the first learner instruction;
- ``cgroup``: per-slot memory and task limits (the only memory limit on a GPU host);
- ``kernel``: ``SandboxedKernelManager``, the learner's Jupyter kernel inside a sandbox.

``from grading import sandbox as sb`` gives the names below.
"""
from grading.sandbox import cgroup, seccomp  # noqa: F401
from grading.sandbox.bwrap import (  # noqa: F401
    FIX_BWRAP, FIX_USERNS, GPU_RESIDENT, HOME, RELEASE, TILELAB_MOUNT, TILELAB_PACKAGE, UID_BASE, UID_SLOTS, USER, WORK,
    CappedReader, Limits, Sandbox, SandboxUnavailable, assigned_gpu, chown_tree, extra_python_paths, font_cache,
    gpu_device_nodes, host_env, inside_argv, is_root, library_paths, private_copy, probe, python_executable,
    python_roots, remove_private, required, uid_slot, unsafe, use_sandbox)
