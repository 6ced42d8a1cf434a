"""The sandbox itself (grading/sandbox/bwrap.py), attacked from inside: each test runs a little Python
in a fresh sandbox and checks that what it tried failed (seconds, not minutes)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import sandbox as sb  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _need_sandbox():
    why = sb.probe()
    if why and not sb.required():
        pytest.skip(f"no sandbox on this host: {why}")
    assert not why, why


def run_inside(code: str, *, limits=None, work=None, ro=(), timeout=120):
    with sb.uid_slot() as uid:
        box = sb.Sandbox(uid=uid, work=work, ro=list(ro), limits=limits or sb.Limits())
        cmd = box.command([sys.executable, "-I", "-c", code])
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=sb.host_env())
    return r


def test_inside_is_an_unprivileged_uid_with_no_capabilities_and_no_way_to_remount():
    r = run_inside(
        "import json, os, subprocess\n"
        "st = dict(l.split(':\\t', 1) for l in open('/proc/self/status').read().splitlines() if ':\\t' in l)\n"
        "m = subprocess.run(['mount', '-o', 'remount,rw,bind', '/usr'], capture_output=True)\n"
        "print(json.dumps({'uid': os.getuid(), 'eff': st['CapEff'], 'bnd': st['CapBnd'], 'prm': st['CapPrm'],\n"
        "  'nnp': st['NoNewPrivs'].strip(), 'mount': m.returncode, 'pid': os.getpid()}))")
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["uid"] != 0
    assert int(got["eff"], 16) == int(got["prm"], 16) == int(got["bnd"], 16) == 0
    assert got["nnp"] == "1"
    assert got["mount"] != 0
    assert got["pid"] < 10  # its own PID namespace


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="bpf and io_uring_setup by their x86_64 numbers")
def test_the_system_calls_learner_code_never_needs_are_refused():
    # grading/sandbox/seccomp.py: the filter bwrap loads; ordinary work (fork, threads, numpy) still runs
    r = run_inside(
        "import ctypes, errno, json, os, threading\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "def call(name, *a):\n"
        "    return 'ok' if getattr(libc, name)(*a) == 0 else errno.errorcode[ctypes.get_errno()]\n"
        "pid = os.fork()\n"
        "if pid == 0: os._exit(7)\n"
        "t = threading.Thread(target=lambda: None); t.start(); t.join()\n"
        "import numpy\n"
        "st = dict(l.split(':\\t', 1) for l in open('/proc/self/status').read().splitlines() if ':\\t' in l)\n"
        "print(json.dumps({'ptrace': call('ptrace', 0, 0, 0, 0), 'userns': call('unshare', 0x10000000),\n"
        "  'mountns': call('unshare', 0x00020000), 'bpf': call('syscall', 321, 0, 0, 0),\n"
        "  'io_uring': call('syscall', 425, 1, 0), 'fork': os.waitpid(pid, 0)[1] >> 8,\n"
        "  'numpy': int(numpy.arange(4).sum()), 'mode': st['Seccomp'].strip(), 'fd3': os.path.exists('/proc/self/fd/3')}))")
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["mode"] == "2" and not got["fd3"]               # filtered; bwrap closed the program's fd
    assert got["ptrace"] == got["userns"] == got["mountns"] == got["bpf"] == got["io_uring"] == "EPERM"
    assert got["fork"] == 7 and got["numpy"] == 6


def test_only_the_environment_and_tilelab_are_there_not_the_repository():
    r = run_inside(
        "import os, sys, json\n"
        f"repo = {str(ROOT)!r}\n"
        "print(json.dumps({'repo': [p for p in ('solutions', 'grading', 'kernels', 'exercises') if os.path.exists(os.path.join(repo, p))],\n"
        "  'home': os.listdir(os.environ['HOME']), 'root_home': os.path.exists('/root/.bashrc'),\n"
        "  'tilelab': os.listdir('/opt/tilelab'), 'usr_include': os.listdir('/usr/include'),\n"
        "  'kernels': os.listdir('/opt/tilelab/tilelab/kernels'),\n"
        "  'numpy': __import__('numpy').__name__}))")
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["repo"] == [] and not got["root_home"]
    assert got["tilelab"] == ["tilelab"] and got["usr_include"] == []
    assert got["kernels"] == [] and any((ROOT / "tilelab" / "kernels").glob("*.cu"))   # the solutions stay out
    assert got["numpy"] == "numpy"


def test_the_file_system_is_read_only_but_the_private_copy(tmp_path):
    with sb.uid_slot() as uid:
        work = sb.private_copy(None, uid, parent=str(tmp_path))
    try:
        r = run_inside(
            "import os, sys, sysconfig\n"
            "bad = []\n"
            "for p in [sysconfig.get_paths()['purelib'] + '/x.pth', '/opt/tilelab/tilelab/x.py', '/usr/x', '/x']:\n"
            "    try:\n"
            "        open(p, 'w').write('x'); bad.append(p)\n"
            "    except OSError:\n"
            "        pass\n"
            "open('mine.txt', 'w').write('ok'); open('/tmp/t', 'w').write('ok')\n"
            "print('BAD', bad)", work=work)
        assert "BAD []" in r.stdout, r.stdout + r.stderr
        assert (Path(work) / "mine.txt").read_text() == "ok"
    finally:
        sb.remove_private(work)
    assert not Path(work).exists()


def test_no_network_not_even_the_hosts_loopback():
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    port = s.getsockname()[1]
    r = run_inside("import socket\ntry:\n    socket.create_connection(('127.0.0.1', %d), timeout=3); print('CONNECTED')\n"
                   "except OSError as e:\n    print('refused', e)" % port)
    s.close()
    assert "refused" in r.stdout and "CONNECTED" not in r.stdout


def test_limits_bind_processes_memory_and_file_size():
    limits = sb.Limits(memory=1 << 30, processes=32, file_size=1 << 20)
    r = run_inside(
        "import subprocess, os\n"
        "n = 0\n"
        "try:\n"
        "    procs = [subprocess.Popen(['sleep', '30']) for _ in range(60)]\n"
        "except (OSError, BlockingIOError):\n"
        "    print('nproc-limited')\n"
        "try:\n"
        "    b = bytearray(2 << 30)\n"
        "except MemoryError:\n"
        "    print('memory-limited')\n"
        "try:\n"
        "    open('/tmp/big', 'wb').write(b'x' * (2 << 20))\n"
        "except OSError:\n"
        "    print('fsize-limited')\n", limits=limits)
    assert "nproc-limited" in r.stdout, r.stdout + r.stderr
    assert "memory-limited" in r.stdout
    assert "fsize-limited" in r.stdout or r.returncode != 0  # SIGXFSZ or EFBIG


def test_resident_memory_is_capped_where_the_address_space_is_not():
    """A GPU host has no RLIMIT_AS (CUDA); the slot's cgroup still caps what a learner touches."""
    from grading.sandbox import cgroup
    if cgroup.why_unavailable():
        pytest.skip(f"no cgroups here: {cgroup.why_unavailable()}")
    touch = ("b = bytearray({mb} << 20)\n"
             "b[::4096] = b'x' * len(b[::4096])\n"
             "print('touched', len(b) >> 20)\n")
    limits = sb.Limits(memory=0, resident=256 << 20)
    small = run_inside(touch.format(mb=64), limits=limits)
    assert small.returncode == 0 and "touched 64" in small.stdout, small.stderr
    big = run_inside(touch.format(mb=768), limits=limits)
    assert big.returncode == -9 or big.returncode == 137, (big.returncode, big.stdout, big.stderr)
    assert "touched" not in big.stdout
    again = run_inside(touch.format(mb=768), limits=sb.Limits(memory=0, resident=2 << 30))
    assert again.returncode == 0, again.stderr      # the same slot, its limit raised: it fits now


def test_nothing_outlives_the_sandbox():
    r = run_inside("import subprocess\nfor _ in range(5):\n    subprocess.Popen(['sleep', '300'], start_new_session=True)\n"
                   "print('started')")
    assert "started" in r.stdout
    left = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                cmd = (d / "cmdline").read_bytes()
                uid = int(next(l for l in (d / "status").read_text().splitlines() if l.startswith("Uid:")).split()[1])
            except (OSError, StopIteration):
                continue
            if cmd.startswith(b"sleep\x00300") and uid >= sb.UID_BASE:
                left.append(d.name)
    assert left == []


def test_concurrent_sandboxes_get_different_uids():
    with sb.uid_slot() as a, sb.uid_slot() as b:
        assert a != b


def test_gpu_device_nodes_are_only_the_assigned_gpu(tmp_path):
    for name in ("nvidia0", "nvidia1", "nvidia2", "nvidiactl", "nvidia-uvm", "nvidia-modeset"):
        (tmp_path / name).write_text("")
    got = [os.path.basename(p) for p in sb.gpu_device_nodes(1, dev=str(tmp_path))]
    assert got == ["nvidia1", "nvidiactl", "nvidia-uvm"]
    assert sb.gpu_device_nodes(None, dev=str(tmp_path)) == []
    box = sb.Sandbox(uid=sb.UID_BASE, gpu=1)
    cmd = box.command(["true"])
    assert "CUDA_VISIBLE_DEVICES" in cmd and cmd[cmd.index("CUDA_VISIBLE_DEVICES") + 1] == "1"
    assert not any(a.startswith("--as=") for a in cmd)  # no address-space limit under CUDA


def test_refuses_without_a_sandbox_unless_unsafe(tmp_path):
    """make grade on a host with no bubblewrap: exit 2 with the fix; UNSAFE=1 says UNSAFE on every line."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    env = {"PATH": str(bin_dir), "HOME": str(tmp_path), "PYTHONPATH": str(ROOT),
           "TILELAB_PROGRESS": "0"}        # the messages alone, without the progress bar
    course = tmp_path / "course"
    (course / "submitted").mkdir(parents=True)
    cmd = [sys.executable, "-m", "grading", "--course-dir", str(course)]
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "apt-get install -y bubblewrap" in r.stdout and "UNSAFE=1" in r.stdout
    r = subprocess.run(cmd, env=dict(env, UNSAFE="1"), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = [line for line in r.stdout.splitlines() if line.strip()]
    assert lines and all(line.startswith("UNSAFE") for line in lines), r.stdout


def test_assigned_gpu_follows_cuda_visible_devices(monkeypatch):
    """A Dask GPU worker's one index; none for "" or a list; with no variable at all, GPU 0 on a host
    that has one unless the emulator is asked for (one grading process on a GPU host)."""
    for value, want in (("3", 3), ("", None), ("0,1", None)):
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", value)
        assert sb.assigned_gpu() == want, value
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES")
    monkeypatch.setenv("TILELAB_BACKEND", "emu")
    assert sb.assigned_gpu() is None
    monkeypatch.setenv("TILELAB_BACKEND", "gpu")
    assert sb.assigned_gpu() == (0 if os.path.exists("/dev/nvidia0") else None)


def test_a_seccomp_program_whose_file_is_gone_is_built_again(tmp_path, monkeypatch):
    """A long-lived grading worker whose cache is cleaned (or whose HOME changed) must not hand
    bwrap a path without its file: every later judge would fail, 0 points each."""
    from grading.sandbox import seccomp
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "first"))
    first = Path(seccomp.program())
    assert first.is_file() and first.stat().st_size > 0
    first.unlink()
    again = Path(seccomp.program())
    assert again.is_file() and again.stat().st_size > 0
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "second"))
    moved = Path(seccomp.program())
    assert moved.parent.parent == tmp_path / "second" and moved.is_file()


def test_a_font_list_whose_file_is_gone_is_built_again(tmp_path, monkeypatch):
    """The font list bound into every sandbox: bwrap refuses a missing source path, so a cache
    cleaned under a grading worker must be rebuilt, not remembered."""
    pytest.importorskip("matplotlib")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = sb.font_cache()
    assert first and Path(first).is_file()
    Path(first).unlink()
    again = sb.font_cache()
    assert again and Path(again).is_file()
