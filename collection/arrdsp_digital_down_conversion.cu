// tilelab kernel collection: ARRUS's example imaging pipeline, its digital down-conversion
// Source:  https://github.com/us4useu/arrus/blob/64436b5846774a1266349bb5e16f806edd25fccf/arrus/core/framework/pipeline/kernels/DigitalDownConversion.cu
//          (us4useu/arrus, commit 64436b5: us4us's API and runtime for its ultrasound research systems; the
//          GPU imaging pipeline's DDC step: demodulation, low-pass filter, decimation)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2020 us4us Ltd."; the file has no notice of its own:
//          the repository's is repeated below).
// What:    quadrature demodulation of RF lines (__sincosf), a complex low-pass FIR (__constant__ taps, a
//          shared-memory window of float2 samples) and decimation
// Kept: lines 3-20 (the namespace's opening and gpuRfToIq), 32-70 (MAX_CIC_SIZE, the __constant__ taps and
//       gpuFirLp), 86-100 (gpuDecimation) and 112 (the namespace's closing brace), unchanged. Removed: line 1
//       (#include "DigitalDownConversion.h", the host classes) and the three functors' host code (lines 22-30,
//       72-85, 102-111: cudaMemcpyToSymbol of the taps and the launches, which are the manifest entries':
//       block 512, grid ceil(n / 512), (512 + nCoefficients) float2 of dynamic shared memory for gpuFirLp).

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

// ------------------------------------------ Demodulation.
__global__ void gpuRfToIq(float2 *output, const float *input, const float sampleCoeff, const unsigned nSamples,
                          const unsigned totalNSamples) {
    int idx = threadIdx.x + blockDim.x * blockIdx.x;
    if (idx >= totalNSamples) {
        return;
    }
    float rfSample = input[idx];
    int sampleNumber = idx % nSamples;
    float cosinus, sinus;
    __sincosf(sampleCoeff * sampleNumber, &sinus, &cosinus);
    float2 iq;
    iq.x = 2.0f * rfSample * cosinus;
    iq.y = 2.0f * rfSample * sinus;
    output[idx] = iq;
}

// ------------------------------------------ Low-pass filter.
#define MAX_CIC_SIZE 512
__device__ __constant__ float gpuCicCoefficients[MAX_CIC_SIZE];
__global__ void gpuFirLp(float2 *__restrict__ output, const float2 *__restrict__ input, const unsigned nSamples,
                         const unsigned totalNSamples, const unsigned kernelWidth) {
    int idx = threadIdx.x + blockIdx.x * blockDim.x;
    int ch = idx / nSamples;
    int sample = idx % nSamples;

    extern __shared__ char sharedMemory[];

    float2 *cachedInputData = (float2 *) sharedMemory;
    // Cached input data stores all the input data which is convolved with given
    // filter.
    // That means, there should be enough input data from the last thread in
    // the thread group to compute convolution.
    // Thus the below condition localIdx < (blockDim.x + kernelWidth)
    // Cache input.
    for (int i = sample - kernelWidth / 2 - 1, localIdx = threadIdx.x; localIdx < (kernelWidth + blockDim.x);
         i += blockDim.x, localIdx += blockDim.x) {
        if (i < 0 || i >= nSamples) {
            cachedInputData[localIdx] = make_float2(0.0f, 0.0f);
        } else {
            cachedInputData[localIdx] = input[ch * nSamples + i];
        }
    }
    __syncthreads();
    if (idx >= totalNSamples) {
        return;
    }
    float2 result = make_float2(0.0f, 0.0f);

    int localN = threadIdx.x + kernelWidth;
    for (int i = 0; i < kernelWidth; ++i) {
        result.x += cachedInputData[localN - i].x * gpuCicCoefficients[i];
        result.y += cachedInputData[localN - i].y * gpuCicCoefficients[i];
    }
    output[idx] = result;
}

// ------------------------------------------ Decimation.

__global__ void gpuDecimation(float2 *output, const float2 *input, const unsigned nSamples,
                              const unsigned totalNSamples, const unsigned decimationFactor) {
    int idx = threadIdx.x + blockDim.x * blockIdx.x;

    if (idx >= totalNSamples) {
        return;
    }
    // TODO the below could be computed on the kernel initialization
    int decimatedNSamples = (int) ceilf((float) nSamples / decimationFactor);
    int lineNr = idx / decimatedNSamples;  // output line number
    int sampleNr = idx % decimatedNSamples;// output sample number
    output[idx] = input[lineNr * nSamples + sampleNr * decimationFactor];
}
}// namespace arrus_example_imaging
