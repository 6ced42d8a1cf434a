// tilelab kernel collection: cudaCompress's increment packing (Marc Treib's GPU entropy-coding library): the
// differences of an increasing index list (computeIncrementsKernel, to uint and to ushort), their bit packing at a
// fixed width, most significant bit first, one thread a 32-bit output word (packIncrementsKernel), and the unpacking.
// Source:  https://github.com/m0bl0/cudaCompress/blob/a06f808309e594cb330aba8c4df7bd48ab554168/src/cudaCompress/PackInc.cu
//          (m0bl0/cudaCompress, commit a06f808, "cudaCompress: GPU entropy coding", Marc Treib, TU Munich)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2013 Marc Treib"), repeated below.
// Kept: lines 17 (namespace cudaCompress {), 51-115 (computeIncrementsKernel, packIncrementsKernel,
//       unpackIncrementsKernel) and 231 (the namespace's closing brace), unchanged. Removed: lines 1-16 (includes of the
//       library's host headers, reduce_app.cui and scan_app.cui) and 18-50, 116-230 (the host functions
//       packIncGetRequiredMemory, packIncInit/Shutdown, packInc, unpackInc, packInc16, unpackInc16 and the CPU versions).
//       The file's CRLF line endings became LF. The uint typedef the kernels use is copied in from
//       include/cudaCompress/global.h, lines 5-14, marked.
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

template<typename TOut>
__global__ void computeIncrementsKernel(const uint* __restrict__ pValues, TOut* __restrict__ pValueIncrements, uint valueCount)
{
    for(uint index = blockIdx.x * blockDim.x + threadIdx.x; index < valueCount; index += gridDim.x * blockDim.x) {
        uint value = pValues[index];
        uint previous = (index == 0 ? 0 : pValues[index-1]);
        pValueIncrements[index] = TOut(value - previous);
    }
}

__global__ void packIncrementsKernel(const uint* __restrict__ pValueIncrements, uint* __restrict__ pPackedValueIncrements, uint valueCount, uint packedWordCount, uint bitsPerValue)
{
    for(uint packedIndex = blockIdx.x * blockDim.x + threadIdx.x; packedIndex < packedWordCount; packedIndex += gridDim.x * blockDim.x) {
        uint bitIndex = packedIndex * 32;
        uint valueIndex = bitIndex / bitsPerValue;
        uint leftOverhang = bitIndex % bitsPerValue;
        int bitShift = 32 - bitsPerValue + leftOverhang;

        uint count = min(valueCount - valueIndex, (32 + leftOverhang + bitsPerValue - 1) / bitsPerValue);
        
        uint result = 0;
        for(uint i = 0; i < count; i++) {
            uint value = pValueIncrements[valueIndex];
            if(bitShift > 0)
                value <<= bitShift;
            else
                value >>= -bitShift;

            result |= value;

            valueIndex++;
            bitShift -= bitsPerValue;
        }

        pPackedValueIncrements[packedIndex] = result;
    }
}

__global__ void unpackIncrementsKernel(uint* __restrict__ pValueIncrements, const uint* __restrict__ pPackedValueIncrements, uint valueCount, uint bitsPerValue)
{
    uint mask = (1 << bitsPerValue) - 1;
    for(uint index = blockIdx.x * blockDim.x + threadIdx.x; index < valueCount; index += gridDim.x * blockDim.x) {
        uint bitIndex = index * bitsPerValue;
        uint packedIndex = bitIndex / 32;

        uint leftBitOffset = bitIndex % 32;
        int bitShift = bitsPerValue + leftBitOffset - 32;

        uint value = pPackedValueIncrements[packedIndex];
        if(bitShift > 0)
            value <<= bitShift;
        else
            value >>= -bitShift;
        uint result = value & mask;

        if(bitShift > 0) {
            bitShift -= 32;
            value = pPackedValueIncrements[packedIndex + 1];
            value >>= -bitShift;
            result |= value & mask;
        }

        pValueIncrements[index] = result;
    }
}

}
