// tilelab kernel collection: FiniteVolumeGPU's HLLKernel: first-order HLL Riemann solver, dimensional splitting in shared memory
// Source:  https://github.com/babrodtk/FiniteVolumeGPU/blob/dcef56a1b915bdae3c524a6969c9c139fa3cc578/GPUSimulators/cuda/SWE2D_HLL.cu
//          (babrodtk/FiniteVolumeGPU, commit dcef56a, the last at which every kernel matches common.h's readBlock)
// Licence: GPL-3.0-or-later (the file's own notice below; the repository's LICENSE is the GPL v3 text).
// Kept, unchanged: lines 1-21 and 24-161 (all of the file); replaced: lines 22-23 (#include of the
//       repository's headers), by their lines, copied unchanged below: common.h 27-464, limiters.h 21-118, SWECommon.h 23-533 (to the end of evolveG).
/*
This GPU kernel implements the HLL flux

Copyright (C) 2016  SINTEF ICT

This program is free software: you can redistribute it and/or modify
it under the terms of the GNU General Public License as published by
the Free Software Foundation, either version 3 of the License, or
(at your option) any later version.

This program is distributed in the hope that it will be useful,
but WITHOUT ANY WARRANTY; without even the implied warranty of
MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
GNU General Public License for more details.

You should have received a copy of the GNU General Public License
along with this program.  If not, see <http://www.gnu.org/licenses/>.
*/



// ---- GPUSimulators/cuda/common.h, lines 27-464 (float3/float4 operators, boundary conditions, readBlock, writeBlock, evolveF/G; left out: the unused memset and reduce_max helpers after them)

/**
  * Float3 operators 
  */
inline __device__ float3 operator*(const float a, const float3 b) {
    return make_float3(a*b.x, a*b.y, a*b.z);
}

inline __device__ float3 operator/(const float3 a, const float b) {
    return make_float3(a.x/b, a.y/b, a.z/b);
}

inline __device__ float3 operator-(const float3 a, const float3 b) {
    return make_float3(a.x-b.x, a.y-b.y, a.z-b.z);
}

inline __device__ float3 operator+(const float3 a, const float3 b) {
    return make_float3(a.x+b.x, a.y+b.y, a.z+b.z);
}

/**
  * Float4 operators 
  */
inline __device__ float4 operator*(const float a, const float4 b) {
    return make_float4(a*b.x, a*b.y, a*b.z, a*b.w);
}

inline __device__ float4 operator/(const float4 a, const float b) {
    return make_float4(a.x/b, a.y/b, a.z/b, a.w/b);
}

inline __device__ float4 operator-(const float4 a, const float4 b) {
    return make_float4(a.x-b.x, a.y-b.y, a.z-b.z, a.w-b.w);
}

inline __device__ float4 operator+(const float4 a, const float4 b) {
    return make_float4(a.x+b.x, a.y+b.y, a.z+b.z, a.w+b.w);
}




inline __device__ __host__ float clamp(const float f, const float a, const float b) {
    return fmaxf(a, fminf(f, b));
}

inline __device__ __host__ int clamp(const int f, const int a, const int b) {
    return (f < b) ? ( (f > a) ? f : a) : b;
}





__device__ float desingularize(float x_, float eps_) {
    return copysign(1.0f, x_)*fmaxf(fabsf(x_), fminf(x_*x_/(2.0f*eps_)+0.5f*eps_, eps_));
}








/**
  * Returns the step stored in the leftmost 16 bits 
  * of the 32 bit step-order integer
  */
inline __device__ int getStep(int step_order_) {
    return step_order_ >> 16;
}

/**
  * Returns the order stored in the rightmost 16 bits 
  * of the 32 bit step-order integer
  */
inline __device__ int getOrder(int step_order_) {
    return step_order_ & 0x0000FFFF;
}


enum BoundaryCondition {
    Dirichlet = 0,
    Neumann = 1,
    Periodic = 2,
    Reflective = 3
};

inline __device__ BoundaryCondition getBCNorth(int bc_) {
    return static_cast<BoundaryCondition>((bc_ >> 24) & 0x0000000F);
}

inline __device__ BoundaryCondition getBCSouth(int bc_) {
    return static_cast<BoundaryCondition>((bc_ >> 16) & 0x0000000F);
}

inline __device__ BoundaryCondition getBCEast(int bc_) {
    return static_cast<BoundaryCondition>((bc_ >> 8) & 0x0000000F);
}

inline __device__ BoundaryCondition getBCWest(int bc_) {
    return static_cast<BoundaryCondition>((bc_ >> 0) & 0x0000000F);
}


// West boundary
template<int w, int h, int gc_x, int gc_y, int sign>
__device__ void bcWestReflective(float Q[h+2*gc_y][w+2*gc_x], 
                                const int nx_, const int ny_) {
    for (int j=threadIdx.y; j<h+2*gc_y; j+=h) {
        const int i = threadIdx.x + gc_x;
        const int ti = blockDim.x*blockIdx.x + i;
        
        if (gc_x >= 1 && ti == gc_x) {
            Q[j][i-1] = sign*Q[j][i];
        }
        if (gc_x >= 2 && ti == gc_x + 1) {
            Q[j][i-3] = sign*Q[j][i];
        }
        if (gc_x >= 3 && ti == gc_x + 2) {
            Q[j][i-5] = sign*Q[j][i];
        }
        if (gc_x >= 4 && ti == gc_x + 3) {
            Q[j][i-7] = sign*Q[j][i];
        }
        if (gc_x >= 5 && ti == gc_x + 4) {
            Q[j][i-9] = sign*Q[j][i];
        }
    }
}


// East boundary
template<int w, int h, int gc_x, int gc_y, int sign>
__device__ void bcEastReflective(float Q[h+2*gc_y][w+2*gc_x], 
                                const int nx_, const int ny_) {
    for (int j=threadIdx.y; j<h+2*gc_y; j+=h) {
        const int i = threadIdx.x + gc_x;
        const int ti = blockDim.x*blockIdx.x + i;
        
        if (gc_x >= 1 && ti == nx_ + gc_x - 1) {
            Q[j][i+1] = sign*Q[j][i];
        }
        if (gc_x >= 2 && ti == nx_ + gc_x - 2) {
            Q[j][i+3] = sign*Q[j][i];
        }
        if (gc_x >= 3 && ti == nx_ + gc_x - 3) {
            Q[j][i+5] = sign*Q[j][i];
        }
        if (gc_x >= 4 && ti == nx_ + gc_x - 4) {
            Q[j][i+7] = sign*Q[j][i];
        }
        if (gc_x >= 5 && ti == nx_ + gc_x - 5) {
            Q[j][i+9] = sign*Q[j][i];
        }
    }
}
    
    
// South boundary
template<int w, int h, int gc_x, int gc_y, int sign>
__device__ void bcSouthReflective(float Q[h+2*gc_y][w+2*gc_x], 
                                const int nx_, const int ny_) {
    for (int i=threadIdx.x; i<w+2*gc_x; i+=w) {
        const int j = threadIdx.y + gc_y;
        const int tj = blockDim.y*blockIdx.y + j;

        if (gc_y >= 1 && tj == gc_y) {
            Q[j-1][i] = sign*Q[j][i];
        }
        if (gc_y >= 2 && tj == gc_y + 1) {
            Q[j-3][i] = sign*Q[j][i];
        }
        if (gc_y >= 3 && tj == gc_y + 2) {
            Q[j-5][i] = sign*Q[j][i];
        }
        if (gc_y >= 4 && tj == gc_y + 3) {
            Q[j-7][i] = sign*Q[j][i];
        }
        if (gc_y >= 5 && tj == gc_y + 4) {
            Q[j-9][i] = sign*Q[j][i];
        }
    }
}



    
// North boundary
template<int w, int h, int gc_x, int gc_y, int sign>
__device__ void bcNorthReflective(float Q[h+2*gc_y][w+2*gc_x], const int nx_, const int ny_) {
    for (int i=threadIdx.x; i<w+2*gc_x; i+=w) {
        const int j = threadIdx.y + gc_y;
        const int tj = blockDim.y*blockIdx.y + j;
        
        if (gc_y >= 1 && tj == ny_ + gc_y - 1) {
            Q[j+1][i] = sign*Q[j][i];
        }
        if (gc_y >= 2 && tj == ny_ + gc_y - 2) {
            Q[j+3][i] = sign*Q[j][i];
        }
        if (gc_y >= 3 && tj == ny_ + gc_y - 3) {
            Q[j+5][i] = sign*Q[j][i];
        }
        if (gc_y >= 4 && tj == ny_ + gc_y - 4) {
            Q[j+7][i] = sign*Q[j][i];
        }
        if (gc_y >= 5 && tj == ny_ + gc_y - 5) {
            Q[j+9][i] = sign*Q[j][i];
        }
    }
}




/**
  * Alter the index l so that it gives periodic boundary conditions when reading
  */
template<int gc_x>
inline __device__ int handlePeriodicBoundaryX(int k, int nx_, int boundary_conditions_) {
    const int gc_pad = gc_x;
    
    //West boundary: add an offset to read from east of domain
    if (gc_x > 0) {
        if ((k < gc_pad) 
                && getBCWest(boundary_conditions_) == Periodic) {
            k += (nx_+2*gc_x - 2*gc_pad);
        }
        //East boundary: subtract an offset to read from west of domain
        else if ((k >= nx_+2*gc_x-gc_pad) 
                && getBCEast(boundary_conditions_) == Periodic) {
            k -= (nx_+2*gc_x - 2*gc_pad);
        }
    }
    
    return k;
}

/**
  * Alter the index l so that it gives periodic boundary conditions when reading
  */
template<int gc_y>
inline __device__ int handlePeriodicBoundaryY(int l, int ny_, int boundary_conditions_) {
    const int gc_pad = gc_y;
    
    //South boundary: add an offset to read from north of domain
    if (gc_y > 0) {
        if ((l < gc_pad) 
                && getBCSouth(boundary_conditions_) == Periodic) {
            l += (ny_+2*gc_y - 2*gc_pad);
        }
        //North boundary: subtract an offset to read from south of domain
        else if ((l >= ny_+2*gc_y-gc_pad) 
                && getBCNorth(boundary_conditions_) == Periodic) {
            l -= (ny_+2*gc_y - 2*gc_pad);
        }
    }
    
    return l;
}


template<int w, int h, int gc_x, int gc_y, int sign_x, int sign_y>
inline __device__ 
void handleReflectiveBoundary(
                float Q[h+2*gc_y][w+2*gc_x], 
                const int nx_, const int ny_,
                const int boundary_conditions_) {

    //Handle reflective boundary conditions
    if (getBCNorth(boundary_conditions_) == Reflective) {
        bcNorthReflective<w, h, gc_x, gc_y, sign_y>(Q, nx_, ny_);
        __syncthreads();
    }
    if (getBCSouth(boundary_conditions_) == Reflective) {
        bcSouthReflective<w, h, gc_x, gc_y, sign_y>(Q, nx_, ny_);
        __syncthreads();
    }
    if (getBCEast(boundary_conditions_) == Reflective) {
        bcEastReflective<w, h, gc_x, gc_y, sign_x>(Q, nx_, ny_);
        __syncthreads();
    }
    if (getBCWest(boundary_conditions_) == Reflective) {
        bcWestReflective<w, h, gc_x, gc_y, sign_x>(Q, nx_, ny_);
        __syncthreads();
    }
}

/**
  * Reads a block of data with ghost cells
  */
template<int w, int h, int gc_x, int gc_y, int sign_x, int sign_y>
inline __device__ void readBlock(float* ptr_, int pitch_,
                float Q[h+2*gc_y][w+2*gc_x], 
                const int nx_, const int ny_,
                const int boundary_conditions_) {
    //Index of block within domain
    const int bx = blockDim.x * blockIdx.x;
    const int by = blockDim.y * blockIdx.y;

    //Read into shared memory
    //Loop over all variables
    for (int j=threadIdx.y; j<h+2*gc_y; j+=h) {
        //Handle periodic boundary conditions here
        int l = handlePeriodicBoundaryY<gc_y>(by + j, ny_, boundary_conditions_);
        l = min(l, ny_+2*gc_y-1);
        float* row = (float*) ((char*) ptr_ + pitch_*l);
        
        for (int i=threadIdx.x; i<w+2*gc_x; i+=w) {
            //Handle periodic boundary conditions here
            int k = handlePeriodicBoundaryX<gc_x>(bx + i, nx_, boundary_conditions_);
            k = min(k, nx_+2*gc_x-1);
            
            //Read from global memory
            Q[j][i] = row[k];
        }
    }
    __syncthreads();
    
    handleReflectiveBoundary<w, h, gc_x, gc_y, sign_x, sign_y>(Q, nx_, ny_, boundary_conditions_);
}




/**
  * Writes a block of data to global memory for the shallow water equations.
  */
template<int w, int h, int gc_x, int gc_y>
inline __device__ void writeBlock(float* ptr_, int pitch_,
                 float shmem[h+2*gc_y][w+2*gc_x],
                 const int nx_, const int ny_,
                 int rk_step_, int rk_order_) {
    
    //Index of cell within domain
    const int ti = blockDim.x*blockIdx.x + threadIdx.x + gc_x;
    const int tj = blockDim.y*blockIdx.y + threadIdx.y + gc_y;
    
    //Only write internal cells
    if (ti < nx_+gc_x && tj < ny_+gc_y) {
        //Index of thread within block
        const int tx = threadIdx.x + gc_x;
        const int ty = threadIdx.y + gc_y;
        
        float* const row  = (float*) ((char*) ptr_ + pitch_*tj);
        
        //Handle runge-kutta timestepping here
        row[ti] = shmem[ty][tx];
        
        
        
        /**
          * SSPRK1 (forward Euler)
          * u^1   = u^n + dt*f(u^n)
          */
        if (rk_order_ == 1) {
            row[ti] = shmem[ty][tx];
        }
        /**
          * SSPRK2
          * u^1   = u^n + dt*f(u^n)
          * u^n+1 = 1/2*u^n + 1/2*(u^1 + dt*f(u^1))
          */
        else if (rk_order_ == 2) {
            if (rk_step_ == 0) {
                row[ti] = shmem[ty][tx];
            }
            else if (rk_step_ == 1) {
                row[ti] = 0.5f*row[ti] + 0.5f*shmem[ty][tx];
            }
        }
        /**
          * SSPRK3
          * u^1   = u^n + dt*f(u^n)
          * u^2   = 3/4 * u^n + 1/4 * (u^1 + dt*f(u^1))
          * u^n+1 = 1/3 * u^n + 2/3 * (u^2 + dt*f(u^2))
          * FIXME: This is not correct now, need a temporary to hold intermediate step u^2
          */
        else if (rk_order_ == 3) {
            if (rk_step_ == 0) {
                row[ti] = shmem[ty][tx];
            }
            else if (rk_step_ == 1) {
                row[ti] = 0.75f*row[ti] + 0.25f*shmem[ty][tx];
            }
            else if (rk_step_ == 2) {
                const float t = 1.0f / 3.0f; //Not representable in base 2
                row[ti] = t*row[ti] + (1.0f-t)*shmem[ty][tx];
            }
        }
    }
}











template<int w, int h, int gc_x, int gc_y, int vars>
__device__ void evolveF(float Q[vars][h+2*gc_y][w+2*gc_x],
              float F[vars][h+2*gc_y][w+2*gc_x],
              const float dx_, const float dt_) {
    for (int var=0; var < vars; ++var) {
        for (int j=threadIdx.y; j<h+2*gc_y; j+=h) {
            for (int i=threadIdx.x+gc_x; i<w+gc_x; i+=w) {
                Q[var][j][i] = Q[var][j][i] + (F[var][j][i-1] - F[var][j][i]) * dt_ / dx_;
            }
        }
    }
}






/**
  * Evolves the solution in time along the y axis (dimensional splitting)
  */
template<int w, int h, int gc_x, int gc_y, int vars>
__device__ void evolveG(float Q[vars][h+2*gc_y][w+2*gc_x],
              float G[vars][h+2*gc_y][w+2*gc_x],
              const float dy_, const float dt_) {
    for (int var=0; var < vars; ++var) {
        for (int j=threadIdx.y+gc_y; j<h+gc_y; j+=h) {
            for (int i=threadIdx.x; i<w+2*gc_x; i+=w) {
                Q[var][j][i] = Q[var][j][i] + (G[var][j-1][i] - G[var][j][i]) * dt_ / dy_;
            }
        }
    }
}
// ---- end of common.h
// ---- GPUSimulators/cuda/limiters.h, lines 21-118






/**
  * Reconstructs a slope using the generalized minmod limiter based on three 
  * consecutive values
  */
__device__ __inline__ float minmodSlope(float left, float center, float right, float theta) {
    const float backward = (center - left) * theta;
    const float central = (right - left) * 0.5f;
    const float forward = (right - center) * theta;
    
	return 0.25f
		*copysign(1.0f, backward)
		*(copysign(1.0f, backward) + copysign(1.0f, central))
		*(copysign(1.0f, central) + copysign(1.0f, forward))
		*min( min(fabs(backward), fabs(central)), fabs(forward) );
}




/**
  * Reconstructs a minmod slope for a whole block along the abscissa
  */
template<int w, int h, int gc_x, int gc_y, int vars>
__device__ void minmodSlopeX(float Q[vars][h+2*gc_y][w+2*gc_x],
                  float Qx[vars][h+2*gc_y][w+2*gc_x],
                  const float theta_) {
    //Reconstruct slopes along x axis
    for (int p=0; p<vars; ++p) {
        for (int j=threadIdx.y; j<h+2*gc_y; j+=h) {
            for (int i=threadIdx.x+1; i<w+2*gc_x-1; i+=w) {
                Qx[p][j][i] = minmodSlope(Q[p][j][i-1], Q[p][j][i], Q[p][j][i+1], theta_);
            }
        }
    }
}


/**
  * Reconstructs a minmod slope for a whole block along the ordinate
  */
template<int w, int h, int gc_x, int gc_y, int vars>
__device__ void minmodSlopeY(float Q[vars][h+2*gc_y][w+2*gc_x],
                  float Qy[vars][h+2*gc_y][w+2*gc_x],
                  const float theta_) {
    //Reconstruct slopes along y axis
    for (int p=0; p<vars; ++p) {
        for (int j=threadIdx.y+1; j<h+2*gc_y-1; j+=h) {
            for (int i=threadIdx.x; i<w+2*gc_x; i+=w) {
                Qy[p][j][i] = minmodSlope(Q[p][j-1][i], Q[p][j][i], Q[p][j+1][i], theta_);
            }
        }
    }
}




__device__ float monotonized_central(float r_) {
    return fmaxf(0.0f, fminf(2.0f, fminf(2.0f*r_, 0.5f*(1.0f+r_))));
}

__device__ float osher(float r_, float beta_) {
    return fmaxf(0.0f, fminf(beta_, r_));
}

__device__ float sweby(float r_, float beta_) {
    return fmaxf(0.0f, fmaxf(fminf(r_, beta_), fminf(beta_*r_, 1.0f)));
}

__device__ float minmod(float r_) {
    return fmaxf(0.0f, fminf(1.0f, r_));
}

__device__ float generalized_minmod(float r_, float theta_) {
    return fmaxf(0.0f, fminf(theta_*r_, fminf( (1.0f + r_) / 2.0f, theta_)));
}

__device__ float superbee(float r_) {
    return fmaxf(0.0f, fmaxf(fminf(2.0f*r_, 1.0f), fminf(r_, 2.0f)));
}

__device__ float vanAlbada1(float r_) {
    return (r_*r_ + r_) / (r_*r_ + 1.0f);
}

__device__ float vanAlbada2(float r_) {
    return 2.0f*r_ / (r_*r_* + 1.0f);
}

__device__ float vanLeer(float r_) {
    return (r_ + fabsf(r_)) / (1.0f + fabsf(r_));
}
// ---- end of limiters.h
// ---- GPUSimulators/cuda/SWECommon.h, lines 23-533 (line 22, #include "limiters.h", is the block above)






__device__ float3 F_func(const float3 Q, const float g) {
    float3 F;

    F.x = Q.y;                              //hu
    F.y = Q.y*Q.y / Q.x + 0.5f*g*Q.x*Q.x;   //hu*hu/h + 0.5f*g*h*h;
    F.z = Q.y*Q.z / Q.x;                    //hu*hv/h;

    return F;
}













/**
  * Superbee flux limiter for WAF.
  * Related to superbee limiter so that WAF_superbee(r, c) = 1 - (1-|c|)*superbee(r)
  * @param r_ the ratio of upwind change (see Toro 2001, p. 203/204)
  * @param c_ the courant number for wave k, dt*S_k/dx
  */
__device__ float WAF_superbee(float r_, float c_) {
    // r <= 0.0
    if (r_ <= 0.0f) { 
        return 1.0f;
    }
    // 0.0 <= r <= 1/2
    else if (r_ <= 0.5f) { 
        return 1.0f - 2.0f*(1.0f - fabsf(c_))*r_;
    }
    // 1/2 <= r <= 1
    else if (r_ <= 1.0f) {
        return fabs(c_);
    }
    // 1 <= r <= 2
    else  if (r_ <= 2.0f) {
        return 1.0f - (1.0f - fabsf(c_))*r_;
    }
    // r >= 2
    else {
        return 2.0f*fabsf(c_) - 1.0f;
    }
}




__device__ float WAF_albada(float r_, float c_) {
    if (r_ <= 0.0f) {
        return 1.0f;
    }
    else {
        return 1.0f - (1.0f - fabsf(c_)) * r_ * (1.0f + r_) / (1.0f + r_*r_);
    }
}

__device__ float WAF_minbee(float r_, float c_) {
    r_ = fmaxf(-1.0f, fminf(2.0f, r_));
    if (r_ <= 0.0f) {
        return 1.0f;
    }
    if (r_ >= 0.0f && r_ <= 1.0f) {
        return 1.0f - (1.0f - fabsf(c_)) * r_;
    }
    else {
        return fabsf(c_);
    }
}

__device__ float WAF_minmod(float r_, float c_) {
    return 1.0f - (1.0f - fabsf(c_)) * fmaxf(0.0f, fminf(1.0f, r_));
}

__device__ float limiterToWAFLimiter(float r_, float c_) {
    return 1.0f - (1.0f - fabsf(c_))*r_;
}

// Compute h in the "star region", h^dagger
__device__ __inline__ float computeHStar(float h_l, float h_r, float u_l, float u_r, float c_l, float c_r, float g_) {
    
    //This estimate for the h* gives rise to spurious oscillations. 
    //return 0.5f * (h_l+h_r) - 0.25f * (u_r-u_l)*(h_l+h_r)/(c_l+c_r);
    
    const float h_tmp = 0.5f * (c_l + c_r) + 0.25f * (u_l - u_r);
    return h_tmp*h_tmp / g_;
}

/**
  * Weighted average flux (Toro 2001, p 200) for interface {i+1/2}
  * @param r_ The flux limiter parameter (see Toro 2001, p. 203)
  * @param Q_l2 Q_{i-1}
  * @param Q_l1 Q_{i}
  * @param Q_r1 Q_{i+1}
  * @param Q_r2 Q_{i+2}
  */
__device__ float3 WAF_1D_flux(const float3 Q_l2, const float3 Q_l1, const float3 Q_r1, const float3 Q_r2, const float g_, const float dx_, const float dt_) {     
    const float h_l = Q_l1.x;
    const float h_r = Q_r1.x;
    
    const float h_l2 = Q_l2.x;
    const float h_r2 = Q_r2.x;
    
    // Calculate velocities
    const float u_l = Q_l1.y / h_l;
    const float u_r = Q_r1.y / h_r;
    
    const float u_l2 = Q_l2.y / h_l2;
    const float u_r2 = Q_r2.y / h_r2;
    
    const float v_l = Q_l1.z / h_l;
    const float v_r = Q_r1.z / h_r;
    
    const float v_l2 = Q_l2.z / h_l2;
    const float v_r2 = Q_r2.z / h_r2;
    
    // Estimate the potential wave speeds
    const float c_l = sqrt(g_*h_l);
    const float c_r = sqrt(g_*h_r);
    
    const float c_l2 = sqrt(g_*h_l2);
    const float c_r2 = sqrt(g_*h_r2);
    
    // Compute h in the "star region", h^dagger
    const float h_dag_l = computeHStar(h_l2,  h_l, u_l2,  u_l, c_l2,  c_l, g_);
    const float h_dag   = computeHStar( h_l,  h_r,  u_l,  u_r,  c_l,  c_r, g_);
    const float h_dag_r = computeHStar( h_r, h_r2,  u_r, u_r2,  c_r, c_r2, g_);
    
    const float q_l_tmp = sqrt(0.5f * ( (h_dag+h_l)*h_dag ) ) / h_l;
    const float q_r_tmp = sqrt(0.5f * ( (h_dag+h_r)*h_dag ) ) / h_r;
    
    const float q_l = (h_dag > h_l) ? q_l_tmp : 1.0f;
    const float q_r = (h_dag > h_r) ? q_r_tmp : 1.0f;
    
    // Compute wave speed estimates
    const float S_l = u_l - c_l*q_l; 
    const float S_r = u_r + c_r*q_r;
    const float S_star = ( S_l*h_r*(u_r - S_r) - S_r*h_l*(u_l - S_l) ) / ( h_r*(u_r - S_r) - h_l*(u_l - S_l) );
    
    const float3 Q_star_l = h_l * (S_l - u_l) / (S_l - S_star) * make_float3(1.0, S_star, v_l);
    const float3 Q_star_r = h_r * (S_r - u_r) / (S_r - S_star) * make_float3(1.0, S_star, v_r);
    
    // Estimate the fluxes in the four regions
    const float3 F_1 = F_func(Q_l1, g_);
    const float3 F_4 = F_func(Q_r1, g_);
    
    const float3 F_2 = F_1 + S_l*(Q_star_l - Q_l1);
    const float3 F_3 = F_4 + S_r*(Q_star_r - Q_r1);
    //const float3 F_2 = F_func(Q_star_l, g_);
    //const float3 F_3 = F_func(Q_star_r, g_);
    
    // Compute the courant numbers for the waves
    const float c_1 = S_l * dt_ / dx_;
    const float c_2 = S_star * dt_ / dx_;
    const float c_3 = S_r * dt_ / dx_;
    
    // Compute the "upwind change" vectors for the i-3/2 and i+3/2 interfaces
    const float eps = 1.0e-6f;
    const float r_1 = desingularize( (c_1 > 0.0f) ? (h_dag_l - h_l2) : (h_dag_r - h_r), eps) / desingularize((h_dag - h_l), eps);
    const float r_2 = desingularize( (c_2 > 0.0f) ? (v_l - v_l2) : (v_r2 - v_r), eps ) / desingularize((v_r - v_l), eps);
    const float r_3 = desingularize( (c_3 > 0.0f) ? (h_l - h_dag_l) : (h_r2 - h_dag_r), eps ) / desingularize((h_r - h_dag), eps);
        
    // Compute the limiter
    // We use h for the nonlinear waves, and v for the middle shear wave 
    const float A_1 = copysign(1.0f, c_1) * limiterToWAFLimiter(generalized_minmod(r_1, 1.9f), c_1);
    const float A_2 = copysign(1.0f, c_2) * limiterToWAFLimiter(generalized_minmod(r_2, 1.9f), c_2); 
    const float A_3 = copysign(1.0f, c_3) * limiterToWAFLimiter(generalized_minmod(r_3, 1.9f), c_3);
    
    //Average the fluxes
    const float3 flux = 0.5f*( F_1 + F_4 )
                      - 0.5f*( A_1 * (F_2 - F_1)
                             + A_2 * (F_3 - F_2)
                             + A_3 * (F_4 - F_3) );

    return flux;
}














/**
  * Central upwind flux function
  */
__device__ float3 CentralUpwindFlux(const float3 Qm, float3 Qp, const float g) {
    const float3 Fp = F_func(Qp, g);
    const float up = Qp.y / Qp.x;   // hu / h
    const float cp = sqrt(g*Qp.x); // sqrt(g*h)

    const float3 Fm = F_func(Qm, g);
    const float um = Qm.y / Qm.x;   // hu / h
    const float cm = sqrt(g*Qm.x); // sqrt(g*h)
    
    const float am = min(min(um-cm, up-cp), 0.0f); // largest negative wave speed
    const float ap = max(max(um+cm, up+cp), 0.0f); // largest positive wave speed
    
    return ((ap*Fm - am*Fp) + ap*am*(Qp-Qm))/(ap-am);
}









/**
  * Godunovs centered scheme (Toro 2001, p 165)
  */
__device__ float3 GodC_1D_flux(const float3 Q_l, const float3 Q_r, const float g_, const float dx_, const float dt_) {
    const float3 F_l = F_func(Q_l, g_);
    const float3 F_r = F_func(Q_r, g_);
    
    const float3 Q_godc = 0.5f*(Q_l + Q_r) + (dt_/dx_)*(F_l - F_r);
    
    return F_func(Q_godc, g_);
}
    


    
    




/**
  * Harten-Lax-van Leer with contact discontinuity (Toro 2001, p 180)
  */
__device__ float3 HLL_flux(const float3 Q_l, const float3 Q_r, const float g_) {    
    const float h_l = Q_l.x;
    const float h_r = Q_r.x;
    
    // Calculate velocities
    const float u_l = Q_l.y / h_l;
    const float u_r = Q_r.y / h_r;
    
    // Estimate the potential wave speeds
    const float c_l = sqrt(g_*h_l);
    const float c_r = sqrt(g_*h_r);
    
    // Compute h in the "star region", h^dagger
    const float h_dag = 0.5f * (h_l+h_r) - 0.25f * (u_r-u_l)*(h_l+h_r)/(c_l+c_r);
    
    const float q_l_tmp = sqrt(0.5f * ( (h_dag+h_l)*h_dag / (h_l*h_l) ) );
    const float q_r_tmp = sqrt(0.5f * ( (h_dag+h_r)*h_dag / (h_r*h_r) ) );
    
    const float q_l = (h_dag > h_l) ? q_l_tmp : 1.0f;
    const float q_r = (h_dag > h_r) ? q_r_tmp : 1.0f;
    
    // Compute wave speed estimates
    const float S_l = u_l - c_l*q_l;
    const float S_r = u_r + c_r*q_r;
    
    //Upwind selection
    if (S_l >= 0.0f) {
        return F_func(Q_l, g_);
    }
    else if (S_r <= 0.0f) {
        return F_func(Q_r, g_);
    }
    //Or estimate flux in the star region
    else {
        const float3 F_l = F_func(Q_l, g_);
        const float3 F_r = F_func(Q_r, g_);
        const float3 flux = (S_r*F_l - S_l*F_r + S_r*S_l*(Q_r - Q_l)) / (S_r-S_l);
        return flux;
    }
}

















/**
  * Harten-Lax-van Leer with contact discontinuity (Toro 2001, p 181)
  */
__device__ float3 HLLC_flux(const float3 Q_l, const float3 Q_r, const float g_) {    
    const float h_l = Q_l.x;
    const float h_r = Q_r.x;
    
    // Calculate velocities
    const float u_l = Q_l.y / h_l;
    const float u_r = Q_r.y / h_r;
    
    // Estimate the potential wave speeds
    const float c_l = sqrt(g_*h_l);
    const float c_r = sqrt(g_*h_r);
    
    // Compute h in the "star region", h^dagger
    const float h_dag = 0.5f * (h_l+h_r) - 0.25f * (u_r-u_l)*(h_l+h_r)/(c_l+c_r);
    
    const float q_l_tmp = sqrt(0.5f * ( (h_dag+h_l)*h_dag / (h_l*h_l) ) );
    const float q_r_tmp = sqrt(0.5f * ( (h_dag+h_r)*h_dag / (h_r*h_r) ) );
    
    const float q_l = (h_dag > h_l) ? q_l_tmp : 1.0f;
    const float q_r = (h_dag > h_r) ? q_r_tmp : 1.0f;
    
    // Compute wave speed estimates
    const float S_l = u_l - c_l*q_l;
    const float S_r = u_r + c_r*q_r;
    const float S_star = ( S_l*h_r*(u_r - S_r) - S_r*h_l*(u_l - S_l) ) / ( h_r*(u_r - S_r) - h_l*(u_l - S_l) );
    
    const float3 F_l = F_func(Q_l, g_);
    const float3 F_r = F_func(Q_r, g_);
    
    //Upwind selection
    if (S_l >= 0.0f) {
        return F_l;
    }
    else if (S_r <= 0.0f) {
        return F_r;
    }
    //Or estimate flux in the "left star" region
    else if (S_l <= 0.0f && 0.0f <=S_star) {
        const float v_l = Q_l.z / h_l;
        const float3 Q_star_l = h_l * (S_l - u_l) / (S_l - S_star) * make_float3(1, S_star, v_l);
        const float3 flux = F_l + S_l*(Q_star_l - Q_l);
        return flux;
    }
    //Or estimate flux in the "righ star" region
    else if (S_star <= 0.0f && 0.0f <=S_r) {
        const float v_r = Q_r.z / h_r;
        const float3 Q_star_r = h_r * (S_r - u_r) / (S_r - S_star) * make_float3(1, S_star, v_r);
        const float3 flux = F_r + S_r*(Q_star_r - Q_r);
        return flux;
    }
    else {
        return make_float3(-99999.9f, -99999.9f, -99999.9f); //Something wrong here
    }
}













/**
  * Lax-Friedrichs flux (Toro 2001, p 163)
  */
__device__ float3 LxF_1D_flux(const float3 Q_l, const float3 Q_r, const float g_, const float dx_, const float dt_) {
    const float3 F_l = F_func(Q_l, g_);
    const float3 F_r = F_func(Q_r, g_);
    
    return 0.5f*(F_l + F_r) + (dx_/(2.0f*dt_))*(Q_l - Q_r);
}








/**
  * Lax-Friedrichs extended to 2D
  */
__device__ float3 LxF_2D_flux(const float3 Q_l, const float3 Q_r, const float g_, const float dx_, const float dt_) {
    const float3 F_l = F_func(Q_l, g_);
    const float3 F_r = F_func(Q_r, g_);
    
    //Note numerical diffusion for 2D here (0.25)
    return 0.5f*(F_l + F_r) + (dx_/(4.0f*dt_))*(Q_l - Q_r);
}












/**
  * Richtmeyer / Two-step Lax-Wendroff flux (Toro 2001, p 164)
  */
__device__ float3 LxW2_1D_flux(const float3 Q_l, const float3 Q_r, const float g_, const float dx_, const float dt_) {
    const float3 F_l = F_func(Q_l, g_);
    const float3 F_r = F_func(Q_r, g_);
    
    const float3 Q_lw2 = 0.5f*(Q_l + Q_r) + (dt_/(2.0f*dx_))*(F_l - F_r);
    
    return F_func(Q_lw2, g_);
}










 
    
/**
  * First Ordered Centered (Toro 2001, p.163)
  */
__device__ float3 FORCE_1D_flux(const float3 Q_l, const float3 Q_r, const float g_, const float dx_, const float dt_) {
    const float3 F_lf = LxF_1D_flux(Q_l, Q_r, g_, dx_, dt_);
    const float3 F_lw2 = LxW2_1D_flux(Q_l, Q_r, g_, dx_, dt_);
    return 0.5f*(F_lf + F_lw2);
}










template<int w, int h, int gc_x, int gc_y, int vars>
__device__ void writeCfl(float Q[vars][h+2*gc_y][w+2*gc_x],
        float shmem[h+2*gc_y][w+2*gc_x],
        const int nx_, const int ny_,
        const float dx_, const float dy_, const float g_,
        float* output_) {
    //Index of thread within block
    const int tx = threadIdx.x + gc_x;
    const int ty = threadIdx.y + gc_y;
    
    //Index of cell within domain
    const int ti = blockDim.x*blockIdx.x + tx;
    const int tj = blockDim.y*blockIdx.y + ty;
    
    //Only internal cells
    if (ti < nx_+gc_x && tj < ny_+gc_y) {
        const float h = Q[0][ty][tx];
        const float u   = Q[1][ty][tx] / h;
        const float v   = Q[2][ty][tx] / h;
        
        const float max_u = dx_ / (fabsf(u) + sqrtf(g_*h));
        const float max_v = dy_ / (fabsf(v) + sqrtf(g_*h));
        
        shmem[ty][tx] = fminf(max_u, max_v);
    }
    __syncthreads();
    
    //One row of threads loop over all rows
    if (ti < nx_+gc_x && tj < ny_+gc_y) {
        if (ty == gc_y) {
            float min_val = shmem[ty][tx];
            const int max_y = min(h, ny_+gc_y - tj);
            for (int j=gc_y; j<max_y+gc_y; j++) {
                min_val = fminf(min_val, shmem[j][tx]);
            }
            shmem[ty][tx] = min_val;
        }
    }
    __syncthreads();
    
    //One thread loops over first row to find global max
    if (tx == gc_x && ty == gc_y) {
        float min_val = shmem[ty][tx];
        const int max_x = min(w, nx_+gc_x - ti);
        for (int i=gc_x; i<max_x+gc_x; ++i) {
            min_val = fminf(min_val, shmem[ty][i]);
        }
        
        const int idx = gridDim.x*blockIdx.y + blockIdx.x;
        output_[idx] = min_val;
    }
}

// ---- end of SWECommon.h





/**
  * Computes the flux along the x axis for all faces
  */
__device__
void computeFluxF(float Q[3][BLOCK_HEIGHT+2][BLOCK_WIDTH+2],
                  float F[3][BLOCK_HEIGHT+2][BLOCK_WIDTH+2],
                  const float g_) {
    for (int j=threadIdx.y; j<BLOCK_HEIGHT+2; j+=BLOCK_HEIGHT) {
        for (int i=threadIdx.x; i<BLOCK_WIDTH+1; i+=BLOCK_WIDTH) {
            // Q at interface from the right and left
            const float3 Q_r = make_float3(Q[0][j][i+1],
                                           Q[1][j][i+1],
                                           Q[2][j][i+1]);
            const float3 Q_l = make_float3(Q[0][j][i],
                                           Q[1][j][i],
                                           Q[2][j][i]);
                       
            // Computed flux
            const float3 flux = HLL_flux(Q_l, Q_r, g_);
            F[0][j][i] = flux.x;
            F[1][j][i] = flux.y;
            F[2][j][i] = flux.z;
        }
    }
}





/**
  * Computes the flux along the y axis for all faces
  */
__device__
void computeFluxG(float Q[3][BLOCK_HEIGHT+2][BLOCK_WIDTH+2],
                  float G[3][BLOCK_HEIGHT+2][BLOCK_WIDTH+2],
                  const float g_) {
    //Compute fluxes along the y axis
    for (int j=threadIdx.y; j<BLOCK_HEIGHT+1; j+=BLOCK_HEIGHT) {
        for (int i=threadIdx.x; i<BLOCK_WIDTH+2; i+=BLOCK_WIDTH) {
            // Q at interface from the right and left
            // Note that we swap hu and hv
            const float3 Q_r = make_float3(Q[0][j+1][i],
                                           Q[2][j+1][i],
                                           Q[1][j+1][i]);
            const float3 Q_l = make_float3(Q[0][j][i],
                                           Q[2][j][i],
                                           Q[1][j][i]);
                                       
            // Computed flux
            //Note that we here swap hu and hv back to the original
            const float3 flux = HLL_flux(Q_l, Q_r, g_);
            G[0][j][i] = flux.x;
            G[1][j][i] = flux.z;
            G[2][j][i] = flux.y;
        }
    }
}












extern "C" {
    
__global__ void HLLKernel(
        int nx_, int ny_,
        float dx_, float dy_, float dt_,
        float g_,
        
        int boundary_conditions_,
        
        //Input h^n
        float* h0_ptr_, int h0_pitch_,
        float* hu0_ptr_, int hu0_pitch_,
        float* hv0_ptr_, int hv0_pitch_,
        
        //Output h^{n+1}
        float* h1_ptr_, int h1_pitch_,
        float* hu1_ptr_, int hu1_pitch_,
        float* hv1_ptr_, int hv1_pitch_,
        
        //Output CFL
        float* cfl_) {
    
    const unsigned int w = BLOCK_WIDTH;
    const unsigned int h = BLOCK_HEIGHT;
    const unsigned int gc_x = 1;
    const unsigned int gc_y = 1;
    const unsigned int vars = 3;
    
    //Shared memory variables
    __shared__ float Q[vars][h+2*gc_y][w+2*gc_x];
    __shared__ float F[vars][h+2*gc_y][w+2*gc_x];
    
    //Read into shared memory
    readBlock<w, h, gc_x, gc_y,  1,  1>( h0_ptr_,  h0_pitch_, Q[0], nx_, ny_, boundary_conditions_);
    readBlock<w, h, gc_x, gc_y, -1,  1>(hu0_ptr_, hu0_pitch_, Q[1], nx_, ny_, boundary_conditions_);
    readBlock<w, h, gc_x, gc_y,  1, -1>(hv0_ptr_, hv0_pitch_, Q[2], nx_, ny_, boundary_conditions_);
    
    //Compute F flux
    computeFluxF(Q, F, g_);
    __syncthreads();
    
    evolveF<w, h, gc_x, gc_y, vars>(Q, F, dx_, dt_);
    __syncthreads();
    
    //Compute G flux
    computeFluxG(Q, F, g_);
    __syncthreads();
    
    evolveG<w, h, gc_x, gc_y, vars>(Q, F, dy_, dt_);
    __syncthreads();
    
    // Write to main memory for all internal cells
    writeBlock<w, h, gc_x, gc_y>( h1_ptr_,  h1_pitch_, Q[0], nx_, ny_, 0, 1);
    writeBlock<w, h, gc_x, gc_y>(hu1_ptr_, hu1_pitch_, Q[1], nx_, ny_, 0, 1);
    writeBlock<w, h, gc_x, gc_y>(hv1_ptr_, hv1_pitch_, Q[2], nx_, ny_, 0, 1);
    
    //Compute the CFL for this block
    if (cfl_ != NULL) {
        writeCfl<w, h, gc_x, gc_y, vars>(Q, F[0], nx_, ny_, dx_, dy_, g_, cfl_);
    }
}

} // extern "C"
