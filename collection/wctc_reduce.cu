// tilelab kernel collection: warp-ctc's GPU reductions (the softmax's column maximum and sum of exponentials): a block
// a column, a shared-memory fold down to a warp then __shfl_down_sync (CTAReduce::reduce); reduce_cols, a 2-D block
// Source:  https://github.com/baidu-research/warp-ctc/blob/94b2fa178347cf02757bdc7329dc2f1b46f5d094/src/reduce.cu
//          (baidu-research/warp-ctc, commit 94b2fa1), with the helpers of include/detail/ctc_helper.h and
//          include/detail/hostdevice.h it includes (same commit).
// Licence: Apache-2.0 (the repository's LICENSE, "Copyright 2015-2016, Baidu USA LLC."; the LICENSE's notice is repeated below).
// Kept:    hostdevice.h lines 3-7 (HOSTDEVICE); ctc_helper.h line 5 (<cmath>; <limits> and <algorithm>, lines 3-4, and
//          type_defs.h, line 8, the host's stream and error aliases, are unused by the device code) and lines 10-62
//          (namespace ctc_helper: neg_inf, div_up, the functors, log_plus), unchanged; reduce.cu lines 16-116 (warp_size,
//          CTAReduce, reduce_rows, reduce_cols), unchanged. Removed: reduce.cu lines 1-15 (commented-out includes,
//          ctc_helper.h, copied in above, and ctc.h, the host API) and 117-end (ReduceHelper, reduce, reduce_negate,
//          reduce_exp, reduce_max: host code).
// Launches: GpuCTC<float>::compute_probs's (include/detail/gpu_ctc.h): reduce_max, i.e. reduce_rows<128>
//          <<<minibatch * maxT, 128>>>(identity<float>(), maximum<float>(), probs, denoms, alphabet_size), then
//          reduce_exp (exponential<float>(), add<float>()); reduce_negate's axis-0 path, reduce_cols<128> on a
//          (32, 4) block over (cols + 31) / 32 blocks, is in the file for the library's other callers.

/*
   Copyright 2015-2016, Baidu USA LLC.

   Licensed under the Apache License, Version 2.0 (the "License");
   you may not use this file except in compliance with the License.
   You may obtain a copy of the License at

       http://www.apache.org/licenses/LICENSE-2.0

   Unless required by applicable law or agreed to in writing, software
   distributed under the License is distributed on an "AS IS" BASIS,
   WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
   See the License for the specific language governing permissions and
   limitations under the License.
*/

// ---- include/detail/hostdevice.h, lines 3-7 ----
#if (defined(__HIPCC__) || defined(__CUDACC__))
    #define HOSTDEVICE __host__ __device__
#else
    #define HOSTDEVICE
#endif

// ---- include/detail/ctc_helper.h, line 5 and lines 10-62 ----
#include <cmath>

namespace ctc_helper {

static const float threshold = 1e-1;

template<typename T>
HOSTDEVICE
T neg_inf() { return -T(INFINITY); }

inline int div_up(int x, int y) {
    return (x + y - 1) / y;
}

template <typename Arg, typename Res = Arg> struct maximum {
    HOSTDEVICE
    Res operator()(const Arg& x, const Arg& y) const {
        return x < y ? y : x;
    }
};

template <typename Arg, typename Res = Arg> struct add {
    HOSTDEVICE
    Res operator()(const Arg& x, const Arg& y) const {
        return x + y;
    }
};

template <typename Arg, typename Res = Arg> struct identity {
    HOSTDEVICE Res operator()(const Arg& x) const {return Res(x);}
};

template <typename Arg, typename Res = Arg> struct negate {
    HOSTDEVICE Res operator()(const Arg& x) const {return Res(-x);}
};

template <typename Arg, typename Res = Arg> struct exponential {
    HOSTDEVICE Res operator()(const Arg& x) const {return std::exp(x);}
};

template<typename Arg1, typename Arg2 = Arg1, typename Res=Arg1>
struct log_plus {
    typedef Res result_type;
    HOSTDEVICE
    Res operator()(const Arg1& p1, const Arg2& p2) {
        if (p1 == neg_inf<Arg1>())
            return p2;
        if (p2 == neg_inf<Arg2>())
            return p1;
        Res result = log1p(exp(-fabs(p1 - p2))) + maximum<Res>()(p1, p2);
        return result;
    }
};

}

// ---- src/reduce.cu, lines 16-116 ----
const int warp_size = 32;

template<int NT, typename T, typename Rop>
struct CTAReduce;

template<int NT, typename T, typename Rop>
struct CTAReduce {
    enum { Size = NT, Capacity = NT };
    struct Storage { T shared[Capacity]; };

    __device__ static T reduce(int tid, T x, Storage& storage, int count, Rop g) {
        T* s = storage.shared;
        s[tid] = x;
        __syncthreads();

        // Fold the data in half with each pass.
#pragma unroll
        for(int offset = NT / 2; offset >= warp_size; offset /= 2) {
            if(tid + offset < count && tid < offset) {
                // Read from the right half and store to the left half.
                x = g(x, s[offset + tid]);
                s[tid] = x;
            }
            __syncthreads();
        }

        T shuff;
        for (int offset = warp_size / 2; offset > 0; offset /= 2) {
#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 9)
            shuff = __shfl_down_sync(0xFFFFFFFF, x, offset);
#else
            shuff = __shfl_down(x, offset);
#endif
            if (tid + offset < count && tid < offset)
                x = g(x, shuff);
        }
        return x;
    }
};

template <int NT, typename Iop, typename Rop, typename T>
__global__ void reduce_rows(Iop f, Rop g, const T* input, T* output,
                            int num_rows, int num_cols) {

    typedef CTAReduce<NT, T, Rop> R;
    __shared__ typename R::Storage storage;

    int tid = threadIdx.x;
    int idx = tid;
    int col = blockIdx.x;
    T curr;

    // Each block works on a column
    if (idx < num_rows)
        curr = f(input[idx + col*num_rows]);
    idx += NT;


    while (idx < num_rows) {
        curr = g(curr, f(input[idx + col*num_rows]));
        idx += NT;
    }

    // Sum thread-totals over the CTA.
    curr = R::reduce(tid, curr, storage, num_rows, g);

    // Store result in out
    if (tid == 0)
        output[col] = curr;
}

template <int NT, typename Iop, typename Rop, typename T>
__global__ void reduce_cols(Iop f, Rop g, const T* input, T* output,
                            int num_rows, int num_cols) {

    __shared__ T s[NT];

    int warps_per_block = NT / warp_size;
    int row = blockDim.x * blockIdx.x + threadIdx.x;
    int col = threadIdx.y;
    T curr;

    if (row < num_rows && col < num_cols) {
        curr = f(input[row + col*num_rows]);
        col += blockDim.y;
        while (col < num_cols) {
            curr = g(curr, f(input[row + col*num_rows]));
            col += blockDim.y;
        }
    }
    s[threadIdx.x * warps_per_block + threadIdx.y] = curr;
    __syncthreads();

    // Reduce
    if (threadIdx.y == 0 && row < num_rows) {
#pragma unroll
        for (int i = 1; i < warps_per_block && i < num_cols; ++i)
            curr = g(curr, s[i + threadIdx.x * warps_per_block]);
        output[row] = curr;
    }
}
