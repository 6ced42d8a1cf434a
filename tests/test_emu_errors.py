"""Bad input gets a clear message, never a traceback wall or a guess (DESIGN §4; issue 2,
Acceptance "Bad input"): a compile error on the learner's line, an unsupported PTX
instruction named with its source line, a wrong argument list, a launch too large for
the emulator (with an estimate and a suggestion), and a kernel that never ends."""
from __future__ import annotations

import re
import time

import numpy as np
import pytest

from tilelab.errors import (CompileError, EmulatorError, LaunchError, LaunchTooLarge,
                            StepBudgetExceeded, TilelabError, UnsupportedInstruction)


def rendered(err: TilelabError) -> str:
    """What a notebook shows: _render_traceback_ lines, no frames."""
    lines = err._render_traceback_()
    text = "\n".join(lines)
    assert "Traceback" not in text and 'File "' not in text
    return text


def test_compile_error_on_the_learners_line(emu):
    src = """\
__global__ void k(float* x, int n)
{
    int i = threadIdx.x;
    if (i < n)
        x[i] = undefinedThing * 2.0f;
}
"""
    with pytest.raises(CompileError) as ei:
        emu.compile(src, "k", filename="lesson#cell3", first_line=20)
    msg = str(ei.value)
    assert re.search(r"lesson#cell3:24: error: .*undefinedThing", msg), msg
    assert "x[i] = undefinedThing * 2.0f;" in msg
    assert "#line" not in msg and "nvrtc" not in msg.lower()
    assert rendered(ei.value).count("\n") <= 4


UNSUPPORTED_SRC = """\
__global__ void reverseBits(const unsigned* in, unsigned* out)
{
    unsigned v = in[threadIdx.x], r;
    asm("fns.b32 %0, %1, 0, 1;" : "=r"(r) : "r"(v));
    out[threadIdx.x] = r;
}
"""


def test_unsupported_instruction_names_it_and_the_line(emu, rng):
    from tilelab.emu.isa import HANDLERS
    assert "fns" not in HANDLERS                        # if it gets implemented, pick another
    k = emu.compile(UNSUPPORTED_SRC, "reverseBits", filename="brev.cu")
    x = rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32)
    out = np.zeros(32, np.uint32)
    with pytest.raises(UnsupportedInstruction) as ei:
        emu.run(k, 1, 32, x, out)
    msg = str(ei.value)
    assert "fns.b32" in msg
    assert "brev.cu:4" in msg
    assert 'asm("fns.b32 %0, %1, 0, 1;"' in msg        # the learner's source line
    assert isinstance(ei.value, EmulatorError)
    rendered(ei.value)


@pytest.mark.parametrize("asm,op", [
    ('asm("bmsk.clamp.b32 %0, %1, 3;" : "=r"(r) : "r"(v));', "bmsk"),
    ('asm("szext.wrap.s32 %0, %1, 8;" : "=r"(r) : "r"(v));', "szext"),
])
def test_other_unsupported_instructions(emu, rng, asm, op):
    from tilelab.emu.isa import HANDLERS
    if op in HANDLERS:
        pytest.skip(f"{op} is implemented now")
    src = UNSUPPORTED_SRC.replace('asm("fns.b32 %0, %1, 0, 1;" : "=r"(r) : "r"(v));', asm)
    k = emu.compile(src, "reverseBits", filename=f"{op}.cu")
    x = rng.integers(1, 1 << 31, 32).astype(np.uint32)
    with pytest.raises(UnsupportedInstruction, match=rf"{op}\.[\s\S]*{op}\.cu:4"):
        emu.run(k, 1, 32, x, np.zeros(32, np.uint32))


VADD = """\
__global__ void vadd(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}
"""


@pytest.fixture
def vadd(emu):
    return emu.compile(VADD, "vadd", filename="vadd.cu")


def test_wrong_argument_count(emu, vadd, rng):
    a, b, c = rng.standard_normal((3, 64)).astype(np.float32)
    with pytest.raises(LaunchError) as ei:
        emu.run(vadd, 1, 64, a, b, c)
    msg = str(ei.value)
    assert "takes 4 arguments, got 3" in msg
    assert "const float* a, const float* b, float* c, int n" in msg
    rendered(ei.value)


def test_wrong_array_dtype(emu, vadd, rng):
    a, b, c = rng.standard_normal((3, 64))           # float64: the classic silent bug
    with pytest.raises(LaunchError, match=r"argument 1 of vadd \(const float\* a\) needs a float32 array, got float64"):
        emu.run(vadd, 1, 64, a, b.astype(np.float32), c.astype(np.float32), 64)
    with pytest.raises(LaunchError, match=r"argument 3 .*needs a numpy array, got list"):
        emu.run(vadd, 1, 64, a.astype(np.float32), b.astype(np.float32), [0.0] * 64, 64)


def test_launch_errors_speak_chinese_with_the_same_facts(emu, vadd, rng, monkeypatch):
    """A float64 array, a missing argument and a block too big, refused under TILELAB_LANG=zh: the
    same argument, C type, dtypes and limits, in Chinese, under the heading 启动错误."""
    a, b, c = rng.standard_normal((3, 64))
    f = lambda x: x.astype(np.float32)                                     # noqa: E731
    calls = [lambda: emu.run(vadd, 1, 64, a, f(b), f(c), 64), lambda: emu.run(vadd, 1, 64, f(a), f(b), f(c)),
             lambda: emu.run(vadd, 1, (64, 32), f(a), f(b), f(c), 64)]

    def refused():
        out = []
        for call in calls:
            with pytest.raises(LaunchError) as ei:
                call()
            out.append(rendered(ei.value))
        return out
    dtype_en, count_en, block_en = refused()
    monkeypatch.setenv("TILELAB_LANG", "zh")
    dtype_zh, count_zh, block_zh = refused()
    assert "argument 1 of vadd (const float* a) needs a float32 array, got float64" in dtype_en
    assert "vadd 的第 1 个参数（const float* a）需要一个 float32 数组，实际是 float64" in dtype_zh
    assert "启动错误" in dtype_zh and "launch error" in dtype_en and ".astype(np.float32)" in dtype_zh
    assert "vadd(const float* a, const float* b, float* c, int n) 需要 4 个参数，实际传入 3 个" in count_zh
    assert "(64, 32, 1) 有 2048 个线程；一个线程块最多 1024 个线程" in block_zh and "2048 threads" in block_en


def test_scalar_out_of_range_or_wrong_kind(emu, vadd, rng):
    a, b, c = rng.standard_normal((3, 64)).astype(np.float32)
    with pytest.raises(LaunchError, match=r"int n\) = 4294967296 does not fit in int32"):
        emu.run(vadd, 1, 64, a, b, c, 1 << 32)
    with pytest.raises(LaunchError, match=r"needs an integer, got 6\.5"):
        emu.run(vadd, 1, 64, a, b, c, 6.5)
    with pytest.raises(LaunchError, match=r"scalar parameter, got an array"):
        emu.run(vadd, 1, 64, a, b, c, np.array([64, 1]))
    # and nothing ran: c is untouched
    before = c.copy()
    with pytest.raises(LaunchError):
        emu.run(vadd, 1, 64, a, b, c, -(1 << 40))
    np.testing.assert_array_equal(c, before)


def test_bad_geometry(emu, vadd, rng):
    a, b, c = rng.standard_normal((3, 64)).astype(np.float32)
    with pytest.raises(LaunchError, match="1024"):
        emu.run(vadd, 1, (64, 32), a, b, c, 64)
    with pytest.raises(LaunchError):
        emu.run(vadd, 0, 64, a, b, c, 64)


BIG_SRC = """\
__global__ void touch(float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 2.0f * out[i];
}
"""


def test_launch_too_large_gives_estimate_and_suggestion(emu, rng):
    k = emu.compile(BIG_SRC, "touch", filename="big.cu")
    out = rng.standard_normal(64).astype(np.float32)
    before = out.copy()
    t0 = time.perf_counter()
    with pytest.raises(LaunchTooLarge) as ei:
        emu.run(k, 1 << 16, 1024, out, 64)             # 67 million threads
    assert time.perf_counter() - t0 < 20                # refused up front, not after running
    msg = str(ei.value)
    assert "67,108,864 threads" in msg
    assert re.search(r"\d[\d,]* ?s\b", msg), msg        # an estimated time in seconds
    assert "smaller" in msg and "GPU" in msg            # what to do instead
    np.testing.assert_array_equal(out, before)
    rendered(ei.value)


LOOP_SRC = """\
__global__ void spin(volatile int* flag, int* out)
{
    int n = 0;
    while (flag[0] == 0)                   // @loop: nobody ever sets the flag
        ++n;
    out[threadIdx.x] = n;
}
"""


def test_endless_kernel_stops_at_the_step_budget(emu):
    k = emu.compile(LOOP_SRC, "spin", filename="spin.cu")
    flag = np.zeros(1, np.int32)
    out = np.zeros(64, np.int32)
    t0 = time.perf_counter()
    with pytest.raises(StepBudgetExceeded) as ei:
        emu.run(k, 2, 64, flag, out, step_budget=20_000)
    assert time.perf_counter() - t0 < 30
    msg = str(ei.value)
    loop = emu.line_of(LOOP_SRC, "// @loop")
    assert re.search(rf"spin\.cu:({loop}|{loop + 1})\b", msg), msg
    assert "20,000" in msg or "20000" in msg
    assert re.search(r"thread \(\d+,0,0\) block \(\d+,0,0\)", msg)
    assert "step_budget" in msg                          # how to allow a longer kernel
    rendered(ei.value)


def test_errors_speak_chinese_with_the_same_facts(emu, rng, monkeypatch):
    """Under TILELAB_LANG=zh an endless kernel, a launch too large and a compile error get a Chinese
    heading and framing with the same file, line, thread, block and counts; NVRTC's own words stay."""
    k = emu.compile(LOOP_SRC, "spin", filename="spin.cu")
    big = emu.compile(BIG_SRC, "touch", filename="big.cu")
    brev = emu.compile(UNSUPPORTED_SRC, "reverseBits", filename="brev.cu")
    bad = "__global__ void k(float* x)\n{\n    x[0] = undefinedThing;\n}\n"

    def errors():
        out = []
        for run in (lambda: emu.run(brev, 1, 32, np.zeros(32, np.uint32), np.zeros(32, np.uint32)),
                    lambda: emu.run(k, 2, 64, np.zeros(1, np.int32), np.zeros(64, np.int32), step_budget=20_000),
                    lambda: emu.run(big, 1 << 16, 1024, np.zeros(64, np.float32), 64),
                    lambda: emu.compile(bad, "k", filename="cell#2", first_line=7)):
            with pytest.raises(TilelabError) as ei:
                run()
            out.append((str(ei.value), rendered(ei.value)))
        return out
    (brev_en, _), *en = errors()
    monkeypatch.setenv("TILELAB_LANG", "zh")
    (brev_zh, brev_zh_r), *zh = errors()
    assert "the emulator does not implement `fns" in brev_en and "模拟器没有实现 `fns" in brev_zh
    assert "位于 brev.cu:4" in brev_zh and 'asm("fns.b32 %0, %1, 0, 1;"' in brev_zh and "不支持的 PTX 指令" in brev_zh_r
    (loop_en, loop_en_r), (big_en, _), (cc_en, cc_en_r) = en
    (loop_zh, loop_zh_r), (big_zh, big_zh_r), (cc_zh, cc_zh_r) = zh
    where, thread, block = re.search(r"thread \((\d+,0,0)\) block \((\d+,0,0)\) was still at (\S+)", loop_en).group(3, 1, 2)
    assert f"线程 ({thread})（线程块 ({block})）仍停在 {where}" in loop_zh and "很可能是死循环" in loop_zh
    assert "20,000" in loop_zh and "step_budget" in loop_zh and "kernel did not finish" in loop_en_r
    assert "核函数没有结束" in loop_zh_r and "kernel did not finish" not in loop_zh_r
    assert loop_zh.splitlines()[2] == loop_en.splitlines()[2]         # the learner's source line
    assert "67,108,864 个线程" in big_zh and "67,108,864 threads" in big_en and "启动规模超出了模拟器的能力" in big_zh_r
    assert cc_zh == cc_en and "undefinedThing" in cc_zh                 # NVRTC's text, as it wrote it
    assert cc_en_r.startswith("\x1b[1;31mcompile error:") and cc_zh_r.startswith("\x1b[1;31m编译错误:")


def test_step_budget_does_not_stop_a_finite_loop(emu):
    # the same kernel finishes when the flag is set: the budget is not a false alarm
    k = emu.compile(LOOP_SRC, "spin", filename="spin.cu")
    flag = np.ones(1, np.int32)
    out = np.full(64, -1, np.int32)
    r = emu.run(k, 2, 64, flag, out, step_budget=20_000)
    assert r.findings == []
    np.testing.assert_array_equal(out, 0)


def test_the_time_limit_counts_cpu_time_not_the_clock(emu, monkeypatch):
    # a loaded grading machine (the clock runs, this process waits for a core) does not stop a
    # right kernel: the limit counts the process's CPU time; an endless one still stops on it
    from tilelab.emu import machine
    k = emu.compile(LOOP_SRC, "spin", filename="spin.cu")
    count = emu.compile("__global__ void count(int n, int* out)\n{\n    int s = 0;\n"
                        "    for (int i = 0; i < n; ++i) s += i & 1;\n    out[threadIdx.x] = s;\n}\n",
                        "count", filename="count.cu")
    real = time.perf_counter
    ticks = iter(range(10**9))
    monkeypatch.setattr(machine.time, "perf_counter", lambda: real() + 1000.0 * next(ticks))   # 1000 s a call
    monkeypatch.setattr(machine, "WALL_LIMIT", 2.0)
    out = np.full(64, -1, np.int32)
    emu.run(count, 2, 64, 5000, out, step_budget=10**9)        # tens of thousands of steps, well inside 2 s
    np.testing.assert_array_equal(out, 2500)
    with pytest.raises(StepBudgetExceeded) as ei:
        emu.run(k, 2, 64, np.zeros(1, np.int32), out, step_budget=10**9)
    assert "of CPU time" in str(ei.value), str(ei.value)


def test_printf_runs(emu):
    src = """\
__global__ void hello(int* out)
{
    printf("thread %d\\n", threadIdx.x);
    out[threadIdx.x] = 1;
}
"""
    k = emu.compile(src, "hello", filename="hello.cu")
    r = emu.run(k, 1, 32, np.zeros(32, np.int32), echo=False)
    assert r.printed == [f"thread {t}" for t in range(32)]
