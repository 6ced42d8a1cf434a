// tilelab kernel collection: lava-dl SLAYER's Loihi adaptive threshold and refractory dynamics (12-bit fixed-point decays)
// Source:  https://github.com/lava-nc/lava-dl/blob/d825ac506eb9bb91ea2b945116fb45a40e775451/src/lava/lib/dl/slayer/neuron/dynamics/adaptive_threshold.cu
//          (lava-nc/lava-dl, commit d825ac5; built by torch.utils.cpp_extension.load from slayer/neuron/dynamics)
// Licence: BSD-3-Clause (the file's SPDX line; the repository's LICENSE is repeated below).
// Kept, unchanged: lines 1-4 (its notice) and 24-79 (AThDynamicsFwdKernel).
//       Removed: lines 5-23 (torch and host includes, CHECK_ macros, using declarations) and 80-188 (torch host functions, autograd class, PYBIND11 module).

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
__global__ void AThDynamicsFwdKernel(
    T* __restrict__ threshold,
    T* __restrict__ refractory,
    const T* __restrict__ input,
    const T* __restrict__ ref_state,
    const T* __restrict__ ref_decay,
    const T* __restrict__ th_state,
    const T* __restrict__ th_decay,
    const int th_scale,
    const int th0,
    const int w_scale,
    const int num_neurons,
    const int neurons_per_batch,
    const int num_decays, // this determines individual, channelwise or shared decay
    const int decay_block, // if decay_block==1 then its individual neuron
    const int num_steps
) {
    unsigned neuron_id = blockIdx.x * blockDim.x + threadIdx.x;

    if(neuron_id >= num_neurons)    return;

    int th = th_state[neuron_id] * w_scale;
    int th_step = th_scale;
    int th_decay_int;
    int ref_new = ref_state[neuron_id] * w_scale;
    int ref_decay_int;
    int linear_id;  

    if(num_decays > 1) {  
        // individual decays or channelwise decay
        // num_decays * decay_block == num_neurons
        th_decay_int = (1<<12) - th_decay[(neuron_id) % neurons_per_batch / decay_block];
        ref_decay_int = (1<<12) - ref_decay[(neuron_id) % neurons_per_batch / decay_block];
    } else { // shared decays
        th_decay_int = (1<<12) - th_decay[0];
        ref_decay_int = (1<<12) - ref_decay[0];
    }

    // if(neuron_id == 0)  printf("int: %d bytes\n", sizeof(int));

    for(int n=0; n<num_steps; ++n) {
        linear_id = n + neuron_id * num_steps;

        ref_new = (ref_new * ref_decay_int) >> 12;
        th = (((th - th0) * th_decay_int) >> 12) + th0;
        
        threshold[linear_id] = 1.0f * th / w_scale;
        refractory[linear_id] = 1.0f * ref_new / w_scale;
        
        if(int(w_scale * input[linear_id]) >= (th + ref_new)) {
            ref_new += 2*th;
            th += th_step;
        } 
    }
}
