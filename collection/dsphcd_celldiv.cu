// Source:  https://github.com/DualSPHysics/DualSPHysics/blob/ef3721a861fda961f0e2f9ec4cd317b19de99086/src/source/JCellDivGpu_ker.cu
// Licence: LGPL-2.1-or-later (the file's notice, lines 1-17, repeated below; the repository's LICENSE is the LGPL 2.1)
// Kept: lines 1-19 (notice), 36 (namespace cudiv), 38-114, 128-242, 277-388, 425-474, 528-553, 571-706, 826-850, 864-885,
// 918-966, 995-996, 1006-1015 and 1148 (the namespace's end); host functions (thrust Sort, the Redu* / LimitsCell / ... launchers) removed,
// and line 37's #include "FunctionsBasic_iker.h" (no kept kernel uses its helpers). Copied in, marked: TypesDef.h's word,
// tsymatrix3f, DualSphDef.h's 2-byte typecode branch (CODE_SIZE4 undefined, as shipped), JDsDcellDef.h's DCEL_ macros, JCellDivGpu_ker.h's DIVBSIZE.
//HEAD_DSPH
/*
 <DUALSPHYSICS>  Copyright (c) 2025 by Dr Jose M. Dominguez et al. (see http://dual.sphysics.org/index.php/developers/). 

 EPHYSLAB Environmental Physics Laboratory, Universidade de Vigo, Ourense, Spain.
 School of Mechanical, Aerospace and Civil Engineering, University of Manchester, Manchester, U.K.

 This file is part of DualSPHysics. 

 DualSPHysics is free software: you can redistribute it and/or modify it under the terms of the GNU Lesser General Public License 
 as published by the Free Software Foundation; either version 2.1 of the License, or (at your option) any later version.
 
 DualSPHysics is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without even the implied warranty of
 MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU Lesser General Public License for more details. 

 You should have received a copy of the GNU Lesser General Public License along with DualSPHysics. If not, see <http://www.gnu.org/licenses/>. 
*/

/// \file JCellDivGpu_ker.cu \brief Implements functions and CUDA kernels to compute operations of the Neighbour List.

#include <cfloat>
#include <climits>
// ---- TypesDef.h, lines 37 and 547-550
typedef unsigned short word;
///Symmetric matrix 3x3 of 6 values of type float.
typedef struct{
  float xx,xy,xz,yy,yz,zz;
}tsymatrix3f;
// ---- DualSphDef.h, lines 150-151 and 153-157 (the branch for CODE_SIZE4 undefined) and 190
  #define CODE_MKRANGEMAX 2047      //-Maximum valid MK value. | Valor maximo de MK valido.
  typedef word typecode;            //-Type of the variable code using 2 bytes.
  #define CODE_MASKSPECIAL 0xe000   //-Bits de special:     1110 0000 0000 0000                          | Special bits: 1110 0000 0000 0000
  #define CODE_MASKSPECIALMV 13     //-Displacemente in bits of special bits.
  #define CODE_NORMAL   0x0         //-0  Particulas normales no excluidas.                              | 0 Normal particles (not excluded)
  #define CODE_PERIODIC 0x2000      //-1  Particulas duplicadas por periodicas.                          | 1 Duplicate particles for periodic
  #define CODE_OUTIGNORE 0x4000     //-2  Marca particulas que se van a ignorar en el siguiente divide.  | 2 Brands particles to be ignored in the next division.
#define CODE_GetSpecialValue(code) (code&CODE_MASKSPECIAL)
// ---- JDsDcellDef.h, lines 36-39
#define DCEL_Cellx(dcc,cel) ((*((unsigned*)&cel))>>((dcc>>10)&31))              //-Coordenada X de celda. | X coordinate of the cell.
#define DCEL_Celly(dcc,cel) (((*((unsigned*)&cel))<<(dcc>>25))>>((dcc>>5)&31))  //-Coordenada Y de celda. | Y coordinate of the cell.
#define DCEL_Cellz(dcc,cel) (((*((unsigned*)&cel))<<(dcc&31))>>(dcc&31))        //-Coordenada Z de celda. | Z coordinate of the cell.
#define DCEL_Cell(dcc,cx,cy,cz) ((cx<<((dcc>>10)&31))|(cy<<((dcc>>15)&31))|cz)  //-Valor de celda para cx, cy y cz. | Cell value for cx,cy and cz.
// ---- JCellDivGpu_ker.h, line 33
#define DIVBSIZE 256
// ---- JCellDivGpu_ker.cu
namespace cudiv{

//------------------------------------------------------------------------------
/// Reduction of shared memory values for a warp of KerPosLimitsRedu.
/// Reduccion de valores en memoria shared para un warp de KerPosLimitsRedu.
//------------------------------------------------------------------------------
template <unsigned blockSize> __device__ void KerUintLimitsWarpRedu(
  volatile unsigned* sp1,volatile unsigned* sp2,const unsigned& tid)
{
  if(blockSize>=64){
    const unsigned tid2=tid+32;
    sp1[tid]=min(sp1[tid],sp1[tid2]);
    sp2[tid]=max(sp2[tid],sp2[tid2]);
  }
  if(blockSize>=32){
    const unsigned tid2=tid+16;
    sp1[tid]=min(sp1[tid],sp1[tid2]);
    sp2[tid]=max(sp2[tid],sp2[tid2]);
  }
  if(blockSize>=16){
    const unsigned tid2=tid+8;
    sp1[tid]=min(sp1[tid],sp1[tid2]);
    sp2[tid]=max(sp2[tid],sp2[tid2]);
  }
  if(blockSize>=8){
    const unsigned tid2=tid+4;
    sp1[tid]=min(sp1[tid],sp1[tid2]);
    sp2[tid]=max(sp2[tid],sp2[tid2]);
  }
  if(blockSize>=4){
    const unsigned tid2=tid+2;
    sp1[tid]=min(sp1[tid],sp1[tid2]);
    sp2[tid]=max(sp2[tid],sp2[tid2]);
  }
  if(blockSize>=2){
    const unsigned tid2=tid+1;
    sp1[tid]=min(sp1[tid],sp1[tid2]);
    sp2[tid]=max(sp2[tid],sp2[tid2]);
  }
}

//------------------------------------------------------------------------------
/// Reduction of shared memory values for KerPosLimits
/// Reduccion de valores en memoria shared para KerPosLimits.
//------------------------------------------------------------------------------
template <unsigned blockSize> __device__ void KerUintLimitsRedu(unsigned* sp1
  ,unsigned* sp2,const unsigned& tid,unsigned* results)
{
  __syncthreads();
  if(blockSize>=512){ 
    if(tid<256){
      sp1[tid]=min(sp1[tid],sp1[tid+256]);
      sp2[tid]=max(sp2[tid],sp2[tid+256]);
    }
    __syncthreads(); 
  }
  if(blockSize>=256){ 
    if(tid<128){
      sp1[tid]=min(sp1[tid],sp1[tid+128]);
      sp2[tid]=max(sp2[tid],sp2[tid+128]);
    }
    __syncthreads(); 
  }
  if(blockSize>=128){ 
    if(tid<64){
      sp1[tid]=min(sp1[tid],sp1[tid+64]);
      sp2[tid]=max(sp2[tid],sp2[tid+64]);
    }
    __syncthreads(); 
  }
  if(tid<32)KerUintLimitsWarpRedu<blockSize>(sp1,sp2,tid);
  if(tid==0){
    const unsigned nblocks=gridDim.x;
    unsigned cr=blockIdx.x;
    results[cr]=sp1[0]; cr+=nblocks;
    results[cr]=sp2[0];
  }
}

//------------------------------------------------------------------------------
/// Reduction of values in shared memory for a warp of KerPosLimitsRedu.
/// Reduccion de valores en memoria shared para un warp de KerPosLimitsRedu.
//------------------------------------------------------------------------------
template <unsigned blockSize> __device__ void KerPosLimitsWarpRedu(
  volatile float* spx1,volatile float* spy1,volatile float* spz1
  ,volatile float* spx2,volatile float* spy2,volatile float* spz2
  ,const unsigned& tid)
{
  if(blockSize>=64){
    const unsigned tid2=tid+32;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
  if(blockSize>=32){
    const unsigned tid2=tid+16;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
  if(blockSize>=16){
    const unsigned tid2=tid+8;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
  if(blockSize>=8){
    const unsigned tid2=tid+4;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
  if(blockSize>=4){
    const unsigned tid2=tid+2;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
  if(blockSize>=2){
    const unsigned tid2=tid+1;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
}

//------------------------------------------------------------------------------
/// Reduction of shared memory values for KerPosLimits.
/// Reduccion de valores en memoria shared para KerPosLimits.
//------------------------------------------------------------------------------
template <unsigned blockSize> __device__ void KerPosLimitsRedu(float* spx1
  ,float* spy1,float* spz1,float* spx2,float* spy2,float* spz2
  ,const unsigned& tid,float* results)
{
  __syncthreads();
  if(blockSize>=512){ 
    if(tid<256){
      spx1[tid]=min(spx1[tid],spx1[tid+256]); spy1[tid]=min(spy1[tid],spy1[tid+256]); spz1[tid]=min(spz1[tid],spz1[tid+256]);  
      spx2[tid]=max(spx2[tid],spx2[tid+256]); spy2[tid]=max(spy2[tid],spy2[tid+256]); spz2[tid]=max(spz2[tid],spz2[tid+256]);  
    }
    __syncthreads(); 
  }
  if(blockSize>=256){ 
    if(tid<128){
      spx1[tid]=min(spx1[tid],spx1[tid+128]); spy1[tid]=min(spy1[tid],spy1[tid+128]); spz1[tid]=min(spz1[tid],spz1[tid+128]);  
      spx2[tid]=max(spx2[tid],spx2[tid+128]); spy2[tid]=max(spy2[tid],spy2[tid+128]); spz2[tid]=max(spz2[tid],spz2[tid+128]);  
    }
    __syncthreads(); 
  }
  if(blockSize>=128){ 
    if(tid<64){
      spx1[tid]=min(spx1[tid],spx1[tid+64]); spy1[tid]=min(spy1[tid],spy1[tid+64]); spz1[tid]=min(spz1[tid],spz1[tid+64]);  
      spx2[tid]=max(spx2[tid],spx2[tid+64]); spy2[tid]=max(spy2[tid],spy2[tid+64]); spz2[tid]=max(spz2[tid],spz2[tid+64]);  
    }
    __syncthreads(); 
  }
  if(tid<32)KerPosLimitsWarpRedu<blockSize>(spx1,spy1,spz1,spx2,spy2,spz2,tid);
  if(tid==0){
    const unsigned nblocks=gridDim.x;
    unsigned cr=blockIdx.x;
    results[cr]=spx1[0]; cr+=nblocks;
    results[cr]=spy1[0]; cr+=nblocks;
    results[cr]=spz1[0]; cr+=nblocks;
    results[cr]=spx2[0]; cr+=nblocks;
    results[cr]=spy2[0]; cr+=nblocks;
    results[cr]=spz2[0];
  }
}


//------------------------------------------------------------------------------
/// Computes minimum and maximum position starting from the results of KerPosLimit.
/// Calcula posicion minima y maxima a partir de los resultados de KerPosLimit.
//------------------------------------------------------------------------------
template <unsigned int blockSize> __global__ void KerReduPosLimits(unsigned n
  ,float* data,float* results)
{
  extern __shared__ float spx1[];
  float* spy1=spx1+blockDim.x;
  float* spz1=spy1+blockDim.x;
  float* spx2=spz1+blockDim.x;
  float* spy2=spx2+blockDim.x;
  float* spz2=spy2+blockDim.x;
  const unsigned tid=threadIdx.x;
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Value number.
  //-Loads values in shared memory.
  //-Carga valores en memoria shared.
  unsigned p2=p;
  spx1[tid]=(p<n? data[p2]: FLT_MAX);  p2+=n;
  spy1[tid]=(p<n? data[p2]: FLT_MAX);  p2+=n;
  spz1[tid]=(p<n? data[p2]: FLT_MAX);  p2+=n;
  spx2[tid]=(p<n? data[p2]: -FLT_MAX); p2+=n;
  spy2[tid]=(p<n? data[p2]: -FLT_MAX); p2+=n;
  spz2[tid]=(p<n? data[p2]: -FLT_MAX);
  __syncthreads();
  //-Reduction of values in shared memory.
  //-Reduce valores de memoria shared.
  KerPosLimitsRedu<blockSize>(spx1,spy1,spz1,spx2,spy2,spz2,tid,results);
}

//------------------------------------------------------------------------------
/// Reduction of shared memory values for a warp of KerLimitsCellRedu.
/// Reduccion de valores en memoria shared para un warp de KerLimitsCellRedu.
//------------------------------------------------------------------------------
template <unsigned blockSize> __device__ void KerLimitsCellWarpRedu(
  volatile unsigned* spx1,volatile unsigned* spy1,volatile unsigned* spz1
  ,volatile unsigned* spx2,volatile unsigned* spy2,volatile unsigned* spz2
  ,const unsigned& tid)
{
  if(blockSize>=64){
    const unsigned tid2=tid+32;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
  if(blockSize>=32){
    const unsigned tid2=tid+16;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
  if(blockSize>=16){
    const unsigned tid2=tid+8;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
  if(blockSize>=8){
    const unsigned tid2=tid+4;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
  if(blockSize>=4){
    const unsigned tid2=tid+2;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
  if(blockSize>=2){
    const unsigned tid2=tid+1;
    spx1[tid]=min(spx1[tid],spx1[tid2]); spy1[tid]=min(spy1[tid],spy1[tid2]); spz1[tid]=min(spz1[tid],spz1[tid2]);
    spx2[tid]=max(spx2[tid],spx2[tid2]); spy2[tid]=max(spy2[tid],spy2[tid2]); spz2[tid]=max(spz2[tid],spz2[tid2]);
  }
}

//------------------------------------------------------------------------------
/// Reduction of shared memory values for KerLimitsCell.
/// Reduccion de valores en memoria shared para KerLimitsCell.
//------------------------------------------------------------------------------
template <unsigned blockSize> __device__ void KerLimitsCellRedu(unsigned cellcode
  ,unsigned* spx1,unsigned* spy1,unsigned* spz1,unsigned* spx2,unsigned* spy2
  ,unsigned* spz2,const unsigned& tid,unsigned* results)
{
  __syncthreads();
  if(blockSize>=512){ 
    if(tid<256){
      spx1[tid]=min(spx1[tid],spx1[tid+256]); spy1[tid]=min(spy1[tid],spy1[tid+256]); spz1[tid]=min(spz1[tid],spz1[tid+256]);  
      spx2[tid]=max(spx2[tid],spx2[tid+256]); spy2[tid]=max(spy2[tid],spy2[tid+256]); spz2[tid]=max(spz2[tid],spz2[tid+256]);  
    }
    __syncthreads(); 
  }
  if(blockSize>=256){ 
    if(tid<128){
      spx1[tid]=min(spx1[tid],spx1[tid+128]); spy1[tid]=min(spy1[tid],spy1[tid+128]); spz1[tid]=min(spz1[tid],spz1[tid+128]);  
      spx2[tid]=max(spx2[tid],spx2[tid+128]); spy2[tid]=max(spy2[tid],spy2[tid+128]); spz2[tid]=max(spz2[tid],spz2[tid+128]);  
    }
    __syncthreads(); 
  }
  if(blockSize>=128){ 
    if(tid<64){
      spx1[tid]=min(spx1[tid],spx1[tid+64]); spy1[tid]=min(spy1[tid],spy1[tid+64]); spz1[tid]=min(spz1[tid],spz1[tid+64]);  
      spx2[tid]=max(spx2[tid],spx2[tid+64]); spy2[tid]=max(spy2[tid],spy2[tid+64]); spz2[tid]=max(spz2[tid],spz2[tid+64]);  
    }
    __syncthreads(); 
  }
  if(tid<32)KerLimitsCellWarpRedu<blockSize>(spx1,spy1,spz1,spx2,spy2,spz2,tid);
  if(tid==0){
    const unsigned nblocks=gridDim.x;
    unsigned cr=blockIdx.x;
    results[cr]=DCEL_Cell(cellcode,spx1[0],spy1[0],spz1[0]);  cr+=nblocks;
    results[cr]=DCEL_Cell(cellcode,spx2[0],spy2[0],spz2[0]);
  }
}

//------------------------------------------------------------------------------
/// Computes minimum and maximum position startibg from the results of KerPosLimit.
/// Calcula posicion minima y maxima a partir de los resultados de KerPosLimit.
//------------------------------------------------------------------------------
template <unsigned int blockSize> __global__ void KerLimitsCellReduBase(
  unsigned cellcode,unsigned n,unsigned* data,unsigned* results)
{
  extern __shared__ unsigned scx1[];
  unsigned* scy1=scx1+blockDim.x;
  unsigned* scz1=scy1+blockDim.x;
  unsigned* scx2=scz1+blockDim.x;
  unsigned* scy2=scx2+blockDim.x;
  unsigned* scz2=scy2+blockDim.x;
  const unsigned tid=threadIdx.x;
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Value number.
  //-Loads values in shared memory.
  //-Carga valores en memoria shared.
  unsigned p2=p;
  const unsigned celmin=(p<n? data[p2]: UINT_MAX);  p2+=n;
  const unsigned celmax=(p<n? data[p2]: 0);
  scx1[tid]=DCEL_Cellx(cellcode,celmin);
  scy1[tid]=DCEL_Celly(cellcode,celmin);
  scz1[tid]=DCEL_Cellz(cellcode,celmin);
  scx2[tid]=DCEL_Cellx(cellcode,celmax);
  scy2[tid]=DCEL_Celly(cellcode,celmax);
  scz2[tid]=DCEL_Cellz(cellcode,celmax);
  __syncthreads();
  //-Reduction of shared memory values.
  //-Reduce valores de memoria shared.
  KerLimitsCellRedu<blockSize>(cellcode,scx1,scy1,scz1,scx2,scy2,scz2,tid,results);
}

//------------------------------------------------------------------------------
/// Computes minimum and maximum cell for valid particles.
/// The excluded particles are already marked in code[].
/// In case of having no valid particles the minimum value igreater than the maximum.
/// In results[], each block stores cxmin,cymin,czmin,cxmax,cymax,czmax encodes
/// the values as cells in 2 unsigned and groups them per block.
///
/// Calcula celda minima y maxima de las particulas validas.
/// Las particulas excluidas ya estan marcadas en code[].
/// En caso de no haber ninguna particula valida el minimo sera mayor que el maximo.
/// En results[] cada bloque graba cxmin,cymin,czmin,cxmax,cymax,czmax codificando
/// los valores como celdas en 2 unsigned y agrupando por bloque.
//------------------------------------------------------------------------------
template <unsigned int blockSize> __global__ void KerLimitsCell(unsigned n
  ,unsigned pini,unsigned cellcode,const unsigned* dcell,const typecode* code
  ,unsigned* results)
{
  extern __shared__ unsigned scx1[];
  unsigned* scy1=scx1+blockDim.x;
  unsigned* scz1=scy1+blockDim.x;
  unsigned* scx2=scz1+blockDim.x;
  unsigned* scy2=scx2+blockDim.x;
  unsigned* scz2=scy2+blockDim.x;
  const unsigned tid=threadIdx.x;
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  //-Loads shared memory values.
  if(p<n){
    const unsigned pp=p+pini;
    const unsigned rcell=dcell[pp];
    const unsigned cx=DCEL_Cellx(cellcode,rcell);
    const unsigned cy=DCEL_Celly(cellcode,rcell);
    const unsigned cz=DCEL_Cellz(cellcode,rcell);
    if(CODE_GetSpecialValue(code[pp])<CODE_OUTIGNORE){ //-Particle not excluded | Particula no excluida.
      scx1[tid]=cx; scy1[tid]=cy; scz1[tid]=cz;
      scx2[tid]=cx; scy2[tid]=cy; scz2[tid]=cz;
    }
    else{
      scx1[tid]=UINT_MAX; scy1[tid]=UINT_MAX;  scz1[tid]=UINT_MAX;
      scx2[tid]=0;        scy2[tid]=0;         scz2[tid]=0;
    }
  }
  else{
    scx1[tid]=UINT_MAX; scy1[tid]=UINT_MAX;  scz1[tid]=UINT_MAX;
    scx2[tid]=0;        scy2[tid]=0;         scz2[tid]=0;
  }
  __syncthreads();
  //-Reduction of shared memory values.
  KerLimitsCellRedu<blockSize>(cellcode,scx1,scy1,scz1,scx2,scy2,scz2,tid,results);
}

//------------------------------------------------------------------------------
/// Compute first and last particle for each cell.
/// Calcula particula inicial y final de cada celda.
//------------------------------------------------------------------------------
__global__ void KerCalcBeginEndCell(unsigned n,unsigned pini
  ,const unsigned* cellpart,int2* begcell)
{
  extern __shared__ unsigned scell[];    // [blockDim.x+1}
  const unsigned pt=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  const unsigned p=pt+pini;
  unsigned cel;
  if(pt<n){
    cel=cellpart[p];
    scell[threadIdx.x+1]=cel;
    if(pt&&!threadIdx.x)scell[0]=cellpart[p-1];
  }
  __syncthreads();
  if(pt<n){
    if(!pt||cel!=scell[threadIdx.x]){
      begcell[cel].x=p;
      if(pt)begcell[scell[threadIdx.x]].y=p;
    }
    if(pt==n-1)begcell[cel].y=p+1;
  }
}


//------------------------------------------------------------------------------
/// Reorders particle data according to idsort[].
/// Reordena datos de particulas segun idsort[].
//------------------------------------------------------------------------------
__global__ void KerSortDataParticles(unsigned n,unsigned pini
  ,const unsigned* sortpart,const unsigned* idp,const typecode* code
  ,const unsigned* dcell,const double2* posxy,const double* posz
  ,const float4* velrhop,unsigned* idp2,typecode* code2,unsigned* dcell2
  ,double2* posxy2,double* posz2,float4* velrhop2)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n){
    const unsigned oldpos=(p<pini? p: sortpart[p]);
    idp2[p]=idp[oldpos];
    code2[p]=code[oldpos];
    dcell2[p]=dcell[oldpos];
    posxy2[p]=posxy[oldpos];
    posz2[p]=posz[oldpos];
    velrhop2[p]=velrhop[oldpos];
  }
}
//------------------------------------------------------------------------------
/// Reorders particle data according to sortpart[].
/// Reordena datos de particulas segun sortpart[].
//------------------------------------------------------------------------------
__global__ void KerSortDataParticles(unsigned n,unsigned pini
  ,const unsigned* sortpart,const float4* a,float4* a2)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n){
    const unsigned oldpos=(p<pini? p: sortpart[p]);
    a2[p]=a[oldpos];
  }
}
//------------------------------------------------------------------------------
/// Reorders particle data according to sortpart[].
/// Reordena datos de particulas segun sortpart[].
//------------------------------------------------------------------------------
__global__ void KerSortDataParticles(unsigned n,unsigned pini
  ,const unsigned* sortpart,const float* a,const float* b,float* a2,float* b2)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n){
    const unsigned oldpos=(p<pini? p: sortpart[p]);
    a2[p]=a[oldpos];
    b2[p]=b[oldpos];
  }
}
//------------------------------------------------------------------------------
/// Reorders particle data according to sortpart[].
/// Reordena datos de particulas segun sortpart[].
//------------------------------------------------------------------------------
__global__ void KerSortDataParticles(unsigned n,unsigned pini
  ,const unsigned* sortpart,const double2* a,const double* b,const float4* c
  ,double2* a2,double* b2,float4* c2)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n){
    const unsigned oldpos=(p<pini? p: sortpart[p]);
    a2[p]=a[oldpos];
    b2[p]=b[oldpos];
    c2[p]=c[oldpos];
  }
}
//------------------------------------------------------------------------------
/// Reorders particle data according to sortpart[].
/// Reordena datos de particulas segun sortpart[].
//------------------------------------------------------------------------------
__global__ void KerSortDataParticles(unsigned n,unsigned pini
  ,const unsigned* sortpart,const float3* a,const float3* b,const float3* c
  ,float3* a2,float3* b2,float3* c2)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n){
    const unsigned oldpos=(p<pini? p: sortpart[p]);
    a2[p]=a[oldpos];
    b2[p]=b[oldpos];
    c2[p]=c[oldpos];
  }
}
//------------------------------------------------------------------------------
/// Reorders particle data according to sortpart[].
/// Reordena datos de particulas segun sortpart[].
//------------------------------------------------------------------------------
__global__ void KerSortDataParticles(unsigned n,unsigned pini
  ,const unsigned* sortpart,const tsymatrix3f* a,tsymatrix3f* a2)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n){
    const unsigned oldpos=(p<pini? p: sortpart[p]);
    a2[p]=a[oldpos];
  }
}
//------------------------------------------------------------------------------
/// Reorders particle data according to sortpart[].
/// Reordena datos de particulas segun sortpart[].
//------------------------------------------------------------------------------
__global__ void KerSortDataParticles(unsigned n,unsigned pini
  ,const unsigned* sortpart,const float3* a,float3* a2)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n){
    const unsigned oldpos=(p<pini? p: sortpart[p]);
    a2[p]=a[oldpos];
  }
}
//------------------------------------------------------------------------------
/// Reorders particle data according to sortpart[].
/// Reordena datos de particulas segun sortpart[].
//------------------------------------------------------------------------------
__global__ void KerSortDataParticles(unsigned n,unsigned pini
  ,const unsigned* sortpart,const float* a,float* a2)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n){
    const unsigned oldpos=(p<pini? p: sortpart[p]);
    a2[p]=a[oldpos];
  }
}

//------------------------------------------------------------------------------
/// Reorders particle data according to sortpart[].
/// Reordena datos de particulas segun sortpart[].
//------------------------------------------------------------------------------
__global__ void KerSortDataParticles(unsigned n,unsigned pini
  ,const unsigned* sortpart,const unsigned* a,const float4* b,unsigned* a2,float4* b2)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n){
    const unsigned oldpos=(p<pini? p: sortpart[p]);
    a2[p]=a[oldpos];
    b2[p]=b[oldpos];
  }
}

//------------------------------------------------------------------------------
/// Reorders PeriParent references.
//------------------------------------------------------------------------------
__global__ void KerReSortData(unsigned n,const unsigned* sortpart
  ,unsigned* rsortpart)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n){
    rsortpart[sortpart[p]]=p;
  }
}
//------------------------------------------------------------------------------
/// Reorders PeriParent references.
//------------------------------------------------------------------------------
__global__ void KerSortArrayPeriParent(unsigned n
  ,const unsigned* sortpart,const unsigned* rsortpart,const unsigned* a
  ,unsigned* a2)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n){
    const unsigned pp=a[sortpart[p]];
    a2[p]=(pp!=UINT_MAX? rsortpart[pp]: pp);
  }
}

//------------------------------------------------------------------------------
/// Compute minimum and maximum values starting from data[].
/// Calcula valores minimo y maximo a partir de data[].
//------------------------------------------------------------------------------
template <unsigned int blockSize> __global__ void KerReduUintLimits(unsigned n
  ,unsigned* data,unsigned* results)
{
  extern __shared__ unsigned sp1[];
  unsigned* sp2=sp1+blockDim.x;
  const unsigned tid=threadIdx.x;
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Value number.
  //-Loads variables to shared memory.
  //-Carga valores en memoria shared.
  unsigned p2=p;
  sp1[tid]=(p<n? data[p2]: UINT_MAX);  p2+=n;
  sp2[tid]=(p<n? data[p2]: 0);
  __syncthreads();
  //-Reduction of shared memory values.
  //-Reduce valores de memoria shared.
  KerUintLimitsRedu<blockSize>(sp1,sp2,tid,results);
}

//------------------------------------------------------------------------------
/// Reduction of shared memory values for a warp of KerReduUintSum.
/// Reduccion de valores en memoria shared para un warp de KerReduUintSum.
//------------------------------------------------------------------------------
template <unsigned blockSize> __device__ void KerUintSumWarpRedu(
  volatile unsigned* sp1,const unsigned& tid)
{
  if(blockSize>=64)sp1[tid]+=sp1[tid+32];
  if(blockSize>=32)sp1[tid]+=sp1[tid+16];
  if(blockSize>=16)sp1[tid]+=sp1[tid+ 8];
  if(blockSize>= 8)sp1[tid]+=sp1[tid+ 4];
  if(blockSize>= 4)sp1[tid]+=sp1[tid+ 2];
  if(blockSize>= 2)sp1[tid]+=sp1[tid+ 1];
}

//------------------------------------------------------------------------------
/// Reduction of shared memory values for KerReduUintSum.
/// Reduccion de valores en memoria shared para KerReduUintSum.
//------------------------------------------------------------------------------
template <unsigned blockSize> __device__ void KerUintSumRedu(unsigned* sp1
  ,const unsigned& tid,unsigned* results)
{
  __syncthreads();
  if(blockSize>=512){ if(tid<256)sp1[tid]+=sp1[tid+256]; __syncthreads(); }
  if(blockSize>=256){ if(tid<128)sp1[tid]+=sp1[tid+128]; __syncthreads(); }
  if(blockSize>=128){ if(tid<64) sp1[tid]+=sp1[tid+64];  __syncthreads(); }
  if(tid<32)KerUintSumWarpRedu<blockSize>(sp1,tid);
  if(tid==0)results[blockIdx.x]=sp1[0];
}

//------------------------------------------------------------------------------
/// Returns the sum of the values contained in data[].
/// Devuelve la suma de los valores contenidos en data[].
//------------------------------------------------------------------------------
template <unsigned int blockSize> __global__ void KerReduUintSum(unsigned n
  ,unsigned* data,unsigned* results)
{
  extern __shared__ unsigned sp1[];
  const unsigned tid=threadIdx.x;
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Value number.
  //-Loads values in shared memory.
  //-Carga valores en memoria shared.
  sp1[tid]=(p<n? data[p]: 0);
  __syncthreads();
  //-Reduce shared memory values.
  //-Reduce valores de memoria shared.
  KerUintSumRedu<blockSize>(sp1,tid,results);
}

//<vs_flexstruc_ini>

//==============================================================================
/// Updates the indices of the flexible structure particles.
/// Actualiza los índices de las partículas de estructura flexible..
//==============================================================================
__global__ void KerUpdateIndices(unsigned n,const unsigned* sortidx,unsigned* idx)
{
  const unsigned p=blockIdx.x*blockDim.x + threadIdx.x; //-Particle number.
  if(p<n)idx[p]=sortidx[idx[p]];
}
}
