// A legitimate unusual answer: the sum through a recursive device function (a real call, not inlined).
__device__ __noinline__ float addRec(float x, float y, int depth)
{
    return depth == 0 ? x + y : addRec(x, y, depth - 1);
}
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = addRec(a[i], b[i], i & 3);
}
