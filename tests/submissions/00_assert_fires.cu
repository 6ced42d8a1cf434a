// An assert that fires (the learner assumed n is a multiple of the block size): however right
// the values, a fired assert fails correctness.
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(n % blockDim.x == 0);
    if (i < n) c[i] = a[i] + b[i];
}
