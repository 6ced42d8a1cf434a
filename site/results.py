"""The site's measured-results pages, drawn from bench/results/ at every build (no number typed in).

The README's table and pictures come from scripts/readme_results.py itself; this adds the
emulator's speed and fidelity tables and an index of every recording, each downloadable.
Each language's site/<lang>/results.md and recordings.md hold the prose and include these.
"""
from __future__ import annotations

import glob
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
sys.path.append(str(ROOT / "bench"))
from recorded import read_json  # noqa: E402  (plain or gzipped recordings)


def _readme_results():
    spec = importlib.util.spec_from_file_location("readme_results", ROOT / "scripts" / "readme_results.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _latest(name: str) -> tuple[dict, str]:
    files = sorted(glob.glob(str(RESULTS / f"{name}-20[0-9][0-9]-*.json")))   # dated recordings only (not emu-speed-compare-*)
    if not files:
        raise SystemExit(f"site: no bench/results/{name}-*.json to draw the results page from")
    return json.loads(Path(files[-1]).read_text(encoding="utf-8")), Path(files[-1]).name


def emu_speed_table() -> str:
    d, f = _latest("emu-speed")
    rows = ["| N | tilelab emu | numba-cuda simulator | ratio | peak memory |", "|---|---|---|---|---|"]
    for n, r in sorted(d["matmul_tiled32"].items(), key=lambda kv: int(kv[0])):
        sim = r.get("numba_cudasim_seconds")
        rows.append(f"| {n} | {r['ours_median']:.3f} s | " + (f"{sim:.2f} s | {r['speedup']:.0f}× |" if sim else "– | – |")
                    + f" {r['peak_rss_mb']:.0f} MB |")
    m = d["machine"]
    return (f"**The emulator** against numba-cuda's CUDA simulator, tiled matmul (TILE=32), median of "
            f"{len(next(iter(d['matmul_tiled32'].values()))['ours_seconds'])} ({m['cpus']} CPUs, "
            f"Python {m['python']}, {d['date']}, `{d['command']}`):\n\n" + "\n".join(rows) + f"\n\n`bench/results/{f}`\n")


FIDELITY_KEYS = ("shared_ld_wavefronts", "shared_st_wavefronts", "global_ld_sectors", "global_st_sectors")


def fidelity_table() -> str:
    d, f = _latest("fidelity")
    if "summary" in d:                      # bench/fidelity.py since issue 13: every key, every launch
        return _fidelity_checks_table(d, f)
    head = "| kernel | " + " | ".join(f"{k} emu / ncu" for k in FIDELITY_KEYS) + " | verdicts agree | results equal |"
    rows = [head, "|" + "---|" * (len(FIDELITY_KEYS) + 3)]
    for r in d["rows"]:
        cells = [f"{r['emu'][k]:,} / {r['ncu'][k]:,}" for k in FIDELITY_KEYS]
        rows.append(f"| `{r['kernel']}` | " + " | ".join(cells) +
                    f" | {'yes' if r.get('verdict_agrees') else 'no'} | {'yes' if r.get('results_equal') else 'no'} |")
    gpu = d["gpu"]["name"] if isinstance(d["gpu"], dict) else d["gpu"]
    return (f"**Fidelity**: the emulator's counts against ncu's on an {gpu} ({d['arch']}, {d['date'][:10]}, "
            f"`{d['command']}`):\n\n" + "\n".join(rows) + f"\n\n`bench/results/{f}`\n")


def _fidelity_checks_table(d: dict, f: str) -> str:
    rows = ["| launch | verdict | where the emulator and ncu differ (emulator − ncu) |", "|---|---|---|"]
    for r in d["rows"]:
        checks = r.get("checks")
        if not checks:
            rows.append(f"| `{r['id']}` | not compared | {r.get('not_profiled') or r.get('error') or '–'} |")
            continue
        bad = {k: c for k, c in checks.items() if not c["equal"]}
        diff = "; ".join(f"{k} {c['emu']:,} vs {c['ncu']:,} ({c['delta']:+,})" for k, c in bad.items())
        rows.append(f"| `{r['id']}` | {'equal' if not bad else 'differs'} | {diff or '–'} |")
    s = d["summary"]
    totals = "; ".join(f"{g}: {v['totals_equal']:,} of {v['totals']:,} totals equal ({v['percent_equal']}%)"
                       for g, v in s.items() if v.get("totals"))
    gpu = d["gpu"]["name"] if isinstance(d["gpu"], dict) else d["gpu"]
    return (f"**Fidelity**: the emulator's counts against ncu's on an {gpu} ({d['arch']}, {d['date'][:10]}, "
            f"`{d['command']}`): {totals}.\n\n" + "\n".join(rows) + f"\n\n`bench/results/{f}`\n")


def _machine(d: dict) -> str:
    gpu = d.get("gpu")
    if gpu:
        name = gpu.get("name", "GPU") if isinstance(gpu, dict) else str(gpu)
        return name + (f", driver {d['driver']}" if d.get("driver") else "")
    m = d.get("machine", {})
    return f"{m['cpus']}-CPU machine" if isinstance(m, dict) and "cpus" in m else "–"


def _recordings() -> list[Path]:
    """Every JSON recording, the large ones stored gzipped (bench/recorded.py)."""
    return sorted([*RESULTS.glob("*.json"), *RESULTS.glob("*.json.gz")])


def recordings_list() -> str:
    """Every recording, downloadable, with its machine, date and command."""
    rows = []
    for path in _recordings():
        d = read_json(path)
        cmd = str(d.get("command", "–")).replace("`", "'")
        rows.append(f"- {{download}}`{path.name} <recordings/{path.name}>`: {_machine(d)}, "
                    f"{str(d.get('date', '–'))[:10]}  \n  `{cmd}`")
    return "\n".join(rows) + "\n"


def pages(img: Path) -> dict[str, Path | str]:
    """Files to stage under each language's source folder: relative name -> a file to copy, or text.
    The pictures are drawn into `img` (once for both languages)."""
    rr = _readme_results()
    img.mkdir(parents=True, exist_ok=True)
    rr.bank_picture(img)
    rr.speedup_picture(img)
    out: dict[str, Path | str] = {f"img/{p.name}": p for p in sorted(img.glob("*.png"))}
    out["_generated/results.md"] = (rr.table() + "\n\n" + emu_speed_table() + "\n" + fidelity_table())
    out["_generated/recordings.md"] = recordings_list()
    out["_generated/bench-results-readme.md"] = (RESULTS / "README.md").read_text(encoding="utf-8")
    out.update({f"recordings/{p.name}": p for p in _recordings()})
    return out
