// tilelab kernel collection: cuda-bwt's DoPush kernel (a Burrows-Wheeler transform by bucket sorting of rotations)
// Source:  https://github.com/keith-daigle/cuda-bwt/blob/152c70c9f11e3f46b5f26dd01b228c87b204733a/DoPush.cuh
//          (keith-daigle/cuda-bwt, commit 152c70c: a CUDA BWT whose host sorts the rotations' 16-byte buckets with
//          Thrust between these kernels)
// Licence: GPL-3.0-or-later (the repository's LICENSE, GPL-3.0, and the file's own notice, which follows)
// Kept: lines 1-17 and 19-40 of the original, unchanged. Removed: line 18, #include "bucket.h", in whose
//       place bucket.h's lines 19-53 (the bucket_t structure and BUCKET_T_DATA_SIZE; its lines 1-17 are the same
//       notice as this file's) are copied in, marked. The kernel's launch is cuda-bwt.cu's main (host code, with
//       Thrust's sorts between the launches: not copied).

/**
*   Copyright 2012,2015 Keith Daigle
*   This file is part of cuda-bwt.
*
*   cuda-bwt is free software: you can redistribute it and/or modify
*   it under the terms of the GNU General Public License as published by
*   the Free Software Foundation, either version 3 of the License, or
*   (at your option) any later version.
*
*   cuda-bwt is distributed in the hope that it will be useful,
*   but WITHOUT ANY WARRANTY; without even the implied warranty of
*   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
*   GNU General Public License for more details.
*
*   You should have received a copy of the GNU General Public License
*   along with cuda-bwt.  If not, see <http://www.gnu.org/licenses/>.
*/
// ---- bucket.h, lines 19-53 (copied in for #include "bucket.h") ----
#ifndef BUCKET_T_H
#define BUCKET_T_H
//This is the definition of the bucket which is primarily used to compare
//entries for each rotation
#define BUCKET_T_DATA_SIZE (sizeof(unsigned long long int) * 2)
typedef struct dBucket{
	unsigned int bIndex;
        unsigned long long int high;
        unsigned long long int low;

  __host__ __device__
    bool operator<(const dBucket& other) const
    {
	//Compare the bucket index first, if they don't match
	//just return the value of that comparison
	if(other.bIndex == bIndex)
	{
        	if(other.high == high)
        		return low < other.low ;
        	else
                	return high < other.high;
	}
	return bIndex < other.bIndex;
    }
  __host__ __device__
    bool operator==(const dBucket& other) const
    {
//        if(other.bIndex == bIndex && other.high == high && other.low == low)
        if(other.high == high && other.low == low)
                return true;
        else
                return false;
    }
} bucket_t;
#endif
// ---- end of bucket.h ----
//This kernel will take 3 arrays and put their data back into 2 other arrays based upon 
//the bucket index array passed in and the 
__global__ void DoPush(
		bucket_t * buckets,
		unsigned int * rotation_idx,
		bucket_t * sorted_buckets,
		unsigned int * sorted_rotation_idx,
		unsigned int * sorted_bucket_index,
		unsigned int * offset_tmp,
		unsigned int n,
		unsigned int BLOCK_LEN)
{
        unsigned int i = (blockIdx.x * BLOCK_LEN) + threadIdx.x;
        if( i < n)
        {
                //At this point, we have the offsets of where we want to copy the data back to
                //so we should be able to just go and push it back
		buckets[offset_tmp[i]] = sorted_buckets[i];
		rotation_idx[offset_tmp[i]] = sorted_rotation_idx[i];
	}
}

