// tilelab kernel collection: Jetson-SLAM's CUDA ORB front end: FAST's local 3 x 3 non-maximum suppression on the score map
// Source:  https://github.com/ashishkumar822/Jetson-SLAM/blob/6d47378bf40d2c344eb1a204c75bb16d9043f52a/src/cuda/orb_FAST_apply_NMS_L.cu
//          (ashishkumar822/Jetson-SLAM, commit 6d47378; the host functions are the same file's ORB_GPU methods)
// Licence: GPL-3.0-or-later (the repository README's GPLv3; notice below).
// Kept, unchanged: lines 6-140 (using namespace std, namespace orb_cuda, the defines, FASTapplyNMSGPU), 199 (the namespace's brace).
// Removed: lines 1-4 (orb_gpu.hpp, whose four defines are copied in below, marked; <chrono>, <tictoc.hpp>), 142-197 (host FAST_apply_NMS_L).
// Launch: FAST_apply_NMS_L's GRID_LAUNCH grid ((width - 1) / 32 + 1, (height - 1) / 8 + 1), block 32 x 8.

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

using namespace std;

namespace orb_cuda {

#define CUDA_NUM_THREADS_PER_BLOCK 32

#define NMS_WINDOW 3
#define NMS_WINDOW_HALF (NMS_WINDOW - 1 ) / 2


#define CUDA_NUM_THREADS_PER_BLOCK_x 32 // to ensure memory coalescing 16x16 can be an option however half of the warp will access different mem while anlther half the other
#define CUDA_NUM_THREADS_PER_BLOCK_y 8


#define GRID_LAUNCH


__global__ void FASTapplyNMSGPU(int n_threads,
                                int imheight, int imwidth,
                                int roiheight, int roiwidth,
                                int* score_data_gpu,
                                int score_pitch,
                                int* score_data_nms,
                                int score_nms_pitch)
{
#ifdef GRID_LAUNCH

    int w = blockIdx.x * blockDim.x + threadIdx.x;
    int h = blockIdx.y * blockDim.y + threadIdx.y;

    if(w < imwidth && h < imheight)
    {
#else
    int index = blockIdx.x * blockDim.x + threadIdx.x;

    if(index <  n_threads)
    {
        int h = index / roiwidth;
        int w = index % roiwidth;
#endif

        int MAX_BORDER = max(BORDER_SKIP, NMS_WINDOW_HALF);

        if(w >= MAX_BORDER && w < imwidth - MAX_BORDER && h < imheight - MAX_BORDER && h >= MAX_BORDER)
        {


            const int h_im = h;
            const int w_im = w;

            int score = score_data_gpu[h_im * score_pitch + w_im];

            int tile_h = 31;
            int tile_w = 31;

            int tile_loc_h = h % tile_h;
            int tile_loc_w = w % tile_w;

            if(tile_loc_h == 0 || tile_loc_h == tile_h - 1 || tile_loc_w == 0 || tile_loc_w == tile_w - 1)
            {

#if(NMS_WINDOW==3)
                //unrolled for 3x3
                int row_offset = (h_im + -1) * score_pitch;
                int col_offset = w_im + -1;
                int total_offset = row_offset + col_offset;

                score *= score >= score_data_gpu[total_offset];
                score *= score >= score_data_gpu[total_offset+1];
                score *= score >= score_data_gpu[total_offset+2];

                row_offset = (h_im + 0) * score_pitch;
                total_offset = row_offset + col_offset;

                score *= score >= score_data_gpu[total_offset];
                score *= score >= score_data_gpu[total_offset+1];
                score *= score >= score_data_gpu[total_offset+2];


                row_offset = (h_im + 1) * score_pitch;
                total_offset = row_offset + col_offset;

                score *= score >= score_data_gpu[total_offset];
                score *= score >= score_data_gpu[total_offset+1];
                score *= score >= score_data_gpu[total_offset+2];

#else

#ifdef DIVERGENCE_LESS_CODE

                //no divergence
                for(int i=-NMS_WINDOW_HALF;i<=NMS_WINDOW_HALF;i++)
                {
                    int row_offset = (h_im + i) * score_pitch;

                    for(int j=-NMS_WINDOW_HALF;j<=NMS_WINDOW_HALF;j++)
                    {
                        int col_offset = w_im + j;

                        int res = (score >= score_data_gpu[row_offset + col_offset]);
                        score *= (res);
                    }
                }

#else
                // divergence
                for(int i=-NMS_WINDOW_HALF;i<=NMS_WINDOW_HALF;i++)
                {
                    int row_offset = (h_im + i) * score_pitch;

                    for(int j=-NMS_WINDOW_HALF;j<=NMS_WINDOW_HALF;j++)
                    {
                        int col_offset = w_im + j;

                        if(score < score_data_gpu[row_offset + col_offset])
                        {
                            score = 0;
                            break;
                        }
                    }

                    if(!score)break;
                }
#endif

#endif
            }

            score_data_nms[h_im * score_nms_pitch + w_im] = score;

        }
    }


}

}
