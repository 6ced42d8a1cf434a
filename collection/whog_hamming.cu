// tilelab kernel collection: warphog's all-pairs Hamming distance over a multiple sequence alignment (warphog/kernels/hamming.cu)
// Source:  https://github.com/SamStudio8/warphog/blob/b5a0b5375f8cdeca160f29f22773e2f3e7234515/warphog/kernels/hamming.cu
//          (SamStudio8/warphog, commit b5a0b53: SARS-CoV-2 genome distances on the GPU through PyCUDA)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2021 Sam Nicholls"; the file itself carries no notice); the notice follows.
// Kept: the whole file (lines 1-48), unchanged, after the lines the host puts before it: warphog/kernels/kernels.py's
//       SamHammingKernelPrepper.prepare_kernel (lines 86-102) builds them from warphog/util.py's DEFAULT_ALPHABET (lines 3-135).
/*
 * MIT License
 *
 * Copyright (c) 2021 Sam Nicholls
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

// ---- the lines kernels.py's prepare_kernel writes before the kernel (alphabet_matrix_cpp, joined by newlines), as it
// ---- writes them for DEFAULT_ALPHABET: ord_lookup (-1 outside the 18 symbols), the 18 x 18 non-equivalence matrix, the alphabet
__device__ int ord_lookup[90] = {-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,2,3,4,5,-1,-1,6,7,-1,-1,8,-1,9,10,-1,-1,-1,11,12,13,14,15,16,-1,17};
__device__ int equivalent_lookup[18][18] = {
{ 0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 },
{ 1,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 },
{ 1,1,0,1,1,0,1,0,1,0,0,0,1,1,1,0,0,1 },
{ 1,1,1,0,0,1,0,1,1,1,1,1,1,0,1,1,1,1 },
{ 1,1,1,0,0,1,1,0,1,0,0,1,0,1,1,0,1,0 },
{ 1,1,0,1,1,0,0,1,1,1,1,1,1,0,1,1,1,1 },
{ 1,1,1,0,1,0,0,1,0,1,0,0,0,1,1,0,1,1 },
{ 1,1,0,1,0,1,1,0,1,1,1,1,1,0,1,1,1,1 },
{ 1,1,1,1,1,1,0,1,0,1,1,1,1,0,1,1,1,1 },
{ 1,1,0,1,0,1,1,1,1,0,1,1,1,1,1,1,1,1 },
{ 1,1,0,1,0,1,0,1,1,1,0,1,1,0,1,1,1,1 },
{ 1,1,0,1,1,1,0,1,1,1,1,0,1,1,1,1,1,1 },
{ 1,1,1,1,0,1,0,1,1,1,1,1,0,1,1,1,1,1 },
{ 1,1,1,0,1,0,1,0,0,1,0,1,1,0,0,1,0,0 },
{ 1,1,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1 },
{ 1,1,0,1,0,1,0,1,1,1,1,1,1,1,1,0,1,1 },
{ 1,1,0,1,1,1,1,1,1,1,1,1,1,0,1,1,0,1 },
{ 1,1,1,1,0,1,1,1,1,1,1,1,1,0,1,1,1,0 },
};
__device__ const char* alphabet = "-?ABCDGHKMNRSTUVWY";
// ---- end of the host's lines
__global__ void hamming_distance(char* msa, unsigned long num_msa, unsigned int l, unsigned short* d, int p, unsigned long n, unsigned int* idx_map, unsigned int* idy_map) {

    unsigned int blockId = blockIdx.x + blockIdx.y * gridDim.x;
    unsigned long threadId = blockId * (blockDim.x * blockDim.y) + (threadIdx.y * blockDim.x) + threadIdx.x;

    // Push threadId to account for PAIRS_PER_THREAD (p)
    //threadId += (blockId * (blockDim.x*blockDim.y) * (p-1)) + ((threadIdx.x + (threadIdx.y * blockDim.x)) * (p-1));

    int count = 0;
    while(count < p){

        unsigned long idx = idx_map[threadId];
        unsigned long idy = idy_map[threadId];

        //printf("HELLO I AM THE GPU: thread %d, idx %d, idy %d\n", threadId, idx, idy, n);
        if(threadId < n){
            int base_a = 0;
            int base_b = 0;

            if(idx == idy){
                d[threadId] = 0;
            }
            else{
                // Ballpark, 500k sequences of len 30k will need 150B integers of address space
                unsigned long long msa_a = l*idx;
                unsigned long long msa_b = l*idy;

                //printf("HELLO I AM THE GPU: block %d, thread %d, p %d, idx %d, idy %d, threadId %d\n", blockId, threadIdx.x, count, idx, idy, threadId);

                unsigned int i = 0; // Only covers genomes to 65k but that's OK for tiny viral genomes
                int distance = 0;
                while(i < l){
                    base_a = ord_lookup[msa[msa_a + i]];
                    base_b = ord_lookup[msa[msa_b + i]];

                    // No need for if statement, just add the edit distances directly
                    distance += equivalent_lookup[base_a][base_b];

                    //printf("HELLO I AM ON THE GPU: seq_a@%d=%d(%c) seq_b@%d=%d(%c), lookup[%d][%d]=%d: diffs=%d \n", msa_a+i, msa[msa_a+i], alphabet[msa[msa_a+i]], msa_b+i, msa[msa_b+i], alphabet[msa[msa_b+i]], msa[msa_a+i], msa[msa_b+i], equivalent_lookup[msa[msa_a+i]][msa[msa_b+i]], *d);
                    i++;
                }
                d[threadId] = distance;
            }
        }
        count++;
        threadId += 1;
    }
}
