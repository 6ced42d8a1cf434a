"""Decimal floating constants beyond their type's range (tilelab/toolchain/float_literals.py). nvcc takes 1e-999 as 0
and 1e999 as infinity, as g++ does; NVRTC refuses both ("floating constant is out of range"). Unseen suite 200 found
it: FinanceBench's errorFunctConsts.cuh defines ``DBL_MIN (1e-999)`` for its erf's ``if (ax < DBL_MIN*16)``."""
import numpy as np

from tilelab.toolchain.float_literals import rewrite


def test_out_of_range_constants_build_as_nvcc_takes_them(emu):
    src = ("#define DBL_MIN (1e-999)\n"
           "__global__ void k(const float *x, double *d, float *f)\n{\n"
           "\tint i = threadIdx.x;\n"
           "\tfloat ax = fabs(x[i]);\n"
           "\tf[i] = (ax < DBL_MIN*16) ? 1.0f : 2.0f;   // never: DBL_MIN*16 is 0\n"
           "\tif (i == 0) { d[0] = DBL_MIN; d[1] = 1e999; d[2] = -1e400; f[32] = 1e-60f; f[33] = 1e60f; }\n"
           "}\n")
    x = np.linspace(-1.0, 1.0, 32).astype(np.float32)
    d = np.full(3, 7.0)
    f = np.zeros(34, np.float32)
    emu.run(emu.compile(src, "k", filename="out_of_range.cu"), 1, 32, x, d, f)
    assert np.array_equal(f[:32], np.full(32, 2.0, np.float32))
    assert d[0] == 0.0 and d[1] == np.inf and d[2] == -np.inf
    assert f[32] == 0.0 and f[33] == np.inf


def test_rewrite_keeps_columns_and_leaves_the_rest():
    src = '#define DBL_MIN (1e-999)\ny = 1e-60f; w = 3e-320; s = "1e-999"; // 1e-999\nt = 0x1p-2000; u = 1e-400L; v = 0e-999;'
    out = rewrite(src)
    assert out.split("\n")[0] == "#define DBL_MIN (0.0   )"
    assert "y = 0.0f  ; w = 3e-320;" in out                      # a double's subnormal is in range
    assert '"1e-999"' in out and "// 1e-999" in out
    assert out.split("\n")[2] == src.split("\n")[2]
    assert rewrite("x = 1e999; y = 1e60f;") == "x = (1e308*10.0); y = (3e38f*10.0f);"
