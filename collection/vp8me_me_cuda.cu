// tilelab kernel collection: the CUDA VP8 motion estimation of cloudinary-developers/vp9_cuda_encoder: me_cuda_fast (a 127-point 16x12 diamond, then a 15-point refinement)
// Source:  https://github.com/cloudinary-developers/vp9_cuda_encoder/blob/b3f6439d67be9bbbc94435ebc5b468a04b5c10bd/cuda/me_cuda.cu
//          (commit b3f6439), with line 18 of cuda/typedef_cuda.h, lines 19-27 of vp8/common/mv.h
// Licence: BSD-3-Clause (libvpx's LICENSE at the repository root, notice below; the file's own header, kept,
//          names its authors and no licence). Kept: lines 1-8, 19-22, 24-50,
//          78-297 and 411-413 (the device code, unchanged). Removed: the includes (9-17), #if
//          HAVE_CUDA_ENABLED_DEVICE and its #endif (23, 410), setup_constant_mem_fast (51-77: its two tables are the
//          manifest entry's symbols) and the launch functions (298-409).
/*
 * Copyright (c) 2010, The WebM Project authors. All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without modification, are permitted provided
 * that the following conditions are met: Redistributions of source code must retain the above copyright
 * notice, this list of conditions and the following disclaimer. Redistributions in binary form must reproduce
 * the above copyright notice, this list of conditions and the following disclaimer in the documentation and/or
 * other materials provided with the distribution. Neither the name of Google, nor the WebM Project, nor the
 * names of its contributors may be used to endorse or promote products derived from this software without
 * specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED
 * WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A
 * PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY
 * DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
 * PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE
 * OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH
 * DAMAGE.
 */

// ---- from cuda/typedef_cuda.h, line 18
#include <stdint.h>
// ---- from vp8/common/mv.h, lines 19-27
typedef struct {
  short row;
  short col;
} MV;

typedef union int_mv {
  uint32_t as_int;
  MV as_mv;
} int_mv; /* facilitates faster equality tests and copies */
// ---- end of the headers' lines

/*
    Cuda accelerated motion estimation for VP8 libvpx encoder
    by Pietro Paglierani, Giuliano Grossi, Federico Pedersini and Alessandro Petrini

    for Italtel and Universita' degli Studi di Milano
    2015-2016, Milano
*/


#ifdef __cplusplus
extern "C" {
#endif

__device__ __constant__ MV MV_16x12_lookup_fast[] = {                     {-12,-2}, {-12, 0}, {-12, 2},		// Unit: pixel
		                                              {-10,-5}, {-10,-3}, {-10,-1}, {-10, 1}, {-10, 3}, {-10, 5},
		                                 {-8,-8},  {-8,-6},  {-8,-4},  {-8,-2},  {-8, 0},  {-8, 2},  {-8, 4},  {-8, 6},  {-8, 8},
		                           {-6,-9},  {-6,-7},  {-6,-5},  {-6,-3},  {-6,-1},  {-6, 1},  {-6, 3},  {-6, 5},  {-6, 7},  {-6, 9},
		           {-4,-12},  {-4,-10},  {-4,-8},  {-4,-6},  {-4,-4},  {-4,-2},  {-4, 0},  {-4, 2},  {-4, 4},  {-4, 6},  {-4, 8},  {-4,10},  {-4,12},
	        {-2,-13},   {-2,-11},  {-2,-9},  {-2,-7},  {-2,-5},  {-2,-3},  {-2,-1},  {-2, 1},  {-2, 3},  {-2, 5},  {-2, 7},  {-2, 9},  {-2,11},  {-2,13},
{0,-16},  {0,-14},  {0,-12},   {0,-10},   {0,-8},   {0,-6},   {0,-4},   {0,-2},   {0, 0},   {0, 2},   {0, 4},   {0, 6},   {0, 8},   {0,10},   {0,12},   {0,14},   {0,16},
		     {2,-13},    {2,-11},   {2,-9},   {2,-7},   {2,-5},   {2,-3},   {2,-1},   {2, 1},   {2, 3},   {2, 5},   {2, 7},   {2, 9},   {2,11},   {2,13},
		            {4,-12},   {4,-10},   {4,-8},   {4,-6},   {4,-4},   {4,-2},   {4, 0},   {4, 2},   {4, 4},   {4, 6},   {4, 8},   {4,10},   {4,12},
		                            {6,-9},   {6,-7},   {6,-5},   {6,-3},   {6,-1},   {6, 1},   {6, 3},   {6, 5},   {6, 7},   {6, 9},
		                                  {8,-8},   {8,-6},   {8,-4},   {8,-2},   {8, 0},   {8, 2},   {8, 4},   {8, 6},   {8, 8},
		                                               {10,-5},  {10,-3},   {10,-1},  {10, 1},  {10, 3},  {10, 5},
		                                                               {12,-2},  {12, 0},  {12, 2},
		{0, 0} }; // 127 + 1 candidati

__device__ __constant__ MV MV_lookup_refin_fast[] = {
	                    {-2, 0} ,		// Unit: pixel
	{-1, -2}, {-1, -1}, {-1, 0}, {-1, 1}, {-1, 2},
	          { 0, -1}, { 0, 0}, { 0, 1},
	{ 1, -2}, { 1, -1}, { 1, 0}, { 1, 1}, { 1, 2},
	                    { 2, 0},
	{0, 0} };  // one more to reach 16

__constant__ int offset_16x12[128];
__constant__ int offset_16x12_refin[16];



__global__ void me_cuda_fast (const uint8_t * __restrict__ const in_frame, const uint8_t * __restrict__ const ref_frame,
				int const streamID, int const streamSize, int const stride, int const width, int const num_MB_width,
				int_mv * __restrict__ const MVs_g ) {

	__shared__ int diff[128][64];
	int TID = threadIdx.x*blockDim.y + threadIdx.y;	// Thread Index (0..127)
	int i, j;

	int MBoffset = streamID * streamSize + blockIdx.x;
	int blockX = MBoffset / num_MB_width;		// row?
	int blockY = MBoffset % num_MB_width;		// column?
	int im_offset = 16*(blockX*stride + blockY) + (threadIdx.x*stride + threadIdx.y); 	// That takes into account the 2 macroblocks border
	int im_offset_raw = 16*(blockX*width + blockY) + (threadIdx.x*width + threadIdx.y);

	const uint8_t *refptr = ref_frame + 32*(stride+1) + im_offset;
	const uint8_t *imptr  = in_frame + im_offset_raw;

	// Compute pixel differences: //////////
	for( i=0; i<128; i+=2 )		// the 127+1 positions in the 16x12 diamond: (64 threads/position x 2 positions)/warp
	{
		j = i + (TID/64);
		{
			diff[j][TID%64]  = abs( (int)*(imptr)			- (int)*(refptr + offset_16x12[j]) );
			diff[j][TID%64] += abs( (int)*(imptr + 4*width) - (int)*(refptr + offset_16x12[j] + 4*stride) );
			diff[j][TID%64] += abs( (int)*(imptr + 8*width) - (int)*(refptr + offset_16x12[j] + 8*stride) );
			diff[j][TID%64] += abs( (int)*(imptr +12*width) - (int)*(refptr + offset_16x12[j] +12*stride) );
		}
	}
	__syncthreads();

	// Compute SUM: even if 63 total warps, this is much faster than with: for( i=1..64 )
	//
	// Sum: 64 --> 32 (32 warps)
	for( i=0; i<32; i++ )
		diff[TID] [i] += diff[TID] [i + 32];
	__syncthreads();

	// Sum 32 --> 16 (16 warps)
	for( i=0; i<16; i++ )
		diff[TID] [i] += diff[TID] [i + 16];
	__syncthreads();

	// Sum 16 --> 8 (8 warp)
	for( i=0; i<8; i++ )
		diff[TID] [i] += diff[TID] [i + 8];
	__syncthreads();

	// Sum 8 --> 4 (4 warp)
	for( i=0; i<8; i++ )
		diff[TID] [i] += diff[TID] [i + 4];
	__syncthreads();

	// Sum 4 --> 2 (2 warp)
	diff[TID] [0] += diff[TID] [2];
	diff[TID] [1] += diff[TID] [3];
	__syncthreads();

	// Sum 2 --> 1 (1 warp)
	diff[TID] [0] += diff[TID] [1];
	__syncthreads();

	// Find MINIMUM (and corresponding best MV) of 128 Pts - 128 threads ////////////////////////
	//
	__shared__ int minpos[128];

	minpos[TID] = TID;	// All 128 threads!

	if( TID < 64 )	// 64 threads
		if( diff[TID][0] > diff[TID + 64][0] )	{
			diff[TID][0] = diff[TID + 64][0];
			minpos[TID] = minpos[TID + 64];
		}
	__syncthreads();

	if( TID < 32 )	// 32 threads
		if( diff[TID][0] > diff[TID + 32][0] )	{
			diff[TID][0] = diff[TID + 32][0];
			minpos[TID] = minpos[TID + 32];
		}
	__syncthreads();

	if( TID < 16 )	// 16 threads
		if( diff[TID][0] > diff[TID + 16][0] )	{
			diff[TID][0] = diff[TID + 16][0];
			minpos[TID] = minpos[TID + 16];
		}
	__syncthreads();

	if( TID < 8 )	// 8 threads
		if( diff[TID][0] > diff[TID + 8][0] )	{
			diff[TID][0] = diff[TID + 8][0];
			minpos[TID] = minpos[TID + 8];
		}
	__syncthreads();

	if( TID < 4 )	// 4 threads
		if( diff[TID][0] > diff[TID + 4][0] )	{
			diff[TID][0] = diff[TID + 4][0];
			minpos[TID] = minpos[TID + 4];
		}
	__syncthreads();

	if( TID < 2 )	// 2 threads
		if( diff[TID][0] > diff[TID + 2][0] )	{
			diff[TID][0] = diff[TID + 2][0];
			minpos[TID] = minpos[TID + 2];
		}
	__syncthreads();

	if( TID == 0 )	// Only thread 0
	{
		if( diff[0][0] > diff[1][0] )	{
			diff[0][0] = diff[1][0];
			minpos[0] = minpos[1];
		}
		// And finally assign resulting MV

		MVs_g[MBoffset].as_mv = MV_16x12_lookup_fast[ minpos[0] ];

	}
	__syncthreads();

	///////////////////////////////////////////////////////////////////////////////////////////
	// STEP 2: pixel-scale Motion Vector Search

	// Update RefPointer to the best motion vector
	refptr += offset_16x12[ minpos[0] ] ;

	// Compute pixel differences: //////////
	//
	for( i=0; i<16; i+=2 )		// the 15+1 positions in the STEP 2 of the 16x12 diamond: 64 threads x 2 positions/warp
	{
		j = i + (TID/64);
		{
			diff[j][TID%64]  = abs( (int)*(imptr)			   - (int)*(refptr + offset_16x12_refin[j]) );
			diff[j][TID%64] += abs( (int)*(imptr + 4*width) - (int)*(refptr + offset_16x12_refin[j] + 4*stride) );
			diff[j][TID%64] += abs( (int)*(imptr + 8*width) - (int)*(refptr + offset_16x12_refin[j] + 8*stride) );
			diff[j][TID%64] += abs( (int)*(imptr +12*width) - (int)*(refptr + offset_16x12_refin[j] +12*stride) );
		}
	}
	__syncthreads();

	// Sum 64 --> 32 (128 threads, 4 warps)
	for( i=0; i<16; i+=4 )
		diff[i + (TID/32)] [TID%32] += diff[i + (TID/32)] [(TID%32) + 32];
	__syncthreads();

	// Sum 32 --> 16 (128 threads, 2 warps)
	for( i=0; i<16; i+=8 )
		diff[i + (TID/16)] [TID%16] += diff[i + (TID/16)] [(TID%16) + 16];
	__syncthreads();

	// Sum 16 --> 8 (128 threads, 1 warp)
	diff[threadIdx.y] [threadIdx.x] += diff[threadIdx.y] [threadIdx.x + 8];
	__syncthreads();

	// Sum 8 --> 4 (64 threads, 1 warp)
	if( threadIdx.x < 4 )
		diff[threadIdx.y] [threadIdx.x] += diff[threadIdx.y] [threadIdx.x + 4];
	__syncthreads();

	// Sum 4 --> 2 (32 threads, 1 warp)
	if( threadIdx.x < 2 )
		diff[threadIdx.y] [threadIdx.x] += diff[threadIdx.y] [threadIdx.x + 2];
	__syncthreads();

	// Sum 2 --> 1 (16 threads, 1 warp)
	if( threadIdx.x==0 )
		diff[threadIdx.y] [0] += diff[threadIdx.y] [1];
	__syncthreads();


	// Find MINIMUM (and corresponding best MV) of 16 Pts - 16 threads ////////////////////////
	//
	if( TID < 16 )
		minpos[TID] = TID;
	__syncthreads();

	if( threadIdx.x==0 )
	{
		if( threadIdx.y < 8 )
			if( diff[threadIdx.y][0] > diff[threadIdx.y + 8][0] )	{
				diff[threadIdx.y][0] = diff[threadIdx.y + 8][0];
				minpos[threadIdx.y] = minpos[threadIdx.y + 8];
			}
		__syncthreads();

		if( threadIdx.y < 4 )
			if( diff[threadIdx.y][0] > diff[threadIdx.y + 4][0] )	{
				diff[threadIdx.y][0] = diff[threadIdx.y + 4][0];
				minpos[threadIdx.y] = minpos[threadIdx.y + 4];
			}
		__syncthreads();

		if( threadIdx.y < 2 )
			if( diff[threadIdx.y][0] > diff[threadIdx.y + 2][0] )	{
				diff[threadIdx.y][0] = diff[threadIdx.y + 2][0];
				minpos[threadIdx.y] = minpos[threadIdx.y + 2];
			}
		__syncthreads();

		if( threadIdx.y == 0 )
		{
			if( diff[0][0] > diff[1][0] )	{
				diff[0][0] = diff[1][0];
				minpos[0] = minpos[1];
			}
			// And finally assign resulting MV
			MVs_g[MBoffset].as_mv.row += MV_lookup_refin_fast[ minpos[0] ].row;	// Added to the previous MV
			MVs_g[MBoffset].as_mv.col += MV_lookup_refin_fast[ minpos[0] ].col;	// Added to the previous MV
			MVs_g[MBoffset].as_mv.row <<= 3;
			MVs_g[MBoffset].as_mv.col <<= 3;
		}
	}
	__syncthreads();

}

#ifdef __cplusplus
}
#endif
