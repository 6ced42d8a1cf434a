"""Shared by the Hopper bench scripts (gpu_wgmma_probe.py, gpu_tensor_ladder.py): compile a kernel of
``tilelab/kernels/sm90a/`` for sm_90a (NVRTC to compute_90a PTX, then ptxas), load it in CuPy, and build the
tensor maps of lesson 07's rungs from ``kernels/wgmma_ladder.toml``.

The emulator builds these kernels through the project's toolchain, which picks compute_90a for
them (tilelab/toolchain/arch.py; bench/emu_wgmma_recording.py). These GPU scripts call the same NVRTC
and ptxas directly, without line info, for the cubin bytes CuPy loads and the lowered names; the
recordings in bench/results/ were made this way.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
import tomllib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
KERNELS = ROOT / "tilelab" / "kernels"
SM90A = KERNELS / "sm90a"          # kernels that need sm_90a (wgmma, setmaxnreg): not built for compute_80
INCLUDE = ROOT / "tilelab" / "include"   # <tilelab_tma.h>: CUtensorMap, which hopper.h includes
LADDER_TOML = SM90A / "wgmma_ladder.toml"


def build(file: str, names, defines=(), arch: str = "sm_90a") -> dict:
    """{name: (cubin bytes, lowered entry)} plus '_ptx', '_log', '_tool' for one compile of ``file``."""
    from tilelab.toolchain.assemble import assemble
    from tilelab.toolchain.nvrtc import _nvrtc_compile, find_nvrtc
    nv = find_nvrtc()
    path = SM90A / file
    virt = "compute_" + arch[3:]
    ptx, log, lowered = _nvrtc_compile(nv, path.read_text(), str(path), 1,
                                       [f"-I{SM90A}", f"-I{INCLUDE}", *defines], f"-arch={virt}", list(names), False)
    asm = assemble(ptx, arch, nv.version)
    out = {n: (asm.cubin, lowered[n]) for n in names}
    out["_ptx"], out["_log"], out["_tool"] = ptx, (log + "\n" + asm.log).strip(), asm.tool
    out["_nvrtc"] = f"{nv.version[0]}.{nv.version[1]}"
    return out


def load(cp, cubin: bytes, entry: str, shared: int = 0):
    """A CuPy RawKernel from cubin bytes, its dynamic shared-memory limit raised to ``shared``."""
    fd, path = tempfile.mkstemp(suffix=".cubin")
    with os.fdopen(fd, "wb") as fh:
        fh.write(cubin)
    try:
        fn = cp.RawModule(path=path).get_function(entry)
        fn.attributes
    finally:
        os.unlink(path)
    if shared > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = shared
    return fn


def ladder_table() -> dict:
    t = tomllib.loads(LADDER_TOML.read_text())
    return {"rungs": t["rung"], "side": t.get("side", [])}


def shared_bytes(r: dict) -> int:
    bm, bn = r["block_tile"]
    return r["stages"] * (bm + bn) * 64 * 2 + 1024


def grid_of(r: dict, M: int, N: int, sms: int = 132):
    bm, bn = r["block_tile"]
    tm = (M + bm - 1) // bm
    if r["grid"] == "persistent":
        return (min(sms, tm * (N // bn)),)
    return ((tm * (N // bn)),) if r["grid"] == "grouped" else (N // bn, tm)


def maps_for(r: dict, dA, dBt):
    """The two tensor maps of rung ``r`` on the device arrays A (M x K) and Bt (N x K), fp16."""
    from tilelab.gpu.tensormap import encode_tiled
    M, K = dA.shape
    N = dBt.shape[0]
    ma = encode_tiled(dA.data.ptr, np.float16, [K, M], [K * 2], r["box_a"], swizzle_bytes=r["swizzle"])
    mb = encode_tiled(dBt.data.ptr, np.float16, [K, N], [K * 2], r["box_b"], swizzle_bytes=r["swizzle"])
    return ma, mb


def sha(*arrays) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:16]


# ---- raw arrays inside a JSON recording (bench/results/ holds JSON that readers cite) -----------------
def dump_arrays(arrays: dict) -> dict:
    """{name: ndarray} -> {name: {dtype, shape, encoding, data}}: the bytes zlib-compressed, base64."""
    import base64
    import zlib
    return {k: {"dtype": np.asarray(v).dtype.str, "shape": list(np.shape(v)), "encoding": "zlib+base64",
                "data": base64.b64encode(zlib.compress(np.ascontiguousarray(v).tobytes(), 9)).decode()}
            for k, v in arrays.items()}


def load_arrays(blob: dict) -> dict:
    """The inverse of dump_arrays."""
    import base64
    import zlib
    out = {}
    for k, v in blob.items():
        if v.get("encoding") != "zlib+base64":
            raise ValueError(f"{k}: unknown encoding {v.get('encoding')!r}")
        raw = zlib.decompress(base64.b64decode(v["data"]))
        out[k] = np.frombuffer(raw, dtype=np.dtype(v["dtype"])).reshape(v["shape"])
    return out


def expected_box(src: np.ndarray, box, x: int, y: int, swizzle_bytes: int) -> np.ndarray:
    """What the TMA writes for box (inner, rows) at (x, y), as uint16 elements of shared memory: the
    box's bytes placed by the emulator's one swizzle rule (tilelab/emu/addressing.py ``swizzled``), so
    the H200's boxes check that rule itself; zero outside ``src``."""
    from tilelab.emu.addressing import swizzled
    inner, rows = box
    out = np.zeros(inner * rows, np.uint16)
    for r in range(rows):
        for c in range(inner):
            yy, xx = y + r, x + c
            out[swizzled((r * inner + c) * 2, swizzle_bytes) // 2] = \
                src[yy, xx] if yy < src.shape[0] and xx < src.shape[1] else 0
    return out
