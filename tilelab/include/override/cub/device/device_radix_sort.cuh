// tilelab's <cub/device/device_radix_sort.cuh> for kernels compiled with NVRTC.
//
// CCCL's header is the host API cub::DeviceRadixSort, which NVRTC cannot build (its dispatch layer
// calls host-only functions: "A function explicitly marked as a __host__ function is not allowed in
// JIT mode"). A kernel's file includes it for the device-side pieces that come with it: the key
// traits (cub::Traits<T>::UnsignedBits, TwiddleIn/TwiddleOut), the block-level load, scan and radix
// rank collectives, and the radix sort's own agents (upsweep, downsweep, onesweep, histogram) with
// their digit extractors (radix_rank_sort_operations.cuh); gpu-topk's radixSelectTopK.cuh is such a
// file. This header gives those and, through tilelab's <cub/cub.cuh>, the rest of CUB's device-level
// half; cub::DeviceRadixSort named in a kernel is an error, since no kernel can call a host API.
#pragma once

// CCCL 2's radix agents name std::uint32_t and std::is_same without including their headers (a host
// compiler has them already); tilelab's <cstdint> and <type_traits> give them under NVRTC.
#include <cstdint>
#include <type_traits>

#include <cub/cub.cuh>
#include <cub/agent/agent_radix_sort_downsweep.cuh>
#include <cub/agent/agent_radix_sort_histogram.cuh>
#include <cub/agent/agent_radix_sort_onesweep.cuh>
#include <cub/agent/agent_radix_sort_upsweep.cuh>
#include <cub/block/radix_rank_sort_operations.cuh>
