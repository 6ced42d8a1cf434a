"""PTX's decimal floating-point constants (`0.5`, `-0.5`, `1.5e-3`): inline asm writes them where NVRTC's own PTX
writes `0f3F000000`. PTX keeps such a constant as a 64-bit double and converts it to the instruction's type where it
is used. cuSZp's quantization() (collection/cuszp_kernels_1d_f32.cu, unseen105) compares with `-0.5` and adds `0.5`;
the emulator took them for symbols and stopped."""
from __future__ import annotations

import numpy as np

from tilelab.emu.ptx import parse_operand

SRC = r"""
__global__ void lit(const float* x, float* y, int* q, double* d)
{
    int i = threadIdx.x;
    float r, a;
    int s;
    double e;
    asm("{\n\t"
        ".reg .pred p;\n\t"
        "mul.f32 %0, %3, 1.5e-3;\n\t"
        "setp.ge.f32 p, %3, -0.5;\n\t"
        "selp.s32 %2, 0, 1, p;\n\t"
        "add.f32 %1, %3, 0.5;\n\t"
        "}" : "=f"(r), "=f"(a), "=r"(s) : "f"(x[i]));
    asm("add.f64 %0, %1, .25;" : "=d"(e) : "d"((double)x[i]));
    y[2 * i] = r;
    y[2 * i + 1] = a;
    q[i] = s;
    d[i] = e;
}
"""


def test_decimal_literals_parse_as_doubles():
    for tok, v in (("0.5", 0.5), ("-0.5", -0.5), ("1.5e-3", 1.5e-3), (".25", 0.25), ("2.", 2.0), ("1e5", 1e5)):
        op = parse_operand(tok)
        assert op.kind == "fimm" and op.bits == 64, tok
        assert np.array(op.value, np.uint64).view(np.float64) == v, tok
    assert parse_operand("-5").kind == "imm" and parse_operand("x.5").kind == "sym"


def test_inline_asm_with_decimal_literals_runs(emu):
    k = emu.compile(SRC, "lit", filename="lit.cu")
    x = np.array([-0.75, -0.5, -0.25, 0.0, 0.3, 1.0, 2.5, -3.0] * 4, np.float32)
    y = np.zeros(64, np.float32)
    q = np.zeros(32, np.int32)
    d = np.zeros(32, np.float64)
    r = emu.run(k, 1, 32, x, y, q, d)
    assert r.findings == []
    f = np.float32
    assert np.array_equal(y[0::2], (x * f(1.5e-3)).astype(f))         # the double rounded to f32, then multiplied
    assert np.array_equal(y[1::2], (x + f(0.5)).astype(f))
    assert np.array_equal(q, (x < -0.5).astype(np.int32))
    assert np.array_equal(d, x.astype(np.float64) + 0.25)
