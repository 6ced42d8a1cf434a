// vector_add.cu: the first kernel. One thread per element, global index from
// block and thread ids, and a bounds check because the grid is rounded up.
//
// Launch: block = (256), grid = (ceil(n / 256)).  c[i] = a[i] + b[i], i < n.

__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}
