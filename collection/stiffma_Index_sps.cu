// tilelab kernel collection: StiffMa's row/column indices of tril(K) for a scalar (heat) problem on 8-node hexahedra
// Source:  https://github.com/fjramireg/StiffMa/blob/bd273212a1009584e0b9e625e95b9d334ddc5841/tbx/StiffMa/Scalar/Index_sps.cu
// Licence: GPL-3.0 (the repository's LICENSE; notice below)
// Kept:    lines 1-112, the whole file (its header comment, the kernel and its explicit instantiations), unchanged.
//          The file has no host code.
//          (fjramireg/StiffMa, commit bd27321.)
/* This copy is distributed under the GNU General Public License version 3, as the repository is (its LICENSE file:
   the GPL-3.0 text). This program is free software: you can redistribute it and/or modify it under the terms of the
   GNU General Public License as published by the Free Software Foundation, version 3. It is distributed WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See
   <https://www.gnu.org/licenses/>. */
/*=========================================================================
*
** Computes Row/column indices of the lower triangular sparse matrix K (SCALAR)
*
*
** DATA INPUT
* 	elements[nel][8]      // Conectivity matrix of the mesh
*
** DATA OUTPUT
*	iK[36*nel]            // Row indices of the lower-triangular part of ke
*	jK[36*nel]            // Colummn indices of the lower-triangular part of ke
*
** COMPILATION (requirements)
*   c++ compiler (https://www.mathworks.com/support/requirements/supported-compilers.html)
*       e.g. MSCPP: https://visualstudio.microsoft.com/ (!cl)
*   nvcc compiler (CUDA Toolkit)
*       e.g. https://developer.nvidia.com/cuda-downloads (!nvcc -V)
*
** COMPILATION (Terminal)
* 	Opt1:  nvcc -ptx Index_sps.cu
* 	Opt2:  nvcc -ptx -v -arch=sm_50 --fmad=false -lineinfo -o Index_sps.ptx Index_sps.cu
*
** COMPILATION within MATLAB using NVCC (LINUX)
* 	setenv('MW_NVCC_PATH','/usr/local/cuda-10.2/bin')
*  	setenv('PATH',[getenv('PATH') ':/usr/local/cuda-10.2/bin'])
*  	system('nvcc -ptx Index_sps.cu')
*
** COMPILATION within MATLAB using NVCC (Windows)
* 	Add MSCPP compiler to the path, e.g. C:\Program Files\Microsoft Visual Studio\18\Community\VC\Tools\MSVC\14.50.35717\bin\Hostx64\x64
*  	system('nvcc -ptx -v Index_sps.cu')
*   system('nvcc -ptx -v Index_sps.cu > Index_sps.log 2>&1'); % Redirect the command output to a log file (Windows and UNIX)
*
** COMPILATION within MATLAB using mexcuda (https://www.mathworks.com/help/parallel-computing/mexcuda.html)
*   mexcuda -ptx -v Index_sps.cu
*
** MATLAB KERNEL CREATION (inside MATLAB)
*			kernel = parallel.gpu.CUDAKernel('Index_sps.ptx', 'Index_sps.cu');
*
** MATLAB KERNEL CONFIGURATION
*          kernel.ThreadBlockSize = [512, 1, 1];
*          kernel.GridSize = [ceil(nel/kernel.ThreadBlockSize(1)), 1, 1];
*
** MATLAB CALL
*			Out = feval(kernel, DATA INPUT + DATA OUTPUT);
*          [iK, jK] = feval(kernel, elements, nel, gpuArray.zeros(36*nel,1,'uint32'), gpuArray.zeros(36*nel,1,'uint32'));
*
** TRANSFER DATA FROM CPU TO GPU MEMORY (if necessary)
*			Out_cpu = gather(Out);
*
** This function was developed by:
*          Francisco Javier Ramirez-Gil
*          Universidad Nacional de Colombia - Medellin
*          Department of Mechanical Engineering
*
*** Please cite this code if you find it useful (See: https://github.com/fjramireg/StiffMa)
*
** Date & version
* 	Last modified: April 14, 2026. Version 1.5 (Re-compiled)
*   Modified: 08/02/2020. Version 1.4 (Error fix to use 'uint64')
*   Modified: 31/01/2020. Version 1.3 (added grid stride)
* 	Modified: 21/01/2019, Version 1.2
* 	Created: 30/11/2018. V 1.0
*
* ======================================================================*/


template <typename intT>           	// Data type template
// CUDA kernel to compute row/column indices of tril(K) (SCALAR)
__global__ void IndexScalarGPU(const intT *elements,
                               const intT nel,
                               intT *iK,
                               intT *jK) {

    intT e, idx, i, j, temp, n[8];                      // General indices of type intT
    intT tid = blockDim.x * blockIdx.x + threadIdx.x;   // Thread ID
    intT stride = gridDim.x * blockDim.x;               // Grid stride

    // Parallel computation loop
    for (e = tid; e < nel; e += stride ){

        // Extracts nodes (DOFs) of element 'e'
        for (i=0; i<8; i++) {n[i] = elements[i + 8*e];}

        // Computes row/column indices taking advantage of symmetry
        temp = 0;
        for (j=0; j<8; ++j){
            for (i=j; i<8; ++i){
                idx = temp + i + 36*e;
                if (n[i] >= n[j]){
                    iK[idx] = n[i];
                    jK[idx] = n[j];}
                else{
                    iK[idx] = n[j];
                    jK[idx] = n[i];
                } // End of IF
            } // End of FOR LOOP i
            temp += i-j-1;
        } // End of FOR LOOP j
    } // End of FOR LOOP e
} // End of KERNEL

// Indices of data type 'uint32'
template __global__ void IndexScalarGPU<unsigned int>(const unsigned int *,
                                                      const unsigned int,
                                                      unsigned int *,
                                                      unsigned int *);

// Indices of data type 'uint64'
template __global__ void IndexScalarGPU<unsigned long long int>(const unsigned long long int *,
                                                                const unsigned long long int,
                                                                unsigned long long int *,
                                                                unsigned long long int *);
