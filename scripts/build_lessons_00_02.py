#!/usr/bin/env python3
"""Build lessons 00-02 and their nbgrader source notebooks from this one file.

    python scripts/build_lessons_00_02.py              # write and execute all six notebooks
    python scripts/build_lessons_00_02.py --no-execute # write them without outputs
    python scripts/build_lessons_00_02.py 01           # only the notebooks whose name starts 01

Writes lessons/NN_topic.ipynb (narrative, run by nbval) and solutions/NN_topic/NN_topic.ipynb
(nbgrader source: solution regions, locked cells, grade cells whose ids and points come from
grading/rubric/<assignment>.toml). Notebooks are executed on the emulator (TILELAB_BACKEND=emu)
so that the committed outputs are the ones nbval compares against: only cells tagged
``nbval-check-output`` are compared (``--nbval-lax``), and those print text that is the same on
both backends. Cell ids are fixed, so a rebuild changes only what changed.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from notebook_builder import (CHECK, RAISES, SETUP_BACKEND, Book, _nbg, execute, given_cell,  # noqa: E402,F401
                              graded_cell, kernel_cell, load_rubric)


def _pts(x: float) -> str:
    return f"{x:g} point{'s' * (x != 1)}"


def rubric_table(assignment: str) -> str:
    """The rubric as a markdown table, so the lesson's "full marks" is the rubric's number."""
    r = load_rubric(assignment)
    rows = ["| graded cell | kernel | part | points | what earns it |", "|---|---|---|---|---|"]
    for c in r.checks:
        for p in c.parts:
            rows.append(f"| `{c.grade_id}` | `{c.kernel}` | {p['name']} | {p['points']:g} | {_what(c, p)} |")
    rows.append(f"| **total** | | | **{r.points:g}** | |")
    return "\n".join(rows)


def _what(c, p) -> str:
    kind = p.get("kind", p["name"])
    req = p.get("requires") or []
    need = (f" (only once {' and '.join(req)} {'is' if len(req) == 1 else 'are'} earned)" if req else "")
    if kind == "correct":
        emu = ", ".join(map(str, p.get("sizes", {}).get("emu", [])))
        return (f"right results for sizes {emu} on the emulator (more on a GPU), "
                f"{len(p.get('seeds', [0]))} random seeds each, outputs pre-filled with NaN")
    if kind == "clean":
        return "the emulator's sanitizer finds no race and no out-of-bounds access" + need
    if kind == "metric_ratio":
        return (f"`{p['metric']}` at N={p['N']} at most {p['max_ratio']:g}× the "
                f"{p['reference']} reference kernel's" + need)
    if kind == "speedup":
        e = p.get("emu", {})
        emu = (f"; on the emulator, where nothing is timed, `{e.get('metric')}` at N={e.get('N')} "
               f"at most {e.get('max_ratio'):g}× the reference's stands in" if e else "")
        return f"on a GPU, at least {p['min_speedup']:g}× as fast as the {p['reference']} kernel at N={p['N']}{emu}" + need
    return kind


# The first code cell of every notebook: which backend runs, and what that means.
def lesson_setup(extra_imports: str) -> str:
    return ("import numpy as np\n"
            "import tilelab as tl            # also registers the %%cuda cell magic\n"
            f"{extra_imports}\n\n" + SETUP_BACKEND)


EXERCISE_SETUP = ("import numpy as np\n"
                  "import tilelab as tl            # also registers the %%cuda cell magic\n\n" + SETUP_BACKEND)

GRADING_NOTE = """
**How this is graded.** The grade cell below runs `tl.check` so that you see at once whether
your kernel is right. When your instructor autogrades, that output is thrown away: a separate
judge reads your last `%%cuda {kernel}` cell from the saved notebook file, compiles it in a
fresh Python process, runs it on random inputs and awkward sizes with the emulator's sanitizer
on, and writes its verdict into this cell. Save the notebook before you submit.
"""


# =========================================================================== 00 start here

def lesson_00() -> Book:
    b = Book("l00")
    b.md("""
# 00 · Start here

This course is about one idea: **shared memory**, the small, fast, programmer-managed memory
that every block of CUDA threads has, and how to use it without tripping over its banks.
Before any of that, this notebook shows you the tools:

1. the two backends, a real GPU or tilelab's emulator;
2. a first kernel, written in a `%%cuda` cell and launched from Python;
3. how to read a compile error and an emulator finding;
4. how checking and grading work.

Run the cells from top to bottom (Shift+Enter). The first one tells you which backend you are on.
""")
    b.code(lesson_setup("from lessonkit import answer, draw_vector_grid, show_findings"))
    b.md("""
## 1. Two backends

tilelab compiles your CUDA C++ with NVRTC, NVIDIA's runtime compiler, which needs no GPU.
What runs the compiled kernel depends on the machine:

- **gpu**: when CuPy finds an NVIDIA GPU, the kernel runs on it. Times are real.
- **emu**: otherwise tilelab runs the compiled PTX (the GPU's virtual instruction set) on its
  own emulator, on the CPU. It runs all the threads of a block together, one instruction at a
  time, and keeps exact books: every global memory request and the 32-byte sectors it
  touched, every shared-memory request and the bank wavefronts it cost, every instruction.
  It also watches for bugs that a GPU hides: reads and writes out of bounds, races between
  threads, reads of shared memory that nobody wrote. It is far slower than a GPU, so the
  lessons keep sizes small there (N ≤ 256).

Both backends run what the same compiler produced from the same source. The lessons use the
emulator for counts and bug reports even on a GPU machine (`backend="emu"`), and the GPU for
times. To force a backend, start Jupyter with `TILELAB_BACKEND=emu` or `TILELAB_BACKEND=gpu`.
""")
    b.code('print("this notebook runs on:", tl.backend())')
    b.md("""
## 2. A first kernel: vector add

A kernel is a function that many threads run at once. Threads come in **blocks** (here 256
threads each), and blocks form a **grid**. Each thread finds its own element from its block
number and its number within the block:

```
i = blockIdx.x * blockDim.x + threadIdx.x
```

A `%%cuda NAME` cell compiles the CUDA source below its first line and binds the kernel to the
Python name `NAME`. Line 1 of the cell is the magic itself, so the CUDA code starts on line 2.
Turn on line numbers (View → Show Line Numbers): error messages and findings use them.
""")
    b.code("""
%%cuda vectorAdd
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)                 // the grid is rounded up: some threads have no element
        c[i] = a[i] + b[i];
}
""")
    b.code("print(vectorAdd)          # a Kernel: its name, its C signature, where it came from", CHECK)
    b.md("""
## 3. Launching it

`tl.launch(kernel, grid, block, *args)` takes numpy arrays and scalars in the order of the
kernel's parameters. Arrays the kernel may write (pointers without `const`) are copied back
into your numpy arrays. We fill the output with NaN first: any element the kernel forgets to
write stays NaN and cannot pass for a right answer.

With `n = 1000` and 256 threads per block we need `ceil(1000 / 256) = 4` blocks, which is
1024 threads: the last 24 have no element, and the `if (i < n)` keeps them out of trouble.
""")
    b.code("""
n = 1000
rng = np.random.default_rng(0)
a = rng.random(n, dtype=np.float32)
b = rng.random(n, dtype=np.float32)
c = np.full(n, np.nan, dtype=np.float32)

threads = 256
blocks = (n + threads - 1) // threads       # round up
result = tl.launch(vectorAdd, (blocks,), (threads,), a, b, c, n)
print(result)
print("max |c - (a + b)| =", np.abs(c - (a + b)).max())
""")
    b.code("draw_vector_grid(n, threads)")
    b.md("""
On the emulator every launch also comes back with exact counts. A **request** is one load or
store instruction executed by one warp (32 threads). The hardware serves it in **32-byte
sectors**, and 32 threads reading 32 consecutive floats (128 bytes) need exactly 4 of them.
We ask for the emulator explicitly, so this cell prints the same on any machine:
""")
    b.code("""
r = tl.launch(vectorAdd, (blocks,), (threads,), a, b, np.full(n, np.nan, np.float32), n, backend="emu")
m = r.metrics
print("warps:                 ", blocks * threads // 32)
print("global load requests:  ", m["global_ld_requests"], "  (2 loads per warp: a[i] and b[i])")
print("global load sectors:   ", m["global_ld_sectors"])
print("global store sectors:  ", m["global_st_sectors"])
print("findings:              ", len(r.findings))
""", CHECK)
    b.md("""
**Self-test.** Put your numbers in place of `...` and run the cell. The answers are checked
against what the emulator measured above.

- **Q1.** How many threads of this launch have no element to work on?
- **Q2.** How many 32-byte sectors does reading the whole of `a` (1000 floats) take?
""")
    b.code("""
q1 = ...   # threads without an element
q2 = ...   # sectors to read a
answer("Q1", q1, blocks * threads - n, hint="blocks × threads per block, minus n.")
answer("Q2", q2, m["global_ld_sectors"] // 2,
       hint="1000 floats × 4 bytes, 32 bytes per sector; the emulator counted both a and b above.")
""")
    b.md("""
## 4. Reading a compile error

Mistakes in CUDA code are found by NVRTC when the cell runs. tilelab shows the compiler's
message and nothing else, with the line number of **your cell**. The cell below has a typo on
purpose; run it and read the message.
""")
    b.code("""
%%cuda vectorAddTypo
__global__ void vectorAddTypo(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[j];
}
""", RAISES)
    b.md("""
Read it as: *in the cell `%%cuda vectorAddTypo`, at line 6, the identifier `j` is undefined*,
with a caret under the spot. Line 6 counts the `%%cuda` line as line 1, exactly as the
notebook numbers the cell. A failed compile also removes any older kernel of that name, so
you never run yesterday's code by accident.

One more thing about `%%cuda` cells: a `#` starts a C preprocessor directive there, not a
comment. Write comments with `//`.
""")
    b.md("""
## 5. Reading an emulator finding

A kernel that compiles can still be wrong. Here is vector add without its bounds check:
the last 24 threads of block 3 read `a[1000]`…`a[1023]` and write `c[1000]`…, past the end.
""")
    b.code("""
%%cuda vectorAddNoCheck
__global__ void vectorAddNoCheck(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    c[i] = a[i] + b[i];
}
""")
    b.code("""
c = np.full(n, np.nan, dtype=np.float32)
r = tl.launch(vectorAddNoCheck, (blocks,), (threads,), a, b, c, n, backend="emu")
show_findings(r.findings)
""")
    b.md("""
Each finding is one line of facts, then the source line it points at:

- **what** happened: `out of bounds`, and whether it was a read or a write;
- **where** in your code: the cell and its line;
- **who**: the first thread and block that did it (block 3, thread 232: 3 × 256 + 232 = 1000);
- **which memory**: the byte offset into the array, the array's size, and the element;
- **how often**: the count in brackets is how many such accesses the line made, over all
  threads (here 24 per array: one for each thread past the end).

The kernel ran to the end, and the findings came back as data you can inspect:
""")
    b.code("""
for kind, line, thread, block in sorted({(f.kind, f.line, tuple(f.thread), tuple(f.block)) for f in r.findings}):
    print(kind, "| line", line, "| first thread", thread, "| block", block)
""", CHECK)
    b.md("""
On a real GPU this kernel would very likely run without a complaint and even give the right
answer: allocations are rounded up, so the stray reads and writes land in memory nobody looks
at, until one day they land in memory somebody does. That is why the checks in this course
always run the emulator's sanitizer as well, on every backend. (On a GPU, NVIDIA's
`compute-sanitizer` plays the same role.)

**Q3.** In the launch above, which `threadIdx.x` is the first thread of block 3 without an
element? Check your arithmetic against the emulator's finding.
""")
    b.code("""
q3 = ...
answer("Q3", q3, r.findings[0].thread[0], hint="block 3 starts at element 3 × 256 = 768; n = 1000.")
""")
    b.md("""
## 6. Checking a kernel: `tl.check`

`tl.launch` runs one launch. `tl.check(kernel, problem)` asks the real question, *is this
kernel right?* It knows what the `vector_add` problem should compute, and it tries the kernel
on random inputs (several seeds), on awkward sizes (1, 17, 33, …: not multiples of the block),
with outputs filled with NaN, against a float64 reference, with the sanitizer on. It prints one
`PASS` line per size. Longer checks show a progress bar.
""")
    b.code('tl.check(vectorAdd, "vector_add", sizes=[1, 17, 1000], seeds=[0])', CHECK)
    b.md("""
When something is wrong, `tl.check` stops at the first failing size and says what it saw:
how many elements are wrong, the first few with the expected and actual values, and any
findings. Here the kernel without the bounds check gives the right numbers but is still
rejected, because of its out-of-bounds accesses:
""")
    b.code('tl.check(vectorAddNoCheck, "vector_add", sizes=[17], seeds=[0])', RAISES)
    b.md(f"""
## 7. How grading works

Each lesson comes with an exercise notebook. You work in your own copy of it:

1. `make lab` copies `exercises/` into `work/` (it never overwrites a file already in `work/`,
   so `git pull` and a new release can't touch your work) and opens JupyterLab.
2. Open `work/00_start_here/00_start_here.ipynb`. Where a `%%cuda` cell says
   `// YOUR CODE HERE`, write your code. The cell compiles as released, so you can run the
   notebook before you start; `tl.check` then says plainly that the kernel isn't done.
3. Run the **grade cell** under your kernel. It calls `tl.check`: that is your self-check,
   and you can run it as often as you like.
4. Save the notebook and submit it. Your instructor's autograder does **not** trust what your
   Python session printed. A separate judge takes the source of your last `%%cuda NAME` cell
   from the saved file, compiles it in a fresh process, and runs its own checks, with the
   sanitizer on, on several seeds and sizes. Its verdict replaces the grade cell's output.
   Redefining `tl.check` in your notebook changes nothing: it is not the judge.

Points come in parts: being **correct** first, then being **clean** (no race, no
out-of-bounds access), and in later exercises the **technique** (for example, how many memory
sectors your kernel moves, measured by the emulator) and **speed** (on a GPU, a ratio to a
reference kernel timed in the same process; on the emulator the counts stand in, and the
feedback says so). Technique and speed points need the correctness points first.

The exercise for this notebook is the vector add you just saw:

{rubric_table("00_start_here")}

The next two exercises, for comparison:

{rubric_table("01_naive_matmul")}

{rubric_table("02_tiled_matmul")}

Next: **01 · Naive matmul**, where one thread per output element turns out to move a lot of
memory, and where the mapping of threads to elements decides how much.
""")
    return b


def solution_00() -> Book:
    a = "00_start_here"
    b = Book("s00")
    b.md("""
# 00 · Start here: your first kernel

Write `vectorAdd`: one thread per element, `c[i] = a[i] + b[i]` for `i < n`.
Lesson `lessons/00_start_here.ipynb` shows how `%%cuda` cells, launches, errors and
findings work.
""", gid="intro")
    b.code(EXERCISE_SETUP, gid="setup", nbgrader=_nbg("setup", locked=True))
    b.md("""
The launch uses 256 threads per block and `ceil(n / 256)` blocks, so the last block has threads
past the end of the arrays: check the index before touching memory.
""", gid="task")
    kernel_cell(b, "vector_add_kernel", """
%%cuda vectorAdd
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    // ### BEGIN SOLUTION
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
    // ### END SOLUTION
}
""")
    b.md("""
**Try it.** This cell launches your kernel once on 1000 elements and shows what went wrong,
if anything: wrong values, and the emulator's findings (run on the emulator on any machine).
""", gid="try_note")
    given_cell(b, "vector_add_try", """
n = 1000
rng = np.random.default_rng(1)
a, b = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
c = np.full(n, np.nan, dtype=np.float32)
r = tl.launch(vectorAdd, ((n + 255) // 256,), (256,), a, b, c, n, backend="emu")
print("elements still NaN (never written):", int(np.isnan(c).sum()))
print("wrong elements:", int((~np.isclose(c, a + b)).sum()))
for f in r.findings[:3]:
    print(f)
""", CHECK)
    b.md(GRADING_NOTE.format(kernel="vectorAdd"), gid="grading_note")
    graded_cell(b, a, "vector_add_check", 'tl.check(vectorAdd, "vector_add")')
    return b


# =========================================================================== 01 naive matmul

NAIVE_SRC = """
%%cuda matmulNaive
__global__ void matmulNaive(const float* A, const float* B, float* C, int N)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;   // col follows threadIdx.x
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k) {
            float a = A[row * N + k];
            float b = B[k * N + col];
            acc += a * b;
        }
        C[row * N + col] = acc;
    }
}
"""

UNCOALESCED_SRC = """
%%cuda matmulNaiveUncoalesced
__global__ void matmulNaiveUncoalesced(const float* A, const float* B, float* C, int N)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;   // swapped: row follows threadIdx.x
    int col = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k) {
            float a = A[row * N + k];
            float b = B[k * N + col];
            acc += a * b;
        }
        C[row * N + col] = acc;
    }
}
"""


def lesson_01() -> Book:
    b = Book("l01")
    b.md("""
# 01 · Naive matmul

Matrix multiplication is the workhorse of numerical computing and the classic place to learn
what memory costs. This notebook writes the simplest CUDA matmul, one thread per output
element, and then measures it:

1. the accounting: how many bytes it reads for each FLOP;
2. which thread computes which element, in a picture;
3. coalesced against uncoalesced access: sectors per request on the emulator, time on a GPU;
4. the roofline, with the kernels placed on it.

The exercise at the end asks you to write the kernel and to fix a slow thread mapping.
""")
    b.code(lesson_setup("from lessonkit import (answer, draw_bars, draw_curves, draw_roofline, draw_thread_map,\n"
                        "                       h200_copy_bandwidth, h200_matmul, say_source, show_lines)"))
    b.md("""
## 1. The kernel

`C = A · B` for `N × N` matrices of floats, stored **row-major**: element `(r, c)` lives at
index `r * N + c`. One thread computes one element of `C`: it walks along row `row` of `A` and
down column `col` of `B`, multiplying and adding.

Threads come in 16 × 16 blocks, and the grid has `ceil(N / 16)` blocks in each direction.
`threadIdx.x` runs fastest. The loads of `a` and `b` sit on separate lines, so that the
emulator can count each on its own.
""")
    b.code(NAIVE_SRC)
    b.code("""
def run_matmul(kernel, N, block=(16, 16), backend=None, seed=0):
    \"\"\"Launch `kernel` on random N x N matrices; return the LaunchResult and the max error.\"\"\"
    rng = np.random.default_rng(seed)
    A = rng.uniform(-1, 1, (N, N)).astype(np.float32)
    B = rng.uniform(-1, 1, (N, N)).astype(np.float32)
    C = np.full((N, N), np.nan, dtype=np.float32)
    grid = ((N + block[0] - 1) // block[0], (N + block[1] - 1) // block[1])
    r = tl.launch(kernel, grid, block, A, B, C, N, backend=backend)
    err = np.abs(C - A.astype(np.float64) @ B.astype(np.float64)).max()
    return r, err

r, err = run_matmul(matmulNaive, 100)
print(f"N = 100 on {r.backend}: max error {err:.1e}")
""")
    b.md("""
`tl.check` tries more than one size and seed (here a few, to keep this notebook quick):
""")
    b.code('tl.check(matmulNaive, "matmul", block=(16, 16), sizes=[1, 33, 100], seeds=[0])', CHECK)
    b.md("""
## 2. The accounting

Look at one step of the inner loop: it **reads 2 floats** (`a` and `b`, 8 bytes) and does
**one multiply-add**, which counts as **2 FLOPs**. That is

$$\\frac{2\\ \\text{FLOP}}{8\\ \\text{B}} = 0.25\\ \\text{FLOP/B}.$$

Over the whole kernel there are `N²` threads, each taking `N` steps with 2 reads: **2N³ reads**
from global memory. Yet `A` and `B` together hold only **2N² distinct values**: every element
of `A` is read by all `N` threads of its row of `C`, and every element of `B` by all `N` threads
of its column. At N = 4096 that is 2 · 4096³ · 4 B ≈ 550 GB of loads to multiply two 64 MiB
matrices.

The emulator counts this. A warp's load is one *request*; with N a multiple of 16 every lane
of every warp is active, so the loads by single threads are 32 × the requests:
""")
    b.code("""
N = 64
r, _ = run_matmul(matmulNaive, N, backend="emu")
m = r.metrics
loads = 32 * m["global_ld_requests"]
print(f"N = {N}")
print(f"FLOPs                    {m['flops']:>10,}   (2N³ = {2 * N**3:,})")
print(f"loads by single threads  {loads:>10,}   (2N³ = {2 * N**3:,})")
print(f"distinct values          {2 * N * N:>10,}   (2N²)")
print(f"FLOP per byte loaded     {m['flops'] / (4 * loads):>10.2f}")
""", CHECK)
    b.md("""
**Q1.** At N = 64, how many times is each element of `A` read, on average?
""")
    b.code("""
q1 = ...
answer("Q1", q1, loads / (2 * N * N), hint="divide all the loads by the number of distinct values.",
       why="Every element is read N times, once by each thread of its row (or column) of C.")
""")
    b.md("""
## 3. Which thread computes what

A block's threads are numbered `threadIdx.x + 16 · threadIdx.y`, and each run of 32 consecutive
numbers is a **warp**: the 32 threads that execute each instruction together. So with 16 × 16
blocks, warp 0 is the first two rows of 16 threads.

In `matmulNaive`, `col` follows `threadIdx.x`. At step `k` the 32 threads of warp 0 then read:

- `A[row][k]` for only 2 distinct rows: 2 floats, which the hardware **broadcasts** to the 16
  threads that share each one;
- `B[k][col]` for 16 consecutive columns: 64 contiguous bytes.

Swap the two index lines and `row` follows `threadIdx.x` instead (`matmulNaiveUncoalesced`). Now
warp 0 covers 16 rows and 2 columns: its 16 reads of `A[row][k]` are a whole row of `A`
(`4N` bytes) apart from each other. Global memory is served in **32-byte sectors** (8 floats),
and every distinct sector a warp touches costs a transaction. The picture shows both mappings
for `N = 32`, with the sectors each load touches boxed in red.
""")
    b.code("draw_thread_map(N=32, block=(16, 16), k=5)")
    b.md("""
**Q2.** Predict the **sectors per request** of the load `A[row * N + k]` in
`matmulNaiveUncoalesced` (16 × 16 blocks, N = 64). The next section measures it, and the cell
after that checks your prediction.
""")
    b.code("q2 = ...   # sectors per request of the A load, uncoalesced")
    b.md("""
## 4. Measured: sectors per request

Here is the uncoalesced kernel. Apart from the swapped mapping it is identical.
""")
    b.code(UNCOALESCED_SRC)
    b.md("""
The emulator counts requests and sectors per source line. Ideal for a warp of 32 floats is
4 sectors per request (128 bytes); fewer means threads share data (a broadcast), more means
the warp's addresses are scattered.
""")
    b.code("""
N = 64
lines = ("global_ld_requests", "global_ld_sectors")
results = {}
for name, k in (("matmulNaive", matmulNaive), ("matmulNaiveUncoalesced", matmulNaiveUncoalesced)):
    r, err = run_matmul(k, N, backend="emu")
    results[name] = r
    print(f"{name}, N = {N}:")
    show_lines(r, lines, ratio=lines[::-1], width=30)
    print()
""", CHECK)
    b.code("""
def per_line(result, text, key):
    return sum(row[key] for row in result.per_line if text in (row.get("source") or ""))

def sectors_per_request(result, text):
    return per_line(result, text, "global_ld_sectors") / per_line(result, text, "global_ld_requests")

answer("Q2", q2, sectors_per_request(results["matmulNaiveUncoalesced"], "A[row * N + k]"),
       hint="how many distinct rows of A does one warp touch, and can two rows share a sector?")
""")
    b.code("""
spr = {name: r.metrics["global_ld_sectors"] / r.metrics["global_ld_requests"] for name, r in results.items()}
for name, v in spr.items():
    print(f"{name:24s} {v:5.2f} sectors per load request")
print(f"the uncoalesced kernel moves {spr['matmulNaiveUncoalesced'] / spr['matmulNaive']:.2f}x the sectors")
""", CHECK)
    b.code("""
draw_bars({"naive (col = threadIdx.x)": spr["matmulNaive"],
           "uncoalesced (row = threadIdx.x)": spr["matmulNaiveUncoalesced"]},
          ylabel="sectors per load request", fmt="{:.2f}",
          title=f"global loads, N = {N}, 16×16 blocks (emulator counts)")
""")
    b.md("""
## 5. Time on a GPU

Sectors are the cause; time is the effect. `tl.bench({label: kernel}, problem)` runs kernels
side by side over the problem's sizes. On a GPU it times them (CUDA events, the L2 cache
flushed before each run, repeated until the figure is stable) and plots GFLOP/s against N. On
the emulator it times nothing, since an emulator's time says nothing about a GPU's, and shows
the counts instead:
""")
    b.code('tl.bench({"naive": matmulNaive, "uncoalesced": matmulNaiveUncoalesced}, "matmul", block=(16, 16))')
    b.md("""
These figures were recorded on an NVIDIA H200 (the cell prints their source and date):
""")
    b.code("""
rec = h200_matmul()
say_source(rec)
tf = rec["tflops"]
draw_bars({"naive": tf["naive"], "uncoalesced": tf["uncoalesced"]}, ylabel="TFLOP/s", fmt="{:.1f}",
          title=f"{rec['gpu']}, N = {rec['N']}: the mapping alone is worth "
                f"{tf['naive'] / tf['uncoalesced']:.1f}x")
if rec["curves"]:
    draw_curves({k: v for k, v in rec["curves"].items() if k in ("naive", "uncoalesced")},
                xlabel="N", ylabel="TFLOP/s", title=f"{rec['gpu']}: TFLOP/s against N ({rec['source']})")
""")
    b.md("""
## 6. The roofline

A kernel's speed is capped twice. It can't compute faster than the chip's peak, and it can't
compute faster than memory delivers its operands: at an **arithmetic intensity** of `I` FLOP
per byte and a bandwidth of `W` bytes per second, the cap is `I · W`. Plot both caps against
`I` on log scales and you get a roof: a slope for memory, a flat top for compute.

For the H200, both roofs come from the recorded benchmark files:

- compute: 132 SMs × 128 FP32 lanes × 2 FLOP per FMA × the SM clock (1.98 GHz) ≈ 67 TFLOP/s,
  without tensor cores (NVIDIA's datasheet gives the same 67);
- memory: the bandwidth a plain float4 copy reached on it (the datasheet says 4.8 TB/s; a real
  copy gets less).
""")
    b.code("""
bw = h200_copy_bandwidth()
peak = rec["sm_count"] * 128 * 2 * rec["clock_mhz"] * 1e6 / 1e12
dram = bw["tbps"]
print(f"compute roof: {rec['sm_count']} SMs x 128 x 2 x {rec['clock_mhz']} MHz = {peak:.1f} TFLOP/s")
print(f"memory roof:  float4 copy {dram} TB/s at N = {bw['N']} ({bw['source']}, {bw['date']})")
""")
    b.md("""
**Q3.** If every one of the naive kernel's 8-byte steps really came from DRAM, what is the most
it could reach, in TFLOP/s? (0.25 FLOP/B × the memory roof just printed.)
""")
    b.code("""
q3 = ...
answer("Q3", q3, 0.25 * dram, tol=0.03, hint="TB/s × FLOP/B = TFLOP/s.")
""")
    b.code("""
draw_roofline([("naive (0.25 FLOP/B as written)", 0.25, tf["naive"]),
               ("uncoalesced (0.25 FLOP/B)", 0.25, tf["uncoalesced"])],
              peak_tflops=round(peak, 1), roofs={"DRAM (float4 copy)": dram}, xlim=(0.05, 1000),
              marks=[(rec["N"] / 6, f"every value read once: N/6 = {rec['N'] / 6:.0f}")],
              title=f"{rec['gpu']}, N = {rec['N']}: measured TFLOP/s against the roof")
print(f"roof at 0.25 FLOP/B: {0.25 * dram:.2f} TFLOP/s; naive measured {tf['naive']:g} TFLOP/s, "
      f"{tf['naive'] / (0.25 * dram):.1f}x above it")
print(f"if every value came from DRAM exactly once: 2N³ FLOPs / (3 · 4N² B) = N/6 = {rec['N'] / 6:.0f} FLOP/B")
""")
    b.md("""
The naive kernel sits **above** its own roof, about five times over. It does not break physics:
it means most of its 2N³ loads never reach DRAM. Each value of `A` and `B` is read by many
threads at about the same time, and the L1 and L2 caches serve the repeats. The uncoalesced
kernel drags 16 sectors through the caches for every 16 floats of `A` it uses, and ends up
near the roof. (Its time ratio to the naive kernel is not its sector ratio: time also depends
on how the caches and DRAM cope with scattered sectors, which the emulator does not model. It
counts what each warp asks for, exactly.)

The dotted line is the real opportunity: with every value read from DRAM once, the intensity is
`N/6`, far to the right, under the flat compute roof. Caches recover part of that by luck.
Lesson 02 does it on purpose, with shared memory.

## 7. Exercise

Open `work/01_naive_matmul/01_naive_matmul.ipynb` (made by `make lab` from
`exercises/01_naive_matmul/`). You will

1. write `matmulNaive` yourself, and
2. get a kernel whose threads are mapped like `matmulNaiveUncoalesced`, and fix the mapping.

The grade, per the rubric:

""" + rubric_table("01_naive_matmul"))
    return b


def solution_01() -> Book:
    a = "01_naive_matmul"
    b = Book("s01")
    b.md("""
# 01 · Naive matmul: exercise

`C = A · B` for `N × N` row-major floats, one thread per element of `C`
(lesson: `lessons/01_naive_matmul.ipynb`).
""", gid="intro")
    b.code(EXERCISE_SETUP, gid="setup", nbgrader=_nbg("setup", locked=True))
    b.md("""
**Part 1.** Write `matmulNaive`. The launch uses 16 × 16 blocks and a grid of `ceil(N / 16)`
blocks in x and y. Element `(r, c)` of an `N × N` matrix is at index `r * N + c`. Map `col`
to `threadIdx.x`, and check the bounds: `N` need not be a multiple of 16.
""", gid="task1")
    kernel_cell(b, "matmul_naive_kernel", """
%%cuda matmulNaive
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
}
""")
    b.md(GRADING_NOTE.format(kernel="matmulNaive"), gid="grading_note")
    graded_cell(b, a, "matmul_naive_check", 'tl.check(matmulNaive, "matmul", block=(16, 16))')
    b.md("""
**Part 2.** The kernel below is correct but slow: `row` follows `threadIdx.x`, so the 32 lanes
of a warp read 32 different rows of `A`, each `4N` bytes from the next. Write
`matmulCoalesced`: the same kernel, with a mapping whose warps read consecutive addresses.
Only the two lines that compute `row` and `col` change.
""", gid="task2")
    given_cell(b, "matmul_uncoalesced_given", """
%%cuda matmulUncoalesced
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
}
""")
    kernel_cell(b, "matmul_coalesced_kernel", """
%%cuda matmulCoalesced
__global__ void matmulCoalesced(const float* A, const float* B, float* C, int N)
{
    int row = 0, col = 0;
    // Set row and col so that the 32 threads of a warp read consecutive addresses.
    // ### BEGIN SOLUTION
    col = blockIdx.x * blockDim.x + threadIdx.x;
    row = blockIdx.y * blockDim.y + threadIdx.y;
    // ### END SOLUTION
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[row * N + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}
""")
    b.md("""
**Measure it.** Global load sectors per request at N = 64 on the emulator, yours against the
given kernel. The grade asks for at most a quarter of the given kernel's sectors at N = 128.
""", gid="measure_note")
    given_cell(b, "matmul_coalesced_measure", """
def sectors(kernel, N=64, block=(16, 16)):
    rng = np.random.default_rng(0)
    A = rng.uniform(-1, 1, (N, N)).astype(np.float32)
    B = rng.uniform(-1, 1, (N, N)).astype(np.float32)
    C = np.full((N, N), np.nan, dtype=np.float32)
    grid = ((N + block[0] - 1) // block[0], (N + block[1] - 1) // block[1])
    m = tl.launch(kernel, grid, block, A, B, C, N, backend="emu").metrics
    return m["global_ld_sectors"], m["global_ld_sectors"] / m["global_ld_requests"]

for name, k in (("matmulUncoalesced", matmulUncoalesced), ("matmulCoalesced", matmulCoalesced)):
    s, spr = sectors(k)
    print(f"{name:18s} {s:>9,} sectors, {spr:.2f} per request")
""", CHECK)
    graded_cell(b, a, "matmul_coalesced_check", 'tl.check(matmulCoalesced, "matmul", block=(16, 16))')
    return b


# =========================================================================== 02 tiled matmul

TILED_BODY = """
#define TILE 32
__global__ void {name}(const float* A, const float* B, float* C, int N)
{{
    __shared__ float sA[TILE][TILE];
    __shared__ float sB[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < (N + TILE - 1) / TILE; ++t) {{
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        sA[ty][tx] = (row < N && aCol < N) ? A[row * N + aCol] : 0.0f;
        sB[ty][tx] = (bRow < N && col < N) ? B[bRow * N + col] : 0.0f;
        {bar1}
        for (int k = 0; k < TILE; ++k)
            acc += sA[ty][k] * sB[k][tx];
        {bar2}
    }}
    if (row < N && col < N)
        C[row * N + col] = acc;
}}
"""


def tiled(name, bar1="__syncthreads();   // barrier 1: the whole tile is loaded",
          bar2="__syncthreads();   // barrier 2: everyone is done with the tile") -> str:
    return f"%%cuda {name}" + TILED_BODY.format(name=name, bar1=bar1, bar2=bar2)


def lesson_02() -> Book:
    b = Book("l02")
    b.md("""
# 02 · Tiled matmul

The naive kernel reads every value of `A` and `B` N times from global memory. This notebook
makes the reuse explicit: a block copies a **tile** of each matrix into shared memory once, and
all its threads read it from there.

1. the derivation, with a picture of one step;
2. cooperative loads, with zeros outside the matrix;
3. the two barriers, each shown missing, and what the emulator says;
4. global reads falling from 2N³ to 2N³/TILE, counted as sectors;
5. a TILE sweep (8, 16, 32);
6. why the H200 gains only about 1.7×, read off the PTX and the SASS.
""")
    b.code(lesson_setup("from lessonkit import (answer, draw_bars, draw_roofline, draw_tile_step, h200_matmul,\n"
                        "                       draw_curves, h200_copy_bandwidth, say_source, show_findings, show_lines)"))
    b.md("""
## 1. The derivation

Split the sum of one output element into chunks of `T` (the tile size):

$$C_{r,c} = \\sum_{k=0}^{N-1} A_{r,k} B_{k,c}
          = \\sum_{t=0}^{\\lceil N/T \\rceil - 1} \\; \\sum_{j=0}^{T-1} A_{r,\\,tT+j}\\, B_{tT+j,\\,c}.$$

Give each block a `T × T` tile of `C`, one thread per element. At step `t`, all the block's
threads need the same `T × T` tile of `A` (their rows, columns `tT … tT+T-1`) and the same tile
of `B`. So the block loads those two tiles into shared memory **once**, each thread fetching
one element of each, and then every thread runs its inner `T` steps out of shared memory.

Each thread now makes 2 global loads per step of `T` multiply-adds instead of `2T`: global
reads fall from **2N³ to 2N³/T**.
""")
    b.code("draw_tile_step(1, tiles=4, bx=2, by=1)")
    b.md("""
## 2. The kernel

`TILE = 32`, so a block is 32 × 32 = 1024 threads and its two tiles take 2 × 4 KB of shared
memory. Each thread loads **one** element of `sA` and **one** of `sB`: together, the block's
threads load both tiles (a *cooperative* load).
""")
    b.code(tiled("matmulTiled"))
    b.code("""
def run_matmul(kernel, N, block=(32, 32), backend=None, seed=0):
    \"\"\"Launch `kernel` on random N x N matrices; return the LaunchResult and the max error.\"\"\"
    rng = np.random.default_rng(seed)
    A = rng.uniform(-1, 1, (N, N)).astype(np.float32)
    B = rng.uniform(-1, 1, (N, N)).astype(np.float32)
    C = np.full((N, N), np.nan, dtype=np.float32)
    grid = ((N + block[0] - 1) // block[0], (N + block[1] - 1) // block[1])
    r = tl.launch(kernel, grid, block, A, B, C, N, backend=backend)
    err = np.abs(C - A.astype(np.float64) @ B.astype(np.float64)).max()
    return r, err

tl.check(matmulTiled, "matmul", block=(32, 32), sizes=[1, 33, 100], seeds=[0])
""", CHECK)
    b.md("""
## 3. Cooperative loads with zero fill

When `N` is not a multiple of `TILE`, the last tile hangs over the edge of the matrix. The
`? … : 0.0f` stores a zero there, and a zero adds nothing to the sum. Leave it out and threads
past the edge store nothing, so the inner loop reads whatever the shared memory held: a tile
from the previous step, or nothing at all. With N = 33 there are two steps, and the second tile
is almost all overhang:
""")
    b.code(tiled("matmulTiledNoFill").replace(
        "sA[ty][tx] = (row < N && aCol < N) ? A[row * N + aCol] : 0.0f;",
        "if (row < N && aCol < N) sA[ty][tx] = A[row * N + aCol];   // no zero fill").replace(
        "sB[ty][tx] = (bRow < N && col < N) ? B[bRow * N + col] : 0.0f;",
        "if (bRow < N && col < N) sB[ty][tx] = B[bRow * N + col];   // no zero fill"))
    b.code("""
r, err = run_matmul(matmulTiledNoFill, 33, backend="emu")
print(f"N = 33: max error {err:.3g}")
for kind, line in sorted({(f.kind, f.line) for f in r.findings}):
    print(kind, "| line", line)
""", CHECK)
    b.md("""
The answer is wrong, and the emulator says where a thread read shared memory that no thread
of its block had written. In blocks whose tile reaches past column 32, some `sB` slots are
never written at all; elsewhere the second step reads stale values left from the first, which
no tool can flag as *uninitialised*, only the result shows it.

## 4. The two barriers

`__syncthreads()` makes every thread of the block wait until all of them reach it. The kernel
needs two per step:

- **barrier 1**, after the loads: nobody may read the tile before the whole tile is stored;
- **barrier 2**, after the inner loop: nobody may overwrite the tile with the next step's
  data while another thread is still reading it.

Remove barrier 1 and let the emulator watch:
""")
    b.code(tiled("matmulTiledNoBarrier1", bar1="// barrier 1 removed"))
    b.code("""
r, err = run_matmul(matmulTiledNoBarrier1, 64, backend="emu")
print(f"max error {err:.1e}   (the answer is right!)")
show_findings(r.findings, limit=2)
""")
    b.md("""
The finding is a **read-after-write race**: a thread reads a shared address that another
thread wrote since the last barrier, with nothing in between to order the two.

And yet the answer is right. The emulator runs the block in **lockstep**: every thread executes
an instruction before any thread executes the next, so all stores happen before any load,
barrier or not. A GPU gives no such promise. Warps run at their own pace, and a fast warp can
read `sA` before a slow one has stored its part. The kernel would be wrong sometimes, on some
inputs, on some GPUs: the worst kind of bug. That is exactly why a right answer proves
nothing here, and why `tl.check` and the grader run the race detector every time.

Now barrier 2:
""")
    b.code(tiled("matmulTiledNoBarrier2", bar2="// barrier 2 removed"))
    b.code("""
r, err = run_matmul(matmulTiledNoBarrier2, 64, backend="emu")
print(f"max error {err:.1e}   (right again)")
show_findings(r.findings, limit=2)
""")
    b.code("""
summary = {}
for name, k in (("matmulTiled", matmulTiled), ("no barrier 1", matmulTiledNoBarrier1),
                ("no barrier 2", matmulTiledNoBarrier2)):
    r, err = run_matmul(k, 64, backend="emu")
    kinds = sorted({(f.kind, f.line) for f in r.findings})
    summary[name] = r
    print(f"{name:13s} right answer: {err < 1e-3}   findings (kind, line): {kinds}")
""", CHECK)
    b.md("""
This time it is a **write-after-read** race, on the loads at the top of the loop: step `t+1`
stores into the tile that a slower thread may still be reading for step `t`.

**Q1.** Which barrier's removal produced the write-after-read race: `1` or `2`?
""")
    b.code("""
q1 = ...
wr = [f for f in summary["no barrier 2"].findings if "write-after-read" in f.detail]
answer("Q1", q1, 2 if wr else 1, hint="which barrier stands between a step's reads and the next step's writes?")
""")
    b.md("""
## 5. Global reads fall by TILE

Measure it: the naive kernel of lesson 01 (16 × 16 blocks) against the tiled one, at N = 128.
`2N³/TILE` loads of 4 bytes, in 32-byte sectors, predicts the tiled kernel's count exactly,
because each warp loads 32 consecutive floats of a tile row: 4 full sectors.
""")
    b.md("""
**Q2.** Predict the global load **sectors** of `matmulTiled` at N = 128 (TILE = 32), then run
the next two cells.
""")
    b.code("q2 = ...   # global load sectors of the tiled kernel, N = 128")
    b.code("""
naive = tl.kernel_from_file("../kernels/matmul_naive.cu", "matmulNaive")
N = 128
rn, _ = run_matmul(naive, N, block=(16, 16), backend="emu")
rt, _ = run_matmul(matmulTiled, N, backend="emu")
sn, st = rn.metrics["global_ld_sectors"], rt.metrics["global_ld_sectors"]
print(f"N = {N}: naive {sn:,} sectors, tiled {st:,} sectors: {sn / st:.0f}x fewer")
print(f"2N³/TILE floats x 4 B / 32 B = {2 * N**3 // 32 * 4 // 32:,} sectors")
print()
show_lines(rt, ("global_ld_requests", "global_ld_sectors", "shared_ld_requests", "shared_st_requests"),
           width=44)
""", CHECK)
    b.code("""
answer("Q2", q2, st, hint="2N³/32 floats, 8 floats per sector.")
""")
    b.md("""
The ratio is 16, not 32: the naive kernel's warps already share some of their reads (the
broadcast of `A[row][k]`, and 16 floats of `B` in two sectors), so its sector count was already
below its 2N³ thread loads. The tiled loads now take few sectors; the work has moved into
shared memory (`s_ld_requests`), which the next sections weigh.

## 6. A TILE sweep

The same kernel with TILE = 8, 16 and 32 (a block of TILE × TILE threads each), compiled from
one source with a C++ template:
""")
    b.code("""
sweep_src = '''
template <int TILE>
__device__ void tiled(const float* A, const float* B, float* C, int N)
{
    __shared__ float sA[TILE][TILE];
    __shared__ float sB[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < (N + TILE - 1) / TILE; ++t) {
        sA[ty][tx] = (row < N && t * TILE + tx < N) ? A[row * N + t * TILE + tx] : 0.0f;
        sB[ty][tx] = (t * TILE + ty < N && col < N) ? B[(t * TILE + ty) * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            acc += sA[ty][k] * sB[k][tx];
        __syncthreads();
    }
    if (row < N && col < N)
        C[row * N + col] = acc;
}
__global__ void tiled8(const float* A, const float* B, float* C, int N)  { tiled<8>(A, B, C, N); }
__global__ void tiled16(const float* A, const float* B, float* C, int N) { tiled<16>(A, B, C, N); }
__global__ void tiled32(const float* A, const float* B, float* C, int N) { tiled<32>(A, B, C, N); }
'''
sweep = tl.compile_cuda(sweep_src, filename="tile_sweep.cu").kernels
N = 128
rows = {"naive": rn.metrics}
for T in (8, 16, 32):
    r, err = run_matmul(sweep[f"tiled{T}"], N, block=(T, T), backend="emu")
    assert err < 1e-3 and not r.findings
    rows[f"TILE={T}"] = r.metrics
print(f"N = {N}            global ld sectors   shared ld requests   instructions")
for name, m in rows.items():
    print(f"{name:12s} {m['global_ld_sectors']:>20,} {m['shared_ld_requests']:>20,} {m['instructions']:>14,}")
""", CHECK)
    b.code("""
draw_bars({k: m["global_ld_sectors"] for k, m in rows.items()}, ylabel="global load sectors", fmt="{:,}",
          title=f"N = {N}: global load sectors (emulator counts)")
""")
    b.md("""
Global sectors halve each time TILE doubles, as `2N³/TILE` says. Shared-memory load requests
stay put: every multiply-add still reads `sA` and `sB` once per thread, whatever the tile size.
TILE = 32 is as far as this kernel goes: 32 × 32 = 1024 threads is the most a block may have.

## 7. Why the H200 gains only about 1.7×

Recorded on an NVIDIA H200 (the cell prints the source and date):
""")
    b.code("""
rec = h200_matmul()
say_source(rec)
tf = rec["tflops"]
speedup = {k: v / tf["naive"] for k, v in tf.items() if k in ("naive", "tiled16", "tiled32", "cuBLAS")}
draw_bars(speedup, ylabel="speed-up over naive", fmt="{:.1f}x", log=True, highlight={"tiled32"},
          title=f"{rec['gpu']}, N = {rec['N']}: tiled32 {tf['tiled32']:g} vs naive {tf['naive']:g} TFLOP/s")
""")
    b.md("""
Sixteen times fewer global sectors, but only about 1.7× faster, and cuBLAS is still 5–6× ahead.
Two reasons.

**Caches.** Lesson 01's roofline showed the naive kernel running far above its DRAM roof: the
L1 and L2 caches were already doing much of what tiling does by hand.

**Shared memory is now the limit.** Count what the inner loop executes per multiply-add. The
emulator counts per thread, per PTX instruction:
""")
    b.code("""
m = rt.metrics
fmas = m["flops"] // 2
print(f"shared loads per FMA (PTX, per thread): {32 * m['shared_ld_requests'] / fmas:.2f}")
ptx = matmulTiled.program.ptx
print("in the PTX:", ptx.count("ld.shared.f32"), "ld.shared.f32 and", ptx.count("fma.rn.f32"),
      "fma.rn.f32 (the inner loop, unrolled)")
""", CHECK)
    b.md("""
Two shared loads, `sA[ty][k]` and `sB[k][tx]`, for every FMA. But the GPU does not run PTX: it
runs SASS, the machine code `ptxas` makes from it, and `ptxas` is clever here. In a 32 × 32
block a warp is one row `ty`, so `sA[ty][k]`, `sA[ty][k+1]`, … are the same for all 32 lanes
(a broadcast), and four of them sit in 16 consecutive bytes: it loads them with **one 128-bit
`LDS.128`**. tilelab disassembles the sm_90 cubin (Hopper, the H200) with `nvdisasm`, on the
CPU, and counts memory instructions per source line:
""")
    b.code("""
lines = [l.strip() for l in matmulTiled.program.ptx.splitlines()]
lines = [l for l in lines if l and not l.startswith(".loc")]
first = next(i for i, l in enumerate(lines) if l.startswith("ld.shared.f32"))
print("PTX (compute_80), the start of the unrolled inner loop:")
print("\\n".join("    " + l for l in lines[first:first + 9]))
sass = [l.split("*/", 1)[-1].strip(" ;") for l in matmulTiled.program.sass("sm_90").splitlines()
        if " LDS" in l or " FFMA " in l]
print("SASS (sm_90), the same stretch:")
print("\\n".join("    " + l for l in sass[:9]))
""")
    b.md("""
`tl.profile` puts it all on one table per source line: the emulator's counts, the bank verdict
(lesson 03 is about banks), and the SASS memory instructions `ptxas` made for that line:
""")
    b.code('tl.profile(matmulTiled, "matmul", N=64, block=(32, 32))')
    b.code("""
from tilelab.compile import sass_memory_mix
mix = sass_memory_mix(matmulTiled.program, "sm_90")
for (file, line), ops in sorted(mix.items(), key=lambda kv: kv[0][1]):
    print(f"line {line:>2}: {ops}")
sass = matmulTiled.program.sass("sm_90")
print("FFMA in the SASS:", sum(1 for s in sass.splitlines() if " FFMA " in s))
""", CHECK)
    b.code("""
inner = [ops for (f, line), ops in mix.items() if ops.get("LDS.128")][0]
sass_lds = inner.get("LDS", 0) + inner.get("LDS.128", 0)
print(f"sm_90: {inner.get('LDS', 0)} LDS + {inner.get('LDS.128', 0)} LDS.128 = {sass_lds} shared loads per 32 FFMA")
""", CHECK)
    b.md("""
**Q3.** How many shared-memory load *instructions* does the sm_90 SASS issue per 32 FFMA?
""")
    b.code("""
q3 = ...
answer("Q3", q3, sass_lds, hint="add up the LDS and LDS.128 of the inner-loop line above.")
""")
    b.md("""
Still more than one shared load per FMA, and that is the limit. Per clock, an SM can issue
FMAs for 4 warps (128 FP32 lanes), but its shared memory delivers 32 banks × 4 B = 128 bytes:
one warp-wide load of 32 floats. With 2 shared loads per FMA, the shared pipe allows half a
warp-FMA per clock, an eighth of the peak. As bandwidth: the H200's shared memory moves about
SMs × 128 B × clock ≈ 33 TB/s, and the kernel does 2 FLOPs per 8 shared bytes, 0.25 FLOP/B.
The same kernel against DRAM has TILE/4 = 8 FLOP/B, with lots of headroom.
""")
    b.code("""
bw = h200_copy_bandwidth()
peak = rec["sm_count"] * 128 * 2 * rec["clock_mhz"] * 1e6 / 1e12
shared_tbps = rec["sm_count"] * 128 * rec["clock_mhz"] * 1e6 / 1e12
print(f"shared-memory roof: {rec['sm_count']} SMs x 128 B x {rec['clock_mhz']} MHz = {shared_tbps:.1f} TB/s; "
      f"at 0.25 FLOP/B: {0.25 * shared_tbps:.1f} TFLOP/s (tiled32 measured {tf['tiled32']:g})")
draw_roofline([("tiled32 vs DRAM (8 FLOP/B)", 8.0, tf["tiled32"]),
               ("tiled32 vs shared (0.25 FLOP/B)", 0.25, tf["tiled32"]),
               ("naive vs DRAM (0.25 FLOP/B)", 0.25, tf["naive"])],
              peak_tflops=round(peak, 1),
              roofs={"DRAM (float4 copy)": bw["tbps"], "shared memory (estimate)": round(shared_tbps, 1)},
              levels=[(tf["cuBLAS"], f"cuBLAS, measured: {tf['cuBLAS']:g} TFLOP/s")],
              xlim=(0.05, 200), title=f"{rec['gpu']}, N = {rec['N']}: the tiled kernel sits at the shared-memory roof")
""")
    b.md("""
The tiled kernel lands on the shared-memory roof (a little above the estimate: `ptxas`'s
`LDS.128` merges make fewer load instructions than the PTX's 2 per FMA), far below its DRAM
roof. Over the sizes that were measured:
""")
    b.code("""
if rec["curves"]:
    draw_curves(rec["curves"], xlabel="N", ylabel="TFLOP/s", logy=True,
                title=f"{rec['gpu']}: TFLOP/s against N ({rec['source']}, {rec['date']})")
else:
    print("no benchmark file with several sizes in bench/results/ (run bench/gpu_matmul.py on a GPU)")
""")
    b.md("""
The way forward is to raise the FLOPs per shared load. If each thread computes not one but
several outputs, say a small column of `C`, it can load one value of `sB` into a register and
use it for all of them: **register blocking**. That, with wider loads and then tensor cores, is
how cuBLAS gets its 5–6×. Before going there, the next lessons look closely at shared memory
itself: its 32 banks, and what happens when a warp's addresses collide in them.

## 8. Exercise

Open `work/02_tiled_matmul/02_tiled_matmul.ipynb`: the tiled kernel with its tile loads and
barriers missing. Fill them in. The grade, per the rubric:

""" + rubric_table("02_tiled_matmul"))
    return b


def solution_02() -> Book:
    a = "02_tiled_matmul"
    b = Book("s02")
    b.md("""
# 02 · Tiled matmul: exercise

Fill in the cooperative tile loads (zero outside the matrix) and the two barriers
(lesson: `lessons/02_tiled_matmul.ipynb`). The launch uses 32 × 32 blocks (TILE = 32) and a
grid of `ceil(N / 32)` blocks in x and y.
""", gid="intro")
    b.code(EXERCISE_SETUP, gid="setup", nbgrader=_nbg("setup", locked=True))
    kernel_cell(b, "matmul_tiled_kernel", """
%%cuda matmulTiled
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
}
""")
    b.md("""
**Race check.** The emulator runs a block in lockstep, so a missing barrier still gives the
right numbers there. This cell runs your kernel once at N = 64 on the emulator and lists what
its sanitizer found: a missing barrier shows up as a race, a missing zero fill at N = 33 as an
uninitialised read or wrong values.
""", gid="race_note")
    given_cell(b, "matmul_tiled_race_check", """
for N in (33, 64):
    rng = np.random.default_rng(0)
    A = rng.uniform(-1, 1, (N, N)).astype(np.float32)
    B = rng.uniform(-1, 1, (N, N)).astype(np.float32)
    C = np.full((N, N), np.nan, dtype=np.float32)
    g = (N + 31) // 32
    r = tl.launch(matmulTiled, (g, g), (32, 32), A, B, C, N, backend="emu")
    err = np.nanmax(np.abs(C - A.astype(np.float64) @ B)) if not np.isnan(C).all() else float("nan")
    print(f"N = {N}: max error {err:.1e}, {int(np.isnan(C).sum())} unwritten, {len(r.findings)} finding(s)")
    for f in r.findings[:2]:
        print("  ", f)
""", CHECK)
    b.md(GRADING_NOTE.format(kernel="matmulTiled"), gid="grading_note")
    graded_cell(b, a, "matmul_tiled_check", 'tl.check(matmulTiled, "matmul", block=(32, 32))')
    return b


# =========================================================================== build

NOTEBOOKS = {
    "00_start_here": (lesson_00, solution_00),
    "01_naive_matmul": (lesson_01, solution_01),
    "02_tiled_matmul": (lesson_02, solution_02),
}


def targets(prefixes):
    for name, (lesson, solution) in NOTEBOOKS.items():
        if prefixes and not any(name.startswith(p) for p in prefixes):
            continue
        yield ROOT / "lessons" / f"{name}.ipynb", lesson
        yield ROOT / "solutions" / name / f"{name}.ipynb", solution


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("only", nargs="*", help="notebook name prefixes (00, 01_naive, ...)")
    ap.add_argument("--no-execute", action="store_true", help="write without running (no outputs)")
    ap.add_argument("--lessons-only", action="store_true", help="only lessons/, not the solution notebooks")
    ap.add_argument("--timeout", type=int, default=600, help="per-cell timeout when executing (s)")
    args = ap.parse_args(argv)
    for path, make in targets(args.only):
        if args.lessons_only and path.parent.name != "lessons":
            continue
        nb = make().notebook()
        nbformat.validate(nb)
        t0 = time.monotonic()
        if not args.no_execute:
            execute(nb, path, args.timeout)
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, path)
        print(f"wrote {path.relative_to(ROOT)}" + ("" if args.no_execute else f" (ran in {time.monotonic() - t0:.0f} s)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
