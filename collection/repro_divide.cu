// tilelab kernel collection: a global load ptxas sinks past the kernel's first branch, and a join block NVVM lays out
// above the loops that jump to it (SParry's divide and delta_stepping misses)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a nineteenth unseen suite")
// Licence: MIT, as the repository
//
// Issue 23. reproSunkGlobalLoad: `base` is read before the loop's skip branch in the PTX and used only inside the
// loop; ptxas reads it on the loop's side of that branch, so only the warps with a lane that enters the loop
// execute the LDG (`part` is used after the loop too, and stays where it is). reproJoinAbove: a while (1) loop
// whose last block (two stores and a barrier) NVVM lays out above the inner loop that jumps to it; the lanes of
// the warp that holds the last items part in the inner loop and meet at ptxas's BSYNC before the stores.

__global__ void reproSunkGlobalLoad(const int* __restrict__ n, const int* base, const int* part,
                                    const int* V, int* out, int* tail)
{
    int u0 = threadIdx.x;
    int step = blockDim.x;
    int localBase = base[0];
    int localPart = part[0];
    for (int u = u0; u < *n; u += step) {
        if (V[u] >= localBase)
            out[u] = V[u] - localBase + localPart;
    }
    tail[u0] = localPart + u0;
}

__global__ void reproJoinAbove(const int* n, int* a, int* flags, int* seen, int rounds)
{
    int u0 = threadIdx.x;
    int step = blockDim.x;
    int id = 0;
    while (1) {
        int u = u0;
        while (u < *n && seen[u0] == 0) {
            if (a[u] == id) {
                seen[u0] = 1;
                break;
            }
            u += step;
        }
        __syncthreads();
        if (id == rounds)
            break;
        u = u0;
        while (u < *n) {
            if (a[u] > id)
                a[u] = a[u] - 1;
            u += step;
        }
        id += 1;
        flags[u0] = id;
        seen[u0] = 0;
        __syncthreads();
    }
}
