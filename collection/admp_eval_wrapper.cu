// tilelab kernel collection: autodock-cudamp's eintcal_kernel (the AutoDock 4 internal energy of each individual, one thread an individual)
// Source:  https://github.com/evertonmj/autodock-cudamp/blob/29ddf11841b3a8ee86d3a6971699c30372c0c7e8/eval_wrapper.cu
// Licence: GPL-2.0-or-later (AutoDock 4's; the repository's COPYING), notice below.
// Kept, unchanged: eval_wrapper.cu lines 261-530; removed: lines 1-260 (#includes, the legacy texture<float, 1> reference, host globals, and eval_tril_kernel, which reads that texture reference: CUDA 12 removed texture references, NVRTC cannot build it) and 531-935 (host code).
// evertonmj/autodock-cudamp (AutoDock 4.2 with CUDA energy kernels, E. Mendonca), commit 29ddf11; copied in (marked): the header lines the kernel uses.
// Built as Makefile.everton builds the .cu files: -DNOSQRT -DUSE_8A_NBCUTOFF (AM_CPPFLAGS) and -use_fast_math (NVCCFLAGS).
/*

 AutoDock's notice, as the repository's autocomm.h carries it (the repository: COPYING, GPL-2.0):

 AutoDock

 Copyright (C) 1989-2007,  Garrett M. Morris, David S. Goodsell, Ruth Huey, Arthur J. Olson,
 All Rights Reserved.

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

// ---- copied in from cuda_wrapper.h lines 1-10
#define INTBOUTS 0
#define INTINCELEC 1
#define INTNONBONDCUT 2
#define INTEVALFLAG 3
#define INTSIZE 4

#define FLOATINFO 0
#define FLOATSCALE14 1
#define FLOATUNBOUNDINTERNAL 2
#define FLOATSIZE 3
// ---- copied in from autocomm.h lines 67-71, 106, 149
#define X            0      /* x-coordinate                                   */
#define Y            1      /* y-coordinate                                   */
#define Z            2      /* z-coordinate                                   */
#define XYZ          3      /* Dimensions of Cartesian Space                  */
#define SPACE        3      /* Dimensions of Cartesian Space                  */
#define ATOM_MAPS       6   /* Number of atomic affinity grids                */
typedef char Boole;
// ---- copied in from constants.h lines 145-172, 174-177, 204-206, 252, 279, 282-283, 295, 304, 312, 315, 475-477
#ifdef USE_8A_NBCUTOFF

// #ifdef USE_XCODE // Xcode-gmm

// #define NEINT    2048         /* Number of values in internal energy table */ // Xcode-gmm
#define NEINT    131072         /* Number of values in internal energy table */ // Xcode-gmm
#define NEINT_1 (NEINT - 1)   /* index of last entry in internal energy table */
#define A_DIV     100.00      /* Used in distance look-up table. */
#define INV_A_DIV   0.01      /* Used in distance look-up table. i.e. every 1/100-th of an Angstrom */
#define SQA_DIV    32.00      /* Used in square-distance look-up table. */
#define INT_SQA_DIV   32      /* Xcode-gmm */
#define INV_SQA_DIV 0.03125   /* INV_SQA_DIV  =  1/SQA_DIV  =  NBC2 / NEINT   */
#define NBC         8.00      /* Non-bonded cutoff for internal energy calc./Ang*/ // Xcode-gmm
#define NBC2       64.00      /* NBC^2, units: Angstrom^2 */ // Xcode-gmm

#else

#define NEINT  131072         /* Number of values in internal energy table */
#define NEINT_1 (NEINT - 1)   /* index of last entry in internal energy table */
#define A_DIV     100.00      /* Used in distance look-up table. */
#define INV_A_DIV   0.01      /* Used in distance look-up table. i.e. every 1/100-th of an Angstrom */
#define SQA_DIV    32.00      /* Used in square-distance look-up table. */
#define INT_SQA_DIV   32      /* Xcode-gmm */
#define INV_SQA_DIV 0.03125   /* INV_SQA_DIV  =  1/SQA_DIV  =  NBC2 / NEINT   */
#define NBC        64.00      /* Non-bonded cutoff for internal energy calc./Ang*/
#define NBC2     4096.00      /* NBC^2, units: Angstrom^2 */

#endif
#define NDIEL 16384           /* Number of dielectric values in lookup table.
                                 NDIEL is bigger than NEINT because electrostatic interactions are much
                                 longer-range than van der Waals interactions. */
#define NDIEL_1 (NDIEL - 1)   /* The last valid index in dielectric lookup table, NDIEL minus 1 */
#define RMIN_ELEC 0.5         /* if atoms closer than this in Angstroms, clamp distance in internal elec. calc.*/
#define RMIN_ELEC2  (RMIN_ELEC * RMIN_ELEC) /* if atoms closer than this, clamp square
                                               of distance in internal elec. calc.*/
#define clamp(x,lowerbound)        ( ((x) < (lowerbound)) ? (lowerbound) : (x) )
#define sq(a)                     ( (a) * (a) )
#define sqhypotenuse(x,y,z)       ( sq(x) + sq(y) + sq(z) )
#define hypotenuse(x,y,z)         (sqrt( sqhypotenuse((x), (y), (z)) ))
#define Ang_to_index(r)           ( (int) ( (r) * A_DIV ) )
#define SqAng_to_index(r2)        ( (int) ( (r2) * SQA_DIV ) )
#define BoundedNeint(i)           (((i) > NEINT_1) ? NEINT_1 : (i))
#define BoundedNdiel(i)           (((i) > NDIEL_1) ? NDIEL_1 : (i))
#define INTRA_LIGAND   0 // index of last of nonbonds in intramolecular energy calculation of ligand
#define INTER          1 // index of last nonbond in intermolecular energy calculation
#define INTRA_RECEPTOR 2 // index of last of nonbonds in intramolecular energy calculation of receptor
// ---- end of the copied-in lines

/**
 * eintcal GPU kernel, does eintcal energy calculations for each
 * individual in the population.
 * @param num_individualsgpu number of individuals in population
 * @param natomsgpu number of atoms
 * @param penergiesgpu array of energies used to store individual's energy
 * @param nonbondlist (used in cpu eintcal)
 * @param tcoord (used in cpu eintcal)
 * @param B_include_1_4_interactions (used in cpu eintcal)
 * @param B_have_flexible_residues (used in cpu eintcal)
 * @param nnb_array (used in cpu eintcal)
 * @param Nb_group_energy (used in cpu eintcal)
 * @param stre_vdW_Hb (used in cpu eintcal)
 * @param strsol_fn (used in cpu eintcal)
 * @param strepsilon_fn (used in cpu eintcal)
 * @param strr_epsilon_fn (used in cpu eintcal)
 * @param b_comp_intermolgpu (used in cpu eintcal)
 * @param pfloat_arraygpu array of float variables used in cpu trilinterp
 * @param pint_arraygpu array of integer varibales used in cpu trilinterp
 */
__global__ void eintcal_kernel(
                        unsigned int num_individualsgpu,
                        int natomsgpu,
                        float *penergiesgpu,
                        float *nonbondlist,
                        float *tcoord,
                        Boole B_include_1_4_interactions,
                        Boole B_have_flexible_residues,
                        int *nnb_array,
                        float *Nb_group_energy,
                        float *stre_vdW_Hb,
                        float *strsol_fn,
                        float *strepsilon_fn,
                        float *strr_epsilon_fn,
                        Boole b_comp_intermolgpu,
                        float *pfloat_arraygpu,
                        int *pint_arraygpu)
{

    int idx = blockIdx.x  * blockDim.x + threadIdx.x;

    if (idx < num_individualsgpu)
    {

        if (!pint_arraygpu[INTEVALFLAG * num_individualsgpu + idx])//!evalflagsgpu[idx])
        {

    #ifndef EINTCALPRINT
    #   ifndef NOSQRT
            float r = 0.0f;
//            float nbc = B_use_non_bond_cutoff[idx] ? NBC : 999;
            float nbc = (Boole)pint_arraygpu[INTNONBONDCUT * num_individualsgpu + idx] ? NBC : 999;
    #   else
//            float nbc2 = B_use_non_bond_cutoff[idx] ? NBC2 : 999 * 999;
//            float nbc2 = (Boole)pint_arraygpu[INTNONBONDCUT * num_individualsgpu + idx] ? NBC2 : 999 * 999;
            float nbc = (Boole)pint_arraygpu[INTNONBONDCUT * num_individualsgpu + idx] ? NBC2 : 999 * 999;
    #   endif

    #else
    #   ifndef NOSQRT
            float d = 0.0f;
//            float nbc = B_use_non_bond_cutoff[idx] ? NBC : 999;
            float nbc = (Boole)pint_arraygpu[INTNONBONDCUT * num_individualsgpu + idx] ? NBC : 999;
    #   else
//            float nbc2 = B_use_non_bond_cutoff[idx] ? NBC2 : 999 * 999;
            float nbc = (Boole)pint_arraygpu[INTNONBONDCUT * num_individualsgpu + idx] ? NBC2 : 999 * 999;
    #   endif
    #endif

            float dx = 0.0f, dy = 0.0f, dz = 0.0f;
            float r2 = 0.0f;

            float total_e_internal = 0.0f;

            float e_elec = 0.0f;

    #ifdef EINTCALPRINT
            float total_e_elec = 0.0f;
            float total_e_vdW_Hb = 0.0f;
            float e_vdW_Hb = 0.0f;
            float total_e_desolv = 0.0f;
    #endif

            int inb = 0;
            int a1 = 0, a2 = 0;
            int t1 = 0, t2 = 0;
            int nonbond_type = 0;

            int index_1t_NEINT = 0;
            int index_1t_NDIEL = 0;
            int nb_group = 0;
            int inb_from = 0;
            int inb_to = 0;
            int nb_group_max = 1;

            if (B_have_flexible_residues)
            {
                nb_group_max = 3;
            }

            for (nb_group = 0; nb_group < nb_group_max; nb_group++)
            {
    #ifdef EINTCALPRINT
                if (nb_group ==0)
                {
                    //prints stuff
                }
                if (nb_group == 1)
                {
                    //prints stuff
                }
                if (nb_group == 2)
                {
                    //prints stuff
                }
                if ((Boole)pint_arraygpu[INTINCELEC * num_individualsgpu + idx])//B_calcIntElec[idx])
                {
                    //prints stuff
                } else {
                    //prints stuff
                }
    #endif


                if (nb_group == 0)
                {
                    inb_from = 0;
                } else {
                    inb_from = nnb_array[nb_group-1];
                }
                inb_to = nnb_array[nb_group];

                for (inb = inb_from; inb < inb_to; inb++)
                {

                    float e_internal = 0.0f;
                    float e_desolv = 0.0f;

                    a1 = (int)nonbondlist[inb * 7 + 0];
                    a2 = (int)nonbondlist[inb * 7 + 1];
                    t1 = (int)nonbondlist[inb * 7 + 2];
                    t2 = (int)nonbondlist[inb * 7 + 3];

                    nonbond_type = (int)nonbondlist[inb * 7 + 4];
                    float nb_desolv = nonbondlist[inb * 7  + 5];
                    float q1q2 = nonbondlist[inb * 7 + 6];


                    dx = tcoord[idx * natomsgpu * SPACE + a1 * SPACE + X] - tcoord[idx * natomsgpu * SPACE + a2 * SPACE + X];
                    dy = tcoord[idx * natomsgpu * SPACE + a1 * SPACE + Y] - tcoord[idx * natomsgpu * SPACE + a2 * SPACE + Y];
                    dz = tcoord[idx * natomsgpu * SPACE + a1 * SPACE + Z] - tcoord[idx * natomsgpu * SPACE + a2 * SPACE + Z];

    #ifndef NOSQRT
                    r = clamp(hypotenuse(dx,dy,dz), RMIN_ELEC);
                    r2 = r*r;
                    int index = Ang_to_index(r);

    #else
                    r2 = sqhypotenuse(dx,dy,dz);
                    r2 = clamp(r2, RMIN_ELEC2);
                    int index = SqAng_to_index(r2);
    #endif

                    index_1t_NEINT = BoundedNeint(index);
                    index_1t_NDIEL = BoundedNdiel(index);

                    if ((Boole)pint_arraygpu[INTINCELEC * num_individualsgpu + idx])//B_calcIntElec[idx])
                    {
                        float r_dielectric = strr_epsilon_fn[index_1t_NDIEL];
                        e_elec = q1q2 * r_dielectric;
                        e_internal = e_elec;

                    }

                    //if (r2 < nbc2)
                    if (r2 < nbc)
                    {
                        e_desolv = strsol_fn[index_1t_NEINT] * nb_desolv;
                        int myidx;
                        if (B_include_1_4_interactions != 0 && nonbond_type == 4)
                        {
                            myidx = index_1t_NEINT * ATOM_MAPS * ATOM_MAPS + t2 * ATOM_MAPS + t1;
                            if (myidx == NEINT * ATOM_MAPS * ATOM_MAPS)
                            {
//                                e_internal += scale_1_4[idx] * (stre_vdW_Hb[myidx-1] + e_desolv);
                                e_internal += pfloat_arraygpu[FLOATSCALE14 * num_individualsgpu + idx] * (stre_vdW_Hb[myidx-1] + e_desolv);
                            }
                            else
                            {
//                                e_internal += scale_1_4[idx] * (stre_vdW_Hb[myidx] + e_desolv);
                                e_internal += pfloat_arraygpu[FLOATSCALE14 * num_individualsgpu + idx] * (stre_vdW_Hb[myidx] + e_desolv);
                            }
                        } else {
//                            fprintf(stderr," stre_vdW_Hb[%d][%d][%d] = %f\n", index_1t_NEINT, t2, t1, stre_vdW_Hb[index_1t_NEINT * ATOM_MAPS * ATOM_MAPS + t2 * ATOM_MAPS + t1]);
//i                            e_internal += stre_vdW_Hb[index_1t_NEINT * ATOM_MAPS * ATOM_MAPS + t2 * ATOM_MAPS + t1] + e_desolv;
                            myidx = index_1t_NEINT * ATOM_MAPS * ATOM_MAPS + t2 * ATOM_MAPS + t1;
                            if (myidx == NEINT * ATOM_MAPS * ATOM_MAPS)
                            {
                                e_internal += stre_vdW_Hb[myidx-1] + e_desolv;
//                                fprintf(stderr,"NEINT = %d, index = %d, t2 = %d, t1 = %d\n", NEINT, index_1t_NEINT, t2, t1);

                            }
                            else
                            {
                                e_internal += stre_vdW_Hb[myidx] + e_desolv;
                            }

                        }



                    }
                    total_e_internal += e_internal;

    #ifdef EINTCALPRINT
            total_e_desolv  += e_desolv;
            total_e_elec    += e_elec;
            float dielectric = strepsilon_fn[index_1t_NDIEL];

            if ((Boole)pint_arraygpu[INTINCELEC * num_individualsgpu + idx])//B_calcIntElec[idx])
            {
                e_vdW_Hb = e_internal - e_desolv - e_elec;
                // print stuff
            } else {
                e_vdW_Hb = e_internal - e_desolv;
                // print stuff
            }

            total_e_vdW_Hb += e_vdW_Hb;

    #endif

                }

                if (nb_group == INTRA_LIGAND)
                {
                    Nb_group_energy[INTRA_LIGAND] = total_e_internal;
                } else if (nb_group == INTER) {
                    Nb_group_energy[INTER] = total_e_internal - Nb_group_energy[INTRA_LIGAND];
                } else if (nb_group == INTRA_RECEPTOR) {
                    Nb_group_energy[INTRA_RECEPTOR] = total_e_internal - Nb_group_energy[INTRA_LIGAND] - Nb_group_energy[INTER];
                }

            }

    #ifdef EINTCALPRINT
            if((Boole)pint_arraygpu[INTINCELEC * num_individualsgpu + idx])//B_calcIntElec[idx])
            {
                //print stuff
            } else {
                //print stuff
            }
            //print stuff
    #endif
            if(b_comp_intermolgpu)
            {
                //energiesgpu[idx] += ((float)total_e_internal - (float)unboundinternalFEs[idx]);
                penergiesgpu[idx] += ((float)total_e_internal - pfloat_arraygpu[FLOATUNBOUNDINTERNAL * num_individualsgpu + idx]);//(float)unboundinternalFEs[idx]);
            }
            else
            {
                //energiesgpu[idx] = ((float)total_e_internal - (float)unboundinternalFEs[idx]);
                penergiesgpu[idx] = ((float)total_e_internal - pfloat_arraygpu[FLOATUNBOUNDINTERNAL * num_individualsgpu + idx]);//(float)unboundinternalFEs[idx]);
            }

        }

    }

}
