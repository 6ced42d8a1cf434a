"""NVRTC names a source's internal-linkage symbols after the process id unless given a seed, and NVVM's code can
differ with that name (fast-transformers' lmha_kernel<48, 1> had 12 or 13 shared loads on one line, one process in
six): every build takes ``-frandom-seed`` (toolchain/nvrtc.py, SEED_OPTION), so two processes name them alike."""
from __future__ import annotations

import re
import subprocess
import sys

from conftest import ROOT

SOURCE = r'''
namespace nv { constexpr int WIDTH = 32; static __device__ float table[WIDTH]; }
template <int S> __global__ void k(float *out) { out[threadIdx.x] = nv::table[threadIdx.x % nv::WIDTH] * S; }
'''

PROBE = f"""
import re, sys
sys.path.insert(0, {str(ROOT)!r})
from tilelab import toolchain as tc
p = tc.compile_cuda({SOURCE!r}, filename="seeded.cu", name_expressions=["k<3>"])
print(sorted(set(re.findall(r"_INTERNAL_\\w+", p.ptx))))
"""


def _internal_names() -> str:
    r = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout.strip()


def test_internal_symbols_are_named_alike_in_every_process():
    first, second = _internal_names(), _internal_names()
    assert "_INTERNAL_" in first                  # the source has internal-linkage symbols for NVRTC to name
    assert first == second


def test_an_nvrtc_without_the_option_builds_as_before(monkeypatch):
    from tilelab import toolchain as tc
    from tilelab.toolchain import nvrtc as nv_mod
    real = nv_mod._map_log
    calls = []

    def refuse_seed(log, *a, **k):               # an NVRTC older than -frandom-seed: it names the option
        calls.append(1)
        if len(calls) == 1:
            return "nvrtc: error: unrecognized option -frandom-seed=0 found"
        return real(log, *a, **k)

    nv = tc.find_nvrtc()
    monkeypatch.setattr(nv_mod, "_map_log", refuse_seed)
    monkeypatch.setattr(nv, "no_seed", False, raising=False)
    rc_first = {"seen": False}
    real_compile = nv.lib.nvrtcCompileProgram

    def compile_once_refused(prog, n, arr):
        opts = [arr[i].decode() for i in range(n)]
        if nv_mod.SEED_OPTION in opts and not rc_first["seen"]:
            rc_first["seen"] = True
            return 6                                  # NVRTC_ERROR_COMPILATION
        return real_compile(prog, n, arr)

    monkeypatch.setattr(nv.lib, "nvrtcCompileProgram", compile_once_refused)
    ptx, _, _ = nv_mod._nvrtc_compile(nv, SOURCE + "\n// unseeded\n", "unseeded.cu", 1, (), "-arch=compute_80",
                                      ["k<3>"], False)
    assert rc_first["seen"] and nv.no_seed and b".entry" in (ptx if isinstance(ptx, bytes) else ptx.encode())
