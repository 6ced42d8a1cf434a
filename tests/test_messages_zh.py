"""The texts a Chinese learner used to read in English: the emulator's unsupported-instruction
reasons and printf notes, tl.banks' verdicts and summaries, the SASS-count "why" notes, and the
GPU backend's faults. Under TILELAB_LANG=zh each renders in Chinese (CJK, no English sentence,
no catalog key); in English each is exactly the text it was before it moved into the catalog."""
from __future__ import annotations

import json
import re
import string
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from tilelab import banks, messages
from tilelab import toolchain as tc
from tilelab.errors import KernelFault, LaunchError, TilelabError
from tilelab.messages import msg
from conftest import needs_cubin

ROOT = Path(__file__).resolve().parent.parent
CJK = re.compile(r"[\u4e00-\u9fff]")
KEY = re.compile(r"\b[a-z0-9]+\.[a-z0-9_]+\b")        # a catalog key's shape: section.name
# four English words in a row outside `code`: an untranslated sentence (identifiers, PTX and
# SASS names are single tokens and do not make one)
ENGLISH_RUN = re.compile(r"\b[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){3,}\b")
MOVED = ("unsupported.", "counts.", "gpu.")          # whole sections this stop moved
BANKS_MOVED = ("no_active_lanes", "broadcast", "conflict_free", "with_broadcast", "n_way_conflict",
               "what_ldmatrix", "what_bytes", "in_phases", "summary", "over_launch", "misaligned_lanes",
               "explicit_addresses", "swizzled", "tile_label", "line_label", "ldmatrix_rows", "byte_elements",
               "explorer_label_col", "explorer_label_row", "read_swizzled", "swizzle_pow2", "loads", "stores")


def _fields(text):
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _moved_keys():
    en = messages.catalog("en")
    return sorted(k for k in en if k.startswith(MOVED) or k.startswith("banks.err_")
                  or k in {f"banks.{b}" for b in BANKS_MOVED} or k == "profile.sentence")


def _chinese(text: str) -> None:
    """Rendered Chinese: has CJK, names no catalog key, and no English sentence outside backticks."""
    assert CJK.search(text), text
    keys = [k for k in KEY.findall(text) if k in messages.catalog("en")]
    assert not keys, (keys, text)
    prose = re.sub(r"`[^`]*`", "", text)
    assert not ENGLISH_RUN.search(prose), (ENGLISH_RUN.search(prose).group(0), text)


# ------------------------------------------------------------------------------ the catalogs

def test_every_moved_key_has_chinese_with_the_same_fields():
    en, zh = messages.catalog("en"), messages.catalog("zh")
    keys = _moved_keys()
    assert len(keys) > 90, keys
    missing = [k for k in keys if k not in zh]
    assert not missing, f"no Chinese for {missing}"
    differ = {k: (sorted(_fields(en[k])), sorted(_fields(zh[k]))) for k in keys if _fields(en[k]) != _fields(zh[k])}
    assert not differ, differ
    same = [k for k in keys if zh[k] == en[k]]
    assert not same, f"left in English: {same}"


def test_every_moved_text_reads_as_chinese():
    """Each text with words in it (not only punctuation around a field) has CJK and no English run."""
    zh = messages.catalog("zh")
    for k in _moved_keys():
        bare = re.sub(r"\{[^}]*\}", "", zh[k])
        if re.search(r"[A-Za-z\u4e00-\u9fff]", bare):
            if re.fullmatch(r"[\W\d_]*(?:T|MISALIGNED|B)?[\W\d_]*", bare):   # a label made of code
                continue
            _chinese(zh[k].replace("{", "").replace("}", ""))


# ------------------------------------------------------------------------------ 1. the emulator

SAT_SRC = """\
#include <cuda_fp16.h>
__global__ void saturate(const __half2* a, __half2* out)
{
    out[threadIdx.x] = __hadd2_sat(a[threadIdx.x], a[threadIdx.x]);
}
"""
PRINTF_N_SRC = """\
__global__ void countChars(int* out)
{
    int n = 0;
    printf("lane %d%n\\n", threadIdx.x, &n);
    out[threadIdx.x] = n;
}
"""
EXTERN_SRC = """\
extern __device__ int helper(int x);             // defined in another file: linked with -rdc
__global__ void grab(int* out)
{
    out[threadIdx.x] = helper(threadIdx.x);
}
"""
CHATTY_SRC = """\
__global__ void chatty(int* out)
{
    printf("thread %d\\n", threadIdx.x);
    out[threadIdx.x] = 1;
}
"""


@pytest.fixture(scope="module")
def kernels():
    if not tc.available_nvrtc():
        pytest.skip("no NVRTC installed")
    return {name: tc.compile_cuda(src, filename=f"{name}.cu", options=opts).kernel(name)
            for name, src, opts in (("saturate", SAT_SRC, ()), ("countChars", PRINTF_N_SRC, ()),
                                    ("grab", EXTERN_SRC, ("-rdc=true",)), ("chatty", CHATTY_SRC, ()))}


def _unsupported(kernels, name):
    from tilelab.launch import launch
    args = {"saturate": (np.ones(64, np.float16), np.zeros(64, np.float16)), "countChars": (np.zeros(32, np.int32),),
            "grab": (np.zeros(32, np.int32),)}[name]
    with pytest.raises(TilelabError) as e:
        launch(kernels[name], 1, 32, *args, backend="emu")
    return str(e.value)


@pytest.mark.parametrize("name, english", [
    ("saturate", "(f16x2 with ftz/sat/relu or directed rounding)"),
    ("countChars", "(printf's %n conversion)"),
    ("grab", "(a call to the library function `_Z6helperi`)"),
])
def test_unsupported_reasons_in_both_languages(kernels, monkeypatch, name, english):
    en = _unsupported(kernels, name)
    assert english in en, en
    assert "Rewrite that line another way" in en
    monkeypatch.setenv("TILELAB_LANG", "zh")
    zh = _unsupported(kernels, name)
    first = zh.splitlines()[0]                     # "模拟器没有实现 `...`（reason）"
    reason = first[first.index("（") + 1:first.rindex("）")]
    assert english.strip("()") not in zh
    _chinese(reason)
    assert zh.splitlines()[1:] and f"{name}.cu:" in zh     # the place, as in English
    assert {ln.split("|", 1)[1] for ln in zh.splitlines() if "|" in ln} == \
        {ln.split("|", 1)[1] for ln in en.splitlines() if "|" in ln}        # the learner's source line


def test_printf_overflow_note(kernels, monkeypatch):
    from tilelab.launch import launch
    monkeypatch.setenv("TILELAB_PRINTF_LINES", "3")
    from tilelab.emu import devio
    monkeypatch.setattr(devio, "PRINTF_LINES", 3)
    r = launch(kernels["chatty"], 1, 32, np.zeros(32, np.int32), backend="emu", echo=False)
    assert r.printed[-1] == ("… 29 more lines of printf output (the emulator shows the first 3, ordered by block, "
                             "warp and lane; TILELAB_PRINTF_LINES=N shows more)")
    monkeypatch.setenv("TILELAB_LANG", "zh")
    r = launch(kernels["chatty"], 1, 32, np.zeros(32, np.int32), backend="emu", echo=False)
    assert r.printed[:3] == ["thread 0", "thread 1", "thread 2"]        # the kernel's own words stay
    _chinese(r.printed[-1].replace("TILELAB_PRINTF_LINES=N", ""))
    assert "29" in r.printed[-1] and "3" in r.printed[-1]


def test_unsupported_reasons_english_is_unchanged():
    assert msg("unsupported.printf_format", "en") == "printf with a format string the emulator cannot read"
    assert msg("unsupported.printf_conversion", "en", conv="%n") == "printf's %n conversion"
    assert msg("unsupported.atomics_on", "en", space="local") == "atomics on local"
    assert msg("unsupported.printf_render", "en", fmt=repr("%q"), e="bad") == "<printf could not render '%q': bad>"


# ------------------------------------------------------------------------------ 2. tl.banks

@pytest.mark.parametrize("spec, kw, english", [
    (lambda lane: lane, {}, "4-byte access: 1 wavefront (ideal 1): conflict-free"),
    (lambda lane: lane * 2, {"width": 16}, "16-byte access in 4 phases: 8 wavefronts (ideal 4): 2-way bank conflict"),
    (lambda lane: lane % 16 * 2, {}, "4-byte access: 1 wavefront (ideal 1): conflict-free (with broadcast)"),
    (lambda lane: 0, {}, "4-byte access: 1 wavefront (ideal 1): broadcast"),
    (lambda lane: lane * 4 + 2, {"unit": "byte"},
     "4-byte access: 1 wavefront (ideal 1): conflict-free; MISALIGNED for 4-byte access at lanes [0, 1, 2, 3]"),
    (lambda lane: lane * 16, {"width": "ldmatrix"},
     "ldmatrix access in 4 phases: 8 wavefronts (ideal 4): 2-way bank conflict"),
])
def test_banks_summary_in_both_languages(monkeypatch, spec, kw, english):
    a = banks.analyze(spec, **kw)
    assert a.summary() == english
    monkeypatch.setenv("TILELAB_LANG", "zh")
    zh = banks.analyze(spec, **kw).summary()
    _chinese(zh.replace("MISALIGNED", ""))
    assert sorted(re.findall(r"\d+", zh)) == sorted(re.findall(r"\d+", english))     # the same numbers


def test_banks_verdicts_labels_and_refusals_in_chinese(monkeypatch):
    en = banks.explorer_access("col", 1, 48, True, 1, True, 4).label
    assert en == "T[32][48 + 1] float, column read — swizzle needs a power-of-two row"
    assert banks.pattern([0] * 32).label == "explicit addresses"
    monkeypatch.setenv("TILELAB_LANG", "zh")
    assert banks.analyze(lambda lane: lane * 32).verdict == "32 路 bank 冲突"
    zh = banks.explorer_access("col", 1, 48, True, 1, True, 4).label
    assert zh.startswith("T[32][48 + 1] float") and zh != en
    _chinese(zh)
    _chinese(banks.pattern([0] * 32).label)
    for bad in (dict(width=3), dict(unit="x")):
        with pytest.raises(banks.BankError) as e:
            banks.analyze(lambda lane: lane, **bad)
        _chinese(str(e.value))
    with pytest.raises(banks.BankError) as e:
        banks.tile(4, 4, 0, lambda lane: (lane, 0))
    _chinese(str(e.value))
    assert "(4, 0)" in str(e.value) and "4 x 4" in str(e.value)


# ------------------------------------------------------------------------------ 3. the SASS notes

def test_sass_notes_english_is_unchanged():
    assert msg("counts.merged_loads", "en", n=4, sass="LDS.128") == "ptxas merged 4 loads into LDS.128"
    assert msg("counts.times", "en", c=2) == " (×2)"
    assert msg("counts.mismatch", "en", have="LDS.128×2", these="of this line", predicted="LDS.64×4") == \
        "ptxas made LDS.128×2 of this line, the model expected LDS.64×4: counted as in the PTX"
    assert msg("counts.const_loads", "en", n=2) == "2 __constant__ load(s) read through the constant cache: no LDG"
    assert msg("counts.no_sass", "en", arch="sm_90", why="x") == "no SASS for sm_90 (x): requests are counted as the PTX runs"
    from tilelab.emu.counters import vprintf_cost
    assert vprintf_cost.note(3) == ("the driver's vprintf (3 warp calls): its loads, stores and atomics, as measured "
                                    f"on the H200 (driver {vprintf_cost.DRIVER}); not in the PTX or the cubin")
    assert vprintf_cost.note(1).startswith("the driver's vprintf (1 warp call): ")


def test_sass_notes_render_in_chinese(monkeypatch):
    from tilelab.emu.counters import vprintf_cost
    monkeypatch.setenv("TILELAB_LANG", "zh")
    note = vprintf_cost.note(3)
    _chinese(note)
    assert "vprintf" in note and "3" in note and vprintf_cost.DRIVER in note
    for key, fields in (("counts.left_none", {"name": "LDS"}), ("counts.cannot_tell", {"p": 2, "u": 1, "name": "STS"}),
                        ("counts.merged_other", {"name": "LDS"}), ("counts.more_predicated", {"n": 2, "name": "LDS"}),
                        ("counts.ldgsts_pads", {"pads": 3, "runs": 1, "copies": 4}),
                        ("counts.unrolled_trips", {"trips": "4"}), ("counts.repeats", {"copies": 2})):
        text = msg(key, **fields)
        _chinese(text)
        assert all(str(v) in text for v in fields.values())


@needs_cubin
def test_run_json_why_follows_the_language(capsys, monkeypatch):
    """`tilelab run --json` words its per-line "why" in TILELAB_LANG, with the same keys and numbers;
    the count plan built for the English run is not reused for the Chinese one."""
    from tilelab.cli import main
    argv = ["run", str(ROOT / "kernels" / "matmul_tiled.cu"), "matmulTiled32", "--grid", "2,2", "--block", "32,32",
            "--backend", "emu", "--json", "in:float32:64x64", "in:float32:64x64", "out:float32:64x64", "int:64"]

    def run():
        assert main(list(argv)) == 0
        doc = json.loads(capsys.readouterr().out)
        return doc, next(pl for pl in doc["per_line"] if "sA[ty][k]" in pl["source"])
    en, en_row = run()
    assert "ptxas merged 4 loads into LDS.128" in en_row["why"]
    monkeypatch.setenv("TILELAB_LANG", "zh")
    zh, zh_row = run()
    assert set(zh) == set(en) and set(zh_row) == set(en_row)                      # keys stay English
    assert zh["metrics"] == en["metrics"] and zh_row["ptx"] == en_row["ptx"]
    assert "ptxas 把 4 条加载合并成了 LDS.128" in zh_row["why"]
    _chinese(zh_row["why"])


# ------------------------------------------------------------------------------ 4. the GPU backend

@pytest.fixture
def session():
    from tilelab.gpu.worker import GpuSession
    s = GpuSession(device_factory="tilelab.gpu.fake:FakeDevice", timeout=5, start_timeout=60, echo_output=False)
    yield s
    s.close()


@dataclass
class _P:                     # a kernel parameter as tilelab.gpu.spec reads one
    name: str
    ctype: str
    pointer: bool
    const: bool
    dtype: object
    lanes: int = 1


class _Program:
    def cubin(self, arch):
        return b"\x7fELF fake cubin for " + arch.encode()


@dataclass(eq=False)
class _K:                     # what the fake device runs: its entry name says what it does
    name: str
    entry: str
    params: list = field(default_factory=lambda: [
        _P("a", "const float*", True, True, np.dtype("float32")), _P("b", "const float*", True, True, np.dtype("float32")),
        _P("c", "float*", True, False, np.dtype("float32")), _P("n", "int", False, False, np.dtype("int32"))])
    program: _Program = field(default_factory=_Program)


def _fake(entry, name):
    return _K(name, entry)


def _args():
    return [np.arange(5, dtype=np.float32), np.full(5, 2, np.float32), np.zeros(5, np.float32), 5]


def test_kernel_faults_in_both_languages(session, monkeypatch):
    with pytest.raises(KernelFault) as e:
        session.launch(_fake("fault", "bad"), 1, 32, _args())
    en = str(e.value)
    assert en.endswith("\nThe GPU's context could not be used after this, so the GPU worker was restarted; your "
                       "Python session is fine. Run the kernel on the emulator (backend='emu') to see which line, "
                       "thread and address did it.")
    monkeypatch.setenv("TILELAB_LANG", "zh")       # the worker started in English: each request says the language
    with pytest.raises(KernelFault) as e:
        session.launch(_fake("fault", "bad"), 1, 32, _args())
    zh = str(e.value)
    assert zh.splitlines()[0] == en.splitlines()[0]          # CUDA's own words, as CUDA wrote them
    _chinese(zh.split("\n", 1)[1])
    assert "backend='emu'" in zh
    with pytest.raises(KernelFault) as e:
        session.launch(_fake("hang", "spin"), 1, 32, _args(), timeout=1)
    _chinese(str(e.value))
    assert str(e.value).startswith("spin<<<(1,1,1), (32,1,1)>>> ") and " 1 秒" in str(e.value)
    with pytest.raises(KernelFault) as e:
        session.launch(_fake("crash", "boom"), 1, 32, _args())
    lines = str(e.value).splitlines()              # between the first and last: the worker's stderr
    assert lines[0].startswith("boom<<<(1,1,1), (32,1,1)>>>：")
    _chinese(lines[0])
    _chinese(lines[-1])
    with pytest.raises(LaunchError) as e:
        session.launch(_fake("refuse", "greedy"), 1, 32, _args())
    _chinese(str(e.value).replace("too many resources requested for launch", ""))


def test_gpu_texts_english_is_unchanged():
    assert msg("gpu.timeout", "en", what="k<<<(1,1,1), (32,1,1)>>>", timeout=1.0) == (
        "k<<<(1,1,1), (32,1,1)>>> did not finish within 1 s, so it was stopped (an endless loop, or a barrier "
        "some threads never reach?). The GPU worker was restarted; your Python session is fine.")
    assert msg("gpu.died", "en", what="k", code=9, tail="") == \
        "k: the GPU worker died (exit code 9)\nIt was restarted; your Python session is fine."
    assert msg("gpu.symbol_size", "en", var="'c'", nbytes=20, name="c", size=16) == \
        "symbols={'c': ...} has 20 bytes; the variable c holds 16"
    assert msg("gpu.refused", "en", what="k", why="x") == "k was refused: x"
