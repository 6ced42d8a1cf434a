// tilelab kernel collection: AGAL (Khodr Jaber's GPU lattice Boltzmann solver on a block-structured adaptive mesh of
// 4 x 4 cell-blocks, one thread a cell, one CUDA block M_LBLOCK cell-blocks in turn): its D2Q9 BGK collision (Cu_Collide_BGK_d2q9: the DDFs of a cell-block's 16 cells, density and velocity, BGK relaxation, then bounce-back corrections on blocks at the domain boundary by the neighbour codes -1 to -4, written back in place with the swap convention)
// Source:  https://github.com/KhodrJ/AGAL/blob/b3ca4a454e6599e7e1a2df9dd532bfb070ab8517/src/solver_old/solver_lbm_collide_bgk_d2q9.cu
//          (KhodrJ/AGAL, commit b3ca4a4; the file unchanged since commit 6328946, which moved it into src/solver_old)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2023 Khodr Jaber"), repeated below; the file carries only its
//          author block, kept.
// Kept: lines 1-7, 10-510 and 522 of the original (the author block, #if (N_Q==9), the kernel, #endif), unchanged.
//       Removed: lines 8-9 (#include "solver.h", "mesh.h": VTK, Thrust, OpenMP and the solver classes) and lines
//       511-521 (the host method Solver_LBM::S_Collide_BGK_d2q9, the launch). In their place, marked: the
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
void Cu_Collide_BGK_d2q9
(
	int n_ids_idev_L, long int n_maxcells, int n_maxcblocks, ufloat_t dx_L, ufloat_t tau_L, ufloat_t tau_ratio, int *id_set_idev_L, int *cells_ID_mask, ufloat_t *cells_f_F, int *cblock_ID_nbr, int *cblock_ID_nbr_child, int *cblock_ID_mask, int *cblock_ID_onb, ufloat_t *cblock_f_X
)
{
	__shared__ int s_ID_cblock[M_TBLOCK];
	int I_kap = threadIdx.x % Nbx;
	int J_kap = (threadIdx.x / Nbx) % Nbx;
	ufloat_t x_kap = N_Pf(0.0);
	ufloat_t y_kap = N_Pf(0.0);
	int i_kap_b = -1;
	int i_kap_bc = -1;
	int nbr_kap_b = -1;
	int block_on_boundary = -1;
	ufloat_t f_0 = N_Pf(0.0);
	ufloat_t f_1 = N_Pf(0.0);
	ufloat_t f_2 = N_Pf(0.0);
	ufloat_t f_3 = N_Pf(0.0);
	ufloat_t f_4 = N_Pf(0.0);
	ufloat_t f_5 = N_Pf(0.0);
	ufloat_t f_6 = N_Pf(0.0);
	ufloat_t f_7 = N_Pf(0.0);
	ufloat_t f_8 = N_Pf(0.0);
	ufloat_t rho_kap = N_Pf(0.0);
	ufloat_t u_kap = N_Pf(0.0);
	ufloat_t v_kap = N_Pf(0.0);
	ufloat_t cdotu = N_Pf(0.0);
	ufloat_t udotu = N_Pf(0.0);
	ufloat_t omeg = dx_L / tau_L;
	ufloat_t omegp = N_Pf(1.0) - omeg;
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
			// Retrieve DDFs and compute macroscopic properties.
			block_on_boundary = cblock_ID_onb[i_kap_b];
			x_kap = cblock_f_X[i_kap_b + 0*n_maxcblocks] + dx_L*(N_Pf(0.5) + I_kap);
			y_kap = cblock_f_X[i_kap_b + 1*n_maxcblocks] + dx_L*(N_Pf(0.5) + J_kap);
			f_0 = cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 0*n_maxcells];
			f_1 = cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 3*n_maxcells];
			f_2 = cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 4*n_maxcells];
			f_3 = cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 1*n_maxcells];
			f_4 = cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 2*n_maxcells];
			f_5 = cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 7*n_maxcells];
			f_6 = cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 8*n_maxcells];
			f_7 = cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 5*n_maxcells];
			f_8 = cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 6*n_maxcells];
			rho_kap = f_0 +f_1 +f_2 +f_3 +f_4 +f_5 +f_6 +f_7 +f_8 ;
			u_kap = (N_Pf(0.0)*f_0+N_Pf(1.0)*f_1+N_Pf(0.0)*f_2+N_Pf(-1.0)*f_3+N_Pf(0.0)*f_4+N_Pf(1.0)*f_5+N_Pf(-1.0)*f_6+N_Pf(-1.0)*f_7+N_Pf(1.0)*f_8) / rho_kap;
			v_kap = (N_Pf(0.0)*f_0+N_Pf(0.0)*f_1+N_Pf(1.0)*f_2+N_Pf(0.0)*f_3+N_Pf(-1.0)*f_4+N_Pf(1.0)*f_5+N_Pf(1.0)*f_6+N_Pf(-1.0)*f_7+N_Pf(-1.0)*f_8) / rho_kap;
			udotu = u_kap*u_kap + v_kap*v_kap;

			// Eddy viscosity calculation.

			// Collision step.
			cdotu = N_Pf(0.0);
			f_0 = f_0*omegp + ( N_Pf(0.444444444444444)*rho_kap*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu) )*omeg;
			cdotu = u_kap;
			f_1 = f_1*omegp + ( N_Pf(0.111111111111111)*rho_kap*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu) )*omeg;
			cdotu = v_kap;
			f_2 = f_2*omegp + ( N_Pf(0.111111111111111)*rho_kap*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu) )*omeg;
			cdotu = (-u_kap);
			f_3 = f_3*omegp + ( N_Pf(0.111111111111111)*rho_kap*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu) )*omeg;
			cdotu = (-v_kap);
			f_4 = f_4*omegp + ( N_Pf(0.111111111111111)*rho_kap*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu) )*omeg;
			cdotu = u_kap+v_kap;
			f_5 = f_5*omegp + ( N_Pf(0.027777777777778)*rho_kap*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu) )*omeg;
			cdotu = (-u_kap)+v_kap;
			f_6 = f_6*omegp + ( N_Pf(0.027777777777778)*rho_kap*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu) )*omeg;
			cdotu = (-u_kap)+(-v_kap);
			f_7 = f_7*omegp + ( N_Pf(0.027777777777778)*rho_kap*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu) )*omeg;
			cdotu = u_kap+(-v_kap);
			f_8 = f_8*omegp + ( N_Pf(0.027777777777778)*rho_kap*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu) )*omeg;

			// Impose boundary conditions.
			if (block_on_boundary == 1)
			{
				nbr_kap_b = cblock_ID_nbr[i_kap_b + 1*n_maxcblocks];
				if ((I_kap==Nbx-1))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 0.0*0 + 0.0*0 );
						f_1 = f_1 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = u_kap;
						f_1 = -f_1 + N_Pf(2.0)*N_Pf(0.111111111111111)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 0.0*0 + 0.0*0 );
						f_1 = f_1 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 0.0*0 + 0.0*0 );
						f_1 = f_1 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
				}
				if ((I_kap==Nbx-1)and(J_kap<Nbx-1))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 1.0*0 + 0.0*0 );
						f_5 = f_5 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = u_kap+v_kap;
						f_5 = -f_5 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 1.0*0 + 0.0*0 );
						f_5 = f_5 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 1.0*0 + 0.0*0 );
						f_5 = f_5 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}
				if ((I_kap==Nbx-1)and(J_kap>0))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + -1.0*0 + 0.0*0 );
						f_8 = f_8 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = u_kap+(-v_kap);
						f_8 = -f_8 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + -1.0*0 + 0.0*0 );
						f_8 = f_8 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + -1.0*0 + 0.0*0 );
						f_8 = f_8 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}

				nbr_kap_b = cblock_ID_nbr[i_kap_b + 2*n_maxcblocks];
				if ((J_kap==Nbx-1))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( 0.0*0.05 + 1.0*0 + 0.0*0 );
						f_2 = f_2 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = v_kap;
						f_2 = -f_2 + N_Pf(2.0)*N_Pf(0.111111111111111)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( 0.0*0.05 + 1.0*0 + 0.0*0 );
						f_2 = f_2 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( 0.0*0.05 + 1.0*0 + 0.0*0 );
						f_2 = f_2 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
				}
				if ((I_kap<Nbx-1)and(J_kap==Nbx-1))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 1.0*0 + 0.0*0 );
						f_5 = f_5 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = u_kap+v_kap;
						f_5 = -f_5 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 1.0*0 + 0.0*0 );
						f_5 = f_5 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 1.0*0 + 0.0*0 );
						f_5 = f_5 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}
				if ((I_kap>0)and(J_kap==Nbx-1))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 1.0*0 + 0.0*0 );
						f_6 = f_6 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = (-u_kap)+v_kap;
						f_6 = -f_6 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 1.0*0 + 0.0*0 );
						f_6 = f_6 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 1.0*0 + 0.0*0 );
						f_6 = f_6 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}

				nbr_kap_b = cblock_ID_nbr[i_kap_b + 3*n_maxcblocks];
				if ((I_kap==0))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 0.0*0 + 0.0*0 );
						f_3 = f_3 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = (-u_kap);
						f_3 = -f_3 + N_Pf(2.0)*N_Pf(0.111111111111111)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 0.0*0 + 0.0*0 );
						f_3 = f_3 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 0.0*0 + 0.0*0 );
						f_3 = f_3 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
				}
				if ((I_kap==0)and(J_kap<Nbx-1))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 1.0*0 + 0.0*0 );
						f_6 = f_6 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = (-u_kap)+v_kap;
						f_6 = -f_6 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 1.0*0 + 0.0*0 );
						f_6 = f_6 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 1.0*0 + 0.0*0 );
						f_6 = f_6 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}
				if ((I_kap==0)and(J_kap>0))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + -1.0*0 + 0.0*0 );
						f_7 = f_7 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = (-u_kap)+(-v_kap);
						f_7 = -f_7 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + -1.0*0 + 0.0*0 );
						f_7 = f_7 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + -1.0*0 + 0.0*0 );
						f_7 = f_7 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}

				nbr_kap_b = cblock_ID_nbr[i_kap_b + 4*n_maxcblocks];
				if ((J_kap==0))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( 0.0*0.05 + -1.0*0 + 0.0*0 );
						f_4 = f_4 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = (-v_kap);
						f_4 = -f_4 + N_Pf(2.0)*N_Pf(0.111111111111111)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( 0.0*0.05 + -1.0*0 + 0.0*0 );
						f_4 = f_4 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( 0.0*0.05 + -1.0*0 + 0.0*0 );
						f_4 = f_4 - N_Pf(2.0)*N_Pf(0.111111111111111)*N_Pf(3.0)*cdotu;
					}
				}
				if ((I_kap>0)and(J_kap==0))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + -1.0*0 + 0.0*0 );
						f_7 = f_7 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = (-u_kap)+(-v_kap);
						f_7 = -f_7 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + -1.0*0 + 0.0*0 );
						f_7 = f_7 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + -1.0*0 + 0.0*0 );
						f_7 = f_7 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}
				if ((I_kap<Nbx-1)and(J_kap==0))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + -1.0*0 + 0.0*0 );
						f_8 = f_8 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = u_kap+(-v_kap);
						f_8 = -f_8 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + -1.0*0 + 0.0*0 );
						f_8 = f_8 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + -1.0*0 + 0.0*0 );
						f_8 = f_8 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}

				nbr_kap_b = cblock_ID_nbr[i_kap_b + 5*n_maxcblocks];
				if ((I_kap==Nbx-1)and(J_kap==Nbx-1))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 1.0*0 + 0.0*0 );
						f_5 = f_5 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = u_kap+v_kap;
						f_5 = -f_5 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 1.0*0 + 0.0*0 );
						f_5 = f_5 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + 1.0*0 + 0.0*0 );
						f_5 = f_5 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}

				nbr_kap_b = cblock_ID_nbr[i_kap_b + 6*n_maxcblocks];
				if ((I_kap==0)and(J_kap==Nbx-1))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 1.0*0 + 0.0*0 );
						f_6 = f_6 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = (-u_kap)+v_kap;
						f_6 = -f_6 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 1.0*0 + 0.0*0 );
						f_6 = f_6 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + 1.0*0 + 0.0*0 );
						f_6 = f_6 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}

				nbr_kap_b = cblock_ID_nbr[i_kap_b + 7*n_maxcblocks];
				if ((I_kap==0)and(J_kap==0))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + -1.0*0 + 0.0*0 );
						f_7 = f_7 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = (-u_kap)+(-v_kap);
						f_7 = -f_7 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + -1.0*0 + 0.0*0 );
						f_7 = f_7 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( -1.0*0.05 + -1.0*0 + 0.0*0 );
						f_7 = f_7 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}

				nbr_kap_b = cblock_ID_nbr[i_kap_b + 8*n_maxcblocks];
				if ((I_kap==Nbx-1)and(J_kap==0))
				{
					if (nbr_kap_b == -1)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + -1.0*0 + 0.0*0 );
						f_8 = f_8 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -2)
					{
						cdotu = u_kap+(-v_kap);
						f_8 = -f_8 + N_Pf(2.0)*N_Pf(0.027777777777778)*(N_Pf(1.0) + cdotu*cdotu*N_Pf(4.5) - udotu*N_Pf(1.5));
					}
					if (nbr_kap_b == -3)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + -1.0*0 + 0.0*0 );
						f_8 = f_8 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
					if (nbr_kap_b == -4)
					{
						cdotu = (ufloat_t)( 1.0*0.05 + -1.0*0 + 0.0*0 );
						f_8 = f_8 - N_Pf(2.0)*N_Pf(0.027777777777778)*N_Pf(3.0)*cdotu;
					}
				}

			}

			// Write fi* to global memory.
			cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 0*n_maxcells] = f_0;
			cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 1*n_maxcells] = f_1;
			cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 2*n_maxcells] = f_2;
			cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 3*n_maxcells] = f_3;
			cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 4*n_maxcells] = f_4;
			cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 5*n_maxcells] = f_5;
			cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 6*n_maxcells] = f_6;
			cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 7*n_maxcells] = f_7;
			cells_f_F[i_kap_b*M_CBLOCK + threadIdx.x + 8*n_maxcells] = f_8;
			__syncthreads();
		}
	}
}

#endif
