// tilelab kernel collection: CAT's (a CUDA port of Microsoft SEAL) 60-bit NTT kernels: Cooley-Tukey forward and
// Gentleman-Sande inverse butterflies with Barrett reduction, a 64 x 64 -> 128-bit product by inline PTX madc chains
// Source:  https://github.com/Rayman96/CAT/blob/7828918659d4638b3addeb8db5ebf5c5460ce6da/native/src/seal/util/ntt_60bit.cu
//          (Rayman96/CAT, commit 7828918), with its header ntt_60bit.cuh and the header that defines k_uint128_t,
//          native/src/seal/util/kuint128.cuh (same commit).
// Licence: MIT (the repository's LICENSE, "Copyright (c) IDEA Corporation", repeated below; the files carry no notice).
// Kept:    kuint128.cuh lines 3-4 (<cinttypes>, <math.h>; <string> and cuda_runtime.h are host-only here) and 9-371
//          (k_uint128_t, its operators, sub128 by sub.cc/subc.u64, mul64 by mul/mad/madc.u32), unchanged;
//          ntt_60bit.cuh lines 12-39 (namespace seal's kernel template declarations) and 41-59 (singleBarrett),
//          unchanged; ntt_60bit.cu lines 1-10 (the __constant__ moduli) and 271-829 (every kernel of the file and the
//          explicit instantiations), unchanged. Removed: ntt_60bit.cuh's includes (lines 1-11) and its host declarations (lines 60-625,
//          which also hold commented-out kernels) and ntt_60bit.cu's host functions forwardNTTdouble, forwardNTT, inverseNTT,
//          forwardNTT_batch, inverseNTT_batch (lines 12-270); a closing brace (added) ends ntt_60bit.cuh's namespace
//          before ntt_60bit.cu reopens it, as the two files do.
// Launches: forwardNTT's for n = 4096 (CTBasedNTTInnerSingle<1, 4096><<<1, 1024, 4096 * 8>>>) and n = 8192
//          (CTBasedNTTInner<1, 8192><<<4, 1024>>> then CTBasedNTTInnerSingle<2, 8192><<<2, 1024, 4096 * 8>>>),
//          inverseNTT's for n = 4096 (GSBasedINTTInnerSingle<2, 4096><<<2, 1024>>> then GSBasedINTTInner<1, 4096><<<2, 1024>>>),
//          and forwardNTT_batch's / inverseNTT_batch's for n = 4096 (grids (1, num) and (2, num)), with
//          mu = 2^(2 bit_count) / q and qbit = bit_count as CAT's callers compute them (batchencoder.cu, ckks.cu).

/*
       MIT License

       Copyright (c) IDEA Corporation. All rights reserved.

       Permission is hereby granted, free of charge, to any person obtaining a copy
       of this software and associated documentation files (the "Software"), to deal
       in the Software without restriction, including without limitation the rights
       to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
       copies of the Software, and to permit persons to whom the Software is
       furnished to do so, subject to the following conditions:

       The above copyright notice and this permission notice shall be included in all
       copies or substantial portions of the Software.

       THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
       IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
       FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
       AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
       LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
       OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
       SOFTWARE
*/

// ---- from native/src/seal/util/kuint128.cuh, lines 3-4
#include <cinttypes>
#include <math.h>

// ---- kuint128.cuh lines 9-371
class k_uint128_t
{
public:
    unsigned long long low;
    unsigned long long high;

    __host__ __device__ __forceinline__ k_uint128_t()
    {
        low = 0;
        high = 0;
    }

    __host__ __device__ __forceinline__ k_uint128_t(const uint64_t &x)
    {
        low = x;
        high = 0;
    }

    __host__ __device__ __forceinline__ void operator=(const k_uint128_t &r)
    {
        low = r.low;
        high = r.high;
    }
    __host__ __device__ __forceinline__ void operator=(const double &r)
    {
        low = r - (unsigned long long)(r / 18446744073709551616.0) * 18446744073709551616.0;
        high = r / 18446744073709551616.0;
    }
    __host__ __device__ __forceinline__ void operator=(const uint64_t &r)
    {
        low = r;
        high = 0;
    }

    __host__ __device__ __forceinline__ k_uint128_t operator<<(const unsigned &shift)
    {
        k_uint128_t z;

        z.high = high << shift;
        z.high = (low >> (64 - shift)) | z.high;
        z.low = low << shift;

        return z;
    }

    __host__ __device__ __forceinline__ k_uint128_t operator>>(const unsigned &shift)
    {
        k_uint128_t z;

        z.low = low >> shift;
        z.low = (high << (64 - shift)) | z.low;
        z.high = high >> shift;

        return z;
    }

    __host__ __device__ __forceinline__ static void shiftr(k_uint128_t &x, const unsigned &shift)
    {
        x.low = x.low >> shift;
        x.low = (x.high << (64 - shift)) | x.low;
        x.high = x.high >> shift;
    }

    // 计算2的整数次幂
    __host__ static k_uint128_t exp2(const int &e)
    {
        k_uint128_t z;

        if (e < 64)
            z.low = 1ull << e;
        else
            z.high = 1ull << (e - 64);

        return z;
    }

    __host__ static int log_2(const k_uint128_t &x)
    {
        int z = 0;

        if (x.high != 0)
            z = log2((double)x.high) + 64;
        else
            z = log2((double)x.low);

        return z;
    }

    __host__ __device__ __forceinline__ static int clz(k_uint128_t x)
    {
        unsigned cnt = 0;

        if (x.high == 0)
        {
            while (x.low != 0)
            {
                cnt++;
                x.low = x.low >> 1;
            }

            return 128 - cnt;
        }
        else
        {
            while (x.high != 0)
            {
                cnt++;
                x.high = x.high >> 1;
            }

            return 64 - cnt;
        }
    }
};

__host__ __device__ __forceinline__ static void operator<<=(k_uint128_t &x, const unsigned &shift)
{
    x.low = x.low >> shift;
    x.low = (x.high << (64 - shift)) | x.low;
    x.high = x.high >> shift;
}

__host__ __device__ __forceinline__ bool operator==(const k_uint128_t &l, const k_uint128_t &r)
{
    if ((l.low == r.low) && (l.high == r.high))
        return true;
    else
        return false;
}

__host__ __device__ __forceinline__ bool operator<(const k_uint128_t &l, const k_uint128_t &r)
{
    if (l.high < r.high)
        return true;
    else if (l.high > r.high)
        return false;
    else if (l.low < r.low)
        return true;
    else
        return false;
}

__host__ __device__ __forceinline__ bool operator<(const k_uint128_t &l, const uint64_t &r)
{
    if (l.high != 0)
        return false;
    else if (l.low > r)
        return false;
    else
        return true;
}

__host__ __device__ __forceinline__ bool operator>(const k_uint128_t &l, const k_uint128_t &r)
{
    if (l.high > r.high)
        return true;
    else if (l.high < r.high)
        return false;
    else if (l.low > r.low)
        return true;
    else
        return false;
}

__host__ __device__ __forceinline__ bool operator<=(const k_uint128_t &l, const k_uint128_t &r)
{
    if (l.high < r.high)
        return true;
    else if (l.high > r.high)
        return false;
    else if (l.low <= r.low)
        return true;
    else
        return false;
}

__host__ __device__ __forceinline__ bool operator>=(const k_uint128_t &l, const k_uint128_t &r)
{
    if (l.high > r.high)
        return true;
    else if (l.high < r.high)
        return false;
    else if (l.low >= r.low)
        return true;
    else
        return false;
}

__host__ __device__ __forceinline__ k_uint128_t operator+(const k_uint128_t &x, const k_uint128_t &y)
{
    k_uint128_t z;

    z.low = x.low + y.low;
    z.high = x.high + y.high + (z.low < x.low);

    return z;
}

__host__ __device__ __forceinline__ k_uint128_t operator+(const k_uint128_t &x, const uint64_t &y)
{
    k_uint128_t z;

    z.low = x.low + y;
    z.high = x.high + (z.low < x.low);

    return z;
}

__host__ __device__ __forceinline__ k_uint128_t operator-(const k_uint128_t &x, const k_uint128_t &y)
{
    k_uint128_t z;

    z.low = x.low - y.low;
    z.high = x.high - y.high - (x.low < y.low);

    return z;
}

__host__ __device__ __forceinline__ void operator-=(k_uint128_t &x, const k_uint128_t &y)
{
    x.high = x.high - y.high - (x.low < y.low);
    x.low = x.low - y.low;
}

__host__ __device__ __forceinline__ k_uint128_t operator-(const k_uint128_t &x, const uint64_t &y)
{
    k_uint128_t z;

    z.low = x.low - y;
    z.high = x.high - (x.low < y);

    return z;
}

__host__ __device__ __forceinline__ k_uint128_t operator/(k_uint128_t x, const uint64_t &y)
{
    k_uint128_t z;
    k_uint128_t ycomp(y);
    k_uint128_t d(y);

    unsigned shift = k_uint128_t::clz(d) - k_uint128_t::clz(x);

    d = d << shift;

    while (shift != 0)
    {
        shift--;
        z = z << 1;
        if (d <= x)
        {
            x = x - d;
            z = z + 1;
        }
        d = d >> 1;
    }

    z = z << 1;
    if (d <= x)
    {
        x = x - d;
        z = z + 1;
    }
    d = d >> 1;

    return z;
}

__host__ __device__ __forceinline__ k_uint128_t operator%(k_uint128_t x, const uint64_t &y)
{
    if (x < y)
        return x;

    k_uint128_t z;
    k_uint128_t ycomp(y);
    k_uint128_t d(y);

    unsigned shift = k_uint128_t::clz(d) - k_uint128_t::clz(x);

    d = d << shift;

    while (shift != 0)
    {
        shift--;
        z = z << 1;
        if (d <= x)
        {
            x = x - d;
            z = z + 1;
        }
        d = d >> 1;
    }

    z = z << 1;
    if (d <= x)
    {
        x = x - d;
        z = z + 1;
    }
    d = d >> 1;

    return x;
}

__host__ __device__ __forceinline__ static k_uint128_t host64x2(const uint64_t &x, const uint64_t &y)
{
    k_uint128_t z;

    k_uint128_t ux(x);
    k_uint128_t uy(y);

    int shift = 0;

    // hello elementary school
    while (uy.low != 0)
    {
        if (uy.low & 1)
        {
            if (shift == 0)
                z = z + ux;
            else
                z = z + (ux << shift);
        }

        shift++;

        k_uint128_t::shiftr(uy, 1);
    }

    return z;
}

__device__ __forceinline__ void sub128(k_uint128_t &a, const k_uint128_t &b)
{
    asm("{\n\t"
        "sub.cc.u64      %1, %3, %5;    \n\t"
        "subc.u64        %0, %2, %4;    \n\t"
        "}"
        : "=l"(a.high), "=l"(a.low)
        : "l"(a.high), "l"(a.low), "l"(b.high), "l"(b.low));
}

__device__ __forceinline__ void mul64(const unsigned long long &a, const unsigned long long &b, k_uint128_t &c)
{
    uint4 res;

    asm("{\n\t"
        "mul.lo.u32      %3, %5, %7;    \n\t"
        "mul.hi.u32      %2, %5, %7;    \n\t" // alow * blow
        "mad.lo.cc.u32   %2, %4, %7, %2;\n\t"
        "madc.hi.u32     %1, %4, %7,  0;\n\t" // ahigh * blow
        "mad.lo.cc.u32   %2, %5, %6, %2;\n\t"
        "madc.hi.cc.u32  %1, %5, %6, %1;\n\t" // alow * bhigh
        "madc.hi.u32     %0, %4, %6,  0;\n\t"
        "mad.lo.cc.u32   %1, %4, %6, %1;\n\t" // ahigh * bhigh
        "addc.u32        %0, %0, 0;     \n\t" // add final carry
        "}"
        : "=r"(res.x), "=r"(res.y), "=r"(res.z), "=r"(res.w)
        : "r"((unsigned)(a >> 32)), "r"((unsigned)a), "r"((unsigned)(b >> 32)), "r"((unsigned)b));

    c.high = ((unsigned long long)res.x << 32) + res.y;
    c.low = ((unsigned long long)res.z << 32) + res.w;
    ;
}
// ---- end of kuint128.cuh

// ---- from native/src/seal/util/ntt_60bit.cuh, lines 12-39
namespace seal
{
    // --------------------------------------------------------------------------------------------------------------------------------------------------------
    // declarations for templated ntt functions

    template <unsigned l, unsigned n> // single kernel NTT
    __global__ void CTBasedNTTInnerSingle(uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);

    template <unsigned l, unsigned n> // single kernel INTT
    __global__ void GSBasedINTTInnerSingle(uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);

    template <unsigned l, unsigned n> // multi kernel NTT
    __global__ void CTBasedNTTInner(uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);

    template <unsigned l, unsigned n> // multi kernel INTT
    __global__ void GSBasedINTTInner(uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);

    template <unsigned l, unsigned n> // single kernel NTT batch
    __global__ void CTBasedNTTInnerSingle_batch(uint64_t a[], uint64_t psi_powers[], unsigned division);

    template <unsigned l, unsigned n> // single kernel INTT batch
    __global__ void GSBasedINTTInnerSingle_batch(uint64_t a[], uint64_t psiinv_powers[], unsigned division);

    template <unsigned l, unsigned n> // multi kernel omg are you still reading this
    __global__ void CTBasedNTTInner_batch(uint64_t a[], uint64_t psi_powers[], unsigned division);

    template <unsigned l, unsigned n> // i'm not gonna write this one, figure this out on your own
    __global__ void GSBasedINTTInner_batch(uint64_t a[], uint64_t psiinv_powers[], unsigned division);

// ---- ntt_60bit.cuh lines 41-59
    // --------------------------------------------------------------------------------------------------------------------------------------------------------

    __device__ __forceinline__ void singleBarrett(k_uint128_t &a, uint64_t &q, uint64_t &mu, int &qbit)
    {
        k_uint128_t rx;

        rx = a >> (qbit - 2);

        mul64(rx.low, mu, rx);

        k_uint128_t::shiftr(rx, qbit + 2);

        mul64(rx.low, q, rx);

        sub128(a, rx);

        if (a.low >= q)
            a.low -= q;
    }
} // namespace seal (added: ntt_60bit.cuh's closing brace, line 626)

// ---- ntt_60bit.cu lines 1-10 (its #include "ntt_60bit.cuh" is the code above)
namespace seal
{

    __constant__ uint64_t q_cons[16];
    __constant__ unsigned q_bit_cons[16];
    __constant__ uint64_t mu_cons[16];
    __constant__ uint64_t inv_q_last_mod_q_cons[16];
    __constant__ uint64_t inv_punctured_q_cons[16];
    __constant__ uint64_t prod_t_gamma_mod_q_cons[16];

    // ---- (host functions, ntt_60bit.cu lines 12-270, removed)

// ---- ntt_60bit.cu lines 271-829
    
    __global__ void transpose(uint64_t *vec, int row, int col)
    {
        int tid = blockDim.x * blockIdx.x + threadIdx.x;
        int x = tid % col;
        int y = tid / col;
        vec[x * row + y] = vec[y * col + x];
    }


    template <unsigned l, unsigned n>
    __global__ void CTBasedNTTInnerSingle_batch(uint64_t a[], uint64_t psi_powers[], unsigned division)
    {
        unsigned index = blockIdx.y % division;
        uint64_t q = q_cons[index];
        uint64_t mu = mu_cons[index];
        int qbit = q_bit_cons[index];

        register int local_tid = threadIdx.x;

        extern __shared__ uint64_t shared_array[];

#pragma unroll
        for (int iteration_num = 0; iteration_num < (n / 1024 / l); iteration_num++)
        {
            register int global_tid = local_tid + iteration_num * 1024;
            shared_array[global_tid] = a[global_tid + blockIdx.x * (n / l) + blockIdx.y * n];
        }

#pragma unroll
        for (int length = l; length < n; length *= 2)
        {
            register int step = (n / length) / 2;

#pragma unroll
            for (int iteration_num = 0; iteration_num < (n / 1024 / l) / 2; iteration_num++)
            {
                register int global_tid = local_tid + iteration_num * 1024;
                register int psi_step = global_tid / step;
                register int target_index = psi_step * step * 2 + global_tid % step;

                psi_step = (global_tid + blockIdx.x * (n / l / 2)) / step;

                register uint64_t psi = psi_powers[length + psi_step + index * n];

                register uint64_t first_target_value = shared_array[target_index];
                register k_uint128_t temp_storage =
                    shared_array[target_index + step]; // this is for eliminating the possibility of overflow

                mul64(temp_storage.low, psi, temp_storage);

                singleBarrett(temp_storage, q, mu, qbit);
                register uint64_t second_target_value = temp_storage.low;

                register uint64_t target_result = first_target_value + second_target_value;

                target_result -= q * (target_result >= q);

                shared_array[target_index] = target_result;

                first_target_value += q * (first_target_value < second_target_value);

                shared_array[target_index + step] = first_target_value - second_target_value;
            }

            __syncthreads();
        }

#pragma unroll
        for (int iteration_num = 0; iteration_num < (n / 1024 / l); iteration_num++)
        {
            register int global_tid = local_tid + iteration_num * 1024;
            a[global_tid + blockIdx.x * (n / l) + blockIdx.y * n] = shared_array[global_tid];
        }
    }

    template <unsigned l, unsigned n>
    __global__ void GSBasedINTTInnerSingle_batch(uint64_t a[], uint64_t psiinv_powers[], unsigned division)
    {
        unsigned index = blockIdx.y % division;
        uint64_t q = q_cons[index];
        uint64_t mu = mu_cons[index];
        int qbit = q_bit_cons[index];

        register int local_tid = threadIdx.x;

        __shared__ uint64_t shared_array[2048];

        register uint64_t q2 = (q + 1) >> 1;

#pragma unroll
        for (int iteration_num = 0; iteration_num < (n / 1024 / l); iteration_num++)
        {
            register int global_tid = local_tid + iteration_num * 1024;
            shared_array[global_tid] = a[global_tid + blockIdx.x * (n / l) + blockIdx.y * n];
        }

        __syncthreads();

#pragma unroll
        for (int length = (n / 2); length >= l; length /= 2)
        {
            register int step = (n / length) / 2;

#pragma unroll
            for (int iteration_num = 0; iteration_num < (n / 1024 / l) / 2; iteration_num++)
            {
                register int global_tid = local_tid + iteration_num * 1024;
                register int psi_step = global_tid / step;
                register int target_index = psi_step * step * 2 + global_tid % step;

                psi_step = (global_tid + blockIdx.x * (n / l / 2)) / step;

                register uint64_t psiinv = psiinv_powers[length + psi_step + index * n];

                register uint64_t first_target_value = shared_array[target_index];
                register uint64_t second_target_value = shared_array[target_index + step];

                register uint64_t target_result = first_target_value + second_target_value;

                target_result -= q * (target_result >= q);

                shared_array[target_index] = (target_result >> 1) + q2 * (target_result & 1);

                first_target_value += q * (first_target_value < second_target_value);

                register k_uint128_t temp_storage = first_target_value - second_target_value;

                mul64(temp_storage.low, psiinv, temp_storage);

                singleBarrett(temp_storage, q, mu, qbit);

                register uint64_t temp_storage_low = temp_storage.low;

                shared_array[target_index + step] = (temp_storage_low >> 1) + q2 * (temp_storage_low & 1);
            }

            __syncthreads();
        }

#pragma unroll
        for (int iteration_num = 0; iteration_num < (n / 1024 / l); iteration_num++)
        {
            register int global_tid = local_tid + iteration_num * 1024;
            a[global_tid + blockIdx.x * (n / l) + blockIdx.y * n] = shared_array[global_tid];
        }
    }

    template <unsigned l, unsigned n>
    __global__ void CTBasedNTTInner_batch(uint64_t a[], uint64_t psi_powers[], unsigned division)
    {
        unsigned index = blockIdx.y % division;
        uint64_t q = q_cons[index];
        uint64_t mu = mu_cons[index];
        int qbit = q_bit_cons[index];

        int length = l;

        register int global_tid = blockIdx.x * 1024 + threadIdx.x;
        register int step = (n / length) / 2;
        register int psi_step = global_tid / step;
        register int target_index = psi_step * step * 2 + global_tid % step + blockIdx.y * n;

        register uint64_t psi = psi_powers[length + psi_step + index * n];

        register uint64_t first_target_value = a[target_index];
        register k_uint128_t temp_storage = a[target_index + step];

        mul64(temp_storage.low, psi, temp_storage);

        singleBarrett(temp_storage, q, mu, qbit);
        register uint64_t second_target_value = temp_storage.low;

        register uint64_t target_result = first_target_value + second_target_value;

        target_result -= q * (target_result >= q);

        a[target_index] = target_result;

        first_target_value += q * (first_target_value < second_target_value);

        a[target_index + step] = first_target_value - second_target_value;
    }

    template <unsigned l, unsigned n>
    __global__ void GSBasedINTTInner_batch(uint64_t a[], uint64_t psiinv_powers[], unsigned division)
    {
        unsigned index = blockIdx.y % division;
        uint64_t q = q_cons[index];
        uint64_t mu = mu_cons[index];
        int qbit = q_bit_cons[index];

        int length = l;

        register int global_tid = blockIdx.x * 1024 + threadIdx.x;
        register int step = (n / length) / 2;
        register int psi_step = global_tid / step;
        register int target_index = psi_step * step * 2 + global_tid % step + blockIdx.y * n;

        register uint64_t psiinv = psiinv_powers[length + psi_step + index * n];

        register uint64_t first_target_value = a[target_index];
        register uint64_t second_target_value = a[target_index + step];

        register uint64_t target_result = first_target_value + second_target_value;

        target_result -= q * (target_result >= q);

        register uint64_t q2 = (q + 1) >> 1;

        target_result = (target_result >> 1) + q2 * (target_result & 1);

        a[target_index] = target_result;

        first_target_value += q * (first_target_value < second_target_value);

        register k_uint128_t temp_storage = first_target_value - second_target_value;

        mul64(temp_storage.low, psiinv, temp_storage);

        singleBarrett(temp_storage, q, mu, qbit);

        register uint64_t temp_storage_low = temp_storage.low;

        temp_storage_low = (temp_storage_low >> 1) + q2 * (temp_storage_low & 1);

        a[target_index + step] = temp_storage_low;
    }


    template <unsigned l, unsigned n>
    __global__ void CTBasedNTTInnerSingle(uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[])
    {
        register int local_tid = threadIdx.x;

        extern __shared__ uint64_t shared_array[]; // declaration of shared_array

#pragma unroll
        for (int iteration_num = 0; iteration_num < (n / 1024 / l); iteration_num++)
        { // copying to shared from global
            register int global_tid = local_tid + iteration_num * 1024;
            shared_array[global_tid] = a[global_tid + blockIdx.x * (n / l)];
        }

#pragma unroll
        for (int length = l; length < n; length *= 2)
        { // for loops are required since we are handling all the remaining iterations in this kernel
            register int step = (n / length) / 2;

#pragma unroll
            for (int iteration_num = 0; iteration_num < (n / 1024 / l) / 2; iteration_num++)
            {
                register int global_tid = local_tid + iteration_num * 1024;
                register int psi_step = global_tid / step;
                register int target_index = psi_step * step * 2 + global_tid % step;
                ;

                psi_step = (global_tid + blockIdx.x * (n / l / 2)) / step;

                register uint64_t psi = psi_powers[length + psi_step];

                register uint64_t first_target_value = shared_array[target_index];
                register k_uint128_t temp_storage =
                    shared_array[target_index + step]; // this is for eliminating the possibility of overflow

                mul64(temp_storage.low, psi, temp_storage);

                singleBarrett(temp_storage, q, mu, qbit);
                register uint64_t second_target_value = temp_storage.low;

                register uint64_t target_result = first_target_value + second_target_value;

                target_result -= q * (target_result >= q);

                shared_array[target_index] = target_result;

                first_target_value += q * (first_target_value < second_target_value);

                shared_array[target_index + step] = first_target_value - second_target_value;
            }

            __syncthreads();
        }

#pragma unroll
        for (int iteration_num = 0; iteration_num < (n / 1024 / l); iteration_num++)
        { // copy back to global from shared
            register int global_tid = local_tid + iteration_num * 1024;
            a[global_tid + blockIdx.x * (n / l)] = shared_array[global_tid];
        }
    }

    template <unsigned l, unsigned n>
    __global__ void GSBasedINTTInnerSingle(uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[])
    {
        register int local_tid = threadIdx.x;

        __shared__ uint64_t shared_array[2048]; // declaration of shared_array

        register uint64_t q2 = (q + 1) >> 1;

#pragma unroll
        for (int iteration_num = 0; iteration_num < (n / 1024 / l); iteration_num++)
        { // copying to shared from global
            register int global_tid = local_tid + iteration_num * 1024;
            shared_array[global_tid] = a[global_tid + blockIdx.x * (n / l)];
        }

        __syncthreads();

#pragma unroll
        for (int length = (n / 2); length >= l; length /= 2)
        { // for loops are required since we are handling all the remaining iterations in this kernel
            register int step = (n / length) / 2;

#pragma unroll
            for (int iteration_num = 0; iteration_num < (n / 1024 / l) / 2; iteration_num++)
            {
                register int global_tid = local_tid + iteration_num * 1024;
                register int psi_step = global_tid / step;
                register int target_index = psi_step * step * 2 + global_tid % step;

                psi_step = (global_tid + blockIdx.x * (n / l / 2)) / step;

                register uint64_t psiinv = psiinv_powers[length + psi_step];

                register uint64_t first_target_value = shared_array[target_index];
                register uint64_t second_target_value = shared_array[target_index + step];

                register uint64_t target_result = first_target_value + second_target_value;

                target_result -= q * (target_result >= q);

                shared_array[target_index] = (target_result >> 1) + q2 * (target_result & 1);

                first_target_value += q * (first_target_value < second_target_value);

                register k_uint128_t temp_storage = first_target_value - second_target_value;

                mul64(temp_storage.low, psiinv, temp_storage);

                singleBarrett(temp_storage, q, mu, qbit);

                register uint64_t temp_storage_low = temp_storage.low;

                shared_array[target_index + step] = (temp_storage_low >> 1) + q2 * (temp_storage_low & 1);
            }

            __syncthreads();
        }

#pragma unroll
        for (int iteration_num = 0; iteration_num < (n / 1024 / l); iteration_num++)
        { // copy back to global from shared
            register int global_tid = local_tid + iteration_num * 1024;
            a[global_tid + blockIdx.x * (n / l)] = shared_array[global_tid];
        }
    }

    template <unsigned l, unsigned n>
    __global__ void CTBasedNTTInner(uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[])
    {
        // no shared memory - handling only one iteration in here

        int length = l;

        register int global_tid = blockIdx.x * 1024 + threadIdx.x;
        register int step = (n / length) / 2;
        register int psi_step = global_tid / step;
        register int target_index = psi_step * step * 2 + global_tid % step;

        register uint64_t psi = psi_powers[length + psi_step];

        register uint64_t first_target_value = a[target_index];
        register k_uint128_t temp_storage = a[target_index + step];

        mul64(temp_storage.low, psi, temp_storage);

        singleBarrett(temp_storage, q, mu, qbit);
        register uint64_t second_target_value = temp_storage.low;

        register uint64_t target_result = first_target_value + second_target_value;

        target_result -= q * (target_result >= q);

        a[target_index] = target_result;

        first_target_value += q * (first_target_value < second_target_value);

        a[target_index + step] = first_target_value - second_target_value;
    }

    template <unsigned l, unsigned n>
    __global__ void GSBasedINTTInner(uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[])
    {
        // no shared memory - handling only one iteration in here

        int length = l;

        register int global_tid = blockIdx.x * 1024 + threadIdx.x;
        register int step = (n / length) / 2;
        register int psi_step = global_tid / step;
        register int target_index = psi_step * step * 2 + global_tid % step;

        register uint64_t psiinv = psiinv_powers[length + psi_step];

        register uint64_t first_target_value = a[target_index];
        register uint64_t second_target_value = a[target_index + step];

        register uint64_t target_result = first_target_value + second_target_value;

        target_result -= q * (target_result >= q);

        register uint64_t q2 = (q + 1) >> 1;

        target_result = (target_result >> 1) + q2 * (target_result & 1);

        a[target_index] = target_result;

        first_target_value += q * (first_target_value < second_target_value);

        register k_uint128_t temp_storage = first_target_value - second_target_value;

        mul64(temp_storage.low, psiinv, temp_storage);

        singleBarrett(temp_storage, q, mu, qbit);

        register uint64_t temp_storage_low = temp_storage.low;

        temp_storage_low = (temp_storage_low >> 1) + q2 * (temp_storage_low & 1);

        a[target_index + step] = temp_storage_low;
    }


    // --------------------------------------------------------------------------------------------------------------------------------------------------------
    // explicit template instantiations
    // all these are required for the program to compile

    // n = 2048
    template __global__ void CTBasedNTTInnerSingle<1, 2048>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);
    template __global__ void GSBasedINTTInnerSingle<1, 2048>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);

    // n = 4096
    template __global__ void CTBasedNTTInnerSingle<1, 4096>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);
    template __global__ void GSBasedINTTInner<1, 4096>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);
    template __global__ void GSBasedINTTInnerSingle<2, 4096>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);

    // n = 8192
    template __global__ void CTBasedNTTInner<1, 8192>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);
    template __global__ void CTBasedNTTInnerSingle<2, 8192>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);
    template __global__ void GSBasedINTTInner<1, 8192>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);
    template __global__ void GSBasedINTTInner<2, 8192>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);
    template __global__ void GSBasedINTTInnerSingle<4, 8192>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);

    // n = 16384
    template __global__ void CTBasedNTTInner<1, 16384>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);
    template __global__ void CTBasedNTTInner<2, 16384>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);
    template __global__ void CTBasedNTTInnerSingle<4, 16384>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);
    template __global__ void GSBasedINTTInner<1, 16384>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);
    template __global__ void GSBasedINTTInner<2, 16384>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);
    template __global__ void GSBasedINTTInner<4, 16384>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);
    template __global__ void GSBasedINTTInnerSingle<8, 16384>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);

    // n = 32768
    template __global__ void CTBasedNTTInner<1, 32768>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);
    template __global__ void CTBasedNTTInner<2, 32768>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);
    template __global__ void CTBasedNTTInner<4, 32768>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);
    template __global__ void CTBasedNTTInnerSingle<8, 32768>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psi_powers[]);
    template __global__ void GSBasedINTTInner<1, 32768>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);
    template __global__ void GSBasedINTTInner<2, 32768>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);
    template __global__ void GSBasedINTTInner<4, 32768>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);
    template __global__ void GSBasedINTTInner<8, 32768>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);
    template __global__ void GSBasedINTTInnerSingle<16, 32768>(
        uint64_t a[], uint64_t q, uint64_t mu, int qbit, uint64_t psiinv_powers[]);

    // --------------------------------------------------------------------------------------------------------------------------------------------------------
    // explicit template instantiations for batch ntt
    // all these are required for the program to compile

    // n = 2048
    template __global__ void CTBasedNTTInnerSingle_batch<1, 2048>(
        uint64_t a[], uint64_t psi_powers[], unsigned division);
    template __global__ void GSBasedINTTInnerSingle_batch<1, 2048>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);

    // n = 4096
    template __global__ void CTBasedNTTInnerSingle_batch<1, 4096>(
        uint64_t a[], uint64_t psi_powers[], unsigned division);
    template __global__ void GSBasedINTTInner_batch<1, 4096>(uint64_t a[], uint64_t psiinv_powers[], unsigned division);
    template __global__ void GSBasedINTTInnerSingle_batch<2, 4096>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);

    // n = 8192
    template __global__ void CTBasedNTTInner_batch<1, 8192>(uint64_t a[], uint64_t psi_powers[], unsigned division);
    template __global__ void CTBasedNTTInnerSingle_batch<2, 8192>(
        uint64_t a[], uint64_t psi_powers[], unsigned division);
    template __global__ void GSBasedINTTInner_batch<1, 8192>(uint64_t a[], uint64_t psiinv_powers[], unsigned division);
    template __global__ void GSBasedINTTInner_batch<2, 8192>(uint64_t a[], uint64_t psiinv_powers[], unsigned division);
    template __global__ void GSBasedINTTInnerSingle_batch<4, 8192>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);

    // n = 16384
    template __global__ void CTBasedNTTInner_batch<1, 16384>(uint64_t a[], uint64_t psi_powers[], unsigned division);
    template __global__ void CTBasedNTTInner_batch<2, 16384>(uint64_t a[], uint64_t psi_powers[], unsigned division);
    template __global__ void CTBasedNTTInnerSingle_batch<4, 16384>(
        uint64_t a[], uint64_t psi_powers[], unsigned division);
    template __global__ void GSBasedINTTInner_batch<1, 16384>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);
    template __global__ void GSBasedINTTInner_batch<2, 16384>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);
    template __global__ void GSBasedINTTInner_batch<4, 16384>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);
    template __global__ void GSBasedINTTInnerSingle_batch<8, 16384>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);

    // n = 32768
    template __global__ void CTBasedNTTInner_batch<1, 32768>(uint64_t a[], uint64_t psi_powers[], unsigned division);
    template __global__ void CTBasedNTTInner_batch<2, 32768>(uint64_t a[], uint64_t psi_powers[], unsigned division);
    template __global__ void CTBasedNTTInner_batch<4, 32768>(uint64_t a[], uint64_t psi_powers[], unsigned division);
    template __global__ void CTBasedNTTInnerSingle_batch<8, 32768>(
        uint64_t a[], uint64_t psi_powers[], unsigned division);
    template __global__ void GSBasedINTTInner_batch<1, 32768>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);
    template __global__ void GSBasedINTTInner_batch<2, 32768>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);
    template __global__ void GSBasedINTTInner_batch<4, 32768>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);
    template __global__ void GSBasedINTTInner_batch<8, 32768>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);
    template __global__ void GSBasedINTTInnerSingle_batch<16, 32768>(
        uint64_t a[], uint64_t psiinv_powers[], unsigned division);


} // namespace seal (added: ntt_60bit.cu closes its namespace after the host code removed above)
