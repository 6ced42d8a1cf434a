// tilelab kernel collection: Jetson-SLAM's CUDA ORB front end: the rotated BRIEF (rBRIEF) 256-bit descriptors, a byte a thread
// Source:  https://github.com/ashishkumar822/Jetson-SLAM/blob/6d47378bf40d2c344eb1a204c75bb16d9043f52a/src/cuda/orb_descriptor.cu
//          (ashishkumar822/Jetson-SLAM, commit 6d47378; the host functions are the same file's ORB_GPU methods)
// Licence: GPL-3.0-or-later (the repository README's GPLv3; notice below).
// Kept, unchanged: lines 6-69 (namespace orb_cuda, the define, ORB_compute_descriptorGPU), 108 (the namespace's brace).
// Removed: lines 1-3 (orb_gpu.hpp, none of whose defines is used; <chrono>), 73-106 (host ORB_compute_descriptor).
// Launch: ORB_compute_descriptor's block 512; its grid (n - 1) / 512 + 512 (n = 32 x keypoints) is cut to
// (n - 1) / 512 + 1: the other 511 blocks exit at once (the emulator's time; see the manifest).

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


#define CUDA_NUM_THREADS_PER_BLOCK 512


__global__ void ORB_compute_descriptorGPU(int n_threads,
                                          int height, int width,
                                          unsigned char* image_data,
                                          int image_pitch,
                                          signed char* pattern_x_data,
                                          signed char* pattern_y_data,
                                          int n_keypoints,
                                          int* keypoints_x,
                                          int* keypoints_y,
                                          float* keypoints_angle,
                                          unsigned char* keypoints_descriptor)
{
    int index = blockDim.x * blockIdx.x +  threadIdx.x;

    if(index < n_threads)
    {
        int h = index / 32;
        int w = index % 32;

        float angle = keypoints_angle[h];
        float a = cosf(angle);
        float b = sinf(angle);

        const unsigned char* center = image_data + keypoints_y[h] * image_pitch + keypoints_x[h];
        const signed char* pattern_x = pattern_x_data + w * 16;
        const signed char* pattern_y = pattern_y_data + w * 16;

        unsigned char val = 0x00;

        for(int i=0;i<8;i++)
        {
            int t0;
            int t1;

            int first_idx = i*2;
            int second_idx = i*2+1;
            {
                int patternx = pattern_x[first_idx];
                int patterny = pattern_y[first_idx];
                int rowoffset = rintf(patternx * b + patterny * a) * image_pitch;
                int coloffset = rintf(patternx * a - patterny * b);

                t0 = center[rowoffset + coloffset];
            }
            {
                int patternx = pattern_x[second_idx];
                int patterny = pattern_y[second_idx];
                int rowoffset = rintf(patternx * b + patterny * a) * image_pitch;
                int coloffset = rintf(patternx * a - patterny * b);

                t1 = center[rowoffset + coloffset];
            }
            val |= ((t0 < t1) << i);
        }
       keypoints_descriptor[h * 32 + w] = val;
    }

}

}
