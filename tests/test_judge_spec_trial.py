"""One trial for check, selfcheck and the judge; the judge's typed spec; drawn sizes and sampled
blocks; values that are luck (issue 20, issue 21)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tilelab.judge import Judge
from tilelab.judge_spec import JudgeSpec, SpecError
from tilelab.rubric import all_rubrics, load_rubric
from tilelab.rubric.draw import draw_sizes, graded_draw
from tilelab.schema import validate
from tilelab.trial import owned, trial

ROOT = Path(__file__).resolve().parent.parent
VECTOR_ADD = (ROOT / "kernels" / "vector_add.cu").read_text()
CORPUS = ROOT / "tests" / "submissions"


def _kernel(src, name="vectorAdd"):
    from tilelab.toolchain import compile_cuda
    from tilelab.magic import pick_kernel
    return pick_kernel(compile_cuda(src, filename="k.cu"), name)


# ------------------------------------------------------------------ the typed spec
def test_every_checks_spec_follows_the_schema():
    for a, rubric in all_rubrics().items():
        for c in rubric.checks:
            spec = c.spec("__global__ void k() {}", backend="emu", drawn=graded_draw(c, "ada", "src", b"k"))
            doc = json.loads(json.dumps(spec.to_json()))           # as the judge process reads it
            validate(doc, "judge_spec")
            back = JudgeSpec.from_json(doc)
            assert back.parts == spec.parts and back.references.keys() == spec.references.keys(), (a, c.grade_id)
            assert [list(s) if isinstance(s, tuple) else s for s in back.drawn.emu] == \
                [list(s) if isinstance(s, tuple) else s for s in spec.drawn.emu]


def test_a_spec_of_the_wrong_shape_is_named():
    c = load_rubric("00_start_here").checks[0]
    doc = c.spec(VECTOR_ADD).to_json()
    with pytest.raises(SpecError, match="unknown key.*colour"):
        JudgeSpec.from_json({**doc, "colour": 1})
    with pytest.raises(SpecError, match="missing source"):
        JudgeSpec.from_json({k: v for k, v in doc.items() if k != "source"})
    with pytest.raises(SpecError, match="first_line must be int"):
        JudgeSpec.from_json({**doc, "first_line": "3"})
    with pytest.raises(SpecError, match="references.x"):
        JudgeSpec.from_json({**doc, "references": {"x": {"kernel": "k"}}})


# ------------------------------------------------------------------ one trial
def test_check_and_the_judge_run_the_same_trial():
    from tilelab.check import _run_once
    from tilelab.judge import Engine
    from tilelab.problems import get_problem
    k = _kernel(VECTOR_ADD)
    t = trial(k, "vector_add", 1000, 2)
    comps, res = _run_once(k, get_problem("vector_add"), 1000, 2, "emu", None, None)
    rec = Engine("emu").record(k, "vector_add", 1000, 2)
    assert t.ok and all(c.ok for c in comps) and rec.ok
    assert t.result.metrics == res.metrics == rec.metrics
    assert np.array_equal(t.outputs["c"], rec.outputs["c"])


def test_sampled_blocks_run_only_those_blocks():
    k = _kernel(VECTOR_ADD)
    n = 100_000                                  # 391 blocks of 256
    whole = trial(k, "vector_add", n, 0)
    some = trial(k, "vector_add", n, 0, blocks=[0, 390])
    assert some.ok and some.blocks == (0, 390)
    written = ~np.isnan(some.outputs["c"])
    assert written.sum() == 256 + (n - 390 * 256)
    assert np.array_equal(written, owned("vector_add", (n,), (391,), (256,), [0, 390]))
    assert some.result.metrics["global_ld_requests"] * 100 < whole.result.metrics["global_ld_requests"]


def test_sampled_blocks_find_a_kernel_wrong_only_when_large():
    src = VECTOR_ADD.replace("int i =", "if (n > 50000) return;\n    int i =")
    assert src != VECTOR_ADD
    k = _kernel(src)
    assert trial(k, "vector_add", 5000, 0).ok
    bad = trial(k, "vector_add", 100_000, 0, blocks=[7, 390])
    assert not bad.ok and bad.comps[0].unwritten == bad.comps[0].size


def test_owned_tiles_follow_the_launch():
    m = owned("matmul", (40, 40), (3, 3), (16, 16), [8])        # the corner block: rows and cols 32..39
    assert m.sum() == 64 and m[32:, 32:].all()
    t = owned("transpose", (40, 70), (2, 3), (32, 8), [1])      # in tile (0, 1) -> out rows 32..39, cols 0..31
    assert t.sum() == 8 * 32 and t[32:, :32].all()
    g = owned("gemm_fp16", (256, 384), (3, 2), (256,), [5])     # block (2, 1): C rows 128.., cols 256..
    assert g.sum() == 128 * 128 and g[128:, 256:].all()


# ------------------------------------------------------------------ drawn sizes
def test_every_check_draws_and_06_draws_multiples_of_the_tile():
    for a, rubric in all_rubrics().items():
        for c in rubric.checks:
            assert c.draw, (a, c.grade_id)
    c = load_rubric("06_tensor_cores").check("gemm_pipelined_check")
    seen = set()
    for who in ("ada", "bob", "cy", "di"):
        d = draw_sizes(c.draw, c.problem, b"secret", who, c.assignment, "src", block=c.block,
                       speed_parts=["speed"])
        for M, N, K in d.emu + d.large + [d.timed["speed"]]:
            assert M % 128 == 0 and N % 128 == 0 and K % 64 == 0
        M, N, K = d.timed["speed"]
        assert all(7680 <= x <= 8704 for x in (M, N, K))
        (L,), (blocks,) = d.large, d.blocks
        assert blocks[-1] == (L[0] // 128) * (L[1] // 128) - 1        # the edge block is always sampled
        seen.add(tuple(d.emu[0]))
    assert len(seen) > 1


def test_the_large_draw_samples_the_edge_block_and_others():
    c = load_rubric("04_transpose_padding").checks[0]
    d = draw_sizes(c.draw, c.problem, b"k", "ada", c.assignment, "src", block=c.block)
    (rows, cols), = d.large
    nblocks = -(-rows // 32) * -(-cols // 32)
    assert len(d.blocks[0]) == c.draw["sample_blocks"] and d.blocks[0][-1] == nblocks - 1
    assert len(set(d.blocks[0])) == len(d.blocks[0])


# ------------------------------------------------------------------ correct means defined
def test_values_that_depend_on_a_race_are_not_correct():
    c = load_rubric("00_start_here").checks[0]
    src = (CORPUS / "00_global_race_between_warps.cu").read_text()
    v = Judge(c.spec(src, backend="emu", drawn=graded_draw(c, "ada", src, b"k"))).run()
    correct = next(p for p in v["parts"] if p["name"] == "correct")
    assert correct["earned"] == 0 and "luck" in correct["text"] and "line" in correct["text"]
    assert v["score"] == 0


def test_a_right_kernel_is_correct_on_the_sampled_blocks_too():
    c = load_rubric("00_start_here").checks[0]
    v = Judge(c.spec(VECTOR_ADD, backend="emu", drawn=graded_draw(c, "ada", VECTOR_ADD, b"k"))).run()
    assert v["score"] == c.points, "\n".join(v["lines"])
    assert v["drawn"]["large"] and "sampled blocks" in "\n".join(v["lines"])


# ------------------------------------------------------------------ the timed size is drawn too
def test_a_gpu_speed_part_times_at_the_drawn_size():
    from tilelab.judge import Engine

    class Timed(Engine):              # a GPU judge whose launches run on the emulator, and whose clock is ours
        asked = []

        def record(self, kernel, problem, size, seed, *, backend="emu", **kw):
            return super().record(kernel, problem, size, seed, backend="emu", **kw)

        def time(self, kernels, problem, N, *, blocks, shared=None, baseline=None, **kw):
            Timed.asked.append(N)
            return {k: (1.0 if k == "yours" else 3.0) for k in kernels}

    c = load_rubric("01_naive_matmul").check("matmul_coalesced_check")
    src = (CORPUS / "01_coalesced_textbook.cu").read_text()
    d = graded_draw(c, "ada", src, b"k")
    assert 1792 <= d.timed["speed"] <= 2304 and d.timed["speed"] % 32 == 0
    spec = c.spec(src, backend="gpu", drawn=d)
    spec.parts = [p for p in spec.parts if p["name"] == "speed"]
    spec.parts[0]["requires"] = []
    v = Judge(spec, Timed("gpu")).run()
    assert Timed.asked == [d.timed["speed"]] and v["score"] == 1, "\n".join(v["lines"])
    assert f"N={d.timed['speed']}" in "\n".join(v["lines"])


# ------------------------------------------------------------------ the pipeline, measured
def test_the_pipeline_is_measured_on_the_emulator():
    from tilelab.toolchain import compile_cuda
    from tilelab.magic import pick_kernel
    from tilelab.pipeline import Overlap
    prog = compile_cuda((ROOT / "kernels" / "mma_ladder.cu").read_text(), filename="mma_ladder.cu")
    share = {}
    for name, shared in (("mmaR4Pipelined", 98304), ("mmaR3CpAsync", None)):
        watch = Overlap()
        t = trial(pick_kernel(prog, name), "gemm_fp16", (128, 128, 320), 0, block=(256,), shared=shared,
                  watch=watch)
        assert t.ok and not t.findings
        share[name] = watch.share
        assert watch.mma == 8 * (320 // 16) * 16         # 8 warps, 20 k-steps of 16, 4 x 4 mma each
    # 5 stages of K: while stages 0-3 compute, a later one is in flight; the last computes alone
    assert share["mmaR4Pipelined"] == pytest.approx(0.8) and share["mmaR3CpAsync"] == 0


# ------------------------------------------------------------------ luck, named in the learner's terms
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_luck_message_names_the_wgmma_and_tma_causes(monkeypatch, lang):
    from tilelab.emu import Finding
    monkeypatch.setenv("TILELAB_LANG", lang)
    judge = Judge.__new__(Judge)                 # _luck reads only the findings it is given

    def f(kind, line):
        return Finding(kind, "cell.cu", line, (0, 0, 0), (0, 0, 0), None, "detail")
    words = {"en": ("accumulators before wgmma.wait_group", "before the TMA copy into it has landed", "a race"),
             "zh": ("wgmma.wait_group 之前读取累加器", "TMA 拷贝落地之前读取分块", "竞争")}[lang]
    text = judge._luck([f("wgmma_before_wait", 40), f("tma_before_wait", 31), f("wgmma_before_wait", 40)])
    head = text.splitlines()[0]
    assert words[0] in head and words[1] in head and words[2] not in head
    assert head.index(words[0]) < head.index(words[1])          # in the order they were found
    assert words[2] in judge._luck([f("race", 3)]).splitlines()[0]
    assert judge._luck([f("out_of_bounds", 3)]) is None           # not luck: a finding of its own
