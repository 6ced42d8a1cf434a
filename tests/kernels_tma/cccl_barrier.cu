// The CUDA programming guide's TMA pattern through CCCL (cuda::barrier, cuda::device::experimental):
// mbarrier arrive tokens and the non-parity try_wait, with the arrival count of the whole block.
#include <tilelab_tma.h>
#include <cuda/barrier>
using barrier = cuda::barrier<cuda::thread_scope_block>;
namespace cde = cuda::device::experimental;

extern "C" __global__ void cccl_tma(const __grid_constant__ CUtensorMap tm, float* out) {
    __shared__ alignas(128) float tile[16][32];
    #pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ barrier bar;
    if (threadIdx.x == 0) { init(&bar, blockDim.x); cde::fence_proxy_async_shared_cta(); }
    __syncthreads();
    barrier::arrival_token token;
    if (threadIdx.x == 0) {
        cde::cp_async_bulk_tensor_2d_global_to_shared(&tile, &tm, 0, 0, bar);
        token = cuda::device::barrier_arrive_tx(bar, 1, sizeof(tile));
    } else {
        token = bar.arrive();
    }
    bar.wait(std::move(token));
    for (int i = threadIdx.x; i < 16 * 32; i += blockDim.x) out[i] = tile[i / 32][i % 32];
}
