// tilelab's <cub/cub.cuh> for kernels compiled with NVRTC.
//
// CUB's own umbrella header cannot be compiled by NVRTC: CCCL 3 (CUDA 13) stops it with an
// #error, and CCCL 2 (CUDA 12) fails in the host code of the device-wide algorithms it pulls in.
// A kernel can only use the device-level half of CUB anyway: the block-, warp- and thread-level
// collectives, the iterators and the utilities. This header includes exactly that half from the
// CCCL headers that come with the NVRTC in use (the CCCL wheel or the toolkit), header by header,
// and nothing else. It sits on the include path before CCCL's directory, so it is the one found.
//
// Each header below was compiled on its own under NVRTC 12.9 (CCCL 2.8) and 13.x (CCCL 3.x);
// docs/DESIGN.md ("Headers") lists what is left out and why.
#pragma once

#include <cub/config.cuh>

// Under nvcc (CUDA 13), <cub/cub.cuh> reaches the C limits: cuda/std/__floating_point/format.h includes
// cuda/std/cfloat and cuda/std/limits includes cuda/std/climits, which include <cfloat> and <climits> unless
// the compiler is NVRTC. Kernels that include only CUB use FLT_MAX or INT_MAX (llama_cu_awq's gpu_kernels.h,
// unseen94), so this header includes tilelab's <cfloat> and <climits> as nvcc's path does.
#include <cfloat>
#include <climits>

// block-level collectives
#include <cub/block/block_adjacent_difference.cuh>
#include <cub/block/block_discontinuity.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_histogram.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_merge_sort.cuh>
#include <cub/block/block_radix_rank.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>

// warp-level collectives
#include <cub/warp/warp_exchange.cuh>
#include <cub/warp/warp_load.cuh>
#include <cub/warp/warp_merge_sort.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cub/warp/warp_store.cuh>

// thread-level
#include <cub/thread/thread_load.cuh>
#include <cub/thread/thread_operators.cuh>
#include <cub/thread/thread_reduce.cuh>
#include <cub/thread/thread_scan.cuh>
#include <cub/thread/thread_store.cuh>

// grid helpers (device-side work distribution)
#include <cub/grid/grid_even_share.cuh>
#include <cub/grid/grid_mapping.cuh>
#include <cub/grid/grid_queue.cuh>

// iterators and utilities
#include <cub/iterator/cache_modified_input_iterator.cuh>
#include <cub/util_arch.cuh>
#include <cub/util_debug.cuh>
#include <cub/util_macro.cuh>
#include <cub/util_math.cuh>
#include <cub/util_ptx.cuh>
#include <cub/util_temporary_storage.cuh>
#include <cub/util_type.cuh>

#if CUB_VERSION >= 300000
// CCCL 3 (CUDA 13) made these device-clean; CCCL 2's versions include <iterator>, <ostream> or
// <iosfwd>, or host-only code (util_device.cuh's device_synchronize), which NVRTC has not.
#  include <cub/block/block_run_length_decode.cuh>
#  include <cub/iterator/arg_index_input_iterator.cuh>
#  include <cub/iterator/cache_modified_output_iterator.cuh>
#  include <cub/iterator/tex_obj_input_iterator.cuh>
#  include <cub/util_device.cuh>
#else
// CCCL 3 removed this one (cuda::counting_iterator replaces it).
#  include <cub/iterator/counting_input_iterator.cuh>
#endif

#if CUB_VERSION >= 300000
// CCCL 2 kept CUB's old binary functors as deprecated aliases of the standard ones (thread_operators.cuh);
// CCCL 3 (CUDA 13) removed them. Kernels written for CUDA 12 name them (`BlockReduce(t).Reduce(v,
// cub::Max())`), so under NVRTC 13 they are the same aliases again, deprecated as CCCL 2 has them: such a
// kernel builds under both majors, and means the same.
CUB_NAMESPACE_BEGIN
using Equality CCCL_DEPRECATED_BECAUSE("use cuda::std::equal_to instead")       = ::cuda::std::equal_to<>;
using Inequality CCCL_DEPRECATED_BECAUSE("use cuda::std::not_equal_to instead") = ::cuda::std::not_equal_to<>;
using Sum CCCL_DEPRECATED_BECAUSE("use cuda::std::plus instead")                = ::cuda::std::plus<>;
using Difference CCCL_DEPRECATED_BECAUSE("use cuda::std::minus instead")        = ::cuda::std::minus<>;
using Division CCCL_DEPRECATED_BECAUSE("use cuda::std::divides instead")        = ::cuda::std::divides<>;
using Max CCCL_DEPRECATED_BECAUSE("use cuda::maximum instead")                  = ::cuda::maximum<>;
using Min CCCL_DEPRECATED_BECAUSE("use cuda::minimum instead")                  = ::cuda::minimum<>;
CUB_NAMESPACE_END
#endif

// The device-wide algorithms (cub::DeviceReduce, cub::DeviceScan, ...) are host APIs: the host calls
// them and they launch kernels of their own, so no kernel can call one. Naming one inside a kernel
// stops the build with the sentence below, instead of a page of template errors or "not a member".
CUB_NAMESPACE_BEGIN
namespace tilelab_nvrtc
{
template <int Which>
struct device_wide_algorithm
{
  static_assert(Which < 0,
                "cub::Device* algorithms (DeviceReduce, DeviceScan, DeviceRadixSort, DeviceSelect, ...) are "
                "host APIs that launch their own kernels: a kernel cannot call them. Inside a kernel, use "
                "the block-level collectives (cub::BlockReduce, cub::BlockScan, cub::BlockRadixSort, ...) "
                "or the warp-level ones (cub::WarpReduce, cub::WarpScan, ...).");
};
} // namespace tilelab_nvrtc
using DeviceAdjacentDifference = tilelab_nvrtc::device_wide_algorithm<0>;
using DeviceCopy = tilelab_nvrtc::device_wide_algorithm<1>;
using DeviceFor = tilelab_nvrtc::device_wide_algorithm<2>;
using DeviceHistogram = tilelab_nvrtc::device_wide_algorithm<3>;
using DeviceMemcpy = tilelab_nvrtc::device_wide_algorithm<4>;
using DeviceMerge = tilelab_nvrtc::device_wide_algorithm<5>;
using DeviceMergeSort = tilelab_nvrtc::device_wide_algorithm<6>;
using DevicePartition = tilelab_nvrtc::device_wide_algorithm<7>;
using DeviceRadixSort = tilelab_nvrtc::device_wide_algorithm<8>;
using DeviceReduce = tilelab_nvrtc::device_wide_algorithm<9>;
using DeviceRunLengthEncode = tilelab_nvrtc::device_wide_algorithm<10>;
using DeviceScan = tilelab_nvrtc::device_wide_algorithm<11>;
using DeviceSegmentedRadixSort = tilelab_nvrtc::device_wide_algorithm<12>;
using DeviceSegmentedReduce = tilelab_nvrtc::device_wide_algorithm<13>;
using DeviceSegmentedSort = tilelab_nvrtc::device_wide_algorithm<14>;
using DeviceSelect = tilelab_nvrtc::device_wide_algorithm<15>;
using DeviceTransform = tilelab_nvrtc::device_wide_algorithm<16>;
using DeviceFind = tilelab_nvrtc::device_wide_algorithm<17>;
using DeviceTopK = tilelab_nvrtc::device_wide_algorithm<18>;
CUB_NAMESPACE_END
