// tilelab kernel collection: seticore's Taylor-tree dedoppler: one step of the tree and the tiled shared-memory tree
// Source:  https://github.com/lacker/seticore/blob/2e6781827ca78d9c1f3238fb101f956882df0c46/taylor.cu
//          (lacker/seticore, commit 2e67818: Breakthrough Listen's search for narrow-band drifting signals, the
//          dedoppler search of radio-telescope filterbank data)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2022 Kevin Lacker"), the notice follows.
// What: the Taylor tree: sums along every near-straight path through a (time x channel) array, paths of length 2, 4,
// ... built from two half-length paths, the second shifted by (path_offset + 1) / 2 + drift_block * path_length / 2
// channels. oneStepTaylorKernel: one step in global memory, one thread a channel. tiledTaylorKernel<T>: a block
// copies a (T x 4096/T) tile, shifted by drift channels a timestep, into shared memory and runs every step there,
// writing its first 4096/T - T + 1 channels' path sums.
// Kept: line 1 (#include <assert.h>), lines 11-109 (the buffer-format comment and oneStepTaylorKernel) and 158-254
// (tileWidth, tileBlockWidth, TILED_OUTPUT, tiledTaylorKernel), unchanged. Removed: lines 2-9 (<cuda.h>,
// <iostream>, the project's headers, `using namespace std` for the host's cerr) and the host drivers
// basicTaylorTree (111-156), tiledTaylorTree (256-290), twoStageTaylorTree and optimizedTaylorTree (292-350).
// Copied in: index2d (cuda_util.h at 2e67818, lines 24-28) and taylorOneStepOneChannel and unmapDrift (taylor.h at
// 2e67818, lines 9-118), marked.
// Selection, fixed before any run (collection/manifest.toml, the seti_ entries): every __global__ kernel of taylor.cu
// and dedoppler.cu, each at its host code's launch shape: oneStepTaylorKernel as basicTaylorTree launches it
// (<<<ceil(n / 1024), 1024>>>) at its first step (path_length 2, drift_block 0, from the input) and at a later step
// (path_length 8 of 8 timesteps, drift_block -1); tiledTaylorKernel<8> as tiledTaylorTree launches it
// (<<<ceil(n / 504), 512>>>, drift 0) and tiledTaylorKernel<32> as twoStageTaylorTree's first stage
// (<<<(ceil(n / 96), 64 / 32), 128>>>, drift 1); 1,100 and 300 channels instead of a coarse channel's 2^20.
// Read before any run: the tiled kernel's last block (and any block whose tile runs past the data) leaves the tile's
// cells past the last channel unwritten (unmapDrift skips them) and the tree then reads them: an uninitialised
// shared read, findings = ["uninitialized_read"]; the path sums it feeds are those the source calls invalid (their
// last channel out of range), left out of the checks. Two neighbouring blocks both write channel tile_block_width
// (chan <= tile_block_width): the same bits wherever the path is valid. No other race, no out-of-bounds access.
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

#include <assert.h>

// ---- copied in from cuda_util.h (seticore at 2e67818), lines 24-28: index2d ----
// Helper to calculate a 2d row-major index, ie for:
//   arr[a][b]
__host__ __device__ inline long index2d(long a, long b, long b_end) {
  return a * b_end + b;
}
// ---- end of the lines from cuda_util.h ----

// ---- copied in from taylor.h (seticore at 2e67818), lines 9-118: taylorOneStepOneChannel, unmapDrift ----
/*
  A helper function to run the Taylor tree algorithm for one starting
  frequency, calculating the sums of paths of length `path_length` given the
  sums of paths of length `path_length / 2`.

  This function supports source and target of different dimensions. It checks
  boundaries and does not read or write out of bounds.

  Any in-range path will get a value written to it. So you don't have to
  initialize the output buffer, as long as you recognize that
  output[path_offset][start_frequency] is only valid when the last
  frequency of the path is within bounds, i.e.

  0 <= (num_timesteps - 1) * drift_block + path_offset + start_frequency < num_freqs

  target_buffer and num_target_channels can indicate a slice of a larger array,
  because num_target_channels is only used as a stride.

  This code is based on the original kernel by Franklin Antonio, available at
    https://github.com/UCBerkeleySETI/dedopplerperf/blob/main/CudaTaylor5demo.cu
 */
__host__ __device__ inline void
taylorOneStepOneChannel(const float* source_buffer, float* target_buffer,
                        int chan, int num_timesteps, int num_source_channels,
                        int num_target_channels, int path_length, int drift_block) {
  if (chan < 0 || chan >= num_source_channels || chan >= num_target_channels) {
    // We can't calculate any paths for this channel, since it is out of bounds
    return;
  }

  int num_time_blocks = num_timesteps / path_length;
  for (int time_block = 0; time_block < num_time_blocks; ++time_block) {
    for (int path_offset = path_length - 1; path_offset >= 0; path_offset--) {
      // The recursion calculates sums for a target time block based on two
      // different source time blocks.
      // Data for block b comes from blocks 2b and 2b+1.
      // Remember there are twice as many source time blocks, so the
      // indices are different.

      // The recursion adds up two smaller paths, each with offset (path_offset/2).
      // When path_offset is odd, we need to shift the second path
      // over by an extra one, so that the total adds back up to path_offset.
      // freq_shift thus represents the amount we need to shift the
      // second path.
      int half_offset = path_offset / 2;
      int chan_shift = (path_offset + 1) / 2 + drift_block * path_length / 2;

      if (chan + chan_shift < 0 ||
          chan + chan_shift >= num_source_channels) {
        // We can't calculate this path sum, because the last step requires
        // reading out-of-range data.
        continue;
      }

      // With 3d indices this assignment would look like:
      //   target_buffer[time_block][path_offset][freq] =
      //     source_buffer[2*time_block][half_offset][freq] +
      //     source_buffer[2*time_block+1][half_offset][freq + freq_shift]
      //
      // The data is stored as a 1d array in row-major order, so the
      // actual code here multiplies out some indexes and looks more confusing.
      // In row-major order, for an x*y*z array, the element
      // array[i][j][k]
      // is stored at the location
      // array[((i * y) + j) * z + k]

      // Here, the target buffer has dimensions num_time_blocks * path_length * num_freqs
      // The source buffer has dimensions:
      //   (2 * num_time_blocks) * (path_length / 2) * num_freqs
      // so this line of code is just substituting the appropriate
      // dimensions into the above formula.
      target_buffer[(time_block * path_length + path_offset) * num_target_channels + chan] =
        source_buffer[(time_block * path_length + half_offset) * num_source_channels + chan] +
        source_buffer[(time_block * path_length + half_offset + path_length / 2) * num_source_channels + chan + chan_shift];
    }
  }

}

/*
  Maps a parallelogram-shaped region of source_buffer to a rectangular region
  of target_buffer.
  Handles all timesteps for the given channel.

  Both buffers are shaped row-major [time][channel].
  chan_offset is the channel in source_buffer that maps to 0 in target_buffer
  (at time 0 in target_buffer, ie no drift).
  time_offset is the time in source_buffer that maps to 0 in target_buffer.
  drift is how much horizontal shift there is for each vertical step.

  Checks range validity for source_buffer, but not for target buffer.
  For paths that are out of range, the contents of target_buffer are left unchanged.
 */
__host__ __device__ inline void
unmapDrift(const float* source_buffer, float* target_buffer, int num_timesteps,
           int time_offset, int chan, int chan_offset, int num_source_channels,
           int num_target_channels, int drift) {
  for (int time = 0; time < num_timesteps; ++time) {
    int source_time = time_offset + time;
    int source_chan = chan + chan_offset + time * drift;
    if (source_chan < 0 || source_chan >= num_source_channels) {
      // Out of bounds.
      // We might come back in bounds, though, so keep looping.
      continue;
    }

    target_buffer[index2d(time, chan, num_target_channels)] =
      source_buffer[index2d(source_time, source_chan, num_source_channels)];
  }
}
// ---- end of the lines from taylor.h ----

/*
  Apologies for the length of this comment, but the Taylor tree algorithm is
  fairly complicated for the number of lines of code it is, so it takes
  a while to explain. My hope is that this code will be comprehensible
  for people that have not seen the Taylor tree algorithm before.

  These paths are diagonal paths through the data, touching one element
  per row, using the nearest cell to a straight line. For example, if
  num_timesteps is 4, the paths for each path_offset look like:

  path_offset:   0        1         2          3
                 ..X..    ..X...    ..X....    ..X.....
                 ..X..    ..X...    ...X...    ...X....
                 ..X..    ...X..    ...X...    ....X...
                 ..X..    ...X..    ....X..    .....X..

  At a high level, you can recursively calculate all the sums of these
  paths in O(n log n) operations by running on the top half, then the
  bottom half, then adding them up appropriately.

  The key to understanding this code is to understand the format of
  the buffers: source_buffer and target_buffer.
  source_buffer and target_buffer store the sum along an
  approximately-linear path through the input data. The best way to
  think of them is as three-dimensional arrays, indexed like

  buffer[time_block][path_offset][start_frequency]

  path_offset is the difference between the frequency of the starting
  point of the path and the ending point of the path. It's in the range:
  [0, path_length)

  start_frequency is the index of the starting frequency, in the range:
  [0, num_freqs)

  time_block is a bit weirder. In our recursion, we don't need to keep
  sums for every possible start time. We can cut the number of start
  times in half, every step through the recursion. After n steps of
  recursion, we only need to keep a sum for every 2^n timesteps. So if
  start_time is the index of the starting time, in [0, num_timesteps),
  time_block obeys the relation

  time_block * path_length = start_time

  time_block thus is in the range:
  [0, num_timesteps / path_length)

  and each time block represents data for sums over path_length
  different start times.

  So each buffer holds (num_timesteps * num_freqs) elements.

  When we read input data, it's normally thought of as a two-dimensional
  array, indexed like

  input[time][frequency]

  Since we just pass the buffers around as one-dimensional arrays, this
  is essentially equivalent to thinking of it as a three-dimensional
  array in the above format, with path_offset always equal to zero.

  When we finish running the Taylor tree algorithm, time_block will
  always be zero. Thus we can think of the final output as a
  two-dimensional array as well, indexed like

  output[path_offset][start_frequency]

  It's really just for understanding the intervening steps that it's
  better to think of these buffers as being three-dimensional arrays.

  There's one more detail: drift blocks. So far we've explained the case
  where drift_block = 0, and we are calculating slopes between vertical
  and one horizontal-step-per-vertical step. You can think of this as
  the drift range [0, 1] when measured in units of
  horizontal-step-per-vertical-step. We can use a similar algorithm to
  calculate sums for all slopes in [drift_block, drift_block+1], if we just shift all
  accesses of the kth timestep by an extra drift_block * k.
*/

/*
  Kernel to run one round of the Taylor tree algorithm on an input array.

  We assume that the caller is using a grid tiling such that
  blockIdx.x * blockDim.x + threadIdx.x
  will cover all frequencies.
*/
__global__ void oneStepTaylorKernel(const float* source_buffer, float* target_buffer,
                                    int num_timesteps, int num_freqs, int path_length,
                                    int drift_block) {
  assert(path_length <= num_timesteps);
  int freq = blockIdx.x * blockDim.x + threadIdx.x;
  if (freq < 0 || freq >= num_freqs) {
    return;
  }

  taylorOneStepOneChannel(source_buffer, target_buffer,
                          freq, num_timesteps, num_freqs, num_freqs, path_length,
                          drift_block);
}

/*
  The tiled version of the Taylor tree algorithm first maps data into shared memory,
  and then runs the Taylor tree algorithm within shared memory.

  This shared memory is statically allocated, so we need to determine its size at
  runtime, which these helper functions handle.

  tileWidth determines the number of channels we can allocate in shared memory, given
  the number of timesteps. We use two grids of floats, so a grid size of 4096 entries
  equals 32k of shared memory, which is a reasonable size to target
  for modern GPUs (as of mid-2022).
*/
__host__ __device__ constexpr int tileWidth(int num_timesteps) {
  int total = 4096;
  int answer = total / num_timesteps;
  assert(answer * num_timesteps == total);
  
  // Width needs to be greater than timesteps, or the tiled algorithm
  // cannot work
  assert(answer > num_timesteps);

  return answer;
}

/*
  tileBlockWidth returns the size of the tile which will actually be
  able to generate correct results. Beyond this point, the algorithm
  will "run off the edge" of the tile when trying to add path sums.
 */
__host__ __device__ constexpr int tileBlockWidth(int num_timesteps) {
  return tileWidth(num_timesteps) - num_timesteps;
}

/*
  A helper macro, for unrolling the loop inside tiledTaylorKernel
 */
#define TILED_OUTPUT(buffer, n) \
  if (num_timesteps == n) { \
    if (chan <= tile_block_width && chan + block_start < num_channels) { \
      taylorOneStepOneChannel(buffer, output_start, chan, num_timesteps, \
                              tile_width, num_channels, n, 0); \
    } \
    return; \
  }

/*
 tiledTaylorKernel maps a tile of the input data into shared memory and runs
 the Taylor tree algorithm within shared memory.

 num_timesteps is the size of each tile, rather than the size of the
 input data.

 blockIdx.x is the horizontal index of the block.
 So each block starts at channel blockIdx.x * tile_block_width.
 threadIdx.x is the channel that this thread handles within the block.
 blockIdx.y is the vertical index of the block. This can only be
 greater than zero when the input data is larger than num_timesteps.

 In testing, unrolling this loop really did help, about 20% speedup.
*/
template<int num_timesteps>
__global__ void tiledTaylorKernel(const float* input, float* output,
                                  int num_channels, int drift) {
  const int tile_width = tileWidth(num_timesteps);
  const int tile_block_width = tileBlockWidth(num_timesteps);
  __shared__ float buffer1[num_timesteps * tile_width];
  __shared__ float buffer2[num_timesteps * tile_width];
  int block_start = blockIdx.x * tile_block_width;
  int time_offset = blockIdx.y * num_timesteps;
  int chan = threadIdx.x;
  float* output_start = output + block_start + time_offset * num_channels;

  unmapDrift(input, buffer1, num_timesteps, time_offset, chan, block_start,
             num_channels, tile_width, drift); 
  __syncthreads();
  
  taylorOneStepOneChannel(buffer1, buffer2, chan, num_timesteps,
                          tile_width, tile_width, 2, 0);
  __syncthreads();
  
  TILED_OUTPUT(buffer2, 4);
  taylorOneStepOneChannel(buffer2, buffer1, chan, num_timesteps,
                          tile_width, tile_width, 4, 0);
  __syncthreads();
  
  TILED_OUTPUT(buffer1, 8);
  taylorOneStepOneChannel(buffer1, buffer2, chan, num_timesteps,
                          tile_width, tile_width, 8, 0);  
  __syncthreads();
  
  TILED_OUTPUT(buffer2, 16);
  taylorOneStepOneChannel(buffer2, buffer1, chan, num_timesteps,
                          tile_width, tile_width, 16, 0);
  __syncthreads();

  TILED_OUTPUT(buffer1, 32);
}
