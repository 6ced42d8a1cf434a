// Thread block clusters on the emulator (tilelab/emu/cluster.py): the special registers, the
// cluster barrier, distributed shared memory (mapa + ld/st.shared::cluster), remote mbarrier
// arrivals and a TMA multicast. Each kernel's parameters choose a right or a wrong variant.
#include "tma_common.h"
#include <cooperative_groups.h>

__device__ __forceinline__ unsigned sreg_rank() { unsigned r; asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r)); return r; }
__device__ __forceinline__ void cluster_arrive() { asm volatile("barrier.cluster.arrive.aligned;" ::: "memory"); }
__device__ __forceinline__ void cluster_wait() { asm volatile("barrier.cluster.wait.aligned;" ::: "memory"); }
__device__ __forceinline__ unsigned mapa(const void* p, unsigned rank) {
    unsigned r;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(smem(p)), "r"(rank));
    return r;
}

#define SREG(name, out) asm volatile("mov.u32 %0, %%" name ";" : "=r"(out))

// every block's thread 0 writes its 14 cluster registers at out[14 * linear block id]
__device__ void write_specials(unsigned* out) {
    if (threadIdx.x != 0) return;
    unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    unsigned v[14];
    SREG("cluster_ctaid.x", v[0]); SREG("cluster_ctaid.y", v[1]); SREG("cluster_ctaid.z", v[2]);
    SREG("cluster_nctaid.x", v[3]); SREG("cluster_nctaid.y", v[4]); SREG("cluster_nctaid.z", v[5]);
    SREG("clusterid.x", v[6]); SREG("clusterid.y", v[7]); SREG("clusterid.z", v[8]);
    SREG("nclusterid.x", v[9]); SREG("nclusterid.y", v[10]); SREG("nclusterid.z", v[11]);
    SREG("cluster_ctarank", v[12]); SREG("cluster_nctarank", v[13]);
    for (int i = 0; i < 14; ++i) out[14 * b + i] = v[i];
}

extern "C" __global__ void __cluster_dims__(2, 3, 1) specials(unsigned* out, unsigned* explicit_) {
    write_specials(out);
    if (threadIdx.x == 0 && blockIdx.x + blockIdx.y + blockIdx.z == 0) SREG("is_explicit_cluster", explicit_[0]);
}

extern "C" __global__ void specials_plain(unsigned* out, unsigned* explicit_) {
    write_specials(out);
    if (threadIdx.x == 0 && blockIdx.x + blockIdx.y + blockIdx.z == 0) SREG("is_explicit_cluster", explicit_[0]);
}

// each block fills buf with its own values, then reads its neighbour's (rank + 1 mod size) through
// distributed shared memory; sync = 0 leaves out the cluster barrier between the write and the read
extern "C" __global__ void __cluster_dims__(4, 1, 1) exchange(unsigned* out, int sync) {
    __shared__ unsigned buf[64];
    unsigned rank = sreg_rank();
    buf[threadIdx.x] = 1000 * blockIdx.x + threadIdx.x;
    if (sync) { cluster_arrive(); cluster_wait(); }
    unsigned peer = mapa(&buf[(threadIdx.x + 1) % 64], (rank + 1) % 4), v;
    asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(peer) : "memory");
    out[blockIdx.x * 64 + threadIdx.x] = v;
    cluster_arrive(); cluster_wait();              // no block leaves while another may still read it
}

// each block writes into its neighbour's buf (st.shared::cluster), then reads its own
extern "C" __global__ void __cluster_dims__(2, 1, 1) push(unsigned* out) {
    __shared__ unsigned buf[64];
    unsigned rank = sreg_rank();
    unsigned peer = mapa(&buf[threadIdx.x], rank ^ 1);
    asm volatile("st.shared::cluster.u32 [%0], %1;" :: "r"(peer), "r"(7 * blockIdx.x + threadIdx.x) : "memory");
    cluster_arrive(); cluster_wait();
    out[blockIdx.x * 64 + threadIdx.x] = buf[threadIdx.x];
}

// misuse: how = 1 arrives twice before waiting; how = 2 waits without arriving; how = 3 names rank 2
// of a cluster of 2
extern "C" __global__ void __cluster_dims__(2, 1, 1) misuse(unsigned* out, int how) {
    __shared__ unsigned buf[32];
    buf[threadIdx.x] = threadIdx.x;
    if (how != 2) cluster_arrive();
    if (how == 1) cluster_arrive();
    cluster_wait();
    unsigned v = 0;
    if (how == 3) asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(mapa(&buf[threadIdx.x], 2)) : "memory");
    out[blockIdx.x * 32 + threadIdx.x] = v;
    cluster_arrive(); cluster_wait();
}

// rank 0 multicasts a box of B to both blocks (ctaMask 0b11); each block loads its own row box of A;
// both complete on the block's own `full`. Each block's consumers then tell rank 0 (a remote arrive
// on rank 0's `done`, count 2) that they are finished with B; rank 0 waits for both before exiting.
// remote = 0: rank 1 arrives on its own `done` instead, so rank 0's never completes.
extern "C" __global__ void __cluster_dims__(2, 1, 1) multicast(const __grid_constant__ CUtensorMap tmA,
        const __grid_constant__ CUtensorMap tmB, float* outA, float* outB, unsigned mask, int remote) {
    __shared__ alignas(128) float a[16 * 32];
    __shared__ alignas(128) float b[16 * 32];
    __shared__ unsigned long long full, done;
    unsigned rank = sreg_rank();
    if (threadIdx.x == 0) { bar_init(&full, 1); bar_init(&done, 2); }
    cluster_arrive(); cluster_wait();               // both blocks' barriers exist before any copy
    if (threadIdx.x == 0) {
        bar_expect(&full, 2 * 16 * 32 * 4);
        tma_load_2d(a, &tmA, 0, 16 * rank, &full);
        if (rank == 0)
            asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"
                         " [%0], [%1, {%2, %3}], [%4], %5;"
                         :: "r"(smem(b)), "l"(&tmB), "r"(0), "r"(0), "r"(smem(&full)), "h"((unsigned short)mask) : "memory");
    }
    bar_wait(&full, 0);
    for (int i = threadIdx.x; i < 16 * 32; i += blockDim.x) {
        outA[rank * 512 + i] = a[i];
        outB[rank * 512 + i] = b[i];
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned at = remote ? mapa(&done, 0) : smem(&done);
        asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" :: "r"(at) : "memory");
    }
    if (rank == 0) bar_wait(&done, 0);
    cluster_arrive(); cluster_wait();
}

// each block adds 1 + its rank's thread index into its neighbour's buf (atom.shared::cluster), then
// reads its own: what the neighbour added; old values go to out[64 + ...]
extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_atomic(unsigned* out) {
    __shared__ unsigned buf[32];
    buf[threadIdx.x] = 100;
    cluster_arrive(); cluster_wait();
    unsigned old;
    asm volatile("atom.shared::cluster.add.u32 %0, [%1], %2;" : "=r"(old)
                 : "r"(mapa(&buf[threadIdx.x % 4], sreg_rank() ^ 1)), "r"(threadIdx.x + 1) : "memory");
    cluster_arrive(); cluster_wait();
    out[blockIdx.x * 32 + threadIdx.x] = buf[threadIdx.x];
    out[64 + blockIdx.x * 32 + threadIdx.x] = old;
    cluster_arrive(); cluster_wait();
}

// cooperative groups' cluster API (generic mapa and generic loads): each block reads its neighbour's
// buf through cluster.map_shared_rank; sync = 0 leaves out the cluster.sync() between
extern "C" __global__ void __cluster_dims__(2, 1, 1) cg_exchange(unsigned* out, int sync) {
    namespace cg = cooperative_groups;
    __shared__ unsigned buf[64];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned rank = cluster.block_rank();
    buf[threadIdx.x] = rank * 100 + threadIdx.x;
    if (sync) cluster.sync();
    unsigned* peer = cluster.map_shared_rank(buf, rank ^ 1);
    out[blockIdx.x * 64 + threadIdx.x] = peer[63 - threadIdx.x];
    cluster.sync();
}
