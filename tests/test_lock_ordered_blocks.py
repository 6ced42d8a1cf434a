"""Marlin's lock-ordered global reduction (IST-DASLab/marlin, unseen194): the blocks that split one column slice
take turns on a lock. Block 1's threads meet at a __syncthreads before its thread 0 raises the lock (a fence, then
a relaxed red.add), while block 0's thread 0 spins on it with ld.acquire; once it sees its turn, the last block
resets the lock with a plain store. Two things went wrong:

* the scheduler released barriers only when no thread could run, and the spinner always can: the launch ran out of
  steps. A block whose live threads all wait at a barrier is now released while only spin-waiters run
  (emu/machine.py, _release_complete_blocks);
* the global race shadow took a fenced atomic as a release of its block's *earlier* writes only, so the plain
  store over the lock, after an acquire that saw it, was reported as a write-after-write race. The fenced atomic
  releases its own write too (emu/sanitizer/globalrace.py, _ordered).
"""
import numpy as np

import tilelab as tl
from tilelab.toolchain.program import compile_cuda

SRC = r"""
__global__ void take_turns(int *lock, int *out)
{
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) {
            int state = -1;
            do
                asm volatile ("ld.global.acquire.gpu.b32 %0, [%1];\n" : "=r"(state) : "l"(lock));
            while (state != 1);
            out[0] = 7;
#ifdef RESET
            lock[0] = 0;
#endif
        }
    } else {
        out[1 + threadIdx.x] = threadIdx.x;
        __syncthreads();
        if (threadIdx.x == 0) {
            asm volatile ("fence.acq_rel.gpu;\n");
            asm volatile ("red.relaxed.gpu.global.add.s32 [%0], %1;\n" : : "l"(lock), "r"(1));
        }
    }
}
"""


def _run(options=()):
    prog = compile_cuda(SRC, options=options)
    lock = np.zeros(1, np.int32)
    out = np.zeros(65, np.int32)
    r = tl.launch(prog.kernels["take_turns"], 2, 64, lock, out, backend="emu", echo=False, step_budget=50_000)
    return r, lock, out


def test_a_block_at_a_barrier_runs_while_another_block_spins_on_it():
    r, lock, out = _run()
    assert lock[0] == 1 and out[0] == 7
    np.testing.assert_array_equal(out[1:], np.arange(64))
    assert r.findings == []


def test_a_plain_store_after_acquiring_a_fenced_atomic_is_no_race():
    r, lock, out = _run(("-DRESET",))
    assert lock[0] == 0 and out[0] == 7
    assert r.findings == []
