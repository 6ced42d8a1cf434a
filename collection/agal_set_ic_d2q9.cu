// tilelab kernel collection: AGAL (Khodr Jaber's GPU lattice Boltzmann solver on a block-structured adaptive mesh of
// 4 x 4 cell-blocks, one thread a cell, one CUDA block M_LBLOCK cell-blocks in turn): its D2Q9 initial condition (Cu_SetInitialConditions_d2q9: the equilibrium of (rho, u, v) in the 9 DDFs of every cell of every cell-block in the level's id set)
// Source:  https://github.com/KhodrJ/AGAL/blob/b3ca4a454e6599e7e1a2df9dd532bfb070ab8517/src/solver_old/solver_lbm_set_ic_d2q9.cu
//          (KhodrJ/AGAL, commit b3ca4a4; the file unchanged since commit 6328946, which moved it into src/solver_old)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2023 Khodr Jaber"), repeated below; the file carries only its
//          author block, kept.
// Kept: lines 1-7, 10-64 and 76 of the original (the author block, #if (N_Q==9), the kernel, #endif), unchanged.
//       Removed: lines 8-9 (#include "solver.h", "mesh.h": VTK, Thrust, OpenMP and the solver classes) and lines
//       65-75 (the host method Solver_LBM::S_SetInitialConditions_d2q9, the launch). In their place, marked: the
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
void Cu_SetInitialConditions_d2q9
(
	int n_ids_idev_L, long int n_maxcells, int n_maxcblocks, int *id_set_idev_L, int *cells_ID_mask, ufloat_t *cells_f_F, int *cblock_ID_nbr, int *cblock_ID_nbr_child, int *cblock_ID_mask, int *cblock_ID_onb, ufloat_t rho_t0, ufloat_t u_t0, ufloat_t v_t0, ufloat_t w_t0
)
{
	__shared__ int s_ID_cblock[M_TBLOCK];
	int i_kap_b = -1;
	ufloat_t cdotu = N_Pf(0.0);
	ufloat_t udotu = u_t0*u_t0 + v_t0*v_t0 + w_t0*w_t0;
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

		// Latter condition is added only if n>0.
		if (i_kap_b > -1)
		{
			for (int i_Q = 0; i_Q < N_QUADS; i_Q += 1)
			{
				// Compute IC.
				cdotu = N_Pf(0.0);
				cells_f_F[threadIdx.x + (size_t)i_Q*M_TBLOCK + (size_t)i_kap_b*M_CBLOCK + (size_t)0*n_maxcells] = N_Pf(0.444444444444444)*rho_t0*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu);
				cdotu = u_t0;
				cells_f_F[threadIdx.x + (size_t)i_Q*M_TBLOCK + (size_t)i_kap_b*M_CBLOCK + (size_t)3*n_maxcells] = N_Pf(0.111111111111111)*rho_t0*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu);
				cdotu = v_t0;
				cells_f_F[threadIdx.x + (size_t)i_Q*M_TBLOCK + (size_t)i_kap_b*M_CBLOCK + (size_t)4*n_maxcells] = N_Pf(0.111111111111111)*rho_t0*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu);
				cdotu = (-u_t0);
				cells_f_F[threadIdx.x + (size_t)i_Q*M_TBLOCK + (size_t)i_kap_b*M_CBLOCK + (size_t)1*n_maxcells] = N_Pf(0.111111111111111)*rho_t0*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu);
				cdotu = (-v_t0);
				cells_f_F[threadIdx.x + (size_t)i_Q*M_TBLOCK + (size_t)i_kap_b*M_CBLOCK + (size_t)2*n_maxcells] = N_Pf(0.111111111111111)*rho_t0*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu);
				cdotu = u_t0+v_t0;
				cells_f_F[threadIdx.x + (size_t)i_Q*M_TBLOCK + (size_t)i_kap_b*M_CBLOCK + (size_t)7*n_maxcells] = N_Pf(0.027777777777778)*rho_t0*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu);
				cdotu = (-u_t0)+v_t0;
				cells_f_F[threadIdx.x + (size_t)i_Q*M_TBLOCK + (size_t)i_kap_b*M_CBLOCK + (size_t)8*n_maxcells] = N_Pf(0.027777777777778)*rho_t0*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu);
				cdotu = (-u_t0)+(-v_t0);
				cells_f_F[threadIdx.x + (size_t)i_Q*M_TBLOCK + (size_t)i_kap_b*M_CBLOCK + (size_t)5*n_maxcells] = N_Pf(0.027777777777778)*rho_t0*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu);
				cdotu = u_t0+(-v_t0);
				cells_f_F[threadIdx.x + (size_t)i_Q*M_TBLOCK + (size_t)i_kap_b*M_CBLOCK + (size_t)6*n_maxcells] = N_Pf(0.027777777777778)*rho_t0*(N_Pf(1.0) + N_Pf(3.0)*cdotu + N_Pf(4.5)*cdotu*cdotu - N_Pf(1.5)*udotu);
			}
		}
	}
}

#endif
