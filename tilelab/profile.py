"""``profile(kernel, problem, N=...)``: where does the memory traffic go, line by line?

The emulator counts every warp request, as ptxas made it for the SM (``counts="sass"``:
merged wide accesses where the model agrees with the cubin, emu/counters/sass_model.py) or per
PTX instruction (``counts="ptx"``); here they are summed per source line with the verdict
a learner needs ("conflict-free", "32-way"), global sectors per request (coalescing), the
SASS memory instructions ptxas made of that line, and, where the SASS-aware count differs
from the plain PTX count, that count and why ("ptxas merged 4 loads into LDS.128"). The
worst shared request is drawn: its 32 lanes against the 32 banks.

Requests are ncu's: one for every warp that executes a shared-memory instruction, its lanes
all predicated off included, and one for every warp with a lane on at a global one (an L1TEX
request), so wavefronts and sectors per request are the figures ncu shows.
The verdict (the conflict degree) counts only requests with an active lane, since a
predicated-off request costs nothing and would dilute a conflict; the notes say where the two
differ. Shared-memory atomics are counted apart (requests and wavefronts, ncu's ATOMS rule: emu/counters/metrics.py).

Counts come from the emulator on every backend (nothing else sees per-line bank
conflicts without a GPU); on a GPU, ncu's launch totals are added when ncu runs.
"""
from __future__ import annotations

import numpy as np

from . import gpu, palette
from .args import pack_args
from .backend import backend as current_backend
from .emu import ideal_wavefronts, parsed, request_breakdown, run as emu_run, shared_wavefronts
from .gpu.ncu import CounterPermission
from .messages import msg
from .problems import get_problem
from .table import Table
from .toolchain import DEFAULT_ARCH, sass_memory_mix

__all__ = ["profile", "Profile", "capture_requests", "bank_picture", "verdict", "kernel_sass_mix"]

COLUMNS = ["line", "source", "instructions", "shared ld requests", "shared ld wavefronts",
           "shared st requests", "shared st wavefronts", "wavefronts/request", "banks",
           "global ld sectors/request", "global st sectors/request", "SASS memory ops",
           "as in the PTX", "why"]
#: the message-catalog key of each column's header (the rows keep the English keys: they are data)
HEADERS = dict(zip(COLUMNS, ("line", "source", "instructions", "shared_ld_requests", "shared_ld_wavefronts",
                             "shared_st_requests", "shared_st_wavefronts", "wavefronts_per_request", "banks",
                             "global_ld_sectors", "global_st_sectors", "sass_ops", "as_in_ptx", "why")))
_PTX_SHORT = {"shared_ld_requests": "shared ld req", "shared_ld_wavefronts": "shared ld wf",
              "shared_st_requests": "shared st req", "shared_st_wavefronts": "shared st wf",
              "global_ld_requests": "global ld req", "global_ld_sectors": "global ld sectors",
              "global_st_requests": "global st req", "global_st_sectors": "global st sectors"}


class Profile(Table):
    """Per-line table (``rows``), the worst shared request (``worst``) and its picture (``figure``)."""

    def line(self, n: int) -> dict | None:
        return next((r for r in self.rows if r["line"] == n), None)


def verdict(degree: float | None) -> str:
    """'conflict-free', '2-way', '32-way' or '2.5-way' from wavefronts / ideal wavefronts."""
    if degree is None:
        return ""
    if degree <= 1.0 + 1e-9:
        return "conflict-free"
    r = round(degree)
    return f"{r}-way" if abs(degree - r) < 0.05 else f"{degree:.1f}-way"


def shown_ptx(v: str) -> str:
    """The 'as in the PTX' cell (``"shared ld req 24,704, ..."``) with its counts' names in the
    learner's language (the row keeps the English text: it is data)."""
    for key, short in _PTX_SHORT.items():
        v = v.replace(short + " ", msg("profile.ptx_" + key) + " ")
    return v


def shown_verdict(v: str) -> str:
    """A :func:`verdict` in the learner's language (the table and the picture show this one)."""
    if not v:
        return v
    if v == "conflict-free":
        return msg("profile.conflict_free")
    return msg("profile.n_way", n=v[:-len("-way")])


# ---------------------------------------------------------------------- instructions
_WIDTH = {"8": 1, "16": 2, "32": 4, "64": 8, "128": 16}


def _shared_access(ins):
    """(nbytes, ideal wavefronts per request) for a shared-memory instruction, else None."""
    if ins.op == "ldmatrix":
        num = next((int(m[1]) for m in ins.mods if m in ("x1", "x2", "x4")), 1)
        return 16, num
    if ins.op not in ("ld", "st") or "param" in ins.mods or "global" in ins.mods or "local" in ins.mods:
        return None
    t = next((m for m in reversed(ins.mods) if m[:1] in "fbsu" and m[1:] in _WIDTH), "b32")
    vec = next((int(m[1]) for m in ins.mods if m in ("v2", "v4", "v8")), 1)
    nbytes = _WIDTH[t[1:]] * vec
    return nbytes, {8: 2, 16: 4}.get(nbytes, 1)


def kernel_sass_mix(kernel, arch: str = DEFAULT_ARCH) -> dict:
    """``{(file, line): {"LDS": n, "LDS.128": n, ...}}`` for this kernel's SASS only."""
    return sass_memory_mix(kernel.program, arch, entry=kernel.entry)


def _mix_text(mix: dict) -> str:
    return ", ".join(f"{k}×{v}" for k, v in sorted(mix.items()))


_REQUESTS = ("shared_ld_requests", "shared_st_requests", "global_ld_requests", "global_st_requests")


def _vectorised(mix: dict, ptx_widths: set) -> bool:
    """ptxas made a shared access wider than any the PTX line has (e.g. 4 LDS -> 1 LDS.128)."""
    w = {".64": 8, ".128": 16}
    sass_w = {w.get(k[3:], 4) for k in mix if k.startswith(("LDS", "STS")) and not k.startswith("LDSM")}
    return bool(ptx_widths) and bool(sass_w) and max(sass_w) > max(ptx_widths)


# ---------------------------------------------------------------------- capture
def capture_requests(kernel, grid, block, args, shared: int, pc: int, counts: str = "sass",
                     arch: str = DEFAULT_ARCH) -> list:
    """Every warp request of instruction ``pc``: [(addr[W, 32] shared byte offsets, active[W, 32], nbytes)].

    Uses the emulator's capture option (``run(..., capture_pc=pc)``, whose
    ``EmuResult.captured`` lists ``{"addr", "active", "nbytes"}``).
    """
    res = emu_run(kernel, grid, block, args, shared_bytes=shared, capture_pc=pc, counts=counts, arch=arch)
    return [(np.asarray(c["addr"]), np.asarray(c["active"]), int(c["nbytes"]))
            for c in getattr(res, "captured", [])]


def _worst_request(captured, op: str = "ld"):
    best = None
    for addr, act, nbytes in captured:
        if addr.size == 0:
            continue
        wf = shared_wavefronts(addr, act, nbytes, op)
        i = int(np.argmax(wf))
        if best is None or wf[i] > best[0]:
            best = (int(wf[i]), addr[i], act[i], nbytes)
    return best


# ---------------------------------------------------------------------- picture
# Okabe-Ito colours (tilelab/palette.py) and one marker shape per distinct word, so that two
# words in one bank differ in shape as well as in colour.
_COLOURS = list(palette.OKABE_ITO)
_MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]


def bank_picture(addr, active, nbytes: int, title: str = "", op: str = "ld"):
    """32 lanes against 32 banks for one warp request (shared byte offsets per lane).

    Bottom: a mark where a lane touches a bank, its colour and shape saying which distinct
    word of that bank it is; two shapes in one column of one phase is a conflict. Top:
    distinct words per bank in the worst phase, the worst banks hatched. The
    counts come from ``metrics.request_breakdown``, the rules the emulator uses.
    """
    from matplotlib.figure import Figure
    bd = request_breakdown(addr, active, nbytes, op)
    wpl = max(1, int(nbytes) // 4)
    fig = Figure(figsize=(8.0, 6.2), layout="constrained")
    top, ax = fig.subplots(2, 1, height_ratios=[1, 3], sharex=True)
    per_bank = np.zeros(32, dtype=int)
    deg = bd["degree"]
    if deg > len(_COLOURS):
        from matplotlib import colormaps
        colour = lambda i: colormaps[palette.SEQUENTIAL](i / (deg - 1))  # noqa: E731
    else:
        colour = lambda i: _COLOURS[i]  # noqa: E731
    for p in bd["phases"]:
        for b, words in p["bank_words"].items():
            per_bank[b] = max(per_bank[b], len(words))
        for lane in p["lanes"]:
            for k in range(wpl):
                w = int(addr[lane]) // 4 + k
                b = w % 32
                i = p["bank_words"][b].index(w)
                ax.scatter(b, lane, s=36, zorder=3, color=colour(i), marker=_MARKERS[i % len(_MARKERS)])
        if p["lanes"] and len(bd["phases"]) > 1:
            ax.axhline(min(p["lanes"]) - 0.5, color="grey", lw=0.6, ls="--")
    worst = [v == deg and deg > 1 for v in per_bank]
    bars = top.bar(range(32), per_bank, color=[palette.BAD if w else palette.GREY for w in worst])
    for bar, w in zip(bars, worst):
        if w:
            bar.set_hatch("///")
    top.set_ylabel(msg("profile.words_per_bank"))
    top.set_ylim(0, max(deg, 1) + 0.5)
    top.yaxis.get_major_locator().set_params(integer=True)
    ax.set_xlim(-0.7, 31.7)
    ax.set_ylim(31.7, -0.7)
    ax.set_xticks(range(0, 32, 4))
    ax.set_yticks(range(0, 32, 4))
    ax.set_xlabel(msg("profile.bank_axis"))
    ax.set_ylabel(msg("profile.lane"))
    ax.grid(True, alpha=0.25)
    v = verdict(bd["wavefronts"] / max(bd["ideal"], 1))
    fig.suptitle((title + "\n" if title else "") +
                 msg("profile.picture_title", verdict=shown_verdict(v), wavefronts=bd["wavefronts"],
                     ideal=bd["ideal"], nbytes=nbytes),
                 fontsize=10)
    return fig


# ---------------------------------------------------------------------- profile
def profile(kernel, problem, N=None, *, backend: str | None = None, block=None, shared: int | None = None,
            seed: int = 0, arch: str = DEFAULT_ARCH, picture: bool = True, all_lines: bool = False,
            counts: str = "sass") -> Profile:
    """Per-source-line memory profile of one launch of ``kernel`` on ``problem`` at size ``N``.

    ``N`` is the problem's size (an int, or a tuple such as (rows, cols)); default: a
    middle size of its emulator bench table. ``all_lines`` keeps lines with no memory
    traffic. ``counts`` ("sass" or "ptx") and ``arch`` say how requests are counted (see the
    module docstring). Returns a ``Profile`` table; ``.worst`` describes the worst shared
    request and ``.figure`` draws it.
    """
    prob = get_problem(problem)
    prob.check_signature(kernel)
    be = backend or current_backend()
    if N is None:
        emu_sizes = prob.bench_sizes_for("emu")
        N = emu_sizes[len(emu_sizes) // 2]
    size = prob.size(N)
    grid, blk, dyn = prob.launch(size, block)
    dyn = dyn if shared is None else int(shared)
    inputs = prob.inputs(size, seed)
    args = prob.args(inputs, prob.new_outputs(size))
    packed = pack_args(kernel.name, kernel.params, args)
    res = emu_run(kernel, grid, blk, packed.values, shared_bytes=dyn, counts=counts, arch=arch)
    fn = parsed(kernel.program.ptx).entry(kernel.entry)

    # per pc -> per line: the worst conflict degree and the PTX access widths
    degree, widths, worst_pc = {}, {}, None
    for pc, c in res.per_pc.items():
        ins = fn.instrs[pc]
        acc = ptx_acc = _shared_access(ins)
        if acc is not None and c.get("sass_bytes"):         # ptxas merged it: the width it made
            acc = (c["sass_bytes"], ideal_wavefronts(c["sass_bytes"]))
        if ptx_acc is not None:
            widths.setdefault(ins.line, set()).add(ptx_acc[0])
        req = c.get("shared_ld_requests", 0) + c.get("shared_st_requests", 0)
        if acc is None or not req:
            continue
        wf = c.get("shared_ld_wavefronts", 0) + c.get("shared_st_wavefronts", 0)
        active = c.get("shared_ld_requests_active", 0) + c.get("shared_st_requests_active", 0)
        if not active:            # every warp predicated off here: no access, no verdict
            continue
        d = wf / (active * acc[1])
        degree[ins.line] = max(degree.get(ins.line, 0.0), d)
        key = (d, wf)
        if worst_pc is None or key > worst_pc[0]:
            worst_pc = (key, pc, ins)

    notes = [msg("profile.note_counts") + (msg("profile.note_counts_sass", arch=arch) if res.counts == "sass"
                                            else msg("profile.note_counts_ptx"))]
    if counts == "sass" and res.counts != "sass":
        notes.append(msg("profile.sentence", text=res.counts_note))
    if res.findings:
        notes.append(msg("profile.note_findings", n=len(res.findings), first=str(res.findings[0]).splitlines()[0]))
    try:
        mix = kernel_sass_mix(kernel, arch)
    except Exception as e:  # no nvdisasm wheel, or ptxas refused the kernel
        mix = {}
        notes.append(msg("profile.note_no_mix", why=str(e).splitlines()[0][:120]))
    rows = []
    for pl in res.per_line:
        line = pl["line"]
        # wavefronts too: a generic access to shared memory costs wavefronts and makes no shared request
        mem = any(pl.get(k) for k in _REQUESTS + ("shared_atom_requests", "shared_atom_wavefronts",
                                                  "shared_ld_wavefronts", "shared_st_wavefronts"))
        if not line or not (mem or all_lines):
            continue
        lmix = mix.get((pl["file"], line), {})
        req = pl["shared_ld_requests"] + pl["shared_st_requests"]
        wf = pl["shared_ld_wavefronts"] + pl["shared_st_wavefronts"]
        vec = _vectorised(lmix, widths.get(line, set()))
        rows.append({
            "line": line, "source": pl["source"], "instructions": pl["instructions"],
            "shared ld requests": pl["shared_ld_requests"], "shared ld wavefronts": pl["shared_ld_wavefronts"],
            "shared st requests": pl["shared_st_requests"], "shared st wavefronts": pl["shared_st_wavefronts"],
            "wavefronts/request": round(wf / req, 3) if req else None,
            "banks": verdict(degree.get(line)),
            "global ld sectors/request": round(pl["global_ld_sectors"] / pl["global_ld_requests"], 3)
            if pl["global_ld_requests"] else None,
            "global st sectors/request": round(pl["global_st_sectors"] / pl["global_st_requests"], 3)
            if pl["global_st_requests"] else None,
            "SASS memory ops": _mix_text(lmix) + (msg("profile.vectorised") if vec else ""),
            "as in the PTX": ", ".join(f"{_PTX_SHORT[k]} {v}" for k, v in (pl.get("ptx") or {}).items()
                                       if k in _PTX_SHORT),
            "why": pl.get("why", ""), "counted": pl.get("counted", "ptx"),
            "ptxas vectorised": vec, "degree": degree.get(line), "file": pl["file"],
            "metrics": {k: v for k, v in pl.items() if k not in ("file", "line", "source")},
        })
    pads = [r["line"] for r in rows if r["metrics"].get("cp_async_requests")
            and r["metrics"].get("shared_ld_requests", 0) > r["metrics"].get("shared_ld_requests_active", 0)]
    if pads:
        notes.append(msg("profile.note_pads" if len(pads) > 1 else "profile.note_pad",
                         lines=", ".join(map(str, pads))))
    off = [(r["line"], r["metrics"]) for r in rows if r["line"] not in pads
           and any(r["metrics"].get(k, 0) > r["metrics"].get(k + "_active", 0) for k in _REQUESTS)]
    if off:
        where = msg("profile.comma").join(msg("profile.line", line=line) for line, _ in off[:4]) + \
            (msg("profile.and_more") if len(off) > 4 else "")
        notes.append(msg("profile.note_predicated_off", where=where))
    atoms = [(r["line"], r["metrics"].get("shared_atom_requests", 0), r["metrics"].get("shared_atom_wavefronts", 0))
             for r in rows if r["metrics"].get("shared_atom_requests") or r["metrics"].get("shared_atom_wavefronts")]
    if atoms:
        notes.append(msg("profile.note_atomics", lines=msg("profile.comma").join(
            msg("profile.line_atomics", line=l, n=n, w=w) for l, n, w in atoms[:4])))
    for n in res.count_notes:          # per line they are in the "why" column
        if not n["line"]:
            notes.append(msg("profile.sentence", text=n["text"]))
    if any(r["ptxas vectorised"] for r in rows) and res.counts != "sass":
        notes.append(msg("profile.note_merged_ptx"))
    elif any(r["ptxas vectorised"] for r in rows):
        notes.append(msg("profile.note_merged_sass"))
    if any(r["counted"] == "ptx" and r["why"] for r in rows) and res.counts == "sass":
        notes.append(msg("profile.note_as_in_ptx"))

    worst = None
    figure = None
    if worst_pc is not None:
        (d, wf), pc, ins = worst_pc
        worst = {"line": ins.line, "source": res_source(res, ins.line), "ptx": ins.text.strip(), "pc": pc,
                 "degree": d, "verdict": verdict(d)}
        if picture:
            op = "ldmatrix" if ins.op == "ldmatrix" else ("st" if ins.op.startswith("st") else "ld")
            best = _worst_request(capture_requests(kernel, grid, blk, packed.values, dyn, pc, counts, arch), op)
            if best is None:
                notes.append(msg("profile.note_no_addresses"))
            else:
                _, addr, act, nbytes = best
                bd = request_breakdown(addr, act, nbytes, op)
                worst.update({"addresses": [int(a) if ok else None for a, ok in zip(addr, act)],
                              "nbytes": nbytes, "breakdown": bd, "wavefronts": bd["wavefronts"],
                              "ideal": bd["ideal"]})
                try:
                    figure = bank_picture(addr, act, nbytes, msg("profile.worst_request", line=ins.line,
                                                                 source=worst["source"]), op=op)
                except ImportError:
                    notes.append(msg("profile.note_no_matplotlib"))
    if worst_pc is None:
        notes.append(msg("profile.note_no_shared"))
    if be == "gpu":
        notes.append(_ncu_note(kernel, grid, blk, args, dyn, res.metrics))
    title = msg("profile.title", kernel=kernel.name, problem=prob.name, size=prob.label(size))
    p = Profile(rows, COLUMNS, title=title, note=msg("profile.space").join(n for n in notes if n), figure=figure,
                headers={c: msg("profile.col_" + k) for c, k in HEADERS.items()}, shown={"banks": shown_verdict, "as in the PTX": shown_ptx},
                meta={"problem": prob.name, "size": size, "backend": be, "metrics": res.metrics,
                      "findings": list(res.findings)})
    p.worst = worst
    p.findings = list(res.findings)
    p.metrics = dict(res.metrics)
    return p


def res_source(res, line):
    return next((pl["source"] for pl in res.per_line if pl["line"] == line), "")


def _ncu_note(kernel, grid, block, args, shared, emu) -> str:
    try:
        ncu = gpu.ncu_metrics(kernel, grid, block, args, shared)
    except Exception as e:  # NcuUnavailable, no permission for counters, ...
        if isinstance(e, CounterPermission):     # the fix matters more than brevity here
            return msg("profile.ncu_no_permission") + f"\n{e}"
        return msg("profile.ncu_did_not_run", why=str(e).splitlines()[0][:120])
    keys = ("shared_ld_wavefronts", "shared_st_wavefronts", "global_ld_sectors", "global_st_sectors")
    return msg("profile.ncu_totals") + ", ".join(
        f"{k} {ncu.get(k)} ({emu.get(k)})" for k in keys)

