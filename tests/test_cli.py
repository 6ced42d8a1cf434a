"""`tilelab run` / `tilelab check` (DESIGN §2): random inputs, NaN outputs, findings and
metrics, --json that follows tilelab/schema/run.schema.json, exit status 1 on any
finding and 2 on an error, which prints its message and no traceback."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tilelab import toolchain as tc
from tilelab.cli import main, parse_arg
from tilelab.launch import launch

ROOT = Path(__file__).resolve().parent.parent
VADD = str(ROOT / "kernels" / "vector_add.cu")
TRANSPOSE = str(ROOT / "kernels" / "transpose.cu")
pytestmark = pytest.mark.skipif(not tc.available_nvrtc(), reason="no NVRTC installed")


def run_cli(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def validate(doc):
    jsonschema = pytest.importorskip("jsonschema")
    from tilelab.schema import load
    schema = load("run")
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(doc)


def test_json_follows_the_schema_and_matches_a_direct_launch(capsys, tmp_path):
    n = 1000
    rc, out, err = run_cli(capsys, "run", VADD, "vectorAdd", "--grid", "4", "--block", "256", "--json",
                           "--backend", "emu", f"in:float32:{n}", f"in:float32:{n}", f"out:float32:{n}", f"int:{n}")
    assert rc == 0, err
    doc = json.loads(out)
    validate(doc)
    assert doc["backend"] == "emu" and doc["findings"] == [] and doc["grid"] == [4, 1, 1]
    # the counts are the emulator's, for this launch: compare with one made here on other data
    k = tc.kernel_from_file(VADD, "vectorAdd")
    rng = np.random.default_rng(5)
    a, b = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    res = launch(k, 4, 256, a, b, np.zeros(n, np.float32), n, backend="emu")
    assert doc["metrics"] == res.metrics
    assert doc["metrics"]["global_st_sectors"] == -(-n * 4 // 32)        # n floats, consecutive
    line = next(pl for pl in doc["per_line"] if pl["global_st_requests"])
    assert line["source"] == "c[i] = a[i] + b[i];"


def test_findings_exit_nonzero_and_are_in_the_json(capsys):
    # out has 100 elements but 1000 threads write: out of bounds
    rc, out, err = run_cli(capsys, "run", VADD, "vectorAdd", "--grid", "4", "--block", "256", "--json",
                           "--backend", "emu", "in:float32:1000", "in:float32:1000", "out:float32:100", "int:1000")
    assert rc == 1
    doc = json.loads(out)
    validate(doc)
    f = doc["findings"][0]
    store = next(i for i, l in enumerate(Path(VADD).read_text().splitlines(), 1) if l.strip() == "c[i] = a[i] + b[i];")
    assert f["kind"] == "out_of_bounds" and f["line"] == store and f["thread"] == [100, 0, 0]
    assert "`c`" in f["detail"] and "400 bytes" in f["detail"]
    # human output says the same
    rc, out, _ = run_cli(capsys, "run", VADD, "vectorAdd", "--grid", "4", "--block", "256", "--backend", "emu",
                         "in:float32:1000", "in:float32:1000", "out:float32:100", "int:1000")
    assert rc == 1 and "1 finding:" in out and "out of bounds at" in out and "c[i] = a[i] + b[i];" in out


def test_shared_memory_counts_through_the_cli(capsys):
    rc, out, err = run_cli(capsys, "run", TRANSPOSE, "transposeShared32", "--grid", "2,2", "--block", "32,8",
                           "--backend", "emu", "--json", "in:float32:64x64", "out:float32:64x64", "int:64", "int:64")
    assert rc == 0, err
    doc = json.loads(out)
    validate(doc)
    m = doc["metrics"]
    assert m["shared_ld_wavefronts"] == 32 * m["shared_ld_requests"] > 0         # column read: 32-way
    assert m["shared_st_wavefronts"] == m["shared_st_requests"] > 0


def test_json_shows_sass_and_ptx_counts_per_line(capsys):
    tiled = str(ROOT / "kernels" / "matmul_tiled.cu")
    argv = ["run", tiled, "matmulTiled32", "--grid", "2,2", "--block", "32,32", "--backend", "emu", "--json",
            "in:float32:64x64", "in:float32:64x64", "out:float32:64x64", "int:64"]
    rc, out, err = run_cli(capsys, *argv)
    assert rc == 0, err
    doc = json.loads(out)
    validate(doc)
    assert doc["counts"]["mode"] == "sass" and doc["counts"]["arch"] == "sm_90"
    inner = next(pl for pl in doc["per_line"] if "sA[ty][k]" in pl["source"])
    # 128 warps x 2 tiles: 32 LDS + 8 LDS.128 per tile as ptxas made it, 64 ld.shared.f32 in the PTX
    assert inner["counted"] == "sass" and inner["shared_ld_requests"] == 128 * 2 * 40
    assert inner["ptx"]["shared_ld_requests"] == 128 * 2 * 64 and "LDS.128" in inner["why"]
    assert doc["counts"]["ptx_metrics"]["shared_ld_requests"] == doc["metrics"]["shared_ld_requests"] + 128 * 2 * 24
    rc, out, err = run_cli(capsys, *argv, "--counts", "ptx")
    doc = json.loads(out)
    validate(doc)
    inner = next(pl for pl in doc["per_line"] if "sA[ty][k]" in pl["source"])
    assert doc["counts"]["mode"] == "ptx" and inner["shared_ld_requests"] == 128 * 2 * 64 and "ptx" not in inner


@pytest.mark.parametrize("argv,message", [
    (["run", VADD, "vectorAdd", "--grid", "4", "--block", "256", "in:float32:10", "in:float32:10",
      "out:float32:10"], "takes 4 arguments, got 3"),
    (["run", VADD, "vectorAdd", "--grid", "4", "--block", "256", "in:float64:10", "in:float32:10",
      "out:float32:10", "int:10"], "needs a float32 array, got float64"),
    (["run", VADD, "vectorAdd", "--grid", "4", "--block", "256", "in:bogus:10"], "unknown dtype 'bogus'"),
    (["run", VADD, "vectorAdd", "--grid", "0", "--block", "256"], "bad dimensions '0'"),
    (["run", VADD, "noSuchKernel", "--grid", "1", "--block", "1"], "no __global__ function named 'noSuchKernel'"),
    (["run", "missing.cu", "k", "--grid", "1", "--block", "1"], "missing.cu"),
])
def test_errors_print_the_message_only(capsys, argv, message):
    rc, out, err = run_cli(capsys, *argv)
    assert rc == 2
    assert message in err and "Traceback" not in err and out == ""


def test_compile_error_is_shown_on_the_learners_lines(capsys, tmp_path):
    src = tmp_path / "broken.cu"
    src.write_text("__global__ void k(float* x)\n{\n    x[0] = y;\n}\n")
    rc, out, err = run_cli(capsys, "run", str(src), "k", "--grid", "1", "--block", "1", "out:float32:1")
    assert rc == 2 and out == ""
    assert 'broken.cu:3: error: identifier "y" is undefined' in err and "Traceback" not in err


def test_schema_is_not_vacuous():
    jsonschema = pytest.importorskip("jsonschema")
    from tilelab.schema import load
    v = jsonschema.Draft202012Validator(load("run"))
    good = {"schema_version": 1, "backend": "gpu", "kernel": "k", "grid": [1, 1, 1], "block": [32, 1, 1],
            "shared": 0, "findings": [], "per_line": [], "seconds": 0.1,
            "metrics": dict.fromkeys(["shared_ld_requests", "shared_ld_wavefronts", "shared_st_requests",
                                      "shared_st_wavefronts", "ldmatrix_requests", "global_ld_requests",
                                      "global_ld_sectors", "global_st_requests", "global_st_sectors",
                                      "instructions", "flops"])}
    v.validate(good)                                           # gpu without ncu: null metrics
    for broken in ({**good, "backend": "cpu"}, {**good, "metrics": {**good["metrics"], "flops": 1.5}},
                   {k: v for k, v in good.items() if k != "findings"},
                   {**good, "findings": [{"kind": "race", "file": "f", "line": 3}]}):
        with pytest.raises(jsonschema.ValidationError):
            v.validate(broken)


def test_parse_arg():
    rng = np.random.default_rng(0)
    x = parse_arg("in:float32:64x3", rng)
    assert x.shape == (64, 3) and x.dtype == np.float32 and np.unique(x).size > 100
    assert np.isnan(parse_arg("out:half:7", rng)).all() and parse_arg("out:half:7", rng).dtype == np.float16
    assert (parse_arg("out:int32:4", rng) == np.iinfo(np.int32).max).all()
    assert parse_arg("int:-3", rng) == -3 and parse_arg("float:2.5", rng) == 2.5


def test_check_subcommand(capsys, tmp_path):
    rc, out, _ = run_cli(capsys, "check", TRANSPOSE, "transposePadded", "transpose", "--sizes", "100x37,17x33",
                         "--seeds", "0,1", "--backend", "emu")
    assert rc == 0
    assert out.splitlines() == ["PASS transpose rows=100 cols=37 seeds=0,1", "PASS transpose rows=17 cols=33 seeds=0,1",
                                "PASS: transposePadded is correct on 2 sizes x 2 seeds"]
    bad = tmp_path / "bad.cu"
    bad.write_text("__global__ void vadd(const float* a, const float* b, float* c, int n)\n"
                   "{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] - b[i]; }\n")
    rc, out, err = run_cli(capsys, "check", str(bad), "vadd", "vector_add", "--sizes", "33", "--seeds", "0",
                           "--backend", "emu")
    assert rc == 1 and "elements are wrong" in err


def test_console_script_exit_status():
    """The installed entry point, in a fresh process: exit 1 on a finding, the message on stderr."""
    env = {**os.environ, "TILELAB_BACKEND": "emu"}
    r = subprocess.run([sys.executable, "-m", "tilelab.cli", "run", VADD, "vectorAdd", "--grid", "1",
                        "--block", "64", "in:float32:32", "in:float32:32", "out:float32:32", "int:64"],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 1, r.stderr
    assert "out of bounds" in r.stdout and "Traceback" not in r.stderr


def _have_gpu() -> bool:
    from tilelab.gpu import available
    return available()


@pytest.mark.gpu
@pytest.mark.skipif(not _have_gpu(), reason="needs a CUDA GPU with CuPy")
def test_run_on_the_gpu_json(capsys):
    rc, out, err = run_cli(capsys, "run", TRANSPOSE, "transposeShared32", "--grid", "2,2", "--block", "32,8",
                           "--backend", "gpu", "--json", "in:float32:64x64", "out:float32:64x64", "int:64", "int:64")
    assert rc == 0, err
    doc = json.loads(out)
    validate(doc)
    assert doc["backend"] == "gpu" and doc["findings"] == [] and doc["per_line"] == []
    m = doc["metrics"]
    if m["shared_ld_requests"] is not None:                       # ncu ran: it sees the 32-way conflict
        assert m["shared_ld_wavefronts"] >= 30 * m["shared_ld_requests"]


def test_python_dash_m_tilelab_and_printf(tmp_path):
    """`python -m tilelab` is the CLI; device printf shows in its output and its JSON."""
    f = tmp_path / "hello.cu"
    f.write_text("typedef unsigned int uint;\n"
                 "__global__ void hello(int* out, uint n)\n"
                 "{ int t = threadIdx.x; out[t] = t; if (t < n) printf(\"lane %d of %u\\n\", t, n); }\n")
    env = {**os.environ, "TILELAB_BACKEND": "emu"}
    r = subprocess.run([sys.executable, "-m", "tilelab", "run", str(f), "hello", "--grid", "1", "--block", "32",
                        "out:int32:32", "uint:3"], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "printf:\n  lane 0 of 3\n  lane 1 of 3\n  lane 2 of 3\n" in r.stdout
    r = subprocess.run([sys.executable, "-m", "tilelab", "run", str(f), "hello", "--grid", "1", "--block", "32",
                        "out:int32:32", "size_t:2", "--json"], capture_output=True, text=True, env=env, timeout=300)
    doc = json.loads(r.stdout)
    validate(doc)
    assert doc["printf"] == ["lane 0 of 2", "lane 1 of 2"]
