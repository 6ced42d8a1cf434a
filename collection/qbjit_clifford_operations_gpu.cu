// tilelab kernel collection: qibojit's CuPy Clifford kernels (the stabilizer-tableau backend of Qibo on the GPU: H, CNOT, CZ, SWAP, iSWAP on a bit-packed symplectic matrix, and the measurement rowsum)
// Source:  https://github.com/qiboteam/qibojit/blob/7a1b2c7b253a9ab6c298001408b36b1722d2d1a1/src/qibojit/backends/clifford_operations_gpu.py
//          (qiboteam/qibojit, commit 7a1b2c7; CuPy RawKernel strings, each compiled on its own with --std=c++17)
// Licence: Apache-2.0 (the repository's LICENSE; the file carries no notice of its own: the licence's notice is repeated)
// Kept, unchanged: the CUDA text of the RawKernels apply_H (lines 49-62 with the wrapper of lines 15-20), apply_CNOT (72-90, wrapper
//       22-27), apply_CZ (102-128), apply_SWAP (369-409), apply_iSWAP (421-485) and apply_rowsum (547-602), as Python's str.format makes it.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

// ---- the RawKernel apply_H

__device__ void _apply_H(unsigned char* symplectic_matrix, const int& q, const int& qz, const int& nrows, const int& ncolumns) {
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const int ntid = gridDim.x * blockDim.x;
    const int last = ncolumns - 1;
    for(int i = tid; i < nrows; i += ntid) {
        unsigned int row_idx = i * ncolumns;
        symplectic_matrix[row_idx + last] = symplectic_matrix[row_idx + last] ^ (symplectic_matrix[row_idx + q] & symplectic_matrix[row_idx + qz]);
        const unsigned char tmp = symplectic_matrix[row_idx + q];
        symplectic_matrix[row_idx + q] = symplectic_matrix[row_idx + qz];
        symplectic_matrix[row_idx + qz] = tmp;
    };
}

extern "C"
__global__ void apply_H(unsigned char* symplectic_matrix, const int q, const int qz, const int nrows, const int ncolumns) {
    _apply_H(symplectic_matrix, q, qz, nrows, ncolumns);
}

// ---- the RawKernel apply_CNOT

__device__ void _apply_CNOT(unsigned char* symplectic_matrix, const int& control_q, const int& target_q, const int& cqz, const int& tqz, const int& nrows, const int& ncolumns) {
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const int ntid = gridDim.x * blockDim.x;
    const int last = ncolumns - 1;
    for(int i = tid; i < nrows; i += ntid) {
        unsigned int row_idx = i * ncolumns;
        symplectic_matrix[row_idx + last] = symplectic_matrix[row_idx + last] ^ (
            symplectic_matrix[row_idx + control_q] & symplectic_matrix[row_idx + tqz]
        ) & (symplectic_matrix[row_idx + target_q] ^ ~symplectic_matrix[row_idx + cqz]);
        symplectic_matrix[row_idx + target_q] = (
            symplectic_matrix[row_idx + target_q] ^ symplectic_matrix[row_idx + control_q]
        );
        symplectic_matrix[row_idx + cqz] = (
            symplectic_matrix[row_idx + cqz] ^ symplectic_matrix[row_idx + tqz]
        );
    };
}

extern "C"
__global__ void apply_CNOT(unsigned char* symplectic_matrix, const int control_q, const int target_q, const int cqz, const int tqz, const int nrows, const int ncolumns) {
    _apply_CNOT(symplectic_matrix, control_q, target_q, cqz, tqz, nrows, ncolumns);
}

// ---- the RawKernel apply_CZ

__device__ void _apply_CZ(unsigned char* symplectic_matrix, const int& control_q, const int& target_q, const int& cqz, const int& tqz, const int& nrows, const int& ncolumns) {
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const int ntid = gridDim.x * blockDim.x;
    const int last = ncolumns - 1;
    for(int i = tid; i < nrows; i += ntid) {
        unsigned int row_idx = i * ncolumns;
        symplectic_matrix[row_idx + last] = (
            symplectic_matrix[row_idx + last]
            ^ (symplectic_matrix[row_idx + target_q] & symplectic_matrix[row_idx + tqz])
            ^ (
                symplectic_matrix[row_idx + control_q]
                & symplectic_matrix[row_idx + target_q]
                & (symplectic_matrix[row_idx + tqz] ^ ~symplectic_matrix[row_idx + cqz])
            )
            ^ (
                symplectic_matrix[row_idx + target_q]
                & (symplectic_matrix[row_idx + tqz] ^ symplectic_matrix[row_idx + control_q])
            )
        );
        const unsigned char z_control_q = symplectic_matrix[row_idx + target_q] ^ symplectic_matrix[row_idx + cqz];
        const unsigned char z_target_q = symplectic_matrix[row_idx + tqz] ^ symplectic_matrix[row_idx + control_q];
        symplectic_matrix[row_idx + cqz] = z_control_q;
        symplectic_matrix[row_idx + tqz] = z_target_q;
    };
}

extern "C"
__global__ void apply_CZ(unsigned char* symplectic_matrix, const int control_q, const int target_q, const int cqz, const int tqz, const int nrows, const int ncolumns) {
    _apply_CZ(symplectic_matrix, control_q, target_q, cqz, tqz, nrows, ncolumns);
}

// ---- the RawKernel apply_SWAP

__device__ void _apply_SWAP(unsigned char* symplectic_matrix, const int& control_q, const int& target_q, const int& cqz, const int& tqz, const int& nrows, const int& ncolumns) {
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const int ntid = gridDim.x * blockDim.x;
    const int last = ncolumns - 1;
    for(int i = tid; i < nrows; i += ntid) {
        unsigned int row_idx = i * ncolumns;
        symplectic_matrix[row_idx + last] = (
            symplectic_matrix[row_idx + last]
            ^ (
                symplectic_matrix[row_idx + control_q]
                & symplectic_matrix[row_idx + tqz]
                & (symplectic_matrix[row_idx + target_q] ^ ~symplectic_matrix[row_idx + cqz])
            )
            ^ (
                (symplectic_matrix[row_idx + target_q] ^ symplectic_matrix[row_idx + control_q])
                & (symplectic_matrix[row_idx + tqz] ^ symplectic_matrix[row_idx + cqz])
                & (symplectic_matrix[row_idx + tqz] ^ ~symplectic_matrix[row_idx + control_q])
            )
            ^ (
                symplectic_matrix[row_idx + target_q]
                & symplectic_matrix[row_idx + cqz]
                & (
                    symplectic_matrix[row_idx + control_q]
                    ^ symplectic_matrix[row_idx + target_q]
                    ^ symplectic_matrix[row_idx + cqz]
                    ^ ~symplectic_matrix[row_idx + tqz]
                )
            )
        );
        const unsigned char x_cq = symplectic_matrix[row_idx + control_q];
        const unsigned char x_tq = symplectic_matrix[row_idx + target_q];
        const unsigned char z_cq = symplectic_matrix[row_idx + cqz];
        const unsigned char z_tq = symplectic_matrix[row_idx + tqz];
        symplectic_matrix[row_idx + control_q] = x_tq;
        symplectic_matrix[row_idx + target_q] = x_cq;
        symplectic_matrix[row_idx + cqz] = z_tq;
        symplectic_matrix[row_idx + tqz] = z_cq;
    };
}

extern "C"
__global__ void apply_SWAP(unsigned char* symplectic_matrix, const int control_q, const int target_q, const int cqz, const int tqz, const int nrows, const int ncolumns) {
    _apply_SWAP(symplectic_matrix, control_q, target_q, cqz, tqz, nrows, ncolumns);
}

// ---- the RawKernel apply_iSWAP

__device__ void _apply_iSWAP(unsigned char* symplectic_matrix, const int& control_q, const int& target_q, const int& cqz, const int& tqz, const int& nrows, const int& ncolumns) {
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const int ntid = gridDim.x * blockDim.x;
    const int last = ncolumns - 1;
    for(int i = tid; i < nrows; i += ntid) {
        unsigned int row_idx = i * ncolumns;
        symplectic_matrix[row_idx + last] = (
            symplectic_matrix[row_idx + last]
            ^ (symplectic_matrix[row_idx + target_q] & symplectic_matrix[row_idx + tqz])
            ^ (symplectic_matrix[row_idx + control_q] & symplectic_matrix[row_idx + cqz])
            ^ (
                symplectic_matrix[row_idx + control_q]
                & (symplectic_matrix[row_idx + cqz] ^ symplectic_matrix[row_idx + control_q])
            )
            ^ (
                (symplectic_matrix[row_idx + cqz] ^ symplectic_matrix[row_idx + control_q])
                & (symplectic_matrix[row_idx + tqz] ^ symplectic_matrix[row_idx + target_q])
                & (symplectic_matrix[row_idx + target_q] ^ ~symplectic_matrix[row_idx + control_q])
            )
            ^ (
                (
                    symplectic_matrix[row_idx + target_q]
                    ^ symplectic_matrix[row_idx + cqz]
                    ^ symplectic_matrix[row_idx + control_q]
                )
                & (
                    symplectic_matrix[row_idx + target_q]
                    ^ symplectic_matrix[row_idx + tqz]
                    ^ symplectic_matrix[row_idx + control_q]
                )
                & (
                    symplectic_matrix[row_idx + target_q]
                    ^ symplectic_matrix[row_idx + tqz]
                    ^ symplectic_matrix[row_idx + control_q]
                    ^ ~symplectic_matrix[row_idx + cqz]
                )
            )
            ^ (
                symplectic_matrix[row_idx + control_q]
                & (
                    symplectic_matrix[row_idx + target_q]
                    ^ symplectic_matrix[row_idx + control_q]
                    ^ symplectic_matrix[row_idx + cqz]
                )
            )
        );
        const unsigned char z_control_q = (
            symplectic_matrix[row_idx + target_q]
            ^ symplectic_matrix[row_idx + tqz]
            ^ symplectic_matrix[row_idx + control_q]
        );
        const unsigned char z_target_q = (
            symplectic_matrix[row_idx + target_q]
            ^ symplectic_matrix[row_idx + cqz]
            ^ symplectic_matrix[row_idx + control_q]
        );
        symplectic_matrix[row_idx + cqz] = z_control_q;
        symplectic_matrix[row_idx + tqz] = z_target_q;
        const unsigned char tmp = symplectic_matrix[row_idx + control_q];
        symplectic_matrix[row_idx + control_q] = symplectic_matrix[row_idx + target_q];
        symplectic_matrix[row_idx + target_q] = tmp;
    };
}

extern "C"
__global__ void apply_iSWAP(unsigned char* symplectic_matrix, const int control_q, const int target_q, const int cqz, const int tqz, const int nrows, const int ncolumns) {
    _apply_iSWAP(symplectic_matrix, control_q, target_q, cqz, tqz, nrows, ncolumns);
}

// ---- the RawKernel apply_rowsum


__device__ void _apply_rowsum(unsigned char* symplectic_matrix, const long* h, const long* i, const int& nqubits, const bool& determined, const int& nrows, long* g_exp, const int& dim) {
    unsigned int tid_x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int bid_y = blockIdx.y;
    unsigned int ntid_x = gridDim.x * blockDim.x;
    unsigned int nbid_y = gridDim.y;
    const int last = dim - 1;
    __shared__ int exp;
    for(int j = bid_y; j < nrows; j += nbid_y) {
        unsigned int row_i = i[j] * dim;
        unsigned int row_h = h[j] * dim;
        for(int k = tid_x; k < nqubits; k += ntid_x) {
            unsigned int kz = nqubits + k;
            exp = (
                2 * (symplectic_matrix[row_i + k] * symplectic_matrix[row_h + k] * (symplectic_matrix[row_h + kz] - symplectic_matrix[row_i + kz]) +
                symplectic_matrix[row_i + kz] * symplectic_matrix[row_h + kz] * (symplectic_matrix[row_i + k] - symplectic_matrix[row_h + k]))
                - symplectic_matrix[row_i + k] * symplectic_matrix[row_h + kz]
                + symplectic_matrix[row_h + k] * symplectic_matrix[row_i + kz]
            );
        }
        if (threadIdx.x == 0 && tid_x < nqubits) {
            g_exp[j] += exp;
        }
        __syncthreads();
        if (threadIdx.x == 0 && blockIdx.x == 0) {
            symplectic_matrix[row_h + last] = (
                2 * symplectic_matrix[row_h + last] + 2 * symplectic_matrix[row_i + last] + g_exp[j]
            ) % 4 != 0;
        }
        for(int k = tid_x; k < nqubits; k += ntid_x) {
            unsigned int kz = nqubits + k;
            unsigned char xi_xh = (
                symplectic_matrix[row_i + k] ^ symplectic_matrix[row_h + k]
            );
            unsigned char zi_zh = (
                symplectic_matrix[row_i + kz] ^ symplectic_matrix[row_h + kz]
            );
            if (determined) {
                symplectic_matrix[row_h + k] ^= xi_xh;
                symplectic_matrix[row_h + kz] ^= zi_zh;
            } else {
                symplectic_matrix[row_h + k] = xi_xh;
                symplectic_matrix[row_h + kz] = zi_zh;
            }
        }
    }
}

extern "C"
__global__ void apply_rowsum(unsigned char* symplectic_matrix, const long* h, const long* i, const int nqubits, const bool determined, const int nrows, long* g_exp, const int dim) {
    _apply_rowsum(symplectic_matrix, h, i, nqubits, determined, nrows, g_exp, dim);
}
