"""Registers declared inside a PTX { } block belong to that block (inline asm's `.reg` temporaries).

Two inline asm blocks that each declare a temporary of the same name and different types (CUB's double
shuffle declares `.reg .f64 r0`, its int scan `.reg .s32 r0`) must not share one register: before the
fix the second declaration retyped the first, and a CUB BlockReduce<double> followed by a BlockScan<int>
summed garbage on the emulator while the H200 was right (bench/results/logs/cubcheck-2026-12-02-cubnvrtc.log).
"""
import numpy as np

SRC = r"""
__global__ void two_blocks(const double* x, const int* v, double* dout, int* iout)
{
    int t = threadIdx.x;
    double d;
    asm("{ .reg .f64 r0; .reg .pred p; mov.f64 r0, %1; setp.gt.f64 p, r0, 0d0000000000000000;"
        " @p add.f64 r0, r0, r0; mov.f64 %0, r0; }" : "=d"(d) : "d"(x[t]));
    int i;
    asm("{ .reg .s32 r0; .reg .pred p; mov.s32 r0, %1; setp.lt.s32 p, r0, 0; @p neg.s32 r0, r0;"
        " mov.s32 %0, r0; }" : "=r"(i) : "r"(v[t]));
    dout[t] = d;
    iout[t] = i;
}
"""


def test_same_named_registers_of_two_asm_blocks_are_distinct(emu, rng):
    k = emu.compile(SRC, "two_blocks", filename="scoped.cu")
    assert ".reg .f64 r0" in k.ptx and ".reg .s32 r0" in k.ptx
    x = rng.standard_normal(32)
    v = rng.integers(-50, 50, 32).astype(np.int32)
    dout = np.full(32, np.nan)
    iout = np.zeros(32, np.int32)
    r = emu.run(k, 1, 32, x, v, dout, iout)
    assert r.findings == []
    np.testing.assert_array_equal(dout, np.where(x > 0, 2 * x, x))
    np.testing.assert_array_equal(iout, np.abs(v))
