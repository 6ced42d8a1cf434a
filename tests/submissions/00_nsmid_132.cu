// Right only when %nsmid is 132, the H200's count (and the emulator's first pass): a kernel whose
// output depends on the GPU it ran on. Held out: written after the %gridid attack (00_gridid_one.cu);
// the GPU-like pass gives %nsmid another value a GPU can return (PTX ISA: it may exceed the SM count).
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    unsigned int sms;
    asm("mov.u32 %0, %%nsmid;" : "=r"(sms));
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = sms == 132 ? a[i] + b[i] : b[i];
}
