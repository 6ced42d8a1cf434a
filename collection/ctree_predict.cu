// tilelab kernel collection: CudaTree's tree prediction kernel (a random forest's tree, one sample per warp: lane 0 walks the tree)
// Source:  https://github.com/EasonLiao/CudaTree/blob/fcd9c7f4dbac00c105bbfbff9f55db1d29747fc7/cudatree/cuda_kernels/predict.cu
//          (EasonLiao/CudaTree, commit fcd9c7f)
// Licence: BSD-3-Clause ("New BSD License", the repository's LICENSE, repeated below; the file carries no notice).
// Kept:    lines 1-70, the whole file, unchanged but for its three "%s" (lines 4-6): the file is a Python format string that
//          cudatree/random_forest.py substitutes with % (ctype_indices, ctype_samples, ctype_labels); here as for float32 samples, fewer than 65,536 of them and fewer than 256 labels: "uint16_t", "float", "uint8_t" (util.py's get_best_dtype and dtype_to_ctype). PyCUDA's SourceModule compiles the string inside extern "C" { } (its default); here it is the string alone.
// Launches: base_tree.py's gpu_predict: predict<<<(ceil(n_predict / 16), 1), (512, 1, 1)>>>, left_children, right_children, feature_idx_array, feature_threshold_array, values_array, the samples (n_predict x n_features, row-major), predict_res, n_features, n_predict.

/*
   New BSD License
   
   Copyright (c) 2013 - Yisheng Liao, Alex Rubinsteyn and Power Russell.
   All rights reserved.
   
   
   Redistribution and use in source and binary forms, with or without
   modification, are permitted provided that the following conditions are met:
   
     a. Redistributions of source code must retain the above copyright notice,
        this list of conditions and the following disclaimer.
     b. Redistributions in binary form must reproduce the above copyright
        notice, this list of conditions and the following disclaimer in the
        documentation and/or other materials provided with the distribution.
     c. Neither the name of the Scikit-learn Developers  nor the names of
        its contributors may be used to endorse or promote products
        derived from this software without specific prior written
        permission. 
   
   
   THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
   AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
   IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
   ARE DISCLAIMED. IN NO EVENT SHALL THE REGENTS OR CONTRIBUTORS BE LIABLE FOR
   ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
   DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
   SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
   CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT
   LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY
   OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH
   DAMAGE.
*/

#include<stdio.h>
#include<math.h>
#include<stdint.h>
#define IDX_DATA_TYPE uint16_t
#define SAMPLE_DATA_TYPE float
#define LABEL_DATA_TYPE uint8_t

#define WARP_SIZE 32
#define WARP_MASK 0x1f
#define WARPS_PER_BLOCK 16

__global__ void predict(uint32_t *left_child_arr,
                        uint32_t *right_child_arr,
                        uint16_t *feature_array,
                        float *threshold_array,
                        LABEL_DATA_TYPE *value_array,
                        SAMPLE_DATA_TYPE *predict_array,
                        LABEL_DATA_TYPE *predict_res,
                        int n_features,
                        int n_predict
                        ) {
  /* 
    Predict new labels for previously unseen data points. 
    Inputs: 
      - left_child_arr : what's the index of the left child node? 
      - right_child_arr : what's the index of the right child node? 
      - threshold_array : what's the threshold of a given internal node?
      - value_array : what's the value of a give leaf?
      - predict_array : the input samples need to be predicted.
      - n_features : the number of features the samples have.
      - n_predict : number of samples need to be predicted.
    
    Outputs:
      - predict_res : the result of the prediction
 */

  int lane_id = threadIdx.x & WARP_MASK;
  int warp_id = threadIdx.x / WARP_SIZE;

  if(lane_id != 0)
    return;

  int predict_idx = blockIdx.x * gridDim.y * WARPS_PER_BLOCK + blockIdx.y * WARPS_PER_BLOCK + warp_id;
  int offset = predict_idx * n_features;
  int idx = 0; 
  
  if(predict_idx >= n_predict)
    return;

  while(true){
    uint32_t left_idx = left_child_arr[idx];
    uint32_t right_idx = right_child_arr[idx];
    
    if(left_idx == 0 || right_idx == 0){
      //Means it's on leaf.
      predict_res[predict_idx] = value_array[idx];
      return;
    }
    
    float threshold = threshold_array[idx]; 
    uint16_t feature_idx = feature_array[idx];
    
    if(predict_array[offset + feature_idx] < threshold)
      idx = left_idx;
    else 
      idx = right_idx;
  }

}

