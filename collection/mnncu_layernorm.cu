// Collection file: from alibaba/MNN (Alibaba's inference engine), its CUDA backend's LayerNorm execution.
// Source:  https://github.com/alibaba/MNN/blob/4d40bdbd7efb73a58383bb5da867a6f41eb1776e/source/backend/cuda/execution/LayerNormExecution.cu
// Licence: Apache-2.0 (the repository's LICENSE.txt; the file carries no notice of its own, so the repository's
//          copyright line and Apache-2.0 notice are repeated below).
// Kept: lines 4-426 (the namespaces, CUDA_KERNEL_LOOP and the nine __global__ kernels: input_layernorm,
//       input_layernorm_320, _2048, _1024, _512, input_layernorm_adaptive, binary_layernorm_c4, layernorm_c4,
//       LAYERNORM), unchanged, then the closing braces of lines 635-636. Removed: lines 1-3 (LayerNormExecution.hpp,
//       MNNCUDADefine.hpp, core/TensorUtils.hpp: host headers) and 428-633 (LayerNormExecution's constructor,
//       onResize, onExecute, the creator and its registration: host code). Copied in, marked: lines 42-72 of
//       source/backend/cuda/execution/MNNCUDAFunction.cuh (FINAL_MASK, warpReduceSum, blockReduceSum), which
//       LayerNormExecution.hpp includes. The launches are onExecute's (entries' comments in manifest.toml).

// Copyright © 2018, Alibaba Group Holding Limited   (the copyright line of LayerNormExecution.hpp)
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

// ---- copied in from source/backend/cuda/execution/MNNCUDAFunction.cuh, lines 42-72:
#define FINAL_MASK 0xffffffff

template <typename T>
__inline__ __device__
T warpReduceSum(T val)
{
    for(int mask = 16; mask > 0; mask >>= 1) {
        val += __shfl_xor_sync(FINAL_MASK, val, mask, 32);
    }
    return val;
}

template <typename T>
__inline__ __device__
T blockReduceSum(T val)
{
    static __shared__ T shared[32];
    int lane = threadIdx.x & 0x1f;
    int wid = threadIdx.x >> 5;

    val = warpReduceSum<T>(val);

    if(lane == 0) {
        shared[wid] = val;
    }
    __syncthreads();

    val = (threadIdx.x < (blockDim.x >> 5 )) ? shared[lane] : (T)0.0f;
    val = warpReduceSum(val);
    return val;
}
// ---- end of MNNCUDAFunction.cuh's lines

namespace MNN {
namespace CUDA {

#define CUDA_KERNEL_LOOP(i, n) for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += blockDim.x * gridDim.x)

template <typename T>
__global__ 
void input_layernorm(T* out, const T* input, const float* gamma, const float* beta, int m, int n, const float epsilon, int sumPerKnl, bool RMSNorm)
{
  int tid = threadIdx.x;

  __shared__ float s_mean;
  __shared__ float s_variance;
  float mean =  0.0f;
  float variance = 0.0f;

  float local_out = 0.0f;
  s_mean = 0;

  if(!RMSNorm){
    for(int idx=0; idx<sumPerKnl && idx*256 + tid < n; idx++) {
     local_out += (float)(input[blockIdx.x * n + idx*256 + tid]);
    }

    mean = blockReduceSum<float>(local_out);
    if(threadIdx.x == 0)
      s_mean = mean / n;
    __syncthreads();
  }
  mean = s_mean;

  float var_tmp = 0.0f;
  for(int idx=0; idx<sumPerKnl && idx*256 + tid < n; idx++) {
    var_tmp += (((float)input[blockIdx.x * n + idx*256 + tid] - mean) * ((float)input[blockIdx.x * n + idx*256 + tid] - mean));
  }
  variance = blockReduceSum<float>(var_tmp);
  if(threadIdx.x == 0)
    s_variance = variance / n + epsilon;
  __syncthreads();

  for(int idx=0; idx<sumPerKnl && idx*256 + tid < n; idx++) {
    float res = (((float)input[blockIdx.x * n + idx*256 + tid] - mean) * rsqrtf(s_variance));
    if(gamma != nullptr && beta != nullptr) {
        res = res * (float)(__ldg(&gamma[idx*256 + tid])) + (float)(__ldg(&beta[idx*256 + tid]));
    }
    out[blockIdx.x * n + idx*256+tid] = (T)res;
  }
}

template <typename T>
__global__ 
void input_layernorm_320(T* out, const T* input, const float* gamma, const float* beta, int m, int n, const float epsilon, bool RMSNorm)
{
  int tid = threadIdx.x;

  __shared__ float s_mean;
  __shared__ float s_variance;
  float mean =  0.0f;
  float variance = 0.0f;

  float local_out = 0.0f;
  s_mean = 0;

  float value_tmp[5];
  value_tmp[0] = input[blockIdx.x * n + 0*64 + tid];
  value_tmp[1] = input[blockIdx.x * n + 1*64 + tid];
  value_tmp[2] = input[blockIdx.x * n + 2*64 + tid];
  value_tmp[3] = input[blockIdx.x * n + 3*64 + tid];
  value_tmp[4] = input[blockIdx.x * n + 4*64 + tid];

  if(!RMSNorm){
    for(int idx=0; idx<5; idx++) {
     local_out += value_tmp[idx];
    }

    mean = blockReduceSum<float>(local_out);
    if(threadIdx.x == 0)
      s_mean = mean / n;
    __syncthreads();
  }
  mean = s_mean;

  float var_tmp = 0.0f;
  for(int idx=0; idx<5; idx++) {
    var_tmp += ((value_tmp[idx] - mean) * (value_tmp[idx] - mean));
  }
  variance = blockReduceSum<float>(var_tmp);
  if(threadIdx.x == 0)
    s_variance = variance / n + epsilon;
  __syncthreads();

  for(int idx=0; idx<5; idx++) {
    float res = ((value_tmp[idx] - mean) * rsqrtf(s_variance));
    if(gamma != nullptr && beta != nullptr) {
        res = res * (float)(__ldg(&gamma[idx*64 + tid])) + (float)(__ldg(&beta[idx*64 + tid]));
    }
    out[blockIdx.x * n + idx*64+tid] = (T)res;
  }
}


template <typename T>
__global__ 
void input_layernorm_2048(T* out, const T* input, const float* gamma, const float* beta, int m, int n, const float epsilon, bool RMSNorm)
{
  int tid = threadIdx.x;

  __shared__ float s_mean;
  __shared__ float s_variance;
  float mean =  0.0f;
  float variance = 0.0f;

  float local_out = 0.0f;
  s_mean = 0;

  float value_tmp[8];
  value_tmp[0] = input[blockIdx.x * 2048 + 0*256 + tid];
  value_tmp[1] = input[blockIdx.x * 2048 + 1*256 + tid];
  value_tmp[2] = input[blockIdx.x * 2048 + 2*256 + tid];
  value_tmp[3] = input[blockIdx.x * 2048 + 3*256 + tid];
  value_tmp[4] = input[blockIdx.x * 2048 + 4*256 + tid];
  value_tmp[5] = input[blockIdx.x * 2048 + 5*256 + tid];
  value_tmp[6] = input[blockIdx.x * 2048 + 6*256 + tid];
  value_tmp[7] = input[blockIdx.x * 2048 + 7*256 + tid];

  if(!RMSNorm){
    #pragma unroll(8)
    for(int idx=0; idx<8; idx++) {
      local_out += (float)value_tmp[idx];
    }

    mean = blockReduceSum<float>(local_out);
    if(threadIdx.x == 0)
     s_mean = mean / n;
    __syncthreads();
  }
  mean = s_mean;

  float var_tmp = 0.0f;

  #pragma unroll(8)
  for(int idx=0; idx<8; idx++) {
    var_tmp += ((value_tmp[idx] - mean) * (value_tmp[idx] - mean));
  }
  variance = blockReduceSum<float>(var_tmp);
  if(threadIdx.x == 0)
    s_variance = variance / n + epsilon;
  __syncthreads();

  #pragma unroll(8)
  for(int idx=0; idx<8; idx++) {
    float res = ((value_tmp[idx] - mean) * rsqrtf(s_variance));
    if(gamma != nullptr && beta != nullptr) {
        res = res * (float)(__ldg(&gamma[idx*256 + tid])) + (float)(__ldg(&beta[idx*256 + tid]));
    }
    out[blockIdx.x * 2048 + idx*256+tid] = (T)res;
  }
}


template <typename T>
__global__ 
void input_layernorm_1024(T* out, const T* input, const float* gamma, const float* beta, int m, int n, const float epsilon, bool RMSNorm)
{
  int tid = threadIdx.x;

  __shared__ float s_mean;
  __shared__ float s_variance;
  float mean =  0.0f;
  float variance = 0.0f;

  float local_out = 0.0f;
  s_mean = 0;

  float value_tmp[4];
  value_tmp[0] = input[blockIdx.x * 1024 + 0*256 + tid];
  value_tmp[1] = input[blockIdx.x * 1024 + 1*256 + tid];
  value_tmp[2] = input[blockIdx.x * 1024 + 2*256 + tid];
  value_tmp[3] = input[blockIdx.x * 1024 + 3*256 + tid];

  if(!RMSNorm){
    #pragma unroll(4)
    for(int idx=0; idx<4; idx++) {
      local_out += (float)value_tmp[idx];
   }

   mean = blockReduceSum<float>(local_out);
   if(threadIdx.x == 0)
      s_mean = mean / n;
    __syncthreads();
  }
  mean = s_mean;

  float var_tmp = 0.0f;

  #pragma unroll(4)
  for(int idx=0; idx<4; idx++) {
    var_tmp += ((value_tmp[idx] - mean) * (value_tmp[idx] - mean));
  }
  variance = blockReduceSum<float>(var_tmp);
  if(threadIdx.x == 0)
    s_variance = variance / n + epsilon;
  __syncthreads();

  #pragma unroll(4)
  for(int idx=0; idx<4; idx++) {
    float res = ((value_tmp[idx] - mean) * rsqrtf(s_variance));
    if(gamma != nullptr && beta != nullptr) {
        res = res * (float)(__ldg(&gamma[idx*256 + tid])) + (float)(__ldg(&beta[idx*256 + tid]));
    }
    out[blockIdx.x * 1024 + idx*256+tid] = (T)res;
  }
}


template <typename T>
__global__ 
void input_layernorm_512(T* out, const T* input, const float* gamma, const float* beta, int m, int n, const float epsilon, bool RMSNorm)
{
  int tid = threadIdx.x;

  __shared__ float s_mean;
  __shared__ float s_variance;
  float mean =  0.0f;
  float variance = 0.0f;

  float local_out = 0.0f;
  s_mean = 0;

  float value_tmp[2];
  value_tmp[0] = input[blockIdx.x * 512 + 0*256 + tid];
  value_tmp[1] = input[blockIdx.x * 512 + 1*256 + tid];

  if(!RMSNorm){
    local_out += (float)value_tmp[0];
    local_out += (float)value_tmp[1];

    mean = blockReduceSum<float>(local_out);
    if(threadIdx.x == 0)
      s_mean = mean / n;
    __syncthreads();
  }
  mean = s_mean;

  float var_tmp = 0.0f;
  var_tmp += ((value_tmp[0] - mean) * (value_tmp[0] - mean));
  var_tmp += ((value_tmp[1] - mean) * (value_tmp[1] - mean));

  variance = blockReduceSum<float>(var_tmp);
  if(threadIdx.x == 0)
    s_variance = variance / n + epsilon;
  __syncthreads();

  float res0 = ((value_tmp[0] - mean) * rsqrtf(s_variance));
  float res1 = ((value_tmp[1] - mean) * rsqrtf(s_variance));

  if(gamma != nullptr && beta != nullptr) {
      res0 = res0 * (float)(__ldg(&gamma[0*256 + tid])) + (float)(__ldg(&beta[0*256 + tid]));
      res1 = res1 * (float)(__ldg(&gamma[1*256 + tid])) + (float)(__ldg(&beta[1*256 + tid]));
  }

  out[blockIdx.x * 512 + 0*256+tid] = (T)res0;
  out[blockIdx.x * 512 + 1*256+tid] = (T)res1;
}


// P3: Adaptive LayerNorm/RMSNorm kernel using configurable thread count (up to 1024)
// Each block handles one row; threads cooperatively process all elements
template <typename T>
__global__
void input_layernorm_adaptive(T* out, const T* input, const float* gamma, const float* beta,
                               int m, int n, const float epsilon, bool RMSNorm)
{
    const int tid = threadIdx.x;
    const int num_threads = blockDim.x;
    const int row = blockIdx.x;

    __shared__ float s_mean;
    __shared__ float s_variance;

    float mean = 0.0f;
    s_mean = 0.0f;

    // First pass: compute mean (for LayerNorm) or skip (for RMSNorm)
    if (!RMSNorm) {
        float local_sum = 0.0f;
        for (int i = tid; i < n; i += num_threads) {
            local_sum += (float)input[row * n + i];
        }
        mean = blockReduceSum<float>(local_sum);
        if (tid == 0) s_mean = mean / n;
        __syncthreads();
    }
    mean = s_mean;

    // Second pass: compute variance
    float var_sum = 0.0f;
    for (int i = tid; i < n; i += num_threads) {
        float val = (float)input[row * n + i] - mean;
        var_sum += val * val;
    }
    float variance = blockReduceSum<float>(var_sum);
    if (tid == 0) s_variance = variance / n + epsilon;
    __syncthreads();

    float inv_std = rsqrtf(s_variance);

    // Third pass: normalize and write output
    for (int i = tid; i < n; i += num_threads) {
        float res = ((float)input[row * n + i] - mean) * inv_std;
        if (gamma != nullptr && beta != nullptr) {
            res = res * (float)__ldg(&gamma[i]) + (float)__ldg(&beta[i]);
        }
        out[row * n + i] = (T)res;
    }
}

template <typename T>
__global__ void binary_layernorm_c4(T* sumOut, T* normOut, const T* input0, const T* input1, const float* gamma,
                                    const float* beta, int inside, int rowStride, float epsilon, bool RMSNorm) {
    const int tid = threadIdx.x;
    const int base = blockIdx.x * rowStride;
    __shared__ float sMean;
    __shared__ float sVariance;

    float localSum = 0.0f;
    float localSquareSum = 0.0f;
    for (int i = tid; i < inside; i += blockDim.x) {
        float value = (float)input0[base + i] + (float)input1[base + i];
        localSum += value;
        localSquareSum += value * value;
    }
    float sum = blockReduceSum<float>(localSum);
    if (tid == 0) {
        sMean = RMSNorm ? 0.0f : sum / inside;
    }
    __syncthreads();
    float squareSum = blockReduceSum<float>(localSquareSum);
    if (tid == 0) {
        float squareMean = squareSum / inside;
        sVariance = (RMSNorm ? squareMean : fmaxf(squareMean - sMean * sMean, 0.0f)) + epsilon;
    }
    __syncthreads();

    float invStd = rsqrtf(sVariance);
    for (int i = tid; i < inside; i += blockDim.x) {
        float value = (float)input0[base + i] + (float)input1[base + i];
        float result = (value - sMean) * invStd;
        if (gamma != nullptr && beta != nullptr) {
            result = result * __ldg(gamma + i) + __ldg(beta + i);
        }
        sumOut[base + i] = (T)value;
        normOut[base + i] = (T)result;
    }
}

template <typename T>
__global__ void layernorm_c4(T* output, const T* input, const float* gamma, const float* beta, int inside,
                             int rowStride, float epsilon, bool RMSNorm) {
    const int tid = threadIdx.x;
    const int base = blockIdx.x * rowStride;
    __shared__ float sMean;
    __shared__ float sVariance;

    float localSum = 0.0f;
    float localSquareSum = 0.0f;
    for (int i = tid; i < inside; i += blockDim.x) {
        float value = (float)input[base + i];
        localSum += value;
        localSquareSum += value * value;
    }
    float sum = blockReduceSum<float>(localSum);
    if (tid == 0) {
        sMean = RMSNorm ? 0.0f : sum / inside;
    }
    __syncthreads();
    float squareSum = blockReduceSum<float>(localSquareSum);
    if (tid == 0) {
        float squareMean = squareSum / inside;
        sVariance = (RMSNorm ? squareMean : fmaxf(squareMean - sMean * sMean, 0.0f)) + epsilon;
    }
    __syncthreads();

    float invStd = rsqrtf(sVariance);
    for (int i = tid; i < inside; i += blockDim.x) {
        float result = ((float)input[base + i] - sMean) * invStd;
        if (gamma != nullptr && beta != nullptr) {
            result = result * __ldg(gamma + i) + __ldg(beta + i);
        }
        output[base + i] = (T)result;
    }
}

template<typename T>
__global__ void LAYERNORM(const int count, const int outside, const int inside, const float epsilon,
                          const T* in, T* out, const float* gamma_data, const float* beta_data, bool RMSNorm) {
    CUDA_KERNEL_LOOP(i, count) {
        const int o = i / inside;
        const int index = i % inside;
        const T* inner_input = in + o * inside;
        T* inner_output = out + o * inside;
        float mean = 0.0f;
        if(!RMSNorm){
          float sum = 0.f;
          for (int j = 0; j < inside; ++j) {
            sum += (float)inner_input[j];
          }
          mean = sum / inside;
        }
        float square_sum = 0.f;
        for (int j = 0; j < inside; ++j) {
            square_sum += ((float)inner_input[j] - mean) * ((float)inner_input[j] - mean);
        }
        float variable = square_sum / inside;
        variable = 1.f / sqrt(variable + epsilon);

        float res = ((float)inner_input[index] - mean) * variable;
        if(gamma_data != nullptr && beta_data != nullptr) {
            res = res * gamma_data[index] + beta_data[index];
        }
        inner_output[index] = (T)res;
    }
}
}
}
