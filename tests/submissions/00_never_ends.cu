// vectorAdd that never ends: `while` where `if` was meant.
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    while (i < n)
        c[i] = a[i] + b[i];
}
