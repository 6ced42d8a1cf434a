"""Property tests of the DESIGN §5 rules: the emulator's vectorised counters
(tilelab.emu.counters.metrics.shared_wavefronts / global_sectors, and the counts the emulator
records per instruction) against a brute-force model written here from the text of §5,
with plain loops over phases, banks and distinct words.

§5, as modelled here:
* 32 banks of 4 bytes, bank = (byte address / 4) % 32.
* A request costs the largest number of distinct 4-byte words its active lanes touch in
  any one bank; the same word twice is a broadcast.
* 8-byte accesses: 2 phases (lanes 0-15, 16-31); 16-byte: 4 phases of 8 lanes; conflicts
  count within a phase and the phases add up. Narrower accesses: one phase of 32 lanes.
* Paired wide loads (measured with ncu, bench/results/gpu_wide_access-*.json and gpu_wide_access_xor-*.json): a load
  (not a store, not ldmatrix) of 8 or 16 bytes in which every lane t reads lane t ^ 1's address, or every lane t
  lane t ^ 2's, inactive lanes matching anything, runs in phases of twice as many lanes.
* Global: one per distinct 32-byte sector touched by the active lanes.
"""
from __future__ import annotations

from conftest import read_json

import numpy as np
import pytest

from tilelab.emu.counters.metrics import global_sectors, shared_wavefronts

WIDTHS = (1, 2, 4, 8, 16)


# ------------------------------------------------------------------ brute-force model
def model_wavefronts(addrs, active, width, op="ld") -> int:
    lanes_per_phase = 16 if width == 8 else 8 if width == 16 else 32
    if op == "ld" and width in (8, 16) and any(all(
            not (active[t] and active[t ^ m]) or addrs[t] == addrs[t ^ m] for t in range(32)) for m in (1, 2)):
        lanes_per_phase *= 2
    total = 0
    for first in range(0, 32, lanes_per_phase):
        words_in_bank: dict[int, set] = {}
        for lane in range(first, first + lanes_per_phase):
            if not active[lane]:
                continue
            for byte in range(int(addrs[lane]), int(addrs[lane]) + width):
                word = byte // 4
                words_in_bank.setdefault(word % 32, set()).add(word)
        total += max((len(w) for w in words_in_bank.values()), default=0)
    return total


def model_sectors(addrs, active, width) -> int:
    sectors = set()
    for lane in range(32):
        if active[lane]:
            for byte in range(int(addrs[lane]), int(addrs[lane]) + width):
                sectors.add(byte // 32)
    return len(sectors)


def test_model_on_design_examples():
    lane = np.arange(32)
    on = np.ones(32, bool)
    assert model_wavefronts(lane * 32 * 4, on, 4) == 32          # [32][32] column
    assert model_wavefronts(lane * 33 * 4, on, 4) == 1           # [32][33]
    assert model_wavefronts(lane * 34 * 4, on, 4) == 2           # [32][34]
    assert model_wavefronts(lane * 16, on, 16) == 4              # float4
    assert model_wavefronts(lane * 8, on, 8) == 2                # float2
    assert model_wavefronts(lane * 32, on, 16) == 8              # float4, 32-byte stride
    assert model_wavefronts(np.full(32, 20), on, 4) == 1         # broadcast
    assert model_sectors(lane * 4, on, 4) == 4
    assert model_sectors(lane * 8, on, 4) == 8
    assert model_sectors(lane * 4096, on, 4) == 32


# ------------------------------------------------------------------ random address sets
def random_pattern(rng, width):
    """One warp's byte addresses (aligned to width) from a random family."""
    lane = np.arange(32)
    kind = rng.integers(0, 9)
    unit = width
    if kind == 0:                                     # strided, any stride (0 = broadcast)
        stride = int(rng.choice([0, 1, 2, 3, 4, 5, 8, 16, 17, 31, 32, 33, 34, 64, 65]))
        idx = lane * stride
    elif kind == 1:                                   # random words in a small window
        idx = rng.integers(0, int(rng.choice([8, 32, 128, 512])), 32)
    elif kind == 2:                                   # 2-D tile, column or row access, padded
        rowlen = int(rng.choice([8, 16, 32, 64])) + int(rng.integers(0, 5))
        col = int(rng.integers(0, 8))
        idx = lane * rowlen + col if rng.random() < 0.5 else (lane // 8) * rowlen + lane % 8
    elif kind == 3:                                   # XOR swizzle of a column read
        r = lane
        c = int(rng.integers(0, 32))
        idx = r * 32 + (c ^ (r % 32))
    elif kind == 4:                                   # a few distinct values (partial broadcast)
        vals = rng.integers(0, 256, int(rng.integers(1, 5)))
        idx = rng.choice(vals, 32)
    elif kind == 5:                                   # a permutation of contiguous elements
        idx = rng.permutation(32)
    elif kind == 6:                                   # byte-level: 1-byte lanes around a word edge
        unit = 1 if width == 1 else width
        idx = rng.integers(0, 256, 32) if width == 1 else rng.integers(0, 64, 32)
    elif kind == 7:                                   # lane pairs share an address (paired loads)
        idx = np.repeat(rng.integers(0, int(rng.choice([8, 64, 256])), 16), 2)
    else:                                             # ldmatrix-like: 8 rows of 16 bytes per phase
        rowbytes = int(rng.choice([32, 64, 128, 144]))
        idx = ((lane % 8) * rowbytes + (lane // 8) * 16) // unit
    base = int(rng.integers(0, 1 << 12)) * unit
    return base + np.asarray(idx, np.int64) * unit


def random_mask(rng):
    k = rng.integers(0, 6)
    if k <= 1:
        return np.ones(32, bool)
    if k == 2:
        m = np.zeros(32, bool)
        m[rng.integers(0, 32)] = True
        return m
    if k == 3:
        return np.arange(32) < rng.integers(1, 33)        # a tail warp
    return rng.random(32) < rng.choice([0.2, 0.5, 0.9])


def random_batch(rng, width, W):
    """W warps; many repeat an earlier warp's pattern at an offset, as warps of a block do."""
    addrs = np.zeros((W, 32), np.int64)
    mask = np.zeros((W, 32), bool)
    for w in range(W):
        if w and rng.random() < 0.5:
            src = int(rng.integers(0, w))
            addrs[w] = addrs[src] + int(rng.integers(0, 512)) * width
            mask[w] = mask[src] if rng.random() < 0.8 else random_mask(rng)
        else:
            addrs[w] = random_pattern(rng, width)
            mask[w] = random_mask(rng)
    return addrs, mask


@pytest.mark.parametrize("op", ["ld", "st", "ldmatrix"])
@pytest.mark.parametrize("width", WIDTHS)
def test_shared_wavefronts_match_model(rng, width, op):
    if op == "ldmatrix" and width != 16:
        pytest.skip("ldmatrix rows are 16 bytes")
    for trial in range(60):
        W = int(rng.choice([1, 2, 5, 16]))
        addrs, mask = random_batch(rng, width, W)
        got = shared_wavefronts(addrs, mask, width, op)
        want = [model_wavefronts(addrs[w], mask[w], width, op) for w in range(W)]
        assert list(got) == want, (trial, width, op, addrs.tolist(), mask.astype(int).tolist())


def _wide_access_recordings():
    from pathlib import Path
    import json
    files = sorted((Path(__file__).resolve().parents[1] / "bench" / "results").glob("gpu_wide_access*-*.json"))
    return [c for f in files for c in read_json(f)["cases"]]


def test_rule_equals_ncu_on_every_recorded_pattern():
    """The H200's wavefronts per request (ncu) for every 8/16-byte load and store pattern
    recorded by bench/gpu_wide_access.py equal the rule, and the brute-force model."""
    cases = _wide_access_recordings()
    assert len(cases) >= 100 + 152
    assert sum(c["pattern"].startswith("m2") for c in cases) >= 40     # lanes t and t ^ 2 sharing (the H100's)
    for c in cases:
        words = np.asarray(c["lane_words"], np.int64)
        act = words >= 0
        addr = np.maximum(words, 0) * 4
        got = int(shared_wavefronts(addr[None], act[None], c["width"], c["op"])[0])
        assert got == c["ncu_wavefronts_per_request"], c["kernel"] + " " + c["pattern"]
        assert model_wavefronts(addr, act, c["width"], c["op"]) == got


@pytest.mark.parametrize("width", WIDTHS)
def test_global_sectors_match_model(rng, width):
    for trial in range(60):
        W = int(rng.choice([1, 2, 5, 16]))
        addrs, mask = random_batch(rng, width, W)
        addrs = addrs + (1 << 46)                      # where the emulator puts global memory
        got = global_sectors(addrs, mask, width)
        want = [model_sectors(addrs[w], mask[w], width) for w in range(W)]
        assert list(got) == want, (trial, width, addrs.tolist(), mask.astype(int).tolist())


def test_byte_access_below_first_lane_is_counted():
    # regression: inactive lanes were once marked -1 in shift-relative addresses, so an
    # active lane 1 byte below the first lane's 4-byte-aligned base was dropped
    # lane 0 at byte 128 (bank 0), lane 1 at byte 127 (bank 31), lane 2 at byte 255 (bank 31):
    # two distinct words in bank 31 -> 2 wavefronts; sectors 4, 3 and 7 -> 3
    addrs = np.zeros(32, np.int64)
    act = np.zeros(32, bool)
    addrs[:3] = [128, 127, 255]
    act[:3] = True
    assert model_wavefronts(addrs, act, 1) == 2 and model_sectors(addrs, act, 1) == 3
    assert int(shared_wavefronts(addrs[None], act[None], 1)[0]) == 2
    assert int(global_sectors(addrs[None], act[None], 1)[0]) == 3


def test_shared_and_global_model_1_byte(rng):
    bad = 0
    for trial in range(200):
        W = int(rng.choice([1, 2, 5, 16]))
        addrs, mask = random_batch(rng, 1, W)
        got = shared_wavefronts(addrs, mask, 1)
        want = [model_wavefronts(addrs[w], mask[w], 1) for w in range(W)]
        gs = global_sectors(addrs + (1 << 46), mask, 1)
        ws = [model_sectors(addrs[w], mask[w], 1) for w in range(W)]
        bad += (list(got) != want) + (list(gs) != ws)
    assert bad == 0, f"{bad} of 400 batches disagree"


# ------------------------------------------------------------------ the emulator, per instruction
PROBE_SRC = """\
__global__ void probe(const unsigned char* g, const int* off, const int* goff, const int* on, T* out)
{
    __shared__ __align__(16) unsigned char raw[8192];
    for (int i = threadIdx.x; i < 8192 / 4; i += blockDim.x)
        reinterpret_cast<unsigned*>(raw)[i] = reinterpret_cast<const unsigned*>(g)[i];
    __syncthreads();
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int so = off[t];
    int go = goff[t];
    if (on[t]) {
        T v = *reinterpret_cast<const T*>(raw + so);             // @shared
        T w = *reinterpret_cast<const T*>(g + go);               // @global
        out[2 * t] = v;
        out[2 * t + 1] = w;
    }
}
"""
CTYPE = {1: "unsigned char", 2: "unsigned short", 4: "unsigned int", 8: "unsigned long long",
         16: "double2"}


def _probe_patterns(rng, width, nwarps, limit):
    addrs, mask = random_batch(rng, width, nwarps)
    addrs %= (limit - 16)
    addrs -= addrs % width
    return addrs, mask


@pytest.mark.parametrize("width", WIDTHS)
def test_emulator_counts_match_model_per_instruction(emu, rng, width):
    """Random per-thread offsets and active masks, read by a kernel: the emulator's
    per-line shared wavefronts and global sectors equal the model's sum, over the warps,
    on the addresses the kernel computed."""
    src = f"#define T {CTYPE[width]}\n" + PROBE_SRC
    k = emu.compile(src, "probe", filename="probe.cu")
    block, nblocks = 128, 3
    T = block * nblocks
    nw = T // 32
    gbytes = 1 << 14
    g = rng.integers(0, 256, gbytes, dtype=np.uint8)
    sa, mask = _probe_patterns(rng, width, nw, 8192)
    ga, _ = _probe_patterns(rng, width, nw, gbytes)
    on = mask.reshape(-1).astype(np.int32)
    dt = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64, 16: np.float64}[width]
    out = np.zeros((2 * T, 2) if width == 16 else 2 * T, dt)
    r = emu.run(k, nblocks, block, g, sa.reshape(-1).astype(np.int32), ga.reshape(-1).astype(np.int32),
                on, out)
    assert r.findings == [], "\n".join(map(str, r.findings))
    # the data: each active thread got the bytes at its two offsets
    outb = out.reshape(T, -1).view(np.uint8).reshape(T, 2, width)
    so, go = sa.reshape(-1), ga.reshape(-1)
    for t in np.flatnonzero(on):
        assert (outb[t, 0] == g[so[t]: so[t] + width]).all(), t
        assert (outb[t, 1] == g[go[t]: go[t] + width]).all(), t
    want_req = int(mask.any(axis=1).sum())
    want_wf = sum(model_wavefronts(sa[w], mask[w], width) for w in range(nw))
    # g's base is 256-byte aligned in the emulator: offsets from it give the same sectors
    want_sec = sum(model_sectors(ga[w], mask[w], width) for w in range(nw))
    # the probe is the kernel's only shared load (ptxas-free PTX may attribute a vector load
    # to the line that uses it, so take the launch totals); the global probe by its line
    sl = r.metrics
    gl = emu.line_metrics(r, emu.line_of(src, "// @global"))
    assert (sl["shared_ld_requests"], sl["shared_ld_wavefronts"]) == (want_req, want_wf)
    assert (gl["global_ld_requests"], gl["global_ld_sectors"]) == (want_req, want_sec)
