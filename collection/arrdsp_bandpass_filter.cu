// tilelab kernel collection: ARRUS's example imaging pipeline, its RF band-pass FIR filter (int16 RF samples,
// __constant__ taps, a block's window of samples cached in dynamic shared memory)
// Source:  https://github.com/us4useu/arrus/blob/64436b5846774a1266349bb5e16f806edd25fccf/arrus/core/framework/pipeline/kernels/BandpassFilter.cu
//          (us4useu/arrus, commit 64436b5: us4us's API and runtime for its ultrasound research systems; the
//          GPU imaging pipeline that filters and demodulates the RF lines of each channel)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2020 us4us Ltd."; the file has no notice of its own:
//          the repository's is repeated below).
// Kept: lines 3-46 (the namespace's opening, MAX_FIR_SIZE, the __constant__ taps and the kernel gpuFir) and the
//       namespace's closing brace of line 110, unchanged. Removed: line 1 (#include "BandpassFilter.h", the
//       host classes), lines 48-66 (the functor: cudaMemcpyToSymbol of the taps and the launch, which is the
//       manifest entries': block 512, grid ceil(totalNSamples / 512), (512 + nCoefficients) shorts of dynamic
//       shared memory) and lines 68-109 (a doc comment and a commented-out class).

// ---- the repository's LICENSE (the source file carries no notice of its own):
/*
MIT License

Copyright (c) 2020 us4us Ltd.

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
SOFTWARE.
*/

namespace arrus_example_imaging {

#define MAX_FIR_SIZE 512

__device__ __constant__ float gpuFirCoefficients[MAX_FIR_SIZE];

__global__ void gpuFir(float *__restrict__ output, const short *__restrict__ input, const unsigned nSamples,
                       const unsigned totalNSamples, const unsigned kernelWidth) {

    int idx = threadIdx.x + blockIdx.x * blockDim.x;
    int ch = idx / nSamples;
    int sample = idx % nSamples;

    extern __shared__ char sharedMemory[];

    auto *cachedInputData = (short *) sharedMemory;
    // Cached input data stores all the input data which is convolved with given
    // filter.
    // That means, there should be enough input data from the last thread in
    // the thread group to compute convolution.
    // Thus the below condition localIdx < (blockDim.x + kernelWidth)
    // Cache input.
    for (int i = sample - kernelWidth / 2 - 1, localIdx = threadIdx.x; localIdx < (kernelWidth + blockDim.x);
         i += blockDim.x, localIdx += blockDim.x) {
        if (i < 0 || i >= nSamples) {
            cachedInputData[localIdx] = 0;
        } else {
            cachedInputData[localIdx] = input[ch * nSamples + i];
        }
    }

    __syncthreads();
    if (idx >= totalNSamples) {
        return;
    }
    float result = 0.0f;

    int localN = threadIdx.x + kernelWidth;
    for (int i = 0; i < kernelWidth; ++i) {
        result += cachedInputData[localN - i] * gpuFirCoefficients[i];
    }

    output[idx] = result;
}
}// namespace arrus_example_imaging
