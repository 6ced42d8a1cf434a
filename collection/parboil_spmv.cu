// tilelab kernel collection: Parboil's spmv: a sparse matrix-vector product in the JDS format (per-warp row lengths in __constant__ memory)
// Source:  https://github.com/yuhc/gpu-parboil/blob/ccf3d3126f1754ca85528722f4ced5894ccb852b/benchmarks/spmv/src/cuda/jds_kernels.cu
//          (yuhc/gpu-parboil, commit ccf3d31: the Parboil benchmarks of the IMPACT group, University of Illinois)
// Licence: the University of Illinois/NCSA Open Source License (the repository's LICENSE; it follows;
//          the file itself carries no notice).
// Kept: lines 1-66 of the original, unchanged: the device code with its macros and the
//       file's comments. Removed: nothing; the launches are manifest entries.
//       spmv_jds.h's lines 15-17 (the two __constant__ arrays the kernel reads) are copied in, marked.
//       The file is included by main.cu after spmv_jds.h, whose texture reference (line 13, unused by
//       this kernel; texture references are gone from CUDA 12) is not copied.
//       The source's CRLF line endings became LF.

/*
 *                          Illinois Open Source License
 *                           University of Illinois/NCSA
 *                               Open Source License
 *
 *
 *     (C) Copyright 2007-2011 The Board of Trustees of the University of Illinois.
 *                              All rights reserved.
 *
 *
 * Developed by:
 *
 *  IMPACT Research Group
 *  University of Illinois, Urbana Champaign
 *  http://www.crhc.uiuc.edu/impact
 *
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy of
 * this software and associated documentation files (the "Software"), to deal with
 * the Software without restriction, including without limitation the rights to
 * use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies
 * of the Software, and to permit persons to whom the Software is furnished to do
 * so, subject to the following conditions:
 *
 *  Redistributions of source code must retain the above copyright notice, this
 *  list of conditions and the following disclaimers.
 *
 *  Redistributions in binary form must reproduce the above coptright notice, this
 *  list of conditions and the following disclaimers in the documentation and/or
 *  other materials provided with the distribution.
 *
 *  Neither the names of the IMPACT Research Group, the University of Illinois,
 *  nor the names of its contributors may be used to endorse or promote products
 *  derived from this Software without specific prior written permission. THE
 *  SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 *  IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 *  FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 *  CONTRIBUTORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR AOTHER
 *  LIABILITY, WHETHER IN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT
 *  OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS WITH THE
 *  SOFTWARE.
 */

// from benchmarks/spmv/src/cuda/spmv_jds.h, lines 15-17, unchanged:
//constant memory
__constant__ int jds_ptr_int[5000];
__constant__ int sh_zcnt_int[5000];
// end of the lines from spmv_jds.h

#define WARP_BITS 5
#define WARP_SIZE 32


__global__ void spmv_jds(float *dst_vector,
						const float *d_data,const int *d_index, const int *d_perm,
						const float *x_vec,const int *d_nzcnt,const int dim)
{
	int ix=blockIdx.x*blockDim.x+threadIdx.x;
	int warp_id=ix>>WARP_BITS;
	if(ix<dim)
	{
		float sum=0.0f;
		int	bound=sh_zcnt_int[warp_id];
		//prefetch 0
		int j=jds_ptr_int[0]+ix;  
		float d = d_data[j]; 
		int i = d_index[j];  
		float t = x_vec[i];
		
		if (bound>1)  //bound >=2
		{
			//prefetch 1
			j=jds_ptr_int[1]+ix;    
			i =  d_index[j];  
			int in;
			float dn;
			float tn;
			for(int k=2;k<bound;k++ )
			{	
				//prefetch k-1
				dn = d_data[j]; 
				//prefetch k
				j=jds_ptr_int[k]+ix;    
				in = d_index[j]; 
				//prefetch k-1
				tn = x_vec[i];
				
				//compute k-2
				sum += d*t; 
				//sweep to k
				i = in;  
				//sweep to k-1
				d = dn;
				t =tn; 
			}	
		
			//fetch last
			dn = d_data[j];
			tn = x_vec[i];
	
			//compute last-1
			sum += d*t; 
			//sweep to last
			d=dn;
			t=tn;
		}
		//compute last
		sum += d*t;  // 3 3
		
		//write out data
		dst_vector[d_perm[ix]]=sum; 
	}

}

