// tilelab kernel collection: cudaCompress's run-length coding of zero runs (Marc Treib's GPU entropy-coding
// library): the indices of the non-zero symbols from an exclusive scan of their flags, the extra zero symbols a run
// longer than zeroCountMax needs, the compaction into (symbol, zero count) pairs, and the decoder's scatter.
// Source:  https://github.com/m0bl0/cudaCompress/blob/a06f808309e594cb330aba8c4df7bd48ab554168/src/cudaCompress/RunLengthKernels.cui
//          (m0bl0/cudaCompress, commit a06f808, "cudaCompress: GPU entropy coding", Marc Treib, TU Munich)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2013 Marc Treib"), repeated below.
// Kept: the whole file, lines 1-79 (RunLength.cu, the host, includes it after the library's headers), unchanged; its
//       CRLF line endings became LF. The uint typedef the kernels use is copied in from include/cudaCompress/global.h,
//       lines 5-14, marked.
// Selection, fixed before any run (collection/manifest.toml, the ccmp_ entries): every __global__ kernel of PackInc.cu
// and RunLengthKernels.cui but the two runLengthDecodeMultiScatterKernel overloads (their arguments are device arrays
// of device pointers, Symbol**, which the suite does not build; left out for that, not for any result), none dropped
// for its result; the templates at the types the host instantiates them (computeIncrementsKernel<uint> for packInc,
// <ushort> for packInc16; the run-length kernels at Symbol16 = ushort, EncodeCommon.h); each launched as its host code
// launches it (blockSize 256, blockCount min(ceil(count / 256), 512) in PackInc.cu, min(ceil(count / 256), 256) in
// RunLength.cu; runLengthDecodeScatterKernel, which no host function launches, by the decode scatter's rule), at
// small sizes of the same kind (see the manifest's comment block).
//
// The MIT License (MIT)
//
// Copyright (c) 2013 Marc Treib
//
// Permission is hereby granted, free of charge, to any person obtaining a copy of
// this software and associated documentation files (the "Software"), to deal in
// the Software without restriction, including without limitation the rights to
// use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of
// the Software, and to permit persons to whom the Software is furnished to do so,
// subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS
// FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
// COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER
// IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
// CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

// ---- from include/cudaCompress/global.h, lines 5-14 (unchanged)
namespace cudaCompress {

typedef unsigned char byte;
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef long long int int64;
typedef unsigned long long int uint64;

}
// ---- end of global.h's lines


namespace cudaCompress {

__global__ void runLengthEncodeGetValidSymbolIndices(const uint* __restrict__ pOutIndices, uint* __restrict__ pValidSymbolIndices, uint symbolCount)
{
    for(uint index = blockIdx.x * blockDim.x + threadIdx.x; index < symbolCount; index += gridDim.x * blockDim.x) {
        uint outIndex = pOutIndices[index];
        uint outIndexRight = pOutIndices[index + 1];
        if(outIndex != outIndexRight) {
            pValidSymbolIndices[outIndex] = index;
        }
    }
}

__global__ void runLengthEncodeExtraZeroSymbolCountsKernel(const uint* __restrict__ pValidSymbolIndices, uint* __restrict__ pExtraZeroSymbolCounts, const uint* __restrict__ pSymbolCountCompact, uint zeroCountMax)
{
    uint symbolCountCompact = *pSymbolCountCompact;
    for(uint index = blockIdx.x * blockDim.x + threadIdx.x; index < symbolCountCompact; index += gridDim.x * blockDim.x) {
        uint leftValue = (index == 0 ? 0 : (pValidSymbolIndices[index - 1] + 1));
        uint zeroCount = pValidSymbolIndices[index] - leftValue;
        pExtraZeroSymbolCounts[index] = zeroCount / (zeroCountMax + 1);
    }
}

template<typename Symbol>
__global__ void runLengthEncodeCompactKernel(const Symbol* __restrict__ pSymbols, const uint* __restrict__ pValidSymbolIndices, const uint* __restrict__ pWriteOffsets, Symbol* __restrict__ pSymbolsCompact, Symbol* __restrict__ pZeroCounts, uint symbolCountCompact, uint zeroCountMax)
{
    for(uint index = blockIdx.x * blockDim.x + threadIdx.x; index < symbolCountCompact; index += gridDim.x * blockDim.x) {
        uint writeOffset = pWriteOffsets[index + 1];
        uint insertZeroCount = writeOffset - pWriteOffsets[index];
        uint outputIndex = index + writeOffset;
        // write additional zeros if necessary
        //TODO is there a more efficient way?
        for(uint i = 0; i < insertZeroCount; i++) {
            pSymbolsCompact[outputIndex - insertZeroCount + i] = 0;
            pZeroCounts    [outputIndex - insertZeroCount + i] = zeroCountMax;
        }
        // write actual symbol
        uint inputIndex = pValidSymbolIndices[index];
        uint leftValue = (index == 0 ? 0 : (pValidSymbolIndices[index - 1] + 1));
        pSymbolsCompact[outputIndex] = pSymbols[inputIndex];
        pZeroCounts    [outputIndex] = (inputIndex - leftValue) % (zeroCountMax + 1);
    }
}

template<typename Symbol>
__global__ void runLengthDecodeScatterKernel(const Symbol* __restrict__ pSymbolsCompact, const uint* __restrict__ pValidSymbolIndices, uint symbolCountCompact, Symbol* __restrict__ pSymbols)
{
    for(uint index = blockIdx.x * blockDim.x + threadIdx.x; index < symbolCountCompact; index += gridDim.x * blockDim.x) {
        uint outIndex = pValidSymbolIndices[index] + index;
        pSymbols[outIndex] = pSymbolsCompact[index];
    }
}

template<typename Symbol>
__global__ void runLengthDecodeMultiScatterKernel(const Symbol* __restrict__ pSymbolsCompact, uint symbolsCompactStride, const uint* __restrict__ pValidSymbolIndices, uint validSymbolIndicesStride, const uint* pSymbolCountCompact, Symbol** __restrict__ ppSymbols)
{
    uint stream = blockIdx.y;
    pSymbolsCompact += stream * symbolsCompactStride;
    pValidSymbolIndices += stream * validSymbolIndicesStride;
    for(uint index = blockIdx.x * blockDim.x + threadIdx.x; index < pSymbolCountCompact[stream]; index += gridDim.x * blockDim.x) {
        uint outIndex = pValidSymbolIndices[index] + index;
        ppSymbols[stream][outIndex] = pSymbolsCompact[index];
    }
}

template<typename Symbol>
__global__ void runLengthDecodeMultiScatterKernel(const Symbol** __restrict__ ppSymbolsCompact, const uint* __restrict__ pValidSymbolIndices, uint validSymbolIndicesStride, const uint* pSymbolCountCompact, Symbol** __restrict__ ppSymbols)
{
    uint stream = blockIdx.y;
    pValidSymbolIndices += stream * validSymbolIndicesStride;
    for(uint index = blockIdx.x * blockDim.x + threadIdx.x; index < pSymbolCountCompact[stream]; index += gridDim.x * blockDim.x) {
        uint outIndex = pValidSymbolIndices[index] + index;
        ppSymbols[stream][outIndex] = ppSymbolsCompact[stream][index];
    }
}

}
