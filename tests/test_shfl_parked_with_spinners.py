"""A warp's lanes parked at a full-mask shfl.sync whose named lane skips it and exits, while another block spins on
a counter that one of the parked lanes raises after the shuffle (warp-rnnt's kernel_warp, unseen113). On the GPU the
exited lane no longer holds the shuffle back; the emulator let parked lanes go only when no thread at all could run,
which the spinning block never allowed: the launch ran out of steps. Parked lanes now go once only spin-waiters can
run and no other lane of their warp can still come (emu/machine.py, _regroup): a spinning lane of the same warp, or
one just out of its spin, still holds them (a decoupled look-back's broadcast)."""
import numpy as np

import tilelab as tl
from tilelab.toolchain.program import compile_cuda

SRC = r"""
__global__ void chained(unsigned *counter, volatile float *out, int n)
{
    unsigned t = threadIdx.x + 1;
    if (t > n) return;                       // lanes past n leave; lane n stays, but skips the shuffle
    if (blockIdx.x > 0) {
        do {} while (atomicAdd(counter, 0) < blockIdx.x);
    }
    float v = out[blockIdx.x];
    if (t < n) {
        v += __shfl_up_sync(0xffffffff, v, 1);
        out[32 + 32 * blockIdx.x + threadIdx.x] = v;
    }
    if (threadIdx.x == 0) {
        __threadfence();
        atomicAdd(counter, 1);
    }
}
"""


def test_parked_lanes_go_when_only_spinners_run():
    prog = compile_cuda(SRC)
    counter = np.zeros(1, dtype=np.uint32)
    out = np.zeros(32 + 32 * 2, dtype=np.float32)
    out[:2] = [1.0, 2.0]
    tl.launch(prog.kernels["chained"], 2, 32, counter, out, np.int32(7), backend="emu", echo=False,
              step_budget=50_000)
    assert counter[0] == 2
    for b, v in enumerate([1.0, 2.0]):
        got = out[32 + 32 * b: 32 + 32 * b + 6]                  # lanes 0-5 (t < 7)
        assert (got == 2 * v).all(), got          # lane 0 adds its own value (no lane below it)


LOOKBACK = r"""
__global__ void lookback(volatile unsigned *flag, unsigned *out, int work)
{
    unsigned v = 0;
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) {
            unsigned s = 0;
            for (int i = 0; i < work; ++i) s = s * 3u + i;
            out[64] = s;
            flag[0] = 41;
        }
        return;
    }
    if (threadIdx.x == 0) {
        while ((v = flag[0]) == 0) {}          // lane 0 spins; its mates wait at the broadcast
    }
    v = __shfl_sync(0xffffffff, v, 0);
    out[threadIdx.x] = v;
}
"""


def test_a_spinning_lane_still_holds_its_parked_mates():
    prog = compile_cuda(LOOKBACK)
    flag = np.zeros(1, dtype=np.uint32)
    out = np.zeros(65, dtype=np.uint32)
    tl.launch(prog.kernels["lookback"], 2, 32, flag, out, np.int32(200), backend="emu", echo=False,
              step_budget=50_000)
    assert (out[:32] == 41).all(), out[:32]
