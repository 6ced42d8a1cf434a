// Source:  https://github.com/szcompressor/SZx/blob/3a0f875afb0de045517aad150caa6f3842e867b5/szx/src/cuszxd_float.cu
// Licence: BSD-style (UChicago Argonne open source licence SF-16-105, the repository's copyright-and-BSD-license.txt, repeated below)
// Kept: cuszxd_float.cu lines 1-2 and 4-296 (the whole file: only its include of cuszxd_float.h, line 3, replaced by
// that header, copied in below and marked). Kernel: szx::decompress_float, cuSZx's blockwise decompressor (per
// non-constant block of 128 floats: a shuffle scan finding each value's kept bytes, a max-scan finding the value
// each leading byte comes from, the shift back and the median added). Device code unchanged.
// Copyright © 2022-, UChicago Argonne, LLC
// All Rights Reserved
// [SZx, Version 1.0]
// Sheng Di
// Xiaodong Yu
// Kai Zhao
// Franck Cappello
// Argonne National Laboratory
//
// SZx licence is under the BSD license. Details are shown below.
//
// OPEN SOURCE LICENSE (license number: SF-16-105)
//
// Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met:
//
// 1. Redistributions of source code must retain the above copyright notice, this list of conditions and the following disclaimer.  Software changes, modifications, or derivative works, should be noted with comments and the author and organization's name.
//
// 2. Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the following disclaimer in the documentation and/or other materials provided with the distribution.
//
// 3. Neither the names of UChicago Argonne, LLC or the Department of Energy nor the names of its contributors may be used to endorse or promote products derived from this software without specific prior written permission.
//
// 4. The software and the end-user documentation included with the redistribution, if any, must include the following acknowledgment:
//
//    "This product includes software produced by UChicago Argonne, LLC under Contract No. DE-AC02-06CH11357 with the Department of Energy."
//
// ******************************************************************************************************
// DISCLAIMER
//
// THE SOFTWARE IS SUPPLIED "AS IS" WITHOUT WARRANTY OF ANY KIND.
//
// NEITHER THE UNITED STATES GOVERNMENT, NOR THE UNITED STATES DEPARTMENT OF ENERGY, NOR UCHICAGO ARGONNE, LLC, NOR ANY OF THEIR EMPLOYEES, MAKES ANY WARRANTY, EXPRESS OR IMPLIED, OR ASSUMES ANY LEGAL LIABILITY OR RESPONSIBILITY FOR THE ACCURACY, COMPLETENESS, OR USEFULNESS OF ANY INFORMATION, DATA, APPARATUS, PRODUCT, OR PROCESS DISCLOSED, OR REPRESENTS THAT ITS USE WOULD NOT INFRINGE PRIVATELY OWNED RIGHTS.
//
// ***************************************************************************************************
//
// Contact: Sheng Di (sdi1@anl.gov), Franck Cappello(cappello@mcs.anl.gov)

#include <stdio.h>
#include <math.h>
// ---- szx/include/cuszxd_float.h, lines 1-8 (whole file)
#ifndef CUSZXD_FLOAT_H
#define CUSZXD_FLOAT_H

namespace szx{
__global__ void decompress_float(unsigned char *data, int bs, size_t nc, size_t mSize); 
}

#endif /* ----- #ifndef CUSZX_DECOMPRESS_FLOAT_H  ----- */
// ---- szx/src/cuszxd_float.cu, lines 4-296

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

namespace szx
{

__device__ int _deshfl_scan(int lznum, int *sums)
{
    // Below is the basic structure of using a shfl instruction
    // for a scan.
    // Record "value" as a variable - we accumulate it along the way
    int value = lznum;

    // Now accumulate in log steps up the chain
    // compute sums, with another thread's value who is
    // distance delta away (i).  Note
    // those threads where the thread 'i' away would have
    // been out of bounds of the warp are unaffected.  This
    // creates the scan sum.

#pragma unroll
    for (int i = 1; i <= warpSize; i *= 2) {
        unsigned int mask = 0xffffffff;
        int n = __shfl_up_sync(mask, value, i);

        if (threadIdx.x >= i) value += n;
                      
    }

    // value now holds the scan value for the individual thread
    // next sum the largest values for each warp

    // write the sum of the warp to smem
    if (threadIdx.x == warpSize - 1) {
        sums[threadIdx.y] = value;
    }
    __syncthreads();

    //
    // scan sum the warp sums
    // the same shfl scan operation, but performed on warp sums
    //
    if (threadIdx.y == 0 && threadIdx.x < blockDim.y) {
        int warp_sum = sums[threadIdx.x];

        int mask = (1 << blockDim.y) - 1;
        for (int i = 1; i <= blockDim.y; i *= 2) {
            //int n = __shfl_up_sync(mask, warp_sum, i, blockDim.y);
            int n = __shfl_up_sync(mask, warp_sum, i);
            if (threadIdx.x >= i) warp_sum += n;
        }

        sums[threadIdx.x] = warp_sum;
    }
    __syncthreads();

    // perform a uniform add across warps in the block
    // read neighbouring warp's sum and add it to threads value
    int blockSum = 0;
    if (threadIdx.y > 0) {
        blockSum = sums[threadIdx.y - 1];
    }
    value += blockSum;

    return value;
}

__device__ int _compareByte(int pre, int cur, int reqBytesLength)
{
    if (reqBytesLength == 2)
    {
        if ((pre&0x0000ff00) > (cur&0x0000ff00)){
            cur &= 0x000000ff;
            cur |= (pre & 0x0000ff00);
        }
        if ((pre&0x000000ff) > (cur&0x000000ff)){
            cur &= 0x0000ff00;
            cur |= (pre & 0x000000ff);
        }
    }else if (reqBytesLength == 3)
    {
        if ((pre&0x00ff0000) > (cur&0x00ff0000)){
            cur &= 0x0000ffff;
            cur |= (pre & 0x00ff0000);
        }
        if ((pre&0x0000ff00) > (cur&0x0000ff00)){
            cur &= 0x00ff00ff;
            cur |= (pre & 0x0000ff00);
        }
        if ((pre&0x000000ff) > (cur&0x000000ff)){
            cur &= 0x00ffff00;
            cur |= (pre & 0x000000ff);
        }
    }else if (reqBytesLength == 1)
    {
        if (pre > cur)
            cur = pre;
    }else if (reqBytesLength == 4)
    {
        if ((pre&0xff000000) > (cur&0xff000000)){
            cur &= 0x00ffffff;
            cur |= (pre & 0xff000000);
        }
        if ((pre&0x00ff0000) > (cur&0x00ff0000)){
            cur &= 0xff00ffff;
            cur |= (pre & 0x00ff0000);
        }
        if ((pre&0x0000ff00) > (cur&0x0000ff00)){
            cur &= 0xffff00ff;
            cur |= (pre & 0x0000ff00);
        }
        if ((pre&0x000000ff) > (cur&0x000000ff)){
            cur &= 0xffffff00;
            cur |= (pre & 0x000000ff);
        }
    }
    return cur;
}

__device__ int _retrieve_leading(int pos, int reqBytesLength, int* sums)
{
#pragma unroll
    for (int i = 1; i <= warpSize; i *= 2) {
        unsigned int mask = 0xffffffff;
        int n = __shfl_up_sync(mask, pos, i);
        if (threadIdx.x >= i)
            pos = _compareByte(n, pos, reqBytesLength);
    }

    if (threadIdx.x == warpSize - 1)
        sums[threadIdx.y] = pos;
    __syncthreads();

    if (threadIdx.y == 0 && threadIdx.x < blockDim.y) {
        int warp_pos = sums[threadIdx.x];

        int mask = (1 << blockDim.y) - 1;
        for (int i = 1; i <= blockDim.y; i *= 2) {
            int n = __shfl_up_sync(mask, warp_pos, i);
            if (threadIdx.x >= i)
                warp_pos = _compareByte(n, warp_pos, reqBytesLength);
        }

        sums[threadIdx.x] = warp_pos;
    }
    __syncthreads();

    if (threadIdx.y > 0) {
        int block_pos = sums[threadIdx.y - 1];
        pos = _compareByte(block_pos, pos, reqBytesLength);
    }

    return pos;
}

__global__ void decompress_float(unsigned char *data, int bs, size_t nc, size_t mSize) 
{
    int tidx = threadIdx.x;
    int tidy = threadIdx.y;
    int tid = tidy*warpSize+tidx;
    int bid = blockIdx.x;

    float medianValue;
    unsigned char leadingNum;
    extern __shared__ float shared[];
    float* value = shared;
    int* ivalue = (int*)shared;
    uchar4* c4value = (uchar4*)shared;
    unsigned char* cvalue = (unsigned char*)shared;
    int* sums = &ivalue[bs];
    int reqLength;
    float* fbytes = (float*)data;
	int reqBytesLength;
	int rightShiftBits;


    for (int b=bid; b<nc; b+=gridDim.x){
        value[tid] = fbytes[b*bs+tid];
        __syncthreads();                  
        medianValue = value[0];
        reqLength = (int)cvalue[4];
        if (reqLength%8 != 0)
        {
            reqBytesLength = reqLength/8+1;		
            rightShiftBits = 8 - reqLength%8;
        }else{
            reqBytesLength = reqLength/8;		
            rightShiftBits = 0;
        }
        leadingNum = cvalue[5+(tid>>2)];
        leadingNum = (leadingNum >> (6-((tid&0x03)<<1))) & 0x03;
        int midByte_size = reqBytesLength - leadingNum;
        int midByte_sum = _deshfl_scan(midByte_size, sums);

        uchar4 tmp;
        tmp.x = 0;
        tmp.y = 0;
        tmp.z = 0;
        tmp.w = 0;
        int pos = 0;
        if (reqBytesLength == 2)
        {
            if (midByte_size == 1){
                tmp.z = cvalue[mSize+midByte_sum-1]; 
                pos |= tid<<8;
            }else if (midByte_size == 2){
                tmp.w = cvalue[mSize+midByte_sum-1]; 
                tmp.z = cvalue[mSize+midByte_sum-2];
                pos |= tid;
                pos |= tid<<8;
            }
        }else if (reqBytesLength == 3)
        {
            if (midByte_size == 1){
                tmp.y = cvalue[mSize+midByte_sum-1]; 
                pos |= tid<<16;
            }else if (midByte_size == 2){
                tmp.z = cvalue[mSize+midByte_sum-1]; 
                tmp.y = cvalue[mSize+midByte_sum-2]; 
                pos |= tid<<8;
                pos |= tid<<16;
            }else if (midByte_size == 3){
                tmp.w = cvalue[mSize+midByte_sum-1]; 
                tmp.z = cvalue[mSize+midByte_sum-2]; 
                tmp.y = cvalue[mSize+midByte_sum-3]; 
                pos |= tid;
                pos |= tid<<8;
                pos |= tid<<16;
            }
        }else if (reqBytesLength == 1)
        {
            if (midByte_size == 1)
                tmp.w = cvalue[mSize+midByte_sum-1]; 
                pos |= tid;
        }else if (reqBytesLength == 4)
        {
            if (midByte_size == 1){
                tmp.x = cvalue[mSize+midByte_sum-1]; 
                pos |= tid<<24;
            }else if (midByte_size == 2){
                tmp.y = cvalue[mSize+midByte_sum-1]; 
                tmp.x = cvalue[mSize+midByte_sum-2]; 
                pos |= tid<<16;
                pos |= tid<<24;
            }else if (midByte_size == 3){
                tmp.z = cvalue[mSize+midByte_sum-1]; 
                tmp.y = cvalue[mSize+midByte_sum-2]; 
                tmp.x = cvalue[mSize+midByte_sum-3]; 
                pos |= tid<<8;
                pos |= tid<<16;
                pos |= tid<<24;
            }else if (midByte_size == 4){
                tmp.w = cvalue[mSize+midByte_sum-1]; 
                tmp.z = cvalue[mSize+midByte_sum-2]; 
                tmp.y = cvalue[mSize+midByte_sum-3]; 
                tmp.x = cvalue[mSize+midByte_sum-4]; 
                pos |= tid;
                pos |= tid<<8;
                pos |= tid<<16;
                pos |= tid<<24;
            }
        }
        __syncthreads();                  
        c4value[tid] = tmp;

        pos = _retrieve_leading(pos, reqBytesLength, sums);

        if (leadingNum == 2){
            tmp.w = c4value[pos&0xff].w; 
            tmp.z = c4value[(pos>>8)&0xff].z;
        }else if (leadingNum == 3){
            tmp.w = c4value[pos&0xff].w; 
            tmp.z = c4value[(pos>>8)&0xff].z;
            tmp.y = c4value[(pos>>16)&0xff].y; 
        }else if (leadingNum == 1){
            tmp.w = c4value[pos&0xff].w; 
        }else if (leadingNum == 4){
            tmp.w = c4value[pos&0xff].w; 
            tmp.z = c4value[(pos>>8)&0xff].z;
            tmp.y = c4value[(pos>>16)&0xff].y; 
            tmp.x = c4value[pos>>24].x; 
        }
        c4value[tid] = tmp;
        __syncthreads();                  
        ivalue[tid] = ivalue[tid] << rightShiftBits;

        fbytes[b*bs+tid] = value[tid] + medianValue;
    }
}

}
