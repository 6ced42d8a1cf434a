// tilelab kernel collection: harp-lab/GPUJoin's GPU hash join (GPUHackathon): build, join-size and join-result passes
// Source:  https://github.com/harp-lab/GPUJoin/blob/ec1fd1defc8765c5d3037756db1fe3a1f0aa1a10/GPUHackathon/hashjoin_gpu.cu
//          (harp-lab/GPUJoin, commit ec1fd1d; the relational joins of its GPU Datalog / transitive-closure study)
// Licence: MIT (GPUHackathon/LICENSE.md; the source file carries no notice of its own: it is repeated below).
// Kept, unchanged: hashjoin_gpu.cu lines 19-22 (struct Entity) and 42-139 (the device functor, get_position and the three
//       kernels); removed: lines 1-18 (host includes, checkCuda), 24-39 (the host struct Output) and 140-327 (host code).
/*
MIT License

Copyright (c) 2022 Sidharth Kumar

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

© 2022 G
*/

struct Entity {
    int key;
    int value;
};

struct is_match_gpu {
    int key;

    __host__ __device__ is_match_gpu(int searched_key) : key(searched_key) {};

    __device__
    bool operator()(Entity &x) {
        return x.key == key;
    }
};

/*
 * Method that returns position in the hashtable for a key using Murmur3 hash
 * */
__device__ int get_position(int key, int hash_table_row_size) {
    key ^= key >> 16;
    key *= 0x85ebca6b;
    key ^= key >> 13;
    key *= 0xc2b2ae35;
    key ^= key >> 16;
    return key & (hash_table_row_size - 1);
}

__global__
void build_hash_table(Entity *hash_table, long int hash_table_row_size,
                      int *relation, long int relation_rows, int relation_columns) {
    int index = (blockIdx.x * blockDim.x) + threadIdx.x;
    if (index >= relation_rows) return;

    int stride = blockDim.x * gridDim.x;

    for (int i = index; i < relation_rows; i += stride) {
        int key = relation[(i * relation_columns) + 0];
        int value = relation[(i * relation_columns) + 1];
        int position = get_position(key, hash_table_row_size);
        while (true) {
            int existing_key = atomicCAS(&hash_table[position].key, 0, key);
            if (existing_key == 0) {
                hash_table[position].value = value;
                break;
            }
            position = (position + 1) & (hash_table_row_size - 1);
        }
    }
}

__global__
void get_join_result_size(Entity *hash_table, long int hash_table_row_size,
                          int *reverse_relation, long int relation_rows, int relation_columns,
                          int *join_result_size) {
    int index = (blockIdx.x * blockDim.x) + threadIdx.x;
    if (index >= relation_rows) return;

    int stride = blockDim.x * gridDim.x;

    for (int i = index; i < relation_rows; i += stride) {
        int key = reverse_relation[(i * relation_columns) + 0];
//        int current_size = thrust::count_if(thrust::device, hash_table,
//                                            hash_table + hash_table_row_size, is_match_gpu(key));
        int current_size = 0;
        int position = get_position(key, hash_table_row_size);
        while (true) {
            if (hash_table[position].key == key) {
                current_size++;
            } else if (hash_table[position].key == 0) {
                break;
            }
            position = (position + 1) & (hash_table_row_size - 1);
        }

        current_size = current_size * 3;
        join_result_size[i] = current_size;
    }
}

__global__
void get_join_result(Entity *hash_table, int hash_table_row_size,
                     int *reverse_relation, int relation_rows, int relation_columns, int *offset, int *join_result) {
    int index = (blockIdx.x * blockDim.x) + threadIdx.x;
    if (index >= relation_rows) return;
    int stride = blockDim.x * gridDim.x;
    for (int i = index; i < relation_rows; i += stride) {
        int key = reverse_relation[(i * relation_columns) + 0];
        int value = reverse_relation[(i * relation_columns) + 1];
        int start_index = offset[i];
        int position = get_position(key, hash_table_row_size);
        while (true) {
            if (hash_table[position].key == key) {
                join_result[start_index++] = key;
                join_result[start_index++] = hash_table[position].value;
                join_result[start_index++] = value;
            } else if (hash_table[position].key == 0) {
                break;
            }
            position = (position + 1) & (hash_table_row_size - 1);
        }
    }
}
