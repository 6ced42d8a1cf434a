// A right kernel with an assert that always holds: costs nothing.
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(n >= 0);
    if (i < n) c[i] = a[i] + b[i];
}
