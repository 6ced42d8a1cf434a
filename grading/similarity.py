"""Which learners' kernels are the same code under other names: the class report's similarity
section (scripts/class_report.py).

A kernel is read as a token stream by pygments' CUDA lexer (a maintained lexer, installed with
IPython), with what a copier changes for free taken out: comments, layout, and the names of
variables, parameters and functions (each becomes ``ID``; CUDA's built-ins such as
``threadIdx`` and ``__syncthreads`` and member names such as ``.x`` stay, as do keywords, operators
and numbers). Two kernels are compared on their sets of ``K``-token runs (as MOSS and JPlag
do), leaving out the runs that say nothing about who wrote what:

- the runs of the released starting code (the signature and whatever the release gave);
- with at least ``MIN_CLASS`` kernels, the runs that more than ``common_share`` of the class
  wrote (the idiom everyone writes, such as the global index).

A pair's similarity is the Jaccard index of what is left (1.0: nothing of its own differs).
A renamed copy keeps its partner's structure token for token, so it scores 1.0 whatever its
names, comments and layout; two people who solved it on their own differ in the order of
statements, the loop they chose, the helpers they introduced, and score lower. Pairs at or
above the instructor's threshold (``--threshold``) are listed first, marked, and each pair
says whether the two token streams are identical and whether they are the course's own
solution token for token (then the match is the expected answer, not evidence by itself).
A high score is something to look at, never a penalty by itself.
"""
from __future__ import annotations

import collections
import hashlib
import itertools
from dataclasses import dataclass, field

from pygments.lexers import CudaLexer
from pygments.token import Comment, Name, String, Text, Whitespace

K = 5
THRESHOLD = 0.8
COMMON_SHARE = 0.5
MIN_CLASS = 6

#: names CUDA gives meaning to: they stay as they are (everything else a learner names becomes ID)
KEEP = {"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "__syncthreads", "__syncwarp",
        "__shfl_sync", "__shfl_down_sync", "__shfl_xor_sync", "__shfl_up_sync", "atomicAdd", "atomicCAS",
        "atomicExch", "atomicMax", "atomicMin", "__ldg", "__restrict__", "__shared__", "__global__",
        "__device__", "__forceinline__", "__launch_bounds__", "__pipeline_memcpy_async", "__pipeline_commit",
        "__pipeline_wait_prior", "__cvta_generic_to_shared", "__float2half", "__half2float", "half", "__half",
        "asm", "volatile", "sizeof", "min", "max", "fminf", "fmaxf", "expf", "sqrtf"}


def tokens(source: str) -> list[str]:
    """The normalised token stream of a CUDA C++ source (see the module's text)."""
    out = []
    for ttype, value in CudaLexer().get_tokens(source):
        if ttype in Text or ttype in Whitespace or (ttype in Comment and ttype not in Comment.Preproc):
            continue
        value = value.strip()
        if not value:
            continue
        if ttype in Comment.Preproc:                  # #define TILE 32, #pragma unroll: kept, layout removed
            out.extend(value.split())
        elif ttype in String:
            out.append("STR")
        elif ttype in Name and ttype not in Name.Builtin and value not in KEEP and not (out and out[-1] in (".", "->")):
            out.append("ID")          # (a member's name, threadIdx.x or p->next, stays)
        else:
            out.append(value)
    return out


def shingles(toks: list[str], k: int = K) -> set[str]:
    if len(toks) < k:
        return {" ".join(toks)} if toks else set()
    return {hashlib.blake2b(" ".join(toks[i:i + k]).encode(), digest_size=8).hexdigest()
            for i in range(len(toks) - k + 1)}


@dataclass
class Pair:
    a: str
    b: str
    similarity: float
    identical: bool            # the same token stream (names, comments, layout aside)
    is_solution: bool          # ... and that stream is the course's solution's
    shared: int                # K-token runs of their own the two have in common
    flagged: bool = False


@dataclass
class Result:
    pairs: list[Pair]
    kernels: int
    ignored_common: int
    threshold: float
    notes: list[str] = field(default_factory=list)


def compare(kernels: dict, starter: str | None = None, solution: str | None = None,
            threshold: float = THRESHOLD, common_share: float = COMMON_SHARE, k: int = K) -> Result:
    """Every pair of ``kernels`` ({learner: source}), most similar first."""
    streams = {who: tokens(src) for who, src in kernels.items()}
    grams = {who: shingles(t, k) for who, t in streams.items()}
    base = shingles(tokens(starter), k) if starter else set()
    common: set[str] = set()
    if len(grams) >= MIN_CLASS:
        counts = collections.Counter(g for s in grams.values() for g in s)
        common = {g for g, n in counts.items() if n > common_share * len(grams)}
    own = {who: s - base - common for who, s in grams.items()}
    sol = tokens(solution) if solution else None
    pairs = []
    for a, b in itertools.combinations(sorted(kernels), 2):
        x, y = own[a], own[b]
        union = x | y
        same = streams[a] == streams[b]
        sim = 1.0 if same else (len(x & y) / len(union) if union else 0.0)
        pairs.append(Pair(a, b, round(sim, 3), same, bool(same and sol is not None and streams[a] == sol),
                          len(x & y), sim >= threshold))
    pairs.sort(key=lambda p: (-p.similarity, p.a, p.b))
    return Result(pairs, len(kernels), len(common), threshold)


def markdown(result: Result, top: int = 20) -> list[str]:
    """The report's lines for one graded kernel."""
    if result.kernels < 2:
        return ["Similar kernels: fewer than two written kernels."]
    flagged = [p for p in result.pairs if p.flagged]
    out = [f"Similar kernels (token runs of {K}, names, comments and layout removed; the starting code"
           + (f" and {result.ignored_common} runs most of the class wrote" if result.ignored_common else "")
           + f" left out); threshold {result.threshold:g}: {len(flagged)} of {len(result.pairs)} pairs at or above it.",
           "", "| pair | similarity | |", "|---|---|---|"]
    for p in result.pairs[:max(top, len(flagged))]:
        what = ("identical token streams, and the course's solution token for token: the expected answer, "
                "not evidence by itself" if p.is_solution else
                "identical token streams: a copy under other names, comments or layout" if p.identical else
                "at or above the threshold: look at both" if p.flagged else "")
        out.append(f"| {p.a} – {p.b} | {p.similarity:.3f}{' ⚑' if p.flagged else ''} | {what} |")
    return out
