"""bubblewrap sandboxes for every step that runs learner code (DESIGN §7, issue 8).

nbgrader executes a learner's notebook, and the judge compiles and runs the learner's kernel:
both are learner code. Each runs in its own fresh ``bwrap`` sandbox that holds only what it
needs, read-only: the Python environment (venv and base interpreter), the ``tilelab`` package,
the assignment's release, and a private writable copy of *this* submission. ``solutions/``,
``grading/`` (rubric, gradebook, other submissions), the reference kernels (the repository's
``kernels/``, the package's ``tilelab/kernels/``) and the instructor's home are simply not there.
Nothing written inside outlives the step.

How it is confined, and why each piece:

- namespaces: mount, PID (``--die-with-parent``: the whole tree dies with the step), network
  (no interface but ``lo``: the kernel talks to nbgrader over ``ipc`` sockets, which are files),
  IPC, UTS, cgroup. As root, bwrap's ``--unshare-all`` would also add a user namespace mapping
  root to root, inside which learner code would keep uid 0 (and ``RLIMIT_NPROC`` does not bind
  uid 0); so as root the namespaces are listed one by one, bwrap keeps only the three
  capabilities that ``setpriv`` needs (``--cap-drop ALL --cap-add ...``), and ``setpriv`` then
  drops to the sandbox uid with an empty bounding set and ``no_new_privs`` before the learner's
  first instruction. As an ordinary user, bwrap makes a user namespace and ``--cap-drop ALL``.
- one uid per concurrent sandbox (``uid_slot``): rlimits such as ``RLIMIT_NPROC`` count per
  uid, so a fork bomb in one sandbox cannot starve the honest learner graded next to it.
- rlimits set by ``prlimit`` on the sandbox (address space, processes, open files, file size,
  CPU seconds, no core files). On a GPU host the address-space limit is off (CUDA maps far
  more than it uses); there the slot's cgroup (grading/sandbox/cgroup.py: resident memory and tasks,
  made as root) is what bounds memory. Every sandbox of a slot runs in that group.
- ``/tmp`` and ``HOME`` are private tmpfs (size-capped); matplotlib's font list is built once
  by the trusted side and bound read-only, so a sandbox starts in milliseconds.
- on a GPU host, only the assigned GPU's device nodes (``gpu_device_nodes``).
- a seccomp filter (grading/sandbox/seccomp.py, loaded by bwrap before the first process) refuses the
  system calls learner code never needs: ptrace, namespaces and mounts, BPF, io_uring, modules.
"""
from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import tilelab

from grading.sandbox import cgroup, seccomp

TILELAB_PACKAGE = Path(tilelab.__file__).resolve().parent
#: where the tilelab package appears inside a sandbox (PYTHONPATH / the judge's sys.path)
TILELAB_MOUNT = "/opt/tilelab"
HOME = "/home/learner"
WORK = HOME + "/work"          # the private copy of the submission; the kernel's cwd
RELEASE = "/course/release"     # the assignment's release, read-only
UID_BASE = int(os.environ.get("TILELAB_SANDBOX_UID_BASE", "2000000000"))
UID_SLOTS = int(os.environ.get("TILELAB_SANDBOX_SLOTS", "256"))
USER = "tilelab-sandbox"
#: resident memory of a sandbox on a GPU host, at least: room for the judge's host-side copies
#: of the largest graded sizes (there the cgroup is the only memory limit)
GPU_RESIDENT = 16 << 30

FIX_USERNS = ("this host forbids unprivileged user namespaces, which bubblewrap needs when not run "
              "as root; fix: sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 (Ubuntu "
              ">= 23.10) or sudo sysctl -w kernel.unprivileged_userns_clone=1 (older Debian), or run "
              "make grade as root")
FIX_BWRAP = "bubblewrap is not installed; fix: sudo apt-get install -y bubblewrap"


class SandboxUnavailable(RuntimeError):
    """No working sandbox on this host; the message says why and how to fix it."""


@dataclasses.dataclass
class Limits:
    """rlimits of one sandbox (0: not limited)."""
    memory: int = 4 << 30         # RLIMIT_AS, bytes
    resident: int = 4 << 30       # the slot's cgroup memory limit, bytes (grading/sandbox/cgroup.py; binds with CUDA too)
    processes: int = 128          # RLIMIT_NPROC (threads count too), per sandbox uid
    open_files: int = 1024        # RLIMIT_NOFILE
    file_size: int = 256 << 20    # RLIMIT_FSIZE, bytes
    cpu_seconds: int = 1800       # RLIMIT_CPU
    tmp_size: int = 512 << 20     # size of the /tmp and HOME tmpfs

    def prlimit(self) -> list[str]:
        out = ["prlimit", "--core=0"]
        for flag, value in (("--as", self.memory), ("--nproc", self.processes), ("--nofile", self.open_files),
                            ("--fsize", self.file_size), ("--cpu", self.cpu_seconds)):
            if value:
                out.append(f"{flag}={int(value)}")
        return out + ["--"]


def is_root() -> bool:
    return os.geteuid() == 0


# ------------------------------------------------------------------ uids, one per sandbox
@contextlib.contextmanager
def uid_slot():
    """A uid no other running sandbox on this host uses (root only; else the caller's uid).

    Slots are flock()ed files in a root-only folder, held for the sandbox's life, so two
    Dask workers (or two ``make grade`` runs) never share a uid. The uids are numeric, from
    TILELAB_SANDBOX_UID_BASE (2,000,000,000: a range no distribution allocates); the
    ``tilelab-sandbox`` account that ``make grade`` creates owns the first of them.
    """
    if not is_root():
        yield os.getuid()
        return
    folder = Path(os.environ.get("TILELAB_SANDBOX_RUN", "/run/tilelab-sandbox"))
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    for k in range(UID_SLOTS):
        fd = os.open(folder / f"slot-{k}", os.O_CREAT | os.O_RDWR, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        try:
            yield UID_BASE + k
        finally:
            os.close(fd)
        return
    raise SandboxUnavailable(f"all {UID_SLOTS} sandbox uids are in use (TILELAB_SANDBOX_SLOTS)")


# ------------------------------------------------------------------ what is inside
def python_roots() -> list[str]:
    """The Python environment: the venv and the interpreter it was made from."""
    roots = []
    for p in (sys.prefix, sys.base_prefix, os.path.dirname(os.path.realpath(sys.executable))):
        p = os.path.realpath(p)
        if p.startswith("/usr/") or p == "/usr":
            continue
        if p.endswith("/bin") and any(os.path.realpath(r) == os.path.dirname(p) for r in roots):
            continue
        roots.append(p)
    out = []
    for r in roots:  # drop roots inside other roots
        if not any(r != o and r.startswith(o.rstrip("/") + "/") for o in roots):
            out.append(r)
    return sorted(set(out))


def python_executable() -> str:
    """This interpreter as the sandbox names it (the venv by its real path: .venv may be a link)."""
    inside = os.path.join(os.path.realpath(sys.prefix), "bin", os.path.basename(sys.executable))
    return inside if os.path.exists(inside) else os.path.realpath(sys.executable)


def inside_argv(argv: list[str]) -> list[str]:
    """``argv`` with this interpreter's path replaced by the one the sandbox has."""
    if argv and os.path.realpath(argv[0]) == os.path.realpath(sys.executable):
        return [python_executable()] + list(argv[1:])
    return list(argv)


def extra_python_paths() -> list[str]:
    """sys.path entries outside the environment that hold needed packages (the GPU host's
    wheels unpacked with ``pip --target``, named by PYTHONPATH), never the repository."""
    repo = os.path.realpath(TILELAB_PACKAGE.parent)
    out = []
    for p in os.environ.get("PYTHONPATH", "").split(os.pathsep):
        rp = os.path.realpath(p) if p else ""
        if rp and os.path.isdir(rp) and rp != repo and not rp.startswith(repo + "/"):
            out.append(rp)
    return out


def library_paths() -> tuple[list[str], dict]:
    """Folders of LD_LIBRARY_PATH / CUDA_PATH / CUDA_HOME outside /usr (a GPU host's driver and
    toolkit), to bind read-only, and those variables for the sandbox; never the repository."""
    repo = os.path.realpath(TILELAB_PACKAGE.parent)
    dirs, env = [], {}

    def usable(p):
        rp = os.path.realpath(p)
        return os.path.isdir(rp) and rp != repo and not rp.startswith(repo + "/")
    ld = [p for p in os.environ.get("LD_LIBRARY_PATH", "").split(os.pathsep) if p and usable(p)]
    if ld:
        env["LD_LIBRARY_PATH"] = os.pathsep.join(ld)
        dirs += ld
    for key in ("CUDA_PATH", "CUDA_HOME"):
        v = os.environ.get(key)
        if v and usable(v):
            env[key] = v
            dirs.append(v)
    out = []
    for d in dirs:
        rp = os.path.realpath(d)
        if not (rp == "/usr" or rp.startswith("/usr/")) and rp not in out:
            out.append(rp)
    return out, env


def gpu_device_nodes(index: int | None, dev: str = "/dev") -> list[str]:
    """Device nodes for one GPU: /dev/nvidia<minor>, nvidiactl, nvidia-uvm (and -tools).

    ``index`` is the GPU's minor number, which nvidia-smi calls "Minor Number" and is the
    index the driver enumerates on every host we know. None: no GPU at all.
    """
    if index is None:
        return []
    names = [f"nvidia{int(index)}", "nvidiactl", "nvidia-uvm", "nvidia-uvm-tools"]
    return [os.path.join(dev, n) for n in names if os.path.exists(os.path.join(dev, n))]


def assigned_gpu() -> int | None:
    """The one GPU this worker owns (CUDA_VISIBLE_DEVICES=<one index>), else None.

    With no CUDA_VISIBLE_DEVICES at all (one grading process on a GPU host, not a Dask worker),
    the sandbox gets GPU 0 when the GPU backend may run (TILELAB_BACKEND is not "emu") and the
    host has one; "" or several indices give none."""
    v = os.environ.get("CUDA_VISIBLE_DEVICES")
    if v is None:
        if os.environ.get("TILELAB_BACKEND", "").strip().lower() == "emu":
            return None
        return 0 if os.path.exists("/dev/nvidia0") else None
    v = v.strip()
    return int(v) if v.isdigit() else None


def font_cache() -> str | None:
    """matplotlib's font list, built by the trusted side (once, and again whenever the file is gone:
    bwrap refuses to bind a missing path, so a cleaned cache would fail every later judge); bound
    read-only into sandboxes."""
    try:
        import matplotlib
    except ImportError:
        return None
    key = hashlib.sha1(f"{matplotlib.__version__}:{sys.prefix}".encode()).hexdigest()[:12]
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tilelab" / f"mpl-{key}"
    found = sorted(base.glob("fontlist-*.json")) if base.is_dir() else []
    if not found:
        base.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-c", "import matplotlib.font_manager"], env=dict(
            PATH=os.environ.get("PATH", "/usr/bin:/bin"), MPLCONFIGDIR=str(base), HOME=str(base)),
            capture_output=True, timeout=300, cwd=str(base))
        found = sorted(base.glob("fontlist-*.json"))
    return str(found[-1]) if found else None


@dataclasses.dataclass
class Sandbox:
    """One sandbox: what it binds, its limits, its environment. ``command(argv)`` wraps argv."""
    uid: int
    work: str | None = None            # host folder bound read-write at WORK (the private copy)
    release: str | None = None         # host folder bound read-only at RELEASE
    ro: list = dataclasses.field(default_factory=list)   # (host, inside) read-only
    rw: list = dataclasses.field(default_factory=list)   # (host, inside) read-write (the ipc folder)
    env: dict = dataclasses.field(default_factory=dict)
    limits: Limits = dataclasses.field(default_factory=Limits)
    gpu: int | None = None
    chdir: str | None = None
    tilelab_on_path: bool = True       # PYTHONPATH=/opt/tilelab (the judge uses -I and its own path)

    def command(self, argv: list[str]) -> list[str]:
        args = ["bwrap", "--die-with-parent", "--new-session", "--seccomp", str(seccomp.FD),
                "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try"]
        root = is_root()
        if root:
            # keep only what setpriv needs to drop to the sandbox uid (then: nothing)
            args += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID",
                     "--cap-add", "CAP_SETPCAP"]
        else:
            args += ["--unshare-user", "--disable-userns", "--cap-drop", "ALL"]
        for name in ("bin", "lib", "lib32", "lib64", "libx32", "sbin"):
            host = "/" + name
            if os.path.islink(host):
                args += ["--symlink", os.readlink(host), host]
            elif os.path.isdir(host):
                args += ["--ro-bind", host, host]
        args += ["--ro-bind", "/usr", "/usr",
                 # NVRTC sees only the headers of the wheels in the venv: no system headers
                 "--tmpfs", "/usr/include", "--tmpfs", "/usr/local/include"]
        args += ["--perms", "0755", "--dir", "/etc"]  # else bwrap makes it 0700: other uids could not read it
        for f in ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime", "/etc/alternatives"):
            args += ["--ro-bind-try", f, f]
        args += ["--proc", "/proc", "--dev", "/dev"]
        for node in gpu_device_nodes(self.gpu):
            args += ["--dev-bind", node, node]
        if self.gpu is not None:
            args += ["--ro-bind-try", "/sys", "/sys"]  # the CUDA driver reads the PCI topology
        size = str(int(self.limits.tmp_size))
        args += ["--perms", "1777", "--size", size, "--tmpfs", "/tmp",
                 "--dir", "/home", "--perms", "1777", "--size", size, "--tmpfs", HOME]
        lib_dirs, lib_env = library_paths()
        binds = [(p, p) for p in python_roots() + extra_python_paths() + lib_dirs]
        binds.append((str(TILELAB_PACKAGE), TILELAB_MOUNT + "/tilelab"))
        fonts = font_cache()
        if fonts:
            binds.append((fonts, f"{HOME}/.config/matplotlib/{os.path.basename(fonts)}"))
        if self.release:
            binds.append((self.release, RELEASE))
        binds += list(self.ro)
        made = set()
        for host, inside in binds:
            args += _parents(inside, made) + ["--ro-bind", host, inside]
        # the reference kernels are the package's data (tilelab/kernels/, solutions included): out of sight,
        # as the repository's kernels/ is
        args += ["--tmpfs", TILELAB_MOUNT + "/tilelab/kernels"]
        rw = list(self.rw) + ([(self.work, WORK)] if self.work else [])
        for host, inside in rw:
            args += _parents(inside, made) + ["--bind", host, inside]
        env = {"HOME": HOME, "USER": "learner", "LOGNAME": "learner", "LANG": "C.UTF-8", "TMPDIR": "/tmp",
               "PATH": os.pathsep.join([os.path.join(os.path.realpath(sys.prefix), "bin"), "/usr/bin", "/bin"]),
               "MPLCONFIGDIR": f"{HOME}/.config/matplotlib", "MPLBACKEND": "Agg",
               "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
               "PYDEVD_DISABLE_FILE_VALIDATION": "1", "PYTHONDONTWRITEBYTECODE": "1"}
        paths = extra_python_paths()
        if self.tilelab_on_path:
            paths = [TILELAB_MOUNT] + paths
        if paths:
            env["PYTHONPATH"] = os.pathsep.join(paths)
        env.update(lib_env)
        if self.gpu is not None:
            env["CUDA_VISIBLE_DEVICES"] = str(self.gpu)
        env.update(self.env)
        args += ["--clearenv"]
        for k, v in sorted(env.items()):
            args += ["--setenv", k, str(v)]
        args += ["--chdir", self.chdir or (WORK if self.work else HOME)]
        if root:
            args += ["--", "setpriv", f"--reuid={self.uid}", f"--regid={self.uid}", "--clear-groups",
                     "--bounding-set=-all", "--inh-caps=-all", "--no-new-privs", "--"]
        else:
            args += ["--"]
        limits = self.limits
        resident = limits.resident
        if self.gpu is not None:
            if limits.memory:
                limits = dataclasses.replace(limits, memory=0)   # CUDA reserves far more than it uses
            resident = max(resident, GPU_RESIDENT) if resident else 0
        # bwrap and its init run in the group too: a few tasks on top of the learner's
        procs = cgroup.slot_group(self.uid, resident, limits.processes + 8 if limits.processes else 0) \
            if is_root() else []
        return cgroup.wrap(procs, seccomp.sandbox_argv(limits.prlimit() + args + inside_argv(argv)))


def _parents(inside: str, made: set) -> list[str]:
    """``--dir`` for every missing parent of ``inside``, world-searchable (bwrap would copy
    the host's modes, and /root is 0700 on the host)."""
    out = []
    parts = Path(inside).parent.parts
    for i in range(2, len(parts) + 1):
        d = str(Path(*parts[:i]))
        if d in made or d in ("/tmp", HOME, "/usr", "/proc", "/dev"):
            continue
        made.add(d)
        # under HOME the learner must be able to write (matplotlib checks its config dir)
        out += ["--perms", "1777" if d.startswith(HOME + "/") else "0755", "--dir", d]
    made.add(inside)
    return out


def host_env() -> dict:
    """The environment bwrap itself starts with (the sandbox's own is set by --setenv)."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin") + ":/usr/sbin:/sbin"}


# ------------------------------------------------------------------ private copies
def private_copy(src: str | None, uid: int, parent: str | None = None) -> str:
    """A fresh folder owned by ``uid`` (a copy of ``src`` when given), inside a root-only scratch dir."""
    scratch = tempfile.mkdtemp(prefix="tilelab-sandbox-", dir=parent)
    os.chmod(scratch, 0o711)
    dst = os.path.join(scratch, "work")
    if src:
        shutil.copytree(src, dst, symlinks=True, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    else:
        os.mkdir(dst)
    chown_tree(dst, uid)
    return dst


def chown_tree(path: str, uid: int) -> None:
    if not is_root():
        return
    for dirpath, dirs, files in os.walk(path):
        os.lchown(dirpath, uid, uid)
        for n in files + dirs:
            os.lchown(os.path.join(dirpath, n), uid, uid)


def remove_private(work: str) -> None:
    """Delete a private copy and its scratch parent: nothing of the learner survives the step."""
    scratch = os.path.dirname(work)
    shutil.rmtree(scratch if os.path.basename(scratch).startswith("tilelab-sandbox-") else work,
                  ignore_errors=True)


# ------------------------------------------------------------------ capped pipes
class CappedReader(threading.Thread):
    """Reads a pipe to the end, keeping at most ``limit`` bytes: a 200 MB print costs nothing."""

    def __init__(self, stream, limit: int):
        super().__init__(daemon=True)
        self.stream, self.limit = stream, limit
        self.chunks: list[bytes] = []
        self.kept = 0
        self.dropped = 0

    def run(self):
        for chunk in iter(lambda: self.stream.read(65536), b""):
            room = self.limit - self.kept
            if room > 0:
                self.chunks.append(chunk[:room])
                self.kept += min(room, len(chunk))
            self.dropped += max(0, len(chunk) - max(room, 0))

    @property
    def data(self) -> bytes:
        return b"".join(self.chunks)


# ------------------------------------------------------------------ does it work here?
_probe_lock = threading.Lock()
_probe_result: list = []


def probe() -> str:
    """'' when a sandbox works on this host, else the reason with its fix (cached)."""
    with _probe_lock:
        if not _probe_result:
            _probe_result.append(_probe())
        return _probe_result[0]


def _probe() -> str:
    if not shutil.which("bwrap"):
        return FIX_BWRAP
    for tool in ("prlimit",) + (("setpriv",) if is_root() else ()):
        if not shutil.which(tool):
            return f"{tool} (util-linux) is not installed; fix: sudo apt-get install -y util-linux"
    try:
        seccomp.program()
    except (seccomp.SeccompUnavailable, OSError) as e:
        return f"no seccomp filter for the sandbox: {e}"
    with uid_slot() as uid:
        cmd = Sandbox(uid=uid).command([sys.executable, "-I", "-c", "import os; print(os.getuid())"])
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=60, env=host_env())
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"bubblewrap could not start a sandbox: {e}"
    if r.returncode == 0 and r.stdout.strip() == str(uid):
        return ""
    err = (r.stderr or r.stdout).strip().splitlines()
    first = err[-1] if err else f"exit {r.returncode}"
    if any(w in first for w in ("namespace", "uid map", "Operation not permitted", "setting up uid")):
        return f"bubblewrap could not start a sandbox ({first}): {FIX_USERNS}"
    return f"bubblewrap could not start a sandbox: {first}"


def required() -> bool:
    """REQUIRE_SANDBOX=1 (CI): a missing sandbox is an error, never a quiet fallback."""
    return os.environ.get("REQUIRE_SANDBOX", "") == "1"


def unsafe() -> bool:
    """UNSAFE=1: the instructor chose to grade without a sandbox (every output line says so)."""
    return os.environ.get("TILELAB_UNSAFE", os.environ.get("UNSAFE", "")) == "1"


def use_sandbox() -> bool:
    """True: learner code runs sandboxed. No sandbox here: an error, unless UNSAFE=1 was chosen."""
    if unsafe() and not required():
        return False
    why = probe()
    if why:
        raise SandboxUnavailable(why + " (or grade without a sandbox, at your own risk: make grade UNSAFE=1)")
    return True
