"""Hardware counters from Nsight Compute, for the gpu backend's metrics and the fidelity bench.

``ncu_metrics(kernel, grid, block, args)`` runs the kernel once under
``ncu --metrics ...`` in a subprocess of its own (``tilelab.gpu.runone``) and maps the
counters onto the metric keys of DESIGN §2, next to the raw values:

==========================  ==============================================================
``shared_ld_wavefronts``    ``l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum`` (LDS and LDSM)
``shared_st_wavefronts``    ``l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum``
``ldmatrix_wavefronts``     ``sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum``
``shared_ld_requests``      ``smsp__inst_executed_op_shared_ld.sum`` + ``..._op_ldsm.sum``
``shared_st_requests``      ``smsp__inst_executed_op_shared_st.sum``
``ldmatrix_requests``       ``smsp__inst_executed_op_ldsm.sum``
``cp_async_requests``       ``smsp__sass_inst_executed_op_ldgsts.sum`` (LDGSTS that ran; predicated-off ones are not in it)
``cp_async_st_wavefronts``  ``sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum`` (their shared writes)
``global_ld_requests``      ``l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum``
``global_ld_sectors``       ``l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum``
``global_st_requests``      ``l1tex__t_requests_pipe_lsu_mem_global_op_st.sum``
``global_st_sectors``       ``l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum``
``shared_atom_requests``    ``smsp__inst_executed_op_shared_atom.sum`` (ATOMS only: a generic ATOM
                            that lands in shared memory is no shared request)
``shared_atom_wavefronts``  ``l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum`` (ATOMS and
                            generic ATOM: emu/counters/metrics.py has the bank rule)
``tma_requests``            ``sm__sass_inst_executed_op_tma.sum`` (UTMALDG, UTMASTG, UBLKCP...: the copies
                            issued; not ``sm__inst_executed_pipe_tma``, which also counts a bulk group's
                            commit: 24 against 16 copies for collection/repro_hopper.cu's store)
``tma_ld_sectors``          ``l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld.sum`` (the sectors its
                            loads bring from L2)
``tma_st_sectors``          ``l1tex__m_l1tex2xbar_write_sectors_mem_global_op_tma_st.sum`` (its stores')
                            (the H200's names: bench/results/ncu_tma_metrics-2026-12-02.txt; equal to the
                            emulator's in bench/results/fidelity-2026-12-02-hopper.json)
``instructions``            ``smsp__inst_executed.sum`` (warp-level)
``flops``                   2·FFMA + FADD + FMUL thread instructions (fp32 only)
==========================  ==============================================================

A shared request is every warp-level instruction executed, its lanes all predicated off included
(the ``..._requests`` keys of the emulator count the same way; bench/gpu_predicated_requests.py);
a global request is an L1TEX request, which a warp with no lane on does not send (on the H200
``l1tex__t_requests`` = ``smsp__inst_executed_op_global_ld/st`` minus its ``_pred_off_all``
count, bench/results/fidelity-2026-12-01-run1.json.gz). Shared requests include even
``@!PT LDS RZ, [RZ]``, whose predicate is never true: ptxas puts 3 before each run of
LDGSTS, and ``smsp__inst_executed_op_shared_ld`` counts them (tilelab/emu/counters/ifconvert.py).
ncu counts SASS, not PTX: ptxas may merge accesses (DESIGN §4), which is why the
fidelity bench also shows the SASS mix. The clocks are left alone (``--clock-control
none``). When ncu is missing or cannot read the counters, ``NcuUnavailable`` says why;
the gpu backend then reports metrics as null.
"""
from __future__ import annotations

import csv
import glob
import io
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..errors import TilelabError
from .spec import check_geometry, kernel_spec, pack_args
from .worker import default_session

__all__ = ["ncu_metrics", "ncu_profile", "find_ncu", "NcuUnavailable", "CounterPermission", "METRICS", "parse_ncu_csv",
           "map_metrics", "requested"]

_PKG_ROOT = str(Path(__file__).resolve().parents[2])

METRICS = [
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "smsp__inst_executed_op_shared_ld.sum",
    "smsp__inst_executed_op_shared_st.sum",
    "smsp__inst_executed_op_ldsm.sum",
    "smsp__sass_inst_executed_op_ldgsts.sum",
    "sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "smsp__inst_executed_op_shared_atom.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
    "sm__sass_inst_executed_op_tma.sum",
    "l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld.sum",
    "l1tex__m_l1tex2xbar_write_sectors_mem_global_op_tma_st.sum",
    "smsp__inst_executed.sum",
    "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum",
    "gpu__time_duration.sum",
]


class NcuUnavailable(TilelabError):
    title = "ncu"


class CounterPermission(NcuUnavailable):
    """ncu ran but the driver let it read no counters (ERR_NVGPUCTRPERM): the usual state of a
    learner's own Linux or Windows machine, where only administrators may profile."""
    title = "ncu: no permission for the GPU's performance counters"


PERMISSION_HELP = """\
Nsight Compute may not read this GPU's performance counters (ERR_NVGPUCTRPERM): by default the
NVIDIA driver lets only administrators profile. To allow it:
  Linux:   echo 'options nvidia NVreg_RestrictProfilingToAdminUsers=0' | sudo tee /etc/modprobe.d/nvidia-profiling.conf
           then reboot (or reload the nvidia kernel module); or run Jupyter as root for one session
  Windows / WSL2: NVIDIA Control Panel > Desktop > Enable Developer Settings, then Developer >
           Manage GPU Performance Counters > "Allow access to the GPU performance counters to all users"
  Details: https://developer.nvidia.com/ERR_NVGPUCTRPERM
Meanwhile the emulator's counts (exact for the PTX the GPU runs) need no permission:
  tl.profile(kernel, problem, backend="emu")   or   tilelab run FILE.cu KERNEL ... --backend emu"""


def explain(text: str, returncode: int) -> NcuUnavailable | None:
    """The learner-facing error for an ncu run that failed for a known reason, else None."""
    if "ERR_NVGPUCTRPERM" in text:
        return CounterPermission(PERMISSION_HELP)
    return None


def find_ncu() -> str:
    env = os.environ.get("TILELAB_NCU")
    if env:
        return env
    w = shutil.which("ncu")
    if w:
        return w
    for pat in ("/usr/local/cuda/bin/ncu", "/usr/local/cuda-*/bin/ncu",
                "/opt/nvidia/nsight-compute/*/ncu", "/usr/local/cuda/nsight-compute*/ncu"):
        hits = sorted(glob.glob(pat), reverse=True)
        if hits:
            return hits[0]
    raise NcuUnavailable("Nsight Compute (ncu) not found; install it or set TILELAB_NCU")


def _num(v: str):
    v = (v or "").strip().replace(",", "")
    if v in ("", "n/a", "N/A"):
        return None
    try:
        f = float(v)
    except ValueError:
        return v
    return int(f) if f.is_integer() else f


def parse_ncu_csv(text: str) -> list[dict]:
    """Rows of ``ncu --csv --page raw`` (one per profiled kernel launch), values parsed.
    Lines that are not CSV (``==PROF==`` messages, the program's own output) are skipped."""
    lines = [ln for ln in text.splitlines() if ln.startswith('"')]
    if not lines:
        return []
    rows = list(csv.reader(io.StringIO("\n".join(lines))))
    header, body = rows[0], rows[1:]
    if body and (not body[0] or body[0][0].strip() == ""):   # the units row
        body = body[1:]
    out = []
    for r in body:
        d = {}
        for k, v in zip(header, r):
            d[k] = v if k in ("Kernel Name", "Process Name", "Host Name", "Block Size",
                              "Grid Size", "Device", "Context", "Stream") else _num(v)
        out.append(d)
    return out


def _get(raw, name):
    v = raw.get(name)
    return v if isinstance(v, (int, float)) else None


def _add(*vals):
    if any(v is None for v in vals):
        return None
    return int(sum(vals))


def map_metrics(raw: dict) -> dict:
    """ncu's counters -> the metric keys of DESIGN §2 (ints, or None when missing)."""
    g = lambda n: _get(raw, n)  # noqa: E731
    ld_inst = g("smsp__inst_executed_op_shared_ld.sum")
    ldsm_inst = g("smsp__inst_executed_op_ldsm.sum")
    ffma = g("smsp__sass_thread_inst_executed_op_ffma_pred_on.sum")
    fadd = g("smsp__sass_thread_inst_executed_op_fadd_pred_on.sum")
    fmul = g("smsp__sass_thread_inst_executed_op_fmul_pred_on.sum")
    return {
        "shared_ld_requests": _add(ld_inst, ldsm_inst or 0) if ld_inst is not None else None,
        "shared_ld_wavefronts": _add(g("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum")),
        "shared_st_requests": _add(g("smsp__inst_executed_op_shared_st.sum")),
        "shared_st_wavefronts": _add(g("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum")),
        "ldmatrix_requests": _add(ldsm_inst),
        "ldmatrix_wavefronts": _add(g("sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum")),
        "cp_async_requests": _add(g("smsp__sass_inst_executed_op_ldgsts.sum")),
        "cp_async_st_wavefronts": _add(g("sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum")),
        "global_ld_requests": _add(g("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum")),
        "global_ld_sectors": _add(g("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")),
        "global_st_requests": _add(g("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum")),
        "global_st_sectors": _add(g("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum")),
        "shared_atom_requests": _add(g("smsp__inst_executed_op_shared_atom.sum")),
        "shared_atom_wavefronts": _add(g("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum")),
        "tma_requests": _add(g("sm__sass_inst_executed_op_tma.sum")),
        "tma_ld_sectors": _add(g("l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld.sum")),
        "tma_st_sectors": _add(g("l1tex__m_l1tex2xbar_write_sectors_mem_global_op_tma_st.sum")),
        "instructions": _add(g("smsp__inst_executed.sum")),
        "flops": _add(2 * ffma, fadd, fmul) if None not in (ffma, fadd, fmul) else None,
    }


def requested(row: dict, metrics=None) -> dict:
    """The values of the requested metrics only (the raw page also carries every device
    attribute and the .avg/.min/.max roll-ups)."""
    names = list(metrics or METRICS)
    return {k: row[k] for k in names if k in row}


def _write_request(path, launches):
    with open(path, "wb") as fh:
        pickle.dump(launches, fh)


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([_PKG_ROOT] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return env


def _resolve_arch(arch):
    if arch:
        return arch
    return default_session().arch


def pack_launch(kernel, grid, block, args, shared, arch):
    grid, block = check_geometry(grid, block)
    return (kernel_spec(kernel, arch), grid, block, pack_args(kernel.name, kernel.params, args), int(shared))


def ncu_profile(launches, *, metrics=None, timeout: float = 900, ncu: str | None = None,
                extra_args=(), runner=("-m", "tilelab.gpu.runone")) -> list[dict]:
    """Profile packed launches ``[(spec, grid, block, packed, shared), ...]`` in one ncu run.
    Returns one raw row per launch, in launch order, each with ``"Kernel Name"``.
    ``runner``: the Python program ncu wraps (it reads the pickled launches from the path
    appended to it); bench/fidelity.py passes its own, which also sets ``__constant__``
    symbols and makes cooperative launches."""
    exe = ncu or find_ncu()
    metrics = list(metrics or METRICS)
    with tempfile.TemporaryDirectory(prefix="tilelab-ncu-") as td:
        req = os.path.join(td, "req.pkl")
        _write_request(req, list(launches))
        cmd = [exe, "--csv", "--page", "raw", "--print-units", "base", "--clock-control", "none",
               "--target-processes", "all", "--metrics", ",".join(metrics), *extra_args,
               sys.executable, *runner, req]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=_env(), cwd=td)
        except subprocess.TimeoutExpired:
            raise NcuUnavailable(f"ncu did not finish within {timeout:.0f} s") from None
    rows = parse_ncu_csv(r.stdout)
    known = explain(r.stdout + "\n" + r.stderr, r.returncode)
    if known is not None:
        raise known
    if (r.returncode != 0 or not rows) and not extra_args and "metric" in (r.stdout + r.stderr).lower():
        # an older or newer ncu may not know one of the names: keep the ones it knows
        known = known_metrics(exe)
        keep = [m for m in metrics if m.rsplit(".", 1)[0] in known] if known else []
        if keep and len(keep) < len(metrics):
            dropped = sorted(set(metrics) - set(keep))
            rows = ncu_profile(launches, metrics=keep, timeout=timeout, ncu=exe, extra_args=("--print-summary", "none"),
                               runner=runner)
            for row in rows:
                row["_dropped_metrics"] = dropped
            return rows
    if r.returncode != 0 or not rows:
        msg = "\n".join(ln for ln in (r.stdout + "\n" + r.stderr).splitlines()
                        if "ERROR" in ln or "WARNING" in ln or "tilelab:" in ln)
        raise NcuUnavailable(f"ncu failed (exit {r.returncode}): "
                             f"{msg.strip() or (r.stderr.strip() or r.stdout.strip())[-2000:]}")
    return rows


_KNOWN: dict[str, set] = {}


def known_metrics(exe: str) -> set:
    """Base metric names this ncu knows for the GPU in the machine (empty if it can't say)."""
    if exe not in _KNOWN:
        names = set()
        try:
            r = subprocess.run([exe, "--query-metrics", "--csv"], capture_output=True, text=True, timeout=120)
            for row in csv.reader(io.StringIO(r.stdout)):
                if row and "__" in row[0]:
                    names.add(row[0].strip())
        except Exception:
            pass
        _KNOWN[exe] = names
    return _KNOWN[exe]


def ncu_metrics(kernel, grid, block, args, shared: int = 0, *, metrics=None, arch: str | None = None,
                timeout: float = 900, raw: bool = False) -> dict:
    """One launch under ncu: ``{metric key: int | None}`` as in DESIGN §2.

    With ``raw=True``: ``{"metrics": ..., "raw": {ncu metric: value}}``. ``arch`` is the
    device's SM (``sm_90``); by default the GPU worker is asked.
    """
    launch = pack_launch(kernel, grid, block, args, shared, _resolve_arch(arch))
    rows = ncu_profile([launch], metrics=metrics, timeout=timeout)
    entry = launch[0].entry
    row = next((r for r in rows if entry in str(r.get("Kernel Name", ""))
                or launch[0].name in str(r.get("Kernel Name", ""))), rows[-1])
    raw_vals = requested(row, metrics)
    mapped = map_metrics(raw_vals)
    return {"metrics": mapped, "raw": raw_vals} if raw else mapped
