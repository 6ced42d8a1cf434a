"""The hardware rules of DESIGN §5, in one place, and the counters built on them.

Both the emulator (per executed instruction) and ``tilelab.banks`` (the bank
simulator learners play with) call these functions, so a picture in a lesson and
a count in a grade can never disagree.

Rules (Volta through Hopper, confirmed with ncu on an H200):
* 32 banks of 4 bytes: bank = (byte address / 4) % 32.
* A request costs, in wavefronts, the largest number of *distinct* 4-byte words
  its active lanes touch in one bank (same word = broadcast, free).
* 8-byte accesses run in 2 phases of 16 lanes, 16-byte accesses in 4 phases of
  8 lanes; conflicts count within a phase and phases add up. ``ldmatrix`` is a
  16-byte access per lane (one row address per lane, lanes 8m..8m+7 = matrix m).
* Paired wide loads: an 8- or 16-byte *load* in which every lane t reads the address of
  lane t ^ 1, or every lane t that of lane t ^ 2 (an inactive lane matches anything), is
  served in phases of twice as many lanes: one phase of 32 for 8 bytes, two of 16 for
  16 bytes. So a float4 broadcast costs 2 wavefronts, not 4, and so does fast-transformers'
  A B A B ... float4 pattern (lanes t and t ^ 2 share). Partners t ^ 3, t ^ 4 and beyond
  do not pair. Stores and ``ldmatrix`` never pair. Measured with ncu on an H200 over 220
  address patterns (bench/gpu_wide_access.py, bench/results/gpu_wide_access-2026-12-01.json)
  and on an H100 over 152 patterns of lanes sharing by XOR partner (--xor,
  bench/results/gpu_wide_access_xor-2026-12-07.json): all 262 loads fit this rule; with
  the t ^ 1 partner alone, 44 of the 152 did not.
* A phase with no active lane costs nothing.
* ``cp.async`` (SASS LDGSTS) writes shared memory as a store of its own size per
  lane (16 bytes: 4 phases of 8 lanes, never paired); ncu counts those wavefronts apart
  from ``st.shared``'s (sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts),
  and so do we (``cp_async_st_wavefronts``; bench/results/fidelity_mma-2026-12-01.json).
* Global requests cost one transaction per distinct 32-byte sector.
* A request is one warp executing one memory instruction, as ncu counts them
  (smsp__inst_executed_op_shared_ld/st, l1tex__t_requests_pipe_lsu_mem_global_op_ld/st):
  at a shared access a warp whose lanes are all predicated off makes one too, and it costs no
  wavefront; at a global one it makes none (no lane, no L1TEX request). Which warps execute an access is the SASS's control flow, not the PTX's
  (emu/counters/ifconvert.py), which also counts the never-true ``@!PT LDS`` ptxas puts before a run
  of LDGSTS (cp.async): 3 shared-load requests, no wavefront, each time a warp reaches them.
* Shared-memory atomics: every lane is its own read-modify-write, so a warp's ATOMS (add, exch,
  min, max, and, or, xor, inc, dec) and generic ATOM (PTX ``atom`` with no state space, which
  ptxas keeps generic) cost the most active lanes any bank serves, lanes on one word included
  (``generic_atom_wavefronts``), and a CAS twice that. Measured on an H200 with ncu over 40 lane
  patterns each (bench/gpu_shared_atomics.py, bench/results/gpu_shared_atomics-2026-12-01.json.gz:
  40 of 40 for every kind; the other candidate rules fit 0 to 26). The exception is the
  increment ptxas turns into ATOMS.POPC.INC (an add of the constant 1 whose old value nothing
  reads: ``atomicAdd(&hist[b], 1)``): it adds each word's lane count at once, so it costs what a
  4-byte load costs, the most distinct words any bank holds (``atom_wavefronts``;
  histogram256Kernel's 376 of them: 1,208 wavefronts on the H200, bench/results/fidelity-2026-12-01-run1.json.gz,
  which this rule gives exactly and the lanes rule does not: 1,342). A generic ATOM is no ATOMS
  request (ncu's smsp__inst_executed_op_shared_atom) but counts its wavefronts all the same.
  64-bit and float atomics are compare-and-swap loops on sm_90 (``LDS`` + ``ATOMS.CAST.SPIN``); a 4-byte
  float add's passes within a warp are counted (``cas_loop``), the retries other warps cause and the other
  loops' are the GPU's timing, given the rules above and not exact.
  A generic ATOM that goes to global memory costs one atomics wavefront per warp with a lane on
  (one-lane requests measured: grid.sync's atom.add.release.gpu).
  Generic LD/ST that land in shared memory likewise count wavefronts and no shared request.
"""
from __future__ import annotations

import numpy as np

NUM_BANKS = 32
BANK_BYTES = 4
SECTOR_BYTES = 32
_SENTINEL = np.iinfo(np.int64).min   # marks inactive lanes; no real offset can equal it
_MEMO: dict = {}
_HASH_COEF = np.random.default_rng(12345).integers(1, 1 << 62, size=32, dtype=np.int64) | 1

SEEN_KEYS = (
    "shared_ld_generic_requests", "shared_st_generic_requests",
    "shared_atom_rd_requests", "shared_atom_rd_requests_active", "shared_atom_rd_wavefronts",
    "shared_atom_wr_requests", "shared_atom_wr_requests_active", "shared_atom_wr_wavefronts",
    "global_atom_requests", "global_atom_sectors", "global_atom_rd_requests", "global_atom_rd_sectors",
)
#: "as the technique sees them": the ncu-equal figure plus the atomics that do the same (emu/machine.py)
SEEN_TOTALS = {
    "shared_ld_wavefronts_seen": ("shared_ld_wavefronts", "shared_atom_rd_wavefronts"),
    "shared_ld_requests_seen": ("shared_ld_requests", "shared_ld_generic_requests", "shared_atom_rd_requests"),
    "shared_st_requests_seen": ("shared_st_requests", "shared_st_generic_requests", "shared_atom_wr_requests"),
    "shared_st_wavefronts_seen": ("shared_st_wavefronts", "shared_atom_wr_wavefronts"),
    "global_ld_sectors_seen": ("global_ld_sectors", "global_atom_rd_sectors", "tma_ld_sectors"),   # TMA/bulk copies read
    # global memory too: a technique check sees their sectors (ncu's LSU figures leave them out)
    "global_ld_requests_seen": ("global_ld_requests", "global_atom_rd_requests"),
    "global_st_sectors_seen": ("global_st_sectors", "global_atom_sectors", "tma_st_sectors"),
    "global_st_requests_seen": ("global_st_requests", "global_atom_requests"),
}

METRIC_KEYS = (
    "shared_ld_requests", "shared_ld_wavefronts", "shared_st_requests", "shared_st_wavefronts",
    "ldmatrix_requests",
    "cp_async_requests", "cp_async_st_wavefronts",
    # the TMA (emu/tma.py): copies issued, and the global sectors of their in-bounds elements; not
    # LSU requests, and their shared-memory side is no LSU wavefront (ncu's shared counts omit it)
    "tma_requests", "tma_ld_sectors", "tma_st_sectors",
    "global_ld_requests", "global_ld_sectors", "global_st_requests", "global_st_sectors",
    "instructions", "flops",
    # requests are counted as ncu counts them: one for every warp that executes the instruction,
    # its lanes all predicated off included (machine.py); "_active" ones had at least one lane
    # that touched memory (the emulator's count before issue 13, and the basis of a conflict degree)
    "shared_ld_requests_active", "shared_st_requests_active",
    "global_ld_requests_active", "global_st_requests_active",
    "shared_atom_requests", "shared_atom_requests_active", "shared_atom_wavefronts",
    # what the technique checks see of atomics (tilelab/technique.py), apart from ncu's counts
    # above, which stay as ncu has them: an atomic that returns its old value (``atom``, not
    # ``red``) in shared memory is also a read (``_rd``: every warp, generic ATOMs that land in
    # shared memory included), every shared atomic a write (``_wr``), and a global atomic is a global access of its sectors (ncu
    # counts them under l1tex__t_*_op_atom/red, not op_ld/st): ``global_atom_*`` for every one
    # (each writes), ``global_atom_rd_*`` for those that return data; and a generic LD/ST whose
    # lanes land in shared memory (its wavefronts are in ncu's shared figures, its requests are not)
    # is a shared request (``shared_ld/st_generic_requests``: warps with such a lane)
    *SEEN_KEYS,
)


OPS = ("ld", "st", "ldmatrix")


def lanes_per_phase(nbytes: int) -> int:
    """How many lanes the hardware serves in one shared-memory phase (unpaired)."""
    return {8: 16, 16: 8}.get(int(nbytes), 32)


def _check_op(op: str) -> str:
    if op not in OPS:
        raise ValueError(f"op must be one of {OPS}, got {op!r}")
    return op


def pairs_share(addr, active) -> np.ndarray:
    """Per request: does every lane t read lane t ^ 1's address, or every lane t lane t ^ 2's? (inactive lanes
    match anything; the partners the hardware pairs, see the module docstring)"""
    addr = np.asarray(addr, dtype=np.int64).reshape(-1, 32)
    act = np.asarray(active, dtype=bool).reshape(-1, 32)
    out = np.zeros(addr.shape[0], dtype=bool)
    for m in (1, 2):
        partner = np.arange(32) ^ m
        out |= ((addr == addr[:, partner]) | ~act | ~act[:, partner]).all(axis=1)
    return out


def request_lanes_per_phase(addr, active, nbytes: int, op: str = "ld") -> int:
    """Lanes per phase for one warp request, the paired-load rule included."""
    lpp = lanes_per_phase(nbytes)
    if _check_op(op) == "ld" and int(nbytes) in (8, 16) and bool(pairs_share(addr, active)[0]):
        return 2 * lpp
    return lpp


def ideal_wavefronts(nbytes: int) -> int:
    return 32 // lanes_per_phase(nbytes)


def _dedupe(addr: np.ndarray, active: np.ndarray, quantum: int):
    """Group warps whose address pattern is the same up to a shift by ``quantum`` bytes.

    Warps of a block usually repeat one pattern at an offset (row ty of a tile,
    say), and the cost is invariant under such a shift, so we count each pattern
    once. Returns (representative rows, inverse index) or None if all differ.
    """
    if active.all():
        base = addr[:, 0]
        rel = addr - (base - base % quantum)[:, None]
    else:
        first = np.argmax(active, axis=1)
        base = addr[np.arange(addr.shape[0]), first]
        base = base - (base % quantum)
        rel = np.where(active, addr - base[:, None], _SENTINEL)
    if (rel == rel[0]).all():
        return rel[:1], np.zeros(addr.shape[0], dtype=np.int64)
    # Group equal rows through a 64-bit hash (np.unique(axis=0) sorts whole rows and is
    # ~50x slower), then verify every row against its representative.
    with np.errstate(over="ignore"):
        h = (rel * _HASH_COEF).sum(axis=1)
    _, first, inv = np.unique(h, return_index=True, return_inverse=True)
    inv = inv.reshape(-1)
    uniq = rel[first]
    if not (uniq[inv] == rel).all():            # a hash collision: count every row on its own
        return rel, np.arange(addr.shape[0])
    return uniq, inv


def shared_wavefronts(addr, active, nbytes: int, op: str = "ld") -> np.ndarray:
    """Wavefronts for each warp request. addr, active: [W, 32] byte addresses and lane mask;
    ``op`` is "ld", "st" or "ldmatrix" (only plain loads pair, see the module docstring)."""
    _check_op(op)
    addr = np.asarray(addr, dtype=np.int64).reshape(-1, 32)
    active = np.asarray(active, dtype=bool).reshape(-1, 32)
    if addr.shape[0] == 0:
        return np.zeros(0, dtype=np.int64)
    rel, inv = _dedupe(addr, active, BANK_BYTES)
    if rel.shape[0] == 1:                       # one pattern for every warp: memoise it
        key = (rel.tobytes(), int(nbytes), op)
        hit = _MEMO.get(key)
        if hit is None:
            if len(_MEMO) > 4096:
                _MEMO.clear()
            act = rel != _SENTINEL
            hit = _MEMO[key] = int(_wavefronts(np.where(act, rel, 0), act, nbytes, op)[0])
        return np.full(addr.shape[0], hit, dtype=np.int64)
    act = rel != _SENTINEL
    return _wavefronts(np.where(act, rel, 0), act, nbytes, op)[inv]


def _wavefronts(addr: np.ndarray, active: np.ndarray, nbytes: int, op: str) -> np.ndarray:
    """Per request, by the phase rule that applies to it (paired loads or not)."""
    cost = _wavefronts_rows(addr, active, nbytes, lanes_per_phase(nbytes))
    if op == "ld" and int(nbytes) in (8, 16):
        paired = pairs_share(addr, active)
        if paired.any():
            cost[paired] = _wavefronts_rows(addr[paired], active[paired], nbytes, 2 * lanes_per_phase(nbytes))
    return cost


def _wavefronts_rows(addr: np.ndarray, active: np.ndarray, nbytes: int, lpp: int) -> np.ndarray:
    W = addr.shape[0]
    wpl = max(1, int(nbytes) // BANK_BYTES)             # 4-byte words per lane
    first_word = addr // BANK_BYTES
    words = first_word[:, :, None] + np.arange(wpl)     # [W, 32, wpl]
    act = np.broadcast_to(active[:, :, None], words.shape)
    P = 32 // lpp
    words = words.reshape(W * P, lpp * wpl)             # each row: one phase, 32 word slots
    act = act.reshape(W * P, lpp * wpl)
    bank = words % NUM_BANKS
    key = np.where(act, (bank << 40) | (words & ((1 << 40) - 1)), _SENTINEL)
    key.sort(axis=1)
    valid = key != _SENTINEL
    new = np.ones_like(valid)
    new[:, 1:] = key[:, 1:] != key[:, :-1]
    distinct = valid & new
    rows = np.arange(W * P)[:, None]
    idx = (rows * NUM_BANKS + (key >> 40).clip(0)).ravel()
    per_bank = np.bincount(idx, weights=distinct.ravel(), minlength=W * P * NUM_BANKS)
    per_phase = per_bank.reshape(W * P, NUM_BANKS).max(axis=1).astype(np.int64)
    return per_phase.reshape(W, P).sum(axis=1)


def atom_wavefronts(addr, active, nbytes: int) -> np.ndarray:
    """Wavefronts of each warp's shared atomic (ATOMS): the load rule without pairing (see the
    module docstring for the measurement; two lanes on one word cost one wavefront)."""
    return shared_wavefronts(addr, active, nbytes, "st")


def generic_atom_wavefronts(addr, active, nbytes: int) -> np.ndarray:
    """Wavefronts of each warp's generic atomic (SASS ATOM) whose lanes land in shared memory:
    every active lane is its own access, so the most active lanes any bank serves, lanes on one
    word included (ATOMS serve those at once: ``atom_wavefronts``). 8-byte ones in the store's
    two phases of 16 lanes (unmeasured). See the module docstring for the measurement."""
    addr = np.asarray(addr, dtype=np.int64).reshape(-1, 32)
    active = np.asarray(active, dtype=bool).reshape(-1, 32)
    W = addr.shape[0]
    if W == 0:
        return np.zeros(0, dtype=np.int64)
    wpl = max(1, int(nbytes) // BANK_BYTES)
    lpp = lanes_per_phase(nbytes)
    P = 32 // lpp
    bank = ((addr // BANK_BYTES)[:, :, None] + np.arange(wpl)) % NUM_BANKS
    act = np.broadcast_to(active[:, :, None], bank.shape).reshape(W * P, lpp * wpl)
    bank = bank.reshape(W * P, lpp * wpl)
    idx = (np.arange(W * P)[:, None] * NUM_BANKS + bank).ravel()
    per_bank = np.bincount(idx, weights=act.ravel(), minlength=W * P * NUM_BANKS)
    per_phase = per_bank.reshape(W * P, NUM_BANKS).max(axis=1).astype(np.int64)
    return per_phase.reshape(W, P).sum(axis=1)


def cas_loop(addr, active) -> tuple[np.ndarray, np.ndarray]:
    """(passes, LDS wavefronts) of each warp's 4-byte float add to shared memory, which sm_90 has no ATOMS for:
    ptxas makes it a loop of ``LDS`` + ``ATOMS.CAST.SPIN`` that runs until every lane's compare-and-swap has
    held. A pass serves one lane of each bank, lanes in lane order, so a warp makes as many passes as the
    most active lanes one bank serves (``generic_atom_wavefronts``); each pass is one LDS and one ATOMS.CAST
    request, the CAS 2 wavefronts, the LDS the load rule's over the lanes still waiting. Measured: cuFINUFFT's
    Spread_1d_Subprob on an H100, ncu per SASS instruction (bench/results/ncu-sass-lines-2026-12-06-unseen.json.gz):
    270 passes of each of its two loops, 540 ATOMS.CAST wavefronts, 450 LDS wavefronts, which this gives
    exactly (the lowest lane of a bank first: the highest first gives 438, by address 408)."""
    addr = np.asarray(addr, dtype=np.int64).reshape(-1, 32)
    active = np.asarray(active, dtype=bool).reshape(-1, 32)
    bank = (addr // BANK_BYTES) % NUM_BANKS
    rank = np.zeros(addr.shape, dtype=np.int64)         # active lanes of the same bank before each lane
    for lane in range(1, 32):
        rank[:, lane] = ((bank[:, :lane] == bank[:, lane:lane + 1]) & active[:, :lane]).sum(axis=1)
    passes = np.where(active, rank + 1, 0).max(axis=1) if addr.size else np.zeros(0, dtype=np.int64)
    lds = np.zeros(addr.shape[0], dtype=np.int64)
    for i in range(int(passes.max()) if passes.size else 0):
        lds += shared_wavefronts(addr, active & (rank >= i), 4, "ld")
    return passes.astype(np.int64), lds


def global_sectors(addr, active, nbytes: int) -> np.ndarray:
    """Distinct 32-byte sectors touched by each warp request."""
    addr = np.asarray(addr, dtype=np.int64).reshape(-1, 32)
    active = np.asarray(active, dtype=bool).reshape(-1, 32)
    if addr.shape[0] == 0:
        return np.zeros(0, dtype=np.int64)
    rel, inv = _dedupe(addr, active, SECTOR_BYTES)
    act = rel != _SENTINEL
    lo = np.where(act, rel, 0) // SECTOR_BYTES
    hi = (np.where(act, rel, 0) + max(int(nbytes), 1) - 1) // SECTOR_BYTES
    span = int((hi - lo).max()) + 1 if act.any() else 1
    sec = lo[:, :, None] + np.arange(span)
    ok = act[:, :, None] & (sec <= hi[:, :, None])
    key = np.where(ok, sec, np.iinfo(np.int64).min).reshape(rel.shape[0], -1)
    key.sort(axis=1)
    valid = key != np.iinfo(np.int64).min
    new = np.ones_like(valid)
    new[:, 1:] = key[:, 1:] != key[:, :-1]
    return (valid & new).sum(axis=1).astype(np.int64)[inv]


def request_breakdown(addr, active, nbytes: int, op: str = "ld") -> dict:
    """Everything about one warp request, for pictures and explanations.

    Returns wavefronts, ideal, conflict degree (worst distinct words in a bank
    within a phase), and per phase the lanes, each lane's banks, and the words
    each bank serves.
    """
    addr = np.asarray(addr, dtype=np.int64).reshape(32)
    active = np.asarray(active, dtype=bool).reshape(32)
    lpp = request_lanes_per_phase(addr, active, nbytes, op)
    wpl = max(1, int(nbytes) // BANK_BYTES)
    phases = []
    for p in range(32 // lpp):
        lanes = [l for l in range(p * lpp, (p + 1) * lpp) if active[l]]
        bank_words: dict[int, set] = {}
        lane_banks = {}
        for l in lanes:
            ws = [int(addr[l] // BANK_BYTES) + k for k in range(wpl)]
            lane_banks[l] = [w % NUM_BANKS for w in ws]
            for w in ws:
                bank_words.setdefault(w % NUM_BANKS, set()).add(w)
        cost = max((len(v) for v in bank_words.values()), default=0)
        phases.append({"lanes": lanes, "lane_banks": lane_banks,
                       "bank_words": {b: sorted(v) for b, v in sorted(bank_words.items())},
                       "wavefronts": cost})
    total = int(shared_wavefronts(addr[None], active[None], nbytes, op)[0])
    assert total == sum(p["wavefronts"] for p in phases)
    return {"wavefronts": total, "ideal": sum(1 for p in phases if p["lanes"]),
            "degree": max((p["wavefronts"] for p in phases), default=0), "phases": phases,
            "nbytes": int(nbytes), "op": op, "paired": lpp != lanes_per_phase(nbytes)}
