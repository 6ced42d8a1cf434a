// tilelab kernel collection: probes of device-side malloc and free (the device heap)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "device malloc")
// Licence: MIT, as the repository
//
// malloc and free are the driver's, linked in when the module loads: what they load, store and
// atomically update in the heap's bookkeeping is in no cubin the emulator reads, but ncu counts it
// in the kernel's totals. Each probe changes one thing: how many lanes allocate, whether they free.

__global__ void heapSums(int* sums, int n)     // every lane: malloc n ints, fill, sum, free
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int* p = (int*)malloc(n * sizeof(int));
    if (p == 0) { sums[t] = -1; return; }
    for (int i = 0; i < n; i++) p[i] = 10 * t + i;
    int s = 0;
    for (int i = 0; i < n; i++) s += p[i];
    sums[t] = s;
    free(p);
}

__global__ void heapOneLane(int* sums, int n)  // lane 0 of each warp allocates, all lanes use it
{
    __shared__ int* block[4];
    int w = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) block[w] = (int*)malloc(32 * n * sizeof(int));
    __syncwarp();
    int* p = block[w];
    for (int i = 0; i < n; i++) p[i * 32 + lane] = lane + i;
    __syncwarp();
    int s = 0;
    for (int i = 0; i < n; i++) s += p[i * 32 + (lane + 1) % 32];
    sums[blockIdx.x * blockDim.x + threadIdx.x] = s;
    __syncwarp();
    if (lane == 0) free(p);
}

__global__ void heapNoFree(unsigned long long* where)   // every lane allocates 16 bytes and keeps them
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int* p = (int*)malloc(16);
    p[0] = t;
    where[t] = (unsigned long long)p;
}
