"""A resident-memory and process cap per sandbox, where rlimits do not bind (issue 8).

``RLIMIT_AS`` is off on a GPU host (the CUDA driver maps far more address space than it
uses), so there a learner's cell could fill the machine's memory. A cgroup's memory limit
counts what is really resident, so it binds with CUDA too; its ``pids`` limit counts the
sandbox's tasks whatever their uid. Each sandbox uid slot (grading/sandbox/bwrap.py ``uid_slot``)
has its own group, ``tilelab/slot-<uid>``, in the cgroup v2 tree or in the v1 ``memory`` and
``pids`` hierarchies; a trusted ``sh`` joins it and then ``exec``s the sandbox, so every
process the learner starts is in it, and none can leave (the sandbox has no writable cgroupfs).

Only root can make the groups. Without them, ``why_unavailable()`` says why, and a GPU host's
sandboxes then have no memory limit: ``make grade`` says so.
"""
from __future__ import annotations

import functools
import os
from pathlib import Path

MOUNT = Path(os.environ.get("TILELAB_CGROUP_ROOT", "/sys/fs/cgroup"))
GROUP = "tilelab"

#: joins the groups named in $1 (space-separated cgroup.procs files), then runs the sandbox
JOIN = 'for f in $1; do echo $$ > "$f" || exit 97; done; shift; exec "$@"'


def _v2() -> bool:
    return (MOUNT / "cgroup.controllers").is_file()


def _write(path: Path, value) -> None:
    path.write_text(f"{value}\n")


@functools.lru_cache(maxsize=None)
def why_unavailable() -> str:
    """'' when per-sandbox groups can be made here, else the reason (cached)."""
    if os.geteuid() != 0:
        return "cgroups need root (make grade runs its sandboxes as root only)"
    try:
        if _v2():
            wanted = {"memory", "pids"}
            have = set((MOUNT / "cgroup.controllers").read_text().split())
            if not wanted <= have:
                return f"the cgroup v2 tree lacks the {', '.join(sorted(wanted - have))} controller"
            enabled = set((MOUNT / "cgroup.subtree_control").read_text().split())
            if not wanted <= enabled:
                _write(MOUNT / "cgroup.subtree_control", " ".join(f"+{c}" for c in sorted(wanted - enabled)))
            base = MOUNT / GROUP
            base.mkdir(exist_ok=True)
            _write(base / "cgroup.subtree_control", "+memory +pids")
        else:
            for controller in ("memory", "pids"):
                if not (MOUNT / controller).is_dir():
                    return f"no cgroup v1 {controller} hierarchy under {MOUNT}"
                (MOUNT / controller / GROUP).mkdir(exist_ok=True)
    except OSError as e:
        return f"cannot make cgroups under {MOUNT}: {e.strerror or e}"
    return ""


def slot_group(uid: int, memory: int, processes: int) -> list[str]:
    """The cgroup.procs files of uid's group, its limits (bytes, tasks; 0: none) set now;
    [] where no group can be made (the rlimits still apply)."""
    if why_unavailable():
        return []
    try:
        return _slot_group(f"slot-{uid}", memory, processes)
    except OSError:
        return []


def _slot_group(name: str, memory: int, processes: int) -> list[str]:
    if _v2():
        g = MOUNT / GROUP / name
        g.mkdir(exist_ok=True)
        _write(g / "memory.max", memory or "max")
        if (g / "memory.swap.max").exists():
            _write(g / "memory.swap.max", 0 if memory else "max")
        _write(g / "pids.max", processes or "max")
        return [str(g / "cgroup.procs")]
    mem = MOUNT / "memory" / GROUP / name
    pids = MOUNT / "pids" / GROUP / name
    mem.mkdir(exist_ok=True)
    pids.mkdir(exist_ok=True)
    limit = memory or -1
    swap = mem / "memory.memsw.limit_in_bytes"
    order = [mem / "memory.limit_in_bytes"] + ([swap] if swap.exists() else [])
    current = int((mem / "memory.limit_in_bytes").read_text())
    if limit == -1 or limit > current:
        order.reverse()   # memsw must stay >= the memory limit: raise it first, lower it last
    for f in order:
        _write(f, limit)
    _write(pids / "pids.max", processes or "max")
    return [str(mem / "cgroup.procs"), str(pids / "cgroup.procs")]


def wrap(procs: list[str], argv: list[str]) -> list[str]:
    """argv, started by a trusted shell that first joins the groups (no groups: argv itself)."""
    if not procs:
        return list(argv)
    return ["sh", "-c", JOIN, "sh", " ".join(procs)] + list(argv)
