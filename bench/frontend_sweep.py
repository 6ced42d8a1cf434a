"""A front-end sweep: public .cu files through tilelab's compile path (NVRTC 12 and 13) and the emulator's
loader, with nvcc as the oracle (docs/FIDELITY.md, "a front-end sweep").

    python bench/frontend_sweep.py --out bench/results/frontend-sweep-2026-12-04-before.json.gz

The sources are snapshots under /tmp/sweep/<owner>+<name>/ (git archive of the commit in SOURCES); they are never
committed. Per file: nvcc on the file (out if refused), nvcc on its device part (``strip-broken`` if refused), then
``compile_cuda`` of the device part under each NVRTC and, for each kernel whose parameters are plain scalars and
pointers, a one-thread launch on the emulator. Each file runs in a child process (a per-file time limit, and a crash
of one file is that file's outcome); two at a time. nvcc's verdicts are cached in /tmp/sweep/nvcc-cache.json (the
oracle does not change between a before and an after run).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tilelab.toolchain.host_code import HOST_HEADERS, device_part, mask  # noqa: E402,F401  (the device part: tilelab's own)
SWEEP = Path(os.environ.get("TILELAB_SWEEP_DIR", "/tmp/sweep"))
NVCC = os.environ.get("NVCC", "nvcc")
NVCC_OPTS = ("-arch=sm_90", "-std=c++17", "-c")
FILE_LIMIT_S = 150           # per file, tilelab's part (both NVRTCs and the loads)
NVCC_LIMIT_S = 120
STEP_BUDGET = 20_000
WORKERS = 2

# (repository, commit, licence, folders: None = every .cu)
SOURCES = [
    ("bytedance/lightseq", "a7ab0dabe63ede35016ab151c5adfdf1b86f2eb4", "Apache-2.0",
     ("lightseq/csrc/kernels/cuda/", "lightseq/inference/kernels/")),
    ("Bruce-Lee-LY/decoding_attention", "870c201b9f3420c758456744625a46a1b5f9c4ac", "BSD-3-Clause", None),
    ("pyscf/gpu4pyscf", "5025fc4a1d3a9a41873ba07d6b3d550d5bca1139", "Apache-2.0",
     ("gpu4pyscf/lib/cupy_helper/", "gpu4pyscf/lib/gdft/")),
    ("qulacs/qulacs", "4f6de32cca807ec4cabf1107e3806786cb953c56", "MIT", None),
    ("Andistar12/SpMVCUDA", "5a7e74835cfa152eb245decb9b1d7c60e2a95c70", "MIT", None),
    ("UK-MAC/TeaLeaf_CUDA", "2ac2460fbef66513fafb3ffa58082f5512555553", "GPL-3.0-or-later", None),
    ("te42kyfo/gpu-benches", "1c36d509ee717dca9215c27135fa1e611bb03ed1", "GPL-3.0", None),
    ("Yinghan-Li/YHs_Sample", "d05b5c93ccaf3aaffa3d51a9707ac63127dd7f3c", "GPL-3.0", None),
    ("yzhaiustc/Optimizing-SGEMM-on-NVIDIA-Turing-GPUs", "a5c0d6ce593553cdf87848821b1433d7930d0cc4", "GPL-3.0", None),
    ("yhtang/CUDA-tutorial", "21a1273d6fbfa659c1b90a4b84d98b11b5bffecd", "GPL-3.0", None),
    ("eunomia-bpf/basic-cuda-tutorial", "beb32ec8be77559b22b2ac87ee478e5079022c29", "MIT", None),
]
# the second sweep (2026-12-05, --batch samples): what CUDA's own samples write, their Common/ helpers included with
# angle brackets from an -I folder
SAMPLES = [
    ("NVIDIA/cuda-samples", "c94ff366aed18c797b8a85dfaac7817b0228b420", "BSD-3-Clause",
     ("Samples/0_Introduction/", "Samples/2_Concepts_and_Techniques/", "Samples/3_CUDA_Features/",
      "Samples/6_Performance/")),
]
BATCHES = {"first": SOURCES, "samples": SAMPLES}

HEADER_EXT = (".h", ".hpp", ".cuh", ".inl", ".hh")


def repo_dir(repo: str) -> Path:
    return SWEEP / repo.replace("/", "+")


def files_of(repo: str, folders) -> list[str]:
    base = repo_dir(repo)
    out = []
    for p in sorted(base.rglob("*.cu")):
        rel = p.relative_to(base).as_posix()
        if folders is None or any(rel.startswith(f) for f in folders):
            out.append(rel)
    return out


def include_dirs(repo: str, rel: str) -> list[str]:
    """-I: the file's folder, the repository's root, each folder of the repository that holds a header."""
    base = repo_dir(repo)
    dirs = [(base / rel).parent, base]
    hdr = sorted({p.parent for p in base.rglob("*") if p.suffix in HEADER_EXT and p.is_file()})
    for d in hdr:
        if d not in dirs:
            dirs.append(d)
    return [str(d) for d in dirs]




# --------------------------------------------------------------------------------------
# nvcc, the oracle
# --------------------------------------------------------------------------------------

def _nvcc(path: Path, incs: list[str]) -> tuple[bool, str]:
    cmd = [NVCC, *NVCC_OPTS, str(path), "-o", os.devnull, *(f"-I{d}" for d in incs)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=NVCC_LIMIT_S)
    except subprocess.TimeoutExpired:
        return False, f"nvcc ran past {NVCC_LIMIT_S} s"
    err = next((ln for ln in (r.stderr + r.stdout).splitlines() if "error" in ln), (r.stderr or "").strip()[:200])
    return r.returncode == 0, err[:300]


def nvcc_verdicts(repo: str, rel: str, cache: dict) -> dict:
    base = repo_dir(repo)
    path = base / rel
    src = path.read_text(errors="replace")
    dev, removed = device_part(src)
    key = hashlib.sha256((repo + rel + src + "\0" + dev).encode()).hexdigest()
    if key in cache:
        return cache[key]
    incs = include_dirs(repo, rel)
    ok, err = _nvcc(path, incs)
    res = {"file_ok": ok, "file_error": "" if ok else err}
    if ok:
        with tempfile.NamedTemporaryFile("w", suffix=".cu", dir=path.parent, prefix=".sweep_dev_", delete=False) as fh:
            fh.write(dev)
            tmp = Path(fh.name)
        try:
            ok2, err2 = _nvcc(tmp, incs)
        finally:
            tmp.unlink()
        res.update(device_ok=ok2, device_error="" if ok2 else err2.replace(tmp.name, path.name))
    cache[key] = res
    return res


# --------------------------------------------------------------------------------------
# tilelab, in a child process per file
# --------------------------------------------------------------------------------------

#: short classes for tilelab's messages: (pattern on the message, class); the first that matches
CLASSES = [
    (r'cannot open source file "([^"]+)"', "missing header {0}"),
    (r'could not open source file "([^"]+)"', "missing header {0}"),
    (r'namespace "std" has no member "(\w+)"', "std::{0} undefined"),
    (r'identifier "([\w:]+)" is undefined', "undefined {0}"),
    (r"no __global__ function found", "no kernel found"),
    (r"overloaded", "overloaded kernel"),
    (r"host functions are not allowed|host function", "host function"),
    (r"kernel launch from __device__ or __global__ functions requires separate compilation mode",
     "device-side launch"),
    (r"unsupported|not supported", "unsupported"),
    (r"ptxas", "ptxas"),
]


def classify(message: str) -> str:
    for pat, name in CLASSES:
        m = re.search(pat, message)
        if m:
            return name.format(*m.groups())
    first = message.strip().splitlines()[0] if message.strip() else "?"
    first = re.sub(r"^[^:]*:\d+: (?:error|catastrophic error): ", "", first)
    return re.sub(r"\d+", "N", first)[:80]


def _included_kernels(src: str, incs: list[str]) -> list[str]:
    """The files ``src`` includes with quotes (found in ``incs``, as tilelab finds them) that define a __global__
    function."""
    from tilelab.toolchain.local_includes import local_headers
    return [h.name for h in local_headers(src, "", [f"-I{d}" for d in incs]) if "__global__" in mask(h.text)]


def _loadable(k) -> bool:
    from tilelab.args import is_struct_param, is_tensor_map, is_vector_param
    for p in k.params:
        if is_tensor_map(p) or is_struct_param(p) or is_vector_param(p) or p.dtype is None:
            return False
    return True


def _args(k):
    import numpy as np
    out = []
    for p in k.params:
        dt = np.dtype(p.dtype)
        out.append(np.zeros(64 * max(1, getattr(p, "lanes", 1)), dtype=dt) if p.pointer else dt.type(0))
    return out


def _first_line(e: BaseException) -> str:
    s = str(e).strip()
    return (s.splitlines()[0] if s else type(e).__name__)[:300]


def tilelab_one(repo: str, rel: str) -> dict:
    """The tilelab part for one file (runs in the child)."""
    sys.path.insert(0, str(ROOT))
    from tilelab.errors import (CompileError, EmulatorError, KernelFault, LaunchError, StepBudgetExceeded,
                                TilelabError)
    from tilelab.launch import launch
    from tilelab.toolchain import compile_cuda
    from tilelab.toolchain.signature import _find_kernels, option_defines
    base = repo_dir(repo)
    src = (base / rel).read_text(errors="replace")
    dev, removed = device_part(src)
    opts = tuple(f"-I{d}" for d in include_dirs(repo, rel))
    declared = _find_kernels(dev, option_defines(opts))
    kernels = {}
    for f in declared:
        kernels.setdefault(f.name, {"name": f.name, "line": f.line, "template": f.template, "results": {}})
    per_nvrtc = {}
    for major in (12, 13):
        t0 = time.perf_counter()
        try:
            prog = compile_cuda(dev, filename=rel, options=opts, nvrtc=major)
        except TilelabError as e:
            if "its kernels are templates" in str(e) or (kernels and all(k["template"] for k in kernels.values())
                                                        and "no __global__ function found" in str(e)):
                # NVRTC built it; compile_cuda has no plain kernel to give (a template needs its arguments named)
                per_nvrtc[major] = {"outcome": "ok", "note": "template kernels only"}
                for k in kernels.values():
                    k["results"][major] = {"outcome": "ok", "note": "template: found, not instantiated"}
                continue
            cls = classify(str(e))
            if cls == "no kernel found":     # none in the file's own text (host code only), or in the files it includes
                if "__global__" in mask(dev):
                    cls += " (tilelab's discovery missed the file's kernels)"
                elif _included_kernels(src, include_dirs(repo, rel)):
                    cls += " (kernels only in the files it includes)"
                else:
                    cls += " (the file has none: host code only)"
            per_nvrtc[major] = {"outcome": "tilelab-refused", "message": _first_line(e), "class": cls,
                                "seconds": round(time.perf_counter() - t0, 2)}
            for k in kernels.values():
                k["results"][major] = dict(per_nvrtc[major])
            continue
        except Exception as e:                          # a crash of tilelab's: a gap too
            msg = f"{type(e).__name__}: {_first_line(e)}"
            per_nvrtc[major] = {"outcome": "tilelab-refused", "message": msg, "class": "crash " + type(e).__name__}
            for k in kernels.values():
                k["results"][major] = dict(per_nvrtc[major])
            continue
        per_nvrtc[major] = {"outcome": "ok", "seconds": round(time.perf_counter() - t0, 2)}
        for name, k in kernels.items():
            if k["template"]:
                k["results"][major] = {"outcome": "ok", "note": "template: found, not instantiated"}
                continue
            try:
                kern = prog.kernel(name)
            except TilelabError as e:
                k["results"][major] = {"outcome": "tilelab-refused", "message": _first_line(e),
                                       "class": classify(str(e))}
                continue
            if not _loadable(kern):
                k["results"][major] = {"outcome": "ok", "note": "compiled; parameters not plain (not loaded)"}
                continue
            try:
                try:
                    launch(kern, (1, 1, 1), (1, 1, 1), *_args(kern), backend="emu", echo=False,
                           step_budget=STEP_BUDGET)
                    k["results"][major] = {"outcome": "ok", "note": "loaded and ran one thread"}
                except EmulatorError as e:
                    if "all 32 lanes" not in str(e):      # a warp-wide instruction (mma, ldmatrix): one warp, then
                        raise
                    launch(kern, (1, 1, 1), (32, 1, 1), *_args(kern), backend="emu", echo=False,
                           step_budget=STEP_BUDGET)
                    k["results"][major] = {"outcome": "ok", "note": "loaded and ran one warp"}
            except (StepBudgetExceeded, KernelFault) as e:
                k["results"][major] = {"outcome": "ok", "note": f"loaded; {type(e).__name__}"}
            except (CompileError, LaunchError, EmulatorError) as e:
                k["results"][major] = {"outcome": "tilelab-refused", "stage": "load", "message": _first_line(e),
                                       "class": "load: " + classify(str(e))}
            except Exception as e:
                k["results"][major] = {"outcome": "tilelab-refused", "stage": "load",
                                       "message": f"{type(e).__name__}: {_first_line(e)}",
                                       "class": "load: crash " + type(e).__name__}
    return {"nvrtc": per_nvrtc, "kernels": list(kernels.values()), "removed": removed}


def run_file(repo: str, commit: str, rel: str, cache: dict) -> dict:
    row = {"repo": repo, "commit": commit, "path": rel}
    nv = nvcc_verdicts(repo, rel, cache)
    if not nv["file_ok"]:
        return {**row, "outcome": "nvcc-refused", "nvcc": nv["file_error"], "kernels": []}
    if not nv["device_ok"]:
        return {**row, "outcome": "strip-broken", "nvcc": nv["device_error"], "kernels": []}
    t0 = time.perf_counter()
    try:
        r = subprocess.run([sys.executable, __file__, "--one", repo, rel], capture_output=True, text=True,
                           timeout=FILE_LIMIT_S, cwd=str(ROOT),
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
        out = r.stdout.strip().splitlines()
        res = json.loads(out[-1]) if r.returncode == 0 and out else None
        if res is None:
            tail = (r.stderr.strip().splitlines() or ["?"])[-1][:300]
            return {**row, "outcome": "tilelab-refused", "class": "crash (child)", "message": tail, "kernels": []}
    except subprocess.TimeoutExpired:
        return {**row, "outcome": "tilelab-refused", "class": "time limit", "message": f"over {FILE_LIMIT_S} s",
                "kernels": []}
    kernels = res["kernels"]
    refused = any(v["outcome"] != "ok" for v in res["nvrtc"].values()) or \
        any(r2["outcome"] != "ok" for k in kernels for r2 in k["results"].values())
    return {**row, "outcome": "tilelab-refused" if refused else "ok", "nvrtc": res["nvrtc"], "kernels": kernels,
            "blanked": res["removed"], "seconds": round(time.perf_counter() - t0, 1)}


def tally(rows: list[dict]) -> dict:
    t = {"files": len(rows), "files_nvcc_refused": 0, "files_strip_broken": 0, "files_swept": 0,
         "files_ok": 0, "files_tilelab_refused": 0, "kernels": 0, "kernels_ok": 0, "kernels_tilelab_refused": 0,
         "kernels_loaded": 0, "refused_by_class": {}}
    for r in rows:
        if r["outcome"] == "nvcc-refused":
            t["files_nvcc_refused"] += 1
            continue
        if r["outcome"] == "strip-broken":
            t["files_strip_broken"] += 1
            continue
        t["files_swept"] += 1
        t["files_ok" if r["outcome"] == "ok" else "files_tilelab_refused"] += 1
        if not r["kernels"] and r["outcome"] != "ok":        # refused with no kernel tilelab's discovery saw
            c = r.get("class") or next((v["class"] for v in r.get("nvrtc", {}).values() if v["outcome"] != "ok"), "?")
            t["refused_by_class"][c] = t["refused_by_class"].get(c, 0) + 1
        for k in r["kernels"]:
            t["kernels"] += 1
            bad = [v for v in k["results"].values() if v["outcome"] != "ok"]
            if bad:
                t["kernels_tilelab_refused"] += 1
                c = bad[0]["class"]
                t["refused_by_class"][c] = t["refused_by_class"].get(c, 0) + 1
            else:
                t["kernels_ok"] += 1
                if all("loaded" in v.get("note", "") for v in k["results"].values()):
                    t["kernels_loaded"] += 1
    t["refused_by_class"] = dict(sorted(t["refused_by_class"].items(), key=lambda kv: (-kv[1], kv[0])))
    return t


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--out")
    ap.add_argument("--one", nargs=2, metavar=("REPO", "PATH"), help=argparse.SUPPRESS)
    ap.add_argument("--only", default="", help="repositories (comma-separated substrings)")
    ap.add_argument("--batch", choices=sorted(BATCHES), default="first", help="which sweep's sources")
    a = ap.parse_args(argv)
    sources = BATCHES[a.batch]
    if a.one:
        print(json.dumps(tilelab_one(*a.one)))
        return 0
    cache_path = SWEEP / "nvcc-cache.json"
    cache = json.loads(cache_path.read_text()) if cache_path.is_file() else {}
    jobs = []
    for repo, commit, lic, folders in sources:
        if a.only and not any(s in repo for s in a.only.split(",")):
            continue
        for rel in files_of(repo, folders):
            jobs.append((repo, commit, rel))
    t0 = time.perf_counter()
    rows = []
    with ThreadPoolExecutor(WORKERS) as ex:
        for row in ex.map(lambda j: run_file(*j, cache), jobs):
            rows.append(row)
            ks = sum(1 for k in row["kernels"])
            print(f"{row['outcome']:<16} {row['repo']}/{row['path']} ({ks} kernels) "
                  f"{row.get('class', '') or row.get('nvcc', '')[:100]}", flush=True)
    cache_path.write_text(json.dumps(cache))
    result = {"command": "python bench/frontend_sweep.py " + " ".join(argv if argv is not None else sys.argv[1:]),
              "nvcc": subprocess.run([NVCC, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-1],
              "nvcc_options": list(NVCC_OPTS), "step_budget": STEP_BUDGET, "file_limit_s": FILE_LIMIT_S,
              "sources": [{"repo": r, "commit": c, "licence": lic, "folders": list(f) if f else None}
                          for r, c, lic, f in sources],
              "seconds": round(time.perf_counter() - t0, 1), "tally": tally(rows), "files": rows}
    print(json.dumps(result["tally"], indent=1))
    if a.out:
        Path(a.out).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
