"""GNU statement expressions and __typeof in device code (tilelab/toolchain/statement_expressions.py,
tilelab/include/tilelab_typeof.h). nvcc takes both, as g++ does; NVRTC refuses them ("expected an expression",
'identifier "__typeof" is undefined'). Unseen suite 106 found them: BART's gpu_grid.cu uses misc/misc.h's
MIN and MAX, ``({ __typeof(x) __x = (x); __typeof(y) __y = (y); (__x < __y) ? __x : __y; })``."""
import numpy as np

from tilelab.toolchain.statement_expressions import rewrite

MACROS = ("#define MIN(x, y) ({ __typeof(x) __x = (x); __typeof(y) __y = (y); (__x < __y) ? __x : __y; })\n"
          "#define MAX(x, y) ({ __typeof(x) __x = (x); __typeof(y) __y = (y); (__x > __y) ? __x : __y; })\n")


def test_bart_min_max_macros_run(emu):
    src = MACROS + (
        "__global__ void k(int *a, long *b, int *out)\n{\n"
        "\tint i = threadIdx.x;\n"
        "\tout[i] = MAX(a[i], 0);\n"
        "\tout[32 + i] = (int)MIN(a[i], b[i] - 1);\n"
        "\tout[64 + i] = ({ __typeof(a[i]) t = a[i]; t = 7; t; }) + a[i];   // a copy, not a reference\n"
        "\tout[96 + i] = ({ int s = 0; for (int j = 0; j < 4; j++) s += j; s; });\n"
        "}\n")
    a = np.arange(-16, 16, dtype=np.int32)
    b = np.full(32, 5, np.int64)
    out = np.zeros(128, np.int32)
    emu.run(emu.compile(src, "k", filename="gnu_min_max.cu"), 1, 32, a, b, out)
    assert np.array_equal(out[:32], np.maximum(a, 0))
    assert np.array_equal(out[32:64], np.minimum(a, 4))
    assert np.array_equal(out[64:96], a + 7)
    assert np.array_equal(out[96:], np.full(32, 6))


def test_rewrite_keeps_lines_and_leaves_the_rest():
    src = 'int f(int x) {\n  int y = ({ int a = x;\n  a + 1; });\n  if (x) { y++; }\n  return (y); /* ({ */ }\n'
    out = rewrite(src)
    assert out.count("\n") == src.count("\n")
    assert "([&]() { int a = x;\n  return a + 1; }())" in out
    assert "if (x) { y++; }" in out and "/* ({ */" in out and "return (y);" in out
    void = rewrite("({ if (c) g(); })")
    assert "return" not in void
