"""mma.sync m8n8k4 (f16 inputs, every layout and accumulator; and f64) on the emulator, against
numpy and against a GPU bit for bit, on crafted inputs that tell accumulation orders apart.

On sm_80 and later the f16 form (sm_70's quad pairs: four 8x8x4 products per warp) has no
tensor-core instruction: ptxas calls a routine of its own that computes in f32 on the FMA pipe
(docs/MMA_FORMS.md). How it sums is what these probes pin down: each input family below is
built so that the candidate orders (k order, pairs, C first or last, one rounding or several)
give different bits.

    python bench/gpu_mma884.py                       # emulator only: every form and family against numpy
    python bench/gpu_mma884.py --gpu [--seed S]      # and the GPU's registers: bench/results/mma884-<date>[-seedS].json
    python bench/gpu_mma884.py --compare bench/results/mma884-<date>.json   # CPU: the emulator against a recording

Exits 1 if a probe differs from numpy beyond its tolerance, or (--gpu, --compare) from the GPU in a bit.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.recorded import read_json  # noqa: E402  (plain or gzipped recordings)

from tilelab.emu import mma_forms as mf  # noqa: E402

FAMILIES = ("uniform", "cancel", "order", "ties", "subnormal", "wide", "special", "pairs")


def forms():
    """(name, form, (d, c)) for every m8n8k4 form: the twelve f16 quad-pair ones and f64."""
    out = [(f"m8n8k4.{la}.{lb}.{d}.f16.f16.{c}", f, (d, c)) for (la, lb, d, c), f in mf.QUAD_PAIR.items()]
    out.append(("m8n8k4.row.col.f64.f64.f64.f64", mf.MMA_SYNC[("m8n8k4", "f64", "f64")], ("f64", "f64")))
    return out


def _h(x):
    return np.asarray(x, np.float64).astype(np.float16).astype(np.float64)


def _pairs(P, f64, c_t):
    """Rows that tell the orders apart: C = 2^12 and one product -2^12 in k = r % 4 (so C and it
    cancel), a product of 2^-12 in k = (r + 1 + r // 4) % 4, of C's sign in rows 0-3 (lost if
    added to C first: half an f32 ulp of 2^12) and of the big one's in rows 4-7 (lost if added
    to it), the other two 0, B all ones; the signs alternate by product q.
    Whatever the order, the exact sum is the small product: which orders keep it is the probe."""
    A = np.zeros((P, 8, 4))
    B = np.ones((P, 4, 8))
    C = np.zeros((P, 8, 8))
    for q in range(P):
        s = -1.0 if q % 2 else 1.0
        for r in range(8):
            big, small = r % 4, (r + 1 + r // 4) % 4
            A[q, r, big] = -s * 2.0 ** 12
            A[q, r, small] = (s if r < 4 else -s) * 2.0 ** -12
            C[q, r, :] = s * 2.0 ** 12
    if not f64:
        A, B = _h(A), _h(B)
    if c_t == "f16":
        C = _h(C)
    return A, B, C


def inputs(family, quad, c_t, rng):
    """A [P, 8, 4], B [P, 4, 8], C [P, 8, 8] (P = 4 products for the quad-pair forms, 1 for f64)."""
    P = 4 if quad else 1
    f64 = not quad
    if family == "pairs":               # drawn from nothing: the seeds' other families stay as recorded
        return _pairs(P, f64, c_t)
    rnd = (lambda x: x) if f64 else _h
    A = rnd(rng.uniform(-2, 2, (P, 8, 4)))
    B = rnd(rng.uniform(-2, 2, (P, 4, 8)))
    C = rng.uniform(-2, 2, (P, 8, 8))
    if family == "cancel":
        # big products that cancel, small ones that survive only in some orders
        big = 2.0 ** rng.integers(4, 12, (P, 8, 1))
        A[:, :, 0] = big[:, :, 0]
        A[:, :, 1] = -big[:, :, 0]
        B[:, 0, :] = 1 + rnd(rng.uniform(0, 1, (P, 8))) * 2.0 ** -8
        B[:, 1, :] = B[:, 0, :]
        A[:, :, 2:] = rnd(rng.uniform(-1, 1, (P, 8, 2))) * 2.0 ** -10
        C = C * 2.0 ** -12
    elif family == "order":
        # one product far larger than the rest, in a different k for each row; C large in half the rows
        A = rnd(rng.uniform(1, 2, (P, 8, 4)) * rng.choice([-1, 1], (P, 8, 4)))
        for r in range(8):
            A[:, r, r % 4] *= 2.0 ** 10
        C = rng.uniform(-1, 1, (P, 8, 8)) * np.where(np.arange(8)[None, :, None] >= 4, 2.0 ** 14, 2.0 ** -14)
    elif family == "ties":
        # sums on (or next to) a rounding midpoint of the accumulator
        A = rnd(np.ones((P, 8, 4)) + rng.integers(0, 4, (P, 8, 4)) * (2.0 ** -10 if not f64 else 2.0 ** -50))
        B = rnd(np.ones((P, 4, 8)) * rng.choice([1, -1], (P, 4, 8)) * 2.0 ** rng.integers(-12, 1, (P, 4, 8)))
        C = np.ones((P, 8, 8)) * 2.0 ** rng.integers(8, 14, (P, 8, 8)) + rng.integers(0, 3, (P, 8, 8)) * 0.5
    elif family == "subnormal":
        # f16 subnormal inputs, f32 (or f16) subnormal C, sums that underflow
        A = rnd(rng.uniform(-1, 1, (P, 8, 4)) * 2.0 ** rng.integers(-24, -10, (P, 8, 4)))
        B = rnd(rng.uniform(-1, 1, (P, 4, 8)) * 2.0 ** rng.integers(-24, -10, (P, 4, 8)))
        C = rng.uniform(-1, 1, (P, 8, 8)) * (2.0 ** -140 if c_t == "f32" else 2.0 ** -20)
        if f64:
            A, B, C = A * 2.0 ** -500, B * 2.0 ** -500, C * 2.0 ** -1000
    elif family == "wide":
        # exponents spread over the whole f16 range: overflow of an f16 D, absorption in f32
        A = rnd(rng.uniform(-2, 2, (P, 8, 4)) * 2.0 ** rng.integers(-14, 15, (P, 8, 4)))
        B = rnd(rng.uniform(-2, 2, (P, 4, 8)) * 2.0 ** rng.integers(-14, 3, (P, 4, 8)))
        C = rng.uniform(-2, 2, (P, 8, 8)) * 2.0 ** rng.integers(-10, 16, (P, 8, 8))
    elif family == "special":
        # signed zeros, inf, NaN
        A[:, 0, :] = 0.0
        A[:, 1, :] = -0.0
        B[:, :, 1] = -B[:, :, 1]
        C[:, 0:2, :] = -0.0
        A[:, 2, 0] = np.inf
        A[:, 3, 1] = np.nan
        B[:, 2, 4] = -np.inf
        C[:, 5, 5] = np.inf
        A[:, 6, :] = rnd(np.full((P, 4), 60000.0))
        B[:, :, 6] = rnd(np.full((P, 4), 2.0))
    if c_t == "f16":
        C = _h(C)
    elif c_t == "f32":
        C = C.astype(np.float32).astype(np.float64)
    return A, B, C


def pack(form, lay, n, X, kind):
    """[P, rows, cols] -> [32, registers] of the form's layout (product q = (lane >> 2) & 3)."""
    L = np.arange(32)
    g, t = L >> 2, L & 3
    q = ((L >> 2) & 3) if form.quad else np.zeros(32, int)
    vals = np.stack([X[(q,) + tuple(lay(g, t, i))] for i in range(n)], axis=1)       # [32, n]
    if kind == "f16":
        h = vals.astype(np.float16).view(np.uint16).astype(np.uint32)
        return h[:, 0::2] | (h[:, 1::2] << 16)
    if kind == "f32":
        return vals.astype(np.float32).view(np.uint32)
    return vals.astype(np.float64).view(np.uint64)


def unpack(form, regs, kind):
    L = np.arange(32)
    g, t = L >> 2, L & 3
    q = ((L >> 2) & 3) if form.quad else np.zeros(32, int)
    if kind == "f16":
        h = np.stack([(regs >> 16 * j) & 0xFFFF for j in (0, 1)], axis=-1).reshape(32, -1)
        vals = h.astype(np.uint16).view(np.float16).astype(np.float64)
    elif kind == "f32":
        vals = regs.astype(np.uint32).view(np.float32).astype(np.float64)
    else:
        vals = regs.astype(np.uint64).view(np.float64)
    D = np.zeros((4 if form.quad else 1, 8, 8))
    lay, n = (form.d or form.c), (form.nd or form.nc)
    for i in range(n):
        D[(q,) + tuple(lay(g, t, i))] = vals[:, i]
    return D


def _nregs(n, kind):
    return n // 2 if kind == "f16" else n


def source(name, form, dc) -> str:
    d_t, c_t = dc
    wide = form.ab == "f64"
    na = 1 if wide else 2
    nb = na
    nc = _nregs(form.nc, c_t)
    nd = _nregs(form.nd or form.nc, d_t)
    con = {"f16": "r", "f32": "f", "f64": "d"}
    ctype = {"f16": "unsigned", "f32": "float", "f64": "double"}
    k = 0
    groups = []
    for n in (nd, na, nb, nc):
        groups.append("{" + ", ".join(f"%{k + i}" for i in range(n)) + "}")
        k += n
    U = "unsigned long long" if wide else "unsigned"
    lines = [f'extern "C" __global__ void probe(const {U}* A, const {U}* B, const {U}* C, {U}* D)', "{",
             "    int l = threadIdx.x;"]

    def load(var, src, kind):
        if kind == "f32":
            return f"    float {var} = __uint_as_float({src});"
        if kind == "f64":
            return f"    double {var} = __longlong_as_double((long long){src});"
        return f"    unsigned {var} = {src};"
    ab_kind = "f64" if wide else "f16"
    for i in range(na):
        lines.append(load(f"a{i}", f"A[l * {na} + {i}]", ab_kind))
    for i in range(nb):
        lines.append(load(f"b{i}", f"B[l * {nb} + {i}]", ab_kind))
    for i in range(nc):
        lines.append(load(f"c{i}", f"C[l * {nc} + {i}]", c_t))
    lines.append("    " + "; ".join(f"{ctype[d_t]} d{i}" for i in range(nd)) + ";")
    outs = ", ".join(f'"={con[d_t]}"(d{i})' for i in range(nd))
    ins = ", ".join([f'"{con[ab_kind]}"(a{i})' for i in range(na)] + [f'"{con[ab_kind]}"(b{i})' for i in range(nb)] +
                    [f'"{con[c_t]}"(c{i})' for i in range(nc)])
    lines.append(f'    asm volatile("mma.sync.aligned.{name} {", ".join(groups)};" : {outs} : {ins});')
    for i in range(nd):
        v = {"f32": f"__float_as_uint(d{i})", "f64": f"(unsigned long long)__double_as_longlong(d{i})"}.get(d_t, f"d{i}")
        lines.append(f"    D[l * {nd} + {i}] = {v};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def run(name, form, dc, A, B, C, backend):
    from tilelab import toolchain as tc
    from tilelab.launch import launch
    d_t, c_t = dc
    ab = "f64" if form.ab == "f64" else "f16"
    k = tc.compile_cuda(source(name, form, dc), filename=f"mma884_{name.replace('.', '_')}.cu").kernel("probe")
    ra, rb, rc = pack(form, form.a, form.na, A, ab), pack(form, form.b, form.nb, B, ab), pack(form, form.c, form.nc, C, c_t)
    U = np.uint64 if ab == "f64" else np.uint32
    d = np.zeros((32, _nregs(form.nd or form.nc, d_t)), U)
    launch(k, 1, 32, ra, rb, rc, d, backend=backend, echo=False)
    return d


def reference(A, B, C, d_t):
    """A @ B + C, and how far from it each rounding order may land: a few units of the
    accumulator's last place of the largest term (|A| @ |B| + |C|), or of its smallest normal."""
    with np.errstate(all="ignore"):
        D = np.matmul(A, B) + C
        scale = np.matmul(np.abs(A), np.abs(B)) + np.abs(C)
    ulp, tiny = {"f32": (2.0 ** -23, 2.0 ** -126), "f16": (2.0 ** -10, 2.0 ** -14), "f64": (2.0 ** -52, 2.0 ** -1022)}[d_t]
    return D, np.maximum(scale * ulp, tiny) * 4


def close(got, want, tol):
    with np.errstate(all="ignore"):
        ok = (np.isnan(got) & np.isnan(want)) | (got == want) | (np.abs(got - want) <= tol)
    # inf: the exact sum is finite but beyond the accumulator's range (f16 D), or an inf input
    return bool(np.all(ok | (np.isinf(got) & ~np.isfinite(want)) | (np.isinf(got) & (np.abs(want) > 65504))))


def cases(seed):
    rng = np.random.default_rng(seed)
    for name, form, dc in forms():
        for fam in FAMILIES:
            A, B, C = inputs(fam, form.quad, dc[1], rng)
            yield name, form, dc, fam, A, B, C


def compare(recording) -> list:
    rec = read_json(recording)
    gpu = {(r["form"], r["family"]): r for r in rec["probes"] if "gpu_registers_hex" in r}
    out = []
    for name, form, dc, fam, A, B, C in cases(rec["seed"]):
        r = gpu.get((name, fam))
        if r is None:
            continue
        g = np.array([int(x, 16) for x in r["gpu_registers_hex"]], dtype=np.uint64)
        d = run(name, form, dc, A, B, C, "emu").reshape(-1).astype(np.uint64)
        out.append({"form": name, "family": fam, "bits_equal": bool(np.array_equal(d, g)),
                    "differing": int((d != g).sum()), "of": int(d.size)})
    return out


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpu", action="store_true")
    ap.add_argument("--seed", type=int, default=884)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--compare", metavar="RECORDING")
    ap.add_argument("--gpu-only", action="store_true", help="with --gpu: the GPU's registers only (the emulator by --compare)")
    a = ap.parse_args(argv)
    if a.compare:
        rows = compare(a.compare)
        for r in rows:
            if not r["bits_equal"]:
                print(r)
        bad = sum(not r["bits_equal"] for r in rows)
        print(f"{len(rows) - bad} of {len(rows)} recorded probes bit-identical "
              f"({sum(r['of'] - r['differing'] for r in rows)} of {sum(r['of'] for r in rows)} registers)")
        return 1 if bad or not rows else 0
    rows, bad = [], 0
    for name, form, dc, fam, A, B, C in cases(a.seed):
        row = {"form": name, "family": fam}
        try:
            if not (a.gpu and a.gpu_only):
                d = run(name, form, dc, A, B, C, "emu")
                want, tol = reference(A, B, C, dc[0])
                row["numpy"] = close(unpack(form, d, dc[0]), want, tol)
                bad += not row["numpy"]
            if a.gpu:
                g = run(name, form, dc, A, B, C, "gpu")
                row["gpu_registers_hex"] = [format(int(x), "x") for x in g.reshape(-1)]
                if not a.gpu_only:
                    row["gpu_bits_equal"] = bool(np.array_equal(g, d))
                    row["gpu_differing_registers"] = int((g != d).sum())
                    bad += not row["gpu_bits_equal"]
        except Exception as e:                                   # noqa: BLE001
            row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:300]}"
            bad += 1
        rows.append(row)
        print({k: v for k, v in row.items() if k != "gpu_registers_hex"}, flush=True)
    if a.gpu:
        gpu = ""
        try:
            import cupy
            gpu = cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
        except Exception:                                        # noqa: BLE001
            pass
        from tilelab import toolchain as tc
        p = tc.compile_cuda("__global__ void k() {}")
        out = Path(a.out) / (f"mma884-{dt.date.today()}" + (f"-seed{a.seed}" if a.seed != 884 else "") + ".json")
        out.write_text(json.dumps({
            "gpu": gpu, "date": dt.datetime.now(dt.timezone.utc).isoformat(), "seed": a.seed,
            "nvrtc": ".".join(map(str, p.nvrtc.version)),
            "command": "python " + " ".join(["bench/gpu_mma884.py"] + list(argv if argv is not None else sys.argv[1:])),
            "host": platform.node(), "commit": os.environ.get("TILELAB_COMMIT", ""), "probes": rows}, indent=1) + "\n")
        print("wrote", out)
    print(f"{len(rows) - bad} of {len(rows)} probes right")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
