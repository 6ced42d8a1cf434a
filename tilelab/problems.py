"""Problems: what a kernel is supposed to compute, as a small spec (DESIGN §2, §6).

A Problem says everything ``check``, ``bench``, ``profile`` and the judge need and
nothing else: the C parameter list the kernel must have, how to launch it for a
size, how to make random inputs, which arguments are outputs, the float64
reference, the tolerance, and the sizes to try on each backend. Adding one is a
``register(Problem(...))`` of a dozen lines.

Sizes are an ``int`` for one-dimensional problems (``N``) and a tuple otherwise
(``(rows, cols)``, ``(M, N, K)``); ``size_names`` labels them in messages.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from .errors import CheckFailed, TilelabError
from .gpu import CublasMatmul
from .tma import TensorMap
from .toolchain.signature import _parse_params

__all__ = ["Problem", "PROBLEMS", "register", "get_problem"]


@dataclass
class Problem:
    name: str
    signature: str                      # "const float* A, const float* B, float* C, int N"
    size_names: tuple                   # ("N",) or ("rows", "cols") ...
    make_inputs: Callable               # (size, rng) -> {param name: array or scalar}; random, never constant
    outputs: dict                       # {param name: size -> shape}; NaN-filled before every run
    reference: Callable                 # inputs -> {output name: float64 array}
    launch_config: Callable             # (size, block or None) -> (grid, block, shared)
    sizes: dict                         # {"emu": [...], "gpu": [...]}: check() sizes
    rtol: float = 1e-5                  # allowed |got - exp| / max(|exp|, floor * max|exp|)
    floor: float = 1e-6                 # relative to the output's largest value: near-zero elements
    bench_sizes: dict = field(default_factory=dict)
    flops: Callable | None = None       # size -> floating-point operations (for GFLOP/s)
    bytes: Callable | None = None       # size -> bytes that must move (for GB/s)
    library: Callable | None = None     # inputs -> a time_kernels item for a library reference (cuBLAS)
    library_label: str = "cuBLAS"
    sanitize_sizes: tuple = ()          # sizes for the emulator's sanitizer pass when checking on a GPU
    doc: str = ""

    # ------------------------------------------------------------------ sizes
    def size(self, size):
        """An int or a tuple, normalised: an int stands for every dimension."""
        n = len(self.size_names)
        if isinstance(size, (int, np.integer)):
            return int(size) if n == 1 else (int(size),) * n
        t = tuple(int(x) for x in size)
        if len(t) == 1 and n == 1:
            return t[0]
        if len(t) != n:
            raise TilelabError(f"a {self.name} size is {', '.join(self.size_names)}; got {size!r}")
        return t

    def dims(self, size) -> tuple:
        s = self.size(size)
        return (s,) if isinstance(s, int) else s

    def label(self, size) -> str:
        """'N=17' or 'rows=100 cols=37': how messages name a size."""
        return " ".join(f"{k}={v}" for k, v in zip(self.size_names, self.dims(size)))

    def sizes_for(self, backend: str) -> list:
        return [self.size(s) for s in (self.sizes.get(backend) or self.sizes["emu"])]

    def bench_sizes_for(self, backend: str) -> list:
        t = self.bench_sizes.get(backend) or self.sizes_for(backend)
        return [self.size(s) for s in t]

    # ------------------------------------------------------------------ signature
    @property
    def params(self):
        return _parse_params(self.signature)

    def check_signature(self, kernel):
        """Raise a clear error when the kernel's parameters can't take this problem's arguments."""
        want, have = self.params, list(kernel.params)
        fmt = lambda ps: ", ".join(f"{p.ctype} {p.name}" for p in ps)  # noqa: E731
        problems = []
        for i in range(max(len(want), len(have))):
            w = want[i] if i < len(want) else None
            h = have[i] if i < len(have) else None
            if h is None:
                problems.append(f"parameter {i + 1} ({w.ctype} {w.name}) is missing")
            elif w is None:
                problems.append(f"parameter {i + 1} ({h.ctype} {h.name}) is extra")
            elif (w.pointer != h.pointer or w.dtype != h.dtype or w.lanes != h.lanes):
                problems.append(f"parameter {i + 1} is `{h.ctype} {h.name}`, expected `{w.ctype} {w.name}`")
            elif w.pointer and not w.const and h.const:
                problems.append(f"parameter {i + 1} `{h.ctype} {h.name}` is the output: it can't be const")
        if problems:
            raise CheckFailed(
                f"{kernel.name} does not have the parameters the {self.name} problem passes:\n"
                f"  expected  {kernel.name}({fmt(want)})\n  yours     {kernel.name}({fmt(have)})\n"
                + "\n".join("  " + p for p in problems))

    # ------------------------------------------------------------------ one run
    def launch(self, size, block=None):
        grid, blk, shared = self.launch_config(self.size(size), None if block is None else tuple(block))
        return grid, blk, int(shared or 0)

    def inputs(self, size, seed: int) -> dict:
        """Fresh random inputs for (size, seed): the same numbers every time, new arrays."""
        rng = np.random.default_rng([int(seed), *self.dims(size)])
        return self.make_inputs(self.size(size), rng)

    def new_outputs(self, size) -> dict:
        """Output arrays filled with NaN, so an element the kernel never writes shows up."""
        dts = {p.name: p.dtype for p in self.params}
        return {k: np.full(shape(self.size(size)), np.nan, dtype=dts[k]) for k, shape in self.outputs.items()}

    def args(self, inputs: dict, outputs: dict) -> list:
        """Launch arguments in the signature's order."""
        vals = {**inputs, **outputs}
        missing = [p.name for p in self.params if p.name not in vals]
        if missing:
            raise TilelabError(f"problem {self.name}: make_inputs gave no value for {', '.join(missing)}")
        return [vals[p.name] for p in self.params]


PROBLEMS: dict[str, Problem] = {}


def register(problem: Problem) -> Problem:
    PROBLEMS[problem.name] = problem
    return problem


def get_problem(problem) -> Problem:
    if isinstance(problem, Problem):
        return problem
    try:
        return PROBLEMS[problem]
    except KeyError:
        raise TilelabError(f"unknown problem {problem!r}; known: {', '.join(sorted(PROBLEMS))}") from None


# ---------------------------------------------------------------------- helpers
def _uniform(rng, shape, dtype=np.float32):
    """Uniform in [-1, 1): random signs and magnitudes, never a constant."""
    return rng.uniform(-1.0, 1.0, size=shape).astype(dtype)


def _cdiv(a, b):
    return -(-int(a) // int(b))


def _f64(a):
    return np.asarray(a, dtype=np.float64)


# ---------------------------------------------------------------------- the course's problems
def _vector_add_launch(n, block):
    block = tuple(block or (256,))
    return (_cdiv(n, block[0]),), block, 0


register(Problem(
    name="vector_add",
    signature="const float* a, const float* b, float* c, int n",
    size_names=("n",),
    make_inputs=lambda n, rng: {"a": _uniform(rng, n), "b": _uniform(rng, n), "n": n},
    outputs={"c": lambda n: (n,)},
    reference=lambda x: {"c": _f64(x["a"]) + _f64(x["b"])},
    launch_config=_vector_add_launch,
    rtol=1e-6, floor=1e-9,
    sizes={"emu": [1, 17, 33, 100, 255, 256, 1000, 4097],
           "gpu": [1, 17, 33, 100, 255, 256, 1000, 4097, 1000003]},
    bench_sizes={"emu": [1024, 4096, 16384], "gpu": [1 << 20, 1 << 22, 1 << 24, 1 << 26]},
    flops=lambda n: n, bytes=lambda n: 12 * n,
    sanitize_sizes=(33, 1000),
    doc="c[i] = a[i] + b[i] for i < n",
))


def _matmul_launch(N, block):
    bx, by = (tuple(block or (16, 16)) + (1, 1))[:2]
    return (_cdiv(N, bx), _cdiv(N, by)), (bx, by), 0


def _cublas(x):
    return CublasMatmul(x["A"], x["B"])


register(Problem(
    name="matmul",
    signature="const float* A, const float* B, float* C, int N",
    size_names=("N",),
    make_inputs=lambda N, rng: {"A": _uniform(rng, (N, N)), "B": _uniform(rng, (N, N)), "N": N},
    outputs={"C": lambda N: (N, N)},
    reference=lambda x: {"C": _f64(x["A"]) @ _f64(x["B"])},
    launch_config=_matmul_launch,          # block (bx, by): grid covers N x N; tiled kernels use TILE = blockDim
    rtol=1e-3, floor=1e-2,                 # float32 sums of N products (measured error < 1e-4 at N=4096)
    sizes={"emu": [1, 17, 33, 100, 255, 256], "gpu": [1, 17, 33, 100, 255, 256, 1000, 2048]},
    bench_sizes={"emu": [32, 64, 128], "gpu": [256, 512, 1024, 2048, 4096]},
    flops=lambda N: 2 * N ** 3, bytes=lambda N: 12 * N ** 2,
    library=_cublas,
    sanitize_sizes=(33, 100),
    doc="C = A @ B for N x N row-major float32 matrices",
))


def _transpose_launch(size, block):
    rows, cols = size
    bx, by = (tuple(block or (32, 8)) + (1, 1))[:2]
    tile = bx                              # a bx x bx tile, each thread doing bx / by rows
    return (_cdiv(cols, tile), _cdiv(rows, tile)), (bx, by), 0


register(Problem(
    name="transpose",
    signature="const float* in, float* out, int rows, int cols",
    size_names=("rows", "cols"),
    make_inputs=lambda s, rng: {"in": _uniform(rng, s), "rows": s[0], "cols": s[1]},
    outputs={"out": lambda s: (s[1], s[0])},
    reference=lambda x: {"out": _f64(x["in"]).T},
    launch_config=_transpose_launch,       # 32 x 8 threads, a 32 x 32 tile per block
    rtol=0.0,                              # data movement: bit-identical
    sizes={"emu": [(1, 1), (17, 33), (100, 37), (37, 100), (64, 64), (255, 256)],
           "gpu": [(1, 1), (17, 33), (100, 37), (37, 100), (64, 64), (255, 256), (1000, 37), (37, 1000),
                   (4096, 4096)]},
    bench_sizes={"emu": [(64, 64), (128, 128), (256, 256)],
                 "gpu": [(1024, 1024), (2048, 2048), (4096, 4096), (8192, 8192)]},
    bytes=lambda s: 8 * s[0] * s[1],       # read + write
    sanitize_sizes=((100, 37), (64, 64)),
    doc="out (cols x rows) = transpose of in (rows x cols), row-major float32",
))


def _mma_launch(size, block):
    M, N, K = size
    return (_cdiv(N, 64), _cdiv(M, 64)), block or (128,), 0     # kernels/mma_tile.cu: 64 x 64 block tile


register(Problem(
    name="mma_tile",
    signature="const __half* A, const __half* Bt, float* C, int M, int N, int K",
    size_names=("M", "N", "K"),
    make_inputs=lambda s, rng: {"A": _uniform(rng, (s[0], s[2]), np.float16),
                                "Bt": _uniform(rng, (s[1], s[2]), np.float16), "M": s[0], "N": s[1], "K": s[2]},
    outputs={"C": lambda s: (s[0], s[1])},
    reference=lambda x: {"C": _f64(x["A"]) @ _f64(x["Bt"]).T},
    launch_config=_mma_launch,             # M, N, K multiples of 64 (the block tile and BK)
    rtol=1e-3, floor=1e-2,                 # exact fp16 products, fp32 accumulation
    sizes={"emu": [(64, 64, 64), (128, 64, 128), (64, 128, 192)],
           "gpu": [(64, 64, 64), (128, 64, 128), (64, 128, 192), (256, 512, 1024), (1024, 1024, 1024)]},
    bench_sizes={"emu": [(64, 64, 64), (128, 128, 128)],
                 "gpu": [(1024, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 4096), (8192, 8192, 8192)]},
    flops=lambda s: 2 * s[0] * s[1] * s[2], bytes=lambda s: 2 * (s[0] + s[1]) * s[2] + 4 * s[0] * s[1],
    sanitize_sizes=((64, 64, 64),),
    doc="C (M x N, float32) = A (M x K, fp16) @ Bt (N x K, fp16)^T",
))


# ---------------------------------------------------------------------- lesson 06: fp16 GEMM on Tensor Cores
def _gemm_launch(size, block):
    M, N, K = size
    return (_cdiv(N, 128), _cdiv(M, 128)), block or (256,), 0   # kernels/mma_ladder.cu rungs 1-4: 128 x 128 tiles


# What the fp16 GEMM problems share: C (M x N, float32) from fp16 inputs, the tolerance (exact fp16 products,
# fp32 accumulation: measured < 1e-5), the cost model and the benchmark sizes.
_FP16_GEMM = dict(
    size_names=("M", "N", "K"),
    outputs={"C": lambda s: (s[0], s[1])},
    rtol=1e-3, floor=1e-2,
    bench_sizes={"emu": [(128, 128, 128), (256, 256, 256)],
                 "gpu": [(2048, 2048, 2048), (4096, 4096, 4096), (8192, 8192, 8192)]},
    flops=lambda s: 2 * s[0] * s[1] * s[2], bytes=lambda s: 2 * (s[0] + s[1]) * s[2] + 4 * s[0] * s[1],
)
# the sizes the grader draws for the 128 x 128-tile kernels (lessons 05 and 06)
_GEMM128_SIZES = {"emu": [(128, 128, 64), (384, 128, 192), (128, 384, 320)],
                  "gpu": [(128, 128, 64), (384, 128, 192), (128, 384, 320), (640, 384, 576), (1152, 1408, 960)]}


def _gemm_sizes_ok(s):
    if s[0] % 128 or s[1] % 128 or s[2] % 64:
        raise TilelabError(f"the fp16 GEMM kernels need M and N multiples of 128 and K a multiple of 64; "
                           f"got M={s[0]} N={s[1]} K={s[2]}")
    return s


register(Problem(
    name="gemm_fp16",
    **_FP16_GEMM,
    signature="const __half* A, const __half* Bt, float* C, int M, int N, int K",
    make_inputs=lambda s, rng: {"A": _uniform(rng, (s[0], s[2]), np.float16),
                                "Bt": _uniform(rng, (_gemm_sizes_ok(s)[1], s[2]), np.float16),
                                "M": s[0], "N": s[1], "K": s[2]},
    reference=lambda x: {"C": _f64(x["A"]) @ _f64(x["Bt"]).T},
    launch_config=_gemm_launch,            # block (256): 8 warps, a 128 x 128 tile of C per block, BK = 64
    sizes=_GEMM128_SIZES,
    sanitize_sizes=((384, 128, 192),),
    doc="C (M x N, float32) = A (M x K, fp16, K-major) @ Bt (N x K, fp16, K-major)^T; "
        "M, N multiples of 128, K of 64",
))

register(Problem(
    name="gemm_fp16_nmajor",
    **_FP16_GEMM,
    signature="const __half* A, const __half* B, float* C, int M, int N, int K",
    make_inputs=lambda s, rng: {"A": _uniform(rng, (s[0], s[2]), np.float16),
                                "B": _uniform(rng, (_gemm_sizes_ok(s)[2], s[1]), np.float16),
                                "M": s[0], "N": s[1], "K": s[2]},
    reference=lambda x: {"C": _f64(x["A"]) @ _f64(x["B"])},
    launch_config=_gemm_launch,            # kernels/mma_nmajor.cu: 128 x 128 tiles, 8 warps
    sizes=_GEMM128_SIZES,
    sanitize_sizes=((384, 128, 192),),
    doc="C (M x N, float32) = A (M x K, fp16, K-major) @ B (K x N, fp16, N-major); "
        "M, N multiples of 128, K of 64",
))


# Lesson 07 (Hopper): the same GEMM fed by the TMA. The tensor maps are the host's part, given: A and
# Bt in boxes of 64 rows x 64 halves (128 bytes, one SWIZZLE_128B row); the arrays themselves are
# passed too (the maps name them: one buffer, seen both ways).
TMA_BOX, TMA_SWIZZLE, TMA_STAGES = (64, 64), "128B", 3


def _gemm_tma_sizes_ok(s):
    if s[0] % 64 or s[1] % 64 or s[2] % 64:
        raise TilelabError(f"the TMA GEMM kernels need M, N and K multiples of 64; got M={s[0]} N={s[1]} K={s[2]}")
    return s


def _gemm_tma_inputs(s, rng):
    _gemm_tma_sizes_ok(s)
    A = _uniform(rng, (s[0], s[2]), np.float16)
    Bt = _uniform(rng, (s[1], s[2]), np.float16)
    return {"tmA": TensorMap(A, box=TMA_BOX, swizzle=TMA_SWIZZLE), "tmB": TensorMap(Bt, box=TMA_BOX, swizzle=TMA_SWIZZLE),
            "A": A, "Bt": Bt, "M": s[0], "N": s[1], "K": s[2]}


def _gemm_tma_launch(size, block):
    M, N, K = size
    # kernels/sm90a/wgmma_exercise.cu: a 64 x 64 tile per warp group, 3 stages of 16 KB on 1,024-byte boundaries
    return (_cdiv(N, 64), _cdiv(M, 64)), block or (128,), TMA_STAGES * 2 * 64 * 64 * 2 + 1024


register(Problem(
    name="gemm_fp16_tma",
    **_FP16_GEMM,
    signature="const __grid_constant__ CUtensorMap tmA, const __grid_constant__ CUtensorMap tmB, "
              "const __half* A, const __half* Bt, float* C, int M, int N, int K",
    make_inputs=_gemm_tma_inputs,
    reference=lambda x: {"C": _f64(x["A"]) @ _f64(x["Bt"]).T},
    launch_config=_gemm_tma_launch,
    sizes={"emu": [(64, 64, 64), (192, 64, 128), (64, 192, 320)],
           "gpu": [(64, 64, 64), (192, 64, 128), (64, 192, 320), (640, 384, 576), (1152, 1408, 960)]},
    sanitize_sizes=((192, 64, 128),),
    doc="C (M x N, float32) = A (M x K, fp16, K-major) @ Bt (N x K, fp16, K-major)^T, A and Bt also given "
        "as tensor maps (box 64 x 64 halves, SWIZZLE_128B); M, N, K multiples of 64",
))
