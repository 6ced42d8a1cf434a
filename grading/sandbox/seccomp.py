"""A seccomp filter for the grading sandboxes: system calls learner code never needs, refused.

bubblewrap (grading/sandbox/bwrap.py) already gives learner code no network, no other files, its own
uid and no capabilities. The kernel's own attack surface is what is left: a learner's kernel
cell that calls ``ptrace`` on a sibling process of the same uid, makes a user namespace to get
capabilities back inside it, loads a BPF program, or opens ``io_uring`` has no business in a
CUDA exercise. This module builds, with libseccomp (the library bubblewrap's own docs point to,
loaded through ctypes: Debian's ``libseccomp2``, which apt itself depends on), a BPF program that
makes those calls fail with EPERM (``clone3`` with ENOSYS, so that the C library falls back to
``clone``, whose flags the filter can read), and lets everything else through. bwrap loads it
(``--seccomp FD``) just before it starts the sandbox's first process, and every process after
that inherits it; a process cannot remove a filter.

The program is built once per machine and kept in the trusted side's cache; ``sandbox_argv``
opens it as fd 3 for bwrap, in a shell that runs before any learner code.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import errno
import functools
import hashlib
import os
from pathlib import Path

# refused with EPERM: debugging other processes, namespaces and mounts, kernel modules and
# keyrings, BPF and perf, io_uring and userfaultfd (frequent kernel bugs), the clock and the
# machine itself, and handle-based opens (a known way out of a container)
DENIED = (
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree",
    "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr",
    "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
    "keyctl", "add_key", "request_key",
    "bpf", "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register",
    "open_by_handle_at", "name_to_handle_at", "lookup_dcookie",
    "reboot", "swapon", "swapoff", "syslog", "acct", "quotactl", "vhangup",
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex", "sethostname", "setdomainname",
    "iopl", "ioperm", "fanotify_init", "nfsservctl", "uselib",
)
CLONE_NEW = 0x10000000 | 0x00020000 | 0x04000000 | 0x08000000 | 0x20000000 | 0x40000000 | 0x00000080 | 0x02000000
#           NEWUSER      NEWNS        NEWUTS       NEWIPC       NEWPID       NEWNET       NEWTIME      NEWCGROUP

_ALLOW = 0x7FFF0000
_CMP_MASKED_EQ = 7


def _errno_action(code: int) -> int:
    return 0x00050000 | (code & 0xFFFF)


class _ArgCmp(ctypes.Structure):
    _fields_ = [("arg", ctypes.c_uint), ("op", ctypes.c_int), ("datum_a", ctypes.c_uint64),
                ("datum_b", ctypes.c_uint64)]


class SeccompUnavailable(RuntimeError):
    pass


@functools.lru_cache(maxsize=1)
def _lib():
    name = ctypes.util.find_library("seccomp") or "libseccomp.so.2"
    try:
        lib = ctypes.CDLL(name, use_errno=True)
    except OSError:
        raise SeccompUnavailable("libseccomp is not installed; fix: sudo apt-get install -y libseccomp2") from None
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_rule_add_array.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint,
                                           ctypes.POINTER(_ArgCmp)]
    lib.seccomp_export_bpf.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    return lib


def build(path: Path) -> None:
    """Write the BPF program to ``path``."""
    lib = _lib()
    ctx = lib.seccomp_init(_ALLOW)
    if not ctx:
        raise SeccompUnavailable("seccomp_init failed")
    try:
        def rule(action, name, *cmps):
            nr = lib.seccomp_syscall_resolve_name(name.encode())
            if nr < 0:                           # not a call of this kernel's architecture
                return
            arr = (_ArgCmp * max(1, len(cmps)))(*cmps)
            rc = lib.seccomp_rule_add_array(ctx, action, nr, len(cmps), arr)
            if rc < 0:
                raise SeccompUnavailable(f"seccomp_rule_add({name}) failed: {os.strerror(-rc)}")
        for name in DENIED:
            rule(_errno_action(errno.EPERM), name)
        rule(_errno_action(errno.ENOSYS), "clone3")          # its flags sit behind a pointer
        for bit in _bits(CLONE_NEW):             # clone(flags) asking for any new namespace
            rule(_errno_action(errno.EPERM), "clone", _ArgCmp(0, _CMP_MASKED_EQ, bit, bit))
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            rc = lib.seccomp_export_bpf(ctx, fd)
        finally:
            os.close(fd)
        if rc < 0:
            raise SeccompUnavailable(f"seccomp_export_bpf failed: {os.strerror(-rc)}")
        os.replace(tmp, path)
    finally:
        lib.seccomp_release(ctx)


def _bits(mask: int):
    return [1 << i for i in range(64) if mask >> i & 1]


def program() -> str:
    """The path of the BPF program, built on first use in the trusted side's cache, and again
    whenever the file is gone (a cache cleaned under a long-lived grading worker, or a HOME that
    changed): a path remembered without its file would fail every later judge, 0 points each."""
    key = hashlib.sha1(repr((DENIED, CLONE_NEW)).encode()).hexdigest()[:12]
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tilelab"
    base.mkdir(parents=True, exist_ok=True)
    path = base / f"seccomp-{key}.bpf"
    if not path.is_file() or path.stat().st_size == 0:
        build(path)
    return str(path)


FD = 3
OPEN = f'exec {FD}<"$0" || exit 96; exec "$@"'


def sandbox_argv(argv: list[str]) -> list[str]:
    """``argv`` (prlimit, then bwrap with ``--seccomp 3``) started by a shell that opens the
    program as fd 3; bwrap reads it and closes it before the sandbox's first process runs."""
    return ["sh", "-c", OPEN, program()] + list(argv)
