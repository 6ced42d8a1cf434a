// tilelab kernel collection: site percolation on an N x N lattice: each site's uniform draw (curand_init(seed, site, 0),
// Source:  https://github.com/lucamuscarnera/CudaPercolation/blob/c1589eb9706a55f2fe1da236ef6369c44cab5b1a/headers/Lattice_Kernels.h
//          (lucamuscarnera/CudaPercolation, commit c1589eb, Luca Muscarnera's percolation cluster simulation)
// Licence: GPL-3.0 (the repository's LICENSE, the GNU GPL version 3), kept; the notice below is the GPL's own, the
//          source file carries none.
// one curand_uniform), the threshold at p (lattice_observe), a unique id per open site (lattice_assign_id) and one step
// of cluster labelling by minimum-id diffusion to the four neighbours (lattice_id_diffusion).
// Kept: lines 1-139, the whole header (its includes of <cuda_runtime.h>, <curand.h> and <curand_kernel.h>, and the four
//       kernels), unchanged. Removed: nothing; the host code (Lattice.h, Settings.h, main.cu) is not here.
// Selection, fixed before any run (collection/manifest.toml, the cperc_ entries): every __global__ kernel of the header,
// none dropped for its result, each launched as Lattice.h launches it: blocks of sqrt(max threads per block) squared =
// 32 x 32, a grid of N / 32 x N / 32; main.cu's lattice (seed 42, N = 2048, p = 0.59) with N = 64 in place of 2048
// (a 2 x 2 grid); lattice_observe and lattice_assign_id on the outputs numpy's readings of the earlier kernels give;
// lattice_id_diffusion's first launch of the host's 2N on lattice_assign_id's output.
//
// CudaPercolation: a CUDA simulation of percolation.
// Copyright (C) 2024 Luca Muscarnera
//
// This program is free software: you can redistribute it and/or modify it under the terms of the GNU General Public
// License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later
// version. This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without even the
// implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for more
// details. You should have received a copy of the GNU General Public License along with this program (the repository's
// LICENSE); if not, see <https://www.gnu.org/licenses/>.
//

// --- Lattice_Kernels.h ---
// Contains the kernel used by the Lattice class


#ifndef LATTICE_KERNELS_H
#define LATTICE_KERNELS_H

#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>


// associates each site with the realization of a uniform random
// variable between 0 and 1. 
__global__ void lattice_populate(float * data, int N, int seed)
{
	// declare the state
	curandState state;

	// retrive the index
	int i = (threadIdx.x + blockIdx.x * blockDim.x) + N * (threadIdx.y + blockIdx.y * blockDim.y) ;

	// if the index  is valid
	if(i < (N*N))
	{
		// initialize the state
		curand_init(seed, i, 0 , &state);
		data[i] = curand_uniform(&state);
	}
}

// Thresholds the value obtained through lattice_populate. The closer is p to 0, the lower is the threshold
// to observe a "spin up"
__global__ void lattice_observe(float * lattice_in,
				unsigned char * lattice_out,
				int N,
				float p)
{
	// retrieve the index
	int i = (threadIdx.x + blockIdx.x * blockDim.x) + N * (threadIdx.y + blockIdx.y * blockDim.y) ;

	if(i < (N*N))
	{
		if(lattice_in[i] < p)
		{
			lattice_out[i] = 1;
		}
	}
}


// Assign to every "on" site a number, such that each site has a unique id. The assignement happens populating a portion of memory
// composed of unsigned int. The kernel reads the lattice produced by  a lattice observation, and assigns
//
//                    -> 0               if the site is off
//                    -> i + 1           if the site is on
//
// Conceptually, we can think that we are constructing isolated clusters with only one site, and numbering them from 1 to N^2 + 1


__global__ void lattice_assign_id(unsigned char * lattice_in,
				  unsigned int * lattice_out,
				  int N)
{
	// retrieve index
        int i = (threadIdx.x + blockIdx.x * blockDim.x) + N * (threadIdx.y + blockIdx.y * blockDim.y) ;

	if(i < (N*N))
	{
		if(lattice_in[i] == 1)
		{
			lattice_out[i] = i + 1;
		}
	}
}


__global__ void lattice_id_diffusion(unsigned int * lattice, int N)
{
        int x = threadIdx.x + blockIdx.x * blockDim.x;
	int y = threadIdx.y + blockIdx.y * blockDim.y;
	int i = x + N * y ;

	if( i < (N*N))
	{
		// set the base id
		unsigned int id = lattice[i];

		// if it is associated to an on site
		if(id != 0)
		{
			// take the horizontal minimum
			if( x > 0 )
			{
				if(lattice[ (x - 1) + N * y] < id)
					if(lattice[(x - 1) + N * y] != 0)
					{
						id = lattice[(x - 1) + N*y];
					}
			}

			if( x < N - 1)
			{
				if(lattice[(x + 1) + N * y] < id)
					if(lattice[(x + 1) + N * y] != 0)
					{
						id = lattice[(x + 1) + N * y];
					}
			}

			// take the vertical minimum
			if( y > 0 )
			{
				if(lattice[(y - 1) * N + x] < id)
					if(lattice[(y - 1) * N + x] != 0)
					{
						id = lattice[(y - 1) * N + x];
					}
			}

			if( y < N - 1)
			{
				if(lattice[(y + 1) * N + x] < id)
					if(lattice[(y + 1) * N + x] != 0)
					{
						id = lattice[(y + 1) * N + x];
					}
			}

			// now id is the minimum in the neighbourhood
			// we  dont care too much about write-read  conflicts, since they get "smoothed out"
			// at convergence

			lattice[i] = id;
		}
	}
}

#endif
