// A legitimate unusual answer: a grid-stride loop (each thread takes every gridDim*blockDim-th element).
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        c[i] = a[i] + b[i];
}
