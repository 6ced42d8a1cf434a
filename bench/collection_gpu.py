"""The kernel collection on a GPU: are the emulator's outputs the GPU's, bit for bit?

For every entry of collection/manifest.toml this runs the same cubin-from-our-NVRTC on the
GPU (CuPy loads it, as tilelab's gpu backend does) and the same PTX on the emulator, on
the same inputs, and compares every output byte. Where the manifest says the hardware
is not deterministic or not modelled exactly (``gpu = "..."``: .approx math, the order of
atomics, printf's line order), it compares within ``gpu_rtol``/``gpu_atol``, leaves out
the ``gpu_skip`` outputs, or compares printf's lines as sorted lists, and says so.

    python bench/collection_gpu.py                  # on a machine with a CUDA GPU and CuPy
    python bench/collection_gpu.py --only reduce    # entries whose name contains 'reduce'

Writes bench/results/collection-gpu-<date>.json; exits 1 if any output differs unexpectedly.
"""
from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from collection import run as collection  # noqa: E402


def _capture_stdout(fn):
    """Run fn() with the process's fd 1 sent to a file (device printf writes there at sync)."""
    sys.stdout.flush()
    saved = os.dup(1)
    with tempfile.TemporaryFile(mode="w+b") as tmp:
        os.dup2(tmp.fileno(), 1)
        try:
            fn()
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
        tmp.seek(0)
        return tmp.read().decode(errors="replace")


def run_gpu(entry, cp, arch):
    """(outputs by parameter name, printf lines) of one entry on the GPU."""
    from tilelab.args import pack_args
    from tilelab.gpu.spec import check_symbols, kernel_spec
    from tilelab.structs import Struct
    from tilelab.tma import TensorMap
    k = collection.compile_entry(entry)
    args, named, symbols = collection.inputs(entry)
    packed = pack_args(k.name, k.params, args)
    # by value: through tl.launch's gpu backend; a struct may also come from packing (a float2/float3 parameter's
    # manifest list becomes a tl.Struct), which CuPy's RawKernel cannot pass
    if any(isinstance(v, (TensorMap, Struct)) for v in list(args) + list(packed.values)):
        return _run_gpu_launch(entry, k, args, named, symbols)
    spec = kernel_spec(k, arch)
    with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as fh:
        fh.write(spec.cubin)
        path = fh.name
    try:
        mod = cp.RawModule(path=path, enable_cooperative_groups=entry.get("gpu_launch") == "cooperative")
        fn = mod.get_function(spec.entry)
    finally:
        os.unlink(path)
    # cudaMemcpyToSymbol, by the module's names (a namespaced variable's PTX name for the manifest's C++ name)
    from tilelab.structs import AddressOf, Struct
    pointed = {}                     # a symbol that holds a buffer's address (a manifest's pointer_to): its upload
    fields = {}                      # a struct symbol's pointer fields (a manifest's struct in symbols): theirs
    for k, v in list((symbols or {}).items()):
        if isinstance(v, AddressOf):
            pointed[k] = cp.asarray(v.array)
            symbols[k] = np.array([pointed[k].data.ptr], dtype=np.uint64)
        elif isinstance(v, Struct):
            up = {id(a): cp.asarray(a) for _path, _off, a in v.validate().arrays()}
            symbols[k] = np.frombuffer(v.pack(lambda a: up[id(a)].data.ptr), dtype=np.uint8)
            fields.update({path.split(".")[-1]: up[id(a)] for path, _off, a in v.arrays()})
    for name, arr in (check_symbols(spec, symbols) if symbols else {}).items():
        mem = mod.get_global(name)
        dst = cp.ndarray(arr.shape, arr.dtype, mem)
        dst.set(np.ascontiguousarray(arr))
    dev = [cp.asarray(v) if isinstance(v, np.ndarray) else v for v in packed.values]
    shared = int(entry.get("shared", 0))
    if shared > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = shared

    def go():
        fn(tuple(entry["grid"]) + (1,) * (3 - len(entry["grid"])),
           tuple(entry["block"]) + (1,) * (3 - len(entry["block"])), tuple(dev), shared_mem=shared)
        cp.cuda.runtime.deviceSynchronize()
    text = _capture_stdout(go)
    out = {}
    for spec_arg, d, v in zip(entry["args"], dev, packed.values):   # by position: the manifest's names
        name = spec_arg["name"]                                     # (`in_` for a parameter named `in`)
        out[name] = cp.asnumpy(d).reshape(np.shape(named[name])) if isinstance(v, np.ndarray) else v
    for s in entry.get("symbols", []):                              # the pointed-to buffers, by their tensors' names
        if "pointer_to" in s:
            out[s["pointer_to"]] = cp.asnumpy(pointed[s["name"]]).reshape(np.shape(named[s["pointer_to"]]))
    for name, d in fields.items():                                  # a struct symbol's buffers, by their fields' names
        out[name] = cp.asnumpy(d).reshape(np.shape(named[name]))
    return out, text.splitlines()


def _run_gpu_launch(entry, k, args, named, symbols=None):
    """An entry with tensor maps or structs by value, through tl.launch's gpu backend (the driver's
    cuTensorMapEncodeTiled on the uploaded arrays, the 128 bytes passed by value; a struct's bytes with its
    arrays' device addresses): its outputs come back into ``args`` (a struct's: into its arrays). The manifest's
    ``symbols`` go with it (GPU-MCML's ``__constant__ d_simparam`` beside its struct of arrays: without them the
    GPU read zeros, 2026-12-06's first unseen135 recording)."""
    from tilelab.launch import launch
    text = _capture_stdout(lambda: launch(k, tuple(entry["grid"]), tuple(entry["block"]), *args,
                                          shared=int(entry.get("shared", 0)), backend="gpu", echo=False,
                                          symbols=symbols or None))
    out = {}
    for spec_arg, v in zip(entry["args"], args):
        out[spec_arg["name"]] = named[spec_arg["name"]]     # a struct's spec names its array (tl.PitchedPtr)
        for f in spec_arg.get("struct", []):            # a struct = [...] spec: each array field by its name
            if "value" not in f:
                out[f["name"]] = named[f["name"]]
    for spec_arg in entry.get("tensors", []):         # the maps' own arrays (a TMA store's output)
        out[spec_arg["name"]] = named[spec_arg["name"]]
    return out, text.splitlines()                     # device printf, flushed by the launch's copy back


def stopped_verdict(entry, emu_findings, ex) -> str | None:
    """The verdict of a launch the GPU stopped with ``ex``, where that is what the emulator found too: a fired
    assert (cudaErrorAssert), or an out-of-bounds access the manifest lists and the emulator reported that faults
    on the GPU (an illegal address: pso_gpu's atualizaPbestx, gpu-compression's runRBinKernel). None: an error."""
    text = str(ex).lower()
    listed = entry.get("findings", [])
    if "assert" in listed and "assert" in text:
        return "as expected: the GPU stopped with cudaErrorAssert, the emulator found the assert"
    if "out_of_bounds" in listed and "out_of_bounds" in emu_findings and "illegal" in text:
        return "as expected: the GPU faulted (an illegal address), the emulator found the out-of-bounds access"
    return None


def _digest(a) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()[:16]


def _masked(entry, name, a):
    """The array with the gpu_skip elements of ``name`` zeroed (both sides get the same). The subscript is
    read as Python writes it (``seed[:, 4]``, ``out[380:382]``, ``hashes[slice(960, 969)]``, ``g_odata[2]``)."""
    a = np.array(a, copy=True)
    for item in entry.get("gpu_skip", []):
        m = re.fullmatch(rf"{re.escape(name)}\[(.+)\]", item)
        if m:
            a[eval(f"np.s_[{m.group(1)}]", {"np": np})] = 0
    return a


def printf_lines(entry, lines):
    """The printf lines as compared: with ``gpu_printf_mask`` (a regular expression, e.g. the device heap's
    pointers, which a GPU's driver places elsewhere than the emulator) each match is replaced by one mark."""
    pat = entry.get("gpu_printf_mask")
    return [re.sub(pat, "<masked>", line) for line in lines] if pat else list(lines)


def compare(entry, emu_out, gpu_out):
    """{name: verdict} for every pointer parameter, and whether all are as the manifest expects."""
    rtol, atol = entry.get("gpu_rtol"), entry.get("gpu_atol")
    verdicts, ok = {}, True
    for name, g in gpu_out.items():
        e = emu_out[name]
        if not isinstance(e, np.ndarray):
            continue
        if name in entry.get("gpu_skip", []):
            verdicts[name] = "not compared (" + entry["gpu"] + ")"
            continue
        e2, g2 = _masked(entry, name, e), _masked(entry, name, g)
        same = e2.tobytes() == g2.tobytes()
        if same:
            verdicts[name] = "bit-identical" + (" (outside the gpu_skip elements)"    # bytes: NaN == NaN
                                                if np.asarray(e).tobytes() != e2.tobytes() else "")
            continue
        diff = np.flatnonzero(e2.view(np.uint8).reshape(-1) != g2.view(np.uint8).reshape(-1))
        if rtol is not None or atol is not None:
            # a NaN on both sides is equal (a kernel's NaN, the same element on the GPU); on one side only, not
            close = np.allclose(g2.astype(np.float64), e2.astype(np.float64), rtol=rtol or 0, atol=atol or 0,
                                equal_nan=True)
            d = np.abs(g2.astype(np.float64) - e2.astype(np.float64))
            both = np.isnan(g2.astype(np.float64)) & np.isnan(e2.astype(np.float64))
            err = float(np.max(d[~both])) if (~both).any() else 0.0
            verdicts[name] = (f"within tolerance (rtol {rtol}, atol {atol}; max |diff| {err:.3g}): "
                              if close else f"OUTSIDE tolerance (max |diff| {err:.3g}): ") + entry["gpu"]
            ok &= close
        else:
            verdicts[name] = f"DIFFERS: {len(diff)} bytes, first at byte {int(diff[0])}"
            ok = False
    return verdicts, ok


def digests(entry, emu_out, gpu_out) -> dict:
    """Per output array: the sha256 (16 hex digits) of each side's bytes, its elements and how many
    of them differ in any bit."""
    out = {}
    for name, g in gpu_out.items():
        e = emu_out[name]
        if not isinstance(e, np.ndarray) or name in entry.get("gpu_skip", []):
            continue
        e, g = np.ascontiguousarray(e), np.ascontiguousarray(g)
        differ = int(np.any(e.reshape(e.size, -1).view(np.uint8) != g.reshape(g.size, -1).view(np.uint8),
                            axis=-1).sum()) if e.shape == g.shape and e.dtype == g.dtype else int(e.size)
        out[name] = {"emu_sha256": _digest(e), "gpu_sha256": _digest(g), "elements": int(e.size), "differ": differ}
        if differ and e.shape == g.shape and e.dtype == g.dtype:    # the first few, as bit patterns
            bits = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}.get(e.dtype.itemsize)
            if bits is not None:
                ev, gv = e.reshape(-1).view(bits), g.reshape(-1).view(bits)
                out[name]["first"] = [[int(i), hex(int(ev[i])), hex(int(gv[i]))]
                                      for i in np.flatnonzero(ev != gv)[:8]]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="", help="run the entries whose file or kernel name contains one of "
                                                "these comma-separated strings")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--tag", default="", help="appended to the file name (collection-gpu-<date><tag>.json)")
    a = ap.parse_args()
    import cupy as cp
    from tilelab.toolchain import nvrtc_version
    from tilelab.gpu.device import Device
    info = Device().info()
    arch = info["arch"]
    only = [x for x in a.only.split(",") if x] or [""]
    entries = [e for e in collection.load() if any(x in e["name"] or x in e["file"] for x in only)]
    # an assert kills the CUDA context: those entries go last; before them the out-of-bounds ones, whose
    # fault (an out-of-range shared address) can kill it too
    entries.sort(key=lambda e: ("assert" in e.get("findings", []), "out_of_bounds" in e.get("findings", [])))
    rows, bad = [], 0
    for e in entries:
        row = {"file": e["file"], "kernel": e["name"], "gpu_note": e.get("gpu")}
        if "refused" in e:                   # tl.launch or NVRTC refuses it on either backend (manifest)
            problems = collection.check_emu(e)
            row["verdict"] = ("as expected: refused by tl.launch or NVRTC, as the manifest lists" if not problems
                              else "UNEXPECTED DIFFERENCE")
            row["refused"] = problems or e["refused"]
            bad += bool(problems)
            rows.append(row)
            print(f"{row['verdict'][:22]:<22} {e['file']:<28} {e['name']}", flush=True)
            continue
        try:
            res, emu_after, _ = collection.run_emu(e)
            emu_out = {n: emu_after[n] for n in emu_after}
            row["emu_findings"] = sorted({f.kind for f in res.findings})
            try:
                gpu_out, gpu_lines = run_gpu(e, cp, arch)
            except Exception as ex:                      # cudaErrorAssert is the expected outcome of an assert
                verdict = stopped_verdict(e, row["emu_findings"], ex)
                if verdict is not None:
                    row["verdict"] = verdict
                    if "fault" in verdict:
                        row["error"] = "".join(traceback.format_exception_only(type(ex), ex)).strip()
                    rows.append(row)
                    continue
                raise
            verdicts, ok = compare(e, emu_out, gpu_out)
            row["outputs"] = verdicts
            row["hashes"] = digests(e, emu_out, gpu_out)    # every entry: what a test can re-check offline
            if "printf" in e or res.printed:
                same = sorted(printf_lines(e, res.printed)) == sorted(printf_lines(e, gpu_lines))
                row["printf"] = ("same lines" + ("" if res.printed == gpu_lines else " (in another order)")
                                 if same else {"emulator": res.printed[:20], "gpu": gpu_lines[:20]})
                ok &= same
            row["verdict"] = "as expected" if ok else "UNEXPECTED DIFFERENCE"
            bad += not ok
        except Exception as ex:
            row["verdict"] = "ERROR"
            row["error"] = "".join(traceback.format_exception_only(type(ex), ex)).strip()
            bad += 1
        rows.append(row)
        print(f"{row['verdict'][:22]:<22} {e['file']:<28} {e['name']}", flush=True)
    doc = {
        "date": dt.date.today().isoformat(), "command": " ".join(["python"] + sys.argv),
        # TILELAB_COMMIT: the lent GPU machine's .git is stale, so the caller says which commit ran
        "commit": os.environ.get("TILELAB_COMMIT") or subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip(),
        "device": info, "nvrtc": ".".join(map(str, nvrtc_version())),
        "kernels": len(rows), "as_expected": len(rows) - bad, "results": rows,
    }
    Path(a.out).mkdir(parents=True, exist_ok=True)
    p = Path(a.out) / f"collection-gpu-{doc['date']}{a.tag}.json"
    p.write_text(json.dumps(doc, indent=1, default=str))
    print(f"{len(rows) - bad} of {len(rows)} as expected; wrote {p}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
