// tilelab kernel collection: torch-points-kernels' instance IoU (PointGroup-style proposals against ground-truth instances: a block per proposal, a thread per instance of its sample, counting the points they share)
// Source:  https://github.com/torch-points3d/torch-points-kernels/blob/401531936524c64beb8ee75dc468ed3427f3ad0b/cuda/src/metrics_gpu.cu
//          (torch-points3d/torch-points-kernels, commit 4015319)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's notice
//          is repeated below).
// Kept, unchanged: lines 1-3 (<math.h>, <stdio.h>, <stdlib.h>) and 7-43 (THREADS and instance_iou_cuda_kernel).
// Removed: lines 4-6 ("cuda_utils.h": ATen's headers and host helpers) and 44-62 (the launch wrapper).
//
// MIT License
//
// Copyright (c) 2020 Nicolas Chaulet
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define THREADS 512

__global__ void instance_iou_cuda_kernel(
    int64_t total_gt_instances, const int64_t* __restrict__ nInstance, int nProposal,
    const int64_t* __restrict__ proposals_idx, const int64_t* __restrict__ proposals_offset,
    const int64_t* __restrict__ instance_labels,
    const int64_t* __restrict__ offset_num_gt_instances, const int64_t* __restrict__ batch,
    const int64_t* __restrict__ instance_pointnum, float* proposals_iou)
{
    for (int proposal_id = blockIdx.x; proposal_id < nProposal; proposal_id += gridDim.x)
    {
        int start = proposals_offset[proposal_id];
        int end = proposals_offset[proposal_id + 1];
        int sampleIdx = batch[proposals_idx[start]];
        int sampleNInstances = nInstance[sampleIdx];
        int instanceOffset = offset_num_gt_instances[sampleIdx];
        int proposal_total = end - start;
        for (int instance_id = threadIdx.x; instance_id < sampleNInstances;
             instance_id += blockDim.x)
        {
            int instance_total = instance_pointnum[instanceOffset + instance_id];
            int intersection = 0;
            for (int i = start; i < end; i++)
            {
                int idx = proposals_idx[i];
                if ((int)instance_labels[idx] == instance_id + 1)
                { // 0 is reserved for "no instance"
                    intersection += 1;
                }
            }

            proposals_iou[instanceOffset + instance_id + proposal_id * total_gt_instances] =
                (float)intersection /
                ((float)(proposal_total + instance_total - intersection) + 1e-5);
        }
    }
}
