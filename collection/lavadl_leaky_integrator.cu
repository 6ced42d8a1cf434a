// tilelab kernel collection: lava-dl SLAYER's Loihi leaky integrator (CUBA current/voltage): 12-bit fixed-point decay with reset, forward and backward
// Source:  https://github.com/lava-nc/lava-dl/blob/d825ac506eb9bb91ea2b945116fb45a40e775451/src/lava/lib/dl/slayer/neuron/dynamics/leaky_integrator.cu
//          (lava-nc/lava-dl, commit d825ac5; built by torch.utils.cpp_extension.load from slayer/neuron/dynamics)
// Licence: BSD-3-Clause (the file's SPDX line; the repository's LICENSE is repeated below).
// Kept, unchanged: lines 1-4 (its notice) and 24-110 (LIDynamicsFwdKernel, LIDynamicsBwdKernel).
//       Removed: lines 5-23 (torch and host includes, CHECK_ macros, using declarations) and 111-251 (torch host functions, autograd class, PYBIND11 module).

/*
 * BSD 3-Clause License
 *
 * Copyright (c) 2021, Intel Corporation
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 *
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the documentation
 *    and/or other materials provided with the distribution.
 *
 * 3. Neither the name of the copyright holder nor the names of its
 *    contributors may be used to endorse or promote products derived from
 *    this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

/*
Copyright (C) 2021 Intel Corporation
SPDX-License-Identifier:  BSD-3-Clause
*/
template <class T>
__global__ void LIDynamicsFwdKernel(
    T* __restrict__ output,
    const T* __restrict__ input,
    const T* __restrict__ decay,
    const T* __restrict__ state,
    const int threshold, // this must be scaled by w_scale
    const int w_scale,
    const int num_neurons,
    const int neurons_per_batch,
    const int num_decays, // this determines individual, channelwise or shared decay
    const int decay_block, // if decay_block==1 then its individual neuron
    const int num_steps
) {
    unsigned neuron_id = blockIdx.x * blockDim.x + threadIdx.x;

    if(neuron_id >= num_neurons)    return;

    int output_old = state[neuron_id] * w_scale;
    int output_new, output_sign, decay_int, decayed_output;
    int linear_id;

    if(num_decays > 1) {  
        // individual decays or channelwise decay
        // num_decays * decay_block == num_neurons
        decay_int = (1<<12) - decay[(neuron_id) % neurons_per_batch / decay_block];
    } else { // shared decays
        decay_int = (1<<12) - decay[0];
    }

    // if(neuron_id == 0)  printf("int: %d bytes\n", sizeof(int));

    for(int n=0; n<num_steps; ++n) {
        linear_id = n + neuron_id * num_steps;

        output_sign = (output_old >= 0) ? 1 : -1;

        // anything larger than 524,287 = 0x7FFFF in magnitude will potentially cause value overflow and change in sign
        // calculate the decay in double and convert it to int
        decayed_output = int(1.0l * output_sign * output_old * decay_int / 4096);

        output_new = output_sign * decayed_output + int(w_scale * input[linear_id]);
        
        output[linear_id] = 1.0f * output_new / w_scale;
        
        if(threshold >= 0 && output_new >= threshold) { // if threshold <0, then there is no spike and reset dynamics
            output_old = 0;
        } else {
            output_old = output_new;
        }
    }
}

template <class T>
__global__ void LIDynamicsBwdKernel(
    T* __restrict__ grad_input_tensor,
    const T* __restrict__ grad_output,
    const T* __restrict__ decay_tensor,
    const int num_neurons,
    const int neurons_per_batch,
    const int num_decays, // this determines individual, channelwise or shared decay
    const int decay_block, // if decay_block==1 then its individual neuron
    const int num_steps
) {
    unsigned neuron_id = blockIdx.x * blockDim.x + threadIdx.x;

    if(neuron_id >= num_neurons)    return;

    float decay;
    float grad_input = 0;

    if(num_decays > 1) {  
        // individual decays or channelwise decay
        // num_decays * decay_block == num_neurons
        decay = 1 - decay_tensor[(neuron_id) % neurons_per_batch / decay_block] / (1<<12);
    } else { // shared decays
        decay = 1 - decay_tensor[0] / (1<<12);
    }

    int linear_id;

    for(int n=num_steps-1; n>=0; --n) {
        linear_id = n + neuron_id * num_steps;
        grad_input = decay * grad_input + grad_output[linear_id];
        grad_input_tensor[linear_id] = grad_input;
    }
}
