// tilelab kernel collection: PopSift's brute-force SIFT descriptor matching (L2 over 128 floats, a warp a left
// descriptor, warp-shuffle sums, Lowe's 2-NN ratio test) and its debug print of the matches
// Source:  https://github.com/alicevision/popsift/blob/4b4b2478d5f0cdb6c4215a031572e951c0c2502e/src/popsift/features.cu
//          (alicevision/popsift, commit 4b4b247; the host is the same file's FeaturesDev::match)
// Licence: MPL-2.0 (the file's own notice, kept below; the repository's COPYING.md).
// Kept, unchanged: lines 1-7 (the notice), 13 (<math_constants.h>), 23 (namespace popsift), 165-265 (l2_in_t0,
//       compute_distance, show_distance), 338 (the namespace's brace). Removed: lines 8-12 and 14-21 (the project's
//       headers, whose few lines the kernels use are copied in below, marked; <cerrno>, <cstdlib>, <iomanip>,
//       <iostream>, <sstream>, using namespace std), 24-163 and 267-336 (FeaturesHost/FeaturesDev host methods,
//       FeaturesDev::match, Feature::print and operator<<).
//       The launches are FeaturesDev::match's: compute_distance<<<l_len, 32>>>, then show_distance<<<1, 32>>>.

/*
 * Copyright 2016-2017, Simula Research Laboratory
 *
 * This Source Code Form is subject to the terms of the Mozilla Public
 * License, v. 2.0. If a copy of the MPL was not distributed with this
 * file, You can obtain one at http://mozilla.org/MPL/2.0/.
 */

#include <math_constants.h>

// ---- from src/popsift/sift_constants.h, lines 46-54, unchanged:
// Lowe wants at most 3 orientations at every extremum,
// VLFeat uses at most 4
#undef  LOWE_ORIENTATION_MAX

#ifdef LOWE_ORIENTATION_MAX
#define ORIENTATION_MAX_COUNT 3
#else
#define ORIENTATION_MAX_COUNT 4
#endif
// ---- end of sift_constants.h

namespace popsift {

// ---- from src/popsift/sift_extremum.h, lines 69-72 (inside its namespace popsift), unchanged:
struct Descriptor
{
    float features[128];
};
// ---- end of sift_extremum.h

// ---- from src/popsift/features.h, lines 23-35 and 37 (inside its namespace popsift), unchanged; line 36, the
//      host-only member declaration `void print( std::ostream& ostr, bool write_as_uchar ) const;`, left out:
struct Feature
{
    int         debug_octave;
    float       xpos;
    float       ypos;
    /// scale
    float       sigma;
    /// number of this extremum's orientations
    /// remaining entries in desc are 0
    int         num_ori;
    float       orientation[ORIENTATION_MAX_COUNT];
    Descriptor* desc[ORIENTATION_MAX_COUNT];

};
// ---- end of features.h

// ---- from src/popsift/common/assist.h, line 34 (its POPSIFT_HAVE_SHFL_DOWN_SYNC branch, the one CUDA 9 and
//      later build; inside its namespace popsift), unchanged:
template<typename T> __device__ inline T shuffle_down( T variable, int delta ) { return __shfl_down_sync( 0xffffffff, variable, delta ); }
// ---- end of assist.h

__device__ inline float
l2_in_t0( const float4* lptr, const float4* rptr )
{
    const float4  lval = lptr[threadIdx.x];
    const float4  rval = rptr[threadIdx.x];
    const float4  mval = make_float4( lval.x - rval.x,
			              lval.y - rval.y,
			              lval.z - rval.z,
			              lval.w - rval.w );
    float   res = mval.x * mval.x
	        + mval.y * mval.y
	        + mval.z * mval.z
	        + mval.w * mval.w;
    res += shuffle_down( res, 16 );
    res += shuffle_down( res,  8 );
    res += shuffle_down( res,  4 );
    res += shuffle_down( res,  2 );
    res += shuffle_down( res,  1 );
    return res;
}

__global__ void
compute_distance( int3* match_matrix, Descriptor* l, int l_len, Descriptor* r, int r_len )
{
    if( blockIdx.x >= l_len ) return;
    const int idx = blockIdx.x;

    float match_1st_val = CUDART_INF_F;
    float match_2nd_val = CUDART_INF_F;
    int   match_1st_idx = 0;
    int   match_2nd_idx = 0;

    const float4* lptr = (const float4*)( &l[idx] );

    for( int i=0; i<r_len; i++ )
    {
        const float4* rptr = (const float4*)( &r[i] );

        const float   res  = l2_in_t0( lptr, rptr );

        if( threadIdx.x == 0 )
        {
            if( res < match_1st_val )
            {
                match_2nd_val = match_1st_val;
                match_2nd_idx = match_1st_idx;
                match_1st_val = res;
                match_1st_idx = i;
            }
            else if( res < match_2nd_val )
            {
                match_2nd_val = res;
                match_2nd_idx = i;
            }
        }
        __syncthreads();
    }

    if( threadIdx.x == 0 )
    {
        bool accept = ( match_1st_val / match_2nd_val < 0.8f );
        match_matrix[blockIdx.x] = make_int3( match_1st_idx, match_2nd_idx, accept );
    }
}

__global__ void
show_distance( int3*       match_matrix,
               Feature*    l_ext,
               Descriptor* l_ori,
               int*        l_fem,
               int         l_len,
               Feature*    r_ext,
               Descriptor* r_ori,
               int*        r_fem,
               int         r_len )
{
    for( int i=0; i<l_len; i++ )
    {
        const float4* lptr  = (const float4*)( &l_ori[i] );
        const float4* rptr1 = (const float4*)( &r_ori[match_matrix[i].x] );
        const float4* rptr2 = (const float4*)( &r_ori[match_matrix[i].y] );
	float d1 = l2_in_t0( lptr, rptr1 );
	float d2 = l2_in_t0( lptr, rptr2 );
	if( threadIdx.x == 0 )
        {
            if( match_matrix[i].z )
                printf( "accept feat %4d [%4d] matches feat %4d [%4d] ( 2nd feat %4d [%4d] ) dist %.3f vs %.3f\n",
                        l_fem[i], i,
                        r_fem[match_matrix[i].x], match_matrix[i].x,
                        r_fem[match_matrix[i].y], match_matrix[i].y,
                        d1, d2 );
	    else
                printf( "reject feat %4d [%4d] matches feat %4d [%4d] ( 2nd feat %4d [%4d] ) dist %.3f vs %.3f\n",
                        l_fem[i], i,
                        r_fem[match_matrix[i].x], match_matrix[i].x,
                        r_fem[match_matrix[i].y], match_matrix[i].y,
                        d1, d2 );
        }
        __syncthreads();
    }
}

} // namespace popsift
