// tilelab kernel collection: cuda-kmer-counting's shared-memory k-mer counter (src/gpu_kmer_optimized.cu)
// Source:  https://github.com/BobbyAl/cuda-kmer-counting/blob/38564d3cfb522847f03e69bee807d78340b34761/src/gpu_kmer_optimized.cu
//          (BobbyAl/cuda-kmer-counting, commit 38564d3: a course project's CUDA k-mer counter)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025 Bobby Flennoy"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 10-46 and 121-193 of the original).
//       Removed: the host-only includes (lines 1-8: <iostream>, <fstream>, <string>, <unordered_map>, <chrono>, <vector>,
//       <algorithm>, <cuda_runtime.h>), the host functions index_to_kmer, read_fatsa_file and print_top_kmers
//       (lines 48-119) and the host code (lines 195-296: main).

/*
 * MIT License
 *
 * Copyright (c) 2025 Bobby Flennoy
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

// max kmer size
#define MAX_K 32

// calculate 4^k (max possible kmers for dna)
#define MAX_KMERS(k) (1ULL << (2 * (k)))

// max numnber of unique kmers to store in shared memory 
#define SHARED_MEM_SIZE 1024

// invalid kmer index
#define INVALID_KMER 0xFFFFFFFFFFFFFFFFULL

// convert kmer string to an int index (A=0, C=1, G=2, T=3)
__device__ __host__ unsigned long long kmer_to_index(const char* kmer, int k) 
{
    unsigned long long index = 0;

    for (int i = 0; i < k; i++) 
    {
        unsigned int nucleotide;
        switch (kmer[i]) 
        {
            case 'A': nucleotide = 0; 
                break;
            case 'C': nucleotide = 1; 
                break;
            case 'G': nucleotide = 2; 
                break;
            case 'T': nucleotide = 3; 
                break;
            default: 
                return INVALID_KMER;
        }
        index = (index << 2) | nucleotide;
    }
    return index;
}

// kernel to count kmers with coalesced memory access
__global__ void count_kmers_coalesced_kernel(const char* sequence, int sequence_len, int k, unsigned int* global_kmer_counts, int coalesce_size)
{
    int tid = threadIdx.x;
    int bid = blockIdx.x;
    int block_size = blockDim.x;
    
    // each block processes a chunk of the sequence that is coalesce_size in length
    int start_pos = bid * coalesce_size;
    
    // create a local cache in registers for the first part of the sequence this thread will process
    char local_seq[MAX_K];

    if (start_pos + tid < sequence_len) 
    {
        // coalesced memory access
        for (int i = 0; i < k && start_pos + tid + i < sequence_len; i++)
            local_seq[i] = sequence[start_pos + tid + i];
    }
    
    // shared memory for local k-mer counts
    extern __shared__ unsigned int shmem[];
    
    // clearing shared memory
    for (int i = tid; i < SHARED_MEM_SIZE; i += block_size) 
        shmem[i] = 0;

    __syncthreads();
    
    // each thread processes multiple positions based on its lane id
    for (int i = 0; i < coalesce_size && start_pos + i + k - 1 < sequence_len; i++) 
    {
        if (tid + i < coalesce_size) 
        {
            // building kmer from the sequence
            char kmer[MAX_K];
            
            // using cached data for the first part if possible
            int cached_chars = min(k, MAX_K);
            for (int j = 0; j < cached_chars && tid + j < MAX_K; j++) 
                kmer[j] = local_seq[j];
            
            // reading any remaining characters needed
            for (int j = cached_chars; j < k; j++) 
            {
                if (start_pos + tid + i + j < sequence_len)
                    kmer[j] = sequence[start_pos + tid + i + j];
            }
            
            // only process valid kmers
            if (start_pos + tid + i + k - 1 < sequence_len) 
            {
                // kmer index
                unsigned long long kmer_idx = kmer_to_index(kmer, k);
                
                // mapping to shared memory location
                unsigned int sharedIdx = kmer_idx % SHARED_MEM_SIZE;
                
                // updating count in shared memory
                atomicAdd(&shmem[sharedIdx], 1);
            }
        }
    }
    
    __syncthreads();
    
    // updating global memory with shared memory counts
    for (int i = tid; i < SHARED_MEM_SIZE; i += block_size) 
    {
        if (shmem[i] > 0)
            atomicAdd(&global_kmer_counts[i], shmem[i]);
    }
}
