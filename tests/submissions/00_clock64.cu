// A right kernel that reads the clock (left over from timing it by hand): costs nothing.
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    long long t0 = clock64();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
    long long t1 = clock64();
    if (t1 < t0) c[0] = -1.0f;                     // never: the clock does not run backwards
}
