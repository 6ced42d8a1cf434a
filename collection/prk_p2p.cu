// tilelab kernel collection: the Parallel Research Kernels' p2p: the pipeline (a 2-D recurrence swept anti-diagonal by anti-diagonal, grid.sync() between steps)
// Source:  https://github.com/ParRes/Kernels/blob/04248b66a03d7f5edba8d54c9ae7834dd718027a/Cxx11/p2p-cuda.cu
//          (ParRes/Kernels, commit 04248b6: the Parallel Research Kernels, C++11 versions, Intel Corporation and contributors)
// Licence: BSD-3-Clause (Intel Corporation; the repository's COPYING, "All files use the following license", and the
//          file's own notice, which follows).
// Kept: lines 1-61 (the notice and the program's description) and the device code, unchanged (lines 66-155, with the #if 0 block of an earlier p2p kernel as the file has it).
//       Removed: the host code (lines 157-317: main(), which launches p2p with cudaLaunchCooperativeKernel, grid n / 32 and
//       block 32, and checks the corner value) and the includes (lines 62-63: "prk_util.h" "prk_cuda.h", host utilities but
//       for the lines copied in; line 65: <cuda_runtime.h>).
// Copied in, marked: prk_util.h lines 72-78 (MIN, MAX) in place of its #include line (62).

///
/// Copyright (c) 2020, Intel Corporation
///
/// Redistribution and use in source and binary forms, with or without
/// modification, are permitted provided that the following conditions
/// are met:
///
/// * Redistributions of source code must retain the above copyright
///       notice, this list of conditions and the following disclaimer.
/// * Redistributions in binary form must reproduce the above
///       copyright notice, this list of conditions and the following
///       disclaimer in the documentation and/or other materials provided
///       with the distribution.
/// * Neither the name of Intel Corporation nor the names of its
///       contributors may be used to endorse or promote products
///       derived from this software without specific prior written
///       permission.
///
/// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
/// "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
/// LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS
/// FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
/// COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT,
/// INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING,
/// BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
/// LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
/// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT
/// LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN
/// ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE
/// POSSIBILITY OF SUCH DAMAGE.

//////////////////////////////////////////////////////////////////////
///
/// NAME:    Pipeline
///
/// PURPOSE: This program tests the efficiency with which point-to-point
///          synchronization can be carried out. It does so by executing
///          a pipelined algorithm on an n^2 grid. The first array dimension
///          is distributed among the threads (stripwise decomposition).
///
/// USAGE:   The program takes as input the
///          dimensions of the grid, and the number of iterations on the grid
///
///                <progname> <iterations> <n>
///
///          The output consists of diagnostics to make sure the
///          algorithm worked, and of timing statistics.
///
/// FUNCTIONS CALLED:
///
///          Other than standard C functions, the following
///          functions are used in this program:
///
///          wtime()
///
/// HISTORY: - Written by Rob Van der Wijngaart, February 2009.
///            C99-ification by Jeff Hammond, February 2016.
///            C++11-ification by Jeff Hammond, May 2017.
///
//////////////////////////////////////////////////////////////////////

// ---- from #include "prk_util.h" (Cxx11/prk_util.h lines 72-78; the notice above covers it) ----
// used in OpenMP target and CUDA code because std::min etc are not declare target
#ifndef MIN
#define MIN(x,y) ((x)<(y)?(x):(y))
#endif
#ifndef MAX
#define MAX(x,y) ((x)>(y)?(x):(y))
#endif
// ---- end of prk_util.h ----

#include <cooperative_groups.h>

#define BLOCK_SIZE 32

#if 0

#define HALO_SIZE 1

__global__ void p2p(int N, double * M)
{
    __shared__ float sm_buffer[BLOCK_SIZE + HALO_SIZE][BLOCK_SIZE + HALO_SIZE];

    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int dx = blockDim.x;

    cooperative_groups::grid_group cuda_grid = cooperative_groups::this_grid();

    for(int i = 0; i < 2*N/BLOCK_SIZE; ++i) {

         //Compute matrix coordinates for block corner
        int g_x = bx * BLOCK_SIZE + HALO_SIZE;
        int g_y = (i - bx) * BLOCK_SIZE + HALO_SIZE;

        //Check block is in bounds
        if(g_y >= 0 && g_y < (N + HALO_SIZE)) {

            // load halo to SM
            sm_buffer[0][tx + 1] = M[(g_y - 1) * (N + HALO_SIZE) + g_x + tx];
            sm_buffer[tx + 1][0] = M[(g_y + tx)* (N + HALO_SIZE) + g_x - 1];
            if(tx == 0) //Load corner
                sm_buffer[0][0] = M[(g_y - 1) * (N + HALO_SIZE) + g_x - 1];

            // inner loop
            for(int j = 0; j <= 2*BLOCK_SIZE; j++) {
                int l_x = tx + HALO_SIZE;
                int l_y = j - tx + HALO_SIZE;
                if (l_y >= 1 && l_y <= BLOCK_SIZE)
                    sm_buffer[l_y][l_x] = sm_buffer[l_y - 1][l_x] + sm_buffer[l_y][l_x - 1] - sm_buffer[l_y - 1][l_x - 1];
            }

            // flush block to memory
            for(int j = 0; j <= BLOCK_SIZE; j++)
                M[(g_y + j) * (N + HALO_SIZE) + g_x + tx] = sm_buffer[j + HALO_SIZE][tx + HALO_SIZE];

            // sync threads
            cuda_grid.sync();
        }
    }

#if 0
    // one thread copies the bottom right corner to the top left corner...
    if ((bx * dx + tx) == 0) {
        M[0] = -M[(N-1)*(N+HALO_SIZE)+(N-1)];
    }
    cuda_grid.sync(); // required?
#endif
}
#else
__global__ void p2p(double * grid, const int n)
{
    const int bx = blockIdx.x;
    const int tx = threadIdx.x;
    const int dx = blockDim.x;

    const int j = bx * dx + tx + 1;

    cooperative_groups::grid_group cuda_grid = cooperative_groups::this_grid();

    for (int i=2; i<=2*n-2; i++) {
      //parallel_for (int j=std::max(2,i-n+2); j<=std::min(i,n); j++) {
      if (MAX(2,i-n+2) <= j && j <= MIN(i,n)) {
        const int x = i-j+1;
        const int y = j-1;
        grid[x*n+y] = grid[(x-1)*n+y] + grid[x*n+(y-1)] - grid[(x-1)*n+(y-1)];
      }
      //__threadfence();
      cuda_grid.sync();
      //__threadfence();
    }

    // one thread copies the bottom right corner to the top left corner...
    if (j == 1) {
      grid[0*n+0] = -grid[(n-1)*n+(n-1)];
    }
    //__threadfence();
    //cuda_grid.sync(); // required?
    //__threadfence();
}
#endif
