// tilelab kernel collection: Jetson-SLAM's CUDA ORB front end: the image pyramid's bilinear downscaling (pitched and unpitched)
// Source:  https://github.com/ashishkumar822/Jetson-SLAM/blob/6d47378bf40d2c344eb1a204c75bb16d9043f52a/src/cuda/orb_pyramid.cu
//          (ashishkumar822/Jetson-SLAM, commit 6d47378; the host functions are the same file's ORB_GPU methods)
// Licence: GPL-3.0-or-later (the repository README's GPLv3; notice below).
// Kept, unchanged: lines 7-68 (namespace orb_cuda, the defines, imresize_GPU_pitched), 119-156 (imresize_GPU), 203 (the namespace's brace).
// Removed: lines 1-4 (orb_gpu.hpp, <chrono>; no define of it is used), 72-113 and 160-179 (the two host Compute_pyramid), 184-201 (the empty dummy_GPU and its host).
// Launches: the pitched Compute_pyramid's GRID_LAUNCH grid ((op_width - 1) / 32 + 1, (op_height - 1) / 8 + 1), block
// 32 x 8 (the one ORB_GPU::extract calls), and the unpitched one's (n + 512) / 512 blocks of 512.

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

#define CUDA_NUM_THREADS_PER_BLOCK_x 32
#define CUDA_NUM_THREADS_PER_BLOCK_y 8

#define GRID_LAUNCH


__global__ void imresize_GPU_pitched(int n_threads,
                                     int height, int width,
                                     int op_height, int op_width,
                                     float inv_scale,
                                     unsigned char* ip_image,int ip_pitch,
                                     unsigned char* op_image,int op_pitch)
{
#ifdef GRID_LAUNCH

    int w = blockIdx.x * blockDim.x + threadIdx.x;
    int h = blockIdx.y * blockDim.y + threadIdx.y;

    if(w < op_width && h < op_height)
    {
        const int offset = h * op_pitch + w;

#else
    int index = blockIdx.x * blockDim.x + threadIdx.x;

    if(index <  n_threads)
    {
        int h = index / op_width;
        int w = index % op_width;

        const int offset = h * op_pitch + w;

#endif
        float scale = 1.0f / inv_scale;

        float ip_h = scale * h;
        float ip_w = scale * w;

        int xl = floorf(ip_w);
        int xr = xl + 1;

        int yt = floorf(ip_h);
        int yb = yt + 1;

        float w_xl = xr - ip_w;
        float w_xr = 1  - w_xl;
        float w_yt = yb - ip_h;
        float w_yb = 1  - w_yt;

        op_image[offset] = w_yt * w_xl * ip_image[yt * ip_pitch + xl]
                + w_yt * w_xr * ip_image[yt * ip_pitch + xr]
                + w_yb * w_xl * ip_image[yb * ip_pitch + xl]
                + w_yb * w_xr * ip_image[yb * ip_pitch + xr];

    }

}

__global__ void imresize_GPU(int n_threads,
                             int height, int width,
                             int op_height, int op_width,
                             float inv_scale,
                             unsigned char* ip_image,
                             unsigned char* op_image)
{
    int index = blockDim.x * blockIdx.x +  threadIdx.x;

    if(index < n_threads)
    {
        int h = index / op_width;
        int w = index % op_width;

        float scale = 1.0f / inv_scale;

        float ip_h = scale * h;
        float ip_w = scale * w;

        int xl = floorf(ip_w);
        int xr = xl + 1;

        int yt = floorf(ip_h);
        int yb = yt + 1;

        float w_xl = xr - ip_w;
        float w_xr = 1  - w_xl;
        float w_yt = yb - ip_h;
        float w_yb = 1  - w_yt;

        op_image[index] = w_yt * w_xl * ip_image[yt * width + xl]
                + w_yt * w_xr * ip_image[yt * width + xr]
                + w_yb * w_xl * ip_image[yb * width + xl]
                + w_yb * w_xr * ip_image[yb * width + xr];

    }

}

}
