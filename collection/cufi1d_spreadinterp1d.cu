// tilelab kernel collection: cuFINUFFT's 1-D spreading and interpolation kernels (non-uniform FFT gridding with
// the "exponential of semicircle" kernel, direct evaluation; bin sorting; sub-problems spread in shared memory)
// Source:  https://github.com/flatironinstitute/cufinufft/blob/e1e9c8f164809c131d8803c66d0c58e01793bab4/src/1d/spreadinterp1d.cu
//          (flatironinstitute/cufinufft, commit e1e9c8f: the GPU NUFFT library of Shih, Wai, Barnett et al.)
// Licence: Apache-2.0 (the repository's LICENSE; the file carries no notice of its own, the licence's notice is
//          repeated below).
// Kept:    the file's device code from its first kernel (Spread_1d_NUptsdriven) to its end, unchanged, except the
//          three kernels that evaluate the spreading kernel by Horner's rule (Spread_1d_NUptsdriven_Horner,
//          Spread_1d_Subprob_Horner, Interp_1d_NUptsdriven_Horner), removed with their bodies: their
//          eval_kernel_vec_Horner #includes the generated coefficient tables contrib/ker_horner_allw_loop.c and
//          contrib/ker_lowupsampfac_horner_allw_loop.c (over a thousand lines), which this file does not carry.
//          Removed: the includes (lines 1-9: <iostream>, helper_cuda.h, thrust, the library's headers) and
//          `using namespace std;` (line 11).
// Copied in, marked below: the single-precision types (contrib/dataTypes.h with -DSINGLE: FLT is float;
//          contrib/utils_fp.h: CUCPX is cuFloatComplex), contrib/utils.h's M_1_2PI and PI, the library headers'
//          MAX_NSPREAD and RESCALE, and src/cuspreadinterp.h's evaluate_kernel and eval_kernel_vec (unchanged).

/*
 * cuFINUFFT (flatironinstitute/cufinufft), the repository's LICENSE: the Apache License, Version 2.0.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

#include <math.h>
#include <cuComplex.h>

// ---- copied in: contrib/dataTypes.h (with -DSINGLE) and contrib/utils_fp.h (SINGLE branch)
typedef float FLT;
#define CUCPX cuFloatComplex
// ---- copied in: contrib/utils.h
#define M_1_2PI 0.159154943091895336
#define PI (FLT)M_PI
// ---- copied in: the library headers' spreader limits and coordinate macro
#define MAX_NSPREAD 16
#define RESCALE(x,N,p) (p ? \
		((x*M_1_2PI + (x<-PI ? 1.5 : (x>PI ? -0.5 : 0.5)))*N) : \
		(x<0 ? x+N : (x>N ? x-N : x)))
// ---- copied in: src/cuspreadinterp.h (evaluate_kernel, eval_kernel_vec)
static __forceinline__ __device__
FLT evaluate_kernel(FLT x, FLT es_c, FLT es_beta, int ns)
/* ES ("exp sqrt") kernel evaluation at single real argument:
   phi(x) = exp(beta.sqrt(1 - (2x/n_s)^2)),    for |x| < nspread/2
   related to an asymptotic approximation to the Kaiser--Bessel, itself an
   approximation to prolate spheroidal wavefunction (PSWF) of order 0.
   This is the "reference implementation", used by eg common/onedim_* 
    2/17/17 */
{
	return abs(x) < ns/2.0 ? exp(es_beta * (sqrt(1.0 - es_c*x*x))) : 0.0;
}

static __inline__ __device__
void eval_kernel_vec(FLT *ker, const FLT x, const double w, const double es_c, 
					 const double es_beta)
{
	for(int i=0; i<w; i++){
		ker[i] = evaluate_kernel(abs(x+i), es_c, es_beta, w);		
	}
}
// ---- end of the copied lines

/* ------------------------ 1d Spreading Kernels ----------------------------*/
/* Kernels for NUptsdriven Method */

__global__
void Spread_1d_NUptsdriven(FLT *x, CUCPX *c, CUCPX *fw, int M, const int ns, 
	int nf1, FLT es_c, FLT es_beta, int *idxnupts, int pirange)
{
	int xstart,xend;
	int xx, ix;
	FLT ker1[MAX_NSPREAD];

	FLT x_rescaled;
	FLT kervalue1;
	CUCPX cnow;
	for(int i=blockDim.x*blockIdx.x+threadIdx.x; i<M; i+=blockDim.x*gridDim.x){
		x_rescaled=RESCALE(x[idxnupts[i]], nf1, pirange);
		cnow = c[idxnupts[i]];

		xstart = ceil(x_rescaled - ns/2.0);
		xend  = floor(x_rescaled + ns/2.0);

		FLT x1=(FLT)xstart-x_rescaled;
		eval_kernel_vec(ker1,x1,ns,es_c,es_beta);
		for(xx=xstart; xx<=xend; xx++){
			ix = xx < 0 ? xx+nf1 : (xx>nf1-1 ? xx-nf1 : xx);
			kervalue1=ker1[xx-xstart];
			atomicAdd(&fw[ix].x, cnow.x*kervalue1);
			atomicAdd(&fw[ix].y, cnow.y*kervalue1);
		}
	}

}

/* Kernels for SubProb Method */
// SubProb properties
__global__
void CalcBinSize_noghost_1d(int M, int nf1, int  bin_size_x, int nbinx, 
	int* bin_size, FLT *x, int* sortidx, int pirange)
{
	int binx;
	int oldidx;
	FLT x_rescaled;
	for(int i=threadIdx.x+blockIdx.x*blockDim.x; i<M; i+=gridDim.x*blockDim.x){
		x_rescaled=RESCALE(x[i], nf1, pirange);
		binx = floor(x_rescaled/bin_size_x);
		binx = binx >= nbinx ? binx-1 : binx;
		binx = binx < 0 ? 0 : binx;
		oldidx = atomicAdd(&bin_size[binx], 1);
		sortidx[i] = oldidx;
		if(binx >= nbinx){
			sortidx[i] = -binx;
		}
	}
}

__global__
void CalcInvertofGlobalSortIdx_1d(int M, int bin_size_x, int nbinx, 
	int* bin_startpts, int* sortidx, FLT *x, int* index, int pirange, int nf1)
{
	int binx;
	FLT x_rescaled;
	for(int i=threadIdx.x+blockIdx.x*blockDim.x; i<M; i+=gridDim.x*blockDim.x){
		x_rescaled=RESCALE(x[i], nf1, pirange);
		binx = floor(x_rescaled/bin_size_x);
		binx = binx >= nbinx ? binx-1 : binx;
		binx = binx < 0 ? 0 : binx;

		index[bin_startpts[binx]+sortidx[i]] = i;
	}
}


__global__
void Spread_1d_Subprob(FLT *x, CUCPX *c, CUCPX *fw, int M, const int ns,
	int nf1, FLT es_c, FLT es_beta, FLT sigma, int* binstartpts,
	int* bin_size, int bin_size_x, int* subprob_to_bin,
	int* subprobstartpts, int* numsubprob, int maxsubprobsize, int nbinx, 
	int* idxnupts, int pirange)
{
	extern __shared__ CUCPX fwshared[];

	int xstart,xend;
	int subpidx=blockIdx.x;
	int bidx=subprob_to_bin[subpidx];
	int binsubp_idx=subpidx-subprobstartpts[bidx];
	int ix;
	int ptstart=binstartpts[bidx]+binsubp_idx*maxsubprobsize;
	int nupts=min(maxsubprobsize, bin_size[bidx]-binsubp_idx*maxsubprobsize);

	int xoffset=(bidx % nbinx)*bin_size_x;

	int N = (bin_size_x+2*ceil(ns/2.0));
	FLT ker1[MAX_NSPREAD];
	
	for(int i=threadIdx.x; i<N; i+=blockDim.x){
		fwshared[i].x = 0.0;
		fwshared[i].y = 0.0;
	}
	__syncthreads();

	FLT x_rescaled;
	CUCPX cnow;
	for(int i=threadIdx.x; i<nupts; i+=blockDim.x){
		int idx = ptstart+i;
		x_rescaled=RESCALE(x[idxnupts[idx]], nf1, pirange);
		cnow = c[idxnupts[idx]];

		xstart = ceil(x_rescaled - ns/2.0)-xoffset;
		xend   = floor(x_rescaled + ns/2.0)-xoffset;

		FLT x1=(FLT)xstart+xoffset - x_rescaled;
		eval_kernel_vec(ker1,x1,ns,es_c,es_beta);

		for(int xx=xstart; xx<=xend; xx++){
			ix = xx+ceil(ns/2.0);
			if(ix >= (bin_size_x + (int) ceil(ns/2.0)*2) || ix<0) break;
			atomicAdd(&fwshared[ix].x, cnow.x*ker1[xx-xstart]);
			atomicAdd(&fwshared[ix].y, cnow.y*ker1[xx-xstart]);
		}
	}
	__syncthreads();
	/* write to global memory */
	for(int k=threadIdx.x; k<N; k+=blockDim.x){
		ix = xoffset-ceil(ns/2.0)+k;
		if(ix < (nf1+ceil(ns/2.0))){
			ix = ix < 0 ? ix+nf1 : (ix>nf1-1 ? ix-nf1 : ix);
			atomicAdd(&fw[ix].x, fwshared[k].x);
			atomicAdd(&fw[ix].y, fwshared[k].y);
		}
	}
}

/* --------------------- 1d Interpolation Kernels ----------------------------*/
/* Kernels for NUptsdriven Method */
__global__
void Interp_1d_NUptsdriven(FLT *x, CUCPX *c, CUCPX *fw, int M, const int ns,
		       int nf1, FLT es_c, FLT es_beta, int* idxnupts, int pirange)
{
	FLT ker1[MAX_NSPREAD];
	for(int i=blockDim.x*blockIdx.x+threadIdx.x; i<M; i+=blockDim.x*gridDim.x){
		FLT x_rescaled=RESCALE(x[idxnupts[i]], nf1, pirange);
        
		int xstart = ceil(x_rescaled - ns/2.0);
		int xend  = floor(x_rescaled + ns/2.0);
		CUCPX cnow;
		cnow.x = 0.0;
		cnow.y = 0.0;

		FLT x1=(FLT)xstart-x_rescaled;
		eval_kernel_vec(ker1,x1,ns,es_c,es_beta);
		for(int xx=xstart; xx<=xend; xx++){
			int ix = xx < 0 ? xx+nf1 : (xx>nf1-1 ? xx-nf1 : xx);
			FLT kervalue1 = ker1[xx-xstart];
			cnow.x += fw[ix].x*kervalue1;
			cnow.y += fw[ix].y*kervalue1;
		}
		c[idxnupts[i]].x = cnow.x;
		c[idxnupts[i]].y = cnow.y;
	}
}
