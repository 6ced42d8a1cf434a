// cp.async copies, then reads the destination before cp.async.wait_group.

__global__ void cpAsyncEarlyRead(const float* in, float* out)
{
    __shared__ __align__(16) float buf[4 * 64];
    int t = threadIdx.x;
    unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(&buf[4 * t]));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(s), "l"(in + 4 * t) : "memory");
    asm volatile("cp.async.commit_group;\n" ::: "memory");
    float early = buf[4 * t];                                     // BAD: before the wait
    asm volatile("cp.async.wait_group 0;\n" ::: "memory");
    out[t] = early + buf[4 * t + 1];
}
