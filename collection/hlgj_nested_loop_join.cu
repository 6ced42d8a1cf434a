// tilelab kernel collection: harp-lab/GPUJoin's GPU nested loop join (GPUHackathon), two passes with an atomic cursor
// Source:  https://github.com/harp-lab/GPUJoin/blob/ec1fd1defc8765c5d3037756db1fe3a1f0aa1a10/GPUHackathon/nested_loop_join_dynamic_atomic.cu
//          (harp-lab/GPUJoin, commit ec1fd1d; the relational joins of its GPU Datalog / transitive-closure study)
// Licence: MIT (GPUHackathon/LICENSE.md; the source file carries no notice of its own: it is repeated below).
// Kept, unchanged: nested_loop_join_dynamic_atomic.cu lines 22-63 (the two kernels); removed: lines 1-21 (host includes,
//       checkCuda) and 64-206 (host code).
/*
MIT License

Copyright (c) 2022 Sidharth Kumar

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

© 2022 G
*/

__global__
void gpu_get_total_join_size(int *total_size, int total_columns,
                             int *relation_1, int relation_1_rows, int relation_1_columns,
                             int relation_1_index,
                             int *relation_2, int relation_2_rows, int relation_2_columns,
                             int relation_2_index) {

    int i = (blockIdx.y * blockDim.y) + threadIdx.y;
    int j = (blockIdx.x * blockDim.x) + threadIdx.x;
    if (i >= relation_1_rows || j >= relation_2_rows) return;
    int relation_1_index_value = relation_1[(i * relation_1_columns) + relation_1_index];
    int relation_2_index_value = relation_2[(j * relation_2_columns) + relation_2_index];
    if (relation_1_index_value == relation_2_index_value) {
        atomicAdd(total_size, total_columns);
    }
}

__global__
void gpu_get_join_data_dynamic_atomic(int *result, int *position, int total_columns,
                                      int *relation_1, int relation_1_rows, int relation_1_columns,
                                      int relation_1_index,
                                      int *relation_2, int relation_2_rows, int relation_2_columns,
                                      int relation_2_index) {

    int i = (blockIdx.y * blockDim.y) + threadIdx.y;
    int j = (blockIdx.x * blockDim.x) + threadIdx.x;
    if (i >= relation_1_rows || j >= relation_2_rows) return;
    int relation_1_index_value, relation_2_index_value;
    relation_1_index_value = relation_1[(i * relation_1_columns) + relation_1_index];
    relation_2_index_value = relation_2[(j * relation_2_columns) + relation_2_index];
    if (relation_1_index_value == relation_2_index_value) {
        int start_position = atomicAdd(position, total_columns);
        for (int k = 0; k < relation_1_columns; k++) {
            result[start_position++] = relation_1[(i * relation_1_columns) + k];
        }
        for (int k = 0; k < relation_2_columns; k++) {
            if (k != relation_2_index) {
                result[start_position++] = relation_2[(j * relation_2_columns) + k];
            }
        }
    }
}
