"""wgmma.mma_async probes: every form the emulator models, against an independent numpy model of the
PTX ISA's shared-memory layouts, and against a GPU (sm_90a) bit for bit.

Each probe is one warpgroup (128 threads). The host lays the operands out in a byte image exactly
as the ISA's canonical layouts say (evaluated here as CuTe layouts from the ISA's table, with
CuTe's Swizzle<B,4,3> on byte addresses), and builds the descriptors relative to the image's
start; the kernel copies the image into shared memory with ordinary stores, runs
fence.proxy.async and __syncthreads, adds its shared base to the descriptors, issues one wgmma,
commits, waits, and stores each thread's accumulator registers in thread order. A from registers:
the host packs each thread's four registers by the ISA's A fragment (mma.m16n8k16's per warp).

    python bench/gpu_wgmma_forms.py              # emulator only: each probe against numpy
    python bench/gpu_wgmma_forms.py --gpu        # and on the GPU: writes bench/results/wgmma-forms-<date>.json
    python bench/gpu_wgmma_forms.py --compare bench/results/wgmma-forms-<date>.json
                                                 # CPU only: the emulator against a recording, elements
                                                 # equal / total per probe (writes ...-compare.json)
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recorded import read_json  # noqa: E402  (plain or gzipped recordings)

ROOT = Path(__file__).resolve().parents[1]
MODES = {"none": 0, "128B": 1, "64B": 2, "32B": 3}
SPAN = {"none": 0, "32B": 2, "64B": 4, "128B": 8}        # swizzle span in 16-byte chunks
SWZ_BITS = {"none": 0, "32B": 1, "64B": 2, "128B": 3}


@dataclass(frozen=True)
class Case:
    n: int = 64
    d: str = "f32"           # f32 | f16
    ab: str = "f16"          # f16 | bf16
    a_regs: bool = False
    mode_a: str = "128B"
    mode_b: str = "128B"
    ta: int = 0              # 1: A is M-major
    tb: int = 0              # 1: B is N-major
    sa: int = 1
    sb: int = 1
    scale_d: int = 1
    kofs: int = 0            # K-major swizzled A: the k16 slice's offset in halves inside the row

    @property
    def name(self):
        a = "regs" if self.a_regs else f"{self.mode_a}{'T' if self.ta else ''}"
        return (f"m64n{self.n}k16.{self.d}.{self.ab}.A{a}.B{self.mode_b}{'T' if self.tb else ''}"
                f"{'.neg' if self.sa < 0 or self.sb < 0 else ''}{'' if self.scale_d else '.nod'}"
                f"{f'.k{self.kofs}' if self.kofs else ''}")


def cases():
    out = [Case(n=n) for n in (8, 16, 24, 64, 136, 256)]
    out += [Case(mode_a=a, mode_b=b, ta=ta, tb=tb) for a in MODES for b in ("none", "32B")
            for ta in (0, 1) for tb in (0, 1) if (ta + tb) % 2 == 0 or a == "64B"]
    out += [Case(mode_a="128B", mode_b="64B", kofs=16), Case(mode_a="64B", mode_b="128B", kofs=16, tb=1),
            Case(mode_a="128B", mode_b="128B", kofs=48, n=32)]
    out += [Case(a_regs=True, n=32, mode_b=b, tb=tb) for b in ("none", "128B") for tb in (0, 1)]
    out += [Case(ab="bf16", n=48), Case(ab="bf16", a_regs=True, n=16, mode_b="64B")]
    out += [Case(d="f16", n=64), Case(d="f16", n=8, a_regs=True, mode_b="32B", tb=1)]
    out += [Case(sa=-1, n=16), Case(sb=-1, n=16, mode_b="none"), Case(scale_d=0, n=16)]
    return out


# ------------------------------------------------------------------ the ISA's layouts, as CuTe layouts
def cute_offset(coord: int, shape, stride) -> int:
    """A CuTe layout's offset of a 1-D coordinate (colexicographic over a nested shape)."""
    if isinstance(shape, int):
        return coord * stride
    off = 0
    for s, d in zip(shape, stride):
        size = int(np.prod(_flat(s)))
        off += cute_offset(coord % size, s, d)
        coord //= size
    return off


def _flat(s):
    return [s] if isinstance(s, int) else [x for y in s for x in _flat(y)]


def canonical(rows: int, mode: str, mn_major: bool, lbo: int, sbo: int, T: int = 8):
    """(shape, stride) over (mn, k) in elements, from the ISA's table "Canonical Layouts"
    (LBO and SBO in elements)."""
    S = SPAN[mode]
    if not mn_major:
        if S == 0:
            return ((8, rows // 8), (T, 2)), ((T, sbo), (1, lbo))
        return ((8, rows // 8), (T, 2)), ((S * T, sbo), (1, T))
    if S == 0:
        return ((T, 1, rows // T), (8, 2)), ((1, T, sbo), (T, lbo))
    return ((T, S, max(1, rows // (T * S))), (8, 2)), ((1, T, lbo), (S * T, sbo))


def cute_swizzle(byte_addr: int, mode: str) -> int:
    b = SWZ_BITS[mode]
    yyy = ((1 << b) - 1) << (4 + 3)
    return byte_addr ^ ((byte_addr & yyy) >> 3)


def strides_for(rows: int, mode: str, mn_major: bool):
    """(lbo, sbo) in bytes for a rows x 16 operand, packed with nothing in between."""
    S = SPAN[mode]
    if not mn_major:
        if S == 0:
            return rows * 16, 128                    # every row group's first k chunk, then the second
        return 16, 8 * S * 16
    if S == 0:
        return (rows // 8) * 128, 128               # LBO: next 8 k rows; SBO: next 8 mn elements
    return 2 * 8 * S * 16, 8 * S * 16               # LBO: next S*8-wide mn group; SBO: next 8 k rows


def lay_out(X, mode, mn_major, base, image, kofs=0):
    """Write X (rows x K) into the byte image at ``base`` (+2*kofs for a K step inside a swizzled
    row); returns (start, lbo, sbo) in bytes relative to the image."""
    rows, K = X.shape
    lbo, sbo = strides_for(rows, mode, mn_major)
    shape, stride = canonical(rows, mode, mn_major, lbo // 2, sbo // 2)
    u = X.view(np.uint16)
    start = base + 2 * kofs
    for r in range(rows):
        for k in range(16):
            off = cute_offset(r, shape[0], stride[0]) + cute_offset(k, shape[1], stride[1])
            addr = cute_swizzle(start + 2 * off, mode)
            image[addr // 2] = u[r, k + kofs]
    return start, lbo, sbo


def descriptor(start, lbo, sbo, mode):
    return ((start & 0x3FFFF) >> 4) | ((lbo >> 4) << 16) | ((sbo >> 4) << 32) | (MODES[mode] << 62)


def a_fragment(A):
    """[128, 4] registers of A (64 x 16 halves): warp w holds rows 16w.., as mma.m16n8k16's A."""
    u = A.view(np.uint16).astype(np.uint32)
    regs = np.zeros((128, 4), np.uint32)
    for p in range(128):
        w, ln = divmod(p, 32)
        g, t = divmod(ln, 4)
        for j in range(4):
            r = 16 * w + g + 8 * (j & 1)
            c = 2 * t + 8 * (j >> 1)
            regs[p, j] = u[r, c] | (u[r, c + 1] << 16)
    return regs


def d_positions(n, d):
    """(thread, register, half) -> (row, col) of the accumulator, as the ISA's D fragment."""
    per = n // 2
    pos = np.zeros((128, per, 2), np.int64)
    for p in range(128):
        w, ln = divmod(p, 32)
        g, t = divmod(ln, 4)
        for j in range(per):
            pos[p, j] = (16 * w + g + 8 * ((j >> 1) & 1), 8 * (j >> 2) + 2 * t + (j & 1))
    return pos


# ------------------------------------------------------------------ the probe kernel
def source(c: Case) -> str:
    nd = c.n // 2 if c.d == "f32" else c.n // 4
    cons = "f" if c.d == "f32" else "r"
    ctype = "float" if c.d == "f32" else "unsigned"
    dl = ", ".join(f"%{i}" for i in range(nd))
    k = nd
    if c.a_regs:
        a_op = "{" + ", ".join(f"%{k + i}" for i in range(4)) + "}"
        a_in = ", ".join(f'"r"(ar[{i}])' for i in range(4))
        k += 4
    else:
        a_op = f"%{k}"
        a_in = '"l"(da)'
        k += 1
    b_op, sd = f"%{k}", f"%{k + 1}"
    trans = f"{c.tb}" if c.a_regs else f"{c.ta}, {c.tb}"
    d_out = ", ".join(f'"+{cons}"(d[{i}])' for i in range(nd))
    return f"""
#include <cuda_fp16.h>
extern "C" __global__ void wgmma_probe(const unsigned short* img, int halves, unsigned long long da,
                                       unsigned long long db, const unsigned* aregs, const {ctype}* cin,
                                       {ctype}* dout) {{
    extern __shared__ __align__(1024) unsigned short smem[];
    int t = threadIdx.x;
    for (int i = t; i < halves; i += 128) smem[i] = img[i];
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    unsigned long long base = (unsigned long long)((unsigned)__cvta_generic_to_shared(smem) >> 4);
    da += base; db += base;
    unsigned ar[4];
    for (int i = 0; i < 4; ++i) ar[i] = aregs[t * 4 + i];
    {ctype} d[{nd}];
    for (int i = 0; i < {nd}; ++i) d[i] = cin[t * {nd} + i];
    int scale_d = {c.scale_d};
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
    asm volatile("{{\\n.reg .pred p;\\nsetp.ne.b32 p, {sd}, 0;\\n"
                 "wgmma.mma_async.sync.aligned.m64n{c.n}k16.{c.d}.{c.ab}.{c.ab} {{{dl}}}, {a_op}, {b_op}, p, "
                 "{c.sa}, {c.sb}, {trans};\\n}}\\n"
                 : {d_out} : {a_in}, "l"(db), "r"(scale_d));
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    for (int i = 0; i < {nd}; ++i) dout[t * {nd} + i] = d[i];
}}
"""


def inputs(c: Case, rng):
    """(A 64x16, B Nx16 as [n][k], C 64xN, the kernel's arrays)."""
    npt = np.float16
    def rand(shape):
        x = rng.standard_normal(shape).astype(np.float32)
        if c.ab == "bf16":
            return (x.view(np.uint32) & 0xFFFF0000).view(np.float32)
        return x.astype(npt).astype(np.float32)
    W = {"none": 16, "32B": 16, "64B": 32, "128B": 64}
    KA = max(16, W[c.mode_a] if not c.ta else 16)
    Afull = rand((64, KA))
    B = rand((c.n, 16))
    C = rng.standard_normal((64, c.n)).astype(np.float32)
    if c.d == "f16":
        C = C.astype(np.float16).astype(np.float32)

    def bits(X):
        if c.ab == "f16":
            return X.astype(np.float16)
        return (X.view(np.uint32) >> 16).astype(np.uint16).view(np.float16)   # bf16 bits, carried as u16
    image = np.zeros(40 * 1024 // 2, np.uint16)
    A = Afull[:, c.kofs:c.kofs + 16]
    aregs = np.zeros((128, 4), np.uint32)
    da = 0
    if c.a_regs:
        aregs = a_fragment(bits(A))
    elif c.ta:
        s, lbo, sbo = lay_out(np.ascontiguousarray(bits(A)), c.mode_a, True, 0, image)
        da = descriptor(s, lbo, sbo, c.mode_a)
    else:
        Xa = bits(Afull)
        s, lbo, sbo = lay_out(Xa, c.mode_a, False, 0, image, c.kofs)
        da = descriptor(s, lbo, sbo, c.mode_a)
    s, lbo, sbo = lay_out(np.ascontiguousarray(bits(B)), c.mode_b, bool(c.tb), 8192, image)
    db = descriptor(s, lbo, sbo, c.mode_b)
    pos = d_positions(c.n, c.d)
    if c.d == "f32":
        cin = C[pos[..., 0], pos[..., 1]].astype(np.float32).reshape(-1)
    else:
        h = C.astype(np.float16).view(np.uint16).astype(np.uint32)
        cin = (h[pos[:, 0::2, 0], pos[:, 0::2, 1]] | (h[pos[:, 1::2, 0], pos[:, 1::2, 1]] << 16)).reshape(-1)
    return A, B, C, (image, np.int32(image.size), np.uint64(da), np.uint64(db), aregs.reshape(-1), cin)


def reference(c: Case, A, B, C):
    """numpy: D = (sa A)(sb B)^T + scale_d C, in float64 (the tolerance covers the accumulator)."""
    D = (c.sa * A.astype(np.float64)) @ (c.sb * B.astype(np.float64)).T
    if c.scale_d:
        D = D + C
    return D


def unpack(c: Case, dout):
    pos = d_positions(c.n, c.d)
    D = np.zeros((64, c.n))
    if c.d == "f32":
        v = np.asarray(dout, np.float32).reshape(128, c.n // 2)
        D[pos[..., 0], pos[..., 1]] = v
    else:
        v = np.asarray(dout, np.uint32).reshape(128, c.n // 4)
        lo = (v & 0xFFFF).astype(np.uint16).view(np.float16)
        hi = (v >> 16).astype(np.uint16).view(np.float16)
        D[pos[:, 0::2, 0], pos[:, 0::2, 1]] = lo
        D[pos[:, 1::2, 0], pos[:, 1::2, 1]] = hi
    return D


def tolerance(c: Case, D):
    return (2e-3 if c.d == "f16" else 1e-5) * (1 + np.abs(D))


def run(c: Case, arrays, backend="emu", nvrtc=None):
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    k = tc.compile_cuda(source(c), filename=f"wgmma_probe_{c.name}.cu", nvrtc=nvrtc).kernel("wgmma_probe")
    image, halves, da, db, aregs, cin = arrays
    dout = np.zeros_like(cin)
    res = launch(k, (1, 1, 1), (128, 1, 1), image, halves, da, db, aregs, cin, dout,
                 shared=image.nbytes, backend=backend)
    return dout, res


def _bits(x):
    return np.asarray(x).view(np.uint32).tolist()


def compare(recording: Path) -> dict:
    rec = read_json(recording)
    out = []
    for p in rec["probes"]:
        c = Case(**p["case"])
        A, B, C, arrays = inputs(c, np.random.default_rng(p["seed"]))
        dout, _ = run(c, arrays)
        got = np.asarray(dout).view(np.uint32)
        gpu = np.asarray(p["dout_bits"], np.uint32)
        out.append({"probe": c.name, "equal": int((got == gpu).sum()), "total": int(gpu.size)})
    return {"recording": str(recording), "probes": out}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gpu", action="store_true")
    ap.add_argument("--compare", type=Path)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args(argv)
    if a.compare:
        res = compare(a.compare)
        dest = a.compare.with_name(a.compare.stem + "-compare.json")
        dest.write_text(json.dumps(res, indent=1) + "\n")
        bad = [p for p in res["probes"] if p["equal"] != p["total"]]
        for p in res["probes"]:
            print(f"{p['probe']:50s} {p['equal']}/{p['total']}")
        return 1 if bad else 0
    fails, probes = 0, []
    for i, c in enumerate(cases()):
        seed = a.seed * 1000 + i
        A, B, C, arrays = inputs(c, np.random.default_rng(seed))
        want = reference(c, A, B, C)
        dout, _ = run(c, arrays)
        ok = np.all(np.abs(unpack(c, dout) - want) <= tolerance(c, want))
        line = f"{c.name:50s} emu {'ok' if ok else 'WRONG'}"
        fails += not ok
        if a.gpu:
            gout, _ = run(c, arrays, backend="gpu")
            same = int((np.asarray(gout).view(np.uint32) == np.asarray(dout).view(np.uint32)).sum())
            line += f"  gpu==emu {same}/{gout.size}"
            probes.append({"case": asdict(c), "seed": seed, "dout_bits": _bits(gout)})
        print(line)
    if a.gpu:
        dest = ROOT / "bench" / "results" / f"wgmma-forms-{dt.date.today()}.json"
        import cupy as cp
        gpu = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
        dest.write_text(json.dumps({"command": " ".join(["python bench/gpu_wgmma_forms.py", *sys.argv[1:]]),
                                    "date": str(dt.date.today()), "host": platform.node(), "gpu": gpu,
                                    "probes": probes}) + "\n")
        print("wrote", dest)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
