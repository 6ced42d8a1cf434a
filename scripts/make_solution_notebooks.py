#!/usr/bin/env python3
"""Scaffold the nbgrader *source* notebooks (solutions/NN_topic/NN_topic.ipynb).

It writes the graded structure the pipeline needs (a locked setup cell, the ``%%cuda``
solution cells with ``// ### BEGIN SOLUTION`` regions, and the grade cells whose ids and
points come from grading/rubric/<assignment>.toml). The lesson writer extends these
notebooks by hand afterwards, so this script never overwrites an existing notebook
unless given ``--force``. It holds solutions: it is not part of the student bundle.

    python scripts/make_solution_notebooks.py [--force] [ASSIGNMENT ...]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from grading.rubrics import load_rubric  # noqa: E402

SETUP = """import numpy as np
import tilelab as tl          # also registers the %%cuda cell magic
print("backend:", tl.backend())"""


def _nbg(grade_id, *, grade=False, solution=False, locked=False, points=None):
    md = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3,
          "solution": solution, "task": False}
    if points is not None:
        md["points"] = points
    return {"nbgrader": md}


def md(text, gid=None):
    cell = new_markdown_cell(text)
    if gid:
        cell.metadata.update(_nbg(gid, locked=True))
    return cell


def setup():
    return new_code_cell(SETUP, metadata=_nbg("setup", locked=True))


def kernel(gid, source):
    return new_code_cell(source, metadata=_nbg(gid, solution=True))


def given(gid, source):
    return new_code_cell(source, metadata=_nbg(gid, locked=True))


def graded(assignment, gid, source):
    points = load_rubric(assignment).check(gid).points
    return new_code_cell(source, metadata=_nbg(gid, grade=True, locked=True, points=points))


GRADING_NOTE = """**How this is graded.** The grade cell below runs `tl.check` so that you can see at once
whether your kernel is right. When your instructor autogrades, that output is thrown away:
a separate judge compiles your `%%cuda` cell on its own, runs it on several random inputs
and awkward sizes with the emulator's sanitizer on, and writes its verdict here."""


def nb_00():
    a = "00_start_here"
    return [
        md("# 00 · Start here: your first kernel\n\n"
           "Write `vectorAdd`: one thread per element, `c[i] = a[i] + b[i]` for `i < n`.", "intro"),
        setup(),
        md("The launch uses 256 threads per block and `ceil(n / 256)` blocks, so the last block "
           "has threads past the end of the arrays: check the index before touching memory.",
           "task"),
        kernel("vector_add_kernel", """%%cuda vectorAdd
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    // ### BEGIN SOLUTION
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
    // ### END SOLUTION
}"""),
        md(GRADING_NOTE, "grading_note"),
        graded(a, "vector_add_check", 'tl.check(vectorAdd, "vector_add")'),
    ]


def nb_01():
    a = "01_naive_matmul"
    return [
        md("# 01 · Naive matmul: exercise\n\n"
           "`C = A · B` for `N × N` row-major floats, one thread per element of `C`.", "intro"),
        setup(),
        md("**Part 1.** Write `matmulNaive`. The launch uses 16 × 16 blocks and a grid of "
           "`ceil(N / 16)` blocks in x and y.", "task1"),
        kernel("matmul_naive_kernel", """%%cuda matmulNaive
__global__ void matmulNaive(const float* A, const float* B, float* C, int N)
{
    // ### BEGIN SOLUTION
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[row * N + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
    // ### END SOLUTION
}"""),
        md(GRADING_NOTE, "grading_note"),
        graded(a, "matmul_naive_check", 'tl.check(matmulNaive, "matmul", block=(16, 16))'),
        md("**Part 2.** The kernel below is correct but slow: `row` follows `threadIdx.x`, so the "
           "32 lanes of a warp read 32 different rows of `A`. Write `matmulCoalesced`, the same "
           "kernel with a mapping whose warps read consecutive addresses.", "task2"),
        given("matmul_uncoalesced_given", """%%cuda matmulUncoalesced
__global__ void matmulUncoalesced(const float* A, const float* B, float* C, int N)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    int col = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[row * N + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}"""),
        kernel("matmul_coalesced_kernel", """%%cuda matmulCoalesced
__global__ void matmulCoalesced(const float* A, const float* B, float* C, int N)
{
    // ### BEGIN SOLUTION
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[row * N + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
    // ### END SOLUTION
}"""),
        graded(a, "matmul_coalesced_check", 'tl.check(matmulCoalesced, "matmul", block=(16, 16))'),
    ]


def nb_02():
    a = "02_tiled_matmul"
    return [
        md("# 02 · Tiled matmul: exercise\n\n"
           "Fill in the cooperative tile loads (zero outside the matrix) and the two barriers.",
           "intro"),
        setup(),
        kernel("matmul_tiled_kernel", """%%cuda matmulTiled
#define TILE 32
__global__ void matmulTiled(const float* A, const float* B, float* C, int N)
{
    __shared__ float sA[TILE][TILE];
    __shared__ float sB[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < (N + TILE - 1) / TILE; ++t) {
        // load one tile of A and one of B (zero outside the matrix), then wait for the whole tile
        // ### BEGIN SOLUTION
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        sA[ty][tx] = (row < N && aCol < N) ? A[row * N + aCol] : 0.0f;
        sB[ty][tx] = (bRow < N && col < N) ? B[bRow * N + col] : 0.0f;
        __syncthreads();
        // ### END SOLUTION
        for (int k = 0; k < TILE; ++k)
            acc += sA[ty][k] * sB[k][tx];
        // make sure nobody still reads this tile before the next step overwrites it
        // ### BEGIN SOLUTION
        __syncthreads();
        // ### END SOLUTION
    }
    if (row < N && col < N)
        C[row * N + col] = acc;
}"""),
        md(GRADING_NOTE, "grading_note"),
        graded(a, "matmul_tiled_check", 'tl.check(matmulTiled, "matmul", block=(32, 32))'),
    ]


NOTEBOOKS = {"00_start_here": nb_00, "01_naive_matmul": nb_01, "02_tiled_matmul": nb_02}


def build(assignment: str):
    nb = new_notebook(cells=NOTEBOOKS[assignment]())
    nb.metadata.kernelspec = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.metadata.language_info = {"name": "python"}
    return nb


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("assignments", nargs="*", default=list(NOTEBOOKS))
    ap.add_argument("--force", action="store_true", help="overwrite existing notebooks")
    ap.add_argument("--root", default=str(ROOT / "solutions"))
    args = ap.parse_args(argv)
    for a in args.assignments:
        path = Path(args.root) / a / f"{a}.ipynb"
        if path.exists() and not args.force:
            print(f"kept {path} (exists; --force to overwrite)")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(build(a), path)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
