// tilelab kernel collection: Jetson-SLAM's CUDA ORB front end: the keypoints' intensity-centroid orientation (ORB's IC_Angle over the circular patch)
// Source:  https://github.com/ashishkumar822/Jetson-SLAM/blob/6d47378bf40d2c344eb1a204c75bb16d9043f52a/src/cuda/orb_FAST_orientation.cu
//          (ashishkumar822/Jetson-SLAM, commit 6d47378; the host functions are the same file's ORB_GPU methods)
// Licence: GPL-3.0-or-later (the repository README's GPLv3; notice below).
// Kept, unchanged: lines 5-254 (namespace orb_cuda, the defines, FASTComputeOrientationGPU, v2 and v3), 338 (the namespace's brace).
// Removed: lines 1-3 (orb_gpu.hpp, none of whose defines is used; <chrono>), 260-336 (host FAST_compute_orientation).
// Launch: FAST_compute_orientation's method 0 (the one it uses): FASTComputeOrientationGPU, block 32, grid
// (n - 1) / 32 + 32 (the host's formula, kept: 32 spare blocks of 32). v2 and v3 (methods 1, 2) are not launched.

/*
 * Jetson-SLAM (https://github.com/ashishkumar822/Jetson-SLAM), Ashish Kumar, Indian Institute of Technology Kanpur.
 * The repository's README.md: "Jetson-SLAM is released under a [GPLv3 license]." (the CUDA files carry no notice of
 * their own and the repository has no LICENSE file. The notice below is the GPL-3 notice its ORB-SLAM2-derived
 * sources carry, e.g. include/Frame.h, there in ORB-SLAM2's name.)
 *
 * Jetson-SLAM is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * Jetson-SLAM is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
 * GNU General Public License for more details.
 */


namespace orb_cuda {


#define CUDA_NUM_THREADS_PER_BLOCK 32


//#define PATCH_SIZE  31
#define HALF_PATCH_SIZE  15
//#define EDGE_THRESHOLD  19



__global__ void FASTComputeOrientationGPU(int n_threads,
                                          int imheight, int imwidth,
                                          int* u_max,
                                          unsigned char* image_data,
                                          int image_pitch,
                                          int* keypoint_x,
                                          int* keypoint_y,
                                          int* keypoints_score,
                                          float* keypoint_angle)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;

    if(index <  n_threads)
    {
        if(keypoints_score[index])
        {
            int h_im = keypoint_y[index];
            int w_im = keypoint_x[index];

            int offset = h_im * image_pitch + w_im;

            const unsigned char* center = image_data + offset;

            int m_01 = 0, m_10 = 0;

            for (int u = -HALF_PATCH_SIZE; u <= HALF_PATCH_SIZE; ++u)
                m_10 += u * center[u];

            const int step = image_pitch;
            for (int v = 1; v <= HALF_PATCH_SIZE; ++v)
            {
                int v_sum = 0;
                int d = u_max[v];

                for (int u = -d; u <= d; ++u)
                {
                    int val_plus =  center[u + v*step];
                    int val_minus = center[u - v*step];
                    v_sum += (val_plus - val_minus);
                    m_10 += u * (val_plus + val_minus);
                }
                m_01 += v * v_sum;
            }

            keypoint_angle[index] = atan2f((float)m_01, (float)m_10);
        }

    }
}



__global__ void FASTComputeOrientationGPUv2(int n_threads,
                                            int imheight, int imwidth,
                                            int* u_max,
                                            unsigned char* image_data,
                                            int image_pitch,
                                            int* keypoint_x,
                                            int* keypoint_y,
                                            int* keypoints_score,
                                            float* keypoint_angle)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;

    if(index <  n_threads)
    {
        if(keypoints_score[index])
        {

            __shared__ int shared_m10[32];
            __shared__ int shared_m01[32];

            const int wcell = 32;
            //        const int hcell = 1;
            const int whcell = 16;

            int cell_index = index / 32;

            int h_im = keypoint_y[index];
            int w_im = keypoint_x[index];


            int w_patch = (index % wcell) - whcell;

            int v_plus = 0;
            int v_minus = 0;

            for(int i=0;i<16;i++)
            {
                int val1;
                int val2;

                {
                    int h_patch = i;
                    int offset = (h_im+h_patch) * image_pitch + (w_im+w_patch);

                    const unsigned char* center = image_data + offset;
                    val1 = center[0];
                }

                {
                    int h_patch = -i-1;
                    int offset = (h_im+h_patch) * image_pitch + (w_im+w_patch);

                    const unsigned char* center = image_data + offset;
                    val2 = center[0];
                }

                v_plus += val1 + val2;
                v_minus += i * val1 - (-i-1) * val2;

            }

            int u = threadIdx.x;

            shared_m10[u] = u * v_plus;
            shared_m01[u] = v_minus;

            __syncthreads();

            if(index==0)
            {
                int m_10 = 0;
                int m_01 = 0;

                for(int i=0;i<32;i++)
                {
                    m_10 += shared_m10[i];
                    m_01 += shared_m01[i];
                }
                keypoint_angle[cell_index] = atan2f((float)m_01, (float)m_10);
            }
        }
    }
}



__global__ void FASTComputeOrientationGPUv3(int n_threads,
                                            int imheight, int imwidth,
                                            int* u_max,
                                            unsigned char* image_data,
                                            int image_pitch,
                                            int* keypoint_x,
                                            int* keypoint_y,
                                            int* keypoints_score,
                                            float* keypoint_angle)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;

    if(index <  n_threads)
    {
        if(keypoints_score[index])
        {

            __shared__ int shared_m10[31];
            __shared__ int shared_m01[31];

            const int wcell = 32;
            //        const int hcell = 1;
            const int whcell = 15;

            int cell_index = index / 32;

            int h_im = keypoint_y[index];
            int w_im = keypoint_x[index];


            int my_id = (index % wcell);

            int w_patch = my_id - whcell;

            int v_plus = 0;
            int v_minus = 0;

            if(my_id < 31)
            {
                for(int i=0;i<16;i++)
                {
                    int val1;
                    int val2;

                    if(i==0)
                    {
                        {
                            int h_patch = i;
                            int offset = (h_im+h_patch) * image_pitch + (w_im+w_patch);

                            const unsigned char* center = image_data + offset;
                            val1 = center[0];
                        }
                        v_plus += val1 ;
                    }
                    else
                    {
                        {
                            int h_patch = i;
                            int offset = (h_im+h_patch) * image_pitch + (w_im+w_patch);

                            const unsigned char* center = image_data + offset;
                            val1 = center[0];
                        }

                        {
                            int h_patch = -i;
                            int offset = (h_im+h_patch) * image_pitch + (w_im+w_patch);

                            const unsigned char* center = image_data + offset;
                            val2 = center[0];
                        }

                        v_plus += val1 + val2;
                        v_minus += i * (val1 - val2);
                    }

                }

                shared_m10[my_id] = w_patch * v_plus;
                shared_m01[my_id] = v_minus;
            }

            __syncthreads();

            if(index==0)
            {
                int m_10 = 0;
                int m_01 = 0;

                for(int i=0;i<31;i++)
                {
                    m_10 += shared_m10[i];
                    m_01 += shared_m01[i];
                }
                keypoint_angle[cell_index] = atan2f((float)m_01, (float)m_10);
            }
        }
    }
}

}
