// A race in global memory between the two warps of a block: warp 0 writes a[i] into c[i] and
// warp 1 adds b[i] to it, with nothing in between. In lockstep emulation every warp finishes the
// first store before any runs the second, so the values come out right; on a GPU warp 1 may run
// first. (No __syncthreads() is possible here anyway: the two halves are different threads.)
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    int base = blockIdx.x * blockDim.x;
    int t = threadIdx.x;
    int half = blockDim.x / 2;
    int i = base + (t < half ? t : t - half);      // threads t and t + half share element i
    if (i < n && t < half) c[i] = a[i];
    if (i < n && t >= half) c[i] = c[i] + b[i];
    if (t < half && base + half + t < n) {         // the second half of the block's elements
        int j = base + half + t;
        c[j] = a[j] + b[j];
    }
}
