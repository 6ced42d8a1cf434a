"""A source file is read whatever its editor saved it in (tilelab/toolchain/source_text.py).

Why: QPanda's GPUGates.cu (the forty-third unseen suite) has GBK comments, as Chinese Windows editors save them;
nvcc builds it, and reading it with ``Path.read_text()`` stopped every launch of it with a UnicodeDecodeError
traceback before NVRTC saw it."""
from __future__ import annotations

import numpy as np
import pytest

import tilelab as tl
from tilelab.errors import CompileError
from tilelab.toolchain.source_text import decode_source

KERNEL = "// {note}\n__global__ void twice(float *x) {{\n    x[threadIdx.x] *= 2.0f;  // {note}\n}}\n"


@pytest.mark.parametrize("encoding", ["gbk", "utf-8", "utf-8-sig", "latin-1"])
def test_a_kernel_file_in_any_editor_encoding_compiles_and_runs(tmp_path, encoding):
    note = "乘以二" if encoding != "latin-1" else "multiplié par deux, ÿ"
    p = tmp_path / "twice.cu"
    p.write_bytes(KERNEL.format(note=note).encode(encoding))
    k = tl.kernel_from_file(p, "twice")
    x = np.arange(32, dtype=np.float32)
    tl.launch(k, 1, 32, x, backend="emu", echo=False)
    np.testing.assert_array_equal(x, np.arange(32, dtype=np.float32) * 2)


def test_the_text_is_what_the_editor_showed():
    assert decode_source("// 量子门\n".encode("gbk")) == "// 量子门\n"
    assert decode_source("\ufeff// x\n".encode("utf-8")) == "// x\n"
    assert decode_source(b"// \xff\xfe\n") == "// \xff\xfe\n"          # not GB18030: Latin-1 reads any byte


def test_an_error_in_a_gbk_file_names_its_line(tmp_path):
    p = tmp_path / "bad.cu"
    p.write_bytes("// 注释\n__global__ void k(float *x) {\n    x[0] = y;\n}\n".encode("gbk"))
    with pytest.raises(CompileError) as e:
        tl.kernel_from_file(p, "k")
    assert "bad.cu:3" in str(e.value) or "line 3" in str(e.value)
