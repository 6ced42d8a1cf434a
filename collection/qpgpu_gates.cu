// tilelab kernel collection: OriginQ's QPanda (2018) GPU state-vector simulator, its CUDA gate kernels: amplitudes as two
// double arrays (real, imaginary), one thread an amplitude pair (Block = 2^qubit), single-qubit gates, CNOT / CR / iSWAP
// Source:  https://github.com/OriginQ/QPanda/blob/36c610c94a182a8a0e4b3d66233007d97efec97c/QPandaSDK/GPUEmulator/GPUGates.cu
//          (OriginQ/QPanda, commit 36c610c, QPandaSDK/GPUEmulator/GPUGates.cu)
// Licence: Apache-2.0 (the repository's LICENSE and the file's own notice, repeated below).
// / sqrt(iSWAP) on pairs, a one-qubit probability (a shared-memory tree a block) and its sum.
// Kept: lines 33-41 (QSIZE, SQ2, PI, THREADDIM, the namespace's opening), 43-80 (its __global__ declarations) and
//       122-1095 (its closing brace and every kernel definition, qbReset commented out as in the source), unchanged but for
//       the CRLF line endings, which became LF; the comments' GBK bytes are kept as they are. Removed: lines 26-32 (the
//       includes and `using namespace std;`), 42 (`typedef std::vector<STATE_T> vecdou;`), 81-121 (the DLLAPI host wrappers'
//       declarations) and 1096-end (the host wrappers: allocation, launches, measurement on the host).
//       From GPUStruct.h (line 2), which GPUGatesDecl.h includes: `#define STATE_T double`, copied below, marked.
// Selection, fixed before any run (collection/manifest.toml, the qpgpu_ entries): the kernels the host's non-dagger
// one- and two-qubit gate wrappers and qubitmeasure launch: initState, Hadamard, RX, RY, RZ, NOT, CNOT and CR (each
// with the control above and below the target), iSWAP, sqiSWAP, qubitprob and probsum, none dropped for its result,
// each launched as its wrapper launches it: <<<max(1, 2^(qnum-1) / 1024), 1024>>> (qubitprob with 1024 doubles of
// dynamic shared memory), qnum 12 (Dim 4096, two blocks) instead of the host's sizes. Not taken: the dagger copies,
// Hadamardnew (its wrapper launches <<<4096, 1024>>> at every size; a race by reading: threads i and i + Block of its
// grid-stride loop update the same pair), unitary (its one launch, line 1790, passes four arguments
// for five parameters), the control* and toffoli kernels (a host
// array of blocks), multiprob and probsumnew1 (pMeasure's).
//
// /******************************************************************************
// Copyright (c) 2017-2018 Origin Quantum Computing Co., Ltd.. All Rights Reserved.
//
//
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at 
//
//  	http://www.apache.org/licenses/LICENSE-2.0 
//
// Unless required by applicable law or agreed to in writing, software
//
// distributed under the License is distributed on an "AS IS" BASIS,
//
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
//
// See the License for the specific language
// governing permissions and 
// limitations under the License.
//
// Author:Xue Cheng
// Date:2017-12-13
// Description: Definition of Cuda function of gates
// ************************************************************************/

// GPUStruct.h, line 2
#define STATE_T double

// QPandaSDK/GPUEmulator/GPUGates.cu, lines 33-41
#define QSIZE   size_t

#define SQ2 0.707106781186548
#define PI 3.141592653589793
#define THREADDIM 1024
namespace GATEGPU
{
    //typedef quantumstate QState;

// lines 43-80
    //typedef std::vector<probability> vecprob;
    __global__ void unitary(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, STATE_T *matr, QSIZE Block);
    __global__ void initState(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim);
    __global__ void Hadamard(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block);
    __global__ void Hadamardnew(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block);
    __global__ void Hadamarddagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block);
    __global__ void RX(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta);
    __global__ void RXdagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta);
    __global__ void RY(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta);
    __global__ void RYdagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta);
    __global__ void RZ(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta);
    __global__ void RZdagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta);
    __global__ void NOT(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block);
    __global__ void NOTdagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block);
    __global__ void CNOT(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block1, QSIZE Block2);
    __global__ void CNOTdagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block1, QSIZE Block2);
    __global__ void CR(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block1, QSIZE Block2, STATE_T costheta, STATE_T sintheta);
    __global__ void CRdagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block1, QSIZE Block2, STATE_T costheta, STATE_T sintheta);
    __global__ void iSWAP(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block1, QSIZE Block2);
    __global__ void iSWAPdagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block1, QSIZE Block2);
    __global__ void sqiSWAP(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block1, QSIZE Block2);
    __global__ void sqiSWAPdagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block1, QSIZE Block2);
    __global__ void qubitprob(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block, STATE_T *pr);
    __global__ void probsum(STATE_T * pr, STATE_T * prob);
    __global__ void qubitcollapse0(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block, STATE_T coef);
    __global__ void qubitcollapse1(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block, STATE_T coef);
    __global__ void controlHadamard(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m);
    __global__ void controlHadamarddagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m);
    __global__ void controlRX(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta);
    __global__ void controlRXdagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta);
    __global__ void controlRY(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta);
    __global__ void controlRYdagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta);
    __global__ void controlRZ(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta);
    __global__ void controlRZdagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta);
    __global__ void toffoli(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE  block0, QSIZE  block1, QSIZE block2);
    __global__ void toffolidagger(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE  block0, QSIZE  block1, QSIZE block2);
    __global__ void multiprob(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, STATE_T * pro, QSIZE * block, QSIZE m, QSIZE dec);
    __global__ void probsumnew1(STATE_T * psireal, STATE_T * psiimag, STATE_T *probtemp, size_t num1, size_t m, size_t Dim, size_t * block);
// lines 122-1095
}

/***************************************************************************************
Probdis pMeasure(QState&, Qnum&);
********************************************************************************************/


__global__ void GATEGPU:: unitary(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, STATE_T *matr, QSIZE Block)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;

    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X1*matr[0] - Y1*matr[1] + X2*matr[2] - Y2*matr[3];
        psireal[corIdx] = X1*matr[4] - Y1*matr[5] + X2*matr[6] - Y2*matr[7];
        psiimag[realIdx] = X1*matr[1] + Y1*matr[0] + X2*matr[3] + Y2*matr[2];
        psiimag[corIdx] = X1*matr[5] + Y1*matr[4] + X2*matr[7] + Y2*matr[6];
    }

}//checked

__global__ void GATEGPU:: initState(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number

    if (idx < Dim / 2 && idx != 0)
    {
        psireal[idx] = 0;
        psiimag[idx] = 0;
        psireal[idx + Dim / 2] = 0;
        psiimag[idx + Dim / 2] = 0;
    }
    if (0 == idx)
    {
        psireal[0] = 1;
        psiimag[0] = 0;
        psireal[Dim / 2] = 0;
        psiimag[Dim / 2] = 0;
    }
}//checked

__global__ void GATEGPU:: Hadamardnew(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    //QSIZE BlockNum = idx / Block;
    //QSIZE BlockInt = idx% Block;
    //QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
   // QSIZE corIdx = realIdx + Block;
    QSIZE realIdx;
    QSIZE corIdx;
    STATE_T X1, X2, Y1, Y2;
     for (int i = idx; i < Dim; i += gridDim.x*blockDim.x)
    {
         realIdx = i / (Block<<1) * 2 * Block + i%Block ;
         corIdx = realIdx + Block;
          X1 = psireal[realIdx];
          X2 = psireal[corIdx];
          Y1 = psiimag[realIdx];
          Y2 = psiimag[corIdx];
         psireal[realIdx] = (X1 + X2)*SQ2;
         psireal[corIdx] = (X1 - X2)*SQ2;
         psiimag[realIdx] = (Y1 + Y2)*SQ2;
         psiimag[corIdx] = (Y1 - Y2)*SQ2;

     }
     /*
    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = (X1 + X2)*SQ2;
        psireal[corIdx] = (X1 - X2)*SQ2;
        psiimag[realIdx] = (Y1 + Y2)*SQ2;
        psiimag[corIdx] = (Y1 - Y2)*SQ2;
    }
    */
}//checked
__global__ void GATEGPU::Hadamard(STATE_T * psireal, STATE_T * psiimag, QSIZE Dim, QSIZE Block)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;

    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = (X1 + X2)*SQ2;
        psireal[corIdx] = (X1 - X2)*SQ2;
        psiimag[realIdx] = (Y1 + Y2)*SQ2;
        psiimag[corIdx] = (Y1 - Y2)*SQ2;
    }
}//checked

__global__ void GATEGPU:: Hadamarddagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;

    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = (X1 + X2)*SQ2;
        psireal[corIdx] = (X1 - X2)*SQ2;
        psiimag[realIdx] = (Y1 + Y2)*SQ2;
        psiimag[corIdx] = (Y1 - Y2)*SQ2;
    }
}//checked

__global__ void GATEGPU:: RX(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;
    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X1*costheta + Y2*sintheta;
        psireal[corIdx] = Y1*sintheta + X2*costheta;
        psiimag[realIdx] = Y1*costheta - X2*sintheta;
        psiimag[corIdx] = Y2*costheta - X1*sintheta;
    }
}//checked

__global__ void GATEGPU:: RXdagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;
    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X1*costheta - Y2*sintheta;
        psireal[corIdx] = -Y1*sintheta + X2*costheta;
        psiimag[realIdx] = Y1*costheta + X2*sintheta;
        psiimag[corIdx] = Y2*costheta + X1*sintheta;
    }
}//checked

__global__ void GATEGPU:: RY(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;
    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X1*costheta - X2*sintheta;
        psireal[corIdx] = X1*sintheta + X2*costheta;
        psiimag[realIdx] = Y1*costheta - Y2*sintheta;
        psiimag[corIdx] = Y2*costheta + Y1*sintheta;
    }
} //checked

__global__ void GATEGPU:: RYdagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;
    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X1*costheta + X2*sintheta;
        psireal[corIdx] = -X1*sintheta + X2*costheta;
        psiimag[realIdx] = Y1*costheta + Y2*sintheta;
        psiimag[corIdx] = Y2*costheta - Y1*sintheta;
    }
} //checked

__global__ void GATEGPU:: RZ(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;

    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE corIdx = BlockNum * 2 * Block + BlockInt + Block;
    if (corIdx < Dim)
    {
        STATE_T X2 = psireal[corIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[corIdx] = X2*costheta - Y2*sintheta;
        psiimag[corIdx] = X2*sintheta + Y2*costheta;
    }
}

__global__ void GATEGPU:: RZdagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;

    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE corIdx = BlockNum * 2 * Block + BlockInt + Block;
    if (corIdx < Dim)
    {
        STATE_T X2 = psireal[corIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[corIdx] = X2*costheta + Y2*sintheta;
        psiimag[corIdx] = -X2*sintheta + Y2*costheta;
    }
}

__global__ void GATEGPU:: NOT(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;
    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X2;
        psireal[corIdx] = X1;
        psiimag[realIdx] = Y2;
        psiimag[corIdx] = Y1;
    }
}

__global__ void GATEGPU:: NOTdagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;
    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X2;
        psireal[corIdx] = X1;
        psiimag[realIdx] = Y2;
        psiimag[corIdx] = Y1;
    }
}

__global__ void GATEGPU:: CNOT(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block1, QSIZE Block2)    //2^(qnum)           q9q8q7...q0 
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;
    QSIZE corIdx, realIdx;
    if (Block1 >  Block2)
    {
        corIdx = (idx / (Block1 / 2)) * 2 * Block1 + Block1 + (idx % (Block1 / 2) / Block2) * 2 * Block2 + idx%  Block2;
    }
    else
    {
        corIdx = (idx / (Block2 / 2)) * 2 * Block2 + (idx % (Block2 / 2) / Block1) * 2 * Block1 + Block1 + idx%  Block1;
    }
    realIdx = corIdx + Block2;
    if (realIdx < Dim)
    {
        STATE_T X1 = psireal[corIdx];                                   //10
        STATE_T Y1 = psiimag[corIdx];
        STATE_T X2 = psireal[realIdx];                                  //11
        STATE_T Y2 = psiimag[realIdx];
        psireal[corIdx] = X2;
        psiimag[corIdx] = Y2;
        psireal[realIdx] = X1;
        psiimag[realIdx] = Y1;
    }
}

__global__ void GATEGPU:: CNOTdagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block1, QSIZE Block2)    //2^(qnum)           q9q8q7...q0 
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;
    QSIZE corIdx, realIdx;
    if (Block1 >  Block2)
    {
        corIdx = (idx / (Block1 / 2)) * 2 * Block1 + Block1 + (idx % (Block1 / 2) / Block2) * 2 * Block2 + idx%  Block2;
    }
    else
    {
        corIdx = (idx / (Block2 / 2)) * 2 * Block2 + (idx % (Block2 / 2) / Block1) * 2 * Block1 + Block1 + idx%  Block1;
    }
    realIdx = corIdx + Block2;
    if (realIdx < Dim)
    {
        STATE_T X1 = psireal[corIdx];                                   //10
        STATE_T Y1 = psiimag[corIdx];
        STATE_T X2 = psireal[realIdx];                                  //11
        STATE_T Y2 = psiimag[realIdx];
        psireal[corIdx] = X2;
        psiimag[corIdx] = Y2;
        psireal[realIdx] = X1;
        psiimag[realIdx] = Y1;
    }
}

__global__ void GATEGPU:: CR(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block1, QSIZE Block2, STATE_T costheta, STATE_T sintheta)    //2^(qnum)           q9q8q7...q0 
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;
    QSIZE realIdx;
    if (Block1 >  Block2)
    {
        realIdx = (idx / (Block1 / 2)) * 2 * Block1 + Block1 + (idx % (Block1 / 2) / Block2) * 2 * Block2 + Block2 + idx%  Block2;
    }
    else
    {
        realIdx = (idx / (Block2 / 2)) * 2 * Block2 + Block2 + (idx % (Block2 / 2) / Block1) * 2 * Block1 + Block1 + idx%  Block1;
    }
    if (realIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T Y1 = psiimag[realIdx];
        psireal[realIdx] = X1*costheta - Y1*sintheta;
        psiimag[realIdx] = X1*sintheta + Y1*costheta;
    }
}

__global__ void GATEGPU:: CRdagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block1, QSIZE Block2, STATE_T costheta, STATE_T sintheta)    //2^(qnum)           q9q8q7...q0 
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;
    QSIZE realIdx;
    if (Block1 >  Block2)
    {
        realIdx = (idx / (Block1 / 2)) * 2 * Block1 + Block1 + (idx % (Block1 / 2) / Block2) * 2 * Block2 + Block2 + idx%  Block2;
    }
    else
    {
        realIdx = (idx / (Block2 / 2)) * 2 * Block2 + Block2 + (idx % (Block2 / 2) / Block1) * 2 * Block1 + Block1 + idx%  Block1;
    }
    if (realIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T Y1 = psiimag[realIdx];
        psireal[realIdx] = X1*costheta + Y1*sintheta;
        psiimag[realIdx] = -X1*sintheta + Y1*costheta;
    }
}

__global__ void GATEGPU:: iSWAP(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block1, QSIZE Block2)    //2^(qnum)           q9q8q7...q0 
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;
    QSIZE corIdx, realIdx, temp;
    if (Block1 <  Block2)
    {
        temp = Block1;
        Block1 = Block2;
        Block2 = temp;
    }
    corIdx = (idx / (Block1 / 2)) * 2 * Block1 + Block1 + (idx % (Block1 / 2) / Block2) * 2 * Block2 + idx%  Block2;
    realIdx = corIdx - Block1 + Block2;
    if (realIdx < Dim)
    {
        STATE_T X1 = psireal[corIdx];                                   //10
        STATE_T Y1 = psiimag[corIdx];
        STATE_T X2 = psireal[realIdx];                                  //11
        STATE_T Y2 = psiimag[realIdx];
        psireal[corIdx] = Y2;
        psiimag[corIdx] = -X2;
        psireal[realIdx] = Y1;
        psiimag[realIdx] = -X1;
    }
}

__global__ void GATEGPU:: iSWAPdagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block1, QSIZE Block2)    //2^(qnum)           q9q8q7...q0 
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;
    QSIZE corIdx, realIdx, temp;
    if (Block1 <  Block2)
    {
        temp = Block1;
        Block1 = Block2;
        Block2 = temp;
    }
    corIdx = (idx / (Block1 / 2)) * 2 * Block1 + Block1 + (idx % (Block1 / 2) / Block2) * 2 * Block2 + idx%  Block2;
    realIdx = corIdx - Block1 + Block2;
    if (realIdx < Dim)
    {
        STATE_T X1 = psireal[corIdx];                                   //10
        STATE_T Y1 = psiimag[corIdx];
        STATE_T X2 = psireal[realIdx];                                  //11
        STATE_T Y2 = psiimag[realIdx];
        psireal[corIdx] = -Y2;
        psiimag[corIdx] = X2;
        psireal[realIdx] = -Y1;
        psiimag[realIdx] = X1;
    }
}

__global__ void GATEGPU:: sqiSWAP(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block1, QSIZE Block2)    //2^(qnum)           q9q8q7...q0 
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;
    QSIZE corIdx, realIdx, temp;
    if (Block1 <  Block2)
    {
        temp = Block1;
        Block1 = Block2;
        Block2 = temp;
    }
    corIdx = (idx / (Block1 / 2)) * 2 * Block1 + Block1 + (idx % (Block1 / 2) / Block2) * 2 * Block2 + idx%  Block2;
    realIdx = corIdx - Block1 + Block2;
    if (realIdx < Dim)
    {
        STATE_T X1 = psireal[corIdx];                                   //10
        STATE_T Y1 = psiimag[corIdx];
        STATE_T X2 = psireal[realIdx];                                  //11
        STATE_T Y2 = psiimag[realIdx];
        psireal[corIdx] = (X1 + Y2)*SQ2;
        psiimag[corIdx] = (Y1 - X2)*SQ2;
        psireal[realIdx] = (X2 + Y1)*SQ2;
        psiimag[realIdx] = (Y2 - X1)*SQ2;
    }
}

__global__ void GATEGPU:: sqiSWAPdagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block1, QSIZE Block2)    //2^(qnum)           q9q8q7...q0 
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;
    QSIZE corIdx, realIdx, temp;
    if (Block1 <  Block2)
    {
        temp = Block1;
        Block1 = Block2;
        Block2 = temp;
    }
    corIdx = (idx / (Block1 / 2)) * 2 * Block1 + Block1 + (idx % (Block1 / 2) / Block2) * 2 * Block2 + idx%  Block2;
    realIdx = corIdx - Block1 + Block2;
    if (realIdx < Dim)
    {
        STATE_T X1 = psireal[corIdx];                                   //10
        STATE_T Y1 = psiimag[corIdx];
        STATE_T X2 = psireal[realIdx];                                  //11
        STATE_T Y2 = psiimag[realIdx];
        psireal[corIdx] = (X1 - Y2)*SQ2;
        psiimag[corIdx] = (Y1 + X2)*SQ2;
        psireal[realIdx] = (X2 - Y1)*SQ2;
        psiimag[realIdx] = (Y2 + X1)*SQ2;
    }
}

__global__ void GATEGPU:: qubitprob(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block, STATE_T *pr)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE bid = blockIdx.x, tid = threadIdx.x;
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;
    extern __shared__ STATE_T  dprob[];
    dprob[tid] = 0;
    int i;
    /*
    for (i = bid * blockDim.x + tid; i < Dim / 2; i += gridDim.x * THREADDIM)
    {
        //        QSIZE idx = bid*(psigpu.qnum-1))/THREADDIM.x + tid;
        //        QSIZE corIdx = idx / Block * 2 * Block + idx%Block;
        dprob[tid] += psireal[realIdx] * psireal[realIdx] + psiimag[realIdx] * psiimag[realIdx];
    }
    */
    //dprob[tid] = psireal[realIdx] * psireal[realIdx] + psiimag[realIdx] * psiimag[realIdx];

    //同步 保证每个 thread 都已经把结果写到 shared[tid] 里面
    if (corIdx < Dim)
    {
        dprob[tid] = psireal[realIdx] * psireal[realIdx] + psiimag[realIdx] * psiimag[realIdx];   //可省略?
        __syncthreads();//树状加法
        int offset = 1, mask = 1;
        while (offset < THREADDIM)
        {
            if ((tid & mask) == 0)
            {
                dprob[tid] += dprob[tid + offset];
            }
            offset += offset;
            mask = offset + mask;
            __syncthreads();
        }
        //计算时间,记录结果,只在 thread 0（即 threadIdx.x =
        //dprob[0]求和即得到最后的概率
        if (tid == 0)
        {
            pr[bid] = dprob[0];
        }
    }
}//checked
__global__ void GATEGPU::probsumnew1(STATE_T * psireal, STATE_T * psiimag, STATE_T *probtemp, size_t num1, size_t m, size_t Dim, size_t * block)
{
    size_t idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    size_t bid = blockIdx.x, tid = threadIdx.x;
    size_t index1, index = 0, index2, k, s;
    double temp = 0;
    index1 = num1 + idx;                              //index1表示idx对应的不加权的态序号
    if (index1 < (1u << m))
    {
        for (size_t j = 0; j < m; j++)
        {
            index += block[j] * ((index1 >> j) % 2);
        }//index 表示idx对应的态的序号
        for (size_t i = 0; i < Dim / (1u << m); i++)
        {
            index2 = i;
            for (size_t j = 0; j < m; j++)
            {
                s = index2 / block[j];
                k = index2 % block[j];
                index2 = s * 2 * block[j] + k;
            }
            index2 += index;
            temp += psireal[index2] * psireal[index2] + psiimag[index2] * psiimag[index2];
        }
        probtemp[idx] = temp;
    }
}
__global__ void GATEGPU:: probsum(STATE_T * pr, STATE_T * prob)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    if (0 == idx)
    {
        STATE_T dprob = 0;
        for (int i = 0; i < gridDim.x; i++)
        {
            dprob += pr[i];
        }
        *prob = dprob;
    }
}//checked and can be optimized

__global__ void GATEGPU:: qubitcollapse0(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block, STATE_T coef)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;
    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T Y1 = psiimag[realIdx];
        psireal[realIdx] = X1*coef;
        psireal[corIdx] = 0;
        psiimag[realIdx] = Y1*coef;
        psiimag[corIdx] = 0;
    }
}//checked

__global__ void GATEGPU:: qubitcollapse1(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block, STATE_T coef)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;
    if (corIdx < Dim)
    {
        STATE_T X2 = psireal[corIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = 0;
        psireal[corIdx] = X2*coef;
        psiimag[realIdx] = 0;
        psiimag[corIdx] = Y2*coef;
    }
}//checked

__global__ void GATEGPU:: controlHadamard(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number

                                                                      //QSIZE BlockNum = idx / Block;
                                                                      //QSIZE BlockInt = idx% Block;    
    QSIZE i, j, k;
    if (idx < Dim / (1 << m))
    {
        QSIZE index = idx;
        for (i = 0; i < m; i++)
        {
            j = index / block1[i];
            k = index % block1[i];
            index = j * 2 * block1[i] + block1[i] + k;

        }
        QSIZE corIdx = index;                                   //1111
        QSIZE realIdx = corIdx - block2;                    //1110
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = (X1 + X2)*SQ2;
        psireal[corIdx] = (X1 - X2)*SQ2;
        psiimag[realIdx] = (Y1 + Y2)*SQ2;
        psiimag[corIdx] = (Y1 - Y2)*SQ2;
    }
}//checked

__global__ void GATEGPU:: controlHadamarddagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number

                                                                      //QSIZE BlockNum = idx / Block;
                                                                      //QSIZE BlockInt = idx% Block;    
    QSIZE i, j, k;
    if (idx < Dim / (1 << m))
    {
        QSIZE index = idx;
        for (i = 0; i < m; i++)
        {
            j = index / block1[i];
            k = index % block1[i];
            index = j * 2 * block1[i] + block1[i] + k;

        }
        QSIZE corIdx = index;                                   //1111
        QSIZE realIdx = corIdx - block2;                    //1110
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = (X1 + X2)*SQ2;
        psireal[corIdx] = (X1 - X2)*SQ2;
        psiimag[realIdx] = (Y1 + Y2)*SQ2;
        psiimag[corIdx] = (Y1 - Y2)*SQ2;
    }
}//checked

__global__ void GATEGPU:: controlRX(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number

                                                                      //QSIZE BlockNum = idx / Block;
                                                                      //QSIZE BlockInt = idx% Block;    
    QSIZE i, j, k;
    if (idx < Dim / (1 << m))
    {
        QSIZE index = idx;
        for (i = 0; i < m; i++)
        {
            j = index / block1[i];
            k = index % block1[i];
            index = j * 2 * block1[i] + block1[i] + k;

        }
        QSIZE corIdx = index;                                   //1111
        QSIZE realIdx = corIdx - block2;                    //1110
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X1*costheta + Y2*sintheta;
        psireal[corIdx] = Y1*sintheta + X2*costheta;
        psiimag[realIdx] = Y1*costheta - X2*sintheta;
        psiimag[corIdx] = Y2*costheta - X1*sintheta;
    }
}       //checked

__global__ void GATEGPU:: controlRXdagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number

                                                                      //QSIZE BlockNum = idx / Block;
                                                                      //QSIZE BlockInt = idx% Block;    
    QSIZE i, j, k;
    if (idx < Dim / (1 << m))
    {
        QSIZE index = idx;
        for (i = 0; i < m; i++)
        {
            j = index / block1[i];
            k = index % block1[i];
            index = j * 2 * block1[i] + block1[i] + k;

        }
        QSIZE corIdx = index;                                   //1111
        QSIZE realIdx = corIdx - block2;                    //1110
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X1*costheta - Y2*sintheta;
        psireal[corIdx] = -Y1*sintheta + X2*costheta;
        psiimag[realIdx] = Y1*costheta + X2*sintheta;
        psiimag[corIdx] = Y2*costheta + X1*sintheta;
    }
}       //checked

__global__ void GATEGPU:: controlRY(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number

                                                                      //QSIZE BlockNum = idx / Block;
                                                                      //QSIZE BlockInt = idx% Block;    
    QSIZE i, j, k;
    if (idx < Dim / (1 << m))
    {
        QSIZE index = idx;
        for (i = 0; i < m; i++)
        {
            j = index / block1[i];
            k = index % block1[i];
            index = j * 2 * block1[i] + block1[i] + k;

        }
        QSIZE corIdx = index;                                   //1111
        QSIZE realIdx = corIdx - block2;                    //1110
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X1*costheta - X2*sintheta;
        psireal[corIdx] = X1*sintheta + X2*costheta;
        psiimag[realIdx] = Y1*costheta - Y2*sintheta;
        psiimag[corIdx] = Y2*costheta + Y1*sintheta;
    }
}       //checked

__global__ void GATEGPU:: controlRYdagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number

                                                                      //QSIZE BlockNum = idx / Block;
                                                                      //QSIZE BlockInt = idx% Block;    
    QSIZE i, j, k;
    if (idx < Dim / (1 << m))
    {
        QSIZE index = idx;
        for (i = 0; i < m; i++)
        {
            j = index / block1[i];
            k = index % block1[i];
            index = j * 2 * block1[i] + block1[i] + k;

        }
        QSIZE corIdx = index;                                   //1111
        QSIZE realIdx = corIdx - block2;                    //1110
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X1*costheta + X2*sintheta;
        psireal[corIdx] = -X1*sintheta + X2*costheta;
        psiimag[realIdx] = Y1*costheta + Y2*sintheta;
        psiimag[corIdx] = Y2*costheta - Y1*sintheta;
    }
}       //checked

__global__ void GATEGPU:: controlRZ(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE i, j, k;
    if (idx < Dim / (1 << m))
    {
        QSIZE index = idx;
        for (i = 0; i < m; i++)
        {
            j = index / block1[i];
            k = index % block1[i];
            index = j * 2 * block1[i] + block1[i] + k;

        }
        QSIZE corIdx = index;                                   //1111        
        STATE_T X2 = psireal[corIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[corIdx] = X2*costheta - Y2*sintheta;
        psiimag[corIdx] = X2*sintheta + Y2*costheta;
    }
}       //checked

__global__ void GATEGPU:: controlRZdagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE * block1, QSIZE  block2, QSIZE m, STATE_T costheta, STATE_T sintheta)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE i, j, k;
    if (idx < Dim / (1 << m))
    {
        QSIZE index = idx;
        for (i = 0; i < m; i++)
        {
            j = index / block1[i];
            k = index % block1[i];
            index = j * 2 * block1[i] + block1[i] + k;

        }
        QSIZE corIdx = index;                                   //1111        
        STATE_T X2 = psireal[corIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[corIdx] = X2*costheta + Y2*sintheta;
        psiimag[corIdx] = -X2*sintheta + Y2*costheta;
    }
}       //checked

__global__ void GATEGPU:: toffoli(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE  block0, QSIZE  block1, QSIZE block2)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE block = block2, temp;
    if (block0 > block1)
    {
        temp = block1;
        block1 = block0;
        block0 = temp;
    }
    if (block0 > block2)
    {
        temp = block2;
        block2 = block0;
        block0 = temp;
    }
    if (block1 > block2)
    {
        temp = block2;
        block2 = block1;
        block1 = temp;
    }                           //small to large sequence
    if (idx < Dim / (1 << 3))
    {
        QSIZE corIdx = idx / block0 * 2 * block0 + block0 + idx%block0, realIdx;
        corIdx = corIdx / block1 * 2 * block1 + block1 + corIdx%block1;
        corIdx = corIdx / block2 * 2 * block2 + block2 + corIdx%block2;
        realIdx = corIdx - block;
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X2;
        psireal[corIdx] = X1;
        psiimag[realIdx] = Y2;
        psiimag[corIdx] = Y1;
    }
}     //checked

__global__ void GATEGPU:: toffolidagger(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE  block0, QSIZE  block1, QSIZE block2)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE block = block2, temp;
    if (block0 > block1)
    {
        temp = block1;
        block1 = block0;
        block0 = temp;
    }
    if (block0 > block2)
    {
        temp = block2;
        block2 = block0;
        block0 = temp;
    }
    if (block1 > block2)
    {
        temp = block2;
        block2 = block1;
        block1 = temp;
    }                           //small to large sequence
    if (idx < Dim / (1 << 3))
    {
        QSIZE corIdx = idx / block0 * 2 * block0 + block0 + idx%block0, realIdx;
        corIdx = corIdx / block1 * 2 * block1 + block1 + corIdx%block1;
        corIdx = corIdx / block2 * 2 * block2 + block2 + corIdx%block2;
        realIdx = corIdx - block;
        STATE_T X1 = psireal[realIdx];
        STATE_T X2 = psireal[corIdx];
        STATE_T Y1 = psiimag[realIdx];
        STATE_T Y2 = psiimag[corIdx];
        psireal[realIdx] = X2;
        psireal[corIdx] = X1;
        psiimag[realIdx] = Y2;
        psiimag[corIdx] = Y1;
    }
}     //checked
/*
__global__ void GATEGPU:: qbReset(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, QSIZE Block)      //reset to |0>, this operator is NOT UNITARY
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE BlockNum = idx / Block;
    QSIZE BlockInt = idx% Block;
    QSIZE realIdx = BlockNum * 2 * Block + BlockInt;
    QSIZE corIdx = realIdx + Block;

    if (corIdx < Dim)
    {
        STATE_T X1 = psireal[realIdx];
        STATE_T Y1 = psiimag[realIdx];
        psireal[realIdx] = X1;
        psireal[corIdx] = 0;
        psiimag[realIdx] = Y1;
        psiimag[corIdx] = 0;
    }
}
*/


/**************************************************************************************
psireal:
psiimag:
pro:      save probability
block:    qubit number
m:        target qubit number
dec:      target qubit state





****************************************************************************************/
__global__ void GATEGPU:: multiprob(STATE_T * psireal, STATE_T * psiimag,QSIZE Dim, STATE_T * pro, QSIZE * block, QSIZE m, QSIZE dec)
{
    QSIZE idx = blockDim.x*blockIdx.x + threadIdx.x;           //thread number
    QSIZE bid = blockIdx.x, tid = threadIdx.x;
    //QSIZE BlockNum = idx / Block;
    //QSIZE BlockInt = idx% Block;    
    extern __shared__ STATE_T dprob[];
    dprob[tid] = 0;
    QSIZE i, j, k;
    if (idx < Dim / (1 << m))
    {
        QSIZE index = idx;
        for (i = 0; i < m; i++)
        {
            j = index / block[i];
            k = index % block[i];
            index = j * 2 * block[i] + k;
        }                                                              //index 目标比特全为0
        QSIZE realIdx = index + dec;                                   //需要加的态的概率
        dprob[tid] = psireal[realIdx] * psireal[realIdx] + psiimag[realIdx] * psiimag[realIdx];
        __syncthreads();//树状加法
        int offset = 1, mask = 1;
        while (offset < THREADDIM)
        {
            if ((tid & mask) == 0)
            {
                dprob[tid] += dprob[tid + offset];
            }
            offset += offset;
            mask = offset + mask;
            __syncthreads();
        }
        //计算时间,记录结果,只在 thread 0（即 threadIdx.x =
        //dprob[0]求和即得到最后的概率
        if (tid == 0)
        {
            pro[bid] = dprob[0];                       //再计算pro的和就得到最后的概率
        }
    }
}
