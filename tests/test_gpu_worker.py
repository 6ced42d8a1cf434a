"""The GPU backend's CPU side: argument checks, and the worker's fault/hang/crash handling
driven through a fake device (tilelab.gpu.fake), so CI covers it with no GPU."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

import numpy as np
import pytest

from tilelab.errors import KernelFault, LaunchError, TilelabError
from tilelab.gpu.spec import check_geometry, kernel_spec, pack_args
from tilelab.gpu.worker import GpuSession


@dataclass
class P:
    name: str
    ctype: str
    pointer: bool
    const: bool
    dtype: object
    lanes: int = 1


@dataclass
class FakeProgram:
    def cubin(self, arch):
        return b"\x7fELF fake cubin for " + arch.encode()


@dataclass(eq=False)
class K:
    name: str
    entry: str
    params: list
    program: FakeProgram = field(default_factory=FakeProgram)


ADD_PARAMS = [P("a", "const float*", True, True, np.dtype("float32")),
              P("b", "const float*", True, True, np.dtype("float32")),
              P("c", "float*", True, False, np.dtype("float32")),
              P("n", "int", False, False, np.dtype("int32"))]


def kern(entry, name=None):
    return K(name or f"k_{entry}", entry, ADD_PARAMS)


# ---- argument packing --------------------------------------------------------------

def test_pack_args_types_scalars_and_marks_outputs():
    a = np.ones(4, np.float32)
    p = pack_args("add", ADD_PARAMS, [a, a, np.zeros(4, np.float32), 4])
    assert isinstance(p.values[3], np.int32) and p.values[3] == 4
    assert p.copy_back == [False, False, True, False]


@pytest.mark.parametrize("args, msg", [
    ([np.ones(4, np.float32)] * 3, "takes 4 arguments, got 3"),
    ([np.ones(4, np.float64), np.ones(4, np.float32), np.ones(4, np.float32), 4], "needs a float32 array, got float64"),
    ([[1.0, 2.0], np.ones(4, np.float32), np.ones(4, np.float32), 4], "needs a numpy array, got list"),
    ([np.ones(4, np.float32)] * 3 + [2.5], "needs an integer"),
    ([np.ones(4, np.float32)] * 3 + [2**40], "does not fit in int32"),
    ([np.ones(4, np.float32)] * 3 + [np.ones(3)], "scalar parameter"),
])
def test_pack_args_refuses_with_a_clear_message(args, msg):
    with pytest.raises(LaunchError) as e:
        pack_args("add", ADD_PARAMS, args)
    assert msg in str(e.value)
    assert e.value._render_traceback_()  # renders as its message alone


def test_pack_args_accepts_integral_float_and_numpy_scalar():
    a = np.ones(2, np.float32)
    assert pack_args("add", ADD_PARAMS, [a, a, a, 3.0]).values[3] == 3
    assert pack_args("add", ADD_PARAMS, [a, a, a, np.int64(5)]).values[3] == 5


def test_geometry():
    assert check_geometry(8, (32, 8)) == ((8, 1, 1), (32, 8, 1))
    for grid, block, msg in [((1,), (33, 32), "1056 threads"), ((0, 1), 32, "below 1"),
                             ((1,), (1, 1, 65), "block.z"), ((1, 70000), 32, "grid.y"),
                             ("x", 32, "tuple of up to 3 ints")]:
        with pytest.raises(LaunchError, match=msg):
            check_geometry(grid, block)


def test_kernel_spec_is_plain_data():
    s = kernel_spec(kern("add"), "sm_90")
    assert s.entry == "add" and s.cubin.endswith(b"sm_90") and s.params[2].const is False
    assert s.params[0].dtype == np.dtype("float32").str
    import pickle
    assert pickle.loads(pickle.dumps(s)).key == s.key


# ---- the worker, through the fake device ---------------------------------------------

@pytest.fixture
def session():
    s = GpuSession(device_factory="tilelab.gpu.fake:FakeDevice", timeout=5, start_timeout=60,
                   echo_output=False)
    yield s
    s.close()


def _args(n=5):
    a = np.arange(n, dtype=np.float32)
    b = np.full(n, 2, np.float32)
    c = np.full(n, np.nan, np.float32)
    return a, b, c


def test_launch_returns_and_fills_outputs(session):
    a, b, c = _args()
    outs = session.launch(kern("add"), 1, 32, [a, b, c, 5])
    assert outs[0] is None and outs[1] is None and outs[3] is None
    np.testing.assert_array_equal(outs[2], a + b)
    np.testing.assert_array_equal(c, a + b)   # in place, as the learner expects
    assert session.info["arch"] == "sm_90"


def test_a_maps_own_upload_comes_back_into_its_array(session):
    # a tl.TensorMap whose array is no pointer argument travels as its own upload: after the launch
    # that array holds what the kernel left there (a TMA store's output), as on the emulator
    import tilelab as tl
    dst = np.zeros((4, 8), np.float32)
    tm = tl.TensorMap(dst, (4, 8))
    outs = session.launch(K("k_map", "map", [P("tm", "const CUtensorMap", False, True, None)]), 1, 32, [tm])
    np.testing.assert_array_equal(outs[0], np.ones((4, 8)))
    np.testing.assert_array_equal(dst, np.ones((4, 8)))


def test_a_structs_own_uploads_come_back_into_its_arrays(session):
    # a tl.Struct crosses the pipe with its arrays; those that are no pointer argument come back into
    # the caller's arrays after the launch, field by field; one that is also a pointer argument stays one
    # array on the worker's side (the same object), and comes back as that argument
    import tilelab as tl
    own, also = np.zeros((2, 8), np.float32), np.zeros(4, np.float32)
    params = [P("s", "Pair", False, False, None), P("p", "float*", True, False, np.dtype("float32"))]
    s = tl.Struct(a=own, n=np.int32(3), b=also)
    outs = session.launch(K("k_struct", "struct", params), 1, 32, [s, also])
    assert [o is None for o in outs[0]] == [False, True]
    np.testing.assert_array_equal(own, np.ones((2, 8)))
    np.testing.assert_array_equal(also, np.full(4, 2.0))


def test_fault_raises_kernel_fault_and_restarts(session):
    a, b, c = _args()
    session.launch(kern("add"), 1, 32, [a, b, c, 5])
    pid = session.pid
    with pytest.raises(KernelFault) as e:
        session.launch(kern("fault", "bad_kernel"), (4, 2), (32, 8), [a, b, c, 5])
    msg = str(e.value)
    assert "bad_kernel<<<(4,2,1), (32,8,1)>>>" in msg and "illegal memory access" in msg
    assert "restarted" in msg
    # the next launch works, in a new worker
    session.launch(kern("add"), 1, 32, [a, b, c, 5])
    assert session.pid != pid and session.restarts == 1


def test_hang_times_out_kills_and_restarts(session):
    a, b, c = _args()
    t0 = time.monotonic()
    with pytest.raises(KernelFault, match=r"spin<<<\(1,1,1\), \(32,1,1\)>>> did not finish within 1 s"):
        session.launch(kern("hang", "spin"), 1, 32, [a, b, c, 5], timeout=1)
    assert time.monotonic() - t0 < 30
    np.testing.assert_array_equal(session.launch(kern("add"), 1, 32, [a, b, c, 5])[2], a + b)


def test_worker_crash_is_a_fault_too(session):
    a, b, c = _args()
    with pytest.raises(KernelFault, match="worker died"):
        session.launch(kern("crash"), 1, 32, [a, b, c, 5])
    np.testing.assert_array_equal(session.launch(kern("add"), 1, 32, [a, b, c, 5])[2], a + b)


def test_refused_launch_keeps_the_worker(session):
    a, b, c = _args()
    session.launch(kern("add"), 1, 32, [a, b, c, 5])
    pid = session.pid
    with pytest.raises(LaunchError, match="too many resources"):
        session.launch(kern("refuse"), 1, 32, [a, b, c, 5])
    session.launch(kern("add"), 1, 32, [a, b, c, 5])
    assert session.pid == pid and session.restarts == 0


def test_bad_arguments_never_reach_the_worker(session):
    with pytest.raises(LaunchError, match="takes 4 arguments"):
        session.launch(kern("fault"), 1, 32, [np.ones(3, np.float32)])
    assert session.restarts == 0


def test_kernel_output_is_collected(session):
    a, b, c = _args()
    session.launch(kern("print", "hello"), 1, 32, [a, b, c, 5])
    assert "hello from block 0 of hello" in session.last_output


def test_unavailable_worker_says_why():
    from tilelab.gpu.worker import GpuUnavailable
    s = GpuSession(device_factory="no_such_module_xyz:Device", start_timeout=60)
    with pytest.raises(GpuUnavailable, match="no_such_module_xyz"):
        s.start()
    s.close()


def test_default_timeout_env(monkeypatch):
    s = GpuSession()
    assert s.timeout > 0
    s.close()


# ---- parsing of tool output ----------------------------------------------------------

NCU_CSV = '''==PROF== Connected to process 123
"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum","l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum","smsp__inst_executed_op_shared_ld.sum","smsp__inst_executed_op_ldsm.sum","gpu__time_duration.sum"
"","","","","","","","","","","","","sector","","","ns"
"0","123","python3.12","h","transpose_naive(const float *, float *, int, int)","1","7","(32, 8, 1)","(128, 128, 1)","0","9.0","1,048,576","524288","32768","0","45,312"
==PROF== Disconnected from process 123
'''


def test_parse_ncu_csv_and_map():
    from tilelab.gpu.ncu import map_metrics, parse_ncu_csv
    rows = parse_ncu_csv(NCU_CSV)
    assert len(rows) == 1
    r = rows[0]
    assert r["Kernel Name"].startswith("transpose_naive")
    assert r["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"] == 1048576
    assert r["gpu__time_duration.sum"] == 45312
    m = map_metrics(r)
    assert m["shared_ld_wavefronts"] == 1048576 and m["global_ld_sectors"] == 524288
    assert m["shared_ld_requests"] == 32768 and m["ldmatrix_requests"] == 0
    assert m["shared_st_wavefronts"] is None


def test_parse_sanitizer_summaries():
    from tilelab.gpu.sanitize import parse_sanitizer
    assert parse_sanitizer("========= ERROR SUMMARY: 0 errors\n") == {"errors": 0}
    assert parse_sanitizer("========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n")["errors"] == 0
    r = parse_sanitizer("========= RACECHECK SUMMARY: 3 hazards displayed (2 errors, 1 warning)\n"
                        "========= ERROR SUMMARY: 2 errors\n")
    assert r == {"errors": 2, "hazards": 3, "race_errors": 2, "race_warnings": 1}


def test_summarize_stats():
    from tilelab.gpu.timing import summarize
    s = summarize([1.0, 1.0, 1.02, 0.98, 1.0], warmup_runs=3)
    assert s["median_s"] == 1.0 and s["min_s"] == 0.98 and s["n"] == 5
    assert s["converged"] and s["rel_stderr"] < 0.01 and len(s["samples_s"]) == 5
    assert not summarize([1.0, 2.0])["converged"]
