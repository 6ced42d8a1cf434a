// tilelab kernel collection: GPJSON's count_newlines, each thread's count of newlines in its ceil(n / 8192) consecutive bytes (NewlineIndex's first stage).
// Source:  https://github.com/koesie10/gpjson/blob/1ea98737f3c9348d5b35c26e03419335cf433d3a/gpjson/src/main/resources/com/koenv/gpjson/kernels/count_newlines.cu
//          (koesie10/gpjson, commit 1ea9873, Koen Vlaswinkel's GPU JSON query engine for GraalVM)
// Licence: BSD-3-Clause (the repository's LICENSE, "Copyright (c) 2021, Koen Vlaswinkel"), repeated below.
// Kept: lines 1-17 (the whole file: the kernel, unchanged). Removed: nothing; the host is Java
//       (gpjson/src/main/java/com/koenv/gpjson/stages/*.java), launching through cuLaunchKernel.
// Selection, fixed before any run (collection/manifest.toml, the gpjson_ entries): every __global__ kernel of the
// kernel files the three index stages load (NewlineIndex, StringIndex, LeveledBitmapsIndex: 8 files, 8 kernels; the
// combined-index kernels and the query kernels find_value and user_lang_query not taken), none dropped for its result,
// each launched as its stage launches it (NewlineIndex.countNewlines: <<<GRID_SIZE = 8, BLOCK_SIZE = 1024>>>), with the stage's
// arguments and buffer sizes; the file: 12,000 bytes of JSON lines (references.py's gpjson_text) in place of a file
// read from disk; each input the earlier stage's numpy result with the host's scans in between, as the Java does.
//
// Copyright (c) 2021, Koen Vlaswinkel
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
//  * Redistributions of source code must retain the above copyright notice,
//    this list of conditions and the following disclaimer.
//  * Redistributions in binary form must reproduce the above copyright
//    notice, this list of conditions and the following disclaimer in the
//    documentation and/or other materials provided with the distribution.
//  * Neither the name of  nor the names of its contributors may be used to
//    endorse or promote products derived from this software without specific
//    prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
// ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT OWNER OR CONTRIBUTORS BE
// LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR
// CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
// SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS
// INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN
// CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE)
// ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE
// POSSIBILITY OF SUCH DAMAGE.
//
// GPJSON contains copies of source code of grCUDA, by NVIDIA CORPORATION, licensed
// under the BSD 3-Clause License
// (https://github.com/NVIDIA/grcuda/blob/b1f531a844d2906080ab4c04a33e99fe6e04089c/LICENSE).
//
// GPJSON depends on Truffle APIs licensed under the Universal Permissive
// License (UPL), Version 1.0 (https://opensource.org/licenses/UPL).

// gpjson/src/main/resources/com/koenv/gpjson/kernels/count_newlines.cu, lines 1-17
__global__ void count_newlines(char *arr, long n, int *result) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = blockDim.x * gridDim.x;

  long chars_per_thread = (n+stride-1) / stride;
  long start = index * chars_per_thread;
  long end = start + chars_per_thread;

  int count = 0;
  for (long i = start; i < end && i < n; i += 1) {
    if (arr[i] == '\n') {
      count += 1;
    }
  }

  result[index] = count;
}
