// tilelab kernel collection: AutoDockCuda's eintcal_kernel (the ligand's internal energy, one thread a non-bonded pair)
// Source:  https://github.com/hacoo/AutoDockCuda/blob/855e2da3117c4cd4b4666a9c1364bc1f3ce0a019/autodockcuda/src/autodock/eintcal_kernel.cu
// Licence: GPL-2.0-or-later (AutoDock 4.2.6's; the repository's autodockcuda/src/autodock/COPYING), notice below.
// Kept, unchanged: eintcal_kernel.cu lines 1-16, 29-120; removed: lines 17-28 (#includes of constants.h, typedefs.h, a fixed-path cuda.h / cuda_runtime.h, cuda_structs.h and struct.h).
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
   
   eintcal_kernel.cu

   CUDAfied version of eintcal. eintcal does internal energy calculation
   for a ligand.

   Internal energy is the energy of the ligand due to the configuration of 
   the ligand (i.e. how it is bent or flexed). 
   
   Each atom in the ligand contributes to the overall internal energy.
   Additionally, if the receptor is flexible, the receptor's internal
   energy will be calculated as well (not implemented yet).
*/


__global__
void eintcal_kernel(CudaPtrs ptrs) {
  // Does internal energy calculation for a population array
  // which is already on the GPU.

  // Code adapted from eintcal.cc.

  // Parallelizes eintcal by assigning a thread to each nonbond.
  // 
  // Blocks are made of up to 512 threads. Each row of the grid
  // represents on individual. Each row may be up to 1024 blocks
  // (depending on the number of nonbonds.)

  // This kernel does NOT differentiate between ligand/receptor energies,
  // it calculates the total ONLY.

  // energy of each atom; will be reduced at end of kernel
  __shared__ double energies[512];
  
  
  const double nbc2 = ptrs.B_use_non_bond_cutoff ? NBC2 : 999 * 999;
  register int idx = threadIdx.x;
  register int nonbond_index = blockIdx.x*blockDim.x + threadIdx.x;
  register int Nnb = ptrs.Nnb;
  double e_total = 0.0; // total energy for THIS ATOM

  if (nonbond_index < Nnb) {
    
    register NonbondParam* nonbondlist = ptrs.nonbondlist;
    register double* crd = ptrs.indiv_crds_dev;
    register int natoms = *(ptrs.natoms_dev);
  
    int nonbond_type, index, index_lt_NDIEL, index_lt_NEINT;
    double dx, dy, dz, r2;
    double nb_desolv, e_desolv;
    int a1, a2;

    // First, get information from the nonbondlist
    a1 = nonbondlist[nonbond_index].a1;
    a2 = nonbondlist[nonbond_index].a2;
    
    dx = crd[blockIdx.y*natoms*SPACE + a1*SPACE];
    dy = crd[blockIdx.y*natoms*SPACE + a1*SPACE+1];
    dx = crd[blockIdx.y*natoms*SPACE + a1*SPACE+2];

    r2 = dx*dx + dy*dy + dz*dz;
    r2 = clamp(r2, (RMIN_ELEC*RMIN_ELEC)); //macro defined in constants.h
    
#ifndef NOSQRT     // Use square-root, slower...
    index = Ang_to_index(sqrt(r2)); 
#else             //  Non-square-rooting version, faster...
    index = SqAng_to_index(r2);
#endif  // NOSQRT

    index_lt_NDIEL = BoundedNdiel(index);
    nonbond_type = nonbondlist[nonbond_index].nonbond_type;
    nb_desolv = nonbondlist[nonbond_index].desolv;

    if (ptrs.B_calcIntElec) {
      //  Calculate  Electrostatic  Energy
      double r_dielectric = ptrs.etab.r_epsilon_fn[index_lt_NDIEL];
      e_total += nonbondlist[nonbond_index].q1q2 * r_dielectric;
    }
    
    e_desolv = ptrs.etab.sol_fn[index_lt_NDIEL] * nb_desolv;
    if  ( r2 < nbc2 ) {   
      int t1, t2; 
      t1 = nonbondlist[nonbond_index].t1; // t1 is a map_index
      t2 = nonbondlist[nonbond_index].t2; // t2 is a map_index
      index_lt_NEINT = BoundedNeint(index);  // guarantees that index_lt_NEINT is never greater than (NEINT - 1) (scaled NBC, non-bond cutoff)
      double e_vdW_Hb= ptrs.etab.e_vdW_Hb[index_lt_NEINT*MAX_ATOM_TYPES*MAX_ATOM_TYPES
		 +t2*MAX_ATOM_TYPES + t1];
      if (ptrs.B_include_1_4_interactions && nonbond_type==4 ) {
	//| Compute a scaled 1-4 interaction,
	e_vdW_Hb *= ptrs.scale_1_4;
	e_desolv *= ptrs.scale_1_4;
      }
      e_total += e_vdW_Hb + e_desolv;
    }
    else 
      e_total += e_desolv; // no NBC-based cutoff for desolvation  
    
  }
  
  energies[idx] = e_total; // will be 0.0 for overhanging threads
  
  // 
  
}
