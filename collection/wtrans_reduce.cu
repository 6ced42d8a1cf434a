// tilelab kernel collection: warp-transducer's log-softmax denominators: a block a (b, t, u) column, a shared-memory
// fold down to a warp then __shfl_down_sync (CTAReduce), first the column's maximum, then -max - log(sum exp(x - max))
// Source:  https://github.com/HawkAaron/warp-transducer/blob/f546575109111c455354861a0567c8aa794208a2/include/detail/reduce.h
//          (HawkAaron/warp-transducer, commit f546575), with the helpers of include/detail/rnnt_helper.h and
//          include/detail/hostdevice.h it includes (same commit).
// Licence: Apache-2.0 (the repository's LICENSE, whose appendix names "Copyright 2018-2019, Mingkun Huang"; the files
//          carry no notice: the LICENSE's notice is repeated below).
// Kept:    hostdevice.h lines 3-7 (HOSTDEVICE); rnnt_helper.h line 5 (<cmath>; <limits> and <algorithm>, lines 3-4, are
//          unused by the device code) and lines 9-70 (namespace rnnt_helper: neg_inf, log_sum_exp, div_up, the functors),
//          unchanged; reduce.h lines 5-104 (warp_size, CTAReduce, reduce_rows, reduce_minus), unchanged. Removed:
//          reduce.h lines 1-3 (#pragma once, rnnt_helper.h, copied in above, and rnnt.h, the host API's status enum) and
//          106-146 (ReduceHelper, reduce, reduce_exp, reduce_max: host code).
// Launches: GpuRNNT<float>::log_softmax's (include/detail/gpu_rnnt.h): reduce_max, i.e. reduce_rows<128>
//          <<<minibatch * maxT * maxU, 128>>>(identity<float>(), maximum<float>(), acts, denom, alphabet_size), then
//          reduce_exp, i.e. reduce_minus<128><<<minibatch * maxT * maxU, 128>>>(exponential<float>(), add<float>(), ...).

/*
   Copyright 2018-2019, Mingkun Huang

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

// ---- from include/detail/hostdevice.h (same commit), lines 3-7
#ifdef __CUDACC__
    #define HOSTDEVICE __host__ __device__
#else
    #define HOSTDEVICE
#endif
// ---- from include/detail/rnnt_helper.h (same commit), line 5 and lines 9-70 (namespace rnnt_helper)
#include <cmath>

namespace rnnt_helper {

static const float threshold = 1e-1;

template<typename T>
inline HOSTDEVICE T neg_inf() { return -T(INFINITY); }

template<typename T>
inline HOSTDEVICE T log_sum_exp(T a, T b) {
    if (a == neg_inf<T>()) return b;
    if (b == neg_inf<T>()) return a;
    if (a > b)
        return log1p(exp(b-a)) + a;
    else
        return log1p(exp(a-b)) + b;
}

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
// ---- end of rnnt_helper.h

// ---- reduce.h lines 5-104
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
#if CUDART_VERSION < 9000
            shuff = __shfl_down(x, offset);
#else
            shuff = __shfl_down_sync(0xFFFFFFFF, x, offset);
#endif
            if (tid + offset < count && tid < offset)
                x = g(x, shuff);
        }
        return x;
    }
};

template <int NT, typename Iop, typename Rop, typename T>
__global__ void reduce_rows(Iop f, Rop g, const T* const acts, T* output, int num_rows) {

    typedef CTAReduce<NT, T, Rop> R;
    __shared__ typename R::Storage storage;

    int tid = threadIdx.x;
    int idx = tid;
    int col = blockIdx.x;
    T curr;

    // Each block works on a column
    if (idx < num_rows) {
        curr = f(acts[col * num_rows + idx]);
    }
    idx += NT;

    while (idx < num_rows) {
        curr = g(curr, f(acts[col * num_rows + idx]));
        idx += NT;
    }

    // Sum thread-totals over the CTA.
    curr = R::reduce(tid, curr, storage, num_rows, g);

    // Store result in out
    if (tid == 0)
        output[col] = curr;
}

template <int NT, typename Iop, typename Rop, typename T>
__global__ void reduce_minus(Iop f, Rop g, const T* const acts, T* output, int num_rows) {

    typedef CTAReduce<NT, T, Rop> R;
    __shared__ typename R::Storage storage;

    int tid = threadIdx.x;
    int idx = tid;
    int col = blockIdx.x;
    T curr;
    T max = output[col];

    // Each block works on a column
    if (idx < num_rows) {
        curr = f(acts[col * num_rows + idx] - max);
    }
    idx += NT;

    while (idx < num_rows) {
        curr = g(curr, f(acts[col * num_rows + idx] - max));
        idx += NT;
    }

    // Sum thread-totals over the CTA.
    curr = R::reduce(tid, curr, storage, num_rows, g);

    // Store result in out
    if (tid == 0)
        output[col] = -max - log(curr);
}
// ---- (ReduceHelper, reduce, reduce_exp, reduce_max: reduce.h lines 106-146, host code, removed)
