// tilelab kernel collection: GridKnn-Cuda's grid-binned nearest-neighbour search (3-d points binned into a grid of
// cells, one block a cell; each query's nearest point among its own cell's and the up to 26 neighbouring cells'
// points, staged through shared memory)
// Source:  https://github.com/KonstantinosChatziantoniou/GridKnn-Cuda/blob/cb4eade10c81eb71e755e0e7925adf1dca1463c9/CudaGridKnn/src/main.cu
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019 Konstantinos Chatziantoniou", repeated below; the file
//          carries no notice).
//          (source: KonstantinosChatziantoniou/GridKnn-Cuda, commit cb4eade: a parallel-programming course assignment, a
//          1-nearest-neighbour search over a uniform grid)
// Kept: lines 18-178 of the original (the __global__ kernel devKnnShared), unchanged. Removed: lines 1-12 (<cuda.h>,
//       <cuda_runtime_api.h>, <cuda_profiler_api.h>, <math_functions.h>, <sys/time.h>, <omp.h>, the C library and
//       the project's two host headers: the kernel uses none of them but min, powf and sqrtf, which CUDA declares),
//       lines 13-16 (two host declarations) and lines 179-420 (main: point generation, binning and the launch, and
//       the host helpers).
//
// MIT License
//
// Copyright (c) 2019 Konstantinos Chatziantoniou
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

// main.cu, lines 18-178
__global__ void devKnnShared(float* points, float* queries, int* points_per_block, int* queries_per_block, int* res_indexes , float* res_dists, int number_of_queries , int max_points, int* dev_integral_points , int* dev_integral_queries)
{
    int b = blockIdx.x*gridDim.y*gridDim.z + blockIdx.y*gridDim.z + blockIdx.z;
    int num_of_queries = queries_per_block[b];
    int mulq = 0;
    int integral_queries = 0;
    int integral_points = 0;
    int qrs_shifter;
    int num_of_points ;
    float nbrs_dist;
    int nbrs_indx;
    int mulp ;
    int grid_d = gridDim.x;
    __shared__ float sh_pts[2000][3];
    int flag = 0;
    float myQuery[3];
    // for(int i = 0; i < b; i++){
    //     integral_points += points_per_block[i];
    //     integral_queries += queries_per_block[i];
    // }
    integral_points = dev_integral_points[b];
    integral_queries = dev_integral_queries[b];
    while(mulq*blockDim.x < num_of_queries){
        int q = mulq*blockDim.x + threadIdx.x;
        qrs_shifter = integral_queries + q;
        num_of_points = points_per_block[b];
        nbrs_dist = 100;
        nbrs_indx = 1;
        mulp = 0;
        if(q < num_of_queries){
            myQuery[0] = queries[qrs_shifter*3 + 0];
            myQuery[1] = queries[qrs_shifter*3 + 1];
            myQuery[2] = queries[qrs_shifter*3 + 2];
        }
        while(mulp*blockDim.x < num_of_points){
            int p2 = mulp*blockDim.x + threadIdx.x;
            int pts_shifter2 = integral_points + p2;

            __syncthreads();
            if(p2 < num_of_points && pts_shifter2 < max_points){
                for(int d = 0; d < 3; d++){
                    sh_pts[threadIdx.x][d] = points[pts_shifter2*3 + d];
                }
            }
            __syncthreads();

            if(q < num_of_queries){
                int limit = min(num_of_points,(mulp+1)*blockDim.x);
                for(int p = mulp*blockDim.x; p < limit; p++){
                    int pts_shifter = integral_points + p;
                    float dist = 0;
                    for(int d = 0; d < 3; d++){
                        dist += powf(myQuery[d]- sh_pts[p - mulp*blockDim.x][d] ,2);   //points[pts_shifter*3+d],2); //   
                    }
                    dist = sqrtf(dist);
                    if(dist < nbrs_dist){
                        nbrs_dist = dist;
                        nbrs_indx = pts_shifter;
                    }  
                }
            }
            mulp++;
        }

        if(q < num_of_queries){
            if(nbrs_dist < res_dists[qrs_shifter]){
                res_dists[qrs_shifter] = nbrs_dist;
                res_indexes[qrs_shifter] = nbrs_indx;
            }
        }
               
        
       

        mulq++;
    }

    // Search neighbour blocks

    int nbrs_blocks[27];
    int number_of_nbrs_blocks = 0; 
    for(int i = -1; i <= 1; i++){
        for(int j = -1; j <= 1; j++){
            for(int k = -1; k <= 1; k++){
                if(i != 0 | j != 0 | k != 0){
                    int nx = blockIdx.x + i;
                    int ny = blockIdx.y  + j;
                    int nz = blockIdx.z  + k;

                    if(!(nx<0 | ny<0 | nz<0 | nx >=grid_d | ny >= grid_d | nz>=grid_d)){
                        nbrs_blocks[number_of_nbrs_blocks] = nx*grid_d*grid_d + ny*grid_d + nz;
                        number_of_nbrs_blocks++;
                    }
                }
            }
        }
    }
    for(int nb = 0; nb < number_of_nbrs_blocks; nb++){
        integral_points = 0;
        // for(int i = 0; i < nbrs_blocks[nb]; i++){
        //     integral_points += points_per_block[i];
        // }
        integral_points = dev_integral_points[nbrs_blocks[nb]];
        mulq = 0;
        while(mulq*blockDim.x < num_of_queries){
            int q = mulq*blockDim.x + threadIdx.x;
            qrs_shifter = integral_queries + q;
            num_of_points = points_per_block[nbrs_blocks[nb]];
            nbrs_dist = 100;
            nbrs_indx = 1;
            mulp = 0;
            if(q < num_of_queries){
                myQuery[0] = queries[qrs_shifter*3 + 0];
                myQuery[1] = queries[qrs_shifter*3 + 1];
                myQuery[2] = queries[qrs_shifter*3 + 2];
            }
            
            while(mulp*blockDim.x < num_of_points){
                int p2 = mulp*blockDim.x + threadIdx.x;
                int pts_shifter2 = integral_points + p2;

                __syncthreads();
                if(p2 < num_of_points && pts_shifter2 < max_points){
                    for(int d = 0; d < 3; d++){
                        sh_pts[threadIdx.x][d] = points[pts_shifter2*3 + d];
                    }
                }
                __syncthreads();

                if(q < num_of_queries){
                    int limit = min(num_of_points,(mulp+1)*blockDim.x);
                    for(int p = mulp*blockDim.x; p < limit; p++){
                        int pts_shifter = integral_points + p;
                        float dist = 0;
                        for(int d = 0; d < 3; d++){
                            dist += powf(myQuery[d]- sh_pts[p - mulp*blockDim.x][d] ,2);   //points[pts_shifter*3+d],2); //   
                        }
                        dist = sqrtf(dist);
                        if(dist < nbrs_dist){
                            nbrs_dist = dist;
                            nbrs_indx = pts_shifter;
                        }  
                    }
                }
                mulp++;
            }

            if(q < num_of_queries){
                if(nbrs_dist < res_dists[qrs_shifter]){
                    res_dists[qrs_shifter] = nbrs_dist;
                    res_indexes[qrs_shifter] = nbrs_indx;
                }
            }
                
            
        

            mulq++;
        }
    }
}
