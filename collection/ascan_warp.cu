// tilelab kernel collection: accelerated-scan's warp scan (proger/accelerated-scan, accelerated_scan/warp.cuh): the first-order linear recurrence of linear RNNs / SSMs
// Source:  https://github.com/proger/accelerated-scan/blob/866fa4cd4eaf01338ee6d77a4f99fcd4b2f656d1/accelerated_scan/warp.cuh
// Licence: MIT (the repository's LICENSE, repeated below)
// Kept: warp.cuh lines 9-223 (UnalignedTuple, AlignedTuple, load_shifted_tuple, the kernel template scan<Tuple, kNThreadsPerWarp,
//       kNWarpsPerBlock, kNChunksPerSequence, backward>), unchanged. Removed: lines 1-7 (CUDA / torch includes, CHECK_STRIDE) and the
//       host code from line 225 (DISPATCH_SCAN*, warpscan's per-seqlen table, warpscan_forward / warpscan_backward).
// The launches are warpscan's: grid (batch, dim), seqlen / kNStepsPerThread / kNChunksPerSequence threads, batch_stride = dim * seqlen,
// dim_stride = seqlen; the backward passes (gates, outGrad, tokenGradOut, output, gateGradOut, reverse = true).

/*
 * MIT License
 *
 * Copyright (c) 2024 Volodymyr Kyrylov
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE. */

template<typename weight_t, int N>
class UnalignedTuple {
public:
    static constexpr int Size = N;
    using Type = weight_t;

    weight_t data[N];

    __device__ void reverse() {
        #pragma unroll
        for (int i = 0; i < N/2; i++) {
            weight_t temp = data[i];
            data[i] = data[N - (i+1)];
            data[N - (i+1)] = temp;
        }
    }
};

template<typename T, int N>
class alignas(16) AlignedTuple : public UnalignedTuple<T, N> {
};

template <typename Tuple, int offset>
__device__ Tuple load_shifted_tuple(const Tuple* ptr, int index, int minIdx, int maxIdx) {
    using weight_t = typename Tuple::Type;

    const weight_t* rawPtr = reinterpret_cast<const weight_t *>(ptr);
    Tuple x;
    for (int i = 0; i < Tuple::Size; i++) {
        const int idx = index * Tuple::Size + i + offset;
        if (idx >= minIdx * Tuple::Size && idx < maxIdx * Tuple::Size) {
            x.data[i] = rawPtr[idx];
        } else {
            x.data[i] = 0.0;
        }
    }

    return x;
}

template <typename Tuple, int kNThreadsPerWarp, int kNWarpsPerBlock, int kNChunksPerSequence, bool backward>
__global__ void scan(
    const Tuple* gates,
    const Tuple* tokens,
    Tuple* result,
    // Only passed if backward is True.
    const Tuple* output,
    Tuple* gateGradOut,
    // Shape information
    const int batch_stride,
    const int dim_stride,
    const bool reverse
) {
    using weight_t = typename Tuple::Type;

    __shared__ weight_t warpLastGate[kNWarpsPerBlock];
    __shared__ weight_t warpLastToken[kNWarpsPerBlock];
    __shared__ weight_t chunkAccGate, chunkAccToken;

    const int seqoffset = blockIdx.x * batch_stride + blockIdx.y * dim_stride;
    const int warpId = threadIdx.x / kNThreadsPerWarp;
    const int laneId = threadIdx.x % kNThreadsPerWarp;
    const int chunklen = blockDim.x * Tuple::Size;
    constexpr int kBlockLast = kNWarpsPerBlock - 1;
    constexpr int kWarpLast = kNThreadsPerWarp - 1;
    constexpr int kThreadLast = Tuple::Size - 1;
    const weight_t kEmptyGate = 1.0;
    const weight_t kEmptyToken = 0.0;

    // Limits for loading shifted tuples during backward pass.
    const int minIdx = seqoffset / Tuple::Size;
    const int maxIdx = minIdx + blockDim.x * kNChunksPerSequence;

    //
    // Read from global memory.
    // Scan sequentially in thread registers (level 0).
    // 

    for (int chunk = 0; chunk < kNChunksPerSequence; chunk++) {
        const int offset = seqoffset + (reverse ? kNChunksPerSequence - 1 - chunk : chunk) * chunklen;
        const int tupleOffset = (offset + (reverse ? chunklen - ((threadIdx.x + 1) * Tuple::Size) : (threadIdx.x * Tuple::Size))) / Tuple::Size;

        if (chunk) {
            __syncthreads();
        }

        Tuple loadedGate;
        if (backward) {
            loadedGate = load_shifted_tuple<Tuple, 1>(gates, tupleOffset, minIdx, maxIdx);
        } else {
            loadedGate = gates[tupleOffset];
        }
        Tuple loadedToken = tokens[tupleOffset];
        if (reverse) {
            loadedGate.reverse();
            loadedToken.reverse();
        }

        Tuple accGate;
        Tuple accToken;

        #pragma unroll
        for (int i = 0; i < Tuple::Size; ++i) {
            weight_t gate = loadedGate.data[i];
            weight_t token = loadedToken.data[i];
            if (i == 0) {
                if (chunk == 0) {
                    accGate.data[0] = threadIdx.x == 0 ? kEmptyGate : gate;
                    accToken.data[0] = token;
                } else {
                    if (threadIdx.x == 0) {
                        // Add the last element of the previous chunk to the first element of the current chunk.
                        accGate.data[0] = chunkAccGate * gate;
                        accToken.data[0] = chunkAccToken * gate + token;
                    } else {
                        accGate.data[0] = gate;
                        accToken.data[0] = token;
                    }
                }
            } else {
                accGate.data[i] = accGate.data[i - 1] * gate;
                accToken.data[i] = accToken.data[i - 1] * gate + token;
            }
        }

        //
        // Scan threads in a warp using shuffling (level 1).
        //

        #pragma unroll
        for (int delta = 1; delta < kNThreadsPerWarp; delta *= 2) {
            weight_t prev_gate = __shfl_up_sync(0xffffffff, accGate.data[kThreadLast], delta);
            weight_t prev_token = __shfl_up_sync(0xffffffff, accToken.data[kThreadLast], delta);

            if (laneId >= delta) {
                #pragma unroll
                for (int i = 0; i < Tuple::Size; ++i) {
                    accToken.data[i] = prev_token * accGate.data[i] + accToken.data[i];
                    accGate.data[i] = prev_gate * accGate.data[i];
                }
            }
        }

        __syncwarp();

        //
        // Store the last element of each warp in shared memory.
        //

        if (laneId == kWarpLast) {
            warpLastGate[warpId] = accGate.data[kThreadLast];
            warpLastToken[warpId] = accToken.data[kThreadLast];
        }

        __syncthreads();

        //
        // Leading warp scans every warp in a block (level 2).
        //

        if (warpId == 0) {
            weight_t warpAccGate, warpAccToken;
            warpAccGate = (laneId < kNWarpsPerBlock) ? warpLastGate[laneId] : kEmptyGate;
            warpAccToken = (laneId < kNWarpsPerBlock) ? warpLastToken[laneId] : kEmptyToken;

            #pragma unroll
            for (int delta = 1; delta < warpSize; delta *= 2) {
                weight_t prev_gate = __shfl_up_sync(0xffffffff, warpAccGate, delta);
                weight_t prev_token = __shfl_up_sync(0xffffffff, warpAccToken, delta);

                if (laneId >= delta) {
                    warpAccToken = prev_token * warpAccGate + warpAccToken;
                    warpAccGate = prev_gate * warpAccGate;
                }
            }

            if (laneId < kNWarpsPerBlock) {
                warpLastGate[laneId] = warpAccGate;
                warpLastToken[laneId] = warpAccToken;
            }
        }

        __syncthreads();

        //
        // Add the last element of the previous warp to each element of the current warp (level 0).
        // Store to global memory.
        //

        #pragma unroll
        for (int i = 0; i < Tuple::Size; ++i) {
            if (warpId > 0) {
                accToken.data[i] = warpLastToken[warpId-1] * accGate.data[i] + accToken.data[i];
                accGate.data[i] = warpLastGate[warpId-1] * accGate.data[i];
            }
        }
        if (reverse) {
            accToken.reverse();
        }
        result[tupleOffset] = accToken;

        if (backward) {
            Tuple gateGrad = load_shifted_tuple<Tuple, -1>(output, tupleOffset, minIdx, maxIdx);
            for (int i = 0; i < Tuple::Size; i++) {
                gateGrad.data[i] = gateGrad.data[i] * accToken.data[i];
            }
            gateGradOut[tupleOffset] = gateGrad;
        }

        if (laneId == kWarpLast && warpId == kBlockLast) {
            chunkAccGate = accGate.data[kThreadLast];
            chunkAccToken = accToken.data[kThreadLast];
        }
    }
}
