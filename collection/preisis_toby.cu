// tilelab kernel collection: Tobias Preis's 2D Ising Metropolis (2008): one thread per 2 x 2 cell, checkerboard half-sweeps
// Source:  https://github.com/skim722/CUDA_SpinMonteCarlo/blob/dc65377ffd613c06960cf41ea3e89718bf2cc929/GPU_Ising_Playground/toby.cu
// Licence: GPL-3.0-or-later (the file's own notice, kept below; the repository has no LICENSE file)
// Kept: lines 1-32 (the notice and the C includes), 34-44 (the defines and the lattice constants N, n), 52 (the
//       kernel's declaration) and 289-647 (device_function_main: both half-sweeps, the LCG in shared memory and the
//       FLAG_ENERGY-guarded energy sums) of the original, unchanged. Removed: line 33 (#include <cutil.h>, the old SDK's
//       host helpers), 45-51 and 53-288 (host prototypes, main and calc) and 648-805 (the CPU reference cpu_function).
//       The launch shape is the manifest's (calc launches BLOCK_SIZE blocks of BLOCK_SIZE threads; here fewer blocks).

/****
 *
 * GPU accelerated Monte Carlo simulation of the 2D Ising model
 *
 * Copyright (C) 2008 Tobias Preis (http://www.tobiaspreis.de)
 *
 * This program is free software; you can redistribute it and/or
 * modify it under the terms of the GNU General Public License
 * as published by the Free Software Foundation; either version
 * 3 of the License, or (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public
 * License along with this program; if not, see
 * http://www.gnu.org/licenses/.
 *
 * Related publication:
 *
 * T. Preis, P. Virnau, W. Paul, and J. J. Schneider,
 * Journal of Computational Physics 228, 4468-4477 (2009)
 * doi:10.1016/j.jcp.2009.03.018
 *
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <time.h>
#define FLAG_PRINT_SPINS 0
#define FLAG_ENERGY 0
#define T_START 3.00
#define T_FACTOR 0.9
#define T_END 2.00
#define GLOBAL_ITERATIONS 100
#define RANDOM_A 1664525
#define RANDOM_B 1013904223
#define BLOCK_SIZE 256
const unsigned int N=4*BLOCK_SIZE*BLOCK_SIZE;
const unsigned int n=2*BLOCK_SIZE;
__global__ void device_function_main(int*,int*,int*,float,bool);
/****
 *
 * Device function main
 *
 */
__global__ void device_function_main(int* S,int* out,int* R,float t,bool flag)
{

	//Energy variable
	int dH=0;
	float exp_dH_4=exp(-(4.0)/t);
	float exp_dH_8=exp(-(8.0)/t);

	//Allocate shared memory
	__shared__ int r[BLOCK_SIZE];

	//Load random data
	r[threadIdx.x]=R[threadIdx.x+BLOCK_SIZE*blockIdx.x];
	__syncthreads();

	if(flag)
	{

		//Create new random numbers
		r[threadIdx.x]=RANDOM_A*r[threadIdx.x]+RANDOM_B;

		//Spin update top left
		if(blockIdx.x==0)
		{ //Top
			if(threadIdx.x==0)
			{ //Left
				dH=2*S[2*threadIdx.x]*(
					S[2*threadIdx.x+1]+
					S[2*threadIdx.x-1+2*BLOCK_SIZE]+
					S[2*threadIdx.x+2*BLOCK_SIZE]+
					S[2*threadIdx.x+N-2*BLOCK_SIZE]);
			}
			else
			{
				dH=2*S[2*threadIdx.x]*(
					S[2*threadIdx.x+1]+
					S[2*threadIdx.x-1]+
					S[2*threadIdx.x+2*BLOCK_SIZE]+
					S[2*threadIdx.x+N-2*BLOCK_SIZE]);
			}
		}
		else
		{
			if(threadIdx.x==0)
			{ //Left
				dH=2*S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+1]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x-1+2*BLOCK_SIZE]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x-2*BLOCK_SIZE]);
			}
			else
			{
				dH=2*S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+1]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x-1]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x-2*BLOCK_SIZE]);
			}
		}

		if(dH==4)
		{
			if(fabs(r[threadIdx.x]*4.656612e-10)<exp_dH_4)
			{
				S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]=-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x];
			}
		}
		else if(dH==8)
		{
			if(fabs(r[threadIdx.x]*4.656612e-10)<exp_dH_8)
			{
				S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]=-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x];
			}
		}
		else
		{
			S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]=-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x];
		}

		//Create new random numbers
		r[threadIdx.x]=RANDOM_A*r[threadIdx.x]+RANDOM_B;

		//Spin update bottom right
		if(blockIdx.x==BLOCK_SIZE-1)
		{ //Bottom
			if(threadIdx.x==BLOCK_SIZE-1)
			{ //Right
				dH=2*S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]+
					S[2*threadIdx.x+1]+
					S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]);
			}
			else
			{
				dH=2*S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE+2]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]+
					S[2*threadIdx.x+1]+
					S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]);
			}
		}
		else
		{
			if(threadIdx.x==BLOCK_SIZE-1)
			{ //Right
				dH=2*S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]+
					S[2*threadIdx.x+1+4*BLOCK_SIZE*(blockIdx.x+1)]+
					S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]);
			}
			else
			{
				dH=2*S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE+2]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]+
					S[2*threadIdx.x+1+4*BLOCK_SIZE*(blockIdx.x+1)]+
					S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]);
			}
		}

		if(dH==4)
		{
			if(fabs(r[threadIdx.x]*4.656612e-10)<exp_dH_4)
			{
				S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]=-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE];
			}
		}
		else if(dH==8)
		{
			if(fabs(r[threadIdx.x]*4.656612e-10)<exp_dH_8)
			{
				S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]=-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE];
			}
		}
		else
		{
			S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]=-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE];
		}

		__syncthreads();

	}
	else
	{

		//Create new random numbers
		r[threadIdx.x]=RANDOM_A*r[threadIdx.x]+RANDOM_B;

		//Spin update top right
		if(blockIdx.x==0)
		{ //Top
			if(threadIdx.x==BLOCK_SIZE-1)
			{ //Right
				dH=2*S[2*threadIdx.x+1]*(
					S[2*threadIdx.x+2-2*BLOCK_SIZE]+
					S[2*threadIdx.x]+
					S[2*threadIdx.x+1+2*BLOCK_SIZE]+
					S[2*threadIdx.x+1+N-2*BLOCK_SIZE]);
			}
			else
			{
				dH=2*S[2*threadIdx.x+1]*(
					S[2*threadIdx.x+2]+
					S[2*threadIdx.x]+
					S[2*threadIdx.x+1+2*BLOCK_SIZE]+
					S[2*threadIdx.x+1+N-2*BLOCK_SIZE]);
			}
		}
		else
		{
			if(threadIdx.x==BLOCK_SIZE-1)
			{ //Right
				dH=2*S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2-2*BLOCK_SIZE]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]+
					S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]+
					S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x-2*BLOCK_SIZE]);
			}
			else
			{
				dH=2*S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]+
					S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]+
					S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x-2*BLOCK_SIZE]);
			}
		}

		if(dH==4)
		{
			if(fabs(r[threadIdx.x]*4.656612e-10)<exp_dH_4)
			{
				S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]=-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x];
			}
		}
		else if(dH==8)
		{
			if(fabs(r[threadIdx.x]*4.656612e-10)<exp_dH_8)
			{
				S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]=-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x];
			}
		}
		else
		{
			S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]=-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x];
		}

		//Create new random numbers
		r[threadIdx.x]=RANDOM_A*r[threadIdx.x]+RANDOM_B;

		//Spin update bottom left
		if(blockIdx.x==BLOCK_SIZE-1)
		{ //Bottom
			if(threadIdx.x==0)
			{ //Left
				dH=2*S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE+1]+
					S[2*threadIdx.x+4*BLOCK_SIZE*(blockIdx.x+1)-1]+
					S[2*threadIdx.x]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]);
			}
			else
			{
				dH=2*S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE+1]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE-1]+
					S[2*threadIdx.x]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]);
			}
		}
		else
		{
			if(threadIdx.x==0)
			{ //Left
				dH=2*S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE+1]+
					S[2*threadIdx.x+4*BLOCK_SIZE*(blockIdx.x+1)-1]+
					S[2*threadIdx.x+4*BLOCK_SIZE*(blockIdx.x+1)]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]);
			}
			else
			{
				dH=2*S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE+1]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE-1]+
					S[2*threadIdx.x+4*BLOCK_SIZE*(blockIdx.x+1)]+
					S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]);
			}
		}

		if(dH==4)
		{
			if(fabs(r[threadIdx.x]*4.656612e-10)<exp_dH_4)
			{
				S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]=-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE];
			}
		}
		else if(dH==8)
		{
			if(fabs(r[threadIdx.x]*4.656612e-10)<exp_dH_8)
			{
				S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]=-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE];
			}
		}
		else
		{
			S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]=-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE];
		}
	}

	//Transfer random data back to global memory
	R[threadIdx.x+BLOCK_SIZE*blockIdx.x]=r[threadIdx.x];

	if(!flag)
	{

		//For reduction shared memory array r is used
		if(FLAG_ENERGY)
		{

			//Calc energy
			if(blockIdx.x==BLOCK_SIZE-1)
			{ //Bottom
				if(threadIdx.x==BLOCK_SIZE-1)
				{ //Right

					dH=-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+1]+S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE])
						-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]*(S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+1-2*BLOCK_SIZE]+S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE])
						-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+1+2*BLOCK_SIZE]+S[2*threadIdx.x])
						-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2]+S[2*threadIdx.x+1]);
				}
				else
				{

					dH=-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+1]+S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE])
						-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]*(S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+1]+S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE])
						-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+1+2*BLOCK_SIZE]+S[2*threadIdx.x])
						-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2+2*BLOCK_SIZE]+S[2*threadIdx.x+1]);
				}
			}
			else
			{
				if(threadIdx.x==BLOCK_SIZE-1)
				{ //Right

					dH=-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+1]+S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE])
						-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]*(S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+1-2*BLOCK_SIZE]+S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE])
						-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+1+2*BLOCK_SIZE]+S[2*threadIdx.x+4*BLOCK_SIZE*(blockIdx.x+1)])
						-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2]+S[2*threadIdx.x+1+4*BLOCK_SIZE*(blockIdx.x+1)]);
				}
				else
				{

					dH=-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+1]+S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE])
						-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]*(S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+1]+S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE])
						-S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+1+2*BLOCK_SIZE]+S[2*threadIdx.x+4*BLOCK_SIZE*(blockIdx.x+1)])
						-S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]*(S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2+2*BLOCK_SIZE]+S[2*threadIdx.x+1+4*BLOCK_SIZE*(blockIdx.x+1)]);
				}
			}
			__syncthreads();

		}
		else
		{

			//Calc magnetisation
			dH=S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x]
				+S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x]
				+S[2*threadIdx.x+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE]
				+S[2*threadIdx.x+1+4*BLOCK_SIZE*blockIdx.x+2*BLOCK_SIZE];
			__syncthreads();

		}

		//Save partial results back to shared memory in new structure
		r[threadIdx.x]=dH;

		//Reduction on GPU
		for(unsigned int dx=1;dx<BLOCK_SIZE;dx*=2)
		{
			if(threadIdx.x%(2*dx)==0)
			{
				r[threadIdx.x]+=r[threadIdx.x+dx];
			}
			__syncthreads();
		}

		//Save in out
		if(threadIdx.x==0) out[blockIdx.x]=r[0];
	}
}
