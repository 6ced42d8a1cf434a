// tilelab kernel collection: GPUGA's rigid-ion potential (Buckingham + damped shifted-force Coulomb + generalized Morse)
// Source:  https://github.com/brucefan1983/GPUGA/blob/8b70f7e3aa427e895b41733ecd4505ea6cf41a68/src/ri.cu
//          (brucefan1983/GPUGA, commit 8b70f7e; struct RI_Para from src/ri.cuh, dev_apply_mic from src/mic.cuh)
// Licence: GPL-3.0-or-later (the file's own notice, below; the repository's LICENSE is the GPL-3.0 text).
// Kept, unchanged: ri.cu lines 1-18, 26-29 and 76-189 (find_p2_and_f2, find_force_2body); removed: lines 20-24 (the
//       project's includes, host-only), 31-74 and 191-209 (host code); copied in: ri.cuh lines 21-25, mic.cuh lines 16-32.
/*
    Copyright 2019 Zheyong Fan
    This file is part of GPUGA.
    GPUGA is free software: you can redistribute it and/or modify
    it under the terms of the GNU General Public License as published by
    the Free Software Foundation, either version 3 of the License, or
    (at your option) any later version.
    GPUGA is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of
    MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
    GNU General Public License for more details.
    You should have received a copy of the GNU General Public License
    along with GPUGA.  If not, see <http://www.gnu.org/licenses/>.
*/

/*----------------------------------------------------------------------------80
Calculate force, energy, and virial for RI (rigid-ion) potential
------------------------------------------------------------------------------*/

// ---- copied in: ri.cuh lines 21-25
struct RI_Para {
  float a[3], b[3], c[3];           // Buckingham
  float qq[3], v_rc, dv_rc, cutoff; // Coulomb
  float d0, alpha, r0, s;           // generalized Morse (as in Tersoff)
};
// ---- end of ri.cuh's lines
// ---- copied in: mic.cuh lines 16-32
/*----------------------------------------------------------------------------80
mininum image convention
------------------------------------------------------------------------------*/

static __device__ void
dev_apply_mic(const float* __restrict__ h, float& x12, float& y12, float& z12)
{
  float sx12 = h[9] * x12 + h[10] * y12 + h[11] * z12;
  float sy12 = h[12] * x12 + h[13] * y12 + h[14] * z12;
  float sz12 = h[15] * x12 + h[16] * y12 + h[17] * z12;
  sx12 -= nearbyint(sx12);
  sy12 -= nearbyint(sy12);
  sz12 -= nearbyint(sz12);
  x12 = h[0] * sx12 + h[1] * sy12 + h[2] * sz12;
  y12 = h[3] * sx12 + h[4] * sy12 + h[5] * sz12;
  z12 = h[6] * sx12 + h[7] * sy12 + h[8] * sz12;
}
// ---- end of mic.cuh's lines

#define RI_ALPHA 0.2f
#define RI_ALPHA_SQ 0.04f
#define RI_PI_FACTOR 0.225675833419103f // ALPHA * 2 / SQRT(PI)
#define K_C 14.399645f                  // 1/(4*PI*epsilon_0)

// get U_ij and (d U_ij / d r_ij) / r_ij
static __device__ void find_p2_and_f2(int type12, RI_Para ri_para, float d12, float& p2, float& f2)
{
  float d12sq = d12 * d12;
  float d12inv = 1.0f / d12;
  float d12inv3 = d12inv * d12inv * d12inv;
  float d12inv6 = d12inv3 * d12inv3;
  float d12inv7 = d12inv6 * d12inv;
  float exponential = exp(-d12 * ri_para.b[type12]); // b = 1/rho
  float erfc_r = erfc(RI_ALPHA * d12) * d12inv;

  // Buckingham
  p2 = ri_para.a[type12] * exponential - ri_para.c[type12] * d12inv6;
  f2 = 6.0f * ri_para.c[type12] * d12inv7 - ri_para.a[type12] * exponential * ri_para.b[type12];

  // Coulomb
  p2 += ri_para.qq[type12] * (erfc_r - ri_para.v_rc - ri_para.dv_rc * (d12 - ri_para.cutoff));
  f2 -= ri_para.qq[type12] *
        (erfc_r * d12inv + RI_PI_FACTOR * d12inv * exp(-RI_ALPHA_SQ * d12sq) + ri_para.dv_rc);

  // generalized Morse
  if (type12 == 1) {
    float fr = ri_para.d0 / (ri_para.s - 1.0f) *
               exp(-sqrt(2.0f * ri_para.s) * ri_para.alpha * (d12 - ri_para.r0));
    float frp = -sqrt(2.0f * ri_para.s) * ri_para.alpha * fr;
    float fa = ri_para.s * ri_para.d0 / (ri_para.s - 1.0f) *
               exp(-sqrt(2.0f / ri_para.s) * ri_para.alpha * (d12 - ri_para.r0));
    float fap = -sqrt(2.0f / ri_para.s) * ri_para.alpha * fa;
    p2 += fr - fa;
    f2 += frp - fap;
  }

  // from d U_ij / d r_ij to (d U_ij / d r_ij) / r_ij
  f2 *= d12inv;
}

static __global__ void find_force_2body(
  int number_of_particles,
  int* Na,
  int* Na_sum,
  int* g_neighbor_number,
  int* g_neighbor_list,
  int* g_type,
  RI_Para ri_para,
  const float* __restrict__ g_x,
  const float* __restrict__ g_y,
  const float* __restrict__ g_z,
  const float* __restrict__ g_box,
  float* g_fx,
  float* g_fy,
  float* g_fz,
  float* g_virial,
  float* g_pe)
{
  int N1 = Na_sum[blockIdx.x];
  int N2 = N1 + Na[blockIdx.x];
  int n1 = N1 + threadIdx.x;
  if (n1 < N2) {
    const float* __restrict__ h = g_box + 18 * blockIdx.x;
    int neighbor_number = g_neighbor_number[n1];
    int type1 = g_type[n1];

    float x1 = g_x[n1];
    float y1 = g_y[n1];
    float z1 = g_z[n1];

    float pe = 0.0f;
    float fx = 0.0f;
    float fy = 0.0f;
    float fz = 0.0f;
    float virial_xx = 0.0f;
    float virial_yy = 0.0f;
    float virial_zz = 0.0f;
    float virial_xy = 0.0f;
    float virial_yz = 0.0f;
    float virial_zx = 0.0f;

    for (int i1 = 0; i1 < neighbor_number; ++i1) {
      int n2 = g_neighbor_list[n1 + number_of_particles * i1];
      int type12 = type1 + g_type[n2];

      float x12 = g_x[n2] - x1;
      float y12 = g_y[n2] - y1;
      float z12 = g_z[n2] - z1;
      dev_apply_mic(h, x12, y12, z12);
      float d12 = sqrt(x12 * x12 + y12 * y12 + z12 * z12);

      float p2, f2;
      find_p2_and_f2(type12, ri_para, d12, p2, f2);

      fx += x12 * f2;
      fy += y12 * f2;
      fz += z12 * f2;
      virial_xx -= x12 * x12 * f2 * 0.5f;
      virial_yy -= y12 * y12 * f2 * 0.5f;
      virial_zz -= z12 * z12 * f2 * 0.5f;
      virial_xy -= x12 * y12 * f2 * 0.5f;
      virial_yz -= y12 * z12 * f2 * 0.5f;
      virial_zx -= z12 * x12 * f2 * 0.5f;
      pe += p2 * 0.5f;
    }

    g_fx[n1] = fx;
    g_fy[n1] = fy;
    g_fz[n1] = fz;
    g_virial[n1 + number_of_particles * 0] = virial_xx;
    g_virial[n1 + number_of_particles * 1] = virial_yy;
    g_virial[n1 + number_of_particles * 2] = virial_zz;
    g_virial[n1 + number_of_particles * 3] = virial_xy;
    g_virial[n1 + number_of_particles * 4] = virial_yz;
    g_virial[n1 + number_of_particles * 5] = virial_zx;
    g_pe[n1] = pe;
  }
}
