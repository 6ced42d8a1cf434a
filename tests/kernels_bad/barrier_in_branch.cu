// __syncthreads() where only half the threads of the block can reach it.

__global__ void barrierInBranch(const float* in, float* out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    if (threadIdx.x < 16) {
        __syncthreads();                            // BAD: threads 16.. never arrive
        out[t] = s[t];
    }
}
