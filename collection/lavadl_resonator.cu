// tilelab kernel collection: lava-dl SLAYER's Loihi resonate-and-fire neuron: fixed-point rotation with sin/cos decays, forward and backward
// Source:  https://github.com/lava-nc/lava-dl/blob/d825ac506eb9bb91ea2b945116fb45a40e775451/src/lava/lib/dl/slayer/neuron/dynamics/resonator.cu
//          (lava-nc/lava-dl, commit d825ac5; built by torch.utils.cpp_extension.load from slayer/neuron/dynamics)
// Licence: BSD-3-Clause (the file's SPDX line; the repository's LICENSE is repeated below).
// Kept, unchanged: lines 1-4 (its notice) and 24-149 (ResDynamicsFwdKernel, ResDynamicsBwdKernel).
//       Removed: lines 5-23 (torch and host includes, CHECK_ macros, using declarations) and 150-344 (torch host functions, autograd class, PYBIND11 module).

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
__global__ void ResDynamicsFwdKernel(
    T* __restrict__ real_tensor,
    T* __restrict__ imag_tensor,
    const T* __restrict__ real_input,
    const T* __restrict__ imag_input,
    const T* __restrict__ sin_decay,
    const T* __restrict__ cos_decay,
    const T* __restrict__ real_state,
    const T* __restrict__ imag_state,
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

    int real = real_state[neuron_id] * w_scale;
    int imag = imag_state[neuron_id] * w_scale;
    int real_new, imag_new;

    int real_sign;
    int imag_sign;
    double real_decayed;
    double imag_decayed;

    int sin_decay_int, cos_decay_int;
    int linear_id;

    if(num_decays > 1) {
        // individual decays or channelwise decay
        // num_decays * decay_block == num_neurons
        sin_decay_int = sin_decay[(neuron_id) % neurons_per_batch / decay_block];
        cos_decay_int = cos_decay[(neuron_id) % neurons_per_batch / decay_block];
    } else {
        sin_decay_int = sin_decay[0];
        cos_decay_int = cos_decay[0];
    }

    for(int n=0; n<num_steps; ++n) {
        linear_id = n + neuron_id * num_steps;

        real_sign = (real >= 0) ? 1 : -1;
        imag_sign = (imag >= 0) ? 1 : -1;
        
        // calculate this portion in double precision
        real_decayed = 1.0l * cos_decay_int * real;
        imag_decayed = 1.0l * sin_decay_int * imag;
        real_new = real_sign * int(real_sign * real_decayed / 4096) 
                 - imag_sign * int(imag_sign * imag_decayed / 4096)
                 + int(w_scale * real_input[linear_id]);
                 
        // calculate this portion in double precision
        real_decayed = 1.0l * sin_decay_int * real;
        imag_decayed = 1.0l * cos_decay_int * imag;
        imag_new = real_sign * int(real_sign * real_decayed / 4096) 
                 + imag_sign * int(imag_sign * imag_decayed / 4096)
                 + int(w_scale * imag_input[linear_id]);

        real_tensor[linear_id] = 1.0f * real_new / w_scale;
        imag_tensor[linear_id] = 1.0f * imag_new / w_scale;
        
        if(threshold >= 0 && imag_new >= threshold) { // if threshold <0, then there is no spike and reset dynamics
            real = 0;
            imag = threshold-1;
        } else {
            real = real_new;
            imag = imag_new;
        }
    }
}

template <class T>
__global__ void ResDynamicsBwdKernel(
    T* __restrict__ grad_real_input_tensor,
    T* __restrict__ grad_imag_input_tensor,
    const T* __restrict__ grad_real,
    const T* __restrict__ grad_imag,
    const T* __restrict__ sin_decay_tensor,
    const T* __restrict__ cos_decay_tensor,
    const int num_neurons,
    const int neurons_per_batch,
    const int num_decays, // this determines individual, channelwise or shared decay
    const int decay_block, // if decay_block==1 then its individual neuron
    const int num_steps
) {
    unsigned neuron_id = blockIdx.x * blockDim.x + threadIdx.x;

    if(neuron_id >= num_neurons)    return;

    float sin_decay, cos_decay;
    float grad_real_input = 0;
    float grad_imag_input = 0;
    float grad_real_input_new;
    float grad_imag_input_new;

    if(num_decays > 1) {  
        // individual decays or channelwise decay
        // num_decays * decay_block == num_neurons
        sin_decay = sin_decay_tensor[(neuron_id) % neurons_per_batch / decay_block] / (1<<12);
        cos_decay = cos_decay_tensor[(neuron_id) % neurons_per_batch / decay_block] / (1<<12);
    } else { // shared decays
        sin_decay = sin_decay_tensor[0] / (1<<12);
        cos_decay = cos_decay_tensor[0] / (1<<12);
    }

    int linear_id;

    for(int n=num_steps-1; n>=0; --n) {
        linear_id = n + neuron_id * num_steps;

        grad_real_input_new =  cos_decay * grad_real_input + sin_decay * grad_imag_input + grad_real[linear_id];
        grad_imag_input_new = -sin_decay * grad_real_input + cos_decay * grad_imag_input + grad_imag[linear_id];

        grad_real_input_tensor[linear_id] = grad_real_input_new;
        grad_imag_input_tensor[linear_id] = grad_imag_input_new;

        grad_real_input = grad_real_input_new;
        grad_imag_input = grad_imag_input_new;
    }
}
