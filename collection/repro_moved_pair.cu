// tilelab kernel collection: two shared scalars read with no line, merged and placed on another line by ptxas
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a twenty-first unseen suite")
// Licence: MIT, as the repository
//
// Issue 23: Tongkai's row softmax (collection/tongkai_softmax_matrix.cu) with the __syncwarp() it lacks after
// each lane-0 store, so no race. NVVM hoists the last loop's reads of s_max_val and s_sum out of the loop with
// no line (the emulator gives them line 47, their first use); ptxas merges them into one LDS.64 (the two
// floats lie side by side, 8-byte aligned) and places it on line 45, the loop's, before its skip branch.
// CEIL(N, warpSize) is an unsigned division ptxas does not fold (I2F.U32.RP, MUFU.RCP, F2I): the replay that
// decides the moved load computes it.
#include <float.h>

#define CEIL(a, b) ((a) + (b) - 1) / (b)

__global__ void reproMovedSharedPair(float* input, float* output, int M, int N) {
    __shared__ float s_max_val;
    __shared__ float s_sum;
    int laneId = threadIdx.x % warpSize;
    int row = blockIdx.x;
    if (row >= M) return;
    int iteration = CEIL(N, warpSize);
    float max_val = -FLT_MAX;
    #pragma unroll
    for (int i = 0; i < iteration; i++) {
        int col = i * warpSize + laneId;
        max_val = (col < N) ? fmaxf(max_val, input[row * N + col]) : max_val;
    }
    #pragma unroll
    for (int offset = warpSize >> 1; offset > 0; offset >>= 1)
        max_val = fmaxf(max_val, __shfl_down_sync(0xFFFFFFFF, max_val, offset));
    if (laneId == 0) s_max_val = max_val;
    __syncwarp();
    float sum = 0.0f;
    #pragma unroll
    for (int i = 0; i < iteration; i++) {
        int col = i * warpSize + laneId;
        sum += (col < N) ? expf(input[row * N + col] - s_max_val) : 0.0f;
    }
    #pragma unroll
    for (int offset = warpSize >> 1; offset > 0; offset >>= 1)
        sum += __shfl_down_sync(0xFFFFFFFF, sum, offset);
    if (laneId == 0) s_sum = sum;
    __syncwarp();
    #pragma unroll
    for (int i = 0; i < iteration; i++) {
        int col = i * warpSize + laneId;
        if (col < N) output[row * N + col] = expf(input[row * N + col] - s_max_val) / s_sum;
    }
}
