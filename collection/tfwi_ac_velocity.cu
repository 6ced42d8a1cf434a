// tilelab kernel collection: TorchFWI (lidongzh/TorchFWI): the acoustic particle-velocity update (4th-order staggered differences, C-PML; forward and the reverse step)
// Source:  https://github.com/lidongzh/TorchFWI/blob/f1dec4e012bd78f2e2ccfb3f33f4bcb11d672478/Ops/FWI/Src/ac_velocity.cu
//          (lidongzh/TorchFWI, commit f1dec4e: Dongzhuo Li's PyTorch full-waveform inversion, its CUDA finite-difference library)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2020 lidongzh", repeated below; the file carries no notice).
// Kept:    the whole file (lines 1-83), unchanged.
// Launches: libCUFD.cu's <<<blocks, threads>>>: threads (TX, TY) = (32, 16), blocks ((nz + 31) / 32, (nx + 15) / 16)
/*
MIT License

Copyright (c) 2020 lidongzh

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/
#define d_vx(z,x)  d_vx[(x)*(nz)+(z)]
#define d_vy(z,x)  d_vy[(x)*(nz)+(z)]
#define d_vz(z,x)  d_vz[(x)*(nz)+(z)]
#define d_szz(z,x) d_szz[(x)*(nz)+(z)] // Pressure
#define d_mem_dszz_dz(z,x) d_mem_dszz_dz[(x)*(nz)+(z)]
#define d_mem_dsxx_dx(z,x) d_mem_dsxx_dx[(x)*(nz)+(z)]
#define d_Lambda(z,x)     d_Lambda[(x)*(nz)+(z)]
#define d_Den(z,x)        d_Den[(x)*(nz)+(z)]
#define d_ave_Byc_a(z,x) d_ave_Byc_a[(x)*(nz)+(z)]
#define d_ave_Byc_b(z,x) d_ave_Byc_b[(x)*(nz)+(z)]
#include<stdio.h>

__global__ void ac_velocity(float *d_vz, float *d_vx, float *d_szz, \
	float *d_mem_dszz_dz, float *d_mem_dsxx_dx, float *d_Lambda, \
	float *d_Den, float *d_ave_Byc_a, float *d_ave_Byc_b, float *d_K_z, \
	float *d_a_z, float *d_b_z, \
	float *d_K_x_half, float *d_a_x_half, float *d_b_x_half, \
	int nz, int nx, float dt, float dz, float dx, int nPml, int nPad, bool isFor){


	int gidz = blockIdx.x*blockDim.x + threadIdx.x;
  int gidx = blockIdx.y*blockDim.y + threadIdx.y;


  float dszz_dz = 0.0;
  float dsxx_dx = 0.0;

  float c1 = 9.0/8.0;
  float c2 = 1.0/24.0;

  if (isFor) {

	  if(gidz>=2 && gidz<=nz-nPad-3 && gidx>=2 && gidx<=nx-3) {

	  	// if(gidz>=2 && gidz<=nz-nPad-2) {
			  // update vz
				dszz_dz = (c1*(d_szz(gidz,gidx)-d_szz(gidz-1,gidx)) - c2*(d_szz(gidz+1,gidx)-d_szz(gidz-2,gidx)))/dz;

				if(gidz<=nPml || (gidz>=nz-nPml-nPad-1)){
					d_mem_dszz_dz(gidz,gidx) = d_b_z[gidz]*d_mem_dszz_dz(gidz,gidx) + d_a_z[gidz]*dszz_dz;
			  }

				d_vz(gidz,gidx) += (dszz_dz/d_K_z[gidz] + d_mem_dszz_dz(gidz,gidx)) * d_ave_Byc_a(gidz, gidx) * dt;
			// }

			// if(gidx>=1 && gidx<=nx-3) {
				// update vx
				dsxx_dx = (c1*(d_szz(gidz,gidx+1)-d_szz(gidz,gidx)) - c2*(d_szz(gidz,gidx+2)-d_szz(gidz,gidx-1)))/dx;

				if(gidx<=nPml || gidx>=nx-nPml-1){
					d_mem_dsxx_dx(gidz,gidx) = d_b_x_half[gidx]*d_mem_dsxx_dx(gidz,gidx) + d_a_x_half[gidx]*dsxx_dx;	
				}

				d_vx(gidz,gidx) += (dsxx_dx/d_K_x_half[gidx] + d_mem_dsxx_dx(gidz,gidx)) * d_ave_Byc_b(gidz, gidx) * dt;
			// }

		}

		else {
			return;
		}

	}

	else {
	  if(gidz>=nPml+2 && gidz<=nz-nPad-3-nPml && gidx>=nPml+2 && gidx<=nx-3-nPml) {

			// update vx
			dsxx_dx = (c1*(d_szz(gidz,gidx+1)-d_szz(gidz,gidx)) - c2*(d_szz(gidz,gidx+2)-d_szz(gidz,gidx-1)))/dx;

			d_vx(gidz,gidx) -= dsxx_dx * d_ave_Byc_b(gidz, gidx) * dt;

		  // update vz
			dszz_dz = (c1*(d_szz(gidz,gidx)-d_szz(gidz-1,gidx)) - c2*(d_szz(gidz+1,gidx)-d_szz(gidz-2,gidx)))/dz;

			d_vz(gidz,gidx) -= dszz_dz * d_ave_Byc_a(gidz, gidx) * dt;

		}

		else {
			return;
		}
	}
}
