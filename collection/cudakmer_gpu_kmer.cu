// tilelab kernel collection: cuda-kmer-counting's naive k-mer counter (src/gpu_kmer.cu)
// Source:  https://github.com/BobbyAl/cuda-kmer-counting/blob/38564d3cfb522847f03e69bee807d78340b34761/src/gpu_kmer.cu
//          (BobbyAl/cuda-kmer-counting, commit 38564d3: a course project's CUDA k-mer counter)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025 Bobby Flennoy"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 10-42 and 57-78 of the original).
//       Removed: the host-only includes (lines 1-8: <iostream>, <fstream>, <string>, <unordered_map>, <chrono>, <vector>,
//       <algorithm>, <cuda_runtime.h>), the host function index_to_kmer (lines 44-55) and the host code (lines 80-263:
//       read_fasta_file, print_top_kmers, main).

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

// max kmers supported
#define MAX_K 32

// calculate 4^k (max possible kmers for dna)
#define MAX_KMERS(k) (1ULL << (2 * (k)))

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

// naive gpu kernel for kmer counting 
__global__ void count_kmers_kernel(const char* sequence, int sequence_len, int k, unsigned int* kmer_counts, int chunk_size)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = blockDim.x * gridDim.x;
    
    // Calculate chunk boundaries
    int chunk_start = blockIdx.y * chunk_size;
    int chunk_end = min(chunk_start + chunk_size, sequence_len - k + 1);
    
    // each thread processes multiple positions in its chunk
    for (int i = chunk_start + idx; i < chunk_end; i += stride) 
    {
        // calculating kmer index
        unsigned long long kmer_idx = kmer_to_index(&sequence[i], k);
        
        // update count using atomic operation
        if (kmer_idx != INVALID_KMER) {
            atomicAdd(&kmer_counts[kmer_idx], 1);
        }
    }
}
