// A float4 load from shared memory at an address that is 4 bytes past a 16-byte boundary.

__global__ void misalignedFloat4(const float* in, float* out)
{
    __shared__ __align__(16) float s[160];
    for (int i = threadIdx.x; i < 160; i += blockDim.x)
        s[i] = in[i];
    __syncthreads();
    int t = threadIdx.x;
    float4 v = *reinterpret_cast<const float4*>(&s[4 * t + 1]);   // BAD: misaligned
    out[t] = v.x + v.y + v.z + v.w;
}
