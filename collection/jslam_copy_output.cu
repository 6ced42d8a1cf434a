// tilelab kernel collection: Jetson-SLAM's CUDA ORB front end: the keypoints' output fields (scaled position, angle in degrees, response, octave, size)
// Source:  https://github.com/ashishkumar822/Jetson-SLAM/blob/6d47378bf40d2c344eb1a204c75bb16d9043f52a/src/cuda/orb_copy_output.cu
//          (ashishkumar822/Jetson-SLAM, commit 6d47378; the host functions are the same file's ORB_GPU methods)
// Licence: GPL-3.0-or-later (the repository README's GPLv3; notice below).
// Kept, unchanged: lines 6-45 (namespace orb_cuda, the define, ORB_copy_output_GPU), 91 (the namespace's brace).
// Removed: lines 1-3 (orb_gpu.hpp, none of whose defines is used, but whose <opencv2/opencv.hpp> brings <cmath>'s M_PI; <chrono>), 49-89 (host copy_output).
// Launch: copy_output's block 512; its grid (n - 1) / 512 + 512 is cut to (n - 1) / 512 + 1: the other 511
// blocks exit at once (the emulator's time; see the manifest).

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


__global__ void ORB_copy_output_GPU(int n_threads,
                                    const int octave,
                                    const int width,
                                    const float scale,
                                    const int* keypoints_x,
                                    const int* keypoints_y,
                                    const int* keypoints_score,
                                    const float* keypoints_angle,
                                    int* keypoints_x_op,
                                    int* keypoints_y_op,
                                    float* keypoints_angle_op,
                                    int* keypoints_response_op,
                                    int* keypoints_octave_op,
                                    int* keypoints_size_op)
{
    int index = blockDim.x * blockIdx.x +  threadIdx.x;

    if(index < n_threads)
    {
        const int kp_x =keypoints_x[index];
        const int kp_y =keypoints_y[index];

        keypoints_x_op[index] = kp_x * scale;
        keypoints_y_op[index] = kp_y * scale;
        keypoints_angle_op[index] = keypoints_angle[index] * (180.0 / M_PI);

//        const int offset = kp_y * width + kp_x;
        keypoints_response_op[index] = keypoints_score[index];

        keypoints_octave_op[index] = octave;
        keypoints_size_op[index] = 31 * scale;
    }

}

}
