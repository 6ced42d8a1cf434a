// tilelab kernel collection: a lid-driven cavity solver's kernels (finite differences, red-black SOR for the pressure Poisson equation), double precision
// Source:  https://github.com/kyleniemeyer/lid-driven-cavity_gpu/blob/898cfc3ca7fb1daad21f1c0449f8ac0bce23c7df/cavity_gpu.cu
//          (kyleniemeyer/lid-driven-cavity_gpu, commit 898cfc3: Kyle Niemeyer's GPU solver for the 2D lid-driven cavity)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below; the source file carries no notice of its own).
// Kept: the device code, unchanged (lines 1-21, 31-128 and 184-725 of the original).
//       Removed: lines 22-30 (the host includes: <stdlib.h>, <stdio.h>, <math.h>, "timer.h", <cuda.h>, <helper_cuda.h>);
//       lines 129-183: the host function set_BCs_host; lines 726-1114: main.

/*
 * Copyright (c) 2012, Kyle Niemeyer <kyle.niemeyer@gmail.com>
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *     * Redistributions of source code must retain the above copyright
 *       notice, this list of conditions and the following disclaimer.
 *     * Redistributions in binary form must reproduce the above copyright
 *       notice, this list of conditions and the following disclaimer in the
 *       documentation and/or other materials provided with the distribution.
 *     * The name of the copyright holder may not be used to endorse or promote
 *       products derived from this software without specific prior written
 *       permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERs AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER BE LIABLE FOR ANY
 * DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
 * (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
 * LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND
 * ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
 * SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

/** GPU solver for 2D lid-driven cavity problem, using finite difference method
 * \file main_gpu.cu
 *
 * \author Kyle E. Niemeyer
 * \date 09/27/2012
 *
 * Solve the incompressible, isothermal 2D Navier–Stokes equations for a square
 * lid-driven cavity on a GPU (via CUDA), using the finite difference method.
 * To change the grid resolution, modify "NUM". In addition, the problem is controlled
 * by the Reynolds number ("Re_num").
 * 
 * Based on the methodology given in Chapter 3 of "Numerical Simulation in Fluid
 * Dynamics", by M. Griebel, T. Dornseifer, and T. Neunhoeffer. SIAM, Philadelphia,
 * PA, 1998.
 * 
 * Boundary conditions:
 * u = 0 and v = 0 at x = 0, x = L, y = 0
 * u = ustar at y = H
 * v = 0 at y = H
 */


/** Problem size along one side; total number of cells is this squared */
#define NUM 512

// block size
#define BLOCK_SIZE 128

/** Double precision */
#define DOUBLE

#ifdef DOUBLE
	#define Real double

 	#define ZERO 0.0
	#define ONE 1.0
	#define TWO 2.0
 	#define FOUR 4.0

 	#define SMALL 1.0e-10;

	/** Reynolds number */
	const Real Re_num = 1000.0;

	/** SOR relaxation parameter */
	const Real omega = 1.7;

	/** Discretization mixture parameter (gamma) */
	const Real mix_param = 0.9;

	/** Safety factor for time step modification */
	const Real tau = 0.5;

	/** Body forces in x- and y- directions */
	const Real gx = 0.0;
	const Real gy = 0.0;

	/** Domain size (non-dimensional) */
	#define xLength 1.0
	#define yLength 1.0
#else
	#define Real float

	// replace double functions with float versions
	#undef fmin
	#define fmin fminf
	#undef fmax
	#define fmax fmaxf
	#undef fabs
	#define fabs fabsf
	#undef sqrt
	#define sqrt sqrtf

 	#define ZERO 0.0f
	#define ONE 1.0f
	#define TWO 2.0f
	#define FOUR 4.0f
	#define SMALL 1.0e-10f;

		/** Reynolds number */
	const Real Re_num = 1000.0f;

	/** SOR relaxation parameter */
	const Real omega = 1.7f;

	/** Discretization mixture parameter (gamma) */
	const Real mix_param = 0.9f;

	/** Safety factor for time step modification */
	const Real tau = 0.5f;

	/** Body forces in x- and y- directions */
	const Real gx = 0.0f;
	const Real gy = 0.0f;

	/** Domain size (non-dimensional) */
	#define xLength 1.0f
	#define yLength 1.0f
#endif


/** Mesh sizes */
const Real dx = xLength / NUM;
const Real dy = yLength / NUM;

/** Max macro (type safe, from GNU) */
//#define MAX(a,b) ({ __typeof__ (a) _a = (a); __typeof__ (b) _b = (b); _a > _b ? _a : _b; })

/** Min macro (type safe) */
//#define MIN(a,b) ({ __typeof__ (a) _a = (a); __typeof__ (b) _b = (b); _a < _b ? _a : _b; })

// map two-dimensional indices to one-dimensional memory
#define u(I, J) u[((I) * ((NUM) + 2)) + (J)]
#define v(I, J) v[((I) * ((NUM) + 2)) + (J)]
#define F(I, J) F[((I) * ((NUM) + 2)) + (J)]
#define G(I, J) G[((I) * ((NUM) + 2)) + (J)]
#define pres_red(I, J) pres_red[((I) * ((NUM_2) + 2)) + (J)]
#define pres_black(I, J) pres_black[((I) * ((NUM_2) + 2)) + (J)]

///////////////////////////////////////////////////////////////////////////////
__global__
void set_BCs (Real* u, Real* v) 
{
	int ind = (blockIdx.x * blockDim.x) + threadIdx.x + 1;

	// left boundary
	u(0, ind) = ZERO;
	v(0, ind) = -v(1, ind);

	// right boundary
	u(NUM, ind) = ZERO;
	v(NUM + 1, ind) = -v(NUM, ind);

	// bottom boundary
	u(ind, 0) = -u(ind, 1);
	v(ind, 0) = ZERO;

	// top boundary
	u(ind, NUM + 1) = TWO - u(ind, NUM);
	v(ind, NUM) = ZERO;

	if (ind == NUM) {
		// left boundary
		u(0, 0) = ZERO;
		v(0, 0) = -v(1, 0);
		u(0, NUM + 1) = ZERO;
		v(0, NUM + 1) = -v(1, NUM + 1);

		// right boundary
		u(NUM, 0) = ZERO;
		v(NUM + 1, 0) = -v(NUM, 0);
		u(NUM, NUM + 1) = ZERO;
		v(NUM + 1, NUM + 1) = -v(NUM, NUM + 1);

		// bottom boundary
		u(0, 0) = -u(0, 1);
		v(0, 0) = ZERO;
		u(NUM + 1, 0) = -u(NUM + 1, 1);
		v(NUM + 1, 0) = ZERO;

		// top boundary
		u(0, NUM + 1) = TWO - u(0, NUM);
		v(0, NUM) = ZERO;
		u(NUM + 1, NUM + 1) = TWO - u(NUM + 1, NUM);
		v(ind, NUM + 1) = ZERO;
	} // end if

} // end set_BCs

///////////////////////////////////////////////////////////////////////////////

__global__ 
void calculate_F (const Real dt, const Real* u, const Real* v,
				  Real* F) 
{	
	int row = (blockIdx.x * blockDim.x) + threadIdx.x + 1;
	int col = (blockIdx.y * blockDim.y) + threadIdx.y + 1;
	
	if (col == NUM) {
		// right boundary, F_ij = u_ij
		// also do left boundary
		F(0, row) = u(0, row);
		F(NUM, row) = u(NUM, row);
	} else {
		
		// u velocities
		Real u_ij = u(col, row);
		Real u_ip1j = u(col + 1, row);
		Real u_ijp1 = u(col, row + 1);
		Real u_im1j = u(col - 1, row);
		Real u_ijm1 = u(col, row - 1);

		// v velocities
		Real v_ij = v(col, row);
		Real v_ip1j = v(col + 1, row);
		Real v_ijm1 = v(col, row - 1);
		Real v_ip1jm1 = v(col + 1, row - 1);
		
		// finite differences
		Real du2dx, duvdy, d2udx2, d2udy2;

		du2dx = (((u_ij + u_ip1j) * (u_ij + u_ip1j) - (u_im1j + u_ij) * (u_im1j + u_ij))
				+ mix_param * (fabs(u_ij + u_ip1j) * (u_ij - u_ip1j)
				- fabs(u_im1j + u_ij) * (u_im1j - u_ij))) / (FOUR * dx);
		duvdy = ((v_ij + v_ip1j) * (u_ij + u_ijp1) - (v_ijm1 + v_ip1jm1) * (u_ijm1 + u_ij)
				+ mix_param * (fabs(v_ij + v_ip1j) * (u_ij - u_ijp1)
				- fabs(v_ijm1 + v_ip1jm1) * (u_ijm1 - u_ij))) / (FOUR * dy);
		d2udx2 = (u_ip1j - (TWO * u_ij) + u_im1j) / (dx * dx);
		d2udy2 = (u_ijp1 - (TWO * u_ij) + u_ijm1) / (dy * dy);

		F(col, row) = u_ij + dt * (((d2udx2 + d2udy2) / Re_num) - du2dx - duvdy + gx);
		
	} // end if
		
} // end calculate_F

///////////////////////////////////////////////////////////////////////////////

__global__ 
void calculate_G (const Real dt, const Real* u, const Real* v,
				  Real* G) 
{
	int row = (blockIdx.x * blockDim.x) + threadIdx.x + 1;
	int col = (blockIdx.y * blockDim.y) + threadIdx.y + 1;
	
	if (row == NUM) {
		// top and bottom boundaries
		G(col, 0) = v(col, 0);
		G(col, NUM) = v(col, NUM);

	} else {
		
		// u velocities
		Real u_ij = u(col, row);
		Real u_ijp1 = u(col, row + 1);
		Real u_im1j = u(col - 1, row);
		Real u_im1jp1 = u(col - 1, row + 1);

		// v velocities
		Real v_ij = v(col, row);
		Real v_ijp1 = v(col, row + 1);
		Real v_ip1j = v(col + 1, row);
		Real v_ijm1 = v(col, row - 1);
		Real v_im1j = v(col - 1, row);
		
		// finite differences
		Real dv2dy, duvdx, d2vdx2, d2vdy2;

		dv2dy = ((v_ij + v_ijp1) * (v_ij + v_ijp1) - (v_ijm1 + v_ij) * (v_ijm1 + v_ij)
				+ mix_param * (fabs(v_ij + v_ijp1) * (v_ij - v_ijp1)
				- fabs(v_ijm1 + v_ij) * (v_ijm1 - v_ij))) / (FOUR * dy);
		duvdx = ((u_ij + u_ijp1) * (v_ij + v_ip1j) - (u_im1j + u_im1jp1) * (v_im1j + v_ij)
				+ mix_param * (fabs(u_ij + u_ijp1) * (v_ij - v_ip1j) 
				- fabs(u_im1j + u_im1jp1) * (v_im1j - v_ij))) / (FOUR * dx);
		d2vdx2 = (v_ip1j - (TWO * v_ij) + v_im1j) / (dx * dx);
		d2vdy2 = (v_ijp1 - (TWO * v_ij) + v_ijm1) / (dy * dy);

		G(col, row) = v_ij + dt * (((d2vdx2 + d2vdy2) / Re_num) - dv2dy - duvdx + gy);
			
	} // end if
		
} // end calculate_G

///////////////////////////////////////////////////////////////////////////////

__global__ 
void sum_pressure (const Real* pres_red, const Real* pres_black, 
					Real* pres_sum) 
{
	int row = (blockIdx.x * blockDim.x) + threadIdx.x + 1;
	int col = (blockIdx.y * blockDim.y) + threadIdx.y + 1;

	// shared memory for block's sum
	__shared__ Real sum_cache[BLOCK_SIZE];
			
	int NUM_2 = NUM >> 1;

	Real pres_r = pres_red(col, row);
	Real pres_b = pres_black(col, row);

	// add squared pressure
	sum_cache[threadIdx.x] = (pres_r * pres_r) + (pres_b * pres_b);

	// synchronize threads in block to ensure all thread values stored
	__syncthreads();

	// add up values for block
	int i = BLOCK_SIZE >> 1;
	while (i != 0) {
		if (threadIdx.x < i) {
			sum_cache[threadIdx.x] += sum_cache[threadIdx.x + i];
		}
		__syncthreads();
		i >>= 1;
	}

	// store block's summed values
	if (threadIdx.x == 0) {
		pres_sum[blockIdx.y + (gridDim.y * blockIdx.x)] = sum_cache[0];
	}

} // end sum_pressure

///////////////////////////////////////////////////////////////////////////////
__global__ 
void set_horz_pres_BCs (Real* pres_red, Real* pres_black) 
{
	int col = (blockIdx.x * blockDim.x) + threadIdx.x + 1;
	col = (col * 2) - 1;

	int NUM_2 = NUM >> 1;

	// p_i,0 = p_i,1
	pres_black(col, 0) = pres_red(col, 1);
	pres_red(col + 1, 0) = pres_black(col + 1, 1);

	// p_i,jmax+1 = p_i,jmax
	pres_red(col, NUM_2 + 1) = pres_black(col, NUM_2);
	pres_black(col + 1, NUM_2 + 1) = pres_red(col + 1, NUM_2);

} // end set_horz_pres_BCs

//////////////////////////////////////////////////////////////////////////////

__global__
void set_vert_pres_BCs (Real* pres_red, Real* pres_black) 
{
	int row = (blockIdx.x * blockDim.x) + threadIdx.x + 1;

	int NUM_2 = NUM >> 1;

	// p_0,j = p_1,j
	pres_black(0, row) = pres_red(1, row);
	pres_red(0, row) = pres_black(1, row);

	// p_imax+1,j = p_imax,j
	pres_black(NUM + 1, row) = pres_red(NUM, row);
	pres_red(NUM + 1, row) = pres_black(NUM, row);

} // end set_pressure_BCs

///////////////////////////////////////////////////////////////////////////////

/** Function to update pressure for red cells
 * 
 * \param[in]		dt			time-step size
 * \param[in]		F			array of discretized x-momentum eqn terms
 * \param[in]		G			array of discretized y-momentum eqn terms
 * \param[in]		pres_black	pressure values of black cells
 * \param[inout]	pres_red	pressure values of red cells
 */
__global__
void red_kernel (const Real dt, const Real* F, 
				 const Real* G, const Real* pres_black,
				 Real* pres_red) 
{
	int row = (blockIdx.x * blockDim.x) + threadIdx.x + 1;
	int col = (blockIdx.y * blockDim.y) + threadIdx.y + 1;
	
	int NUM_2 = NUM >> 1;			
	
	Real p_ij = pres_red(col, row);
	
	Real p_im1j = pres_black(col - 1, row);
	Real p_ip1j = pres_black(col + 1, row);
	Real p_ijm1 = pres_black(col, row - (col & 1));
	Real p_ijp1 = pres_black(col, row + ((col + 1) & 1));
	
	// right-hand side
	Real rhs = (((F(col, (2 * row) - (col & 1))
			    - F(col - 1, (2 * row) - (col & 1))) / dx)
			  + ((G(col, (2 * row) - (col & 1))
			    - G(col, (2 * row) - (col & 1) - 1)) / dy)) / dt;
	
	pres_red(col, row) = p_ij * (ONE - omega) + omega * 
		(((p_ip1j + p_im1j) / (dx * dx)) + ((p_ijp1 + p_ijm1) / (dy * dy)) - 
		rhs) / ((TWO / (dx * dx)) + (TWO / (dy * dy)));
	
} // end red_kernel

///////////////////////////////////////////////////////////////////////////////

/** Function to update pressure for black cells
 * 
 * \param[in]		dt			time-step size
 * \param[in]		F			array of discretized x-momentum eqn terms
 * \param[in]		G			array of discretized y-momentum eqn terms
 * \param[in]		pres_red	pressure values of red cells
 * \param[inout]	pres_black	pressure values of black cells
 */
__global__ 
void black_kernel (const Real dt, const Real* F, 
				   const Real* G, const Real* pres_red, 
				   Real* pres_black) 
{
	int row = (blockIdx.x * blockDim.x) + threadIdx.x + 1;
	int col = (blockIdx.y * blockDim.y) + threadIdx.y + 1;
	
	int NUM_2 = NUM >> 1;
	
	Real p_ij = pres_black(col, row);

	Real p_im1j = pres_red(col - 1, row);
	Real p_ip1j = pres_red(col + 1, row);
	Real p_ijm1 = pres_red(col, row - ((col + 1) & 1));
	Real p_ijp1 = pres_red(col, row + (col & 1));
	
	// right-hand side
	Real rhs = (((F(col, (2 * row) - ((col + 1) & 1))
			 	- F(col - 1, (2 * row) - ((col + 1) & 1))) / dx)
			  + ((G(col, (2 * row) - ((col + 1) & 1))
			    - G(col, (2 * row) - ((col + 1) & 1) - 1)) / dy)) / dt;
	
	pres_black(col, row) = p_ij * (ONE - omega) + omega * 
		(((p_ip1j + p_im1j) / (dx * dx)) + ((p_ijp1 + p_ijm1) / (dy * dy)) - 
		rhs) / ((TWO / (dx * dx)) + (TWO / (dy * dy)));
	
} // end black_kernel

///////////////////////////////////////////////////////////////////////////////

__global__
void calc_residual (const Real dt, const Real* F, const Real* G, 
					const Real* pres_red, const Real* pres_black,
					Real* res_array)
{
	int row = (blockIdx.x * blockDim.x) + threadIdx.x + 1;
	int col = (blockIdx.y * blockDim.y) + threadIdx.y + 1;
	
	int NUM_2 = NUM >> 1;

	Real p_ij, p_im1j, p_ip1j, p_ijm1, p_ijp1, rhs, res, res2;

	// red point
	p_ij = pres_red(col, row);
	
	p_im1j = pres_black(col - 1, row);
	p_ip1j = pres_black(col + 1, row);
	p_ijm1 = pres_black(col, row - (col & 1));
	p_ijp1 = pres_black(col, row + ((col + 1) & 1));

	rhs = (((F(col, (2 * row) - (col & 1)) - F(col - 1, (2 * row) - (col & 1))) / dx)
		+  ((G(col, (2 * row) - (col & 1)) - G(col, (2 * row) - (col & 1) - 1)) / dy)) / dt;

	// calculate residual
	res = ((p_ip1j - (TWO * p_ij) + p_im1j) / (dx * dx))
		+ ((p_ijp1 - (TWO * p_ij) + p_ijm1) / (dy * dy)) - rhs;

	// black point
	p_ij = pres_black(col, row);

	p_im1j = pres_red(col - 1, row);
	p_ip1j = pres_red(col + 1, row);
	p_ijm1 = pres_red(col, row - ((col + 1) & 1));
	p_ijp1 = pres_red(col, row + (col & 1));
	
	// right-hand side
	rhs = (((F(col, (2 * row) - ((col + 1) & 1)) - F(col - 1, (2 * row) - ((col + 1) & 1))) / dx)
		+  ((G(col, (2 * row) - ((col + 1) & 1)) - G(col, (2 * row) - ((col + 1) & 1) - 1)) / dy)) / dt;

	// calculate residual
	res2 = ((p_ip1j - (TWO * p_ij) + p_im1j) / (dx * dx))
		 + ((p_ijp1 - (TWO * p_ij) + p_ijm1) / (dy * dy)) - rhs;

	// shared memory for block's sum
	__shared__ Real sum_cache[BLOCK_SIZE];

	sum_cache[threadIdx.x] = (res * res) + (res2 * res2);

	// synchronize threads in block to ensure all residuals stored
	__syncthreads();

	// add up squared residuals for block
	int i = BLOCK_SIZE >> 1;
	while (i != 0) {
		if (threadIdx.x < i) {
			sum_cache[threadIdx.x] += sum_cache[threadIdx.x + i];
		}
		__syncthreads();
		i >>= 1;
	}

	// store block's summed residuals
	if (threadIdx.x == 0) {
		res_array[blockIdx.y + (gridDim.y * blockIdx.x)] = sum_cache[0];
	}
} 

///////////////////////////////////////////////////////////////////////////////

__global__ 
void calculate_u (const Real dt, const Real* F, 
				  const Real* pres_red, const Real* pres_black, 
				  Real* u, Real* max_u)
{
	int row = (blockIdx.x * blockDim.x) + threadIdx.x + 1;
	int col = (blockIdx.y * blockDim.y) + threadIdx.y + 1;
	
	// allocate shared memory to store max velocities
	__shared__ Real max_cache[BLOCK_SIZE];
	max_cache[threadIdx.x] = ZERO;
	
	int NUM_2 = NUM >> 1;
	Real new_u = ZERO;

	if (col != NUM) {

		Real p_ij, p_ip1j, new_u2;

		// red point
		p_ij = pres_red(col, row);
		p_ip1j = pres_black(col + 1, row);

		new_u = F(col, (2 * row) - (col & 1)) - (dt * (p_ip1j - p_ij) / dx);
		u(col, (2 * row) - (col & 1)) = new_u;

		// black point
		p_ij = pres_black(col, row);
		p_ip1j = pres_red(col + 1, row);

		new_u2 = F(col, (2 * row) - ((col + 1) & 1)) - (dt * (p_ip1j - p_ij) / dx);
		u(col, (2 * row) - ((col + 1) & 1)) = new_u2;

		// check for max of these two
		new_u = fmax(fabs(new_u), fabs(new_u2));

		if ((2 * row) == NUM) {
			// also test for max velocity at vertical boundary
			new_u = fmax(new_u, fabs( u(col, NUM + 1) ));
		}
	} else {
		// check for maximum velocity in boundary cells also
		new_u = fmax(fabs( u(NUM, (2 * row)) ), fabs( u(0, (2 * row)) ));
		new_u = fmax(fabs( u(NUM, (2 * row) - 1) ), new_u);
		new_u = fmax(fabs( u(0, (2 * row) - 1) ), new_u);

		new_u = fmax(fabs( u(NUM + 1, (2 * row)) ), new_u);
		new_u = fmax(fabs( u(NUM + 1, (2 * row) - 1) ), new_u);

	} // end if

	// store maximum u for block from each thread
	max_cache[threadIdx.x] = new_u;

	// synchronize threads in block to ensure all velocities stored
	__syncthreads();

	// calculate maximum for block
	int i = BLOCK_SIZE >> 1;
	while (i != 0) {
		if (threadIdx.x < i) {
			max_cache[threadIdx.x] = fmax(max_cache[threadIdx.x], max_cache[threadIdx.x + i]);
		}
		__syncthreads();
		i >>= 1;
	}

	// store block's maximum
	if (threadIdx.x == 0) {
		max_u[blockIdx.y + (gridDim.y * blockIdx.x)] = max_cache[0];
	}

	
} // end calculate_u

///////////////////////////////////////////////////////////////////////////////

__global__ 
void calculate_v (const Real dt, const Real* G, 
				  const Real* pres_red, const Real* pres_black, 
				  Real* v, Real* max_v)
{
	int row = (blockIdx.x * blockDim.x) + threadIdx.x + 1;
	int col = (blockIdx.y * blockDim.y) + threadIdx.y + 1;
	
	// allocate shared memory to store maximum velocities
	__shared__ Real max_cache[BLOCK_SIZE];
	max_cache[threadIdx.x] = ZERO;

	int NUM_2 = NUM >> 1;
	Real new_v = ZERO;
	
	if (row != NUM_2) {
		Real p_ij, p_ijp1, new_v2;

		// red pressure point
		p_ij = pres_red(col, row);
		p_ijp1 = pres_black(col, row + ((col + 1) & 1));
	
		new_v = G(col, (2 * row) - (col & 1)) - (dt * (p_ijp1 - p_ij) / dy);
		v(col, (2 * row) - (col & 1)) = new_v;


		// black pressure point
		p_ij = pres_black(col, row);
		p_ijp1 = pres_red(col, row + (col & 1));
		
		new_v2 = G(col, (2 * row) - ((col + 1) & 1)) - (dt * (p_ijp1 - p_ij) / dy);
		v(col, (2 * row) - ((col + 1) & 1)) = new_v2;


		// check for max of these two
		new_v = fmax(fabs(new_v), fabs(new_v2));

		if (col == NUM) {
			// also test for max velocity at vertical boundary
			new_v = fmax(new_v, fabs( v(NUM + 1, (2 * row)) ));
		}

	} else {

		if ((col & 1) == 1) {
			// black point is on boundary, only calculate red point below it
			Real p_ij = pres_red(col, row);
			Real p_ijp1 = pres_black(col, row + ((col + 1) & 1));
		
			new_v = G(col, (2 * row) - (col & 1)) - (dt * (p_ijp1 - p_ij) / dy);
			v(col, (2 * row) - (col & 1)) = new_v;

		} else {
			// red point is on boundary, only calculate black point below it
			Real p_ij = pres_black(col, row);
			Real p_ijp1 = pres_red(col, row + (col & 1));
		
			new_v = G(col, (2 * row) - ((col + 1) & 1)) - (dt * (p_ijp1 - p_ij) / dy);
			v(col, (2 * row) - ((col + 1) & 1)) = new_v;
		}

		// get maximum v velocity
		new_v = fabs(new_v);

		// check for maximum velocity in boundary cells also
		new_v = fmax(fabs( v(col, NUM) ), new_v);
		new_v = fmax(fabs( v(col, 0) ), new_v);

		new_v = fmax(fabs( v(col, NUM + 1) ), new_v);

	} // end if
		
	// store absolute value of velocity
	max_cache[threadIdx.x] = new_v;
	
	// synchronize threads in block to ensure all velocities stored
	__syncthreads();

	// calculate maximum for block
	int i = BLOCK_SIZE >> 1;
	while (i != 0) {
		if (threadIdx.x < i) {
			max_cache[threadIdx.x] = fmax(max_cache[threadIdx.x], max_cache[threadIdx.x + i]);
		}
		__syncthreads();
		i >>= 1;
	}

	// store block's summed residuals
	if (threadIdx.x == 0) {
		max_v[blockIdx.y + (gridDim.y * blockIdx.x)] = max_cache[0];
	}
	
} // end calculate_v
