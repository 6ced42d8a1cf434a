// tilelab kernel collection: Jetson-SLAM's CUDA ORB front end: the 7 x 7 Gaussian blur before the descriptors
// Source:  https://github.com/ashishkumar822/Jetson-SLAM/blob/6d47378bf40d2c344eb1a204c75bb16d9043f52a/src/cuda/orb_gaussian.cu
//          (ashishkumar822/Jetson-SLAM, commit 6d47378; the host functions are the same file's ORB_GPU methods)
// Licence: GPL-3.0-or-later (the repository README's GPLv3; notice below).
// Kept, unchanged: lines 13-138 (namespace orb_cuda, the defines, imgaussian_GPU), 522 (the namespace's brace).
// Removed: lines 1-10 (orb_gpu.hpp, whose four defines are copied in below, marked; OpenCV, CUDA host headers, <chrono>), 142-520 (imgaussian_GPU_v2 and the unroll/reduce pair, not launched by ORB_GPU::extract, and the hosts).
// Launch: compute_gaussian's block 512; its grid (n - 1) / 512 + 512 (n = (height - 40) x (width - 40)) is cut to
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

// ---- from include/cuda/orb_gpu.hpp, lines 17-20 (inside its namespace orb_cuda), unchanged:
#define BORDER_SKIP 20
#define CIRCULAR_HALF_PATCH_SIZE 15
#define NMS_WINDOW 3
#define NMS_WINDOW_HALF (NMS_WINDOW - 1 ) / 2
// ---- end of include/cuda/orb_gpu.hpp

namespace orb_cuda {


#define CUDA_NUM_THREADS_PER_BLOCK_V2 32

#define CUDA_NUM_THREADS_PER_BLOCK 512


__global__ void imgaussian_GPU(int n_threads,
                               int height, int width,
                               int roiheight, int roiwidth,
                               unsigned char* image_data,
                               int image_pitch,
                               unsigned char* image_data_gaussian,
                               int image_gaussian_pitch,
                               float* gaussian_weights)
{
    int index = blockDim.x * blockIdx.x +  threadIdx.x;

    if(index < n_threads)
    {
        int h = index / roiwidth;
        int w = index % roiwidth;

        int h_im = h + BORDER_SKIP;
        int w_im = w + BORDER_SKIP;

        int count = 0;
        float val = 0;

//#define GAUSSIAN_UNROLL

#ifndef GAUSSIAN_UNROLL

#pragma unroll
        for(int i=-3;i<=3;i++)
        {
            int row_offset = (h_im + i) * image_pitch;
#pragma unroll
            for(int j=-3;j<=3;j++)
            {
                int col_offset = w_im + j;
                val += gaussian_weights[count++] * image_data[row_offset + col_offset];
            }
        }

#else

        int offset = 0;

        offset = (h_im - 3) * image_pitch + w_im;

        val += gaussian_weights[0] * image_data[offset-3];
        val += gaussian_weights[1] * image_data[offset-2];
        val += gaussian_weights[2] * image_data[offset-1];
        val += gaussian_weights[3] * image_data[offset];
        val += gaussian_weights[4] * image_data[offset+1];
        val += gaussian_weights[5] * image_data[offset+2];
        val += gaussian_weights[6] * image_data[offset+3];

        offset = (h_im - 2) * image_pitch + w_im;

        val += gaussian_weights[7] * image_data[offset-3];
        val += gaussian_weights[8] * image_data[offset-2];
        val += gaussian_weights[9] * image_data[offset-1];
        val += gaussian_weights[10] * image_data[offset];
        val += gaussian_weights[11] * image_data[offset+1];
        val += gaussian_weights[12] * image_data[offset+2];
        val += gaussian_weights[13] * image_data[offset+3];


        offset = (h_im - 1) * image_pitch + w_im;

        val += gaussian_weights[14] * image_data[offset-3];
        val += gaussian_weights[15] * image_data[offset-2];
        val += gaussian_weights[16] * image_data[offset-1];
        val += gaussian_weights[17] * image_data[offset];
        val += gaussian_weights[18] * image_data[offset+1];
        val += gaussian_weights[19] * image_data[offset+2];
        val += gaussian_weights[20] * image_data[offset+3];

        offset = (h_im - 0) * image_pitch + w_im;

        val += gaussian_weights[21] * image_data[offset-3];
        val += gaussian_weights[22] * image_data[offset-2];
        val += gaussian_weights[23] * image_data[offset-1];
        val += gaussian_weights[24] * image_data[offset];
        val += gaussian_weights[25] * image_data[offset+1];
        val += gaussian_weights[26] * image_data[offset+2];
        val += gaussian_weights[27] * image_data[offset+3];

        offset = (h_im + 1) * image_pitch + w_im;

        val += gaussian_weights[28] * image_data[offset-3];
        val += gaussian_weights[29] * image_data[offset-2];
        val += gaussian_weights[30] * image_data[offset-1];
        val += gaussian_weights[31] * image_data[offset];
        val += gaussian_weights[32] * image_data[offset+1];
        val += gaussian_weights[33] * image_data[offset+2];
        val += gaussian_weights[34] * image_data[offset+3];

        offset = (h_im + 2) * image_pitch + w_im;

        val += gaussian_weights[35] * image_data[offset-3];
        val += gaussian_weights[36] * image_data[offset-2];
        val += gaussian_weights[37] * image_data[offset-1];
        val += gaussian_weights[38] * image_data[offset];
        val += gaussian_weights[39] * image_data[offset+1];
        val += gaussian_weights[40] * image_data[offset+2];
        val += gaussian_weights[41] * image_data[offset+3];

        offset = (h_im + 3) * image_pitch + w_im;

        val += gaussian_weights[42] * image_data[offset-3];
        val += gaussian_weights[43] * image_data[offset-2];
        val += gaussian_weights[44] * image_data[offset-1];
        val += gaussian_weights[45] * image_data[offset];
        val += gaussian_weights[46] * image_data[offset+1];
        val += gaussian_weights[47] * image_data[offset+2];
        val += gaussian_weights[48] * image_data[offset+3];
#endif

        image_data_gaussian[h_im * image_gaussian_pitch + w_im] = val;
    }

}

}
