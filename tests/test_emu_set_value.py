"""PTX ``set`` (a comparison written as a value), as cuda_fp16.hpp's ``hexp`` emits it.

``hexp`` corrects its MUFU result for a few inputs with ``set.eq.f16.f16 p, h, special`` (1.0 or 0 as a
half) and ``fma.rn.f16 r, p, ulp, r``; candle's softmax_f16 (collection/cndl_reduce.cu, unseen230) stopped on
it: "the emulator does not implement `set.eq.f16.f16`". Integer destinations take all ones for true, f32 1.0.
"""
import numpy as np

SRC = r"""
#include <cuda_fp16.h>
__global__ void set_forms(const __half* h, const float* x, __half* e, unsigned short* eq16, unsigned* lt32, float* ge32)
{
    int t = threadIdx.x;
    e[t] = hexp(h[t]);
    unsigned short r16;
    unsigned short hv = __half_as_ushort(h[t]);
    asm("{ .reg .b16 spc; mov.b16 spc, 0x3C00; set.eq.u16.f16 %0, %1, spc; }" : "=h"(r16) : "h"(hv));
    eq16[t] = r16;
    unsigned r32;
    asm("set.lt.u32.f32 %0, %1, 0f00000000;" : "=r"(r32) : "f"(x[t]));
    lt32[t] = r32;
    float f;
    asm("{ .reg .u32 b; set.ge.f32.f32 b, %1, 0f00000000; mov.b32 %0, b; }" : "=f"(f) : "f"(x[t]));
    ge32[t] = f;
}
"""


def test_set_writes_the_comparison_as_a_value(emu, rng):
    k = emu.compile(SRC, "set_forms", filename="set_value.cu")
    assert "set.eq.f16.f16" in k.ptx
    h = rng.uniform(-4, 4, 32).astype(np.float16)
    h[:4] = [1.0, np.float16(np.uint16(0x1F79).view(np.float16)), 0.0, -2.0]
    x = rng.uniform(-1, 1, 32).astype(np.float32)
    e = np.full(32, np.nan, np.float16)
    eq16 = np.zeros(32, np.uint16)
    lt32 = np.zeros(32, np.uint32)
    ge32 = np.full(32, np.nan, np.float32)
    r = emu.run(k, 1, 32, h, x, e, eq16, lt32, ge32)
    assert r.findings == []
    np.testing.assert_allclose(e.astype(np.float64), np.exp(h.astype(np.float64)), rtol=2e-3)
    np.testing.assert_array_equal(eq16, np.where(h == 1.0, 0xFFFF, 0))
    np.testing.assert_array_equal(lt32, np.where(x < 0, 0xFFFFFFFF, 0))
    np.testing.assert_array_equal(ge32, np.where(x >= 0, 1.0, 0.0))
