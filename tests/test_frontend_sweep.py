"""The front-end sweep (docs/FIDELITY.md, "a front-end sweep"; bench/frontend_sweep.py): each gap it found, as a
minimal reproduction that failed on the code before the fix, and its before/after tallies as the JSON files hold them.

The gaps: C library headers that nvcc finds (glibc's) and NVRTC does not. A kernel file includes <stdlib.h>,
<cstdlib>, <string.h>, <cstring>, <time.h> or <ctime> for its host part (or through <cuda.h>, which includes
<stdlib.h>); NVRTC refused it ("cannot open source file"). tilelab/include has them now: what device code may use of
each is NVRTC's own (malloc, free, abs, memcpy, memset, clock), plus the headers' macros and the std:: names.
"""
from __future__ import annotations

import json
import sys

import pytest

from conftest import ROOT
from tilelab import toolchain as tc
from tilelab.toolchain import compile_cuda

MAJORS = sorted(tc.available_nvrtc())
RES = ROOT / "bench" / "results"
BEFORE = RES / "frontend-sweep-2026-12-04-before.json"
AFTER = RES / "frontend-sweep-2026-12-04-after.json"


@pytest.mark.parametrize("major", MAJORS)
def test_stdlib_h_and_cstdlib(major):
    """yhtang's tutorial (`#include <cstdlib>`), gpu4pyscf's unpack.cu and eunomia's tutorial (`<stdlib.h>`)."""
    src = """#include <cstdlib>
#include <stdlib.h>
__global__ void k(int *a, long *b, long long *c, std::size_t n) {
    int *p = (int *)std::malloc(16); std::free(p);
    a[0] = std::abs(a[1]) + EXIT_FAILURE + (RAND_MAX > 0);
    b[0] = std::abs(b[1]) + std::labs(b[1]);
    c[0] = std::llabs(c[1]) + std::abs(c[2]);
}
"""
    prog = compile_cuda(src, filename="stdlib.cu", nvrtc=major)
    assert list(prog.kernels) == ["k"]


@pytest.mark.parametrize("major", MAJORS)
def test_cuda_h_includes_stdlib_h(major):
    """yhtang's tutorial includes <cuda.h> (the driver API, for its host part), which includes <stdlib.h>."""
    prog = compile_cuda("#include <cuda.h>\n__global__ void k(float *x) { x[0] = 1.0f; }\n",
                        filename="cudah.cu", nvrtc=major)
    assert list(prog.kernels) == ["k"]


@pytest.mark.parametrize("major", MAJORS)
def test_string_h_cstring_time_h_ctime(major):
    """gpu4pyscf's and eunomia's files (`<string.h>`), yhtang's image filters (`<ctime>`)."""
    src = """#include <cstring>
#include <string.h>
#include <ctime>
#include <time.h>
__global__ void k(int *a, long long *c) {
    std::memcpy(a, a + 1, 4); memset(a + 2, 0, 4);
    std::clock_t t = std::clock();
    c[0] = t + clock64() + (CLOCKS_PER_SEC > 0);
}
"""
    prog = compile_cuda(src, filename="cstring.cu", nvrtc=major)
    assert list(prog.kernels) == ["k"]


# --------------------------------------------------------------------------------------
# The sweep's records
# --------------------------------------------------------------------------------------

sys.path.insert(0, str(ROOT / "bench"))
import frontend_sweep as sweep  # noqa: E402


def _load(p):
    return json.loads(p.read_text())


@pytest.mark.parametrize("path", [BEFORE, AFTER], ids=["before", "after"])
def test_the_tallies_are_the_files_rows(path):
    d = _load(path)
    assert sweep.tally(d["files"]) == d["tally"]
    assert [(s["repo"], s["commit"]) for s in d["sources"]] == [(r, c) for r, c, _, _ in sweep.SOURCES]


def test_before_and_after():
    """Same files, same nvcc verdicts; the header classes gone after, the rest as it was."""
    b, a = _load(BEFORE), _load(AFTER)
    key = lambda f: (f["repo"], f["path"])  # noqa: E731
    assert [key(f) for f in b["files"]] == [key(f) for f in a["files"]]
    for fb, fa in zip(b["files"], a["files"]):
        assert (fb["outcome"] in ("nvcc-refused", "strip-broken")) == (fa["outcome"] in ("nvcc-refused", "strip-broken"))
        assert len(fb["kernels"]) == len(fa["kernels"])
        assert not (fb["outcome"] == "ok" and fa["outcome"] != "ok"), key(fb)      # nothing that built is refused now
    tb, ta = b["tally"], a["tally"]
    for k in ("files", "files_nvcc_refused", "files_strip_broken", "files_swept", "kernels"):
        assert tb[k] == ta[k]
    fixed = ("missing header stdlib.h", "missing header cstdlib", "missing header string.h", "missing header cstring",
             "missing header time.h", "missing header ctime")
    assert any(c in tb["refused_by_class"] for c in fixed)
    assert not any(c in ta["refused_by_class"] for c in fixed)
    assert ta["kernels_ok"] > tb["kernels_ok"]
    assert ta["kernels_ok"] + ta["kernels_tilelab_refused"] == ta["kernels"]
    # every class left after is one of the before's, or one the fixed headers had hidden behind them
    left = set(ta["refused_by_class"])
    # (<csignal>, a host-only header; CLOCK_REALTIME, in a host function of yhtang's util.h that NVRTC's -default-device
    # retry compiles as device code: both were behind <stdlib.h> and <ctime>)
    assert left <= set(tb["refused_by_class"]) | {"missing header csignal", "undefined CLOCK_REALTIME"}


def test_device_part_keeps_lines_and_kernels():
    src = ('#include <vector>\n#include <cstdio>\nextern "C" {\n__host__\nint launch(int n) {\n  return n;\n}\n}\n'
           "__global__ void k(int *x) { x[0] = 1; }\nint main() {\n  return 0;\n}\n"
           "constexpr int sq(int v) { return v * v; }\n__device__ int f(int v) { return v; }\n")
    dev, removed = sweep.device_part(src)
    assert dev.count("\n") == src.count("\n")
    assert "__global__ void k" in dev and "constexpr int sq" in dev and "__device__ int f" in dev
    assert "launch" not in dev and "main" not in dev and "<vector>" not in dev and "<cstdio>" in dev
    assert removed[0] == "#include <vector>" and len(removed) == 3
