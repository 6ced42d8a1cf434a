// tilelab kernel collection: Kobzol's hardware-effects-gpu: a global-memory coalescing demonstration (one warp, a chosen start and stride)
// Source:  https://github.com/Kobzol/hardware-effects-gpu/blob/1b03fa9816002ba835132a2a34581a7481964e61/memory-coalescing/memory-coalescing.cu
//          (Kobzol/hardware-effects-gpu, commit 1b03fa9: Jakub Beranek's GPU hardware effects)
// Licence: MIT (the repository's LICENSE.md; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 6-23 of the original).
//       Removed: the host-only includes, lines 1-5 (#include <cstdio> #include <device_launch_parameters.h> #include "../common.h"), and the host code (lines 24-46: benchmark and run).

/*
 * Copyright (c) 2018-2019 Jakub Beránek
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

#define REPETITIONS 1000
#define MEMORY_SIZE 4096

using Type = uint32_t;

__global__ void kernel(Type* memory, int startOffset, int moveOffset)
{
    int threadId = threadIdx.x;

    // repeatedly read and write to global memory
    uint32_t index = threadId * startOffset;
    for (int i = 0; i < 4000; i++)
    {
        memory[index] += index * i;
        index += moveOffset;
        index %= MEMORY_SIZE;
    }
}
