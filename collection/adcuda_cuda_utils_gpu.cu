// tilelab kernel collection: AutoDockCuda's printAutoDockMemoryKernel (a diagnostic printf of the torsion root list)
// Source:  https://github.com/hacoo/AutoDockCuda/blob/855e2da3117c4cd4b4666a9c1364bc1f3ce0a019/autodockcuda/src/autodock/cuda_utils_gpu.cu
// Licence: GPL-2.0-or-later (AutoDock 4.2.6's; the repository's autodockcuda/src/autodock/COPYING), notice below.
// Kept, unchanged: cuda_utils_gpu.cu lines 1-10, 20-37; removed: lines 11-19 (#includes of constants.h, typedefs.h, a fixed-path cuda.h / cuda_runtime.h, stdio.h, stdlib.h and gpu_variables.h, host globals).
//       Copied in (marked): the lines of typedefs.h, autocomm.h, constants.h, structs.h and cuda_structs.h the kernel uses.
// hacoo/AutoDockCuda, commit 855e2da; built with -DUSE_DOUBLE as Makefile.am builds AutoDock (Real is double).
/*
 AutoDockCuda is a CUDA port of parts of AutoDock 4.2.6, distributed with AutoDock's licence
 (the repository's autodockcuda/src/autodock/COPYING: the GNU General Public License, version 2).
 AutoDock's notice, as the repository's Cuda_Kernels/qtransform.cu repeats it:

 AutoDock
Copyright (C) 2009 The Scripps Research Institute. All rights reserved.
 AutoDock is a Trade Mark of The Scripps Research Institute.
 This program is free software; you can redistribute it and/or
 modify it under the terms of the GNU General Public License
 as published by the Free Software Foundation; either version 2
 of the License, or (at your option) any later version.
 This program is distributed in the hope that it will be useful,
 but WITHOUT ANY WARRANTY; without even the implied warranty of
 MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 GNU General Public License for more details.
 You should have received a copy of the GNU General Public License
 along with this program; if not, write to the Free Software
 Foundation, Inc., 51 Franklin Street, Fifth Floor, Boston, MA  02110-1301, USA.
 */
// ---- copied in from typedefs.h lines 60-66 (Real; the Makefile.am build defines USE_DOUBLE) and autocomm.h line 127 (Boole)
#ifdef USE_DOUBLE
    typedef double Real;
#   define FDFMT "%lf"
#else
    typedef float Real;
#   define FDFMT "%f"
#endif
typedef int Boole; // this could become the C++ type bool  (MP 2011 TODO)
// ---- copied in from autocomm.h lines 68, 75, 97-98
const Real TWOPI=6.28318530717958647692;
#define SPACE        3      /* Dimensions of Cartesian Space                  */
#define NUM_NON_VDW_MAPS 2   // Number of electrostatic and desolvation maps
#define MAX_ATOM_TYPES (16 - NUM_NON_VDW_MAPS)    /* Maximum number of atom types set to keep MAX_MAPS a power of 2 */
// ---- copied in from constants.h lines 160-162, 166-167, 174-177, 193, 204, 271, 314, 330, 333
#define NBC         8.00      /* Non-bonded cutoff for internal energy calc./Ang*/ 
#define NEINT    2048         /* Number of values in internal energy table */
#define A_DIV     100.00      /* Used in distance look-up table. */
#define NBC2     (NBC*NBC)    /* NBC^2, units: Angstrom^2 */
#define NEINT_1 (NEINT - 1)   /* index of last entry in internal energy table */
#define NDIEL 16384           /* Number of dielectric and desolvation values in lookup table.
                                 NDIEL is bigger than NEINT because electrostatic interactions are much
                                 longer-range than van der Waals interactions. */
#define NDIEL_1 (NDIEL - 1)   /* The last valid index in dielectric and desolv lookup tables, NDIEL minus 1 */
#define NUM_ATM_MOVED   2     /* Index for the number of atoms moved by a torsion-rotation */
#define RMIN_ELEC 0.5         /* if atoms closer than this in Angstroms, clamp distance in internal elec. calc.*/
#define clamp(x,lowerbound)        ( ((x) < (lowerbound)) ? (lowerbound) : (x) )
#define Ang_to_index(r)           ( (int) ( (r) * A_DIV ) )
#define BoundedNeint(i)           (((i) > NEINT_1) ? NEINT_1 : (i))
#define BoundedNdiel(i)           (((i) > NDIEL_1) ? NDIEL_1 : (i))
// ---- copied in from structs.h lines 270-282 (NonbondParam) and 330-338 (EnergyComponent)
typedef struct nonbond_param
{
    int a1;           // ATM1
    int a2;           // ATM2
    int nonbond_type; // NBTYPE  0 = not 1_4     4 = is 1_4
    double desolv;
    double q1q2;      // product of atom partial charges
    int t1;           // TYPE1
    int t2;           // TYPE2
    Boole is_hbond;

    nonbond_param() : a1(0), a2(0) {}
} NonbondParam;
typedef struct energy_component
{
   Real total;
   Real elec;
   Real vdW_Hb;
   Real desolv;
   Real vdW;  // not available for grid-based values
   Real Hb;   // not available for grid-based values
   } EnergyComponent;
// ---- copied in from cuda_structs.h lines 21-55 (Cuda_Energytable, CudaPtrs)
// Pointers related to the internal energy lookup tablen
typedef struct cuda_energytable {
  Real* e_vdW_Hb;  // vdW & Hb energiesx
  Real* sol_fn;
  Real* epsilon_fn;
  Real* r_epsilon_fn;
} Cuda_Energytable;


typedef struct cudaptrs {
  int* torsion_root_list_dev; // tors root list - represents torsion tree
  char* atom_strings_dev; // string representing atom characteristics
  double* atom_crds_dev; // starting coords of each atom
  int* natoms_dev; // number of atoms
  double* torsions_dev; // number of torsions
  double* states_dev; // each individual's 'state' (translation, quat, etc)
  double* indiv_crds_dev; // each individual's atom coordinates -- filled in by qtransform
  // and torsion kernels
  int* ntors_dev;// number of torsions
  int* state_size_dev; // the number of parameters in each states
  
  // Pointers for eintcal
  double* internal_energies_dev; // results of internal energy calculation (eintcal)
  Cuda_Energytable etab; // energy table for eintcal
  NonbondParam* nonbondlist; 
  EnergyComponent* group_energy; // Could be null if not used
  int* Nnb_array; // Holds the number of nonbonds in each section (ligand, receptor, etc)
  int Nnb; // Number of nonbonds 
  int B_calcIntElec; 
  int B_include_1_4_interactions;
  int B_use_non_bond_cutoff;
  int B_have_flexible_residues;
  Real* qsp_abs_charges;
  Real scale_1_4;  
} CudaPtrs;
// ---- end of the copied-in lines


/* Henry Cooney <hacoo36@gmail.com> <Github: hacoo>
   AutoDockCuda: <https://github.com/hacoo/AutoDockCuda>

   cudat_utils_gpu.cu
   
   Includes utility functions for dealing with CUDA and autodock, on the GPU side.   
   includes functions for examing data on the GPU.

*/


__global__
void printAutoDockMemoryKernel(int* torsion_root_list) {
  // Testing / diagnostic kernel, prints 
  // contents of GPU memory to confirm they have been successfully
  // allocated.

  int idx = threadIdx.x;

  if(idx == 0) {
    // Since its a print function, threadIdx 0 will do all the work, very slowly.
    printf("Hello from thread %d! \n ", idx);
    printf("%d \n", torsion_root_list[0]);
 
  }

}
