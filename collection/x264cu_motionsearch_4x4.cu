// tilelab kernel collection: x264-CUDA's full-search 4x4-merge motion search (all seven partitions from 16 4x4 SADs)
// Source:  https://github.com/Wenchy/x264-CUDA/blob/a4d4efe84902b2ac4710157d162f1cadabe5d65b/common/cuda/motionsearch_4x4.cu
//          (Wenchy/x264-CUDA, commit a4d4efe), with lines 5-33 of common/cuda/x264-cuda.h and 9-30 of motionsearch.h
// Licence: GPL-2.0-or-later (x264's COPYING in the repository; the file itself carries no notice); the notice follows.
// Kept: lines 4-33 and 83-466 (the device code, unchanged). Removed: the includes (1-2) and the host functions
//       cuda_me_init/end/prefetch and cuda_me (35-81).
/*
 * x264-CUDA (https://github.com/Wenchy/x264-CUDA): x264 with CUDA motion search.
 * x264 is Copyright (C) 2003-2016 x264 project; the common/cuda files are by the fork's author (Wenchy).
 *
 * This program is free software; you can redistribute it and/or modify it under the terms of the GNU
 * General Public License as published by the Free Software Foundation; either version 2 of the License,
 * or (at your option) any later version. This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR A
 * PARTICULAR PURPOSE. See the GNU General Public License for more details (the repository's COPYING).
 */

// ---- from common/cuda/x264-cuda.h, lines 5-33
typedef signed char int8_t;
typedef unsigned char   uint8_t;
typedef short  int16_t;
typedef unsigned short  uint16_t;
typedef int  int32_t;
typedef unsigned   uint32_t;

typedef uint8_t  pixel;
typedef long int intptr_t;


/* best Motion Vector and Cost */
typedef struct x264_cuda_mvc_t
{
	int16_t mv[2];
	int cost;
} x264_cuda_mvc_t;

/* ME for a MB */
typedef struct x264_cuda_me_t
{
	x264_cuda_mvc_t mvc16x16;
	x264_cuda_mvc_t mvc16x8[2];
	x264_cuda_mvc_t mvc8x16[2];
	x264_cuda_mvc_t mvc8x8[4];
	x264_cuda_mvc_t mvc8x4[8];
	x264_cuda_mvc_t mvc4x8[8];
	x264_cuda_mvc_t mvc4x4[16];
} x264_cuda_me_t;
// ---- end of x264-cuda.h's lines
// ---- from common/cuda/motionsearch.h, lines 9-30
/* number of pixels past the edge of the frame, for motion estimation/compensation */
#define PADH 32
#define PADV 32

#define MAX_INT 65535
// 1024 = (16*2 * 16*2), also 2^10, also Max threads per block:  1024
#define THREADS_PER_BLOCK 1024
// Quarter of THREADS_PER_BLOCK: 256 = 1024/4
#define Q_THREADS_PER_BLOCK 256
// Quarter Quarter of THREADS_PER_BLOCK: 64 = 1024/4/4
#define QQ_THREADS_PER_BLOCK 64

enum
{
    PIXEL_16x16 = 0,
    PIXEL_16x8  = 1,
    PIXEL_8x16  = 2,
    PIXEL_8x8   = 3,
    PIXEL_8x4   = 4,
    PIXEL_4x8   = 5,
    PIXEL_4x4   = 6
};
// ---- end of motionsearch.h's lines

__global__ void me( int i_pixel, pixel *dev_fenc_buf, pixel *dev_fref_buf, x264_cuda_me_t *me, int me_range, int stride_buf);

/****************************************************************************
 * cuda_pixel_sad_WxH
 ****************************************************************************/
#define CUDA_PIXEL_SAD_C( name, lx, ly ) \
__device__ int name( pixel *pix1, intptr_t i_stride_pix1,  \
                 pixel *pix2, intptr_t i_stride_pix2 ) \
{                                                   \
    int i_sum = 0;                                  \
    for( int y = 0; y < ly; y++ )                   \
    {                                               \
        for( int x = 0; x < lx; x++ )               \
        {                                           \
            i_sum += abs( pix1[x] - pix2[x] );      \
        }                                           \
        pix1 += i_stride_pix1;                      \
        pix2 += i_stride_pix2;                      \
    }                                               \
    return i_sum;                                   \
}


CUDA_PIXEL_SAD_C( x264_cuda_pixel_sad_16x16, 16, 16 )
CUDA_PIXEL_SAD_C( x264_cuda_pixel_sad_16x8,  16,  8 )
CUDA_PIXEL_SAD_C( x264_cuda_pixel_sad_8x16,   8, 16 )
CUDA_PIXEL_SAD_C( x264_cuda_pixel_sad_8x8,    8,  8 )
CUDA_PIXEL_SAD_C( x264_cuda_pixel_sad_8x4,    8,  4 )
CUDA_PIXEL_SAD_C( x264_cuda_pixel_sad_4x8,    4,  8 )
CUDA_PIXEL_SAD_C( x264_cuda_pixel_sad_4x4,    4,  4 )
/* *****************************************************************
 * 1. 4x4 SAD merging into 16x16
 * 2. find least SAD and corresponding MV
 * *****************************************************************/
__device__ void me_merge_16x16( int16_t sadCache[4][THREADS_PER_BLOCK], int sadMerge[THREADS_PER_BLOCK], int index[THREADS_PER_BLOCK], x264_cuda_me_t *me, int me_range )
{
	const int offset = threadIdx.x;
	int mb_x = blockIdx.x;
	int mb_y = blockIdx.y;
	int mb_width = gridDim.x;

	for(int i16x16 = 0; i16x16 < 1; i16x16++)
	{
		// set the sads values
		sadMerge[offset] = 0;
		for(int i4x4 = 0; i4x4 < 16; i4x4++)
		{
			sadMerge[offset] += sadCache[i4x4][offset];
		}
		index[offset] = offset;

		// synchronize threads in this block
		__syncthreads();

		// for reductions, THREADS_PER_BLOCK must be a power of 2
		// because of the following code： find least SAD
		int i = blockDim.x/2;
		while (i != 0) {
			if (offset < i)
			{
				if (sadMerge[ index[offset] ] > sadMerge[ index[offset + i] ])
				{
					index[offset] = index[offset + i];
				}
			}
			__syncthreads();
			i /= 2;
		}

		if (offset == 0)
		{
			me[mb_x + mb_y*mb_width].mvc16x16.mv[0] = index[0] % ( me_range*2 ) - me_range;
			me[mb_x + mb_y*mb_width].mvc16x16.mv[1] = index[0] / ( me_range*2 ) - me_range;
			me[mb_x + mb_y*mb_width].mvc16x16.cost = sadMerge[ index[0] ];
		}
		__syncthreads();
	}
}

/* *****************************************************************
 * 1. 4x4 SAD merging into 16x8
 * 2. find least SAD and corresponding MV
 * *****************************************************************/
__device__ void me_merge_16x8( int16_t sadCache[4][THREADS_PER_BLOCK], int sadMerge[THREADS_PER_BLOCK], int index[THREADS_PER_BLOCK], x264_cuda_me_t *me, int me_range )
{
	const int offset = threadIdx.x;
	int mb_x = blockIdx.x;
	int mb_y = blockIdx.y;
	int mb_width = gridDim.x;

	for(int i16x8 = 0; i16x8 < 2; i16x8++)
	{
		// set the sads values
		sadMerge[offset] = 0;
		for(int i4x4_y = i16x8 * 2; i4x4_y < i16x8 * 2 + 2; i4x4_y++)
		{
			for(int i4x4_x = 0; i4x4_x < 4; i4x4_x++)
			{
				sadMerge[offset] += sadCache[i4x4_x + i4x4_y * 4][offset];
			}
		}
		index[offset] = offset;

		// synchronize threads in this block
		__syncthreads();

		// for reductions, THREADS_PER_BLOCK must be a power of 2
		// because of the following code： find least SAD
		int i = blockDim.x/2;
		while (i != 0) {
			if (offset < i)
			{
				if (sadMerge[ index[offset] ] > sadMerge[ index[offset + i] ])
				{
					index[offset] = index[offset + i];
				}
			}
			__syncthreads();
			i /= 2;
		}

		if (offset == 0)
		{
			me[mb_x + mb_y*mb_width].mvc16x8[i16x8].mv[0] = index[0] % ( me_range*2 ) - me_range;
			me[mb_x + mb_y*mb_width].mvc16x8[i16x8].mv[1] = index[0] / ( me_range*2 ) - me_range;
			me[mb_x + mb_y*mb_width].mvc16x8[i16x8].cost = sadMerge[ index[0] ];
		}
		__syncthreads();
	}
}

/* *****************************************************************
 * 1. 4x4 SAD merging into 8x16
 * 2. find least SAD and corresponding MV
 * *****************************************************************/
__device__ void me_merge_8x16( int16_t sadCache[4][THREADS_PER_BLOCK], int sadMerge[THREADS_PER_BLOCK], int index[THREADS_PER_BLOCK], x264_cuda_me_t *me, int me_range )
{
	const int offset = threadIdx.x;
	int mb_x = blockIdx.x;
	int mb_y = blockIdx.y;
	int mb_width = gridDim.x;

	for(int i8x16 = 0; i8x16 < 2; i8x16++)
	{
		// set the sads values
		sadMerge[offset] = 0;
		for(int i4x4_y = 0; i4x4_y < 4; i4x4_y++)
		{
			for(int i4x4_x = i8x16 * 2; i4x4_x < i8x16 * 2 + 2; i4x4_x++)
			{
				sadMerge[offset] += sadCache[i4x4_x + i4x4_y * 4][offset];
			}
		}
		index[offset] = offset;

		// synchronize threads in this block
		__syncthreads();

		// for reductions, THREADS_PER_BLOCK must be a power of 2
		// because of the following code： find least SAD
		int i = blockDim.x/2;
		while (i != 0) {
			if (offset < i)
			{
				if (sadMerge[ index[offset] ] > sadMerge[ index[offset + i] ])
				{
					index[offset] = index[offset + i];
				}
			}
			__syncthreads();
			i /= 2;
		}

		if (offset == 0)
		{
			me[mb_x + mb_y*mb_width].mvc8x16[i8x16].mv[0] = index[0] % ( me_range*2 ) - me_range;
			me[mb_x + mb_y*mb_width].mvc8x16[i8x16].mv[1] = index[0] / ( me_range*2 ) - me_range;
			me[mb_x + mb_y*mb_width].mvc8x16[i8x16].cost = sadMerge[ index[0] ];
		}
		__syncthreads();
	}
}

/* *****************************************************************
 * 1. 4x4 SAD merging into 8x8
 * 2. find least SAD and corresponding MV
 * *****************************************************************/
__device__ void me_merge_8x8( int16_t sadCache[4][THREADS_PER_BLOCK], int sadMerge[THREADS_PER_BLOCK], int index[THREADS_PER_BLOCK], x264_cuda_me_t *me, int me_range )
{
	const int offset = threadIdx.x;
	int mb_x = blockIdx.x;
	int mb_y = blockIdx.y;
	int mb_width = gridDim.x;

	for(int i8x8_y = 0; i8x8_y < 2; i8x8_y++)
	{
		for(int i8x8_x = 0; i8x8_x < 2; i8x8_x++)
		{
			// set the sads values
			sadMerge[offset] = 0;
			for(int i4x4_y = i8x8_y * 2; i4x4_y < i8x8_y * 2 + 2; i4x4_y++)
			{
				for(int i4x4_x = i8x8_x * 2; i4x4_x < i8x8_x * 2 + 2; i4x4_x++)
				{
					sadMerge[offset] += sadCache[i4x4_x + i4x4_y * 4][offset];
				}
			}
			index[offset] = offset;

			// synchronize threads in this block
			__syncthreads();

			// for reductions, THREADS_PER_BLOCK must be a power of 2
			// because of the following code： find least SAD
			int i = blockDim.x/2;
			while (i != 0) {
				if (offset < i)
				{
					if (sadMerge[ index[offset] ] > sadMerge[ index[offset + i] ])
					{
						index[offset] = index[offset + i];
					}
				}
				__syncthreads();
				i /= 2;
			}

			if (offset == 0)
			{
				me[mb_x + mb_y*mb_width].mvc8x8[i8x8_x + i8x8_y * 2].mv[0] = index[0] % ( me_range*2 ) - me_range;
				me[mb_x + mb_y*mb_width].mvc8x8[i8x8_x + i8x8_y * 2].mv[1] = index[0] / ( me_range*2 ) - me_range;
				me[mb_x + mb_y*mb_width].mvc8x8[i8x8_x + i8x8_y * 2].cost = sadMerge[ index[0] ];
			}
			__syncthreads();
		}
	}
}

/* *****************************************************************
 * 1. 4x4 SAD merging into 8x4
 * 2. find least SAD and corresponding MV
 * *****************************************************************/
__device__ void me_merge_8x4( int16_t sadCache[4][THREADS_PER_BLOCK], int sadMerge[THREADS_PER_BLOCK], int index[THREADS_PER_BLOCK], x264_cuda_me_t *me, int me_range )
{
	const int offset = threadIdx.x;
	int mb_x = blockIdx.x;
	int mb_y = blockIdx.y;
	int mb_width = gridDim.x;

	for(int i8x4_y = 0; i8x4_y < 4; i8x4_y++)
	{
		for(int i8x4_x = 0; i8x4_x < 2; i8x4_x++)
		{
			// set the sads values
			sadMerge[offset] = 0;
			for(int i4x4_y = i8x4_y; i4x4_y < i8x4_y + 1; i4x4_y++)
			{
				for(int i4x4_x = i8x4_x * 2; i4x4_x < i8x4_x * 2 + 2; i4x4_x++)
				{
					sadMerge[offset] += sadCache[i4x4_x + i4x4_y * 4][offset];
				}
			}
			index[offset] = offset;

			// synchronize threads in this block
			__syncthreads();

			// for reductions, THREADS_PER_BLOCK must be a power of 2
			// because of the following code： find least SAD
			int i = blockDim.x/2;
			while (i != 0) {
				if (offset < i)
				{
					if (sadMerge[ index[offset] ] > sadMerge[ index[offset + i] ])
					{
						index[offset] = index[offset + i];
					}
				}
				__syncthreads();
				i /= 2;
			}

			if (offset == 0)
			{
				me[mb_x + mb_y*mb_width].mvc8x4[i8x4_x + i8x4_y * 2].mv[0] = index[0] % ( me_range*2 ) - me_range;
				me[mb_x + mb_y*mb_width].mvc8x4[i8x4_x + i8x4_y * 2].mv[1] = index[0] / ( me_range*2 ) - me_range;
				me[mb_x + mb_y*mb_width].mvc8x4[i8x4_x + i8x4_y * 2].cost = sadMerge[ index[0] ];
			}
			__syncthreads();
		}
	}
}

/* *****************************************************************
 * 1. 4x4 SAD merging into 4x8
 * 2. find least SAD and corresponding MV
 * *****************************************************************/
__device__ void me_merge_4x8( int16_t sadCache[4][THREADS_PER_BLOCK], int sadMerge[THREADS_PER_BLOCK], int index[THREADS_PER_BLOCK], x264_cuda_me_t *me, int me_range )
{
	const int offset = threadIdx.x;
	int mb_x = blockIdx.x;
	int mb_y = blockIdx.y;
	int mb_width = gridDim.x;

	for(int i4x8_y = 0; i4x8_y < 2; i4x8_y++)
	{
		for(int i4x8_x = 0; i4x8_x < 4; i4x8_x++)
		{
			// set the sads values
			sadMerge[offset] = 0;
			for(int i4x4_y = i4x8_y * 2; i4x4_y < i4x8_y * 2 + 2; i4x4_y++)
			{
				for(int i4x4_x = i4x8_x; i4x4_x < i4x8_x + 1; i4x4_x++)
				{
					sadMerge[offset] += sadCache[i4x4_x + i4x4_y * 4][offset];
				}
			}
			index[offset] = offset;

			// synchronize threads in this block
			__syncthreads();

			// for reductions, THREADS_PER_BLOCK must be a power of 2
			// because of the following code： find least SAD
			int i = blockDim.x/2;
			while (i != 0) {
				if (offset < i)
				{
					if (sadMerge[ index[offset] ] > sadMerge[ index[offset + i] ])
					{
						index[offset] = index[offset + i];
					}
				}
				__syncthreads();
				i /= 2;
			}

			if (offset == 0)
			{
				me[mb_x + mb_y*mb_width].mvc4x8[i4x8_x + i4x8_y * 2].mv[0] = index[0] % ( me_range*2 ) - me_range;
				me[mb_x + mb_y*mb_width].mvc4x8[i4x8_x + i4x8_y * 2].mv[1] = index[0] / ( me_range*2 ) - me_range;
				me[mb_x + mb_y*mb_width].mvc4x8[i4x8_x + i4x8_y * 2].cost = sadMerge[ index[0] ];
			}
			__syncthreads();
		}
	}
}

__global__ void me( int i_pixel, pixel *dev_fenc_buf, pixel *dev_fref_buf, x264_cuda_me_t *me, int me_range, int stride_buf) {
	 __shared__ int16_t sadCache[16][THREADS_PER_BLOCK]; // 32k
	 __shared__ int sadMerge[THREADS_PER_BLOCK]; // 4k
	 __shared__ int index[THREADS_PER_BLOCK]; // 4k

	const int offset = threadIdx.x;
	int ox = threadIdx.x % ( me_range*2 );
	int oy = threadIdx.x / ( me_range*2 );

	int mb_x = blockIdx.x;
	int mb_y = blockIdx.y;
	int mb_width = gridDim.x;

	pixel *p_fenc_plane = dev_fenc_buf + stride_buf * PADV + PADH;
	pixel *p_fref_plane = dev_fref_buf + stride_buf * PADV + PADH;

	pixel *p_fenc = p_fenc_plane + ( 16 * mb_x) +( 16 * mb_y)* stride_buf;
	pixel *p_fref = p_fref_plane + ( 16 * mb_x- me_range) +( 16 * mb_y  - me_range)* stride_buf;

	for(int i4x4 = 0; i4x4 < 16; i4x4++)
	{
		int i4x4_x = i4x4 % 4;
		int i4x4_y = i4x4 / 4;

		pixel *p_enc = p_fenc + ( i4x4_x * 4 + (i4x4_y * 4) * stride_buf );
		pixel *p_ref = p_fref + ox+ oy * stride_buf + ( i4x4_x * 4 + (i4x4_y * 4) * stride_buf );

		// set the sads values
		sadCache[i4x4][offset] = x264_cuda_pixel_sad_4x4(p_enc, stride_buf, p_ref, stride_buf);
		index[offset] = offset;

		// synchronize threads in this block
		__syncthreads();

		// for reductions, THREADS_PER_BLOCK must be a power of 2
		// because of the following code： find least SAD
		int i = blockDim.x/2;
		while (i != 0) {
			if (offset < i)
			{
				if (sadCache[i4x4][ index[offset] ] > sadCache[i4x4][ index[offset + i] ])
				{
					index[offset] = index[offset + i];
				}
			}
			__syncthreads();
			i /= 2;
		}

		if (offset == 0)
		{
			me[mb_x + mb_y*mb_width].mvc4x4[i4x4].mv[0] = index[0] % ( me_range*2 ) - me_range;
			me[mb_x + mb_y*mb_width].mvc4x4[i4x4].mv[1] = index[0] / ( me_range*2 ) - me_range;
			me[mb_x + mb_y*mb_width].mvc4x4[i4x4].cost = sadCache[i4x4][ index[0] ];
		}
		__syncthreads();
	}

	me_merge_16x16(sadCache, sadMerge, index, me, me_range);
	me_merge_16x8(sadCache, sadMerge, index, me, me_range);
	me_merge_8x16(sadCache, sadMerge, index, me, me_range);
	me_merge_8x8(sadCache, sadMerge, index, me, me_range);
	me_merge_8x4(sadCache, sadMerge, index, me, me_range);
	me_merge_4x8(sadCache, sadMerge, index, me, me_range);

}
