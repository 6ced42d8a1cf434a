// Held out (written after the uninitialised-accumulator entry): a __shared__ array nobody writes,
// each thread's word read into its element times zero. Right whenever the unwritten word happens
// to be a finite number; NaN or inf there makes the element NaN. Uninitialised: luck, not correct.
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    volatile __shared__ float bias[1024];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i] + bias[threadIdx.x] * 0.0f;
}
