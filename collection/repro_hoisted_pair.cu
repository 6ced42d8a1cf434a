// tilelab kernel collection: two neighbouring shared scalars ptxas reads as one LDS.64 above a branch
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "the nineteenth unseen suite")
// Licence: MIT, as the repository
//
// Issue 23: the privatized BFS frontier's commit loop (collection/pmppl_bfs.cu, lines 221-224) without its race.
// The PTX reads count_s for the loop's first test, branches past the loop, and reads start_s (hoisted out of the
// loop by NVVM, no line) on the loop's side; ptxas places the two scalars side by side (0x400 + 0, + 4) and reads
// both as one LDS.64 above the branch: every warp executes it once, none reads start_s again.
__global__ void reproHoistedPair(const int* __restrict__ in, int* __restrict__ out, int n)
{
    __shared__ unsigned int count_s;
    __shared__ unsigned int start_s;
    if (threadIdx.x == 0) {
        count_s = n;
        start_s = in[0];
    }
    __syncthreads();
    for (unsigned int i = threadIdx.x; i < count_s; i += blockDim.x)
        out[start_s + i] = in[i + 1];
}

// spfaKernelForSSSP (collection/sparry_sssp_spfa.cu) without its races: QuickExit becomes a flag reset before a
// barrier, set by a shared atomicOr and read after a second barrier, and dist[u] is read with an atomic. The
// number of sweeps the relaxation takes is then still the order in which the warps' atomicMin calls land (a
// warp that sees another's lower distance in this sweep saves that vertex a sweep): the schedule's, not the
// code's. sweeps[0] says how many ran.
__global__ void reproSweepsByOrder(const int* __restrict__ V, const int* __restrict__ E, const int* __restrict__ W,
                                   int n, int* dist, int* sweeps)
{
    __shared__ int changed;
    int s = 0;
    while (true) {
        if (threadIdx.x == 0)
            changed = 0;
        __syncthreads();
        for (int u = threadIdx.x; u < n; u += blockDim.x) {
            for (int adj = V[u]; adj < V[u + 1]; adj++) {
                int cand = atomicAdd(&dist[u], 0) + W[adj];
                if (atomicMin(&dist[E[adj]], cand) > cand)
                    atomicOr(&changed, 1);
            }
        }
        __syncthreads();
        s++;
        int c = changed;
        __syncthreads();
        if (c == 0)
            break;
    }
    if (threadIdx.x == 0)
        sweeps[0] = s;
}
