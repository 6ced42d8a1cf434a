// tilelab kernel collection: AGAL (Khodr Jaber's GPU lattice Boltzmann solver on a block-structured adaptive mesh of
// 4 x 4 cell-blocks, one thread a cell, one CUDA block M_LBLOCK cell-blocks in turn): its D2Q9 in-place streaming (Cu_Stream_Inpl_d2q9: for the pairs (1,3), (2,4), (5,7), (8,6), a swap of each pair of DDFs across a link, through two 6 x 6 shared tiles with a halo from the +x, +y and +x+y neighbour blocks)
// Source:  https://github.com/KhodrJ/AGAL/blob/b3ca4a454e6599e7e1a2df9dd532bfb070ab8517/src/solver_old/solver_lbm_stream_inpl_d2q9.cu
//          (KhodrJ/AGAL, commit b3ca4a4; the file unchanged since commit 6328946, which moved it into src/solver_old)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2023 Khodr Jaber"), repeated below; the file carries only its
//          author block, kept.
// Kept: lines 1-7, 10-395 and 407 of the original (the author block, #if (N_Q==9), the kernel, #endif), unchanged.
//       Removed: lines 8-9 (#include "solver.h", "mesh.h": VTK, Thrust, OpenMP and the solver classes) and lines
//       396-406 (the host method Solver_LBM::S_Stream_Inpl_d2q9, the launch). In their place, marked: the
//       configuration the kernels were written for, inc/cppspec.h lines 61-101 and 105 at commit d4da830 (the parent of
//       6328946, the last commit where these macros were live: confmake.sh's defaults N_Q 9, Nqx 1, M_LBLOCK 16 in single
//       precision, N_Pf(x) pasting the F suffix, M_TBLOCK 16, M_CBLOCK 16, Nbx 4).
// Selection, fixed before any run (collection/manifest.toml, the agal_ entries): the three D2Q9 kernels of a BGK time
// step in src/solver_old (initial condition, collision, in-place streaming; the MRT, interpolation, averaging and
// symmetry kernels not taken), each launched as its host method launches it: <<<(M_LBLOCK + n_ids - 1) / M_LBLOCK,
// M_TBLOCK>>>, the set_ic host values (rho 1, u 0.05, v 0, w 0); meshes of 5 x 4 leaf cell-blocks (20 x 16 cells,
// n_maxcblocks 24, n_maxcells 384, the ids in a fixed shuffled order: two CUDA blocks, the second with 4 ids), one
// periodic and one with domain walls (references.py agal_mesh), plus a 7-id set for set_ic.
//
// ---- the repository's LICENSE ----
// MIT License
//
// Copyright (c) 2023 Khodr Jaber
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

/**************************************************************************************/
/*                                                                                    */
/*  Author: Khodr Jaber                                                               */
/*  Affiliation: Turbulence Research Lab, University of Toronto                       */
/*                                                                                    */
/**************************************************************************************/

// ---- from inc/cppspec.h at commit d4da830 (this repository), lines 61-101 and 105 ----
// Input parameters from 'confmake.sh'.
#ifndef INPUT_CONFMAKE
	#define N_PRECISION 0
	#define N_PRECISION_G 0
	#define N_DIM 2
	#define N_Q 9
	#define Nqx 1
	#define M_LBLOCK 16
	#define N_Q_max 9
#endif


// Derived parameters.
#define APPEND(x, y) x ## y
#if (N_PRECISION==0)
	typedef float ufloat_t;
	#define N_Pf(x) (APPEND(x,F))
#else
	typedef double ufloat_t;
	#define N_Pf(x) (x)
#endif
#if (N_PRECISION_G==0)
	typedef float ufloat_g_t;
	#define N_Pf_g(x) (APPEND(x,F))
#else
	typedef double ufloat_g_t;
	#define N_Pf_g(x) (x)
#endif
#if (N_DIM==2)
	#define N_QUADS (Nqx*Nqx)
	#define N_Q_max 9
	#define N_CHILDREN 4
	#define M_TBLOCK 16
	#define M_CBLOCK (Nqx*Nqx*16)
#else
	#define N_QUADS (Nqx*Nqx*Nqx)
	#define N_Q_max 27
	#define N_CHILDREN 8
	#define M_TBLOCK 64
	#define M_CBLOCK (Nqx*Nqx*Nqx*64)
#endif

#define Nbx 4             ///< Number of cells along one cell-block axis, fixed at four.
// ---- end of cppspec.h ----

#if (N_Q==9)

__global__
void Cu_Stream_Inpl_d2q9
(
	int n_ids_idev_L, long int n_maxcells, int n_maxcblocks, int *id_set_idev_L, int *cells_ID_mask, ufloat_t *cells_f_F, int *cblock_ID_nbr, int *cblock_ID_nbr_child, int *cblock_ID_mask, int *cblock_ID_onb
)
{
	__shared__ int s_ID_cblock[M_TBLOCK];
	__shared__ ufloat_t s_F_p[(Nbx+2)*(Nbx+2)];
	__shared__ ufloat_t s_F_pb[(Nbx+2)*(Nbx+2)];
	int I_kap = threadIdx.x % Nbx;
	int J_kap = (threadIdx.x / Nbx) % Nbx;
	int i_kap_b = -1;
	int i_kap_bc = -1;
	int i_Q = -1;
	int nbr_i_q = -1;
	int nbr_j_q = -1;
	int nbr_kap_b = -1;
	int nbr_Q_b = -1;
	int nbr_id_global_1 = -1;
	int nbr_id_global_2 = -1;
	int nbr_id_global_5 = -1;
	int nbr_id_1 = -1;
	int nbr_id_2 = -1;
	int nbr_id_5 = -1;
	int nbr_Q_1 = -1;
	int nbr_Q_2 = -1;
	int nbr_Q_5 = -1;
	int block_on_boundary = -1;
	size_t index;
	int kap = blockIdx.x*M_LBLOCK + threadIdx.x;

	s_ID_cblock[threadIdx.x] = -1;
	if ((threadIdx.x < M_LBLOCK)and(kap < n_ids_idev_L))
	{
		s_ID_cblock[threadIdx.x] = id_set_idev_L[kap];
	}
	__syncthreads();

	// Loop over block Ids.
	for (int k = 0; k < M_LBLOCK; k += 1)
	{
		i_kap_b = s_ID_cblock[k];

		// This part is included if n>0 only.
		if (i_kap_b > -1)
		{
			i_kap_bc=cblock_ID_nbr_child[i_kap_b];
			block_on_boundary=cblock_ID_mask[i_kap_b];
		}

		// Latter condition is added only if n>0.
		if (i_kap_b > -1 && ((i_kap_bc<0)||(block_on_boundary==1)))
		{
			nbr_id_global_1 = cblock_ID_nbr[i_kap_b + 1*n_maxcblocks];
			nbr_id_global_2 = cblock_ID_nbr[i_kap_b + 2*n_maxcblocks];
			nbr_id_global_5 = cblock_ID_nbr[i_kap_b + 5*n_maxcblocks];
			for (int j_q = 0; j_q < Nqx; j_q += 1)
			{
				for (int i_q = 0; i_q < Nqx; i_q += 1)
				{
					i_Q = i_q + Nqx*j_q;
					nbr_id_1 = i_kap_b;
					nbr_i_q = i_q+1; if (nbr_i_q == Nqx) nbr_i_q = 0; 
					nbr_j_q = j_q+0; if (nbr_j_q == Nqx) nbr_j_q = 0; 
					nbr_Q_1 = nbr_i_q + Nqx*nbr_j_q;
					nbr_id_2 = i_kap_b;
					nbr_i_q = i_q+0; if (nbr_i_q == Nqx) nbr_i_q = 0; 
					nbr_j_q = j_q+1; if (nbr_j_q == Nqx) nbr_j_q = 0; 
					nbr_Q_2 = nbr_i_q + Nqx*nbr_j_q;
					nbr_id_5 = i_kap_b;
					nbr_i_q = i_q+1; if (nbr_i_q == Nqx) nbr_i_q = 0; 
					nbr_j_q = j_q+1; if (nbr_j_q == Nqx) nbr_j_q = 0; 
					nbr_Q_5 = nbr_i_q + Nqx*nbr_j_q;
					// Nbr 1.
					// Consider nbr 1 (100).
					if ((i_q==Nqx-1))
						nbr_id_1 = nbr_id_global_1;
					// Nbr 2.
					// Consider nbr 2 (010).
					if ((j_q==Nqx-1))
						nbr_id_2 = nbr_id_global_2;
					// Nbr 5.
					// Consider nbr 1 (100).
					if ((i_q==Nqx-1)and(j_q<Nqx-1))
						nbr_id_5 = nbr_id_global_1;
					// Consider nbr 2 (010).
					if ((i_q<Nqx-1)and(j_q==Nqx-1))
						nbr_id_5 = nbr_id_global_2;
					// Consider nbr 5 (110).
					if ((i_q==Nqx-1)and(j_q==Nqx-1))
						nbr_id_5 = nbr_id_global_5;

					//
					// DDFs p=1, pb=3.
					//
					for (int q = 0; q < 3; q += 1)
					{
						if (threadIdx.x + q*16 < 36)
						{
							s_F_p[threadIdx.x + q*16] = N_Pf(-1.0);
							s_F_pb[threadIdx.x + q*16] = N_Pf(-1.0);
						}
					}
					__syncthreads();
					index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 1*n_maxcells;
					s_F_p[(I_kap+1+0)+(J_kap+1+0)*(Nbx+2)] = cells_f_F[index];
					index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 3*n_maxcells;
					s_F_pb[(I_kap+1+0)+(J_kap+1+0)*(Nbx+2)] = cells_f_F[index];
					//	 Nbr 1 participates in an exchange for p=1.
					nbr_Q_b = nbr_Q_1;
					nbr_kap_b = nbr_id_1;
					if (nbr_kap_b >= 0)
					{
						if ((I_kap==0))
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 3*n_maxcells;
							s_F_pb[(Nbx+1)+(J_kap+1)*(Nbx+2)] = cells_f_F[index];
						}
					}
					__syncthreads();
					// Main writes.
					if (s_F_pb[(I_kap+1+1)+(J_kap+1+0)*(Nbx+2)] >= 0)
					{
						index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 1*n_maxcells;
						cells_f_F[index] = s_F_pb[(I_kap+1+1)+(J_kap+1+0)*(Nbx+2)];
					}
					if (s_F_p[(I_kap+1+-1)+(J_kap+1+0)*(Nbx+2)] >= 0)
					{
						index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 3*n_maxcells;
						cells_f_F[index] = s_F_p[(I_kap+1+-1)+(J_kap+1+0)*(Nbx+2)];
					}
					// Neighbor writes.
					//	 Nbr 1 participates in an exchange for p=1.
					nbr_Q_b = nbr_Q_1;
					nbr_kap_b = nbr_id_1;
					if ((nbr_kap_b >= 0)and(I_kap==0))
					{
						if (s_F_p[(I_kap+1+(-1)+(1)*Nbx)+(J_kap+1+(0)+(0)*Nbx)*(Nbx+2)] >= 0)
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 3*n_maxcells;
							cells_f_F[index] = s_F_p[(I_kap+1+(-1)+(1)*Nbx)+(J_kap+1+(0)+(0)*Nbx)*(Nbx+2)];
						}
					}
					__syncthreads();



					//
					// DDFs p=2, pb=4.
					//
					for (int q = 0; q < 3; q += 1)
					{
						if (threadIdx.x + q*16 < 36)
						{
							s_F_p[threadIdx.x + q*16] = N_Pf(-1.0);
							s_F_pb[threadIdx.x + q*16] = N_Pf(-1.0);
						}
					}
					__syncthreads();
					index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 2*n_maxcells;
					s_F_p[(I_kap+1+0)+(J_kap+1+0)*(Nbx+2)] = cells_f_F[index];
					index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 4*n_maxcells;
					s_F_pb[(I_kap+1+0)+(J_kap+1+0)*(Nbx+2)] = cells_f_F[index];
					//	 Nbr 2 participates in an exchange for p=2.
					nbr_Q_b = nbr_Q_2;
					nbr_kap_b = nbr_id_2;
					if (nbr_kap_b >= 0)
					{
						if ((J_kap==0))
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 4*n_maxcells;
							s_F_pb[(I_kap+1)+(Nbx+1)*(Nbx+2)] = cells_f_F[index];
						}
					}
					__syncthreads();
					// Main writes.
					if (s_F_pb[(I_kap+1+0)+(J_kap+1+1)*(Nbx+2)] >= 0)
					{
						index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 2*n_maxcells;
						cells_f_F[index] = s_F_pb[(I_kap+1+0)+(J_kap+1+1)*(Nbx+2)];
					}
					if (s_F_p[(I_kap+1+0)+(J_kap+1+-1)*(Nbx+2)] >= 0)
					{
						index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 4*n_maxcells;
						cells_f_F[index] = s_F_p[(I_kap+1+0)+(J_kap+1+-1)*(Nbx+2)];
					}
					// Neighbor writes.
					//	 Nbr 2 participates in an exchange for p=2.
					nbr_Q_b = nbr_Q_2;
					nbr_kap_b = nbr_id_2;
					if ((nbr_kap_b >= 0)and(J_kap==0))
					{
						if (s_F_p[(I_kap+1+(0)+(0)*Nbx)+(J_kap+1+(-1)+(1)*Nbx)*(Nbx+2)] >= 0)
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 4*n_maxcells;
							cells_f_F[index] = s_F_p[(I_kap+1+(0)+(0)*Nbx)+(J_kap+1+(-1)+(1)*Nbx)*(Nbx+2)];
						}
					}
					__syncthreads();



					//
					// DDFs p=5, pb=7.
					//
					for (int q = 0; q < 3; q += 1)
					{
						if (threadIdx.x + q*16 < 36)
						{
							s_F_p[threadIdx.x + q*16] = N_Pf(-1.0);
							s_F_pb[threadIdx.x + q*16] = N_Pf(-1.0);
						}
					}
					__syncthreads();
					index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 5*n_maxcells;
					s_F_p[(I_kap+1+0)+(J_kap+1+0)*(Nbx+2)] = cells_f_F[index];
					index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 7*n_maxcells;
					s_F_pb[(I_kap+1+0)+(J_kap+1+0)*(Nbx+2)] = cells_f_F[index];
					//	 Nbr 1 participates in an exchange for p=5.
					nbr_Q_b = nbr_Q_1;
					nbr_kap_b = nbr_id_1;
					if (nbr_kap_b >= 0)
					{
						if ((I_kap==0))
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 7*n_maxcells;
							s_F_pb[(Nbx+1)+(J_kap+1)*(Nbx+2)] = cells_f_F[index];
						}
					}
					//	 Nbr 2 participates in an exchange for p=5.
					nbr_Q_b = nbr_Q_2;
					nbr_kap_b = nbr_id_2;
					if (nbr_kap_b >= 0)
					{
						if ((J_kap==0))
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 7*n_maxcells;
							s_F_pb[(I_kap+1)+(Nbx+1)*(Nbx+2)] = cells_f_F[index];
						}
					}
					//	 Nbr 5 participates in an exchange for p=5.
					nbr_Q_b = nbr_Q_5;
					nbr_kap_b = nbr_id_5;
					if (nbr_kap_b >= 0)
					{
						if ((I_kap==0)and(J_kap==0))
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 7*n_maxcells;
							s_F_pb[(Nbx+1)+(Nbx+1)*(Nbx+2)] = cells_f_F[index];
						}
					}
					__syncthreads();
					// Main writes.
					if (s_F_pb[(I_kap+1+1)+(J_kap+1+1)*(Nbx+2)] >= 0)
					{
						index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 5*n_maxcells;
						cells_f_F[index] = s_F_pb[(I_kap+1+1)+(J_kap+1+1)*(Nbx+2)];
					}
					if (s_F_p[(I_kap+1+-1)+(J_kap+1+-1)*(Nbx+2)] >= 0)
					{
						index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 7*n_maxcells;
						cells_f_F[index] = s_F_p[(I_kap+1+-1)+(J_kap+1+-1)*(Nbx+2)];
					}
					// Neighbor writes.
					//	 Nbr 1 participates in an exchange for p=5.
					nbr_Q_b = nbr_Q_1;
					nbr_kap_b = nbr_id_1;
					if ((nbr_kap_b >= 0)and(I_kap==0))
					{
						if (s_F_p[(I_kap+1+(-1)+(1)*Nbx)+(J_kap+1+(-1)+(0)*Nbx)*(Nbx+2)] >= 0)
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 7*n_maxcells;
							cells_f_F[index] = s_F_p[(I_kap+1+(-1)+(1)*Nbx)+(J_kap+1+(-1)+(0)*Nbx)*(Nbx+2)];
						}
					}
					//	 Nbr 2 participates in an exchange for p=5.
					nbr_Q_b = nbr_Q_2;
					nbr_kap_b = nbr_id_2;
					if ((nbr_kap_b >= 0)and(J_kap==0))
					{
						if (s_F_p[(I_kap+1+(-1)+(0)*Nbx)+(J_kap+1+(-1)+(1)*Nbx)*(Nbx+2)] >= 0)
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 7*n_maxcells;
							cells_f_F[index] = s_F_p[(I_kap+1+(-1)+(0)*Nbx)+(J_kap+1+(-1)+(1)*Nbx)*(Nbx+2)];
						}
					}
					//	 Nbr 5 participates in an exchange for p=5.
					nbr_Q_b = nbr_Q_5;
					nbr_kap_b = nbr_id_5;
					if ((nbr_kap_b >= 0)and(I_kap==0)and(J_kap==0))
					{
						if (s_F_p[(I_kap+1+(-1)+(1)*Nbx)+(J_kap+1+(-1)+(1)*Nbx)*(Nbx+2)] >= 0)
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 7*n_maxcells;
							cells_f_F[index] = s_F_p[(I_kap+1+(-1)+(1)*Nbx)+(J_kap+1+(-1)+(1)*Nbx)*(Nbx+2)];
						}
					}
					__syncthreads();



					//
					// DDFs p=8, pb=6.
					//
					for (int q = 0; q < 3; q += 1)
					{
						if (threadIdx.x + q*16 < 36)
						{
							s_F_p[threadIdx.x + q*16] = N_Pf(-1.0);
							s_F_pb[threadIdx.x + q*16] = N_Pf(-1.0);
						}
					}
					__syncthreads();
					index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 8*n_maxcells;
					s_F_p[(I_kap+1+0)+(J_kap+1+0)*(Nbx+2)] = cells_f_F[index];
					index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 6*n_maxcells;
					s_F_pb[(I_kap+1+0)+(J_kap+1+0)*(Nbx+2)] = cells_f_F[index];
					//	 Nbr 1 participates in an exchange for p=8.
					nbr_Q_b = nbr_Q_1;
					nbr_kap_b = nbr_id_1;
					if (nbr_kap_b >= 0)
					{
						if ((I_kap==0))
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 6*n_maxcells;
							s_F_pb[(Nbx+1)+(J_kap+1)*(Nbx+2)] = cells_f_F[index];
						}
					}
					//	 Nbr 2 participates in an exchange for pb=6.
					nbr_Q_b = nbr_Q_2;
					nbr_kap_b = nbr_id_2;
					if (nbr_kap_b >= 0)
					{
						if ((J_kap==0))
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 8*n_maxcells;
							s_F_p[(I_kap+1)+(Nbx+1)*(Nbx+2)] = cells_f_F[index];
						}
					}
					__syncthreads();
					// Main writes.
					if (s_F_pb[(I_kap+1+1)+(J_kap+1+-1)*(Nbx+2)] >= 0)
					{
						index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 8*n_maxcells;
						cells_f_F[index] = s_F_pb[(I_kap+1+1)+(J_kap+1+-1)*(Nbx+2)];
					}
					if (s_F_p[(I_kap+1+-1)+(J_kap+1+1)*(Nbx+2)] >= 0)
					{
						index = i_kap_b*M_CBLOCK + i_Q*M_TBLOCK + threadIdx.x + 6*n_maxcells;
						cells_f_F[index] = s_F_p[(I_kap+1+-1)+(J_kap+1+1)*(Nbx+2)];
					}
					// Neighbor writes.
					//	 Nbr 1 participates in an exchange for p=8.
					nbr_Q_b = nbr_Q_1;
					nbr_kap_b = nbr_id_1;
					if ((nbr_kap_b >= 0)and(I_kap==0))
					{
						if (s_F_p[(I_kap+1+(-1)+(1)*Nbx)+(J_kap+1+(1)+(0)*Nbx)*(Nbx+2)] >= 0)
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 6*n_maxcells;
							cells_f_F[index] = s_F_p[(I_kap+1+(-1)+(1)*Nbx)+(J_kap+1+(1)+(0)*Nbx)*(Nbx+2)];
						}
					}
					//	 Nbr 2 participates in an exchange for pb=6.
					nbr_Q_b = nbr_Q_2;
					nbr_kap_b = nbr_id_2;
					if ((nbr_kap_b >= 0)and(J_kap==0))
					{
						if (s_F_pb[(I_kap+1+(1)+(0)*Nbx)+(J_kap+1+(-1)+(1)*Nbx)*(Nbx+2)] >= 0)
						{
							index = nbr_kap_b*M_CBLOCK + nbr_Q_b*M_TBLOCK + threadIdx.x + 8*n_maxcells;
							cells_f_F[index] = s_F_pb[(I_kap+1+(1)+(0)*Nbx)+(J_kap+1+(-1)+(1)*Nbx)*(Nbx+2)];
						}
					}
					__syncthreads();



				}
			}
		}
	}
}

#endif
