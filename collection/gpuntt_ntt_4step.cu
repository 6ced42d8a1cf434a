// tilelab kernel collection: GPU-NTT's four-step NTT, its batched 16 x 16 transpose and first 32-point NTT step
// Source:  https://github.com/Alisah-Ozcan/GPU-NTT/blob/95c739c48d11827277e132f5eec4d4e454d60835/src/lib/ntt_4step/ntt_4step.cu
//          (Alisah-Ozcan/GPU-NTT, commit 95c739c; paper https://eprint.iacr.org/2023/1410), with the few
//          definitions of src/include/gpuntt/common/modular_arith.cuh that the kernels use (same commit).
// Licence: Apache-2.0 (the repository's LICENSE; each file's own SPDX notice kept below).
// Kept:    modular_arith.cuh lines 18-26 (the Data/Root typedefs), 28-60 (struct Modulus and its typedefs; its two
//          __host__ helpers compute bit and mu on the host), 166-172 (Root, Ninverse), 174-460 (the GPU Barrett
//          operations: a 128-bit product by inline PTX mul.lo/mul.hi.u64, a 128-bit subtraction by sub.cc/subc,
//          OPERATOR_GPU); its includes <math.h>, <cinttypes>, <cstdint>, <type_traits> (lines 9, 10, 13, 14; <string>,
//          <vector> and the CUDA runtime headers are host-only here). ntt_4step.cu lines 1-5 (notice) and 9-229:
//          the namespace's device code up to the second FourStepForwardCoreT1 overload, unchanged (CooleyTukeyUnit_,
//          GentlemanSandeUnit_, Transpose_Batch, the RNS and single-modulus FourStepForwardCoreT1), and a closing
//          brace for the namespace (added). GPU_Transpose (lines 58-66, host code) is removed.
// Launches: GPU_Transpose's Transpose_Batch<<<dim3(col >> 4, row >> 4, batch_size), dim3(16, 16)>>> and
//          GPU_4STEP_NTT's (RNS configuration) first launch for n = 2^12, FourStepForwardCoreT1<<<dim3(4, batch_size),
//          dim3(32, 8)>>>(in, out, n1_root_of_unity_table, modulus, 7, 1024, 12, mod_count).

// (C) Ulvetanna Inc.
// Licensed under the Apache License, Version 2.0, see LICENSE for details.
// SPDX-License-Identifier: Apache-2.0
// Developer: Alişah Özcan
// Paper: https://eprint.iacr.org/2023/1410

// ---- from src/include/gpuntt/common/modular_arith.cuh (Copyright 2024 Alisah Ozcan, Apache-2.0), lines 9, 10, 13, 14
#include <math.h>
#include <cinttypes>
#include <cstdint>
#include <type_traits>

// ---- modular_arith.cuh lines 18-60
typedef std::int32_t Data32s; // signed 32-bit integer
typedef std::uint32_t Data32; // unsigned 32-bit integer
typedef std::uint32_t Root32;
typedef std::uint32_t Ninverse32;

typedef std::int64_t Data64s; // signed 64-bit integer
typedef std::uint64_t Data64; // unsigned 64-bit integer
typedef std::uint64_t Root64;
typedef std::uint64_t Ninverse64;

template <typename T1> struct Modulus
{
    T1 value;
    T1 bit;
    T1 mu;

    // Constructor to initialize the Modulus
    __host__ Modulus(T1 mod) : value(mod)
    {
        bit = bit_generator();
        mu = mu_generator();
    }

    __host__ Modulus() : value(0), bit(0), mu(0) {}

  private:
    __host__ T1 bit_generator() const
    {
        return static_cast<T1>(log2(value) + 1);
    }

    __host__ T1 mu_generator() const
    {
        using T2 = typename std::conditional<std::is_same<T1, Data32>::value,
                                             Data64, __uint128_t>::type;
        T2 mu_ = static_cast<T2>(1) << ((2 * bit) + 1);
        mu_ = mu_ / value;
        return static_cast<T1>(mu_);
    }
};

typedef Modulus<Data32> Modulus32;
typedef Modulus<Data64> Modulus64;

// ---- modular_arith.cuh lines 166-172
template <typename T>
using Root = typename std::conditional<std::is_same<T, Data32>::value, Root32,
                                       Root64>::type;

template <typename T>
using Ninverse = typename std::conditional<std::is_same<T, Data32>::value,
                                           Ninverse32, Ninverse64>::type;

// ---- modular_arith.cuh lines 174-460
namespace modular_operation_gpu
{
    template <typename T1> class BarrettOperations
    {
        // It does not work  modulus higher than 30 bit for Data32.
        // It does not work  modulus higher than 62 bit for Data64.
      private:
        class uint128_t
        {
          public:
            // x -> LSB side
            // y -> MSB side
            ulonglong2 value;

            __device__ __forceinline__ uint128_t()
            {
                value.x = 0;
                value.y = 0;
            }

            __device__ __forceinline__ uint128_t(const Data64& input)
            {
                value.x = input;
                value.y = 0;
            }

            __device__ __forceinline__ void operator=(const uint128_t& input)
            {
                value.x = input.value.x;
                value.y = input.value.y;
            }

            __device__ __forceinline__ void operator=(const uint64_t& input)
            {
                value.x = input;
                value.y = 0;
            }

            __device__ __forceinline__ uint128_t
            operator<<(const std::uint32_t& shift)
            {
                uint128_t result;

                result.value.y = value.y << shift;
                result.value.y = (value.x >> (64 - shift)) | result.value.y;
                result.value.x = value.x << shift;

                return result;
            }

            __device__ __forceinline__ uint128_t
            operator>>(const std::uint32_t& shift)
            {
                uint128_t result;

                result.value.x = value.x >> shift;
                result.value.x = (value.y << (64 - shift)) | result.value.x;
                result.value.y = value.y >> shift;

                return result;
            }

            __device__ __forceinline__ uint128_t operator-(uint128_t& other)
            {
                uint128_t result;

                asm("{\n\t"
                    "sub.cc.u64      %1, %3, %5;    \n\t"
                    "subc.u64        %0, %2, %4;    \n\t"
                    "}"
                    : "=l"(result.value.y), "=l"(result.value.x)
                    : "l"(value.y), "l"(value.x), "l"(other.value.y),
                      "l"(other.value.x));

                return result;
            }

            __device__ __forceinline__ uint128_t
            operator-=(const uint128_t& other)
            {
                uint128_t result;
                asm("{\n\t"
                    "sub.cc.u64      %1, %3, %5;    \n\t"
                    "subc.u64        %0, %2, %4;    \n\t"
                    "}"
                    : "=l"(result.value.y), "=l"(result.value.x)
                    : "l"(value.y), "l"(value.x), "l"(other.value.y),
                      "l"(other.value.x));

                return result;
            }
        };

      public:
        // Modular Addition
        // result = (input1 + input2) % modulus
        static __device__ __forceinline__ T1 add(const T1& input1,
                                                 const T1& input2,
                                                 const Modulus<T1>& modulus)
        {
            T1 sum = input1 + input2;
            return (sum >= modulus.value) ? (sum - modulus.value) : sum;
        }

        // Modular Subtraction
        // result = (input1 - input2) % modulus
        static __device__ __forceinline__ T1 sub(const T1& input1,
                                                 const T1& input2,
                                                 const Modulus<T1>& modulus)
        {
            T1 dif = input1 + modulus.value;
            dif = dif - input2;
            return (dif >= modulus.value) ? (dif - modulus.value) : dif;
        }

        // 64-bit Multiplication for 32-bit T1
        static __device__ __forceinline__ Data64 mult64(const Data32& a,
                                                        const Data32& b)
        {
            return static_cast<Data64>(a) * static_cast<Data64>(b);
        }

        // 128-bit Multiplication for 64-bit T1
        static __device__ __forceinline__ uint128_t mult128(const Data64& a,
                                                            const Data64& b)
        {
            uint128_t result;
            asm("{\n\t"
                "mul.lo.u64      %1, %2, %3;    \n\t"
                "mul.hi.u64      %0, %2, %3;    \n\t"
                "}"
                : "=l"(result.value.y), "=l"(result.value.x)
                : "l"(a), "l"(b));
            return result;
        }

        // Modular Multiplication
        // result = (input1 * input2) % modulus
        static __device__ __forceinline__ T1 mult(const T1& input1,
                                                  const T1& input2,
                                                  const Modulus<T1>& modulus)
        {
            if constexpr (std::is_same<T1, Data32>::value)
            {
                Data64 z = mult64(input1, input2);
                Data64 w = z >> (modulus.bit - 2);
                w = mult64(static_cast<Data32>(w), modulus.mu);
                w = w >> (modulus.bit + 3);
                w = mult64(static_cast<Data32>(w), modulus.value);
                z = z - w;
                return static_cast<T1>(
                    (z >= modulus.value) ? (z - modulus.value) : z);
            }
            else
            {
                uint128_t z = mult128(input1, input2);
                uint128_t w = z >> (modulus.bit - 2);
                w = mult128(w.value.x, modulus.mu);
                w = w >> (modulus.bit + 3);
                w = mult128(w.value.x, modulus.value);
                z = z - w;
                return (z.value.x >= modulus.value)
                           ? (z.value.x - modulus.value)
                           : z.value.x;
            }
        }

        // Barrett Reduction
        // result = input1 % modulus
        static __device__ __forceinline__ T1 reduce(const T1& input,
                                                    const Modulus<T1>& modulus)
        {
            if constexpr (std::is_same<T1, Data32>::value)
            {
                Data64 z = static_cast<Data64>(input);
                Data64 w = z >> (modulus.bit - 2);
                w = mult64(static_cast<Data32>(w), modulus.mu);
                w = w >> (modulus.bit + 3);
                w = mult64(static_cast<Data32>(w), modulus.value);
                z = z - w;
                return static_cast<T1>(
                    (z >= modulus.value) ? (z - modulus.value) : z);
            }
            else
            {
                uint128_t z(input);
                uint128_t w = z >> (modulus.bit - 2);
                w = mult128(w.value.x, modulus.mu);
                w = w >> (modulus.bit + 3);
                w = mult128(w.value.x, modulus.value);
                z = z - w;
                return (z.value.x >= modulus.value)
                           ? (z.value.x - modulus.value)
                           : z.value.x;
            }
        }

        // Converts a potentially negative signed input into [0, modulus) range.
        static __device__ __forceinline__ T1
        reduce(const typename std::make_signed<T1>::type& input,
               const Modulus<T1>& modulus)
        {
            if (input < 0)
            {
                return modulus.value -
                       static_cast<T1>(-static_cast<Data64s>(input));
            }
            else
            {
                return static_cast<T1>(input);
            }
        }

        // Converts an unsigned input in [0, modulus) into a centered range
        // [−modulus/2, modulus/2).
        static __device__ __forceinline__ typename std::make_signed<T1>::type
        centered_reduction(const T1& input, const Modulus<T1>& modulus)
        {
            using SignedT = typename std::make_signed<T1>::type;

            T1 half_mod = modulus.value >> 1;

            if (input > half_mod)
            {
                return static_cast<SignedT>(input) -
                       static_cast<SignedT>(modulus.value);
            }
            else
            {
                return static_cast<SignedT>(input);
            }
        }

        // Forced Reduction (Repeated Reduction Until Input < Modulus)
        // result = input1 % modulus
        static __device__ __forceinline__ T1
        reduce_forced(const T1& input, const Modulus<T1>& modulus)
        {
            T1 result = input;
            while (result >= modulus.value)
            {
                result = reduce(result, modulus);
            }
            return result;
        }

        // Forced Reduction
        // result = input1 % modulus
        static __device__ __forceinline__ T1 reduce(T1* input1,
                                                    const Modulus<T1>& modulus)
        {
            if constexpr (std::is_same<T1, Data32>::value)
            {
                Data64 z = (static_cast<Data64>(input1[1]) << 32) |
                           static_cast<Data32>(input1[0]);
                Data64 w = z >> (modulus.bit - 2);
                w = mult64(static_cast<Data32>(w), modulus.mu);
                w = w >> (modulus.bit + 3);
                w = mult64(static_cast<Data32>(w), modulus.value);
                z = z - w;
                return static_cast<T1>(
                    (z >= modulus.value) ? (z - modulus.value) : z);
            }
            else
            {
                uint128_t z;
                z.value.x = input1[0];
                z.value.y = input1[1];
                uint128_t w = z >> (modulus.bit - 2);
                w = mult128(w.value.x, modulus.mu);
                w = w >> (modulus.bit + 3);
                w = mult128(w.value.x, modulus.value);
                z = z - w;
                return (z.value.x >= modulus.value)
                           ? (z.value.x - modulus.value)
                           : z.value.x;
            }
        }
    };

} // namespace modular_operation_gpu

template <typename T>
using OPERATOR_GPU = modular_operation_gpu::BarrettOperations<T>;

typedef OPERATOR_GPU<Data32> OPERATOR_GPU_32;
typedef OPERATOR_GPU<Data64> OPERATOR_GPU_64;
// ---- end of modular_arith.cuh

// ---- ntt_4step.cu lines 9-57
namespace gpuntt
{

    template <typename T>
    __device__ void CooleyTukeyUnit_(T& U, T& V, Root<T>& root,
                                     Modulus<T>& modulus)
    {
        T u_ = U;
        T v_ = OPERATOR_GPU<T>::mult(V, root, modulus);

        U = OPERATOR_GPU<T>::add(u_, v_, modulus);
        V = OPERATOR_GPU<T>::sub(u_, v_, modulus);
    }

    template <typename T>
    __device__ void GentlemanSandeUnit_(T& U, T& V, Root<T>& root,
                                        Modulus<T>& modulus)
    {
        T u_ = U;
        T v_ = V;

        U = OPERATOR_GPU<T>::add(u_, v_, modulus);

        v_ = OPERATOR_GPU<T>::sub(u_, v_, modulus);
        V = OPERATOR_GPU<T>::mult(v_, root, modulus);
    }

    template <typename T>
    __global__ void Transpose_Batch(T* polynomial_in, T* polynomial_out,
                                    const int row, const int col, int n_power)
    {
        int idx_x = threadIdx.x; // 16
        int idx_y = threadIdx.y; // 16

        int block_x = blockIdx.x * blockDim.x;
        int block_y = blockIdx.y * blockDim.y;

        int divindex = blockIdx.z << n_power;

        __shared__ T sharedmemorys[16][16];

        sharedmemorys[idx_y][idx_x] = polynomial_in[((block_y + idx_y) * col) +
                                                    block_x + idx_x + divindex];
        __syncthreads();

        polynomial_out[((block_x + idx_y) * row) + block_y + idx_x + divindex] =
            sharedmemorys[idx_x][idx_y];
    }


    // ---- (GPU_Transpose, ntt_4step.cu lines 58-66, host code, removed)

// ---- ntt_4step.cu lines 68-229
    template <typename T>
    __global__ void
    FourStepForwardCoreT1(T* polynomial_in, T* polynomial_out,
                          Root<T>* n1_root_of_unity_table, Modulus<T>* modulus,
                          int index1, int index2, int n_power, int mod_count)
    {
        int idx_x = threadIdx.x;
        int idx_y = threadIdx.y;
        int block_x = blockIdx.x;
        int block_y = blockIdx.y;

        __shared__ T sharedmemorys[32][32 + 1];

        int q_index = block_y % mod_count;
        Modulus<T> q_thread = modulus[q_index];

        int idx_index = idx_x + (idx_y << 5);
        int global_addresss = idx_index + (block_x << 10);
        int divindex = block_y << n_power;

        // Load T from global & store to shared
        sharedmemorys[idx_y][idx_x] = polynomial_in[global_addresss + divindex];
        sharedmemorys[idx_y + 8][idx_x] =
            polynomial_in[global_addresss + 256 + divindex];
        sharedmemorys[idx_y + 16][idx_x] =
            polynomial_in[global_addresss + 512 + divindex];
        sharedmemorys[idx_y + 24][idx_x] =
            polynomial_in[global_addresss + 768 + divindex];
        __syncthreads();

        int global_index1 = idx_x >> 4;
        int global_index2 = idx_x % 16;

        int t_ = 4;
        int t = 1 << t_;
        int in_shared_address = ((global_index2 >> t_) << t_) + global_index2;

        CooleyTukeyUnit_(
            sharedmemorys[(idx_y << 1) + global_index1][in_shared_address],
            sharedmemorys[(idx_y << 1) + global_index1][in_shared_address + t],
            n1_root_of_unity_table[(global_index2 >> t_)], q_thread);
        CooleyTukeyUnit_(
            sharedmemorys[(idx_y << 1) + global_index1 + 16][in_shared_address],
            sharedmemorys[(idx_y << 1) + global_index1 + 16]
                         [in_shared_address + t],
            n1_root_of_unity_table[(global_index2 >> t_)], q_thread);
        __syncthreads();

        for (int i = 0; i < 4; i++)
        {
            t = t >> 1;
            t_ -= 1;

            in_shared_address = ((global_index2 >> t_) << t_) + global_index2;

            CooleyTukeyUnit_(
                sharedmemorys[(idx_y << 1) + global_index1][in_shared_address],
                sharedmemorys[(idx_y << 1) + global_index1]
                             [in_shared_address + t],
                n1_root_of_unity_table[(global_index2 >> t_)], q_thread);
            CooleyTukeyUnit_(sharedmemorys[(idx_y << 1) + global_index1 + 16]
                                          [in_shared_address],
                             sharedmemorys[(idx_y << 1) + global_index1 + 16]
                                          [in_shared_address + t],
                             n1_root_of_unity_table[(global_index2 >> t_)],
                             q_thread);
            __syncthreads();
        }
        __syncthreads();

        polynomial_out[idx_x + (idx_y << index1) + (block_x << 5) + divindex] =
            sharedmemorys[idx_x][idx_y];
        polynomial_out[idx_x + (idx_y << index1) + (block_x << 5) + index2 +
                       divindex] = sharedmemorys[idx_x][idx_y + 8];
        polynomial_out[idx_x + (idx_y << index1) + (block_x << 5) +
                       (index2 * 2) + divindex] =
            sharedmemorys[idx_x][idx_y + 16];
        polynomial_out[idx_x + (idx_y << index1) + (block_x << 5) +
                       (index2 * 3) + divindex] =
            sharedmemorys[idx_x][idx_y + 24];
    }

    template <typename T>
    __global__ void FourStepForwardCoreT1(T* polynomial_in, T* polynomial_out,
                                          Root<T>* n1_root_of_unity_table,
                                          Modulus<T> modulus, int index1,
                                          int index2, int n_power)
    {
        int idx_x = threadIdx.x;
        int idx_y = threadIdx.y;
        int block_x = blockIdx.x;
        int block_y = blockIdx.y;

        __shared__ T sharedmemorys[32][32 + 1];

        Modulus<T> q_thread = modulus;

        int idx_index = idx_x + (idx_y << 5);
        int global_addresss = idx_index + (block_x << 10);
        int divindex = block_y << n_power;

        // Load T from global & store to shared
        sharedmemorys[idx_y][idx_x] = polynomial_in[global_addresss + divindex];
        sharedmemorys[idx_y + 8][idx_x] =
            polynomial_in[global_addresss + 256 + divindex];
        sharedmemorys[idx_y + 16][idx_x] =
            polynomial_in[global_addresss + 512 + divindex];
        sharedmemorys[idx_y + 24][idx_x] =
            polynomial_in[global_addresss + 768 + divindex];
        __syncthreads();

        int global_index1 = idx_x >> 4;
        int global_index2 = idx_x % 16;

        int t_ = 4;
        int t = 1 << t_;
        int in_shared_address = ((global_index2 >> t_) << t_) + global_index2;

        CooleyTukeyUnit_(
            sharedmemorys[(idx_y << 1) + global_index1][in_shared_address],
            sharedmemorys[(idx_y << 1) + global_index1][in_shared_address + t],
            n1_root_of_unity_table[(global_index2 >> t_)], q_thread);
        CooleyTukeyUnit_(
            sharedmemorys[(idx_y << 1) + global_index1 + 16][in_shared_address],
            sharedmemorys[(idx_y << 1) + global_index1 + 16]
                         [in_shared_address + t],
            n1_root_of_unity_table[(global_index2 >> t_)], q_thread);
        __syncthreads();

        for (int i = 0; i < 4; i++)
        {
            t = t >> 1;
            t_ -= 1;

            in_shared_address = ((global_index2 >> t_) << t_) + global_index2;

            CooleyTukeyUnit_(
                sharedmemorys[(idx_y << 1) + global_index1][in_shared_address],
                sharedmemorys[(idx_y << 1) + global_index1]
                             [in_shared_address + t],
                n1_root_of_unity_table[(global_index2 >> t_)], q_thread);
            CooleyTukeyUnit_(sharedmemorys[(idx_y << 1) + global_index1 + 16]
                                          [in_shared_address],
                             sharedmemorys[(idx_y << 1) + global_index1 + 16]
                                          [in_shared_address + t],
                             n1_root_of_unity_table[(global_index2 >> t_)],
                             q_thread);
            __syncthreads();
        }
        __syncthreads();

        polynomial_out[idx_x + (idx_y << index1) + (block_x << 5) + divindex] =
            sharedmemorys[idx_x][idx_y];
        polynomial_out[idx_x + (idx_y << index1) + (block_x << 5) + index2 +
                       divindex] = sharedmemorys[idx_x][idx_y + 8];
        polynomial_out[idx_x + (idx_y << index1) + (block_x << 5) +
                       (index2 * 2) + divindex] =
            sharedmemorys[idx_x][idx_y + 16];
        polynomial_out[idx_x + (idx_y << index1) + (block_x << 5) +
                       (index2 * 3) + divindex] =
            sharedmemorys[idx_x][idx_y + 24];
    }
} // namespace gpuntt (added: the file's namespace continues with kernels not kept here)
