// A naive matmul that reads A and B through atomicAdd(p, 0.0f), which returns the element and
// leaves it unchanged: no global load at all, so its "global load sectors" were none and it looked
// tiled (and it ran into the emulator's time limit). A global atomic that returns data is now a
// global load to the rubric, and the emulator runs global atomics a whole warp group at a time.
__global__ void matmulTiled(const float* A, const float* B, float* C, int N)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += atomicAdd((float*)&A[row * N + k], 0.0f) * atomicAdd((float*)&B[k * N + col], 0.0f);
        C[row * N + col] = acc;
    }
}
