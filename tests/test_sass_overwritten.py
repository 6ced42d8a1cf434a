"""A shared store a guarded store of the same word overwrites (tilelab/emu/counters/overwritten.py;
docs/SASS_COUNTS.md, "A store a guarded store overwrites"; AGAL's miss, unseen86).

``s[t] = -1; if (t < n) s[t] = in[t];``: ptxas keeps the value in one register and stores it once after the
join (``@!P0 LDG``, ``STS``), one STS a warp at the first store's addresses; the PTX has two stores, the second
in the warps with a lane under the guard. Before the rule the emulator counted both (4 requests and 4
wavefronts in the reproduction, AGAL's four launches 2 a block over ncu's)."""
from __future__ import annotations

import json

from conftest import ROOT, read_json

from tilelab.toolchain import sass_memory_mix

from sass_launch import fidelity_launch, line as _line, run as _run  # noqa: E402

RES = ROOT / "bench" / "results"


def test_the_reproductions_two_stores_are_one_sts_after_the_join():
    """reproOverwrittenStore (64 threads, 40 under the guard): 2 warps, 2 STS runs, 2 wavefronts."""
    r = _run(":reproOverwrittenStore")
    assert (r.metrics["shared_st_requests"], r.metrics["shared_st_wavefronts"]) == (2, 2)
    src = (ROOT / "collection" / "repro_overwritten_store.cu").read_text().splitlines()
    first = next(i + 1 for i, s in enumerate(src) if "s[t] = -1;" in s)
    second = next(i + 1 for i, s in enumerate(src) if "s[t] = in[t];" in s)
    assert _line(r, second).get("shared_st_requests", 0) == 0 and not _line(r, second).get("undecided")
    assert "overwrites" in _line(r, second)["why"]
    assert sum(pl.get("shared_st_requests", 0) for pl in r.per_line) == 2
    assert not any(pl.get("undecided") for pl in r.per_line)
    # the cubin this machine builds: one STS in the whole kernel, where the PTX has two st.shared
    k, _, _ = fidelity_launch(":reproOverwrittenStore").make()
    mix = sass_memory_mix(k.program, "sm_90", entry=k.entry)
    assert sum(n for m in mix.values() for key, n in m.items() if key.startswith("STS")) == 1
    assert k.program.ptx.count("st.shared") == 2


def test_agals_launches_store_as_on_the_h200():
    """AGAL's three kernels (fidelity-2026-12-05-unseen86.json): ncu's shared-store requests and wavefronts."""
    rec = {x["id"]: x for x in read_json(RES / "fidelity-2026-12-05-unseen86.json")["rows"]}
    for only in ("agal_set_ic_d2q9.cu:Cu_SetInitialConditions_d2q9#ids7",
                 "agal_collide_bgk_d2q9.cu:Cu_Collide_BGK_d2q9#walls"):
        r = _run(only)
        ncu = rec["collection/" + only]["ncu"]
        for key in ("shared_st_requests", "shared_st_wavefronts"):
            assert r.metrics[key] == ncu[key], (only, key)
        assert not any(pl.get("undecided") for pl in r.per_line)
