"""Issue 23's thirty-fifth unseen suite: CUDA_AES's T-table AES kernels and jax-chacha-prng's ChaCha20 block kernel
(docs/FIDELITY.md, "a thirty-fifth unseen suite").

The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-04-unseen57-before.json): 7 of 9 ran and matched. jax-chacha-prng's two launches did not
build: the kernel returns a C compound literal, `(uint32_vec4){ a, b, c, d }`, which nvcc takes as g++ does and
NVRTC refuses ("expected an expression"). tilelab/toolchain/compound_literals.py retries such a literal as
`T{ ... }`; after it all 9 run and match (collection-emu-2026-12-04-unseen57-after*.json).
"""
from __future__ import annotations

import json
import sys

import numpy as np
import pytest

from conftest import ROOT
from tilelab import toolchain as tc
from tilelab.errors import CompileError
from tilelab.launch import launch
from tilelab.toolchain import compile_cuda
from tilelab.toolchain.compound_literals import rewritten

sys.path.insert(0, str(ROOT / "collection"))
import references  # noqa: E402

RES = ROOT / "bench" / "results"
BEFORE = RES / "collection-emu-2026-12-04-unseen57-before.json"
AFTER = RES / "collection-emu-2026-12-04-unseen57-after.json"
AFTER13 = RES / "collection-emu-2026-12-04-unseen57-after-nvrtc13.json"
MAJORS = sorted(tc.available_nvrtc())


def test_the_thirty_fifth_unseen_suite_on_the_emulator_before_any_change():
    """7 of 9: CUDA_AES's seven launches matched (no printed line from the counter-mode kernels, the file-encryption
    keystreams FIPS-197's AES); both jax-chacha-prng launches stopped at NVRTC on the compound literal."""
    rec = json.loads(BEFORE.read_text())
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (9, 7, 0)
    bad = [r for r in rec["results"] if not r["ok"]]
    assert [r["kernel"] for r in bad] == ["chacha20_block_with_shuffle"] * 2
    assert all(r["problems"] == ["CompileError: collection/jaxcha_gpu_kernel.cu:100: error: expected an expression"]
               for r in bad)


def test_the_references_are_aes_and_chacha20():
    """The numpy references against the standards' vectors, and the tables against AES_final.h's first words."""
    rk = references.caes_key_expansion([0x2B7E1516, 0x28AED2A6, 0xABF71588, 0x09CF4F3C])
    ct = references.caes_encrypt([[0x3243F6A8, 0x885A308D, 0x313198A2, 0xE0370734]], rk)[0]
    assert [int(x) for x in ct] == [0x3925841D, 0x02DC09FB, 0xDC118597, 0x196A0B32]      # FIPS-197 appendix B
    pt = [[0x00112233, 0x44556677, 0x8899AABB, 0xCCDDEEFF]]
    key = [0x00010203, 0x04050607, 0x08090A0B, 0x0C0D0E0F, 0x10111213, 0x14151617, 0x18191A1B, 0x1C1D1E1F]
    assert int(references.caes_encrypt(pt, references.caes_key_expansion(key[:6]))[0][0]) == 0xDDA97CA4   # C.2
    assert int(references.caes_encrypt(pt, references.caes_key_expansion(key))[0][0]) == 0x8EA2B7CA       # C.3
    t = references.caes_tables()
    assert [int(x) for x in t["T0"][:2]] == [0xC66363A5, 0xF87C7C84] and int(t["T4"][1]) == 0x7C7C7C7C
    st = np.array([0x61707865, 0x3320646E, 0x79622D32, 0x6B206574, 0x03020100, 0x07060504, 0x0B0A0908, 0x0F0E0D0C,
                   0x13121110, 0x17161514, 0x1B1A1918, 0x1F1E1D1C, 0x00000001, 0x09000000, 0x4A000000, 0], np.uint32)
    assert [int(x) for x in references.jaxcha_block(st)[:2]] == [0xE4E7F110, 0x15593BD1]    # RFC 8439, 2.3.2


# jax-chacha-prng's shape: a union whose first member is a struct of words, returned as a compound literal
_LITERAL = r"""
union vec2 { struct { unsigned a; unsigned b; } comp; unsigned arr[2]; };
__device__ vec2 swap_add(vec2 v) { unsigned a = v.comp.b + 1u, b = v.comp.a;
    return (vec2){ a, b }; }
__global__ void k(unsigned *o) {
    vec2 v; v.arr[0] = o[2 * threadIdx.x]; v.arr[1] = o[2 * threadIdx.x + 1];
    v = swap_add(v);
    if (threadIdx.x) { o[2 * threadIdx.x] = v.arr[0]; o[2 * threadIdx.x + 1] = v.arr[1]; }
}
"""


@pytest.mark.parametrize("major", MAJORS)
def test_a_compound_literal_builds_as_under_nvcc(major):
    """`(vec2){ a, b }` (C99's compound literal, which g++ and nvcc accept in C++) builds, the union's first member
    initialised from the braces; the retry keeps every line in its place."""
    prog = compile_cuda(_LITERAL, filename="literal.cu", nvrtc=major)
    assert prog.source.split("\n")[3] == "    return  vec2 { a, b }; }"
    o = np.arange(64, dtype=np.uint32)
    launch(prog.kernel("k"), (1,), (32,), o, backend="emu", echo=False)
    want = np.arange(64, dtype=np.uint32).reshape(32, 2)[:, ::-1] + np.array([1, 0], np.uint32)
    want[0] = [0, 1]
    assert np.array_equal(o.reshape(32, 2), want)


def test_only_a_refused_compound_literal_is_rewritten():
    """Conditions, calls and casts stay; a refusal elsewhere keeps its error."""
    def refusal(line):          # NVRTC's log: the line indented by two, the caret under the literal's "{"
        return f"x.cu:2: error: expected an expression\n  {line}\n{' ' * (2 + line.index('){') + 1)}^\n"
    src = "  if (x) { y = (T){ 1 }; }"
    out, lines = rewritten("int a;\n" + src + "\n", 1, refusal(src))
    assert lines == {2: "T"} and out.split("\n")[1] == "  if (x) { y =  T { 1 }; }"
    call = "  if (x) { y = f(T){ 1 }; }"
    assert rewritten("int a;\n" + call + "\n", 1, refusal(call))[1] == {}
    with pytest.raises(CompileError, match="expected an expression"):
        compile_cuda("__global__ void k(int *o) { o[0] = (int)); }\n", filename="bad.cu")


def test_the_thirty_fifth_unseen_suite_after_the_fix():
    """9 of 9 under NVRTC 12 and 13, no finding raised (none was expected)."""
    for path in (AFTER, AFTER13):
        rec = json.loads(path.read_text())
        assert (rec["kernels"], rec["matched"], rec["refused"]) == (9, 9, 0)
        assert all(r["ok"] and not r.get("findings") for r in rec["results"])
