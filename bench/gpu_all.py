"""Everything the GPU backend needs from a GPU, in one run (for a lent machine's one call).

    python bench/gpu_all.py --out DIR [--skip wheels ...] [--budget 540]

Runs, each in its own subprocess with a time cap and a shared deadline, logging to
DIR/run.log: an environment probe; the GPU tests (tests/test_gpu_*.py); the
benchmarks gpu_matmul, gpu_transpose, gpu_mma, gpu_bank_stride (with ncu counters);
every reference kernel under compute-sanitizer; and, if .whl/ is present, a check
that the carried wheels install and run notebooks (nbclient, nbval, nbgrader).
A part that fails or runs out of time is recorded and the next one still runs.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable


def parts(out: str):
    bench = ROOT / "bench"
    return [
        ("probe", 60, [PY, str(bench / "gpu_all.py"), "--probe", "--out", out]),
        ("tests", 150, [PY, "-m", "pytest", "-v", "--timeout=120", "-p", "no:cacheprovider",
                        str(ROOT / "tests" / "test_gpu_device.py"), str(ROOT / "tests" / "test_gpu_worker.py")]),
        ("matmul", 150, [PY, str(bench / "gpu_matmul.py"), "--out", out]),
        ("transpose", 150, [PY, str(bench / "gpu_transpose.py"), "--ncu", "--out", out]),
        ("mma", 120, [PY, str(bench / "gpu_mma.py"), "--ncu", "--out", out]),
        ("bank_stride", 120, [PY, str(bench / "gpu_bank_stride.py"), "--ncu", "--out", out]),
        ("sanitize", 200, [PY, str(bench / "gpu_sanitize.py"), "--out", out]),
        ("wheels", 120, ["bash", str(bench / "gpu_wheels_check.sh"), out]),
        # the whole suite as `make test-gpu` runs it (needs the wheels above in /tmp/site)
        ("suite", 150, ["bash", "-c", f"PYTHONPATH=/tmp/site:{ROOT} TILELAB_BACKEND=gpu {PY} -m pytest -q "
                        f"-p no:cacheprovider --timeout=90 --maxfail=40 -rfE {ROOT / 'tests'}"]),
    ]


def probe(out: str):
    def sh(cmd):
        try:
            r = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=60)
            return (r.stdout + r.stderr).strip()[-4000:]
        except Exception as e:
            return f"{type(e).__name__}: {e}"
    info = {
        "nvidia_smi": sh("nvidia-smi"),
        "python": sys.version,
        "which": {t: sh(f"which {t}") for t in ("ncu", "compute-sanitizer", "nvdisasm", "nvcc", "python3")},
        "ncu_version": sh("ncu --version"),
        "sanitizer_version": sh("compute-sanitizer --version"),
        "pip": sh(f"{PY} -m pip list 2>/dev/null | grep -i -E 'cupy|numpy|nvidia-cuda|pytest|nbformat|nbclient|"
                  f"ipykernel|traitlets|jupyter|tqdm|matplotlib|ipywidgets|jinja2'"),
        "uname": sh("uname -a; cat /etc/os-release | head -3; ldd --version | head -1"),
    }
    try:
        from tilelab.toolchain import available_nvrtc, find_nvdisasm, find_nvrtc
        info["nvrtc_available"] = {str(k): str(v) for k, v in available_nvrtc().items()}
        info["nvrtc"] = repr(find_nvrtc())
        info["nvdisasm"] = find_nvdisasm()
    except Exception as e:
        info["compile_error"] = f"{type(e).__name__}: {e}"
    try:
        from tilelab.gpu.device import Device
        info["device"] = Device().info()
    except Exception as e:
        info["device_error"] = f"{type(e).__name__}: {e}"
    Path(out).mkdir(parents=True, exist_ok=True)
    (Path(out) / "probe.json").write_text(json.dumps(info, indent=1))
    print(json.dumps({k: v for k, v in info.items() if k != "nvidia_smi"}, indent=1)[:6000])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--probe", action="store_true")
    ap.add_argument("--skip", nargs="*", default=[])
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--budget", type=float, default=540)
    args = ap.parse_args()
    if args.probe:
        return probe(args.out)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    log = open(out / "run.log", "a", buffering=1)
    t_end = time.monotonic() + args.budget
    summary = {}
    env = dict(os.environ, PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join([str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    for name, cap, cmd in parts(str(out)):
        if name in args.skip or (args.only and name not in args.only):
            continue
        left = t_end - time.monotonic() - 5
        if left < 20:
            summary[name] = "skipped: out of time"
            continue
        limit = min(cap, left)
        t0 = time.monotonic()
        log.write(f"\n===== {name} (cap {limit:.0f} s): {' '.join(cmd)}\n")
        print(f"===== {name} (cap {limit:.0f} s)", flush=True)
        try:
            p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, env=env,
                                 start_new_session=True)
            rc = p.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, 9)
            p.wait()
            rc = "timeout"
        summary[name] = {"rc": rc, "seconds": round(time.monotonic() - t0, 1)}
        print(f"      {summary[name]}", flush=True)
        log.write(f"===== {name}: {summary[name]}\n")
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
