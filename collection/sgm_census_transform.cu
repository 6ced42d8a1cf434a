// tilelab kernel collection: libSGM: the census transforms of its semi-global matching (census_transform_kernel,
// symmetric_census_kernel)
// Source:  https://github.com/fixstars/libSGM/blob/e4c669bb9e039b60f04178b080ac7d6077a4d4bd/src/census_transform.cu
//          (fixstars/libSGM, commit e4c669b: Fixstars' CUDA semi-global matching stereo library)
// Licence: Apache-2.0 (the repository's LICENSE; the file's own notice, "Copyright 2016 Fixstars Corporation"),
//          the notice follows.
// What: a 9x7 census transform per pixel (48 bits: the centre against every window pixel off its row and column,
//       uint64) and the symmetric 9x7 census (31 bits: each pixel pair mirrored through the centre, uint32), the
//       source rows staged through an 8-row ring of shared memory, 128 threads a block producing 120 columns x 16 rows.
// Kept: lines 1-15 (the notice) and 24-174 (namespace sgm and its unnamed namespace: the constants and both kernel
//       templates), unchanged, and line 212 (the close of namespace sgm). Removed: lines 17-22 (the includes of
//       internal.h, cuda_runtime.h, types.h, host_utility.h) and 176-211 (namespace details: the host function
//       census_transform).
// Copied in: #include <cstdint> (src/types.h at e4c669b, line 20: the uint8_t / uint16_t / uint32_t / uint64_t the
//       kernels name), marked.
// Selection, fixed before any run (collection/manifest.toml, the sgm_ entries): both kernel templates at every pixel
//       type census_transform dispatches (uint8_t, uint16_t, uint32_t: SGM_8U / 16U / 32U), each launched as it
//       launches them: grid (divUp(w, 128 - 9 + 1), divUp(h, 16)), block 128, pitch = the source's step in pixels;
//       one image of 150 x 40 (pitch 160): 2 x 3 blocks, the second column of blocks partial.
// Read before any run: no race (the ring row loaded in step i is not among the 7 rows read in step i; a
//       __syncthreads() every thread reaches closes each step), no out-of-bounds access (loads guarded by the image
//       bounds, shared columns tid +- 4 inside 0..127 for the computing threads 4..123).
//
/*
Copyright 2016 Fixstars Corporation

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

http ://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// from src/types.h (libSGM at e4c669b), line 20
#include <cstdint>

namespace sgm
{
namespace
{

static constexpr int WINDOW_WIDTH  = 9;
static constexpr int WINDOW_HEIGHT = 7;

static constexpr int BLOCK_SIZE = 128;
static constexpr int LINES_PER_BLOCK = 16;

template <typename T>
__global__ void census_transform_kernel(uint64_t* dest, const T* src, int width, int height, int pitch)
{
	using pixel_type = T;
	using feature_type = uint64_t;

	static const int SMEM_BUFFER_SIZE = WINDOW_HEIGHT + 1;

	const int half_kw = WINDOW_WIDTH / 2;
	const int half_kh = WINDOW_HEIGHT / 2;

	__shared__ pixel_type smem_lines[SMEM_BUFFER_SIZE][BLOCK_SIZE];

	const int tid = threadIdx.x;
	const int x0 = blockIdx.x * (BLOCK_SIZE - WINDOW_WIDTH + 1) - half_kw;
	const int y0 = blockIdx.y * LINES_PER_BLOCK;

	for (int i = 0; i < WINDOW_HEIGHT; ++i) {
		const int x = x0 + tid, y = y0 - half_kh + i;
		pixel_type value = 0;
		if (0 <= x && x < width && 0 <= y && y < height) {
			value = src[x + y * pitch];
		}
		smem_lines[i][tid] = value;
	}
	__syncthreads();

#pragma unroll
	for (int i = 0; i < LINES_PER_BLOCK; ++i) {
		if (i + 1 < LINES_PER_BLOCK) {
			// Load to smem
			const int x = x0 + tid, y = y0 + half_kh + i + 1;
			pixel_type value = 0;
			if (0 <= x && x < width && 0 <= y && y < height) {
				value = src[x + y * pitch];
			}
			const int smem_x = tid;
			const int smem_y = (WINDOW_HEIGHT + i) % SMEM_BUFFER_SIZE;
			smem_lines[smem_y][smem_x] = value;
		}

		if (half_kw <= tid && tid < BLOCK_SIZE - half_kw) {
			// Compute and store
			const int x = x0 + tid, y = y0 + i;
			if (half_kw <= x && x < width - half_kw && half_kh <= y && y < height - half_kh) {
				const int smem_x = tid;
				const int smem_y = (half_kh + i) % SMEM_BUFFER_SIZE;
				const auto a = smem_lines[smem_y][smem_x];
				feature_type f = 0;
				for (int dy = -half_kh; dy <= half_kh; ++dy) {
					for (int dx = -half_kw; dx <= half_kw; ++dx) {
						if (dx != 0 && dy != 0) {
							const int smem_y1 = (smem_y + dy + SMEM_BUFFER_SIZE) % SMEM_BUFFER_SIZE;
							const int smem_x1 = smem_x + dx;
							const auto b = smem_lines[smem_y1][smem_x1];
							f = (f << 1) | (a > b);
						}
					}
				}
				dest[x + y * width] = f;
			}
		}
		__syncthreads();
	}
}

template <typename T>
__global__ void symmetric_census_kernel(uint32_t* dest, const T* src, int width, int height, int pitch)
{
	using pixel_type = T;
	using feature_type = uint32_t;

	static const int SMEM_BUFFER_SIZE = WINDOW_HEIGHT + 1;

	const int half_kw = WINDOW_WIDTH  / 2;
	const int half_kh = WINDOW_HEIGHT / 2;

	__shared__ pixel_type smem_lines[SMEM_BUFFER_SIZE][BLOCK_SIZE];

	const int tid = threadIdx.x;
	const int x0 = blockIdx.x * (BLOCK_SIZE - WINDOW_WIDTH + 1) - half_kw;
	const int y0 = blockIdx.y * LINES_PER_BLOCK;

	for(int i = 0; i < WINDOW_HEIGHT; ++i){
		const int x = x0 + tid, y = y0 - half_kh + i;
		pixel_type value = 0;
		if(0 <= x && x < width && 0 <= y && y < height){
			value = src[x + y * pitch];
		}
		smem_lines[i][tid] = value;
	}
	__syncthreads();

#pragma unroll
	for(int i = 0; i < LINES_PER_BLOCK; ++i){
		if(i + 1 < LINES_PER_BLOCK){
			// Load to smem
			const int x = x0 + tid, y = y0 + half_kh + i + 1;
			pixel_type value = 0;
			if(0 <= x && x < width && 0 <= y && y < height){
				value = src[x + y * pitch];
			}
			const int smem_x = tid;
			const int smem_y = (WINDOW_HEIGHT + i) % SMEM_BUFFER_SIZE;
			smem_lines[smem_y][smem_x] = value;
		}

		if(half_kw <= tid && tid < BLOCK_SIZE - half_kw){
			// Compute and store
			const int x = x0 + tid, y = y0 + i;
			if(half_kw <= x && x < width - half_kw && half_kh <= y && y < height - half_kh){
				const int smem_x = tid;
				const int smem_y = (half_kh + i) % SMEM_BUFFER_SIZE;
				feature_type f = 0;
				for(int dy = -half_kh; dy < 0; ++dy){
					const int smem_y1 = (smem_y + dy + SMEM_BUFFER_SIZE) % SMEM_BUFFER_SIZE;
					const int smem_y2 = (smem_y - dy + SMEM_BUFFER_SIZE) % SMEM_BUFFER_SIZE;
					for(int dx = -half_kw; dx <= half_kw; ++dx){
						const int smem_x1 = smem_x + dx;
						const int smem_x2 = smem_x - dx;
						const auto a = smem_lines[smem_y1][smem_x1];
						const auto b = smem_lines[smem_y2][smem_x2];
						f = (f << 1) | (a > b);
					}
				}
				for(int dx = -half_kw; dx < 0; ++dx){
					const int smem_x1 = smem_x + dx;
					const int smem_x2 = smem_x - dx;
					const auto a = smem_lines[smem_y][smem_x1];
					const auto b = smem_lines[smem_y][smem_x2];
					f = (f << 1) | (a > b);
				}
				dest[x + y * width] = f;
			}
		}
		__syncthreads();
	}
}

} // namespace

} // namespace sgm
