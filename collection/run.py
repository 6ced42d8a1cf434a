"""Read collection/manifest.toml and run its kernels: the one place tests and benchmarks share.

    python collection/run.py            # every kernel on the emulator: a table, exit 1 on a mismatch

An entry names its .cu file and kernel (a template as ``name<args>``), the launch, one
spec per kernel parameter (arrays: dtype, shape and ``init``; scalars: ``value``), and
``expect``: for each check, an expression over the results (usually an output's name)
and its numpy reference (over the inputs as they were before the launch, with the
helpers of references.py). ``findings`` lists the finding kinds the kernel really has;
``printf`` the lines it prints. ``gpu`` says how the GPU may differ (bench/collection_gpu.py).
``refused``: the launcher's refusal an entry meets (a known gap, kept as a finding). ``nvrtc_gap``: a way NVRTC's
build differs from nvcc's that tilelab has not closed (its text is in the problems the entry's checks then meet;
counted with the refused ones, and wrong once the entry matches).
``options`` are NVRTC options of the file's build (the source's own build flags, -DNDEBUG).
``tensors`` are arrays the host allocates that no parameter names (made first, by the same
specs); a ``tensor_map`` parameter is a ``tl.TensorMap`` over one of them or an earlier
argument, with its ``box``, ``swizzle`` and, for a map that is not the array's own shape,
``shape`` and byte ``strides`` (numpy's order: the host's cuTensorMapEncodeTiled dimensions
and strides, reversed). An array spec with ``pitched = { xsize = ..., pitch = ..., ysize = ... }`` (any of
the three, make_cudaPitchedPtr's fields in bytes and rows; tilelab/structs.py's defaults for the others)
is passed as a ``tl.PitchedPtr`` over the array, a ``cudaPitchedPtr`` by value; the checks see the array.
A spec with ``struct = [...]`` is any other structure by value (a ``tl.Struct``; ``align = 16`` where the C type is aligned more than its fields, as by an ``int4`` member): its fields in the C
declaration's order, each a scalar (``dtype`` and ``value``: a typed numpy scalar) or an array (the
usual array spec: the field is a pointer); the checks and the later specs see each array by its field's name.
A ``symbols`` spec with ``struct = [...]`` is such a struct copied into a ``__constant__``/``__device__`` variable (CLAHE3D's
``inArgsEq_d``), its arrays buffers of their own (the emulator's; bench/collection_gpu.py uploads them on the GPU).
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

try:
    import tomllib
except ModuleNotFoundError:   # Python 3.10
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from collection import references  # noqa: E402
from tilelab.toolchain.source_text import read_source  # noqa: E402


_LOADED: list = []


def load() -> list[dict]:
    if not _LOADED:
        with open(HERE / "manifest.toml", "rb") as fh:
            _LOADED.extend(tomllib.load(fh)["kernel"])
    return [dict(e) for e in _LOADED]


#: Launches whose SASS-aware counts (launch(counts="sass"): the SASS model and the replay of ptxas's control flow) cost
#: the emulator more than about 25 CPU seconds each in make test on the 2-core CI machine, many times the PTX's:
#: betweenness centrality's and Smith-Waterman's long data-dependent loops, curand_init's skip-ahead replay. Together
#: they were half the collection's time in one make test (2026-12-07). tests/test_collection*.py run them with
#: counts="ptx" (``counts_in_tests``): what those tests check, outputs and findings, does not depend on how memory is
#: counted; their SASS-aware counts are compared with ncu's in their recordings (bench/fidelity.py --compare).
SASS_HEAVY = frozenset({
    "bcgpu_vertex_serial.cu:betweenness_centrality_kernel#n64", "bcgpu_vertex_serial.cu:betweenness_centrality_kernel#n48",
    "bcgpu_vertex_serial.cu:betweenness_centrality_kernel#n24",
    "bcgpu_vertex_parallel.cu:betweenness_centrality_kernel#n64",
    "bcgpu_vertex_parallel.cu:betweenness_centrality_kernel#n48",
    "bcgpu_vertex_parallel.cu:betweenness_centrality_kernel#n24",
    "bcgpu_work_efficient.cu:betweenness_centrality_kernel#n64",
    "bcgpu_work_efficient.cu:betweenness_centrality_kernel#n48",
    "swift_smithwaterman.cu:smithWaterman#test_q10_r20", "swift_smithwaterman.cu:smithWaterman#q40_r100_x4",
    "swift_smithwaterman.cu:computeMaxScore_wrapFunc#q60_r150",
    "finb_monteCarloKernels.cu:setup_kernel", "erzpso_kernels.cu:InitRNG", "cudahm_kernels.cu:initialize_rng",
    "cvox_voxelize_solid.cu:voxelize_triangle_solid#morton",
    "a2gpu_kernels.cu:argon2::cuda::argon2_kernel_oneshot<2, 19>#id",
    "gpuss_quicksort.cu:SampleSort::quicksort<2048, 256, unsigned int, thrust::less<unsigned int>>",
    "gpuss_quicksort.cu:SampleSort::quicksort<2048, 256, unsigned int, thrust::less<unsigned int>>#flipped",
    "aacc_spectral_whitening.cu:astroaccelerate::GPU_kernel_segmented_median<astroaccelerate::Sort_256>",
    "bitcrk_device_keys.cu:multiplyStepKernel#step255", "dtcoll_collisions.cu:cellCollideKernel",
    "eparknn_baseline.cu:knn_kernel<32>", "eparknn_baseline.cu:knn_kernel<64>",
    "g4p_gen_grids.cu:GDFTgrid_weight_kernel<true, GridPartitionScheme::stratmann>",
    "g4p_gen_grids.cu:GDFTgrid_weight_kernel<false, GridPartitionScheme::original_becke>",
    "ghclip_gppolyclip_nofilters.cu:gpuCalculateIntersections",
    # yacl's SM2 batch kernels (the twenty-fifth round): 119 CPU s of first runs with counts="sass", 53 s with "ptx"
    # (bench/results/collection-emu-time-2026-12-07-unseen248.json; its NVRTC compile, 57 s, is paid either way)
    *(f"yacl_sm2_kernels.cu:yacl::crypto::cuda::{k}" for k in (
        "batchPointAddKernel", "batchPointDoubleKernel", "batchPointNegateKernel", "batchIsOnCurveKernel",
        "batchFixedBaseMulKernel", "batchVarBaseMulKernel", "batchSameScalarMulKernel", "batchDoubleBaseMulKernel")),
})


def launch_id(entry) -> str:
    """``file:kernel`` (``#launch`` for a kernel launched more than once), as bench/fidelity.py names it."""
    return f"{entry['file']}:{entry['name']}" + (f"#{entry['launch']}" if entry.get("launch") else "")


def counts_in_tests(entry) -> str | None:
    """The count mode tests/test_collection*.py run an entry with: "ptx" for ``SASS_HEAVY``, else launch()'s own."""
    return "ptx" if launch_id(entry) in SASS_HEAVY else None


def half(entries: list[dict], k: int) -> list[dict]:
    """The entries of half ``k`` (0 or 1) of the collection, whole files each (a file's entries share one compile),
    the files dealt in manifest order to the half with fewer entries so far: tests/test_collection.py and
    tests/test_collection_more.py each run one, so that make test's two processes share the collection's emulator
    time (xdist's ``--dist loadfile`` keeps a test file in one process)."""
    size, side = [0, 0], {}
    for e in entries:
        if e["file"] not in side:
            side[e["file"]] = 0 if size[0] <= size[1] else 1
        size[side[e["file"]]] += 1
    return [e for e in entries if side[e["file"]] == k]


def compile_entry(entry, nvrtc=None):
    from tilelab.toolchain import compile_cuda
    name = entry["name"]
    src = read_source(HERE / entry["file"])
    # every template instance of the file in one compile (NVRTC caches by source and names)
    names = tuple(sorted({e["name"] for e in load() if e["file"] == entry["file"] and "<" in e["name"]}
                         | ({name} if "<" in name else set())))
    prog = compile_cuda(src, filename=f"collection/{entry['file']}", nvrtc=nvrtc, name_expressions=names,
                        options=tuple(entry.get("options", ())))
    return prog.kernel(name)


def _make(spec, rng, named=None):
    dt = np.dtype(spec["dtype"])
    shape = tuple(spec.get("shape", [1]))
    size = int(np.prod(shape))
    init = spec.get("init")
    if init is None:                                            # an output: NaN / the largest value
        fill = np.nan if dt.kind == "f" else (np.iinfo(dt).max if dt.kind in "iu" else 0)
        return np.full(shape, fill, dtype=dt)
    helpers = {
        "uniform": lambda lo=-1.0, hi=1.0: rng.uniform(lo, hi, shape),
        "ints": lambda lo, hi: rng.integers(lo, hi, shape),
        "perm": lambda: rng.permutation(size).reshape(shape),
        "arange": lambda: np.arange(size).reshape(shape),
        "zeros": lambda: np.zeros(shape),
        "full": lambda v: np.full(shape, v),
        "bits": lambda: rng.integers(0, 1 << 32, shape, dtype=np.uint64),
        "bf16": references.bf16,
        "bf16_probe": lambda: references.bf16_probe(size, rng),
    }
    v = eval(init, {"np": np, **vars(references), "rng": rng, "size": size, "shape": shape, **helpers,
                    **(named or {})})
    return np.asarray(v).astype(dt).reshape(shape)


def inputs(entry, seed: int = 0) -> tuple[list, dict, dict]:
    """(launch arguments, {name: value}, {symbol: array}) for an entry; arrays are fresh."""
    rng = np.random.default_rng(seed)
    args, named = [], {}
    for spec in entry.get("tensors", []):
        named[spec["name"]] = _make(spec, rng, named)
    for spec in entry["args"]:
        if "tensor_map" in spec:
            v = _tensor_map(spec, named)
        elif "struct" in spec:
            v = _struct(spec, rng, named)
        else:
            v = _make(spec, rng, named) if "dtype" in spec else spec["value"]
        if "pitched" in spec:                # a cudaPitchedPtr over the array, by value; named: the array
            from tilelab.structs import PitchedPtr
            args.append(PitchedPtr(v, **spec["pitched"]))
        else:
            args.append(v)
        named[spec["name"]] = v
    symbols = {}
    for s in entry.get("symbols", []):
        if "pointer_to" in s:            # cudaMemcpyToSymbol of a buffer's address: that buffer, a tensor
            from tilelab.structs import AddressOf
            symbols[s["name"]] = AddressOf(named[s["pointer_to"]])
        elif "struct" in s:              # cudaMemcpyToSymbol of a struct whose pointers are buffers of their own
            symbols[s["name"]] = _struct(s, rng, named)
        else:
            symbols[s["name"]] = named[s["name"]] = _make(s, rng)
    return args, named, symbols


def _struct(spec, rng, named):
    """A ``tl.Struct`` from a ``struct = [...]`` spec; its arrays go into ``named`` by field name."""
    from tilelab.structs import Struct
    fields = []
    for f in spec["struct"]:
        if "value" in f:
            v = np.dtype(f["dtype"]).type(f["value"])
        else:
            v = named[f["name"]] = _make(f, rng, named)
        fields.append((f["name"], v))
    return Struct(fields, align=spec.get("align"))     # align: the C type's, as __align__ or an int4 member gives it


def _tensor_map(spec, named):
    from tilelab.tma import TensorMap
    view = {k: tuple(spec[k]) for k in ("shape", "strides") if k in spec}
    return TensorMap(named[spec["tensor_map"]], tuple(spec["box"]), spec.get("swizzle", "none"), **view)


def expected(entry, before: dict) -> dict:
    ns = {"np": np, **vars(references), **{k: (v.copy() if isinstance(v, np.ndarray) else v)
                                           for k, v in before.items()}}
    return {check: eval(ref, ns) for check, ref in entry.get("expect", {}).items()}


def got(entry, after: dict) -> dict:
    ns = {"np": np, **vars(references), **after}
    return {check: eval(check, ns) for check in entry.get("expect", {})}


def mismatches(entry, want: dict, have: dict) -> list[str]:
    """Descriptions of the checks that fail (empty: the kernel matches numpy)."""
    rtol, atol = float(entry.get("rtol", 0)), float(entry.get("atol", 0))
    bad = []
    for check, w in want.items():
        h = np.asarray(have[check])
        w = np.asarray(w)
        if h.shape != w.shape:
            bad.append(f"{check}: shape {h.shape}, expected {w.shape}")
            continue
        if rtol or atol:
            ok = np.isclose(h.astype(np.float64), w.astype(np.float64), rtol=rtol, atol=atol)
        else:
            ok = (h == w) | (np.isnan(h) & np.isnan(w) if h.dtype.kind == "f" else False)
        if not np.all(ok):
            i = np.flatnonzero(~np.asarray(ok).reshape(-1))
            bad.append(f"{check}: {len(i)} of {ok.size} differ, first at {i[0]}: got "
                       f"{h.reshape(-1)[i[0]]!r}, expected {w.reshape(-1)[i[0]]!r}")
    return bad


def run_emu(entry, nvrtc=None, seed: int = 0, counts: str | None = None):
    """Compile and run one entry on the emulator: (result, {name: value after}, {name: before}); ``counts``: launch()'s
    count mode where given."""
    from tilelab.launch import launch
    k = compile_entry(entry, nvrtc)
    args, named, symbols = inputs(entry, seed)
    before = {n: (v.copy() if isinstance(v, np.ndarray) else v) for n, v in named.items()}
    res = launch(k, tuple(entry["grid"]), tuple(entry["block"]), *args, shared=int(entry.get("shared", 0)),
                 backend="emu", echo=False, symbols=symbols or None, step_budget=entry.get("step_budget"),
                 **({"counts": counts} if counts else {}))
    return res, named, before


def check_emu(entry, nvrtc=None, seed: int = 0, counts: str | None = None) -> list[str]:
    """Everything that is wrong with one entry on the emulator (empty: all good). An entry with
    ``refused`` is one tl.launch cannot launch yet, or NVRTC cannot build (a finding of the unseen
    suites, docs/FIDELITY.md): it is right when the launch or the build is refused with that text, and
    wrong once it runs. ``counts``: launch()'s count mode where given (a refusal is checked in its own)."""
    if "refused" in entry:
        from tilelab.errors import CompileError, LaunchError, UnsupportedInstruction
        try:
            run_emu(entry, nvrtc, seed)
        except (LaunchError, CompileError, UnsupportedInstruction) as ex:
            return [] if entry["refused"] in str(ex) else [f"refused otherwise: {ex}"]
        return [f"launched, but the manifest says tl.launch refuses it ({entry['refused']}): "
                "drop `refused` and check its outputs"]
    if "nvrtc_gap" in entry:
        problems = check_emu({k: v for k, v in entry.items() if k != "nvrtc_gap"}, nvrtc, seed, counts)
        if not problems:
            return [f"matched, but the manifest lists an NVRTC gap ({entry['nvrtc_gap']}): drop `nvrtc_gap`"]
        return [] if any(entry["nvrtc_gap"] in p for p in problems) else problems
    res, after, before = run_emu(entry, nvrtc, seed, counts)
    problems = mismatches(entry, expected(entry, before), got(entry, after))
    kinds = sorted({f.kind for f in res.findings})
    if kinds != sorted(entry.get("findings", [])):
        problems.append(f"findings {kinds}, expected {sorted(entry.get('findings', []))}: "
                        + "; ".join(str(f).splitlines()[0] for f in res.findings[:3]))
    if "printf" in entry:
        want = eval(entry["printf"], {"np": np})
        if res.printed != want:
            diff = next((i for i, (a, b) in enumerate(zip(res.printed, want)) if a != b), min(len(want),
                                                                                              len(res.printed)))
            problems.append(f"printf line {diff}: got {res.printed[diff:diff + 1]}, expected {want[diff:diff + 1]}")
    return problems


def main(argv=None):
    import argparse
    import json
    import time
    ap = argparse.ArgumentParser(description="run the collection on the emulator")
    ap.add_argument("--json", help="also write the per-kernel results to this file")
    ap.add_argument("--only", default="", help="the entries whose file name starts with one of these "
                                               "comma-separated prefixes")
    a = ap.parse_args(argv)
    entries = load()
    if a.only:
        entries = [e for e in entries if e["file"].startswith(tuple(a.only.split(",")))]
    failed, refused, rows = 0, 0, []
    t0 = time.perf_counter()
    for e in entries:
        try:
            p = check_emu(e)
        except Exception as ex:                          # a refusal is a result here, not a crash
            p = [f"{type(ex).__name__}: {str(ex).splitlines()[0]}"]
        failed += bool(p)
        # refused by tl.launch or NVRTC, or NVRTC's build not nvcc's, as the manifest lists
        listed = not p and ("refused" in e or "nvrtc_gap" in e)
        refused += listed
        why = e.get("refused", e.get("nvrtc_gap"))
        rows.append({"file": e["file"], "kernel": e["name"], "ok": not p, "problems": p,
                     **({"refused": why} if listed else {})})
        tag = "REF" if listed else ("ok " if not p else "BAD")
        print(f"{tag} {e['file']:<30} {e['name']:<40} {'; '.join(p)[:200] or (why if listed else '')}")
    print(f"{len(entries) - failed - refused} of {len(entries)} kernels ran and matched numpy"
          + (f"; {refused} refused by tl.launch or NVRTC, or NVRTC's build not nvcc's, as the manifest lists"
             if refused else ""))
    if a.json:
        Path(a.json).write_text(json.dumps({"command": "python collection/run.py " + " ".join(argv if argv is not None else sys.argv[1:]),
                                            "kernels": len(rows), "matched": len(rows) - failed - refused,
                                            "refused": refused,
                                            "seconds": round(time.perf_counter() - t0, 1), "results": rows},
                                           indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
