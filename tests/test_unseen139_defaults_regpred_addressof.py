"""Three things the 139th unseen suite (sppark's prefix scan over the Goldilocks field, BitCrack's secp256k1 multiply
step) needed, each of which refused or broke the launch as the kernels came (0 of 11,
bench/results/collection-emu-2026-12-06-unseen139-before.json):

- a kernel template's type parameter left to its default (sppark's ``template <typename Operation, int CHUNK,
  typename fr_t = typename Operation::T, class OutPtr = fr_t*, class InPtr = const fr_t*> __global__ void
  d_prefix_op(OutPtr out, InPtr inp, size_t len)``, instantiated as ``d_prefix_op<Add<gl64_t>, 6>``): the signature
  reader took only the instance's explicit arguments, so ``OutPtr`` stayed unknown and the launch was refused ("this
  parameter type cannot be passed from Python"); the defaults now count (toolchain/signature.py,
  ``_template_aliases``);
- ``.reg.pred %top;`` with no space between the directive and the type (sppark's gl64_t opens a scope with it in one
  asm statement and uses %top in the next ones): ptxas takes it, the PTX reader skipped the declaration and then
  refused %top as an unknown register (emu/ptx.py, ``_REG_DECL``);
- a ``__constant__`` pointer the host sets to a buffer's address (BitCrack's ``cudaMemcpyToSymbol(_xPtr, &_devX,
  sizeof(unsigned int *))``): ``symbols=`` took only arrays of values; ``tl.AddressOf(array)`` uploads the array
  beside the launch, puts its address in the variable, and brings the array back (emu/machine.py), as the
  manifest's ``pointer_to`` does for the collection (collection/run.py, bench/collection_gpu.py)."""
from __future__ import annotations

import numpy as np

import tilelab as tl
from tilelab.toolchain.signature import _template_aliases

DEFAULTS = """
struct Twice { using T = float; };
template <typename Op, typename T = typename Op::T, class OutPtr = T*, class InPtr = const T*>
__global__ void twice(OutPtr out, InPtr inp, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = inp[i] * 2.0f;
}
"""

REGPRED = """
__global__ void pick(unsigned long long *v, const unsigned *c) {
    unsigned long long val = v[threadIdx.x], tmp = val + 100;
    asm("{ .reg.pred %top;");
    asm("setp.ne.u32 %top, %0, 0;" :: "r"(c[threadIdx.x]));
    asm("@%top mov.b64 %0, %1;" : "+l"(val) : "l"(tmp));
    asm("}");
    v[threadIdx.x] = val;
}
"""

ADDRESS = """
__constant__ unsigned int *_xPtr[1];
__global__ void bump(const unsigned int *d, int n) {
    unsigned int *x = _xPtr[0];
    int i = threadIdx.x;
    if (i < n) x[i] += d[i];
}
"""


def test_a_defaulted_type_parameter_takes_its_default():
    al = _template_aliases("typename Op, int C, typename fr_t = typename Op::T, class OutPtr = fr_t*, "
                           "class InPtr = const fr_t*", "k<Add<gl64_t>, 6>")
    assert al["OutPtr"].endswith("*") and al["InPtr"].startswith("const ") and al["InPtr"].endswith("*")
    assert _template_aliases("class T, class P = T*", "k<float>") == {"T": "float", "P": "float*"}
    assert _template_aliases("class T, class P = T*", "k<float, int*>") == {"T": "float", "P": "int*"}


def test_the_defaulted_instance_launches():
    prog = tl.compile_cuda(DEFAULTS, name_expressions=["twice<Twice>"])
    k = prog.kernels["twice<Twice>"]
    assert [p.pointer for p in k.params] == [True, True, False]
    x = np.arange(32, dtype=np.float32)
    out = np.zeros(32, np.float32)
    tl.launch(k, 1, 32, out, x, np.int32(32), backend="emu", echo=False)
    np.testing.assert_array_equal(out, x * 2)


def test_reg_dot_pred_without_a_space_declares_the_predicate():
    k = tl.compile_cuda(REGPRED).kernel("pick")
    v = np.arange(32, dtype=np.uint64)
    c = (np.arange(32) % 3 == 0).astype(np.uint32)
    want = v + 100 * c.astype(np.uint64)
    tl.launch(k, 1, 32, v, c, backend="emu", echo=False)
    np.testing.assert_array_equal(v, want)


def test_a_constant_pointer_to_a_buffer_of_its_own():
    k = tl.compile_cuda(ADDRESS).kernel("bump")
    x = np.arange(32, dtype=np.uint32) * 10
    d = np.arange(32, dtype=np.uint32)
    tl.launch(k, 1, 32, d, np.int32(32), backend="emu", echo=False, symbols={"_xPtr": tl.AddressOf(x)})
    np.testing.assert_array_equal(x, np.arange(32, dtype=np.uint32) * 11)
