// tilelab kernel collection: cuda-bwt's BuildMatches kernel (a Burrows-Wheeler transform by bucket sorting of rotations)
// Source:  https://github.com/keith-daigle/cuda-bwt/blob/152c70c9f11e3f46b5f26dd01b228c87b204733a/BuildMatches.cuh
//          (keith-daigle/cuda-bwt, commit 152c70c: a CUDA BWT whose host sorts the rotations' 16-byte buckets with
//          Thrust between these kernels)
// Licence: GPL-3.0-or-later (the repository's LICENSE, GPL-3.0, and the file's own notice, which follows)
// Kept: lines 1-17 and 19-75 of the original, unchanged. Removed: line 18, #include "bucket.h", in whose
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
//This kernel will walk through an array and group buckets to be sorted together
//the bucket_index array will contain the start index in the array of each bucket, and each subsequent member of that bucket
//will have it's index in the bucket_index array set to the same number.
//Entries that are not a part of a bucket have their index in the bucket_index array set to  n+1
__global__ void BuildMatches( bucket_t * buckets, unsigned int * bucket_index, unsigned int * prev_bucket_index, unsigned int n, unsigned int BLOCK_LEN)
{
        unsigned int i = (blockIdx.x * BLOCK_LEN) + threadIdx.x;
        unsigned int prev_bucket = ((i+n)-1) % n;
        unsigned int next_bucket = ((i+n)+1) % n;
        if( i < n )
        {
                //we want to pull in the information from the previous set of bucket
                //indexes about which buckets were already sorted out
                if(prev_bucket_index[i] == n+1)
                {
                        bucket_index[i] = n+1;
			buckets[i].bIndex = n+1;
                }
                //otherwise mark our index and our neghibor's index if the bucket to the left matches
                else
                {

                        if( i>0 && buckets[prev_bucket] == buckets[i] )
                        {
                                bucket_index[i] = i;
                              bucket_index[prev_bucket] = prev_bucket;
			      buckets[prev_bucket].bIndex = prev_bucket;
			      buckets[i].bIndex=i;
                        }
                        //so if the previous bucket didn't match, test the next bucket
                        //if it doesn't match too, mark this index as being done
			//the original compare was to n-1 index, but that left one possible
			//index at the very end as unmarked if it's different on it's own
			//the ends could probably also be handled in an else-if if the <n 
			//causes other problems
                        //else if( i< n-1)
                        else if( i< n)
                        {
                              if(! (buckets[next_bucket] == buckets[i] ) )
			      {
                                        bucket_index[i] = n+1;
					buckets[i].bIndex=n+1;
			      }
                        }
                }
                __syncthreads();
                //At this point, we want to see if any of our bucket indexes are bordered on the left and right
                //by a n+1, because if they are, this bucket is sorted by the fact of it's neghibors beingsorted
                if(bucket_index[prev_bucket] == n+1 && bucket_index[next_bucket] == n+1)
                {
                          bucket_index[i] = n+1;
			  buckets[i].bIndex=n+1;
                }
                
        }
}

