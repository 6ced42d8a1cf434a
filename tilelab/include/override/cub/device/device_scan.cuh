// tilelab's <cub/device/device_scan.cuh> for kernels compiled with NVRTC.
//
// CCCL's header is the host API cub::DeviceScan, which NVRTC cannot build (CCCL 3 stops it with an
// #error, CCCL 2 fails in its host code). A kernel's file includes it for the device-side pieces that
// come with it: the single-pass scan's tile state and its decoupled look-back (cub::ScanTileState,
// cub::TilePrefixCallbackOp, agent/single_pass_scan_operators.cuh), as CUB's own
// example_device_decoupled_look_back.cu does. This header gives those and, through tilelab's
// <cub/cub.cuh>, the rest of CUB's device-level half; cub::DeviceScan named in a kernel stops at
// cub.cuh's sentence, since no kernel can call a host API.
#pragma once

#include <cub/cub.cuh>
#include <cub/agent/single_pass_scan_operators.cuh>
