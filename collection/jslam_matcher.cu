// tilelab kernel collection: Jetson-SLAM's CUDA ORB front end: the tracker's map-point projection and the ORB descriptors' Hamming distances
// Source:  https://github.com/ashishkumar822/Jetson-SLAM/blob/6d47378bf40d2c344eb1a204c75bb16d9043f52a/src/cuda/orb_matcher.cu
//          (ashishkumar822/Jetson-SLAM, commit 6d47378; the host functions are the same file's ORB_GPU methods)
// Licence: GPL-3.0-or-later (the repository README's GPLv3; notice below).
// Kept, unchanged: lines 13-62 (namespace orb_cuda, the define, ORB_Search_by_projection_project_on_GPU), 95-120 (ORB_compute_descriptor_Distance_GPU), 148 (the namespace's brace).
// Removed: lines 1-11 (orb_matcher.hpp, host declarations only; CUDA host headers, <stdio.h>, <iostream>, <chrono>), 65-89 and 123-146 (the two host functions).
// Launches: the hosts': block 512, grid (n + 512) / 512.

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


namespace orb_cuda{

#define CUDA_NUM_THREADS_PER_BLOCK 512

__global__ void ORB_Search_by_projection_project_on_GPU(int n_threads,
                                                        float* Px, float* Py, float* Pz,
                                                        float* Rcw, float* tcw,
                                                        float fx, float fy, float cx, float cy,
                                                        float minX, float maxX, float minY, float maxY,
                                                        float* u, float* v, float* invz,
                                                        unsigned char* is_valid)
{

    int index = blockIdx.x * blockDim.x + threadIdx.x;

    if(index <  n_threads)
    {
        unsigned char isvalid = 0;

        const float Pwx = Px[index];
        const float Pwy = Py[index];
        const float Pwz = Pz[index];

        const float Pcx = Pwx * Rcw[0] + Pwy * Rcw[1] + Pwz * Rcw[2] + tcw[0];
        const float Pcy = Pwx * Rcw[3] + Pwy * Rcw[4] + Pwz * Rcw[5] + tcw[1];
        const float Pcz = Pwx * Rcw[6] + Pwy * Rcw[7] + Pwz * Rcw[8] + tcw[2];

        float im_invz = -1;
        float im_u = -1;
        float im_v = -1;

        // Check positive depth
        if(Pcz > 0.0f)
        {
            // Project in image and check it is not outside
            im_invz = 1.0f / Pcz;
            im_u = fx * Pcx * im_invz + cx;
            im_v = fy * Pcy * im_invz + cy;

            if(!(im_u < minX || im_u > maxX || im_v < minY || im_v > maxY))
                isvalid = 1;

        }

        u[index] = im_u;
        v[index] = im_v;
        invz[index] = im_invz;
        is_valid[index] = isvalid;
    }
}

__global__ void ORB_compute_descriptor_Distance_GPU(int n_threads,
                                                    int* idx_left, int* idx_right,
                                                    unsigned char*  descriptor_left,
                                                    unsigned char*  descriptor_right,
                                                    int* distance)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;

    if(index <  n_threads)
    {
        int* d_left  = (int*)(descriptor_left  + idx_left[index] * 32);
        int* d_right = (int*)(descriptor_right + idx_right[index] * 32);

        int dist=0;

        for(int i=0; i<8; i++)
        {
            unsigned  int v = d_left[i] ^ d_right[i];
            v = v - ((v >> 1) & 0x55555555);
            v = (v & 0x33333333) + ((v >> 2) & 0x33333333);
            dist += (((v + (v >> 4)) & 0xF0F0F0F) * 0x1010101) >> 24;
        }

        distance[index] = dist;
    }
}

}
