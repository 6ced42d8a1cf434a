// tilelab kernel collection: gQuant: The CuPy RawKernel version of the Asian barrier option pricer (the .cu's barrier_option with an unused tid and n)
// Source:  https://github.com/NVIDIA/fsi-samples/blob/6f22a5f3aacbe46a178b265dafff7fbd8d3ce9a1/gQuant/plugins/gquant_plugin/notebooks/asian_barrier_option/mc_pricing.ipynb
//          (NVIDIA/fsi-samples, commit 6f22a5f: a notebook; the kernel is the source string of its cell 23's cupy.RawKernel)
// Licence: Apache-2.0 (gQuant/LICENSE; the notebook carries no notice of its own: the licence's notice follows).
// Kept: the RawKernel's source string, unchanged: lines 2-39 of cell 23's source (the Python around it
//       removed). The launch: cupy_barrier_option(((N_PATHS - 1) // 256 + 1,), (256,), (...)) in cell 25, the notebook's host.
//
// Copyright 2018 NVIDIA Corporation (as gQuant/LICENSE states it)
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
//

extern "C" __global__ void barrier_option(
    float *d_s,
    const float T,
    const float K,
    const float B,
    const float S0,
    const float sigma,
    const float mu,
    const float r,
    const float * d_normals,
    const long N_STEPS,
    const long N_PATHS)
{
  unsigned idx =  threadIdx.x + blockIdx.x * blockDim.x;
  unsigned stride = blockDim.x * gridDim.x;
  unsigned tid = threadIdx.x;

  const float tmp1 = mu*T/N_STEPS;
  const float tmp2 = exp(-r*T);
  const float tmp3 = sqrt(T/N_STEPS);
  double running_average = 0.0;

  for (unsigned i = idx; i<N_PATHS; i+=stride)
  {
    float s_curr = S0;
    unsigned n=0;
    for(unsigned n = 0; n < N_STEPS; n++){
       s_curr += tmp1 * s_curr + sigma*s_curr*tmp3*d_normals[i + n * N_PATHS];
       running_average += (s_curr - running_average) / (n + 1.0) ;
       if (running_average <= B){
           break;
       }
    }

    float payoff = (running_average>K ? running_average-K : 0.f);
    d_s[i] = tmp2 * payoff;
  }
}
