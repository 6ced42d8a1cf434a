// tilelab kernel collection: seticore's dedoppler search: the top path sum per channel and the column sums
// Source:  https://github.com/lacker/seticore/blob/2e6781827ca78d9c1f3238fb101f956882df0c46/dedoppler.cu
//          (lacker/seticore, commit 2e67818: Breakthrough Listen's search for narrow-band drifting signals)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2022 Kevin Lacker"), the notice follows.
// What: findTopPathSums: per channel, over the path offsets whose last channel is in range (it stops at the first
// that is not), the largest Taylor-tree path sum above the running top, with its drift block and path offset;
// sumColumns: per channel, the sum over timesteps of a (time x channel) array (in the output, float, in time order).
// Kept: lines 15-72 (the two kernels and their comments), unchanged. Removed: lines 1-13 (the includes) and 74-end
// (the Dedopplerer class, host only).
// Selection, fixed before any run: as seti_taylor.cu's header says, every __global__ kernel of taylor.cu and
// dedoppler.cu; these two as Dedopplerer::search launches them (<<<ceil(n / 1024), 1024>>>, the top sums zeroed by
// its cudaMemsetAsync, the drift blocks and offsets left as cudaMalloc gave them: here the type's largest value),
// 8 timesteps, 1,100 channels, drift block 1 for findTopPathSums.
// Read before any run: one thread a channel, its own outputs only: no race, no out-of-bounds access.
//
/*
MIT License

Copyright (c) 2022 Kevin Lacker

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

/*
  Gather information about the top hits.

  The eventual goal is for every frequency freq, we want:

  top_path_sums[freq] to contain the largest path sum that starts at freq
  top_drift_blocks[freq] to contain the drift block of that path
  top_path_offsets[freq] to contain the path offset of that path

  path_sums[path_offset][freq] contains one path sum.
  (In row-major order.)
  So we are just taking the max along a column and carrying some
  metadata along as we find it. One thread per freq.

  The function ignores data corresponding to invalid paths. See
  comments in taylor.cu for details.
*/
__global__ void findTopPathSums(const float* path_sums, int num_timesteps, int num_freqs,
                                int drift_block, float* top_path_sums,
                                int* top_drift_blocks, int* top_path_offsets) {
  int freq = blockIdx.x * blockDim.x + threadIdx.x;
  if (freq < 0 || freq >= num_freqs) {
    return;
  }

  for (int path_offset = 0; path_offset < num_timesteps; ++path_offset) {
    // Check if the last frequency in this path is out of bounds
    int last_freq = (num_timesteps - 1) * drift_block + path_offset + freq;
    if (last_freq < 0 || last_freq >= num_freqs) {
      // No more of these paths can be valid, either
      return;
    }

    float path_sum = path_sums[num_freqs * path_offset + freq];
    if (path_sum > top_path_sums[freq]) {
      top_path_sums[freq] = path_sum;
      top_drift_blocks[freq] = drift_block;
      top_path_offsets[freq] = path_offset;
    }
  }
}


/*
  Sum the columns of a two-dimensional array.
  input is a (num_timesteps x num_freqs) array, stored in row-major order.
  sums is an array of size num_freqs.
 */
__global__ void sumColumns(const float* input, float* sums, int num_timesteps, int num_freqs) {
  int freq = blockIdx.x * blockDim.x + threadIdx.x;
  if (freq < 0 || freq >= num_freqs) {
    return;
  }
  sums[freq] = 0.0;
  for (int i = freq; i < num_timesteps * num_freqs; i += num_freqs) {
    sums[freq] += input[i];
  }
}
