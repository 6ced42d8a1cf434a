// Right only when %gridid is 1, which it was on every emulator launch: the GPU counts its grids
// 1, 2, 3, ... per process, so this kernel is wrong from its second launch on. The emulator now
// counts launches the same way, and its GPU-like pass gives %gridid a large value.
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    unsigned long long grid;
    asm("mov.u64 %0, %%gridid;" : "=l"(grid));
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = grid == 1 ? a[i] + b[i] : a[i];
}
