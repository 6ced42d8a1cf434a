// tilelab kernel collection: StableFluid-CUDA's MAC-grid free-surface fluid kernels (RK4 semi-Lagrangian advection, Poisson matrix assembly, projection, extrapolation, reduction)
// Source:  https://github.com/Ending2015a/StableFluid-CUDA/blob/baca5e22c16dd97b0c58eebfbe5f8a6b43ec6e02/main.cu
//          (Ending2015a/StableFluid-CUDA, commit baca5e2)
// Licence: MIT (the repository's LICENSE; main.cu carries no notice of its own: it is repeated below).
// Kept, unchanged: lines 33-40 (the __constant__ parameters) and 84-692 (every device function and kernel); removed:
//       lines 1-32, 41-83 (host includes and host globals) and 693-1143 (host code: allocation, launches, the PCG solve, main).
/*
MIT License

Copyright (c) 2022 Ending Hsiao

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

__device__ __constant__ int d_nx;
__device__ __constant__ int d_ny;
__device__ __constant__ double d_dx;
__device__ __constant__ double d_dy;
__device__ __constant__ double d_nu;
__device__ __constant__ double d_rho;
__device__ __constant__ double d_g;
__device__ __constant__ double d_rad;


// ===== kernel =====

// safe get from 2D matrix
template<typename T>
__device__ inline T _safe_get(const T* const field, const int x, const int y, 
                                const int lim_x, const int lim_y)
{
    if(x < 0 || x >= lim_x || y < 0 || y >= lim_y)
        return 0;
    return field[y*lim_x + x];
}

template<typename T>
__device__ inline T _safe_get_mr(const T* const field, int x, int y,
                                const int lim_x, const int lim_y)
{
    if(x < 0)
        x = 0;
    else if(x >= lim_x)
        x = lim_x-1;
    if(y < 0)
        y = 0;
    else if(y >= lim_y)
        y = lim_y-1;

    return field[y*lim_x + x];
}

// safe set to 2D matrix
template<typename T>
__device__ inline void _safe_set(T* const field, const int x, const int y,
                                const int lim_x, const int lim_y, const T value)
{
    if(x < 0 || x >= lim_x || y < 0 || y >= lim_y)
        return;
    field[y*lim_x + x] = value;
}

template<typename T>
__device__ inline void _safe_add(T* const field, const int x, const int y,
                                const int lim_x, const int lim_y, const T value)
{
    if(x < 0 || x >= lim_x || y < 0 || y >= lim_y)
        return;
    atomicAdd(&field[y*lim_x + x], value);
}

// bilinear interpolation
__device__ inline double _interpolate(const double* const field, const double x, const double y,
                                     const int lim_x, const int lim_y)
{
    // global coord to index coord
    double idx_x = x/d_dx;
    double idx_y = y/d_dy;
    
    // integer part
    double flx = floor(idx_x);
    double fly = floor(idx_y);

    // lower
    int x0 = (int)flx;
    int y0 = (int)fly;

    //fractional part
    double fcx = idx_x - flx;
    double fcy = idx_y - fly;

    // upper
    int x1 = x0+1;
    int y1 = y0+1;

    // interp x
    double fy1 = (1.-fcx) * _safe_get_mr(field, x0, y0, lim_x, lim_y) 
                    + fcx * _safe_get_mr(field, x1, y0, lim_x, lim_y);
    double fy2 = (1.-fcx) * _safe_get_mr(field, x0, y1, lim_x, lim_y)
                    + fcx * _safe_get_mr(field, x1, y1, lim_x, lim_y);
    // interp y
    double f = (1.-fcy) * fy1 + fcy * fy2;

    return f;
}

// 4th-order Rung-Jutta (ODE solver)
__device__ inline void _RK4(const double* const u, const double* const v, const double dt,
                            double XG, double YG, double *XP, double *YP, 
                            const int lim_ux, const int lim_uy, const int lim_vx, const int lim_vy)
{
    // half index (global coord to field coord)
    const double hx = XG - d_dx/2.;
    const double hy = YG - d_dy/2.;

    // Runge-Kutta 4
    const double xk1 = dt * _interpolate(u, XG, hy, lim_ux, lim_uy);
    const double yk1 = dt * _interpolate(v, hx, YG, lim_vx, lim_vy);

    const double xk2 = dt * _interpolate(u, XG + xk1/2., hy + yk1/2., lim_ux, lim_uy);
    const double yk2 = dt * _interpolate(v, hx + xk1/2., YG + yk1/2., lim_vx, lim_vy);

    const double xk3 = dt * _interpolate(u, XG + xk2/2., hy + yk2/2., lim_ux, lim_uy);
    const double yk3 = dt * _interpolate(v, hx + xk2/2., YG + yk2/2., lim_vx, lim_vy);
    
    const double xk4 = dt * _interpolate(u, XG + xk3, hy + yk3, lim_ux, lim_uy);
    const double yk4 = dt * _interpolate(v, hx + xk3, YG + yk3, lim_vx, lim_vy);

    // advect 
    *XP = XG + (xk1 + 2.*xk2 + 2.*xk3 + xk4)/6.;
    *YP = YG + (yk1 + 2.*yk2 + 2.*yk3 + yk4)/6.;
}

__device__ inline void _RK2(const double* const u, const double* const v, const double dt,
                            double XG, double YG, double *XP, double *YP,
                            const int lim_ux, const int lim_uy, const int lim_vx, const int lim_vy)
{
    const double hx = XG - d_dx/2.;
    const double hy = YG - d_dy/2.;

    const double xk1 = dt * _interpolate(u, XG, hy, lim_ux, lim_uy);
    const double yk1 = dt * _interpolate(v, hx, YG, lim_vx, lim_vy);

    const double xk2 = dt * _interpolate(u, XG + xk1/2., hy + yk1/2., lim_ux, lim_uy);
    const double yk2 = dt * _interpolate(v, hx + xk1/2., YG + yk1/2., lim_vx, lim_vy);

    *XP = XG + xk2;
    *YP = YG + yk2;
}

template<int block_size>
__global__ void _initialize(double* const grid, const int lim_x, const int lim_y, const double value)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * lim_x + x;

    if(y >= lim_y || x >= lim_x)return;

    grid[idx] = value;
}

// Update Grid Status (kernel)
template<int block_size>
__global__ void _updatestatus(const int num, const double* const x, const double* const y, int* const st)
{
    // thread index
    const int idx = block_size * blockIdx.x + threadIdx.x;

    // out of bounds
    if(idx >= num) return;

    // index coord
    const int X = (int)floor(x[idx]/d_dx);
    const int Y = (int)floor(y[idx]/d_dy);

    const int v = 1;
    _safe_set(st, X, Y, d_nx, d_ny, v);
}

// Advect Velocity (kernel)
template<int block_size>
__global__ void _advect(double* const u, const double* const bu, 
                    const double* const field_u, const double* const field_v, const double dt, 
                    const double off_x, const double off_y, const int lim_x, const int lim_y)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y*lim_x+x;

    // out of boundaries
    if(y >= lim_y || x >= lim_x)return;

    // index coord to global coord
    const double XG = ((double)x + off_x) * d_dx;
    const double YG = ((double)y + off_y) * d_dy;
    double XP;
    double YP;

    // trace backwards
    _RK4(field_u, field_v, -dt, XG, YG, &XP, &YP, d_nx+1, d_ny, d_nx, d_ny+1);

    // update 
    u[idx] = _interpolate(bu, XP-off_x*d_dx, YP-off_y*d_dy, lim_x, lim_y);
}


// Add Force (kernel)
template<int block_size>
__global__ void _addforce(int* const status, double* const v, const double dt)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y*d_nx + x;

    // out of boundaries
    if(y >= d_ny+1 || x >= d_nx)return;


    // add gravity
    v[idx] = v[idx] - dt * d_g;
}

template<int block_size>
__global__ void _compute_SDF(double* const mx, double* const my, const int num, double* const phi)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * d_nx + x;

    if(y >= d_ny || x >= d_nx)return;

    double ddx = ((double)x + 0.5)/d_dx - mx[num];
    double ddy = ((double)y + 0.5)/d_dy - my[num];
    
    double dist = sqrt(ddx*ddx + ddy*ddy) - d_rad;

    if(dist < phi[idx])
        phi[idx] = dist;
}

template<int block_size>
__global__ void _pre_counting(const int* const status, int* const array)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * d_nx + x;

    // out of bounds
    if(y >= d_ny || x >= d_nx)return;

    // not fluid
    if(status[idx] == 0)return;

    int nb=0;

    if(x > 0 && status[idx-1] != 0)nb++;    
    if(y > 0 && status[idx-d_nx] != 0)nb++;

    array[idx] = nb;
}

template<int block_size>
__global__ void _int_reduce(const int* const input, int* const output, unsigned int n)
{
    extern __shared__ int sdata[];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * block_size * 2 + threadIdx.x;
    unsigned int grid_size = block_size * 2 * gridDim.x;

    int sum = 0;
    while(i < n)
    {
        sum += input[i];
        if(i + block_size < n) sum += input[i+block_size];
        i += grid_size;
    }
    sdata[tid] = sum;
    __syncthreads();
    if((block_size >= 512) && (tid < 256)) sdata[tid] = sum = sum + sdata[tid+256];
    __syncthreads();
    if((block_size >= 256) && (tid < 128)) sdata[tid] = sum = sum + sdata[tid+128];
    __syncthreads();
    if((block_size >= 128) && (tid < 64)) sdata[tid] = sum = sum+sdata[tid+64];
    __syncthreads();
    if((block_size >= 64) && (tid < 32)) sdata[tid] = sum = sum+sdata[tid+32];
    __syncthreads();
    if((block_size >= 32) && (tid < 16)) sdata[tid] = sum = sum+sdata[tid+16];
    __syncthreads();
    if((block_size >= 16) && (tid < 8)) sdata[tid] = sum = sum+sdata[tid+8];
    __syncthreads();
    if((block_size >= 8) && (tid < 4)) sdata[tid] = sum = sum+sdata[tid+4];
    __syncthreads();
    if((block_size >= 4) && (tid < 2)) sdata[tid] = sum = sum+sdata[tid+2];
    __syncthreads();
    if((block_size >= 2) && (tid < 1)) sdata[tid] = sum = sum+sdata[tid+1];
    __syncthreads();
    if(tid == 0) output[blockIdx.x] = sum;
}

template<int block_size>
__global__ void _construct_sparse_matrix(int* const status, int* const idxmap, int* const terms,
                                        double* const A, int* const cooRowIdx, int* const colIdx,
                                        const double dt)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * d_nx + x;

    // out of bounds
    if(y >= d_ny || x >= d_nx)return;

    // not fluid
    if(status[idx] == 0)return;

    double scale = dt/d_rho;
    
    int pos = terms[idx];
    int offset = -1;
    double dg = 0;

    double scale_x = scale/(d_dx*d_dx);
    double scale_y = scale/(d_dy*d_dy);
    
    if(x > 0)
    {
        dg += scale_x;
        if(status[idx-1] != 0)
        {
            A[pos+offset] = -scale_x;
            colIdx[pos+offset] = idxmap[idx-1];
            cooRowIdx[pos+offset] = idxmap[idx];
            offset--;
        }
    }
    if(y > 0)
    {
        dg += scale_y;
        if(status[idx-d_nx] != 0)
        {
            A[pos+offset] = -scale_y;
            colIdx[pos+offset] = idxmap[idx-d_nx];
            cooRowIdx[pos+offset] = idxmap[idx];
        }
    }
    if(x < d_nx-1)dg += scale_x;
    if(y < d_ny-1)dg += scale_y;

    A[pos] = dg;
    colIdx[pos] = idxmap[idx];
    cooRowIdx[pos] = idxmap[idx];
}

template<int block_size>
__global__ void _construct_right_hand_side(int* const status, int* const idxmap, 
                                    double* const u, double* const v, double* const b)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * d_nx + x;

    // out of bounds
    if(y >= d_ny || x >= d_nx)return;

    // not fluid
    if(status[idx] == 0)return;

    const int uidx = idx + y;
    const int pos = idxmap[idx];

    double d = 0;
    d += (u[uidx+1]-u[uidx])/d_dx;
    d += (v[idx+d_nx]-v[idx])/d_dy;

    b[pos] = -d;
}

template<int block_size>
__global__ void _update_pressure(int* const status, int* const idxmap,
                            double* const p, double* const xp)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * d_nx + x;

    // out of bounds
    if(y >= d_ny || x >= d_nx)return;

    const int pos = idxmap[idx];
    
    double v;
    // not fluid
    if(status[idx] == 0)
        v = 0;
    else
        v = xp[pos];

    p[idx] = v;
}

template<int block_size>
__global__ void _update_velocity_v_by_pressure(int* const status, int* const valid, double* const p,
                                        double *v, const double dt)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * d_nx + x;

    if(y >= d_ny || x >= d_nx || y < 1)return;
    if(status[idx] == 0 && status[idx-d_nx] == 0)return;

    double pidx = p[idx];
    double pidx_1 = p[idx-d_nx];

    // negative gradient
    const double gd = -dt/d_rho * (pidx-pidx_1)/d_dy;

    // update v
    v[idx] = v[idx] + gd;
    valid[idx] = 1;
}

template<int block_size>
__global__ void _update_velocity_u_by_pressure(int* const status, int* const valid, double* const p,
                                        double *u, const double dt)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * d_nx + x;

    if(y >= d_ny || x >= d_nx || x < 1)return;
    if(status[idx] == 0 && status[idx-1] == 0)return;

    const int uidx = idx + y;

    double pidx = p[idx];
    double pidx_1 = p[idx-1];

    // negative gradient
    const double gd = -dt/d_rho * (pidx-pidx_1)/d_dx;
    
    // update u
    u[uidx] = u[uidx] + gd;
    valid[uidx] = 1;
}

template<int block_size>
__global__ void _enforce_boundary_v(double* const v)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * d_nx + x;

    if(y != d_ny && y != 0 || x >= d_nx)return;

    if(y == 0 && v[idx] < 0)v[idx] = 0;
    else if(y == d_ny && v[idx] > 0)v[idx] = 0;
}

template<int block_size>
__global__ void _enforce_boundary_u(double* const u)
{
     // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * (d_nx+1) + x;

    if(x != d_nx && x != 0 || y >= d_ny)return;

    if(x == 0 && u[idx] < 0)u[idx] = 0;
    else if(x == d_nx && u[idx] > 0)u[idx] = 0;
}

template<int block_size>
__global__ void _clean_field(int* const status, double* const u, double* const v)
{
     // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * d_nx + x;

    if(x >= d_nx || y >= d_ny)return;
    
    if(_safe_get(status, x, y, d_nx, d_ny) == 0)
    {
        if(_safe_get(status, x-1, y, d_nx, d_ny) == 0)
            u[idx+y] = 0;
        if(_safe_get(status, x, y-1, d_nx, d_ny) == 0)
            v[idx] = 0;

        if(x == d_nx-1)
            if(_safe_get(status, x+1, y, d_nx, d_ny) == 0)
                u[idx+1] = 0;
        if(y == d_ny-1)
            if(_safe_get(status, x, y+1, d_nx, d_ny) == 0)
                v[idx+d_nx] = 0;
    }
}

template<int block_size>
__global__ void _extrapolate_u(int* const nv, int* const v, double* const nu, double* const u)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * (d_nx+1) + x;

    if(y >= d_ny-1 || y < 1 || x >= d_nx || x < 1)return;
    //if(y >= d_ny || y < 0 || x >= d_nx || x < 1)return;
    if(v[idx] != 0)return;

    double sum = 0;
    int count = 0;
    
    if(v[idx+1] != 0)
    {
        sum += u[idx+1];
        count++;
    }

    if(v[idx-1] != 0)
    {
        sum += u[idx-1];
        count++;
    }

    if(v[idx+d_nx] != 0)
    {
        sum += u[idx+d_nx];
        count++;
    }

    if(v[idx-d_nx] != 0)
    {
        sum += u[idx-d_nx];
        count++;
    }

    if(count > 0)
    {
        nu[idx] = sum/(double)count;
        nv[idx] = 1;
    }
}

template<int block_size>
__global__ void _extrapolate_v(int* const nv, int* const v, double* const nu, double* const u)
{
    // thread index
    const int y = block_size * blockIdx.y + threadIdx.y;
    const int x = block_size * blockIdx.x + threadIdx.x;
    const int idx = y * d_nx + x;

    if(y >= d_ny || y < 1 || x >= d_nx-1 || x < 1)return;
    //if(y >= d_ny || y < 1 || x >= d_nx || x < 0)return;
    if(v[idx] != 0)return;

    double sum = 0;
    int count = 0;
    
    if(v[idx+1] != 0)
    {
        sum += u[idx+1];
        count++;
    }

    if(v[idx-1] != 0)
    {
        sum += u[idx-1];
        count++;
    }

    if(v[idx+d_nx] != 0)
    {
        sum += u[idx+d_nx];
        count++;
    }

    if(v[idx-d_nx] != 0)
    {
        sum += u[idx-d_nx];
        count++;
    }

    if(count > 0)
    {
        nu[idx] = sum/(double)count;
        nv[idx] = 1;
    }
}

// Advect markers (kernel)
template<int block_size>
__global__ void _advectmarkers(const int num, double* const x, double* const y,
                            const double* const field_u, const double* const field_v, 
                            const double dt, const double lim_x, const double lim_y)
{
    // thread index
    const int idx = block_size * blockIdx.x + threadIdx.x;

    // out of bounds
    if(idx >= num) return;

    // get current marker position
    const double XP = x[idx];
    const double YP = y[idx];

    double XP1;
    double YP1;

    // trace forwards
    _RK4(field_u, field_v, dt, XP, YP, &XP1, &YP1, d_nx+1, d_ny, d_nx, d_ny+1);

    // clamp into boundaries & set new position
    XP1 = XP1 < 0. ? 0.: XP1 > lim_x-(1e-8) ? lim_x-(1e-8) : XP1;
    x[idx] = XP1;
    
    YP1 = YP1 < 0. ? 0.: YP1 > lim_y-(1e-8) ? lim_y-(1e-8) : YP1;
    y[idx] = YP1;
}
