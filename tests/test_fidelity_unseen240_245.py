"""Issue 23's twenty-fourth round: six unseen suites (unseen240 to unseen245, 80 launches) recorded with ncu on an H100
(2026-12-07; docs/FIDELITY.md, "the twenty-fourth round"). Compared as they came (tilelab/ at dfb95dbc with 4d476c27's
SASS replay: the mask check and sqrtf of round 23's lines, made before any of these kernels was seen; without the
round's four fixes: uintptr_t parameters, <thrust/complex.h>, namespace-qualified type arguments, sqrt(int)) and now.

As they came: 934 of 962 kernel totals (97.09%), 74 of the 80 launches compared: BMTrain's bf16 Adam (a uintptr_t
parameter), ppl.cv's 3-channel dilation and nearest warp (ppl::cv::cuda::uchar arguments), RAFT's two correlation
kernels (sqrt(int)) and psrdada_cpp's compute_sk_kernel (its cubin staged under NVRTC 12, whose thrust namespace is not
the device's build's) were not compared. No suite met the line; ppl.cv + RAFT had 103 of 104 with four launches not
built. Now 1,003 of 1,027 (97.66%), 79 of 80 launches compared, apex's cuComputePartGradGammaBeta decided since the
replay reads a bool parameter (tests/test_sass_replay_params.py).

The misses as they came (28): the GPU's timing of atomics (CuMCubes' vertices and faces at atomicAdd offsets, igrep's
matches, rapids-singlecell's 64-bit shared histograms, cuJSON's shared error word), listed races and a barrier
divergence (cleap's flips and its correctTrianglesKernel), apex's undecided partial gamma / beta (4), and wavefront
counts the model does not give: apex's channels-last Welford, psrdada_cpp's beamformer and scaled transpose, ppl.cv's
masked dilation, and CuMCubes' edge count (global loads: 415 requests against the H100's 388)."""
from __future__ import annotations

from conftest import unseen_compared_again, unseen_gpu_outputs, unseen_tallies

#: suite -> (launches, compared as it came, equal as it came, totals as it came, compared now, equal now, totals now)
TALLY = {240: (16, 15, 189, 195, 16, 206, 208), 241: (11, 11, 136, 143, 11, 136, 143),
         242: (12, 12, 149, 156, 12, 149, 156), 243: (14, 13, 166, 169, 13, 166, 169),
         244: (15, 15, 191, 195, 15, 191, 195), 245: (12, 8, 103, 104, 12, 155, 156)}
#: suite -> (launches, as expected) on the H100 as recorded (rapids-singlecell's float KDE and RAFT's backward were
#: noted after it: expf / logf, and float atomicAdd sums near zero)
GPU = {240: (16, 16), 241: (11, 11), 242: (12, 12), 243: (14, 14), 244: (15, 14), 245: (12, 11)}


def test_each_suite_as_it_came_and_now():
    came_sum, now_sum, met = unseen_tallies(TALLY, date="2026-12-07")
    assert came_sum == [934, 962] and now_sum == [1003, 1027]
    assert came_sum[0] / came_sum[1] < 0.99          # line 2 is not met as the suites came
    assert met == []


def test_the_gpus_outputs_as_recorded():
    unseen_gpu_outputs(GPU, date="2026-12-07", device="NVIDIA H100 80GB HBM3")


#: compared again after the read-only reload rule (tests/test_sass_nc_reload.py; docs/FIDELITY.md, "the twenty-fourth
#: round recorded"): suite -> totals equal, totals
AGAIN = {240: (206, 208), 241: (138, 143), 242: (149, 156), 243: (166, 169), 244: (191, 195), 245: (155, 156)}


def test_the_round_compared_again_after_the_read_only_reload_rule():
    got = unseen_compared_again(AGAIN, "s59")
    assert got == AGAIN
    assert sum(e for e, _ in got.values()) == 1005 and sum(t for _, t in got.values()) == 1027
