"""Where a block's shared memory starts (docs/FIDELITY.md, the thirteenth unseen suite; DESIGN §4 "Memory").

On sm_90 and later ptxas gives a shared array the address ``SR_CgaCtaId << 24 | 0x400 + offset``: the first KiB
of the block's window is the system's. Before sm_90 the arrays start at 0. The emulator lays them out the same
way for the launch's ``arch`` (memory.shared_base), so a program that prints a shared address or flips buffers
by XOR-ing an address bit computes what the GPU computes; messages and findings still say offsets into the
block's own bytes (``smem[23552]`` (shared offset 23552)), the same on every arch.
"""
from __future__ import annotations

import json
import re
import sys

import numpy as np
import pytest

from conftest import ROOT, needs_cubin, read_json
from tilelab.emu import run as emu_run
from tilelab.emu.memory import shared_base

sys.path.insert(0, str(ROOT / "bench"))
from collection import run as collection  # noqa: E402

PROBE = ROOT / "collection" / "repro_smem_base.cu"


def _entry(file, name=None):
    return next(e for e in collection.load() if e["file"] == file and (name is None or e["name"] == name))


def _probe(arch):
    e = _entry("repro_smem_base.cu")
    k = collection.compile_entry(e)
    addrs, flip = np.zeros(3, np.uint32), np.zeros(256, np.float32)
    r = emu_run(k, (1, 1, 1), (256, 1, 1), [addrs, flip], shared_bytes=64, arch=arch)
    return r, addrs, flip


def test_shared_base_by_arch():
    """The cubins of the probe (collection/repro_smem_base.cu) for sm_75, sm_86 and sm_89 store 0 for the first
    array's address; for sm_90, sm_100 and sm_120 they compute it from 0x400."""
    assert [shared_base(a) for a in ("sm_75", "sm_80", "sm_86", "sm_89")] == [0, 0, 0, 0]
    assert [shared_base(a) for a in ("sm_90", "sm_90a", "sm_100", "sm_120")] == [0x400] * 4


def test_the_probe_sees_the_gpus_addresses_on_sm90_and_on_sm80():
    r, addrs, flip = _probe("sm_90")
    # its one finding: `dyn[threadIdx.x & 15] = 0.0f`, 8 warps storing one value to 16 words with no barrier
    # (a write-write race since the nineteenth unseen suite, docs/FIDELITY.md)
    assert [f.kind for f in r.findings] == ["race"] and "`dyn[" in str(r.findings[0])
    assert addrs.tolist() == [0x400, 0x4400, 0x4420]          # buf, tail (16 KiB on), dyn (16-byte aligned after)
    # (&buf[768 + t]) ^ 0x800: 0x1000 + 4t has bit 11 clear, so the XOR adds 0x800: buf[1280 + t]
    np.testing.assert_array_equal(flip, np.arange(1280, 1536, dtype=np.float32))
    r, addrs, flip = _probe("sm_80")
    assert [f.kind for f in r.findings] == ["race"] and addrs.tolist() == [0, 0x4000, 0x4020]
    np.testing.assert_array_equal(flip, np.arange(256, 512, dtype=np.float32))   # 0xC00 + 4t: bit 11 set


@needs_cubin
def test_the_cubins_put_the_first_array_where_the_emulator_does():
    k = collection.compile_entry(_entry("repro_smem_base.cu"))
    sm90 = k.program.sass("sm_90")
    assert "SR_CgaCtaId" in sm90 and re.search(r"\bMOV\s+R\d+, 0x400 ;", sm90)
    sm80 = k.program.sass("sm_80")
    assert "SR_CgaCtaId" not in sm80 and not re.search(r", 0x400 ;", sm80)


def test_the_reserved_kib_below_the_arrays_is_out_of_bounds(emu):
    src = """
__global__ void below(unsigned* out)
{
    __shared__ unsigned s[32];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    unsigned v, a = 0u;            // shared address 0: on sm_90 the reserved KiB's first word, not s[0]
    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(a));
    out[threadIdx.x] = v;
    out[32 + threadIdx.x] = s[31 - threadIdx.x];        // s is used: it stays
}
"""
    k = emu.compile(src, "below", filename="below.cu")
    out = np.zeros(64, np.uint32)
    r = emu.run(k, 1, 32, out)
    oob = [f for f in r.findings if f.kind == "out_of_bounds"]
    assert len(oob) == 1 and oob[0].address == -1024       # said as an offset into the block's bytes
    assert "shared offset -1024" in oob[0].detail
    r = emu_run(k, (1, 1, 1), (32, 1, 1), [out], arch="sm_80")     # there address 0 is s[0]
    assert r.findings == [] and out[:32].tolist() == [0] * 32


def test_htog_steps_11_and_12_read_unwritten_shared_memory():
    """With smem at 0x400, B's first buffer is 0x4400-0x53ff: `b_sts_addr ^= 0x1000` sends the stores of its
    rows 6 and 7 (0x5000-0x53ff) to 0x4000-0x43ff, but the loads (`bptr_base ^= 0x1000`, then + an offset)
    go to 0x6000-0x63ff, the last KiB of smem, which nothing writes: every odd k-step's B rows 6 and 7 are
    the emulator's zeros (the GPU's: whatever its shared memory held). At 0, the emulator's old base,
    0x4000-0x4fff flipped to 0x5000-0x5fff whole, and C was numpy's."""
    for f in ("htog_mmult_11.cu", "htog_mmult_12.cu"):
        e = _entry(f)
        res, after, before = collection.run_emu(e)
        k = np.arange(128)
        b = np.where((((k // 8) % 2 == 1) & (k % 8 >= 6))[:, None], 0, before["b"].astype(np.float64))
        np.testing.assert_allclose(after["c"], before["a"].astype(np.float64) @ b, rtol=1e-5, atol=1e-5)
        (u,) = res.findings
        assert u.kind == "uninitialized_read" and u.address == 0x6000 - 0x400
        assert "`smem[23552]`" in u.detail and u.count == 8 * 128 * 32      # 8 odd k-steps, 128 lanes' 2 x 16 B
        assert collection.check_emu(e) == []


@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
def test_a_race_names_the_element_on_either_base(emu, arch):
    src = """
__global__ void racy(float* out)
{
    __shared__ float pad[7];
    __shared__ float s[64];
    if (threadIdx.x < 7) pad[threadIdx.x] = 0.f;
    s[threadIdx.x] = threadIdx.x;
    out[threadIdx.x] = s[(threadIdx.x + 1) % 64];      // no barrier
}
"""
    k = emu.compile(src, "racy", filename="racy.cu")
    out = np.zeros(64, np.float32)
    r = emu_run(k, (1, 1, 1), (64, 1, 1), [out], arch=arch)
    race = [f for f in r.findings if f.kind == "race"]
    # thread 0 reads s[1], which thread 1 wrote: s is at offset 0 or after pad's 28 bytes, never 0x400 on
    assert "`s[1]` (offset" in race[0].detail and race[0].address in (4, 32)


# ---------------------------------------------------------------------------------------------- the H200
RES = ROOT / "bench" / "results"


def test_the_h200_gives_the_probe_the_emulators_addresses():
    """bench/results/collection-gpu-2026-12-03-smembase.json: the probe's addresses (0x400, 0x4400, 0x4420) and its
    XOR flip are the H200's bit for bit; steps 11 and 12's A and B too (their C is not compared: below)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import collection_gpu
    rec = read_json(RES / "collection-gpu-2026-12-03-smembase.json")
    assert (rec["kernels"], rec["as_expected"], rec["nvrtc"]) == (3, 3, "13.0")
    probe = next(r for r in rec["results"] if r["file"] == "repro_smem_base.cu")
    _, addrs, flip = _probe("sm_90")
    assert probe["hashes"]["addrs"]["gpu_sha256"] == collection_gpu._digest(addrs)
    assert probe["hashes"]["flip"]["gpu_sha256"] == collection_gpu._digest(flip)


def test_the_h200s_c_of_steps_11_and_12_is_the_emulators_once_its_shared_memory_is_zero():
    """bench/results/smem-base-gpu-2026-12-03.json (bench/smem_base_gpu.py): every SM's shared memory filled with 0,
    then each step: the H200's C is the emulator's bit for bit; filled with 1.0, another C, numpy's product with
    those rows 1.0. So the GPU's C reads exactly the bytes the emulator says nothing wrote."""
    sys.path.insert(0, str(ROOT / "bench"))
    import collection_gpu
    rec = read_json(RES / "smem-base-gpu-2026-12-03.json")
    rows = rec["results"]
    assert len(rows) == 6 and {r["file"] for r in rows} == {"htog_mmult_11.cu", "htog_mmult_12.cu"}
    _, after, _ = collection.run_emu(_entry("htog_mmult_11.cu"))
    now = collection_gpu._digest(after["c"])
    for r in rows:
        assert r["max_abs_vs_formula"] < 1e-5 and r["emu_findings"] == ["uninitialized_read"]
        if r["fill"] == 0.0:
            assert r["differ_from_emu"] == 0 and r["gpu_sha256"] == now
        else:
            assert r["differ_from_emu"] == 16384 and r["gpu_sha256"] != now


def test_the_counts_against_ncu(tmp_path):
    """bench/results/fidelity-2026-12-03-smembase.json: the probe equal in every total; steps 11 and 12's shared-load
    wavefronts still 32 and 7 under ncu's, as at the old base (the flip moves every lane of a warp alike, so its
    banks do not change: not the base's)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity as fid
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(RES / "fidelity-2026-12-03-smembase.json"), "--only",
              "/htog_mmult_11,/htog_mmult_12,:reproSmemBase", "--json", str(out)])
    rows = {r["id"]: r for r in read_json(out)["rows"]}
    assert all(v["equal"] for v in rows["collection/repro_smem_base.cu:reproSmemBase"]["checks"].values())
    for f, emu, ncu in (("htog_mmult_11.cu", 12800, 12832), ("htog_mmult_12.cu", 12384, 12391)):
        checks = rows[f"collection/{f}:sgemm_128x128x8"]["checks"]
        assert [k for k, v in checks.items() if not v["equal"]] == ["shared_ld_wavefronts"]
        assert (checks["shared_ld_wavefronts"]["emu"], checks["shared_ld_wavefronts"]["ncu"]) == (emu, ncu)
