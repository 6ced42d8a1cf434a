// tilelab kernel collection: Hopobcn/FWI: BSC's full-waveform-inversion mini-app, the elastic-wave velocity kernels (8th-order staggered differences: warp shuffles in z, a shared-memory tile in x, registers in y) (src/fwi_propagator.cu)
// Source:  https://github.com/Hopobcn/FWI/blob/9e3341c0eebda1e71ec7fdadb970cd5b47a7d96e/src/fwi_propagator.cu
//          (Hopobcn/FWI, commit 9e3341c: the Barcelona Supercomputing Center's FWI mini-app, the GTC 2018 lab)
// Licence: BSD-3-Clause (the file's notice, kept below; the repository's LICENSE.md, "Copyright (c) 2016-2018, Barcelona
//          Supercomputing Center (BSC)").
// Kept: the notice (lines 1-28) and the velocity part's device code, unchanged: the coefficients and the shuffle mask
//       (lines 35-40), the shuffle helpers, IDX, the stencils and the density averages (lines 42-341) and the four
//       velocity kernels with their #ifdef VCELL_* choices (lines 343-480, 530-663, 713-847, 896-1023); the entries build
//       it with the repository's CUDA build's -DVCELL_TL -DVCELL_TR -DVCELL_BR -DVCELL_BL (CMakeLists.txt, lines 144-147).
//       Removed: the includes (lines 30-33: <cuda_runtime.h>, <cstdio>, fwi/fwi_propagator.cuh, whose CUDA_CHECK and
//       declarations only the host uses), the host's launch functions (lines 482-527, 665-710, 849-894, 1025-1070) and
//       the stress part (lines 1071-2755: the four stress kernels, their helpers and launch functions, not taken by this
//       suite's rule).

/*
 * =============================================================================
 * Copyright (c) 2016, Barcelona Supercomputing Center (BSC)
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *     * Redistributions of source code must retain the above copyright
 *       notice, this list of conditions and the following disclaimer.
 *     * Redistributions in binary form must reproduce the above copyright
 *       notice, this list of conditions and the following disclaimer in the
 *       documentation and/or other materials provided with the distribution.
 *     * Neither the name of the <organization> nor the
 *       names of its contributors may be used to endorse or promote products
 *       derived from this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL <COPYRIGHT HOLDER> BE LIABLE FOR ANY
 * DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
 * (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
 * LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND
 * ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
 * SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 * =============================================================================
 */

#define C0 1.2f
#define C1 1.4f
#define C2 1.6f
#define C3 1.8f

#define FULLMASK 0xffffffff

template <typename T>
__device__ inline
T fwi_shfl_up(T var, unsigned int delta, int width=warpSize)
{
   T res;
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 300) && \
    defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 9)
   res = __shfl_up_sync(FULLMASK, var, delta, width);
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 300) && \
      defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ < 9)
   res = __shfl_up(var, delta, width);
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ < 300)
#warning CUDA arch is too old
#endif

   return res;
}

template <typename T>
__device__ inline
T fwi_shfl_down(T var, unsigned int delta, int width=warpSize)
{
   T res;
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 300) && \
    defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 9)
   res = __shfl_down_sync(FULLMASK, var, delta, width);
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 300) && \
      defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ < 9)
   res = __shfl_down(var, delta, width);
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 300)
#warning CUDA arch is too old
#endif

   return res;
}

__device__ inline
int IDX (const int z, 
         const int x, 
         const int y, 
         const int dimmz, 
         const int dimmx)
{
    return (y*dimmx*dimmz) + (x*dimmz) + (z);
};

__device__ inline
float stencil_Z (const int off,
                 const float* __restrict__ ptr,
                 const float    dzi,
                 const int z,
                 const int x,
                 const int y,
                 const int dimmz,
                 const int dimmx)
{
    return  ((C0 * ( ptr[IDX(z  +off,x,y,dimmz,dimmx)] - ptr[IDX(z-1+off,x,y,dimmz,dimmx)]) +
              C1 * ( ptr[IDX(z+1+off,x,y,dimmz,dimmx)] - ptr[IDX(z-2+off,x,y,dimmz,dimmx)]) +
              C2 * ( ptr[IDX(z+2+off,x,y,dimmz,dimmx)] - ptr[IDX(z-3+off,x,y,dimmz,dimmx)]) +
              C3 * ( ptr[IDX(z+3+off,x,y,dimmz,dimmx)] - ptr[IDX(z-4+off,x,y,dimmz,dimmx)])) * dzi );
};

template <const int HALO,
          const int BDIMX>
__device__ inline
float stencil_Z_shfl (const int off,
                      const float* __restrict__ ptr_gmem,
                      const float    dzi,
                      const int z,
                      const int x,
                      const int y,
                      const int dimmz,
                      const int dimmx)
{
    float current = (z+off < dimmz && x < dimmx) ? ptr_gmem[IDX(z+off,x,y,dimmz,dimmx)] : 0.0f;
    float right3  = fwi_shfl_down(current, 3);
    float right2  = fwi_shfl_down(current, 2);
    float right1  = fwi_shfl_down(current, 1);
    float left1   = fwi_shfl_up(current, 1);
    float left2   = fwi_shfl_up(current, 2);
    float left3   = fwi_shfl_up(current, 3);
    float left4   = fwi_shfl_up(current, 4);

    /* For threads without neighbors: */
    if (threadIdx.x < 1 /* 1 */) left1 = (z+off-1 < dimmz && x < dimmx) ? ptr_gmem[IDX(z+off-1,x,y,dimmz,dimmx)] : 0.0f;
    if (threadIdx.x < 2 /* 2 */) left2 = (z+off-2 < dimmz && x < dimmx) ? ptr_gmem[IDX(z+off-2,x,y,dimmz,dimmx)] : 0.0f;
    if (threadIdx.x < 3 /* 3 */) left3 = (z+off-3 < dimmz && x < dimmx) ? ptr_gmem[IDX(z+off-3,x,y,dimmz,dimmx)] : 0.0f;
    if (threadIdx.x < 4 /* 4 */) left4 = (z+off-4 < dimmz && x < dimmx) ? ptr_gmem[IDX(z+off-4,x,y,dimmz,dimmx)] : 0.0f;

    if (threadIdx.x >= BDIMX-1 /* 1 */) right1 = (z+off+1 < dimmz && x < dimmx) ? ptr_gmem[IDX(z+off+1,x,y,dimmz,dimmx)] : 0.0f;
    if (threadIdx.x >= BDIMX-2 /* 2 */) right2 = (z+off+1 < dimmz && x < dimmx) ? ptr_gmem[IDX(z+off+2,x,y,dimmz,dimmx)] : 0.0f;
    if (threadIdx.x >= BDIMX-3 /* 3 */) right3 = (z+off+1 < dimmz && x < dimmx) ? ptr_gmem[IDX(z+off+3,x,y,dimmz,dimmx)] : 0.0f;

    return  ((C0 * ( current - left1) +
              C1 * ( right1  - left2) +
              C2 * ( right2  - left3) +
              C3 * ( right3  - left4)) * dzi );
};

__device__ inline
float stencil_X(const int off,
                const float* __restrict__ ptr,
                const float dxi,
                const int z,
                const int x,
                const int y,
                const int dimmz,
                const int dimmx)
{
    return ((C0 * ( ptr[IDX(z,x  +off,y,dimmz,dimmx)] - ptr[IDX(z,x-1+off,y,dimmz,dimmx)]) +
             C1 * ( ptr[IDX(z,x+1+off,y,dimmz,dimmx)] - ptr[IDX(z,x-2+off,y,dimmz,dimmx)]) +
             C2 * ( ptr[IDX(z,x+2+off,y,dimmz,dimmx)] - ptr[IDX(z,x-3+off,y,dimmz,dimmx)]) +
             C3 * ( ptr[IDX(z,x+3+off,y,dimmz,dimmx)] - ptr[IDX(z,x-4+off,y,dimmz,dimmx)])) * dxi );
};



template <const int NX,
          const int NY,
          const int HALO,
          const int BDIMY>
__device__ inline
float stencil_X_smem(const int off,
                           float ptr_smem[NY][NX],
                     const float* __restrict__ ptr_gmem,
                     const float dxi,
                     const int z,
                     const int x,
                     const int y,
                     const int dimmz,
                     const int dimmx)
{
    //__syncthreads();
    const int tx = threadIdx.x;
    const int ty = threadIdx.y+HALO;
    ///////////// intra-block communication///////////////////
    ptr_smem[ty][tx] = ((z < dimmz && x+off < dimmx) ? ptr_gmem[IDX(z,x+off,y,dimmz,dimmx)] : 0.0f);
    if (threadIdx.y < HALO)
    {
        ptr_smem[ty-HALO ][tx] = ((z < dimmz && x+off-HALO  < dimmx) ? ptr_gmem[IDX(z,x+off-HALO, y,dimmz,dimmx)] : 0.0f);
        ptr_smem[ty+BDIMY][tx] = ((z < dimmz && x+off+BDIMY < dimmx) ? ptr_gmem[IDX(z,x+off+BDIMY,y,dimmz,dimmx)] : 0.0f);
    }
    __syncthreads();

    return ((C0 * ( ptr_smem[ty  ][tx] - ptr_smem[ty-1][tx] ) +
             C1 * ( ptr_smem[ty+1][tx] - ptr_smem[ty-2][tx] ) +
             C2 * ( ptr_smem[ty+2][tx] - ptr_smem[ty-3][tx] ) +
             C3 * ( ptr_smem[ty+3][tx] - ptr_smem[ty-4][tx] )) * dxi );
};

__device__ inline
float stencil_Y(const int off,
                const float* __restrict__ ptr,
                const float dyi,
                const int z,
                const int x,
                const int y,
                const int dimmz,
                const int dimmx)
{
    return ((C0 * ( ptr[IDX(z,x,y  +off,dimmz,dimmx)] - ptr[IDX(z,x,y-1+off,dimmz,dimmx)]) +
             C1 * ( ptr[IDX(z,x,y+1+off,dimmz,dimmx)] - ptr[IDX(z,x,y-2+off,dimmz,dimmx)]) +
             C2 * ( ptr[IDX(z,x,y+2+off,dimmz,dimmx)] - ptr[IDX(z,x,y-3+off,dimmz,dimmx)]) +
             C3 * ( ptr[IDX(z,x,y+3+off,dimmz,dimmx)] - ptr[IDX(z,x,y-4+off,dimmz,dimmx)])) * dyi );
};

/* -------------------------------------------------------------------- */
/*                     KERNELS FOR VELOCITY                             */
/* -------------------------------------------------------------------- */

__device__ inline
float rho_BL (const float* __restrict__ rho,
              const int z,
              const int x,
              const int y,
              const int dimmz,
              const int dimmx)
{
    return (2.0f / (rho[IDX(z,x,y,dimmz,dimmx)] + rho[IDX(z+1,x,y,dimmz,dimmx)]));
};

template <const int BDIMX>
__device__ inline
float rho_BL_shfl (const float* __restrict__ ptr_gmem,
                   const int z,
                   const int x,
                   const int y,
                   const int dimmz,
                   const int dimmx)
{
    float current = (z<dimmz && x<dimmx) ? ptr_gmem[IDX(z,x,y,dimmz,dimmx)] : 0.0f;
    float right1  = fwi_shfl_down(current, 1);

    /* For threads without neighbors: */
    if (threadIdx.x >= BDIMX-1 /* 1 */) right1 = (z+1<dimmz && x<dimmx) ? ptr_gmem[IDX(z+1,x,y,dimmz,dimmx)] : 0.0f;

    return (2.0f / (current + right1));
};

__device__ inline
float rho_TR (const float* __restrict__ rho,
              const int z,
              const int x,
              const int y,
              const int dimmz,
              const int dimmx)
{
    return (2.0f / (rho[IDX(z,x,y,dimmz,dimmx)] + rho[IDX(z,x+1,y,dimmz,dimmx)]));
};

template <const int BDIMX,
          const int BDIMY>
__device__ inline
float rho_TR_smem (      float rho_smem[BDIMY+1][BDIMX],
                   const float* __restrict__ rho_gmem,
                   const int z,
                   const int x,
                   const int y,
                   const int dimmz,
                   const int dimmx)
{
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;

    rho_smem[ty][tx] = (z<dimmz && x<dimmx) ? rho_gmem[IDX(z,x,y,dimmz,dimmx)] : 0.0f;

    /* For threads without neighbors: */
    if (ty < 1)
        rho_smem[ty+BDIMY][tx] = (z<dimmz && x+BDIMY<dimmx) ? rho_gmem[IDX(z,x+BDIMY,y,dimmz,dimmx)] : 0.0f;

    __syncthreads();
    
    return (2.0f / (rho_smem[ty][tx] + rho_smem[ty+1][tx]));
};


__device__ inline
float rho_BR (const float* __restrict__ rho,
              const int z,
              const int x,
              const int y,
              const int dimmz,
              const int dimmx)
{
    return ( 8.0f/ ( rho[IDX(z  ,x  ,y  ,dimmz,dimmx)] +
                     rho[IDX(z+1,x  ,y  ,dimmz,dimmx)] +
                     rho[IDX(z  ,x+1,y  ,dimmz,dimmx)] +
                     rho[IDX(z  ,x  ,y+1,dimmz,dimmx)] +
                     rho[IDX(z  ,x+1,y+1,dimmz,dimmx)] +
                     rho[IDX(z+1,x+1,y  ,dimmz,dimmx)] +
                     rho[IDX(z+1,x  ,y+1,dimmz,dimmx)] +
                     rho[IDX(z+1,x+1,y+1,dimmz,dimmx)]) );
};

template <const int BDIMX,
          const int BDIMY>
__device__ inline
float rho_BR_smem (      float rho_smem[BDIMY+1][BDIMX+1],
                   const float* __restrict__ rho_gmem,
                   const float rho_current,
                   const float rho_front1,
                   const int z,
                   const int x,
                   const int y,
                   const int dimmz,
                   const int dimmx)
{
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;

    rho_smem[ty][tx] = (z<dimmz && x<dimmx) ? rho_gmem[IDX(z,x,y,dimmz,dimmx)] : 0.0f;
    
    /* For threads without neighbors: */
    if (ty < 1)
        rho_smem[ty+BDIMY][tx      ] = (z<dimmz && x+BDIMY<dimmx) ? rho_gmem[IDX(z,x+BDIMY,y,dimmz,dimmx)] : 0.0f;
    if (tx < 1)
        rho_smem[ty      ][tx+BDIMX] = (z+BDIMX<dimmz && x<dimmx) ? rho_gmem[IDX(z+BDIMX,x,y,dimmz,dimmx)] : 0.0f;
    
    __syncthreads();
   
    return (8.0f/ ( rho_current                            +
                    rho_smem[ty  ][tx+1]                   +
                    rho_smem[ty+1][tx  ]                   +
                    rho_front1                             +
                    rho_gmem[IDX(z  ,x+1,y+1,dimmz,dimmx)] +
                    rho_gmem[IDX(z+1,x+1,y  ,dimmz,dimmx)] +
                    rho_gmem[IDX(z+1,x  ,y+1,dimmz,dimmx)] +
                    rho_gmem[IDX(z+1,x+1,y+1,dimmz,dimmx)]) );
};

__device__ inline
float rho_TL (const float* __restrict__ rho,
              const int z,
              const int x,
              const int y,
              const int dimmz,
              const int dimmx)
{
    return (2.0f / (rho[IDX(z,x,y,dimmz,dimmx)] + rho[IDX(z,x,y+1,dimmz,dimmx)]));
};

#ifdef VCELL_TL
template <const int HALO  = 4, 
          const int BDIMX = 32,
          const int BDIMY = 4,
          const int NX    = BDIMX+2*HALO,
          const int NY    = BDIMY+2*HALO>
__global__
__launch_bounds__(128, 16) 
void compute_component_vcell_TL_cuda_k ( float* __restrict__ vptr,
                                   const float* __restrict__ szptr,
                                   const float* __restrict__ sxptr,
                                   const float* __restrict__ syptr,
                                   const float* __restrict__ rho,
                                   const float           dt,
                                   const float           dzi,
                                   const float           dxi,
                                   const float           dyi,
                                   const int             nz0,
                                   const int             nzf,
                                   const int             nx0,
                                   const int             nxf,
                                   const int             ny0,
                                   const int             nyf,
                                   const int             SZ,
                                   const int             SX,
                                   const int             SY,
                                   const int             dimmz,
                                   const int             dimmx)
{
    int z = blockIdx.x * blockDim.x + threadIdx.x + nz0; 
    int x = blockIdx.y * blockDim.y + threadIdx.y + nx0; 

    int nplanes = (nyf - ny0 + gridDim.z - 1)/gridDim.z;
    int ystart  = blockIdx.z * nplanes + ny0;
    int ystop   =     ystart + nplanes;

    // WARNING: We can't predicate threads that fall outside of the [nz0:nzf][nx0:nxf] range because
    //          we use COLLECTIVE operations like SHUFFLE & SHARED.
    //          PREVENT incorrect GMEM memory access by checking boundaries at every access

    __shared__ float sx_smem[NY][NX];
    float sy_front1, sy_front2, sy_front3;
    float sy_back1, sy_back2, sy_back3, sy_back4;
    float sy_current;

    sy_back3   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+0+SY,dimmz,dimmx)] : 0.0f;
    sy_back2   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+1+SY,dimmz,dimmx)] : 0.0f;
    sy_back1   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+2+SY,dimmz,dimmx)] : 0.0f;
    sy_current = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+3+SY,dimmz,dimmx)] : 0.0f;
    sy_front1  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+4+SY,dimmz,dimmx)] : 0.0f;
    sy_front2  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+5+SY,dimmz,dimmx)] : 0.0f;
    sy_front3  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+6+SY,dimmz,dimmx)] : 0.0f;

    float rho_current, rho_front1;
    rho_front1 = (z<dimmz && x<dimmx) ? rho[IDX(z,x,ystart,dimmz,dimmx)] : 0.0f;

    for(int y = ystart;
            y < ystop && y < nyf; 
            y++)
    {
        /////////// register tiling-advance plane ////////////////
        sy_back4   = sy_back3;
        sy_back3   = sy_back2;
        sy_back2   = sy_back1;
        sy_back1   = sy_current;
        sy_current = sy_front1;
        sy_front1  = sy_front2;
        sy_front2  = sy_front3;
        sy_front3  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,y+SY+HALO-1,dimmz,dimmx)] : 0.0f;
        ///////////////////////
        rho_current = rho_front1;
        rho_front1  = (z<dimmz && x<dimmx) ? rho[IDX(z,x,y+1,dimmz,dimmx)] : 0.0f;
        //////////////////////////////////////////////////////////

        const float lrho = (2.0f / (rho_current + rho_front1));

        const float stz = stencil_Z_shfl <HALO,BDIMX> (SZ, szptr, dzi, z, x, y, dimmz, dimmx);
        
        const float stx = stencil_X_smem <NX,NY,HALO,BDIMY> (SX, sx_smem, sxptr, dxi, z, x, y, dimmz, dimmx);

        const float sty = ((C0 * ( sy_current - sy_back1 ) +
                            C1 * ( sy_front1  - sy_back2 ) +
                            C2 * ( sy_front2  - sy_back3 ) +
                            C3 * ( sy_front3  - sy_back4 )) * dyi );
    
        if (z < nzf && x < nxf)
        {
            vptr[IDX(z,x,y,dimmz,dimmx)] += (stx  + sty  + stz) * dt * lrho;
        }
    }
}
#else
__global__
void compute_component_vcell_TL_cuda_k ( float* __restrict__ vptr,
                                   const float* __restrict__ szptr,
                                   const float* __restrict__ sxptr,
                                   const float* __restrict__ syptr,
                                   const float* __restrict__ rho,
                                   const float           dt,
                                   const float           dzi,
                                   const float           dxi,
                                   const float           dyi,
                                   const int             nz0,
                                   const int             nzf,
                                   const int             nx0,
                                   const int             nxf,
                                   const int             ny0,
                                   const int             nyf,
                                   const int             SZ,
                                   const int             SX,
                                   const int             SY,
                                   const int             dimmz,
                                   const int             dimmx)
{
    for(int z = blockIdx.x * blockDim.x + threadIdx.x + nz0; 
            z < nzf; 
            z += gridDim.x * blockDim.x)
    {
        for(int x = blockIdx.y * blockDim.y + threadIdx.y + nx0; 
                x < nxf; 
                x += gridDim.y * blockDim.y)
        {
            for(int y = ny0; 
                    y < nyf; 
                    y++)
            {
                const float lrho = rho_TL(rho, z, x, y, dimmz, dimmx);
                
                const float stx  = stencil_X( SX, sxptr, dxi, z, x, y, dimmz, dimmx);
                const float sty  = stencil_Y( SY, syptr, dyi, z, x, y, dimmz, dimmx);
                const float stz  = stencil_Z( SZ, szptr, dzi, z, x, y, dimmz, dimmx);
                
                vptr[IDX(z,x,y,dimmz,dimmx)] += (stx  + sty  + stz) * dt * lrho;
            }
        }
    }
}
#endif

#ifdef VCELL_TR
template <const int HALO  = 4, 
          const int BDIMX = 32,
          const int BDIMY = 4,
          const int NX    = BDIMX+2*HALO,
          const int NY    = BDIMY+2*HALO>
__global__
__launch_bounds__(128, 16) 
void compute_component_vcell_TR_cuda_k ( float* __restrict__ vptr,
                                   const float* __restrict__ szptr,
                                   const float* __restrict__ sxptr,
                                   const float* __restrict__ syptr,
                                   const float* __restrict__ rho,
                                   const float           dt,
                                   const float           dzi,
                                   const float           dxi,
                                   const float           dyi,
                                   const int             nz0,
                                   const int             nzf,
                                   const int             nx0,
                                   const int             nxf,
                                   const int             ny0,
                                   const int             nyf,
                                   const int             SZ,
                                   const int             SX,
                                   const int             SY,
                                   const int             dimmz,
                                   const int             dimmx)
{
    int z = blockIdx.x * blockDim.x + threadIdx.x + nz0; 
    int x = blockIdx.y * blockDim.y + threadIdx.y + nx0; 

    int nplanes = (nyf - ny0 + gridDim.z - 1)/gridDim.z;
    int ystart  = blockIdx.z * nplanes + ny0;
    int ystop   =     ystart + nplanes;

    // WARNING: We can't predicate threads that fall outside of the [nz0:nzf][nx0:nxf] range because
    //          we use COLLECTIVE operations like SHUFFLE & SHARED.
    //          PREVENT incorrect GMEM memory access by checking boundaries at every access

    __shared__ float sx_smem[NY][NX];
    float sy_front1, sy_front2, sy_front3;
    float sy_back1, sy_back2, sy_back3, sy_back4;
    float sy_current;

    sy_back3   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+0+SY,dimmz,dimmx)] : 0.0f;
    sy_back2   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+1+SY,dimmz,dimmx)] : 0.0f;
    sy_back1   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+2+SY,dimmz,dimmx)] : 0.0f;
    sy_current = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+3+SY,dimmz,dimmx)] : 0.0f;
    sy_front1  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+4+SY,dimmz,dimmx)] : 0.0f;
    sy_front2  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+5+SY,dimmz,dimmx)] : 0.0f;
    sy_front3  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+6+SY,dimmz,dimmx)] : 0.0f;

    __shared__ float rho_smem[BDIMY+1][BDIMX];

    for(int y = ystart;
            y < ystop && y < nyf;
            y++)
    {
        /////////// register tiling-advance plane ////////////////
        sy_back4   = sy_back3;
        sy_back3   = sy_back2;
        sy_back2   = sy_back1;
        sy_back1   = sy_current;
        sy_current = sy_front1;
        sy_front1  = sy_front2;
        sy_front2  = sy_front3;
        sy_front3  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,y+SY+HALO-1,dimmz,dimmx)] : 0.0f;
        //////////////////////////////////////////////////////////

        const float lrho = rho_TR_smem <BDIMX,BDIMY> (rho_smem, rho, z, x, y, dimmz, dimmx);

        const float stz = stencil_Z_shfl <HALO,BDIMX> (SZ, szptr, dzi, z, x, y, dimmz, dimmx);
        
        const float stx = stencil_X_smem <NX,NY,HALO,BDIMY> (SX, sx_smem, sxptr, dxi, z, x, y, dimmz, dimmx);

        const float sty = ((C0 * ( sy_current - sy_back1 ) +
                            C1 * ( sy_front1  - sy_back2 ) +
                            C2 * ( sy_front2  - sy_back3 ) +
                            C3 * ( sy_front3  - sy_back4 )) * dyi );
        
        if (z < nzf && x < nxf)
        {
            vptr[IDX(z,x,y,dimmz,dimmx)] += (stx  + sty  + stz) * dt * lrho;
        }
    }
}
#else
__global__
void compute_component_vcell_TR_cuda_k ( float* __restrict__ vptr,
                                   const float* __restrict__ szptr,
                                   const float* __restrict__ sxptr,
                                   const float* __restrict__ syptr,
                                   const float* __restrict__ rho,
                                   const float           dt,
                                   const float           dzi,
                                   const float           dxi,
                                   const float           dyi,
                                   const int             nz0,
                                   const int             nzf,
                                   const int             nx0,
                                   const int             nxf,
                                   const int             ny0,
                                   const int             nyf,
                                   const int             SZ,
                                   const int             SX,
                                   const int             SY,
                                   const int             dimmz,
                                   const int             dimmx)
{
    for(int z = blockIdx.x * blockDim.x + threadIdx.x + nz0; 
            z < nzf; 
            z += gridDim.x * blockDim.x)
    {
        for(int x = blockIdx.y * blockDim.y + threadIdx.y + nx0; 
                x < nxf; 
                x += gridDim.y * blockDim.y)
        {
            for(int y = ny0; 
                    y < nyf; 
                    y++)
            {
                const float lrho = rho_TR(rho, z, x, y, dimmz, dimmx);
                
                const float stx  = stencil_X( SX, sxptr, dxi, z, x, y, dimmz, dimmx);
                const float sty  = stencil_Y( SY, syptr, dyi, z, x, y, dimmz, dimmx);
                const float stz  = stencil_Z( SZ, szptr, dzi, z, x, y, dimmz, dimmx);
                
                vptr[IDX(z,x,y,dimmz,dimmx)] += (stx  + sty  + stz) * dt * lrho;
            }
        }
    }
}
#endif

#ifdef VCELL_BR
template <const int HALO  = 4, 
          const int BDIMX = 32,
          const int BDIMY = 4,
          const int NX    = BDIMX+2*HALO,
          const int NY    = BDIMY+2*HALO>
__global__
__launch_bounds__(128, 16) 
void compute_component_vcell_BR_cuda_k ( float* __restrict__ vptr,
                                   const float* __restrict__ szptr,
                                   const float* __restrict__ sxptr,
                                   const float* __restrict__ syptr,
                                   const float* __restrict__ rho,
                                   const float           dt,
                                   const float           dzi,
                                   const float           dxi,
                                   const float           dyi,
                                   const int             nz0,
                                   const int             nzf,
                                   const int             nx0,
                                   const int             nxf,
                                   const int             ny0,
                                   const int             nyf,
                                   const int             SZ,
                                   const int             SX,
                                   const int             SY,
                                   const int             dimmz,
                                   const int             dimmx)
{
    int z = blockIdx.x * blockDim.x + threadIdx.x + nz0; 
    int x = blockIdx.y * blockDim.y + threadIdx.y + nx0; 

    int nplanes = (nyf - ny0 + gridDim.z - 1)/gridDim.z;
    int ystart  = blockIdx.z * nplanes + ny0;
    int ystop   =     ystart + nplanes;

    __shared__ float sx_smem[NY][NX];
    float sy_front1, sy_front2, sy_front3;
    float sy_back1, sy_back2, sy_back3, sy_back4;
    float sy_current;

    sy_back3   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+0+SY,dimmz,dimmx)] : 0.0f;
    sy_back2   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+1+SY,dimmz,dimmx)] : 0.0f;
    sy_back1   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+2+SY,dimmz,dimmx)] : 0.0f;
    sy_current = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+3+SY,dimmz,dimmx)] : 0.0f;
    sy_front1  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+4+SY,dimmz,dimmx)] : 0.0f;
    sy_front2  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+5+SY,dimmz,dimmx)] : 0.0f;
    sy_front3  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+6+SY,dimmz,dimmx)] : 0.0f;

    __shared__ float rho_smem[BDIMY+1][BDIMX+1];
    float rho_current, rho_front1;
    rho_front1 = (z<dimmz && x<dimmx) ? rho[IDX(z,x,ystart,dimmz,dimmx)] : 0.0f;

    for(int y = ystart;
            y < ystop && y < nyf;
            y++)
    {
        /////////// register tiling-advance plane ////////////////
        sy_back4   = sy_back3;
        sy_back3   = sy_back2;
        sy_back2   = sy_back1;
        sy_back1   = sy_current;
        sy_current = sy_front1;
        sy_front1  = sy_front2;
        sy_front2  = sy_front3;
        sy_front3  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,y+SY+HALO-1,dimmz,dimmx)] : 0.0f;
        ///////////////////////
        rho_current = rho_front1;
        rho_front1  = (z<dimmz && x<dimmx) ? rho[IDX(z,x,y+1,dimmz,dimmx)] : 0.0f;
        //////////////////////////////////////////////////////////

        const float lrho = rho_BR_smem <BDIMX,BDIMY> (rho_smem, rho, rho_current, rho_front1, z, x, y, dimmz, dimmx);
        
        const float stz = stencil_Z_shfl <HALO,BDIMX> (SZ, szptr, dzi, z, x, y, dimmz, dimmx);

        const float stx = stencil_X_smem <NX,NY,HALO,BDIMY> (SX, sx_smem, sxptr, dxi, z, x, y, dimmz, dimmx);

        const float sty = ((C0 * ( sy_current - sy_back1 ) +
                            C1 * ( sy_front1  - sy_back2 ) +
                            C2 * ( sy_front2  - sy_back3 ) +
                            C3 * ( sy_front3  - sy_back4 )) * dyi );

        if (z < nzf && x < nxf)
        {
            vptr[IDX(z,x,y,dimmz,dimmx)] += (stx  + sty  + stz) * dt * lrho;
        }
    }
}
#else
__global__
void compute_component_vcell_BR_cuda_k ( float* __restrict__ vptr,
                                   const float* __restrict__ szptr,
                                   const float* __restrict__ sxptr,
                                   const float* __restrict__ syptr,
                                   const float* __restrict__ rho,
                                   const float           dt,
                                   const float           dzi,
                                   const float           dxi,
                                   const float           dyi,
                                   const int             nz0,
                                   const int             nzf,
                                   const int             nx0,
                                   const int             nxf,
                                   const int             ny0,
                                   const int             nyf,
                                   const int             SZ,
                                   const int             SX,
                                   const int             SY,
                                   const int             dimmz,
                                   const int             dimmx)
{
    for(int z = blockIdx.x * blockDim.x + threadIdx.x + nz0; 
            z < nzf; 
            z += gridDim.x * blockDim.x)
    {
        for(int x = blockIdx.y * blockDim.y + threadIdx.y + nx0; 
                x < nxf; 
                x += gridDim.y * blockDim.y)
        {
            for(int y = ny0; 
                    y < nyf; 
                    y++)
            {
                const float lrho = rho_BR(rho, z, x, y, dimmz, dimmx);
                
                const float stx  = stencil_X( SX, sxptr, dxi, z, x, y, dimmz, dimmx);
                const float sty  = stencil_Y( SY, syptr, dyi, z, x, y, dimmz, dimmx);
                const float stz  = stencil_Z( SZ, szptr, dzi, z, x, y, dimmz, dimmx);
                
                vptr[IDX(z,x,y,dimmz,dimmx)] += (stx  + sty  + stz) * dt * lrho;
            }
        }
    }
}
#endif

#ifdef VCELL_BL
template <const int HALO  = 4, 
          const int BDIMX = 32,
          const int BDIMY = 4,
          const int NX    = BDIMX+2*HALO,
          const int NY    = BDIMY+2*HALO>
__global__
__launch_bounds__(128, 16) 
void compute_component_vcell_BL_cuda_k ( float* __restrict__ vptr,
                                   const float* __restrict__ szptr,
                                   const float* __restrict__ sxptr,
                                   const float* __restrict__ syptr,
                                   const float* __restrict__ rho,
                                   const float           dt,
                                   const float           dzi,
                                   const float           dxi,
                                   const float           dyi,
                                   const int             nz0,
                                   const int             nzf,
                                   const int             nx0,
                                   const int             nxf,
                                   const int             ny0,
                                   const int             nyf,
                                   const int             SZ,
                                   const int             SX,
                                   const int             SY,
                                   const int             dimmz,
                                   const int             dimmx)
{
    int z = blockIdx.x * blockDim.x + threadIdx.x + nz0; 
    int x = blockIdx.y * blockDim.y + threadIdx.y + nx0; 

    int nplanes = (nyf - ny0 + gridDim.z - 1)/gridDim.z;
    int ystart  = blockIdx.z * nplanes + ny0;
    int ystop   =     ystart + nplanes;

    __shared__ float sx_smem[NY][NX];
    float sy_front1, sy_front2, sy_front3;
    float sy_back1, sy_back2, sy_back3, sy_back4;
    float sy_current;

    sy_back3   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+0+SY,dimmz,dimmx)] : 0.0f;
    sy_back2   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+1+SY,dimmz,dimmx)] : 0.0f;
    sy_back1   = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+2+SY,dimmz,dimmx)] : 0.0f;
    sy_current = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+3+SY,dimmz,dimmx)] : 0.0f;
    sy_front1  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+4+SY,dimmz,dimmx)] : 0.0f;
    sy_front2  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+5+SY,dimmz,dimmx)] : 0.0f;
    sy_front3  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,ystart-HALO+6+SY,dimmz,dimmx)] : 0.0f;

    for(int y = ystart;
            y < ystop && y < nyf;
            y++)
    {
        /////////// register tiling-advance plane ////////////////
        sy_back4   = sy_back3;
        sy_back3   = sy_back2;
        sy_back2   = sy_back1;
        sy_back1   = sy_current;
        sy_current = sy_front1;
        sy_front1  = sy_front2;
        sy_front2  = sy_front3;
        sy_front3  = (z<dimmz && x<dimmx) ? syptr[IDX(z,x,y+SY+HALO-1,dimmz,dimmx)] : 0.0f;
        //////////////////////////////////////////////////////////
        
        const float lrho = rho_BL_shfl <BDIMX> (rho, z, x, y, dimmz, dimmx);

        const float stz = stencil_Z_shfl <HALO,BDIMX> (SZ, szptr, dzi, z, x, y, dimmz, dimmx);

        const float stx = stencil_X_smem <NX,NY,HALO,BDIMY> (SX, sx_smem, sxptr, dxi, z, x, y, dimmz, dimmx);

        const float sty = ((C0 * ( sy_current - sy_back1 ) +
                            C1 * ( sy_front1  - sy_back2 ) +
                            C2 * ( sy_front2  - sy_back3 ) +
                            C3 * ( sy_front3  - sy_back4 )) * dyi );

        if (z < nzf && x < nxf)
        {
            vptr[IDX(z,x,y,dimmz,dimmx)] += (stx  + sty  + stz) * dt * lrho;
        }
    }
}
#else
__global__
void compute_component_vcell_BL_cuda_k ( float* __restrict__ vptr,
                                   const float* __restrict__ szptr,
                                   const float* __restrict__ sxptr,
                                   const float* __restrict__ syptr,
                                   const float* __restrict__ rho,
                                   const float           dt,
                                   const float           dzi,
                                   const float           dxi,
                                   const float           dyi,
                                   const int             nz0,
                                   const int             nzf,
                                   const int             nx0,
                                   const int             nxf,
                                   const int             ny0,
                                   const int             nyf,
                                   const int             SZ,
                                   const int             SX,
                                   const int             SY,
                                   const int             dimmz,
                                   const int             dimmx)
{
    for(int z = blockIdx.x * blockDim.x + threadIdx.x + nz0; 
            z < nzf; 
            z += gridDim.x * blockDim.x)
    {
        for(int x = blockIdx.y * blockDim.y + threadIdx.y + nx0; 
                x < nxf; 
                x += gridDim.y * blockDim.y)
        {
            for(int y = ny0; 
                    y < nyf; 
                    y++)
            {
                const float lrho = rho_BL(rho, z, x, y, dimmz, dimmx);
                
                const float stx  = stencil_X( SX, sxptr, dxi, z, x, y, dimmz, dimmx);
                const float sty  = stencil_Y( SY, syptr, dyi, z, x, y, dimmz, dimmx);
                const float stz  = stencil_Z( SZ, szptr, dzi, z, x, y, dimmz, dimmx);
                
                vptr[IDX(z,x,y,dimmz,dimmx)] += (stx  + sty  + stz) * dt * lrho;
            }
        }
    }
}
#endif
